"""`magecraft wizard-prince race`: bots at --auto, people at the terminal, bets, saves, bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore

AUTO = ["wizard-prince", "race", "--auto", "--npc", "4", "--seed", "11", "--json"]


def test_auto_json_prints_placings_wrecks_and_payouts_the_same_bytes_for_the_same_seed(capsys):
    args = ["wizard-prince", "race", "--auto", "--drivers", "Ann:heavy:aggressive", "--npc", "3",
            "--spectators", "Cy", "--bet", "Cy:NPC 1:1500", "--bet", "Ann:Ann:300", "--seed", "11", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    result = json.loads(first)["result"]
    assert [p["place"] for p in result["placings"]] == [1, 2, 3, 4] and result["winner"]
    assert set(result["payouts"]) == {"Ann", "Cy"} and isinstance(result["wrecks"], list)
    won = result["winner"] == "NPC 1"
    assert (result["payouts"]["Cy"]["gp"] > 0) is won
    assert main([*args[:-3], "--seed", "12", "--json"]) == 0
    assert capsys.readouterr().out != first


def test_auto_draws_the_track_and_the_result(capsys):
    assert main(["wizard-prince", "race", "--auto", "--npc", "4", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Circus Maximus" in out and "┃" in out and "Placings" in out and "lap" in out


def test_a_person_at_the_terminal_is_offered_legal_choices_and_sees_every_roll(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("done\n9\n1\nq\n"))  # no bets
    assert main(["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "1", "--seed", "3",
                 "--db", str(tmp_path / "s.db")]) == 0
    out = capsys.readouterr().out
    assert "move now" in out and "'9' is not one of 1-2" in out and "rolled 6 on 1d6" in out
    assert "drive 15 spaces forward" in out and "A0" in out and "Stopped (quit)" in out


def test_a_race_saved_at_the_terminal_resumes_where_it_stopped(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "s.db")
    monkeypatch.setattr("sys.stdin", io.StringIO("done\n1\nq\n"))
    assert main(["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "1", "--seed", "3", "--db", db,
                 "--save", "derby"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("15\nq\n"))
    assert main(["wizard-prince", "race", "--load", "derby", "--db", db]) == 0
    assert "Ann: drive 15 spaces forward" in capsys.readouterr().out
    assert main(["wizard-prince", "race", "--load", "derby", "--db", db, "--seed", "4"]) == 2
    assert "cannot change a saved race" in capsys.readouterr().err


def test_another_track_from_a_file(capsys, tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('name = "Hippodrome"\nspina_length = 12\nspina_width = 1\nlanes = 3\nlaps = 1\n'
                    'start_column = 4\n', encoding="utf-8")
    assert main(["wizard-prince", "race", "--auto", "--npc", "3", "--seed", "2", "--track", str(path),
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["track"] == "Hippodrome"


@pytest.mark.parametrize("args", [
    ["--npc", "9"],
    ["--drivers", "Ann:chariot", "--npc", "1"],
    ["--drivers", "Ann:heavy:wizard", "--npc", "1"],
    ["--auto", "--drivers", "Ann:heavy:human", "--npc", "1"],
    ["--drivers", "Ann:heavy"],
    ["--npc", "2", "--bet", "Cy-NPC 1-100"],
    ["--npc", "2", "--bet", "Cy:NPC 1:lots"],
    ["--npc", "2", "--seed", "1", "--dice", "1,2"],
])
def test_bad_options_exit_2_with_one_line(capsys, args):
    assert main(["wizard-prince", "race", "--auto", *args]) == 2
    err = capsys.readouterr().err
    assert err.strip() and "Traceback" not in err


def test_a_malformed_track_file_is_refused_and_left_as_it_was(capsys, tmp_path: Path):
    path = tmp_path / "t.toml"
    text = 'name = "X"\nspina_length = 12\nlanes = 3\n'
    path.write_text(text, encoding="utf-8")
    assert main(["wizard-prince", "race", "--auto", "--npc", "2", "--track", str(path)]) == 2
    assert "missing key" in capsys.readouterr().err and path.read_text(encoding="utf-8") == text


def test_a_bet_against_himself_is_refused_by_the_rules(capsys):
    assert main(["wizard-prince", "race", "--auto", "--drivers", "Ann:heavy", "--npc", "1", "--seed", "1",
                 "--bet", "Ann:NPC 1:100"]) == 1
    assert "may bet only on himself" in capsys.readouterr().err


def test_people_bet_at_the_terminal_and_a_refused_bet_is_asked_again(monkeypatch, capsys, tmp_path):
    answers = "NPC 1:500\nAnn:lots\nAnn:500\n\ndone\nGold:100\nNPC 1:wealth\nAnn:wealth\ndone\nq\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "1", "--spectators", "Cy",
                 "--seed", "3", "--db", str(tmp_path / "s.db"), "--save", "bets"]) == 0
    out = capsys.readouterr().out
    assert "Ann drives in this race and may bet only on himself" in out
    assert "'Ann:lots' is not one of 1-2" in out and "a bet as CHARIOTEER:GOLD" in out
    assert "Ann bets 500 gp on Ann" in out
    assert "'' is not one of 1-2" in out  # an empty line ends nobody's bets (issue 25 item 9): asked again
    assert "'Gold' is not driving in this race" in out and "NPC 1 is odds-on (3:4)" in out
    assert "Cy bets a Wealth level against the house on Ann" in out
    saved = SaveStore(tmp_path / "s.db").load("bets", "wizard_prince", "race").state
    assert len(saved["book"]["bets"]) == 2


def test_a_new_race_under_a_taken_name_is_refused_and_the_old_one_kept(capsys, tmp_path):
    db = tmp_path / "s.db"
    race = ["wizard-prince", "race", "--auto", "--db", str(db), "--save", "r1"]
    assert main([*race, "--npc", "3", "--seed", "4"]) == 0
    before = db.read_bytes()
    capsys.readouterr()
    assert main([*race, "--npc", "2", "--seed", "5"]) == 2
    assert "--overwrite" in capsys.readouterr().err
    assert db.read_bytes() == before
