"""Provinces: production, the Status limit, connectivity to the capital, war damage, Tax Gatherers."""

from __future__ import annotations

from campaign_helpers import all_rolled, answer, campaign, news, option_words, run_tasks

from magecraft.wizard_prince.campaign.provinces import gain, lose, may_gain, modifier, production, realm


def test_production_is_1d20_plus_modifiers_at_11_or_more() -> None:
    # map order: Athak +0 rolls 10, which does not produce; Great Velkar +2 rolls 9: 11 produces
    c = campaign(["Ann"], [10, 9], realms={"Ann": ["Great Velkar", "Athak"]}, sheets={"Ann": {"status": 5}})
    production(c)
    assert c.nobles["Ann"].wealth == 2 and all_rolled(c)


def test_war_damage_traders_and_public_works_change_the_roll() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]})
    p = c.provinces["Athak"]
    p.war_damage, p.trader = 2, 1
    p.upgrades["public_works"] = 0
    assert modifier(c, p) == 0 - 2 + 1 + 2


def test_losing_a_province_loses_those_cut_off_from_the_capital_and_their_upgrades() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Great Velkar", "Athak", "Ghostmoor"]}, sheets={"Ann": {"status": 5}})
    c.provinces["Ghostmoor"].upgrades["salon"] = 0
    c.settings = type(c.settings)(sea_links_connect=False)
    lose(c, "Athak", "a lost war", by_war=True)
    assert realm(c, "Ann") == ["Great Velkar"]
    assert c.provinces["Ghostmoor"].upgrades == {} and c.provinces["Athak"].war_damage == 1
    assert c.provinces["Ghostmoor"].war_damage == 0          # cut off, not taken by war
    assert "Ann loses Ghostmoor (cut off from the capital)" in news(c)


def test_sea_links_keep_a_chain_when_the_setting_allows() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Great Velkar", "Kulvor", "Orlu"]})
    lose(c, "Kulvor", "test")
    assert realm(c, "Ann") == ["Great Velkar", "Orlu"]   # Orlu borders Great Velkar anyway
    c = campaign(["Ann"], realms={"Ann": ["Ghostmoor", "Athak", "Kingdom of Rhiscontar", "Enlyor"]})
    lose(c, "Kingdom of Rhiscontar", "test")
    assert "Enlyor" in realm(c, "Ann")                 # over the Western Sea


def test_losing_the_capital_moves_it_to_the_largest_remaining_piece() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Pinehold", "Snowcrowns", "Great Velkar", "Kulvor"]})
    c.settings = type(c.settings)(sea_links_connect=False)
    lose(c, "Pinehold", "test")
    assert c.nobles["Ann"].capital == "Great Velkar"
    assert realm(c, "Ann") == ["Great Velkar", "Kulvor"]


def test_a_new_province_must_join_the_realm_unless_he_has_none() -> None:
    c = campaign(["Ann", "Bob"], realms={"Ann": ["Desert of Yndaka"], "Bob": ["Zoonura"]})
    c.settings = type(c.settings)(sea_links_connect=False)
    assert may_gain(c, "Ann") == ["Stahl"]
    assert len(may_gain(c, "Cid" if "Cid" in c.nobles else "Bob")) > 0
    gain(c, "Ann", "Stahl", "test", by_war=True)
    assert c.provinces["Stahl"].war_damage == 1 and c.provinces["Stahl"].gained == c.year


def test_a_noble_without_provinces_makes_his_first_one_his_capital() -> None:
    c = campaign(["Ann"])
    run_tasks(c, {"do": "gain", "noble": "Ann", "reason": "the Ambassador's treaty"})
    assert c.pending is not None and len(c.pending.options) == 21
    answer(c, "Kulvor")
    assert c.nobles["Ann"].capital == "Kulvor"


def test_more_provinces_than_status_are_given_up_by_choice() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Great Velkar", "Athak", "Orlu"]}, sheets={"Ann": {"status": 1}})
    run_tasks(c, {"do": "checks"})
    assert c.pending is not None and c.pending.kind == "give_up"
    assert option_words(c)[-1] == ("Great Velkar",)      # the capital is offered last
    answer(c, "Orlu")
    assert c.pending is not None and c.pending.kind == "give_up"
    answer(c, "Athak")
    assert realm(c, "Ann") == ["Great Velkar"] and c.pending is None


def test_negative_status_holds_no_province() -> None:
    c = campaign(["Ann"], realms={"Ann": ["Athak"]}, sheets={"Ann": {"status": -1}})
    run_tasks(c, {"do": "checks"})
    answer(c, "Athak")
    assert realm(c, "Ann") == []


def test_tax_gatherers_add_4_but_a_natural_2_rebels_unless_garrisoned() -> None:
    c = campaign(["Ann", "Bob"], [7, 2, 100], realms={"Ann": ["Athak", "Orlu"]}, sheets={"Ann": {"status": 5}})
    c.provinces["Athak"].upgrades["tax_gatherers"] = 0
    c.provinces["Orlu"].upgrades["tax_gatherers"] = 0
    production(c)          # Athak 7+4 = 11: one Wealth; Orlu natural 2: rebels, 100 > 40: no protector
    assert c.nobles["Ann"].wealth == 2 and realm(c, "Ann") == ["Athak"] and all_rolled(c)
    assert c.provinces["Orlu"].upgrades == {}     # no one took it under his protection: destroyed (WC5)
    c = campaign(["Ann"], [2], realms={"Ann": ["Athak"]})
    c.provinces["Athak"].upgrades["tax_gatherers"] = 0
    c.provinces["Athak"].garrisons.append("legions")
    production(c)
    assert realm(c, "Ann") == ["Athak"]


def test_a_rebel_province_may_beseech_a_noble_who_takes_it_with_its_upgrades() -> None:
    c = campaign(["Ann", "Bob"], [1, 40, 1], realms={"Ann": ["Athak"]})
    c.provinces["Athak"].upgrades.update({"tax_gatherers": 0, "salon": 0})
    c.tasks, c.pending = [], None
    production(c)
    assert c.tasks == [{"do": "beseech", "noble": "Bob", "province": "Athak"}]
    c.run()
    answer(c, "accept")
    assert realm(c, "Bob") == ["Athak"] and c.provinces["Athak"].has("salon")
