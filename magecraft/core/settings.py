"""House rules: each rule system's rulings that tables might make differently, as a frozen dataclass.

Every system keeps one ``Settings`` dataclass whose fields are the settings named in
docs/rulings.md.  :func:`dataclass_from_dict` builds one (or any record read from a data
file, such as a noble's sheet) from a file's table and refuses the whole file when a field
is unknown or has the wrong type; :func:`load_settings` reads a TOML house-rules file.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Example:
...     land_counts: int = 1
...     bed_rest_doubles: bool = True
>>> dataclass_from_dict(Example, {"land_counts": 0})
Example(land_counts=0, bed_rest_doubles=True)
>>> dataclass_from_dict(Example, {"land_count": 0})
Traceback (most recent call last):
...
magecraft.core.errors.DataError: house rules: unknown field 'land_count' (known: bed_rest_doubles, land_counts)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import MISSING, asdict, fields, is_dataclass
from pathlib import Path
from typing import Any, TypeVar

from magecraft.core.errors import DataError, InputError

S = TypeVar("S")


def dataclass_from_dict(cls: type[S], raw: Mapping[str, Any], what: str = "house rules") -> S:
    """Build the dataclass ``cls`` from ``raw``; an unknown field, a wrong type or a refused value refuses it all.

    Fields with a plain default are type-checked against it; others are left to ``cls`` itself.
    """
    if not is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a settings dataclass")
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise DataError(f"{what}: unknown field {unknown[0]!r} (known: {', '.join(sorted(known))})")
    missing = [name for name, f in known.items()
               if f.init and name not in raw and f.default is MISSING and f.default_factory is MISSING]
    if missing:
        raise DataError(f"{what}: missing field {missing[0]!r}")
    values = dict(raw)
    for name, value in raw.items():
        field = known[name]
        default = field.default_factory() if field.default_factory is not MISSING else field.default
        if default is MISSING or default is None:
            continue
        if isinstance(default, tuple) and isinstance(value, list):
            # TOML and JSON have no tuples: a list is taken for a tuple field.
            values[name] = value = tuple(value)
        expected = type(default)
        fits = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            fits = True
        if not fits:
            raise DataError(f"{what}: field {name!r} takes a {expected.__name__}, not {value!r}")
    try:
        return cls(**values)
    except (TypeError, ValueError, InputError) as exc:
        raise DataError(f"{what}: {exc}") from None


def settings_to_dict(settings: Any) -> dict[str, Any]:
    """The settings as plain JSON data (tuples as lists), so a saved and reloaded state is equal."""
    return {k: _plain(v) for k, v in asdict(settings).items()}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def load_settings(cls: type[S], path: Path, table: str | None = None) -> S:
    """Read house rules from a TOML file (optionally from one ``[table]`` of it); a bad file is refused."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read {path}: {exc.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{path} is not valid TOML: {exc}") from None
    if table is not None:
        section = raw.get(table, {})
        if not isinstance(section, dict):
            raise DataError(f"{path}: [{table}] must be a table of settings")
        raw = section
    return dataclass_from_dict(cls, raw, str(path))
