"""The decisions in a game of Mage Wars solo (seed 003 "Gameplay": Planning, the Quick Cast stages and the
Creature Actions Stage) as frozen values, one class per kind: :class:`Plan`, :class:`QuickCast`,
:class:`Reveal`, :class:`Pass`; a creature's activation (your mage acts as one) :class:`DoNothing`,
:class:`Move`, :class:`Guard`, :class:`Strike` (an attack) or :class:`Cast` (your mage casts a planned spell);
and :class:`DummyTurn`, the Dummy Mage's turn, which it plays by the seed's own rules.

Each is a frozen, hashable dataclass whose ``repr`` is the call that rebuilds it::

    >>> Strike("y1", "B2", "Bite", "dummy")
    Strike(actor='y1', to='B2', attack='Bite', target='dummy')
    >>> words(Strike("y1", "B2", "Bite", "dummy"), {"y1": "Timber Wolf (y1)"})
    'Timber Wolf (y1): in B2, attack dummy with Bite'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar


class ActionKind(StrEnum):
    """What an action is (each action class's ``kind``); the value is the name event data keep.

    A ``str`` enum: a member compares and hashes as its text.

    >>> ActionKind.QUICK_CAST
    ActionKind.QUICK_CAST
    """

    PLAN = "plan"
    QUICK_CAST = "quick_cast"
    ACTIVATE = "activate"
    REVEAL = "reveal"
    PASS = "pass"
    #: The Dummy Mage takes its turn (a quick cast/action, or one creature's action), by seed 003's rolls.
    DUMMY = "dummy"

    def __repr__(self) -> str:
        return f"ActionKind.{self.name}"


class Step(StrEnum):
    """Whose decision the game waits on, and what about (``MageWarsGame.decision_kind()``).

    ``PLAN``: Planning (Ready stage); ``QUICK_CAST``: a quick cast stage; ``ACTIVATE``: your creature's
    turn in the Creature Actions Stage; ``AFTER_ACTION``: a quick cast after your mage's action (ruling
    A16); ``DUMMY_QUICK_CAST`` / ``DUMMY_CREATURE``: the Dummy Mage's quick cast/action or one of its
    creatures' actions (seed 003 "Quick Cast/Action Die Roll Sequence", "Creature Action Sequence").
    The value is what saves keep (``"pending"``; ``""`` when nobody decides).  A ``str`` enum, so a
    position may still name a step by its value.
    """

    PLAN = "plan"
    QUICK_CAST = "quick_cast"
    ACTIVATE = "activate"
    AFTER_ACTION = "after_action"
    DUMMY_QUICK_CAST = "dummy_quick_cast"
    DUMMY_CREATURE = "dummy_creature"

    def __repr__(self) -> str:
        return f"Step.{self.name}"


class Stage(StrEnum):
    """Where the round stands (seed 003 "Gameplay"); the value is what saves keep (``"stage"``)."""

    READY = "ready"
    QUICK_CAST_1 = "quick_cast_1"
    CREATURES = "creatures"
    QUICK_CAST_2 = "quick_cast_2"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Stage.{self.name}"


#: The members by plain module names, for the hot paths: reading a member from its enum class costs a
#: descriptor call each time (docs/architecture.md, Fast paths).
KIND_PLAN, KIND_QUICK_CAST, KIND_ACTIVATE, KIND_REVEAL, KIND_PASS, KIND_DUMMY = ActionKind
STEP_PLAN, STEP_QUICK_CAST, STEP_ACTIVATE, STEP_AFTER_ACTION, STEP_DUMMY_QUICK_CAST, STEP_DUMMY_CREATURE = Step
STAGE_READY, STAGE_QUICK_CAST_1, STAGE_CREATURES, STAGE_QUICK_CAST_2, STAGE_OVER = Stage


class DummyStep(StrEnum):
    """Which of its turns the Dummy Mage takes (:class:`DummyTurn`); the value is the words the turn is said in."""

    #: seed 003 "Quick Cast/Action Die Roll Sequence for the Dummy Mage"
    QUICK_CAST = "quick cast/action roll"
    #: seed 003 "Creature Action Sequence for the Dummy Mage"
    CREATURE = "creature action"

    def __repr__(self) -> str:
        return f"DummyStep.{self.name}"


def _data(kind: ActionKind, actor: str = "", to: str = "", do: str = "", name: str = "", target: str = "",
          spells: tuple[str, ...] = (), reveal: bool = False) -> dict[str, Any]:
    """An action as the event recording it keeps it (the same eight keys for every kind, as saves have them)."""
    return {"kind": kind, "actor": actor, "to": to, "do": do, "name": name, "target": target,
            "spells": list(spells), "reveal": reveal}


@dataclass(frozen=True, slots=True)
class Plan:
    """Planning (seed 003 Ready Stage): the spells, at most two, taken from your spellbook this round."""

    spells: tuple[str, ...] = ()
    kind: ClassVar[ActionKind] = ActionKind.PLAN

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_PLAN, spells=self.spells)


@dataclass(frozen=True, slots=True)
class QuickCast:
    """Your mage's quick cast of a planned quick ``spell`` at ``target`` ("" for none: a creature, a zone
    attack); ``reveal``: an enchantment cast face up at once, paying both costs (ruling A13)."""

    spell: str
    target: str = ""
    reveal: bool = False
    kind: ClassVar[ActionKind] = ActionKind.QUICK_CAST

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_QUICK_CAST, name=self.spell, target=self.target, reveal=self.reveal)


@dataclass(frozen=True, slots=True)
class Reveal:
    """Turning your face-down ``enchantment`` on ``target`` face up, paying its reveal cost; it does not use up
    the decision (ruling A13)."""

    enchantment: str
    target: str
    kind: ClassVar[ActionKind] = ActionKind.REVEAL

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_REVEAL, name=self.enchantment, target=self.target)


@dataclass(frozen=True, slots=True)
class Pass:
    """Passing: in a quick cast stage, or in the Creature Actions Stage while the Dummy Mage has more
    creatures ready (seed 003 Action Stage)."""

    kind: ClassVar[ActionKind] = ActionKind.PASS

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_PASS)


@dataclass(frozen=True, slots=True)
class DummyTurn:
    """The Dummy Mage takes its turn, by seed 003's rolls: the one action each of its decisions offers."""

    step: DummyStep
    kind: ClassVar[ActionKind] = ActionKind.DUMMY

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_DUMMY, do=self.step.value)


@dataclass(frozen=True, slots=True)
class DoNothing:
    """A creature's activation that spends its action where it stands (``to`` is its zone)."""

    actor: str
    to: str
    kind: ClassVar[ActionKind] = ActionKind.ACTIVATE

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_ACTIVATE, self.actor, self.to, "nothing")


@dataclass(frozen=True, slots=True)
class Move:
    """A creature's whole action spent moving to zone ``to``."""

    actor: str
    to: str
    kind: ClassVar[ActionKind] = ActionKind.ACTIVATE

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_ACTIVATE, self.actor, self.to, "move")


@dataclass(frozen=True, slots=True)
class Guard:
    """A creature moves (a quick move) to ``to`` and guards there."""

    actor: str
    to: str
    kind: ClassVar[ActionKind] = ActionKind.ACTIVATE

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_ACTIVATE, self.actor, self.to, "guard")


@dataclass(frozen=True, slots=True)
class Strike:
    """A creature moves to ``to`` (a quick move, none before a full-action attack) and makes its ``attack`` at
    ``target`` (a unit or a wall)."""

    actor: str
    to: str
    attack: str
    target: str
    kind: ClassVar[ActionKind] = ActionKind.ACTIVATE

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_ACTIVATE, self.actor, self.to, "attack", self.attack, self.target)


@dataclass(frozen=True, slots=True)
class Cast:
    """Your mage's activation: it moves to ``to`` (not before a full-action spell) and casts the planned
    ``spell`` at ``target`` ("" for none); ``reveal`` as for :class:`QuickCast`."""

    to: str
    spell: str
    target: str = ""
    reveal: bool = False
    kind: ClassVar[ActionKind] = ActionKind.ACTIVATE
    #: Only your mage casts (the Dummy Mage's spells are its quick cast/action roll).
    actor: ClassVar[str] = "you"

    def to_dict(self) -> dict[str, Any]:
        return _data(KIND_ACTIVATE, "you", self.to, "cast", self.spell, self.target, reveal=self.reveal)


#: A creature's activation in the Creature Actions Stage (your mage acts as one).
Activation = DoNothing | Move | Guard | Strike | Cast
#: Every decision of a game of Mage Wars solo.
Action = Plan | QuickCast | Reveal | Pass | DummyTurn | Activation
#: The action classes, for checking that a value is one.
ACTION_CLASSES: tuple[type, ...] = (Plan, QuickCast, Reveal, Pass, DummyTurn, DoNothing, Move, Guard, Strike, Cast)
ACTIVATIONS: tuple[type, ...] = (DoNothing, Move, Guard, Strike, Cast)


def _named(ident: str, names: Mapping[str, str]) -> str:
    return names.get(ident, ident)


def _on(target: str, names: Mapping[str, str], reveal: bool) -> str:
    on = f" on {_named(target, names)}" if target else ""
    return on + " and reveal it" if reveal else on


def _plan_words(a: Plan, names: Mapping[str, str]) -> str:
    return "plan " + (" and ".join(a.spells) or "no spells")


def _quick_cast_words(a: QuickCast, names: Mapping[str, str]) -> str:
    return f"quick cast {a.spell}{_on(a.target, names, a.reveal)}"


def _reveal_words(a: Reveal, names: Mapping[str, str]) -> str:
    return f"reveal {a.enchantment}{_on(a.target, names, False)}"


def _pass_words(a: Pass, names: Mapping[str, str]) -> str:
    return "pass"


def _dummy_words(a: DummyTurn, names: Mapping[str, str]) -> str:
    return f"Dummy Mage: {a.step.value}"


def _nothing_words(a: DoNothing, names: Mapping[str, str]) -> str:
    return f"{_named(a.actor, names)}: in {a.to}, do nothing"


def _move_words(a: Move, names: Mapping[str, str]) -> str:
    return f"{_named(a.actor, names)}: move to {a.to}"


def _guard_words(a: Guard, names: Mapping[str, str]) -> str:
    return f"{_named(a.actor, names)}: in {a.to}, guard"


def _strike_words(a: Strike, names: Mapping[str, str]) -> str:
    return f"{_named(a.actor, names)}: in {a.to}, attack {_named(a.target, names)} with {a.attack}"


def _cast_words(a: Cast, names: Mapping[str, str]) -> str:
    return f"{_named(a.actor, names)}: in {a.to}, cast {a.spell}{_on(a.target, names, a.reveal)}"


#: Each kind of action's words, by its class (a table, not an if-chain).
_WORDS: Mapping[type, Callable[[Any, Mapping[str, str]], str]] = {
    Plan: _plan_words, QuickCast: _quick_cast_words, Reveal: _reveal_words, Pass: _pass_words,
    DummyTurn: _dummy_words, DoNothing: _nothing_words, Move: _move_words, Guard: _guard_words,
    Strike: _strike_words, Cast: _cast_words}


def words(action: Action, names: Mapping[str, str] | None = None) -> str:
    """``action`` in words (what ``MageWarsGame.action_text`` says); ``names`` turns unit ids into what a
    player reads ("Timber Wolf (y1)")."""
    return _WORDS[type(action)](action, names or {})


def actor_of(action: Action) -> str:
    """The unit an action activates ("" for a decision that activates none)."""
    return action.actor if isinstance(action, ACTIVATIONS) else ""  # type: ignore[union-attr]


def target_of(action: Action) -> str:
    """The unit or wall an action is aimed at ("" for none)."""
    return getattr(action, "target", "")


#: The Dummy Mage's two kinds of turn, each the one action its decision offers.
DUMMY_QUICK_CAST = DummyTurn(DummyStep.QUICK_CAST)
DUMMY_CREATURE = DummyTurn(DummyStep.CREATURE)
#: The one action of each of the Dummy Mage's decisions, by the step the game waits on.
DUMMY_TURNS: Mapping[Step | str | None, DummyTurn] = {STEP_DUMMY_QUICK_CAST: DUMMY_QUICK_CAST,
                                                      STEP_DUMMY_CREATURE: DUMMY_CREATURE}


@lru_cache(maxsize=4096)
def said_with_names(action: Action, actor: str, target: str) -> str:
    """An action in words given what its actor and target are called ("" for no unit), worked out once per
    action value and names (actions are built once and offered again)."""
    names = {}
    if actor:
        names[getattr(action, "actor", "")] = actor
    if target:
        names[getattr(action, "target", "")] = target
    return words(action, names)


@lru_cache(maxsize=4096)
def action_data(action: Action) -> Mapping[str, Any]:
    """The data of the event that records a decision: the action's fields, read-only, so that it is worked out
    once per action value (actions are built once and offered again) and shared by the events that record it."""
    return MappingProxyType(action.to_dict())
