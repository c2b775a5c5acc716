"""`magecraft wizard-prince`: Wizard-Prince (seed 004) -- the command group.

``banquet`` (the Imperial Banquet, :mod:`magecraft.cli.wizard_prince_play`), ``race`` (the chariot race,
:mod:`magecraft.cli.wizard_prince_race`) and ``campaign`` (the campaign year,
:mod:`magecraft.cli.wizard_prince_campaign`).  This module imports none of the rules nor the play loop, so
the group's help answers quickly (issue 23 item 5); the banquet's views stay importable from here.
"""

from __future__ import annotations

from typing import Any

import typer

from magecraft.cli import wizard_prince_race
from magecraft.cli.tree import Later, LaterGroup

app = typer.Typer(help="Wizard-Prince: the Imperial Banquet.", no_args_is_help=True)
# the campaign by where it lives: the group's help lists it without importing it
app.add_typer(LaterGroup("magecraft.cli.wizard_prince_campaign:app", no_args_is_help=True,
                         help="The Wizard-Prince campaign: years of banquets, duels, wars and provinces."),
              name="campaign")

SYSTEM = "wizard_prince"

#: The banquet view's names, importable from here as before (loaded on first use: PEP 562).
VIEW_NAMES = frozenset({"BanquetTable", "board", "describe", "ending_in_words", "event_line", "nobles_panel"})


def __getattr__(name: str) -> Any:
    if name in VIEW_NAMES:
        from magecraft.cli import wizard_prince_banquet

        return getattr(wizard_prince_banquet, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# the banquet's options' defaults are the rules' Settings: registered by where it lives, made when used
app.command("banquet")(Later("magecraft.cli.wizard_prince_play:banquet", "Play the Imperial Banquet."))
# the race is a command of this group, registered here: its module does not import this one
app.command("race")(wizard_prince_race.race)
