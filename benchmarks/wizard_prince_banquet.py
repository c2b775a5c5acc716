"""Wizard-Prince banquets played by bots: banquets per second, errors, and heuristic v. random.

    python benchmarks/wizard_prince_banquet.py [--games 1000] [--duel 1000]

Part one plays ``--games`` seeded banquets (a heuristic player, a random player and two NPC
nobles, seeds 0, 1, 2, ...) three times, counts any that fail and reports the median rate.
Part two plays ``--duel`` seeded banquets of the heuristic bot against the random bot alone and
reports how often each scores more
(``NobleOutcome.score``: net Status, Wealth, Legions, Fleets and benefits won).
"""

from __future__ import annotations

import argparse
import statistics
import time
import traceback

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.bots import Bot, HeuristicBot, NpcNobleBot, RandomBot, play
from magecraft.wizard_prince.nobles import generate_npc_noble, nobles_from


def banquet_for(seed: int, npc: int) -> tuple[Banquet, dict[str, Bot]]:
    rng = Randomness.seeded(seed)
    names = ["Heuristic", "Random"] if seed % 2 == 0 else ["Random", "Heuristic"]
    nobles = nobles_from(names) + [generate_npc_noble(f"NPC {i}", rng) for i in range(1, npc + 1)]
    bots: dict[str, Bot] = {"Heuristic": HeuristicBot(), "Random": RandomBot()}
    bots.update({f"NPC {i}": NpcNobleBot() for i in range(1, npc + 1)})
    return Banquet.new(nobles, rng), bots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--duel", type=int, default=1_000)
    args = parser.parse_args()

    errors = 0
    times = []
    for run in range(3):
        start = time.perf_counter()
        for seed in range(args.games):
            try:
                play(*banquet_for(seed, npc=2))
            except Exception:  # the point of the run is to count failures of any kind
                errors += run == 0
                if errors <= 3 and run == 0:
                    print(f"seed {seed} failed:\n{traceback.format_exc()}")
        times.append(time.perf_counter() - start)
    print(f"{args.games} banquets (heuristic, random, 2 NPC nobles): {errors} errors, "
          f"{args.games / statistics.median(times):.1f} banquets/second (median of 3 runs)")
    if not args.duel:
        return

    wins = ties = losses = 0
    start = time.perf_counter()
    for seed in range(args.duel):
        result = play(*banquet_for(seed, npc=0))
        mine, theirs = result.outcome("Heuristic").score, result.outcome("Random").score
        wins += mine > theirs
        ties += mine == theirs
        losses += mine < theirs
    elapsed = time.perf_counter() - start
    print(f"heuristic v. random, {args.duel} banquets: heuristic wins {wins} ({100 * wins / args.duel:.1f}%), "
          f"ties {ties}, random wins {losses} ({100 * losses / args.duel:.1f}%); "
          f"{args.duel / elapsed:.1f} banquets/second")


if __name__ == "__main__":
    main()
