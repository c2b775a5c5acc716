"""What spells and abilities do when they resolve (seed 001, "Combat Mechanics" 5 "Casting" and
"Commanding", 7; rulings PW16, PW35-PW38).

:class:`Resolution` is the part of :class:`~magecraft.planeswalker.combat.Battle` that carries out
effects read from ``data/card_effects.toml`` (or the MtG RPG's shared quick-duel effects), one function per
kind of effect (:data:`RESOLVERS`): damage, pumps, taps, bounces, destruction, prevention, regeneration
shields, mana, tokens and summoned creatures.  What a family of effects does at length is in its own rule
module, which takes the battle as a :class:`~magecraft.planeswalker.resolver.Resolver`: creatures entering
(:mod:`.entering`), control and Auras (:mod:`.control`), single cards (:mod:`.card_rulings`); the static
bonuses of lords are :mod:`.lords`.  It holds the kept permanents' abilities and triggers it consults,
:class:`~magecraft.planeswalker.pervasive.PervasiveEffects` (composed, given the battle when the battle is
built), rather than inheriting them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.card_rulings import (
    any_colour,
    coin_clash,
    enemy_colour,
    look,
    persecute,
    polymorph,
    put_creature,
    sacrifice_lands,
    threat_colour,
    unusable,
)
from magecraft.planeswalker.combatants import (
    ABSORB,
    HASTE,
    SKIPS_COMBAT,
    SKIPS_UNTAP,
    Combatant,
)
from magecraft.planeswalker.control import attach, detach, drop_auras_on, take_control
from magecraft.planeswalker.decisions import ability_x
from magecraft.planeswalker.effects import (
    Ability,
    Effect,
    abilities,
    lord_of,
    ward_of,
)
from magecraft.planeswalker.entering import summon
from magecraft.planeswalker.field import Field
from magecraft.planeswalker.locked import lose_life, regenerate
from magecraft.planeswalker.locked import settle as regenerate_or_fall
from magecraft.planeswalker.mana import pay
from magecraft.planeswalker.pervasive import PervasiveEffects, reverse, warded
from magecraft.planeswalker.resolver import SECTION_CASTING
from magecraft.planeswalker.settings import Settings
from magecraft.planeswalker.spells import hits, permanent_is, spell_colors


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

    # an Aura attached or detached by the pervasive effects (an Equipment's equip, PW50): the rule itself,
    # as a method of the battle, with no call in between
    _attach = attach
    _detach = detach

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
            summon(self, caster, spell.name, target_id)
            return
        if spell.kind == "permanent":
            if spell.target:
                attach(self, caster, spell.name, target_id)
            else:
                caster.permanents.append(spell.name)
                self.lordly = self.lordly or lord_of(spell.name) is not None
                ward = ward_of(spell.name)
                if ward is not None and ward.colour == "chosen":  # Story Circle (PW69)
                    caster.chosen.append([spell.name, threat_colour(self, caster)])
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
                               if effect.at_random else unusable(who) if effect.unusable else -1)
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
        polymorph(self, aimed)

    def _effect_discard_colour(self, effect: Effect, amount: int, at: Aim) -> None:
        aimed = at.aimed
        if aimed is None or not aimed.is_mage:
            return
        persecute(self, aimed)

    def _effect_put_creature(self, effect: Effect, amount: int, at: Aim) -> None:
        # Elvish Piper; Hunted Wumpus's "each other player" (PW70)
        controller = at.controller
        putting = [m for m in self.fighters.values() if m.is_mage and m.active and m is not controller]
        for mage in putting if effect.players else [controller]:
            put_creature(self, mage)

    def _effect_extra_combat(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        if not controller.is_mage:
            return
        self.pervasive.extra_combat(controller)

    def _effect_look(self, effect: Effect, amount: int, at: Aim) -> None:
        controller = at.controller
        if not controller.is_mage:
            return
        look(self, controller, amount)

    def _effect_sacrifice_lands(self, effect: Effect, amount: int, at: Aim) -> None:
        source, controller = at.source, at.controller
        sacrifice_lands(self, source, controller, effect.colour, amount)

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
            take_control(self, aimed, controller, "turn")

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
            symbol = any_colour(controller) if symbol == "*" else (
                enemy_colour(self, controller) if symbol == "O" else symbol)
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
        coin_clash(self, controller, aimed, hue)

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
        drop_auras_on(self, creature.id)
        self.rng.log.record("out", f"{creature.label} is {how}", section=SECTION_CASTING,
                            data={"id": creature.id, "out": how})

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
