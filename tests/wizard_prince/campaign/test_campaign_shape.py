"""The campaign year in the one shape of every game (issue 22): typed answers and their words, the GM's
entries, what each seat sees, positions in the rule book's words, scenario files and --scenario."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.bots import play_out
from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, load_scenario_text, run_scenario
from magecraft.games import registry
from magecraft.wizard_prince.campaign.answers import Reply, TreasuryBoost
from magecraft.wizard_prince.campaign.position import CampaignPosition
from magecraft.wizard_prince.campaign.tasks import GM, Boost, Question, Record

SCENARIOS = sorted((Path(__file__).parents[3] / "docs" / "scenarios").glob("wizard-prince-campaign-*.toml"))
TWO = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_each_campaign_scenario_plays_as_written(path: Path):
    assert run_scenario(load_scenario(path), registry()).failure is None


def test_a_wrong_expectation_is_reported():
    path = next(p for p in SCENARIOS if p.stem.endswith("master-general"))
    text = path.read_text(encoding="utf-8").replace('"state.nobles.0.fleets.regular" = 2',
                                                    '"state.nobles.0.fleets.regular" = 3')
    failure = run_scenario(load_scenario_text(text, "wrong.toml"), registry()).failure
    assert failure == "expected state.nobles.0.fleets.regular = 3, found 2"


@pytest.mark.parametrize(("setup", "why"), [
    ({"nobles": [{"name": "Ann", "status": 11, "appointment": "master_general"}]},
     "cannot hold the office of Master General of the Empire with Status 11: it needs 12"),
    ({"nobles": [{"name": "Ann", "appointment": "master_general_of_the_empire"}]},
         "unknown appointment 'master_general_of_the_empire'"),
    ({"nobles": TWO, "realms": {"Ann": ["Atlantis"]}}, "'Atlantis' is not a province"),
    ({"nobles": TWO, "realms": {"Ann": ["Enlyor"], "Bob": ["Enlyor"]}}, "ruled by both Ann and Bob"),
    ({"nobles": TWO, "realms": {"Cid": ["Enlyor"]}}, "'Cid' rules provinces but is not a noble"),
    ({"nobles": TWO, "realms": {"Ann": ["Enlyor"]}, "upgrades": {"Enlyor": ["moat"]}}, "no upgrade 'moat'"),
    ({"nobles": TWO, "upgrades": {"Enlyor": ["salon"]}}, "'Enlyor' is not one"),
    ({"nobles": [{"name": "Ann", "npc": True}]}, "at least one player noble"),
    ({"nobles": TWO, "turn": 3}, "unknown key 'turn'"),
])
def test_an_impossible_campaign_position_is_refused_saying_why(setup: dict, why: str):
    with pytest.raises(DataError) as refused:
        CampaignPosition.from_mapping(setup).campaign(Randomness.seeded(1))
    assert why in str(refused.value)


def test_answers_are_typed_and_spoken_and_the_gm_may_enter_more():
    c = CampaignPosition.from_mapping({"nobles": TWO}).campaign(Randomness.seeded(1))
    assert c.decision_kind() is Question.BEGIN and c.current_player() == GM
    assert c.parse_action(" BEGIN ") is Reply.BEGIN
    assert repr(Reply.BEGIN) == "Reply.BEGIN"
    c.push_text("begin")
    c.push_text("bots")
    while c.decision_kind() is not Question.ADVENTURE:
        c.apply(c.legal_actions()[0])
    record = c.parse_action("record Ann:wealth:+1:a dragon's hoard")
    assert record == Record("Ann", "wealth", 1, "a dragon's hoard")
    assert c.parse_action(c.action_text(record)) == record
    with pytest.raises(RuleError, match="NOBLE:WHAT:AMOUNT:REASON"):
        c.parse_action("record Ann:wealth")


def test_a_boost_at_any_time_is_spoken_and_read_back_and_the_treasurys_own_stays_its_answer():
    nobles = [{"name": "Lord Vax", "wealth": 2}, {"name": "Bob", "wealth": 0}]
    c = CampaignPosition.from_mapping({"nobles": nobles}).campaign(Randomness.seeded(1))
    boost = Boost("Lord Vax", "status")
    assert c.action_text(boost) == "boost Lord Vax status"
    assert c.parse_action(c.action_text(boost)) == boost
    with pytest.raises(RuleError, match="not 'wealth'"):
        c.parse_action("boost Lord Vax wealth")
    with pytest.raises(RuleError, match="no Wealth level"):
        c.parse_action("boost Bob legions")
    c.push_text("BOOST Lord Vax  status")                           # while the GM's "begin" waits
    assert c.nobles["Lord Vax"].boosts["status"] == 1 and c.nobles["Lord Vax"].wealth == 1
    assert c.decision_kind() is Question.BEGIN
    c.push_text("begin")
    c.push_text("bots")
    while c.decision_kind() is not Question.SPEND:
        c.apply(c.legal_actions()[0])
    assert c.parse_action("boost status") == TreasuryBoost("status")  # the treasury's own answer


def test_a_noble_sees_the_enemy_host_only_when_he_found_it_out():
    c = CampaignPosition.from_mapping({"nobles": TWO}).campaign(Randomness.seeded(1))
    c.year_data["war"] = {"sides": {"a": {"name": "the barbarian horde", "host": {"legions": {"regular": 9}},
                                          "chief": {"generalship": 4}}}}
    c.year_data["war_secret"] = {"a_strength": {"known_to": ["Ann"], "value": {"legions": {"regular": 9}}}}
    ann, bob, gm = (json.dumps(c.observation(seat)) for seat in ("Ann", "Bob", GM))
    assert '"regular": 9' in ann and '"regular": 9' not in bob and '"generalship": 4' in gm
    assert '"generalship": 4' not in ann


def test_the_gm_answers_for_the_npc_nobles_by_their_rules():
    game_type = registry().get("wizard-prince-campaign")
    c = game_type.new_game(Randomness.seeded(2), {"npcs": 2})
    assert c.seats() == (GM, "Ann", "Bob")
    assert game_type.bots_for(c) == {GM: "npc", "Ann": "random", "Bob": "random"}


def test_a_campaign_starts_from_a_scenario(capsys, tmp_path: Path):
    path = next(p for p in SCENARIOS if p.stem.endswith("master-general"))
    db = str(tmp_path / "saves.db")
    assert main(["wizard-prince", "campaign", "new", "court", "--scenario", str(path), "--db", db, "--json"]) == 0
    started = json.loads(capsys.readouterr().out)
    assert started["year"] == 4 and started["nobles"]["Ann"]["appointment"] == "master_general"
    assert main(["wizard-prince", "campaign", "new", "c2", "--scenario", str(path), "--db", db, "--npc", "2"]) == 2


def test_a_campaign_of_one_year_ends_after_it():
    game_type = registry().get("wizard-prince-campaign")
    c = game_type.new_game(Randomness.seeded(4), {"years": 1})
    play_out(c, {seat: game_type.bot("heuristic", Randomness.seeded(1)) for seat in c.seats()})
    assert (c.year, c.over) == (1, "the GM ends the campaign after 1 year")
