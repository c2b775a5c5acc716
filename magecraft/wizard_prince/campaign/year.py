"""The campaign as a game state: the year in order, each decision asked of the right person.

Seed 004, "How the Campaign Works": each campaign turn is one year -- (optional Tumultuous Empire event),
the Imperial Banquet, the presented courtiers' benefits, duels, the major war and feudal wars, production,
the upgrades' and appointments' yearly rolls, the NPC nobles' 2d6, an adventure, then the Status and
connectivity checks.  Between years the campaign waits on the GM's ``begin``.

>>> from magecraft.core.randomness import Randomness
>>> c = Campaign.new(["Ann", "Bob"], Randomness.seeded(1))
>>> c.legal_actions()
[Reply.BEGIN]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from magecraft.core.errors import DataError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.odds import Chance
from magecraft.core.randomness import AskDie, Randomness
from magecraft.core.settings import settings_to_dict
from magecraft.core.state import GameState
from magecraft.wizard_prince.campaign import (
    adventures,
    appointments,
    chances,
    court,
    duels,
    npc,
    tumult,
    war,
    wealth,
)
from magecraft.wizard_prince.campaign.answers import BattleResult, Question, Reply, Side, TreasuryBoost
from magecraft.wizard_prince.campaign.empire import EmpireMap, load_map
from magecraft.wizard_prince.campaign.nobles import CampaignNoble
from magecraft.wizard_prince.campaign.provinces import over_limit, production, realm
from magecraft.wizard_prince.campaign.sections import CAMPAIGN, PROVINCES, STATUS
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.state import TASKS, CampaignState, Province, task
from magecraft.wizard_prince.campaign.tasks import GM, Action, Boost, Decision, EnterBanquet, Record
from magecraft.wizard_prince.campaign.upgrades import yearly_rolls
from magecraft.wizard_prince.settings import Settings

#: The year, in order (How the Campaign Works; the issue's order for the economic rolls, ruling WC11).
YEAR = ("tumult", "banquet", "court", "syndicates", "treasury", "duels", "major_war", "feudal_wars",
        "production", "yearly_rolls", "appointments", "npc_rolls", "adventure", "checks", "end_year")
_ = (adventures, appointments, court, duels, npc, tumult, war, wealth)  # they register their tasks


class Campaign(CampaignState, GameState[Action]):
    """A Wizard-Prince campaign as a game: its state (:class:`~.state.CampaignState`) and the year in order,
    each step carried out by its section's module."""

    system: ClassVar[str] = "wizard_prince"

    # -- starting ---------------------------------------------------------------------
    @classmethod
    def new(cls, nobles: Sequence[str | CampaignNoble], rng: Randomness, *, empire: EmpireMap | None = None,
            settings: CampaignSettings | None = None, npcs: int = 0,
            banquet_settings: Settings | None = None) -> Campaign:
        """A campaign at its start: no noble rules a province yet ("A Sample Campaign").

        Player nobles are the banquet's default sheet unless given; ``npcs`` NPC nobles are rolled up.
        """
        empire = empire or load_map("velkaria")
        sheets = [n if isinstance(n, CampaignNoble) else CampaignNoble(name=n.strip()) for n in nobles]
        if not sheets:
            raise DataError("a campaign needs at least one player noble")
        made = cls(rng=rng, settings=settings or CampaignSettings(), empire=empire,
                   nobles={n.name: n for n in sheets},
                   provinces={name: Province(name) for name in empire.names}, banquet_settings=banquet_settings)
        if len(made.nobles) != len(sheets):
            raise DataError("two nobles have the same name")
        for _i in range(npcs):
            npc.add_npc(made)
        made.news(f"The campaign begins in the {empire.name} with {', '.join(made.nobles)}", CAMPAIGN)
        return made

    # -- queue --------------------------------------------------------------------------
    def run(self) -> None:
        """Carry out tasks until one asks a question or the year is over; after each, an appointment whose
        minimum Status is no longer met is lost at once."""
        self._standing()
        while self.pending is None and self.tasks and not self.over:
            t = self.tasks.pop(0)
            ask, act = TASKS[t["do"]]
            decision = ask(self, t)
            if decision is None:
                act(self, t, None)
                self._standing()
            else:
                self.pending = decision
                self.year_data["task"] = t

    def _standing(self) -> None:
        """What Status decides at once, whatever changed it: appointments held, slaves freed."""
        appointments.check_all(self)
        duels.check_slaves(self)

    # -- GameState ------------------------------------------------------------------------
    def seats(self) -> tuple[str, ...]:
        """The GM (who answers for the NPC nobles) and every player noble."""
        return (GM, *(name for name, n in self.nobles.items() if not n.npc))

    def decision_kind(self) -> Question:
        """The question the year asks now (None only when the campaign is over)."""
        assert self.pending is not None, "no decision is pending"
        return self.pending.kind

    def action_text(self, action: Action) -> str:
        """An answer's words ("begin", "upgrade salon Tarsis"), an adventure's record ("record
        Ann:wealth:+1:a dragon's hoard"), a boost bought at any time ("boost Ann status"), or "enter the
        banquet's result"."""
        if isinstance(action, Record | Boost):
            return action.words()
        if isinstance(action, EnterBanquet):
            return action.describe()
        return " ".join(str(v) for v in action.option)

    def parse_action(self, text: str) -> Action:
        """The answer these words give; besides the offered answers, the GM may enter a battle's losses in
        any whole percentages ("result a 35 20", War) and record an adventure ("record NOBLE:WHAT:AMOUNT:REASON",
        Adventuring), and any noble may boost at any time ("boost NOBLE STAT", The Effects of Wealth; the
        treasury's own two-word "boost STAT" stays its answer), each checked before it is returned."""
        words = text.split()
        if len(words) >= 3 and words[0].casefold() == "boost":
            boost = Boost.parse(text)
            self.check(boost)
            return boost
        if words[:1] == ["record"]:
            try:
                record = Record.parse(text.strip()[len("record"):].strip())
            except DataError as exc:
                raise RuleError(str(exc), rule="Adventuring", section=CAMPAIGN) from None
            self.check(record)
            return record
        if (len(words) == 4 and words[0] == "result" and words[1] in set(Side)
                and all(w.isdigit() for w in words[2:])):
            entry = BattleResult(Side(words[1]), int(words[2]), int(words[3]))
            if self.pending is not None and war.valid_entry(self, self.pending, entry):
                return entry
        return super().parse_action(text)

    def chance_of(self, action: Action) -> Chance | None:
        """The exact chance of an answer a roll decides: the Lord Chancellor's charge, a duel the abstract
        resolver fights, a syndicate's assassin (:mod:`~.chances`); None for every other action."""
        return chances.chance_of(self, action)

    def current_player(self) -> str | None:
        """The seat to answer: the noble asked, or the GM, who also answers for the NPC nobles ("Optional
        Rules: NPC Nobles": the GM plays them, by their rules).  ``pending.player`` names the noble asked."""
        d = self.pending
        if self.over or d is None:
            return None
        noble = self.nobles.get(d.player)
        return GM if noble is not None and noble.npc else d.player

    def legal_actions(self) -> list[Action]:
        if self.over or self.pending is None:
            return []
        return list(self.pending.options)

    def check(self, action: Action) -> None:
        if self.over:
            raise RuleError(f"the campaign is over: {self.over}", rule="Winning the Campaign", section=STATUS)
        if isinstance(action, Boost):
            wealth.check_boost(self, action.noble, action.stat)
            return
        d = self.pending
        if d is None:
            raise RuleError("nothing is asked now", rule="The year", section=CAMPAIGN)
        if isinstance(action, Record):
            if d.kind is not Question.ADVENTURE:
                raise RuleError("adventures are recorded in the adventure slot, after the wars",
                                rule="Adventuring", section=CAMPAIGN)
            adventures.check_record(self, action)
            return
        if isinstance(action, EnterBanquet):
            if d.kind is not Question.BANQUET:
                raise RuleError("the banquet's result is entered when the banquet is held", rule="The banquet",
                                section=CAMPAIGN)
            court.parse_result(self, action.result)
            return
        if action not in d.options and not war.valid_entry(self, d, action):
            raise RuleError(f"{action!r} is not an answer to {d.prompt!r}", rule=d.kind, section=d.section)

    def perform(self, action: Action) -> None:
        if isinstance(action, Boost):    # at any time: the decision waiting stays where it is
            wealth.spend(self, action.noble, TreasuryBoost(action.stat))
            return
        d = self.pending
        assert d is not None
        if isinstance(action, Record):
            adventures.record(self, action)
            return
        t = self.year_data.pop("task", None)
        self.pending = None
        if isinstance(action, EnterBanquet):
            court.use_result(self, action.result, entered=not action.played)
        elif d.kind is Question.BEGIN:
            self.begin_year()
        else:
            assert t is not None
            TASKS[t["do"]][1](self, t, action)
        self.run()

    def begin_year(self) -> None:
        self.year_data = {"number": self.year + 1}
        self.news(f"Year {self.year + 1} begins", CAMPAIGN)
        self.tasks = [{"do": step} for step in YEAR]

    def is_terminal(self) -> bool:
        return bool(self.over)

    def result(self) -> Mapping[str, Any]:
        return {"over": self.over, "emperor": self.emperor, "year": self.year,
                "nobles": {name: self.noble_summary(name) for name in self.nobles}}

    def noble_summary(self, name: str) -> dict[str, Any]:
        n = self.nobles[name]
        return {"alive": n.alive, "npc": n.npc, "status": n.status, "wealth": n.wealth,
                "legions": dict(n.legions), "fleets": dict(n.fleets), "provinces": realm(self, name),
                "capital": n.capital, "appointment": n.appointment, "xp": n.xp, "level": n.level,
                "slave_of": n.slave_of}

    # -- saves ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system, "kind": "campaign",
            "settings": settings_to_dict(self.settings),
            "banquet_settings": settings_to_dict(self.banquet_settings),
            "empire": self.empire.to_dict(),
            "nobles": [n.to_dict() for n in self.nobles.values()],
            "provinces": [p.to_dict() for p in self.provinces.values()],
            "year": self.year, "reign": self.reign, "emperor": self.emperor, "over": self.over,
            "tasks": [dict(t) for t in self.tasks], "pending": self.pending.to_dict() if self.pending else None,
            "hordes": [dict(h) for h in self.hordes], "year_data": _plain(self.year_data),
            "chronicle": [dict(e) for e in self.chronicle], "npc_made": self.npc_made,
            "rng": self.rng.snapshot(), "log": self.rng.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        """Rebuild a saved campaign; anything malformed is refused whole (``DataError``)."""
        try:
            rng = Randomness.restore(raw["rng"], EventLog.from_list(raw.get("log", [])), ask)
            empire = EmpireMap.from_dict(raw["empire"], "saved map")
            made = cls(rng=rng, settings=CampaignSettings.from_dict(dict(raw["settings"])), empire=empire,
                       nobles={n["name"]: CampaignNoble.from_dict(n) for n in raw["nobles"]},
                       provinces={p["name"]: Province.from_dict(p) for p in raw["provinces"]},
                       banquet_settings=Settings.from_dict(dict(raw["banquet_settings"])))
            if set(made.provinces) != set(empire.names):
                raise DataError("its provinces do not match its map")
            made.year, made.reign = int(raw["year"]), int(raw["reign"])
            made.emperor, made.over = str(raw["emperor"]), str(raw["over"])
            made.tasks = [dict(t) for t in raw["tasks"]]
            if any(t.get("do") not in TASKS for t in made.tasks):
                raise DataError("it names a step of the year that does not exist")
            made.pending = Decision.from_dict(raw["pending"]) if raw["pending"] else None
            made.hordes = [dict(h) for h in raw["hordes"]]
            made.year_data = _plain(raw["year_data"])
            if "task" in made.year_data and made.year_data["task"].get("do") not in TASKS:
                raise DataError("it names a step of the year that does not exist")
            made.chronicle = [dict(e) for e in raw["chronicle"]]
            made.npc_made = int(raw["npc_made"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"saved campaign is malformed: {exc!r}") from None
        return made

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` sees: the GM everything but the dice source; a noble the campaign's news, the map,
        the nobles and the year, but not what the GM keeps to himself.

        War intelligence (the claimants' and chieftains' strength and generalship) is shown only to nobles
        whose Intelligence check found it out (Civil War, Barbarian Invasion): the hosts and chiefs the GM
        rolled are left out of a noble's view, and the findings he has not made.
        """
        if player != GM and player not in self.nobles:
            raise DataError(f"there is no seat {player!r} in this campaign")
        out = {k: v for k, v in self.to_dict().items() if k not in ("rng", "log")}
        out["viewer"] = player
        out["log"] = [e.to_dict() for e in self.log if e.kind == "news"]
        if player == GM:
            return out
        secret = out["year_data"].get("war_secret")
        if secret is not None:
            out["year_data"]["war_secret"] = {k: v for k, v in secret.items() if player in v.get("known_to", [])}
        war_now = out["year_data"].get("war")
        if isinstance(war_now, dict):
            for side in war_now.get("sides", {}).values():
                side["host"] = side["chief"] = "unknown" if side.get("host") is not None else None
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


# -- the steps of the year that need no module of their own ------------------------------------
@task("production")
def _production(c: CampaignState, t: dict[str, Any], option: Any) -> None:
    production(c)


@task("yearly_rolls")
def _yearly(c: CampaignState, t: dict[str, Any], option: Any) -> None:
    yearly_rolls(c)


@task("checks")
def _checks(c: CampaignState, t: dict[str, Any], option: Any) -> None:
    """Status and connectivity: the excess provinces given up by each ruler's choice; appointments and
    standing re-checked (The Effects of Provinces, The Effects of Status..., Attending the Banquet)."""
    for name in c.living():
        appointments.check_minimum(c, name)
        if over_limit(c, name):
            c.push({"do": "give_up", "noble": name, "why": "status",
                    "reason": f"Status {c.nobles[name].effective_status} allows only that many provinces",
                    "section": PROVINCES})


@task("end_year")
def _end_year(c: CampaignState, t: dict[str, Any], option: Any) -> None:
    """Wealth boosts and bought forces last one year (The Effects of Wealth); the year is done.

    A lapsed Status boost may leave a ruler over his province limit: he gives up the excess now, before the
    provinces could produce for him again (and an appointment it no longer reaches is lost, see ``run``)."""
    for n in c.nobles.values():
        n.bought = {"legions": 0, "fleets": 0}
        n.boosts = {"status": 0, "reputation": 0}
    over = [name for name in c.living() if over_limit(c, name)]
    if over:
        c.push(*({"do": "give_up", "noble": name, "why": "status", "section": PROVINCES,
                  "reason": f"his Status boost lapses: Status {c.nobles[name].status} allows only that many "
                            "provinces"} for name in over), {"do": "end_year"})
        return
    for n in c.nobles.values():
        if n.alive and not n.has_standing and not n.sponsored:
            c.news(f"{n.name} has lost his standing and no longer attends the Banquet", CAMPAIGN, quiet=True)
    c.year += 1
    c.year_data = {}
    if not c.over and not c.players():
        c.over = "no player noble is left alive"
        c.news("No player noble is left: the campaign ends", CAMPAIGN)
    if not c.over and c.settings.years and c.year >= c.settings.years:
        c.over = f"the GM ends the campaign after {c.year} year{'s' if c.year > 1 else ''}"
        c.news(f"The campaign ends after {c.year} year{'s' if c.year > 1 else ''}, as the GM set", CAMPAIGN)
    if not c.over:
        c.pending = Decision(Question.BEGIN, GM, (Reply.BEGIN,), f"Begin year {c.year + 1}?", CAMPAIGN)
