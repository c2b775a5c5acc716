"""The one way a command saves a game: a :class:`SaveSession` built from ``--db/--save/--load/--overwrite``.

``--save NAME`` saves a new game under NAME (a taken name is refused before any play unless
``--overwrite``); ``--load NAME`` resumes NAME and keeps saving to it; ``--load A --save B`` forks
a copy of A into B.  Every save names the revision it last wrote, so a game never overwrites
another writer's work: when its save moved on, the game keeps its own state under a new name,
prints it, and stops with :class:`SaveConflict` naming both (docs/architecture.md, "Saves").

>>> import tempfile, pathlib
>>> db = pathlib.Path(tempfile.mkdtemp()) / "s.sqlite3"
>>> session = open_session(db, "mage_wars", "game", save="mw1")
>>> session.save({"round": 1, "log": []}).startswith("Saved 'mw1' (revision 1)")
True
>>> again = open_session(db, "mage_wars", "game", load="mw1")
>>> again.name, again.loaded.state["round"]
('mw1', 1)
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from magecraft.core.errors import InputError, SaveError
from magecraft.core.saves import Player, SaveConflict, Saved, SaveExists, SaveStore, check_name


class SaveSession:
    """Where one command's game is saved, and the revision it last read or wrote.

    ``name`` is None when the command saves nothing; ``loaded`` is the save ``--load`` read; ``generated``
    says the name was made up for a game started without ``--save`` (issue 25 item 1).  A session at the
    table :meth:`claim` s its save, so a second session opening it is told (item 2).
    """

    def __init__(self, store: SaveStore, system: str, kind: str, name: str | None, *,
                 loaded: Saved | None = None, revision: int | None = None, overwrite: bool = False,
                 generated: bool = False) -> None:
        self.store = store
        self.system = system
        self.kind = kind
        self.name = name
        self.loaded = loaded
        self.revision = revision
        self.overwrite = overwrite
        self.generated = generated
        self.token = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"
        self.claimed = False

    def name_new_game(self, stem: str) -> str | None:
        """A game played at the table without ``--save``: it keeps itself under the first free name
        ``STEM-N`` (issue 25 item 1); the name made up, or None when the game had one."""
        if self.name is not None:
            return None
        self.name, self.generated = free_name(self.store, self.system, self.kind, stem), True
        return self.name

    @property
    def written(self) -> bool:
        """Whether the save exists (loaded, or saved once by this session)."""
        return self.revision is not None

    def claim(self, *, take_over: bool = False) -> Player | None:
        """Mark the save as played by this session; the other session playing it (nothing changed), or None."""
        if self.name is None or self.revision is None:
            return None
        holder = self.store.claim(self.name, self.system, self.kind, self.token, take_over=take_over)
        self.claimed = holder is None
        return holder

    def release(self) -> None:
        """This session stops playing its save (a second session may open it freely)."""
        if self.claimed:
            self.claimed = False
            self.store.release(self.token)

    def rename(self, new: str) -> str:
        """Name the game ``new`` (its save renamed when there is one); a one-line message.  A taken name is
        refused with :class:`SaveExists` and nothing changes."""
        check_name(new)
        if self.name is not None and self.revision is not None:
            self.store.rename(self.name, new, self.system, self.kind)
        elif self.store.exists_name(new, self.system, self.kind):
            raise SaveExists(f"there is already a {self.system} {self.kind} saved as {new!r} in "
                             f"{self.store.path}; choose another name")
        was, self.name, self.generated = self.name, new, False
        return f"This game is now saved as {new!r}" + (f" (it was {was!r})." if was else ".")

    def save(self, state: Mapping[str, Any]) -> str:
        """Write ``state`` under :attr:`name`; a one-line message saying what was saved where.

        The first save of a new name creates it; every later one names the revision the one before
        wrote.  If the save moved on meanwhile, ``state`` is kept under a new free name and
        :class:`SaveConflict` says both names.
        """
        if self.name is None:
            raise SaveError("this game has no save name: start it with --save NAME")
        new_store = not self.store.exists
        try:
            if self.revision is None:
                saved = self._create(state)
            else:
                saved = self.store.update(self.name, self.system, self.kind, state, revision=self.revision,
                                          token=self.token if self.claimed else None)
        except (SaveConflict, SaveExists) as exc:
            raise self._keep_apart(state, exc) from None
        self.revision = saved.revision
        self.overwrite = False  # replaced once; from now on this session owns the save
        where = f"a new save store {self.store.path}" if new_store else str(self.store.path)
        return f"Saved {self.name!r} (revision {saved.revision}) in {where}."

    def _create(self, state: Mapping[str, Any]) -> Saved:
        """The first save; a made-up name taken meanwhile by another new game moves on to the next free one."""
        assert self.name is not None
        while True:
            try:
                return self.store.create(self.name, self.system, self.kind, state, overwrite=self.overwrite)
            except SaveExists:
                if not self.generated:
                    raise
                self.name = free_name(self.store, self.system, self.kind, self.name.rsplit("-", 1)[0])

    def _keep_apart(self, state: Mapping[str, Any], why: SaveError) -> SaveConflict:
        """Save ``state`` under the first free name ``NAME-2``, ``NAME-3``...; the error to stop with."""
        assert self.name is not None
        taken = {s.name for s in self.store.list_saves(self.system, self.kind)}
        number = 2
        while f"{self.name}-{number}"[-80:] in taken:
            number += 1
        other = f"{self.name}-{number}"[-80:]
        saved = self.store.create(other, self.system, self.kind, state)
        was = self.name
        self.name, self.revision = other, saved.revision
        if isinstance(why, SaveConflict) and why.taken_by is not None:
            moved = f"was taken over by another session ({why.taken_by})"
        elif isinstance(why, SaveConflict) and why.current is not None:
            moved = f"changed since this game read it (revision {why.read}, now {why.current})"
        elif isinstance(why, SaveConflict):
            moved = "was deleted since this game read it"
        else:
            moved = "was saved by another game meanwhile"
        return SaveConflict(f"{was!r} {moved}; this game is saved as {other!r} instead (resume with "
                            f"--load {other}) and {was!r} is left as the other writer saved it",
                            name=was, read=why.read if isinstance(why, SaveConflict) else 0,
                            current=why.current if isinstance(why, SaveConflict) else None)


def free_name(store: SaveStore, system: str, kind: str, stem: str) -> str:
    """The first name ``STEM-1``, ``STEM-2``... not taken: a game started without ``--save`` keeps itself
    under it (issue 25 item 1)."""
    taken = {s.name for s in store.list_saves(system, kind)}
    number = 1
    while f"{stem}-{number}" in taken:
        number += 1
    return f"{stem}-{number}"


def open_session(db: Path | None, system: str, kind: str = "game", *, save: str | None = None,
                 load: str | None = None, overwrite: bool = False) -> SaveSession:
    """The session the options ask for; a taken ``--save`` name is refused here, before any play."""
    if overwrite and save is None:
        raise InputError("--overwrite replaces the save named by --save: give --save NAME")
    store = SaveStore(db)
    loaded = store.load(load, system, kind) if load is not None else None
    if save is not None:
        check_name(save)
    if loaded is not None and (save is None or save == load):
        return SaveSession(store, system, kind, loaded.name, loaded=loaded, revision=loaded.revision)
    if save is not None and not overwrite and store.exists_name(save, system, kind):
        raise SaveExists(f"there is already a {system} {kind} saved as {save!r} in {store.path}; "
                         "choose another name, or replace it with --overwrite")
    return SaveSession(store, system, kind, save, loaded=loaded, overwrite=overwrite)


def resume_session(db: Path | None, system: str, kind: str, name: str) -> tuple[SaveSession, dict[str, Any]]:
    """A command that continues the save ``name``: its session (saving back at the revision read) and state."""
    session = open_session(db, system, kind, load=name)
    assert session.loaded is not None
    return session, session.loaded.state


def read_state(db: Path | None, system: str, kind: str, name: str) -> dict[str, Any]:
    """The state saved as ``name``, for a command that only reads it (nothing is created or written)."""
    return SaveStore(db).load(name, system, kind).state
