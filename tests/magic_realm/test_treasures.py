"""Seed 002 section 10 (minor treasure locations, Shejoh's Ring, the Fountain) and 14.2 (the Trap)."""

from __future__ import annotations

import pytest

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.characters import character, plan_day
from magecraft.magic_realm.spells import Character
from magecraft.magic_realm.treasures import MinorTreasureLocation, ShejohsRing, Trap, drink, minor_locations


def test_the_five_minor_treasure_locations():
    assert sorted(minor_locations()) == ["Bag", "Box", "Pouch", "Runestone", "Stump"]
    assert minor_locations()["Runestone"] == "spell"


def test_a_minor_location_is_placed_in_a_random_clearing_once_and_stays_face_up():
    box = MinorTreasureLocation.new("Box", "Oak Woods", "Gloves of Strength")
    # Oak Woods has six clearings: a scripted 4 picks clearing 4 (choice draws index 3).
    rng = Randomness.scripted([4])
    assert box.reveal(rng) == 4
    # Revealed again: it stays where it is, no roll (the script is spent, so a roll would fail).
    assert box.reveal(rng) == 4


def test_discover_chits_or_choice_discovers_and_collects_at_once():
    box = MinorTreasureLocation.new("Box", "Oak Woods", "Gloves of Strength")
    with pytest.raises(RuleError, match="not revealed"):
        box.discover("Amazon", "Discover Chits")
    box.reveal(Randomness.scripted([2]))
    assert "not discovered" in box.discover("Amazon", "Passages")
    assert box.collected_by is None
    assert "collects Gloves of Strength" in box.discover("Amazon", "Discover Chits")
    assert box.collected_by == "Amazon"
    # Choice works as well; the treasure is gone.
    assert "empty" in box.discover("Dwarf", "Choice")
    assert box.collected_by == "Amazon" and box.discovered_by == ["Amazon", "Dwarf"]


def test_the_runestone_awakens_its_spell_which_must_be_read():
    stone = MinorTreasureLocation.new("runestone", "Oak Woods", "Fire Trap")
    stone.reveal(Randomness.scripted([1]))
    with pytest.raises(RuleError, match="not discovered"):
        stone.read_runes("Wizard", learned=True)
    stone.discover("Wizard", "Choice")
    assert stone.awakened and stone.learned_by == [] and stone.collected_by is None
    stone.read_runes("Wizard", learned=False)
    assert stone.learned_by == []
    stone.read_runes("Wizard", learned=True)
    assert stone.learned_by == ["Wizard"]
    box = MinorTreasureLocation.new("Pouch", "Oak Woods", "Gold")
    box.reveal(Randomness.scripted([1]))
    box.discover("Wizard", "Choice")
    with pytest.raises(RuleError, match="treasure, not a spell"):
        box.read_runes("Wizard", learned=True)
    with pytest.raises(InputError):
        MinorTreasureLocation.new("Chest", "Oak Woods", "Gold")


def test_shejohs_ring_is_the_high_die_and_permanent():
    ring = ShejohsRing()
    effect = ring.put_on(Randomness.scripted([5, 2]), "Amazon")
    assert (effect.roll.total, effect.extra_phase) == (5, "HIDE")
    # The extra HIDE phase is usable in the day's plan.
    plan = plan_day(character("Amazon"), ["MOVE", "MOVE", "HIDE"], phases=2, extra_phases=[effect.extra_phase])
    assert plan.uses[-1] == "extra HIDE"
    with pytest.raises(RuleError, match="cannot be removed"):
        ring.take_off("Amazon")
    with pytest.raises(RuleError, match="rest of the game"):
        ring.put_on(Randomness.scripted([1, 1]), "Dwarf")
    assert ring.wearer == "Amazon"


def test_the_ring_makes_the_witch_king_or_kills_when_he_is_in_play():
    first = ShejohsRing().put_on(Randomness.scripted([1, 1]), "Amazon")
    assert (first.becomes, first.dies) == ("the Witch-King", False)
    second = ShejohsRing().put_on(Randomness.scripted([1, 1]), "Dwarf", witch_king_in_play=True)
    assert (second.becomes, second.dies) == (None, True)
    curse = ShejohsRing().put_on(Randomness.scripted([4, 2]), "Elf")
    assert (curse.effect, curse.reroll_spell) == ("reroll", "Curse")


def test_the_fountain_rolls_once_per_drink_and_rests_or_wounds():
    tired = Character.parse("Amazon", fatigued=["FIGHT H5**", "MOVE M4*", "MOVE M3*"], active=["DUCK T3*"])
    drinks, after = drink(Randomness.scripted([3, 1, 5, 2, 6, 6]), 3, tired, wound="DUCK T3*")
    assert [d.roll for d in drinks] == [3, 5, 6]
    assert [d.effect for d in drinks] == ["rest", "wound", "none"]
    assert drinks[0].rested == 4
    assert after is not None
    states = {c.name: c.state for c in after.chits}
    assert states == {"FIGHT H5**": "active", "MOVE M4*": "active", "MOVE M3*": "active", "DUCK T3*": "wounded"}
    # Rest all asterisks rests everything there is.
    worn = Character.parse("Dwarf", wounded=["FIGHT H6**"], fatigued=["MOVE H5**", "MOVE H4**"])
    _, rested = drink(Randomness.scripted([1, 2]), 1, worn)
    assert rested is not None and [c.state for c in rested.chits] == ["active", "active", "fatigued"]
    with pytest.raises(InputError):
        drink(Randomness.scripted([1]), 0)
    with pytest.raises(InputError, match="no chit"):
        drink(Randomness.scripted([5]), 1, worn, wound="FIGHT L1")
    with pytest.raises(InputError, match="chits"):
        drink(Randomness.scripted([5]), 1, None, wound="FIGHT L1")


def test_the_trap_is_passed_through_safely_unless_acting_there():
    trap = Trap()
    safe = trap.run_day("Amazon", ["MOVE@trap", "MOVE", "HIDE"])
    assert (safe.trapped, safe.here) == (False, False)
    caught = trap.run_day("Dwarf", ["MOVE@trap", "SEARCH", "MOVE"])
    assert caught.trapped and caught.here
    assert caught.lines[-1].startswith("MOVE: cancelled")
    assert trap.trapped == {"Dwarf"}


def test_ending_the_turn_in_the_traps_clearing_traps():
    trap = Trap()
    day = trap.run_day("Captain's hired leader", ["MOVE", "MOVE@trap"])
    assert day.trapped and "ends the turn" in day.lines[-1]


def test_a_trapped_character_records_no_move_until_discover_chits_or_choice():
    trap = Trap(here={"Dwarf"}, trapped={"Dwarf"})
    with pytest.raises(RuleError, match=r"14\.2/2"):
        trap.run_day("Dwarf", ["MOVE", "HIDE"])
    assert trap.trapped == {"Dwarf"} and trap.here == {"Dwarf"}
    # Looting needs no discovery; everything but moving is allowed.
    looted = trap.run_day("Dwarf", ["SEARCH=Loot", "REST", "HIDE", "TRADE"])
    assert looted.trapped and any("no discovery" in line for line in looted.lines)
    # A failed Locate leaves the moves cancelled; Discover Chits frees him for good.
    stuck = trap.run_day("Dwarf", ["SEARCH=Passages", "MOVE"])
    assert stuck.trapped and stuck.lines[-1].startswith("MOVE: cancelled")
    free = trap.run_day("Dwarf", ["SEARCH=Discover Chits", "MOVE"])
    assert (free.trapped, free.here, free.discovered) == (False, False, True)
    again = trap.run_day("Dwarf", ["MOVE@trap", "HIDE"])
    assert not again.trapped
    chose = Trap(here={"Elf"}, trapped={"Elf"}).run_day("Elf", ["SEARCH=Choice", "MOVE"])
    assert not chose.trapped


def test_the_trap_blueprint_lets_its_holder_leave_at_any_time():
    trap = Trap(here={"Elf"}, trapped={"Elf"})
    trap.give_blueprint("Elf")
    day = trap.run_day("Elf", ["HIDE", "MOVE"])
    assert (day.trapped, day.here) == (False, False)


def test_bad_trap_steps_are_refused():
    trap = Trap(here={"Elf"})
    with pytest.raises(InputError, match="already"):
        trap.run_day("Elf", ["MOVE@trap"])
    with pytest.raises(InputError, match="only a SEARCH"):
        trap.run_day("Elf", ["HIDE=Choice"])
    assert trap.here == {"Elf"} and not trap.trapped


def test_the_trap_round_trips_and_a_bad_record_is_refused():
    trap = Trap()
    trap.run_day("Dwarf", ["MOVE@trap", "HIDE"])
    trap.run_day("Elf", ["MOVE@trap", "SEARCH=Choice"])
    again = Trap.from_dict(trap.to_dict())
    assert again == trap and again.trapped == {"Dwarf"} and again.discovered == {"Elf"}
    with pytest.raises(DataError):
        Trap.from_dict({"here": [], "trapped": ["Dwarf"], "discovered": [], "blueprints": []})
    with pytest.raises(DataError):
        Trap.from_dict({"here": "Dwarf"})
