"""The search bot against the heuristic in the same seat, on the same seeds (issue 28).

    python benchmarks/search_compare.py SEAT SEARCH_SWEEP BASELINE_SWEEP

``SEARCH_SWEEP`` and ``BASELINE_SWEEP`` are ``magecraft lab run`` results of one game on the same seeds: the
first with ``SEAT=search``, the second with ``SEAT=heuristic`` and the other seats alike.  Either may be the
CSV or, for a sweep stopped before it wrote one, its ``.journal``.  Prints, for ``SEAT``: the games both
sweeps played, the win rates with 95% Wilson intervals (``magecraft lab summary``'s), and the paired test on
the seeds where exactly one of the two won (an exact two-sided binomial test, McNemar's): "clearly better"
is a search win rate above the heuristic's with p < 0.05.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

from magecraft.lab.summary import wilson


def won_by_seed(path: Path, seat: str) -> dict[int, bool]:
    """Whether ``seat`` won, by seed, from a lab CSV or journal (winners are joined by ``|``)."""
    if path.suffix == ".journal":
        rows = [json.loads(line) for line in path.read_text().splitlines()[1:] if line.strip()]
    else:
        with path.open(newline="") as handle:
            rows = list(csv.DictReader(handle))
    return {int(row["seed"]): seat in str(row["winners"]).split("|") for row in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seat")
    parser.add_argument("search", type=Path)
    parser.add_argument("baseline", type=Path)
    args = parser.parse_args()
    from scipy.stats import binomtest

    search, base = won_by_seed(args.search, args.seat), won_by_seed(args.baseline, args.seat)
    seeds = sorted(set(search) & set(base))
    mine = wilson(sum(search[s] for s in seeds), len(seeds))
    theirs = wilson(sum(base[s] for s in seeds), len(seeds))
    better = sum(search[s] and not base[s] for s in seeds)
    worse = sum(base[s] and not search[s] for s in seeds)
    p = binomtest(better, better + worse).pvalue if better + worse else 1.0
    print(f"{args.seat}: N={len(seeds)} (seeds {seeds[0] if seeds else '-'}..{seeds[-1] if seeds else '-'})")
    print(f"  search    {mine.wins}/{mine.n} {mine.rate:.1%} ({mine.low:.1%}-{mine.high:.1%})")
    print(f"  heuristic {theirs.wins}/{theirs.n} {theirs.rate:.1%} ({theirs.low:.1%}-{theirs.high:.1%})")
    print(f"  seeds only search won {better}, only the heuristic won {worse}: two-sided p = {p:.3g}")


if __name__ == "__main__":
    main()
