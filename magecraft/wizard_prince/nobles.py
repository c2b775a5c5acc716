"""Noble characters at the banquet: their statistics, saving throws and the NPC noble generator.

Seed 004: Status, Wealth, Legions and Fleets ("Character Creation"); saving throws in the Oed style
or the D&D 3.5 conversion ("Using These Rules With D&D 3.5"); NPC nobles ("Optional Rules: NPC
Nobles", "Generating NPC Nobles").
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.core.settings import dataclass_from_dict
from magecraft.core.tables import get_table
from magecraft.wizard_prince.chits import STATISTICS
from magecraft.wizard_prince.pieces import OfficeHeld, office
from magecraft.wizard_prince.sections import D20, NPC
from magecraft.wizard_prince.settings import Settings

ABILITIES = ("strength", "intelligence", "wisdom", "dexterity", "constitution", "charisma")
#: "Strength, Constitution or Charisma=Fighter, Wisdom=Cleric, Intelligence=Magic User, Dexterity=Thief";
#: ties go to the class named first (ruling "NPC class ties").
CLASS_BY_ABILITY = (("strength", "fighter"), ("constitution", "fighter"), ("charisma", "fighter"),
                    ("wisdom", "cleric"), ("intelligence", "magic_user"), ("dexterity", "thief"))
#: The Oed saves the banquet calls for, and the D&D 3.5 save each becomes (the seed's example:
#: Petrify or Paralyze is Fortitude).
SAVES = {"death_poison": "fortitude", "petrify_paralyze": "fortitude", "spell": "will"}
SAVE_NAMES = {"death_poison": "Death or Poison", "petrify_paralyze": "Petrify or Paralyze", "spell": "Spell"}


@dataclass(frozen=True, slots=True)
class NobleClass:
    key: str
    hit_die: int
    d20_good: frozenset[str]
    bands: tuple[tuple[int, int, Mapping[str, int]], ...]

    def save_target(self, save: str, level: int) -> int:
        for low, high, targets in self.bands:
            if low <= level <= high:
                return targets[save]
        raise DataError(f"no {self.key} saving throws for level {level}")

    def d20_bonus(self, save: str, level: int) -> int:
        """D&D 3.5 base save: good saves 2 + level/2, poor saves level/3."""
        return 2 + level // 2 if SAVES[save] in self.d20_good else level // 3


@cache
def noble_classes() -> dict[str, NobleClass]:
    text = resources.files("magecraft.wizard_prince").joinpath("data", "noble_classes.toml").read_text(
        encoding="utf-8")
    raw = tomllib.loads(text)
    try:
        return {key: NobleClass(key, int(entry["hit_die"]), frozenset(entry["d20_good"]),
                                tuple((int(b["levels"][0]), int(b["levels"][1]),
                                       {s: int(b[s]) for s in SAVES}) for b in entry["bands"]))
                for key, entry in raw.items()}
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"wizard_prince/noble_classes.toml: {exc}") from None


@dataclass(slots=True)
class Noble:
    """A noble at the banquet, player character or NPC, with what the banquet has done to him.

    ``where`` is ``waiting`` (off the board), ``board``, or how he left: ``presented``, ``removed``,
    ``slain``, ``exiled``, ``executed``.  ``held`` are the positive chits he accompanies, ``earned``
    the effects he has gained (see :class:`~magecraft.wizard_prince.result.NobleOutcome`).
    """

    name: str
    npc: bool = False
    status: int = 1
    wealth: int = 1
    legions: int = 1
    fleets: int = 1
    level: int = 7
    hit_points: int = 35
    character_class: str = "fighter"
    alignment: str = "Neutral"
    abilities: dict[str, int] = field(default_factory=dict)
    magic_items: int = 0
    appointment: OfficeHeld = ""
    save_targets: dict[str, int] = field(default_factory=dict)
    where: str = "waiting"
    square: str = ""
    held: list[str] = field(default_factory=list)
    bored: bool = False
    earned: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise DataError("a noble needs a name")
        self.appointment = office(self.appointment, self.name)
        if self.character_class not in noble_classes():
            raise DataError(f"{self.name}: unknown class {self.character_class!r}")
        if self.level < 1 or (self.hit_points < 1 and self.where != "slain"):
            raise DataError(f"{self.name}: level and hit points must be at least 1")
        if not self.save_targets:
            cls = noble_classes()[self.character_class]
            self.save_targets = {s: cls.save_target(s, self.level) for s in SAVES}
        if set(self.save_targets) != set(SAVES) or not all(
                type(t) is int and 1 <= t <= 20 for t in self.save_targets.values()):
            raise DataError(f"{self.name}: save_targets are a number 1-20 for each of {', '.join(SAVES)}, "
                            f"not {self.save_targets!r}")

    @property
    def in_banquet(self) -> bool:
        return self.where in ("waiting", "board")

    def stat(self, name: str) -> int:
        return int(getattr(self, name))

    def to_dict(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in _FIELDS}
        out["abilities"] = dict(self.abilities)
        out["save_targets"] = dict(self.save_targets)
        out["held"] = list(self.held)
        out["earned"] = json_copy(self.earned)
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Noble:
        noble = dataclass_from_dict(cls, {k: json_copy(v) for k, v in raw.items()},
                                    f"noble {raw.get('name', '?')}")
        for stat in STATISTICS:
            if not isinstance(getattr(noble, stat), int):
                raise DataError(f"{noble.name}: {stat} must be a whole number")
        return noble


_FIELDS = tuple(f.name for f in fields(Noble))


def json_copy(value: Any) -> Any:
    """A copy of a JSON-shaped value (dicts, lists, scalars) that shares nothing mutable with it: what
    ``copy.deepcopy`` gives for such values, without its memo (a banquet copies every noble it seats).

    >>> earned = {"presented": ["admiral"], "changes": {"status": 1}}
    >>> copied = json_copy(earned)
    >>> copied == earned, copied["presented"] is earned["presented"]
    (True, False)
    """
    kind = type(value)
    if kind is dict:
        return {k: json_copy(v) for k, v in value.items()}
    if kind is list:
        return [json_copy(v) for v in value]
    return value


def saving_throw(noble: Noble, save: str, settings: Settings, rng: Randomness, section: str,
                 modifier: int = 0) -> bool:
    """Roll ``noble``'s save (``death_poison``, ``petrify_paralyze`` or ``spell``), ``modifier`` added.

    Oed: 1d20 at or over the noble's target.  D&D 3.5 ("Using These Rules With D&D 3.5"): 1d20 plus
    the class's base save against DC 15.  The chariot race's checks add a modifier ("+1 if dexterity
    13+ ... -1 per each risky action"); the banquet's saves add none.
    """
    label = f"{noble.name}'s {SAVE_NAMES[save]} save"
    roll = rng.roll(20, label, section=section)
    if settings.save_system == "d20":
        bonus = noble_classes()[noble.character_class].d20_bonus(save, noble.level)
        saved = roll + bonus + modifier >= settings.d20_dc
        rng.log.record("save", label, section=D20,
                       data={"roll": roll, "bonus": bonus, "dc": settings.d20_dc, "saved": saved,
                             **({"modifier": modifier} if modifier else {})})
    else:
        target = noble.save_targets[save]
        saved = roll + modifier >= target
        rng.log.record("save", label, section=section, data={"roll": roll, "target": target, "saved": saved,
                                                             **({"modifier": modifier} if modifier else {})})
    return saved


def save_needed(noble: Noble, save: str, settings: Settings, modifier: int = 0) -> int:
    """The natural 1d20 :func:`saving_throw` needs at least for ``noble``'s ``save`` to succeed: his target
    (Oed), or the DC less his class's base save (D&D 3.5), less ``modifier`` either way.

    >>> save_needed(Noble("Orlu"), "death_poison", Settings()) == Noble("Orlu").save_targets["death_poison"]
    True
    """
    if settings.save_system == "d20":
        return settings.d20_dc - noble_classes()[noble.character_class].d20_bonus(save, noble.level) - modifier
    return noble.save_targets[save] - modifier


def statistic_save(noble: Noble, statistic: str, rng: Randomness, section: str = D20) -> bool:
    """A statistic-driven saving throw: 1d20 at or under the statistic ("Using These Rules With D&D 3.5").

    No banquet chit calls for one; campaign-year rules (the Lord Chancellor's charisma) do.  A noble
    whose sheet does not give the statistic cannot make the save.

    >>> noble = Noble("Orlu", abilities={"charisma": 14})
    >>> statistic_save(noble, "charisma", Randomness.scripted([14])), statistic_save(noble, "charisma",
    ...     Randomness.scripted([15]))
    (True, False)
    """
    if statistic not in ABILITIES:
        raise DataError(f"{statistic!r} is not a statistic (one of {', '.join(ABILITIES)})")
    if statistic not in noble.abilities:
        raise DataError(f"{noble.name}'s sheet gives no {statistic}")
    score = noble.abilities[statistic]
    label = f"{noble.name}'s {statistic} save"
    roll = rng.roll(20, label, section=section)
    saved = roll <= score
    rng.log.record("save", label, section=section, data={"roll": roll, "statistic": score, "saved": saved})
    return saved


def political_statistic(rng: Randomness, label: str) -> int:
    """1d4, "but if any of these statistics is 4, roll 1d4 again and add 4" (Generating NPC Nobles)."""
    value = rng.roll(4, label, section=NPC)
    if value == 4:
        value = 4 + rng.roll(4, f"{label} (rolled 4: 1d4 more, plus 4)", section=NPC)
    return value


def generate_npc_noble(name: str, rng: Randomness) -> Noble:
    """Roll up an NPC noble as "Generating NPC Nobles" says.

    Abilities 3d6 each; class by the highest; alignment 1d6; level 1d6+6; 1d3 magic items; Status,
    Wealth, Legions and Fleets by :func:`political_statistic`.  Hit points are the level's hit dice of
    the class (ruling "NPC hit points").
    """
    abilities = {a: rng.dice("3d6", f"{name}'s {a}", section=NPC).total for a in ABILITIES}
    best = max(abilities.values())
    character_class = next(cls for ability, cls in CLASS_BY_ABILITY if abilities[ability] == best)
    alignment = get_table("wp_npc_alignment").roll(rng, label=f"{name}'s alignment").result
    level = rng.dice("1d6+6", f"{name}'s level", section=NPC).total
    magic_items = rng.dice("1d3", f"{name}'s magic items", section=NPC).total
    stats = {s: political_statistic(rng, f"{name}'s {s.capitalize()}") for s in STATISTICS}
    hit_die = noble_classes()[character_class].hit_die
    hit_points = rng.dice(f"{level}d{hit_die}", f"{name}'s hit points", section=NPC).total
    return Noble(name=name, npc=True, level=level, hit_points=hit_points, character_class=character_class,
                 alignment=alignment, abilities=abilities, magic_items=magic_items, status=stats["status"],
                 wealth=stats["wealth"], legions=stats["legions"], fleets=stats["fleets"])


def nobles_from(names: Iterable[str]) -> list[Noble]:
    """Player nobles with the default character sheet (see ``Noble``)."""
    return [Noble(name=n.strip()) for n in names if n.strip()]


def load_nobles(path: Path) -> list[Noble]:
    """Nobles from a TOML file of ``[[noble]]`` tables (name, status, wealth, legions, fleets, level, ...)."""
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read nobles file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file (TOML must be UTF-8)") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    unknown = sorted(set(raw) - {"noble"})
    if unknown:
        # refused, not ignored (issue 25 item 9): a misspelt [[nobel]] would leave the file's nobles out
        raise DataError(f"{path}: unknown key {unknown[0]!r}: a nobles file holds [[noble]] tables only")
    entries = raw.get("noble", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DataError(f"{path}: 'noble' must be a list of [[noble]] tables")
    return [Noble.from_dict(entry) for entry in entries]
