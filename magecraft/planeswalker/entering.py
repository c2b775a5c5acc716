"""Creatures entering the battle (seed 001, "Combat Mechanics" 5 "Casting": a summoned creature and its
"Summoning Sickness"; "Character Stats" Focus: "Tokens do not count as permanent effects"; rulings PW7,
PW38, PW40, PW41).

A summoned creature starts at its summoner's ranges; a token at its maker's; a creature that sees others
enter (Soul Warden) is told; "enters" and "upkeep" triggers resolve.
"""

from __future__ import annotations

from magecraft.planeswalker.combatants import HASTE, Combatant, creature_from_card, pair
from magecraft.planeswalker.effects import count_of, lord_of, on_entering, on_trigger, statics, token, triggers
from magecraft.planeswalker.resolver import SECTION_CASTING, Resolver


def summon(battle: Resolver, caster: Combatant, name: str, target_id: str = "") -> None:
    """A creature spell resolves: the creature enters under ``caster``'s control, summoning sick, at the
    caster's ranges with every enemy (PW7); its "enters" trigger hits ``target_id`` (PW40)."""
    cid = f"s{battle.next_summon}"
    battle.next_summon += 1
    creature = creature_from_card(cid, name, caster.side, controller=caster.id, sick=True,
                                  regenerations=battle.settings.regenerate_per_battle)
    battle.fighters[cid] = creature
    battle.lordly = battle.lordly or lord_of(creature.card) is not None or count_of(creature.card) is not None \
        or "sacrificed alone" in statics(creature.card)
    battle.watchers = battle.watchers or bool(on_trigger(creature.card, "another enters"))
    caster.creatures.append(cid)
    for enemy in battle.enemies(cid):
        start = battle.ranges.get(pair(caster.id, enemy.id), battle.settings.start_range)
        battle.ranges[pair(cid, enemy.id)] = start
    battle.rng.log.record("summon", f"{caster.label} summons {creature.label}", section=SECTION_CASTING,
                          data={"id": cid, "controller": caster.id, "sick": creature.sick})
    _another_entered(battle, creature)
    entering = on_entering(creature.name)
    if entering:
        # a targeted "enters" trigger hits the target chosen when the creature was cast (PW40)
        battle._resolve(creature, caster, entering, target_id, 0, f"{creature.label} entering")


def _another_entered(battle: Resolver, creature: Combatant) -> None:
    """"Whenever another creature enters the battlefield, you gain 1 life" (Soul Warden, PW41): for
    the watcher's controller (a creature alone: itself)."""
    if not battle.watchers:
        return
    for watcher in list(battle.fighters.values()):
        effects = on_trigger(watcher.card, "another enters")
        if effects and watcher.active and watcher is not creature:
            owner = battle.fighters.get(watcher.controller or "", watcher)
            battle._resolve(watcher, owner, effects, "", 0, f"{watcher.label} seeing {creature.label}")


def make_token(battle: Resolver, maker: Combatant, name: str) -> None:
    """A creature token for the maker's controller (not a pervasive effect: "Tokens do not count as
    permanent effects"), at the maker's ranges; made by a creature acting alone, it acts alone too and
    takes its turn right after its maker's (PW38)."""
    spec = token(name)
    tid = f"t{battle.next_token}"
    battle.next_token += 1
    owner = battle.fighters.get(maker.controller or "")
    if owner is not None and not owner.active:
        return
    made = Combatant(tid, f"{spec.name} token", maker.side, "creature", spec.power, spec.toughness, spec.power,
                     spec.toughness, 2 * spec.toughness, 2 * spec.toughness, battle.settings.creature_speed,
                     spec.keywords, spec.colors, controller=owner.id if owner else None,
                     sick=owner is not None and HASTE not in spec.keywords)
    battle.fighters[tid] = made
    for enemy in battle.enemies(tid):
        battle.ranges[pair(tid, enemy.id)] = battle.ranges.get(pair(maker.id, enemy.id),
                                                               battle.settings.start_range)
    if owner is not None:
        owner.tokens.append(tid)
    else:
        place = battle.order.index(maker.id) + 1
        battle.order.insert(place, tid)
        if place <= battle.turn:
            battle.turn += 1
    battle.rng.log.record("token", f"{maker.label} makes {made.label}", section="Character Stats",
                          data={"id": tid, "maker": maker.id, "controller": made.controller})
    _another_entered(battle, made)


def upkeep_triggers(battle: Resolver) -> None:
    """"At the beginning of each upkeep" (Verdant Force): at every mage's Upkeep (PW38)."""
    for fighter in list(battle.fighters.values()):
        if fighter.active:
            for name in triggers(fighter.card, "upkeep"):
                make_token(battle, fighter, name)
    battle.pervasive.kept_upkeep(battle.actor())  # kept permanents refreshed; their triggers (PW43, PW45)
