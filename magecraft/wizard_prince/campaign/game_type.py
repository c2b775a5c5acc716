"""The campaign year as a registered game type (``wizard-prince-campaign``, issue 22).

Seats: the GM (who begins each year, has the banquet played, records adventures and answers for the NPC
nobles) and every player noble.  A new campaign from plain options (:class:`CampaignOptions`), by default a
two-year campaign of two player nobles and an NPC noble; or from a position in the rule book's words
(:class:`~.position.CampaignPosition`, a scenario's ``[setup]``); the GM plays the NPC nobles by the seed's NPC
rules (the ``npc`` bot).

>>> from magecraft.core.randomness import Randomness
>>> c = CAMPAIGN.new_game(Randomness.seeded(1))
>>> c.seats(), c.decision_kind(), c.legal_actions(), c.action_text(c.legal_actions()[0])
(('GM', 'Ann', 'Bob'), <Question.BEGIN: 'begin'>, [Reply.BEGIN], 'begin')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

from magecraft.core.randomness import Randomness
from magecraft.core.search import fresh_dice
from magecraft.core.state import GameState
from magecraft.wizard_prince.campaign import war
from magecraft.wizard_prince.campaign.bots import CampaignBot, NpcCampaignBot
from magecraft.wizard_prince.campaign.empire import load_map
from magecraft.wizard_prince.campaign.position import CampaignPosition
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import GM
from magecraft.wizard_prince.campaign.year import Campaign
from magecraft.wizard_prince.noble_games import noble_game
from magecraft.wizard_prince.settings import Settings


@dataclass(frozen=True)
class CampaignOptions:
    """A new campaign: ``players`` (player nobles with the default sheet), ``npcs`` NPC nobles rolled up,
    ``years`` before the GM ends it (0: no end set), the table's campaign rulings in ``settings``
    (:class:`~.settings.CampaignSettings` fields) and its banquet rulings in ``banquet`` (the banquet's
    :class:`~magecraft.wizard_prince.settings.Settings`).  The defaults make a short campaign."""

    players: tuple[str, ...] = ("Ann", "Bob")
    npcs: int = 1
    years: int = 2
    map: str = "velkaria"
    settings: Mapping[str, Any] = field(default_factory=dict)
    banquet: Mapping[str, Any] = field(default_factory=lambda: {"max_turns": 8})


def new_campaign(rng: Randomness, options: CampaignOptions) -> Campaign:
    """A campaign at its start, the GM about to begin year 1 (A Sample Campaign)."""
    settings = CampaignSettings.from_dict({"years": options.years, **dict(options.settings)})
    return Campaign.new(list(options.players), rng, empire=load_map(options.map), settings=settings,
                        npcs=options.npcs, banquet_settings=Settings.from_dict(dict(options.banquet)))


def setup_campaign(rng: Randomness, raw: Mapping[str, Any]) -> Campaign:
    """A campaign at the position a scenario's ``[setup]`` describes (:meth:`CampaignPosition.from_mapping`)."""
    return CampaignPosition.from_mapping(raw).campaign(rng)


def npc_seats(state: GameState[Any]) -> dict[str, str]:
    """With NPC nobles in the campaign, the GM's seat answers for them by the seed's NPC rules (the ``npc``
    bot, which answers the GM's own questions as the plain bot does); without, no seat is the rule book's."""
    assert isinstance(state, Campaign)
    return {GM: "npc"} if any(noble.npc for noble in state.nobles.values()) else {}


def plant_secret(state: GameState[Any], seat: str, marker: str) -> Campaign | None:
    """A copy in which the GM keeps ``marker`` as what no noble has found out of a war's hosts (Civil War,
    Barbarian Invasion: only an Intelligence check tells a noble): the GM's secret.  The nobles keep none
    from the GM."""
    assert isinstance(state, Campaign)
    if seat != GM:
        return None
    copy = Campaign.from_dict(json.loads(json.dumps(state.to_dict())))
    copy.year_data["war_secret"] = {"a_strength": {"known_to": [], "value": marker}}
    return copy


def determinise(state: GameState[Any], seat: str, rng: Randomness) -> Campaign:
    """A campaign ``seat`` cannot tell from ``state``, for the search bot: the war hosts and chieftains it has
    not found out rolled again.

    A noble learns a war's enemy strength and generalship only "with an Intelligence check" (Civil War,
    Barbarian Invasion): each host and chief whose finding ``seat`` has not made is rolled afresh by the same
    dice (:func:`~.war.roll_host`, :func:`~.war.roll_chief`), and the GM's record of it with it.  The GM sees
    everything.  The log is kept as every seat reads it (the news), and the dice are new.
    """
    assert isinstance(state, Campaign)
    raw = state.to_dict()
    raw["log"] = [e for e in raw["log"] if e["kind"] == "news"]
    war_now = raw["year_data"].get("war")
    if seat != GM and isinstance(war_now, dict):
        secret = raw["year_data"].get("war_secret") or {}
        dice = SimpleNamespace(rng=Randomness(rng.source))
        for key, side in sorted(war_now.get("sides", {}).items()):
            if side.get("host") is None:
                continue
            for what, field_name in (("strength", "host"), ("generalship", "chief")):
                entry = secret.get(f"{key}_{what}")
                if side[field_name] is None or (entry is not None and seat in entry.get("known_to", [])):
                    continue
                roll = war.roll_host if field_name == "host" else war.roll_chief
                side[field_name] = roll(cast(Campaign, dice), side["name"], war_now["section"])
                if entry is not None:
                    entry["value"] = json.loads(json.dumps(side[field_name]))
    fresh_dice(raw, rng)
    return Campaign.from_dict(raw)


def winners(state: GameState[Any]) -> tuple[str, ...]:
    """The campaign's outcome for the search bot: the player noble who became Emperor (A Sample Campaign);
    none while no player noble holds the throne (an NPC noble or no one)."""
    assert isinstance(state, Campaign)
    noble = state.nobles.get(state.emperor)
    return (state.emperor,) if noble is not None and not noble.npc else ()


def standing(state: GameState[Any], seat: str) -> float:
    """How near a player noble stands to the throne, 0..1, for the search bot and the lab (ruling WC28).

    "Status is the single most important statistic in the game, as it allows a player to ultimately win the
    game": a noble whose Status reaches the number of Provinces in the Empire may declare himself Emperor
    (seed 004, "The Effects of Status and Winning the Campaign").  The Emperor stands at 1; a dead noble (or one
    sold into slavery) at 0; any other at half his way to the claim, by his own Status (a year's boost bought
    with Wealth lapses, so it is not counted).  The GM's seat competes for nothing: 0.5.

    >>> from magecraft.core.randomness import Randomness
    >>> c = CAMPAIGN.new_game(Randomness.seeded(1))
    >>> round(standing(c, "Ann"), 4), len(c.empire.provinces), c.nobles["Ann"].status, standing(c, "GM")
    (0.0238, 21, 1, 0.5)
    """
    assert isinstance(state, Campaign)
    noble = state.nobles.get(seat)
    if noble is None or noble.npc:
        return 0.5
    if state.emperor == seat:
        return 1.0
    if not noble.alive or noble.slave_of:
        return 0.0
    need = len(state.empire.provinces)
    return 0.5 * min(max(noble.status, 0), need) / need


CAMPAIGN = noble_game(
    name="wizard-prince-campaign", kind="campaign", title="Wizard-Prince campaign",
    description="Wizard-Prince's campaign year: banquet, wars, duels, provinces and the Empire's throne",
    state_class=Campaign, options_class=CampaignOptions, new=new_campaign, setup=setup_campaign,
    settings_class=CampaignSettings, plant_secret=plant_secret, rule_bots=npc_seats, determinise=determinise,
    winners=winners, evaluate=standing,
    heuristic=("takes each question's sensible default; spends Wealth on upgrades, joins wars when strong",
               CampaignBot),
    npc=("the seed's NPC noble: attacks the player noble the NPC rules name, joins wars when strong",
         NpcCampaignBot))
