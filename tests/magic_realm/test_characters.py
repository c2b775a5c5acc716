"""Seed 002 section 13: the revised Dwarf and the Thief/Assassin."""

from __future__ import annotations

from dataclasses import replace

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.characters import ActionChit, character, check_spell_choice, plan_day
from magecraft.magic_realm.combat import Attack, play_round, weapon
from magecraft.magic_realm.trade import StealingDay, steal_modifier

DWARF = ["MOVE", "MOVE", "SEARCH", "HIDE"]


def test_the_dwarf_records_four_activities_even_in_caves():
    dwarf = character("Dwarf")
    assert plan_day(dwarf, DWARF).phases == tuple(DWARF)
    # The referee's count of the base game's phases (2 in a cave, say) does not touch him.
    assert plan_day(dwarf, DWARF, phases=2).basic == 4
    with pytest.raises(RuleError, match="4 phase"):
        plan_day(dwarf, [*DWARF, "REST"])
    # Others take the base game's count from the referee.
    assert plan_day(character("Amazon"), ["MOVE", "MOVE"], phases=2).basic == 2
    with pytest.raises(RuleError, match="2 phase"):
        plan_day(character("Amazon"), ["MOVE", "MOVE", "HIDE"], phases=2)
    with pytest.raises(InputError, match="basic phases"):
        plan_day(character("Amazon"), ["MOVE"])


def test_the_dwarf_records_at_most_two_moves_and_a_gate_is_not_a_move():
    dwarf = character("Dwarf")
    with pytest.raises(RuleError, match="at most 2 MOVE"):
        plan_day(dwarf, ["MOVE", "MOVE", "MOVE"])
    # 3.3/2: the GATE phase is not a MOVE, so he still travels a gate into the mountains.
    assert plan_day(dwarf, ["GATE", "MOVE", "MOVE", "HIDE"]).phases[0] == "GATE"
    # Other characters are not limited to two moves.
    assert len(plan_day(character("Amazon"), ["MOVE"] * 4, phases=4).phases) == 4


def test_the_thief_assassin_has_an_extra_hide_phase():
    thief = character("Thief/Assassin")
    plan = plan_day(thief, ["MOVE", "MOVE", "SEARCH", "SEARCH", "HIDE"], phases=4)
    assert plan.uses[-1] == "extra HIDE"
    # The extra phase is for HIDE only.
    with pytest.raises(RuleError, match="extra HIDE"):
        plan_day(thief, ["MOVE", "MOVE", "SEARCH", "SEARCH", "REST"], phases=4)
    # Without the card's extra phase the Amazon cannot.
    with pytest.raises(RuleError):
        plan_day(character("Amazon"), ["MOVE", "MOVE", "SEARCH", "SEARCH", "HIDE"], phases=4)
    # Extra phases from elsewhere (Shejoh's Ring's HIDE) add up.
    two = plan_day(thief, ["HIDE"] * 6, phases=4, extra_phases=["HIDE"])
    assert two.uses.count("extra HIDE") == 2


def test_the_druid_is_replaced_and_the_stab_chit_is_t2_with_two_asterisks():
    with pytest.raises(InputError, match="replaced by the Thief/Assassin"):
        character("Druid")
    thief = character("thief/assassin")
    stab = ActionChit.parse(thief.special_chits[0])
    assert (stab.kind, stab.strength, stab.speed, stab.asterisks) == ("STAB", "T", 2, 2)
    # STAB with a dagger: T is stronger than L, so the harm is raised one level.
    play = play_round(thief, [Attack(weapon("Dagger"), stab, "Giant")])
    assert play.swings[0].harm == "M"
    # 13.2: no maneuver with the STAB chit, not even one without asterisks.
    with pytest.raises(RuleError, match="STAB"):
        play_round(thief, [Attack(weapon("Dagger"), stab, "Giant")], maneuver=ActionChit.parse("MOVE M5"))
    # the asterisk limit, on a card a table reads as Medium (the Druid's Light allows no pair, MR54)
    with pytest.raises(RuleError, match="asterisks"):
        play_round(
            replace(thief, vulnerability="M"),
            [
                Attack(weapon("Dagger"), stab, "Giant"),
                Attack(weapon("Short Sword"), ActionChit.parse("FIGHT L3*"), "X"),
            ],
        )


def test_the_thief_assassin_chooses_one_spell_of_type_ii_or_viii():
    thief = character("Thief/Assassin")
    check_spell_choice(thief, ["Hop"])
    check_spell_choice(thief, ["Heal"])
    with pytest.raises(RuleError, match="type IV"):
        check_spell_choice(thief, ["Ice Storm"])
    with pytest.raises(RuleError, match="1 spell"):
        check_spell_choice(thief, ["Hop", "Heal"])


def test_the_thief_assassin_subtracts_1_from_stealing_rolls():
    thief = character("Thief/Assassin")
    assert thief.steal_modifier == -1
    assert steal_modifier(1, thief=True) == thief.steal_modifier
    day = StealingDay("Thief/Assassin", "Guard", thief=True)
    assert day.attempt(Randomness.scripted([5, 3, 6, 6])).outcome == "reward"


def test_activities_are_checked():
    with pytest.raises(InputError, match="not an activity"):
        plan_day(character("Dwarf"), ["DANCE"])
    with pytest.raises(InputError, match="action chit"):
        ActionChit.parse("FIGHT Q5")
