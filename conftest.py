"""Collection for the doctests of the package (pytest's testpaths include ``magecraft``): the adapters are
an optional extra ('rl'), so their modules are collected only when its libraries are installed."""

from __future__ import annotations

import importlib.util

collect_ignore_glob = [] if all(importlib.util.find_spec(name) for name in ("pettingzoo", "pyspiel")) else [
    "magecraft/adapters/pettingzoo.py", "magecraft/adapters/openspiel.py"]
