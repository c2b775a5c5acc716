"""Spells a position defines beyond the Ninth Edition pool (issue 22): validated whole, saved with the battle,
seen by no other battle."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from magecraft.core.errors import DataError, MagecraftError
from magecraft.core.randomness import Randomness
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.position import BattlePosition

LASH = {"name": "Ember Lash", "mana_cost": "{1}{R}", "types": ["Instant"], "target": "enemy",
        "effects": [{"kind": "damage", "amount": 3}]}


def lashing(lash=LASH, **hero):
    raw = {"hero": {"ready": "Kiora the Wanderer", "memory": ["Ember Lash"], **hero},
           "creatures": [{"card": "Grizzly Bears"}], "order": ["you", "c1"], "spells": [lash]}
    battle = BattlePosition.from_mapping(raw).start(Randomness.scripted([]))
    battle.push_text("channel")
    return battle


def test_a_defined_spell_is_cast_through_the_public_api():
    battle = lashing()
    assert "cast Ember Lash at c1" in [battle.action_text(a) for a in battle.legal_actions()]
    battle.push_text("cast Ember Lash at c1")
    assert battle.fighters["c1"].life == 4 - 3


def test_the_spell_costs_what_its_mana_cost_says():
    battle = lashing()
    before = sum(battle.fighters["you"].mana.values())
    battle.push_text("cast Ember Lash at c1")
    assert before - sum(battle.fighters["you"].mana.values()) == 2  # {1}{R}


def test_a_defined_creature_spell_summons_its_creature():
    wolf = {"name": "Shade Wolf", "mana_cost": "{G}", "types": ["Creature"], "subtypes": ["Wolf"],
            "power": "3", "toughness": "1", "keywords": ["Haste"]}
    raw = {"hero": {"ready": "Kiora the Wanderer", "memory": ["Shade Wolf"]},
           "creatures": [{"card": "Shade Wolf"}], "order": ["you", "c1"], "spells": [wolf]}
    battle = BattlePosition.from_mapping(raw).start(Randomness.scripted([]))
    assert (battle.fighters["c1"].power, battle.fighters["c1"].life) == (3, 2)
    battle.push_text("channel")
    battle.push_text("cast Shade Wolf")
    assert battle.fighters["s1"].name == "Shade Wolf" and battle.fighters["s1"].sick is False


@pytest.mark.parametrize(("change", "named"), [
    ({"colour": "R"}, "unknown field 'colour'"),
    ({"mana_cost": "{Q}"}, "unknown mana symbol {Q}"),
    ({"types": "Instant"}, "types"),
    ({"effects": [{"kind": "zap"}]}, "an effect needs a kind"),
    ({"effects": [{"kind": "damage"}]}, "damage needs an amount"),
    ({"target": "everyone"}, "target is one of"),
    ({"name": "Shock"}, "the Ninth Edition pool already has a card of that name"),
])
def test_a_bad_spell_is_refused_in_one_line_naming_it(change, named):
    with pytest.raises(DataError) as refused:
        lashing({**LASH, **change})
    message = str(refused.value)
    assert named in message and "\n" not in message
    assert "the position's spell" in message


def test_a_spell_defined_twice_is_refused():
    raw = {"hero": {"ready": "Kiora the Wanderer"}, "spells": [LASH, LASH]}
    with pytest.raises(DataError, match="'Ember Lash' is defined twice"):
        BattlePosition.from_mapping(raw).start(Randomness.scripted([]))


def test_the_spells_are_saved_with_the_battle():
    battle = lashing()
    saved = battle.to_dict()
    again = Battle.from_dict(json.loads(json.dumps(saved)))
    assert again.to_dict() == saved and saved["spells"][0]["name"] == "Ember Lash"
    again.push_text("cast Ember Lash at c1")
    assert again.fighters["c1"].life == 1


def test_a_battle_without_spells_saves_as_before():
    battle = BattlePosition.from_mapping({"hero": {"ready": "Kiora the Wanderer"}}).start(Randomness.scripted([]))
    assert "spells" not in battle.to_dict()


def test_a_save_loads_in_a_fresh_process(tmp_path):
    battle = lashing()
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(battle.to_dict()), encoding="utf-8")
    script = ("import json, sys; from magecraft.planeswalker.combat import Battle; "
              "b = Battle.from_dict(json.load(open(sys.argv[1]))); b.push_text('cast Ember Lash at c1'); "
              "print(b.fighters['c1'].life)")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "1"


def test_two_battles_in_one_process_do_not_see_each_others_spells():
    strong = lashing()
    weak = lashing({**LASH, "effects": [{"kind": "damage", "amount": 1}]})
    plain = BattlePosition.from_mapping({"hero": {"ready": "Kiora the Wanderer"},
                                         "creatures": [{"card": "Grizzly Bears"}]}).start(Randomness.scripted([]))
    weak.push_text("cast Ember Lash at c1")
    strong.push_text("cast Ember Lash at c1")
    assert (strong.fighters["c1"].life, weak.fighters["c1"].life) == (1, 3)
    with pytest.raises(MagecraftError, match="Ember Lash"):
        BattlePosition.from_mapping({"hero": {"ready": "Kiora the Wanderer", "memory": ["Ember Lash"]},
                                     "creatures": [{"card": "Grizzly Bears"}]}).start(Randomness.scripted([]))
    assert plain.legal_actions()


def test_a_defined_creatures_ability_is_used_and_shown():
    from magecraft.cli.planeswalker_board import decision_label

    imp = {"name": "Spark Imp", "mana_cost": "{R}", "types": ["Creature"], "power": "1", "toughness": "1",
           "abilities": [{"text": "{T}: 1 damage to any target", "tap": True, "target": "enemy",
                          "effects": [{"kind": "damage", "amount": 1}]}]}
    raw = {"hero": {"ready": "Kiora the Wanderer"}, "order": ["you", "c1"], "spells": [imp],
           "creatures": [{"card": "Spark Imp", "controller": "you"}, {"card": "Grizzly Bears"}]}
    battle = BattlePosition.from_mapping(raw).start(Randomness.scripted([]))
    battle.push_text("channel")
    battle.push_text("command")
    order = battle.parse_action("order s1 to use ability 1 at c1")
    shown = "Spark Imp (s1): use '{T}: 1 damage to any target' at Grizzly Bears (c1)"
    assert decision_label(battle, order) == shown
    battle.apply(order)
    assert battle.fighters["c1"].life == 3
