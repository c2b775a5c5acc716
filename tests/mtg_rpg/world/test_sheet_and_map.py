"""The realms map and the realm control sheet ("The Realms Map", "The Realm Control Sheet")."""

from __future__ import annotations

import json

import pytest

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.datafiles import data_text
from magecraft.mtg_rpg.world.generate import generate_world, world_from_data
from magecraft.mtg_rpg.world.hexmap import HexMap
from magecraft.mtg_rpg.world.rules import world_rules

from .conftest import make_world, value_deck


def test_harloon_population_73_and_resources_35_as_the_seed_counts_them():
    world = make_world()
    terrain = sorted(world.map[i].terrain for i in world.territory("Harloon"))
    assert terrain.count("plains") == 5 and terrain.count("forest") == 2 and terrain.count("mountains") == 5
    assert len(world.bases("Harloon")) == 2
    # "The five plain hexes are worth a population of 30, the two jungles ... 8, the 5 mountains ... 15, and
    # the 2 bases ... 20. Thus, the realm's total population is 73. ... resources are then worth 35."
    assert world.population("Harloon") == 73
    assert world.resource_rating("Harloon") == 35


def test_military_strength_rounds_up_by_the_rule_and_down_as_in_harloons_example():
    assert make_world().realms["Harloon"].military == 8
    assert make_world(military_rounding="down").realms["Harloon"].military == 7


def test_a_realm_under_10_population_has_military_strength_1():
    from magecraft.mtg_rpg.world.realm import starting_military
    from magecraft.mtg_rpg.world.rules import DEFAULT_WORLD_SETTINGS

    assert starting_military(9, DEFAULT_WORLD_SETTINGS) == 1
    assert starting_military(10, DEFAULT_WORLD_SETTINGS) == 1
    assert starting_military(11, DEFAULT_WORLD_SETTINGS) == 2


def test_encounter_factor_is_hexes_over_military_rounded_down_and_the_example_setting_gives_2():
    assert make_world().encounter_factor("Harloon") == 12 // 8
    # "The military strength divided into the total number of hexes (14) gives an encounter factor of 2."
    example = make_world(military_rounding="down", encounter_counts_bases=True)
    assert example.encounter_factor("Harloon") == 2


def test_daily_encounter_when_the_draw_is_the_factor_or_less():
    world = make_world(military_rounding="down", encounter_counts_bases=True)
    world.rng.extend_script([3, 4])  # values 2 and 3 against factor 2
    assert world.encounter_today("Harloon")[0] is True
    assert world.encounter_today("Harloon")[0] is False


def test_starting_values_discontent_hardship_6_treasury_six_seasons_ill_will_6():
    world = make_world()
    harloon = world.realms["Harloon"]
    assert (harloon.discontent, harloon.hardship, harloon.tax) == (6, 6, "medium")
    assert harloon.treasury == 6 * 73 * 200
    assert world.ill("Harloon", "Sarn") == world.ill("Sarn", "Harloon") == 6


def test_a_treasury_the_sheet_writes_is_kept_and_0_means_0():
    # "If otherwise noted, a new realm has a starting treasury of zero (0)"; a sheet without one saves a year.
    raw = json.loads(data_text("world/sample_world.json"))
    sheets = {sheet["name"]: sheet for sheet in raw["realms"]}
    sheets["Harloon"]["treasury"] = 0
    sheets["Sarn"]["treasury"] = 12_345
    world = world_from_data(raw, Randomness.scripted([]), referee=value_deck())
    assert world.realms["Harloon"].treasury == 0
    assert world.realms["Sarn"].treasury == 12_345
    dunmarch = world.realms["Dunmarch"]
    assert dunmarch.treasury == 6 * world.population("Dunmarch") * 200


def test_a_road_drawn_in_a_realms_land_is_its_own_and_one_in_no_realm_is_no_ones():
    # WW14: trade doubles along a realm's own road; a road the referee draws in its land is its own.
    raw = json.loads(data_text("world/sample_world.json"))
    for i in (0, 22):
        raw["hexes"][i]["road"] = True
    world = world_from_data(raw, Randomness.scripted([]), referee=value_deck())
    assert world.map[0].owner == "Harloon" and world.map[22].owner is None
    assert world.realms["Harloon"].roads == [0]
    assert all(22 not in r.roads for r in world.realms.values())


def test_a_realm_holding_bases_without_a_capitol_is_refused():
    # "The realm's capitol is automatically considered to be a base": trade's x2 needs it.
    from magecraft.mtg_rpg.world.campaign import World

    saved = make_world().to_dict()
    harloon = next(r for r in saved["realms"] if r["name"] == "Harloon")
    harloon["capital"] = None
    with pytest.raises(DataError, match=r"Harloon.*no capitol"):
        World.from_dict(saved)


def test_capture_costs_follow_the_table():
    world = make_world()
    rules = world_rules()
    assert [rules.terrain[t].capture for t in ("plains", "forest", "mountains", "swamp", "coastal", "desert")] == [
        4,
        6,
        9,
        7,
        5,
        2,
    ]
    assert dict(rules.capture_additions) == {
        "river": 2,
        "base": 3,
        "guarding_army": 6,
        "guarding_army_and_wizard": 9,
        "strong_neighbour": 3,
    }
    from magecraft.mtg_rpg.world.war import capture_cost

    keep = world.map.find("Harloon Keep")
    world.realms["Dunmarch"].military = 8  # Harloon (8) is not stronger than Dunmarch
    assert capture_cost(world, "Dunmarch", keep) == 9 + 3
    world.map[keep].fort = 2
    world.map[keep].guard = True
    assert capture_cost(world, "Dunmarch", keep) == 9 + 3 + 2 + 6
    world.map[keep].wizard = True
    assert capture_cost(world, "Dunmarch", keep) == 9 + 3 + 2 + 9
    world.realms["Dunmarch"].military = 20
    world.realms["Harloon"].military = 21
    assert capture_cost(world, "Dunmarch", keep) == 9 + 3 + 2 + 9 + 3


def test_a_river_adds_2():
    from magecraft.mtg_rpg.world.war import capture_cost

    world = make_world()
    river = next(h for h in world.map if h.river and h.owner is None and h.base is None)
    assert capture_cost(world, "Harloon", river.id) == world_rules().terrain[river.terrain].capture + 2


def test_a_realm_whose_hexes_are_not_contiguous_is_refused():
    raw = {
        "hexes": [
            {"q": 0, "r": 0, "terrain": "plains", "owner": "A"},
            {"q": 1, "r": 0, "terrain": "plains"},
            {"q": 2, "r": 0, "terrain": "plains", "owner": "A"},
        ]
    }
    with pytest.raises(DataError, match="not contiguous"):
        HexMap.from_dict(raw)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"terrain": "lava"}, "terrain must be"),
        ({"base": "huge"}, "large or small"),
        ({"q": "1"}, "whole numbers"),
        ({"fort": 7}, "fortification"),
        ({"colour": "red"}, "unknown field"),
        ({"guard": True}, "belong to a realm"),
    ],
)
def test_a_malformed_hex_refuses_the_whole_map(change, message):
    raw = {"hexes": [{"q": 0, "r": 0, "terrain": "plains"}, {"q": 1, "r": 0, "terrain": "plains", **change}]}
    with pytest.raises(DataError, match=message):
        HexMap.from_dict(raw)


def test_a_world_file_with_an_unknown_realm_owner_is_refused():
    raw = json.loads(data_text("world/sample_world.json"))
    raw["realms"] = raw["realms"][1:]
    with pytest.raises(DataError, match="no control sheet"):
        world_from_data(raw, Randomness.seeded(1), referee=value_deck())


def test_a_generated_world_has_n_realms_with_contiguous_borders_and_two_bases_each():
    world = generate_world(6, Randomness.seeded(9))
    assert len(world.realms) == 6
    for name in world.realms:
        hexes = set(world.territory(name))
        assert world.map.connected(hexes) and len(hexes) >= 5
        assert len(world.bases(name)) == 2
        assert world.realms[name].capital in hexes


def test_the_event_table_maps_every_draw_to_exactly_one_of_the_20_events():
    rules = world_rules()
    assert len({e.name for e in rules.events}) == 20
    for colour in "WUBRGC":
        for value in range(0, 16):
            matches = [e for e in rules.events if e.colour == colour and e.low <= value <= e.high]
            assert len(matches) == 1


def test_a_world_round_trips_through_to_dict():
    from magecraft.mtg_rpg.world.generate import sample_world

    world = sample_world(Randomness.seeded(2), referee=value_deck())
    from magecraft.mtg_rpg.world.campaign import World
    from magecraft.mtg_rpg.world.policy import choose

    world.begin_season()
    for _ in range(5):
        world.apply(choose(world))
    saved = json.loads(json.dumps(world.to_dict()))
    again = World.from_dict(saved)
    assert again.to_dict() == saved
    world.apply(choose(world))
    again.apply(choose(again))
    assert again.to_dict() == world.to_dict()


def test_a_damaged_saved_world_is_refused():
    from magecraft.mtg_rpg.world.campaign import World

    saved = make_world().to_dict()
    del saved["referee"]
    with pytest.raises(DataError, match="not a saved world"):
        World.from_dict(saved)
