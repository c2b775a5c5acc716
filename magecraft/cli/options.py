"""Options shared by every command, and the helpers that turn them into library objects.

Every command that rolls takes ``--seed N``, ``--dice 3,3,4`` (scripted) or
``--physical-dice``, and ``--json``; every command that saves or loads takes
``--db PATH`` (or the ``MAGECRAFT_DB`` variable), and the games ``--save``, ``--load`` and
``--overwrite`` (turned into a :class:`magecraft.cli.sessions.SaveSession`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

# the one shared check of a number's size (issue 25 item 8), re-exported for the commands
from magecraft.core.numbers import MAX_DIGITS as MAX_DIGITS
from magecraft.core.numbers import whole_number as whole_number

if TYPE_CHECKING:

    from rich.console import Console

    from magecraft.core.randomness import AskDie, Randomness
    from magecraft.core.saves import SaveStore

#: Who plays a seat at the keyboard, among the bots' names a command's seats are given (``Ann:random``).
HUMAN = "human"

SeedOption = Annotated[
    int | None, typer.Option("--seed", help="Seed the dice: the same seed gives the same game.")
]
DiceOption = Annotated[
    str | None,
    typer.Option("--dice", help="Scripted die values used in order, e.g. 3,3,4 (tests, replays)."),
]
PhysicalOption = Annotated[
    bool, typer.Option("--physical-dice", help="Roll real dice and type in each result.")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
DbOption = Annotated[
    Path | None,
    typer.Option("--db", envvar="MAGECRAFT_DB", help="Save store file (default: your user data directory)."),
]
AllowUndoOption = Annotated[
    bool, typer.Option("--allow-undo-after-rolls",
                       help="Let undo take back an action even after dice were rolled or secrets shown.")
]
SaveOption = Annotated[str | None, typer.Option(
    "--save", help="Save the game under this new name (with --load: save a copy under it).")]
LoadOption = Annotated[str | None, typer.Option(
    "--load", help="Resume the game saved under this name; it keeps saving to that name.")]
OverwriteOption = Annotated[bool, typer.Option(
    "--overwrite", help="Replace the save named by --save (the old one stays in 'saves history').")]


def console() -> Console:
    """The console for people (stdout, looked up at call time so tests can capture it)."""
    from rich.console import Console  # rich loads only when something is drawn

    return Console(highlight=False, soft_wrap=True)


def parse_script(text: str) -> list[int]:
    """``"3,3,4"`` -> ``[3, 3, 4]``; anything else is a usage error."""
    values = []
    parts = text.replace(" ", "").split(",")
    for number, part in enumerate(parts, start=1):
        if not part:
            if number == len(parts) and number > 1:
                continue  # a trailing comma is harmless
            raise typer.BadParameter(f"value {number} is empty (give whole numbers: --dice 3,3,4)",
                                     param_hint="--dice")
        value = whole_number(part)
        if value is None:
            shown = part if len(part) <= 24 else f"{part[:12]}...({len(part)} characters)"
            raise typer.BadParameter(f"{shown!r} is not a die value (give whole numbers: --dice 3,3,4)",
                                     param_hint="--dice")
        values.append(value)
    return values


def ask_at_terminal(prompt: str) -> str:
    """What the person at the terminal typed (tests replace this).  Rich adds its own colon."""
    from rich.prompt import Prompt

    return Prompt.ask(prompt.rstrip().rstrip(":"), console=console())


def ask_once(prompt: str) -> str:
    """:func:`ask_at_terminal` for a question asked outside the play loop (a Wizard's creation, a die for
    ``roll``, ``saves delete``): Ctrl-C stops the command with a line saying so and status 130
    (``app.main``), where typer would exit 130 silently, the prompt's line left open.  The play loop
    catches Ctrl-C itself and keeps calling :func:`ask_at_terminal`.
    """
    try:
        return ask_at_terminal(prompt)
    except KeyboardInterrupt as exc:
        typer.echo(err=True)
        raise typer.Abort() from exc


class QuitAtPrompt(Exception):
    """``quit`` typed at a die asked for before a game's play loop began (ruling C6): the command stops."""


def ask_die_once(prompt: str) -> str:
    """:func:`ask_once` for a real die rolled outside the play loop (``roll``, the dice that set a game up, a
    loaded game's dice before its loop begins, every ``from_dict(..., ask=)`` of the command line): ``quit``
    or ``q`` stops the command as the play loop's ``quit`` would, where it used to be answered "'quit' is not
    a number".  Inside the loop its own prompt asks for the dice."""
    answer = ask_once(prompt)
    if answer.strip().casefold() in ("quit", "q"):
        raise typer.Abort() from QuitAtPrompt()
    return answer


def make_randomness(seed: int | None, dice: str | None, physical: bool,
                    ask: AskDie | None = None) -> Randomness:
    """The randomness the options ask for: at most one of ``--seed``, ``--dice``, ``--physical-dice``
    (typed dice asked with ``ask``, by default :func:`ask_die_once`; a play loop asks at its own prompt)."""
    from magecraft.core.randomness import Randomness

    chosen = [name for name, given in (("--seed", seed is not None), ("--dice", dice is not None),
                                        ("--physical-dice", physical)) if given]
    if len(chosen) > 1:
        raise typer.BadParameter(f"choose one source of dice, not {' and '.join(chosen)}")
    if dice is not None:
        return Randomness.scripted(parse_script(dice))
    if physical:
        return Randomness.physical(ask or ask_die_once)
    return Randomness.seeded(seed)


def given_options(**values: object) -> list[str]:
    """The ``--option`` names, in order, of the values a user gave (not None and not False).

    Used to refuse options that a ``--load`` would otherwise silently ignore.

    >>> given_options(seed=None, physical_dice=True, max_turns=12)
    ['--physical-dice', '--max-turns']
    """
    return [f"--{name.replace('_', '-')}" for name, value in values.items()
            if value is not None and value is not False]


def open_store(db: Path | None) -> SaveStore:
    """The save store ``--db`` names; opening it checks the file and creates nothing."""
    from magecraft.core.saves import SaveStore

    return SaveStore(db)


def print_json(data: Any) -> None:
    """JSON to stdout, stable byte for byte for the same data."""
    import json
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
