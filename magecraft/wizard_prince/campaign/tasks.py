"""The machinery of the year: a queue of small tasks, each asking at most one question, then acting.

A task is a plain dict (``{"do": kind, ...}``) so the whole year saves and reloads exactly.  Each kind
registers ``ask(campaign, task) -> Decision | None`` (the options, computed once per decision) and
``act(campaign, task, option)``; ``act`` may push further tasks, which run before the rest of the year.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from magecraft.wizard_prince.campaign.year import Campaign

Option = tuple[Any, ...]
GM = "GM"


@dataclass(frozen=True, slots=True)
class Decision:
    """A question the rules put to ``player`` (a noble's name, or ``GM``), with every legal answer."""

    kind: str
    player: str
    options: tuple[Option, ...]
    prompt: str
    section: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "options": [list(o) for o in self.options],
                "prompt": self.prompt, "section": self.section, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Decision:
        return cls(str(raw["kind"]), str(raw["player"]), tuple(tuple(o) for o in raw["options"]),
                   str(raw["prompt"]), str(raw["section"]), dict(raw.get("data", {})))


@dataclass(frozen=True, slots=True)
class Choose:
    """Answer the pending decision with one of its options."""

    option: Option

    def describe(self) -> str:
        return " ".join(str(v) for v in self.option)


@dataclass(frozen=True, slots=True)
class Record:
    """The GM records an adventure's gain or loss for a noble ("Adventuring"), with the reason.

    ``what`` is one of :data:`~magecraft.wizard_prince.campaign.adventures.RECORDS`.
    """

    noble: str
    what: str
    amount: int = 0
    reason: str = ""
    detail: str = ""

    def describe(self) -> str:
        return f"{self.noble}: {self.what} {self.amount:+d} {self.detail} ({self.reason})".replace("  ", " ")


@dataclass(frozen=True, slots=True)
class EnterBanquet:
    """The banquet's result (a ``BanquetResult`` as ``to_dict`` writes it): entered by the GM, or ``played`` at
    the table with the banquet game."""

    result: Mapping[str, Any]
    played: bool = False

    def describe(self) -> str:
        return "enter the banquet's result"


@dataclass(frozen=True, slots=True)
class Boost:
    """A noble spends a Wealth level on a year's +1 to ``stat`` (legions, fleets, reputation or status): "At any
    time, the player can decide to boost" (The Effects of Wealth), so before the banquet too, not only at the
    treasury after it."""

    noble: str
    stat: str

    def describe(self) -> str:
        return f"{self.noble} boosts {self.stat} for a year with a Wealth level"


Action = Choose | Record | EnterBanquet | Boost
Ask = Callable[["Campaign", dict[str, Any]], Decision | None]
Act = Callable[["Campaign", dict[str, Any], Option | None], None]

#: Every kind of task, registered by the section modules.
TASKS: dict[str, tuple[Ask, Act]] = {}


def task(kind: str, ask: Ask | None = None) -> Callable[[Act], Act]:
    """Register ``act`` (decorated) for tasks of ``kind``, with ``ask`` (None: the task never asks)."""
    def register(act: Act) -> Act:
        TASKS[kind] = (ask or _never, act)
        return act
    return register


def _never(campaign: Campaign, t: dict[str, Any]) -> Decision | None:
    return None
