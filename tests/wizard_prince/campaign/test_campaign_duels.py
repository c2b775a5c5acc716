"""Duels: sanctioned challenges, first blood or death, the Crown Prince, the GM's result, penalties."""

from __future__ import annotations

from typing import Any

from campaign_helpers import all_rolled, answer, campaign, news, option_words, pending, refused, run_tasks

from magecraft.wizard_prince.campaign.answers import DuelWinner
from magecraft.wizard_prince.campaign.duels import PRINCE, unsanctioned_duel, welsh
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.year import Campaign


def test_a_herald_duel_to_the_death_rerolls_ties_and_kills_the_loser() -> None:
    c = campaign(["Ann", "Bob"], [10, 10, 12, 3], sheets={"Bob": {"status": 3}})
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    assert pending(c) is not None and c.pending is not None
    assert option_words(c) == (("none",), ("Bob", "first blood"), ("Bob", "death"))
    answer(c, "Bob", "death")
    answer(c, "done")                       # no wagers
    assert c.nobles["Ann"].status == 2 and c.nobles["Bob"].status == 2 and not c.nobles["Bob"].alive
    assert all_rolled(c)


def test_first_blood_costs_the_loser_a_point_of_status_even_below_zero() -> None:
    c = campaign(["Ann", "Bob"], [1, 20], sheets={"Ann": {"status": 0}})
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    answer(c, "Bob", "first blood")
    answer(c, "done")
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
    answer(c, "done")
    assert c.pending is not None and c.pending.kind == "duel_result" and c.pending.player == "GM"
    refused(c, DuelWinner("Cid"), "not an answer")
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


def _wager_duel(dice: list[int], **kw: Any) -> Campaign:
    """Ann challenges Bob to first blood; Cid (not fighting) may wager too.  Bob rules Orlu (his capital,
    bordering Cid's Athak) and the Barony of Frostwall (which does not)."""
    c = campaign(["Ann", "Bob", "Cid"], dice, realms={"Bob": ["Orlu", "Barony of Frostwall"], "Cid": ["Athak"]},
                 sheets={"Cid": {"items": ["Ring of Protection +1"]}}, **kw)
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    answer(c, "Bob", "first blood")
    return c


def test_wagers_are_entered_in_pairs_each_backer_staking_what_he_holds() -> None:
    c = _wager_duel([15, 1])
    c.provinces["Orlu"].upgrades = {"public_works": 0}
    assert c.pending is not None and c.pending.kind == "duel_wagers" and c.pending.player == "GM"
    # the first named backs Ann, the second Bob; neither duellist backs his opponent
    assert option_words(c) == (("done",), ("wager", "Ann", "Bob"), ("wager", "Ann", "Cid"),
                                 ("wager", "Cid", "Bob"))
    answer(c, "wager", "Cid", "Bob")
    assert c.pending is not None and c.pending.player == "Cid"
    assert option_words(c) == (("wealth",), ("province", "Athak"), ("item", "Ring of Protection +1"))
    answer(c, "item", "Ring of Protection +1")
    assert c.pending is not None and c.pending.player == "Bob"
    # Frostwall could not join Cid's realm, so it is no stake
    assert option_words(c) == (("wealth",), ("province", "Orlu"))
    answer(c, "province", "Orlu")
    # a second wager: Cid's ring is staked already, his Wealth level is not
    answer(c, "wager", "Cid", "Bob")
    assert c.pending is not None and option_words(c) == (("wealth",), ("province", "Athak"))
    answer(c, "wealth")
    answer(c, "wealth")
    saved = c.to_dict()
    assert Campaign.from_dict(saved).to_dict() == saved
    answer(c, "done")                       # Ann 15 + 7 beats Bob 1 + 7
    assert c.nobles["Ann"].status == 2 and c.nobles["Bob"].status == 0 and all_rolled(c)
    assert c.pending is not None and c.pending.kind == "wager_pay" and c.pending.player == "Bob"
    assert option_words(c) == (("pay",), ("welsh",))
    answer(c, "pay")                         # Orlu goes to Cid; Frostwall is Bob's capital now
    assert c.provinces["Orlu"].owner == "Cid" and c.nobles["Bob"].capital == "Barony of Frostwall"
    assert c.provinces["Orlu"].has("public_works")      # handed over, not taken: its upgrades stay (WC21)
    answer(c, "pay")
    assert c.nobles["Cid"].wealth == 2 and c.nobles["Bob"].wealth == 0
    assert c.nobles["Cid"].items == ["Ring of Protection +1"] and pending(c) is None


def test_the_winning_backer_takes_the_losers_item() -> None:
    c = _wager_duel([1, 15])                # Bob wins this time
    answer(c, "wager", "Cid", "Bob")
    answer(c, "item", "Ring of Protection +1")
    answer(c, "wealth")
    answer(c, "done")
    assert c.pending is not None and c.pending.player == "Cid"
    answer(c, "pay")
    assert c.nobles["Bob"].items == ["Ring of Protection +1"] and c.nobles["Cid"].items == []
    assert c.nobles["Bob"].wealth == 1 and c.nobles["Cid"].wealth == 1


def test_welshing_on_a_duels_wager_costs_1d3_status_and_pays_nothing() -> None:
    c = _wager_duel([15, 1, 2])
    answer(c, "wager", "Cid", "Bob")
    answer(c, "wealth")
    answer(c, "province", "Orlu")
    answer(c, "done")
    answer(c, "welsh")
    assert c.nobles["Bob"].status == 1 - 1 - 2 and c.provinces["Orlu"].owner == "Bob"
    assert c.nobles["Cid"].wealth == 1 and all_rolled(c)


def test_a_stake_no_longer_held_can_only_be_welshed_on() -> None:
    c = _wager_duel([3], settings=CampaignSettings(duel_resolver="entered"))
    answer(c, "wager", "Cid", "Bob")
    answer(c, "wealth")
    answer(c, "wealth")
    answer(c, "done")
    c.nobles["Bob"].wealth = 0              # spent between the wager and the reckoning
    answer(c, "winner", "Ann")
    assert c.pending is not None and option_words(c) == (("welsh",),)
    answer(c, "welsh")
    assert c.nobles["Bob"].status == 1 - 1 - 3


def test_a_dead_backers_wager_dies_with_him() -> None:
    c = campaign(["Ann", "Bob"], [15, 1], sheets={"Bob": {"items": ["Sword +1"]}})
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    answer(c, "Bob", "death")
    answer(c, "wager", "Ann", "Bob")
    answer(c, "wealth")
    answer(c, "item", "Sword +1")            # nothing left to stake on Ann's side: the duel is fought
    assert not c.nobles["Bob"].alive and pending(c) is None and c.nobles["Ann"].items == []
    assert "The wager of Bob with Ann dies with the dead" in news(c)


def test_the_seconds_stop_a_foul_and_the_fouler_loses_without_a_death() -> None:
    c = campaign(["Ann", "Bob"], settings=CampaignSettings(duel_resolver="entered"))
    c.year_data["duels"] = [{"challenger": "Ann"}]
    run_tasks(c, {"do": "duels"})
    answer(c, "Bob", "death")
    answer(c, "done")
    assert c.pending is not None and ("foul", "Ann") in option_words(c)
    answer(c, "foul", "Bob")
    assert c.nobles["Bob"].alive and c.nobles["Bob"].status == 0 and c.nobles["Ann"].status == 2
    assert "Bob cheats or breaks the rules of the duel: the seconds step in and stop it" in news(c)
