"""The empire map: provinces, their production modifiers and land and sea connections.

Seed 004, "The Effects of Provinces": provinces produce Wealth on 1d20 11+ with the GM's +/-1 or 2
modifiers; "all of the player's Provinces must be connected by a chain of uninterrupted friendly
Provinces to the player's capital Province"; "A Sample Campaign" ships the Empire of Great Velkar.

A map is data (``data/maps/*.toml``): each province names its land borders and the seas it touches;
provinces on the same sea are connected by sea.  A malformed map is refused whole.

>>> velkar = load_map("velkaria")
>>> len(velkar.provinces), velkar.info("Great Velkar").production
(21, 2)
>>> sorted(velkar.land["Desert of Yndaka"])
['Stahl', 'Zoonura']
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from magecraft.core.errors import DataError

#: The maps shipped with magecraft, by the name ``--map`` takes.
SHIPPED = ("velkaria",)


@dataclass(frozen=True, slots=True)
class ProvinceInfo:
    """One province of the map as the log sheet gives it."""

    name: str
    production: int
    notes: str
    land: tuple[str, ...]
    seas: tuple[str, ...]
    at: tuple[int, int] | None = None

    @property
    def coastal(self) -> bool:
        return bool(self.seas)


@dataclass(frozen=True, slots=True)
class EmpireMap:
    """An empire's provinces with derived neighbour sets (computed once when the map is loaded)."""

    name: str
    provinces: tuple[ProvinceInfo, ...]
    land: Mapping[str, frozenset[str]] = field(default_factory=dict)
    sea: Mapping[str, frozenset[str]] = field(default_factory=dict)
    key: str = ""
    by_name: Mapping[str, ProvinceInfo] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.by_name:
            object.__setattr__(self, "by_name", {p.name: p for p in self.provinces})

    def info(self, name: str) -> ProvinceInfo:
        try:
            return self.by_name[name]
        except KeyError:
            raise DataError(f"{name!r} is not a province of {self.name}") from None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.provinces)

    def neighbours(self, name: str, by_sea: bool = True) -> frozenset[str]:
        """Provinces one jump from ``name``: over land, and over sea when ``by_sea``."""
        return self.land[name] | self.sea[name] if by_sea else self.land[name]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "key": self.key, "province": [
            {"name": p.name, "production": p.production, "notes": p.notes, "land": list(p.land),
             "seas": list(p.seas), **({"at": list(p.at)} if p.at else {})} for p in self.provinces]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "map") -> EmpireMap:
        """Build and check a map; any problem refuses the whole map, naming it."""
        if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
            raise DataError(f"{source}: a map needs a name")
        entries = raw.get("province")
        if not isinstance(entries, list) or not entries:
            raise DataError(f"{source}: a map needs [[province]] tables")
        provinces = [_province(e, source) for e in entries]
        names = [p.name for p in provinces]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise DataError(f"{source}: province {dup!r} is listed twice")
        known = set(names)
        for p in provinces:
            for other in p.land:
                if other not in known:
                    raise DataError(f"{source}: {p.name} borders {other!r}, which is not a province")
                if other == p.name:
                    raise DataError(f"{source}: {p.name} cannot border itself")
        land = {p.name: frozenset(p.land) for p in provinces}
        for p in provinces:
            for other in p.land:
                if p.name not in land[other]:
                    raise DataError(f"{source}: {p.name} borders {other} but {other} does not border {p.name}")
        by_sea: dict[str, set[str]] = {}
        for p in provinces:
            for s in p.seas:
                by_sea.setdefault(s, set()).add(p.name)
        sea = {p.name: frozenset(n for s in p.seas for n in by_sea[s] if n != p.name) for p in provinces}
        return cls(str(raw["name"]).strip(), tuple(provinces), land, sea, str(raw.get("key", "")))


def _province(raw: Any, source: str) -> ProvinceInfo:
    if not isinstance(raw, Mapping):
        raise DataError(f"{source}: each [[province]] must be a table")
    unknown = set(raw) - {"name", "production", "notes", "land", "seas", "at"}
    if unknown:
        raise DataError(f"{source}: unknown province field {sorted(unknown)[0]!r}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataError(f"{source}: a province needs a name")
    production = raw.get("production", 0)
    if type(production) is not int or not -5 <= production <= 5:
        raise DataError(f"{source}: {name}: production is a whole number from -5 to +5, not {production!r}")
    land, seas = raw.get("land", []), raw.get("seas", [])
    for what, value in (("land", land), ("seas", seas)):
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise DataError(f"{source}: {name}: {what} is a list of names")
    at = raw.get("at")
    if at is not None and (not isinstance(at, list) or len(at) != 2 or not all(type(v) is int for v in at)):
        raise DataError(f"{source}: {name}: at is [row, column]")
    notes = raw.get("notes", "")
    if not isinstance(notes, str):
        raise DataError(f"{source}: {name}: notes are text")
    return ProvinceInfo(name.strip(), production, notes, tuple(land), tuple(seas),
                        (at[0], at[1]) if at else None)


@cache
def _shipped(key: str) -> EmpireMap:
    text = resources.files("magecraft.wizard_prince").joinpath("data", "maps", f"{key}.toml").read_text(
        encoding="utf-8")
    raw = dict(tomllib.loads(text))
    raw["key"] = key
    return EmpireMap.from_dict(raw, f"maps/{key}.toml")


def load_map(name_or_path: str | Path) -> EmpireMap:
    """A shipped map by name (``velkaria``) or a TOML map file; a malformed file is refused whole."""
    if isinstance(name_or_path, str) and name_or_path in SHIPPED:
        return _shipped(name_or_path)
    path = Path(name_or_path)
    try:
        raw = dict(tomllib.loads(path.read_text(encoding="utf-8")))
    except OSError as exc:
        raise DataError(f"cannot read map {path} (shipped maps: {', '.join(SHIPPED)}): {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file (a map is UTF-8 TOML)") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    raw.pop("key", None)
    return EmpireMap.from_dict(raw, str(path))


def reachable(start: str, through: Iterable[str], empire: EmpireMap, by_sea: bool = True) -> set[str]:
    """Provinces of ``through`` reached from ``start`` by a chain of provinces all in ``through``."""
    allowed = set(through)
    if start not in allowed:
        return set()
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for nxt in empire.neighbours(here, by_sea):
            if nxt in allowed and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def touches(province: str, realm: Iterable[str], empire: EmpireMap, by_sea: bool = True) -> bool:
    """Is ``province`` one jump from some province of ``realm``?"""
    near = empire.neighbours(province, by_sea)
    return any(p in near for p in realm)
