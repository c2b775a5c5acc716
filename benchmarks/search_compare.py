"""The search bot against the heuristic in the same seat, on the same seeds (issue 28).

    python benchmarks/search_compare.py SEAT SEARCH_SWEEP BASELINE_SWEEP

``SEARCH_SWEEP`` and ``BASELINE_SWEEP`` are ``magecraft lab run`` results of one game on the same seeds: the
first with ``SEAT=search``, the second with ``SEAT=heuristic`` and the other seats alike.  Either may be the
CSV or, for a sweep stopped before it wrote one, its ``.journal``; several sweeps of one side (say seeds 1:1000
and 1001:1000) are joined by commas.  Prints, for ``SEAT``: the games both
sweeps played, the win rates with 95% Wilson intervals (``magecraft lab summary``'s), and the paired test on
the seeds where exactly one of the two won (an exact two-sided binomial test, McNemar's): "clearly better"
is a search win rate above the heuristic's with p < 0.05.  Where the game type scores a standing (the
``standing.SEAT`` column: ``GameType.evaluate``), the same is printed for it: both means and the sign test on
the seeds where the seat stood higher under one bot than under the other.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

from magecraft.lab.summary import wilson


def rows_by_seed(paths: str) -> dict[int, dict[str, str]]:
    """The rows by seed of one or more lab CSVs or journals (``a.csv,b.csv.journal``)."""
    rows: list[dict[str, str]] = []
    for path in map(Path, paths.split(",")):
        if path.suffix == ".journal":
            rows += [json.loads(line) for line in path.read_text().splitlines()[1:] if line.strip()]
        else:
            with path.open(newline="") as handle:
                rows += list(csv.DictReader(handle))
    return {int(row["seed"]): row for row in rows}


def won_by_seed(rows: dict[int, dict[str, str]], seat: str) -> dict[int, bool]:
    """Whether ``seat`` won, by seed (winners are joined by ``|``)."""
    return {seed: seat in str(row["winners"]).split("|") for seed, row in rows.items()}


def standing_by_seed(rows: dict[int, dict[str, str]], seat: str) -> dict[int, float]:
    """``seat``'s standing at the end, by seed, where the sweep recorded one."""
    key = f"standing.{seat}"
    return {seed: float(row[key]) for seed, row in rows.items() if row.get(key) not in (None, "")}


def sign_test(higher: int, lower: int) -> float:
    """The two-sided exact p that ``higher`` and ``lower`` differ only by chance."""
    from scipy.stats import binomtest

    return float(binomtest(higher, higher + lower).pvalue) if higher + lower else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seat")
    parser.add_argument("search")
    parser.add_argument("baseline")
    args = parser.parse_args()
    search_rows, base_rows = rows_by_seed(args.search), rows_by_seed(args.baseline)
    search, base = won_by_seed(search_rows, args.seat), won_by_seed(base_rows, args.seat)
    seeds = sorted(set(search) & set(base))
    mine = wilson(sum(search[s] for s in seeds), len(seeds))
    theirs = wilson(sum(base[s] for s in seeds), len(seeds))
    better = sum(search[s] and not base[s] for s in seeds)
    worse = sum(base[s] and not search[s] for s in seeds)
    p = sign_test(better, worse)
    print(f"{args.seat}: N={len(seeds)} (seeds {seeds[0] if seeds else '-'}..{seeds[-1] if seeds else '-'})")
    print(f"  search    {mine.wins}/{mine.n} {mine.rate:.1%} ({mine.low:.1%}-{mine.high:.1%})")
    print(f"  heuristic {theirs.wins}/{theirs.n} {theirs.rate:.1%} ({theirs.low:.1%}-{theirs.high:.1%})")
    print(f"  seeds only search won {better}, only the heuristic won {worse}: two-sided p = {p:.3g}")
    stood, stood_base = standing_by_seed(search_rows, args.seat), standing_by_seed(base_rows, args.seat)
    both = [s for s in seeds if s in stood and s in stood_base]
    if both:
        higher = sum(stood[s] > stood_base[s] for s in both)
        lower = sum(stood[s] < stood_base[s] for s in both)
        print(f"  standing: search {sum(stood[s] for s in both) / len(both):.4f}, heuristic "
              f"{sum(stood_base[s] for s in both) / len(both):.4f} (mean of {len(both)}); seeds search stood "
              f"higher {higher}, lower {lower}: two-sided p = {sign_test(higher, lower):.3g}")


if __name__ == "__main__":
    main()
