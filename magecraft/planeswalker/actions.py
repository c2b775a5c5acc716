"""The decisions of a Planeswalker battle, as small immutable values (seed 001, "Combat Mechanics" 4-6).

>>> Action("cast", card="Shock", target="c1").text()
'cast Shock at c1'
>>> Action.from_dict(Action("channel", amount=1, draw=True).to_dict())
Action(kind='channel', card='', target='', creature='', amount=1, draw=True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from magecraft.core.errors import InputError

MECHANICS = "Combat Mechanics"
#: The decisions that spend one of the Main phase's Speed actions.
MAIN_ACTIONS = frozenset({"command", "move", "engage", "cast", "flee", "ability", "activate"})

KINDS = ("channel", "delay", "release", "command", "order_move", "order_engage", "done", "move", "engage",
         "cast", "flee", "end", "respond", "pass", "intercept", "allow", "trample_engage", "trample_move",
         "forget", "order_ability", "ability", "activate")


class Action(NamedTuple):
    """One decision.  ``creature`` is the commanded creature of an order; ``amount`` the excess mana
    channelled (or which ability of a kept permanent is activated); ``draw`` whether the Channelling phase
    adds the next Library spell to Memory.

    A named tuple: immutable, and cheap to build, compare and hash in the bots' hot loop.
    """

    kind: str
    card: str = ""
    target: str = ""
    creature: str = ""
    amount: int = 0
    draw: bool = False

    def text(self) -> str:
        """How the action reads at the table (and how the terminal accepts it)."""
        k = self.kind
        if k == "channel":
            parts = ["channel"] + (["and draw"] if self.draw else []) + (
                [f"with {self.amount} excess"] if self.amount else [])
            return " ".join(parts)
        if k in ("cast", "respond"):
            return f"{k} {self.card}" + (f" at {self.target}" if self.target else "")
        if k in ("order_move", "order_engage"):
            return f"order {self.creature} to {k[6:]} {self.target}"
        if k in ("order_ability", "ability"):
            verb = f"order {self.creature} to use" if k == "order_ability" else f"{self.creature} uses"
            return f"{verb} ability {int(self.card) + 1 if self.card.isdecimal() else self.card}" + (
                f" at {self.target}" if self.target else "")
        if k == "activate":  # a kept artifact's or enchantment's ability (``amount``: which, PW43)
            return f"activate {self.card}" + (f" ability {self.amount + 1}" if self.amount else "") + (
                f" at {self.target}" if self.target else "")
        if k in ("release", "forget"):
            return f"{k} {self.card or self.target}"
        if self.target:
            return f"{k.replace('_', ' ')} {self.target}"
        return k

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card, "target": self.target, "creature": self.creature,
                "amount": self.amount, "draw": self.draw}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Action:
        try:
            action = cls(str(raw["kind"]), str(raw.get("card", "")), str(raw.get("target", "")),
                         str(raw.get("creature", "")), int(raw.get("amount", 0)), bool(raw.get("draw", False)))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"a battle action is malformed ({exc})") from None
        if action.kind not in KINDS:
            raise InputError(f"unknown battle action {action.kind!r} (one of {', '.join(KINDS)})")
        return action
