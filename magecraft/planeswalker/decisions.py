"""What may be done now, and why not (seed 001, "Combat Mechanics" 3-6).

:func:`compute_legal` lists a battle's open decisions -- once per decision, the battle caches them --
and :func:`refusal` names the rule an illegal action breaks (the Main phase's Speed actions, Moving,
Engaging from ranged combat, Casting above Mastery or beyond Focus, Fleeing, Commanding ...).

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.planeswalker.bot import ready_mage
>>> from magecraft.planeswalker.combat import Battle
>>> from magecraft.planeswalker.actions import Engage
>>> battle = Battle.start(ready_mage("Kiora the Wanderer"), ["Grizzly Bears"], Randomness.scripted([]))
>>> str(refusal(battle, Engage(target="c1")))
'Turn phases: it is the channelling step: channel, delay now, not engage'
"""

from __future__ import annotations

from functools import cache

from magecraft.core.errors import RuleError
from magecraft.planeswalker.actions import (
    MAIN_ACTIONS,
    MECHANICS,
    Action,
    Allow,
    Cast,
    Channel,
    Command,
    Delay,
    Done,
    End,
    Engage,
    Flee,
    Forget,
    Intercept,
    Move,
    OrderAbility,
    OrderEngage,
    OrderMove,
    Pass,
    Release,
    Respond,
    Step,
    TrampleEngage,
    TrampleMove,
    UseAbility,
    action_words,
)
from magecraft.planeswalker.combatants import (
    CANT_BLOCK,
    DEFENDER,
    EXTRA_COMBAT,
    FEAR,
    FLYERS_ONLY,
    FLYING,
    HASTE,
    INTIMIDATE,
    LANDWALK,
    LANDWALKS,
    NO_COMBAT,
    REACH,
    UNBLOCKABLE,
    Combatant,
)
from magecraft.planeswalker.effects import Ability, abilities, statics
from magecraft.planeswalker.field import Field
from magecraft.planeswalker.mana import largest_x, pay, total
from magecraft.planeswalker.pervasive import activation_refusal, activations, taxed
from magecraft.planeswalker.spells import SpellProfile, aim_problem, can_target, profile

# The decisions offered again and again, each built once and offered as the same frozen value (a frozen
# dataclass costs several times a tuple to build; issue 22).  Positional: the classes' own field order.
_channel = cache(Channel)
_delay = cache(Delay)
_move = cache(Move)
_engage = cache(Engage)
_order_move = cache(OrderMove)
_order_engage = cache(OrderEngage)
_cast = cache(Cast)
_END = End()


def compute_legal(battle: Field) -> list[Action]:
    phase = battle.phase
    if phase == Step.OVER:
        return []
    if phase == Step.CHANNELLING:
        return _legal_channelling(battle)
    if phase == Step.UPKEEP:
        actor = battle.actor()
        releases: list[Action] = [Release(target=c) for c in actor.creatures]
        return releases + [Release(card=p) for p in dict.fromkeys(actor.permanents)]
    if phase == Step.MAIN:
        return _legal_main(battle)
    if phase == Step.COMMANDING:
        return _legal_orders(battle)
    if phase == Step.RESPONSE:
        assert battle.pending is not None
        return [*_responses(battle, battle.fighters[battle.pending["responders"][0]]), Pass()]
    if phase == Step.INTERCEPT:
        assert battle.intercept is not None
        return [*(Intercept(target=c) for c in interceptors(battle)), *_allowed(battle)]
    if phase == Step.TRAMPLE:
        return [*_trample_options(battle), Pass()]
    if phase == Step.FORGET:
        return [Forget(card=c) for c in dict.fromkeys(battle.actor().memory)]
    raise AssertionError(f"unknown phase {phase}")


def _allowed(battle: Field) -> list[Action]:
    """Elvish Bard: "All creatures able to block Elvish Bard do so" -- a mage it engages must intercept with a
    creature that can (PW52)."""
    assert battle.intercept is not None
    lure = "all must block" in statics(battle.fighters[battle.intercept["attacker"]].card)
    return [] if lure and interceptors(battle) else [Allow()]


def _delays(battle: Field) -> list[Action]:
    """Ruling PW21: a combatant delays at most once a round (two could otherwise pass forever)."""
    if battle.order[battle.turn] in battle.delayed:
        return []
    later = battle.order[battle.turn + 1:]
    return [_delay(fid) for fid in later if battle.fighters[fid].active]


def _legal_channelling(battle: Field) -> list[Action]:
    actor = battle.actor()
    budget = battle.channel_budget(actor)
    missing = sum(actor.capacity.values()) - min(total(actor.mana), sum(actor.capacity.values()))
    spare = max(0, budget - missing)
    draws = (False, True) if actor.library else (False,)
    return [*(_channel(k, d) for d in draws for k in range(spare + 1)),
            *_delays(battle)]


def _legal_main(battle: Field) -> list[Action]:
    actor = battle.actor()
    found: list[Action] = []
    if not battle.acted:
        found.extend(_delays(battle))
    if battle.actions_left > 0:
        if actor.is_mage and may_command(battle, actor):
            found.append(Command())
        for enemy in battle.enemies(actor.id):
            found.extend(_moves_and_engages(battle, actor, enemy, ordered=False))
        if actor.is_mage:
            found.extend(_casts(battle, actor))
            if actor.permanents:
                found.extend(activations(battle, actor))
        else:
            found.extend(ability_actions(battle, actor, None))
        if not battle.acted and not battle.in_close_combat(actor.id):
            found.append(Flee())
    forced = [] if actor.is_mage else must_engage(actor, found)
    if forced:  # a Goblin Brigand alone (PW62): it may still delay
        return [*(a for a in found if a.kind == "delay"), *forced]
    found.append(_END)
    return found


def must_engage(creature: Combatant, actions: list[Action]) -> list[Action]:
    """Goblin Brigand: "attacks each combat if able" (PW62) -- the engagements open to it, which are then its
    only choices (commanded, or acting alone); [] for any other creature or when it cannot engage."""
    if "attacks each combat" not in statics(creature.card):
        return []
    return [a for a in actions if a.kind in ("engage", "order_engage") and a.creature in ("", creature.id)]


def _moves_and_engages(battle: Field, mover: Combatant, enemy: Combatant, *, ordered: bool) -> list[Action]:
    found: list[Action] = []
    moved, engaged = (False, False) if ordered else (battle.moved, battle.engaged)
    if not moved:
        found.append(_order_move(mover.id, enemy.id) if ordered else _move(enemy.id))
    if (not moved and not engaged and DEFENDER not in mover.keywords and not mover.tapped
            and battle.range_between(mover.id, enemy.id) == "close" and not island_denied(battle, mover, enemy)
            and not combat_skipped(battle, mover)):
        found.append(_order_engage(mover.id, enemy.id) if ordered else _engage(enemy.id))
    return found


def combat_skipped(battle: Field, mover: Combatant) -> bool:
    """Blinding Angel: "that player skips their next combat phase" -- on that turn neither the mage nor the
    creatures it commands engage (PW56)."""
    mage = mover if mover.is_mage else battle.fighters.get(mover.controller or "")
    return mage is not None and NO_COMBAT in mage.keywords


def island_denied(battle: Field, attacker: Combatant, target: Combatant) -> bool:
    """Sea Monster "can't attack unless defending player controls an Island" (PW51): the defending mage (the
    target, or the target creature's mage) has Blue in its identity (its lands, PW37).  Form of the Dragon:
    "Creatures without flying can't attack you" -- its mage (PW73)."""
    if target.is_mage and not attacker.is_mage and FLYING not in attacker.keywords and any(
            "only flyers attack" in statics(n) for n in target.permanents):
        return True
    if "attacks only Island" not in statics(attacker.card):
        return False
    defender = target if target.is_mage else battle.fighters.get(target.controller or "")
    return defender is None or "U" not in defender.identity


def may_command(battle: Field, mage: Combatant) -> bool:
    """"Once per turn", "before any other actions are taken" -- except that a creature with Haste,
    summoned this turn, may be commanded after the spell that summoned it (ruling PW20)."""
    if battle.command_used:
        return False
    ready = commandable(battle, mage)
    return bool(ready) and (not battle.acted or EXTRA_COMBAT in mage.keywords  # Relentless Assault (PW66)
                            or any(HASTE in c.keywords for c in ready))


def commandable(battle: Field, mage: Combatant) -> list[Combatant]:
    return [battle.fighters[c] for c in mage.controlled()
            if battle.fighters[c].active and not battle.fighters[c].sick and c not in battle.commanded]


def _legal_orders(battle: Field) -> list[Action]:
    found: list[Action] = []
    mage = battle.actor()
    held = False
    for creature in commandable(battle, mage):
        orders = [a for enemy in battle.enemies(creature.id)
                  for a in _moves_and_engages(battle, creature, enemy, ordered=True)]
        orders.extend(ability_actions(battle, creature, mage))
        forced = must_engage(creature, orders)
        held = held or bool(forced)
        found.extend(forced or orders)
    if not held:
        found.append(Done())
    return found


def _brigand_refusal(battle: Field, action: Action) -> RuleError | None:
    """The refusal naming Goblin Brigand when ``action`` leaves a Brigand able to engage unengaged (PW62)."""
    if battle.phase == Step.COMMANDING:
        held = [c for c in commandable(battle, battle.actor()) if must_engage(c, battle.legal_actions())]
    else:
        actor = battle.actor()
        held = [actor] if battle.phase == Step.MAIN and must_engage(actor, battle.legal_actions()) else []
    for creature in held:
        if action.kind not in ("engage", "order_engage", "delay") and action.creature in ("", creature.id):
            return RuleError(f"{creature.label} attacks each combat if able: it engages first",
                             rule="Goblin Brigand", section=MECHANICS)
    return None


def ability_actions(battle: Field, creature: Combatant, controller: Combatant | None) -> list[Action]:
    """A creature's usable activated abilities, each at every legal target ("Commanding": "Cast a
    'spell' via an ability"; a creature acting on its own uses them as actions, ruling PW35)."""
    found: list[Action] = []
    using = UseAbility if controller is None else OrderAbility
    for ability in abilities(creature.card):
        if ability_problem(battle, creature, controller, ability) is None:
            found.extend(using(creature=creature.id, card=str(ability.index), target=t)
                         for t in ability_targets(battle, creature, ability))
    return found


def ability_targets(battle: Field, creature: Combatant, ability: Ability) -> list[str]:
    if not ability.target:
        return [""]
    if ability.pay_with:  # "Sacrifice a creature" / "Tap an untapped creature you control" (PW55)
        return [f.id for f in battle.fighters.values() if _its_own(creature, f)
                and not (ability.pay_with == "tap" and f.tapped)]
    colors = creature.colors
    return [f.id for f in battle.fighters.values()
            if aim_problem(creature, f, ability.text, ability.target, ability.effects, colors,
                           battle.range_between(creature.id, f.id)) is None]


def _its_own(creature: Combatant, other: Combatant) -> bool:
    """Whether ``other`` is a creature ``creature``'s controller controls, itself included (a creature alone:
    the creatures alone on its side, as PW44's "Rats you control")."""
    return not other.is_mage and other.active and other.side == creature.side and \
        other.controller == creature.controller


def ability_x(battle: Field, creature: Combatant, controller: Combatant | None, ability: Ability) -> int:
    """Ruling PW13 for abilities: the largest X the controller's pool pays and its Mastery allows."""
    if not ability.cost.has_x or controller is None:
        return 0
    return largest_x(controller.mana, ability.cost, controller.mastery, artifact=False)


def ability_problem(battle: Field, creature: Combatant, controller: Combatant | None,
                    ability: Ability) -> str | None:
    """Why ``creature`` cannot use ``ability`` now (None when it can), naming the rule."""
    if ability.tap and creature.tapped:
        return f"Tapped: {creature.label} is tapped until it is refreshed"
    if controller is None:
        if ability.mana_ability:
            return f"Commanding: {creature.label} serves no mage whose pool the mana could fill"
        if (ability.cost.mana_value or ability.cost.has_x) and not battle.settings.locale_mana:
            return (f"Combat Mechanics 2: {creature.label} alone cannot draw the mana for its ability "
                    "(house rule locale_mana)")
        return None
    if ability.cost.mana_value > controller.mastery:
        return (f"Mastery: the ability costs {ability.cost.mana_value}, above {controller.label}'s Mastery "
                f"{controller.mastery}")
    if not pay(dict(controller.mana), ability.cost, artifact=False):
        return f"Mana Pool: {controller.label} cannot muster the mana for the ability"
    if ability.cost.has_x and ability_x(battle, creature, controller, ability) < 1:
        return f"Mana Pool: {controller.label} has no mana left for X"
    return None


def focus_room(battle: Field, mage: Combatant) -> int:
    """Non-instant spells ``mage`` may still cast this turn: "a number of non-instant spells up to his Focus
    score minus his sustained pervasive effects" (Casting).  The effects sustained are those kept at Upkeep
    (``Battle.sustained``), so a creature cast this turn counts once, as a cast (ruling PW78)."""
    return mage.focus - battle.sustained - battle.casts


def _casts(battle: Field, mage: Combatant) -> list[Action]:
    found: list[Action] = []
    room = focus_room(battle, mage) > 0
    for name in dict.fromkeys(mage.memory):
        spell = profile(name)
        if spell.kind == "counter" or (not spell.instant and not room):
            continue
        if cast_problem(battle, mage, spell) is None:
            found.extend(_cast(name, t) for t in _targets(battle, mage, spell))
    return found


def _targets(battle: Field, caster: Combatant, spell: SpellProfile) -> list[str]:
    if not spell.needs_target:
        return [""]
    found = [f.id for f in battle.fighters.values()
             if f.active and can_target(caster, f, spell, battle.range_between(caster.id, f.id)) is None]
    # a creature is cast even when its "enters" trigger finds no target: the trigger does nothing (PW40)
    return found or ([""] if spell.kind == "summon" else [])


def cast_problem(battle: Field, mage: Combatant, spell: SpellProfile) -> str | None:
    """Why ``mage`` cannot pay for ``spell`` now: Mastery, then the Mana Pool."""
    if spell.cost.mana_value > mage.mastery:
        return (f"Mastery: {spell.name} has converted mana cost {spell.cost.mana_value}, above "
                f"{mage.label}'s Mastery {mage.mastery}")
    trial = dict(mage.mana)
    if not pay(trial, taxed(battle, mage, spell.cost), artifact=spell.cost.artifact):  # Defense Grid (PW75)
        return f"Mana Pool: {mage.label} cannot muster the mana for {spell.name} at once"
    return None


def _responses(battle: Field, mage: Combatant) -> list[Action]:
    assert battle.pending is not None
    found: list[Action] = []
    for name in dict.fromkeys(mage.memory):
        spell = profile(name)
        if not spell.instant or cast_problem(battle, mage, spell) is not None:
            continue
        if spell.kind == "counter":
            if battle.pending["kind"] == "spell" and (not spell.creature_spell_only
                                                    or profile(battle.pending["card"]).kind == "summon"):
                found.append(Respond(card=name))
        elif spell.kind != "none":
            found.extend(Respond(card=name, target=t) for t in _targets(battle, mage, spell))
    return found


def interceptors(battle: Field) -> list[str]:
    """"they may direct a controlled creature in close combat with the offending creature or character
    to intercept" (rulings PW17: Flying needs Flying or Reach; Intimidate and Fear their usual limits)."""
    assert battle.intercept is not None
    attacker = battle.fighters[battle.intercept["attacker"]]
    target = battle.fighters[battle.intercept["target"]]
    found: list[str] = []
    if walks(attacker, target) or "can't be blocked" in statics(attacker.card) or UNBLOCKABLE in attacker.keywords:
        return found
    for cid in target.controlled():
        creature = battle.fighters[cid]
        if not creature.active or creature.tapped or cid == attacker.id or \
                battle.range_between(cid, attacker.id) != "close" or "can't block" in statics(creature.card) \
                or CANT_BLOCK in creature.keywords:
            continue
        if FLYING in attacker.keywords and not {FLYING, REACH} & set(creature.keywords):
            continue
        if FLYERS_ONLY in attacker.keywords and FLYING not in creature.keywords:  # Treetop Bracers (PW67)
            continue
        if INTIMIDATE in attacker.keywords and not (creature.artifact or set(creature.colors)
                                                    & set(attacker.colors)):
            continue
        if FEAR in attacker.keywords and not (creature.artifact or "B" in creature.colors):
            continue
        found.append(cid)
    return found


def walks(attacker: Combatant, target: Combatant) -> bool:
    """Landwalk (ruling PW37): a mage's lands are its identity's colours, so an attacker with Swampwalk
    engaging a mage with a Black identity cannot be intercepted; a bought Landwalk walks every land."""
    if LANDWALK in attacker.keywords:
        return any(c != "A" for c in target.identity)
    return any(LANDWALKS[k] in target.identity for k in attacker.keywords if k in LANDWALKS)


def _trample_options(battle: Field) -> list[Action]:
    """Trample: "an immediate move action to either engage another creature in locked combat or move
    into close combat with another target, or away to long range with a target"."""
    assert battle.trample is not None
    attacker = battle.fighters[battle.trample]
    found: list[Action] = []
    for enemy in battle.enemies(attacker.id):
        found.append(TrampleMove(target=enemy.id))
        if battle.range_between(attacker.id, enemy.id) == "close" and not island_denied(battle, attacker, enemy):
            found.append(TrampleEngage(target=enemy.id))
    return found


def refusal(battle: Field, action: Action) -> RuleError:
    phase = battle.phase
    if phase == Step.OVER:
        return RuleError("the battle is over", rule=MECHANICS)
    kind = action.kind
    expected = {"channelling": ("channel", "delay"), "upkeep": ("release",), "forget": ("forget",),
                "commanding": ("order_move", "order_engage", "order_ability", "done"),
                "response": ("respond", "pass"),
                "intercept": ("intercept", "allow"), "trample": ("trample_engage", "trample_move", "pass")}
    if phase in expected and kind not in expected[phase]:
        return RuleError(f"it is the {phase} step: {', '.join(expected[phase])} now, not {kind}",
                         rule="Turn phases", section=MECHANICS)
    brigand = _brigand_refusal(battle, action) if phase in ("main", "commanding") else None
    if brigand is not None:
        return brigand
    main = _main_refusal(battle, action) if phase == Step.MAIN else None
    if main is not None:
        return main
    if kind in ("order_ability", "ability"):
        return _ability_refusal(battle, action)
    if kind == "allow" and phase == Step.INTERCEPT:
        return RuleError("every creature able to block Elvish Bard must: intercept with one", rule="Elvish Bard",
                         section=MECHANICS)
    if kind == "delay" and battle.order[battle.turn] in battle.delayed:
        return RuleError("a combatant delays once a round", rule="Turn order", section=MECHANICS)
    if kind == "respond" and battle.pending is not None:
        responder = battle.fighters[battle.pending["responders"][0]]
        if action.card not in responder.memory:
            return RuleError(f"{action.card} is not held in {responder.label}'s Memory", rule="Memory",
                             section=MECHANICS)
        spell = profile(action.card)
        if not spell.instant:
            return RuleError("only instants answer a spell or a command", rule="Instants", section=MECHANICS)
        problem = cast_problem(battle, responder, spell)
        if problem:
            rule, _, message = problem.partition(": ")
            return RuleError(message, rule=rule, section=MECHANICS)
    return RuleError(f"{action_words(action)} is not a legal action now (open: "
                     f"{', '.join(action_words(a) for a in battle.legal_actions()[:8])}...)", rule=MECHANICS)


def _main_refusal(battle: Field, action: Action) -> RuleError | None:
    """Why a Main-phase action is refused by the phase's own rules (Speed actions, Moving, Fleeing,
    Commanding ...); None when the general checks say why."""
    kind = action.kind
    actor = battle.actor()
    if kind in MAIN_ACTIONS and battle.actions_left <= 0:
        return RuleError(f"{actor.label} has taken all {actor.speed} actions of this turn (one per "
                         "Speed point)", rule="Main Phase", section=MECHANICS)
    if kind == "cast":
        return _cast_refusal(battle, actor, action)
    if kind == "engage":
        return _engage_refusal(battle, actor, action)
    if kind == "move" and battle.moved:
        return RuleError("a character moves between ranged and close combat once per turn",
                         rule="Moving", section=MECHANICS)
    if kind == "flee":
        if battle.acted:
            return RuleError("fleeing must be the first action of the phase", rule="Fleeing",
                             section=MECHANICS)
        return RuleError("only a character in ranged combat with every enemy may flee", rule="Fleeing",
                         section=MECHANICS)
    if kind == "command":
        if battle.command_used:
            return RuleError("creatures are commanded once per turn", rule="Commanding",
                             section=MECHANICS)
        if battle.acted:
            return RuleError("all commands must be given before any other actions are taken",
                             rule="Commanding", section=MECHANICS)
        return RuleError("no controlled creature can be commanded now (Summoning Sickness, or none)",
                         rule="Commanding", section=MECHANICS)
    if kind == "activate":
        rule, message = activation_refusal(battle, action)
        return RuleError(message, rule=rule, section=MECHANICS)
    if kind == "delay" and battle.acted:
        return RuleError("a turn is delayed before acting in it", rule="Turn order", section=MECHANICS)
    return None


def _cast_refusal(battle: Field, actor: Combatant, action: Action) -> RuleError:
    if not actor.is_mage:
        return RuleError(f"{actor.label} is a creature: creatures cast no spells here", rule="Casting",
                         section=MECHANICS)
    if action.card not in actor.memory:
        return RuleError(f"{action.card} is not held in {actor.label}'s Memory", rule="Memory",
                         section=MECHANICS)
    spell = profile(action.card)
    problem = cast_problem(battle, actor, spell)
    if problem and problem.startswith("Mastery"):
        return RuleError(problem.partition(": ")[2], rule="Mastery", section=MECHANICS)
    if spell.kind == "counter":
        return RuleError(f"{spell.name} counters a spell: cast it in answer to one", rule="Instants",
                         section=MECHANICS)
    if not spell.instant and focus_room(battle, actor) <= 0:
        allowed = max(0, actor.focus - battle.sustained)
        return RuleError(f"{actor.label} may cast {allowed} non-instant spells "
                         f"this turn (Focus {actor.focus} minus {battle.sustained} sustained effects) and "
                         f"has cast {battle.casts}", rule="Casting", section=MECHANICS)
    if problem:
        return RuleError(problem.partition(": ")[2], rule="Mana Pool", section=MECHANICS)
    if spell.needs_target:
        target = battle.fighters.get(action.target)
        if target is None:
            return RuleError(f"{spell.name} needs a target among {', '.join(_targets(battle, actor, spell))}",
                             rule="Casting", section=MECHANICS)
        why = can_target(actor, target, spell, battle.range_between(actor.id, target.id))
        if why:
            rule = "Ranged Combat" if "ranged combat" in why else "Casting"
            return RuleError(why, rule=rule, section=MECHANICS)
    return RuleError(f"{action_words(action)} is not a legal cast now", rule="Casting", section=MECHANICS)


def _ability_refusal(battle: Field, action: Action) -> RuleError:
    creature = battle.fighters.get(action.creature)
    mage = battle.actor() if action.kind == "order_ability" else None
    mine = creature is not None and (creature in commandable(battle, mage) if mage is not None
                                     else creature.id == battle.actor().id)
    if creature is None or creature.is_mage or not creature.active or not mine:
        return RuleError(f"{action.creature!r} is not a creature that can be directed now (Summoning Sickness, "
                         "already commanded, or not yours)", rule="Commanding", section=MECHANICS)
    known = abilities(creature.card)
    if not action.card.isdecimal() or int(action.card) >= len(known):
        return RuleError(f"{creature.label} has no ability {action.card!r} in this combat "
                         "(data/card_effects.toml)", rule="Commanding", section=MECHANICS)
    ability = known[int(action.card)]
    problem = ability_problem(battle, creature, mage, ability)
    if problem:
        rule, _, message = problem.partition(": ")
        return RuleError(message, rule=rule, section=MECHANICS)
    target = battle.fighters.get(action.target)
    if ability.target and target is not None:
        why = aim_problem(creature, target, ability.text, ability.target, ability.effects, creature.colors,
                          battle.range_between(creature.id, target.id))
        if why:
            return RuleError(why, rule="Ranged Combat" if "ranged combat" in why else "Commanding",
                             section=MECHANICS)
    return RuleError(f"{action_words(action)} is not a legal use of {ability.text!r} now (targets: "
                     f"{', '.join(ability_targets(battle, creature, ability)) or 'none'})", rule="Commanding",
                     section=MECHANICS)


def _engage_refusal(battle: Field, actor: Combatant, action: Action) -> RuleError:
    target = battle.fighters.get(action.target)
    if target is None or not target.active or target.side == actor.side:
        return RuleError(f"{action.target!r} is not an enemy in the battle", rule="Engaging",
                         section=MECHANICS)
    if battle.moved:
        return RuleError("a combatant who moved this turn cannot Engage", rule="Moving", section=MECHANICS)
    if battle.engaged:
        return RuleError("a combatant engages once per turn", rule="Engaging", section=MECHANICS)
    if DEFENDER in actor.keywords:
        return RuleError(f"{actor.label} has Defender and cannot engage", rule="Defender", section=MECHANICS)
    if actor.tapped:
        return RuleError(f"{actor.label} is tapped and cannot engage until refreshed", rule="Tapped",
                         section=MECHANICS)
    if combat_skipped(battle, actor):
        return RuleError(f"{actor.label} skips this turn's combat (Blinding Angel)", rule="Blinding Angel",
                         section=MECHANICS)
    if island_denied(battle, actor, target) and "attacks only Island" not in statics(actor.card):
        return RuleError(f"{actor.label} has no flying: it can't attack {target.label} (Form of the Dragon)",
                         rule="Form of the Dragon", section=MECHANICS)
    if island_denied(battle, actor, target):
        return RuleError(f"{actor.label} can't attack unless the defending mage controls an Island (Blue in its "
                         "identity)", rule="Sea Monster", section=MECHANICS)
    return RuleError(f"{actor.label} is in ranged combat with {target.label}: combatants in ranged combat "
                     "cannot engage in direct combat (move into close combat first)", rule="Ranged Combat",
                     section=MECHANICS)
