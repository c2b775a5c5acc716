"""The Wizard-Prince campaign year at the terminal (seed 004, "How the Campaign Works"): :class:`CampaignView`
over the one :class:`~magecraft.cli.game_table.GameTable` (:func:`year_table`): the GM's and the nobles'
decisions offered at the shared play loop, the year's banquet played through the banquet's own view, and
what a noble knows told in words.  ``wizard-prince campaign year`` imports it when it plays, so the group's
and the commands' help load neither the play loop nor the rules."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, cast

from rich.markup import escape

from magecraft.cli.game_table import GameTable, GameView
from magecraft.cli.options import (
    ask_die_once,
)
from magecraft.cli.playloop import Choice, Menu, PlayLoop
from magecraft.core.errors import DataError
from magecraft.wizard_prince.campaign.answers import Question, Reply
from magecraft.wizard_prince.campaign.tasks import GM, Action, EnterBanquet, Record

if TYPE_CHECKING:
    from rich.console import RenderableType

    from magecraft.cli.wizard_prince_banquet import BanquetTable
    from magecraft.core.events import Event
    from magecraft.wizard_prince.actions import Action as BanquetMove
    from magecraft.wizard_prince.campaign.year import Campaign

    #: What is chosen at the year's prompt: an answer to the campaign, or a move at its banquet.
    YearMove = Action | BanquetMove


#: Who carries out the year's own steps (the banquet's bots or its entered result, the adventures recorded
#: with ``--adventure``): no one at the keyboard is asked for them.
THE_YEAR = "the year"


def intelligence_words(what: str, value: Any) -> str:
    """What a noble's Intelligence check found out, in words a player reads (issue 25 item 6: it showed
    ``None`` and a ``dict``): a host's fleets and legions by grade, a chieftain's level and Intelligence.

    >>> intelligence_words("strength", {"fleets": {"regular": 11, "elite": 2, "guard": 0},
    ...                                 "legions": {"regular": 9, "elite": 0, "guard": 1}})
    'fleets 11 regular, 2 elite; legions 9 regular, 1 guard'
    >>> intelligence_words("generalship", None)
    'no chieftain of its own: a noble who joins it will command it'
    >>> intelligence_words("generalship", {"level": 7, "intelligence": 12})
    'a level 7 chieftain with Intelligence 12'
    """
    if what == "strength" and isinstance(value, dict):
        arms = []
        for arm in ("fleets", "legions"):
            counts = dict(value.get(arm) or {})
            grades = [f"{n} {grade}" for grade, n in counts.items() if isinstance(n, int) and n]
            arms.append(f"{arm} {', '.join(grades) or 'none'}")
        return "; ".join(arms)
    if what == "generalship" and value is None:
        return "no chieftain of its own: a noble who joins it will command it"
    if what == "generalship" and isinstance(value, dict):
        return f"a level {value.get('level')} chieftain with Intelligence {value.get('intelligence')}"
    return "nothing certain"


class CampaignView(GameView["YearMove"]):
    """A campaign year at the terminal, over the one :class:`GameTable` (``table.state`` is the campaign): the GM
    and the player nobles at the table answer the pending :class:`Decision` at the play loop's prompt; NPC
    nobles and the nobles named with ``--bots`` are played by :class:`CampaignBot` (seed 004, "How the Campaign
    Works").  The loop stops when the year is over (the campaign waits on the GM's ``begin``).  The Imperial
    Banquet, when people attend it, is played inside the year with the banquet game's own table
    (:class:`BanquetTable`), on the campaign's dice and log; a banquet under way is saved beside the campaign
    (``"banquet"``), as are dice given to this command (``"year_dice"``, the campaign's own kept in ``"rng"``)
    and the GM's entries not yet used (``"year_input"``).
    """

    resume_command = "wizard-prince campaign year {name}"
    save_stem = "campaign"

    def __init__(self, name: str, people: Collection[str], robots: Collection[str]) -> None:
        from magecraft.wizard_prince.campaign.bots import CampaignBot

        self.name = name
        self.at_keyboard = frozenset(people)
        self.robots = frozenset(robots)
        self.bot = CampaignBot()
        self.own_dice: dict[str, Any] | None = None  # the campaign's dice while this command rolls its own
        self.entered: dict[str, Any] | None = None   # a banquet result given with --banquet, not yet used
        self.records: list[Record] = []               # adventures given with --adventure, not yet recorded
        self.banquet: BanquetTable | None = None

    # -- who decides -------------------------------------------------------------------------
    def plays_at_table(self, c: Campaign, noble: str) -> bool:
        """Whether ``noble`` is played by a person at the keyboard (never an NPC noble or one of ``--bots``)."""
        return noble in self.at_keyboard and noble not in self.robots and not c.nobles[noble].npc

    def seat(self, table: GameTable[YearMove], seat: str | None) -> str | None:
        """Who answers: a banquet seat while it is played; "the year" for its own steps; else the noble asked
        (an NPC noble too, played by the bot) or the GM."""
        if self.banquet is not None:
            return self.banquet.current_player()
        d = table.state.pending
        if d is None or table.state.over:
            return None
        if d.player == GM and d.kind in (Question.BANQUET, Question.ADVENTURE):
            return THE_YEAR
        return str(d.player)

    def is_terminal(self, table: GameTable[YearMove]) -> bool:
        """The year is over: the campaign ends, or waits on the GM to begin the next one."""
        d = table.state.pending
        return bool(table.state.is_terminal()) or d is None or d.kind is Question.BEGIN

    def bot_action(self, table: GameTable[YearMove], player: str) -> YearMove:
        if self.banquet is not None:
            return self.banquet.bot_action(player)
        d = table.state.pending
        assert d is not None
        if player == THE_YEAR and d.kind is Question.BANQUET:
            return EnterBanquet(self.entered) if self.entered is not None else Reply.BOTS
        if player == THE_YEAR:
            return self.records[0] if self.records else Reply.DONE
        return self.bot.choose(table.state, d.player)

    # -- the state -----------------------------------------------------------------------------
    def apply(self, table: GameTable[YearMove], action: YearMove) -> None:
        """Check and carry out ``action`` (the campaign's, or a banquet move while the banquet is played)."""
        c = table.state
        if self.banquet is not None:
            self.banquet.apply(cast("BanquetMove", action))
            if self.banquet.is_terminal():
                result = self.banquet.state.banquet_result().to_dict()
                self.banquet = None
                c.apply(EnterBanquet(result, played=True))
                self.set_out_banquet(c)
            return
        c.apply(cast("Action", action))
        if isinstance(action, Record):
            self.records.pop(0)
        elif isinstance(action, EnterBanquet):
            self.entered = None
        self.set_out_banquet(c)

    def set_out_banquet(self, c: Campaign) -> None:
        """Set out the banquet when the year reaches it and people attend (unless its result was entered)."""
        from magecraft.cli.wizard_prince_banquet import BanquetTable
        from magecraft.wizard_prince.campaign.court import attendees, new_banquet

        d = c.pending
        if self.banquet is not None or d is None or d.kind is not Question.BANQUET or self.entered is not None:
            return
        seated = attendees(c)
        if not any(self.plays_at_table(c, n) for n in seated):
            return
        banquet, bots = new_banquet(c, shared_log=True)
        self.banquet = BanquetTable(banquet, bots, self._controllers(c, seated))

    def _controllers(self, c: Campaign, seated: Sequence[str]) -> dict[str, str]:
        from magecraft.cli.options import HUMAN

        return {n: HUMAN if self.plays_at_table(c, n) else ("npc" if c.nobles[n].npc else "heuristic")
                for n in seated}

    def extras(self, table: GameTable[YearMove]) -> dict[str, Any]:
        """Beside the campaign: this command's dice (the campaign's own go back under ``"rng"``), the banquet
        under way, the GM's entries not yet used."""
        out: dict[str, Any] = {}
        if self.own_dice is not None and not self.is_terminal(table):
            out["year_dice"], out["rng"] = table.state.rng.snapshot(), self.own_dice
        elif self.own_dice is not None:
            out["rng"] = self.own_dice  # the year is done: the campaign's own dice go on next time
        if self.banquet is not None:
            banquet = self.banquet.state.to_dict()
            out["banquet"] = {k: v for k, v in banquet.items() if k not in ("rng", "log")}
        if self.entered is not None or self.records:
            out["year_input"] = {"banquet": self.entered, "adventures": [asdict(r) for r in self.records]}
        return out

    def restore(self, table: GameTable[YearMove], snapshot: dict[str, Any]) -> Campaign:
        from magecraft.cli.wizard_prince_banquet import BanquetTable
        from magecraft.wizard_prince.banquet import Banquet
        from magecraft.wizard_prince.campaign.court import banquet_bots
        from magecraft.wizard_prince.campaign.year import Campaign

        dice = snapshot.get("year_dice", snapshot["rng"])
        # typed dice ask at the terminal (the loop routes them to its prompt)
        c = Campaign.from_dict({**snapshot, "rng": dice}, ask=ask_die_once)
        self.own_dice = snapshot["rng"] if "year_dice" in snapshot else None
        given = snapshot.get("year_input") or {}
        self.entered = given.get("banquet")
        self.records = [Record(**r) for r in given.get("adventures", [])]
        self.banquet = None
        if snapshot.get("banquet") is not None:
            try:
                # saved without dice or log (they are the year's): read with the year's, then share its object
                banquet = Banquet.from_dict({**snapshot["banquet"], "rng": dice, "log": []}, ask=ask_die_once)
            except (KeyError, TypeError, ValueError) as exc:
                raise DataError(f"saved campaign's banquet is malformed: {exc!r}") from None
            banquet.rng = c.rng  # one dice, one log: the year's
            self.banquet = BanquetTable(banquet, banquet_bots(banquet), self._controllers(c, list(banquet.nobles)))
        return c

    # -- the view ------------------------------------------------------------------------------
    def menu(self, table: GameTable[YearMove], player: str) -> Menu[YearMove]:
        if self.banquet is not None:
            return cast("Menu[YearMove]", self.banquet.menu(player))
        d = table.state.pending
        assert d is not None
        # long lists (a battle's percentages, upgrades by province) are asked heading by heading
        choices: list[Choice[YearMove]] = [
            Choice(table.state.action_text(answer), answer, tuple(str(v) for v in answer.option[:-1]))
            for answer in d.options]
        return Menu(f"{escape(d.prompt)}  [dim]({escape(d.section)})[/dim]", choices, prompt=f"{player}: choose")

    def complete(self, table: GameTable[YearMove], loop: PlayLoop[YearMove], player: str,
                 action: YearMove) -> YearMove:
        if self.banquet is not None:
            return self.banquet.complete(cast("PlayLoop[BanquetMove]", loop), player, cast("BanquetMove", action))
        return action

    def render(self, table: GameTable[YearMove], viewer: str | None) -> Sequence[RenderableType]:
        """The banquet's board while it is played; else a short status of the year and the asking noble,
        with the war intelligence the noble (and only he) found out."""
        if self.banquet is not None:
            return self.banquet.render(viewer)
        c: Campaign = table.state
        d = c.pending
        when = f"after year {c.year}" if self.is_terminal(table) else f"year {c.year + 1}"
        lines = [f"[bold]{escape(c.empire.name)}[/bold], {when}" + (
            f", Emperor {escape(c.emperor)}" if c.emperor else "")]
        if self.is_terminal(table) or d is None or viewer is None or viewer not in c.nobles:
            return lines
        return [*lines, *_noble_lines(c, viewer, d.kind)]

    def event_line(self, table: GameTable[YearMove], event: Event) -> str | None:
        from magecraft.cli.wizard_prince_banquet import event_line

        if event.kind == "news":
            return escape(event.label)
        if self.banquet is not None:
            return self.banquet.event_line(event)
        return event_line(event)

    def ending(self, table: GameTable[YearMove]) -> str:
        if table.state.over:
            return f"The campaign is over: {table.state.over}"
        return f"Year {table.state.year} is over (magecraft wizard-prince campaign show {self.name})."


def _noble_lines(c: Campaign, viewer: str, kind: Question) -> list[str]:
    """The asking noble's sheet in one line, and what his Intelligence found out of a war he may join."""
    s = c.noble_summary(viewer)
    lines = [escape(f"{viewer}: Status {s['status']}, Wealth {s['wealth']}, "
                    f"legions {'/'.join(str(v) for v in s['legions'].values())}, "
                    f"fleets {'/'.join(str(v) for v in s['fleets'].values())}, "
                    f"{len(s['provinces'])} province(s)" + (f", capital {s['capital']}" if s["capital"] else ""))]
    if kind is Question.JOIN:
        secret = c.observation(viewer)["year_data"].get("war_secret", {})
        for key, known in secret.items():
            side, what = key.split("_")
            lines.append(escape(f"Your Intelligence found out {c.year_data['war']['sides'][side]['name']}'s "
                                f"{what}: {intelligence_words(what, known['value'])}"))
    return lines


def year_table(c: Campaign, name: str, people: Collection[str], robots: Collection[str]) -> GameTable[YearMove]:
    """The one play-loop table over campaign ``c`` with its :class:`CampaignView`."""
    return GameTable(c, CampaignView(name, people, robots), people=people)
