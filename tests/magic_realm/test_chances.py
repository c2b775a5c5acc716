"""Issue 28: the exact chance a table roll makes a realm action go well (``RealmDays.chance_of``), hand-worked.

The base game's high die of 2d6 (ruling MR49) shows k with chance (2k - 1)/36: 1/36, 3/36, 5/36, 7/36, 9/36,
11/36 for 1-6.
"""

from __future__ import annotations

import json
from fractions import Fraction

from magecraft.core.randomness import Randomness
from magecraft.magic_realm.actions import CastSpell, EnchantressAid, NextDay, PickpocketScore, TravelOffroad
from magecraft.magic_realm.days import RealmDays
from magecraft.magic_realm.table_dice import RealmSettings


def realm(where: str, **settings: bool) -> RealmDays:
    """Seed 1 deals Borderland 1 a normal clearing and Borderland 4 a cave."""
    days = RealmDays.new(Randomness.seeded(1), [f"Amazon@{where}"], spells={"Amazon": ["Prayer"]},
                         settings=RealmSettings(**settings))
    assert days.board.clearing_of(where).kind == ("cave" if where.endswith("4") else "normal")
    return days


def test_offroad_from_an_open_clearing_reaches_a_clearing_on_a_high_die_of_1_to_4():
    chance = realm("Borderland 1").chance_of(TravelOffroad("Amazon"))
    assert chance is not None
    assert chance.probability == Fraction(1 + 3 + 5 + 7, 36) == Fraction(4, 9)  # 5-6: Lost
    assert chance.section == "2. Offroad Travel" and chance.text().startswith("44% (high die of 2d6")
    # one die on every table (MR49's setting): 4 of 6
    one = realm("Borderland 1", one_die=True).chance_of(TravelOffroad("Amazon"))
    assert one is not None and one.probability == Fraction(2, 3)


def test_offroad_from_a_cave_and_the_woodsmans_minus_one():
    days = realm("Borderland 4")
    chance = days.chance_of(TravelOffroad("Amazon"))
    assert chance is not None and chance.probability == Fraction(1 + 3 + 5 + 11, 36)  # 4-5: Lost (1 wound)
    days.retinues["Amazon"].hire("Woodsman", day=1)
    # minus one: a high die of 1-4 gives 1-3 (1 kept at 1), 5-6 give 4-5, both Lost
    woods = days.chance_of(TravelOffroad("Amazon"))
    assert woods is not None and woods.probability == Fraction(16, 36) and "the Woodsman" in woods.roll


def test_the_enchantress_casts_and_the_pickpocket_scores_unless_the_high_die_is_6():
    days = realm("Borderland 1")
    aid = days.chance_of(EnchantressAid("Amazon"))
    score = days.chance_of(PickpocketScore("Amazon"))
    assert aid is not None and score is not None
    assert aid.probability == score.probability == 1 - Fraction(11, 36) == Fraction(25, 36)
    assert aid.section == score.section == "7. Travellers"


def test_no_chance_where_no_roll_decides_whether_it_goes_well():
    days = realm("Borderland 1")
    assert days.chance_of(NextDay()) is None and days.chance_of(CastSpell("Amazon", "Prayer")) is None


def test_asking_the_chances_of_every_legal_action_changes_nothing():
    days = realm("Borderland 1")
    before = json.dumps(days.to_dict(), sort_keys=True)
    asked = [days.chance_of(action) for action in days.legal_actions()]
    assert any(c is not None for c in asked)
    assert json.dumps(days.to_dict(), sort_keys=True) == before
