"""Wizard-Prince chariot races run by bots: whole races per second with four chariots, and errors.

    python benchmarks/wizard_prince_race.py [--races 2000] [--runs 3] [--long 0]

Each run drives ``--races`` seeded races (seeds 0, 1, 2, ...: two heavy and two light NPC chariots, a
cautious and an aggressive bot each) and the median of ``--runs`` runs is printed as races/second
(target: 500).  ``--long N`` then runs seeds 0 to N-1 once more, counting errors, how the races ended
and a digest of every result, so two long runs can be compared byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
import traceback
from collections import Counter

from magecraft.wizard_prince.race.bots import bot_race


def timed_run(races: int) -> tuple[float, float]:
    """Races per second by the wall clock, and by this process's CPU time (which a busy machine disturbs less)."""
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(races):
        bot_race(seed)
    return races / (time.perf_counter() - start), races / (time.process_time() - cpu)


def long_run(races: int) -> None:
    errors = 0
    endings: Counter[str] = Counter()
    digest = hashlib.sha256()
    wrecks = 0
    for seed in range(races):
        try:
            race = bot_race(seed)
        except Exception:  # the point of the long run is to count failures of any kind
            errors += 1
            if errors <= 3:
                print(f"seed {seed} failed:\n{traceback.format_exc()}")
            continue
        result = race.result()
        endings[result["ended"]] += 1
        wrecks += len(result["wrecks"])
        digest.update(json.dumps(result, sort_keys=True).encode())
    print(f"{races} seeded races: {errors} errors; {dict(sorted(endings.items()))}; "
          f"{wrecks / max(1, races - errors):.2f} wrecks a race; results digest {digest.hexdigest()[:16]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--long", type=int, default=0)
    args = parser.parse_args()
    runs = [timed_run(args.races) for _ in range(args.runs)]
    wall, cpu = [r[0] for r in runs], [r[1] for r in runs]
    print(f"{args.races} races x {args.runs} runs, four chariots: {' '.join(f'{r:.0f}' for r in wall)}; "
          f"median {statistics.median(wall):.0f} races/second "
          f"(by CPU time: median {statistics.median(cpu):.0f} races/second)")
    if args.long:
        long_run(args.long)


if __name__ == "__main__":
    main()
