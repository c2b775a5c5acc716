"""The pieces at court: chess pieces on the board, the chits beneath the courtiers, and the Imperial
Appointments a chit may offer (seed 004, "The Imperial Banquet", "The Courtier Descriptions")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.tables import get_table
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.chits import ChitKind, chit_kinds

COLOURS = ("white", "black")


def other_colour(colour: str) -> str:
    return "black" if colour == "white" else "white"


@dataclass(frozen=True, slots=True)
class Piece:
    """A chess piece at court: ``kind`` is ``emperor``, ``praetorian`` or ``courtier``.

    A courtier carries the id of the chit beneath it; the Emperress, Crown Prince and Hierophant
    are shown by a queen, rook or bishop once met (``figure``).
    """

    id: str
    kind: str
    colour: str
    square: Square
    figure: str
    chit: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "colour": self.colour, "square": str(self.square),
                "figure": self.figure, "chit": self.chit}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Piece:
        return cls(str(raw["id"]), str(raw["kind"]), str(raw["colour"]), Square.parse(raw["square"]),
                   str(raw["figure"]), str(raw.get("chit", "")))


@dataclass(frozen=True, slots=True)
class Chit:
    """A courtier chit in play: its kind, the appointment it offers once met, who met it first."""

    id: str
    kind: str
    appointment: str = ""
    first_met_by: str = ""

    @property
    def info(self) -> ChitKind:
        return chit_kinds()[self.kind]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "appointment": self.appointment,
                "first_met_by": self.first_met_by}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Chit:
        if raw["kind"] not in chit_kinds():
            raise DataError(f"{raw['id']}: unknown courtier chit {raw['kind']!r}")
        return cls(str(raw["id"]), str(raw["kind"]), str(raw.get("appointment", "")),
                   str(raw.get("first_met_by", "")))


class Office(StrEnum):
    """The six Imperial Appointments by the key the saves and the ``wp_imperial_appointment`` table use (The
    Courtier Descriptions, IMPERIAL APPOINTMENT): typed, so a key spelled another way is caught."""

    MINISTER_OF_STATE = "minister_of_state"
    CHANCELLOR_OF_THE_EXCHEQUER = "chancellor_of_the_exchequer"
    IMPERIAL_GUARD_CAPTAIN = "imperial_guard_captain"
    LORD_CHAMBERLAIN = "lord_chamberlain"
    LORD_CHANCELLOR = "lord_chancellor"
    MASTER_GENERAL = "master_general"


@dataclass(frozen=True, slots=True)
class Appointment:
    """A row of the Imperial Appointment table (1d20)."""

    key: str
    title: str
    min_status: int
    banquet_move: str


@cache
def appointments() -> dict[str, Appointment]:
    """The six Imperial Appointments by key, from the ``wp_imperial_appointment`` table (whose keys must be
    the :class:`Office` names); read once."""
    table = get_table("wp_imperial_appointment")
    found = {str(r.data["key"]): Appointment(str(r.data["key"]), r.result, int(r.data["min_status"]),
                                             str(r.data["banquet_move"])) for r in table.rows}
    if set(found) != set(Office):
        raise DataError(f"wp_imperial_appointment: the keys are {', '.join(Office)}, not {', '.join(found)}")
    return found

