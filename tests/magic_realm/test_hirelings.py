"""Magic Realm Expansion One: hired and captured travellers (7.5-7.9 and the cards), on scripted dice."""

from __future__ import annotations

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.hirelings import Retinue


def test_hiring_pays_the_wage_for_fourteen_days_and_rehires_only_when_the_time_is_up():
    retinue = Retinue("Amazon", gold=20)
    retinue.hire("Cook", day=3)
    assert (retinue.gold, retinue.serving["Cook"].last_day) == (12, 16)
    with pytest.raises(RuleError, match="time has expired"):
        retinue.hire("Cook", day=16)
    assert retinue.gold == 12
    assert retinue.new_day(16) == []
    assert retinue.new_day(17) == ["Cook"]
    retinue.hire("Cook", day=17)
    assert (retinue.gold, retinue.serving["Cook"].last_day) == (4, 30)


def test_the_wage_is_gold_and_not_negotiable():
    retinue = Retinue("Amazon", gold=7)
    with pytest.raises(RuleError, match="wage is 8 gold"):
        retinue.hire("Cook", day=1)
    assert (retinue.gold, retinue.serving) == (7, {})
    with pytest.raises(RuleError, match="not hired"):
        retinue.hire("Pickpocket", day=1)


def test_the_children_cost_3_gold_a_day_paid_daily():
    retinue = Retinue("Dwarf", gold=7)
    retinue.hire("Children", day=5)
    assert (retinue.gold, retinue.serving["Children"].last_day) == (4, 5)
    with pytest.raises(RuleError, match="already serves"):
        retinue.hire("Children", day=5)
    retinue.hire("Children", day=6)
    assert retinue.gold == 1
    assert retinue.new_day(7) == ["Children"]
    with pytest.raises(RuleError, match="wage is 3 gold"):
        retinue.hire("Children", day=7)


def test_capture_in_one_round_keeps_the_traveller_for_the_game():
    retinue = Retinue("Amazon", gold=0)
    assert retinue.capture("Wood Sprite", hit=True).captured
    assert retinue.new_day(400) == []
    assert retinue.serving["Wood Sprite"].captured
    with pytest.raises(RuleError, match="no CAPTURE value"):
        retinue.capture("Cook", hit=True)
    assert not retinue.capture("Siren", hit=False).captured
    assert "Siren" not in retinue.serving


def test_a_failed_pickpocket_capture_costs_2d6_gold_or_all_there_is():
    retinue = Retinue("Amazon", gold=20)
    failed = retinue.capture("Pickpocket", hit=False, rng=Randomness.scripted([3, 5]))
    assert (failed.gold_lost, retinue.gold) == (8, 12)
    poor = Retinue("Amazon", gold=4)
    assert poor.capture("Pickpocket", hit=False, rng=Randomness.scripted([6, 6])).gold_lost == 4
    broke = Retinue("Amazon", gold=0)
    assert broke.capture("Pickpocket", hit=False, rng=Randomness.scripted([])).gold_lost == 0


def test_a_captured_pickpocket_scores_at_dwellings():
    retinue = Retinue("Amazon", gold=0)
    with pytest.raises(RuleError, match="does not serve"):
        retinue.pickpocket_score(Randomness.scripted([1]))
    retinue.capture("Pickpocket", hit=True)
    assert retinue.pickpocket_score(Randomness.scripted([2, 1])).data["gold"] == 4
    assert retinue.gold == 4


def test_the_doppleganger_holds_a_chit_until_the_time_is_up_and_cannot_be_fired():
    retinue = Retinue("Amazon", gold=0, chits=["MOVE M4*", "FIGHT H5**"])
    with pytest.raises(RuleError, match="one of Amazon's chits"):
        retinue.hire("Doppleganger", day=1, chit="MAGIC II3*")
    retinue.hire("Doppleganger", day=1, chit="FIGHT H5**")
    assert retinue.chits == ["MOVE M4*"]
    with pytest.raises(RuleError, match="cannot be fired"):
        retinue.fire("Doppleganger")
    assert retinue.new_day(15) == ["Doppleganger"]
    assert retinue.chits == ["MOVE M4*", "FIGHT H5**"]


def test_hired_travellers_leave_when_the_character_dies():
    retinue = Retinue("Amazon", gold=30, chits=["MOVE M4*"])
    retinue.hire("Cook", day=1)
    retinue.hire("Doppleganger", day=1, chit="MOVE M4*")
    retinue.capture("Wood Sprite", hit=True)
    assert sorted(retinue.killed()) == ["Cook", "Doppleganger", "Wood Sprite"]
    assert retinue.serving == {}
    with pytest.raises(RuleError, match="is dead"):
        retinue.hire("Cook", day=2)
