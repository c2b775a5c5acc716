"""No import circles in magecraft (issue 23 item 1).

Every import of every module counts: module level, ``if TYPE_CHECKING:`` blocks and imports inside
functions (an import inside a function that only dodges a circle is still a circle in the design).  The
graph is read from the source with ``ast``, nothing is imported, so the test is quick.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import magecraft

ROOT = Path(magecraft.__file__).parent

def module_name(path: Path) -> str:
    """``magecraft/cli/app.py`` -> ``magecraft.cli.app``; a package is its ``__init__``."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(node: ast.AST, package: str) -> Iterator[str]:
    """The names an import statement may bring in (``from a import b`` may import module ``a.b``)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        yield base
        yield from (f"{base}.{alias.name}" for alias in node.names)


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each magecraft module and the magecraft modules it imports anywhere in its source."""
    modules = {module_name(path): path for path in ROOT.rglob("*.py")}
    edges: dict[str, frozenset[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for target in imported(node, package):
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        edges[name] = frozenset(found)
    return edges


def circles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle() -> None:
    left = circles(graph())
    assert left == [], "import circles (break them: shared names in a module both import):\n" + "\n".join(
        " <-> ".join(circle) for circle in left)


def test_no_circle_in_the_command_line() -> None:
    cli = [circle for circle in circles(graph()) if any(m.startswith("magecraft.cli.") for m in circle)]
    assert cli == []


@pytest.mark.parametrize("edges, expected", [
    ({"a": frozenset({"b"}), "b": frozenset({"a"}), "c": frozenset({"a"})}, [["a", "b"]]),
    ({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset()}, []),
    ({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"})}, [["a", "b", "c"]]),
])
def test_the_walk_finds_circles(edges: dict[str, frozenset[str]], expected: list[list[str]]) -> None:
    assert circles(edges) == expected


def test_every_kind_of_import_is_seen() -> None:
    """An import inside a function and one under TYPE_CHECKING are edges too (they once hid the CLI circles)."""
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from magecraft.core import errors\n"
              "def f():\n    from ..core import events\n    import magecraft.core.names\n")
    targets = {t for node in ast.walk(ast.parse(source)) for t in imported(node, "magecraft.cli")}
    assert {"magecraft.core.errors", "magecraft.core.events", "magecraft.core.names"} <= targets


def layer(module: str) -> str:
    """The layer a module belongs to: ``core``, a rule system's package, ``games`` (the catalogue), or a front
    end (``cli``, ``web``, ``lab``, ``adapters``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "magecraft"


SYSTEMS = frozenset({"wizard_prince", "mtg_rpg", "planeswalker", "magic_realm", "mage_wars"})
#: What each layer may import besides itself (docs/architecture.md's drawing): core knows no rule system, a
#: rule system knows core (and the Planeswalker battle the MtG card pool its spells are printed on), and the
#: front ends reach the games through the registry -- the command line also through each system's command
#: group, the web table also the banquet board's geometry it draws.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "core": frozenset(),
    **{system: frozenset({"core"}) for system in SYSTEMS},
    "planeswalker": frozenset({"core", "mtg_rpg"}),
    "games": frozenset({"core"}),
    "lab": frozenset({"core", "games"}),
    "adapters": frozenset({"core", "games"}),
    "web": frozenset({"core", "games", "wizard_prince"}),
    "cli": frozenset({"core", "games", "lab", "web", "magecraft", *SYSTEMS}),
}


def test_the_layers_import_only_downwards() -> None:
    crossing = sorted(f"{module} -> {target}" for module, targets in graph().items() for target in targets
                      if layer(target) != layer(module) and layer(module) in MAY_IMPORT
                      and layer(target) not in MAY_IMPORT[layer(module)])
    assert crossing == []
