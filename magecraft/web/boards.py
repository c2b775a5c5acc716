"""Boards drawn for a page from a seat's ``observation`` alone, so a page can hold nothing the seat may not see.

A game listed in :data:`PANELS` gets its board and its secrets drawn as a person reads them at the table;
any other game shows its observation as a tree of values (``views.tree``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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


PANELS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "wizard-prince-banquet": banquet,
}


def panels(game: str, view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The drawn board of ``game`` from an observation, or None where the game has none drawn yet."""
    draw = PANELS.get(game)
    return None if draw is None else draw(view)
