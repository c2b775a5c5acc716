"""Duels: sanctioned challenges, first blood or death, the Crown Prince, the GM's result, penalties."""

from __future__ import annotations

from campaign_helpers import all_rolled, answer, campaign, pending, refused, run_tasks

from magecraft.wizard_prince.campaign.duels import PRINCE, unsanctioned_duel, welsh
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import Choose


def test_a_herald_duel_to_the_death_rerolls_ties_and_kills_the_loser() -> None:
    c = campaign(["Ann", "Bob"], [10, 10, 12, 3], sheets={"Bob": {"status": 3}})
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    assert pending(c) is not None and c.pending is not None
    assert c.pending.options == (("none",), ("Bob", "first blood"), ("Bob", "death"))
    answer(c, "Bob", "death")
    assert c.nobles["Ann"].status == 2 and c.nobles["Bob"].status == 2 and not c.nobles["Bob"].alive
    assert all_rolled(c)


def test_first_blood_costs_the_loser_a_point_of_status_even_below_zero() -> None:
    c = campaign(["Ann", "Bob"], [1, 20], sheets={"Ann": {"status": 0}})
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    answer(c, "Bob", "first blood")
    assert c.nobles["Ann"].status == -1 and c.nobles["Ann"].alive and c.nobles["Bob"].status == 2


def test_beating_the_crown_prince_gains_status_but_costs_wealth() -> None:
    # Ann 15 + 7 = 22 against the level 5 prince's 12 + 5 + 2 (his sword) = 19
    c = campaign(["Ann"], [15, 12])
    c.year_data["duels"] = [{"challenger": PRINCE, "defender": "Ann", "prince": 5}]
    run_tasks(c, {"do": "duels"})
    assert c.nobles["Ann"].status == 2 and c.nobles["Ann"].wealth == 0 and all_rolled(c)
    # 13 + 7 = 20 against the level 6 prince's 12 + 6 + 2 = 20: a tie, rolled again (17 against 9)
    c = campaign(["Ann"], [13, 12, 10, 1])
    c.year_data["duels"] = [{"challenger": PRINCE, "defender": "Ann", "prince": 6}]
    run_tasks(c, {"do": "duels"})
    assert c.nobles["Ann"].status == 2 and all_rolled(c)


def test_the_crown_prince_wins_and_the_noble_loses_status() -> None:
    c = campaign(["Ann"], [5, 12])
    c.year_data["duels"] = [{"challenger": PRINCE, "defender": "Ann", "prince": 5}]
    run_tasks(c, {"do": "duels"})
    assert c.nobles["Ann"].status == 0 and c.nobles["Ann"].wealth == 1 and c.nobles["Ann"].alive


def test_the_gm_may_enter_the_winner() -> None:
    c = campaign(["Ann", "Bob"], settings=CampaignSettings(duel_resolver="entered"))
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    answer(c, "Bob", "first blood")
    assert c.pending is not None and c.pending.kind == "duel_result" and c.pending.player == "GM"
    refused(c, Choose(("winner", "Cid")), "not an answer")
    answer(c, "winner", "Bob")
    assert c.nobles["Bob"].status == 2 and c.nobles["Ann"].status == 0


def test_unsanctioned_dueling_costs_status_or_the_head() -> None:
    c = campaign(["Ann", "Bob"], sheets={"Bob": {"status": 0}})
    unsanctioned_duel(c, "Ann")
    unsanctioned_duel(c, "Bob")
    assert c.nobles["Ann"].status == 0 and c.nobles["Ann"].alive and not c.nobles["Bob"].alive


def test_welshing_on_a_wager_costs_1d3_status() -> None:
    c = campaign(["Ann"], [3])
    assert welsh(c, "Ann") == 3 and c.nobles["Ann"].status == -2
