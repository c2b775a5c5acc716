"""The banquet inside the year and the presented courtiers' benefits (seed 004, "The Imperial Banquet",
"The Courtier Descriptions", "Attending the Banquet", "Province Upgrades").

The banquet is played with the banquet game (bots) or its ``BanquetResult`` entered by hand.  Benefits
the campaign still has to give -- the Ambassador's province, the Foreign Trader's +1, the Knight
Castellan's training, the Grand Herald's duel, the Lord Marshal's writ -- may instead buy an upgrade, and so
may a plain gain the banquet has already paid (the Dwarf Mine Master's Wealth, the Powerful Senator's Status, a
Mercenary General's legion or Admiral's fleet), given back for it (ruling WC6).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from magecraft.core.errors import DataError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.campaign.answers import Answer, ProvinceChoice, Question, Reply, Train, Upgrade
from magecraft.wizard_prince.campaign.nobles import ARMS, XP_PER_LEVEL
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.sections import ATTENDING, CAMPAIGN, CHITS, UPGRADES
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.campaign.tasks import GM, Decision
from magecraft.wizard_prince.campaign.upgrades import build, upgrade_choices
from magecraft.wizard_prince.chits import STATISTICS, chit_kinds
from magecraft.wizard_prince.pieces import office

if TYPE_CHECKING:
    from magecraft.wizard_prince.banquet import Banquet
    from magecraft.wizard_prince.bots import Bot

#: The banquet's counts the campaign pays out, and the benefit each is.
DEFERRED = {"provinces_to_add": "ambassador", "production_bonuses": "trader", "unit_upgrades": "castellan",
            "sanctioned_duels": "herald", "writs_of_battle": "writ"}


def attendees(c: CampaignState) -> list[str]:
    """Every noble of standing (or sponsored), not exiled: attendance is mandatory and the banquet seats them
    all, the ones past the four gates waiting off the board (rulings WP5, WC16)."""
    return [name for name, n in c.nobles.items() if n.may_attend(c.reign)]


def _ask_banquet(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    if not attendees(c):
        return None
    return Decision(Question.BANQUET, GM, (Reply.BOTS,), "GM: play the banquet with the bots, or enter its result",
                    CAMPAIGN)


@task("banquet", _ask_banquet)
def _banquet(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if answer is None:
        c.news("No one of standing attends: there is no banquet this year", ATTENDING)
        c.year_data["banquet"] = {"emperors": 1, "nobles": [], "civil_war": False, "barbarian_invasion": False,
                                  "feudal_wars": 0, "coup": False}
        return
    use_result(c, play_banquet(c), entered=False)


def new_banquet(c: CampaignState, *, shared_log: bool = False) -> tuple[Banquet, dict[str, Bot]]:
    """This year's banquet (the banquet game's public API), on the campaign's dice with a log of its own so
    its moves stay out of the chronicle, and a bot for every noble (heuristic players, the seed's NPC nobles).

    ``shared_log``: the banquet played at the table writes to the campaign's own log instead, so the year and
    its banquet are one story (and one save) at the play loop's prompt."""
    from magecraft.wizard_prince.banquet import Banquet

    sheets = [c.nobles[name].banquet_noble() for name in attendees(c)]
    rng = c.rng if shared_log else Randomness(c.rng.source, EventLog())
    banquet = Banquet.new(sheets, rng, c.banquet_settings)
    return banquet, banquet_bots(banquet)


def banquet_bots(banquet: Banquet) -> dict[str, Bot]:
    """A bot for every noble at ``banquet``: the seed's NPC noble for NPCs, the heuristic player for the rest."""
    from magecraft.wizard_prince.bots import HeuristicBot, NpcNobleBot

    return {n.name: (NpcNobleBot() if n.npc else HeuristicBot()) for n in banquet.nobles.values()}


def play_banquet(c: CampaignState) -> dict[str, Any]:
    """Play this year's banquet with the bots; returns ``BanquetResult.to_dict()``."""
    from magecraft.wizard_prince.bots import play

    return play(*new_banquet(c)).to_dict()


def parse_result(c: CampaignState, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Check an entered banquet result (the shape ``BanquetResult.to_dict`` writes); refuse it whole."""
    def bad(why: str) -> RuleError:
        return RuleError(f"the banquet's result is not usable: {why}", rule="The banquet", section=CAMPAIGN)

    if not isinstance(raw, Mapping):
        raise bad("it is not a table")
    emperors = raw.get("emperors")
    if emperors not in (0, 1, 2):
        raise bad("emperors is 0, 1 or 2")
    nobles = raw.get("nobles")
    if not isinstance(nobles, list):
        raise bad("nobles is a list")
    may = set(attendees(c))
    out = []
    for entry in nobles:
        if not isinstance(entry, Mapping) or entry.get("name") not in may:
            raise bad(f"{entry.get('name') if isinstance(entry, Mapping) else entry!r} did not attend")
        changes = entry.get("changes", {})
        counts = entry.get("counts", {})
        if not isinstance(changes, Mapping) or not all(type(changes.get(s, 0)) is int for s in STATISTICS):
            raise bad(f"{entry['name']}'s changes are whole numbers for {', '.join(STATISTICS)}")
        if not isinstance(counts, Mapping) or not all(type(v) is int and v >= 0 for v in counts.values()):
            raise bad(f"{entry['name']}'s counts are whole numbers")
        out.append({"name": entry["name"], "fate": str(entry.get("fate", "stayed to the end")),
                    "presented": [str(p) for p in entry.get("presented", [])],
                    "changes": {s: int(changes.get(s, 0)) for s in STATISTICS},
                    "counts": {k: int(v) for k, v in counts.items()},
                    "crown_prince_duels": [int(v) for v in entry.get("crown_prince_duels", [])],
                    "crown_prince_support": [int(v) for v in entry.get("crown_prince_support", [])],
                    "appointment": _appointment(c, entry, bad)})
    return {"emperors": emperors, "nobles": out, "coup": bool(raw.get("coup", False)),
            "civil_war": emperors != 1, "barbarian_invasion": bool(raw.get("barbarian_invasion", False)),
            "feudal_wars": int(raw.get("feudal_wars", 0))}


def _appointment(c: CampaignState, entry: Mapping[str, Any], bad: Callable[[str], RuleError]) -> str:
    """The office a noble holds after the banquet, as entered: an entry that leaves ``appointment`` out keeps the
    one he held (it is lost only when the result says so, with ``""``); a misspelt office is refused."""
    if "appointment" not in entry:
        return str(c.nobles[entry["name"]].appointment)
    try:
        return office(entry["appointment"], entry["name"])
    except DataError as exc:
        raise bad(str(exc)) from None


def use_result(c: CampaignState, raw: Mapping[str, Any], *, entered: bool) -> None:
    result = parse_result(c, raw)
    c.year_data["banquet"] = result
    how = "entered by the GM" if entered else "played"
    emperors = {0: "no Emperor", 1: "one Emperor", 2: "two Emperors"}[result["emperors"]]
    c.news(f"The Imperial Banquet is {how}: it ends with {emperors}", CAMPAIGN)


@task("court")
def _court(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    """Apply each noble's banquet: fate, changes, appointment, awards; queue the deferred benefits."""
    result = c.year_data.get("banquet")
    if not result:
        return
    kinds = chit_kinds()
    positive: list[str] = []
    follow: list[dict[str, Any]] = []
    c.year_data.setdefault("duels", [])
    c.year_data.setdefault("writs", [])
    for entry in result["nobles"]:
        name = entry["name"]
        n = c.nobles[name]
        n.sponsored = False
        fate = entry["fate"]
        if fate in ("slain", "executed"):
            c.kill(name, f"{fate} at the banquet", CHITS)
            continue
        if fate == "exiled":
            n.exiled_reign = c.reign
            c.news(f"{name} is exiled until the Emperor is replaced", CHITS)
        for stat in STATISTICS:
            delta = entry["changes"][stat]
            if stat in ARMS:
                if delta > 0:
                    n.arm(stat)["regular"] += delta
                elif delta < 0:
                    n.lose_units(stat, -delta)
            else:
                setattr(n, stat, getattr(n, stat) + delta)
        n.wealth = max(0, n.wealth)
        if entry["appointment"] != n.appointment:
            n.appointment = office(entry["appointment"], name)
            if n.appointment:
                for other in c.nobles.values():
                    if other.name != name and other.appointment == n.appointment:
                        other.appointment = ""
        counts = entry["counts"]
        n.xp += counts.get("xp_awards", 0) * n.level * XP_PER_LEVEL // 10
        n.quests += counts.get("hierophant_quests", 0)
        n.crown_support += sum(entry["crown_prince_support"])
        for level in entry["crown_prince_duels"]:
            c.year_data["duels"].append({"challenger": "the Crown Prince", "defender": name, "prince": level})
        if any(kinds[p].polarity == "positive" for p in entry["presented"] if p in kinds):
            positive.append(name)
        follow.extend({"do": "courtier", "noble": name, "benefit": "paid", "chit": p}
                      for p in entry["presented"] if p in kinds and kinds[p].effect == "gain")
        for count, benefit in DEFERRED.items():
            follow.extend({"do": "courtier", "noble": name, "benefit": benefit}
                          for _ in range(counts.get(count, 0)))
    if result["coup"]:
        c.reign += 1
        c.news("A coup d'etat replaces the Emperor", CHITS)
    c.year_data["positive"] = positive
    c.push(*follow)


def _give_back(c: CampaignState, name: str, gain: Mapping[str, int]) -> None:
    n = c.nobles[name]
    for stat, k in gain.items():
        if stat in ARMS:
            n.lose_units(stat, k)
        else:
            setattr(n, stat, getattr(n, stat) - k)


_BENEFIT_WORDS = {"ambassador": "the Ambassador's province", "trader": "the Foreign Trader's +1 production",
                  "castellan": "the Knight Castellan's training", "herald": "the Grand Herald's duel",
                  "writ": "the Lord Marshal's writ of battle"}


def _paid_gain(t: dict[str, Any]) -> Mapping[str, int]:
    """What a courtier the banquet has already paid gave (the Dwarf Mine Master's Wealth, the Senator's Status,
    a Mercenary General's legion, an Admiral's fleet): given back if an upgrade is taken instead of it."""
    return chit_kinds()[t["chit"]].gain if t["benefit"] == "paid" else {}


def _can_give_back(c: CampaignState, name: str, gain: Mapping[str, int]) -> bool:
    n = c.nobles[name]
    return all(stat == "status" or (sum(n.arm(stat).values()) if stat in ARMS else getattr(n, stat)) >= k
               for stat, k in gain.items())


def _ask_courtier(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    name = t["noble"]
    if not c.nobles[name].alive or not realm(c, name) or not _can_give_back(c, name, _paid_gain(t)):
        return None
    choices = upgrade_choices(c, name)
    if not choices:
        return None
    paid = t["benefit"] == "paid"
    what = f"the {chit_kinds()[t['chit']].name}'s benefit" if paid else _BENEFIT_WORDS[t["benefit"]]
    return Decision(Question.COURTIER, name, (Reply.TAKE, *choices),
                    f"{name}: take {what}, or an upgrade instead?", UPGRADES)


@task("courtier", _ask_courtier)
def _courtier(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    name, benefit = t["noble"], t["benefit"]
    if not c.nobles[name].alive:
        return
    if isinstance(answer, Upgrade):
        _give_back(c, name, _paid_gain(t))
        build(c, name, answer, "a courtier")
        return
    if benefit == "paid":
        return
    if benefit == "ambassador":
        c.push({"do": "gain", "noble": name, "reason": "the Ambassador's treaty", "section": CHITS})
    elif benefit == "trader":
        c.push({"do": "trader", "noble": name})
    elif benefit == "castellan":
        c.push({"do": "castellan", "noble": name})
    elif benefit == "herald":
        c.year_data["duels"].append({"challenger": name})
    else:
        c.year_data["writs"].append(name)


def _ask_trader(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    mine = realm(c, t["noble"])
    if not mine:
        return None
    return Decision(Question.TRADER, t["noble"], tuple(ProvinceChoice(p) for p in mine),
                    f"{t['noble']}: which province gets the Foreign Trader's +1?", CHITS)


@task("trader", _ask_trader)
def _trader(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, ProvinceChoice):
        c.news(f"{t['noble']} rules no province: the Foreign Trader moves on", CHITS)
        return
    c.provinces[answer.province].trader += 1
    c.news(f"The Foreign Trader adds +1 to {answer.province}'s production", CHITS)


def _ask_castellan(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    n = c.nobles[t["noble"]]
    options = tuple(Train(arm, grade) for grade in ("regular", "elite") for arm in ARMS if n.arm(arm)[grade] > 0)
    if not options:
        return None
    return Decision(Question.CASTELLAN, n.name, options, f"{n.name}: which unit does the Knight Castellan train?",
                    CHITS)


@task("castellan", _ask_castellan)
def _castellan(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, Train):
        return
    c.nobles[t["noble"]].upgrade_unit(answer.arm, answer.grade)
    c.news(f"The Knight Castellan trains one of {t['noble']}'s {answer.grade} {answer.arm}", CHITS)
