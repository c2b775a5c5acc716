"""The commands over the game registry: ``games``, ``scenario run`` and ``saves import`` refusing a state
that does not load (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.randomness import Randomness
from magecraft.games import registry


def test_games_lists_every_game_type_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["name"] for row in rows] == list(registry().names())
    assert len({(row["system"], row["kind"]) for row in rows}) == 8
    assert all("random" in row["bots"] and row["description"] for row in rows)
    assert main(["games"]) == 0
    assert "mage-wars-solo" in capsys.readouterr().out


def test_games_lists_each_games_options_with_their_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """What ``lab run --options`` and the lobby may set, with the defaults; fed back, they make a game."""
    assert main(["games", "--json"]) == 0
    options = {row["name"]: row["options"] for row in json.loads(capsys.readouterr().out)}
    assert options["planeswalker-battle"]["enemy_mage"] == "" and options["mtg-rpg-duel"]["kind"] == "three-card"
    assert options["wizard-prince-banquet"]["players"] == ["Ann", "Bob"]
    for game_type in registry():
        plain = {k: v for k, v in options[game_type.name].items() if v is not None}
        game = game_type.new_game(Randomness.seeded(1), plain)
        assert game.current_player() is not None, game_type.name


def scenario(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_scenario_whose_facts_hold_passes_and_a_wrong_fact_is_named(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    good = scenario(tmp_path, 'game = "mage-wars-solo"\nseed = 4\n[expect]\nterminal = false\n')
    assert main(["scenario", "run", str(good)]) == 0
    assert "1 expectation(s) hold" in capsys.readouterr().out
    bad = scenario(tmp_path, 'game = "mage-wars-solo"\nseed = 4\n[expect]\nterminal = true\n')
    assert main(["scenario", "run", str(bad)]) == 1
    assert "expected terminal = True, found False" in capsys.readouterr().err


@pytest.mark.parametrize("text, problem", [
    ("game = ", "not valid TOML"),
    ('game = "chess"\n', "no game called 'chess'"),
    ('game = "mage-wars-solo"\nboard = 1\n', "unknown key 'board'"),
    ('game = "mage-wars-solo"\ndice = ["six"]\n', "'dice' must be a list of whole numbers"),
    ('game = "mage-wars-solo"\n[[play]]\nwho = "x"\n', "unknown key 'who'"),
    ('game = "mage-wars-solo"\n[options]\n[setup]\n', "not both"),
])
def test_a_malformed_scenario_exits_2_naming_the_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        text: str, problem: str) -> None:
    assert main(["scenario", "run", str(scenario(tmp_path, text))]) == 2
    err = capsys.readouterr().err
    assert problem in err and "Traceback" not in err and err.count("\n") == 1


def test_an_illegal_action_in_a_scenario_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = scenario(tmp_path, 'game = "mage-wars-solo"\nseed = 4\n[[play]]\naction = "fly to the moon"\n')
    assert main(["scenario", "run", str(path)]) == 1
    assert "play step 1 ('fly to the moon') was refused" in capsys.readouterr().err


def test_saves_import_refuses_a_game_that_does_not_load(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    game = registry().get("mage-wars-solo").new_game(Randomness.seeded(2)).to_dict()
    game["units"] = "nonsense"
    exported = tmp_path / "mw.json"
    exported.write_text(json.dumps({"magecraft_save": 1, "name": "mw", "system": "mage_wars", "kind": "game",
                                    "state": game}))
    db = tmp_path / "s.sqlite3"
    assert main(["saves", "import", str(exported), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "does not load" in err and err.count("\n") == 1
    assert not db.exists()
