"""The quick duel's simple player: a fair, deterministic automated opponent for a :class:`QuickDuel`.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Quick Duels" (Single Card Duel, Three Card Duel,
Seven Card Duel, Limited Turns Dueling): each Wizard "chooses one card from their hand and plays
it"; this module makes that choice for a Wizard no person plays (the solo player's opponent, the
designer's simulations).  It only reads the duel's legal actions and its cards' effects
(:mod:`magecraft.mtg_rpg.duel_effects`); the rules themselves are :mod:`magecraft.mtg_rpg.duel`.

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.mtg_rpg.duel import QuickDuel
>>> from magecraft.mtg_rpg.duel_sides import Duellist
>>> a = Duellist("Sarin", life=14, hand_size=1, dexterity=3, intelligence=1, library=("Lava Axe",))
>>> b = Duellist("Mord", life=12, hand_size=1, dexterity=1, intelligence=1, library=("Shock",))
>>> play_out(QuickDuel.start(a, b, "single-card", Randomness.scripted([]))).result()["winner"]
'Sarin'
"""

from __future__ import annotations

from typing import Any

from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState
from magecraft.mtg_rpg.cards import Card
from magecraft.mtg_rpg.duel import QuickDuel
from magecraft.mtg_rpg.duel_actions import (
    PASS,
    PLAY_FIRST,
    YIELD,
    DuelAction,
    DuelStep,
    Play,
    Respond,
    Use,
)
from magecraft.mtg_rpg.duel_effects import creature_power, effect_of
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings


def card_threat(card: Card, settings: Settings = DEFAULT_SETTINGS) -> int:
    """How much a card does in a quick duel: damage, power, life or cards (used by the simple player)."""
    if card.is_creature:
        return creature_power(card)
    effect = effect_of(card)
    if effect is None:
        return 0
    return effect.fixed + effect.xs * settings.duel_x_value if effect.xs else effect.fixed


class SimplePlayer:
    """A simple, deterministic player: use the strongest scroll or potion, play the strongest card;
    answer a threat of 2 or more; choose to play first.

    It reads only what its seat sees (``Sees.OBSERVATION``): its own hand and items (through the actions
    offered to it), the card just played (shown to everyone) and the cards' printed effects -- never an
    opponent's hand, life or library.
    """

    name = "heuristic"

    def __init__(self, rng: Randomness | None = None) -> None:
        del rng  # it rolls no dice of its own

    def choose(self, state: GameState[Any], player: str) -> DuelAction:
        assert isinstance(state, QuickDuel)
        return choose_action(state)


def choose_action(duel: QuickDuel) -> DuelAction:
    """:class:`SimplePlayer`'s choice for the Wizard whose decision it is."""
    actions = duel.legal_actions()
    if duel.phase is DuelStep.ORDER:
        return PLAY_FIRST
    if duel.phase is DuelStep.PLAY:
        player = duel.active

        def item_threat(action: Use) -> int:
            return card_threat(duel.item_card(player, action.item), duel.settings)

        side = duel.sides[player]
        carried = side.items or side.charges
        uses = [a for a in actions if type(a) is Use and item_threat(a)] if carried else []
        if uses:
            return max(uses, key=lambda a: (item_threat(a), a.item, a.at or ""))
        plays = [a for a in actions if type(a) is Play]
        if not plays:
            return PASS if PASS in actions else YIELD
        if len(plays) == 1:
            return plays[0]
        # ties go to the later card name (then aim), as the words ``play <card> at <aim>`` sort
        return max(plays, key=lambda a: (card_threat(duel.pool.get(a.card), duel.settings), a.card, a.at or ""))
    threat = card_threat(duel.pool.get(duel.pending or ""), duel.settings)
    answers = [a for a in actions if type(a) is Respond]
    if threat >= 2 and answers:
        return min(answers, key=lambda a: (card_threat(duel.pool.get(a.card), duel.settings), a.card))
    return PASS


def play_out(duel: QuickDuel) -> QuickDuel:
    """Play the duel to the end with :class:`SimplePlayer` for every Wizard."""
    while not duel.is_terminal():
        duel.apply(choose_action(duel))
    return duel
