"""Duels (seed 004, "Duels", and the CROWN PRINCE of "The Courtier Descriptions").

Sanctioned by a Grand Herald (or the Crown Prince's own challenge), to first blood or to the death as the
challenger decides; the winner gains a point of Status, the loser loses one (it may go negative).  The GM
enters the winner, or the abstract resolver (ruling WC13) decides: 1d20 + level each, ties rolled again,
+2 for the Crown Prince's magic sword.  Beating the Crown Prince costs a Wealth level.  Unsanctioned
duels cost a point of Status (execution below Status 1); welshing on a wager costs 1d3 Status.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magecraft.wizard_prince.campaign.sections import DUELS
from magecraft.wizard_prince.campaign.tasks import GM, Decision, Option, task

if TYPE_CHECKING:
    from magecraft.wizard_prince.campaign.year import Campaign

PRINCE = "the Crown Prince"
#: "always at least a +2 magic sword" (CROWN PRINCE).
PRINCE_SWORD = 2


@task("duels")
def _duels(c: Campaign, t: dict[str, Any], option: Option | None) -> None:
    steps: list[dict[str, Any]] = []
    for duel in c.year_data.get("duels", []):
        if duel["challenger"] == PRINCE:
            steps.append({"do": "duel_fight", "a": duel["defender"], "b": PRINCE, "prince": duel["prince"],
                          "to": "first blood"})
        else:
            steps.append({"do": "duel_challenge", "noble": duel["challenger"]})
    c.push(*steps)


def _ask_challenge(c: Campaign, t: dict[str, Any]) -> Decision | None:
    n = c.nobles[t["noble"]]
    if not n.alive:
        return None
    if n.npc:
        from magecraft.wizard_prince.campaign.npc import npc_targets
        targets = npc_targets(c, n.name)
    else:
        targets = [o for o in c.living() if o != n.name]
    if not targets:
        return None
    return Decision("duel_challenge", n.name, (("none",), *((o, k) for o in targets
                                                             for k in ("first blood", "death"))),
                    f"{n.name}: the Grand Herald sanctions your duel. Whom do you challenge, and to first blood "
                    "or to the death?", DUELS)


@task("duel_challenge", _ask_challenge)
def _challenge(c: Campaign, t: dict[str, Any], option: Option | None) -> None:
    if option is None or option == ("none",):
        return
    c.news(f"{t['noble']} challenges {option[0]} to a duel to {option[1]}", DUELS)
    c.push({"do": "duel_fight", "a": t["noble"], "b": option[0], "to": option[1]})


def _level(c: Campaign, t: dict[str, Any], who: str) -> int:
    return int(t["prince"]) + PRINCE_SWORD if who == PRINCE else c.nobles[who].level


def _ask_fight(c: Campaign, t: dict[str, Any]) -> Decision | None:
    alive = [w for w in (t["a"], t["b"]) if w == PRINCE or c.nobles[w].alive]
    if len(alive) < 2 or c.settings.duel_resolver == "abstract":
        return None
    return Decision("duel_result", GM, (("winner", t["a"]), ("winner", t["b"])),
                    f"GM: who won the duel of {t['a']} and {t['b']} (to {t['to']})?", DUELS)


@task("duel_fight", _ask_fight)
def _fight(c: Campaign, t: dict[str, Any], option: Option | None) -> None:
    a, b = t["a"], t["b"]
    if any(w != PRINCE and not c.nobles[w].alive for w in (a, b)):
        return
    winner = str(option[1]) if option else abstract_duel(c, t)
    settle_duel(c, winner, b if winner == a else a, t["to"])


def abstract_duel(c: Campaign, t: dict[str, Any]) -> str:
    """Ruling WC13: 1d20 + level each (the prince +2), higher wins, ties rolled again."""
    while True:
        ra = c.rng.roll(20, f"{t['a']}'s duel roll", section=DUELS) + _level(c, t, t["a"])
        rb = c.rng.roll(20, f"{t['b']}'s duel roll", section=DUELS) + _level(c, t, t["b"])
        if ra != rb:
            return str(t["a"] if ra > rb else t["b"])


def settle_duel(c: Campaign, winner: str, loser: str, to: str) -> None:
    """+1 Status to the winner, -1 to the loser; to the death, the loser dies; beating the prince costs Wealth."""
    c.news(f"{winner} wins the duel against {loser}", DUELS)
    if winner != PRINCE:
        w = c.nobles[winner]
        w.status += 1
        if loser == PRINCE:
            w.wealth = max(0, w.wealth - 1)
            c.news(f"The merchant families shun {winner} for beating the Imperial heir: -1 Wealth", DUELS)
    if loser != PRINCE:
        c.nobles[loser].status -= 1
        if to == "death":
            c.kill(loser, f"slain in a duel by {winner}", DUELS)


def unsanctioned_duel(c: Campaign, noble: str) -> None:
    """"Unsanctioned dueling is prohibited, and will result in the loss of one Status point, or execution
    if the Player Character Noble has less than one Status level"."""
    n = c.nobles[noble]
    if n.status < 1:
        c.kill(noble, "executed for unsanctioned dueling", DUELS)
    else:
        n.status -= 1
        c.news(f"{noble} loses a point of Status for unsanctioned dueling", DUELS)


def welsh(c: Campaign, noble: str) -> int:
    """"Anyone attempting to Welsh on such a wager loses 1d3 Status immediately"."""
    lost = c.rng.dice("1d3", f"{noble} welshes on a wager", section=DUELS).total
    c.nobles[noble].status -= lost
    c.news(f"{noble} welshes on a wager and loses {lost} Status", DUELS)
    return lost
