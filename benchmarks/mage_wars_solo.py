"""Benchmark: seeded bot-against-Dummy-Mage games of Mage Wars solo, in games per second.

Each game is played the one way (``run_matches``: ``core.bots.play_out`` with the registered ``heuristic`` bot
for you and the Dummy Mage's rule bot for its seat).

Run ``python benchmarks/mage_wars_solo.py [GAMES] [SPELLBOOK]`` (default 1000 games, Wizard); the rate is
the median of 3 runs of the same seeds.
"""

from __future__ import annotations

import statistics
import sys
import time

from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.matches import run_matches


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000
    name = sys.argv[2] if len(sys.argv) > 2 else "Wizard"
    times = []
    for _ in range(3):
        start = time.perf_counter()
        summary = run_matches(games, 1, ready_spellbooks()[name], name)
        times.append(time.perf_counter() - start)
    elapsed = statistics.median(times)
    result = summary.to_dict()
    print(f"{games} games ({name} book) in {elapsed:.1f} s: {games / elapsed:.1f} games/second (median of 3 runs)")
    print(f"you win {result['you_win_rate']:.1%}, the Dummy Mage wins {result['dummy_win_rate']:.1%}, "
          f"draws {result['draw_rate']:.1%}, average {result['average_rounds']} rounds")


if __name__ == "__main__":
    main()
