"""Out of Combat Skills (seed 001)."""

from __future__ import annotations

import pytest

from magecraft.core.errors import InputError
from magecraft.core.randomness import Randomness
from magecraft.planeswalker.data import skills
from magecraft.planeswalker.settings import Settings
from magecraft.planeswalker.skills import skill_check


def test_worked_example_wubb_sneaks_past_the_watchman_with_three_dice() -> None:
    rng = Randomness.scripted([3, 2, 2, 6])
    result = skill_check(("W", "U", "B", "B"), ["Subtlety and Deception"], "Average", rng)
    assert result.dice == (3, 2, 2)  # one die for U, two for BB; the fourth value is not rolled
    assert rng.source.remaining == 1  # type: ignore[attr-defined]
    assert (result.total, result.target, result.success) == (7, 8, False)  # "need to roll above a 7"
    assert skill_check(("W", "U", "B", "B"), ["Subtlety and Deception"], "Average",
                       Randomness.scripted([3, 3, 2])).success


def test_ten_two_colour_skills() -> None:
    assert len(skills()) == 10
    pairs = {frozenset((a, b)) for a in "WUBRG" for b in "WUBRG" if a < b}
    assert {frozenset(s.colors) for s in skills()} == pairs


def test_no_matching_colour_rolls_one_die() -> None:
    result = skill_check(("G", "G"), ["Diplomacy and Bargaining"], "Easy", Randomness.scripted([4]))
    assert result.dice == (4,) and result.success


def test_strongest_skill_is_used() -> None:
    result = skill_check(("R", "R", "G"), ["Diplomacy and Bargaining", "Athletics and Animal Handling"], "Hard",
                         Randomness.scripted([4, 4, 4]))
    assert result.skill == "Athletics and Animal Handling" and len(result.dice) == 3
    assert (result.target, result.success) == (12, True)


@pytest.mark.parametrize(("level", "high", "low"), [("Easy", 4, 2), ("Average", 8, 6), ("Hard", 12, 10),
                                                     ("Challenging", 16, 14), ("Incredible", 22, 20),
                                                     ("Legendary", 24, 24)])
def test_difficulty_targets(level: str, high: int, low: int) -> None:
    assert skill_check(("G",), ["Resourcefulness and Survival"], level, Randomness.scripted([1])).target == high
    assert skill_check(("G",), ["Resourcefulness and Survival"], level, Randomness.scripted([1]),
                       Settings(skill_target="low")).target == low


def test_unknown_skill_and_difficulty_refused() -> None:
    with pytest.raises(InputError, match="unknown skill"):
        skill_check(("G",), ["Juggling"], "Easy", Randomness.scripted([1]))
    with pytest.raises(InputError, match="unknown difficulty"):
        skill_check(("G",), ["Resourcefulness and Survival"], "Trivial", Randomness.scripted([1]))
