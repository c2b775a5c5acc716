"""The third rules review of the campaign year (issue 24, items 1-10): each fails on the reading it replaced."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from campaign_helpers import all_rolled, answer, campaign, option_words, run_tasks
from test_campaign_war import barbarian_year

from magecraft.cli.app import main
from magecraft.core.errors import DataError, RuleError
from magecraft.core.saves import SaveStore
from magecraft.core.tables import get_table
from magecraft.wizard_prince.campaign.court import new_banquet, parse_result, use_result
from magecraft.wizard_prince.campaign.nobles import CampaignNoble
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import Boost
from magecraft.wizard_prince.campaign.war import start_war
from magecraft.wizard_prince.pieces import Office, appointments


def entry(name: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": name, "fate": "stayed to the end", "presented": [],
                            "changes": {"status": 0, "wealth": 0, "legions": 0, "fleets": 0}, "counts": {},
                            "crown_prince_duels": [], "crown_prince_support": []}
    base.update(fields)
    return base


def banquet(*nobles: dict[str, Any]) -> dict[str, Any]:
    return {"emperors": 1, "nobles": list(nobles), "coup": False, "barbarian_invasion": False, "feudal_wars": 0}


# -- item 1: one spelling of each appointment ------------------------------------------------------------
def test_a_master_general_made_at_the_banquet_gains_his_yearly_legion_or_fleet() -> None:
    c = campaign(["Ann"], sheets={"Ann": {"status": 12}})
    played, _bots = new_banquet(c)
    row = next(r for r in get_table("wp_imperial_appointment").rows if r.result == "Master General of the Empire")
    played.appoint(played.nobles["Ann"], Office(row.data["key"]))
    use_result(c, played.banquet_result().to_dict(), entered=False)
    run_tasks(c, {"do": "court"}, {"do": "appointments"})
    assert c.nobles["Ann"].appointment == Office.MASTER_GENERAL
    assert c.pending is not None and option_words(c) == (("legions",), ("fleets",))
    answer(c, "legions")
    assert c.nobles["Ann"].legions["regular"] == 2


def test_the_master_general_commands_his_side_over_a_noble_of_higher_status() -> None:
    c = campaign(["Ann", "Bob"], sheets={"Ann": {"status": 12, "appointment": "master_general"},
                                        "Bob": {"status": 20}})
    a = {"name": "the Emperor", "nobles": ["Bob", "Ann"], "host": None, "chief": None, "commander": ""}
    b = {"name": "the barbarians", "nobles": [], "host": None, "chief": {"level": 7, "intelligence": 10},
         "commander": ""}
    start_war(c, "barbarian_invasion", a, b, "Barbarian Invasion")
    run_tasks(c, {"do": "war_commanders"})
    assert c.year_data["war"]["sides"]["a"]["commander"] == "Ann"


def test_the_table_and_the_office_name_the_same_six_posts() -> None:
    assert set(appointments()) == set(Office)
    assert appointments()["master_general"].min_status == 12


def test_a_misspelt_office_is_refused_on_a_sheet_and_in_an_entered_banquet() -> None:
    with pytest.raises(DataError, match="unknown appointment 'master_general_of_the_empire'"):
        CampaignNoble(name="Ann", appointment="master_general_of_the_empire")
    c = campaign(["Ann"])
    with pytest.raises(RuleError, match="unknown appointment"):
        parse_result(c, banquet(entry("Ann", appointment="master_general_of_the_empire")))


# -- item 10: an entered result that leaves the appointment out ----------------------------------------------
def test_an_entered_banquet_that_leaves_out_the_appointment_keeps_the_post_and_an_empty_one_loses_it() -> None:
    c = campaign(["Ann", "Bob"], sheets={"Ann": {"status": 8, "appointment": "lord_chancellor"},
                                        "Bob": {"status": 8, "appointment": "lord_chamberlain"}})
    use_result(c, banquet(entry("Ann"), entry("Bob", appointment="")), entered=True)
    run_tasks(c, {"do": "court"})
    assert c.nobles["Ann"].appointment == Office.LORD_CHANCELLOR
    assert c.nobles["Bob"].appointment == ""


# -- item 2: an appointment is lost the moment Status drops below its level, boosts counted -------------------
def test_a_master_general_who_loses_a_duel_before_the_war_loses_his_post_at_once() -> None:
    c = campaign(["Ann", "Bob"], [20, 1], sheets={"Ann": {"status": 12, "appointment": "master_general"}})
    run_tasks(c, {"do": "duel_fight", "a": "Bob", "b": "Ann", "to": "first blood"})
    assert c.nobles["Ann"].status == 11
    assert c.nobles["Ann"].appointment == ""


def test_a_boosted_status_keeps_the_post_for_the_year_and_its_lapse_loses_it() -> None:
    c = campaign(["Ann"], sheets={"Ann": {"status": 11, "wealth": 0, "boosts": {"status": 1, "reputation": 0},
                                          "appointment": "master_general"}})
    run_tasks(c, {"do": "appointments"})
    assert c.nobles["Ann"].appointment == Office.MASTER_GENERAL
    answer(c, "fleets")
    run_tasks(c, {"do": "end_year"})
    assert c.nobles["Ann"].appointment == ""


# -- item 3: the winners share 10% of the entire opposing army, however the battle is resolved ---------------
def test_a_gm_entered_battle_shares_experience_for_the_whole_army_before_its_losses() -> None:
    c = barbarian_year([2, 20])
    c.settings = CampaignSettings(battle_resolver="entered")
    answer(c, "legions")
    answer(c, "result", "a", 0, 50)
    # the horde's legions were 6 regular, 2 elite, 1 guard = 11 points before it lost half of them
    assert c.nobles["Ann"].xp == 11 * 1000 // 10


# -- item 4: a rebel province nobody takes loses its upgrades --------------------------------------------------
@pytest.mark.parametrize(("dice", "decline"), [([1, 41], False), ([1, 40, 1], True)])
def test_a_rebel_province_no_one_protects_loses_its_upgrades(dice: list[int], decline: bool) -> None:
    c = campaign(["Ann", "Bob"], dice, realms={"Ann": ["Athak"]})
    c.provinces["Athak"].upgrades.update({"tax_gatherers": 0, "public_works": 0})
    run_tasks(c, {"do": "production"})
    if decline:
        answer(c, "decline")
    assert c.provinces["Athak"].owner == "" and c.provinces["Athak"].upgrades == {}


# -- item 5: any positive courtier's benefit may be traded for an upgrade ------------------------------------
def test_the_dwarf_mine_masters_wealth_may_be_given_back_for_an_upgrade_instead() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]})
    c.year_data["banquet"] = banquet(entry("Ann", presented=["dwarf_mine_master"], appointment="",
                                           changes={"status": 0, "wealth": 1, "legions": 0, "fleets": 0}))
    run_tasks(c, {"do": "court"})
    assert c.nobles["Ann"].wealth == 2
    assert c.pending is not None and c.pending.kind == "courtier" and option_words(c)[0] == ("take",)
    answer(c, "upgrade", "public_works", "Athak", "")
    assert c.nobles["Ann"].wealth == 1 and c.provinces["Athak"].has("public_works")


def test_a_mercenary_generals_legion_kept_is_not_paid_twice() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]})
    c.year_data["banquet"] = banquet(entry("Ann", presented=["mercenary_general"], appointment="",
                                           changes={"status": 0, "wealth": 0, "legions": 1, "fleets": 0}))
    run_tasks(c, {"do": "court"})
    answer(c, "take")
    assert c.nobles["Ann"].legions["regular"] == 2 and c.pending is None


# -- item 6: every Tradesman's Guild rolls for the Wealth held when the yearly rolls begin ---------------------
def test_a_second_guild_rolls_for_the_wealth_held_before_the_first_guilds_winnings() -> None:
    c = campaign(["Ann"], [20, 5], realms={"Ann": ["Athak", "Orlu"]}, sheets={"Ann": {"status": 5}})
    c.year = 1
    for name in ("Athak", "Orlu"):
        c.provinces[name].upgrades["tradesmans_guild"] = 0
    run_tasks(c, {"do": "yearly_rolls"})
    assert c.nobles["Ann"].wealth == 2 and all_rolled(c)


# -- item 7: a boost at any time, and its lapse checked at once ----------------------------------------------
def test_a_status_boost_bought_before_the_banquet_seats_him_with_it() -> None:
    c = campaign(["Ann"], sheets={"Ann": {"status": 5, "wealth": 2}})
    answer(c, "begin")
    assert c.pending is not None and c.pending.kind == "banquet"
    c.apply(Boost("Ann", "status"))
    assert c.pending is not None and c.pending.kind == "banquet"      # the year waits where it was
    played, _bots = new_banquet(c)
    assert played.nobles["Ann"].status == 6 and c.nobles["Ann"].wealth == 1


def test_a_boost_needs_a_wealth_level_and_a_boostable_statistic() -> None:
    c = campaign(["Ann"], sheets={"Ann": {"wealth": 1}})
    for action, words in ((Boost("Ann", "wealth"), "not 'wealth'"), (Boost("Zed", "status"), "not a living")):
        with pytest.raises(RuleError, match=words):
            c.apply(action)
    c.apply(Boost("Ann", "legions"))
    assert c.nobles["Ann"].bought["legions"] == 1
    with pytest.raises(RuleError, match="no Wealth level"):
        c.apply(Boost("Ann", "fleets"))


def test_when_a_status_boost_lapses_the_excess_province_is_given_up_at_the_years_end() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak", "Orlu"]},
                 sheets={"Ann": {"status": 1, "boosts": {"status": 1, "reputation": 0}}})
    run_tasks(c, {"do": "end_year"})
    assert c.pending is not None and c.pending.kind == "give_up" and c.year == 0
    answer(c, "Orlu")
    assert realm(c, "Ann") == ["Athak"] and c.year == 1


# -- item 8: a duel loser below zero Status becomes the winner's slave -----------------------------------------
def test_a_duel_loser_below_zero_is_the_winners_slave_until_his_status_is_back() -> None:
    c = campaign(["Ann", "Bob"], [20, 1], sheets={"Ann": {"status": 0}})
    run_tasks(c, {"do": "duel_fight", "a": "Bob", "b": "Ann", "to": "first blood"})
    assert c.nobles["Ann"].status == -1 and c.nobles["Ann"].slave_of == "Bob"
    assert c.noble_summary("Ann")["slave_of"] == "Bob" and "he is now Bob's slave" in c.chronicle[-1]["text"]
    assert CampaignNoble.from_dict(c.nobles["Ann"].to_dict()).slave_of == "Bob"
    c.nobles["Ann"].status = 0
    run_tasks(c, {"do": "production"})
    assert c.nobles["Ann"].slave_of == ""


def test_the_campaign_screen_shows_a_slave(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    assert main(["wizard-prince", "campaign", "new", "vel", "--nobles", "Ann,Bob", "--seed", "1",
                 "--db", str(db)]) == 0

    def enslave(state: dict[str, Any]) -> dict[str, Any]:
        for noble in state["nobles"]:
            if noble["name"] == "Ann":
                noble.update(status=-1, slave_of="Bob")
        return state

    SaveStore(db).modify("vel", "wizard_prince", "campaign", enslave)
    capsys.readouterr()
    assert main(["wizard-prince", "campaign", "show", "vel", "--db", str(db)]) == 0
    assert "Ann, Bob's slave" in capsys.readouterr().out


# -- item 9: an NPC noble holding a writ or a Grand Herald's duel attacks a player noble, by the rule -----------
NPC_REALMS = {"Nemo": ["Great Velkar"], "Ann": ["Athak"], "Bob": ["Orlu"]}
NPC_SHEETS: dict[str, dict[str, Any]] = {"Nemo": {"npc": True, "legions": {"regular": 5, "elite": 0, "guard": 0}},
                                         "Ann": {"legions": {"regular": 2, "elite": 0, "guard": 0}}}


def test_an_npc_nobles_writ_attacks_a_player_noble_without_being_asked() -> None:
    c = campaign(["Ann", "Bob", "Nemo"], realms=NPC_REALMS, sheets=NPC_SHEETS)
    c.year_data.update({"banquet": {"feudal_wars": 1, "emperors": 1}, "writs": ["Nemo"]})
    run_tasks(c, {"do": "feudal_wars"})
    war = c.year_data["war"]
    assert (war["attacker"], war["defender"]) == ("Nemo", "Bob")     # Bob is the weaker bordering player
    assert c.pending is None or c.pending.kind != "writ"


def test_an_npc_nobles_herald_duel_cannot_be_declined() -> None:
    c = campaign(["Ann", "Bob", "Nemo"], realms=NPC_REALMS, sheets=NPC_SHEETS)
    c.year_data["duels"] = [{"challenger": "Nemo"}]
    run_tasks(c, {"do": "duels"})
    assert c.pending is not None and c.pending.kind == "duel_challenge"
    assert option_words(c) == (("Bob", "first blood"), ("Bob", "death"))
