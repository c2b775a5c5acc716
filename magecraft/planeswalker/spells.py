"""Casting (seed 001, "Combat Mechanics" 5 "Casting", 6 and 7): what a spell does and whom it may target.

Spells come from the Ninth Edition pool the MtG RPG ships; the card data holds no rules
text, so a spell's effects are read from this combat's effects data, falling back on the
MtG RPG's shared quick-duel effects (:mod:`magecraft.planeswalker.effects`, ruling PW35).  A
creature spell summons the creature; an enchantment or a non-creature artifact becomes a
pervasive effect (ruling PW16: its text is not modelled); any other spell does what its
effects say, or nothing.

>>> profile("Shock").kind, profile("Grizzly Bears").kind, profile("Holy Strength").kind
('damage', 'summon', 'permanent')
>>> profile("Giant Growth").kind, profile("Giant Growth").target
('pump', 'ally creature')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from magecraft.mtg_rpg.cards import COLOR_NAMES
from magecraft.planeswalker.book import card_of, per_book
from magecraft.planeswalker.combatants import SPLIT_SECOND, Combatant
from magecraft.planeswalker.effects import (
    Effect,
    aura_effects,
    entering_target,
    on_entering,
    spell_effects,
    spell_target,
    statics,
)
from magecraft.planeswalker.mana import SpellCost, spell_cost

SECTION = "Casting"
#: Effects that remove a creature from the battle: player characters are immune ("Combat Mechanics" 7).
REMOVAL = frozenset({"destroy", "bounce", "gain control"})
_IMMUNE = {"destroy": "destroy", "bounce": "exile", "gain control": "steal"}


@dataclass(frozen=True, slots=True)
class SpellProfile:
    """What the engine needs of a spell, worked out once per card name.

    ``kind``: "summon", "permanent", the first effect's kind ("damage", "destroy", "pump", "counter" ...)
    or "none"; ``target``: whom it is aimed at (:data:`magecraft.planeswalker.effects.TARGETS`).
    """

    name: str
    kind: str
    instant: bool
    cost: SpellCost
    colors: tuple[str, ...]
    parts: tuple[Effect, ...]
    split_second: bool
    creature_spell_only: bool  # a counter that counters only creature spells
    target: str
    types: tuple[str, ...] = ()  # the card's types (Verduran Enchantress reads "Enchantment", PW48)

    @property
    def needs_target(self) -> bool:
        return bool(self.target)


@per_book
def profile(name: str) -> SpellProfile:
    card = card_of(name)
    parts = spell_effects(card.name)
    if card.is_creature:
        # a targeted "enters" trigger is aimed when the creature is cast (PW40)
        kind, target, parts = "summon", entering_target(card.name), on_entering(card.name)
    elif "Enchantment" in card.types or "Artifact" in card.types:
        kind, (target, parts) = "permanent", aura_effects(card.name)
    else:
        kind, target = (parts[0].kind if parts else "none"), spell_target(card.name)
    counters_creatures = any(p.kind == "counter" and p.counters == "creature" for p in parts)
    return SpellProfile(card.name, kind, "Instant" in card.types or "Flash" in card.keywords,
                        spell_cost(card.name), card.colors, parts, SPLIT_SECOND in card.keywords,
                        counters_creatures, target, card.types)


def protected_from(target: Combatant, colors: Sequence[str]) -> bool:
    """Protection from a colour ("Protection from black and red" too): not targeted by its spells or
    abilities."""
    shields = [k.lower() for k in target.keywords if k.startswith("Protection from")]
    return any(COLOR_NAMES[colour].lower() in shield for colour in colors for shield in shields)


def can_target(caster: Combatant, target: Combatant, spell: SpellProfile, range_: str) -> str | None:
    """Why ``spell`` may not target ``target`` (None when it may); see :func:`aim_problem`."""
    return aim_problem(caster, target, spell.name, spell.target, spell.parts, spell.colors, range_)


def aim_problem(source: Combatant, target: Combatant, name: str, aim: str, effects: Sequence[Effect],
                colors: Sequence[str], range_: str) -> str | None:
    """Why a spell or ability aimed ``aim`` may not target ``target`` (None when it may).

    "In Ranged Combat, the two combatants cannot target each other with spells or abilities that
    may only target creatures"; player characters "can be affected by all spells that can target
    creatures" but "are immune to 'destroy' effects ... and 'exile' effects" (a bounce removes from the
    battle as exile does, ruling PW35).
    """
    if not target.active:
        return f"{target.name} is out of the battle"
    enemy = aim.startswith("enemy")
    if aim == "creature":  # either side (Clone, PW54): a creature with a card
        if target.is_mage or target.card is None:
            return f"{target.name} is not a creature card to copy"
        enemy = target.side != source.side
    elif enemy != (target.side != source.side):
        return f"{name} is aimed at {'an enemy' if enemy else 'one of your own side'} (ruling PW16)"
    if protected_from(target, colors):
        return f"{target.name} has protection from {name}'s colour"
    if target.is_mage and target.permanents and shrouded(target):
        return f"{target.name} has shroud (Ivory Mask): no spell or ability may target it (ruling PW48)"
    for effect in effects:
        if effect.max_power is not None and target.power > effect.max_power:
            return f"{name} reaches only a creature with Power {effect.max_power} or less"
        if effect.kind in REMOVAL and target.player:
            return (f"{target.name} is a player character: immune to {_IMMUNE[effect.kind]} effects "
                    "(Combat Mechanics 7)")
        if effect.kind in ("destroy", "gain control"):
            if target.is_mage:
                return f"{target.name} is a mage, not a creature"
            if not hits(effect, target):
                return f"{name} cannot destroy {target.name} ({_limit(effect)})"
        if effect.kind == "bounce" and target.is_mage:
            return f"{target.name} is a mage, not a permanent"
        if effect.kind == "destroy permanent" and not (
                any(permanent_is(n, effect.types) for n in target.permanents) if target.is_mage
                else target.artifact and "Artifact" in effect.types):
            kinds = " or ".join(t.lower() for t in effect.types)
            return f"{target.name} {'keeps' if target.is_mage else 'is'} no {kinds}"
        if effect.kind == "discard" and not target.is_mage:
            return f"{target.name} is a creature: it holds no spells"
        if effect.kind in ("drain", "coin clash", "exhaust", "lose life as damaged", "discard colour") and \
                not target.is_mage:
            return f"{target.name} is a creature, not an opponent"
        if effect.kind == "draw" and effect.memory and not target.is_mage:
            return f"{target.name} is a creature: it holds no spells"
    if (aim == "enemy creature" or (aim == "creature" and enemy)) and range_ != "close":
        return f"{target.name} is in ranged combat: a spell that only targets creatures cannot reach it"
    return None


@per_book
def spell_colors(name: str) -> tuple[str, ...]:
    """A card's colours (read once per name)."""
    return card_of(name).colors


def shrouded(mage: Combatant) -> bool:
    """"You have shroud" (Ivory Mask): a kept enchantment's static (PW48)."""
    return any("shroud" in statics(name) for name in mage.permanents)


@per_book
def permanent_is(name: str, types: tuple[str, ...]) -> bool:
    """Whether a pervasive effect (a card name) is of one of ``types`` (Artifact, Enchantment)."""
    return bool(set(types) & set(card_of(name).types))


def hits(effect: Effect, creature: Combatant) -> bool:
    """Whether a limited effect ("nonblack", "tapped", "with flying") reaches this creature."""
    if effect.colour and effect.colour not in creature.colors:
        return False
    if effect.not_colour and effect.not_colour in creature.colors:
        return False
    if effect.nonartifact and creature.artifact:
        return False
    if effect.tapped and not creature.tapped:
        return False
    return effect.flying is None or effect.flying == ("Flying" in creature.keywords)


def _limit(effect: Effect) -> str:
    if effect.tapped:
        return "only a tapped creature"
    if effect.colour:
        return f"only a {COLOR_NAMES[effect.colour].lower()} creature"
    if effect.not_colour:
        return f"not a {COLOR_NAMES[effect.not_colour].lower()} creature"
    return "not an artifact creature"
