"""`magecraft wizard-prince campaign`: new, year (bots or people), show, log; saves and bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore
from magecraft.wizard_prince.campaign.year import Campaign

CAMPAIGN = ["wizard-prince", "campaign"]


def run(db: Path, *args: str) -> int:
    return main([*CAMPAIGN, *args, "--db", str(db)])


def test_auto_years_are_byte_identical_for_the_same_seed(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for n in (1, 2):
        db = tmp_path / f"{n}.db"
        assert run(db, "new", "vel", "--nobles", "Ann,Bob", "--npc", "2", "--seed", "5") == 0
        capsys.readouterr()
        assert run(db, "year", "vel", "--auto", "--years", "3", "--json") == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    report = json.loads(outputs[0])
    assert [y["year"] for y in report["years"]] == [1, 2, 3] and report["year"] == 3


def test_show_draws_the_map_and_log_tells_the_news(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    assert run(db, "new", "vel", "--nobles", "Ann", "--seed", "1") == 0
    assert run(db, "year", "vel", "--auto", "--adventure", "Ann:sponsor:0:saved the Duke's life") == 0
    capsys.readouterr()
    assert run(db, "show", "vel") == 0
    shown = capsys.readouterr().out
    assert "Great Velkar" in shown and "[neutral]" in shown and "Nobles" in shown
    assert run(db, "log", "vel") == 0
    log = capsys.readouterr().out
    assert "-- Year 1 --" in log and "Adventure: Ann: sponsor +0 (saved the Duke's life)" in log


def test_new_refuses_an_existing_name_unless_overwritten(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    assert run(db, "new", "vel", "--nobles", "Ann") == 0
    before = db.read_bytes()
    assert run(db, "new", "vel", "--nobles", "Bob") == 2
    assert "already" in capsys.readouterr().err and db.read_bytes() == before
    assert run(db, "new", "vel", "--nobles", "Bob", "--overwrite") == 0


@pytest.mark.parametrize(("args", "words"), [
    (["new", "x"], "at least one player noble"),
    (["new", "x", "--nobles", "Ann", "--map", "atlantis"], "cannot read map"),
    (["year", "missing", "--auto"], "no wizard_prince campaign saved as 'missing'"),
    (["new", "x", "--nobles", "Ann", "--seed", "1", "--dice", "1"], "choose one source of dice"),
])
def test_bad_input_is_one_line_and_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   args: list[str], words: str) -> None:
    db = tmp_path / "c.db"
    assert run(db, *args) in (1, 2)
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not SaveStore(db).list_saves()


def test_a_malformed_adventure_exits_2(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann")
    assert run(db, "year", "vel", "--auto", "--adventure", "Ann:wealth:lots") == 2
    assert "NOBLE:WHAT:AMOUNT:REASON" in capsys.readouterr().err


def saved(db: Path) -> dict[str, Any]:
    return SaveStore(db).load("vel", "wizard_prince", "campaign").state


def test_end_of_input_saves_the_year_where_it_stopped_and_the_same_command_resumes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann", "--seed", "3")
    run(db, "year", "vel", "--auto")
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n"))          # a bad answer, then the input ends (Ctrl-D)
    assert run(db, "year", "vel") == 0
    out = capsys.readouterr().out
    assert "'0' is not one of 1-" in out
    assert "Stopped (end of input); saved as 'vel'. Resume with: magecraft wizard-prince campaign year vel" in out
    half = saved(db)
    assert half["year"] == 1 and half["pending"]["kind"] != "begin" and half["banquet"] is not None
    assert Campaign.from_dict(half).to_dict() == {k: v for k, v in half.items() if k != "banquet"}
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))  # every decision answered by number
    assert run(db, "year", "vel") == 0
    out = capsys.readouterr().out
    assert "Resumed year 2 of 'vel'." in out and "Year 2 is over" in out
    assert "Ann, turn 1: choose an action" in out and "Action 1-" in out     # Ann plays her own banquet
    assert "The Imperial Banquet is played" in out
    assert saved(db)["year"] == 2 and "banquet" not in saved(db)


def test_a_year_stopped_and_resumed_ends_as_the_year_played_straight_through(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ends = []
    for stops in ("", "1\n" * 7 + "quit\n"):
        db = tmp_path / f"{len(stops)}.db"
        run(db, "new", "vel", "--nobles", "Ann,Bob", "--npc", "1", "--seed", "3")
        if stops:
            monkeypatch.setattr("sys.stdin", io.StringIO(stops))
            assert run(db, "year", "vel") == 0
            assert saved(db)["year"] == 0
        monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
        assert run(db, "year", "vel") == 0
        ends.append(saved(db))
    assert ends[0]["year"] == 1 and ends[0] == ends[1]


def test_help_lists_what_may_be_typed_at_a_campaign_decision(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann", "--seed", "3")
    result = tmp_path / "banquet.json"
    result.write_text(json.dumps({"emperors": 1, "nobles": [], "barbarian_invasion": True}), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("?\nquit\n"))
    assert run(db, "year", "vel", "--banquet", str(result)) == 0
    out = capsys.readouterr().out
    assert "Ann (Wealth 1, 0 gp): spend Wealth?  (The Effects of Wealth)" in out
    for line in ("a number 1-6: the choice listed under it", "undo: take back your last action", "log: the last",
                 "save: save now as 'vel'", "quit: save and stop", "? or help: this list"):
        assert line in out
    assert "Stopped (quit); saved as 'vel'" in out


def _first_prompt(db: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, Any]:
    """Quit at the year's first question; the state saved there."""
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert run(db, "year", "vel", *args) == 0
    return saved(db)


@pytest.mark.parametrize("banquet", ["played", "entered"])
def test_undo_restores_the_state_exactly_when_the_table_allows_it_after_rolls(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], banquet: str) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann", "--npc", "1", "--seed", "3")
    args = []
    if banquet == "entered":
        result = tmp_path / "banquet.json"
        result.write_text(json.dumps({"emperors": 1, "nobles": [], "barbarian_invasion": True}), encoding="utf-8")
        args = ["--banquet", str(result)]
    before = _first_prompt(db, monkeypatch, *args)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nundo\nquit\n"))
    assert run(db, "year", "vel") == 0
    out = capsys.readouterr().out
    assert "cannot undo:" in out and "was rolled" in out and "--allow-undo-after-rolls" in out
    moved_on = saved(db)
    assert moved_on != before
    assert Campaign.from_dict(moved_on).to_dict() != Campaign.from_dict(before).to_dict()
    db2 = tmp_path / "again.db"
    run(db2, "new", "vel", "--nobles", "Ann", "--npc", "1", "--seed", "3")
    assert _first_prompt(db2, monkeypatch, *args) == before
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nundo\nquit\n"))
    assert run(db2, "year", "vel", "--allow-undo-after-rolls") == 0
    assert "Undone: back to before your last action." in capsys.readouterr().out
    assert saved(db2) == before


def test_log_shows_the_years_events_with_their_rolls(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann,Bob", "--seed", "3")
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("\nlog\nquit\n"))
    assert run(db, "year", "vel") == 0
    out = capsys.readouterr().out
    shown = out[out.index("The last "):]
    assert "Year 1 begins" in shown and "Ann's choice of gate: rolled 5 on 1d6" in shown


def test_the_banquet_result_may_come_from_a_file(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann", "--seed", "3")
    result = tmp_path / "banquet.json"
    result.write_text(json.dumps({"result": {"emperors": 2, "nobles": [], "coup": False}}), encoding="utf-8")
    assert run(db, "year", "vel", "--auto", "--banquet", str(result)) == 0
    out = capsys.readouterr().out
    assert "entered by the GM: it ends with two Emperors" in out and "the Emperor against the Usurper" in out
    result.write_text("{not json", encoding="utf-8")
    assert run(db, "year", "vel", "--auto", "--banquet", str(result)) == 2


def test_sheets_feed_a_banquet_at_the_table_whose_result_comes_back(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann,Bob", "--npc", "1", "--seed", "3")
    capsys.readouterr()
    assert run(db, "sheets", "vel") == 0
    sheets = tmp_path / "nobles.toml"
    sheets.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["wizard-prince", "banquet", "--auto", "--nobles", str(sheets), "--seed", "4", "--json"]) == 0
    result = tmp_path / "result.json"
    result.write_text(capsys.readouterr().out, encoding="utf-8")
    names = [n["name"] for n in json.loads(result.read_text(encoding="utf-8"))["result"]["nobles"]]
    assert names == ["Ann", "Bob", "NPC Noble 1"]
    assert run(db, "year", "vel", "--auto", "--banquet", str(result)) == 0
    assert "The Imperial Banquet is entered by the GM" in capsys.readouterr().out


def test_dice_given_to_a_year_roll_that_year_and_the_campaign_keeps_its_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann", "--npc", "2", "--seed", "3")
    before = SaveStore(db).load("vel", "wizard_prince", "campaign").state["rng"]
    assert run(db, "year", "vel", "--auto", "--seed", "99") == 0
    saved = SaveStore(db).load("vel", "wizard_prince", "campaign").state
    assert saved["rng"] == before and saved["year"] == 1
    assert run(db, "year", "vel", "--auto", "--dice", "1") == 2        # the script runs out: nothing saved
    assert "dice script ran out" in capsys.readouterr().err
    assert SaveStore(db).load("vel", "wizard_prince", "campaign").state["year"] == 1


def test_named_player_nobles_are_played_by_bots_and_people_see_their_intelligence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann,Bob", "--seed", "3")
    assert run(db, "year", "vel", "--bots", "Zed") == 2
    assert "'Zed' is not a noble" in capsys.readouterr().err
    result = tmp_path / "banquet.json"
    result.write_text(json.dumps({"emperors": 1, "nobles": [], "barbarian_invasion": True}), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert run(db, "year", "vel", "--bots", "Bob", "--banquet", str(result)) == 0
    out = capsys.readouterr().out
    assert "Ann: fight the barbarian horde" in out and "Bob: fight" not in out
    # what Ann's Intelligence found out, in words (issue 25 item 6: it showed None and a dict)
    found = [line for line in out.splitlines() if "Your Intelligence found out" in line]
    assert found and all("None" not in line and "{" not in line for line in found), found
    assert any("fleets " in line and " regular" in line for line in found), found
    saved = SaveStore(db).load("vel", "wizard_prince", "campaign").state
    assert saved["year"] == 1


def test_a_snoop_at_the_years_banquet_never_reaches_the_next_noble_in_the_hot_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann,Bob", "--seed", "3")
    capsys.readouterr()
    # Ann enters, Bob enters, Bob SNOOPs the first courtier and shows it to nobody, hides his screen, Ann looks
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1\n\n1\n2\n1\n\n\n\nquit\n"))
    assert run(db, "year", "vel") == 0
    out = capsys.readouterr().out
    assert "Bob snoops courtier-1: Dwarf Mine Master" in out
    ann = out[out.rindex("Pass the screen to Ann"):]
    assert "Bob: SNOOP courtier-1" in ann and "Dwarf Mine Master" not in ann
    assert "\x1b[3J" in out[out.rindex("Bob, press Enter to hide your screen"):]


def test_ctrl_c_at_the_prompt_saves_and_exits_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    run(db, "new", "vel", "--nobles", "Ann", "--seed", "3")

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("magecraft.cli.options.ask_at_terminal", interrupted)
    assert run(db, "year", "vel") == 130
    assert "\nStopped (interrupted); saved as 'vel'." in capsys.readouterr().out
    assert saved(db)["pending"]["kind"] == "banquet" and saved(db)["banquet"]["phase"]
