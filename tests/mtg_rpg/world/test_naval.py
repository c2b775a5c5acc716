"""Sea hexes, ships that sail them and fight other ships, and the ruler exploring in person.

Rulings WW29 (the sea), WW30 (a ruler exploring in person), WW31 (war against water-borne units).
"""

from __future__ import annotations

import json

import pytest

from magecraft.cli.mtg_rpg_world import hex_map
from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.actions import (
    BuildNaval,
    Capture,
    EndTurn,
    Explore,
    HireScouts,
    MakeWar,
    MoveTroops,
    NavalBattle,
)
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.generate import generate_world, world_from_data
from magecraft.mtg_rpg.world.hexmap import HexMap
from magecraft.mtg_rpg.world.naval import sailing_distance

from .conftest import draw, make_world
from .test_actions import at_actions, refused

# -- the sea on the map -----------------------------------------------------------------------------------


@pytest.mark.parametrize("field", [{"owner": "A"}, {"base": "small"}, {"road": True}, {"river": True}])
def test_a_sea_hex_with_land_on_it_refuses_the_whole_map(field):
    rows = [
        {"q": 0, "r": 0, "terrain": "coastal", "owner": "A", "base": "large"},
        {"q": 1, "r": 0, "terrain": "sea", **field},
    ]
    if "base" in field:
        rows[1]["owner"] = "A"
    with pytest.raises(DataError, match="hex 2: a sea hex has no"):
        HexMap.from_dict({"hexes": rows})
    assert HexMap.from_dict({"hexes": [*rows[:1], {"q": 1, "r": 0, "terrain": "sea"}]})[1].sea


def test_a_world_file_with_a_claimed_sea_is_refused_and_left_as_it_was():
    raw = {
        "hexes": [
            {"q": 0, "r": 0, "terrain": "coastal", "owner": "A", "base": "large"},
            {"q": 1, "r": 0, "terrain": "sea", "owner": "A"},
        ],
        "realms": [{"name": "A", "calling": "Greed", "demeanor": "Calm", "diplomacy": 4, "wisdom": 2,
                    "wilderness_lore": 3}],
    }
    before = json.dumps(raw)
    with pytest.raises(DataError, match="sea hex has no owner"):
        world_from_data(raw, Randomness.seeded(1))
    assert json.dumps(raw) == before


def test_the_sample_and_generated_worlds_have_sea_that_no_realm_holds():
    world = make_world()
    sea = world.map.sea_ids()
    assert len(sea) == 13 and world.map[world.map.find("The Narrows")].sea
    assert world.population("Velmoor") == 66  # 8 coastal x 5 + 1 plains x 6 + 2 bases x 10: the sea adds nothing
    generated = generate_world(10, Randomness.seeded(3))
    assert generated.map.sea_ids() and all(generated.map[h].owner is None for h in generated.map.sea_ids())
    hexes = generated.map
    ports = [h for h in hexes if h.terrain == "coastal" and any(n.sea for n in hexes.neighbours_of(h.id))]
    assert len(ports) >= 3
    assert "~~~" in hex_map(world) and "~~~ sea" in hex_map(world)


def test_open_sea_is_not_captured_and_scouts_do_not_explore_it():
    world = _velmoor_with_a_ship()
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(1))
    refused(world, Capture(world.map.index[(9, 0)]), "open sea")
    world2 = make_world()
    at_actions(world2, "Velmoor")
    world2.apply(HireScouts(3))
    assert not any(world2.map[h].sea for h in world2.realms["Velmoor"].explored)


# -- sailing --------------------------------------------------------------------------------------------


def _velmoor_with_a_ship() -> World:
    world = make_world()
    velmoor = world.realms["Velmoor"]
    velmoor.structures.append("Shipyard")
    velmoor.treasury = 1_000_000
    velmoor.military = 1
    velmoor.war_skill = 0
    at_actions(world, "Velmoor")
    world.apply(BuildNaval())
    assert velmoor.troops == {"N": [world.map.index[(8, 0)]]}  # a port on the sea
    return world


def test_a_naval_unit_sails_through_sea_hexes_and_pays_for_the_hexes_sailed():
    world = _velmoor_with_a_ship()
    port, narrows = world.map.index[(8, 0)], world.map.find("The Narrows")
    # Round the coast of (8,1) and (7,2): four hexes of water, though three as the crow flies.
    assert sailing_distance(world, port, narrows) == 4 and world.map.distance(port, narrows) == 3
    gold = world.realms["Velmoor"].treasury
    world.apply(MoveTroops(1, what="N", start=port, to=narrows))
    assert world.realms["Velmoor"].troops["N"] == [narrows] and world.realms["Velmoor"].treasury == gold - 1_000
    world.apply(EndTurn())
    assert world.realms["Velmoor"].troops["N"] == [narrows]  # a ship at sea stays at sea
    assert World.from_dict(json.loads(json.dumps(world.to_dict()))).realms["Velmoor"].troops["N"] == [narrows]


def test_a_naval_unit_sails_only_to_sea_or_its_own_coast_and_only_by_water():
    world = _velmoor_with_a_ship()
    port = world.map.index[(8, 0)]
    refused(world, MoveTroops(1, what="N", start=port, to=world.map.index[(7, 3)]), "plains land")
    refused(world, MoveTroops(1, what="N", start=port, to=world.map.index[(6, 5)]), "another realm")
    world.realms["Velmoor"].troops["N"] = [world.map.index[(6, 0)]]  # a port on no sea
    refused(world, MoveTroops(1, what="N", start=world.map.index[(6, 0)], to=world.map.index[(9, 0)]), "no water")


def test_the_landing_reaches_only_coasts_on_the_sea_the_ship_sails():
    world = _velmoor_with_a_ship()
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(1))
    offered = {a.hex for a in world.legal_actions() if isinstance(a, Capture)}
    assert world.map.find("Gull Isle") in offered and world.map.index[(6, 5)] in offered
    assert world.map.index[(4, 6)] not in offered  # its coast touches no sea


# -- war against water-borne units -------------------------------------------------------------------------


def _fleet_battle(attack: int, defence: int) -> World:
    world = _velmoor_with_a_ship()
    dunmarch = world.realms["Dunmarch"]
    dunmarch.naval_units, dunmarch.war_skill = 1, 0
    narrows = world.map.find("The Narrows")
    dunmarch.troops["N"] = [narrows]
    world.apply(MoveTroops(1, what="N", start=world.map.index[(8, 0)], to=world.map.index[(8, 2)]))
    world.rng.extend_script([draw(attack), draw(defence)])
    gold, resources = world.realms["Velmoor"].treasury, world.turn.resources
    world.apply(NavalBattle("Dunmarch", narrows))
    assert world.realms["Velmoor"].treasury == gold - 5_000 and world.turn.resources == resources - 1
    return world


def test_a_naval_attack_sinks_the_losers_ship_and_means_war():
    world = _fleet_battle(5, 2)  # 1 + 5 against 1 + 2
    assert world.realms["Dunmarch"].naval_units == 0 and "N" not in world.realms["Dunmarch"].troops
    assert world.realms["Velmoor"].naval_units == 1
    assert world.ill("Velmoor", "Dunmarch") == 12 and "Dunmarch" in world.realms["Velmoor"].at_war
    assert "(6 against 3): Dunmarch loses a naval unit" in world.chronicle[-1]["text"]


def test_a_failed_naval_attack_loses_the_attackers_ship_and_a_tie_loses_none():
    world = _fleet_battle(2, 6)
    assert world.realms["Velmoor"].naval_units == 0 and world.realms["Dunmarch"].naval_units == 1
    tie = _fleet_battle(4, 4)
    assert tie.realms["Velmoor"].naval_units == 1 and tie.realms["Dunmarch"].naval_units == 1
    assert "neither side" in tie.chronicle[-1]["text"]


def test_a_naval_attack_needs_a_ship_beside_the_enemys():
    world = _velmoor_with_a_ship()
    dunmarch = world.realms["Dunmarch"]
    dunmarch.naval_units = 1
    far = world.map.index[(7, 6)]
    dunmarch.troops["N"] = [far]
    refused(world, NavalBattle("Dunmarch", far), "no naval unit afloat in or beside")
    refused(world, NavalBattle("Dunmarch", world.map.find("The Narrows")), "Dunmarch has no naval unit")
    refused(world, NavalBattle("Velmoor", world.map.index[(8, 0)]), "no other realm")
    assert NavalBattle("Dunmarch", far) not in world.legal_actions()


# -- the ruler explores in person -------------------------------------------------------------------------


def test_a_ruler_explores_two_hexes_as_an_action_and_risks_an_encounter_in_each():
    world = make_world()
    at_actions(world)
    harloon = world.realms["Harloon"]
    gold = harloon.treasury
    world.rng.extend_script([draw(7), draw(8)])  # no realm's hexes: encounter factor 7
    world.apply(Explore())
    assert [world.map.label(h) for h in harloon.explored] == ["(4,0)", "(4,1)"]
    assert harloon.treasury == gold and world.turn.actions == ["explore"]
    line = world.chronicle[-1]
    assert line["secret"] and line["text"].count("an encounter in") == 1
    assert "an encounter in (4,0) (Enormous Baloth, 7 against 7)" in line["text"]
    nxt = [h for h in _next_two(world)]
    factors = [world.encounter_factor(world.map[h].owner) if world.map[h].owner else 7 for h in nxt]
    world.rng.extend_script([draw(factors[0] + 1), draw(factors[1])])
    world.apply(Explore())
    assert world.chronicle[-1]["text"].count("an encounter in") == 1
    assert f"an encounter in {world.map.label(nxt[1])}" in world.chronicle[-1]["text"]
    refused(world, Explore(), "two actions")


def _next_two(world: World) -> list[int]:
    from magecraft.mtg_rpg.world.troops import scout

    copy = World.from_dict(world.to_dict())
    return scout(copy, copy.realms["Harloon"], 1)


def test_one_landing_a_turn_or_one_per_naval_unit_by_the_setting():
    for setting, landings in (("one", 1), ("per_naval_unit", 2)):
        world = make_world(landings_per_turn=setting)
        velmoor = world.realms["Velmoor"]
        velmoor.naval_units, velmoor.treasury, velmoor.military = 2, 1_000_000, 1
        velmoor.troops = {"N": [world.map.index[(8, 0)], world.map.index[(8, 1)]]}
        at_actions(world, "Velmoor")
        world.rng.extend_script([draw(9)])
        world.apply(MakeWar(1))
        world.turn.capture_points = 30
        far = [world.map.index[(6, 5)], world.map.find("Gull Isle")]
        for hex_id in far[:landings]:
            world.apply(Capture(hex_id))
        assert world.turn.landed == landings
        if landings == 1:
            refused(world, Capture(far[1]), "does not touch")


def test_a_house_rule_outside_its_choices_is_refused_by_name(tmp_path, capsys):
    from magecraft.cli.app import main

    rules = tmp_path / "house.toml"
    rules.write_text('landings_per_turn = "all"\n')
    db = tmp_path / "s.sqlite3"
    assert main(["mtg-rpg", "world", "new", "w", "--sample", "--rules", str(rules), "--db", str(db)]) == 2
    assert "landings_per_turn must be 'one' or 'per_naval_unit', not 'all'" in capsys.readouterr().err
    assert rules.read_text() == 'landings_per_turn = "all"\n' and not db.exists()
