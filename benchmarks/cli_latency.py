"""Benchmark: whole-process latency of the command line, against ``python -c pass`` in the same run.

Run ``python benchmarks/cli_latency.py [RUNS]`` (default 20).  Each command is started RUNS times as a
new process (``python -m magecraft.cli.app``-equivalent: the same interpreter, ``magecraft.cli.app:run``),
interleaved with the baseline so machine load affects both alike; prints the median of each and the
median minus the baseline.  Issue 10 asks ``roll 3d6`` and ``--help`` to answer within 100 ms.

The commands run as an installed magecraft runs: with its bytecode cached (pip compiles it on install).
``PYTHONDONTWRITEBYTECODE`` is therefore removed from the children's environment, so the warm-up run
writes the ``.pyc`` files of an editable checkout; with it set, every start compiles every module from
source and takes about 25 ms more.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "magecraft roll 3d6": ["-c", "from magecraft.cli.app import run; run()", "roll", "3d6"],
    "magecraft --help": ["-c", "from magecraft.cli.app import run; run()", "--help"],
}
LIMIT_MS = 100
#: The children's environment: bytecode cached, as in an installed package.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(args: list[str]) -> tuple[float, float]:
    """Milliseconds from starting the process to its exit, and the processor time it used (user + system:
    less disturbed than the wall clock when other work shares the machine)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=ENV)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpu: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for name, args in COMMANDS.items():
        timed(args)  # warm the file cache and the bytecode
        del name
    for _ in range(runs):
        for name, args in COMMANDS.items():
            wall, used = timed(args)
            times[name].append(wall)
            cpu[name].append(used)
    baseline = statistics.median(times["python -c pass"])
    for name, samples in times.items():
        median = statistics.median(samples)
        verdict = "" if name == "python -c pass" else (
            f"  ({median - baseline:+.0f} ms over python; {'within' if median <= LIMIT_MS else 'OVER'} "
            f"{LIMIT_MS} ms)")
        print(f"{name}: median {median:.0f} ms of {runs} runs (processor {statistics.median(cpu[name]):.0f} ms)"
              f"{verdict}")


if __name__ == "__main__":
    main()
