"""The third rules review of the chariot race (issue 24, items 11-13): each fails on the reading it replaced."""

from __future__ import annotations

from race_helpers import arrange, turn_of, unused, where

from magecraft.wizard_prince.race.actions import Advance, WhipHorses

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
