"""The SQLite save store: round trips, transactions, versions, refusal of foreign files."""

import itertools
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.core import saves as saves_module
from magecraft.core.errors import SaveError
from magecraft.core.saves import APPLICATION_ID, SCHEMA_VERSION, SaveStore


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves.sqlite3")


def state(turn, events=2):
    return {"turn": turn, "log": [{"seq": i, "kind": "roll", "label": f"roll {i}", "data": {"value": i}}
                                  for i in range(events)]}


def test_save_and_load_round_trip(store):
    save_id = store.create("Tuesday", "wizard_prince", "game", state(3)).summary.id
    loaded = store.load("Tuesday", "wizard_prince", "game")
    assert loaded.state == state(3)
    assert loaded.summary.id == save_id and loaded.summary.events == 2 and loaded.revision == 1
    assert store.get(save_id).state == state(3)


def test_overwriting_keeps_the_id_replaces_the_log_and_keeps_the_old_one_in_history(store):
    first = store.create("camp", "mtg_rpg", "campaign", state(1, events=5))
    second = store.create("camp", "mtg_rpg", "campaign", state(2, events=1), overwrite=True)
    assert first.summary.id == second.summary.id and second.revision == 2
    assert store.load("camp", "mtg_rpg", "campaign").state == state(2, events=1)
    assert store.revision_state("camp", 1).state == state(1, events=5)


def test_a_save_that_fails_midway_leaves_the_old_save_intact(store):
    store.create("evening", "mage_wars", "game", state(4, events=3))
    broken = state(5, events=3)
    broken["log"].append({"seq": 3, "kind": "roll", "label": "bad", "data": {"value": object()}})
    with pytest.raises(SaveError, match="previous save is unchanged"):
        store.update("evening", "mage_wars", "game", broken, revision=1)
    assert store.load("evening", "mage_wars", "game").state == state(4, events=3)
    assert store.load("evening", "mage_wars", "game").revision == 1


def test_list_show_delete(store):
    a = store.create("a", "mtg_rpg", "character", state(1)).summary.id
    store.create("b", "wizard_prince", "game", state(1))
    assert [s.name for s in store.list_saves()] == ["a", "b"]
    assert [s.name for s in store.list_saves("mtg_rpg")] == ["a"]
    store.delete(str(a))
    assert [s.name for s in store.list_saves()] == ["b"]
    assert [s.name for s in store.list_saves(deleted=True)] == ["a"]
    with pytest.raises(SaveError, match="there is no save '1' saved"):
        store.delete(str(a))


def test_unknown_save_names_what_exists(store):
    store.create("known", "mtg_rpg", "game", state(1))
    with pytest.raises(SaveError, match=r"no mtg_rpg game saved as 'other' \(saved: known\)"):
        store.load("other", "mtg_rpg", "game")


def test_the_file_carries_the_application_id_and_schema_version(store):
    assert not store.path.exists()  # opening creates nothing: the first write does
    store.create("x", "mtg_rpg", "game", state(1))
    conn = sqlite3.connect(store.path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_a_file_that_is_not_sqlite_is_refused_and_not_modified(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"shopping list: eye of newt\n" * 10)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="not a magecraft save store"):
        SaveStore(path)
    assert path.read_bytes() == before


def test_another_programs_database_is_refused_and_not_modified(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (n INTEGER)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SaveError, match="another program"):
        SaveStore(path)
    assert path.read_bytes() == before


def test_a_damaged_store_gets_a_clear_error(tmp_path):
    path = tmp_path / "s.sqlite3"
    SaveStore(path).create("x", "mtg_rpg", "game", state(1))
    data = bytearray(path.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)
    path.write_bytes(bytes(data))
    with pytest.raises(SaveError):
        SaveStore(path).list_saves()


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "s.sqlite3"
    SaveStore(path).create("x", "mtg_rpg", "game", state(1))
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    with pytest.raises(SaveError, match="newer magecraft"):
        SaveStore(path)


def test_migrations_run_in_order_from_an_older_schema(tmp_path, monkeypatch):
    path = tmp_path / "s.sqlite3"
    SaveStore(path).create("old", "mtg_rpg", "game", state(1))

    def add_notes(conn):
        conn.execute("ALTER TABLE saves ADD COLUMN notes TEXT DEFAULT ''")

    monkeypatch.setattr(saves_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(saves_module.MIGRATIONS, SCHEMA_VERSION + 1, add_notes)
    migrated = SaveStore(path)
    assert migrated.load("old", "mtg_rpg", "game").state == state(1)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert "notes" in [row[1] for row in conn.execute("PRAGMA table_info(saves)")]
    conn.close()


def test_the_environment_variable_chooses_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MAGECRAFT_DB", str(tmp_path / "env.sqlite3"))
    assert SaveStore().path == tmp_path / "env.sqlite3"


def test_bad_kind_and_empty_name_are_refused(store):
    with pytest.raises(SaveError, match="not 'party'"):
        store.create("x", "mtg_rpg", "party", state(1))
    with pytest.raises(SaveError, match="needs a name"):
        store.create("  ", "mtg_rpg", "game", state(1))


def test_key_order_survives_a_save(store):
    store.create("order", "mtg_rpg", "game", {"zeta": 1, "alpha": {"y": 2, "b": 3}, "log": []})
    loaded = store.load("order", "mtg_rpg", "game").state
    assert list(loaded) == ["zeta", "alpha", "log"]
    assert list(loaded["alpha"]) == ["y", "b"]


_EVENT = st.fixed_dictionaries({"kind": st.sampled_from(["roll", "move"]), "value": st.integers(-5, 5)})
_STATE = st.fixed_dictionaries({"turn": st.integers(0, 9), "log": st.lists(_EVENT, max_size=6)})


_EXAMPLES = itertools.count()


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory):
    return SaveStore(tmp_path_factory.mktemp("revisions") / "saves.sqlite3")


@settings(max_examples=15)
@given(states=st.lists(_STATE, min_size=1, max_size=5))
def test_every_revision_loads_and_restores_exactly_as_written(shared_store, states):
    """Logs that grow, shrink or change in the middle: the save and each kept revision read back exactly
    (the events are rewritten from the first change only, the history is joined as text)."""
    store = shared_store
    name = f"g{next(_EXAMPLES)}"  # one store for every example, a save of its own for each
    # a state written again unchanged makes no revision (issue 25 item 2): one revision per change
    states = [state for i, state in enumerate(states) if i == 0 or state != states[i - 1]]
    saved = store.create(name, "core_test", "game", states[0])
    for state in states[1:]:
        saved = store.update(name, "core_test", "game", state, revision=saved.revision)
        assert store.load(name, "core_test", "game").state == state
    for revision, state in enumerate(states[:-1], start=1):
        restored = store.restore(name, revision, system="core_test", kind="game")
        assert restored.state == state == store.load(name, "core_test", "game").state


def test_commits_wait_for_the_disk_unless_the_variable_says_otherwise(tmp_path, monkeypatch):
    monkeypatch.delenv("MAGECRAFT_SAVE_SYNC", raising=False)
    assert SaveStore(tmp_path / "a.sqlite3").sync == "FULL"
    monkeypatch.setenv("MAGECRAFT_SAVE_SYNC", "Off")
    store = SaveStore(tmp_path / "b.sqlite3")
    assert store.sync == "OFF"
    store.create("g", "core_test", "game", {"log": []})
    assert store.load("g", "core_test", "game").state == {"log": []}
    monkeypatch.setenv("MAGECRAFT_SAVE_SYNC", "sometimes")
    with pytest.raises(SaveError, match="MAGECRAFT_SAVE_SYNC='sometimes': give one of full, normal, off"):
        SaveStore(tmp_path / "c.sqlite3")
    assert not (tmp_path / "c.sqlite3").exists()
