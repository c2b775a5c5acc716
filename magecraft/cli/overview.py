"""``magecraft`` alone: the five rule systems and the command that starts each, drawn without typer.

The page needs only rich (typer, about as costly to import again, is left out: issue 23 item 5), so
:func:`magecraft.cli.app.main` draws it before building any command tree; the root command's callback
(:func:`magecraft.cli.tree.overview`) draws the same page.
"""

from __future__ import annotations

from magecraft.cli.systems import SYSTEMS


def print_overview() -> None:
    """The systems with their start commands, on the console for people (as ``options.console`` makes it)."""
    from rich.console import Console  # rich loads only when something is drawn

    out = Console(highlight=False, soft_wrap=True)
    out.print("[bold]magecraft[/bold]: rules engine and table-side assistant for five rule systems\n")
    for entry in SYSTEMS:
        out.print(f"[bold]{entry.title}[/bold]: {entry.blurb}")
        out.print(f"    magecraft {entry.start}", markup=False)
    out.print("\nAlso: magecraft games | magecraft roll 3d6 | magecraft table list | magecraft saves list"
              " | --help on any command")
