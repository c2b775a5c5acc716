"""Issue 25 item 9: what cannot be used is refused in one line (exit 2), never silently accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from magecraft.cli.app import main

HUGE = "9" * 5000


def refused(capsys, args: list[str], words: str) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and len(err) < 300, err


def test_a_realm_character_who_does_not_exist_is_refused(capsys, tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    refused(capsys, ["magic-realm", "play", "--characters", "Nobody@Borderland 1", "--db", str(db)],
            "no character called 'Nobody'")
    assert not db.exists()


def test_a_chit_that_is_not_one_is_refused_by_cast(capsys) -> None:
    refused(capsys, ["magic-realm", "cast", "heal", "--wounded", f"FIGHT H{HUGE}*"], "not an action chit")


def test_mage_wars_load_refuses_a_mage_it_would_ignore(capsys, monkeypatch, tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    assert main(["mage-wars", "solo", "--seed", "3", "--save", "mw", "--db", db]) == 0
    capsys.readouterr()
    refused(capsys, ["mage-wars", "solo", "--load", "mw", "--mage", "Beastmaster", "--db", db], "drop --mage")


@pytest.mark.parametrize(("toml", "args", "words"), [
    ("[[nobel]]\nname = 'Ann'\n", ["wizard-prince", "banquet", "--players", "Bob"], "unknown key 'nobel'"),
    ("[[noble]]\nname = 'Zed'\n", ["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "1"],
     "'Zed' neither drives nor watches"),
])
def test_a_nobles_file_part_nobody_uses_is_refused(capsys, tmp_path: Path, toml, args, words) -> None:
    path = tmp_path / "nobles.toml"
    path.write_text(toml)
    refused(capsys, [*args, "--nobles", str(path), "--db", str(tmp_path / "s.db")], words)
