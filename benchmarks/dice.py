"""Dice through :class:`~magecraft.core.randomness.Randomness` (each roll labelled and logged) against the
``d20`` package, side by side in one run: microseconds per roll and rolls per second, median of 3 runs.

    pip install -e '.[bench]'        # d20 is a benchmark-only extra, never a runtime dependency
    python benchmarks/dice.py [ROLLS]

Without ``d20`` installed the magecraft lines are still printed.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from magecraft.core.randomness import Randomness

RUNS = 3


def per_roll(rolls: int, make: Callable[[], Callable[[], object]]) -> float:
    """Median over ``RUNS`` runs of the seconds per call (a fresh roller, and so a fresh log, each run)."""
    times = []
    for _ in range(RUNS):
        roll = make()
        start = time.perf_counter()
        for _ in range(rolls):
            roll()
        times.append((time.perf_counter() - start) / rolls)
    return statistics.median(times)


def main() -> None:
    rolls = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000

    def roll_d20() -> Callable[[], object]:
        rng = Randomness.seeded(1)
        return lambda: rng.roll(20, "attack")

    def dice_1d20() -> Callable[[], object]:
        rng = Randomness.seeded(1)
        return lambda: rng.dice("1d20", "attack")

    def dice_3d6() -> Callable[[], object]:
        rng = Randomness.seeded(1)
        return lambda: rng.dice("3d6", "attack")

    def dice_black_magic() -> Callable[[], object]:
        rng = Randomness.seeded(1)
        return lambda: rng.dice("1d6x1d6", "Black Magic damage")

    def shuffle_344() -> Callable[[], object]:
        rng = Randomness.seeded(1)
        cards = list(range(344))
        return lambda: rng.shuffle(cards, "library")

    figures = {
        'rng.roll(20, label)': per_roll(rolls, roll_d20),
        'rng.dice("1d20", label)': per_roll(rolls, dice_1d20),
        'rng.dice("3d6", label)': per_roll(rolls, dice_3d6),
        'rng.dice("1d6x1d6", label)': per_roll(rolls, dice_black_magic),
        "rng.shuffle(344 cards)": per_roll(max(1, rolls // 100), shuffle_344),
    }
    try:
        import d20  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        print("d20 is not installed (pip install -e '.[bench]'): magecraft figures only")
    else:
        figures['d20.roll("1d20")'] = per_roll(rolls, lambda: lambda: d20.roll("1d20"))
        figures['d20.roll("3d6")'] = per_roll(rolls, lambda: lambda: d20.roll("3d6"))
    for name, seconds in figures.items():
        print(f"{name:28} {seconds * 1e6:6.2f} µs  {1 / seconds:12,.0f} rolls/second")
    if 'd20.roll("1d20")' in figures:
        ratio = figures['rng.dice("1d20", label)'] / figures['d20.roll("1d20")']
        print(f'rng.dice("1d20") takes {ratio:.2f} of the time of d20.roll("1d20") (target: at most 0.50)')


if __name__ == "__main__":
    main()
