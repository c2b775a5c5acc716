"""Attacks, damage, conditions and spell effects in the compact arena.

An attack rolls attack dice (table ``mw_attack_die``: blank, normal and critical faces); armour
soaks normal damage only, critical damage ignores it.  An attack with effect rows then rolls the
d12 effect die.  These follow the published Mage Wars Arena rules; every simplification is in
docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from functools import cache

from magecraft.core.tables import get_table
from magecraft.mage_wars.arena import DISTANCES, Wall, blocking_wall, line_of_sight, step
from magecraft.mage_wars.attack_die import attack_die_faces
from magecraft.mage_wars.board import Board, Target
from magecraft.mage_wars.cards import Attack, Card
from magecraft.mage_wars.units import DUMMY, SEC_ARENA, YOU, Unit, other

#: Conditions that Burnproof and Flame Immunity keep off.
_FIRE_CONDITIONS = ("Burn",)


def roll_attack_dice(game: Board, count: int, label: str) -> tuple[int, int]:
    """Roll ``count`` attack dice: (normal damage, critical damage)."""
    faces = attack_die_faces()
    roll = game.rng.roll
    normal = critical = 0
    for suffix in _die_suffixes(count):
        face = faces[roll(6, label + suffix, section=SEC_ARENA)]
        normal += face[0]
        critical += face[1]
    return normal, critical


@cache
def _die_suffixes(count: int) -> tuple[str, ...]:
    """The ends of the labels of ``count`` attack dice: ", attack die 1 of 3" ..., written once per count."""
    return tuple(f", attack die {n} of {count}" for n in range(1, count + 1))


def can_attack(attacker: Unit, attack: Attack, from_zone: str, target: Target, game: Board) -> bool:
    """Whether ``attacker`` may make ``attack`` from ``from_zone`` at ``target`` (range, sight, Flying, Guard)."""
    if isinstance(target, Wall):
        return attack.kind == "melee" and from_zone in target.zones
    # Range first: it rules out most of what the enumerations ask about.
    return (in_reach(game, from_zone, target.zone, attack.min_range, attack.max_range)
            and may_attack(attacker, attack, target, game))


def may_attack(attacker: Unit, attack: Attack, target: Unit, game: Board) -> bool:
    """What :func:`can_attack` asks that does not depend on where the attacker stands: sides, mana, Flying
    and Guard (see :func:`attackable`)."""
    return bool(attackable(attacker, (attack,), (target,), game))


def attackable(attacker: Unit, attacks: Sequence[Attack], targets: Iterable[Unit], game: Board,
               guarded: Container[tuple[str, str]] | None = None) -> list[tuple[Attack, Unit]]:
    """Each (attack, target), target by target, that ``attacker`` may make wherever it stands: an enemy in the
    arena, the mana for a mana-costing attack, and in melee Flying (only flyers reach a flyer) and Guard (a
    guard of the target's zone first).  Range and sight are asked per zone by the caller (:func:`in_reach`).

    What the attacker is (flying, elusive) is looked up once, and ``guarded`` (:func:`guarded_zones`) when
    first needed, so an enumeration asks this once for all its attacks and targets.
    """
    side, zap_used, mana = attacker.side, attacker.zap_used, game.mana
    flying = attacker.flying
    elusive = flying or attacker.has("Elusive")
    out = []
    for target in targets:
        if target.side == side or target.banished:
            continue
        target_flying = None
        for attack in attacks:
            if attack.mana_cost and (zap_used or mana < attack.mana_cost):
                continue
            if attack.kind == "melee":
                if target_flying is None:
                    target_flying = target.flying
                if target_flying and not flying:
                    continue
                if not (target.guarding or elusive):
                    if guarded is None:
                        guarded = guarded_zones(game)
                    if (target.side, target.zone) in guarded:
                        continue
            out.append((attack, target))
    return out


def guarded_zones(game: Board) -> set[tuple[str, str]]:
    """(side, zone) of every guard in the arena: where a melee attack must take a guard first."""
    guarded = set()
    for u in game.units.values():   # a loop: cheaper than a comprehension's frame on a few units
        if u.guarding and not u.banished:
            guarded.add((u.side, u.zone))
    return guarded


def in_reach(game: Board, from_zone: str, to_zone: str, min_range: int, max_range: int) -> bool:
    """Within range (counted in zones) and in sight (ruling A15)."""
    if not min_range <= DISTANCES[from_zone][to_zone] <= max_range:
        return False
    return not game.walls or line_of_sight(from_zone, to_zone, game.walls)


def attack_dice(attacker: Unit, attack: Attack, target: Target, moved: bool) -> int:
    """How many dice the attack rolls against this target."""
    count = attack.dice
    if not attack.is_spell:
        count += attacker.curse_dice() - attacker.conditions.get("Weak", 0)
        if attack.melee:
            count += attacker.melee_bonus()
            if moved:
                count += attacker.trait("Charge") or 0
    if isinstance(target, Unit):
        if attack.has_bonuses:
            count += attack.bonus_against(target.traits, not target.living)
        count += target.trait(_WEAKNESS[attack.damage_type]) or 0
    return max(0, count)


class _Weakness(dict[str, str]):
    """The trait that adds dice against a damage type (``flame`` -> ``Flame``), worked out once per type."""

    def __missing__(self, damage_type: str) -> str:
        self[damage_type] = damage_type.capitalize()
        return self[damage_type]


_WEAKNESS = _Weakness()


def resolve_attack(game: Board, attacker: Unit, attack: Attack, target: Target, *,
                   moved: bool = False, counterstrike: bool = False) -> None:
    """Make one attack (Triplestrike makes three), then counterstrike and Battle Fury follow-ups."""
    strikes = 3 if attack.trait("Triplestrike") is not None else 1
    melee = attack.kind == "melee"
    if (attacker.side == DUMMY or counterstrike) and (
            attacker.hidden or (isinstance(target, Unit) and target.hidden)):
        # Declared outside your decisions: the moment to reveal an enchantment that answers it (A17); only a
        # face-down enchantment on either could answer.
        game.offer_reveals(attacker, attack, target, f"{attacker.describe()} attacks {_name(target)} with "
                                                     f"{attack.name}")
    if melee:
        attacker.guarding = False
    if attack.mana_cost:
        game.mana -= attack.mana_cost
        attacker.zap_used = True
    for _ in range(strikes):
        if not _alive(game, target) or game.winner is not None:
            return
        _strike(game, attacker, attack, target, moved)
    if (not counterstrike and melee and isinstance(target, Unit) and _alive(game, target)
            and _alive(game, attacker) and not target.incapacitated and game.winner is None):
        counter = _counterstrike(target.card)
        if counter is not None and can_attack(target, counter, target.zone, attacker, game):
            game.event(f"{target.describe()} counterstrikes {attacker.describe()}", section=SEC_ARENA)
            resolve_attack(game, target, counter, attacker, counterstrike=True)
    if not counterstrike and melee and attacker.battle_fury and _alive(game, attacker):
        attacker.battle_fury = False
        follow = next((a for a in attacker.attacks if a.melee and a.action == "quick"), None)
        if follow is not None and _alive(game, target) and can_attack(attacker, follow, attacker.zone,
                                                                       target, game):
            game.event(f"Battle Fury: {attacker.describe()} attacks again", section=SEC_ARENA)
            resolve_attack(game, attacker, follow, target, counterstrike=False)


@cache
def _counterstrike(card: Card) -> Attack | None:
    """A card's first attack with Counterstrike, if any: read once per card (asked after every melee attack)."""
    return next((a for a in card.attacks if a.trait("Counterstrike") is not None), None)


def _alive(game: Board, target: Target) -> bool:
    if isinstance(target, Wall):
        return target in game.walls
    return target.id in game.units and not target.banished


def _strike(game: Board, attacker: Unit, attack: Attack, target: Target, moved: bool) -> None:
    who = f"{attacker.describe()}'s {attack.name} at {_name(target)}"
    # Daze: an attack by a dazed creature misses on an effect-die roll of 1-6.
    if "Daze" in attacker.conditions and game.rng.roll(12, f"{who}: Daze check (1-6 misses)",
                                                        section=SEC_ARENA) <= 6:
        game.event(f"{who} misses: dazed", section=SEC_ARENA)
        return
    if isinstance(target, Unit) and attack.damage_type == "flame" and target.has("Flame Immunity"):
        game.event(f"{target.describe()} is immune to flame", section=SEC_ARENA)
        return
    count = attack_dice(attacker, attack, target, moved)
    normal, critical = roll_attack_dice(game, count, who)
    armor = max(0, target.armor - (attack.trait("Piercing") or 0))
    damage = critical + max(0, normal - armor)
    game.event(f"{who}: {count} dice, {normal} normal and {critical} critical damage, armour {armor}: "
               f"{damage} damage", section=SEC_ARENA,
               data={"attacker": attacker.id, "target": target.id, "attack": attack.name, "dice": count,
                     "normal": normal, "critical": critical, "armor": armor, "damage": damage})
    if target.id == YOU and damage > 0 and isinstance(target, Unit) and attack.trait("Mana Drain"):
        game.mana = max(0, game.mana - (attack.trait("Mana Drain") or 0))
    game.deal_damage(target, damage, by=attacker.side)
    if attack.effects and isinstance(target, Unit) and _alive(game, target) and game.winner is None:
        roll = game.rng.roll(12, f"{who}: effect die", section=SEC_ARENA)
        for row in attack.effects:
            if row.low <= roll <= row.high:
                for name, count_ in row.conditions:
                    apply_condition(game, target, name, count_)
                if row.push:
                    push(game, target)


def _name(target: Target) -> str:
    return f"wall {target.id}" if isinstance(target, Wall) else target.describe()


def apply_condition(game: Board, unit: Unit, name: str, count: int = 1) -> None:
    """Place a condition; Burnproof and Flame Immunity refuse Burn, Unmovable refuses Slam; an
    incapacitated creature (Stun, Slam) stops guarding."""
    if name in _FIRE_CONDITIONS and (unit.has("Burnproof") or unit.has("Flame Immunity")):
        game.event(f"{unit.describe()} cannot burn", section=SEC_ARENA)
        return
    if name == "Slam" and unit.has("Unmovable"):
        game.event(f"{unit.describe()} is Unmovable: no Slam", section=SEC_ARENA)
        return
    if name in ("Slam", "Stun"):
        unit.guarding = False
    unit.add_condition(name, count)
    game.event(f"{unit.describe()} gains {count} {name}", section=SEC_ARENA,
               data={"unit": unit.id, "condition": name, "count": count})


def push(game: Board, unit: Unit) -> None:
    """Push one zone in a Compass Rose direction; the arena edge or a wall stops it."""
    if unit.has("Unmovable"):
        game.event(f"{unit.describe()} is Unmovable: not pushed", section=SEC_ARENA)
        return
    roll = game.rng.roll(12, f"push direction for {unit.describe()} (Compass Rose)", section=SEC_ARENA)
    row = get_table("mw_compass_rose").lookup(roll)
    dest = step(unit.zone, int(row.data["dcol"]), int(row.data["drow"]))
    if dest is None or blocking_wall(game.walls, unit.zone, dest) is not None:
        game.event(f"{unit.describe()} is pushed {row.result} but stops at the edge or a wall",
                   section=SEC_ARENA)
        return
    game.event(f"{unit.describe()} is pushed {row.result} to {dest}", section=SEC_ARENA)
    unit.zone = dest


#: What each target requirement of a spell effect asks of the target (``SpellEffect.requires``); asked one
#: by one, only for the requirements a spell has.
REQUIREMENTS: dict[str, Callable[[Unit, Board], bool]] = {
    "creature": lambda target, game: True,
    "living": lambda target, game: target.living,
    "corporeal": lambda target, game: not target.has("Incorporeal"),
    "non_mage": lambda target, game: not target.is_mage,
    "flying": lambda target, game: target.flying,
    "not_flying": lambda target, game: not target.flying,
    "damaged": lambda target, game: target.damage > 0,
    "enchanted": lambda target, game: bool(target.enchantments or target.hidden),
    "movable": lambda target, game: not target.has("Unmovable") and "Slam" not in target.conditions,
    "action_left": lambda target, game: _has_action_left(target, game),
}


def _has_action_left(target: Unit, game: Board) -> bool:
    stage: str = game.stage
    return target.ready and stage != "quick_cast_2"


def spell_fits(game: Board, card: Card, caster_zone: str, target: Unit) -> bool:
    """Whether an enchantment or incantation would work on ``target`` (range, target rules, sense)."""
    effect = card.effect
    if effect is None or target.banished:
        return False
    if not in_reach(game, caster_zone, target.zone, card.min_range, card.max_range):
        return False
    if card.type == "enchantment" and target.carries(card.name):
        return False
    for requirement in effect.requires:
        if not REQUIREMENTS[requirement](target, game):
            return False
    if effect.extra_melee_attack and target.battle_fury:
        return False
    return not (effect.this_round and all(t in target.round_traits for t in effect.this_round))


def cast_spell(game: Board, card: Card, target: Unit, caster: str, *, face_down: bool = False) -> None:
    """Carry out an enchantment or incantation already found to fit its target.

    The Dummy Mage's enchantments are "cast and revealed immediately" (seed 003, 8-10 iii); yours may go
    on face down and be revealed later (ruling A13).
    """
    effect = card.effect
    assert effect is not None
    how = " face down" if face_down else ""
    game.event(f"{caster_name(caster)} casts {card.name} on {target.describe()}{how}", section=SEC_ARENA,
               data={"spell": card.name, "target": target.id, "face_down": face_down})
    if card.type == "enchantment":
        (target.hidden if face_down else target.enchantments).append(card.name)
        return
    if effect.extra_melee_attack:
        target.battle_fury = True
    if effect.next_melee_unavoidable:
        target.perfect_strike = True
    target.round_traits.extend(effect.this_round)
    if effect.heal_dice:
        normal, critical = roll_attack_dice(game, effect.heal_dice, f"{card.name} on {target.describe()}")
        healed = min(target.damage, normal + critical)
        target.damage -= healed
        game.event(f"{target.describe()} heals {healed}", section=SEC_ARENA, data={"healed": healed})
    if effect.condition:
        apply_condition(game, target, effect.condition)
    if effect.banish_upkeeps:
        target.banished = effect.banish_upkeeps
        target.guarding = False
        game.event(f"{target.describe()} is banished for {effect.banish_upkeeps} upkeeps", section=SEC_ARENA)
    if effect.purge:
        purged = target.enchantments + [f"a face-down {name}" for name in target.hidden]
        game.event(f"{', '.join(purged)} destroyed on {target.describe()}", section=SEC_ARENA)
        target.enchantments.clear()
        target.hidden.clear()


def caster_name(side: str) -> str:
    return {YOU: "Your mage", DUMMY: "The Dummy Mage"}.get(side, side)


def zone_attack_targets(game: Board, caster: Unit) -> list[Unit]:
    """Every creature in the caster's zone but the caster, friend and foe (seed 003, 11-12 B)."""
    zone, ident = caster.zone, caster.id
    return [u for u in game.units.values() if not u.banished and u.zone == zone and u.id != ident]


def enemies_of(game: Board, side: str) -> list[Unit]:
    them = other(side)
    found = []
    for u in game.units.values():   # a loop: cheaper than a comprehension's frame on a few units
        if u.side == them and not u.banished:
            found.append(u)
    return found
