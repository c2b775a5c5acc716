"""Benchmark: Magic Realm Expansion One simulated realm-days per second, four characters.

Each run builds a seeded setup and board outside the timed loop (colour magic carried, the
generator revealed so that pods breed and hunt), then advances 336 days; the median of three
runs (seeds 1-3) is printed.  Run ``python benchmarks/magic_realm_days.py [DAYS]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from magecraft.core.randomness import Randomness
from magecraft.magic_realm.bots import unattended
from magecraft.magic_realm.days import RealmDays

CHARACTERS = ["Amazon@Borderland 1", "Dwarf@Borderland 4", "Magician@Borderland 2", "White Knight@Borderland 3"]


def one_run(days: int, seed: int) -> float:
    realm = RealmDays.new(Randomness.seeded(seed), CHARACTERS, colour_magic=["Magician"], generator_revealed=True)
    start = time.perf_counter()
    while realm.day < days or realm.pending is not None:
        # the next day, or a tie the rules leave to a character decided by the unattended rule (MR31)
        realm.apply(unattended(realm))
    return days / (time.perf_counter() - start)


def main() -> None:
    days = int(sys.argv[1]) if len(sys.argv) > 1 else 336
    rates = [one_run(days, seed) for seed in (1, 2, 3)]
    print(f"{days} days x 3 runs, four characters, median: {statistics.median(rates):,.0f} realm-days/second")


if __name__ == "__main__":
    main()
