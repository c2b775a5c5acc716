"""Makes ``wp_helpers`` importable from the banquet tests (pytest runs in importlib mode)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from wp_helpers import Arrange, arrange_banquet


@pytest.fixture
def arrange() -> Arrange:
    return arrange_banquet
