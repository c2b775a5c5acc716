"""The whole suite runs away from the user's home: saves, platformdirs and HOME point at a temporary
directory, and any write this process makes under the real home fails the test that made it.

The check is an audit hook (PEP 578): it sees every file opened for writing, every directory made and
every SQLite database connected, so it catches writes through any path, not just the default one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REAL_HOME = os.path.realpath(os.path.expanduser("~"))
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
#: Writes under the real home seen since the last check: (event, path).
_written_at_home: list[tuple[str, str]] = []


def _under_home(path: object) -> str | None:
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str | os.PathLike):
        return None
    text = os.path.realpath(os.fspath(path))
    if text.startswith(REAL_HOME + os.sep) and "__pycache__" not in text:
        return text
    return None


def _watch(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and args:
        mode, flags = (args[1], args[2]) if len(args) > 2 else (None, 0)
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
            (isinstance(flags, int) and bool(flags & _WRITE_FLAGS))
        found = _under_home(args[0]) if writing else None
    elif event in ("os.mkdir", "sqlite3.connect", "os.remove", "os.rename") and args:
        found = _under_home(args[0])
    else:
        return
    if found is not None:
        _written_at_home.append((event, found))


sys.addaudithook(_watch)


@pytest.fixture(autouse=True, scope="session")
def away_from_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """MAGECRAFT_DB, XDG_DATA_HOME and HOME point into a temporary directory for the whole session."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(home))
        patch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
        patch.setenv("MAGECRAFT_DB", str(home / "saves.sqlite3"))
        yield home


@pytest.fixture(autouse=True)
def own_store(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test its own default store (no name taken by an earlier test); a write under the real home
    fails the test."""
    monkeypatch.setenv("MAGECRAFT_DB", str(tmp_path_factory.mktemp("store") / "saves.sqlite3"))
    _written_at_home.clear()
    yield
    if _written_at_home:
        found = list(_written_at_home)
        _written_at_home.clear()
        pytest.fail(f"the test wrote under the real home {REAL_HOME}: {found[:3]}")
