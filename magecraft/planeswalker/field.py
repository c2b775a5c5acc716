"""The battle as its rule modules see it (seed 001, "Combat Mechanics"): a protocol of
:class:`~magecraft.planeswalker.combat.Battle`'s state.

:mod:`.decisions`, :mod:`.pervasive` and :mod:`.resolution` read a :class:`Field` -- the combatants, their
ranges, the turn in progress and the step waiting on an answer -- rather than importing ``Battle``, which
composes them (and alone imports them).
"""

from __future__ import annotations

from typing import Any, Protocol

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import Action, Step
from magecraft.planeswalker.combatants import Combatant
from magecraft.planeswalker.settings import Settings


class Field(Protocol):
    """What the rule modules read of a battle: who fights where, whose turn, what it has done."""

    fighters: dict[str, Combatant]
    rng: Randomness
    settings: Settings
    ranges: dict[tuple[str, str], str]
    order: list[str]
    turn: int
    phase: Step
    actions_left: int
    moved: bool
    engaged: bool
    acted: bool
    casts: int
    sustained: int
    commanded: list[str]
    command_used: bool
    delayed: list[str]
    pending: dict[str, Any] | None
    intercept: dict[str, str] | None
    trample: str | None

    def actor(self) -> Combatant: ...

    def enemies(self, fid: str) -> list[Combatant]: ...

    def range_between(self, a: str, b: str) -> str: ...

    def in_close_combat(self, fid: str) -> bool: ...

    def channel_budget(self, mage: Combatant) -> int: ...

    def legal_actions(self) -> list[Action]: ...
