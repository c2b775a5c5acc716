"""A sweep's results: a journal written as games finish, and the CSV file a designer opens.

The journal (``<out>.journal``, JSON Lines) starts with the sweep it belongs to and gets one line per
game, flushed as the games finish, so a sweep stopped by Ctrl-C keeps every game that finished and the
same command run again skips them.  The CSV (``<out>``) is written from the journal, one row per game
and one column per result field and event kind, streamed (never held whole in memory): pandas'
``read_csv`` and DuckDB's ``read_csv_auto`` open it as it is.  One sweep writes a journal at a time: the
journal is locked (``flock``) from the moment its finished games are read until the CSV is written, and a
second ``lab run`` on the same ``--out`` is refused in one line rather than adding the same games again or
cutting the first one's line short.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from magecraft.core.errors import InputError

FIRST_COLUMNS = ("variant", "seed", "bots", "winners", "length", "actions")


def journal_path(out: Path) -> Path:
    return out.with_name(out.name + ".journal")


class Journal:
    """The append-only record of finished games of one sweep."""

    def __init__(self, out: Path, sweep_json: str) -> None:
        self.path = journal_path(out)
        self.sweep_json = sweep_json
        self.done: dict[str, set[int]] = {}
        self._file: IO[str] = self._locked()
        try:
            self._read_done()
        except InputError:
            self.close()
            raise

    def _locked(self) -> IO[str]:
        """The journal opened for appending (made empty if new) and locked for this sweep alone."""
        handle = self.path.open("a", encoding="utf-8")
        try:
            import fcntl
        except ImportError:   # Windows: no flock; one sweep at a time is then the designer's to keep
            return handle
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise InputError(f"{self.path} is being written by another 'lab run'; wait for it to finish "
                             "or choose another --out") from None
        return handle

    def _read_done(self) -> None:
        with self.path.open(encoding="utf-8") as lines:
            head = lines.readline().rstrip("\n")
            if not head:
                return  # a new journal: its first line is written when the sweep starts
            if head != self.sweep_json:
                raise InputError(f"{self.path} holds another sweep (other game, bots, options or house "
                                 "rules); choose another --out or delete it")
            for number, line in enumerate(lines, 2):
                if not line.endswith("\n"):
                    break  # the last line of a run that was killed mid-write: that game is played again
                try:
                    row = json.loads(line)
                    self.done.setdefault(row["variant"], set()).add(int(row["seed"]))
                except (ValueError, KeyError, TypeError):
                    raise InputError(f"{self.path} is damaged at line {number}") from None

    def count(self) -> int:
        return sum(len(seeds) for seeds in self.done.values())

    def __enter__(self) -> Journal:
        with self.path.open("rb") as journal:
            size = journal.seek(0, os.SEEK_END)
            if size:
                journal.seek(size - 1)
            if size and journal.read(1) != b"\n":
                # the last line of a run that was killed mid-write (rare: only then is the journal read
                # again whole); cut on the locked handle, which appends
                journal.seek(0)
                os.truncate(self._file.fileno(), journal.read().rfind(b"\n") + 1)
        if not size:
            self._file.write(self.sweep_json + "\n")
            self._file.flush()
        return self

    def write(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            self._file.write(json.dumps(row, sort_keys=True) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Let go of the journal (and its lock)."""
        self._file.close()

    def __exit__(self, *_: Any) -> None:
        self.close()


def journal_rows(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a journal, one at a time."""
    with path.open(encoding="utf-8") as lines:
        lines.readline()
        for line in lines:
            if line.endswith("\n"):
                yield json.loads(line)


def write_csv(out: Path) -> int:
    """Write ``out`` from its journal (two streaming passes: the columns, then the rows); returns rows."""
    journal = journal_path(out)
    extra: set[str] = set()
    for row in journal_rows(journal):
        extra.update(k for k in row if k not in FIRST_COLUMNS)
    columns = list(FIRST_COLUMNS) + sorted(extra, key=lambda k: (k.startswith("events."), k))
    count = 0
    partial = out.with_name(out.name + ".partial")
    with partial.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, restval=0)
        writer.writeheader()
        for row in journal_rows(journal):
            writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
            count += 1
    partial.replace(out)
    return count


def read_rows(path: Path) -> Iterator[dict[str, str]]:
    """The rows of a results CSV, one at a time (``InputError`` when it is not one)."""
    try:
        handle = path.open(encoding="utf-8", newline="")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from None
    with handle:
        reader = csv.DictReader(handle)
        if not reader.fieldnames or not set(FIRST_COLUMNS) <= set(reader.fieldnames):
            raise InputError(f"{path} is not a lab results file (columns {', '.join(FIRST_COLUMNS)} expected)")
        yield from reader
