"""Keyword abilities in locked combat and targeting (seed 001 "Character Generation" and rulings PW27)."""

from __future__ import annotations

import dataclasses

import pytest

from magecraft.core.errors import RuleError
from magecraft.planeswalker.actions import Cast, Channel, End, Engage
from magecraft.planeswalker.bot import ready_mage


def _hero(make_hero, *keywords: str):
    return dataclasses.replace(make_hero(), keywords=keywords, awarded=10)


def _engage(make_battle, to_main, hero, creature: str, dice: list[int]):
    battle = make_battle([creature], hero=hero, ranges={"c1": "close"})
    to_main(battle)
    battle.rng.extend_script(dice)
    battle.apply(Engage(target="c1"))
    return battle


def test_lifelink_gains_the_damage_dealt(make_battle, make_hero, to_main) -> None:
    # Craw Wurm 6/4, Life 8: 9 against 4 is 5 damage; its counter-attack 6 against 18 does nothing.
    battle = _engage(make_battle, to_main, _hero(make_hero, "Lifelink"), "Craw Wurm",
                     [3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6])
    assert battle.fighters["you"].life == 10 and battle.fighters["c1"].life == 3


def test_deathtouch_kills_a_creature_it_damages(make_battle, make_hero, to_main) -> None:
    battle = _engage(make_battle, to_main, _hero(make_hero, "Deathtouch"), "Craw Wurm",
                     [2, 2, 1, 1, 1, 1, 1])
    assert battle.fighters["c1"].out == "dead"  # 5 against 4: one damage, and Deathtouch


def test_absorb_prevents_one_damage_from_each_strike(make_battle, make_hero, to_main) -> None:
    battle = _engage(make_battle, to_main, _hero(make_hero, "Absorb 1"), "Grizzly Bears",
                     [1, 1, 1, 1, 1, 4, 2, 1, 1, 1])
    assert battle.fighters["you"].life == 5 - (6 - 3 - 1)


def test_exalted_adds_a_die_to_the_attack(make_battle, make_hero, to_main) -> None:
    battle = _engage(make_battle, to_main, _hero(make_hero, "Exalted"), "Grizzly Bears",
                     [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    first = next(e for e in battle.log if e.kind == "strike")
    assert first.data["attack"] == 4  # four dice for Power 3


def test_wither_lowers_a_creatures_power_and_toughness_for_good(make_battle, make_hero, to_main) -> None:
    battle = _engage(make_battle, to_main, _hero(make_hero, "Wither"), "Craw Wurm",
                     [3, 3, 3, 1, 1, 1, 1, 1, 6, 6, 6])
    wurm = battle.fighters["c1"]
    assert (wurm.base_power, wurm.base_toughness, wurm.life) == (1, 0, 3)  # 9 against 4: 5 damage
    assert [e.data["attack"] for e in battle.log if e.kind == "strike"] == [9, 1]  # it strikes back with 1 die


def test_defender_cannot_engage(make_battle, make_hero, to_main) -> None:
    battle = make_battle(hero=_hero(make_hero, "Defender"), ranges={"c1": "close"})
    to_main(battle)
    with pytest.raises(RuleError, match="Defender"):
        battle.apply(Engage(target="c1"))


def test_protection_from_a_colour_stops_its_spells(make_battle, to_main) -> None:
    battle = make_battle(["Paladin en-Vec"])
    to_main(battle)
    with pytest.raises(RuleError, match="protection"):
        battle.apply(Cast(card="Shock", target="c1"))


@pytest.mark.parametrize(("blocker", "allowed"), [("Grizzly Bears", False), ("Giant Spider", True),
                                                  ("Suntail Hawk", True)])
def test_a_flyer_is_intercepted_only_by_flying_or_reach(make_battle, make_hero, blocker: str,
                                                        allowed: bool) -> None:
    hero = dataclasses.replace(make_hero(increases={"speed": 2, "power": 2}), keywords=("Flying",), awarded=2)
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero, ranges={"mage": "close"})
    battle.summon(battle.fighters["mage"], blocker)
    battle.invalidate()
    while not (battle.current_player() == "you" and battle.phase == "channelling"):
        battle.apply(Channel() if battle.phase == "channelling" else End())
    battle.apply(Channel())
    battle.rng.extend_script([1] * 20)
    battle.apply(Engage(target="mage"))
    assert (battle.phase == "intercept") == allowed


# -- Battle cry, Poisonous and landwalk (ruling PW37) -------------------------------------------------


def test_battle_cry_gives_the_rest_of_the_side_one_power_until_end_of_turn(make_battle, make_hero,
                                                                           to_main) -> None:
    battle = make_battle(["Craw Wurm"], hero=_hero(make_hero, "Battle cry"), ranges={"c1": "close"})
    battle.summon(battle.fighters["you"], "Grizzly Bears")
    battle.invalidate()
    to_main(battle)
    battle.rng.extend_script([1] * 3 + [6] * 4 + [1] * 6 + [6] * 3)  # no one is hurt
    battle.apply(Engage(target="c1"))
    assert battle.fighters["s1"].power == 3 and battle.fighters["you"].power == 3  # not the one who cried
    battle.apply(End())
    assert battle.fighters["s1"].power == 2


def test_poisonous_strikes_give_poison_counters_and_enough_make_a_mage_lose(make_battle, make_hero) -> None:
    from magecraft.planeswalker.settings import Settings

    hero = dataclasses.replace(make_hero(increases={"speed": 2, "power": 2}), keywords=("Poisonous",), awarded=3)
    for limit, out in ((10, None), (1, "lost")):
        battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero, ranges={"mage": "close"},
                             settings=Settings(poison_to_lose=limit))
        while not (battle.current_player() == "you" and battle.phase == "channelling"):
            battle.apply(Channel() if battle.phase == "channelling" else End())
        battle.apply(Channel())
        # Power 3: 2+2+2 against the mage's Toughness 3: 1+1+1, 3 damage; its counter 1+1+1 against 6+6+6
        battle.rng.extend_script([2, 2, 2, 1, 1, 1, 1, 1, 1, 6, 6, 6])
        battle.apply(Engage(target="mage"))
        mage = battle.fighters["mage"]
        assert (mage.poison, mage.life, mage.out) == (1, 4, out)
        assert battle.fighters["you"].poison == 0


def test_a_poisonous_strike_on_a_creature_gives_no_counter(make_battle, make_hero, to_main) -> None:
    battle = _engage(make_battle, to_main, _hero(make_hero, "Poisonous"), "Craw Wurm",
                     [2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6])
    assert battle.fighters["c1"].poison == 0 and battle.fighters["c1"].life == 7


@pytest.mark.parametrize(("walker", "mage", "intercepted"), [
    ("Bog Wraith", "Goblin Pyromancer", False),  # Swampwalk against a Black identity
    ("Bog Wraith", "Kiora the Wanderer", True),  # no Swamp among G, R, R
    ("Goblin Mountaineer", "Kiora the Wanderer", False),  # Mountainwalk against Red
])
def test_landwalk_cannot_be_intercepted_by_a_mage_of_that_land(walker: str, mage: str, intercepted: bool) -> None:
    from magecraft.core.randomness import Randomness
    from magecraft.planeswalker.combat import Battle

    battle = Battle.start(ready_mage(mage), [walker], Randomness.scripted([]), ranges={"c1": "close"})
    battle.summon(battle.fighters["you"], "Giant Spider")
    battle.fighters["s1"].sick = False
    battle.invalidate()
    while battle.actor().id != "c1":
        battle.apply(Channel() if battle.phase == "channelling" else End())
    battle.rng.extend_script([1] * 30)
    battle.apply(Engage(target="you"))
    assert (battle.phase == "intercept") == intercepted


def test_a_bought_landwalk_walks_every_coloured_identity(make_battle, make_hero) -> None:
    from magecraft.planeswalker.decisions import walks

    walker = make_battle(hero=_hero(make_hero, "Landwalk")).fighters["you"]
    kiora = make_battle(hero=ready_mage("Kiora the Wanderer")).fighters["you"]
    assert walks(walker, kiora)
    kiora.identity = ("A",)
    assert not walks(walker, kiora)
