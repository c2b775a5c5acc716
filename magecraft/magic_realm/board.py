"""A model of the realm map: tiles laid on a hex grid, their clearings and the roads between them.

The base game's board rules are not in the seed ("The board is then set up as described in the 2nd
edition rules, beginning with the Borderlands", 15.2), so the layout is a ruling (MR4): the
Borderland lies at the centre and the other tiles spiral out from it in a random order (the Ambush
first, as 1.2/3 asks it be laid "at the earliest convenience"); inside a tile, clearings are joined
by a road in number order (the Chasm's two sides only by its bridge, 1.2/2); a tile's edge ``d`` (0-5)
joins its clearing ``d % n + 1`` to the facing clearing of the neighbouring tile.  Everything the
expansion's movement rules need -- clearing numbers, tiles, tile distances, cave and mountain
clearings -- is here, computed once when the board is built.

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.magic_realm.setup import Setup
>>> board = Board.build(Setup.deal(Randomness.seeded(2)).tiles, Randomness.seeded(2))
>>> board.tile_names[0], len(board.tile_names), board.tile_distance(0, 0)
('Borderland', 30, 0)
>>> board.clearing_of("Borderland 4").kind
'cave'
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from magecraft.core.errors import InputError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.data import TileInfo, tiles

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, slots=True)
class Clearing:
    id: int
    tile: int
    number: int
    kind: str

    @property
    def is_cave(self) -> bool:
        return self.kind == "cave"

    @property
    def is_mountain(self) -> bool:
        return "mountain" in self.kind


def _spiral(count: int) -> list[tuple[int, int]]:
    """Hex positions from the centre outwards, ring by ring."""
    out = [(0, 0)]
    radius = 1
    while len(out) < count:
        q, r = -radius, radius
        for side in range(6):
            for _ in range(radius):
                out.append((q, r))
                dq, dr = DIRECTIONS[side]
                q, r = q + dq, r + dr
        radius += 1
    return out[:count]


class Board:
    """Tiles at hex positions, their clearings, and the road graph between clearings."""

    def __init__(self, tile_names: Sequence[str]) -> None:
        info = tiles()
        unknown = [n for n in tile_names if n not in info]
        if unknown:
            raise InputError(f"no tile called {unknown[0]!r}")
        self.tile_names: tuple[str, ...] = tuple(tile_names)
        self.positions = _spiral(len(tile_names))
        where = {pos: i for i, pos in enumerate(self.positions)}
        self.clearings: list[Clearing] = []
        self.first: list[int] = []
        for t, name in enumerate(self.tile_names):
            self.first.append(len(self.clearings))
            for number, kind in enumerate(info[name].clearings, start=1):
                self.clearings.append(Clearing(len(self.clearings), t, number, kind))
        links: list[set[int]] = [set() for _ in self.clearings]
        hidden: list[set[int]] = [set() for _ in self.clearings]
        self.tile_neighbours: list[tuple[int, ...]] = []
        for t, name in enumerate(self.tile_names):
            self._inner_roads(t, info[name], links)
            q, r = self.positions[t]
            around = []
            for d, (dq, dr) in enumerate(DIRECTIONS):
                other = where.get((q + dq, r + dr))
                if other is None:
                    continue
                around.append(other)
                a = self._edge_clearing(t, d)
                b = self._edge_clearing(other, (d + 3) % 6)
                # 1.2/3: a side with a hidden path joins by it, not by road (side k is direction k - 1)
                facing = info[self.tile_names[other]].hidden_edges
                secret = d + 1 in info[name].hidden_edges or (d + 3) % 6 + 1 in facing
                joined = hidden if secret else links
                joined[a].add(b)
                joined[b].add(a)
            self.tile_neighbours.append(tuple(around))
        self.roads: list[tuple[int, ...]] = [tuple(sorted(s)) for s in links]
        #: 1.2/3: hidden paths, walked only by those who know them or with the Pathfinder (7.10).
        self.hidden_paths: list[tuple[int, ...]] = [tuple(sorted(s)) for s in hidden]
        self._distance = [self._tile_bfs(t) for t in range(len(self.tile_names))]
        self._borderland_roads: frozenset[int] | None = None

    @classmethod
    def build(cls, tile_names: Sequence[str], rng: Randomness) -> Board:
        """The Borderland at the centre, the Ambush next, the rest in a random order (ruling MR4)."""
        info = tiles()
        first = [n for n in tile_names if n == "Borderland"]
        early = sorted(n for n in tile_names if info[n].place_first)
        rest = sorted(n for n in tile_names if n not in first and n not in early)
        rng.shuffle(rest, "lay the tiles of the realm")
        return cls([*first, *early, *rest])

    def tile_clearings(self, tile: int) -> range:
        end = self.first[tile + 1] if tile + 1 < len(self.first) else len(self.clearings)
        return range(self.first[tile], end)

    def _edge_clearing(self, tile: int, direction: int) -> int:
        count = len(self.tile_clearings(tile))
        return self.first[tile] + direction % count

    def _inner_roads(self, tile: int, info: TileInfo, links: list[set[int]]) -> None:
        base = self.first[tile]
        groups = info.sides or (tuple(range(1, len(info.clearings) + 1)),)
        for group in groups:
            for a, b in pairwise(group):
                links[base + a - 1].add(base + b - 1)
                links[base + b - 1].add(base + a - 1)
        if info.bridge:
            a, b = info.bridge
            links[base + a - 1].add(base + b - 1)
            links[base + b - 1].add(base + a - 1)

    def _tile_bfs(self, start: int) -> list[int]:
        dist = [-1] * len(self.tile_names)
        dist[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.tile_neighbours[here]:
                if dist[nxt] < 0:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist

    def tile_distance(self, a: int, b: int) -> int:
        """Tiles between ``a`` and ``b`` by the shortest path of tiles (12.4/1a)."""
        return self._distance[a][b]

    def step_toward(self, start: int, goal: int) -> int:
        """The neighbouring tile of ``start`` one tile closer to ``goal`` (the lowest-numbered of ties)."""
        if start == goal:
            return start
        best = min(self.tile_neighbours[start], key=lambda t: (self._distance[goal][t], t))
        return best

    def guild_clearing(self, tile: int) -> int:
        """9.1: the highest-numbered clearing of ``tile`` that leads back to the Borderland by road.

        A tile none of whose clearings reach the Borderland (never on a board built here) gives its
        highest-numbered clearing.
        """
        reached = self._reaching_borderland()
        span = self.tile_clearings(tile)
        leading = [c for c in span if c in reached]
        return (leading or list(span))[-1]

    def _reaching_borderland(self) -> frozenset[int]:
        if self._borderland_roads is None:
            start = [c for t, n in enumerate(self.tile_names) if n == "Borderland" for c in self.tile_clearings(t)]
            seen = set(start)
            queue = deque(start)
            while queue:
                for nxt in self.roads[queue.popleft()]:
                    if nxt not in seen:
                        seen.add(nxt)
                        queue.append(nxt)
            self._borderland_roads = frozenset(seen)
        return self._borderland_roads

    def tile_index(self, name: str) -> int:
        for i, n in enumerate(self.tile_names):
            if n.casefold() == name.strip().casefold():
                return i
        raise InputError(f"no tile {name!r} on this board")

    def clearing_of(self, text: str) -> Clearing:
        """A clearing by ``"Oak Woods 2"``; a bad one is refused, naming what is wrong."""
        name, _, number = text.strip().rpartition(" ")
        if not name or not number.isdigit() or len(number) > 2:
            raise InputError(f"a clearing is a tile name and a number, like 'Oak Woods 2', not {text!r}")
        tile = self.tile_index(name)
        span = self.tile_clearings(tile)
        n = int(number)
        if not 1 <= n <= len(span):
            raise InputError(f"{self.tile_names[tile]} has clearings 1 to {len(span)}, not {n}")
        return self.clearings[span[n - 1]]

    def label(self, clearing: int) -> str:
        c = self.clearings[clearing]
        return f"{self.tile_names[c.tile]} {c.number}"
