"""Seed 002 sections 11 and 14: two weapons, parries, thrown-weapon ambushes, the new monsters and the buckler."""

from __future__ import annotations

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.magic_realm.characters import ActionChit, character
from magecraft.magic_realm.combat import (
    Ambush,
    Attack,
    CombatSettings,
    Guard,
    Minotaur,
    Weapon,
    alerted_after,
    armour,
    parry,
    play_round,
    strike_monster,
    weapon,
)
from magecraft.magic_realm.data import monsters


def chit(text: str) -> ActionChit:
    return ActionChit.parse(text)


def pair(first: str, second: str, who: str = "Dwarf", **kw):
    return play_round(
        character(who),
        [Attack(weapon(first), chit("FIGHT H5*"), "Giant"), Attack(weapon(second), chit("FIGHT M4*"), "Ogre")],
        **kw,
    )


def test_two_weapons_must_each_be_lighter_than_the_vulnerability():
    # 11.1's example: the Dwarf (Heavy) may use two Medium weapons, or a Light and a Medium ...
    assert [s.weapon.name for s in pair("Axe", "Mace").swings] == ["Axe", "Mace"]
    assert pair("Axe", "Dagger").two_weapons
    # ... but not a Heavy one, which is not lighter than Heavy.
    with pytest.raises(RuleError, match="Morning Star"):
        pair("Morning Star", "Dagger")
    # The Amazon (Medium) may pair two Light weapons but not a Medium one.
    assert pair("Dagger", "Short Sword", who="Amazon").two_weapons
    with pytest.raises(RuleError, match="not lighter than the Amazon's vulnerability"):
        pair("Axe", "Dagger", who="Amazon")
    # One weapon alone is not limited by 11.1.
    one = play_round(character("Amazon"), [Attack(weapon("Morning Star"), chit("FIGHT H5*"), "Giant")])
    assert not one.two_weapons and one.swings[0].harm == "H"


def test_the_vulnerability_can_be_given_by_the_referee():
    with pytest.raises(RuleError):
        pair("Axe", "Mace", vulnerability="M")
    assert pair("Morning Star", "Axe", vulnerability="T").two_weapons


def test_no_missile_weapon_spear_or_shield_with_two_weapons():
    with pytest.raises(RuleError, match="spear"):
        pair("Spear", "Dagger")
    with pytest.raises(RuleError, match="missile"):
        pair("Light Bow", "Dagger")
    with pytest.raises(RuleError, match=r"11\.1/2 no shield"):
        pair("Axe", "Mace", shield=armour("Shield"))
    # A shield is fine with one weapon.
    one = play_round(
        character("Dwarf"), [Attack(weapon("Axe"), chit("FIGHT M4*"), "Giant")], shield=armour("Shield")
    )
    assert one.shield is not None
    # A weapon described by the referee is checked by its flags.
    with pytest.raises(RuleError, match="both hands"):
        play_round(
            character("Dwarf"),
            [
                Attack(Weapon.parse("Pike:L:12:two_handed"), chit("FIGHT L3*"), "Wolf"),
                Attack(weapon("Dagger"), chit("FIGHT L2"), "Wolf"),
            ],
        )


def test_the_primary_weapon_is_the_heavier_and_only_it_is_alerted_and_strengthened():
    play = pair("Dagger", "Axe", alert=True)
    primary = next(s for s in play.swings if s.primary)
    secondary = next(s for s in play.swings if not s.primary)
    assert primary.weapon.name == "Axe" and primary.alerted
    assert secondary.weapon.name == "Dagger" and not secondary.alerted
    # The Dagger's FIGHT H5* is stronger than the Dagger, but only the primary gains the bonus:
    # the Axe with FIGHT M4* gains none (not stronger), the Dagger stays L.
    assert (primary.harm, secondary.harm) == ("M", "L")
    chosen = pair("Dagger", "Axe", primary="Dagger", alert=True)
    by_name = {s.weapon.name: s for s in chosen.swings}
    assert by_name["Dagger"].primary and by_name["Dagger"].alerted and by_name["Dagger"].harm == "M"
    assert not by_name["Axe"].alerted and by_name["Axe"].harm == "M"
    # After a miss only the primary turns alerted; the secondary never.
    assert alerted_after(by_name["Axe"], missed=True) is False
    assert alerted_after(by_name["Dagger"], missed=True) is True


def test_a_fight_chit_for_each_weapon_within_the_asterisk_limit():
    with pytest.raises(RuleError, match="3 effort asterisks"):
        play_round(
            character("Dwarf"),
            [
                Attack(weapon("Axe"), chit("FIGHT H5**"), "Giant"),
                Attack(weapon("Mace"), chit("FIGHT M4*"), "Giant"),
            ],
        )
    with pytest.raises(RuleError, match="not a FIGHT chit"):
        play_round(character("Dwarf"), [Attack(weapon("Axe"), chit("MOVE M4*"), "Giant")])
    with pytest.raises(RuleError, match="3 effort asterisks"):
        pair("Axe", "Mace", maneuver=chit("DUCK T3*"))
    # The limit is a setting.
    roomy = CombatSettings(asterisk_limit=3)
    assert pair("Axe", "Mace", maneuver=chit("DUCK T3*"), settings=roomy).maneuver is not None


def test_each_weapon_names_its_target_and_may_share_one():
    same = play_round(
        character("Dwarf"),
        [Attack(weapon("Axe"), chit("FIGHT M4*"), "Giant"), Attack(weapon("Mace"), chit("FIGHT M3*"), "Giant")],
    )
    assert [s.target for s in same.swings] == ["Giant", "Giant"]
    with pytest.raises(RuleError, match="target"):
        play_round(
            character("Dwarf"),
            [Attack(weapon("Axe"), chit("FIGHT M4*"), "Giant"), Attack(weapon("Mace"), chit("FIGHT M3*"))],
        )


def test_three_weapons_or_one_weapon_twice_are_refused():
    with pytest.raises(RuleError, match="at most two"):
        play_round(
            character("Dwarf"),
            [Attack(weapon(w), chit("FIGHT L2"), "Wolf") for w in ("Axe", "Mace", "Dagger")],
        )
    with pytest.raises(RuleError, match="once a round"):
        play_round(
            character("Dwarf"),
            [Attack(weapon("Axe"), chit("FIGHT L2"), "Wolf")],
            [Guard(weapon("Axe"), chit("FIGHT L3"))],
        )


def test_thrown_weapons_ambush_from_hiding_at_length_12_once_each():
    ambush = Ambush(character("Amazon"))
    shot = ambush.throw(Attack(weapon("Dagger"), chit("FIGHT M4*"), "Goblin"))
    assert (shot.length, shot.thrown, shot.harm) == (12, True, "M")
    assert weapon("Dagger").length == 0
    assert ambush.throw(Attack(weapon("Spear"), chit("FIGHT M4*"), "Goblin")).length == 12
    with pytest.raises(RuleError, match="one shot"):
        ambush.throw(Attack(weapon("Dagger"), chit("FIGHT M4*"), "Goblin"))
    assert ambush.thrown == ["Dagger", "Spear"]
    with pytest.raises(RuleError, match="not thrown"):
        ambush.throw(Attack(weapon("Broadsword"), chit("FIGHT M4*"), "Goblin"))
    with pytest.raises(RuleError, match="not hidden"):
        Ambush(character("Amazon"), hidden=False).throw(Attack(weapon("Axe"), chit("FIGHT M4*"), "Goblin"))
    assert ambush.thrown == ["Dagger", "Spear"]


def test_a_parry_needs_an_undercut_and_the_weapon_is_destroyed_only_by_greater_harm():
    guard = Guard(weapon("Broadsword"), chit("FIGHT M3*"))
    # A tie does not undercut: the attack is not parried and passes with its stars.
    missed = parry(guard, attack_speed=3, harm="M", stars=1)
    assert (missed.parried, missed.harm, missed.weapon_destroyed, missed.wound) == (False, "H", False, False)
    # Faster than the attack: parried; one star off (like a shield), M is not more than the M weapon,
    # and Medium harm still wounds.
    held = parry(guard, attack_speed=4, harm="M", stars=1)
    assert (held.parried, held.harm, held.weapon_destroyed, held.wound) == (True, "M", False, True)
    # Heavy harm exceeds the Broadsword: destroyed (never merely damaged).
    broken = parry(guard, attack_speed=4, harm="H")
    assert (broken.parried, broken.weapon_destroyed, broken.wound) == (True, True, True)
    # Light harm neither breaks it nor wounds.
    light = parry(guard, attack_speed=5, harm="L", stars=1)
    assert (light.parried, light.harm, light.weapon_destroyed, light.wound) == (True, "L", False, False)
    # The weapon's own time, when it has one, is what must undercut.
    assert not parry(Guard(weapon("Broadsword"), chit("FIGHT M3*"), weapon_speed=5), 4, "M").parried


def test_parrying_with_two_weapons_follows_the_two_weapon_rules():
    dwarf = character("Dwarf")
    both = play_round(
        dwarf, [], [Guard(weapon("Axe"), chit("FIGHT M4*")), Guard(weapon("Mace"), chit("FIGHT M3*"))]
    )
    assert both.two_weapons and len(both.guards) == 2
    with pytest.raises(RuleError, match="no shield"):
        play_round(
            dwarf,
            [Attack(weapon("Axe"), chit("FIGHT M4*"), "Giant")],
            [Guard(weapon("Mace"), chit("FIGHT M3*"))],
            shield=armour("Shield"),
        )
    with pytest.raises(RuleError, match="lighter"):
        play_round(
            character("Elf"),
            [],
            [Guard(weapon("Dagger"), chit("FIGHT L2*")), Guard(weapon("Short Sword"), chit("FIGHT L3"))],
        )


def test_the_new_monsters_table_14_4():
    table = {m.name: (m.vulnerability, m.fame, m.notoriety, m.armored) for m in monsters().values()}
    assert len(table) == 20
    assert table["Minotaur"] == ("T", 12, 12, False)
    assert table["Basilisk"] == ("T", 10, 10, True)
    assert table["Triceratops"] == ("H", 2, 4, True)
    assert table["Shade"] == ("H", 0, 4, False)
    assert table["Skeletal Swordsman"] == ("M", 0, 3, True)
    assert table["Rate Dude"] == ("M", 1, 1, False)


def test_a_hit_kills_at_the_monsters_vulnerability_and_armour_takes_a_star():
    # The Harpy (T, unarmoured): H with one star reaches T.
    harpy = strike_monster("Harpy", "H", 1)
    assert (harpy.killed, harpy.fame, harpy.notoriety) == (True, 9, 9)
    assert not strike_monster("Harpy", "H").killed
    # The Basilisk (T, armoured) loses that star: H* stays H.
    assert not strike_monster("Basilisk", "H", 1).killed
    assert strike_monster("Basilisk", "H", 2).killed
    # A miss earns nothing.
    assert (strike_monster("Swamp Thing", "M").fame, strike_monster("Swamp Thing", "H").fame) == (0, 6)
    with pytest.raises(InputError, match="no monster"):
        strike_monster("Gargoyle", "T")


def test_the_minotaurs_buckler_takes_hits_and_is_destroyed_by_tremendous_harm():
    minotaur = Minotaur()
    assert minotaur.buckler_attack(0) == ("H", 4, 0)
    assert minotaur.buckler_attack(1) == ("L", 2, 0)
    # A T hit on the buckler never harms the Minotaur; H** loses a star: H* = T, destroyed.
    held = minotaur.strike("H", 1, on_buckler=True)
    assert (held.killed, held.buckler_destroyed, held.harm) == (False, False, "H")
    assert minotaur.buckler
    broken = minotaur.strike("H", 2, on_buckler=True)
    assert (broken.killed, broken.buckler_destroyed, broken.harm, broken.fame) == (False, True, "T", 0)
    assert not minotaur.buckler
    with pytest.raises(RuleError, match="destroyed"):
        minotaur.buckler_attack()
    with pytest.raises(RuleError, match="destroyed"):
        minotaur.strike("T", on_buckler=True)
    # The Minotaur itself is unarmoured: T kills for 12 fame and 12 notoriety.
    dead = minotaur.strike("H", 1)
    assert (dead.killed, dead.fame, dead.notoriety) == (True, 12, 12)
    # 14.1/2 regenerated only back on the treasure setup card.
    minotaur.return_to_setup_card()
    assert minotaur.buckler_attack() == ("H", 4, 0)


def test_weapon_parsing_refuses_nonsense():
    with pytest.raises(InputError, match="not a weapon"):
        Weapon.parse("Pike:L")
    with pytest.raises(InputError, match="harm letter"):
        Weapon.parse("Pike:Q:4")
    with pytest.raises(InputError, match="no weapon"):
        Weapon.parse("Lightsaber")
