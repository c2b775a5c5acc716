"""The decisions in a game of Mage Wars solo (seed 003 "Gameplay": Planning, the Quick Cast stages and the
Creature Actions Stage) as frozen values: plan, quick cast, activate a creature, reveal, pass; and the
Dummy Mage's turns, which it plays by the seed's own rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from functools import partial
from typing import Any, NamedTuple


class ActionKind(StrEnum):
    """What an :class:`Action` is (its ``kind``); the value is the name saves and event data keep.

    A ``str`` enum: a decision offers some thirty actions, and a member compares and hashes as its text.

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

class Action(NamedTuple):
    """One decision of yours (or the Dummy Mage's turn, ``kind`` :attr:`ActionKind.DUMMY`).

    ``kind`` is ``plan`` (``spells``), ``quick_cast`` (``name`` and ``target``), ``activate`` (a
    creature ``actor`` moves ``to`` a zone and then does ``do``: attack, cast, guard, move or
    nothing), ``reveal`` (your face-down enchantment ``name`` on ``target``; it does not use up the
    decision) or ``pass``.  ``reveal`` on a cast enchantment turns it face up at once, paying both costs.

    A named tuple: a decision offers some thirty of them, and a tuple is built at C speed
    (:func:`new_action`).

    Its ``repr`` is the call that rebuilds it; :meth:`MageWarsGame.action_text` gives its words:

    >>> Action(ActionKind.PASS)
    Action(kind=ActionKind.PASS, actor='', to='', do='', name='', target='', spells=(), reveal=False)
    >>> words(Action(ActionKind.ACTIVATE, "y1", "B2", "attack", "Bite", "dummy"), {"y1": "Timber Wolf (y1)"})
    'Timber Wolf (y1): in B2, attack dummy with Bite'
    """

    kind: ActionKind
    actor: str = ""
    to: str = ""
    do: str = ""
    name: str = ""
    target: str = ""
    spells: tuple[str, ...] = ()
    reveal: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "actor": self.actor, "to": self.to, "do": self.do, "name": self.name,
                "target": self.target, "spells": list(self.spells), "reveal": self.reveal}


def words(action: Action, names: Mapping[str, str] | None = None) -> str:
    """``action`` in words (what ``MageWarsGame.action_text`` says); ``names`` turns unit ids into what a
    player reads ("Timber Wolf (y1)")."""
    known = names or {}
    kind = action.kind
    if kind == ActionKind.PLAN:
        return "plan " + (" and ".join(action.spells) or "no spells")
    if kind == ActionKind.PASS:
        return "pass"
    if kind == ActionKind.DUMMY:
        return "Dummy Mage: " + (action.do or "takes its turn")
    on = f" on {known.get(action.target, action.target)}" if action.target else ""
    if kind == ActionKind.REVEAL:
        return f"reveal {action.name}{on}"
    if action.reveal:
        on += " and reveal it"
    if kind == ActionKind.QUICK_CAST:
        return f"quick cast {action.name}{on}"
    do = action.do
    if do == "move":
        return f"{known.get(action.actor, action.actor)}: move to {action.to}"
    if do == "attack":
        what = f"attack {known.get(action.target, action.target)} with {action.name}"
    elif do == "cast":
        what = f"cast {action.name}{on}"
    else:
        what = {"guard": "guard", "nothing": "do nothing"}.get(do, do)
    return f"{known.get(action.actor, action.actor)}: in {action.to}, {what}"


#: The Dummy Mage's two kinds of turn, each the one action its decision offers.
DUMMY_QUICK_CAST = Action(ActionKind.DUMMY, do="quick cast/action roll")
DUMMY_CREATURE = Action(ActionKind.DUMMY, do="creature action")


#: ``new_action((kind, actor, to, do, name, target, spells, reveal))``: an :class:`Action` from all eight
#: fields in order, without the Python-level ``__new__`` of a named tuple (the hot path of legal actions).
new_action: Callable[[tuple[ActionKind, str, str, str, str, str, tuple[str, ...], bool]], Action] = partial(
    tuple.__new__, Action)
