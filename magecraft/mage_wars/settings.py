"""Mage Wars solo settings: the choices a table might make differently (seed 003 "Setup" and rulings).

The Dummy Mage's mage and life (Setup 2-3), the starting zones, the Dummy Mage's re-roll distance and
pursuit, the alternate Game End, when a Daze goes (ruling A18), who starts the Creature Actions Stage
(ruling M11) and walls; refused whole when a setting is unknown or out of range (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.settings import dataclass_from_dict
from magecraft.mage_wars.arena import ZONES, Wall, distance

#: The choices of ``Settings.daze_ends`` (ruling A18).
DAZE_ENDS = ("activation", "reset")

@dataclass(frozen=True)
class Settings:
    """Choices a table might make differently (see docs/rulings.md)."""

    #: Seed 003 Setup 3: the Dummy Mage's life; None means the chosen mage's printed life.
    dummy_life: int | None = None
    dummy_mage: str = "Warlock"
    #: Mana your mage starts with; None means its channeling value.
    starting_mana: int | None = None
    your_zone: str = "D3"
    dummy_zone: str = "A1"
    #: Seed 003 re-roll: the Dummy Mage re-rolls 8+ while this many zones or more from every enemy.
    far_zones: int = 3
    #: Seed 003 creature step C: "Move 2 Zones if able" -- the most a pursuing creature moves (Fast or not).
    pursuit_zones: int = 2
    #: Seed 003 Game End, the alternate end: on, and the multiplier on your killed creatures' cost.
    alternate_end: bool = True
    alternate_multiplier: int = 2
    #: A game still running after this many rounds is a draw (not in the seed; keeps bot games finite).
    max_rounds: int = 40
    #: When a Daze goes (ruling A18): "activation" -- at the end of the dazed creature's next activation
    #: (the Dummy Mage's: its quick cast/action), as the published rules are read; "reset" -- at the next Reset.
    daze_ends: str = "activation"
    #: Who acts first in the Creature Actions Stage (ruling M11): "you" -- the seed's "a. Your Mage ...
    #: b. Dummy Mage ... REPEAT a & b"; "initiative" -- the side holding initiative, as in Mage Wars Arena.
    creature_stage_first: str = "you"
    #: Whether the Dummy Mage itself may take its friendly enchantments and incantations (ruling M6).
    dummy_mage_takes_friendly_spells: bool = True
    walls: tuple[Wall, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        # Every field but the walls is a plain value: no deep copy (asdict) is needed to save them.
        raw = {f.name: getattr(self, f.name) for f in fields(self)}
        raw["walls"] = [w.to_dict() for w in self.walls]
        return raw

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Settings:
        """Settings from a save or a house-rules file; an unknown or mistyped setting refuses the file."""
        if not isinstance(raw, Mapping):
            raise DataError(f"settings: expected a table of settings, not {raw!r}")
        try:
            walls = tuple(Wall(str(w["id"]), (str(w["zones"][0]), str(w["zones"][1])), int(w["life"]),
                               int(w.get("armor", 0)), bool(w.get("passable", False)))
                          for w in raw.get("walls", []))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise DataError(f"settings: wall {exc}") from None
        settings = dataclass_from_dict(cls, {**raw, "walls": walls}, "Mage Wars settings")
        settings.validate()
        return settings

    def validate(self) -> None:
        for zone in (self.your_zone, self.dummy_zone):
            if zone not in ZONES:
                raise DataError(f"settings: {zone!r} is not an arena zone (A1-D3)")
        for wall in self.walls:
            if any(z not in ZONES for z in wall.zones) or distance(*wall.zones) != 1:
                raise DataError(f"settings: wall {wall.id} must stand between two adjacent zones")
        if self.dummy_life is not None and self.dummy_life < 1:
            raise DataError("settings: the Dummy Mage needs at least 1 life")
        if self.pursuit_zones < 1:
            raise DataError("settings: pursuit_zones must be at least 1")
        if self.far_zones < 1:
            raise DataError("settings: far_zones must be at least 1")
        if self.alternate_multiplier < 0:
            raise DataError("settings: alternate_multiplier cannot be negative")
        if self.max_rounds < 1:
            raise DataError("settings: max_rounds must be at least 1")
        if self.daze_ends not in DAZE_ENDS:
            raise DataError(f"settings: daze_ends must be one of {', '.join(DAZE_ENDS)}, not {self.daze_ends!r}")
        if self.creature_stage_first not in ("you", "initiative"):
            raise DataError(f"settings: creature_stage_first must be 'you' or 'initiative', "
                            f"not {self.creature_stage_first!r}")
