"""`magecraft mage-wars`: Mage Wars solo against the Dummy Mage (seed 003).

This module parses the options and runs the commands; the game at the terminal (its view, the arena and
spellbook tables) is :mod:`magecraft.cli.mage_wars_table`, and the rules are :mod:`magecraft.mage_wars`, both
imported only by the command that needs them, so ``mage-wars --help`` loads no rule system.
"""

from __future__ import annotations

from dataclasses import asdict
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from magecraft.cli.markup import escape
from magecraft.cli.options import (
    AllowUndoOption,
    DbOption,
    DiceOption,
    JsonOption,
    LoadOption,
    OverwriteOption,
    PhysicalOption,
    SaveOption,
    SeedOption,
    ask_die_once,
    console,
    given_options,
    make_randomness,
    print_json,
    whole_number,
)

if TYPE_CHECKING:
    from magecraft.cli.mage_wars_table import SoloTable
    from magecraft.mage_wars.arena import Wall
    from magecraft.mage_wars.cards import DummyDecks, Spellbook
    from magecraft.mage_wars.game import MageWarsGame
    from magecraft.mage_wars.settings import Settings

#: The play-loop view's names, importable from here as before (loaded on first use: PEP 562).
TABLE_NAMES = frozenset({"SPELL_NUMBERS", "SoloView", "SoloTable", "play", "resume_point", "spellbook_table",
                         "arena_table", "card_table"})


def __getattr__(name: str) -> Any:
    if name in TABLE_NAMES:
        return getattr(import_module("magecraft.cli.mage_wars_table"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


app = typer.Typer(help="Mage Wars solo: your mage against the Dummy Mage.", no_args_is_help=True)

MageOption = Annotated[str | None, typer.Option(
    "--mage", help="Ready-made spellbook: Wizard (the default), Beastmaster, Priestess, Warlock.",
    show_default=False)]
BookOption = Annotated[Path | None, typer.Option("--book", help="Your own spellbook (JSON: mage and cards).")]
DecksOption = Annotated[Path | None, typer.Option("--decks", help="The Dummy Mage's four decks (JSON).")]
LifeOption = Annotated[int | None, typer.Option("--dummy-life",
                                                help="The Dummy Mage's life (default: its mage's).")]


def _spellbook(mage: str | None, book: Path | None) -> Spellbook:
    from magecraft.mage_wars.cards import load_json_file, ready_spellbooks, spellbook_from_dict

    if book is not None and mage is not None:
        raise typer.BadParameter("--book is your own spellbook: drop --mage", param_hint="--mage")
    mage = mage or "Wizard"
    if book is not None:
        return spellbook_from_dict(load_json_file(book), str(book))
    books = ready_spellbooks()
    for name, spellbook in books.items():
        if name.lower() == mage.lower():
            return spellbook
    raise typer.BadParameter(f"no ready-made spellbook {mage!r} (choose from {', '.join(books)})",
                             param_hint="--mage")


def _wall(number: int, text: str) -> Wall:
    """``B1-C1[:LIFE[:ARMOR]][:passable]`` -> a wall (life 10, armour 0 unless given)."""
    from magecraft.mage_wars.arena import ZONES, Wall, distance

    parts = text.strip().split(":")
    passable = parts[-1].lower() == "passable"
    if passable:
        parts = parts[:-1]
    zones = parts[0].upper().split("-")
    numbers = parts[1:]
    if (len(zones) != 2 or any(z not in ZONES for z in zones) or distance(zones[0], zones[1]) != 1
            or len(numbers) > 2 or any(whole_number(n) is None or n.strip()[:1] in "+-" for n in numbers)):
        raise typer.BadParameter(f"{text!r} is not ZONE-ZONE[:LIFE[:ARMOR]][:passable] between adjacent zones, "
                                 "e.g. B1-C1:12:2", param_hint="--wall")
    life, armor = (int(numbers[0]) if numbers else 10), (int(numbers[1]) if len(numbers) > 1 else 0)  # checked
    if life < 1:
        raise typer.BadParameter("a wall needs at least 1 life", param_hint="--wall")
    return Wall(f"w{number}", (zones[0], zones[1]), life, armor, passable)


def settings_from_options(dummy_life: int | None, walls: list[str]) -> Settings:
    from magecraft.mage_wars.settings import Settings

    if dummy_life is not None and dummy_life < 1:
        raise typer.BadParameter("the Dummy Mage needs at least 1 life", param_hint="--dummy-life")
    return Settings(dummy_life=dummy_life, walls=tuple(_wall(n, w) for n, w in enumerate(walls, start=1)))


WallOption = Annotated[list[str] | None, typer.Option(
    "--wall", help="A wall between two zones: B1-C1[:LIFE[:ARMOR]][:passable] (repeatable).")]
AutoOption = Annotated[bool, typer.Option("--auto", help="Let the built-in bot play your side.")]
GamesOption = Annotated[int | None, typer.Option("--games", help="How many bot games to play with --auto "
                                                                 "(default 1000).")]
ScenarioOption = Annotated[Path | None, typer.Option(
    "--scenario", help="Start from a scenario file's position (docs/scenarios/mage-wars-solo-*.toml): its "
                       "dice, then its seed.")]


@app.command()
def solo(mage: MageOption = None, book: BookOption = None, decks: DecksOption = None,
         dummy_life: LifeOption = None, wall: WallOption = None, auto: AutoOption = False,
         games: GamesOption = None, seed: SeedOption = None, dice: DiceOption = None,
         physical_dice: PhysicalOption = False, json: JsonOption = False, save: SaveOption = None,
         load: LoadOption = None, overwrite: OverwriteOption = False, db: DbOption = None,
         allow_undo: AllowUndoOption = False, scenario: ScenarioOption = None) -> None:
    """Play your mage against the Dummy Mage, or (--auto) run bot games and print win rates.

    With --save the game is saved at every decision; --load resumes it and keeps saving under its name
    (--load with --save saves a copy under the new name).
    """
    from magecraft.cli.mage_wars_table import SoloTable, play
    from magecraft.cli.sessions import open_session
    from magecraft.mage_wars.game import MageWarsGame

    if scenario is not None:
        _refuse_with_scenario(auto=auto or None, load=load, seed=seed, dice=dice, physical_dice=physical_dice,
                              wall=wall, dummy_life=dummy_life, book=book, decks=decks)
    if games is not None and not auto:
        raise typer.BadParameter("--games counts bot games: use it with --auto", param_hint="--games")
    if load is not None:
        _refuse_with_load(seed=seed, dice=dice, physical_dice=physical_dice, wall=wall,
                          dummy_life=dummy_life, book=book, decks=decks, mage=mage)
    settings = settings_from_options(dummy_life, wall or [])
    spellbook = _spellbook(mage, book)
    dummy_decks = _dummy_decks(decks)
    if auto:
        count = _auto_games(games, dice, physical_dice, load, save, overwrite)
        _bot_games(count, seed, spellbook, book.name if book else (mage or "Wizard"), settings, dummy_decks, json)
        return
    saver = open_session(db, MageWarsGame.system, "game", save=save, load=load, overwrite=overwrite)
    if saver.loaded is not None:
        table, first_event = _resumed(saver.loaded.name, saver.loaded.state)
    elif scenario is not None:
        table, first_event = SoloTable(_scenario_game(scenario)), 0
    else:
        rng = make_randomness(seed, dice, physical_dice)
        table, first_event = SoloTable(MageWarsGame.new(rng, spellbook, settings, dummy_decks)), 0
    play(table, saver, allow_undo, first_event,
         finished=(lambda: print_json(dict(table.game.result()))) if json else None)


def _dummy_decks(decks: Path | None) -> DummyDecks | None:
    """The Dummy Mage's four decks from ``--decks`` (None: the seed's own)."""
    from magecraft.mage_wars.cards import dummy_decks_from_dict, load_json_file

    return dummy_decks_from_dict(load_json_file(decks), str(decks)) if decks is not None else None


def _auto_games(games: int | None, dice: str | None, physical_dice: bool, load: str | None, save: str | None,
                overwrite: bool) -> int:
    """How many bot games ``--auto`` plays; the options it would not use are refused."""
    games = 1000 if games is None else games
    if games < 1:
        raise typer.BadParameter("play at least 1 game", param_hint="--games")
    if dice is not None or physical_dice or load is not None or save is not None or overwrite:
        raise typer.BadParameter("--auto plays seeded games: use --seed, not --dice, --physical-dice, "
                                 "--load, --save or --overwrite")
    return games


def _bot_games(games: int, seed: int | None, spellbook: Spellbook, named: str, settings: Settings,
               dummy_decks: DummyDecks | None, json: bool) -> None:
    """``--auto``: the bot plays ``games`` games on seeded dice; the win rates printed."""
    from magecraft.core.randomness import new_seed
    from magecraft.mage_wars.matches import run_matches

    chosen_seed = new_seed() if seed is None else seed
    summary = run_matches(games, chosen_seed, spellbook, named, settings, dummy_decks)
    if json:
        print_json(summary.to_dict())
    else:
        _print_summary(summary.to_dict())


def _resumed(name: str, state: dict[str, Any]) -> tuple[SoloTable, int]:
    """A saved game's table (with the spell numbers it was played with) and where its story is shown from."""
    from magecraft.cli.mage_wars_table import SPELL_NUMBERS, SoloTable, resume_point
    from magecraft.mage_wars.game import MageWarsGame

    game = MageWarsGame.from_dict(state, ask=ask_die_once)
    numbers = state.get(SPELL_NUMBERS)
    console().print(f"Resumed {escape(name)!r}: round {game.round}, "
                    f"{game.stage.replace('_', ' ')}")
    table = SoloTable(game, [str(n) for n in numbers] if isinstance(numbers, list) else None)
    return table, resume_point(game)


def _scenario_game(path: Path) -> MageWarsGame:
    """The game at a scenario's position (``magecraft.core.scenario``), refused when it is another game's."""
    from magecraft.core.scenario import load_scenario, start
    from magecraft.games import registry
    from magecraft.mage_wars.game import MageWarsGame

    found = load_scenario(path)
    if found.game != "mage-wars-solo":
        raise typer.BadParameter(f"{path} is a scenario of {found.game}, not of mage-wars-solo",
                                 param_hint="--scenario")
    _, state = start(found, registry())
    assert isinstance(state, MageWarsGame)
    return state


def _refuse_with_scenario(**given: object) -> None:
    used = [name for name, value in given.items() if value not in (None, [], False)]
    if used:
        option = "--" + used[0].replace("_", "-")
        raise typer.BadParameter(f"--scenario sets the game up: it cannot be used with {option}",
                                 param_hint="--scenario")


def _refuse_with_load(**given: object) -> None:
    """A saved game keeps its own setup and dice: options that would change them are refused, not ignored."""
    clashing = given_options(**given)
    if clashing:
        raise typer.BadParameter(f"--load resumes a saved game with its own setup and dice: drop "
                                 f"{', '.join(clashing)}")


def _print_summary(summary: dict[str, Any]) -> None:
    from rich.table import Table

    out = Table(title=f"{summary['games']} bot games, seed {summary['seed']}, {summary['spellbook']} book")
    out.add_column("")
    out.add_column("games", justify="right")
    out.add_column("rate", justify="right")
    for label, key in (("you win", "you"), ("Dummy Mage wins", "dummy")):
        out.add_row(label, str(summary[f"{key}_wins"]), f"{summary[f'{key}_win_rate']:.1%}")
    out.add_row("draw", str(summary["draws"]), f"{summary['draw_rate']:.1%}")
    out.caption = f"average game: {summary['average_rounds']} rounds"
    console().print(out)


@app.command("book")
def show_book(
    mage: MageOption = None,
    book: BookOption = None,
    json: JsonOption = False,
) -> None:
    """Show a spellbook (ready-made or your own file) with its spellbook points."""
    from magecraft.cli.mage_wars_table import spellbook_table

    spellbook = _spellbook(mage, book)
    points, chosen = spellbook.points()
    if json:
        print_json({"mage": spellbook.mage, "cards": list(spellbook.cards), "points": points,
                    "points_allowed": spellbook.limit(), "trained_choice": chosen})
        return
    out = spellbook_table(list(spellbook.cards))
    out.title = f"{spellbook.mage}'s spellbook"
    trained = f", trained in {chosen}" if chosen else ""
    out.caption = f"{len(spellbook.cards)} cards, {points} of {spellbook.limit()} spellbook points{trained}"
    console().print(out)


@app.command()
def card(
    name: Annotated[str, typer.Argument(help="Card name, e.g. \"Emerald Tegu\".")],
    json: JsonOption = False,
) -> None:
    """Show a card: cost, life, armour, traits, attacks and effect."""
    from magecraft.cli.mage_wars_table import card_table
    from magecraft.mage_wars.cards import card_book

    found = card_book().find(name)
    if json:
        print_json(asdict(found))
        return
    console().print(card_table(found))


@app.command("odds")
def odds_command(
    dice: Annotated[int, typer.Option("--dice", help="Attack dice rolled.")],
    armour: Annotated[int, typer.Option("--armour", "--armor", help="The target's armour.")] = 0,
    piercing: Annotated[int, typer.Option("--piercing", help="The attack's Piercing.")] = 0,
    life: Annotated[int | None, typer.Option("--life", help="Life the target has left: the chance to kill.")]
    = None,
    json: JsonOption = False,
) -> None:
    """Exact odds of an attack: expected damage, every damage total, and the chance to kill.

    Example: magecraft mage-wars odds --dice 3 --armour 1 --life 4
    """
    from magecraft.mage_wars.odds import attack_odds

    odds = attack_odds(dice, armour, piercing)
    if json:
        print_json(odds.to_json(life))
        return
    typer.echo(f"{dice} dice against armour {armour}" + (f" (piercing {piercing})" if piercing else "")
               + f": expected damage {float(odds.expected):.4f} ({odds.expected})")
    for damage, chance in sorted(odds.chances.items()):
        typer.echo(f"  {damage:>3} damage  {float(chance):7.2%}")
    if life is not None:
        typer.echo(f"chance to kill a creature with {life} life left: {float(odds.kill_chance(life)):.4f}")
