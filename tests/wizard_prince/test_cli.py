"""`magecraft wizard-prince banquet`: bots at --auto, people at the terminal, saves, bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.cli.wizard_prince import SYSTEM, describe
from magecraft.core.saves import SaveStore
from magecraft.wizard_prince.actions import ChooseAppointment, Mingle, Place, Present
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.pieces import Chit

AUTO = ["wizard-prince", "banquet", "--auto", "--npc", "4", "--seed", "11", "--json"]
#: Ann, a person at the terminal, and one NPC noble (seed 2: Ann enters after him, at one of three gates).
ANN = ["--players", "Ann", "--npc", "1", "--seed", "2"]


def at_terminal(monkeypatch, answers: str, db: Path, *args: str) -> int:
    """Run ``banquet`` with ``answers`` typed at its prompts, one a line, saving in ``db``."""
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main(["wizard-prince", "banquet", "--db", str(db), *args])


def menu_number(listing: str, text: str) -> str:
    """The number the last menu in ``listing`` gives to the line containing ``text``."""
    return next(line.split(".")[0].strip() for line in listing.splitlines()[::-1] if text in line)


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


def test_a_banquet_of_more_than_eight_nobles_is_played(capsys):
    # the seed sets no limit on nobles, only four gates (ruling WP5): ten nobles, six waiting at first
    assert main(["wizard-prince", "banquet", "--auto", "--npc", "10", "--seed", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["result"]["nobles"]) == 10 and report["result"]["ended_by"]


def test_auto_renders_the_board_and_the_result(capsys):
    players = "Ann:heuristic,Bob:random"
    assert main(["wizard-prince", "banquet", "--auto", "--players", players, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "TABLE" in out and "The banquet ends" in out and "Ann" in out


@pytest.mark.parametrize("args", [
    ["--players", "Ann", "--npc", "-1"],
    ["--players", "Ann:human"],
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
    db = tmp_path / "saves.sqlite3"
    assert at_terminal(monkeypatch, "1\nx\nq\n", db, *ANN, "--save", "feast") == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "choose an action" in out and "is not one of" in out
    assert "Resume with: magecraft wizard-prince banquet --load feast" in out and "The banquet ends" not in out
    assert at_terminal(monkeypatch, "q\n", db, "--load", "feast", "--save", "feast") == 0
    assert "Ann" in capsys.readouterr().out
    assert at_terminal(monkeypatch, "", db, "--load", "nothing") == 2
    assert at_terminal(monkeypatch, "", db, "--load", "feast", "--auto") == 2         # Ann is a person
    assert "--auto plays bots only" in capsys.readouterr().err
    assert at_terminal(monkeypatch, "", db, "--load", "feast", "--npc", "2") == 2
    assert "--npc cannot change a saved banquet" in capsys.readouterr().err


def test_a_player_sees_what_he_snoops_at_the_terminal(capsys, monkeypatch, tmp_path: Path):
    db = tmp_path / "saves.sqlite3"
    # enter at the first gate; the turn's actions are then offered by kind
    assert at_terminal(monkeypatch, "1\nq\n", db, *ANN, "--save", "snoop") == 0
    listing = capsys.readouterr().out
    assert "SNOOP (" in listing and "INTERFERE (" in listing
    snoop = menu_number(listing, "SNOOP (")
    # SNOOP, then the first courtier, shown to Zed (refused) and then to NPC 1
    assert at_terminal(monkeypatch, f"{snoop}\n1\nZed\nNPC 1\nq\n", db, "--load", "snoop", "--save", "snoop") == 0
    out = capsys.readouterr().out
    assert "Ann snoops courtier-1" in out and "'Zed' is not another player" in out
    assert "courtiers Ann knows: 1 " in out                         # her next board lists it
    saved = SaveStore(db).load("snoop", "wizard_prince", "game").state
    assert saved["knowledge"]["Ann"] == saved["knowledge"]["NPC 1"] == ["chit-1"]   # courtier-1's chit


def test_a_bad_answer_is_asked_again_without_redrawing_and_0_goes_back(capsys, monkeypatch, tmp_path: Path):
    db = tmp_path / "saves.sqlite3"
    assert at_terminal(monkeypatch, "1\nq\n", db, *ANN, "--save", "feast") == 0
    snoop = menu_number(capsys.readouterr().out, "SNOOP (")
    assert at_terminal(monkeypatch, f"9\nzz\n{snoop}\n17\n0\nq\n", db, "--load", "feast") == 0
    out = capsys.readouterr().out
    assert out.count("The Imperial Banquet, turn") == 1            # the board is drawn once
    assert "'9' is not one of 1-4" in out and "'zz' is not one of 1-4" in out
    assert "'17' is not one of 0-15" in out
    assert out.count("choose an action") == 2                       # 0 went back to the kinds of action


def test_two_people_pass_the_screen_and_see_only_their_own_snoops(capsys, monkeypatch, tmp_path: Path):
    db = tmp_path / "saves.sqlite3"
    # each choice is preceded by handing the screen over: two gates, then the first turn's player stops
    assert at_terminal(monkeypatch, "\n1\n\n1\n\nq\n", db, "--players", "Ann,Bob", "--seed", "5",
                       "--save", "hot") == 0
    out = capsys.readouterr().out
    assert out.count("Pass the screen to") == 3
    saved = SaveStore(db).load("hot", "wizard_prince", "game").state
    player = saved["order"][saved["index"]]
    other = "Bob" if player == "Ann" else "Ann"
    snoop = menu_number(out, "SNOOP (")
    assert at_terminal(monkeypatch, f"\n{snoop}\n1\n\n\nq\n", db, "--load", "hot", "--save", "hot") == 0
    out = capsys.readouterr().out
    seen, rest = out.split(f"Pass the screen to {other}", 1)
    assert f"{player} snoops courtier-1" in seen and "snoops" not in rest
    assert "knows: 1 " not in rest                                  # the other's board does not list it
    knowledge = SaveStore(db).load("hot", "wizard_prince", "game").state["knowledge"]
    assert knowledge == {player: ["chit-1"], other: []}


def test_a_resumed_game_goes_on_exactly_as_an_unbroken_one(monkeypatch, tmp_path: Path):
    db = tmp_path / "saves.sqlite3"
    # enter at gate 1, then "pass" (the 4th kind of action) each turn
    assert at_terminal(monkeypatch, "1\n4\n4\n4\nq\n", db, *ANN, "--save", "unbroken") == 0
    assert at_terminal(monkeypatch, "1\n4\nq\n", db, *ANN, "--save", "broken") == 0
    assert at_terminal(monkeypatch, "4\n4\nq\n", db, "--load", "broken", "--save", "broken") == 0
    store = SaveStore(db)
    unbroken = store.load("unbroken", "wizard_prince", "game").state
    assert unbroken["turn"] == 4
    assert store.load("broken", "wizard_prince", "game").state == unbroken


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


def test_the_choices_a_rule_asks_for_are_put_in_words(arrange):
    banquet = arrange({"Ann": "c4", "Bob": "e4"},
                      [("emperor", "white", "c5"), ("courtier", "black", "e5", "usurper")],
                      sheets={"Ann": {"appointment": "lord_chancellor"}})
    banquet.chits["x1"] = Chit("x1", "mercenary_general")
    banquet.chits["x2"] = Chit("x2", "imperial_appointment", appointment="master_general")
    banquet.nobles["Ann"].held = ["x1", "x2"]
    banquet.apply(Mingle((Square.parse("c5"),)))
    assert describe(banquet, "Ann", Present("x1")) == "present the Mercenary General (x1)"
    banquet.apply(Present("x2"))
    assert describe(banquet, "Ann", ChooseAppointment(True)) == "take the office of Master General of the Empire"
    assert describe(banquet, "Ann", ChooseAppointment(False)) == (
        "keep the present appointment, not Master General of the Empire")
    banquet.apply(ChooseAppointment(False))
    banquet.apply(Mingle((Square.parse("e5"),)))            # Bob meets the Usurper
    assert describe(banquet, "Bob", Place(Square.parse("g2"))) == "place the Usurper's emperor on g2"


@pytest.mark.parametrize(("option", "content", "message"), [
    ("--nobles", b"\xff\xfe", "not a text file"),
    ("--nobles", b"noble = 3\n", "'noble' must be a list of [[noble]] tables"),
    ("--nobles", b"noble = [3]\n", "'noble' must be a list of [[noble]] tables"),
    ("--nobles", b'[[noble]]\nname = "X"\nsave_targets = {spell = "x"}\n', "save_targets are a number 1-20"),
    ("--setup", b"\xff\xfe", "not a text file"),
    ("--setup", b"gates = 3\n", "gates must be a list of squares, not 3"),
])
def test_a_malformed_file_is_one_line_and_exit_2(capsys, tmp_path: Path, option, content, message):
    bad = tmp_path / "bad.toml"
    bad.write_bytes(content)
    assert main(["wizard-prince", "banquet", "--auto", "--npc", "1", option, str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err


def test_a_player_without_a_name_is_refused(capsys):
    assert main(["wizard-prince", "banquet", "--auto", "--players", "Ann, :random"]) == 2
    err = capsys.readouterr().err.strip()
    assert "':random' names no noble" in err and "\n" not in err


@pytest.mark.parametrize("args", [["--seed", "3"], ["--dice", "1,2"], ["--saves", "d20"], ["--max-turns", "5"]])
def test_a_loaded_banquet_refuses_options_it_would_ignore(capsys, tmp_path: Path, args):
    db = tmp_path / "saves.sqlite3"
    assert main([*AUTO[:-1], "--save", "feast", "--db", str(db)]) == 0
    before = SaveStore(db).load("feast", SYSTEM, "game").state
    capsys.readouterr()
    assert main(["wizard-prince", "banquet", "--load", "feast", "--save", "feast", "--db", str(db), *args]) == 2
    assert f"{args[0]} cannot change a saved banquet" in capsys.readouterr().err
    assert SaveStore(db).load("feast", SYSTEM, "game").state == before


def test_a_db_that_is_not_a_save_store_is_refused(capsys, tmp_path: Path):
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    assert main([*AUTO, "--save", "feast", "--db", str(text)]) == 2
    assert "not a magecraft save store" in capsys.readouterr().err
    assert text.read_text() == "hello\n"


@pytest.mark.parametrize(("key", "value", "message"), [
    ("knowledge", [], "saved banquet is malformed"),
    ("controllers", [1], "does not say who plays each noble"),
    ("controllers", {"NPC 1": "wizard"}, "its players do not match its nobles"),
    ("phase", "dance", "phase 'dance'"),
    ("pending", "x", "a choice or a move under way is not a table"),
    ("chits", [{"id": "c", "kind": "nope"}], "unknown courtier chit 'nope'"),
    ("system", "mage_wars", "it is a 'mage_wars' state"),
])
def test_a_corrupt_saved_banquet_is_refused_in_one_line(capsys, tmp_path: Path, key, value, message):
    db = tmp_path / "saves.sqlite3"
    assert main([*AUTO[:-1], "--save", "feast", "--db", str(db)]) == 0
    store = SaveStore(db)
    state = store.load("feast", SYSTEM, "game").state
    store.create("feast", SYSTEM, "game", {**state, key: value}, overwrite=True)
    capsys.readouterr()
    assert main(["wizard-prince", "banquet", "--load", "feast", "--auto", "--json", "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err
