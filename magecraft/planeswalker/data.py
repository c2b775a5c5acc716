"""The Planeswalker RPG's tables, read from ``magecraft/planeswalker/data/*.toml`` (seed 001).

Each file is read once and checked whole: a malformed file is refused with a
:class:`~magecraft.core.errors.DataError`, never half-read.

>>> [d.name for d in difficulties()][:2]
['Easy', 'Average']
>>> skill("subtlety and deception").colors
('B', 'U')
>>> keyword_cost("Defender")
-1
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from magecraft.core.errors import DataError, InputError

#: The character's stats in sheet order ("Character Stats").
STATS: tuple[str, ...] = ("power", "toughness", "life", "mastery", "channelling", "speed", "focus", "memory")

STAT_NAMES: Mapping[str, str] = {
    "power": "Power", "toughness": "Toughness", "life": "Life", "mastery": "Mastery",
    "channelling": "Channelling", "speed": "Speed", "focus": "Focus", "memory": "Memory",
}


def read_data(name: str) -> dict[str, Any]:
    """A shipped TOML file of this system; invalid TOML is refused naming the file."""
    text = resources.files("magecraft.planeswalker").joinpath("data", name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"planeswalker/data/{name}: not valid TOML: {exc}") from None


#: The seed spells the stat both "Channelling" ("Character Stats") and "Channeling" ("Character Generation",
#: "Combat Mechanics"): both name it.
_SPELLINGS: Mapping[str, str] = {"channeling": "channelling"}


def stat_key(text: str) -> str:
    """The stat a player's word names, in any case and either of the seed's spellings, or the word itself
    (trimmed, lower case) when it names none -- the one spelling rule of sheets, data and the command line.

    >>> stat_key(" Channeling "), stat_key("FOCUS"), stat_key("luck")
    ('channelling', 'focus', 'luck')
    """
    word = str(text).strip().casefold()
    return _SPELLINGS.get(word, word)


def _stat(value: Any, where: str) -> str:
    key = stat_key(value) if isinstance(value, str) else value
    if key not in STATS:
        raise DataError(f"{where}: unknown stat {value!r} (one of {', '.join(STATS)})")
    return str(key)


# -- character generation ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Generation:
    """"Character Generation": starting stats, build points and library size."""

    base: Mapping[str, int]
    build_points: int
    one_for_one: tuple[str, ...]
    two_for_one: tuple[str, ...]
    session_award: int
    library_base: int
    memory_divisor: int


@lru_cache(maxsize=1)
def generation() -> Generation:
    raw = read_data("character.toml")
    where = "planeswalker/data/character.toml"
    try:
        base = {_stat(k, where): int(v) for k, v in raw["base"].items()}
        build, library = raw["build"], raw["library"]
        result = Generation(base, int(build["points"]), tuple(_stat(s, where) for s in build["one_for_one"]),
                            tuple(_stat(s, where) for s in build["two_for_one"]), int(build["session_award"]),
                            int(library["base"]), int(library["memory_divisor"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"{where}: malformed ({exc})") from None
    if set(base) != set(STATS):
        raise DataError(f"{where}: [base] must give every stat ({', '.join(STATS)})")
    return result


# -- colour identity --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Identity:
    """One of the six identities: the stat it raises and the mana it stores."""

    code: str
    name: str
    stat: str | None  # None for Artifact: the player chooses among ``choices``
    choices: tuple[str, ...]
    mana: str
    artifact_only_amount: int = 0


@lru_cache(maxsize=1)
def identities() -> dict[str, Identity]:
    """The identities by code (W, U, B, R, G, A)."""
    raw = read_data("identity.toml")
    where = "planeswalker/data/identity.toml"
    found: dict[str, Identity] = {}
    try:
        for entry in raw["identity"]:
            stat = entry.get("stat")
            item = Identity(str(entry["code"]), str(entry["name"]), None if stat is None else _stat(stat, where),
                            tuple(_stat(s, where) for s in entry.get("choices", [])), str(entry["mana"]),
                            int(entry.get("artifact_only_amount", 0)))
            if (item.stat is None) == (not item.choices) or item.code in found:
                raise DataError(f"{where}: {item.code} needs a stat or choices, listed once")
            found[item.code] = item
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"{where}: malformed ({exc})") from None
    return found


@lru_cache(maxsize=1)
def max_identity_sources() -> int:
    """"choose up to three key events": the most identity sources at character creation."""
    return int(read_data("identity.toml")["max_sources"])


# -- races -------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def races() -> dict[str, dict[str, int]]:
    """Race name (case-folded) -> stat bonuses; see races.toml for why these are the project's own."""
    raw = read_data("races.toml")
    where = "planeswalker/data/races.toml"
    found: dict[str, dict[str, int]] = {}
    try:
        for entry in raw["race"]:
            name = str(entry["name"])
            bonus = {_stat(k, where): int(v) for k, v in entry["bonus"].items()}
            found[name.casefold()] = bonus
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DataError(f"{where}: malformed ({exc})") from None
    return found


@lru_cache(maxsize=1)
def race_names() -> tuple[str, ...]:
    return tuple(str(entry["name"]) for entry in read_data("races.toml")["race"])


def race_bonus(name: str) -> dict[str, int]:
    """The stat bonuses of race ``name`` (any case); an unknown race is refused listing the known ones."""
    found = races().get(name.strip().casefold())
    if found is None:
        raise InputError(f"unknown race {name!r} (one of {', '.join(race_names())})")
    return found


# -- skills and difficulties -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Skill:
    name: str
    colors: tuple[str, ...]


@lru_cache(maxsize=1)
def skills() -> tuple[Skill, ...]:
    """"Out of Combat Skills": one skill for each two-colour combination."""
    raw = read_data("skills.toml")
    try:
        found = tuple(Skill(str(e["name"]), tuple(str(c) for c in e["colors"])) for e in raw["skill"])
    except (KeyError, TypeError) as exc:
        raise DataError(f"planeswalker/data/skills.toml: malformed ({exc})") from None
    pairs = {frozenset(s.colors) for s in found}
    if len(pairs) != len(found) or any(len(p) != 2 for p in pairs):
        raise DataError("planeswalker/data/skills.toml: each skill needs its own pair of two colours")
    return found


def skill(name: str) -> Skill:
    """The skill called ``name`` (any case); an unknown skill is refused listing the ten."""
    for found in skills():
        if found.name.casefold() == name.strip().casefold():
            return found
    raise InputError(f"unknown skill {name!r} (one of: {'; '.join(s.name for s in skills())})")


@dataclass(frozen=True, slots=True)
class Difficulty:
    name: str
    low: int
    high: int  # 0: open-ended


@lru_cache(maxsize=1)
def difficulties() -> tuple[Difficulty, ...]:
    raw = read_data("difficulties.toml")
    try:
        return tuple(Difficulty(str(e["name"]), int(e["low"]), int(e["high"])) for e in raw["difficulty"])
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"planeswalker/data/difficulties.toml: malformed ({exc})") from None


def difficulty(name: str) -> Difficulty:
    for found in difficulties():
        if found.name.casefold() == name.strip().casefold():
            return found
    raise InputError(f"unknown difficulty {name!r} (one of {', '.join(d.name for d in difficulties())})")


# -- keyword abilities -------------------------------------------------------------------------


@lru_cache(maxsize=1)
def keyword_costs() -> dict[str, tuple[str, int]]:
    """Keyword (case-folded) -> (name as written, build point cost)."""
    raw = read_data("keywords.toml")
    try:
        return {str(e["name"]).casefold(): (str(e["name"]), int(e["cost"])) for e in raw["keyword"]}
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"planeswalker/data/keywords.toml: malformed ({exc})") from None


def keyword_cost(name: str) -> int:
    return keyword_entry(name)[1]


def keyword_entry(name: str) -> tuple[str, int]:
    found = keyword_costs().get(name.strip().casefold())
    if found is None:
        known = ", ".join(n for n, _ in keyword_costs().values())
        raise InputError(f"no keyword ability {name!r} can be bought (one of {known})")
    return found


# -- opponents ----------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def opponent_mages() -> dict[str, dict[str, Any]]:
    """Ready-made enemy mages (``opponents.toml``), by case-folded name."""
    raw = read_data("opponents.toml")
    try:
        return {str(e["name"]).casefold(): dict(e) for e in raw["mage"]}
    except (KeyError, TypeError) as exc:
        raise DataError(f"planeswalker/data/opponents.toml: malformed ({exc})") from None
