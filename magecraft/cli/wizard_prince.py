"""`magecraft wizard-prince`: Wizard-Prince, the Imperial Banquet.

``banquet`` plays at the terminal (the board drawn with rich, legal actions offered by number, every
roll shown; ``--save``/``--load``), or with ``--auto`` lets bots play a whole banquet and prints the
result.  The rules live in :mod:`magecraft.wizard_prince`; this module parses, calls and renders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from magecraft.cli.options import (
    DbOption,
    DiceOption,
    JsonOption,
    LoadOption,
    PhysicalOption,
    SaveOption,
    SeedOption,
    ask_at_terminal,
    console,
    given_options,
    make_randomness,
    open_store,
    print_json,
)
from magecraft.core.errors import DataError
from magecraft.core.events import Event
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.actions import (
    Action,
    AppointmentMove,
    ChooseAppointment,
    Interfere,
    Mingle,
    Pass,
    Place,
    Present,
    Snoop,
)
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.board import FILES, SIZE, Square, load_setup
from magecraft.wizard_prince.bots import BOTS, Bot, play
from magecraft.wizard_prince.chits import chit_kinds
from magecraft.wizard_prince.nobles import Noble, generate_npc_noble, load_nobles, nobles_from
from magecraft.wizard_prince.pieces import appointments
from magecraft.wizard_prince.settings import SAVE_SYSTEMS, Settings

#: The one command that starts this system (shown by `magecraft` with no arguments).
START: str | None = 'wizard-prince banquet --players "Ann,Bob" --npc 2'

app = typer.Typer(help="Wizard-Prince: the Imperial Banquet.", no_args_is_help=True)

HUMAN = "human"
SYSTEM = "wizard_prince"
DEFAULTS = Settings()


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
        if controller not in (*BOTS, HUMAN):
            raise typer.BadParameter(f"{controller!r} is not a kind of player (choose human, "
                                     f"{', '.join(BOTS)})", param_hint="--players")
        if auto and controller == HUMAN:
            raise typer.BadParameter("--auto plays bots only", param_hint="--players")
        out.append((name.strip(), controller))
    return out


@app.command()
def banquet(
    players: Annotated[str, typer.Option("--players", help='Player nobles, e.g. "Ann,Bob" or "Ann:random" '
                                         "(human unless a bot is named: heuristic, random, npc).")] = "",
    npc: Annotated[int, typer.Option("--npc", help="How many NPC nobles to roll up (seed's optional rule).")] = 0,
    auto: Annotated[bool, typer.Option("--auto", help="Bots only: play the whole banquet and print it.")] = False,
    nobles_file: Annotated[Path | None, typer.Option("--nobles", help="TOML file of [[noble]] sheets.")] = None,
    setup_file: Annotated[Path | None, typer.Option("--setup", help="TOML starting position.")] = None,
    save_system: Annotated[str, typer.Option("--saves", help="Saving throws: oed or d20 (DC 15).")
                           ] = DEFAULTS.save_system,
    max_turns: Annotated[int, typer.Option("--max-turns", help="Turns before the Emperor retires.")
                         ] = DEFAULTS.max_turns,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json: JsonOption = False,
    save: SaveOption = None,
    load: LoadOption = None,
    db: DbOption = None,
) -> None:
    """Play the Imperial Banquet."""
    if load:
        # a saved banquet carries its own nobles, board, settings and dice
        given = given_options(players=players or None, npc=npc or None, nobles=nobles_file, setup=setup_file,
                              saves=save_system != DEFAULTS.save_system,
                              max_turns=max_turns != DEFAULTS.max_turns, seed=seed, dice=dice or None,
                              physical_dice=physical_dice)
        if given:
            raise typer.BadParameter(f"{given[0]} cannot change a saved banquet", param_hint="--load")
        saved = open_store(db).load(load, SYSTEM, "game").state
        if not isinstance(saved.get("controllers"), dict):
            raise DataError(f"saved banquet {load!r} is malformed: it does not say who plays each noble")
        controllers = {str(k): str(v) for k, v in saved["controllers"].items()}
        people = [name for name, kind in controllers.items() if kind == HUMAN]
        if auto and people:
            raise typer.BadParameter(f"--auto plays bots only, and {people[0]} is a person in this banquet",
                                     param_hint="--auto")
        state = Banquet.from_dict(saved)
        if set(controllers) != set(state.nobles) or not set(controllers.values()) <= {*BOTS, HUMAN}:
            raise DataError(f"saved banquet {load!r} is malformed: its players do not match its nobles")
        if state.rng.source.kind == "physical":
            state.rng = Randomness.restore(saved["rng"], state.log, ask=ask_at_terminal)
    else:
        state, controllers = _new_banquet(players, npc, auto, nobles_file, setup_file, save_system, max_turns,
                                          make_randomness(seed, dice, physical_dice))
    bots: dict[str, Bot] = {name: BOTS[kind]() for name, kind in controllers.items() if kind != HUMAN}
    if auto or not any(kind == HUMAN for kind in controllers.values()):
        play(state, bots)
        _save(save, db, state, controllers)
        _report(state, json)
        return
    _play_at_terminal(state, bots, controllers, save, db)
    if state.is_terminal():
        _report(state, json)


def _new_banquet(players: str, npc: int, auto: bool, nobles_file: Path | None, setup_file: Path | None,
                 save_system: str, max_turns: int, rng: Randomness) -> tuple[Banquet, dict[str, str]]:
    if npc < 0:
        raise typer.BadParameter(f"{npc} NPC nobles: choose 0 or more", param_hint="--npc")
    if save_system not in SAVE_SYSTEMS:
        raise typer.BadParameter(f"{save_system!r}: choose {' or '.join(SAVE_SYSTEMS)}", param_hint="--saves")
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


def _save(name: str | None, db: Path | None, state: Banquet, controllers: Mapping[str, str]) -> None:
    if name:
        open_store(db).save(name, SYSTEM, "game", {**state.to_dict(), "controllers": dict(controllers)})


def _play_at_terminal(state: Banquet, bots: Mapping[str, Bot], controllers: Mapping[str, str],
                      save: str | None, db: Path | None) -> None:
    out = console()
    shown = len(state.log)
    humans = [name for name, kind in controllers.items() if kind == HUMAN]
    at_screen = humans[0] if len(humans) == 1 else ""
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        if player in bots:
            state.apply(bots[player].choose(state, player))
            shown = _show_events(state, shown, None)
            continue
        if player != at_screen:
            # several people share the screen: what one has snooped must not stay in view for the next
            ask_at_terminal(f"Pass the screen to {player}, then press Enter")
            out.clear()
            at_screen = player
        shown = _show_events(state, shown, player)
        out.print(board(state, player))
        chosen = _choose(state, player, save)
        if chosen is None:
            _save(save, db, state, controllers)
            out.print("Stopped." + (f" Resume with --load {save}." if save else ""))
            return
        if isinstance(chosen, Snoop) and len(state.nobles) > 1:
            chosen = Snoop(chosen.courtier, _ask_show_to(state, player))
        state.apply(chosen)
        shown = _show_events(state, shown, player)
        _save(save, db, state, controllers)
    _show_events(state, shown, None)


#: Longer lists of actions are offered by kind first (MINGLE, SNOOP, INTERFERE, ...).
_FLAT_MENU = 15


def _choose(state: Banquet, player: str, save: str | None) -> Action | None:
    """Ask ``player`` for a legal action by number (``None``: he stops); bad answers are asked again."""
    actions = state.legal_actions()
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(_kind(action), []).append(action)
    stop = f"q to {'save and ' if save else ''}stop"
    when = f"turn {state.turn}" if state.turn else "entering the banquet"
    out = console()
    while True:
        out.print(f"[bold]{player}[/bold], {when}: choose an action")
        if len(actions) <= _FLAT_MENU or len(groups) == 1:
            answer = _pick(state, player, actions, stop)
            return None if answer is None else actions[answer - 1]
        kinds = list(groups)
        for number, kind in enumerate(kinds, start=1):
            count = len(groups[kind])
            out.print(f"  {number:>3}. {kind}" + (f" ({count} choices)" if count > 1 else ""))
        answer = _number(f"Kind of action 1-{len(kinds)} ({stop})", len(kinds))
        if answer is None:
            return None
        group = groups[kinds[answer - 1]]
        if len(group) == 1:
            return group[0]
        answer = _pick(state, player, group, f"0 to go back, {stop}", back=True)
        if answer != 0:
            return None if answer is None else group[answer - 1]


def _pick(state: Banquet, player: str, actions: Sequence[Action], stop: str, back: bool = False) -> int | None:
    """List ``actions`` and ask for one by number (0 goes back when ``back``; ``None`` for q)."""
    out = console()
    for number, action in enumerate(actions, start=1):
        out.print(f"  {number:>3}. {describe(state, player, action)}")
    return _number(f"Action 1-{len(actions)} ({stop})", len(actions), back)


def _number(prompt: str, high: int, back: bool = False) -> int | None:
    """A number from 1 (or 0 when going back is allowed) to ``high``, or ``None`` for q; asked until given."""
    low = 0 if back else 1
    while True:
        answer = ask_at_terminal(prompt).strip()
        if answer.lower() == "q":
            return None
        if answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        console().print(f"[red]{answer!r} is not one of {low}-{high}[/red]")


def _kind(action: Action) -> str:
    """The heading an action is offered under."""
    return {Mingle: "MINGLE", Snoop: "SNOOP", Interfere: "INTERFERE", AppointmentMove: "appointment move",
            Pass: "pass"}.get(type(action), "choose")


def _ask_show_to(state: Banquet, player: str) -> tuple[str, ...]:
    """SNOOP: "He does not show it to the other players, though he may do so ... only to those ... he chooses"."""
    others = [n for n in state.nobles if n != player]
    while True:
        answer = ask_at_terminal(f"Show the chit to (comma-separated, blank for nobody: {', '.join(others)})")
        names = tuple(n.strip() for n in answer.split(",") if n.strip())
        unknown = [n for n in names if n not in others]
        if not unknown:
            return names
        console().print(f"[red]{unknown[0]!r} is not another player at this banquet[/red]")


def _show_events(state: Banquet, start: int, viewer: str | None) -> int:
    """Print the events since ``start`` that ``viewer`` may see (every roll, every change)."""
    out = console()
    for event in list(state.log)[start:]:
        if _visible(event, viewer):
            out.print(event_line(event))
    return len(state.log)


def _visible(event: Event, viewer: str | None) -> bool:
    private = event.data.get("private_to")
    return private is None or (viewer is not None and viewer in private)


def event_line(event: Event) -> str:
    if event.kind == "roll":
        return f"  [dim]{event.label}: rolled {event.data['value']} on {event.data['dice']}[/dim]"
    if event.kind == "table":
        return f"  {event.label}: {event.data['result']}"
    if event.kind == "save":
        return f"  {event.label}: {event.data['roll']} -> {'saved' if event.data['saved'] else 'failed'}"
    return f"{event.label}"


def describe(state: Banquet, viewer: str, action: Action) -> str:
    """An action in words, naming the chit under a courtier when the viewer knows it, the courtier he
    presents, the Usurper's piece he places and the appointment he is offered."""
    if isinstance(action, Present):
        return f"present the {state.chits[action.chit].info.name} ({action.chit})"
    if isinstance(action, Place):
        return f"place the Usurper's {state.pending[0]['pieces'][0]['kind']} on {action.square}"
    if isinstance(action, ChooseAppointment):
        offer = appointments()[str(state.pending[0]["offer"])].title
        return f"take the office of {offer}" if action.take else f"keep the present appointment, not {offer}"
    text = action.describe()
    piece = action.courtier if isinstance(action, Snoop) else getattr(action, "piece", "")
    if piece in state.pieces and state.pieces[piece].kind == "courtier":
        kind = state.visible_chit(viewer, piece)
        if kind:
            text += f" [{chit_kinds()[kind].name}]"
    return text


#: Chess letters, upper case for white pieces and lower case for black, as in chess notation.
_FIGURES = {"king": "K", "knight": "N", "pawn": "P", "queen": "Q", "rook": "R", "bishop": "B"}


def board(state: Banquet, viewer: str | None) -> Table:
    """The banquet board as ``viewer`` sees it: pieces, nobles, gates, the Table and known chits."""
    when = f"turn {state.turn}" if state.turn else "the nobles enter"
    grid = Table(title=f"The Imperial Banquet, {when}", show_lines=True, padding=(0, 0))
    grid.add_column("", min_width=1)
    for f in FILES:
        grid.add_column(f, justify="center", width=7)
    occ = state.occupants()
    for rank in range(SIZE - 1, -1, -1):
        cells: list[Text | str] = [str(rank + 1)]
        for file in range(SIZE):
            square = Square(file, rank)
            cells.append(_cell(state, viewer, square, occ.get(square, [])))
        grid.add_row(*cells)
    waiting = [n.name for n in state.nobles.values() if n.where == "waiting"]
    gates = ", ".join(str(g) for g in state.setup.gates)
    known = [f"{p.id.split('-')[1]} {chit_kinds()[kind].name}" for p in state.courtiers()
             if viewer is not None and (kind := state.visible_chit(viewer, p.id))]
    grid.caption = (f"white pieces upper case, black lower case; gates {gates}; "
                    f"off the board: {', '.join(waiting) or 'nobody'}"
                    + (f"\ncourtiers {viewer} knows: {', '.join(known)}" if known else ""))
    return grid


def _cell(state: Banquet, viewer: str | None, square: Square, here: Sequence[Any]) -> Text:
    if square in state.setup.table:
        return Text("TABLE", style="bold white on grey23")
    text = Text(style="on dark_green" if square in state.setup.gates else "")
    for thing in here:
        if isinstance(thing, Noble):
            text.append(thing.name.replace(" ", "")[:4], style="bold magenta")
        else:
            letter = _FIGURES[thing.figure]
            text.append(letter if thing.colour == "white" else letter.lower(), style="bold")
            if thing.kind == "courtier" and viewer is not None:
                kind = state.visible_chit(viewer, thing.id)
                text.append(f" {thing.id.split('-')[1]}")
                if kind:
                    text.append(f" {chit_kinds()[kind].name[:5]}", style="cyan")
            elif thing.kind == "courtier":
                text.append(f" {thing.id.split('-')[1]}")
        text.append(" ")
    return text


def _report(state: Banquet, json: bool) -> None:
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
    out.print(board(state, None))
    table = Table(title=f"The banquet ends: {result.ended_by} (turn {result.turns})")
    table.add_column("noble")
    table.add_column("fate", min_width=9)
    table.add_column("presented")
    for column in ("status", "wealth", "legions", "fleets"):
        table.add_column(column, no_wrap=True)
    table.add_column("other")
    names = chit_kinds()
    for n in result.nobles:
        other = [f"{k.replace('_', ' ')} {v}" for k, v in n.counts.items() if v]
        if n.appointment:
            other.append(f"appointment: {appointments()[n.appointment].title}")
        other += [f"crown prince duel (level {lv})" for lv in n.crown_prince_duels]
        other += [f"crown prince support {s}" for s in n.crown_prince_support]
        table.add_row(n.name, n.fate, ", ".join(names[k].name for k in n.presented) or "-",
                      *(f"{n.final[s]} ({n.changes[s]:+d})" for s in ("status", "wealth", "legions", "fleets")),
                      "; ".join(other) or "-")
    out.print(table)
    war = "Civil War" if result.civil_war else "Barbarian Invasion" if result.barbarian_invasion else "none"
    out.print(f"Emperors at the end: {result.emperors}. Major war: {war}. Feudal wars: {result.feudal_wars}."
              + (" A coup has changed the regime." if result.coup else ""))
