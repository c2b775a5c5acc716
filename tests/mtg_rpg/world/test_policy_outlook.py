"""The engine's realms decide on what they know, and keep the units their stance wants (ruling WW32)."""

from __future__ import annotations

from magecraft.mtg_rpg.world.actions import (
    BuildNaval,
    BuildStructure,
    BuyResources,
    Capture,
    Done,
    Explore,
    HireMercenaries,
    HireWizard,
    MakeWar,
    MoveTroops,
    NavalBattle,
)
from magecraft.mtg_rpg.world.policy import choose, estimated_cost, force_wishes, forces, outlook, temper
from magecraft.mtg_rpg.world.war import capture_cost

from .conftest import draw, make_world
from .test_actions import at_actions


def _learned(world, spy, target, military):
    world.espionage.append(
        {"season": 1, "spy": spy, "target": target, "aim": "troops", "success": True,
         "learned": {"military": military}}
    )


def test_a_neighbour_of_unknown_strength_is_reckoned_strong_until_a_spy_learns_it():
    world = make_world()
    harloon = world.realms["Harloon"]
    hex_id = world.map.index[(2, 3)]  # Dunmarch's forest beside Harloon; Dunmarch is weaker (3 < 8)
    real = capture_cost(world, "Harloon", hex_id)
    assert estimated_cost(world, outlook(world, harloon), harloon, hex_id) == real + 3
    _learned(world, "Harloon", "Dunmarch", 3)
    assert estimated_cost(world, outlook(world, harloon), harloon, hex_id) == real
    _learned(world, "Velmoor", "Dunmarch", 3)  # another realm's spies tell Harloon nothing
    assert outlook(world, world.realms["Sarn"]).military_of("Dunmarch") is None


def _hemmed_in_at_capture(points: int):
    """Harloon at its capture phase with every hex around it Dunmarch's."""
    world = make_world()
    mine = set(world.territory("Harloon"))
    for h in mine:
        for n in world.map.neighbour_ids(h):
            if n not in mine:
                world.map[n].owner = "Dunmarch"
    world.owners_changed()
    at_actions(world)
    world.rng.extend_script([draw(0)])
    world.apply(MakeWar(1))
    world.turn.capture_points = points
    return world


def test_the_engine_captures_by_what_it_knows_not_by_the_other_realms_sheet():
    desert = 2  # (-1,3), Dunmarch's now; Dunmarch is weaker than Harloon: it really costs 2
    world = _hemmed_in_at_capture(desert)
    assert choose(world) == Done()  # Harloon does not know Dunmarch is weak: it reckons 5
    _learned(world, "Harloon", "Dunmarch", 3)
    assert choose(world) == Capture(world.map.index[(-1, 3)])
    assert capture_cost(world, "Harloon", world.map.index[(-1, 3)]) == desert


def test_a_stale_spy_report_is_corrected_by_the_referee_and_changes_nothing():
    world = _hemmed_in_at_capture(2)
    _learned(world, "Harloon", "Dunmarch", 3)
    world.realms["Dunmarch"].military = 20  # stronger since the spy's report: every hex costs 3 more
    assert choose(world) == Done()


def test_a_conqueror_hires_its_mercenaries_then_makes_war_and_a_builder_does_not():
    world = make_world()
    dunmarch = world.realms["Dunmarch"]  # World Domination, Aggressive
    dunmarch.treasury = 200_000
    at_actions(world, "Dunmarch")
    world.turn.tax_income = 100_000  # its soldiers are paid for: no wish to disband
    hire = forces(temper(dunmarch.calling, dunmarch.demeanor)).mercenaries
    assert hire == 2 and choose(world) == HireMercenaries(2)
    world.apply(HireMercenaries(2))
    assert choose(world) == MakeWar(3)
    assert forces(temper("Majesty", "Methodical")).mercenaries == 0


def test_a_guardian_puts_a_wizard_unit_with_its_guarding_army():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.calling = "Guardian"
    guarded = world.map.index[(3, 0)]
    world.map[guarded].guard = True
    at_actions(world)
    wishes = list(force_wishes(world, world.turn, harloon, temper(harloon.calling, harloon.demeanor)))
    assert wishes == [HireWizard(guarded)]  # no coast on the sea: no ships
    harloon.wizard_units = 2
    assert list(force_wishes(world, world.turn, harloon, temper(harloon.calling, harloon.demeanor))) == []


def test_a_guardian_on_the_sea_builds_a_shipyard_then_buys_resources_for_a_ship():
    world = make_world()
    velmoor = world.realms["Velmoor"]
    velmoor.calling = "Guardian"
    t = temper(velmoor.calling, velmoor.demeanor)
    at_actions(world, "Velmoor")
    assert list(force_wishes(world, world.turn, velmoor, t)) == [BuildStructure("Shipyard")]
    velmoor.structures.append("Shipyard")
    short = 10 * velmoor.military - world.turn.resources
    assert list(force_wishes(world, world.turn, velmoor, t)) == [BuyResources(short), BuildNaval()]


def test_a_guardian_sails_beside_its_rivals_ship_and_attacks_only_one_it_can_see():
    world = make_world()
    velmoor, dunmarch = world.realms["Velmoor"], world.realms["Dunmarch"]
    velmoor.calling, velmoor.treasury = "Guardian", 500_000
    port, narrows = world.map.index[(8, 0)], world.map.find("The Narrows")
    velmoor.naval_units, velmoor.troops = 1, {"N": [port]}
    dunmarch.naval_units, dunmarch.troops = 1, {"N": [world.map.index[(7, 6)]]}  # beyond what Velmoor sees
    world.set_ill("Velmoor", "Dunmarch", 10)
    t = temper(velmoor.calling, velmoor.demeanor)
    at_actions(world, "Velmoor")
    assert not [a for a in force_wishes(world, world.turn, velmoor, t) if isinstance(a, MoveTroops | NavalBattle)]
    dunmarch.troops = {"N": [narrows]}  # off Velmoor's own coast
    sail = next(iter(force_wishes(world, world.turn, velmoor, t)))
    assert sail == MoveTroops(1, what="N", start=port, to=narrows)
    world.apply(sail)
    assert next(iter(force_wishes(world, world.turn, velmoor, t))) == NavalBattle("Dunmarch", narrows)
    dunmarch.naval_units, dunmarch.troops = 2, {"N": [narrows, narrows]}  # outnumbered: it waits there
    assert not [a for a in force_wishes(world, world.turn, velmoor, t) if isinstance(a, MoveTroops | NavalBattle)]


def test_a_merchant_too_poor_for_scouts_explores_in_person():
    world = make_world()
    velmoor = world.realms["Velmoor"]  # Greed: a merchant
    at_actions(world, "Velmoor")
    world.turn.tax_income = 100_000
    velmoor.treasury = 2_000 * velmoor.military + 5_000  # 5,000 gp to spare
    assert choose(world) == Explore()
    velmoor.explored = list(range(6))
    assert choose(world) != Explore()


def test_a_conqueror_with_no_land_in_reach_builds_a_shipyard():
    world = make_world()
    velmoor = world.realms["Velmoor"]
    velmoor.calling, velmoor.treasury = "World Domination", 200_000
    at_actions(world, "Velmoor")
    world.turn.tax_income, world.turn.resources = 100_000, 40  # a shipyard takes 20 resources
    mine = set(world.territory("Velmoor"))
    for n in {n for h in mine for n in world.map.neighbour_ids(h)} - mine - world.map.sea_ids():
        world.map[n].base, world.map[n].guard, world.map[n].owner = "large", True, "Dunmarch"  # 13+ each
    world.owners_changed()
    chosen = []
    world.rng.extend_script([draw(9)] * 10)
    while world.turn is not None and world.turn.realm == "Velmoor":
        chosen.append(choose(world))
        world.apply(chosen[-1])
    assert BuildStructure("Shipyard") in chosen and not any(isinstance(a, MakeWar) for a in chosen)


def _choices_with_others(military: int, treasury: int, realm: str, points: int) -> list:
    """What ``realm`` chooses first at its actions and at its capture phase, the others' sheets set as given."""
    world = make_world()
    for other in world.realms.values():
        if other.name != realm:
            other.military, other.treasury, other.discontent = military, treasury, 11
    world.realms[realm].treasury = 300_000
    at_actions(world, realm)
    world.turn.tax_income = 100_000
    first = choose(world)
    world.rng.extend_script([draw(0)])
    world.apply(MakeWar(1))
    world.turn.capture_points = points
    # The first hex only: what a capture really costs is the referee's answer, and the points left differ.
    return [first, choose(world)]


def test_what_another_realm_hides_on_its_sheet_does_not_change_the_engines_choices():
    for realm in ("Harloon", "Velmoor", "Dunmarch", "Sarn"):
        for points in (5, 9, 14):
            weak = _choices_with_others(0, 0, realm, points)
            strong = _choices_with_others(50, 900_000, realm, points)
            assert weak == strong, (realm, points)
