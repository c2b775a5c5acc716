"""The command for a rule system whose issue has not landed yet."""

from __future__ import annotations

from collections.abc import Callable

import typer

#: Lets the placeholder accept anything typed after it and still answer politely (``--help`` included).
CATCH_ALL = {"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []}


def unavailable_command(title: str, coming: str = "") -> Callable[[typer.Context], None]:
    """A command that says the system is not available yet and exits 1, whatever follows it; asked for
    ``--help`` (or ``-h``) it says what is coming and exits 0."""

    def not_yet(ctx: typer.Context) -> None:
        if any(arg in ("--help", "-h") for arg in ctx.args):
            typer.echo(f"{title} is not available yet in this version of magecraft."
                       + (f" Coming: {coming}." if coming else ""))
            raise typer.Exit(0)
        typer.echo(f"{title} is not available yet in this version of magecraft.", err=True)
        raise typer.Exit(1)

    not_yet.__doc__ = f"{title} (not available yet)."
    return not_yet
