"""`magecraft wizard-prince`: Wizard-Prince, the Imperial Banquet.

``banquet`` plays at the terminal (the board drawn with rich, legal actions offered by number, every
roll shown; ``--save``/``--load``), or with ``--auto`` lets bots play a whole banquet and prints the
result.  The rules live in :mod:`magecraft.wizard_prince`; this module parses, calls and renders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from random import SystemRandom
from typing import Annotated, Any

import typer
from rich import box
from rich.columns import Columns
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

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
)
from magecraft.cli.playloop import Choice, Ending, Menu, PlayLoop, TableGame
from magecraft.cli.render import DiceGroup
from magecraft.cli.sessions import SaveSession, open_session
from magecraft.cli.wizard_prince_campaign import app as campaign_app
from magecraft.core.bots import Bot, play_out
from magecraft.core.errors import DataError
from magecraft.core.events import Event, EventLog
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, start
from magecraft.games import registry
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
from magecraft.wizard_prince.chits import chit_kinds
from magecraft.wizard_prince.game_type import BANQUET
from magecraft.wizard_prince.nobles import Noble, generate_npc_noble, load_nobles, nobles_from
from magecraft.wizard_prince.pieces import appointments
from magecraft.wizard_prince.settings import SAVE_SYSTEMS, Settings

#: The one command that starts this system (shown by `magecraft` with no arguments).
START: str | None = 'wizard-prince banquet --players "Ann,Bob" --npc 2'

app = typer.Typer(help="Wizard-Prince: the Imperial Banquet.", no_args_is_help=True)
app.add_typer(campaign_app, name="campaign")

HUMAN = "human"
SYSTEM = "wizard_prince"
DEFAULTS = Settings()
#: The kinds of player a noble may have besides a person: the registered bots of the banquet.
BOTS = tuple(BANQUET.bots)


def make_bots(controllers: Mapping[str, str], seed: int | None) -> dict[str, Bot]:
    """The registered bot for every noble a person does not play, each with dice of its own (drawn from
    ``seed``, so a seeded banquet plays the same again; never the banquet's own dice)."""
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
    nobles_file: Annotated[Path | None, typer.Option(
        "--nobles", help="TOML file of \\[\\[noble]] sheets.")] = None,  # escaped: rich reads [x] as a style
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
    overwrite: OverwriteOption = False,
    db: DbOption = None,
    allow_undo: AllowUndoOption = False,
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="Start from the position of a scenario file (docs/scenarios/wizard-prince-banquet-*).")
    ] = None,
) -> None:
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
    if scenario is not None and load:
        raise typer.BadParameter("a scenario starts a new banquet; --load resumes a saved one",
                                 param_hint="--load")
    if load:
        # a saved banquet carries its own nobles, board, settings and dice
        given = given_options(players=players or None, npc=npc or None, nobles=nobles_file, setup=setup_file,
                              saves=save_system != DEFAULTS.save_system,
                              max_turns=max_turns != DEFAULTS.max_turns, seed=seed, dice=dice or None,
                              physical_dice=physical_dice)
        if given:
            raise typer.BadParameter(f"{given[0]} cannot change a saved banquet", param_hint="--load")
        saver = open_session(db, SYSTEM, "game", save=save, load=load, overwrite=overwrite)
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
        if set(controllers) != set(state.nobles) or not set(controllers.values()) <= {*BOTS, HUMAN}:
            raise DataError(f"saved banquet {load!r} is malformed: its players do not match its nobles")
    elif scenario is not None:
        given = given_options(npc=npc or None, nobles=nobles_file, setup=setup_file,
                              saves=save_system != DEFAULTS.save_system, max_turns=max_turns != DEFAULTS.max_turns,
                              seed=seed, dice=dice or None, physical_dice=physical_dice)
        if given:
            raise typer.BadParameter(f"{given[0]} cannot change a scenario's banquet", param_hint="--scenario")
        saver = open_session(db, SYSTEM, "game", save=save, overwrite=overwrite)
        state, controllers = _scenario_banquet(scenario, players, auto)
    else:
        saver = open_session(db, SYSTEM, "game", save=save, overwrite=overwrite)
        state, controllers = _new_banquet(players, npc, auto, nobles_file, setup_file, save_system, max_turns,
                                          make_randomness(seed, dice, physical_dice))
    bots = make_bots(controllers, seed)
    if auto or not any(kind == HUMAN for kind in controllers.values()):
        play_out(state, bots)
        said = _save(saver, state, controllers)
        _report(state, json)
        if said and not json:
            console().print(said)
        return
    table = BanquetTable(state, bots, controllers)
    ending = PlayLoop(table, saver, allow_undo_after_rolls=allow_undo).run()
    if ending is Ending.FINISHED:
        _report(table.state, json, with_board=False)
    elif ending.status:
        raise typer.Exit(ending.status)


def _new_banquet(players: str, npc: int, auto: bool, nobles_file: Path | None, setup_file: Path | None,
                 save_system: str, max_turns: int, rng: Randomness) -> tuple[Banquet, dict[str, str]]:
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


class BanquetTable(TableGame[Action]):
    """The banquet at the terminal: people choose by number, bots and NPC nobles play themselves."""

    resume_command = "wizard-prince banquet --load {name}"
    save_stem = "banquet"

    def __init__(self, state: Banquet, bots: Mapping[str, Bot], controllers: Mapping[str, str]) -> None:
        self.state = state
        self.bots = bots
        self.controllers = dict(controllers)
        self.dice = DiceGroup()  # a multi-die roll's dice, shown on one line

    def people(self) -> list[str]:
        return [name for name, kind in self.controllers.items() if kind == HUMAN]

    def current_player(self) -> str | None:
        return self.state.current_player()

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def log(self) -> EventLog:
        return self.state.log

    def snapshot(self) -> dict[str, Any]:
        return {**self.state.to_dict(), "controllers": dict(self.controllers)}

    def restore(self, snapshot: dict[str, Any]) -> None:
        self.state = Banquet.from_dict(snapshot, ask=ask_die_once)

    def randomness(self) -> Randomness:
        return self.state.rng

    def bot_action(self, player: str) -> Action:
        action: Action = self.bots[player].choose(self.state, player)
        return action

    def menu(self, player: str) -> Menu[Action]:
        when = f"turn {self.state.turn}" if self.state.turn else "entering the banquet"
        choices = [Choice(describe(self.state, player, action), action, _path(self.state, action))
                   for action in self.state.legal_actions()]
        return Menu(f"[bold]{player}[/bold], {when}: choose an action", choices, prompt="Action")

    def complete(self, loop: PlayLoop[Action], player: str, action: Action) -> Action:
        if isinstance(action, Snoop) and len(self.state.nobles) > 1:
            return Snoop(action.courtier, _ask_show_to(loop, self.state, player))
        return action

    def apply(self, action: Action) -> None:
        self.state.apply(action)

    def render(self, viewer: str | None) -> list[RenderableType]:
        # The nobles panel beside the board when the terminal is wide enough, else under it. Columns would find
        # that out by drawing both once more at every turn, so the width is compared with their usual sizes.
        grid, panel = board(self.state, viewer), nobles_panel(self.state)
        if console().width >= SIDE_BY_SIDE:
            return [Columns([grid, panel], padding=(0, 2))]
        return [grid, panel]

    def event_line(self, event: Event) -> str | None:
        if event.kind == "roll" and event.label.endswith(" save"):
            return None  # the save's own line follows, with the roll, what it needed and the verdict
        if event.kind == "roll" and event.label.endswith(")") and " (die " in event.label:
            sides = int(str(event.data["dice"]).partition("d")[2])
            line = self.dice.line(event.label, sides, int(event.data["value"]))
            return None if line is None else f"  [dim]{line}[/dim]"
        return event_line(event)

    def ending(self) -> str:
        return ending_in_words(self.state)


def _path(state: Banquet, action: Action) -> tuple[str, ...]:
    """The headings an action is offered under: its kind, then the piece it moves (INTERFERE offers ~100)."""
    kind = _kind(action)
    piece = getattr(action, "piece", "")
    if piece in state.pieces:
        return (kind, _piece_name(state, piece))
    if isinstance(action, Mingle):
        return (kind,)
    return (kind,) if kind != "choose" else ()


def _piece_name(state: Banquet, piece_id: str) -> str:
    """A piece in words: ``knight courtier 14 on c5``."""
    piece = state.pieces[piece_id]
    number = f" {piece_id.split('-')[1]}" if piece.kind == "courtier" else ""
    return f"{piece.figure} ({piece.kind}{number}) on {piece.square}"


def _kind(action: Action) -> str:
    """The heading an action is offered under."""
    return {Mingle: "MINGLE", Snoop: "SNOOP", Interfere: "INTERFERE", AppointmentMove: "appointment move",
            Pass: "pass"}.get(type(action), "choose")


def _ask_show_to(loop: PlayLoop[Action], state: Banquet, player: str) -> tuple[str, ...]:
    """SNOOP: "He does not show it to the other players, though he may do so ... only to those ... he chooses"."""
    others = [n for n in state.nobles if n != player]
    while True:
        answer = loop.ask(f"Show the chit to (comma-separated, blank for nobody: {', '.join(others)})",
                          lines=("names of other players, separated by commas", "blank: show it to nobody"))
        names = tuple(n.strip() for n in answer.split(",") if n.strip())
        unknown = [n for n in names if n not in others]
        if not unknown:
            return names
        console().print(f"[red]{unknown[0]!r} is not another player at this banquet[/red]")


def event_line(event: Event) -> str:
    """An event in words; rolls with their arithmetic and what they needed ("save 1d20 = 14, needs 15: fails")."""
    data = event.data
    if event.kind == "roll":
        return f"  [dim]{event.label}: rolled {data['value']} on {data['dice']}[/dim]"
    if event.kind == "table":
        return f"  {event.label}: {data['result']}"
    if event.kind == "save":
        return f"  {event.label}: {save_arithmetic(data)}"
    if "faces" in data:
        product = "×".join(str(face) for face in data["faces"])
        halved = ", halved by the save" if data.get("saved") else ""
        return f"{event.label} ({str(data['dice']).replace('x', '×')} = {product} = {data['rolled']}{halved})"
    return f"{event.label}"


def save_arithmetic(data: Mapping[str, Any]) -> str:
    """A saving throw's roll, what it needed and the verdict.

    >>> save_arithmetic({"roll": 14, "target": 15, "saved": False})
    '1d20 = 14, needs 15: fails'
    >>> save_arithmetic({"roll": 12, "bonus": 4, "dc": 15, "saved": True})
    '1d20 = 12 + 4 = 16, needs 15 (DC): saves'
    >>> save_arithmetic({"roll": 9, "statistic": 11, "saved": True})
    '1d20 = 9, needs 11 or less: saves'
    """
    verdict = "saves" if data["saved"] else "fails"
    roll = data["roll"]
    if "dc" in data:
        bonus = data["bonus"]
        sign = "+" if bonus >= 0 else "-"
        return f"1d20 = {roll} {sign} {abs(bonus)} = {roll + bonus}, needs {data['dc']} (DC): {verdict}"
    if "statistic" in data:
        return f"1d20 = {roll}, needs {data['statistic']} or less: {verdict}"
    return f"1d20 = {roll}, needs {data['target']}: {verdict}"


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
    text = state.action_text(action)
    piece = action.courtier if isinstance(action, Snoop) else getattr(action, "piece", "")
    if piece in state.pieces and state.pieces[piece].kind == "courtier":
        kind = state.visible_chit(viewer, piece)
        if kind:
            text += f" [{chit_kinds()[kind].name}]"
    return text


#: Columns a terminal needs for the nobles panel beside the board: the board is 67 wide, the panel about 76.
SIDE_BY_SIDE = 150

#: Chess letters, upper case for white pieces and lower case for black, as in chess notation.
_FIGURES = {"king": "K", "knight": "N", "pawn": "P", "queen": "Q", "rook": "R", "bishop": "B"}


def board(state: Banquet, viewer: str | None) -> Table:
    """The banquet board as ``viewer`` sees it: pieces, nobles, gates, the Table and known chits."""
    when = f"turn {state.turn}" if state.turn else "the nobles enter"
    grid = Table(title=f"The Imperial Banquet, {when}", show_lines=True, padding=(0, 0), caption_justify="left")
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
    labels = board_labels(list(state.nobles))
    shortened = [f"{label} {name}" for name, label in labels.items()
                 if not name.replace(" ", "").startswith(label)]
    grid.caption = (f"{LEGEND}; gates {gates}; "
                    + (f"on the board {', '.join(shortened)}; " if shortened else "")
                    + f"off the board: {', '.join(waiting) or 'nobody'}"
                    + (f"\ncourtiers {viewer} knows: {', '.join(known)}" if known else ""))
    return grid


#: What the letters on the board stand for.
LEGEND = ("K the Emperor, N a Praetorian Guard, P a white courtier, p a black courtier (with its number), "
          "Q/R/B an Empress, Crown Prince or Hierophant once met; noble names in magenta, the Table grey, "
          "gates green")


def nobles_panel(state: Banquet) -> Table:
    """Beside the board: each noble's Status, Wealth, Legions, Fleets, hit points, courtiers held and
    appointment (all public at the banquet).

    It fits 80 columns without cutting a heading or breaking a name, even with a campaign's longer names:
    no lines between the columns (one space of padding), an NPC noble marked ``*`` (explained under the
    table) rather than by a word that widens the column.
    """
    npcs = any(noble.npc for noble in state.nobles.values())
    panel = Table(title="Nobles", show_lines=False, show_edge=False, pad_edge=False, title_justify="left",
                  box=box.SIMPLE_HEAD, collapse_padding=True,
                  caption="* an NPC noble" if npcs else None, caption_justify="left")
    for column in ("noble", "where", "Status", "Wealth", "Legions", "Fleets", "hp", "holds", "appointment"):
        panel.add_column(column, justify="right" if column in ("Status", "Wealth", "Legions", "Fleets", "hp")
                         else "left", no_wrap=column in ("noble", "where"))
    offices = appointments()
    for noble in state.nobles.values():
        where = noble.square if noble.where == "board" else noble.where
        held = ", ".join(c.split("-")[1] for c in noble.held) or "-"
        office = offices[noble.appointment].title if noble.appointment in offices else (noble.appointment or "-")
        panel.add_row(noble.name + ("*" if noble.npc else ""), where, str(noble.status), str(noble.wealth),
                      str(noble.legions), str(noble.fleets), str(noble.hit_points), held, office)
    return panel


def ending_in_words(state: Banquet) -> str:
    """The end of the banquet in words: why it ended, and what the Empire's year holds ("War")."""
    result = state.banquet_result()
    if result.no_emperor:
        war = "no Emperor remained: civil war follows"
    elif result.two_emperors:
        war = "two Emperors claim the throne: civil war follows"
    elif result.barbarian_invasion:
        war = "the Wounded Ranger was presented: barbarians invade"
    else:
        war = "one Emperor reigns: no major war"
    feudal = f"; {result.feudal_wars} feudal war(s) by the Lord Marshal's writ" if result.feudal_wars else ""
    coup = "; a coup has changed the regime" if result.coup else ""
    return (f"The banquet is over ({result.ended_by}, turn {result.turns}). The banquet itself has no winner "
            f"by the rules; {war}{feudal}{coup}.")


def board_labels(names: Sequence[str]) -> dict[str, str]:
    """Each noble's label on the board, at most 4 letters and different for every noble.

    The first four letters (spaces dropped) while they tell the nobles apart; otherwise the initials of the
    words with any number kept whole ("NPC Noble 1" -> "NN1"), then the first letters and a count.

    >>> board_labels(["Ann", "NPC 1", "NPC 2"])
    {'Ann': 'Ann', 'NPC 1': 'NPC1', 'NPC 2': 'NPC2'}
    >>> board_labels(["Ann", "NPC Noble 1", "NPC Noble 2"])
    {'Ann': 'Ann', 'NPC Noble 1': 'NN1', 'NPC Noble 2': 'NN2'}
    >>> board_labels(["Anna Bel", "Anna Lee", "Annabel", "Annabella"])
    {'Anna Bel': 'AB', 'Anna Lee': 'AL', 'Annabel': 'Ann1', 'Annabella': 'Ann2'}
    """
    labels = {name: name.replace(" ", "")[:4] for name in names}
    for rename in (_initials, _numbered):
        shared = [name for name in names if list(labels.values()).count(labels[name]) > 1]
        labels.update(rename(shared))
    return labels


def _initials(names: Sequence[str]) -> dict[str, str]:
    """The initials of each name's words, numbers kept whole (names of one word, or too long, keep none)."""
    found = {}
    for name in names:
        words = name.split()
        initials = "".join(w if w.isdigit() else w[0] for w in words)
        if len(words) > 1 and len(initials) <= 4:
            found[name] = initials
    return found


def _numbered(names: Sequence[str]) -> dict[str, str]:
    """The first three letters and a count."""
    return {name: f"{name.replace(' ', '')[:3]}{n}" for n, name in enumerate(names, start=1)}


def _cell(state: Banquet, viewer: str | None, square: Square, here: Sequence[Any]) -> Text:
    if square in state.setup.table:
        return Text("TABLE", style="bold white on grey23")
    text = Text(style="on dark_green" if square in state.setup.gates else "")
    for thing in here:
        if isinstance(thing, Noble):
            text.append(board_labels(list(state.nobles))[thing.name], style="bold magenta")
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


def _report(state: Banquet, json: bool, with_board: bool = True) -> None:
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


from magecraft.cli import wizard_prince_race  # noqa: E402, F401  (registers `wizard-prince race`)
