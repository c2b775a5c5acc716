"""Exact odds of a Mage Wars attack (Mage Wars Arena: attack dice; armour soaks normal damage only).

Each attack die shows a blank, normal or critical damage (the shipped table ``mw_attack_die``); armour,
less any Piercing, soaks normal damage and critical damage ignores it.  icepool adds the dice as
(normal, critical) pairs, so the odds are exact fractions -- the same as the OCTGN Mage Wars module's.

>>> odds = attack_odds(3, armour=1)
>>> odds.expected, round(float(odds.kill_chance(4)), 4)
(Fraction(62, 27), 0.1898)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from magecraft.core.errors import InputError
from magecraft.mage_wars.combat import _attack_die_faces

MAX_DICE = 30


@dataclass(frozen=True)
class AttackOdds:
    """The exact damage distribution of ``dice`` attack dice against ``armour`` with ``piercing``."""

    dice: int
    armour: int
    piercing: int
    chances: Mapping[int, Fraction]

    @property
    def expected(self) -> Fraction:
        return sum((d * p for d, p in self.chances.items()), Fraction(0))

    def kill_chance(self, life: int) -> Fraction:
        """The chance the attack deals at least ``life`` damage (a creature with that much life left dies)."""
        return sum((p for d, p in self.chances.items() if d >= life), Fraction(0))

    def to_json(self, life: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"dice": self.dice, "armour": self.armour, "piercing": self.piercing,
                                "expected_damage": float(self.expected), "expected_fraction": str(self.expected),
                                "damage": {str(d): float(p) for d, p in sorted(self.chances.items())}}
        if life is not None:
            data["life"] = life
            data["kill_chance"] = float(self.kill_chance(life))
        return data


def attack_odds(dice: int, armour: int = 0, piercing: int = 0) -> AttackOdds:
    """The damage of ``dice`` attack dice against ``armour`` (less ``piercing``), exactly."""
    import icepool

    if not 0 < dice <= MAX_DICE:
        raise InputError(f"an attack rolls 1 to {MAX_DICE} dice, not {dice}")
    if armour < 0 or piercing < 0:
        raise InputError("armour and piercing are never negative")
    soak = max(0, armour - piercing)
    face = icepool.Die([icepool.vectorize(normal, critical) for normal, critical in _attack_die_faces().values()])
    damage = (dice @ face).map(lambda v: v[1] + max(0, v[0] - soak))
    total = int(damage.denominator())
    return AttackOdds(dice, armour, piercing, {int(d): Fraction(int(n), total) for d, n in damage.items()})
