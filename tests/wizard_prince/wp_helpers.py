"""Helpers for the banquet tests: a board laid out square by square, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.position import NobleAt, PieceAt, Position
from magecraft.wizard_prince.settings import Settings

Arrange = Callable[..., Banquet]


def arrange_banquet(nobles: dict[str, str], pieces: Sequence[tuple[str, ...]] = (), dice: Sequence[int] = (),
                    settings: Settings | None = None, sheets: dict[str, dict[str, Any]] | None = None) -> Banquet:
    """A banquet in play, turn 1, nobles acting in the order given.

    ``nobles`` maps names to squares ("" = still off the board); ``pieces`` are
    ``("emperor"|"praetorian"|"courtier", colour, square[, chit kind[, figure]])`` (a
    :class:`PieceAt`); ``sheets`` override a noble's statistics (``npc=True`` makes an NPC noble).
    """
    sheets = sheets or {}
    position = Position(
        nobles=tuple(NobleAt(name, square, sheet={"status": 20 - i, **sheets.get(name, {})})
                     for i, (name, square) in enumerate(nobles.items())),
        pieces=tuple(PieceAt(spec[0], spec[2], spec[1], *spec[3:]) for spec in pieces),
        settings=(settings or Settings()).to_dict())
    return position.banquet(Randomness.scripted(list(dice)))


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
