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
from functools import cache
from typing import TYPE_CHECKING, Any

from magecraft.core.errors import InputError
from magecraft.mage_wars.attack_die import attack_die_faces

if TYPE_CHECKING:
    from magecraft.core.odds import Chance
    from magecraft.mage_wars.board import Board, Target
    from magecraft.mage_wars.cards import Attack
    from magecraft.mage_wars.units import Unit

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


@cache
def attack_odds(dice: int, armour: int = 0, piercing: int = 0) -> AttackOdds:
    """The damage of ``dice`` attack dice against ``armour`` (less ``piercing``), exactly (worked out once per
    dice, armour and piercing: the result is immutable and shared)."""
    import icepool

    if not 0 < dice <= MAX_DICE:
        raise InputError(f"an attack rolls 1 to {MAX_DICE} dice, not {dice}")
    if armour < 0 or piercing < 0:
        raise InputError("armour and piercing are never negative")
    soak = max(0, armour - piercing)
    face = icepool.Die([icepool.vectorize(normal, critical) for normal, critical in attack_die_faces().values()])
    damage = (dice @ face).map(lambda v: v[1] + max(0, v[0] - soak))
    total = int(damage.denominator())
    return AttackOdds(dice, armour, piercing, {int(d): Fraction(int(n), total) for d, n in damage.items()})


def _strike_damage(dice: int, armour: int, piercing: int, dazed: bool) -> dict[int, Fraction]:
    """One strike's damage: no dice deal none; a dazed attacker misses on 1-6 of the d12 (half the time)."""
    chances = dict(attack_odds(dice, armour, piercing).chances) if dice else {0: Fraction(1)}
    if dazed:
        chances = {d: p / 2 for d, p in chances.items()}
        chances[0] = chances.get(0, Fraction(0)) + Fraction(1, 2)
    return chances


def _sum_of(one: Mapping[int, Fraction], strikes: int) -> dict[int, Fraction]:
    """The total damage of ``strikes`` independent strikes of the same distribution (Triplestrike: three)."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(strikes):
        added: dict[int, Fraction] = {}
        for a, p in total.items():
            for b, q in one.items():
                added[a + b] = added.get(a + b, Fraction(0)) + p * q
        total = added
    return total


def attack_chance(game: Board, attacker: Unit, attack: Attack, target: Target, *, moved: bool) -> Chance:
    """The chance ``attacker``'s ``attack`` destroys ``target`` (a mage: wins the game), as the attacker's side
    sees the arena; where it cannot (its most damage is less than the life left), the chance it deals any
    damage.  Exact (icepool over the attack dice); never rolls, never changes the game.

    The dice are the attack's as :func:`.combat.attack_dice` counts them (curses, Weak, Melee, Charge after a
    move, bonuses and weaknesses); armour less Piercing soaks normal damage; a dazed attacker misses on 1-6 of
    the effect die; Triplestrike strikes three times; a flame attack does nothing to Flame Immunity.  Effect
    dice, counterstrikes and reveals after the attack are not counted (they do not change the damage).
    """
    # the board's modules are read only here: the odds of bare dice (``mage-wars odds``) need none of them
    from magecraft.core.odds import Chance
    from magecraft.mage_wars.arena import Wall
    from magecraft.mage_wars.combat import attack_dice
    from magecraft.mage_wars.units import SEC_ARENA, Unit

    life = (target.life - game.wall_damage.get(target.id, 0) if isinstance(target, Wall)
            else target.remaining_life)
    dice = attack_dice(attacker, attack, target, moved)
    piercing = attack.trait("Piercing") or 0
    strikes = 3 if attack.trait("Triplestrike") is not None else 1
    dazed = "Daze" in attacker.conditions
    immune = isinstance(target, Unit) and attack.damage_type == "flame" and target.has("Flame Immunity")
    one = {0: Fraction(1)} if immune else _strike_damage(dice, target.armor, piercing, dazed)
    total = _sum_of(one, strikes)
    expected = sum((d * p for d, p in total.items()), Fraction(0))
    kill = sum((p for d, p in total.items() if d >= life), Fraction(0))
    rolled = f"{'3 strikes of ' if strikes == 3 else ''}{dice} attack dice v armour {target.armor}"
    rolled += f" (Piercing {piercing})" if piercing else ""
    rolled += ", dazed (misses on 1-6)" if dazed else ""
    rolled += ", immune to flame" if immune else ""
    if max(total) >= life:
        probability = kill
        said = f"kills ({life} life left) {Chance(kill, '', '').percent}"
    else:
        probability = 1 - total.get(0, Fraction(0))
        said = f"cannot kill ({life} life left); deals damage {Chance(probability, '', '').percent}"
    return Chance(probability, f"{rolled}: {said}; expected {float(expected):.2f} damage", SEC_ARENA)
