"""Who may move through or land on what ("Turns at the Banquet", "Moving the Non-Player Character Pieces
at Court", seed 004).

Each function answers for one mover on one board: ``occ`` is what stands on each square (see
:meth:`Banquet.occupants <magecraft.wizard_prince.banquet.Banquet.occupants>`) and ``table`` the
Banquet Table, "impassable to all pieces and Player Character Nobles".  A refusal is a sentence naming
the rule; ``None`` means the square may be entered.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from magecraft.wizard_prince.board import Square, paths_from
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.pieces import Piece

Occupants = Mapping[Square, list[Piece | Noble]]
#: A first step, the one-step path to it and the two-step paths through it.
FirstStep = tuple[Square, tuple[Square, ...], tuple[tuple[Square, ...], ...]]
TABLE = "the Banquet Table is impassable to all pieces and nobles"


def noble_block(square: Square, last: bool, occ: Occupants, table: frozenset[Square],
                name: str = "") -> str | None:
    """MINGLE: not into another noble or a Praetorian; onto the Emperor only to end there (ruling "A noble
    may land on the Emperor")."""
    if square in table:
        return TABLE
    for thing in occ.get(square, ()):
        if isinstance(thing, Noble):
            if thing.name != name:
                return f"a noble may not enter a square occupied by another noble ({thing.name})"
        elif thing.kind == "praetorian":
            return "Praetorian Guards cannot be moved through or landed on by nobles"
        elif thing.kind == "emperor" and not last:
            return "a noble may land on the Emperor but not move through him"
    return None


def piece_block(piece: Piece, square: Square, last: bool, occ: Occupants, table: frozenset[Square]) -> str | None:
    """The Emperor passes only nobles (and whatever shares a noble's square); a Praetorian passes nobles and
    courtiers of the other colour; a courtier may enter a noble's square and stops there (ruling "A courtier
    who meets a noble stops")."""
    if square in table:
        return TABLE
    if piece.kind == "emperor" and any(isinstance(thing, Noble) for thing in occ.get(square, ())):
        # "The Emperor may move through or land on a Player Character Noble": a revealed queen, rook or
        # bishop sharing the noble's square does not shield him (ruling WP13).
        return None
    for thing in occ.get(square, ()):
        if thing is piece:
            continue
        if isinstance(thing, Noble):
            if piece.kind == "courtier" and not last:
                return "a courtier who meets a noble stops there and cannot move through him"
            continue
        if piece.kind == "emperor":
            return f"the Emperor may not move through or land on a {thing.kind}"
        if piece.kind == "praetorian":
            if thing.kind in ("emperor", "praetorian"):
                return f"a Praetorian Guard may not move through or land on any {thing.kind}"
            if thing.colour == piece.colour:
                return "a Praetorian Guard may not move through or land on a courtier of his own colour"
        elif piece.kind == "courtier":
            return f"a courtier may not move through or land on a {thing.kind}"
    return None


def block(mover: Piece | Noble, square: Square, last: bool, occ: Occupants,
          table: frozenset[Square]) -> str | None:
    if isinstance(mover, Noble):
        return noble_block(square, last, occ, table, mover.name)
    return piece_block(mover, square, last, occ, table)


def path_problem(mover: Piece | Noble, path: tuple[Square, ...], occ: Occupants,
                 table: frozenset[Square]) -> str | None:
    """Why ``mover`` may not take ``path`` (``None`` if it may), naming the rule."""
    for i, square in enumerate(path):
        problem = block(mover, square, i == len(path) - 1, occ, table)
        if problem:
            return problem
    return None


def moves(mover: Piece | Noble, start: Square, occ: Occupants, table: frozenset[Square],
          may_turn: bool) -> list[tuple[Square, ...]]:
    """Every path ``mover`` may take from ``start``, in the order of :func:`paths_from`.

    Only occupied squares and the Banquet Table are judged by :func:`block`; a first step that may
    not be passed through skips every path through it.
    """
    if type(mover) is Piece and mover.kind == "courtier":
        return _courtier_moves(mover, start, occ, table, may_turn)
    out: list[tuple[Square, ...]] = []
    for first, single, doubles in steps_from(start, may_turn):
        if first in occ or first in table:
            if block(mover, first, True, occ, table) is None:
                out.append(single)
            if block(mover, first, False, occ, table) is not None:
                continue
        else:
            out.append(single)
        for path in doubles:
            second = path[1]
            if (second not in occ and second not in table) or block(mover, second, True, occ, table) is None:
                out.append(path)
    return out


@cache
def steps_from(start: Square, may_turn: bool) -> tuple[FirstStep, ...]:
    """:func:`paths_from` grouped by first step: ``(first, (first,), the two-step paths through it)``."""
    paths = paths_from(start, may_turn)
    return tuple((path[0], path, tuple(p for p in paths if len(p) == 2 and p[0] == path[0]))
                 for path in paths if len(path) == 1)


def _courtier_moves(courtier: Piece, start: Square, occ: Occupants, table: frozenset[Square],
                    may_turn: bool) -> list[tuple[Square, ...]]:
    """:func:`moves` for a courtier, the piece moved most, without a call per square: as
    :func:`piece_block` rules, he may not enter a square another piece stands on, and may enter a noble's
    square only to end his move there."""
    out: list[tuple[Square, ...]] = []
    for first, single, doubles in steps_from(start, may_turn):
        if first in table:
            continue
        here = occ.get(first)
        if here:
            if all(thing is courtier or isinstance(thing, Noble) for thing in here):
                out.append(single)
                if any(isinstance(thing, Noble) for thing in here):
                    continue
            else:
                continue
        else:
            out.append(single)
        for path in doubles:
            second = path[1]
            if second in table:
                continue
            there = occ.get(second)
            if not there or all(thing is courtier or isinstance(thing, Noble) for thing in there):
                out.append(path)
    return out
