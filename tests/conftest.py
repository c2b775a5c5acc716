"""Every test: the save store defaults to a file in the test's temporary directory, never the user's home
(a command run without ``--db`` would otherwise open ``~/.local/share/magecraft``)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _save_store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAGECRAFT_DB", str(tmp_path / "default-saves.sqlite3"))
