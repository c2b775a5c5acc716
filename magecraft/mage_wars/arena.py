"""The arena: 12 zones in 4 columns and 3 rows, walls between zones, range counted in zones.

Zones are named by column letter and row number, ``A1`` (north-west) to ``D3`` (south-east).
Range is the number of orthogonal steps between zones (diagonal zones are 2 apart), as in the
published Mage Wars Arena rules; the Compass Rose (table ``mw_compass_rose``) turns a d12 into a
direction for the Dummy Mage's moves and for pushes (seed 003, "1-3 = Move the DM").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

COLUMNS = 4
ROWS = 3
ZONES = tuple(f"{'ABCD'[c]}{r + 1}" for r in range(ROWS) for c in range(COLUMNS))
#: Compass order, used to break ties between equally good steps (a ruling, see docs/rulings).
DIRECTIONS = (("north", 0, -1), ("east", 1, 0), ("south", 0, 1), ("west", -1, 0))


def position(zone: str) -> tuple[int, int]:
    """(column, row) counted from 0."""
    return "ABCD".index(zone[0]), int(zone[1:]) - 1


def zone_at(col: int, row: int) -> str | None:
    """The zone at a column and row, or None beyond the arena edge."""
    if 0 <= col < COLUMNS and 0 <= row < ROWS:
        return f"{'ABCD'[col]}{row + 1}"
    return None


@cache
def distance(a: str, b: str) -> int:
    """Zones between ``a`` and ``b`` counted orthogonally."""
    (ac, ar), (bc, br) = position(a), position(b)
    return abs(ac - bc) + abs(ar - br)


#: ``DISTANCES[a][b]`` is ``distance(a, b)``: one table for the loops that measure every zone and target.
DISTANCES: dict[str, dict[str, int]] = {a: {b: distance(a, b) for b in ZONES} for a in ZONES}


def step(zone: str, dcol: int, drow: int) -> str | None:
    col, row = position(zone)
    return zone_at(col + dcol, row + drow)


@cache
def neighbours(zone: str) -> tuple[str, ...]:
    """Adjacent zones in compass order."""
    return tuple(z for _, dc, dr in DIRECTIONS if (z := step(zone, dc, dr)) is not None)


@dataclass(frozen=True, slots=True)
class Wall:
    """A wall on the border between two adjacent zones: an attackable object.

    ``passable`` walls can be crossed (like a hedge); the others block movement until destroyed.
    """

    id: str
    zones: tuple[str, str]
    life: int
    armor: int = 0
    passable: bool = False

    def between(self, a: str, b: str) -> bool:
        return {a, b} == set(self.zones)

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "zones": list(self.zones), "life": self.life, "armor": self.armor,
                "passable": self.passable}


def blocking_wall(walls: Iterable[Wall], a: str, b: str) -> Wall | None:
    """The wall that stops a move from ``a`` to ``b``, if any."""
    for wall in walls:
        if wall.between(a, b) and not wall.passable:
            return wall
    return None


def line_of_sight(a: str, b: str, walls: Iterable[Wall]) -> bool:
    """Whether the line between the centres of zones ``a`` and ``b`` crosses no wall (ruling A15).

    Every wall blocks sight, passable or not; a line that only touches the end of a wall (a corner) is not
    blocked.
    """
    return not any(_crosses(a, b, wall) for wall in walls)


@cache
def _crosses(a: str, b: str, wall: Wall) -> bool:
    (ac, ar), (bc, br) = position(a), position(b)
    (c1, r1), (c2, r2) = sorted(position(z) for z in wall.zones)
    start = (Fraction(2 * ac + 1, 2), Fraction(2 * ar + 1, 2))
    end = (Fraction(2 * bc + 1, 2), Fraction(2 * br + 1, 2))
    # A wall between columns lies on x = c2 from y = r1 to r1 + 1; between rows on y = r2 from x = c1 to c1 + 1.
    axis, line, low = (0, c2, r1) if c1 != c2 else (1, r2, c1)
    along = 1 - axis
    if start[axis] == end[axis]:
        return False
    t = (line - start[axis]) / (end[axis] - start[axis])
    if not 0 < t < 1:
        return False
    where = start[along] + t * (end[along] - start[along])
    return low < where < low + 1


def reachable(start: str, moves: int, walls: Iterable[Wall]) -> dict[str, int]:
    """Every zone reachable in at most ``moves`` steps (walls block), with its step count."""
    return dict(_reachable(start, moves, tuple(walls)))


def reachable_zones(start: str, moves: int, walls: Iterable[Wall]) -> tuple[str, ...]:
    """The zones of :func:`reachable`, in the same order, without their step counts (worked out once)."""
    return _zones(start, moves, tuple(walls) if walls else ())


@cache
def _zones(start: str, moves: int, wall_list: tuple[Wall, ...]) -> tuple[str, ...]:
    return tuple(zone for zone, _ in _reachable(start, moves, wall_list))


@cache
def _reachable(start: str, moves: int, wall_list: tuple[Wall, ...]) -> tuple[tuple[str, int], ...]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        if seen[zone] == moves:
            continue
        for nxt in neighbours(zone):
            if nxt not in seen and blocking_wall(wall_list, zone, nxt) is None:
                seen[nxt] = seen[zone] + 1
                queue.append(nxt)
    return tuple(seen.items())
