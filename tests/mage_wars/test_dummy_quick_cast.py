"""Seed 003 "Quick Cast/Action Die Roll Sequence for the Dummy Mage", with the seed's examples."""

import pytest

from magecraft.core.tables import get_table
from magecraft.mage_wars import dummy
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU


def test_example_1_rerolls_a_9_at_3_zones_then_moves_east(build, says):
    # Seed example 1: the roll is 9, the DM is 3+ zones from everything, re-roll: 3 = move, 5 = east.
    # The example's drawing: the Timber Wolf 3 zones away (C2), your mage 4 zones away (C3).
    game = build([9, 3, 5], you="C3", dummy="A1", creatures=[(YOU, "Timber Wolf", "C2", 0)])
    dummy.quick_cast(game)
    assert game.dummy.zone == "B1"
    assert says(game)[0] == "rolled 9: 3 zones from every enemy, re-rolling"
    assert says(game)[-1] == "rolled 5: moves one zone east to B1"


def test_rerolls_every_8_plus_until_1_to_7(build, says):
    game = build([11, 8, 12, 2, 1], dummy="A1")
    dummy.quick_cast(game)
    assert [s for s in says(game) if "re-rolling" in s] == [
        "rolled 11: 3 zones from every enemy, re-rolling",
        "rolled 8: 3 zones from every enemy, re-rolling",
        "rolled 12: 3 zones from every enemy, re-rolling",
    ]
    assert says(game)[-1] == "rolled 1: north, but the arena wall is there: stays in A1"
    assert game.dummy.zone == "A1"


def test_no_reroll_within_2_zones_and_an_exhausted_deck_loses_the_turn(build, says):
    game = build([9, 2], dummy="A1", creatures=[(YOU, "Timber Wolf", "B2", 0)])
    before = {k: v for k, v in game.to_dict().items() if k not in ("log", "rng")}
    dummy.quick_cast(game)
    assert not any("re-rolling" in s for s in says(game))
    assert says(game)[-1] == "the enchantment deck is exhausted: the Dummy Mage loses this turn"
    after = {k: v for k, v in game.to_dict().items() if k not in ("log", "rng")}
    assert after == before


@pytest.mark.parametrize(("roll", "zone"), [(1, "B1"), (3, "B1"), (4, "C2"), (6, "C2"), (7, "B3"), (9, "B3"),
                                            (10, "A2"), (12, "A2")])
def test_compass_rose_moves_the_dummy_mage(build, roll, zone):
    game = build([2, roll], dummy="B2", you="D3")
    dummy.quick_cast(game)
    assert game.dummy.zone == zone


def test_a_wall_object_stops_the_dummy_mage_like_the_arena_edge(build, says):
    game = build([3, 5], dummy="A1", settings=Settings(walls=(Wall("w1", ("A1", "B1"), 10),)))
    dummy.quick_cast(game)
    assert game.dummy.zone == "A1"
    assert "stays in A1" in says(game)[-1]


def test_4_to_7_summons_the_top_creature_inactive_until_the_next_reset(build):
    game = build([6], decks={"creature": ["Emerald Tegu", "Bitterwood Fox"]})
    dummy.quick_cast(game)
    tegu = game.units["d1"]
    assert (tegu.name, tegu.zone, tegu.ready, tegu.fresh) == ("Emerald Tegu", "A1", False, True)
    assert game.decks["creature"].cards == ["Bitterwood Fox"]
    game.ready_stage()
    assert tegu.ready and not tegu.fresh


def test_example_3_a_5_in_the_final_quick_cast_adds_an_inactive_creature(build, says):
    # Seed example 3: Action Stage 3, the roll is 5: a creature joins the Golem, Leech and Fox, inactive.
    game = build([5], dummy="A1", you="B2", stage="quick_cast_2", decks={"creature": ["Darkfenne Bat"]},
                 creatures=[(DUMMY, "Iron Golem", "A1", 0), (DUMMY, "Mana Leech", "B1", 0),
                            (DUMMY, "Bitterwood Fox", "A2", 0)])
    dummy.quick_cast(game)
    bat = game.units["d4"]
    assert (bat.name, bat.zone, bat.ready, bat.fresh) == ("Darkfenne Bat", "A1", False, True)
    assert says(game)[-1] == "summons Darkfenne Bat (d4) in A1 with an inactive action marker"
    assert game.decks["creature"].is_exhausted


def test_an_exhausted_creature_deck_loses_the_turn(build, says):
    game = build([4])
    dummy.quick_cast(game)
    assert says(game)[-1] == "the creature deck is exhausted: the Dummy Mage loses this turn"
    assert len(game.units) == 2


def test_example_bear_strength_discarded_when_its_creatures_are_3_zones_away(build, says):
    game = build([9, 2], dummy="A1", you="B1", creatures=[(DUMMY, "Bitterwood Fox", "D1", 0)],
                 decks={"enchantment": ["Bear Strength"]})
    dummy.quick_cast(game)
    assert game.units["d1"].enchantments == []
    assert game.decks["enchantment"].discards == ["Bear Strength"]
    assert says(game)[-1] == "draws Bear Strength: it cannot work on anything in range, discarded"


def test_bear_strength_goes_on_a_creature_within_range(build):
    game = build([9, 2], dummy="A1", you="B1", creatures=[(DUMMY, "Bitterwood Fox", "C1", 0)],
                 decks={"enchantment": ["Bear Strength"]})
    dummy.quick_cast(game)
    fox = game.units["d1"]
    assert fox.enchantments == ["Bear Strength"]
    assert fox.melee_bonus() == 2


def test_example_4_battle_fury_on_the_emerald_tegu_with_5_damage(build, says):
    game = build([10, 9], dummy="A1", you="C1", decks={"incantation": ["Battle Fury"]},
                 creatures=[(DUMMY, "Emerald Tegu", "B1", 5), (DUMMY, "Bitterwood Fox", "B1", 0),
                            (YOU, "Timber Wolf", "B1", 0)])
    dummy.quick_cast(game)
    tegu, fox = game.units["d1"], game.units["d2"]
    assert tegu.remaining_life == 3 and fox.remaining_life == 5
    assert tegu.battle_fury and not fox.battle_fury
    assert says(game)[-1] == "draws Battle Fury: casts it on Emerald Tegu (d1)"


def test_battle_fury_is_discarded_in_the_final_quick_cast_stage(build):
    game = build([10, 9], dummy="A1", you="C1", stage="quick_cast_2", decks={"incantation": ["Battle Fury"]},
                 creatures=[(DUMMY, "Emerald Tegu", "B1", 5), (YOU, "Timber Wolf", "B1", 0)])
    dummy.quick_cast(game)
    assert not game.units["d1"].battle_fury
    assert game.decks["incantation"].discards == ["Battle Fury"]


def test_friendly_spell_without_an_engaged_creature_goes_closest_to_your_mage(build):
    # The Fox has less life but the Tegu is closer to your mage (criterion iii, second sentence).
    game = build([9, 1], dummy="A1", you="C1", decks={"enchantment": ["Bull Endurance"]},
                 creatures=[(DUMMY, "Bitterwood Fox", "A2", 4), (DUMMY, "Emerald Tegu", "B1", 0)])
    dummy.quick_cast(game)
    assert game.units["d2"].enchantments == ["Bull Endurance"]
    assert game.units["d2"].life == 12


def test_the_dummy_mage_heals_itself_as_a_friendly_creature(build):
    # Criterion iii names "the creature with the lowest remaining life value"; the Dummy Mage is a creature
    # of its side as your mage is of yours (rulings M5, M6): Heal (10, then 9: an incantation) goes on it,
    # 8 attack dice of 3 taking 8 damage off, while its undamaged fox gets nothing.
    game = build([10, 9, 3, 3, 3, 3, 3, 3, 3, 3], dummy="A1", you="B1", decks={"incantation": ["Heal"]},
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0)])
    game.dummy.damage = 20
    dummy.quick_cast(game)
    assert game.dummy.damage == 12 and game.units["d1"].damage == 0
    ruled_out = build([10, 9], dummy="A1", you="B1", decks={"incantation": ["Heal"]},
                      settings=Settings(dummy_mage_takes_friendly_spells=False))
    ruled_out.dummy.damage = 20
    dummy.quick_cast(ruled_out)
    assert ruled_out.dummy.damage == 20 and ruled_out.decks["incantation"].discards == ["Heal"]


@pytest.mark.parametrize("card", ["Bear Strength", "Falcon Precision"])
def test_a_friendly_spell_for_melee_attacks_is_not_cast_on_the_dummy_mage(build, card):
    # It makes no melee attack, so the spell "would not make sense" on it (ruling M6): discarded.
    game = build([9, 1], dummy="A1", you="B1", decks={"enchantment": [card]})
    dummy.quick_cast(game)
    assert game.dummy.enchantments == [] and game.decks["enchantment"].discards == [card]


def test_a_friendly_spell_goes_first_to_a_creature_sharing_a_zone_with_an_enemy(build):
    # Criterion iii's first sentence wins over the second: the Tegu (8 life left) shares B1 with your wolf,
    # so it takes Bull Endurance although the Fox has less life left (3) and stands closer to your mage.
    game = build([9, 1], dummy="B2", you="D2", decks={"enchantment": ["Bull Endurance"]},
                 creatures=[(DUMMY, "Emerald Tegu", "B1", 0), (YOU, "Timber Wolf", "B1", 0),
                            (DUMMY, "Bitterwood Fox", "C2", 2)])
    dummy.quick_cast(game)
    assert game.units["d1"].enchantments == ["Bull Endurance"]
    assert game.units["d3"].enchantments == [] and game.dummy.enchantments == []


def test_friendly_ties_are_broken_at_random(build):
    game = build([9, 1, 2], dummy="A1", you="C1", decks={"enchantment": ["Bear Strength"]},
                 creatures=[(DUMMY, "Bitterwood Fox", "B2", 0), (DUMMY, "Bitterwood Fox", "B2", 0)])
    dummy.quick_cast(game)
    assert game.units["d2"].enchantments == ["Bear Strength"]
    assert game.units["d1"].enchantments == []


def test_enemy_enchantment_on_the_highest_remaining_life_in_range(build):
    game = build([9, 6], dummy="A1", you="D3", decks={"enchantment": ["Agony"]},
                 creatures=[(YOU, "Bitterwood Fox", "A2", 0), (YOU, "Timber Wolf", "B1", 0),
                            (YOU, "Emerald Tegu", "C1", 0), (YOU, "Darkfenne Hydra", "D2", 0)])
    dummy.quick_cast(game)
    assert game.units["y2"].enchantments == ["Agony"]
    assert game.units["y2"].curse_dice() == -2


def test_your_mage_is_an_enemy_creature_for_enemy_spells(build):
    game = build([8, 7], dummy="A1", you="B1", decks={"incantation": ["Knockdown"]},
                 creatures=[(YOU, "Timber Wolf", "A1", 0)])
    dummy.quick_cast(game)
    assert game.you.conditions == {"Slam": 1}


def test_banish_passes_over_your_mage_for_the_creature(build):
    # Banish says "Non-Mage Creature" (ruling M5): your mage (32 life) has more life left than the wolf, but
    # the wolf is banished; with the wolf gone the spell is discarded
    game = build([8, 7], dummy="A1", you="B1", decks={"incantation": ["Banish"]},
                 creatures=[(YOU, "Timber Wolf", "A1", 0)])
    dummy.quick_cast(game)
    assert game.units["y1"].banished == 3 and game.you.banished == 0
    alone = build([8, 7], dummy="A1", you="B1", decks={"incantation": ["Banish"]})
    dummy.quick_cast(alone)
    assert alone.decks["incantation"].discards == ["Banish"] and alone.you.banished == 0


SPELL = "enchantment or incantation"


@pytest.mark.parametrize(("roll", "result"), [(1, "move"), (3, "move"), (4, "summon"), (7, "summon"),
                                              (8, SPELL), (10, SPELL), (11, "attack spell"), (12, "attack spell")])
def test_the_quick_cast_die_reads_as_the_seed(roll, result):
    # "1 - 3 = Move ... 4 - 7 = Add 1 random creature ... 8-10 = Cast an Enchantment OR an Incantation ...
    # 11 -12 = Cast Attack Spell", each range checked at both ends
    assert get_table("mw_dummy_quick_cast").lookup(roll).result == result


def test_a_7_summons_a_creature(build, says):
    game = build([7], decks={"creature": ["Timber Wolf"]})
    dummy.quick_cast(game)
    assert says(game)[-1].startswith("summons Timber Wolf")


def test_maim_wings_is_discarded_without_a_flyer_and_cast_on_one(build):
    game = build([9, 3], dummy="A1", you="B1", decks={"enchantment": ["Maim Wings"]},
                 creatures=[(YOU, "Timber Wolf", "A1", 0)])
    dummy.quick_cast(game)
    assert game.decks["enchantment"].discards == ["Maim Wings"]
    game = build([9, 3], dummy="A1", you="B1", decks={"enchantment": ["Maim Wings"]},
                 creatures=[(YOU, "Timber Wolf", "A1", 0), (YOU, "Thunderift Falcon", "A2", 0)])
    dummy.quick_cast(game)
    falcon = game.units["y2"]
    assert falcon.enchantments == ["Maim Wings"] and not falcon.flying


def test_attack_spells_target_your_mage_first(build):
    game = build([11, 3, 3, 3, 3, 3, 3, 1], dummy="A1", you="B1", decks={"attack": ["Fireball"]},
                 creatures=[(YOU, "Timber Wolf", "A2", 0)])
    dummy.quick_cast(game)
    assert game.you.damage == 6
    assert game.units["y1"].damage == 0


def test_example_jet_stream_at_the_creature_in_the_next_zone(build):
    # 2 dice: a critical 2 and a normal 2; the Wolf's armour 2 soaks the normal damage; effect die 3: no push.
    game = build([12, 6, 4, 3], dummy="A1", you="D3", decks={"attack": ["Jet Stream"]},
                 creatures=[(YOU, "Timber Wolf", "B1", 0)])
    dummy.quick_cast(game)
    wolf = game.units["y1"]
    assert (wolf.damage, wolf.zone) == (2, "B1")


def test_jet_stream_pushes_by_the_compass_rose(build):
    game = build([12, 1, 1, 5, 4], dummy="A1", you="D3", decks={"attack": ["Jet Stream"]},
                 creatures=[(YOU, "Timber Wolf", "B1", 0)])
    dummy.quick_cast(game)
    assert game.units["y1"].zone == "C1"


def test_zone_attacks_hit_friend_and_foe(build):
    # "If it is a Zone Attack it effects all objects in the zone, friendly and enemy" (ruling M9): its fox,
    # your wolf and the Dummy Mage itself, each rolling its own dice (the Dummy Mage's last).
    game = build([11, 3, 3, 3, 3, 1, 3, 3, 3, 3, 9, 3, 3, 3, 3, 1], dummy="A1", you="D3",
                 decks={"attack": ["Electrify"]},
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0), (YOU, "Timber Wolf", "A1", 0)])
    dummy.quick_cast(game)
    fox, wolf = game.units["d1"], game.units["y2"]
    assert fox.damage == 4
    assert wolf.damage == 2 and wolf.conditions == {"Stun": 1}
    assert game.dummy.damage == 4 and game.dummy.conditions == {}


def test_zone_attack_discarded_without_an_enemy_in_the_zone(build):
    game = build([11], dummy="A1", you="C1", decks={"attack": ["Ring of Fire"]},
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0), (YOU, "Timber Wolf", "B1", 0)])
    dummy.quick_cast(game)
    assert game.units["d1"].damage == 0
    assert game.decks["attack"].discards == ["Ring of Fire"]


def test_attack_spell_discarded_when_nothing_is_in_range(build, says):
    game = build([11], dummy="A1", you="D3", decks={"attack": ["Flameblast"]},
                 creatures=[(YOU, "Timber Wolf", "C1", 0)])
    dummy.quick_cast(game)
    assert says(game)[-1] == "draws Flameblast: nothing in range, discarded"
    assert game.units["y1"].damage == 0


def test_attack_spell_without_your_mage_takes_the_closest_creature(build):
    game = build([12, 3, 3, 3, 3, 3, 3, 1], dummy="A1", you="D3", decks={"attack": ["Fireball"]},
                 creatures=[(YOU, "Darkfenne Hydra", "C1", 0), (YOU, "Timber Wolf", "A2", 0)])
    dummy.quick_cast(game)
    assert game.units["y2"].damage == 4
    assert game.units["y1"].damage == 0


def test_a_stunned_dummy_mage_flips_its_marker(build, says):
    game = build([])
    game.dummy.add_condition("Stun")
    dummy.quick_cast(game)
    assert game.dummy.conditions == {}
    assert says(game) == ["stunned: flips its quick cast marker and does not act this stage"]


@pytest.mark.parametrize(("roll", "then", "outcome"), [
    (1, 1, "move"), (3, 1, "move"), (4, None, "summon"), (7, None, "summon"),
    (8, 6, "enchantment"), (10, 7, "incantation"), (11, None, "attack"), (12, None, "attack"),
])
def test_each_quick_cast_roll_does_what_the_seed_says(build, says, roll, then, outcome):
    # Seed 003: 1-3 move, 4-7 add a creature, 8-10 enchantment (1-6) or incantation (7-12), 11-12 attack spell.
    # Your mage stands next door, so nothing is re-rolled; the empty decks make each draw lose the turn.
    game = build([roll] if then is None else [roll, then], dummy="A1", you="B1")
    dummy.quick_cast(game)
    expected = {"move": "rolled 1: north, but the arena wall is there: stays in A1",
                "summon": "the creature deck is exhausted: the Dummy Mage loses this turn",
                "enchantment": "the enchantment deck is exhausted: the Dummy Mage loses this turn",
                "incantation": "the incantation deck is exhausted: the Dummy Mage loses this turn",
                "attack": "the attack deck is exhausted: the Dummy Mage loses this turn"}[outcome]
    assert says(game)[-1] == expected
