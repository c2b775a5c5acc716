"""A search bot for every game: Monte Carlo tree search over the shared game shape.

Where a seat sees everything the bot searches the state itself; where it does not, it runs
information-set MCTS: every iteration starts from a *determinisation* -- a state the seat cannot tell from
the true one, drawn by the game type's ``determinise(state, seat, rng)`` from what the seat's observation
allows (its hidden cards and chits re-dealt from those it has not seen) -- and the tree is shared by all of
them, its branches keyed by the actions' values.  Either way the future dice are never the game's own:
every copy the bot plays out rolls fresh seeded dice of the bot's, so it cannot peek at a roll to come.

The thinking budget is a number of playouts (``playouts``) and, optionally, seconds (``seconds``);
the bot stops at whichever comes first.  Rewards are 1 for each winner and 0 for the others, from the
game type's ``winners``.

>>> SearchBot.__doc__.splitlines()[0]
'Upper-confidence tree search over the game shape, with random playouts.'
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from magecraft.core.bots import winners_from_result
from magecraft.core.randomness import Randomness, SeededSource

if TYPE_CHECKING:
    from magecraft.core.state import GameState

T = TypeVar("T")

#: Exploration constant of UCT (rewards are in 0..1).
EXPLORATION = 1.0
#: A playout longer than this is scored as it stands (no winner yet: a draw for everyone).
PLAYOUT_STEPS = 2_000


def shuffled(items: Iterable[T], rng: Randomness) -> list[T]:
    """``items`` in an order drawn from ``rng``'s source (Fisher-Yates, no event logged): for re-dealing hidden
    cards and chits in a determinisation without filling the bot's log."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.source.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def fresh_dice(raw: dict[str, Any], rng: Randomness) -> None:
    """Give a saved state (``to_dict``) new seeded dice drawn from ``rng``: a determinisation must not carry
    the game's own dice, whose seed would tell every roll and shuffle to come."""
    raw["rng"] = SeededSource(rng.source.below(2**31)).snapshot()


def copy_for_search(state: GameState[Any], seed: int) -> GameState[Any]:
    """A copy of ``state`` with an empty log and fresh dice: what the bot plays out (never the game's own dice)."""
    raw = state.to_dict()
    if isinstance(raw.get("log"), list):
        raw["log"] = []
    copy = type(state).from_dict(raw)
    copy.rng = Randomness(SeededSource(seed), copy.rng.log)
    return copy


class _Node:
    __slots__ = ("children", "player", "rewards", "visits")

    def __init__(self, player: str | None) -> None:
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.rewards: dict[str, float] = {}


class SearchBot:
    """Upper-confidence tree search over the game shape, with random playouts.

    Sees only what its seat may see where the game type can determinise (``determinise``); in a game
    with nothing hidden it reads the state, which is what the seat sees.
    """

    name = "search"

    def __init__(self, rng: Randomness, *, playouts: int = 200, seconds: float | None = 1.0,
                 determinise: Callable[[GameState[Any], str, Randomness], GameState[Any]] | None = None,
                 winners: Callable[[GameState[Any]], tuple[str, ...]] | None = None) -> None:
        self.rng = rng
        self.playouts = playouts
        self.seconds = seconds
        self.determinise = determinise
        self.winners = winners or winners_from_result

    def _seed(self) -> int:
        return self.rng.source.below(2**31)

    def choose(self, state: GameState[Any], player: str) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node(player)
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        for _ in range(self.playouts):
            if deadline is not None and time.monotonic() > deadline:
                break
            world = state if self.determinise is None else self.determinise(state, player, self.rng)
            self._iterate(root, copy_for_search(world, self._seed()))
        offered = set(actions)
        best = max((a for a in root.children if a in offered), key=lambda a: root.children[a].visits,
                   default=None)
        return best if best is not None else actions[self.rng.source.below(len(actions))]

    def _iterate(self, root: _Node, game: GameState[Any]) -> None:
        path = [root]
        node = root
        while not game.is_terminal():
            actions = game.legal_actions()
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = untried[self.rng.source.below(len(untried))]
                game.apply(action)
                child = _Node(game.current_player())
                node.children[action] = child
                path.append(child)
                break
            action = self._select(node, actions)
            game.apply(action)
            node = node.children[action]
            path.append(node)
        rewards = self._playout(game)
        for visited in path:
            visited.visits += 1
            for seat, reward in rewards.items():
                visited.rewards[seat] = visited.rewards.get(seat, 0.0) + reward

    def _select(self, node: _Node, actions: Any) -> Any:
        mover = node.player or ""
        log_visits = math.log(max(node.visits, 1))

        def score(action: Any) -> float:
            child = node.children[action]
            mean = child.rewards.get(mover, 0.0) / max(child.visits, 1)
            return mean + EXPLORATION * math.sqrt(log_visits / max(child.visits, 1))

        return max(actions, key=score)

    def _playout(self, game: GameState[Any]) -> dict[str, float]:
        steps = 0
        while not game.is_terminal() and steps < PLAYOUT_STEPS:
            actions = game.legal_actions()
            game.apply(actions[self.rng.source.below(len(actions))])
            steps += 1
        if not game.is_terminal():
            return {}
        won = set(self.winners(game))
        return {seat: (1.0 if seat in won else 0.0) for seat in game.seats()}

