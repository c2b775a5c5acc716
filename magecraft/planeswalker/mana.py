"""The Mana Pool in combat (seed 001, "Character Stats" and "Combat Mechanics" 5).

A pool is a dict of mana symbol -> amount: ``W U B R G`` coloured, ``C`` colorless and
``A`` colorless for artifact spells only (an Artifact identity's second choice).
Restoring fills the missing mana in identity order up to Channelling; mana beyond the
full pool is colorless "excess" that burns at the End phase.

>>> capacity = {"R": 2, "B": 1}
>>> pool = {}
>>> restore(pool, capacity, ("R", "R", "B"), 2)
2
>>> pool
{'R': 2}
>>> pay(pool, spell_cost("Shock"), artifact=False)
True
>>> pool
{'R': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass

from magecraft.mtg_rpg.cards import COLORS, Card
from magecraft.planeswalker.book import card_of, per_book

#: The order generic costs are paid in: excess and plain colorless first, then the colours.
_GENERIC_ORDER = ("C", *COLORS)


@dataclass(frozen=True, slots=True)
class SpellCost:
    """A spell's cost, read once from the card: coloured symbols, generic mana, X."""

    name: str
    pips: tuple[tuple[str, int], ...]
    generic: int
    has_x: bool
    mana_value: int
    artifact: bool


@per_book
def spell_cost(name: str) -> SpellCost:
    """The cost of the card called ``name`` in the Ninth Edition pool (cached: card data never changes)."""
    card = card_of(name)
    return cost_of(card)


def cost_of(card: Card) -> SpellCost:
    generic = sum(int(s) for s in card.symbols() if s.isdigit())
    return SpellCost(card.name, tuple(card.colored_pips().items()), generic, card.has_x, card.mana_value,
                     "Artifact" in card.types)


def total(pool: Mapping[str, int]) -> int:
    return sum(pool.values())


def restore(pool: MutableMapping[str, int], capacity: Mapping[str, int], order: Sequence[str], budget: int) -> int:
    """Restore up to ``budget`` missing mana, one source at a time in identity ``order``; returns how many.

    ``order`` holds the mana symbols of the identity sources (``A`` for an artifacts-only source).
    """
    restored = 0
    progress = True
    while restored < budget and progress:
        progress = False
        for symbol in order:
            if restored >= budget:
                break
            if pool.get(symbol, 0) < capacity.get(symbol, 0):
                pool[symbol] = pool.get(symbol, 0) + 1
                restored += 1
                progress = True
    return restored


def pay(pool: MutableMapping[str, int], cost: SpellCost, *, artifact: bool, x: int = 0) -> bool:
    """Take ``cost`` (plus X) from ``pool``; False, with the pool untouched, when it cannot be paid."""
    # plain loops, not sum() over generators: pay() is on the bots' hot path (issue 22)
    spare = 0
    for colour, n in cost.pips:
        if pool.get(colour, 0) < n:
            return False
        spare -= n
    for symbol in _GENERIC_ORDER:
        spare += pool.get(symbol, 0)
    generic = cost.generic + x
    if artifact:
        spare += pool.get("A", 0)
    if spare < generic:
        return False
    for colour, n in cost.pips:
        pool[colour] -= n
    if artifact and generic:
        used = min(generic, pool.get("A", 0))
        if used:
            pool["A"] -= used
            generic -= used
    for symbol in _GENERIC_ORDER:
        if not generic:
            break
        used = min(generic, pool.get(symbol, 0))
        if used:
            pool[symbol] -= used
            generic -= used
    return True


def largest_x(pool: Mapping[str, int], cost: SpellCost, mastery: int, *, artifact: bool) -> int:
    """Ruling PW13: an X spell is cast with the largest X the pool pays and Mastery allows."""
    usable = sum(pool.get(s, 0) for s in _GENERIC_ORDER) + (pool.get("A", 0) if artifact else 0)
    left = usable - cost.generic - sum(n for _, n in cost.pips)
    return max(0, min(mastery - cost.mana_value, left))
