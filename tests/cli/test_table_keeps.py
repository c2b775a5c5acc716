"""Issue 25 items 1 and 2: every game played at the table keeps itself, and a second session never makes the
first one stale or throws it out silently.  Terminal behaviour with a real pty, a second session as a real
process."""

from __future__ import annotations

import io
import signal
import sys
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore

BANQUET = ["wizard-prince", "banquet", "--players", "Ann,Bob:heuristic", "--seed", "2"]


def play(monkeypatch, answers: str, db: Path, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main([*args, "--db", str(db)])


def names(db: Path) -> list[str]:
    return [s.name for s in SaveStore(db).list_saves("wizard_prince", "game")]


def test_save_name_at_the_prompt_renames_the_made_up_save(monkeypatch, capsys, tmp_path):
    db = tmp_path / "s.db"
    assert play(monkeypatch, "1\nsave friday\nquit\n", db, *BANQUET) == 0
    out = capsys.readouterr().out
    assert "This game is now saved as 'friday' (it was 'banquet-1')." in out
    assert "Stopped (quit); saved as 'friday'. Resume with: magecraft wizard-prince banquet --load friday" in out
    assert names(db) == ["friday"]
    # a second game is banquet-1 again (the name is free); renaming it to a taken name is refused
    assert play(monkeypatch, "save friday\nquit\n", db, *BANQUET) == 0
    out = capsys.readouterr().out
    assert "Not renamed: there is already a wizard_prince game saved as 'friday'" in out
    assert names(db) == ["friday", "banquet-1"]


def test_a_resumed_game_opened_and_quit_writes_no_revision(monkeypatch, capsys, tmp_path):
    db = tmp_path / "s.db"
    assert play(monkeypatch, "1\nquit\n", db, *BANQUET, "--save", "g") == 0
    before = SaveStore(db).load("g", "wizard_prince", "game").revision
    for answers in ("quit\n", "", "log\nsave\nquit\n"):
        assert play(monkeypatch, answers, db, *BANQUET[:2], "--load", "g") == 0
    assert SaveStore(db).load("g", "wizard_prince", "game").revision == before
    assert len(SaveStore(db).history_of("g")) == before


def spawn_banquet(db: Path, *extra: str):
    pexpect = pytest.importorskip("pexpect")
    given = BANQUET if "--load" not in extra else BANQUET[:2]
    args = [*given, "--db", str(db), *extra]
    command = f"import sys; from magecraft.cli.app import main; sys.exit(main({args!r}))"
    return pexpect.spawn(sys.executable, ["-c", command], encoding="utf-8", timeout=30, dimensions=(50, 150))


@pytest.mark.parametrize("how", [signal.SIGHUP, signal.SIGKILL], ids=["terminal closed", "killed"])
def test_a_closed_terminal_or_a_killed_process_leaves_the_game_resumable(tmp_path, how):
    pexpect = pytest.importorskip("pexpect")
    db = tmp_path / "s.db"
    child = spawn_banquet(db)
    child.expect_exact("This game keeps itself as 'banquet-1'")
    child.expect_exact("(? for help)")
    child.sendline("1")
    child.expect_exact("(? for help)")
    child.kill(how)          # the terminal window is closed (or the process killed outright)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 129 if how == signal.SIGHUP else child.signalstatus == signal.SIGKILL
    assert SaveStore(db).load("banquet-1", "wizard_prince", "game").state["log"]
    # nobody is left playing it (a dead session's hold is passed over): it opens without a question
    resumed = spawn_banquet(db, "--load", "banquet-1")
    assert resumed.expect_exact(["being played", "(? for help)"]) == 1
    resumed.sendline("quit")
    resumed.expect_exact("Stopped (quit); saved as 'banquet-1'.")
    resumed.expect(pexpect.EOF)


def test_a_second_session_is_told_and_views_or_takes_over(monkeypatch, capsys, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    db = tmp_path / "s.db"
    assert play(monkeypatch, "1\nquit\n", db, *BANQUET, "--save", "g") == 0
    capsys.readouterr()
    first = spawn_banquet(db, "--load", "g")
    first.expect_exact("(? for help)")
    revision = SaveStore(db).load("g", "wizard_prince", "game").revision
    # a game master looks in from another terminal: told, shown the board, nothing written
    assert play(monkeypatch, "v\n", db, *BANQUET[:2], "--load", "g") == 0
    out = capsys.readouterr().out
    assert "'g' is being played in another session (process " in out
    assert "Read-only view: nothing was changed or saved." in out
    assert SaveStore(db).load("g", "wizard_prince", "game").revision == revision
    # leaving it alone changes nothing either
    assert play(monkeypatch, "q\n", db, *BANQUET[:2], "--load", "g") == 0
    assert "Left 'g' to the other session; nothing was changed." in capsys.readouterr().out
    # the first session still plays on
    first.sendline("log")
    first.expect_exact("(? for help)")
    # an explicit take-over from a third terminal; the first session is told at its next move and keeps its
    # game apart
    second = spawn_banquet(db, "--load", "g")
    second.expect_exact("to leave it")
    second.sendline("t")
    second.expect_exact("You took over 'g'")
    second.expect_exact("(? for help)")
    for _ in range(4):  # the menu may be grouped: a few 1s reach an action
        first.sendline("1")
        if first.expect([r"'g' was taken\s+over\s+by\s+another\s+session", r"\(\? for help\)"]) == 0:
            break
    first.expect(r"this game is saved\s+as\s+.g-2.\s+instead")
    first.expect(pexpect.EOF)
    first.close()
    assert first.exitstatus == 1
    assert names(db) == ["g", "g-2"]
    assert SaveStore(db).load("g", "wizard_prince", "game").revision == revision   # the taker's game as it was
    second.sendline("quit")
    second.expect_exact("Stopped (quit); saved as 'g'.")
    second.expect(pexpect.EOF)
