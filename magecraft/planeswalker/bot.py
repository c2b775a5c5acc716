"""The documented bot that plays creatures, enemy mages and (with ``--auto``) the player character.

Seed 001 gives no opponent behaviour; this policy is the project's own (docs/rulings.md PW19).
It always picks among :meth:`Battle.legal_actions`, so it never breaks a rule:

* **Channelling**: add the next Library spell to Memory; no excess mana (no Mana Burn).
* **Upkeep** (over Focus): release a non-creature pervasive effect first, else the weakest creature.
* **Main**, a mage: command its creatures first; cast a damage spell that kills an enemy (mages
  first); summon a creature; cast a damage spell at the enemy with the least Life; destroy the
  strongest enemy creature; gain life when at half Life or less; draw spells; engage the weakest
  enemy in close combat when its Power is at least that enemy's Toughness; move into close
  combat when it has nothing to cast; else end the turn.
* **Main**, a creature (its own turn or commanded): use an ability (data/card_effects.toml) that deals
  damage killing an enemy, else one that destroys or returns the strongest enemy creature, else damage to
  the enemy with the least Life -- never one whose damage to its controller would be fatal; else engage
  the enemy in close combat with the least Life, mages first; else move into close combat with the enemy
  mage (or any enemy); else end.  Mana, pump, tap, prevent and regeneration abilities are left unused.
* A mage's spells that return a creature are cast like destroy spells; pumps, sweepers and mana spells
  are left for people to use.
* **Responses**: counter a creature or damage spell; else answer with damage that kills the
  commanded creature; else pass.  **Interception**: intercept with the toughest creature.
  **Trample**: engage the weakest enemy in close combat, else pass.  **End phase**: forget the
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
from magecraft.planeswalker.actions import Action
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.combatants import Combatant
from magecraft.planeswalker.data import opponent_mages
from magecraft.planeswalker.effects import abilities
from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings
from magecraft.planeswalker.spells import profile


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
    """The bot's decision for whoever is to act now."""
    legal = battle.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = battle.phase
    if phase == "channelling":
        actor = battle.actor()
        return Action("channel", draw=bool(actor.library))
    if phase == "main":
        return _main(battle, legal)
    if phase == "commanding":
        return _order(battle, legal)
    if phase == "response":
        return _respond(battle, legal)
    if phase == "intercept":
        options = [a for a in legal if a.kind == "intercept"]
        return max(options, key=lambda a: (battle.fighters[a.target].toughness, a.target))
    if phase == "trample":
        engages = [a for a in legal if a.kind == "trample_engage"]
        if engages:
            return min(engages, key=lambda a: (battle.fighters[a.target].life, a.target))
        return Action("pass")
    if phase == "upkeep":
        permanents = [a for a in legal if a.card]
        if permanents:
            return permanents[0]
        return min(legal, key=lambda a: (battle.fighters[a.target].power + battle.fighters[a.target].toughness,
                                         a.target))
    if phase == "forget":
        mastery = battle.actor().mastery
        return max(legal, key=lambda a: (profile(a.card).cost.mana_value > mastery,
                                         profile(a.card).cost.mana_value))
    return legal[-1]


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
    if casts:
        fighters = battle.fighters
        kinds = {a: profile(a.card).kind for a in casts}
        kills = [a for a in casts
                 if kinds[a] == "damage" and a.target and 0 < fighters[a.target].life <= _damage(a)]
        if kills:
            return min(kills, key=lambda a: (not fighters[a.target].is_mage, _damage(a), a.card, a.target))
        summons = [a for a in casts if kinds[a] == "summon"]
        if summons:
            return max(summons, key=lambda a: (profile(a.card).cost.mana_value, a.card))
        damage = [a for a in casts if kinds[a] == "damage" and a.target]
        if damage:
            return min(damage, key=lambda a: (fighters[a.target].life, -_damage(a), a.card, a.target))
        destroy = [a for a in casts if kinds[a] in ("destroy", "bounce")]
        if destroy:
            return max(destroy, key=lambda a: (fighters[a.target].power, a.target))
        if actor.life * 2 <= actor.base_life:
            heals = [a for a in casts if kinds[a] == "gain life"]
            if heals:
                return heals[0]
        draws = [a for a in casts if kinds[a] == "draw"]
        if draws:
            return draws[0]
    used = _ability(battle, by_kind.get("ability", []))
    if used is not None:
        return used
    engages = by_kind.get("engage", [])
    if engages:
        targets = [battle.fighters[a.target] for a in engages]
        target = _weakest(targets)
        if not actor.is_mage or actor.power >= target.toughness:
            return Action("engage", target=target.id)
    moves = [a for a in by_kind.get("move", []) if battle.range_between(actor.id, a.target) == "ranged"]
    if moves and (not actor.is_mage or not casts):
        enemies = [battle.fighters[a.target] for a in moves]
        return Action("move", target=_weakest(enemies).id)
    return Action("end")


def _order(battle: Battle, legal: list[Action]) -> Action:
    orders = [a for a in legal if a.kind != "done"]
    if not orders:
        return Action("done")
    creature = orders[0].creature
    mine = [a for a in orders if a.creature == creature]
    used = _ability(battle, [a for a in mine if a.kind == "order_ability"])
    if used is not None:
        return used
    engages = [a for a in mine if a.kind == "order_engage"]
    if engages:
        target = _weakest([battle.fighters[a.target] for a in engages])
        return Action("order_engage", target=target.id, creature=creature)
    moves = [a for a in mine if battle.range_between(creature, a.target) == "ranged"]
    if moves:
        target = _weakest([battle.fighters[a.target] for a in moves])
        return Action("order_move", target=target.id, creature=creature)
    return Action("done") if len(mine) == len(orders) else orders[-1]


def _ability(battle: Battle, uses: list[Action]) -> Action | None:
    """The ability to use, by the policy above, or None."""
    fighters = battle.fighters
    kills, removals, hits = [], [], []
    for action in uses:
        creature = fighters[action.creature]
        effects = abilities(creature.card)[int(action.card)].effects
        controller = fighters[creature.controller] if creature.controller else creature
        if sum(e.self_damage for e in effects) >= controller.life or not action.target:
            continue
        target = fighters[action.target]
        kinds = {e.kind for e in effects}
        damage = sum(e.amount or 0 for e in effects if e.kind == "damage")
        if damage and 0 < target.life <= damage:
            kills.append(action)
        elif kinds & {"destroy", "bounce"}:
            removals.append(action)
        elif damage:
            hits.append(action)
    if kills:
        return min(kills, key=lambda a: (not fighters[a.target].is_mage, a.target, a.creature))
    if removals:
        return max(removals, key=lambda a: (fighters[a.target].power, a.target))
    if hits:
        return min(hits, key=lambda a: (fighters[a.target].life, a.target))
    return None


def _respond(battle: Battle, legal: list[Action]) -> Action:
    """Counter an enemy's summon or damage spell, or kill its creature with a response; never an ally's
    (in a party the responders include the caster's allies, PW32)."""
    pending = battle.pending or {}
    me = battle.fighters[battle.current_player() or ""]
    if battle.fighters[str(pending.get("by"))].side == me.side:
        return Action("pass")
    for action in legal:
        if (action.kind == "respond" and profile(action.card).kind == "counter"
                and profile(pending.get("card") or "Shock").kind in ("summon", "damage")):
            return action
    creature = pending.get("creature")
    if creature:
        for action in legal:
            if action.kind == "respond" and action.target == creature and \
                    0 < battle.fighters[creature].life <= _damage(action):
                return action
    return Action("pass")


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
