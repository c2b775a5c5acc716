"""``magecraft mtg-rpg world``: World Campaigning at the terminal -- new worlds, seasons, sheets, the chronicle.

Every world lives in the save store (system ``mtg_rpg``, kind ``campaign``).  A season the realms play
by themselves is one save; a season with realms ruled at the table is played through the shared play
loop (:mod:`magecraft.cli.playloop`: help, undo, log, save and quit at every prompt) and saved after each
choice, so ``world season NAME`` resumes a season stopped half-way (the earlier revisions stay in
``saves history``).  The rules are in :mod:`magecraft.mtg_rpg.world`; this module parses, asks and renders.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from magecraft.cli.mtg_rpg_world_sheets import diplomacy_table, hex_map, sheets_table
from magecraft.cli.options import (
    AllowUndoOption,
    DbOption,
    DiceOption,
    JsonOption,
    PhysicalOption,
    SeedOption,
    ask_die_once,
    console,
    given_options,
    make_randomness,
    print_json,
)
from magecraft.core.errors import InputError

if TYPE_CHECKING:

    from magecraft.cli.sessions import SaveSession
    from magecraft.core.randomness import Randomness
    from magecraft.mtg_rpg.world.campaign import World
    from magecraft.mtg_rpg.world.rules import WorldSettings

SYSTEM = "mtg_rpg"
KIND = "campaign"
#: More seasons than this in one command is surely a typo.
MOST_SEASONS = 10_000

app = typer.Typer(
    help="World Campaigning: realms that run themselves, season by season, on a hex map.", no_args_is_help=True
)

def __getattr__(name: str) -> Any:
    """``WorldTable``, importable from here as before, loaded on first use (PEP 562): it brings the play loop."""
    if name == "WorldTable":
        from magecraft.cli.mtg_rpg_world_table import WorldTable

        return WorldTable
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


NameArg = Annotated[str, typer.Argument(help="The world's save name.")]


def _read(db: Path | None, name: str) -> World:
    """A saved world for a command that only reads it (nothing is created or written)."""
    from magecraft.cli.sessions import read_state
    from magecraft.mtg_rpg.world.campaign import World

    return World.from_dict(read_state(db, SYSTEM, KIND, name), ask=ask_die_once)


def _open(db: Path | None, name: str) -> tuple[SaveSession, World]:
    """A saved world and the session that saves it back at the revision it was read."""
    from magecraft.cli.sessions import resume_session
    from magecraft.mtg_rpg.world.campaign import World

    session, state = resume_session(db, SYSTEM, KIND, name)
    return session, World.from_dict(state, ask=ask_die_once)


def _dice_for(world: World, seed: int | None, dice: str | None, physical: bool) -> None:
    """Continue the world's own dice unless the command names others (the log goes on either way)."""
    if given_options(seed=seed, dice=dice, physical_dice=physical):
        fresh = make_randomness(seed, dice, physical)
        fresh.log = world.rng.log
        world.rng = fresh


@app.command("new")
def new(
    name: NameArg,
    sample: Annotated[
        bool, typer.Option("--sample", help="The shipped sample world (Harloon and three more).")
    ] = False,
    generate: Annotated[int | None, typer.Option("--generate", help="A random world of N realms (2-40).")] = None,
    map_file: Annotated[Path | None, typer.Option("--map", help="A world file (JSON: hexes and realms).")] = None,
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="A scenario file's position, its [[play]] steps played (docs/scenarios): "
                           "`world season NAME` plays on from there.")] = None,
    table: Annotated[
        str | None, typer.Option("--table", help="Realms ruled at the table, e.g. 'Harloon'.")
    ] = None,
    house_rules: Annotated[Path | None, typer.Option("--rules", help="House rules (TOML).")] = None,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="Replace a world saved under NAME.")] = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Found a world: its realms' control sheets from their territory, ill-will 6 between all.

    With --scenario the world is set up as a scenario file arranges it, part-way through a season.
    """
    from magecraft.mtg_rpg.world.rules import DEFAULT_WORLD_SETTINGS, WorldSettings

    sources = given_options(sample=sample, generate=generate, map=map_file, scenario=scenario)
    if len(sources) != 1:
        raise typer.BadParameter("give one of --sample, --generate N, --map FILE or --scenario FILE")
    from magecraft.cli.sessions import open_session

    settings = WorldSettings.load(house_rules) if house_rules else DEFAULT_WORLD_SETTINGS
    session = open_session(db, SYSTEM, KIND, save=name, overwrite=overwrite)
    rng = make_randomness(seed, dice, physical_dice)
    if scenario is not None:
        if house_rules:
            raise typer.BadParameter("a scenario's world carries its own house rules", param_hint="--rules")
        world = _scenario_world(scenario, rng)
        world.name = name
    else:
        world = _generated_world(name, sample, generate, map_file, rng, settings)
    _table_realms(world, table)
    message = session.save(world.to_dict())
    if json_out:
        print_json(world.result())
        return
    out = console()
    out.print(sheets_table(world))
    out.print(f"{message} Next: magecraft mtg-rpg world season {name}")


def _generated_world(name: str, sample: bool, generate: int | None, map_file: Path | None, rng: Randomness,
                     settings: WorldSettings) -> World:
    """The sample world, a random one of ``generate`` realms, or the one a world file describes."""
    import json

    from magecraft.mtg_rpg.world import generate as gen

    if sample:
        return gen.sample_world(rng, settings=settings, name=name)
    if generate is not None:
        return gen.generate_world(generate, rng, settings=settings, name=name)
    assert map_file is not None
    try:
        raw = json.loads(map_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read the world file {map_file}: {exc}") from None
    return gen.world_from_data(raw, rng, settings=settings, name=name)


def _table_realms(world: World, table: str | None) -> None:
    """Hand the realms named by ``--table`` to the table, refusing a realm not in the world."""
    for realm in _names(table):
        if realm not in world.realms:
            raise InputError(f"--table: no realm {realm!r} in this world (realms: {', '.join(world.realms)})")
        world.realms[realm].controller = "table"


def _scenario_world(path: Path, rng: Randomness) -> World:
    """The world of a scenario file, its steps played on the scenario's dice; ``rng`` rolls from then on."""
    from magecraft.core.scenario import load_scenario, play_steps, start
    from magecraft.games import registry
    from magecraft.mtg_rpg.world.campaign import World

    loaded = load_scenario(path)
    if loaded.game != "mtg-rpg-world":
        raise typer.BadParameter(f"{path} is a {loaded.game} scenario, not a world", param_hint="--scenario")
    _, world = start(loaded, registry())
    assert isinstance(world, World)
    failure = play_steps(world, loaded.play)
    if failure is not None:
        raise typer.BadParameter(f"{path}: {failure}", param_hint="--scenario")
    rng.log = world.rng.log  # the scenario's own dice are used up; the log goes on
    world.rng = rng
    return world


def _names(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


@app.command("season")
def season(
    name: NameArg,
    auto: Annotated[
        bool, typer.Option("--auto", help="The engine decides for the realms ruled at the table too.")
    ] = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
    allow_undo: AllowUndoOption = False,
) -> None:
    """Play one campaign turn (a season of 60 days), asking the table for its realms' choices.

    A season stopped at the table's prompt (quit, Ctrl-D) is saved where it stopped: the same command
    resumes it.
    """
    from magecraft.cli.game_table import play_at_table
    session, world = _open(db, name)
    _dice_for(world, seed, dice, physical_dice)
    before = len(world.chronicle)
    at_table = not auto and any(r.alive and r.controller == "table" for r in world.realms.values())
    if not at_table:
        _play_season(world)
        session.save(world.to_dict())
        _report(world, before, json_out)
        return
    shown_from = len(world.log)
    if world.turn is None:
        world.begin_season()
    else:
        console().print(f"Resumed season {world.season} of {name!r}: "
                        f"{world.turn.realm}'s turn, {world.turn.phase.value}")
    from magecraft.cli.mtg_rpg_world_table import WorldTable

    table = WorldTable(world, name)
    # in words, the chronicle was told as it happened
    play_at_table(session, table, allow_undo=allow_undo, shown_from=shown_from,
                  finished=(lambda: _report(table.state, before, json_out=True)) if json_out else None)


@app.command("run")
def run(
    name: NameArg,
    seasons: Annotated[
        int, typer.Option("--seasons", help="How many seasons to run.", min=1, max=MOST_SEASONS)
    ] = 4,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Run seasons with every realm deciding by its policy; each season is saved as it ends."""
    session, world = _open(db, name)
    _dice_for(world, seed, dice, physical_dice)
    before = len(world.chronicle)
    for _ in range(seasons):
        if not world.alive():
            break
        _play_season(world)
        session.save(world.to_dict())
    if json_out:
        print_json(world.result())
        return
    out = console()
    out.print(
        f"{name}: season {world.season}; {len(world.chronicle) - before} chronicle entries "
        f"(magecraft mtg-rpg world chronicle {name})"
    )
    out.print(sheets_table(world))


def _play_season(world: World) -> None:
    """A season decided by every realm's policy (the realms ruled at the table too); a season stopped
    half-way at the table's prompt is finished the same way."""
    from magecraft.core.bots import play_out
    from magecraft.mtg_rpg.world.policy import PolicyBot

    if world.turn is None:
        world.begin_season()
    policy = PolicyBot()
    play_out(world, {name: policy for name in world.seats()})


def _report(world: World, before: int, json_out: bool) -> None:
    entries = world.chronicle[before:]
    if json_out:
        print_json({"season": world.season, "chronicle": entries, "realms": world.result()["realms"]})
        return
    out = console()
    for entry in entries:
        out.print(_line(entry))


def _line(entry: dict[str, Any]) -> str:
    who = f"{entry['realm']}: " if entry.get("realm") else ""
    return f"Season {entry['season']}. {who}{entry['text']}"


@app.command("show")
def show(
    name: NameArg,
    viewer: Annotated[
        str | None,
        typer.Option("--as", help="Draw the map as this realm knows it: unexplored hexes are unknown."),
    ] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The realm control sheets and the hex map with borders, capitols, bases and roads.

    With ``--as REALM``, what that realm's ruler knows (ruling WW26): its own sheet, the Realm
    Diplomacy section (the other realms' name, Calling, Demeanor and ill-will) and the hexes it has seen.
    """
    world = _read(db, name)
    if viewer is not None and viewer not in world.realms:
        raise typer.BadParameter(f"there is no realm {viewer!r} in {name!r}", param_hint="--as")
    seen = None if viewer is None else world.observation(viewer)
    known: set[int] | None = None if seen is None else set(seen["known_hexes"])
    if json_out:
        hexes = [
            row if known is None or h.id in known else {"q": h.q, "r": h.r, "unknown": True}
            for h, row in zip(world.map, world.map.to_dict()["hexes"], strict=True)
        ]
        if seen is None:
            print_json({"season": world.season, "realms": world.result()["realms"], "map": {"hexes": hexes}})
        else:
            print_json({"season": world.season, "realms": [seen["sheet"]], "diplomacy": seen["diplomacy"],
                        "map": {"hexes": hexes}})
        return
    out = console()
    out.print(sheets_table(world, viewer))
    if seen is not None:
        out.print(diplomacy_table(seen))
    out.print(hex_map(world, known))


@app.command("chronicle")
def chronicle(
    name: NameArg,
    season_no: Annotated[int | None, typer.Option("--season", help="Only this season.")] = None,
    viewer: Annotated[
        str | None,
        typer.Option("--as", help="Only what this realm knows: other realms' spies' and scouts' findings hidden."),
    ] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The recorded log of the world, season by season, to read as campaign news."""
    world = _read(db, name)
    if viewer is not None and viewer not in world.realms:
        raise typer.BadParameter(f"there is no realm {viewer!r} in {name!r}", param_hint="--as")
    entries = [e for e in world.chronicle_for(viewer) if season_no is None or e["season"] == season_no]
    if json_out:
        print_json(entries)
        return
    out = console()
    current = None
    for entry in entries:
        if entry["season"] != current:
            current = entry["season"]
            out.print(f"\n[bold]Season {current}[/bold]")
        who = f"{entry['realm']}: " if entry.get("realm") else ""
        out.print(f"  {who}{entry['text']}")


@app.command("encounter")
def encounter(
    name: NameArg,
    realm: Annotated[str, typer.Argument(help="The realm travelled through.")],
    days: Annotated[int, typer.Option("--days", min=1, max=365, help="Days of travel.")] = 1,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The daily encounter draw of "Realm Encounter Factor" (the world is not changed)."""
    world = _read(db, name)
    if realm not in world.realms:
        raise InputError(f"no realm {realm!r} in {name} (realms: {', '.join(world.realms)})")
    _dice_for(world, seed, dice, physical_dice)
    results = []
    for day in range(1, days + 1):
        met, draw = world.encounter_today(realm)
        results.append({"day": day, "card": draw.card, "value": draw.value, "encounter": met})
    factor = world.encounter_factor(realm)
    if json_out:
        print_json({"realm": realm, "encounter_factor": factor, "days": results})
        return
    out = console()
    out.print(f"{realm}: encounter factor {factor} (an encounter on a draw of {factor} or less)")
    for r in results:
        verdict = "an encounter (use the card as its springboard)" if r["encounter"] else "no encounter"
        out.print(f"  day {r['day']}: {r['card']} ({r['value']}): {verdict}")


@app.command("plague")
def plague(
    name: NameArg,
    realm: Annotated[str, typer.Argument(help="The plagued realm.")],
    constitution: Annotated[int | None, typer.Option(
        "--constitution", min=-10, max=30, help="The Constitution (default: the saved Wizard's).")] = None,
    character: Annotated[str | None, typer.Option(
        "--character", help="A saved MtG RPG Wizard: the damage goes on the sheet.")] = None,
    who: Annotated[str | None, typer.Option("--who", help="The character's name (without --character).")] = None,
    house_rules: Annotated[Path | None, typer.Option(
        "--house-rules", envvar="MAGECRAFT_MTG_HOUSE_RULES",
        help="The MtG RPG house rules for the damage (the death rule; see docs/rulings.md).")] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """A character in a plagued realm: a DC 3 Constitution check, and on failure damage drawn from the
    referee's deck ("Plague"), put on a saved Wizard's sheet by the life rules (``life``)."""
    from magecraft.cli.mtg_rpg_common import house_rules_from
    from magecraft.cli.options import open_store
    from magecraft.mtg_rpg.character import load_character, save_character
    from magecraft.mtg_rpg.renewal import check_alive, vitals_of, wound
    from magecraft.mtg_rpg.world.turn import plague_check

    if character is None and constitution is None:
        raise typer.BadParameter("give --constitution N, or --character NAME to use a saved Wizard's")
    rules = house_rules_from(house_rules)  # a bad file is refused before anything is drawn
    record = None
    if character is not None:
        record = load_character(open_store(db), character)
        check_alive(record.character, "catch the plague")
        if constitution is None:
            constitution = record.character.attribute("CN")
    assert constitution is not None
    session, world = _open(db, name)
    _dice_for(world, seed, dice, physical_dice)
    outcome = plague_check(world, realm, character or who or "a character", constitution)
    session.save(world.to_dict())
    out: dict[str, Any] = {"realm": realm, "character": outcome.character, "card": outcome.check.card,
                           "total": outcome.total, "passed": outcome.passed, "damage": outcome.damage}
    if record is not None and outcome.damage:
        # saved at the revision read: a sheet changed since by another command is refused, not overwritten
        hurt = wound(record.character, outcome.damage, deliberate=False, settings=rules)
        save_character(open_store(db), record.changed(hurt))
        vitals = vitals_of(hurt)
        out.update(life=vitals.life, max_life=vitals.max_life, unconscious=vitals.unconscious,
                   bleeding=vitals.bleeding, dead=vitals.dead)
    if json_out:
        print_json(out)
        return
    line = f"{outcome.character}: {outcome.check.card} ({outcome.check.value}) + Constitution {constitution} = " \
           f"{outcome.total} against 3: "
    line += "not affected." if outcome.passed else (
        f"catches the plague; {outcome.hit.card if outcome.hit else ''} deals {outcome.damage} damage.")
    if "life" in out:
        line += f" Life {out['life']} of {out['max_life']}" + (", dead" if out["dead"] else ", unconscious"
                                                              if out["unconscious"] else "") + "."
    console().print(line)


@app.command("resolve")
def resolve(
    name: NameArg,
    realm: Annotated[str, typer.Argument(help="The realm whose trouble an adventure ended.")],
    event: Annotated[str, typer.Argument(help="Bandits, Controversy, Large Predator, Undead or Wizards.")],
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The referee ends an event the characters resolved in an adventure; its burden goes at once."""
    from magecraft.mtg_rpg.world.turn import resolve_event

    session, world = _open(db, name)
    text = resolve_event(world, realm, event)
    session.save(world.to_dict())
    if json_out:
        print_json({"realm": realm, "event": event, "resolved": True})
        return
    console().print(f"{realm}: {text}")


@app.command("kingdom")
def kingdom(
    name: NameArg,
    realm: Annotated[str, typer.Argument(help="The new kingdom's name.")],
    hex_text: Annotated[str, typer.Option("--hex", help="The hex the Wizard controls (its name or q,r).")],
    ruler: Annotated[str, typer.Option("--ruler", help="The Wizard who rules it.")],
    diplomacy: Annotated[int, typer.Option("--diplomacy", min=0, max=30)] = 3,
    wisdom: Annotated[int, typer.Option("--wisdom", min=0, max=30)] = 2,
    war: Annotated[int, typer.Option("--war", min=0, max=30, help="The ruler's War skill.")] = 0,
    lore: Annotated[int, typer.Option("--lore", min=0, max=30, help="Wilderness Lore (set by the referee).")] = 3,
    calling: Annotated[str, typer.Option("--calling")] = "Majesty",
    demeanor: Annotated[str, typer.Option("--demeanor")] = "Confident",
    heraldry: Annotated[str, typer.Option("--heraldry", help="The kingdom's heraldry emblem, described.")] = "",
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """A Wizard declares himself ruler of one controlled hex ("Starting a Kingdom")."""
    from magecraft.mtg_rpg.world.generate import start_kingdom

    session, world = _open(db, name)
    made = start_kingdom(
        world,
        realm,
        world.map.find(hex_text),
        ruler=ruler,
        diplomacy=diplomacy,
        wisdom=wisdom,
        war_skill=war,
        wilderness_lore=lore,
        calling=calling,
        demeanor=demeanor,
        heraldry=heraldry,
    )
    session.save(world.to_dict())
    if json_out:
        print_json(world.sheet(made.name))
        return
    emblem = f" under {made.heraldry}" if made.heraldry else ""
    console().print(
        f"{ruler} rules the new kingdom of {made.name}{emblem}; it plays at the table from next season."
    )


# -- rendering --------------------------------------------------------------------------------------------


