"""Combat Mechanics (seed 001): ranges, turn order, phases, actions and their refusals, on scripted dice.

The default hero (conftest): identity R,R,G, Human -- Power 3, Toughness 3, Life 5, Mastery 3,
Channelling 4, Speed 3, Focus 1, Memory 6 (3 held), Mana Pool R2 G1; Memory Shock, Grizzly Bears,
Volcanic Hammer; Library Giant Growth, Craw Wurm, Kird Ape.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from magecraft.core.errors import RuleError
from magecraft.planeswalker.actions import (
    Action,
    Allow,
    Cast,
    Channel,
    Command,
    Delay,
    Done,
    End,
    Engage,
    Flee,
    Forget,
    Intercept,
    Move,
    OrderMove,
    Pass,
    Release,
    Respond,
    TrampleEngage,
    TrampleMove,
)
from magecraft.planeswalker.bot import choose, ready_mage
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.settings import Settings


def frozen(battle: Battle) -> str:
    return json.dumps(battle.to_dict(), sort_keys=True)


def refused(battle: Battle, action: Action, rule: str) -> RuleError:
    before = frozen(battle)
    with pytest.raises(RuleError) as caught:
        battle.apply(action)
    assert caught.value.rule == rule, str(caught.value)
    assert frozen(battle) == before  # check before perform: nothing changed
    return caught.value


def until_you(battle: Battle) -> None:
    """Everyone else channels without drawing and ends the turn, until your Channelling phase."""
    while not (battle.current_player() == "you" and battle.phase == "channelling"):
        if battle.phase == "channelling":
            battle.apply(Channel())
        elif battle.phase in ("main", "commanding"):
            battle.apply(End() if battle.phase == "main" else Done())
        else:
            battle.apply(choose(battle))


# -- combatants, ranges, turn order --------------------------------------------------------------


def test_creatures_have_life_twice_their_toughness(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    bears = battle.fighters["c1"]
    assert (bears.power, bears.toughness, bears.life) == (2, 2, 4)


def test_each_pair_has_its_own_range(make_battle) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [1, 2], ranges={"c1": "close"})
    assert battle.range_between("you", "c1") == "close"
    assert battle.range_between("you", "c2") == "ranged"


def test_turn_order_by_speed_then_opposed_rolls_rolled_again_on_a_tie(make_battle) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [4, 4, 2, 5])
    assert battle.order == ["you", "c2", "c1"]  # Speed 3 first; 4-4 tie, then 2 against 5


def test_delaying_moves_the_turn_for_the_rest_of_the_battle(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    battle.apply(Delay(target="c1"))
    assert battle.order == ["c1", "you"] and battle.current_player() == "c1"
    battle.apply(End())
    assert battle.current_player() == "you" and battle.round == 1
    battle.apply(Channel())
    battle.apply(End())
    assert battle.current_player() == "c1" and battle.round == 2  # c1 now leads every round


# -- Channelling, Upkeep and End phases ------------------------------------------------------------


def test_entering_combat_with_at_most_channelling_mana(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "B", "A"), artifact_stats=("power",), artifact_mana="artifacts",
                     library=(), memorized=())
    battle = make_battle(dice=[6, 1], hero=hero)
    you = battle.fighters["you"]
    assert you.capacity == {"B": 2, "A": 2} and you.channelling == 3
    assert sum(you.mana.values()) == 3


def test_channelling_draws_the_next_library_spell(make_battle) -> None:
    battle = make_battle()
    battle.apply(Channel(draw=True))
    you = battle.fighters["you"]
    assert you.memory[-1] == "Giant Growth" and you.library[0] == "Craw Wurm"


def test_channelling_restores_up_to_channelling_less_two_in_close_combat(make_battle) -> None:
    battle = make_battle(ranges={"c1": "close"})
    you = battle.fighters["you"]
    you.mana.clear()
    battle.invalidate()
    assert [a.amount for a in battle.legal_actions() if a.kind == "channel" and not a.draw] == [0]
    battle.apply(Channel())
    assert you.mana == {"R": 2}  # Channelling 4 - 2 in close combat, identity order R, R, G
    far = make_battle()
    far.fighters["you"].mana.clear()
    far.invalidate()
    far.apply(Channel())
    assert far.fighters["you"].mana == {"R": 2, "G": 1}


def test_excess_colorless_mana_burns_at_the_end_phase(make_battle) -> None:
    battle = make_battle()
    battle.apply(Channel(amount=2))  # pool already full: two colorless beyond it
    you = battle.fighters["you"]
    assert you.mana["C"] == 2
    battle.apply(End())
    assert you.life == 3
    assert [e.data["damage"] for e in battle.log if e.kind == "mana burn"] == [2]


def test_spent_excess_does_not_burn(make_battle, to_main) -> None:
    battle = make_battle()
    battle.apply(Channel(amount=1))
    battle.apply(Cast(card="Shock", target="c1"))  # pays R, then the pool is R1 G1 C1: full - 0
    you = battle.fighters["you"]
    battle.apply(End())
    assert you.life == 5


def test_upkeep_keeps_effects_up_to_focus_and_refreshes_creatures(make_battle) -> None:
    battle = make_battle()
    battle.summon(battle.fighters["you"], "Grizzly Bears")
    battle.summon(battle.fighters["you"], "Kird Ape")
    assert battle.fighters["s1"].sick
    battle.invalidate()
    battle.apply(Channel())
    assert battle.phase == "upkeep"  # Focus 1, two pervasive effects
    assert not battle.fighters["s1"].sick
    refused(battle, End(), "Turn phases")
    battle.apply(Release(target="s2"))
    assert battle.phase == "main" and battle.fighters["s2"].out == "unsummoned"


def test_end_phase_forgets_down_to_half_memory(make_battle) -> None:
    battle = make_battle()
    battle.apply(Channel(draw=True))
    battle.apply(End())
    assert battle.phase == "forget" and battle.current_player() == "you"
    battle.apply(Forget(card="Giant Growth"))
    assert battle.fighters["you"].memory == ["Shock", "Grizzly Bears", "Volcanic Hammer"]
    assert battle.current_player() == "c1"


# -- Main phase: actions, Speed, moving, casting ---------------------------------------------------


def test_acting_beyond_speed_is_refused(make_battle, make_hero) -> None:
    slow = make_hero(identity=("G", "G", "B"), memorized=("Grizzly Bears",))
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=slow)  # both Speed 1: you win the roll
    assert battle.fighters["you"].speed == 1
    battle.apply(Channel())
    battle.apply(Move(target="c1"))
    error = refused(battle, Cast(card="Grizzly Bears"), "Main Phase")
    assert "all 1 actions" in str(error)
    assert End() in battle.legal_actions()


def test_moving_once_per_turn_and_not_engaging_after(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.apply(Move(target="c1"))
    assert battle.range_between("you", "c1") == "close"
    refused(battle, Move(target="c1"), "Moving")
    refused(battle, Engage(target="c1"), "Moving")


def test_engaging_from_ranged_combat_is_refused(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    error = refused(battle, Engage(target="c1"), "Ranged Combat")
    assert "move into close combat first" in str(error)


def test_casting_above_mastery_is_refused(make_battle, make_hero, to_main) -> None:
    hero = make_hero(memorized=("Shock", "Craw Wurm", "Grizzly Bears"))
    battle = make_battle(hero=hero)
    to_main(battle)
    error = refused(battle, Cast(card="Craw Wurm"), "Mastery")
    assert "converted mana cost 6, above Hero's Mastery 3" in str(error)


def test_non_instants_up_to_focus_minus_sustained_effects_instants_free(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.apply(Cast(card="Grizzly Bears"))
    you = battle.fighters["you"]
    assert you.creatures == ["s1"] and you.pervasive() == 1
    you.mana.update({"R": 3})
    battle.invalidate()
    error = refused(battle, Cast(card="Volcanic Hammer", target="c1"), "Casting")
    assert "Focus 1 minus 0 sustained effects) and has cast 1" in str(error)  # the bears count once
    battle.apply(Cast(card="Shock", target="c1"))  # an instant: no Focus limit
    assert battle.fighters["c1"].life == 2


def test_a_creature_cast_this_turn_counts_once_against_focus(make_battle, make_hero, to_main) -> None:
    # "cast a number of non-instant spells up to his Focus score minus his sustained pervasive effects":
    # Focus 2, nothing sustained -- two creatures, the first one not counted again as sustained (PW25).
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 1},
                     memorized=("Shock", "Grizzly Bears", "Kird Ape"))
    battle = make_battle(hero=hero)
    to_main(battle)
    battle.apply(Cast(card="Grizzly Bears"))
    assert Cast(card="Kird Ape") in battle.legal_actions()
    battle.apply(Cast(card="Kird Ape"))
    you = battle.fighters["you"]
    assert len(you.creatures) == 2 and you.pervasive() == 2
    restored = Battle.from_dict(json.loads(json.dumps(battle.to_dict())))
    assert restored.sustained == 0 and restored.casts == 2


def test_a_spell_the_pool_cannot_pay_is_refused(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.fighters["you"].mana.update({"R": 0, "G": 1})
    battle.invalidate()
    refused(battle, Cast(card="Shock", target="c1"), "Mana Pool")


def test_a_resolved_spell_goes_to_the_graveyard(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.apply(Cast(card="Volcanic Hammer", target="c1"))
    you = battle.fighters["you"]
    assert "Volcanic Hammer" not in you.memory and you.graveyard == ["Volcanic Hammer"]
    assert battle.fighters["c1"].life == 1


def test_summoned_creature_starts_at_its_summoners_ranges(make_battle, to_main) -> None:
    battle = make_battle(ranges={"c1": "close"})
    to_main(battle)
    battle.apply(Cast(card="Grizzly Bears"))
    assert battle.range_between("s1", "c1") == "close" and battle.fighters["s1"].life == 4


def test_player_characters_are_immune_to_destroy(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "B", "B"), increases={"speed": 4}, library=("Dark Banishing", "Shock"),
                     memorized=("Dark Banishing",))
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero)
    until_you(battle)
    battle.apply(Channel())
    error = refused(battle, Cast(card="Dark Banishing", target="mage"), "Casting")
    assert "immune to destroy effects" in str(error)


def test_spells_that_only_target_creatures_do_not_reach_ranged_combat(make_battle, make_hero, to_main) -> None:
    hero = make_hero(identity=("B", "B", "B"), increases={"speed": 1}, library=("Dark Banishing",),
                     memorized=("Dark Banishing",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    to_main(battle)
    error = refused(battle, Cast(card="Dark Banishing", target="c1"), "Ranged Combat")
    assert "only targets creatures" in str(error)
    battle.apply(Move(target="c1"))
    battle.apply(Cast(card="Dark Banishing", target="c1"))
    assert battle.fighters["c1"].out == "dead"


# -- Locked combat ---------------------------------------------------------------------------------


def test_locked_combat_attack_counter_attack_reduced_toughness_and_repelled(make_battle, to_main) -> None:
    battle = make_battle(ranges={"c1": "close"})
    to_main(battle)
    battle.rng.extend_script([2, 2, 1, 1, 1, 3, 3, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    bears, you = battle.fighters["c1"], battle.fighters["you"]
    assert bears.life == 1 and bears.toughness == 0  # 5 against 2: 3 damage; Toughness 2 - Power 3
    assert you.life == 2 and you.toughness == 1  # counter-attack 6 against 3; Toughness 3 - Power 2
    # "Engaged combat ... only lasts for the phase before returning to close combat" (ruling PW9)
    assert battle.range_between("you", "c1") == "close" and you.tapped  # repelled: knocked off guard
    strikes = [(e.data["striker"], e.data["attack"], e.data["defence"]) for e in battle.log if e.kind == "strike"]
    assert strikes == [("you", 5, 2), ("c1", 6, 3)]
    battle.apply(End())
    assert (you.toughness, bears.toughness) == (3, 2)  # reductions end with the turn


def test_toughness_reduction_setting(make_battle, to_main) -> None:
    battle = make_battle(ranges={"c1": "close"}, settings=Settings(toughness_reduction="none"))
    to_main(battle)
    battle.rng.extend_script([2, 2, 1, 1, 1, 3, 3, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    assert battle.fighters["c1"].toughness == 2


def test_a_repelled_attacker_is_forced_back_to_ranged_by_the_setting(make_battle, to_main) -> None:
    battle = make_battle(ranges={"c1": "close"}, settings=Settings(repel_to="ranged"))
    to_main(battle)
    battle.rng.extend_script([2, 2, 1, 1, 1, 3, 3, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    assert battle.range_between("you", "c1") == "ranged"


def test_vigilance_is_not_repelled(make_battle, make_hero, to_main) -> None:
    battle = make_battle(ranges={"c1": "close"}, hero=make_hero(keywords=("Vigilance",)),
                         settings=Settings(repel_to="ranged"))
    to_main(battle)
    battle.rng.extend_script([2, 2, 1, 1, 1, 3, 3, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    assert battle.range_between("you", "c1") == "close" and not battle.fighters["you"].tapped


def test_a_first_strike_defender_strikes_before_the_attacker(make_battle, to_main) -> None:
    battle = make_battle(["Nekrataal"], ranges={"c1": "close"})
    to_main(battle)
    battle.rng.extend_script([6, 6, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    assert battle.fighters["you"].out == "lost" and battle.fighters["c1"].life == 2
    assert battle.is_terminal() and battle.result()["winner"] == "foes"


def test_double_strike_strikes_twice(make_battle, make_hero, to_main) -> None:
    hero = dataclasses.replace(make_hero(), keywords=("Double strike",), awarded=3)
    battle = make_battle(["Giant Spider"], ranges={"c1": "close"}, hero=hero)
    to_main(battle)
    battle.rng.extend_script([1, 1, 1, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6])
    battle.apply(Engage(target="c1"))
    assert [e.data["striker"] for e in battle.log if e.kind == "strike"] == ["you", "c1", "you"]


def test_trample_follows_a_kill_with_a_move_or_engagement(make_battle, make_hero, to_main) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [1, 2], hero=make_hero(keywords=("Trample",)),
                         ranges={"c1": "close", "c2": "close"})
    to_main(battle)
    battle.rng.extend_script([6, 6, 6, 1, 1])
    battle.apply(Engage(target="c1"))
    assert battle.fighters["c1"].out == "dead" and battle.phase == "trample"
    assert set(battle.legal_actions()) == {TrampleEngage(target="c2"),
                                           TrampleMove(target="c2"), Pass()}
    battle.rng.extend_script([1, 1, 1, 1])
    battle.apply(TrampleEngage(target="c2"))
    assert battle.fighters["c2"].out == "dead" and battle.result()["winner"] == "party"


def test_regenerate_restores_life_once(make_battle, to_main) -> None:
    battle = make_battle(["Drudge Skeletons"], ranges={"c1": "close"})
    to_main(battle)
    battle.rng.extend_script([6, 6, 6, 1, 1, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    skeletons = battle.fighters["c1"]
    assert skeletons.active and skeletons.life == 2 and skeletons.regenerations == 0
    assert [e.kind for e in battle.log if e.kind == "regenerate"] == ["regenerate"]


def test_a_controlled_creature_may_intercept(make_battle, make_hero) -> None:
    hero = make_hero(increases={"speed": 2, "power": 2})
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero, ranges={"mage": "close"},
                         dice=[])
    battle.summon(battle.fighters["mage"], "Raging Goblin")
    battle.invalidate()
    until_you(battle)
    battle.apply(Channel())
    battle.apply(Engage(target="mage"))
    assert battle.phase == "intercept" and battle.current_player() == "mage"
    assert battle.legal_actions() == [Intercept(target="s1"), Allow()]
    battle.rng.extend_script([6, 6, 6, 1])
    battle.apply(Intercept(target="s1"))
    assert battle.fighters["s1"].out == "dead" and battle.fighters["mage"].life == 7


# -- commanding --------------------------------------------------------------------------------------


def test_summoning_sickness_then_command_first(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.apply(Cast(card="Grizzly Bears"))
    assert Command() not in battle.legal_actions()  # summoned this turn
    battle.apply(End())
    battle.apply(End())  # the bears (c1) wait
    battle.apply(Channel())
    assert Command() in battle.legal_actions()
    battle.apply(Command())
    assert battle.phase == "commanding" and battle.actions_left == 2
    battle.apply(OrderMove(target="c1", creature="s1"))
    assert battle.range_between("s1", "c1") == "close" and battle.phase == "main"
    refused(battle, Command(), "Commanding")


def test_commands_come_before_other_actions(make_battle, to_main) -> None:
    battle = make_battle()
    battle.summon(battle.fighters["you"], "Grizzly Bears")
    battle.fighters["you"].focus = 2
    battle.invalidate()
    to_main(battle)
    battle.apply(Move(target="c1"))
    refused(battle, Command(), "Commanding")


def test_haste_creature_is_commanded_the_turn_it_is_summoned(make_battle, make_hero, to_main) -> None:
    battle = make_battle(hero=make_hero(memorized=("Raging Goblin",), library=("Raging Goblin",)))
    to_main(battle)
    battle.apply(Cast(card="Raging Goblin"))
    assert not battle.fighters["s1"].sick and Command() in battle.legal_actions()


# -- responses ---------------------------------------------------------------------------------------


def _hammer_at_the_mage(make_battle, make_hero) -> Battle:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=make_hero())
    until_you(battle)
    battle.apply(Channel())
    battle.apply(Cast(card="Volcanic Hammer", target="mage"))
    assert battle.phase == "response" and battle.current_player() == "mage"
    return battle


def test_a_response_needs_an_opposed_speed_roll_at_least_the_actors(make_battle, make_hero) -> None:
    battle = _hammer_at_the_mage(make_battle, make_hero)
    mage = battle.fighters["mage"]
    mana = dict(mage.mana)
    battle.rng.extend_script([1, 1, 1, 1, 2, 2, 2])  # mage Speed 4: 4 against your Speed 3: 6
    battle.apply(Respond(card="Shock", target="you"))
    assert mage.mana == mana and "Shock" in mage.memory  # too slow: nothing spent
    assert battle.fighters["you"].life == 5 and mage.life == 4  # the Hammer resolved: 7 - 3


def test_a_winning_or_tied_response_resolves_first(make_battle, make_hero) -> None:
    battle = _hammer_at_the_mage(make_battle, make_hero)
    battle.rng.extend_script([1, 1, 2, 2, 2, 2, 2])  # 6 against 6: a tie answers
    battle.apply(Respond(card="Shock", target="you"))
    assert battle.fighters["you"].life == 3 and battle.fighters["mage"].life == 4
    assert "Shock" in battle.fighters["mage"].graveyard


def test_a_counter_response_counters_the_spell(make_battle, make_hero, to_main) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Counterspell Adept"))
    until_you(battle)
    battle.apply(Channel())
    battle.apply(Cast(card="Grizzly Bears"))
    assert battle.current_player() == "mage"
    assert Respond(card="Remove Soul") in battle.legal_actions()
    battle.rng.extend_script([6, 6, 1, 1, 1])
    battle.apply(Respond(card="Remove Soul"))
    you = battle.fighters["you"]
    assert you.creatures == [] and "Grizzly Bears" in you.graveyard and "s1" not in battle.fighters


# -- fleeing and losing ------------------------------------------------------------------------------


def test_fleeing_must_be_first_and_from_ranged_combat(make_battle, to_main) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [1, 2], ranges={"c1": "close"})
    to_main(battle)
    refused(battle, Flee(), "Fleeing")
    battle.apply(Move(target="c1"))
    error = refused(battle, Flee(), "Fleeing")
    assert "first action" in str(error)


def test_fleeing_escapes_at_the_next_turn_when_unharmed(make_battle, make_hero, to_main) -> None:
    slow = make_hero(identity=("G", "G", "B"), memorized=("Grizzly Bears",))
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=slow)
    to_main(battle)
    battle.apply(Flee())  # Speed 1 against 1: no immediate escape roll
    assert battle.fighters["you"].fleeing and battle.current_player() == "c1"
    battle.apply(End())
    assert battle.fighters["you"].out == "escaped" and battle.result()["reason"] == "you escaped"


def test_a_fleeing_character_engaged_before_the_next_turn_does_not_escape(make_battle, make_hero,
                                                                          to_main) -> None:
    slow = make_hero(identity=("G", "G", "B"), memorized=("Grizzly Bears",))
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=slow)
    to_main(battle)
    battle.apply(Flee())
    battle.ranges[("c1", "you")] = "close"
    battle.invalidate()
    battle.rng.extend_script([1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    battle.apply(Engage(target="you"))
    assert battle.fighters["you"].flee_engaged
    battle.apply(End())
    assert battle.fighters["you"].out is None and battle.phase == "channelling"


def test_two_more_speed_than_everyone_escapes_at_once_on_an_opposed_roll(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.rng.extend_script([2, 2, 2, 6])  # Speed 3 against 1: 6 against 6
    battle.apply(Flee())
    assert battle.fighters["you"].out == "escaped" and battle.is_terminal()


def test_fleeing_ends_pervasive_effects(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.summon(battle.fighters["you"], "Grizzly Bears")
    battle.invalidate()
    battle.rng.extend_script([1, 1, 1, 6])
    battle.apply(Flee())
    assert battle.fighters["s1"].out == "unsummoned" and battle.fighters["you"].creatures == []


def test_a_mage_who_loses_stops_focusing_and_forgets_everything(make_battle, to_main) -> None:
    battle = make_battle(ranges={"c1": "close"})
    to_main(battle)
    battle.apply(Cast(card="Grizzly Bears"))
    battle.rng.extend_script([1, 1, 1, 1, 1, 6, 6, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    you = battle.fighters["you"]
    assert you.out == "lost" and you.memory == [] and battle.fighters["s1"].out == "unsummoned"
    assert battle.result()["winner"] == "foes"


# -- state -------------------------------------------------------------------------------------------


def test_round_trip_mid_battle_and_hidden_information(make_battle, make_hero) -> None:
    battle = _hammer_at_the_mage(make_battle, make_hero)
    copy = Battle.from_dict(json.loads(json.dumps(battle.to_dict())))
    assert copy.to_dict() == battle.to_dict()
    assert copy.legal_actions() == battle.legal_actions()
    seen = battle.observation("you")
    mage = next(f for f in seen["fighters"] if f["id"] == "mage")
    assert mage["memory"] == len(battle.fighters["mage"].memory) and "rng" not in seen
    mine = next(f for f in seen["fighters"] if f["id"] == "you")
    assert mine["memory"] == battle.fighters["you"].memory


def test_engaging_once_per_turn(make_battle, make_hero, to_main) -> None:
    battle = make_battle(hero=make_hero(keywords=("Vigilance",)), ranges={"c1": "close"})
    to_main(battle)
    battle.rng.extend_script([1, 1, 1, 6, 6, 1, 1, 6, 6, 6])
    battle.apply(Engage(target="c1"))
    assert battle.range_between("you", "c1") == "close" and battle.actions_left == 2
    refused(battle, Engage(target="c1"), "Engaging")


@pytest.mark.parametrize(("damage", "escaped"), [(4, True), (5, False)])
def test_five_damage_stops_an_escape(make_battle, make_hero, to_main, damage: int, escaped: bool) -> None:
    from magecraft.planeswalker.locked import lose_life

    slow = make_hero(identity=("G", "G", "B"), increases={"life": 4}, memorized=("Grizzly Bears",))
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=slow)
    to_main(battle)
    battle.apply(Flee())
    lose_life(battle.fighters["you"], damage, battle.rng)
    battle.apply(End())
    assert (battle.fighters["you"].out == "escaped") == escaped


def test_sustained_effects_use_up_focus_in_later_turns(make_battle, to_main) -> None:
    battle = make_battle()
    to_main(battle)
    battle.apply(Cast(card="Grizzly Bears"))
    battle.apply(End())
    battle.apply(End())  # the bears (c1)
    to_main(battle)
    error = refused(battle, Cast(card="Volcanic Hammer", target="c1"), "Casting")
    assert "has cast 0" in str(error)


def test_a_damaged_saved_battle_is_refused(make_battle) -> None:
    from magecraft.core.errors import DataError

    raw = make_battle().to_dict()
    broken = json.loads(json.dumps(raw))
    del broken["fighters"][0]["life"]
    with pytest.raises(DataError, match="missing 'life'"):
        Battle.from_dict(broken)
    broken = json.loads(json.dumps(raw))
    broken["phase"] = "teatime"
    with pytest.raises(DataError, match="malformed"):
        Battle.from_dict(broken)


def test_an_odd_memory_keeps_half_rounded_up(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "memory": 1})  # Memory 7: keeps 4
    battle = make_battle(hero=hero)
    assert battle.fighters["you"].memory_score == 7
    battle.apply(Channel(draw=True))
    assert len(battle.fighters["you"].memory) == 4
    battle.apply(End())
    assert battle.phase != "forget" and battle.current_player() == "c1"
