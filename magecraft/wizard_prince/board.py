"""The banquet board: squares in chess notation, orthogonal paths and the starting position.

Seed 004, "The Imperial Banquet": an 8x8 chess board; the palace gates are the four centre squares
of the right-hand edge; the Banquet Table is four impassable squares before the Emperor.  The
illustration giving the starting position is missing from the text, so the default position is a
data file (``data/setup_default.toml``) and any other may be loaded from a TOML file of the same
shape (ruling "Default banquet setup").

>>> Square.parse("h4"), Square.parse("h4").file, Square.parse("h4").rank
(Square.parse('h4'), 7, 3)
>>> [str(s) for s in paths_from(Square.parse("a1"), may_turn=False)[0]]
['a2']
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from magecraft.core.errors import DataError

FILES = "abcdefgh"
SIZE = 8


class Square(NamedTuple):
    """One square of the board: ``file`` 0-7 is a-h (left to right), ``rank`` 0-7 is 1-8.

    A named tuple, so that the many path checks hash and compare squares at C speed.
    """

    file: int
    rank: int

    def __str__(self) -> str:
        return _NAMES[self[0] * SIZE + self[1]]

    def __repr__(self) -> str:
        return f"Square.parse({str(self)!r})"   # the call that rebuilds it

    @staticmethod
    def parse(text: str) -> Square:
        """``"e4"`` -> the square; anything else is a :class:`DataError` naming the text."""
        known = _BY_NAME.get(text)
        if known is not None:
            return known
        name = str(text).strip().lower()
        if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
            raise DataError(f"{text!r} is not a square of the banquet board (a1 to h8)")
        return _SQUARES[FILES.index(name[0]) * SIZE + int(name[1]) - 1]

    def distance(self, other: Square) -> int:
        """Orthogonal steps between two squares (nobles move only orthogonally)."""
        return abs(self.file - other.file) + abs(self.rank - other.rank)

    def reach(self, other: Square) -> int:
        """King's-move distance: 1 for the eight squares around this one ("within one square")."""
        return max(abs(self.file - other.file), abs(self.rank - other.rank))

    def neighbours(self) -> tuple[Square, ...]:
        return _neighbours(self)


_NAMES = tuple(f"{FILES[f]}{r + 1}" for f in range(SIZE) for r in range(SIZE))
_SQUARES = tuple(Square(f, r) for f in range(SIZE) for r in range(SIZE))
ALL_SQUARES: tuple[Square, ...] = _SQUARES
_BY_NAME = {str(s): s for s in _SQUARES}
#: Each square by its name: the hot paths read a noble's square (kept as its name) here instead of
#: :meth:`Square.parse`, which is for text from outside.
SQUARES_BY_NAME: Mapping[str, Square] = _BY_NAME
#: Each square's name (``str(square)``), by the square.
SQUARE_NAMES: Mapping[Square, str] = {s: name for name, s in _BY_NAME.items()}


@cache
def _neighbours(square: Square) -> tuple[Square, ...]:
    out = []
    for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        f, r = square.file + df, square.rank + dr
        if 0 <= f < SIZE and 0 <= r < SIZE:
            out.append(_SQUARES[f * SIZE + r])
    return tuple(out)


@cache
def paths_from(start: Square, may_turn: bool) -> tuple[tuple[Square, ...], ...]:
    """Every move of one or two orthogonal steps from ``start`` that never revisits a square.

    "Up to two squares vertically or horizontally.  Diagonal moves are not allowed" (Turns at the
    Banquet).  Whether the second step may turn a corner is the setting ``moves_may_turn``.
    """
    out: list[tuple[Square, ...]] = []
    for first in start.neighbours():
        out.append((first,))
        direction = (first.file - start.file, first.rank - start.rank)
        for second in first.neighbours():
            if second == start:
                continue
            if not may_turn and (second.file - first.file, second.rank - first.rank) != direction:
                continue
            out.append((first, second))
    return tuple(out)


@cache
def reach_of(start: Square, may_turn: bool) -> frozenset[Square]:
    """Every square some move from ``start`` enters: all a piece's moves depend on (and the Banquet Table)."""
    return frozenset(square for path in paths_from(start, may_turn) for square in path)


#: One first step of the moves from a square: the number (0-63) of the square it enters, the index in
#: :func:`paths_from` of the one-step path, and for each two-step path through it the number of its second
#: square and its index.
Step = tuple[int, int, tuple[tuple[int, int], ...]]


def number(square: Square) -> int:
    """A square's number 0-63 (``file * 8 + rank``): its index in the occupancy array and the move tables.

    >>> number(Square.parse("a1")), number(Square.parse("h8")), ALL_SQUARES[number(Square.parse("e4"))]
    (0, 63, Square.parse('e4'))
    """
    return square[0] * SIZE + square[1]


def _move_table(start: Square, may_turn: bool) -> tuple[Step, ...]:
    paths = paths_from(start, may_turn)
    return tuple((number(path[0]), k, tuple((number(p[1]), j) for j, p in enumerate(paths)
                                            if len(p) == 2 and p[0] == path[0]))
                 for k, path in enumerate(paths) if len(path) == 1)


#: The moves from every square by its number, grouped by first step, for moves that go straight
#: (``MOVE_TABLES[False]``) and moves that may turn a corner (``MOVE_TABLES[True]``): worked out once, at import.
MOVE_TABLES: dict[bool, tuple[tuple[Step, ...], ...]] = {
    may_turn: tuple(_move_table(square, may_turn) for square in ALL_SQUARES) for may_turn in (False, True)}


@cache
def walking_distances(target: Square, table: frozenset[Square]) -> dict[Square, int]:
    """Orthogonal steps from every square to ``target`` around the Banquet Table (other pieces ignored)."""
    out = {target: 0}
    frontier = [target]
    while frontier:
        nxt = []
        for square in frontier:
            for step in square.neighbours():
                if step not in out and step not in table:
                    out[step] = out[square] + 1
                    nxt.append(step)
        frontier = nxt
    return out


@dataclass(frozen=True, slots=True)
class Setup:
    """A starting position: gates, Banquet Table, Emperor, Praetorians and the 16 courtier pawns."""

    name: str
    gates: tuple[Square, ...]
    table: frozenset[Square]
    emperor: Square
    praetorians: tuple[Square, ...]
    white_courtiers: tuple[Square, ...]
    black_courtiers: tuple[Square, ...]

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "setup") -> Setup:
        """Read and check a setup; any fault refuses the whole file."""
        lists = ("gates", "table", "praetorians", "white_courtiers", "black_courtiers")
        wrong = [key for key in lists if key in raw and not isinstance(raw[key], list | tuple)]
        if wrong:
            raise DataError(f"{source}: {wrong[0]} must be a list of squares, not {raw[wrong[0]]!r}")
        try:
            setup = cls(
                name=str(raw.get("name", source)),
                gates=tuple(Square.parse(s) for s in raw["gates"]),
                table=frozenset(Square.parse(s) for s in raw["table"]),
                emperor=Square.parse(raw["emperor"]),
                praetorians=tuple(Square.parse(s) for s in raw["praetorians"]),
                white_courtiers=tuple(Square.parse(s) for s in raw["white_courtiers"]),
                black_courtiers=tuple(Square.parse(s) for s in raw["black_courtiers"]),
            )
        except KeyError as exc:
            raise DataError(f"{source}: missing key {exc.args[0]!r}") from None
        except TypeError as exc:
            raise DataError(f"{source}: {exc}") from None
        setup.validate(source)
        return setup

    def validate(self, source: str) -> None:
        if len(self.gates) != 4 or len(set(self.gates)) != 4:
            raise DataError(f"{source}: the palace gates are four different squares")
        if len(self.table) != 4:
            raise DataError(f"{source}: the Banquet Table is four squares")
        if len(self.praetorians) != 2:
            raise DataError(f"{source}: the Emperor has two Praetorian Guards")
        if len(self.white_courtiers) != 8 or len(self.black_courtiers) != 8:
            raise DataError(f"{source}: there are eight white and eight black courtiers")
        pieces = [self.emperor, *self.praetorians, *self.white_courtiers, *self.black_courtiers]
        if len(set(pieces)) != len(pieces):
            raise DataError(f"{source}: two pieces start on the same square")
        clash = sorted(set(pieces) & (self.table | set(self.gates)))
        if clash:
            raise DataError(f"{source}: a piece starts on the Banquet Table or a gate ({clash[0]})")
        if set(self.gates) & self.table:
            raise DataError(f"{source}: a gate is on the Banquet Table")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "gates": [str(s) for s in self.gates],
            "table": sorted(str(s) for s in self.table),
            "emperor": str(self.emperor),
            "praetorians": [str(s) for s in self.praetorians],
            "white_courtiers": [str(s) for s in self.white_courtiers],
            "black_courtiers": [str(s) for s in self.black_courtiers],
        }


def load_setup(path: Path | None = None) -> Setup:
    """The default starting position, or the one in the TOML file at ``path``."""
    if path is None:
        return _default_setup()
    return _read_setup(path)


@cache
def _default_setup() -> Setup:
    """The shipped starting position, read once (a :class:`Setup` is frozen, so every banquet may share it)."""
    text = resources.files("magecraft.wizard_prince").joinpath("data", "setup_default.toml").read_text(
        encoding="utf-8")
    return _parse_setup(text, "wizard_prince/setup_default.toml")


def _read_setup(path: Path) -> Setup:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read banquet setup {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file (TOML must be UTF-8)") from None
    return _parse_setup(text, str(path))


def _parse_setup(text: str, source: str) -> Setup:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{source}: not valid TOML: {exc}") from None
    return Setup.from_dict(raw, source)
