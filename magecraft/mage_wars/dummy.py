"""The Dummy Mage: an opponent that plays itself by d12 rolls (seed 003).

:func:`quick_cast` is its quick cast/action (seed 003 "Quick Cast/Action Die Roll Sequence"),
:func:`creature_turn` one turn of its creatures (seed 003 "Creature Action Sequence").  Every
choice it makes is logged as a ``dummy`` event saying why, e.g. "rolled 9: 3 zones from every
enemy, re-rolling".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import TypeVar

from magecraft.core.deck import DeckExhausted
from magecraft.core.tables import get_table
from magecraft.mage_wars.arena import DISTANCES, blocking_wall, distance, neighbours, reachable, step
from magecraft.mage_wars.board import Board
from magecraft.mage_wars.cards import Attack, Card
from magecraft.mage_wars.combat import (
    attackable,
    can_attack,
    cast_spell,
    enemies_of,
    in_reach,
    resolve_attack,
    spell_fits,
    zone_attack_targets,
)
from magecraft.mage_wars.units import DUMMY, SEC_CREATURE, SEC_QUICK, YOU, Unit

T = TypeVar("T")


def say(game: Board, text: str, section: str = SEC_QUICK, **data: object) -> None:
    """Log the Dummy Mage's reasoning."""
    game.rng.log.record("dummy", text, section=section, data=data)


def _pick(game: Board, items: Sequence[T], key: Callable[[T], tuple[int, ...]],
          label: str | Callable[[], str], section: str) -> T:
    """The item with the smallest key; a random one among equals (seed 003 "choose randomly").

    ``label`` names the roll; a callable is asked for it only when there is a tie to roll for.
    """
    if len(items) == 1:
        return items[0]
    keys = list(map(key, items))
    best = min(keys)
    tied = list(compress(items, map(best.__eq__, keys)))
    if len(tied) == 1:
        return tied[0]
    return game.rng.choice(tied, label if isinstance(label, str) else label(), section=section)


def is_far(game: Board) -> bool:
    """Whether the Dummy Mage is ``far_zones`` (3) or more zones from every enemy creature and your mage."""
    return all(distance(game.dummy.zone, u.zone) >= game.settings.far_zones for u in enemies_of(game, DUMMY))


def quick_cast(game: Board) -> None:
    """One quick cast/action: roll the d12 (re-rolling 8+ while far away) and act on it."""
    dm = game.dummy
    begun = dm.begin_action()
    if begun == "stunned":
        say(game, "stunned: flips its quick cast marker and does not act this stage", SEC_QUICK)
        return
    if begun == "stands up":
        say(game, "knocked down: stands up dazed and acts", SEC_QUICK)
    value = game.rng.roll(12, "Dummy Mage quick cast/action", section=SEC_QUICK)
    while value >= 8 and is_far(game):
        say(game, f"rolled {value}: {game.settings.far_zones} zones from every enemy, re-rolling", value=value)
        value = game.rng.roll(12, "Dummy Mage quick cast/action (re-roll)", section=SEC_QUICK)
    row = get_table("mw_dummy_quick_cast").lookup(value)
    say(game, f"rolled {value}: {row.result}", value=value, result=row.result)
    if row.result == "move":
        _move(game)
    elif row.result == "summon":
        _summon(game)
    elif row.result == "enchantment or incantation":
        second = game.rng.roll(12, "Dummy Mage: enchantment (1-6) or incantation (7-12)", section=SEC_QUICK)
        kind = get_table("mw_dummy_spell_deck").lookup(second).result
        say(game, f"rolled {second}: draws an {kind}", value=second)
        _cast_from(game, kind)
    else:
        _cast_from(game, "attack")


def _move(game: Board) -> None:
    """1-3: a second d12 on the Compass Rose; against the arena edge (or a wall) it stays put."""
    dm = game.dummy
    roll = game.rng.roll(12, "Dummy Mage move direction (Compass Rose)", section=SEC_QUICK)
    row = get_table("mw_compass_rose").lookup(roll)
    dest = step(dm.zone, int(row.data["dcol"]), int(row.data["drow"]))
    if dest is None or blocking_wall(game.walls, dm.zone, dest) is not None:
        say(game, f"rolled {roll}: {row.result}, but the arena wall is there: stays in {dm.zone}", value=roll)
        return
    say(game, f"rolled {roll}: moves one zone {row.result} to {dest}", value=roll, zone=dest)
    dm.zone = dest


def _draw(game: Board, kind: str) -> Card | None:
    try:
        name = game.decks[kind].draw()
    except DeckExhausted:
        say(game, f"the {kind} deck is exhausted: the Dummy Mage loses this turn")
        return None
    return game.cards.get(name)


def _summon(game: Board) -> None:
    """4-7: the top creature of the shuffled creature deck joins the Dummy Mage's zone, inactive."""
    card = _draw(game, "creature")
    if card is None:
        return
    unit = game.add_creature(card, DUMMY, game.dummy.zone)
    say(game, f"summons {unit.describe()} in {unit.zone} with an inactive action marker", unit=unit.id)


def _cast_from(game: Board, kind: str) -> None:
    card = _draw(game, kind)
    if card is None:
        return
    deck = game.decks[kind]
    if kind == "attack":
        targets = attack_spell_targets(game, card)
        if not targets:
            say(game, f"draws {card.name}: nothing in range, discarded", card=card.name)
            deck.discard(card.name)
            return
        say(game, f"draws {card.name}: casts it at {', '.join(t.describe() for t in targets)}", card=card.name)
        for victim in targets:
            resolve_attack(game, game.dummy, card.attacks[0], victim)
        deck.discard(card.name)
        return
    target = spell_target(game, card)
    deck.discard(card.name)
    if target is None:
        say(game, f"draws {card.name}: it cannot work on anything in range, discarded", card=card.name)
        return
    say(game, f"draws {card.name}: casts it on {target.describe()}", card=card.name, target=target.id)
    cast_spell(game, card, target, DUMMY)


def spell_target(game: Board, card: Card) -> Unit | None:
    """Seed 003 criteria ii (enemy creature) and iii (friendly creature) for enchantments and incantations."""
    assert card.effect is not None
    zone = game.dummy.zone
    if card.effect.side == "enemy":
        enemies = [u for u in enemies_of(game, DUMMY) if spell_fits(game, card, zone, u)]
        if not enemies:
            return None
        return _pick(game, enemies, lambda u: (-u.remaining_life,), "Dummy Mage: enemies of equal life",
                     SEC_QUICK)
    friends = [u for u in game.creatures(DUMMY) if spell_fits(game, card, zone, u)]
    if game.settings.dummy_mage_takes_friendly_spells and _works_on_the_dummy_mage(card) and spell_fits(
            game, card, zone, game.dummy):
        friends.append(game.dummy)
    if not friends:
        return None
    engaged = [u for u in friends if any(e.zone == u.zone for e in enemies_of(game, DUMMY))]
    if engaged:
        return _pick(game, engaged, lambda u: (u.remaining_life,), "Dummy Mage: friends of equal life", SEC_QUICK)
    you = game.you.zone
    return _pick(game, friends, lambda u: (distance(u.zone, you), u.remaining_life),
                 "Dummy Mage: friends equally close with equal life", SEC_QUICK)


def _works_on_the_dummy_mage(card: Card) -> bool:
    """Whether a friendly spell could do the Dummy Mage any good (ruling M6): it makes no melee attack and
    takes no creature action, so a spell that only changes those "would not make sense" on it."""
    effect = card.effect
    assert effect is not None
    return not (effect.melee_dice or effect.melee_unavoidable or effect.next_melee_unavoidable
                or effect.extra_melee_attack or effect.this_round or "action_left" in effect.requires)


def attack_spell_targets(game: Board, card: Card) -> list[Unit]:
    """Seed 003 11-12 B: your mage first; a zone attack hits its whole zone, the Dummy Mage too; else your
    closest creature."""
    attack = card.attacks[0]
    dm = game.dummy
    if attack.zone_attack:
        # "If it is a Zone Attack it effects all objects in the zone, friendly and enemy": the Dummy Mage
        # stands in the zone it strikes, so it is hit too, after the others (ruling M9).
        zone_units = zone_attack_targets(game, dm)
        return [*zone_units, dm] if any(u.side == YOU for u in zone_units) else []
    if can_attack(dm, attack, dm.zone, game.you, game):
        return [game.you]
    creatures = [u for u in game.creatures(YOU) if can_attack(dm, attack, dm.zone, u, game)]
    if not creatures:
        return []
    return [_pick(game, creatures, lambda u: (distance(dm.zone, u.zone), -u.remaining_life),
                  "Dummy Mage: targets equally close with equal life", SEC_QUICK)]


# -- creatures ----------------------------------------------------------------------------------
def creature_turn(game: Board, sides: tuple[list[Unit], list[Unit]] | None = None) -> None:
    """One turn of the Dummy Mage's creatures: pass while you have more ready, else the dearest acts.

    ``sides`` are :meth:`Board.ready_sides` when the caller has just worked them out.
    """
    mine, ready = sides or game.ready_sides()
    yours = len(mine)
    if yours > len(ready):
        say(game, f"passes: you have {yours} creatures ready, it has {len(ready)}", SEC_CREATURE)
        return
    unit = _pick(game, ready, lambda u: (-u.card.cost,), "Dummy Mage: creatures of equal mana cost",
                 SEC_CREATURE)
    dazed = game.dazed_going_in(unit)
    act(game, unit)
    game.end_activation(unit, dazed)


def _target_rank(target: Unit) -> tuple[int, ...]:
    """Seed 003 A i-ii: your mage first, then the creature with the highest remaining life."""
    return (0 if target.id == YOU else 1, -target.remaining_life)


def _choose(game: Board, unit: Unit, options: list[tuple[Attack, Unit]]) -> tuple[Attack, Unit]:
    # Plain loops: a comprehension's own frame costs more than it saves on these few options.
    seen: dict[str, Unit] = {}
    for _, t in options:
        seen.setdefault(t.id, t)
    target = _pick(game, list(seen.values()), _target_rank, lambda: f"{unit.describe()}: targets of equal life",
                   SEC_CREATURE)
    kinds = []
    for a, t in options:
        if t is target:
            kinds.append(a)
    attack = kinds[0] if len(kinds) == 1 else game.rng.choice(kinds, f"{unit.describe()}: which attack",
                                                              section=SEC_CREATURE)
    return attack, target


def act(game: Board, unit: Unit) -> None:
    """Seed 003 A, B, C for one creature, with the wall and engagement rules."""
    unit.ready = False
    begun = unit.begin_action()
    if begun == "stunned":
        say(game, f"{unit.describe()} is stunned and loses its action", SEC_CREATURE)
        return
    if begun == "stands up":
        say(game, f"{unit.describe()} stands up dazed", SEC_CREATURE)
    here = unit.zone
    # What it may attack wherever it stands (sides, mana, Flying, Guard), listed target by target as the seed's
    # options are, among the enemies within reach of a one-zone move; then only range and sight per zone.
    from_here = DISTANCES[here]
    reach = unit.attack_reach + 1
    near = []
    for t in enemies_of(game, DUMMY):   # a loop: cheaper than a comprehension's frame on a few units
        if from_here[t.zone] <= reach:
            near.append(t)
    able = attackable(unit, unit.attacks, near, game)
    engaged = False
    for a, t in able:
        if t.zone == here and in_reach(game, here, here, a.min_range, a.max_range):
            engaged = True
            break
    options = [(a, t) for a, t in able
               if (not engaged or t.zone == here) and in_reach(game, here, t.zone, a.min_range, a.max_range)]
    if options:
        attack, target = _choose(game, unit, options)
        say(game, f"{unit.describe()} A: attacks {target.describe()} with {attack.name}"
                  + (" (engaged in its zone)" if engaged else ""), SEC_CREATURE, unit=unit.id, target=target.id)
        resolve_attack(game, unit, attack, target)
        return
    moves = []
    for z, n in reachable(here, min(unit.quick_moves, 1), game.walls).items():
        if n == 1:
            moves.append(z)
    staged = [(zone, a, t) for zone in moves for a, t in able
              if a.action == "quick" and in_reach(game, zone, t.zone, a.min_range, a.max_range)]
    if staged:
        best = min(_target_rank(t) for _, _, t in staged)
        zone = next(z for z, _, t in staged if _target_rank(t) == best)
        attack, target = _choose(game, unit, [(a, t) for z, a, t in staged if z == zone])
        say(game, f"{unit.describe()} B: moves to {zone} and attacks {target.describe()} with {attack.name}",
            SEC_CREATURE, unit=unit.id, zone=zone, target=target.id)
        unit.zone = zone
        resolve_attack(game, unit, attack, target, moved=True)
        return
    _pursue(game, unit)


def pursuit_target(game: Board, unit: Unit) -> Unit:
    """Seed 003 C: your mage, or your creature with the highest remaining life if it is closer.

    Creatures it could never attack (a flyer, for a creature without flying) are not pursued.
    """
    you = game.you
    creatures = [c for c in game.creatures(YOU)
                 if any(not a.melee or unit.flying or not c.flying for a in unit.attacks)]
    if not creatures:
        return you
    best = _pick(game, creatures, lambda u: (-u.remaining_life, distance(unit.zone, u.zone)),
                 lambda: f"{unit.describe()}: your creatures of equal life", SEC_CREATURE)
    return best if distance(unit.zone, best.zone) < distance(unit.zone, you.zone) else you


def _pursue(game: Board, unit: Unit) -> None:
    """C: move up to two zones toward the target (one if Slow; Fast adds none, ruling M21); a wall in the way is
    crossed if passable, else attacked."""
    target = pursuit_target(game, unit)
    start = unit.zone
    for moved in range(min(unit.full_moves, game.settings.pursuit_zones)):
        if unit.zone == target.zone:
            break
        here = distance(unit.zone, target.zone)
        closer = []
        for z in neighbours(unit.zone):
            if distance(z, target.zone) < here:
                closer.append(z)
        open_steps = [z for z in closer if blocking_wall(game.walls, unit.zone, z) is None]
        if open_steps:
            unit.zone = open_steps[0]
            continue
        wall = blocking_wall(game.walls, unit.zone, closer[0])
        melee = next((a for a in unit.attacks if a.melee), None)
        if moved == 0 and wall is not None and melee is not None:
            say(game, f"{unit.describe()} C: wall {wall.id} blocks the way to {target.describe()}: attacks it",
                SEC_CREATURE, unit=unit.id, wall=wall.id)
            resolve_attack(game, unit, melee, wall)
            return
        break
    if unit.zone == start:
        say(game, f"{unit.describe()} C: cannot get closer to {target.describe()}: stays in {unit.zone}",
            SEC_CREATURE, unit=unit.id, zone=unit.zone, toward=target.id)
        return
    say(game, f"{unit.describe()} C: moves toward {target.describe()} to {unit.zone}", SEC_CREATURE,
        unit=unit.id, zone=unit.zone, toward=target.id)

