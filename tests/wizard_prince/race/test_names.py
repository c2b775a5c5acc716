"""The names the race gives NPC charioteers and a barred noble's stand-in, which the command line reads back
(issue 23: no rule in the CLI)."""

from __future__ import annotations

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.race.chariots import Entrant
from magecraft.wizard_prince.race.game_type import RaceOptions, new_race, npc_name
from magecraft.wizard_prince.race.race import Race, stand_in


def test_npc_charioteers_are_named_as_npc_name_says():
    race = new_race(Randomness.seeded(5), RaceOptions(drivers=("Ann:heavy",), npc=2))
    assert set(race.chariots) == {"Ann", npc_name(1), npc_name(2)} == {"Ann", "NPC 1", "NPC 2"}


def test_a_barred_nobles_chariot_is_driven_by_his_stand_in():
    ann = Noble("Ann", level=4, abilities={"strength": 9, "dexterity": 9, "constitution": 9}, wealth=3)
    race = Race.new([Entrant("Ann", "heavy", ann), Entrant("Bob", "light")], Randomness.scripted([10] + [1] * 40))
    assert race.barred == ["Ann"] and stand_in("Ann") in race.chariots and stand_in("Ann") == "Ann's charioteer"
