"""Magic Realm Expansion One: the tables, bounty, stealing, gambling and offroad travel, on scripted dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.tables import get_table
from magecraft.magic_realm.trade import (
    Bounty,
    StealingDay,
    dice_odds,
    lottery,
    lottery_odds,
    play_dice,
    roll_bounty,
    shift,
    steal_odds,
    table_odds,
)
from magecraft.magic_realm.travel import check_gate_travel, offroad, volcano_midnight_effect


def test_the_seeds_example_three_steals_rolling_3_3_4_end_with_the_magician_caught():
    rng = Randomness.scripted([3, 1, 5, 2, 1, 3, 5, 5, 4, 4])  # each roll the high die of two (MR49)
    day = StealingDay("Magician", "HOUSE natives", friendliness="Friendly")
    first, second, third = (day.attempt(rng) for _ in range(3))
    assert (first.total, second.total, third.total) == (3, 4, 6)
    assert [r.outcome for r in (first, second, third)] == ["reward", "reward", "caught"]
    assert third.friendliness == "Enemy"


def test_a_suspect_result_costs_one_level_of_that_groups_friendliness():
    day = StealingDay("Amazon", "Guard", friendliness="Friendly")
    assert day.attempt(Randomness.scripted([2, 5])).friendliness == "Neutral"


def test_the_thief_and_the_thief_guild_subtract_1_each_and_a_roll_of_2_subtracts_1_from_the_reward():
    day = StealingDay("Thief", "Inn", thief=True, thief_guild=True)
    result = day.attempt(Randomness.scripted([4, 1, 6, 6]))  # 4 - 2 = 2: reward at -1; 6 - 1 = 5: 10 gold
    assert (result.total, result.outcome, result.loot, result.gold) == (2, "reward", "10 gold", 10)
    assert day.attempt(Randomness.scripted([1, 1])).outcome == "take"


def test_steal_odds_are_exact():
    # the high die of two (ruling MR49): a 6 on either die is caught, 11 in 36
    assert steal_odds(1)["Caught/Block - Natives become Enemy"] == Fraction(11, 36)
    assert steal_odds(3)["Caught/Block - Natives become Enemy"] == Fraction(3, 4)  # a high die of 4 or more
    assert steal_odds(1, thief=True)["Success - Take desired item"] == Fraction(4, 36)  # both dice 2 or less
    assert sum(steal_odds(2).values()) == 1


def test_bounty_only_at_the_listed_dwellings_and_one_open_at_a_time():
    bounty = roll_bounty(Randomness.scripted([2, 1]), "INN")
    assert (bounty.target, bounty.reward) == ("Tremendous Troll", 100)
    with pytest.raises(RuleError, match="still open"):
        roll_bounty(Randomness.scripted([1]), "INN", open_bounty=bounty)
    with pytest.raises(RuleError, match=r"4\.1"):
        roll_bounty(Randomness.scripted([1]), "CHAPEL")
    assert (
        roll_bounty(Randomness.scripted([6, 3]), "HOUSE", open_bounty=Bounty("No Bounty Today", 0, "INN")).reward
        == 0
    )


def test_the_bounty_hunter_rolls_1d6_minus_2_and_below_1_counts_as_1():
    assert roll_bounty(Randomness.scripted([2]), "anywhere", bounty_hunter=True).target == "Random Character"
    assert roll_bounty(Randomness.scripted([5]), "anywhere", bounty_hunter=True).target == "Tremendous Dragon"


def test_the_lottery_wins_500_on_a_match_and_its_odds_are_n_in_1296():
    result = lottery(Randomness.scripted([1, 2, 3, 4]), ["1234", "6666"], at="INN")
    assert (result.drawn, result.won, result.cost, result.prize) == ("1234", True, 2, 500)
    assert not lottery(Randomness.scripted([1, 2, 3, 5]), ["1234"], at="INN").won
    assert lottery_odds(10) == Fraction(10, 1296)
    with pytest.raises(RuleError, match="four digits"):
        lottery(Randomness.scripted([1, 2, 3, 4]), ["1237"], at="INN")


def test_dice_at_10_gold_roll_at_minus_1_and_a_successful_cheat_another_minus_1():
    assert play_dice(Randomness.scripted([3, 2]), at="INN").gold == 10
    assert play_dice(Randomness.scripted([1, 3]), at="INN", high_stake=True).gold == 20
    cheated = play_dice(Randomness.scripted([2, 2, 3, 1]), at="INN", high_stake=True, cheat=True)
    assert (cheated.total, cheated.gold) == (1, 50)


def test_a_cheating_roll_of_1_subtracts_1_from_all_future_cheating_rolls():
    first = play_dice(Randomness.scripted([1, 1, 6, 6]), at="INN", cheat=True)
    assert first.cheat_bonus_after == -1
    later = play_dice(Randomness.scripted([4, 3, 6, 6]), at="INN", cheat=True, cheat_bonus=first.cheat_bonus_after)
    assert later.cheat.startswith("Nothing")  # 4 - 1 = 3


@pytest.mark.parametrize("roll, change, enemy", [(4, -1, False), (5, -2, False), (6, 0, True)])
def test_a_caught_cheat_costs_friendliness_and_wins_nothing(roll, change, enemy):
    result = play_dice(Randomness.scripted([roll, 1]), at="INN", cheat=True)
    assert (result.gold, result.friendliness_change, result.enemy) == (0, change, enemy)


def test_dice_odds_are_exact():
    assert dice_odds()["Nothing"] == Fraction(11, 36)  # the high die of two (ruling MR49)
    assert dice_odds(high_stake=True, cheated=True)["50 gold"] == Fraction(1, 4)  # both dice 3 or less


def test_shejohs_ring_is_the_high_die_of_2d6():
    odds = table_odds(get_table("mr_shejoh_ring"))
    assert odds["Ring has no effect"] == Fraction(11, 36)
    assert get_table("mr_shejoh_ring").roll(Randomness.scripted([2, 5])).result == "Gains an extra HIDE phase"


def test_friendliness_shifts_stop_at_enemy_and_ally():
    assert shift("Unfriendly", -3) == "Enemy" and shift("Friendly", 5) == "Ally"


@pytest.mark.parametrize(
    "kind, roll, outcome",
    [
        ("mountain", 4, "same"),
        ("cave", 6, "same"),
        ("normal", 3, "choose"),
        ("cave", 4, "lost"),
        ("normal", 5, "lost"),
    ],
)
def test_offroad_travel_uses_the_column_of_the_clearing_left(kind, roll, outcome):
    result = offroad(Randomness.scripted([1, roll]), kind, tile="Oak Woods")
    assert result.outcome == outcome
    if kind == "cave" and outcome == "lost":
        assert result.wounds == 1


def test_an_avalanche_rolls_1d6_wounds_and_the_woodsman_subtracts_1():
    result = offroad(Randomness.scripted([5, 2, 4]), "mountain", tile="Cliff")
    assert (result.outcome, result.wounds) == ("lost", 4)
    assert offroad(Randomness.scripted([6, 6]), "normal", tile="Cliff", woodsman=True).outcome == "lost"
    assert offroad(Randomness.scripted([4, 5]), "normal", tile="Cliff", woodsman=True).outcome == "random"


def test_never_offroad_in_the_volcano_and_only_with_two_moves():
    with pytest.raises(RuleError, match="NEVER"):
        offroad(Randomness.scripted([1]), "mountain", tile="Volcano")
    with pytest.raises(RuleError, match="two recorded MOVE"):
        offroad(Randomness.scripted([1]), "normal", tile="Oak Woods", moves_recorded=1)


def test_gate_travel_needs_two_known_gates_and_two_moves_into_mountains():
    check_gate_travel({"Gate 1", "Gate 2"}, "Gate 2", destination_kind="normal", move_phases=1)
    with pytest.raises(RuleError, match="at least one other gate"):
        check_gate_travel({"Gate 1"}, "Gate 1", destination_kind="normal", move_phases=1)
    with pytest.raises(RuleError, match="not been discovered"):
        check_gate_travel({"Gate 1", "Gate 2"}, "Gate 3", destination_kind="normal", move_phases=1)
    with pytest.raises(RuleError, match=r"3\.3/1"):
        check_gate_travel({"Gate 1", "Gate 2"}, "Gate 2", destination_kind="mountain", move_phases=1)


@pytest.mark.parametrize(
    "kind, fatigue, wounds",
    [("mountain", 0, 0), ("red mountain", 1, 0), ("orange mountain", 0, 1), ("white mountain", 0, 5)],
)
def test_the_volcanos_midnight(kind, fatigue, wounds):
    _, f, w = volcano_midnight_effect(Randomness.scripted([5]), kind)
    assert (f, w) == (fatigue, wounds)
