"""``magecraft magic-realm``: Magic Realm Expansion One at the table -- setup, rolls, travellers, spells, gambling.

The rules live in :mod:`magecraft.magic_realm`; this module parses, calls them and renders.  Engines
are imported inside the commands so that ``magecraft --help`` stays quick.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from magecraft.cli import magic_realm_combat, options
from magecraft.cli.magic_realm_shared import (
    KeepOption,
    MiracleOption,
    OddsOption,
    OneDieOption,
    miracle_text,
    odds_out,
    realm_settings,
)
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
    console,
    make_randomness,
    print_json,
)
from magecraft.cli.tree import LaterGroup

#: The one command that starts this system (shown by `magecraft` with no arguments).
START: str | None = "magic-realm play --seed 1"

app = typer.Typer(
    help="Magic Realm Expansion One: setup, tables, travellers, spells.", no_args_is_help=True
)
assert app is not None
roll_app = typer.Typer(
    help="Roll the expansion's tables: steal, bounty, dice, offroad, and any mr_* table.", no_args_is_help=True
)
app.add_typer(roll_app, name="roll")

@app.command("setup")
def setup(
    special_tiles: Annotated[
        int, typer.Option("--special-tiles", min=0, max=9, help="Special tiles in play (15.2: 5).")
    ] = 5,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Deal a complete expansion setup (15): tiles, chits on each tile, the group piles, the generator."""
    from magecraft.magic_realm.setup import Setup

    dealt = Setup.deal(make_randomness(seed, dice, physical_dice), special_tiles=special_tiles)
    if json_out:
        print_json(dealt.to_dict())
        return
    out = console()
    out.print(
        f"[bold]Tiles ({len(dealt.tiles)})[/bold]; special tiles set aside: {', '.join(dealt.removed_specials)}"
    )
    for tile in dealt.tiles:
        chits = ", ".join(c.name for c in dealt.tile_chits[tile])
        out.print(f"  {tile:<16} {chits}")
    for group, pile in dealt.group_piles.items():
        out.print(f"[bold]{group} pile[/bold]: {', '.join(c.name for c in pile)}")
    out.print(f"Generator (keep hidden): {dealt.generator}. Travellers: {', '.join(dealt.travellers_in_play)}.")


@roll_app.command("steal")
def roll_steal(
    attempt: Annotated[
        int, typer.Option("--attempt", min=1, max=50, help="This STEAL attempt's number today.")
    ] = 1,
    thief: Annotated[bool, typer.Option("--thief", help="The Thief/Assassin (-1, 13.2).")] = False,
    guild: Annotated[bool, typer.Option("--thief-guild", help="The Thief Guild's -1 (9.2).")] = False,
    friendliness: Annotated[
        str, typer.Option("--friendliness", help="The native group's friendliness.")
    ] = "Neutral",
    character: Annotated[
        str | None, typer.Option("--character", help="The character stealing (the Thief/Assassin's -1, 13.2).")
    ] = None,
    miracle: MiracleOption = 0,
    odds: OddsOption = False,
    one_die: OneDieOption = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Roll one STEAL attempt (5.2), with +1 for each earlier attempt today, and its reward."""
    from magecraft.magic_realm.table_dice import dice_text
    from magecraft.magic_realm.trade import StealingDay, steal_odds, steals_as_thief

    rules = realm_settings(one_die)

    if character is not None:
        # 13.2: the card's own stealing modifier (the Thief/Assassin's -1) comes with the character
        thief = thief or steals_as_thief(character)
    if odds:
        odds_out(f"STEAL attempt {attempt}", steal_odds(attempt, thief=thief, thief_guild=guild, settings=rules),
                 json_out)
        return
    day = StealingDay("character", "natives", friendliness=friendliness.title(), thief=thief, thief_guild=guild,
                      settings=rules, attempt=attempt)
    result = day.attempt(make_randomness(seed, dice, physical_dice), miracles=miracle)
    if json_out:
        print_json(
            {
                "attempt": attempt,
                "raw": result.raw,
                "modifier": result.modifier,
                "total": result.total,
                "outcome": result.outcome,
                "loot": result.loot,
                "gold": result.gold,
                "friendliness": result.friendliness,
                "miracle_set_aside": list(result.miracle),
            }
        )
        return
    sign = f"{result.modifier:+d}" if result.modifier else "+0"
    loot = f"; loot: {result.loot}" if result.loot else ""
    # a plain line (no markup in it): printed without loading rich's console (issue 23 item 5)
    typer.echo(
        f"STEAL attempt {attempt}: {dice_text(rules)} = {result.raw}{miracle_text(result.miracle)} {sign} = "
        f"{result.total}: "
        f"{result.outcome}"
        f"{loot}; the natives are {result.friendliness}"
    )


@roll_app.command("bounty")
def roll_bounty_command(
    dwelling: Annotated[str, typer.Option("--at", help="INN, HOUSE, L CAMPFIRE or THIEVES GUILD.")] = "INN",
    hunter: Annotated[bool, typer.Option("--bounty-hunter", help="The Bounty Hunter's roll (1d6-2).")] = False,
    miracle: MiracleOption = 0,
    keep: KeepOption = "low",
    odds: OddsOption = False,
    one_die: OneDieOption = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Roll for a bounty (4.2)."""
    from magecraft.magic_realm.trade import bounty_odds, roll_bounty

    rules = realm_settings(one_die)
    if odds:
        odds_out("Bounty", bounty_odds(bounty_hunter=hunter, settings=rules), json_out)
        return
    if keep not in ("low", "high"):
        raise typer.BadParameter("low or high", param_hint="--keep")
    bounty = roll_bounty(make_randomness(seed, dice, physical_dice), dwelling, bounty_hunter=hunter,
                         miracles=miracle, keep=keep, settings=rules)
    if json_out:
        print_json({"target": bounty.target, "reward": bounty.reward, "dwelling": bounty.dwelling,
                    "miracle_set_aside": list(bounty.miracle)})
        return
    text = (
        f"{bounty.target}: {bounty.reward} gold, delivered to the {bounty.dwelling}"
        if bounty.open
        else bounty.target
    ) + miracle_text(bounty.miracle, keep)
    console().print(text)


@roll_app.command("offroad")
def roll_offroad(
    clearing: Annotated[str, typer.Option("--from", help="The clearing left: mountain, cave or other.")] = "other",
    tile: Annotated[str, typer.Option("--tile", help="The tile (no offroad in the Volcano).")] = "Oak Woods",
    woodsman: Annotated[bool, typer.Option("--woodsman", help="The Woodsman's -1.")] = False,
    miracle: MiracleOption = 0,
    odds: OddsOption = False,
    one_die: OneDieOption = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Character offroad travel (2.2): two MOVE actions, one roll on the column of the clearing left."""
    from magecraft.magic_realm.data import tiles
    from magecraft.magic_realm.table_dice import dice_text
    from magecraft.magic_realm.travel import offroad, offroad_modifier, offroad_odds

    kind = {"mountain": "mountain", "cave": "cave", "other": "normal"}.get(clearing.lower())
    if kind is None:
        raise typer.BadParameter("mountain, cave or other", param_hint="--from")
    if tile not in tiles():
        raise typer.BadParameter(f"no tile {tile!r}", param_hint="--tile")
    rules = realm_settings(one_die)
    if odds:
        odds_out("Offroad travel", offroad_odds(kind, woodsman=woodsman, settings=rules), json_out)
        return
    rng = make_randomness(seed, dice, physical_dice)
    result = offroad(rng, kind, tile=tile, woodsman=woodsman, miracles=miracle, settings=rules)
    if json_out:
        print_json(
            {
                "raw": result.raw,
                "total": result.total,
                "result": result.result,
                "outcome": result.outcome,
                "wounds": result.wounds,
                "miracle_set_aside": list(result.miracle),
            }
        )
        return
    modifier = offroad_modifier(woodsman=woodsman)
    shown = f" {modifier:+d}" if modifier else ""
    lost = "; off the clearings: roll again for every two MOVEs, and no running from battle" if result.lost else ""
    console().print(
        f"offroad: {dice_text(rules)} = {result.raw}{miracle_text(result.miracle)}{shown} = "
        f"{result.total}: "
        f"{result.result}"
        f"{f' ({result.wounds} wounds)' if result.wounds else ''}{lost}"
    )


@app.command("traveller")
def traveller_command(
    name: Annotated[str, typer.Argument(help="A traveller, e.g. Jester.")], json_out: JsonOption = False
) -> None:
    """A traveller's card: wage, capture, and its own rules (7.10)."""
    from dataclasses import asdict

    from magecraft.magic_realm.data import traveller

    t = traveller(name)
    if json_out:
        print_json({**asdict(t), "prices": dict(t.prices)})
        return
    out = console()
    out.print(f"[bold]{t.name}[/bold]")
    if t.hire is not None:
        out.print(f"  Hire: {t.hire} gold {'a day' if t.per_day else 'for fourteen days'}")
    if t.capture:
        out.print("  Capture: one round of combat (7.9)")
    for item, price in t.prices.items():
        out.print(f"  {item}: {price} gold")
    out.print(f"  {t.rule}")


@app.command("spell")
def spell_command(
    name: Annotated[str, typer.Argument(help="A spell, e.g. 'Fire Trap', or words to search.")],
    json_out: JsonOption = False,
) -> None:
    """A spell of the List of Spells, or every spell mentioning the words given."""
    from dataclasses import asdict

    from magecraft.core.errors import InputError
    from magecraft.magic_realm.data import search_spells, spell

    try:
        found = [spell(name)]
    except InputError:
        found = search_spells(name)
        if not found:
            raise
    if json_out:
        print_json([asdict(s) for s in found])
        return
    out = console()
    for s in found:
        out.print(f"[bold]{s.name.upper()}[/bold] ({s.type}/{s.colour}), {s.target}, {s.duration}: {s.effect}")


ChitsOption = Annotated[list[str] | None, typer.Option(help="A chit, e.g. 'FIGHT H5**' (repeat for more).")]


@app.command("cast")
def cast_command(
    name: Annotated[str, typer.Argument(help="Heal, Drain Life, Raise Dead, Elemental, Hop or Miracle.")],
    active: ChitsOption = None,
    fatigued: ChitsOption = None,
    wounded: ChitsOption = None,
    miracle: ChitsOption = None,
    monster: Annotated[str | None, typer.Option("--monster", help="Drain Life: the monster, or T/H/M.")] = None,
    clearing: Annotated[str | None, typer.Option("--clearing", help="Hop: where the character stands.")] = None,
    board_seed: Annotated[int, typer.Option("--board-seed", help="Hop: the seed of the board dealt (MR4).")] = 1,
    roll: Annotated[int | None, typer.Option("--roll", help="Miracle: the 2d6 roll re-rolled.")] = None,
    keep: Annotated[str, typer.Option("--keep", help="Miracle: the better roll is 'low' or 'high'.")] = "low",
    speed: Annotated[int | None, typer.Option("--speed", min=0, max=9, help="Sparkle: the caster's speed.")]
        = None,
    fastest: Annotated[int | None, typer.Option("--fastest", min=0, max=9,
                                                help="Sparkle: the fastest monster's speed.")] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Resolve a spell of the List of Spells on a character's chits, the board or the dice."""
    from magecraft.core.errors import InputError
    from magecraft.magic_realm import spells
    from magecraft.magic_realm.characters import ActionChit
    from magecraft.magic_realm.data import spell

    cast = spell(name).name
    for text in (*(active or ()), *(fatigued or ()), *(wounded or ()), *(miracle or ())):
        ActionChit.parse(text)  # a chit that is not one (FIGHT H<5000 digits>*) is refused (issue 25 item 9)
    character = spells.Character.parse(
        "Character", active=active or (), fatigued=fatigued or (), wounded=wounded or (), miracle=miracle or ()
    )
    resolve = _CASTS.get(cast)
    if resolve is None:
        raise InputError(
            f"{cast} is not resolved here (Heal, Drain Life, Raise Dead, Elemental, Hop, Miracle, Sparkle)"
        )
    out, text = resolve(_Cast(cast, character, monster, clearing, board_seed, roll, keep, speed, fastest,
                              lambda: make_randomness(seed, dice, physical_dice)))
    if json_out:
        print_json(out)
        return
    console().print(text)


@dataclass(frozen=True)
class _Cast:
    """What ``cast`` was given: the spell, the character's chits, each spell's own options, and the dice
    (made only for a spell that rolls)."""

    spell: str
    character: Any
    monster: str | None
    clearing: str | None
    board_seed: int
    roll: int | None
    keep: str
    speed: int | None
    fastest: int | None
    randomness: Callable[[], Any]


def _cast_heal(c: _Cast) -> tuple[dict[str, Any], str]:
    from magecraft.magic_realm import spells

    healing = spells.heal(c.character)
    chits = [asdict(chit) for chit in healing.character.chits]
    return ({"spell": c.spell, "asterisks": healing.asterisks, "chits": chits},
            f"Heal: {healing.asterisks} asterisks healed")


def _cast_drain_life(c: _Cast) -> tuple[dict[str, Any], str]:
    from magecraft.core.errors import InputError
    from magecraft.magic_realm import spells

    if c.monster is None:
        raise InputError("Drain Life needs --monster (a monster of 14.4, or T, H, M)")
    drain = spells.drain_life(c.character, c.monster)
    chits = [asdict(chit) for chit in drain.character.chits]
    out = {"spell": c.spell, "monster": drain.monster, "size": drain.size, "rested": drain.rested, "chits": chits}
    return out, (f"Drain Life: the {drain.monster} ({drain.size}) is killed;"
                 f" rests {drain.rested} asterisks ({drain.spent} used)")


def _cast_summoning(c: _Cast) -> tuple[dict[str, Any], str]:
    from magecraft.magic_realm import spells

    rng = c.randomness()
    result = spells.raise_dead(rng) if c.spell == "Raise Dead" else spells.summon_elemental(rng)
    return ({"spell": c.spell, "roll": result.raw, "result": result.result, **dict(result.data)},
            f"{c.spell}: high die of 2d6 = {result.raw}: {result.result}")


def _cast_hop(c: _Cast) -> tuple[dict[str, Any], str]:
    from magecraft.core.errors import InputError
    from magecraft.core.randomness import Randomness
    from magecraft.magic_realm import spells
    from magecraft.magic_realm.board import Board
    from magecraft.magic_realm.setup import Setup

    if c.clearing is None:
        raise InputError("Hop needs --clearing, e.g. 'Borderland 4'")
    dealing = Randomness.seeded(c.board_seed)
    board = Board.build(Setup.deal(dealing).tiles, dealing)
    landed = spells.hop(board, board.clearing_of(c.clearing), c.randomness())
    return ({"spell": c.spell, "from": c.clearing, "clearing": board.label(landed.id)},
            f"Hop: {c.clearing} -> {board.label(landed.id)}")


def _cast_miracle(c: _Cast) -> tuple[dict[str, Any], str]:
    from magecraft.core.errors import InputError
    from magecraft.magic_realm import spells

    if c.roll is None:
        raise InputError("Miracle needs --roll, the roll to re-roll")
    rng = c.randomness()
    played = spells.play_miracle(c.character, c.roll, lambda: rng.dice("2d6", "Miracle re-roll").total,
                                 keep=c.keep)
    chits = [asdict(chit) for chit in played.character.chits]
    out = {"spell": c.spell, "first": played.first, "second": played.second, "kept": played.kept, "chits": chits}
    return out, f"Miracle: {played.first}, re-rolled {played.second}; keeps {played.kept}"


def _cast_sparkle(c: _Cast) -> tuple[dict[str, Any], str]:
    from magecraft.core.errors import InputError
    from magecraft.magic_realm import spells

    if not c.monster:
        raise InputError("Sparkle needs --monster, the monsters in the clearing (comma separated)")
    if c.speed is None or c.fastest is None:
        raise InputError("Sparkle needs --speed (the caster's) and --fastest (the fastest monster's)")
    sparkled = spells.sparkle([m.strip() for m in c.monster.split(",") if m.strip()], c.randomness(),
                              caster_speed=c.speed, fastest_monster=c.fastest)
    out = {"spell": c.spell, "rolls": [list(r) for r in sparkled.rolls], "unassigned": list(sparkled.unassigned)}
    return out, (f"Sparkle: {', '.join(f'{m} {r}' for m, r in sparkled.rolls)}; unassigned this round: "
                 f"{', '.join(sparkled.unassigned) or 'none'}")


#: The spells ``cast`` resolves, by name.
_CASTS: dict[str, Callable[[_Cast], tuple[dict[str, Any], str]]] = {
    "Heal": _cast_heal, "Drain Life": _cast_drain_life, "Raise Dead": _cast_summoning,
    "Elemental": _cast_summoning, "Hop": _cast_hop, "Miracle": _cast_miracle, "Sparkle": _cast_sparkle,
}


CharactersOption = Annotated[
    str | None,
    typer.Option("--characters", help="NAME@CLEARING[=GOLD], comma separated, e.g. 'Amazon@Oak Woods 2=20'."),
]
ColourOption = Annotated[str | None, typer.Option("--colour", help="Characters carrying colour magic.")]
FemaleOption = Annotated[
    str | None, typer.Option("--female", help="Characters who are women (the Siren's trap takes men, 7.10).")
]
MaleOption = Annotated[str | None, typer.Option("--male", help="Characters who are men (overrides the data).")]
RevealedOption = Annotated[bool, typer.Option("--generator-revealed", help="The generator is already found.")]
SpellsOption = Annotated[list[str] | None, typer.Option(
    "--spells", help="NAME=SPELL,SPELL: the spells a character knows, the only ones he casts on the board "
                     "(ruling MR55); repeat for each character, e.g. --spells 'Magician=Prayer,Hop'.")]
SYSTEM = "magic_realm"
DEFAULT_CHARACTERS = "Amazon@Borderland 1"


def _names(text: str | None) -> list[str]:
    return [c.strip() for c in (text or "").split(",") if c.strip()]


def _new_realm(characters: str | None, colour: str | None, female: str | None, male: str | None,
               revealed: bool, seed: int | None, dice: str | None, physical_dice: bool,
               one_die: bool = False, spells: list[str] | None = None) -> Any:
    from magecraft.magic_realm.characters import character
    from magecraft.magic_realm.days import RealmDays

    placed = _names(characters or DEFAULT_CHARACTERS)
    for text in placed:
        # a name that is no character's card is refused, not played (issue 25 item 9); the engine's own
        # refusal names the nearest card
        name = text.partition("@")[0].strip()
        if name:
            character(name)
    return RealmDays.new(
        make_randomness(seed, dice, physical_dice),
        placed,
        colour_magic=_names(colour),
        female=_names(female),
        male=_names(male),
        generator_revealed=revealed,
        settings=realm_settings(one_die),
        spells={name.strip(): _names(known) for name, _, known in (text.partition("=") for text in spells or ())},
    )


def _refuse_with_load(**given: object) -> None:
    from magecraft.cli.options import given_options

    clashing = given_options(**given)
    if clashing:
        raise typer.BadParameter(f"--load continues a saved realm with its own board, characters and dice: "
                                 f"drop {', '.join(clashing)}")


@app.command("simulate")
def simulate(
    days: Annotated[int, typer.Option("--days", min=1, max=10_000, help="Days to run.")] = 28,
    characters: CharactersOption = None,
    colour: ColourOption = None,
    female: FemaleOption = None,
    male: MaleOption = None,
    revealed: RevealedOption = False,
    one_die: OneDieOption = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
    save: SaveOption = None,
    load: LoadOption = None,
    overwrite: OverwriteOption = False,
    db: DbOption = None,
) -> None:
    """Advance the living realm day by day: travellers, generators, pods, slimes (7, 12).

    Unattended: a decision the rules leave to a character is taken by ruling MR31 (the oldest pod...).
    --save NAME keeps the realm after the days; --load NAME continues it for --days more (and keeps saving).
    """
    from magecraft.cli.sessions import open_session
    from magecraft.magic_realm.bots import unattended
    from magecraft.magic_realm.days import RealmDays

    if load is not None:
        _refuse_with_load(characters=characters, colour=colour, female=female, male=male,
                          generator_revealed=revealed, seed=seed, dice=dice, physical_dice=physical_dice,
                          one_die=one_die)
    session = open_session(db, SYSTEM, "game", save=save, load=load, overwrite=overwrite)
    if session.loaded is not None:
        sim = RealmDays.from_dict(session.loaded.state, ask=options.ask_die_once)
    else:
        sim = _new_realm(characters, colour, female, male, revealed, seed, dice, physical_dice, one_die)
    shown = len(sim.report)
    target = sim.day + days
    # simulate runs the days asked (MR56's last day ends a game played, not a simulation)
    while (sim.day < target or sim.turn is not None) and not sim.all_dead():
        sim.apply(unattended(sim))
    saved = session.save(sim.to_dict()) if session.name is not None else None
    if json_out:
        print_json({"report": sim.report[shown:], **sim.result(), **({"saved": saved} if saved else {})})
        return
    _print_days(sim, shown, saved)


def _print_days(sim: Any, shown: int, saved: str | None) -> None:
    """The realm's report from line ``shown`` on, day by day, then where the pods, the Trap and the minor
    treasure locations stand."""
    out = console()
    current = None
    for line in sim.report[shown:]:
        if line["day"] != current:
            current = line["day"]
            out.print(f"[bold]Day {current}[/bold]")
        out.print(f"  {escape(line['text'])}")
    out.print(
        f"After {sim.day} days: {len(sim.pods)} pod(s); generator {'active' if sim.generator_active else 'hidden'}"
    )
    summary = sim.result()
    trap = summary["trap"]
    if trap is not None and trap["revealed"]:
        held = ", ".join(trap["trapped"]) or "nobody"
        out.print(f"The Trap in {escape(trap['clearing'])}: {escape(held)} trapped")
    for name, where in summary["minor_treasure_locations"].items():
        out.print(f"The {escape(name)} in {escape(where)}")
    if saved:
        out.print(escape(saved))


def _scenario_realm(path: Path) -> Any:
    """The realm at a scenario's position (``magecraft.core.scenario``), refused when it is another game's."""
    from magecraft.core.scenario import load_scenario, start
    from magecraft.games import registry

    found = load_scenario(path)
    if found.game != "magic-realm":
        raise typer.BadParameter(f"{path} is a scenario of {found.game}, not of magic-realm",
                                 param_hint="--scenario")
    return start(found, registry())[1]


@app.command("play")
def play(
    characters: CharactersOption = None,
    colour: ColourOption = None,
    female: FemaleOption = None,
    male: MaleOption = None,
    revealed: RevealedOption = False,
    one_die: OneDieOption = False,
    spells: SpellsOption = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    save: SaveOption = None,
    load: LoadOption = None,
    overwrite: OverwriteOption = False,
    db: DbOption = None,
    allow_undo: AllowUndoOption = False,
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="Start from a scenario file's position (docs/scenarios/magic-realm-*.toml).")] = None,
) -> None:
    """The living realm at the table: the referee plays each day and records the base game's turn (moves,
    offroad travel, hiring, captures, deaths, guilds); the characters' decisions are asked as they come.

    At each prompt: a number, or help, undo, log, save, quit.  --save NAME saves after each action;
    --load NAME resumes it (and keeps saving to it).
    """
    from magecraft.cli.game_table import play_at_table
    from magecraft.cli.magic_realm_play import RealmTable
    from magecraft.cli.sessions import open_session
    from magecraft.magic_realm.days import RealmDays

    if scenario is not None:
        from magecraft.cli.options import given_options

        clashing = given_options(characters=characters, colour=colour, female=female, male=male,
                                 generator_revealed=revealed, seed=seed, dice=dice, physical_dice=physical_dice,
                                 load=load, spells=spells)
        if clashing:
            raise typer.BadParameter(f"--scenario sets the realm up with its own position and dice: "
                                     f"drop {', '.join(clashing)}")
    if load is not None:
        _refuse_with_load(characters=characters, colour=colour, female=female, male=male,
                          generator_revealed=revealed, seed=seed, dice=dice, physical_dice=physical_dice,
                          one_die=one_die, spells=spells)
    session = open_session(db, SYSTEM, "game", save=save, load=load, overwrite=overwrite)
    shown_from = 0
    if session.loaded is not None:
        realm = RealmDays.from_dict(session.loaded.state, ask=options.ask_die_once)
        shown_from = len(realm.log)
        console().print(f"Resumed the realm saved as {escape(repr(session.name))}: day {realm.day} "
                        "(type log for what happened last)")
    elif scenario is not None:
        realm = _scenario_realm(scenario)
    else:
        realm = _new_realm(characters, colour, female, male, revealed, seed, dice, physical_dice, one_die, spells)
    play_at_table(session, RealmTable(realm), allow_undo=allow_undo, shown_from=shown_from)


def _change_saved(db: Any, name: str, action: Any) -> Any:
    """Apply one referee action to the realm saved as ``name``: re-read and written in one transaction
    (``SaveStore.modify``), so commands run at once queue and none is lost; a refused action changes
    nothing.  The realm after it."""
    from magecraft.core.errors import InputError
    from magecraft.core.saves import SaveStore
    from magecraft.magic_realm.days import RealmDays

    store = SaveStore(db)
    if store.load(name, SYSTEM, "game").state.get("rng", {}).get("kind") == "physical":
        raise InputError(f"the realm {name!r} rolls physical dice: record this at "
                         f"'magecraft magic-realm play --load {name}'")
    done: dict[str, Any] = {}

    def change(state: dict[str, Any]) -> dict[str, Any]:
        realm = RealmDays.from_dict(state)
        shown = len(realm.report)
        realm.apply(action)
        done["realm"], done["shown"] = realm, shown
        return realm.to_dict()

    saved = store.modify(name, SYSTEM, "game", change)
    realm = done["realm"]
    out = console()
    for line in realm.report[done["shown"]:]:
        out.print(escape(line["text"]))
    out.print(escape(f"Saved {name!r} (revision {saved.revision}) in {store.path}."))
    return realm


@app.command("hire")
def hire_command(
    game: Annotated[str, typer.Argument(help="The saved realm (magic-realm simulate/play --save NAME).")],
    character: Annotated[str, typer.Argument(help="The character hiring, standing with the traveller.")],
    traveller_name: Annotated[str, typer.Argument(metavar="TRAVELLER", help="The traveller, e.g. Cook.")],
    chit: Annotated[str | None, typer.Option("--chit", help="The Doppleganger's chit.")] = None,
    db: DbOption = None,
) -> None:
    """Hire a traveller in the character's clearing (7.5): the wage in gold, for fourteen days."""
    from magecraft.magic_realm.actions import Hire

    _change_saved(db, game, Hire(character, traveller_name, chit))


guild_app = typer.Typer(help="The guilds (9): the table, and a saved realm's members.", no_args_is_help=True)


@guild_app.command("show")
def guild_show(
    name: Annotated[str | None, typer.Argument(help="A guild, e.g. 'Thief Guild' (all when omitted).")] = None,
    game: Annotated[str | None, typer.Option("--game", help="A saved realm: its members and chits.")] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The guilds of 9.2: what joins each and its benefits in order; with --game, who belongs where."""
    from dataclasses import asdict

    from magecraft.cli.sessions import read_state
    from magecraft.magic_realm.data import guilds
    from magecraft.magic_realm.days import RealmDays
    from magecraft.magic_realm.guilds import guild

    chosen = [guild(name)] if name else list(guilds().values())
    realm = None
    if game is not None:
        realm = RealmDays.from_dict(read_state(db, SYSTEM, "game", game), ask=options.ask_die_once)
    rows = []
    for g in chosen:
        row: dict[str, Any] = {"name": g.name, "join": g.join, "deed": g.deed, "benefits": list(g.benefits)}
        if realm is not None:
            place = realm.guild_clearings.get(g.name)
            row["clearing"] = None if place is None else realm.board.label(place)
            row["members"] = {
                c: {"earned": m.earned, "quest": m.quest, "benefits": list(realm.guilds.benefits(c)),
                    "effects": asdict(realm.guilds.effects(c))}
                for c, m in realm.guilds.members.items() if m.guild == g.name
            }
            row["chit_holder"] = realm.guilds.chit_holders.get(g.name)
        rows.append(row)
    if json_out:
        print_json(rows)
        return
    out = console()
    for row in rows:
        out.print(f"[bold]{escape(row['name'].upper())}[/bold]: to join, {escape(row['join'])}")
        for n, benefit in enumerate(row["benefits"], start=1):
            out.print(f"  benefit {n}: {escape(benefit)}")
        if realm is not None:
            out.print(f"  on the board: {escape(row['clearing'] or 'not discovered')}; "
                      f"chit: {escape(row['chit_holder'] or 'free')}")
            for member, facts in row["members"].items():
                quest = f", quest {facts['quest']!r}" if facts["quest"] else ""
                out.print(f"  {escape(member)}: {facts['earned']} earned{escape(quest)}; enjoys "
                          f"{escape(', '.join(facts['benefits']) or 'nothing yet')}")


GameArg = Annotated[str, typer.Argument(help="The saved realm.")]
CharacterArg = Annotated[str, typer.Argument(help="The character.")]
GuildArg = Annotated[str, typer.Argument(help="Fight Guild, Thief Guild or Wiz Guild.")]


@guild_app.command("discover")
def guild_discover(game: GameArg, character: CharacterArg, name: GuildArg, db: DbOption = None) -> None:
    """9.1: the guild chit on the character's tile is placed on the board."""
    from magecraft.magic_realm.actions import DiscoverGuild

    _change_saved(db, game, DiscoverGuild(character, name))


@guild_app.command("deed")
def guild_deed(game: GameArg, character: CharacterArg,
               deed: Annotated[str, typer.Argument(help="e.g. 'stole a treasure'.")], db: DbOption = None) -> None:
    """Record a deed a guild asks to join (9.2; ruling MR12)."""
    from magecraft.magic_realm.actions import RecordDeed

    _change_saved(db, game, RecordDeed(character, deed))


@guild_app.command("join")
def guild_join(game: GameArg, character: CharacterArg, name: GuildArg, db: DbOption = None) -> None:
    """9.2-9.3/5: join at the guild, its requirement met (another guild's benefits are lost)."""
    from magecraft.magic_realm.actions import JoinGuild

    _change_saved(db, game, JoinGuild(character, name))


@guild_app.command("quest")
def guild_quest(game: GameArg, character: CharacterArg,
                quest: Annotated[str, typer.Argument(help="The quest card drawn.")], db: DbOption = None) -> None:
    """9.3: draw a quest (one at a time)."""
    from magecraft.magic_realm.actions import DrawQuest

    _change_saved(db, game, DrawQuest(character, quest))


@guild_app.command("complete")
def guild_complete(game: GameArg, character: CharacterArg, db: DbOption = None) -> None:
    """9.3/1: the quest is done: the next benefit (the third only with the guild's chit, 9.3/3)."""
    from magecraft.magic_realm.actions import CompleteQuest

    _change_saved(db, game, CompleteQuest(character))


app.add_typer(guild_app, name="guild")

# The commands of sections 10, 11, 13 and 14 (combat rounds, monsters, the revised characters, the Trap,
# treasures), then 6.1's gambling group.
for _name, _command in magic_realm_combat.COMMANDS.items():
    app.command(_name)(_command)
app.add_typer(LaterGroup("magecraft.cli.magic_realm_gamble:gamble_app", no_args_is_help=True,
                         help="Gambling at the INN, GUARD or S CAMPFIRE (6.1)."), name="gamble")
