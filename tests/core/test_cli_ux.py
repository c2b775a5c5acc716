"""The command line as a new user meets it: help that reads as sentences, groups that answer without a
command, save filters that understand the command names, times people read."""

from __future__ import annotations

import json

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "sentence"), [
    # a paragraph of a command's own help
    (["mtg-rpg", "duel", "--help"], "and the victory conditions (--victory); FIRST proclaims the stakes"),
    (["wizard-prince", "banquet", "--help"], "keeps saving under its name (--load with --save"),
    # a command's line in its group's list
    (["mtg-rpg", "--help"], "with --mentor the apprentice is taken on"),
    (["mtg-rpg", "character", "--help"], "a taken name is refused unless --overwrite"),
])
def test_help_paragraphs_wrap_as_sentences_not_at_the_source_lines(capsys, monkeypatch, args, sentence):
    # wide enough for each sentence: a break inside it can only come from the docstring's own lines
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert sentence in out


@pytest.mark.parametrize("group", ["saves", "table"])
def test_a_group_without_a_command_prints_its_help_not_an_error(capsys, group):
    code, out, err = run(capsys, group)
    assert code == 2  # as click (and the systems' groups) answer a group without a command
    assert out.startswith(f"Usage: magecraft {group} [OPTIONS] COMMAND") and "Commands:" in out
    assert err == ""


def test_the_saves_commands_are_listed_whole(capsys):
    # each line of the list is the command's first sentence, not cut off with "..."
    code, out, _ = run(capsys, "saves", "--help")
    assert code == 0
    commands = out.split("Commands:")[1]
    assert "..." not in commands
    assert "history  List the kept revisions of a save, newest first." in commands
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "..." not in out.split("Commands:")[1]
    assert "  saves          Saved games, campaigns, characters and worlds.\n" in out


def test_saves_filters_take_the_command_names_and_refuse_a_typo(capsys, tmp_path):
    db = tmp_path / "s.sqlite3"
    SaveStore(db).create("Sarin", "mtg_rpg", "character", {"log": []})
    before = db.read_bytes()
    code, out, _ = run(capsys, "saves", "list", "--system", "mtg-rpg", "--db", str(db), "--json")
    assert code == 0 and [s["name"] for s in json.loads(out)] == ["Sarin"]
    code, out, _ = run(capsys, "saves", "list", "--kind", "Character", "--db", str(db), "--json")
    assert code == 0 and [s["name"] for s in json.loads(out)] == ["Sarin"]
    code, out, err = run(capsys, "saves", "list", "--system", "mtg-rgp", "--db", str(db))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "no rule system 'mtg-rgp'" in err and "mtg_rpg" in err
    code, out, err = run(capsys, "saves", "show", "Sarin", "--kind", "characters", "--db", str(db))
    assert code == 2 and err.count("\n") == 1 and "no kind of save 'characters'" in err
    assert db.read_bytes() == before


def test_saves_list_and_history_show_times_people_read(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    db = tmp_path / "s.sqlite3"
    SaveStore(db).create("Sarin", "mtg_rpg", "character", {"log": []})
    stamp = SaveStore(db).list_saves()[0].updated  # 2026-11-24T03:40:14+00:00
    shown = stamp[:10] + " " + stamp[11:19]
    for args in (["saves", "list"], ["saves", "history", "Sarin"]):
        code, out, _ = run(capsys, *args, "--db", str(db))
        assert code == 0 and shown in out and "(UTC)" in out and stamp not in out and "+…" not in out


@pytest.mark.parametrize(("value", "said"), [
    ("9" * 26, "is not a whole number"),     # was taken whole: the Wizard saved dead at -99...90 life
    ("-1", "-1 is too small: give 0 or more"),
    ("x", "'x' is not a whole number"),      # was pydantic's "Input should be a valid integer, ..."
])
def test_a_bounded_number_is_checked_like_every_other_number(capsys, tmp_path, value, said):
    from magecraft.core.randomness import Randomness
    from magecraft.mtg_rpg.character import CharacterRecord, example_character, save_character

    db = tmp_path / "s.sqlite3"
    save_character(SaveStore(db), CharacterRecord(example_character(), Randomness.seeded(1), {}))
    before = db.read_bytes()
    code, out, err = run(capsys, "mtg-rpg", "life", "Sarin", "--damage", value, "--db", str(db))
    assert code == 2 and out == ""
    assert err == f"magecraft mtg-rpg life: Invalid value for '--damage': {err.split(': ', 2)[2]}"
    assert err.count("\n") == 1 and said in err
    assert db.read_bytes() == before


def test_a_number_above_its_maximum_is_refused(capsys, tmp_path):
    db = tmp_path / "s.sqlite3"
    code, _, err = run(capsys, "wizard-prince", "campaign", "new", "vel", "--nobles", "Ann", "--npc", "21",
                       "--db", str(db))
    assert code == 2 and "21 is out of range: give 0 to 20" in err and not db.exists()


@pytest.mark.parametrize(("args", "example"), [
    (["wizard-prince", "banquet", "--help"], "magecraft wizard-prince banquet --load friday"),
    (["wizard-prince", "race", "--help"], "magecraft wizard-prince race --auto --npc 4 --seed 7 --json"),
    (["wizard-prince", "campaign", "year", "--help"],
     "magecraft wizard-prince campaign year vel --auto --years 3"),
    (["mtg-rpg", "duel", "--help"], "magecraft mtg-rpg duel Sarin referee --kind three-card --seed 7"),
    (["mtg-rpg", "action", "--help"], "magecraft mtg-rpg action Sarin --attribute ST --difficulty 12"),
    (["roll", "--help"], "magecraft roll 1d6x1d6 --seed 7"),
])
def test_help_gives_examples_one_a_line(capsys, monkeypatch, args, example):
    monkeypatch.setenv("COLUMNS", "120")
    code, out, _ = run(capsys, *args)
    assert code == 0 and "Examples:" in out and "\b" not in out
    assert any(line.strip() == example for line in out.splitlines())


def test_help_drops_the_docstrings_code_marks(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, "wizard-prince", "campaign", "year", "--help")
    assert code == 0 and "``" not in out and "A year the bots play alone (--auto, or every noble" in out


def test_end_of_input_at_a_one_off_prompt_says_what_stopped(capsys, tmp_path, monkeypatch):
    import io

    db = tmp_path / "s.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("Sarin\n"))  # the name, then nothing more
    code, _, err = run(capsys, "mtg-rpg", "character", "new", "--db", str(db))
    assert code == 1 and err.strip() == "magecraft: stopped at the prompt (end of input)"
    assert not db.exists()


def test_saves_meant_as_save_is_explained(capsys, tmp_path):
    db = tmp_path / "s.sqlite3"
    code, _, err = run(capsys, "wizard-prince", "banquet", "--players", "Ann", "--saves", "friday",
                       "--db", str(db))
    assert code == 2 and err.count("\n") == 1
    assert ("'friday' is not a system of saving throws: choose oed or d20 (to save the game, use --save NAME)"
            in err)
    assert not db.exists()


def test_saves_show_gives_each_event_one_line(capsys, tmp_path, monkeypatch):
    # the old five-column table broke every roll over two or three lines at 80 columns
    monkeypatch.setenv("COLUMNS", "80")
    db = tmp_path / "s.sqlite3"
    log = [{"seq": 0, "kind": "roll", "label": "Dummy Mage quick cast (die 1 of 2)", "section": "Quick Cast",
            "data": {"dice": "1d12", "value": 5}},
           {"seq": 1, "kind": "state", "label": "the Dummy Mage casts Fireball", "section": None,
            "data": {"spell": "Fireball", "target": "Wizard"}}]
    SaveStore(db).create("mw1", "mage_wars", "game", {"log": log})
    code, out, _ = run(capsys, "saves", "show", "mw1", "--db", str(db))
    assert code == 0
    lines = out.splitlines()
    assert "    0 roll     Dummy Mage quick cast (die 1 of 2): rolled 5 on 1d12 (Quick Cast)" in lines
    assert '    1 state    the Dummy Mage casts Fireball spell="Fireball", target="Wizard"' in lines


@pytest.mark.parametrize(("typed", "near"), [("wp-crown-prince", "'wp_crown_prince'"),
                                              ("crown prince", "'wp_crown_prince'")])
def test_a_misspelt_table_suggests_the_near_names(capsys, typed, near):
    for command in ("roll", "show"):
        code, out, err = run(capsys, "table", command, typed)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert f"no table named {typed!r}; did you mean {near}? 'magecraft table list' lists them all" in err


@pytest.mark.parametrize("args", [["roll", "1d6", "--physical-dice"],
                                  ["mtg-rpg", "character", "new"]])
def test_ctrl_c_at_a_one_off_prompt_says_so_and_exits_130(capsys, tmp_path, monkeypatch, args):
    # typer turned it into a silent status 130, the prompt's line left open
    from magecraft.cli import options

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(options, "ask_at_terminal", interrupted)
    db = tmp_path / "s.sqlite3"
    code, _, err = run(capsys, *args, *(["--db", str(db)] if args[0] != "roll" else []))
    assert code == 130 and err == "\nmagecraft: stopped at the prompt (Ctrl-C)\n"
    assert not db.exists()


def test_ctrl_c_at_saves_delete_deletes_nothing(capsys, tmp_path, monkeypatch):
    from magecraft.cli import options

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    db = tmp_path / "s.sqlite3"
    SaveStore(db).create("mw1", "mage_wars", "game", {"log": []})
    before = db.read_bytes()
    monkeypatch.setattr(options, "ask_at_terminal", interrupted)
    code, _, err = run(capsys, "saves", "delete", "mw1", "--db", str(db))
    assert code == 130 and err.endswith("magecraft: stopped at the prompt (Ctrl-C)\n")
    assert db.read_bytes() == before


def test_a_groups_list_shows_each_commands_whole_first_paragraph_on_a_narrow_terminal(capsys, monkeypatch):
    """click's own list cuts a command's line to one row of the terminal and ends it with "..."; the list
    wraps the whole first paragraph instead (as the rich help pages did)."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "mtg-rpg", "--help")
    listed = out.split("Commands:")[1]
    assert code == 0 and "..." not in listed and max(len(line) for line in listed.splitlines()) <= 80
    assert "with --mentor the apprentice is taken on and saved beside the mentor." in " ".join(listed.split())
