"""Monsters read off creature cards, and what they do to Wizards.

Seed 000, MONSTERS: "Monster Abilities" (a natural creature's mana reserve equal
to its casting cost), "Monster Statistics", "Monster Special Abilities"
(Regeneration, Level Draining, Ability Drain, Mana Drain, Damage Resistance);
MAGIC: "MTG Rule Changes" (regeneration limit); COMBAT: "Creature
Identification & Magic" (the resistance check of creatures with life points).

>>> from magecraft.mtg_rpg.cards import builtin_pool
>>> wurm = monster_from_card(builtin_pool().get("Craw Wurm"))
>>> wurm.attributes, wurm.initiative_modifier, wurm.mana_reserve
({'ST': 6, 'DX': 2, 'CN': 5, 'IQ': 2, 'WS': 2, 'CH': 0}, 2, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.cards import ATTRIBUTE_NAMES, ATTRIBUTES, COLORS, MANA_ATTRIBUTE, Card
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

if TYPE_CHECKING:
    from magecraft.mtg_rpg.character import Character

ABILITIES_SECTION = "MONSTERS: Monster Abilities"
STATISTICS_SECTION = "MONSTERS: Monster Statistics"
SPECIAL_SECTION = "MONSTERS: Monster Special Abilities"
RESISTANCE_SECTION = "COMBAT: Creature Identification & Magic"


def _stat(value: str | None, what: str, card: Card, given: int | None) -> int:
    """The printed power or toughness; the referee's number only stands in for a ``*`` (ruling F34)."""
    if value is None:
        raise RuleError(f"{card.name} is not a creature", rule="Monster Statistics", section=STATISTICS_SECTION)
    printed = value.lstrip("-").isdigit()
    if given is None:
        if not printed:
            raise InputError(f"{card.name}'s {what} is {value!r}: give the referee's number")
        return int(value)
    if printed:
        raise InputError(f"{card.name}'s {what} is printed ({value}): the referee's number is only for a '*'")
    if given < 0:
        raise InputError(f"the referee's {what} for {card.name} is 0 or more, not {given}")
    return given


@dataclass(frozen=True, slots=True)
class Monster:
    """A monster's statistics ("Monster Statistics") and its state in play."""

    name: str
    power: int
    toughness: int
    attributes: dict[str, int]
    initiative_modifier: int
    size_hexes: int
    natural: bool
    mana_reserve: int
    regenerations_left: int
    counters: int = 0
    life_points: int | None = None

    @property
    def current_power(self) -> int:
        return self.power + self.counters

    @property
    def current_toughness(self) -> int:
        return self.toughness + self.counters

    @property
    def resistance_total(self) -> int:
        """Power + toughness (+ life points) against which spells are checked."""
        return self.current_power + self.current_toughness + (self.life_points or 0)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "power": self.power, "toughness": self.toughness,
                "attributes": dict(self.attributes), "initiative_modifier": self.initiative_modifier,
                "size_hexes": self.size_hexes, "natural": self.natural, "mana_reserve": self.mana_reserve,
                "regenerations_left": self.regenerations_left, "counters": self.counters,
                "life_points": self.life_points}


def regeneration_limit(card: Card, settings: Settings = DEFAULT_SETTINGS) -> int:
    """How often a summoned creature may regenerate: once per coloured mana of its cost
    ("Regeneration"; "total" counts every mana point, as "MTG Rule Changes" words it)."""
    if "Regenerate" not in card.keywords:
        return 0
    return card.pip_count() if settings.regeneration_per == "colored" else card.mana_value


def monster_from_card(card: Card, *, natural: bool = True, charisma: int = 0, power: int | None = None,
                      toughness: int | None = None, life_points: int | None = None,
                      regeneration_cost: int = 1, settings: Settings = DEFAULT_SETTINGS) -> Monster:
    """A monster's statistics from its creature card ("Monster Statistics").

    ST = power; DX = half the toughness; CN = the average of power and toughness;
    IQ = the coloured mana of the cost; WS = half the mana value less 1 (never
    below 0); CH is the referee's call (``charisma``); the initiative modifier is
    the coloured mana; size in hexes is the average of power and toughness (at
    least 1).  Halves and averages round down.  ``power``/``toughness`` give the
    referee's numbers for a ``*``.

    A natural creature has a mana reserve equal to its mana value for its own
    abilities ("Monster Abilities") and regenerates as long as the reserve pays
    ``regeneration_cost``; a conjured one has no reserve and regenerates at most
    :func:`regeneration_limit` times.
    """
    p = _stat(card.power, "power", card, power)
    t = _stat(card.toughness, "toughness", card, toughness)
    if charisma < 0 or regeneration_cost < 1:
        raise InputError("charisma is 0 or more and a regeneration costs at least 1 mana")
    pips = card.pip_count()
    reserve = card.mana_value if natural else 0
    if "Regenerate" not in card.keywords:
        regenerations = 0
    elif natural:
        regenerations = reserve // regeneration_cost
    else:
        regenerations = regeneration_limit(card, settings)
    attributes = {"ST": p, "DX": t // 2, "CN": (p + t) // 2, "IQ": pips,
                  "WS": max(0, card.mana_value // 2 - 1), "CH": charisma}
    return Monster(card.name, p, t, attributes, pips, max(1, (p + t) // 2), natural, reserve, regenerations,
                   life_points=life_points)


def regenerate(monster: Monster, *, cost: int = 1) -> Monster:
    """Use one regeneration: a natural creature pays from its reserve, a conjured one spends one
    of its limited uses ("Monster Abilities", "Regeneration")."""
    if monster.regenerations_left < 1:
        raise RuleError(f"{monster.name} cannot regenerate again", rule="Regeneration limit",
                        section=SPECIAL_SECTION)
    if monster.natural:
        if monster.mana_reserve < cost:
            raise RuleError(f"{monster.name}'s mana reserve ({monster.mana_reserve}) cannot pay {cost}",
                            rule="Monster mana reserve", section=ABILITIES_SECTION)
        reserve = monster.mana_reserve - cost
        return replace(monster, mana_reserve=reserve, regenerations_left=reserve // cost)
    return replace(monster, regenerations_left=monster.regenerations_left - 1)


def use_reserve(monster: Monster, mana: int) -> Monster:
    """Spend reserve mana on an ability or a spell ("Monster Abilities", "Spell Casting")."""
    if not monster.natural:
        raise RuleError(f"{monster.name} was conjured: its Wizard pays for its abilities",
                        rule="No reserve when conjured", section=ABILITIES_SECTION)
    if mana < 1 or mana > monster.mana_reserve:
        raise RuleError(f"{monster.name} has {monster.mana_reserve} reserve mana, not {mana}",
                        rule="Monster mana reserve", section=ABILITIES_SECTION)
    return replace(monster, mana_reserve=monster.mana_reserve - mana)


Resistance = Literal["full", "partial", "none"]


def resistance_check(spell_power: int, target_total: int) -> Resistance:
    """A spell against a creature with life points: full effect when the spell's power (the mana
    attribute + the casting cost) equals or beats the target's power + toughness (+ life
    points), partial when it is at least half of it, none below half."""
    if spell_power >= target_total:
        return "full"
    if 2 * spell_power >= target_total:
        return "partial"
    return "none"


def spell_power(character: Character, card: Card) -> int:
    """The caster's side of the resistance check: the spell colour's attribute + casting cost."""
    attrs = [MANA_ATTRIBUTE[c] for c in COLORS if c in card.colors] or ["CH"]
    return max(character.attribute(a) for a in attrs) + card.mana_value


def damage_through_resistance(damage: int, resistance: int) -> int:
    """Damage left after damage resistance ("Damage Resistance": a monster with life points uses
    its toughness as damage resistance)."""
    if damage < 0 or resistance < 0:
        raise InputError("damage and resistance cannot be negative")
    return max(0, damage - resistance)


def monster_damage_resistance(monster: Monster) -> int:
    return monster.current_toughness if monster.life_points is not None else 0


def can_carry(monster: Monster, pounds: int) -> bool:
    """Each point of power lifts 50 pounds ("Carrying Capacity"): a power 4 air elemental carries
    a Wizard under 200 pounds."""
    return pounds < 50 * monster.current_power


def armour_applies(card: Card, defender_lands: frozenset[str] | set[str]) -> bool:
    """Armour does not stop a creature using its landwalk against the Wizard ("Land Walking"):
    ``defender_lands`` are the basic land types of the terrain (natural creature) or of the
    lands the Wizard has played (summoned creature)."""
    walks = {k.removesuffix("walk").capitalize() for k in card.keywords if k.endswith("walk")}
    return not (walks & set(defender_lands))


def level_drain(monster: Monster) -> Monster:
    """A level-draining creature that damages a Wizard gains a +1/+1 counter ("Level Draining")."""
    return replace(monster, counters=monster.counters + 1)


def renew_monster(monster: Monster) -> Monster:
    """At the renewal period the drained power and toughness dissipate."""
    return replace(monster, counters=0)


def mana_drain(monster: Monster, wizard_mana: int, amount: int) -> tuple[Monster, int]:
    """Take mana from the Wizard it damages; a natural creature may keep it in its reserve
    ("Mana Drain").  Returns the monster and the Wizard's mana left."""
    if amount < 0 or wizard_mana < 0:
        raise InputError("mana cannot be negative")
    taken = min(amount, wizard_mana)
    gained = taken if monster.natural else 0
    return replace(monster, mana_reserve=monster.mana_reserve + gained), wizard_mana - taken


def ability_drain(character: Character, rng: Randomness, points: int = 1) -> tuple[Character, list[str]]:
    """Lose random attribute points ("Ability Drain"); each is owed back, one per renewal period.
    Each point is a roll among the attributes that still have a dot."""
    if points < 1:
        raise InputError("drain at least one point")
    attributes = dict(character.attributes)
    drained = dict(character.drained)
    lost: list[str] = []
    for _ in range(points):
        candidates = [a for a in ATTRIBUTES if attributes.get(a, 0) > 0]
        if not candidates:
            break
        attr = rng.choice(candidates, "ability drain: which attribute is lost", section=SPECIAL_SECTION)
        attributes[attr] -= 1
        drained[attr] = drained.get(attr, 0) + 1
        lost.append(attr)
    rng.log.record("drain", f"{character.name} loses {', '.join(ATTRIBUTE_NAMES[a] for a in lost) or 'nothing'}",
                   section=SPECIAL_SECTION, data={"lost": lost})
    return replace(character, attributes=attributes, drained=drained), lost


def restore_drained(character: Character) -> Character:
    """One drained point comes back at a renewal period (the first attribute in sheet order)."""
    owed = [a for a in ATTRIBUTES if character.drained.get(a, 0) > 0]
    if not owed:
        return character
    attr = owed[0]
    drained = {k: v for k, v in character.drained.items() if k != attr}
    if character.drained[attr] > 1:
        drained[attr] = character.drained[attr] - 1
    return replace(character, attributes={**character.attributes, attr: character.attribute(attr) + 1},
                   drained=drained)
