"""`magecraft wizard-prince race`: a chariot race in the circus (seed 004, "Optional Rules: Chariot Racing").

``--auto`` lets bots drive every chariot and prints placings, wrecks and payouts (``--json`` for machines, the
same seed printing the same bytes); otherwise the track is drawn with rich after every move and each person
at the table is offered his legal choices by number, every roll shown.  The rules live in
:mod:`magecraft.wizard_prince.race` (imported inside the command, off the start-up path); this module parses,
calls.  People bet and drive at the shared play loop (:class:`~magecraft.cli.wizard_prince_race_table.RaceTable`
on :mod:`magecraft.cli.playloop`: help, undo, log, save and quit at every prompt, bets included); the table,
the drawings, and a race saved and read back are :mod:`magecraft.cli.wizard_prince_race_table`, imported when
the command runs (issue 23 item 5: its help loads no rules).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

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
    given_options,
    make_randomness,
)

if TYPE_CHECKING:

    from magecraft.cli.sessions import SaveSession
    from magecraft.wizard_prince.race.actions import Action
    from magecraft.wizard_prince.race.race import Race

SYSTEM = "wizard_prince"
#: The race is filed under the Wizard-Prince system as its own kind of save (schema 3 moved old saves here).
KIND = "race"


def __getattr__(name: str) -> Any:
    """The circus's drawings (``chariot_table`` ...), importable from here as before, loaded on first use
    (PEP 562): :mod:`magecraft.cli.wizard_prince_race_table` brings the play loop."""
    if name in ("chariot_table", "track_view", "odds_table", "RaceTable", "RaceView"):
        from magecraft.cli import wizard_prince_race_table

        return getattr(wizard_prince_race_table, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_drivers(text: str, auto: bool) -> list[tuple[str, str, str]]:
    """``"Ann:heavy,Bob:light:aggressive"`` -> ``[("Ann", "heavy", "human"), ("Bob", "light", "aggressive")]``."""
    from magecraft.cli.wizard_prince_race_table import DRIVERS
    from magecraft.wizard_prince.race.chariots import KINDS

    out: list[tuple[str, str, str]] = []
    for part in text.split(","):
        if not part.strip():
            continue
        name, _, rest = part.strip().partition(":")
        kind, _, driver = rest.partition(":")
        kind, driver = kind.strip().lower(), driver.strip().lower() or ("cautious" if auto else HUMAN)
        if not name.strip():
            raise typer.BadParameter(f"{part.strip()!r} names no driver (NAME:heavy or NAME:light)",
                                     param_hint="--drivers")
        if kind not in KINDS:
            raise typer.BadParameter(f"{name.strip()}: a chariot is heavy or light, not {kind or 'unnamed'!r}",
                                     param_hint="--drivers")
        if driver not in DRIVERS:
            raise typer.BadParameter(f"{name.strip()}: {driver!r} is not a driver (choose {', '.join(DRIVERS)})",
                                     param_hint="--drivers")
        if auto and driver == HUMAN:
            raise typer.BadParameter("--auto races bots only", param_hint="--drivers")
        out.append((name.strip(), kind, driver))
    return out


def parse_bets(bets: Sequence[str], wealth_bets: Sequence[str], side_bets: Sequence[str]) -> list[Action]:
    """The bets given on the command line, as actions the race checks before the start."""
    from magecraft.core.errors import InputError
    from magecraft.wizard_prince.race.actions import bets_from_options

    try:
        return list(bets_from_options(bets, wealth_bets, side_bets))
    except InputError as exc:
        option, _, message = str(exc).partition(" ")
        raise typer.BadParameter(message.lstrip(": "), param_hint=option) from None


DriversOption = Annotated[str, typer.Option(
    "--drivers", help='Player nobles and their chariots, e.g. "Ann:heavy,Bob:light" '
                      "(NAME:KIND[:cautious|aggressive] for a bot).")]
NpcOption = Annotated[int, typer.Option("--npc", help="How many NPC charioteers to roll up.")]
AutoOption = Annotated[bool, typer.Option("--auto", help="Bots drive every chariot: run the whole race.")]
SpectatorsOption = Annotated[str, typer.Option("--spectators", help='Player nobles who only bet: "Cy,Di".')]
BetOption = Annotated[list[str] | None, typer.Option("--bet", help="BETTOR:CHARIOTEER:GOLD (repeatable).")]
WealthBetOption = Annotated[list[str] | None, typer.Option(
    "--wealth-bet", help="BETTOR:CHARIOTEER[:WEALTH]: Wealth levels against the house, one unless given "
    "(the house takes at most one; repeatable).")]
SideBetOption = Annotated[list[str] | None, typer.Option(
    "--side-bet", help="BACKER:LAYER:CHARIOTEER:STAKE:STAKE[:gp|wealth] (repeatable).")]
NoblesOption = Annotated[Path | None, typer.Option(
    "--nobles", help="TOML [[noble]] sheets of the drivers (and spectators).")]
TrackOption = Annotated[Path | None, typer.Option("--track", help="TOML file of another circus.")]
ScenarioOption = Annotated[Path | None, typer.Option(
    "--scenario", help="Start from a scenario file's position, its [[play]] steps played (docs/scenarios); "
                       "people drive every chariot, or bots with --auto.")]


def race(drivers: DriversOption = "", npc: NpcOption = 0, auto: AutoOption = False,
         spectators: SpectatorsOption = "", bet: BetOption = None, wealth_bet: WealthBetOption = None,
         side_bet: SideBetOption = None, nobles_file: NoblesOption = None, track_file: TrackOption = None,
         scenario: ScenarioOption = None, seed: SeedOption = None, dice: DiceOption = None,
         physical_dice: PhysicalOption = False, json: JsonOption = False, save: SaveOption = None,
         load: LoadOption = None, overwrite: OverwriteOption = False, db: DbOption = None,
         allow_undo: AllowUndoOption = False) -> None:
    """Race chariots in the circus maximus, with bets.

    --load NAME continues saving to NAME; --save OTHER with it forks a copy.

    \b
    Examples:
      magecraft wizard-prince race --drivers "Ann:heavy,Bob:light" --npc 2
      magecraft wizard-prince race --auto --npc 4 --seed 7 --json
      magecraft wizard-prince race --scenario docs/scenarios/wizard-prince-race-damaged-wheel.toml
    """
    from magecraft.cli.sessions import open_session
    from magecraft.cli.wizard_prince_race_table import load_race

    session = open_session(db, SYSTEM, KIND, save=save, load=load, overwrite=overwrite)
    # what sets a new race up: a scenario or a saved race brings its own, and refuses these
    setup: dict[str, object] = {
        "drivers": drivers or None, "npc": npc or None, "spectators": spectators or None, "bet": bet or None,
        "wealth_bet": wealth_bet or None, "side_bet": side_bet or None, "nobles": nobles_file, "track": track_file}
    if scenario is not None:
        _refuse_given(given_options(**setup, load=load), "a scenario's race", "--scenario")
        state, controllers = _scenario_race(scenario, auto, seed, dice, physical_dice)
    elif load:
        _refuse_given(given_options(**setup, seed=seed, dice=dice, physical_dice=physical_dice), "a saved race",
                      "--load")
        assert session.loaded is not None
        state, controllers = load_race(session.loaded.state, load)
    else:
        state, controllers = _new_race(drivers, npc, auto, spectators, nobles_file, track_file,
                                       make_randomness(seed, dice, physical_dice))
        for action in parse_bets(bet or [], wealth_bet or [], side_bet or []):
            state.apply(action)
    _run_race(session, state, controllers, auto, json, allow_undo)


def _refuse_given(given: list[str], what: str, option: str) -> None:
    if given:
        raise typer.BadParameter(f"{given[0]} cannot change {what}", param_hint=option)


def _run_race(session: SaveSession, state: Race, controllers: dict[str, str], auto: bool, json: bool,
              allow_undo: bool) -> None:
    """Bots alone run the race and it is reported (saved once, if named); people drive and bet at the shared
    play loop."""
    from magecraft.cli.game_table import play_at_table
    from magecraft.cli.wizard_prince_race_table import RaceTable, bets_done, report, run_bots, save_race
    people = [name for name, kind in controllers.items() if kind == HUMAN]
    if auto and people:
        raise typer.BadParameter(f"--auto races bots only, and {people[0]} is a person", param_hint="--auto")
    table = RaceTable(state, controllers, bets_done(session.loaded.state, state) if session.loaded else ())
    if not people:
        run_bots(table)
        save_race(session, table)
        report(table.state, json)
        return
    play_at_table(session, table, allow_undo=allow_undo, hot_seat=False,
                  finished=lambda: report(table.state, json, with_track=False))


def _scenario_race(path: Path, auto: bool, seed: int | None, dice: str | None,
                   physical: bool) -> tuple[Race, dict[str, str]]:
    """The race of a scenario file at its position, its steps played; the scenario's dice first, then
    ``--seed``/``--dice``/``--physical-dice`` (seeded dice if none is given) for the rest of the race."""
    from magecraft.core.scenario import load_scenario, play_steps, start
    from magecraft.games import registry
    from magecraft.wizard_prince.race.race import Race

    loaded = load_scenario(path)
    if loaded.game != "wizard-prince-race":
        raise typer.BadParameter(f"{path} is a {loaded.game} scenario, not a chariot race",
                                 param_hint="--scenario")
    _, state = start(loaded, registry())
    assert isinstance(state, Race)
    failure = play_steps(state, loaded.play)
    if failure is not None:
        raise typer.BadParameter(f"{path}: {failure}", param_hint="--scenario")
    fresh = make_randomness(seed if seed is not None else loaded.seed, dice, physical)
    fresh.log = state.rng.log  # the scenario's own dice are used up; the log goes on
    state.rng = fresh
    controllers = {name: ("aggressive" if i % 2 == 0 else "cautious") if auto else HUMAN
                   for i, name in enumerate(state.chariots)}
    return state, controllers


def _new_race(drivers: str, npc: int, auto: bool, spectators: str, nobles_file: Path | None,
              track_file: Path | None, rng: Any) -> tuple[Race, dict[str, str]]:
    from magecraft.core.errors import DataError, InputError
    from magecraft.wizard_prince.race.game_type import RaceOptions, new_race, npc_name
    from magecraft.wizard_prince.race.race import stand_in

    chosen = parse_drivers(drivers, auto)
    options = RaceOptions(drivers=tuple(f"{name}:{kind}" for name, kind, _ in chosen), npc=npc,
                          spectators=tuple(n.strip() for n in spectators.split(",") if n.strip()),
                          nobles=str(nobles_file or ""), track=str(track_file or ""))
    try:
        state = new_race(rng, options)
    except InputError as exc:
        if isinstance(exc, DataError):
            raise  # a nobles or track file that cannot be read says so itself
        hint = ("--npc" if "NPC charioteers" in str(exc) else "--nobles" if "nobles file" in str(exc)
                else "--drivers")
        raise typer.BadParameter(str(exc), param_hint=hint) from None
    controllers = {name: driver for name, _, driver in chosen}
    for i in range(1, npc + 1):
        controllers[npc_name(i)] = "aggressive" if i % 2 else "cautious"
    for name in state.barred:
        # the noble may not drive a famous race: a hired charioteer drives his chariot, a bot at the reins
        kind = controllers.pop(name)
        controllers[stand_in(name)] = "cautious" if kind == HUMAN else kind
    return state, controllers


