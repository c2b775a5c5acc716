"""Locked Combat (seed 001, "Combat Mechanics" 3 and 5, "Engaging" / "Combat").

"The attacking character or monster ... makes an attack roll (dice equal to Power)
against the defender's Toughness (dice equal to Toughness), dealing excess damage to
Life.  The defender may then immediately make a counter-attack Power roll dealing
damage in excess of the attacker's Toughness to its Life."  Ruling PW6: a roll is the
sum of its dice.  First Strike (PW12): a defender with First Strike counter-attacks
before the attacker strikes; Double Strike strikes twice.

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.planeswalker.combatants import creature_from_card
>>> bears = creature_from_card("c1", "Grizzly Bears", "foes")
>>> piker = creature_from_card("c2", "Goblin Piker", "party")
>>> fight = lock(piker, bears, Randomness.scripted([3, 2, 1, 1, 3, 4, 1]))
>>> bears.life, piker.life, bears.toughness
(1, -4, 0)
"""

from __future__ import annotations

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.combatants import (
    ABSORB,
    DEATHTOUCH,
    DOUBLE_STRIKE,
    EXALTED,
    FIRST_STRIKE,
    FOGGED,
    LIFELINK,
    POISONOUS,
    REGENERATE,
    WITHER,
    Combatant,
    Strike,
)
from magecraft.planeswalker.pervasive import reverse, warded, worshipped
from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings

SECTION = "Locked Combat"


def roll_pool(rng: Randomness, count: int, label: str) -> int:
    """The sum of ``count`` d6 (a pool of 0 dice rolls 0)."""
    roll = rng.roll
    return sum(roll(6, label, section=SECTION) for _ in range(count))


def strike(striker: Combatant, target: Combatant, rng: Randomness, settings: Settings = DEFAULT_SETTINGS,
           *, attacking: bool, factor: int = 1) -> Strike:
    """One Power roll against one Toughness roll; the excess goes to Life (times ``factor``: Furnace of Rath's
    doubling, PW53)."""
    dice = striker.power + (1 if attacking and EXALTED in striker.keywords else 0)
    attack = roll_pool(rng, dice, f"{striker.label}'s Power roll")
    defence = roll_pool(rng, target.toughness, f"{target.label}'s Toughness roll")
    damage = max(0, attack - defence) * factor
    if damage and ABSORB in target.keywords:
        damage -= 1
    if damage and (FOGGED in striker.keywords or FOGGED in target.keywords):  # Holy Day (PW52)
        rng.log.record("prevent", f"combat damage to {target.label} is prevented", section=SECTION,
                       data={"id": target.id, "prevented": damage})
        damage = 0
    damage = warded(target, striker.colors, prevented(target, reverse(target, damage, rng), rng), rng)  # PW46/64
    struck_power = striker.power
    if settings.toughness_reduction == "power":
        target.toughness = max(0, target.toughness - struck_power)
    elif settings.toughness_reduction == "overcome" and attack > defence:
        target.toughness = 0
    if damage:
        take_damage(target, damage)
        if DEATHTOUCH in striker.keywords and not target.player:
            target.life = min(target.life, 0)
        if WITHER in striker.keywords and not target.is_mage:
            target.base_power = max(0, target.base_power - damage)
            target.base_toughness = max(0, target.base_toughness - damage)
            target.power = min(target.power, target.base_power)
            target.toughness = min(target.toughness, target.base_toughness)
        if LIFELINK in striker.keywords:
            striker.life += damage
        if POISONOUS in striker.keywords and target.is_mage:
            poison(target, rng, settings)
    result = Strike(striker.id, target.id, attack, defence, damage)
    rng.log.record("strike", f"{striker.label} strikes {target.label}", section=SECTION,
                   data={"striker": striker.id, "target": target.id, "attack": attack, "defence": defence,
                         "damage": damage, "life": target.life, "toughness": target.toughness})
    settle(target, rng, settings)
    return result


def prevented(target: Combatant, amount: int, rng: Randomness) -> int:
    """The damage left after the target's prevention shield this turn (Mending Hands, Samite Healer)."""
    if not target.prevent or amount <= 0:
        return amount
    stopped = min(target.prevent, amount)
    target.prevent -= stopped
    rng.log.record("prevent", f"{stopped} damage to {target.label} is prevented", section=SECTION,
                   data={"id": target.id, "prevented": stopped})
    return amount - stopped


def poison(target: Combatant, rng: Randomness, settings: Settings = DEFAULT_SETTINGS) -> None:
    """Poisonous (ruling PW37): a poison counter for each strike that damages a mage; at
    ``poison_to_lose`` counters the mage loses (Magic's rule; no regeneration from it)."""
    target.poison += 1
    rng.log.record("poison", f"{target.label} has {target.poison} poison counters", section=SECTION,
                   data={"id": target.id, "poison": target.poison})
    if target.poison >= settings.poison_to_lose and target.out is None:
        target.out = "lost"
        rng.log.record("out", f"{target.label} loses to poison", section=SECTION,
                       data={"id": target.id, "out": target.out})


def take_damage(target: Combatant, amount: int) -> None:
    """Damage to Life; a fleeing character counts it towards the 5 that stop an escape.  Worship keeps its
    mage at 1 Life while it controls a creature (PW49)."""
    if target.is_mage and 1 <= target.life <= amount and worshipped(target):
        amount = target.life - 1
    target.life -= amount
    target.damaged += max(0, amount)
    if target.fleeing:
        target.flee_damage += amount


def lose_life(target: Combatant, amount: int, rng: Randomness, settings: Settings = DEFAULT_SETTINGS) -> None:
    """Damage to Life (less any prevention), then regeneration or defeat at 0 Life."""
    take_damage(target, prevented(target, amount, rng))
    settle(target, rng, settings)


def settle(target: Combatant, rng: Randomness, settings: Settings = DEFAULT_SETTINGS) -> None:
    """At 0 Life: Regenerated (ruling PW10: Life back to its base, so many times a battle), else out."""
    if target.life > 0 or target.out is not None:
        return
    if regenerate(target, rng):
        return
    target.out = "lost" if target.is_mage else "dead"
    rng.log.record("out", f"{target.label} {'loses' if target.is_mage else 'dies'}", section=SECTION,
                   data={"id": target.id, "out": target.out})


def regenerate(target: Combatant, rng: Randomness) -> bool:
    """Regenerated (ruling PW10: Life back to its base): a shield bought this turn first (an ability, PW35),
    else the Regenerate keyword's so many times a battle.  False when it cannot regenerate."""
    if target.shields > 0:
        target.shields -= 1
        target.life = target.base_life
        rng.log.record("regenerate", f"{target.label} regenerates (a shield)", section=SECTION,
                       data={"id": target.id, "life": target.life})
        return True
    if REGENERATE in target.keywords and target.regenerations > 0:
        target.regenerations -= 1
        target.life = target.base_life
        rng.log.record("regenerate", f"{target.label} regenerates", section=SECTION,
                       data={"id": target.id, "life": target.life})
        return True
    return False


def _first(fighter: Combatant) -> bool:
    return FIRST_STRIKE in fighter.keywords or DOUBLE_STRIKE in fighter.keywords


def lock(attacker: Combatant, defender: Combatant, rng: Randomness,
         settings: Settings = DEFAULT_SETTINGS, *, factor: int = 1) -> list[Strike]:
    """Resolve one locked combat: the attack, the counter-attack (First and Double Strike ordering)."""
    strikes: list[Strike] = []
    steps: list[tuple[Combatant, Combatant, bool]] = []
    if _first(defender) and not _first(attacker):
        steps.append((defender, attacker, False))
        steps.append((attacker, defender, True))
        if DOUBLE_STRIKE in defender.keywords:
            steps.append((defender, attacker, False))
    else:
        steps.append((attacker, defender, True))
        steps.append((defender, attacker, False))
        if DOUBLE_STRIKE in attacker.keywords:
            steps.append((attacker, defender, True))
        if DOUBLE_STRIKE in defender.keywords:
            steps.append((defender, attacker, False))
    for striker, target, attacking in steps:
        if striker.active and target.active and striker.power > 0:
            strikes.append(strike(striker, target, rng, settings, attacking=attacking, factor=factor))
    return strikes
