"""The last cards transcribed (rulings PW60-): each in a battle, with scripted dice."""

from __future__ import annotations

import pytest

from magecraft.core.errors import RuleError
from magecraft.planeswalker.actions import (
    Activate,
    Cast,
    Channel,
    Command,
    Done,
    End,
    Engage,
    OrderAbility,
    OrderEngage,
    OrderMove,
    Pass,
    Respond,
)
from magecraft.planeswalker.bot import choose, ready_mage
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.combatants import CANT_BLOCK
from magecraft.planeswalker.decisions import interceptors, may_command
from magecraft.planeswalker.effects import abilities
from magecraft.planeswalker.spells import profile
from tests.planeswalker.test_effects import ready
from tests.planeswalker.test_pervasive import keep, to_your_channelling

# -- PW60, PW61 ------------------------------------------------------------------------------------------


def test_festering_goblin_dying_shrinks_the_strongest_enemy_creature_near_it(make_battle) -> None:
    battle = make_battle(["Grizzly Bears", "Craw Wurm"], [2, 1], ranges={"c1": "close", "c2": "close"})
    goblin = ready(battle, "Festering Goblin")
    # the Goblin's 1 against the Bears' 6 + 6; the Bears' 6 + 6 against the Goblin's 1: 11 damage, it dies
    battle.rng.extend_script([1, 6, 6, 6, 6, 1])
    battle.fight(goblin, "c1")
    bears, wurm = battle.fighters["c1"], battle.fighters["c2"]
    assert battle.fighters[goblin].out == "dead"
    assert (wurm.power, wurm.toughness, wurm.life) == (5, 3, 8)  # -1/-1: the dice, not Life (PW35)
    assert bears.power == 2
    battle.apply(End())
    assert (wurm.power, wurm.toughness) == (6, 4)  # until end of turn


def test_festering_goblin_dying_far_from_enemy_creatures_hits_nothing(make_battle) -> None:
    battle = make_battle(["Craw Wurm"])  # ranged: "target creature" needs close combat (PW16)
    goblin = ready(battle, "Festering Goblin")
    battle.rng.extend_script([])
    battle.deal_damage(battle.fighters[goblin], 2)
    assert battle.fighters[goblin].out == "dead"
    assert (battle.fighters["c1"].power, battle.fighters["c1"].toughness) == (6, 4)


def test_panic_attack_stops_three_creatures_of_the_targets_side_blocking(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2}, library=("Panic Attack", "Shock"),
                     memorized=("Panic Attack",))
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), ranges={"mage": "close"}, hero=hero)
    to_your_channelling(battle)
    mage = battle.fighters["mage"]
    for name in ("Grizzly Bears", "Craw Wurm", "Goblin Piker", "Kird Ape"):
        battle.summon(mage, name)
    bears, wurm, piker, ape = mage.creatures[-4:]
    mine = ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.apply(Cast(card="Panic Attack", target=wurm))
    while battle.phase == "response":
        battle.apply(Pass())
    blocked = [cid for cid in (bears, wurm, piker, ape) if CANT_BLOCK in battle.fighters[cid].keywords]
    assert blocked == [bears, wurm, piker]  # the target, and two more in the battle's order
    for fighter in battle.fighters.values():
        fighter.tapped = False
    battle.intercept = {"attacker": mine, "target": "mage"}
    assert interceptors(battle) == [ape]


# -- PW62 ------------------------------------------------------------------------------------------------


def test_goblin_brigand_commanded_must_engage_when_it_can(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2})
    battle = make_battle(["Craw Wurm"], ranges={"c1": "close"}, hero=hero)
    brigand, bears = ready(battle, "Goblin Brigand"), ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.apply(Command())
    orders = {(a.kind, a.creature) for a in battle.legal_actions()}
    assert ("order_engage", brigand) in orders and ("order_move", brigand) not in orders
    assert ("done", "") not in orders and ("order_move", bears) in orders  # the Bears are free
    for refused in (Done(), OrderMove(target="c1", creature=brigand)):
        with pytest.raises(RuleError, match="attacks each combat if able") as caught:
            battle.apply(refused)
        assert caught.value.rule == "Goblin Brigand"
    battle.rng.extend_script([1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1])  # no damage either way
    battle.apply(OrderEngage(target="c1", creature=brigand))
    while battle.phase == "response":
        battle.apply(Pass())
    assert any(a.kind == "done" for a in battle.legal_actions())


def test_goblin_brigand_in_ranged_combat_is_free(make_battle) -> None:
    battle = make_battle(["Craw Wurm"])  # ranged: it cannot engage, so nothing is forced
    brigand = ready(battle, "Goblin Brigand")
    battle.apply(Channel())
    battle.apply(Command())
    assert Done() in battle.legal_actions()
    assert OrderMove(target="c1", creature=brigand) in battle.legal_actions()


def test_goblin_brigand_alone_engages_before_it_ends_its_turn(make_battle) -> None:
    battle = make_battle(["Goblin Brigand"], ranges={"c1": "close"})
    battle.apply(Channel())
    battle.apply(End())
    assert battle.current_player() == "c1" and battle.phase == "main"
    assert [a.kind for a in battle.legal_actions() if a.kind != "delay"] == ["engage"]
    with pytest.raises(RuleError, match="attacks each combat if able"):
        battle.apply(End())


# -- PW63 ------------------------------------------------------------------------------------------------


def test_seasoned_marshal_taps_the_strongest_creature_that_could_intercept_it(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2})
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), ranges={"mage": "close"}, hero=hero)
    to_your_channelling(battle)
    mage = battle.fighters["mage"]
    for name in ("Grizzly Bears", "Craw Wurm"):
        battle.summon(mage, name)
    bears, wurm = mage.creatures[-2:]
    marshal = ready(battle, "Seasoned Marshal")
    battle.apply(Channel())
    battle.apply(Command())
    battle.apply(OrderEngage(target="mage", creature=marshal))
    while battle.phase == "response":
        battle.apply(Pass())
    assert battle.fighters[wurm].tapped and not battle.fighters[bears].tapped
    assert battle.phase == "intercept"
    assert {a.target for a in battle.legal_actions() if a.kind == "intercept"} == {bears}


def test_seasoned_marshal_engaging_a_creature_taps_nothing(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2})
    battle = make_battle(["Craw Wurm", "Grizzly Bears"], [2, 1], ranges={"c1": "close", "c2": "close"}, hero=hero)
    marshal = ready(battle, "Seasoned Marshal")
    battle.rng.extend_script([1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1])
    battle.engage(marshal, "c2")
    assert not battle.fighters["c1"].tapped


# -- PW64 ------------------------------------------------------------------------------------------------


def test_reverse_damage_turns_the_next_damage_into_life_once(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), library=("Reverse Damage", "Shock"), memorized=("Reverse Damage",))
    battle = make_battle(["Grizzly Bears"], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero,
                         ranges={"c1": "close"})
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    battle.resolve_spell(you, profile("Reverse Damage"), "", 0)
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == 7  # 2 prevented and gained
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == 5  # only the next time
    battle.resolve_spell(you, profile("Reverse Damage"), "", 0)
    battle.rng.extend_script([6, 6, 1, 1, 1, 1, 1, 1, 6, 6])  # the Bears' 12 against 3; the counter: no damage
    battle.fight("c1", "you")
    assert you.life == 14 and battle.fighters["c1"].active
    battle.next_turn()
    assert "Damage reversed" not in you.keywords


def test_the_bot_answers_a_damage_spell_at_it_with_reverse_damage(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), library=("Reverse Damage", "Shock"), memorized=("Reverse Damage",))
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero)  # the faster mage first
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    assert battle.current_player() == "mage"
    battle.apply(Channel())
    mage.memory.append("Shock")
    mage.mana["R"] = 1
    battle.invalidate()
    battle.apply(Cast(card="Shock", target="you"))
    while battle.phase == "response" and battle.current_player() != "you":
        battle.apply(Pass())
    assert battle.current_player() == "you"
    chosen = choose(battle)
    assert chosen.card == "Reverse Damage"
    battle.rng.extend_script([6] * you.speed + [1] * mage.speed)  # the opposed Speed rolls: it answers in time
    battle.apply(chosen)
    while battle.phase == "response":
        battle.apply(Pass())
    assert you.life == 7


# -- PW65 ------------------------------------------------------------------------------------------------


def test_sleight_of_hand_keeps_the_costliest_castable_of_two_and_bottoms_the_other(make_battle, make_hero) -> None:
    hero = make_hero(identity=("U", "R", "R"), library=("Sleight of Hand", "Shock", "Volcanic Hammer", "Craw Wurm",
                                                        "Giant Growth", "Kird Ape"),
                     memorized=("Sleight of Hand",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    you = battle.fighters["you"]
    you.library = ["Craw Wurm", "Volcanic Hammer", "Shock", "Kird Ape"]  # the Wurm (6) is above Mastery 3
    battle.apply(Channel())
    battle.apply(Cast(card="Sleight of Hand"))
    while battle.phase == "response":
        battle.apply(Pass())
    assert you.memory == ["Volcanic Hammer"]
    assert you.library == ["Shock", "Kird Ape", "Craw Wurm"]
    battle.look(you, 2)  # Shock (1) and Kird Ape (1): a tie keeps the first seen
    assert you.memory == ["Volcanic Hammer", "Shock"] and you.library == ["Craw Wurm", "Kird Ape"]


# -- PW66 ------------------------------------------------------------------------------------------------


def test_relentless_assault_refreshes_the_attackers_and_gives_one_more_command(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2, "mastery": 1},
                     library=("Relentless Assault", "Shock"), memorized=("Relentless Assault",))
    battle = make_battle(["Craw Wurm", "Craw Wurm"], [2, 1], ranges={"c1": "close", "c2": "close"}, hero=hero)
    bears = ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.fighters["you"].mana.update(R=2, G=2)
    battle.apply(Command())
    battle.rng.extend_script([1, 1, 6, 6, 6, 6] + [1] * 6 + [6, 6])  # no damage either way
    battle.apply(OrderEngage(target="c1", creature=bears))
    assert battle.phase == "main" and battle.fighters[bears].tapped
    assert Command() not in battle.legal_actions()
    battle.apply(Cast(card="Relentless Assault"))
    while battle.phase == "response":
        battle.apply(Pass())
    assert not battle.fighters[bears].tapped
    battle.apply(Command())  # after casting: the additional combat
    # repelled from the first Wurm (PW9), the Bears may engage the other
    assert OrderEngage(target="c2", creature=bears) in battle.legal_actions()
    battle.apply(Done())
    assert not may_command(battle, battle.fighters["you"])  # one more, not more
    battle.apply(End())
    assert "Additional combat" not in battle.fighters["you"].keywords


# -- PW67 ------------------------------------------------------------------------------------------------


def test_treetop_bracers_lets_only_flyers_intercept(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), ranges={"mage": "close"})
    bears = ready(battle, "Grizzly Bears")
    battle.attach(battle.fighters["you"], "Treetop Bracers", bears)
    mage = battle.fighters["mage"]
    for name in ("Grizzly Bears", "Giant Spider", "Goblin Sky Raider"):
        battle.summon(mage, name)
    theirs, spider, raider = mage.creatures[-3:]
    for cid in (theirs, spider, raider):
        battle.fighters[cid].sick = False
    assert (battle.fighters[bears].power, battle.fighters[bears].toughness) == (3, 3)
    battle.intercept = {"attacker": bears, "target": "mage"}
    assert interceptors(battle) == [raider]  # Reach is not flying
    battle.intercept = {"attacker": theirs, "target": "you"}
    battle.fighters[bears].tapped = False
    assert interceptors(battle) == [bears]  # it may still intercept


# -- PW68 ------------------------------------------------------------------------------------------------


def test_yawgmoth_demon_eats_the_cheapest_artifact_else_taps_and_hurts_its_mage(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 3})
    battle = make_battle(["Craw Wurm"], hero=hero)
    you = battle.fighters["you"]
    demon = ready(battle, "Yawgmoth Demon")
    keep(battle, "Rod of Ruin")  # {4}
    keep(battle, "Demon's Horn")  # {2}
    battle.apply(Channel())
    assert you.permanents == ["Rod of Ruin"] and "Demon's Horn" in you.graveyard
    assert not battle.fighters[demon].tapped and you.life == 5
    battle.rng.extend_script([1] * 20)
    battle.apply(End())
    to_your_channelling(battle)
    battle.apply(Channel())
    assert you.permanents == [] and not battle.fighters[demon].tapped
    battle.apply(End())
    to_your_channelling(battle)
    battle.apply(Channel())  # nothing left to sacrifice
    assert battle.fighters[demon].tapped and you.life == 3


# -- PW69 ------------------------------------------------------------------------------------------------


def test_story_circle_wards_the_colour_chosen_as_it_entered_for_white_mana(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "G"))
    battle = make_battle(["Grizzly Bears"], [6, 1], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero)
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    battle.summon(mage, "Goblin Piker")  # red, as the mage's identity; the Bears are green
    battle.resolve_spell(you, profile("Story Circle"), "", 0)
    assert you.permanents == ["Story Circle"] and you.chosen == [["Story Circle", "R"]]
    assert Battle.from_dict(battle.to_dict()).fighters["you"].chosen == [["Story Circle", "R"]]  # saved
    you.mana = {"W": 1, "G": 1}
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == 5 and you.mana == {"W": 0, "G": 1}  # prevented for {W}
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == 3  # no white mana left
    you.mana["W"] = 1
    battle.deal_damage(you, 1, ("G",))  # a green source: not the colour chosen
    assert you.life == 2 and you.mana["W"] == 1
    battle.release(you, "", "Story Circle")
    assert you.chosen == [] and "Story Circle" in you.graveyard


# -- PW70 ------------------------------------------------------------------------------------------------


def test_elvish_piper_puts_the_costliest_creature_in_memory_into_the_battle(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2},
                     memorized=("Shock", "Grizzly Bears", "Volcanic Hammer"))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    you = battle.fighters["you"]
    piper = ready(battle, "Elvish Piper")
    battle.apply(Channel())
    you.memory.append("Craw Wurm")  # {4}{G}{G}: above Mastery 3, and put all the same
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", creature=piper))
    while battle.phase == "response":
        battle.apply(Pass())
    wurm = battle.fighters[you.creatures[-1]]
    assert wurm.name == "Craw Wurm" and wurm.sick and wurm.controller == "you"
    assert you.memory == ["Shock", "Grizzly Bears", "Volcanic Hammer"] and you.mana.get("G", 0) == 0
    assert battle.fighters[piper].tapped


def test_hunted_wumpus_lets_each_other_mage_put_a_creature_in(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    you.memory.append("Kird Ape")
    mage.memory = ["Shock", "Raging Goblin", "Goblin Piker"]
    battle.summon(you, "Hunted Wumpus")
    assert mage.memory == ["Shock", "Raging Goblin"]
    assert [battle.fighters[c].name for c in mage.creatures] == ["Goblin Piker"]
    assert "Kird Ape" in you.memory and len(you.creatures) == 1  # not its own controller


def test_the_bot_pipes_a_creature_in_when_memory_holds_one(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2}, memorized=("Shock",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    piper = ready(battle, "Elvish Piper")
    battle.apply(Channel())
    battle.apply(Command())
    battle.fighters["you"].memory.append("Craw Wurm")
    battle.invalidate()
    assert choose(battle) == OrderAbility(card="0", creature=piper)
    battle.fighters["you"].memory.remove("Craw Wurm")
    battle.invalidate()
    assert choose(battle) != OrderAbility(card="0", creature=piper)


# -- PW71 ------------------------------------------------------------------------------------------------


def test_sanctum_guardian_sacrificed_prevents_the_next_damage_to_its_target(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2})
    battle = make_battle(["Grizzly Bears"], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero)
    guardian = ready(battle, "Sanctum Guardian")
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    to_your_channelling(battle)
    battle.apply(Channel())
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target="you", creature=guardian))
    while battle.phase == "response":
        battle.apply(Pass())
    assert battle.fighters[guardian].out == "sacrificed"
    battle.resolve_spell(mage, profile("Volcanic Hammer"), "you", 0)
    assert you.life == 5  # all 3 prevented, nothing gained
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == 3  # only the next time


# -- PW72 ------------------------------------------------------------------------------------------------


def _two_creatures_and_the_slate(make_battle, make_hero, foe: str):
    """You (Mastery 4), two creatures ready and Slate of Ancestry kept, after channelling: the battle, you."""
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2, "mastery": 1})
    battle = make_battle([foe], hero=hero)
    ready(battle, "Grizzly Bears")
    ready(battle, "Kird Ape")
    keep(battle, "Slate of Ancestry")
    battle.apply(Channel())
    return battle, battle.fighters["you"]


def test_slate_of_ancestry_discards_memory_and_draws_one_per_creature(make_battle, make_hero) -> None:
    battle, you = _two_creatures_and_the_slate(make_battle, make_hero, "Grizzly Bears")
    you.mana["C"] = 1  # {4}: within Mastery 4
    you.library = ["Giant Growth", "Craw Wurm", "Shock"]
    battle.invalidate()
    battle.apply(Activate(card="Slate of Ancestry"))
    while battle.phase == "response":
        battle.apply(Pass())
    assert you.memory == ["Giant Growth", "Craw Wurm"]  # two creatures: two drawn, the hand gone first
    assert you.library == ["Shock"] and "Slate of Ancestry" in you.tapped_permanents


def test_the_bot_uses_the_slate_only_when_it_draws_more_than_it_discards(make_battle, make_hero) -> None:
    battle, you = _two_creatures_and_the_slate(make_battle, make_hero, "Craw Wurm")
    you.mana["C"] = 1
    you.memory = ["Craw Wurm", "Shivan Dragon"]  # two spells (above Mastery) for two creatures: no gain
    battle.fighters["s1"].sick = battle.fighters["s2"].sick = True  # no commanding to choose first
    battle.invalidate()
    assert choose(battle) != Activate(card="Slate of Ancestry")
    you.memory = ["Craw Wurm"]
    battle.invalidate()
    assert choose(battle) == Activate(card="Slate of Ancestry")


# -- PW73 ------------------------------------------------------------------------------------------------


def test_form_of_the_dragon_burns_at_upkeep_sets_life_at_each_end_and_stops_walkers(make_battle) -> None:
    battle = make_battle(["Craw Wurm", "Goblin Sky Raider"], [2, 1], ranges={"c1": "close", "c2": "close"})
    you, wurm, raider = battle.fighters["you"], battle.fighters["c1"], battle.fighters["c2"]
    keep(battle, "Form of the Dragon")
    battle.apply(Channel())  # Upkeep: 5 damage kills the Raider (Life 4), not the Wurm (Life 8)
    assert raider.out == "dead" and wurm.life == 8
    you.life = 2
    battle.apply(End())  # the End phase: Life becomes 5
    assert you.life == 5 and battle.current_player() == "c1"
    assert not any(a.kind == "engage" and a.target == "you" for a in battle.legal_actions())  # no flying
    with pytest.raises(RuleError, match="Form of the Dragon"):
        battle.apply(Engage(target="you"))
    wurm.keywords = (*wurm.keywords, "Flying")
    battle.invalidate()
    assert Engage(target="you") in battle.legal_actions()  # a flyer may
    you.life = 9
    battle.apply(End())  # the Wurm's end step too
    assert you.life == 5


# -- PW74 ------------------------------------------------------------------------------------------------


def test_thought_courier_draws_then_discards_a_spell_above_mastery_first(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2}, memorized=("Shock",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    you = battle.fighters["you"]
    courier = ready(battle, "Thought Courier")
    battle.apply(Channel())
    you.memory = ["Craw Wurm", "Panic Attack", "Shivan Dragon"]  # above Mastery 3: the Dragon (6) ties the Wurm
    you.library = ["Giant Growth", "Kird Ape"]
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", creature=courier))
    while battle.phase == "response":
        battle.apply(Pass())
    assert you.memory == ["Craw Wurm", "Panic Attack", "Giant Growth"]  # the Dragon forgotten
    battle.fighters[courier].tapped = False
    battle.resolve_effects(battle.fighters[courier], you, abilities("Thought Courier")[0].effects, "", 0, "again")
    battle.resolve_effects(battle.fighters[courier], you, abilities("Thought Courier")[0].effects, "", 0, "again")
    assert you.memory == ["Panic Attack", "Giant Growth"]  # the Wurm, then the Ape drawn last (Panic Attack: 3)


# -- PW75 ------------------------------------------------------------------------------------------------


def test_defense_grid_taxes_answers_on_another_mages_turn(make_battle, make_hero) -> None:
    hero = make_hero(library=("Shock", "Giant Growth"), memorized=("Shock",))
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero)  # the faster mage first
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    keep(battle, "Defense Grid", owner="mage")
    battle.apply(Channel())
    mage.memory.extend(["Shock", "Shock"])
    mage.mana = {"R": 2}  # its own turn: {R} a Shock
    you.mana = {"R": 2, "G": 1}  # {3}{R} needed to answer: three mana is one short
    battle.invalidate()
    battle.apply(Cast(card="Shock", target="you"))
    assert battle.phase == "main" and you.life == 3  # no answer was open to it
    you.mana["C"] = 1
    battle.apply(Cast(card="Shock", target="you"))
    while battle.phase == "response" and battle.current_player() != "you":
        battle.apply(Pass())
    assert Respond(card="Shock", target="mage") in battle.legal_actions()
    battle.rng.extend_script([6] * you.speed + [1] * mage.speed)
    before = mage.life
    battle.apply(Respond(card="Shock", target="mage"))
    assert sum(you.mana.values()) == 0 and mage.life == before - 2  # all four paid


# -- PW76 ------------------------------------------------------------------------------------------------


def test_thran_golem_is_bigger_and_flies_while_enchanted(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2})
    battle = make_battle(["Grizzly Bears"], hero=hero)
    you = battle.fighters["you"]
    golem = ready(battle, "Thran Golem")
    battle.refresh()
    assert (battle.fighters[golem].power, battle.fighters[golem].toughness) == (3, 3)
    battle.attach(you, "Holy Strength", golem)  # +1/+2
    battle.refresh()
    thran = battle.fighters[golem]
    assert (thran.power, thran.toughness, thran.life) == (6, 7, 6)  # the dice, not Life (PW35)
    assert {"Flying", "First strike", "Trample"} <= set(thran.keywords)
    battle.release(you, "", "Holy Strength")
    battle.refresh()
    assert (thran.power, thran.toughness) == (3, 3) and "Flying" not in thran.keywords


# -- PW77 ------------------------------------------------------------------------------------------------


def test_zealous_inquisitor_redirects_its_next_damage_point_to_a_creature(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "G"), increases={"power": 2, "toughness": 2, "focus": 2})
    battle = make_battle(["Grizzly Bears"], [6, 1], ranges={"c1": "close"}, hero=hero)
    inquisitor = ready(battle, "Zealous Inquisitor")
    inq, bears = battle.fighters[inquisitor], battle.fighters["c1"]
    battle.apply(Channel())
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target="c1", creature=inquisitor))
    while battle.phase == "response":
        battle.apply(Pass())
    assert inq.redirect == ["c1"]
    battle.rng.extend_script([2, 1, 1, 1, 1, 1, 6, 6])  # the Bears' 3 against 2: the 1 goes back to them
    battle.fight("c1", inquisitor)
    assert (inq.life, bears.life) == (4, 3) and inq.redirect == []
    battle.resolve_effects(inq, "you", abilities("Zealous Inquisitor")[0].effects, "c1", 0, "again")
    battle.deal_damage(inq, 2)  # a spell's 2: one point redirected, one taken
    assert (inq.life, bears.life) == (3, 2)
    battle.deal_damage(inq, 1)
    assert (inq.life, bears.life) == (2, 2)  # only the next point
    battle.resolve_effects(inq, "you", abilities("Zealous Inquisitor")[0].effects, "c1", 0, "again")
    battle.next_turn()
    assert inq.redirect == []  # "this turn"
