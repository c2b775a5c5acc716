"""Chariot races set up square by square with scripted dice, for the rule tests.

Squares on the default Circus Maximus: on the lower straight, square ``i`` of every lane lies in column
``6 + i`` (square 0 is the first past the start/finish line); lane 1 (index 0) squares 24-27 are the
right-hand turnaround's corner and side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness, ScriptedSource
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.race.actions import Phase
from magecraft.wizard_prince.race.betting import Book
from magecraft.wizard_prince.race.chariots import Chariot
from magecraft.wizard_prince.race.race import Race
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.race.track import Track, default_track

#: A level 1 fighter's Death or Poison target: 12 on 1d20.
TARGET = 12


def driver(name: str, level: int = 1, strength: int = 10, dexterity: int = 10, constitution: int = 10,
           hit_points: int = 10) -> Noble:
    return Noble(name=name, npc=True, level=level, hit_points=hit_points, character_class="fighter",
                 abilities={"strength": strength, "dexterity": dexterity, "constitution": constitution})


def arrange(chariots: Mapping[str, tuple[str, int, int]], rolls: Sequence[int] = (), *,
            stats: Mapping[str, Mapping[str, int]] | None = None, crossings: Mapping[str, int] | None = None,
            settings: RaceSettings | None = None, track: Track | None = None) -> Race:
    """A race under way in round 1: ``chariots`` maps a name to (kind, lane 0-3, square)."""
    stats = stats or {}
    made = {}
    for name, (kind, lane, index) in chariots.items():
        noble = driver(name, **stats.get(name, {}))
        made[name] = Chariot(name, kind, noble, lane=lane, index=index, hit_points=noble.hit_points,
                             crossings=(crossings or {}).get(name, 1))
    book = Book({name: 1000 for name in chariots})
    # one round unless a test asks for more: the race is called when the round is over
    settings = settings or RaceSettings(max_rounds=1)
    race = Race(track or default_track(), made, book, Randomness.scripted(list(rolls)), settings)
    race.phase = Phase.RACING
    race.round = 1
    return race


def turn_of(race: Race, name: str, rolls: Sequence[int] = ()) -> Race:
    """Begin ``name``'s turn now (the others have moved this round)."""
    race.rng.extend_script(rolls)
    race.order = [name]
    race.leader = ""
    race.carry_on()
    return race


def unused(race: Race) -> int:
    """Scripted dice not yet rolled (a test that leaves some over scripted rolls the rules never made)."""
    source = race.rng.source
    assert isinstance(source, ScriptedSource)
    return source.remaining


def refused(race: Race, action: Any) -> str:
    """Apply an illegal action: it must raise RuleError and leave the race exactly as it was."""
    before = race.to_dict()
    try:
        race.apply(action)
    except RuleError as exc:
        assert race.to_dict() == before
        return str(exc)
    raise AssertionError(f"{action} was not refused")


def where(race: Race, name: str) -> tuple[int, int]:
    chariot = race.chariots[name]
    return chariot.lane, chariot.index
