"""The play loop's words at the real prompt of each system: help, undo, log, save, quit, Ctrl-D, Ctrl-C."""

from __future__ import annotations

import io
import re
import shlex
import sys
from pathlib import Path

import pytest

from magecraft.cli import options
from magecraft.cli.app import SYSTEMS as APP_SYSTEMS
from magecraft.cli.app import main
from magecraft.cli.playloop import CLEAR_SCREEN
from magecraft.core.saves import SaveStore

BANQUET = ["wizard-prince", "banquet", "--players", "Ann,Bob:heuristic", "--seed", "2"]
SOLO = ["mage-wars", "solo", "--seed", "3"]
DUEL = ["mtg-rpg", "duel", "referee", "referee-2", "--play-as", "referee", "--seed", "1"]
#: The system name each saves under, and the first answer that takes an action at its first prompt.
SYSTEMS = {"banquet": (BANQUET, "wizard_prince", "1"), "solo": (SOLO, "mage_wars", "Jet Stream"),
           "duel": (DUEL, "mtg_rpg", "2")}


def play(monkeypatch, answers: str, db: Path, args: list[str], *extra: str) -> int:
    """Run a command with ``answers`` typed at its (real, rich) prompts, one a line."""
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main([*args, "--db", str(db), *extra])


def saved(db: Path, name: str, system: str) -> dict:
    state = dict(SaveStore(db).load(name, system, "game").state)
    state.pop("controllers", None)
    state.pop("spell_numbers", None)
    return state


@pytest.mark.parametrize("system", SYSTEMS)
def test_help_lists_what_can_be_typed(monkeypatch, capsys, tmp_path, system):
    args, _, _ = SYSTEMS[system]
    assert play(monkeypatch, "help\nquit\n", tmp_path / "s.db", args) == 0
    out = capsys.readouterr().out
    assert "You may type:" in out and "undo: take back your last action" in out and "log: the last 20" in out
    assert "quit: save and stop" in out and "? or help: this list" in out
    assert "save NAME: save now under NAME" in out
    if system == "solo":
        assert "card NAME: show a card" in out


@pytest.mark.parametrize("system", SYSTEMS)
def test_undo_after_rolls_is_refused_then_allowed_by_the_table_and_restores_exactly(monkeypatch, capsys,
                                                                                   tmp_path, system):
    args, name, first = SYSTEMS[system]
    db = tmp_path / "s.db"
    # the state at the first prompt, saved by quitting there
    assert play(monkeypatch, "quit\n", db, args, "--save", "before") == 0
    # one action; the others' turns roll dice before the next prompt: undo is refused, and nothing changes
    assert play(monkeypatch, f"{first}\nundo\nquit\n", db, args, "--save", "refused") == 0
    out = capsys.readouterr().out
    assert "cannot undo:" in out and "since your last action" in out
    assert saved(db, "refused", name) != saved(db, "before", name)
    # with --allow-undo-after-rolls the same undo goes back to exactly the state before the action
    assert play(monkeypatch, f"{first}\nundo\nquit\n", db, args, "--save", "undone",
                "--allow-undo-after-rolls") == 0
    assert "Undone: back to before your last action." in capsys.readouterr().out
    assert saved(db, "undone", name) == saved(db, "before", name)


@pytest.mark.parametrize("system", SYSTEMS)
def test_log_shows_recent_events_with_rolls(monkeypatch, capsys, tmp_path, system):
    args, _, first = SYSTEMS[system]
    assert play(monkeypatch, f"{first}\nlog\nquit\n", tmp_path / "s.db", args) == 0
    listing = capsys.readouterr().out.split("The last ", 1)[1]
    assert "rolled" in listing


@pytest.mark.parametrize("system", SYSTEMS)
def test_save_now_and_quit_saying_how_to_resume(monkeypatch, capsys, tmp_path, system):
    args, name, first = SYSTEMS[system]
    db = tmp_path / "s.db"
    assert play(monkeypatch, f"{first}\nsave\nquit\n", db, args, "--save", "evening") == 0
    out = capsys.readouterr().out
    assert re.search(r"Saved 'evening' \(revision \d+\) in ", out)      # the session's message
    assert "Stopped (quit); saved as 'evening'." in out
    if system != "duel":
        assert "--load evening" in out
    assert SaveStore(db).load("evening", name, "game").state


#: The name a game started without --save keeps itself under (issue 25 item 1).
STEMS = {"banquet": "banquet", "solo": "mage-wars", "duel": "duel"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_end_of_input_ends_like_quit_and_keeps_the_game(monkeypatch, capsys, tmp_path, system):
    args, name, first = SYSTEMS[system]
    db = tmp_path / "s.db"
    assert play(monkeypatch, f"{first}\n", db, args) == 0
    out = capsys.readouterr().out
    kept = f"{STEMS[system]}-1"
    assert out.startswith(f"This game keeps itself as {kept!r} (saved after every move; type 'save NAME'")
    assert f"\nStopped (end of input); saved as {kept!r}." in out
    assert [s.name for s in SaveStore(db).list_saves(name, "game")] == [kept]


@pytest.mark.parametrize("system", SYSTEMS)
def test_ctrl_c_ends_with_one_line_and_status_130(monkeypatch, capsys, tmp_path, system):
    args, _, _ = SYSTEMS[system]

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(options, "ask_at_terminal", interrupt)
    assert main([*args, "--db", str(tmp_path / "s.db")]) == 130
    captured = capsys.readouterr()
    assert f"\n\nStopped (interrupted); saved as '{STEMS[system]}-1'." in captured.out
    assert captured.err == ""


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_5000_digit_answer_is_refused_not_a_crash(monkeypatch, capsys, tmp_path, system):
    args, _, _ = SYSTEMS[system]
    assert play(monkeypatch, "9" * 5000 + "\nquit\n", tmp_path / "s.db", args) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out and "Stopped (quit)" in out


def menu_number(listing: str, text: str) -> str:
    """The number the last menu in ``listing`` gives to the line containing ``text``."""
    return next(line.split(".")[0].strip() for line in listing.splitlines()[::-1] if text in line)


def test_a_snoop_never_reaches_the_next_player_in_the_hot_seat(monkeypatch, capsys, tmp_path):
    db = tmp_path / "s.db"
    # both enter (each after a hand-over), then the first player of turn 1 stops
    assert play(monkeypatch, "\n1\n\n1\n\nq\n", db, ["wizard-prince", "banquet", "--players", "Ann,Bob",
                                                     "--seed", "5", "--save", "hot"]) == 0
    out = capsys.readouterr().out
    state = SaveStore(db).load("hot", "wizard_prince", "game").state
    player = state["order"][state["index"]]
    other = "Bob" if player == "Ann" else "Ann"
    snoop = menu_number(out, "SNOOP (")
    # hand-over, SNOOP courtier 1 shown to nobody, Enter to hide it, hand-over to the other, who quits
    assert play(monkeypatch, f"\n{snoop}\n1\n\n\nq\n", db, ["wizard-prince", "banquet", "--load", "hot"]) == 0
    screens = capsys.readouterr().out.split(CLEAR_SCREEN)
    mine = next(s for s in screens if f"Pass the screen to {player}" in s)
    theirs = screens[-1]
    chit = next(line for line in mine.splitlines() if f"{player} snoops courtier-1:" in line).split(": ")[-1]
    assert mine.rstrip().endswith(f"{player}, press Enter to hide your screen:")
    assert theirs.startswith(f"Pass the screen to {other}")
    assert "snoops courtier-1:" not in theirs and chit not in theirs and f"courtiers {other} knows" not in theirs


def test_the_terminal_is_cleared_with_its_scrollback_and_ctrl_c_exits_130(tmp_path, ctrl_c_as_at_a_terminal):
    pexpect = pytest.importorskip("pexpect")
    command = (f"import sys; from magecraft.cli.app import main; sys.exit(main(['wizard-prince', 'banquet', "
               f"'--players', 'Ann,Bob', '--seed', '5', '--db', {str(tmp_path / 's.db')!r}]))")
    child = pexpect.spawn(sys.executable, ["-c", command], encoding="utf-8", timeout=30,
                          dimensions=(50, 150), preexec_fn=ctrl_c_as_at_a_terminal)
    child.expect_exact(CLEAR_SCREEN)
    child.expect_exact("Pass the screen to")
    child.sendline("")
    child.expect_exact("choose an action")
    child.expect_exact("(? for help)")
    child.sendintr()
    child.expect_exact("Stopped (interrupted)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_a_bad_db_is_reported_before_any_board_is_drawn(monkeypatch, capsys, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    for args in (BANQUET, SOLO):
        assert play(monkeypatch, "1\nquit\n", text, args, "--save", "x") == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "is not a magecraft save store" in captured.err
    assert text.read_text() == "not a database"


def test_help_shows_the_nobles_file_format(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["wizard-prince", "banquet", "--help"]) == 0
    assert "TOML file of [[noble]] sheets." in capsys.readouterr().out


def test_a_misspelled_mage_wars_card_suggests_the_near_names(capsys):
    assert main(["mage-wars", "card", "Emerld Tegu"]) == 2
    assert capsys.readouterr().err == ("magecraft: no Mage Wars card named 'Emerld Tegu'; did you mean "
                                       "'Emerald Tegu'?\n")


def test_too_many_heroic_points_are_a_bad_argument_said_once(capsys, tmp_path):
    assert main(["mtg-rpg", "action", "Sarin", "--skill", "Athletics", "--heroic", "5",
                 "--db", str(tmp_path / "s.db")]) == 2
    err = capsys.readouterr().err
    assert err == ("magecraft mtg-rpg action: Invalid value for --heroic: 5 experience points: a heroic deed "
                   "spends 0 to 3\n")


HUGE = "9" * 5000


@pytest.mark.parametrize("args", [["roll", "3d6", "--dice", HUGE], ["roll", "3d6", "--seed", HUGE],
                                  ["mage-wars", "solo", "--wall", f"B1-C1:{HUGE}"],
                                  ["mtg-rpg", "duel", "referee", "referee-2", "--at-table", "--kind",
                                   "limited-turns", "--life", f"referee={HUGE}"]])
def test_a_5000_digit_option_is_one_line_and_exit_2(capsys, tmp_path, args):
    assert main([*args, "--db", str(tmp_path / "s.db")] if args[0] == "mtg-rpg" else args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("args", [
    ["mtg-rpg", "action", "Sarin", "--skill", "Athletics", "--difficulty", HUGE],
    ["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "1", "--bet", f"Ann:Ann:{HUGE}"],
    ["wizard-prince", "race", "--drivers", "Ann:heavy,Bob:light", "--side-bet", f"Ann:Bob:Ann:{HUGE}:1"],
    ["planeswalker", "character", "new", "Kaya", "--identity", "W", "--raise", f"power={HUGE}"],
    ["wizard-prince", "campaign", "year", "c", "--adventure", f"Ann:gold:{HUGE}:found"],
    ["saves", "history", HUGE], ["saves", "show", HUGE], ["saves", "log", HUGE],
    ["saves", "delete", HUGE, "--yes"],
], ids=lambda args: " ".join(args[:2]) + " " + next(a for a in args if HUGE in a)[:12])
def test_the_issues_5000_digit_numbers_are_refused_in_one_line(capsys, tmp_path, args):
    """Issue 25 item 8: each of these ended in `ValueError: Exceeds the limit (4300 digits)`; every number is
    now read by ``core.numbers.whole_number``, its length checked first."""
    db = tmp_path / "s.db"
    SaveStore(db).create("kept", "mage_wars", "game", {"log": []})
    before = db.read_bytes()
    assert main([*args, "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "Exceeds the limit" not in err
    assert len(err) < 500 and db.read_bytes() == before


def test_typed_dice_are_asked_at_the_loops_prompt_and_quit_there_keeps_the_state_before(monkeypatch, capsys,
                                                                                           tmp_path):
    db = tmp_path / "s.db"
    # plan Jet Stream; the Dummy Mage's quick cast asks for a d12: help, then quit in the middle of the move
    assert play(monkeypatch, "Jet Stream\nhelp\nquit\n", db, ["mage-wars", "solo", "--physical-dice",
                                                             "--save", "typed"]) == 0
    out = capsys.readouterr().out
    assert "Roll 1d12 for Dummy Mage quick cast/action" in out and "the number the die shows" in out
    assert "Stopped (quit); saved as 'typed'." in out
    state = SaveStore(db).load("typed", "mage_wars", "game").state
    # the Dummy Mage's turn is its seat's move (issue 22): the state before it, your plan made, is kept
    assert (state["pending"], state["planned"]) == ("dummy_quick_cast", ["Jet Stream"])
    chosen = [e["label"] for e in state["log"] if e["label"].startswith("you chose:")]
    assert chosen == ["you chose: plan Jet Stream"]
    assert not any(e["kind"] == "roll" and "quick cast/action" in e["label"] for e in state["log"])



def test_a_banquet_played_with_typed_dice_goes_on_after_loading(monkeypatch, capsys, tmp_path):
    """A banquet saved with physical dice resumes at the terminal and asks for the next die there (it used to
    be refused: "this game uses physical dice: resume it at a terminal")."""
    db = tmp_path / "s.db"
    # the two equal nobles roll for the choice of gate (3, 4: Bob first), then quit at Bob's first prompt
    args = ["wizard-prince", "banquet", "--players", "Ann,Bob", "--physical-dice"]
    assert play(monkeypatch, "3\n4\nquit\n", db, args, "--save", "typed") == 0
    assert "saved as 'typed'" in capsys.readouterr().out
    before = SaveStore(db).load("typed", "wizard_prince", "game").state
    assert before["entry_order"] == ["Bob", "Ann"]
    # Bob enters at a gate, Ann at another; the turn's initiative dice are then typed at the game's prompt
    assert play(monkeypatch, "\n1\n\n1\n6\n2\nquit\n", db, ["wizard-prince", "banquet", "--load", "typed"]) == 0
    out, err = capsys.readouterr()
    assert "physical dice" not in err and "Traceback" not in out + err
    assert "Roll 1d6 for Ann's initiative, turn 1" in out
    after = SaveStore(db).load("typed", "wizard_prince", "game").state
    assert after["rng"]["kind"] == "physical" and after["order"] == ["Ann", "Bob"]



#: How each system's first command stops at the end of input (ruling C6): a game's play loop stops as at
#: "quit" (0), the game kept under its made-up name (issue 25 item 1); a Wizard's or planeswalker's creation
#: is a one-off prompt, stopped with nothing made (1).
FIRST_STOP = {"wizard-prince": 0, "mtg-rpg": 1, "planeswalker": 1, "magic-realm": 0, "mage-wars": 0}


@pytest.mark.parametrize("entry", APP_SYSTEMS, ids=lambda e: e.command)
def test_each_systems_first_command_reaches_its_first_prompt(monkeypatch, capsys, tmp_path, entry):
    """The command `magecraft` shows a new user for each system runs as shown: it reaches its first prompt,
    and the end of input there stops it cleanly (one line, no traceback, nothing saved)."""
    db = tmp_path / "s.db"
    assert play(monkeypatch, "", db, shlex.split(entry.start)) == FIRST_STOP[entry.command]
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "stopped" in (out + err).lower()
    kept = [] if not db.exists() else [(s.name, s.revision) for s in SaveStore(db).list_saves()]
    if FIRST_STOP[entry.command] == 0:
        assert len(kept) == 1 and f"saved as {kept[0][0]!r}" in out
    else:
        assert kept == []
