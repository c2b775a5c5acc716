"""Dice notation.

Supported: ``NdS`` with ``+`` and ``-``; multiplication of rolls (``1d6x1d6`` or
``1d6*1d6``, as Black Magic needs); floor division by a constant (``1d6/2``);
keep highest or lowest (``2d6h1`` -- "the high die of 2d6" -- and ``2d6l1``, also
written ``kh``/``kl``); ``d%`` for d100; parentheses; constants; and a
percentage chance (``40%``), which totals 1 when 1d100 comes up at or under the
number and 0 otherwise.

>>> from magecraft.core.randomness import Randomness
>>> roll = roll_dice("1d6x1d6", Randomness.scripted([3, 4]), "Black Magic damage")
>>> roll.total, [d.value for d in roll.dice]
(12, [3, 4])
>>> parse_dice("2d6h1+1").bounds()
(2, 7)

Why not the ``d20`` package: d20 (1.1.2) draws every die from the module-level
:mod:`random` generator inside ``d20.expression.Die`` with no way to pass a
generator, so its rolls could be neither scripted, typed in from real dice,
labelled, nor logged through :class:`~magecraft.core.randomness.Randomness`.
The grammar here is small (a recursive-descent parser of a dozen lines a rule)
and parses are cached.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, Protocol

from magecraft.core.errors import DiceNotationError


class DieRoller(Protocol):
    """What rolling an expression needs of :class:`~magecraft.core.randomness.Randomness`: one labelled die.

    Only the protocol lives here, so that ``randomness`` may import this module (``Randomness.dice``)
    without this module importing it back.
    """

    def roll(self, sides: int, label: str, *, section: str | None = None) -> int: ...


class DieResult(NamedTuple):
    """One die rolled as part of an expression (a named tuple: built per die, at C speed)."""

    sides: int
    value: int
    kept: bool = True


class DiceRoll(NamedTuple):
    """The outcome of rolling an expression: the total and every die."""

    expression: str
    total: int
    dice: tuple[DieResult, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "expression": self.expression,
            "total": self.total,
            "dice": [{"sides": d.sides, "value": d.value, "kept": d.kept} for d in self.dice],
        }


class _Roller:
    """Collects the dice of one expression while it is evaluated."""

    __slots__ = ("count", "dice", "label", "rng", "rolled", "section")

    def __init__(self, rng: DieRoller, label: str, section: str | None, count: int) -> None:
        self.rng = rng
        self.label = label
        self.section = section
        self.count = count
        self.rolled = 0
        self.dice: list[DieResult] = []

    def roll(self, sides: int) -> int:
        self.rolled += 1
        label = self.label if self.count == 1 else f"{self.label} (die {self.rolled} of {self.count})"
        return self.rng.roll(sides, label, section=self.section)


class Node(Protocol):
    def evaluate(self, roller: _Roller) -> int: ...

    def bounds(self) -> tuple[int, int]: ...

    def die_count(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Constant:
    value: int

    def evaluate(self, roller: _Roller) -> int:
        return self.value

    def bounds(self) -> tuple[int, int]:
        return (self.value, self.value)

    def die_count(self) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` faces, keeping the ``keep`` highest (or lowest)."""

    count: int
    sides: int
    keep: int | None = None
    keep_lowest: bool = False

    def evaluate(self, roller: _Roller) -> int:
        values = [roller.roll(self.sides) for _ in range(self.count)]
        kept = [True] * len(values)
        if self.keep is not None and self.keep < self.count:
            order = sorted(range(len(values)), key=lambda i: values[i], reverse=not self.keep_lowest)
            kept = [False] * len(values)
            for i in order[: self.keep]:
                kept[i] = True
        roller.dice.extend(DieResult(self.sides, v, k) for v, k in zip(values, kept, strict=True))
        return sum(v for v, k in zip(values, kept, strict=True) if k)

    def bounds(self) -> tuple[int, int]:
        n = self.count if self.keep is None else min(self.keep, self.count)
        return (n, n * self.sides)

    def die_count(self) -> int:
        return self.count


@dataclass(frozen=True, slots=True)
class Percent:
    """``N%``: 1 when 1d100 <= N, else 0."""

    percent: int

    def evaluate(self, roller: _Roller) -> int:
        value = roller.roll(100)
        roller.dice.append(DieResult(100, value))
        return 1 if value <= self.percent else 0

    def bounds(self) -> tuple[int, int]:
        return (0, 1)

    def die_count(self) -> int:
        return 1


@dataclass(frozen=True, slots=True)
class Negate:
    operand: Node

    def evaluate(self, roller: _Roller) -> int:
        return -self.operand.evaluate(roller)

    def bounds(self) -> tuple[int, int]:
        low, high = self.operand.bounds()
        return (-high, -low)

    def die_count(self) -> int:
        return self.operand.die_count()


#: The notation's arithmetic, shared by a roll and by its exact odds (icepool's dice take the same operators);
#: division rounds down.
OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
}


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    left: Node
    right: Node

    def evaluate(self, roller: _Roller) -> int:
        a = self.left.evaluate(roller)
        b = self.right.evaluate(roller)
        if b == 0 and self.op == "/":
            raise DiceNotationError("division by zero in dice expression")
        result: int = OPERATORS[self.op](a, b)
        return result

    def bounds(self) -> tuple[int, int]:
        (a, b), (c, d) = self.left.bounds(), self.right.bounds()
        if self.op == "+":
            return (a + c, b + d)
        if self.op == "-":
            return (a - d, b - c)
        if self.op == "*":
            corners = (a * c, a * d, b * c, b * d)
        else:
            if c <= 0 <= d:
                raise DiceNotationError("a dice expression may only divide by a positive amount")
            corners = (a // c, a // d, b // c, b // d)
        return (min(corners), max(corners))

    def die_count(self) -> int:
        return self.left.die_count() + self.right.die_count()


_TOKEN = re.compile(r"\s*(?:(\d+)|(d%|d)|(kh|kl|h|l)|([-+*x×/()%]))", re.IGNORECASE)
MAX_DICE = 1000
MAX_SIDES = 10_000
#: Longer than any rule book's expression; keeps the recursive parser far from Python's stack limit.
MAX_LENGTH = 200


class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_LENGTH:
            raise DiceNotationError(f"dice expression is too long ({len(text)} characters, at most {MAX_LENGTH})")
        self.text = text
        self.tokens: list[str] = []
        pos = 0
        stripped = text.rstrip()
        while pos < len(stripped):
            match = _TOKEN.match(stripped, pos)
            if not match or match.end() == pos:
                raise DiceNotationError(f"cannot read dice expression {text!r} at {stripped[pos:]!r}")
            self.tokens.append(match.group(0).strip().lower().replace("×", "x"))
            pos = match.end()
        self.i = 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise DiceNotationError(f"dice expression {self.text!r} ends too soon")
        self.i += 1
        return token

    def parse(self) -> Node:
        if not self.tokens:
            raise DiceNotationError("empty dice expression")
        node = self.expr()
        if self.peek() is not None:
            raise DiceNotationError(f"unexpected {self.peek()!r} in dice expression {self.text!r}")
        return node

    def expr(self) -> Node:
        node = self.term()
        while self.peek() in ("+", "-"):
            node = Binary(self.take(), node, self.term())
        return node

    def term(self) -> Node:
        node = self.unary()
        while self.peek() in ("x", "*", "/"):
            op = self.take()
            node = Binary("/" if op == "/" else "*", node, self.unary())
        return node

    def unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            return Negate(self.unary())
        return self.atom()

    def atom(self) -> Node:
        token = self.take()
        if token == "(":
            node = self.expr()
            if self.take() != ")":
                raise DiceNotationError(f"missing ')' in dice expression {self.text!r}")
            return node
        if token.isdigit():
            number = int(token)
            if self.peek() == "%":
                self.take()
                if not 0 <= number <= 100:
                    raise DiceNotationError(f"a percentage must be 0-100, not {number}")
                return Percent(number)
            if self.peek() in ("d", "d%"):
                return self.dice(number)
            return Constant(number)
        if token in ("d", "d%"):
            self.i -= 1
            return self.dice(1)
        raise DiceNotationError(f"unexpected {token!r} in dice expression {self.text!r}")

    def dice(self, count: int) -> Node:
        token = self.take()
        if token == "d%":
            sides = 100
        else:
            size = self.take()
            if size == "%":
                sides = 100
            elif size.isdigit():
                sides = int(size)
            else:
                raise DiceNotationError(f"a die needs a number of sides after 'd' in {self.text!r}")
        if count < 1 or count > MAX_DICE:
            raise DiceNotationError(f"roll between 1 and {MAX_DICE} dice, not {count}")
        if sides < 1 or sides > MAX_SIDES:
            raise DiceNotationError(f"a die has between 1 and {MAX_SIDES} sides, not {sides}")
        keep: int | None = None
        lowest = False
        if self.peek() in ("h", "kh", "l", "kl"):
            lowest = self.take() in ("l", "kl")
            amount = self.take()
            if not amount.isdigit() or int(amount) < 1:
                raise DiceNotationError(f"keep how many dice? in {self.text!r}")
            keep = int(amount)
            if keep > count:
                raise DiceNotationError(f"cannot keep {keep} of {count} dice in {self.text!r}")
        return Dice(count, sides, keep, lowest)


@lru_cache(maxsize=512)
def parse_dice(expression: str) -> Node:
    """Parse ``expression`` into a tree (cached); raises ``DiceNotationError``."""
    return _Parser(expression).parse()


def roll_dice(expression: str, rng: DieRoller, label: str, *, section: str | None = None) -> DiceRoll:
    """Roll ``expression`` through ``rng``; every die is labelled with ``label``.

    Plain ``NdS`` (most rolls in every rule book) skips the tree and the roller: the same rolls with
    the same labels, in the same order, so the log is the same either way.
    """
    node = parse_dice(expression)
    if type(node) is Dice and node.keep is None:
        sides, count = node.sides, node.count
        roll = rng.roll
        if count == 1:
            value = roll(sides, label, section=section)
            return DiceRoll(expression, value, (DieResult(sides, value),))
        values = [roll(sides, f"{label} (die {i} of {count})", section=section) for i in range(1, count + 1)]
        return DiceRoll(expression, sum(values), tuple(DieResult(sides, v) for v in values))
    roller = _Roller(rng, label, section, node.die_count())
    total = node.evaluate(roller)
    return DiceRoll(expression, total, tuple(roller.dice))
