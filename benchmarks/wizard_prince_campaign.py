"""Wizard-Prince bot campaigns: campaign years per second, without and with the banquet.

    python benchmarks/wizard_prince_campaign.py [--campaigns 10] [--years 30]

Plays ``--campaigns`` seeded campaigns on the Velkar map (three player nobles and three NPC nobles, the
Tumultuous Empire on, every decision by the campaign bot, every banquet played by the banquet bots) for
up to ``--years`` years each, three times.  The time spent inside the banquet game is measured apart,
so the first figure is the campaign year alone (target: 200 years/second) and the second the whole year.
Prints the median of the three runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.campaign import court
from magecraft.wizard_prince.campaign.bots import run_year
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.year import Campaign

_banquet_time = [0.0]
_play = court.play_banquet


def _timed_banquet(c: Campaign) -> dict[str, Any]:
    start = time.perf_counter()
    try:
        return _play(c)
    finally:
        _banquet_time[0] += time.perf_counter() - start


def one_run(campaigns: int, years: int) -> tuple[int, float, float]:
    court.play_banquet = _timed_banquet
    _banquet_time[0] = 0.0
    played = 0
    start = time.perf_counter()
    for seed in range(campaigns):
        c = Campaign.new(["Ann", "Bob", "Cid"], Randomness.seeded(seed), npcs=3,
                         settings=CampaignSettings(tumultuous_empire=True))
        while c.year < years and not c.is_terminal():
            run_year(c)
            played += 1
    total = time.perf_counter() - start
    court.play_banquet = _play
    return played, total, _banquet_time[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=10)
    parser.add_argument("--years", type=int, default=30)
    args = parser.parse_args()
    runs = [one_run(args.campaigns, args.years) for _ in range(3)]
    years = runs[0][0]
    without = statistics.median(n / (total - banquet) for n, total, banquet in runs)
    with_banquet = statistics.median(n / total for n, total, _ in runs)
    print(f"{years} campaign years ({args.campaigns} campaigns, median of 3 runs)")
    print(f"{without:.0f} campaign years/second excluding the banquet")
    print(f"{with_banquet:.1f} campaign years/second with the banquet")


if __name__ == "__main__":
    main()
