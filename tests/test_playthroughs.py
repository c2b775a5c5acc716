"""Every golden playthrough under tests/playthroughs/ plays again exactly as recorded.

A difference is a change of rules (or of the words of an action or an event): if it is meant,
regenerate with ``python scripts/playthroughs.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from magecraft.core.playthrough import read_header, record, replay
from magecraft.games import registry

HERE = Path(__file__).parent / "playthroughs"
FILES = sorted(HERE.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_plays_as_recorded(path: Path) -> None:
    difference = replay(path.read_text(encoding="utf-8"), registry(), path.name)
    assert difference is None, f"{path.name}: {difference}\n(python scripts/playthroughs.py regenerates)"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_same_bots_record_the_same_playthrough(path: Path) -> None:
    """The bots named in the header, from the same seed, play the very game on file: a bot or a rule whose
    choices drifted (while the recorded words still replay) shows here."""
    text = path.read_text(encoding="utf-8")
    header = read_header(text, path.name)
    assert record(registry().get(header.game), header) == text, (
        f"{path.name}: the bots now play another game (python scripts/playthroughs.py regenerates)")


def test_every_game_type_has_golden_playthroughs() -> None:
    games = [read_header(p.read_text(encoding="utf-8"), p.name).game for p in FILES]
    for name in registry().names():
        assert games.count(name) >= 3, f"{name} has {games.count(name)} golden playthroughs"


def test_a_changed_rule_shows_as_a_difference(tmp_path: Path) -> None:
    path = FILES[0]
    lines = path.read_text(encoding="utf-8").splitlines()
    event = next(i for i, line in enumerate(lines) if line.startswith("  {") and i > 6)
    lines[event] = lines[event].replace('"kind": "', '"kind": "x', 1)
    difference = replay("\n".join(lines) + "\n", registry(), path.name)
    assert difference is not None and difference.startswith(f"line {event + 1}:")
