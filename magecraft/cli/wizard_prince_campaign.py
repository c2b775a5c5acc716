"""`magecraft wizard-prince campaign`: the Wizard-Prince campaign year (seed 004).

``new`` starts a campaign on a map and saves it; ``year`` plays the next year: the GM and the player nobles
at the table answer each decision at the shared play loop's prompt (:class:`CampaignView` over the one
:class:`~magecraft.cli.game_table.GameTable`; help, undo, log,
save, quit), the year saved after each answer so that the same command resumes a year stopped half-way;
``--auto`` lets bots decide, and a year the bots play alone is saved once, at its end; ``show`` draws
nobles, provinces and the map; ``log`` prints the chronicle as campaign news.  The rules live in
:mod:`magecraft.wizard_prince.campaign` (imported inside each command, off the start-up path, but for its
small action types); this module parses, calls and renders.
"""

from __future__ import annotations

import json as jsonlib
from collections.abc import Collection, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer
from rich.markup import escape
from rich.table import Table

from magecraft.cli.game_table import GameTable, GameView, play_at_table
from magecraft.cli.options import (
    AllowUndoOption,
    DbOption,
    DiceOption,
    JsonOption,
    PhysicalOption,
    SeedOption,
    ask_die_once,
    console,
    make_randomness,
    print_json,
)
from magecraft.cli.playloop import Choice, Ending, Menu, PlayLoop
from magecraft.cli.sessions import SaveSession, open_session, read_state, resume_session
from magecraft.core.errors import DataError
from magecraft.wizard_prince.campaign.answers import Question, Reply
from magecraft.wizard_prince.campaign.tasks import GM, Action, EnterBanquet, Record

if TYPE_CHECKING:
    from rich.console import RenderableType

    from magecraft.cli.wizard_prince_banquet import BanquetTable
    from magecraft.core.events import Event
    from magecraft.wizard_prince.actions import Action as BanquetMove
    from magecraft.wizard_prince.campaign.nobles import CampaignNoble
    from magecraft.wizard_prince.campaign.settings import CampaignSettings
    from magecraft.wizard_prince.campaign.year import Campaign

    #: What is chosen at the year's prompt: an answer to the campaign, or a move at its banquet.
    YearMove = Action | BanquetMove

app = typer.Typer(help="The Wizard-Prince campaign: years of banquets, duels, wars and provinces.",
                  no_args_is_help=True)

SYSTEM = "wizard_prince"
KIND = "campaign"

NameArg = Annotated[str, typer.Argument(help="The campaign's name in the save store.")]


# -- the save store: a campaign is kind "campaign"; each year is one save (docs/architecture.md, "Saves") --------
def read_campaign(db: Path | None, name: str) -> Campaign:
    """A saved campaign for a command that only reads it (nothing is created or written)."""
    from magecraft.wizard_prince.campaign.year import Campaign

    return Campaign.from_dict(read_state(db, SYSTEM, KIND, name), ask=ask_die_once)


def open_campaign(db: Path | None, name: str) -> tuple[SaveSession, Campaign]:
    """A saved campaign and the session that saves each year at the revision it was read."""
    from magecraft.wizard_prince.campaign.year import Campaign

    session, state = resume_session(db, SYSTEM, KIND, name)
    return session, Campaign.from_dict(state, ask=ask_die_once)


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


# -- commands --------------------------------------------------------------------------------------
MapOption = Annotated[str, typer.Option("--map", help="A shipped map (velkaria) or a TOML map file.")]
NoblesOption = Annotated[str, typer.Option("--nobles", help='Player nobles, e.g. "Ann,Bob".')]
NoblesFileOption = Annotated[Path | None, typer.Option("--nobles-file", help="TOML file of [[noble]] sheets.")]
NpcOption = Annotated[int, typer.Option("--npc", help="NPC nobles to roll up (seed's optional rule).", min=0,
                                        max=20)]
TumultuousOption = Annotated[bool, typer.Option("--tumultuous", help="Play the Tumultuous Empire optional rule.")]
SettingsOption = Annotated[Path | None, typer.Option("--settings", help="TOML house rules (CampaignSettings).")]
ReplaceOption = Annotated[bool, typer.Option("--overwrite", help="Replace a campaign of the same name.")]
ScenarioOption = Annotated[Path | None, typer.Option(
    "--scenario", help="Start from the position of a scenario file (docs/scenarios/wizard-prince-campaign-*).")]


@app.command()
def new(name: NameArg, map_name: MapOption = "velkaria", nobles: NoblesOption = "",
        nobles_file: NoblesFileOption = None, npc: NpcOption = 0, tumultuous: TumultuousOption = False,
        settings_file: SettingsOption = None, overwrite: ReplaceOption = False, seed: SeedOption = None,
        dice: DiceOption = None, physical_dice: PhysicalOption = False, json: JsonOption = False,
        db: DbOption = None, scenario: ScenarioOption = None) -> None:
    """Start a campaign: no noble rules a province yet (or the position of a --scenario).

    \b
    Examples:
      magecraft wizard-prince campaign new vel --map velkaria --nobles "Ann,Bob" --npc 3
      magecraft wizard-prince campaign new court --scenario FILE.toml
    """
    if scenario is not None:
        _new_from_scenario(name, scenario, overwrite, json, db, nobles=nobles or None, nobles_file=nobles_file,
                           npc=npc or None, tumultuous=tumultuous or None, settings=settings_file, seed=seed,
                           dice=dice or None, physical_dice=physical_dice or None)
        return
    from magecraft.wizard_prince.campaign.empire import load_map
    from magecraft.wizard_prince.campaign.year import Campaign

    sheets = _player_sheets(nobles, nobles_file)
    settings = _campaign_settings(settings_file, tumultuous)
    session = open_session(db, SYSTEM, KIND, save=name, overwrite=overwrite)
    rng = make_randomness(seed, dice, physical_dice)
    c = Campaign.new(sheets, rng, empire=load_map(map_name), settings=settings, npcs=npc)
    session.save(c.to_dict())
    if json:
        print_json({"campaign": name, **c.result()})
    else:
        console().print(f"Campaign {name!r} begins in the {c.empire.name}: {', '.join(c.nobles)}. "
                        f"Play a year with: magecraft wizard-prince campaign year {name}")


def _player_sheets(nobles: str, nobles_file: Path | None) -> list[str | CampaignNoble]:
    """The player nobles: named with ``--nobles`` (rolled up), then the sheets of ``--nobles-file``."""
    from magecraft.wizard_prince.campaign.nobles import CampaignNoble
    from magecraft.wizard_prince.nobles import load_nobles

    sheets: list[str | CampaignNoble] = [n.strip() for n in nobles.split(",") if n.strip()]
    if nobles_file is not None:
        sheets.extend(CampaignNoble.from_banquet_noble(n) for n in load_nobles(nobles_file))
    if not sheets:
        raise typer.BadParameter("name at least one player noble", param_hint="--nobles")
    return sheets


def _campaign_settings(settings_file: Path | None, tumultuous: bool) -> CampaignSettings:
    """The house rules of ``--settings``, with the Tumultuous Empire when ``--tumultuous`` asks for it."""
    from dataclasses import replace

    from magecraft.core.settings import load_settings
    from magecraft.wizard_prince.campaign.settings import CampaignSettings

    settings = load_settings(CampaignSettings, settings_file) if settings_file else CampaignSettings()
    if tumultuous:
        settings = replace(settings, tumultuous_empire=True)
    return settings


def _new_from_scenario(name: str, path: Path, overwrite: bool, json: bool, db: Path | None,
                       **given: Any) -> None:
    """Save a new campaign at a scenario's position (its own dice), ready for ``campaign year``."""
    from magecraft.core.scenario import load_scenario, start
    from magecraft.games import registry
    from magecraft.wizard_prince.campaign.game_type import CAMPAIGN

    clashing = [key for key, value in given.items() if value is not None]
    if clashing:
        raise typer.BadParameter(f"--{clashing[0].replace('_', '-')} cannot change a scenario's campaign",
                                 param_hint="--scenario")
    game_type, c = start(load_scenario(path), registry())
    if game_type is not CAMPAIGN:
        raise typer.BadParameter(f"{path} is a scenario of {game_type.name}, not of the campaign",
                                 param_hint="--scenario")
    session = open_session(db, SYSTEM, KIND, save=name, overwrite=overwrite)
    session.save(c.to_dict())
    if json:
        print_json({"campaign": name, **c.result()})
    else:
        console().print(f"Campaign {name!r} stands as {path.name} sets it, before year {c.result()['year'] + 1}. "
                        f"Play a year with: magecraft wizard-prince campaign year {name}")


YearAutoOption = Annotated[bool, typer.Option("--auto", help="Bots decide everything this year.")]
BanquetOption = Annotated[Path | None, typer.Option("--banquet", help="JSON file of the banquet's result "
                                                    "(as `wizard-prince banquet --json` prints it).")]
AdventureOption = Annotated[list[str] | None, typer.Option(
    "--adventure", help='An adventure\'s gain or loss: "NOBLE:WHAT:AMOUNT:REASON[:DETAIL]", e.g. '
    '"Ann:wealth:+1:a dragon\'s hoard" (repeatable).')]
YearsOption = Annotated[int, typer.Option("--years", help="Play this many years (each saved).", min=1)]
BotsOption = Annotated[str, typer.Option("--bots", help='Player nobles the bots play, e.g. "Bob,Cid".')]


@app.command()
def year(name: NameArg, auto: YearAutoOption = False, banquet: BanquetOption = None,
         adventure: AdventureOption = None, years: YearsOption = 1, bots: BotsOption = "", seed: SeedOption = None,
         dice: DiceOption = None, physical_dice: PhysicalOption = False, json: JsonOption = False,
         db: DbOption = None, allow_undo: AllowUndoOption = False) -> None:
    """Play the campaign's next year and save it.

    The GM and the player nobles at the table answer at the shared prompt (help, undo, log, save, quit);
    the year is saved after each answer, so a year stopped half-way (quit, Ctrl-D) is resumed by the same
    command.  A year the bots play alone (--auto, or every noble with --bots) is saved once, at its end.
    --seed, --dice or --physical-dice roll this command's years; the campaign keeps its own dice.

    \b
    Examples:
      magecraft wizard-prince campaign year vel
      magecraft wizard-prince campaign year vel --auto --years 3
    """
    from magecraft.core.randomness import Randomness
    records = [_record(text) for text in adventure or []]
    entered = _read_banquet(banquet) if banquet else None
    session, c = open_campaign(db, name)
    robots = {b.strip() for b in bots.split(",") if b.strip()}
    unknown = sorted(robots - set(c.nobles))
    if unknown:
        raise typer.BadParameter(f"{unknown[0]!r} is not a noble of campaign {name!r}", param_hint="--bots")
    if c.is_terminal():
        raise typer.BadParameter(f"campaign {name!r} is over: {c.over}", param_hint="NAME")
    saved = session.loaded.state if session.loaded is not None else c.to_dict()
    players = {n for n, noble in c.nobles.items() if not noble.npc and n not in robots}
    people = set() if auto else {GM, *players}  # the GM answers his own questions unless --auto
    table = year_table(c, name, people, robots)
    view = cast(CampaignView, table.view)
    table.restore(saved)
    if entered is not None:
        view.entered = entered
    if records:
        view.records = records
    if seed is not None or dice is not None or physical_dice:
        # these dice serve the years this command plays; the campaign's own dice resume afterwards
        view.own_dice = saved["rng"]
        table.state.rng = Randomness(make_randomness(seed, dice, physical_dice).source, table.state.rng.log)
    reports = _play_years(table, session, years, bool(people), hot_seat=len(players) > 1, allow_undo=allow_undo)
    _tell_years(name, table.state, reports, bool(people), json)


def _play_years(table: GameTable[YearMove], session: SaveSession, years: int, people: bool, *, hot_seat: bool,
                allow_undo: bool) -> list[dict[str, Any]]:
    """Play up to ``years`` years (people at the shared play loop, or the bots alone), each saved; what each
    year's chronicle told."""
    view = cast(CampaignView, table.view)
    reports: list[dict[str, Any]] = []
    for _ in range(years):
        year_now: Campaign = table.state
        if year_now.is_terminal():
            break
        start = len(year_now.chronicle)
        shown_from = len(year_now.rng.log)
        if year_now.pending is not None and year_now.pending.kind is Question.BEGIN:
            table.apply(Reply.BEGIN)  # the GM begins the year (it was asked "Begin year N?")
        elif people:
            console().print(f"Resumed year {year_now.year + 1} of {view.name!r}.")
        if people:
            # the GM shares every screen (he knows it all); the screen is handed over between nobles
            ending = play_at_table(session, table, allow_undo=allow_undo, shown_from=shown_from, hot_seat=hot_seat)
            if ending is not Ending.FINISHED:
                raise typer.Exit(ending.status)
        else:
            while not table.is_terminal():
                player = table.current_player()
                assert player is not None
                table.apply(table.bot_action(player))
            session.save(table.snapshot())
        year_now = table.state   # an undo at the prompt may have put another campaign object in place
        reports.append({"year": year_now.year, "news": [e["text"] for e in year_now.chronicle[start:]]})
        view.entered, view.records = None, []
    return reports


def _tell_years(name: str, c: Campaign, reports: list[dict[str, Any]], people: bool, json: bool) -> None:
    """The years played: as JSON; else each year's news, unless people saw it told as it happened."""
    if json:
        print_json({"campaign": name, "years": reports, **c.result()})
        return
    if people:
        return  # the news was told as it happened, and the ending
    out = console()
    for report in reports:
        for line in report["news"]:
            out.print(line)
    if c.over:
        out.print(f"[bold]The campaign is over: {c.over}[/bold]")


@app.command()
def show(name: NameArg, json: JsonOption = False, db: DbOption = None) -> None:
    """The nobles and provinces as tables, and the map with who rules each province."""
    from magecraft.wizard_prince.campaign.provinces import modifier

    c = read_campaign(db, name)
    if json:
        print_json({"campaign": name, **c.result(),
                    "provinces": {p: c.provinces[p].to_dict() for p in c.empire.names}})
        return
    out = console()
    out.print(f"[bold]{c.empire.name}[/bold], after year {c.year}" + (f" -- {c.over}" if c.over else ""))
    # 80 columns without cutting a heading or breaking a name: no outer edge, each capital named in the
    # provinces' table (and starred on the map) rather than in a column of its own
    nobles = Table(title="Nobles", title_justify="left", show_edge=False, pad_edge=False,
                   caption="Legions and Fleets: regular/elite/guard", caption_justify="left")
    for column in ("noble", "Status", "Wealth", "Legions", "Fleets", "provinces", "appointment"):
        nobles.add_column(column, no_wrap=column == "noble")
    for n, summary in ((c.nobles[k], c.noble_summary(k)) for k in c.nobles):
        npc = " (NPC)" if n.npc and not n.name.startswith("NPC") else ""
        title = f", {n.title}" if n.title and n.status >= 1 else ""
        slave = f", {n.slave_of}'s slave" if n.slave_of else ""
        label = n.name + title + npc + ("" if n.alive else " +dead") + slave
        nobles.add_row(label, str(n.status), str(n.wealth), "/".join(str(v) for v in n.legions.values()),
                       "/".join(str(v) for v in n.fleets.values()), str(len(summary["provinces"])),
                       n.appointment.replace("_", " ") or "-")
    out.print(nobles)
    provinces = Table(title="Provinces", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("province", "ruler", "production", "upgrades", "troubles"):
        provinces.add_column(column, no_wrap=column == "province")
    for p in c.empire.names:
        state = c.provinces[p]
        troubles = [f"{h['units']} {h['kind']}" for h in c.hordes if h["province"] == p]
        if state.plague:
            troubles.append("plague")
        if state.chaos:
            troubles.append("wasteland" if state.wasteland else "Servants of Chaos")
        upgrades = ", ".join(c.upgrade_info[k].name for k in state.upgrades)
        ruler = state.owner or "-"
        if state.owner and c.nobles[state.owner].capital == p:
            ruler += " (capital)"
        provinces.add_row(p, ruler, f"{modifier(c, state):+d}", upgrades or "-", ", ".join(troubles) or "-")
    out.print(provinces)
    out.print(draw_map(c))


def draw_map(c: Campaign) -> Table:
    """The provinces at their map places, each with its ruler's initials (capitals starred)."""
    placed = [(info.at, info.name) for info in c.empire.provinces if info.at]
    grid = Table(show_header=False, show_lines=True, title="Map")
    if not placed:
        return grid
    rows = max(at[0] for at, _ in placed) + 1
    cols = max(at[1] for at, _ in placed) + 1
    cells = [["" for _ in range(cols)] for _ in range(rows)]
    for at, name in placed:
        owner = c.provinces[name].owner
        star = "*" if owner and c.nobles[owner].capital == name else ""
        cells[at[0]][at[1]] = escape(f"{name}\n[{owner or 'neutral'}{star}]")
    for _ in range(cols):
        grid.add_column()
    for row in cells:
        grid.add_row(*row)
    return grid


@app.command()
def log(name: NameArg, json: JsonOption = False, db: DbOption = None) -> None:
    """The chronicle of the campaign, year by year."""
    c = read_campaign(db, name)
    if json:
        print_json({"campaign": name, "chronicle": c.chronicle})
        return
    out = console()
    current = 0
    for entry in c.chronicle:
        if entry["year"] != current:
            current = entry["year"]
            out.print(f"[bold]-- Year {current} --[/bold]")
        out.print(f"  {entry['text']}")


@app.command()
def sheets(name: NameArg, db: DbOption = None) -> None:
    """This year's banquet sheets as TOML, for `wizard-prince banquet --nobles FILE` at the table; enter its
    `--json` result back with `campaign year NAME --banquet FILE`."""
    from magecraft.wizard_prince.campaign.court import attendees

    c = read_campaign(db, name)
    lines = [f"# The nobles attending year {c.year + 1} of campaign {name!r}"]
    for noble in attendees(c):
        sheet = c.nobles[noble].banquet_noble()
        lines += ["", "[[noble]]"]
        for key in ("name", "npc", "status", "wealth", "legions", "fleets", "level", "hit_points",
                    "character_class", "alignment", "magic_items", "appointment"):
            lines.append(f"{key} = {_toml(getattr(sheet, key))}")
        if sheet.abilities:
            lines.append("abilities = { " + ", ".join(f"{k} = {v}" for k, v in sheet.abilities.items()) + " }")
    typer.echo("\n".join(lines))


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return jsonlib.dumps(str(value), ensure_ascii=False)


def _record(text: str) -> Any:
    from magecraft.wizard_prince.campaign.adventures import RECORDS
    from magecraft.wizard_prince.campaign.tasks import Record

    try:
        made = Record.parse(text)
    except DataError:
        made = None
    if made is None or made.what not in RECORDS:
        raise typer.BadParameter(f"{text!r} is not NOBLE:WHAT:AMOUNT:REASON[:DETAIL] (WHAT is one of "
                                 f"{', '.join(RECORDS)})", param_hint="--adventure")
    return made


def _read_banquet(path: Path) -> dict[str, Any]:
    try:
        raw = jsonlib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read {path}: {exc.strerror}") from None
    except (UnicodeDecodeError, jsonlib.JSONDecodeError) as exc:
        raise DataError(f"{path}: not a JSON banquet result ({exc})") from None
    if isinstance(raw, dict) and isinstance(raw.get("result"), dict):
        raw = raw["result"]
    if not isinstance(raw, dict):
        raise DataError(f"{path}: a banquet result is a JSON object")
    return raw
