"""The whole suite runs away from the user's home: saves, platformdirs and HOME point at a temporary
directory, and any write this process makes under the real home fails the test that made it.

The check is an audit hook (PEP 578): it sees every file opened for writing, every directory made and
every SQLite database connected, so it catches writes through any path, not just the default one.

Nothing else is written outside the temporary directory either: Hypothesis keeps no example database
and its caches go there (not ``.hypothesis/`` in the working tree), and when the machine asks Python
not to write bytecode beside the sources (``PYTHONDONTWRITEBYTECODE``), compiled modules are cached under
the temporary directory instead, for this process and the ones the tests start -- otherwise every run,
and every child process, compiles the whole package again (about a tenth of the suite's time).
"""

from __future__ import annotations

import itertools
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

if sys.dont_write_bytecode:
    _BYTECODE = os.path.join(tempfile.gettempdir(), "magecraft-test-bytecode")
    sys.pycache_prefix, sys.dont_write_bytecode = _BYTECODE, False
    os.environ["PYTHONPYCACHEPREFIX"] = _BYTECODE
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Hypothesis's own caches (the constants it collects from the sources) go to the temporary directory too.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY",
                      os.path.join(tempfile.gettempdir(), "magecraft-test-hypothesis"))

# No example database, and no deadline: the suite is never timed (a loaded machine
# would make a deadline fail at random); property tests set their own example counts.
settings.register_profile("magecraft", database=None, deadline=None)
settings.load_profile("magecraft")

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
    (home / "stores").mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(home))
        patch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
        patch.setenv("MAGECRAFT_DB", str(home / "saves.sqlite3"))
        # One screen size for every run (rich reads these; pytest-xdist's workers set LINES=24, a plain run
        # leaves rich's 80x25): the play loop groups a long menu by the screen's height.
        patch.setenv("COLUMNS", "80")
        patch.setenv("LINES", "25")
        yield home


_STORES = itertools.count()


@pytest.fixture(autouse=True)
def own_store(away_from_home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test its own default store (no name taken by an earlier test); a write under the real home
    fails the test."""
    # A new file name in the session's directory rather than a directory per test: pytest's mktemp
    # lists every earlier one to number the next, which grows with the suite.
    monkeypatch.setenv("MAGECRAFT_DB", str(away_from_home / "stores" / f"{next(_STORES)}.sqlite3"))
    # Scratch stores: commits are not waited onto the disk (a power cut is not what these tests are about;
    # locking, revisions and transactions are unchanged). tests/core/test_saves.py checks the default.
    monkeypatch.setenv("MAGECRAFT_SAVE_SYNC", "off")
    _written_at_home.clear()
    yield
    if _written_at_home:
        found = list(_written_at_home)
        _written_at_home.clear()
        pytest.fail(f"the test wrote under the real home {REAL_HOME}: {found[:3]}")


def _ctrl_c_as_at_a_terminal() -> None:
    """In a child before it runs: Ctrl-C unblocked and not ignored, as in a person's terminal.  A child
    inherits an ignored or blocked SIGINT from the process that starts it, and then Python never raises
    KeyboardInterrupt -- what another test run earlier in the same worker did to it is no business of the
    test that presses Ctrl-C (two Ctrl-C tests waited in vain in CI, with nothing but the ``^C`` echoed)."""
    import signal

    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def ctrl_c_as_at_a_terminal() -> object:
    """The ``preexec_fn`` for a child process a test will send Ctrl-C to."""
    return _ctrl_c_as_at_a_terminal
