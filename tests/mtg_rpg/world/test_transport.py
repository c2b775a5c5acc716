"""Transport by sea: a naval unit carries a marked unit from coast to coast (ruling WW33).

"A Navel unit can make war on coastal locations and transport normal soldier units from coast to
coast.  Only one (1) military unit may be transported per turn using a Navel unit.  The transported
soldier unit must be disembarked on a coastal hex."
"""

from __future__ import annotations

import json

from magecraft.mtg_rpg.world.actions import Capture, EndTurn, HireMercenaries, HireWizard, MakeWar, MoveTroops
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.naval import sailing_distance
from magecraft.mtg_rpg.world.policy import Temper, watch
from magecraft.mtg_rpg.world.troops import moves_cost

from .conftest import draw, make_world
from .test_actions import at_actions, refused

PORT, CAPITOL, GULL_ISLE, OTHER_COAST = 8, 16, 73, 53  # (8,0) on the sea, Velmoor, the island, (6,5)
INLAND_COAST = 6  # (6,0): Velmoor's coast on no sea, two hexes from the port


def _velmoor_holding_gull_isle(**settings) -> World:
    """Velmoor with a ship in its port, Gull Isle taken, and a mercenary at (6,0), far from the sea."""
    world = make_world(**settings)
    assert world.map.find("Gull Isle") == GULL_ISLE and world.realms["Velmoor"].capital == CAPITOL
    velmoor = world.realms["Velmoor"]
    velmoor.treasury, velmoor.war_skill, velmoor.military = 1_000_000, 0, 1
    world.map[GULL_ISLE].owner = "Velmoor"
    world.owners_changed()
    velmoor.naval_units, velmoor.troops["N"] = 1, [PORT]
    at_actions(world, "Velmoor")
    world.apply(HireMercenaries(1))
    assert velmoor.troops["M"] == [CAPITOL]
    velmoor.troops["M"] = [INLAND_COAST]
    return world


def test_a_ship_carries_a_mercenary_coast_to_coast_paying_for_the_hexes_sailed():
    world = _velmoor_holding_gull_isle()
    velmoor = world.realms["Velmoor"]
    refused(world, MoveTroops(1, what="M", start=INLAND_COAST, to=GULL_ISLE), "no land joins")
    world.apply(MoveTroops(1, what="M", start=INLAND_COAST, to=PORT))  # overland to the port
    gold = velmoor.treasury
    sailed = sailing_distance(world, PORT, GULL_ISLE)
    assert sailed == 4
    carry = MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True)
    assert carry in world.legal_actions()
    world.apply(carry)
    assert velmoor.troops["M"] == [GULL_ISLE] and velmoor.troops["N"] == [PORT]  # the ship stays
    assert velmoor.treasury == gold - moves_cost(1, 4) == gold - 1_000
    assert world.turn.actions == ["mercenaries"]  # Move Troops is a free action
    assert "carries 1 M unit by sea from (8,0) to Gull Isle for 1,000 gp" in world.chronicle[-1]["text"]
    saved = World.from_dict(json.loads(json.dumps(world.to_dict())))
    assert saved.realms["Velmoor"].troops["M"] == [GULL_ISLE] and saved.turn.landed == 1


def test_one_unit_a_turn_shared_with_the_landing_of_make_war():
    world = _velmoor_holding_gull_isle()
    velmoor = world.realms["Velmoor"]
    velmoor.mercenaries, velmoor.troops["M"] = 2, [PORT, PORT]
    refused(world, MoveTroops(2, what="M", start=PORT, to=GULL_ISLE, by_sea=True), "one unit a trip, not 2")
    world.apply(MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True))
    refused(world, MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True), "carried their unit this turn")
    # The ship has carried its unit: Make War lands no soldier unit on another coast this turn.
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(1))
    refused(world, Capture(OTHER_COAST), "does not touch Velmoor's borders")
    assert velmoor.troops["M"].count(GULL_ISLE) == 1


def test_one_a_turn_per_naval_unit_by_the_setting():
    world = _velmoor_holding_gull_isle(landings_per_turn="per_naval_unit")
    velmoor = world.realms["Velmoor"]
    velmoor.naval_units, velmoor.troops["N"] = 2, [PORT, PORT]
    velmoor.mercenaries, velmoor.troops["M"] = 3, [PORT] * 3
    world.apply(MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True))
    world.apply(MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True))
    assert velmoor.troops["M"] == [GULL_ISLE, GULL_ISLE, PORT]
    # A third unit has no ship left this turn.
    refused(world, MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True), "carried their unit")


def test_transport_refusals_name_the_rule_and_change_nothing():
    world = _velmoor_holding_gull_isle()
    velmoor = world.realms["Velmoor"]
    # (6,0) touches no sea the ship sails and is not beside it: no ship reaches it.
    refused(world, MoveTroops(1, what="M", start=INLAND_COAST, to=GULL_ISLE, by_sea=True), "reaches both")
    world.apply(MoveTroops(1, what="M", start=INLAND_COAST, to=PORT))
    refused(world, MoveTroops(1, what="M", start=PORT, to=OTHER_COAST, by_sea=True), "not inside Velmoor's")
    saltmere = world.map.find("Saltmere")
    refused(world, MoveTroops(1, what="M", start=PORT, to=saltmere, by_sea=True), "not a coastal hex")
    refused(world, MoveTroops(1, what="", start=PORT, to=GULL_ISLE, by_sea=True), "soldier units cross the sea")
    refused(world, MoveTroops(1, what="N", start=PORT, to=GULL_ISLE, by_sea=True), "soldier units cross the sea")
    velmoor.troops["M"] = [saltmere]
    refused(world, MoveTroops(1, what="M", start=saltmere, to=GULL_ISLE, by_sea=True), "not a coast to embark")
    velmoor.troops["M"] = [PORT]
    velmoor.troops["N"] = [world.map.index[(6, 0)]]  # a port on no sea: nothing afloat reaches the island
    refused(world, MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True), "reaches both")
    del velmoor.troops["N"]
    velmoor.naval_units = 0
    refused(world, MoveTroops(1, what="M", start=PORT, to=GULL_ISLE, by_sea=True), "reaches both")


def test_a_wizard_unit_is_carried_too_and_marches_home_only_by_sea():
    world = _velmoor_holding_gull_isle()
    velmoor = world.realms["Velmoor"]
    world.apply(HireWizard())
    assert velmoor.troops["W"] == [CAPITOL]
    world.apply(MoveTroops(1, what="W", start=CAPITOL, to=PORT))
    world.apply(MoveTroops(1, what="W", start=PORT, to=GULL_ISLE, by_sea=True))
    assert velmoor.troops["W"] == [GULL_ISLE]
    world.apply(EndTurn())
    assert velmoor.troops["W"] == [GULL_ISLE]  # the island is Velmoor's: the unit stays there
    at_actions(world, "Velmoor")
    refused(world, MoveTroops(1, what="W", start=GULL_ISLE, to=CAPITOL), "no land joins")
    world.apply(MoveTroops(1, what="W", start=GULL_ISLE, to=PORT, by_sea=True))
    assert velmoor.troops["W"] == [PORT]


def test_a_guardian_marches_to_a_port_then_carries_a_unit_to_the_coast_facing_its_rival():
    world = _velmoor_holding_gull_isle()
    velmoor = world.realms["Velmoor"]
    velmoor.calling = "Guardian"
    world.map[OTHER_COAST].owner = "Dunmarch"  # Dunmarch's coast across the water from Gull Isle
    world.owners_changed()
    world.set_ill("Velmoor", "Dunmarch", 11)
    world.espionage.append({"season": 1, "spy": "Velmoor", "target": "Dunmarch", "aim": "troops", "success": True})
    assert not any(
        world.map[n].owner == "Dunmarch" for h in world.territory("Velmoor") for n in world.map.neighbour_ids(h)
    )
    temper = Temper("guardian", False, False, False)

    def marches():
        return [a for a in watch(world, velmoor, temper) if isinstance(a, MoveTroops)]

    beside_the_ship = world.map.index[(7, 0)]
    first = marches()
    # First to the nearest port a ship reaches, overland.
    assert first == [MoveTroops(1, what="M", start=INLAND_COAST, to=beside_the_ship)]
    world.apply(first[0])
    second = marches()
    assert second == [MoveTroops(1, what="M", start=beside_the_ship, to=GULL_ISLE, by_sea=True)]
    world.apply(second[0])
    assert velmoor.troops["M"] == [GULL_ISLE] and marches() == []
