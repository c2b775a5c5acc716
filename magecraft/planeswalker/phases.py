"""The phases of a turn and their actions (seed 001, "Combat Mechanics" 4 (delaying one's turn) and 5:
"Channeling Phase", "Upkeep", "Main Phase" -- Moving, Commanding, Casting, Engaging, Fleeing -- and "End
Phase"; rulings PW14, PW15, PW20, PW35, PW43).

One function per kind of decision, by :data:`magecraft.planeswalker.combat.PERFORMERS`; a window for
answers opens through :mod:`.responses`, an engagement is fought through :mod:`.engaging`.
"""

from __future__ import annotations

from magecraft.planeswalker.actions import Action, Step
from magecraft.planeswalker.battling import Battling
from magecraft.planeswalker.effects import abilities
from magecraft.planeswalker.engaging import engage, flip
from magecraft.planeswalker.entering import upkeep_triggers
from magecraft.planeswalker.locked import roll_pool
from magecraft.planeswalker.mana import largest_x, pay, restore
from magecraft.planeswalker.resolver import SECTION_CASTING
from magecraft.planeswalker.responses import open_window, resolve_pending
from magecraft.planeswalker.spells import profile


def do_delay(battle: Battling, action: Action) -> None:
    """"choose to delay your turn ... changes your turn to that point in the rotation for the rest of
    the battle"."""
    actor = battle.order.pop(battle.turn)
    battle.delayed.append(actor)
    battle.order.insert(battle.order.index(action.target) + 1, actor)
    battle._begin_turn()


def do_activate(battle: Battling, action: Action) -> None:
    """A kept artifact's or enchantment's ability (PW43), as the pervasive effects carry it out."""
    battle.pervasive.do_activate(action)


def do_channel(battle: Battling, action: Action) -> None:
    actor = battle.actor()
    if action.draw:
        actor.memory.append(actor.library.pop(0))
        battle.pervasive.drew(actor, 1)
    budget = battle.channel_budget(actor)
    restored = restore(actor.mana, actor.capacity, actor.mana_order(), budget)
    if action.amount:
        actor.mana["C"] = actor.mana.get("C", 0) + action.amount
    battle.rng.log.record("channel", f"{actor.label} channels", section="Channeling Phase",
                          data={"restored": restored, "excess": action.amount, "mana": dict(actor.mana)})
    _upkeep(battle)
    upkeep_triggers(battle)  # after the refresh: a token made now is summoning sick


def _upkeep(battle: Battling) -> None:
    """"maintain pervasive effects up to his Focus score. Creatures given Focus are refreshed"."""
    actor = battle.actor()
    for cid in actor.controlled():
        creature = battle.fighters[cid]
        creature.sick = False
        creature.tapped = creature.tapped and not battle.pervasive.untaps(creature)
    if actor.pervasive() > actor.focus:
        battle.phase = Step.UPKEEP
        return
    battle.sustained = actor.pervasive()  # what the mage keeps past Upkeep is what he sustains
    battle.phase = Step.MAIN


def do_release(battle: Battling, action: Action) -> None:
    actor = battle.actor()
    battle._release(actor, action.target, action.card)
    _upkeep(battle)


def do_end(battle: Battling, action: Action) -> None:
    battle._end_turn()


def do_forget(battle: Battling, action: Action) -> None:
    actor = battle.actor()
    actor.memory.remove(action.card)
    battle.pervasive.discarded(actor, 1)  # forgetting to half Memory is Magic's discard to hand size (PW51)
    if not actor.active or len(actor.memory) <= actor.memory_limit():
        battle._next_turn()


def do_move(battle: Battling, action: Action) -> None:
    battle._spend()
    battle.moved = True
    flip(battle, battle.actor().id, action.target)


def do_flee(battle: Battling, action: Action) -> None:
    """Fleeing: the rest of the turn is skipped, pervasive effects end, creatures are unsummoned; 2+
    Speed over every other combatant allows an opposed Speed roll to escape at once (PW15)."""
    actor = battle.actor()
    battle._spend()
    for cid in actor.controlled():
        battle._release(actor, cid, "")
    for name in list(actor.permanents):
        battle._release(actor, "", name)
    others = [f for f in battle.fighters.values() if f.active and f.id != actor.id]
    if others and all(actor.speed >= f.speed + 2 for f in others):
        fastest = max(others, key=lambda f: f.speed)
        mine = roll_pool(battle.rng, actor.speed, f"{actor.label}'s Speed roll to escape")
        theirs = roll_pool(battle.rng, fastest.speed, f"{fastest.label}'s opposed Speed roll")
        if mine >= theirs:
            actor.out = "escaped"
            battle.rng.log.record("flee", f"{actor.label} escapes at once", section="Fleeing",
                                  data={"id": actor.id, "roll": mine, "against": theirs})
            battle._next_turn()
            return
    actor.fleeing, actor.flee_damage, actor.flee_engaged = True, 0, False
    battle.rng.log.record("flee", f"{actor.label} flees", section="Fleeing", data={"id": actor.id})
    battle._next_turn()


def do_command(battle: Battling, action: Action) -> None:
    """"direct any number of creatures as a single action" -- before any other action."""
    battle._spend()
    battle.command_used = True
    battle.phase = Step.COMMANDING


def do_done(battle: Battling, action: Action) -> None:
    battle.phase = Step.MAIN


def do_order_move(battle: Battling, action: Action) -> None:
    battle.commanded.append(action.creature)
    open_window(battle, {"kind": "order", "order": "move", "creature": action.creature,
                         "target": action.target}, Step.COMMANDING)


def do_order_engage(battle: Battling, action: Action) -> None:
    battle.commanded.append(action.creature)
    open_window(battle, {"kind": "order", "order": "engage", "creature": action.creature,
                         "target": action.target}, Step.COMMANDING)


def do_order_ability(battle: Battling, action: Action) -> None:
    """"Cast a 'spell' via an ability": paid from the controller's Mana Pool (at most its Mastery);
    a mana ability resolves at once, any other may be answered like a command (ruling PW35)."""
    battle.commanded.append(action.creature)
    creature = battle.fighters[action.creature]
    ability = abilities(creature.card)[int(action.card)]
    x = battle._pay_ability(creature, battle.actor(), ability, action.target)
    pending = {"kind": "order", "order": "ability", "creature": creature.id, "target": action.target,
               "ability": ability.index, "x": x}
    if ability.mana_ability:
        battle._resolve_ability(pending)
        battle.resume = Step.COMMANDING
        battle._back()
        return
    open_window(battle, pending, Step.COMMANDING)


def do_ability(battle: Battling, action: Action) -> None:
    """A creature acting on its own uses an ability as one of its actions; no window opens (PW14)."""
    battle._spend()
    creature = battle.actor()
    ability = abilities(creature.card)[int(action.card)]
    x = battle._pay_ability(creature, None, ability, action.target)
    battle._resolve_ability({"kind": "order", "order": "ability", "creature": creature.id,
                             "target": action.target, "ability": ability.index, "x": x})
    battle._back()


def do_engage(battle: Battling, action: Action) -> None:
    battle._spend()
    battle.engaged = True
    battle.resume = Step.MAIN
    engage(battle, battle.actor().id, action.target)


def do_cast(battle: Battling, action: Action) -> None:
    actor = battle.actor()
    spell = profile(action.card)
    battle._spend()
    if not spell.instant:
        battle.casts += 1
    x = (largest_x(actor.mana, spell.cost, actor.mastery, artifact=spell.cost.artifact)
         if spell.cost.has_x else 0)
    pay(actor.mana, spell.cost, artifact=spell.cost.artifact, x=x)
    actor.memory.remove(action.card)
    battle.rng.log.record("cast", f"{actor.label} casts {spell.name}", section=SECTION_CASTING,
                          data={"caster": actor.id, "card": spell.name, "target": action.target, "x": x})
    battle.pervasive.spell_cast(actor, spell, action.target)  # "whenever a player casts" (PW45, PW48, PW53)
    pending = {"kind": "spell", "card": spell.name, "by": actor.id, "target": action.target, "x": x}
    if spell.split_second:
        pending["responders"], pending["countered"] = [], False
        battle.pending = pending
        battle.resume = Step.MAIN
        resolve_pending(battle)
        return
    open_window(battle, pending, Step.MAIN)
