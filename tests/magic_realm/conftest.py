"""Makes ``realm_helpers`` importable from the Magic Realm tests (pytest runs in importlib mode)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
