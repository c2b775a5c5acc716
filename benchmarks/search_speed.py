"""How many playouts a second of processor time buys the search bot, game by game (issue 28).

    python benchmarks/search_speed.py [--playouts 40] [--decisions 3]

For each competitive game, plays a seeded game with the heuristic bots and, at the first ``--decisions``
decisions of the searching seat that offer a choice, runs the registered search bot for ``--playouts``
playouts (no time limit), timing it in *processor* seconds of this process (``time.process_time``), which
a shared machine's load does not stretch as it stretches the wall clock.  Prints playouts per processor
second and the share of that time spent making the copies (``determinise`` or ``copy_for_search``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from magecraft.core.bots import Bot
from magecraft.core.randomness import Randomness
from magecraft.core.search import SearchBot
from magecraft.games import registry

#: The game and the seat the search bot plays in the measurements of benchmarks/README.md.
GAMES = (("wizard-prince-banquet", "Ann"), ("mage-wars-solo", "you"), ("wizard-prince-race", "NPC 1"),
         ("mtg-rpg-duel", "Sarin"), ("planeswalker-battle", "you"))


def measure(name: str, seat: str, playouts: int, decisions: int) -> tuple[float, float]:
    """Playouts per processor second, and the share of it spent copying, over ``decisions`` decisions."""
    game_type = registry().get(name)
    game = game_type.new_game(Randomness.seeded(1))
    chosen = game_type.bots_for(game, "heuristic" if "heuristic" in game_type.bots else "random")
    bots: dict[str, Bot] = {s: game_type.bot(b, Randomness.seeded(i)) for i, (s, b) in enumerate(chosen.items())}
    search = game_type.bot("search", Randomness.seeded(0))
    assert isinstance(search, SearchBot)
    search.playouts, search.seconds = playouts, None
    copying = 0.0
    world = search._world

    def timed_world(state: Any, player: str) -> Any:
        nonlocal copying
        started = time.process_time()
        try:
            return world(state, player)
        finally:
            copying += time.process_time() - started

    search._world = timed_world  # type: ignore[method-assign]
    spent, done = 0.0, 0
    while not game.is_terminal() and done < decisions:
        player = game.current_player() or ""
        if player == seat and len(game.legal_actions()) > 1:
            started = time.process_time()
            search.choose(game, player)
            spent += time.process_time() - started
            done += 1
        game.apply(bots[player].choose(game, player))
    return (done * playouts / spent if spent else 0.0), (copying / spent if spent else 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=3)
    args = parser.parse_args()
    for name, seat in GAMES:
        rate, copying = measure(name, seat, args.playouts, args.decisions)
        print(f"{name:24} {seat:6} {rate:7.0f} playouts per processor second, {copying:.0%} of it copying")


if __name__ == "__main__":
    main()
