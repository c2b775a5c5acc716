"""The Scythe Attack, its table, crashes and their chains, wrecks and dragged drivers ("Scythe Attack Table
(D20)", "Crashes", "Initiative and Movement")."""

from __future__ import annotations

import pytest
from race_helpers import TARGET, arrange, turn_of, unused, where

from magecraft.core.tables import get_table
from magecraft.wizard_prince.race.actions import Advance, ScytheAttack, WhipHorses
from magecraft.wizard_prince.race.settings import RaceSettings

HIT = [TARGET, TARGET - 1]  # the attacker's check succeeds, the defender's fails
FAR = ("light", 3, 50)
FAR2 = ("light", 2, 40)


def scythe(rolls, bob="heavy", **kwargs):
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": (bob, 1, 0), "Zed": FAR, "Kim": FAR2}, **kwargs),
                   "Ann", rolls)
    race.apply(ScytheAttack("Bob"))
    return race


def test_the_scythe_table_is_data_with_a_row_for_every_roll():
    table = get_table("wp_scythe_attack")
    assert [table.row_for(n).data["effect"] for n in (1, 4, 5, 8, 9, 12, 13, 16, 17, 20)] == [
        "wheels_locked", "wheels_locked", "stunned", "stunned", "out_of_control", "out_of_control",
        "wheel_damaged", "wheel_damaged", "wrecked", "wrecked"]


@pytest.mark.parametrize("rolls", [[TARGET - 1, TARGET - 1], [TARGET, TARGET], [TARGET - 1, TARGET]])
def test_a_scythe_attack_succeeds_only_if_the_attacker_passes_and_the_defender_fails(rolls):
    race = scythe(rolls)
    bob = race.chariots["Bob"]
    assert bob.running and bob.restrained_round == -1 and not bob.wheel_damaged and unused(race) == 0


def test_5_to_8_driver_stunned_no_action_next_round():
    race = scythe([*HIT, 8])
    assert race.chariots["Bob"].restrained_round == 2 and race.chariots["Bob"].running


def test_9_to_12_out_of_control_moves_one_space_by_1d4():
    race = scythe([*HIT, 9, 2])   # 2: to his right, outwards
    assert where(race, "Bob") == (2, 0) and race.chariots["Bob"].restrained_round == 2


def test_out_of_control_backwards_over_the_line_loses_the_lap():
    race = scythe([*HIT, 12, 3])  # 3: behind him, back over the start/finish line
    assert where(race, "Bob") == (1, 75) and race.chariots["Bob"].crossings == 0


def test_13_to_16_wheel_damaged_wrecks_on_a_6_at_the_start_of_a_later_turn():
    race = scythe([*HIT, 13], settings=RaceSettings(max_rounds=3))
    bob = race.chariots["Bob"]
    assert bob.wheel_damaged and bob.running
    race.rng.extend_script([1, 2, 3, 4])  # round 2's initiative
    race.apply(Advance(15))
    turn_of(race, "Bob", [5])
    assert bob.running and race.turn is not None
    race.rng.extend_script([1, 2, 3, 4])  # round 3's initiative
    race.apply(Advance(15))
    turn_of(race, "Bob", [6])
    assert bob.status == "wrecked" and bob.wreck_cause == "the damaged wheel broke"


def test_17_and_over_wrecks_and_the_driver_is_dragged():
    race = scythe([*HIT, 17])
    bob = race.chariots["Bob"]
    assert bob.status == "wrecked" and bob.dragged and bob.on_track and race.wreck_order == ["Bob"]


def test_plus_2_against_a_light_chariot():
    race = scythe([*HIT, 15], bob="light")
    assert race.chariots["Bob"].status == "wrecked"
    race = scythe([*HIT, 3], bob="light")  # 5: stunned, not wheels locked
    assert race.chariots["Bob"].restrained_round == 2 and unused(race) == 0


def test_1_to_4_wheels_locked_rolls_again_for_each_chariot():
    race = scythe([*HIT, 4, 5, 13])
    assert race.chariots["Ann"].restrained_round == 2 and race.chariots["Bob"].wheel_damaged
    assert unused(race) == 0


def test_the_attackers_check_carries_his_risky_penalty():
    # free whip of the horses, a risky second whip (12 at +0), then the risky scythe: 13 at -1 passes the
    # risky check, and the attack's own check is at -1 too: 12 fails it
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("heavy", 1, 0), "Zed": FAR, "Kim": FAR2}), "Ann",
                   [1, TARGET, 1, TARGET + 1, TARGET, TARGET - 1])
    race.apply(WhipHorses())
    race.apply(WhipHorses())
    race.apply(ScytheAttack("Bob"))
    assert race.chariots["Bob"].restrained_round == -1 and unused(race) == 0


def test_a_crash_into_the_wall_stays_in_its_space_and_rolls_on_the_table():
    race = turn_of(arrange({"Ann": ("heavy", 3, 0), "Bob": ("heavy", 2, 0), "Zed": ("light", 0, 50),
                            "Kim": ("light", 1, 40)}), "Bob", [*HIT, 9, 2, 5])
    race.apply(ScytheAttack("Ann"))
    assert where(race, "Ann") == (3, 0) and race.chariots["Ann"].restrained_round == 2
    assert any(e.data.get("into") == "wall" for e in race.log)


def test_a_crash_into_the_spina_and_further_movement_is_allowed():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("heavy", 1, 0), "Zed": FAR, "Kim": FAR2}), "Bob",
                   [*HIT, 9, 4, 13])
    race.apply(ScytheAttack("Ann"))
    assert where(race, "Ann") == (0, 0) and race.chariots["Ann"].wheel_damaged
    assert any(e.data.get("into") == "spina" for e in race.log)


def test_whipped_into_the_chariot_ahead_both_roll_and_both_are_pushed():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 10), "Zed": FAR, "Kim": FAR2}), "Ann",
                   [3, 6, 4, 2, 4, 3])
    race.apply(WhipHorses())                   # 18 spaces, all to be taken
    race.apply(Advance(10))                    # the 10th runs into Bob: Ann 6 stunned, Bob 4+2 stunned
    assert where(race, "Ann") == (1, 9)        # pushed to her right
    assert where(race, "Bob") == (0, 10)       # pushed to his left, into the spina: 3+2 stunned, stays
    assert race.chariots["Ann"].restrained_round == race.chariots["Bob"].restrained_round == 2
    race.apply(Advance(8))                     # the rest of her move
    assert where(race, "Ann") == (1, 17) and unused(race) == 0


def test_a_chain_of_crashes_resolves_in_order():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 10), "Carl": ("heavy", 1, 10),
                            "Zed": FAR}), "Ann",
                   [3, 6, 4,         # whip 3; Ann and Bob roll on the table (stunned, stunned)
                    2,               # Ann lurches right, into the clear
                    2, 6, 6,         # Bob lurches right into Carl: both roll (stunned, stunned)
                    1, 2])           # Bob lurches ahead, Carl to his right
    race.apply(WhipHorses())
    race.apply(Advance(10))
    assert where(race, "Ann") == (1, 9) and where(race, "Bob") == (0, 11) and where(race, "Carl") == (2, 10)
    assert [e.data["into"] for e in race.log if e.data.get("into")] == ["Bob", "Carl"]
    assert all(race.chariots[n].restrained_round == 2 for n in ("Ann", "Bob", "Carl"))
    assert unused(race) == 0


def test_a_pile_up_stops_after_the_longest_chain_the_table_allows():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 10), "Zed": FAR, "Kim": FAR2},
                           settings=RaceSettings(max_rounds=1, max_crash_chain=1)), "Ann", [3, 6, 4, 2])
    race.apply(WhipHorses())
    race.apply(Advance(10))
    assert where(race, "Bob") == (0, 10) and any("pile-up stops" in e.label for e in race.log)


def wrecked_bob(**stats):
    race = arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 30), "Zed": FAR, "Kim": FAR2},
                   stats={"Bob": stats}, settings=RaceSettings(max_rounds=9))
    bob = race.chariots["Bob"]
    bob.status, bob.dragged = "wrecked", True
    return race, bob


def test_a_dragged_driver_is_pulled_at_full_speed_for_1d8_until_he_saves():
    race, bob = wrecked_bob()
    turn_of(race, "Bob", [TARGET - 1, 5, 1, 2, 3, 4])  # his save, 1d8, then the next round's initiative
    assert where(race, "Bob") == (0, 48) and bob.hit_points == 5 and bob.dragged
    turn_of(race, "Bob", [TARGET, 1, 2, 3])
    assert not bob.dragged and not bob.on_track and race.dismounted == [{"name": "Bob", "square": [9, -1]}]
    assert unused(race) == 0


def test_dexterity_13_helps_the_dragged_driver_cut_himself_free():
    race, bob = wrecked_bob(dexterity=13)
    turn_of(race, "Bob", [TARGET - 1, 1, 2, 3])
    assert not bob.dragged and where(race, "Bob") == (0, 30)


def test_a_dragged_driver_can_die():
    race, bob = wrecked_bob(hit_points=3)
    turn_of(race, "Bob", [TARGET - 1, 3, 1, 2, 3])
    assert bob.driver_dead and not bob.on_track and unused(race) == 0


def test_a_dismounted_driver_run_over_takes_4d6():
    race, bob = wrecked_bob()
    turn_of(race, "Bob", [TARGET, 1, 2, 3])        # cuts himself free at square 30
    race.put("Ann", race.chariots["Ann"].lane, 20)
    turn_of(race, "Ann", [1, 1, 2, 1, 1, 2, 3])   # 4d6 = 5 when she drives over him; then initiative
    race.apply(Advance(15))
    assert bob.hit_points == 10 - 5 and unused(race) == 0
    assert any(e.label == "Ann runs over Bob for 5" for e in race.log)
