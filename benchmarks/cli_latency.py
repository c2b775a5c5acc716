"""Benchmark: whole-process latency of the command line, against ``python -c pass`` in the same run.

Run ``python benchmarks/cli_latency.py [--runs N] [--code DIR] [--only TEXT] [--every-help]``.  Each command is
started N times (default 10) as a new process (the same interpreter, ``magecraft.cli.app:run``), interleaved
with the baseline so that the machine's load falls on both alike; prints the median wall clock and processor time
(user + system: less disturbed than the wall clock when other work shares the machine) of each, and each as
a multiple of the baseline's.  Issue 23 item 5 asks every ``--help`` and every one-shot command that does not
wait for the disk to answer within 8x ``python -c pass``.

Measured: ``magecraft`` alone, ``roll 3d6``, the root and every group's ``--help``, and the slowest one-shot
command of each rule system that reads nothing saved (a game played through by bots is not one: its time
is the game's); and first the floors (:data:`FLOORS`): what typer, a plain typer help page, icepool, and typer
with icepool cost on their own, below which no command that needs them can answer.  ``--code DIR`` measures
another checkout (``git archive main magecraft | tar -x -C DIR``) with this interpreter, through
``PYTHONPATH``, so old and new code are compared side by side.

``--every-help`` measures instead every group's and every command's own ``--help``, found by walking the
command tree (:func:`magecraft.cli.tree.command`, in a child with the measured code), with fewer starts each
(``--runs`` defaults to 3 there), and ends with how many are within the limit and the slowest.

The commands run as an installed magecraft runs: with its bytecode cached (pip compiles it on install).
``PYTHONDONTWRITEBYTECODE`` is therefore removed from the children's environment, so the warm-up run
writes the ``.pyc`` files of an editable checkout; with it set, every start compiles every module from
source and takes far longer.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

BASELINE = "python -c pass"
#: What no command can go under, measured like the commands: typer alone (every command but ``magecraft``
#: alone loads it), the plain help page of a two-command typer group (every help page), icepool alone,
#: typer with icepool (every command that prints exact odds), and typer with a rich table printed (every
#: command that draws a table, ``mtg-rpg monster`` among them).
FLOORS = {
    "floor: import typer": "import typer",
    "floor: a typer help page": (
        "import typer, typer.main\n"
        "app = typer.Typer(add_completion=False, rich_markup_mode=None)\n"
        "@app.command()\ndef one() -> None:\n    'One.'\n"
        "@app.command()\ndef two() -> None:\n    'Two.'\n"
        "typer.main.get_command(app).main(['--help'], prog_name='floor', standalone_mode=False)"),
    "floor: import icepool": "import icepool",
    "floor: import typer, icepool": "import typer, icepool",
    "floor: typer, a rich table printed": (
        "import typer\nfrom rich.console import Console\nfrom rich.table import Table\n"
        "table = Table(title='floor')\ntable.add_column('ST')\ntable.add_row('1')\nConsole().print(table)"),
}
#: The commands measured, as typed after ``magecraft``.
COMMANDS = (
    "",
    "roll 3d6",
    "--help",
    *(f"{group} --help" for group in ("wizard-prince", "mtg-rpg", "planeswalker", "magic-realm", "mage-wars",
                                      "saves", "table", "lab", "scenario")),
    # the slowest one-shot command of each system that reads no save (wizard-prince has none: its three
    # commands play games, measured by benchmarks/wizard_prince_banquet.py)
    "mtg-rpg monster 'Grizzly Bears'",
    "planeswalker check --help",
    "magic-realm roll steal --seed 1",
    "mage-wars odds --dice 3 --armour 1 --life 4",
)
#: The goal, as a multiple of the baseline (issue 23 item 5).
LIMIT = 8.0
#: Prints every group and command of the tree, one a line, as typed after ``magecraft`` (for ``--every-help``).
WALK = """
from magecraft.cli.tree import command

def walk(made, path):
    if path:
        print(" ".join(path))
    if hasattr(made, "list_commands"):
        context = made.context_class(made)
        for name in made.list_commands(context):
            walk(made.get_command(context, name), [*path, name])

walk(command(), [])
"""


def every_help(env: dict[str, str], code: str | None) -> tuple[str, ...]:
    """``--help`` of every group and command of the measured code's tree."""
    found = subprocess.run([sys.executable, "-c", WALK], capture_output=True, text=True, check=True, env=env,
                           cwd=code or tempfile.gettempdir()).stdout.splitlines()
    return tuple(f"{path} --help" for path in found)


def environment(code: str | None) -> dict[str, str]:
    """The children's environment: bytecode cached, as in an installed package; ``code`` first on the path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if code is not None:
        env["PYTHONPATH"] = code
    return env


def arguments(command: str) -> list[str]:
    if command == BASELINE:
        return ["-c", "pass"]
    if command in FLOORS:
        return ["-c", FLOORS[command]]
    return ["-c", "from magecraft.cli.app import run; run()", *shlex.split(command)]


def timed(args: list[str], env: dict[str, str], code: str | None) -> tuple[float, float]:
    """Milliseconds from starting the process to its exit, and the processor time it used.

    The child runs in the measured code's directory, or else in the temporary directory: ``python -c`` puts
    its working directory first on the path, so a child started in a checkout would import that checkout's
    magecraft whatever ``--code`` says."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=env, cwd=code or tempfile.gettempdir())
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=None, help="starts of each command (default 10, 3 with "
                        "--every-help)")
    parser.add_argument("--code", help="measure the magecraft package under this directory instead")
    parser.add_argument("--only", default="", help="only the commands containing this text")
    parser.add_argument("--every-help", action="store_true",
                        help="every group's and command's --help (walking the tree) instead of the list")
    given = parser.parse_args()
    env = environment(given.code)
    listed = every_help(env, given.code) if given.every_help else (*FLOORS, *COMMANDS)
    given.runs = given.runs or (3 if given.every_help else 10)
    chosen = [c for c in listed if given.only in c]
    for command in (BASELINE, *chosen):
        timed(arguments(command), env, given.code)  # warm the file cache and write the bytecode
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for _ in range(given.runs):
        for command in chosen:
            # the baseline beside every command, so a burst of load on the machine falls on both
            for name in (BASELINE, command):
                spent, used = timed(arguments(name), env, given.code)
                wall.setdefault(name, []).append(spent)
                cpu.setdefault(name, []).append(used)
    base_wall, base_cpu = statistics.median(wall[BASELINE]), statistics.median(cpu[BASELINE])
    print(f"{BASELINE}: median {base_wall:.0f} ms (processor {base_cpu:.0f} ms), "
          f"{len(wall[BASELINE])} runs")
    for command in chosen:
        median, used = statistics.median(wall[command]), statistics.median(cpu[command])
        verdict = "within" if median / base_wall <= LIMIT else "OVER"
        name = command if command in FLOORS else f"magecraft {command}"
        print(f"{name}: median {median:.0f} ms = {median / base_wall:.1f}x "
              f"(processor {used:.0f} ms = {used / base_cpu:.1f}x); {verdict} {LIMIT:g}x")
    if given.every_help:
        summarise({c: statistics.median(cpu[c]) / base_cpu for c in chosen})


def summarise(multiples: dict[str, float]) -> None:
    """How many of the helps are within the limit in processor time, and the slowest five."""
    within = sum(1 for m in multiples.values() if m <= LIMIT)
    slowest = sorted(multiples, key=multiples.__getitem__, reverse=True)[:5]
    print(f"{within} of {len(multiples)} within {LIMIT:g}x in processor time; slowest: "
          + ", ".join(f"{c} {multiples[c]:.1f}x" for c in slowest))


if __name__ == "__main__":
    main()
