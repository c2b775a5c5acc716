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
from types import MappingProxyType
from typing import Any, NamedTuple

from magecraft.core.errors import DataError

JSON = Any
#: The data of an event recorded without any; read-only, so that sharing it is safe.
NO_DATA: Mapping[str, JSON] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened.

    A named tuple rather than a frozen dataclass: a game records an event for every roll, and a tuple
    is built at C speed (a frozen dataclass pays ``object.__setattr__`` per field).
    """

    seq: int
    kind: str
    label: str
    section: str | None = None
    data: Mapping[str, JSON] = NO_DATA

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
        events = self._events
        event = _new_event(Event, (len(events), kind, label, section, NO_DATA if data is None else data))
        events.append(event)
        return event

    def __len__(self) -> int:
        return len(self._events)

    def append_roll(self, label: str, section: str | None, die: str, value: int) -> None:
        """Record a ``roll`` event of one die (the hot path of :meth:`Randomness.roll`)."""
        events = self._events
        events.append(_new_event(Event, (len(events), "roll", label, section, {"dice": die, "value": value})))

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


#: ``tuple.__new__`` builds an :class:`Event` without the Python-level ``__new__`` of a named tuple.
_new_event = tuple.__new__


#: Event kinds that draw on the dice or the deck: undo past them would let a player roll again.
RANDOM_KINDS = frozenset({"roll", "shuffle", "choice"})


def undo_stops_at(event: Event) -> str | None:
    """Why undo may not go back past ``event`` in any game, at the terminal or on the web table: a die rolled, a
    deck shuffled, a secret shown to a seat (``private_to``); None when undoing it hides nothing learnt."""
    if event.kind in RANDOM_KINDS:
        return f"{event.label} was rolled" if event.kind == "roll" else f"{event.label} happened"
    if event.data.get("private_to") is not None:
        return f"hidden information was revealed ({event.label})"
    return None
