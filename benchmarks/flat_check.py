"""Where does a game's heuristic lose?  Flat Monte Carlo at one seat's decisions (issue 28).

    python benchmarks/flat_check.py GAME SEAT [--seeds 1:120] [--playouts 200] [--out flat.json]

Plays each seed with every seat's heuristic (the rule book's bot at the seats it plays) and, at each decision of
``SEAT`` with a choice, scores every legal action: ``--playouts`` times, a world ``SEAT`` cannot tell from the
game (``core.search.playout_world``: the game type's ``determinise``, dice of the check's own) takes the action
and every seat then plays its heuristic to the end; a win scores 1, an end with no winner 0.5. Prints, per kind
of decision, how often the heuristic's own action was the best scored and by how much the best beat it on
average, and lists the decisions where the best beat it by more than 2.5 standard errors. This is how the duel's
heuristic was found to ask always to play first (benchmarks/README.md, "At a playout budget").
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from magecraft.core.bots import play_out
from magecraft.core.randomness import Randomness
from magecraft.core.search import playout_world
from magecraft.games import registry


def score(game_type: Any, state: Any, seat: str, action: Any, bots: dict[str, Any], rng: Randomness,
          playouts: int) -> float:
    """``action``'s share of wins for ``seat`` over ``playouts`` determinised worlds, the heuristic after it."""
    total = 0.0
    for _ in range(playouts):
        world = playout_world(state, seat, rng, game_type.determinise)
        world.apply(action)
        play_out(world, bots)
        won = game_type.winners(world)
        total += 1.0 if seat in won else (0.5 if not won else 0.0)
    return total / playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("seat")
    parser.add_argument("--seeds", default="1:120", help="START:COUNT (as lab run)")
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--out", type=Path, help="every decision's scores as JSON")
    args = parser.parse_args()
    game_type = registry().get(args.game)
    start, count = (int(x) for x in args.seeds.split(":"))
    rng = Randomness.seeded(start)
    found: list[dict[str, Any]] = []
    for seed in range(start, start + count):
        state = game_type.new_game(Randomness.seeded(seed))
        names = game_type.bots_for(state, "heuristic")
        bots = {seat: game_type.bot(name, Randomness.seeded(seed * 1000 + n))
                for n, (seat, name) in enumerate(names.items())}
        while not state.is_terminal():
            mover = state.current_player()
            actions = state.legal_actions()
            chosen = bots[mover].choose(state, mover)
            if mover == args.seat and len(actions) > 1:
                values = {state.action_text(a): score(game_type, state, mover, a, bots, rng, args.playouts)
                          for a in actions}
                found.append({"seed": seed, "kind": str(state.decision_kind()),
                              "heuristic": state.action_text(chosen), "values": values})
            state.apply(chosen)
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for decision in found:
        by_kind[decision["kind"]].append(decision)
    n = args.playouts
    for kind, decisions in sorted(by_kind.items()):
        gaps = [max(d["values"].values()) - d["values"][d["heuristic"]] for d in decisions]
        best = sum(gap == 0 for gap in gaps)
        print(f"{kind}: {len(decisions)} decisions, the heuristic's the best scored in {best}, "
              f"the best ahead of it by {sum(gaps) / len(gaps):.3f} on average")
    for d in found:
        mine, top = d["values"][d["heuristic"]], max(d["values"].values())
        spread = math.sqrt(max(top * (1 - top), 0.01) / n + max(mine * (1 - mine), 0.01) / n)
        if top - mine > 2.5 * spread:
            print(f"  seed {d['seed']} {d['kind']}: {d['heuristic']} {mine:.3f}; "
                  + ", ".join(f"{a} {v:.3f}" for a, v in d["values"].items() if v > mine))
    if args.out:
        args.out.write_text(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
