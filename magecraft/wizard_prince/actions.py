"""What a noble can do at the banquet ("Turns at the Banquet", seed 004) and the choices rules ask for.

The three actions of a turn are :class:`Mingle`, :class:`Snoop` and :class:`Interfere`; :class:`Pass`
lets a noble do nothing.  The Guard Captain's and Lord Chamberlain's extra move is
:class:`AppointmentMove`.  The other actions are choices the rules give a player: his gate square
(:class:`ChooseGate`), the order of his courtiers before the Emperor (:class:`Present`), where the
Usurper's pieces go (:class:`Place`) and whether to trade his appointment (:class:`ChooseAppointment`).
Paths are the squares entered, in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from magecraft.wizard_prince.board import Square


@dataclass(frozen=True, slots=True)
class Mingle:
    """Move one's own figure up to two squares (or, off the board, onto a free gate square)."""

    path: tuple[Square, ...]

    def describe(self) -> str:
        return "MINGLE " + "-".join(str(s) for s in self.path)


@dataclass(frozen=True, slots=True)
class Snoop:
    """Look at the chit under courtier ``courtier``; ``show_to`` lists the players shown it."""

    courtier: str
    show_to: tuple[str, ...] = ()

    def describe(self) -> str:
        shown = f", show {', '.join(self.show_to)}" if self.show_to else ""
        return f"SNOOP {self.courtier}{shown}"


@dataclass(frozen=True, slots=True)
class Interfere:
    """Move one courtier, Praetorian or Emperor up to two squares."""

    piece: str
    path: tuple[Square, ...]

    def describe(self) -> str:
        return f"INTERFERE {self.piece} " + "-".join(str(s) for s in self.path)


@dataclass(frozen=True, slots=True)
class AppointmentMove:
    """The Guard Captain's Praetorian move or the Lord Chamberlain's Emperor move, besides the action."""

    piece: str
    path: tuple[Square, ...]

    def describe(self) -> str:
        return f"appointment move {self.piece} " + "-".join(str(s) for s in self.path)


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing (or, after the action, decline the appointment move)."""

    def describe(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseGate:
    square: Square

    def describe(self) -> str:
        return f"enter at gate {self.square}"


@dataclass(frozen=True, slots=True)
class Present:
    """Present the held chit ``chit`` to the Emperor next."""

    chit: str

    def describe(self) -> str:
        return f"present {self.chit}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put the next of the Usurper's pieces on ``square``."""

    square: Square

    def describe(self) -> str:
        return f"place at {self.square}"


@dataclass(frozen=True, slots=True)
class ChooseAppointment:
    """Take the appointment offered (giving up the one held) or keep the one held."""

    take: bool

    def describe(self) -> str:
        return "take the new appointment" if self.take else "keep the present appointment"


Action = Mingle | Snoop | Interfere | AppointmentMove | Pass | ChooseGate | Present | Place | ChooseAppointment
