"""`magecraft planeswalker`: characters, skill checks and battles at the command line."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def typed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """The person at the keyboard types ``text`` at the real prompt (end of input after it: Ctrl-D)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


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


def test_the_command_line_spells_stats_as_character_create_does(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    from magecraft.planeswalker.character import Character

    db = tmp_path / "s.sqlite3"
    code, _, err = run(capsys, "planeswalker", "character", "new", "Tezzeret", "--identity", "A,U", "--race",
                       "Other", "--raise", "Channeling=1,channelling=1", "--artifact-stats", "Toughness",
                       "--db", str(db))
    assert code == 0, err
    saved = Character.from_dict(SaveStore(db).load("Tezzeret", "planeswalker", "character").state["character"])
    made = Character.create("Tezzeret", identity=("A", "U"), race="Other", artifact_stats=("Toughness",),
                            increases={"Channeling": 1, "channelling": 1})
    assert saved == made and saved.stats["channelling"] == 5


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
    """(Issue 25 item 7: 'mastery=1,power=2' costs 2 of the 5 build points; the unfinished sheet is shown
    and kept only when the creator says so.)"""
    prompts = answers(monkeypatch, ["Nissa", "G,G,G,G", "G,G,R", "Orc", "Elf", "mastery=9", "mastery=1,power=2",
                                    "", "Grizzly Bears,Shock", "Grizzly Bears", "k"])
    code, out, err = run(capsys, "planeswalker", "character", "new", "--db", str(tmp_path / "s.sqlite3"), "--json")
    assert code == 0, err
    assert "up to 3 identity sources" in out and "unknown race 'Orc'" in out and "Build points" in out
    assert "Not finished: 3 build points are unspent" in out
    sheet = json.loads(out[out.index("{"):])
    assert sheet["identity"] == ["G", "G", "R"] and sheet["stats"]["speed"] == 3 and len(prompts) == 11


def test_interactive_new_explains_and_is_finished_before_it_is_kept(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 item 7: help at each question, no 'Invalid value for --raise' at a prompt, the build points'
    prices said, and a sheet with unspent points finished before it is saved (or the creator leaves)."""
    db = tmp_path / "s.sqlite3"
    answers(monkeypatch, ["?", "Kaya", "G,G,R", "", "help", "mastery", "power=2", "", "Grizzly Bears",
                          "Grizzly Bears", "b", "power=2,mastery=4", "k"])
    code, out, err = run(capsys, "planeswalker", "character", "new", "--db", str(db))
    assert code == 0, err
    text = " ".join(out.split())
    assert "The planeswalker's name. Type quit to stop (nothing is saved)." in text
    assert "each two points of Power, Toughness, Life cost 1" in text
    assert "Invalid value" not in text and "is not STAT=POINTS" in text
    assert "Not finished: 4 build points are unspent" in text
    saved = SaveStore(db).load("Kaya", "planeswalker", "character").state["character"]
    assert saved["increases"] == {"power": 2, "mastery": 4}
    answers(monkeypatch, ["Zed", "G", "", "", "", "", "", "quit"])
    code, _, err = run(capsys, "planeswalker", "character", "new", "--db", str(db))
    assert code == 0 and "nothing was saved" in err
    assert [s.name for s in SaveStore(db).list_saves("planeswalker")] == ["Kaya"]


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
    # You (Speed 5) act first: channel, then Shock (2) and Volcanic Hammer (3) kill the bears (Life 4) on turn one.
    typed(monkeypatch, "fly away\nhelp\nchannel\ncast Shock at c1\n3\n")
    code, out, err = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--against", "Grizzly Bears",
                         "--seed", "1", "--db", str(tmp_path / "s.sqlite3"))
    assert code == 0, err
    assert "'fly away' is not one of 1-5" in out
    assert "3. Cast Volcanic Hammer at Grizzly Bears (c1)" in out  # the menu in the rule book's words
    assert "Battle over after 1 rounds: the party are the last standing (you win)." in out


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
    typed(monkeypatch, "channel\n")  # the player leaves (Ctrl-D) at the second decision
    code, out, _ = run(capsys, *base, "--against", "Grizzly Bears", "--seed", "4", "--save", "evening")
    assert code == 0  # like quit: saved, and told how to resume
    assert ("Stopped (end of input); saved as 'evening'. Resume with: magecraft planeswalker fight "
            "--load evening") in out
    saved = SaveStore(db).load("evening", "planeswalker", "game").state
    assert saved["phase"] == "main" and saved["round"] == 1
    typed(monkeypatch, "cast Shock at c1\ncast Volcanic Hammer at c1\n")
    code, out, err = run(capsys, *base, "--load", "evening")
    assert code == 0, err
    assert "Resumed the battle saved as 'evening': round 1" in out and "Battle over" in out
    assert SaveStore(db).load("evening", "planeswalker", "game").state["phase"] == "over"
    code, _, err = run(capsys, *base, "--load", "evening", "--seed", "3")
    assert code == 2 and "drop --seed" in err


def test_a_resumed_battle_replays_the_story_since_your_last_decision(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    base = ["planeswalker", "fight", "Kiora the Wanderer", "--db", str(db)]
    typed(monkeypatch, "channel\nend\n")  # the bears take their turn; the player leaves at round 2
    code, out, _ = run(capsys, *base, "--against", "Grizzly Bears", "--seed", "4", "--save", "evening")
    assert code == 0 and "Grizzly Bears (c1) moves to close combat" in out
    typed(monkeypatch, "")
    code, out, err = run(capsys, *base, "--load", "evening")
    assert code == 0, err
    story = out[out.index("Resumed the battle"):out.index("Round 2, turn order")]
    # your last decision (end) and what the bears did since, before the board
    assert "Grizzly Bears (c1) moves to close combat with Kiora the Wanderer" in story
    assert "channels" not in story  # not the whole battle: that is what `log` is for


# -- the shared play loop's words at the battle's prompt ---------------------------------------------

#: Kiora (Speed 5) acts first against the bears in close combat; when she ends her turn the bears engage
#: her (Power and Toughness rolls), and it is her turn again in round 2.
CLOSE = ["planeswalker", "fight", "Kiora the Wanderer", "--against", "Grizzly Bears", "--close", "--seed", "1"]


def _saved_after(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: Path, name: str,
                 keys: str, *extra: str) -> tuple[dict[str, Any], str]:
    typed(monkeypatch, keys)
    code, out, err = run(capsys, *CLOSE, "--db", str(db), "--save", name, *extra)
    assert code == 0, err
    return SaveStore(db).load(name, "planeswalker", "game").state, out


def test_help_at_the_battle_prompt_names_every_word(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = _saved_after(capsys, monkeypatch, tmp_path / "s.sqlite3", "g", "?\nquit\n")
    help_text = out[out.index("You may type:"):]
    for line in ("a number 1-5: the choice listed under it", "the decision in words, e.g. 'channel'",
                 "undo: take back your last action (not once a die was rolled", "log: the last 20 events",
                 "save: save now as 'g'", "quit: save and stop"):
        assert line in help_text


def test_undo_restores_the_battle_exactly(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    untouched, _ = _saved_after(capsys, monkeypatch, db, "before", "quit\n")
    channelled, _ = _saved_after(capsys, monkeypatch, db, "after", "channel\nquit\n")
    undone, out = _saved_after(capsys, monkeypatch, db, "undone", "channel\nundo\nquit\n")
    assert channelled != untouched and channelled["phase"] == "main"
    assert undone == untouched  # the whole to_dict(): fighters, mana, phase, dice and log
    assert "Undone: back to before your last action." in out
    assert out.count("Round 1, your turn, Channelling Phase. You may:") == 2


def test_undo_after_the_bears_rolled_is_refused_unless_the_table_allows_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    ended, _ = _saved_after(capsys, monkeypatch, db, "ended", "channel\nend\nquit\n")
    refused, out = _saved_after(capsys, monkeypatch, db, "refused", "channel\nend\nundo\nquit\n")
    assert ("cannot undo: Grizzly Bears (c1)'s Power roll was rolled since your last action (the table may "
            "allow it with --allow-undo-after-rolls)") in out
    assert refused == ended and refused["round"] == 2  # the refusal changed nothing
    channelled, _ = _saved_after(capsys, monkeypatch, db, "channelled", "channel\nquit\n")
    allowed, out = _saved_after(capsys, monkeypatch, db, "allowed", "channel\nend\nundo\nquit\n",
                                "--allow-undo-after-rolls")
    assert "cannot undo" not in out and allowed == channelled and allowed["round"] == 1


def test_log_shows_the_last_events_with_their_rolls(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = _saved_after(capsys, monkeypatch, tmp_path / "s.sqlite3", "g", "channel\nend\nlog\nquit\n")
    log = out[out.index("The last 18 events:"):]  # no "repelled" event: the Bears stay close (PW9)
    assert "9   Grizzly Bears (c1)'s Power roll: rolled 2" in log
    assert "Grizzly Bears (c1) strikes Kiora the Wanderer: 7 against 5, 2 damage (Life 3)" in log


def test_quit_without_a_save_name_keeps_the_battle_under_a_made_up_name(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 item 1: a battle started without --save keeps itself (fight-1) and resumes without the name."""
    db = tmp_path / "s.sqlite3"
    typed(monkeypatch, "q\n")
    code, out, _ = run(capsys, *CLOSE, "--db", str(db))
    assert code == 0 and "This game keeps itself as 'fight-1'" in out
    assert "Stopped (quit); saved as 'fight-1'. Resume with: magecraft planeswalker fight" in out
    assert [s.name for s in SaveStore(db).list_saves("planeswalker")] == ["fight-1"]
    typed(monkeypatch, "q\n")
    assert run(capsys, "planeswalker", "fight", "--load", "fight-1", "--db", str(db))[0] == 0


def test_allow_undo_is_refused_with_auto(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, *CLOSE, "--auto", "--allow-undo-after-rolls", "--db", str(tmp_path / "s.sqlite3"))
    assert code == 2 and "nothing to undo" in err


def test_the_enemy_mages_memory_stays_hidden(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from magecraft.cli.planeswalker import BattleTable
    from magecraft.core.randomness import Randomness
    from magecraft.planeswalker.bot import ready_mage
    from magecraft.planeswalker.combat import Battle

    typed(monkeypatch, "quit\n")
    code, out, _ = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--mage", "Counterspell Adept",
                       "--seed", "2", "--db", str(tmp_path / "s.sqlite3"))
    assert code == 0 and "Memory 4," in out and "Library 10" in out  # counts only
    assert "Remove Soul" not in out and "Mana Leak" not in out
    battle = Battle.start(ready_mage("Kiora the Wanderer"), [], Randomness.seeded(2),
                          enemy_mage=ready_mage("Counterspell Adept"))
    table = BattleTable(battle)
    event = battle.log.record("action", "forget Mana Leak", data={"by": "mage", "action": "forget Mana Leak"})
    assert not table.visible(event, "you") and table.visible(event, "mage")


def test_typed_dice_are_asked_at_the_loops_prompt_and_quit_there_keeps_the_state_before(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    # the bears engage at once: their first Power die is typed (3), then the table quits at the second
    typed(monkeypatch, "channel\nend\n3\nquit\n")
    code, out, err = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--against", "Grizzly Bears",
                         "--close", "--physical-dice", "--save", "p", "--db", str(db))
    assert code == 0, err
    assert out.count("Roll 1d6 for Grizzly Bears (c1)'s Power roll") == 2 and "Stopped (quit); saved as 'p'" in out
    saved = SaveStore(db).load("p", "planeswalker", "game").state
    assert saved["phase"] == "main" and saved["order"][saved["turn"]] == "c1"  # the bears have not moved yet
    assert [e["label"] for e in saved["log"]][-1] == "Grizzly Bears (c1)'s turn"
    assert not any(e["kind"] == "roll" for e in saved["log"])


def test_ctrl_c_saves_and_exits_130(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("magecraft.cli.options.ask_at_terminal", interrupt)
    db = tmp_path / "s.sqlite3"
    code, out, _ = run(capsys, *CLOSE, "--save", "g", "--db", str(db))
    assert code == 130 and "\nStopped (interrupted); saved as 'g'." in out
    assert SaveStore(db).load("g", "planeswalker", "game").state["phase"] == "channelling"


def test_excess_mana_is_one_line_and_the_amount_is_asked_next(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # Kiora's Mana Pool is full: what she may channel here (3) can only be excess mana
    saved, out = _saved_after(capsys, monkeypatch, tmp_path / "s.sqlite3", "g", "3\n9\n2\nquit\n")
    assert "3. Channel mana with excess mana (how much is asked next)" in out
    assert "'9' is not one of 1-3" in out
    you = next(f for f in saved["fighters"] if f["id"] == "you")
    assert saved["phase"] == "main" and you["mana"]["C"] == 2


def test_rest_short_and_extended_through_the_saved_sheet(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    assert run(capsys, *NEW, "--db", db)[0] == 0
    code, out, _ = run(capsys, "planeswalker", "character", "day", "Jace", "--life", "2", "--used", "Remove Soul",
                       "--json", "--db", db)
    assert code == 0 and json.loads(out)["life"] == 2 and json.loads(out)["used"] == ["Remove Soul"]
    code, out, _ = run(capsys, "planeswalker", "rest", "Jace", "--short", "--json", "--db", db)
    sheet = json.loads(out)
    assert code == 0 and sheet["life"] is None and sheet["used"] == []
    assert sheet["memorized"] == ["Remove Soul", "Grizzly Bears"]
    code, out, _ = run(capsys, "planeswalker", "rest", "Jace", "--extended", "--memorize", "Shock,Giant Growth",
                       "--json", "--db", db)
    assert code == 0 and json.loads(out)["memorized"] == ["Shock", "Giant Growth"]
    code, out, _ = run(capsys, "planeswalker", "character", "show", "Jace", "--json", "--db", db)
    assert json.loads(out)["memorized"] == ["Shock", "Giant Growth"]


def test_rest_refusals_exit_without_touching_the_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    assert run(capsys, *NEW, "--db", str(db))[0] == 0
    before = db.read_bytes()
    for args, code_wanted, words in (
            (["rest", "Jace", "--db", str(db)], 2, "--short or --extended"),
            (["rest", "Jace", "--short", "--extended", "--db", str(db)], 2, "--short or --extended"),
            (["rest", "Jace", "--short", "--memorize", "Shock", "--db", str(db)], 2, "extended rest"),
            (["rest", "Jace", "--extended", "--memorize", "Counsel of the Soratami", "--db", str(db)], 1,
             "Library"),
            (["character", "day", "Jace", "--used", "Shock", "--db", str(db)], 1, "prepared"),
            (["rest", "Nobody", "--short", "--db", str(db)], 2, "Nobody")):
        code, _, err = run(capsys, "planeswalker", *args)
        assert code == code_wanted and words in err and "Traceback" not in err, (args, code, err)
        assert db.read_bytes() == before


def test_a_party_fights_with_auto(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    assert run(capsys, *NEW, "--db", db)[0] == 0
    args = ["planeswalker", "fight", "Kiora the Wanderer", "--party", "Jace,Counterspell Adept", "--against",
            "Grizzly Bears,Goblin Piker", "--auto", "--seed", "4", "--json", "--db", db]
    first, second = run(capsys, *args, "--practice"), run(capsys, *args, "--practice")
    assert first[0] == 0 and first == second  # a practice battle leaves Jace's sheet alone: the same battle
    result = json.loads(first[1])["result"]
    assert result["over"] and result["fighters"]["p2"]["name"] == "Jace"
    assert result["fighters"]["p3"]["name"] == "Counterspell Adept"
    code, out, _ = run(capsys, *args[:-3], "--db", db)
    assert code == 0 and "Battle over" in out


def test_a_party_without_members_or_repeated_is_refused(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    db = ["--db", str(tmp_path / "s.sqlite3")]
    for party, words in ((" , ", "name the party"), ("Kiora the Wanderer", "once"), ("Nobody", "Nobody")):
        code, _, err = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--party", party, "--against",
                           "Grizzly Bears", "--auto", *db)
        assert code == 2 and words in err and "Traceback" not in err, (party, err)


def test_a_party_at_the_terminal_plays_in_the_hot_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from magecraft.cli.playloop import CLEAR_SCREEN

    # seed 3: Kiora acts first, then the Adept; every answer is "1" (Enter at a hand-over is any answer)
    typed(monkeypatch, "1\n" * 12)
    code, out, _ = run(capsys, "planeswalker", "fight", "Kiora the Wanderer", "--party", "Counterspell Adept",
                       "--against", "Grizzly Bears", "--seed", "3", "--db", str(tmp_path / "s.sqlite3"))
    assert code == 0
    assert "Pass the screen to Kiora the Wanderer" in out and "Pass the screen to Counterspell Adept" in out
    adepts = out.split("Pass the screen to Counterspell Adept")[1].split(CLEAR_SCREEN)[0]
    assert out.split("Pass the screen to Counterspell Adept")[0].endswith(CLEAR_SCREEN)
    assert "Counterspell Adept: Life" in adepts and "Remove Soul" in adepts  # its own Memory
    assert "Kiora the Wanderer: Life" not in adepts  # not the other player's panel
    assert "Memory 3, Library" in adepts or "Memory 4, Library" in adepts  # Kiora's as counts only


def test_a_party_member_marked_for_the_bot_plays_beside_the_person(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    base = ["planeswalker", "fight", "Kiora the Wanderer", "--db", str(db)]
    # seed 3: Kiora acts first, then the Adept (the bot's); the person answers only for Kiora
    typed(monkeypatch, "1\nend\n")
    code, out, _ = run(capsys, *base, "--party", "bot:Counterspell Adept", "--against", "Grizzly Bears",
                       "--seed", "3", "--save", "duo")
    assert code == 0
    assert "Pass the screen" not in out  # one person: no hot seat
    saved = SaveStore(db).load("duo", "planeswalker", "game").state
    assert saved["table"]["bots"] == ["p2"]
    assert saved["order"].index("p2") < len(saved["order"])
    adept_acted = [e for e in saved["log"] if e["kind"] == "action" and e["data"].get("by") == "p2"]
    assert adept_acted  # the bot played the Adept's turn without asking
    # resumed: the Adept is still the bot's, so the person is asked only on Kiora's decisions
    prompts = answers(monkeypatch, ["1"] * 400)
    code, out, _ = run(capsys, *base, "--load", "duo")
    assert code == 0 and "Battle over" in out
    assert prompts and all("Counterspell Adept" not in p for p in prompts)
    code, _, err = run(capsys, *base, "--party", "bot: ", "--against", "Grizzly Bears", "--auto")
    assert code == 2 and "followed by a character's name" in err


def test_the_library_question_lists_the_spells_this_sheet_can_cast(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 item 7 ("no list of stats or spells is shown"): ``?`` at the Library question lists the spells the
    sheet so far could ever cast (Mastery and Mana Pool), with their costs: green ones for a G,G,G identity,
    no red one, no land."""
    answers(monkeypatch, ["Nissa", "G,G,G", "", "mastery=1,power=2,toughness=2", "", "?", "Grizzly Bears",
                          "Grizzly Bears", "k"])
    code, out, err = run(capsys, "planeswalker", "character", "new", "--db", str(tmp_path / "s.sqlite3"))
    assert code == 0, err
    text = " ".join(out.split())
    listed = text[text.index("this sheet can cast: "):]
    assert "Grizzly Bears ({1}{G})" in listed and "Llanowar Elves ({G})" in listed
    assert "Shock" not in listed and "Forest" not in listed
