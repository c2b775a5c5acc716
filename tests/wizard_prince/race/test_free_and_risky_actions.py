"""Free actions, risky actions and the turnaround ("Free Actions", "Risky Actions", "The Turnaround")."""

from __future__ import annotations

import pytest
from race_helpers import TARGET, arrange, refused, turn_of, unused, where

from magecraft.core.errors import DataError
from magecraft.wizard_prince.race.actions import (
    Advance,
    ChangeLanes,
    EndTurn,
    ScytheAttack,
    WhipHorses,
    WhipOpponent,
)
from magecraft.wizard_prince.race.settings import RaceSettings

FAR = ("light", 3, 50)


def test_one_free_action_needs_no_check_and_the_move_goes_on_after_it():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Zed": FAR}), "Ann")
    race.apply(Advance(3))
    race.apply(ChangeLanes(1, 3))  # "move three spaces forward, change lanes, and then move his remaining 12"
    race.apply(Advance(12))
    assert where(race, "Ann") == (1, 15) and unused(race) == 0


def test_a_second_free_action_is_risky_a_check_that_succeeds_allows_it():
    race = turn_of(arrange({"Ann": ("heavy", 1, 0), "Zed": FAR}), "Ann", [TARGET])
    race.apply(ChangeLanes(2, 0))
    race.apply(ChangeLanes(1, 0))
    assert where(race, "Ann") == (1, 0) and race.chariots["Ann"].running and unused(race) == 0


def test_a_failed_risky_check_wrecks_the_chariot_and_ends_the_turn():
    race = turn_of(arrange({"Ann": ("heavy", 1, 0), "Zed": FAR, "Kim": ("light", 2, 30)}), "Ann", [TARGET - 1])
    race.apply(ChangeLanes(2, 0))
    race.apply(ChangeLanes(1, 0))
    ann = race.chariots["Ann"]
    assert ann.status == "wrecked" and ann.dragged and ann.wreck_cause == "failed a risky action"
    assert where(race, "Ann") == (2, 0) and race.turn is None


def test_each_earlier_risky_action_this_turn_is_minus_one():
    race = turn_of(arrange({"Ann": ("heavy", 1, 0), "Zed": FAR, "Kim": ("light", 3, 30)}), "Ann",
                   [TARGET, TARGET])
    race.apply(ChangeLanes(2, 0))
    race.apply(ChangeLanes(1, 0))   # first risky action: 12 at +0 saves
    race.apply(ChangeLanes(2, 0))   # second: 12 at -1 fails
    assert race.chariots["Ann"].status == "wrecked"


@pytest.mark.parametrize("stats, roll, survives", [
    ({"dexterity": 13, "strength": 13}, TARGET - 2, True),
    ({"dexterity": 13, "strength": 12}, TARGET - 2, False),
    ({"dexterity": 12, "strength": 13}, TARGET - 1, True),
    ({"dexterity": 12, "strength": 12}, TARGET - 1, False),
])
def test_the_check_is_plus_one_for_dexterity_13_and_plus_one_for_strength_13(stats, roll, survives):
    race = turn_of(arrange({"Ann": ("heavy", 1, 0), "Zed": FAR, "Kim": ("light", 3, 30)}, stats={"Ann": stats}),
                   "Ann", [roll])
    race.apply(ChangeLanes(2, 0))
    race.apply(ChangeLanes(1, 0))
    assert race.chariots["Ann"].running is survives


def test_risky_actions_count_again_from_nothing_each_turn():
    settings = RaceSettings(max_rounds=3)
    race = arrange({"Ann": ("heavy", 1, 0), "Zed": FAR}, settings=settings)
    turn_of(race, "Ann", [TARGET, 1, 6])  # the risky check, then round 2's initiative
    race.apply(ChangeLanes(2, 0))
    race.apply(ChangeLanes(1, 0))
    race.apply(Advance(15))
    assert race.round == 2
    turn_of(race, "Ann", [TARGET])
    race.apply(ChangeLanes(2, 15))
    race.apply(ChangeLanes(1, 15))  # 12 at +0 again, not -1
    assert race.chariots["Ann"].running


def test_a_stunned_driver_can_take_no_action_but_forward_movement_next_round():
    race = arrange({"Ann": ("heavy", 0, 0), "Zed": FAR})
    race.chariots["Ann"].restrained_round = 1
    turn_of(race, "Ann")
    assert all(isinstance(a, Advance) for a in race.legal_actions())
    assert "no action this turn but normal forward movement" in refused(race, WhipHorses())


def test_whip_horses_adds_1d6_spaces_that_must_all_be_taken():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Zed": FAR}), "Ann", [4])
    race.apply(WhipHorses())
    assert max(a.spaces for a in race.legal_actions() if isinstance(a, Advance)) == 19
    race.apply(Advance(19))
    assert where(race, "Ann") == (0, 19)


def test_a_whipped_chariot_blocked_ahead_may_not_stop():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("heavy", 0, 10), "Zed": FAR}), "Ann", [3])
    race.apply(WhipHorses())
    legal = race.legal_actions()
    assert Advance(10) in legal and Advance(11) not in legal  # the 10th space runs into Bob
    race.apply(Advance(9))
    assert EndTurn() not in race.legal_actions()
    assert "all of them: he whipped his horses" in refused(race, EndTurn())


@pytest.mark.parametrize("strength, damage", [(16, 2 + 2), (10, 2), (3, 1)])
def test_whip_opponent_hits_for_1d2_plus_strength_bonus(strength, damage):
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 1, 1), "Zed": FAR},
                           stats={"Ann": {"strength": strength}, "Bob": {"constitution": 13}}),
                   "Ann", [10, 2, TARGET - 1])  # 10 + level 1 hits; 2 damage; Bob saves at +1 for Constitution 13
    race.apply(WhipOpponent("Bob"))
    assert race.chariots["Bob"].hit_points == 10 - damage and not race.chariots["Bob"].blinded


def test_a_whip_misses_below_the_number_needed():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 1, 1), "Zed": FAR}), "Ann", [9])
    race.apply(WhipOpponent("Bob"))
    assert race.chariots["Bob"].hit_points == 10 and unused(race) == 0


def test_a_whipped_opponent_who_fails_his_save_is_blinded_for_his_next_turn():
    race = arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 1, 1), "Zed": FAR},
                   settings=RaceSettings(max_rounds=2))
    turn_of(race, "Ann", [15, 1, TARGET - 1, 1, 2, 6])  # the whip, then round 2's initiative
    race.apply(WhipOpponent("Bob"))
    assert race.chariots["Bob"].blinded
    race.apply(Advance(15))
    turn_of(race, "Bob")
    assert all(isinstance(a, Advance) for a in race.legal_actions())
    race.apply(Advance(18))
    assert not race.chariots["Bob"].blinded


def test_whips_reach_only_adjacent_chariots_and_light_chariots_carry_no_scythes():
    race = turn_of(arrange({"Bob": ("light", 0, 0), "Ann": ("heavy", 2, 0), "Cy": ("heavy", 1, 0)}), "Bob")
    legal = race.legal_actions()
    assert WhipOpponent("Cy") in legal and WhipOpponent("Ann") not in legal
    assert "only heavy chariots carry scythes" in refused(race, ScytheAttack("Cy"))
    refused(race, WhipOpponent("Ann"))


@pytest.mark.parametrize("lane, roll, survives", [(0, TARGET + 4, True), (0, TARGET + 3, False),
                                                   (3, TARGET + 1, True), (3, TARGET, False)])
def test_over_maximum_speed_in_the_turnaround_is_a_check_at_minus_1_to_minus_4(lane, roll, survives):
    start = 20 if lane == 0 else 24  # lane 1's turnaround is squares 24-27, lane 4's 24-39
    race = turn_of(arrange({"Ann": ("heavy", lane, start), "Zed": ("light", 2, 60), "Kim": ("light", 1, 60)}),
                   "Ann", [1, roll])
    race.apply(WhipHorses())
    race.apply(Advance(16))
    assert not race.track.in_turnaround[lane][start + 16]  # "even if the driver has already exited"
    assert race.chariots["Ann"].running is survives and unused(race) == 0


def test_no_turnaround_check_at_normal_speed():
    race = turn_of(arrange({"Ann": ("heavy", 0, 20), "Zed": FAR}), "Ann")
    race.apply(Advance(15))
    assert race.chariots["Ann"].running and unused(race) == 0


def test_the_turnaround_check_uses_the_innermost_lane_driven_in_it():
    race = turn_of(arrange({"Ann": ("heavy", 1, 21), "Zed": FAR, "Kim": ("light", 2, 60)}), "Ann",
                   [TARGET, 1, TARGET + 3])
    race.apply(Advance(3))                      # into the turnaround in lane 2
    race.apply(ChangeLanes(0, 24))              # free: into lane 1's corner
    race.apply(WhipHorses())                    # risky: 12 saves; 1 more space
    race.apply(Advance(13))
    assert race.chariots["Ann"].status == "wrecked"  # 15 at -4 for lane 1 fails


@pytest.mark.parametrize("roll, survives", [(13, True), (12, False)])
def test_with_d20_saves_the_check_is_a_fortitude_save_against_dc_15(roll, survives):
    settings = RaceSettings(max_rounds=1, save_system="d20")  # a level 1 fighter's Fortitude: +2
    race = turn_of(arrange({"Ann": ("heavy", 1, 0), "Zed": FAR, "Kim": ("light", 3, 30)}, settings=settings),
                   "Ann", [roll])
    race.apply(ChangeLanes(2, 0))
    race.apply(ChangeLanes(1, 0))
    assert race.chariots["Ann"].running is survives


@pytest.mark.parametrize("raw, message", [({"whip_reach": 0}, "at least 1"), ({"lanes": 4}, "unknown field"),
                                          ({"whip_blind_save": "luck"}, "whip_blind_save"),
                                          ({"heavy_speed": "fast"}, "takes a int")])
def test_house_rules_that_do_not_fit_are_refused_whole(raw, message):
    with pytest.raises(DataError, match=message):
        RaceSettings.from_dict(raw)
    assert RaceSettings.from_dict({"strength_bonus": [[13, 1], [0, 0]]}).strength_damage_bonus(12) == 0
