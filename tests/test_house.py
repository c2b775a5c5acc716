"""The house in order (issue 23 item 4): no function over 60 lines and no module over 800 in the whole package.

Read from the source with ``ast`` (nothing imported): a long ``if``/``elif`` chain becomes a dispatch table, a
long module is split along the rule book's own sections.
"""

from __future__ import annotations

import ast
from pathlib import Path

import magecraft

ROOT = Path(magecraft.__file__).parent
#: The longest function and module the house allows.
MOST_LINES_A_FUNCTION = 60
MOST_LINES_A_MODULE = 800


def test_no_function_is_over_sixty_lines() -> None:
    long = [f"{path.relative_to(ROOT)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in sorted(ROOT.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MOST_LINES_A_FUNCTION]
    assert long == []


def test_no_module_is_over_eight_hundred_lines() -> None:
    long = [f"{path.relative_to(ROOT)} ({lines} lines)" for path in sorted(ROOT.rglob("*.py"))
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES_A_MODULE]
    assert long == []
