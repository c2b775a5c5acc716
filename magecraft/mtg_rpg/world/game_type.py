"""World Campaigning as a registered game type (issue 22): one season of a world, its options, a position, bots.

A game is one campaign turn ("The Campaign Turn": a season of 60 days): a new game founds a world from
:class:`WorldOptions` (the shipped sample world, a generated one, or a world file) and begins its first
season; it is over when the last realm has taken its turn and the recording phase is done.  Each realm is a
seat.  A realm's secrets are what the seed keeps from the other rulers: its control sheet (only "the name,
calling and demeanor of all the other realms" are known, "Realm Diplomacy") and what its own spies and scouts
found (ruling WW26) -- :meth:`World.observation` shows each ruler only his own.

:class:`WorldPosition` arranges a season under way in the control sheet's words -- "Harloon with 200,000 gp
in the treasury and military strength 7, in its discontent sub-phase" -- checked as a whole.

>>> from magecraft.core.randomness import Randomness
>>> world = WORLD.new_game(Randomness.seeded(1))
>>> world.seats()
('Harloon', 'Velmoor', 'Dunmarch', 'Sarn')
>>> position = WorldPosition.from_mapping({"turn": "Harloon", "phase": "actions",
...                                        "realms": {"Harloon": {"treasury": 200000}}})
>>> built = position.build(Randomness.seeded(1))
>>> built.decision().player, built.decision().kind, built.realms["Harloon"].treasury
('Harloon', <Phase.ACTIONS: 'actions'>, 200000)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from magecraft.core.bots import BotSpec, Sees
from magecraft.core.errors import DataError, InputError
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.search import fresh_dice, shuffled
from magecraft.core.settings import dataclass_from_dict
from magecraft.core.state import GameState
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.world import generate
from magecraft.mtg_rpg.world.actions import Phase
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.policy import PolicyBot
from magecraft.mtg_rpg.world.rules import TAX_RATES, WorldSettings, world_rules


@dataclass(frozen=True)
class WorldOptions:
    """A new world from plain values: ``generate`` realms at random (2-40), or a world ``map`` file (JSON),
    or else the shipped sample world; ``table``: realms ruled at the table; ``settings``: house rules
    (:class:`WorldSettings` fields); ``name``: the world's name.  The defaults: the sample world's four realms,
    one season."""

    generate: int = 0
    map: str = ""
    table: tuple[str, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)
    name: str = "world"


def _settings(raw: Mapping[str, Any]) -> WorldSettings:
    return WorldSettings.from_dict(raw) if raw else WorldSettings()


def found_world(rng: Randomness, options: WorldOptions, referee: list[str] | None = None) -> World:
    """The world of ``options`` founded (its realms' starting sheets), the realms at the table marked."""
    settings = _settings(options.settings)
    cards = None if referee is None else [_card(name) for name in referee]
    if options.generate and options.map:
        raise InputError("give generate (a random world) or map (a world file), not both")
    if options.generate:
        if cards is not None:
            raise InputError("a generated world draws from its own referee deck")
        world = generate.generate_world(options.generate, rng, settings=settings, name=options.name)
    elif options.map:
        try:
            raw = json.loads(Path(options.map).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(f"cannot read the world file {options.map}: {exc}") from None
        world = generate.world_from_data(raw, rng, settings=settings, name=options.name, referee=cards)
    else:
        world = generate.sample_world(rng, settings=settings, name=options.name, referee=cards)
    for realm in options.table:
        if realm not in world.realms:
            raise InputError(f"no realm {realm!r} in this world (realms: {', '.join(world.realms)})")
        world.realms[realm].controller = "table"
    return world


def _card(name: str) -> Any:
    try:
        return builtin_pool().get(name)
    except (KeyError, DataError, InputError):
        raise InputError(f"the referee's deck: no card {name!r} in the card pool") from None


def new_season(rng: Randomness, options: WorldOptions) -> World:
    """A world founded from ``options`` and its first season begun (events, initiative, the first realm)."""
    world = found_world(rng, options)
    world.begin_season()
    return world


@dataclass(frozen=True)
class RealmSheet:
    """What a position changes on a realm's control sheet (each field left out keeps the founded value)."""

    treasury: int | None = None
    military: int | None = None
    mercenaries: int | None = None
    naval_units: int | None = None
    wizard_units: int | None = None
    discontent: int | None = None
    hardship: int | None = None
    diplomacy: int | None = None
    wisdom: int | None = None
    wilderness_lore: int | None = None
    war_skill: int | None = None
    failed_checks: int | None = None
    tax: str | None = None
    controller: str | None = None
    structures: tuple[str, ...] | None = None

    def check(self, realm: str) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("tax", "controller", "structures") or value is None:
                continue
            if type(value) is not int or value < 0:
                raise InputError(f"{realm}: {f.name} is a whole number, 0 or more, not {value!r}")
        if self.tax is not None and self.tax not in TAX_RATES:
            raise InputError(f"{realm}: the tax rate is {', '.join(TAX_RATES)}, not {self.tax!r}")
        if self.controller not in (None, "bot", "table"):
            raise InputError(f"{realm}: a realm is ruled by the referee (bot) or at the table, "
                             f"not {self.controller!r}")
        unknown = [s for s in self.structures or () if s not in world_rules().structures]
        if unknown:
            raise InputError(f"{realm}: no structure {unknown[0]!r} (structures: "
                             f"{', '.join(world_rules().structures)})")


@dataclass(frozen=True)
class WorldPosition:
    """A season under way, in the words of the control sheets, checked as a whole by :meth:`build`.

    ``world``: the options of the world to found (:class:`WorldOptions`); ``realms``: each realm's sheet as it
    stands now (:class:`RealmSheet`); ``ill_will``: ``{"Harloon|Dunmarch": 9}``; ``referee``: the referee's
    deck by card name, in order, so scripted dice draw known cards (a draw is a roll of 1d<cards>);
    ``turn``/``phase``: the realm whose turn it is and its sub-phase (no events or initiative drawn); with no
    turn the season begins as a new game's does.  ``season``: the season number.
    """

    world: WorldOptions = field(default_factory=WorldOptions)
    realms: Mapping[str, RealmSheet] = field(default_factory=dict)
    ill_will: Mapping[str, int] = field(default_factory=dict)
    referee: tuple[str, ...] = ()
    turn: str = ""
    phase: str = "hardship"
    season: int = 1

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> WorldPosition:
        """A position from a scenario's ``[setup]`` table (``[setup.world]``, ``[setup.realms.NAME]`` ...)."""
        if not isinstance(raw, Mapping):
            raise InputError("a world position is a table")
        realms_raw = raw.get("realms", {})
        if not isinstance(realms_raw, Mapping):
            raise InputError("[setup.realms] is a table of realms by name")
        realms = {str(name): dataclass_from_dict(RealmSheet, sheet, what=f"realm {name}")
                  for name, sheet in realms_raw.items()}
        rest = {k: v for k, v in raw.items() if k not in ("realms", "world")}
        plain: WorldPosition = dataclass_from_dict(cls, rest, what="a world position")
        world = dataclass_from_dict(WorldOptions, raw.get("world", {}), what="[setup.world]")
        return WorldPosition(world, realms, dict(plain.ill_will), plain.referee, plain.turn, plain.phase,
                             plain.season)

    def build(self, rng: Randomness) -> World:
        """The world in this position; an impossible one is refused whole (``InputError``) saying why."""
        try:
            phase = Phase(self.phase)
        except ValueError:
            raise InputError(f"no sub-phase {self.phase!r} (one of {', '.join(p.value for p in Phase)})") from None
        if phase is Phase.OVER or self.season < 1:
            raise InputError("a position is a turn being taken, in season 1 or later")
        world = found_world(rng, self.world, list(self.referee) if self.referee else None)
        for name, sheet in self.realms.items():
            if name not in world.realms:
                raise InputError(f"no realm {name!r} in this world (realms: {', '.join(world.realms)})")
            sheet.check(name)
            realm = world.realms[name]
            for f in fields(sheet):
                value = getattr(sheet, f.name)
                if value is not None:
                    setattr(realm, f.name, list(value) if f.name == "structures" else value)
        for pair, value in self.ill_will.items():
            a, _, b = pair.partition("|")
            if a not in world.realms or b not in world.realms or a == b or type(value) is not int or value < 0:
                raise InputError(f"ill-will {pair!r} = {value!r}: write \"REALM|REALM\" = a whole number")
            world.set_ill(a, b, value)
        world.sheets_changed()
        if not self.turn:
            if phase is not Phase.HARDSHIP:
                raise InputError(f"name whose turn it is to start in the {phase.value} sub-phase")
            world.season = self.season - 1
            world.begin_season()
            return world
        world.open_turn_of(self.turn, phase)
        world.season = self.season
        return world


def setup_world(rng: Randomness, raw: Mapping[str, Any]) -> World:
    return WorldPosition.from_mapping(raw).build(rng)


def plant_secret(state: GameState[Any], seat: str, marker: str) -> World | None:
    """A copy of the world where ``seat``'s scouts found ``marker`` (a chronicle line known to it alone, WW26)."""
    assert isinstance(state, World)
    copy = World.from_dict(state.to_dict())
    copy.record(seat, marker, secret=True)
    return copy


#: The numbers of another realm's control sheet that stand alone (no unit markers, no hexes hang on them): a
#: determinisation deals them out again among the other realms.
_REDEALT = ("treasury", "discontent", "hardship")


def determinise(state: GameState[Any], seat: str, rng: Randomness) -> World:
    """A world ``seat`` cannot tell from ``state``, for the search bot (ruling WW26: a ruler knows his own
    sheet and of the others only "the name, calling and demeanor").

    Re-dealt: the referee's deck, shuffled anew from its sorted cards; the other realms' treasuries,
    discontent and hardship, dealt out again among them.  Dropped: the other realms' secret chronicle lines
    and the log.
    Left as they are (what this does not re-deal): the other realms' forces, structures and troops, their
    espionage, and the hexes ``seat`` has not seen.  The dice are new.  A season's winners are the realms
    with the most of the table's measure (``season_winner``, ruling WW40), what the search bot plays for.
    """
    assert isinstance(state, World)
    raw = json.loads(json.dumps(state.to_dict()))
    raw["referee"] = shuffled(sorted(raw["referee"]), rng)
    raw["chronicle"] = [e for e in raw["chronicle"] if not e.get("secret") or e.get("realm") == seat]
    raw["log"] = []   # a ruler reads no log (his view has none): the rolls of the others stay theirs
    others = [r for r in raw["realms"] if r["name"] != seat and r.get("alive", True)]
    for key in _REDEALT:
        for sheet, value in zip(others, shuffled(sorted(r[key] for r in others), rng), strict=True):
            sheet[key] = value
    fresh_dice(raw, rng)
    return World.from_dict(raw)


WORLD = GameType(
    name="mtg-rpg-world",
    system=World.system,
    kind="campaign",
    title="World Campaigning season",
    description="MtG RPG World Campaigning: realms on a hex map, one campaign turn (a season) a game (seed 000)",
    state_class=World,
    options_class=WorldOptions,
    new=new_season,
    setup=setup_world,
    bots={"heuristic": BotSpec("heuristic", "rules a realm by its Calling and Demeanor (the referee's policy)",
                               Sees.WHOLE_STATE, lambda rng: PolicyBot())},
    settings_class=WorldSettings,
    plant_secret=plant_secret,
    determinise=determinise,
)
