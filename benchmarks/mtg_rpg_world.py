"""Benchmark: World Campaigning realm-seasons per second (every realm run by its policy).

A generated world of 10 realms runs 100 seasons (1,000 realm-seasons), three times with
seeds 1-3; the world is generated outside the timed loop.  Run
``python benchmarks/mtg_rpg_world.py [REALMS] [SEASONS]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.generate import generate_world
from magecraft.mtg_rpg.world.policy import run_season


def one_run(realms: int, seasons: int, seed: int) -> float:
    world = generate_world(realms, Randomness.seeded(seed))
    start = time.perf_counter()
    played = 0
    for _ in range(seasons):
        played += len(world.alive())
        run_season(world)
    return played / (time.perf_counter() - start)


def main() -> None:
    realms = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seasons = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    rates = [one_run(realms, seasons, seed) for seed in (1, 2, 3)]
    print(f"{realms} realms x {seasons} seasons, median of 3 runs: {statistics.median(rates):,.0f} "
          "realm-seasons/second")


if __name__ == "__main__":
    main()
