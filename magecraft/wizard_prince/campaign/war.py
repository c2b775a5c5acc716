"""War: the major war (Civil War, Barbarian Invasion, a noble's bid for the throne) and feudal wars.

Seed 004, "War", "Fighting the War" (the commanders' Intelligence check chooses land or sea, unless
geography or Watchtowers decide), "Large Battles" (points: regular 1, elite 1.5, guard 2), "Victory
Determination" (the GM enters the result, or the abstract resolver of ruling WC9 decides), "Experience...",
"Determining Losses" (percentages rounded to nearest, grades and bought forces apart, garrisons exempt),
"The Outcome of War" (Civil War, Barbarian Invasion, Feudal War) and "The Effects of Status and Winning".
"""

from __future__ import annotations

from typing import Any

from magecraft.wizard_prince.campaign.answers import (
    Answer,
    Arm,
    BattleResult,
    Invite,
    ProvinceChoice,
    Question,
    Reply,
    Side,
    Target,
)
from magecraft.wizard_prince.campaign.nobles import ARMS, GRADE_POINTS, GRADES
from magecraft.wizard_prince.campaign.npc import npc_targets
from magecraft.wizard_prince.campaign.provinces import gain, lose, may_gain, realm
from magecraft.wizard_prince.campaign.sections import (
    BARBARIANS,
    BATTLES,
    CIVIL_WAR,
    EXPERIENCE,
    FEUDAL_WAR,
    FIGHTING,
    LOSSES,
    STATUS,
    WAR,
)
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.campaign.tasks import GM, Decision
from magecraft.wizard_prince.campaign.upgrade_data import gods
from magecraft.wizard_prince.pieces import Office

#: Intelligence of a noble whose sheet gives none (ruling WC10).
DEFAULT_INTELLIGENCE = 10
LOSS_STEPS = tuple(range(0, 101, 10))


def roll_host(c: CampaignState, who: str, section: str) -> dict[str, dict[str, int]]:
    """"3d6 regular fleets, 1d6-1 elite fleets, 1d4-1 guard fleets", and the same legions (Civil War)."""
    host: dict[str, dict[str, int]] = {}
    for arm in ("fleets", "legions"):
        host[arm] = {grade: max(0, c.rng.dice(expr, f"{who}'s {grade} {arm}", section=section).total)
                     for grade, expr in (("regular", "3d6"), ("elite", "1d6-1"), ("guard", "1d4-1"))}
    return host


def roll_chief(c: CampaignState, who: str, section: str) -> dict[str, int]:
    """"A fighter of level 2d6 and has Intelligence 3d6" (Barbarian Invasion)."""
    return {"level": c.rng.dice("2d6", f"{who}'s level", section=section).total,
            "intelligence": c.rng.dice("3d6", f"{who}'s Intelligence", section=section).total}


def _side(name: str, host: dict[str, Any] | None = None, chief: dict[str, int] | None = None) -> dict[str, Any]:
    return {"name": name, "nobles": [], "host": host, "chief": chief, "commander": ""}


def start_war(c: CampaignState, kind: str, a: dict[str, Any], b: dict[str, Any], section: str,
              **extra: Any) -> None:
    """Open a war between side ``a`` (attacker, or the reigning Emperor) and ``b`` and queue its steps."""
    c.year_data["war"] = {"kind": kind, "sides": {"a": a, "b": b}, "section": section, "arm": "",
                          "winner": "", "losses": {}, **extra}
    c.news(f"War: {a['name']} against {b['name']} ({kind.replace('_', ' ')})", section)


def war_steps(joiners: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [*joiners, {"do": "war_commanders"}, {"do": "war_arm"}, {"do": "war_battle"}, {"do": "war_after"}]


# -- the major war ------------------------------------------------------------------------
@task("major_war")
def _major_war(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    """One major war a year: Civil War (two or no Emperors), else a Barbarian Invasion (Wounded Ranger)."""
    b = c.year_data.get("banquet") or {}
    if b.get("civil_war"):
        names = ("the Emperor", "the Usurper") if b.get("emperors") == 2 else ("a claimant", "a rival claimant")
        a_side = _side(names[0], roll_host(c, names[0], CIVIL_WAR))
        b_side = _side(names[1], roll_host(c, names[1], CIVIL_WAR))
        start_war(c, "civil_war", a_side, b_side, CIVIL_WAR)
        _intelligence(c, CIVIL_WAR)
        c.push(*war_steps([{"do": "war_join", "noble": n} for n in c.living()]))
    elif b.get("barbarian_invasion"):
        chief = roll_chief(c, "the barbarian chieftain", BARBARIANS)
        start_war(c, "barbarian_invasion", _side("the nobles of the Empire"),
                  _side("the barbarian horde", roll_host(c, "the barbarian chieftain", BARBARIANS), chief),
                  BARBARIANS)
        _intelligence(c, BARBARIANS)
        c.push(*war_steps([{"do": "war_join", "noble": n} for n in c.living()]))
    else:
        needed = len(c.empire.provinces)
        c.push(*({"do": "declare", "noble": n} for n in c.players()
                 if c.nobles[n].effective_status >= needed))


def _intelligence(c: CampaignState, section: str) -> None:
    """Player nobles learn the enemy's strength and generalship only with an Intelligence check each."""
    secret: dict[str, Any] = {}
    war = c.year_data["war"]
    for key in ("a", "b"):
        side = war["sides"][key]
        if side["host"] is None:
            continue
        for what in ("strength", "generalship"):
            known = [n for n in c.players()
                     if c.rng.roll(20, f"{n}'s Intelligence check ({side['name']}'s {what})", section=section)
                     <= c.nobles[n].abilities.get("intelligence", DEFAULT_INTELLIGENCE)]
            secret[f"{key}_{what}"] = {"known_to": known,
                                       "value": side["host"] if what == "strength" else side["chief"]}
    c.year_data["war_secret"] = secret


def _ask_declare(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    n = c.nobles[t["noble"]]
    if not n.alive or n.effective_status < len(c.empire.provinces) or c.year_data.get("war"):
        return None
    return Decision(Question.DECLARE, n.name, (Reply.WAIT, Reply.DECLARE),
                    f"{n.name}: your Status {n.effective_status} lets you declare yourself Emperor and fight for "
                    "the throne with your own forces (a loss means execution). Declare?", STATUS)


@task("declare", _ask_declare)
def _declare(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if answer is not Reply.DECLARE:
        return
    claimant = _side(t["noble"])
    claimant["nobles"].append(t["noble"])
    c.news(f"{t['noble']} declares himself Emperor!", STATUS)
    start_war(c, "declaration", claimant, _side("the Emperor", roll_host(c, "the Emperor", STATUS)), STATUS,
              claimant=t["noble"])
    c.push(*war_steps([{"do": "war_join", "noble": n} for n in c.living() if n != t["noble"]]))


def _ask_join(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    war = c.year_data["war"]
    n = c.nobles[t["noble"]]
    if not n.alive:
        return None
    a, b = war["sides"]["a"], war["sides"]["b"]
    if war["kind"] == "barbarian_invasion":
        return Decision(Question.JOIN, n.name, (Reply.NEUTRAL, Side.A),
                        f"{n.name}: fight the barbarian horde, or stay neutral?", BARBARIANS)
    if war["kind"] == "declaration":
        # the claimant "must rely on his own fleets and legions" (ruling WC11): others may only back the Emperor
        return Decision(Question.JOIN, n.name, (Reply.NEUTRAL, Side.B),
                        f"{n.name}: {a['name']} claims the throne. Back {b['name']} (b), or stay neutral?", STATUS)
    return Decision(Question.JOIN, n.name, (Reply.NEUTRAL, Side.A, Side.B),
                    f"{n.name}: back {a['name']} (a), {b['name']} (b), or stay neutral?", war["section"])


@task("war_join", _ask_join)
def _join(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, Side):
        return
    war = c.year_data["war"]
    war["sides"][answer.value]["nobles"].append(t["noble"])
    c.news(f"{t['noble']} joins {war['sides'][answer.value]['name']}", war["section"])


# -- feudal wars ------------------------------------------------------------------------------
@task("feudal_wars")
def _feudal_wars(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    writs = c.year_data.get("writs", [])
    if not writs:
        return
    if not (c.year_data.get("banquet") or {}).get("feudal_wars"):
        c.news("The Lord Marshal's writs are void in a year of civil war or invasion", FEUDAL_WAR)
        return
    c.push(*({"do": "writ", "noble": n} for n in writs))


def _ask_writ(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    n = c.nobles[t["noble"]]
    if not n.alive or n.npc:     # an NPC noble's writ is not his to decline: the rule picks his target
        return None
    targets = [o for o in c.living() if o != n.name]
    if not targets:
        return None
    return Decision(Question.WRIT, n.name, (Reply.NONE, *(Target(o) for o in targets)),
                    f"{n.name}: whom does your writ of battle attack?", FEUDAL_WAR)


@task("writ", _ask_writ)
def _writ(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    n = c.nobles[t["noble"]]
    if answer is None and n.alive and n.npc:
        # "Any NPC noble who gains the ability to attack (by duel or feudal war) ... will attack a player character
        # noble" (NPC Nobles Outside the Banquet; whom: ruling WC14)
        targets = npc_targets(c, n.name)
        answer = Target(targets[0]) if targets else None
    if not isinstance(answer, Target):
        return
    attacker, defender = t["noble"], answer.noble
    a, b = _side(attacker), _side(defender)
    a["nobles"].append(attacker)
    b["nobles"].append(defender)
    start_war(c, "feudal_war", a, b, FEUDAL_WAR, attacker=attacker, defender=defender, declared="",
              invited=[attacker, defender])
    steps: list[dict[str, Any]] = [{"do": "invite", "noble": attacker, "side": "a"},
                                   {"do": "invite", "noble": defender, "side": "b"}]
    if any(c.provinces[p].has("watchtowers") for p in realm(c, defender)):
        steps.append({"do": "watchtower_target", "noble": attacker})
    c.push(*steps[:2], *war_steps(steps[2:]))


def _ask_invite(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    war = c.year_data["war"]
    if not c.nobles[t["noble"]].alive:
        return None
    free = [n for n in c.living() if n not in war["invited"]]
    if not free:
        return None
    return Decision(Question.INVITE, t["noble"], (Reply.DONE, *(Invite(n) for n in free)),
                    f"{t['noble']}: invite an ally to fight with you?", FEUDAL_WAR)


@task("invite", _ask_invite)
def _invite(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, Invite):
        return
    war = c.year_data["war"]
    war["invited"].append(answer.noble)
    c.push({"do": "accept", "noble": answer.noble, "side": t["side"], "by": t["noble"]}, dict(t))


def _ask_accept(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    return Decision(Question.ACCEPT, t["noble"], (Reply.DECLINE, Reply.ACCEPT),
                    f"{t['noble']}: {t['by']} invites you to his feudal war. Accept?", FEUDAL_WAR)


@task("accept", _ask_accept)
def _accept(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if answer is Reply.ACCEPT:
        war = c.year_data["war"]
        war["sides"][t["side"]]["nobles"].append(t["noble"])
        c.news(f"{t['noble']} joins {t['by']}'s side", FEUDAL_WAR)


def _ask_watchtower(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    war = c.year_data["war"]
    towers = [p for p in realm(c, war["defender"]) if c.provinces[p].has("watchtowers")]
    return Decision(Question.WATCHTOWER_TARGET, t["noble"], (Reply.NONE, *(ProvinceChoice(p) for p in towers)),
                    f"{t['noble']}: the defender has Watchtowers. Declare now which Watchtower province you mean "
                    "to conquer, if any", FEUDAL_WAR)


@task("watchtower_target", _ask_watchtower)
def _watchtower(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if isinstance(answer, ProvinceChoice):
        c.year_data["war"]["declared"] = answer.province
        c.news(f"{t['noble']} declares he will take {answer.province}", FEUDAL_WAR)


# -- the battle -------------------------------------------------------------------------------
@task("war_commanders")
def _commanders(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    """The Master General, else the highest Status (ties: higher level, then the first to join; WC10);
    a side with no noble is led by its claimant or chieftain."""
    war = c.year_data["war"]
    for key, side in war["sides"].items():
        nobles = [n for n in side["nobles"] if c.nobles[n].alive]
        side["nobles"] = nobles
        if war["kind"] == "feudal_war":
            side["commander"] = war["attacker"] if key == "a" else war["defender"]
        elif war["kind"] == "declaration" and key == "a":
            side["commander"] = war["claimant"]
        elif nobles:
            general = [n for n in nobles if c.nobles[n].appointment == Office.MASTER_GENERAL]
            side["commander"] = general[0] if general else max(
                nobles, key=lambda n: (c.nobles[n].effective_status, c.nobles[n].level, -nobles.index(n)))
        else:
            side["commander"] = ""
            if side["chief"] is None and side["host"] is not None:
                side["chief"] = roll_chief(c, side["name"], war["section"])
        who = side["commander"] or side["name"]
        c.news(f"{who} commands {side['name']}", war["section"], quiet=True)


def _intelligence_of(c: CampaignState, side: dict[str, Any]) -> int:
    if side["commander"]:
        return int(c.nobles[side["commander"]].abilities.get("intelligence", DEFAULT_INTELLIGENCE))
    return int(side["chief"]["intelligence"]) if side["chief"] else DEFAULT_INTELLIGENCE


def routes(c: CampaignState, war: dict[str, Any]) -> tuple[bool, bool]:
    """(land possible, sea possible) between two realms in a feudal war; both where the seed gives no map."""
    if war["kind"] != "feudal_war":
        return True, True
    mine, theirs = realm(c, war["attacker"]), set(realm(c, war["defender"]))
    if not mine or not theirs:
        return True, True   # no border to measure: the check decides (WC10)
    land = any(c.empire.land[p] & theirs for p in mine)
    sea = any(c.empire.sea[p] & theirs for p in mine)
    if not land and not sea:
        return True, True
    return land, sea


def _ask_arm(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    war = c.year_data["war"]
    if _fights_nobody(war):
        return None
    land, sea = routes(c, war)
    if land != sea:
        war["arm"] = "legions" if land else "fleets"
        c.news(f"Only a {'land' if land else 'sea'} route joins the realms: the battle is fought with "
               f"{war['arm']}", FIGHTING)
        return None
    a, b = war["sides"]["a"], war["sides"]["b"]
    chooser = ""
    if war["kind"] == "feudal_war" and any(c.provinces[p].has("watchtowers") for p in realm(c, war["defender"])):
        chooser = "b"
        c.news(f"{war['defender']}'s Watchtowers let him choose land or sea", FIGHTING)
    while not chooser:
        margins = {}
        for key, side in (("a", a), ("b", b)):
            who = side["commander"] or side["name"]
            margins[key] = _intelligence_of(c, side) - c.rng.roll(20, f"{who}'s Intelligence check (land or sea)",
                                                                  section=FIGHTING)
        if margins["a"] != margins["b"]:
            chooser = "a" if margins["a"] > margins["b"] else "b"
    side = war["sides"][chooser]
    war["chooser"] = chooser
    if not side["commander"]:
        war["arm"] = _better_arm(c, war, chooser)
        c.news(f"{side['name']} chooses to fight with {war['arm']}", FIGHTING)
        return None
    return Decision(Question.ARM, side["commander"], (Arm.LEGIONS, Arm.FLEETS) if _better_arm(c, war, chooser) ==
                    "legions" else (Arm.FLEETS, Arm.LEGIONS),
                    f"{side['commander']}: fight the battle on land (legions) or at sea (fleets)?", FIGHTING)


def _better_arm(c: CampaignState, war: dict[str, Any], key: str) -> str:
    other = "b" if key == "a" else "a"

    def ratio(arm: str) -> float:
        return (points(c, war, key, arm) + 0.5) / (points(c, war, other, arm) + 0.5)

    return "legions" if ratio("legions") >= ratio("fleets") else "fleets"


@task("war_arm", _ask_arm)
def _arm(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    war = c.year_data["war"]
    if isinstance(answer, Arm):
        war["arm"] = answer.value
        c.news(f"The battle will be fought with {war['arm']}", FIGHTING)


def _fights_nobody(war: dict[str, Any]) -> bool:
    return not war["sides"]["a"]["nobles"] and war["sides"]["a"]["host"] is None


def garrisons(c: CampaignState, noble: str, arm: str) -> int:
    return sum(c.provinces[p].garrisons.count(arm) for p in realm(c, noble))


def points(c: CampaignState, war: dict[str, Any], key: str, arm: str) -> float:
    """A side's points for ``arm``: its nobles' units (bought ones as regulars), the Crown Prince's elite
    support, the defender's garrisons in a feudal war (WC9), and any claimant's or barbarian host."""
    side = war["sides"][key]
    total = 0.0
    for name in side["nobles"]:
        n = c.nobles[name]
        units = n.arm(arm)
        total += sum(units[g] * GRADE_POINTS[g] for g in GRADES) + n.bought[arm] + n.crown_support * 1.5
    if war["kind"] == "feudal_war" and key == "b":
        total += garrisons(c, war["defender"], arm)
    if side["host"]:
        total += sum(side["host"][arm][g] * GRADE_POINTS[g] for g in GRADES)
    return total


def valid_entry(c: CampaignState, d: Decision, answer: object) -> bool:
    """A GM-entered battle may give any whole percentages, not only the offered steps of 10."""
    return (d.kind is Question.BATTLE_RESULT and isinstance(answer, BattleResult)
            and isinstance(answer.winner, Side)
            and all(type(v) is int and 0 <= v <= 100 for v in (answer.a_lost, answer.b_lost)))


def _ask_battle(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    war = c.year_data["war"]
    if _fights_nobody(war) or c.settings.battle_resolver == "abstract":
        return None
    a, b = war["sides"]["a"]["name"], war["sides"]["b"]["name"]
    return Decision(Question.BATTLE_RESULT, GM, tuple(BattleResult(w, x, y) for w in Side for x in LOSS_STEPS
                                               for y in LOSS_STEPS),
                    f"GM: who won the battle, a ({a}) or b ({b}), and what percentage of its points did each "
                    "side lose?", BATTLES)


@task("war_battle", _ask_battle)
def _battle(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    war = c.year_data["war"]
    if _fights_nobody(war):
        war["winner"] = "b"
        war["losses"] = {"a": 0, "b": 0}
        c.news(f"No one fights {war['sides']['b']['name']}", war["section"])
        return
    if isinstance(answer, BattleResult):
        war["winner"] = answer.winner.value
        war["losses"] = {"a": answer.a_lost, "b": answer.b_lost}
    else:
        abstract_battle(c, war)
    _casualties(c, war)


def abstract_battle(c: CampaignState, war: dict[str, Any]) -> None:
    """Ruling WC9: each side scores points x (1d6 + morale); the higher wins, a tie goes to the defender.
    The loser loses 10% x 1d6 of its points; the winner that share times the loser's points over its own,
    halved, rounded to nearest.  A side with no points loses outright."""
    arm = war["arm"]
    pa, pb = points(c, war, "a", arm), points(c, war, "b", arm)
    morale = _morale(c, war)
    if pa == 0 or pb == 0:
        winner = "a" if pb == 0 and pa > 0 else "b"
    else:
        sa = pa * (c.rng.roll(c.settings.battle_die, f"{war['sides']['a']['name']}'s battle roll", section=BATTLES)
                   + morale["a"])
        sb = pb * (c.rng.roll(c.settings.battle_die, f"{war['sides']['b']['name']}'s battle roll", section=BATTLES)
                   + morale["b"])
        winner = "a" if sa > sb else "b"
    loser = "b" if winner == "a" else "a"
    lose_pct = 10 * c.rng.roll(6, "the loser's losses (10% per pip)", section=LOSSES)
    p_win, p_lose = (pa, pb) if winner == "a" else (pb, pa)
    win_pct = min(lose_pct, _round(lose_pct * p_lose / p_win / 2)) if p_win else 0
    war["winner"], war["losses"] = winner, {winner: win_pct, loser: lose_pct}
    war["points"] = {"a": pa, "b": pb}


def _morale(c: CampaignState, war: dict[str, Any]) -> dict[str, int]:
    """A Grand Temple's god: the war god's +1 to defending troops, the god of terror's -1 to invaders (WC8)."""
    out = {"a": 0, "b": 0}
    if war["kind"] != "feudal_war":
        return out
    god = c.nobles[war["defender"]].temple_god
    if god and any(c.provinces[p].has("grand_temple") for p in realm(c, war["defender"])):
        out["b"] += gods()[god].defence_morale
        out["a"] -= gods()[god].invader_morale
    return out


def _round(x: float) -> int:
    """Rounding "to the nearest whole", halves up."""
    return int(x + 0.5)


def casualties(count: int, percent: int) -> int:
    """``percent`` of ``count`` units, rounded to the nearest whole (Determining Losses).

    >>> casualties(7, 30), casualties(5, 30), casualties(1, 40)
    (2, 2, 0)
    """
    return _round(count * percent / 100)


def _casualties(c: CampaignState, war: dict[str, Any]) -> None:
    """Apply each side's loss percentage to each noble's units of the arm, grade by grade, bought apart;
    garrisons are not counted; then the winners share 10% of the other army's experience ("the experience
    total for the entire opposing army": its points before the battle, whoever resolved it)."""
    arm = war["arm"]
    before = dict(war.get("points") or {k: points(c, war, k, arm) for k in ("a", "b")})
    for key in ("a", "b"):
        pct = war["losses"][key]
        side = war["sides"][key]
        for name in side["nobles"]:
            n = c.nobles[name]
            lost = {g: casualties(n.arm(arm)[g], pct) for g in GRADES}
            for g, k in lost.items():
                n.arm(arm)[g] -= k
            bought = casualties(n.bought[arm], pct)
            n.bought[arm] -= bought
            n.crown_support = 0
            if sum(lost.values()) or bought:
                c.news(f"{name} loses {sum(lost.values()) + bought} {arm} ({pct}%)", LOSSES)
        if side["host"]:
            for g in GRADES:
                side["host"][arm][g] -= casualties(side["host"][arm][g], pct)
    winner = war["winner"]
    loser = "b" if winner == "a" else "a"
    c.news(f"{war['sides'][winner]['name']} wins the battle", war["section"])
    pool = int(before[loser] * c.settings.xp_per_point * c.settings.winners_xp_percent / 100)
    winners = war["sides"][winner]["nobles"]
    if winners and pool:
        for name in winners:
            c.nobles[name].xp += pool // len(winners)
        c.news(f"The winning commanders share {pool} experience", EXPERIENCE, quiet=True)


@task("war_after")
def _after(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    war = c.year_data["war"]
    kind, winner = war["kind"], war["winner"]
    loser = "b" if winner == "a" else "a"
    if kind in ("civil_war", "declaration"):
        c.news(f"{war['sides'][loser]['name']} is captured and atomized", war["section"])
        if kind == "civil_war" and (winner == "b" or (c.year_data.get("banquet") or {}).get("emperors") == 0):
            c.reign += 1
        _provinces_follow(c, war, winner, loser, war["section"])
        if kind == "declaration":
            claimant = war["claimant"]
            if winner == "a" and c.nobles[claimant].alive:
                c.reign += 1
                c.emperor = claimant
                c.over = f"{claimant} is Emperor"
                c.news(f"{claimant} is crowned Emperor: the campaign is won", STATUS)
            else:
                c.kill(claimant, "executed for his failed bid for the throne", STATUS)
    elif kind == "barbarian_invasion":
        _provinces_follow(c, war, winner, loser, BARBARIANS)
    elif kind == "feudal_war" and winner == "a":
        c.push({"do": "conquer", "noble": war["attacker"]})
    c.year_data.pop("war_secret", None)


def _provinces_follow(c: CampaignState, war: dict[str, Any], winner: str, loser: str, section: str) -> None:
    """Losers lose one province each (their commander in chief two); winners add one neutral each
    (their commander two)."""
    tasks: list[dict[str, Any]] = []
    for key, do in ((loser, "give_up"), (winner, "gain")):
        side = war["sides"][key]
        for name in side["nobles"]:
            times = 2 if name == side["commander"] else 1
            verb = "lost" if do == "give_up" else "won"
            tasks.extend({"do": do, "noble": name, "reason": f"the war was {verb}", "by_war": True,
                          "section": section} for _ in range(times))
    c.push(*tasks)


def _ask_conquer(c: CampaignState, t: dict[str, Any]) -> Decision | None:
    war = c.year_data["war"]
    theirs = realm(c, war["defender"])
    if not theirs:
        return None
    if war["declared"]:
        choices = [war["declared"]] if war["declared"] in theirs else []
    else:
        choices = [p for p in theirs if not c.provinces[p].has("watchtowers")]
        capital = c.nobles[war["defender"]].capital
        if len(theirs) > 1:
            choices = [p for p in choices if p != capital]
    if not choices:
        return None
    linked = set(may_gain(c, t["noble"])) | set(theirs)
    choices.sort(key=lambda p: (p not in linked, p))
    return Decision(Question.CONQUER, t["noble"], tuple(ProvinceChoice(p) for p in choices),
                    f"{t['noble']}: which of {war['defender']}'s provinces do you take?", FEUDAL_WAR)


@task("conquer", _ask_conquer)
def _conquer(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not isinstance(answer, ProvinceChoice):
        return
    war = c.year_data["war"]
    province = answer.province
    lose(c, province, f"conquered by {t['noble']}", by_war=True, section=FEUDAL_WAR)
    attacker = t["noble"]
    if not realm(c, attacker) or province in may_gain(c, attacker):
        gain(c, attacker, province, f"taken from {war['defender']}", section=FEUDAL_WAR)
    else:
        c.news(f"{province} is not connected to {attacker}'s capital and stays neutral", FEUDAL_WAR)


__all__ = ["ARMS", "WAR", "casualties", "points", "routes", "valid_entry"]
