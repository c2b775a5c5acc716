"""Reading the MtG RPG's own data files (``magecraft/mtg_rpg/data``): one way to find and parse them."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from magecraft.core.errors import DataError


def data_text(name: str) -> str:
    """The text of a shipped data file."""
    return resources.files("magecraft.mtg_rpg").joinpath("data", name).read_text(encoding="utf-8")


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """TOML text, or a DataError naming ``source`` (a bad file is refused whole)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{source}: not valid TOML: {exc}") from None


def read_toml(name: str) -> dict[str, Any]:
    """A shipped TOML data file."""
    return parse_toml(data_text(name), f"mtg_rpg/data/{name}")
