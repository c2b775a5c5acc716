"""Quick duels per second: each kind played to the end by the simple player on truncated random decks.

Run: python benchmarks/mtg_rpg_duel.py [games per kind]
"""

from __future__ import annotations

import sys
import time

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import ActionAttempt, SpellDeck, resolve_action
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.duel import Duellist, QuickDuel, play_out, truncated_deck


def duels(kind: str, games: int, wizards: int = 2) -> float:
    cards = list(builtin_pool())
    start = time.perf_counter()
    for seed in range(games):
        rng = Randomness.seeded(seed)
        libraries = [tuple(c.name for c in truncated_deck(cards, rng)) for _ in range(wizards)]
        first, second, *others = (Duellist(f"W{i}", 14, 4 + i % 2, 2, 2, library)
                                  for i, library in enumerate(libraries))
        play_out(QuickDuel.start(first, second, kind, rng, turns=10 if kind == "limited-turns" else 0,
                                 others=others))
    return games / (time.perf_counter() - start)


def actions(count: int) -> float:
    pool = builtin_pool()
    deck = SpellDeck.build([pool.get("Lava Axe"), pool.get("Mountain"), pool.get("Shock")] * 20, hand_size=4)
    rng = Randomness.seeded(1)
    deck.refill(rng)
    start = time.perf_counter()
    for _ in range(count):
        resolve_action(deck, ActionAttempt(score=4, difficulty=9, attribute="ST", card=deck.strongest()), rng)
    return count / (time.perf_counter() - start)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for kind in ("single-card", "three-card", "seven-card", "limited-turns"):
        print(f"{kind:14} {duels(kind, games):8.0f} duels/second")
    print(f"{'three-card x3':14} {duels('three-card', games, 3):8.0f} duels/second (three Wizards)")
    print(f"{'actions':14} {actions(games * 20):8.0f} actions/second")


if __name__ == "__main__":
    main()
