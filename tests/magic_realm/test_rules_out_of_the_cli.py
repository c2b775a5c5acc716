"""The realm's numbers the command line used to hold, now asked of the rules (issue 23): the Bounty Hunter's
1d6-2 (4.2), the Woodsman's -1 (7.10), the day's earlier STEAL attempts (5.2/1), the Thief/Assassin (13.2),
the stakes and cheating modifiers of the dice (6.1/2) and the lottery's numbers (6.1/1); and the referee's
tables of checks and deeds."""

from __future__ import annotations

from fractions import Fraction
from typing import get_args

from magecraft.core.odds import table_odds
from magecraft.core.randomness import Randomness
from magecraft.magic_realm import referee, trade, travel
from magecraft.magic_realm.actions import ChooseClearing, ChoosePod, DayAction, GrantGuildChit, NextDay
from magecraft.magic_realm.table_dice import RealmSettings, table

ONE_DIE = RealmSettings(one_die=True)


def test_the_bounty_hunters_one_die_less_two_counts_every_roll_of_3_or_less_as_1():
    assert trade.bounty_odds(bounty_hunter=True) == {
        "Random Character": Fraction(1, 2), "Tremendous Troll": Fraction(1, 6),
        "Tremendous Dragon": Fraction(1, 6), "Tremendous Giant": Fraction(1, 6)}
    # whatever the dice setting: the seed names his die
    assert trade.bounty_odds(bounty_hunter=True, settings=ONE_DIE) == trade.bounty_odds(bounty_hunter=True)
    assert trade.bounty_odds()["No Bounty Today"] == Fraction(5, 9)


def test_the_woodsman_takes_one_from_the_offroad_roll():
    assert travel.offroad_modifier(woodsman=True) == -1 and travel.offroad_modifier() == 0
    assert travel.offroad_odds("cave", woodsman=True) == {
        "Choice/Mark Path": Fraction(1, 9), "Choose Clearing": Fraction(5, 36),
        "Random Clearing": Fraction(7, 36), "Lost (1 wound)": Fraction(5, 9)}
    assert travel.offroad_odds("cave")["Same Clearing"] == Fraction(11, 36)


def test_a_stealing_day_may_start_at_its_third_attempt_adding_two():
    day = trade.StealingDay("Amazon", "HOUSE natives", attempt=3)
    result = day.attempt(Randomness.scripted([4, 1]))
    assert (result.raw, result.modifier, result.total) == (4, 2, 6)
    assert day.attempts == 3


def test_the_thief_assassins_card_steals_at_minus_one_and_others_do_not():
    assert trade.steals_as_thief("Thief/Assassin") and not trade.steals_as_thief("Amazon")


def test_the_dice_stakes_and_cheating_modifiers():
    assert (trade.dice_stake(), trade.dice_stake(high_stake=True)) == (5, 10)
    assert trade.cheat_modifier(-2, thief_guild=True) == -3
    assert trade.cheat_odds(-2, thief_guild=True) == table_odds(table("mr_cheating"), -3)
    assert trade.dice_expected_gold() == Fraction(2, 3)
    assert trade.dice_expected_gold(high_stake=True) == Fraction(11, 6)
    assert trade.dice_expected_gold(settings=ONE_DIE) == Fraction(28, 3)


def test_lottery_numbers_count_up_from_1111_and_a_ticket_costs_a_gold():
    assert [trade.lottery_ticket(i) for i in (0, 1, 6, 1295)] == ["1111", "1112", "1121", "6666"]
    assert trade.lottery_expected_gold(["1111", "1111", "2345"]) == Fraction(2, 1296) * 500 - 3


def test_the_realms_exact_odds_are_the_cores_on_one_die_too():
    assert trade.steal_odds(1, settings=ONE_DIE) == {
        "Success - Take desired item": Fraction(1, 6), "Success - Roll for item (subtract 1)": Fraction(1, 6),
        "Success - Roll for item": Fraction(1, 3), "Suspect - Lose one level of friendliness": Fraction(1, 6),
        "Caught/Block - Natives become Enemy": Fraction(1, 6)}


def test_every_action_the_referee_checks_he_can_carry_out():
    assert set(referee.CHECKS) == set(referee.PERFORMS)
    recorded = set(get_args(DayAction)) - {NextDay, ChoosePod, GrantGuildChit, ChooseClearing}
    assert recorded == set(referee.CHECKS)
