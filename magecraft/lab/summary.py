"""What a sweep says: win rates with 95% Wilson intervals, game length, the events that differ, A/B tests.

The statistics are scipy's (``binomtest(...).proportion_ci(method="wilson")`` and Fisher's exact test),
not written here.  :func:`summarise` reads a results file row by row; :func:`plot` draws the charts.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Rate:
    """Wins of ``n`` games with the 95% Wilson interval."""

    wins: int
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0


def wilson(wins: int, n: int) -> Rate:
    """``wins`` of ``n`` with its 95% Wilson score interval.

    >>> r = wilson(60, 100)
    >>> round(r.low, 4), round(r.high, 4)
    (0.502, 0.6906)
    """
    from scipy.stats import binomtest

    if n == 0:
        return Rate(0, 0, 0.0, 1.0)
    interval = binomtest(wins, n).proportion_ci(confidence_level=0.95, method="wilson")
    return Rate(wins, n, float(interval.low), float(interval.high))


def fisher_p(a: Rate, b: Rate) -> float:
    """The two-sided p-value of Fisher's exact test that two win rates are the same."""
    from scipy.stats import fisher_exact

    table = [[a.wins, a.n - a.wins], [b.wins, b.n - b.wins]]
    return float(fisher_exact(table).pvalue)


@dataclass
class VariantSummary:
    name: str
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    seats: dict[str, str] = field(default_factory=dict)
    lengths: list[float] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    #: Each seat's standing summed over the games (``standing.SEAT`` columns: the game type's ``evaluate``).
    standing: dict[str, float] = field(default_factory=dict)

    def add(self, row: Mapping[str, str]) -> None:
        self.games += 1
        for pair in row["bots"].split(";"):
            seat, _, bot = pair.partition("=")
            self.seats.setdefault(seat, bot)
        for seat in filter(None, row["winners"].split("|")):
            self.wins[seat] += 1
        self.lengths.append(float(row["length"]))
        for key, value in row.items():
            if key.startswith("events.") and value:
                self.events[key[len("events."):]] += int(value)
            elif key.startswith("standing.") and value:
                seat = key[len("standing."):]
                self.standing[seat] = self.standing.get(seat, 0.0) + float(value)

    def rates(self) -> dict[str, Rate]:
        return {seat: wilson(self.wins[seat], self.games) for seat in self.seats}

    def to_json(self) -> dict[str, Any]:
        quartiles = statistics.quantiles(self.lengths, n=4) if len(self.lengths) > 1 else self.lengths * 3
        return {
            "games": self.games,
            "win_rates": {seat: {"bot": self.seats[seat], "wins": r.wins, "rate": round(r.rate, 4),
                                 "low": round(r.low, 4), "high": round(r.high, 4)}
                          for seat, r in self.rates().items()},
            # where the game type scores a standing: its mean, 0 (lost) to 1 (won), seat by seat
            "standing": {seat: round(self.standing[seat] / self.games, 4) for seat in self.seats
                         if seat in self.standing},
            "length": {"mean": round(statistics.fmean(self.lengths), 3) if self.lengths else 0,
                       "quartiles": [round(q, 3) for q in quartiles]},
            "events_per_game": {k: round(v / self.games, 4) for k, v in sorted(self.events.items())},
        }


def summarise(rows: Iterable[Mapping[str, str]]) -> dict[str, VariantSummary]:
    variants: dict[str, VariantSummary] = {}
    for row in rows:
        variants.setdefault(row["variant"], VariantSummary(row["variant"])).add(row)
    return variants


def differing_events(variants: Mapping[str, VariantSummary], most: int = 8) -> list[tuple[str, list[float]]]:
    """The event kinds whose count per game differs most between variants (or the commonest, with one)."""
    kinds = set().union(*(v.events for v in variants.values())) if variants else set()
    per_game = {k: [v.events[k] / v.games for v in variants.values()] for k in kinds}

    def spread(kind: str) -> float:
        values = per_game[kind]
        return (max(values) - min(values)) / max(max(values), 1e-9) if len(values) > 1 else values[0]

    return [(k, per_game[k]) for k in sorted(kinds, key=lambda k: (-spread(k), k))[:most]]


def ab_tests(a: VariantSummary, b: VariantSummary) -> dict[str, dict[str, float]]:
    """Per seat: the two win rates and the p-value that they are the same."""
    ra, rb = a.rates(), b.rates()
    return {seat: {"a": round(ra[seat].rate, 4), "b": round(rb[seat].rate, 4),
                   "p_value": round(fisher_p(ra[seat], rb[seat]), 6)}
            for seat in ra if seat in rb}


def report(variants: Mapping[str, VariantSummary]) -> dict[str, Any]:
    """The whole summary as plain data (``lab summary --json``)."""
    names = list(variants)
    data: dict[str, Any] = {"variants": {n: v.to_json() for n, v in variants.items()},
                            "differing_events": [{"event": k, "per_game": [round(x, 4) for x in values]}
                                                 for k, values in differing_events(variants)]}
    if len(names) == 2:
        data["ab_test"] = {"a": names[0], "b": names[1],
                           "seats": ab_tests(variants[names[0]], variants[names[1]])}
    return data


def plot(variants: Mapping[str, VariantSummary], directory: Path) -> list[Path]:
    """Two PNG charts: win rates per seat with their intervals, and game lengths per variant."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory.mkdir(parents=True, exist_ok=True)
    seats = sorted(set().union(*(v.seats for v in variants.values())))
    width = 0.8 / max(len(variants), 1)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for i, (name, summary) in enumerate(variants.items()):
        rates = summary.rates()
        xs = [s + i * width for s in range(len(seats))]
        values = [rates[s].rate if s in rates else 0 for s in seats]
        errors = [[v - rates[s].low if s in rates else 0 for s, v in zip(seats, values, strict=True)],
                  [rates[s].high - v if s in rates else 0 for s, v in zip(seats, values, strict=True)]]
        ax.bar(xs, values, width, yerr=errors, capsize=3, label=name)
    ax.set_xticks([s + width * (len(variants) - 1) / 2 for s in range(len(seats))])
    ax.set_xticklabels([f"{s}\n({next(iter(variants.values())).seats.get(s, '')})" for s in seats])
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.legend()
    ax.set_title("Win rates by seat")
    rates_png = _saved(fig, directory / "win_rates.png")

    fig, ax = plt.subplots(figsize=(8, 4.5))
    every = [x for summary in variants.values() for x in summary.lengths]
    low, high = (min(every), max(every)) if every else (0.0, 1.0)
    # whole-number lengths (turns, rounds) get a bar each; long ranges are binned
    bins: Any = [x - 0.5 for x in range(int(low), int(high) + 2)] if high - low <= 60 else 30
    for name, summary in variants.items():
        ax.hist(summary.lengths, bins=bins, alpha=0.55, label=name)
    ax.set_xlabel("game length (turns, rounds or seasons; otherwise actions)")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title("Game length per variant")
    return [rates_png, _saved(fig, directory / "lengths.png")]


def _saved(fig: Any, path: Path) -> Path:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def by_variant_rows(path: Path) -> dict[str, VariantSummary]:
    from magecraft.lab.results import read_rows

    return summarise(read_rows(path))

