"""`magecraft mtg-rpg` play commands: actions, combat helpers and duels (registered on the mtg-rpg group)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the play commands (action, duel, ...) to the ``mtg-rpg`` group."""
