"""Casting and instants (seed 001 "Combat Mechanics" 5-7): effects from the shared MtG effects data."""

from __future__ import annotations

import dataclasses

import pytest

from magecraft.planeswalker import phases as combat  # casting (do_cast) moved from combat to phases
from magecraft.planeswalker import spells
from magecraft.planeswalker.actions import Cast, Channel, End, Respond
from magecraft.planeswalker.bot import ready_mage


def _to_you(battle) -> None:
    while not (battle.current_player() == "you" and battle.phase == "channelling"):
        battle.apply(Channel() if battle.phase == "channelling" else End())


def test_life_gain_may_exceed_base_life(make_battle, make_hero, to_main) -> None:
    hero = make_hero(identity=("G", "G", "W"), increases={"mastery": 2}, library=("Natural Spring",),
                     memorized=("Natural Spring",))
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=hero)
    battle.fighters["you"].mana.update({"G": 2, "C": 3})
    battle.invalidate()
    to_main(battle)
    battle.apply(Cast(card="Natural Spring"))
    assert battle.fighters["you"].life == 13


def test_draw_effects_add_library_spells_to_memory(make_battle, make_hero, to_main) -> None:
    hero = make_hero(identity=("U", "U", "R"), library=("Counsel of the Soratami", "Shock", "Kird Ape"),
                     memorized=("Counsel of the Soratami",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    to_main(battle)
    battle.fighters["you"].mana.update({"U": 2, "C": 1})
    battle.invalidate()
    battle.apply(Cast(card="Counsel of the Soratami"))
    assert battle.fighters["you"].memory == ["Shock", "Kird Ape"]


def test_x_spells_use_the_largest_x(make_battle, make_hero, to_main) -> None:
    hero = make_hero(library=("Blaze",), memorized=("Blaze",))
    battle = make_battle(["Craw Wurm"], hero=hero)
    to_main(battle)
    battle.apply(Cast(card="Blaze", target="c1"))
    assert battle.fighters["c1"].life == 8 - 2  # R2 G1: X is 2 (Mastery 3 allows 2 beside the R)


def test_a_creature_only_counter_cannot_answer_other_spells(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Counterspell Adept"))
    _to_you(battle)
    battle.apply(Channel())
    battle.apply(Cast(card="Shock", target="mage"))
    assert battle.current_player() == "mage"
    assert Respond(card="Remove Soul") not in battle.legal_actions()
    assert Respond(card="Mana Leak") in battle.legal_actions()


def test_enchantments_are_pervasive_effects(make_battle, make_hero, to_main) -> None:
    hero = make_hero(identity=("W", "R", "G"), library=("Holy Strength",), memorized=("Holy Strength",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    to_main(battle)
    battle.apply(Cast(card="Holy Strength", target="you"))  # an Aura on oneself (PW39)
    you = battle.fighters["you"]
    assert you.permanents == ["Holy Strength"] and you.pervasive() == 1
    assert (you.power, you.toughness, you.life) == (4, 5, 5)


def test_destroy_is_stopped_once_by_regenerate(make_battle, make_hero, to_main) -> None:
    hero = make_hero(identity=("W", "W", "R"), increases={"mastery": 1}, library=("Chastise",),
                     memorized=("Chastise",))
    battle = make_battle(["Drudge Skeletons"], hero=hero, ranges={"c1": "close"})
    to_main(battle)
    battle.fighters["you"].mana["C"] = 1
    battle.invalidate()
    battle.apply(Cast(card="Chastise", target="c1"))
    skeletons = battle.fighters["c1"]
    assert skeletons.active and skeletons.regenerations == 0


def test_split_second_spells_cannot_be_answered(make_battle, monkeypatch: pytest.MonkeyPatch) -> None:
    real = spells.profile

    def with_split_second(name: str) -> spells.SpellProfile:
        found = real(name)
        return dataclasses.replace(found, split_second=True) if found.name == "Volcanic Hammer" else found

    monkeypatch.setattr(combat, "profile", with_split_second)
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    _to_you(battle)
    battle.apply(Channel())
    battle.apply(Cast(card="Volcanic Hammer", target="mage"))
    assert battle.phase == "main" and battle.fighters["mage"].life == 4  # no response window opened
