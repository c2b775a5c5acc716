"""The command line of sections 10, 11, 13 and 14 (magecraft/cli/magic_realm_combat.py)."""

from __future__ import annotations

import json

from magecraft.cli.app import main


def run_json(capsys, *args: str) -> dict:
    assert main(["magic-realm", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_combat_checks_a_two_weapon_round(capsys):
    out = run_json(
        capsys,
        "combat",
        "--character",
        "Dwarf",
        "--attack",
        "Axe/FIGHT H5*/Giant",
        "--attack",
        "Mace/FIGHT M4*/Ogre",
    )
    assert [(a["weapon"], a["primary"], a["harm"]) for a in out["attacks"]] == [
        ("Axe", True, "H"),
        ("Mace", False, "M"),
    ]
    assert (
        main(
            [
                "magic-realm",
                "combat",
                "--character",
                "Elf",
                "--attack",
                "Axe/FIGHT H5*/X",
                "--attack",
                "Dagger/FIGHT L2/X",
            ]
        )
        == 1
    )
    assert "not lighter" in capsys.readouterr().err
    assert main(["magic-realm", "combat", "--character", "Dwarf", "--attack", "Axe"]) == 2
    assert "WEAPON/CHIT" in capsys.readouterr().err
    assert main(["magic-realm", "combat", "--character", "Druid", "--attack", "Axe/FIGHT H5*/X"]) == 2
    assert "Thief/Assassin" in capsys.readouterr().err


def test_parry_ambush_strike_and_monster(capsys):
    out = run_json(capsys, "parry", "--with", "Broadsword/FIGHT M3*", "--attack-speed", "4", "--harm", "H")
    assert out == {"parried": True, "harm": "H", "weapon_destroyed": True, "wound": True}
    out = run_json(capsys, "ambush", "--character", "Amazon", "--throw", "Spear/FIGHT M4*/Goblin")
    assert out["throws"][0]["length"] == 12 and out["thrown"] == ["Spear"]
    assert (
        main(
            [
                "magic-realm",
                "ambush",
                "--character",
                "Amazon",
                "--throw",
                "Dagger/FIGHT L2/G",
                "--throw",
                "Dagger/FIGHT L2/G",
            ]
        )
        == 1
    )
    capsys.readouterr()
    out = run_json(capsys, "strike", "Minotaur", "--harm", "H", "--stars", "2", "--buckler")
    assert (out["buckler_destroyed"], out["killed"]) == (True, False)
    out = run_json(capsys, "strike", "Harpy", "--harm", "H", "--stars", "1")
    assert (out["killed"], out["fame"]) == (True, 9)
    assert main(["magic-realm", "strike", "Harpy", "--harm", "H", "--buckler"]) == 2
    capsys.readouterr()
    assert run_json(capsys, "monster", "triceratops")["notoriety"] == 4


def test_day_trap_and_treasures(capsys):
    out = run_json(capsys, "day", "Dwarf", "--activities", "GATE,MOVE,MOVE,HIDE", "--phases", "2")
    assert out["basic_phases"] == 4
    assert main(["magic-realm", "day", "Dwarf", "--activities", "MOVE,MOVE,MOVE"]) == 1
    assert "at most 2 MOVE" in capsys.readouterr().err
    assert (
        main(
            [
                "magic-realm",
                "day",
                "Thief/Assassin",
                "--activities",
                "HIDE",
                "--phases",
                "4",
                "--spells",
                "Ice Storm",
            ]
        )
        == 1
    )
    capsys.readouterr()
    out = run_json(capsys, "trap", "--who", "Dwarf", "--day", "MOVE@trap,SEARCH,MOVE")
    assert (out["trapped"], out["in_trap_clearing"]) == (True, True)
    out = run_json(capsys, "trap", "--who", "Dwarf", "--trapped", "--day", "SEARCH=Choice,MOVE")
    assert (out["trapped"], out["in_trap_clearing"], out["discovered"]) == (False, False, True)
    out = run_json(capsys, "ring", "--dice", "1,1", "--witch-king-in-play")
    assert out["dies"] is True
    out = run_json(capsys, "drink", "--drinks", "2", "--dice", "3,1,5,5", "--fatigued", "MOVE M4*")
    assert [d["effect"] for d in out["drinks"]] == ["rest", "wound"] and out["chits"][0]["state"] == "active"
    out = run_json(
        capsys,
        "minor-treasure",
        "Box",
        "--tile",
        "Oak Woods",
        "--contents",
        "Gold",
        "--locate",
        "Discover Chits",
        "--dice",
        "5",
    )
    assert (out["clearing"], out["collected_by"]) == (5, "Character")


def test_the_same_seed_places_a_minor_location_in_the_same_clearing(capsys):
    first = run_json(capsys, "minor-treasure", "Bag", "--tile", "Oak Woods", "--contents", "Gold", "--seed", "11")
    second = run_json(capsys, "minor-treasure", "Bag", "--tile", "Oak Woods", "--contents", "Gold", "--seed", "11")
    assert first == second and 1 <= first["clearing"] <= 6
