"""What spells and abilities do when they resolve (seed 001, "Combat Mechanics" 5 "Casting" and
"Commanding", 7; rulings PW16, PW35-PW38).

:class:`Resolution` is the part of :class:`~magecraft.planeswalker.combat.Battle` that carries out
effects read from ``data/card_effects.toml`` (or the MtG RPG's shared quick-duel effects): damage, pumps,
taps, bounces, destruction, prevention, regeneration shields, mana, tokens and summoned creatures.  It
holds the kept permanents' abilities and triggers it consults,
:class:`~magecraft.planeswalker.pervasive.PervasiveEffects` (composed, given the battle when the battle is
built), rather than inheriting them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.cards import COLORS
from magecraft.planeswalker.book import card_of
from magecraft.planeswalker.combatants import (
    ABSORB,
    HASTE,
    SKIPS_COMBAT,
    SKIPS_UNTAP,
    Combatant,
    creature_from_card,
    pair,
)
from magecraft.planeswalker.decisions import ability_x, interceptors
from magecraft.planeswalker.effects import (
    Ability,
    Effect,
    Lord,
    abilities,
    aura_effects,
    count_of,
    is_equipment,
    lord_of,
    on_entering,
    on_trigger,
    statics,
    subtypes,
    token,
    triggers,
    ward_of,
)
from magecraft.planeswalker.field import Field
from magecraft.planeswalker.locked import lose_life, regenerate
from magecraft.planeswalker.locked import settle as regenerate_or_fall
from magecraft.planeswalker.mana import pay
from magecraft.planeswalker.pervasive import PervasiveEffects, reverse, warded
from magecraft.planeswalker.settings import Settings
from magecraft.planeswalker.spells import hits, permanent_is, profile, spell_colors

SECTION_CASTING = "Casting"


@dataclass(frozen=True, slots=True)
class Aim:
    """What every effect of one resolution shares: its ``source`` (the caster or the creature), the
    ``controller`` it serves, the target named (``target_id``) and the combatant it is if it was in the
    battle as the resolution began (``aimed``), the colours of the damage's source (``hue``) and X."""

    source: Combatant
    controller: Combatant
    target_id: str
    aimed: Combatant | None
    hue: tuple[str, ...]
    x: int


class Resolution:
    """Effects on a battle's combatants (mixed into ``Battle``, which holds the state named here), consulting the
    pervasive effects it holds (:attr:`pervasive`, given by the battle as it is built)."""

    pervasive: PervasiveEffects

    fighters: dict[str, Combatant]
    rng: Randomness
    settings: Settings
    order: list[str]
    ranges: dict[tuple[str, str], str]
    intercept: dict[str, str] | None
    turn: int
    next_summon: int
    next_token: int
    #: whether a lord (a creature or an enchantment) has been in this battle: else no bonus to work out
    lordly: bool
    #: whether a creature that sees others enter (Soul Warden) has been in this battle
    watchers: bool

    if TYPE_CHECKING:
        def enemies(self, fid: str) -> list[Combatant]: ...
        def actor(self) -> Combatant: ...
        def _after_damage(self, fighter: Combatant) -> None: ...
        def _release(self, mage: Combatant, creature: str, permanent: str) -> None: ...

    def _pay_ability(self, creature: Combatant, controller: Combatant | None, ability: Ability,
                     target_id: str = "") -> int:
        x = ability_x(cast("Field", self), creature, controller, ability)
        if controller is not None:
            pay(controller.mana, ability.cost, artifact=False, x=x)
        if ability.tap:
            creature.tapped = True
        self.rng.log.record("ability", f"{creature.label} uses {ability.text}", section="Commanding",
                            data={"creature": creature.id, "ability": ability.index, "x": x})
        if ability.sacrifice:
            self._remove(creature, "sacrificed")
        paid = self.fighters.get(target_id)
        if ability.pay_with and paid is not None:  # a creature of its own as the cost (Nantuko Husk, PW55)
            if ability.pay_with == "sacrifice":
                self._remove(paid, "sacrificed")
            else:
                paid.tapped = True
            return x
        self.pervasive.targeted(target_id)  # Cowardice (PW53)
        return x

    def _resolve_ability(self, pending: dict[str, Any]) -> None:
        if pending.get("permanent"):  # a kept artifact's or enchantment's ability (PW43)
            self.pervasive.resolve_kept(self.fighters[pending["by"]], pending)
            return
        creature = self.fighters[pending["creature"]]
        ability = abilities(creature.card)[int(pending["ability"])]
        controller = self.fighters[creature.controller] if creature.controller else creature
        self._resolve(creature, controller, ability.effects, pending["target"], int(pending["x"]), ability.text)

    def _apply_effect(self, caster: Combatant, spell: Any, target_id: str, x: int) -> None:
        """A resolved spell: a summoned creature, a pervasive effect, or its effects, then the graveyard."""
        if spell.kind == "summon":
            self._summon(caster, spell.name, target_id)
            return
        if spell.kind == "permanent":
            if spell.target:
                self._attach(caster, spell.name, target_id)
            else:
                caster.permanents.append(spell.name)
                self.lordly = self.lordly or lord_of(spell.name) is not None
                ward = ward_of(spell.name)
                if ward is not None and ward.colour == "chosen":  # Story Circle (PW69)
                    caster.chosen.append([spell.name, self._threat_colour(caster)])
            return
        caster.graveyard.append(spell.name)
        self._resolve(caster, caster, spell.parts, target_id, x, spell.name, spell.colors)

    def _resolve(self, source: Combatant, controller: Combatant, effects: tuple[Effect, ...], target_id: str,
                 x: int, name: str, colors: tuple[str, ...] | None = None) -> None:
        """Carry out a spell's or an ability's effects (data/card_effects.toml, ruling PW35).  ``source`` is
        the caster or the creature; ``controller`` the mage it serves (a creature acting alone is its own);
        ``colors`` the colours of the damage's source (the spell's; by default the source's own, PW46)."""
        hue = source.colors if colors is None else colors
        target = self.fighters.get(target_id)
        aimed = target if target is not None and target.active else None
        at = Aim(source, controller, target_id, aimed, hue, x)
        for effect in effects:
            resolver = RESOLVERS.get(effect.kind)
            if resolver is not None:
                resolver(self, effect, effect.value(x), at)
        self.rng.log.record("resolve", f"{name} resolves", section=SECTION_CASTING,
                            data={"card": name, "target": target_id, "x": x})

    # -- each kind of effect, by RESOLVERS (data/card_effects.toml, ruling PW35) -------------------------
    def _effect_damage(self, effect: Effect, amount: int, at: Aim) -> None:
        source, controller, aimed, hue = at.source, at.controller, at.aimed, at.hue
        if aimed is not None and aimed.active:
            dealt = self._damage(aimed, len(aimed.memory) if effect.memory else amount, hue)
            self.pervasive.linked(source, dealt)  # Spirit Link (PW54)
        if effect.self_damage and controller.active:
            self.pervasive.linked(source, self._damage(controller, effect.self_damage, hue))

    def _effect_damage_each(self, effect: Effect, amount: int, at: Aim) -> None:
        controller, hue = at.controller, at.hue
        for fighter in list(self.fighters.values()):
            if fighter.active and not (effect.enemies_only and fighter.side == controller.side) and (
                    effect.players if fighter.is_mage else hits(effect, fighter)):
                self._damage(fighter, amount, hue)

    def _effect_gain_life(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        controller.life += amount

    def _effect_lose_life(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        if not controller.active:
            return
        # life lost, not damage: nothing prevents it
        controller.life -= amount
        regenerate_or_fall(controller, self.rng, self.settings)
        self._after_damage(controller)

    def _effect_draw(self, effect: Effect, amount: int, at: Aim) -> None:
        controller, aimed = at.controller, at.aimed
        if effect.memory:  # "a card for each red card in it" (Baleful Stare, PW52)
            amount = sum(1 for n in aimed.memory if effect.colour in spell_colors(n)) if aimed else 0
        elif effect.per_creature:  # "a card for each creature you control" (Slate of Ancestry, PW72)
            amount = sum(1 for c in controller.controlled() if self.fighters[c].active)
        drawn = min(amount, len(controller.library))
        for _ in range(drawn):
            controller.memory.append(controller.library.pop(0))
        if drawn and controller.is_mage:
            self.pervasive.drew(controller, drawn)  # Underworld Dreams (PW51)

    def _effect_destroy(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is not None and aimed.active and not aimed.player:
            self._destroy(aimed, effect.no_regenerate)

    def _effect_destroy_all(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        for fighter in list(self.fighters.values()):
            if fighter.active and not fighter.is_mage and not (
                    effect.enemies_only and fighter.side == controller.side):
                self._destroy(fighter, effect.no_regenerate)

    def _effect_pump(self, effect: Effect, amount: int, at: Aim) -> None:
        source, target_id, aimed, x = at.source, at.target_id, at.aimed, at.x
        self._touch(effect, source if effect.itself else (aimed if target_id else source), x)

    def _effect_pump_team(self, effect: Effect, amount: int, at: Aim) -> None:
        controller, x = at.controller, at.x
        for cid in controller.controlled():
            self._touch(effect, self.fighters[cid], x)

    def _effect_destroy_permanent(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is None or not aimed.active:
            return
        if aimed.is_mage:
            # the latest of those types (gone meanwhile: nothing)
            self._unmake(aimed, [n for n in aimed.permanents if permanent_is(n, effect.types)][-1:])
        elif aimed.artifact:
            self._destroy(aimed, effect.no_regenerate)

    def _effect_destroy_permanents(self, effect: Effect, amount: int, at: Aim) -> None:
        for fighter in list(self.fighters.values()):
            if fighter.active and fighter.is_mage:
                self._unmake(fighter, [n for n in fighter.permanents if permanent_is(n, effect.types)])
            elif fighter.active and fighter.artifact and "Artifact" in effect.types:
                self._destroy(fighter, effect.no_regenerate)

    def _effect_discard(self, effect: Effect, amount: int, at: Aim) -> None:
        controller, target_id, aimed = at.controller, at.target_id, at.aimed
        if (aimed if target_id else controller) is None:
            return
        # "Target player discards": the spells it drew last are forgotten (PW35); "at random": a die
        # picks each (PW49); with no target, the caster discards (Sift, PW52)
        who = aimed if target_id else controller
        if who is not None and who.is_mage:
            forgotten = min(amount, len(who.memory))
            for _ in range(forgotten):
                who.memory.pop(self.rng.choice(range(len(who.memory)), f"{who.label}'s spell to forget")
                               if effect.at_random else self._unusable(who) if effect.unusable else -1)
            self.pervasive.discarded(who, forgotten)  # Megrim (PW51)

    def _effect_bounce(self, effect: Effect, amount: int, at: Aim) -> None:
        source, target_id, aimed = at.source, at.target_id, at.aimed
        gone = aimed if target_id else source  # "Return it to its owner's hand" (Fleeting Image)
        if gone is not None and gone.active and not gone.is_mage:
            self._remove(gone, "unsummoned")

    def _effect_bounce_all(self, effect: Effect, amount: int, at: Aim) -> None:
        for fighter in list(self.fighters.values()):
            if fighter.active and not fighter.is_mage:
                self._remove(fighter, "unsummoned")

    def _effect_drain(self, effect: Effect, amount: int, at: Aim) -> None:
        controller, aimed = at.controller, at.aimed
        if aimed is None or not aimed.is_mage or not aimed.active:
            return
        # "target opponent loses N life and you gain N life" (Highway Robber): not damage
        controller.life += amount
        aimed.life -= amount
        regenerate_or_fall(aimed, self.rng, self.settings)
        self._after_damage(aimed)

    def _effect_fight(self, effect: Effect, amount: int, at: Aim) -> None:
        source, aimed = at.source, at.aimed
        if aimed is None or not aimed.active or not source.active:
            return
        # "deals damage equal to its power to target creature, which deals damage equal to its power"
        dealt, taken = source.power, aimed.power
        self.pervasive.linked(source, self._damage(aimed, dealt, source.colors))
        self.pervasive.linked(aimed, self._damage(source, taken, aimed.colors))

    def _effect_sacrifice(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        # "each other player sacrifices a creature" (Grave Pact, PW47): its weakest, by its own choice
        for mage in list(self.fighters.values()):
            others = mage.is_mage and mage is not controller and mage.active
            held = [self.fighters[c] for c in (mage.controlled() if others else [])]
            held = [c for c in held if c.active]
            if held:
                self._remove(min(held, key=lambda c: (c.power + c.toughness, c.id)), "sacrificed")

    def _effect_discard_all(self, effect: Effect, amount: int, at: Aim) -> None:
        # "each player discards their hand" (Mindslicer, PW48)
        for mage in list(self.fighters.values()):
            if mage.is_mage and mage.active:
                forgotten = len(mage.memory)
                mage.memory.clear()
                self.pervasive.discarded(mage, forgotten)

    def _effect_regrow(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        if not controller.is_mage:
            return
        # "return target sorcery card from your graveyard to your hand": the latest (PW48)
        back = [n for n in controller.graveyard if permanent_is(n, effect.types)][-1:]
        for card in back:
            controller.graveyard.remove(card)
            controller.memory.append(card)

    def _effect_pump_each(self, effect: Effect, amount: int, at: Aim) -> None:
        # "All creatures get +X/-X until end of turn" (Flowstone Slide, PW48)
        x = at.x
        times = x if effect.x else 1
        for fighter in self.fighters.values():
            if fighter.active and not fighter.is_mage:
                fighter.power = max(0, fighter.power + effect.power * times)
                fighter.toughness = max(0, fighter.toughness + effect.toughness * times)

    def _effect_redirect(self, effect: Effect, amount: int, at: Aim) -> None:
        source, aimed = at.source, at.aimed
        if aimed is None or aimed.is_mage:
            return
        source.redirect.extend([aimed.id] * amount)  # Zealous Inquisitor (PW77)

    def _effect_life_becomes(self, effect: Effect, amount: int, at: Aim) -> None:
        # Form of the Dragon (PW73): not damage
        controller = at.controller
        if not controller.active:
            return
        controller.life = amount

    def _effect_life_becomes_creatures(self, effect: Effect, amount: int, at: Aim) -> None:
        # Biorhythm (PW48): not damage, nothing prevents it
        for mage in list(self.fighters.values()):
            if mage.is_mage and mage.active:
                mage.life = sum(1 for c in mage.controlled() if self.fighters[c].active)
                regenerate_or_fall(mage, self.rng, self.settings)
                self._after_damage(mage)

    def _effect_copy(self, effect: Effect, amount: int, at: Aim) -> None:
        source, aimed = at.source, at.aimed
        self.pervasive.copy(source, aimed)  # Clone (PW54)

    def _effect_lose_life_as_damaged(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is None or not aimed.is_mage or not aimed.active:
            return
        # "loses life equal to the damage already dealt to that player this turn" (PW57): not damage
        aimed.life -= aimed.damaged
        regenerate_or_fall(aimed, self.rng, self.settings)
        self._after_damage(aimed)

    def _effect_polymorph(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is None or not aimed.active or aimed.is_mage:
            return
        self._polymorph(aimed)

    def _effect_discard_colour(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is None or not aimed.is_mage:
            return
        self._persecute(aimed)

    def _effect_put_creature(self, effect: Effect, amount: int, at: Aim) -> None:
        # Elvish Piper; Hunted Wumpus's "each other player" (PW70)
        controller = at.controller
        putting = [m for m in self.fighters.values() if m.is_mage and m.active and m is not controller]
        for mage in putting if effect.players else [controller]:
            self._put_creature(mage)

    def _effect_extra_combat(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        if not controller.is_mage:
            return
        self.pervasive.extra_combat(controller)

    def _effect_look(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        if not controller.is_mage:
            return
        self._look(controller, amount)

    def _effect_sacrifice_lands(self, effect: Effect, amount: int, at: Aim) -> None:
        source, controller = at.source, at.controller
        self._sacrifice_lands(source, controller, effect.colour, amount)

    def _effect_skip_combat(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is None or not aimed.is_mage:
            return
        # "that player skips their next combat phase" (Blinding Angel, PW56)
        if SKIPS_COMBAT not in aimed.keywords:
            aimed.keywords = (*aimed.keywords, SKIPS_COMBAT)

    def _effect_exhaust(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is None or not aimed.is_mage:
            return
        # Exhaustion: its creatures skip their next refresh (PW55); no lands here
        for cid in aimed.controlled():
            if self.fighters[cid].active and SKIPS_UNTAP not in self.fighters[cid].keywords:
                self.fighters[cid].keywords = (*self.fighters[cid].keywords, SKIPS_UNTAP)

    def _effect_tap_all(self, effect: Effect, amount: int, at: Aim) -> None:
        source = at.source
        for fighter in self.fighters.values():
            if fighter.active and not fighter.is_mage and fighter is not source:
                fighter.tapped = True

    def _effect_gain_control(self, effect: Effect, amount: int, at: Aim) -> None:
        controller, aimed = at.controller, at.aimed
        if aimed is not None and aimed.active and not aimed.is_mage and controller.is_mage \
                and aimed.controller != controller.id:
            self._take_control(aimed, controller, "turn")

    def _effect_grant(self, effect: Effect, amount: int, at: Aim) -> None:
        source, target_id, aimed = at.source, at.target_id, at.aimed
        given = aimed if target_id else source
        for one in [given, *self.pervasive.others(given, source, effect.others)] if given is not None else ():
            if one.active:
                self._grant(one, effect.keyword, until_end_of_turn=True)

    def _effect_mana(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        if not controller.is_mage:
            return
        for symbol in effect.mana:
            symbol = self._any_colour(controller) if symbol == "*" else (
                self._enemy_colour(controller) if symbol == "O" else symbol)
            if symbol:
                controller.mana[symbol] = controller.mana.get(symbol, 0) + 1

    def _effect_grant_all(self, effect: Effect, amount: int, at: Aim) -> None:
        # Holy Day: every combatant, until end of turn (PW52)
        for fighter in self.fighters.values():
            if fighter.active:
                self._grant(fighter, effect.keyword, until_end_of_turn=True)

    def _effect_coin_clash(self, effect: Effect, amount: int, at: Aim) -> None:
        controller, aimed, hue = at.controller, at.aimed, at.hue
        if aimed is None or not aimed.is_mage:
            return
        self._coin_clash(controller, aimed, hue)

    def _attacking(self, attacker: Combatant, target: Combatant) -> None:
        """Seasoned Marshal: "Whenever Seasoned Marshal attacks, you may tap target creature" (PW63) -- as it
        engages, before any interception, its controller taps the creature with the most Power that could
        intercept it (then the battle's order); none, and "you may" is not used."""
        effects = on_trigger(attacker.card, "attacks")
        if not effects or not target.is_mage or self.intercept is None:
            return
        able = [self.fighters[c] for c in interceptors(cast("Field", self))]
        best = max(able, key=lambda f: f.power, default=None)
        if best is not None:
            self.pervasive.targeted(best.id)  # Cowardice (PW53)
            owner = self.fighters.get(attacker.controller or "", attacker)
            self._resolve(attacker, owner, effects, best.id, 0, f"{attacker.label} attacking")

    def _look(self, mage: Combatant, count: int) -> None:
        """Sleight of Hand (PW65): the next ``count`` Library spells seen; the one kept goes to Memory (not a
        draw), the others to the bottom of the Library in their order.  Kept: the costliest the mage can cast
        (mana value within its Mastery), else the costliest; the first seen on a tie."""
        seen, mage.library[:] = mage.library[:count], mage.library[count:]
        if not seen:
            return
        kept = max(seen, key=lambda n: (profile(n).cost.mana_value <= mage.mastery, profile(n).cost.mana_value))
        mage.memory.append(kept)
        seen.remove(kept)
        mage.library.extend(seen)
        self.rng.log.record("look", f"{mage.label} keeps {kept}", section=SECTION_CASTING,
                            data={"id": mage.id, "card": kept, "bottom": list(seen)})

    @staticmethod
    def _unusable(mage: Combatant) -> int:
        """The spell a mage discards by choice (Thought Courier, PW74): the costliest it cannot cast (above its
        Mastery; the latest drawn of those on a tie), else the one drawn last (PW52)."""
        costs = [profile(n).cost.mana_value for n in mage.memory]
        above = [i for i, cost in enumerate(costs) if cost > mage.mastery]
        return max(above, key=lambda i: (costs[i], i)) if above else -1

    def _divert(self, fighter: Combatant) -> None:
        """"The next 1 damage that would be dealt to Zealous Inquisitor this turn is dealt to target creature
        instead" (PW77): the points taken off its damage are dealt to those creatures now (after the Furnace's
        doubling, PW53: not doubled again)."""
        while fighter.diverted:
            other = self.fighters.get(fighter.diverted.pop(0))
            if other is not None and other.active:
                lose_life(other, 1, self.rng, self.settings)
                self.rng.log.record("redirect", f"1 damage to {fighter.label} is dealt to {other.label}",
                                    section=SECTION_CASTING, data={"id": fighter.id, "to": other.id})
                self._after_damage(other)
                self.pervasive.pitted(other)

    def _put_creature(self, mage: Combatant) -> None:
        """"Put a creature card from your hand onto the battlefield" (PW70): the costliest creature spell in the
        mage's Memory (the first held on a tie) enters under it, not cast (no Mastery, nothing answers it)."""
        held = [n for n in mage.memory if card_of(n).is_creature] if mage.is_mage else []
        if held:
            name = max(held, key=lambda n: card_of(n).mana_value)
            mage.memory.remove(name)
            self._summon(mage, name)

    def _threat_colour(self, mage: Combatant) -> str:
        """Story Circle's colour, chosen as it enters (PW69): the commonest colour among the enemies now -- the
        enemy creatures' colours and the enemy mages' identity colours; W U B R G on a tie."""
        counts = dict.fromkeys(COLORS, 0)
        for enemy in self.enemies(mage.id):
            for colour in (enemy.identity if enemy.is_mage else enemy.colors):
                if colour in counts:
                    counts[colour] += 1
        return max(COLORS, key=lambda c: (counts[c], -COLORS.index(c)))

    def _unmake(self, mage: Combatant, names: list[str]) -> None:
        """Pervasive effects destroyed (Shatter, Naturalize): to their mage's graveyard."""
        for name in names:
            self._release(mage, "", name)
            self.rng.log.record("out", f"{mage.label}'s {name} is destroyed", section=SECTION_CASTING,
                                data={"id": mage.id, "card": name})

    def _touch(self, effect: Effect, fighter: Combatant | None, x: int) -> None:
        """An effect on one combatant until end of turn: a pump (Power and Toughness, not Life), a tap,
        an untap, damage to prevent or a regeneration shield."""
        if fighter is None or not fighter.active:
            return
        if effect.kind in ("pump", "pump team"):
            fighter.power = max(0, fighter.power + effect.power + (x if effect.x else 0))
            fighter.toughness = max(0, fighter.toughness + effect.toughness)
        elif effect.kind in ("tap", "untap"):
            fighter.tapped = effect.kind == "tap"
        elif effect.kind == "prevent":
            fighter.prevent += effect.value(x)
        else:
            fighter.shields += 1

    def _persecute(self, mage: Combatant) -> None:
        """Persecute (PW59): "Choose a color. Target player reveals their hand and discards all cards of that
        color" -- the colour with the most spells in the mage's Memory (the caster's best choice; W U B R G on
        a tie), every spell of it forgotten."""
        counts = {c: sum(1 for n in mage.memory if c in spell_colors(n)) for c in COLORS}
        colour = max(COLORS, key=lambda c: (counts[c], -COLORS.index(c)))
        gone = [n for n in mage.memory if colour in spell_colors(n)]
        mage.memory[:] = [n for n in mage.memory if colour not in spell_colors(n)]
        self.rng.log.record("discard", f"{mage.label} forgets every {colour} spell", section=SECTION_CASTING,
                            data={"id": mage.id, "colour": colour, "cards": gone})
        self.pervasive.discarded(mage, len(gone))

    def _sacrifice_lands(self, creature: Combatant, mage: Combatant, colour: str, count: int) -> None:
        """Rathi Dragon (PW59): "When it enters, sacrifice it unless you sacrifice two Mountains" -- a mage's
        lands are its identity sources (PW37): two of that colour given up for the rest of the battle (its
        pool's room for them, and what is in it beyond), else the creature is sacrificed; a creature alone has
        ``lone_count`` lands (PW44)."""
        if not mage.is_mage:
            if self.settings.lone_count < count:
                self._remove(creature, "sacrificed")
            return
        if mage.identity.count(colour) < count:
            self._remove(creature, "sacrificed")
            return
        identity = list(mage.identity)
        for _ in range(count):
            identity.remove(colour)
        mage.identity = tuple(identity)
        mage.colors = tuple(c for c in COLORS if c in identity)
        mage.capacity[colour] = max(0, mage.capacity.get(colour, 0) - count)
        mage.mana[colour] = min(mage.mana.get(colour, 0), mage.capacity[colour])
        self.rng.log.record("lands", f"{mage.label} sacrifices {count} of its {colour} sources",
                            section=SECTION_CASTING, data={"id": mage.id, "colour": colour, "count": count})

    def _polymorph(self, creature: Combatant) -> None:
        """Polymorph (PW58): "Destroy target creature. It can't be regenerated. Its controller reveals cards from
        the top of their library until they reveal a creature card. The player puts that card onto the
        battlefield and shuffles the rest into their library." A creature alone has no library."""
        owner = self.fighters.get(creature.controller or "")
        self._destroy(creature, True)
        if owner is None or not owner.active or not owner.is_mage:
            return
        found = next((i for i, n in enumerate(owner.library) if card_of(n).is_creature), None)
        if found is None:
            self.rng.shuffle(owner.library, f"{owner.label}'s Library", section=SECTION_CASTING)
            return
        name = owner.library.pop(found)
        self.rng.shuffle(owner.library, f"{owner.label}'s Library", section=SECTION_CASTING)
        self._summon(owner, name)

    def _enemy_colour(self, mage: Combatant) -> str:
        """Fellwar Stone's "a color that a land an opponent controls could produce" (PW52): a colour of an enemy
        mage's identity (its lands, PW37), the one with the most room in ``mage``'s pool (W U B R G order on a
        tie); "" with no enemy mage."""
        colours = {c for f in self.fighters.values() if f.is_mage and f.active and f.side != mage.side
                   for c in f.identity if c in COLORS}
        room = {c: mage.capacity.get(c, 0) - mage.mana.get(c, 0) for c in COLORS if c in colours}
        return max(room, key=lambda c: (room[c], -COLORS.index(c))) if room else ""

    def _coin_clash(self, caster: Combatant, opponent: Combatant, colors: tuple[str, ...]) -> None:
        """Mana Clash (PW52): "You and that player each flip a coin. Mana Clash deals 1 damage to each player
        whose coin comes up tails. Repeat this process until both players' coins come up heads on the same
        flip." A coin is a d2 (1: heads)."""
        for _ in range(1000):  # ends with probability 1; bounded so a script cannot loop for ever
            coins = [(mage, self.rng.roll(2, f"{mage.label}'s coin (1: heads)", section=SECTION_CASTING))
                     for mage in (caster, opponent)]
            for mage, coin in coins:
                if coin == 2 and mage.active:
                    self._damage(mage, 1, colors)
            if all(coin == 1 for _, coin in coins) or not (caster.active and opponent.active):
                return

    @staticmethod
    def _any_colour(mage: Combatant) -> str:
        """"one mana of any color": the colour of the controller's identity with the most room in its pool
        (first in W U B R G order on a tie; colorless without a coloured identity)."""
        room = {c: mage.capacity.get(c, 0) - mage.mana.get(c, 0) for c in COLORS if mage.capacity.get(c, 0)}
        return max(room, key=lambda c: (room[c], -COLORS.index(c))) if room else "C"

    def _damage(self, target: Combatant, amount: int, colors: tuple[str, ...] = ()) -> int:
        """Damage to one combatant (doubled, absorbed, prevented, warded as the cards say); the Life it lost."""
        amount *= self.pervasive.damage_factor()  # Furnace of Rath (PW53)
        if ABSORB in target.keywords and amount:
            amount -= 1
        amount = warded(target, colors, reverse(target, amount, self.rng), self.rng)  # Reverse Damage, Circles
        before = target.life
        lose_life(target, amount, self.rng, self.settings)
        self._after_damage(target)
        self._divert(target)  # Zealous Inquisitor (PW77)
        if target.life < before and not target.is_mage:
            self.pervasive.pitted(target)  # Death Pits of Rath (PW53)
        return max(0, before - target.life)

    def _destroy(self, target: Combatant, no_regenerate: bool) -> None:
        """Destroyed, unless regenerated (a shield, or PW10's keyword; "can't be regenerated" stops both)."""
        if not no_regenerate and regenerate(target, self.rng):
            return
        target.out = "dead"
        self.rng.log.record("out", f"{target.label} is destroyed", section=SECTION_CASTING,
                            data={"id": target.id, "out": "dead"})
        self._after_damage(target)

    def _remove(self, creature: Combatant, how: str) -> None:
        """A creature leaves the battle (returned to its owner's hand, or sacrificed)."""
        owner = self.fighters.get(creature.controller or "")
        if owner is not None:
            owner.give_up(creature.id)
        creature.out = how
        creature.control = []
        self._drop_auras_on(creature.id)
        self.rng.log.record("out", f"{creature.label} is {how}", section=SECTION_CASTING,
                            data={"id": creature.id, "out": how})

    def _upkeep_triggers(self) -> None:
        """"At the beginning of each upkeep" (Verdant Force): at every mage's Upkeep (PW38)."""
        for fighter in list(self.fighters.values()):
            if fighter.active:
                for name in triggers(fighter.card, "upkeep"):
                    self._make_token(fighter, name)
        self.pervasive.kept_upkeep(self.actor())  # kept permanents refreshed; their triggers (PW43, PW45)

    def _make_token(self, maker: Combatant, name: str) -> None:
        """A creature token for the maker's controller (not a pervasive effect: "Tokens do not count as
        permanent effects"), at the maker's ranges; made by a creature acting alone, it acts alone too and
        takes its turn right after its maker's (PW38)."""
        spec = token(name)
        tid = f"t{self.next_token}"
        self.next_token += 1
        owner = self.fighters.get(maker.controller or "")
        if owner is not None and not owner.active:
            return
        made = Combatant(tid, f"{spec.name} token", maker.side, "creature", spec.power, spec.toughness, spec.power,
                         spec.toughness, 2 * spec.toughness, 2 * spec.toughness, self.settings.creature_speed,
                         spec.keywords, spec.colors, controller=owner.id if owner else None,
                         sick=owner is not None and HASTE not in spec.keywords)
        self.fighters[tid] = made
        for enemy in self.enemies(tid):
            self.ranges[pair(tid, enemy.id)] = self.ranges.get(pair(maker.id, enemy.id), self.settings.start_range)
        if owner is not None:
            owner.tokens.append(tid)
        else:
            place = self.order.index(maker.id) + 1
            self.order.insert(place, tid)
            if place <= self.turn:
                self.turn += 1
        self.rng.log.record("token", f"{maker.label} makes {made.label}", section="Character Stats",
                            data={"id": tid, "maker": maker.id, "controller": made.controller})
        self._another_entered(made)

    # -- lords (ruling PW41) ------------------------------------------------------------------------
    def _find_lords(self) -> bool:
        """Whether any combatant or kept enchantment is a lord, or any bonus is still given (a new or loaded
        battle)."""
        return any(lord_of(f.card) is not None or count_of(f.card) is not None or f.lorded or f.lorded_keywords
                   or "sacrificed alone" in statics(f.card)
                   or any(lord_of(n) is not None for n in f.permanents) for f in self.fighters.values())

    def _refresh_lords(self) -> None:
        """Static bonuses follow who is in the battle now: "Other Goblin creatures get +1/+1" (Goblin King,
        Elvish Champion, Lord of the Undead, Blessed Orator) and Kird Ape's "+1/+2 as long as you control a
        Forest" (its controller's identity has Green, PW37).  The bonus is part of the base Power and
        Toughness (the dice), not Life; what a lord gave is taken back when it leaves."""
        if not self.lordly:
            return
        self.pervasive.alone_sacrificed()  # Emperor Crocodile (PW55)
        fighters = self.fighters.values()
        lords = [(f, lord) for f in fighters if f.active and (lord := lord_of(f.card)) is not None]
        # a mage's enchantments that are lords (Glorious Anthem: "creatures you control get +1/+1")
        lords += [(f, lord) for f in fighters if f.active and f.is_mage for name in f.permanents
                  if (lord := lord_of(name)) is not None]
        counted = any(f.active and count_of(f.card) is not None for f in fighters)
        if not lords and not counted and not any(f.lorded for f in fighters):
            return
        for fighter in list(fighters):
            if fighter.is_mage:
                continue
            power = toughness = 0
            keywords: list[str] = []
            count = count_of(fighter.card) if counted and fighter.active else None
            if count is not None:  # a */* creature's count is its own Power and/or Toughness (PW44)
                n = self.pervasive.counted(fighter)
                power, toughness = n if count.power else 0, n if count.toughness else 0
            if fighter.active:
                for source, lord in lords:
                    times = self._lorded_times(fighter, source, lord)
                    if times is not None:
                        power, toughness = power + lord.power * times, toughness + lord.toughness * times
                        if lord.keyword:
                            keywords.append(lord.keyword)
                        keywords.extend(lord.keywords)
            before = fighter.lorded or [0, 0]
            gain_p, gain_t = power - before[0], toughness - before[1]
            if gain_p or gain_t:
                fighter.base_power += gain_p
                fighter.base_toughness += gain_t
                fighter.power = max(0, fighter.power + gain_p)
                fighter.toughness = max(0, fighter.toughness + gain_t)
            fighter.lorded = [power, toughness] if power or toughness else []
            stale = [k for k in fighter.lorded_keywords if k not in keywords]
            if stale:
                fighter.keywords = tuple(k for k in fighter.keywords if k not in stale)
            fresh = [k for k in dict.fromkeys(keywords) if k not in fighter.keywords]
            if fresh:
                fighter.keywords = (*fighter.keywords, *fresh)
            fighter.lorded_keywords = [k for k in fighter.lorded_keywords if k not in stale] + fresh
            if count is not None and count.toughness:
                self._counted_life(fighter)

    def _lorded_times(self, fighter: Combatant, source: Combatant, lord: Lord) -> int | None:
        """How many times ``source``'s ``lord`` bonus applies to ``fighter`` now (None: it does not apply)."""
        fighters = self.fighters.values()
        times = 1
        if lord.enchanted:  # Thran Golem: "as long as it is enchanted" (PW76)
            applies = source is fighter and any(a[1] == fighter.id for m in fighters for a in m.auras)
        elif lord.colour:
            owner = self.fighters.get(source.controller or "")
            applies = source is fighter and owner is not None and lord.colour in owner.identity
        else:
            applies = source is not fighter and (not lord.subtype or lord.subtype in subtypes(
                fighter.card)) and (not lord.yours or source.side == fighter.side)
            if lord.shared:  # Coat of Arms: per other creature sharing a creature type (PW49)
                kinds = set(subtypes(fighter.card))
                times = sum(1 for f in fighters if f is not fighter and f.active and not f.is_mage
                            and kinds & set(subtypes(f.card)))
        return times if applies else None

    def _counted_life(self, creature: Combatant) -> None:
        """A */* creature's Life is twice the Toughness it counted when it entered (PW35, PW44); one whose
        Toughness count is 0 dies, as in Magic (a reduction in locked combat is not its count)."""
        if creature.base_life == 0 and creature.base_toughness > 0:
            creature.base_life = creature.life = 2 * creature.base_toughness
        if creature.base_toughness <= 0:
            creature.out = "dead"
            self.rng.log.record("out", f"{creature.label} dies (its Toughness counts 0)", section=SECTION_CASTING,
                                data={"id": creature.id, "out": "dead"})
            self._after_damage(creature)

    # -- control and Auras (ruling PW39) -----------------------------------------------------------
    def _take_control(self, creature: Combatant, mage: Combatant, until: str) -> None:
        """"Gain control of target creature": it fights for ``mage`` -- on its side, commanded by it, at its
        ranges, summoning sick unless it has Haste -- until the end of the turn (``"turn"``, Threaten) or
        while the Aura is kept (``"aura"``, Confiscate).  Player characters are immune (Combat Mechanics 7)."""
        old = self.fighters.get(creature.controller or "")
        if not creature.control:  # taken twice: it still goes back to whose it first was
            listed = "" if old is None else ("tokens" if creature.id in old.tokens else "creatures")
            creature.control = [creature.side, creature.controller or "", until, listed]
        else:
            creature.control = [*creature.control[:2], until, *creature.control[3:]]
        if old is not None:
            old.give_up(creature.id)
        creature.side, creature.controller = mage.side, mage.id
        mage.stolen.append(creature.id)
        creature.sick = HASTE not in creature.keywords
        self._stand_with(creature, mage)
        self.rng.log.record("control", f"{mage.label} gains control of {creature.label}", section=SECTION_CASTING,
                            data={"id": creature.id, "controller": mage.id, "until": until})

    def _give_back(self, creature: Combatant) -> None:
        """A stolen creature returns to whose it was (an independent creature to its own turns); a mage who
        has left the battle meanwhile cannot take it back: it is unsummoned."""
        side, controller, _until, listed = creature.control
        creature.control = []
        thief = self.fighters.get(creature.controller or "")
        if thief is not None:
            thief.give_up(creature.id)
        owner = self.fighters.get(controller)
        creature.side, creature.controller = side, controller or None
        if owner is not None and not owner.active:
            creature.out = "unsummoned"
        elif owner is not None:
            (owner.tokens if listed == "tokens" else owner.creatures).append(creature.id)
            self._stand_with(creature, owner)
        else:
            for enemy in self.enemies(creature.id):
                self.ranges.setdefault(pair(creature.id, enemy.id), self.settings.start_range)
        self.rng.log.record("control", f"{creature.label} returns to its side", section=SECTION_CASTING,
                            data={"id": creature.id, "controller": controller, "out": creature.out})

    def _stand_with(self, creature: Combatant, mage: Combatant) -> None:
        """A creature whose control changed stands where its controller does: its range with each enemy is
        the controller's (as a summoned creature's, PW7)."""
        for enemy in self.enemies(creature.id):
            self.ranges[pair(creature.id, enemy.id)] = self.ranges.get(pair(mage.id, enemy.id),
                                                                       self.settings.start_range)

    def _grant(self, fighter: Combatant, keyword: str, *, until_end_of_turn: bool) -> bool:
        """A keyword given (Angelic Blessing's flying, Threaten's haste); False when it had it already."""
        if keyword in fighter.keywords:
            return False
        fighter.keywords = (*fighter.keywords, keyword)
        if until_end_of_turn:
            fighter.granted.append(keyword)
        if keyword == HASTE:
            fighter.sick = False
        return True

    def _attach(self, mage: Combatant, name: str, target_id: str, *, kept: bool = False) -> None:
        """An Aura resolves onto its target (PW39): a pervasive effect of its caster, whose effects last while
        it is kept; a target gone meanwhile sends it to the graveyard."""
        target = self.fighters.get(target_id)
        if target is None or not target.active:
            if not kept:
                mage.graveyard.append(name)
            return
        if not kept:  # an Equipment being equipped is kept already (PW50)
            mage.permanents.append(name)
        added: list[str] = []
        for effect in aura_effects(name)[1]:
            if effect.kind == "pump":
                times = mage.identity.count(effect.per_land) if effect.per_land else 1  # its Forests (PW48)
                target.base_power += effect.power * times
                target.base_toughness += effect.toughness * times
                target.power = max(0, target.power + effect.power * times)
                target.toughness = max(0, target.toughness + effect.toughness * times)
            elif effect.kind == "grant" and self._grant(target, effect.keyword, until_end_of_turn=False):
                added.append(effect.keyword)
            elif effect.kind == "gain control" and not target.is_mage and target.controller != mage.id:
                self._take_control(target, mage, "aura")
        mage.auras.append([name, target_id, *added])
        self.rng.log.record("aura", f"{name} enchants {target.label}", section=SECTION_CASTING,
                            data={"card": name, "target": target_id, "caster": mage.id})

    def _detach(self, mage: Combatant, name: str, entry: list[str] | None = None) -> None:
        """An Aura leaves (released, destroyed, or its creature gone): its effects end."""
        chosen = next((c for c in mage.chosen if c[0] == name), None)
        if chosen is not None and entry is None:  # the oldest kept one goes first (list.remove)
            mage.chosen.remove(chosen)
        entry = entry or next((a for a in mage.auras if a[0] == name), None)
        if entry is None:
            return
        mage.auras.remove(entry)
        target = self.fighters[entry[1]]
        for effect in aura_effects(name)[1]:
            if effect.kind == "pump":
                times = mage.identity.count(effect.per_land) if effect.per_land else 1
                target.base_power -= effect.power * times
                target.base_toughness -= effect.toughness * times
                target.power = max(0, target.power - effect.power * times)
                target.toughness = max(0, target.toughness - effect.toughness * times)
            elif effect.kind == "gain control" and target.control and target.control[2] == "aura" and \
                    target.active:
                self._give_back(target)
        target.keywords = tuple(k for k in target.keywords if k not in entry[2:])

    def _drop_auras_on(self, fid: str) -> None:
        """"Enchant creature": the Auras on a combatant that left the battle go to their mages' graveyards."""
        for mage in self.fighters.values():
            for entry in [a for a in mage.auras if a[1] == fid]:
                if not is_equipment(entry[0]):  # an Equipment stays, unattached (PW50)
                    mage.permanents.remove(entry[0])
                    mage.graveyard.append(entry[0])
                self._detach(mage, entry[0], entry)

    def _another_entered(self, creature: Combatant) -> None:
        """"Whenever another creature enters the battlefield, you gain 1 life" (Soul Warden, PW41): for
        the watcher's controller (a creature alone: itself)."""
        if not self.watchers:
            return
        for watcher in list(self.fighters.values()):
            effects = on_trigger(watcher.card, "another enters")
            if effects and watcher.active and watcher is not creature:
                owner = self.fighters.get(watcher.controller or "", watcher)
                self._resolve(watcher, owner, effects, "", 0, f"{watcher.label} seeing {creature.label}")

    def _summon(self, caster: Combatant, name: str, target_id: str = "") -> None:
        cid = f"s{self.next_summon}"
        self.next_summon += 1
        creature = creature_from_card(cid, name, caster.side, controller=caster.id, sick=True,
                                      regenerations=self.settings.regenerate_per_battle)
        self.fighters[cid] = creature
        self.lordly = self.lordly or lord_of(creature.card) is not None or count_of(creature.card) is not None \
            or "sacrificed alone" in statics(creature.card)
        self.watchers = self.watchers or bool(on_trigger(creature.card, "another enters"))
        caster.creatures.append(cid)
        for enemy in self.enemies(cid):
            start = self.ranges.get(pair(caster.id, enemy.id), self.settings.start_range)
            self.ranges[pair(cid, enemy.id)] = start
        self.rng.log.record("summon", f"{caster.label} summons {creature.label}", section=SECTION_CASTING,
                            data={"id": cid, "controller": caster.id, "sick": creature.sick})
        self._another_entered(creature)
        entering = on_entering(creature.name)
        if entering:
            # a targeted "enters" trigger hits the target chosen when the creature was cast (PW40)
            self._resolve(creature, caster, entering, target_id, 0, f"{creature.label} entering")


#: What each kind of effect does (``Effect.kind`` in data/card_effects.toml); a kind not here does nothing.
RESOLVERS: dict[str, Callable[[Resolution, Effect, int, Aim], None]] = {
    "damage": Resolution._effect_damage,
    "damage each": Resolution._effect_damage_each,
    "gain life": Resolution._effect_gain_life,
    "lose life": Resolution._effect_lose_life,
    "draw": Resolution._effect_draw,
    "destroy": Resolution._effect_destroy,
    "destroy all": Resolution._effect_destroy_all,
    "pump": Resolution._effect_pump,
    "tap": Resolution._effect_pump,
    "untap": Resolution._effect_pump,
    "prevent": Resolution._effect_pump,
    "regenerate": Resolution._effect_pump,
    "pump team": Resolution._effect_pump_team,
    "destroy permanent": Resolution._effect_destroy_permanent,
    "destroy permanents": Resolution._effect_destroy_permanents,
    "discard": Resolution._effect_discard,
    "bounce": Resolution._effect_bounce,
    "bounce all": Resolution._effect_bounce_all,
    "drain": Resolution._effect_drain,
    "fight": Resolution._effect_fight,
    "sacrifice": Resolution._effect_sacrifice,
    "discard all": Resolution._effect_discard_all,
    "regrow": Resolution._effect_regrow,
    "pump each": Resolution._effect_pump_each,
    "redirect": Resolution._effect_redirect,
    "life becomes": Resolution._effect_life_becomes,
    "life becomes creatures": Resolution._effect_life_becomes_creatures,
    "copy": Resolution._effect_copy,
    "lose life as damaged": Resolution._effect_lose_life_as_damaged,
    "polymorph": Resolution._effect_polymorph,
    "discard colour": Resolution._effect_discard_colour,
    "put creature": Resolution._effect_put_creature,
    "extra combat": Resolution._effect_extra_combat,
    "look": Resolution._effect_look,
    "sacrifice lands": Resolution._effect_sacrifice_lands,
    "skip combat": Resolution._effect_skip_combat,
    "exhaust": Resolution._effect_exhaust,
    "tap all": Resolution._effect_tap_all,
    "gain control": Resolution._effect_gain_control,
    "grant": Resolution._effect_grant,
    "mana": Resolution._effect_mana,
    "grant all": Resolution._effect_grant_all,
    "coin clash": Resolution._effect_coin_clash,
}
