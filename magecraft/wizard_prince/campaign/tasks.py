"""The year's questions: each :class:`Decision` the year asks, and the campaign's actions (its typed answers,
:mod:`~.answers`, and what may be said besides them).

The year is a queue of small tasks, each asking at most one question, then acting.  A task is a plain dict
(``{"do": kind, ...}``) so the whole year saves and reloads exactly.  Each kind registers (with
:func:`~.state.task`) ``ask(campaign, task) -> Decision | None`` (the options, computed once per decision) and
``act(campaign, task, option)``; ``act`` may push further tasks, which run before the rest of the year.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from magecraft.core.errors import DataError
from magecraft.wizard_prince.campaign.answers import Answer, Option, Question, read_answer

__all__ = ["GM", "Action", "Answer", "Boost", "Decision", "EnterBanquet", "Option", "Question", "Record"]

GM = "GM"


@dataclass(frozen=True, slots=True)
class Decision:
    """A question the rules put to ``player`` (a noble's name, or ``GM``), with every legal answer."""

    kind: Question
    player: str
    options: tuple[Answer, ...]
    prompt: str
    section: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "options": [list(o.option) for o in self.options],
                "prompt": self.prompt, "section": self.section, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Decision:
        if raw["kind"] not in set(Question):
            raise DataError(f"{raw['kind']!r} is not a question the year asks")
        kind = Question(raw["kind"])
        return cls(kind, str(raw["player"]), tuple(read_answer(kind, tuple(o)) for o in raw["options"]),
                   str(raw["prompt"]), str(raw["section"]), dict(raw.get("data", {})))


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

    def words(self) -> str:
        """What the GM says to record it ("record Ann:wealth:+1:a dragon's hoard"), read back by :meth:`parse`."""
        detail = f":{self.detail}" if self.detail else ""
        return f"record {self.noble}:{self.what}:{self.amount:+d}:{self.reason}{detail}"

    @classmethod
    def parse(cls, text: str) -> Record:
        """``NOBLE:WHAT:AMOUNT:REASON[:DETAIL]`` (``"Ann:wealth:+1:a dragon's hoard"``); any other shape is
        refused with a ``DataError`` naming it.  Whether the record is allowed is the campaign's ``check``.

        >>> Record.parse("Ann:wealth:+1:a dragon's hoard")
        Record(noble='Ann', what='wealth', amount=1, reason="a dragon's hoard", detail='')
        """
        parts = text.split(":")
        if len(parts) not in (4, 5) or not parts[2].strip().lstrip("+-").isdigit():
            raise DataError(f"{text!r} is not NOBLE:WHAT:AMOUNT:REASON[:DETAIL]")
        detail = parts[4] if len(parts) == 5 else ""
        return cls(parts[0].strip(), parts[1].strip(), int(parts[2]), parts[3], detail)


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

    def words(self) -> str:
        """What the player says to buy it ("boost Ann status"), read back by :meth:`parse`."""
        return f"boost {self.noble} {self.stat}"

    @classmethod
    def parse(cls, text: str) -> Boost:
        """``boost NOBLE STAT`` (the noble's name as written, spaces and all; the statistic is the last word, case
        aside); any other shape is refused with a ``DataError``.  Whether the boost is allowed is the campaign's
        ``check``.

        >>> Boost.parse("boost Lord Vax status")
        Boost(noble='Lord Vax', stat='status')
        """
        head = text.split(None, 1)
        rest = head[1].rsplit(None, 1) if len(head) == 2 else []
        if [w.casefold() for w in head[:1]] != ["boost"] or len(rest) != 2:
            raise DataError(f"{text!r} is not boost NOBLE STAT")
        return cls(rest[0].strip(), rest[1].casefold())


Action = Answer | Record | EnterBanquet | Boost
