"""The quick duel in the one shape (issue 22): words for actions, positions, scenarios, bots and what each sees."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, load_scenario_text, run_scenario
from magecraft.games import registry
from magecraft.mtg_rpg.duel_actions import DuelStep, GoFirst, Play, Respond, Use
from magecraft.mtg_rpg.duel_game_type import DUEL, plant_secret
from magecraft.mtg_rpg.duel_player import SimplePlayer
from magecraft.mtg_rpg.duel_position import DuelPosition

SCENARIOS = sorted((Path(__file__).parents[2] / "docs" / "scenarios").glob("mtg-rpg-duel-*.toml"))


def position(**changes):
    raw = {"kind": "three-card", "wizards": [
        {"name": "Sarin", "hand": ["Lava Axe", "Shock"], "plays_left": 3},
        {"name": "Mord", "hand": ["Rewind", "Grizzly Bears"], "plays_left": 3}]}
    return DuelPosition.from_mapping({**raw, **changes})


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_duel_scenario_plays_as_written(path):
    outcome = run_scenario(load_scenario(path), registry())
    assert outcome.failure is None


def test_a_wrong_expectation_is_reported():
    path = next(p for p in SCENARIOS if "least-life" in p.name)
    text = path.read_text(encoding="utf-8").replace('"result.winner" = "Sarin"', '"result.winner" = "Mord"')
    outcome = run_scenario(load_scenario_text(text, "wrong.toml"), registry())
    assert outcome.failure == "expected result.winner = 'Mord', found 'Sarin'"


def test_actions_print_as_words_and_read_back():
    duel = position().start(Randomness.scripted([]))
    assert [duel.action_text(a) for a in duel.legal_actions()] == ["play Lava Axe", "play Shock", "yield"]
    assert duel.parse_action("PLAY   lava axe") == Play("Lava Axe")
    assert duel.parse_action("play:Shock") == Play("Shock")  # the older spelling
    assert repr(Play("Shock", at="Mord")) == "Play(card='Shock', at='Mord')"


def test_a_well_said_illegal_action_is_refused_with_its_rule_and_changes_nothing():
    duel = position().start(Randomness.scripted([]))
    before = json.dumps(duel.to_dict())
    with pytest.raises(RuleError, match="not in the hand"):
        duel.push_text("play Craw Wurm")
    with pytest.raises(RuleError, match="carries no scroll"):
        duel.apply(Use("Shock"))
    with pytest.raises(RuleError, match="not a legal action"):
        duel.push_text("dance")
    assert json.dumps(duel.to_dict()) == before


def test_the_phase_is_a_decision_kind():
    duel = DUEL.new_game(Randomness.seeded(3))
    assert duel.decision_kind() is DuelStep.ORDER and duel.legal_actions() == [GoFirst(True), GoFirst(False)]
    duel.apply(GoFirst(True))
    assert duel.decision_kind() is DuelStep.PLAY
    assert duel.to_dict()["phase"] == "play"


def test_an_impossible_position_is_refused_saying_why():
    with pytest.raises(DataError, match="not a known card"):
        position(wizards=[{"name": "Sarin", "hand": ["Split Bolt"]}, {"name": "Mord", "hand": ["Shock"]}]).start(
            Randomness.scripted([]))
    with pytest.raises(DataError, match="allows 1"):
        position(kind="single-card").start(Randomness.scripted([]))
    with pytest.raises(DataError, match="different names"):
        position(wizards=[{"name": "Sarin", "hand": ["Shock"]}, {"name": "Sarin", "hand": ["Shock"]}]).start(
            Randomness.scripted([]))
    with pytest.raises(DataError, match="unknown field 'mana'"):
        DuelPosition.from_mapping({"wizards": [{"name": "Sarin", "mana": 3}]})


def test_a_card_missing_from_the_pool_is_defined_in_the_position():
    bolt = {"name": "Split Bolt", "mana_cost": "{R}", "mana_value": 1, "colors": ["R"],
            "type_line": "Creature — Elemental", "rarity": "common", "types": ["Creature"], "power": "4",
            "toughness": "1"}
    duel = position(cards=[bolt], wizards=[{"name": "Sarin", "hand": ["Split Bolt"], "plays_left": 3},
                                           {"name": "Mord", "hand": ["Shock"], "plays_left": 3}]).start(
        Randomness.scripted([]))
    duel.push_text("play Split Bolt")
    duel.push_text("pass")
    assert duel.sides["Mord"].life == 10


def test_each_wizard_sees_their_own_hand_only():
    duel = position().start(Randomness.scripted([]))
    sarin, mord = duel.observation("Sarin")["sides"]
    assert sarin["hand"] == ["Lava Axe", "Shock"] and mord["hand"] == 2 and mord["life"] is None
    assert isinstance(sarin["library"], int)  # no one sees the order of a library
    planted = plant_secret(duel, "Mord", "MARKER")
    assert planted is not None
    assert "MARKER" in json.dumps(planted.observation("Mord"))
    assert "MARKER" not in json.dumps(planted.observation("Sarin"))


def test_the_simple_player_does_not_read_the_opponents_hand():
    duel = position().start(Randomness.scripted([]))
    bot = SimplePlayer()
    choice = bot.choose(duel, "Sarin")
    other = position(wizards=[{"name": "Sarin", "hand": ["Lava Axe", "Shock"], "plays_left": 3},
                              {"name": "Mord", "hand": ["Shock", "Shock"], "plays_left": 3}]).start(
        Randomness.scripted([]))
    assert choice == bot.choose(other, "Sarin") == Play("Lava Axe")
    duel.apply(choice)
    assert bot.choose(duel, "Mord") == Respond("Rewind")


def test_bots_are_registered_by_name():
    assert set(DUEL.bots) == {"random", "heuristic", "search"}
    assert DUEL.bot("heuristic", Randomness.seeded(1)).name == "heuristic"
    assert replace(DUEL.options({}), kind="seven-card").kind == "seven-card"


def test_the_command_starts_a_duel_from_a_scenario(tmp_path, capsys):
    path = next(p for p in SCENARIOS if "interrupt" in p.name)
    assert main(["mtg-rpg", "duel", "--scenario", str(path), "--db", str(tmp_path / "s.db"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "a three-card duel as it stands: Sarin to play" in [e["label"] for e in out["log"]]
    assert out["result"]["winner"] in ("Sarin", "Mord") and out["saved"] is False


def test_no_roll_decides_a_quick_duels_card():
    # Ruling R28: a card does what it prints, so no chance is shown, at Sarin's card or at Mord's answer; and
    # asking changes nothing.
    duel = position(wizards=[
        {"name": "Sarin", "hand": ["Lava Axe", "Shock"], "library": ["Shock", "Craw Wurm"], "plays_left": 3},
        {"name": "Mord", "hand": ["Rewind", "Grizzly Bears"], "library": ["Lava Axe"], "plays_left": 3}],
    ).start(Randomness.scripted([]))
    before = json.dumps(duel.to_dict(), sort_keys=True)
    assert [duel.chance_of(a) for a in duel.legal_actions()] == [None, None, None]
    assert json.dumps(duel.to_dict(), sort_keys=True) == before
    duel.push_text("play Lava Axe")
    assert duel.current_player() == "Mord" and all(duel.chance_of(a) is None for a in duel.legal_actions())
