"""The expansion's setup, exactly as "15. EXPANSION SETUP" (seed 002) lays it out.

1. Tiles (15.2, 1.1/1): the twenty original tiles, all five swamps and five special tiles chosen at
   random (of eleven; ruling MR1) -- thirty.
2. The major chit pool (15.3): sounds, treasure locations (the original eight, Stones, Trap, Tree, Web
   and one generator chosen at random from Hive, Graveyard and Pond, kept hidden), gates, six
   travellers chosen at random, guilds.  Four piles of five are set aside for Lost City, Lost Castle,
   Necromancer's Tower and Gate of Chaos; four chits with the LOST CITY chit go one to each cave tile,
   four with LOST CASTLE to the mountain tiles, four with NECROMANCER'S TOWER to the special tiles.
   What remains -- four chits and the GATE OF CHAOS chit, the "remaining 5" of 15.3/6 (ruling MR1) --
   joins the minor pool's draw.
3. The minor chit pool (15.4): 25 chits; ten at random with those five go one to each cave, mountain
   and special tile; the other fifteen one to each valley, woods and swamp tile.
4. Treasure Setup Card II (15.5): the traveller cards of the travellers in play and the event cards.

>>> from magecraft.core.randomness import Randomness
>>> s = Setup.deal(Randomness.seeded(1))
>>> len(s.tiles), sum(len(v) for v in s.tile_chits.values()), [len(p) for p in s.group_piles.values()]
(30, 45, [5, 5, 5, 5])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.data import read, tiles, travellers

SECTION = "15. EXPANSION SETUP"
PILE_SIZE = 5
AMBUSH = "Ambush"
GROUPS_ON_TILES = (("Lost City", "caves"), ("Lost Castle", "mountains"), ("Necromancer's Tower", "special"))


@dataclass(frozen=True, slots=True)
class Chit:
    """A chit: its name and its kind (sound, treasure location, generator, gate, traveller, guild, group,
    minor treasure location, event, gold, blank)."""

    name: str
    kind: str

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


@cache
def _pools() -> dict[str, Any]:
    return read("setup.toml")


def _major_pool(rng: Randomness) -> tuple[list[Chit], Chit, list[str]]:
    raw = _pools()["major_pool"]
    generator = rng.choice(raw["generators"], "the generator treasure location (kept hidden)", section=SECTION)
    names = sorted(travellers())
    rng.shuffle(names, "the six travellers in play", section=SECTION)
    chosen = names[: raw["travellers"]]
    chits = (
        [Chit(n, "sound") for n in raw["sounds"]]
        + [Chit(n, "treasure location") for n in raw["treasure_locations"]]
        + [Chit(generator, "generator")]
        + [Chit(n, "gate") for n in raw["gates"]]
        + [Chit(n, "traveller") for n in sorted(chosen)]
        + [Chit(n, "guild") for n in raw["guilds"]]
    )
    return chits, Chit(generator, "generator"), sorted(chosen)


def _minor_pool() -> list[Chit]:
    raw = _pools()["minor_pool"]
    return (
        [Chit(n, "minor treasure location") for n in raw["minor_treasure_locations"]]
        + [Chit(n, "event") for n in raw["events"]]
        + [Chit("Gold", "gold")] * raw["gold"]
        + [Chit("Blank", "blank")] * raw["blank"]
    )


@dataclass(frozen=True, slots=True)
class Setup:
    """A complete expansion setup: tiles in play, the chits dealt to each tile, the group piles."""

    tiles: tuple[str, ...]
    removed_specials: tuple[str, ...]
    tile_chits: Mapping[str, tuple[Chit, ...]]
    group_piles: Mapping[str, tuple[Chit, ...]]
    generator: str
    travellers_in_play: tuple[str, ...]
    events: tuple[str, ...] = field(default=())

    @classmethod
    def deal(cls, rng: Randomness, *, special_tiles: int | None = None) -> Setup:
        """Deal a whole setup from ``rng`` (every pick and shuffle logged)."""
        info = tiles()
        used = special_tiles if special_tiles is not None else int(_pools()["special_tiles_used"])
        specials = sorted(n for n, t in info.items() if t.category == "special")
        rng.shuffle(specials, "the special tiles, five chosen at random (1.1/1)", section=SECTION)
        in_play = tuple(n for n, t in info.items() if t.category != "special") + tuple(sorted(specials[:used]))
        by_category = {
            c: [n for n in in_play if info[n].category == c]
            for c in ("caves", "mountains", "special", "valley", "woods", "swamp")
        }
        major, generator_chit, chosen = _major_pool(rng)
        generator = generator_chit.name
        rng.shuffle(major, "mix the major chit pool (15.3/2)", section=SECTION)
        piles = {}
        for group in ("Lost City", "Lost Castle", "Necromancer's Tower", "Gate of Chaos"):
            piles[group], major = tuple(major[:PILE_SIZE]), major[PILE_SIZE:]
        dealt: dict[str, list[Chit]] = {n: [] for n in in_play}
        for group, category in GROUPS_ON_TILES:
            hand, major = major[: len(by_category[category]) - 1], major[len(by_category[category]) - 1 :]
            hand = [*hand, Chit(group, "group")]
            rng.shuffle(hand, f"mix four chits with the {group.upper()} chit", section=SECTION)
            for tile, chit in zip(by_category[category], hand, strict=True):
                dealt[tile].append(chit)
        remaining = [*major, Chit("Gate of Chaos", "group")]
        minor = _minor_pool()
        rng.shuffle(minor, "mix the minor chit pool (15.4/1)", section=SECTION)
        mixed, rest = [*minor[:10], *remaining], minor[10:]
        rng.shuffle(mixed, "mix ten minor chits with the five remaining major chits", section=SECTION)
        for tile, chit in zip(
            by_category["caves"] + by_category["mountains"] + by_category["special"], mixed, strict=True
        ):
            dealt[tile].append(chit)
        for tile, chit in zip(
            by_category["valley"] + by_category["woods"] + by_category["swamp"], rest, strict=True
        ):
            dealt[tile].append(chit)
        events = tuple(c.name for c in _minor_pool() if c.kind == "event")
        rng.log.record(
            "setup",
            f"expansion setup dealt: {len(in_play)} tiles",
            section=SECTION,
            data={"generator": generator, "travellers": chosen},
        )
        return cls(
            in_play,
            tuple(sorted(specials[used:])),
            {k: tuple(v) for k, v in dealt.items()},
            piles,
            generator,
            tuple(chosen),
            events,
        )

    def swap_ambush(self, rng: Randomness) -> Setup:
        """1.2/3: "If the player is unable/unwilling to play this tile he/she may choose to swap the tile out
        with one of those that were discarded in 1.1/1 above (random selection)": the Ambush leaves the game
        for a special tile drawn at random among those set aside, which takes its place and the chits dealt
        to it (ruling MR53).  Refused (``RuleError``) when the Ambush is not in play or none was set aside."""
        if AMBUSH not in self.tiles:
            raise RuleError("the Ambush is not in play", rule="1.2/3", section="1.2 The new tiles")
        if not self.removed_specials:
            raise RuleError("no special tile was discarded to swap the Ambush with", rule="1.1/1, 1.2/3",
                            section="1.2 The new tiles")
        drawn = rng.choice(list(self.removed_specials), "the Ambush swapped for a discarded tile (1.2/3)",
                           section=SECTION)
        others = tuple(t for t in self.tiles if t != AMBUSH)
        info = tiles()
        in_play = (tuple(t for t in others if info[t].category != "special")
                   + tuple(sorted([*(t for t in others if info[t].category == "special"), drawn])))
        dealt = {(drawn if t == AMBUSH else t): chits for t, chits in self.tile_chits.items()}
        removed = tuple(sorted([*(t for t in self.removed_specials if t != drawn), AMBUSH]))
        rng.log.record("setup", f"the Ambush is swapped for the {drawn}", section=SECTION,
                       data={"swapped_in": drawn})
        return Setup(in_play, removed, {t: dealt[t] for t in in_play}, self.group_piles, self.generator,
                     self.travellers_in_play, self.events)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        """Rebuild a setup written by :meth:`to_dict`; a malformed one raises ``KeyError``/``TypeError``/
        ``ValueError``."""

        def chits(rows: Any) -> tuple[Chit, ...]:
            return tuple(Chit(str(c["name"]), str(c["kind"])) for c in rows)

        known = tiles()
        made = cls(
            tuple(str(t) for t in raw["tiles"]),
            tuple(str(t) for t in raw["removed_special_tiles"]),
            {str(t): chits(cs) for t, cs in dict(raw["tile_chits"]).items()},
            {str(g): chits(cs) for g, cs in dict(raw["group_piles"]).items()},
            str(raw["generator"]),
            tuple(str(t) for t in raw["travellers"]),
            tuple(str(e) for e in raw["setup_card_ii"]["event_cards"]),
        )
        unknown = [t for t in made.tiles if t not in known]
        if unknown or set(made.tile_chits) != set(made.tiles):
            raise ValueError("the setup's tiles and the chits dealt to them do not match")
        if made.generator not in _pools()["major_pool"]["generators"]:
            raise ValueError(f"no generator {made.generator!r}")
        return made

    def to_dict(self) -> dict[str, Any]:
        return {
            "tiles": list(self.tiles),
            "removed_special_tiles": list(self.removed_specials),
            "tile_chits": {t: [c.to_dict() for c in cs] for t, cs in self.tile_chits.items()},
            "group_piles": {g: [c.to_dict() for c in cs] for g, cs in self.group_piles.items()},
            "generator": self.generator,
            "travellers": list(self.travellers_in_play),
            "setup_card_ii": {"traveller_cards": list(self.travellers_in_play), "event_cards": list(self.events)},
        }
