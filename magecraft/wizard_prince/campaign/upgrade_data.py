"""Province upgrades and the temples' gods as data (seed 004, "Province Upgrades"): ``data/upgrades.toml`` and
``data/temples.toml``, read once.  What building them does is :mod:`.upgrades`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from magecraft.core.errors import DataError


@dataclass(frozen=True, slots=True)
class UpgradeInfo:
    key: str
    name: str
    once: bool
    production: int
    yearly: str
    after_built: bool


@dataclass(frozen=True, slots=True)
class God:
    key: str
    name: str
    defence_morale: int
    invader_morale: int
    wealth_percent: int


def _data(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files("magecraft.wizard_prince").joinpath("data", name).read_text(
        encoding="utf-8"))


@cache
def upgrade_infos() -> dict[str, UpgradeInfo]:
    try:
        return {str(u["key"]): UpgradeInfo(str(u["key"]), str(u["name"]), bool(u.get("once", True)),
                                           int(u.get("production", 0)), str(u.get("yearly", "")),
                                           bool(u.get("after_built", False)))
                for u in _data("upgrades.toml")["upgrade"]}
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"wizard_prince/upgrades.toml: {exc}") from None


@cache
def gods() -> dict[str, God]:
    try:
        return {str(g["key"]): God(str(g["key"]), str(g["name"]), int(g.get("defence_morale", 0)),
                                   int(g.get("invader_morale", 0)), int(g.get("wealth_percent", 0)))
                for g in _data("temples.toml")["god"]}
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"wizard_prince/temples.toml: {exc}") from None
