"""Charioteers, the famous race and the betting ("Charioteers", "Low Stakes Gambling", "High Stakes Gambling",
"Throwing the Race")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from race_helpers import refused

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.race.actions import Bet, SideBet, StartRace, WealthBet
from magecraft.wizard_prince.race.betting import Book
from magecraft.wizard_prince.race.chariots import Entrant, roll_charioteer
from magecraft.wizard_prince.race.race import Race

STATS = {"A": {"level": 3, "strength": 12, "dexterity": 9},
         "B": {"level": 5, "strength": 12, "dexterity": 14},
         "C": {"level": 5, "strength": 10, "dexterity": 8}}


def test_an_npc_charioteer_is_level_1d8_with_3d6_plus_1_each():
    noble = roll_charioteer("Cal", False, Randomness.scripted([3, 6, 6, 6, 1, 1, 1, 2, 2, 2, 8, 8, 8]))
    assert noble.level == 3 and noble.hit_points == 24
    assert noble.abilities == {"strength": 19, "dexterity": 4, "constitution": 7}
    assert noble.save_targets["death_poison"] == 12


def test_a_famous_charioteer_is_level_1d6_plus_4_with_3d6_plus_2_at_most_18():
    noble = roll_charioteer("Cal", True, Randomness.scripted([6, 6, 6, 6, 1, 1, 1, 3, 3, 3] + [1] * 10))
    assert noble.level == 10 and noble.hit_points == 10
    assert noble.abilities == {"strength": 18, "dexterity": 5, "constitution": 11}


def test_a_famous_race_ten_times_in_a_hundred_bars_player_nobles_below_5th_level():
    ann = Noble("Ann", level=4, abilities={"strength": 9, "dexterity": 9, "constitution": 9}, wealth=3)
    race = Race.new([Entrant("Ann", "heavy", ann), Entrant("Bob", "light")], Randomness.scripted([10] + [1] * 40))
    assert race.famous and race.barred == ["Ann"] and set(race.chariots) == {"Ann's charioteer", "Bob"}
    assert race.chariots["Bob"].driver.level == 5
    assert race.book.pools == {"Ann's charioteer": 40_000, "Bob": 40_000}
    assert race.book.refigure_over == 20_000 and race.book.wealth == {"Ann": 3} and race.book.drivers == ()
    race.apply(Bet("Ann", "Bob", 100))  # no longer driving: she may back anyone


def test_no_famous_race_on_11_and_a_player_noble_drives_with_his_own_sheet():
    ann = Noble("Ann", level=2, abilities={"strength": 13, "dexterity": 14}, wealth=2)
    rolls = [11, 4, 4, 4,           # not famous; Ann's Constitution is not on her sheet: 3d6
             5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2,   # Bob: level 5, 3+1 each, 5d8 hit points
             2, 1,                  # poles: Ann lane 2, Bob lane 1
             6, 3,                  # 1d12 gold on each
             4, 2, 3]               # highest level Bob, highest Strength Ann, highest Dexterity Ann
    race = Race.new([Entrant("Ann", "heavy", ann), Entrant("Bob", "light")], Randomness.scripted(rolls))
    a, b = race.chariots["Ann"], race.chariots["Bob"]
    assert not race.famous and a.driver.abilities == {"strength": 13, "dexterity": 14, "constitution": 12}
    assert a.driver.level == 2 and a.hit_points == ann.hit_points and (a.lane, b.lane) == (1, 0)
    assert b.driver.abilities == {"strength": 4, "dexterity": 4, "constitution": 4} and b.hit_points == 10
    assert race.book.pools == {"Ann": 6000 + 2000 + 3000, "Bob": 3000 + 4000}
    assert race.book.drivers == ("Ann",)


def test_the_crowd_bets_1d12_thousands_plus_1d4_for_the_best_level_strength_and_dexterity_each_tie_too():
    book = Book.roll(STATS, Randomness.scripted([2, 5, 7, 3, 1, 2, 4, 1]), famous=False, multiplier=10,
                     refigure_over=2000)
    assert book.pools == {"A": 4000, "B": 13_000, "C": 8000}
    famous = Book.roll(STATS, Randomness.scripted([2, 5, 7, 3, 1, 2, 4, 1]), famous=True, multiplier=10,
                       refigure_over=20_000)
    assert famous.pools == {"A": 40_000, "B": 130_000, "C": 80_000}


def test_odds_are_figured_from_the_gold_exactly():
    book = Book({"A": 4000, "B": 13_000, "C": 8000})
    assert book.odds("A") == Fraction(21, 4) and book.odds("B") == Fraction(12, 13)
    assert book.odds("C") == Fraction(17, 8)
    assert book.gold_payout(1000, "A") == 6250


def test_payouts_are_rounded_down_to_the_gold_piece():
    book = Book({"A": 3000, "B": 4000})
    assert book.gold_payout(100, "A") == 233 and book.gold_payout(100, "B") == 175


@pytest.mark.parametrize("bets, refigured", [([2000], False), ([2001], True), ([1500, 1000], True)])
def test_player_bets_refigure_the_odds_only_over_2000_gp(bets, refigured):
    book = Book({"A": 4000, "B": 4000}, wealth={"Cy": 1})
    for gold in bets:
        book.add(Bet("Cy", "A", gold))
    assert book.refigured() is refigured
    assert book.odds("A") == (Fraction(4000, 4000 + sum(bets)) if refigured else 1)


def test_a_famous_race_refigures_only_over_20000():
    book = Book({"A": 40_000, "B": 40_000}, famous=True, refigure_over=20_000, wealth={"Cy": 1})
    book.add(Bet("Cy", "A", 20_000))
    assert not book.refigured()
    book.add(Bet("Cy", "B", 1))
    assert book.refigured()


def test_settling_pays_winners_at_the_odds_and_takes_losers_stakes():
    book = Book({"A": 4000, "B": 12_000}, wealth={"Cy": 2, "Di": 3})
    book.add(Bet("Cy", "A", 1000))
    book.add(Bet("Di", "B", 500))
    book.add(WealthBet("Cy", "A"))
    book.add(SideBet("Di", "Cy", "B", 2, 1, "wealth"))
    assert book.settle("A") == {"Cy": {"gp": 3000, "wealth": 1 + 2}, "Di": {"gp": -500, "wealth": -2}}
    assert book.settle("B") == {"Cy": {"gp": -1000, "wealth": -1 - 1}, "Di": {"gp": 166, "wealth": 1}}
    assert book.settle("") == {"Cy": {"gp": 0, "wealth": 0}, "Di": {"gp": 0, "wealth": 0}}


def test_one_wealth_level_against_the_house_at_no_better_than_even_money():
    book = Book({"A": 4000, "B": 13_000, "C": 8000}, wealth={"Cy": 2, "Poor": 0})
    with pytest.raises(RuleError, match="odds-on"):
        book.check(WealthBet("Cy", "B"))
    with pytest.raises(RuleError, match="no Wealth level"):
        book.check(WealthBet("Poor", "A"))
    Book({"A": 4000, "B": 4000}, wealth={"Cy": 1}).check(WealthBet("Cy", "A"))  # even money is taken
    book.check(WealthBet("Cy", "A"))
    book.add(WealthBet("Cy", "A"))
    with pytest.raises(RuleError, match="already bet his one Wealth level"):
        book.check(WealthBet("Cy", "C"))


def test_side_bets_are_gold_or_wealth_never_provinces():
    book = Book({"A": 4000, "B": 4000}, wealth={"Cy": 1, "Di": 1})
    with pytest.raises(RuleError, match="crass"):
        book.check(SideBet("Cy", "Di", "A", 1, 1, "provinces"))
    with pytest.raises(RuleError, match="Wealth 1, not 2"):
        book.check(SideBet("Cy", "Di", "A", 2, 1, "wealth"))
    with pytest.raises(RuleError, match="not a player noble"):
        book.check(SideBet("Cy", "Eve", "A", 1, 1))
    with pytest.raises(RuleError, match="between two nobles"):
        book.check(SideBet("Cy", "Cy", "A", 1, 1))


def test_no_player_may_bet_against_himself():
    book = Book({"Ann": 4000, "B": 4000}, drivers=("Ann",), wealth={"Ann": 2, "Cy": 1})
    book.check(Bet("Ann", "Ann", 500))
    book.check(SideBet("Ann", "Cy", "Ann", 100, 100))
    for bet in (Bet("Ann", "B", 500), WealthBet("Ann", "B"), SideBet("Ann", "Cy", "B", 100, 100),
                SideBet("Cy", "Ann", "Ann", 100, 100), SideBet("Cy", "Ann", "B", 100, 100)):
        with pytest.raises(RuleError, match="Throwing the race"):
            book.check(bet)


def test_bets_are_taken_before_the_start_and_refused_after_it():
    ann = Noble("Ann", abilities={"strength": 9, "dexterity": 9, "constitution": 9})
    race = Race.new([Entrant("Ann", "heavy", ann), Entrant("Bob", "light")], Randomness.seeded(4),
                    spectators={"Cy": 2})
    refused(race, Bet("Ann", "Bob", 100))
    refused(race, Bet("Cy", "Nobody", 100))
    refused(race, Bet("Cy", "Bob", 0))
    race.apply(Bet("Cy", "Bob", 100))
    race.apply(StartRace())
    assert "betting closed" in refused(race, Bet("Cy", "Ann", 100))
    assert race.book.bets == [Bet("Cy", "Bob", 100)]
