"""Control and Auras (seed 001, "Combat Mechanics" 5 "Casting", "Upkeep Phase": pervasive effects; 7:
characters immune to "effects that grant control of a creature to another character"; rulings PW39, PW50).

"Gain control of target creature" until the end of the turn (Threaten) or while an Aura is kept
(Confiscate); an Aura's or an Equipment's Power, Toughness and keywords while it is on its creature; the
Auras on a combatant that leaves go to their mages' graveyards.
"""

from __future__ import annotations

from magecraft.planeswalker.combatants import HASTE, Combatant, pair
from magecraft.planeswalker.effects import aura_effects, is_equipment
from magecraft.planeswalker.resolver import SECTION_CASTING, Resolver


def take_control(battle: Resolver, creature: Combatant, mage: Combatant, until: str) -> None:
    """"Gain control of target creature": it fights for ``mage`` -- on its side, commanded by it, at its
    ranges, summoning sick unless it has Haste -- until the end of the turn (``"turn"``, Threaten) or
    while the Aura is kept (``"aura"``, Confiscate).  Player characters are immune (Combat Mechanics 7)."""
    old = battle.fighters.get(creature.controller or "")
    if not creature.control:  # taken twice: it still goes back to whose it first was
        listed = "" if old is None else ("tokens" if creature.id in old.tokens else "creatures")
        creature.control = [creature.side, creature.controller or "", until, listed]
    else:
        creature.control = [*creature.control[:2], until, *creature.control[3:]]
    if old is not None:
        old.give_up(creature.id)
    creature.side, creature.controller = mage.side, mage.id
    mage.stolen.append(creature.id)
    creature.sick = HASTE not in creature.keywords
    _stand_with(battle, creature, mage)
    battle.rng.log.record("control", f"{mage.label} gains control of {creature.label}", section=SECTION_CASTING,
                          data={"id": creature.id, "controller": mage.id, "until": until})


def give_back(battle: Resolver, creature: Combatant) -> None:
    """A stolen creature returns to whose it was (an independent creature to its own turns); a mage who
    has left the battle meanwhile cannot take it back: it is unsummoned."""
    side, controller, _until, listed = creature.control
    creature.control = []
    thief = battle.fighters.get(creature.controller or "")
    if thief is not None:
        thief.give_up(creature.id)
    owner = battle.fighters.get(controller)
    creature.side, creature.controller = side, controller or None
    if owner is not None and not owner.active:
        creature.out = "unsummoned"
    elif owner is not None:
        (owner.tokens if listed == "tokens" else owner.creatures).append(creature.id)
        _stand_with(battle, creature, owner)
    else:
        for enemy in battle.enemies(creature.id):
            battle.ranges.setdefault(pair(creature.id, enemy.id), battle.settings.start_range)
    battle.rng.log.record("control", f"{creature.label} returns to its side", section=SECTION_CASTING,
                          data={"id": creature.id, "controller": controller, "out": creature.out})


def _stand_with(battle: Resolver, creature: Combatant, mage: Combatant) -> None:
    """A creature whose control changed stands where its controller does: its range with each enemy is
    the controller's (as a summoned creature's, PW7)."""
    for enemy in battle.enemies(creature.id):
        battle.ranges[pair(creature.id, enemy.id)] = battle.ranges.get(pair(mage.id, enemy.id),
                                                                       battle.settings.start_range)


def attach(battle: Resolver, mage: Combatant, name: str, target_id: str, *, kept: bool = False) -> None:
    """An Aura resolves onto its target (PW39): a pervasive effect of its caster, whose effects last while
    it is kept; a target gone meanwhile sends it to the graveyard."""
    target = battle.fighters.get(target_id)
    if target is None or not target.active:
        if not kept:
            mage.graveyard.append(name)
        return
    if not kept:  # an Equipment being equipped is kept already (PW50)
        mage.permanents.append(name)
    added: list[str] = []
    for effect in aura_effects(name)[1]:
        if effect.kind == "pump":
            times = mage.identity.count(effect.per_land) if effect.per_land else 1  # its Forests (PW48)
            target.base_power += effect.power * times
            target.base_toughness += effect.toughness * times
            target.power = max(0, target.power + effect.power * times)
            target.toughness = max(0, target.toughness + effect.toughness * times)
        elif effect.kind == "grant" and battle._grant(target, effect.keyword, until_end_of_turn=False):
            added.append(effect.keyword)
        elif effect.kind == "gain control" and not target.is_mage and target.controller != mage.id:
            take_control(battle, target, mage, "aura")
    mage.auras.append([name, target_id, *added])
    battle.rng.log.record("aura", f"{name} enchants {target.label}", section=SECTION_CASTING,
                          data={"card": name, "target": target_id, "caster": mage.id})


def detach(battle: Resolver, mage: Combatant, name: str, entry: list[str] | None = None) -> None:
    """An Aura leaves (released, destroyed, or its creature gone): its effects end."""
    chosen = next((c for c in mage.chosen if c[0] == name), None)
    if chosen is not None and entry is None:  # the oldest kept one goes first (list.remove)
        mage.chosen.remove(chosen)
    entry = entry or next((a for a in mage.auras if a[0] == name), None)
    if entry is None:
        return
    mage.auras.remove(entry)
    target = battle.fighters[entry[1]]
    for effect in aura_effects(name)[1]:
        if effect.kind == "pump":
            times = mage.identity.count(effect.per_land) if effect.per_land else 1
            target.base_power -= effect.power * times
            target.base_toughness -= effect.toughness * times
            target.power = max(0, target.power - effect.power * times)
            target.toughness = max(0, target.toughness - effect.toughness * times)
        elif effect.kind == "gain control" and target.control and target.control[2] == "aura" and \
                target.active:
            give_back(battle, target)
    target.keywords = tuple(k for k in target.keywords if k not in entry[2:])


def drop_auras_on(battle: Resolver, fid: str) -> None:
    """"Enchant creature": the Auras on a combatant that left the battle go to their mages' graveyards."""
    for mage in battle.fighters.values():
        for entry in [a for a in mage.auras if a[1] == fid]:
            if not is_equipment(entry[0]):  # an Equipment stays, unattached (PW50)
                mage.permanents.remove(entry[0])
                mage.graveyard.append(entry[0])
            detach(battle, mage, entry[0], entry)
