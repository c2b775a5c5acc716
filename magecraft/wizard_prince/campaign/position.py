"""A campaign between years in the rule book's words: these nobles with this Status and Wealth, this one
ruling the County of Rosethorn (his capital) with a Salon built there, the GM about to begin year 3.

Seed 004, "How the Campaign Works" (the year), "Character Creation" (Status, Wealth, Legions, Fleets),
"The Effects of Provinces" (a realm and its capital) and "Province Upgrades".  A :class:`CampaignPosition`
is checked whole before a campaign is built from it: a province not on the map, ruled by two nobles or by
nobody named, an upgrade that does not exist, a noble's sheet that does not hold, is refused with a
``DataError`` saying why.

>>> from magecraft.core.randomness import Randomness
>>> c = CampaignPosition.from_mapping({
...     "nobles": [{"name": "Ann", "status": 4, "wealth": 3}, {"name": "Bob"}],
...     "realms": {"Ann": ["County of Rosethorn", "Enlyor"]}, "year": 2}).campaign(Randomness.seeded(1))
>>> c.nobles["Ann"].capital, c.provinces["Enlyor"].owner, c.year, c.pending.prompt
('County of Rosethorn', 'Ann', 2, 'Begin year 3?')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from magecraft.core.errors import DataError
from magecraft.wizard_prince.campaign.answers import Question, Reply
from magecraft.wizard_prince.campaign.empire import load_map
from magecraft.wizard_prince.campaign.nobles import CampaignNoble
from magecraft.wizard_prince.campaign.sections import CAMPAIGN
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import GM, Decision
from magecraft.wizard_prince.campaign.upgrade_data import upgrade_infos
from magecraft.wizard_prince.pieces import appointments
from magecraft.wizard_prince.settings import Settings

if TYPE_CHECKING:
    from magecraft.core.randomness import Randomness
    from magecraft.wizard_prince.campaign.year import Campaign

_KEYS = ("nobles", "realms", "upgrades", "year", "map", "settings", "banquet")


@dataclass(frozen=True)
class CampaignPosition:
    """``nobles``: each noble's sheet (``name`` and any :class:`~.nobles.CampaignNoble` field: ``status``,
    ``wealth``, ``npc``, ``appointment``, ``legions = {regular = 2, elite = 0, guard = 0}`` ...);
    ``realms``: the provinces each rules, his capital first; ``upgrades``: the upgrades built in a province
    (``{"County of Rosethorn" = ["salon"]}``); ``year``: the years already played; ``map``, ``settings``
    and ``banquet``: the map and the table's campaign and banquet rulings."""

    nobles: tuple[Mapping[str, Any], ...]
    realms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    upgrades: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    year: int = 0
    map: str = "velkaria"
    settings: Mapping[str, Any] = field(default_factory=dict)
    banquet: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> CampaignPosition:
        """A position from a scenario's ``[setup]`` table (TOML); unknown keys are refused."""
        unknown = sorted(set(raw) - set(_KEYS))
        if unknown:
            raise DataError(f"position: unknown key {unknown[0]!r} (known: {', '.join(_KEYS)})")
        try:
            return cls(tuple(dict(n) for n in raw.get("nobles", ())),
                       {str(k): tuple(str(p) for p in v) for k, v in dict(raw.get("realms", {})).items()},
                       {str(k): tuple(str(u) for u in v) for k, v in dict(raw.get("upgrades", {})).items()},
                       int(raw.get("year", 0)), str(raw.get("map", "velkaria")), dict(raw.get("settings", {})),
                       dict(raw.get("banquet", {})))
        except (TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"position: {exc}") from None

    def campaign(self, rng: Randomness) -> Campaign:
        """The campaign at this position, the GM about to begin the next year (checked whole first)."""
        from magecraft.wizard_prince.campaign.year import Campaign

        empire = load_map(self.map)
        sheets = []
        for raw in self.nobles:
            try:
                sheets.append(CampaignNoble.from_dict(raw))
            except DataError as exc:
                raise DataError(f"position: {exc}") from None
        for n in sheets:
            # a misspelt office is refused by the sheet itself (pieces.office), naming the six
            office = appointments().get(n.appointment) if n.appointment else None
            if office is not None and n.status < office.min_status:
                raise DataError(f"position: {n.name} cannot hold the office of {office.title} with Status "
                                f"{n.status}: it needs {office.min_status} (The Courtier Descriptions)")
        if not any(not n.npc for n in sheets):
            raise DataError("position: a campaign needs at least one player noble")
        if self.year < 0:
            raise DataError("position: the years played are 0 or more")
        c = Campaign.new(sheets, rng, empire=empire, settings=CampaignSettings.from_dict(dict(self.settings)),
                         banquet_settings=Settings.from_dict(dict(self.banquet)))
        ruled: dict[str, str] = {}
        for noble, provinces in self.realms.items():
            if noble not in c.nobles:
                raise DataError(f"position: {noble!r} rules provinces but is not a noble of this campaign")
            for name in provinces:
                if name not in c.provinces:
                    raise DataError(f"position: {name!r} is not a province of the {empire.name}")
                if name in ruled:
                    raise DataError(f"position: {name} is ruled by both {ruled[name]} and {noble}")
                ruled[name] = noble
                c.provinces[name].owner = noble
            c.nobles[noble].capital = provinces[0] if provinces else ""
        known = upgrade_infos()
        for name, built in self.upgrades.items():
            if name not in ruled:
                raise DataError(f"position: upgrades are built in a ruled province, and {name!r} is not one")
            for key in built:
                if key not in known:
                    raise DataError(f"position: there is no upgrade {key!r} (one of {', '.join(known)})")
                c.provinces[name].upgrades[key] = self.year
        c.year = self.year
        c.pending = Decision(Question.BEGIN, GM, (Reply.BEGIN,), f"Begin year {c.year + 1}?", CAMPAIGN)
        return c
