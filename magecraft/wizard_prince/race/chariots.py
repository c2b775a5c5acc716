"""Chariots and their charioteers ("Initiative and Movement", "Charioteers", "Risky Actions").

A charioteer is a :class:`~magecraft.wizard_prince.nobles.Noble`: an NPC charioteer is rolled up as
"Charioteers" says (a fighter, ruling WR2), a player noble drives with his own sheet.  The
charioteering check is the noble's Death or Poison save through the shared
:func:`~magecraft.wizard_prince.nobles.saving_throw`.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.nobles import Noble, saving_throw
from magecraft.wizard_prince.race.sections import CHARIOTEERS, LOW_STAKES
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.settings import Settings

KINDS = ("heavy", "light")
RACE_STATS = ("strength", "dexterity", "constitution")
#: running: in the race; wrecked: out of it (its team may still drag the driver); finished: won.
STATUSES = ("running", "wrecked", "finished")


@dataclass(slots=True)
class Chariot:
    """One chariot on the track and what the race has done to it.

    ``lane``/``index`` place it (see :class:`~magecraft.wizard_prince.race.track.Track`); ``crossings``
    counts the times it has crossed the start/finish line forwards (the first starts lap 1).
    ``restrained_round`` is the round in which it may take no action but normal forward movement
    (stunned, out of control); ``blinded`` the same for its next turn.  ``dragged``: wrecked with the
    driver still tied to the reins; ``on_track``: its team (or the chariot) still takes up a square.
    """

    name: str
    kind: str
    driver: Noble
    lane: int = 0
    index: int = 0
    crossings: int = 0
    status: str = "running"
    hit_points: int = 1
    wheel_damaged: bool = False
    restrained_round: int = -1
    blinded: bool = False
    dragged: bool = False
    on_track: bool = True
    wrecked_round: int = -1
    wreck_cause: str = ""
    driver_dead: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise DataError(f"{self.name}: a chariot is heavy or light, not {self.kind!r}")
        if self.status not in STATUSES:
            raise DataError(f"{self.name}: unknown status {self.status!r}")

    @property
    def running(self) -> bool:
        return self.status == "running"

    def stat(self, name: str) -> int:
        return int(self.driver.abilities.get(name, 10))

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["driver"] = self.driver.to_dict()
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Chariot:
        if not isinstance(raw, dict) or not isinstance(raw.get("driver"), dict):
            raise DataError("a saved chariot is malformed")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise DataError(f"saved chariot: unknown field {unknown[0]!r}")
        values = dict(raw)
        values["driver"] = Noble.from_dict(raw["driver"])
        for name, f in known.items():
            if name == "driver" or name not in values:
                continue
            expected = str if f.default is MISSING else type(f.default)
            if type(values[name]) is not expected:
                raise DataError(f"saved chariot: {name} must be a {expected.__name__}, not {values[name]!r}")
        return cls(**values)


def check_bonus(chariot: Chariot, settings: RaceSettings, *stats: str) -> int:
    """ "+1 if dexterity 13+, +1 if strength 13+": one for each named statistic at or over the threshold."""
    return sum(1 for s in stats if chariot.stat(s) >= settings.bonus_score)


def charioteering_check(
    chariot: Chariot, settings: RaceSettings, rng: Randomness, modifier: int, section: str, what: str
) -> bool:
    """A charioteering check: the driver's Death or Poison save at ``modifier`` ("Risky Actions")."""
    rng.log.record(
        "check",
        f"{chariot.name}: charioteering check for {what} ({modifier:+d})",
        section=section,
        data={"chariot": chariot.name, "modifier": modifier},
    )
    return saving_throw(
        chariot.driver,
        "death_poison",
        noble_settings(settings.save_system, settings.d20_dc),
        rng,
        section,
        modifier=modifier,
    )


@cache
def noble_settings(save_system: str, d20_dc: int) -> Settings:
    """The banquet settings the shared saving-throw code reads (made once per pair)."""
    return Settings(save_system=save_system, d20_dc=d20_dc)


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who drives what: a player noble (with his sheet) or an NPC charioteer to roll up."""

    name: str
    kind: str
    noble: Noble | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def roll_charioteer(name: str, famous: bool, rng: Randomness) -> Noble:
    """An NPC charioteer: level 1d8 and 3d6+1 Strength, Dexterity and Constitution; in a famous race
    level 1d6+4 and 3d6+2 each, at most 18 ("Charioteers", "Low Stakes Gambling").  Hit points are his
    level in d8, a fighter's (ruling WR2)."""
    section = LOW_STAKES if famous else CHARIOTEERS
    level = rng.dice("1d6+4" if famous else "1d8", f"{name}'s level", section=section).total
    abilities = {}
    for stat in RACE_STATS:
        score = rng.dice("3d6+2" if famous else "3d6+1", f"{name}'s {stat}", section=section).total
        abilities[stat] = min(score, 18) if famous else score
    hit_points = rng.dice(f"{level}d8", f"{name}'s hit points", section=section).total
    return Noble(
        name=name, npc=True, level=level, hit_points=hit_points, character_class="fighter", abilities=abilities
    )


def complete_sheet(noble: Noble, rng: Randomness) -> Noble:
    """A player noble whose sheet gives no Strength, Dexterity or Constitution rolls 3d6 for it (WR3)."""
    missing = [s for s in RACE_STATS if s not in noble.abilities]
    if not missing:
        return noble
    abilities = dict(noble.abilities)
    for stat in missing:
        abilities[stat] = rng.dice("3d6", f"{noble.name}'s {stat} (not on his sheet)", section=CHARIOTEERS).total
    return Noble.from_dict({**noble.to_dict(), "abilities": abilities})
