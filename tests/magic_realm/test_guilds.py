"""Magic Realm Expansion One: guilds (9), joining, quests one at a time, benefits in order, the unique chit."""

from __future__ import annotations

import pytest

from magecraft.core.errors import RuleError
from magecraft.magic_realm.guilds import GuildHall

FIGHT = {"heavy kill without magic"}
THIEF = {"stole a treasure"}


def veteran(hall, character, guild="Fight Guild", deeds=FIGHT, quests=3):
    hall.join(character, guild, deeds=deeds)
    for n in range(quests):
        hall.draw_quest(character, f"quest {n}")
        hall.complete_quest(character)


def test_joining_needs_the_guilds_requirement_and_changes_nothing_when_refused():
    hall = GuildHall()
    with pytest.raises(RuleError, match="Kill a HEAVY monster without the aid of magic spells"):
        hall.join("Amazon", "Fight Guild", deeds=THIEF)
    assert hall.members == {}
    hall.join("Amazon", "thief guild", deeds=THIEF)
    assert hall.membership("Amazon").guild == "Thief Guild"
    with pytest.raises(RuleError, match="already belongs"):
        hall.join("Amazon", "Thief Guild", deeds=THIEF)


def test_quests_are_drawn_one_at_a_time_and_benefits_come_in_order():
    hall = GuildHall()
    with pytest.raises(RuleError, match="belongs to no guild"):
        hall.draw_quest("Amazon", "q")
    hall.join("Amazon", "Fight Guild", deeds=FIGHT)
    with pytest.raises(RuleError, match="drawn no quest"):
        hall.complete_quest("Amazon")
    hall.draw_quest("Amazon", "Slay the Troll")
    with pytest.raises(RuleError, match="before drawing another"):
        hall.draw_quest("Amazon", "Find the Hoard")
    assert hall.membership("Amazon").quest == "Slay the Troll"
    assert hall.complete_quest("Amazon") == "Additional REST phase"
    hall.draw_quest("Amazon", "Find the Hoard")
    assert hall.complete_quest("Amazon") == "Sharpness stars unaffected by armor"
    assert hall.benefits("Amazon") == ("Additional REST phase", "Sharpness stars unaffected by armor")
    hall.draw_quest("Amazon", "third")
    assert hall.complete_quest("Amazon") == "FIGHT T1** chit"
    assert hall.chit_holders == {"Fight Guild": "Amazon"}
    with pytest.raises(RuleError, match="every Fight Guild benefit"):
        hall.draw_quest("Amazon", "fourth")


def test_joining_another_guild_cancels_benefits_and_rejoining_starts_over():
    hall = GuildHall()
    veteran(hall, "Amazon")
    hall.join("Amazon", "Thief Guild", deeds=THIEF)
    assert hall.benefits("Amazon") == ()
    assert hall.chit_holders == {}
    hall.join("Amazon", "Fight Guild", deeds=FIGHT)
    assert hall.membership("Amazon").earned == 0
    hall.draw_quest("Amazon", "again")
    assert hall.complete_quest("Amazon") == "Additional REST phase"


def test_the_unique_chit_is_held_by_one_character_until_death_or_a_change_of_guild():
    hall = GuildHall()
    veteran(hall, "Amazon")
    veteran(hall, "Captain")
    assert hall.benefits("Captain") == ("Additional REST phase", "Sharpness stars unaffected by armor")
    assert hall.waiting("Fight Guild") == ["Captain"]
    assert hall.arrive("Fight Guild", ["Captain"]) is None
    hall.join("Amazon", "Wiz Guild", deeds={"learned a spell"})
    assert hall.arrive("Fight Guild", ["Captain"]) == "Captain"
    assert hall.benefits("Captain")[-1] == "FIGHT T1** chit"


def test_several_eligible_characters_arriving_together_must_decide():
    hall = GuildHall()
    veteran(hall, "Amazon")
    veteran(hall, "Captain")
    veteran(hall, "Swordsman")
    hall.killed("Amazon")
    with pytest.raises(RuleError, match=r"9\.3/3b"):
        hall.arrive("Fight Guild", ["Captain", "Swordsman"])
    assert "Fight Guild" not in hall.chit_holders
    with pytest.raises(RuleError, match="not eligible"):
        hall.arrive("Fight Guild", ["Captain", "Swordsman"], chosen="Dwarf")
    assert hall.arrive("Fight Guild", ["Captain", "Swordsman"], chosen="Swordsman") == "Swordsman"


def test_an_assassin_does_not_inherit_the_victims_benefits_or_chit():
    hall = GuildHall()
    veteran(hall, "Amazon")
    veteran(hall, "Black Knight")
    hall.killed("Amazon", by="Black Knight")
    assert "Amazon" not in hall.members
    assert hall.arrive("Fight Guild", ["Black Knight"]) is None
    assert hall.benefits("Black Knight")[-1] == "Sharpness stars unaffected by armor"
    veteran(hall, "Captain")
    assert hall.chit_holders == {"Fight Guild": "Captain"}


def test_the_benefits_at_work_and_lost_on_joining_another_guild():
    hall = GuildHall()
    hall.join("Thief", "Thief Guild", deeds={"stole a treasure", "heavy kill without magic"})
    for quest in ("a", "b"):
        hall.draw_quest("Thief", quest)
        hall.complete_quest("Thief")
    effects = hall.effects("Thief")
    assert (effects.extra_phases, effects.loot_modifier, effects.cheat_modifier) == (("HIDE",), -1, -1)
    hall.draw_quest("Thief", "c")
    hall.complete_quest("Thief")
    assert hall.effects("Thief").chits == ("MOVE L1**",)
    hall.join("Thief", "Fight Guild", deeds={"heavy kill without magic"})
    assert hall.effects("Thief").extra_phases == () and hall.effects("Thief").loot_modifier == 0


def test_a_thief_guild_member_cheats_at_minus_1():
    from magecraft.core.randomness import Randomness
    from magecraft.magic_realm.trade import play_dice

    plain = play_dice(Randomness.scripted([3, 1, 6, 6]), at="INN", cheat=True)
    member = play_dice(Randomness.scripted([3, 1, 6, 6]), at="INN", cheat=True, thief_guild=True)
    assert plain.cheat == "Nothing" and member.cheat == "Success" and member.modifier == -1
    assert member.cheat_bonus_after == 0  # the guild's -1 is not the permanent one
