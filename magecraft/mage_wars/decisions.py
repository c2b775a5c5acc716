"""Your decisions in a game of Mage Wars solo: what you may do now, and the rule an action breaks.

Seed 003 "Gameplay", Action Stage: plan (Ready stage), quick cast, activate a creature (your mage acts
as one), or quick cast after your mage's action; the Arena rules (range, sight, Flying, Guard, mana)
judge each.  Functions of a :class:`~magecraft.mage_wars.board.Board` (the game's state): :func:`offer` and
:func:`legal_actions` list the legal actions, :func:`why_illegal` and :func:`check` judge any other action
rule by rule; :class:`magecraft.mage_wars.game.MageWarsGame` calls them and carries actions out (``perform``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from magecraft.core.errors import RuleError
from magecraft.mage_wars.actions import (
    ACTION_CLASSES,
    DUMMY_TURNS,
    KIND_ACTIVATE,
    KIND_DUMMY,
    KIND_PASS,
    KIND_PLAN,
    KIND_QUICK_CAST,
    KIND_REVEAL,
    STEP_ACTIVATE,
    STEP_AFTER_ACTION,
    STEP_DUMMY_CREATURE,
    STEP_DUMMY_QUICK_CAST,
    STEP_PLAN,
    STEP_QUICK_CAST,
    Action,
    Activation,
    Cast,
    DoNothing,
    DummyTurn,
    Guard,
    Move,
    Pass,
    Plan,
    QuickCast,
    Reveal,
    Strike,
)
from magecraft.mage_wars.arena import DISTANCES, ZONES, Wall, line_of_sight, reachable, reachable_zones
from magecraft.mage_wars.board import Board
from magecraft.mage_wars.cards import Card
from magecraft.mage_wars.combat import attackable, can_attack, enemies_of, guarded_zones, spell_fits
from magecraft.mage_wars.units import DUMMY, SEC_ACTION, SEC_ARENA, SEC_END, SEC_READY, YOU, Unit

#: The kinds of decision each pending decision accepts.
_EXPECTED = {STEP_PLAN: (KIND_PLAN, KIND_REVEAL),
             STEP_QUICK_CAST: (KIND_QUICK_CAST, KIND_PASS, KIND_REVEAL),
             STEP_ACTIVATE: (KIND_ACTIVATE, KIND_PASS, KIND_REVEAL, KIND_QUICK_CAST),
             STEP_AFTER_ACTION: (KIND_QUICK_CAST, KIND_PASS, KIND_REVEAL),
             STEP_DUMMY_QUICK_CAST: (KIND_DUMMY,), STEP_DUMMY_CREATURE: (KIND_DUMMY,)}
#: The one action of each of the Dummy Mage's decisions.
_DUMMY_TURN = DUMMY_TURNS


_PASS = Pass()

#: One attack of a creature's activation options: its name, each enemy it may strike with the indices (in the
#: creature's ``zones``) of the zones it may strike it from, and the indices of the zones it may strike a wall
#: from (melee only, when there are walls).
StrikeOptions = tuple[str, list[tuple[str, tuple[int, ...]]], tuple[int, ...]]
#: A ready creature's activation options: the unit; doing nothing and moving; each zone a quick move reaches
#: (``zones``) with its guard; all of those, as offered when there is nothing to attack or cast; its
#: strikes; and the spells it may cast (your mage's planned spells you can pay for).
UnitOptions = tuple[Unit, tuple[Activation, ...], tuple[tuple[str, Guard | None], ...], tuple[Activation, ...],
                    list[StrikeOptions], list[Card]]


class Offer:
    """The legal decisions of one moment, worked out once and spelt out as actions only when asked.

    ``others`` are the decisions that are not activations (pass, reveals, quick casts, plans), in the order
    offered; ``ready`` the creatures that may be activated, whose :data:`UnitOptions` :meth:`options` works
    out when first asked.  :meth:`actions` lists them all, as ``legal_actions`` offers them: the others, then
    each creature's doing nothing and moves, then zone by zone its guard, its attacks (attack by attack,
    target by target, then walls) and its casts.  The attacks and casts are values built once
    (:func:`attack_action`, :func:`_cast_action`), so a reader that picks one out of the options of some
    creatures without spelling out the rest (the bot) holds the very object offered.  An offer describes
    the position it was made in: read it before anything changes the game.
    """

    __slots__ = ("_context", "_options", "game", "others", "ready")

    def __init__(self, game: Board, others: list[Action], ready: list[Unit]) -> None:
        self.game = game
        self.others = others
        self.ready = ready
        self._options: list[UnitOptions | None] = [None] * len(ready)
        self._context: tuple[list[Unit], list[Card], set[tuple[str, str]]] | None = None

    def actions(self) -> list[Action]:
        """Every legal decision, in the order offered (what ``legal_actions`` returns)."""
        out = list(self.others)
        for i in range(len(self.ready)):
            out.extend(self.activations(self.options(i)))
        return out

    def options(self, i: int) -> UnitOptions:
        """The activation options of ``ready[i]``, worked out once."""
        found = self._options[i]
        if found is None:
            if self._context is None:
                # What every activation weighs, looked up once: the enemies, the planned spells you can pay,
                # where guards stand.
                game = self.game
                book = game.cards
                spells = []
                for card in map(book.get, sorted(set(game.planned))):
                    if card.mana_to_cast() <= game.mana:
                        spells.append(card)
                self._context = (enemies_of(game, YOU), spells, guarded_zones(game))
            found = self._options[i] = _activations(self.game, self.ready[i], *self._context)
        return found

    def activations(self, options: UnitOptions) -> Sequence[Activation]:
        """One creature's activations, in the order offered."""
        unit, staying, zones, standing, strikes, spells = options
        if not strikes and not spells:
            return standing
        uid, here = unit.id, unit.zone
        # The attacks found zone by zone, gathered attack by attack (the order within a zone).
        found: list[list[Strike]] = [[] for _ in zones]
        walls = self.game.walls
        for name, targets, wall_zones in strikes:
            for ident, where in targets:
                for i in where:
                    found[i].append(attack_action(uid, zones[i][0], name, ident))
            for i in wall_zones:
                zone = zones[i][0]
                found[i].extend(attack_action(uid, zone, name, wall.id) for wall in walls if zone in wall.zones)
        out: list[Activation] = list(staying)
        for i, (zone, guard) in enumerate(zones):
            if guard is not None:
                out.append(guard)
            out.extend(found[i])
            for card in spells:
                if card.action != "full" or zone == here:
                    out.extend(cast_actions(self.game, card, zone))
        return out


def current_player(game: Board) -> str | None:
    """You, or the Dummy Mage when its seat takes its own turn; None when nobody decides."""
    pending = game.pending
    if not pending:
        return None
    return DUMMY if pending in _DUMMY_TURN else YOU


def legal_actions(game: Board) -> list[Action]:
    """Every legal decision; built legal by construction (a test checks each one against check())."""
    return offer(game).actions()


def offer(game: Board) -> Offer:
    """What :meth:`legal_actions` lists, worked out once for the decision but not yet spelt out: the
    decisions other than activations, and each ready creature's activation options (see :class:`Offer`)."""
    pending = game.pending
    if game.winner is not None or not pending:
        return Offer(game, [], [])
    turn = _DUMMY_TURN.get(pending)  # a position may name it in words
    if turn is not None:
        return Offer(game, [turn], [])
    others: list[Action] = []
    if pending == STEP_ACTIVATE:
        # Judged as why_illegal judges a pass, from the ready units the activations need too.
        sides = game.ready_sides()
        may_pass = not game.mage_next and _may_pass(sides)
    else:
        sides = None
        may_pass = pending != STEP_PLAN and why_illegal(game, _PASS) is None
    if may_pass:
        others.append(_PASS)
    mana = game.mana
    book = game.cards
    for unit in game.units.values():
        if unit.hidden:
            others.extend(_reveal_action(name, unit.id)
                          for name in sorted(set(unit.hidden)) if book.get(name).reveal_cost <= mana)
    if pending == STEP_PLAN:
        others.extend(_plans(tuple(sorted(game.spellbook))))
    elif pending in (STEP_QUICK_CAST, STEP_AFTER_ACTION) or (
            pending == STEP_ACTIVATE and _may_quick_cast_in_action(game)):
        for name in sorted(set(game.planned)):
            targets = _quick_spell_targets(game, name)
            if targets:
                reveals = _reveal_choices(game, book.get(name))
                for target in targets:
                    for reveal in reveals:
                        others.append(_quick_cast_action(name, target, reveal))
    ready: list[Unit] = []
    if pending == STEP_ACTIVATE:
        assert sides is not None
        ready = sides[0] if not game.mage_next else [u for u in sides[0] if u.id == YOU]
    return Offer(game, others, ready)


def _may_quick_cast_in_action(game: Board) -> bool:
    """Your mage may quick cast in its own action phase, before acting, if its marker is unused (A16)."""
    return not game.quickcast_used and game.you.ready


def may_quick_cast_after_action(game: Board) -> bool:
    """Mage Wars Arena: the quick cast may also come after the mage's action, in the same action phase
    (A16); offered only when some planned quick spell can be cast now."""
    return not game.quickcast_used and a_quick_spell_has_a_target(game)


def a_quick_spell_has_a_target(game: Board) -> bool:
    """Whether some planned quick spell can be cast now (asked at every turn of a quick cast stage: a plain
    loop, as ``any`` over a generator or ``map`` costs more than the question)."""
    for name in set(game.planned):  # noqa: SIM110
        if _quick_spell_targets(game, name):
            return True
    return False


def _reveal_choices(game: Board, card: Card) -> tuple[bool, ...]:
    """Face down, and face up too if you can pay both costs (enchantments); other spells just cast."""
    if card.type != "enchantment":
        return (False,)
    return (False, True) if card.mana_to_cast(reveal=True) <= game.mana else (False,)


def _quick_spell_targets(game: Board, name: str) -> list[str]:
    card = game.cards.get(name)
    if (card.action != "quick" or card.mana_to_cast() > game.mana
            or (game.you.incapacitated and card.type == "attack")):
        return []
    return _spell_targets(game, card, game.you.zone)


def _spell_targets(game: Board, card: Card, zone: str) -> list[str]:
    if card.type == "creature" or (card.attacks and card.attacks[0].zone_attack):
        return [""]
    if card.type == "attack":
        attack = card.attacks[0]
        low, high = attack.min_range, attack.max_range
        walls, from_zone = game.walls, DISTANCES[zone]
        # Plain loops: a comprehension's own frame costs more than it saves on a handful of units.
        found = []
        for _, u in attackable(game.you, (attack,), game.units.values(), game):
            if low <= from_zone[u.zone] <= high and (not walls or line_of_sight(zone, u.zone, walls)):
                found.append(u.id)
        return found
    found = []
    for u in game.units.values():
        if spell_fits(game, card, zone, u):
            found.append(u.id)
    return found


def cast_actions(game: Board, card: Card, zone: str) -> list[Cast]:
    """Your mage's activations that cast ``card`` from ``zone``: each target, face down and (if you can pay
    both costs) face up."""
    reveals = _reveal_choices(game, card)
    name = card.name
    casts = []
    for target in _spell_targets(game, card, zone):
        for reveal in reveals:
            casts.append(_cast_action(zone, name, target, reveal))
    return casts


def _activations(game: Board, unit: Unit, enemies: list[Unit], spells: list[Card],
                 guarded: set[tuple[str, str]]) -> UnitOptions:
    """A creature's activation options (your mage's too): ``enemies`` are the units it may attack,
    ``spells`` the planned spells you can pay for (your mage casts them), ``guarded`` where guards stand."""
    uid, here = unit.id, unit.zone
    if unit.stunned:
        # It may only spend its action where it stands; a stunned mage may still cast some spells (A3).
        nothing = standing_actions(uid, here, 0, 0, False, ())[0]
        castable = [card for card in spells if _stunned_mage_may_cast(card)] if uid == YOU else []
        return unit, nothing, ((here, None),), nothing, [], castable
    walls = game.walls
    wall_key = tuple(walls) if walls else ()
    quick, full, guards = unit.movement()
    staying, zones, standing = standing_actions(uid, here, full, quick, guards, wall_key)
    if uid != YOU:
        spells = []
    # Each attack weighs only the enemies it may attack at all (sides, mana, Flying, Guard: asked once) among
    # those it could reach after its move; each of those is then made from the zones (by their index in
    # ``zones``) of a table kept per zone, movement, walls and range.
    from_here = DISTANCES[here]
    reach = unit.attack_reach + quick
    # (Plain loops: on these few items a comprehension's own frame costs more than it saves.)
    near = []
    for enemy in enemies:
        if from_here[enemy.zone] <= reach:
            near.append(enemy)
    strikes: list[StrikeOptions] = []
    if near or walls:
        attacks = unit.attacks
        pairs = attackable(unit, attacks, near, game, guarded) if near else []
        for attack in attacks:
            full = attack.action == "full"
            targets: list[tuple[str, tuple[int, ...]]] = []
            within = None
            for able, target in pairs:
                if able is attack:
                    if within is None:
                        within = _zones_within(here, quick, wall_key, attack.min_range, attack.max_range, full)
                    targets.append((target.id, within[target.zone]))
            at_walls = bool(walls) and attack.kind == "melee"
            if targets or at_walls:
                strikes.append((attack.name, targets, _wall_zones(len(zones), full) if at_walls else ()))
    return unit, staying, zones, standing, strikes, spells


def why_illegal(game: Board, action: Action) -> RuleError | None:
    """The rule an action breaks now, or None when it is legal."""
    if game.winner is not None:
        return RuleError("the game is over", rule="Game End", section=SEC_END)
    if type(action) not in _WHY:
        return RuleError(f"{action!r} is not a Mage Wars action", rule="Actions", section=SEC_ACTION)
    pending = game.pending
    kind = action.kind
    if pending is None or kind not in _EXPECTED.get(pending, ()):
        what = "wait" if pending is None else str(pending).replace("_", " ")
        return RuleError(f"now you must {what}, not {kind}", rule="Sequence", section=SEC_ACTION)
    return _WHY[type(action)](game, action)


def _why_dummy(game: Board, action: DummyTurn) -> RuleError | None:
    if game.pending is None or action != _DUMMY_TURN.get(game.pending):
        return RuleError("the Dummy Mage plays by its own rules: its turn is not yours to choose",
                         rule="The Dummy Mage", section=SEC_ACTION)
    return None


def _why_your_mage_must_act(game: Board, actor: str) -> RuleError | None:
    if game.mage_next and actor != YOU:
        return RuleError("your mage quick cast in its action phase: now it must take its action",
                         rule="Quickcast", section=SEC_ACTION)
    return None


def _why_pass_now(game: Board, action: Pass) -> RuleError | None:
    return _why_your_mage_must_act(game, "") or _why_pass(
        game, game.ready_sides() if game.pending == STEP_ACTIVATE else None)


def _why_quick_cast(game: Board, action: QuickCast) -> RuleError | None:
    problem = _why_your_mage_must_act(game, "")
    if problem is not None:
        return problem
    card = game.cards.cards.get(action.spell)
    if card is None or action.spell not in game.planned:
        return RuleError(f"{action.spell!r} is not one of your planned spells", rule="Planning",
                         section=SEC_READY)
    if card.action != "quick":
        return RuleError(f"{card.name} is a full-action spell", rule="Quickcast", section=SEC_ACTION)
    if game.pending == STEP_ACTIVATE and not _may_quick_cast_in_action(game):
        return RuleError("your mage has used its quick cast this round or has already acted",
                         rule="Quickcast", section=SEC_ACTION)
    if game.you.incapacitated and card.type == "attack":
        return RuleError("your stunned or knocked-down mage can cast only spells that are not attacks",
                         rule="Incapacitated", section=SEC_ARENA)
    return _why_cast(game, card, game.you.zone, action.target, action.reveal)


def _why_pass(game: Board, sides: tuple[list[Unit], list[Unit]] | None) -> RuleError | None:
    if not _may_pass(sides):
        return RuleError("you may pass only while the Dummy Mage has more creatures ready to act",
                         rule="Creature Actions Stage", section=SEC_ACTION)
    return None


def _may_pass(sides: tuple[list[Unit], list[Unit]] | None) -> bool:
    """In the Creature Actions Stage (``sides`` are the ready units then) you may pass only while the Dummy
    Mage has more creatures ready than you; in a quick cast stage you may always pass."""
    return not (sides is not None and len(sides[1]) <= len(sides[0]))


def _why_plan(game: Board, action: Plan) -> RuleError | None:
    return _why_plan_spells(game, action.spells)


def _why_plan_spells(game: Board, spells: tuple[str, ...]) -> RuleError | None:
    if len(spells) > 2:
        return RuleError("plan at most 2 spells a round", rule="Planning", section=SEC_READY)
    pool = list(game.spellbook)
    for name in spells:
        if name not in pool:
            return RuleError(f"{name!r} is not (or no longer) in your spellbook", rule="Planning",
                             section=SEC_READY)
        pool.remove(name)
    return None


def _why_reveal(game: Board, action: Reveal) -> RuleError | None:
    unit = game.units.get(action.target)
    if unit is None or action.enchantment not in unit.hidden:
        return RuleError(f"there is no face-down {action.enchantment} of yours on {action.target!r}",
                         rule="Enchantments", section=SEC_ARENA)
    cost = game.cards.get(action.enchantment).reveal_cost
    if cost > game.mana:
        return RuleError(f"revealing {action.enchantment} costs {cost} mana and you have {game.mana}", rule="Mana",
                         section=SEC_ARENA)
    return None


def _why_cast(game: Board, card: Card, zone: str, target: str, reveal: bool) -> RuleError | None:
    if reveal and card.type != "enchantment":
        return RuleError(f"{card.name} is not an enchantment: there is nothing to reveal",
                         rule="Enchantments", section=SEC_ARENA)
    cost = card.mana_to_cast(reveal)
    if cost > game.mana:
        return RuleError(f"{card.name} costs {cost} mana{' with its reveal' if reveal else ''} and you have "
                         f"{game.mana}", rule="Mana", section=SEC_ARENA)
    if target not in _spell_targets(game, card, zone):
        where = f" from {zone}" if target else ""
        return RuleError(f"{card.name} cannot be cast on {target or 'nothing'}{where}",
                         rule="Targets and range", section=SEC_ARENA)
    return None


def _why_activation(game: Board, action: Activation) -> RuleError | None:
    """The rules every activation answers to (the creature, its marker, Stun, movement), then its own."""
    problem = _why_your_mage_must_act(game, action.actor)
    if problem is not None:
        return problem
    unit = game.units.get(action.actor)
    if unit is None or unit.side != YOU or not unit.in_arena:
        return RuleError(f"you have no creature {action.actor!r}", rule="Creature Actions Stage",
                         section=SEC_ACTION)
    if not unit.ready:
        return RuleError(f"{unit.describe()} has already acted (or was summoned this round)",
                         rule="Action markers", section=SEC_ACTION)
    if type(action) is DoNothing:
        return None if action.to == unit.zone else RuleError("doing nothing means staying put",
                                                               rule="Actions", section=SEC_ARENA)
    if unit.stunned and not (type(action) is Cast and action.to == unit.zone
                             and _stunned_mage_may_cast(game.cards.cards.get(action.spell))):
        return RuleError(f"{unit.describe()} is stunned and can only spend its action"
                         + (" or cast a quick spell that is not an attack" if unit.id == YOU else ""),
                         rule="Incapacitated", section=SEC_ARENA)
    if type(action) is Move:
        moves = unit.full_moves
    elif _is_full_action(unit, action):
        moves = 0
    else:
        moves = unit.quick_moves
    if action.to not in reachable(unit.zone, moves, game.walls):
        return RuleError(f"{unit.describe()} cannot get to {action.to!r} with this action (moves {moves})",
                         rule="Movement", section=SEC_ARENA)
    return _WHY_ACTIVATION[type(action)](game, unit, action)


def _why_move(game: Board, unit: Unit, action: Move) -> RuleError | None:
    return None if action.to != unit.zone else RuleError("a move must change zone", rule="Movement",
                                                         section=SEC_ARENA)


def _why_guard(game: Board, unit: Unit, action: Guard) -> RuleError | None:
    return None if not unit.has("Flying") else RuleError("a flying creature cannot guard", rule="Guard",
                                                         section=SEC_ARENA)


def _why_strike(game: Board, unit: Unit, action: Strike) -> RuleError | None:
    attack = unit.attack_named(action.attack)
    target = game.target(action.target)
    if attack is None or target is None or not can_attack(unit, attack, action.to, target, game):
        return RuleError(f"{unit.describe()} cannot attack {action.target!r} with {action.attack!r} from "
                         f"{action.to} (range, Flying, Guard or mana)", rule="Attacks", section=SEC_ARENA)
    return None


def _why_cast_activation(game: Board, unit: Unit, action: Cast) -> RuleError | None:
    card = game.cards.cards.get(action.spell)
    if card is None or action.spell not in game.planned:
        return RuleError(f"{action.spell!r} is not a spell your mage planned", rule="Planning",
                         section=SEC_READY)
    return _why_cast(game, card, action.to, action.target, action.reveal)


def _stunned_mage_may_cast(card: Card | None) -> bool:
    """Codex, Incapacitated: a mage can still cast quick spells that are not attacks (ruling A3)."""
    return card is not None and card.action == "quick" and card.type != "attack"


def _is_full_action(unit: Unit, action: Activation) -> bool:
    """A full-action attack or spell: no move before it."""
    if type(action) is Strike:
        attack = unit.attack_named(action.attack)
        return attack is not None and attack.action == "full"
    if type(action) is Cast:
        card = unit.book.cards.get(action.spell)
        return card is not None and card.action == "full"
    return False


#: The rules each kind of action answers to, by its class (a table, not an if-chain).
_WHY: dict[type, Callable[[Board, Any], RuleError | None]] = {
    Plan: _why_plan, Reveal: _why_reveal, Pass: _why_pass_now, QuickCast: _why_quick_cast, DummyTurn: _why_dummy,
    DoNothing: _why_activation, Move: _why_activation, Guard: _why_activation, Strike: _why_activation,
    Cast: _why_activation}
#: An activation's own rules, after those every activation answers to.
_WHY_ACTIVATION: dict[type, Callable[[Board, Unit, Any], RuleError | None]] = {
    Move: _why_move, Guard: _why_guard, Strike: _why_strike, Cast: _why_cast_activation}
assert set(_WHY) == set(ACTION_CLASSES)


def check(game: Board, action: Action) -> None:
    """Raise the rule ``action`` breaks now (see :func:`why_illegal`)."""
    problem = why_illegal(game, action)
    if problem is not None:
        raise problem



@lru_cache(maxsize=256)


def _plans(spellbook: tuple[str, ...]) -> tuple[Plan, ...]:
    """Every plan of at most 2 spells from ``spellbook`` (sorted), names in order: worked out once per spellbook,
    as a round's plan is asked again (by a bot, a parser, a front end) while the spellbook stays the same."""
    names = sorted(set(spellbook))
    plans = []
    for n in range(3):
        for combo in combinations_with_replacement(names, n):
            pool = list(spellbook)
            for name in combo:
                if name not in pool:
                    break
                pool.remove(name)
            else:
                plans.append(Plan(combo))
    return tuple(plans)


@lru_cache(maxsize=1 << 16)


def attack_action(uid: str, zone: str, name: str, target: str) -> Strike:
    """A creature's attack, built once and offered again in every position and game (actions are values)."""
    return Strike(uid, zone, name, target)


@lru_cache(maxsize=1 << 14)


def _quick_cast_action(name: str, target: str, reveal: bool) -> QuickCast:
    """A quick cast, built once (see :func:`attack_action`)."""
    return QuickCast(name, target, reveal)


@lru_cache(maxsize=1 << 14)


def _reveal_action(name: str, target: str) -> Reveal:
    """Turning a face-down enchantment up, built once (see :func:`attack_action`)."""
    return Reveal(name, target)


@lru_cache(maxsize=1 << 14)


def _cast_action(zone: str, name: str, target: str, reveal: bool) -> Cast:
    """Your mage's activation that casts a spell, built once (see :func:`attack_action`)."""
    return Cast(zone, name, target, reveal)


@lru_cache(maxsize=4096)


def _zones_within(here: str, quick_moves: int, walls: tuple[Wall, ...], low: int, high: int,
                  full: bool) -> dict[str, tuple[int, ...]]:
    """For each zone an enemy may stand in, the indices (in ``reachable_zones(here, quick_moves, walls)``)
    of the zones an attack of range ``low``-``high`` may strike it from: in range and in sight (ruling A15),
    and only where the creature stands for a full-action attack (no move before it)."""
    zones = reachable_zones(here, quick_moves, walls)
    return {target: tuple(i for i, zone in enumerate(zones)
                          if (not full or zone == here) and low <= DISTANCES[zone][target] <= high
                          and (not walls or line_of_sight(zone, target, walls)))
            for target in ZONES}


def _wall_zones(count: int, full: bool) -> tuple[int, ...]:
    """The zone indices a melee attack may strike a wall from: where it stands for a full action, else any."""
    return (0,) if full else tuple(range(count))


@lru_cache(maxsize=4096)


def standing_actions(uid: str, here: str, full_moves: int, quick_moves: int, guards: bool,
                      walls: tuple[Wall, ...],
                      ) -> tuple[tuple[Activation, ...], tuple[tuple[str, Guard | None], ...],
                                 tuple[Activation, ...]]:
    """The activations of a creature in ``here`` that involve no other unit, built once and offered again in
    every position (actions are values): doing nothing and the moves, then each zone a quick move reaches
    with its guard (None for a flyer, which cannot guard); and all of them in the order they are offered
    when the creature has nothing to attack or cast."""
    staying: tuple[Activation, ...] = (
        DoNothing(uid, here), *(Move(uid, z) for z in reachable_zones(here, full_moves, walls) if z != here))
    zones = tuple((zone, Guard(uid, zone) if guards else None)
                  for zone in reachable_zones(here, quick_moves, walls))
    return staying, zones, staying + tuple(guard for _, guard in zones if guard is not None)
