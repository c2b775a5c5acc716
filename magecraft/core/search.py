"""A search bot for every game: Monte Carlo tree search over the shared game shape.

Where a seat sees everything the bot searches the state itself; where it does not, it runs
information-set MCTS: every iteration starts from a *determinisation* -- a state the seat cannot tell from
the true one, drawn by the game type's ``determinise(state, seat, rng)`` from what the seat's observation
allows (its hidden cards and chits re-dealt from those it has not seen) -- and the tree is shared by all of
them, its branches keyed by the actions' values.  Either way the future dice are never the game's own:
every copy the bot plays out rolls fresh seeded dice of the bot's, so it cannot peek at a roll to come.

Playouts are played by a :class:`Playout`: a bot for every seat, the game type's own (its heuristic bot, and
the rule book's bot for the seats the rule book plays, such as an NPC noble or the Dummy Mage), with an
``epsilon`` of random moves for the seats the rule book does not play; without one they are random.  The
tree follows the rule book's bot at its seats too (the GM plays them by the book, so branching there would
only spend playouts on moves nobody makes), and a new node's first branch is the playout bot's choice, so
even a wide decision compares the heuristic's move with the alternatives the budget reaches.

The thinking budget is a number of playouts (``playouts``) and, optionally, seconds (``seconds``);
the bot stops at whichever comes first.  Rewards are 1 for each winner and 0 for the others, from the
game type's ``winners``.  A playout cut at ``PLAYOUT_STEPS`` (or at the decision's deadline), and an end with
no winner, are scored by the game type's ``evaluate(state, seat)`` where it has one (its rule book's standing
as a number in 0..1: a campaign nobody won still leaves one noble nearer the throne); else a cut playout by
``winners`` of the position it reached, and an end with no winner is a draw (``DRAW`` each).  Wide decisions are
widened progressively (``WIDEN``), so a small budget still compares a few actions well.

>>> SearchBot.__doc__.splitlines()[0]
'Upper-confidence tree search over the game shape, with heuristic playouts.'
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from magecraft.core.bots import Bot, winners_from_result
from magecraft.core.randomness import Randomness, SeededSource

if TYPE_CHECKING:
    from magecraft.core.state import GameState

T = TypeVar("T")

#: Exploration constant of UCT (rewards are in 0..1).
EXPLORATION = 0.7
#: Progressive widening: a node visited ``n`` times has at most ``WIDEN * n ** WIDEN_POWER`` children, so a
#: wide decision (a banquet move, a Mage Wars plan) spends its playouts on a few actions well, not on each once.
WIDEN = 1.0
WIDEN_POWER = 0.5
#: Progressive bias towards the playout bot's own move at a node: ``PRIOR / (1 + visits)`` added to its
#: upper-confidence score, so a small budget keeps to the heuristic unless an alternative proves better over
#: several playouts (one lucky playout of a random alternative no longer outvotes it), and a large one is not
#: held back by it.
PRIOR = 1.0
#: A playout longer than this is scored as it stands: ``evaluate``, else the seats ``winners`` names now
#: (a banquet's leaders by score), else a draw.
PLAYOUT_STEPS = 300
#: What a seat scores when a game ends with no winner (or a playout is cut with no leader): a draw.
DRAW = 0.5
#: The share of random moves in a playout for the seats the rule book does not play: a heuristic bot always
#: answers a position the same way, and a little noise keeps the playouts from all telling one story.
EPSILON = 0.1
#: How sure the search must be before it overrules the playout bot's own move at the root, in standard errors
#: of the difference of the two moves' mean rewards: 0 takes the most visited move whatever the margin.  With
#: many near-equal moves and a small budget the most visited one is often only the luckiest (the winner's
#: curse); a game type whose heuristic is strong asks for more (``GameType.search_caution``).
CAUTION = 0.0
#: The registered search bot's default budget: this many playouts, or one second, whichever comes first.
PLAYOUTS = 400


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


def playout_world(state: GameState[Any], seat: str, rng: Randomness,
                  determinise: Callable[[GameState[Any], str, Randomness], GameState[Any]] | None = None,
                  ) -> GameState[Any]:
    """One copy of ``state`` to play out for ``seat``: a determinisation (a state the seat cannot tell from it,
    where the game type gives ``determinise``) or the state copied; either way with dice drawn from ``rng``,
    never the game's own, and a fresh log (a playout's log only grows and nothing reads it back)."""
    if determinise is None:
        return copy_for_search(state, rng.source.below(2**31))
    world = determinise(state, seat, rng)
    world.rng = Randomness(SeededSource(rng.source.below(2**31)))
    return world


@dataclass(frozen=True)
class Playout:
    """Who plays a playout's seats: ``bots`` by seat (a seat without one moves at random), and the seats the
    rule book itself plays (``fixed``: never a random move, never a branch of the tree)."""

    bots: Mapping[str, Bot] = field(default_factory=dict)
    fixed: frozenset[str] = frozenset()


#: Makes the playout bots of a game (called once per game, with dice of the search bot's own).
PlayoutMaker = Callable[["GameState[Any]", Randomness], Playout]
#: A seat's standing in a game under way, from 0 (lost) to 1 (won): the game type's ``evaluate``.
Evaluate = Callable[["GameState[Any]", str], float]


class _Node:
    __slots__ = ("children", "guide", "rewards", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.rewards: dict[str, float] = {}
        #: The playout bot's move here, when it made the node's first branch (None: it has no bot).
        self.guide: Any = None


def _beats(challenger: _Node, incumbent: _Node, seat: str, caution: float) -> bool:
    """Whether ``challenger``'s mean reward for ``seat`` exceeds ``incumbent``'s by ``caution`` standard errors
    of the difference, each reward taken as a 0..1 coin: mean ``(r + 1) / (n + 2)``, variance ``p (1 - p) / n``
    (Agresti-Coull's one win and one loss added: the search starves a move that started badly, and its few
    playouts, taken as they are, would put its mean too low and its spread too narrow).

    >>> a, b = _Node(), _Node()
    >>> a.visits, a.rewards, b.visits, b.rewards = 70, {"x": 33.0}, 30, {"x": 10.0}
    >>> _beats(a, b, "x", 1.0), _beats(a, b, "x", 2.0)
    (True, False)
    """
    pair = (challenger, incumbent)
    means = [(node.rewards.get(seat, 0.0) + 1) / (node.visits + 2) for node in pair]
    spread = sum(m * (1 - m) / (node.visits + 2) for m, node in zip(means, pair, strict=True))
    return means[0] - means[1] > caution * math.sqrt(spread)


class SearchBot:
    """Upper-confidence tree search over the game shape, with heuristic playouts.

    Sees only what its seat may see where the game type can determinise (``determinise``); in a game
    with nothing hidden it reads the state, which is what the seat sees.  The tree's branches are keyed by
    the actions' values and shared by every determinisation (single-observer information-set MCTS); the
    mover at a node is read from the copy being played, so a branch that a roll leads to different seats
    is scored for whoever moves there.  With ``model_rivals`` every other seat with a playout bot moves as
    that bot would, in the tree too (as the rule book's seats always do): the search then looks for the best
    answer to that model of its rivals instead of assuming they search as well as it does.  Every coin it flips
    comes from its own ``rng``: the same seed and budget in playouts (``seconds=None``) choose the same action.
    """

    name = "search"

    def __init__(self, rng: Randomness, *, playouts: int = PLAYOUTS, seconds: float | None = 1.0,
                 determinise: Callable[[GameState[Any], str, Randomness], GameState[Any]] | None = None,
                 winners: Callable[[GameState[Any]], tuple[str, ...]] | None = None,
                 playout: PlayoutMaker | None = None, evaluate: Evaluate | None = None,
                 epsilon: float = EPSILON, caution: float = CAUTION, model_rivals: bool = False) -> None:
        self.rng = rng
        self.playouts = playouts
        self.seconds = seconds
        self.determinise = determinise
        self.winners = winners or winners_from_result
        self.make_playout = playout
        self.evaluate = evaluate
        self.epsilon = epsilon
        self.caution = caution
        self.model_rivals = model_rivals
        self._playout: Playout | None = None
        self._playout_seats: tuple[str, ...] = ()

    def _seed(self) -> int:
        return self.rng.source.below(2**31)

    def _below(self, n: int) -> int:
        return self.rng.source.below(n)

    def choose(self, state: GameState[Any], player: str) -> Any:
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        players = self._players(state)
        if self.model_rivals:
            # the other seats play as their playout bots would, in the tree too: a model of the rivals to
            # exploit, rather than rivals who search as well as this bot does
            players = Playout(players.bots, players.fixed | (frozenset(players.bots) - {player}))
        root = _Node()
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        for _ in range(self.playouts):
            if deadline is not None and time.monotonic() > deadline:
                break
            self._iterate(root, playout_world(state, player, self.rng, self.determinise), actions, players,
                          deadline)
        offered = set(actions)
        # the most visited; on a tie the branch made first (the playout bot's own move, where there is one),
        # so a budget too small to tell the branches apart falls back on the heuristic, not on one lucky playout
        best = max((a for a in root.children if a in offered), key=lambda a: root.children[a].visits,
                   default=None)
        if best is None:
            return actions[self._below(len(actions))]
        guide = root.guide
        # the guide is a root branch whenever it is set: the first branch, taken only from the offered actions
        if self.caution and guide is not None and guide != best:
            return best if _beats(root.children[best], root.children[guide], player, self.caution) else guide
        return best

    def _players(self, state: GameState[Any]) -> Playout:
        """The playout's bots, made once for the seats of the game at hand."""
        seats = tuple(state.seats())
        if self._playout is None or seats != self._playout_seats:
            maker = self.make_playout
            self._playout = Playout() if maker is None else maker(state, Randomness(SeededSource(self._seed())))
            self._playout_seats = seats
        return self._playout

    def _iterate(self, root: _Node, game: GameState[Any], root_actions: list[Any], players: Playout,
                 deadline: float | None = None) -> None:
        path = [root]
        node = root
        actions: list[Any] | None = root_actions
        while not game.is_terminal():
            mover = game.current_player() or ""
            expanded = False
            if mover in players.fixed:
                action = players.bots[mover].choose(game, mover)
            else:
                if actions is None:
                    actions = list(game.legal_actions())
                action, expanded = self._pick(node, actions, mover, game, players)
            game.apply(action)
            if action not in node.children:
                node.children[action] = _Node()
            node = node.children[action]
            path.append(node)
            actions = None
            if expanded:
                break
        rewards = self._playout_rewards(game, players, deadline)
        for visited in path:
            visited.visits += 1
            for seat, reward in rewards.items():
                visited.rewards[seat] = visited.rewards.get(seat, 0.0) + reward

    def _pick(self, node: _Node, actions: list[Any], mover: str, game: GameState[Any],
              players: Playout) -> tuple[Any, bool]:
        """The action to follow from ``node`` and whether it is a new branch (progressive widening).  A node's
        first branch is the playout bot's own choice, so the search always weighs what the heuristic would do."""
        if not node.children:
            bot = players.bots.get(mover)
            if bot is not None:
                first = bot.choose(game, mover)
                if first in actions:
                    node.guide = first
                    return first, True
        known = [a for a in actions if a in node.children] if node.children else []
        room = len(node.children) < max(1.0, WIDEN * max(node.visits, 1) ** WIDEN_POWER)
        if len(known) < len(actions) and (room or not known):
            untried = [a for a in actions if a not in node.children]
            return untried[self._below(len(untried))], True
        return self._select(node, known, mover), False

    def _select(self, node: _Node, actions: list[Any], mover: str) -> Any:
        log_visits = math.log(max(node.visits, 1))

        def score(action: Any) -> float:
            child = node.children[action]
            visits = max(child.visits, 1)
            bias = PRIOR / (1 + child.visits) if action == node.guide else 0.0
            return child.rewards.get(mover, 0.0) / visits + EXPLORATION * math.sqrt(log_visits / visits) + bias

        return max(actions, key=score)

    def _next(self, game: GameState[Any], players: Playout) -> Any:
        """A playout's next action: the mover's bot's (an ``epsilon`` of them random where the rule book does
        not play the seat), or a random one for a seat without a bot."""
        mover = game.current_player() or ""
        bot = players.bots.get(mover)
        if bot is not None and (mover in players.fixed or self._below(1000) >= self.epsilon * 1000):
            return bot.choose(game, mover)
        actions = game.legal_actions()
        return actions[self._below(len(actions))]

    def _playout_rewards(self, game: GameState[Any], players: Playout,
                         deadline: float | None = None) -> dict[str, float]:
        """Play on to the end, or to ``PLAYOUT_STEPS``, or (a heavy game) to the decision's deadline; the
        seats' rewards there."""
        steps = 0
        while not game.is_terminal() and steps < PLAYOUT_STEPS:
            if deadline is not None and steps % 16 == 15 and time.monotonic() > deadline:
                break
            game.apply(self._next(game, players))
            steps += 1
        won = set(self.winners(game)) if game.is_terminal() or self.evaluate is None else set()
        if not won and self.evaluate is not None:
            # a cut playout, or an end with no winner (a campaign nobody won): the rule book's standing
            return {seat: self.evaluate(game, seat) for seat in game.seats()}
        if not won:
            return dict.fromkeys(game.seats(), DRAW)
        return {seat: (1.0 if seat in won else 0.0) for seat in game.seats()}
