"""Other Languages, Riding and Assumed Equipment (seed 000, SKILLS: Skill Descriptions; FEATS:
Leadership; EQUIPMENT: Assumed Equipment)."""

from dataclasses import replace

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.character import Cohort, example_character
from magecraft.mtg_rpg.settings import Settings
from magecraft.mtg_rpg.skills import (
    assumed_equipment,
    assumed_equipment_difficulty,
    check_mount,
    copper_value,
    gold_value,
    language_use,
    skill_action,
)

POOL = builtin_pool()


def test_one_language_dot_speaks_two_read_and_write() -> None:
    assert [language_use(d) for d in (0, 1, 2, 3)] == ["none", "speak", "read, write and speak",
                                                         "read, write and speak"]
    with pytest.raises(InputError):
        language_use(-1)


def test_a_wizard_rides_summoned_creatures_and_a_riding_cohort_but_no_natural_animal() -> None:
    wizard = example_character()
    with pytest.raises(RuleError, match="balks") as info:
        check_mount(wizard, "natural")
    assert info.value.rule == "Wizards cannot ride natural animals"
    check_mount(wizard, "summoned")
    with pytest.raises(RuleError, match="Riding augment"):
        check_mount(replace(wizard, cohort=Cohort(3, 3)), "cohort")
    check_mount(replace(wizard, cohort=Cohort(3, 3, ("Riding",))), "cohort")
    with pytest.raises(RuleError, match="power 1 is not enough"):
        check_mount(replace(wizard, cohort=Cohort(1, 1, ("Riding",))), "cohort")
    check_mount(replace(wizard, cohort=Cohort(1, 1, ("Riding",))), "cohort", Settings(mount_min_power=1))
    with pytest.raises(InputError):
        check_mount(wizard, "dragon")


def test_assumed_silk_rope_must_exceed_nine() -> None:
    # The seed's example: a 100-foot silk rope needs the Wisdom difficulty of 9 exceeded.
    assert assumed_equipment_difficulty(9) == 10
    assert assumed_equipment_difficulty(9, Settings(assumed_equipment_must_exceed=False)) == 9
    # Wisdom 3 + Shivan Dragon 6 = 9 only meets the 9; Wisdom 4 + 6 = 10 exceeds it
    deck = SpellDeck.build([POOL.get("Shivan Dragon")] * 6, hand_size=4)
    deck.refill(Randomness.scripted([]))
    meets = assumed_equipment(deck, 3, 9, "Shivan Dragon", Randomness.scripted([]))
    assert (meets.total, meets.difficulty, meets.success) == (9, 10, False)
    exceeds = assumed_equipment(deck, 4, 9, "Shivan Dragon", Randomness.scripted([]))
    assert (exceeds.total, exceeds.success) == (10, True)


def test_one_platinum_is_ten_gold_a_hundred_silver_a_thousand_copper() -> None:
    assert copper_value({"pp": 1}) == copper_value({"gp": 10}) == copper_value({"sp": 100}) == 1000
    assert gold_value({"pp": 2, "sp": 15, "cp": 7}) == (21, 57)
    with pytest.raises(InputError, match="unknown coin"):
        copper_value({"ep": 1})
    with pytest.raises(InputError, match="negative"):
        copper_value({"gp": -1})


def test_no_skill_no_attempt_unless_the_referee_allows_it_untrained() -> None:
    sarin = example_character()  # ST 3, Athletics 3; no Seamanship (CH 2)
    assert skill_action(sarin, "athletics") == ("ST", 6)
    with pytest.raises(RuleError, match="no dots in Seamanship") as info:
        skill_action(sarin, "Seamanship")
    assert info.value.rule == "no skill, no attempt"
    assert skill_action(sarin, "Seamanship", untrained=True) == ("CH", 2)
