"""Issue 27: the living realm names its winners (ruling MR56): after the last day, the living characters with
the most gold; nobody when every character is dead."""

from __future__ import annotations

from realm_helpers import quiet_realm

from magecraft.games import registry
from magecraft.magic_realm.actions import CharacterKilled, GiveGold, NextDay
from magecraft.magic_realm.table_dice import RealmSettings


def test_after_the_last_day_the_living_richest_win_and_ties_share():
    days = quiet_realm("Amazon@Borderland 1", "Elf@Borderland 1", "Dwarf@Borderland 1", gold=10)
    days.settings = RealmSettings(last_day=2)
    days.apply(GiveGold("Elf", 5))
    days.apply(GiveGold("Dwarf", 5))
    days.apply(NextDay())
    assert not days.is_terminal() and days.result()["winners"] == []
    days.apply(NextDay())
    assert days.day == 2 and days.is_terminal()
    assert days.winners() == ("Elf", "Dwarf") and days.result()["winners"] == ["Elf", "Dwarf"]
    assert registry().get("magic-realm").winners(days) == ("Elf", "Dwarf")


def test_a_dead_character_does_not_win_and_nobody_wins_when_all_are_dead():
    days = quiet_realm("Amazon@Borderland 1", "Elf@Borderland 1", gold=10)
    days.settings = RealmSettings(last_day=1)
    days.apply(GiveGold("Elf", 50))
    days.apply(CharacterKilled("Elf"))
    days.apply(NextDay())
    assert days.winners() == ("Amazon",)
    days.apply(CharacterKilled("Amazon"))
    assert days.is_terminal() and days.winners() == ()


def test_no_last_day_is_the_old_reading_the_realm_runs_until_all_are_dead():
    days = quiet_realm(gold=10)
    days.settings = RealmSettings(last_day=0)
    for _ in range(30):
        days.apply(NextDay())
    assert not days.is_terminal() and days.winners() == ()
    assert RealmSettings().last_day == 28


def test_a_save_from_before_the_rulings_resumes_under_the_readings_it_was_played_under():
    """A save whose settings do not name MR55 and MR56 is resumed with every board spell castable and no last
    day: nothing a table played is changed by a later ruling."""
    days = quiet_realm(spells=())
    raw = days.to_dict()
    for ruling in ("spells_known", "last_day"):
        del raw["settings"][ruling]
    resumed = type(days).from_dict(raw)
    assert (resumed.settings.spells_known, resumed.settings.last_day) == (False, 0)
    fresh = type(days).from_dict(days.to_dict())
    assert (fresh.settings.spells_known, fresh.settings.last_day) == (True, 28)
