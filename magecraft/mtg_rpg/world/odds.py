"""The chance that a realm's check succeeds, before its ruler commits (issue 28).

Seed 000, "WORLD CAMPAIGNING": every realm check is a card drawn from the referee's deck added to a score on
the control sheet -- Wilderness Lore against hardship ("3a. Hardship Sub-phase"), Diplomacy against
discontent ("3c. Discontent Sub-phase"), Diplomacy against the ill-will ("Conduct Diplomacy", "Open Trade")
and Wisdom against Challenging (9) ("Espionage").  The card goes back into the deck after each draw
(ruling WW19), so the chance is exact over the whole deck: the cards whose value makes the total, over the
cards in the deck.  Only what the acting ruler knows is read: his own sheet, the ill-will and trade routes
the Realm Diplomacy section shows, and the referee's deck (ruling WW39).

Checks whose draw is not a success or a failure (Make War's capture points, a tariff's yield) and a naval
battle (it reads the other realm's War skill, a secret of its sheet) have no chance here: ``None``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from fractions import Fraction

from magecraft.core.odds import Chance
from magecraft.mtg_rpg.world.actions import ConductDiplomacy, Espionage, Hardship, OpenTrade, Quell, WorldAction
from magecraft.mtg_rpg.world.board import Board, Turn
from magecraft.mtg_rpg.world.realm import Realm
from magecraft.mtg_rpg.world.rules import SECTION
from magecraft.mtg_rpg.world.troops import ESPIONAGE_DC
from magecraft.mtg_rpg.world.turn import DISCONTENT, HARDSHIP, discontent_dc, hardship_dc

#: "Open Trade": +3 to the check when the other realm already trades with this one.
RETURNED_TRADE_BONUS = 3


def card_at_least(values: Sequence[int], needed: int) -> Fraction:
    """The chance that one card drawn from a deck of ``values`` (sorted) is worth ``needed`` or more."""
    if not values:
        return Fraction(0)
    return Fraction(len(values) - bisect_left(values, needed), len(values))


def _check(values: Sequence[int], parts: Sequence[tuple[str, int]], dc: int, against: str,
           section: str) -> Chance:
    """A check: the sheet's score and bonuses (``parts``, each named) plus one card, at least ``dc``."""
    base = sum(n for _, n in parts)
    said = " + ".join(f"{name} {n}" for name, n in parts if n or name == parts[0][0])
    roll = f"{said} + a card of the referee's {len(values)}, at least {against} {dc}"
    return Chance(card_at_least(values, dc - base), roll, f"{SECTION}: {section}")


def _hardship(world: Board, turn: Turn, realm: Realm, action: Hardship, values: Sequence[int]) -> Chance:
    parts = [("Wilderness Lore", realm.wilderness_lore), ("gold", action.bonus)]
    return _check(values, parts, hardship_dc(world, realm), "hardship", HARDSHIP)


def _quell(world: Board, turn: Turn, realm: Realm, action: Quell, values: Sequence[int]) -> Chance:
    parts = [("Diplomacy", realm.diplomacy), ("military", action.strength), ("festival", realm.festival_bonus)]
    return _check(values, parts, discontent_dc(world, turn, realm), "discontent", DISCONTENT)


def _diplomacy(world: Board, turn: Turn, realm: Realm, action: ConductDiplomacy, values: Sequence[int]) -> Chance:
    parts = [("Diplomacy", realm.diplomacy), ("gold", action.extra)]
    return _check(values, parts, world.ill(realm.name, action.target), f"the ill-will with {action.target}",
                  "Conduct Diplomacy")


def _trade(world: Board, turn: Turn, realm: Realm, action: OpenTrade, values: Sequence[int]) -> Chance:
    returned = RETURNED_TRADE_BONUS if realm.name in world.realms[action.target].trade_routes else 0
    parts = [("Diplomacy", realm.diplomacy), ("trade returned", returned)]
    return _check(values, parts, world.ill(realm.name, action.target), f"the ill-will with {action.target}",
                  "Open Trade")


def _espionage(world: Board, turn: Turn, realm: Realm, action: Espionage, values: Sequence[int]) -> Chance:
    parts = [("Wisdom", realm.wisdom), ("gold", action.extra)]
    return _check(values, parts, ESPIONAGE_DC, "Challenging", "Espionage")


_CHANCES: dict[type, Callable[..., Chance]] = {
    Hardship: _hardship, Quell: _quell, ConductDiplomacy: _diplomacy, OpenTrade: _trade, Espionage: _espionage,
}


def chance_of(world: Board, turn: Turn, action: WorldAction, values: Sequence[int]) -> Chance | None:
    """The chance that ``action`` of the realm taking ``turn`` passes its check, over a referee's deck of
    card ``values`` (sorted); None for an action no check decides."""
    work = _CHANCES.get(type(action))
    if work is None:
        return None
    return work(world, turn, world.realms[turn.realm], action, values)
