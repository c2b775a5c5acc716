"""Province upgrades: buying them and their yearly rolls (seed 004, "Province Upgrades").

Bought with a point of Wealth or a positive courtier not otherwise used, for a province ruled before this
year; each once per province except the Garrison; Raze removes upgrades.  The yearly rolls: Tradesman's
Guild (1d20 per Wealth point, 20s add Wealth), Salon (1d20, 20 adds Status), Mercenaries' Guild (1d20 per
legion and fleet, 20s raise a grade), the Grand Temple's boon.
"""

from __future__ import annotations

from magecraft.core.errors import RuleError
from magecraft.wizard_prince.campaign.answers import Upgrade
from magecraft.wizard_prince.campaign.nobles import ARMS
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.sections import UPGRADES
from magecraft.wizard_prince.campaign.state import CampaignState
from magecraft.wizard_prince.campaign.upgrade_data import gods


def upgrade_choices(c: CampaignState, noble: str) -> list[Upgrade]:
    """Every :class:`~.answers.Upgrade` ``noble`` may buy now.

    Not a province gained this year; once per province but the Garrison (whose detail is the arm it adds);
    Raze only where there is something to raze; temples all to one god (WC8).
    """
    out: list[Upgrade] = []
    n = c.nobles[noble]
    for name in realm(c, noble):
        p = c.provinces[name]
        if p.gained == c.year:
            continue
        for key, info in c.upgrade_info.items():
            if key == "raze":
                if p.upgrades:
                    out.append(Upgrade(key, name))
                continue
            if info.once and p.has(key):
                continue
            if key == "garrison":
                out.extend(Upgrade(key, name, arm) for arm in ARMS)
            elif key == "grand_temple":
                out.extend(Upgrade(key, name, god) for god in ((n.temple_god,) if n.temple_god else tuple(gods())))
            else:
                out.append(Upgrade(key, name))
    return out


def build(c: CampaignState, noble: str, upgrade: Upgrade, paid: str) -> None:
    """Build an upgrade already offered by :func:`upgrade_choices`."""
    key, province, detail = upgrade.upgrade, upgrade.province, upgrade.detail
    if upgrade not in upgrade_choices(c, noble):
        raise RuleError(f"{noble} cannot build {key} in {province} now", rule=key, section=UPGRADES)
    p = c.provinces[province]
    n = c.nobles[noble]
    if key == "raze":
        p.upgrades, p.garrisons = {}, []
        c.news(f"{noble} razes {province}: its upgrades are gone", UPGRADES, province=province)
        return
    p.upgrades[key] = c.year
    if key == "garrison":
        p.garrisons.append(detail)
    if key == "grand_temple":
        n.temple_god = detail
    label = f" ({detail})" if detail else ""
    c.news(f"{noble} builds {c.upgrade_info[key].name}{label} in {province}, paid with {paid}", UPGRADES,
           province=province, noble=noble)


def yearly_rolls(c: CampaignState) -> None:
    """Each ruler's upgrade rolls for the year, in the order of the list.

    Every Tradesman's Guild rolls "1d20 for each Wealth point he presently holds" when the rolls begin: "The
    same rolls are made for each tradesman's guild", so a guild's winnings do not give the next guild more dice
    and the order of the guilds on the map does not matter."""
    for noble in c.living():
        n = c.nobles[noble]
        mine = [c.provinces[name] for name in realm(c, noble)]
        held = n.wealth
        for p in mine:
            if p.has("tradesmans_guild") and p.upgrades["tradesmans_guild"] < c.year:
                twenties = sum(1 for _ in range(max(0, held))
                               if c.rng.roll(20, f"{p.name}'s guild loans ({noble}'s Wealth)",
                                             section=UPGRADES) == 20)
                if twenties:
                    n.wealth += twenties
                    c.news(f"{noble}'s Tradesman's Guild in {p.name} earns {twenties} Wealth", UPGRADES)
        for p in mine:
            if p.has("salon") and c.rng.roll(20, f"{noble}'s salon in {p.name}", section=UPGRADES) == 20:
                n.status += 1
                c.news(f"{noble}'s salon in {p.name} raises his Status to {n.status}", UPGRADES)
        for p in mine:
            if p.has("mercenaries_guild") and p.upgrades["mercenaries_guild"] < c.year:
                _mercenaries(c, noble, p.name)
        for p in mine:
            if p.has("grand_temple") and n.temple_god:
                god = gods()[n.temple_god]
                if god.wealth_percent and c.rng.chance(god.wealth_percent, f"{noble}'s temple to {god.name}",
                                                       section=UPGRADES):
                    n.wealth += 1
                    c.news(f"{god.name.capitalize()} grants {noble} a Wealth point", UPGRADES)


def _mercenaries(c: CampaignState, noble: str, province: str) -> None:
    """1d20 per legion and fleet; each 20 raises one of that arm a grade (WC7: regular first by default)."""
    n = c.nobles[noble]
    order = ("regular", "elite") if c.settings.mercenary_upgrade == "regular_first" else ("elite", "regular")
    for arm in ARMS:
        count = sum(n.arm(arm).values())
        twenties = sum(1 for _ in range(count)
                       if c.rng.roll(20, f"{province}'s mercenaries ({noble}'s {arm})", section=UPGRADES) == 20)
        for _ in range(twenties):
            for grade in order:
                if n.upgrade_unit(arm, grade):
                    c.news(f"{noble}'s Mercenaries' Guild raises one of his {grade} {arm}", UPGRADES)
                    break
