"""A season's winners, for the table and the lab (issue 27; ruling WW40: the seed names none)."""

from __future__ import annotations

import pytest

from magecraft.core.errors import InputError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.game_type import WORLD, WorldPosition


def sample(winner_by=None, **realms):
    raw = {"turn": "Harloon", "phase": "actions", "realms": realms}
    if winner_by is not None:
        raw["world"] = {"settings": {"season_winner": winner_by}}
    return WorldPosition.from_mapping(raw).build(Randomness.seeded(1))


def test_the_realm_holding_the_most_hexes_wins_by_default():
    # The sample world: Harloon 12 hexes, Velmoor 9, Sarn 9, Dunmarch 6.
    world = sample()
    assert world.result()["winners"] == ["Harloon"] and world.result()["winners_by"] == "most hexes"
    assert WORLD.winners(world) == ("Harloon",)


def test_a_tie_makes_every_tied_realm_a_winner_and_a_fallen_realm_never_wins():
    world = sample()
    world.realms["Harloon"].alive = False
    assert WORLD.winners(world) == ("Velmoor", "Sarn")  # 9 hexes each


def test_the_table_may_count_gold_or_population_or_no_winner():
    assert WORLD.winners(sample("most gold", Sarn={"treasury": 500_000})) == ("Sarn",)
    assert WORLD.winners(sample("most gold", Sarn={"treasury": 500_000}, Velmoor={"treasury": 500_000})) == (
        "Velmoor", "Sarn")
    assert WORLD.winners(sample("most population")) == ("Harloon",)  # 73 people, against 66, 27 and 31
    assert WORLD.winners(sample("none")) == ()
    with pytest.raises(InputError, match="season_winner must be"):
        sample("most dragons")
