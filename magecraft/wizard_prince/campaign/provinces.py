"""Provinces in play: who rules each, its upgrades and modifiers, production, and the realm's shape.

Seed 004, "The Effects of Provinces": 1d20 per province, 11+ gives one Wealth, with the map's modifier,
+1 per Foreign Trader, -1 each time it changed hands by war; one province per Status point; every
province connected to the capital by friendly provinces, the cut-off ones lost too; upgrades destroyed
with a lost province ("Province Upgrades").
"""

from __future__ import annotations

from typing import Any

from magecraft.wizard_prince.campaign.answers import Answer, ProvinceChoice, Question, Reply
from magecraft.wizard_prince.campaign.empire import reachable
from magecraft.wizard_prince.campaign.sections import PROVINCES
from magecraft.wizard_prince.campaign.state import CampaignState, Province, task
from magecraft.wizard_prince.campaign.tasks import Decision


def modifier(c: CampaignState, p: Province) -> int:
    """The production roll's modifier: map, traders, upgrades, war damage, chaos, pillaging hordes."""
    bonus = c.empire.info(p.name).production + p.trader - p.war_damage - p.chaos
    for key in p.upgrades:
        bonus += c.upgrade_info[key].production
    bonus -= sum(1 for h in c.hordes if h["province"] == p.name)
    return bonus


def realm(c: CampaignState, noble: str) -> list[str]:
    """The provinces ``noble`` rules, in map order."""
    return [name for name in c.empire.names if c.provinces[name].owner == noble]


def connected_to_capital(c: CampaignState, noble: str) -> set[str]:
    n = c.nobles[noble]
    return reachable(n.capital, realm(c, noble), c.empire, c.settings.sea_links_connect) if n.capital else set()


def may_gain(c: CampaignState, noble: str) -> list[str]:
    """Neutral provinces ``noble`` may add: linked to his capital by friendly provinces, or any if he has none."""
    mine = realm(c, noble)
    neutral = [name for name in c.empire.names if not c.provinces[name].owner]
    if not mine:
        return neutral
    linked = connected_to_capital(c, noble)
    by_sea = c.settings.sea_links_connect
    return [name for name in neutral if c.empire.neighbours(name, by_sea) & linked]


def gain(c: CampaignState, noble: str, name: str, why: str, *, by_war: bool = False, keep_upgrades: bool = False,
         section: str = PROVINCES) -> None:
    """Add a province to ``noble``'s realm (his capital if he had none)."""
    p = c.provinces[name]
    if not keep_upgrades:
        p.upgrades, p.garrisons = {}, []
    if by_war:
        p.war_damage += 1
    p.owner, p.gained = noble, c.year
    n = c.nobles[noble]
    if not n.capital:
        n.capital = name
    c.news(f"{noble} gains {name} ({why})", section, province=name, noble=noble)


def lose(c: CampaignState, name: str, why: str, *, by_war: bool = False, section: str = PROVINCES) -> None:
    """The ruler loses ``name``: its upgrades are destroyed, and provinces cut off from his capital follow."""
    p = c.provinces[name]
    owner = p.owner
    if not owner:
        return
    p.owner, p.upgrades, p.garrisons = "", {}, []
    if by_war:
        p.war_damage += 1
    c.news(f"{owner} loses {name} ({why})", section, province=name, noble=owner)
    cut_off(c, owner)


def release(c: CampaignState, name: str, province: str) -> None:
    """Hand ``province`` over without the news of a loss (a rebellion's beseeching)."""
    c.provinces[province].owner = ""
    cut_off(c, name)


def cut_off(c: CampaignState, noble: str) -> None:
    """Lose the provinces no longer connected to the capital; a lost capital moves (ruling WC2)."""
    n = c.nobles[noble]
    mine = realm(c, noble)
    if not mine:
        n.capital = ""
        return
    if n.capital not in mine:
        by_sea = c.settings.sea_links_connect
        n.capital = max(mine, key=lambda s: (len(reachable(s, mine, c.empire, by_sea)), -mine.index(s)))
        c.news(f"{noble} moves his capital to {n.capital}", PROVINCES, noble=noble)
    linked = connected_to_capital(c, noble)
    for name in mine:
        if name not in linked:
            lose(c, name, "cut off from the capital")


def over_limit(c: CampaignState, noble: str) -> int:
    """Provinces beyond "one Province per Status level he holds"."""
    return max(0, len(realm(c, noble)) - max(0, c.nobles[noble].effective_status))


def _ask_give_up(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    noble = t["noble"]
    mine = realm(c, noble)
    if not mine or (t.get("why") == "status" and not over_limit(c, noble)):
        return None
    return Decision(Question.GIVE_UP, noble, tuple(ProvinceChoice(name) for name in _give_up_order(c, noble)),
                    f"{noble}: which province do you give up ({t.get('reason', 'your choice')})?",
                    str(t.get("section", PROVINCES)))


def _give_up_order(c: CampaignState, noble: str) -> list[str]:
    """Cheapest first, for bots: not the capital, fewest cut off, least productive."""
    mine = realm(c, noble)
    capital = c.nobles[noble].capital
    by_sea = c.settings.sea_links_connect

    def cost(name: str) -> tuple[int, int, int]:
        rest = [m for m in mine if m != name]
        kept = len(reachable(capital, rest, c.empire, by_sea)) if name != capital else 0
        return (name == capital, -kept, modifier(c, c.provinces[name]))

    return sorted(mine, key=cost)


@task("give_up", _ask_give_up)
def _give_up(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, ProvinceChoice):
        return
    lose(c, answer.province, str(t.get("reason", "given up")), by_war=bool(t.get("by_war", False)),
         section=str(t.get("section", PROVINCES)))
    if t.get("why") == "status" and over_limit(c, t["noble"]):
        c.push(dict(t))


def _ask_gain(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    noble = t["noble"]
    if not c.nobles[noble].alive:
        return None
    choices = may_gain(c, noble)
    if not choices:
        return None
    best = sorted(choices, key=lambda s: -modifier(c, c.provinces[s]))
    return Decision(Question.GAIN, noble, tuple(ProvinceChoice(s) for s in best),
                    f"{noble}: which province do you add "
                    f"({t.get('reason', '')})?", str(t.get("section", PROVINCES)))


@task("gain", _ask_gain)
def _gain(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, ProvinceChoice):
        c.news(f"{t['noble']} finds no province he may add ({t.get('reason', '')})",
               str(t.get("section", PROVINCES)))
        return
    gain(c, t["noble"], answer.province, str(t.get("reason", "")), by_war=bool(t.get("by_war", False)),
         section=str(t.get("section", PROVINCES)))


def production(c: CampaignState) -> None:
    """Every ruled province rolls 1d20 plus its modifier: at the target (11) or over, one Wealth.

    Tax Gatherers: a natural 1 or 2 (1 with a garrison) and the locals rebel; the province is lost, and
    40% of rebel provinces beseech a random other noble, who may take it with its upgrades.
    """
    for name in c.empire.names:
        p = c.provinces[name]
        if not p.owner:
            continue
        ruler = c.nobles[p.owner]
        natural = c.rng.roll(20, f"production of {name}", section=PROVINCES)
        if p.has("tax_gatherers") and natural <= (1 if p.garrisons else 2):
            c.news(f"{name} rebels against {p.owner}'s tax gatherers (rolled {natural})", PROVINCES,
                   province=name)
            owner = p.owner
            others = [n for n in c.living() if n != owner]
            release(c, owner, name)
            c.news(f"{owner} loses {name} (rebellion)", PROVINCES, province=name, noble=owner)
            if others and c.rng.chance(c.settings.beseech_percent, f"{name} beseeches a protector",
                                       section=PROVINCES):
                chosen = c.rng.choice(others, f"the noble {name} beseeches", section=PROVINCES)
                c.push({"do": "beseech", "noble": chosen, "province": name})
            else:
                _destroy_upgrades(c, name)
            continue
        total = natural + modifier(c, p)
        if total >= c.settings.production_target:
            ruler.wealth += 1
            c.news(f"{name} produces 1 Wealth for {p.owner} ({natural}{modifier(c, p):+d})", PROVINCES,
                   quiet=True)


def _ask_beseech(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    noble, name = t["noble"], t["province"]
    if c.provinces[name].owner or not c.nobles[noble].alive:
        return None
    if realm(c, noble) and name not in may_gain(c, noble):
        return None  # he could not hold it: it would be cut off at once (ruling WC5)
    return Decision(Question.BESEECH, noble, (Reply.ACCEPT, Reply.DECLINE),
                    f"{name} beseeches {noble} for protection: accept it with its upgrades?", PROVINCES)


@task("beseech", _ask_beseech)
def _beseech(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if answer is Reply.ACCEPT:
        gain(c, t["noble"], t["province"], "the rebels beseech his protection", keep_upgrades=True)
    elif not c.provinces[t["province"]].owner:
        _destroy_upgrades(c, t["province"])


def _destroy_upgrades(c: CampaignState, name: str) -> None:
    """A rebel province nobody takes under his protection: "whenever a ruler loses any provinces for any reason,
    all upgrades associated with that province are destroyed" -- the noble who accepts a beseeching being the one
    exception (Province Upgrades, Tax Gatherers; ruling WC5)."""
    p = c.provinces[name]
    if p.upgrades or p.garrisons:
        p.upgrades, p.garrisons = {}, []
        c.news(f"{name}'s upgrades are destroyed: no noble takes the rebel province under his protection",
               PROVINCES, province=name)
