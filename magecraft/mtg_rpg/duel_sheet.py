"""A saved Wizard before and after a quick duel (seed 000, "COMBAT: Magic Dueling Rules").

The Wizard's sheet and saved cards as a :class:`~magecraft.mtg_rpg.duel_sides.Duellist` (with "FEATS: Spell
Preparation"), and the sheet after the duel: life lost, unconsciousness and death (ruling R22), the
cards spent and the hand left, and the stakes of the settlement (:mod:`magecraft.mtg_rpg.duel_ritual`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.character import (
    Character,
    base_hand_size,
    base_life,
    current_life,
    derive,
    favoured_element,
)
from magecraft.mtg_rpg.duel import DUELING, PREPARATION
from magecraft.mtg_rpg.duel_player import card_threat
from magecraft.mtg_rpg.duel_ritual import Settlement
from magecraft.mtg_rpg.duel_sides import Duellist, DuelSide
from magecraft.mtg_rpg.renewal import check_can_act, fall_unconscious, kill, life_after_fight
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

# -- a saved Wizard before and after ------------------------------------------------------------


#: The built-in referee opponent's sheet: 2 in every attribute (so life 14, hand 4).
REFEREE_ATTRIBUTE = 2


def referee_duellist(name: str, library: Sequence[str], attribute: int = REFEREE_ATTRIBUTE) -> Duellist:
    """A built-in opponent with no saved sheet: ``attribute`` in every attribute, so the life ("Life Points")
    and hand size ("Hand Size") a Wizard of those scores derives."""
    return Duellist(name, life=base_life(attribute), hand_size=base_hand_size(attribute), dexterity=attribute,
                    intelligence=attribute, library=tuple(library))


def duellist_for(wizard: Character, deck: SpellDeck, *, prepare: str | None = None,
                 settings: Settings = DEFAULT_SETTINGS) -> Duellist:
    """A saved Wizard as the duel needs one: the life points the sheet has now and the cards not yet
    spent since the last renewal (hand and library; "Spell Card Use": each card once a renewal period),
    the scrolls and potions carried, and the duel-start feats: Slight of Hand, and Spell
    Preparation with ``prepare`` (by default the library's strongest card in a quick duel, ruling R9)."""
    check_can_act(wizard, "duel")
    derived = derive(wizard)
    cards = deck.available()
    if prepare is not None and not wizard.feat_usable("Spell Preparation"):
        raise RuleError(f"{wizard.name} does not have the Spell Preparation feat", rule="Spell Preparation",
                        section=PREPARATION)
    if prepare is None and wizard.feat_usable("Spell Preparation") and cards:
        prepare = max(cards, key=lambda c: (card_threat(c, settings), c.name)).name
    return Duellist(wizard.name, life=current_life(wizard), hand_size=derived.hand_size,
                    dexterity=wizard.attribute("DX"), intelligence=wizard.attribute("IQ"),
                    library=tuple(c.name for c in cards), initiative=derived.initiative,
                    items=(*wizard.scrolls, *wizard.potions), prepared=prepare,
                    charged=tuple((item, spell, left)
                                  for item, (spell, uses) in sorted(wizard.charged_items.items())
                                  if (left := uses - wizard.item_uses.count(item)) > 0),
                    sleight_of_hand=wizard.feat_usable("Slight of Hand"),
                    resistance=None if (element := favoured_element(wizard)) is None
                    else (element, derived.elemental_resistance))


def after_duel(wizard: Character, deck: SpellDeck, side: DuelSide, settlement: Settlement,
               rng: Randomness, settings: Settings = DEFAULT_SETTINGS) -> Character:
    """The saved Wizard after a duel: the life points left, with unconsciousness at 0, bleeding from
    -1 and death at -5 or by the alternate rule ("Character Death"); every card that went to the duel's
    graveyard spent from ``deck`` until renewal ("Spell Card Use"); the hand the duel left, drawn back
    up to the standard hand size (ruling R21); the scrolls and potions used in the duel gone ("Magic
    Item Use"); the stakes settled (:func:`settle_sheet`); and a Wizard left unconscious losing the
    hand ("Magic and Unconsciousness")."""
    return settle_sheet(wizard, deck, life=side.life, spent=[c.name for c in side.deck.graveyard],
                        items_left=side.items, settlement=settlement, rng=rng,
                        charges_used=side.charges_used, hand=[c.name for c in side.deck.hand], settings=settings)


def settle_sheet(wizard: Character, deck: SpellDeck, *, life: int, spent: Sequence[str], items_left: Sequence[str],
                 settlement: Settlement, rng: Randomness, charges_used: Sequence[str] = (),
                 hand: Sequence[str] | None = None, settings: Settings = DEFAULT_SETTINGS) -> Character:
    """The saved Wizard after any duel, quick or played with real cards at the table (ruling R17):
    see :func:`after_duel`.  ``spent`` names the cards that went to the duel's graveyard, ``hand``
    the cards held at the end (None: at the table, the saved hand less what was spent).  The stakes:
    the loser's ante card passes to the victor's spare cards ("Defeated Wizard Spells"), gold passes
    from the loser's purse to the victor's, and a loser who pays with death dies."""
    for name in spent:
        deck.spend_named(name)
    scrolls, potions = list(wizard.scrolls), list(wizard.potions)
    left = list(items_left)
    for item in (*wizard.potions, *wizard.scrolls):
        if item in left:
            left.remove(item)
        else:
            # Used in the duel: a scroll of the spell goes first, then a potion (ruling R8).
            (scrolls if item in scrolls else potions).remove(item)
    after = replace(life_after_fight(wizard, life, settings=settings), scrolls=tuple(scrolls),
                    potions=tuple(potions), item_uses=(*wizard.item_uses, *charges_used))
    if wizard.name == settlement.loser and settlement.ante_won:
        library = list(after.library)
        library.remove(settlement.ante_won[0])
        held = next((c for c in deck.available() if c.name == settlement.ante_won[0]), None)
        if held is None:
            raise InputError(f"{wizard.name}'s ante card {settlement.ante_won[0]} was also spent in the duel")
        if held in deck.hand:
            deck.hand.remove(held)
        else:
            deck.library.cards.remove(held)
        after = replace(after, library=tuple(library))
    elif wizard.name == settlement.winner and settlement.ante_won:
        after = replace(after, spare_cards=(*after.spare_cards, *settlement.ante_won))
    if wizard.name == settlement.loser:
        after = replace(after, gold=after.gold - settlement.gold_paid)
        if settlement.death and not after.dead:
            after = kill(after)
            rng.log.record("death", f"{wizard.name} loses a duel fought for death", section=DUELING,
                           data={"wizard": wizard.name})
    elif wizard.name == settlement.winner:
        after = replace(after, gold=after.gold + settlement.gold_paid)
    if hand is not None:
        _hold(deck, hand)
    if current_life(after) <= 0 or after.dead:
        fall_unconscious(deck, rng)
    else:
        deck.refill(rng)
    return after


def _hold(deck: SpellDeck, hand: Sequence[str]) -> None:
    """Make the saved hand the cards the Wizard held at the end of the duel ("Card Draw": the duel's hand
    is the Wizard's hand); the other cards not spent go back into the library."""
    deck.library.cards.extend(deck.hand)
    deck.hand.clear()
    for name in hand:
        card = next((c for c in deck.library.cards if c.name == name), None)
        if card is None:
            raise InputError(f"{name}, held at the end of the duel, is not among the cards not yet spent")
        deck.library.cards.remove(card)
        deck.hand.append(card)
