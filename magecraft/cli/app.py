"""The ``magecraft`` entry point: the root command, the system groups and error handling.

:func:`main` turns every error a user can cause into one line on stderr: exit
status 2 for bad arguments and bad input, 1 for a rule refused.  No traceback
reaches the user.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

import typer

from magecraft.cli import core_commands, mage_wars, magic_realm, mtg_rpg, planeswalker, wizard_prince
from magecraft.cli.options import console
from magecraft.cli.unavailable import CATCH_ALL, unavailable_command
from magecraft.core.errors import MagecraftError


@dataclass(frozen=True)
class SystemEntry:
    command: str
    title: str
    blurb: str
    start: str | None


SYSTEMS = (
    SystemEntry("wizard-prince", "Wizard-Prince",
                "Nobles mingle at the Imperial Banquet collecting courtier chits, then a campaign year.",
                wizard_prince.START),
    SystemEntry("mtg-rpg", "MtG RPG",
                "Wizards act by playing a Magic card and adding its mana value to a skill; duels.",
                mtg_rpg.START),
    SystemEntry("planeswalker", "Planeswalker RPG",
                "1d4chan's MtG RPG: dice-pool skills and zone combat.", planeswalker.START),
    SystemEntry("magic-realm", "Magic Realm Expansion One",
                "Travellers, guilds, gambling, stealing, monster generators, setup.", magic_realm.START),
    SystemEntry("mage-wars", "Mage Wars solo",
                "The Dummy Mage, an opponent that plays itself by d12 rolls.", mage_wars.START),
)

app = typer.Typer(
    name="magecraft",
    help="Rules engine and table-side assistant for fantasy-wizard tabletop games.",
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def overview(ctx: typer.Context) -> None:
    """Rules engine and table-side assistant for fantasy-wizard tabletop games."""
    if ctx.invoked_subcommand is not None:
        return
    out = console()
    out.print("[bold]magecraft[/bold]: rules engine and table-side assistant for five rule systems\n")
    for entry in SYSTEMS:
        out.print(f"[bold]{entry.title}[/bold]: {entry.blurb}")
        start = f"magecraft {entry.start}" if entry.start else "[dim]not available yet[/dim]"
        out.print(f"    {start}", markup=entry.start is None)
    out.print("\nAlso: magecraft roll 3d6 | magecraft table list | magecraft saves list | --help on any command")


app.command()(core_commands.roll)
app.add_typer(core_commands.table_app, name="table")
app.add_typer(core_commands.saves_app, name="saves")
for _entry, _module in zip(SYSTEMS, (wizard_prince, mtg_rpg, planeswalker, magic_realm, mage_wars),
                           strict=True):
    if _module.app is not None:
        app.add_typer(_module.app, name=_entry.command, help=f"{_entry.title}: {_entry.blurb}")
    else:
        app.command(_entry.command, context_settings=CATCH_ALL)(unavailable_command(_entry.title))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        result = app(args=args, prog_name="magecraft", standalone_mode=False)
    except typer.TyperException as exc:
        # Bad arguments (typer's UsageError and BadParameter carry exit status 2).
        ctx = getattr(exc, "ctx", None)
        path = getattr(ctx, "command_path", "") or "magecraft"
        typer.echo(f"{path}: {exc.format_message()}", err=True)
        return exc.exit_code
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        typer.echo("magecraft: aborted", err=True)
        return 1
    except MagecraftError as exc:
        typer.echo(f"magecraft: {exc}", err=True)
        return exc.exit_code
    except (EOFError, KeyboardInterrupt):
        typer.echo("\nmagecraft: stopped", err=True)
        return 130
    return result if isinstance(result, int) else 0


def run() -> None:
    sys.exit(main())
