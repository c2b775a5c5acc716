"""A realm run by the engine never holds a festival that cannot raise its bonus (issue 25 item 11, ruling WW7)."""

from __future__ import annotations

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.actions import HoldFestival, SellResources
from magecraft.mtg_rpg.world.game_type import RealmSheet, WorldPosition
from magecraft.mtg_rpg.world.policy import choose


def _sarn_at_actions(**sheet):
    position = WorldPosition(turn="Sarn", phase="actions", realms={"Sarn": RealmSheet(**sheet)})
    return position.build(Randomness.seeded(1))


def test_a_builder_holds_one_simple_festival_a_season_not_two():
    # Sarn (Benefactor: a builder) with 9,000 gp cannot pay for a Monument (10,000 gp) but can for a simple
    # festival (100 gp x population 31 = 3,100 gp); a second simple festival would add nothing (+1 is already
    # had), so its second action sells the spare resources instead.
    world = _sarn_at_actions(treasury=9_000, military=1)
    assert choose(world) == HoldFestival("simple")
    world.apply(HoldFestival("simple"))
    assert world.realms["Sarn"].treasury == 5_900 and world.realms["Sarn"].festival_bonus == 1
    assert choose(world) == SellResources(11)


def test_a_realm_in_danger_holds_the_largest_festival_then_no_smaller_one():
    # Two failed discontent checks: the festival before a third (elaborate, +6: 1,000 gp x 31 people = 31,000 gp).
    world = _sarn_at_actions(treasury=200_000, failed_checks=2)
    assert choose(world) == HoldFestival("elaborate")
    world.apply(HoldFestival("elaborate"))
    assert world.realms["Sarn"].festival_bonus == 6
    assert not isinstance(choose(world), HoldFestival)
