"""A Planeswalker battle as a :class:`~magecraft.core.state.GameState` (seed 001, "Combat Mechanics").

Every opposing pair of combatants is at ranged or close range ("Combat Mechanics" 3);
locked combat lasts only while an engagement is fought.  Turns follow Speed, ties broken
by opposed rolls, set for the battle (4).  A mage's turn runs the Channelling, Upkeep,
Main and End phases (5); an independent creature has only a Main phase (ruling PW11);
summoned creatures act when their controller commands them.  Spells and commands may be
answered by other mages that win or tie an opposed Speed roll (5, 6).

:class:`Battle` holds the state and composes the rule modules (and alone imports them): each kind of
decision is carried out by its function in :mod:`.phases` (the phases' actions), :mod:`.responses` (answers)
or :mod:`.engaging` (locked combat), by :data:`PERFORMERS`; what effects do is
:class:`~magecraft.planeswalker.resolution.Resolution`'s.

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.planeswalker.character import Character
>>> hero = Character.create("Kiora", identity=("G", "R", "R"), increases={"power": 2, "speed": 2,
...                         "mastery": 1, "toughness": 2}, library=("Shock", "Grizzly Bears"),
...                         memorized=("Shock",))
>>> battle = Battle.start(hero, ["Grizzly Bears", "Goblin Piker"], Randomness.scripted([3, 5]))
>>> battle.current_player(), battle.decision_kind()
('you', Step.CHANNELLING)
>>> battle.order
['you', 'c2', 'c1']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Self

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.randomness import AskDie, Randomness
from magecraft.core.settings import dataclass_from_dict
from magecraft.core.state import GameState
from magecraft.planeswalker import actions, card_rulings, control, engaging, entering, phases, responses
from magecraft.planeswalker.actions import MECHANICS, Action, Step, action_words, read_words
from magecraft.planeswalker.book import EMPTY, SpellBook, in_book, using
from magecraft.planeswalker.chances import chance_of
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.combatants import (
    Combatant,
    creature_from_card,
    mage_from_character,
    pair,
)
from magecraft.planeswalker.control import detach, drop_auras_on, give_back
from magecraft.planeswalker.decisions import commandable, compute_legal, refusal
from magecraft.planeswalker.effects import on_trigger, spell_book, triggers
from magecraft.planeswalker.entering import make_token
from magecraft.planeswalker.locked import lose_life
from magecraft.planeswalker.lords import find_lords, refresh_lords
from magecraft.planeswalker.mana import total
from magecraft.planeswalker.pervasive import PervasiveEffects
from magecraft.planeswalker.resolution import Resolution
from magecraft.planeswalker.responses import open_window
from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings
from magecraft.planeswalker.spells import profile

if TYPE_CHECKING:
    from magecraft.core.odds import Chance
    from magecraft.planeswalker.effects import Effect
    from magecraft.planeswalker.spells import SpellProfile

PARTY, FOES = "party", "foes"
YOU = "you"


def member_id(number: int) -> str:
    """The id of the party's ``number``-th character in a battle: ``you`` for the first, then ``p2``, ``p3`` ..."""
    return YOU if number == 1 else f"p{number}"


def creature_id(number: int) -> str:
    """The id of the ``number``-th creature lined up against the party: ``c1``, ``c2`` ..."""
    return f"c{number}"


#: The steps of a turn (and "over"), as saved.
PHASES = frozenset(step.value for step in Step)


class Battle(Resolution, GameState[Action]):
    """One battle: a player character (and summons) against creatures and perhaps an enemy mage."""

    system = "planeswalker"

    def __init__(self, fighters: Mapping[str, Combatant], rng: Randomness,
                 settings: Settings = DEFAULT_SETTINGS, book: SpellBook = EMPTY) -> None:
        #: the spells the battle's position defined beyond the Ninth Edition pool (issue 22)
        self.book = book
        self.fighters: dict[str, Combatant] = dict(fighters)
        self.pervasive = PervasiveEffects(self)
        self.rng = rng
        self.settings = settings
        self.ranges: dict[tuple[str, str], str] = {}
        self.order: list[str] = []
        self.round = 1
        self.turn = 0
        self.phase = Step.START
        self.actions_left = 0
        self.moved = False
        self.engaged = False
        self.acted = False
        self.casts = 0
        #: the pervasive effects the actor sustains this turn, counted at its Upkeep (Casting: "Focus score
        #: minus his sustained pervasive effects"; a permanent cast this turn is a cast, not one of these)
        self.sustained = 0
        self.commanded: list[str] = []
        self.command_used = False
        self.delayed: list[str] = []
        self.pending: dict[str, Any] | None = None
        self.intercept: dict[str, str] | None = None
        self.trample: str | None = None
        self.resume = Step.MAIN
        self.next_summon = 1
        self.next_token = 1
        #: creatures died this turn whose "dies" triggers make tokens at its end (PW38)
        self.dying: list[str] = []
        with using(book):
            self.lordly = find_lords(self)
            self.watchers = any(on_trigger(f.card, "another enters") for f in self.fighters.values())
        self.outcome: dict[str, Any] | None = None
        self._legal: list[Action] | None = None

    # -- setting up --------------------------------------------------------------------------
    @classmethod
    def start(cls, hero: Character, creatures: Sequence[str], rng: Randomness, *,
              enemy_mage: Character | None = None, settings: Settings = DEFAULT_SETTINGS,
              ranges: Mapping[str, str] | None = None, party: Sequence[Character] = ()) -> Battle:
        """Line up the battle: ``you`` (and the ``party``'s other characters ``p2``, ``p3`` ...) against
        creatures ``c1``, ``c2`` ... and an enemy mage ``mage``.

        ``ranges`` gives an enemy's starting range with every player character ("ranged" or "close";
        default the ``start_range`` setting).  Turn order is rolled at once, over all of them (PW32).
        """
        regen = settings.regenerate_per_battle
        heroes = (hero, *party)
        names = [h.name.casefold() for h in heroes]
        if len(set(names)) != len(names):
            raise InputError("a party holds each character once")
        fighters = {member_id(number): mage_from_character(member_id(number), member, PARTY, regenerations=regen)
                    for number, member in enumerate(heroes, start=1)}
        if enemy_mage is not None:
            fighters["mage"] = mage_from_character("mage", enemy_mage, FOES, regenerations=regen)
        for number, name in enumerate(creatures, start=1):
            creature = creature_from_card(creature_id(number), name, FOES, regenerations=regen)
            creature.speed = settings.creature_speed
            fighters[creature.id] = creature
        if len(fighters) < len(heroes) + 1:
            raise DataError("a battle needs at least one opponent")
        battle = cls(fighters, rng, settings)
        members = [fid for fid, fighter in fighters.items() if fighter.side == PARTY]
        for fid, fighter in fighters.items():
            if fighter.side == FOES:
                chosen = (ranges or {}).get(fid, settings.start_range)
                if chosen not in ("ranged", "close"):
                    raise DataError(f"{fid} starts at ranged or close range, not {chosen!r}")
                for member in members:
                    battle.ranges[pair(member, fid)] = chosen
        refresh_lords(battle)
        battle.order = battle.roll_turn_order()
        rng.log.record("battle", "the battle begins", section=MECHANICS,
                       data={"order": list(battle.order), "fighters": sorted(fighters)})
        battle._begin_turn()
        return battle

    def roll_turn_order(self) -> list[str]:
        """"the character with the highest Speed acting first. In the event of a tie, roll opposing
        dice" (ruling PW5: one d6 each, tied again rolls again).  Summoned creatures take no turns."""
        takers = [f for f in self.fighters.values() if f.controller is None]
        by_speed: dict[int, list[str]] = {}
        for fighter in takers:
            by_speed.setdefault(fighter.speed, []).append(fighter.id)
        order: list[str] = []
        for speed in sorted(by_speed, reverse=True):
            order.extend(self._break_ties(by_speed[speed]))
        return order

    def _break_ties(self, ids: list[str]) -> list[str]:
        if len(ids) == 1:
            return ids
        rolls: dict[int, list[str]] = {}
        for fid in ids:
            value = self.rng.roll(6, f"{self.fighters[fid].label}'s turn order roll", section=MECHANICS)
            rolls.setdefault(value, []).append(fid)
        order: list[str] = []
        for value in sorted(rolls, reverse=True):
            order.extend(self._break_ties(rolls[value]))
        return order

    # -- who is where ------------------------------------------------------------------------
    def range_between(self, a: str, b: str) -> str:
        """"ranged" or "close" between two opponents ("" for allies)."""
        return self.ranges.get(pair(a, b), "")

    def enemies(self, fid: str) -> list[Combatant]:
        side = self.fighters[fid].side
        return [f for f in self.fighters.values() if f.active and f.side != side]

    def in_close_combat(self, fid: str) -> bool:
        return any(self.ranges.get(pair(fid, e.id)) == "close" for e in self.enemies(fid))

    def actor(self) -> Combatant:
        return self.fighters[self.order[self.turn]]

    # -- GameState ---------------------------------------------------------------------------
    def current_player(self) -> str | None:
        if self.phase == Step.OVER:
            return None
        if self.phase == Step.RESPONSE:
            assert self.pending is not None
            return str(self.pending["responders"][0])
        if self.phase == Step.INTERCEPT:
            assert self.intercept is not None
            return self.intercept["target"]
        if self.phase == Step.TRAMPLE:
            assert self.trample is not None
            attacker = self.fighters[self.trample]
            return attacker.controller or attacker.id
        return self.order[self.turn]

    def is_terminal(self) -> bool:
        return self.phase == Step.OVER

    def seats(self) -> tuple[str, ...]:
        """Everyone who decides: the combatants taking turns (``you``, ``p2`` ..., ``c1`` ..., ``mage``) and
        a token made by a creature acting alone, which takes its turn after its maker's (PW38)."""
        return tuple(self.order)

    def decision_kind(self) -> Step:
        return Step(self.phase)

    def action_text(self, action: Action) -> str:
        return action_words(action)

    @in_book
    def parse_action(self, text: str) -> Action:
        """The decision in words (``cast Shock at c1``); a creature may be named by its name or label too
        (``cast Shock at Grizzly Bears``) when that names one combatant."""
        try:
            return super().parse_action(text)
        except RuleError:
            for fighter in self.fighters.values():
                for name in {fighter.label, fighter.name} - {fighter.id}:
                    words = " ".join(text.split())
                    if words.casefold().endswith(" " + name.casefold()):
                        head = words[: -len(name)].rstrip()
                        try:
                            return super().parse_action(f"{head} {fighter.id}")
                        except RuleError:
                            continue
            said = read_words(text)
            if said is None:
                raise
            self.check(said)  # well said but illegal: refused naming the rule it breaks
            return said

    def result(self) -> Mapping[str, Any]:
        fighters = {f.id: {"name": f.name, "side": f.side, "life": f.life, "out": f.out}
                    for f in self.fighters.values()}
        return {"over": self.phase == Step.OVER, "winner": (self.outcome or {}).get("winner"),
                "reason": (self.outcome or {}).get("reason"), "rounds": self.round, "fighters": fighters}

    def legal_actions(self) -> list[Action]:
        """Every decision open now, computed once per decision and reused."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    @in_book
    def _compute_legal(self) -> list[Action]:
        return compute_legal(self)

    @in_book
    def chance_of(self, action: Action) -> Chance | None:
        """The exact chance a pool roll lets ``action`` succeed: an engagement's attack roll beating the
        defender's Toughness roll, an escape or a response winning its opposed Speed roll (seed 001,
        "Combat Mechanics" 3, 5 "Fleeing", 6); None where no roll decides it.  Changes nothing."""
        return chance_of(self, action)

    @in_book
    def apply(self, action: Action) -> None:
        """Check ``action`` and carry it out, in this battle's book once for both (issue 22)."""
        self._check(action)
        self._perform(action)

    @in_book
    def check(self, action: Action) -> None:
        self._check(action)

    def _check(self, action: Action) -> None:
        legal = self.legal_actions()
        # the offered action itself first (a bot's or a parsed choice): found at C speed, no __eq__ calls
        if any(map(is_, legal, repeat(action))) or action in legal:
            return
        raise refusal(self, action)

    @in_book
    def perform(self, action: Action) -> None:
        self._perform(action)

    def _perform(self, action: Action) -> None:
        self._legal = None
        who = self.current_player()
        words = action_words(action)
        self.rng.log.record("action", words, section=MECHANICS, data={"by": who, "action": words})
        PERFORMERS[type(action)](self, action)
        refresh_lords(self)
        self._check_over()

    def invalidate(self) -> None:
        """Forget the cached legal actions after the state was edited by hand (a GM's correction, a test)."""
        self._legal = None

    # -- the referee's hand: a position arranged, or a rule applied out of turn -------------------------
    # Each is a rule of seed 001 carried out at once, as the engine does mid-resolution, on combatants named
    # by id (``"you"``, ``"c1"``, ``"s1"``) or given as themselves.  Whole positions are arranged with
    # :class:`magecraft.planeswalker.position.BattlePosition`; these set one thing on top of it.

    def fighter(self, who: str | Combatant) -> Combatant:
        """The combatant ``who`` names (an id), refused in words when there is none."""
        if isinstance(who, Combatant):
            return who
        found = self.fighters.get(who)
        if found is None:
            raise InputError(f"no combatant {who!r} in this battle (ids: {', '.join(self.fighters)})")
        return found

    @in_book
    def refresh(self) -> None:
        """After a hand edit: static bonuses follow who is in the battle (lords, PW41) and the decisions open
        are worked out again."""
        self.lordly = find_lords(self)
        self.watchers = any(on_trigger(f.card, "another enters") for f in self.fighters.values())
        refresh_lords(self)
        self._legal = None

    @in_book
    def summon(self, mage: str | Combatant, card: str, target: str = "") -> str:
        """A creature spell resolves: the creature enters under ``mage``'s control, summoning sick ("Casting",
        "Summoning Sickness"); ``target`` is its "enters" trigger's.  Returns the creature's id."""
        made = f"s{self.next_summon}"
        entering.summon(self, self.fighter(mage), card, target)
        self._legal = None
        return made

    @in_book
    def resolve_spell(self, caster: str | Combatant, spell: str | SpellProfile, target: str = "",
                      x: int = 0) -> None:
        """``spell`` resolves for ``caster`` at ``target`` unanswered, as if cast and paid for ("Casting")."""
        self._apply_effect(self.fighter(caster), profile(spell) if isinstance(spell, str) else spell, target, x)
        self._legal = None

    @in_book
    def resolve_effects(self, source: str | Combatant, controller: str | Combatant, effects: tuple[Effect, ...],
                        target: str = "", x: int = 0, why: str = "") -> None:
        """An ability's or a trigger's effects resolve (data/card_effects.toml, ruling PW35)."""
        self._resolve(self.fighter(source), self.fighter(controller), effects, target, x, why)
        self._legal = None

    @in_book
    def attach(self, mage: str | Combatant, aura: str, target: str) -> None:
        """``mage``'s Aura (or Equipment) enchants ``target``, a pervasive effect ("Upkeep Phase", PW39)."""
        control.attach(self, self.fighter(mage), aura, target)
        self._legal = None

    @in_book
    def release(self, mage: str | Combatant, creature: str = "", permanent: str = "") -> None:
        """``mage`` stops sustaining a creature or a pervasive effect ("Upkeep Phase")."""
        self._release(self.fighter(mage), creature, permanent)
        self._legal = None

    @in_book
    def engage(self, attacker: str | Combatant, target: str | Combatant) -> None:
        """``attacker`` engages ``target`` ("Engaging"): an interception is offered when one may be made."""
        engaging.engage(self, self.fighter(attacker).id, self.fighter(target).id)
        self._legal = None

    @in_book
    def fight(self, attacker: str | Combatant, defender: str | Combatant) -> None:
        """Locked combat between the two at once, no interception ("Locked Combat")."""
        engaging.fight(self, self.fighter(attacker).id, self.fighter(defender).id)
        self._legal = None

    @in_book
    def deal_damage(self, target: str | Combatant, amount: int, colors: tuple[str, ...] = ()) -> int:
        """``amount`` damage (of a source of ``colors``) to ``target``; returns the damage taken."""
        taken = self._damage(self.fighter(target), amount, colors)
        self._legal = None
        return taken

    @in_book
    def destroy(self, target: str | Combatant, *, no_regenerate: bool = False) -> None:
        """``target`` is destroyed ("Destroy"; a regeneration shield saves it unless ``no_regenerate``)."""
        self._destroy(self.fighter(target), no_regenerate)
        self._legal = None

    @in_book
    def remove(self, creature: str | Combatant, how: str) -> None:
        """``creature`` leaves the battle without dying (``how``: "unsummoned", "exiled" ...)."""
        self._remove(self.fighter(creature), how)
        self._legal = None

    @in_book
    def make_token(self, maker: str | Combatant, name: str) -> None:
        """``maker`` makes a creature token (PW38)."""
        entering.make_token(self, self.fighter(maker), name)
        self._legal = None

    @in_book
    def look(self, mage: str | Combatant, count: int) -> None:
        """``mage`` looks at the next ``count`` Library spells and keeps one (Sleight of Hand, PW65)."""
        card_rulings.look(self, self.fighter(mage), count)
        self._legal = None

    @in_book
    def untaps(self, fighter: str | Combatant) -> bool:
        """Whether ``fighter`` is refreshed at its controller's refresh now (Dehydration, Marble Titan, PW51);
        asking uses up an Exhaustion mark, as the refresh does."""
        return self.pervasive.untaps(self.fighter(fighter))

    @in_book
    def start_turn(self) -> None:
        """The combatant whose turn it is begins it: refreshed, then its Channelling (a mage) or Main phase."""
        self._begin_turn()
        self._legal = None

    @in_book
    def next_turn(self) -> None:
        """The End Phase's clean-up ("end of turn" effects end) and the next combatant's turn, at once."""
        self._next_turn()
        self._legal = None

    def spells_cast(self, fid: str) -> list[str]:
        """Every spell ``fid`` cast in this battle (answers too), in order: read once, after the battle,
        off the log ("A resolved spell becomes null for the rest of the day", ruling PW33)."""
        return [str(e.data["card"]) for e in self.rng.log if e.kind == "cast" and e.data.get("caster") == fid]

    @in_book
    def channel_budget(self, mage: Combatant) -> int:
        """"restore a number of Mana up to his Channeling score ... (If he is in close combat with any
        enemies, this number is reduced by 2.)"."""
        return max(0, mage.channelling - (2 if self.in_close_combat(mage.id) else 0))

    # -- turns -------------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """Skip the fallen; settle a flight; start the Channelling (mages) or Main (creatures) phase."""
        while True:
            if self._check_over():
                return
            if self.turn >= len(self.order):
                self.turn = 0
                self.round += 1
                self.delayed = []
                if self.round > self.settings.max_rounds:
                    self._finish(None, f"undecided after {self.settings.max_rounds} rounds (ruling PW18)")
                    return
            actor = self.actor()
            if not actor.active or actor.controller is not None:  # a creature taken by a mage (PW39)
                self.turn += 1
                continue
            if actor.fleeing and self._settle_flight(actor):
                self.turn += 1
                continue
            break
        actor.tapped = actor.tapped and not self.pervasive.untaps(actor)  # refreshed (its creatures at its Upkeep)
        self.actions_left, self.moved, self.engaged, self.acted, self.casts = actor.speed, False, False, False, 0
        self.sustained = actor.pervasive()
        self.commanded, self.command_used = [], False
        self.phase = Step.CHANNELLING if actor.is_mage else Step.MAIN
        self.rng.log.record("turn", f"{actor.label}'s turn", section=MECHANICS,
                            data={"round": self.round, "actor": actor.id, "phase": self.phase})
        if not actor.is_mage:  # a creature alone: its upkeep trigger at the start of its turn (PW51)
            self.pervasive.creature_upkeep(actor, actor)
            if actor.out is not None:  # its own upkeep damage killed it
                self.turn += 1
                self._begin_turn()

    def _settle_flight(self, actor: Combatant) -> bool:
        """"If the character takes less than 5 damage and is not engaged in combat by his next turn, he
        escape[s]"; otherwise the flight failed and the turn goes on (ruling PW15)."""
        actor.fleeing = False
        escaped = actor.flee_damage < 5 and not actor.flee_engaged
        if escaped:
            actor.out = "escaped"
        self.rng.log.record("flee", f"{actor.label} {'escapes' if escaped else 'fails to escape'}",
                            section="Fleeing", data={"id": actor.id, "damage": actor.flee_damage,
                                                     "engaged": actor.flee_engaged, "escaped": escaped})
        return escaped

    def _end_turn(self) -> None:
        """End Phase: Mana Burn, forgetting down to half Memory, reductions to Power and Toughness end."""
        actor = self.actor()
        if actor.is_mage and actor.active:
            excess = total(actor.mana) - sum(actor.capacity.values())
            if excess > 0:
                self.rng.log.record("mana burn", f"{actor.label} suffers Mana Burn", section="End Phase",
                                    data={"id": actor.id, "damage": excess})
                actor.mana["C"] = max(0, actor.mana.get("C", 0) - excess)
                lose_life(actor, excess, self.rng, self.settings)
                self._after_damage(actor)
            if actor.active and len(actor.memory) > actor.memory_limit():
                self.phase = Step.FORGET
                return
        self._next_turn()

    def _next_turn(self) -> None:
        """End Phase: "Any reduction to any character or creature's Power or Toughness is removed ... Effects
        that end at 'end of turn' end now" (pumps, regeneration shields, prevention); tokens of creatures
        that died this turn appear (PW38)."""
        self.pervasive.end_step()  # Form of the Dragon (PW73)
        for fighter in list(self.fighters.values()):
            ending = on_trigger(fighter.card, "end")
            if ending and fighter.active:  # Viashino Sandstalker: "return it to its owner's hand" (PW41)
                owner = self.fighters.get(fighter.controller or "", fighter)
                self._resolve(fighter, owner, ending, "", 0, f"{fighter.label} at the end of the turn")
        dying, self.dying = self.dying, []
        for fid in dying:
            for name in triggers(self.fighters[fid].card, "dies"):
                make_token(self, self.fighters[fid], name)
        for fighter in list(self.fighters.values()):
            if fighter.control and fighter.control[2] == "turn":
                give_back(self, fighter)  # Threaten's "until end of turn" (PW39)
            if fighter.granted:
                fighter.keywords = tuple(k for k in fighter.keywords if k not in fighter.granted)
                fighter.granted = []
            fighter.power, fighter.toughness = max(0, fighter.base_power), max(0, fighter.base_toughness)
            fighter.shields = fighter.prevent = fighter.damaged = 0
        self.turn += 1
        self._begin_turn()

    def _back(self) -> None:
        """Return to the phase a step (a response window, an interception, a trample) interrupted."""
        if self.phase == Step.OVER:
            return
        actor = self.actor()
        if not actor.active:
            self._next_turn()
            return
        self.phase = self.resume
        if self.phase == Step.COMMANDING and not commandable(self, actor):
            self.phase = Step.MAIN

    def _release(self, mage: Combatant, creature: str, permanent: str) -> None:
        """A creature unsummoned or a pervasive effect ended (an Aura's hold ends with it, PW39); a stolen
        creature released goes back to whose it was (PW39)."""
        if creature:
            if creature in mage.stolen:
                give_back(self, self.fighters[creature])
                return
            mage.give_up(creature)
            if self.fighters[creature].active:
                self.fighters[creature].out = "unsummoned"
            drop_auras_on(self, creature)
        else:
            mage.permanents.remove(permanent)
            mage.graveyard.append(permanent)
            detach(self, mage, permanent)

    def _spend(self) -> None:
        """One of the actor's Main-phase actions is used ("a number of actions equal to his Speed score")."""
        self.actions_left -= 1
        self.acted = True

    # a window for answers, opened by the pervasive effects too (a kept permanent's ability, PW43): the rule
    # itself as a method, with no call in between
    _open_window = open_window

    # -- losing and the end of the battle ----------------------------------------------------------
    def _after_damage(self, fighter: Combatant) -> None:
        """A mage who lost "can no longer focus or channel and loses all spells in memory"; a dead summoned
        creature stops being a pervasive effect."""
        if fighter.active:
            return
        if fighter.is_mage:
            for cid in fighter.controlled():
                self._release(fighter, cid, "")
            for name in list(fighter.permanents):
                self._release(fighter, "", name)
            fighter.memory.clear()
            fighter.mana.clear()
        elif fighter.controller is not None:
            self.fighters[fighter.controller].give_up(fighter.id)
        fighter.control = []
        drop_auras_on(self, fighter.id)
        if fighter.out == "dead" and fighter.id not in self.dying:
            self.dying.append(fighter.id)
            self.pervasive.died(fighter)  # its "dies" triggers, Grave Pact (PW47), Sengir Vampire (PW53)

    def _check_over(self) -> bool:
        if self.phase == Step.OVER:
            return True
        # a stolen creature still counts for its own side: taking the last foe does not win (PW39)
        sides = {f.control[0] if f.control else f.side for f in self.fighters.values() if f.active}
        if len(sides) > 1:
            return False
        winner = next(iter(sides)) if sides else None
        heroes = [f for f in self.fighters.values() if f.side == PARTY and f.controller is None]
        escaped = all(f.out == "escaped" for f in heroes)
        reason = ("you escaped" if len(heroes) == 1 else "the party escaped") if escaped else (
            f"the {winner} are the last standing" if winner else "no one is left standing")
        self._finish(winner, reason)
        return True

    def _finish(self, winner: str | None, reason: str) -> None:
        self.phase = Step.OVER
        self._legal = None
        self.outcome = {"winner": winner, "reason": reason}
        self.rng.log.record("battle over", reason, section=MECHANICS, data={"winner": winner, "round": self.round})

    # -- saving ---------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "settings": self.settings.to_dict(),
            "rng": self.rng.snapshot(),
            "fighters": [f.to_dict() for f in self.fighters.values()],
            "ranges": [[a, b, r] for (a, b), r in self.ranges.items()],
            "order": list(self.order),
            "round": self.round, "turn": self.turn, "phase": self.phase,
            "actions_left": self.actions_left, "moved": self.moved, "engaged": self.engaged,
            "acted": self.acted, "casts": self.casts, "sustained": self.sustained,
            "commanded": list(self.commanded),
            "command_used": self.command_used, "delayed": list(self.delayed),
            "pending": _plain(self.pending), "intercept": _plain(self.intercept), "trample": self.trample,
            "resume": self.resume, "next_summon": self.next_summon, "outcome": _plain(self.outcome),
            "next_token": self.next_token, "dying": list(self.dying),
            "log": self.rng.log.to_list(),
        } | ({"spells": self.book.definitions} if self.book else {})

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        """Rebuild a saved battle; ``ask`` reads real dice when the battle uses physical dice."""
        try:
            settings = dataclass_from_dict(Settings, raw["settings"], "saved battle settings")
            rng = Randomness.restore(raw["rng"], EventLog.from_list(raw["log"]), ask=ask)
            book = spell_book(raw.get("spells", []))
            with using(book):
                battle = cls._rebuilt(raw, rng, settings, book)
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"a saved battle is malformed ({exc})") from None
        if battle.phase not in PHASES or not set(battle.order) <= set(battle.fighters) or not (
                0 <= battle.turn <= len(battle.order)) or YOU not in battle.fighters:
            raise DataError("a saved battle is malformed (its phase, turn order or fighters do not fit together)")
        return battle

    @classmethod
    def _rebuilt(cls, raw: Mapping[str, Any], rng: Randomness, settings: Settings, book: SpellBook) -> Self:
        """The battle of a save, its spell book in use."""
        fighters = [Combatant.from_dict(f) for f in raw["fighters"]]
        battle = cls({f.id: f for f in fighters}, rng, settings, book)
        battle.ranges = {(str(a), str(b)): str(r) for a, b, r in raw["ranges"]}
        battle.order = [str(f) for f in raw["order"]]
        battle.round, battle.turn, battle.phase = int(raw["round"]), int(raw["turn"]), Step(str(raw["phase"]))
        battle.actions_left, battle.moved = int(raw["actions_left"]), bool(raw["moved"])
        battle.engaged, battle.acted = bool(raw["engaged"]), bool(raw["acted"])
        battle.casts = int(raw["casts"])
        # saves from before the count was kept: what the actor holds less this turn's casts
        battle.sustained = int(raw["sustained"]) if "sustained" in raw else max(
            0, battle.actor().pervasive() - battle.casts) if battle.order else 0
        battle.commanded = [str(c) for c in raw["commanded"]]
        battle.command_used = bool(raw["command_used"])
        battle.delayed = [str(d) for d in raw["delayed"]]
        battle.pending = _plain(raw["pending"])
        battle.intercept = _plain(raw["intercept"])
        battle.trample = raw["trample"]
        battle.resume, battle.next_summon = Step(str(raw["resume"])), int(raw["next_summon"])
        # saves from before tokens existed have neither
        battle.next_token = int(raw.get("next_token", 1))
        battle.dying = [str(d) for d in raw.get("dying", [])]
        battle.outcome = _plain(raw["outcome"])
        battle.lordly = find_lords(battle)
        battle.watchers = any(on_trigger(f.card, "another enters") for f in fighters)
        return battle

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` may see: other mages' Memory and Library are counts; the dice's state and the log
        (each seat is shown the events it may see as they happen) stay out."""
        seen = self.to_dict()
        seen.pop("rng")
        seen.pop("log")
        for fighter in seen["fighters"]:
            if fighter["kind"] == "mage" and fighter["id"] != player:
                fighter["memory"] = len(fighter["memory"])
                fighter["library"] = len(fighter["library"])
        return seen



#: What each kind of decision does ("Combat Mechanics" 4-6), by :meth:`Battle.perform`.
PERFORMERS: dict[type[Action], Callable[[Battle, Action], None]] = {
    actions.Channel: phases.do_channel,
    actions.Delay: phases.do_delay,
    actions.Release: phases.do_release,
    actions.Command: phases.do_command,
    actions.OrderMove: phases.do_order_move,
    actions.OrderEngage: phases.do_order_engage,
    actions.Done: phases.do_done,
    actions.Move: phases.do_move,
    actions.Engage: phases.do_engage,
    actions.Cast: phases.do_cast,
    actions.Flee: phases.do_flee,
    actions.End: phases.do_end,
    actions.Respond: responses.do_respond,
    actions.Pass: responses.do_pass,
    actions.Intercept: engaging.do_intercept,
    actions.Allow: engaging.do_allow,
    actions.TrampleEngage: engaging.do_trample_engage,
    actions.TrampleMove: engaging.do_trample_move,
    actions.Forget: phases.do_forget,
    actions.OrderAbility: phases.do_order_ability,
    actions.UseAbility: phases.do_ability,
    actions.Activate: phases.do_activate,
}


def _plain(value: Any) -> Any:
    """A JSON copy (lists for tuples, fresh dicts) so a saved and reloaded battle is equal."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
