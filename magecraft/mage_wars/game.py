"""A game of Mage Wars solo: your mage against the Dummy Mage (seed 003) in the compact arena.

The round follows seed 003 "Gameplay": a Ready stage (initiative, reset, channel, upkeep,
planning, deployment) and an Action stage (first quick cast stage, alternating creature actions,
final quick cast stage).  The Dummy Mage's turns run by themselves (:mod:`magecraft.mage_wars.dummy`);
the game stops whenever you must decide: plan, quick cast, activate a creature, or quick cast after
your mage's action (``after_action``).  The table's choices are :mod:`magecraft.mage_wars.settings`,
your decisions :mod:`magecraft.mage_wars.actions`, listed and judged in
:mod:`magecraft.mage_wars.decisions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Self

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.odds import Chance
from magecraft.core.randomness import AskDie, Randomness
from magecraft.core.state import GameState
from magecraft.mage_wars import decisions, dummy
from magecraft.mage_wars.actions import (
    DUMMY_TURNS,
    KIND_PLAN,
    KIND_QUICK_CAST,
    STAGE_CREATURES,
    STAGE_OVER,
    STAGE_QUICK_CAST_1,
    STAGE_QUICK_CAST_2,
    STAGE_READY,
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
    Stage,
    Step,
    Strike,
    action_data,
    said_with_names,
    words,
)
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.board import Target
from magecraft.mage_wars.cards import (
    Attack,
    Card,
    CardBook,
    DummyDecks,
    Spellbook,
    card_book,
    card_book_with,
    suggested_dummy_decks,
)
from magecraft.mage_wars.combat import (
    cast_spell,
    resolve_attack,
    roll_attack_dice,
    zone_attack_targets,
)
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import (
    DUMMY,
    SEC_ACTION,
    SEC_ARENA,
    SEC_END,
    SEC_READY,
    SEC_SETUP,
    YOU,
    Unit,
    other,
)

#: The Dummy Mage's four decks (seed 003 Setup 2), in the order they are shown.
DECK_KINDS = ("creature", "enchantment", "incantation", "attack")

#: Asked at a trigger in the middle of a turn: should this reveal be made, at this moment (words)?
AnswerTrigger = Callable[["MageWarsGame", Reveal, str], bool]

class MageWarsGame(GameState[Action]):
    """Your mage against the Dummy Mage: the state, and the round that composes the rules of
    :mod:`.decisions`, :mod:`.combat` and :mod:`.dummy` (each takes the game as a :class:`.board.Board`)."""

    system: ClassVar[str] = "mage_wars"

    def __init__(self, rng: Randomness, settings: Settings, units: dict[str, Unit], decks: dict[str, Deck[str]],
                 spellbook: list[str], *, mana: int, round_no: int = 0, stage: str = STAGE_READY,
                 initiative: str = DUMMY, planned: list[str] | None = None, pending: str | None = None,
                 turn: str = "", done: dict[str, bool] | None = None, you_passed: bool = False,
                 quickcast_used: bool = False, mage_next: bool = False, wall_damage: dict[str, int] | None = None,
                 walls: list[Wall] | None = None, kills: dict[str, int] | None = None,
                 winner: str | None = None, end_reason: str = "", next_id: int = 1,
                 cards: CardBook | None = None) -> None:
        self.rng = rng
        #: The cards of this game: the shipped pool and any the game adds (a position's ``cards``), saved with it.
        self.cards = cards or card_book()
        self.settings = settings
        self.units = units
        self.decks = decks
        self.spellbook = spellbook
        self.mana = mana
        self.round = round_no
        self.stage = Stage(stage)
        self.initiative = initiative
        self.planned = planned or []
        #: The decision waited on (None: nobody's, the game runs on or is over).
        self.pending: Step | None = Step(pending) if pending else None
        self.turn = turn
        self.done = done or {YOU: False, DUMMY: False}
        self.you_passed = you_passed
        self.quickcast_used = quickcast_used
        #: Your mage quick cast in its own action phase and must now take its action (ruling A16).
        self.mage_next = mage_next
        self.wall_damage = wall_damage or {}
        self.walls = list(settings.walls) if walls is None else walls
        self.kills = kills or {"by_you": 0, "by_dummy": 0}
        self.winner = winner
        self.end_reason = end_reason
        self.next_id = next_id
        #: The choice the engine's own bot took from the current offer (:meth:`offered`); None: none noted.
        self._vouched: Action | None = None
        #: Who answers reveal offers at triggers (A17): the terminal, the bot, or nobody (no offers).
        #: Not part of the state: the answers are in the log, and offers come only between saves.
        self.answer_trigger: AnswerTrigger | None = None

    # -- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, rng: Randomness, spellbook: Spellbook, settings: Settings | None = None,
            decks: DummyDecks | None = None, *, shuffle: bool = True, start: bool = True,
            cards: CardBook | None = None) -> MageWarsGame:
        """Seed 003 Setup: your book, the Dummy Mage's four shuffled decks, both mages placed.

        The Dummy Mage is a seat: each of its turns is its decision, taken by its rule bot (the registered
        ``dummy-mage``, :mod:`.game_type`), which plays seed 003's rolls.  ``cards``: the game's cards
        (:func:`.cards.card_book_with`), the shipped pool when None."""
        settings = settings or Settings()
        settings.validate()
        book = cards or card_book()
        decks = decks or suggested_dummy_decks()
        mage = book.get(spellbook.mage)
        dummy_card = book.get(settings.dummy_mage)
        if dummy_card.type != "mage":
            raise DataError(f"settings: {settings.dummy_mage!r} is not a mage")
        units = {
            YOU: Unit(YOU, mage.name, YOU, settings.your_zone, mage.life, book=book),
            DUMMY: Unit(DUMMY, dummy_card.name, DUMMY, settings.dummy_zone,
                        settings.dummy_life or dummy_card.life, ready=False, book=book),
        }
        piles = {kind: Deck(list(getattr(decks, kind)), name=f"Dummy Mage {kind}") for kind in DECK_KINDS}
        if shuffle:
            for pile in piles.values():
                pile.shuffle(rng)
        mana = mage.channeling if settings.starting_mana is None else settings.starting_mana
        game = cls(rng, settings, units, piles, list(spellbook.cards), mana=mana, cards=book)
        game.event("setup: the Dummy Mage has initiative", section=SEC_SETUP,
                   data={"you": mage.name, "dummy": dummy_card.name, "dummy_life": units[DUMMY].life})
        if start:
            game.advance()
        return game

    # -- small helpers --------------------------------------------------------------------------
    def event(self, label: str, *, section: str | None = None, data: Mapping[str, Any] | None = None) -> None:
        self.rng.log.record("game", label, section=section, data=data)

    @property
    def you(self) -> Unit:
        return self.units[YOU]

    @property
    def dummy(self) -> Unit:
        return self.units[DUMMY]

    def creatures(self, side: str) -> list[Unit]:
        """A side's creatures in the arena (not its mage)."""
        found = []
        for u in self.units.values():   # a loop: cheaper than a comprehension's frame on a few units
            if u.side == side and not u.is_mage and not u.banished:
                found.append(u)
        return found

    def ready_units(self, side: str) -> list[Unit]:
        """Units of a side with an active action marker (your mage acts as a creature)."""
        return self.ready_sides()[0 if side == YOU else 1]

    def ready_sides(self) -> tuple[list[Unit], list[Unit]]:
        """Your ready units and the Dummy Mage's (the Dummy Mage itself never acts as a creature)."""
        mine: list[Unit] = []
        theirs: list[Unit] = []
        # One pass over the units, the two lists in the order of the units (asked at every turn of the stage).
        for u in self.units.values():
            if u.ready and not u.banished:
                if u.side == YOU:
                    mine.append(u)
                elif u.side == DUMMY and not u.is_mage:
                    theirs.append(u)
        return mine, theirs

    def add_creature(self, card: Card, side: str, zone: str) -> Unit:
        """A new creature with an inactive action marker: it acts from the next Reset."""
        unit = Unit(f"{side[0]}{self.next_id}", card.name, side, zone, card.life, ready=False, fresh=True,
                    book=self.cards)
        self.next_id += 1
        self.units[unit.id] = unit
        return unit

    # -- the one shape (core.state) --------------------------------------------------------------
    def seats(self) -> tuple[str, ...]:
        """You and the Dummy Mage (seed 003), who plays by its own rules (the ``dummy-mage`` bot)."""
        return (YOU, DUMMY)

    def current_player(self) -> str | None:
        """You, or the Dummy Mage when its seat takes its own turn; None when nobody decides."""
        pending = self.pending
        if not pending:
            return None
        return DUMMY if pending in (STEP_DUMMY_QUICK_CAST, STEP_DUMMY_CREATURE) else YOU

    def legal_actions(self) -> list[Action]:
        """Every legal decision; built legal by construction (a test checks each one against check())."""
        return decisions.legal_actions(self)

    def why_illegal(self, action: Action) -> RuleError | None:
        """The rule an action breaks now, or None when it is legal."""
        return decisions.why_illegal(self, action)

    def check(self, action: Action) -> None:
        """Raise the rule ``action`` breaks now.  The Dummy Mage's one action, and the choice the engine's own bot
        said it took from this decision's offer (:meth:`offered`), are the very objects offered and pass without
        being judged again (docs/architecture.md, Fast paths); anything else is judged rule by rule."""
        vouched, self._vouched = self._vouched, None
        if action is vouched or self._offered_dummy_turn(action):
            return
        decisions.check(self, action)

    def _offered_dummy_turn(self, action: Action) -> bool:
        """Whether ``action`` is the very Dummy Mage's turn the game offers now (legal without judging)."""
        return type(action) is DummyTurn and action is DUMMY_TURNS.get(self.pending) and self.winner is None

    def apply(self, action: Action) -> None:
        """:meth:`check` then :meth:`perform`, as every game applies an action, with the Dummy Mage's turn (about
        half of a game's actions) carried out at once: its one offered action needs no judging (Fast paths)."""
        # the test of _offered_dummy_turn, written out: half a game's actions pass here (Fast paths)
        if type(action) is DummyTurn and action is DUMMY_TURNS.get(self.pending) and self.winner is None:
            self._vouched = None
            self._perform_dummy()
            return
        self.check(action)
        self.perform(action)

    def chance_of(self, action: Action) -> Chance | None:
        """The exact chance an attack destroys its target, or (where it cannot) deals damage (issue 28): a
        creature's attack (:class:`.actions.Strike`) or your attack spell cast at one target; None for every
        other action (no roll decides it) and for a zone attack (it strikes several).  Changes nothing, rolls
        nothing (:func:`.odds.attack_chance`)."""
        if type(action) is Strike:
            unit = self.units.get(action.actor)
            attack = unit.attack_named(action.attack) if unit is not None else None
            moved = unit is not None and action.to != unit.zone
        elif type(action) is QuickCast or type(action) is Cast:
            unit = self.you
            card = self.cards.cards.get(action.spell)
            attack = card.attacks[0] if card is not None and card.type == "attack" and card.attacks else None
            moved = False
        else:
            return None
        target = self.target(action.target) if action.target else None
        if unit is None or attack is None or target is None or attack.zone_attack:
            return None
        from magecraft.mage_wars.odds import attack_chance  # icepool: imported when odds are asked for

        return attack_chance(self, unit, attack, target, moved=moved)

    def offered(self, action: Action) -> Action:
        """Note that ``action`` is one of the very objects this decision's offer holds (the heuristic bot reads
        it from :func:`.decisions.offer`), so the next :meth:`check` accepts it without judging it again; the
        note lasts until that check or the next action carried out."""
        self._vouched = action
        return action

    def decision_kind(self) -> Step:
        if self.pending is None:
            raise RuleError("the game is over: nobody decides", rule="Game End", section=SEC_END)
        return Step(self.pending)

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` sees (Mage Wars Arena: a spellbook and the spells planned from it are its owner's;
        an enchantment is cast face down; the Dummy Mage's decks are shuffled face down, seed 003 Setup 2):
        the arena, with your face-down enchantments named only to you; the decks' sizes and discards, not
        their order; your spellbook and planned spells only to you; never the dice's state."""
        seen = self.to_dict()
        del seen["rng"]
        seen["decks"] = {kind: {"cards": len(d.cards), "discards": list(d.discards)}
                         for kind, d in self.decks.items()}
        # the seed would tell the shuffles' order
        seen["log"] = [e for e in seen["log"] if e["kind"] != "randomness"]
        if player != YOU:
            seen["spellbook"] = len(self.spellbook)
            seen["planned"] = len(self.planned)
            for unit in seen["units"]:
                unit["hidden"] = len(unit["hidden"])
            seen["log"] = [e for e in seen["log"] if not _private_to_you(e, self.cards)]
        return seen

    def parse_action(self, text: str) -> Action:
        """The legal action ``text`` names; a plan may name its spells in any order and case
        ("plan agony and jet stream")."""
        said = " ".join(text.split())
        if self.pending == STEP_PLAN and said.casefold().startswith("plan "):
            listed = said[5:]
            names = [] if listed.casefold() == "no spells" else listed.split(" and ")
            book = self.cards
            try:
                spells = tuple(book.find(name).name for name in names)
            except DataError as exc:
                raise RuleError(f"{said!r} cannot be planned: {exc}", rule="Planning", section=SEC_READY) from None
            action = Plan(spells)
            self.check(action)
            return action
        return super().parse_action(text)

    def action_text(self, action: Action) -> str:
        """An action in words, naming the units it involves ("Timber Wolf (y1): in B2, attack ...")."""
        if type(action) is Pass and self.pending == STEP_AFTER_ACTION:
            return "pass: no quick cast after your mage's action"
        # Only the units the action names are looked up (a decision's event describes one action).
        units, walls = self.units, self.walls
        # (getattr with a default: an attribute lookup at C speed; the action classes name them alike)
        actor_id, target_id = getattr(action, "actor", ""), getattr(action, "target", "")
        if not walls:
            actor, target = units.get(actor_id), units.get(target_id)
            return said_with_names(action, "" if actor is None else actor.describe(),
                          "" if target is None else target.describe())
        names = {}
        for ident in (actor_id, target_id):
            unit = units.get(ident)
            if unit is not None:
                names[ident] = unit.describe()
            if walls:
                # a wall's name wins over a unit's of the same id, as it always has
                names.update((w.id, f"wall {w.id}") for w in walls if w.id == ident)
        return words(action, names)

    def target(self, ident: str) -> Target | None:
        if ident in self.units and self.units[ident].in_arena:
            return self.units[ident]
        return next((w for w in self.walls if w.id == ident), None)

    def deal_damage(self, target: Target, amount: int, *, by: str) -> None:
        """Add damage; a creature whose damage reaches its life is destroyed, a mage loses the game."""
        if amount <= 0:
            return
        if isinstance(target, Wall):
            self.wall_damage[target.id] = self.wall_damage.get(target.id, 0) + amount
            if self.wall_damage[target.id] >= target.life:
                self.walls.remove(target)
                self.event(f"wall {target.id} is destroyed", section=SEC_ARENA)
            return
        target.damage += amount
        if target.damage < target.life:
            return
        if target.is_mage:
            self.check_end()
            return
        del self.units[target.id]
        if target.side != by:
            self.kills["by_you" if by == YOU else "by_dummy"] += target.card.cost
        self.event(f"{target.describe()} is destroyed", section=SEC_ARENA,
                   data={"unit": target.id, "cost": target.card.cost, "by": by})
        self.check_end()

    def check_end(self) -> None:
        """Seed 003 Game End: a mage's damage reaches its life, or the alternate end."""
        if self.winner is not None:
            return
        you_dead = self.you.damage >= self.you.life
        dummy_dead = self.dummy.damage >= self.dummy.life
        if you_dead or dummy_dead:
            self.winner = "draw" if you_dead and dummy_dead else (DUMMY if you_dead else YOU)
            self.end_reason = ("both mages fell" if self.winner == "draw"
                               else f"{self._mage_name(self.winner)} wins")
        elif (self.settings.alternate_end and self.decks["creature"].is_exhausted
              and not any(u.side == DUMMY and not u.is_mage for u in self.units.values())):
            theirs = self.kills["by_dummy"] * self.settings.alternate_multiplier
            self.winner = YOU if self.kills["by_you"] > theirs else DUMMY
            self.end_reason = (f"alternate end: you killed {self.kills['by_you']} mana of creatures against "
                               f"{self.kills['by_dummy']} x{self.settings.alternate_multiplier} = {theirs}")
        else:
            return
        self.stage = STAGE_OVER
        self.pending = None
        self.event(f"game over: {self.end_reason}", section=SEC_END,
                   data={"winner": self.winner, "round": self.round})

    def _mage_name(self, side: str) -> str:
        return "your mage" if side == YOU else "the Dummy Mage"

    # -- the round ------------------------------------------------------------------------------
    def advance(self) -> None:
        """Run the game until you must decide or it ends."""
        while self.winner is None and not self.pending:
            stage = self.stage
            if stage == STAGE_READY:
                self.ready_stage()
            elif stage in (STAGE_QUICK_CAST_1, STAGE_QUICK_CAST_2):
                self._quick_cast_stage()
            elif stage == STAGE_CREATURES:
                self._creature_stage()

    def ready_stage(self) -> None:
        """Seed 003 Ready Stage: initiative, reset, channel (yours only), upkeep, planning, deployment."""
        if self.round >= self.settings.max_rounds:
            self.winner = "draw"
            self.end_reason = f"no winner after {self.settings.max_rounds} rounds"
            self.stage = STAGE_OVER
            self.event(f"game over: {self.end_reason}", section=SEC_END,
                       data={"winner": "draw", "round": self.round})
            return
        self.round += 1
        if self.round > 1:
            self.initiative = other(self.initiative)
        self.event(f"round {self.round}: {self._mage_name(self.initiative)} has initiative", section=SEC_READY,
                   data={"round": self.round, "initiative": self.initiative})
        for unit in self.units.values():
            unit.ready = not (unit.is_mage and unit.side == DUMMY)
            unit.fresh = False
            unit.guarding = False
            unit.battle_fury = unit.perfect_strike = unit.zap_used = False
            unit.round_traits.clear()
            if self.settings.daze_ends == "reset" and "Daze" in unit.conditions:
                unit.remove_condition("Daze")
            if "Slam" in unit.conditions:
                unit.remove_condition("Slam")
        self.quickcast_used = False
        self.mana += self.you.card.channeling
        self.event(f"you channel {self.you.card.channeling} mana ({self.mana})", section=SEC_READY)
        self.upkeep()
        if self.winner is not None:
            return
        self.stage = STAGE_READY
        self.pending = STEP_PLAN

    def upkeep(self) -> None:
        """Upkeep for both sides: Burn and Rot damage, regeneration, Banish tokens."""
        for unit in list(self.units.values()):
            if unit.id in self.units:
                self._upkeep_unit(unit)
            if self.is_terminal():
                return

    def _upkeep_unit(self, unit: Unit) -> None:
        if unit.banished:
            unit.banished -= 1
            if not unit.banished:
                self.event(f"{unit.describe()} returns to {unit.zone}", section=SEC_READY)
            return
        for n in range(unit.conditions.get("Burn", 0)):
            normal, critical = roll_attack_dice(self, 1, f"Burn {n + 1} on {unit.describe()}")
            # Codex, Burn: one attack die of direct damage each; a blank ("0") puts that Burn out.
            if normal + critical == 0:
                unit.remove_condition("Burn", 1)
                self.event(f"Burn {n + 1} on {unit.describe()} goes out", section=SEC_READY)
            else:
                self.event(f"{unit.describe()} burns for {normal + critical}", section=SEC_READY)
            self.deal_damage(unit, normal + critical, by=other(unit.side))
            if unit.id not in self.units or self.is_terminal():
                return
        if unit.conditions.get("Rot"):
            self.deal_damage(unit, unit.conditions["Rot"], by=other(unit.side))
            if unit.id not in self.units or self.is_terminal():
                return
        if not unit.damage:
            return
        regenerate = max(unit.trait("Regenerate") or 0, self._aura(unit))
        if regenerate:
            healed = min(regenerate, unit.damage)
            unit.damage -= healed
            self.event(f"{unit.describe()} regenerates {healed}", section=SEC_READY)

    def _aura(self, unit: Unit) -> int:
        """Highland Unicorn: friendly Living creatures in its zone regenerate 1."""
        if not unit.living:
            return 0
        side, zone = unit.side, unit.zone
        for u in self.units.values():
            if u.card_name == "Highland Unicorn" and u.side == side and u.zone == zone and not u.banished:
                return 1
        return 0

    def _quick_cast_stage(self) -> None:
        """Seed 003 Action Stage 1 and 3: the initiative side first; passing lets the Dummy Mage go first."""
        dummy_first = self.initiative == DUMMY or self.you_passed
        you_can = False
        if not dummy_first or self.done[DUMMY]:
            # Whether you can quick cast is asked only when it decides who goes: the Dummy Mage goes first
            # anyway when it has initiative or you passed (the spells' targets are worked out for the answer).
            you_can = not self.quickcast_used and not self.done[YOU] and decisions.a_quick_spell_has_a_target(self)
            dummy_first = dummy_first or not you_can
        if dummy_first and not self.done[DUMMY]:
            self.pending = STEP_DUMMY_QUICK_CAST
            return
        if you_can:
            self.pending = STEP_QUICK_CAST
            return
        self._next_stage()

    def _dummy_quick_cast(self) -> None:
        self.done[DUMMY] = True
        dazed = self.dazed_going_in(self.dummy)
        dummy.quick_cast(self)
        self.end_activation(self.dummy, dazed)

    def _next_stage(self) -> None:
        self.done = {YOU: False, DUMMY: False}
        self.you_passed = False
        if self.stage == STAGE_QUICK_CAST_1:
            self.stage = STAGE_CREATURES
            self.turn = YOU if self.settings.creature_stage_first == "you" else self.initiative
        elif self.stage == STAGE_CREATURES:
            self.stage = STAGE_QUICK_CAST_2
        else:
            for name in self.planned:
                self.spellbook.append(name)
            self.planned = []
            self.stage = STAGE_READY

    def _creature_stage(self) -> None:
        """Seed 003 Action Stage 2: sides alternate one creature at a time until all have acted."""
        mine, theirs = self.ready_sides()
        if not mine and not theirs:
            self._next_stage()
            return
        # A side with nothing ready hands the turn over at once (the ready units are the same).
        if self.turn == YOU and not mine:
            self.turn = DUMMY
        elif self.turn == DUMMY and not theirs:
            self.turn = YOU
        self.pending = STEP_ACTIVATE if self.turn == YOU else STEP_DUMMY_CREATURE

    def perform(self, action: Action) -> None:
        """Carry out a legal action (checked by :meth:`check`), by its class's performer, and run the game on."""
        self._vouched = None
        if type(action) is DummyTurn:
            self._perform_dummy()
            return
        self.rng.log.record("game", f"you chose: {self.action_text(action)}", section=SEC_ACTION,
                            data=action_data(action))
        if type(action) is Reveal:
            self._reveal(self.units[action.target], action.enchantment)
            return
        was, self.pending = self.pending, None
        if _PERFORMERS[type(action)](self, action, was):
            self.advance()

    def _perform_plan(self, action: Plan, was: Step | None) -> bool:
        for name in action.spells:
            self.spellbook.remove(name)
        self.planned = list(action.spells)
        self.event("deployment: nothing to deploy", section=SEC_READY)
        self.stage = STAGE_QUICK_CAST_1
        return True

    def _perform_pass(self, action: Pass, was: Step | None) -> bool:
        if self.stage == STAGE_CREATURES:
            self.turn = DUMMY
        elif self.done[DUMMY]:
            self.done[YOU] = True
        else:
            self.you_passed = True
        return True

    def _perform_quick_cast(self, action: QuickCast, was: Step | None) -> bool:
        self.quickcast_used = True
        if was == STEP_AFTER_ACTION:
            self.turn = DUMMY
        elif self.stage == STAGE_CREATURES:
            self.mage_next = True
        else:
            self.done[YOU] = True
        self._cast(self.cards.get(action.spell), action.target, action.reveal)
        return True

    def _perform_activation(self, action: Activation, was: Step | None) -> bool:
        unit = self.units[action.actor]
        dazed = self.dazed_going_in(unit)
        self._activate(unit, action)
        self.end_activation(unit, dazed)
        if action.actor == YOU and self.winner is None and decisions.may_quick_cast_after_action(self):
            self.pending = STEP_AFTER_ACTION
            return False
        self.turn = DUMMY
        return True

    def _perform_dummy(self) -> None:
        """The Dummy Mage's turn its seat took: seed 003's quick cast/action, or one creature's action."""
        step, self.pending = self.pending, None
        if step == STEP_DUMMY_QUICK_CAST:
            self._dummy_quick_cast()
        else:
            dummy.creature_turn(self, self.ready_sides())
            self.turn = YOU
        self.advance()

    def dazed_going_in(self, unit: Unit) -> bool:
        """Whether a creature starts its activation dazed (a Slam stands it up dazed, Codex Slam)."""
        return "Daze" in unit.conditions or "Slam" in unit.conditions

    def end_activation(self, unit: Unit, dazed: bool) -> None:
        """Daze: the Daze a creature carried into its activation goes at the end of it; one gained during
        the activation stays for its next (ruling A18, setting ``daze_ends``)."""
        if (dazed and self.settings.daze_ends == "activation" and unit.id in self.units
                and "Daze" in unit.conditions):
            unit.remove_condition("Daze")
            self.event(f"{unit.describe()} is no longer dazed", section=SEC_ARENA)

    def offer_reveals(self, attacker: Unit, attack: Attack, target: Target, moment: str) -> None:
        """Mage Wars Arena: an enchantment may be revealed at any time; offer it when an attack is
        declared outside your decisions and the face-down enchantment would change it (ruling A17).
        ``moment`` says in words what is happening."""
        if self.answer_trigger is None:
            return
        for unit, trigger in ((attacker, "bearer_attacks"), (target, "bearer_attacked")):
            if not isinstance(unit, Unit):
                continue
            for name in sorted(set(unit.hidden)):
                card = self.cards.get(name)
                if not _answers(card, trigger, attack) or card.reveal_cost > self.mana:
                    continue
                action = Reveal(name, unit.id)
                if self.answer_trigger(self, action, moment):
                    self.event(f"as {moment}:", section=SEC_ARENA)
                    self._reveal(unit, name)
                else:
                    self.event(f"you keep {name} on {unit.describe()} face down as {moment}",
                               section=SEC_ARENA)

    def _reveal(self, unit: Unit, name: str) -> None:
        """Turn your face-down enchantment up, paying its reveal cost; from now on it works (ruling A13)."""
        self.mana -= self.cards.get(name).reveal_cost
        unit.hidden.remove(name)
        unit.enchantments.append(name)
        self.event(f"you reveal {name} on {unit.describe()}", section=SEC_ARENA, data={"unit": unit.id})

    def _cast(self, card: Card, target_id: str, reveal: bool) -> None:
        """Your mage casts a planned spell: pay its cost, then summon, attach (face down unless revealed at
        once), resolve or attack."""
        self.planned.remove(card.name)
        self.mana -= card.mana_to_cast(reveal)
        if card.type == "creature":
            unit = self.add_creature(card, YOU, self.you.zone)
            self.event(f"you summon {unit.describe()} in {unit.zone}", section=SEC_ARENA)
            return
        if card.type == "attack":
            attack = card.attacks[0]
            targets: list[Target] = (list(zone_attack_targets(self, self.you)) if attack.zone_attack
                                     else [t for t in [self.target(target_id)] if t is not None])
            self.event(f"you cast {card.name}", section=SEC_ARENA)
            for target in targets:
                resolve_attack(self, self.you, attack, target)
            return
        target = self.units[target_id]
        cast_spell(self, card, target, YOU, face_down=card.type == "enchantment" and not reveal)

    def _activate(self, unit: Unit, action: Activation) -> None:
        """A creature's activation: its marker turns, Stun and Slam act, it moves to ``action.to``, then does
        what the action's class says (:data:`_DEEDS`)."""
        unit.ready = False
        self.mage_next = False
        begun = unit.begin_action()
        if begun == "stunned" and type(action) is not Cast:
            self.event(f"{unit.describe()} is stunned and spends its action recovering", section=SEC_ARENA)
            return
        if begun == "stands up":
            self.event(f"{unit.describe()} stands up dazed", section=SEC_ARENA)
        moved = action.to != unit.zone
        unit.zone = action.to
        deed = _DEEDS.get(type(action))
        if deed is not None:
            deed(self, unit, action, moved)

    def _guard(self, unit: Unit, action: Guard, moved: bool) -> None:
        unit.guarding = True

    def _strike(self, unit: Unit, action: Strike, moved: bool) -> None:
        attack = unit.attack_named(action.attack)
        target = self.target(action.target)
        assert attack is not None and target is not None
        resolve_attack(self, unit, attack, target, moved=moved)

    def _cast_in_action(self, unit: Unit, action: Cast, moved: bool) -> None:
        self._cast(self.cards.get(action.spell), action.target, action.reveal)

    # -- outcome and saving ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.winner is not None

    def result(self) -> Mapping[str, Any]:
        return {"winner": self.winner, "reason": self.end_reason, "rounds": self.round,
                "your_damage": self.you.damage, "dummy_damage": self.dummy.damage, "kills": dict(self.kills)}

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system, "settings": self.settings.to_dict(),
            "units": [u.to_dict() for u in self.units.values()],
            "decks": {k: d.to_dict() for k, d in self.decks.items()}, "spellbook": list(self.spellbook),
            "mana": self.mana, "round": self.round, "stage": self.stage, "initiative": self.initiative,
            "planned": list(self.planned), "pending": self.pending or "", "turn": self.turn,
            "done": dict(self.done),
            "you_passed": self.you_passed, "quickcast_used": self.quickcast_used, "mage_next": self.mage_next,
            "wall_damage": dict(self.wall_damage), "walls": [w.to_dict() for w in self.walls],
            "kills": dict(self.kills), "winner": self.winner, "end_reason": self.end_reason,
            "next_id": self.next_id,
            "rng": self.rng.snapshot(), "log": self.rng.log.to_list(),
            # the cards the game adds to the shipped pool, only when it adds some (saves without them stay as
            # they were)
            **({"cards": self.cards.custom_entries()} if self.cards.custom else {}),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        """Rebuild a saved game; ``ask`` lets a game played with physical dice go on at the terminal."""
        try:
            settings = Settings.from_dict(raw["settings"])
            book = card_book_with(raw.get("cards", []))
            rng = Randomness.restore(raw["rng"], EventLog.from_list(raw["log"]), ask)
            walls = Settings.from_dict({"walls": raw["walls"]}).walls
            return cls(
                rng, settings, {u["id"]: Unit.from_dict(u, book) for u in raw["units"]},
                {k: Deck.from_dict(raw["decks"][k]) for k in DECK_KINDS}, list(raw["spellbook"]),
                mana=int(raw["mana"]), round_no=int(raw["round"]), stage=str(raw["stage"]),
                initiative=str(raw["initiative"]), planned=list(raw["planned"]), pending=str(raw["pending"]),
                turn=str(raw["turn"]), done={k: bool(v) for k, v in raw["done"].items()},
                you_passed=bool(raw["you_passed"]), quickcast_used=bool(raw["quickcast_used"]),
                mage_next=bool(raw.get("mage_next", False)),
                wall_damage={k: int(v) for k, v in raw["wall_damage"].items()}, walls=list(walls),
                kills={k: int(v) for k, v in raw["kills"].items()}, winner=raw["winner"],
                end_reason=str(raw["end_reason"]), next_id=int(raw["next_id"]),
                cards=book,
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            # AttributeError: a list or number saved where a table belongs (e.g. "conditions": 5).
            raise DataError(f"saved Mage Wars game is malformed: {exc}") from None



def _private_to_you(event: Mapping[str, Any], book: CardBook) -> bool:
    """An event that names what the Dummy Mage may not see: your plan, a face-down enchantment cast."""
    data = event.get("data") or {}
    if data.get("face_down") or data.get("kind") == KIND_PLAN:
        return True
    casts = data.get("kind") == KIND_QUICK_CAST or data.get("do") == "cast"
    card = book.cards.get(str(data.get("name"))) if casts and not data.get("reveal") else None
    return card is not None and card.type == "enchantment"


def _answers(card: Card, trigger: str, attack: Attack) -> bool:
    """Whether revealing ``card`` at ``trigger`` changes this attack: its dice (non-spell or melee attacks
    as the effect says) or the bearer's life (ruling A17)."""
    effect = card.effect
    if effect is None or effect.reveal_when != trigger:
        return False
    if effect.attack_dice:
        return not attack.is_spell
    if effect.melee_dice:
        return attack.melee
    return bool(effect.life)


#: How each of your kinds of decision is carried out, by its class; True: the game runs on after it.
_PERFORMERS: Mapping[type, Callable[[MageWarsGame, Any, Step | None], bool]] = MappingProxyType({
    Plan: MageWarsGame._perform_plan, Pass: MageWarsGame._perform_pass,
    QuickCast: MageWarsGame._perform_quick_cast, DoNothing: MageWarsGame._perform_activation,
    Move: MageWarsGame._perform_activation, Guard: MageWarsGame._perform_activation,
    Strike: MageWarsGame._perform_activation, Cast: MageWarsGame._perform_activation})
#: What an activation does once its creature stands in its zone (doing nothing and moving: nothing more).
_DEEDS: Mapping[type, Callable[[MageWarsGame, Unit, Any, bool], None]] = MappingProxyType({
    Guard: MageWarsGame._guard, Strike: MageWarsGame._strike, Cast: MageWarsGame._cast_in_action})
