"""Magic Realm Expansion One's data: tiles, travellers, guilds, monsters and spells, read once and checked.

The rolled tables are core tables (``data/tables/mr_*.toml``, :func:`magecraft.core.tables.get_table`);
the lists here are looked up.  Each loader refuses a malformed file whole, naming it.

>>> len(travellers()), len(spells()), len(tiles())
(27, 40, 36)
>>> traveller("jester").joins
'most letters'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from magecraft.core.errors import DataError, InputError
from magecraft.core.names import close_names
from magecraft.core.settings import dataclass_from_dict

TILE_CATEGORIES = ("woods", "valley", "caves", "mountains", "swamp", "special")
CLEARING_TYPES = ("normal", "mountain", "cave", "red mountain", "orange mountain", "white mountain")
T = TypeVar("T")
DEFAULT_CLEARINGS = {"caves": ("cave",) * 6, "mountains": ("mountain",) * 6}


def read(name: str) -> dict[str, Any]:
    """A shipped TOML file of ``magecraft/magic_realm/data``."""
    text = resources.files("magecraft.magic_realm").joinpath("data", name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"magic_realm/data/{name}: not valid TOML: {exc}") from None


@dataclass(frozen=True, slots=True)
class TileInfo:
    """A tile of the realm: its category and its clearings' types (clearing n is ``clearings[n - 1]``)."""

    name: str
    category: str
    clearings: tuple[str, ...] = ()
    no_offroad: bool = False
    sides: tuple[tuple[int, ...], ...] = ()
    bridge: tuple[int, ...] = ()
    hidden_edges: tuple[int, ...] = ()
    place_first: bool = False


@cache
def tiles() -> dict[str, TileInfo]:
    raw = read("tiles.toml")
    out: dict[str, TileInfo] = {}
    for row in raw.get("tile", []):
        category = row.get("category")
        if category not in TILE_CATEGORIES:
            raise DataError(f"magic_realm/data/tiles.toml: {row.get('name')!r}: unknown category {category!r}")
        clearings = tuple(row.get("clearings", DEFAULT_CLEARINGS.get(category, ("normal",) * 6)))
        if any(c not in CLEARING_TYPES for c in clearings):
            raise DataError(f"magic_realm/data/tiles.toml: {row['name']!r}: unknown clearing type")
        values = {
            **row,
            "clearings": clearings,
            "sides": tuple(tuple(s) for s in row.get("sides", ())),
            "bridge": tuple(row.get("bridge", ())),
            "hidden_edges": tuple(row.get("hidden_edges", ())),
        }
        out[row["name"]] = dataclass_from_dict(TileInfo, values, "magic_realm/data/tiles.toml")
    return out


@cache
def volcano_midnight() -> dict[str, str]:
    """1.2/1: what midnight does in each kind of Volcano clearing."""
    return dict(read("tiles.toml")["volcano_midnight"])


@dataclass(frozen=True, slots=True)
class Traveller:
    """A traveller of "7. TRAVELLERS": wage, capture, and the card's own rules (7.10)."""

    name: str
    rule: str
    hire: int | None = None
    per_day: bool = False
    capture: bool = False
    green: bool = False
    hire_chit: bool = False
    joins: str | None = None
    table: str | None = None
    prices: Mapping[str, int] = field(default_factory=dict)
    #: 7.6, ruling MR42: the phases of the day he adds or forbids, and the Shadow's MAGIC SIGHT.
    extra_phases: tuple[str, ...] = ()
    forbids: tuple[str, ...] = ()
    search_as: str | None = None
    #: The Merchant: he buys at ``buys_at`` times face value and sells at ``sells_at`` times (7.10).
    buys_at: int | None = None
    sells_at: int | None = None
    #: The Mercenary: a hired leader moved on his own, like a Native Leader (7.10).
    moves_alone: bool = False


@cache
def travellers() -> dict[str, Traveller]:
    out = {}
    for row in read("travellers.toml")["traveller"]:
        fixed: dict[str, Any] = {k: tuple(v) if k in ("extra_phases", "forbids") else v for k, v in row.items()}
        out[row["name"]] = Traveller(**fixed)
    return out


def traveller(name: str) -> Traveller:
    """A traveller by name, any case; an unknown name is refused with the nearest ones."""
    return find_named(travellers(), name, "traveller")


@dataclass(frozen=True, slots=True)
class Spell:
    name: str
    type: str
    colour: str
    target: str
    duration: str
    effect: str
    #: The harm letter and sharpness stars of an attack spell's hit (Ice Storm, Magic Arrow, Fire Trap; Lucky
    #: Blow's Tremendous), for ``magic-realm strike --spell``.
    harm: str | None = None
    stars: int = 0


@cache
def spells() -> dict[str, Spell]:
    return {row["name"]: Spell(**row) for row in read("spells.toml")["spell"]}


def spell(name: str) -> Spell:
    return find_named(spells(), name, "spell")


def search_spells(text: str) -> list[Spell]:
    """Spells whose name, type, colour, target, duration or effect mention ``text``."""
    needle = text.casefold()
    return [
        s
        for s in spells().values()
        if any(needle in str(v).casefold() for v in (s.name, s.type, s.colour, s.target, s.duration, s.effect))
    ]


@dataclass(frozen=True, slots=True)
class Guild:
    """A guild of 9.2: what joins it (``join``, and ``deed``, the record of it) and its benefits in order."""

    name: str
    join: str
    deed: str
    benefits: tuple[str, ...]


@cache
def guilds() -> dict[str, Guild]:
    rows = read("realm.toml")["guild"]
    return {row["name"]: Guild(row["name"], row["join"], row["deed"], tuple(row["benefits"])) for row in rows}


@dataclass(frozen=True, slots=True)
class Monster:
    name: str
    vulnerability: str
    fame: int
    notoriety: int
    armored: bool
    note: str = ""
    #: 14.3: the Bees and Slimes never change tactics in combat.
    changes_tactics: bool = True


@cache
def monsters() -> dict[str, Monster]:
    return {row["name"]: Monster(**row) for row in read("realm.toml")["monster"]}


@cache
def realm_lists() -> dict[str, Any]:
    raw = read("realm.toml")
    return {
        "event_types": dict(raw["event_types"]),
        "drain_life": dict(raw["drain_life"]),
        "places": {k: tuple(v) for k, v in raw["places"].items()},
        "dragon_order": tuple(raw["dragonslayer"]["order"]),
        "bats": tuple(raw["bat_hunter"]["bats"]),
        "female": frozenset(raw["characters"]["female"]),
        "benefit_effects": {k: dict(v) for k, v in raw["guild_benefit_effects"].items()},
        "day_phases": (int(raw["day"]["basic_phases"]), int(raw["day"]["sunlight_phases"])),
    }


def find_named(items: Mapping[str, T], name: str, what: str) -> T:
    """The item of ``items`` called ``name`` (any case); refused (``InputError``) with the nearest names."""
    wanted = name.strip().casefold()
    for key, value in items.items():
        if key.casefold() == wanted:
            return value
    near = close_names(name, items, cutoff=0.5)
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    raise InputError(f"no {what} called {name!r}{hint}")
