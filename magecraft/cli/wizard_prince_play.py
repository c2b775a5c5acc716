"""`magecraft wizard-prince banquet`: the Imperial Banquet (seed 004), played at the terminal or by bots.

At the terminal the board is drawn with rich, legal actions offered by number, every roll shown
(``--save``/``--load``); with ``--auto`` bots play a whole banquet and the result is printed.  The rules live
in :mod:`magecraft.wizard_prince`; this module parses, calls and renders.  The group registers the command
by where it lives (:class:`magecraft.cli.tree.Later`): its options' defaults are the rules' ``Settings``, so
only the banquet's own ``--help`` loads them (issue 23 item 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from random import SystemRandom
from typing import TYPE_CHECKING, Annotated

import typer

from magecraft.cli.markup import escape
from magecraft.cli.options import (
    HUMAN,
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
)
from magecraft.cli.wizard_prince import SYSTEM
from magecraft.wizard_prince.settings import Settings

DEFAULTS = Settings()


if TYPE_CHECKING:
    from magecraft.cli.sessions import SaveSession
    from magecraft.core.bots import Bot
    from magecraft.core.randomness import Randomness
    from magecraft.wizard_prince.banquet import Banquet

def bot_names() -> tuple[str, ...]:
    """The banquet's registered bots, by name (the game type, and with it the rules, loaded when asked)."""
    from magecraft.wizard_prince.game_type import BANQUET


    return tuple(BANQUET.bots)


def make_bots(controllers: Mapping[str, str], seed: int | None) -> dict[str, Bot]:
    """The registered bot for every noble a person does not play, each with dice of its own (drawn from
    ``seed``, so a seeded banquet plays the same again; never the banquet's own dice)."""
    from magecraft.core.randomness import Randomness
    from magecraft.wizard_prince.game_type import BANQUET

    base = seed if seed is not None else SystemRandom().randrange(2**31)
    return {name: BANQUET.bot(kind, Randomness.seeded(base * 1000 + n))
            for n, (name, kind) in enumerate(controllers.items()) if kind != HUMAN}


def parse_players(text: str, auto: bool) -> list[tuple[str, str]]:
    """``"Ann,Bob:random"`` -> ``[("Ann", "human"), ("Bob", "random")]`` (bots by default with --auto)."""
    out: list[tuple[str, str]] = []
    for part in text.split(","):
        if not part.strip():
            continue
        name, _, controller = part.partition(":")
        if not name.strip():
            raise typer.BadParameter(f"{part.strip()!r} names no noble (write NAME or NAME:KIND)",
                                     param_hint="--players")
        controller = controller.strip().lower() or ("heuristic" if auto else HUMAN)
        if controller not in (*bot_names(), HUMAN):
            raise typer.BadParameter(f"{controller!r} is not a kind of player (choose human, "
                                     f"{', '.join(bot_names())})", param_hint="--players")
        if auto and controller == HUMAN:
            raise typer.BadParameter("--auto plays bots only", param_hint="--players")
        out.append((name.strip(), controller))
    return out


PlayersOption = Annotated[str, typer.Option("--players", help='Player nobles, e.g. "Ann,Bob" or "Ann:random" '
                                            "(human unless a bot is named: heuristic, random, npc).")]
NpcOption = Annotated[int, typer.Option("--npc", help="How many NPC nobles to roll up (seed's optional rule).")]
AutoOption = Annotated[bool, typer.Option("--auto", help="Bots only: play the whole banquet and print it.")]
NoblesOption = Annotated[Path | None, typer.Option(
    "--nobles", help="TOML file of [[noble]] sheets.")]
SetupOption = Annotated[Path | None, typer.Option("--setup", help="TOML starting position.")]
SavesOption = Annotated[str, typer.Option("--saves", help="Saving throws: oed or d20 (DC 15).")]
MaxTurnsOption = Annotated[int, typer.Option("--max-turns", help="Turns before the Emperor retires.")]
ScenarioOption = Annotated[Path | None, typer.Option(
    "--scenario", help="Start from the position of a scenario file (docs/scenarios/wizard-prince-banquet-*).")]


def banquet(players: PlayersOption = "", npc: NpcOption = 0, auto: AutoOption = False,
            nobles_file: NoblesOption = None, setup_file: SetupOption = None,
            save_system: SavesOption = DEFAULTS.save_system, max_turns: MaxTurnsOption = DEFAULTS.max_turns,
            seed: SeedOption = None, dice: DiceOption = None, physical_dice: PhysicalOption = False,
            json: JsonOption = False, save: SaveOption = None, load: LoadOption = None,
            overwrite: OverwriteOption = False, db: DbOption = None, allow_undo: AllowUndoOption = False,
            scenario: ScenarioOption = None) -> None:
    """Play the Imperial Banquet.

    With --save the banquet is saved after every action; --load resumes it and keeps saving under its
    name (--load with --save saves a copy under the new name).

    \b
    Examples:
      magecraft wizard-prince banquet --players "Ann,Bob" --npc 2 --save friday
      magecraft wizard-prince banquet --load friday
      magecraft wizard-prince banquet --auto --npc 4 --seed 11 --json
      magecraft wizard-prince banquet --scenario docs/scenarios/wizard-prince-banquet-butler.toml
    """
    from magecraft.cli.game_table import refuse_scenario_with_load
    from magecraft.cli.sessions import open_session
    refuse_scenario_with_load(scenario, load, "banquet")
    if load or scenario is not None:
        # a saved banquet carries its own nobles, board, settings and dice, and a scenario its own
        given = given_options(players=(players or None) if load else None, npc=npc or None, nobles=nobles_file,
                              setup=setup_file, saves=save_system != DEFAULTS.save_system,
                              max_turns=max_turns != DEFAULTS.max_turns, seed=seed, dice=dice or None,
                              physical_dice=physical_dice)
        if given:
            what, option = ("a saved banquet", "--load") if load else ("a scenario's banquet", "--scenario")
            raise typer.BadParameter(f"{given[0]} cannot change {what}", param_hint=option)
    saver = open_session(db, SYSTEM, "game", save=save, load=load or None, overwrite=overwrite)
    if load:
        state, controllers = _loaded_banquet(saver, load, auto)
    elif scenario is not None:
        state, controllers = _scenario_banquet(scenario, players, auto)
    else:
        state, controllers = _new_banquet(players, npc, auto, nobles_file, setup_file, save_system, max_turns,
                                          make_randomness(seed, dice, physical_dice))
    _play_banquet(saver, state, controllers, make_bots(controllers, seed), auto, json, allow_undo)


def _loaded_banquet(saver: SaveSession, load: str, auto: bool) -> tuple[Banquet, dict[str, str]]:
    """The banquet ``--load`` names and who plays each noble, as saved; a damaged save is refused."""
    from magecraft.core.errors import DataError
    from magecraft.wizard_prince.banquet import Banquet

    assert saver.loaded is not None
    saved = saver.loaded.state
    if not isinstance(saved.get("controllers"), dict):
        raise DataError(f"saved banquet {load!r} is malformed: it does not say who plays each noble")
    controllers = {str(k): str(v) for k, v in saved["controllers"].items()}
    people = [name for name, kind in controllers.items() if kind == HUMAN]
    if auto and people:
        raise typer.BadParameter(f"--auto plays bots only, and {people[0]} is a person in this banquet",
                                 param_hint="--auto")
    state = Banquet.from_dict(saved, ask=ask_die_once)
    if set(controllers) != set(state.nobles) or not set(controllers.values()) <= {*bot_names(), HUMAN}:
        raise DataError(f"saved banquet {load!r} is malformed: its players do not match its nobles")
    return state, controllers


def _play_banquet(saver: SaveSession, state: Banquet, controllers: dict[str, str], bots: dict[str, Bot],
                  auto: bool, json: bool, allow_undo: bool) -> None:
    """Bots alone play the banquet out and it is reported (saved once, if named); with people at the table it
    is played at the shared play loop."""
    from magecraft.cli.game_table import play_at_table
    from magecraft.core.bots import play_out

    if auto or not any(kind == HUMAN for kind in controllers.values()):
        play_out(state, bots)
        said = _save(saver, state, controllers)
        _report(state, json)
        if said and not json:
            console().print(said)
        return
    from magecraft.cli.wizard_prince_banquet import BanquetTable

    table = BanquetTable(state, bots, controllers)
    play_at_table(saver, table, allow_undo=allow_undo,
                  finished=lambda: _report(table.state, json, with_board=False))


def _new_banquet(players: str, npc: int, auto: bool, nobles_file: Path | None, setup_file: Path | None,
                 save_system: str, max_turns: int, rng: Randomness) -> tuple[Banquet, dict[str, str]]:
    from magecraft.wizard_prince.banquet import Banquet
    from magecraft.wizard_prince.board import load_setup
    from magecraft.wizard_prince.nobles import Noble, generate_npc_noble, load_nobles, nobles_from
    from magecraft.wizard_prince.settings import SAVE_SYSTEMS

    if npc < 0:
        raise typer.BadParameter(f"{npc} NPC nobles: choose 0 or more", param_hint="--npc")
    if save_system not in SAVE_SYSTEMS:
        raise typer.BadParameter(f"{save_system!r} is not a system of saving throws: choose "
                                 f"{' or '.join(SAVE_SYSTEMS)} (to save the game, use --save NAME)",
                                 param_hint="--saves")
    if max_turns < 1:
        raise typer.BadParameter("at least one turn", param_hint="--max-turns")
    chosen = parse_players(players, auto)
    nobles: list[Noble] = []
    controllers: dict[str, str] = {}
    if nobles_file is not None:
        for noble in load_nobles(nobles_file):
            nobles.append(noble)
            controllers[noble.name] = "npc" if noble.npc else ("heuristic" if auto else HUMAN)
    for noble, (name, kind) in zip(nobles_from(n for n, _ in chosen), chosen, strict=True):
        nobles.append(noble)
        controllers[name] = kind
    for i in range(1, npc + 1):
        noble = generate_npc_noble(f"NPC {i}", rng)
        nobles.append(noble)
        controllers[noble.name] = "npc"
    if not nobles:
        raise typer.BadParameter("name at least one noble (--players) or ask for NPC nobles (--npc)",
                                 param_hint="--players")
    settings = Settings(save_system=save_system, max_turns=max_turns)
    return Banquet.new(nobles, rng, settings, load_setup(setup_file)), controllers


def _scenario_banquet(path: Path, players: str, auto: bool) -> tuple[Banquet, dict[str, str]]:
    """The banquet at a scenario's position (its own dice); NPC nobles play by their rules, the others are
    people (bots with --auto) unless ``--players`` names a bot for them ("Ann:random")."""
    from magecraft.core.scenario import load_scenario, start
    from magecraft.games import registry
    from magecraft.wizard_prince.banquet import Banquet
    from magecraft.wizard_prince.game_type import BANQUET

    game_type, state = start(load_scenario(path), registry())
    if game_type is not BANQUET or not isinstance(state, Banquet):
        raise typer.BadParameter(f"{path} is a scenario of {game_type.name}, not of the banquet",
                                 param_hint="--scenario")
    controllers = {name: "npc" if n.npc else ("heuristic" if auto else HUMAN) for name, n in state.nobles.items()}
    for name, kind in parse_players(players, auto):
        if name not in controllers:
            raise typer.BadParameter(f"{name!r} is not a noble of this scenario ({', '.join(controllers)})",
                                     param_hint="--players")
        controllers[name] = kind
    return state, controllers


def _save(saver: SaveSession, state: Banquet, controllers: Mapping[str, str]) -> str:
    """Save the banquet if it has a name; the saver's one-line message, else ""."""
    if saver.name is None:
        return ""
    return saver.save({**state.to_dict(), "controllers": dict(controllers)})


def _report(state: Banquet, json: bool, with_board: bool = True) -> None:
    from rich import box
    from rich.table import Table

    from magecraft.cli.wizard_prince_banquet import board, ending_in_words
    from magecraft.wizard_prince.chits import chit_kinds
    from magecraft.wizard_prince.pieces import appointments

    result = state.banquet_result()
    summary = {
        "events": len(state.log),
        "rolls": len(state.log.of_kind("roll")),
        "actions": len(state.log.of_kind("action")),
        "highlights": [e.label for e in state.log if e.kind == "meet" or
                       (e.kind == "state" and ("leaves" in e.label or "presents" in e.label
                                               or "banquet ends" in e.label))],
    }
    if json:
        print_json({"result": result.to_dict(), "log_summary": summary})
        return
    out = console()
    if with_board:
        out.print(board(state, None))
    # the numbers in a table that fits 80 columns; what else each noble earned as lines beneath it
    # (a column of it was squeezed to a word a line at a real terminal)
    table = Table(title=f"The banquet ends: {result.ended_by} (turn {result.turns})", title_justify="left",
                  show_edge=False, pad_edge=False, box=box.SIMPLE_HEAD, collapse_padding=True)
    table.add_column("noble", no_wrap=True)
    table.add_column("fate")
    for column in ("Status", "Wealth", "Legions", "Fleets"):
        table.add_column(column, no_wrap=True, justify="right")
    table.add_column("presented")
    names = chit_kinds()
    earned = []
    for n in result.nobles:
        other = [f"{k.replace('_', ' ')} {v}" for k, v in n.counts.items() if v]
        if n.appointment:
            other.append(f"appointment: {appointments()[n.appointment].title}")
        other += [f"crown prince duel (level {lv})" for lv in n.crown_prince_duels]
        other += [f"crown prince support {s}" for s in n.crown_prince_support]
        table.add_row(n.name, n.fate,
                      *(f"{n.final[s]} ({n.changes[s]:+d})" for s in ("status", "wealth", "legions", "fleets")),
                      ", ".join(names[k].name for k in n.presented) or "-")
        if other:
            earned.append(f"  {escape(n.name)}: {'; '.join(other)}")
    out.print(table)
    if earned:
        out.print("Also earned:")
        for line in earned:
            out.print(line)
    if with_board:
        out.print(f"[bold]{ending_in_words(state)}[/bold]")

