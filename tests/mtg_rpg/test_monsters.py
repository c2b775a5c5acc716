"""Monsters from creature cards (seed 000, MONSTERS; COMBAT: Creature Identification & Magic)."""

from __future__ import annotations

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.character import example_character
from magecraft.mtg_rpg.monsters import (
    ability_drain,
    armour_applies,
    can_carry,
    damage_through_resistance,
    level_drain,
    mana_drain,
    monster_damage_resistance,
    monster_from_card,
    regenerate,
    regeneration_limit,
    renew_monster,
    resistance_check,
    restore_drained,
    spell_power,
    use_reserve,
)
from magecraft.mtg_rpg.settings import Settings

POOL = builtin_pool()
#: The seed's Uthden Troll: "a casting cost of 2 red and 1 generic mana", regenerating for one red.
UTHDEN_TROLL = Card("Uthden Troll", "{1}{R}{R}", 3, ("R",), "Creature — Troll", ("Creature",), ("Troll",),
                    power="2", toughness="2", keywords=("Regenerate",))


def test_craw_wurm_statistics() -> None:
    wurm = monster_from_card(POOL.get("Craw Wurm"), charisma=1)  # 6/4, {4}{G}{G}
    assert wurm.attributes == {"ST": 6, "DX": 2, "CN": 5, "IQ": 2, "WS": 2, "CH": 1}
    assert (wurm.initiative_modifier, wurm.size_hexes, wurm.mana_reserve) == (2, 5, 6)
    # halves and averages round down (ruling F34): Aven Flock 2/3, {4}{W}
    flock = monster_from_card(POOL.get("Aven Flock"))
    assert flock.attributes == {"ST": 2, "DX": 1, "CN": 2, "IQ": 1, "WS": 1, "CH": 0} and flock.size_hexes == 2


def test_uthden_troll_initiative_and_three_regenerations_from_its_reserve() -> None:
    troll = monster_from_card(UTHDEN_TROLL)
    assert troll.initiative_modifier == 2  # "would have a modifier of 2 plus the referee's card play"
    assert troll.mana_reserve == 3 and troll.regenerations_left == 3
    for left in (2, 1, 0):
        troll = regenerate(troll)
        assert troll.regenerations_left == left and troll.mana_reserve == left
    with pytest.raises(RuleError) as info:
        regenerate(troll)
    assert info.value.rule == "Regeneration limit"
    # reserve mana spent on its own spells cannot pay a regeneration later
    caster = use_reserve(monster_from_card(UTHDEN_TROLL), 3)
    with pytest.raises(RuleError, match="cannot pay 1"):
        regenerate(caster)


def test_a_conjured_skeleton_regenerates_once_per_coloured_mana() -> None:
    skeletons = POOL.get("Drudge Skeletons")  # {1}{B}, Regenerate
    summoned = monster_from_card(skeletons, natural=False)
    assert summoned.mana_reserve == 0 and summoned.regenerations_left == 1
    assert regenerate(summoned).regenerations_left == 0
    with pytest.raises(RuleError):
        regenerate(regenerate(summoned))
    assert regeneration_limit(skeletons, Settings(regeneration_per="total")) == 2
    assert regeneration_limit(POOL.get("Craw Wurm")) == 0


def test_reserve_mana_is_only_for_natural_creatures() -> None:
    wurm = monster_from_card(POOL.get("Craw Wurm"))
    assert use_reserve(wurm, 4).mana_reserve == 2
    with pytest.raises(RuleError, match="reserve mana, not 7"):
        use_reserve(wurm, 7)
    with pytest.raises(RuleError, match="its Wizard pays"):
        use_reserve(monster_from_card(POOL.get("Craw Wurm"), natural=False), 1)
    # "Natural creatures have a mana reserve equal to their casting cost"; a conjured one has none
    assert (wurm.mana_reserve, monster_from_card(POOL.get("Craw Wurm"), natural=False).mana_reserve) == (6, 0)


def test_resistance_check_full_partial_none() -> None:
    assert resistance_check(10, 10) == "full"
    assert resistance_check(5, 10) == "partial"
    assert resistance_check(4, 10) == "none"
    assert resistance_check(5, 11) == "none"
    ogre = monster_from_card(POOL.get("Craw Wurm"), life_points=4)
    assert ogre.resistance_total == 14
    assert spell_power(example_character(), POOL.get("Lava Axe")) == 8  # ST 3 + 5 mana


def test_damage_resistance() -> None:
    assert damage_through_resistance(3, 1) == 2  # the chain shirt example: 3 damage, DR 1
    assert damage_through_resistance(1, 2) == 0
    tough = monster_from_card(POOL.get("Craw Wurm"), life_points=10)
    assert monster_damage_resistance(tough) == 4
    assert monster_damage_resistance(monster_from_card(POOL.get("Craw Wurm"))) == 0


def test_level_drain_and_renewal() -> None:
    wurm = level_drain(level_drain(monster_from_card(POOL.get("Craw Wurm"))))
    assert (wurm.current_power, wurm.current_toughness) == (8, 6)
    assert renew_monster(wurm).current_power == 6


def test_mana_drain() -> None:
    wurm, left = mana_drain(monster_from_card(POOL.get("Craw Wurm")), wizard_mana=3, amount=5)
    assert left == 0 and wurm.mana_reserve == 9
    # a conjured creature has no reserve to keep the stolen mana in (ruling F39)
    conjured, left = mana_drain(monster_from_card(POOL.get("Craw Wurm"), natural=False), wizard_mana=3, amount=2)
    assert left == 1 and conjured.mana_reserve == 0


def test_ability_drain_returns_a_point_each_renewal() -> None:
    wizard = example_character()  # ST 3, DX 0, CN 2, IQ 2, WS 1, CH 2: DX cannot be picked
    drained, lost = ability_drain(wizard, Randomness.scripted([1, 3]), 2)
    assert lost == ["ST", "IQ"]
    assert drained.attribute("ST") == 2 and drained.attribute("IQ") == 1
    once = restore_drained(drained)
    assert once.attribute("ST") == 3 and once.attribute("IQ") == 1 and once.drained == {"IQ": 1}
    assert restore_drained(once).attributes == wizard.attributes and restore_drained(once).drained == {}


def test_star_power_and_non_creatures() -> None:
    with pytest.raises(InputError, match="give the referee's number"):
        monster_from_card(POOL.get("Nightmare"))
    assert monster_from_card(POOL.get("Nightmare"), power=3, toughness=4).attributes["ST"] == 3
    with pytest.raises(RuleError, match="not a creature"):
        monster_from_card(POOL.get("Lava Axe"))
    assert monster_from_card(POOL.get("Ornithopter")).attributes["WS"] == 0  # half of 0, less 1, floored at 0


def test_carrying_capacity_and_landwalk_through_armour() -> None:
    elemental = monster_from_card(Card("Air Elemental", "{3}{U}{U}", 5, ("U",), "Creature — Elemental",
                                       ("Creature",), power="4", toughness="4", keywords=("Flying",)))
    assert can_carry(elemental, 199) and not can_carry(elemental, 200)
    walker = Card("Bog Walker", "{1}{B}", 2, ("B",), "Creature", ("Creature",), power="1", toughness="1",
                  keywords=("Swampwalk",))
    assert not armour_applies(walker, {"Swamp", "Forest"})
    assert armour_applies(walker, {"Forest"}) and armour_applies(POOL.get("Craw Wurm"), {"Swamp"})
