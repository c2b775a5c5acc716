"""The ``magecraft`` entry point: runs the command tree (:mod:`magecraft.cli.tree`) and handles errors.

:func:`main` turns every error a user can cause into one line on stderr: exit
status 2 for bad arguments and bad input, 1 for a rule refused.  No traceback
reaches the user.

Start-up is kept light (issue 23 item 5): ``magecraft`` alone draws its page without importing typer
(:mod:`magecraft.cli.overview`); any other command line loads typer and the tree, which makes only the
command asked for.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from magecraft.cli.overview import print_overview
from magecraft.cli.systems import SYSTEMS as SYSTEMS


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print_overview()  # what the root's callback draws, without typer
        return 0
    return _run(args)


def _run(args: list[str]) -> int:
    """Run a command line through typer: its status, every error a user can cause as one line."""
    # typer and the tree load here, not at import: ``magecraft`` alone needs neither
    import typer

    from magecraft.cli.options import QuitAtPrompt
    from magecraft.cli.tree import command
    from magecraft.core.errors import MagecraftError

    try:
        result = command().main(args=args, prog_name="magecraft", standalone_mode=False)
    except typer.TyperException as exc:
        # Bad arguments (typer's UsageError and BadParameter carry exit status 2).
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError":
            # `magecraft saves` without a command: its help, as the systems' groups print it (no "Usage"
            # error prefixed to it), with click's status
            typer.echo(exc.format_message())
            return exc.exit_code
        path = getattr(ctx, "command_path", "") or "magecraft"
        typer.echo(f"{path}: {exc.format_message()}", err=True)
        return exc.exit_code
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort as exc:
        # end of input or Ctrl-C at a one-off prompt (a Wizard's creation, a typed die, 'saves delete',
        # options.ask_once): the prompt's line is already ended; say what stopped, with the play loop's
        # statuses (ruling C6)
        if isinstance(exc.__cause__, KeyboardInterrupt):
            typer.echo("magecraft: stopped at the prompt (Ctrl-C)", err=True)
            return 130
        if isinstance(exc.__cause__, QuitAtPrompt):
            typer.echo("magecraft: stopped (quit); nothing was saved", err=True)
            return 0
        typer.echo("magecraft: stopped at the prompt (end of input)", err=True)
        return 1
    except MagecraftError as exc:
        typer.echo(f"magecraft: {exc}", err=True)
        return exc.exit_code
    except (EOFError, KeyboardInterrupt):
        typer.echo("\nmagecraft: stopped", err=True)
        return 130
    except ValueError as exc:
        # every number is read by core.numbers.whole_number, length first; should one still reach int()
        # unchecked, the person reads one line, not Python's traceback (issue 25 item 8)
        if "integer string conversion" not in str(exc):
            raise
        typer.echo("magecraft: a number given has more digits than any number a table means", err=True)
        return 2
    return result if isinstance(result, int) else 0


def run() -> None:
    sys.exit(main())
