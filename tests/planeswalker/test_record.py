"""A battle's outcome written back on the saved sheet (seed 001, "Character Stats": Life and Memory;
"Casting": "A resolved spell becomes null for the rest of the day"; ruling PW33), on a real SQLite file."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.rest import after_battle
from tests.planeswalker.conftest import make_hero

#: R,R,G: Speed 3, Toughness 3, Life 5, Memory 5 (three memorised), Mana Pool R2 G1, Focus 1.
NEW = ["planeswalker", "character", "new", "Vess", "--identity", "R,R,G", "--raise", "power=2,toughness=2",
       "--spells", "Shock,Grizzly Bears,Volcanic Hammer,Giant Growth",
       "--memorize", "Shock,Grizzly Bears,Volcanic Hammer"]
FIGHT = ["planeswalker", "fight", "Vess", "--against", "Grizzly Bears"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def typed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def sheet(db: Path, name: str = "Vess") -> tuple[dict[str, Any], int]:
    saved = SaveStore(db).load(name, "planeswalker", "character")
    return saved.state["character"], saved.revision


def test_after_battle_records_life_spells_cast_and_memorised_spells_lost() -> None:
    hero = make_hero()  # memorised Shock, Grizzly Bears, Volcanic Hammer; Library also Giant Growth ...
    after = after_battle(hero, life=2, cast=["Shock", "Giant Growth"], memory=["Grizzly Bears", "Kird Ape"])
    assert after.life == 2
    assert after.used == ("Shock", "Giant Growth")  # a Library spell drawn and cast is used too
    assert after.forgotten == ("Volcanic Hammer",)  # memorised, not cast and no longer held
    assert after.prepared() == ("Grizzly Bears",)
    assert after_battle(hero, life=-3, cast=[], memory=[]).life == 0  # Life does not go below 0 on the sheet
    assert after_battle(hero, life=5, cast=[], memory=hero.memorized).life is None  # at base
    assert after_battle(hero, life=8, cast=[], memory=hero.memorized).life == 8  # above base stays
    from tests.planeswalker.conftest import make_battle

    you = make_battle(hero=after).fighters["you"]  # the next battle: Giant Growth, drawn and used, is gone
    assert you.memory == ["Grizzly Bears"] and you.library == ["Craw Wurm", "Kird Ape"]
    twice = after_battle(after, life=2, cast=["Grizzly Bears"], memory=[])
    assert twice.used == ("Shock", "Giant Growth", "Grizzly Bears") and twice.forgotten == ("Volcanic Hammer",)
    assert Character.from_dict(twice.to_dict()) == twice


def test_a_won_battle_records_the_spells_used_and_the_next_battle_starts_without_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    assert run(capsys, *NEW, "--db", str(db))[0] == 0
    _, revision = sheet(db)
    # Vess (Speed 3) acts first: Shock (bears 4 -> 2 Life), Volcanic Hammer (bears dead); no die is rolled
    typed(monkeypatch, "channel\ncast Shock at c1\ncast Volcanic Hammer at c1\n")
    code, out, err = run(capsys, *FIGHT, "--dice", "1", "--db", str(db))
    assert code == 0, err
    assert "Recorded on Vess's sheet: Life 5; used today: Shock, Volcanic Hammer; forgotten: none" in out
    saved, now = sheet(db)
    assert now == revision + 1
    assert saved["used"] == ["Shock", "Volcanic Hammer"] and saved["forgotten"] == [] and saved["life"] is None
    # the next battle: the bears engage at once (6+6 against 1+1+1: 9 damage) and Vess loses
    typed(monkeypatch, "channel\nend\n")
    code, out, err = run(capsys, *FIGHT, "--close", "--dice", "6,6,1,1,1", "--db", str(db))
    assert code == 0, err
    assert "your foes win" in out
    saved, _ = sheet(db)
    assert saved["life"] == 0  # "They are left at the mercy of the victor"
    assert saved["used"] == ["Shock", "Volcanic Hammer"]
    assert saved["forgotten"] == ["Grizzly Bears"]  # "loses all spells in memory"


def test_auto_and_practice(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    assert run(capsys, *NEW, "--db", str(db))[0] == 0
    before = db.read_bytes()
    args = [*FIGHT, "--auto", "--seed", "5", "--json", "--db", str(db)]
    code, out, _ = run(capsys, *args, "--practice")
    assert code == 0 and json.loads(out)["sheets"] == [] and db.read_bytes() == before
    code, out, _ = run(capsys, *args)
    report = json.loads(out)
    you = report["result"]["fighters"]["you"]
    cast = [e["data"]["card"] for e in report["log"] if e["kind"] == "cast" and e["data"]["caster"] == "you"]
    saved, revision = sheet(db)
    assert revision == 2 and saved["used"] == cast and cast
    assert (saved["life"] if saved["life"] is not None else 5) == max(0, you["life"])
    assert report["sheets"][0]["saved_as"] == "Vess"


def test_a_sheet_changed_during_the_battle_is_left_alone(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    assert run(capsys, *NEW, "--db", str(db))[0] == 0
    typed(monkeypatch, "channel\n")  # then end of input: saved mid-battle
    assert run(capsys, *FIGHT, "--dice", "1", "--save", "evening", "--db", str(db))[0] == 0
    assert sheet(db)[1] == 1  # nothing recorded for an unfinished battle
    assert run(capsys, "planeswalker", "character", "award", "Vess", "--points", "2", "--db", str(db))[0] == 0
    awarded = sheet(db)
    typed(monkeypatch, "cast Shock at c1\ncast Volcanic Hammer at c1\n")
    code, out, err = run(capsys, "planeswalker", "fight", "Vess", "--load", "evening", "--db", str(db))
    assert code == 0, err
    assert sheet(db) == awarded  # the GM's award is not lost
    kept, _ = sheet(db, "Vess-2")
    assert kept["used"] == ["Shock", "Volcanic Hammer"] and kept["awarded"] == 0
    assert "'Vess' changed since this game read it" in " ".join(out.split())


def test_a_commanded_ability_at_the_terminal(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite3"
    new = ["planeswalker", "character", "new", "Gunner", "--identity", "R,R,G", "--raise", "power=2,toughness=2",
           "--spells", "Orcish Artillery,Shock", "--memorize", "Orcish Artillery,Shock", "--db", str(db)]
    assert run(capsys, *new)[0] == 0
    # turn 1: summon the artillery; the bears close in; turn 2: command it to fire at the bears
    typed(monkeypatch, "channel\ncast Orcish Artillery\nend\nchannel\ncommand\norder s1 to use ability 1 at c1\n")
    code, out, err = run(capsys, "planeswalker", "fight", "Gunner", "--against", "Grizzly Bears", "--dice", "1",
                         "--db", str(db))
    assert code == 0, err
    assert "Orcish Artillery (s1): use '{T}: 2 damage to any target and 3 damage to you.' at Grizzly Bears" in out
    assert "Orcish Artillery (s1) uses {T}: 2 damage to any target and 3 damage to you." in out
    assert "Recorded" not in out  # stopped mid-battle: nothing written on the sheet


def test_a_finished_battle_is_recorded_once_however_often_it_is_reopened(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 item 3: reopening a finished fight neither applies its result again nor forks the character
    (Vess-2, Vess-3 ...), and --load needs no character name."""
    db = tmp_path / "s.sqlite3"
    assert run(capsys, *NEW, "--db", str(db))[0] == 0
    typed(monkeypatch, "channel\ncast Shock at c1\ncast Volcanic Hammer at c1\n")
    code, out, err = run(capsys, *FIGHT, "--dice", "1", "--save", "pwf1", "--db", str(db))
    assert code == 0, err
    assert "Recorded on Vess's sheet" in out
    recorded = sheet(db)
    battle = SaveStore(db).load("pwf1", "planeswalker", "game").revision
    for args in (["Vess", "--load", "pwf1"], ["--load", "pwf1"], ["--load", "pwf1"]):
        typed(monkeypatch, "")
        code, out, err = run(capsys, "planeswalker", "fight", *args, "--db", str(db))
        assert code == 0, err
        assert "Recorded on" not in out and "recorded on the sheets when it ended" in out
    assert sheet(db) == recorded
    assert [s.name for s in SaveStore(db).list_saves("planeswalker", "character")] == ["Vess"]
    assert SaveStore(db).load("pwf1", "planeswalker", "game").revision == battle


def test_a_fight_needs_a_name_unless_it_is_loaded(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "planeswalker", "fight", "--against", "Grizzly Bears", "--db", str(tmp_path / "s"))
    wanted = "name your planeswalker (or a ready-made mage), give --scenario FILE, or resume a battle with --load"
    assert code == 2 and wanted in err
