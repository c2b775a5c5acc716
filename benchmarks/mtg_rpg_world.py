"""Benchmark: World Campaigning realm-seasons per second (every realm run by its policy).

A generated world of 10 realms (with its sea, ruling WW29) runs 100 seasons (1,000 realm-seasons,
fewer when a realm falls), three times with seeds 1-3; the world is generated outside the timed
loop.  The rate is given per wall-clock second and per CPU second of this process (the second does
not depend on what else the machine is running).  Run
``python benchmarks/mtg_rpg_world.py [REALMS] [SEASONS]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.generate import generate_world
from magecraft.mtg_rpg.world.policy import run_season


def one_run(realms: int, seasons: int, seed: int) -> tuple[float, float]:
    world = generate_world(realms, Randomness.seeded(seed))
    start, cpu = time.perf_counter(), time.process_time()
    played = 0
    for _ in range(seasons):
        played += len(world.alive())
        run_season(world)
    return played / (time.perf_counter() - start), played / (time.process_time() - cpu)


def main() -> None:
    realms = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seasons = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    runs = [one_run(realms, seasons, seed) for seed in (1, 2, 3)]
    wall = statistics.median(rate for rate, _ in runs)
    cpu = statistics.median(rate for _, rate in runs)
    print(f"{realms} realms x {seasons} seasons, median of 3 runs: {wall:,.0f} realm-seasons/second "
          f"({cpu:,.0f} per CPU second)")


if __name__ == "__main__":
    main()
