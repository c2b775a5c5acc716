"""`magecraft saves`: show/log/history/restore/delete/purge/export by name or id; the suite stays away from
the real home; a damaged store through a real process prints one line, no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tests.conftest as guard
from magecraft.cli import options
from magecraft.cli.app import main
from magecraft.core.saves import SaveStore, default_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "s.sqlite3"
    store = SaveStore(path)
    store.create("bq1", "wizard_prince", "game", {"turn": 1, "log": [{"seq": 0, "kind": "roll", "label": "first",
                                                                        "section": None, "data": {"value": 4}}]})
    for turn in (2, 3):
        store.update("bq1", "wizard_prince", "game", {"turn": turn, "log": []}, revision=turn - 1)
    return path


def test_show_and_log_take_a_name_or_an_id_and_a_revision(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    code, out, _ = run(capsys, "saves", "show", "bq1", "--json", "--db", str(db))
    assert code == 0 and json.loads(out)["state"]["turn"] == 3
    code, out, _ = run(capsys, "saves", "show", "1", "--revision", "1", "--json", "--db", str(db))
    assert code == 0 and json.loads(out)["state"]["turn"] == 1
    code, out, _ = run(capsys, "saves", "log", "bq1", "--revision", "1", "--db", str(db))
    assert code == 0 and json.loads(out)["label"] == "first"
    code, _, err = run(capsys, "saves", "show", "bq9", "--db", str(db))
    assert code == 2 and err == f"magecraft: there is no save 'bq9' saved in {db} (saved: bq1)\n"


def test_history_and_restore_then_undo_the_restore(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    code, out, _ = run(capsys, "saves", "history", "bq1", "--json", "--db", str(db))
    assert code == 0 and [r["revision"] for r in json.loads(out)["revisions"]] == [3, 2, 1]
    code, out, _ = run(capsys, "saves", "restore", "bq1", "--revision", "1", "--db", str(db))
    assert code == 0 and "Restored revision 1 of 'bq1' (wizard_prince game, id 1) as revision 4." in out
    assert SaveStore(db).load("bq1", "wizard_prince", "game").state["turn"] == 1
    assert run(capsys, "saves", "restore", "bq1", "--revision", "3", "--db", str(db))[0] == 0
    assert SaveStore(db).load("bq1", "wizard_prince", "game").state["turn"] == 3


def test_delete_asks_unless_yes_and_the_trash_is_restorable_until_purged(
        capsys: pytest.CaptureFixture[str], db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: "n")
    code, out, _ = run(capsys, "saves", "delete", "bq1", "--db", str(db))
    assert code == 0 and "Nothing deleted." in out
    assert [s.name for s in SaveStore(db).list_saves()] == ["bq1"]
    asked: list[str] = []
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: asked.append(prompt) or "y")
    assert run(capsys, "saves", "delete", "bq1", "--db", str(db))[0] == 0
    assert asked == ["Delete 'bq1' (wizard_prince game, id 1)? It stays in the trash until 'saves purge' (y/n)"]
    code, out, _ = run(capsys, "saves", "list", "--deleted", "--json", "--db", str(db))
    assert [s["name"] for s in json.loads(out)] == ["bq1"]
    assert run(capsys, "saves", "restore", "bq1", "--db", str(db))[0] == 0
    assert SaveStore(db).load("bq1", "wizard_prince", "game").revision == 3
    assert run(capsys, "saves", "delete", "1", "--yes", "--db", str(db))[0] == 0
    code, out, _ = run(capsys, "saves", "purge", "--yes", "--db", str(db))
    assert code == 0 and "Purged 1 save(s)" in out
    code, _, err = run(capsys, "saves", "restore", "bq1", "--db", str(db))
    assert code == 2 and "no save 'bq1' in the trash" in err


def test_export_writes_a_new_file_only(capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    target = tmp_path / "bq1.json"
    assert run(capsys, "saves", "export", "bq1", str(target), "--db", str(db))[0] == 0
    document = json.loads(target.read_text())
    assert document["name"] == "bq1" and document["state"]["turn"] == 3
    code, _, err = run(capsys, "saves", "export", "bq1", str(target), "--db", str(db))
    assert code == 2 and "exists; choose a new file name" in err
    code, out, _ = run(capsys, "saves", "export", "bq1", "-", "--db", str(db))
    assert code == 0 and json.loads(out) == document


def test_the_suite_saves_away_from_the_real_home() -> None:
    assert not os.path.realpath(default_path()).startswith(guard.REAL_HOME + os.sep)
    assert not os.path.realpath(os.path.expanduser("~")).startswith(guard.REAL_HOME + os.sep)


def test_a_write_under_the_real_home_is_caught() -> None:
    """The guard sees a write by its path and mode (here fed the audit event; nothing is written)."""
    home_file = os.path.join(guard.REAL_HOME, ".local", "share", "magecraft", "saves.sqlite3")
    guard._watch("open", (home_file, "r", os.O_RDONLY))
    guard._watch("open", ("/tmp/elsewhere", "w", os.O_WRONLY))
    assert guard._written_at_home == []
    guard._watch("open", (home_file, "ab", os.O_WRONLY))
    guard._watch("sqlite3.connect", (home_file,))
    assert [event for event, _ in guard._written_at_home] == ["open", "sqlite3.connect"]
    guard._written_at_home.clear()


def test_a_damaged_store_in_a_real_process_is_one_line_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    SaveStore(path).create("bq1", "wizard_prince", "game", {"turn": 1, "log": [{"n": i} for i in range(500)]})
    cut = path.read_bytes()[:50_000 if path.stat().st_size > 50_000 else path.stat().st_size // 2]
    path.write_bytes(cut)
    result = subprocess.run([sys.executable, "-c", "from magecraft.cli.app import run; run()", "saves", "list",
                             "--db", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.startswith(f"magecraft: {path} is damaged: cut short") and result.stderr.count("\n") == 1
    assert path.read_bytes() == cut
