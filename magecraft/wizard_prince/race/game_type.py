"""The chariot race as a registered game type (issue 22): plain options, a position in the race's words, bots.

A new race takes :class:`RaceOptions` (player nobles and their chariots, NPC charioteers to roll up,
spectators who only bet, bets, a nobles file and another circus); a race under way is set up from a
:class:`RacePosition` -- "this chariot in lane 3, square 40, wheel damaged" -- checked as a whole.

>>> from magecraft.core.randomness import Randomness
>>> race = RACE.new_game(Randomness.seeded(1))
>>> race.seats()
('NPC 1', 'NPC 2', 'the games master')
>>> position = RacePosition.from_mapping({"chariots": [
...     {"name": "Marcus", "kind": "heavy", "lane": 2, "square": 0},
...     {"name": "Titus", "kind": "light", "lane": 4, "square": 40}], "turn": "Marcus"})
>>> position.build(Randomness.seeded(1)).decision().player
'Marcus'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from magecraft.core.bots import BotSpec, Sees
from magecraft.core.errors import DataError, InputError
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.settings import dataclass_from_dict
from magecraft.wizard_prince.nobles import Noble, load_nobles
from magecraft.wizard_prince.race.actions import Phase, bets_from_options
from magecraft.wizard_prince.race.betting import Book
from magecraft.wizard_prince.race.bots import AggressiveBot, CautiousBot
from magecraft.wizard_prince.race.chariots import KINDS, STATUSES, Chariot, Entrant
from magecraft.wizard_prince.race.race import Race
from magecraft.wizard_prince.race.sections import RULES
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.race.track import Track, default_track, load_track


@dataclass(frozen=True)
class RaceOptions:
    """A new race from plain values (``[options]`` of a scenario, the command line's words).

    - ``drivers``: player nobles as ``NAME:heavy`` or ``NAME:light``;
    - ``npc``: NPC charioteers to roll up ("Charioteers"), each chariot heavy on 1 of 1d3;
    - ``spectators``: player nobles who only bet (their Wealth from ``nobles`` or 1);
    - ``bets`` / ``wealth_bets`` / ``side_bets``: bets placed before the start, as on the command line;
    - ``nobles``: a TOML file of ``[[noble]]`` sheets for the drivers; ``track``: a TOML file of another circus;
    - ``settings``: house rules (:class:`RaceSettings` fields).

    The defaults, two NPC charioteers, make a small, quick race.
    """

    drivers: tuple[str, ...] = ()
    npc: int = 2
    spectators: tuple[str, ...] = ()
    bets: tuple[str, ...] = ()
    wealth_bets: tuple[str, ...] = ()
    side_bets: tuple[str, ...] = ()
    nobles: str = ""
    track: str = ""
    settings: Mapping[str, Any] = field(default_factory=dict)


def npc_name(i: int) -> str:
    """The name of the ``i``-th NPC charioteer rolled up for a race (from 1): "NPC 1", "NPC 2" ..."""
    return f"NPC {i}"


def driver_entries(drivers: Sequence[str]) -> list[tuple[str, str]]:
    """``("Ann:heavy", "Bob:light")`` -> ``[("Ann", "heavy"), ("Bob", "light")]``; a wrong one is refused."""
    out = []
    for text in drivers:
        name, _, kind = text.partition(":")
        name, kind = name.strip(), kind.strip().lower()
        if not name:
            raise InputError(f"{text.strip()!r} names no driver (NAME:heavy or NAME:light)")
        if kind not in KINDS:
            raise InputError(f"{name}: a chariot is heavy or light, not {kind or 'unnamed'!r}")
        out.append((name, kind))
    return out


def new_race(rng: Randomness, options: RaceOptions) -> Race:
    """A race lined up from ``options``, the bets placed (each checked as at the table)."""
    track = load_track(Path(options.track)) if options.track else default_track()
    chosen = driver_entries(options.drivers)
    if not 0 <= options.npc <= track.lanes:
        raise InputError(f"{options.npc} NPC charioteers: choose 0 to {track.lanes}")
    if not 2 <= len(chosen) + options.npc <= track.lanes:
        raise InputError(f"a race on {track.name} takes 2 to {track.lanes} chariots, "
                         f"not {len(chosen) + options.npc}")
    sheets = {n.name: n for n in load_nobles(Path(options.nobles))} if options.nobles else {}
    entrants = [Entrant(name, kind, sheets.get(name) or Noble(name=name)) for name, kind in chosen]
    for i in range(1, options.npc + 1):
        name = npc_name(i)
        entrants.append(Entrant(name, rng.choice(KINDS, f"{name}'s chariot (1 heavy, 2 light)")))
    watching = {n.strip(): (sheets[n.strip()].wealth if n.strip() in sheets else 1)
                for n in options.spectators if n.strip()}
    drivers = {name for name, _ in chosen}
    idle = [name for name in sheets if name not in drivers and name not in watching]
    if idle:
        # a sheet nobody uses is refused, not ignored: a misspelt driver would race as a blank noble
        raise InputError(f"the nobles file's {', '.join(map(repr, idle))} neither drives nor watches")
    settings = RaceSettings.from_dict(dict(options.settings)) if options.settings else None
    race = Race.new(entrants, rng, settings, track=track, spectators=watching)
    for bet in bets_from_options(options.bets, options.wealth_bets, options.side_bets):
        race.apply(bet)
    return race


@dataclass(frozen=True)
class ChariotAt:
    """One chariot of a position: who drives it, where it is and what the race has done to it.

    ``lane`` counts from 1 (the innermost); ``square`` counts from 0, the first square past the start/finish
    line, as the race's move events do; ``lap`` is the lap it is on (1 to 3; 4 once it has won).
    ``level`` and the three scores are the charioteer's ("Charioteers"); ``hit_points`` his.
    """

    name: str
    kind: str = "heavy"
    lane: int = 1
    square: int = 0
    lap: int = 1
    level: int = 1
    strength: int = 10
    dexterity: int = 10
    constitution: int = 10
    hit_points: int = 10
    wheel_damaged: bool = False
    blinded: bool = False
    status: str = "running"


@dataclass(frozen=True)
class RacePosition:
    """A race under way, in the race's words, checked as a whole by :meth:`build`.

    ``chariots`` on the track; ``round`` the round being driven; ``turn`` the charioteer whose turn begins
    now (the others have moved this round; empty: the round begins with its initiative roll);
    ``betting``: the bets are still open (the games master has not started the race); ``gold`` the crowd's
    gold bet on each charioteer (1,000 gp each unless given); ``wealth`` the bettors' Wealth levels;
    ``settings`` the house rules; ``track`` a TOML file of another circus.
    """

    chariots: tuple[ChariotAt, ...]
    round: int = 1
    turn: str = ""
    betting: bool = False
    gold: Mapping[str, int] = field(default_factory=dict)
    wealth: Mapping[str, int] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)
    track: str = ""

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> RacePosition:
        """A position from a scenario's ``[setup]`` table (``[[setup.chariots]]`` one per chariot)."""
        if not isinstance(raw, Mapping) or not isinstance(raw.get("chariots"), list):
            raise InputError("a race position needs [[setup.chariots]], one table per chariot")
        chariots = tuple(dataclass_from_dict(ChariotAt, c, what="a chariot of the position")
                         for c in raw["chariots"])
        rest = {k: v for k, v in raw.items() if k != "chariots"}
        position: RacePosition = dataclass_from_dict(cls, {**rest, "chariots": ()}, what="a race position")
        return RacePosition(chariots, position.round, position.turn, position.betting, dict(position.gold),
                            dict(position.wealth), dict(position.settings), position.track)

    def check(self, track: Track) -> None:
        """Refuse a position the race could never be in, saying why (``InputError``)."""
        names = [c.name for c in self.chariots]
        if not 2 <= len(names) <= track.lanes:
            raise InputError(f"a race on {track.name} takes 2 to {track.lanes} chariots, not {len(names)}")
        if len(set(names)) != len(names) or any(not n.strip() for n in names):
            raise InputError("each chariot needs a driver with a name of his own")
        squares: dict[tuple[int, int], str] = {}
        for c in self.chariots:
            if c.kind not in KINDS or c.status not in STATUSES:
                raise InputError(f"{c.name}: a chariot is heavy or light and {', '.join(STATUSES)}")
            if not 1 <= c.lane <= track.lanes:
                raise InputError(f"{c.name}: {track.name} has lanes 1 to {track.lanes}, not {c.lane}")
            length = track.lane_length(c.lane - 1)
            if not 0 <= c.square < length:
                raise InputError(f"{c.name}: lane {c.lane} has squares 0 to {length - 1}, not {c.square}")
            if not 0 <= c.lap <= track.laps + 1 or c.level < 1 or c.hit_points < 0:
                raise InputError(f"{c.name}: lap 0 to {track.laps + 1}, a level of 1 or more, "
                                 "hit points 0 or more")
            if (c.lane, c.square) in squares:
                raise InputError(f"{c.name} and {squares[c.lane, c.square]} cannot share lane {c.lane}, "
                                 f"square {c.square}")
            squares[c.lane, c.square] = c.name
        running = [c.name for c in self.chariots if c.status == "running"]
        if not self.betting and len(running) < 2:
            raise InputError("a race under way has at least two chariots running (else it is won)")
        if self.turn and self.turn not in running:
            raise InputError(f"it cannot be {self.turn}'s turn: no chariot of his is running")
        if self.betting and self.turn:
            raise InputError("no one drives while the bets are open")
        if self.round < 1 or set(self.gold) - set(names):
            raise InputError("the round is 1 or more, and gold is bet only on charioteers in the race")

    def build(self, rng: Randomness) -> Race:
        """The race in this position on ``rng`` (the round's initiative or the turn's first rolls drawn now)."""
        track = load_track(Path(self.track)) if self.track else default_track()
        self.check(track)
        try:
            settings = RaceSettings.from_dict(dict(self.settings)) if self.settings else RaceSettings()
        except DataError as exc:
            raise InputError(f"the position's settings: {exc}") from None
        chariots = {c.name: _chariot(c) for c in self.chariots}
        book = Book({c.name: int(self.gold.get(c.name, 1000)) for c in self.chariots}, wealth=dict(self.wealth))
        race = Race(track, chariots, book, rng, settings)
        rng.log.record("state", "the position is set up: " + ", ".join(
            f"{c.name} ({c.kind}) in lane {c.lane}, square {c.square}" for c in self.chariots), section=RULES)
        if self.betting:
            return race
        race.phase = Phase.RACING
        # with no turn named the round is about to begin: its initiative is rolled as the race carries on
        race.round = self.round if self.turn else self.round - 1
        race.order = [self.turn] if self.turn else []
        race.carry_on()
        return race


def _chariot(c: ChariotAt) -> Chariot:
    noble = Noble(name=c.name, npc=True, level=c.level, hit_points=c.hit_points, character_class="fighter",
                  abilities={"strength": c.strength, "dexterity": c.dexterity, "constitution": c.constitution})
    return Chariot(c.name, c.kind, noble, lane=c.lane - 1, index=c.square, crossings=c.lap, status=c.status,
                   hit_points=c.hit_points, wheel_damaged=c.wheel_damaged, blinded=c.blinded,
                   on_track=c.status != "wrecked")


def setup_race(rng: Randomness, raw: Mapping[str, Any]) -> Race:
    return RacePosition.from_mapping(raw).build(rng)


RACE = GameType(
    name="wizard-prince-race",
    system=Race.system,
    kind=Race.kind,
    title="chariot race",
    description="Wizard-Prince chariot racing in the circus maximus, with the crowd's bets (seed 004)",
    state_class=Race,
    options_class=RaceOptions,
    new=new_race,
    setup=setup_race,
    bots={
        "cautious": BotSpec("cautious", "drives its lane, moves inwards when it can, takes no risks",
                            Sees.OBSERVATION, lambda rng: CautiousBot()),
        "aggressive": BotSpec("aggressive", "scythes, whips and whips its horses; one risky action a turn",
                              Sees.OBSERVATION, lambda rng: AggressiveBot()),
        "heuristic": BotSpec("heuristic", "the aggressive driver (scythes, whips, one risky action a turn)",
                             Sees.OBSERVATION, lambda rng: AggressiveBot()),
    },
    settings_class=RaceSettings,
)

__all__ = ["RACE", "ChariotAt", "RaceOptions", "RacePosition", "new_race"]
