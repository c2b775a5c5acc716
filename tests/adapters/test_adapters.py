"""The adapters pass their libraries' own conformance tests (issue 28): PettingZoo's ``api_test`` for every
registered game type, OpenSpiel's ``random_sim_test`` for the banquet and Mage Wars solo."""

from __future__ import annotations

import pytest

from magecraft.games import registry

pettingzoo_test = pytest.importorskip("pettingzoo.test", reason="the 'rl' extra (pettingzoo) is not installed")


@pytest.mark.parametrize("name", registry().names())
def test_pettingzoo_api_test_passes_for_every_game_type(name: str) -> None:
    from magecraft.adapters.pettingzoo import MagecraftEnv

    pettingzoo_test.api_test(MagecraftEnv(name), num_cycles=60, verbose_progress=False)


def test_a_pettingzoo_game_ends_with_rewards_for_the_winners() -> None:
    from magecraft.adapters.pettingzoo import MagecraftEnv

    env = MagecraftEnv("wizard-prince-race")
    env.reset(seed=4)
    steps = 0
    for _agent in env.agent_iter(max_iter=20_000):
        observation, _reward, terminated, truncated, _ = env.last()
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(mask.nonzero()[0][0]))
        steps += 1
    assert steps > 1
    assert all(env.terminations.values()) or not env.agents


@pytest.mark.parametrize("name", ["wizard-prince-banquet", "mage-wars-solo"])
def test_openspiel_random_sim_test_passes(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the 'rl' extra (open_spiel) is not installed")
    from magecraft.adapters.openspiel import register

    short = register(name)
    game = pyspiel.load_game(short)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_chance_nodes_are_the_games_own_rolls() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the 'rl' extra (open_spiel) is not installed")
    from magecraft.adapters.openspiel import register

    state = pyspiel.load_game(register("mage-wars-solo")).new_initial_state()
    seen_chance = 0
    while not state.is_terminal() and seen_chance < 3:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert [face for face, _ in outcomes] == list(range(1, len(outcomes) + 1))
            seen_chance += 1
            state.apply_action(outcomes[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert seen_chance == 3
