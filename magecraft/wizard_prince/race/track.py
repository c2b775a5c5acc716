"""The circus maximus: a square grid of lanes around the spina ("Equipment Needed", "Initiative and Movement").

The seed's drawing is missing (ruling WR1), so a track is described by a few numbers in a TOML file
(``magecraft/wizard_prince/data/race_track.toml`` ships the default): the spina's length and width,
the number of lanes, the laps, the column of the start/finish line and the direction of travel.
Lane ``k`` (0 innermost, lane 1 in the seed's words) is the ring of squares ``k + 1`` squares from the
spina; the wall is beyond the last lane.  Each lane is a loop of squares numbered in the direction of
travel, square 0 being the first past the start/finish line, so a chariot moving from the last square
to square 0 crosses the line.  The turnarounds are the squares beyond either end of the spina.

>>> track = default_track()
>>> track.lane_length(0), track.lane_length(3)
(68, 92)
>>> track.square(0, 0), track.square(0, 67)
((6, 2), (5, 2))
>>> track.kind_at((-1, -1)), track.kind_at((3, 0)), track.kind_at((3, 7))
('lane', 'spina', 'wall')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from magecraft.core.errors import DataError

Square = tuple[int, int]
DIRECTIONS = ("counterclockwise", "clockwise")
#: Keys of a track file and their types; anything else refuses the file.
_FIELDS: dict[str, type] = {
    "name": str,
    "spina_length": int,
    "spina_width": int,
    "lanes": int,
    "laps": int,
    "start_column": int,
    "direction": str,
}


@dataclass(frozen=True, slots=True)
class Track:
    """A circus: the lanes as loops of squares, with every square's neighbours worked out once."""

    name: str
    spina_length: int
    spina_width: int
    lanes: int
    laps: int
    start_column: int
    direction: str = "counterclockwise"
    #: ``squares[lane][i]`` is the (column, row) of square ``i`` of ``lane``.
    squares: tuple[tuple[Square, ...], ...] = field(init=False, repr=False, compare=False)
    #: ``position[(column, row)]`` is the (lane, index) of a lane square.
    position: dict[Square, tuple[int, int]] = field(init=False, repr=False, compare=False)
    #: ``beside[lane][i]``: the squares of the bordering lanes orthogonally next to it, as (lane, index).
    beside: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = field(init=False, repr=False, compare=False)
    #: ``in_turnaround[lane][i]``: the square lies beyond an end of the spina, between the red lines.
    in_turnaround: tuple[tuple[bool, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.spina_length < 2 or self.spina_width < 1:
            raise DataError(f"track {self.name!r}: the spina must be at least 2 squares long and 1 wide")
        if not 1 <= self.lanes <= 8:
            raise DataError(f"track {self.name!r}: 1 to 8 lanes, not {self.lanes}")
        if self.laps < 1:
            raise DataError(f"track {self.name!r}: at least one lap")
        if not 1 <= self.start_column <= self.spina_length - 1:
            raise DataError(
                f"track {self.name!r}: start_column must lie along the spina's straight "
                f"(1-{self.spina_length - 1}), not {self.start_column}"
            )
        if self.direction not in DIRECTIONS:
            raise DataError(f"track {self.name!r}: direction is {' or '.join(DIRECTIONS)}, not {self.direction!r}")
        squares = tuple(self._loop(k) for k in range(self.lanes))
        position = {sq: (k, i) for k, loop in enumerate(squares) for i, sq in enumerate(loop)}
        beside = tuple(
            tuple(
                tuple(position[n] for n in _neighbours(sq) if n in position and abs(position[n][0] - k) == 1)
                for sq in loop
            )
            for k, loop in enumerate(squares)
        )
        turn = tuple(tuple(not 0 <= x < self.spina_length for x, _ in loop) for loop in squares)
        object.__setattr__(self, "squares", squares)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "beside", beside)
        object.__setattr__(self, "in_turnaround", turn)

    def _loop(self, k: int) -> tuple[Square, ...]:
        """Lane ``k`` counterclockwise on the screen (rows grow downwards) from its lower-left corner."""
        d = k + 1
        left, right, top, bottom = -d, self.spina_length - 1 + d, -d, self.spina_width - 1 + d
        ring = [(x, bottom) for x in range(left, right + 1)]
        ring += [(right, y) for y in range(bottom - 1, top - 1, -1)]
        ring += [(x, top) for x in range(right - 1, left - 1, -1)]
        ring += [(left, y) for y in range(top + 1, bottom)]
        if self.direction == "clockwise":
            ring.reverse()
            first = (self.start_column - 1, bottom)
        else:
            first = (self.start_column, bottom)
        at = ring.index(first)
        return tuple(ring[at:] + ring[:at])

    # -- geometry -------------------------------------------------------------------
    def lane_length(self, lane: int) -> int:
        return len(self.squares[lane])

    def square(self, lane: int, index: int) -> Square:
        return self.squares[lane][index]

    def kind_at(self, square: Square) -> str:
        """``lane``, ``spina`` or ``wall`` for any square of the grid (beyond the last lane is wall)."""
        x, y = square
        dx = max(0, -x, x - (self.spina_length - 1))
        dy = max(0, -y, y - (self.spina_width - 1))
        d = max(dx, dy)
        return "spina" if d == 0 else "lane" if d <= self.lanes else "wall"

    def forward(self, lane: int, index: int) -> Square:
        """The direction of travel at a square, as a (column, row) step."""
        x, y = self.squares[lane][index]
        nx, ny = self.squares[lane][(index + 1) % len(self.squares[lane])]
        return nx - x, ny - y

    def sides(self, lane: int, index: int) -> tuple[Square, Square, Square, Square]:
        """The four surrounding squares numbered 1-4 for "Chariot Out of Control" (WR13): ahead, the
        right-hand side, behind, the left-hand side."""
        x, y = self.squares[lane][index]
        fx, fy = self.forward(lane, index)
        rx, ry = -fy, fx  # a quarter turn clockwise on the screen, where rows grow downwards
        return (x + fx, y + fy), (x + rx, y + ry), (x - fx, y - fy), (x - rx, y - ry)

    def turnaround_penalty(self, lane: int) -> int:
        """ "-1 for the 4th (outermost) lane ... -4 for the 1st (innermost) lane" ("The Turnaround")."""
        return -(self.lanes - lane)

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) columns and rows, the wall included."""
        d = self.lanes + 1
        return -d, -d, self.spina_length - 1 + d, self.spina_width - 1 + d

    def to_dict(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in _FIELDS}

    @classmethod
    def from_dict(cls, raw: Any, source: str = "track") -> Track:
        """A track from a file's table: every key known and of the right type, or the whole file is refused."""
        if not isinstance(raw, dict):
            raise DataError(f"{source}: a track is a table of {', '.join(_FIELDS)}")
        unknown = sorted(set(raw) - set(_FIELDS))
        if unknown:
            raise DataError(f"{source}: unknown key {unknown[0]!r} (known: {', '.join(_FIELDS)})")
        values: dict[str, Any] = {}
        for key, kind in _FIELDS.items():
            if key not in raw:
                if key == "direction":
                    continue
                raise DataError(f"{source}: missing key {key!r}")
            value = raw[key]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise DataError(f"{source}: {key} must be a {kind.__name__}, not {value!r}")
            values[key] = value
        try:
            return cls(**values)
        except DataError as exc:
            raise DataError(f"{source}: {exc}") from None


def _neighbours(square: Square) -> tuple[Square, ...]:
    x, y = square
    return (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)


def load_track(path: Path) -> Track:
    """A track from a TOML file; a file that cannot be read or is malformed is refused whole."""
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read track file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file (TOML must be UTF-8)") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    return Track.from_dict(raw, str(path))


@cache
def default_track() -> Track:
    """The circus maximus magecraft ships (ruling WR1)."""
    text = (
        resources.files("magecraft.wizard_prince").joinpath("data", "race_track.toml").read_text(encoding="utf-8")
    )
    return Track.from_dict(tomllib.loads(text), "wizard_prince/data/race_track.toml")
