"""The race as its rule modules see it: the turn in progress, and a protocol of the race's state.

:mod:`.crashes` and :mod:`.free_actions` take a :class:`Field` -- the track, the chariots, the dice, the
square each chariot stands on, and the moves of :mod:`.race` they call back into ("Initiative and
Movement") -- rather than importing :class:`~magecraft.wizard_prince.race.race.Race`, which composes
them (and alone imports them).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Protocol

from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.race.actions import Phase
from magecraft.wizard_prince.race.chariots import Chariot
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.race.track import Track


@dataclass(slots=True)
class Turn:
    """The chariot whose turn it is and what it has done this turn.

    ``actions``: free actions taken (the first is free, later ones risky); ``risky``: risky actions
    performed (each -1 to the next check); ``turnaround_lane``: the innermost lane it has been in inside
    a turnaround this turn since it whipped its horses (-1: none), for the end-of-turn check.
    """

    name: str
    moves_left: int
    whipped: bool = False
    actions: int = 0
    risky: int = 0
    restricted: bool = False
    turnaround_lane: int = -1

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class Field(Protocol):
    """What the crashes and the free actions read and change of a race, and the moves they call back."""

    chariots: dict[str, Chariot]
    track: Track
    settings: RaceSettings
    rng: Randomness
    round: int
    phase: Phase
    turn: Turn | None
    occupied: dict[tuple[int, int], str]
    dismounted: list[dict[str, Any]]
    wreck_order: list[str]

    @property
    def log(self) -> EventLog: ...

    def move_to(self, chariot: Chariot, lane: int, index: int) -> None: ...

    def slide(self, chariot: Chariot, spaces: int) -> None: ...

    def note_turnaround(self, chariot: Chariot) -> None: ...

    def free_ahead(self, chariot: Chariot, limit: int) -> int: ...

    def check_last_running(self) -> None: ...
