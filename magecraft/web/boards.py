"""Boards drawn for a page from a seat's ``observation`` alone, so a page can hold nothing the seat may not see.

The banquet is drawn square by square (:func:`banquet`); every other game is read through a :class:`Board` of
plain specifications -- the facts worth a line, and tables of rows with their columns -- and shown as HTML
tables: the race's chariots and the crowd's gold, Mage Wars' arena zones and units, the duel's life and hands,
the battle's party and foes, the realm's clearings, the world's realms, the campaign's nobles and provinces.
Nothing is decided here: each cell is a value of the observation, formatted.  A game with no board, or whose
view holds none of its board's values, shows its observation as a tree of values (``views.tree``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

#: Letters of the chess figures the banquet uses for its pieces ("The Imperial Banquet": the board).
FIGURES = {"king": "K", "knight": "N", "pawn": "P", "queen": "Q", "rook": "R", "bishop": "B"}
STATS = ("status", "wealth", "legions", "fleets", "hit_points")
#: The nobles' numbers as a 360 px column has room for them (the full name on hover and to screen readers).
STAT_NAMES = (("Sta", "Status"), ("Wea", "Wealth"), ("Leg", "Legions"), ("Flt", "Fleets"), ("hp", "hit points"))


def banquet(view: Mapping[str, Any]) -> dict[str, Any]:
    """The banquet as ``view["viewer"]`` sees it: the board (pieces, nobles, the Table, the gates, the chits
    under the courtiers that viewer has seen), the chits it snooped (private) and those everyone saw, and
    the nobles' public numbers.  "A SNOOP is seen only by the snooper and those he shows it to"
    (The Imperial Banquet: Actions)."""
    from magecraft.wizard_prince.board import FILES, SIZE
    from magecraft.wizard_prince.chits import chit_kinds

    kinds = chit_kinds()
    seen = {c["id"]: c["kind"] for c in view["chits"]}
    setup = view["setup"]
    here: dict[str, list[dict[str, str]]] = {}
    courtier_of: dict[str, dict[str, Any]] = {}
    for piece in view["pieces"]:
        if not piece.get("square"):
            continue
        letter = FIGURES.get(piece["figure"], "?")
        thing = {"text": letter if piece["colour"] == "white" else letter.lower(), "cls": "piece",
                 "id": piece["id"], "chit": ""}
        if piece["kind"] == "courtier":
            courtier_of[piece["chit"]] = piece
            thing["text"] += " " + piece["id"].split("-")[1]
            kind = seen.get(piece["chit"], "")
            thing["chit"] = kinds[kind].name if kind in kinds else kind
        here.setdefault(piece["square"], []).append(thing)
    for noble in view["nobles"]:
        if noble["where"] == "board" and noble["square"]:
            here.setdefault(noble["square"], []).append(
                {"text": _label(noble["name"]), "cls": "noble", "id": noble["name"], "chit": ""})
    rows = []
    for rank in range(SIZE, 0, -1):
        cells = []
        for file in FILES:
            square = f"{file}{rank}"
            cls = "table" if square in setup["table"] else "gate" if square in setup["gates"] else ""
            cells.append({"square": square, "cls": cls, "things": here.get(square, [])})
        rows.append({"rank": rank, "cells": cells})
    viewer = view["viewer"]

    def chit_line(chit_id: str) -> dict[str, str]:
        piece = courtier_of.get(chit_id)
        where = f"courtier {piece['id'].split('-')[1]} on {piece['square']}" if piece else "held or met"
        kind = seen.get(chit_id, "")
        info = kinds.get(kind)
        return {"id": chit_id, "courtier": piece["id"] if piece else "", "name": info.name if info else kind,
                "where": where,
                "polarity": info.polarity if info else ""}

    mine = [chit_line(c) for c in view["knowledge"].get(viewer, [])]
    public = [chit_line(c) for c in view["public"] if c not in view["knowledge"].get(viewer, [])]
    # a seat's observation holds only its own knowledge; the game master's view holds every noble's
    others = {name: [chit_line(c) for c in ids] for name, ids in view["knowledge"].items() if name != viewer}
    nobles = [{"name": n["name"], "npc": n["npc"], "me": n["name"] == viewer,
               "where": n["square"] if n["where"] == "board" else n["where"],
               "stats": [n[s] for s in STATS], "held": len(n.get("held", []))} for n in view["nobles"]]
    when = f"turn {view['turn']}" if view["turn"] else "the nobles enter"
    return {"kind": "banquet", "title": f"The Imperial Banquet, {when}", "files": FILES, "rows": rows,
            "mine": mine, "public": public, "others": others, "nobles": nobles,
            "stat_names": STAT_NAMES}


def _label(name: str) -> str:
    """A noble's name as it fits a square: four letters, spaces dropped."""
    return name.replace(" ", "")[:4]


# -- the other games: boards as specifications --------------------------------------------------------------
def value_at(view: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a view (``turn.name``, ``sides.0.life``); None where there is none."""
    node = view
    for part in path.split(".") if path else ():
        if isinstance(node, Mapping):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def cell(value: Any) -> str:
    """A value as a table cell: a list by its items (or its length when long), a mapping as ``key value``."""
    if value is None or value == "":
        return "—"
    if value is True or value is False:
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        shown = [f"{k} {cell(v)}" for k, v in value.items() if v not in (None, 0, False, "", [], {})]
        return ", ".join(shown) or "—"
    if isinstance(value, list | tuple):
        if len(value) > 8 or any(isinstance(v, Mapping | list) for v in value):
            return str(len(value))
        return ", ".join(cell(v) for v in value) or "—"
    return str(value)


def count(value: Any) -> str:
    """How many: a list's length, or the number a view gives instead of hidden items (another seat's hand)."""
    return str(len(value)) if isinstance(value, list | tuple) else cell(value)


def plus_one(value: Any) -> str:
    """A place counted from 0 in the saved form, as the table counts it, from 1 (the race's lanes)."""
    return str(value + 1) if isinstance(value, int) else cell(value)


@dataclass(frozen=True)
class Column:
    """One column: its heading, the path of its value in a row, how the value is written."""

    heading: str
    path: str
    show: Callable[[Any], str] = cell


@dataclass(frozen=True)
class Rows:
    """A table of a board: ``path`` names a list of rows (or a mapping, one row per key: ``key``/``value``);
    ``keep`` names a field that must be set for a row to be listed; ``group_by`` gathers the rows sharing
    a value (the units in each zone) into one row: the value, then the second column of each, joined.
    With no columns each item is one cell (a range: ``c1, you, ranged``)."""

    caption: str
    path: str
    columns: tuple[Column, ...]
    keep: str = ""
    group_by: str = ""


@dataclass(frozen=True)
class Board:
    """A game's board: a title with facts (label, path) beside it and its tables."""

    title: str
    facts: tuple[tuple[str, str], ...]
    tables: tuple[Rows, ...]


def _rows(view: Mapping[str, Any], spec: Rows) -> list[list[str]]:
    raw = value_at(view, spec.path)
    if isinstance(raw, Mapping):
        raw = [{"key": k, "value": v} for k, v in raw.items()]
    if not isinstance(raw, list):
        return []
    if not spec.columns:
        return [[cell(item)] for item in raw]
    items = [r for r in raw if isinstance(r, Mapping) and (not spec.keep or value_at(r, spec.keep) is not None)]
    if spec.group_by:
        groups: dict[str, list[str]] = {}
        for item in items:
            groups.setdefault(cell(value_at(item, spec.group_by)), []).append(
                spec.columns[1].show(value_at(item, spec.columns[1].path)))
        return [[where, ", ".join(names)] for where, names in sorted(groups.items())]
    return [[c.show(value_at(item, c.path)) for c in spec.columns] for item in items]


def drawn(board: Board, view: Mapping[str, Any]) -> dict[str, Any] | None:
    """``board`` filled in from ``view``: its facts that have a value and its tables that have rows; None
    when the view holds none of them (the game master's whole state of a game whose view differs)."""
    facts = [(label, cell(value)) for label, path in board.facts
             if (value := value_at(view, path)) not in (None, "", [], {})]
    tables = [{"caption": t.caption, "headings": [c.heading for c in t.columns], "rows": rows}
              for t in board.tables if (rows := _rows(view, t))]
    if not facts and not tables:
        return None
    return {"kind": "tables", "title": board.title, "facts": facts, "tables": tables}


_NAME = Column("name", "name")
BOARDS: dict[str, Board] = {
    "wizard-prince-race": Board("The circus", (
        ("round", "round"), ("phase", "phase"), ("driving", "turn.name"), ("spaces to drive", "turn.moves_left"),
        ("initiative winner", "leader"), ("winner", "winner"), ("ended", "ended")), (
        Rows("Chariots", "chariots", (_NAME, Column("chariot", "kind"), Column("lane", "lane", plus_one),
                                      Column("square", "index"), Column("lap", "crossings"),
                                      Column("state", "status"), Column("hp", "hit_points"),
                                      Column("level", "driver.level"))),
        Rows("The crowd's gold", "book.pools", (Column("on", "key"), Column("gp", "value"))))),
    "mage-wars-solo": Board("The arena", (
        ("round", "round"), ("stage", "stage"), ("initiative", "initiative"), ("your mana", "mana"),
        ("winner", "winner"), ("why", "end_reason")), (
        Rows("Zones", "units", (Column("zone", "zone"), Column("units", "card")), group_by="zone"),
        Rows("Units", "units", (Column("unit", "card"), Column("side", "side"), Column("zone", "zone"),
                                Column("damage", "damage"), Column("life", "base_life"),
                                Column("conditions", "conditions"), Column("ready", "ready"))))),
    "mtg-rpg-duel": Board("The duel", (
        ("turn", "turns"), ("phase", "phase"), ("acting", "active"), ("victory by", "victory")), (
        # a hand the seat may see is listed by name, another's is only a number in the view
        Rows("Duellists", "sides", (_NAME, Column("life", "life"), Column("hand", "hand"),
                                    Column("library", "library", count), Column("graveyard", "graveyard", count),
                                    Column("plays left", "plays_left"))),)),
    "planeswalker-battle": Board("The battle", (
        ("round", "round"), ("phase", "phase"), ("actions left", "actions_left"), ("outcome", "outcome")), (
        Rows("Party and foes", "fighters", (_NAME, Column("side", "side"), Column("kind", "kind"),
                                            Column("power", "power"), Column("toughness", "toughness"),
                                            Column("life", "life"), Column("out", "out"))),
        Rows("Ranges", "ranges", ()))),
    "magic-realm": Board("The realm", (("day", "day"),), (
        Rows("Characters", "characters", (_NAME, Column("clearing", "clearing"), Column("wounds", "wounds"),
                                          Column("fatigue", "fatigue"), Column("alive", "alive"))),
        Rows("Clearings with travellers", "travellers", (Column("clearing", "clearing"), Column("who", "name")),
             keep="clearing", group_by="clearing"))),
    "mtg-rpg-world": Board("The world", (
        ("season", "season"), ("your realm", "realm"), ("calling", "sheet.calling"),
        ("population", "sheet.population"), ("resources", "sheet.resources"), ("military", "sheet.military"),
        ("treasury", "sheet.treasury"), ("discontent", "sheet.discontent")), (
        Rows("Realms", "diplomacy", (_NAME, Column("alive", "alive"), Column("calling", "calling"),
                                     Column("demeanor", "demeanor"), Column("ill will", "ill_will"))),
        Rows("Chronicle", "chronicle", (Column("season", "season"), Column("realm", "realm"),
                                        Column("what happened", "text"))))),
    "wizard-prince-campaign": Board("The empire", (
        ("year", "year"), ("emperor", "emperor"), ("asked now", "pending.prompt"), ("over", "over")), (
        Rows("Nobles", "nobles", (_NAME, Column("alive", "alive"), Column("status", "status"),
                                  Column("wealth", "wealth"), Column("legions", "legions"),
                                  Column("fleets", "fleets"), Column("level", "level"))),
        Rows("Provinces", "provinces", (_NAME, Column("owner", "owner"), Column("upgrades", "upgrades"))))),
}


PANELS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "wizard-prince-banquet": banquet,
}


def panels(game: str, view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The drawn board of ``game`` from an observation, or None where the game has none drawn."""
    draw = PANELS.get(game)
    if draw is not None:
        return draw(view)
    board = BOARDS.get(game)
    return None if board is None else drawn(board, view)
