"""`magecraft wizard-prince race` at the shared play loop: help, undo, log, save, quit and Ctrl-D at the real
prompt (``sys.stdin`` given the answers), the bets before the start included."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore

#: Ann drives a heavy chariot against one NPC; with seed 3 she wins the first initiative, her drive in round 1
#: is followed by rolls (the NPC whips his horses, then round 2's initiative).
RACE = ["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "1", "--seed", "3"]


def _race(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, answers: str, name: str, *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main([*RACE, "--db", str(tmp_path / "s.db"), "--save", name, *extra])


def _saved(tmp_path: Path, name: str) -> dict[str, Any]:
    return SaveStore(tmp_path / "s.db").load(name, "wizard_prince", "race").state


def test_help_lists_the_choices_and_the_words_of_the_prompt_at_the_bets_and_the_drive(monkeypatch, capsys,
                                                                                     tmp_path):
    assert _race(monkeypatch, tmp_path, "?\ndone\n1\n?\nquit\n", "h") == 0
    out = capsys.readouterr().out
    bets, drive = out.split("You may type:")[1:3]
    assert "a number 1-" in bets and "CHARIOTEER:GOLD: bet gold" in bets and "1 or done: no more bets" in bets
    assert "undo: take back your last action" in bets and "quit: save and stop" in bets
    assert "a number 1-17: the choice listed under it" in drive and "log: the last 20 events" in drive
    assert "save: save now as 'h'" in drive and "? or help: this list" in drive
    assert "15. drive 15 spaces forward" in out and "17. whip (2 choices)" in out  # grouped on a short screen


def test_undo_restores_the_race_exactly_as_it_was_before_the_last_action(monkeypatch, capsys, tmp_path):
    assert _race(monkeypatch, tmp_path, "done\nquit\n", "before") == 0
    assert _race(monkeypatch, tmp_path, "done\n1\nundo\nquit\n", "undone") == 0
    out = capsys.readouterr().out
    assert "Ann: move now" in out and "Undone: back to before your last action." in out
    before, undone = _saved(tmp_path, "before"), _saved(tmp_path, "undone")
    assert undone == before and before["turn"] is None and before["phase"] == "racing"


def test_undo_is_refused_after_a_roll_unless_the_table_allows_it(monkeypatch, capsys, tmp_path):
    drive = "done\n1\n15\nundo\nquit\n"
    assert _race(monkeypatch, tmp_path, drive, "refused") == 0
    out = capsys.readouterr().out
    assert ("cannot undo: NPC 1 whips his horses was rolled since your last action (the table may allow it "
            "with --allow-undo-after-rolls)") in out
    refused = _saved(tmp_path, "refused")
    assert refused["round"] == 2  # the drive stands

    assert _race(monkeypatch, tmp_path, "done\n1\nquit\n", "before") == 0
    assert _race(monkeypatch, tmp_path, drive, "allowed", "--allow-undo-after-rolls") == 0
    out = capsys.readouterr().out
    assert "cannot undo" not in out and "Undone: back to before your last action." in out
    assert _saved(tmp_path, "allowed") == _saved(tmp_path, "before") != refused


def test_log_shows_the_last_events_with_their_rolls(monkeypatch, capsys, tmp_path):
    assert _race(monkeypatch, tmp_path, "done\n1\n15\nlog\nquit\n", "log") == 0
    log = capsys.readouterr().out.split("The last 20 events:")[1]
    lines = log.split("\nAction")[0].strip().splitlines()
    assert len(lines) == 20
    assert "NPC 1 whips his horses: rolled 2 on 1d6" in log and "Ann's initiative: rolled 1 on 1d6" in log


def test_save_saves_now_and_quit_saves_and_says_how_to_resume(monkeypatch, capsys, tmp_path):
    assert _race(monkeypatch, tmp_path, "done\n1\nsave\n15\nquit\n", "derby") == 0
    out = capsys.readouterr().out
    assert "Saved 'derby' (revision" in out
    assert "Stopped (quit); saved as 'derby'. Resume with: magecraft wizard-prince race --load derby" in out
    assert _saved(tmp_path, "derby")["round"] == 2
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["wizard-prince", "race", "--load", "derby", "--db", str(tmp_path / "s.db")]) == 0
    assert "Ann, round 2, 15 spaces to drive" in capsys.readouterr().out


def test_end_of_input_ends_like_quit(monkeypatch, capsys, tmp_path):
    assert _race(monkeypatch, tmp_path, "done\n1\n", "eof") == 0
    out = capsys.readouterr().out
    assert "\nStopped (end of input); saved as 'eof'. Resume with: magecraft wizard-prince race --load eof" in out
    assert "Traceback" not in out and _saved(tmp_path, "eof")["turn"] is not None


def test_a_bet_and_the_end_of_betting_are_undone_and_a_save_in_the_betting_resumes_with_the_next_bettor(
        monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "s.db")
    answers = "Ann:500\nundo\ndone\nquit\n"  # Ann bets, takes it back, has no more bets; Cy stops at his turn
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main([*RACE, "--spectators", "Cy", "--db", db, "--save", "bets"]) == 0
    out = capsys.readouterr().out
    assert "Ann bets 500 gp on Ann" in out and "Undone" in out and "Cy, a bet as CHARIOTEER:GOLD" in out
    saved = _saved(tmp_path, "bets")
    assert saved["book"]["bets"] == [] and saved["bets_done"] == ["Ann"] and saved["phase"] == "betting"

    monkeypatch.setattr("sys.stdin", io.StringIO("undo\nAnn:wealth\ndone\nquit\n"))
    assert main(["wizard-prince", "race", "--load", "bets", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "nothing to undo" in out  # Ann's 'no more bets' was in the session before
    assert "Ann, a bet as" not in out and "Cy bets a Wealth level against the house on Ann" in out
    saved = _saved(tmp_path, "bets")
    assert saved["bets_done"] == ["Ann", "Cy"] and saved["phase"] == "racing" and len(saved["book"]["bets"]) == 1


def test_a_wealth_bet_is_offered_by_number_only_where_the_rules_allow_it(monkeypatch, capsys, tmp_path):
    assert _race(monkeypatch, tmp_path, "2\nquit\n", "w") == 0
    out = capsys.readouterr().out
    # Ann drives, so he may bet only on himself: one Wealth bet is offered, on Ann
    assert "2. a Wealth level against the house on Ann" in out and "house on NPC 1" not in out
    assert "Ann, a bet as CHARIOTEER:GOLD or CHARIOTEER:wealth, or 1-1" in out  # his Wealth level is staked
    bets = _saved(tmp_path, "w")["book"]["bets"]
    assert bets == [{"action": "WealthBet", "bettor": "Ann", "on": "Ann", "wealth": 1}]


def test_a_save_with_a_damaged_list_of_bettors_is_refused_and_left_as_it_was(monkeypatch, capsys, tmp_path):
    assert _race(monkeypatch, tmp_path, "quit\n", "bad") == 0
    store = SaveStore(tmp_path / "s.db")
    saved = store.load("bad", "wizard_prince", "race")
    store.update("bad", "wizard_prince", "race", {**saved.state, "bets_done": ["Nobody"]},
                 revision=saved.revision)
    before = (tmp_path / "s.db").read_bytes()
    capsys.readouterr()
    assert main(["wizard-prince", "race", "--load", "bad", "--db", str(tmp_path / "s.db")]) == 2
    err = capsys.readouterr().err.strip()
    assert "'bets_done' does not name its bettors" in err and "\n" not in err
    assert (tmp_path / "s.db").read_bytes() == before


def test_two_drivers_share_one_screen_and_each_event_is_shown_once(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("done\n1\n1\n15\nquit\n"))
    assert main(["wizard-prince", "race", "--drivers", "Ann:heavy,Bob:light", "--seed", "3",
                 "--db", str(tmp_path / "s.db")]) == 0
    out = capsys.readouterr().out
    assert "Pass the screen" not in out and "\x1b[2J" not in out
    assert out.count("round 1: initiative order") == 1 and out.count("the crowd's bets") <= 1


def test_a_race_with_typed_dice_resumes_and_undoes_asking_the_dice_at_the_loops_prompt(monkeypatch, capsys,
                                                                                         tmp_path):
    db = str(tmp_path / "s.db")
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n" * 80))  # the dice of the set-up, then no answer to the bets
    assert main(["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "1", "--physical-dice", "--db", db,
                 "--save", "typed"]) == 0
    assert "Stopped (end of input); saved as 'typed'" in capsys.readouterr().out
    # no more bets; the initiative dice typed at the loop's prompt (5 and 3); Ann moves, undoes it, quits
    monkeypatch.setattr("sys.stdin", io.StringIO("done\n?\n5\n3\n1\nundo\nquit\n"))
    assert main(["wizard-prince", "race", "--load", "typed", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "the number the die shows" in out  # help at a die's prompt
    assert "Ann's initiative: rolled 5 on 1d6" in out and "Undone: back to before your last action." in out
    saved = _saved(tmp_path, "typed")
    assert saved["rng"]["kind"] == "physical" and saved["phase"] == "racing" and saved["turn"] is None


def test_the_board_counts_laps_done_as_the_placings_do_and_squares_from_the_start_line(monkeypatch, capsys,
                                                                                        tmp_path):
    """Issue 25 item 12: the race started at "square 76/76" and the board said "lap 3/3" where the placings
    said "laps 2"."""
    from magecraft.cli.wizard_prince_race import chariot_table
    from magecraft.wizard_prince.race.race import Race

    assert _race(monkeypatch, tmp_path, "done\n", "start") == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "│ running" in line]
    assert rows and all("│ 0/3 " in row and re.search(r"│ 0/\d+ ", row) for row in rows), rows
    state = Race.from_dict(_saved(tmp_path, "start"))
    ann = state.chariots["Ann"]
    ann.crossings, ann.index = 3, 0   # on the third lap, just past the line: two laps done
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(chariot_table(state, {n: (chr(65 + i), "red") for i, n in enumerate(state.chariots)}))
    row = next(line for line in console.export_text().splitlines() if "Ann" in line)
    assert "│ 2/3 " in row and "│ 1/" in row
