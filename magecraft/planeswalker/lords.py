"""Lords and creatures that count (seed 001, "Character Stats" Power and Toughness: "augmented by ...
enchantments, or other magics"; rulings PW41, PW44, PW49, PW55, PW76).

Static bonuses follow who is in the battle: a lord's "+P/+T" (and keywords) to the creatures it names, an
enchantment's to its mage's creatures, a */* creature's own count.  The battle refreshes them after every
action (:func:`refresh_lords`), at once when no lord has been in the battle (``lordly``).
"""

from __future__ import annotations

from magecraft.planeswalker.combatants import Combatant
from magecraft.planeswalker.effects import Lord, count_of, lord_of, statics, subtypes
from magecraft.planeswalker.resolver import SECTION_CASTING, Resolver


def find_lords(battle: Resolver) -> bool:
    """Whether any combatant or kept enchantment is a lord, or any bonus is still given (a new or loaded
    battle)."""
    return any(lord_of(f.card) is not None or count_of(f.card) is not None or f.lorded or f.lorded_keywords
               or "sacrificed alone" in statics(f.card)
               or any(lord_of(n) is not None for n in f.permanents) for f in battle.fighters.values())


def refresh_lords(battle: Resolver) -> None:
    """Static bonuses follow who is in the battle now: "Other Goblin creatures get +1/+1" (Goblin King,
    Elvish Champion, Lord of the Undead, Blessed Orator) and Kird Ape's "+1/+2 as long as you control a
    Forest" (its controller's identity has Green, PW37).  The bonus is part of the base Power and
    Toughness (the dice), not Life; what a lord gave is taken back when it leaves."""
    if not battle.lordly:
        return
    battle.pervasive.alone_sacrificed()  # Emperor Crocodile (PW55)
    fighters = battle.fighters.values()
    lords = [(f, lord) for f in fighters if f.active and (lord := lord_of(f.card)) is not None]
    # a mage's enchantments that are lords (Glorious Anthem: "creatures you control get +1/+1")
    lords += [(f, lord) for f in fighters if f.active and f.is_mage for name in f.permanents
              if (lord := lord_of(name)) is not None]
    counted = any(f.active and count_of(f.card) is not None for f in fighters)
    if not lords and not counted and not any(f.lorded for f in fighters):
        return
    for fighter in list(fighters):
        if fighter.is_mage:
            continue
        power = toughness = 0
        keywords: list[str] = []
        count = count_of(fighter.card) if counted and fighter.active else None
        if count is not None:  # a */* creature's count is its own Power and/or Toughness (PW44)
            n = battle.pervasive.counted(fighter)
            power, toughness = n if count.power else 0, n if count.toughness else 0
        if fighter.active:
            for source, lord in lords:
                times = _lorded_times(battle, fighter, source, lord)
                if times is not None:
                    power, toughness = power + lord.power * times, toughness + lord.toughness * times
                    if lord.keyword:
                        keywords.append(lord.keyword)
                    keywords.extend(lord.keywords)
        before = fighter.lorded or [0, 0]
        gain_p, gain_t = power - before[0], toughness - before[1]
        if gain_p or gain_t:
            fighter.base_power += gain_p
            fighter.base_toughness += gain_t
            fighter.power = max(0, fighter.power + gain_p)
            fighter.toughness = max(0, fighter.toughness + gain_t)
        fighter.lorded = [power, toughness] if power or toughness else []
        stale = [k for k in fighter.lorded_keywords if k not in keywords]
        if stale:
            fighter.keywords = tuple(k for k in fighter.keywords if k not in stale)
        fresh = [k for k in dict.fromkeys(keywords) if k not in fighter.keywords]
        if fresh:
            fighter.keywords = (*fighter.keywords, *fresh)
        fighter.lorded_keywords = [k for k in fighter.lorded_keywords if k not in stale] + fresh
        if count is not None and count.toughness:
            _counted_life(battle, fighter)


def _lorded_times(battle: Resolver, fighter: Combatant, source: Combatant, lord: Lord) -> int | None:
    """How many times ``source``'s ``lord`` bonus applies to ``fighter`` now (None: it does not apply)."""
    fighters = battle.fighters.values()
    times = 1
    if lord.enchanted:  # Thran Golem: "as long as it is enchanted" (PW76)
        applies = source is fighter and any(a[1] == fighter.id for m in fighters for a in m.auras)
    elif lord.colour:
        owner = battle.fighters.get(source.controller or "")
        applies = source is fighter and owner is not None and lord.colour in owner.identity
    else:
        applies = source is not fighter and (not lord.subtype or lord.subtype in subtypes(
            fighter.card)) and (not lord.yours or source.side == fighter.side)
        if lord.shared:  # Coat of Arms: per other creature sharing a creature type (PW49)
            kinds = set(subtypes(fighter.card))
            times = sum(1 for f in fighters if f is not fighter and f.active and not f.is_mage
                        and kinds & set(subtypes(f.card)))
    return times if applies else None


def _counted_life(battle: Resolver, creature: Combatant) -> None:
    """A */* creature's Life is twice the Toughness it counted when it entered (PW35, PW44); one whose
    Toughness count is 0 dies, as in Magic (a reduction in locked combat is not its count)."""
    if creature.base_life == 0 and creature.base_toughness > 0:
        creature.base_life = creature.life = 2 * creature.base_toughness
    if creature.base_toughness <= 0:
        creature.out = "dead"
        battle.rng.log.record("out", f"{creature.label} dies (its Toughness counts 0)", section=SECTION_CASTING,
                              data={"id": creature.id, "out": "dead"})
        battle._after_damage(creature)
