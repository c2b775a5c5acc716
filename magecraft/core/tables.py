"""The seeds' random tables, kept as TOML data files inside the package.

A table file lives at ``magecraft/<system>/data/tables/<name>.toml``::

    name = "npc_noble_action"
    title = "NPC Noble Actions"
    system = "wizard_prince"
    section = "Optional Rules: NPC Nobles"
    dice = "1d6"
    clamp = true          # a modified roll past either end counts as that end (default)
    reroll = []           # raw values rolled again (e.g. "re-roll 8+")

    [[rows]]
    roll = "1-2"          # a number, or "low-high"
    result = "INTERFERE"
    # any other keys are structured data for the rules code; `roll_again = N`
    # makes the row mean "roll N more times on this table"

>>> from magecraft.core.randomness import Randomness
>>> table = RandomTable.from_dict({"name": "t", "title": "T", "dice": "1d6",
...     "rows": [{"roll": "1-3", "result": "low"}, {"roll": "4-6", "result": "high"}]})
>>> table.roll(Randomness.scripted([2]), modifier=3).result
'high'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from magecraft.core.dice import parse_dice
from magecraft.core.errors import DataError, MagecraftError

if TYPE_CHECKING:
    # a table is rolled with the caller's dice: reading one (the odds of a die's faces) needs no Randomness
    from magecraft.core.randomness import Randomness

#: The rule-system packages whose ``data/tables`` folders hold tables.
SYSTEM_PACKAGES = ("wizard_prince", "mtg_rpg", "planeswalker", "magic_realm", "mage_wars")

_RESERVED = {"roll", "result", "roll_again"}
MAX_REROLLS = 100


@dataclass(frozen=True, slots=True)
class TableRow:
    low: int
    high: int
    result: str
    roll_again: int = 0
    data: Mapping[str, Any] = field(default_factory=dict)

    def covers(self, value: int) -> bool:
        return self.low <= value <= self.high

    @property
    def span(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class TableResult:
    """One roll on a table: the raw roll, the modifier, the total used, the row and any extra rolls."""

    table: str
    raw: int
    modifier: int
    total: int
    row: TableRow
    extra: tuple[TableResult, ...] = ()

    @property
    def result(self) -> str:
        return self.row.result

    @property
    def data(self) -> Mapping[str, Any]:
        return self.row.data

    def results(self) -> list[TableResult]:
        """This result followed by every result its roll-again rows produced, in order."""
        out = [self]
        for extra in self.extra:
            out.extend(extra.results())
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "raw": self.raw,
            "modifier": self.modifier,
            "total": self.total,
            "result": self.result,
            "data": dict(self.data),
            "extra": [e.to_dict() for e in self.extra],
        }


@dataclass(frozen=True, slots=True)
class RandomTable:
    name: str
    title: str
    dice: str
    rows: tuple[TableRow, ...]
    system: str = ""
    section: str | None = None
    clamp: bool = True
    reroll: frozenset[int] = frozenset()
    notes: str = ""
    #: The lowest and highest totals the rows cover (a clamped roll is held between them), worked out once:
    #: every roll on the table needs them.
    low: int = field(init=False, repr=False, compare=False)
    high: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "low", min(r.low for r in self.rows))
        object.__setattr__(self, "high", max(r.high for r in self.rows))

    def row_for(self, value: int) -> TableRow:
        for row in self.rows:
            if row.covers(value):
                return row
        raise MagecraftError(f"table {self.name} has no row for {value}")

    def lookup(self, value: int) -> TableResult:
        """The row for a roll made elsewhere (a card drawn, a roll already on the log)."""
        return TableResult(self.name, value, 0, value, self.row_for(value))

    def roll(self, rng: Randomness, modifier: int = 0, *, label: str | None = None) -> TableResult:
        """Roll on the table: re-roll listed raw values, add the modifier, clamp, follow roll-agains."""
        label = label or self.title
        raw = rng.dice(self.dice, label, section=self.section).total
        rerolls = 0
        while raw in self.reroll:
            rerolls += 1
            if rerolls > MAX_REROLLS:
                raise MagecraftError(f"table {self.name}: re-rolled {MAX_REROLLS} times without a result")
            raw = rng.dice(self.dice, f"{label} (re-roll {raw})", section=self.section).total
        total = raw + modifier
        if self.clamp:
            total = max(self.low, min(self.high, total))
        row = self.row_for(total)
        extra: list[TableResult] = []
        for n in range(row.roll_again):
            extra.append(self.roll(rng, modifier, label=f"{label} (roll again {n + 1} of {row.roll_again})"))
        result = TableResult(self.name, raw, modifier, total, row, tuple(extra))
        rng.log.record("table", label, section=self.section,
                       data={"table": self.name, "total": total, "result": row.result})
        return result

    def coverage_problems(self) -> list[str]:
        """Every possible roll of the dice must meet exactly one row (the test checks this)."""
        low, high = parse_dice(self.dice).bounds()
        problems = []
        for value in range(low, high + 1):
            hits = [r.span for r in self.rows if r.covers(value)]
            if len(hits) != 1:
                problems.append(f"{self.name}: roll {value} meets {len(hits)} rows {hits}")
        for row in self.rows:
            if row.low < low or row.high > high:
                problems.append(f"{self.name}: row {row.span} is outside {self.dice} ({low}-{high})")
        return problems

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, source: str = "table") -> RandomTable:
        try:
            name = str(raw["name"])
            dice = str(raw["dice"])
            parse_dice(dice)
            rows = tuple(_row(r, source) for r in raw["rows"])
            if not rows:
                raise DataError(f"{source}: a table needs at least one row")
            return cls(
                name=name,
                title=str(raw.get("title", name)),
                dice=dice,
                rows=rows,
                system=str(raw.get("system", "")),
                section=raw.get("section"),
                clamp=bool(raw.get("clamp", True)),
                reroll=frozenset(int(v) for v in raw.get("reroll", [])),
                notes=str(raw.get("notes", "")),
            )
        except KeyError as exc:
            raise DataError(f"{source}: missing key {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise DataError(f"{source}: {exc}") from None


def _row(raw: Mapping[str, Any], source: str) -> TableRow:
    spec = raw["roll"]
    if isinstance(spec, int):
        low = high = spec
    else:
        text = str(spec).strip()
        parts = text.split("-", 1) if not text.startswith("-") else [text]
        try:
            low = int(parts[0])
            high = int(parts[1]) if len(parts) == 2 else low
        except ValueError:
            raise DataError(f"{source}: row roll {spec!r} is not a number or range") from None
    if low > high:
        raise DataError(f"{source}: row roll {spec!r} runs backwards")
    data = {k: v for k, v in raw.items() if k not in _RESERVED}
    return TableRow(low, high, str(raw["result"]), int(raw.get("roll_again", 0)), data)


def load_table(text: str, *, source: str = "table") -> RandomTable:
    """Parse one table from TOML text; a malformed file is refused whole."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{source}: not valid TOML: {exc}") from None
    return RandomTable.from_dict(raw, source=source)


def _folder(system: str) -> Any:
    """A rule system's shipped tables folder (``data/tables``), or None when it ships none."""
    try:
        package = resources.files(f"magecraft.{system}")
    except ModuleNotFoundError:  # a rule system not shipped in this build
        return None
    folder = package.joinpath("data").joinpath("tables")
    return folder if folder.is_dir() else None


def load_tables(systems: Iterable[str] = SYSTEM_PACKAGES) -> dict[str, RandomTable]:
    """Every table shipped in the package, by name; each in a file named after it (``<name>.toml``, which
    :func:`get_table` reads alone)."""
    tables: dict[str, RandomTable] = {}
    for system in systems:
        folder = _folder(system)
        if folder is None:
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".toml"):
                continue
            table = load_table(entry.read_text(encoding="utf-8"), source=f"{system}/{entry.name}")
            if table.name in tables:
                raise DataError(f"two tables are named {table.name!r}")
            if f"{table.name}.toml" != entry.name:
                raise DataError(f"{system}/{entry.name}: the table {table.name!r} is not in a file named after it")
            tables[table.name] = table
    return tables


_CACHE: dict[str, RandomTable] = {}


def get_table(name: str) -> RandomTable:
    """The shipped table called ``name``, read from its own file the first time it is asked for (not every
    table: a one-shot command rolling one table would read them all, issue 23 item 5)."""
    if name not in _CACHE:
        # a table's name is letters, digits and underscores: nothing else names a file of the folder
        plain = bool(name) and all(c.isalnum() or c == "_" for c in name)
        for system in SYSTEM_PACKAGES if plain else ():
            folder = _folder(system)
            entry = None if folder is None else folder.joinpath(f"{name}.toml")
            if entry is not None and entry.is_file():
                table = load_table(entry.read_text(encoding="utf-8"), source=f"{system}/{name}.toml")
                if table.name == name:
                    _CACHE[name] = table
                break
    if name not in _CACHE:
        raise DataError(f"no table named {name!r}")
    return _CACHE[name]
