"""What single cards do beyond the shared kinds of effect (seed 001, "Combat Mechanics" 5 "Casting";
rulings PW52, PW58, PW59, PW65, PW69, PW70, PW74).

Sleight of Hand's look, a discard by choice, Elvish Piper's creature put onto the battlefield, Story
Circle's colour, Persecute, Rathi Dragon's lands, Polymorph, Fellwar Stone's and "any color" mana, Mana
Clash's coins: each read from ``data/card_effects.toml`` and carried out here, called by
:class:`~magecraft.planeswalker.resolution.Resolution`'s effect kinds.
"""

from __future__ import annotations

from magecraft.mtg_rpg.cards import COLORS
from magecraft.planeswalker.book import card_of
from magecraft.planeswalker.combatants import Combatant
from magecraft.planeswalker.entering import summon
from magecraft.planeswalker.resolver import SECTION_CASTING, Resolver
from magecraft.planeswalker.spells import profile, spell_colors


def look(battle: Resolver, mage: Combatant, count: int) -> None:
    """Sleight of Hand (PW65): the next ``count`` Library spells seen; the one kept goes to Memory (not a
    draw), the others to the bottom of the Library in their order.  Kept: the costliest the mage can cast
    (mana value within its Mastery), else the costliest; the first seen on a tie."""
    seen, mage.library[:] = mage.library[:count], mage.library[count:]
    if not seen:
        return
    kept = max(seen, key=lambda n: (profile(n).cost.mana_value <= mage.mastery, profile(n).cost.mana_value))
    mage.memory.append(kept)
    seen.remove(kept)
    mage.library.extend(seen)
    battle.rng.log.record("look", f"{mage.label} keeps {kept}", section=SECTION_CASTING,
                          data={"id": mage.id, "card": kept, "bottom": list(seen)})


def unusable(mage: Combatant) -> int:
    """The spell a mage discards by choice (Thought Courier, PW74): the costliest it cannot cast (above its
    Mastery; the latest drawn of those on a tie), else the one drawn last (PW52)."""
    costs = [profile(n).cost.mana_value for n in mage.memory]
    above = [i for i, cost in enumerate(costs) if cost > mage.mastery]
    return max(above, key=lambda i: (costs[i], i)) if above else -1


def put_creature(battle: Resolver, mage: Combatant) -> None:
    """"Put a creature card from your hand onto the battlefield" (PW70): the costliest creature spell in the
    mage's Memory (the first held on a tie) enters under it, not cast (no Mastery, nothing answers it)."""
    held = [n for n in mage.memory if card_of(n).is_creature] if mage.is_mage else []
    if held:
        name = max(held, key=lambda n: card_of(n).mana_value)
        mage.memory.remove(name)
        summon(battle, mage, name)


def threat_colour(battle: Resolver, mage: Combatant) -> str:
    """Story Circle's colour, chosen as it enters (PW69): the commonest colour among the enemies now -- the
    enemy creatures' colours and the enemy mages' identity colours; W U B R G on a tie."""
    counts = dict.fromkeys(COLORS, 0)
    for enemy in battle.enemies(mage.id):
        for colour in (enemy.identity if enemy.is_mage else enemy.colors):
            if colour in counts:
                counts[colour] += 1
    return max(COLORS, key=lambda c: (counts[c], -COLORS.index(c)))


def persecute(battle: Resolver, mage: Combatant) -> None:
    """Persecute (PW59): "Choose a color. Target player reveals their hand and discards all cards of that
    color" -- the colour with the most spells in the mage's Memory (the caster's best choice; W U B R G on
    a tie), every spell of it forgotten."""
    counts = {c: sum(1 for n in mage.memory if c in spell_colors(n)) for c in COLORS}
    colour = max(COLORS, key=lambda c: (counts[c], -COLORS.index(c)))
    gone = [n for n in mage.memory if colour in spell_colors(n)]
    mage.memory[:] = [n for n in mage.memory if colour not in spell_colors(n)]
    battle.rng.log.record("discard", f"{mage.label} forgets every {colour} spell", section=SECTION_CASTING,
                          data={"id": mage.id, "colour": colour, "cards": gone})
    battle.pervasive.discarded(mage, len(gone))


def sacrifice_lands(battle: Resolver, creature: Combatant, mage: Combatant, colour: str, count: int) -> None:
    """Rathi Dragon (PW59): "When it enters, sacrifice it unless you sacrifice two Mountains" -- a mage's
    lands are its identity sources (PW37): two of that colour given up for the rest of the battle (its
    pool's room for them, and what is in it beyond), else the creature is sacrificed; a creature alone has
    ``lone_count`` lands (PW44)."""
    if not mage.is_mage:
        if battle.settings.lone_count < count:
            battle._remove(creature, "sacrificed")
        return
    if mage.identity.count(colour) < count:
        battle._remove(creature, "sacrificed")
        return
    identity = list(mage.identity)
    for _ in range(count):
        identity.remove(colour)
    mage.identity = tuple(identity)
    mage.colors = tuple(c for c in COLORS if c in identity)
    mage.capacity[colour] = max(0, mage.capacity.get(colour, 0) - count)
    mage.mana[colour] = min(mage.mana.get(colour, 0), mage.capacity[colour])
    battle.rng.log.record("lands", f"{mage.label} sacrifices {count} of its {colour} sources",
                          section=SECTION_CASTING, data={"id": mage.id, "colour": colour, "count": count})


def polymorph(battle: Resolver, creature: Combatant) -> None:
    """Polymorph (PW58): "Destroy target creature. It can't be regenerated. Its controller reveals cards from
    the top of their library until they reveal a creature card. The player puts that card onto the
    battlefield and shuffles the rest into their library." A creature alone has no library."""
    owner = battle.fighters.get(creature.controller or "")
    battle._destroy(creature, True)
    if owner is None or not owner.active or not owner.is_mage:
        return
    found = next((i for i, n in enumerate(owner.library) if card_of(n).is_creature), None)
    if found is None:
        battle.rng.shuffle(owner.library, f"{owner.label}'s Library", section=SECTION_CASTING)
        return
    name = owner.library.pop(found)
    battle.rng.shuffle(owner.library, f"{owner.label}'s Library", section=SECTION_CASTING)
    summon(battle, owner, name)


def enemy_colour(battle: Resolver, mage: Combatant) -> str:
    """Fellwar Stone's "a color that a land an opponent controls could produce" (PW52): a colour of an enemy
    mage's identity (its lands, PW37), the one with the most room in ``mage``'s pool (W U B R G order on a
    tie); "" with no enemy mage."""
    colours = {c for f in battle.fighters.values() if f.is_mage and f.active and f.side != mage.side
               for c in f.identity if c in COLORS}
    room = {c: mage.capacity.get(c, 0) - mage.mana.get(c, 0) for c in COLORS if c in colours}
    return max(room, key=lambda c: (room[c], -COLORS.index(c))) if room else ""


def coin_clash(battle: Resolver, caster: Combatant, opponent: Combatant, colors: tuple[str, ...]) -> None:
    """Mana Clash (PW52): "You and that player each flip a coin. Mana Clash deals 1 damage to each player
    whose coin comes up tails. Repeat this process until both players' coins come up heads on the same
    flip." A coin is a d2 (1: heads)."""
    for _ in range(1000):  # ends with probability 1; bounded so a script cannot loop for ever
        coins = [(mage, battle.rng.roll(2, f"{mage.label}'s coin (1: heads)", section=SECTION_CASTING))
                 for mage in (caster, opponent)]
        for mage, coin in coins:
            if coin == 2 and mage.active:
                battle._damage(mage, 1, colors)
        if all(coin == 1 for _, coin in coins) or not (caster.active and opponent.active):
            return


def any_colour(mage: Combatant) -> str:
    """"one mana of any color": the colour of the controller's identity with the most room in its pool
    (first in W U B R G order on a tie; colorless without a coloured identity)."""
    room = {c: mage.capacity.get(c, 0) - mage.mana.get(c, 0) for c in COLORS if mage.capacity.get(c, 0)}
    return max(room, key=lambda c: (room[c], -COLORS.index(c))) if room else "C"
