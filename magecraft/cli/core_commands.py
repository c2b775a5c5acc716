"""Commands on the shared machinery: ``roll``, ``table`` and ``saves``.

These are registered at the root, so their module imports only what parsing needs; rich, the
tables and the save store are imported inside the commands (``magecraft roll 3d6`` answers fast).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated

import typer

from magecraft.cli.options import (
    DbOption,
    DiceOption,
    JsonOption,
    PhysicalOption,
    SeedOption,
    console,
    make_randomness,
    open_store,
    print_json,
)

if TYPE_CHECKING:
    from magecraft.core.dice import DiceRoll


def roll(
    expression: Annotated[str, typer.Argument(help="Dice to roll: 3d6, 1d6x1d6, 2d6h1, d100, 40%.")],
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json: JsonOption = False,
) -> None:
    """Roll dice and print the total and each die (a percentage chance says success or failure)."""
    from magecraft.core.dice import roll_dice

    rng = make_randomness(seed, dice, physical_dice)
    result = roll_dice(expression, rng, expression)
    if json:
        print_json(result.to_dict())
    else:
        typer.echo(roll_line(result))


def roll_line(roll: DiceRoll) -> str:
    """``3d6: 8  [2] [5] [1]``; dice not kept in parentheses; the arithmetic when there is more than one term
    (``1d6x1d6: 12  [4] [3]  = 4×3``); ``40%: success (rolled 23 on 1d100, needs 40 or less)``.

    >>> from magecraft.core.dice import DiceRoll, DieResult
    >>> roll_line(DiceRoll("2d6h1", 5, (DieResult(6, 2, kept=False), DieResult(6, 5))))
    '2d6h1: 5  (2) [5]'
    >>> roll_line(DiceRoll("1d6x1d6", 12, (DieResult(6, 4), DieResult(6, 3))))
    '1d6x1d6: 12  [4] [3]  = 4×3'
    >>> roll_line(DiceRoll("3d6+2", 10, (DieResult(6, 2), DieResult(6, 5), DieResult(6, 1))))
    '3d6+2: 10  [2] [5] [1]  = (2+5+1)+2'
    >>> roll_line(DiceRoll("40%", 0, (DieResult(100, 63),)))
    '40%: failure (rolled 63 on 1d100, needs 40 or less)'
    """
    text = roll.expression.strip()
    if text.endswith("%") and text[:-1].strip().isdecimal() and len(roll.dice) == 1:
        verdict = "success" if roll.total else "failure"
        return f"{text}: {verdict} (rolled {roll.dice[0].value} on 1d100, needs {int(text[:-1])} or less)"
    dice = " ".join(f"[{d.value}]" if d.kept else f"({d.value})" for d in roll.dice)
    line = f"{roll.expression}: {roll.total}  {dice}".rstrip()
    arithmetic = _arithmetic(text, roll)
    return f"{line}  = {arithmetic}" if arithmetic else line


_DICE_TERM = re.compile(r"(\d*)\s*d\s*(%|\d+)((?:kh|kl|h|l)\s*\d+)?", re.IGNORECASE)


def _arithmetic(text: str, roll: DiceRoll) -> str:
    """The expression with each dice term replaced by its kept dice; "" when it would add nothing (one term)."""
    if not roll.dice or _DICE_TERM.fullmatch(text) is not None:
        return ""
    remaining = list(roll.dice)

    def values(match: re.Match[str]) -> str:
        count = int(match.group(1) or 1)
        taken, remaining[:] = remaining[:count], remaining[count:]
        kept = [str(d.value) for d in taken if d.kept]
        return kept[0] if len(kept) == 1 else f"({'+'.join(kept)})"

    return _DICE_TERM.sub(values, text).replace(" ", "").replace("x", "×").replace("X", "×").replace("*", "×")


table_app = typer.Typer(help="The seeds' random tables.", no_args_is_help=True)


@table_app.command("list")
def table_list(json: JsonOption = False) -> None:
    """List every table with its dice and rule system."""
    from rich.table import Table

    from magecraft.core.tables import load_tables

    tables = load_tables()
    if json:
        print_json([{"name": t.name, "title": t.title, "system": t.system, "dice": t.dice,
                     "section": t.section} for t in tables.values()])
        return
    out = Table(title="Random tables")
    for column in ("name", "system", "dice", "title"):
        out.add_column(column)
    for t in tables.values():
        out.add_row(t.name, t.system, t.dice, t.title)
    console().print(out)


@table_app.command("show")
def table_show(name: Annotated[str, typer.Argument(help="Table name (see 'table list').")]) -> None:
    """Show a table's rows."""
    from magecraft.cli.render import random_table
    from magecraft.core.tables import get_table

    console().print(random_table(get_table(name)))


@table_app.command("roll")
def table_roll(
    name: Annotated[str, typer.Argument(help="Table name (see 'table list').")],
    modifier: Annotated[int, typer.Option("--modifier", "-m", help="Added to the roll.")] = 0,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json: JsonOption = False,
) -> None:
    """Roll on a table."""
    from magecraft.cli.render import table_result_lines
    from magecraft.core.tables import get_table

    chosen = get_table(name)
    rng = make_randomness(seed, dice, physical_dice)
    result = chosen.roll(rng, modifier)
    if json:
        print_json(result.to_dict())
    else:
        for line in table_result_lines(result):
            console().print(line)


saves_app = typer.Typer(help="Saved games, campaigns and characters.", no_args_is_help=True)


@saves_app.command("list")
def saves_list(
    system: Annotated[str | None, typer.Option("--system", help="Only this rule system.")] = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """List saves."""
    from rich.table import Table

    store = open_store(db)
    saves = store.list_saves(system)
    if json:
        print_json([s.to_dict() for s in saves])
        return
    if not saves:
        console().print(f"No saves in {store.path}.")
        return
    out = Table(title=f"Saves in {store.path}")
    for column in ("id", "name", "system", "kind", "updated", "events"):
        out.add_column(column)
    for s in saves:
        out.add_row(str(s.id), s.name, s.system, s.kind, s.updated, str(s.events))
    console().print(out)


@saves_app.command("show")
def saves_show(
    save_id: Annotated[int, typer.Argument(help="The save's id (see 'saves list').")],
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Show a save and its event log."""
    from magecraft.cli.render import event_table
    from magecraft.core.events import EventLog

    saved = open_store(db).get(save_id)
    if json:
        print_json({"save": saved.summary.to_dict(), "state": saved.state})
        return
    s = saved.summary
    console().print(f"[bold]{s.name}[/bold]: {s.system} {s.kind}, saved {s.updated}, {s.events} events")
    console().print(event_table(EventLog.from_list(saved.events)))


@saves_app.command("log")
def saves_log(
    save_id: Annotated[int, typer.Argument(help="The save's id (see 'saves list').")],
    db: DbOption = None,
) -> None:
    """Print a save's event log as JSON Lines."""
    from magecraft.core.events import EventLog

    saved = open_store(db).get(save_id)
    typer.echo(EventLog.from_list(saved.events).to_jsonl())


@saves_app.command("delete")
def saves_delete(
    save_id: Annotated[int, typer.Argument(help="The save's id (see 'saves list').")],
    db: DbOption = None,
) -> None:
    """Delete a save."""
    open_store(db).delete(save_id)
    console().print(f"Deleted save {save_id}.")
