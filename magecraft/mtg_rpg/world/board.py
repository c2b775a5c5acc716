"""What the season's rule modules read and change of a world ("The Campaign Turn", seed 000).

:mod:`.turn`, :mod:`.orders`, :mod:`.war`, :mod:`.naval` and :mod:`.troops` take a :class:`Board` -- the
map, the realms, the referee's draws, the ill-will between realms and the chronicle -- and the realm's
:class:`Turn`, rather than importing :class:`~magecraft.mtg_rpg.world.campaign.World`, which composes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.actions import Phase
from magecraft.mtg_rpg.world.hexmap import HexMap
from magecraft.mtg_rpg.world.realm import Realm
from magecraft.mtg_rpg.world.rules import WorldRules, WorldSettings


@dataclass(frozen=True, slots=True)
class Draw:
    """A card drawn from the referee's deck and its value."""

    card: str
    value: int
    colour: str


@dataclass(slots=True)
class Turn:
    """What one realm's turn has used and earned so far (nothing of it outlasts the turn)."""

    realm: str
    phase: Phase = Phase.HARDSHIP
    resources: int = 0
    extra_discontent: int = 0
    hardship_failed: bool = False
    quelled: int = 0
    actions: list[str] = field(default_factory=list)
    decrees: int = 0
    fortified: bool = False
    ruler_at_war: bool = False
    war_strength: int = 0
    capture_points: int = 0
    captured: list[int] = field(default_factory=list)
    road_left: int = 0
    trade_income: int = 0
    tax_income: int = 0
    #: The soldier units naval units have carried coast to coast this turn (WW17; a saved True is 1).
    landed: int = 0

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["phase"] = self.phase.value
        return {k: list(v) if isinstance(v, list) else v for k, v in out.items()}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Turn:
        return cls(**{**raw, "phase": Phase(raw.get("phase", Phase.HARDSHIP.value))})


def pair_key(a: str, b: str) -> str:
    """The key of the ill-will between two realms, the same whichever is named first."""
    return f"{a}|{b}" if a < b else f"{b}|{a}"


class Board(Protocol):
    """A world as the season's rules see it: its state, its derived numbers and its chronicle."""

    name: str
    map: HexMap
    realms: dict[str, Realm]
    rng: Randomness
    settings: WorldSettings
    rules: WorldRules
    season: int
    order: list[str]
    turn: Turn | None
    espionage: list[dict[str, Any]]
    roads: dict[int, int] | None

    def territory(self, realm: str) -> list[int]: ...

    def owners_changed(self) -> None: ...

    def population(self, realm: str) -> int: ...

    def resource_rating(self, realm: str) -> int: ...

    def bases(self, realm: str) -> list[int]: ...

    def encounter_factor(self, realm: str) -> int: ...

    def ill(self, a: str, b: str) -> int: ...

    def set_ill(self, a: str, b: str, value: int) -> None: ...

    def alive(self) -> list[Realm]: ...

    def barracks(self, realm: str) -> int: ...

    def draw(self, label: str) -> Draw: ...

    def sheet(self, realm: str) -> dict[str, Any]: ...

    def start_next_turn(self) -> None: ...

    def record(self, realm: str | None, text: str, *, secret: bool = False, **data: Any) -> None: ...
