"""War: hosts, sides and commanders, land or sea, points, the abstract and GM-entered battle, losses,
experience and each war's outcome."""

from __future__ import annotations

from typing import Any

import pytest
from campaign_helpers import all_rolled, answer, campaign, news, option_words, pending, refused, run_tasks

from magecraft.wizard_prince.campaign.answers import BattleResult, Side
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.war import abstract_battle, casualties, points, roll_host

BARBARIAN_DICE = [3, 4, 5, 5, 5,            # chieftain: level 2d6 = 7, Intelligence 3d6 = 15
                  1, 1, 1, 1, 1,            # fleets: 3 regular, 0 elite, 0 guard
                  2, 2, 2, 3, 2,            # legions: 6 regular, 2 elite, 1 guard = 11 points
                  10, 11]                   # Ann's Intelligence checks: strength found out, generalship not


def test_a_host_is_3d6_regular_1d6_minus_1_elite_1d4_minus_1_guard_of_each_arm() -> None:
    c = campaign(dice=[6, 6, 6, 1, 1, 2, 3, 4, 6, 4])
    assert roll_host(c, "the Emperor", "Civil War") == {"fleets": {"regular": 18, "elite": 0, "guard": 0},
                                                        "legions": {"regular": 9, "elite": 5, "guard": 3}}


def barbarian_year(extra: list[int]) -> Any:
    c = campaign(["Ann"], BARBARIAN_DICE + extra, realms={"Ann": ["Athak"]},
                 sheets={"Ann": {"status": 5, "legions": {"regular": 4, "elite": 2, "guard": 0}}})
    c.year_data["banquet"] = {"civil_war": False, "barbarian_invasion": True, "emperors": 1}
    run_tasks(c, {"do": "major_war"})
    secret = c.observation("Ann")["year_data"]["war_secret"]
    assert set(secret) == {"b_strength"} and secret["b_strength"]["value"]["legions"]["guard"] == 1
    assert c.pending is not None and c.pending.kind == "join" and option_words(c) == (("neutral",), ("a",))
    answer(c, "a")
    return c


def test_a_barbarian_invasion_beaten_gives_the_commander_two_provinces() -> None:
    # land or sea: Ann 10 - 2 = 8 beats the chieftain's 15 - 20 = -5, so Ann chooses
    c = barbarian_year([2, 20, 5, 3, 4])
    assert c.pending is not None and c.pending.kind == "arm" and c.pending.player == "Ann"
    answer(c, "legions")
    # Ann 7 points x 5 = 35 beats 11 x 3 = 33; the barbarians lose 40%, Ann round(40 x 11/7 / 2) = 31%
    ann = c.nobles["Ann"]
    assert ann.legions == {"regular": 3, "elite": 1, "guard": 0}
    assert ann.xp == 1100                                  # 10% of 11 points x 1000
    assert c.pending is not None and c.pending.kind == "gain"
    answer(c, "Great Velkar")
    assert c.pending is not None and c.pending.kind == "gain"
    answer(c, "Pinehold")
    assert realm(c, "Ann") == ["Athak", "Great Velkar", "Pinehold"]
    assert c.provinces["Great Velkar"].war_damage == 1 and all_rolled(c)


def test_a_lost_barbarian_war_costs_the_commander_two_provinces() -> None:
    # the chieftain wins the check and picks the sea, where he is stronger (3 fleets to 1); 1 x 1 < 3 x 6
    c = barbarian_year([20, 2, 1, 6, 5])
    assert c.year_data["war"]["arm"] == "fleets"
    assert c.pending is not None and c.pending.kind == "give_up"
    answer(c, "Athak")
    assert realm(c, "Ann") == [] and c.nobles["Ann"].fleets["regular"] == 0   # 50% of 1 rounds to 1
    assert c.nobles["Ann"].legions["regular"] == 4 and c.provinces["Athak"].war_damage == 1
    assert "the barbarian horde wins the battle" in news(c)


def test_points_count_elite_one_and_a_half_guard_two_and_garrisons_only_for_a_feudal_defender() -> None:
    c = campaign(["Ann", "Bob"], realms={"Bob": ["Athak"]},
                 sheets={"Ann": {"legions": {"regular": 2, "elite": 2, "guard": 1}, "crown_support": 1}})
    c.nobles["Ann"].bought["legions"] = 1
    c.provinces["Athak"].garrisons.append("legions")
    war = {"kind": "feudal_war", "defender": "Bob", "sides": {
        "a": {"nobles": ["Ann"], "host": None}, "b": {"nobles": ["Bob"], "host": None}}}
    assert points(c, war, "a", "legions") == 2 + 3 + 2 + 1 + 1.5
    assert points(c, war, "b", "legions") == 1 + 1
    war["kind"] = "civil_war"
    assert points(c, war, "b", "legions") == 1


@pytest.mark.parametrize(("count", "percent", "lost"), [(4, 31, 1), (2, 31, 1), (5, 50, 3), (5, 49, 2), (1, 0, 0)])
def test_losses_are_rounded_to_the_nearest_whole(count: int, percent: int, lost: int) -> None:
    assert casualties(count, percent) == lost


def feudal(c: Any, target: str = "Bob") -> None:
    c.nobles["Ann"].legions["regular"] = 5
    run_tasks(c, {"do": "writ", "noble": "Ann"})
    assert c.pending is not None and c.pending.kind == "writ"
    answer(c, target)


def test_a_feudal_war_over_land_only_is_fought_with_legions_and_the_capital_is_spared() -> None:
    c = campaign(["Ann", "Bob"], [4, 4, 3], realms={"Ann": ["Hills of Zynn"], "Bob": ["Stahl", "Peaks of Kur"]},
                 sheets={"Ann": {"status": 5}, "Bob": {"status": 5}})
    feudal(c)
    war = c.year_data["war"]
    assert war["arm"] == "legions"                         # only a land route: no Intelligence check
    assert c.pending is not None and c.pending.kind == "conquer" and option_words(c) == (("Peaks of Kur",),)
    answer(c, "Peaks of Kur")
    assert realm(c, "Ann") == ["Hills of Zynn", "Peaks of Kur"] and realm(c, "Bob") == ["Stahl"]
    assert c.provinces["Peaks of Kur"].war_damage == 1 and all_rolled(c)


def test_a_defender_with_one_province_loses_his_capital() -> None:
    c = campaign(["Ann", "Bob"], [4, 4, 3], realms={"Ann": ["Hills of Zynn"], "Bob": ["Peaks of Kur"]},
                 sheets={"Ann": {"status": 5}})
    feudal(c)
    assert c.pending is not None and option_words(c) == (("Peaks of Kur",),)


def test_watchtowers_make_the_attacker_declare_and_let_the_defender_choose_land_or_sea() -> None:
    c = campaign(["Ann", "Bob"], [1, 6, 3], realms={"Ann": ["Desert of Yndaka"],
                                                    "Bob": ["Stahl", "Peaks of Kur", "Duchy of Grakk"]},
                 sheets={"Ann": {"status": 5}, "Bob": {"status": 5}})
    c.provinces["Peaks of Kur"].upgrades["watchtowers"] = 0
    feudal(c)
    assert c.pending is not None and c.pending.kind == "watchtower_target"
    answer(c, "none")
    assert c.pending is not None and c.pending.kind == "arm" and c.pending.player == "Bob"
    answer(c, "fleets")
    # Bob's 1 fleet x 6 beats Ann's 1 x 1: the attacker lost, nothing more happens
    assert c.year_data["war"]["winner"] == "b" and pending(c) is None and all_rolled(c)


def test_an_undeclared_watchtower_province_cannot_be_taken() -> None:
    c = campaign(["Ann", "Bob"], [5, 1, 3], realms={"Ann": ["Hills of Zynn"], "Bob": ["Stahl", "Peaks of Kur"]},
                 sheets={"Ann": {"status": 5}})
    c.provinces["Peaks of Kur"].upgrades["watchtowers"] = 0
    feudal(c)
    answer(c, "none")        # he does not declare Peaks of Kur; only a land route, so no choice of arm
    assert pending(c) is None and realm(c, "Bob") == ["Peaks of Kur", "Stahl"]


def test_allies_come_only_when_invited_and_accepting() -> None:
    c = campaign(["Ann", "Bob", "Cid"], [4, 4, 3],
                 realms={"Ann": ["Hills of Zynn"], "Bob": ["Stahl", "Peaks of Kur"]},
                 sheets={"Ann": {"status": 5}})
    feudal(c)
    assert c.pending is not None and c.pending.kind == "invite" and c.pending.player == "Ann"
    answer(c, "invite", "Cid")
    assert c.pending is not None and c.pending.kind == "accept" and c.pending.player == "Cid"
    answer(c, "accept")
    assert c.year_data["war"]["sides"]["a"]["nobles"] == ["Ann", "Cid"]


def test_civil_war_losers_give_up_provinces_and_winners_add_them_the_usurper_reigns() -> None:
    c = campaign(["Ann", "Bob", "Cid"], realms={"Ann": ["Athak", "Orlu", "Ghostmoor"], "Bob": ["Stahl"],
                                                "Cid": ["Kulvor"]},
                 sheets={n: {"status": 5} for n in ("Ann", "Bob", "Cid")})
    host = {"legions": {"regular": 1, "elite": 0, "guard": 0}, "fleets": {"regular": 1, "elite": 0, "guard": 0}}
    c.year_data["war"] = {"kind": "civil_war", "section": "Civil War", "winner": "b", "sides": {
        "a": {"name": "the Emperor", "nobles": ["Ann", "Bob"], "host": host, "chief": None, "commander": "Ann"},
        "b": {"name": "the Usurper", "nobles": ["Cid"], "host": host, "chief": None, "commander": "Cid"}}}
    c.year_data["banquet"] = {"emperors": 2}
    run_tasks(c, {"do": "war_after"})
    kinds = [c.pending.kind if c.pending else None]
    answer(c, "Ghostmoor")
    answer(c, "Orlu")
    answer(c, "Stahl")
    answer(c, "Great Velkar")
    answer(c, "Zoonura")
    kinds.append(c.pending.kind if c.pending else None)
    assert kinds == ["give_up", None]
    assert realm(c, "Ann") == ["Athak"] and realm(c, "Bob") == [] and realm(c, "Cid") == ["Great Velkar",
                                                                                       "Kulvor", "Zoonura"]
    assert c.reign == 1 and "the Emperor is captured and atomized" in news(c)


def test_a_gm_enters_the_battle_with_any_whole_percentages() -> None:
    c = barbarian_year([2, 20])
    c.settings = CampaignSettings(battle_resolver="entered")
    answer(c, "legions")
    assert c.pending is not None and c.pending.kind == "battle_result" and c.pending.player == "GM"
    refused(c, BattleResult(Side.A, 101, 0), "not an answer")
    answer(c, "result", "b", 25, 50)
    # side a (Ann) lost 25%: 1 of 4 regular, 0.5 of 2 elite rounds to 1; the horde lost 50%: 3 of 6
    assert c.nobles["Ann"].legions == {"regular": 3, "elite": 1, "guard": 0}
    assert c.year_data["war"]["sides"]["b"]["host"]["legions"]["regular"] == 3
    assert c.year_data["war"]["winner"] == "b"


def test_declaring_for_the_throne_needs_status_equal_to_the_provinces() -> None:
    c = campaign(["Ann", "Bob"], [3] * 20, sheets={"Ann": {"status": 21}, "Bob": {"status": 20}})
    c.year_data["banquet"] = {"civil_war": False, "barbarian_invasion": False, "emperors": 1}
    run_tasks(c, {"do": "major_war"})
    assert c.pending is not None and c.pending.kind == "declare" and c.pending.player == "Ann"
    answer(c, "wait")
    assert pending(c) is None and "war" not in c.year_data
    run_tasks(c, {"do": "declare", "noble": "Ann"})
    answer(c, "declare")                              # the Emperor's host is rolled; Bob is asked
    assert c.pending is not None and c.pending.kind == "join" and c.pending.player == "Bob"
    assert option_words(c) == (("neutral",), ("b",))    # he may not join the claimant


def declaration(winner: str) -> Any:
    c = campaign(["Ann", "Bob"], sheets={"Ann": {"status": 21}})
    c.year_data["war"] = {"kind": "declaration", "section": "x", "winner": winner, "claimant": "Ann", "sides": {
        "a": {"name": "Ann", "nobles": ["Ann"], "host": None, "chief": None, "commander": "Ann"},
        "b": {"name": "the Emperor", "nobles": [], "host": None, "chief": None, "commander": ""}}}
    run_tasks(c, {"do": "war_after"})
    return c


def test_winning_the_bid_for_the_throne_ends_the_campaign_and_losing_it_is_execution() -> None:
    won = declaration("a")
    assert won.is_terminal() and won.emperor == "Ann" and won.legal_actions() == []
    lost = declaration("b")
    assert not lost.nobles["Ann"].alive and not lost.is_terminal()


@pytest.mark.parametrize(("god", "temple", "winner"), [
    ("", False, "a"), ("war", True, "b"), ("terror", True, "b"), ("prosperity", True, "a"), ("war", False, "a")])
def test_a_war_gods_temple_helps_the_defender_and_a_terror_gods_hurts_the_invader(god: str, temple: bool,
                                                                                   winner: str) -> None:
    # 2 legions each: Ann invading rolls 4 (8 points) against Bob's 3 (6); the war god makes Bob's 2 x 4 = 8,
    # the god of terror Ann's 2 x 3 = 6: a tie, which goes to the defender (WC8, WC9)
    c = campaign(["Ann", "Bob"], [4, 3, 1], realms={"Bob": ["Athak"]},
                 sheets={"Ann": {"legions": {"regular": 2, "elite": 0, "guard": 0}},
                         "Bob": {"legions": {"regular": 2, "elite": 0, "guard": 0}, "temple_god": god}})
    if temple:
        c.provinces["Athak"].upgrades = {"grand_temple": 0}
    war = {"kind": "feudal_war", "defender": "Bob", "arm": "legions", "sides": {
        "a": {"nobles": ["Ann"], "host": None, "name": "Ann"},
        "b": {"nobles": ["Bob"], "host": None, "name": "Bob"}}}
    abstract_battle(c, war)
    assert war["winner"] == winner
