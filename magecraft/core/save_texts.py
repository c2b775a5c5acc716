"""How a saved state is kept as text: its body without the log, and one JSON text per event.

The store (:mod:`magecraft.core.saves`) writes a state as these texts so that a save after one more turn
appends the new events instead of rewriting the whole log, and keeps each earlier revision in its history
as one JSON object (:func:`history_text`).  Reading back refuses, in one line, a text that is not the JSON
object a state is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from magecraft.core.errors import SaveError


def state_texts(name: str, state: Mapping[str, Any]) -> tuple[str, list[str]]:
    """The state's JSON (without its log) and each event's JSON; refused before anything is written."""
    try:
        body = json.dumps({k: v for k, v in state.items() if k != "log"})  # key order kept
        events = [json.dumps(event) for event in state.get("log", [])]
    except (TypeError, ValueError) as exc:
        raise SaveError(f"could not save {name!r}; the previous save is unchanged ({one_line(exc)})") from None
    return body, events


def history_text(texts: tuple[str, list[str]]) -> str:
    """A revision as the history keeps it: one JSON object, its log inside (last, as ``state_from`` puts it).

    Joined as text rather than decoded and encoded again: a save's whole log would otherwise be parsed
    and re-written on every save (the play loop saves after each turn).

    >>> history_text(('{"turn": 3}', ['{"kind": "roll"}']))
    '{"turn": 3, "log": [{"kind": "roll"}]}'
    >>> history_text(("{}", []))
    '{"log": []}'
    """
    body, events = texts
    opening = body.rstrip()[:-1].rstrip()  # the object without its closing brace
    separator = "" if opening == "{" else ", "
    return f'{opening}{separator}"log": [{", ".join(events)}]}}'


def common_prefix(old: list[str], new: list[str]) -> int:
    """How many events at the start of ``old`` and ``new`` are the same.

    >>> common_prefix(["a", "b", "c"], ["a", "b", "d", "e"])
    2
    """
    kept = 0
    for before, after in zip(old, new, strict=False):
        if before != after:
            break
        kept += 1
    return kept


def state_from(texts: tuple[str, list[str]], path: Path | None = None, save_id: int = 0) -> dict[str, Any]:
    state = decode_state(texts[0], path, save_id)
    try:
        state["log"] = [json.loads(text) for text in texts[1]]
    except (json.JSONDecodeError, TypeError):
        raise SaveError(f"save {save_id} in {path} is damaged: its event log is not JSON") from None
    return state


def decode_state(text: Any, path: Path | None, save_id: int) -> dict[str, Any]:
    try:
        state = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveError(f"save {save_id} in {path} is damaged: {getattr(exc, 'msg', exc)}") from None
    if not isinstance(state, dict):
        raise SaveError(f"save {save_id} in {path} is damaged: its state is not a JSON object")
    return state


def one_line(exc: BaseException) -> str:
    """SQLite's message on one line: a damaged schema is quoted with its newlines (found by the byte flips)."""
    return " ".join(str(exc).split())
