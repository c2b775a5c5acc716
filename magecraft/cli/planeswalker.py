"""`magecraft planeswalker`: the Planeswalker RPG (1d4chan's MtG RPG, seed 001) -- the command group.

This module holds the commands: ``character`` (new, show, award, identity, day), ``rest``, ``check`` and
``fight``, with what ``fight`` does around the battle: setting it up from the options, ``--load`` and
``--scenario`` and ``--auto``.  The battle at the terminal (:class:`~magecraft.cli.planeswalker_table.BattleTable`
on the shared play loop) and recording its outcome on the saved sheets (ruling PW33) are
:mod:`magecraft.cli.planeswalker_table`; a sheet's saving, creation prompts and drawing are
:mod:`magecraft.cli.planeswalker_sheet`; the battle's decisions, board and events in words are
:mod:`magecraft.cli.planeswalker_board`.  All of them, and the engines, are imported inside the commands, so
the group's and every command's help load no rules (issue 23 item 5).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from magecraft.cli import options
from magecraft.cli.markup import escape
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
    print_json,
)
from magecraft.core.errors import InputError, MagecraftError

if TYPE_CHECKING:

    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.combat import Battle
    from magecraft.planeswalker.settings import Settings


def __getattr__(name: str) -> Any:
    """``BattleTable``, importable from here as before, loaded on first use (PEP 562): it brings the play loop."""
    if name == "BattleTable":
        from magecraft.cli.planeswalker_table import BattleTable

        return BattleTable
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


app = typer.Typer(help="Planeswalker RPG: characters, dice-pool skills and zone combat.", no_args_is_help=True)
character_app = typer.Typer(help="Create, show and advance planeswalkers.", no_args_is_help=True)
app.add_typer(character_app, name="character")

#: The mark before a party member's name that the bot plays (``--party "Jace,bot:Chandra"``).
BOT_MARK = "bot:"

HouseRulesOption = Annotated[Path | None, typer.Option(
    "--house-rules", help="A TOML file of house rules (docs/rulings.md, Planeswalker RPG).")]
NameArgument = Annotated[str | None, typer.Argument(help="The planeswalker's name (asked when left out).")]
IdentityOption = Annotated[str | None, typer.Option(
    "--identity", help="Up to three identity sources: W,U,B,R,G or A (Artifact), e.g. W,U,B.")]
RaceOption = Annotated[str | None, typer.Option("--race", help="Race (see planeswalker/data/races.toml).")]
RaiseOption = Annotated[str | None, typer.Option(
    "--raise", help="Build points spent: STAT=POINTS,... e.g. mastery=1,power=2,speed=1.")]
KeywordsOption = Annotated[str | None, typer.Option("--keywords", help="Keyword abilities bought, e.g. Flying.")]
ArtifactStatsOption = Annotated[str | None, typer.Option(
    "--artifact-stats", help="The stat each Artifact identity raises: power, toughness or life.")]
ArtifactManaOption = Annotated[str, typer.Option(
    "--artifact-mana", help="Artifact mana: 'colorless' (1) or 'artifacts' (2, artifact spells only).")]
SpellsOption = Annotated[str | None, typer.Option("--spells", help="The Library, in order: card names.")]
MemorizeOption = Annotated[str | None, typer.Option("--memorize", help="Memorised spells (from the Library).")]
FighterArgument = Annotated[str | None, typer.Argument(
    help="Your planeswalker or a ready-made mage (not needed with --load or --scenario).", show_default=False)]
AgainstOption = Annotated[str, typer.Option("--against", help="Creatures (Ninth Edition names), comma separated.")]
EnemyMageOption = Annotated[str | None, typer.Option(
    "--mage", help="An enemy mage: Goblin Pyromancer, Counterspell Adept or Kiora the Wanderer.")]
CloseOption = Annotated[bool, typer.Option("--close", help="Begin the battle in close combat.")]
AutoOption = Annotated[bool, typer.Option("--auto", help="The bot plays your character too.")]
PartyOption = Annotated[str | None, typer.Option(
    "--party", help="Other player characters fighting beside NAME (saved or ready-made), comma separated; "
                    f"'{BOT_MARK}NAME' for one the bot plays.")]
PracticeOption = Annotated[bool, typer.Option(
    "--practice", help="A practice battle: the saved sheets keep their Life and spells.")]
ScenarioOption = Annotated[Path | None, typer.Option(
    "--scenario", help="Start from a scenario file's position (docs/scenarios): the battle as it stands.")]


def _house_rules(path: Path | None) -> Settings:
    from magecraft.core.settings import load_settings
    from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings

    return DEFAULT_SETTINGS if path is None else load_settings(Settings, path)


# -- character ---------------------------------------------------------------------------------


@character_app.command("new")
def character_new(name: NameArgument = None, identity: IdentityOption = None, race: RaceOption = None,
                  raise_: RaiseOption = None, keywords: KeywordsOption = None,
                  artifact_stats: ArtifactStatsOption = None, artifact_mana: ArtifactManaOption = "colorless",
                  spells: SpellsOption = None, memorize: MemorizeOption = None, json: JsonOption = False,
                  db: DbOption = None) -> None:
    """Create a planeswalker: fully by options, or asked for step by step (each answer checked)."""
    from magecraft.cli.planeswalker_sheet import (
        ask_character,
        comma_list,
        parse_increases,
        show_sheet,
        store_character,
    )
    from magecraft.planeswalker.character import Character

    interactive = name is None or identity is None
    if interactive:
        character = ask_character(name)
    else:
        assert name is not None and identity is not None
        character = Character.create(name, identity=comma_list(identity), race=race or "Human",
                                     increases=parse_increases(raise_), keywords=comma_list(keywords),
                                     artifact_stats=comma_list(artifact_stats),
                                     artifact_mana=artifact_mana, library=comma_list(spells),
                                     memorized=comma_list(memorize))
    store_character(db, character)
    show_sheet(character, json)


@character_app.command("show")
def character_show(name: str, json: JsonOption = False, db: DbOption = None) -> None:
    """Show a saved planeswalker's sheet, with the seed's advice it does not follow."""
    from magecraft.cli.planeswalker_sheet import load_character, show_sheet
    show_sheet(load_character(db, name), json)


@character_app.command("award")
def character_award(name: str, points: Annotated[int, typer.Option("--points", help="Build points awarded.")] = 3,
                    json: JsonOption = False, db: DbOption = None) -> None:
    """Award build points between sessions (the seed recommends about three a session)."""
    from magecraft.cli.planeswalker_sheet import change_character, show_sheet
    show_sheet(change_character(db, name, lambda character: character.award(points)), json)


@character_app.command("identity")
def character_identity(name: str, identity: Annotated[str, typer.Option("--identity", help="The new identity.")],
                       artifact_stats: Annotated[str | None, typer.Option("--artifact-stats")] = None,
                       json: JsonOption = False, db: DbOption = None) -> None:
    """Change a planeswalker's colour identity between sessions (a new source, or one given up)."""
    from magecraft.cli.planeswalker_sheet import change_character, comma_list, show_sheet
    stats = comma_list(artifact_stats) if artifact_stats is not None else None
    changed = change_character(db, name, lambda character: character.with_identity(comma_list(identity), stats))
    show_sheet(changed, json)


@character_app.command("day")
def character_day(name: str,
                  life: Annotated[int | None, typer.Option("--life", help="Life now, out of combat.")] = None,
                  used: Annotated[str | None, typer.Option("--used", help="Prepared spells resolved "
                                                                          "today.")] = None,
                  forget: Annotated[str | None, typer.Option("--forget", help="Prepared spells forgotten "
                                                                                "because Memory fell.")] = None,
                  json: JsonOption = False, db: DbOption = None) -> None:
    """Record the day between battles: Life now, spells used, spells forgotten (undone by `rest`)."""
    from magecraft.cli.planeswalker_sheet import change_character, comma_list, show_sheet
    from magecraft.planeswalker import rest as resting

    if life is None and used is None and forget is None:
        raise typer.BadParameter("give --life, --used or --forget", param_hint="--life")
    def record(character: Character) -> Character:
        if life is not None:
            character = resting.with_life(character, life)
        for spell in comma_list(used):
            character = resting.use(character, spell)
        for spell in comma_list(forget):
            character = resting.forget(character, spell)
        return character

    show_sheet(change_character(db, name, record), json)


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
    from magecraft.cli.planeswalker_sheet import change_character, comma_list, show_sheet
    from magecraft.planeswalker import rest as resting

    if short == extended:
        raise typer.BadParameter("choose one of --short or --extended", param_hint="--short")
    if memorize is not None and not extended:
        raise typer.BadParameter("spells are changed only after an extended rest", param_hint="--memorize")
    def rested(character: Character) -> Character:
        if short:
            return resting.short_rest(character)
        return resting.extended_rest(character, None if memorize is None else comma_list(memorize))

    show_sheet(change_character(db, name, rested), json)


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
    from magecraft.cli.planeswalker_sheet import load_character
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


@dataclass(frozen=True)
class NewBattle:
    """What ``fight`` was given to set up a new battle: the opponents, the party, the house rules, the dice."""

    against: str
    mage: str | None
    close: bool
    party: str | None
    practice: bool
    house_rules: Path | None
    seed: int | None
    dice: str | None
    physical_dice: bool


@app.command()
def fight(name: FighterArgument = None, against: AgainstOption = "", mage: EnemyMageOption = None,
          close: CloseOption = False, auto: AutoOption = False, party: PartyOption = None,
          practice: PracticeOption = False, house_rules: HouseRulesOption = None, seed: SeedOption = None,
          dice: DiceOption = None, physical_dice: PhysicalOption = False, json: JsonOption = False,
          save: SaveOption = None, load: LoadOption = None, db: DbOption = None,
          allow_undo: AllowUndoOption = False, scenario: ScenarioOption = None) -> None:
    """Fight creatures (and an enemy mage) turn by turn; --auto lets the bot play every side.

    NAME is a saved planeswalker, or one of the ready-made mages (e.g. "Kiora the Wanderer").
    At each decision: a number, the decision in words, or help, undo, log, save, quit.
    --save NAME saves the battle after each decision; --load NAME resumes it (and keeps saving).
    When the battle is over, each saved character's sheet records its Life and the spells it used or
    forgot (ruling PW33), unless --practice.
    """
    if scenario is not None:
        _refuse_given("a scenario sets up its own battle and dice", "--scenario", name=name,
                      against=against or None, mage=mage, close=close, party=party, house_rules=house_rules,
                      seed=seed, dice=dice, physical_dice=physical_dice, load=load)
        _fight_scenario(scenario, auto, json, save, db, allow_undo)
    elif load is not None:
        _refuse_given("--load resumes a saved battle with its own setup and dice", None, against=against or None,
                      mage=mage, close=close, auto=auto, party=party, practice=practice, house_rules=house_rules,
                      seed=seed, dice=dice, physical_dice=physical_dice, json=json)
        _resume_fight(name, load, save, db, allow_undo)
    else:
        setup = NewBattle(against, mage, close, party, practice, house_rules, seed, dice, physical_dice)
        _fight_new(name, setup, auto, json, save, db, allow_undo)


def _refuse_given(why: str, option: str | None, **given: object) -> None:
    """Options a scenario or a saved battle would ignore are refused, naming them all."""
    clashing = given_options(**given)
    if clashing:
        raise typer.BadParameter(f"{why}: drop {', '.join(clashing)}", param_hint=option)


def _resume_fight(name: str | None, load: str, save: str | None, db: Path | None, allow_undo: bool) -> None:
    """``fight --load NAME``: the saved battle resumed at the terminal, its story since the last decision shown."""
    from magecraft.cli.planeswalker_sheet import SYSTEM
    from magecraft.cli.planeswalker_table import BattleTable, play_at_terminal, resume_point
    from magecraft.cli.sessions import open_session
    from magecraft.planeswalker.combat import Battle

    session = open_session(db, SYSTEM, "game", save=save, load=load)
    assert session.loaded is not None
    resumed = Battle.from_dict(session.loaded.state, ask=options.ask_die_once)
    if name is not None and resumed.fighters["you"].name != name:
        raise InputError(f"the battle saved as {load!r} is {resumed.fighters['you'].name}'s, not {name}'s")
    console().print(f"Resumed the battle saved as {escape(repr(load))}: round {resumed.round}, "
                    f"{escape(resumed.actor().label)}'s turn (the story since your last decision; type "
                    "log for the whole battle)")
    table = BattleTable.from_snapshot(resumed, session.loaded.state)
    play_at_terminal(table, session, allow_undo, db, shown_from=resume_point(table))


def _fight_new(name: str | None, setup: NewBattle, auto: bool, json: bool, save: str | None, db: Path | None,
               allow_undo: bool) -> None:
    """A new battle from the options: the bot plays it out (``--auto``) or it is played at the terminal."""
    from magecraft.cli.planeswalker_sheet import SYSTEM, comma_list
    from magecraft.cli.planeswalker_table import BattleTable, play_at_terminal
    from magecraft.cli.sessions import open_session
    if name is None:
        raise typer.BadParameter("name your planeswalker (or a ready-made mage), give --scenario FILE, or resume "
                                 "a battle with "
                                 "--load NAME", param_hint="NAME")
    if json and not auto:
        raise typer.BadParameter("--json prints a bot battle: use it with --auto", param_hint="--json")
    if allow_undo and auto:
        raise typer.BadParameter("--auto asks nothing: there is nothing to undo",
                                 param_hint="--allow-undo-after-rolls")
    creatures = comma_list(setup.against)
    if not creatures and setup.mage is None:
        raise typer.BadParameter("name at least one opponent: --against or --mage", param_hint="--against")
    battle, bots, sheets = _start_battle(name, creatures, _party_members(setup.party), setup, db)
    if auto:
        _auto(battle, db, sheets, json)
        return
    table = BattleTable(battle, bots=bots, sheets=sheets)
    play_at_terminal(table, open_session(db, SYSTEM, "game", save=save), allow_undo, db)


def _party_members(party: str | None) -> list[tuple[str, bool]]:
    """``--party "Jace,bot:Chandra"`` -> ``[("Jace", False), ("Chandra", True)]`` (True: the bot plays it)."""
    from magecraft.cli.planeswalker_sheet import comma_list
    members = [(other[len(BOT_MARK):].strip(), True) if other.casefold().startswith(BOT_MARK) else (other, False)
               for other in comma_list(party)]
    if party is not None and not members:
        raise typer.BadParameter("name the party's other characters", param_hint="--party")
    if any(not member for member, _ in members):
        raise typer.BadParameter(f"{BOT_MARK!r} is followed by a character's name", param_hint="--party")
    return members


def _start_battle(name: str, creatures: list[str], members: list[tuple[str, bool]], setup: NewBattle,
                  db: Path | None) -> tuple[Battle, list[str], dict[str, dict[str, Any]]]:
    """The battle started, who the bot plays beside the people, and the saved sheets to record it on."""
    from magecraft.planeswalker.bot import ready_mage
    from magecraft.planeswalker.combat import Battle, creature_id, member_id

    read = [_hero(db, name, ready_mage), *(_hero(db, member, ready_mage) for member, _ in members)]
    character, allies = read[0][0], [h for h, _ in read[1:]]
    # who the bot plays beside the people (ids as Battle.start gives them: p2, p3 ...)
    bots = [member_id(number) for number, (_, bot) in enumerate(members, start=2) if bot]
    # the saved sheets to record the outcome on, as read now (ready-made mages have none)
    ids = [member_id(number) for number in range(1, len(read) + 1)]
    sheets = {} if setup.practice else {fid: {"name": hero.name, "revision": revision, "sheet": hero.to_dict()}
                                        for fid, (hero, revision) in zip(ids, read, strict=True)
                                        if revision is not None}
    settings = _house_rules(setup.house_rules)
    rng = make_randomness(setup.seed, setup.dice, setup.physical_dice)
    enemy = ready_mage(setup.mage) if setup.mage else None
    ranges = {creature_id(i): "close" for i in range(1, len(creatures) + 1)} if setup.close else None
    if setup.close and enemy is not None:
        ranges = {**(ranges or {}), "mage": "close"}
    battle = Battle.start(character, creatures, rng, enemy_mage=enemy, settings=settings, ranges=ranges,
                          party=allies)
    return battle, bots, sheets


def _fight_scenario(path: Path, auto: bool, json: bool, save: str | None, db: Path | None,
                    allow_undo: bool) -> None:
    """``fight --scenario FILE``: the battle from the scenario's position and dice; no sheet is recorded."""
    from magecraft.cli.planeswalker_sheet import SYSTEM
    from magecraft.cli.planeswalker_table import BattleTable, play_at_terminal
    from magecraft.cli.sessions import open_session
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
    play_at_terminal(BattleTable(battle), open_session(db, SYSTEM, "game", save=save), allow_undo, db)


def _auto(battle: Battle, db: Path | None, sheets: dict[str, dict[str, Any]], json: bool) -> None:
    """``--auto``: the bot plays every side to the end; the outcome is recorded on the saved sheets."""
    from magecraft.cli.planeswalker_table import BattleTable, record_outcome, tell_recorded
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
        tell_recorded(recorded)




def _hero(db: Path | None, name: str, ready: Any) -> tuple[Character, int | None]:
    """A saved planeswalker and the revision read, or a ready-made mage (no revision: nothing to record)."""
    from magecraft.cli.planeswalker_sheet import read_character
    try:
        return read_character(db, name)
    except MagecraftError as missing:
        try:
            return ready(name), None
        except InputError:
            raise missing from None
