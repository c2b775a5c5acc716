"""The ``magecraft`` command tree: the root command and its groups, each command made only when used.

Start-up is kept light (issue 23 item 5: every help page and one-shot command within 8x ``python -c
pass``): the root lists its commands from tables (:data:`SHARED`, :data:`~magecraft.cli.systems.SYSTEMS`)
and imports a command's module only when that command is used; every group makes a command (typer reads
its signature) only when it is run, and lists the others from stand-ins that carry their name and help
(:class:`LazyCommands`); and every help page is click's plain one (typer's rich help page alone takes over
8x: it loads rich and a markdown parser).  :mod:`magecraft.cli.app` runs it.
"""

from __future__ import annotations

import copy
import importlib
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup
from typer.models import TyperInfo

from magecraft import __version__
from magecraft.cli import coercion
from magecraft.cli.overview import print_overview
from magecraft.cli.systems import SYSTEMS, SystemEntry

coercion.install()


#: Every help page is click's plain one (typer's ``rich_markup_mode``): typer's rich help page alone takes
#: over 8x a bare start-up (issue 23 item 5).
PLAIN = None
#: ``-h`` works everywhere ``--help`` does; a help page fills a wide terminal (click's own stops at 80 columns).
HELP_OPTIONS: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 200}


_BY_COMMAND = {entry.command: entry for entry in SYSTEMS}


def _load(target: str) -> Any:
    """What ``module:attribute`` names, its module imported now (a command, a group, a ``typer.Typer``)."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True)
class SharedCommand:
    """A command of the root besides the systems: its name, where it lives (``module:attribute``, a function
    or a ``typer.Typer`` group) and the line ``magecraft --help`` shows for it, kept here so that listing it
    imports nothing (``tests/cli/test_start_up.py`` checks the line against the command's own help)."""

    name: str
    target: str
    summary: str

    def load(self) -> Any:
        return _load(self.target)


#: The root's shared commands, in the order ``magecraft --help`` lists them.
SHARED = (
    SharedCommand("roll", "magecraft.cli.core_commands:roll", "Roll dice, or print their exact odds (--odds)."),
    SharedCommand("games", "magecraft.cli.games_commands:games",
                  "List every game type magecraft plays, with its bots."),
    SharedCommand("serve", "magecraft.cli.serve:serve",
                  "Serve the web table for phones and the game master's screen."),
    SharedCommand("table", "magecraft.cli.core_commands:table_app", "The seeds' random tables."),
    SharedCommand("saves", "magecraft.cli.core_commands:saves_app",
                  "Saved games, campaigns, characters and worlds."),
    SharedCommand("scenario", "magecraft.cli.games_commands:scenario_app",
                  "Scenario files: a position, dice, actions and facts."),
    SharedCommand("lab", "magecraft.cli.lab:lab_app",
                  "The designers' lab: thousands of games, house rules compared."),
)


@dataclass(frozen=True)
class Later:
    """A command registered by where it lives (``module:function``), for a command whose signature needs
    its rule system (an option's help or default taken from the rules): its group's module registers it
    without importing it, so the group's help loads no rules.  ``summary`` is the first paragraph of its
    docstring, what the group's list of commands shows (``tests/cli/test_start_up.py`` checks it)."""

    target: str
    summary: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)

    def load(self) -> Callable[..., Any]:
        loaded: Callable[..., Any] = _load(self.target)
        return loaded


class LaterGroup(typer.Typer):
    """A sub-group registered by where it lives (``module:attribute``, a ``typer.Typer``), made like
    :class:`Later`: ``help`` and the other settings given here are what its parent's help lists, the loaded
    group's commands what it runs (``tests/cli/test_start_up.py`` checks that both say the same)."""

    def __init__(self, target: str, **settings: Any) -> None:
        super().__init__(**settings)
        self.target = target

    def load(self) -> typer.Typer:
        loaded: typer.Typer = _load(self.target)
        return loaded


class LazyCommands(MutableMapping[str, Any]):
    """A group's commands by name, in order, each made (its module imported, its signature read by typer)
    the first time it is looked up; the names alone (``list_commands``, typer's "Did you mean") make none.

    While its group's help is drawn (:meth:`listing`) a command not made yet is looked up as a stand-in that
    carries only what the list of commands shows (its name and help), made without reading its signature.
    """

    def __init__(self, makers: dict[str, Callable[[], Any]],
                 stand_ins: dict[str, Callable[[], Any]] | None = None) -> None:
        self._makers = makers
        self._stand_ins = stand_ins or {}
        self._made: dict[str, Any] = {}
        self._listing = False

    @contextmanager
    def listing(self) -> Iterator[None]:
        self._listing = True
        try:
            yield
        finally:
            self._listing = False

    def __getitem__(self, name: str) -> Any:
        if name in self._made:
            return self._made[name]
        if self._listing and name in self._stand_ins:
            return self._stand_ins[name]()
        self._made[name] = self._makers[name]()
        return self._made[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._makers.setdefault(name, lambda: command)
        self._made[name] = command

    def __delitem__(self, name: str) -> None:
        del self._makers[name]
        self._made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


class LazyGroup(TyperGroup):
    """A typer group whose sub-commands are made only when used (:class:`LazyCommands`)."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # the names, in typer's order, without making the commands

    def format_help(self, ctx: Any, formatter: Any) -> None:
        commands = self.commands
        if not isinstance(commands, LazyCommands):
            super().format_help(ctx, formatter)
            return
        with commands.listing():
            super().format_help(ctx, formatter)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """Each command with the whole first paragraph of its help, wrapped: click's own list cuts it to what
        fits one line of an 80-column terminal and ends it with "..." mid-sentence."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.short_help or _first_paragraph(command.help or "")))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class SystemsGroup(LazyGroup):
    """The root group: the shared commands from :data:`SHARED`, each system's group only when asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.commands, *(e.command for e in SYSTEMS if e.command not in self.commands)]

    def get_command(self, ctx: Any, name: str) -> Any:
        entry = _BY_COMMAND.get(name)
        if entry is not None and name not in self.commands:
            self.add_command(_system_command(entry), name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The list under ``--help``, from the tables: listing a command does not import it."""
        rows = [(shared.name, shared.summary) for shared in SHARED]
        rows += [(e.command, f"{e.title}: {e.blurb}") for e in SYSTEMS]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@dataclass(frozen=True)
class Build:
    """How typer would build a group's commands: the settings its ``typer.Typer`` passes down, and whether
    their help lines are joined (:func:`_join_help_lines`: the systems' groups)."""

    pretty_exceptions_short: bool
    suggest_commands: bool
    join: bool

    @classmethod
    def of(cls, typer_app: typer.Typer, *, join: bool) -> Build:
        return cls(typer_app.pretty_exceptions_short, typer_app.suggest_commands, join)

    def command(self, info: Any) -> Any:
        """The click command of one ``CommandInfo``, as ``typer.main.get_group_from_info`` makes it."""
        if isinstance(info.callback, Later):
            info = copy.copy(info)
            info.callback = info.callback.load()
        made = typer.main.get_command_from_info(info, pretty_exceptions_short=self.pretty_exceptions_short,
                                                rich_markup_mode=PLAIN)
        if self.join:
            _join_help_lines(made)
        return made

    def listed(self, name: str, info: Any) -> Any:
        """A stand-in for a command or group in its group's list: its name and help as :meth:`command` and
        :meth:`group` give them (typer's own rules: ``typer.main.get_command_from_info`` and
        ``solve_typer_info_defaults``), without its options."""
        if isinstance(info, TyperInfo):
            solved = typer.main.solve_typer_info_defaults(info)
            text, short, hidden, deprecated, panel = (solved.help, solved.short_help, solved.hidden,
                                                      solved.deprecated, solved.rich_help_panel)
        else:
            doc = info.callback.summary if isinstance(info.callback, Later) else inspect.getdoc(info.callback)
            text = doc if info.help is None else inspect.cleandoc(info.help)
            short, hidden, deprecated, panel = info.short_help, info.hidden, info.deprecated, info.rich_help_panel
        stand_in = TyperCommand(name=name, help=text, short_help=short, hidden=hidden, deprecated=deprecated,
                                rich_markup_mode=PLAIN, rich_help_panel=panel)
        if self.join:
            _join_help_lines(stand_in)
        return stand_in

    def group(self, info: TyperInfo) -> LazyGroup:
        """The click group of one ``TyperInfo`` (an ``add_typer``), its own options and help made now and each
        of its commands when first used -- what ``typer.main.get_group_from_info`` makes all at once."""
        source = info.typer_instance
        assert source is not None
        if isinstance(source, LaterGroup):
            source = source.load()
            info = copy.copy(info)
            info.typer_instance = source
        hollow = copy.copy(source)
        hollow.registered_commands, hollow.registered_groups = [], []
        shell = copy.copy(info)
        shell.typer_instance, shell.cls = hollow, LazyGroup
        made = typer.main.get_group_from_info(shell, pretty_exceptions_short=self.pretty_exceptions_short,
                                              suggest_commands=self.suggest_commands,
                                              rich_markup_mode=PLAIN)
        assert isinstance(made, LazyGroup)
        makers: dict[str, Callable[[], Any]] = {}
        stand_ins: dict[str, Callable[[], Any]] = {}
        for command_info in source.registered_commands:
            name = command_info.name or typer.main.get_command_name(getattr(command_info.callback, "__name__", ""))
            makers[name] = partial(self.command, command_info)
            stand_ins[name] = partial(self.listed, name, command_info)
        for group_info in source.registered_groups:
            name = str(typer.main.solve_typer_info_defaults(group_info).name)
            makers[name] = partial(self.group, group_info)
            stand_ins[name] = partial(self.listed, name, group_info)
        made.commands = LazyCommands(makers, stand_ins)
        if self.join:
            _join_help_lines(made)
        return made


def _shared_command(shared: SharedCommand) -> Any:
    """A shared command or group, made as ``app.command(...)`` / ``app.add_typer(...)`` on the root would."""
    target = shared.load()
    holder = typer.Typer()
    build = Build.of(app, join=False)
    if isinstance(target, typer.Typer):
        holder.add_typer(target, name=shared.name)
        return build.group(holder.registered_groups[0])
    holder.command(context_settings=HELP_OPTIONS)(target)
    return build.command(holder.registered_commands[0])


def _system_command(entry: SystemEntry) -> Any:
    """The system's command group (its module imported now)."""
    holder = typer.Typer(add_completion=False)
    holder.add_typer(entry.module.app, name=entry.command, help=f"{entry.title}: {entry.blurb}")
    return Build.of(holder, join=True).group(holder.registered_groups[0])


def _first_paragraph(text: str) -> str:
    r"""The first paragraph of a help text on one line (what a group's list shows of a command).

    >>> _first_paragraph("Show a card:\n  its cost.\n\nMore.")
    'Show a card: its cost.'
    """
    return " ".join(text.split("\n\n")[0].replace("\b", "").split())


def _join_help_lines(command: Any) -> None:
    """Each paragraph of a command's help as one line, for the help's own wrapping to fill, and without the
    docstrings' code marks (double backquotes).  A paragraph that starts with ``\\b`` keeps its lines, as
    click defines (click drops the marker when it prints).  Each command is joined once, when it is made
    (:meth:`Build.command`); a group's commands are joined as they are made.
    """
    if command.help:
        paragraphs = inspect.cleandoc(command.help).split("\n\n")
        command.help = "\n\n".join(p if p.startswith("\b")
                                    else " ".join(line.strip() for line in p.splitlines()).replace("``", "")
                                    for p in paragraphs)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"magecraft {__version__}")
        raise typer.Exit(0)


app = typer.Typer(
    name="magecraft",
    help="Rules engine and table-side assistant for fantasy-wizard tabletop games.",
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    cls=SystemsGroup,
    context_settings=HELP_OPTIONS,
    rich_markup_mode=PLAIN,
)


@app.callback()
def overview(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Rules engine and table-side assistant for fantasy-wizard tabletop games."""
    if ctx.invoked_subcommand is None:
        print_overview()


@cache
def command() -> Any:
    """The click command tree, made once per process; each command is made (and its module imported) when
    first used (:class:`LazyCommands`)."""
    root: Any = typer.main.get_command(app)
    root.commands = LazyCommands({shared.name: partial(_shared_command, shared) for shared in SHARED})
    return root
