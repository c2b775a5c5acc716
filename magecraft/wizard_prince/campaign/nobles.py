"""Nobles of the campaign: Status, Wealth, Legions and Fleets (regular, elite, guard), realm and standing.

Seed 004, "Character Creation" (Status may go negative; a title from Status 1), "Large Battles"
(regular, elite and guard legions and fleets), "The Effects of Wealth" (boosts for one year),
"Converting Wealth and Gold", "Attending the Banquet" (standing, a one-time sponsorship).
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from dataclasses import dataclass, field, fields
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.settings import dataclass_from_dict
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.pieces import OfficeHeld, office

ARMS = ("legions", "fleets")
GRADES = ("regular", "elite", "guard")
#: "Elite and Guard fleets or legions are worth 1.5 and 2 ordinary fleets or legions" (Large Battles).
GRADE_POINTS = {"regular": 1.0, "elite": 1.5, "guard": 2.0}
#: What Wealth may boost for one year (The Effects of Wealth).
BOOSTS = ("legions", "fleets", "reputation", "status")
#: Experience to rise one level is taken as 2,000 x the level (ruling WC10; the seed leaves it to the OGL rules).
XP_PER_LEVEL = 2000


def _forces(regular: int = 0) -> dict[str, int]:
    return {"regular": regular, "elite": 0, "guard": 0}


@dataclass(slots=True)
class CampaignNoble:
    """A noble, player character or NPC, between banquets.

    ``legions`` and ``fleets`` count regular, elite and guard units; ``bought`` are the units Wealth
    bought this year (they "are lost completely at the end of the year") and ``boosts`` the year's
    Status and Reputation bought with Wealth.  ``title`` is his noble title ("count, baron, duke...": no
    effect on the rules).  ``capital`` is his capital province ("" with none);
    the provinces he rules are kept on the provinces themselves.  ``exiled_reign`` is the reign
    (see ``Campaign.reign``) he was exiled in, or -1.  ``slave_of`` is the duellist whose slave he became by
    losing a duel into negative Status ("Duels"), "" while he is free.
    """

    name: str
    npc: bool = False
    alive: bool = True
    status: int = 1
    wealth: int = 1
    legions: dict[str, int] = field(default_factory=lambda: _forces(1))
    fleets: dict[str, int] = field(default_factory=lambda: _forces(1))
    bought: dict[str, int] = field(default_factory=lambda: {"legions": 0, "fleets": 0})
    boosts: dict[str, int] = field(default_factory=lambda: {"status": 0, "reputation": 0})
    level: int = 7
    hit_points: int = 35
    character_class: str = "fighter"
    alignment: str = "Neutral"
    abilities: dict[str, int] = field(default_factory=dict)
    magic_items: int = 0
    items: list[str] = field(default_factory=list)
    gold: int = 0
    xp: int = 0
    appointment: OfficeHeld = ""
    capital: str = ""
    sponsored: bool = False
    exiled_reign: int = -1
    crown_support: int = 0
    temple_god: str = ""
    quests: int = 0
    save_targets: dict[str, int] = field(default_factory=dict)
    title: str = ""
    slave_of: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise DataError("a noble needs a name")
        self.appointment = office(self.appointment, self.name)
        for arm in ARMS:
            units = getattr(self, arm)
            if set(units) != set(GRADES) or not all(type(v) is int and v >= 0 for v in units.values()):
                raise DataError(f"{self.name}: {arm} count regular, elite and guard units (whole numbers, 0+)")

    # -- forces ---------------------------------------------------------------------------
    def arm(self, arm: str) -> dict[str, int]:
        if arm not in ARMS:
            raise DataError(f"{arm!r} is not legions or fleets")
        return self.legions if arm == "legions" else self.fleets

    def total(self, arm: str) -> int:
        """Units of ``arm`` he commands, with this year's bought ones."""
        return sum(self.arm(arm).values()) + self.bought[arm]

    @property
    def strength(self) -> int:
        """"Strength by total legions and fleets" (NPC Nobles Outside the Banquet)."""
        return self.total("legions") + self.total("fleets")

    def lose_units(self, arm: str, count: int) -> int:
        """Lose ``count`` units of ``arm``, regular first, then elite, then guard (ruling WC4); returns lost."""
        units = self.arm(arm)
        lost = 0
        for grade in GRADES:
            take = min(units[grade], count - lost)
            units[grade] -= take
            lost += take
        return lost

    def upgrade_unit(self, arm: str, grade: str) -> bool:
        """Raise one ``grade`` unit of ``arm`` a grade (regular to elite, elite to guard)."""
        units = self.arm(arm)
        if grade not in ("regular", "elite") or units[grade] < 1:
            return False
        units[grade] -= 1
        units[GRADES[GRADES.index(grade) + 1]] += 1
        return True

    # -- standing -------------------------------------------------------------------------
    @property
    def effective_status(self) -> int:
        return self.status + self.boosts["status"]

    @property
    def has_standing(self) -> bool:
        """"Anyone with Status, Wealth, Fleets or Legions of 1 or greater" (Attending the Banquet)."""
        return self.effective_status >= 1 or self.wealth >= 1 or self.total("legions") >= 1 \
            or self.total("fleets") >= 1

    def exiled(self, reign: int) -> bool:
        """Exiled "until the present Emperor is replaced" (COUP D'ETAT, 5)."""
        return self.exiled_reign == reign

    def may_attend(self, reign: int) -> bool:
        return self.alive and not self.exiled(reign) and (self.has_standing or self.sponsored)

    # -- the banquet --------------------------------------------------------------------------
    def banquet_noble(self) -> Noble:
        """His sheet for the banquet: this year's Status, Wealth, Legions and Fleets with the boosts."""
        noble = Noble(name=self.name, npc=self.npc, status=self.effective_status, wealth=self.wealth,
                      legions=self.total("legions"), fleets=self.total("fleets"), level=self.level,
                      hit_points=max(1, self.hit_points), character_class=self.character_class,
                      alignment=self.alignment, abilities=dict(self.abilities), magic_items=self.magic_items,
                      appointment=self.appointment)
        if self.save_targets:
            noble.save_targets = dict(self.save_targets)
        return noble

    @classmethod
    def from_banquet_noble(cls, noble: Noble) -> CampaignNoble:
        """A campaign noble from a banquet sheet (the CLI's ``--nobles`` files, rolled-up NPCs)."""
        return cls(name=noble.name, npc=noble.npc, status=noble.status, wealth=noble.wealth,
                   legions=_forces(noble.legions), fleets=_forces(noble.fleets), level=noble.level,
                   hit_points=noble.hit_points, character_class=noble.character_class,
                   alignment=noble.alignment, abilities=dict(noble.abilities), magic_items=noble.magic_items,
                   appointment=noble.appointment, save_targets=dict(noble.save_targets))

    # -- saves ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {f.name: deepcopy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> CampaignNoble:
        noble = dataclass_from_dict(cls, {k: deepcopy(v) for k, v in raw.items()},
                                    f"noble {raw.get('name', '?')}")
        for name in ("status", "wealth", "level", "xp", "gold"):
            if type(getattr(noble, name)) is not int:
                raise DataError(f"{noble.name}: {name} must be a whole number")
        # the year reads every key of these tables: a renamed or missing one is refused here, not mid-year
        for name, keys in (("bought", ("legions", "fleets")), ("boosts", ("status", "reputation"))):
            table = getattr(noble, name)
            if not isinstance(table, dict) or set(table) != set(keys) or not all(
                    type(v) is int for v in table.values()):
                raise DataError(f"{noble.name}: {name} must give a whole number for each of {', '.join(keys)}, "
                                f"not {table!r}")
        return noble
