"""`magecraft planeswalker`: the Planeswalker RPG (1d4chan's MtG RPG, seed 001).

Characters are saved in the save store (kind "character") by :func:`store_character` alone;
the interactive battle asks for each decision in :func:`ask_decision` alone.  The engines are
imported inside the commands so the command line starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from magecraft.cli import options
from magecraft.cli.options import (
    DbOption,
    DiceOption,
    JsonOption,
    LoadOption,
    PhysicalOption,
    SaveOption,
    SeedOption,
    console,
    given_options,
    make_randomness,
    open_store,
    print_json,
)
from magecraft.cli.sessions import SaveSession, open_session
from magecraft.core.errors import InputError, MagecraftError

if TYPE_CHECKING:
    from magecraft.core.events import Event
    from magecraft.planeswalker.actions import Action
    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.combat import Battle
    from magecraft.planeswalker.settings import Settings

SYSTEM = "planeswalker"

#: The one command that starts this system (shown by `magecraft` with no arguments).
START: str | None = "planeswalker character new"

app = typer.Typer(help="Planeswalker RPG: characters, dice-pool skills and zone combat.", no_args_is_help=True)
character_app = typer.Typer(help="Create, show and advance planeswalkers.", no_args_is_help=True)
app.add_typer(character_app, name="character")

HouseRulesOption = Annotated[Path | None, typer.Option(
    "--house-rules", help="A TOML file of house rules (docs/rulings.md, Planeswalker RPG).")]


# -- saving ------------------------------------------------------------------------------------


def store_character(db: Path | None, character: Character, *, new: bool, revision: int | None = None) -> None:
    """The one place a planeswalker is written to the save store (kind "character").

    A new character refuses a name already taken (``--overwrite`` is not offered: a sheet is changed
    with ``award`` or ``identity``); a changed one is written at the ``revision`` it was read, so a
    change made meanwhile by another command is never lost (docs/architecture.md, "Saves").
    """
    store = open_store(db)
    state = {"character": character.to_dict()}
    if new:
        store.create(character.name, SYSTEM, "character", state)
    else:
        assert revision is not None
        store.update(character.name, SYSTEM, "character", state, revision=revision)


def load_character(db: Path | None, name: str) -> Character:
    return read_character(db, name)[0]


def read_character(db: Path | None, name: str) -> tuple[Character, int]:
    """A saved planeswalker and the revision it was read at."""
    from magecraft.planeswalker.character import Character

    saved = open_store(db).load(name, SYSTEM, "character")
    if "character" not in saved.state:
        raise InputError(f"the save {name!r} holds no planeswalker sheet")
    return Character.from_dict(saved.state["character"]), saved.revision


def _house_rules(path: Path | None) -> Settings:
    from magecraft.core.settings import load_settings
    from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings

    return DEFAULT_SETTINGS if path is None else load_settings(Settings, path)


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _increases(text: str | None) -> dict[str, int]:
    """``mastery=1,power=2`` -> ``{"mastery": 1, "power": 2}``."""
    found: dict[str, int] = {}
    for part in _split(text):
        stat, _, amount = part.partition("=")
        if not amount.strip().isdecimal():
            raise typer.BadParameter(f"{part!r} is not STAT=POINTS (e.g. mastery=1,power=2)", param_hint="--raise")
        key = stat.strip().lower().replace("channeling", "channelling")
        found[key] = found.get(key, 0) + int(amount)
    return found


# -- character ---------------------------------------------------------------------------------


@character_app.command("new")
def character_new(
    name: Annotated[str | None, typer.Argument(help="The planeswalker's name (asked when left out).")] = None,
    identity: Annotated[str | None, typer.Option(
        "--identity", help="Up to three identity sources: W,U,B,R,G or A (Artifact), e.g. W,U,B.")] = None,
    race: Annotated[str | None, typer.Option("--race", help="Race (see planeswalker/data/races.toml).")] = None,
    raise_: Annotated[str | None, typer.Option(
        "--raise", help="Build points spent: STAT=POINTS,... e.g. mastery=1,power=2,speed=1.")] = None,
    keywords: Annotated[str | None, typer.Option(
        "--keywords", help="Keyword abilities bought, e.g. Flying.")] = None,
    artifact_stats: Annotated[str | None, typer.Option(
        "--artifact-stats", help="The stat each Artifact identity raises: power, toughness or life.")] = None,
    artifact_mana: Annotated[str, typer.Option(
        "--artifact-mana", help="Artifact mana: 'colorless' (1) or 'artifacts' (2, artifact spells only).")]
        = "colorless",
    spells: Annotated[str | None, typer.Option("--spells", help="The Library, in order: card names.")] = None,
    memorize: Annotated[str | None, typer.Option("--memorize", help="Memorised spells (from the Library).")]
        = None,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Create a planeswalker: fully by options, or asked for step by step (each answer checked)."""
    from magecraft.planeswalker.character import Character

    interactive = name is None or identity is None
    if interactive:
        character = _ask_character(name)
    else:
        assert name is not None and identity is not None
        character = Character.create(name, identity=_split(identity), race=race or "Human",
                                     increases=_increases(raise_), keywords=_split(keywords),
                                     artifact_stats=[s.lower() for s in _split(artifact_stats)],
                                     artifact_mana=artifact_mana, library=_split(spells),
                                     memorized=_split(memorize))
    store_character(db, character, new=True)
    _show(character, json)


def _ask_character(name: str | None) -> Character:
    """Ask for each part of the sheet, asking again after a refused answer."""
    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.data import race_names

    out = console()
    answers: dict[str, Any] = {"name": name}

    def attempt(key: str, prompt: str, parse: Any) -> None:
        while True:
            text = options.ask_at_terminal(prompt)
            try:
                answers[key] = parse(text)
                build()
                return
            except (MagecraftError, typer.BadParameter) as exc:
                message = exc.format_message() if isinstance(exc, typer.BadParameter) else str(exc)
                out.print(f"[red]{escape(message)}[/red]")

    def build() -> Character:
        return Character.create(answers["name"] or "?", identity=answers.get("identity", ["W"]),
                                race=answers.get("race", "Human"), increases=answers.get("increases", {}),
                                keywords=answers.get("keywords", []),
                                artifact_stats=answers.get("artifact_stats",
                                                           ["power"] * answers.get("identity", []).count("A")),
                                library=answers.get("library", []), memorized=answers.get("memorized", []))

    if name is None:
        attempt("name", "Name", lambda t: t.strip() or _refuse("a character needs a name"))
    attempt("identity", "Colour identity, up to three of W U B R G A (comma separated)", _split)
    if "A" in answers["identity"]:
        attempt("artifact_stats", "Stat each Artifact identity raises (power/toughness/life, comma separated)",
                lambda t: [s.lower() for s in _split(t)])
    attempt("race", f"Race ({', '.join(race_names())})", lambda t: t.strip() or "Human")
    attempt("increases", "Spend 5 build points, STAT=POINTS comma separated (e.g. mastery=1,power=2)",
            _increases)
    attempt("keywords", "Keyword abilities bought (blank for none)", _split)
    attempt("library", "Library: spells known, in order (Ninth Edition card names, comma separated)", _split)
    attempt("memorized", "Memorised spells (from the Library)", _split)
    return build()


def _refuse(message: str) -> Any:
    raise InputError(message)


@character_app.command("show")
def character_show(name: str, json: JsonOption = False, db: DbOption = None) -> None:
    """Show a saved planeswalker's sheet, with the seed's advice it does not follow."""
    _show(load_character(db, name), json)


@character_app.command("award")
def character_award(name: str, points: Annotated[int, typer.Option("--points", help="Build points awarded.")] = 3,
                    json: JsonOption = False, db: DbOption = None) -> None:
    """Award build points between sessions (the seed recommends about three a session)."""
    character, revision = read_character(db, name)
    character = character.award(points)
    store_character(db, character, new=False, revision=revision)
    _show(character, json)


@character_app.command("identity")
def character_identity(name: str, identity: Annotated[str, typer.Option("--identity", help="The new identity.")],
                       artifact_stats: Annotated[str | None, typer.Option("--artifact-stats")] = None,
                       json: JsonOption = False, db: DbOption = None) -> None:
    """Change a planeswalker's colour identity between sessions (a new source, or one given up)."""
    character, revision = read_character(db, name)
    stats = [s.lower() for s in _split(artifact_stats)] if artifact_stats is not None else None
    character = character.with_identity(_split(identity), stats)
    store_character(db, character, new=False, revision=revision)
    _show(character, json)


def _show(character: Character, as_json: bool) -> None:
    from magecraft.planeswalker.data import STAT_NAMES

    sheet = {**character.to_dict(), "stats": character.stats, "mana_pool": character.mana_capacity(),
             "build_points": character.build_points(), "points_spent": character.points_spent(),
             "spells_known": character.spells_known(), "memorized_limit": character.memorized_limit(),
             "warnings": character.warnings()}
    if as_json:
        print_json(sheet)
        return
    out = console()
    out.print(f"[bold]{escape(character.name)}[/bold], {character.race}, identity "
              f"[{''.join(character.identity)}]")
    table = Table(show_header=False)
    for stat, value in character.stats.items():
        table.add_row(STAT_NAMES[stat], str(value))
    out.print(table)
    pool = " ".join(f"{k}:{v}" for k, v in character.mana_capacity().items())
    out.print(f"Mana Pool {pool}; build points {character.points_spent()}/{character.build_points()}; "
              f"keywords: {', '.join(character.keywords) or 'none'}")
    out.print(f"Library ({len(character.library)}/{character.spells_known()}): "
              f"{escape(', '.join(character.library)) or 'empty'}")
    out.print(f"Memorised ({len(character.memorized)}/{character.memorized_limit()}): "
              f"{escape(', '.join(character.memorized)) or 'none'}")
    for note in sheet["warnings"]:
        out.print(f"[yellow]advice: {escape(note)}[/yellow]")


# -- skill checks ------------------------------------------------------------------------------


@app.command()
def check(
    name: str,
    skill: Annotated[list[str], typer.Option("--skill", help="The skill (repeat for several: the strongest "
                                                            "is used).")],
    difficulty: Annotated[str, typer.Option("--difficulty", help="Easy, Average, Hard, Challenging, "
                                                                 "Incredible or Legendary.")] = "Average",
    house_rules: HouseRulesOption = None,
    seed: SeedOption = None, dice: DiceOption = None, physical_dice: PhysicalOption = False,
    json: JsonOption = False, db: DbOption = None,
) -> None:
    """Roll a skill check: one d6 per identity source matching the skill's colours."""
    from magecraft.planeswalker.skills import skill_check

    character = load_character(db, name)
    settings = _house_rules(house_rules)
    rng = make_randomness(seed, dice, physical_dice)
    result = skill_check(character.identity, skill, difficulty, rng, settings)
    if json:
        print_json({**result.to_dict(), "character": character.name})
        return
    verdict = "[green]success[/green]" if result.success else "[red]failure[/red]"
    console().print(f"{escape(character.name)}: {result.skill} ({result.difficulty}, needs {result.target}) "
                    f"rolls {' + '.join(map(str, result.dice))} = {result.total}: {verdict}")


# -- battles -----------------------------------------------------------------------------------


@app.command()
def fight(
    name: str,
    against: Annotated[str, typer.Option("--against", help="Creatures (Ninth Edition names), comma separated.")]
        = "",
    mage: Annotated[str | None, typer.Option("--mage", help="An enemy mage: Goblin Pyromancer, Counterspell "
                                                             "Adept or Kiora the Wanderer.")] = None,
    close: Annotated[bool, typer.Option("--close", help="Begin the battle in close combat.")] = False,
    auto: Annotated[bool, typer.Option("--auto", help="The bot plays your character too.")] = False,
    house_rules: HouseRulesOption = None,
    seed: SeedOption = None, dice: DiceOption = None, physical_dice: PhysicalOption = False,
    json: JsonOption = False, save: SaveOption = None, load: LoadOption = None, db: DbOption = None,
) -> None:
    """Fight creatures (and an enemy mage) turn by turn; --auto lets the bot play every side.

    NAME is a saved planeswalker, or one of the ready-made mages (e.g. "Kiora the Wanderer").
    --save NAME saves the battle at each of your decisions; --load NAME resumes it (and keeps saving).
    """
    from magecraft.planeswalker.bot import ready_mage
    from magecraft.planeswalker.combat import Battle

    if load is not None:
        clashing = given_options(against=against or None, mage=mage, close=close, auto=auto,
                                 house_rules=house_rules, seed=seed, dice=dice, physical_dice=physical_dice,
                                 json=json)
        if clashing:
            raise typer.BadParameter(f"--load resumes a saved battle with its own setup and dice: drop "
                                     f"{', '.join(clashing)}")
        session = open_session(db, SYSTEM, "game", save=save, load=load)
        assert session.loaded is not None
        resumed = Battle.from_dict(session.loaded.state, ask=options.ask_at_terminal)
        if resumed.fighters["you"].name != name:
            raise InputError(f"the battle saved as {load!r} is {resumed.fighters['you'].name}'s, not {name}'s")
        _play_at_terminal(resumed, session)
        return
    if json and not auto:
        raise typer.BadParameter("--json prints a bot battle: use it with --auto", param_hint="--json")
    creatures = _split(against)
    if not creatures and mage is None:
        raise typer.BadParameter("name at least one opponent: --against or --mage", param_hint="--against")
    character = _hero(db, name, ready_mage)
    settings = _house_rules(house_rules)
    rng = make_randomness(seed, dice, physical_dice)
    enemy = ready_mage(mage) if mage else None
    ranges = {f"c{i}": "close" for i in range(1, len(creatures) + 1)} if close else None
    if close and enemy is not None:
        ranges = {**(ranges or {}), "mage": "close"}
    battle = Battle.start(character, creatures, rng, enemy_mage=enemy, settings=settings, ranges=ranges)
    if auto:
        from magecraft.planeswalker.bot import play_out

        play_out(battle)
        if json:
            print_json({"result": battle.result(), "log": battle.log.to_list()})
        else:
            _render_events(list(battle.log))
            _render_result(battle)
        return
    _play_at_terminal(battle, open_session(db, SYSTEM, "game", save=save))


def _hero(db: Path | None, name: str, ready: Any) -> Character:
    try:
        return load_character(db, name)
    except MagecraftError as missing:
        try:
            return ready(name)  # type: ignore[no-any-return]
        except InputError:
            raise missing from None


def store_battle(session: SaveSession, battle: Battle) -> None:
    """The one place a battle is written (kind "game"), at the revision the session last wrote."""
    if session.name is not None:
        session.save(battle.to_dict())


def _play_at_terminal(battle: Battle, session: SaveSession) -> None:
    from magecraft.planeswalker.bot import choose
    from magecraft.planeswalker.combat import YOU

    seen = 0
    while not battle.is_terminal():
        events = list(battle.log)
        _render_events(events[seen:])
        seen = len(events)
        if battle.current_player() == YOU:
            store_battle(session, battle)
            _render_state(battle)
            battle.apply(ask_decision(battle))
        else:
            battle.apply(choose(battle))
    _render_events(list(battle.log)[seen:])
    _render_result(battle)
    store_battle(session, battle)


def ask_decision(battle: Battle) -> Action:
    """The one place the terminal asks for a decision: a number from the list, or the action's words.

    ``log`` shows the battle so far, ``help`` the list again; a refused answer names the rule and asks again.
    """
    out = console()
    legal = battle.legal_actions()
    for number, action in enumerate(legal, start=1):
        out.print(f"  {number}. {escape(action.text())}")
    while True:
        text = options.ask_at_terminal(f"Your decision ({battle.phase})").strip()
        if text in ("help", "?"):
            for number, action in enumerate(legal, start=1):
                out.print(f"  {number}. {escape(action.text())}")
            continue
        if text == "log":
            _render_events(list(battle.log))
            continue
        if text.isdecimal() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        for action in legal:
            if action.text().casefold() == text.casefold():
                return action
        out.print(f"[red]{escape(text)!r} is not one of the {len(legal)} decisions open (type a number, "
                  "'help' or 'log')[/red]")


def _render_state(battle: Battle) -> None:
    out = console()
    you = battle.fighters["you"]
    mana = " ".join(f"{k}:{v}" for k, v in you.mana.items() if v) or "empty"
    out.print(f"[bold]Round {battle.round}, {battle.phase}[/bold] -- {escape(you.name)}: Life {you.life}, "
              f"Power {you.power}, Toughness {you.toughness}, mana {mana}, actions left {battle.actions_left}")
    out.print(f"Memory: {escape(', '.join(you.memory)) or 'empty'}; Library: {len(you.library)} spells")
    for fighter in battle.fighters.values():
        if fighter.id == "you" or not fighter.active:
            continue
        where = battle.range_between("you", fighter.id) or "ally"
        out.print(f"  {fighter.id} {escape(fighter.name)}: {fighter.power}/{fighter.toughness}, Life "
                  f"{fighter.life}, {where}{' (summoning sick)' if fighter.sick else ''}")


def _render_events(events: list[Event]) -> None:
    out = console()
    for event in events:
        if event.kind == "roll":
            out.print(f"  [dim]{escape(event.label)}: {event.data['value']}[/dim]")
        elif event.kind in ("strike",):
            d = event.data
            out.print(f"  {escape(event.label)}: {d['attack']} against {d['defence']}, {d['damage']} damage "
                      f"(Life {d['life']})")
        elif event.kind not in ("randomness", "action"):
            out.print(f"  {escape(event.label)}")


def _render_result(battle: Battle) -> None:
    result = battle.result()
    console().print(f"[bold]Battle over after {result['rounds']} rounds: {escape(str(result['reason']))}[/bold]")
