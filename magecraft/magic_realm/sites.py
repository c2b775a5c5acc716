"""The Trap (14.2) and the minor treasure locations (10.1) on the living realm's board.

Setup (15.3-15.4) deals the Trap chit with the major treasure locations and the five minor treasure
locations (Runestone, Box, Bag, Stump, Pouch) with the minor pool, face down on their tiles (or in a
group's pile, off the board until the group is found).  On the board (ruling MR41):

- the Trap lies in its tile's highest-numbered clearing, as the generator does (ruling MR5), and
  holds whoever ends a turn there from the first day, face up or not (14.2/1);
- a chit is revealed at the end of a turn a character ends in its tile (as the generator is, MR5):
  a minor location then goes to a random clearing of its tile and stays face up (10.1/1);
- a SEARCH with a "Discover Chits" or "Choice" result in a minor location's clearing discovers it
  and collects its treasure at once, or awakens the Runestone's spell (10.1/2-3); in the Trap's
  clearing it traps the searcher and such a result frees him for good (14.2/3-4).

:class:`Sites` keeps all of it for :class:`magecraft.magic_realm.days.RealmDays`; the recorded day that
walks through it is :mod:`.phases`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from magecraft.magic_realm.board import Board
from magecraft.magic_realm.setup import Setup
from magecraft.magic_realm.treasures import MinorTreasureLocation, Trap, minor_locations

TRAP = "Trap"


def placeholder(name: str) -> str:
    """What a minor location holds until the referee names it (Treasure Setup Card II is lost, MR18)."""
    return f"the {name}'s {minor_locations()[name]}"


@dataclass(slots=True)
class Sites:
    """Where the Trap lies (``trap_clearing``, None when it is not on the board), who it holds, and the
    minor treasure locations dealt to the board's tiles.  ``hidden`` is the tiles whose chits are still
    face down (a set, checked at every end of turn: the fast path)."""

    trap_tile: int | None = None
    trap_clearing: int | None = None
    trap_revealed: bool = False
    trap: Trap = field(default_factory=Trap)
    minors: list[MinorTreasureLocation] = field(default_factory=list)
    hidden: set[int] = field(default_factory=set)

    @classmethod
    def deal(cls, setup: Setup, board: Board) -> Sites:
        sites = cls()
        for tile, chits in setup.tile_chits.items():
            index = board.tile_index(tile)
            for chit in chits:
                if chit.name == TRAP:
                    sites.trap_tile = index
                    sites.trap_clearing = board.tile_clearings(index)[-1]
                    sites.hidden.add(index)
                elif chit.kind == "minor treasure location":
                    sites.minors.append(MinorTreasureLocation.new(chit.name, tile, placeholder(chit.name)))
                    sites.hidden.add(index)
        return sites

    def minor_at(self, board: Board, clearing: int) -> MinorTreasureLocation | None:
        """The revealed minor location in ``clearing``, if any."""
        for site in self.minors:
            if site.clearing is not None and self.clearing_of(board, site) == clearing:
                return site
        return None

    @staticmethod
    def clearing_of(board: Board, site: MinorTreasureLocation) -> int:
        assert site.clearing is not None
        return board.tile_clearings(board.tile_index(site.tile))[site.clearing - 1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "trap_tile": self.trap_tile,
            "trap_clearing": self.trap_clearing,
            "trap_revealed": self.trap_revealed,
            "trap": self.trap.to_dict(),
            "minors": [m.to_dict() for m in self.minors],
            "hidden": sorted(self.hidden),
        }

    @classmethod
    def read(cls, raw: Mapping[str, Any], board: Board) -> Sites:
        """The sites of a save; ``KeyError``/``ValueError``/``DataError`` on anything malformed."""
        tile = raw["trap_tile"]
        clearing = raw["trap_clearing"]
        if (tile is None) != (clearing is None):
            raise ValueError("the Trap has a tile but no clearing, or a clearing but no tile")
        if tile is not None and int(clearing) not in board.tile_clearings(int(tile)):
            raise ValueError("the Trap's clearing is not on its tile")
        minors = []
        for row in raw["minors"]:
            site = MinorTreasureLocation.new(str(row["name"]), str(row["tile"]), str(row["contents"]))
            number = row["clearing"]
            if number is not None:
                span = board.tile_clearings(board.tile_index(site.tile))
                if not 1 <= int(number) <= len(span):
                    raise ValueError(f"the {site.name} lies in no clearing of {site.tile}")
                site.clearing = int(number)
            site.discovered_by = [str(n) for n in row["discovered_by"]]
            site.collected_by = None if row["collected_by"] is None else str(row["collected_by"])
            site.awakened = bool(row["awakened"])
            site.learned_by = [str(n) for n in row["learned_by"]]
            minors.append(site)
        hidden = {int(t) for t in raw["hidden"]}
        if not all(0 <= t < len(board.tile_names) for t in hidden):
            raise ValueError("a hidden chit lies on no tile")
        return cls(None if tile is None else int(tile), None if clearing is None else int(clearing),
                   bool(raw["trap_revealed"]), Trap.from_dict(dict(raw["trap"])), minors, hidden)
