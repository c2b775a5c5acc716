"""Casting (seed 001, "Combat Mechanics" 5 "Casting", 6 and 7): what a spell does and whom it may target.

Spells come from the Ninth Edition pool the MtG RPG ships; the card data holds no rules
text, so a spell's effect is read from the MtG RPG's shared effects data
(:func:`magecraft.mtg_rpg.duel_effects.effect_of`: damage, gain life, counter, destroy creature,
draw).  A creature spell summons the creature; an enchantment or a non-creature artifact
becomes a pervasive effect (ruling PW16: its text is not modelled); any other spell
resolves with no modelled effect.

>>> profile("Shock").kind, profile("Grizzly Bears").kind, profile("Holy Strength").kind
('damage', 'summon', 'permanent')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from magecraft.mtg_rpg.cards import COLOR_NAMES, builtin_pool
from magecraft.mtg_rpg.duel_effects import EffectPart, effect_of
from magecraft.planeswalker.combatants import SPLIT_SECOND, Combatant
from magecraft.planeswalker.mana import SpellCost, spell_cost

SECTION = "Casting"


@dataclass(frozen=True, slots=True)
class SpellProfile:
    """What the engine needs of a spell, worked out once per card name.

    ``kind``: "summon", "permanent", "damage", "destroy", "gain life", "draw", "counter" or "none"
    (the first effect decides whom it targets).
    """

    name: str
    kind: str
    instant: bool
    cost: SpellCost
    colors: tuple[str, ...]
    parts: tuple[EffectPart, ...]
    split_second: bool
    creature_spell_only: bool  # a counter that counters only creature spells

    @property
    def needs_target(self) -> bool:
        return self.kind in ("damage", "destroy")


@cache
def profile(name: str) -> SpellProfile:
    card = builtin_pool().get(name)
    effect = effect_of(card)
    parts = effect.parts if effect is not None else ()
    if card.is_creature:
        kind = "summon"
    elif "Enchantment" in card.types or "Artifact" in card.types:
        kind = "permanent"
    elif parts:
        first = parts[0].kind
        kind = {"destroy creature": "destroy"}.get(first, first)
    else:
        kind = "none"
    counters_creatures = any(p.kind == "counter" and p.counters == "creature" for p in parts)
    return SpellProfile(card.name, kind, "Instant" in card.types or "Flash" in card.keywords,
                        spell_cost(card.name), card.colors, parts, SPLIT_SECOND in card.keywords,
                        counters_creatures)


def protected_from(target: Combatant, spell: SpellProfile) -> bool:
    """Protection from a colour ("Protection from black and red" too): not targeted by its spells."""
    shields = [k.lower() for k in target.keywords if k.startswith("Protection from")]
    return any(COLOR_NAMES[colour].lower() in shield for colour in spell.colors for shield in shields)


def can_target(caster: Combatant, target: Combatant, spell: SpellProfile, range_: str) -> str | None:
    """Why ``spell`` may not target ``target`` (None when it may).

    "In Ranged Combat, the two combatants cannot target each other with spells or abilities that
    may only target creatures"; player characters "are immune to 'destroy' effects".
    """
    if not target.active:
        return f"{target.name} is out of the battle"
    if target.side == caster.side:
        return "spells are aimed at enemies (ruling PW16)"
    if protected_from(target, spell):
        return f"{target.name} has protection from {spell.name}'s colour"
    if spell.kind == "destroy":
        if target.player:
            return f"{target.name} is a player character: immune to destroy effects (Combat Mechanics 7)"
        if range_ != "close":
            return f"{target.name} is in ranged combat: a spell that only targets creatures cannot reach it"
        card = builtin_pool().get(target.card or target.name)
        if not all(p.hits(card) for p in spell.parts if p.kind == "destroy creature"):
            return f"{spell.name} cannot destroy {target.name} (its colour)"
    return None
