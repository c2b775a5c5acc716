"""Spending Wealth (seed 004, "The Effects of Wealth", "Converting Wealth and Gold", "Province Upgrades").

Once a year, after the courtiers' benefits (ruling WC6), each noble may boost Legions, Fleets, Reputation
or Status by one per Wealth level for one year, buy upgrades with Wealth, sell Wealth for 75,000 gp
(100,000 with a Tradesman's Guild) and buy Wealth with 100,000 gp.  A boost alone may be bought at any time
("At any time, the player can decide to boost"): the campaign's ``Boost`` action, checked by :func:`check_boost`.
"""

from __future__ import annotations

from typing import Any

from magecraft.core.errors import RuleError
from magecraft.wizard_prince.campaign.answers import Answer, Question, Reply, TreasuryBoost, Upgrade
from magecraft.wizard_prince.campaign.nobles import ARMS, BOOSTS
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.sections import GOLD, WEALTH
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.campaign.tasks import Decision
from magecraft.wizard_prince.campaign.upgrades import build, upgrade_choices


def sale_price(c: CampaignState, noble: str) -> int:
    """75,000 gp a Wealth point, 100,000 with a Tradesman's Guild in his realm."""
    guild = any(c.provinces[p].has("tradesmans_guild") for p in realm(c, noble))
    return c.settings.guild_sells_for if guild else c.settings.wealth_sells_for


def treasury_options(c: CampaignState, noble: str) -> tuple[Reply | Upgrade | TreasuryBoost, ...]:
    n = c.nobles[noble]
    out: list[Reply | Upgrade | TreasuryBoost] = [Reply.DONE]
    if n.wealth >= 1:
        if noble in c.year_data.get("positive", ()) or not c.settings.wealth_upgrades_need_courtier:
            out.extend(upgrade_choices(c, noble))
        out.extend(TreasuryBoost(b) for b in BOOSTS)
        out.append(Reply.SELL)
    if n.gold >= c.settings.gold_buys_wealth:
        out.append(Reply.BUY)
    return tuple(out)


def check_boost(c: CampaignState, noble: str, stat: str) -> None:
    """A boost is bought "at any time" (The Effects of Wealth) by a living noble with a Wealth level to spend."""
    n = c.nobles.get(noble)
    if n is None or not n.alive:
        raise RuleError(f"{noble!r} is not a living noble of the campaign", rule="The Effects of Wealth",
                        section=WEALTH)
    if stat not in BOOSTS:
        raise RuleError(f"Wealth boosts {', '.join(BOOSTS)}, not {stat!r}", rule="The Effects of Wealth",
                        section=WEALTH)
    if n.wealth < 1:
        raise RuleError(f"{noble} has no Wealth level to spend on a boost", rule="The Effects of Wealth",
                        section=WEALTH)


@task("treasury")
def _treasury(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    c.push(*({"do": "spend", "noble": n} for n in c.living()))


def _ask_spend(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    options = treasury_options(c, t["noble"])
    if len(options) == 1:
        return None
    n = c.nobles[t["noble"]]
    return Decision(Question.SPEND, n.name, options, f"{n.name} (Wealth {n.wealth}, {n.gold} gp): spend Wealth?",
                    WEALTH)


@task("spend", _ask_spend)
def _spend(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if answer is None or answer is Reply.DONE:
        return
    assert isinstance(answer, Reply | Upgrade | TreasuryBoost)
    spend(c, t["noble"], answer)
    c.push(dict(t))


def spend(c: CampaignState, noble: str, answer: Reply | Upgrade | TreasuryBoost) -> None:
    """Carry out one treasury choice (already offered by :func:`treasury_options`)."""
    n = c.nobles[noble]
    if isinstance(answer, Upgrade):
        n.wealth -= 1
        build(c, noble, answer, "a Wealth point")
    elif isinstance(answer, TreasuryBoost):
        n.wealth -= 1
        stat = answer.stat
        if stat in ARMS:
            n.bought[stat] += 1
        else:
            n.boosts[stat] += 1
        c.news(f"{noble} spends a Wealth point on a year's extra {stat}", WEALTH)
    elif answer is Reply.SELL:
        n.wealth -= 1
        price = sale_price(c, noble)
        n.gold += price
        c.news(f"{noble} converts a Wealth point into {price} gp", GOLD)
    elif answer is Reply.BUY:
        n.gold -= c.settings.gold_buys_wealth
        n.wealth += 1
        c.news(f"{noble} converts {c.settings.gold_buys_wealth} gp into a Wealth point", GOLD)
