"""Benchmark: seeded bot battles of the Planeswalker RPG -- a character against two creatures.

Run ``python benchmarks/planeswalker_battle.py [BATTLES]`` (default 3000 per run); prints the
battles per second of each of 3 runs and their median.  Target: 1,000 battles/second.
"""

from __future__ import annotations

import statistics
import sys
import time

from magecraft.planeswalker.bot import ready_mage, run_many


def main() -> None:
    battles = int(sys.argv[1]) if len(sys.argv) > 1 else 3_000
    hero = ready_mage("Kiora the Wanderer")
    creatures = ["Grizzly Bears", "Goblin Piker"]
    rates = []
    for run in range(3):
        start = time.perf_counter()
        tally = run_many(hero, creatures, range(run * battles, (run + 1) * battles))
        rates.append(battles / (time.perf_counter() - start))
        print(f"run {run + 1}: {rates[-1]:.0f} battles/second ({tally['party']} won, {tally['foes']} lost, "
              f"{tally['draw']} drawn)")
    print(f"{statistics.median(rates):.0f} battles/second (median of 3 runs of {battles})")


if __name__ == "__main__":
    main()
