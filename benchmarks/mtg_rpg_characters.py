"""MtG RPG character work per second: creation with a starter library, the full validator, derived
values with the sheet, save-and-load through the SQLite store, spell research and a referee deck.

Run: python benchmarks/mtg_rpg_characters.py [count]
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg import magic
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.character import CharacterRecord, example_character, load_character, save_character, sheet
from magecraft.mtg_rpg.creation import FREE_SKILLS, create_character, validate_character
from magecraft.mtg_rpg.deckbuilding import build_referee_deck, starter_library


def rate(count: int, work: Callable[[int], object]) -> float:
    start = time.perf_counter()
    for i in range(count):
        work(i)
    return count / (time.perf_counter() - start)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    pool = builtin_pool()
    base = example_character()
    # The draft holds the 20 bought dots: creation adds the free Arcane Knowledge and Spell Research dots.
    draft = replace(base, skills={k: v - (k in FREE_SKILLS) for k, v in base.skills.items()})

    def create(seed: int) -> object:
        library = starter_library(draft, Randomness.seeded(seed), pool)
        return create_character(replace(draft, library=library), 25, pool=pool)

    wizard = replace(base, library=starter_library(draft, Randomness.seeded(0), pool), gold=100_000)
    print(f"{'create (starter library)':28} {rate(count, create):9.0f} characters/second")
    print(f"{'validate':28} {rate(count * 10, lambda _: validate_character(wizard, pool=pool)):9.0f} "
          "sheets/second")
    print(f"{'derive + sheet':28} {rate(count * 10, lambda _: sheet(wizard)):9.0f} sheets/second")
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder) / "bench.sqlite3")

        def round_trip(i: int) -> object:
            save_character(store, CharacterRecord(replace(wizard, name=f"Sarin {i % 10}"), Randomness.seeded(i)))
            return load_character(store, f"Sarin {i % 10}")

        print(f"{'save + load (SQLite)':28} {rate(count, round_trip):9.0f} round trips/second")
    lava_axe = pool.get("Lava Axe")
    print(f"{'spell research':28} "
          f"{rate(count, lambda i: magic.research(wizard, lava_axe, Randomness.seeded(i), pool=pool)):9.0f} "
          "researches/second")
    print(f"{'referee deck':28} {rate(count, lambda i: build_referee_deck(Randomness.seeded(i), pool)):9.0f} "
          "decks/second")


if __name__ == "__main__":
    main()
