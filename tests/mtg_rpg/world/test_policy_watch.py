"""The engine's realms watch their rivals: spies, scouts and marches (policy, ruling WW28)."""

from __future__ import annotations

from magecraft.mtg_rpg.world.actions import Espionage, HireMercenaries, HireScouts, MoveTroops
from magecraft.mtg_rpg.world.policy import choose, rival, temper, watch

from .conftest import draw, make_world
from .test_actions import at_actions


def _watching(world, realm="Harloon"):
    r = world.realms[realm]
    return list(watch(world, r, temper(r.calling, r.demeanor)))


def test_a_rival_is_the_worst_ill_will_of_9_or_more():
    world = make_world()
    world.set_ill("Harloon", "Sarn", 8)
    assert rival(world, world.realms["Harloon"]) is None
    world.set_ill("Harloon", "Sarn", 9)  # "Challenging (9)"
    assert rival(world, world.realms["Harloon"]) == "Sarn"
    world.set_ill("Harloon", "Dunmarch", 11)
    assert rival(world, world.realms["Harloon"]) == "Dunmarch"


def test_the_spy_sent_depends_on_stance_and_demeanor_and_waits_four_seasons():
    world = make_world()
    world.set_ill("Harloon", "Sarn", 10)
    harloon = world.realms["Harloon"]
    assert _watching(world)[0] == Espionage("Sarn", "trace")  # Majesty, Methodical: a builder traces
    harloon.demeanor = "Brutal"
    assert _watching(world)[0] == Espionage("Sarn", "food-stores")
    harloon.calling, harloon.demeanor = "Guardian", "Methodical"
    assert _watching(world)[0] == Espionage("Sarn", "troops")
    world.season = 5
    world.espionage.append({"season": 2, "spy": "Harloon", "target": "Sarn", "aim": "troops", "success": True})
    assert not any(isinstance(a, Espionage) for a in _watching(world))
    world.season = 6
    assert _watching(world)[0] == Espionage("Sarn", "troops")


def test_a_merchant_hires_scouts_until_six_hexes_are_explored():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.calling = "Greed"
    assert _watching(world) == [HireScouts(1)]
    harloon.explored = [0, 1, 2, 3, 4, 5]
    assert _watching(world) == []


def test_a_guardian_marches_a_mercenary_to_face_its_rival_and_the_engine_chooses_it():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.calling = "Guardian"
    at_actions(world)
    world.apply(HireMercenaries(1))
    world.set_ill("Harloon", "Sarn", 10)
    world.espionage.append({"season": 1, "spy": "Harloon", "target": "Sarn", "aim": "troops", "success": True})
    march = [a for a in _watching(world) if isinstance(a, MoveTroops)]
    assert len(march) == 1 and march[0].start == harloon.capital and march[0].what == "M"
    to = march[0].to
    assert world.map[to].owner == "Harloon"
    assert any(world.map[n].owner == "Sarn" for n in world.map.neighbour_ids(to))
    world.check(march[0])
    world.apply(march[0])
    assert harloon.troops["M"] == [to]
    assert not [a for a in _watching(world) if isinstance(a, MoveTroops)]  # there already


def test_the_engine_spends_an_action_on_a_spy_when_its_other_wishes_are_spent():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.calling = "Greed"  # a merchant, Methodical: no trade to open at ill-will 12 or more
    for other in ("Velmoor", "Dunmarch"):
        world.set_ill("Harloon", other, 12)
    world.set_ill("Harloon", "Sarn", 13)
    at_actions(world)
    chosen = []
    world.rng.extend_script([draw(9)] * 20)
    while world.turn is not None and world.turn.realm == "Harloon":
        action = choose(world)
        chosen.append(action)
        world.apply(action)
    # A merchant's spies look for the rival's treasury (data/world/policy.toml [espionage]).
    assert [a for a in chosen if a.counts][:2] == [Espionage("Sarn", "sheet", item="treasury"), HireScouts(1)]
    assert world.espionage[-1]["spy"] == "Harloon" and world.espionage[-1]["aim"] == "sheet"
    assert world.espionage[-1]["learned"] == {"treasury": world.realms["Sarn"].treasury}
