"""`magecraft wizard-prince campaign`: the Wizard-Prince campaign year (seed 004).

``new`` starts a campaign on a map and saves it; ``year`` plays the next year: the GM and the player nobles at
the table answer each decision at the shared play loop's prompt
(:class:`~magecraft.cli.wizard_prince_campaign_table.CampaignView` over the one
:class:`~magecraft.cli.game_table.GameTable`; help, undo, log, save, quit), the year saved after each answer
so that the same command resumes a year stopped half-way; ``--auto`` lets bots decide, and a year the bots
play alone is saved once, at its end; ``show`` draws nobles, provinces and the map; ``log`` prints the
chronicle as campaign news. The rules live in :mod:`magecraft.wizard_prince.campaign` and the table in
:mod:`magecraft.cli.wizard_prince_campaign_table` (both imported inside the commands: their help loads no
rules, issue 23 item 5); this module parses, calls and renders.
"""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from magecraft.cli.markup import escape
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
from magecraft.core.errors import DataError

if TYPE_CHECKING:
    from rich.table import Table

    from magecraft.cli.game_table import GameTable
    from magecraft.cli.sessions import SaveSession
    from magecraft.wizard_prince.actions import Action as BanquetMove
    from magecraft.wizard_prince.campaign.nobles import CampaignNoble
    from magecraft.wizard_prince.campaign.settings import CampaignSettings
    from magecraft.wizard_prince.campaign.tasks import Action
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
    from magecraft.cli.sessions import read_state
    from magecraft.wizard_prince.campaign.year import Campaign

    return Campaign.from_dict(read_state(db, SYSTEM, KIND, name), ask=ask_die_once)


def open_campaign(db: Path | None, name: str) -> tuple[SaveSession, Campaign]:
    """A saved campaign and the session that saves each year at the revision it was read."""
    from magecraft.cli.sessions import resume_session
    from magecraft.wizard_prince.campaign.year import Campaign

    session, state = resume_session(db, SYSTEM, KIND, name)
    return session, Campaign.from_dict(state, ask=ask_die_once)


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
    from magecraft.cli.sessions import open_session
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
    from magecraft.cli.sessions import open_session
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
    from magecraft.cli.wizard_prince_campaign_table import CampaignView, year_table
    from magecraft.core.randomness import Randomness
    from magecraft.wizard_prince.campaign.tasks import GM
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
    from magecraft.cli.game_table import play_at_table
    from magecraft.cli.playloop import Ending
    from magecraft.cli.wizard_prince_campaign_table import CampaignView
    from magecraft.wizard_prince.campaign.answers import Question, Reply
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
    from rich.table import Table

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
    from rich.table import Table
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
