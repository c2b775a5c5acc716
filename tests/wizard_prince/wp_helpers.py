"""Helpers for the banquet tests: a board laid out square by square, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.pieces import Chit, Piece
from magecraft.wizard_prince.settings import Settings

Arrange = Callable[..., Banquet]


def arrange_banquet(nobles: dict[str, str], pieces: Sequence[tuple[str, ...]] = (), dice: Sequence[int] = (),
                    settings: Settings | None = None, sheets: dict[str, dict[str, Any]] | None = None) -> Banquet:
    """A banquet in play, turn 1, nobles acting in the order given.

    ``nobles`` maps names to squares ("" = still off the board); ``pieces`` are
    ``("emperor"|"praetorian"|"courtier", colour, square[, chit kind])``; ``sheets`` override a
    noble's statistics (``npc=True`` makes an NPC noble).
    """
    sheets = sheets or {}
    people = [Noble(**{"name": name, "status": 20 - i, **sheets.get(name, {})}) for i, name in enumerate(nobles)]
    banquet = Banquet.new(people, Randomness.scripted(list(dice)), settings or Settings())
    banquet.pieces, banquet.chits = {}, {}
    counts: dict[str, int] = {}
    for spec in pieces:
        kind, colour, square = spec[0], spec[1], Square.parse(spec[2])
        counts[kind] = counts.get(kind, 0) + 1
        piece_id = kind if kind == "emperor" and counts[kind] == 1 else f"{kind}-{counts[kind]}"
        chit = ""
        if kind == "courtier":
            chit = f"chit-{counts[kind]}"
            banquet.chits[chit] = Chit(chit, spec[3])
        figure = {"emperor": "king", "praetorian": "knight", "courtier": "pawn"}[kind]
        banquet.pieces[piece_id] = Piece(piece_id, kind, colour, square, figure, chit)
    for name, square in nobles.items():
        noble = banquet.nobles[name]
        noble.where, noble.square = ("board", square) if square else ("waiting", "")
    banquet.phase, banquet.entry_order, banquet.turn = "play", [], 1
    banquet.order, banquet.index, banquet.stage = list(nobles), 0, "action"
    return banquet


def sq(name: str) -> Square:
    return Square.parse(name)


def path(*names: str) -> tuple[Square, ...]:
    return tuple(Square.parse(n) for n in names)


def refused(banquet: Banquet, action: Any, rule: str) -> RuleError:
    """The action is refused naming ``rule`` and the state is exactly as it was."""
    before = banquet.to_dict()
    with pytest.raises(RuleError) as caught:
        banquet.apply(action)
    assert caught.value.rule == rule
    assert banquet.to_dict() == before
    return caught.value
