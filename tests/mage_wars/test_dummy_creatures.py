"""Seed 003 "Creature Action Sequence for the Dummy Mage", with the seed's examples 2 and 5."""

from magecraft.mage_wars import dummy
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.combat import apply_condition
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU


def test_example_2_golem_then_leech_then_fox(build, says):
    game = build([], dummy="A1", you="D3", stage="creatures",
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0), (DUMMY, "Iron Golem", "A1", 0),
                            (DUMMY, "Mana Leech", "A1", 0)])
    for _ in range(3):
        dummy.creature_turn(game)
    acted = [s.split(" (")[0] for s in says(game)]
    assert acted == ["Iron Golem", "Mana Leech", "Bitterwood Fox"]
    assert not game.ready_units(DUMMY)


def test_equal_mana_cost_is_chosen_at_random(build, says):
    game = build([2], dummy="A1", you="D3", stage="creatures",
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0), (DUMMY, "Darkfenne Bat", "A1", 0)])
    dummy.creature_turn(game)
    assert says(game)[0].startswith("Darkfenne Bat (d2) C:")


def test_passes_while_you_have_more_active_creatures(build, says):
    game = build([], stage="creatures", creatures=[(DUMMY, "Timber Wolf", "A1", 0),
                                                  (YOU, "Bitterwood Fox", "D3", 0)])
    dummy.creature_turn(game)
    assert says(game) == ["passes: you have 2 creatures ready, it has 1"]
    assert game.units["d1"].ready


def test_example_5_tegu_attacks_the_4_life_fox_because_the_falcon_flies(build, named):
    game = build([1, 1, 1, 1], dummy="A1", you="D3", stage="creatures",
                 creatures=[(DUMMY, "Emerald Tegu", "B2", 0), (YOU, "Bitterwood Fox", "B2", 2),
                            (YOU, "Bitterwood Fox", "B2", 1), (YOU, "Thunderift Falcon", "B2", 0)])
    dummy.act(game, game.units["d1"])
    attacks = [e for e in game.log if e.kind == "game" and e.data.get("attacker") == "d1"]
    assert [e.data["target"] for e in attacks] == ["y3"]
    assert game.units["y3"].remaining_life == 4


def test_attacks_your_mage_first(build, says):
    game = build([1, 1, 1, 1], you="D3", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "D3", 0), (YOU, "Darkfenne Hydra", "D3", 0)])
    game.you.damage = 28             # 4 life left: the Hydra has more, and your mage is still attacked first
    dummy.act(game, game.units["d1"])
    assert says(game)[-1] == "Timber Wolf (d1) A: attacks Wizard (you) with Bite (engaged in its zone)"


def test_a_guard_must_be_attacked_first(build, says):
    game = build([1, 1, 1, 1], you="D3", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "D3", 0), (YOU, "Bitterwood Fox", "D3", 0)])
    game.units["y2"].guarding = True
    dummy.act(game, game.units["d1"])
    assert says(game)[-1] == "Timber Wolf (d1) A: attacks Bitterwood Fox (y2) with Bite (engaged in its zone)"


def test_two_legal_attack_kinds_are_chosen_at_random(build, says):
    game = build([2] + [1] * 9, you="D3", stage="creatures", creatures=[(DUMMY, "Darkfenne Hydra", "D3", 0)])
    dummy.act(game, game.units["d1"])
    assert says(game)[-1].endswith("with Triple Bite (engaged in its zone)")
    strikes = [e for e in game.log if e.kind == "game" and e.data.get("attack") == "Triple Bite"]
    assert len(strikes) == 3


def test_b_moves_one_zone_and_makes_a_quick_attack(build, says):
    game = build([3, 3, 3, 3], you="D3", stage="creatures", creatures=[(DUMMY, "Timber Wolf", "C3", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "D3"
    assert game.you.damage == 4
    assert says(game)[-1] == "Timber Wolf (d1) B: moves to D3 and attacks Wizard (you) with Bite"


def test_slow_creatures_cannot_move_and_attack_so_they_close_in(build, says):
    game = build([], you="D3", stage="creatures", creatures=[(DUMMY, "Iron Golem", "C3", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "D3"
    assert game.you.damage == 0
    assert says(game)[-1] == "Iron Golem (d1) C: moves toward Wizard (you) to D3"


def test_c_moves_two_zones_toward_a_closer_creature(build):
    game = build([], dummy="A1", you="D3", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "A1", 0), (YOU, "Timber Wolf", "B2", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "B2"


def test_c_moves_toward_your_mage_when_equally_far(build):
    game = build([], dummy="A1", you="C1", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "A1", 0), (YOU, "Timber Wolf", "A3", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "C1"


def test_a_wall_in_the_way_is_attacked(build, says):
    walls = (Wall("w1", ("B1", "C1"), 10),)
    game = build([3, 3, 3, 3], dummy="A1", you="C1", stage="creatures", settings=Settings(walls=walls),
                 creatures=[(DUMMY, "Timber Wolf", "B1", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "B1"
    assert game.wall_damage == {"w1": 4}
    assert says(game)[-1] == "Timber Wolf (d1) C: wall w1 blocks the way to Wizard (you): attacks it"
    # a wall of 4 life falls to the same 4 damage
    weak = build([3, 3, 3, 3], dummy="A1", you="C1", stage="creatures",
                 settings=Settings(walls=(Wall("w1", ("B1", "C1"), 4),)),
                 creatures=[(DUMMY, "Timber Wolf", "B1", 0)])
    dummy.act(weak, weak.units["d1"])
    assert weak.walls == []


def test_a_passable_wall_is_crossed(build):
    walls = (Wall("w1", ("B1", "C1"), 10, passable=True),)
    game = build([1, 1, 1, 1], dummy="A1", you="C1", stage="creatures", settings=Settings(walls=walls),
                 creatures=[(DUMMY, "Timber Wolf", "B1", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "C1"


def test_a_wall_is_walked_round_when_another_step_gets_closer(build):
    walls = (Wall("w1", ("B1", "C1"), 10),)
    game = build([], dummy="A1", you="C2", stage="creatures", settings=Settings(walls=walls),
                 creatures=[(DUMMY, "Timber Wolf", "B1", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "C2"
    assert game.wall_damage == {}


def test_an_engaged_creature_attacks_in_its_own_zone(build, says):
    # The Gorgon could shoot your mage next door, but it is engaged with the Fox in its zone.
    game = build([1, 1], you="D3", stage="creatures",
                 creatures=[(DUMMY, "Gorgon Archer", "C3", 0), (YOU, "Bitterwood Fox", "C3", 0)])
    dummy.act(game, game.units["d1"])
    assert says(game)[-1] == "Gorgon Archer (d1) A: attacks Bitterwood Fox (y2) with Claws (engaged in its zone)"


def test_a_ranged_attack_reaches_your_mage_in_the_next_zone(build):
    game = build([3, 3, 3, 3, 5], you="D3", stage="creatures", creatures=[(DUMMY, "Gorgon Archer", "C3", 0)])
    dummy.act(game, game.units["d1"])
    assert game.you.damage == 4
    assert game.you.conditions == {"Weak": 1}


def test_a_creature_whose_only_foe_flies_pursues_your_mage(build):
    game = build([], dummy="A1", you="D3", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "A1", 0), (YOU, "Thunderift Falcon", "A1", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "C1"


def test_a_stunned_creature_loses_its_action(build, says):
    game = build([], you="D3", stage="creatures", creatures=[(DUMMY, "Timber Wolf", "D3", 0)])
    game.units["d1"].add_condition("Stun")
    dummy.act(game, game.units["d1"])
    assert game.you.damage == 0 and game.units["d1"].conditions == {}
    assert not game.units["d1"].ready


def test_enemies_of_equal_highest_life_are_chosen_at_random(build, says):
    # Two untouched Wolves share the Tegu's zone; the pick (2 of 2) takes the second.
    game = build([2, 1, 1, 1, 1], you="D3", stage="creatures",
                 creatures=[(DUMMY, "Emerald Tegu", "B2", 0), (YOU, "Timber Wolf", "B2", 0),
                            (YOU, "Timber Wolf", "B2", 0)])
    dummy.act(game, game.units["d1"])
    assert says(game)[-1] == ("Emerald Tegu (d1) A: attacks Timber Wolf (y3) with Venomous Bite "
                              "(engaged in its zone)")
    picks = [e for e in game.log if e.kind == "roll" and "targets of equal life" in e.label]
    assert [e.data["value"] for e in picks] == [2]


def test_c_pursues_the_closer_of_two_creatures_of_equal_highest_life(build):
    game = build([], dummy="A1", you="D3", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "A1", 0), (YOU, "Timber Wolf", "D1", 0),
                            (YOU, "Timber Wolf", "B2", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "B2"


def test_a_crippled_creature_says_it_cannot_get_closer(build, says):
    game = build([], dummy="A1", you="D3", stage="creatures", creatures=[(DUMMY, "Timber Wolf", "A1", 0)])
    game.units["d1"].add_condition("Cripple")
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "A1"
    assert says(game)[-1] == "Timber Wolf (d1) C: cannot get closer to Wizard (you): stays in A1"



def test_c_moves_a_fast_creature_two_zones_as_written(build, says):
    # Seed 003 C says "Move 2 Zones if able": the Fast Fox could run 3 but pursues 2 (setting pursuit_zones).
    game = build([], dummy="A1", you="D3", stage="creatures", creatures=[(DUMMY, "Bitterwood Fox", "A1", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "C1"
    game = build([], dummy="A1", you="D3", stage="creatures", settings=Settings(pursuit_zones=3),
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0)])
    dummy.act(game, game.units["d1"])
    assert game.units["d1"].zone == "D1"


def test_a_knocked_down_creature_stands_up_dazed_and_acts(build, says):
    # Codex, Slam: at its activation the Slam becomes a Daze. The Daze check rolls 7 (it hits), then the bite.
    game = build([7, 3, 3, 3, 3], you="D3", stage="creatures", creatures=[(DUMMY, "Timber Wolf", "D3", 0)])
    wolf = game.units["d1"]
    wolf.add_condition("Slam")
    dummy.act(game, wolf)
    assert says(game)[:2] == ["Timber Wolf (d1) stands up dazed",
                              "Timber Wolf (d1) A: attacks Wizard (you) with Bite (engaged in its zone)"]
    assert wolf.conditions == {"Daze": 1} and game.you.damage == 4


def test_a_stunned_flyer_loses_flying_and_can_be_bitten(build, says):
    # Codex, Incapacitated: no Flying. Example 5's Tegu now reaches the Falcon, the highest remaining life.
    game = build([1, 1, 1, 1], dummy="A1", you="D3", stage="creatures",
                 creatures=[(DUMMY, "Emerald Tegu", "B2", 0), (YOU, "Bitterwood Fox", "B2", 1),
                            (YOU, "Thunderift Falcon", "B2", 0)])
    falcon = game.units["y3"]
    apply_condition(game, falcon, "Stun")
    assert not falcon.flying
    dummy.act(game, game.units["d1"])
    assert says(game)[-1] == ("Emerald Tegu (d1) A: attacks Thunderift Falcon (y3) with Venomous Bite "
                              "(engaged in its zone)")


def test_b_makes_only_a_quick_attack_after_its_move(build, says):
    # The Mana Leech has a quick Leeching Bite and a full Gorging Bite: after moving, only the quick one is legal,
    # so there is no random pick between two kinds (the two dice are the bite's).
    game = build([3, 4], you="D3", stage="creatures", creatures=[(DUMMY, "Mana Leech", "C3", 0)])
    dummy.act(game, game.units["d1"])
    assert says(game)[-1] == "Mana Leech (d1) B: moves to D3 and attacks Wizard (you) with Leeching Bite"
    assert game.you.damage == 3


def test_an_elusive_attacker_ignores_the_guard(build, says):
    # No card in the data is Elusive, so the Wolf is given the trait for this round.
    game = build([1, 1, 1, 1], you="D3", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "D3", 0), (YOU, "Bitterwood Fox", "D3", 0)])
    game.units["y2"].guarding = True
    game.units["d1"].round_traits.append("Elusive")
    dummy.act(game, game.units["d1"])
    assert says(game)[-1] == "Timber Wolf (d1) A: attacks Wizard (you) with Bite (engaged in its zone)"
