"""The courtier chits ("The Courtier Descriptions", seed 004), loaded from ``data/courtier_chits.toml``.

Sixty-four chits of 21 kinds go into the cup; sixteen are drawn, one under each courtier pawn.

>>> kinds = chit_kinds()
>>> sum(k.count for k in kinds.values()), len(kinds)
(64, 21)
>>> kinds["butler"].negative, kinds["grand_herald"].negative
(True, False)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from magecraft.core.errors import DataError

#: The rules the banquet knows how to apply; a chit file naming any other is refused.
EFFECTS = frozenset({
    "end_banquet", "droning_bore", "drunken_boor", "black_magic", "guild_assassin", "usurper",
    "emperress", "crown_prince", "hierophant", "writ_of_battle", "province", "gain",
    "barbarian_invasion", "sanctioned_duel", "appointment", "unit_upgrade", "coup", "production_bonus",
})
STATISTICS = ("status", "wealth", "legions", "fleets")


@dataclass(frozen=True, slots=True)
class ChitKind:
    """One kind of courtier chit: negative ones act when met, positive ones when presented."""

    key: str
    name: str
    polarity: str
    count: int
    effect: str
    gain: Mapping[str, int] = field(default_factory=dict)
    figure: str = ""

    @property
    def negative(self) -> bool:
        return self.polarity == "negative"

    @property
    def stays_in_play(self) -> bool:
        """Emperress, Crown Prince and Hierophant are replaced by a queen, rook or bishop."""
        return bool(self.figure)


def parse_chits(raw: Mapping[str, Any], source: str = "courtier chits") -> dict[str, ChitKind]:
    """Check and read a chit file; any fault refuses the whole file."""
    kinds: dict[str, ChitKind] = {}
    try:
        for entry in raw["chit"]:
            kind = ChitKind(
                key=str(entry["key"]),
                name=str(entry["name"]),
                polarity=str(entry["polarity"]),
                count=int(entry["count"]),
                effect=str(entry["effect"]),
                gain={str(k): int(v) for k, v in dict(entry.get("gain", {})).items()},
                figure=str(entry.get("figure", "")),
            )
            if kind.polarity not in ("positive", "negative"):
                raise DataError(f"{source}: {kind.name} must be positive or negative, not {kind.polarity!r}")
            if kind.effect not in EFFECTS:
                raise DataError(f"{source}: {kind.name} has unknown effect {kind.effect!r}")
            if kind.count < 0:
                raise DataError(f"{source}: {kind.name} has a negative count")
            if set(kind.gain) - set(STATISTICS):
                raise DataError(f"{source}: {kind.name} gains an unknown statistic")
            if kind.figure not in ("", "queen", "rook", "bishop"):
                raise DataError(f"{source}: {kind.name} has unknown figure {kind.figure!r}")
            if kind.key in kinds:
                raise DataError(f"{source}: two chits are keyed {kind.key!r}")
            kinds[kind.key] = kind
    except KeyError as exc:
        raise DataError(f"{source}: missing key {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise DataError(f"{source}: {exc}") from None
    return kinds


@cache
def chit_kinds() -> dict[str, ChitKind]:
    """The 21 shipped kinds, by key (loaded once)."""
    text = resources.files("magecraft.wizard_prince").joinpath("data", "courtier_chits.toml").read_text(
        encoding="utf-8")
    return parse_chits(tomllib.loads(text), "wizard_prince/courtier_chits.toml")


@cache
def negative_kinds() -> frozenset[str]:
    """The keys of the negative kinds (those that act when met).

    >>> "butler" in negative_kinds(), "grand_herald" in negative_kinds()
    (True, False)
    """
    return frozenset(key for key, kind in chit_kinds().items() if kind.negative)


def the_cup() -> list[str]:
    """Every chit in the GM's cup (64 keys, in file order, before shuffling)."""
    return [kind.key for kind in chit_kinds().values() for _ in range(kind.count)]
