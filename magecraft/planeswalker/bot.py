"""The documented bot that plays creatures, enemy mages and (with ``--auto``) the player character.

Seed 001 gives no opponent behaviour; this policy is the project's own (docs/rulings.md PW19).
It always picks among :meth:`Battle.legal_actions`, so it never breaks a rule:

* **Channelling**: add the next Library spell to Memory; take excess colorless mana only as much as the
  costliest spell in Memory it could cast this turn (within Mastery; a non-instant only with room under
  Focus) needs beyond the restored pool.
* **Upkeep** (over Focus): release a non-creature pervasive effect first, else the weakest creature.
* **Main**, a mage: command its creatures first; cast a damage spell that kills an enemy (mages first); a
  sweeper (damage to each creature, destroy or return all) when what it takes from the enemy (each
  creature by its Power + 1, each mage by the damage) is more than what it takes from its own side, and
  never one that would kill itself; steal (Threaten) the strongest enemy creature when another enemy
  stands in close combat with it, for the stolen creature to engage at once; summon a creature (a targeted
  "enters" trigger at the strongest enemy it may hit); cast a damage spell at the enemy with the least
  Life; destroy, return or steal the strongest enemy creature (Threaten, and harmful Auras: Confiscate,
  Enfeeblement); destroy an enemy's artifact or enchantment (or all of them when the enemy keeps more than
  it does); make an enemy mage with spells in Memory discard; gain life when at half Life or less; draw
  spells; pump itself (Giant Growth) only when that lifts its Power to the Toughness of the weakest enemy
  it could engage; put a helpful Aura on itself; cast a mana spell (Seething Song) when the mana pays for
  a spell in Memory the pool cannot pay now; engage the weakest enemy in close combat when its Power is at
  least that enemy's Toughness; move into close combat when it has nothing to cast; else end the turn.
  Of enchantments and artifacts without a target, it casts those with an ability, a trigger or a ward
  (Rod of Ruin, Howling Mine, Circle of Protection; PW43-PW46) when nothing above applies, one whose
  ability deals damage first, then the costliest. Others (Glorious Anthem ...) and pumps on others are
  left for people to use.
* **Main**, a mage's kept artifacts and enchantments (PW43), after the spells above but before casting
  another such permanent: damage that kills an enemy (mages first),
  else damage at the enemy with the least Life; tap the strongest untapped enemy creature (Icy
  Manipulator); make an enemy mage with spells in Memory discard; gain life below its base Life; draw (Slate
  of Ancestry only when its creatures outnumber the spells in Memory it discards, PW72);
  add mana when it pays for a spell in Memory the pool cannot pay now; equip an unattached Equipment to its
  creature with the most Power, else itself (PW50). Aura abilities (Firebreathing, Regeneration) are left
  for people.
* **Main**, a creature (its own turn or commanded): use an ability (data/card_effects.toml) that deals
  damage killing an enemy, else one that destroys or returns the strongest enemy creature, else damage to
  the enemy with the least Life -- never one whose damage to its controller would be fatal; else tap the
  strongest untapped enemy creature (Master Decoy); put a creature from Memory into the battle (Elvish
  Piper, PW70); give Haste to a creature of its side still summoning
  sick (Whip Sergeant); add mana (Llanowar Elves) when it pays for a spell in its controller's Memory the
  pool cannot pay now; a prevention or regeneration shield on a combatant of its side in close combat
  that has none; else engage the enemy in close combat with the least Life, mages first; else move into
  close combat with the enemy mage (or any enemy); else end.  Pump abilities are left unused: a creature
  is commanded once a turn, so pumping itself would cost its engagement.
* **Responses**: counter a creature or damage spell; else answer a damage spell aimed at itself with
  Reverse Damage (PW64); else answer with damage that kills the commanded creature; else pass.
  **Interception**: intercept with the toughest creature.  **Trample**: engage the weakest enemy in close
  combat, else pass.  **End phase**: forget the
  spell with the highest converted cost it cannot cast, else the costliest.

>>> from magecraft.core.randomness import Randomness
>>> battle = run_battle(ready_mage("Kiora the Wanderer"), ["Grizzly Bears", "Goblin Piker"],
...                     Randomness.seeded(3))
>>> battle.is_terminal()
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from magecraft.core.errors import DataError, InputError
from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import (
    Action,
    Channel,
    Done,
    End,
    Engage,
    Move,
    OrderEngage,
    OrderMove,
    Pass,
    Step,
)
from magecraft.planeswalker.book import current, using
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.combatants import REVERSED, Combatant
from magecraft.planeswalker.data import opponent_mages
from magecraft.planeswalker.effects import abilities, spell_effects, useful_permanent
from magecraft.planeswalker.mana import total
from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings
from magecraft.planeswalker.spells import hits, permanent_is, profile


@cache
def ready_mage(name: str) -> Character:
    """A ready-made mage of ``opponents.toml`` (checked by the Character Generation rules)."""
    raw = opponent_mages().get(name.strip().casefold())
    if raw is None:
        known = ", ".join(str(m["name"]) for m in opponent_mages().values())
        raise InputError(f"no ready-made mage {name!r} (one of {known})")
    try:
        return Character.create(str(raw["name"]), identity=raw["identity"], race=str(raw["race"]),
                                increases=raw["increases"], library=raw["library"], memorized=raw["memorized"])
    except (KeyError, TypeError) as exc:
        raise DataError(f"planeswalker/data/opponents.toml: {name} is malformed ({exc})") from None


def _weakest(fighters: list[Combatant]) -> Combatant:
    return min(fighters, key=lambda f: (not f.is_mage, f.life, f.id))


def choose(battle: Battle) -> Action:
    """The bot's decision for whoever is to act now (reading the battle's own spells, issue 22)."""
    if current() is battle.book:
        return _choose(battle)
    with using(battle.book):
        return _choose(battle)


def _choose(battle: Battle) -> Action:
    legal = battle.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = battle.phase
    if phase == Step.CHANNELLING:
        return _channel(battle, legal)
    if phase == Step.MAIN:
        return _main(battle, legal)
    if phase == Step.COMMANDING:
        return _order(battle, legal)
    if phase == Step.RESPONSE:
        return _respond(battle, legal)
    if phase == Step.INTERCEPT:
        options = [a for a in legal if a.kind == "intercept"]
        return max(options, key=lambda a: (battle.fighters[a.target].toughness, a.target))
    if phase == Step.TRAMPLE:
        engages = [a for a in legal if a.kind == "trample_engage"]
        if engages:
            return min(engages, key=lambda a: (battle.fighters[a.target].life, a.target))
        return Pass()
    if phase == Step.UPKEEP:
        permanents = [a for a in legal if a.card]
        if permanents:
            return permanents[0]
        return min(legal, key=lambda a: (battle.fighters[a.target].power + battle.fighters[a.target].toughness,
                                         a.target))
    if phase == Step.FORGET:
        mastery = battle.actor().mastery
        return max(legal, key=lambda a: (profile(a.card).cost.mana_value > mastery,
                                         profile(a.card).cost.mana_value))
    return legal[-1]


def _channel(battle: Battle, legal: list[Action]) -> Action:
    """Draw the next Library spell; take excess colorless mana only as much as the costliest spell in Memory
    (within Mastery) needs beyond the restored pool -- spent at once, it does not burn (PW23)."""
    actor = battle.actor()
    draw = bool(actor.library)
    spells = [*actor.memory, *actor.library[:1]] if draw else actor.memory
    room = actor.focus > actor.pervasive()  # a non-instant needs room under Focus, or the mana would burn
    wanted = max((mv for name in spells if (mv := profile(name).cost.mana_value) <= actor.mastery
                  and (room or profile(name).instant)), default=0)
    restored = min(sum(actor.capacity.values()), total(actor.mana) + battle.channel_budget(actor))
    spare = max((a.amount for a in legal if a.kind == "channel" and a.draw == draw), default=0)
    return Channel(amount=min(spare, max(0, wanted - restored)), draw=draw)


def _damage(action: Action) -> int:
    return sum(p.amount or 0 for p in profile(action.card).parts if p.kind == "damage")


def _main(battle: Battle, legal: list[Action]) -> Action:
    actor = battle.actor()
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    if "command" in by_kind:
        return by_kind["command"][0]
    casts = by_kind.get("cast", [])
    chosen = _cast(battle, actor, casts, by_kind.get("engage", [])) if casts else None
    kept = _activate(battle, actor, by_kind.get("activate", []))
    # a kept permanent's ability goes before casting another artifact or enchantment without a target
    if chosen is not None and not (kept is not None and profile(chosen.card).kind == "permanent"
                                   and not chosen.target):
        return chosen
    used = _ability(battle, by_kind.get("ability", [])) or kept or chosen
    if used is not None:
        return used
    engages = by_kind.get("engage", [])
    if engages:
        targets = [battle.fighters[a.target] for a in engages]
        target = _weakest(targets)
        if not actor.is_mage or actor.power >= target.toughness:
            return Engage(target=target.id)
    moves = [a for a in by_kind.get("move", []) if battle.range_between(actor.id, a.target) == "ranged"]
    if moves and (not actor.is_mage or not casts):
        enemies = [battle.fighters[a.target] for a in moves]
        return Move(target=_weakest(enemies).id)
    return End()


#: Spells that take an enemy creature out of the fight, or turn it (ranked by the target's Power).
_REMOVAL = frozenset({"destroy", "bounce", "gain control"})


def _cast(battle: Battle, actor: Combatant, casts: list[Action], engages: list[Action]) -> Action | None:
    """The spell to cast now, by the policy in the module's docstring, or None."""
    fighters = battle.fighters
    # keyed by the card's name: a string hashes at C speed, an action by a generated __hash__ (issue 22)
    kinds = {a.card: profile(a.card).kind for a in casts}
    kills = [a for a in casts
             if kinds[a.card] == "damage" and a.target and 0 < fighters[a.target].life <= _damage(a)]
    if kills:
        return min(kills, key=lambda a: (not fighters[a.target].is_mage, _damage(a), a.card, a.target))
    sweeps = [(value, a) for a in casts if kinds[a.card] in ("damage each", "destroy all", "bounce all")
              and (value := _sweep_value(battle, actor, a.card)) > 0]
    if sweeps:
        return max(sweeps, key=lambda va: (va[0], va[1].card))[1]
    steals = [a for a in casts if kinds[a.card] == "gain control" and _turns_on_its_side(battle, actor, a.target)]
    if steals:
        return max(steals, key=lambda a: (fighters[a.target].power, a.target))
    summons = [a for a in casts if kinds[a.card] == "summon"]
    if summons:
        # a targeted "enters" trigger (Nekrataal) at the strongest enemy it may hit
        return max(summons, key=lambda a: (profile(a.card).cost.mana_value, a.card,
                                           fighters[a.target].power if a.target else -1, a.target))
    damage = [a for a in casts if kinds[a.card] == "damage" and a.target]
    if damage:
        return min(damage, key=lambda a: (fighters[a.target].life, -_damage(a), a.card, a.target))
    removal = [a for a in casts if (kinds[a.card] in _REMOVAL or (kinds[a.card] == "permanent" and a.target and
                                                             fighters[a.target].side != actor.side))]
    if removal:
        return max(removal, key=lambda a: (fighters[a.target].power, a.card, a.target))
    breakers = [a for a in casts if kinds[a.card] == "destroy permanent" or (
        kinds[a.card] == "destroy permanents" and _permanent_balance(battle, actor, a.card) > 0)]
    if breakers:
        return breakers[0]
    discards = [a for a in casts if kinds[a.card] == "discard" and fighters[a.target].memory]
    if discards:
        return discards[0]
    if actor.life * 2 <= actor.base_life:
        heals = [a for a in casts if kinds[a.card] == "gain life"]
        if heals:
            return heals[0]
    draws = [a for a in casts if kinds[a.card] == "draw"]
    if draws:
        return draws[0]
    pump = _pump_to_win(battle, actor, casts, engages)
    if pump is not None:
        return pump
    blessings = [a for a in casts if kinds[a.card] == "permanent" and a.target == actor.id]
    if blessings:
        return blessings[0]
    return _mana_spell(actor, casts) or _tool(casts, kinds)


def _tool(casts: list[Action], kinds: dict[str, str]) -> Action | None:
    """An untargeted artifact or enchantment that does something here (an ability, a trigger or a ward): one
    whose ability deals damage first, then the costliest."""
    tools = [a for a in casts if kinds[a.card] == "permanent" and not a.target and useful_permanent(a.card)]
    return max(tools, key=lambda a: (any(e.kind == "damage" for b in abilities(a.card) for e in b.effects),
                                     profile(a.card).cost.mana_value, a.card)) if tools else None


def _activate(battle: Battle, actor: Combatant, uses: list[Action]) -> Action | None:
    """A kept permanent's ability to use now (PW43), by the policy in the module's docstring, or None."""
    fighters = battle.fighters
    ranked: list[tuple[tuple[int, int, str], Action]] = []
    creatures = sum(1 for c in actor.controlled() if fighters[c].active)
    for action in uses:
        ability = abilities(action.card)[action.amount]
        effects = ability.effects
        kinds = {e.kind for e in effects}
        target = fighters.get(action.target)
        damage = sum(e.amount or 0 for e in effects if e.kind == "damage")
        if ability.discard_hand and creatures <= len(actor.memory):
            continue  # Slate of Ancestry (PW72): only when it draws more than the Memory it gives up
        if damage and target is not None:
            kills = 0 < target.life <= damage
            ranked.append(((0 if kills else 1, 0 if kills and target.is_mage else target.life, action.target),
                           action))
        elif "tap" in kinds and target is not None and not target.tapped:
            ranked.append(((2, -target.power, action.target), action))
        elif "discard" in kinds and target is not None and target.memory:
            ranked.append(((3, 0, action.target), action))
        elif kinds == {"gain life"} and actor.life < actor.base_life:
            ranked.append(((4, 0, action.card), action))
        elif kinds == {"draw"} and actor.library:
            ranked.append(((5, 0, action.card), action))
        elif kinds == {"mana"} and _mana_helps(actor, sum(len(e.mana) for e in effects)):
            ranked.append(((6, 0, action.card), action))
        elif kinds == {"equip"} and target is not None and not any(a[0] == action.card for a in actor.auras):
            ranked.append(((7, (100 if target.is_mage else 0) - target.power, action.target), action))
    return min(ranked)[1] if ranked else None


def _turns_on_its_side(battle: Battle, actor: Combatant, target: str) -> bool:
    """Whether a creature stolen now could engage one of its old side at once (it takes the thief's ranges,
    and Threaten gives Haste): another enemy in close combat with the thief."""
    return any(e.id != target and battle.range_between(actor.id, e.id) == "close"
               for e in battle.enemies(actor.id))


def _sweep_value(battle: Battle, actor: Combatant, card: str) -> int:
    """What a sweeper takes from the enemy less what it takes from the bot's side (creatures by Power;
    mages by the damage), never a sweeper that would kill the caster."""
    value = 0
    for effect in profile(card).parts:
        for fighter in battle.fighters.values():
            if not fighter.active or (effect.enemies_only and fighter.side == actor.side):
                continue
            if fighter.is_mage:
                if effect.kind != "damage each" or not effect.players:
                    continue
                if fighter.id == actor.id and fighter.life <= (effect.amount or 0):
                    return -1
                worth = effect.amount or 0
            elif effect.kind == "damage each" and not hits(effect, fighter):
                continue
            else:
                worth = fighter.power + 1
            value += worth if fighter.side != actor.side else -worth
    return value


def _permanent_balance(battle: Battle, actor: Combatant, card: str) -> int:
    """Enemy pervasive effects a "destroy all artifacts/enchantments" spell ends, less the bot side's."""
    types = next(e.types for e in profile(card).parts if e.types)
    balance = 0
    for fighter in battle.fighters.values():
        if fighter.active and fighter.is_mage:
            count = sum(1 for name in fighter.permanents if permanent_is(name, types))
            balance += count if fighter.side != actor.side else -count
    return balance


def _pump_to_win(battle: Battle, actor: Combatant, casts: list[Action], engages: list[Action]) -> Action | None:
    """A pump on itself before a locked combat it would lose: only when it lifts its Power to the weakest
    engageable enemy's Toughness."""
    if not engages:
        return None
    target = _weakest([battle.fighters[a.target] for a in engages])
    if actor.power >= target.toughness:
        return None
    for action in casts:
        spell = profile(action.card)
        if spell.kind == "pump" and action.target == actor.id:
            gain = sum(e.power for e in spell.parts if e.kind == "pump")
            if actor.power + gain >= target.toughness:
                return action
    return None


def _mana_spell(actor: Combatant, casts: list[Action]) -> Action | None:
    """A mana spell (Seething Song) when what it adds pays for a spell in Memory the pool cannot pay now."""
    for action in casts:
        spell = profile(action.card)
        if spell.kind != "mana":
            continue
        added = sum(len(e.mana) for e in spell.parts if e.kind == "mana")
        after = total(actor.mana) - spell.cost.mana_value + added
        for name in actor.memory:
            wanted = profile(name).cost.mana_value
            if name != spell.name and total(actor.mana) < wanted <= min(actor.mastery, after):
                return action
    return None


def _order(battle: Battle, legal: list[Action]) -> Action:
    orders = [a for a in legal if a.kind != "done"]
    if not orders:
        return Done()
    creature = orders[0].creature
    mine = [a for a in orders if a.creature == creature]
    used = _ability(battle, [a for a in mine if a.kind == "order_ability"])
    if used is not None:
        return used
    engages = [a for a in mine if a.kind == "order_engage"]
    if engages:
        target = _weakest([battle.fighters[a.target] for a in engages])
        return OrderEngage(target=target.id, creature=creature)
    moves = [a for a in mine if battle.range_between(creature, a.target) == "ranged"]
    if moves:
        target = _weakest([battle.fighters[a.target] for a in moves])
        return OrderMove(target=target.id, creature=creature)
    return Done() if len(mine) == len(orders) else orders[-1]


def _ability(battle: Battle, uses: list[Action]) -> Action | None:
    """The ability to use, by the policy above, or None."""
    fighters = battle.fighters
    kills, removals, hits_, taps, hastes, mana, shields, puts = [], [], [], [], [], [], [], []
    for action in uses:
        creature = fighters[action.creature]
        effects = abilities(creature.card)[int(action.card)].effects
        controller = fighters[creature.controller] if creature.controller else creature
        if sum(e.self_damage for e in effects) >= controller.life:
            continue
        kinds = {e.kind for e in effects}
        if not action.target:
            if kinds == {"mana"} and _mana_helps(controller, sum(len(e.mana) for e in effects)):
                mana.append(action)
            elif kinds == {"put creature"} and any(profile(n).kind == "summon" for n in controller.memory):
                puts.append(action)  # Elvish Piper (PW70): a free creature
            elif kinds & {"regenerate", "prevent"} and not creature.shields and \
                    battle.in_close_combat(creature.id):
                shields.append(action)
            continue
        target = fighters[action.target]
        damage = sum(e.amount or 0 for e in effects if e.kind == "damage")
        if damage and 0 < target.life <= damage:
            kills.append(action)
        elif kinds & {"destroy", "bounce"}:
            removals.append(action)
        elif damage:
            hits_.append(action)
        elif "tap" in kinds and not target.tapped:
            taps.append(action)
        elif any(e.kind == "grant" and e.keyword == "Haste" for e in effects) and target.sick:
            hastes.append(action)
        elif kinds & {"prevent", "regenerate"} and target.side == controller.side and \
                battle.in_close_combat(target.id) and not (target.prevent or target.shields):
            shields.append(action)
    if kills:
        return min(kills, key=lambda a: (not fighters[a.target].is_mage, a.target, a.creature))
    if removals:
        return max(removals, key=lambda a: (fighters[a.target].power, a.target))
    if hits_:
        return min(hits_, key=lambda a: (fighters[a.target].life, a.target))
    if taps:
        return max(taps, key=lambda a: (fighters[a.target].power, a.target))
    for group in (puts, hastes, mana, shields):
        if group:
            return min(group, key=lambda a: (fighters[a.target].life if a.target else 0, a.target, a.creature))
    return None


def _mana_helps(mage: Combatant, added: int) -> bool:
    """Mana from an ability pays for a spell in Memory the pool cannot pay now (within Mastery)."""
    if not mage.is_mage:
        return False
    now = total(mage.mana)
    return any(now < profile(name).cost.mana_value <= min(mage.mastery, now + added) for name in mage.memory)


def _respond(battle: Battle, legal: list[Action]) -> Action:
    """Counter an enemy's summon or damage spell, or kill its creature with a response; never an ally's
    (in a party the responders include the caster's allies, PW32)."""
    pending = battle.pending or {}
    me = battle.fighters[battle.current_player() or ""]
    if battle.fighters[str(pending.get("by"))].side == me.side:
        return Pass()
    for action in legal:
        if (action.kind == "respond" and profile(action.card).kind == "counter"
                and profile(pending.get("card") or "Shock").kind in ("summon", "damage")):
            return action
    if pending.get("target") == me.id and profile(pending.get("card") or "Rewind").kind == "damage":
        for action in legal:  # Reverse Damage (PW64): the damage aimed at it becomes life
            if action.kind == "respond" and any(e.keyword == REVERSED for e in spell_effects(action.card)):
                return action
    creature = pending.get("creature")
    if creature:
        for action in legal:
            if action.kind == "respond" and action.target == creature and \
                    0 < battle.fighters[creature].life <= _damage(action):
                return action
    return Pass()


def play_out(battle: Battle, limit: int = 100_000) -> Battle:
    """Let the bot make every decision until the battle is over."""
    for _ in range(limit):
        if battle.is_terminal():
            return battle
        battle.apply(choose(battle))
    raise RuntimeError(f"the battle did not end within {limit} decisions")


def run_battle(hero: Character, creatures: Sequence[str], rng: Randomness, *, enemy_mage: Character | None = None,
               settings: Settings = DEFAULT_SETTINGS) -> Battle:
    """A whole bot-only battle."""
    return play_out(Battle.start(hero, creatures, rng, enemy_mage=enemy_mage, settings=settings))


def run_many(hero: Character, creatures: Sequence[str], seeds: Iterator[int] | range, *,
             enemy_mage: Character | None = None, settings: Settings = DEFAULT_SETTINGS) -> dict[str, Any]:
    """Tally seeded bot battles: wins per side and draws."""
    tally: dict[str, Any] = {"battles": 0, "party": 0, "foes": 0, "draw": 0, "escaped": 0}
    for seed in seeds:
        battle = run_battle(hero, creatures, Randomness.seeded(seed), enemy_mage=enemy_mage, settings=settings)
        result = battle.result()
        tally["battles"] += 1
        tally[result["winner"] or "draw"] += 1
        if result["fighters"]["you"]["out"] == "escaped":
            tally["escaped"] += 1
    return tally


#: The matchups of the seeded long run: (creatures, enemy mage or None), cycled through by seed.
LONG_RUN_MATCHUPS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("Grizzly Bears", "Goblin Piker"), None),
    (("Drudge Skeletons", "Nekrataal"), None),
    (("Giant Spider",), "Goblin Pyromancer"),
    ((), "Counterspell Adept"),
    (("Raging Goblin", "Suntail Hawk", "Kird Ape"), None),
    (("Orcish Artillery", "Royal Assassin"), None),  # abilities used alone (data/card_effects.toml)
    (("Bog Wraith", "Crossbow Infantry"), "Goblin Pyromancer"),
    (("Rukh Egg", "Kird Ape"), None),  # a token hatches (PW38)
    (("Goblin King", "Goblin Piker"), "Warlord of Keld"),  # a lord; steals, sweepers, pumps, mana (PW39-PW41)
    (("Master Decoy", "Samite Healer", "Whip Sergeant"), "Necromancer of Urborg"),  # Auras, enters triggers
    (("Nightmare", "Swarm of Rats", "Swarm of Rats"), None),  # */* creatures alone (PW44)
    (("Beast of Burden", "Maro"), "Artificer of Tolaria"),  # kept artifacts and enchantments (PW43-PW46)
    (("Hypnotic Specter", "Deathgazer", "Elvish Berserker", "Sengir Vampire"), None),  # triggers (PW49-PW53)
)


def long_run(count: int, first_seed: int = 0) -> dict[str, Any]:
    """``count`` seeded bot battles over :data:`LONG_RUN_MATCHUPS`: a tally and a digest of every
    result and event log (the same seeds give the same digest, byte for byte)."""
    import hashlib
    import json

    digest = hashlib.sha256()
    tally: dict[str, int] = {"battles": 0, "party": 0, "foes": 0, "draw": 0, "events": 0}
    hero = ready_mage("Kiora the Wanderer")
    for seed in range(first_seed, first_seed + count):
        creatures, mage = LONG_RUN_MATCHUPS[seed % len(LONG_RUN_MATCHUPS)]
        battle = run_battle(hero, creatures, Randomness.seeded(seed),
                            enemy_mage=ready_mage(mage) if mage else None)
        result = battle.result()
        tally["battles"] += 1
        tally[result["winner"] or "draw"] += 1
        tally["events"] += len(battle.log)
        digest.update(json.dumps({"result": result, "log": battle.log.to_list()}, sort_keys=True).encode())
    return {**tally, "digest": digest.hexdigest()}
