"""Exact odds: the distribution of any dice expression magecraft rolls, and of every shipped table's rows.

icepool does the dice (imported only when odds are asked for); this module only turns magecraft's parsed
notation (:mod:`magecraft.core.dice`) into icepool dice, one function per kind of node.

>>> odds = Odds.of("2d6")
>>> odds.mean, odds.at_least(10)
(Fraction(7, 1), Fraction(1, 6))
>>> str(Odds.of("1d6x1d6").at_most(4))
'2/9'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from magecraft.core.dice import OPERATORS, Binary, Constant, Dice, Negate, Node, Percent, parse_dice
from magecraft.core.errors import DiceNotationError, MagecraftError

if TYPE_CHECKING:
    from magecraft.core.tables import RandomTable

#: Past this many dice, exact odds are refused rather than left to run for minutes.
MAX_EXACT_DICE = 200


def _constant(node: Constant) -> Any:
    import icepool

    return icepool.Die([node.value])


def _dice(node: Dice) -> Any:
    import icepool

    die = icepool.d(node.sides)
    if node.keep is not None and node.keep < node.count:
        pool = die.pool(node.count)
        return pool.lowest(node.keep).sum() if node.keep_lowest else pool.highest(node.keep).sum()
    return node.count @ die


def _percent(node: Percent) -> Any:
    import icepool

    return icepool.Die({1: node.percent, 0: 100 - node.percent})


def _negate(node: Negate) -> Any:
    return -distribution_of(node.operand)


def _binary(node: Binary) -> Any:
    return OPERATORS[node.op](distribution_of(node.left), distribution_of(node.right))


_BY_NODE: dict[type, Callable[[Any], Any]] = {
    Constant: _constant, Dice: _dice, Percent: _percent, Negate: _negate, Binary: _binary,
}


def distribution_of(node: Node) -> Any:
    """The icepool die of a parsed expression."""
    return _BY_NODE[type(node)](node)


@cache
def distribution(expression: str) -> Any:
    """The icepool die of ``expression`` (refused when it has too many dice to work out exactly)."""
    node = parse_dice(expression)
    if node.die_count() > MAX_EXACT_DICE:
        raise DiceNotationError(f"{expression!r} has {node.die_count()} dice; exact odds stop at {MAX_EXACT_DICE}")
    return distribution_of(node)


@dataclass(frozen=True)
class Odds:
    """The exact chance of every total, with its mean and standard deviation."""

    expression: str
    chances: Mapping[int, Fraction]

    @classmethod
    def of(cls, expression: str) -> Odds:
        die = distribution(expression)
        total = die.denominator()
        return cls(expression, {int(v): Fraction(int(n), int(total)) for v, n in die.items()})

    @property
    def mean(self) -> Fraction:
        return sum((v * p for v, p in self.chances.items()), Fraction(0))

    @property
    def variance(self) -> Fraction:
        mean = self.mean
        return sum(((v - mean) ** 2 * p for v, p in self.chances.items()), Fraction(0))

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    def at_least(self, target: int) -> Fraction:
        return sum((p for v, p in self.chances.items() if v >= target), Fraction(0))

    def at_most(self, target: int) -> Fraction:
        return sum((p for v, p in self.chances.items() if v <= target), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return {"expression": self.expression, "mean": float(self.mean),
                "standard_deviation": self.standard_deviation,
                "chances": {str(v): float(p) for v, p in sorted(self.chances.items())}}


@cache
def chance_at_least(expression: str, needed: int) -> Fraction:
    """The exact chance that ``expression`` rolls ``needed`` or more: the one question most checks ask (a save,
    a risky check, an attack roll), cached because a decision asks it for many actions.

    >>> chance_at_least("1d20", 15), chance_at_least("1d20", 1), chance_at_least("1d20", 21)
    (Fraction(3, 10), Fraction(1, 1), Fraction(0, 1))
    """
    return Odds.of(expression).at_least(needed)


@dataclass(frozen=True)
class Chance:
    """The chance that an action a roll decides succeeds, worked out exactly before the player commits.

    ``roll`` says what is rolled against what, in the rule book's words (``"2d6 + 3 at least 9"``,
    ``"1d6 on the Hide table: 1-4 hides"``); ``section`` cites the seed's section.  Where the roll depends on a
    card still to be drawn, ``probability`` is exact over the cards left in the deck.

    >>> chance = Chance(Fraction(5, 12), "2d6 at least 8", "4.2")
    >>> chance.text()
    '42% (2d6 at least 8; 4.2)'
    >>> Chance(Fraction(1), "no roll needed", "").text()
    '100% (no roll needed)'
    """

    probability: Fraction
    roll: str
    section: str

    def __post_init__(self) -> None:
        if not 0 <= self.probability <= 1:
            raise ValueError(f"a chance of {self.probability} is not between 0 and 1")

    @property
    def percent(self) -> str:
        """The chance as a whole percentage, never rounded to 0% or 100% unless it is exactly that."""
        value = self.probability * 100
        shown = round(value)
        if shown == 0 and value > 0:
            return "<1%"
        if shown == 100 and value < 100:
            return ">99%"
        return f"{shown}%"

    def text(self) -> str:
        where = f"; {self.section}" if self.section else ""
        return f"{self.percent} ({self.roll}{where})"

    def to_json(self) -> dict[str, Any]:
        return {"probability": float(self.probability), "exact": str(self.probability),
                "roll": self.roll, "section": self.section}


def table_odds(table: RandomTable, modifier: int = 0) -> dict[str, Fraction]:
    """The exact chance of each row of ``table`` rolled with ``modifier``: raw values the table re-rolls are
    left out (their chance spread over the others), a modified total is clamped as the table clamps it."""
    odds = Odds.of(table.dice)
    kept = {v: p for v, p in odds.chances.items() if v not in table.reroll}
    share = sum(kept.values(), Fraction(0))
    out: dict[str, Fraction] = {}
    for value, chance in sorted(kept.items()):
        total = value + modifier
        if table.clamp:
            total = max(table.low, min(table.high, total))
        try:
            result = table.row_for(total).result
        except MagecraftError:
            result = f"no row (total {total})"
        out[result] = out.get(result, Fraction(0)) + chance / share
    return out
