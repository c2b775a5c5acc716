"""Every action of "3d. Action Sub-phase" with its costs and limits, forced by scripted draws."""

from __future__ import annotations

import pytest

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.world.actions import (
    BuildBase,
    BuildGuard,
    BuildNaval,
    BuildRoads,
    BuildStructure,
    BuyResources,
    Capture,
    ConductDiplomacy,
    Decree,
    Disband,
    Done,
    EndTurn,
    Espionage,
    FortifyBase,
    Grant,
    Hardship,
    HireMercenaries,
    HireScouts,
    HireWizard,
    HoldFestival,
    MakeWar,
    MoveCapital,
    MoveTroops,
    OpenTrade,
    PaveRoad,
    Phase,
    Quell,
    Recruit,
    SellResources,
    SetTax,
)
from magecraft.mtg_rpg.world.war import capture_cost

from .conftest import draw, make_world, start_turn


def at_actions(world, realm="Harloon", quell=0):
    """Bring ``realm`` to its action sub-phase with both checks passed."""
    start_turn(world, realm)
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    world.apply(SetTax("medium"))
    world.rng.extend_script([draw(9)])
    world.apply(Quell(quell))
    assert world.turn.phase is Phase.ACTIONS


def refused(world, action, match):
    before = world.to_dict()
    with pytest.raises(RuleError, match=match):
        world.apply(action)
    assert world.to_dict() == before


# -- Make War and capture ------------------------------------------------------------------------------


def test_harloons_war_example_strength_5_after_quelling_2_costs_by_the_rule_and_by_the_example():
    world = make_world(military_rounding="down")  # Harloon has military strength 7
    at_actions(world, quell=2)
    refused(world, MakeWar(6), "at most 5")
    gold = world.realms["Harloon"].treasury
    resources = world.turn.resources
    world.rng.extend_script([draw(1)])
    world.apply(MakeWar(5))
    assert world.realms["Harloon"].treasury == gold - 5 * 5000 and world.turn.resources == resources - 5
    example = make_world(military_rounding="down", war_cost_per_strength=10_000)
    at_actions(example, quell=2)
    gold = example.realms["Harloon"].treasury
    example.rng.extend_script([draw(1)])
    example.apply(MakeWar(3))
    # "it could attack with even lesser strength - say 3, at a cost of 30,000 gp and 3 resources."
    assert example.realms["Harloon"].treasury == gold - 30_000


def test_capture_points_are_strength_plus_the_greater_of_war_skill_and_the_card():
    world = make_world(military_rounding="down")
    at_actions(world)
    world.rng.extend_script([draw(6)])  # "draws a spell worth 6 mana"
    world.apply(MakeWar(7))
    assert world.turn.capture_points == 13  # "a total attack strength of 13"
    low = make_world(military_rounding="down")
    at_actions(low)
    low.rng.extend_script([draw(1)])  # War skill 3 beats the card's 1
    low.apply(MakeWar(7))
    assert low.turn.capture_points == 10


def test_thirteen_points_buy_three_contiguous_plains_for_12():
    world = make_world(military_rounding="down")
    at_actions(world)
    world.rng.extend_script([draw(6)])
    world.apply(MakeWar(7))
    plains = [h.id for h in world.map if h.terrain == "plains" and h.owner is None and not h.river]
    taken = 0
    for _ in range(3):
        options = [a.hex for a in world.legal_actions() if isinstance(a, Capture) and a.hex in plains]
        world.apply(Capture(options[0]))
        taken += 1
    assert taken == 3 and world.turn.capture_points == 1
    assert len(world.territory("Harloon")) == 15
    refused(world, Capture(plains[-1]), "capture|touch")


def test_a_mountain_base_costs_9_plus_3_and_a_hex_must_touch_the_borders():
    world = make_world(military_rounding="down")
    world.realms["Sarn"].military = 1
    world.realms["Harloon"].military = 7
    keep_of_sarn = world.realms["Sarn"].capital
    assert (
        capture_cost(world, "Harloon", keep_of_sarn)
        == 9 + 3 - 9 + world.rules.terrain[world.map[keep_of_sarn].terrain].capture
    )
    at_actions(world)
    world.rng.extend_script([draw(6)])
    world.apply(MakeWar(7))
    far = world.realms["Velmoor"].capital
    refused(world, Capture(far), "does not touch")


def test_capturing_another_realms_hex_means_war_and_ill_will_of_at_least_12():
    world = make_world()
    at_actions(world)
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(8))
    target = next(a.hex for a in world.legal_actions() if isinstance(a, Capture) and world.map[a.hex].owner)
    loser = world.map[target].owner
    world.apply(Capture(target))
    assert world.ill("Harloon", loser) == 12
    assert loser in world.realms["Harloon"].at_war and "Harloon" in world.realms[loser].at_war


def at_war_around_dunmarchs_capitol(world):
    """Harloon, holding every hex around Dunmarch's capitol, at war (strength 20, a 9 drawn): the capitol."""
    world.realms["Harloon"].military = 30
    world.realms["Harloon"].treasury = 500_000
    capital = world.realms["Dunmarch"].capital
    for n in world.map.neighbour_ids(capital):
        world.map[n].owner = "Harloon"
    world.owners_changed()
    at_actions(world)
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(20))
    return capital


def _capture_base(world, raze=False):
    """Harloon takes Dunmarch's nearest base (scripted: a strength big enough)."""
    dunmarch_base = at_war_around_dunmarchs_capitol(world)
    world.apply(Capture(dunmarch_base, raze=raze))
    return dunmarch_base


def test_capturing_a_capitol_conquers_the_realm_all_its_land_and_half_its_treasury():
    world = make_world()
    world.realms["Dunmarch"].treasury = 60_000
    dunmarch_land = set(world.territory("Dunmarch"))
    _capture_base(world)
    assert not world.realms["Dunmarch"].alive and world.territory("Dunmarch") == []
    assert dunmarch_land <= set(world.territory("Harloon"))
    # The base's plunder (25,000 forfeited, half to Harloon), then half of the 35,000 left.
    assert (
        world.realms["Harloon"].treasury
        == 500_000 - 30 * 2000 + world.turn.tax_income - 20 * 5000 + 12_500 + 17_500
    )


def test_installing_a_friendly_government_keeps_the_realm_in_play_at_ill_will_3():
    world = make_world()
    capital = at_war_around_dunmarchs_capitol(world)
    world.rng.extend_script([1, 1, 1, 1, 1, 1])
    world.apply(Capture(capital, install=True))
    assert world.realms["Dunmarch"].alive and world.map[capital].owner == "Dunmarch"
    assert world.ill("Harloon", "Dunmarch") == 3 and world.realms["Dunmarch"].calling == "Adventurer"


@pytest.mark.parametrize(
    "treasury, rule, loses, gains",
    [
        (60_000, "half", 25_000, 12_500),
        (20_000, "half", 20_000, 10_000),
        (20_000, "excess", 20_000, 10_000),
        (15_000, "excess", 15_000, 5_000),
        (8_000, "excess", 8_000, 0),
    ],
)
def test_plunder_25000_forfeited_half_to_the_conqueror_and_short_losers(treasury, rule, loses, gains):
    from magecraft.mtg_rpg.world.war import plunder

    world = make_world(short_plunder=rule)
    harloon, sarn = world.realms["Harloon"], world.realms["Sarn"]
    sarn.treasury, before = treasury, harloon.treasury
    plunder(world, harloon, sarn, raze=False)
    assert sarn.treasury == treasury - loses and harloon.treasury == before + gains


def at_war_around_a_town():
    """Harloon, holding every hex around a Sarn town but Sarn's own, at war (strength 20, a 9 drawn)."""
    world = make_world()
    sarn_town = next(i for i in world.bases("Sarn") if i != world.realms["Sarn"].capital)
    world.realms["Harloon"].military = 30
    world.realms["Harloon"].treasury = 500_000
    for n in world.map.neighbour_ids(sarn_town):
        if world.map[n].owner != "Sarn":
            world.map[n].owner = "Harloon"
    world.owners_changed()
    at_actions(world)
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(20))
    return world, sarn_town


def test_razing_a_base_adds_3_ill_will_and_doubles_the_plunder():
    world, sarn_town = at_war_around_a_town()
    before = world.realms["Harloon"].treasury
    world.apply(Capture(sarn_town, raze=True))
    assert world.map[sarn_town].base is None
    assert world.ill("Harloon", "Sarn") == 15
    assert world.realms["Harloon"].treasury == before + 25_000


def test_unused_capture_points_are_lost():
    world = make_world()
    at_actions(world)
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(1))
    world.apply(Done())
    assert world.turn.capture_points == 0 and world.turn.phase is Phase.ACTIONS


def test_a_wizard_ruler_who_goes_to_war_takes_no_other_action():
    world = make_world()
    world.realms["Harloon"].ruler_is_wizard = True
    at_actions(world)
    world.rng.extend_script([draw(2)])
    world.apply(MakeWar(9, ruler_joins=True))  # 8 military + the ruler himself
    world.apply(Done())
    refused(world, SellResources(1), "only action")
    other = make_world()
    other.realms["Harloon"].ruler_is_wizard = True
    at_actions(other)
    other.apply(SellResources(1))
    refused(other, MakeWar(1, ruler_joins=True), "no other action")


# -- the other actions ---------------------------------------------------------------------------------


def test_two_actions_a_turn_or_one_twice():
    world = make_world()
    at_actions(world)
    world.apply(SellResources(1))
    world.apply(SellResources(1))
    refused(world, SellResources(1), "two actions")
    world.apply(Decree("law"))  # free actions go on
    world.apply(EndTurn())


def test_open_trade_costs_10000_and_gets_3_when_the_other_realm_trades_with_you():
    world = make_world()
    world.set_ill("Harloon", "Velmoor", 9)
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.rng.extend_script([draw(3)])  # 5 + 3 = 8 against 9: fails
    world.apply(OpenTrade("Velmoor"))
    assert world.realms["Harloon"].treasury == gold - 10_000 and world.realms["Harloon"].trade_routes == []
    world.realms["Velmoor"].trade_routes = ["Harloon"]
    world.rng.extend_script([draw(1)])  # 5 + 1 + 3 = 9: opens
    world.apply(OpenTrade("Velmoor"))
    assert world.realms["Harloon"].trade_routes == ["Velmoor"]


def test_roads_cost_10000_and_10_resources_a_hex_at_most_6_an_action_from_a_base():
    world = make_world()
    world.realms["Harloon"].trade_routes = ["Velmoor"]
    world.realms["Harloon"].treasury = 200_000
    at_actions(world)
    world.apply(BuyResources(40))
    world.apply(BuildRoads())
    tarrow = world.map.find("Tarrow")
    refused(world, PaveRoad(world.realms["Velmoor"].capital), "must touch")
    path = world.map.path(tarrow, world.bases("Velmoor")[1])
    gold, res = world.realms["Harloon"].treasury, world.turn.resources
    for hex_id in path[:6]:
        world.apply(PaveRoad(hex_id))
    assert world.realms["Harloon"].treasury == gold - 60_000 and world.turn.resources == res - 60
    refused(world, PaveRoad(path[6]), "6 squares")


def _harloons_road_to_saltmere(**settings):
    """Harloon's own road from Tarrow to Velmoor's Saltmere (9 hexes), and trade routes both ways."""
    world = make_world(**settings)
    harloon, velmoor = world.realms["Harloon"], world.realms["Velmoor"]
    harloon.trade_routes, velmoor.trade_routes = ["Velmoor"], ["Harloon"]
    world.set_ill("Harloon", "Velmoor", 8)
    path = world.map.path(world.map.find("Tarrow"), world.bases("Velmoor")[1])
    for hex_id in path:
        world.map[hex_id].road = True
        harloon.roads.append(hex_id)
    world.roads = None
    return world, path


def test_another_realms_road_doubles_trade_only_once_leveraged_at_half_the_build_costs():
    # "A realm can leverage a pre-built road and setup trade along this pre-existing route for half the
    # standard build costs" (Build Roads, WW14): Harloon's road is not Velmoor's until Velmoor pays for it.
    from magecraft.mtg_rpg.world.turn import trade_income

    world, path = _harloons_road_to_saltmere()
    velmoor = world.realms["Velmoor"]
    assert trade_income(world, world.realms["Harloon"]) == 8000  # its builder's route doubles
    assert trade_income(world, velmoor) == 4000  # but not Velmoor's, along a road it never set up
    velmoor.treasury = 200_000
    at_actions(world, "Velmoor")
    world.turn.resources = 100
    world.apply(BuildRoads())
    refused(world, PaveRoad(path[3]), "touch one of the realm's bases or its own road")
    gold, resources = velmoor.treasury, world.turn.resources
    for hex_id in reversed(path[3:]):  # from Saltmere: six hexes, the action's most
        world.apply(PaveRoad(hex_id))
    assert velmoor.treasury == gold - 6 * 5_000 and world.turn.resources == resources - 6 * 5
    world.apply(Done())
    assert trade_income(world, velmoor) == 4000  # not yet all the way to a Harloon base
    world.apply(BuildRoads())
    for hex_id in reversed(path[:3]):
        world.apply(PaveRoad(hex_id))
    refused(world, PaveRoad(path[0]), "already has Velmoor's road")
    assert sorted(velmoor.roads) == sorted(path) and trade_income(world, velmoor) == 8000
    assert "sets up trade along the road through" in world.chronicle[-1]["text"]


def test_open_trade_costs_the_full_fee_along_a_road_unless_roads_are_shared():
    from magecraft.mtg_rpg.world.turn import trade_income

    world, _ = _harloons_road_to_saltmere()
    world.realms["Velmoor"].trade_routes = []
    at_actions(world, "Velmoor")
    gold = world.realms["Velmoor"].treasury
    world.rng.extend_script([draw(9)])
    world.apply(OpenTrade("Harloon"))
    assert world.realms["Velmoor"].treasury == gold - 10_000
    shared, _ = _harloons_road_to_saltmere(road_use="shared")
    shared.realms["Velmoor"].trade_routes = []
    at_actions(shared, "Velmoor")
    gold = shared.realms["Velmoor"].treasury
    shared.rng.extend_script([draw(9)])
    shared.apply(OpenTrade("Harloon"))
    assert shared.realms["Velmoor"].treasury == gold - 5_000  # the old reading: half the Open Trade fee
    assert trade_income(shared, shared.realms["Velmoor"]) == 8000  # and any road doubles, for free


def test_a_world_saved_before_roads_had_owners_keeps_its_roads_trade():
    from magecraft.mtg_rpg.world.campaign import World
    from magecraft.mtg_rpg.world.turn import trade_income

    world, path = _harloons_road_to_saltmere()
    saved = world.to_dict()
    for sheet in saved["realms"]:
        del sheet["roads"]
    old = World.from_dict(saved)
    assert sorted(old.realms["Velmoor"].roads) == sorted(path)  # the network touching its bases
    assert trade_income(old, old.realms["Velmoor"]) == 8000
    assert old.realms["Sarn"].roads == []


def test_no_road_is_paved_on_open_sea():
    world = make_world()
    world.realms["Velmoor"].treasury = 200_000
    at_actions(world, "Velmoor")
    world.apply(BuildRoads())
    sea = next(n for b in world.bases("Velmoor") for n in world.map.neighbour_ids(b) if world.map[n].sea)
    assert PaveRoad(sea) not in world.legal_actions()
    refused(world, PaveRoad(sea), "open sea")


def test_a_structure_takes_a_season_per_25000_gp_and_eases_for_good():
    world = make_world()
    world.realms["Harloon"].treasury = 500_000
    world.realms["Harloon"].discontent = 10
    at_actions(world)
    world.apply(BuildStructure("Library"))  # 40,000: two seasons
    world.apply(BuildStructure("Monument"))  # 10,000: one season
    assert [(b.kind, b.seasons_left) for b in world.realms["Harloon"].building] == [
        ("Library", 2),
        ("Monument", 1),
    ]
    world.apply(EndTurn())
    harloon = world.realms["Harloon"]
    assert harloon.structures == ["Monument"] and harloon.discontent == 9
    assert [(b.kind, b.seasons_left) for b in harloon.building] == [("Library", 1)]


def test_resources_beyond_the_turns_pool_are_refused():
    world = make_world()
    world.realms["Harloon"].treasury = 500_000
    at_actions(world)  # 35 - 8 for the civilians = 27 left
    world.apply(BuildStructure("Library"))  # 20 resources
    refused(world, BuildStructure("Library"), "resources")
    refused(world, BuildStructure("Warehouse"), "needs 10 resources; 7 are left")


def test_recruiting_costs_1000_and_5_resources_per_point_and_stops_at_population_over_5():
    capped = make_world()
    capped.realms["Harloon"].military = 15  # 73 / 5 rounded up
    at_actions(capped)
    refused(capped, Recruit(), "population divided by 5")
    capped.realms["Harloon"].structures.append("Barracks")
    capped.sheets_changed()
    capped.apply(BuyResources(60))
    capped.apply(Recruit())
    assert capped.realms["Harloon"].military == 16


def test_recruit_cost_is_per_point_of_current_military_strength():
    world = make_world()
    world.realms["Harloon"].military = 2
    at_actions(world)
    gold, res = world.realms["Harloon"].treasury, world.turn.resources
    world.apply(Recruit())
    assert (world.realms["Harloon"].treasury, world.turn.resources) == (gold - 2000, res - 10)


def test_mercenaries_cost_5000_and_5_resources_each_add_to_capture_points_and_leave_at_turns_end():
    world = make_world()
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.apply(HireMercenaries(2))
    assert world.realms["Harloon"].treasury == gold - 10_000
    world.rng.extend_script([draw(1)])
    world.apply(MakeWar(1))
    assert world.turn.capture_points == 1 + 2 + 3
    world.apply(Done())
    world.apply(EndTurn())
    assert world.realms["Harloon"].mercenaries == 0


def test_naval_units_need_a_shipyard():
    world = make_world()
    at_actions(world)
    refused(world, BuildNaval(), "shipyard")
    world.realms["Harloon"].structures.append("Shipyard")
    world.realms["Harloon"].military = 2
    gold = world.realms["Harloon"].treasury
    world.apply(BuildNaval())
    assert world.realms["Harloon"].naval_units == 1 and world.realms["Harloon"].treasury == gold - 10_000


def test_a_wizard_unit_costs_5000_then_1000_a_turn_and_strengthens_a_guarding_army():
    world = make_world()
    keep = world.realms["Harloon"].capital
    world.map[keep].guard = True
    at_actions(world)
    world.apply(HireWizard(keep))
    assert world.map[keep].wizard and world.realms["Harloon"].wizard_units == 1
    world.apply(EndTurn())
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    gold = world.realms["Harloon"].treasury
    world.apply(SetTax("medium"))
    assert world.realms["Harloon"].treasury == gold + 73 * 200 - 1000 - 8 * 2000


def test_scouts_cost_1000_a_month():
    world = make_world()
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.apply(HireScouts(3))
    assert world.realms["Harloon"].treasury == gold - 3 * 2 * 1000


def test_a_guarding_army_costs_25000_10_resources_and_a_point_of_military_one_per_hex():
    world = make_world()
    at_actions(world)
    hex_id = world.territory("Harloon")[0]
    world.apply(BuildGuard(hex_id))
    assert world.map[hex_id].guard and world.realms["Harloon"].military == 7
    refused(world, BuildGuard(hex_id), "one guarding army")


def test_conduct_diplomacy_lowers_ill_will_by_1_and_extra_gold_adds_to_the_draw():
    world = make_world()
    world.set_ill("Harloon", "Sarn", 10)
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.rng.extend_script([draw(3)])  # 5 + 3 + 2 = 10 against 10
    world.apply(ConductDiplomacy("Sarn", extra=2))
    assert world.ill("Harloon", "Sarn") == 9 and world.realms["Harloon"].treasury == gold - 30_000


@pytest.mark.parametrize(
    "size, cost, bonus", [("simple", 7_300, 1), ("impressive", 36_500, 3), ("elaborate", 73_000, 6)]
)
def test_festivals_cost_by_population_and_bonus_next_turn(size, cost, bonus):
    world = make_world()
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.apply(HoldFestival(size))
    assert world.realms["Harloon"].treasury == gold - cost and world.realms["Harloon"].festival_bonus == bonus


def test_the_impressive_festival_of_the_example_costs_73000():
    world = make_world(impressive_festival_gp=1000)
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.apply(HoldFestival("impressive"))
    assert world.realms["Harloon"].treasury == gold - 73_000


def test_selling_resources_nets_100_each_and_buying_lasts_the_turn():
    world = make_world()
    at_actions(world)
    gold, res = world.realms["Harloon"].treasury, world.turn.resources
    world.apply(SellResources(5))
    world.apply(BuyResources(3))
    assert world.realms["Harloon"].treasury == gold + 500 - 300 and world.turn.resources == res - 5 + 3
    refused(world, SellResources(1), "two actions")


def test_a_base_costs_25000_and_25_resources_where_there_is_none():
    world = make_world()
    at_actions(world)
    refused(world, BuildBase(world.realms["Harloon"].capital), "already has a base")
    plain = next(i for i in world.territory("Harloon") if world.map[i].base is None)
    gold, resources = world.realms["Harloon"].treasury, world.turn.resources
    world.apply(BuildBase(plain))
    assert world.map[plain].base == "small" and world.population("Harloon") == 83
    assert world.realms["Harloon"].treasury == gold - 25_000 and world.turn.resources == resources - 25


def test_fortification_levels_by_the_table_one_a_turn():
    world = make_world()
    keep = world.realms["Harloon"].capital
    world.realms["Harloon"].treasury = 300_000
    at_actions(world)
    gold, res = world.realms["Harloon"].treasury, world.turn.resources
    world.apply(FortifyBase(keep))
    assert world.realms["Harloon"].treasury == gold - 25_000 and world.turn.resources == res - 10
    refused(world, FortifyBase(keep), "one such action")
    world.apply(EndTurn())
    at_actions(world)
    gold, res = world.realms["Harloon"].treasury, world.turn.resources
    world.apply(FortifyBase(keep))
    # "This turn Harloon spends 50,000 and 15 resources to get to level 2."
    assert world.realms["Harloon"].treasury == gold - 50_000 and world.turn.resources == res - 15
    assert world.map[keep].fort == 2


def test_flat_fortification_costs_are_a_setting():
    world = make_world(fortification_costs="flat")
    keep = world.realms["Harloon"].capital
    world.map[keep].fort = 3
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.apply(FortifyBase(keep))
    assert world.realms["Harloon"].treasury == gold - 25_000


def test_moving_the_capitol_costs_100000_and_50_resources():
    world = make_world()
    world.realms["Harloon"].treasury = 200_000
    at_actions(world)
    tarrow = world.map.find("Tarrow")
    refused(world, MoveCapital(tarrow), "resources")
    world.apply(BuyResources(30))
    gold, resources = world.realms["Harloon"].treasury, world.turn.resources
    world.apply(MoveCapital(tarrow))
    assert world.realms["Harloon"].capital == tarrow
    assert world.realms["Harloon"].treasury == gold - 100_000 and world.turn.resources == resources - 50


def test_espionage_is_a_challenging_9_wisdom_check_and_failing_by_3_is_political_strife():
    world = make_world()
    at_actions(world)
    world.rng.extend_script([draw(6)])  # Wisdom 3 + 6 = 9: succeeds
    world.rng.extend_script([1])  # Bandits on Sarn for 1 turn
    world.apply(Espionage("Sarn", "bandits"))
    assert [o.name for o in world.realms["Sarn"].ongoing] == ["Bandits"]
    world.rng.extend_script([draw(3), draw(0)])  # 3 + 3 = 6: fails by 3; strife check 5 < 6
    world.apply(Espionage("Sarn", "intelligence"))
    assert world.ill("Harloon", "Sarn") == 9


def test_at_most_two_decrees_a_turn_and_a_tariff_raises_gold():
    world = make_world()
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.rng.extend_script([draw(4)])
    world.apply(Decree("tariff"))
    assert world.realms["Harloon"].treasury == gold - 1000 + 4000
    world.apply(Decree("law"))
    refused(world, Decree("law"), "two decrees")


def test_grants_and_troop_moves_cost_what_they_say():
    world = make_world()
    at_actions(world)
    gold = world.realms["Harloon"].treasury
    world.apply(Grant(5000, "a knighthood"))
    world.apply(MoveTroops(5, 2))  # "$1K could finance ... 5 troops ... two hexes"
    assert world.realms["Harloon"].treasury == gold - 5000 - 1000
    world.apply(MoveTroops(1, 11))  # 11 unit-hexes: a started 10 is paid in full
    world.apply(MoveTroops(1, 1))
    assert world.realms["Harloon"].treasury == gold - 5000 - 1000 - 2000 - 1000


def test_disbanding_mercenaries_needs_a_challenging_diplomacy_check_or_they_turn_brigand():
    world = make_world()
    at_actions(world)
    world.apply(HireMercenaries(1))
    world.rng.extend_script([draw(2), 3])  # 5 + 2 = 7 < 9; brigands for 3 turns
    world.apply(Disband("mercenaries", 1))
    assert world.realms["Harloon"].has_ongoing("Bandits").turns_left == 3
    world.apply(Disband("military", 2))
    assert world.realms["Harloon"].military == 6


def test_every_offered_action_is_legal_and_a_refused_one_changes_nothing():
    world = make_world()
    at_actions(world)
    for action in world.legal_actions():
        world.check(action)
    refused(world, OpenTrade("Harloon"), "itself")
    refused(world, OpenTrade("Atlantis"), "no realm")
    refused(world, BuildStructure("Colosseum"), "no structure")
