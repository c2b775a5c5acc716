"""The seeded long run of the Planeswalker RPG: 10,000 bot battles without error, the same bytes twice.

Run ``python scripts/planeswalker_long_run.py [BATTLES] [FIRST_SEED]`` (default 10000 from seed 0);
it prints the tally and a SHA-256 digest of every result and event log.  Run it twice: the output is
identical.
"""

from __future__ import annotations

import json
import sys

from magecraft.planeswalker.bot import long_run


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    print(json.dumps(long_run(count, first), sort_keys=True))


if __name__ == "__main__":
    main()
