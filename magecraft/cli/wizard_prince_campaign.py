"""`magecraft wizard-prince campaign`: the Wizard-Prince campaign year (seed 004).

``new`` starts a campaign on a map and saves it; ``year`` plays the next year (the people at the table
answer each decision, ``--auto`` lets bots decide) and saves it as one transaction, so an interrupted
year leaves the previous one intact; ``show`` draws nobles, provinces and the map; ``log`` prints the
chronicle as campaign news.  The rules live in :mod:`magecraft.wizard_prince.campaign` (imported inside
each command, off the start-up path); this module parses, calls and renders.
"""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from magecraft.cli.options import (
    DbOption,
    DiceOption,
    JsonOption,
    PhysicalOption,
    SeedOption,
    ask_at_terminal,
    console,
    make_randomness,
    open_store,
    print_json,
)
from magecraft.cli.sessions import SaveSession, open_session
from magecraft.core.errors import DataError

if TYPE_CHECKING:
    from magecraft.wizard_prince.campaign.tasks import Choose, Decision
    from magecraft.wizard_prince.campaign.year import Campaign

app = typer.Typer(help="The Wizard-Prince campaign: years of banquets, duels, wars and provinces.",
                  no_args_is_help=True)

SYSTEM = "wizard_prince"
KIND = "campaign"

NameArg = Annotated[str, typer.Argument(help="The campaign's name in the save store.")]


# -- the save store: a campaign is kind "campaign"; each year is one save (docs/architecture.md, "Saves") --------
def read_campaign(db: Path | None, name: str) -> Campaign:
    """A saved campaign for a command that only reads it (nothing is created or written)."""
    from magecraft.wizard_prince.campaign.year import Campaign

    return Campaign.from_dict(open_store(db).load(name, SYSTEM, KIND).state)


def open_campaign(db: Path | None, name: str) -> tuple[SaveSession, Campaign]:
    """A saved campaign and the session that saves each year at the revision it was read."""
    from magecraft.wizard_prince.campaign.year import Campaign

    session = open_session(db, SYSTEM, KIND, load=name)
    assert session.loaded is not None
    return session, Campaign.from_dict(session.loaded.state)


def ask_decision(c: Campaign, d: Decision) -> Choose:
    """Ask the person at the table to answer ``d`` by number (asked again on a bad answer)."""
    from magecraft.wizard_prince.campaign.tasks import Choose

    out = console()
    secret = c.observation(d.player)["year_data"].get("war_secret", {}) if d.kind == "join" else {}
    for key, known in secret.items():
        side, what = key.split("_")
        out.print(escape(f"Your Intelligence found out {c.year_data['war']['sides'][side]['name']}'s {what}: "
                         f"{known['value']}"))
    out.print(f"{escape(d.prompt)}  [dim]({d.section})[/dim]")
    for number, option in enumerate(d.options, start=1):
        out.print(f"  {number:>3}. {' '.join(str(v) for v in option)}")
    return Choose(d.options[_number(len(d.options)) - 1])


def play_banquet_at_table(c: Campaign, people: set[str]) -> dict[str, Any]:
    """The year's banquet with the people at the table choosing their own moves (the board and actions as
    `wizard-prince banquet` draws them); bots play everyone else.  Returns the ``BanquetResult`` as a dict."""
    from magecraft.cli.wizard_prince import board, describe
    from magecraft.wizard_prince.campaign.court import new_banquet

    banquet, bots = new_banquet(c)
    out = console()
    at_screen = ""
    while not banquet.is_terminal():
        player = banquet.current_player()
        assert player is not None
        if player not in people:
            banquet.apply(bots[player].choose(banquet, player))
            continue
        if at_screen and player != at_screen:
            # what one person has snooped must not stay in view for the next
            ask_at_terminal(f"Pass the screen to {player}, then press Enter")
            out.clear()
        at_screen = player
        out.print(board(banquet, player))
        actions = banquet.legal_actions()
        out.print(f"[bold]{escape(player)}[/bold] at the banquet, turn {banquet.turn}: choose an action")
        for number, action in enumerate(actions, start=1):
            out.print(f"  {number:>3}. {escape(describe(banquet, player, action))}")
        banquet.apply(actions[_number(len(actions)) - 1])
    return banquet.banquet_result().to_dict()


def _number(high: int) -> int:
    """A number from 1 to ``high``, asked until one is given."""
    while True:
        answer = ask_at_terminal(f"Choose 1-{high}").strip()
        if answer.isdigit() and 1 <= int(answer) <= high:
            return int(answer)
        console().print(f"[red]{escape(repr(answer))} is not one of 1-{high}[/red]")


# -- commands --------------------------------------------------------------------------------------
@app.command()
def new(
    name: NameArg,
    map_name: Annotated[str, typer.Option("--map", help="A shipped map (velkaria) or a TOML map file.")
                        ] = "velkaria",
    nobles: Annotated[str, typer.Option("--nobles", help='Player nobles, e.g. "Ann,Bob".')] = "",
    nobles_file: Annotated[Path | None, typer.Option("--nobles-file", help="TOML file of [[noble]] sheets.")
                           ] = None,
    npc: Annotated[int, typer.Option("--npc", help="NPC nobles to roll up (seed's optional rule).", min=0,
                                     max=20)] = 0,
    tumultuous: Annotated[bool, typer.Option("--tumultuous", help="Play the Tumultuous Empire optional rule.")
                          ] = False,
    settings_file: Annotated[Path | None, typer.Option("--settings", help="TOML house rules (CampaignSettings).")
                             ] = None,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="Replace a campaign of the same name.")] = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Start a campaign: no noble rules a province yet."""
    from dataclasses import replace

    from magecraft.core.settings import load_settings
    from magecraft.wizard_prince.campaign.empire import load_map
    from magecraft.wizard_prince.campaign.nobles import CampaignNoble
    from magecraft.wizard_prince.campaign.settings import CampaignSettings
    from magecraft.wizard_prince.campaign.year import Campaign
    from magecraft.wizard_prince.nobles import load_nobles

    sheets: list[str | CampaignNoble] = [n.strip() for n in nobles.split(",") if n.strip()]
    if nobles_file is not None:
        sheets.extend(CampaignNoble.from_banquet_noble(n) for n in load_nobles(nobles_file))
    if not sheets:
        raise typer.BadParameter("name at least one player noble", param_hint="--nobles")
    settings = load_settings(CampaignSettings, settings_file) if settings_file else CampaignSettings()
    if tumultuous:
        settings = replace(settings, tumultuous_empire=True)
    session = open_session(db, SYSTEM, KIND, save=name, overwrite=overwrite)
    rng = make_randomness(seed, dice, physical_dice)
    c = Campaign.new(sheets, rng, empire=load_map(map_name), settings=settings, npcs=npc)
    session.save(c.to_dict())
    if json:
        print_json({"campaign": name, **c.result()})
    else:
        console().print(f"Campaign {name!r} begins in the {c.empire.name}: {', '.join(c.nobles)}. "
                        f"Play a year with: magecraft wizard-prince campaign year {name}")


@app.command()
def year(
    name: NameArg,
    auto: Annotated[bool, typer.Option("--auto", help="Bots decide everything this year.")] = False,
    banquet: Annotated[Path | None, typer.Option("--banquet", help="JSON file of the banquet's result "
                                                 "(as `wizard-prince banquet --json` prints it).")] = None,
    adventure: Annotated[list[str] | None, typer.Option(
        "--adventure", help='An adventure\'s gain or loss: "NOBLE:WHAT:AMOUNT:REASON[:DETAIL]", e.g. '
        '"Ann:wealth:+1:a dragon\'s hoard" (repeatable).')] = None,
    years: Annotated[int, typer.Option("--years", help="Play this many years (each saved).", min=1)] = 1,
    bots: Annotated[str, typer.Option("--bots", help='Player nobles the bots play, e.g. "Bob,Cid".')] = "",
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Play the campaign's next year and save it (one transaction a year).

    ``--seed``, ``--dice`` or ``--physical-dice`` roll this command's years; the campaign keeps its own dice.
    """
    from magecraft.core.randomness import Randomness
    from magecraft.wizard_prince.campaign.bots import CampaignBot
    from magecraft.wizard_prince.campaign.court import attendees
    from magecraft.wizard_prince.campaign.tasks import GM, Choose, EnterBanquet

    records = [_record(text) for text in adventure or []]
    entered = _read_banquet(banquet) if banquet else None
    session, c = open_campaign(db, name)
    robots = {b.strip() for b in bots.split(",") if b.strip()}
    unknown = sorted(robots - set(c.nobles))
    if unknown:
        raise typer.BadParameter(f"{unknown[0]!r} is not a noble of campaign {name!r}", param_hint="--bots")
    if c.is_terminal():
        raise typer.BadParameter(f"campaign {name!r} is over: {c.over}", param_hint="NAME")
    own_dice = c.rng.snapshot()
    override = seed is not None or dice is not None or physical_dice
    if override:
        # these dice serve the years this command plays; the campaign's own dice resume afterwards
        c.rng = Randomness(make_randomness(seed, dice, physical_dice).source, c.rng.log)
    elif c.rng.source.kind == "physical":
        c.rng = Randomness.restore(own_dice, c.rng.log, ask=ask_at_terminal)
    bot = CampaignBot()
    reports: list[dict[str, Any]] = []
    for _ in range(years):
        if c.is_terminal():
            break
        start = len(c.chronicle)
        c.apply(Choose(("begin",)))
        while not c.is_terminal() and c.pending is not None and c.pending.kind != "begin":
            d = c.pending
            if d.kind == "banquet" and entered is not None:
                c.apply(EnterBanquet(entered))
                continue
            people = set() if auto else {n for n in attendees(c) if not c.nobles[n].npc and n not in robots}
            if d.kind == "banquet" and people:
                c.apply(EnterBanquet(play_banquet_at_table(c, people), played=True))
                continue
            if d.kind == "adventure":
                for r in records:
                    c.apply(r)
                records = []
            if auto or (d.player == GM and d.kind in ("banquet", "adventure")) or d.player in robots or \
                    (d.player in c.nobles and c.nobles[d.player].npc):
                c.apply(bot.choose(c, d.player))
            else:
                c.apply(ask_decision(c, d))
        if override:
            played = c.rng
            c.rng = Randomness.restore(own_dice, c.rng.log, ask=ask_at_terminal)
            session.save(c.to_dict())
            c.rng = played
        else:
            session.save(c.to_dict())
        reports.append({"year": c.year, "news": [e["text"] for e in c.chronicle[start:]]})
        entered = None
    if json:
        print_json({"campaign": name, "years": reports, **c.result()})
        return
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
    nobles = Table("noble", "Status", "Wealth", "legions r/e/g", "fleets r/e/g", "provinces", "capital",
                   "appointment", title="Nobles")
    for n, summary in ((c.nobles[k], c.noble_summary(k)) for k in c.nobles):
        label = n.name + (f", {n.title}" if n.title and n.status >= 1 else "") + (" (NPC)" if n.npc else "") \
            + ("" if n.alive else " +dead")
        nobles.add_row(label, str(n.status), str(n.wealth), "/".join(str(v) for v in n.legions.values()),
                       "/".join(str(v) for v in n.fleets.values()), str(len(summary["provinces"])),
                       n.capital or "-", n.appointment.replace("_", " ") or "-")
    out.print(nobles)
    provinces = Table("province", "ruler", "production", "upgrades", "troubles", title="Provinces")
    for p in c.empire.names:
        state = c.provinces[p]
        troubles = [f"{h['units']} {h['kind']}" for h in c.hordes if h["province"] == p]
        if state.plague:
            troubles.append("plague")
        if state.chaos:
            troubles.append("wasteland" if state.wasteland else "Servants of Chaos")
        upgrades = ", ".join(c.upgrade_info[k].name for k in state.upgrades)
        provinces.add_row(p, state.owner or "-", f"{modifier(c, state):+d}", upgrades or "-",
                          ", ".join(troubles) or "-")
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

    parts = text.split(":")
    if len(parts) not in (4, 5) or parts[1] not in RECORDS or not parts[2].lstrip("+-").isdigit():
        raise typer.BadParameter(f"{text!r} is not NOBLE:WHAT:AMOUNT:REASON[:DETAIL] (WHAT is one of "
                                 f"{', '.join(RECORDS)})", param_hint="--adventure")
    return Record(parts[0], parts[1], int(parts[2]), parts[3], parts[4] if len(parts) == 5 else "")


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
