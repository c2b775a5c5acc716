"""The board's sites (the Trap 14.2, the minor treasure locations 10.1) and the phases of a character's day
(ruling MR42: the base game's phases, the Dwarf, extra phases of guilds, the Cook and the Children, the
Jester and the Shadow, offroad and gate travel counted against the day)."""

from __future__ import annotations

import pytest
from realm_helpers import put, quiet_realm, script

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.actions import (
    Hire,
    MoveCharacter,
    NextDay,
    ReadRunes,
    RecordDay,
    TravelOffroad,
)
from magecraft.magic_realm.days import RealmDays
from magecraft.magic_realm.sites import Sites


def realm(*characters: str, seed: int = 8) -> RealmDays:
    """Seed 8 lays the Trap in Cavern 6 (a dead end off Cavern 5) and the Bag on the Borderland."""
    return quiet_realm(*characters, seed=seed, gold=100, set_aside=True)


def at(days: RealmDays, label: str) -> int:
    return days.board.clearing_of(label).id


def day(who: str, *activities: str, **options: object) -> RecordDay:
    return RecordDay(who, tuple(activities), **options)  # type: ignore[arg-type]


def texts(days: RealmDays) -> list[str]:
    return [r["text"] for r in days.report]


# -- the sites dealt to the board (15.3-15.4, ruling MR41) ------------------------------------------------


def test_setup_lays_the_trap_in_its_tiles_highest_clearing_and_the_minor_locations_face_down():
    days = realm()
    sites = days.sites
    assert sites.trap_clearing == at(days, "Cavern 6")
    dealt = sorted(c.name for t, chits in days.setup.tile_chits.items() for c in chits
                   if c.kind == "minor treasure location")
    assert sorted(m.name for m in sites.minors) == dealt
    assert all(m.clearing is None for m in sites.minors)
    # a Trap left in a group's pile is on no clearing (seed 1)
    other = RealmDays.new(Randomness.seeded(1), ["Amazon@Borderland 1"])
    assert Sites.deal(other.setup, other.board).trap_clearing is None


def test_a_minor_location_is_revealed_at_the_end_of_a_turn_in_its_tile_into_a_random_clearing():
    days = realm()
    script(days, 3, 2)  # monster roll 3; the Bag's clearing: 2 of the Borderland's six
    days.apply(NextDay())
    bag = next(m for m in days.sites.minors if m.name == "Bag")
    assert bag.clearing == 2
    assert "Amazon reveals the Bag: it lies in Borderland 2 (10.1/1)" in texts(days)
    assert days.result()["minor_treasure_locations"] == {"Bag": "Borderland 2"}
    script(days, 3)  # revealed again: no roll, it stays face up where it is
    days.apply(NextDay())
    assert bag.clearing == 2


def test_a_search_discovering_a_minor_location_collects_its_treasure_at_once_and_once():
    days = realm("Amazon@Borderland 1", "Captain@Borderland 1")
    script(days, 3, 2)
    days.apply(NextDay())
    amazon, captain = days.characters
    days.apply(day("Amazon", "MOVE@Borderland 2", "SEARCH=Clues"))
    assert amazon.belongings == []  # 10.1/2: only Discover Chits or Choice
    days.apply(day("Amazon", "SEARCH=Discover Chits", "SEARCH=Choice"))  # collected once, not twice
    assert [i.name for i in amazon.belongings] == ["the Bag's treasure"]
    days.apply(day("Captain", "MOVE@Borderland 2", "SEARCH=Choice"))
    assert captain.belongings == []
    assert "Captain discovers the Bag: empty (Amazon took the Bag's treasure)" in texts(days)


def test_the_runestone_awakens_its_spell_and_read_runes_learns_it():
    days = realm(seed=8)
    rune = next(m for m in days.sites.minors if m.name == "Runestone")
    rune.clearing = 1
    place = days.board.tile_clearings(days.board.tile_index(rune.tile))[0]
    days.apply(MoveCharacter("Amazon", place))
    with pytest.raises(RuleError, match="not discovered the Runestone"):
        days.apply(ReadRunes("Amazon", learned=True))
    days.apply(day("Amazon", "SEARCH=Discover Chits"))
    assert rune.awakened and days.characters[0].belongings == []
    days.apply(ReadRunes("Amazon", learned=True))
    assert rune.learned_by == ["Amazon"]


# -- the Trap (14.2) ---------------------------------------------------------------------------------------


def test_ending_the_turn_in_the_traps_clearing_traps_and_every_way_out_is_refused():
    days = realm("Dwarf@Cavern 6")
    script(days, 3)
    days.apply(NextDay())
    assert "Dwarf" in days.sites.trap.trapped
    assert "Dwarf ends the turn in the Trap's clearing: trapped (14.2/1)" in texts(days)
    before = days.to_dict()
    for refused in (MoveCharacter("Dwarf", at(days, "Cavern 5")), TravelOffroad("Dwarf"),
                    day("Dwarf", "MOVE@Cavern 5")):
        with pytest.raises(RuleError, match="trapped"):
            days.apply(refused)
    assert days.to_dict() == before
    days.apply(day("Dwarf", "HIDE", "SEARCH=Clues", "MOVE@Cavern 5"))  # a SEARCH first may free him: it did not
    dwarf = days.characters[0]
    assert dwarf.clearing == at(days, "Cavern 6") and "Dwarf: MOVE cancelled -- trapped (14.2/1)" in texts(days)
    assert days.today["Dwarf"].activities == ["HIDE", "SEARCH", "MOVE"]  # the cancelled MOVE's phase is spent


def test_a_discover_chits_result_frees_the_trapped_for_good():
    days = realm("Dwarf@Cavern 6")
    script(days, 3)
    days.apply(NextDay())
    days.apply(day("Dwarf", "SEARCH=Discover Chits", "MOVE@Cavern 5"))
    dwarf = days.characters[0]
    assert dwarf.clearing == at(days, "Cavern 5")
    assert days.sites.trap.trapped == set() and days.sites.trap.discovered == {"Dwarf"}
    script(days, 3)
    days.apply(NextDay())
    days.apply(day("Dwarf", "MOVE@Cavern 6", "HIDE"))  # 14.2/4: comes and goes without penalty
    script(days, 3)
    days.apply(NextDay())
    assert days.sites.trap.trapped == set()
    days.apply(MoveCharacter("Dwarf", at(days, "Cavern 5")))


def test_passing_through_the_trap_is_safe_and_acting_there_traps():
    days = realm("Dwarf@Cavern 5", "Amazon@Cavern 5")
    days.apply(day("Dwarf", "MOVE@Cavern 6", "MOVE@Cavern 5"))
    assert days.characters[0].clearing == at(days, "Cavern 5") and days.sites.trap.trapped == set()
    days.apply(day("Amazon", "MOVE@Cavern 6", "HIDE"))  # two phases: a cave day
    assert days.sites.trap.trapped == {"Amazon"}
    assert "Amazon: HIDE in the Trap's clearing: trapped (14.2/3)" in texts(days)


def test_the_sites_are_saved_and_hidden_from_the_characters_until_revealed():
    days = realm("Dwarf@Cavern 6")
    script(days, 3)
    days.apply(NextDay())
    days.apply(day("Dwarf", "HIDE"))
    again = RealmDays.from_dict(days.to_dict())
    assert again.to_dict() == days.to_dict()
    assert again.sites.trap.trapped == {"Dwarf"} and again.today["Dwarf"].activities == ["HIDE"]
    unseen = realm()
    assert "trap_clearing" not in unseen.observation("Amazon")["sites"]
    assert days.observation("Dwarf")["sites"]["trap_clearing"] == at(days, "Cavern 6")
    old = unseen.to_dict()
    old["format"] = "magic_realm.days/2"
    del old["sites"], old["today"]
    assert RealmDays.from_dict(old).sites.trap_clearing == at(days, "Cavern 6")


# -- the phases of the day (ruling MR42) --------------------------------------------------------------------


def test_four_phases_outside_caves_and_two_in_them_counted_over_the_whole_day():
    days = realm("Amazon@Borderland 1")
    days.apply(day("Amazon", "HIDE", "SEARCH", "REST"))
    before = days.to_dict()
    with pytest.raises(RuleError, match="4 phase"):
        days.apply(day("Amazon", "HIDE", "ALERT"))
    assert days.to_dict() == before
    days.apply(day("Amazon", "ALERT"))
    script(days, 3, 1)  # monster roll 3; the Bag revealed in Borderland 1
    days.apply(NextDay())  # the count starts again
    days.apply(MoveCharacter("Amazon", at(days, "Borderland 4")))  # a cave clearing
    with pytest.raises(RuleError, match="2 phase"):
        days.apply(day("Amazon", "HIDE", "SEARCH", "REST"))
    days.apply(day("Amazon", "HIDE", "REST", phases=3))  # the referee's count (horses, cards)


def test_a_day_reaching_a_cave_clearing_loses_its_sunlight_phases():
    days = realm("Amazon@Borderland 3")
    with pytest.raises(RuleError, match="2 phase"):
        days.apply(day("Amazon", "MOVE@Borderland 4", "HIDE", "REST"))  # Borderland 4 is a cave clearing
    days.apply(day("Amazon", "HIDE", "REST", "ALERT"))  # in daylight: four phases
    with pytest.raises(RuleError, match="2 phase"):
        days.apply(day("Amazon", "MOVE@Borderland 4"))  # four recorded already, and now a cave day
    assert days.characters[0].clearing == at(days, "Borderland 3")


def test_offroad_travel_takes_two_moves_of_the_day():
    days = realm("Amazon@Borderland 1")
    script(days, 4, 2, 1)  # "Random Clearing": the first of those offroad travel reaches
    days.apply(TravelOffroad("Amazon"))
    assert not days.characters[0].offroad
    days.apply(day("Amazon", "HIDE"))
    with pytest.raises(RuleError, match="4 phase"):
        days.apply(TravelOffroad("Amazon"))


def test_moves_go_by_road_and_a_mountain_clearing_takes_two_unless_fleet_foot():
    days = realm("Dwarf@Borderland 1")
    with pytest.raises(RuleError, match="no road joins"):
        days.apply(day("Dwarf", "MOVE@Borderland 3"))
    crag = days.board.clearing_of("Crag 4")
    assert crag.is_mountain
    with pytest.raises(RuleError, match="at most 2 MOVE"):
        days.apply(day("Dwarf", "MOVE@Crag 4", "MOVE@Borderland 1"))
    days.apply(day("Dwarf", "MOVE@Crag 4", "MOVE@Borderland 1", fleet_foot=True))
    assert days.today["Dwarf"].activities == ["MOVE", "MOVE"]


def test_the_cook_and_the_children_add_phases_for_their_activity_only():
    days = realm("Amazon@Borderland 1")
    amazon = days.characters[0]
    for name in ("Cook", "Children"):
        put(days, name, amazon.clearing)
    days.apply(Hire("Amazon", "Cook"))
    full = ("HIDE", "HIDE", "HIDE", "HIDE")
    with pytest.raises(RuleError):
        days.apply(day("Amazon", *full, "HIDE"))
    days.apply(day("Amazon", *full, "REST"))  # the Cook's REST
    script(days, 3, 1)
    days.apply(NextDay())
    days.apply(Hire("Amazon", "Children"))
    days.apply(day("Amazon", *full, "REST", "SEARCH", "SEARCH"))
    with pytest.raises(RuleError):
        days.apply(day("Amazon", "SEARCH"))


def test_the_jester_forbids_hide_search_and_rest_and_the_shadow_allows_magic_sight():
    days = realm("Amazon@Borderland 1")
    amazon = days.characters[0]
    with pytest.raises(RuleError, match="Shadow"):
        days.apply(day("Amazon", "MAGIC SIGHT"))
    put(days, "Shadow", amazon.clearing)
    days.apply(Hire("Amazon", "Shadow"))
    days.apply(day("Amazon", "MAGIC SIGHT"))
    assert days.today["Amazon"].activities == ["SEARCH"]
    amazon.followers.append("Jester")
    for act in ("HIDE", "SEARCH", "REST"):
        with pytest.raises(RuleError, match="Jester's presence"):
            days.apply(day("Amazon", act))
    days.apply(day("Amazon", "ALERT"))


def test_a_guilds_extra_phase_and_the_referees_named_extra_phase():
    days = realm("Amazon@Borderland 1")
    with pytest.raises(RuleError):
        days.apply(day("Amazon", "HIDE", "HIDE", "HIDE", "HIDE", "HIDE"))
    days.apply(day("Amazon", "HIDE", "HIDE", "HIDE", "HIDE", "HIDE", extra=("HIDE",)))  # Shejoh's Ring 5
    days.guilds.join("Amazon", "Fight Guild", deeds=["heavy kill without magic"])
    days.guilds.draw_quest("Amazon", "q")
    assert days.guilds.complete_quest("Amazon") == "Additional REST phase"
    script(days, 3, 1)
    days.apply(NextDay())
    with pytest.raises(RuleError):
        days.apply(day("Amazon", "ALERT", "ALERT", "ALERT", "ALERT", "HIDE"))
    days.apply(day("Amazon", "ALERT", "ALERT", "ALERT", "ALERT", "REST"))


# -- at the prompt ------------------------------------------------------------------------------------------


def test_the_referee_records_a_day_at_the_prompt_and_sees_the_trap(monkeypatch, capsys, tmp_path):
    import io

    from magecraft.cli.app import main
    from magecraft.core.saves import SaveStore

    args = ["magic-realm", "play", "--characters", "Dwarf@Cavern 5", "--seed", "8"]
    answers = "day Dwarf: MOVE@Cavern 6, HIDE, MOVE@Cavern 5\nday Dwarf: MOVE@Cavern 5\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main([*args, "--save", "d", "--db", str(tmp_path / "s.db")]) == 0
    out = capsys.readouterr().out
    assert "the Trap (face down) in Cavern 6: Dwarf trapped" in out
    assert "Dwarf: MOVE cancelled -- trapped (14.2/1)" in out
    assert "Dwarf is trapped: every activity but MOVE and FLY" in out  # the second day refused
    state = SaveStore(tmp_path / "s.db").load("d", "magic_realm").state
    assert state["sites"]["trap"]["trapped"] == ["Dwarf"]


def test_hidden_paths_are_walked_only_when_discovered_or_with_the_pathfinder():
    days = realm("Amazon@Dark Forest 1", "Captain@Dark Forest 1", seed=2)
    oak = at(days, "Oak Woods 4")
    assert oak in days.board.hidden_paths[at(days, "Dark Forest 1")]
    assert oak not in days.board.roads[at(days, "Dark Forest 1")]  # 1.2/3: no road on that side
    with pytest.raises(RuleError, match="has not discovered it and has no Pathfinder"):
        days.apply(day("Amazon", "MOVE@Oak Woods 4"))
    days.apply(day("Amazon", "SEARCH=Paths", "MOVE@Oak Woods 4", "MOVE@Dark Forest 1"))
    assert days.characters[0].known_paths == [(at(days, "Dark Forest 1"), oak)]
    put(days, "Pathfinder", at(days, "Dark Forest 1"))
    days.apply(Hire("Captain", "Pathfinder"))
    days.apply(day("Captain", "MOVE@Oak Woods 4"))
    assert days.characters[1].clearing == oak and days.characters[1].known_paths == []  # 7.10: nothing learned


def test_shejohs_ring_in_the_realm_its_hide_phase_its_dragon_and_its_death():
    from magecraft.magic_realm.actions import PutOnRing

    days = realm("Amazon@Borderland 1", "Captain@Borderland 1", "Elf@Borderland 1")
    script(days, 5, 2)  # the high die of 2d6: 5, an extra HIDE phase
    days.apply(PutOnRing("Amazon"))
    days.apply(day("Amazon", "HIDE", "HIDE", "HIDE", "HIDE", "HIDE"))
    with pytest.raises(RuleError, match="wears Shejoh's Ring"):
        days.apply(PutOnRing("Captain"))  # one ring, worn for good
    with pytest.raises(RuleError):
        days.apply(day("Captain", "HIDE", "HIDE", "HIDE", "HIDE", "HIDE"))
    again = RealmDays.from_dict(days.to_dict())
    assert again.ring == days.ring and again.ring is not None and again.ring["extra_phase"] == "HIDE"
    dragon = realm("Captain@Borderland 1")
    script(dragon, 1, 2)
    dragon.apply(PutOnRing("Captain"))
    assert dragon.characters[0].form == "a Tremendous land dragon"
    doomed = realm("Elf@Borderland 1")
    script(doomed, 1, 1)
    doomed.apply(PutOnRing("Elf", witch_king_in_play=True))
    assert not doomed.characters[0].alive and doomed.ring is not None and doomed.ring["wearer"] == "Elf"


def test_prayer_vision_and_rocks_glow_on_the_board():
    from magecraft.magic_realm.actions import CastSpell

    days = realm("Amazon@Borderland 4", "Elf@Dark Forest 1", seed=2)
    with pytest.raises(RuleError, match="2 phase"):
        days.apply(day("Amazon", "HIDE", "REST", "ALERT"))  # Borderland 4 is a cave clearing
    days.apply(CastSpell("Amazon", "Rocks Glow"))  # daylight phases here today
    days.apply(day("Amazon", "HIDE", "REST", "ALERT"))
    with pytest.raises(RuleError, match="targets a cave clearing"):
        days.apply(CastSpell("Elf", "Rocks Glow"))
    days.apply(CastSpell("Elf", "Prayer"))
    days.apply(day("Elf", "HIDE", "HIDE", "HIDE", "HIDE", "REST"))  # PRAYER's REST
    with pytest.raises(RuleError, match="already"):
        days.apply(CastSpell("Elf", "Prayer"))
    days.apply(CastSpell("Elf", "Vision"))
    forest = days.board.tile_clearings(days.board.tile_index("Dark Forest"))
    assert len(days.characters[1].known_paths) == sum(len(days.board.hidden_paths[c]) for c in forest) > 0
    script(days, 3, 1)  # monster roll 3; the Stump revealed in Dark Forest 1
    days.apply(NextDay())  # ROCKS GLOW lasts the day
    with pytest.raises(RuleError, match="2 phase"):
        days.apply(day("Amazon", "HIDE", "REST", "ALERT"))
    assert RealmDays.from_dict(days.to_dict()).characters[1].enchanted == ["Prayer"]


def test_the_day_command_counts_the_travellers_phases(capsys):
    from magecraft.cli.app import main

    base = ["magic-realm", "day", "Amazon", "--phases", "4", "--activities"]
    assert main([*base, "HIDE,HIDE,HIDE,HIDE,REST,SEARCH,SEARCH", "--serving", "Cook,Children"]) == 0
    assert "REST (extra REST), SEARCH (extra SEARCH), SEARCH (extra SEARCH)" in capsys.readouterr().out
    assert main([*base, "HIDE,HIDE,HIDE,HIDE,REST", "--serving", "Children"]) == 1  # the Children's are SEARCHes
    assert main([*base, "HIDE", "--followers", "Jester"]) == 1
    assert "no HIDE in the Jester's presence" in capsys.readouterr().err
    assert main([*base, "MAGIC SIGHT"]) == 1
    assert main([*base, "MAGIC SIGHT", "--serving", "Shadow", "--json"]) == 0
    assert '"SEARCH"' in capsys.readouterr().out


def test_simulate_reports_the_trap_and_the_minor_locations(capsys):
    from magecraft.cli.app import main

    args = ["magic-realm", "simulate", "--days", "3", "--seed", "8", "--characters",
            "Amazon@Borderland 1,Dwarf@Cavern 6"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Dwarf ends the turn in the Trap's clearing: trapped (14.2/1)" in out
    assert "The Trap in Cavern 6: Dwarf trapped" in out and "The Bag in Borderland" in out
    assert main([*args, "--json"]) == 0
    assert '"trapped": [\n      "Dwarf"\n    ]' in capsys.readouterr().out
