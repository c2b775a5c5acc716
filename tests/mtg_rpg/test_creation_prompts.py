"""Issue 25 item 7: the Wizard's creation prompts take ?/help (saying what may be typed, never taken as the
answer) and quit (nothing saved), and the skills question says the free dots."""

from __future__ import annotations

import io

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore

ANSWERS = ["?", "Sarin", "a battle mage", "Adventurer", "Brave", "R", "help", "a ruby ring", "sunrise", "a cave",
           "help", "staff", "ST=3,DX=0,CN=2,IQ=2,WS=1,CH=2", "?"]


def test_help_is_answered_and_never_saved_and_quit_saves_nothing(monkeypatch, capsys, tmp_path) -> None:
    db = tmp_path / "s.db"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join([*ANSWERS, "quit", ""])))
    assert main(["mtg-rpg", "character", "new", "--db", str(db)]) == 0
    captured = capsys.readouterr()
    out = " ".join(captured.out.split())
    assert "Name. Type quit to stop (nothing is saved)." in out
    assert "Talisman. Type quit to stop" in out
    assert "A non-magical weapon the Wizard carries" in out
    assert "Arcane Knowledge and Spell Research get one free dot each on top" in out
    assert "Arcane Knowledge and Spell Research each get a free dot added to what you buy" in out
    assert "stopped (quit); nothing was saved" in captured.err
    assert not db.exists() or SaveStore(db).list_saves() == []
