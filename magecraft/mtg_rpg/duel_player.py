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

from magecraft.mtg_rpg.cards import Card
from magecraft.mtg_rpg.duel import QuickDuel
from magecraft.mtg_rpg.duel_effects import creature_power, effect_of
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings


def card_threat(card: Card, settings: Settings = DEFAULT_SETTINGS) -> int:
    """How much a card does in a quick duel: damage, power, life or cards (used by the simple player)."""
    if card.is_creature:
        return creature_power(card)
    effect = effect_of(card)
    if effect is None:
        return 0
    return sum(p.value(settings) for p in effect.parts if p.kind in ("damage", "gain life", "draw"))


def choose_action(duel: QuickDuel) -> str:
    """A simple, deterministic player: use the strongest scroll or potion, play the strongest card;
    answer a threat of 2 or more."""
    actions = duel.legal_actions()
    if duel.phase == "order":
        return "play first"
    if duel.phase == "play":
        player = duel.active

        def item_threat(action: str) -> int:
            return card_threat(duel.item_card(player, action[4:].partition("@")[0]), duel.settings)

        side = duel.sides[player]
        carried = side.items or side.charges
        uses = [a for a in actions if a.startswith("use:") and item_threat(a)] if carried else []
        if uses:
            return max(uses, key=lambda a: (item_threat(a), a))
        plays = [a for a in actions if a.startswith("play:")]
        if not plays:
            return "pass" if "pass" in actions else "yield"
        return max(plays, key=lambda a: (card_threat(duel.pool.get(a[5:].partition("@")[0]), duel.settings), a))
    threat = card_threat(duel.pool.get(duel.pending or ""), duel.settings)
    answers = [a for a in actions if a.startswith("respond:")]
    if threat >= 2 and answers:
        return min(answers, key=lambda a: (card_threat(duel.pool.get(a[8:]), duel.settings), a))
    return "pass"


def play_out(duel: QuickDuel) -> QuickDuel:
    """Play the duel to the end with :func:`choose_action` for both Wizards."""
    while not duel.is_terminal():
        duel.apply(choose_action(duel))
    return duel
