"""Commands over the game registry: ``games`` (every game type) and ``scenario run FILE``.

They know no rule system: everything comes from :func:`magecraft.games.registry`, and a system's
package is imported only when a scenario asks for one of its games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from magecraft.cli.options import JsonOption, console, print_json

scenario_app = typer.Typer(no_args_is_help=True, help="Scenario files: a position, dice, actions and facts.")


def games(json: JsonOption = False) -> None:
    """List every game type magecraft plays, with its bots.

    Scenario files and the lab name a game type by the name shown here.
    """
    from magecraft.games import registry

    rows = [{"name": g.name, "system": g.system, "kind": g.kind, "title": g.title,
             "description": g.description, "bots": list(g.bots), "options": g.option_defaults()}
            for g in registry()]
    if json:
        print_json(rows)
        return
    from rich.markup import escape

    out = console()
    for row in rows:
        out.print(f"[bold]{escape(str(row['name']))}[/bold]: {escape(str(row['description']))}")
        out.print(f"    bots: {', '.join(row['bots'])}  (saved as {row['system']} {row['kind']})")
        out.print(f"    options: {escape(', '.join(row['options']))}")


@scenario_app.command("run")
def scenario_run(
    file: Annotated[Path, typer.Argument(help="A scenario file (TOML; see docs/architecture.md, 'Scenarios').")],
    json: JsonOption = False,
) -> None:
    """Play a scenario file and check its expectations.

    Exit status 0 when every expectation holds, 1 naming the first that fails, 2 for a malformed file.

    Example: magecraft scenario run docs/scenarios/wizard-prince-race-whip.toml
    """
    from magecraft.core.scenario import load_scenario, run_scenario
    from magecraft.games import registry

    scenario = load_scenario(file)
    outcome = run_scenario(scenario, registry())
    if json:
        print_json({"scenario": str(file), "game": scenario.game, "passed": outcome.failure is None,
                    "failure": outcome.failure, "player": outcome.state.current_player(),
                    "terminal": outcome.state.is_terminal()})
    if outcome.failure is not None:
        if not json:
            typer.echo(f"{file}: {outcome.failure}", err=True)
        raise typer.Exit(1)
    if not json:
        expected = len(scenario.expect)
        console().print(f"{file}: {len(scenario.play)} action(s) played, {expected} expectation(s) hold.")
