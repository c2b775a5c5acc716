"""The Planeswalker package kept in order (issue 23): short functions, the pervasive effects composed."""

from __future__ import annotations

import ast
from pathlib import Path

import magecraft.planeswalker
from magecraft.core.randomness import Randomness
from magecraft.planeswalker.pervasive import PervasiveEffects
from magecraft.planeswalker.position import BattlePosition
from magecraft.planeswalker.resolution import Resolution

PACKAGE = Path(magecraft.planeswalker.__file__).parent


def test_no_function_is_over_sixty_lines():
    long = [f"{path.name}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in sorted(PACKAGE.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > 60]
    assert long == []


def test_the_resolution_holds_the_pervasive_effects_it_consults():
    assert Resolution.__bases__ == (object,)
    battle = BattlePosition.from_mapping({"hero": {"ready": "Kiora the Wanderer"}}).start(Randomness.scripted([]))
    assert isinstance(battle.pervasive, PervasiveEffects) and battle.pervasive.battle is battle
