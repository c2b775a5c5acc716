"""Keyword abilities in locked combat and targeting (seed 001 "Character Generation" and rulings PW27)."""

from __future__ import annotations

import dataclasses

import pytest

from magecraft.core.errors import RuleError
from magecraft.planeswalker.actions import Action
from magecraft.planeswalker.bot import ready_mage


def _hero(make_hero, *keywords: str):
    return dataclasses.replace(make_hero(), keywords=keywords, awarded=10)


def _engage(make_battle, to_main, hero, creature: str, dice: list[int]):
    battle = make_battle([creature], hero=hero, ranges={"c1": "close"})
    to_main(battle)
    battle.rng.extend_script(dice)
    battle.apply(Action("engage", target="c1"))
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
        battle.apply(Action("engage", target="c1"))


def test_protection_from_a_colour_stops_its_spells(make_battle, to_main) -> None:
    battle = make_battle(["Paladin en-Vec"])
    to_main(battle)
    with pytest.raises(RuleError, match="protection"):
        battle.apply(Action("cast", card="Shock", target="c1"))


@pytest.mark.parametrize(("blocker", "allowed"), [("Grizzly Bears", False), ("Giant Spider", True),
                                                  ("Suntail Hawk", True)])
def test_a_flyer_is_intercepted_only_by_flying_or_reach(make_battle, make_hero, blocker: str,
                                                        allowed: bool) -> None:
    hero = dataclasses.replace(make_hero(increases={"speed": 2, "power": 2}), keywords=("Flying",), awarded=2)
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero, ranges={"mage": "close"})
    battle._summon(battle.fighters["mage"], blocker)
    battle.invalidate()
    while not (battle.current_player() == "you" and battle.phase == "channelling"):
        battle.apply(Action("channel") if battle.phase == "channelling" else Action("end"))
    battle.apply(Action("channel"))
    battle.rng.extend_script([1] * 20)
    battle.apply(Action("engage", target="mage"))
    assert (battle.phase == "intercept") == allowed
