"""What a noble can do at the banquet ("Turns at the Banquet", seed 004) and the choices rules ask for.

The three actions of a turn are :class:`Mingle`, :class:`Snoop` and :class:`Interfere`; :class:`Pass`
lets a noble do nothing.  The Guard Captain's and Lord Chamberlain's extra move is
:class:`AppointmentMove`.  The other actions are choices the rules give a player: his gate square
(:class:`ChooseGate`), the order of his courtiers before the Emperor (:class:`Present`), where the
Usurper's pieces go (:class:`Place`) and whether to trade his appointment (:class:`ChooseAppointment`).
Paths are the squares entered, in order.

Each prints as the words a player says (:func:`action_words`, the banquet's ``action_text``), and its
``repr`` is the call that rebuilds it:

>>> from magecraft.wizard_prince.board import Square
>>> move = Interfere("praetorian-1", (Square.parse("d4"), Square.parse("d5")))
>>> action_words(move), move
('INTERFERE praetorian-1 d4-d5', Interfere(piece='praetorian-1', path=(Square.parse('d4'), Square.parse('d5'))))
"""

from __future__ import annotations

from dataclasses import dataclass

from magecraft.wizard_prince.board import Square


@dataclass(frozen=True, slots=True)
class Mingle:
    """Move one's own figure up to two squares (or, off the board, onto a free gate square)."""

    path: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class Snoop:
    """Look at the chit under courtier ``courtier``; ``show_to`` lists the players shown it."""

    courtier: str
    show_to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Interfere:
    """Move one courtier, Praetorian or Emperor up to two squares."""

    piece: str
    path: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class AppointmentMove:
    """The Guard Captain's Praetorian move or the Lord Chamberlain's Emperor move, besides the action."""

    piece: str
    path: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing (or, after the action, decline the appointment move)."""


@dataclass(frozen=True, slots=True)
class ChooseGate:
    square: Square


@dataclass(frozen=True, slots=True)
class Present:
    """Present the held chit ``chit`` to the Emperor next."""

    chit: str


@dataclass(frozen=True, slots=True)
class Place:
    """Put the next of the Usurper's pieces on ``square``."""

    square: Square


@dataclass(frozen=True, slots=True)
class ChooseAppointment:
    """Take the appointment offered (giving up the one held) or keep the one held."""

    take: bool



Action = Mingle | Snoop | Interfere | AppointmentMove | Pass | ChooseGate | Present | Place | ChooseAppointment


def _squares(path: tuple[Square, ...]) -> str:
    return "-".join(map(str, path))


def action_words(action: Action) -> str:
    """What a player says to take ``action``, in the rule book's names ("MINGLE d4-d5", "SNOOP courtier-3",
    "INTERFERE praetorian-1 c3-c4", "pass"); read back by ``Banquet.parse_action``."""
    kind = type(action)
    if kind is Mingle:
        return "MINGLE " + _squares(action.path)  # type: ignore[union-attr]
    if kind is Interfere:
        return f"INTERFERE {action.piece} " + _squares(action.path)  # type: ignore[union-attr]
    if kind is Snoop:
        shown = f", show {', '.join(action.show_to)}" if action.show_to else ""  # type: ignore[union-attr]
        return f"SNOOP {action.courtier}{shown}"  # type: ignore[union-attr]
    if kind is AppointmentMove:
        return f"appointment move {action.piece} " + _squares(action.path)  # type: ignore[union-attr]
    if kind is ChooseGate:
        return f"enter at gate {action.square}"  # type: ignore[union-attr]
    if kind is Present:
        return f"present {action.chit}"  # type: ignore[union-attr]
    if kind is Place:
        return f"place at {action.square}"  # type: ignore[union-attr]
    if kind is ChooseAppointment:
        return "take the new appointment" if action.take else "keep the present appointment"  # type: ignore[union-attr]
    return "pass"
