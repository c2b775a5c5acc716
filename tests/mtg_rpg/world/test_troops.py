"""Troop markers, naval transport, scouts and espionage's reveals (rulings WW22-WW25)."""

from __future__ import annotations

import json

from magecraft.cli.mtg_rpg_world import hex_map
from magecraft.mtg_rpg.world.actions import (
    BuildNaval,
    Capture,
    Done,
    EndTurn,
    Espionage,
    HireMercenaries,
    HireScouts,
    HireWizard,
    MakeWar,
    MoveTroops,
)
from magecraft.mtg_rpg.world.campaign import World

from .conftest import draw, make_world
from .test_actions import at_actions, refused
from .test_run_and_cli import run_cli


def test_hired_mercenaries_stand_at_the_capitol_and_move_troops_marches_them():
    world = make_world()
    at_actions(world)
    harloon = world.realms["Harloon"]
    world.apply(HireMercenaries(2))
    assert harloon.troops == {"M": [1, 1]}  # the capitol, hex (1,0)
    gold = harloon.treasury
    world.apply(MoveTroops(2, what="M", start=1, to=19))  # 2 units x 2 hexes: $1K
    assert harloon.troops == {"M": [19, 19]} and harloon.treasury == gold - 1_000
    refused(world, MoveTroops(1, what="M", start=19, to=6), "not inside")
    refused(world, MoveTroops(3, what="M", start=19, to=1), "2 M unit")
    refused(world, MoveTroops(1, what="N", start=19, to=1), "0 N unit")
    refused(world, MoveTroops(1, what="X", start=19, to=1), "markers are")
    world.apply(EndTurn())  # "hired for one turn at a time": the markers leave with them
    assert "M" not in harloon.troops


def test_a_wizard_unit_stands_with_the_guarding_army_it_joins_and_falls_with_it():
    world = make_world()
    guarded = world.map.index[(3, 0)]
    world.map[guarded].guard = True
    at_actions(world)
    world.apply(HireWizard(guarded))
    assert world.realms["Harloon"].troops == {"W": [guarded]}
    world.apply(HireMercenaries(1))
    world.apply(MoveTroops(1, what="M", start=1, to=guarded))
    assert "HNpg+" in hex_map(world)  # two kinds of unit in one hex
    world.map[guarded].owner = "Velmoor"  # the hex is lost: the Wizard with its army, the mercenaries go home
    world.owners_changed()
    world.realms["Harloon"].wizard_units = 0
    world.apply(MoveTroops(1, 1))
    assert world.realms["Harloon"].troops == {"M": [1]}


def test_the_map_shows_the_unit_markers():
    world = make_world()
    at_actions(world)
    world.apply(HireMercenaries(1))
    drawn = hex_map(world)
    assert "HNm*M" in drawn and "M mercenaries, N naval, W Wizard" in drawn
    world.realms["Harloon"].troops["M"] = []
    world.realms["Harloon"].mercenaries = 0
    assert "HNm*M" not in hex_map(world)


def _velmoor_at_war(points_card: int = 9) -> World:
    world = make_world()
    velmoor = world.realms["Velmoor"]
    velmoor.structures.append("Shipyard")
    velmoor.treasury = 1_000_000
    velmoor.military = 1  # naval units cost per point of military strength
    at_actions(world, "Velmoor")
    world.apply(BuildNaval())
    assert velmoor.troops == {"N": [8]}  # the realm's first coastal hex on the sea, (8,0)
    world.rng.extend_script([draw(points_card)])
    world.apply(MakeWar(1))
    return world


def test_a_naval_unit_lands_one_soldier_unit_a_turn_on_a_coastal_hex():
    world = _velmoor_at_war()
    far = world.map.index[(6, 5)]
    also_far = world.map.find("Gull Isle")  # an island on the same sea: reachable, but a second landing
    refused(world, Capture(world.map.index[(4, 6)]), "does not touch")  # a coast not on the sea
    world.apply(Capture(far))
    assert world.map[far].owner == "Velmoor" and world.turn.landed
    refused(world, Capture(also_far), "does not touch")  # "Only one (1) military unit ... per turn"
    world.apply(Done())


def test_no_landing_without_a_naval_unit_on_the_realms_own_coast():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.structures.append("Shipyard")
    harloon.military = 1
    at_actions(world)
    world.apply(BuildNaval())
    assert harloon.troops == {"N": [1]}  # no coast: it waits at the capitol
    world.rng.extend_script([draw(9)])
    world.apply(MakeWar(1))
    refused(world, Capture(world.map.index[(6, 5)]), "does not touch")
    world.apply(Done())
    refused(world, MoveTroops(1, what="N", start=1, to=19), "sails to a sea hex or to Harloon's own coast")


def test_each_scout_explores_the_two_nearest_unexplored_hexes_a_season():
    world = make_world()
    at_actions(world)
    harloon = world.realms["Harloon"]
    world.apply(HireScouts(1))
    first = list(harloon.explored)
    assert len(first) == 2
    mine = set(world.territory("Harloon"))
    for h in first:
        assert h not in mine and any(n in mine for n in world.map.neighbour_ids(h))
    world.apply(HireScouts(2))
    assert len(harloon.explored) == 6 and len(set(harloon.explored)) == 6
    assert "explore 2 hexes: " in world.chronicle[-2]["text"] + world.chronicle[-1]["text"]


def _spy(world: World, aim: str, item: str = "", target: str = "Sarn") -> str:
    world.rng.extend_script([draw(6)])  # Wisdom 3 + 6 = 9: succeeds
    world.apply(Espionage(target, aim, item=item))
    return world.chronicle[-1]["text"]


def test_espionage_reveals_agreements_troops_and_one_sheet_item():
    world = make_world()
    world.realms["Sarn"].trade_routes.append("Velmoor")
    world.realms["Sarn"].mercenaries = 2
    world.realms["Sarn"].troops = {"M": [world.realms["Sarn"].capital] * 2}
    at_actions(world)
    assert _spy(world, "agreements") == "learns the trade routes of Sarn: to Velmoor; from none"
    capitol = world.map.label(world.realms["Sarn"].capital)
    military = world.realms["Sarn"].military
    assert _spy(world, "troops") == f"catalogues the troops of Sarn: military {military}, M at {capitol} x2"
    start_over = make_world()
    at_actions(start_over)
    assert _spy(start_over, "sheet", "wisdom") == "learns the wisdom of Sarn: 3"
    refused(start_over, Espionage("Sarn", "sheet", item="soul"), "one item")
    refused(start_over, Espionage("Sarn", "agreements", item="Sarn"), "agreements")


def test_espionage_is_recorded_and_traced():
    world = make_world()
    world.espionage.append({"season": 1, "spy": "Sarn", "target": "Harloon", "aim": "bandits", "success": False})
    world.espionage.append({"season": 1, "spy": "Sarn", "target": "Velmoor", "aim": "troops", "success": True})
    at_actions(world)
    world.rng.extend_script([draw(0)])  # 3 + 0: fails by 6, Political Strife
    world.rng.extend_script([draw(9)])
    world.apply(Espionage("Velmoor", "troops"))
    assert world.espionage[-1] == {
        "season": 1,
        "spy": "Harloon",
        "target": "Velmoor",
        "aim": "troops",
        "success": False,
    }
    assert _spy(world, "trace") == "traces espionage by Sarn against Harloon: season 1 (bandits)"


def test_saves_keep_markers_explored_hexes_and_espionage_and_old_saves_load():
    world = make_world()
    at_actions(world)
    world.apply(HireMercenaries(1))
    world.apply(HireScouts(1))
    saved = world.to_dict()
    assert World.from_dict(saved).to_dict() == saved
    old = dict(saved)
    del old["espionage"]
    old["realms"] = [{k: v for k, v in r.items() if k not in ("troops", "explored")} for r in saved["realms"]]
    loaded = World.from_dict(old)
    assert loaded.espionage == [] and loaded.realms["Harloon"].explored == []


def test_a_realm_knows_its_land_its_border_and_what_its_scouts_explored():
    world = make_world()
    mine = set(world.territory("Harloon"))
    border = {n for h in mine for n in world.map.neighbour_ids(h)} - mine
    assert world.known_hexes("Harloon") == mine | border
    velmoor_capitol = world.realms["Velmoor"].capital
    assert velmoor_capitol not in world.known_hexes("Harloon")
    world.realms["Harloon"].explored.append(velmoor_capitol)
    assert velmoor_capitol in world.known_hexes("Harloon")


def test_show_as_a_realm_draws_unexplored_hexes_as_unknown(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite3")
    run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "3", "--table", "Harloon", "--db", db)
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "show", "w", "--db", db)
    assert code == 0 and "???" not in out and "VRc*" in out
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "show", "w", "--as", "Harloon", "--db", db)
    assert code == 0 and "???  " in out and "VRc*" not in out and "HNm*" in out
    sheets, diplomacy = out.split("Realm Diplomacy")[0], out.split("Realm Diplomacy")[1].split("Realms:")[0]
    assert "Harloon" in sheets and "Velmoor" not in sheets  # only its own control sheet
    assert "Velmoor" in diplomacy and world_calling(db, "Velmoor") in diplomacy
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "show", "w", "--as", "Harloon", "--db", db, "--json")
    shown = json.loads(out)
    assert [sheet["name"] for sheet in shown["realms"]] == ["Harloon"]
    hexes = shown["map"]["hexes"]
    unknown = [h for h in hexes if h.get("unknown")]
    assert unknown and all(set(h) == {"q", "r", "unknown"} for h in unknown)
    code, _, err = run_cli(capsys, "mtg-rpg", "world", "show", "w", "--as", "Atlantis", "--db", db)
    assert code == 2 and "Atlantis" in err


def test_the_table_is_offered_every_march_of_a_marked_unit_within_the_borders():
    world = make_world()
    at_actions(world)
    world.apply(HireMercenaries(1))
    marches = {(a.start, a.to) for a in world.legal_actions() if isinstance(a, MoveTroops) and a.what == "M"}
    assert marches == {(1, h) for h in world.territory("Harloon") if h != 1}


def world_calling(db: str, realm: str) -> str:
    from magecraft.core.saves import SaveStore

    return World.from_dict(SaveStore(db).load("w", "mtg_rpg", "campaign").state).realms[realm].calling


def test_observation_keeps_a_spys_and_a_scouts_findings_from_the_other_realms():
    world = make_world()
    at_actions(world)
    finding = _spy(world, "sheet", item="treasury")  # Harloon learns Sarn's treasury
    world.apply(HireScouts(1))
    found = world.chronicle[-1]["text"]
    assert finding.startswith("learns the treasury of Sarn")
    mine = [e["text"] for e in world.observation("Harloon")["chronicle"]]
    assert finding in mine and found in mine
    for other in ("Sarn", "Velmoor"):
        seen = world.observation(other)
        theirs = [e["text"] for e in seen["chronicle"]]
        assert finding not in theirs and found not in theirs
        assert "espionage against Sarn" not in " ".join(theirs)
        assert seen["espionage"] == [] and finding not in json.dumps(seen)
    assert world.observation("Harloon")["espionage"][0]["target"] == "Sarn"
    assert finding in [e["text"] for e in world.chronicle_for(None)]  # the referee reads everything
    again = World.from_dict(world.to_dict())
    assert again.to_dict() == world.to_dict() and finding not in json.dumps(again.observation("Sarn"))


def test_an_exposed_spy_is_public_news():
    world = make_world()
    at_actions(world)
    world.rng.extend_script([draw(0), draw(9)])  # 3 + 0 against 9: exposed; then Political Strife's draw
    world.apply(Espionage("Velmoor", "troops"))
    exposed = next(e["text"] for e in world.chronicle if "is exposed" in e["text"])
    assert exposed in [e["text"] for e in world.observation("Velmoor")["chronicle"]]


def test_observation_shows_the_realm_diplomacy_section_of_the_others():
    world = make_world()
    world.set_ill("Harloon", "Sarn", 9)
    seen = world.observation("Harloon")
    assert seen["sheet"] == world.sheet("Harloon")
    sarn = next(row for row in seen["diplomacy"] if row["name"] == "Sarn")
    assert sarn == {"name": "Sarn", "alive": True, "calling": world.realms["Sarn"].calling,
                    "demeanor": world.realms["Sarn"].demeanor, "ill_will": 9}
    assert "Harloon" not in [row["name"] for row in seen["diplomacy"]]
    assert set(seen["known_hexes"]) == world.known_hexes("Harloon")
    assert "treasury" not in json.dumps(seen["diplomacy"])


def test_chronicle_as_a_realm_hides_another_realms_findings(tmp_path, capsys):
    from magecraft.core.saves import SaveStore

    db = tmp_path / "s.sqlite3"
    run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "3", "--db", str(db))
    store = SaveStore(db)
    saved = store.load("w", "mtg_rpg", "campaign")
    world = World.from_dict(saved.state)
    world.record("Harloon", "learns the treasury of Sarn: 12,345", secret=True)
    world.record("Sarn", "opens a trade route with Harloon")
    store.update("w", "mtg_rpg", "campaign", world.to_dict(), revision=saved.revision)
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "chronicle", "w", "--as", "Sarn", "--db", str(db))
    assert code == 0 and "12,345" not in out and "opens a trade route" in out
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "chronicle", "w", "--as", "Harloon", "--db", str(db))
    assert code == 0 and "12,345" in out
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "chronicle", "w", "--db", str(db), "--json")
    assert "12,345" in out
    code, _, err = run_cli(capsys, "mtg-rpg", "world", "chronicle", "w", "--as", "Atlantis", "--db", str(db))
    assert code == 2 and "Atlantis" in err
