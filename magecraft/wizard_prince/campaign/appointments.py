"""The Imperial Appointments' yearly effects (seed 004, "The Courtier Descriptions", IMPERIAL APPOINTMENT).

Minister of State: +1 Status or Wealth; Chancellor of the Exchequer: +1 Wealth; Lord Chancellor: may charge
another noble with embezzlement (Charisma checks, the one succeeding by more or failing by less wins; a
conviction moves a Wealth level to the Lord Chancellor); Master General: +1 Legion or Fleet.  An
appointment is lost when Status falls below its minimum.
"""

from __future__ import annotations

from typing import Any

from magecraft.wizard_prince.campaign.answers import Answer, OfficeGain, Question, Reply, Target
from magecraft.wizard_prince.campaign.sections import CHITS
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.campaign.tasks import Decision
from magecraft.wizard_prince.pieces import Office, appointments

#: A noble whose sheet gives no Charisma checks against 10 (ruling WC12).
DEFAULT_CHARISMA = 10


def check_minimum(c: CampaignState, noble: str) -> None:
    """"If Status drops below this level for any reason, the appointment is lost": the Status he has this year,
    a Wealth boost included (as at the banquet, which seats him with it), so a boost's lapse can cost the post."""
    n = c.nobles[noble]
    office = appointments().get(n.appointment) if n.appointment else None
    if office is not None and n.effective_status < office.min_status:
        c.news(f"{noble} loses his office of {office.title}: Status {n.effective_status} is below "
               f"{office.min_status}", CHITS)
        n.appointment = ""


def check_all(c: CampaignState) -> None:
    """Every living holder's minimum Status, checked after each step of the year ("for any reason": a duel lost,
    a wager welshed on, a boost lapsed), not only at the appointments and the checks."""
    for name in c.living():
        if c.nobles[name].appointment:
            check_minimum(c, name)


@task("appointments")
def _appointments(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    steps = []
    for name in c.living():
        check_minimum(c, name)
        if c.nobles[name].appointment in _YEARLY:
            steps.append({"do": "office", "noble": name})
    c.push(*steps)


#: The offices that act "at the beginning of each year during which this appointment is held".
_YEARLY = (Office.MINISTER_OF_STATE, Office.CHANCELLOR_OF_THE_EXCHEQUER, Office.LORD_CHANCELLOR,
           Office.MASTER_GENERAL)


#: The gains each office offers, the default first.
_OPTIONS: dict[str, tuple[OfficeGain, OfficeGain]] = {
    Office.MINISTER_OF_STATE: (OfficeGain.WEALTH, OfficeGain.STATUS),
    Office.MASTER_GENERAL: (OfficeGain.LEGIONS, OfficeGain.FLEETS),
}


def _ask_office(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    n = c.nobles[t["noble"]]
    if n.appointment in _OPTIONS:
        return Decision(Question.OFFICE, n.name, _OPTIONS[n.appointment],
                        f"{n.name}: your office gives you one more -- which?", CHITS)
    if n.appointment == Office.LORD_CHANCELLOR:
        others = [o for o in c.players() if o != n.name]
        if others:
            return Decision(Question.OFFICE, n.name, (Reply.NONE, *(Target(o) for o in others)),
                            f"{n.name}: charge another noble with embezzlement?", CHITS)
    return None


@task("office", _ask_office)
def _office(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    n = c.nobles[t["noble"]]
    if n.appointment == Office.CHANCELLOR_OF_THE_EXCHEQUER:
        n.wealth += 1
        c.news(f"{n.name}, Chancellor of the Exchequer, gains a Wealth point", CHITS)
    elif n.appointment == Office.MINISTER_OF_STATE and isinstance(answer, OfficeGain):
        gain = answer
        if gain is OfficeGain.STATUS:
            n.status += 1
        else:
            n.wealth += 1
        c.news(f"{n.name}, Minister of State, gains a point of {gain}", CHITS)
    elif n.appointment == Office.MASTER_GENERAL and isinstance(answer, OfficeGain):
        gain = answer
        (n.legions if gain is OfficeGain.LEGIONS else n.fleets)["regular"] += 1
        c.news(f"{n.name}, Master General, gains one {gain[:-1]}", CHITS)
    elif n.appointment == Office.LORD_CHANCELLOR and isinstance(answer, Target):
        trial(c, n.name, answer.noble)


def trial(c: CampaignState, chancellor: str, accused: str) -> bool:
    """The embezzlement trial; True when the accused is convicted.  A tie acquits (WC12) unless the
    setting has it rolled again."""
    while True:
        margins = {}
        for who in (chancellor, accused):
            score = c.nobles[who].abilities.get("charisma", DEFAULT_CHARISMA)
            margins[who] = score - c.rng.roll(20, f"{who}'s charisma check at the trial", section=CHITS)
        if margins[chancellor] != margins[accused] or c.settings.lord_chancellor_tie == "defendant":
            break
    convicted = margins[chancellor] > margins[accused]
    if convicted:
        if c.nobles[accused].wealth > 0:
            c.nobles[accused].wealth -= 1
            c.nobles[chancellor].wealth += 1
        c.news(f"{accused} is convicted of embezzlement: a Wealth level goes to {chancellor}", CHITS)
    else:
        c.news(f"{accused} is acquitted of embezzlement", CHITS)
    return convicted
