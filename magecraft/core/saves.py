"""The save store: saved games, campaigns and characters with their event logs, in SQLite.

The store is one SQLite file, by default ``saves.sqlite3`` in the user's data
directory (platformdirs), overridden by ``--db PATH`` or ``MAGECRAFT_DB``.

Every write is one transaction: a save that fails midway leaves the previous
save of that name exactly as it was.  The file carries magecraft's SQLite
``application_id`` and its schema version in ``user_version``; an older schema
is migrated forward, a newer one is refused, and a file that is not a
magecraft store (not SQLite at all, or some other program's database) is
refused with a clear message and never modified.

>>> import tempfile, pathlib
>>> store = SaveStore(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite3")
>>> save_id = store.save("evening", "wizard_prince", "game", {"turn": 3, "log": []})
>>> store.load("evening", "wizard_prince", "game").state["turn"]
3
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from magecraft.core.errors import SaveError

#: "MGCF" -- marks a SQLite file as a magecraft save store.
APPLICATION_ID = 0x4D474346
SCHEMA_VERSION = 1
KINDS = ("game", "campaign", "character")
_SQLITE_MAGIC = b"SQLite format 3\x00"


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    conn.execute(
        """CREATE TABLE saves (
               id INTEGER PRIMARY KEY,
               name TEXT NOT NULL,
               system TEXT NOT NULL,
               kind TEXT NOT NULL CHECK (kind IN ('game', 'campaign', 'character')),
               state TEXT NOT NULL,
               created TEXT NOT NULL,
               updated TEXT NOT NULL,
               UNIQUE (system, kind, name))"""
    )
    conn.execute(
        """CREATE TABLE events (
               save_id INTEGER NOT NULL REFERENCES saves(id) ON DELETE CASCADE,
               seq INTEGER NOT NULL,
               event TEXT NOT NULL,
               PRIMARY KEY (save_id, seq))"""
    )


#: MIGRATIONS[n] takes a store at schema n-1 to schema n.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_to_1}


def default_path() -> Path:
    """``MAGECRAFT_DB`` if set, else ``saves.sqlite3`` in the user data directory."""
    env = os.environ.get("MAGECRAFT_DB")
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir("magecraft", appauthor=False)) / "saves.sqlite3"


@dataclass(frozen=True)
class SaveSummary:
    id: int
    name: str
    system: str
    kind: str
    created: str
    updated: str
    events: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "system": self.system, "kind": self.kind,
                "created": self.created, "updated": self.updated, "events": self.events}


@dataclass(frozen=True)
class Saved:
    """A save read back: the state with its event log restored under ``state["log"]``."""

    summary: SaveSummary
    state: dict[str, Any]

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.state.get("log", []))


def _check_file(path: Path) -> bool:
    """True when ``path`` is an existing magecraft store; False when it is new or empty."""
    if not path.exists():
        return False
    if path.is_dir():
        raise SaveError(f"{path} is a directory, not a save file")
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror}") from None
    if not header:
        return False
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise SaveError(f"{path} is not a magecraft save store (it is not a SQLite database)")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id != APPLICATION_ID:
        raise SaveError(f"{path} is a SQLite database of another program, not a magecraft save store")
    return True


class SaveStore:
    """A magecraft save store in one SQLite file."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        existing = _check_file(self.path)
        if not existing:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise SaveError(f"cannot create {self.path.parent}: {exc.strerror}") from None
        with self._connect() as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise SaveError(
                    f"{self.path} was written by a newer magecraft (schema {version}, this one reads "
                    f"{SCHEMA_VERSION}); upgrade magecraft to open it"
                )
            if version < SCHEMA_VERSION:
                self._migrate(conn, version)

    # -- connection -------------------------------------------------------------------
    def _connect(self) -> closing[sqlite3.Connection]:
        try:
            conn = sqlite3.connect(self.path, isolation_level=None)
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            raise SaveError(f"cannot open {self.path}: {exc}") from None
        return closing(conn)

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        try:
            conn.execute("BEGIN IMMEDIATE")
            for target in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[target](conn)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            conn.execute("ROLLBACK")
            raise SaveError(f"cannot prepare {self.path}: {exc}") from None

    def _read(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._connect() as conn:
            try:
                return list(conn.execute(query, params).fetchall())
            except sqlite3.DatabaseError as exc:
                raise SaveError(f"{self.path} is damaged: {exc}") from None

    # -- writing ----------------------------------------------------------------------
    def save(self, name: str, system: str, kind: str, state: Mapping[str, Any]) -> int:
        """Write ``state`` (its ``log`` list goes to the events table) under ``name``; one transaction.

        Overwrites an earlier save of the same name, system and kind.  Returns the save's id.
        """
        if kind not in KINDS:
            raise SaveError(f"a save is one of {', '.join(KINDS)}, not {kind!r}")
        if not name.strip():
            raise SaveError("a save needs a name")
        body = {k: v for k, v in state.items() if k != "log"}
        events = state.get("log", [])
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self._connect() as conn:
            try:
                conn.execute("BEGIN IMMEDIATE")
                state_text = json.dumps(body)  # insertion order kept: a reloaded state prints the same
                row = conn.execute(
                    "SELECT id FROM saves WHERE system = ? AND kind = ? AND name = ?", (system, kind, name)
                ).fetchone()
                if row is None:
                    cursor = conn.execute(
                        "INSERT INTO saves (name, system, kind, state, created, updated) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (name, system, kind, state_text, now, now),
                    )
                    save_id = int(cursor.lastrowid or 0)
                else:
                    save_id = int(row[0])
                    conn.execute("UPDATE saves SET state = ?, updated = ? WHERE id = ?",
                                 (state_text, now, save_id))
                    conn.execute("DELETE FROM events WHERE save_id = ?", (save_id,))
                conn.executemany(
                    "INSERT INTO events (save_id, seq, event) VALUES (?, ?, ?)",
                    _event_rows(save_id, events),
                )
                conn.execute("COMMIT")
            except (sqlite3.Error, TypeError, ValueError) as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise SaveError(f"could not save {name!r}; the previous save is unchanged ({exc})") from None
        return save_id

    def delete(self, save_id: int) -> None:
        with self._connect() as conn:
            try:
                conn.execute("BEGIN IMMEDIATE")
                cursor = conn.execute("DELETE FROM saves WHERE id = ?", (save_id,))
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise SaveError(f"could not delete save {save_id}: {exc}") from None
        if cursor.rowcount == 0:
            raise SaveError(f"there is no save with id {save_id}")

    # -- reading ----------------------------------------------------------------------
    _SUMMARY = (
        "SELECT s.id, s.name, s.system, s.kind, s.created, s.updated, "
        "(SELECT COUNT(*) FROM events e WHERE e.save_id = s.id) FROM saves s"
    )

    def list_saves(self, system: str | None = None, kind: str | None = None) -> list[SaveSummary]:
        clauses, params = [], []
        if system:
            clauses.append("s.system = ?")
            params.append(system)
        if kind:
            clauses.append("s.kind = ?")
            params.append(kind)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self._read(self._SUMMARY + where + " ORDER BY s.id", tuple(params))
        return [SaveSummary(*row) for row in rows]

    def get(self, save_id: int) -> Saved:
        rows = self._read(self._SUMMARY + " WHERE s.id = ?", (save_id,))
        if not rows:
            raise SaveError(f"there is no save with id {save_id}")
        return self._load(SaveSummary(*rows[0]))

    def load(self, name: str, system: str, kind: str = "game") -> Saved:
        rows = self._read(self._SUMMARY + " WHERE s.system = ? AND s.kind = ? AND s.name = ?",
                          (system, kind, name))
        if not rows:
            known = ", ".join(s.name for s in self.list_saves(system, kind)) or "none"
            raise SaveError(f"there is no {system} {kind} saved as {name!r} (saved: {known})")
        return self._load(SaveSummary(*rows[0]))

    def _load(self, summary: SaveSummary) -> Saved:
        (state_text,), = self._read("SELECT state FROM saves WHERE id = ?", (summary.id,))
        events = self._read("SELECT event FROM events WHERE save_id = ? ORDER BY seq", (summary.id,))
        try:
            state = json.loads(state_text)
            state["log"] = [json.loads(text) for (text,) in events]
        except json.JSONDecodeError as exc:
            raise SaveError(f"save {summary.id} in {self.path} is damaged: {exc.msg}") from None
        return Saved(summary, state)


def _event_rows(save_id: int, events: Any) -> Iterator[tuple[int, int, str]]:
    for seq, event in enumerate(events):
        yield (save_id, seq, json.dumps(event))
