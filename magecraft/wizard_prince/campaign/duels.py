"""Duels (seed 004, "Duels", and the CROWN PRINCE of "The Courtier Descriptions").

Sanctioned by a Grand Herald (or the Crown Prince's own challenge), to first blood or to the death as the
challenger decides; the winner gains a point of Status, the loser loses one (it may go negative).  The GM
enters the winner, or the abstract resolver (ruling WC13) decides: 1d20 + level each, ties rolled again,
+2 for the Crown Prince's magic sword.  Beating the Crown Prince costs a Wealth level.  Unsanctioned
duels cost a point of Status (execution below Status 1).

Wagers ("Duels"): before each duel the GM enters the wagers the player nobles agree on, one pair at a time --
one backs each duellist, and each stakes a Wealth level, a province or a magic item (ruling WC21).  After the
duel the backer of the loser pays or welshes; welshing costs 1d3 Status and pays nothing.

Seconds ("up to two seconds, who enter into the combat only if cheating takes place, or if the rules of the
duel are not followed"): each duellist is taken to bring his two; the GM may enter that one duellist cheated or
broke the duel's rules, and then (ruling WC22) the seconds stop the fight -- nobody dies, and the one who kept
the rules wins.
"""

from __future__ import annotations

from typing import Any

from magecraft.wizard_prince.campaign.answers import (
    Answer,
    Challenge,
    DuelTo,
    DuelWinner,
    Foul,
    Question,
    Reply,
    Stake,
    StakeKind,
    Wager,
    read_answer,
)
from magecraft.wizard_prince.campaign.npc import npc_targets
from magecraft.wizard_prince.campaign.provinces import connected_to_capital, cut_off, gain, realm, release
from magecraft.wizard_prince.campaign.sections import DUELS
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.campaign.tasks import GM, Decision

PRINCE = "the Crown Prince"
#: "always at least a +2 magic sword" (CROWN PRINCE).
PRINCE_SWORD = 2


@task("duels")
def _duels(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    steps: list[dict[str, Any]] = []
    for duel in c.year_data.get("duels", []):
        if duel["challenger"] == PRINCE:
            steps.append({"do": "duel_wagers", "a": duel["defender"], "b": PRINCE, "prince": duel["prince"],
                          "to": "first blood"})
        else:
            steps.append({"do": "duel_challenge", "noble": duel["challenger"]})
    c.push(*steps)


def _ask_challenge(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    n = c.nobles[t["noble"]]
    if not n.alive:
        return None
    # "Any NPC noble who gains the ability to attack (by duel or feudal war) ... will attack a player character
    # noble" (NPC Nobles Outside the Banquet): the rule names whom (ruling WC14) and he may not decline; how --
    # to first blood or to the death -- is his choice, "in a manner seen as most advantageous to him"
    decline: tuple[Reply, ...] = ()
    if n.npc:
        targets = npc_targets(c, n.name)
    else:
        targets, decline = [o for o in c.living() if o != n.name], (Reply.NONE,)
    if not targets:
        return None
    return Decision(Question.DUEL_CHALLENGE, n.name, (*decline, *(Challenge(o, to) for o in targets
                                                                  for to in DuelTo)),
                    f"{n.name}: the Grand Herald sanctions your duel. Whom do you challenge, and to first blood "
                    "or to the death?", DUELS)


@task("duel_challenge", _ask_challenge)
def _challenge(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, Challenge):
        return
    c.news(f"{t['noble']} challenges {answer.noble} to a duel to {answer.to}", DUELS)
    c.push({"do": "duel_wagers", "a": t["noble"], "b": answer.noble, "to": answer.to.value})


def _level(c: CampaignState, t: dict[str, Any], who: str) -> int:
    return int(t["prince"]) + PRINCE_SWORD if who == PRINCE else c.nobles[who].level


def _ask_fight(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    alive = [w for w in (t["a"], t["b"]) if w == PRINCE or c.nobles[w].alive]
    if len(alive) < 2 or c.settings.duel_resolver == "abstract":
        return None
    duellists = (t["a"], t["b"])
    return Decision(Question.DUEL_RESULT, GM, (*(DuelWinner(w) for w in duellists), *(Foul(w) for w in duellists)),
                    f"GM: who won the duel of {t['a']} and {t['b']} (to {t['to']})? Or who cheated or broke "
                    "its rules (the seconds step in)?", DUELS)


@task("duel_fight", _ask_fight)
def _fight(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    a, b = t["a"], t["b"]
    if any(w != PRINCE and not c.nobles[w].alive for w in (a, b)):
        return
    if isinstance(answer, Foul):
        winner, to = (b if answer.noble == a else a), "first blood"
        c.news(f"{answer.noble} cheats or breaks the rules of the duel: the seconds step in and stop it", DUELS)
    else:
        winner, to = (answer.noble if isinstance(answer, DuelWinner) else abstract_duel(c, t)), t["to"]
    settle_duel(c, winner, b if winner == a else a, to)
    c.push(*({"do": "wager_pay", "wager": w, "winner": winner, "a": a} for w in t.get("wagers", [])))


def abstract_duel(c: CampaignState, t: dict[str, Any]) -> str:
    """Ruling WC13: 1d20 + level each (the prince +2), higher wins, ties rolled again."""
    while True:
        ra = c.rng.roll(20, f"{t['a']}'s duel roll", section=DUELS) + _level(c, t, t["a"])
        rb = c.rng.roll(20, f"{t['b']}'s duel roll", section=DUELS) + _level(c, t, t["b"])
        if ra != rb:
            return str(t["a"] if ra > rb else t["b"])


def settle_duel(c: CampaignState, winner: str, loser: str, to: str) -> None:
    """+1 Status to the winner, -1 to the loser; to the death, the loser dies; beating the prince costs Wealth."""
    c.news(f"{winner} wins the duel against {loser}", DUELS)
    if winner != PRINCE:
        w = c.nobles[winner]
        w.status += 1
        if loser == PRINCE:
            w.wealth = max(0, w.wealth - 1)
            c.news(f"The merchant families shun {winner} for beating the Imperial heir: -1 Wealth", DUELS)
    if loser != PRINCE:
        n = c.nobles[loser]
        n.status -= 1
        if to == "death":
            c.kill(loser, f"slain in a duel by {winner}", DUELS)
        elif n.status < 0:
            # "which can go into negative numbers, indicating he has just become the winner's slave"
            n.slave_of = winner
            c.news(f"{loser}'s Status falls to {n.status}: he is now {winner}'s slave", DUELS, noble=loser)


def check_slaves(c: CampaignState) -> None:
    """A slave whose Status is back at 0 or more is free again (ruling WC26: negative Status is what marks
    him "an outlaw or slave", Character Creation)."""
    for n in c.nobles.values():
        if n.slave_of and (n.status >= 0 or not n.alive):
            if n.alive:
                c.news(f"{n.name}'s Status is {n.status} again: he is no longer {n.slave_of}'s slave", DUELS,
                       noble=n.name)
            n.slave_of = ""


def unsanctioned_duel(c: CampaignState, noble: str) -> None:
    """"Unsanctioned dueling is prohibited, and will result in the loss of one Status point, or execution
    if the Player Character Noble has less than one Status level"."""
    n = c.nobles[noble]
    if n.status < 1:
        c.kill(noble, "executed for unsanctioned dueling", DUELS)
    else:
        n.status -= 1
        c.news(f"{noble} loses a point of Status for unsanctioned dueling", DUELS)


def welsh(c: CampaignState, noble: str) -> int:
    """"Anyone attempting to Welsh on such a wager loses 1d3 Status immediately"."""
    lost = c.rng.dice("1d3", f"{noble} welshes on a wager", section=DUELS).total
    c.nobles[noble].status -= lost
    c.news(f"{noble} welshes on a wager and loses {lost} Status", DUELS)
    return lost


# -- wagers ("Player Character Nobles (both those participating and those not) may agree to wager magic items,
# Wealth or Provinces on the outcome of the duel").  The wagers of the duel being set up live in
# ``year_data["wagers"]`` (tasks are copied by a save, so they share nothing); the fight carries them off.
def saved_stake(raw: list[Any]) -> Stake:
    """A stake as a wager in ``year_data`` keeps it (its option, as a list)."""
    stake = read_answer(Question.WAGER_STAKE, tuple(raw))
    assert isinstance(stake, Stake)
    return stake


def _staked(c: CampaignState, noble: str) -> list[Stake]:
    return [saved_stake(w[f"{side}_stake"]) for w in c.year_data.get("wagers", []) for side in ("a", "b")
            if w[f"{side}_backer"] == noble and w.get(f"{side}_stake")]


def stakes(c: CampaignState, noble: str, taker: str) -> list[Stake]:
    """What ``noble`` may still stake against ``taker`` on the duel being set up (ruling WC21): a Wealth level
    not staked already, a province of his that could join ``taker``'s realm (bordering it, or any if he rules
    none), a magic item of his not staked already."""
    n = c.nobles[noble]
    staked = _staked(c, noble)
    out: list[Stake] = []
    if n.wealth > sum(1 for s in staked if s.kind is StakeKind.WEALTH):
        out.append(Stake(StakeKind.WEALTH))
    linked = connected_to_capital(c, taker)
    by_sea = c.settings.sea_links_connect
    for p in realm(c, noble):
        if Stake(StakeKind.PROVINCE, p) not in staked and (not linked or c.empire.neighbours(p, by_sea) & linked):
            out.append(Stake(StakeKind.PROVINCE, p))
    for item in dict.fromkeys(n.items):
        if staked.count(Stake(StakeKind.ITEM, item)) < n.items.count(item):
            out.append(Stake(StakeKind.ITEM, item))
    return out


def _ask_wagers(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    duellists = [w for w in (t["a"], t["b"]) if w == PRINCE or c.nobles[w].alive]
    if len(duellists) < 2:
        return None
    players = c.players()
    pairs = [Wager(x, y) for x in players for y in players
             if x != y and x != t["b"] and y != t["a"] and stakes(c, x, y) and stakes(c, y, x)]
    if not pairs:
        return None
    return Decision(Question.DUEL_WAGERS, GM, (Reply.DONE, *pairs),
                    f"GM: any wagers on the duel of {t['a']} and {t['b']}? (the first named backs {t['a']}, "
                    f"the second {t['b']}; each then names his stake)", DUELS)


@task("duel_wagers", _ask_wagers)
def _wagers(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, Wager):
        c.push({**t, "do": "duel_fight", "wagers": c.year_data.pop("wagers", [])})
        return
    c.year_data.setdefault("wagers", []).append({"a_backer": answer.a_backer, "b_backer": answer.b_backer})
    c.push({"do": "wager_stake", "side": "a", "on": t["a"]}, {"do": "wager_stake", "side": "b", "on": t["b"]}, t)


def _ask_stake(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    wager = c.year_data["wagers"][-1]
    noble, taker = wager[f"{t['side']}_backer"], wager[f"{'b' if t['side'] == 'a' else 'a'}_backer"]
    return Decision(Question.WAGER_STAKE, noble, tuple(stakes(c, noble, taker)),
                    f"{noble}: you back {t['on']} against {taker}. What do you stake?", DUELS)


@task("wager_stake", _ask_stake)
def _stake(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    assert isinstance(answer, Stake)
    wager = c.year_data["wagers"][-1]
    wager[f"{t['side']}_stake"] = list(answer.option)
    c.news(f"{wager[t['side'] + '_backer']} stakes {answer.words()} on {t['on']}", DUELS)


def _payer(t: dict[str, Any]) -> tuple[str, str, Stake]:
    """(payer, taker, stake) of a settled wager: the backer of the duel's loser pays his own stake."""
    w = t["wager"]
    lost, won = ("b", "a") if t["winner"] == t["a"] else ("a", "b")
    return w[f"{lost}_backer"], w[f"{won}_backer"], saved_stake(w[f"{lost}_stake"])


def can_pay(c: CampaignState, noble: str, stake: Stake) -> bool:
    """Whether ``noble`` still holds what he staked (ruling WC21: if not, he can only welsh)."""
    n = c.nobles[noble]
    if stake.kind is StakeKind.WEALTH:
        return n.wealth >= 1
    if stake.kind is StakeKind.PROVINCE:
        return stake.name in realm(c, noble)
    return stake.name in n.items


def _ask_pay(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    payer, taker, stake = _payer(t)
    if not c.nobles[payer].alive or not c.nobles[taker].alive:
        return None
    options = (Reply.PAY, Reply.WELSH) if can_pay(c, payer, stake) else (Reply.WELSH,)
    return Decision(Question.WAGER_PAY, payer, options,
                    f"{payer}: {t['winner']} won; you owe {taker} {stake.words()}. Pay, or welsh "
                    "(1d3 Status)?", DUELS)


@task("wager_pay", _ask_pay)
def _pay(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    payer, taker, stake = _payer(t)
    if answer is None:
        c.news(f"The wager of {payer} with {taker} dies with the dead", DUELS)
    elif answer is Reply.WELSH:
        welsh(c, payer)
    else:
        pay_stake(c, payer, taker, stake)


def pay_stake(c: CampaignState, payer: str, taker: str, stake: Stake) -> None:
    """Hand a staked Wealth level, province (with its upgrades) or magic item to the wager's winner."""
    p, w = c.nobles[payer], c.nobles[taker]
    if stake.kind is StakeKind.WEALTH:
        p.wealth -= 1
        w.wealth += 1
    elif stake.kind is StakeKind.PROVINCE:
        release(c, payer, stake.name)
        gain(c, taker, stake.name, f"won on a wager from {payer}", keep_upgrades=True, section=DUELS)
        cut_off(c, taker)
    else:
        p.items.remove(stake.name)
        w.items.append(stake.name)
    c.news(f"{payer} pays {taker} {stake.words()} on the wager", DUELS)
