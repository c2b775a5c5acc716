"""The event log: every roll, choice and state change, in order.

An :class:`Event` has a ``kind`` (``roll``, ``shuffle``, ``choice``, ``action``,
``state`` ...), a human ``label`` saying what it was for, the ``section`` of the
seed whose rule it applies (where one does) and a small JSON-able ``data`` dict.

>>> log = EventLog()
>>> _ = log.record("roll", "quick cast", data={"dice": "1d12", "value": 5})
>>> print(log.to_jsonl())
{"seq": 0, "kind": "roll", "label": "quick cast", "section": null, "data": {"dice": "1d12", "value": 5}}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from magecraft.core.errors import DataError

JSON = Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened."""

    seq: int
    kind: str
    label: str
    section: str | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "label": self.label,
            "section": self.section,
            "data": dict(self.data),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, JSON]) -> Event:
        try:
            return cls(
                seq=int(raw["seq"]),
                kind=str(raw["kind"]),
                label=str(raw["label"]),
                section=None if raw.get("section") is None else str(raw["section"]),
                data=dict(raw.get("data") or {}),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"event log entry is malformed: {exc}") from None


class EventLog:
    """An append-only list of :class:`Event` objects."""

    __slots__ = ("_events",)

    def __init__(self, events: list[Event] | None = None) -> None:
        self._events: list[Event] = events or []

    def record(
        self,
        kind: str,
        label: str,
        *,
        section: str | None = None,
        data: Mapping[str, JSON] | None = None,
    ) -> Event:
        """Append an event and return it."""
        event = Event(len(self._events), kind, label, section, data if data is not None else {})
        self._events.append(event)
        return event

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self._events if e.kind == kind]

    def rolls(self) -> list[int]:
        """The die values rolled so far, in order: a script that replays this log."""
        return [int(e.data["value"]) for e in self._events if e.kind == "roll"]

    def to_list(self) -> list[dict[str, JSON]]:
        return [e.to_dict() for e in self._events]

    def to_jsonl(self) -> str:
        """The log as JSON Lines (one event per line, no trailing newline)."""
        return "\n".join(json.dumps(e.to_dict(), sort_keys=False) for e in self._events)

    @classmethod
    def from_jsonl(cls, text: str) -> EventLog:
        """Read a log written by :meth:`to_jsonl`; a malformed line refuses the whole file."""
        events: list[Event] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DataError(f"event log line {number} is not JSON: {exc.msg}") from None
            if not isinstance(raw, dict):
                raise DataError(f"event log line {number} is not an object")
            events.append(Event.from_dict(raw))
        return cls(events)

    @classmethod
    def from_list(cls, items: Iterable[Mapping[str, JSON]]) -> EventLog:
        return cls([Event.from_dict(item) for item in items])
