"""The campaign's state as the rule modules see it (seed 004, "How the Campaign Works").

:class:`CampaignState` holds the nobles, the provinces, the dice and the year under way, with the few
helpers every section uses (the news, the queue, who is alive, a noble's death); the section modules take
it and change it.  :func:`task` registers each step of the year (its question and its act) in
:data:`TASKS`.  :class:`~.year.Campaign` is this state composed with the section modules as a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field, fields
from typing import Any

from magecraft.core.randomness import Randomness
from magecraft.core.settings import dataclass_from_dict
from magecraft.wizard_prince.campaign.answers import Answer, Question, Reply
from magecraft.wizard_prince.campaign.empire import EmpireMap
from magecraft.wizard_prince.campaign.nobles import CampaignNoble
from magecraft.wizard_prince.campaign.sections import CAMPAIGN
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import GM, Decision
from magecraft.wizard_prince.campaign.upgrade_data import UpgradeInfo, upgrade_infos
from magecraft.wizard_prince.settings import Settings


@dataclass(slots=True)
class Province:
    """One province's state: ``owner`` ("" = neutral), upgrades by key with the year each was built,
    ``garrisons`` (the arm each garrison adds), ``trader`` (+1 per Foreign Trader), ``war_damage``
    (changes of hands by war), ``chaos`` (Servants of Chaos years), ``gained`` (the year its ruler got it)."""

    name: str
    owner: str = ""
    upgrades: dict[str, int] = field(default_factory=dict)
    garrisons: list[str] = field(default_factory=list)
    trader: int = 0
    war_damage: int = 0
    chaos: int = 0
    wasteland: bool = False
    plague: bool = False
    gained: int = -1

    def has(self, upgrade: str) -> bool:
        return upgrade in self.upgrades

    def to_dict(self) -> dict[str, Any]:
        return {f.name: deepcopy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Province:
        return dataclass_from_dict(cls, {k: deepcopy(v) for k, v in raw.items()}, f"province {raw.get('name')}")


class CampaignState:
    """A Wizard-Prince campaign's data: the nobles, the empire's provinces and the year under way."""

    def __init__(self, *, rng: Randomness, settings: CampaignSettings, empire: EmpireMap,
                 nobles: Mapping[str, CampaignNoble], provinces: Mapping[str, Province],
                 banquet_settings: Settings | None = None) -> None:
        self.rng = rng
        self.settings = settings
        self.banquet_settings = banquet_settings or Settings()
        self.empire = empire
        self.nobles = dict(nobles)
        self.provinces = dict(provinces)
        self.upgrade_info: Mapping[str, UpgradeInfo] = upgrade_infos()
        self.year = 0
        self.reign = 0
        self.emperor = ""
        self.over = ""
        self.tasks: list[dict[str, Any]] = []
        self.pending: Decision | None = Decision(Question.BEGIN, GM, (Reply.BEGIN,), "Begin year 1?", CAMPAIGN)
        self.hordes: list[dict[str, Any]] = []
        self.year_data: dict[str, Any] = {}
        self.chronicle: list[dict[str, Any]] = []
        self.npc_made = 0

    def push(self, *tasks: dict[str, Any]) -> None:
        """Run ``tasks`` next, in the order given, before the rest of the year."""
        self.tasks[0:0] = list(tasks)

    def news(self, text: str, section: str, *, quiet: bool = False, **data: Any) -> None:
        """A line of campaign news: in the event log, and in the chronicle unless ``quiet``."""
        self.rng.log.record("news", text, section=section, data={"year": self.year + 1, **data})
        if not quiet:
            self.chronicle.append({"year": self.year + 1, "text": text})

    def living(self) -> list[str]:
        return [name for name, n in self.nobles.items() if n.alive]

    def players(self) -> list[str]:
        return [name for name, n in self.nobles.items() if n.alive and not n.npc]

    def kill(self, name: str, why: str, section: str) -> None:
        """A noble dies: "All lands, titles, etc., are lost"."""
        n = self.nobles[name]
        if not n.alive:
            return
        n.alive = False
        n.appointment = ""
        for prov in self.empire.names:    # his realm (provinces.realm)
            p = self.provinces[prov]
            if p.owner == name:
                p.owner = ""
                p.upgrades, p.garrisons = {}, []
        n.capital = ""
        self.news(f"{name} dies ({why})", section, noble=name)


Ask = Callable[[CampaignState, dict[str, Any]], Decision | None]
Act = Callable[[CampaignState, dict[str, Any], Answer | None], None]

#: Every kind of task, registered by the section modules.
TASKS: dict[str, tuple[Ask, Act]] = {}


def task(kind: str, ask: Ask | None = None) -> Callable[[Act], Act]:
    """Register ``act`` (decorated) for tasks of ``kind``, with ``ask`` (None: the task never asks)."""
    def register(act: Act) -> Act:
        TASKS[kind] = (ask or _never, act)
        return act
    return register


def _never(campaign: CampaignState, t: dict[str, Any]) -> Decision | None:
    return None
