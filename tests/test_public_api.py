"""Tests use the engines' public API: no test reads or sets a private attribute or calls a private method.

A private name (one leading underscore) of magecraft is its own business; a test that reaches for it
breaks when the engine is rearranged and proves nothing about what players can do.  Positions are
arranged through each system's public position builders (see docs/architecture.md, "Positions").
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
ALLOWED_OWNERS = {"self", "cls", "monkeypatch", "capsys", "request", "pytest"}
#: A named tuple's own public API is spelled with an underscore.
NAMED_TUPLE_API = {"_replace", "_fields", "_asdict", "_make"}


def private_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in NAMED_TUPLE_API:
            owner = node.value.id if isinstance(node.value, ast.Name) else None
            if owner not in ALLOWED_OWNERS:
                found.append(f"{path.relative_to(TESTS)}:{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("magecraft"):
            found += [f"{path.relative_to(TESTS)}:{node.lineno}: import {a.name}"
                      for a in node.names if _private(a.name)]
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


#: The engines' tests (the core's and the command line's own tests may test their own machinery).
ENGINE_TESTS = ("wizard_prince", "mtg_rpg", "planeswalker", "magic_realm", "mage_wars")


def engine_test_files() -> list[Path]:
    files = [path for name in ENGINE_TESTS for path in sorted((TESTS / name).rglob("*.py"))]
    return files + sorted(TESTS.glob("test_*.py"))


def test_no_test_touches_a_private_name_of_an_engine() -> None:
    found = [use for path in engine_test_files() for use in private_uses(path)]
    assert not found, f"{len(found)} private uses:\n" + "\n".join(found[:40])
