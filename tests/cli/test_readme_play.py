"""Issue 25: the README's play examples, followed exactly (its characters made by its own commands first), can
be quit and resumed: each game keeps itself under the name it announces and resumes with the command it
prints."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from magecraft.cli.app import main

README = Path(__file__).parents[2] / "README.md"


def commands() -> list[list[str]]:
    found = []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("magecraft "):
            found.append(shlex.split(line, comments=True)[1:])
    return found


def is_played(words: list[str]) -> bool:
    """A game played at the terminal (not a bot run, not a one-off command)."""
    if "--auto" in words or "--load" in words:
        return False
    return (words[:2] in (["wizard-prince", "banquet"], ["wizard-prince", "race"], ["mage-wars", "solo"],
                          ["planeswalker", "fight"], ["magic-realm", "play"])
            or (words[:2] == ["mtg-rpg", "duel"] and "--play-as" in words))


PLAYED = [words for words in commands() if is_played(words)]


def run(monkeypatch, capsys, answers: str, words: list[str], db: Path) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main([*words, "--db", str(db)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_the_readme_shows_how_to_make_its_characters_and_plays_at_least_five_games():
    made = [words for words in commands() if words[1:3] == ["character", "new"]]
    assert {"Sarin", "Jace"} <= {w for words in made for w in words}
    assert len(PLAYED) >= 5


@pytest.mark.parametrize("words", PLAYED, ids=lambda words: " ".join(words[:3]))
def test_each_readme_game_quits_and_resumes(monkeypatch, capsys, tmp_path, words):
    db = tmp_path / "s.db"
    for made in commands():
        if made[1:3] == ["character", "new"] and len(made) > 3:  # the named ones, made by options alone
            assert run(monkeypatch, capsys, "", made, db)[0] == 0
    code, out = run(monkeypatch, capsys, "quit\n", words, db)
    assert code == 0, out
    resume = re.search(r"Resume with: magecraft (.+)", out)
    assert resume is not None, out
    code, out = run(monkeypatch, capsys, "quit\n", shlex.split(resume.group(1)), db)
    assert code == 0 and "Stopped (quit); saved as" in out and "being played" not in out, out
