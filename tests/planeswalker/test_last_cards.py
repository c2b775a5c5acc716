"""The last cards transcribed (rulings PW60-): each in a battle, with scripted dice."""

from __future__ import annotations

from magecraft.planeswalker.actions import Action
from magecraft.planeswalker.bot import ready_mage
from magecraft.planeswalker.combatants import CANT_BLOCK
from magecraft.planeswalker.decisions import interceptors
from tests.planeswalker.test_effects import ready
from tests.planeswalker.test_pervasive import to_your_channelling

# -- PW60, PW61 ------------------------------------------------------------------------------------------


def test_festering_goblin_dying_shrinks_the_strongest_enemy_creature_near_it(make_battle) -> None:
    battle = make_battle(["Grizzly Bears", "Craw Wurm"], [2, 1], ranges={"c1": "close", "c2": "close"})
    goblin = ready(battle, "Festering Goblin")
    # the Goblin's 1 against the Bears' 6 + 6; the Bears' 6 + 6 against the Goblin's 1: 11 damage, it dies
    battle.rng.extend_script([1, 6, 6, 6, 6, 1])
    battle._fight(goblin, "c1")
    bears, wurm = battle.fighters["c1"], battle.fighters["c2"]
    assert battle.fighters[goblin].out == "dead"
    assert (wurm.power, wurm.toughness, wurm.life) == (5, 3, 8)  # -1/-1: the dice, not Life (PW35)
    assert bears.power == 2
    battle.apply(Action("end"))
    assert (wurm.power, wurm.toughness) == (6, 4)  # until end of turn


def test_festering_goblin_dying_far_from_enemy_creatures_hits_nothing(make_battle) -> None:
    battle = make_battle(["Craw Wurm"])  # ranged: "target creature" needs close combat (PW16)
    goblin = ready(battle, "Festering Goblin")
    battle.rng.extend_script([])
    battle._damage(battle.fighters[goblin], 2)
    assert battle.fighters[goblin].out == "dead"
    assert (battle.fighters["c1"].power, battle.fighters["c1"].toughness) == (6, 4)


def test_panic_attack_stops_three_creatures_of_the_targets_side_blocking(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2}, library=("Panic Attack", "Shock"),
                     memorized=("Panic Attack",))
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), ranges={"mage": "close"}, hero=hero)
    to_your_channelling(battle)
    mage = battle.fighters["mage"]
    for name in ("Grizzly Bears", "Craw Wurm", "Goblin Piker", "Kird Ape"):
        battle._summon(mage, name)
    bears, wurm, piker, ape = mage.creatures[-4:]
    mine = ready(battle, "Grizzly Bears")
    battle.apply(Action("channel"))
    battle.apply(Action("cast", card="Panic Attack", target=wurm))
    while battle.phase == "response":
        battle.apply(Action("pass"))
    blocked = [cid for cid in (bears, wurm, piker, ape) if CANT_BLOCK in battle.fighters[cid].keywords]
    assert blocked == [bears, wurm, piker]  # the target, and two more in the battle's order
    for fighter in battle.fighters.values():
        fighter.tapped = False
    battle.intercept = {"attacker": mine, "target": "mage"}
    assert interceptors(battle) == [ape]
