"""The command line: overview, roll, tables, saves, system groups and error handling."""

import json
import sqlite3

import pytest

from magecraft.cli import options
from magecraft.cli.app import SYSTEMS, main
from magecraft.core.saves import SaveStore
from magecraft.core.tables import load_tables


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_no_arguments_lists_the_five_systems(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    for title in ("Wizard-Prince", "MtG RPG", "Planeswalker RPG", "Magic Realm Expansion One", "Mage Wars solo"):
        assert title in out
    assert len(SYSTEMS) == 5


def test_roll_with_a_seed_is_byte_identical(capsys):
    first = run(capsys, "roll", "3d6", "--seed", "7", "--json")
    second = run(capsys, "roll", "3d6", "--seed", "7", "--json")
    assert first == second
    assert first[0] == 0
    data = json.loads(first[1])
    assert 3 <= data["total"] <= 18 and len(data["dice"]) == 3


def test_roll_with_scripted_dice_totals_them(capsys):
    code, out, _ = run(capsys, "roll", "3d6", "--dice", "2,3,4", "--json")
    assert code == 0
    assert json.loads(out)["total"] == 9
    assert [d["value"] for d in json.loads(out)["dice"]] == [2, 3, 4]


def test_roll_with_too_few_scripted_dice_names_the_missing_die(capsys):
    code, out, err = run(capsys, "roll", "3d6", "--dice", "2,3")
    assert code == 2
    assert out == ""
    assert err.strip().count("\n") == 0
    assert "die 3 of 3" in err and "needs 1d6" in err


def test_roll_for_people_shows_each_die(capsys):
    code, out, _ = run(capsys, "roll", "2d6h1", "--dice", "2,5")
    assert code == 0
    assert "2d6h1: 5" in out and "[5]" in out and "(2)" in out


def test_physical_dice_are_asked_for(capsys, monkeypatch):
    answers = iter(["9", "4"])
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: next(answers))
    code, out, _ = run(capsys, "roll", "1d6", "--physical-dice", "--json")
    assert code == 0 and json.loads(out)["total"] == 4


def test_quit_at_a_typed_die_before_the_game_begins_stops_the_command(capsys, monkeypatch, tmp_path):
    """Ruling C6: `quit` at a die asked outside a play loop stops as the loop's quit does (status 0,
    one line, nothing saved), where it used to be answered "'quit' is not a number" again and again."""
    answers = iter(["quit"])
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: next(answers))
    code, out, err = run(capsys, "roll", "1d6", "--physical-dice")
    assert (code, out) == (0, "")
    assert err == "magecraft: stopped (quit); nothing was saved\n"
    answers = iter(["3", "4", "q"])   # the chariot race's setup dice: a famous race? then the drivers
    db = tmp_path / "s.db"
    code, out, err = run(capsys, "wizard-prince", "race", "--drivers", "Ann:heavy,Bob:light", "--physical-dice",
                         "--save", "r", "--db", str(db))
    assert code == 0 and "stopped (quit)" in err
    assert not db.exists() or not SaveStore(db).list_saves()


@pytest.mark.parametrize("args", [
    ["roll", "3d6", "--bogus"],
    ["roll"],
    ["roll", "3q6"],
    ["roll", "3d6", "--seed", "x"],
    ["roll", "3d6", "--dice", "a,b"],
    ["roll", "3d6", "--dice", "1,,2"],
    ["roll", "3d6", "--dice", ""],
    ["roll", "3d6", "--dice", "²"],
    ["roll", "3d6", "--seed", "1", "--dice", "1,2,3"],
    ["no-such-command"],
    ["table", "roll", "no_such_table"],
    ["saves", "show", "notanumber"],
])
def test_bad_arguments_exit_2_with_one_line(capsys, args):
    code, _out, err = run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_table_list_and_roll(capsys):
    tables = load_tables()
    name = sorted(tables)[0]
    code, out, _ = run(capsys, "table", "list", "--json")
    assert code == 0 and name in [t["name"] for t in json.loads(out)]
    low = tables[name].low
    script = ",".join(["1"] * 20)
    code, out, _ = run(capsys, "table", "roll", name, "--modifier", "-100", "--dice", script, "--json")
    assert code == 0
    assert json.loads(out)["total"] == low


def test_saves_commands(capsys, tmp_path):
    db = tmp_path / "s.sqlite3"
    save_id = SaveStore(db).create("friday", "mage_wars", "game",
                                   {"round": 2, "log": [{"seq": 0, "kind": "roll", "label": "quick cast",
                                                         "section": None, "data": {"value": 5}}]}).summary.id
    code, out, _ = run(capsys, "saves", "list", "--db", str(db), "--json")
    assert code == 0 and json.loads(out)[0]["name"] == "friday"
    code, out, _ = run(capsys, "saves", "show", str(save_id), "--db", str(db))
    assert code == 0 and "quick cast" in out
    code, out, _ = run(capsys, "saves", "log", str(save_id), "--db", str(db))
    assert code == 0 and json.loads(out)["data"] == {"value": 5}
    code, out, _ = run(capsys, "saves", "show", "friday", "--db", str(db))
    assert code == 0 and "quick cast" in out
    code, out, _ = run(capsys, "saves", "delete", str(save_id), "--yes", "--db", str(db))
    assert code == 0
    code, _, err = run(capsys, "saves", "show", str(save_id), "--db", str(db))
    assert code == 2 and f"there is no save '{save_id}' saved" in err


def test_foreign_db_gets_a_clear_error_and_is_untouched(capsys, tmp_path):
    db = tmp_path / "other.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    code, _, err = run(capsys, "saves", "list", "--db", str(db))
    assert code == 2 and "not a magecraft save store" in err and "Traceback" not in err
    assert db.read_bytes() == before


def test_db_from_the_environment(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("MAGECRAFT_DB", str(tmp_path / "env.sqlite3"))
    code, out, _ = run(capsys, "saves", "list")
    assert code == 0 and "env.sqlite3" in out


@pytest.mark.parametrize("entry", SYSTEMS, ids=lambda e: e.command)
def test_every_system_group_answers(capsys, entry):
    code, out, err = run(capsys, entry.command, "--help")
    assert "Traceback" not in err
    assert code == 0 and out
    if entry.start is None:
        assert "not available yet" in out and "Coming:" in out
        code, out, err = run(capsys, entry.command, "play")
        assert code == 1 and "not available yet" in err and out == ""


def test_version_and_h_for_help(capsys):
    assert run(capsys, "--version") == (0, "magecraft 0.1.0\n", "")
    code, out, _ = run(capsys, "-h")
    assert code == 0 and "wizard-prince" in out and "mage-wars" in out
    code, out, _ = run(capsys, "wizard-prince", "banquet", "-h")
    assert code == 0 and "--players" in out


def test_the_shared_commands_do_not_import_any_engine():
    # a fresh interpreter: rolling dice and listing the commands load no rule system and no pydantic
    import subprocess
    import sys
    code = ("import sys; from magecraft.cli.app import main; main(['roll', '3d6', '--seed', '1']); "
            "main(['--help']); print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or "
            "m.startswith(('magecraft.wizard_prince', 'magecraft.mtg_rpg', 'magecraft.mage_wars', "
            "'magecraft.cli.wizard_prince', 'magecraft.cli.mtg_rpg', 'magecraft.cli.mage_wars'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_roll_shows_its_arithmetic_and_a_chance_its_verdict(capsys):
    assert run(capsys, "roll", "1d6x1d6", "--dice", "4,3") == (0, "1d6x1d6: 12  [4] [3]  = 4×3\n", "")
    assert run(capsys, "roll", "40%", "--dice", "41")[1] == "40%: failure (rolled 41 on 1d100, needs 40 or less)\n"
    assert run(capsys, "roll", "40%", "--dice", "40")[1] == "40%: success (rolled 40 on 1d100, needs 40 or less)\n"
