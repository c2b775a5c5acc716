"""Pervasive effects a mage keeps, and creatures that count (seed 001, "Character Stats" Focus: "Summoned
creatures, conjured artifacts, and enchantments all count as permanent effects"; "Combat Mechanics" 5,
"Commanding" and "Casting"; rulings PW43-PW47).

- A kept artifact's or enchantment's activated ability (Rod of Ruin, Icy Manipulator, Treasure Trove ...)
  is used by its mage as a Main-phase action, ``activate`` (PW43).
- Its triggers: at its mage's Upkeep (Phyrexian Arena), at every mage's Channelling phase (Howling Mine's
  "draw step") and whenever a spell of a colour is cast (the life-gaining trinkets) (PW45).
- A Circle of Protection prevents the damage a source of its colour would deal to its mage, paid from the
  Mana Pool when the damage comes (PW46).
- A */* creature's Power and Toughness are what it counts (Nightmare, Swarm of Rats, Magnivore, Maro,
  Beast of Burden; PW44).

>>> from magecraft.planeswalker.effects import abilities
>>> rod = abilities("Rod of Ruin")[0]
>>> rod.cost.mana_value, rod.tap, rod.target
(3, True, 'enemy')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import Action, Activate, Step, action_words
from magecraft.planeswalker.book import card_of
from magecraft.planeswalker.combatants import (
    DOESNT_UNTAP,
    EXTRA_COMBAT,
    NO_COMBAT,
    REVERSED,
    SHIELDED,
    SKIPS_COMBAT,
    SKIPS_UNTAP,
    Combatant,
    Strike,
    creature_from_card,
    pair,
)
from magecraft.planeswalker.effects import (
    Ability,
    abilities,
    cast_triggers,
    count_of,
    dying_target,
    kept_triggers,
    lord_of,
    on_damaging,
    on_trigger,
    statics,
    subtypes,
    ward_of,
)
from magecraft.planeswalker.field import Field
from magecraft.planeswalker.mana import SpellCost, largest_x, pay
from magecraft.planeswalker.spells import aim_problem, hits, permanent_is

if TYPE_CHECKING:
    from magecraft.planeswalker.effects import Effect
    from magecraft.planeswalker.spells import SpellProfile

SECTION = "Commanding"
SECTION_CASTING = "Casting"


# -- activated abilities of kept artifacts and enchantments (PW43) ------------------------------------------
def kept_abilities(mage: Combatant) -> list[tuple[str, Ability]]:
    """The activated abilities of the artifacts and enchantments ``mage`` keeps (each card once)."""
    return [(name, ability) for name in dict.fromkeys(mage.permanents) for ability in abilities(name)]


def activation_problem(battle: Field, mage: Combatant, name: str, ability: Ability) -> str | None:
    """Why ``mage`` cannot use ``ability`` of its kept ``name`` now (None when it can), naming the rule."""
    if name not in mage.permanents:
        return f"Focus: {mage.label} keeps no {name}"
    if ability.tap and mage.tapped_permanents.count(name) >= mage.permanents.count(name):
        return f"Tapped: {name} is tapped until {mage.label}'s next Upkeep"
    if ability.discard > len(mage.memory):
        return f"Memory: {mage.label} holds no spell to discard for {name}'s ability"
    if ability.cost.mana_value > mage.mastery:
        return (f"Mastery: the ability costs {ability.cost.mana_value}, above {mage.label}'s Mastery "
                f"{mage.mastery}")
    if not pay(dict(mage.mana), ability.cost, artifact=False):
        return f"Mana Pool: {mage.label} cannot muster the mana for {name}'s ability"
    if ability.cost.has_x and largest_x(mage.mana, ability.cost, mage.mastery, artifact=False) < 1:
        return f"Mana Pool: {mage.label} has no mana left for X"
    return None


def activation_targets(battle: Field, mage: Combatant, name: str, ability: Ability) -> list[str]:
    """Whom the ability may be aimed at: "enchanted" is the creature the Aura is on; "" for no target."""
    if ability.target == "enchanted":
        return [a[1] for a in mage.auras if a[0] == name and battle.fighters[a[1]].active]
    if not ability.target:
        return [""]
    if ability.pay_with == "sacrifice":  # "Sacrifice a creature": one the mage controls (Greater Good, PW58)
        return [c for c in mage.controlled() if battle.fighters[c].active]
    colors = card_of(name).colors
    # "Equip: attach to target creature you control": its own creatures, or the mage itself (PW50)
    own = ability.effects[0].kind == "equip"
    return [f.id for f in battle.fighters.values()
            if (not own or f.id == mage.id or f.controller == mage.id)
            and aim_problem(mage, f, ability.text, ability.target, ability.effects, colors,
                            battle.range_between(mage.id, f.id)) is None]


def activations(battle: Field, mage: Combatant) -> list[Action]:
    """Every usable ability of ``mage``'s kept permanents, at every legal target."""
    found: list[Action] = []
    for name, ability in kept_abilities(mage):
        if activation_problem(battle, mage, name, ability) is None:
            found.extend(Activate(card=name, target=t, amount=ability.index)
                         for t in activation_targets(battle, mage, name, ability))
    return found


def activation_refusal(battle: Field, action: Action) -> tuple[str, str]:
    """(rule, message) for an illegal ``activate``."""
    mage = battle.actor()
    known = abilities(action.card) if action.card in mage.permanents else ()
    if not known:
        return "Focus", f"{mage.label} keeps no artifact or enchantment {action.card!r} with an ability here"
    if not 0 <= action.amount < len(known):
        return "Commanding", f"{action.card} has no ability {action.amount + 1}"
    ability = known[action.amount]
    problem = activation_problem(battle, mage, action.card, ability)
    if problem:
        rule, _, message = problem.partition(": ")
        return rule, message
    targets = activation_targets(battle, mage, action.card, ability)
    return "Commanding", (f"{action_words(action)} is not a legal use of {ability.text!r} now (targets: "
                          f"{', '.join(t for t in targets if t) or 'none'})")


def worshipped(mage: Combatant) -> bool:
    """Worship (PW49): "If you control a creature, damage that would reduce your life total to less than 1
    reduces it to 1 instead" -- a kept enchantment's static, while its mage controls a creature."""
    return bool(mage.permanents and mage.controlled()) and any("worship" in statics(n) for n in mage.permanents)


def warded(target: Combatant, colors: tuple[str, ...], amount: int, rng: Randomness) -> int:
    """Damage left after the target mage's Circles of Protection (PW46): a kept Circle of a colour of the
    source prevents all of it when the mage's pool pays the Circle's cost then; else all of it is dealt."""
    if amount <= 0 or not colors or not target.is_mage or not target.permanents:
        return amount
    for name in dict.fromkeys(target.permanents):
        ward = ward_of(name)
        hues = [c for card, c in target.chosen if card == name] if ward and ward.colour == "chosen" else (
            [ward.colour] if ward else [])  # Story Circle's colours chosen as each entered (PW69)
        if ward is not None and set(hues) & set(colors) and pay(target.mana, ward.cost, artifact=False):
            rng.log.record("prevent", f"{name} prevents {amount} damage to {target.label}", section=SECTION,
                           data={"id": target.id, "card": name, "prevented": amount})
            return 0
    return amount


def kept_static(fighters: Mapping[str, Combatant], static: str) -> int:
    """How many kept enchantments of active mages give ``static`` (Furnace of Rath, Death Pits, Cowardice)."""
    return sum(1 for f in fighters.values() if f.is_mage and f.active for n in f.permanents
               if static in statics(n))


#: Defense Grid's static, and what each one kept adds to a spell cast on another's turn (PW75).
GRID, GRID_TAX = "off-turn spells cost 3 more", 3


def taxed(battle: Field, mage: Combatant, cost: SpellCost) -> SpellCost:
    """Defense Grid: "Each spell costs {3} more to cast except during its controller's turn" (PW75) -- {3} more
    generic mana per Grid kept in the battle when ``mage`` casts on another's turn; its mana value (and so
    its Mastery limit) is the printed one."""
    grids = kept_static(battle.fighters, GRID) if battle.actor() is not mage else 0
    return replace(cost, generic=cost.generic + GRID_TAX * grids) if grids else cost


def reverse(target: Combatant, amount: int, rng: Randomness) -> int:
    """Reverse Damage: "The next time a source of your choice would deal damage to you this turn, prevent that
    damage. You gain life equal to the damage prevented this way" (PW64) -- the first damage of a strike, a
    spell or an ability after the mark, before shields and Circles; the damage left (0 when reversed).
    Sanctum Guardian's mark prevents the next damage the same way, with no life gained (PW71)."""
    if amount > 0 and target.redirect:  # Zealous Inquisitor: its next points go elsewhere (PW77)
        moved = min(amount, len(target.redirect))
        target.diverted.extend(target.redirect[:moved])
        del target.redirect[:moved]
        amount -= moved
    mark = REVERSED if REVERSED in target.keywords else SHIELDED if SHIELDED in target.keywords else ""
    if amount <= 0 or not mark:
        return amount
    target.keywords = tuple(k for k in target.keywords if k != mark)
    target.granted = [k for k in target.granted if k != mark]
    gained = amount if mark == REVERSED else 0
    target.life += gained
    rng.log.record("prevent", f"{amount} damage to {target.label} is prevented ({mark})", section=SECTION_CASTING,
                   data={"id": target.id, "prevented": amount, "gained": gained})
    return 0


class Resolving(Field, Protocol):
    """What the pervasive effects read and call of the battle they belong to: the :class:`Field`, and the
    battle's own hands for what an effect sets off (resolving effects, damage, removal, windows)."""

    commanded: list[str]
    command_used: bool
    lordly: bool
    watchers: bool

    def _spend(self) -> None: ...
    def _open_window(self, pending: dict[str, Any], resume: Step) -> None: ...
    def _back(self) -> None: ...
    def _detach(self, mage: Combatant, name: str, entry: list[str] | None = None) -> None: ...
    def _release(self, mage: Combatant, creature: str, permanent: str) -> None: ...
    def _divert(self, fighter: Combatant) -> None: ...
    def _attach(self, mage: Combatant, name: str, target_id: str, *, kept: bool = False) -> None: ...
    def _damage(self, target: Combatant, amount: int, colors: tuple[str, ...] = ()) -> int: ...
    def _destroy(self, target: Combatant, no_regenerate: bool) -> None: ...
    def _remove(self, creature: Combatant, how: str) -> None: ...
    def _after_damage(self, fighter: Combatant) -> None: ...
    def _grant(self, fighter: Combatant, keyword: str, *, until_end_of_turn: bool) -> bool: ...
    def _resolve(self, source: Combatant, controller: Combatant, effects: tuple[Effect, ...], target_id: str,
                 x: int, name: str, colors: tuple[str, ...] | None = None) -> None: ...


class PervasiveEffects:
    """Kept permanents' abilities and triggers, and */* counts: the pervasive effects a battle's resolution
    consults (held by it, :attr:`magecraft.planeswalker.resolution.Resolution.pervasive`), acting on the
    battle they are given (a :class:`Resolving`)."""

    def __init__(self, battle: Resolving) -> None:
        self.battle = battle

    def do_activate(self, action: Action) -> None:
        """A kept artifact's or enchantment's ability: one Speed action, paid from the Mana Pool within Mastery;
        {T} taps the permanent until its mage's Upkeep; answered like a spell, a mana ability at once (PW43)."""
        mage = self.battle.actor()
        ability = abilities(action.card)[action.amount]
        self.battle._spend()
        x = largest_x(mage.mana, ability.cost, mage.mastery, artifact=False) if ability.cost.has_x else 0
        pay(mage.mana, ability.cost, artifact=False, x=x)
        if ability.tap:
            mage.tapped_permanents.append(action.card)
        if ability.discard:  # "Discard a card" as a cost: the spell drawn last (PW35, PW52)
            del mage.memory[-ability.discard:]
            self.discarded(mage, ability.discard)
        if ability.discard_hand:  # "Discard your hand" as a cost (Slate of Ancestry, PW72)
            held = len(mage.memory)
            mage.memory.clear()
            self.discarded(mage, held)
        paid = self.battle.fighters.get(action.target)
        if ability.pay_with == "sacrifice" and paid is not None:  # its Power as it left: X (Greater Good, PW58)
            x = paid.power
            self.battle._remove(paid, "sacrificed")
        self.battle.rng.log.record("ability", f"{mage.label} uses {action.card}: {ability.text}", section=SECTION,
                            data={"mage": mage.id, "card": action.card, "ability": ability.index, "x": x,
                                  "target": action.target})
        if not ability.pay_with:
            self.targeted(action.target)  # Cowardice (PW53)
        pending = {"kind": "order", "order": "ability", "permanent": action.card, "creature": "",
                   "ability": ability.index, "target": "" if ability.pay_with else action.target, "x": x}
        if ability.mana_ability:
            self.resolve_kept(mage, pending)
            self.battle._back()
            return
        self.battle._open_window(pending, Step.MAIN)

    def resolve_kept(self, mage: Combatant, pending: dict[str, Any]) -> None:
        name = str(pending["permanent"])
        ability = abilities(name)[int(pending["ability"])]
        if ability.effects[0].kind == "equip":
            self.equip(mage, name, str(pending["target"]))
            return
        self.battle._resolve(mage, mage, ability.effects, str(pending["target"]), int(pending["x"]),
                f"{name}'s ability",
                      colors=card_of(name).colors)

    def equip(self, mage: Combatant, name: str, target_id: str) -> None:
        """"Equip: attach to target creature you control" (PW50): moved off what it equipped, onto the target
        (gone meanwhile: it stays unattached); what it gives lasts while attached."""
        if name not in mage.permanents:
            return
        entry = next((a for a in mage.auras if a[0] == name), None)
        if entry is not None:
            self.battle._detach(mage, name, entry)
        self.battle._attach(mage, name, target_id, kept=True)

    def kept_upkeep(self, actor: Combatant) -> None:
        """The actor's kept permanents untap ("refreshed", PW43) and their "your upkeep" triggers resolve; every
        mage's "each draw" triggers (Howling Mine) give the actor their effects (PW45)."""
        if not actor.is_mage:
            return
        if SKIPS_COMBAT in actor.keywords:  # Blinding Angel: this is the turn whose combat is skipped (PW56)
            actor.keywords = tuple(k for k in actor.keywords if k != SKIPS_COMBAT)
            self.battle._grant(actor, NO_COMBAT, until_end_of_turn=True)
        actor.tapped_permanents.clear()
        fighters = self.battle.fighters
        for mage in fighters.values():  # Seedborn Muse: "during each other player's untap step" (PW52)
            if mage is not actor and mage.is_mage and mage.active and any(
                    fighters[c].active and "untaps on others' turns" in statics(fighters[c].card)
                    for c in mage.controlled()):
                mage.tapped_permanents.clear()
                for cid in mage.controlled():
                    creature = self.battle.fighters[cid]
                    creature.tapped = creature.tapped and not self.untaps(creature, own_step=False)
        for cid in list(actor.controlled()):
            if self.battle.fighters[cid].active:
                self.creature_upkeep(self.battle.fighters[cid], actor)
        for name in list(actor.permanents):
            for trigger in kept_triggers(name, "your upkeep"):
                if actor.active:
                    aim = self.upkeep_aim(actor, trigger.effects) if trigger.target else ""
                    self.battle._resolve(actor, actor, trigger.effects, aim, 0,
                            f"{name} at {actor.label}'s Upkeep")
        for keeper in list(self.battle.fighters.values()):
            if keeper.is_mage and keeper.active:
                for name in list(keeper.permanents):
                    for trigger in kept_triggers(name, "each draw"):
                        if actor.active:
                            self.battle._resolve(keeper, actor, trigger.effects, "", 0,
                                          f"{keeper.label}'s {name} at {actor.label}'s Channelling")

    def upkeep_aim(self, mage: Combatant, effects: tuple[Effect, ...]) -> str:
        """Form of the Dragon's "5 damage to any target" at its mage's Upkeep (PW73): an enemy it kills (a mage
        first), else the enemy with the least Life (mages first, then the battle's order)."""
        damage = sum(e.amount or 0 for e in effects if e.kind == "damage") * self.damage_factor()
        enemies = [f for f in self.battle.fighters.values() if f.active and f.side != mage.side]
        best = min(enemies, key=lambda f: (f.life > damage, not f.is_mage, f.life), default=None)
        if best is not None:
            self.targeted(best.id)  # Cowardice (PW53)
        return best.id if best is not None else ""

    def end_step(self) -> None:
        """"At the beginning of each end step, your life total becomes 5" (Form of the Dragon, PW73): at the
        end of every combatant's turn, each mage keeping it; life set, not damage."""
        for fighter in self.battle.fighters.values():
            fighter.redirect.clear()  # "this turn" (PW77)
        for mage in list(self.battle.fighters.values()):
            if mage.is_mage and mage.active:
                for name in list(mage.permanents):
                    for trigger in kept_triggers(name, "each end"):
                        if mage.active:
                            self.battle._resolve(mage, mage, trigger.effects, "", 0,
                                    f"{name} at the end of the turn")

    def spell_cast(self, caster: Combatant, spell: SpellProfile, target_id: str = "") -> None:
        """"Whenever a player casts a [colour] spell, you may gain 1 life" (the trinkets, PW45): for each kept
        permanent's "cast" trigger of a colour of the spell, its mage gains (taken always: it only gains).
        A creature's "whenever you cast an enchantment spell" (Verduran Enchantress: its controller casts one
        of that type) and "whenever an opponent casts a spell" (Mogg Sentry: one of the other side; a pump
        is its own) (PW48)."""
        self.targeted(target_id)  # Cowardice (PW53)
        colors = spell.colors
        for fighter in list(self.battle.fighters.values()):
            for trigger in cast_triggers(fighter.card) if fighter.active else ():
                mine = fighter.controller == caster.id
                if (trigger.when == "you cast" and mine and (not trigger.type or trigger.type in spell.types)) or (
                        trigger.when == "opponent casts" and fighter.side != caster.side):
                    owner = self.battle.fighters.get(fighter.controller or "", fighter)
                    self.battle._resolve(fighter, owner, trigger.effects, "", 0,
                            f"{fighter.label} seeing {spell.name}")
        for keeper in list(self.battle.fighters.values()):
            if keeper.is_mage and keeper.active and keeper.permanents:
                for name in list(keeper.permanents):
                    for trigger in kept_triggers(name, "cast"):
                        if trigger.colour in colors:
                            self.battle._resolve(keeper, keeper, trigger.effects, "", 0,
                                    f"{keeper.label}'s {name}")

    def yours_died(self, mage: Combatant) -> None:
        """"Whenever a creature you control dies" (Grave Pact, PW47): its mage's kept permanents' triggers."""
        for name in list(mage.permanents):
            for trigger in kept_triggers(name, "yours dies"):
                if mage.active:
                    self.battle._resolve(mage, mage, trigger.effects, "", 0, f"{mage.label}'s {name}")

    # -- damage doubled, damaged creatures destroyed, targets returned, Sengir's counters (PW53) ----------
    def static_count(self, static: str) -> int:
        """How many kept enchantments of active mages give ``static`` (Furnace of Rath, Death Pits, Cowardice)."""
        return kept_static(self.battle.fighters, static)

    def damage_factor(self) -> int:
        """"If a source would deal damage to a permanent or player, it deals double that damage" (Furnace of
        Rath): 2 for each kept (two Furnaces: 4)."""
        return int(2 ** self.static_count("damage doubled"))

    def pitted(self, creature: Combatant) -> None:
        """Death Pits of Rath: "Whenever a creature is dealt damage, destroy it" (regeneration still saves)."""
        if creature.active and not creature.is_mage and self.static_count("damaged creatures destroyed"):
            self.battle._destroy(creature, False)

    def targeted(self, target_id: str) -> None:
        """Cowardice: "Whenever a creature becomes the target of a spell or ability, return that creature to its
        owner's hand" -- a creature aimed at by a cast, an ability or an enters trigger (PW40) is unsummoned
        at once; the spell or ability then finds no target."""
        target = self.battle.fighters.get(target_id)
        if target is not None and target.active and not target.is_mage and self.static_count("targets returned"):
            self.battle._remove(target, "unsummoned")

    def died(self, creature: Combatant) -> None:
        """A creature died: its mage's Grave Pact (PW47); every Sengir Vampire that dealt it damage in locked
        combat this turn gets a +1/+1 counter (the dice, not Life, PW35); then its own "dies" triggers (Aven
        Fisher, PW41; Mindslicer alone, PW48; Festering Goblin's target, PW60)."""
        if creature.controller is not None:
            self.yours_died(self.battle.fighters[creature.controller])
        self.sengir(creature)
        dying = on_trigger(creature.card, "dies")
        owner = self.battle.fighters.get(creature.controller or "")
        if dying and (owner is None or owner.active):
            aim = self.dying_aim(creature)
            self.battle._resolve(creature, owner or creature, dying, aim, 0, f"{creature.label} dying")

    def sengir(self, creature: Combatant) -> None:
        """Sengir Vampire (PW53): a +1/+1 counter when a creature its strike damaged this turn dies."""
        vampires = {f.id for f in self.battle.fighters.values()
                    if f.active and "grows on kills" in statics(f.card)}
        if not vampires:
            return
        for data in self.this_turn("strike"):
            if data.get("target") == creature.id and data.get("striker") in vampires \
                    and int(data.get("damage", 0)) > 0:
                vampire = self.battle.fighters[str(data["striker"])]
                vampires.discard(vampire.id)
                vampire.base_power += 1
                vampire.base_toughness += 1
                vampire.power += 1
                vampire.toughness += 1
                self.battle.rng.log.record("counter", f"{vampire.label} gets a +1/+1 counter",
                        section=SECTION_CASTING,
                                    data={"id": vampire.id})

    def this_turn(self, kind: str) -> list[Mapping[str, Any]]:
        """The data of the battle log's events of ``kind`` since the current turn began, latest first."""
        found: list[Mapping[str, Any]] = []
        log = self.battle.rng.log
        for index in range(len(log) - 1, -1, -1):
            event = log[index]
            if event.kind == "turn":
                break
            if event.kind == kind:
                found.append(event.data)
        return found

    def dying_aim(self, creature: Combatant) -> str:
        """The target of a creature's "dies" trigger (Festering Goblin: "target creature gets -1/-1 until end of
        turn", PW60): chosen by its controller as it dies, the best use -- the enemy creature with the most
        Power (then Toughness, then the battle's order) in close combat with it (creature-only, PW16)."""
        if dying_target(creature.card) != "enemy creature":
            return ""
        near = [f for f in self.battle.fighters.values() if f.active and not f.is_mage and f.side != creature.side
                and self.battle.ranges.get(pair(creature.id, f.id)) == "close"]
        best = max(near, key=lambda f: (f.power, f.toughness), default=None)  # max keeps the first of a tie
        if best is not None:
            self.targeted(best.id)  # Cowardice (PW53)
        return best.id if best is not None and best.active else ""

    def extra_combat(self, mage: Combatant) -> None:
        """Relentless Assault: "Untap all creatures that attacked this turn. After this main phase, there is an
        additional combat phase followed by an additional main phase" (PW66) -- its mage's creatures that
        engaged this turn are refreshed, and it may command its creatures once more this turn, after other
        actions (the mark ends at the End phase)."""
        mine = set(mage.controlled())
        for data in self.this_turn("locked"):
            attacker = self.battle.fighters.get(str(data.get("attacker", "")))
            if attacker is not None and attacker.id in mine and attacker.active:
                attacker.tapped = False
        self.battle.commanded, self.battle.command_used = [], False
        self.battle._grant(mage, EXTRA_COMBAT, until_end_of_turn=True)

    def others(self, target: Combatant, source: Combatant, count: int) -> list[Combatant]:
        """"Up to three target creatures" (Panic Attack, PW61): besides the target, up to ``count`` more
        creatures of its side in close combat with the caster (PW16), in the battle's order, as it resolves."""
        if not count or target.is_mage:
            return []
        return [f for f in self.battle.fighters.values() if f.active and not f.is_mage and f is not target
                and f.side == target.side and self.battle.ranges.get(pair(source.id, f.id)) == "close"][:count]

    def alone_sacrificed(self) -> None:
        """Emperor Crocodile: "When you control no other creatures, sacrifice Emperor Crocodile" -- worked out
        after every action; "you control" as PW44 (a creature alone: the creatures alone on its side) (PW55)."""
        for croc in list(self.battle.fighters.values()):
            if croc.active and "sacrificed alone" in statics(croc.card) and not any(
                    f is not croc and f.active and not f.is_mage and f.side == croc.side
                    and f.controller == croc.controller for f in self.battle.fighters.values()):
                self.battle._remove(croc, "sacrificed")

    def untaps(self, fighter: Combatant, *, own_step: bool = True) -> bool:
        """Whether ``fighter`` is refreshed now: not under Dehydration ("doesn't untap"), nor a creature with
        Power 3 or more while a Marble Titan is in the battle (PW51). At its controller's own refresh
        (``own_step``) Exhaustion's mark keeps it tapped once and is used up (PW55)."""
        if DOESNT_UNTAP in fighter.keywords:
            return False
        if own_step and SKIPS_UNTAP in fighter.keywords:
            fighter.keywords = tuple(k for k in fighter.keywords if k != SKIPS_UNTAP)
            return False
        return fighter.is_mage or fighter.power < 3 or not any(
            f.active and "big creatures don't untap" in statics(f.card) for f in self.battle.fighters.values())

    def creature_upkeep(self, creature: Combatant, mage: Combatant) -> None:
        """"At the beginning of your upkeep, Force of Nature deals 8 damage to you unless you pay {G}{G}{G}{G}"
        (PW51): at its mage's Upkeep (a creature alone: at the start of its own turn, "you" itself), paid from
        the pool whenever it can be (locale_mana pays for a creature alone), else the damage."""
        for effect in on_trigger(creature.card, "your upkeep"):
            if effect.kind == "bounce":  # Imaginary Pet: "if you have a card in hand" (PW54)
                hand = len(mage.memory) if mage.is_mage else self.battle.settings.lone_count
                if hand and creature.active:
                    self.battle._remove(creature, "unsummoned")
                continue
            if effect.kind == "damage unless sacrificed":
                self.demon_upkeep(creature, mage, effect)
                continue
            cost = effect.unless
            assert cost is not None
            paid = pay(mage.mana, cost, artifact=False) if mage.is_mage else self.battle.settings.locale_mana
            self.battle.rng.log.record("upkeep",
                    f"{creature.label}: {mage.label} {'pays' if paid else 'does not pay'} "
                                f"{cost.name}", section="Upkeep", data={"id": creature.id, "paid": paid})
            if not paid and mage.active:
                self.battle._damage(mage, effect.amount or 0, creature.colors)

    def demon_upkeep(self, demon: Combatant, mage: Combatant, effect: Effect) -> None:
        """Yawgmoth Demon: "At the beginning of your upkeep, you may sacrifice an artifact. If you don't, tap
        Yawgmoth Demon and it deals 2 damage to you" (PW68) -- its mage sacrifices the cheapest artifact it keeps,
        else its weakest artifact creature, whenever it has one; else the Demon taps and deals the damage."""
        kept = [n for n in mage.permanents if permanent_is(n, effect.types)] if mage.is_mage else []
        owned = [c for c in (self.battle.fighters[i] for i in mage.controlled()) if c.active and c.artifact]
        if kept:
            name = min(kept, key=lambda n: card_of(n).mana_value)
            self.battle._release(mage, "", name)
            self.battle.rng.log.record("out", f"{mage.label}'s {name} is sacrificed", section="Upkeep",
                                data={"id": mage.id, "card": name})
        elif owned:
            self.battle._remove(min(owned, key=lambda c: c.power + c.toughness), "sacrificed")
        else:
            demon.tapped = True
            if mage.active:
                self.battle._damage(mage, effect.amount or 0, demon.colors)

    def locked_in(self, attacker: Combatant, defender: Combatant, strikes: list[Strike]) -> None:
        """After a locked combat: strikes that damaged a mage (PW49), and Deathgazer's "whenever it blocks or
        becomes blocked by a nonblack creature, destroy that creature at end of combat" -- locked combat
        between two creatures, whoever engaged (PW51)."""
        self.struck(strikes)
        self.battle._divert(attacker)  # Zealous Inquisitor (PW77)
        self.battle._divert(defender)
        for hit in strikes:  # Death Pits of Rath: each creature dealt damage (PW53); Spirit Link (PW54)
            if hit.damage > 0:
                self.linked(self.battle.fighters[hit.striker], hit.damage)
                self.pitted(self.battle.fighters[hit.target])
        for one, other in ((attacker, defender), (defender, attacker)):
            for effect in on_trigger(one.card, "locked") if not other.is_mage else ():
                if effect.kind == "destroy" and other.active and hits(effect, other):
                    self.battle._destroy(other, effect.no_regenerate)

    def blocked(self, attacker: Combatant, defender: Combatant) -> None:
        """Elvish Berserker's "whenever it becomes blocked, +1/+1 until end of turn for each creature blocking
        it": it engages a creature, or is intercepted by one -- always one here (PW51). Contaminated Bond's
        "whenever enchanted creature attacks or blocks, its controller loses 3 life": it engages, or is a
        creature engaged (PW54)."""
        for effect in on_trigger(attacker.card, "blocked") if not defender.is_mage else ():
            attacker.power = max(0, attacker.power + effect.power)
            attacker.toughness = max(0, attacker.toughness + effect.toughness)
        for fighter in (attacker, defender):
            if not fighter.is_mage:
                for name, effects in self.aura_triggers(fighter, "enchanted attacks or blocks"):
                    owner = self.battle.fighters.get(fighter.controller or "", fighter)
                    self.battle._resolve(fighter, owner, effects, "", 0, f"{name} on {fighter.label}")

    def aura_triggers(self, creature: Combatant, when: str) -> list[tuple[str, tuple[Effect, ...]]]:
        """The triggers ``when`` of the Auras on ``creature`` (Spirit Link, Contaminated Bond), by Aura."""
        return [(entry[0], trigger.effects) for mage in self.battle.fighters.values() if mage.is_mage
                for entry in mage.auras if entry[1] == creature.id for trigger in kept_triggers(entry[0], when)]

    def linked(self, creature: Combatant, dealt: int) -> None:
        """Spirit Link: "Whenever enchanted creature deals damage, you gain that much life" -- the Aura's mage
        gains what the creature's strike, spell-like ability or fight took off (PW54)."""
        if dealt <= 0:
            return
        for mage in list(self.battle.fighters.values()):
            for entry in list(mage.auras) if mage.is_mage else []:
                if entry[1] == creature.id:
                    for trigger in kept_triggers(entry[0], "enchanted deals damage"):
                        self.battle._resolve(mage, mage, trigger.effects, "", dealt, f"{mage.label}'s {entry[0]}")

    def copy(self, clone: Combatant, original: Combatant | None) -> None:
        """Clone: "You may have Clone enter the battlefield as a copy of any creature on the battlefield" --
        the printed card of the creature chosen when Clone was cast (PW40): its Power, Toughness, Life twice
        its printed Toughness, keywords and colours; Clone's id, side and controller stay. With nothing to
        copy it is 0/0 and dies (PW54)."""
        if original is None or not original.active or original.card is None:
            clone.out = "dead"
            self.battle.rng.log.record("out", f"{clone.label} has nothing to copy and dies",
                    section=SECTION_CASTING,
                                data={"id": clone.id, "out": "dead"})
            self.battle._after_damage(clone)
            return
        copy = creature_from_card(clone.id, original.card, clone.side, controller=clone.controller,
                                  sick=clone.sick, regenerations=clone.regenerations)
        copy.speed = clone.speed
        self.battle.fighters[clone.id] = copy
        battle = self.battle
        battle.lordly = battle.lordly or lord_of(copy.card) is not None or count_of(copy.card) is not None
        self.battle.watchers = self.battle.watchers or bool(on_trigger(copy.card, "another enters"))
        self.battle.rng.log.record("copy", f"{clone.label} enters as a copy of {original.label}",
                section=SECTION_CASTING,
                            data={"id": clone.id, "card": original.card})

    def drew(self, mage: Combatant, count: int) -> None:
        """"Whenever an opponent draws a card, Underworld Dreams deals 1 damage to that player" (PW51): each
        spell added to Memory, at the Channelling phase or by an effect."""
        self.opponents_triggered(mage, count, "opponent draws")

    def discarded(self, mage: Combatant, count: int) -> None:
        """"Whenever an opponent discards a card, Megrim deals 2 damage to that player" (PW51): each spell
        forgotten by a discard effect or at the End phase (Magic's discard to hand size)."""
        self.opponents_triggered(mage, count, "opponent discards")

    def opponents_triggered(self, mage: Combatant, count: int, when: str) -> None:
        for keeper in list(self.battle.fighters.values()):
            if keeper.is_mage and keeper.active and keeper.permanents and keeper.side != mage.side:
                for name in list(keeper.permanents):
                    for trigger in kept_triggers(name, when):
                        for _ in range(count):
                            if mage.active:
                                self.battle._resolve(keeper, keeper, trigger.effects, mage.id, 0,
                                              f"{keeper.label}'s {name}", colors=card_of(name).colors)

    def struck(self, strikes: list[Strike]) -> None:
        """"Whenever it deals damage to an opponent" (Hypnotic Specter, Thieving Magpie; PW49): a strike in
        locked combat that damaged a mage of the other side; the effects aim at that mage, "you" is the
        creature's controller."""
        for hit in strikes:
            striker, struck = self.battle.fighters[hit.striker], self.battle.fighters[hit.target]
            effects = on_damaging(striker.card) if hit.damage > 0 else ()
            if effects and struck.is_mage and struck.side != striker.side and striker.active:
                owner = self.battle.fighters.get(striker.controller or "", striker)
                self.battle._resolve(striker, owner, effects, struck.id, 0,
                        f"{striker.label} damaging {struck.label}")

    # -- */* creatures (PW44) ---------------------------------------------------------------------------
    def counted(self, creature: Combatant) -> int:
        """What a */* creature counts now: "lands you control" of a colour are its mage's identity sources of
        that colour (PW37); "cards in your hand" its mage's Memory; acting alone, ``lone_count`` for either;
        creatures of a type its controller controls (itself too); cards of a type in every mage's graveyard;
        every creature in the battle."""
        count = count_of(creature.card)
        if count is None:
            return 0
        owner = self.battle.fighters.get(creature.controller or "")
        if count.of == "lands":
            return owner.identity.count(count.colour) if owner is not None else self.battle.settings.lone_count
        if count.of == "hand":
            return len(owner.memory) if owner is not None else self.battle.settings.lone_count
        fighters = self.battle.fighters.values()
        if count.of == "subtype":
            return sum(1 for f in fighters if f.active and not f.is_mage and f.side == creature.side
                       and f.controller == creature.controller and count.subtype in subtypes(f.card))
        if count.of == "graveyard":
            return sum(1 for f in fighters if f.is_mage for n in f.graveyard
                       if count.type in card_of(n).types)
        if count.of == "enchantments":  # every mage's kept enchantments, Auras too (Yavimaya Enchantress)
            return sum(1 for f in fighters if f.is_mage and f.active for n in f.permanents
                       if "Enchantment" in card_of(n).types)
        return sum(1 for f in fighters if f.active and not f.is_mage)
