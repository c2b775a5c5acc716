"""Tactical rulings without a map (seed 000: Zone of Control, Ranged Attacks, Fleeing Combat, Spell
Ranges, Monsters Defense)."""

import json
from dataclasses import replace

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.character import CharacterRecord, example_character, save_character
from magecraft.mtg_rpg.settings import Settings
from magecraft.mtg_rpg.tactics import (
    assign_pack_blockers,
    check_attack_target,
    check_block_against,
    check_spell_reach,
    check_summon_placement,
    counts_as_flying,
    flee,
    move,
    pace_allowance,
)

POOL = builtin_pool()
#: The seed's examples are older cards than Ninth Edition.
LIGHTNING_BOLT = Card("Lightning Bolt", "{R}", 1, ("R",), "Instant", ("Instant",))
UTHDEN_TROLL = Card("Uthden Troll", "{2}{R}", 3, ("R",), "Creature — Troll", ("Creature",), ("Troll",),
                    power="2", toughness="2")


def test_the_seed_sorcerer_walks_four_sprints_eight_runs_sixteen() -> None:
    # "a sorcerer with a Strength of 1 and a Dexterity of 2 would have a walk score of 4"
    sorcerer = replace(example_character(), attributes={"ST": 1, "DX": 2, "CN": 2, "IQ": 2, "WS": 1, "CH": 2})
    assert [pace_allowance(sorcerer, p) for p in ("walk", "sprint", "run")] == [4, 8, 16]
    assert pace_allowance(sorcerer, "walk", armour=1) == 3
    with pytest.raises(InputError, match="pace"):
        pace_allowance(sorcerer, "crawl")


def test_movement_stops_on_coming_within_one_hex_of_an_opponent() -> None:
    assert move(6, allowance=8, contact_at=3).to_dict() == {"wanted": 6, "moved": 3, "stopped_by_zone": True}
    assert move(6, allowance=8, contact_at=3, mover="natural").moved == 3
    # contact beyond the path does not stop the move
    assert move(2, allowance=8, contact_at=3).to_dict() == {"wanted": 2, "moved": 2, "stopped_by_zone": False}


def test_summoned_creatures_are_not_held_by_the_zone_unless_the_table_says() -> None:
    assert move(6, allowance=8, contact_at=3, mover="summoned").moved == 6
    strict = Settings(summoned_zone_of_control=True)
    assert move(6, allowance=8, contact_at=3, mover="summoned", settings=strict).moved == 3


def test_a_move_beyond_the_pace_or_with_bad_facts_is_refused() -> None:
    with pytest.raises(RuleError, match="more than the 4"):
        move(5, allowance=4)
    with pytest.raises(InputError, match="hex 1"):
        move(3, allowance=4, contact_at=0)
    with pytest.raises(InputError, match="mover"):
        move(3, allowance=4, mover="ghost")


def test_out_of_reach_counts_as_flying_in_battle_but_not_in_a_duel() -> None:
    # "If an opponent is in a position where the Wizard cannot strike back ... considered to be flying"
    assert counts_as_flying(flying=False, can_be_struck_back=False, in_duel=False) is True
    assert counts_as_flying(flying=False, can_be_struck_back=True, in_duel=False) is False
    # "If a Wizard is in a duel, there is no such thing as a ranged attack"
    assert counts_as_flying(flying=False, can_be_struck_back=False, in_duel=True) is False
    assert counts_as_flying(flying=True, can_be_struck_back=True, in_duel=True) is True


def test_only_a_flyer_or_reach_blocks_an_attacker_that_counts_as_flying() -> None:
    check_block_against(True, blocker_flies=True)
    check_block_against(True, blocker_flies=False, blocker_reach=True)
    check_block_against(False, blocker_flies=False)
    with pytest.raises(RuleError, match="counts as flying") as refused:
        check_block_against(True, blocker_flies=False)
    assert refused.value.section == "COMBAT: Ranged Attacks"


def test_a_civilized_duel_can_be_left_at_any_time_as_a_forfeit() -> None:
    flight = flee(civilized_duel=True, adjacent_opponents=["Mord"])
    assert (flight.safe, flight.forfeits_duel, flight.free_attacks_from) == (True, True, ())


def test_fleeing_monsters_is_safe_only_with_a_means_of_escape() -> None:
    assert flee(civilized_duel=False, means="gaseous", adjacent_opponents=["troll"]).to_dict() == {
        "safe": True, "forfeits_duel": False, "free_attacks_from": [], "reason": "escapes safely (gaseous)"}
    unsafe = flee(civilized_duel=False, adjacent_opponents=["troll", "wolf"])
    assert (unsafe.safe, unsafe.free_attacks_from) == (False, ("troll", "wolf"))
    with pytest.raises(RuleError, match="no flight without a means of escape"):
        flee(civilized_duel=False, settings=Settings(unsafe_flight="refused"))
    with pytest.raises(InputError, match="means of escape"):
        flee(civilized_duel=False, means="teleport-ish")
    with pytest.raises(InputError, match="unsafe flight"):
        Settings(unsafe_flight="maybe")  # type: ignore[arg-type]


def test_the_seed_red_wizard_shoots_a_lightning_bolt_thirty_yards_in_sight_only() -> None:
    # "a Red Wizard with 3 dots in Strength could shoot a lightning bolt (3 dots x 10 yards) 30 yards"
    sarin, bolt = example_character(), LIGHTNING_BOLT
    assert check_spell_reach(sarin, bolt, distance_yards=30, line_of_sight=True) == 30
    with pytest.raises(RuleError, match="31 yards away: the range is 30"):
        check_spell_reach(sarin, bolt, distance_yards=31, line_of_sight=True)
    with pytest.raises(RuleError, match="line of sight"):
        check_spell_reach(sarin, bolt, distance_yards=5, line_of_sight=False)


def test_a_summoned_creature_out_of_sight_cannot_be_controlled() -> None:
    sarin, ornithopter = example_character(), POOL.get("Ornithopter")
    assert check_spell_reach(sarin, ornithopter, distance_yards=20, line_of_sight=True, purpose="control") == 20
    with pytest.raises(RuleError, match="cannot control Ornithopter out of line of sight"):
        check_spell_reach(sarin, ornithopter, distance_yards=10, line_of_sight=False, purpose="control")


def test_no_troll_in_a_tree() -> None:
    # "An Uthden Troll in a tree to strike at a flying bird is clever but not allowed."
    with pytest.raises(RuleError, match="Uthden Troll cannot fly"):
        check_summon_placement(UTHDEN_TROLL, would_count_as_flying=True)
    check_summon_placement(UTHDEN_TROLL, would_count_as_flying=False)
    check_summon_placement(POOL.get("Ornithopter"), would_count_as_flying=True)


def test_a_natural_pack_is_attacked_as_a_pack() -> None:
    with pytest.raises(RuleError, match="one of a natural pack") as refused:
        check_attack_target("wolf 2", ["wolf 1", "wolf 2", "alpha"])
    assert refused.value.section == "MONSTERS: Monsters Defense"
    check_attack_target("Mord", ["wolf 1", "wolf 2", "alpha"])


def test_the_pack_leader_chooses_who_meets_each_attacker() -> None:
    pack = ["wolf 1", "wolf 2", "alpha"]
    blocks = assign_pack_blockers(["Grizzly Bears", "Sarin"], pack, leader="alpha", chosen_by="alpha",
                                  blocks={"Sarin": "wolf 1", "Grizzly Bears": "wolf 1"})
    assert blocks == {"Grizzly Bears": "wolf 1", "Sarin": "wolf 1"}
    with pytest.raises(RuleError, match="alpha leads the pack"):
        assign_pack_blockers(["Sarin"], pack, leader="alpha", chosen_by="Sarin", blocks={"Sarin": "wolf 2"})
    with pytest.raises(RuleError, match="meet Grizzly Bears"):
        assign_pack_blockers(["Grizzly Bears", "Sarin"], pack, leader="alpha", chosen_by="alpha",
                             blocks={"Sarin": "wolf 2"})
    with pytest.raises(RuleError, match="tapped"):
        assign_pack_blockers(["Sarin"], pack, leader="alpha", chosen_by="alpha", blocks={"Sarin": "wolf 2"},
                             tapped=["wolf 2"])
    with pytest.raises(InputError, match="not one of the pack"):
        assign_pack_blockers(["Sarin"], pack, leader="alpha", chosen_by="alpha", blocks={"Sarin": "bear"})


# -- the referee's command ----------------------------------------------------------------------

def _save_sarin(db):
    save_character(SaveStore(db), CharacterRecord(example_character(), Randomness.seeded(1), {}))


def _json(capsys, *args):
    code = main(["mtg-rpg", "tactics", *args, "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)


def test_cli_move_uses_the_saved_wizards_pace(tmp_path, capsys) -> None:
    db = tmp_path / "s.sqlite3"
    _save_sarin(db)  # ST 3 + DX 0 + 1: walk 4, sprint 8
    assert _json(capsys, "move", "7", "--wizard", "Sarin", "--pace", "sprint", "--contact-at", "5",
                 "--db", str(db)) == {"wanted": 7, "moved": 5, "stopped_by_zone": True, "allowance": 8}
    assert main(["mtg-rpg", "tactics", "move", "5", "--wizard", "Sarin", "--db", str(db)]) != 0
    assert "more than the 4" in capsys.readouterr().err
    assert main(["mtg-rpg", "tactics", "move", "5", "--allowance", "6", "--wizard", "Sarin"]) == 2


def test_cli_flee_reach_and_pack(tmp_path, capsys) -> None:
    db = tmp_path / "s.sqlite3"
    _save_sarin(db)
    assert _json(capsys, "flee", "--monsters", "--adjacent", "troll")["free_attacks_from"] == ["troll"]
    assert _json(capsys, "reach", "Sarin", "Lava Axe", "30", "--db", str(db))["range"] == 30
    assert main(["mtg-rpg", "tactics", "reach", "Sarin", "Lava Axe", "10", "--hidden", "--db", str(db)]) != 0
    assert "line of sight" in capsys.readouterr().err
    assert _json(capsys, "pack", "--pack", "wolf 1, alpha", "--leader", "alpha", "--chosen-by", "alpha",
                 "--block", "Sarin=wolf 1") == {"blocks": {"Sarin": "wolf 1"}}
    assert main(["mtg-rpg", "tactics", "pack", "--pack", "wolf 1,alpha", "--leader", "alpha", "--chosen-by",
                 "alpha", "--block", "Sarin=wolf 1", "--target", "wolf 1"]) != 0
    assert "natural pack" in capsys.readouterr().err


def test_cli_ranged_and_summoning_aloft(tmp_path, capsys) -> None:
    db = tmp_path / "s.sqlite3"
    _save_sarin(db)
    assert _json(capsys, "ranged", "--out-of-reach", "--blocker-flies") == {"counts_as_flying": True,
                                                                          "block_allowed": True}
    assert _json(capsys, "ranged", "--out-of-reach", "--duel")["counts_as_flying"] is False
    assert main(["mtg-rpg", "tactics", "ranged", "--out-of-reach"]) == 1
    assert "only a flying creature can block" in capsys.readouterr().err
    assert main(["mtg-rpg", "tactics", "reach", "Sarin", "Hill Giant", "10", "--purpose", "summon", "--aloft",
                 "--db", str(db)]) == 1
    assert "Hill Giant cannot fly" in capsys.readouterr().err
    summoned = _json(capsys, "reach", "Sarin", "Hill Giant", "10", "--purpose", "summon", "--db", str(db))
    assert summoned["range"] == 30
    assert main(["mtg-rpg", "tactics", "reach", "Sarin", "Hill Giant", "10", "--aloft", "--db", str(db)]) == 2
