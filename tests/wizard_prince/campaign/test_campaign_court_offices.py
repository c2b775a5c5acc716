"""The banquet's result in the year: fates, changes, deferred benefits or upgrades; the appointments."""

from __future__ import annotations

from typing import Any

from campaign_helpers import all_rolled, answer, campaign, news, option_words, pending, run_tasks

from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.settings import CampaignSettings


def entry(name: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": name, "fate": "presented", "presented": [],
                            "changes": {"status": 0, "wealth": 0, "legions": 0, "fleets": 0}, "counts": {},
                            "crown_prince_duels": [], "crown_prince_support": [], "appointment": ""}
    base.update(fields)
    return base


def banquet(*nobles: dict[str, Any], emperors: int = 1, coup: bool = False) -> dict[str, Any]:
    return {"emperors": emperors, "nobles": list(nobles), "coup": coup, "civil_war": emperors != 1,
            "barbarian_invasion": False, "feudal_wars": 0}


def test_changes_fates_and_awards_are_applied() -> None:
    c = campaign(["Ann", "Bob", "Cid"], sheets={"Ann": {"legions": {"regular": 1, "elite": 1, "guard": 0}}})
    c.year_data["banquet"] = banquet(
        entry("Ann", changes={"status": 1, "wealth": 2, "legions": -2, "fleets": 1},
              counts={"xp_awards": 1, "hierophant_quests": 1}, crown_prince_support=[2],
              crown_prince_duels=[6]),
        entry("Bob", fate="slain"), entry("Cid", fate="exiled"))
    run_tasks(c, {"do": "court"})
    ann = c.nobles["Ann"]
    assert (ann.status, ann.wealth, ann.legions, ann.fleets["regular"]) == (
        2, 3, {"regular": 0, "elite": 0, "guard": 0}, 2)
    assert ann.xp == 7 * 2000 // 10 and ann.quests == 1 and ann.crown_support == 2
    assert c.year_data["duels"] == [{"challenger": "the Crown Prince", "defender": "Ann", "prince": 6}]
    assert not c.nobles["Bob"].alive and c.nobles["Cid"].exiled(c.reign) and not c.nobles["Cid"].may_attend(0)


def test_a_coup_replaces_the_emperor_and_ends_an_earlier_exile() -> None:
    c = campaign(["Ann"])
    c.year_data["banquet"] = banquet(entry("Ann", fate="exiled"), coup=True)
    run_tasks(c, {"do": "court"})
    assert c.reign == 1 and not c.nobles["Ann"].exiled(c.reign)


def test_the_ambassadors_province_or_an_upgrade_instead() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]}, sheets={"Ann": {"status": 3}})
    c.year_data["banquet"] = banquet(entry("Ann", presented=["ambassador", "ambassador"],
                                           counts={"provinces_to_add": 2}))
    run_tasks(c, {"do": "court"})
    assert c.year_data["positive"] == ["Ann"]
    assert c.pending is not None and c.pending.kind == "courtier" and option_words(c)[0] == ("take",)
    answer(c, "take")
    assert c.pending is not None and c.pending.kind == "gain"
    answer(c, "Orlu")
    assert c.pending is not None and c.pending.kind == "courtier"
    answer(c, "upgrade", "public_works", "Athak", "")
    assert realm(c, "Ann") == ["Athak", "Orlu"] and c.provinces["Athak"].has("public_works")
    assert pending(c) is None


def test_a_noble_without_provinces_takes_the_benefit_and_the_foreign_trader_needs_a_province() -> None:
    c = campaign(["Ann"])
    c.year_data["banquet"] = banquet(entry("Ann", counts={"production_bonuses": 1, "unit_upgrades": 1,
                                                          "sanctioned_duels": 1, "writs_of_battle": 1}))
    run_tasks(c, {"do": "court"})
    assert c.pending is not None and c.pending.kind == "castellan"
    answer(c, "fleets", "regular")
    assert c.nobles["Ann"].fleets == {"regular": 0, "elite": 1, "guard": 0}
    assert "Ann rules no province: the Foreign Trader moves on" in news(c)
    assert c.year_data["duels"] == [{"challenger": "Ann"}] and c.year_data["writs"] == ["Ann"]


def test_the_foreign_trader_adds_one_to_a_chosen_province() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak", "Orlu"]}, sheets={"Ann": {"status": 3}})
    run_tasks(c, {"do": "trader", "noble": "Ann"})
    answer(c, "Orlu")
    assert c.provinces["Orlu"].trader == 1


def test_writs_are_void_in_a_year_of_major_war() -> None:
    c = campaign(["Ann", "Bob"])
    c.year_data.update({"banquet": banquet(emperors=2), "writs": ["Ann"]})
    run_tasks(c, {"do": "feudal_wars"})
    assert pending(c) is None and "void" in news(c)[-1]
    c.year_data["banquet"]["feudal_wars"] = 1
    run_tasks(c, {"do": "feudal_wars"})
    assert c.pending is not None and c.pending.kind == "writ"


def test_the_chancellor_and_minister_and_master_general_each_year() -> None:
    c = campaign(["Ann", "Bob", "Cid"], sheets={
        "Ann": {"status": 10, "appointment": "chancellor_of_the_exchequer"},
        "Bob": {"status": 15, "appointment": "minister_of_state"},
        "Cid": {"status": 12, "appointment": "master_general"}})
    run_tasks(c, {"do": "appointments"})
    answer(c, "status")
    answer(c, "fleets")
    assert c.nobles["Ann"].wealth == 2 and c.nobles["Bob"].status == 16 and c.nobles["Cid"].fleets["regular"] == 2


def test_an_appointment_is_lost_below_its_minimum_status() -> None:
    c = campaign(["Ann"], sheets={"Ann": {"status": 9, "appointment": "chancellor_of_the_exchequer"}})
    run_tasks(c, {"do": "appointments"})
    assert c.nobles["Ann"].appointment == "" and c.nobles["Ann"].wealth == 1


def test_the_lord_chancellors_embezzlement_trial() -> None:
    sheets: dict[str, dict[str, Any]] = {
        "Ann": {"status": 8, "appointment": "lord_chancellor", "abilities": {"charisma": 15}},
        "Bob": {"abilities": {"charisma": 12}}}
    c = campaign(["Ann", "Bob"], [10, 10], sheets=sheets)      # Ann succeeds by 5, Bob by 2: convicted
    run_tasks(c, {"do": "appointments"})
    answer(c, "Bob")
    assert c.nobles["Bob"].wealth == 0 and c.nobles["Ann"].wealth == 2 and all_rolled(c)
    c = campaign(["Ann", "Bob"], [13, 10], sheets=sheets)      # both by 2: a tie acquits
    run_tasks(c, {"do": "appointments"})
    answer(c, "Bob")
    assert c.nobles["Bob"].wealth == 1 and "Bob is acquitted of embezzlement" in news(c)
    c = campaign(["Ann", "Bob"], [13, 10, 20, 1], sheets=sheets,
                 settings=CampaignSettings(lord_chancellor_tie="rerolls"))
    run_tasks(c, {"do": "appointments"})
    answer(c, "Bob")                                             # then Ann fails by 5, Bob succeeds by 11
    assert c.nobles["Bob"].wealth == 1 and all_rolled(c)
