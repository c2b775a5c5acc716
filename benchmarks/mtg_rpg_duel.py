"""Quick duels per second: each kind played to the end by the simple player on truncated random decks.

Run: python benchmarks/mtg_rpg_duel.py [games per kind]

The decks (a truncated deck of 7 lands and 14 spells picked from the card pool for each Wizard) are prepared
before the clock starts: what is timed is the duel itself, from shuffling the libraries and drawing hands to
the last card.  Each figure is the median of 3 runs.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import ActionAttempt, SpellDeck, resolve_action
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.duel import QuickDuel, truncated_deck
from magecraft.mtg_rpg.duel_player import play_out
from magecraft.mtg_rpg.duel_sides import Duellist

RUNS = 3


def median_rate(count: int, run: Callable[[], float]) -> float:
    """``count`` things per second, the median of ``RUNS`` runs (``run`` returns the seconds it timed)."""
    return count / statistics.median(run() for _ in range(RUNS))


def duels(kind: str, games: int, wizards: int = 2) -> float:
    cards = list(builtin_pool())

    def run() -> float:
        prepared = []
        for seed in range(games):
            rng = Randomness.seeded(seed)
            libraries = [tuple(c.name for c in truncated_deck(cards, rng)) for _ in range(wizards)]
            prepared.append((rng, [Duellist(f"W{i}", 14, 4 + i % 2, 2, 2, library)
                                   for i, library in enumerate(libraries)]))
        start = time.perf_counter()
        for rng, (first, second, *others) in prepared:
            play_out(QuickDuel.start(first, second, kind, rng, turns=10 if kind == "limited-turns" else 0,
                                     others=others))
        return time.perf_counter() - start

    return median_rate(games, run)


def actions(count: int) -> float:
    pool = builtin_pool()

    def run() -> float:
        deck = SpellDeck.build([pool.get("Lava Axe"), pool.get("Mountain"), pool.get("Shock")] * 20, hand_size=4)
        rng = Randomness.seeded(1)
        deck.refill(rng)
        start = time.perf_counter()
        for _ in range(count):
            resolve_action(deck, ActionAttempt(score=4, difficulty=9, attribute="ST", card=deck.strongest()), rng)
        return time.perf_counter() - start

    return median_rate(count, run)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for kind in ("single-card", "three-card", "seven-card", "limited-turns"):
        print(f"{kind:14} {duels(kind, games):8.0f} duels/second")
    print(f"{'three-card x3':14} {duels('three-card', games, 3):8.0f} duels/second (three Wizards)")
    print(f"{'actions':14} {actions(games * 20):8.0f} actions/second")


if __name__ == "__main__":
    main()
