"""The shared play loop on a tiny game: help, undo, log, save, quit, grouped choices, the hot seat."""

from __future__ import annotations

import io
from typing import Any

import pytest

from magecraft.cli import playloop
from magecraft.cli.playloop import CLEAR_SCREEN, Choice, Ending, Menu, PlayLoop, TableGame
from magecraft.core.errors import RuleError, SaveError
from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveConflict


class Tally(TableGame[str]):
    """Ann and Bob take turns: ``step N`` adds N (no dice), ``roll`` adds 1d6, ``peek`` sees a secret number
    only the peeker may see.  The first to 20 wins."""

    resume_command = "tally --load {name}"

    def __init__(self, rng: Randomness, steps: int = 3, people: tuple[str, ...] = ("Ann",)) -> None:
        self.rng = rng
        self.steps = steps
        self.players = people
        self.totals = {"Ann": 0, "Bob": 0}
        self.turn = "Ann"

    def people(self) -> tuple[str, ...]:
        return self.players

    def current_player(self) -> str | None:
        return None if self.is_terminal() else self.turn

    def is_terminal(self) -> bool:
        return max(self.totals.values()) >= 20

    def log(self) -> EventLog:
        return self.rng.log

    def snapshot(self) -> dict[str, Any]:
        return {"totals": dict(self.totals), "turn": self.turn, "rng": self.rng.snapshot(),
                "log": self.rng.log.to_list()}

    def restore(self, snapshot: dict[str, Any]) -> None:
        self.rng = Randomness.restore(snapshot["rng"], EventLog.from_list(snapshot["log"]))
        self.totals = dict(snapshot["totals"])
        self.turn = snapshot["turn"]

    def bot_action(self, player: str) -> str:
        return "step 1"

    def menu(self, player: str) -> Menu[str]:
        steps = [Choice(f"step {n}", f"step {n}", ("step", f"{n // 10 * 10}s")) for n in range(1, self.steps + 1)]
        return Menu(f"{player}: choose", [*steps, Choice("roll a die", "roll"), Choice("peek", "peek")])

    def apply(self, action: str) -> None:
        if action == "step 13":
            raise RuleError("13 is unlucky", rule="Luck")
        player = self.turn
        if action == "roll":
            self.totals[player] += self.rng.roll(6, f"{player}'s roll")
        elif action == "peek":
            self.rng.log.record("secret", f"{player} peeks: the secret is 42", data={"private_to": [player]})
        else:
            self.totals[player] += int(action.split()[1])
        self.rng.log.record("state", f"{player} is at {self.totals[player]}")
        self.turn = "Bob" if player == "Ann" else "Ann"

    def ending(self) -> str:
        return f"{max(self.totals, key=lambda p: self.totals[p])} wins: first to 20."


class Notebook:
    """A saver that keeps what it is given (the ``Saver`` protocol)."""

    def __init__(self, name: str | None = "tally", fail: SaveError | None = None) -> None:
        self.name = name
        self.saved: list[dict[str, Any]] = []
        self.fail = fail

    def save(self, state: dict[str, Any]) -> str:
        if self.fail is not None:
            raise self.fail
        self.saved.append(state)
        return f"Saved as {self.name!r}."


def typed(monkeypatch, answers: str) -> None:
    """The real rich prompt reads ``answers`` from standard input, one a line."""
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))


def test_help_lists_every_word_of_the_prompt(monkeypatch, capsys):
    typed(monkeypatch, "?\nquit\n")
    assert PlayLoop(Tally(Randomness.scripted([])), Notebook()).run() is Ending.QUIT
    out = capsys.readouterr().out
    for word in ("a number 1-5", "undo: take back your last action", "log: the last 20 events", "save: save now",
                 "quit: save and stop", "? or help: this list"):
        assert word in out


def test_undo_restores_the_state_exactly(monkeypatch, capsys):
    # Ann steps 3 and Bob (a bot) steps 1; Ann takes hers back (and so Bob's after it), twice over, then quits.
    game = Tally(Randomness.scripted([]))
    start = game.snapshot()
    typed(monkeypatch, "3\n2\nundo\nundo\nundo\nquit\n")
    saver = Notebook()
    PlayLoop(game, saver).run()
    assert saver.saved[-1] == start and game.snapshot() == start
    out = capsys.readouterr().out
    assert out.count("Undone: back to before your last action.") == 2
    assert "nothing to undo: no action of yours yet in this session" in out


def test_undo_is_refused_after_a_roll_unless_the_table_allows_it(monkeypatch, capsys):
    # Ann rolls (a 4), Bob (a bot) steps; at Ann's next prompt undo is refused, then she quits.
    typed(monkeypatch, "4\nundo\nquit\n")
    saver = Notebook()
    loop = PlayLoop(Tally(Randomness.scripted([4])), saver)
    assert loop.run() is Ending.QUIT
    out = capsys.readouterr().out
    assert "cannot undo: Ann's roll was rolled since your last action" in out
    assert saver.saved[-1]["totals"] == {"Ann": 4, "Bob": 1}
    typed(monkeypatch, "4\nundo\nquit\n")
    start = Tally(Randomness.scripted([4]))
    first = start.snapshot()
    saver = Notebook()
    assert PlayLoop(start, saver, allow_undo_after_rolls=True).run() is Ending.QUIT
    assert saver.saved[-1] == first                   # back to before the roll, exactly
    assert "Undone" in capsys.readouterr().out


def test_a_secret_shown_to_another_player_refuses_undo_without_naming_it(monkeypatch, capsys):
    game = Tally(Randomness.scripted([]), people=("Ann",))
    typed(monkeypatch, "1\nquit\n")
    game.bot_action = lambda player: "peek"  # type: ignore[method-assign]
    PlayLoop(game, Notebook(None)).run()
    typed(monkeypatch, "undo\nquit\n")
    loop = PlayLoop(game, Notebook(None))
    game.totals["Ann"] = 0
    loop._undo.append(playloop._Snapshot(game.snapshot(), len(game.log()) - 2, "Ann"))
    loop._player = "Ann"
    assert loop.undo_refusal() == ("cannot undo: hidden information was revealed to another player since your "
                                   "last action (the table may allow it with --allow-undo-after-rolls)")
    assert "42" not in capsys.readouterr().out


def test_log_shows_the_last_20_events_with_their_rolls(monkeypatch, capsys):
    typed(monkeypatch, "4\n" * 3 + "log\nquit\n")
    PlayLoop(Tally(Randomness.scripted([6, 5, 4])), Notebook(None)).run()
    out = capsys.readouterr().out
    listing = out.split("The last ")[1]
    assert listing.startswith("9 events") and "Ann's roll" in listing
    typed(monkeypatch, "1\n" * 12 + "log\nquit\n")
    PlayLoop(Tally(Randomness.scripted([])), Notebook(None)).run()
    listing = capsys.readouterr().out.split("The last ")[1]
    numbered = [line for line in listing.splitlines() if line.startswith("  ")]
    assert listing.startswith("20 events") and len(numbered) == 20 and numbered[-1].endswith("Bob is at 12")


def test_save_saves_now_and_says_so(monkeypatch, capsys):
    typed(monkeypatch, "1\nsave\nquit\n")
    saver = Notebook()
    PlayLoop(Tally(Randomness.scripted([])), saver).run()
    assert "Saved as 'tally'." in capsys.readouterr().out
    assert saver.saved[1]["totals"] == {"Ann": 1, "Bob": 1}
    typed(monkeypatch, "save\nquit\n")
    PlayLoop(Tally(Randomness.scripted([])), Notebook(None)).run()
    assert "Nothing saved: this game has no save name (start it with --save NAME)." in capsys.readouterr().out


def test_quit_and_end_of_input_save_and_say_how_to_resume(monkeypatch, capsys):
    for answers, how in (("quit\n", "quit"), ("q\n", "quit"), ("", "end of input")):
        typed(monkeypatch, answers)
        saver = Notebook()
        assert PlayLoop(Tally(Randomness.scripted([])), saver).run() is Ending.QUIT
        out = capsys.readouterr().out
        assert out.rstrip().splitlines()[-1].endswith(f"Stopped ({how}); saved as 'tally'. Resume with: "
                                                      "magecraft tally --load tally")
        assert len(saver.saved) == 1


def test_ctrl_c_stops_with_a_clean_line_and_status_130(monkeypatch, capsys):
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt
    monkeypatch.setattr(playloop.options, "ask_at_terminal", interrupted)
    ending = PlayLoop(Tally(Randomness.scripted([])), Notebook()).run()
    assert ending is Ending.INTERRUPTED and ending.status == 130
    assert capsys.readouterr().out.endswith("\nStopped (interrupted); saved as 'tally'. Resume with: magecraft "
                                            "tally --load tally\n")


def test_a_save_conflict_stops_the_game_with_status_1(monkeypatch, capsys):
    typed(monkeypatch, "1\n1\n")
    saver = Notebook(fail=SaveConflict("'tally' was saved by another session since you loaded it"))
    ending = PlayLoop(Tally(Randomness.scripted([])), saver).run()
    assert ending is Ending.CONFLICT and ending.status == 1
    out = capsys.readouterr().out
    assert "'tally' was saved by another session" in out and out.count("choose") == 1


def test_a_rule_refusal_changes_nothing_and_asks_again(monkeypatch, capsys):
    typed(monkeypatch, "1\n2\n4\nquit\n")                # step (the group) > 10s > step 13 (refused)
    saver = Notebook()
    game = Tally(Randomness.scripted([]), steps=30)
    PlayLoop(game, saver).run()
    assert "Refused: Luck: 13 is unlucky" in capsys.readouterr().out   # read as a refusal (issue 25 item 10)
    assert game.totals == {"Ann": 0, "Bob": 0} and game.turn == "Ann"


def test_a_long_list_is_asked_kind_first_then_target_and_0_goes_back(monkeypatch, capsys):
    monkeypatch.setenv("LINES", "20")
    typed(monkeypatch, "1\n0\n1\n2\n5\nquit\n")         # step > back > step > 10s > step 14
    saver = Notebook()
    PlayLoop(Tally(Randomness.scripted([]), steps=30), saver).run()
    out = capsys.readouterr().out
    assert "  1. step (30 choices)" in out and "  2. roll a die" in out
    assert "  2. 10s (10 choices)" in out and "step > 10s" in out
    assert saver.saved[-1]["totals"]["Ann"] == 14


@pytest.mark.parametrize("answer", ["9" * 5000, "\u00b2", "-1", "1e3", "0"])
def test_odd_numbers_are_refused_not_crashed_on(monkeypatch, capsys, answer):
    typed(monkeypatch, f"{answer}\nquit\n")
    assert PlayLoop(Tally(Randomness.scripted([])), Notebook(None)).run() is Ending.QUIT
    assert "is not one of 1-5" in capsys.readouterr().out


def test_the_hot_seat_clears_the_screen_before_the_next_player_sees_anything(monkeypatch, capsys):
    # The screen passes to Ann; she peeks (a secret only she may see) and hides it; it passes to Bob, who quits.
    typed(monkeypatch, "\n5\n\n\nquit\n")
    PlayLoop(Tally(Randomness.scripted([]), people=("Ann", "Bob")), Notebook(None)).run()
    out = capsys.readouterr().out
    ann, bob = out.split(CLEAR_SCREEN)[-2:]
    assert "Ann peeks: the secret is 42" in ann
    assert ann.rstrip().endswith("Ann, press Enter to hide your screen:")
    assert bob.startswith("Pass the screen to Bob") and "42" not in bob and "Ann peeks" not in bob
    assert "Ann is at 0" in bob                        # the public part of her turn he sees


def test_people_at_one_shared_screen_see_each_event_once(monkeypatch, capsys):
    # No hot seat (a game with nothing hidden): Ann steps 1, Bob steps 2, Ann quits; nobody is handed the screen
    typed(monkeypatch, "1\n2\nquit\n")
    ending = PlayLoop(Tally(Randomness.scripted([]), steps=2, people=("Ann", "Bob")), Notebook(None),
                      hot_seat=False).run()
    out = capsys.readouterr().out
    assert ending is Ending.QUIT and CLEAR_SCREEN not in out and "Pass the screen" not in out
    assert out.count("Ann is at 1") == 1 and out.count("Bob is at 2") == 1


def test_a_menu_may_ask_to_be_grouped_before_the_screen_is_full_and_a_lone_choice_keeps_its_words(
        monkeypatch, capsys):
    """Issue 25 item 11: a list of 12 combined choices is asked action first, then target (``Menu.fit``), and a
    heading over one choice shows that choice's own words."""

    class Grouped(Tally):
        def menu(self, player: str) -> Menu[str]:
            menu = super().menu(player)
            return Menu(menu.title, menu.choices, fit=5)

    typed(monkeypatch, "1\n1\n3\nquit\n")                  # step > 1s > step 3
    game = Grouped(Randomness.scripted([]), steps=12)
    PlayLoop(game, Notebook()).run()
    out = capsys.readouterr().out
    assert "1. step (12 choices)" in out and "2. roll a die" in out and "3. peek" in out
    assert "step > 0s" in out or "step > 10s" in out or "1. 0s (9 choices)" in out
    assert game.totals["Ann"] == 3
