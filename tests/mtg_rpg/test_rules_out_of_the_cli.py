"""Rules the command line used to copy, now asked of the package (issue 23)."""

from dataclasses import replace

from magecraft.mtg_rpg.character import base_hand_size, base_life, derive, example_character
from magecraft.mtg_rpg.duel_sheet import REFEREE_ATTRIBUTE, referee_duellist
from magecraft.mtg_rpg.renewal import living_life


def test_the_referee_duellist_has_the_life_and_hand_of_a_sheet_of_twos() -> None:
    referee = referee_duellist("referee", ["Shock", "Lava Axe"])
    assert (referee.life, referee.hand_size, referee.dexterity, referee.intelligence) == (14, 4, 2, 2)
    assert referee.library == ("Shock", "Lava Axe")
    assert REFEREE_ATTRIBUTE == 2


def test_life_and_hand_size_follow_the_attributes() -> None:
    assert (base_life(3), base_hand_size(3)) == (16, 5)
    assert base_hand_size(9, 3) == 10  # "a maximum hand size of 10 cards"


def test_a_living_wizard_has_minus_four_to_the_derived_life() -> None:
    wizard = example_character()
    living = living_life(wizard)
    assert (living.start, living.stop - 1) == (-4, derive(wizard).life)
    assert -5 not in living and -4 in living
    assert living_life(replace(wizard, life_lost=3)) == living  # the range is the sheet's, not the life now
