"""The save store: saved games, campaigns, characters and worlds with their event logs, in SQLite.

The store is one SQLite file, by default ``saves.sqlite3`` in the user's data
directory (platformdirs), overridden by ``--db PATH`` or ``MAGECRAFT_DB``.

The rules every save follows (docs/architecture.md, "Saves"):

- **Names.** A save is named within its system and kind.  :meth:`SaveStore.create`
  refuses a taken name (:class:`SaveExists`) unless asked to overwrite, and an
  overwrite keeps the old save in the history.
- **Revisions.** Every save carries a revision, 1 when created and one more at
  every write.  :meth:`SaveStore.update` names the revision it read and is refused
  (:class:`SaveConflict`) when the save moved on; :meth:`SaveStore.modify` re-reads
  and applies a change inside one ``BEGIN IMMEDIATE`` transaction, so a short
  command that only appends never loses (nor needs to repeat) its update.
  Writers queue behind each other (a busy timeout) instead of failing.
- **History.** The previous revisions of each save (the last :data:`DEFAULT_HISTORY`,
  or ``MAGECRAFT_SAVE_HISTORY``) are kept; :meth:`SaveStore.restore` brings one back
  as a new revision.  A deleted save goes to the trash until :meth:`SaveStore.purge`.
- **Files.** The file carries magecraft's SQLite ``application_id`` and its schema
  version in ``user_version``; an older schema is migrated forward.  A file that is
  damaged, truncated, empty, newer, a directory, unreadable or another program's is
  refused with one line (:class:`SaveError`, exit status 2) and never modified.
  Reading never creates anything: the file (and its directory) is made by the first
  write.

>>> import tempfile, pathlib
>>> store = SaveStore(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite3")
>>> store.create("evening", "wizard_prince", "game", {"turn": 3, "log": []}).revision
1
>>> saved = store.load("evening", "wizard_prince", "game")
>>> store.update("evening", "wizard_prince", "game", {"turn": 4, "log": []}, revision=saved.revision).revision
2
>>> store.load("evening", "wizard_prince", "game").state["turn"]
4
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from magecraft.core.errors import SaveError
from magecraft.core.save_file import APPLICATION_ID, KINDS, MIGRATIONS, SCHEMA_VERSION, check_header
from magecraft.core.save_texts import common_prefix, decode_state, history_text, one_line, state_from, state_texts

#: How many previous revisions of each save are kept (at least); ``MAGECRAFT_SAVE_HISTORY`` overrides.
DEFAULT_HISTORY = 20
#: Seconds a writer waits for another writer to finish before giving up.
BUSY_TIMEOUT = 30.0
#: The longest save name.
MAX_NAME = 80


class SaveExists(SaveError):
    """A new save was asked for under a name that is taken (exit status 2)."""


class SaveConflict(SaveError):
    """A save changed (or was deleted) since the command read it: writing would lose the other
    writer's work.  ``read`` is the revision the command read, ``current`` the save's now (None: deleted);
    ``taken_by`` describes the session that took the game over, when that is why."""

    def __init__(self, message: str, *, name: str = "", read: int = 0, current: int | None = None,
                 taken_by: str | None = None) -> None:
        super().__init__(message)
        self.name, self.read, self.current, self.taken_by = name, read, current, taken_by


def default_path() -> Path:
    """``MAGECRAFT_DB`` if set, else ``saves.sqlite3`` in the user data directory."""
    env = os.environ.get("MAGECRAFT_DB")
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir("magecraft", appauthor=False)) / "saves.sqlite3"


def history_limit() -> int:
    """How many previous revisions to keep: ``MAGECRAFT_SAVE_HISTORY`` or :data:`DEFAULT_HISTORY`."""
    text = os.environ.get("MAGECRAFT_SAVE_HISTORY", "")
    if not text:
        return DEFAULT_HISTORY
    if not text.isdecimal() or int(text) < 1:
        raise SaveError(f"MAGECRAFT_SAVE_HISTORY={text!r}: give how many revisions to keep (1 or more)")
    return int(text)


#: ``MAGECRAFT_SAVE_SYNC``: how hard SQLite makes sure a commit is on the disk before it returns.
SYNC_MODES = {"full": "FULL", "normal": "NORMAL", "off": "OFF"}


def sync_mode() -> str:
    """SQLite's ``synchronous`` for this process: ``MAGECRAFT_SAVE_SYNC`` (full, normal or off), else FULL.

    FULL (the default) waits for the disk at every commit, so a save survives a power cut. ``off`` hands
    the write to the operating system and goes on: a save still survives the program crashing, and writers
    still take turns, but a power cut may lose the last saves -- for scratch stores (a designer's
    simulations, the test suite), where the waits would be most of the time spent saving.
    """
    text = os.environ.get("MAGECRAFT_SAVE_SYNC", "full")
    mode = SYNC_MODES.get(text.strip().casefold())
    if mode is None:
        raise SaveError(f"MAGECRAFT_SAVE_SYNC={text!r}: give one of {', '.join(SYNC_MODES)}")
    return mode


def check_name(name: str) -> str:
    """The one rule for save names, in every system and kind: 1 to 80 printable characters, no
    spaces at either end, not only digits (a number means a save's id).

    >>> check_name("Ann's campaign")
    "Ann's campaign"
    >>> check_name("12")
    Traceback (most recent call last):
    ...
    magecraft.core.errors.SaveError: save name '12' is only digits, which would read as a save id; add a letter
    """
    if not name.strip():
        raise SaveError("a save needs a name")
    if name != name.strip():
        raise SaveError(f"save name {name!r} starts or ends with a space")
    if len(name) > MAX_NAME:
        raise SaveError(f"save name {name[:20]!r}... is {len(name)} characters long; at most {MAX_NAME}")
    if not name.isprintable():
        raise SaveError(f"save name {name!r} holds a control character")
    if name.isdecimal():
        raise SaveError(f"save name {name!r} is only digits, which would read as a save id; add a letter")
    return name


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class SaveSummary:
    id: int
    name: str
    system: str
    kind: str
    created: str
    updated: str
    events: int
    revision: int = 1
    deleted: str | None = None

    @property
    def label(self) -> str:
        """``'Ann' (mtg_rpg character, id 3)`` -- how messages name a save."""
        return f"{self.name!r} ({self.system} {self.kind}, id {self.id})"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "system": self.system, "kind": self.kind,
                "created": self.created, "updated": self.updated, "events": self.events,
                "revision": self.revision, "deleted": self.deleted}


@dataclass(frozen=True)
class Saved:
    """A save read back: the state with its event log restored under ``state["log"]``."""

    summary: SaveSummary
    state: dict[str, Any]

    @property
    def revision(self) -> int:
        return self.summary.revision

    @property
    def name(self) -> str:
        return self.summary.name

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.state.get("log", []))


@dataclass(frozen=True)
class Revision:
    """One entry of a save's history: its revision number, when it was written, how many events."""

    revision: int
    saved: str
    events: int
    current: bool

    def to_dict(self) -> dict[str, Any]:
        return {"revision": self.revision, "saved": self.saved, "events": self.events, "current": self.current}


class SaveStore:
    """A magecraft save store in one SQLite file.

    Opening checks the file (if there is one) and creates nothing; the first write makes the file.
    """

    def __init__(self, path: Path | str | None = None, *, history: int | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.history = history_limit() if history is None else history
        self.sync = sync_mode()
        self._ready = check_header(self.path)
        self._verified = False

    @property
    def exists(self) -> bool:
        return self._ready or self.path.exists()

    # -- connections ------------------------------------------------------------------
    @contextmanager
    def _guard(self, conn: sqlite3.Connection | None = None) -> Iterator[None]:
        """Turns SQLite's errors into one-line :class:`SaveError`s (and rolls back)."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            self._rollback(conn)
            if "locked" in str(exc) or "busy" in str(exc):
                raise SaveError(f"{self.path} is busy: another magecraft command kept it for "
                                f"{BUSY_TIMEOUT:.0f} s; try again") from None
            if "decode" in str(exc):
                raise SaveError(f"{self.path} is damaged: it holds text that is not UTF-8") from None
            if "readonly" in str(exc) or "read-only" in str(exc):
                raise SaveError(f"cannot write {self.path}: it is read-only") from None
            raise SaveError(f"{self.path} cannot be used: {one_line(exc)}") from None
        except sqlite3.DatabaseError as exc:
            self._rollback(conn)
            raise SaveError(f"{self.path} is damaged: {one_line(exc)}") from None
        except _Damaged as exc:
            self._rollback(conn)
            raise SaveError(f"{self.path} is damaged: {exc}") from None
        except UnicodeDecodeError:
            self._rollback(conn)
            raise SaveError(f"{self.path} is damaged: it holds text that is not UTF-8") from None
        except BaseException:
            self._rollback(conn)
            raise

    @staticmethod
    def _rollback(conn: sqlite3.Connection | None) -> None:
        if conn is not None and conn.in_transaction:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")

    def _open(self, mode: str) -> sqlite3.Connection:
        uri = self.path.resolve().as_uri() + f"?mode={mode}"
        with self._guard():
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT)
        return conn

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection | None]:
        """A read-only connection, or None when there is no store yet (reads then find nothing)."""
        if not self.path.parent.is_dir():
            raise SaveError(f"there is no save store at {self.path}: the directory {self.path.parent} "
                            "does not exist")
        if not self._ready:
            self._ready = check_header(self.path)
            if not self._ready:
                yield None
                return
        self._check_schema()
        conn = self._open("ro")
        try:
            with self._guard():
                yield conn
        finally:
            conn.close()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A connection inside ``BEGIN IMMEDIATE``: committed when the block ends, rolled back on error."""
        if not self._ready:
            self._ready = check_header(self.path)
        if not self._ready:
            self._create()
        self._check_schema()
        if not os.access(self.path, os.W_OK):
            raise SaveError(f"cannot write {self.path}: permission denied")
        conn = self._open("rw")
        try:
            with self._guard(conn):
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute(f"PRAGMA synchronous = {self.sync}")
                conn.execute("BEGIN IMMEDIATE")
                yield conn
                conn.execute("COMMIT")
        finally:
            conn.close()

    def _create(self) -> None:
        """Make the store: built whole beside its place, then linked in, so no process ever sees a
        half-made file, and of two processes creating it at once one wins and both use its store."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot create {self.path.parent}: {exc.strerror}") from None
        draft = self.path.with_name(f".{self.path.name}.{os.getpid()}.new")
        try:
            draft.unlink(missing_ok=True)
            conn = sqlite3.connect(draft, isolation_level=None)
            try:
                with self._guard(conn):
                    self._migrate(conn, 0)
            finally:
                conn.close()
            try:
                os.link(draft, self.path)
            except FileExistsError:
                pass  # another process made the store first: use that one
            except OSError:
                if not self.path.exists():  # a file system without hard links
                    os.rename(draft, self.path)
        except OSError as exc:
            raise SaveError(f"cannot create {self.path}: {exc.strerror}") from None
        finally:
            draft.unlink(missing_ok=True)
        self._ready = check_header(self.path)

    def _check_schema(self) -> None:
        """Refuse a newer schema; migrate an older one forward (one transaction)."""
        conn = self._open("ro")
        try:
            with self._guard():
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
        if version > SCHEMA_VERSION:
            raise SaveError(f"{self.path} was written by a newer magecraft (schema {version}, this one reads "
                            f"{SCHEMA_VERSION}); upgrade magecraft to open it")
        self._verify()
        if version == SCHEMA_VERSION:
            return
        if version == 0:
            raise SaveError(f"{self.path} is damaged: it carries no schema version")
        conn = self._open("rw")
        try:
            with self._guard(conn):
                self._migrate(conn, version)
        finally:
            conn.close()

    def _verify(self) -> None:
        """SQLite's own check of the whole file, once per store opened (issue 25 item 5): a flipped byte in an
        index would otherwise read as "no save named ..." (a game master would make it again) or as wrong
        event counts.  Damage is refused in one line naming the file and what SQLite found."""
        if self._verified:
            return
        conn = self._open("ro")
        try:
            with self._guard():
                found = [str(row[0]) for row in conn.execute("PRAGMA integrity_check(3)")]
        finally:
            conn.close()
        if found != ["ok"]:
            raise SaveError(f"{self.path} is damaged: {one_line(Exception('; '.join(found)))}; nothing was "
                            "read or changed (restore the file from a backup; 'saves export' may save what "
                            "still reads)")
        self._verified = True

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("BEGIN IMMEDIATE")
        # another process may have migrated (or created) the store while this one waited
        now = conn.execute("PRAGMA user_version").fetchone()[0]
        if now != version:
            conn.execute("ROLLBACK")
            return
        for target in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[target](conn)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")

    # -- writing ----------------------------------------------------------------------
    def create(self, name: str, system: str, kind: str, state: Mapping[str, Any], *,
               overwrite: bool = False) -> Saved:
        """A new save (revision 1).  A taken name is refused (:class:`SaveExists`) unless ``overwrite``;
        an overwrite is a new revision of that save, so the old one stays in its history."""
        check_name(name)
        _check_kind(kind)
        texts = state_texts(name, state)
        with self._writing() as conn:
            row = _live_row(conn, name, system, kind)
            if row is not None:
                if not overwrite:
                    raise SaveExists(f"there is already a {system} {kind} saved as {name!r} in {self.path}; "
                                     "choose another name, or replace it with --overwrite")
                return self._write(conn, row, texts)
            now = _now()
            cursor = conn.execute(
                "INSERT INTO saves (name, system, kind, state, created, updated, revision) "
                "VALUES (?, ?, ?, ?, ?, ?, 1)", (name, system, kind, texts[0], now, now))
            save_id = int(cursor.lastrowid or 0)
            conn.executemany("INSERT INTO events (save_id, seq, event) VALUES (?, ?, ?)",
                             ((save_id, seq, text) for seq, text in enumerate(texts[1])))
            summary = SaveSummary(save_id, name, system, kind, now, now, len(texts[1]), 1)
        return Saved(summary, state_from(texts))

    def update(self, name: str, system: str, kind: str, state: Mapping[str, Any], *, revision: int,
               token: str | None = None) -> Saved:
        """Write ``state`` as the next revision of the save read at ``revision``; refused
        (:class:`SaveConflict`) when the save moved on since, so no other writer's work is lost, and (with
        the ``token`` of a session at the table) when another session took the game over."""
        _check_kind(kind)
        texts = state_texts(name, state)
        with self._writing() as conn:
            row = _live_row(conn, name, system, kind)
            if row is None:
                raise SaveConflict(f"{name} was deleted since this command read it (revision {revision}); "
                                   "'magecraft saves restore' brings it back", name=name, read=revision)
            holder = _player(conn, row.id)
            if token is not None and holder is not None and holder.token != token:
                raise SaveConflict(f"{name} was taken over by another session ({holder.describe()})",
                                   name=name, read=revision, current=row.revision, taken_by=holder.describe())
            if row.revision != revision:
                raise SaveConflict(f"{name} changed since this command read it (revision {revision}, now "
                                   f"{row.revision}); run it again", name=name, read=revision,
                                   current=row.revision)
            return self._write(conn, row, texts)

    def modify(self, name: str, system: str, kind: str,
               change: Callable[[dict[str, Any]], Mapping[str, Any]]) -> Saved:
        """Re-read the save and write ``change(state)`` inside one transaction.

        For short commands that append (an action, a roll): concurrent ones queue and each
        applies to the state the one before left, so none is lost.  ``change`` must not wait
        for a person (the store is locked while it runs); an error it raises changes nothing.
        """
        _check_kind(kind)
        with self._writing() as conn:
            row = _live_row(conn, name, system, kind)
            if row is None:
                raise self._missing(name, system, kind)
            state = state_from(_stored_texts(conn, row.id))
            changed = change(state)
            return self._write(conn, row, state_texts(name, changed))

    def _write(self, conn: sqlite3.Connection, row: SaveSummary,
               texts: tuple[str, list[str]]) -> Saved:
        """The next revision of ``row``: the current one goes to the history (the oldest beyond the limit
        leave it).  A state the same as the stored one writes nothing: opening a save, or saving a game with
        no move since, makes no revision (issue 25 item 2), so no other session reading it goes stale."""
        old = _stored_texts(conn, row.id)
        if old == texts:
            return Saved(row, state_from(texts))
        now = _now()
        conn.execute("INSERT OR REPLACE INTO history (save_id, revision, saved, state) VALUES (?, ?, ?, ?)",
                     (row.id, row.revision, row.updated, history_text(old)))
        conn.execute("DELETE FROM history WHERE save_id = ? AND revision <= ?",
                     (row.id, row.revision - self.history))
        revision = row.revision + 1
        conn.execute("UPDATE saves SET state = ?, updated = ?, revision = ? WHERE id = ?",
                     (texts[0], now, revision, row.id))
        # Logs grow at the end: rewrite the events from the first one that differs, not the whole log.
        kept = common_prefix(old[1], texts[1])
        conn.execute("DELETE FROM events WHERE save_id = ? AND seq >= ?", (row.id, kept))
        conn.executemany("INSERT INTO events (save_id, seq, event) VALUES (?, ?, ?)",
                         ((row.id, seq, texts[1][seq]) for seq in range(kept, len(texts[1]))))
        summary = SaveSummary(row.id, row.name, row.system, row.kind, row.created, now, len(texts[1]), revision)
        return Saved(summary, state_from(texts))

    def rename(self, name: str, new: str, system: str, kind: str) -> SaveSummary:
        """Give the save ``name`` the name ``new`` (refused when ``new`` is taken); its history and the
        session playing it go with it."""
        check_name(new)
        _check_kind(kind)
        with self._writing() as conn:
            row = _live_row(conn, name, system, kind)
            if row is None:
                raise SaveError(f"there is no {system} {kind} saved as {name!r} in {self.path}")
            if new != name and _live_row(conn, new, system, kind) is not None:
                raise SaveExists(f"there is already a {system} {kind} saved as {new!r} in {self.path}; "
                                 "choose another name")
            conn.execute("UPDATE saves SET name = ? WHERE id = ?", (new, row.id))
            renamed = _row_by_id(conn, row.id)
        assert renamed is not None
        return renamed

    # -- who is playing ---------------------------------------------------------------
    def claim(self, name: str, system: str, kind: str, token: str, *, take_over: bool = False) -> Player | None:
        """Mark the save as played by the session ``token``.  Another session still playing it (its process
        alive) is returned and nothing changes, unless ``take_over``: then that session's next save is
        refused with :class:`SaveConflict` (it keeps its game under another name; never thrown out
        silently).  A session that died without letting go is passed over."""
        with self._writing() as conn:
            row = _live_row(conn, name, system, kind)
            if row is None:
                raise SaveError(f"there is no {system} {kind} saved as {name!r} in {self.path}")
            holder = _player(conn, row.id)
            if holder is not None and holder.token != token and holder.alive() and not take_over:
                return holder
            conn.execute("INSERT OR REPLACE INTO playing (save_id, token, pid, host, since) "
                         "VALUES (?, ?, ?, ?, ?)",
                         (row.id, token, os.getpid(), socket.gethostname(), _now()))
        return None

    def release(self, token: str) -> None:
        """The session ``token`` stopped playing (nothing is written when it held nothing)."""
        if not self._ready:
            return
        with self._reading() as conn:
            held = conn is not None and conn.execute("SELECT 1 FROM playing WHERE token = ?", (token,)).fetchone()
        if held:
            with self._writing() as conn:
                conn.execute("DELETE FROM playing WHERE token = ?", (token,))

    def restore(self, ref: str, revision: int, *, system: str | None = None, kind: str | None = None) -> Saved:
        """Bring back an earlier revision of a save as its newest revision (so the restore can be undone)."""
        target = self.find(ref, system, kind)
        with self._writing() as conn:
            row = _row_by_id(conn, target.id)
            if row is None or row.deleted is not None:
                raise SaveError(f"{target.label} is in the trash: 'saves undelete' it first")
            found = conn.execute("SELECT state FROM history WHERE save_id = ? AND revision = ?",
                                 (row.id, revision)).fetchone()
            if found is None:
                kept = [r for (r,) in conn.execute(
                    "SELECT revision FROM history WHERE save_id = ? ORDER BY revision", (row.id,))]
                raise SaveError(f"{row.label} has no revision {revision} to restore (kept: "
                                f"{', '.join(map(str, kept)) or 'none'}; current {row.revision})")
            return self._write(conn, row, state_texts(row.name, decode_state(found[0], self.path, row.id)))

    def delete(self, ref: str, *, system: str | None = None, kind: str | None = None) -> SaveSummary:
        """Move a save to the trash: its name is free again, and 'undelete' brings it back until purged."""
        target = self.find(ref, system, kind)
        with self._writing() as conn:
            conn.execute("UPDATE saves SET deleted = ? WHERE id = ? AND deleted IS NULL", (_now(), target.id))
        return target

    def undelete(self, ref: str, *, system: str | None = None, kind: str | None = None) -> SaveSummary:
        """Take a save out of the trash (refused if its name was taken meanwhile)."""
        target = self.find(ref, system, kind, deleted=True)
        with self._writing() as conn:
            if _live_row(conn, target.name, target.system, target.kind) is not None:
                raise SaveExists(f"{target.name!r} is taken by a newer {target.system} {target.kind}; "
                                 "delete or rename that one first")
            conn.execute("UPDATE saves SET deleted = NULL WHERE id = ?", (target.id,))
        return target

    def purge(self) -> list[SaveSummary]:
        """Delete the saves in the trash for good; returns them."""
        gone = [s for s in self.list_saves(deleted=True)]
        if gone:
            with self._writing() as conn:
                conn.execute("DELETE FROM saves WHERE deleted IS NOT NULL")
        return gone

    # -- reading ----------------------------------------------------------------------
    _SUMMARY = (
        "SELECT s.id, s.name, s.system, s.kind, s.created, s.updated, "
        "(SELECT COUNT(*) FROM events e WHERE e.save_id = s.id), s.revision, s.deleted FROM saves s"
    )

    def list_saves(self, system: str | None = None, kind: str | None = None, *,
                   deleted: bool = False) -> list[SaveSummary]:
        """The saves (or, with ``deleted``, those in the trash), oldest first."""
        clauses = ["s.deleted IS NOT NULL" if deleted else "s.deleted IS NULL"]
        params: list[Any] = []
        if system:
            clauses.append("s.system = ?")
            params.append(system)
        if kind:
            clauses.append("s.kind = ?")
            params.append(kind)
        with self._reading() as conn:
            if conn is None:
                return []
            rows = conn.execute(f"{self._SUMMARY} WHERE {' AND '.join(clauses)} ORDER BY s.id",
                                tuple(params)).fetchall()
            return [_summary(row) for row in rows]

    def find(self, ref: str, system: str | None = None, kind: str | None = None, *,
             deleted: bool = False) -> SaveSummary:
        """The save named ``ref`` (or with id ``ref``); a name held by several systems or kinds is
        refused with the ids to choose from."""
        candidates = self.list_saves(system, kind, deleted=deleted)
        if ref.isdecimal():
            from magecraft.core.numbers import whole_number

            found = [s for s in candidates if s.id == whole_number(ref)]
        else:
            found = [s for s in candidates if s.name == ref]
        where = "in the trash" if deleted else "saved"
        from magecraft.core.numbers import shown

        if not found:
            known = ", ".join(s.name for s in candidates) or "none"
            raise SaveError(f"there is no save {shown(ref, 80)} {where} in {self.path} ({where}: {known})")
        if len(found) > 1:
            raise SaveError(f"{ref!r} names {len(found)} saves: "
                            f"{'; '.join(s.label for s in found)}; give the id")
        return found[0]

    def get(self, save_id: int) -> Saved:
        """The save with this id (in the trash or not)."""
        with self._reading() as conn:
            row = None if conn is None else _row_by_id(conn, save_id)
            if conn is None or row is None:
                raise SaveError(f"there is no save with id {save_id} in {self.path}")
            return Saved(row, state_from(_stored_texts(conn, row.id), self.path, row.id))

    def load(self, name: str, system: str, kind: str = "game") -> Saved:
        """The save ``name`` of this system and kind, with its revision."""
        with self._reading() as conn:
            row = None if conn is None else _live_row(conn, name, system, kind)
            if conn is None or row is None:
                raise self._missing(name, system, kind)
            return Saved(row, state_from(_stored_texts(conn, row.id), self.path, row.id))

    def exists_name(self, name: str, system: str, kind: str) -> bool:
        """Whether ``name`` is taken (asked before a first save, so a directory not made yet means no)."""
        if not self.path.parent.is_dir():
            return False
        with self._reading() as conn:
            return conn is not None and _live_row(conn, name, system, kind) is not None

    def history_of(self, ref: str, system: str | None = None, kind: str | None = None) -> list[Revision]:
        """The kept revisions of a save, newest (the current one) first."""
        target = self.find(ref, system, kind)
        with self._reading() as conn:
            assert conn is not None
            rows = conn.execute("SELECT revision, saved, state FROM history WHERE save_id = ? "
                                "ORDER BY revision DESC", (target.id,)).fetchall()
        older = [Revision(r, saved, len(decode_state(text, self.path, target.id).get("log", [])), False)
                 for r, saved, text in rows]
        return [Revision(target.revision, target.updated, target.events, True), *older]

    def revision_state(self, ref: str, revision: int, system: str | None = None,
                       kind: str | None = None) -> Saved:
        """One kept revision of a save (the current one or one from its history)."""
        target = self.find(ref, system, kind)
        if revision == target.revision:
            return self.get(target.id)
        with self._reading() as conn:
            assert conn is not None
            found = conn.execute("SELECT state FROM history WHERE save_id = ? AND revision = ?",
                                 (target.id, revision)).fetchone()
        if found is None:
            raise SaveError(f"{target.label} has no revision {revision} (see 'saves history')")
        state = decode_state(found[0], self.path, target.id)
        return Saved(SaveSummary(target.id, target.name, target.system, target.kind, target.created,
                                 target.updated, len(state.get("log", [])), revision), state)

    def _missing(self, name: str, system: str, kind: str) -> SaveError:
        known = ", ".join(s.name for s in self.list_saves(system, kind)) or "none"
        return SaveError(f"there is no {system} {kind} saved as {name!r} (saved: {known})")

    # -- moving saves between machines -------------------------------------------------
    def export(self, ref: str, system: str | None = None, kind: str | None = None) -> dict[str, Any]:
        """A save as one JSON-ready document (see :func:`read_export`)."""
        target = self.find(ref, system, kind)
        saved = self.get(target.id)
        return {"magecraft_save": EXPORT_VERSION, "name": target.name, "system": target.system,
                "kind": target.kind, "revision": target.revision, "state": saved.state}


@dataclass(frozen=True)
class Player:
    """A session at the table playing a save: its token, process, machine and since when."""

    token: str
    pid: int
    host: str
    since: str

    def alive(self) -> bool:
        """Whether the process still runs (one on another machine is taken to be)."""
        if self.host != socket.gethostname():
            return True
        if self.pid <= 0:
            return False  # os.kill(0, ...) would signal this process group
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True  # it exists, owned by someone else
        return True

    def describe(self) -> str:
        return f"process {self.pid} on {self.host}, since {self.since[:19].replace('T', ' ')} UTC"


def _player(conn: sqlite3.Connection, save_id: int) -> Player | None:
    found = conn.execute("SELECT token, pid, host, since FROM playing WHERE save_id = ?", (save_id,)).fetchone()
    if found is None:
        return None
    if not (isinstance(found[0], str) and isinstance(found[1], int) and isinstance(found[2], str)
            and isinstance(found[3], str)):
        raise _Damaged("the record of who is playing a save holds a value of the wrong kind")
    return Player(*found)


#: The version of the export document's format.
EXPORT_VERSION = 1


def read_export(text: str, source: str) -> tuple[str, str, str, dict[str, Any]]:
    """``(name, system, kind, state)`` from an exported save; anything malformed is refused whole."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{source} is not an exported save: not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(data, dict) or "magecraft_save" not in data:
        raise SaveError(f"{source} is not an exported magecraft save")
    if data["magecraft_save"] != EXPORT_VERSION:
        raise SaveError(f"{source} is an export of format {data['magecraft_save']!r}; this magecraft reads "
                        f"format {EXPORT_VERSION}")
    for key in ("name", "system", "kind"):
        if not isinstance(data.get(key), str):
            raise SaveError(f"{source} is malformed: {key!r} is missing or not text")
    state = data.get("state")
    if not isinstance(state, dict) or not isinstance(state.get("log", []), list):
        raise SaveError(f"{source} is malformed: 'state' is not a saved state with a log list")
    check_name(data["name"])
    _check_kind(data["kind"])
    return data["name"], data["system"], data["kind"], state


# -- rows and texts --------------------------------------------------------------------------


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise SaveError(f"a save is one of {', '.join(KINDS)}, not {kind!r}")


class _Damaged(Exception):
    """What is wrong with a store whose records contradict each other (found by the byte flips); the store's
    guard says it in one line naming the file."""


#: The kind of each column of ``SaveStore._SUMMARY``: a damaged file can hand back a NULL or a number where
#: a name belongs, which must be refused, not met later as a TypeError.
_SUMMARY_KINDS: tuple[type | tuple[type, ...], ...] = (int, str, str, str, str, str, int, int, (str, type(None)))


def _summary(row: Sequence[Any]) -> SaveSummary:
    if len(row) != len(_SUMMARY_KINDS) or not all(isinstance(value, kind)
                                                  for value, kind in zip(row, _SUMMARY_KINDS, strict=True)):
        raise _Damaged("a save's record holds a value of the wrong kind")
    return SaveSummary(*row)


def _live_row(conn: sqlite3.Connection, name: str, system: str, kind: str) -> SaveSummary | None:
    row = conn.execute(SaveStore._SUMMARY + " WHERE s.system = ? AND s.kind = ? AND s.name = ? "
                       "AND s.deleted IS NULL", (system, kind, name)).fetchone()
    return None if row is None else _summary(row)


def _row_by_id(conn: sqlite3.Connection, save_id: int) -> SaveSummary | None:
    row = conn.execute(SaveStore._SUMMARY + " WHERE s.id = ?", (save_id,)).fetchone()
    return None if row is None else _summary(row)


def _stored_texts(conn: sqlite3.Connection, save_id: int) -> tuple[str, list[str]]:
    found = conn.execute("SELECT state FROM saves WHERE id = ?", (save_id,)).fetchall()
    if len(found) != 1:
        # the summary found the save by one index and the state is missing by another
        raise _Damaged(f"save {save_id} is listed but its state is missing")
    (body,), = found
    events = [text for (text,) in conn.execute("SELECT event FROM events WHERE save_id = ? ORDER BY seq",
                                               (save_id,))]
    return body, events
