"""The ``magecraft`` entry point: the root command, the system groups and error handling.

:func:`main` turns every error a user can cause into one line on stderr: exit
status 2 for bad arguments and bad input, 1 for a rule refused.  No traceback
reaches the user.

Start-up is kept light (``magecraft roll 3d6`` and ``magecraft --help`` answer in well under
100 ms): each rule system's command group, and with it its engine, is imported only when one of
its commands is run, and the command tree is built once per process (:func:`command`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any

import typer
from typer.core import TyperGroup

from magecraft import __version__
from magecraft.cli import coercion, core_commands, games_commands, lab, serve
from magecraft.cli.options import QuitAtPrompt, console
from magecraft.cli.systems import SYSTEMS, SystemEntry
from magecraft.cli.unavailable import CATCH_ALL, unavailable_command
from magecraft.core.errors import MagecraftError

coercion.install()


def _defer_rich_markdown() -> None:
    """typer's rich help (``typer.rich_utils``) imports ``rich.markdown`` -- a markdown parser, about a third
    of a group's ``--help`` start-up -- for a markup mode magecraft never uses.  A stand-in module is put in
    its place until something uses it: its ``Markdown`` and any other name load the real module then."""
    if "rich.markdown" in sys.modules:
        return
    stand_in = ModuleType("rich.markdown", "stand-in: the real rich.markdown is imported on first use")

    def real() -> ModuleType:
        if sys.modules.get("rich.markdown") is stand_in:
            del sys.modules["rich.markdown"]
        return importlib.import_module("rich.markdown")

    class Markdown:
        def __new__(cls, *args: Any, **kwargs: Any) -> Any:
            return real().Markdown(*args, **kwargs)

    stand_in.Markdown = Markdown  # type: ignore[attr-defined]
    def attribute(name: str) -> Any:
        if name.startswith("__"):  # the import machinery's questions (__path__, __file__) are not a use
            raise AttributeError(name)
        return getattr(real(), name)

    stand_in.__getattr__ = attribute  # type: ignore[method-assign]
    sys.modules["rich.markdown"] = stand_in


_defer_rich_markdown()

#: ``-h`` works everywhere ``--help`` does.
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


_BY_COMMAND = {entry.command: entry for entry in SYSTEMS}


class SystemsGroup(TyperGroup):
    """The root group: the shared commands at once, each system's group only when it is asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *(e.command for e in SYSTEMS if e.command not in self.commands)]

    def get_command(self, ctx: Any, name: str) -> Any:
        entry = _BY_COMMAND.get(name)
        if entry is not None and name not in self.commands:
            self.add_command(_system_command(entry), name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The list under ``--help``, from the table above: listing a system does not import it."""
        loaded = super().list_commands(ctx)
        rows = [(name, self.commands[name].get_short_help_str(80)) for name in loaded if name not in _BY_COMMAND]
        rows += [(e.command, f"{e.title}: {e.blurb}") for e in SYSTEMS]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _system_command(entry: SystemEntry) -> Any:
    """The system's command group (its module imported now), or the placeholder of a system not built yet."""
    module = entry.module
    holder = typer.Typer(add_completion=False)
    if module.app is None:
        holder.command(entry.command, context_settings=CATCH_ALL)(unavailable_command(entry.title, entry.coming))
        holder.command("_")(lambda: None)  # two commands: typer keeps a group, whose first is the placeholder
    else:
        holder.add_typer(module.app, name=entry.command, help=f"{entry.title}: {entry.blurb}")
    group: Any = typer.main.get_command(holder)
    system = group.commands[entry.command]
    _join_help_lines(system)
    return system


def _join_help_lines(command: Any) -> None:
    """Each paragraph of each command's help as one line, for the help's own wrapping to fill.

    typer's rich help keeps the single line breaks of a docstring (the lines of the source file), so a
    command list and a long description break mid-sentence into ragged lines.  A paragraph that starts
    with ``\\b`` keeps its lines, as click defines (the marker itself is dropped: rich would print it).
    Double backquotes, the docstrings' code marks, are dropped too.
    """
    import inspect  # already loaded by typer; imported here so app.py adds nothing to start-up

    if command.help:
        paragraphs = inspect.cleandoc(command.help).split("\n\n")
        command.help = "\n\n".join(p[1:].lstrip("\n") if p.startswith("\b")
                                    else " ".join(line.strip() for line in p.splitlines()).replace("``", "")
                                    for p in paragraphs)
    for sub in getattr(command, "commands", {}).values():
        _join_help_lines(sub)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"magecraft {__version__}")
        raise typer.Exit(0)


app = typer.Typer(
    name="magecraft",
    help="Rules engine and table-side assistant for fantasy-wizard tabletop games.",
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    cls=SystemsGroup,
    context_settings=HELP_OPTIONS,
    rich_markup_mode=None,  # plain help at the root: rich is not loaded to list the commands
)


@app.callback()
def overview(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Rules engine and table-side assistant for fantasy-wizard tabletop games."""
    if ctx.invoked_subcommand is not None:
        return
    out = console()
    out.print("[bold]magecraft[/bold]: rules engine and table-side assistant for five rule systems\n")
    for entry in SYSTEMS:
        out.print(f"[bold]{entry.title}[/bold]: {entry.blurb}")
        start = f"magecraft {entry.start}" if entry.start else "[dim]not available yet[/dim]"
        out.print(f"    {start}", markup=entry.start is None)
    out.print("\nAlso: magecraft games | magecraft roll 3d6 | magecraft table list | magecraft saves list"
              " | --help on any command")


app.command(context_settings=HELP_OPTIONS)(core_commands.roll)
app.add_typer(core_commands.table_app, name="table")
app.add_typer(core_commands.saves_app, name="saves")
app.command(context_settings=HELP_OPTIONS)(games_commands.games)
app.add_typer(games_commands.scenario_app, name="scenario")
app.add_typer(lab.lab_app, name="lab")
app.command(context_settings=HELP_OPTIONS)(serve.serve)


@cache
def command() -> Any:
    """The click command tree, built once per process (each system's group is added when first used)."""
    return typer.main.get_command(app)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the status."""
    args = list(sys.argv[1:] if argv is None else argv)
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
