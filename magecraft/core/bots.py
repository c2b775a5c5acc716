"""One bot protocol for every game: ``choose(state, player) -> action``.

A bot is made from a :class:`BotSpec` of its game type with a :class:`~magecraft.core.randomness.Randomness`
of its own (so a bot's coin flips never move the game's dice), and asked for one action at each of its
decisions.  A bot playing a seat with hidden information decides from ``state.observation(player)`` and
the public rules only, unless the rule book's own rules give it the whole state (the Dummy Mage, NPC
nobles): :attr:`BotSpec.sees` says which, and each bot's docstring says why.

:func:`play_out` is the one driver every front end uses to let bots play: the command line's
``--auto``, the lab, the conformance test and the golden playthroughs.

>>> from magecraft.core.randomness import Randomness
>>> bot = RandomBot(Randomness.seeded(3))
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from magecraft.core.errors import InputError

if TYPE_CHECKING:
    from magecraft.core.randomness import Randomness
    from magecraft.core.state import GameState

A = TypeVar("A")


class Bot(Protocol):
    """Anything that chooses an action for a seat."""

    name: str

    def choose(self, state: GameState[Any], player: str) -> Any:
        """One of ``state.legal_actions()`` for ``player``, whose decision it is."""
        ...


class Sees(Enum):
    """What a bot decides from."""

    #: Only ``state.observation(player)`` and the public rules.
    OBSERVATION = "observation"
    #: The whole state, because the rule book's own rules for that seat read it (the Dummy Mage, NPCs).
    WHOLE_STATE = "whole state"


@dataclass(frozen=True)
class BotSpec:
    """A registered bot: its name, what it does, what it sees, and how to make one."""

    name: str
    description: str
    sees: Sees
    make: Callable[[Randomness], Bot]


class RandomBot:
    """Picks uniformly among the legal actions, with its own dice: the baseline of every game.

    It reads nothing but the offered actions, so it sees only what its seat may see.
    """

    name = "random"

    def __init__(self, rng: Randomness) -> None:
        self.rng = rng

    def choose(self, state: GameState[Any], player: str) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return actions[self.rng.source.below(len(actions))]


RANDOM = BotSpec("random", "picks uniformly among the legal actions", Sees.OBSERVATION, RandomBot)


class OutOfSteps(InputError):
    """A game did not end within the steps it was given (a bot that never finishes)."""


def play_out(state: GameState[Any], bots: Mapping[str, Bot], *, max_steps: int = 1_000_000,
             on_action: Callable[[str, Any], None] | None = None) -> int:
    """Let ``bots`` (by seat) play ``state`` to its end; returns the number of actions applied.

    Every action goes through ``apply``, so a bot's illegal choice is refused like a person's.
    ``on_action(player, action)`` is told each action after it was applied.
    """
    steps = 0
    while True:
        player = state.current_player()
        if player is None:
            return steps
        if steps >= max_steps:
            raise OutOfSteps(f"the game did not end within {max_steps} actions")
        try:
            bot = bots[player]
        except KeyError:
            raise InputError(f"no bot plays {player!r} (bots for: {', '.join(sorted(bots))})") from None
        action = bot.choose(state, player)
        state.apply(action)
        steps += 1
        if on_action is not None:
            on_action(player, action)


def winners_from_result(state: GameState[Any]) -> tuple[str, ...]:
    """The seats that won, read from ``result()``: ``winners`` (a list) or ``winner`` (a seat); none for a draw."""
    result = state.result()
    for key in ("winners", "winner"):
        value = result.get(key)
        if isinstance(value, str) and value:
            return (value,)
        if isinstance(value, list | tuple):
            return tuple(str(v) for v in value)
    return ()
