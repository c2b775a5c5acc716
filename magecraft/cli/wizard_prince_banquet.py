"""The Imperial Banquet at the terminal: its play-loop view, board, nobles panel and events in words.

Shared by ``wizard-prince banquet`` (:mod:`magecraft.cli.wizard_prince`) and the campaign's banquets
(:mod:`magecraft.cli.wizard_prince_campaign`), which import it and not each other.  The rules live in
:mod:`magecraft.wizard_prince`; this module only draws and asks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from magecraft.cli.game_table import GameTable, GameView
from magecraft.cli.options import HUMAN, console
from magecraft.cli.playloop import PlayLoop
from magecraft.cli.render import DiceGroup
from magecraft.core.bots import Bot
from magecraft.core.events import Event
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
from magecraft.wizard_prince.board import FILES, SIZE, Square
from magecraft.wizard_prince.chits import chit_kinds
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.pieces import appointments


class BanquetView(GameView[Action]):
    """The banquet's own at the terminal: actions naming the chits a noble knows, grouped by kind then piece,
    SNOOP's question whom to show the chit, the board with the nobles panel, dice rolled together on one
    line, and who plays each noble saved beside the state."""

    resume_command = "wizard-prince banquet --load {name}"
    save_stem = "banquet"
    prompt = "Action"

    def __init__(self, controllers: Mapping[str, str]) -> None:
        self.controllers = dict(controllers)
        self.dice = DiceGroup()  # a multi-die roll's dice, shown on one line

    def title(self, table: GameTable[Action], player: str) -> str:
        when = f"turn {table.state.turn}" if table.state.turn else "entering the banquet"
        return f"[bold]{player}[/bold], {when}: choose an action"

    def label(self, table: GameTable[Action], player: str, action: Action) -> str:
        return describe(table.state, player, action)

    def heading(self, table: GameTable[Action], action: Action, label: str) -> tuple[str, ...]:
        return _path(table.state, action)

    def complete(self, table: GameTable[Action], loop: PlayLoop[Action], player: str, action: Action) -> Action:
        if isinstance(action, Snoop) and len(table.state.nobles) > 1:
            return Snoop(action.courtier, _ask_show_to(loop, table.state, player))
        return action

    def render(self, table: GameTable[Action], viewer: str | None) -> list[RenderableType]:
        # The nobles panel beside the board when the terminal is wide enough, else under it. Columns would find
        # that out by drawing both once more at every turn, so the width is compared with their usual sizes.
        grid, panel = board(table.state, viewer), nobles_panel(table.state)
        if console().width >= SIDE_BY_SIDE:
            return [Columns([grid, panel], padding=(0, 2))]
        return [grid, panel]

    def event_line(self, table: GameTable[Action], event: Event) -> str | None:
        if event.kind == "roll" and event.label.endswith(" save"):
            return None  # the save's own line follows, with the roll, what it needed and the verdict
        if event.kind == "roll" and event.label.endswith(")") and " (die " in event.label:
            sides = int(str(event.data["dice"]).partition("d")[2])
            line = self.dice.line(event.label, sides, int(event.data["value"]))
            return None if line is None else f"  [dim]{line}[/dim]"
        return event_line(event)

    def ending(self, table: GameTable[Action]) -> str:
        return ending_in_words(table.state)

    def extras(self, table: GameTable[Action]) -> dict[str, Any]:
        return {"controllers": dict(self.controllers)}


class BanquetTable(GameTable[Action]):
    """The banquet at the terminal: people choose by number, bots and NPC nobles play themselves."""

    state: Banquet

    def __init__(self, state: Banquet, bots: Mapping[str, Bot], controllers: Mapping[str, str]) -> None:
        super().__init__(state, BanquetView(controllers), bots=bots,
                         people=[name for name, kind in controllers.items() if kind == HUMAN])


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
