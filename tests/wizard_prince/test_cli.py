"""`magecraft wizard-prince banquet`: bots at --auto, people at the terminal, saves, bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore

AUTO = ["wizard-prince", "banquet", "--auto", "--npc", "4", "--seed", "11", "--json"]


def test_auto_json_is_byte_identical_for_the_same_seed(capsys):
    assert main(AUTO) == 0
    first = capsys.readouterr().out
    assert main(AUTO) == 0
    assert capsys.readouterr().out == first
    report = json.loads(first)
    assert len(report["result"]["nobles"]) == 4
    assert report["log_summary"]["events"] > 0 and report["result"]["ended_by"]
    assert main([*AUTO[:-3], "--seed", "12", "--json"]) == 0
    assert capsys.readouterr().out != first


def test_auto_renders_the_board_and_the_result(capsys):
    players = "Ann:heuristic,Bob:random"
    assert main(["wizard-prince", "banquet", "--auto", "--players", players, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "TABLE" in out and "The banquet ends" in out and "Ann" in out


@pytest.mark.parametrize("args", [
    ["--npc", "9"],
    ["--players", "Ann:wizard"],
    ["--players", "Ann", "--saves", "gurps"],
    ["--players", ""],
    ["--players", "Ann", "--seed", "1", "--dice", "1,2"],
])
def test_bad_options_exit_2_with_one_line(capsys, args):
    assert main(["wizard-prince", "banquet", "--auto", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err


def test_a_bad_setup_file_is_refused(capsys, tmp_path: Path):
    bad = tmp_path / "setup.toml"
    bad.write_text('gates = ["h3"]\n')
    assert main(["wizard-prince", "banquet", "--auto", "--npc", "1", "--setup", str(bad)]) == 2
    assert "missing key" in capsys.readouterr().err


def test_playing_at_the_terminal_saves_and_resumes(capsys, monkeypatch, tmp_path: Path):
    db = str(tmp_path / "saves.sqlite3")
    start = ["wizard-prince", "banquet", "--players", "Ann", "--npc", "1", "--seed", "2", "--db", db]
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nx\nq\n"))
    assert main([*start, "--save", "feast"]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "choose an action" in out and "is not one of" in out
    assert "Resume with --load feast" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["wizard-prince", "banquet", "--load", "feast", "--db", db, "--save", "feast"]) == 0
    assert "Ann" in capsys.readouterr().out
    assert main(["wizard-prince", "banquet", "--load", "nothing", "--db", db]) == 2


def test_nobles_come_from_a_file(capsys, tmp_path: Path):
    sheets = tmp_path / "nobles.toml"
    sheets.write_text('[[noble]]\nname = "Duke Orlu"\nstatus = 9\nlevel = 10\nhit_points = 50\n'
                      '[[noble]]\nname = "Grakk"\nnpc = true\n')
    assert main(["wizard-prince", "banquet", "--auto", "--nobles", str(sheets), "--seed", "4", "--json"]) == 0
    nobles = {n["name"]: n for n in json.loads(capsys.readouterr().out)["result"]["nobles"]}
    duke = nobles["Duke Orlu"]
    assert duke["final"]["status"] - duke["changes"]["status"] == 9 and nobles["Grakk"]["npc"]
    sheets.write_text('[[noble]]\nname = "Duke Orlu"\ncharm = 9\n')
    assert main(["wizard-prince", "banquet", "--auto", "--nobles", str(sheets)]) == 2
    assert "unknown field 'charm'" in capsys.readouterr().err


def test_a_player_sees_what_he_snoops_at_the_terminal(capsys, monkeypatch, tmp_path: Path):
    db = str(tmp_path / "saves.sqlite3")
    start = ["wizard-prince", "banquet", "--players", "Ann", "--npc", "1", "--seed", "2", "--db", db]
    # enter at the first gate, then SNOOP the first courtier offered (listed after the MINGLEs)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    assert main([*start, "--save", "snoop"]) == 0
    listing = capsys.readouterr().out
    number = next(line.split(".")[0].strip() for line in listing.splitlines()[::-1] if "SNOOP courtier" in line)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{number}\nZed\nNPC 1\nq\n"))
    assert main(["wizard-prince", "banquet", "--load", "snoop", "--db", db, "--save", "snoop"]) == 0
    out = capsys.readouterr().out
    assert "Ann snoops courtier" in out and "'Zed' is not another player" in out
    saved = SaveStore(db).load("snoop", "wizard_prince", "game").state
    assert saved["knowledge"]["Ann"] == saved["knowledge"]["NPC 1"] != []
