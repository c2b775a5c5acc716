"""Mage Wars solo in the one shape (issue 22): registered, typed actions read back from their words, the Dummy
Mage a seat played by its own rules, what each seat sees, positions and scenario files."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from magecraft.cli import options
from magecraft.cli.app import main
from magecraft.core.bots import play_out
from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, load_scenario_text, run_scenario
from magecraft.games import registry
from magecraft.mage_wars import actions
from magecraft.mage_wars.actions import Pass, Plan, Step
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.position import Position

SCENARIOS = sorted((Path(__file__).parents[2] / "docs" / "scenarios").glob("mage-wars-solo-*.toml"))


def solo():
    return registry().get("mage-wars-solo")


def test_the_dummy_mage_is_a_seat_played_by_its_own_rules():
    game = solo().new_game(Randomness.seeded(3))
    assert game.seats() == ("you", "dummy")
    assert solo().bots_for(game) == {"you": "random", "dummy": "dummy-mage"}
    assert solo().bots["dummy-mage"].sees.name == "WHOLE_STATE"
    game.push_text("plan Jet Stream and Timber Wolf")
    assert (game.current_player(), game.decision_kind()) == ("dummy", Step.DUMMY_QUICK_CAST)
    assert [game.action_text(a) for a in game.legal_actions()] == ["Dummy Mage: quick cast/action roll"]
    with pytest.raises(RuleError, match="now you must dummy quick cast, not pass"):
        game.apply(Pass())


def test_a_plan_is_read_in_any_order_and_case():
    game = solo().new_game(Randomness.seeded(3))
    action = game.parse_action("plan timber wolf and JET STREAM")
    assert action == Plan(("Timber Wolf", "Jet Stream"))
    with pytest.raises(RuleError, match="no Mage Wars card named 'Nothing'"):
        game.parse_action("plan Nothing")
    assert repr(action) == "Plan(spells=('Timber Wolf', 'Jet Stream'))"


def test_the_dummy_mage_does_not_see_your_spellbook_plan_or_face_down_enchantments():
    game = Position.from_mapping({"stage": "creatures", "planned": ["Jet Stream"], "creatures": [
        {"card": "Timber Wolf", "zone": "C3", "face_down": ["Bear Strength"]}]}).build(Randomness.seeded(1))
    yours, theirs = json.dumps(game.observation("you")), json.dumps(game.observation("dummy"))
    assert "Bear Strength" in yours and "Bear Strength" not in theirs
    assert '"planned": ["Jet Stream"]' in yours and '"planned": 1' in theirs
    # the dice's seed would tell the decks' order
    assert game.to_dict()["log"][0]["kind"] == "randomness"
    assert all(e["kind"] != "randomness" for e in game.observation("you")["log"])
    assert game.observation("you")["decks"]["creature"] == {"cards": 0, "discards": []}


def test_bots_play_a_default_game_to_its_end():
    game = solo().new_game(Randomness.seeded(4))
    names = solo().bots_for(game, "heuristic")
    bots = {seat: solo().bot(name, Randomness.seeded(1)) for seat, name in names.items()}
    assert play_out(game, bots) > 10 and game.is_terminal() and game.result()["winner"] in ("you", "dummy", "draw")


@pytest.mark.parametrize("raw, why", [
    ({"you": {"zone": "E9"}}, "'E9' is not a zone of the arena"),
    ({"creatures": [{"card": "Jet Stream", "zone": "B2"}]}, "Jet Stream is a attack, not a creature"),
    ({"creatures": [{"card": "Timber Wolf", "zone": "B2", "damage": 10}]}, "damage 10 is not 0-9"),
    ({"planned": ["Jet Stream", "Fireball", "Agony"]}, "at most 2 spells are planned"),
    ({"decks": {"attack": ["Timber Wolf"]}}, "Timber Wolf is a creature, not for the attack deck"),
    ({"stage": "lunch"}, "the stage is one of planning"),
    ({"dummy": {"zone": "A1", "face_down": ["Bear Strength"]}}, "only your enchantments are cast face down"),
])
def test_an_impossible_position_is_refused_saying_why(raw, why):
    with pytest.raises(DataError, match=why):
        Position.from_mapping(raw).build(Randomness.seeded(1))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_seeds_worked_examples_play_as_written(path):
    assert run_scenario(load_scenario(path), registry()).failure is None


def test_a_wrong_expectation_is_reported():
    east = next(p for p in SCENARIOS if "moves-east" in p.name)
    text = east.read_text(encoding="utf-8").replace('"state.units.1.zone" = "B1"', '"state.units.1.zone" = "A2"')
    failure = run_scenario(load_scenario_text(text, "wrong.toml"), registry()).failure
    assert failure == "expected state.units.1.zone = 'A2', found 'B1'"


def test_solo_starts_from_a_scenario(monkeypatch, capsys):
    answers = iter(["quit"])
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: next(answers))
    path = next(p for p in SCENARIOS if "moves-east" in p.name)
    assert main(["mage-wars", "solo", "--scenario", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rolled 5: moves one zone east to B1" in out
    assert main(["mage-wars", "solo", "--scenario", str(path), "--seed", "3"]) == 2


def test_there_is_one_way_to_run_the_dummy_mage_a_seat_played_by_its_rule_bot():
    game = MageWarsGame.new(Randomness.seeded(2), ready_spellbooks()["Wizard"])
    game.apply(Plan(("Jet Stream",)))
    # the Dummy Mage has initiative: its quick cast waits for its seat, nothing of it has run yet
    assert (game.current_player(), game.decision_kind()) == ("dummy", Step.DUMMY_QUICK_CAST)
    assert not any(e.kind == "dummy" for e in game.log)
    with pytest.raises(TypeError):
        MageWarsGame.new(Randomness.seeded(2), ready_spellbooks()["Wizard"], dummy_seat=False)  # type: ignore[call-arg]
    assert "dummy_seat" not in game.to_dict()


def test_a_save_of_before_the_dummy_seat_loads_with_the_dummy_a_seat():
    raw = MageWarsGame.new(Randomness.seeded(2), ready_spellbooks()["Wizard"]).to_dict()
    raw["dummy_seat"] = False   # saves of before issue 22 item 3 said whether the Dummy Mage played itself
    game = MageWarsGame.from_dict(raw)
    game.apply(Plan(("Jet Stream",)))
    assert game.seats() == ("you", "dummy") and game.current_player() == "dummy"


def test_actions_are_frozen_dataclasses_one_class_per_kind_whose_repr_rebuilds_them():
    game = solo().new_game(Randomness.seeded(11))
    bots = {seat: solo().bot(name, Randomness.seeded(n))
            for n, (seat, name) in enumerate(solo().bots_for(game).items())}
    seen: dict[type, int] = {}
    namespace = vars(actions)
    while not game.is_terminal():
        for action in game.legal_actions():
            seen[type(action)] = seen.get(type(action), 0) + 1
            assert dataclasses.is_dataclass(action) and eval(repr(action), namespace) == action
            for field in dataclasses.fields(action)[:1]:
                with pytest.raises(dataclasses.FrozenInstanceError):
                    setattr(action, field.name, "A1")
        player = game.current_player()
        game.apply(bots[player].choose(game, player))
    assert {actions.Plan, actions.Pass, actions.DummyTurn, actions.DoNothing, actions.Move,
            actions.Strike} <= set(seen)
    assert set(seen) <= set(actions.ACTION_CLASSES)


def test_a_value_that_is_no_action_is_refused_by_the_rules_not_by_a_crash():
    game = solo().new_game(Randomness.seeded(3))
    before = game.to_dict()
    with pytest.raises(RuleError, match="'teleport' is not a Mage Wars action"):
        game.apply("teleport")  # type: ignore[arg-type]
    assert game.to_dict() == before
