"""The race in the one shape (issue 22): its words, its positions and scenario files, its saves' new home."""

from __future__ import annotations

import io
import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.save_file import APPLICATION_ID, MIGRATIONS
from magecraft.core.saves import SaveStore
from magecraft.core.scenario import load_scenario, run_scenario
from magecraft.games import registry
from magecraft.wizard_prince.race.actions import (
    Bet,
    Question,
    SideBet,
    WealthBet,
    bets_from_options,
    read_table_bet,
    read_words,
)
from magecraft.wizard_prince.race.game_type import RACE, ChariotAt, RacePosition
from magecraft.wizard_prince.race.race import GAMES_MASTER, Race

SCENARIOS = sorted((Path(__file__).parents[3] / "docs" / "scenarios").glob("wizard-prince-race-*.toml"))


def test_bets_print_and_parse_and_a_refused_bet_says_why():
    race = RACE.new_game(Randomness.seeded(3), {"drivers": ["Ann:heavy"], "npc": 1, "spectators": ["Cy", "Di"]})
    assert race.decision() is not None and race.decision().kind is Question.START
    for bet in (Bet("Cy", "NPC 1", 1500), WealthBet("Cy", "Ann"), SideBet("Cy", "Di", "NPC 1", 300, 100)):
        assert race.parse_action(race.action_text(bet)) == bet
    assert race.action_text(Bet("Cy", "NPC 1", 1500)) == "Cy bets 1,500 gp on NPC 1"
    race.push_text("Cy  BETS 200 gp on NPC 1")
    assert race.book.bets == [Bet("Cy", "NPC 1", 200)]
    before = race.to_dict()
    with pytest.raises(RuleError, match="Ann"):
        race.parse_action("Ann bets 100 gp on NPC 1")  # a driver bets only on himself
    assert race.to_dict() == before
    assert read_table_bet("Cy", "NPC 1:500") == Bet("Cy", "NPC 1", 500)


def test_a_wealth_bets_stake_is_spoken_and_read_back_and_over_one_level_refused():
    race = RACE.new_game(Randomness.seeded(3), {"drivers": ["Ann:heavy"], "npc": 1, "spectators": ["Cy"]})
    two = WealthBet("Cy", "Ann", wealth=2)
    assert race.action_text(two) == "Cy bets 2 Wealth levels against the house on Ann"
    assert race.action_text(WealthBet("Cy", "Ann")) == "Cy bets a Wealth level against the house on Ann"
    assert read_words(race.action_text(two)) == two                      # the words keep the stake
    with pytest.raises(RuleError, match="maximum of one Wealth level"):
        race.parse_action(race.action_text(two))                         # ... and the house refuses it
    assert race.parse_action("Cy bets 1 Wealth level against the house on Ann") == WealthBet("Cy", "Ann")
    assert bets_from_options([], ["Cy:Ann:2", "Cy:NPC 1"], []) == [two, WealthBet("Cy", "NPC 1")]


def test_a_position_in_the_races_words_is_built_and_played():
    position = RacePosition((ChariotAt("Marcus", "heavy", lane=3, square=40, wheel_damaged=True),
                             ChariotAt("Titus", "light", lane=1, square=5)), turn="Marcus")
    race = position.build(Randomness.scripted([2]))  # the damaged wheel holds (2)
    marcus = race.chariots["Marcus"]
    assert (marcus.lane, marcus.index, marcus.wheel_damaged) == (2, 40, True)
    assert race.current_player() == "Marcus" and race.decision_kind() is Question.DRIVE
    assert race.seats() == ("Marcus", "Titus", GAMES_MASTER)


@pytest.mark.parametrize(("chariots", "extra", "why"), [
    ([{"name": "A", "lane": 1, "square": 3}, {"name": "B", "lane": 1, "square": 3}], {}, "cannot share lane 1"),
    ([{"name": "A", "lane": 9}, {"name": "B", "lane": 2}], {}, "lanes 1 to 4, not 9"),
    ([{"name": "A", "square": 999}, {"name": "B", "lane": 2}], {}, "has squares 0 to"),
    ([{"name": "A"}, {"name": "B", "lane": 2}], {"turn": "C"}, "no chariot of his is running"),
    ([{"name": "A"}], {}, "takes 2 to 4 chariots"),
    ([{"name": "A", "kind": "quadriga"}, {"name": "B", "lane": 2}], {}, "heavy or light"),
    ([{"name": "A", "spokes": 3}, {"name": "B", "lane": 2}], {}, "unknown field 'spokes'"),
])
def test_an_impossible_position_is_refused_saying_why(chariots, extra, why):
    with pytest.raises(InputError, match=why):
        RACE.setup(Randomness.seeded(1), {"chariots": chariots, **extra})


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_scenario_files_play_as_written(path):
    assert run_scenario(load_scenario(path), registry()).failure is None


def test_a_wrong_expectation_is_reported():
    scenario = load_scenario(SCENARIOS[0])
    wrong = replace(scenario, expect=(("result.winner", "Marcus"),) if "wheel" in scenario.source
                    else (("state.round", 7),))
    failure = run_scenario(wrong, registry()).failure
    assert failure is not None and failure.startswith("expected")


def _schema_2_store(path: Path, state: dict) -> None:
    """A store as magecraft wrote it before the race moved under wizard_prince/race (schema 2)."""
    conn = sqlite3.connect(path)
    MIGRATIONS[1](conn)
    MIGRATIONS[2](conn)
    conn.execute("INSERT INTO saves (name, system, kind, state, created, updated) VALUES "
                 "('old', 'wizard_prince_race', 'game', ?, '2026-01-01', '2026-01-01')", (json.dumps(state),))
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()


def test_a_race_saved_under_the_old_system_name_still_opens(tmp_path):
    race = RACE.new_game(Randomness.seeded(4))
    old = {**race.to_dict(), "system": "wizard_prince_race"}
    del old["kind"]
    _schema_2_store(tmp_path / "old.db", old)
    saved = SaveStore(tmp_path / "old.db").load("old", "wizard_prince", "race")
    reopened = RACE.load(saved.state)
    assert isinstance(reopened, Race) and reopened.chariots.keys() == race.chariots.keys()
    assert reopened.to_dict()["system"] == "wizard_prince" and reopened.to_dict()["kind"] == "race"


def test_the_race_command_starts_from_a_scenario(monkeypatch, capsys, tmp_path):
    from magecraft.cli.app import main

    scenario = str(next(p for p in SCENARIOS if "marcus" in p.name))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    db = str(tmp_path / "s.db")
    assert main(["wizard-prince", "race", "--scenario", scenario, "--seed", "3", "--db", db, "--save", "m"]) == 0
    assert "Titus, round 2" in capsys.readouterr().out  # the scenario's steps played: Titus won the initiative
    saved = SaveStore(tmp_path / "s.db").load("m", "wizard_prince", "race").state
    assert saved["round"] == 2 and saved["chariots"][0]["lane"] == 0 and saved["chariots"][0]["index"] == 15
    assert main(["wizard-prince", "race", "--scenario", scenario, "--npc", "2"]) == 2
    assert "--npc cannot change a scenario's race" in capsys.readouterr().err
