"""The pieces at court: chess pieces on the board, the chits beneath the courtiers, and the Imperial
Appointments a chit may offer (seed 004, "The Imperial Banquet", "The Courtier Descriptions")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, Literal

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


class Office(StrEnum):
    """The six Imperial Appointments by name ("The Courtier Descriptions", IMPERIAL APPOINTMENT): the one
    spelling the banquet, its 1d20 table and the campaign share, so they cannot name a post differently."""

    MINISTER_OF_STATE = "minister_of_state"
    CHANCELLOR_OF_THE_EXCHEQUER = "chancellor_of_the_exchequer"
    IMPERIAL_GUARD_CAPTAIN = "imperial_guard_captain"
    LORD_CHAMBERLAIN = "lord_chamberlain"
    LORD_CHANCELLOR = "lord_chancellor"
    MASTER_GENERAL = "master_general"


#: What a noble or a chit holds: an office, or "" for none.
OfficeHeld = Office | Literal[""]


def office(name: object, who: str) -> OfficeHeld:
    """``name`` read as an office ("" for none); any other spelling is refused, naming the six."""
    if name == "":
        return ""
    try:
        return Office(str(name))
    except ValueError:
        raise DataError(f"{who}: unknown appointment {name!r} (one of {', '.join(Office)})") from None


@dataclass(frozen=True, slots=True)
class Chit:
    """A courtier chit in play: its kind, the appointment it offers once met, who met it first."""

    id: str
    kind: str
    appointment: OfficeHeld = ""
    first_met_by: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "appointment", office(self.appointment, self.id))

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
        return cls(str(raw["id"]), str(raw["kind"]), office(raw.get("appointment", ""), str(raw["id"])),
                   str(raw.get("first_met_by", "")))


@dataclass(frozen=True, slots=True)
class Appointment:
    """A row of the Imperial Appointment table (1d20)."""

    key: Office
    title: str
    min_status: int
    banquet_move: str


@cache
def appointments() -> dict[str, Appointment]:
    """The six Imperial Appointments by :class:`Office` (a ``str``, so a saved name finds its row too), from the
    ``wp_imperial_appointment`` table; a row whose key is not an office is refused; read once."""
    table = get_table("wp_imperial_appointment")
    out: dict[str, Appointment] = {}
    for r in table.rows:
        key = office(r.data["key"], "wp_imperial_appointment")
        if key:
            out[key] = Appointment(key, r.result, int(r.data["min_status"]), str(r.data["banquet_move"]))
    if set(out) != set(Office):
        raise DataError(f"wp_imperial_appointment: gives {sorted(out)}, not the six offices")
    return out

