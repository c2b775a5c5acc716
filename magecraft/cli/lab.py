"""``magecraft lab``: sweeps of any registered game for designers (run, summary).

Parses the options, calls :mod:`magecraft.lab` and renders; the engines are imported only in the
worker that plays them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from magecraft.cli.options import JsonOption, console, print_json
from magecraft.core.errors import InputError

if TYPE_CHECKING:
    from magecraft.lab.summary import VariantSummary
    from magecraft.lab.sweep import Sweep, Variant

lab_app = typer.Typer(no_args_is_help=True, help="The designers' lab: thousands of games, house rules compared.")

GAMES_HELP = "How many games per variant (seeds START, START+1, ...)."


def parse_seeds(text: str | None, games: int | None) -> range:
    """``START:COUNT`` (or ``--games N`` from seed 1)."""
    from magecraft.cli.options import whole_number

    if text is None:
        return range(1, 1 + (games if games is not None else 100))
    start_text, colon, count_text = text.partition(":")
    start, count = whole_number(start_text), whole_number(count_text)
    if not colon or start is None or count is None or count < 1:
        raise InputError(f"--seeds takes START:COUNT, e.g. 1:1000, not {text!r}")
    if games is not None and games != count:
        raise InputError("give --games or --seeds START:COUNT, not two different counts")
    return range(start, start + count)


def parse_bots(text: str | None) -> tuple[tuple[str, str], ...]:
    """``SEAT=BOT,SEAT=BOT`` (the bots are checked against the game when it starts)."""
    if not text:
        return ()
    pairs = []
    for part in text.split(","):
        seat, equals, bot = (s.strip() for s in part.partition("="))
        if not equals or not seat or not bot:
            raise InputError(f"--bots takes SEAT=BOT,SEAT=BOT, not {part.strip()!r}")
        pairs.append((seat, bot))
    return tuple(pairs)


def variants(files: list[Path]) -> tuple[Variant, ...]:
    """One variant per house-rules file (named by its stem), or the book's rules alone."""
    import tomllib

    from magecraft.lab.sweep import Variant

    if not files:
        return (Variant("book"),)
    found = []
    for path in files:
        try:
            table = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read house rules {path}: {exc}") from None
        except tomllib.TOMLDecodeError as exc:
            raise InputError(f"{path} is not valid TOML ({exc})") from None
        found.append(Variant(path.stem, table))
    names = [v.name for v in found]
    if len(set(names)) != len(names):
        raise InputError("two house-rules files have the same name; each variant is named by its file")
    return tuple(found)


def check_sweep(sweep: Sweep, seeds: range) -> None:
    """Start the first game of every variant here, so a wrong bot, seat or house rule stops the sweep at once."""
    from magecraft.games import registry
    from magecraft.lab.sweep import new_game

    game_type = registry().get(sweep.game)
    for variant in sweep.variants:
        _, state = new_game(sweep, variant, seeds.start)
    seats = state.seats()
    for seat, bot in sweep.bots:
        if seat not in seats:
            raise InputError(f"--bots: {game_type.name} has no seat {seat!r} (seats: {', '.join(seats)})")
        try:
            game_type.check_bot(bot)
        except InputError as exc:
            raise InputError(f"--bots: {exc}") from None


def _progress() -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    # on stderr, so that --json output on stdout stays JSON
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(), console=Console(stderr=True))


@lab_app.command("run")
def lab_run(
    game: Annotated[str, typer.Argument(help="A game type (magecraft games).")],
    extra_rules: Annotated[list[Path] | None, typer.Argument(help="More house-rules files.", show_default=False,
                                                             metavar="[HOUSE_RULES]...")] = None,
    games: Annotated[int | None, typer.Option("--games", help=GAMES_HELP)] = None,
    seeds: Annotated[str | None, typer.Option("--seeds", help="START:COUNT, e.g. 1:1000.")] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="SEAT=BOT,... (others: random).")] = None,
    house_rules: Annotated[list[Path] | None, typer.Option(
        "--house-rules", help="House-rules TOML files, one variant each (none: the book's rules).")] = None,
    workers: Annotated[int | None, typer.Option("--workers", help="Processes (default: every core).")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help="A Ray cluster's address, or 'local'.")] = None,
    out: Annotated[Path, typer.Option("--out", help="The results file (CSV).")] = Path("lab-results.csv"),
    plot: Annotated[Path | None, typer.Option("--plot", help="Write the charts (PNG) into this folder.")] = None,
    options: Annotated[str | None, typer.Option(
        "--options", help="New-game options as TOML, e.g. 'creatures = [\"Grizzly Bears\"]'.")] = None,
    json: JsonOption = False,
) -> None:
    """Play many seeded games of GAME and write one row per game.

    Results are the same for the same seeds whatever the number of workers; Ctrl-C keeps what finished,
    and the same command run again goes on where it stopped.

    Example: magecraft lab run wizard-prince-banquet --games 2000 --house-rules a.toml b.toml --plot out/
    """
    from magecraft.core.registry import plain_options
    from magecraft.lab.sweep import Sweep

    if extra_rules and not house_rules:
        raise InputError(f"unexpected argument {str(extra_rules[0])!r}: house-rules files follow --house-rules")
    files = [*(house_rules or []), *(extra_rules or [])]
    if workers is not None and workers < 1:
        raise InputError("--workers takes a whole number of at least 1")
    seed_range = parse_seeds(seeds, games)
    sweep = Sweep(game, variants(files), parse_bots(bots), plain_options(options or ""))
    check_sweep(sweep, seed_range)
    played = _run(sweep, seed_range, out, workers or os.cpu_count() or 1, ray)
    _finish(out, played, plot, json)


def _run(sweep: Sweep, seeds: range, out: Path, workers: int, ray: str | None) -> int:
    import time

    from magecraft.lab import runners
    from magecraft.lab.results import Journal, write_csv
    from magecraft.lab.sweep import tasks

    journal = Journal(out, sweep.to_json())   # locked until the CSV is written: one sweep at a time
    total = len(seeds) * len(sweep.variants)
    started, new = time.monotonic(), 0
    stopped = False
    with journal:
        todo = tasks(sweep, seeds, journal.done)
        if ray is not None:
            batches = runners.ray_cluster(sweep, todo, ray)
        elif workers == 1:
            batches = runners.serial(sweep, todo)
        else:
            batches = runners.pool(sweep, todo, workers)
        with _progress() as progress:
            bar = progress.add_task(sweep.game, total=total, completed=journal.count(), rate="-")
            try:
                for rows in batches:
                    journal.write(rows)
                    new += len(rows)
                    rate = new / max(time.monotonic() - started, 1e-9)
                    progress.update(bar, advance=len(rows), rate=f"{rate:,.0f}")
            except KeyboardInterrupt:
                stopped = True
        kept = write_csv(out)
    if stopped:
        typer.echo(f"magecraft lab: stopped; {kept} games kept in {out}; run the same command again to go on",
                   err=True)
        raise typer.Exit(130)
    return kept


def _finish(out: Path, played: int, plot: Path | None, json: bool) -> None:
    from magecraft.lab.summary import by_variant_rows, report

    variants_seen = by_variant_rows(out)
    if json:
        print_json({"results": str(out), "games": played, **report(variants_seen)})
    else:
        console().print(f"{played} games in {out}")
        _render(variants_seen)
    if plot is not None:
        _plot(variants_seen, plot, json)


def _plot(variants_seen: dict[str, VariantSummary], directory: Path, json: bool) -> None:
    from magecraft.lab.summary import plot as draw

    written = draw(variants_seen, directory)
    if not json:
        console().print("Charts: " + ", ".join(str(p) for p in written))


def _render(variants_seen: dict[str, VariantSummary]) -> None:
    from rich.table import Table

    from magecraft.lab.summary import report

    data = report(variants_seen)
    out = console()
    for name, summary in data["variants"].items():
        table = Table(title=f"{name}: {summary['games']} games", title_justify="left")
        standing = summary["standing"]
        for column in ("seat", "bot", "win rate", "95% interval", *(("mean standing",) if standing else ())):
            table.add_column(column)
        for seat, rate in summary["win_rates"].items():
            table.add_row(seat, rate["bot"], f"{rate['rate']:.1%}", f"{rate['low']:.1%} - {rate['high']:.1%}",
                          *((f"{standing[seat]:.4f}" if seat in standing else "",) if standing else ()))
        out.print(table)
        q = summary["length"]["quartiles"]
        out.print(f"length: mean {summary['length']['mean']}, quartiles {q[0]} / {q[1]} / {q[2]}")
    if data["differing_events"]:
        out.print("events per game" + (" (most different first):" if len(data["variants"]) > 1 else ":"))
        for entry in data["differing_events"]:
            out.print(f"  {entry['event']}: " + " vs ".join(f"{x:g}" for x in entry["per_game"]))
    if "ab_test" in data:
        ab = data["ab_test"]
        out.print(f"A/B ({ab['a']} vs {ab['b']}, Fisher's exact test):")
        for seat, test in ab["seats"].items():
            verdict = "differ" if test["p_value"] < 0.05 else "no clear difference"
            out.print(f"  {seat}: {test['a']:.1%} vs {test['b']:.1%}, p = {test['p_value']:.4g} ({verdict})")


@lab_app.command("summary")
def lab_summary(
    file: Annotated[Path, typer.Argument(help="A results file written by 'lab run'.")],
    plot: Annotated[Path | None, typer.Option("--plot", help="Write the charts (PNG) into this folder.")] = None,
    json: JsonOption = False,
) -> None:
    """Win rates with 95% Wilson intervals, game length, the events that differ, an A/B test of two variants."""
    from magecraft.lab.summary import by_variant_rows, report

    variants_seen = by_variant_rows(file)
    if json:
        print_json(report(variants_seen))
    else:
        _render(variants_seen)
    if plot is not None:
        _plot(variants_seen, plot, json)
