"""The designers' lab over a long sweep: is the process's memory flat?

    python benchmarks/lab_memory.py [--games 100000] [--every 30] [--game wizard-prince-banquet]

Runs ``magecraft lab run GAME --seeds 1:N --workers 1`` as a real process into a temporary directory and,
every ``--every`` seconds, prints how many games its journal holds and the process's resident memory (Linux
``/proc``), then the first and the largest figure.  Issue 27: "a 100,000-banquet sweep completes in one
command with the process's memory flat".  The rate is the machine's, not the lab's: run it on a quiet machine
for that (``benchmarks/lab.py``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from magecraft.lab.results import journal_path


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def journal_games(journal: Path) -> int:
    if not journal.exists():
        return 0
    with journal.open("rb") as handle:
        return sum(1 for _ in handle)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--every", type=float, default=30.0)
    parser.add_argument("--game", default="wizard-prince-banquet")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "r.csv"
        command = [str(Path(sys.executable).parent / "magecraft"), "lab", "run", args.game,
                   "--seeds", f"1:{args.games}", "--workers", "1", "--out", str(out)]
        start = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples: list[tuple[float, int, float]] = []
        while process.poll() is None:
            time.sleep(args.every)
            try:
                sample = (time.monotonic() - start, journal_games(journal_path(out)), resident_mb(process.pid))
            except FileNotFoundError:  # the process ended between poll and read
                break
            if sample[2] == 0:  # a process that has ended but not been waited for has no resident memory
                break
            samples.append(sample)
            print(f"{sample[0]:7.0f} s  {sample[1]:7d} games  {sample[2]:6.1f} MB", flush=True)
        played = sum(1 for _ in out.open()) - 1 if out.exists() else 0
        took = time.monotonic() - start
        print(f"exit {process.returncode}; {played} rows in the results file after {took:.0f} s")
        if samples:
            first = samples[0][2]
            print(f"resident memory: first sample {first:.1f} MB, largest {max(s[2] for s in samples):.1f} MB, "
                  f"last {samples[-1][2]:.1f} MB")


if __name__ == "__main__":
    main()
