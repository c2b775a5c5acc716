"""The realms map: 10-mile hexes with terrain, rivers, bases, guarding armies, roads and borders.

"The Realms Map" (seed 000): the referee marks each realm's capitol, its bases (large city or
small town, the capitol being one), its guarding armies ("g"), and draws "a contiguous border
... around all the areas that are controlled by the realm ... Make sure that no two borders
overlap."  Hexes use axial coordinates ``(q, r)``; each hex has one owner at most, so borders
cannot overlap, and :meth:`HexMap.check_borders` refuses a realm whose hexes are not contiguous.
Open water is a ``sea`` hex (ruling WW29): no realm holds it and nothing is built on it, but naval
units sail it ("Any military unit that wants to travel by water ... must be designated as a Navel
unit").

>>> m = HexMap.from_dict({"hexes": [
...     {"q": 0, "r": 0, "terrain": "plains", "owner": "A", "base": "large"},
...     {"q": 1, "r": 0, "terrain": "forest", "owner": "A"},
...     {"q": 2, "r": 0, "terrain": "desert"}]})
>>> [h.terrain for h in m.neighbours_of(m.index[(1, 0)])]
['desert', 'plains']
>>> m.distance(m.index[(0, 0)], m.index[(2, 0)])
2
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.errors import DataError
from magecraft.mtg_rpg.world.rules import TERRAINS

#: The terrain of open water (ruling WW29); not a land terrain of the control sheet.
SEA = "sea"

#: Axial directions of a hex's six neighbours.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
BASE_SIZES = ("large", "small")
_FIELDS = {"q", "r", "terrain", "river", "base", "fort", "guard", "wizard", "road", "owner", "name"}


@dataclass(slots=True)
class Hex:
    """One 10-mile hex.  ``fort`` is the base's fortification level (0-6, "Fortify a Base")."""

    id: int
    q: int
    r: int
    terrain: str
    river: bool = False
    base: str | None = None
    fort: int = 0
    guard: bool = False
    wizard: bool = False
    road: bool = False
    owner: str | None = None
    name: str | None = None

    @property
    def sea(self) -> bool:
        """Open water: held by no realm, sailed by naval units (ruling WW29)."""
        return self.terrain == SEA

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"q": self.q, "r": self.r, "terrain": self.terrain}
        for key in ("river", "guard", "wizard", "road"):
            if getattr(self, key):
                out[key] = True
        for key in ("base", "owner", "name"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.fort:
            out["fort"] = self.fort
        return out


class HexMap:
    """The hexes of a world and who holds each; neighbours are computed once when the map is built."""

    def __init__(self, hexes: Iterable[Hex]) -> None:
        self.hexes: list[Hex] = list(hexes)
        self.index: dict[tuple[int, int], int] = {(h.q, h.r): h.id for h in self.hexes}
        self._neighbours: list[tuple[int, ...]] = [
            tuple(self.index[(h.q + dq, h.r + dr)] for dq, dr in DIRECTIONS if (h.q + dq, h.r + dr) in self.index)
            for h in self.hexes
        ]
        self._sea: frozenset[int] | None = None
        self._land_regions: list[int] | None = None

    def __len__(self) -> int:
        return len(self.hexes)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def __getitem__(self, hex_id: int) -> Hex:
        return self.hexes[hex_id]

    def neighbour_ids(self, hex_id: int) -> tuple[int, ...]:
        return self._neighbours[hex_id]

    def neighbours_of(self, hex_id: int) -> list[Hex]:
        return [self.hexes[i] for i in self._neighbours[hex_id]]

    def sea_ids(self) -> frozenset[int]:
        """The sea hexes (computed once: terrain never changes)."""
        if self._sea is None:
            self._sea = frozenset(h.id for h in self.hexes if h.terrain == SEA)
        return self._sea

    def land_region(self, hex_id: int) -> int:
        """Which body of land ``hex_id`` lies on (-1 for the sea); computed once, terrain never changes."""
        if self._land_regions is None:
            sea = self.sea_ids()
            regions = [-1] * len(self.hexes)
            for first in range(len(self.hexes)):
                if first in sea or regions[first] != -1:
                    continue
                regions[first] = first
                stack = [first]
                while stack:
                    for nxt in self._neighbours[stack.pop()]:
                        if nxt not in sea and regions[nxt] == -1:
                            regions[nxt] = first
                            stack.append(nxt)
            self._land_regions = regions
        return self._land_regions[hex_id]

    def owned_by(self, realm: str) -> list[Hex]:
        return [h for h in self.hexes if h.owner == realm]

    def distance(self, a: int, b: int) -> int:
        """Hexes between ``a`` and ``b`` on the grid (axial distance)."""
        ha, hb = self.hexes[a], self.hexes[b]
        dq, dr = ha.q - hb.q, ha.r - hb.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def label(self, hex_id: int) -> str:
        h = self.hexes[hex_id]
        return h.name or f"({h.q},{h.r})"

    def find(self, text: str) -> int:
        """A hex by its name or ``q,r``; a DataError names what is wrong."""
        cleaned = text.strip().strip("()")
        for h in self.hexes:
            if h.name is not None and h.name.casefold() == cleaned.casefold():
                return h.id
        parts = cleaned.split(",")
        if len(parts) == 2 and all(p.strip().lstrip("-").isdigit() and len(p.strip()) < 6 for p in parts):
            key = (int(parts[0]), int(parts[1]))
            if key in self.index:
                return self.index[key]
        raise DataError(f"no hex {text!r} on this map (give a hex's name or q,r)")

    def path(self, start: int, goal: int, passable: set[int] | None = None) -> list[int] | None:
        """The shortest chain of hexes from ``start`` to ``goal`` (both included), through ``passable``."""
        previous: dict[int, int] = {start: start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                chain = [here]
                while chain[-1] != start:
                    chain.append(previous[chain[-1]])
                return chain[::-1]
            for nxt in self._neighbours[here]:
                if nxt not in previous and (passable is None or nxt in passable or nxt == goal):
                    previous[nxt] = here
                    queue.append(nxt)
        return None

    def connected(self, hex_ids: set[int]) -> bool:
        """Whether ``hex_ids`` form one contiguous area."""
        if not hex_ids:
            return True
        first = next(iter(hex_ids))
        seen = {first}
        queue = deque([first])
        while queue:
            for nxt in self._neighbours[queue.popleft()]:
                if nxt in hex_ids and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return len(seen) == len(hex_ids)

    def check_borders(self) -> None:
        """Refuse a realm whose hexes are not one contiguous area ("The Realms Map")."""
        owners: dict[str, set[int]] = {}
        for h in self.hexes:
            if h.owner is not None:
                owners.setdefault(h.owner, set()).add(h.id)
        for owner, ids in owners.items():
            if not self.connected(ids):
                raise DataError(f'the realm {owner!r} holds hexes that are not contiguous ("The Realms Map")')

    def to_dict(self) -> dict[str, Any]:
        return {"hexes": [h.to_dict() for h in self.hexes]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, contiguous: bool = True) -> HexMap:
        """A map from its data; anything malformed refuses the whole map, naming the hex.

        ``contiguous`` checks the borders as the referee draws them at the start; a world saved
        mid-campaign may hold realms cut in two by war (ruling WW20).
        """
        rows = raw.get("hexes")
        if not isinstance(rows, list) or not rows:
            raise DataError("a world map needs a non-empty list of hexes")
        hexes: list[Hex] = []
        seen: set[tuple[int, int]] = set()
        for number, row in enumerate(rows):
            hexes.append(_hex(number, row, seen))
        made = cls(hexes)
        if contiguous:
            made.check_borders()
        return made


def _hex(number: int, row: Any, seen: set[tuple[int, int]]) -> Hex:
    where = f"hex {number + 1}"
    if not isinstance(row, dict):
        raise DataError(f"{where}: not a table")
    unknown = sorted(set(row) - _FIELDS)
    if unknown:
        raise DataError(f"{where}: unknown field {unknown[0]!r}")
    q, r = row.get("q"), row.get("r")
    if not isinstance(q, int) or not isinstance(r, int) or isinstance(q, bool) or isinstance(r, bool):
        raise DataError(f"{where}: q and r must be whole numbers")
    if (q, r) in seen:
        raise DataError(f"{where}: a second hex at ({q},{r})")
    seen.add((q, r))
    terrain = row.get("terrain")
    if terrain not in TERRAINS and terrain != SEA:
        raise DataError(f"{where}: terrain must be one of {', '.join(TERRAINS)} or {SEA}, not {terrain!r}")
    if terrain == SEA:
        landed = sorted(k for k in ("river", "base", "fort", "guard", "wizard", "road", "owner") if row.get(k))
        if landed:
            raise DataError(f"{where}: a sea hex has no {landed[0]} (no realm holds the sea, ruling WW29)")
    base = row.get("base")
    if base is not None and base not in BASE_SIZES:
        raise DataError(f"{where}: a base is large or small, not {base!r}")
    fort = row.get("fort", 0)
    if not isinstance(fort, int) or isinstance(fort, bool) or not 0 <= fort <= 6 or (fort and base is None):
        raise DataError(f"{where}: fort is a base's fortification level, 0 to 6")
    flags = {}
    for key in ("river", "guard", "wizard", "road"):
        value = row.get(key, False)
        if not isinstance(value, bool):
            raise DataError(f"{where}: {key} must be true or false")
        flags[key] = value
    if flags["wizard"] and not flags["guard"]:
        raise DataError(f"{where}: a Wizard unit is added to a guarding army; this hex has none")
    for key in ("owner", "name"):
        if row.get(key) is not None and (not isinstance(row[key], str) or not row[key].strip()):
            raise DataError(f"{where}: {key} must be a name")
    if (flags["guard"] or base is not None) and row.get("owner") is None:
        raise DataError(f"{where}: bases and guarding armies belong to a realm; give its owner")
    return Hex(number, q, r, terrain, base=base, fort=fort, owner=row.get("owner"), name=row.get("name"), **flags)
