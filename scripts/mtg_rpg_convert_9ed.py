"""Convert the shared Ninth Edition card facts into magecraft's own card file (run once).

    python scripts/mtg_rpg_convert_9ed.py ../shared/data/mtg_9ed_cards.json

writes ``magecraft/mtg_rpg/data/cards_9ed.json``: every card read and checked by
:meth:`magecraft.mtg_rpg.cards.Card.from_dict` (a bad entry stops the conversion),
keeping only the fields the rules use, sorted by name.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from magecraft.mtg_rpg.cards import CardPool

OUT = Path(__file__).resolve().parent.parent / "magecraft" / "mtg_rpg" / "data" / "cards_9ed.json"


def main(source: str) -> None:
    pool = CardPool.from_list(json.loads(Path(source).read_text(encoding="utf-8")), source=source)
    cards = sorted(pool.to_list(), key=lambda c: c["name"])
    OUT.write_text(json.dumps(cards, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(cards)} cards to {OUT}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/mtg_9ed_cards.json")
