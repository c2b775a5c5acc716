"""OpenSpiel Python games over the registry, with every die an explicit chance node.

``register(name)`` registers a game type as ``magecraft_<name>`` (``pyspiel.register_game``); the banquet
and Mage Wars solo are registered by :func:`register_defaults`.  Players are the seats people would play;
the seats the rule book plays itself (NPC nobles, the Dummy Mage) are played inside by their rule bots.
A decision's actions are numbered by their place among the legal actions.  Where the game rolls a die, the
state becomes a chance node with the die's faces as outcomes, each equally likely: the action is carried
out again from the state before it once the die is known (:mod:`magecraft.core.chance`), so the chance
nodes are the very rolls the game's Randomness labels.  Shuffles come from a fixed shuffle seed.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pyspiel

from magecraft.adapters.features import MAX_ACTIONS
from magecraft.core import chance
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.state import GameState
from magecraft.games import registry

#: The games rebuilt from saved forms, by the id of the form they came from (the form is kept beside
#: them, so a reused id is never mistaken for another).
_LOADED: OrderedDict[int, tuple[dict[str, Any], GameState[Any]]] = OrderedDict()

MAX_DIE = 100
MAX_LENGTH = 100_000
DEFAULTS = ("wizard-prince-banquet", "mage-wars-solo")


class MagecraftState(pyspiel.State):  # type: ignore[misc]
    """A magecraft game between decisions, or waiting for a die."""

    def __init__(self, game: MagecraftGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a state by deep-copying its attributes: they are plain data only (the game
        # itself is rebuilt from ``raw`` when asked for, and kept aside, see ``current``)
        self.name: str = game.game_type.name
        self.players: list[str] = game.players
        self.rule_seats: dict[str, str] = game.rule_seats
        self.rule_choices = 0
        self.raw: dict[str, Any] | None = None
        self.pending: str | None = None
        self.dice: list[int] = []
        self.wanted: chance.DieWanted | None = None
        self._advance()

    @property
    def game_type(self) -> GameType:
        return registry().get(self.name)

    @property
    def current(self) -> GameState[Any] | None:
        """The game as it stands (between decisions), rebuilt from ``raw`` once per copy."""
        if self.raw is None:
            return None
        held = _LOADED.get(id(self.raw))
        if held is None or held[0] is not self.raw:
            held = (self.raw, self.game_type.load(self.raw))
            _LOADED[id(self.raw)] = held
            while len(_LOADED) > 256:
                _LOADED.popitem(last=False)
        return held[1]

    # -- carrying the game forward ------------------------------------------------------------------
    def _advance(self) -> None:
        while True:
            if self.raw is None:
                outcome = chance.new_game(self.game_type, self.dice)
            else:
                assert self.pending is not None
                outcome = chance.step(self.game_type, self.raw, self.pending, self.dice)
            if isinstance(outcome, chance.DieWanted):
                self.wanted = outcome
                return
            self.raw, self.wanted = outcome.to_dict(), None
            _LOADED[id(self.raw)] = (self.raw, outcome)
            self.pending, self.dice = None, []
            player = outcome.current_player()
            if player not in self.rule_seats:
                return
            self.rule_choices += 1
            bot = self.game_type.bot(self.rule_seats[player], Randomness.seeded(self.rule_choices))
            self.pending = outcome.action_text(bot.choose(outcome, player))

    # -- OpenSpiel's API ----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.wanted is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.current is None or self.current.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.players.index(self.current.current_player() or "")

    def _legal_actions(self, player: int) -> list[int]:
        assert self.current is not None
        return list(range(min(len(self.current.legal_actions()), MAX_ACTIONS)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.wanted is not None
        return [(face, 1.0 / self.wanted.sides) for face in range(1, self.wanted.sides + 1)]

    def _apply_action(self, action: int) -> None:
        if self.wanted is not None:
            self.dice.append(int(action))
        else:
            assert self.current is not None
            self.pending = self.current.action_text(self.current.legal_actions()[int(action)])
            self.dice = []
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            label = self.wanted.label if self.wanted is not None else "die"
            return f"{label}: {action}"
        assert self.current is not None
        actions = self.current.legal_actions()
        return self.current.action_text(actions[action]) if action < len(actions) else f"action {action}"

    def is_terminal(self) -> bool:
        return self.wanted is None and self.current is not None and self.current.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.players)
        assert self.current is not None
        won = set(self.game_type.winners(self.current))
        return [0.0 if not won else (1.0 if seat in won else -1.0) for seat in self.players]

    def __str__(self) -> str:
        if self.wanted is not None:
            return f"waiting for {self.wanted.label} (d{self.wanted.sides}) after {self.pending or 'the set-up'}"
        assert self.current is not None
        return f"{self.current.current_player() or 'game over'} at event {len(self.current.log)}"


class MagecraftGame(pyspiel.Game):  # type: ignore[misc]
    """A game type of the registry; :func:`register` makes one subclass per game type (``NAME``), since
    OpenSpiel keeps the class it is given until the interpreter ends."""

    NAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = registry().get(self.NAME)
        self.game_type = game_type
        probe = game_type.new_game(Randomness.seeded(0))
        self.rule_seats = dict(game_type.rule_bots(probe)) if game_type.rule_bots else {}
        self.players = [seat for seat in probe.seats() if seat not in self.rule_seats]
        super().__init__(_game_type(game_type, len(self.players)), _game_info(len(self.players)), params or {})

    def __deepcopy__(self, memo: dict[int, Any]) -> MagecraftGame:
        return self  # a game is never changed once made: its copies can be itself

    def new_initial_state(self) -> MagecraftState:
        return MagecraftState(self)


def _short_name(game_type: GameType) -> str:
    return "magecraft_" + game_type.name.replace("-", "_")


def _game_type(game_type: GameType, players: int) -> Any:
    return pyspiel.GameType(
        short_name=_short_name(game_type), long_name=f"magecraft {game_type.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players, min_num_players=players,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False, parameter_specification={})


def _game_info(players: int) -> Any:
    return pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=MAX_DIE, num_players=players,
                            min_utility=-1.0, max_utility=1.0, utility_sum=None, max_game_length=MAX_LENGTH)


def register(name: str) -> str:
    """Register the game type ``name`` with OpenSpiel; returns its OpenSpiel short name."""
    game_type = registry().get(name)
    short = _short_name(game_type)
    if short not in pyspiel.registered_names():
        game_class = type(f"MagecraftGame_{short}", (MagecraftGame,), {"NAME": name})
        pyspiel.register_game(_game_type(game_type, _players(game_type)), game_class)
    return short


def _players(game_type: GameType) -> int:
    probe = game_type.new_game(Randomness.seeded(0))
    rule = dict(game_type.rule_bots(probe)) if game_type.rule_bots else {}
    return sum(1 for seat in probe.seats() if seat not in rule)


def register_defaults() -> list[str]:
    return [register(name) for name in DEFAULTS]
