"""Instructions per game, counted by valgrind: the benchmark figure that a busy machine does not move.

    python benchmarks/instructions.py banquet [--games 10] [--code DIR]
    python benchmarks/instructions.py mage-wars duel dice planeswalker

Wall-clock rates on a shared machine move by a quarter between runs; the instructions the CPU executes
for the same seeded games move by well under 1%.  Each workload is run twice under
``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``), once with one game and once with ``--games`` + 1, and
the difference is divided by ``--games``: start-up, imports and the first game's warm-up cancel out.
``--code DIR`` measures another checkout (say, ``git archive`` of an older commit unpacked in DIR), so old
and new code are compared the same way.  Needs ``valgrind`` on the PATH (a tool, not a Python package).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: What one unit of each workload is, and the code that plays ``n`` of them (``n`` is set first, and
#: ``most``, the largest ``n`` of the comparison, so that work done before the clock, such as the duel's decks,
#: is the same in both runs and cancels out).
WORKLOADS: dict[str, tuple[str, str]] = {
    "banquet": ("banquet (heuristic, random, 2 NPC nobles)", """
from wizard_prince_banquet import banquet_for
from magecraft.wizard_prince.bots import play
for seed in range(n):
    play(*banquet_for(seed, npc=2))
"""),
    "mage-wars": ("Dummy-Mage game (Wizard book)", """
try:
    from magecraft.mage_wars.matches import run_matches
except ImportError:  # a checkout of before the match runner had its own module (--code)
    from magecraft.mage_wars.bot import run_matches
from magecraft.mage_wars.cards import ready_spellbooks
run_matches(n, 1, ready_spellbooks()["Wizard"], "Wizard")
"""),
    "duel": ("single-card MtG duel (decks prepared first)", """
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.duel import QuickDuel, truncated_deck
from magecraft.mtg_rpg.duel_player import play_out
from magecraft.mtg_rpg.duel_sides import Duellist
cards = list(builtin_pool())
prepared = []
for seed in range(most):
    rng = Randomness.seeded(seed)
    decks = [tuple(c.name for c in truncated_deck(cards, rng)) for _ in range(2)]
    prepared.append((rng, [Duellist(f"W{i}", 14, 4 + i % 2, 2, 2, deck) for i, deck in enumerate(decks)]))
for rng, (first, second) in prepared[:n]:
    play_out(QuickDuel.start(first, second, "single-card", rng))
"""),
    "planeswalker": ("Planeswalker RPG bot battle (Kiora against two creatures)", """
from magecraft.planeswalker.bot import ready_mage, run_many
run_many(ready_mage("Kiora the Wanderer"), ["Grizzly Bears", "Goblin Piker"], range(n))
"""),
    "dice": ("1d20 through Randomness, logged", """
from magecraft.core.randomness import Randomness
rng = Randomness.seeded(1)
for _ in range(n * 1000):
    rng.dice("1d20", "attack")
"""),
}
#: The dice workload counts thousands of rolls per unit, so its figure reads per roll in the output.
PER_UNIT_DIVISOR = {"dice": 1000}


def instructions(code: str, n: int, most: int, code_dir: Path | None) -> int:
    """The instructions valgrind counts for ``code`` with ``n`` and ``most`` set, start-up included."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    paths = [str(HERE)] + ([str(code_dir)] if code_dir else [])
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    with tempfile.TemporaryDirectory() as scratch:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out",
             sys.executable, "-c", f"n, most = {n}, {most}\n{code}"],
            env=env, cwd=scratch, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr) or re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed ({run.returncode}):\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="+", choices=sorted(WORKLOADS))
    parser.add_argument("--games", type=int, default=10, help="games counted beyond the first (default 10)")
    parser.add_argument("--code", type=Path, default=None,
                        help="a checkout to measure instead of the installed magecraft")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not on the PATH")
    for name in args.workloads:
        what, code = WORKLOADS[name]
        most = args.games + 1
        one = instructions(code, 1, most, args.code)
        more = instructions(code, most, most, args.code)
        per = (more - one) / args.games / PER_UNIT_DIVISOR.get(name, 1)
        unit = "roll" if name in PER_UNIT_DIVISOR else "game"
        print(f"{name}: {per:,.0f} instructions per {unit} ({what}; {args.games} counted)")


if __name__ == "__main__":
    main()
