"""The adventure slot (seed 004, "Adventuring"; "Attending the Banquet"; HIEROPHANT; Servants of Chaos).

After the banquet, duels and wars, the GM records what each noble's adventure won or lost, with a reason:
Status, Wealth, legions or fleets (regular, elite or guard), gold, experience, magic items, a sponsorship
(one year at the banquet), a Hierophant's quest done or failed, Servants of Chaos rooted out of a province,
an unsanctioned duel, a welshed wager.  The GM ends the slot with ``("done",)``.

The free spells and sages' queries of "Province Upgrades" are recorded here too (ruling WC23), each naming the
spell or question: a Grand Temple grants its ruler two cleric spells a year (any level), a University two
magic-user spells (up to seventh level) or sages' queries, or one of each; unused ones lapse with the year.
"""

from __future__ import annotations

from typing import Any

from magecraft.core.errors import RuleError
from magecraft.wizard_prince.campaign.answers import Answer, Question, Reply
from magecraft.wizard_prince.campaign.duels import unsanctioned_duel, welsh
from magecraft.wizard_prince.campaign.nobles import ARMS, GRADES
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.sections import ADVENTURING, ATTENDING, TUMULT
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.campaign.tasks import GM, Decision, Record

RECORDS = ("status", "wealth", "legions", "fleets", "gold", "xp", "item", "sponsor", "quest_done", "quest_failed",
           "root_out_chaos", "unsanctioned_duel", "welsh", "temple_spell", "university_spell", "sage_query")

#: Free uses a year per building (Grand Temple, University), and which records draw on each.
BOONS = {"temple_spell": "grand_temple", "university_spell": "university", "sage_query": "university"}
BOONS_PER_BUILDING = 2
#: "up to seventh level" (University); the Grand Temple's cleric spells are "any level".
UNIVERSITY_SPELL_LEVEL = 7


def boons_left(c: CampaignState, noble: str, building: str) -> int:
    """Free spells or queries ``noble`` has left this year from his buildings of kind ``building``."""
    owned = sum(1 for p in realm(c, noble) if c.provinces[p].has(building))
    used = c.year_data.get("boons", {}).get(noble, {}).get(building, 0)
    return BOONS_PER_BUILDING * owned - int(used)


def _ask(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    return Decision(Question.ADVENTURE, GM, (Reply.DONE,),
                    "GM: record each adventure's gains and losses, then done", ADVENTURING)


@task("adventure", _ask)
def _adventure(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    return None


def check_record(c: CampaignState, r: Record) -> None:
    def bad(why: str) -> RuleError:
        return RuleError(why, rule="Adventuring", section=ADVENTURING)

    if r.noble not in c.nobles:
        raise bad(f"there is no noble {r.noble!r}")
    if r.what not in RECORDS:
        raise bad(f"{r.what!r} is not something an adventure records (one of {', '.join(RECORDS)})")
    if not r.reason.strip():
        raise bad("an adventure's gain or loss needs a reason")
    n = c.nobles[r.noble]
    if not n.alive:
        raise bad(f"{r.noble} is dead")
    if r.what in ARMS:
        grade = r.detail or "regular"
        if grade not in GRADES:
            raise bad(f"{grade!r} is not regular, elite or guard")
        if n.arm(r.what)[grade] + r.amount < 0:
            raise bad(f"{r.noble} has only {n.arm(r.what)[grade]} {grade} {r.what}")
    if r.what == "gold" and n.gold + r.amount < 0:
        raise bad(f"{r.noble} has only {n.gold} gp")
    if r.what == "item" and r.amount >= 0 and not r.detail:
        raise bad("name the magic item")
    if r.what == "item" and r.amount < 0 and r.detail not in n.items:
        raise bad(f"{r.noble} has no item {r.detail!r}")
    if r.what in ("quest_done", "quest_failed") and n.quests < 1:
        raise bad(f"{r.noble} has no Hierophant's quest")
    if r.what in BOONS:
        building = BOONS[r.what]
        if not r.detail:
            raise bad("name the spell or the question")
        if r.what != "sage_query" and r.amount < 1:
            raise bad("give the spell's level (1 or more)")
        if r.what == "university_spell" and r.amount > UNIVERSITY_SPELL_LEVEL:
            raise bad(f"a University's free spells go up to level {UNIVERSITY_SPELL_LEVEL}")
        if boons_left(c, r.noble, building) < 1:
            word = "Grand Temple" if building == "grand_temple" else "University"
            raise bad(f"{r.noble} has no free {word} spell or query left this year (two a year for each "
                      f"{word} he rules)")
    if r.what == "root_out_chaos" and (r.detail not in c.provinces or not c.provinces[r.detail].chaos):
        raise bad(f"no Servants of Chaos infest {r.detail!r}")


def record(c: CampaignState, r: Record) -> None:
    n = c.nobles[r.noble]
    what = r.what
    if what in ARMS:
        n.arm(what)[r.detail or "regular"] += r.amount
    elif what in ("status", "wealth", "gold", "xp"):
        setattr(n, what, getattr(n, what) + r.amount)
    elif what == "item":
        if r.amount >= 0:
            n.items.append(r.detail)
        else:
            n.items.remove(r.detail)
    elif what == "sponsor":
        n.sponsored = True
    elif what in ("quest_done", "quest_failed"):
        n.quests -= 1
    elif what == "root_out_chaos":
        p = c.provinces[r.detail]
        p.chaos, p.wasteland = 0, False
        c.news(f"{r.noble} roots the Servants of Chaos out of {r.detail}", TUMULT)
    elif what == "unsanctioned_duel":
        unsanctioned_duel(c, r.noble)
    elif what == "welsh":
        welsh(c, r.noble)
    elif what in BOONS:
        used = c.year_data.setdefault("boons", {}).setdefault(r.noble, {})
        used[BOONS[what]] = used.get(BOONS[what], 0) + 1
    section = ATTENDING if what == "sponsor" else ADVENTURING
    c.news(f"Adventure: {r.describe()}", section)
