"""Creatures and mages in the arena, their conditions and what their enchantments give them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from magecraft.mage_wars.cards import Attack, Card, CardBook, card_book, trait_number

YOU = "you"
DUMMY = "dummy"

#: Section names of seed 003 and of the compact arena rules, cited by events and errors.
SEC_SETUP = "Setup"
SEC_READY = "Gameplay: Ready Stage"
SEC_ACTION = "Gameplay: Action Stage"
SEC_QUICK = "Quick Cast/Action Die Roll Sequence for the Dummy Mage"
SEC_CREATURE = "Creature Action Sequence for the Dummy Mage"
SEC_END = "Game End"
SEC_ARENA = "Compact arena (Mage Wars Arena rules, simplified)"


class UnitTraits(NamedTuple):
    """A unit's traits and each trait's total, worked out from its card, this round's spells and its
    enchantments (all immutable card data), so once per combination rather than on every query."""

    traits: tuple[str, ...]
    totals: Mapping[str, int]


@lru_cache(maxsize=4096)
def unit_traits(book: CardBook, card_name: str, round_traits: tuple[str, ...],
                enchantments: tuple[str, ...]) -> UnitTraits:
    """The traits of a unit of ``card_name`` (in ``book``, the game's cards) with these round traits and
    enchantments (face up), parsed once.

    >>> found = unit_traits(card_book(), "Highland Unicorn", ("Charge +1",), ())
    >>> found.traits, found.totals["Charge"], found.totals["Regenerate"], "Flying" in found.totals
    (('Regenerate 2', 'Charge +2', 'Charge +1'), 3, 2, False)
    """
    traits = list(book.get(card_name).traits) + list(round_traits)
    removed: set[str] = set()
    for name in enchantments:
        effect = book.get(name).effect
        if effect is not None:
            traits.extend(effect.grants)
            removed.update(effect.removes)
    kept = tuple(t for t in traits if t not in removed)
    totals: dict[str, int] = {}
    for trait in kept:
        # trait_value((trait,), name) is 0 for name == trait, the number for "name N", and None otherwise
        totals.setdefault(trait, 0)
        numbered = trait_number(trait)
        if numbered is not None:
            totals[numbered[0]] = totals.get(numbered[0], 0) + numbered[1]
    return UnitTraits(kept, MappingProxyType(totals))


@cache
def _attacks_by_name(card: Card) -> Mapping[str, Attack]:
    """A card's attacks by name (the first of a name, as a search in order finds it)."""
    attacks: dict[str, Attack] = {}
    for attack in card.attacks:
        attacks.setdefault(attack.name, attack)
    return MappingProxyType(attacks)


def other(side: str) -> str:
    return DUMMY if side == YOU else YOU


@dataclass
class Unit:
    """A mage or creature in the arena.

    ``ready`` is its action marker (active side up); ``fresh`` marks a creature summoned this round,
    whose marker stays inactive until the next Reset (seed 003, "4 - 7 = Add 1 random creature").
    """

    id: str
    card_name: str
    side: str
    zone: str
    base_life: int
    damage: int = 0
    ready: bool = True
    fresh: bool = False
    guarding: bool = False
    conditions: dict[str, int] = field(default_factory=dict)
    enchantments: list[str] = field(default_factory=list)
    #: Enchantments attached face down: no effect until revealed (ruling A13).
    hidden: list[str] = field(default_factory=list)
    round_traits: list[str] = field(default_factory=list)
    battle_fury: bool = False
    perfect_strike: bool = False
    zap_used: bool = False
    banished: int = 0
    #: The game's cards (the shipped pool and any the game adds), where its card and enchantments are read.
    book: CardBook = field(default_factory=card_book, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Its card, its attacks and what the card alone gives it, looked up once when the unit is made: card
        # data never changes, and neither does a unit's card.
        self.card: Card = self.book.get(self.card_name)
        self.is_mage: bool = self.card.type == "mage"
        self.attacks: tuple[Attack, ...] = self.card.attacks
        #: The longest range of its attacks (0 without attacks): enemies farther than this and a move are out.
        self.attack_reach: int = max((a.max_range for a in self.attacks), default=0)
        self._printed: dict[str, int] = dict(unit_traits(self.book, self.card_name, (), ()).totals)
        self._flies: bool = "Flying" in self._printed
        self._label = f"{self.card_name} ({self.id})"

    @property
    def name(self) -> str:
        return self.card_name

    @property
    def in_arena(self) -> bool:
        return self.banished == 0

    def _enchantment_cards(self) -> list[Card]:
        book = self.book
        return [book.get(name) for name in self.enchantments]

    # Each trait query below reads the card's own totals unless this round's spells or face-up enchantments
    # change them (the test is inline: these are asked thousands of times a game).
    def _changed_totals(self) -> Mapping[str, int]:
        return unit_traits(self.book, self.card_name, tuple(self.round_traits), tuple(self.enchantments)).totals

    @property
    def traits(self) -> tuple[str, ...]:
        """Printed traits, plus those enchantments and this round's spells grant, less those removed."""
        return unit_traits(self.book, self.card_name, tuple(self.round_traits), tuple(self.enchantments)).traits

    def trait(self, name: str) -> int | None:
        """A numbered trait's total (``Charge +1`` from a spell adds to a printed ``Charge +2``)."""
        totals = self._changed_totals() if self.round_traits or self.enchantments else self._printed
        return totals.get(name)

    def has(self, name: str) -> bool:
        return name in (self._changed_totals() if self.round_traits or self.enchantments else self._printed)

    @property
    def flying(self) -> bool:
        """Flying, lost while incapacitated (Codex, Incapacitated; ruling A3)."""
        if self.round_traits or self.enchantments:
            if "Flying" not in self._changed_totals():
                return False
        elif not self._flies:
            return False   # most creatures: asked of every enemy a melee attack weighs
        conditions = self.conditions
        return "Stun" not in conditions and "Slam" not in conditions

    @property
    def living(self) -> bool:
        totals = self._changed_totals() if self.round_traits or self.enchantments else self._printed
        return "Nonliving" not in totals

    @property
    def life(self) -> int:
        if not self.enchantments:
            return self.base_life
        bonus = sum(card.effect.life for card in self._enchantment_cards() if card.effect is not None)
        return self.base_life + bonus

    @property
    def remaining_life(self) -> int:
        return self.life - self.damage

    @property
    def armor(self) -> int:
        return max(0, self.card.armor - self.conditions.get("Corrode", 0))

    def attack_named(self, name: str) -> Attack | None:
        return _attacks_by_name(self.card).get(name)

    def melee_bonus(self) -> int:
        """Dice added to melee attacks: the Melee trait and enchantments like Bear Strength."""
        bonus = self.trait("Melee") or 0
        if not self.enchantments:
            return bonus
        return bonus + sum(c.effect.melee_dice for c in self._enchantment_cards() if c.effect is not None)

    def curse_dice(self) -> int:
        """Dice removed from non-spell attacks by curses like Agony."""
        if not self.enchantments:
            return 0
        return sum(c.effect.attack_dice for c in self._enchantment_cards() if c.effect is not None)

    @property
    def quick_moves(self) -> int:
        """Zones it may move with a quick action (Fast adds one, Slow and Cripple allow none)."""
        return self.movement()[0]

    @property
    def full_moves(self) -> int:
        """Zones it may move as its whole action."""
        return self.movement()[1]

    def movement(self) -> tuple[int, int, bool]:
        """Its quick moves, its full moves and whether it may guard (a flyer cannot), read at once.

        A quick action moves one zone, Fast two, Slow none; a whole action two, Fast three, Slow one;
        Cripple allows none.
        """
        totals = self._changed_totals() if self.round_traits or self.enchantments else self._printed
        guards = "Flying" not in totals
        if "Cripple" in self.conditions:
            return 0, 0, guards
        if "Slow" in totals:
            return 0, 1, guards
        return (2, 3, guards) if "Fast" in totals else (1, 2, guards)

    @property
    def incapacitated(self) -> bool:
        return self.stunned or "Slam" in self.conditions

    @property
    def stunned(self) -> bool:
        return "Stun" in self.conditions

    def begin_action(self) -> str:
        """What Stun and Slam do as this creature's action begins (Codex; ruling A3).

        Stunned, it loses the action and the Stun (with any Slam) goes: ``"stunned"``.  Knocked down
        (Slam), it stands up dazed -- the Slam becomes a Daze -- and acts: ``"stands up"``.  Otherwise ``""``.
        """
        conditions = self.conditions
        if "Stun" in conditions:
            self.remove_condition("Stun")
            self.remove_condition("Slam")
            return "stunned"
        if "Slam" in conditions:
            self.remove_condition("Slam")
            conditions["Daze"] = max(1, self.conditions.get("Daze", 0))
            return "stands up"
        return ""

    def add_condition(self, name: str, count: int = 1) -> None:
        self.conditions[name] = self.conditions.get(name, 0) + count

    def carries(self, enchantment: str) -> bool:
        """Whether this enchantment is attached, face up or face down."""
        return enchantment in self.enchantments or enchantment in self.hidden

    def remove_condition(self, name: str, count: int | None = None) -> None:
        left = 0 if count is None else self.conditions.get(name, 0) - count
        if left > 0:
            self.conditions[name] = left
        else:
            self.conditions.pop(name, None)

    def describe(self) -> str:
        """``Timber Wolf (y1)``."""
        return self._label

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "card": self.card_name, "side": self.side, "zone": self.zone,
            "base_life": self.base_life, "damage": self.damage, "ready": self.ready, "fresh": self.fresh,
            "guarding": self.guarding, "conditions": dict(self.conditions),
            "enchantments": list(self.enchantments), "hidden": list(self.hidden),
            "round_traits": list(self.round_traits),
            "battle_fury": self.battle_fury, "perfect_strike": self.perfect_strike,
            "zap_used": self.zap_used, "banished": self.banished,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any], book: CardBook | None = None) -> Unit:
        """A saved unit; ``book``: the game's cards (the shipped pool when None)."""
        return cls(
            id=str(raw["id"]), card_name=str(raw["card"]), side=str(raw["side"]), zone=str(raw["zone"]),
            base_life=int(raw["base_life"]), damage=int(raw["damage"]), ready=bool(raw["ready"]),
            fresh=bool(raw["fresh"]), guarding=bool(raw["guarding"]),
            conditions={str(k): int(v) for k, v in raw["conditions"].items()},
            enchantments=[str(e) for e in raw["enchantments"]], hidden=[str(e) for e in raw.get("hidden", [])],
            round_traits=[str(t) for t in raw["round_traits"]],
            battle_fury=bool(raw["battle_fury"]), perfect_strike=bool(raw["perfect_strike"]),
            zap_used=bool(raw["zap_used"]), banished=int(raw["banished"]), book=book or card_book(),
        )
