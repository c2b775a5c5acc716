"""Every game type with secrets determinises for the search bot (issue 28): the copy looks the same to the
seat (its observation, compared as JSON) and its hidden information really is dealt again."""

from __future__ import annotations

import json
from typing import Any

import pytest

from magecraft.core.bots import RandomBot
from magecraft.core.randomness import Randomness
from magecraft.games import registry

#: game, options, game seed, random moves before the check, a seat with secrets kept from it
CASES = [
    ("wizard-prince-banquet", {}, 5, 10, "Ann"),
    ("wizard-prince-campaign", {"years": 3}, 1, 9, "Ann"),   # a civil war: the hosts Ann has not found out
    ("mtg-rpg-world", {}, 5, 30, "Harloon"),
    ("magic-realm", {}, 5, 30, "Amazon"),
    ("mage-wars-solo", {}, 5, 20, "you"),
    ("mtg-rpg-duel", {}, 5, 2, "Sarin"),
    ("planeswalker-battle", {}, 5, 3, "c1"),
]


def _position(name: str, options: dict[str, Any], seed: int, moves: int) -> Any:
    game = registry().get(name).new_game(Randomness.seeded(seed), options)
    bot = RandomBot(Randomness.seeded(9))
    for _ in range(moves):
        game.apply(bot.choose(game, game.current_player()))
    return game


def _hidden(state: Any) -> str:
    raw = state.to_dict()
    raw.pop("rng"), raw.pop("log")
    return json.dumps(raw, sort_keys=True)


@pytest.mark.parametrize(("name", "options", "seed", "moves", "seat"), CASES, ids=[c[0] for c in CASES])
def test_a_determinisation_looks_the_same_to_the_seat_and_deals_again(
        name: str, options: dict[str, Any], seed: int, moves: int, seat: str) -> None:
    game_type = registry().get(name)
    assert game_type.determinise is not None and "search" in game_type.bots
    game = _position(name, options, seed, moves)
    truth = json.dumps(game.observation(seat), sort_keys=True)
    redealt = 0
    for draw in range(4):
        copy = game_type.determinise(game, seat, Randomness.seeded(draw))
        assert json.dumps(copy.observation(seat), sort_keys=True) == truth
        redealt += _hidden(copy) != _hidden(game)
    assert redealt >= 3


def test_the_banquet_determinisation_reads_only_what_the_seat_sees() -> None:
    """Two banquets Ann sees alike (the chits she has not seen dealt otherwise) determinise to the very same
    banquet from the same dice: nothing of the true chits leaks into what the search bot plays out."""
    game_type = registry().get("wizard-prince-banquet")
    game = _position("wizard-prince-banquet", {}, 5, 10)
    other = game_type.determinise(game, "Ann", Randomness.seeded(77))
    assert _hidden(other) != _hidden(game)
    one = game_type.determinise(game, "Ann", Randomness.seeded(3))
    two = game_type.determinise(other, "Ann", Randomness.seeded(3))
    assert _hidden(one) == _hidden(two)
