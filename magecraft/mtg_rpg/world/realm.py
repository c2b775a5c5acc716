"""The realm control sheet: "essentially a character sheet for an entire kingdom" (seed 000).

A :class:`Realm` holds what the sheet records and the map does not: the ruler's Diplomacy,
Wisdom, Wilderness Lore and War skill, Calling and Demeanor, military strength, discontent,
hardship, treasury, tax rate, trade routes, structures, the failed-discontent-check marks and
the events still burdening it.  What the map decides -- population, resources, hexes, bases --
is computed from the realm's territory by :mod:`magecraft.mtg_rpg.world.campaign`.

>>> from magecraft.mtg_rpg.world.rules import world_rules, DEFAULT_WORLD_SETTINGS
>>> starting_military(73, DEFAULT_WORLD_SETTINGS)
8
>>> from dataclasses import replace
>>> starting_military(73, replace(DEFAULT_WORLD_SETTINGS, military_rounding="down"))
7
>>> starting_military(9, DEFAULT_WORLD_SETTINGS)
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from functools import cache
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.datafiles import read_toml
from magecraft.mtg_rpg.world.rules import TAX_RATES, WorldSettings

SHEET = "The Realm Control Sheet"

#: "Realm Discontent and Hardship": "Each realm begins with a discontent of six (6)" and hardship 6.
STARTING_DISCONTENT = 6
STARTING_HARDSHIP = 6
#: "Opposing Realm ill-Will": "An average or neutral ill-will value of six (6)".
STARTING_ILL_WILL = 6
#: "Realm Treasury and Taxes": a year's income, six seasons, is saved at the start.
STARTING_TREASURY_SEASONS = 6


def starting_military(population: int, settings: WorldSettings) -> int:
    """Population / 10, rounded up (ruling WW4); under 10 population, 1 ("Realm Military Strength")."""
    if population < 10:
        return 1
    return -(-population // 10) if settings.military_rounding == "up" else population // 10


#: The unit markers of the realms map and the sheet's count each stands for: "Note any mercenary unit
#: with a "M" on the realm map", a "Navel" unit "N", a Wizard unit "W" (ruling WW22).
MARKERS: dict[str, str] = {"M": "mercenaries", "N": "naval_units", "W": "wizard_units"}


def recruit_cap(population: int, barracks: int) -> int:
    """At most population / 5, rounded up; each Barracks allows one more ("Build Structure") ("Recruit")."""
    return -(-population // 5) + barracks


@dataclass(slots=True)
class Ongoing:
    """An event still burdening a realm: ``turns_left`` counts down; None lasts until it is ended."""

    name: str
    turns_left: int | None
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "turns_left": self.turns_left, "count": self.count}


@dataclass(slots=True)
class Building:
    """A structure under construction: "one season per 25,000 gp of the structure cost"."""

    kind: str
    seasons_left: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seasons_left": self.seasons_left}


@dataclass(slots=True)
class Realm:
    """One realm's control sheet."""

    name: str
    calling: str
    demeanor: str
    diplomacy: int
    wisdom: int
    wilderness_lore: int
    war_skill: int = 0
    capital: int | None = None
    ruler: str | None = None
    #: "give their new kingdom a name, heraldry emblem" ("Starting a Kingdom"): a description.
    heraldry: str = ""
    ruler_is_wizard: bool = False
    controller: str = "bot"
    military: int = 0
    wizard_units: int = 0
    naval_units: int = 0
    mercenaries: int = 0
    scouts: int = 0
    discontent: int = STARTING_DISCONTENT
    hardship: int = STARTING_HARDSHIP
    treasury: int = 0
    tax: str = "medium"
    failed_checks: int = 0
    short_seasons: int = 0
    shortage_now: int = 0
    shortage_next: int = 0
    festival_bonus: int = 0
    trade_routes: list[str] = field(default_factory=list)
    structures: list[str] = field(default_factory=list)
    building: list[Building] = field(default_factory=list)
    ongoing: list[Ongoing] = field(default_factory=list)
    at_war: list[str] = field(default_factory=list)
    alive: bool = True
    #: Where each marked unit stands: a marker letter of :data:`MARKERS` to one hex per unit (WW22).
    troops: dict[str, list[int]] = field(default_factory=dict)
    #: Hexes outside its borders the realm's scouts have explored ("Scout Units"; WW24).
    explored: list[int] = field(default_factory=list)
    #: The paved hexes whose road is the realm's own: built by it, or "leveraged" for trade at half the build
    #: costs (Build Roads, ruling WW14); trade doubles only along these.
    roads: list[int] = field(default_factory=list)

    def count(self, structure: str) -> int:
        return self.structures.count(structure)

    def has_ongoing(self, name: str) -> Ongoing | None:
        for item in self.ongoing:
            if item.name == name:
                return item
        return None

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["building"] = [b.to_dict() for b in self.building]
        out["ongoing"] = [o.to_dict() for o in self.ongoing]
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Realm:
        """A control sheet from data; a wrong or unknown field refuses the sheet, naming it."""
        if not isinstance(raw, Mapping):
            raise DataError("a realm's control sheet must be a table")
        name = raw.get("name", "?")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise DataError(f"realm {name!r}: unknown field {unknown[0]!r}")
        for key in ("name", "calling", "demeanor", "diplomacy", "wisdom", "wilderness_lore"):
            if key not in raw:
                raise DataError(f"realm {name!r}: missing field {key!r}")
        values = dict(raw)
        try:
            values["building"] = [
                Building(str(b["kind"]), int(b["seasons_left"])) for b in raw.get("building", [])
            ]
            values["ongoing"] = [
                Ongoing(
                    str(o["name"]),
                    None if o["turns_left"] is None else int(o["turns_left"]),
                    int(o.get("count", 1)),
                )
                for o in raw.get("ongoing", [])
            ]
            values["troops"] = {str(k): [int(h) for h in v] for k, v in dict(raw.get("troops", {})).items()}
            values["explored"] = [int(h) for h in raw.get("explored", [])]
            values["roads"] = [int(h) for h in raw.get("roads", [])]
        except (KeyError, TypeError, ValueError):
            raise DataError(
                f"realm {name!r}: building, ongoing, troops, explored or roads entries are malformed"
            ) from None
        realm = cls(**values)
        _check_sheet(realm)
        return realm


def _check_sheet(realm: Realm) -> None:
    where = f"realm {realm.name!r}"
    for key in (
        "diplomacy",
        "wisdom",
        "wilderness_lore",
        "war_skill",
        "military",
        "wizard_units",
        "naval_units",
        "mercenaries",
        "scouts",
        "discontent",
        "hardship",
        "treasury",
        "failed_checks",
        "short_seasons",
        "shortage_now",
        "shortage_next",
        "festival_bonus",
    ):
        value = getattr(realm, key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DataError(f"{where}: {key} must be a whole number, 0 or more")
    for letter, hexes in realm.troops.items():
        if letter not in MARKERS:
            raise DataError(f"{where}: troop markers are {', '.join(MARKERS)}, not {letter!r}")
        if len(hexes) > getattr(realm, MARKERS[letter]) or any(h < 0 for h in hexes):
            raise DataError(f"{where}: more {letter} markers than {MARKERS[letter]}, or a marker off the map")
    if any(h < 0 for h in realm.explored):
        raise DataError(f"{where}: an explored hex off the map")
    if any(h < 0 for h in realm.roads) or len(set(realm.roads)) != len(realm.roads):
        raise DataError(f"{where}: a road hex off the map, or listed twice")
    if realm.tax not in TAX_RATES:
        raise DataError(f"{where}: tax rate must be low, medium or high, not {realm.tax!r}")
    if realm.controller not in ("bot", "table"):
        raise DataError(f"{where}: controller must be bot or table")
    for key in ("name", "calling", "demeanor"):
        if not isinstance(getattr(realm, key), str) or not getattr(realm, key).strip():
            raise DataError(f"{where}: {key} must be a name")


@cache
def callings_and_demeanors() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The MtG RPG's Callings and Demeanors (the realm's, like a Wizard's: "Realm Calling and Demeanor")."""
    raw = read_toml("character.toml")
    return tuple(raw["callings"]), tuple(raw["demeanors"])


def new_government(
    rng: Randomness, realm: Realm, *, label: str, calling: str = "", demeanor: str = ""
) -> None:
    """A new government's skills, Calling and Demeanor (ruling WW16).

    "Mediocre leaders have a Diplomacy rating of 4 to 6": Diplomacy 2 + 1d6 (3 to 8); "an average
    ruler might have Wisdom of 2 or 3": Wisdom 1d4; Wilderness Lore 1d10 ("from 1 to 10"); War
    skill 1d6 - 1.  A conqueror installing a government names its Calling and Demeanor
    ("Capturing Capitols"); those not named are drawn.
    """
    callings, demeanors = callings_and_demeanors()
    realm.calling = calling or rng.choice(callings, f"{label}: Calling")
    realm.demeanor = demeanor or rng.choice(demeanors, f"{label}: Demeanor")
    realm.diplomacy = 2 + rng.roll(6, f"{label}: Diplomacy")
    realm.wisdom = rng.roll(4, f"{label}: Wisdom")
    realm.wilderness_lore = rng.roll(10, f"{label}: Wilderness Lore")
    realm.war_skill = rng.roll(6, f"{label}: War skill") - 1
    realm.ruler, realm.ruler_is_wizard = None, False
