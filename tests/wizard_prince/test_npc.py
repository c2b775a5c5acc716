"""NPC nobles: generation, the 1d6 action table, their SNOOP, and the end of the banquet
("Optional Rules: NPC Nobles")."""

from __future__ import annotations

import pytest
from wp_helpers import Arrange, path, refused

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.actions import Interfere, Mingle, Pass, Snoop
from magecraft.wizard_prince.bots import HeuristicBot, NpcNobleBot
from magecraft.wizard_prince.nobles import generate_npc_noble, political_statistic

EMPEROR = ("emperor", "white", "a4")
NPC = {"Nan": {"npc": True}}


def test_an_npc_noble_is_rolled_up_as_the_seed_says():
    abilities = [3, 3, 3, 5, 5, 5, 4, 4, 4, 2, 2, 2, 1, 1, 1, 6, 6, 2]   # STR 9 INT 15 WIS 12 DEX 6 CON 3 CHA 14
    rest = [6, 2, 3, 4, 3, 2, 4, 4, 1] + [2] * 8                        # Chaos, level 8, 3 items, S 7 W 2 L 8 F 1
    rng = Randomness.scripted(abilities + rest)
    noble = generate_npc_noble("NPC 1", rng)
    assert noble.npc and noble.character_class == "magic_user" and noble.alignment == "Chaos"
    dice = {e.label: e.data["dice"] for e in rng.log.of_kind("roll")}
    assert (dice["NPC 1's level"], dice["NPC 1's magic items"]) == ("1d6", "1d3")    # 1d6+6 and 1d3
    assert (noble.level, noble.magic_items) == (8, 3)
    assert (noble.status, noble.wealth, noble.legions, noble.fleets) == (7, 2, 8, 1)
    assert noble.hit_points == 16                                        # 8d4, each 2
    assert noble.save_targets == {"death_poison": 11, "petrify_paralyze": 11, "spell": 12}


def test_npc_class_ties_go_to_the_class_named_first():
    abilities = [5, 5, 5, 1, 1, 1, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1]   # STR 15 and WIS 15
    noble = generate_npc_noble("NPC 1", Randomness.scripted(abilities + [1, 1, 1, 1, 1, 1, 1] + [1] * 7))
    assert noble.character_class == "fighter"


def test_a_political_statistic_of_4_rolls_again_and_adds_4():
    assert political_statistic(Randomness.scripted([3]), "Status") == 3
    assert political_statistic(Randomness.scripted([4, 4]), "Status") == 8


def test_the_npc_rolls_his_action_and_must_take_it(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Nan": "e4"},
                      [EMPEROR, ("courtier", "white", "e6", "butler"), ("courtier", "black", "c3", "usurper")],
                      dice=[5, 6, 1], sheets=NPC)
    banquet.apply(Pass())
    assert banquet.current_player() == "Nan" and banquet.npc_action == "snoop"
    refused(banquet, Mingle(path("e5")), "NPC Noble Actions")
    refused(banquet, Pass(), "NPC Noble Actions")
    # the closest courtier is e6 (two steps; c3 is three)
    assert banquet.legal_actions() == [Snoop("courtier-1")]
    refused(banquet, Snoop("courtier-2"), "NPC Noble Actions")
    banquet.apply(Snoop("courtier-1"))
    # what an NPC snoops is exposed to every player
    assert banquet.visible_chit("Ann", "courtier-1") == "butler"


def test_an_npc_snoops_the_tied_courtier_farthest_from_other_characters(arrange: Arrange):
    banquet = arrange({"Ann": "c5", "Nan": "e4"},
                      [EMPEROR, ("courtier", "white", "c4", "butler"), ("courtier", "black", "e6", "usurper")],
                      dice=[6], sheets=NPC)
    banquet.apply(Pass())
    assert banquet.legal_actions() == [Snoop("courtier-2")]


@pytest.mark.parametrize(("roll", "action"), [(1, "interfere"), (2, "interfere"), (3, "mingle"), (4, "mingle"),
                                            (5, "snoop"), (6, "snoop")])
def test_each_npc_action_roll_is_the_seeds(arrange: Arrange, roll: int, action: str):
    # "Roll 1d6: 1-2=INTERFERENCE, 3-4=MINGLE, 5-6=SNOOP" with all three open to him
    banquet = arrange({"Ann": "h1", "Nan": "e4"}, [EMPEROR, ("courtier", "white", "c6", "butler")],
                      dice=[roll], sheets=NPC)
    banquet.apply(Pass())
    assert banquet.npc_action == action
    assert {type(a).__name__.lower() for a in banquet.legal_actions()} == {action}


def test_an_action_the_npc_cannot_take_is_rolled_again(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Nan": ""},
                      [EMPEROR] + [("praetorian", "white", g) for g in ("h3", "h4", "h5", "h6")],
                      dice=[3, 5, 1], sheets=NPC)
    banquet.apply(Pass())
    assert banquet.npc_action == "interfere"
    assert [e.data["value"] for e in banquet.log.of_kind("roll")] == [3, 5, 1]


def test_a_rolled_action_is_judged_even_when_another_is_open_to_him(arrange: Arrange):
    # SNOOP is open (a courtier stands at c6) but MINGLE is not (he waits off the board and a Praetorian
    # stands on every gate): the 3 (MINGLE) is rolled again, the 5 (SNOOP) stands
    banquet = arrange({"Ann": "h1", "Nan": ""},
                      [EMPEROR, ("courtier", "white", "c6", "butler")]
                      + [("praetorian", "white", g) for g in ("h3", "h4", "h5", "h6")],
                      dice=[3, 5], sheets=NPC)
    banquet.apply(Pass())
    assert banquet.npc_action == "snoop"
    assert [e.data["value"] for e in banquet.log.of_kind("roll")] == [3, 5]


def test_the_npc_bot_thwarts_player_nobles(arrange: Arrange):
    banquet = arrange({"Ann": "d5", "Nan": "h8"}, [EMPEROR, ("praetorian", "white", "d3")], dice=[1], sheets=NPC)
    banquet.nobles["Ann"].held = ["chit-x"]
    banquet.apply(Pass())
    assert NpcNobleBot().choose(banquet, "Nan") == Interfere("praetorian-1", path("d4", "d5"))


def test_the_banquet_ends_when_every_player_noble_has_left(arrange: Arrange):
    banquet = arrange({"Ann": "c4", "Nan": "h8"}, [("emperor", "white", "c5")], sheets=NPC)
    banquet.apply(Mingle(path("c5")))
    assert banquet.is_terminal() and banquet.nobles["Nan"].where == "board"
    assert banquet.banquet_result().ended_by == "every player noble has left the banquet"
    assert banquet.banquet_result().outcome("Nan").fate == "stayed to the end"


def test_an_npc_off_the_board_snoops_the_courtier_closest_to_a_gate(arrange: Arrange):
    # 1d6 = 6: SNOOP.  g6 is one step from gate h6; f3 is two from h3, the first gate; c4 is four from h4
    banquet = arrange({"Ann": "h1", "Nan": ""},
                      [EMPEROR, ("courtier", "white", "c4", "butler"), ("courtier", "white", "f3", "butler"),
                       ("courtier", "black", "g6", "usurper")],
                      dice=[6], sheets=NPC)
    banquet.apply(Pass())
    assert banquet.legal_actions() == [Snoop("courtier-3")]


def test_the_npc_bot_spares_other_npc_nobles(arrange: Arrange):
    """"He will always seek to thwart or harm player character nobles, rather than NPCs" (NPC Noble Actions):
    the Praetorian can reach Ned (an NPC with two courtiers) or Ann (a player with one); a heuristic player
    would strip Ned, the NPC noble strips Ann."""
    banquet = arrange({"Ann": "f3", "Nan": "h8", "Ned": "d5"}, [EMPEROR, ("praetorian", "white", "d3")],
                      dice=[1], sheets={"Nan": {"npc": True}, "Ned": {"npc": True}})
    banquet.nobles["Ann"].held = ["chit-x"]
    banquet.nobles["Ned"].held = ["chit-y", "chit-z"]
    banquet.apply(Pass())
    assert banquet.npc_action == "interfere"
    assert HeuristicBot().choose(banquet, "Nan") == Interfere("praetorian-1", path("d4", "d5"))
    assert NpcNobleBot().choose(banquet, "Nan") == Interfere("praetorian-1", path("e3", "f3"))


def test_a_statistic_save_is_1d20_at_or_under_the_statistic():
    import pytest

    from magecraft.core.errors import DataError
    from magecraft.wizard_prince.nobles import Noble, statistic_save

    noble = Noble("Orlu", abilities={"charisma": 12, "wisdom": 9})
    rng = Randomness.scripted([12, 13, 1, 10])
    results = [statistic_save(noble, stat, rng) for stat in ("charisma", "charisma", "wisdom", "wisdom")]
    assert results == [True, False, True, False]
    assert [e.data["saved"] for e in rng.log.of_kind("save")] == [True, False, True, False]
    with pytest.raises(DataError, match="gives no strength"):
        statistic_save(noble, "strength", rng)
    with pytest.raises(DataError, match="'luck' is not a statistic"):
        statistic_save(noble, "luck", rng)
