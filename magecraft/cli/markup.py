"""rich's markup escape for modules that draw only in some commands: rich is imported by the first escape.

A command module that imports ``rich.markup`` at its top loads a good part of rich (text, styles, colours,
emoji) for every command, those that print plain lines too (issue 23 item 5: rich only where it draws).
"""

from __future__ import annotations


def escape(markup: str) -> str:
    """``markup`` with its square-bracket tags escaped, as :func:`rich.markup.escape` gives it."""
    from rich.markup import escape as rich_escape  # rich loads only when something is drawn

    return rich_escape(markup)
