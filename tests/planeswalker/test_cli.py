"""`magecraft planeswalker`: characters, skill checks and battles at the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore

NEW = ["planeswalker", "character", "new", "Jace", "--identity", "W,U,B", "--race", "Human",
       "--raise", "mastery=1,memory=1,power=2,speed=1,focus=1",
       "--spells", "Shock,Grizzly Bears,Remove Soul,Giant Growth", "--memorize", "Remove Soul,Grizzly Bears"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def answers(monkeypatch: pytest.MonkeyPatch, replies: list[str]) -> list[str]:
    prompts: list[str] = []
    feed: Iterator[str] = iter(replies)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(feed)

    monkeypatch.setattr("magecraft.cli.options.ask_at_terminal", ask)
    return prompts


def test_new_by_options_is_saved_and_shown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    code, out, err = run(capsys, *NEW, "--db", str(db), "--json")
    assert code == 0, err
    sheet = json.loads(out)
    assert sheet["stats"]["mastery"] == 5 and sheet["stats"]["memory"] == 8 and sheet["spells_known"] == 14
    assert any("cannot be cast" in w for w in sheet["warnings"])  # Shock and Giant Growth: not in W/U/B
    saved = SaveStore(db).load("Jace", "planeswalker", "character").state
    assert saved["character"]["identity"] == ["W", "U", "B"]
    code, out, _ = run(capsys, "planeswalker", "character", "show", "Jace", "--db", str(db))
    assert code == 0 and "Mastery" in out and "Remove Soul" in out


def test_a_taken_name_is_refused_and_the_save_left_alone(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    assert run(capsys, *NEW, "--db", str(db))[0] == 0
    before = db.read_bytes()
    code, _, err = run(capsys, "planeswalker", "character", "new", "Jace", "--identity", "G", "--db", str(db))
    assert code == 2 and "already" in err and db.read_bytes() == before


def test_a_broken_rule_names_it_and_saves_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    code, _, err = run(capsys, "planeswalker", "character", "new", "Greedy", "--identity", "G",
                       "--raise", "mastery=6", "--db", str(db))
    assert code == 1 and "Build points" in err and "Traceback" not in err
    assert SaveStore(db).list_saves("planeswalker") == []
    code, _, err = run(capsys, "planeswalker", "character", "new", "X", "--identity", "G", "--raise", "mastery",
                       "--db", str(db))
    assert code == 2 and "STAT=POINTS" in err


def test_interactive_new_asks_again_after_a_refused_answer(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = answers(monkeypatch, ["Nissa", "G,G,G,G", "G,G,R", "Orc", "Elf", "mastery=9", "mastery=1,power=2",
                                    "", "Grizzly Bears,Shock", "Grizzly Bears"])
    code, out, err = run(capsys, "planeswalker", "character", "new", "--db", str(tmp_path / "s.sqlite3"), "--json")
    assert code == 0, err
    assert "up to 3 identity sources" in out and "unknown race 'Orc'" in out and "Build points" in out
    sheet = json.loads(out[out.index("{"):])
    assert sheet["identity"] == ["G", "G", "R"] and sheet["stats"]["speed"] == 3 and len(prompts) == 10


def test_award_and_identity_change(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    run(capsys, *NEW, "--db", str(db))
    code, out, _ = run(capsys, "planeswalker", "character", "award", "Jace", "--points", "3", "--db", str(db),
                       "--json")
    assert code == 0 and json.loads(out)["build_points"] == 8
    code, out, _ = run(capsys, "planeswalker", "character", "identity", "Jace", "--identity", "W,U,B,B",
                       "--db", str(db), "--json")
    assert code == 0 and json.loads(out)["stats"]["mastery"] == 6


def test_check_rolls_one_die_per_matching_identity(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    run(capsys, *NEW, "--db", str(db))
    code, out, _ = run(capsys, "planeswalker", "check", "Jace", "--skill", "Subtlety and Deception",
                       "--difficulty", "Average", "--dice", "5,3", "--db", str(db), "--json")
    result = json.loads(out)
    assert code == 0 and result["dice"] == [5, 3] and result["success"]
    code, _, err = run(capsys, "planeswalker", "check", "Jace", "--skill", "Juggling", "--dice", "5",
                       "--db", str(db))
    assert code == 2 and "unknown skill" in err


def test_auto_fight_is_reproducible(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["planeswalker", "fight", "Kiora the Wanderer", "--against", "Grizzly Bears,Goblin Piker", "--auto",
            "--seed", "5", "--json", "--db", str(tmp_path / "s.sqlite3")]
    first, second = run(capsys, *args), run(capsys, *args)
    assert first[0] == 0 and first == second
    assert json.loads(first[1])["result"]["over"]


def test_fight_bad_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = ["--db", str(tmp_path / "s.sqlite3")]
    code, _, err = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--against", "Grizzly Bear",
                       "--auto", *db)
    assert code == 2 and "did you mean 'Grizzly Bears'" in err
    code, _, err = run(capsys, "planeswalker", "fight", "Nobody", "--against", "Grizzly Bears", "--auto", *db)
    assert code == 2 and "there is no planeswalker character saved as 'Nobody'" in err
    code, _, err = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--against", "Shock", "--auto", *db)
    assert code == 2 and "not a creature" in err


def test_interactive_fight_refuses_bad_answers_and_plays_on(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # You (Speed 4) act first: channel, then cast Shock at the bears twice over two turns... the bears die
    # to Shock (2) and Volcanic Hammer (3) on turn one: Life 4.
    answers(monkeypatch, ["fly away", "help", "channel", "cast Shock at c1", "cast Volcanic Hammer at c1"])
    code, out, err = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--against", "Grizzly Bears",
                         "--seed", "1", "--db", str(tmp_path / "s.sqlite3"))
    assert code == 0, err
    assert "'fly away' is not one of the" in out and "Battle over" in out and "party" in out


def test_house_rules_file_changes_the_skill_target_and_a_bad_one_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    run(capsys, *NEW, "--db", str(db))
    rules = tmp_path / "house.toml"
    rules.write_text('skill_target = "low"\n', encoding="utf-8")
    code, out, _ = run(capsys, "planeswalker", "check", "Jace", "--skill", "Subtlety and Deception", "--dice",
                       "3,3", "--house-rules", str(rules), "--db", str(db), "--json")
    assert code == 0 and json.loads(out)["target"] == 6 and json.loads(out)["success"]
    rules.write_text('skill_targte = "low"\n', encoding="utf-8")
    code, _, err = run(capsys, "planeswalker", "check", "Jace", "--skill", "Subtlety and Deception", "--dice",
                       "3,3", "--house-rules", str(rules), "--db", str(db))
    assert code == 2 and "unknown field 'skill_targte'" in err


def test_show_a_missing_character_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "planeswalker", "character", "show", "Nobody", "--db", str(tmp_path / "s.sqlite3"))
    assert code == 2 and "'Nobody'" in err and "Traceback" not in err


def test_a_saved_battle_resumes_where_it_stopped(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    base = ["planeswalker", "fight", "Kiora the Wanderer", "--db", str(db)]

    replies = iter(["channel"])

    def walk_away(prompt: str) -> str:
        for reply in replies:
            return reply
        raise EOFError  # the player leaves at the second decision

    monkeypatch.setattr("magecraft.cli.options.ask_at_terminal", walk_away)
    code, _, _ = run(capsys, *base, "--against", "Grizzly Bears", "--seed", "4", "--save", "evening")
    assert code == 1  # aborted
    saved = SaveStore(db).load("evening", "planeswalker", "game").state
    assert saved["phase"] == "main" and saved["round"] == 1
    answers(monkeypatch, ["cast Shock at c1", "cast Volcanic Hammer at c1"])
    code, out, err = run(capsys, *base, "--load", "evening")
    assert code == 0, err
    assert "Battle over" in out
    assert SaveStore(db).load("evening", "planeswalker", "game").state["phase"] == "over"
    code, _, err = run(capsys, *base, "--load", "evening", "--seed", "3")
    assert code == 2 and "drop --seed" in err
