"""The banquet in the one shape of every game (issue 22): its registered type, its words for actions, its
decisions, what each seat sees, its positions in the rule book's words and its scenario files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, load_scenario_text, run_scenario
from magecraft.games import registry
from magecraft.wizard_prince.actions import Mingle, Snoop
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.phases import Ask
from magecraft.wizard_prince.position import NobleAt, PieceAt, Position

SCENARIOS = sorted((Path(__file__).parents[2] / "docs" / "scenarios").glob("wizard-prince-banquet-*.toml"))


def court(*nobles: NobleAt, pieces: tuple[PieceAt, ...] = (), **more) -> Position:
    return Position(nobles, (PieceAt("emperor", "a4"), *pieces), **more)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_each_banquet_scenario_plays_as_written(path: Path):
    assert run_scenario(load_scenario(path), registry()).failure is None


def test_a_wrong_expectation_is_reported():
    text = SCENARIOS[0].read_text(encoding="utf-8").replace("terminal = true", "terminal = false")
    failure = run_scenario(load_scenario_text(text, "wrong.toml"), registry()).failure
    assert failure == "expected terminal = False, found True"


@pytest.mark.parametrize(("position", "why"), [
    (court(NobleAt("Ann", "a4")), "emperor and Ann both stand on a4"),
    (court(NobleAt("Ann", "b4")), "Ann cannot stand on the Banquet Table (b4)"),
    (court(NobleAt("Ann", "e5", held=("butler",))), "Ann can accompany only positive courtiers, not 'butler'"),
    (court(NobleAt("Ann", held=("grand_herald",))), "Ann accompanies courtiers but is not on the board"),
    (court(NobleAt("Ann", "e5"), pieces=(PieceAt("courtier", "e6"),)), "only a courtier, has a chit"),
    (court(NobleAt("Ann", "e5"), pieces=(PieceAt("courtier", "e6", chit="jester"),)), "no courtier chit 'jester'"),
    (court(NobleAt("Ann", "e5"), snooped={"Ann": ("courtier-3",)}), "Ann snooped 'courtier-3'"),
    (court(NobleAt("Ann", "e5"), NobleAt("Ann", "e6")), "two nobles have the same name"),
    (court(NobleAt("Ann", "e5", sheet={"appointment": "jester"})), "unknown appointment 'jester'"),
])
def test_an_impossible_position_is_refused_saying_why(position: Position, why: str):
    with pytest.raises(DataError) as refused:
        position.banquet(Randomness.seeded(1))
    assert why in str(refused.value)


def test_a_position_from_a_setup_table_names_pieces_and_chits_in_order():
    position = Position.from_mapping({
        "nobles": [{"name": "Ann", "square": "e5", "status": 4}],
        "pieces": [{"kind": "emperor", "square": "a4"}, {"kind": "courtier", "square": "e6", "chit": "butler"},
                   {"kind": "courtier", "square": "c3", "colour": "black", "chit": "ambassador"}],
        "snooped": {"Ann": ["courtier-2"]}, "turn": 3})
    banquet = position.banquet(Randomness.seeded(1))
    assert banquet.pieces["courtier-2"].square == Square.parse("c3")
    assert banquet.chits["chit-2"].kind == "ambassador"
    assert banquet.visible_chit("Ann", "courtier-2") == "ambassador"
    assert banquet.visible_chit("Ann", "courtier-1") == ""
    assert (banquet.turn, banquet.nobles["Ann"].status, banquet.current_player()) == (3, 4, "Ann")
    with pytest.raises(DataError, match="unknown key 'board'"):
        Position.from_mapping({"nobles": [], "board": []})


def test_actions_are_spoken_and_read_back_and_a_snoop_may_be_shown():
    banquet = court(NobleAt("Ann", "e5"), NobleAt("Bob", "g4"),
                    pieces=(PieceAt("courtier", "e7", chit="butler"),)).banquet(Randomness.seeded(1))
    assert banquet.decision_kind() is Ask.ACTION
    assert banquet.parse_action("mingle  E6-e7") == Mingle((Square.parse("e6"), Square.parse("e7")))
    assert banquet.parse_action("SNOOP courtier-1, show Bob") == Snoop("courtier-1", ("Bob",))
    with pytest.raises(RuleError, match="no player Cid"):
        banquet.parse_action("SNOOP courtier-1, show Cid")
    assert repr(Snoop("courtier-1")) == "Snoop(courtier='courtier-1', show_to=())"
    banquet.push_text("SNOOP courtier-1")
    assert "butler" in json.dumps(banquet.observation("Ann")["chits"])
    assert "butler" not in json.dumps(banquet.observation("Bob")["chits"])


def test_a_new_banquet_asks_for_gates_and_seats_its_npc_nobles_with_their_rules():
    game_type = registry().get("wizard-prince-banquet")
    banquet = game_type.new_game(Randomness.seeded(2), {"players": ["Ann"], "npc": 2})
    assert banquet.seats() == ("Ann", "NPC 1", "NPC 2") and banquet.decision_kind() is Ask.GATE
    assert game_type.bots_for(banquet, "heuristic") == {"Ann": "heuristic", "NPC 1": "npc", "NPC 2": "npc"}


def test_the_terminal_starts_from_a_scenario(capsys):
    path = next(p for p in SCENARIOS if p.stem.endswith("butler"))
    assert main(["wizard-prince", "banquet", "--scenario", str(path), "--auto", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(n["name"], n["final"]["status"]) for n in report["result"]["nobles"]] == [("Ann", 3), ("Bob", 2)]
    assert main(["wizard-prince", "banquet", "--scenario", str(path), "--seed", "3"]) == 2
