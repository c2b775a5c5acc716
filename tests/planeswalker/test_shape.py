"""The Planeswalker battle in the one shape (issue 22): words for decisions, positions, scenarios, bots, views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, load_scenario_text, run_scenario
from magecraft.games import registry
from magecraft.planeswalker import actions
from magecraft.planeswalker.actions import ActionKind, Cast, Step
from magecraft.planeswalker.game_type import BATTLE, plant_secret
from magecraft.planeswalker.position import BattlePosition

SCENARIOS = sorted((Path(__file__).parents[2] / "docs" / "scenarios").glob("planeswalker-battle-*.toml"))


def arranged(*creatures, **changes):
    raw = {"hero": {"ready": "Kiora the Wanderer"}, "creatures": list(creatures) or [{"card": "Grizzly Bears"}],
           **changes}
    return BattlePosition.from_mapping(raw).start(Randomness.scripted([]))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_battle_scenario_plays_as_written(path):
    assert run_scenario(load_scenario(path), registry()).failure is None


def test_a_wrong_expectation_is_reported():
    path = next(p for p in SCENARIOS if "locked" in p.name)
    text = path.read_text(encoding="utf-8").replace('"state.fighters.1.life" = 1', '"state.fighters.1.life" = 2')
    outcome = run_scenario(load_scenario_text(text, "wrong.toml"), registry())
    assert outcome.failure == "expected state.fighters.1.life = 2, found 1"


def test_a_position_places_creatures_in_their_zones_and_under_their_mages():
    battle = arranged({"card": "Grizzly Bears", "range": "close", "damage": 1},
                      {"card": "Llanowar Elves", "controller": "you"}, {"card": "Goblin Piker"},
                      order=["c2", "you", "c1"])
    assert battle.current_player() == "c2" and battle.decision_kind() is Step.MAIN
    assert battle.range_between("you", "c1") == "close" and battle.fighters["c1"].life == 3
    assert battle.fighters["s1"].controller == "you" and battle.fighters["you"].creatures == ["s1"]
    assert battle.range_between("s1", "c1") == "close" and battle.range_between("you", "c2") == "ranged"


def test_a_creature_missing_from_the_pool_is_defined_in_the_position():
    battle = arranged({"name": "Shade Wolf", "power": 4, "toughness": 2, "keywords": ["Flying"], "range": "close"},
                      order=["you", "c1"])
    wolf = battle.fighters["c1"]
    assert (wolf.name, wolf.power, wolf.life, wolf.keywords) == ("Shade Wolf", 4, 4, ("Flying",))


@pytest.mark.parametrize(("changes", "creature", "why"), [
    ({}, {"card": "Grizzly Bears", "controller": "mage"}, "not a mage of this battle"),
    ({}, {"card": "Grizzly Bears", "range": "far"}, "ranged or close range, not 'far'"),
    ({"order": ["you"]}, {"card": "Grizzly Bears"}, "each combatant taking turns once"),
    ({}, {"card": "Grizzly Bears", "damage": 4}, "4 damage is not a position"),
    ({}, {"card": "Grizzly Bearz"}, "Grizzly Bearz"),
    ({}, {"card": "Grizzly Bears", "colour": "G"}, "unknown field 'colour'"),
])
def test_an_impossible_position_is_refused_saying_why(changes, creature, why):
    with pytest.raises(DataError, match=why):
        arranged(creature, **changes)


def test_decisions_print_as_words_read_back_and_rebuild_from_their_repr():
    battle = arranged(order=["you", "c1"])
    for action in battle.legal_actions():
        assert battle.parse_action(battle.action_text(action)) == action
        assert eval(repr(action), vars(actions)) == action  # the repr is the call that rebuilds it
    battle.push_text("channel")
    assert battle.parse_action("cast Shock at Grizzly Bears (c1)") == Cast(card="Shock",
                                                                             target="c1")


def test_a_well_said_illegal_decision_is_refused_with_its_rule_and_changes_nothing():
    battle = arranged(order=["you", "c1"])
    battle.push_text("channel")
    before = json.dumps(battle.to_dict())
    with pytest.raises(RuleError, match="cannot engage in direct combat"):
        battle.push_text("engage c1")
    with pytest.raises(RuleError, match="not held in"):
        battle.push_text("cast Lava Axe at c1")
    assert json.dumps(battle.to_dict()) == before


def test_another_mages_memory_stays_hidden():
    battle = BattlePosition.from_mapping({"hero": {"ready": "Kiora the Wanderer"},
                                          "enemy_mage": {"ready": "Goblin Pyromancer"}}).start(
        Randomness.scripted([1, 2]))
    seen = {f["id"]: f for f in battle.observation("you")["fighters"]}
    assert isinstance(seen["you"]["memory"], list) and isinstance(seen["mage"]["memory"], int)
    planted = plant_secret(battle, "mage", "MARKER")
    assert planted is not None
    assert "MARKER" in json.dumps(planted.observation("mage"))
    assert "MARKER" not in json.dumps(planted.observation("you"))


def test_the_bots_are_registered_by_name():
    assert set(BATTLE.bots) == {"random", "heuristic", "search"}
    battle = BATTLE.new_game(Randomness.seeded(4))
    assert BATTLE.bot("heuristic", Randomness.seeded(1)).choose(battle, battle.current_player()) in (
        battle.legal_actions())


def test_fight_starts_from_a_scenario(tmp_path, capsys):
    path = next(p for p in SCENARIOS if "locked" in p.name)
    assert main(["planeswalker", "fight", "--scenario", str(path), "--auto", "--json",
                 "--db", str(tmp_path / "s.db")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert any(e["label"] == "the battle as it stands" for e in out["log"])
    assert out["result"]["over"] is True


def test_every_kind_of_decision_has_what_it_does() -> None:
    from magecraft.planeswalker.combat import PERFORMERS

    assert set(PERFORMERS) == set(actions.CLASSES.values())
    assert {cls.kind for cls in PERFORMERS} == set(ActionKind)
