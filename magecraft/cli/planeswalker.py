"""`magecraft planeswalker`: the Planeswalker RPG (1d4chan's MtG RPG, seed 001).

Characters are created in the save store (kind "character") by :func:`store_character` and changed by
:func:`change_character` (one transaction: commands run at once never lose nor refuse each other);
the battle at the terminal is played through the shared play loop (:mod:`magecraft.cli.playloop`:
help, undo, log, save and quit at every prompt) by :class:`BattleTable`, and saved through the
command's :class:`~magecraft.cli.sessions.SaveSession` after each decision.  The engines are
imported inside the commands so the command line starts fast.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from magecraft.cli import options
from magecraft.cli.game_table import GameTable, GameView
from magecraft.cli.options import (
    AllowUndoOption,
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
from magecraft.cli.playloop import Choice, Ending, Menu, PlayLoop, visible_by_default
from magecraft.cli.sessions import SaveSession, open_session
from magecraft.core.errors import DataError, InputError, MagecraftError, RuleError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from magecraft.core.events import Event
    from magecraft.planeswalker.actions import Action
    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.combat import Battle
    from magecraft.planeswalker.settings import Settings

SYSTEM = "planeswalker"


app = typer.Typer(help="Planeswalker RPG: characters, dice-pool skills and zone combat.", no_args_is_help=True)
character_app = typer.Typer(help="Create, show and advance planeswalkers.", no_args_is_help=True)
app.add_typer(character_app, name="character")

HouseRulesOption = Annotated[Path | None, typer.Option(
    "--house-rules", help="A TOML file of house rules (docs/rulings.md, Planeswalker RPG).")]


# -- saving ------------------------------------------------------------------------------------


def store_character(db: Path | None, character: Character) -> None:
    """A new planeswalker in the save store (kind "character"): a name already taken is refused
    (``--overwrite`` is not offered: a sheet is changed with :func:`change_character`)."""
    open_store(db).create(character.name, SYSTEM, "character", {"character": character.to_dict()})


def change_character(db: Path | None, name: str, change: Callable[[Character], Character]) -> Character:
    """A short command that changes a sheet (an award, a rest, the day): re-read and written in one
    transaction (``SaveStore.modify``), so such commands run at once queue and none is lost nor refused
    (issue 25 item 4); a refused change writes nothing.  The sheet after it."""
    from magecraft.planeswalker.character import Character

    after: list[Character] = []

    def apply(state: dict[str, Any]) -> dict[str, Any]:
        if "character" not in state:
            raise InputError(f"the save {name!r} holds no planeswalker sheet")
        after.append(change(Character.from_dict(state["character"])))
        return {**state, "character": after[-1].to_dict()}

    open_store(db).modify(name, SYSTEM, "character", apply)
    return after[-1]


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
    from magecraft.planeswalker.data import stat_key

    found: dict[str, int] = {}
    for part in _split(text):
        stat, _, amount = part.partition("=")
        points = options.whole_number(amount) if amount.strip().isdecimal() else None
        if points is None:
            shown = part if len(part) <= 30 else f"{part[:20]}... ({len(part)} characters)"
            raise typer.BadParameter(f"{shown!r} is not STAT=POINTS (e.g. mastery=1,power=2; at most "
                                     f"{options.MAX_DIGITS} digits)", param_hint="--raise")
        key = stat_key(stat)  # the package's spelling rule, so the sums below meet under one name
        found[key] = found.get(key, 0) + points
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
                                     artifact_stats=_split(artifact_stats),
                                     artifact_mana=artifact_mana, library=_split(spells),
                                     memorized=_split(memorize))
    store_character(db, character)
    _show(character, json)


def _ask_character(name: str | None) -> Character:
    """Ask for each part of the sheet, asking again after a refused answer.  Every question takes ``?`` or
    ``help`` (what may be typed) and ``quit`` (nothing saved); a sheet the seed's advice finds unfinished
    (unspent build points, spells it cannot cast) is shown and the creator asked to finish it or keep it
    (issue 25 item 7)."""
    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.data import generation, race_names

    out = console()
    answers: dict[str, Any] = {"name": name}
    gen = generation()

    def attempt(key: str, prompt: str, parse: Any, explain: str = "") -> None:
        while True:
            text = options.ask_once(prompt)
            word = text.strip().casefold()
            if word in ("?", "help"):
                out.print(escape(f"{explain or prompt}. Type quit to stop (nothing is saved)."))
                continue
            if word in ("quit", "q"):
                raise typer.Abort() from options.QuitAtPrompt()
            try:
                answers[key] = parse(text)
                build()
                return
            except (MagecraftError, typer.BadParameter) as exc:
                # a BadParameter's own words, not click's "Invalid value for --raise" (no option was typed)
                message = exc.message if isinstance(exc, typer.BadParameter) else str(exc)
                out.print(f"[red]{escape(message)}[/red]")

    def build() -> Character:
        return Character.create(answers["name"] or "?", identity=answers.get("identity", ["W"]),
                                race=answers.get("race", "Human"), increases=answers.get("increases", {}),
                                keywords=answers.get("keywords", []),
                                artifact_stats=answers.get("artifact_stats",
                                                           ["power"] * answers.get("identity", []).count("A")),
                                library=answers.get("library", []), memorized=answers.get("memorized", []))

    one, two = ", ".join(s.title() for s in gen.one_for_one), ", ".join(s.title() for s in gen.two_for_one)
    if name is None:
        attempt("name", "Name", lambda t: t.strip() or _refuse("a character needs a name"),
                "The planeswalker's name")
    attempt("identity", "Colour identity, up to three of W U B R G A (comma separated)", _split,
            "Up to three identity sources, comma separated: W white, U blue, B black, R red, G green, "
            "A artifact (e.g. U,U,W)")
    if "A" in answers["identity"]:
        attempt("artifact_stats", "Stat each Artifact identity raises (power/toughness/life, comma separated)",
                _split)
    attempt("race", f"Race ({', '.join(race_names())})", lambda t: t.strip() or "Human",
            f"One of {', '.join(race_names())} (Enter: Human)")
    attempt("increases", f"Raise stats with {gen.build_points} build points: STAT=AMOUNT, comma separated "
                         f"(e.g. mastery=1,power=2 costs 2)", _increases,
            f"STAT=AMOUNT adds AMOUNT to the stat. Each point of {one} costs 1 build point; each two points "
            f"of {two} cost 1 (an odd one rounds up). {gen.build_points} build points to spend")
    attempt("keywords", "Keyword abilities bought (blank for none)", _split,
            "Keyword abilities bought with build points, comma separated (e.g. Flying), or Enter for none")
    castable = build().castable_spells()
    attempt("library", "Library: spells known, in order (Ninth Edition card names, comma separated)", _split,
            "Ninth Edition card names, comma separated, in the order they are learnt; a spell must fit "
            f"your Mastery and your identity's Mana Pool to be cast. The {len(castable)} this sheet can cast: "
            + ", ".join(f"{card.name} ({card.mana_cost or card.mana_value})" for card in castable))
    attempt("memorized", "Memorised spells (from the Library)", _split,
            "Spells from the Library to memorise, comma separated (Memory limits how many)")
    return _finish(build(), attempt, build)


def _unfinished(character: Character) -> list[str]:
    """What leaves a new sheet unfinished: build points unspent, spells in the Library it can never cast."""
    from magecraft.mtg_rpg.cards import builtin_pool

    pool = builtin_pool()
    notes = [f"{character.points_left()} build points are unspent"] if character.points_left() > 0 else []
    uncastable = [n for n in character.library if not character.can_ever_cast(pool.get(n))]
    if uncastable:
        notes.append(f"cannot be cast with this Mastery and identity: {', '.join(uncastable)}")
    return notes


def _finish(character: Character, attempt: Any, build: Any) -> Character:
    """An unfinished sheet (unspent build points, spells it cannot cast) is shown and the creator chooses to
    finish it or keep it as it is; a finished one is kept at once."""
    out = console()
    while _unfinished(character):
        for note in _unfinished(character):
            out.print(escape(f"Not finished: {note}"))
        answer = options.ask_once("Keep it as it is (k), change the build points (b), the library (l), or quit")
        word = answer.strip().casefold()
        if word in ("k", "keep"):
            break
        if word in ("quit", "q"):
            raise typer.Abort() from options.QuitAtPrompt()
        if word in ("b", "l"):
            key, prompt = (("increases", "Raise stats: STAT=AMOUNT, comma separated") if word == "b" else
                           ("library", "Library: spells known, in order (comma separated)"))
            attempt(key, prompt, _increases if word == "b" else _split)
            if word == "l":
                attempt("memorized", "Memorised spells (from the Library)", _split)
            character = build()
        else:
            out.print(f"[red]{escape(repr(answer))} is not k, b, l or quit[/red]")
    return character


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
    _show(change_character(db, name, lambda character: character.award(points)), json)


@character_app.command("identity")
def character_identity(name: str, identity: Annotated[str, typer.Option("--identity", help="The new identity.")],
                       artifact_stats: Annotated[str | None, typer.Option("--artifact-stats")] = None,
                       json: JsonOption = False, db: DbOption = None) -> None:
    """Change a planeswalker's colour identity between sessions (a new source, or one given up)."""
    stats = _split(artifact_stats) if artifact_stats is not None else None
    _show(change_character(db, name, lambda character: character.with_identity(_split(identity), stats)), json)


@character_app.command("day")
def character_day(name: str,
                  life: Annotated[int | None, typer.Option("--life", help="Life now, out of combat.")] = None,
                  used: Annotated[str | None, typer.Option("--used", help="Prepared spells resolved "
                                                                          "today.")] = None,
                  forget: Annotated[str | None, typer.Option("--forget", help="Prepared spells forgotten "
                                                                                "because Memory fell.")] = None,
                  json: JsonOption = False, db: DbOption = None) -> None:
    """Record the day between battles: Life now, spells used, spells forgotten (undone by `rest`)."""
    from magecraft.planeswalker import rest as resting

    if life is None and used is None and forget is None:
        raise typer.BadParameter("give --life, --used or --forget", param_hint="--life")
    def record(character: Character) -> Character:
        if life is not None:
            character = resting.with_life(character, life)
        for spell in _split(used):
            character = resting.use(character, spell)
        for spell in _split(forget):
            character = resting.forget(character, spell)
        return character

    _show(change_character(db, name, record), json)


@app.command()
def rest(name: str,
         short: Annotated[bool, typer.Option("--short", help="Life to base; used and forgotten spells "
                                                             "prepared again.")] = False,
         extended: Annotated[bool, typer.Option("--extended", help="A short rest, and the memorised "
                                                                   "spells may be changed.")] = False,
         memorize: Annotated[str | None, typer.Option("--memorize", help="With --extended: the new "
                                                                          "memorised spells.")] = None,
         json: JsonOption = False, db: DbOption = None) -> None:
    """Rest a saved planeswalker: --short or --extended (seed 001, "Character Stats"; rulings PW30-PW31)."""
    from magecraft.planeswalker import rest as resting

    if short == extended:
        raise typer.BadParameter("choose one of --short or --extended", param_hint="--short")
    if memorize is not None and not extended:
        raise typer.BadParameter("spells are changed only after an extended rest", param_hint="--memorize")
    def rested(character: Character) -> Character:
        if short:
            return resting.short_rest(character)
        return resting.extended_rest(character, None if memorize is None else _split(memorize))

    _show(change_character(db, name, rested), json)


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
    if character.used or character.forgotten or character.life is not None:
        life = character.stats["life"] if character.life is None else character.life
        out.print(f"Today: Life {life}/{character.stats['life']}; used: "
                  f"{escape(', '.join(character.used)) or 'none'}; forgotten: "
                  f"{escape(', '.join(character.forgotten)) or 'none'}")
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
    name: Annotated[str | None, typer.Argument(help="Your planeswalker or a ready-made mage (not needed with "
                                                    "--load or --scenario).", show_default=False)] = None,
    against: Annotated[str, typer.Option("--against", help="Creatures (Ninth Edition names), comma separated.")]
        = "",
    mage: Annotated[str | None, typer.Option("--mage", help="An enemy mage: Goblin Pyromancer, Counterspell "
                                                             "Adept or Kiora the Wanderer.")] = None,
    close: Annotated[bool, typer.Option("--close", help="Begin the battle in close combat.")] = False,
    auto: Annotated[bool, typer.Option("--auto", help="The bot plays your character too.")] = False,
    party: Annotated[str | None, typer.Option("--party", help="Other player characters fighting beside NAME "
                                                              "(saved or ready-made), comma separated; "
                                                              f"'{BOT_MARK}NAME' for one the bot plays.")] = None,
    practice: Annotated[bool, typer.Option("--practice", help="A practice battle: the saved sheets keep "
                                                              "their Life and spells.")] = False,
    house_rules: HouseRulesOption = None,
    seed: SeedOption = None, dice: DiceOption = None, physical_dice: PhysicalOption = False,
    json: JsonOption = False, save: SaveOption = None, load: LoadOption = None, db: DbOption = None,
    allow_undo: AllowUndoOption = False,
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="Start from a scenario file's position (docs/scenarios): the battle as it stands.")]
        = None,
) -> None:
    """Fight creatures (and an enemy mage) turn by turn; --auto lets the bot play every side.

    NAME is a saved planeswalker, or one of the ready-made mages (e.g. "Kiora the Wanderer").
    At each decision: a number, the decision in words, or help, undo, log, save, quit.
    --save NAME saves the battle after each decision; --load NAME resumes it (and keeps saving).
    When the battle is over, each saved character's sheet records its Life and the spells it used or
    forgot (ruling PW33), unless --practice.
    """
    from magecraft.planeswalker.bot import ready_mage
    from magecraft.planeswalker.combat import Battle, creature_id, member_id

    if scenario is not None:
        clashing = given_options(name=name, against=against or None, mage=mage, close=close, party=party,
                                 house_rules=house_rules, seed=seed, dice=dice, physical_dice=physical_dice,
                                 load=load)
        if clashing:
            raise typer.BadParameter(f"a scenario sets up its own battle and dice: drop {', '.join(clashing)}",
                                     param_hint="--scenario")
        _fight_scenario(scenario, auto, json, save, db, allow_undo)
        return
    if load is not None:
        clashing = given_options(against=against or None, mage=mage, close=close, auto=auto, party=party,
                                 practice=practice, house_rules=house_rules, seed=seed, dice=dice,
                                 physical_dice=physical_dice, json=json)
        if clashing:
            raise typer.BadParameter(f"--load resumes a saved battle with its own setup and dice: drop "
                                     f"{', '.join(clashing)}")
        session = open_session(db, SYSTEM, "game", save=save, load=load)
        assert session.loaded is not None
        resumed = Battle.from_dict(session.loaded.state, ask=options.ask_die_once)
        if name is not None and resumed.fighters["you"].name != name:
            raise InputError(f"the battle saved as {load!r} is {resumed.fighters['you'].name}'s, not {name}'s")
        console().print(f"Resumed the battle saved as {escape(repr(load))}: round {resumed.round}, "
                        f"{escape(resumed.actor().label)}'s turn (the story since your last decision; type "
                        "log for the whole battle)")
        table = BattleTable.from_snapshot(resumed, session.loaded.state)
        _play_at_terminal(table, session, allow_undo, db, shown_from=resume_point(table))
        return
    if name is None:
        raise typer.BadParameter("name your planeswalker (or a ready-made mage), give --scenario FILE, or resume "
                                 "a battle with "
                                 "--load NAME", param_hint="NAME")
    if json and not auto:
        raise typer.BadParameter("--json prints a bot battle: use it with --auto", param_hint="--json")
    if allow_undo and auto:
        raise typer.BadParameter("--auto asks nothing: there is nothing to undo",
                                 param_hint="--allow-undo-after-rolls")
    creatures = _split(against)
    if not creatures and mage is None:
        raise typer.BadParameter("name at least one opponent: --against or --mage", param_hint="--against")
    members = [(other[len(BOT_MARK):].strip(), True) if other.casefold().startswith(BOT_MARK) else (other, False)
               for other in _split(party)]
    if party is not None and not members:
        raise typer.BadParameter("name the party's other characters", param_hint="--party")
    if any(not member for member, _ in members):
        raise typer.BadParameter(f"{BOT_MARK!r} is followed by a character's name", param_hint="--party")
    heroes = [_hero(db, name, ready_mage), *(_hero(db, member, ready_mage) for member, _ in members)]
    character, allies = heroes[0][0], [h for h, _ in heroes[1:]]
    # who the bot plays beside the people (ids as Battle.start gives them: p2, p3 ...)
    bots = [member_id(number) for number, (_, bot) in enumerate(members, start=2) if bot]
    # the saved sheets to record the outcome on, as read now (ready-made mages have none)
    ids = [member_id(number) for number in range(1, len(heroes) + 1)]
    sheets = {} if practice else {fid: {"name": hero.name, "revision": revision, "sheet": hero.to_dict()}
                                  for fid, (hero, revision) in zip(ids, heroes, strict=True)
                                  if revision is not None}
    settings = _house_rules(house_rules)
    rng = make_randomness(seed, dice, physical_dice)
    enemy = ready_mage(mage) if mage else None
    ranges = {creature_id(i): "close" for i in range(1, len(creatures) + 1)} if close else None
    if close and enemy is not None:
        ranges = {**(ranges or {}), "mage": "close"}
    battle = Battle.start(character, creatures, rng, enemy_mage=enemy, settings=settings, ranges=ranges,
                          party=allies)
    if auto:
        _auto(battle, db, sheets, json)
        return
    table = BattleTable(battle, bots=bots, sheets=sheets)
    _play_at_terminal(table, open_session(db, SYSTEM, "game", save=save), allow_undo, db)


def _fight_scenario(path: Path, auto: bool, json: bool, save: str | None, db: Path | None,
                    allow_undo: bool) -> None:
    """``fight --scenario FILE``: the battle from the scenario's position and dice; no sheet is recorded."""
    from magecraft.core.scenario import load_scenario, start
    from magecraft.games import registry
    from magecraft.planeswalker.combat import Battle

    game_type, battle = start(load_scenario(path), registry())
    if not isinstance(battle, Battle):
        raise InputError(f"{path} is a {game_type.name} scenario, not a Planeswalker battle")
    if json and not auto:
        raise typer.BadParameter("--json prints a bot battle: use it with --auto", param_hint="--json")
    if auto:
        _auto(battle, db, {}, json)
        return
    _play_at_terminal(BattleTable(battle), open_session(db, SYSTEM, "game", save=save), allow_undo, db)


def _auto(battle: Battle, db: Path | None, sheets: dict[str, dict[str, Any]], json: bool) -> None:
    """``--auto``: the bot plays every side to the end; the outcome is recorded on the saved sheets."""
    from magecraft.planeswalker.bot import play_out

    play_out(battle)
    recorded = record_outcome(db, battle, sheets)
    if json:
        print_json({"result": battle.result(), "sheets": recorded, "log": battle.log.to_list()})
    else:
        table = BattleTable(battle)
        out = console()
        for event in battle.log:
            line = table.event_line(event)
            if line is not None:
                out.print(line)
        out.print(f"[bold]{escape(table.ending())}[/bold]")
        _tell_recorded(recorded)


#: The mark before a party member's name that the bot plays (``--party "Jace,bot:Chandra"``).
BOT_MARK = "bot:"


def _hero(db: Path | None, name: str, ready: Any) -> tuple[Character, int | None]:
    """A saved planeswalker and the revision read, or a ready-made mage (no revision: nothing to record)."""
    try:
        return read_character(db, name)
    except MagecraftError as missing:
        try:
            return ready(name), None
        except InputError:
            raise missing from None


def record_outcome(db: Path | None, battle: Battle, sheets: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Write a finished battle's outcome on each saved character's sheet (ruling PW33), through a
    :class:`SaveSession` at the revision the sheet was read at when the battle began: a sheet changed
    meanwhile is left as its writer saved it and the outcome is kept under a new name (told)."""
    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.rest import after_battle

    if not battle.is_terminal():
        return []
    recorded = []
    for fid, entry in sheets.items():
        fighter = battle.fighters[fid]
        before = Character.from_dict(entry["sheet"])
        after = after_battle(before, life=fighter.life, cast=battle.spells_cast(fid), memory=fighter.memory)
        session = SaveSession(open_store(db), SYSTEM, "character", str(entry["name"]),
                              revision=int(entry["revision"]))
        try:
            message = session.save({"character": after.to_dict()})
        except MagecraftError as exc:
            message = str(exc)
        recorded.append({"name": after.name, "saved_as": session.name, "life": after.stats["life"]
                         if after.life is None else after.life, "used": list(after.used),
                         "forgotten": list(after.forgotten), "message": message})
    return recorded


def _tell_recorded(recorded: list[dict[str, Any]]) -> None:
    out = console()
    for entry in recorded:
        out.print(f"Recorded on {escape(entry['name'])}'s sheet: Life {entry['life']}; used today: "
                  f"{escape(', '.join(entry['used'])) or 'none'}; forgotten: "
                  f"{escape(', '.join(entry['forgotten'])) or 'none'}. {escape(entry['message'])}")


def resume_point(table: BattleTable) -> int:
    """Where a resumed battle's story starts, as the other systems resume: the last decision a person at
    this keyboard made, so the events since (the bots' turns, the rolls) are shown again."""
    people = {fid for fid in heroes(table.battle).values() if fid not in table.view.bots}
    chosen = [i for i, event in enumerate(table.battle.log)
              if event.kind == "action" and event.data.get("by") in people]
    return chosen[-1] if chosen else 0


def _play_at_terminal(table: BattleTable, session: SaveSession, allow_undo: bool, db: Path | None,
                      shown_from: int = 0) -> None:
    """Play at the shared loop; its saver is the command's session (one save path: kind "game").  A battle
    played to its end is recorded on the saved characters' sheets exactly once (issue 25 item 3): the saved
    battle then says so, and reopening it records nothing again."""
    ending = PlayLoop(table, session, allow_undo_after_rolls=allow_undo, shown_from=shown_from).run()
    if ending in (Ending.VIEWED, Ending.LEFT):
        return
    if table.battle.is_terminal() and table.view.recorded:
        if table.view.sheets:
            console().print("This battle's result was recorded on the sheets when it ended; nothing is "
                            "recorded again.")
    elif table.battle.is_terminal():
        _tell_recorded(record_outcome(db, table.battle, table.view.sheets))
        table.view.recorded = True
        if session.name is not None:
            session.save(table.snapshot())
    if ending.status:
        raise typer.Exit(ending.status)


# -- the battle at the terminal ------------------------------------------------------------------

#: ``Action.amount`` of the menu's "channel excess mana" line: the amount is asked next (never applied).
ASK_EXCESS = -1

#: The headings a decision is listed under, by its kind (the rule book's phases and actions).
HEADINGS = {"channel": "Channel", "delay": "Delay", "release": "Release", "command": "Command",
            "order_move": "Order", "order_engage": "Order", "order_ability": "Order", "done": "Order",
            "ability": "Ability", "activate": "Activate", "move": "Move", "engage": "Engage",
            "cast": "Cast", "flee": "Flee", "end": "End", "respond": "Answer", "pass": "Pass",
            "intercept": "Intercept", "allow": "Intercept", "trample_engage": "Trample",
            "trample_move": "Trample", "forget": "Forget"}


class BattleView(GameView["Action"]):
    """A Planeswalker battle's own at the terminal: each player character a person (by name) unless the bot
    plays it, the decisions in the words of "Combat Mechanics" in the phases' order, how much excess mana is
    asked next, the board from the viewer's character, another mage's forgetting kept hidden, and who the
    bot plays and the sheets to record on saved beside the battle."""

    save_stem = "fight"
    resume_command = "planeswalker fight --load {name}"

    def __init__(self, bots: list[str], sheets: dict[str, dict[str, Any]], recorded: bool) -> None:
        #: party members (by id) the bot plays beside the people at the keyboard
        self.bots = bots
        #: the saved sheets (by id) to record the outcome on: name, revision read and the sheet then
        self.sheets = sheets
        #: whether the outcome is on the sheets already (saved with the battle, so it is written once)
        self.recorded = recorded

    def seat(self, table: GameTable[Action], seat: str | None) -> str | None:
        names = {i: name for name, i in heroes(table.state).items()}
        return names.get(seat, seat) if seat is not None else None

    def extras(self, table: GameTable[Action]) -> dict[str, Any]:
        # "recorded" only once it is so: a battle saved before it existed reads back unchanged (no revision)
        kept: dict[str, Any] = {"bots": list(self.bots), "sheets": self.sheets}
        if self.recorded:
            kept["recorded"] = True
        return {"table": kept}

    def restore(self, table: GameTable[Action], snapshot: dict[str, Any]) -> Battle:
        from magecraft.planeswalker.combat import Battle

        # typed dice are rebuilt asking at the terminal (the loop routes them to its own prompt)
        return Battle.from_dict(snapshot, ask=options.ask_die_once)

    def bot_action(self, table: GameTable[Action], player: str) -> Action:
        from magecraft.planeswalker.bot import choose

        return choose(table.state)

    def menu(self, table: GameTable[Action], player: str) -> Menu[Action]:
        from magecraft.planeswalker.actions import Channel

        battle: Battle = table.state
        legal = battle.legal_actions()
        choices = [Choice(decision_label(battle, action), action, _heading(action)) for action in legal
                   if not (action.kind == "channel" and action.amount > 0)]
        for draw in (False, True):
            if any(a.kind == "channel" and a.draw == draw and a.amount > 0 for a in legal):
                # one line for every amount of excess mana: the amount is asked next (complete)
                ask = Channel(amount=ASK_EXCESS, draw=draw)
                plain = decision_label(battle, Channel(draw=draw))
                label = f"{plain} with excess mana (how much is asked next)"
                choices.append(Choice(label, ask, _heading(ask)))
        choices.sort(key=lambda choice: _ORDER.index(choice.action.kind))
        by_label = {choice.label.casefold(): choice.action for choice in choices}

        def typed(answer: str) -> Action | None:
            said = by_label.get(" ".join(answer.split()).casefold())
            if said is not None:
                return said
            try:
                return battle.parse_action(answer)  # the decision's words (Battle.action_text)
            except RuleError:
                return None

        actor = battle.actor()
        whose = "your" if actor.id == _fid(battle, player) else f"{actor.label}'s"
        title = f"Round {battle.round}, {whose} turn, {_PHASE_WORDS.get(battle.phase, battle.phase)}. You may:"
        return Menu(title, choices, prompt="Your decision",
                    typed=typed,
                    typed_help="the decision in words, e.g. 'channel' or 'cast Shock at c1'")

    def complete(self, table: GameTable[Action], loop: PlayLoop[Action], player: str, action: Action) -> Action:
        """Channelling: how much excess mana, asked only when the person chose to channel some."""
        from magecraft.planeswalker.actions import Channel

        if not isinstance(action, Channel) or action.amount != ASK_EXCESS:
            return action
        most = max(a.amount for a in table.state.legal_actions() if a.kind == "channel" and a.draw == action.draw)
        while True:
            answer = loop.ask(f"How much excess mana, 1-{most} (Mana Burn at the End Phase if unspent)",
                              lines=(f"a number 1-{most}: the excess mana channelled beyond your Mana Pool",))
            amount = options.whole_number(answer) if answer.isdecimal() else None
            if amount is not None and 1 <= amount <= most:
                return Channel(amount=amount, draw=action.draw)
            console().print(f"[red]{escape(repr(answer))} is not one of 1-{most}[/red]")

    def render(self, table: GameTable[Action], viewer: str | None) -> list[RenderableType]:
        """The board seen from ``viewer``'s character; with no viewer (the hot seat's last screen) no
        one's Memory is shown."""
        fid = _fid(table.state, viewer)
        board: list[RenderableType] = [battle_table(table.state, fid)]
        return board if fid is None else [*board, _your_panel(table.state, fid)]

    def event_line(self, table: GameTable[Action], event: Event) -> str | None:
        return event_line(event)

    def visible(self, table: GameTable[Action], event: Event, viewer: str | None) -> bool:
        """What :meth:`Battle.observation` hides stays hidden: another mage forgetting a spell would name a
        spell of its Memory."""
        if event.kind == "action" and event.data.get("by") not in (_fid(table.state, viewer), None):
            return not str(event.data.get("action", "")).startswith("forget ")
        return visible_by_default(event, viewer)

    def ending(self, table: GameTable[Action]) -> str:
        result = table.state.result()
        winner = {"party": "you win", "foes": "your foes win"}.get(str(result["winner"]), "no one wins")
        return f"Battle over after {result['rounds']} rounds: {result['reason']} ({winner})."


def heroes(battle: Battle) -> dict[str, str]:
    """Each player character's name and id in the battle (names are unique in a party)."""
    from magecraft.planeswalker.combat import PARTY

    return {f.name: f.id for f in battle.fighters.values()
            if f.side == PARTY and f.is_mage and f.controller is None}


def _fid(battle: Battle, person: str | None) -> str | None:
    return None if person is None else heroes(battle).get(person, person)


class BattleTable(GameTable["Action"]):
    """Your planeswalker's battle at the play loop's prompt: you decide among ``battle.legal_actions()``;
    creatures and the enemy mage play by the documented bot (seed 001, "Combat Mechanics"; bot.py).  Every
    player character at this keyboard is a person, by name (a party plays in the hot seat, PW32), but the
    party members marked for the bot."""

    state: Battle
    view: BattleView

    def __init__(self, battle: Battle, *, bots: list[str] | None = None,
                 sheets: dict[str, dict[str, Any]] | None = None, recorded: bool = False) -> None:
        view = BattleView(list(bots or []), dict(sheets or {}), recorded)
        super().__init__(battle, view,
                         people=[name for name, fid in heroes(battle).items() if fid not in view.bots])

    @property
    def battle(self) -> Battle:
        return self.state

    @classmethod
    def from_snapshot(cls, battle: Battle, saved: dict[str, Any]) -> BattleTable:
        """A resumed battle's table: who the bot plays and the sheets to record on, as saved beside it."""
        table = saved.get("table") or {}
        try:
            bots = [str(b) for b in table.get("bots", [])]
            sheets = {str(k): dict(v) for k, v in dict(table.get("sheets", {})).items()}
        except (TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"a saved battle's table is malformed ({exc})") from None
        if not set(bots) | set(sheets) <= set(battle.fighters):
            raise DataError("a saved battle's table names fighters not in the battle")
        return cls(battle, bots=bots, sheets=sheets, recorded=table.get("recorded") is True)


_PHASE_WORDS = {"channelling": "Channelling Phase", "upkeep": "Upkeep Phase", "main": "Main Phase",
                "commanding": "commanding creatures", "response": "a spell or command may be answered",
                "intercept": "an attack may be intercepted", "trample": "Trample: an immediate move",
                "forget": "End Phase: forget down to half your Memory"}


#: The order of the menu: the phases' decisions as "Combat Mechanics" lists them.
_ORDER = tuple(HEADINGS)


def _heading(action: Action) -> tuple[str, ...]:
    heading = HEADINGS[action.kind]
    if action.kind in ("cast", "respond"):
        return (heading, action.card)
    if action.kind in ("order_move", "order_engage", "order_ability"):
        return (heading, action.creature)
    return (heading,)


def decision_label(battle: Battle, action: Action) -> str:
    """A decision in the words of "Combat Mechanics": ``Cast Shock at Grizzly Bears (c1)``."""
    def who(fid: str) -> str:
        fighter = battle.fighters.get(fid)
        return fighter.label if fighter is not None else fid

    kind = action.kind
    if kind == "channel":
        parts = ["Channel mana"]
        if action.draw:
            parts.append("and draw the next Library spell into Memory")
        if action.amount:
            parts.append(f"with {action.amount} excess mana (Mana Burn if unspent)")
        return " ".join(parts)
    if kind == "delay":
        return f"Delay your turn until after {who(action.target)}"
    if kind == "release":
        return f"Release {who(action.target) if action.target else action.card} (Upkeep beyond Focus)"
    if kind in ("cast", "respond"):
        verb = "Cast" if kind == "cast" else "Answer with"
        return f"{verb} {action.card}" + (f" at {who(action.target)}" if action.target else "")
    if kind in ("move", "order_move", "trample_move"):
        mover = action.creature or (battle.trample if kind == "trample_move" else None) or battle.actor().id
        now = battle.range_between(mover, action.target)
        where = "ranged" if now == "close" else "close"
        prefix = f"{who(action.creature)}: m" if kind == "order_move" else "M"
        return f"{prefix}ove to {where} combat with {who(action.target)}"
    if kind in ("engage", "order_engage", "trample_engage"):
        prefix = f"{who(action.creature)}: e" if kind == "order_engage" else "E"
        return f"{prefix}ngage {who(action.target)} in locked combat"
    if kind in ("order_ability", "ability"):
        from magecraft.planeswalker.book import using
        from magecraft.planeswalker.effects import abilities

        creature = battle.fighters[action.creature]
        with using(battle.book):  # the battle's own spells too (a creature its position defined)
            text = abilities(creature.card or creature.name)[int(action.card)].text
        prefix = f"{who(action.creature)}: use" if kind == "order_ability" else "Use"
        return f"{prefix} {text!r}" + (f" at {who(action.target)}" if action.target else "")
    if kind == "activate":  # a kept artifact's or enchantment's ability (ruling PW43)
        from magecraft.planeswalker.book import using
        from magecraft.planeswalker.effects import abilities

        with using(battle.book):
            text = abilities(action.card)[action.amount].text
        return f"Use {action.card}: {text!r}" + (f" at {who(action.target)}" if action.target else "")
    if kind == "intercept":
        return f"Intercept with {who(action.target)}"
    if kind == "forget":
        return f"Forget {action.card}"
    return {"command": "Command your creatures (before any other action)", "done": "Done commanding",
            "flee": "Flee (escape if you take under 5 damage and are not engaged by your next turn)",
            "end": "End your turn", "pass": "Pass", "allow": "Let the attack through"}[kind]


def battle_table(battle: Battle, viewer: str | None) -> Table:
    """Who stands where: each combatant with its range to you (the viewer's character, or the first when
    no one views; close or ranged), Power/Toughness and Life; a mage's Memory and Library are shown only
    to that mage (as :meth:`Battle.observation` hides them)."""
    from magecraft.planeswalker.combat import YOU

    you = viewer if viewer in battle.fighters and battle.fighters[viewer].player else YOU
    table = Table(title=f"Round {battle.round}, turn order: {', '.join(battle.order)}; range: to you",
                  title_justify="left")
    for column in ("", "combatant", "side", "range", "P/T", "Life", "notes"):
        table.add_column(column)
    for fighter in battle.fighters.values():
        if not fighter.active:
            continue
        notes = [*fighter.keywords]
        if fighter.sick:
            notes.append("summoning sick")
        if fighter.controller:
            notes.append(f"summoned by {battle.fighters[fighter.controller].label}")
        if fighter.fleeing:
            notes.append("fleeing")
        if fighter.tapped:
            notes.append("tapped")
        if fighter.poison:
            notes.append(f"poison {fighter.poison}")
        if fighter.is_mage and fighter.id != viewer:
            notes.append(f"Memory {len(fighter.memory)}, Library {len(fighter.library)}")
        where = "-" if fighter.id == you else battle.range_between(you, fighter.id) or "ally"
        acting = "▶" if battle.order and fighter.id == battle.order[battle.turn % len(battle.order)] else ""
        table.add_row(acting, escape(fighter.label), fighter.side, where, f"{fighter.power}/{fighter.toughness}",
                      str(fighter.life), escape(", ".join(notes)))
    return table


def _your_panel(battle: Battle, viewer: str) -> str:
    you = battle.fighters[viewer]
    mana = " ".join(f"{k}:{v}" for k, v in you.mana.items() if v) or "empty"
    capacity = " ".join(f"{k}:{v}" for k, v in you.capacity.items() if v)
    acting = battle.phase == "main" and battle.actor().id == you.id
    left = f"; actions left {battle.actions_left} (Speed {you.speed})" if acting else ""
    return (f"{escape(you.name)}: Life {you.life}; mana {mana} (Mana Pool {capacity}){left}\n"
            f"Memory ({len(you.memory)} held, {you.memory_limit()} kept at End Phase): "
            f"{escape(', '.join(you.memory)) or 'empty'}; Library: {len(you.library)} spells")


#: Decisions that leave no event of their own: the log tells them by the decision itself.
_TOLD_BY_THEIR_ACTION = frozenset({"delay", "release", "forget", "pass", "allow"})


def event_line(event: Event) -> str | None:
    """A battle event in words: rolls dim with their value, strikes with attack, defence and damage."""
    if event.kind == "roll":
        return f"  [dim]{escape(event.label)}: rolled {event.data['value']}[/dim]"
    if event.kind == "strike":
        d = event.data
        return (f"  {escape(event.label)}: {d['attack']} against {d['defence']}, {d['damage']} damage "
                f"(Life {d['life']})")
    if event.kind == "turn":
        return f"[bold]── {escape(event.label)} (round {event.data.get('round')}) ──[/bold]"
    if event.kind == "action":
        # most actions are told by the events they cause; these cause none
        text = str(event.data.get("action", ""))
        if text.split(" ", 1)[0] in _TOLD_BY_THEIR_ACTION:
            return f"  [dim]{escape(str(event.data.get('by')))}: {escape(text)}[/dim]"
        return None
    if event.kind == "battle over":
        return f"[bold]{escape(event.label)}[/bold]"
    if event.kind == "randomness":
        return None
    return f"  {escape(event.label)}"
