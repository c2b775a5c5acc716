"""The exact chance of the campaign year's answers that a roll decides (issue 28), before they are given.

Three answers are settled by dice the rules fix in advance: the Lord Chancellor's charge of embezzlement
(Charisma checks, "The Courtier Descriptions", ruling WC12), a challenge to a duel the abstract resolver
fights (1d20 + level each, ties rolled again, ruling WC13) and a syndicate's assassin (a Death or Poison
save, a Syndicate of the target's halving what gets through, "Province Upgrades", ruling WC15).  Each is
worked out exactly from the sheets every seat sees; nothing is rolled and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

from magecraft.core.odds import Chance, Odds, chance_at_least
from magecraft.wizard_prince.campaign.answers import Answer, Challenge, Question, Target
from magecraft.wizard_prince.campaign.appointments import DEFAULT_CHARISMA
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.sections import CHITS, DUELS, UPGRADES
from magecraft.wizard_prince.campaign.state import CampaignState
from magecraft.wizard_prince.nobles import save_needed
from magecraft.wizard_prince.pieces import Office


@cache
def _d20_less_d20() -> Odds:
    """The spread of one 1d20 less another, worked out once."""
    return Odds.of("1d20-1d20")


def beats(lead: int, *, ties_rolled_again: bool) -> Fraction:
    """The chance that a side ``lead`` ahead before the dice ends ahead after each rolls 1d20, ties going to
    the other side or rolled again.

    >>> beats(0, ties_rolled_again=True), beats(0, ties_rolled_again=False)
    (Fraction(1, 2), Fraction(19, 40))
    """
    spread = _d20_less_d20().chances
    win = sum((p for v, p in spread.items() if v + lead > 0), Fraction(0))
    tie = spread.get(-lead, Fraction(0))
    return win / (1 - tie) if ties_rolled_again else win


def trial(c: CampaignState, chancellor: str, accused: str) -> Chance:
    """The chance the Lord Chancellor convicts ``accused``: each checks 1d20 against his Charisma, and the one
    succeeding by more or failing by less wins (a tie acquits, or is rolled again, by the setting)."""
    mine = c.nobles[chancellor].abilities.get("charisma", DEFAULT_CHARISMA)
    theirs = c.nobles[accused].abilities.get("charisma", DEFAULT_CHARISMA)
    again = c.settings.lord_chancellor_tie != "defendant"
    return Chance(beats(mine - theirs, ties_rolled_again=again),
                  f"1d20 under Charisma {mine} against {accused}'s 1d20 under {theirs}, the larger margin "
                  f"convicts ({'ties rolled again' if again else 'a tie acquits'})", CHITS)


def duel(c: CampaignState, challenger: str, challenged: str) -> Chance:
    """The chance the challenger wins the duel the abstract resolver fights: 1d20 + level each, ties again."""
    mine, theirs = c.nobles[challenger].level, c.nobles[challenged].level
    return Chance(beats(mine - theirs, ties_rolled_again=True),
                  f"1d20 + level {mine} against {challenged}'s 1d20 + level {theirs}, ties rolled again", DUELS)


def assassination(c: CampaignState, target: str) -> Chance:
    """The chance the syndicate's assassin slays ``target``: his Death or Poison save fails, and then, if he
    has a Syndicate of his own, 1d2 comes up 2."""
    needed = save_needed(c.nobles[target].banquet_noble(), "death_poison", c.banquet_settings)
    fails = 1 - chance_at_least("1d20", needed)
    guarded = any(c.provinces[p].has("syndicate") for p in realm(c, target))
    roll = f"{target}'s Death or Poison save fails (1d20 under {needed})"
    if guarded:
        fails, roll = fails / 2, roll + ", then his own Syndicate's 1d2 comes up 2"
    return Chance(fails, roll, UPGRADES)


def _charge(c: CampaignState, player: str, answer: Answer) -> Chance | None:
    if isinstance(answer, Target) and c.nobles[player].appointment == Office.LORD_CHANCELLOR:
        return trial(c, player, answer.noble)
    return None


def _challenge(c: CampaignState, player: str, answer: Answer) -> Chance | None:
    if isinstance(answer, Challenge) and c.settings.duel_resolver == "abstract":
        return duel(c, player, answer.noble)
    return None


def _syndicate(c: CampaignState, player: str, answer: Answer) -> Chance | None:
    return assassination(c, answer.noble) if isinstance(answer, Target) else None


#: The questions whose answers a roll decides, and how the chance is worked out.
CHANCES: dict[Question, Callable[[CampaignState, str, Answer], Chance | None]] = {
    Question.OFFICE: _charge, Question.DUEL_CHALLENGE: _challenge, Question.SYNDICATE: _syndicate,
}


def chance_of(c: CampaignState, answer: object) -> Chance | None:
    """The chance of ``answer`` to the pending question, where a roll decides it; None otherwise."""
    d = c.pending
    if d is None or c.over or answer not in d.options:
        return None
    work = CHANCES.get(d.kind)
    return None if work is None else work(c, d.player, answer)  # type: ignore[arg-type]
