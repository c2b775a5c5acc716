"""Your decisions in a game of Mage Wars solo (seed 003 "Gameplay": Planning, the Quick Cast stages and the
Creature Actions Stage) as frozen values: plan, quick cast, activate a creature, reveal, pass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, NamedTuple


class Action(NamedTuple):
    """One decision of yours.

    ``kind`` is ``plan`` (``spells``), ``quick_cast`` (``name`` and ``target``), ``activate`` (a
    creature ``actor`` moves ``to`` a zone and then does ``do``: attack, cast, guard, move or
    nothing), ``reveal`` (your face-down enchantment ``name`` on ``target``; it does not use up the
    decision) or ``pass``.  ``reveal`` on a cast enchantment turns it face up at once, paying both costs.

    A named tuple: a decision offers some thirty of them, and a tuple is built at C speed
    (:func:`new_action`).

    >>> Action("activate", "y1", "B2", "attack", "Bite", "dummy").describe({"y1": "Timber Wolf (y1)"})
    'Timber Wolf (y1): in B2, attack dummy with Bite'
    """

    kind: str
    actor: str = ""
    to: str = ""
    do: str = ""
    name: str = ""
    target: str = ""
    spells: tuple[str, ...] = ()
    reveal: bool = False

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """In words; ``names`` turns unit ids into what a player reads ("Timber Wolf (y1)")."""
        known = names or {}
        if self.kind == "plan":
            return "plan " + (" and ".join(self.spells) or "no spells")
        if self.kind == "pass":
            return "pass"
        on = f" on {known.get(self.target, self.target)}" if self.target else ""
        if self.kind == "reveal":
            return f"reveal {self.name}{on}"
        if self.reveal:
            on += " and reveal it"
        if self.kind == "quick_cast":
            return f"quick cast {self.name}{on}"
        do = self.do
        if do == "move":
            return f"{known.get(self.actor, self.actor)}: move to {self.to}"
        if do == "attack":
            what = f"attack {known.get(self.target, self.target)} with {self.name}"
        elif do == "cast":
            what = f"cast {self.name}{on}"
        else:
            what = {"guard": "guard", "nothing": "do nothing"}[do]
        return f"{known.get(self.actor, self.actor)}: in {self.to}, {what}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "actor": self.actor, "to": self.to, "do": self.do, "name": self.name,
                "target": self.target, "spells": list(self.spells), "reveal": self.reveal}


#: ``new_action((kind, actor, to, do, name, target, spells, reveal))``: an :class:`Action` from all eight
#: fields in order, without the Python-level ``__new__`` of a named tuple (the hot path of legal actions).
new_action: Callable[[tuple[str, str, str, str, str, str, tuple[str, ...], bool]], Action] = partial(
    tuple.__new__, Action)
