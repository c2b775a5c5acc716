"""World Campaigning's numbers, read once from ``data/world/*.toml``, and the house rules.

Every table of "WORLD CAMPAIGNING" (seed 000) is a data file: terrain values and capture
costs ("The Realm Control Sheet", "Capture Points"), the discontent modifiers ("3c.
Discontent Sub-phase"), the structures ("Build Structure"), festivals ("Hold Festivals or
Games"), fortification levels ("Fortify a Base") and the random events ("1. The Random Event
Phase").  They are loaded once and cached: the engine never parses text in its hot loop.

>>> rules = world_rules()
>>> rules.terrain["plains"].population, rules.terrain["mountains"].capture
(6, 9)
>>> rules.population_modifier(73), rules.tax["high"].discontent_modifier
(2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

from magecraft.core.errors import DataError, InputError
from magecraft.core.settings import dataclass_from_dict, settings_to_dict
from magecraft.core.settings import load_settings as load_house_rules
from magecraft.mtg_rpg.datafiles import read_toml

SECTION = "WORLD CAMPAIGNING"
TERRAINS: tuple[str, ...] = ("plains", "forest", "mountains", "swamp", "coastal", "desert")
TAX_RATES: tuple[str, ...] = ("low", "medium", "high")
FESTIVALS: tuple[str, ...] = ("simple", "impressive", "elaborate")
EVENT_DURATIONS = ("none", "turn", "turns", "until_resolved", "until_rebuilt", "until_lore")


@dataclass(frozen=True, slots=True)
class Terrain:
    name: str
    label: str
    colour: str
    population: int
    resources: int
    capture: int


@dataclass(frozen=True, slots=True)
class TaxRate:
    name: str
    gp_per_population: int
    discontent_modifier: int


@dataclass(frozen=True, slots=True)
class Structure:
    name: str
    cost: int
    resources: int
    discontent: int = 0
    hardship: int = 0
    extra_army: int = 0


@dataclass(frozen=True, slots=True)
class Festival:
    name: str
    gp_per_population: int
    bonus: int


@dataclass(frozen=True, slots=True)
class FortLevel:
    level: int
    cost: int
    resources: int


@dataclass(frozen=True, slots=True)
class EventRow:
    """One row of the random event table (ruling WW3): a draw's colour and mana value pick it."""

    colour: str
    low: int
    high: int
    name: str
    duration: str
    discontent: int = 0
    hardship: int = 0
    resources: int = 0
    upkeep_resources: int = 0
    tax_percent: int = 100
    trade_percent: int = 100
    #: Gold the realm may take instead of the resources ("Knowledge Rediscovered", setting WW34).
    or_gold: int = 0


@dataclass(frozen=True, slots=True)
class WorldRules:
    terrain: Mapping[str, Terrain]
    base_population: int
    base_resources: int
    capture_additions: Mapping[str, int]
    population_bands: tuple[tuple[int, int], ...]
    tax: Mapping[str, TaxRate]
    structures: Mapping[str, Structure]
    festivals: Mapping[str, Festival]
    fortification: tuple[FortLevel, ...]
    events: tuple[EventRow, ...]

    def population_modifier(self, population: int) -> int:
        """The discontent check's population modifier ("3c. Discontent Sub-phase")."""
        for up_to, modifier in self.population_bands:
            if population <= up_to:
                return modifier
        return self.population_bands[-1][1]

    def event_for(self, colour: str, value: int) -> EventRow:
        """The event a referee draw of ``colour`` and mana ``value`` calls for (ruling WW3)."""
        for row in self.events:
            if row.colour == colour and row.low <= value <= row.high:
                return row
        raise DataError(f"world events: no row for a {colour} card of mana value {value}")


def _records(raw: Mapping[str, Any], key: str, cls: type[Any], what: str) -> dict[str, Any]:
    table = raw.get(key)
    if not isinstance(table, dict) or not table:
        raise DataError(f"{what}: missing table [{key}]")
    return {
        name: dataclass_from_dict(cls, {"name": name, **fields}, f"{what} [{key}.{name}]")
        for name, fields in table.items()
    }


@cache
def world_rules() -> WorldRules:
    """The shipped World Campaigning tables, checked whole (a bad file is refused, never half-read)."""
    what = "mtg_rpg/data/world/rules.toml"
    raw = read_toml("world/rules.toml")
    terrain = _records(raw, "terrain", Terrain, what)
    if tuple(terrain) != TERRAINS:
        raise DataError(f"{what}: terrains must be {', '.join(TERRAINS)}")
    structures = _records(raw, "structure", Structure, what)
    festivals = _records(raw, "festival", Festival, what)
    tax = _records(raw, "tax", TaxRate, what)
    levels = tuple(
        dataclass_from_dict(FortLevel, row, f"{what} [[fortification]]") for row in raw.get("fortification", [])
    )
    if [lv.level for lv in levels] != list(range(1, 7)):
        raise DataError(f"{what}: fortification levels must be 1 to 6 in order")
    bands = tuple((int(row["up_to"]), int(row["modifier"])) for row in raw.get("population_modifier", []))
    events_raw = read_toml("world/events.toml").get("event", [])
    events = tuple(
        dataclass_from_dict(EventRow, row, "mtg_rpg/data/world/events.toml [[event]]") for row in events_raw
    )
    _check_events(events)
    base = raw.get("base", {})
    return WorldRules(
        terrain=terrain,
        base_population=int(base["population"]),
        base_resources=int(base["resources"]),
        capture_additions=dict(raw["capture_additions"]),
        population_bands=bands,
        tax=tax,
        structures=structures,
        festivals=festivals,
        fortification=levels,
        events=events,
    )


def _check_events(events: tuple[EventRow, ...]) -> None:
    names = {e.name for e in events}
    if len(events) != 20 or len(names) != 20:
        raise DataError("world events: the seed lists 20 events, each once")
    for colour in ("W", "U", "B", "R", "G", "C"):
        covered = sorted((e.low, e.high) for e in events if e.colour == colour)
        expected = 0
        for low, high in covered:
            if low != expected:
                raise DataError(f"world events: {colour} draws of mana value {expected} have no event")
            expected = high + 1
        if expected <= 20:
            raise DataError(f"world events: {colour} draws above {expected - 1} have no event")
    for e in events:
        if e.duration not in EVENT_DURATIONS:
            raise DataError(f"world events: {e.name}: unknown duration {e.duration!r}")


@dataclass(frozen=True, slots=True)
class WorldSettings:
    """House rules for World Campaigning; each field is a ruling WWn in docs/rulings.md."""

    #: WW4 "Realm Military Strength": "total population divided by 10 (round fractions up)"; Harloon's
    #: example (73 -> 7) rounds down.
    military_rounding: Literal["up", "down"] = "up"
    #: WW5 "Realm Encounter Factor": the example counts Harloon's 2 bases as hexes (5 + 2 + 5 + 2 = 14).
    encounter_counts_bases: bool = False
    #: WW6 "Make War": "$5,000 gp times its military strength"; the examples charge 10,000 per point.
    war_cost_per_strength: int = 5000
    #: WW7 "Hold Festivals or Games": an impressive festival costs 500 gp x population; the example
    #: charges 73,000 for population 73 (1,000 gp x population).
    impressive_festival_gp: int = 500
    #: WW8 "Fortify a Base": "table" (the level table and its example) or "flat" (25,000 gp and 10
    #: resources for each level, as the sentence says).
    fortification_costs: Literal["table", "flat"] = "table"
    #: WW9 "Plunder": a short loser pays what he can and the conqueror gets "half" of it, or "excess"
    #: (anything in excess of 10,000 gp, as the sentence says).
    short_plunder: Literal["half", "excess"] = "half"
    #: WW10 "Maintenance": civilians cost 1 resource per this many population points (the sentence
    #: says 1 per point, which Harloon's 35 resources could never pay for its 73 population).
    population_per_upkeep_resource: int = 10
    #: WW11 Events that last "until resolved" end, in a world running itself, the first time the
    #: realm passes the check they burden (as Plague does); False leaves them to the referee.
    auto_resolve_events: bool = True
    #: WW16 A rebellion's new government starts afresh at discontent 6, as a new realm does ("Realm
    #: Discontent and Hardship"); False keeps the old discontent.
    rebellion_resets_discontent: bool = True
    #: WW3 One random event per realm each turn (True) or one for a randomly selected realm (False).
    event_per_realm: bool = True
    #: "Make War": realms still holding this many hexes or fewer stop being attacked by bots.
    #: (Not a rule; the bots' restraint so that small sample worlds last.)  0 turns it off.
    bot_war_restraint_hexes: int = 0
    #: WW17 "Only one (1) military unit may be transported per turn using a Navel unit": "one" landing a
    #: turn for the realm, or one "per_naval_unit".
    landings_per_turn: Literal["one", "per_naval_unit"] = "one"
    #: WW30: the encounter factor of a hex in no realm, for a ruler exploring in person (no patrols:
    #: the seed's "7 or 8" of a realm that does a poor job patrolling).
    wild_encounter_factor: int = 7
    #: WW34 "Knowledge Rediscovered": "Add either +3 to resources for this turn or 3,000 gp to the
    #: treasury": "resources" or "gold".
    knowledge_rediscovered: Literal["resources", "gold"] = "resources"
    #: WW35 "These units disband immediately any turn they are not paid. (And it's possible they will
    #: defect.)": mercenaries not hired again "leave" quietly at the turn's end, or each leaving band
    #: makes the Disband Armies check ("defect_check": brigands on a failed Challenging (9) Diplomacy).
    unpaid_mercenaries: Literal["leave", "defect_check"] = "leave"
    #: WW38 "3a. Hardship Sub-phase": a failed check means the realm "is not allowed to recruit new military
    #: forces": "military_units" bars every action raising one (soldiers, mercenaries, naval and Wizard
    #: units); "recruit" bars the Recruit action alone.
    failed_hardship_bars: Literal["military_units", "recruit"] = "military_units"
    #: WW14 "A realm can leverage a pre-built road and setup trade along this pre-existing route for half the
    #: standard build costs": "own" -- trade doubles along the realm's own road (built, or leveraged at half the
    #: build costs a hex); "shared" -- any road joining two realms' bases doubles both ways for free, and an
    #: Open Trade along it costs half (5,000 gp).
    road_use: Literal["own", "shared"] = "own"
    #: WW40 The seed names no winner of a campaign: the realms counted as a season's winners are those still in
    #: play with the "most hexes" (what conquest takes), "most population" or "most gold", or "none".
    season_winner: Literal["most hexes", "most population", "most gold", "none"] = "most hexes"

    def __post_init__(self) -> None:
        if self.population_per_upkeep_resource < 1:
            raise InputError("population_per_upkeep_resource must be at least 1")
        if self.war_cost_per_strength < 0 or self.impressive_festival_gp < 0:
            raise InputError("costs cannot be negative")
        if self.wild_encounter_factor < 0:
            raise InputError("wild_encounter_factor cannot be negative")
        for name, hint in get_type_hints(WorldSettings).items():
            if get_origin(hint) is Literal and getattr(self, name) not in get_args(hint):
                choices = " or ".join(repr(c) for c in get_args(hint))
                raise InputError(f"{name} must be {choices}, not {getattr(self, name)!r}")

    def to_dict(self) -> dict[str, Any]:
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> WorldSettings:
        return dataclass_from_dict(cls, raw, "world house rules")

    @classmethod
    def load(cls, path: Path) -> WorldSettings:
        return load_house_rules(cls, path)


DEFAULT_WORLD_SETTINGS = WorldSettings()
