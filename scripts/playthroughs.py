"""Regenerate the golden playthroughs under tests/playthroughs/ (review the diff before committing).

    python scripts/playthroughs.py                      # every game type
    python scripts/playthroughs.py mage-wars-solo       # one

Per game type: three seeds with random bots everywhere, and, where the game has a ``heuristic`` bot,
two seeds with it in the first seat against random bots (the rule book's own bots keep their seats).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from magecraft.core.playthrough import Header, new_state, record
from magecraft.games import registry

OUT = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"


def headers(name: str) -> list[Header]:
    game_type = registry().get(name)
    plans = [(seed, "random") for seed in (1, 2, 3)]
    if "heuristic" in game_type.bots:
        plans += [(seed, "heuristic") for seed in (4, 5)]
    result = []
    for seed, first in plans:
        probe = Header(name, {}, seed, ())
        seats = game_type.bots_for(new_state(game_type, probe))
        first_seat = next(iter(seats))
        bots = tuple((seat, first if seat == first_seat and bot == "random" else bot)
                     for seat, bot in seats.items())
        result.append(Header(name, {}, seed, bots))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game types (default: every one)")
    args = parser.parse_args(argv)
    names = args.games or list(registry().names())
    OUT.mkdir(exist_ok=True)
    for name in names:
        for old in OUT.glob(f"{name}__*.txt"):
            old.unlink()
        for header in headers(name):
            bots = "-".join(sorted({bot for _, bot in header.bots}))
            path = OUT / f"{name}__seed{header.seed}__{bots}.txt"
            path.write_text(record(registry().get(name), header), encoding="utf-8")
            print(path.relative_to(OUT.parent.parent))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
