"""Saves that never lose a game: revisions, conflicts, history, the trash, export/import, the schema-1
migration, and every damaged, foreign or newer file refused in one line and left byte-identical."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magecraft.cli.app import main
from magecraft.core import saves as saves_module
from magecraft.core.errors import SaveError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SCHEMA_VERSION, SaveConflict, SaveExists, SaveStore, check_name, read_export
from magecraft.games import registry

SCHEMA_1 = Path(__file__).parent / "data" / "schema1.sqlite3"


def state(turn: int, events: int = 2) -> dict:
    return {"turn": turn, "log": [{"seq": i, "kind": "roll", "label": f"roll {i}", "data": {"value": i}}
                                  for i in range(events)]}


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "s.sqlite3")


# -- names and revisions ------------------------------------------------------------------------


def test_a_taken_name_is_refused_naming_the_save_and_overwrite(store: SaveStore) -> None:
    store.create("mw1", "mage_wars", "game", state(6, events=164))
    with pytest.raises(SaveExists) as refused:
        store.create("mw1", "mage_wars", "game", state(1, events=15))
    assert str(refused.value) == (f"there is already a mage_wars game saved as 'mw1' in {store.path}; choose "
                                  "another name, or replace it with --overwrite")
    assert refused.value.exit_code == 2
    assert store.load("mw1", "mage_wars", "game").state == state(6, events=164)
    # the same name in another system or kind is another save
    store.create("mw1", "mage_wars", "campaign", state(1))
    store.create("mw1", "wizard_prince", "game", state(1))


@pytest.mark.parametrize("name, problem", [
    ("", "needs a name"), (" Ann", "starts or ends with a space"), ("a" * 81, "at most 80"),
    ("Ann\x00", "control character"), ("42", "only digits"),
])
def test_the_one_rule_for_names(store: SaveStore, name: str, problem: str) -> None:
    with pytest.raises(SaveError, match=problem):
        store.create(name, "mtg_rpg", "character", state(1))
    assert not store.path.exists()


def test_names_that_pass() -> None:
    assert check_name("Ann's campaign #2") == "Ann's campaign #2"


def test_an_update_names_the_revision_it_read(store: SaveStore) -> None:
    store.create("Ann", "mtg_rpg", "character", state(1))
    first = store.load("Ann", "mtg_rpg", "character")
    second = store.load("Ann", "mtg_rpg", "character")
    assert store.update("Ann", "mtg_rpg", "character", state(2), revision=first.revision).revision == 2
    with pytest.raises(SaveConflict) as refused:
        store.update("Ann", "mtg_rpg", "character", state(3), revision=second.revision)
    assert str(refused.value) == "Ann changed since this command read it (revision 1, now 2); run it again"
    assert store.load("Ann", "mtg_rpg", "character").state == state(2)


def test_the_issues_message_for_revision_41_now_43(store: SaveStore) -> None:
    store.create("Ann", "mtg_rpg", "character", state(0))
    for revision in range(1, 43):
        store.update("Ann", "mtg_rpg", "character", state(revision), revision=revision)
    with pytest.raises(SaveConflict, match=r"^Ann changed since this command read it \(revision 41, now 43\); "
                                           r"run it again$"):
        store.update("Ann", "mtg_rpg", "character", state(99), revision=41)


def test_an_update_of_a_deleted_save_is_a_conflict(store: SaveStore) -> None:
    store.create("Ann", "mtg_rpg", "character", state(1))
    store.delete("Ann")
    with pytest.raises(SaveConflict, match="deleted since"):
        store.update("Ann", "mtg_rpg", "character", state(2), revision=1)


def test_modify_applies_to_the_newest_state_and_an_error_changes_nothing(store: SaveStore) -> None:
    store.create("tally", "core_test", "game", {"count": 5, "log": []})
    stale = store.load("tally", "core_test", "game")
    store.update("tally", "core_test", "game", {"count": 6, "log": []}, revision=stale.revision)
    after = store.modify("tally", "core_test", "game", lambda s: {**s, "count": s["count"] + 1})
    assert after.state["count"] == 7 and after.revision == 3

    def refuse(s: dict) -> dict:
        raise SaveError("no")

    with pytest.raises(SaveError, match="no"):
        store.modify("tally", "core_test", "game", refuse)
    assert store.load("tally", "core_test", "game").revision == 3


# -- history, restore, trash --------------------------------------------------------------------


def test_history_keeps_the_last_n_revisions_and_restore_is_a_new_revision(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3", history=3)
    store.create("camp", "mtg_rpg", "campaign", state(1))
    for turn in range(2, 7):
        store.update("camp", "mtg_rpg", "campaign", state(turn), revision=turn - 1)
    assert [r.revision for r in store.history_of("camp")] == [6, 5, 4, 3]
    restored = store.restore("camp", 4)
    assert restored.revision == 7 and restored.state == state(4)
    assert store.load("camp", "mtg_rpg", "campaign").state == state(4)
    # the restore can itself be undone: revision 6 is in the history now
    assert store.restore("camp", 6).state == state(6)
    with pytest.raises(SaveError, match=r"no revision 1 to restore \(kept: 5, 6, 7; current 8\)"):
        store.restore("camp", 1)


def test_at_least_20_revisions_are_kept_by_default_and_the_variable_changes_it(
        store: SaveStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store.create("camp", "mtg_rpg", "campaign", state(0))
    for revision in range(1, 26):
        store.update("camp", "mtg_rpg", "campaign", state(revision), revision=revision)
    assert len(store.history_of("camp")) == 21  # the current one and 20 before it
    monkeypatch.setenv("MAGECRAFT_SAVE_HISTORY", "30")
    assert SaveStore(tmp_path / "t.sqlite3").history == 30
    monkeypatch.setenv("MAGECRAFT_SAVE_HISTORY", "none")
    with pytest.raises(SaveError, match="MAGECRAFT_SAVE_HISTORY"):
        SaveStore(tmp_path / "t.sqlite3")


def test_overwrite_keeps_the_old_game_restorable(store: SaveStore) -> None:
    store.create("mw1", "mage_wars", "game", state(6, events=164))
    store.create("mw1", "mage_wars", "game", state(1, events=15), overwrite=True)
    assert store.restore("mw1", 1).state == state(6, events=164)


def test_deleted_saves_stay_restorable_until_purged(store: SaveStore) -> None:
    store.create("bq1", "wizard_prince", "game", state(1))
    store.delete("bq1")
    assert store.list_saves() == [] and [s.name for s in store.list_saves(deleted=True)] == ["bq1"]
    store.create("bq1", "wizard_prince", "game", state(2))  # the name is free again
    with pytest.raises(SaveExists, match="taken by a newer"):
        store.undelete("bq1")
    store.delete("bq1")
    with pytest.raises(SaveError, match="names 2 saves"):
        store.undelete("bq1")
    first = store.list_saves(deleted=True)[0]
    store.undelete(str(first.id))
    assert store.load("bq1", "wizard_prince", "game").state == state(1)
    assert [s.name for s in store.purge()] == ["bq1"]
    assert store.list_saves(deleted=True) == []
    with pytest.raises(SaveError, match="no save with id"):
        store.get(first.id + 1)


def test_a_name_held_by_several_saves_asks_for_the_id(store: SaveStore) -> None:
    store.create("Ann", "mtg_rpg", "character", state(1))
    store.create("Ann", "wizard_prince", "game", state(1))
    with pytest.raises(SaveError, match=r"'Ann' names 2 saves: 'Ann' \(mtg_rpg character, id 1\); 'Ann' "
                                        r"\(wizard_prince game, id 2\); give the id"):
        store.find("Ann")
    assert store.find("Ann", system="wizard_prince").id == 2


# -- export and import --------------------------------------------------------------------------


def test_export_and_import_round_trip(store: SaveStore, tmp_path: Path) -> None:
    store.create("bq1", "wizard_prince", "game", {"z": 1, "a": 2, **state(3)})
    document = json.dumps(store.export("bq1"))
    name, system, kind, saved = read_export(document, "bq1.json")
    other = SaveStore(tmp_path / "other.sqlite3")
    other.create(name, system, kind, saved)
    assert other.load("bq1", "wizard_prince", "game").state == store.load("bq1", "wizard_prince", "game").state
    assert list(other.load("bq1", "wizard_prince", "game").state) == ["z", "a", "turn", "log"]


@pytest.mark.parametrize("text, problem", [
    ("{", "not JSON"), ("[]", "not an exported magecraft save"),
    ('{"magecraft_save": 9}', "format 9"),
    ('{"magecraft_save": 1, "name": "x", "system": "s", "kind": "game", "state": []}', "'state'"),
    ('{"magecraft_save": 1, "name": 3, "system": "s", "kind": "game", "state": {}}', "'name'"),
    ('{"magecraft_save": 1, "name": "x", "system": "s", "kind": "party", "state": {}}', "not 'party'"),
    ('{"magecraft_save": 1, "name": "x", "system": "s", "kind": "game", "state": {"log": 3}}', "log list"),
])
def test_a_malformed_export_is_refused_whole(text: str, problem: str) -> None:
    with pytest.raises(SaveError, match=problem):
        read_export(text, "x.json")


def test_import_through_the_command_line_refuses_malformed_and_taken(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    db, exported = tmp_path / "s.sqlite3", tmp_path / "bq1.json"
    banquet = registry().get("wizard-prince-banquet").new_game(Randomness.seeded(3)).to_dict()
    SaveStore(db).create("bq1", "wizard_prince", "game", banquet)
    assert main(["saves", "export", "bq1", str(exported), "--db", str(db)]) == 0
    assert main(["saves", "import", str(exported), "--db", str(db)]) == 2
    assert "replace it with --overwrite" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text(exported.read_text()[:-20])
    fresh = tmp_path / "fresh.sqlite3"
    assert main(["saves", "import", str(broken), "--db", str(fresh)]) == 2
    assert not fresh.exists()
    assert main(["saves", "import", str(exported), "--db", str(fresh)]) == 0
    assert SaveStore(fresh).load("bq1", "wizard_prince", "game").state == banquet


# -- the schema-1 store, migrated -----------------------------------------------------------------


def test_a_schema_1_store_is_migrated_forward_with_every_save_and_event(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(SCHEMA_1, path)
    store = SaveStore(path)
    saved = store.load("mw1", "mage_wars", "game")
    assert saved.revision == 1 and saved.state["round"] == 6 and len(saved.events) == 164
    assert store.load("Ann", "mtg_rpg", "character").state["gold"] == 12
    assert [s.name for s in store.list_saves()] == ["Tuesday", "Ann", "mw1"]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
    # the migrated store takes the new rules: history, a world, the trash
    store.update("mw1", "mage_wars", "game", {"round": 7, "log": []}, revision=1)
    assert store.restore("mw1", 1).state["round"] == 6
    store.create("Ravnica", "mtg_rpg", "world", {"log": []})
    store.delete("Tuesday")
    store.create("Tuesday", "wizard_prince", "game", state(1))


# -- damaged, foreign, newer files ----------------------------------------------------------------


@pytest.fixture(scope="module")
def real_store(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a real store: a Wizard-Prince banquet played by bots, saved twice (with history)."""
    path = tmp_path_factory.mktemp("real") / "s.sqlite3"
    banquet = ["wizard-prince", "banquet", "--auto", "--npc", "3", "--seed", "5", "--max-turns", "12",
               "--save", "bq1", "--db", str(path)]
    assert main(banquet) == 0
    assert main([*banquet, "--overwrite"]) == 0
    SaveStore(path).create("Ann", "mtg_rpg", "character", state(2, events=40))
    return path.read_bytes()


def _other_program(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (n INTEGER)")
    conn.commit()
    conn.close()


def _newer(path: Path, real: bytes) -> None:
    path.write_bytes(real)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


DAMAGE = {
    "truncated at 100 bytes": (lambda p, real: p.write_bytes(real[:100]), "cut short"),
    "truncated to half": (lambda p, real: p.write_bytes(real[: len(real) // 2]), "cut short"),
    "truncated inside the header": (lambda p, real: p.write_bytes(real[:50]), "cut short inside its header"),
    "zero-length": (lambda p, real: p.write_bytes(b""), "is empty"),
    "wrong header": (lambda p, real: p.write_bytes(b"shopping list\n" * 100), "not a SQLite database"),
    "another program's SQLite": (lambda p, real: _other_program(p), "another program"),
    "a newer schema": (_newer, "newer magecraft"),
}

#: A reading command and a saving command, each through the command line.
COMMANDS = {
    "saves list": ["saves", "list"],
    "saves show": ["saves", "show", "bq1"],
    "a --load": ["wizard-prince", "banquet", "--load", "bq1", "--auto"],
    "a --save": ["wizard-prince", "banquet", "--auto", "--npc", "1", "--seed", "1", "--save", "new"],
    "a character": ["mtg-rpg", "character", "show", "Ann"],
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_or_foreign_file_is_refused_and_left_byte_identical(damage: str, real_store: bytes,
                                                                      tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    make, problem = DAMAGE[damage]
    make(path, real_store)
    before = path.read_bytes()
    with pytest.raises(SaveError, match=problem):
        SaveStore(path).list_saves()
    with pytest.raises(SaveError, match=problem):
        SaveStore(path).create("x", "mtg_rpg", "game", state(1))
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("damage", DAMAGE)
def test_the_command_line_refuses_a_damaged_store_in_one_line(damage: str, command: str, real_store: bytes,
                                                              tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    path = tmp_path / "s.sqlite3"
    DAMAGE[damage][0](path, real_store)
    before = path.read_bytes()
    assert main([*COMMANDS[command], "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("magecraft: ") and err.count("\n") == 1 and "Traceback" not in err
    assert DAMAGE[damage][1] in err
    assert path.read_bytes() == before


def test_a_directory_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SaveError, match="is a directory"):
        SaveStore(tmp_path)
    assert main(["wizard-prince", "banquet", "--auto", "--npc", "1", "--save", "x", "--db", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"magecraft: {tmp_path} is a directory, not a save store\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes any file: permissions cannot be tested")
@pytest.mark.parametrize("mode, command, problem", [
    (0o000, COMMANDS["saves list"], "cannot read"),
    (0o444, COMMANDS["a --save"], "cannot write"),
])
def test_a_file_without_permission_is_refused(mode: int, command: list[str], problem: str, real_store: bytes,
                                              tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.sqlite3"
    path.write_bytes(real_store)
    path.chmod(mode)
    try:
        assert main([*command, "--db", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and problem in err
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == real_store


def _read_everything(path: Path) -> None:
    """Every read a command can make; anything but a one-line SaveError is a bug."""
    store = SaveStore(path)
    for summary in store.list_saves():
        store.load(summary.name, summary.system, summary.kind)
        store.history_of(str(summary.id))
    store.list_saves(deleted=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_truncations_never_give_a_traceback_nor_change_the_file(data: st.DataObject, real_store: bytes,
                                                                       tmp_path: Path) -> None:
    cut = data.draw(st.integers(0, len(real_store) - 1), label="length kept")
    path = tmp_path / "cut.sqlite3"
    path.write_bytes(real_store[:cut])
    with pytest.raises(SaveError):
        _read_everything(path)
    assert path.read_bytes() == real_store[:cut]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_byte_flips_never_give_a_traceback_nor_change_the_file(data: st.DataObject, real_store: bytes,
                                                                      tmp_path: Path) -> None:
    flips = data.draw(st.lists(st.tuples(st.integers(0, len(real_store) - 1), st.integers(1, 255)),
                               min_size=1, max_size=4), label="flips (offset, xor)")
    damaged = bytearray(real_store)
    for offset, xor in flips:
        damaged[offset] ^= xor
    path = tmp_path / "flipped.sqlite3"
    path.write_bytes(bytes(damaged))
    try:
        _read_everything(path)
    except SaveError as exc:
        assert "\n" not in str(exc)
    assert path.read_bytes() == bytes(damaged)
    for suffix in ("-journal", "-wal"):
        assert not Path(f"{path}{suffix}").exists()


def test_text_that_is_not_utf8_inside_a_save_is_refused_in_one_line(tmp_path: Path) -> None:
    """Found by the byte-flip property: SQLite hands back the bytes, Python cannot decode them."""
    path = tmp_path / "s.sqlite3"
    SaveStore(path).create("bq1", "wizard_prince", "game", state(1))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE saves SET state = CAST(X'7B22ff7D' AS TEXT)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SaveError, match="holds text that is not UTF-8"):
        SaveStore(path).load("bq1", "wizard_prince", "game")
    assert path.read_bytes() == before


def test_a_save_record_with_a_missing_name_is_refused_in_one_line(tmp_path: Path) -> None:
    """Found by the byte flips: a damaged record can hand back NULL where the schema promises a name; listing
    or loading such a store used to end in a TypeError."""
    path = tmp_path / "s.sqlite3"
    store = SaveStore(path)
    store.create("bq1", "wizard_prince", "game", state(1))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA writable_schema = ON")   # as a flipped bit would: the NOT NULL no longer holds
    conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'name TEXT NOT NULL', 'name TEXT') "
                 "WHERE name = 'saves'")
    conn.commit()
    conn.close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE saves SET name = NULL")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    for read in (lambda: SaveStore(path).list_saves(), lambda: SaveStore(path).load("bq1", "wizard_prince")):
        with pytest.raises(SaveError) as refused:
            read()
        assert str(refused.value) == f"{path} is damaged: a save's record holds a value of the wrong kind"
    assert path.read_bytes() == before


def test_a_listed_save_whose_state_is_missing_is_refused() -> None:
    """Found by the byte flips: the save's summary found by one index, its state missing by another."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE saves (id INTEGER PRIMARY KEY, state TEXT)")
    conn.execute("CREATE TABLE events (save_id INTEGER, seq INTEGER, event TEXT)")
    with pytest.raises(saves_module._Damaged, match="save 7 is listed but its state is missing"):
        saves_module._stored_texts(conn, 7)


# -- reading creates nothing ---------------------------------------------------------------------


def test_reading_commands_create_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing_dir = tmp_path / "typo" / "x.sqlite3"
    assert main(["saves", "list", "--db", str(missing_dir)]) == 2
    assert capsys.readouterr().err == (f"magecraft: there is no save store at {missing_dir}: the directory "
                                       f"{missing_dir.parent} does not exist\n")
    assert not missing_dir.parent.exists()
    new = tmp_path / "new.sqlite3"
    assert main(["saves", "list", "--db", str(new)]) == 0
    assert "no store there yet" in capsys.readouterr().out
    assert main(["mtg-rpg", "monster", "Craw Wurm", "--db", str(new)]) == 0
    assert main(["mtg-rpg", "character", "show", "Ann", "--db", str(new)]) == 2
    assert main(["mage-wars", "solo", "--load", "mw1", "--db", str(new)]) == 2
    assert main(["saves", "show", "bq1", "--db", str(new)]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_first_save_makes_the_directory_and_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    path = tmp_path / "campaigns" / "s.sqlite3"
    assert main(["wizard-prince", "banquet", "--auto", "--npc", "1", "--seed", "1", "--save", "bq1",
                 "--db", str(path)]) == 0
    assert f"Saved 'bq1' (revision 1) in a new save store {path}." in capsys.readouterr().out
    assert SaveStore(path).load("bq1", "wizard_prince", "game").revision == 1


def test_a_damaged_schema_is_refused_on_one_line(tmp_path: Path) -> None:
    """Found by the byte-flip property: SQLite quotes the damaged schema, newlines and all."""
    path = tmp_path / "s.sqlite3"
    SaveStore(path).create("bq1", "wizard_prince", "game", state(1))
    raw = bytearray(path.read_bytes())
    at = raw.index(b'CREATE TABLE "saves" (') + len(b'CREATE TABLE "saves')
    raw[at] = ord("#")                        # '"saves" (' becomes '"saves# (': a quote left open to the end
    path.write_bytes(bytes(raw))
    with pytest.raises(SaveError) as refused:
        SaveStore(path).load("bq1", "wizard_prince", "game")
    assert "\n" not in str(refused.value) and "damaged" in str(refused.value)
    assert path.read_bytes() == bytes(raw)


def _flip_in_index(path: Path, index: str, text: bytes) -> None:
    """Change ``text`` where the index ``index`` holds it (the table row keeps it), as a flipped byte would."""
    conn = sqlite3.connect(path)
    (root,), = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)).fetchall()
    (size,), = conn.execute("PRAGMA page_size").fetchall()
    conn.close()
    data = bytearray(path.read_bytes())
    start = (root - 1) * size
    at = data.index(text, start, start + size)
    data[at + len(text) - 1] ^= 0x01
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("command", [["mtg-rpg", "action", "Sarin", "--skill", "Athletics"],
                                     ["saves", "list"], ["saves", "show", "Sarin"],
                                     ["mtg-rpg", "character", "show", "Sarin"],
                                     ["planeswalker", "rest", "Sarin", "--short"]])
def test_a_damaged_index_is_reported_in_one_line_by_every_command(tmp_path: Path, capsys, command) -> None:
    """Issue 25 item 5: after a flipped byte, `mtg-rpg action Sarin` said "no character saved as 'Sarin'" (a game
    master would create him again) and `saves list` exited 0."""
    from dataclasses import replace as with_name

    from magecraft.core.randomness import Randomness
    from magecraft.mtg_rpg.character import CharacterRecord, example_character, save_character

    path = tmp_path / "s.sqlite3"
    save_character(SaveStore(path), CharacterRecord(with_name(example_character()), Randomness.seeded(1), {}))
    _flip_in_index(path, "saves_by_name", b"Sarin")
    before = path.read_bytes()
    assert main([*command, "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path} is damaged:" in err and "no character" not in err
    assert path.read_bytes() == before
