"""Commands on the shared machinery: ``roll``, ``table`` and ``saves`` (docs/architecture.md, "Saves").

These are registered at the root, so their module imports only what parsing needs; rich, the
tables and the save store are imported inside the commands (``magecraft roll 3d6`` answers fast).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from magecraft.cli import options
from magecraft.cli.options import (
    DbOption,
    DiceOption,
    JsonOption,
    OverwriteOption,
    PhysicalOption,
    SeedOption,
    console,
    make_randomness,
    open_store,
    print_json,
)
from magecraft.core.errors import InputError

if TYPE_CHECKING:
    from magecraft.core.dice import DiceRoll
    from magecraft.core.saves import Saved
    from magecraft.core.tables import RandomTable


def roll(
    expression: Annotated[str, typer.Argument(help="Dice to roll: 3d6, 1d6x1d6, 2d6h1, d100, 40%.")],
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json: JsonOption = False,
    odds: Annotated[bool, typer.Option("--odds", help="Print the exact odds of every total instead of rolling.")]
    = False,
    target: Annotated[str | None, typer.Option("--target", help="With --odds: the chance to reach this total.")]
    = None,
    at_most: Annotated[bool, typer.Option("--at-most", help="With --target: at or under it (default: at least).")]
    = False,
) -> None:
    """Roll dice, or print their exact odds (--odds).

    A percentage chance (40%) says success or failure.

    \b
    Examples:
      magecraft roll 3d6
      magecraft roll 1d6x1d6 --seed 7
      magecraft roll 2d6h1 --dice 2,5 --json
      magecraft roll 1d12 --physical-dice
      magecraft roll 3d6 --odds --target 12
    """
    if odds:
        _print_odds(expression, target, at_most, json)
        return
    if target is not None or at_most:
        raise InputError("--target and --at-most go with --odds")
    from magecraft.core.dice import roll_dice

    rng = make_randomness(seed, dice, physical_dice)
    result = roll_dice(expression, rng, expression)
    if json:
        print_json(result.to_dict())
    else:
        typer.echo(roll_line(result))


def _print_odds(expression: str, target_text: str | None, at_most: bool, json: bool) -> None:
    from magecraft.core.odds import Odds

    target = None
    if target_text is not None:
        target = options.whole_number(target_text)
        if target is None:
            raise InputError(f"--target takes a whole number, not {target_text[:20]!r}")
    result = Odds.of(expression)
    chance = None if target is None else (result.at_most(target) if at_most else result.at_least(target))
    if json:
        data = result.to_json()
        if chance is not None:
            data["target"] = {"total": target, "at_most" if at_most else "at_least": True, "chance": float(chance)}
        print_json(data)
        return
    typer.echo(f"{expression}: mean {float(result.mean):.4g}, standard deviation {result.standard_deviation:.4g}")
    for value, p in sorted(result.chances.items()):
        typer.echo(f"  {value:>5}  {float(p):7.2%}  {p}")
    if chance is not None:
        words = "at most" if at_most else "at least"
        typer.echo(f"chance of {words} {target}: {float(chance):.2%} ({chance})")


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


def _table(name: str) -> RandomTable:
    """The table called ``name``; a name that is not one is refused with the near names and where to look."""
    import difflib

    from magecraft.core.errors import InputError
    from magecraft.core.tables import get_table, load_tables

    names = list(load_tables())
    if name not in names:
        near = difflib.get_close_matches(name.strip().casefold().replace(" ", "_").replace("-", "_"), names, n=3)
        hint = f"did you mean {' or '.join(map(repr, near))}? " if near else ""
        raise InputError(f"no table named {name!r}; {hint}'magecraft table list' lists them all")
    return get_table(name)


@table_app.command("show")
def table_show(name: Annotated[str, typer.Argument(help="Table name (see 'table list').")]) -> None:
    """Show a table's rows."""
    from magecraft.cli.render import random_table

    console().print(random_table(_table(name)))


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

    chosen = _table(name)
    rng = make_randomness(seed, dice, physical_dice)
    result = chosen.roll(rng, modifier)
    if json:
        print_json(result.to_dict())
    else:
        for line in table_result_lines(result):
            console().print(line)


@table_app.command("odds")
def table_odds_command(
    name: Annotated[str, typer.Argument(help="Table name (see 'table list').")],
    modifier: Annotated[int, typer.Option("--modifier", "-m", help="Added to the roll.")] = 0,
    json: JsonOption = False,
) -> None:
    """The exact chance of each row of a table, with a modifier."""
    from magecraft.core.odds import table_odds

    chosen = _table(name)
    chances = table_odds(chosen, modifier)
    if json:
        print_json({"table": chosen.name, "dice": chosen.dice, "modifier": modifier,
                    "chances": {result: float(p) for result, p in chances.items()}})
        return
    typer.echo(f"{chosen.title} ({chosen.dice}{modifier:+d}):" if modifier else f"{chosen.title} ({chosen.dice}):")
    for result, p in chances.items():
        typer.echo(f"  {float(p):7.2%}  {result}")


saves_app = typer.Typer(help="Saved games, campaigns, characters and worlds.\n\nList and show them, go back to an "
                             "earlier revision, move them between machines, delete and restore them.",
                        no_args_is_help=True)

def _system(value: str | None) -> str | None:
    """``--system`` as the saves name it: ``mtg-rpg`` (the command) is ``mtg_rpg``; an unknown one is refused
    (a typo would otherwise list nothing, as if there were no saves)."""
    if value is None:
        return None
    from magecraft.cli.systems import SYSTEMS

    system = value.strip().casefold().replace("-", "_").replace(" ", "_")
    known = [e.command.replace("-", "_") for e in SYSTEMS]
    # a system's own parts save under its name and theirs (wizard_prince_race)
    if not any(system == k or system.startswith(f"{k}_") for k in known):
        raise typer.BadParameter(f"no rule system {value!r} (one of {', '.join(known)})")
    return system


def _kind(value: str | None) -> str | None:
    if value is None:
        return None
    from magecraft.core.save_file import KINDS

    kind = value.strip().casefold()
    if kind not in KINDS:
        raise typer.BadParameter(f"no kind of save {value!r} (one of {', '.join(KINDS)})")
    return kind


SaveRef = Annotated[str, typer.Argument(help="The save's name or id (see 'saves list').")]
SystemOption = Annotated[str | None, typer.Option(
    "--system", callback=_system, help="Only this rule system (e.g. mtg-rpg or mtg_rpg).")]
KindOption = Annotated[str | None, typer.Option(
    "--kind", callback=_kind, help="Only this kind: game, campaign, character or world.")]


@saves_app.command("list")
def saves_list(
    system: SystemOption = None,
    kind: KindOption = None,
    deleted: Annotated[bool, typer.Option("--deleted", help="List the saves in the trash instead.")] = False,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """List saves (or, with --deleted, the trash)."""
    from rich.table import Table

    store = open_store(db)
    saves = store.list_saves(system, kind, deleted=deleted)
    if json:
        print_json([s.to_dict() for s in saves])
        return
    where = "in the trash of" if deleted else "in"
    if not saves:
        console().print(f"No saves {where} {store.path}" + ("" if store.exists else " (no store there yet)") + ".")
        return
    out = Table(title=f"Saves {where} {store.path}")
    for column in ("id", "name", "system", "kind", "revision", "deleted (UTC)" if deleted else "updated (UTC)",
                   "events"):
        out.add_column(column)
    for s in saves:
        out.add_row(str(s.id), s.name, s.system, s.kind, str(s.revision), _when(s.deleted or s.updated),
                    str(s.events))
    console().print(out)


@saves_app.command("show")
def saves_show(
    ref: SaveRef,
    revision: Annotated[int | None, typer.Option("--revision", help="An earlier revision (see 'saves history').")]
    = None,
    system: SystemOption = None,
    kind: KindOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Show a save and its event log."""
    from rich.markup import escape

    from magecraft.cli.render import event_lines
    from magecraft.core.events import EventLog

    saved = _read(db, ref, revision, system, kind)
    if json:
        print_json({"save": saved.summary.to_dict(), "state": saved.state})
        return
    s = saved.summary
    console().print(f"[bold]{escape(s.name)}[/bold]: {s.system} {s.kind}, revision {saved.revision}, saved "
                    f"{_when(s.updated)} UTC, {len(saved.events)} events")
    out = console()
    for line in event_lines(EventLog.from_list(saved.events)):
        out.print(line)


@saves_app.command("log")
def saves_log(
    ref: SaveRef,
    revision: Annotated[int | None, typer.Option("--revision", help="An earlier revision (see 'saves history').")]
    = None,
    system: SystemOption = None,
    kind: KindOption = None,
    db: DbOption = None,
) -> None:
    """Print a save's event log as JSON Lines."""
    from magecraft.core.events import EventLog

    saved = _read(db, ref, revision, system, kind)
    typer.echo(EventLog.from_list(saved.events).to_jsonl())


def _when(stamp: str) -> str:
    """A save's time (ISO 8601, UTC): ``2026-11-24T03:40:14+00:00`` is ``2026-11-24 03:40:14``."""
    return stamp[:19].replace("T", " ")


def _read(db: Path | None, ref: str, revision: int | None, system: str | None, kind: str | None) -> Saved:
    store = open_store(db)
    if revision is not None:
        return store.revision_state(ref, revision, system, kind)
    return store.get(store.find(ref, system, kind).id)


@saves_app.command("history")
def saves_history(
    ref: SaveRef,
    system: SystemOption = None,
    kind: KindOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """List the kept revisions of a save, newest first.

    Bring one back with 'saves restore NAME --revision N'.
    """
    from rich.markup import escape
    from rich.table import Table

    store = open_store(db)
    target = store.find(ref, system, kind)
    revisions = store.history_of(ref, system, kind)
    if json:
        print_json({"save": target.to_dict(), "revisions": [r.to_dict() for r in revisions]})
        return
    out = Table(title=f"History of {escape(target.label)}")
    for column in ("revision", "saved (UTC)", "events", ""):
        out.add_column(column)
    for r in revisions:
        out.add_row(str(r.revision), _when(r.saved), str(r.events), "current" if r.current else "")
    console().print(out)


@saves_app.command("restore")
def saves_restore(
    ref: SaveRef,
    revision: Annotated[int | None, typer.Option(
        "--revision", help="Bring back this earlier revision (as a new revision, so it can be undone).")] = None,
    system: SystemOption = None,
    kind: KindOption = None,
    db: DbOption = None,
) -> None:
    """Bring back an earlier revision, or a deleted save.

    With --revision N, revision N of the save comes back as a new revision (so this can be undone too);
    without it, a deleted save is taken out of the trash.
    """
    from rich.markup import escape

    store = open_store(db)
    if revision is None:
        back = store.undelete(ref, system=system, kind=kind)
        console().print(f"Restored {escape(back.label)} from the trash.")
        return
    saved = store.restore(ref, revision, system=system, kind=kind)
    console().print(f"Restored revision {revision} of {escape(saved.summary.label)} as revision {saved.revision}.")


@saves_app.command("delete")
def saves_delete(
    ref: SaveRef,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
    system: SystemOption = None,
    kind: KindOption = None,
    db: DbOption = None,
) -> None:
    """Move a save to the trash.

    'saves restore NAME' brings it back until 'saves purge' empties the trash.
    """
    from rich.markup import escape

    store = open_store(db)
    target = store.find(ref, system, kind)
    if not yes:
        answer = options.ask_once(f"Delete {target.label}? It stays in the trash until 'saves purge' (y/n)")
        if answer.strip().casefold() not in ("y", "yes"):
            console().print("Nothing deleted.")
            return
    store.delete(str(target.id))
    console().print(f"Deleted {escape(target.label)}; 'magecraft saves restore {target.id}' brings it back.")


@saves_app.command("purge")
def saves_purge(
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
    db: DbOption = None,
) -> None:
    """Delete the saves in the trash for good."""
    from rich.markup import escape

    store = open_store(db)
    trash = store.list_saves(deleted=True)
    if not trash:
        console().print("The trash is empty.")
        return
    if not yes:
        answer = options.ask_once(f"Delete {len(trash)} save(s) in the trash for good (y/n)")
        if answer.strip().casefold() not in ("y", "yes"):
            console().print("Nothing purged.")
            return
    gone = store.purge()
    console().print(f"Purged {len(gone)} save(s): {', '.join(escape(s.label) for s in gone)}.")


@saves_app.command("export")
def saves_export(
    ref: SaveRef,
    file: Annotated[Path, typer.Argument(help="The JSON file to write ('-' for standard output).")],
    system: SystemOption = None,
    kind: KindOption = None,
    db: DbOption = None,
) -> None:
    """Write one save as a JSON file.

    'saves import FILE' reads it, on this machine or another.
    """
    import json as json_module

    from rich.markup import escape

    from magecraft.core.errors import InputError

    document = json_module.dumps(open_store(db).export(ref, system, kind), indent=1, ensure_ascii=False) + "\n"
    if str(file) == "-":
        typer.echo(document, nl=False)
        return
    if file.exists():
        raise InputError(f"{file} exists; choose a new file name")
    try:
        file.write_text(document, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write {file}: {exc.strerror}") from None
    console().print(f"Exported {escape(ref)!r} to {file}.")


@saves_app.command("import")
def saves_import(
    file: Annotated[Path, typer.Argument(help="A file written by 'saves export'.")],
    name: Annotated[str | None, typer.Option("--as", help="Save it under this name instead.")] = None,
    overwrite: OverwriteOption = False,
    db: DbOption = None,
) -> None:
    """Read a save written by 'saves export'.

    A malformed file, or a game whose state does not load, is refused whole: nothing is saved.
    """
    from rich.markup import escape

    from magecraft.core.errors import InputError
    from magecraft.core.saves import read_export

    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{file} is not an exported save (it is not UTF-8 text)") from None
    except OSError as exc:
        raise InputError(f"cannot read {file}: {exc.strerror}") from None
    saved_name, system, kind, state = read_export(text, str(file))
    from magecraft.games import registry

    game_type = registry().for_save(system, kind)
    if game_type is not None:
        try:
            game_type.load(state)
        except InputError as exc:
            raise InputError(f"{file} is refused: its {game_type.title} does not load: {exc}") from None
    store = open_store(db)
    new_store = not store.exists
    saved = store.create(name or saved_name, system, kind, state, overwrite=overwrite)
    where = f"a new save store {store.path}" if new_store else str(store.path)
    console().print(f"Imported {escape(saved.summary.label)} (revision {saved.revision}) into {where}.")
