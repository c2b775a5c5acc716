"""The designers' lab: banquets per second with one worker and with two, against the banquet benchmark.

    python benchmarks/lab.py [--games 400]

Plays the same seeded banquet sweep (the registry's default banquet, random bots, seeds 1..N) serially in
this process, then on a pool of two processes, and prints both rates, the speed-up and the one-worker rate
as a share of ``benchmarks/wizard_prince_banquet.py``'s (run it alongside for that figure).  The rows of
both runs are checked to be the same.  Memory: the peak resident size of the process after the sweep.
"""

from __future__ import annotations

import argparse
import resource
import time

from magecraft.lab import runners
from magecraft.lab.sweep import Sweep, Variant, tasks

GAME = "wizard-prince-banquet"


def rate(sweep: Sweep, games: int, workers: int) -> tuple[float, list[dict[str, object]]]:
    start = time.perf_counter()
    todo = tasks(sweep, range(1, games + 1), {})
    batches = runners.serial(sweep, todo, 16) if workers == 1 else runners.pool(sweep, todo, workers, 16)
    rows = [row for batch in batches for row in batch]
    return games / (time.perf_counter() - start), rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--game", default=GAME)
    args = parser.parse_args()
    sweep = Sweep(args.game, (Variant("book"),), ())
    one, serial_rows = rate(sweep, args.games, 1)
    two, pooled_rows = rate(sweep, args.games, 2)
    assert serial_rows == pooled_rows, "the pool gave other rows than the serial run"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.games} {args.game} games: one worker {one:,.1f}/s, two workers {two:,.1f}/s "
          f"(x{two / one:.2f}); rows identical; peak memory {peak:,.0f} MB")


if __name__ == "__main__":
    main()
