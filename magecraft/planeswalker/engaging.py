"""Engaging and locked combat (seed 001, "Combat Mechanics" 3 "Locked Combat", 5 "Engaging" and
"Combat"; rulings PW36, PW37, PW63).

"Once per turn, a character or creature may Engage an enemy and enter Locked Combat"; a controlled creature
in close combat may intercept an engagement aimed at its mage; the attack and counter-attack rolls
(:func:`magecraft.planeswalker.locked.lock`); the attacker repelled unless it has Vigilance; Trample's
move after a kill.  A move between ranged and close combat ("Moving") is :func:`flip`.
"""

from __future__ import annotations

from magecraft.planeswalker.actions import Action, Step
from magecraft.planeswalker.battling import Battling
from magecraft.planeswalker.combatants import BATTLE_CRY, TRAMPLE, VIGILANCE, Combatant, pair
from magecraft.planeswalker.decisions import interceptors
from magecraft.planeswalker.effects import on_engaging, on_trigger
from magecraft.planeswalker.locked import lock


def engage(battle: Battling, attacker_id: str, target_id: str) -> None:
    target = battle.fighters[target_id]
    if target.fleeing:
        target.flee_engaged = True
    battle.intercept = {"attacker": attacker_id, "target": target_id}
    attacking(battle, battle.fighters[attacker_id], target)  # Seasoned Marshal (PW63)
    if target.is_mage and interceptors(battle):
        battle.phase = Step.INTERCEPT
        return
    battle.intercept = None
    fight(battle, attacker_id, target_id)


def do_intercept(battle: Battling, action: Action) -> None:
    assert battle.intercept is not None
    attacker = battle.intercept["attacker"]
    battle.intercept = None
    battle.rng.log.record("intercept", f"{battle.fighters[action.target].label} intercepts", section="Engaging",
                          data={"interceptor": action.target, "attacker": attacker})
    fight(battle, attacker, action.target)


def do_allow(battle: Battling, action: Action) -> None:
    assert battle.intercept is not None
    attacker, target = battle.intercept["attacker"], battle.intercept["target"]
    battle.intercept = None
    fight(battle, attacker, target)


def fight(battle: Battling, attacker_id: str, defender_id: str) -> None:
    attacker, defender = battle.fighters[attacker_id], battle.fighters[defender_id]
    battle.rng.log.record("locked", f"{attacker.label} engages {defender.label}", section="Locked Combat",
                          data={"attacker": attacker_id, "defender": defender_id})
    if VIGILANCE not in attacker.keywords:
        attacker.tapped = True  # as attacking taps in Magic (ruling PW36)
    if BATTLE_CRY in attacker.keywords:
        _battle_cry(battle, attacker)
    on_attack = on_engaging(attacker.card)
    if on_attack:  # Hollow Dogs, Rogue Kavu: "whenever it attacks" (PW41)
        owner = battle.fighters.get(attacker.controller or "", attacker)
        battle._resolve(attacker, owner, on_attack, "", 0, f"{attacker.label} attacking")
    battle.pervasive.blocked(attacker, defender)  # Elvish Berserker (PW51)
    # Furnace (PW53)
    strikes = lock(attacker, defender, battle.rng, battle.settings, factor=battle.pervasive.damage_factor())
    battle.pervasive.locked_in(attacker, defender, strikes)  # PW49, PW51, PW53
    battle._after_damage(attacker)
    battle._after_damage(defender)
    if attacker.active and defender.active and VIGILANCE not in attacker.keywords:
        key = pair(attacker_id, defender_id)
        if battle.ranges[key] != battle.settings.repel_to:
            battle.ranges[key] = battle.settings.repel_to
            battle.rng.log.record("repelled", f"{attacker.label} is repelled", section="Locked Combat",
                                  data={"attacker": attacker_id, "range": battle.settings.repel_to})
    if battle._check_over():
        return
    if attacker.active and not defender.active and TRAMPLE in attacker.keywords and battle.enemies(attacker_id):
        battle.trample = attacker_id
        battle.phase = Step.TRAMPLE
        return
    battle._back()


def _battle_cry(battle: Battling, attacker: Combatant) -> None:
    """Battle cry (ruling PW37): each other combatant of its side gets +1 Power until end of turn."""
    for fighter in battle.fighters.values():
        if fighter.active and fighter.side == attacker.side and fighter.id != attacker.id:
            fighter.power += 1
    battle.rng.log.record("battle cry", f"{attacker.label}'s battle cry", section="Locked Combat",
                          data={"attacker": attacker.id})


def do_trample_engage(battle: Battling, action: Action) -> None:
    attacker, battle.trample = battle.trample, None
    assert attacker is not None
    engage(battle, attacker, action.target)


def do_trample_move(battle: Battling, action: Action) -> None:
    attacker, battle.trample = battle.trample, None
    assert attacker is not None
    flip(battle, attacker, action.target)
    battle._back()


def flip(battle: Battling, mover: str, target: str) -> None:
    key = pair(mover, target)
    battle.ranges[key] = "close" if battle.ranges[key] == "ranged" else "ranged"
    battle.rng.log.record("move", f"{battle.fighters[mover].label} moves to {battle.ranges[key]} combat with "
                          f"{battle.fighters[target].label}", section="Moving",
                          data={"mover": mover, "target": target, "range": battle.ranges[key]})


def attacking(battle: Battling, attacker: Combatant, target: Combatant) -> None:
    """Seasoned Marshal: "Whenever Seasoned Marshal attacks, you may tap target creature" (PW63) -- as it
    engages, before any interception, its controller taps the creature with the most Power that could
    intercept it (then the battle's order); none, and "you may" is not used."""
    effects = on_trigger(attacker.card, "attacks")
    if not effects or not target.is_mage or battle.intercept is None:
        return
    able = [battle.fighters[c] for c in interceptors(battle)]
    best = max(able, key=lambda f: f.power, default=None)
    if best is not None:
        battle.pervasive.targeted(best.id)  # Cowardice (PW53)
        owner = battle.fighters.get(attacker.controller or "", attacker)
        battle._resolve(attacker, owner, effects, best.id, 0, f"{attacker.label} attacking")
