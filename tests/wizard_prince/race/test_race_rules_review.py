"""The third rules review of the chariot race (issue 24, items 11-13): each fails on the reading it replaced."""

from __future__ import annotations

import pytest
from race_helpers import arrange, turn_of, unused, where

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.race.actions import Advance, WealthBet, WhipHorses
from magecraft.wizard_prince.race.betting import Book
from magecraft.wizard_prince.race.chariots import Entrant
from magecraft.wizard_prince.race.race import Race

FAR = ("light", 3, 50)
FAR2 = ("light", 2, 40)


# -- item 11: chariots that crash into each other are out of control next round, whatever the table says ----------
def test_chariots_that_crash_into_each_other_may_only_move_forward_next_round() -> None:
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 10), "Zed": FAR, "Kim": FAR2}), "Ann",
                   [3, 13, 13, 2, 1])
    race.apply(WhipHorses())
    race.apply(Advance(10))                    # into Bob: both roll 13-16, a damaged wheel and no more
    assert race.chariots["Ann"].wheel_damaged and race.chariots["Bob"].wheel_damaged
    assert where(race, "Ann") == (1, 9) and where(race, "Bob") == (0, 11)
    assert race.chariots["Ann"].restrained_round == race.chariots["Bob"].restrained_round == 2
    assert unused(race) == 0


# -- item 12: the turnaround check counts only the turnaround driven in after the whip -------------------------
def test_a_whip_taken_after_leaving_the_turnaround_makes_no_check() -> None:
    race = turn_of(arrange({"Ann": ("heavy", 0, 20), "Zed": FAR}), "Ann", [1])
    race.apply(Advance(14))                     # through lane 1's turnaround (24-27) at normal speed, to 34
    race.apply(WhipHorses())                    # only now over maximum speed: 1 more space
    race.apply(Advance(2))
    assert where(race, "Ann") == (0, 36) and race.chariots["Ann"].running and unused(race) == 0


def test_a_whip_taken_inside_the_turnaround_is_checked_even_when_the_chariot_leaves_it() -> None:
    race = turn_of(arrange({"Ann": ("heavy", 0, 20), "Zed": FAR}), "Ann", [1, 1])
    race.apply(Advance(5))                      # to 25, in the turnaround
    race.apply(WhipHorses())                    # over maximum speed while in it
    race.apply(Advance(11))                     # out of it to 36; the check at the end of the turn: 1 fails
    assert race.chariots["Ann"].status == "wrecked" and unused(race) == 0


# -- item 13: only player nobles are barred from a famous race; a Wealth stake can be named --------------------
def test_a_famous_race_bars_a_low_level_player_noble_but_not_an_npc_noble() -> None:
    ann = Noble("Ann", level=4, abilities={"strength": 9, "dexterity": 9, "constitution": 9}, wealth=3)
    nemo = Noble("Nemo", npc=True, level=2, abilities={"strength": 9, "dexterity": 9, "constitution": 9})
    race = Race.new([Entrant("Ann", "heavy", ann), Entrant("Nemo", "light", nemo)],
                    Randomness.scripted([10] + [1] * 40))
    assert race.famous and race.barred == ["Ann"] and set(race.chariots) == {"Ann's charioteer", "Nemo"}
    assert race.chariots["Nemo"].driver.level == 2


def test_two_wealth_levels_against_the_house_can_be_written_and_are_refused() -> None:
    book = Book({"A": 4000, "B": 4000}, wealth={"Cy": 3})
    with pytest.raises(RuleError, match="maximum of one Wealth level against the house, not 2"):
        book.check(WealthBet("Cy", "A", wealth=2))
    with pytest.raises(RuleError, match="at least 1"):
        book.check(WealthBet("Cy", "A", wealth=0))
    book.add(WealthBet("Cy", "A", wealth=1))
    assert book.settle("A")["Cy"]["wealth"] == 1
