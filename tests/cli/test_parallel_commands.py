"""Issue 25 item 4: every short command that only adds to a sheet goes through the store's ``modify`` in every
system that has one, so N processes x M calls at once leave exactly N x M changes, none lost and none refused
("run it again").  Real processes on a real file, released together (docs/architecture.md, "Saves")."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from magecraft.cli.app import main
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import CharacterRecord, example_character, save_character

WRITERS, CALLS = 3, 3

#: Each process runs the command CALLS times (through ``main``, as the shell would) and prints its exit codes.
SCRIPT = """
import json, sys
from magecraft.cli.app import main
db, calls, args = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()
print(json.dumps([main([*args, "--db", db]) for _ in range(calls)]))
"""


def run_together(db: Path, args: list[str]) -> list[int]:
    """WRITERS processes each running ``args`` CALLS times, all released at once; every exit code."""
    procs = [subprocess.Popen([sys.executable, "-c", SCRIPT, str(db), str(CALLS), json.dumps(args)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(WRITERS)]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    codes: list[int] = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and "run it again" not in err and "Traceback" not in err, err
        codes += json.loads(out.strip().splitlines()[-1])
    return codes


def test_mtg_rpg_xp_awards_at_once_all_land(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    ann = replace(example_character(), name="Ann")
    save_character(SaveStore(db), CharacterRecord(ann, Randomness.seeded(1), {}))
    before = SaveStore(db).load("Ann", "mtg_rpg", "character").state["character"]["xp"]
    assert run_together(db, ["mtg-rpg", "xp", "Ann", "award", "1", "--json"]) == [0] * WRITERS * CALLS
    assert SaveStore(db).load("Ann", "mtg_rpg", "character").state["character"]["xp"] == before + WRITERS * CALLS


def test_planeswalker_awards_and_rests_at_once_all_land(tmp_path: Path, capsys) -> None:
    db = tmp_path / "s.sqlite3"
    assert main(["planeswalker", "character", "new", "Vess", "--identity", "R,R,G", "--raise",
                 "power=2,toughness=2", "--spells", "Shock", "--memorize", "Shock", "--db", str(db)]) == 0
    capsys.readouterr()
    assert run_together(db, ["planeswalker", "character", "award", "Vess", "--points", "1", "--json"]) == \
        [0] * WRITERS * CALLS
    saved = SaveStore(db).load("Vess", "planeswalker", "character")
    assert saved.state["character"]["awarded"] == WRITERS * CALLS and saved.revision == 1 + WRITERS * CALLS
    # the issue's `rest --short` from four shells: none refused (a rest of a rested sheet writes nothing)
    assert run_together(db, ["planeswalker", "rest", "Vess", "--short", "--json"]) == [0] * WRITERS * CALLS


def test_magic_realm_deeds_recorded_at_once_all_land(tmp_path: Path, capsys) -> None:
    db = tmp_path / "s.sqlite3"
    assert main(["magic-realm", "simulate", "--days", "1", "--seed", "3", "--characters", "Amazon@Borderland 1=40",
                 "--save", "g", "--db", str(db)]) == 0
    capsys.readouterr()
    before = SaveStore(db).load("g", "magic_realm").revision
    assert run_together(db, ["magic-realm", "guild", "deed", "g", "Amazon", "stole a treasure"]) == \
        [0] * WRITERS * CALLS
    saved = SaveStore(db).load("g", "magic_realm")
    assert saved.revision == before + WRITERS * CALLS
    assert json.dumps(saved.state).count("stole a treasure") >= WRITERS * CALLS
