"""`magecraft mage-wars`: Mage Wars solo."""

from __future__ import annotations

import typer

#: The one command that starts this system (shown by `magecraft` with no arguments), or None.
START: str | None = None

#: The command group, or None while the system is not available yet.
app: typer.Typer | None = None
