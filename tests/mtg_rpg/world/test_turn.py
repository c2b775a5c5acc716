"""The campaign turn's phases ("Campaign Turn Phases", seed 000), each forced by scripted draws."""

from __future__ import annotations

import pytest

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.world.actions import (
    BuildNaval,
    Delay,
    Hardship,
    HireMercenaries,
    HireScouts,
    HireWizard,
    OpenTrade,
    Quell,
    Recruit,
    SetTax,
)
from magecraft.mtg_rpg.world.realm import Ongoing
from magecraft.mtg_rpg.world.rules import world_rules
from magecraft.mtg_rpg.world.turn import apply_event, initiative_phase, random_event_phase, trade_income

from .conftest import draw, make_world, start_turn


def _event(name):
    return next(e for e in world_rules().events if e.name == name)


# -- 1. random events ---------------------------------------------------------------------------------


def test_each_realm_draws_its_event_by_the_cards_colour_and_value():
    world = make_world()
    # Harloon draws Giant Growth (green, 1): Good Harvest; the others draw Ornithopter (colorless 0).
    world.rng.extend_script([draw(1), draw(0), draw(0), draw(0)])
    random_event_phase(world)
    assert [o.name for o in world.realms["Harloon"].ongoing] == ["Good Harvest"]
    assert [o.name for o in world.realms["Sarn"].ongoing] == ["Food stores Damaged"]


def test_one_event_for_a_selected_realm_is_a_setting():
    world = make_world(event_per_realm=False)
    world.rng.extend_script([2, draw(1)])  # the second realm, Velmoor, gets Good Harvest
    random_event_phase(world)
    assert [o.name for o in world.realms["Velmoor"].ongoing] == ["Good Harvest"]
    assert not world.realms["Harloon"].ongoing


def test_good_harvest_adds_3_resources_this_turn_and_resources_found_10():
    world = make_world()
    apply_event(world, world.realms["Harloon"], _event("Good Harvest"))
    start_turn(world, "Harloon")
    assert world.turn.resources == 35 + 3
    world = make_world()
    apply_event(world, world.realms["Harloon"], _event("Resources Found"))
    start_turn(world, "Harloon")
    assert world.turn.resources == 35 + 10


def test_bandits_last_1d3_turns_and_cut_taxes_by_a_quarter():
    world = make_world([2])
    apply_event(world, world.realms["Harloon"], _event("Bandits"))
    assert world.realms["Harloon"].ongoing[0].turns_left == 2
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    world.apply(SetTax("medium"))
    assert world.turn.tax_income == 73 * 200 * 75 // 100


def test_fire_burns_1d6_buildings_and_lasts_until_all_are_rebuilt():
    from magecraft.mtg_rpg.world.order_performing import complete_structure

    world = make_world([2])
    harloon = world.realms["Harloon"]
    apply_event(world, harloon, _event("Fire"))
    assert harloon.has_ongoing("Fire").count == 2
    complete_structure(world, harloon, "Rebuilt building")
    assert harloon.has_ongoing("Fire").count == 1
    complete_structure(world, harloon, "Rebuilt building")
    assert harloon.has_ongoing("Fire") is None
    assert "Rebuilt building" not in harloon.structures


def test_political_strife_raises_ill_will_by_3_on_a_failed_diplomacy_check():
    world = make_world()
    harloon = world.realms["Harloon"]  # Diplomacy 5 against ill-will 6
    world.rng.extend_script([1, draw(0)])  # the other realm: Velmoor; 5 + 0 < 6
    apply_event(world, harloon, _event("Political Strife"))
    assert world.ill("Harloon", "Velmoor") == 9
    world.rng.extend_script([1, draw(1)])  # 5 + 1 = 6 against 9: fails again
    apply_event(world, harloon, _event("Political Strife"))
    assert world.ill("Harloon", "Velmoor") == 12
    world.rng.extend_script([1, draw(7)])  # 5 + 7 = 12: smoothed over
    apply_event(world, harloon, _event("Political Strife"))
    assert world.ill("Harloon", "Velmoor") == 12


def test_one_turn_events_end_at_the_recording_phase_and_lasting_ones_stay():
    from magecraft.mtg_rpg.world.turn import recording_phase

    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.ongoing = [Ongoing("Controversy", 1), Ongoing("Bandits", 2), Ongoing("Undead", None)]
    recording_phase(world)
    assert [(o.name, o.turns_left) for o in harloon.ongoing] == [("Bandits", 1), ("Undead", None)]


def test_the_event_table_reads_each_colour_by_the_rulings_bands():
    rules = world_rules()
    bands = {
        ("W", 2): "Birth", ("W", 3): "Gifted", ("W", 5): "Political Windfall",
        ("U", 2): "Messenger", ("U", 3): "Knowledge Rediscovered", ("U", 5): "Political Envoy",
        ("B", 2): "Death", ("B", 4): "Plague", ("B", 5): "Undead",
        ("R", 1): "Fire", ("R", 2): "Riot", ("R", 3): "Bandits", ("R", 4): "Controversy",
        ("R", 5): "Political Strife",
        ("G", 0): "Good Harvest", ("G", 4): "Resources Found", ("G", 5): "Large Predator",
        ("C", 2): "Food stores Damaged", ("C", 3): "Natural Disaster", ("C", 16): "Wizards",
    }
    assert {key: rules.event_for(*key).name for key in bands} == bands


def test_a_drawn_controversy_ends_at_the_recording_phase():
    from magecraft.mtg_rpg.world.turn import recording_phase

    world = make_world()
    harloon = world.realms["Harloon"]
    apply_event(world, harloon, _event("Controversy"))
    assert harloon.has_ongoing("Controversy") is not None
    recording_phase(world)
    assert harloon.has_ongoing("Controversy") is None


def test_food_stores_damaged_adds_3_hardship_until_a_food_store_is_built():
    from magecraft.mtg_rpg.world.order_performing import complete_structure
    from magecraft.mtg_rpg.world.turn import hardship_dc

    world = make_world()
    harloon = world.realms["Harloon"]
    apply_event(world, harloon, _event("Food stores Damaged"))
    assert hardship_dc(world, harloon) == 6 + 3
    complete_structure(world, harloon, "Warehouse")
    assert harloon.has_ongoing("Food stores Damaged") is not None
    complete_structure(world, harloon, "Food stores")
    assert harloon.has_ongoing("Food stores Damaged") is None
    assert hardship_dc(world, harloon) == 6 - 1 - 2  # the Warehouse's -1 and the Food stores' -2 for good


def test_a_riot_takes_3_more_resources_of_upkeep_this_turn():
    world = make_world()
    apply_event(world, world.realms["Harloon"], _event("Riot"))
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    world.apply(SetTax("medium"))
    assert world.turn.resources == 35 - 8 - 3


# -- 2. initiative ---------------------------------------------------------------------------------------


def test_initiative_is_draw_plus_wisdom_ties_by_wisdom_then_a_redraw():
    world = make_world()
    # Wisdom: Harloon 3, Velmoor 2, Dunmarch 2, Sarn 3.  Draws 4, 5, 5, 2 give 7, 7, 7, 5.
    world.rng.extend_script([draw(4), draw(5), draw(5), draw(2)])
    # Harloon (Wisdom 3) beats Dunmarch and Velmoor (Wisdom 2), who redraw in name order: 1 and 6.
    world.rng.extend_script([draw(1), draw(6)])
    assert initiative_phase(world) == ["Harloon", "Velmoor", "Dunmarch", "Sarn"]


def test_a_delayed_turn_comes_after_the_next_realms_and_the_last_cannot_delay():
    world = make_world()
    start_turn(world, "Harloon")
    world.order = ["Velmoor"]
    world.apply(Delay())
    assert world.turn.realm == "Velmoor" and world.order == ["Harloon"]
    world.order = []
    with pytest.raises(RuleError, match="no realm is left"):
        world.apply(Delay())


# -- 3a. hardship -------------------------------------------------------------------------------------


def test_a_failed_hardship_check_adds_3_discontent_this_turn_bars_recruiting_and_raises_hardship():
    world = make_world()
    start_turn(world, "Harloon")  # Wilderness Lore 5 against hardship 6
    world.rng.extend_script([draw(0)])
    world.apply(Hardship(0))
    harloon = world.realms["Harloon"]
    assert harloon.hardship == 7 and world.turn.extra_discontent == 3 and world.turn.hardship_failed
    world.rng.extend_script([draw(9)])
    world.apply(SetTax("medium"))
    world.apply(Quell(0))
    with pytest.raises(RuleError, match="hardship"):
        world.apply(Recruit())


def _after_failed_hardship(**settings):
    world = make_world(**settings)
    start_turn(world, "Harloon")
    world.realms["Harloon"].structures.append("Shipyard")
    world.rng.extend_script([draw(0)])
    world.apply(Hardship(0))  # 5 + 0 against 6: failed
    world.rng.extend_script([draw(9)])
    world.apply(SetTax("medium"))
    world.apply(Quell(0))
    return world


@pytest.mark.parametrize("action", [Recruit(), HireMercenaries(1), BuildNaval(), HireWizard()])
def test_a_failed_hardship_check_bars_every_new_military_force(action):
    # "not allowed to recruit new military forces (see Actions below)": soldiers, mercenaries ("Temporary
    # military units"), a "Navel" unit and a Wizard unit ("This special military unit") (WW38).
    world = _after_failed_hardship()
    assert action not in world.legal_actions()
    before = world.to_dict()
    with pytest.raises(RuleError, match="failed its hardship check"):
        world.apply(action)
    assert world.to_dict() == before
    world.apply(HireScouts(1))  # scouts are no military unit ("nor do they count against the military")


def test_a_failed_hardship_check_bars_only_recruit_by_the_setting():
    world = _after_failed_hardship(failed_hardship_bars="recruit")
    with pytest.raises(RuleError, match="failed its hardship check"):
        world.apply(Recruit())
    world.apply(HireMercenaries(1))
    world.apply(HireWizard())
    assert world.realms["Harloon"].mercenaries == 1 and world.realms["Harloon"].wizard_units == 1


def test_gold_buys_plus_1_per_50_gp_per_population_point():
    world = make_world()
    start_turn(world, "Harloon")
    before = world.realms["Harloon"].treasury
    world.rng.extend_script([draw(0)])  # 5 + 0 + 1 = 6 against 6: passes
    world.apply(Hardship(1))
    assert world.realms["Harloon"].treasury == before - 50 * 73
    assert world.realms["Harloon"].hardship == 6


def test_a_passed_hardship_check_ends_plague():
    world = make_world()
    world.realms["Harloon"].ongoing = [Ongoing("Plague", None)]
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(4)])  # 5 + 4 = 9 against 6 + 3
    world.apply(Hardship(0))
    assert world.realms["Harloon"].ongoing == []


@pytest.mark.parametrize("auto, ends", [(True, True), (False, False)])
def test_wizards_add_3_hardship_until_resolved(auto, ends):
    from magecraft.mtg_rpg.world.turn import hardship_dc

    world = make_world(auto_resolve_events=auto)
    harloon = world.realms["Harloon"]
    apply_event(world, harloon, _event("Wizards"))
    assert hardship_dc(world, harloon) == 6 + 3
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(4)])  # Wilderness Lore 5 + 4 = 9 against 6 + 3
    world.apply(Hardship(0))
    assert (harloon.has_ongoing("Wizards") is None) is ends


# -- 3b. treasury -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rate, per", [("low", 100), ("medium", 200), ("high", 300)])
def test_taxes_are_population_times_the_rate(rate, per):
    world = make_world()
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    before = world.realms["Harloon"].treasury
    world.apply(SetTax(rate))
    assert world.turn.tax_income == 73 * per
    assert world.realms["Harloon"].treasury == before + 73 * per - 8 * 2000


def test_trade_is_12_minus_ill_will_thousands_doubled_by_a_road_and_again_between_capitols():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.trade_routes = ["Velmoor"]
    world.set_ill("Harloon", "Velmoor", 8)
    assert trade_income(world, harloon) == 4000
    path = world.map.path(world.bases("Harloon")[1], world.bases("Velmoor")[1])
    for hex_id in path:
        world.map[hex_id].road = True
        harloon.roads.append(hex_id)  # Harloon's own road (WW14)
    world.roads = None
    assert trade_income(world, harloon) == 8000  # a road between bases (Tarrow to Saltmere)
    for hex_id in world.map.path(harloon.capital, world.realms["Velmoor"].capital):
        world.map[hex_id].road = True
        if hex_id not in harloon.roads:
            harloon.roads.append(hex_id)
    world.roads = None
    assert trade_income(world, harloon) == 16000  # and between the capitols
    world.set_ill("Harloon", "Velmoor", 13)
    assert trade_income(world, harloon) == 0


def test_natural_disaster_halves_trade():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.trade_routes = ["Velmoor"]
    harloon.ongoing = [Ongoing("Natural Disaster", 1)]
    assert trade_income(world, harloon) == 3000


def test_military_that_cannot_be_paid_is_reduced():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.treasury = 0
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    world.apply(SetTax("low"))  # 7,300 gp pays 3 points of military
    assert harloon.military == 3 and harloon.treasury == 7300 - 6000


def test_civilians_cost_a_resource_per_10_population_and_shortage_burdens_next_season():
    world = make_world()
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    world.apply(SetTax("medium"))
    assert world.turn.resources == 35 - 8
    literal = make_world(population_per_upkeep_resource=1)
    harloon = literal.realms["Harloon"]
    for season in range(1, 4):
        start_turn(literal, "Harloon")
        if season > 1:
            assert harloon.shortage_now == 1
        literal.rng.extend_script([draw(9)])
        literal.apply(Hardship(0))
        literal.apply(SetTax("medium"))
        assert literal.turn.resources == 0
        literal.turn = None
    # "If the realm goes for 3 or more seasons with too little resources": +1 for good to both.
    assert (harloon.hardship, harloon.discontent) == (7, 7)


# -- 3c. discontent -----------------------------------------------------------------------------------------


def _to_discontent(world, realm="Harloon", rate="medium"):
    start_turn(world, realm)
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    world.apply(SetTax(rate))


def test_discontent_check_adds_population_and_tax_modifiers_and_military_can_quell():
    world = make_world()
    _to_discontent(world, rate="high")
    # DC = discontent 6 + population 73 (+2) + high tax (+3) = 11; Diplomacy 5 + draw 3 + quell 3 = 11.
    world.rng.extend_script([draw(3)])
    world.apply(Quell(3))
    assert world.realms["Harloon"].failed_checks == 0 and world.realms["Harloon"].discontent == 6
    world = make_world()
    _to_discontent(world, rate="high")
    world.rng.extend_script([draw(3)])
    world.apply(Quell(2))
    assert world.realms["Harloon"].discontent == 7 and world.realms["Harloon"].failed_checks == 1


def test_low_taxes_ease_the_check_by_3():
    world = make_world()
    _to_discontent(world, rate="low")
    world.rng.extend_script([draw(0)])  # 5 against 6 + 2 - 3 = 5
    world.apply(Quell(0))
    assert world.realms["Harloon"].failed_checks == 0


def test_success_above_12_lowers_discontent_by_1():
    world = make_world()
    world.realms["Harloon"].discontent = 13
    _to_discontent(world, rate="low")
    world.rng.extend_script([draw(9)])
    world.apply(Quell(8))
    assert world.realms["Harloon"].discontent == 12
    at_twelve = make_world()
    at_twelve.realms["Harloon"].discontent = 12                # "greater than 12": 12 stays
    _to_discontent(at_twelve, rate="low")
    at_twelve.rng.extend_script([draw(9)])
    at_twelve.apply(Quell(8))
    assert at_twelve.realms["Harloon"].discontent == 12


def test_three_failures_in_a_row_bring_rebellion_new_government_and_no_trade_routes():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.failed_checks = 2
    harloon.trade_routes = ["Velmoor"]
    world.realms["Sarn"].trade_routes = ["Harloon"]
    world.set_ill("Harloon", "Dunmarch", 11)
    _to_discontent(world)
    world.rng.extend_script([draw(0)])
    world.rng.extend_script([1, 1, 4, 2, 7, 3])  # the new government's Calling ... War skill
    world.apply(Quell(0))
    assert harloon.failed_checks == 0 and harloon.trade_routes == [] and world.realms["Sarn"].trade_routes == []
    assert (harloon.calling, harloon.diplomacy, harloon.wisdom, harloon.wilderness_lore, harloon.war_skill) == (
        "Adventurer",
        6,
        2,
        7,
        2,
    )
    assert harloon.discontent == 6 and world.ill("Harloon", "Dunmarch") == 6


def test_a_rebellion_may_keep_the_old_discontent():
    world = make_world(rebellion_resets_discontent=False)
    harloon = world.realms["Harloon"]
    harloon.failed_checks = 2
    _to_discontent(world)
    world.rng.extend_script([draw(0), 1, 1, 4, 2, 7, 3])
    world.apply(Quell(0))
    assert harloon.discontent == 7


def test_a_festival_adds_its_bonus_to_next_turns_check_only():
    world = make_world()
    world.realms["Harloon"].festival_bonus = 3
    _to_discontent(world)
    world.rng.extend_script([draw(0)])  # 5 + 0 + 3 = 8 against 8
    world.apply(Quell(0))
    assert world.realms["Harloon"].failed_checks == 0 and world.realms["Harloon"].festival_bonus == 0


def test_the_sub_phases_come_in_order():
    world = make_world()
    start_turn(world, "Harloon")
    for action in (SetTax("low"), Quell(0), OpenTrade("Sarn")):
        before = world.to_dict()
        with pytest.raises(RuleError):
            world.apply(action)
        assert world.to_dict() == before
