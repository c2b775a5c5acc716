"""Who may move through or land on what ("Turns at the Banquet", "Moving the Non-Player Character Pieces
at Court", seed 004).

Each function answers for one mover on one board: ``occ`` is what stands on each square (see
:meth:`Banquet.occupants <magecraft.wizard_prince.banquet.Banquet.occupants>`) and ``table`` the
Banquet Table, "impassable to all pieces and Player Character Nobles".  A refusal is a sentence naming
the rule; ``None`` means the square may be entered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TypeVar

from magecraft.wizard_prince.board import ALL_SQUARES, MOVE_TABLES, SIZE, Square, Step, paths_from
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.pieces import Piece

Occupants = Mapping[Square, list[Piece | Noble]]
#: What stands on each square by its number 0-63, ``None`` where nothing stands (the occupancy array).
Cells = list[list[Piece | Noble] | None]
T = TypeVar("T")
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


def moves(mover: Piece | Noble, start: Square, occ: Occupants, table: frozenset[Square], may_turn: bool,
          cells: Cells | None = None, labels: Sequence[T] | None = None) -> list[T]:
    """Every path ``mover`` may take from ``start``, in the order of :func:`paths_from` (or, given ``labels``,
    the label of each such path: ``labels[k]`` stands for ``paths_from(start, may_turn)[k]``).

    ``cells`` is the occupancy array (what ``occ`` holds, by square number 0-63; the court keeps one up to
    date, see :meth:`Court._sync <magecraft.wizard_prince.court.Court._sync>`), and the moves are read
    from the per-square tables :data:`~magecraft.wizard_prince.board.MOVE_TABLES`.  Only occupied squares
    and the Banquet Table are judged by :func:`block`; a first step that may not be passed through skips
    every path through it.
    """
    if cells is None:
        cells = occupancy_array(occ)
    if labels is None:
        labels = paths_from(start, may_turn)  # type: ignore[assignment]
    assert labels is not None
    steps = MOVE_TABLES[may_turn][start[0] * SIZE + start[1]]
    blocked = _blocked(table)
    if type(mover) is Piece and mover.kind == "courtier":
        return _courtier_moves(mover, steps, cells, blocked, labels)
    # Only a noble may end where he may not pass (on the Emperor): for the Emperor and a Praetorian no rule
    # depends on ``last``.
    ends_differ = type(mover) is not Piece
    out: list[T] = []
    for first, k, doubles in steps:
        if blocked[first]:   # the Banquet Table: block() refuses it to everyone, to pass or to end on
            continue
        if cells[first] is not None:
            # A square that may be passed through may be ended on (every rule that depends on ``last`` refuses
            # only passing through), so the second question is asked only of a square that may not be passed.
            square = ALL_SQUARES[first]
            if block(mover, square, False, occ, table) is not None:
                if ends_differ and block(mover, square, True, occ, table) is None:
                    out.append(labels[k])
                continue
        out.append(labels[k])
        for second, j in doubles:
            if blocked[second]:
                continue
            if cells[second] is None or block(mover, ALL_SQUARES[second], True, occ, table) is None:
                out.append(labels[j])
    return out


def occupancy_array(occ: Occupants) -> Cells:
    """What stands on each square, by square number 0-63 (``None`` for an empty square)."""
    cells: Cells = [None] * (SIZE * SIZE)
    for square, here in occ.items():
        if here:
            cells[square[0] * SIZE + square[1]] = here
    return cells


@cache
def _blocked(table: frozenset[Square]) -> tuple[bool, ...]:
    """The Banquet Table's squares by number: "impassable to all pieces and Player Character Nobles"."""
    return tuple(square in table for square in ALL_SQUARES)


def _courtier_moves(courtier: Piece, steps: tuple[Step, ...], cells: Cells, blocked: tuple[bool, ...],
                    labels: Sequence[T]) -> list[T]:
    """:func:`moves` for a courtier, the piece moved most, without a call per square: as
    :func:`piece_block` rules, he may not enter a square another piece stands on, and may enter a noble's
    square only to end his move there."""
    out: list[T] = []
    for first, k, doubles in steps:
        if blocked[first]:
            continue
        here = cells[first]
        if here is not None:
            # one thing stands there (the usual case): judged without a generator
            if (isinstance(here[0], Noble) if len(here) == 1
                    else all(thing is courtier or isinstance(thing, Noble) for thing in here)):
                out.append(labels[k])
                if len(here) == 1 or any(isinstance(thing, Noble) for thing in here):
                    continue
            else:
                continue
        else:
            out.append(labels[k])
        for second, j in doubles:
            if blocked[second]:
                continue
            there = cells[second]
            if there is None or (isinstance(there[0], Noble) if len(there) == 1
                                 else all(thing is courtier or isinstance(thing, Noble) for thing in there)):
                out.append(labels[j])
    return out
