"""Bots for the living realm: ``choose(state, player) -> action`` (``magecraft.core.bots``).

The realm is a referee's tool, so its one rule-made bot is the expansion's answer for a realm left
unattended (ruling MR31): the waiting decision taken by the oldest pod, the first character placed, the
lowest-numbered clearing; else the next day.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magecraft.magic_realm.actions import ChooseClearing, ChoosePod, DayAction, GrantGuildChit, NextDay
from magecraft.magic_realm.pieces import Decide

if TYPE_CHECKING:
    from magecraft.core.randomness import Randomness
    from magecraft.core.state import GameState
    from magecraft.magic_realm.days import RealmDays


def unattended(realm: RealmDays) -> DayAction:
    """The action of a realm left unattended (ruling MR31): the waiting decision's first choice, else the
    next day."""
    pending = realm.pending
    if pending is None:
        return NextDay()
    first = min(pending.options) if pending.kind != Decide.GUILD_CHIT else pending.options[0]
    if pending.kind == Decide.POD:
        return ChoosePod(int(first))
    if pending.kind == Decide.CLEARING:
        return ChooseClearing(int(first))
    return GrantGuildChit(str(first))


class UnattendedBot:
    """Ruling MR31 for any seat: it reads only the decision's options (the pods tied, the characters eligible,
    the clearings offered), which its seat sees."""

    name = "unattended"

    def __init__(self, rng: Randomness) -> None:
        self.rng = rng

    def choose(self, state: GameState[Any], player: str) -> DayAction:
        return unattended(state)  # type: ignore[arg-type]
