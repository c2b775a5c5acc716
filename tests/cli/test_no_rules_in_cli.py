"""No rule constant in magecraft/cli/ (issue 23 item 3): a lint over the command line's source.

What it flags, read with ``ast`` from every ``magecraft/cli/*.py``:

1. arithmetic (``+ - * / // % **``, also ``x += 3``) or a comparison (``< <= > >= == !=``) with a number
   literal other than 0, 1 or 2 (either sign): ``10 + 2 * attribute``, ``-5 < life``, ``moves <= 4``,
   ``index % 6`` are a rule book's numbers, which belong in the system's package (the CLI then calls
   it).  0, 1 and 2 pass: counting from one, halving, "is it empty", "one or more" are not rules;
2. a module-level name bound to a number (``REFEREE_ATTRIBUTE = 2``): a constant of the CLI must say
   what it is on the screen.

A number that is the screen's or the input's own -- a width, a page length, a length of typed text before
it is quoted -- is listed in :data:`DISPLAY` with why; a comparison with ``len(...)`` (a text's or a
list's length) passes without a listing.  Option bounds (``typer.Option(min=0, max=9)``) are not read:
they bound what may be typed, and the engine still checks the rule.  The lint sees literals only; a rule
written with names of the CLI's own would slip through, which review has to catch.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import magecraft.cli

CLI = Path(magecraft.cli.__file__).parent

#: The screen's and the input's own numbers, by module and the expression's source, with why.
DISPLAY: dict[tuple[str, str], str] = {
    ("lab.py", 'test["p_value"] < 0.05'): "the statistics' significance level, not a rule of a book",
    ("magic_realm_combat.py", "parts == 3"): "WEAPON/CHIT/TARGET has three parts when a target is asked",
    ("mtg_rpg_world_sheets.py", "number % 10"): "a realm's two-letter map code uses its number's last digit",
    ("playloop.py", "options.console().size.height - 10"): "lines kept for the board above a menu",
    ("serve.py", "0 < port < 65536"): "a TCP port",
    ("wizard_prince_play.py", "2**31"): "the range of a made-up seed for the bots' dice",
    ("wizard_prince_play.py", "base * 1000"): "each bot's dice seeded apart from the others'",
    ("playloop.py", "UNDO_DEPTH"): "snapshots undo keeps",
    ("playloop.py", "LOG_LENGTH"): "events 'log' shows",
    ("wizard_prince_banquet.py", "SIDE_BY_SIDE"): "columns for the nobles panel beside the board",
    ("magic_realm_play.py", "ASK"): "a marker: the question is asked at the prompt",
    ("planeswalker_table.py", "ASK_EXCESS"): "the same",
    ("mtg_rpg_world.py", "MOST_SEASONS"): "the longest run the command accepts, not a rule",
}


ALLOWED = {0, 1, 2}


def _number(node: ast.expr) -> float | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):  # True and False are not numbers
        return abs(node.value)
    return None


def _is_len(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"


def _operands(node: ast.AST) -> list[ast.expr] | None:
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.AugAssign):
        return [node.value]
    if isinstance(node, ast.Compare) and not any(isinstance(op, (ast.In, ast.NotIn, ast.Is, ast.IsNot))
                                                 for op in node.ops):
        return [node.left, *node.comparators]
    return None


def findings(source: str) -> Iterator[tuple[int, str]]:
    """Each flagged place of ``source``: its line and its source text (the allow-lists' key)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        operands = _operands(node)
        if operands is None or any(_is_len(o) for o in operands):
            continue
        numbers = [n for o in operands if (n := _number(o)) is not None]
        if any(n not in ALLOWED for n in numbers):
            yield node.lineno, ast.get_source_segment(source, node) or ""
    for statement in tree.body:
        targets = (statement.targets if isinstance(statement, ast.Assign)
                   else [statement.target] if isinstance(statement, ast.AnnAssign) and statement.value else [])
        value = getattr(statement, "value", None)
        if value is not None and _number(value) is not None:
            for target in targets:
                if isinstance(target, ast.Name):
                    yield statement.lineno, target.id


def test_no_rule_number_in_the_cli() -> None:
    flagged = [f"{path.name}:{line}: {text}" for path in sorted(CLI.glob("*.py"))
               for line, text in findings(path.read_text(encoding="utf-8"))
               if (path.name, text) not in DISPLAY]
    assert flagged == [], ("a rule book's number in the command line: move it into the system's package and "
                           "call it (or, if it is the screen's own, list it in DISPLAY with why):\n"
                           + "\n".join(flagged))


def test_every_display_number_is_still_there() -> None:
    """The allow-list does not outlive its numbers (a stale line would let a rule back in unseen)."""
    found = {(path.name, text) for path in CLI.glob("*.py") for _, text in findings(path.read_text("utf-8"))}
    assert [key for key in DISPLAY if key not in found] == []


def test_the_lint_sees_rule_numbers() -> None:
    flagged = [text for _, text in findings(
        "LIFE = 7\ndef f(a, life, text):\n    x = 10 + 2 * a\n    if -5 < life:\n        pass\n"
        "    y = a % 2 + 1\n    z = len(text) <= 24\n    w = a in (3, 4)\n")]
    assert flagged == ["10 + 2 * a", "-5 < life", "LIFE"]
