"""One play-loop adapter for every registered game: :class:`GameTable` over a game state and its :class:`GameView`.

Every game type of the registry (``magecraft.games``) has the one shape of ``magecraft.core.state``: who
decides (``current_player``), the legal actions, ``action_text``, ``apply``, ``to_dict``/``from_dict`` and
its event log.  :class:`GameTable` is the play loop's :class:`~magecraft.cli.playloop.TableGame` built from
that shape alone: the menu lists the legal actions in their own words, grouped kind first, then target
(the first word of the words, unless the view says otherwise), bots choose for the seats nobody plays at
the keyboard, and a snapshot is the state's ``to_dict()``.

What is a game's own -- its board and private view, how its events read, the follow-up question an action
asks, what is saved beside the state -- is a small :class:`GameView`: each hook has a default, so a view
overrides only what its game adds.  :func:`play_at_table` is the one sequence of a playable command:
new game, ``--load`` or ``--scenario``, the save session, the loop and the exit status.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rich.markup import escape

from magecraft.cli import options
from magecraft.cli.playloop import (
    Choice,
    Command,
    Ending,
    Menu,
    PlayLoop,
    TableGame,
    visible_by_default,
)
from magecraft.core.errors import RuleError
from magecraft.core.events import undo_stops_at

if TYPE_CHECKING:
    from rich.console import RenderableType

    from magecraft.cli.sessions import SaveSession
    from magecraft.core.bots import Bot
    from magecraft.core.events import Event, EventLog
    from magecraft.core.odds import Chance
    from magecraft.core.randomness import Randomness

A = TypeVar("A")


class GameView(Generic[A]):
    """What one game shows and asks at the terminal beyond the registered shape; every hook has a default.

    The hooks take the :class:`GameTable` (``table.state`` is the game state, ``table.bots`` the bots).
    """

    #: How to resume a saved game, with ``{name}`` for the save name.
    resume_command: str = ""
    #: A game started without a save name keeps itself as ``STEM-1``, ``STEM-2``...
    save_stem: str = "game"
    #: The menu's prompt, and whether an action may be typed in its own words (``parse_action``).
    prompt: str = "Your choice"
    typed_help: str = ""
    #: Group a menu longer than this by its headings even when the screen would hold it.
    fit: int | None = None

    # -- the menu ----------------------------------------------------------------------------------
    def title(self, table: GameTable[A], player: str) -> str:
        return f"{player}, choose:"

    def label(self, table: GameTable[A], player: str, action: A) -> str:
        """An action in words (the state's ``action_text``; a view may add what ``player`` knows)."""
        text: str = table.state.action_text(action)
        return text

    def heading(self, table: GameTable[A], action: A, label: str) -> tuple[str, ...]:
        """The headings an action is listed under: its kind (the first word of its words), then target."""
        return (label.partition(" ")[0],)

    def choices(self, table: GameTable[A], player: str) -> list[Choice[A]]:
        """Every legal action, labelled and grouped."""
        return [Choice(label, action, self.heading(table, action, label))
                for action in table.state.legal_actions() for label in (self.label(table, player, action),)]

    def typed(self, table: GameTable[A], answer: str) -> A | None:
        """An action typed in its own words (only when :attr:`typed_help` says it may be), or None."""
        if not self.typed_help:
            return None
        try:
            action: A = table.state.parse_action(answer)
        except RuleError:
            return None
        return action

    def menu(self, table: GameTable[A], player: str) -> Menu[A]:
        return Menu(self.title(table, player), self.choices(table, player), prompt=self.prompt,
                    typed=(lambda answer: self.typed(table, answer)) if self.typed_help else None,
                    typed_help=self.typed_help, fit=self.fit)

    # -- turns ---------------------------------------------------------------------------------------
    def seat(self, table: GameTable[A], seat: str | None) -> str | None:
        """The person (or bot) the loop asks for ``seat``'s decision (a party member's name, the table)."""
        return seat

    def is_terminal(self, table: GameTable[A]) -> bool:
        """Whether the loop stops: the game is over (a view may stop sooner, as the campaign at a year's end)."""
        return bool(table.state.is_terminal())

    def bot_action(self, table: GameTable[A], player: str) -> A:
        action: A = table.bots[player].choose(table.state, player)
        return action

    def complete(self, table: GameTable[A], loop: PlayLoop[A], player: str, action: A) -> A:
        """The follow-up questions an action needs (whom to show a SNOOP); the action as completed."""
        return action

    def apply(self, table: GameTable[A], action: A) -> None:
        table.state.apply(action)

    def begin(self, table: GameTable[A], loop: PlayLoop[A]) -> None:
        """Called once as the loop starts (a game asking questions in the middle of an action keeps it)."""

    # -- what is shown -------------------------------------------------------------------------------
    def render(self, table: GameTable[A], viewer: str | None) -> Sequence[RenderableType]:
        return ()

    def event_line(self, table: GameTable[A], event: Event) -> str | None:
        return escape(event.label)

    def reveals(self, table: GameTable[A], event: Event) -> str | None:
        return undo_stops_at(event)

    def visible(self, table: GameTable[A], event: Event, viewer: str | None) -> bool:
        return visible_by_default(event, viewer)

    def commands(self, table: GameTable[A]) -> Mapping[str, Command]:
        return {}

    def ending(self, table: GameTable[A]) -> str:
        return "The game is over."

    # -- saving ----------------------------------------------------------------------------------------
    def extras(self, table: GameTable[A]) -> dict[str, Any]:
        """What the command keeps beside the state in its save (who plays each seat, the spell numbers)."""
        return {}

    def restore(self, table: GameTable[A], snapshot: dict[str, Any]) -> Any:
        """The state back from a snapshot (typed dice asked at the terminal: the loop routes them)."""
        return type(table.state).from_dict(snapshot, ask=options.ask_die_once)


class GameTable(TableGame[A]):
    """The play loop's game for any registered game state: the seven questions answered from its shape."""

    def __init__(self, state: Any, view: GameView[A], *, people: Collection[str],
                 bots: Mapping[str, Bot] | None = None) -> None:
        self.state = state
        self.view = view
        self._people = list(people)
        self.bots = dict(bots or {})
        self.resume_command = view.resume_command
        self.save_stem = view.save_stem

    def people(self) -> list[str]:
        return list(self._people)

    def current_player(self) -> str | None:
        return self.view.seat(self, self.state.current_player())

    def is_terminal(self) -> bool:
        return self.view.is_terminal(self)

    def log(self) -> EventLog:
        log: EventLog = self.state.log
        return log

    def randomness(self) -> Randomness:
        rng: Randomness = self.state.rng
        return rng

    def snapshot(self) -> dict[str, Any]:
        return {**self.state.to_dict(), **self.view.extras(self)}

    def restore(self, snapshot: dict[str, Any]) -> None:
        self.state = self.view.restore(self, snapshot)

    def menu(self, player: str) -> Menu[A]:
        return self.view.menu(self, player)

    def apply(self, action: A) -> None:
        self.view.apply(self, action)

    def bot_action(self, player: str) -> A:
        return self.view.bot_action(self, player)

    def begin(self, loop: PlayLoop[A]) -> None:
        self.view.begin(self, loop)

    def complete(self, loop: PlayLoop[A], player: str, action: A) -> A:
        return self.view.complete(self, loop, player, action)

    def render(self, viewer: str | None) -> Sequence[RenderableType]:
        return self.view.render(self, viewer)

    def event_line(self, event: Event) -> str | None:
        return self.view.event_line(self, event)

    def reveals(self, event: Event) -> str | None:
        return self.view.reveals(self, event)

    def visible(self, event: Event, viewer: str | None) -> bool:
        return self.view.visible(self, event, viewer)

    def commands(self) -> Mapping[str, Command]:
        return self.view.commands(self)

    def chance(self, action: A) -> Chance | None:
        """The state's ``chance_of`` for one of its legal actions (a menu may offer the view's own too)."""
        if action not in self.state.legal_actions():
            return None
        chance: Chance | None = self.state.chance_of(action)
        return chance

    def ending(self) -> str:
        return self.view.ending(self)


def play_at_table(session: SaveSession, table: TableGame[A], *, allow_undo: bool = False, shown_from: int = 0,
                  hot_seat: bool | None = None, finished: Callable[[], None] | None = None) -> Ending:
    """The loop of a playable command: ``table`` played and saved through ``session`` until it ends or the
    people stop; ``finished`` runs when the game came to its end; any other ending than finishing, quitting
    or leaving stops the command with the loop's exit status (130 for Ctrl-C, 129 for a closed terminal, 1 for
    a save conflict)."""
    import typer

    ending = PlayLoop(table, session, allow_undo_after_rolls=allow_undo, shown_from=shown_from,
                      hot_seat=hot_seat).run()
    if ending is Ending.FINISHED and finished is not None:
        finished()
    if ending.status:
        raise typer.Exit(ending.status)
    return ending


def refuse_scenario_with_load(scenario: Path | None, load: str | None, what: str = "game") -> None:
    """``--scenario`` starts a new game and ``--load`` resumes a saved one: both at once is refused."""
    if scenario is not None and load:
        import typer

        raise typer.BadParameter(f"a scenario starts a new {what}; --load resumes a saved one",
                                 param_hint="--load")
