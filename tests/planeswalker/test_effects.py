"""Spell effects and creatures' activated abilities from data/card_effects.toml (seed 001, "Combat Mechanics"
5 "Commanding" and "Casting", 7; rulings PW35-PW36), with scripted dice."""

from __future__ import annotations

import re

import pytest

from magecraft.core.errors import DataError
from magecraft.planeswalker.actions import (
    Action,
    Cast,
    Channel,
    Command,
    End,
    Engage,
    OrderAbility,
    Pass,
    UseAbility,
)
from magecraft.planeswalker.bot import ready_mage
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.effects import abilities, covered, parse
from magecraft.planeswalker.settings import Settings
from tests.planeswalker.test_combat import refused, until_you


def ready(battle: Battle, name: str, owner: str = "you") -> str:
    """A creature summoned for ``owner`` earlier (no Summoning Sickness): its id."""
    battle.summon(battle.fighters[owner], name)
    cid = battle.fighters[owner].creatures[-1]
    battle.fighters[cid].sick = False
    battle.invalidate()
    return cid


def main_phase(battle: Battle, **mana: int) -> None:
    battle.apply(Channel())
    if mana:
        battle.fighters["you"].mana.update(mana)
        battle.invalidate()


# -- spells ----------------------------------------------------------------------------------------


def test_giant_growth_adds_dice_until_end_of_turn_not_life(make_battle, make_hero) -> None:
    hero = make_hero(library=("Giant Growth", "Shock"), memorized=("Giant Growth",))  # Power 3, Toughness 3
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})
    main_phase(battle)
    battle.apply(Cast(card="Giant Growth", target="you"))  # a character is affected like a creature
    you = battle.fighters["you"]
    assert (you.power, you.toughness, you.life) == (6, 6, 5)
    battle.rng.extend_script([1] * 6 + [1, 1])  # six attack dice (6) against two (2): 4 damage kills the bears
    battle.apply(Engage(target="c1"))
    assert battle.is_terminal() and battle.fighters["c1"].out == "dead"


def test_a_pump_ends_at_the_end_phase(make_battle, make_hero) -> None:
    hero = make_hero(library=("Giant Growth", "Shock"), memorized=("Giant Growth",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    main_phase(battle)
    battle.apply(Cast(card="Giant Growth", target="you"))
    battle.apply(End())
    assert (battle.fighters["you"].power, battle.fighters["you"].toughness) == (3, 3)


def test_a_pump_is_aimed_at_ones_own_side(make_battle, make_hero) -> None:
    hero = make_hero(library=("Giant Growth", "Shock"), memorized=("Giant Growth",))
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})
    main_phase(battle)
    error = refused(battle, Cast(card="Giant Growth", target="c1"), "Casting")
    assert "one of your own side" in str(error)


def test_warriors_honor_pumps_the_casters_creatures(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "G"), increases={"focus": 2}, library=("Warrior's Honor",),
                     memorized=("Warrior's Honor",))
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=hero)  # Speed 1 each: Hero first
    mine = ready(battle, "Grizzly Bears")
    main_phase(battle, W=2, C=1)
    battle.apply(Cast(card="Warrior's Honor"))
    assert (battle.fighters[mine].power, battle.fighters[mine].toughness) == (3, 3)
    assert (battle.fighters["c1"].power, battle.fighters["you"].power) == (2, 1)  # not foes, not the caster


def test_vengeance_destroys_only_a_tapped_creature_and_engaging_taps(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), increases={"mastery": 1}, library=("Vengeance",),
                     memorized=("Vengeance",))
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"},
                         settings=Settings(repel_to="close"))
    main_phase(battle, W=2, C=2)
    error = refused(battle, Cast(card="Vengeance", target="c1"), "Casting")
    assert "only a tapped creature" in str(error)
    battle.apply(End())
    # the bears engage: 1+1 against 6+6+6, no damage; Kiora's counter-attack 1+1+1 against 6+6
    battle.rng.extend_script([1, 1, 6, 6, 6, 1, 1, 1, 6, 6])
    battle.apply(Engage(target="you"))
    assert battle.fighters["c1"].tapped  # as attacking taps in Magic (PW36)
    battle.apply(End())
    main_phase(battle, W=2, C=2)
    battle.apply(Cast(card="Vengeance", target="c1"))
    assert battle.fighters["c1"].out == "dead"


def test_a_vigilant_attacker_does_not_tap(make_battle) -> None:
    battle = make_battle(["Veteran Cavalier"], ranges={"c1": "close"}, settings=Settings(repel_to="close"))
    main_phase(battle)
    battle.apply(End())
    battle.rng.extend_script([1, 1, 6, 6, 6, 1, 1, 1, 6, 6])
    battle.apply(Engage(target="you"))
    assert not battle.fighters["c1"].tapped


def test_a_tapped_creature_cannot_intercept_or_engage(make_battle, make_hero) -> None:
    hero = make_hero(increases={"speed": 2, "power": 2})
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero, ranges={"mage": "close"})
    piker = ready(battle, "Goblin Piker", owner="mage")
    battle.fighters[piker].tapped = True
    battle.invalidate()
    until_you(battle)
    battle.fighters[piker].tapped = True  # the mage's Upkeep refreshed it; tapped again (as by Master Decoy)
    battle.invalidate()
    battle.apply(Channel())
    battle.rng.extend_script([1] * 20)
    battle.apply(Engage(target="mage"))
    assert battle.phase != "intercept"


def test_boomerang_returns_a_creature_but_not_a_character(make_battle, make_hero) -> None:
    hero = make_hero(identity=("U", "U", "R"), library=("Boomerang",), memorized=("Boomerang",))
    battle = make_battle(["Craw Wurm"], hero=hero, enemy_mage=ready_mage("Goblin Pyromancer"),
                         ranges={"c1": "close", "mage": "close"})
    until_you(battle)
    main_phase(battle, U=2)
    error = refused(battle, Cast(card="Boomerang", target="mage"), "Casting")
    assert "immune to exile effects" in str(error)
    battle.apply(Cast(card="Boomerang", target="c1"))
    battle.apply(Pass())  # the mage does not answer
    assert battle.fighters["c1"].out == "unsummoned"


def test_sweepers_wrath_pyroclasm_needle_storm_and_evacuation(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), increases={"mastery": 1, "focus": 3},
                     library=("Wrath of God", "Pyroclasm", "Needle Storm", "Evacuation"),
                     memorized=("Wrath of God", "Pyroclasm", "Needle Storm"))
    battle = make_battle(["Drudge Skeletons", "Suntail Hawk", "Craw Wurm"], [3, 2, 1], hero=hero)
    mine = ready(battle, "Grizzly Bears")
    main_phase(battle, R=1, C=1)
    battle.apply(Cast(card="Pyroclasm"))  # 2 to each creature
    life = {f: battle.fighters[f].life for f in ("c1", "c2", "c3", mine, "you")}
    assert life == {"c1": 2, "c2": 0, "c3": 6, mine: 2, "you": 5}  # the skeletons regenerated (PW10)
    assert battle.fighters["c2"].out == "dead" and battle.fighters["c1"].regenerations == 0
    battle.fighters["c1"].regenerations = 1
    battle.fighters["you"].mana.update({"W": 2, "C": 2})
    battle.invalidate()
    battle.apply(Cast(card="Wrath of God"))  # "They can't be regenerated"
    assert all(battle.fighters[f].out == "dead" for f in ("c1", "c3", mine))
    assert battle.is_terminal()


def test_needle_storm_hits_only_flyers_and_evacuation_returns_all(make_battle, make_hero) -> None:
    hero = make_hero(identity=("G", "U", "U"), increases={"mastery": 2, "focus": 1, "speed": 1},
                     library=("Needle Storm", "Evacuation"), memorized=("Needle Storm", "Evacuation"))
    battle = make_battle(["Suntail Hawk", "Craw Wurm", "Air Elemental"], [3, 2, 1], hero=hero)
    main_phase(battle, G=1, C=2)
    battle.apply(Cast(card="Needle Storm"))
    assert [battle.fighters[c].life for c in ("c1", "c2", "c3")] == [-2, 8, 4]
    battle.fighters["you"].mana.update({"U": 2, "C": 3})
    battle.invalidate()
    battle.apply(Cast(card="Evacuation"))
    assert battle.fighters["c2"].out == "unsummoned" and battle.is_terminal()


def test_seething_song_adds_mana_that_burns_if_unspent(make_battle, make_hero) -> None:
    hero = make_hero(library=("Seething Song",), memorized=("Seething Song",))  # Mana Pool R2 G1
    battle = make_battle(["Grizzly Bears"], hero=hero)
    main_phase(battle, C=1)
    battle.apply(Cast(card="Seething Song"))  # {2}{R}: R2 G1 C1 less 3, plus RRRRR
    you = battle.fighters["you"]
    assert you.mana["R"] == 6 - 1 and sum(you.mana.values()) == 6
    battle.apply(End())
    assert you.life == 5 - (6 - 3)  # the excess over the full pool (3) burns


def test_sudden_impact_deals_a_damage_per_spell_in_memory(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 1}, library=("Sudden Impact",), memorized=("Sudden Impact",))
    battle = make_battle([], hero=hero, enemy_mage=ready_mage("Goblin Pyromancer"))
    until_you(battle)
    main_phase(battle, C=2)
    held = len(battle.fighters["mage"].memory)
    battle.apply(Cast(card="Sudden Impact", target="mage"))
    if battle.phase == "response":
        battle.apply(Pass())
    assert held == 3 and battle.fighters["mage"].life == 7 - held


# -- abilities --------------------------------------------------------------------------------------


def test_llanowar_elves_add_mana_at_once_with_no_window(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    elves = ready(battle, "Llanowar Elves")
    main_phase(battle)
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", creature=elves))
    you = battle.fighters["you"]
    assert battle.phase == "main" and you.mana["G"] == 2 and battle.fighters[elves].tapped
    battle.apply(End())
    assert you.life == 4  # the extra G beyond the pool burned


def test_orcish_artillery_hurts_its_target_and_its_controller_and_taps(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    gun = ready(battle, "Orcish Artillery")
    main_phase(battle)
    battle.apply(Command())
    assert OrderAbility(card="0", target="c1", creature=gun) in battle.legal_actions()  # any target
    battle.apply(OrderAbility(card="0", target="c1", creature=gun))
    assert battle.fighters["c1"].life == 2 and battle.fighters["you"].life == 2
    battle.apply(End())
    battle.apply(End())
    battle.apply(Channel())  # Upkeep refreshes the artillery
    assert not battle.fighters[gun].tapped


def test_an_ability_above_mastery_or_unpaid_or_tapped_is_refused(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    adept = ready(battle, "Temporal Adept")
    main_phase(battle, U=3)
    battle.apply(Command())
    order = OrderAbility(card="0", target="c1", creature=adept)
    battle.fighters["you"].mastery = 2
    battle.invalidate()
    assert "Mastery" in str(refused(battle, order, "Mastery"))
    battle.fighters["you"].mastery = 3
    battle.fighters["you"].mana["U"] = 2
    battle.invalidate()
    refused(battle, order, "Mana Pool")
    battle.fighters["you"].mana["U"] = 3
    battle.fighters[adept].tapped = True
    battle.invalidate()
    refused(battle, order, "Tapped")
    battle.fighters[adept].tapped = False
    battle.invalidate()
    battle.apply(order)
    assert battle.fighters["c1"].out == "unsummoned"


def test_a_creature_only_ability_does_not_reach_ranged_combat(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])  # ranged
    assassin = ready(battle, "Royal Assassin")
    battle.fighters["c1"].tapped = True
    main_phase(battle)
    battle.apply(Command())
    refused(battle, OrderAbility(card="0", target="c1", creature=assassin), "Ranged Combat")


def test_samite_healer_prevents_a_damage_this_turn(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    healer = ready(battle, "Samite Healer")
    battle.apply(Channel(amount=1))  # one excess mana: Mana Burn 1 at the End phase
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target="you", creature=healer))
    battle.apply(End())
    assert battle.fighters["you"].life == 5 and battle.fighters["you"].prevent == 0


def test_a_regeneration_shield_saves_once_and_ends_with_the_turn(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "R", "G"), increases={"focus": 2}, library=("Pyroclasm",),
                     memorized=("Pyroclasm",))
    battle = make_battle(["Grizzly Bears"], hero=hero, settings=Settings(regenerate_per_battle=0))
    skeletons = ready(battle, "Drudge Skeletons")
    main_phase(battle, C=1)
    battle.apply(Command())
    battle.rng.extend_script([])
    battle.apply(OrderAbility(card="0", creature=skeletons))
    assert battle.fighters[skeletons].shields == 1
    battle.apply(Cast(card="Pyroclasm"))
    assert battle.fighters[skeletons].active and battle.fighters[skeletons].life == 2
    assert battle.fighters[skeletons].shields == 0


def test_a_creature_alone_uses_only_abilities_without_mana_unless_the_locale_gives_it(make_battle) -> None:
    battle = make_battle(["Orcish Artillery", "Anaba Shaman"], [2, 1])  # the artillery, then the shaman
    battle.apply(Channel())
    battle.apply(End())
    battle.apply(End())
    assert not any(a.kind == "ability" for a in battle.legal_actions())  # {R}: no mana of its own
    rich = make_battle(["Anaba Shaman"], settings=Settings(locale_mana=True))
    rich.apply(Channel())
    rich.apply(End())
    rich.apply(UseAbility(card="0", target="you", creature="c1"))
    assert rich.fighters["you"].life == 4 and rich.fighters["c1"].tapped


def test_an_artillery_alone_fires_as_one_of_its_actions(make_battle) -> None:
    battle = make_battle(["Orcish Artillery"])
    battle.apply(Channel())
    battle.apply(End())
    battle.apply(UseAbility(card="0", target="you", creature="c1"))
    assert battle.fighters["you"].life == 3 and battle.fighters["c1"].life == 6 - 3  # "3 damage to you"
    assert battle.actions_left == 0


# -- the data file -------------------------------------------------------------------------------------


def test_the_effects_file_is_checked_whole() -> None:
    with pytest.raises(DataError, match="only instants, sorceries and Auras"):
        parse({"card": [{"name": "Grizzly Bears", "effects": [{"kind": "damage", "amount": 1}]}]})
    with pytest.raises(DataError, match="unknown effect field"):
        parse({"card": [{"name": "Shock", "effects": [{"kind": "damage", "amount": 2, "colour_": "R"}]}]})
    with pytest.raises(DataError, match="needs an amount"):
        parse({"card": [{"name": "Shock", "effects": [{"kind": "damage"}]}]})
    with pytest.raises(DataError, match="Nonesuch"):
        parse({"card": [{"name": "Nonesuch", "effects": [{"kind": "draw", "amount": 1}]}]})
    with pytest.raises(DataError, match="mana symbol"):
        parse({"card": [{"name": "Llanowar Elves", "abilities": [
            {"text": "x", "cost": "{Q}", "effects": [{"kind": "mana", "mana": "G"}]}]}]})
    assert abilities("Grizzly Bears") == ()
    names = covered()
    assert "Giant Growth" in names and "Shock" in names and "Llanowar Elves" in names
    assert "Holy Strength" in names and "Glorious Anthem" in names and "Telepathy" not in names


@pytest.mark.parametrize(("when", "wrong", "rule"), [
    ("end", {"kind": "draw", "amount": 1}, 'an "end" trigger returns the creature'),
    ("blocked", {"kind": "draw", "amount": 1}, 'a "blocked" or "locked" trigger pumps or destroys'),
    ("locked", {"kind": "bounce"}, 'a "blocked" or "locked" trigger pumps or destroys'),
    ("damages an opponent", {"kind": "bounce"}, 'a "damages an opponent" trigger discards, draws'),
    ("engages", {"kind": "draw", "amount": 1}, 'an "engages" trigger pumps the creature'),
])
def test_a_creatures_plain_trigger_of_the_wrong_kind_refuses_the_file(when, wrong, rule) -> None:
    with pytest.raises(DataError, match=re.escape(rule)):
        parse({"card": [{"name": "Grizzly Bears", "triggers": [{"when": when, "effects": [wrong]}]}]})
    with pytest.raises(DataError, match=re.escape(rule)):
        parse({"card": [{"name": "Grizzly Bears", "triggers": [{"when": when, "effects": []}]}]})


def test_the_bot_uses_abilities(make_battle) -> None:
    from magecraft.planeswalker.bot import choose

    battle = make_battle(["Grizzly Bears"])
    gun = ready(battle, "Orcish Artillery")
    battle.fighters["c1"].life = 2
    main_phase(battle)
    assert choose(battle) == Command()
    battle.apply(Command())
    assert choose(battle) == OrderAbility(card="0", target="c1", creature=gun)


def test_unused_shields_and_prevention_end_with_the_turn(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"focus": 1, "speed": 1}))  # Focus 2
    healer = ready(battle, "Samite Healer")
    skeletons = ready(battle, "Drudge Skeletons")
    main_phase(battle, B=1)
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target="you", creature=healer))
    battle.apply(OrderAbility(card="0", creature=skeletons))
    assert battle.fighters["you"].prevent == 1 and battle.fighters[skeletons].shields == 1
    battle.apply(End())
    assert battle.fighters["you"].prevent == 0 and battle.fighters[skeletons].shields == 0


def test_an_ability_reads_at_the_table_in_its_words(make_battle) -> None:
    from magecraft.cli.planeswalker_board import decision_label

    battle = make_battle(["Grizzly Bears"])
    elves = ready(battle, "Llanowar Elves")
    order = OrderAbility(card="0", creature=elves)
    assert decision_label(battle, order) == "Llanowar Elves (s1): use '{T}: Add {G}.'"
    assert battle.action_text(order) == "order s1 to use ability 1"
    assert Action.from_dict(order.to_dict()) == order


# -- tokens (PW38) ------------------------------------------------------------------------------------


def test_verdant_force_makes_a_saproling_each_upkeep_outside_focus(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    force = ready(battle, "Verdant Force")
    you = battle.fighters["you"]
    battle.apply(Channel())  # Hero's Upkeep: the first Saproling
    assert you.tokens == ["t1"] and you.pervasive() == 1 == you.focus  # Focus 1: the token is not counted
    saproling = battle.fighters["t1"]
    assert (saproling.name, saproling.power, saproling.life, saproling.sick) == ("Saproling token", 1, 2, True)
    assert battle.range_between("t1", "c1") == battle.range_between(force, "c1")
    assert battle.phase == "main"  # no release asked: tokens are not pervasive effects
    battle.apply(End())
    battle.apply(End())  # the bears' turn: no Upkeep, no Saproling
    battle.apply(Channel())
    assert you.tokens == ["t1", "t2"] and not battle.fighters["t1"].sick and battle.fighters["t2"].sick
    battle.apply(Command())
    assert any(a.creature == "t1" for a in battle.legal_actions())
    assert Battle.from_dict(battle.to_dict()).to_dict() == battle.to_dict()  # tokens and tapping are saved
    old = battle.to_dict()  # a battle saved before tokens and tapping loads with their defaults
    for fighter in old["fighters"]:
        for key in ("tapped", "shields", "prevent", "poison", "tokens"):
            fighter.pop(key)
    del old["next_token"], old["dying"]
    assert Battle.from_dict(old).fighters["you"].tokens == []


def test_a_token_of_a_creature_alone_takes_its_turn_after_its_maker(make_battle) -> None:
    battle = make_battle(["Verdant Force", "Grizzly Bears"], [2, 1])  # the Force before the bears
    battle.apply(Channel())
    assert battle.order == ["you", "c1", "t1", "c2"] and battle.fighters["t1"].controller is None


def test_rukh_egg_hatches_a_bird_at_the_end_of_the_turn(make_battle) -> None:
    battle = make_battle(["Rukh Egg", "Grizzly Bears"], [2, 1])
    main_phase(battle)
    battle.fighters["c1"].life = 2
    battle.apply(Cast(card="Shock", target="c1"))
    assert battle.fighters["c1"].out == "dead" and "t1" not in battle.fighters  # not yet
    battle.apply(End())
    bird = battle.fighters["t1"]
    assert (bird.name, bird.power, bird.toughness, bird.keywords, bird.side) == ("Bird token", 4, 4, ("Flying",),
                                                                                  "foes")
    assert battle.order == ["you", "c1", "t1", "c2"] and battle.actor().id == "t1"  # its turn comes next


def test_a_battle_ends_when_a_side_is_empty_even_with_a_bird_to_hatch(make_battle) -> None:
    battle = make_battle(["Rukh Egg"])
    main_phase(battle)
    battle.fighters["c1"].life = 2
    battle.apply(Cast(card="Shock", target="c1"))
    assert battle.is_terminal() and "t1" not in battle.fighters


def test_naturalize_destroys_a_kept_enchantment_or_an_artifact_creature(make_battle, make_hero) -> None:
    hero = make_hero(identity=("G", "G", "R"), increases={"speed": 2}, library=("Naturalize", "Shatter"),
                     memorized=("Naturalize", "Shatter"))
    battle = make_battle(["Ornithopter"], hero=hero, enemy_mage=ready_mage("Counterspell Adept"),
                         ranges={"c1": "close"})
    adept = battle.fighters["mage"]
    adept.permanents = ["Holy Strength"]
    battle.invalidate()
    until_you(battle)
    main_phase(battle, G=2, R=1, C=2)
    error = refused(battle, Cast(card="Shatter", target="mage"), "Casting")
    assert "keeps no artifact" in str(error)
    battle.apply(Cast(card="Naturalize", target="mage"))
    battle.apply(Pass())
    assert adept.permanents == [] and "Holy Strength" in adept.graveyard
    battle.apply(Cast(card="Shatter", target="c1"))  # an artifact creature
    battle.apply(Pass())
    assert battle.fighters["c1"].out == "dead"


def test_mind_rot_makes_a_mage_forget_the_last_two_spells_drawn(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "B", "R"), increases={"speed": 2}, library=("Mind Rot",),
                     memorized=("Mind Rot",))
    battle = make_battle([], hero=hero, enemy_mage=ready_mage("Counterspell Adept"))
    until_you(battle)
    main_phase(battle, B=2, R=1)
    held = list(battle.fighters["mage"].memory)
    refused(battle, Cast(card="Mind Rot", target="you"), "Casting")
    battle.apply(Cast(card="Mind Rot", target="mage"))
    while battle.phase == "response":
        battle.apply(Pass())
    assert battle.fighters["mage"].memory == held[:-2]


@pytest.mark.parametrize(("creature", "life", "memory"), [
    ("Venerable Monk", 5 + 2, []),  # "you gain 2 life"
    ("Serpent Warrior", 5 - 3, []),  # "you lose 3 life"
    ("Kavu Climber", 5, ["Shock"]),  # "draw a card": the Library's next spell
])
def test_creatures_entering_gain_or_lose_life_or_draw(make_battle, make_hero, creature: str, life: int,
                                                      memory: list[str]) -> None:
    hero = make_hero(identity=("W", "B", "G"), increases={"mastery": 2}, library=(creature, "Shock"),
                     memorized=(creature,))
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=hero)
    main_phase(battle, W=1, B=1, G=2, C=3)
    battle.apply(Cast(card=creature))
    you = battle.fighters["you"]
    assert (you.life, you.memory) == (life, memory)
