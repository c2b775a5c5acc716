"""`magecraft mage-wars`: Mage Wars solo against the Dummy Mage (seed 003)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from magecraft.cli.game_table import GameTable, GameView, play_at_table
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
from magecraft.cli.playloop import Command, Ending, Menu, PlayLoop
from magecraft.cli.sessions import SaveSession, open_session
from magecraft.core.errors import DataError
from magecraft.core.events import Event
from magecraft.core.randomness import new_seed
from magecraft.core.tables import get_table
from magecraft.mage_wars.actions import Action, ActionKind, Step
from magecraft.mage_wars.arena import COLUMNS, DIRECTIONS, ROWS, ZONES, Wall, distance, position, zone_at
from magecraft.mage_wars.bot import run_matches
from magecraft.mage_wars.cards import (
    Card,
    Spellbook,
    card_book,
    dummy_decks_from_dict,
    load_json_file,
    ready_spellbooks,
    spellbook_from_dict,
)
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU, Unit

START: str | None = "mage-wars solo --mage Wizard"

app = typer.Typer(help="Mage Wars solo: your mage against the Dummy Mage.", no_args_is_help=True)

MageOption = Annotated[str | None, typer.Option(
    "--mage", help="Ready-made spellbook: Wizard (the default), Beastmaster, Priestess, Warlock.",
    show_default=False)]
BookOption = Annotated[Path | None, typer.Option("--book", help="Your own spellbook (JSON: mage and cards).")]
DecksOption = Annotated[Path | None, typer.Option("--decks", help="The Dummy Mage's four decks (JSON).")]
LifeOption = Annotated[int | None, typer.Option("--dummy-life",
                                                help="The Dummy Mage's life (default: its mage's).")]


def _spellbook(mage: str | None, book: Path | None) -> Spellbook:
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
    if dummy_life is not None and dummy_life < 1:
        raise typer.BadParameter("the Dummy Mage needs at least 1 life", param_hint="--dummy-life")
    return Settings(dummy_life=dummy_life, walls=tuple(_wall(n, w) for n, w in enumerate(walls, start=1)))


@app.command()
def solo(
    mage: MageOption = None,
    book: BookOption = None,
    decks: DecksOption = None,
    dummy_life: LifeOption = None,
    wall: Annotated[list[str] | None, typer.Option(
        "--wall", help="A wall between two zones: B1-C1[:LIFE[:ARMOR]][:passable] (repeatable).")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Let the built-in bot play your side.")] = False,
    games: Annotated[int | None, typer.Option("--games", help="How many bot games to play with --auto "
                                                              "(default 1000).")] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json: JsonOption = False,
    save: SaveOption = None,
    load: LoadOption = None,
    overwrite: OverwriteOption = False,
    db: DbOption = None,
    allow_undo: AllowUndoOption = False,
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="Start from a scenario file's position (docs/scenarios/mage-wars-solo-*.toml): its "
                           "dice, then its seed.")] = None,
) -> None:
    """Play your mage against the Dummy Mage, or (--auto) run bot games and print win rates.

    With --save the game is saved at every decision; --load resumes it and keeps saving under its name
    (--load with --save saves a copy under the new name).
    """
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
    dummy_decks = dummy_decks_from_dict(load_json_file(decks), str(decks)) if decks is not None else None
    if auto:
        games = 1000 if games is None else games
        if games < 1:
            raise typer.BadParameter("play at least 1 game", param_hint="--games")
        if dice is not None or physical_dice or load is not None or save is not None or overwrite:
            raise typer.BadParameter("--auto plays seeded games: use --seed, not --dice, --physical-dice, "
                                     "--load, --save or --overwrite")
        chosen_seed = new_seed() if seed is None else seed
        named = book.name if book else (mage or "Wizard")
        summary = run_matches(games, chosen_seed, spellbook, named, settings, dummy_decks)
        if json:
            print_json(summary.to_dict())
        else:
            _print_summary(summary.to_dict())
        return
    saver = open_session(db, MageWarsGame.system, "game", save=save, load=load, overwrite=overwrite)
    if saver.loaded is not None:
        state = saver.loaded.state
        game = MageWarsGame.from_dict(state, ask=ask_die_once)
        numbers = state.get(SPELL_NUMBERS)
        console().print(f"Resumed {escape(saver.loaded.name)!r}: round {game.round}, "
                        f"{game.stage.replace('_', ' ')}")
        table = SoloTable(game, [str(n) for n in numbers] if isinstance(numbers, list) else None)
        first_event = resume_point(game)
    elif scenario is not None:
        table, first_event = SoloTable(_scenario_game(scenario)), 0
    else:
        rng = make_randomness(seed, dice, physical_dice)
        table, first_event = SoloTable(MageWarsGame.new(rng, spellbook, settings, dummy_decks)), 0
    play(table, saver, allow_undo, first_event,
         finished=(lambda: print_json(dict(table.game.result()))) if json else None)


def play(table: SoloTable, saver: SaveSession, allow_undo: bool = False, first_event: int = 0,
         finished: Callable[[], None] | None = None) -> Ending:
    """The game at the terminal through the shared play loop; saved after each decision when the session
    has a name (the first save says where)."""
    if saver.name is not None:
        console().print(escape(saver.save(table.snapshot())))
    return play_at_table(saver, table, allow_undo=allow_undo, shown_from=first_event, finished=finished)


def _scenario_game(path: Path) -> MageWarsGame:
    """The game at a scenario's position (``magecraft.core.scenario``), refused when it is another game's."""
    from magecraft.core.scenario import load_scenario, start
    from magecraft.games import registry

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
    out = Table(title=f"{summary['games']} bot games, seed {summary['seed']}, {summary['spellbook']} book")
    out.add_column("")
    out.add_column("games", justify="right")
    out.add_column("rate", justify="right")
    for label, key in (("you win", "you"), ("Dummy Mage wins", "dummy")):
        out.add_row(label, str(summary[f"{key}_wins"]), f"{summary[f'{key}_win_rate']:.1%}")
    out.add_row("draw", str(summary["draws"]), f"{summary['draw_rate']:.1%}")
    out.caption = f"average game: {summary['average_rounds']} rounds"
    console().print(out)


#: Saved beside the game: the numbers your spells had when the game began, kept when a spell is used up.
SPELL_NUMBERS = "spell_numbers"


class SoloView(GameView[Action]):
    """Mage Wars' own at the terminal: the plan typed by spell numbers, the arena and spellbook tables, attack
    dice on one line, ``card NAME`` at every prompt, reveals asked in the middle of the Dummy Mage's turn
    (ruling A17), and the spell numbers saved beside the state."""

    resume_command = "mage-wars solo --load {name}"
    save_stem = "mage-wars"

    def __init__(self, spell_numbers: list[str]) -> None:
        self.spell_numbers = spell_numbers
        self.loop: PlayLoop[Action] | None = None
        self._faces: list[tuple[int, int]] = []  # the attack dice rolled so far, shown together
        self._last_attack = ("", "")

    def begin(self, table: GameTable[Action], loop: PlayLoop[Action]) -> None:
        self.loop = loop
        table.state.answer_trigger = self._answer_trigger

    def bot_action(self, table: GameTable[Action], player: str) -> Action:
        """The Dummy Mage's turn, when the game waits for it (a scenario's game): seed 003's own rules."""
        from magecraft.mage_wars.game_type import DummyMageBot

        action: Action = DummyMageBot(table.state.rng).choose(table.state, player)
        return action

    def extras(self, table: GameTable[Action]) -> dict[str, Any]:
        return {SPELL_NUMBERS: list(self.spell_numbers)}

    def restore(self, table: GameTable[Action], snapshot: dict[str, Any]) -> MageWarsGame:
        game = MageWarsGame.from_dict(snapshot, ask=ask_die_once)
        game.answer_trigger = self._answer_trigger
        return game

    def menu(self, table: GameTable[Action], player: str) -> Menu[Action]:
        game = table.state
        if game.pending == Step.PLAN:
            return Menu(f"Mana {game.mana}. Plan up to 2 spells from your spellbook.", [],
                        prompt="Plan up to 2 spells by number or name, e.g. 3, 7 (empty: none)",
                        typed=self._plan, typed_help="spell numbers or names, e.g. 3, 7 (empty: plan none)")
        return Menu(f"Mana {game.mana}. Planned: {', '.join(game.planned) or 'nothing'}. You may:",
                    self.choices(table, player))

    def heading(self, table: GameTable[Action], action: Action, label: str) -> tuple[str, ...]:
        return _heading(table.state, action)

    def _plan(self, answer: str) -> Action:
        names = [_planned_name(part, self.spell_numbers) for part in answer.split(",") if part.strip()]
        return Action(ActionKind.PLAN, spells=tuple(names))

    def apply(self, table: GameTable[Action], action: Action) -> None:
        problem = table.state.why_illegal(action)
        if problem is not None:
            raise problem
        table.state.apply(action)

    def render(self, table: GameTable[Action], viewer: str | None) -> list[RenderableType]:
        shown: list[RenderableType] = [arena_table(table.state)]
        if table.state.pending == Step.PLAN:
            shown.append(spellbook_table(table.state.spellbook, self.spell_numbers))
        return shown

    def event_line(self, table: GameTable[Action], event: Event) -> str | None:
        if event.kind == "roll" and ", attack die " in event.label:
            return self._attack_die(event)
        if event.kind == "roll" and event.label.endswith(": effect die"):
            return self._effect_die(table.state, event)
        if event.kind == "game" and "attack" in event.data:
            self._last_attack = (str(event.data.get("attacker")), str(event.data["attack"]))
        if event.kind == "roll":
            return f"  [dim]{escape(event.label)}: rolled {event.data['value']}[/dim]"
        if event.kind == "dummy":
            return f"  [magenta]Dummy Mage: {escape(event.label)}[/magenta]"
        if event.kind == "game" and event.label.startswith("round "):
            return f"[bold]── {escape(event.label)} ──[/bold]"
        if event.kind == "game":
            return f"  {escape(event.label)}"
        return None

    def _attack_die(self, event: Event) -> str | None:
        """Attack dice on one line with their faces once the last is rolled: ``2 dice: [1★][ ] = 1 critical``."""
        who, _, which = event.label.partition(", attack die ")
        number, _, count = which.partition(" of ")
        if number == "1":
            self._faces = []
        row = get_table("mw_attack_die").lookup(int(event.data["value"])).data
        self._faces.append((int(row["normal"]), int(row["critical"])))
        if number != count:
            return None
        faces = "".join(f"[{c}★]" if c else f"[{n}]" if n else "[ ]" for n, c in self._faces)
        normal, critical = sum(n for n, _ in self._faces), sum(c for _, c in self._faces)
        total = " + ".join(part for part in (f"{normal} normal" if normal else "",
                                             f"{critical} critical" if critical else "") if part) or "nothing"
        return f"  [dim]{escape(who)}: {count} dice: {escape(faces)} = {total}[/dim]"

    def _effect_die(self, game: MageWarsGame, event: Event) -> str:
        """The d12 effect roll with the row of the attack's effect table it falls in."""
        value = int(event.data["value"])
        attacker, name = self._last_attack
        unit = game.units.get(attacker)
        # the attack's card: a spell named as its attack, else the creature's (which may have died since)
        cards = [card_book().cards.get(name), card_book().cards.get(event.label.split(" (")[0]),
                 card_book().cards.get(unit.name) if unit is not None else None]
        attack = next((a for c in cards if c is not None for a in c.attacks if a.name == name), None)
        rows = [e for e in (attack.effects if attack is not None else ()) if e.low <= value <= e.high]
        effect = "; ".join(f"row {e.low}-{e.high}: " + " + ".join([f"{n} {c}" for c, n in e.conditions]
                                                                   + (["Push"] if e.push else []))
                           for e in rows) or "no effect"
        return f"  [dim]{escape(event.label)}: rolled {value} on 1d12, {escape(effect)}[/dim]"

    def commands(self, table: GameTable[Action]) -> dict[str, Command]:
        return {"card": Command("card NAME", "show a card", _show_card)}

    def ending(self, table: GameTable[Action]) -> str:
        return f"Game over after {table.state.round} rounds: {table.state.end_reason}"

    def _answer_trigger(self, game: MageWarsGame, action: Action, moment: str) -> bool:
        """A reveal offered in the middle of the Dummy Mage's turn (ruling A17): yes or no, asked until clear."""
        assert self.loop is not None
        self.loop.show_new(YOU)
        cost = card_book().get(action.name).reveal_cost
        return self.loop.yes_no(f"{moment}. Mana {game.mana}: {game.action_text(action)} for {cost} mana now?")


class SoloTable(GameTable[Action]):
    """Your mage against the Dummy Mage at the terminal: you decide, the Dummy Mage plays itself."""

    state: MageWarsGame

    def __init__(self, game: MageWarsGame, spell_numbers: list[str] | None = None) -> None:
        super().__init__(game, SoloView(spell_numbers or sorted(set(game.spellbook))), people=[YOU])

    @property
    def game(self) -> MageWarsGame:
        """The game state (the name the Mage Wars commands and tests read it by)."""
        return self.state


def _heading(game: MageWarsGame, action: Action) -> tuple[str, ...]:
    """Long lists are offered by creature (or by quick cast, reveal) first, then the target."""
    if action.kind == ActionKind.ACTIVATE:
        here = action.actor and game.units[action.actor].zone
        return (game.action_text(Action(ActionKind.ACTIVATE, action.actor, here, "nothing")).split(":")[0],)
    return (action.kind.replace("_", " "),)


def resume_point(game: MageWarsGame) -> int:
    """Where a resumed game's story starts: your last decision, so you see what the Dummy Mage did since."""
    events = list(game.log)
    chosen = [i for i, e in enumerate(events) if e.kind == "game" and e.label.startswith("you chose:")]
    return chosen[-1] if chosen else 0


def _show_card(name: str) -> None:
    """``card NAME`` typed at any prompt: show the card, or why it is not found."""
    try:
        console().print(card_table(card_book().find(name)))
    except DataError as exc:
        console().print(f"[red]{escape(str(exc))}[/red]")


def spellbook_table(spellbook: list[str], numbers: list[str] | None = None) -> Table:
    """The spells left in your book with copies, casting cost (+ reveal), action, range, type and school,
    numbered as when the game began (``numbers``) so a number keeps its spell when another is used up."""
    out = Table(show_header=True, box=None, pad_edge=False)
    for column in ("#", "spell", "copies", "mana", "cast", "range", "type", "school"):
        out.add_column(column, justify="right" if column in ("#", "copies", "mana") else "left")
    book = card_book()
    numbered = numbers or sorted(set(spellbook))
    for number, name in enumerate(numbered, start=1):
        if name not in spellbook:
            continue
        card = book.get(name)
        mana = f"{card.cost}+{card.reveal_cost}" if card.reveal_cost else str(card.cost)
        out.add_row(str(number), name, str(spellbook.count(name)), mana, card.action,
                    f"{card.min_range}-{card.max_range}", card.type,
                    " ".join(f"{school} {level}" for school, level in card.schools))
    return out


def _planned_name(text: str, numbers: list[str]) -> str:
    """A spell typed by its number in the spellbook table or by name (any case)."""
    text = text.strip()
    number = whole_number(text) if text[:1] not in "+-" else None
    if number is not None and 1 <= number <= len(numbers):
        return numbers[number - 1]
    try:
        return card_book().find(text).name
    except DataError:
        return text


def _unit_line(unit: Unit) -> str:
    colour = "cyan" if unit.side == YOU else "magenta"
    marks = [f"{n} {k}" if n > 1 else k for k, n in unit.conditions.items()]
    marks += unit.enchantments
    marks += [f"{name} face down" for name in unit.hidden]
    if unit.guarding:
        marks.append("guarding")
    if not unit.ready and not (unit.is_mage and unit.side == DUMMY):
        marks.append("acted" if not unit.fresh else "inactive")
    extra = f" ({', '.join(marks)})" if marks else ""
    return f"[{colour}]{unit.name} ({unit.id}) {max(0, unit.remaining_life)}/{unit.life}{extra}[/{colour}]"


def arena_table(game: MageWarsGame) -> Table:
    """The arena: 4 columns by 3 rows, each zone listing its mages and creatures."""
    out = Table(title=f"Round {game.round}: {game.stage.replace('_', ' ')}", show_lines=True)
    for col in range(COLUMNS):
        out.add_column("ABCD"[col], min_width=18)
    for row in range(ROWS):
        cells = []
        for col in range(COLUMNS):
            zone = zone_at(col, row)
            units = [_unit_line(u) for u in game.units.values() if u.zone == zone and u.in_arena]
            walls = [_wall_line(game, w, zone) for w in game.walls if zone in w.zones]
            cells.append("\n".join([f"[dim]{zone}[/dim]", *walls, *units]))
        out.add_row(*cells)
    decks = ", ".join(f"{k} {len(d)}" for k, d in game.decks.items())
    out.caption = (f"[cyan]y… yours[/cyan], [magenta]d… the Dummy Mage's[/magenta]; life left/life. "
                   f"Dummy Mage decks: {decks}")
    return out


def _wall_line(game: MageWarsGame, wall: Wall, zone: str) -> str:
    """A wall as seen from one of its two zones: which side it stands on and what is left of it."""
    (col, row), (other_col, other_row) = position(zone), position(next(z for z in wall.zones if z != zone))
    side = next(name for name, dcol, drow in DIRECTIONS if (dcol, drow) == (other_col - col, other_row - row))
    kind = "passable wall" if wall.passable else "wall"
    armour = f", armour {wall.armor}" if wall.armor else ""
    return f"[yellow]{kind} {wall.id} {side}, {wall.life - game.wall_damage.get(wall.id, 0)} life{armour}[/yellow]"


@app.command("book")
def show_book(
    mage: MageOption = None,
    book: BookOption = None,
    json: JsonOption = False,
) -> None:
    """Show a spellbook (ready-made or your own file) with its spellbook points."""
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
    found = card_book().find(name)
    if json:
        print_json(asdict(found))
        return
    console().print(card_table(found))


def card_table(found: Card) -> Table:
    out = Table(title=f"{found.name} ({found.type})", show_header=False)
    out.add_column("")
    out.add_column("")
    if found.type != "mage":
        out.add_row("cost", str(found.cost) + (f" to cast face down, {found.reveal_cost} more to reveal"
                                               if found.reveal_cost else ""))
        out.add_row("cast as", f"{found.action} action, range {found.min_range}-{found.max_range}")
    if found.is_creature:
        out.add_row("life / armour", f"{found.life} / {found.armor}")
    if found.schools:
        out.add_row("school", ", ".join(f"{school} level {level}" for school, level in found.schools))
    if found.channeling:
        out.add_row("channeling", str(found.channeling))
    if found.training is not None:
        training = found.training
        out.add_row("training", f"trained {', '.join(training.trained) or 'none'}"
                    + (f" and one of {', '.join(training.choice)}" if training.choice else "")
                    + f"; opposed {', '.join(training.opposed) or 'none'}; {training.points} spellbook points")
    if found.traits:
        out.add_row("traits", ", ".join(found.traits))
    for attack in found.attacks:
        effects = "; ".join(f"{e.low}-{e.high}: " + " + ".join([f"{n} {c}" for c, n in e.conditions]
                                                              + (["Push"] if e.push else []))
                            for e in attack.effects)
        traits = f" ({', '.join(attack.traits)})" if attack.traits else ""
        out.add_row(f"attack: {attack.name}", f"{attack.action} {attack.kind}, range {attack.min_range}-"
                    f"{attack.max_range}, {attack.dice} dice {attack.damage_type}{traits}"
                    + (f"; effect die {effects}" if effects else ""))
    if found.effect is not None:
        out.add_row("effect", f"{found.effect.text} (the Dummy Mage casts it on: {found.effect.side} creature)")
    return out


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
