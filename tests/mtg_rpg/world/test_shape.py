"""World Campaigning in the one shape (issue 22): its seats and secrets, positions and scenario files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, run_scenario
from magecraft.games import registry
from magecraft.mtg_rpg.world.actions import EndTurn, Phase, SetTax
from magecraft.mtg_rpg.world.game_type import WORLD, RealmSheet, WorldPosition

SCENARIOS = sorted((Path(__file__).parents[3] / "docs" / "scenarios").glob("mtg-rpg-world-*.toml"))


def test_a_new_game_is_a_season_begun_and_each_realm_a_seat():
    world = WORLD.new_game(Randomness.seeded(2))
    assert world.season == 1 and not world.is_terminal()
    assert set(world.seats()) == set(world.realms)
    decision = world.decision()
    assert decision is not None and decision.player == world.turn.realm and decision.kind is Phase.HARDSHIP


def test_a_realms_secrets_show_to_its_ruler_alone():
    world = WORLD.new_game(Randomness.seeded(2))
    world.record("Harloon", "the scouts found a dragon's lair", secret=True)
    world.realms["Harloon"].treasury = 123_456
    seen = {seat: json.dumps(world.observation(seat)) for seat in world.seats()}
    assert "dragon's lair" in seen["Harloon"] and "123456" in seen["Harloon"]
    for other in ("Velmoor", "Dunmarch", "Sarn"):
        assert "dragon's lair" not in seen[other] and "123456" not in seen[other]


def test_a_kind_offered_once_is_read_from_its_name():
    world = WorldPosition(turn="Harloon", phase="actions").build(Randomness.seeded(1))
    assert world.parse_action("END") == EndTurn()
    with pytest.raises(RuleError, match="not a legal action now"):
        world.parse_action("war")  # offered at several strengths: say which


def test_a_position_in_the_sheets_words():
    position = WorldPosition(realms={"Harloon": RealmSheet(treasury=5_000, military=3, tax="high")},
                             ill_will={"Harloon|Dunmarch": 11}, turn="Harloon", phase="treasury")
    world = position.build(Randomness.seeded(1))
    harloon = world.realms["Harloon"]
    assert (harloon.treasury, harloon.military, harloon.tax) == (5_000, 3, "high")
    assert world.ill("Dunmarch", "Harloon") == 11 and world.season == 1
    assert world.decision_kind() is Phase.TREASURY and SetTax("low", 3) in world.legal_actions()


@pytest.mark.parametrize(("raw", "why"), [
    ({"turn": "Atlantis"}, "no living realm 'Atlantis'"),
    ({"realms": {"Atlantis": {"treasury": 1}}}, "no realm 'Atlantis'"),
    ({"realms": {"Harloon": {"tax": "crushing"}}}, "the tax rate is"),
    ({"realms": {"Harloon": {"military": -1}}}, "military is a whole number"),
    ({"realms": {"Harloon": {"structures": ["Moon Base"]}}}, "no structure 'Moon Base'"),
    ({"turn": "Harloon", "phase": "napping"}, "no sub-phase 'napping'"),
    ({"phase": "actions"}, "name whose turn it is"),
    ({"ill_will": {"Harloon": 3}}, "ill-will"),
    ({"referee": ["No Such Card"]}, "no card 'No Such Card'"),
])
def test_an_impossible_position_is_refused_saying_why(raw, why):
    with pytest.raises(InputError, match=why):
        WORLD.setup(Randomness.seeded(1), raw)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_scenario_files_play_as_written(path):
    assert run_scenario(load_scenario(path), registry()).failure is None


def test_a_wrong_expectation_is_reported():
    scenario = load_scenario(SCENARIOS[0])
    failure = run_scenario(replace(scenario, expect=(("state.turn.capture_points", 13),)), registry()).failure
    assert failure == "expected state.turn.capture_points = 13, found 11"


def test_a_world_is_founded_from_a_scenario_and_its_season_plays_on(capsys, tmp_path):
    from magecraft.cli.app import main
    from magecraft.core.saves import SaveStore
    from magecraft.mtg_rpg.world.campaign import World

    scenario = str(next(p for p in SCENARIOS if "festival" in p.name))
    db = str(tmp_path / "s.db")
    assert main(["mtg-rpg", "world", "new", "w", "--scenario", scenario, "--seed", "4", "--db", db]) == 0
    world = World.from_dict(SaveStore(tmp_path / "s.db").load("w", "mtg_rpg", "campaign").state)
    harloon = world.realms["Harloon"]
    assert world.name == "w" and world.turn is not None and world.turn.phase is Phase.ACTIONS
    assert (harloon.treasury, harloon.festival_bonus) == (27_000, 3)
    assert main(["mtg-rpg", "world", "season", "w", "--db", db]) == 0  # the realms' policies finish it
    assert World.from_dict(SaveStore(tmp_path / "s.db").load("w", "mtg_rpg", "campaign").state).turn is None
    assert main(["mtg-rpg", "world", "new", "x", "--scenario", scenario, "--sample", "--db", db]) == 2
    assert "give one of --sample" in capsys.readouterr().err
