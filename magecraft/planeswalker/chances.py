"""The chance that a decision a roll decides succeeds, before it is taken (issue 28; seed 001).

Every roll of the battle is a pool of d6s summed (ruling PW6) against another pool:

- **Engaging** ("Combat Mechanics" 3, Locked Combat): "an attack roll (dice equal to Power) against the
  defender's Toughness (dice equal to Toughness), dealing excess damage" -- the attack succeeds when its
  roll beats the defender's (Exalted adds a die to an attack, PW41).  The chance is of that roll; what
  happens to the damage after it (Absorb, prevention, a First Strike counter-attack first) is not counted.
- **Fleeing** ("Fleeing"): "If the character has at least 2 Speed more than any other combatant, he may make
  an opposed Speed roll to escape immediately" -- escaping on a tie too, as the engine rolls it (PW15).
  With less Speed no roll decides the flight: no chance is given.
- **Responding** ("Combat Mechanics" 6): "make an opposed Speed roll equal to or greater than the controller
  of the targeted spell"; a Split Second answer needs no roll.

The out-of-combat skill check's chance is :func:`magecraft.planeswalker.skills.skill_chance`.  Exact, by
icepool (:class:`magecraft.core.odds.Odds`), worked out once per pair of pool sizes.

>>> pool_beats(3, 1, ties=False)
Fraction(1261, 1296)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from magecraft.core.odds import Chance, Odds
from magecraft.planeswalker.actions import Action, Engage, Flee, OrderEngage, Respond, TrampleEngage
from magecraft.planeswalker.combatants import EXALTED, Combatant
from magecraft.planeswalker.field import Field
from magecraft.planeswalker.spells import profile


@cache
def pool_beats(mine: int, theirs: int, *, ties: bool) -> Fraction:
    """The chance a pool of ``mine`` d6 beats (or, with ``ties``, meets) a pool of ``theirs`` d6."""
    expression = (f"{mine}d6" if mine else "0") + (f"-{theirs}d6" if theirs else "")
    return Odds.of(expression).at_least(0 if ties else 1)


def _pools(mine: int, theirs: int, *, ties: bool, what: str, section: str) -> Chance:
    needs = "at least" if ties else "more than"
    return Chance(pool_beats(mine, theirs, ties=ties), f"{mine}d6 {what}, {needs} {theirs}d6", section)


def _attack(attacker: Combatant, defender: Combatant) -> Chance:
    dice = attacker.power + (1 if EXALTED in attacker.keywords else 0)
    return _pools(dice, defender.toughness, ties=False, what=f"{attacker.label}'s Power roll against "
                  f"{defender.label}'s Toughness", section="Locked Combat")


def _engage(battle: Field, action: Action) -> Chance | None:
    if isinstance(action, TrampleEngage):
        attacker = battle.fighters.get(battle.trample or "")
    elif isinstance(action, OrderEngage):
        attacker = battle.fighters.get(action.creature)
    else:
        attacker = battle.actor()
    defender = battle.fighters.get(action.target)
    return None if attacker is None or defender is None else _attack(attacker, defender)


def _flee(battle: Field, action: Action) -> Chance | None:
    actor = battle.actor()
    others = [f for f in battle.fighters.values() if f.active and f.id != actor.id]
    if not others or not all(actor.speed >= f.speed + 2 for f in others):
        return None
    fastest = max(others, key=lambda f: f.speed)
    return _pools(actor.speed, fastest.speed, ties=True, what=f"{actor.label}'s Speed roll to escape against "
                  f"{fastest.label}'s", section="Fleeing")


def _respond(battle: Field, action: Action) -> Chance | None:
    if battle.pending is None or not battle.pending.get("responders") or profile(action.card).split_second:
        return None
    responder = battle.fighters[battle.pending["responders"][0]]
    controller = battle.fighters[battle.pending["by"]]
    return _pools(responder.speed, controller.speed, ties=True, what=f"{responder.label}'s Speed roll to "
                  f"respond against {controller.label}'s", section="Combat Mechanics 6")


_BY_CLASS = {Engage: _engage, OrderEngage: _engage, TrampleEngage: _engage, Flee: _flee, Respond: _respond}


def chance_of(battle: Field, action: Action) -> Chance | None:
    """The chance ``action`` succeeds where a pool roll decides it (None where none does); reads only."""
    reckon = _BY_CLASS.get(type(action))
    return None if reckon is None else reckon(battle, action)
