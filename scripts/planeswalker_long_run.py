"""The seeded long run of the Planeswalker RPG: 10,000 bot battles without error, the same bytes twice.

Run ``python scripts/planeswalker_long_run.py [BATTLES] [FIRST_SEED]`` (default 10000 from seed 0);
it prints the tally and a SHA-256 digest of every result and event log.  Run it twice: the output is
identical.
"""

from __future__ import annotations

import argparse
import json

from magecraft.planeswalker.bot import long_run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("battles", nargs="?", type=int, default=10_000, help="how many (default 10000)")
    parser.add_argument("first_seed", nargs="?", type=int, default=0, help="the first seed (default 0)")
    args = parser.parse_args()
    count, first = args.battles, args.first_seed
    print(json.dumps(long_run(count, first), sort_keys=True))


if __name__ == "__main__":
    main()
