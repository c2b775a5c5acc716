"""The decisions of a Planeswalker battle, as small immutable values (seed 001, "Combat Mechanics" 4-6).

>>> action_words(Action(ActionKind.CAST, card="Shock", target="c1"))
'cast Shock at c1'
>>> Action.from_dict(Action(ActionKind.CHANNEL, amount=1, draw=True).to_dict())
Action(ActionKind.CHANNEL, amount=1, draw=True)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from magecraft.core.errors import InputError

MECHANICS = "Combat Mechanics"
#: The decisions that spend one of the Main phase's Speed actions.
MAIN_ACTIONS = frozenset({"command", "move", "engage", "cast", "flee", "ability", "activate"})



class ActionKind(StrEnum):
    """The kinds of decision ("Combat Mechanics" 4-6), spelt as saves and the log spell them."""

    CHANNEL = "channel"
    DELAY = "delay"
    RELEASE = "release"
    COMMAND = "command"
    ORDER_MOVE = "order_move"
    ORDER_ENGAGE = "order_engage"
    DONE = "done"
    MOVE = "move"
    ENGAGE = "engage"
    CAST = "cast"
    FLEE = "flee"
    END = "end"
    RESPOND = "respond"
    PASS = "pass"
    INTERCEPT = "intercept"
    ALLOW = "allow"
    TRAMPLE_ENGAGE = "trample_engage"
    TRAMPLE_MOVE = "trample_move"
    FORGET = "forget"
    ORDER_ABILITY = "order_ability"
    ABILITY = "ability"
    ACTIVATE = "activate"

    def __repr__(self) -> str:
        return f"ActionKind.{self.name}"


KINDS = tuple(kind.value for kind in ActionKind)


class Step(StrEnum):
    """The steps of a turn ("Combat Mechanics" 5: Channelling, Upkeep, Main, End) and the questions that
    interrupt them (a response window, an interception, a trample, forgetting at the End Phase), as saved:
    :meth:`Battle.decision_kind`."""

    START = "start"
    CHANNELLING = "channelling"
    UPKEEP = "upkeep"
    MAIN = "main"
    COMMANDING = "commanding"
    RESPONSE = "response"
    INTERCEPT = "intercept"
    TRAMPLE = "trample"
    FORGET = "forget"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Step.{self.name}"


class Action(NamedTuple):
    """One decision of a kind (:class:`ActionKind`).  ``creature`` is the commanded creature of an order;
    ``amount`` the excess mana channelled (or which ability of a kept permanent is activated); ``draw``
    whether the Channelling phase adds the next Library spell to Memory.

    A named tuple: immutable, and cheap to build, compare and hash in the bots' hot loop.
    """

    kind: ActionKind
    card: str = ""
    target: str = ""
    creature: str = ""
    amount: int = 0
    draw: bool = False

    def __repr__(self) -> str:
        """The call that rebuilds it, defaults left out: ``Action(ActionKind.CAST, card='Shock')``."""
        kind = repr(self.kind) if isinstance(self.kind, ActionKind) else f"ActionKind({self.kind!r})"
        extra = "".join(f", {name}={value!r}" for name, value, default in
                        zip(self._fields[1:], self[1:], ("", "", "", 0, False), strict=True) if value != default)
        return f"Action({kind}{extra})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card, "target": self.target, "creature": self.creature,
                "amount": self.amount, "draw": self.draw}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Action:
        try:
            action = cls(ActionKind(str(raw["kind"])), str(raw.get("card", "")), str(raw.get("target", "")),
                         str(raw.get("creature", "")), int(raw.get("amount", 0)), bool(raw.get("draw", False)))
        except ValueError as exc:
            if "ActionKind" in str(exc):
                raise InputError(f"unknown battle action {raw['kind']!r} (one of {', '.join(KINDS)})") from None
            raise InputError(f"a battle action is malformed ({exc})") from None
        except (KeyError, TypeError) as exc:
            raise InputError(f"a battle action is malformed ({exc})") from None
        return action


def action_words(action: Action) -> str:
    """How the action reads at the table (:meth:`Battle.action_text`, and how the terminal accepts it)."""
    k = action.kind
    if k == "channel":
        parts = ["channel"] + (["and draw"] if action.draw else []) + (
            [f"with {action.amount} excess"] if action.amount else [])
        return " ".join(parts)
    if k in ("cast", "respond"):
        return f"{k} {action.card}" + (f" at {action.target}" if action.target else "")
    if k in ("order_move", "order_engage"):
        return f"order {action.creature} to {k[6:]} {action.target}"
    if k in ("order_ability", "ability"):
        verb = f"order {action.creature} to use" if k == "order_ability" else f"{action.creature} uses"
        return f"{verb} ability {int(action.card) + 1 if action.card.isdecimal() else action.card}" + (
            f" at {action.target}" if action.target else "")
    if k == "activate":  # a kept artifact's or enchantment's ability (``amount``: which, PW43)
        return f"activate {action.card}" + (f" ability {action.amount + 1}" if action.amount else "") + (
            f" at {action.target}" if action.target else "")
    if k in ("release", "forget"):
        return f"{k} {action.card or action.target}"
    if action.target:
        return f"{k.replace('_', ' ')} {action.target}"
    return str(k)


#: Decisions said as ``<kind words> <target>`` (``engage c1``, ``trample move c2``).
_AIMED = {"delay": ActionKind.DELAY, "move": ActionKind.MOVE, "engage": ActionKind.ENGAGE,
          "intercept": ActionKind.INTERCEPT, "trample engage": ActionKind.TRAMPLE_ENGAGE,
          "trample move": ActionKind.TRAMPLE_MOVE}
_PLAIN = {"command": ActionKind.COMMAND, "done": ActionKind.DONE, "flee": ActionKind.FLEE, "end": ActionKind.END,
          "pass": ActionKind.PASS, "allow": ActionKind.ALLOW}


def read_words(text: str) -> Action | None:
    """The plain decision ``text`` says, legal or not (None when it says none of these): so a refusal can
    name the rule it breaks.  Channelling, orders and abilities are read only from the decisions offered.

    >>> read_words("engage c1"), read_words("cast Shock at c1"), read_words("sing")
    (Action(ActionKind.ENGAGE, target='c1'), Action(ActionKind.CAST, card='Shock', target='c1'), None)
    """
    words = " ".join(text.split())
    lowered = words.casefold()
    if lowered in _PLAIN:
        return Action(_PLAIN[lowered])
    for said, kind in _AIMED.items():
        if lowered.startswith(said + " ") and " " not in words[len(said) + 1:]:
            return Action(kind, target=words[len(said) + 1:])
    verb, _, rest = words.partition(" ")
    if verb.casefold() in ("cast", "respond") and rest:
        card, at, target = rest.rpartition(" at ")
        kind = ActionKind.CAST if verb.casefold() == "cast" else ActionKind.RESPOND
        return Action(kind, card=card, target=target) if at else Action(kind, card=rest)
    if verb.casefold() == "forget" and rest:
        return Action(ActionKind.FORGET, card=rest)
    return None
