"""No lost update, tested with real concurrent processes on a real file (docs/architecture.md, "Saves").

Each worker is a separate Python process; all start their updates together (each prints "ready"
after its imports and waits for "go" on stdin), so their transactions really interleave.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import CharacterRecord, example_character, save_character

WRITERS, UPDATES = 4, 10

_PRELUDE = """
import sys
from magecraft.core.saves import SaveConflict, SaveStore
store = SaveStore(sys.argv[1])
worker, updates = int(sys.argv[2]), int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()
"""

#: Appends through modify: re-read and applied inside one transaction.
MODIFY = _PRELUDE + """
for i in range(updates):
    store.modify("tally", "core_test", "game",
                 lambda s: {**s, "count": s["count"] + 1, "log": [*s["log"], {"worker": worker, "i": i}]})
"""

#: Read, change in memory, write naming the revision read; on a conflict, read again and retry.
UPDATE = _PRELUDE + """
conflicts = 0
for i in range(updates):
    while True:
        saved = store.load("tally", "core_test", "game")
        state = {**saved.state, "count": saved.state["count"] + 1,
                 "log": [*saved.state["log"], {"worker": worker, "i": i}]}
        try:
            store.update("tally", "core_test", "game", state, revision=saved.revision)
            break
        except SaveConflict:
            conflicts += 1
print(conflicts)
"""

#: The command line's append-only command, run in a loop in each process.
ACTION = _PRELUDE + """
from magecraft.cli.app import main
for i in range(updates):
    code = main(["mtg-rpg", "action", "Ann", "--skill", "Athletics", "--difficulty", "Easy", "--json",
                 "--db", sys.argv[1]])
    assert code == 0, code
"""


def run_together(script: str, db: Path, writers: int = WRITERS, updates: int = UPDATES) -> list[str]:
    """Start ``writers`` processes, release them at once, and return each one's output after "ready"."""
    procs = [subprocess.Popen([sys.executable, "-c", script, str(db), str(w), str(updates)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for w in range(writers)]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert "locked" not in err and "Traceback" not in err, err
        outputs.append(out)
    return outputs


def test_concurrent_modifies_lose_no_update(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    SaveStore(db).create("tally", "core_test", "game", {"count": 0, "log": []})
    run_together(MODIFY, db)
    saved = SaveStore(db).load("tally", "core_test", "game")
    assert saved.state["count"] == WRITERS * UPDATES
    assert len(saved.state["log"]) == WRITERS * UPDATES
    assert saved.revision == 1 + WRITERS * UPDATES
    # every worker's updates are all there, in its own order
    for worker in range(WRITERS):
        assert [e["i"] for e in saved.state["log"] if e["worker"] == worker] == list(range(UPDATES))


def test_concurrent_read_then_update_writers_are_refused_not_lost(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    SaveStore(db).create("tally", "core_test", "game", {"count": 0, "log": []})
    run_together(UPDATE, db)
    saved = SaveStore(db).load("tally", "core_test", "game")
    # every write that was not refused built on the one before it: none overwrote another
    assert saved.state["count"] == WRITERS * UPDATES == len(saved.state["log"])
    assert saved.revision == 1 + WRITERS * UPDATES


def test_concurrent_mtg_rpg_actions_all_reach_the_log(tmp_path: Path) -> None:
    """The issue's four shells of `mtg-rpg action Ann`: every action lands (each logs one action event)."""
    db = tmp_path / "s.sqlite3"
    wizard = replace(example_character(), name="Ann", library=("Lava Axe",) * 30 + ("Mountain",) * 30)
    save_character(SaveStore(db), CharacterRecord(wizard, Randomness.seeded(1), {}))
    writers, updates = 3, 4
    run_together(ACTION, db, writers, updates)
    saved = SaveStore(db).load("Ann", "mtg_rpg", "character")
    actions = [e for e in saved.state["log"] if e["kind"] == "action"]
    assert len(actions) == writers * updates
    assert saved.revision == 1 + writers * updates


#: Each worker creates its own save in a store that does not exist yet.
CREATE = _PRELUDE + """
for i in range(updates):
    store.create(f"game {worker}-{i}", "core_test", "game", {"log": []})
"""


def test_processes_making_a_new_store_at_once_all_save_in_it(tmp_path: Path) -> None:
    db = tmp_path / "new" / "s.sqlite3"
    run_together(CREATE, db, updates=3)
    assert len(SaveStore(db).list_saves()) == WRITERS * 3
    assert sorted(p.name for p in db.parent.iterdir()) == ["s.sqlite3"]  # no draft left behind
