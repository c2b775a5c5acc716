"""How many dice the realm's tables roll (ruling MR49, seed 002).

The expansion leans on the base game, where a table is rolled with two dice and the higher one is the
result; it names one die only where one die is meant: "use only one die" (7.3, Traveller Movement), "roll
a single die" (the Wood Sprite's escape), "Use 1d6 and subtract 2" (the Bounty Hunter), and it names
"high die of 2d6" for Shejoh's Ring (10.2).  So every other table's data says ``dice = "2d6h1"``.  A
table that plays the expansion with one die on every table sets :attr:`RealmSettings.one_die`; the
tables whose dice the seed names keep them either way.

>>> table("mr_steal_attempt").dice, table("mr_steal_attempt", RealmSettings(one_die=True)).dice
('2d6h1', '1d6')
>>> table("mr_traveller_movement", RealmSettings(one_die=False)).dice
'1d6'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from functools import cache
from typing import Any

from magecraft.core.errors import InputError
from magecraft.core.randomness import Randomness
from magecraft.core.settings import dataclass_from_dict
from magecraft.core.tables import RandomTable, TableResult, get_table

#: The base game's table roll: two dice, the higher one counts.
TWO_DICE = "2d6h1"
ONE_DIE = "1d6"
#: Tables whose dice the seed itself names (7.3 "use only one die", the Wood Sprite's "roll a single die",
#: 10.2 "high die of 2d6"): the setting leaves them alone.
SEED_NAMES_DICE = frozenset({"mr_traveller_movement", "mr_wood_sprite_escape", "mr_shejoh_ring"})


@dataclass(frozen=True, slots=True)
class RealmSettings:
    """The realm's house rules (docs/rulings.md).  ``one_die``: every table the seed does not name the dice
    of is rolled with one die instead of the base game's high die of two (ruling MR49).
    ``offroad_neighbours``: offroad travel's clearing results may also reach the tiles next to the one left
    (the old reading of ruling MR32, for 1.2/3's "still ... travel offroad" into the Dark Forest).
    ``gate_master_past``: the Gate Master, hired, tells his employer the gates the other characters have
    already discovered, not only those discovered while he serves (ruling MR52).
    ``spells_known``: a character casts on the board only the spells recorded as his (ruling MR55); off, the
    referee judges every cast (the old reading of MR45).
    ``last_day``: the game ends after this day, the living characters with the most gold winning (ruling
    MR56: the base game's month of 28 days); 0: no last day, the realm runs until every character is dead."""

    one_die: bool = False
    offroad_neighbours: bool = False
    gate_master_past: bool = True
    spells_known: bool = True
    last_day: int = 28

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def read(cls, raw: Mapping[str, Any] | None) -> RealmSettings:
        return DEFAULT_SETTINGS if raw is None else dataclass_from_dict(cls, raw, "the realm's settings")

    @classmethod
    def read_saved(cls, raw: Mapping[str, Any] | None) -> RealmSettings:
        """The settings a save was played under: a ruling added since the save was written (not named in its
        settings) keeps, in that game, the reading it was played under, so a resumed game plays on as it began.

        >>> RealmSettings.read_saved({}).last_day, RealmSettings.read_saved({"last_day": 28}).last_day
        (0, 28)
        """
        return cls.read({**BEFORE_RULINGS, **(raw or {})})


DEFAULT_SETTINGS = RealmSettings()
#: The readings before rulings MR55 (every board spell castable) and MR56 (no last day, nobody wins).
BEFORE_RULINGS: dict[str, Any] = {"spells_known": False, "last_day": 0}


def table(name: str, settings: RealmSettings = DEFAULT_SETTINGS) -> RandomTable:
    """The table ``name`` rolled with the dice ``settings`` give it."""
    found = get_table(name)
    if settings.one_die and name not in SEED_NAMES_DICE and found.dice == TWO_DICE:
        return one_die(name)
    return found


@cache
def one_die(name: str) -> RandomTable:
    """The table ``name`` rolled on one die (the Bounty Hunter's "Use 1d6", or the one-die setting)."""
    return replace(get_table(name), dice=ONE_DIE)


def dice_text(settings: RealmSettings = DEFAULT_SETTINGS) -> str:
    """How a table roll is written in a report: "1d6" or "high die of 2d6"."""
    return ONE_DIE if settings.one_die else "high die of 2d6"


def miracle_reroll(
    table: RandomTable, rng: Randomness, modifier: int = 0, *, label: str, miracles: int = 0, keep: str = "low"
) -> tuple[TableResult, tuple[int, ...]]:
    """A table roll with ``miracles`` Miracle chits played on it (MIRACLE 3): the first forces one re-roll and
    the better roll is kept; each further chit only modifies the roll chosen (re-rolls it, the better kept).
    Better is the lower (``keep="low"``: the stealing, offroad and dice tables reward low rolls) or the
    higher (ruling MR11).  Returns the roll kept and the raw rolls set aside, in order.

    >>> kept, aside = miracle_reroll(table("mr_playing_dice"), Randomness.scripted([5, 1, 6, 6, 2, 1]),
    ...                              label="dice", miracles=2)
    >>> kept.raw, aside
    (2, (6, 5))
    """
    if keep not in ("low", "high"):
        raise InputError(f"the better roll is the 'low' or the 'high' one, not {keep!r}")
    if miracles < 0:
        raise InputError(f"a count of Miracle chits is 0 or more, not {miracles}")
    chosen = table.roll(rng, modifier, label=label)
    aside: list[int] = []
    for n in range(1, miracles + 1):
        again = table.roll(rng, modifier, label=f"{label} (Miracle re-roll {n})")
        better = again.total < chosen.total if keep == "low" else again.total > chosen.total
        chosen, other = (again, chosen) if better else (chosen, again)
        aside.append(other.raw)
    return chosen, tuple(aside)
