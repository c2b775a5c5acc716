"""Shared machinery every rule system stands on.

- :mod:`.randomness` -- the one door for every die roll, pick and shuffle;
- :mod:`.dice` -- dice notation (``3d6``, ``1d6x1d6``, ``2d6h1``, ``40%``);
- :mod:`.deck` -- card piles that never lose or duplicate a card;
- :mod:`.tables` -- the seeds' random tables, loaded from TOML data files;
- :mod:`.events` -- the event log every roll, choice and state change goes into;
- :mod:`.state` -- the game-state shape (legal actions, apply, terminal, round-trip);
- :mod:`.saves` -- the SQLite save store;
- :mod:`.errors` -- the errors users see.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from magecraft.core.deck import Deck, DeckExhausted
    from magecraft.core.dice import DiceRoll, parse_dice, roll_dice
    from magecraft.core.errors import DataError, DiceScriptError, MagecraftError, RuleError
    from magecraft.core.events import Event, EventLog
    from magecraft.core.randomness import Randomness
    from magecraft.core.state import GameState
    from magecraft.core.tables import RandomTable, TableResult, load_table, load_tables

#: Where each name lives: imported on first use, so importing one module (the command line's
#: ``roll`` needs only dice and randomness) does not load them all.
_HOMES = {
    "Deck": "deck", "DeckExhausted": "deck", "DiceRoll": "dice", "parse_dice": "dice", "roll_dice": "dice",
    "DataError": "errors", "DiceScriptError": "errors", "MagecraftError": "errors", "RuleError": "errors",
    "Event": "events", "EventLog": "events", "Randomness": "randomness", "GameState": "state",
    "RandomTable": "tables", "TableResult": "tables", "load_table": "tables", "load_tables": "tables",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'magecraft.core' has no attribute {name!r}")
    return getattr(importlib.import_module(f"magecraft.core.{_HOMES[name]}"), name)


__all__ = [
    "DataError",
    "Deck",
    "DeckExhausted",
    "DiceRoll",
    "DiceScriptError",
    "Event",
    "EventLog",
    "GameState",
    "MagecraftError",
    "RandomTable",
    "Randomness",
    "RuleError",
    "TableResult",
    "load_table",
    "load_tables",
    "parse_dice",
    "roll_dice",
]
