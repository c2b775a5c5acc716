"""Benchmark: seeded bot battles of the Planeswalker RPG -- a character against two creatures.

Run ``python benchmarks/planeswalker_battle.py [BATTLES]`` (default 3000 per run); prints the
battles per second of each of 3 runs and their median, by the wall clock and by the process's CPU
time (on a shared, loaded machine the wall clock undercounts).  Target: 1,000 battles/second.
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
    wall_rates, cpu_rates = [], []
    for run in range(3):
        wall, cpu = time.perf_counter(), time.process_time()
        tally = run_many(hero, creatures, range(run * battles, (run + 1) * battles))
        wall_rates.append(battles / (time.perf_counter() - wall))
        cpu_rates.append(battles / (time.process_time() - cpu))
        print(f"run {run + 1}: {wall_rates[-1]:.0f} battles/second ({cpu_rates[-1]:.0f} per CPU second; "
              f"{tally['party']} won, {tally['foes']} lost, {tally['draw']} drawn)")
    print(f"{statistics.median(wall_rates):.0f} battles/second (median of 3 runs of {battles}; "
          f"{statistics.median(cpu_rates):.0f} per CPU second)")


if __name__ == "__main__":
    main()
