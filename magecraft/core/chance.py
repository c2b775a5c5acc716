"""Chance made explicit: carry a game forward with dice given one by one, stopping where a die is wanted.

A game rolls its dice inside ``perform``.  Front ends that must ask for each die from outside -- the web
table's real dice, OpenSpiel's chance nodes -- play the game on *scripted* dice holding the values given
so far: when the script runs out, the action (or the new game) is tried again from the state before it
once the die is known.  Nothing is half-applied: a step either completes or leaves the saved form as it was.

>>> wanted = DieWanted(6, "whip check")
>>> wanted.sides, wanted.label
(6, 'whip check')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from magecraft.core.randomness import Randomness, ScriptRanOut

if TYPE_CHECKING:
    from magecraft.core.registry import GameType
    from magecraft.core.state import GameState


@dataclass(frozen=True)
class DieWanted:
    """The next die a step needs: its faces and what it is for."""

    sides: int
    label: str


def new_game(game_type: GameType, dice: Sequence[int], *, shuffle_seed: int = 0,
             options: Mapping[str, Any] | None = None) -> GameState[Any] | DieWanted:
    """A new game whose set-up rolls the given ``dice``, or the die it wants next."""
    try:
        return game_type.new_game(Randomness.scripted(list(dice), shuffle_seed=shuffle_seed), options or {})
    except ScriptRanOut as wanted:
        return DieWanted(wanted.sides, wanted.label)


def step(game_type: GameType, before: Mapping[str, Any], action_words: str,
         dice: Sequence[int]) -> GameState[Any] | DieWanted:
    """The game after ``action_words`` from the saved form ``before``, with ``dice`` added to its script;
    or the die it wants next (``before`` is never changed)."""
    state = game_type.load(before)
    if dice:
        state.rng.extend_script(list(dice))
    try:
        state.push_text(action_words)
    except ScriptRanOut as wanted:
        return DieWanted(wanted.sides, wanted.label)
    return state
