"""The campaign as a game state: the year's order, the banquet entered or played, adventures, standing,
saves, refusals, random play, and a seeded 30-year campaign."""

from __future__ import annotations

from typing import Any

import pytest
from campaign_helpers import answer, campaign, news, refused, run_tasks
from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.campaign.answers import Question, Reply, Target
from magecraft.wizard_prince.campaign.bots import CampaignBot, run_year
from magecraft.wizard_prince.campaign.court import attendees
from magecraft.wizard_prince.campaign.nobles import CampaignNoble
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import Decision, EnterBanquet, Record
from magecraft.wizard_prince.campaign.year import YEAR, Campaign

CAMPAIGN_BEGIN = Decision(Question.BEGIN, "GM", (Reply.BEGIN,), "Begin?", "How the Campaign Works")
PEACE = {"emperors": 1, "nobles": [], "coup": False, "barbarian_invasion": False, "feudal_wars": 0}


def test_a_year_runs_in_the_rule_books_order() -> None:
    c = campaign(["Ann"])
    answer(c, "begin")
    assert c.pending is not None and c.pending.kind == "banquet" and c.pending.player == "GM"
    assert [t["do"] for t in c.tasks] == list(YEAR[2:])
    assert YEAR.index("duels") < YEAR.index("major_war") < YEAR.index("feudal_wars") < YEAR.index("production")
    assert YEAR.index("adventure") < YEAR.index("checks") < YEAR.index("end_year")


def test_the_gm_enters_the_banquets_result() -> None:
    c = campaign(["Ann", "Bob"], [15], realms={"Ann": ["Athak"]})
    answer(c, "begin")
    refused(c, EnterBanquet({**PEACE, "nobles": [{"name": "Zed"}]}), "'Zed' did not attend")
    refused(c, EnterBanquet({**PEACE, "emperors": 3}), "emperors is 0, 1 or 2")
    result = {**PEACE, "nobles": [{"name": "Ann", "fate": "presented", "presented": ["dwarf_mine_master"],
                                   "changes": {"wealth": 1}, "counts": {}}]}
    c.apply(EnterBanquet(result))
    assert c.nobles["Ann"].wealth == 2                # the Dwarf Mine Master
    assert c.pending is not None and c.pending.kind == "courtier"    # or an upgrade instead (WC6)
    answer(c, "take")
    assert c.pending is not None and c.pending.kind == "spend" and c.pending.player == "Ann"
    answer(c, "done")
    answer(c, "done")                                 # Bob's treasury
    assert c.pending is not None and c.pending.kind == "adventure"
    assert c.nobles["Ann"].wealth == 3                # Athak's production: 15


def test_adventures_are_recorded_with_a_reason() -> None:
    c = campaign(["Ann"])
    c.nobles["Ann"].quests = 1
    run_tasks(c, {"do": "adventure"})
    refused(c, Record("Ann", "wealth", 1, ""), "needs a reason")
    refused(c, Record("Ann", "dragons", 1, "x"), "not something an adventure records")
    refused(c, Record("Ann", "legions", -2, "ambush"), "has only 1 regular legions")
    c.apply(Record("Ann", "legions", 2, "lost super-warriors", "guard"))
    c.apply(Record("Ann", "item", 1, "the tomb of Xend", "ring of invisibility"))
    c.apply(Record("Ann", "quest_done", 0, "the Hierophant's box delivered"))
    c.apply(Record("Ann", "gold", 250_000, "a dragon's hoard"))
    ann = c.nobles["Ann"]
    assert ann.legions["guard"] == 2 and ann.items == ["ring of invisibility"] and ann.quests == 0
    assert ann.gold == 250_000 and "Adventure: Ann: gold +250000 (a dragon's hoard)" in news(c)
    answer(c, "done")
    refused(c, Record("Ann", "wealth", 1, "late"), "nothing is asked now")
    c.pending = CAMPAIGN_BEGIN
    refused(c, Record("Ann", "wealth", 1, "late"), "adventure slot")


def test_standing_and_a_one_time_sponsorship() -> None:
    nobody = {"status": 0, "wealth": 0, "legions": {"regular": 0, "elite": 0, "guard": 0},
              "fleets": {"regular": 0, "elite": 0, "guard": 0}}
    c = campaign(["Ann", "Bob"], sheets={"Bob": nobody})
    assert attendees(c) == ["Ann"]
    c.nobles["Bob"].sponsored = True
    assert attendees(c) == ["Ann", "Bob"]
    c.year_data["banquet"] = {**PEACE, "nobles": [{"name": "Bob", "fate": "stayed to the end", "presented": [],
                                                  "changes": {s: 0 for s in ("status", "wealth", "legions",
                                                                             "fleets")}, "counts": {},
                                                  "crown_prince_duels": [], "crown_prince_support": [],
                                                  "appointment": ""}]}
    run_tasks(c, {"do": "court"})
    assert attendees(c) == ["Ann"]                 # he secured nothing: his year at the banquet is over
    c.nobles["Bob"].status = -3
    c.nobles["Bob"].wealth = 1
    assert attendees(c) == ["Ann", "Bob"]          # any one of the four at 1+ is standing


def test_illegal_actions_change_nothing() -> None:
    c = campaign(["Ann"])
    refused(c, Reply.BOTS, "not an answer")
    refused(c, EnterBanquet(PEACE), "when the banquet is held")
    c.over = "Ann is Emperor"
    refused(c, Reply.BEGIN, "the campaign is over")


def test_a_campaign_round_trips_mid_year_and_plays_on_identically() -> None:
    c = Campaign.new(["Ann", "Bob"], Randomness.seeded(7), npcs=2,
                     settings=CampaignSettings(tumultuous_empire=True))
    bot = CampaignBot()
    run_year(c, bot)
    answer(c, "begin")
    answer(c, "bots")
    saved = c.to_dict()
    copy = Campaign.from_dict(saved)
    assert copy.to_dict() == saved
    for state in (c, copy):
        while state.pending is not None and state.pending.kind != "begin":
            state.apply(bot.choose(state, state.pending.player))
    assert copy.to_dict() == c.to_dict()


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("nobles"),
    lambda d: d["tasks"].append({"do": "conquer the world"}),
    lambda d: d["provinces"].pop(),
    lambda d: d["settings"].update(battle_resolver="coin"),
])
def test_a_malformed_saved_campaign_is_refused(damage: Any) -> None:
    saved = campaign(["Ann"]).to_dict()
    damage(saved)
    with pytest.raises(DataError):
        Campaign.from_dict(saved)


def test_each_noble_sees_only_the_war_intelligence_he_found_out() -> None:
    c = campaign(["Ann", "Bob"])
    c.year_data["war_secret"] = {"b_strength": {"known_to": ["Ann"], "value": {"legions": 3}}}
    assert c.observation("Ann")["year_data"]["war_secret"] == {"b_strength": {"known_to": ["Ann"],
                                                                              "value": {"legions": 3}}}
    assert c.observation("Bob")["year_data"]["war_secret"] == {}
    assert "rng" not in c.observation("Bob")


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), data=st.data())
def test_random_legal_and_illegal_actions(seed: int, data: st.DataObject) -> None:
    """Every offered answer is accepted; anything else is refused and changes nothing; saves round-trip."""
    c = Campaign.new([CampaignNoble("Ann", status=4), "Bob"], Randomness.seeded(seed), npcs=2,
                     settings=CampaignSettings(tumultuous_empire=True))
    for _ in range(60):
        if c.is_terminal() or c.year >= 2:
            break
        actions = c.legal_actions()
        bogus = Target(f"nonsense {data.draw(st.integers(0, 9))}")
        refused(c, bogus, "not an answer")
        if c.pending is not None and c.pending.kind == "adventure":
            dead = [n for n in c.nobles if not c.nobles[n].alive]
            if dead:
                refused(c, Record(dead[0], "wealth", 1, "random"), "is dead")
            c.apply(Record(c.living()[0], "wealth", data.draw(st.integers(0, 2)), "random"))
        c.apply(actions[data.draw(st.integers(0, len(actions) - 1))])
        assert Campaign.from_dict(c.to_dict()).to_dict() == c.to_dict()


def chronicle(seed: int) -> str:
    c = Campaign.new(["Ann", "Bob", "Cid"], Randomness.seeded(seed), npcs=3,
                     settings=CampaignSettings(tumultuous_empire=True))
    while c.year < 30 and not c.is_terminal():
        run_year(c)
    assert c.year == 30 or c.is_terminal()
    return "\n".join(f"{e['year']}: {e['text']}" for e in c.chronicle)


def test_a_seeded_30_year_bot_campaign_tells_the_same_chronicle_twice() -> None:
    first = chronicle(2026)
    assert first == chronicle(2026)
    assert "Year 1 begins" in first and "The Imperial Banquet is played" in first


def test_everyone_of_standing_attends_past_eight() -> None:
    npcs = {f"N{i}": {"npc": True, "status": i} for i in range(1, 8)}
    c = campaign(["Ann", "Bob", "Cid", *npcs], sheets=npcs)
    assert attendees(c) == ["Ann", "Bob", "Cid", "N1", "N2", "N3", "N4", "N5", "N6", "N7"]
