"""Answering spells and commands (seed 001, "Combat Mechanics" 5 "Casting": "A spell may be responded to by
any enemy or ally [who] successfully makes an opposed Speed roll"; "Commanding": "Controlled creatures ...
may be responded to in turn"; 6 "Instant spells"; rulings PW13, PW35).

A window opens on a spell, a command or an ability; each mage who may answer is asked in turn order; what
was waiting resolves when every one has answered or passed (a counter stops a spell).
"""

from __future__ import annotations

from typing import Any

from magecraft.planeswalker.actions import Action, Step
from magecraft.planeswalker.battling import Battling
from magecraft.planeswalker.engaging import engage, flip
from magecraft.planeswalker.locked import roll_pool
from magecraft.planeswalker.mana import largest_x, pay
from magecraft.planeswalker.pervasive import taxed
from magecraft.planeswalker.spells import profile


def open_window(battle: Battling, pending: dict[str, Any], resume: Step) -> None:
    """"A spell may be responded to by any enemy or ally [who] successfully makes an opposed Speed roll
    equal to or greater than the character whose turn it is"; commands likewise."""
    pending.setdefault("by", battle.actor().id)
    pending["countered"] = False
    start = battle.turn + 1
    rotation = battle.order[start:] + battle.order[:start]
    pending["responders"] = [fid for fid in rotation if fid != pending["by"] and battle.fighters[fid].is_mage
                             and battle.fighters[fid].active]
    battle.pending = pending
    battle.resume = resume
    next_responder(battle)


def next_responder(battle: Battling) -> None:
    assert battle.pending is not None
    responders = battle.pending["responders"]
    while responders:
        battle.phase = Step.RESPONSE
        battle._legal = None
        if len(battle.legal_actions()) > 1:
            return
        responders.pop(0)
    battle._legal = None
    resolve_pending(battle)


def do_pass(battle: Battling, action: Action) -> None:
    if battle.phase == Step.TRAMPLE:
        battle.trample = None
        battle._back()
        return
    assert battle.pending is not None
    battle.pending["responders"].pop(0)
    next_responder(battle)


def do_respond(battle: Battling, action: Action) -> None:
    assert battle.pending is not None
    responder = battle.fighters[battle.pending["responders"].pop(0)]
    controller = battle.fighters[battle.pending["by"]]
    spell = profile(action.card)
    if not spell.split_second:
        mine = roll_pool(battle.rng, responder.speed, f"{responder.label}'s Speed roll to respond")
        theirs = roll_pool(battle.rng, controller.speed, f"{controller.label}'s opposed Speed roll")
        if mine < theirs:
            battle.rng.log.record("response", f"{responder.label} is too slow to answer", section="Instants",
                                  data={"responder": responder.id, "roll": mine, "against": theirs})
            next_responder(battle)
            return
    cost = taxed(battle, responder, spell.cost)  # Defense Grid (PW75)
    x = largest_x(responder.mana, cost, responder.mastery, artifact=cost.artifact) if cost.has_x else 0
    pay(responder.mana, cost, artifact=cost.artifact, x=x)
    responder.memory.remove(spell.name)
    responder.graveyard.append(spell.name)
    battle.rng.log.record("cast", f"{responder.label} answers with {spell.name}", section="Instants",
                          data={"caster": responder.id, "card": spell.name, "target": action.target, "x": x})
    battle.pervasive.spell_cast(responder, spell, action.target)
    if spell.kind == "counter":
        battle.pending["countered"] = True
    else:
        battle._apply_effect(responder, spell, action.target, x)
    next_responder(battle)


def resolve_pending(battle: Battling) -> None:
    pending = battle.pending
    assert pending is not None
    battle.pending = None
    if pending["kind"] == "order" and pending["order"] == "ability":
        battle._resolve_ability(pending)
        battle._back()
        return
    if pending["kind"] == "order":
        creature = battle.fighters[pending["creature"]]
        target = battle.fighters[pending["target"]]
        if not creature.active or not target.active:
            battle._back()
            return
        if pending["order"] == "move":
            flip(battle, creature.id, target.id)
            battle._back()
            return
        engage(battle, creature.id, target.id)
        return
    caster = battle.fighters[pending["by"]]
    spell = profile(pending["card"])
    if pending["countered"]:
        caster.graveyard.append(spell.name)
        battle.rng.log.record("countered", f"{spell.name} is countered", section="Instants",
                              data={"card": spell.name})
    elif caster.active:
        battle._apply_effect(caster, spell, pending["target"], pending["x"])
    battle._back()
