"""The save store's file: its SQLite header checks, schema version and migrations.

A magecraft store is a SQLite file marked with magecraft's ``application_id`` ("MGCF") and its schema
version in ``user_version``. :func:`check_header` reads the first 100 bytes before SQLite opens the file,
so that anything that is not a whole magecraft store -- empty, cut short, another program's database, a
newer schema -- is refused in one line and never touched (docs/architecture.md, "Saves").
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from magecraft.core.errors import SaveError

#: "MGCF" -- marks a SQLite file as a magecraft save store.
APPLICATION_ID = 0x4D474346
SCHEMA_VERSION = 4
KINDS = ("game", "campaign", "character", "world", "race")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_KIND_CHECK = "kind IN ({})"


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


def _rebuild_saves(conn: sqlite3.Connection, copy: str) -> None:
    """Rebuild the saves table as the present schema makes it (SQLite cannot change a table's CHECK or drop
    a UNIQUE constraint in place): a new table, the rows copied by ``copy`` into ``saves_new``, swapped in."""
    kinds = ", ".join(f"'{k}'" for k in KINDS)
    conn.execute(
        f"""CREATE TABLE saves_new (
               id INTEGER PRIMARY KEY,
               name TEXT NOT NULL,
               system TEXT NOT NULL,
               kind TEXT NOT NULL CHECK ({_KIND_CHECK.format(kinds)}),
               state TEXT NOT NULL,
               created TEXT NOT NULL,
               updated TEXT NOT NULL,
               revision INTEGER NOT NULL DEFAULT 1,
               deleted TEXT)"""
    )
    conn.execute(copy)
    conn.execute("DROP TABLE saves")
    conn.execute("ALTER TABLE saves_new RENAME TO saves")
    conn.execute("CREATE UNIQUE INDEX saves_by_name ON saves (system, kind, name) WHERE deleted IS NULL")


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Revisions, history, the trash and the "world" kind.

    A name is unique only among saves not in the trash, so the table is rebuilt (SQLite cannot
    drop a UNIQUE constraint); foreign keys are off during migrations so the events stay.
    """
    columns = [row[1] for row in conn.execute("PRAGMA table_info(saves)")]
    if columns != ["id", "name", "system", "kind", "state", "created", "updated"]:
        raise sqlite3.DatabaseError("the saves table is not the one schema 1 made")
    _rebuild_saves(conn, "INSERT INTO saves_new (id, name, system, kind, state, created, updated) "
                         "SELECT id, name, system, kind, state, created, updated FROM saves")
    conn.execute(
        """CREATE TABLE history (
               save_id INTEGER NOT NULL REFERENCES saves(id) ON DELETE CASCADE,
               revision INTEGER NOT NULL,
               saved TEXT NOT NULL,
               state TEXT NOT NULL,
               PRIMARY KEY (save_id, revision))"""
    )


def _migrate_to_3(conn: sqlite3.Connection) -> None:
    """The "race" kind: the chariot race is filed under system ``wizard_prince``, kind ``race`` (issue 22:
    a system name has one meaning), not under a system of its own, ``wizard_prince_race``.

    The kind's CHECK is part of the table, so the table is rebuilt as schema 2 built it, the race's rows
    renamed on the way; the states inside keep their old ``system`` (the race reads both).
    """
    _rebuild_saves(conn, "INSERT INTO saves_new SELECT id, name, system, "
                         "CASE WHEN system = 'wizard_prince_race' AND kind = 'game' THEN 'race' ELSE kind END, "
                         "state, created, updated, revision, deleted FROM saves")
    conn.execute("UPDATE saves SET system = 'wizard_prince' WHERE system = 'wizard_prince_race' AND kind = 'race'")


def _migrate_to_4(conn: sqlite3.Connection) -> None:
    """Who is playing a save now (issue 25 item 2): one row per save held by a session at the table, so a
    second session opening it is told so instead of making the first one stale."""
    conn.execute(
        """CREATE TABLE playing (
               save_id INTEGER PRIMARY KEY REFERENCES saves(id) ON DELETE CASCADE,
               token TEXT NOT NULL,
               pid INTEGER NOT NULL,
               host TEXT NOT NULL,
               since TEXT NOT NULL)"""
    )


#: MIGRATIONS[n] takes a store at schema n-1 to schema n.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _migrate_to_1, 2: _migrate_to_2, 3: _migrate_to_3, 4: _migrate_to_4}


#: How often, and how long apart, a store that looks cut short is read again before it is called damaged.
SHORT_RETRIES, SHORT_WAIT = 20, 0.05


def check_header(path: Path) -> bool:
    """True when ``path`` is an existing magecraft store; False when there is no file yet.

    Everything that is not a whole magecraft store is refused here, before SQLite opens it.  The header is
    read without SQLite's locks, so a file another process is committing to can look cut short for a moment
    (its first page already counts pages the file does not hold yet): only a file that stays short is
    damaged.
    """
    for _ in range(SHORT_RETRIES):
        try:
            return _check_header_once(path)
        except _CutShort:
            time.sleep(SHORT_WAIT)
    return _check_header_once(path)


class _CutShort(SaveError):
    """The file holds fewer bytes than its header counts (damaged, or caught in the middle of a commit)."""


def _check_header_once(path: Path) -> bool:
    try:
        if path.is_dir():
            raise SaveError(f"{path} is a directory, not a save store")
        if not path.exists():
            return False
        with path.open("rb") as handle:
            header = handle.read(100)
        size = path.stat().st_size
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror}") from None
    if not header:
        raise SaveError(f"{path} is empty (0 bytes), not a magecraft save store")
    if len(header) < 100 and _SQLITE_MAGIC.startswith(header[:16]):
        raise SaveError(f"{path} is damaged: cut short inside its header ({size} bytes)")
    if not header.startswith(_SQLITE_MAGIC):
        raise SaveError(f"{path} is not a magecraft save store (it is not a SQLite database)")
    if len(header) < 100:
        raise SaveError(f"{path} is damaged: cut short inside its header ({size} bytes)")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id != APPLICATION_ID:
        raise SaveError(f"{path} is a SQLite database of another program, not a magecraft save store")
    version = int.from_bytes(header[60:64], "big")
    if version > SCHEMA_VERSION:
        raise SaveError(f"{path} was written by a newer magecraft (schema {version}, this one reads "
                        f"{SCHEMA_VERSION}); upgrade magecraft to open it")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise SaveError(f"{path} is damaged: its header is not valid")
    pages = int.from_bytes(header[28:32], "big")
    counter_valid = header[24:28] == header[92:96]
    if size % page_size or (counter_valid and pages * page_size > size):
        raise _CutShort(f"{path} is damaged: cut short ({size} bytes of {pages * page_size})")
    return True
