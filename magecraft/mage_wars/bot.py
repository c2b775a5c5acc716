"""A built-in player for your side (the match runner that plays it is :mod:`.matches`).

The bot is greedy and deterministic: it plans the two dearest spells it can pay for (attack
spells and creatures first), quick casts an attack spell at the Dummy Mage when it can, and
otherwise scores each legal action: hurting the Dummy Mage, summoning, hurting its creatures,
then closing in.
"""

from __future__ import annotations

from functools import cache, partial

from magecraft.mage_wars.actions import (
    STEP_PLAN,
    Action,
    Cast,
    DoNothing,
    Guard,
    Move,
    Pass,
    Plan,
    QuickCast,
    Reveal,
    Strike,
)
from magecraft.mage_wars.arena import DISTANCES
from magecraft.mage_wars.cards import Card, CardBook
from magecraft.mage_wars.decisions import Offer, attack_action, cast_actions
from magecraft.mage_wars.decisions import offer as offer_of
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.units import DUMMY, YOU, Unit

_TYPE_ORDER = {"attack": 0, "creature": 1, "enchantment": 2, "incantation": 3}
#: The first part of the score of an activation that stays or moves (see _score), by its class.
_STANDING: dict[type, int] = {Move: 20, DoNothing: 19, Guard: 18}
_MOVE_SCORE = _STANDING[Move]
#: The first part of the other scores (see _score and _cast_score), named once because the bot's pruning
#: (_most, _cast_most) must bound them: an attack at the Dummy Mage or at anything else, and a cast.
_ATTACK_DUMMY, _ATTACK_OTHER = 100, 60
_CAST_ATTACK_DUMMY, _CAST_CREATURE, _CAST_ATTACK_OTHER, _CAST_HELPS = 110, 105, 55, 50
#: Your mage keeps two zones from the Dummy Mage (in spell range, out of the melee); creatures close in.
#: The second part of a standing action's score, by the Dummy Mage's zone and the zone the action ends in.
_MAGE_CLOSENESS = {dz: {z: -abs(gap - 2) for z, gap in row.items()} for dz, row in DISTANCES.items()}
_CLOSENESS = {dz: {z: -gap for z, gap in row.items()} for dz, row in DISTANCES.items()}


def choose(game: MageWarsGame) -> Action:
    """The bot's action for the decision the game is waiting on: the first of the best-scored legal actions."""
    return _choose_offered(game)[0]


def _choose_offered(game: MageWarsGame) -> tuple[Action, bool]:
    """The bot's action, and whether it is one of the objects ``legal_actions`` offers (a plan is not).

    Nearly always something scores more than standing or moving can (an attack, a cast): then the choice
    is read from the decision's options (``decisions.offer(game)``) without spelling out every activation; else it
    is the best standing or moving, and with no creature ready every legal action is weighed
    (:func:`_choose_from`).  Either way it is the first of the best in the order offered, the very object
    ``legal_actions`` offers (actions are built once: ``decisions.attack_action``)."""
    if game.pending == STEP_PLAN:
        return _plan(game), False
    offer = offer_of(game)
    dice: dict[tuple[str, str], int] = {}
    best, best_score = _best_of_the_rest(game, offer, dice)
    if best is not None and best_score[0] > _MOVE_SCORE:
        return best, True
    if offer.ready:
        # Nothing outscores standing or moving, which always beats what is left (a pass, an unhelpful spell).
        return _best_standing(game, offer), True
    return _choose_from(game, offer.actions()), True


def _best_standing(game: MageWarsGame, offer: Offer) -> Action:
    """The first of the best doing nothing or moving of the ready creatures (see :func:`_score`): a guard
    never beats its creature's doing nothing, offered before it."""
    mage_closeness, closeness = _MAGE_CLOSENESS[game.dummy.zone], _CLOSENESS[game.dummy.zone]
    best, best_score = offer.options(0)[1][0], (-1, 0)
    for i, unit in enumerate(offer.ready):
        near = mage_closeness if unit.id == YOU else closeness
        for action in offer.options(i)[1]:
            score = (_STANDING[type(action)], near[action.to])
            if score > best_score:
                best, best_score = action, score
    return best


def _best_of_the_rest(game: MageWarsGame, offer: Offer, dice: dict[tuple[str, str], int],
                      ) -> tuple[Action | None, tuple[int, int]]:
    """The first of the best-scored of the offered actions that neither stand nor move, and its score.

    An attack scores the same from every zone it may be made from, so each (attack, target) is weighed
    once, at the first of them; of a creature's equally scored options the first offered (by zone, then
    attack, then target, casts last in a zone) wins, and a later creature's must score more."""
    best: Action | None = None
    best_score = (-1, 0)
    for action in offer.others:
        score = _score(game, action, dice)
        if score > best_score:
            best, best_score = action, score
    dummy_zone = game.dummy.zone
    for i, unit in enumerate(offer.ready):
        if unit.id != YOU and _most(unit, dummy_zone) <= best_score:
            continue   # nothing it could do scores more than the best before it (your mage may cast: weighed)
        unit, _, zones, _, strikes, spells = offer.options(i)
        uid = unit.id
        top: tuple[int, int] = (-1, 0)
        at: tuple[int, int, int] = (0, 0, 0)
        cast: Action | None = None
        strike: tuple[int, str, str] = (0, "", "")   # zone index, attack, target: built only if chosen
        for rank, (name, targets, wall_zones) in enumerate(strikes):
            count = dice.get((uid, name))
            if count is None:
                attack = unit.attack_named(name)
                count = dice[uid, name] = attack.dice if attack is not None else 0
            for order, (ident, where) in enumerate(targets):
                if where:
                    score = (_ATTACK_DUMMY if ident == DUMMY else _ATTACK_OTHER, count)
                    if score > top or (score == top and (where[0], rank, order) < at):
                        top, at, strike, cast = score, (where[0], rank, order), (where[0], name, ident), None
            if wall_zones:
                score = (_ATTACK_OTHER, count)
                for order, wall in enumerate(game.walls, start=len(targets)):
                    first = next((z for z in wall_zones if zones[z][0] in wall.zones), None)
                    if first is not None and (score > top or (score == top and (first, rank, order) < at)):
                        top, at, strike, cast = score, (first, rank, order), (first, name, wall.id), None
        # Casts come after the attacks of their zone, zone by zone: weighed in that order, a cast wins only by
        # scoring more (a cast ties no attack: their first parts differ), so a spell that cannot score more than
        # what is found is not looked at.
        here = unit.zone
        for zone, _ in zones:
            for card in spells:
                if (card.action != "full" or zone == here) and _cast_most(card) > max(top, best_score):
                    for action in cast_actions(game, card, zone):
                        score = _cast_score(game, action)
                        if score > top:
                            top, cast = score, action
        if top > best_score:
            best_score = top
            best = cast if cast is not None else attack_action(uid, zones[strike[0]][0], strike[1], strike[2])
    return best, best_score


def _choose_from(game: MageWarsGame, actions: list[Action]) -> Action:
    """The first of the best-scored of ``actions`` (the legal actions of the decision)."""
    # One prepared context for the whole decision.  Moves, guards and attacks (most of what is offered) are
    # scored inline as _score scores them, and skipped as soon as their first part cannot reach the best so
    # far; the first of the best wins, as max() would choose.
    dice: dict[tuple[str, str], int] = {}
    # Standing and moving (do nothing, move, guard: most of what is offered) scores at most 20: when something
    # else scores more, only the rest is weighed.
    standing = _STANDING
    rest = [action for action in actions if type(action) not in standing]
    best, best_score = _first_best(game, rest, dice) if rest else (actions[0], (-1, 0))
    if best_score[0] > _MOVE_SCORE:
        return best
    mage_closeness, closeness = _MAGE_CLOSENESS[game.dummy.zone], _CLOSENESS[game.dummy.zone]
    best = actions[0]
    best_major = best_minor = -1
    for action in actions:
        major = standing.get(type(action))
        if major is not None:
            if major < best_major:
                continue
            assert isinstance(action, (DoNothing, Move, Guard))
            minor = (mage_closeness if action.actor == YOU else closeness)[action.to]
        else:
            major, minor = _score(game, action, dice)
        if major > best_major or (major == best_major and minor > best_minor):
            best, best_major, best_minor = action, major, minor
    return best


def _first_best(game: MageWarsGame, actions: list[Action], dice: dict[tuple[str, str], int],
                ) -> tuple[Action, tuple[int, int]]:
    """The first of the best-scored ``actions`` and its score (``max`` keeps the first of equals too)."""
    # Attacks (most of them) are scored here as _score scores them.
    scores = [(_ATTACK_DUMMY if action.target == DUMMY else _ATTACK_OTHER, dice[action.actor, action.attack])
              if type(action) is Strike and (action.actor, action.attack) in dice
              else _score(game, action, dice) for action in actions]
    best = max(scores)
    return actions[scores.index(best)], best


def _most(unit: Unit, dummy_zone: str) -> tuple[int, int]:
    """The most a creature's attacks could score (see :func:`_score`): the Dummy Mage's score only if it is
    within the creature's reach after a quick move; no attack scores (-1, 0)."""
    dice = _most_dice(unit.card)
    if dice < 0:
        return (-1, 0)
    near = DISTANCES[unit.zone][dummy_zone] <= unit.attack_reach + unit.movement()[0]
    return (_ATTACK_DUMMY if near else _ATTACK_OTHER, dice)


def _cast_most(card: Card) -> tuple[int, int]:
    """The most a cast of ``card`` could score (see :func:`_cast_score`)."""
    if card.type == "creature":
        return (_CAST_CREATURE, card.cost)
    if card.type == "attack":
        return (_CAST_ATTACK_DUMMY, card.cost)
    return (_CAST_HELPS, card.cost + 1)


@cache
def _most_dice(card: Card) -> int:
    """The most dice of a card's attacks (-1 without attacks)."""
    return max((attack.dice for attack in card.attacks), default=-1)


def _plan(game: MageWarsGame) -> Action:
    """The dearest affordable spell of each kind (attack spells, then creatures, ...), two at most."""
    budget = game.mana
    chosen: list[str] = []
    types: list[str] = []
    book = game.cards
    for name in sorted(set(game.spellbook), key=partial(_plan_rank, book)):
        kind, cost = _plan_facts(book, name)
        if cost <= budget and kind not in types:
            chosen.append(name)
            types.append(kind)
            budget -= cost
            if len(chosen) == 2:
                break
    return Plan(tuple(chosen))


@cache
def _plan_rank(book: CardBook, name: str) -> tuple[int, int, str]:
    """Attack spells first, then creatures, ...; the dearest first; then by name (once per card of a book)."""
    card = book.get(name)
    return (_TYPE_ORDER[card.type], -card.cost, name)


@cache
def _plan_facts(book: CardBook, name: str) -> tuple[str, int]:
    """A spell's type and what the bot budgets for it: enchantments with their reveal (it casts them face up)."""
    card = book.get(name)
    return card.type, card.mana_to_cast(reveal=True)


def _score(game: MageWarsGame, action: Action, dice: dict[tuple[str, str], int] | None = None) -> tuple[int, int]:
    """How much the bot likes an action: attacks and spells at the Dummy Mage first, then summoning, hurting
    its creatures, closing in.  ``dice`` keeps each attack's dice for the decision."""
    if type(action) is Strike:
        key = (action.actor, action.attack)
        if dice is None or key not in dice:
            attack = game.units[action.actor].attack_named(action.attack)
            count = attack.dice if attack is not None else 0
            if dice is None:
                return (_ATTACK_DUMMY if action.target == DUMMY else _ATTACK_OTHER, count)
            dice[key] = count
        return (_ATTACK_DUMMY if action.target == DUMMY else _ATTACK_OTHER, dice[key])
    if type(action) is Pass:
        return (0, 0)
    if type(action) is Reveal:
        return (95, 0)
    if type(action) is QuickCast:
        card = game.cards.get(action.spell)
        return (90 if action.target == DUMMY else 40 if card.type == "attack" else 30, card.cost + action.reveal)
    if type(action) is Cast:
        return _cast_score(game, action)
    assert type(action) is DoNothing or type(action) is Move or type(action) is Guard
    closeness = (_MAGE_CLOSENESS if action.actor == YOU else _CLOSENESS)[game.dummy.zone][action.to]
    return (_STANDING[type(action)], closeness)


def _cast_score(game: MageWarsGame, action: Cast) -> tuple[int, int]:
    card = game.cards.get(action.spell)
    if card.type == "creature":
        return (_CAST_CREATURE, card.cost)
    if card.type == "attack":
        hits_dummy = action.target == DUMMY or (not action.target and action.to == game.dummy.zone)
        return (_CAST_ATTACK_DUMMY if hits_dummy else _CAST_ATTACK_OTHER, card.cost)
    target = game.units[action.target]
    helps = card.effect is not None and (card.effect.side == "friendly") == (target.side == YOU)
    return (_CAST_HELPS if helps else 0, card.cost + action.reveal)


def answer_trigger(game: MageWarsGame, action: Action, moment: str) -> bool:
    """The bot reveals whenever it is offered: offers come only when the reveal changes the attack and
    you can pay (ruling A17)."""
    return True


#: The bot's two ways of choosing, by their public names: reading the decision's options (and whether the choice
#: is an object ``legal_actions`` offers), and weighing every legal action; a test holds them to the same choice.
choose_offered = _choose_offered
choose_from = _choose_from
