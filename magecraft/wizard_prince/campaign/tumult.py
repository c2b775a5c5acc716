"""Optional Rule: Tumultuous Empire (seed 004): 5-6 on 1d6 each year, before the banquet, brings an event.

Brigand hordes (1d6 legions, by land) and pirate fleets (1d6 fleets, coastal provinces, by sea) pillage a
province (-1 to its production roll each year they are there) until its ruler defeats them, and each year
stay on 1-2 or move to a random bordering province; plague rolls 1d6 per upgrade (1 loses it) until a 6;
Dacoits send a level 1d8 assassin at a random player noble; a Pasquinade costs its target a Wealth or a
Status point unless his salons save him; Servants of Chaos lower a province's production until it is a
wasteland that spawns a horde or a fleet each year.
"""

from __future__ import annotations

from typing import Any

from magecraft.core.tables import get_table
from magecraft.wizard_prince.campaign.answers import Answer, Pasquinade, Question, Reply, Target
from magecraft.wizard_prince.campaign.nobles import GRADE_POINTS
from magecraft.wizard_prince.campaign.provinces import modifier, realm
from magecraft.wizard_prince.campaign.sections import TUMULT
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.campaign.tasks import Decision
from magecraft.wizard_prince.campaign.war import casualties
from magecraft.wizard_prince.nobles import saving_throw

ARM_OF = {"brigands": "legions", "pirates": "fleets"}


@task("tumult")
def _tumult(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not c.settings.tumultuous_empire:
        return
    ongoing(c)
    if c.rng.roll(6, "Tumultuous Empire: is there an event?", section=TUMULT) >= 5:
        event = get_table("wp_tumult_event").roll(c.rng, label="Tumultuous Empire event").data["event"]
        c.push({"do": "tumult_event", "event": event})


def ongoing(c: CampaignState) -> None:
    """Hordes stay (1-2) or move; plague rolls per upgrade; chaos deepens; wastelands spawn hordes."""
    for horde in list(c.hordes):
        if c.rng.roll(6, f"the {horde['kind']} in {horde['province']} stay or move", section=TUMULT) > 2:
            by_sea = horde["kind"] == "pirates"
            near = sorted(c.empire.sea[horde["province"]] if by_sea else c.empire.land[horde["province"]])
            if near:
                horde["province"] = c.rng.choice(near, f"where the {horde['kind']} go", section=TUMULT)
                c.news(f"The {horde['kind']} move to {horde['province']}", TUMULT)
        _must_fight(c, horde)
    for name in c.empire.names:
        p = c.provinces[name]
        if p.plague:
            plague_year(c, name)
        if p.chaos and not p.wasteland:
            p.chaos += 1
            if c.empire.info(name).production + p.trader - p.chaos <= c.settings.wasteland_at:
                p.wasteland = True
                c.news(f"{name} has become a wasteland", TUMULT)
        if p.wasteland:
            kind = "pirates" if c.empire.info(name).coastal and c.rng.roll(2, f"what {name} spawns",
                                                                          section=TUMULT) == 2 else "brigands"
            spawn(c, kind, name)


def plague_year(c: CampaignState, name: str) -> None:
    """1d6 per upgrade: a 1 loses it; any 6 ends the plague (stop rolling).  No upgrades: one 1d6 for the end."""
    p = c.provinces[name]
    keys = [k for k in p.upgrades] or [""]
    for key in keys:
        roll = c.rng.roll(6, f"plague in {name}" + (f" ({key})" if key else ""), section=TUMULT)
        if roll == 1 and key:
            del p.upgrades[key]
            if key == "garrison":
                p.garrisons = []
            c.news(f"Plague destroys the {c.upgrade_info[key].name} of {name}", TUMULT)
        if roll == 6:
            p.plague = False
            c.news(f"The plague in {name} ends", TUMULT)
            return


def spawn(c: CampaignState, kind: str, province: str) -> None:
    units = c.rng.roll(6, f"{kind} strength (1d6)", section=TUMULT)
    horde = {"kind": kind, "province": province, "units": units}
    c.hordes.append(horde)
    c.news(f"{units} {ARM_OF[kind]} of {kind} appear in {province}", TUMULT)
    _must_fight(c, horde)


def _must_fight(c: CampaignState, horde: dict[str, Any]) -> None:
    owner = c.provinces[horde["province"]].owner
    if owner:
        c.push({"do": "horde_battle", "noble": owner, "province": horde["province"], "kind": horde["kind"]})


@task("horde_battle")
def _horde_battle(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    """The ruler "must fight and defeat them": points against the horde's units, the abstract resolver's dice
    (ruling WC17); a win destroys the horde, losses by the same percentages."""
    horde = next((h for h in c.hordes if h["province"] == t["province"] and h["kind"] == t["kind"]), None)
    n = c.nobles[t["noble"]]
    if horde is None or not n.alive:
        return
    arm = ARM_OF[horde["kind"]]
    mine = sum(n.arm(arm)[g] * GRADE_POINTS[g] for g in GRADE_POINTS) + n.bought[arm] \
        + c.provinces[t["province"]].garrisons.count(arm)
    theirs = horde["units"]
    ours = mine * c.rng.roll(c.settings.battle_die, f"{n.name}'s battle roll against the {horde['kind']}",
                             section=TUMULT)
    won = ours > theirs * c.rng.roll(c.settings.battle_die, f"the {horde['kind']}' battle roll", section=TUMULT)
    pct = 10 * c.rng.roll(6, "losses (10% per pip)", section=TUMULT)
    mine_pct = pct // 2 if won else pct
    for g in ("regular", "elite", "guard"):
        n.arm(arm)[g] -= casualties(n.arm(arm)[g], mine_pct)
    if won:
        c.hordes.remove(horde)
        c.news(f"{n.name} defeats the {horde['kind']} in {t['province']}", TUMULT)
    else:
        horde["units"] -= casualties(horde["units"], pct // 2)
        c.news(f"{n.name} fails to drive the {horde['kind']} from {t['province']}", TUMULT)


@task("tumult_event")
def _event(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    event = t["event"]
    names = list(c.empire.names)
    if event == "brigands":
        spawn(c, "brigands", c.rng.choice(names, "where the brigands appear", section=TUMULT))
    elif event == "pirates":
        coast = [n for n in names if c.empire.info(n).coastal]
        if coast:
            spawn(c, "pirates", c.rng.choice(coast, "where the pirates appear", section=TUMULT))
    elif event == "plague":
        where = c.rng.choice(names, "where plague breaks out", section=TUMULT)
        c.provinces[where].plague = True
        c.news(f"Plague and famine break out in {where}", TUMULT)
        plague_year(c, where)
    elif event == "chaos":
        where = c.rng.choice(names, "where the Servants of Chaos infest", section=TUMULT)
        c.provinces[where].chaos = max(1, c.provinces[where].chaos)
        level = c.rng.dice("2d4", f"the dungeon level of the evil in {where}", section=TUMULT).total
        c.news(f"Servants of Chaos infest {where}: only an adventure into a level {level} dungeon can root "
               "them out", TUMULT)
    else:
        players = c.players()
        if not players:
            return
        target = c.rng.choice(players, f"the {event}' victim", section=TUMULT)
        if event == "dacoits":
            level = c.rng.roll(8, "the Dacoit assassin's level (1d8)", section=TUMULT)
            assassinate(c, target, level, "Dacoits", TUMULT)
        else:
            c.news(f"A Pasquinade: an insulting play lampoons {target}", TUMULT)
            c.push({"do": "pasquinade", "noble": target})


def salons(c: CampaignState, noble: str) -> int:
    return sum(1 for p in realm(c, noble) if c.provinces[p].has("salon"))


def assassinate(c: CampaignState, target: str, level: int, by: str, section: str) -> bool:
    """An assassination attempt: a Death or Poison save or slain; a Syndicate halves the chance (a failed save
    is survived on 1d2 = 1, ruling WC15).  Returns True when the target dies."""
    n = c.nobles[target]
    if not n.alive:
        return False
    c.news(f"{by} (a level {level} assassin) strike at {target}", section)
    if saving_throw(n.banquet_noble(), "death_poison", c.banquet_settings, c.rng, section):
        c.news(f"{target} survives the assassin", section)
        return False
    if any(c.provinces[p].has("syndicate") for p in realm(c, target)) and \
            c.rng.roll(2, f"{target}'s syndicate halves the assassin's chance", section=section) == 1:
        c.news(f"{target}'s syndicate foils the assassin", section)
        return False
    c.kill(target, f"assassinated by {by}", section)
    return True


def _ask_pasquinade(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    n = c.nobles[t["noble"]]
    count = salons(c, n.name)
    if count:
        sheet = n.banquet_noble()
        target = sheet.save_targets["death_poison"]
        roll = c.rng.roll(20, f"{n.name}'s save against the Pasquinade (+{count} for salons)", section=TUMULT)
        if roll + count >= target:
            c.news(f"{n.name}'s salons laugh off a Pasquinade", TUMULT)
            return None
    if n.wealth < 1:
        t["forced"] = True
        return None
    return Decision(Question.PASQUINADE, n.name, (Pasquinade.WEALTH, Pasquinade.STATUS),
                    f"{n.name}: an insulting play lampoons you. Pay the playwright 1 Wealth, or lose 1 Status?",
                    TUMULT)


@task("pasquinade", _ask_pasquinade)
def _pasquinade(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    n = c.nobles[t["noble"]]
    if answer is Pasquinade.WEALTH:
        n.wealth -= 1
        c.news(f"{n.name} pays off the playwright", TUMULT)
    elif answer is Pasquinade.STATUS or t.get("forced"):
        n.status -= 1
        c.news(f"{n.name} is lampooned and loses a point of Status", TUMULT)


@task("syndicates")
def _syndicates(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    """"An annual free assassination attempt (takes place immediately after the banquet, by an assassin of
    level 1d6+3) against any person, anywhere in the empire except the Emperor" (Syndicate)."""
    c.push(*({"do": "syndicate", "noble": n, "province": p} for n in c.living() for p in realm(c, n)
             if c.provinces[p].has("syndicate")))


def _ask_syndicate(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    if not c.nobles[t["noble"]].alive:
        return None
    others = (Target(o) for o in c.living() if o != t["noble"])
    return Decision(Question.SYNDICATE, t["noble"], (Reply.NONE, *others),
                    f"{t['noble']}: your syndicate in {t['province']} offers an assassination. Against whom?",
                    "Province Upgrades")


@task("syndicate", _ask_syndicate)
def _syndicate(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, Target):
        return
    level = c.rng.dice("1d6+3", "the syndicate assassin's level", section="Province Upgrades").total
    assassinate(c, answer.noble, level, f"{t['noble']}'s syndicate", "Province Upgrades")


__all__ = ["modifier"]
