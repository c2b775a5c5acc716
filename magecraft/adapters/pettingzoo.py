"""A PettingZoo AEC environment for every registered game type.

>>> env = MagecraftEnv("wizard-prince-race")          # doctest: +SKIP
>>> env.reset(seed=3)                                  # doctest: +SKIP

Agents are the seats people or learning programs play; seats the rule book plays itself (NPC nobles, the
Dummy Mage) are played by their registered rule bots inside the environment.  The action space is
``Discrete(MAX_ACTIONS)``: an action is an index into the decision's legal actions, and the observation's
``action_mask`` marks them.  Observations are :func:`~magecraft.adapters.features.observation_vector` of
``observation(seat)``; rewards are +1 for each winner and -1 for each loser when the game ends (0 for all on
a draw or while it goes on).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from magecraft.adapters.features import MAX_ACTIONS, OBSERVATION_SIZE, action_mask, observation_vector
from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState
from magecraft.games import registry


class MagecraftEnv(AECEnv):  # type: ignore[misc]
    """One game type of the registry as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.game_type = registry().get(game)
        self.options = options or {}
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"magecraft_{game.replace('-', '_')}"}  # type: ignore[misc]
        probe = self.game_type.new_game(Randomness.seeded(0), self.options)
        self.rule_seats = dict(self.game_type.rule_bots(probe)) if self.game_type.rule_bots else {}
        self.possible_agents = [seat for seat in probe.seats() if seat not in self.rule_seats]
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (MAX_ACTIONS,), np.int8),
        })
        self._action_space = spaces.Discrete(MAX_ACTIONS)
        self.game: GameState[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = self.game_type.new_game(Randomness.seeded(seed if seed is not None else 0), self.options)
        self._rule_rng = Randomness.seeded((seed or 0) + 1)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._play_rule_seats()
        self._select()

    def _play_rule_seats(self) -> None:
        assert self.game is not None
        while (player := self.game.current_player()) in self.rule_seats:
            bot = self.game_type.bot(self.rule_seats[player], self._rule_rng)
            self.game.apply(bot.choose(self.game, player))

    def _select(self) -> None:
        assert self.game is not None
        if self.game.is_terminal():
            won = set(self.game_type.winners(self.game))
            for agent in self.agents:
                self.rewards[agent] = 0.0 if not won else (1.0 if agent in won else -1.0)
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.game.current_player() or self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None
        mine = not self.game.is_terminal() and self.game.current_player() == agent
        count = len(self.game.legal_actions()) if mine else 0
        return {"observation": observation_vector(self.game.observation(agent)), "action_mask": action_mask(count)}

    def step(self, action: int | None) -> None:
        assert self.game is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        legal = self.game.legal_actions()
        if action is None or not 0 <= int(action) < min(len(legal), MAX_ACTIONS):
            raise ValueError(f"action {action} is not one of the {len(legal)} legal actions of {agent}")
        self.game.apply(legal[int(action)])
        self._play_rule_seats()
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        decision = self.game.decision()
        return "game over" if decision is None else f"{decision.player} decides ({decision.kind.name})"

    def close(self) -> None:
        self.game = None
