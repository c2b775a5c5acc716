"""Province upgrades and their yearly rolls; spending and converting Wealth."""

from __future__ import annotations

import pytest
from campaign_helpers import answer, campaign, news, refused, run_tasks

from magecraft.core.errors import RuleError
from magecraft.wizard_prince.campaign.answers import Reply, Upgrade
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import Record
from magecraft.wizard_prince.campaign.upgrades import build, upgrade_choices, yearly_rolls
from magecraft.wizard_prince.campaign.wealth import sale_price, treasury_options


def test_each_upgrade_once_per_province_but_the_garrison_and_not_in_a_province_gained_this_year() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak", "Orlu"]}, sheets={"Ann": {"status": 5}})
    c.provinces["Orlu"].gained = c.year
    build(c, "Ann", Upgrade("salon", "Athak", ""), "a Wealth point")
    build(c, "Ann", Upgrade("garrison", "Athak", "legions"), "a Wealth point")
    choices = upgrade_choices(c, "Ann")
    assert Upgrade("salon", "Athak") not in choices and Upgrade("garrison", "Athak", "fleets") in choices
    assert all(u.province == "Athak" for u in choices)
    build(c, "Ann", Upgrade("garrison", "Athak", "legions"), "a Wealth point")
    assert c.provinces["Athak"].garrisons == ["legions", "legions"]
    with pytest.raises(RuleError):
        build(c, "Ann", Upgrade("salon", "Athak", ""), "a Wealth point")


def test_raze_removes_the_upgrades_and_temples_go_to_one_god() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak", "Orlu"]})
    assert Upgrade("raze", "Athak") not in upgrade_choices(c, "Ann")
    build(c, "Ann", Upgrade("grand_temple", "Athak", "prosperity"), "a courtier")
    assert [u.detail for u in upgrade_choices(c, "Ann") if u.upgrade == "grand_temple"] == ["prosperity"]
    build(c, "Ann", Upgrade("raze", "Athak", ""), "a courtier")
    assert c.provinces["Athak"].upgrades == {}


def test_the_tradesmans_guild_rolls_per_wealth_point_from_the_year_after_it_is_built() -> None:
    c = campaign(["Ann"], [20, 5, 20], realms={"Ann": ["Athak"]}, sheets={"Ann": {"wealth": 3}})
    c.provinces["Athak"].upgrades["tradesmans_guild"] = 0
    yearly_rolls(c)                      # built in year 0, this is still year 0: no rolls
    assert c.nobles["Ann"].wealth == 3
    c.year = 1
    yearly_rolls(c)
    assert c.nobles["Ann"].wealth == 5


def test_a_salon_20_raises_status_and_the_mercenaries_guild_raises_grades() -> None:
    c = campaign(["Ann"], [20, 20, 1, 20], realms={"Ann": ["Athak"]},
                 sheets={"Ann": {"legions": {"regular": 0, "elite": 2, "guard": 0}}})
    c.provinces["Athak"].upgrades.update({"salon": 0, "mercenaries_guild": 0})
    c.year = 1
    yearly_rolls(c)
    ann = c.nobles["Ann"]
    assert ann.status == 2 and ann.legions == {"regular": 0, "elite": 1, "guard": 1}
    assert ann.fleets == {"regular": 0, "elite": 1, "guard": 0}


def test_a_prosperity_temple_gives_wealth_on_25_percent() -> None:
    c = campaign(["Ann"], [25], realms={"Ann": ["Athak"]})
    build(c, "Ann", Upgrade("grand_temple", "Athak", "prosperity"), "a courtier")
    yearly_rolls(c)
    assert c.nobles["Ann"].wealth == 2


def test_public_works_and_tax_gatherers_add_to_production() -> None:
    from magecraft.wizard_prince.campaign.provinces import modifier
    c = campaign(["Ann"], realms={"Ann": ["Athak"]})
    build(c, "Ann", Upgrade("public_works", "Athak", ""), "a courtier")
    build(c, "Ann", Upgrade("tax_gatherers", "Athak", ""), "a courtier")
    assert modifier(c, c.provinces["Athak"]) == 6


def test_wealth_buys_upgrades_only_in_a_year_a_positive_courtier_was_presented() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]})
    assert not any(isinstance(o, Upgrade) for o in treasury_options(c, "Ann"))
    c.year_data["positive"] = ["Ann"]
    assert Upgrade("salon", "Athak") in treasury_options(c, "Ann")
    c = campaign(["Ann"], realms={"Ann": ["Athak"]},
                 settings=CampaignSettings(wealth_upgrades_need_courtier=False))
    assert Upgrade("salon", "Athak") in treasury_options(c, "Ann")


def test_a_wealth_boost_lasts_one_year() -> None:
    c = campaign(["Ann"], sheets={"Ann": {"wealth": 2}})
    run_tasks(c, {"do": "spend", "noble": "Ann"})
    answer(c, "boost", "legions")
    answer(c, "boost", "status")
    assert c.nobles["Ann"].wealth == 0 and c.nobles["Ann"].total("legions") == 2
    assert c.nobles["Ann"].effective_status == 2
    run_tasks(c, {"do": "end_year"})
    assert c.nobles["Ann"].total("legions") == 1 and c.nobles["Ann"].effective_status == 1


def test_wealth_and_gold_convert_at_100000_and_75000_or_100000_with_a_guild() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]}, sheets={"Ann": {"wealth": 2}})
    assert sale_price(c, "Ann") == 75_000
    c.provinces["Athak"].upgrades["tradesmans_guild"] = 0
    assert sale_price(c, "Ann") == 100_000
    run_tasks(c, {"do": "spend", "noble": "Ann"})
    answer(c, "sell")
    assert c.nobles["Ann"].gold == 100_000 and c.nobles["Ann"].wealth == 1
    answer(c, "buy")
    assert c.nobles["Ann"].gold == 0 and c.nobles["Ann"].wealth == 2
    assert Reply.BUY not in treasury_options(c, "Ann")


def test_only_a_20_on_the_salons_roll_raises_status() -> None:
    c = campaign(["Ann"], [19], realms={"Ann": ["Athak"]})
    c.provinces["Athak"].upgrades["salon"] = 0
    yearly_rolls(c)
    assert c.nobles["Ann"].status == 1 and c.rng.source.remaining == 0  # type: ignore[attr-defined]


def test_a_university_gives_two_spells_up_to_seventh_level_or_queries_a_year() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak", "Orlu"]})
    run_tasks(c, {"do": "adventure"})
    refused(c, Record("Ann", "sage_query", 0, "the Emperor's health", "will he live?"), "no free University")
    c.provinces["Athak"].upgrades = {"university": 0}
    refused(c, Record("Ann", "university_spell", 8, "a wish", "mass charm"), "up to level 7")
    refused(c, Record("Ann", "university_spell", 3, "no spell named"), "name the spell")
    c.apply(Record("Ann", "university_spell", 7, "scry the usurper", "limited wish"))
    c.apply(Record("Ann", "sage_query", 0, "the usurper's allies", "who backs him?"))
    refused(c, Record("Ann", "sage_query", 0, "one more", "and his gold?"), "no free University spell or query")
    assert "Adventure: Ann: university_spell +7 limited wish (scry the usurper)" in news(c)
    c.provinces["Orlu"].upgrades = {"university": 0}          # each University gives two
    c.apply(Record("Ann", "sage_query", 0, "one more", "and his gold?"))
    c.apply(Record("Ann", "university_spell", 1, "a light", "light"))
    refused(c, Record("Ann", "university_spell", 1, "again", "light"), "no free University")


def test_a_grand_temple_gives_two_cleric_spells_of_any_level_a_year_and_they_lapse() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]})
    c.provinces["Athak"].upgrades = {"grand_temple": 0}
    run_tasks(c, {"do": "adventure"})
    refused(c, Record("Ann", "university_spell", 1, "no university", "light"), "no free University")
    c.apply(Record("Ann", "temple_spell", 9, "the god's answer", "gate"))
    c.apply(Record("Ann", "temple_spell", 7, "raise the heir", "resurrection"))
    refused(c, Record("Ann", "temple_spell", 1, "third", "bless"), "no free Grand Temple")
    c.begin_year()                                           # a new year: two more
    run_tasks(c, {"do": "adventure"})
    c.apply(Record("Ann", "temple_spell", 1, "next year", "bless"))
