"""NPC nobles outside the banquet, and the Tumultuous Empire."""

from __future__ import annotations

from campaign_helpers import all_rolled, answer, campaign, news, pending, run_tasks

from magecraft.wizard_prince.campaign.npc import npc_targets
from magecraft.wizard_prince.campaign.provinces import modifier
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tumult import assassinate, ongoing, plague_year

TUMULT = CampaignSettings(tumultuous_empire=True)


def test_the_npcs_yearly_2d6() -> None:
    c = campaign(["Ann", "Nemo", "Odo", "Pim"], [1, 1, 1, 2, 2, 3], sheets={n: {"npc": True}
                                                                         for n in ("Nemo", "Odo", "Pim")})
    run_tasks(c, {"do": "npc_rolls"})
    assert not c.nobles["Nemo"].alive and c.nobles["Odo"].level == 8 and c.nobles["Pim"].magic_items == 1
    assert all_rolled(c)


def test_a_6_raises_a_commoner_to_the_peerage() -> None:
    # 2d6 = 6, then the new noble: abilities 3d6 x 6, alignment, level 1d6+6, items, 4 statistics, 7 hit dice
    rolled_up = [3] * 18 + [1, 1, 1] + [2, 2, 2, 3] + [1] * 7
    c = campaign(["Ann", "Nemo"], [3, 3, *rolled_up], sheets={"Nemo": {"npc": True}})
    run_tasks(c, {"do": "npc_rolls"})
    made = c.nobles["NPC Noble 1"]
    assert made.npc and made.level == 7 and (made.status, made.wealth, made.legions["regular"]) == (2, 2, 2)
    assert made.fleets["regular"] == 3 and all_rolled(c)


def test_an_npc_attacks_the_weakest_weaker_bordering_player_else_one_at_random() -> None:
    c = campaign(["Ann", "Bob", "Cid", "Nemo"], [2, 3], realms={"Nemo": ["Great Velkar"], "Ann": ["Athak"],
                                                           "Bob": ["Orlu"], "Cid": ["Snowcrowns"]},
                 sheets={"Nemo": {"npc": True, "legions": {"regular": 5, "elite": 0, "guard": 0}},
                         "Ann": {"legions": {"regular": 2, "elite": 0, "guard": 0}}})
    assert npc_targets(c, "Nemo") == ["Bob"]         # Bob (2) is weaker than Ann (3); Cid does not border
    c.nobles["Nemo"].legions["regular"] = 1
    assert npc_targets(c, "Nemo") == ["Bob"]         # as strong as Bob is not stronger: a random pick (2 of 3)
    c.nobles["Nemo"].legions["regular"] = 0
    assert npc_targets(c, "Nemo") == ["Cid"]         # no one weaker: a random player (3 of 3)
    assert all_rolled(c)


def test_an_event_comes_on_5_or_6() -> None:
    c = campaign(["Ann"], [4], settings=TUMULT)
    run_tasks(c, {"do": "tumult"})
    assert all_rolled(c) and c.tasks == []
    c = campaign(["Ann"], [5, 3, 7, 6], settings=TUMULT)     # event 3: plague in the 7th province, ends on 6
    run_tasks(c, {"do": "tumult"})
    assert "Plague and famine break out in Enlyor" in news(c) and not c.provinces["Enlyor"].plague
    assert all_rolled(c)


def test_no_events_without_the_optional_rule() -> None:
    c = campaign(["Ann"])
    run_tasks(c, {"do": "tumult"})
    assert all_rolled(c)


def test_brigands_pillage_then_stay_on_1_2_or_move_by_land() -> None:
    c = campaign(["Ann"], [2, 3, 2], settings=TUMULT)
    c.hordes.append({"kind": "brigands", "province": "Desert of Yndaka", "units": 3})
    assert modifier(c, c.provinces["Desert of Yndaka"]) == -3
    ongoing(c)                                   # 2: they stay
    assert c.hordes[0]["province"] == "Desert of Yndaka"
    ongoing(c)                                   # 3: they go, to the 2nd of Stahl, Zoonura
    assert c.hordes[0]["province"] == "Zoonura" and all_rolled(c)


def test_pirates_move_only_along_the_coast() -> None:
    c = campaign(["Ann"], [6, 1], settings=TUMULT)
    c.hordes.append({"kind": "pirates", "province": "Stahl", "units": 2})
    ongoing(c)
    assert c.hordes[0]["province"] == "Desert of Yndaka"      # Stahl's sea: Desert of Yndaka, Peaks of Kur


def test_a_ruler_must_fight_a_horde_in_his_province() -> None:
    c = campaign(["Ann"], [1, 4, 2, 3], realms={"Ann": ["Zoonura"]}, settings=TUMULT,
                 sheets={"Ann": {"legions": {"regular": 4, "elite": 0, "guard": 0}}})
    c.hordes.append({"kind": "brigands", "province": "Zoonura", "units": 3})
    c.pending = None
    ongoing(c)                                   # 1: they stay; Ann 4 x 4 = 16 beats 3 x 2 = 6
    c.run()
    assert c.hordes == [] and c.nobles["Ann"].legions["regular"] == 3     # 15% of 4 rounds to 1
    assert all_rolled(c)


def test_plague_rolls_per_upgrade_until_a_6() -> None:
    c = campaign(["Ann"], [1, 6], realms={"Ann": ["Athak"]})
    c.provinces["Athak"].upgrades.update({"salon": 0, "university": 0, "watchtowers": 0})
    c.provinces["Athak"].plague = True
    plague_year(c, "Athak")
    # the salon's 1 loses it; the university's 6 ends the plague before the watchtowers roll
    assert c.provinces["Athak"].upgrades == {"university": 0, "watchtowers": 0}
    assert not c.provinces["Athak"].plague and all_rolled(c)


def test_servants_of_chaos_make_a_wasteland_that_spawns_hordes() -> None:
    c = campaign(["Ann"], [4, 2, 5], settings=CampaignSettings(tumultuous_empire=True, wasteland_at=-2))
    c.provinces["Athak"].chaos = 1
    c.provinces["Ghostmoor"].chaos = 2
    c.provinces["Ghostmoor"].wasteland = True
    ongoing(c)       # Athak: chaos 2, 0 - 2 reaches -2, a wasteland; inland, so brigands (1d6 = 4)
    assert c.provinces["Athak"].wasteland    # Ghostmoor, on the sea: 1d2 = 2 pirates (1d6 = 5)
    assert c.hordes == [{"kind": "brigands", "province": "Athak", "units": 4},
                        {"kind": "pirates", "province": "Ghostmoor", "units": 5}] and all_rolled(c)


def test_dacoits_and_the_syndicate() -> None:
    c = campaign(["Ann"], [1, 1], realms={"Ann": ["Athak"]})
    c.provinces["Athak"].upgrades["syndicate"] = 0
    assert not assassinate(c, "Ann", 5, "Dacoits", "x")            # failed save, but the syndicate halves it
    assert c.nobles["Ann"].alive
    c = campaign(["Ann"], [1])
    assert assassinate(c, "Ann", 5, "Dacoits", "x") and not c.nobles["Ann"].alive


def test_a_pasquinade_costs_wealth_or_status_and_salons_help_the_save() -> None:
    c = campaign(["Ann"])
    run_tasks(c, {"do": "pasquinade", "noble": "Ann"})
    answer(c, "wealth")
    assert c.nobles["Ann"].wealth == 0
    run_tasks(c, {"do": "pasquinade", "noble": "Ann"})
    assert pending(c) is None and c.nobles["Ann"].status == 0      # no Wealth left: Status
    for roll, saved in ((6, True), (5, False)):
        c = campaign(["Ann"], [roll], realms={"Ann": ["Athak", "Orlu"]}, sheets={"Ann": {"status": 3}})
        c.provinces["Athak"].upgrades["salon"] = 0
        c.provinces["Orlu"].upgrades["salon"] = 0
        assert c.nobles["Ann"].banquet_noble().save_targets["death_poison"] == 8   # a level 7 fighter
        run_tasks(c, {"do": "pasquinade", "noble": "Ann"})        # the roll + 1 per salon against 8
        assert (pending(c) is None) == saved and all_rolled(c)


def test_servants_of_chaos_arrive_with_the_dungeon_level_that_ends_them() -> None:
    c = campaign(["Ann"], [6, 6, 1, 3, 4], settings=TUMULT)   # an event, 6: Servants of Chaos, Athak, 2d4 = 7
    run_tasks(c, {"do": "tumult"})
    assert c.provinces["Athak"].chaos == 1 and modifier(c, c.provinces["Athak"]) == -1
    assert "level 7 dungeon" in news(c)[-1] and all_rolled(c)


def test_the_pasquinade_event_lampoons_a_random_player_noble() -> None:
    c = campaign(["Ann", "Bob"], [6, 5, 2], settings=TUMULT)     # an event, 5: Pasquinade, Bob (2 of 2)
    run_tasks(c, {"do": "tumult"})
    assert news(c)[-1] == "A Pasquinade: an insulting play lampoons Bob"
    assert c.pending is not None and c.pending.kind == "pasquinade" and c.pending.player == "Bob"
    answer(c, "status")
    assert c.nobles["Bob"].status == 0 and all_rolled(c)


def test_the_dacoits_send_a_level_1d8_assassin() -> None:
    c = campaign(["Ann"], [5, 4, 3, 20], settings=TUMULT)        # an event, 4: Dacoits, level 3, saved on 20
    run_tasks(c, {"do": "tumult"})
    assert news(c)[-2:] == ["Dacoits (a level 3 assassin) strike at Ann", "Ann survives the assassin"]
    assert c.nobles["Ann"].alive and all_rolled(c)
