"""Makes ``wp_helpers`` importable from the banquet tests (pytest runs in importlib mode)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from wp_helpers import Arrange, arrange_banquet

from magecraft.core.randomness import ScriptedSource
from magecraft.wizard_prince.banquet import Banquet


@pytest.fixture
def arrange() -> Iterator[Arrange]:
    """``arrange_banquet``, and afterwards every scripted die must have been rolled: a test whose dice
    are left over scripts rolls the rules never made."""
    made: list[Banquet] = []

    def make(*args: Any, **kwargs: Any) -> Banquet:
        made.append(arrange_banquet(*args, **kwargs))
        return made[-1]

    yield make
    for banquet in made:
        source = banquet.rng.source
        if isinstance(source, ScriptedSource):
            assert source.remaining == 0, f"{source.remaining} scripted dice were never rolled"
