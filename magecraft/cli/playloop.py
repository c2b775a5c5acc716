"""The play loop: one prompt, with help, undo, log, save and quit, for every system played at the terminal.

A rule system plugs in by subclassing :class:`TableGame` (its state, its legal actions as labelled and
grouped :class:`Choice` s, its board and private views); :class:`PlayLoop` does the rest:

- ``?``/``help`` lists what can be typed at this prompt, one line each;
- ``undo`` takes back the last action of the person at the keyboard (the state's ``to_dict()`` before it is
  restored exactly), refused with the reason once a die was rolled or hidden information revealed since,
  unless the table started the game with ``--allow-undo-after-rolls``;
- ``odds`` lists the chance of success of each action a roll decides, grouped as the menu is (the game's
  ``chance_of``: the front end works out no rule);
- ``log`` shows the last 20 events (with their rolls) the person may see; ``save`` saves now; ``quit``
  (or ``q``) saves when a save name is in use and stops, saying how to resume; end of input (Ctrl-D) ends
  like ``quit``, Ctrl-C too with exit status 130;
- a list of choices that would run past the screen is asked in steps: the kind or piece first, then the
  target (``0`` goes back);
- numbers are checked by length before ``int()`` (a 5,000-digit answer is an answer, not a crash);
- in hot-seat play (several people at one keyboard) the screen and its scrollback are cleared before the
  hand-over prompt, and each person sees the private events only once the screen is theirs.

Saving goes through a :class:`Saver` (``name`` and ``save(state) -> message``).  See docs/architecture.md,
"The play loop".
"""

from __future__ import annotations

import enum
import signal
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from rich.console import RenderableType
from rich.markup import escape

from magecraft.cli import options
from magecraft.core.errors import RuleError, SaveError
from magecraft.core.events import Event, EventLog, undo_stops_at
from magecraft.core.randomness import Randomness

if TYPE_CHECKING:
    from magecraft.core.odds import Chance

A = TypeVar("A")

#: Clears the screen, moves home and (where the terminal allows) wipes the scrollback: hidden information
#: shown to one player must not be a scroll away for the next.
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
#: Undo keeps this many snapshots (each is a whole ``to_dict()``).
UNDO_DEPTH = 30
#: How many events ``log`` shows.
LOG_LENGTH = 20


class Saver(Protocol):
    """Where the play loop saves: ``name`` is the save name in use (None: the game is not saved), and
    ``save`` writes ``state`` under it, returning a one-line message, or raises :class:`SaveError`
    (a ``SaveConflict`` -- another writer saved the same name since -- stops the game with exit status 1)."""

    name: str | None

    def save(self, state: dict[str, Any]) -> str: ...


class Ending(enum.Enum):
    """How :meth:`PlayLoop.run` ended, and the exit status the command returns for it."""

    FINISHED = "finished"
    QUIT = "quit"
    INTERRUPTED = "interrupted"
    HANGUP = "terminal closed"
    CONFLICT = "save conflict"
    VIEWED = "viewed"
    LEFT = "left to another session"

    @property
    def status(self) -> int:
        """The exit status: 0 for a game finished, quit, viewed or left to another session, 130 for Ctrl-C,
        129 for a closed terminal (SIGHUP) or SIGTERM, 1 when a save conflicted."""
        return {"interrupted": 130, "terminal closed": 129, "save conflict": 1}.get(self.value, 0)


@dataclass(frozen=True)
class Choice(Generic[A]):
    """One legal action as the menu offers it.

    ``path`` are the headings it is grouped under, outermost first (``("INTERFERE", "knight n2")``): a
    list too long for the screen is asked heading by heading.
    """

    label: str
    action: A
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class Menu(Generic[A]):
    """What the person at the keyboard chooses from now.

    ``typed`` turns a free answer (a card name, ``3, 7``) into an action, or returns None when it does not
    understand it; ``typed_help`` says in one line what may be typed.
    """

    title: str
    choices: Sequence[Choice[A]]
    prompt: str = "Your choice"
    typed: Callable[[str], A | None] | None = None
    typed_help: str = ""
    #: group the list by its headings once it is longer than this, even when the screen would hold it (a
    #: list of 27 combined choices reads better action first, then target: issue 25 item 11)
    fit: int | None = None


@dataclass(frozen=True)
class Command:
    """An extra word a system understands at every prompt (``card NAME`` in Mage Wars)."""

    usage: str
    help: str
    run: Callable[[str], None]


class TableGame(ABC, Generic[A]):
    """What a rule system gives the play loop: its state, who sits at the keyboard, the choices in words,
    the board and what each player may see.  Rules stay in the system's package; this is the view."""

    #: How to resume a saved game, with ``{name}`` for the save name.
    resume_command: str = ""
    #: A game started without a save name keeps itself as ``STEM-1``, ``STEM-2``... (issue 25 item 1).
    save_stem: str = "game"

    @abstractmethod
    def people(self) -> Collection[str]:
        """The players typing at this keyboard (the others are played by :meth:`bot_action`)."""

    @abstractmethod
    def current_player(self) -> str | None: ...

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def log(self) -> EventLog:
        """The state's event log (every roll and change)."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as saved (``to_dict()`` plus whatever the command keeps beside it)."""

    @abstractmethod
    def restore(self, snapshot: dict[str, Any]) -> None:
        """Put the state back exactly as :meth:`snapshot` took it."""

    @abstractmethod
    def menu(self, player: str) -> Menu[A]:
        """The legal actions of ``player`` now, labelled and grouped."""

    @abstractmethod
    def apply(self, action: A) -> None:
        """Check and carry out ``action`` (a ``RuleError`` leaves the state unchanged and is asked again)."""

    def randomness(self) -> Randomness | None:
        """The game's dice, so that typed dice (``--physical-dice``) are asked at the loop's prompt."""
        return None

    def begin(self, loop: PlayLoop[A]) -> None:
        """Called once as the loop starts (a game that asks questions in the middle of an action keeps it)."""

    def bot_action(self, player: str) -> A:
        """The action of a player not at the keyboard."""
        raise NotImplementedError(f"{player} has no bot")

    def complete(self, loop: PlayLoop[A], player: str, action: A) -> A:
        """Ask the follow-up questions an action needs (whom to show a SNOOP); the action as completed."""
        return action

    def render(self, viewer: str | None) -> Sequence[RenderableType]:
        """The board and the status panels as ``viewer`` may see them (None: everyone)."""
        return ()

    def event_line(self, event: Event) -> str | None:
        """An event in words (rich markup), or None for one not worth showing."""
        return escape(event.label)

    def visible(self, event: Event, viewer: str | None) -> bool:
        """Whether ``viewer`` may see ``event`` (``private_to`` in its data names who may)."""
        return visible_by_default(event, viewer)

    def reveals(self, event: Event) -> str | None:
        """Why undo may not go back past ``event`` (a die rolled, a card drawn, a secret shown), or None."""
        return undo_stops_at(event)

    def commands(self) -> Mapping[str, Command]:
        """Extra words understood at every prompt, by their first word."""
        return {}

    def chance(self, action: A) -> Chance | None:
        """The exact chance a roll lets ``action`` (on the menu now) succeed, or None where no roll decides it
        (a registered game answers with its state's ``chance_of``)."""
        return None

    def ending(self) -> str:
        """The end of the game in words: who won and why."""
        return "The game is over."


def visible_by_default(event: Event, viewer: str | None) -> bool:
    """Whether ``viewer`` may see ``event`` in any game: ``private_to`` in its data names who may."""
    private = event.data.get("private_to")
    return private is None or (viewer is not None and viewer in private)


class _HangUp(BaseException):
    """Raised by the SIGHUP/SIGTERM handler: the terminal closed (or the process is asked to end)."""


def _hang_up(signum: int, frame: object) -> None:
    raise _HangUp


class _Undo(Exception):
    """Raised by a prompt when the person asks to undo (and may)."""


class _Stop(Exception):
    """Raised by a prompt when the game stops (quit, end of input, Ctrl-C)."""

    def __init__(self, ending: Ending, how: str) -> None:
        super().__init__(how)
        self.ending = ending
        self.how = how


@dataclass
class _Snapshot:
    state: dict[str, Any]
    events: int
    player: str


@dataclass
class PlayLoop(Generic[A]):
    """Runs a :class:`TableGame` at the terminal until it ends or the people stop.

    ``shown_from`` is where the story starts (0 for a new game; a resumed game may start at the last
    decision).  ``hot_seat`` (default: more than one person) clears the screen between people; a game with
    nothing hidden (the chariot race) may seat several people at one shared screen with ``hot_seat=False``,
    each event then shown once.
    """

    game: TableGame[A]
    saver: Saver
    allow_undo_after_rolls: bool = False
    shown_from: int = 0
    hot_seat: bool | None = None
    _undo: list[_Snapshot] = field(default_factory=list)
    _seen: dict[str | None, int] = field(default_factory=dict)
    _at_screen: str | None = None
    _player: str | None = None
    _private_shown: bool = False

    # -- the loop ----------------------------------------------------------------------------------
    def run(self) -> Ending:
        """Play until the game ends (``FINISHED``) or the people stop; returns how it ended."""
        people = set(self.game.people())
        if self.hot_seat is None:
            self.hot_seat = len(people) > 1
        if len(people) == 1:
            self._at_screen = next(iter(people))
        opened = self._open()
        if opened is not None:
            return opened
        previous = _catch_hangups()
        try:
            return self._play(people)
        finally:
            _restore_signals(previous)
            release = getattr(self.saver, "release", None)
            if release is not None:
                with suppress(SaveError):
                    release()

    def _open(self) -> Ending | None:
        """Before the first prompt: a new game keeps itself at once (its made-up name announced, issue 25
        item 1); a game another session is playing is viewed, taken over or left (item 2).  None: play."""
        out = options.console()
        name_new_game = getattr(self.saver, "name_new_game", None)
        if name_new_game is not None:
            name_new_game(self.game.save_stem)
        if self.saver.name is not None and not getattr(self.saver, "written", True):
            self.saver.save(self.game.snapshot())
            if getattr(self.saver, "generated", False):
                # no full stop after the command: it is copied and pasted
                resume = (f" Resume it with: magecraft {self.game.resume_command.format(name=self.saver.name)}"
                          if self.game.resume_command else "")
                out.print(escape(f"This game keeps itself as {self.saver.name!r} (saved after every move; "
                                 f"type 'save NAME' to give it a name of your own).{resume}"))
        claim = getattr(self.saver, "claim", None)
        if claim is None:
            return None
        holder = claim()
        while holder is not None:
            out.print(escape(f"{self.saver.name!r} is being played in another session ({holder.describe()})."))
            try:
                answer = options.ask_at_terminal(
                    "Type v to view it read-only, t to take it over (the other session stops at its next "
                    "move, its game kept under another name), or q to leave it").strip().lower()
            except (EOFError, KeyboardInterrupt):
                answer = "q"
            if answer in ("v", "view"):
                for shown in self.game.render(None):
                    out.print(shown)
                out.print("Read-only view: nothing was changed or saved.")
                return Ending.VIEWED
            if answer in ("t", "take", "take over"):
                holder = claim(take_over=True)
                out.print(escape(f"You took over {self.saver.name!r}; the other session is told at its "
                                 "next move."))
            elif answer in ("q", "quit"):
                out.print(escape(f"Left {self.saver.name!r} to the other session; nothing was changed."))
                return Ending.LEFT
            else:
                out.print(f"[red]{escape(repr(answer))} is not v, t or q[/red]")
        return None

    def _play(self, people: set[str]) -> Ending:
        self.game.begin(self)
        try:
            while not self.game.is_terminal():
                player = self.game.current_player()
                assert player is not None
                typed_dice = self._route_dice()
                if player not in people:
                    try:
                        self._bot_turn(player, typed_dice)
                    except _Undo:
                        self._undo_to(self._undo.pop())
                    continue
                self._take_turn(player)
        except _Stop as stop:
            return self._stop(stop)
        except (KeyboardInterrupt, _HangUp) as exc:
            # Ctrl-C (or a closed terminal) while a move was being carried out, not at a prompt: the state may be
            # half-changed, so nothing more is saved; the autosave after the person's last action stands.
            kept = f"saved as {self.saver.name!r} after your last action" if self.saver.name else "not saved"
            how = "interrupted" if isinstance(exc, KeyboardInterrupt) else "terminal closed"
            with suppress(OSError):
                options.console().print(f"\nStopped ({how}) in the middle of a move; the game is {kept}.")
            return Ending.INTERRUPTED if isinstance(exc, KeyboardInterrupt) else Ending.HANGUP
        self.show_new(None if self.hot_seat else self._at_screen)
        for shown in self.game.render(None if self.hot_seat else self._at_screen):
            options.console().print(shown)
        options.console().print(f"[bold]{escape(self.game.ending())}[/bold]")
        return self._autosave(Ending.FINISHED)

    def _take_turn(self, player: str) -> None:
        self._player = player
        if self._at_screen != player:
            self._hand_over(player)
        out = options.console()
        self.show_new(player)
        for shown in self.game.render(player):
            out.print(shown)
        before = _Snapshot(self.game.snapshot(), len(self.game.log()), player)
        try:
            action = self.choose(self.game.menu(player))
            action = self.game.complete(self, player, action)
        except _Undo:
            self._undo_to(self._undo.pop())
            return
        self._undo.append(before)
        del self._undo[:-UNDO_DEPTH]
        try:
            self.game.apply(action)
        except RuleError as exc:
            self._undo.pop()
            # said as a refusal, with the rule (issue 25 item 10: "the Amazon has 2 phase(s) today; 3
            # activities recorded" did not read as one)
            out.print(f"[red]Refused: {escape(str(exc))}[/red]")
            return
        except _Undo:
            # asked in the middle of the action (a question it raised): back to before it
            self._undo_to(self._undo.pop())
            return
        except _Stop:
            # stopped in the middle of the action: what is saved is the state before it
            self.game.restore(self._undo.pop().state)
            raise
        self.show_new(player)
        if self._autosave(None) is Ending.CONFLICT:
            raise _Stop(Ending.CONFLICT, "")

    def _bot_turn(self, player: str, typed_dice: bool) -> None:
        """A player not at the keyboard moves; with typed dice the people may stop or undo at a die's prompt,
        so the state before the move is kept to go back to."""
        before = self.game.snapshot() if typed_dice else None
        try:
            self.game.apply(self.game.bot_action(player))
        except (_Stop, _Undo):
            if before is not None:
                self.game.restore(before)
            raise

    def _route_dice(self) -> bool:
        """Typed dice ask at the loop's prompt (help, undo, log, save and quit work there too); True if so."""
        rng = self.game.randomness()
        source = getattr(rng, "source", None)
        if source is None or source.kind != "physical":
            return False
        source.ask = self._dice_prompt
        return True

    def _dice_prompt(self, prompt: str) -> str:
        return self.ask(prompt.rstrip(":"), lines=("the number the die shows",))

    def _undo_to(self, snapshot: _Snapshot) -> None:
        self.game.restore(snapshot.state)
        for viewer, seen in self._seen.items():
            self._seen[viewer] = min(seen, snapshot.events)
        options.console().print("Undone: back to before your last action.")

    def _hand_over(self, player: str) -> None:
        """Hot seat: clear the screen (and its scrollback) before the next person is named; one who was just
        shown a private result first says when they have read it."""
        if self.hot_seat:
            if self._private_shown and self._at_screen is not None:
                self.ask(f"{self._at_screen}, press Enter to hide your screen")
            self._private_shown = False
            out = options.console()
            out.file.write(CLEAR_SCREEN)
            out.file.flush()
            self.ask(f"Pass the screen to {player}, then press Enter")
        self._at_screen = player

    # -- prompts -----------------------------------------------------------------------------------
    def ask(self, prompt: str, *, menu: Menu[A] | None = None, lines: Sequence[str] = ()) -> str:
        """What the person typed, after the words every prompt understands (help, undo, log, save, quit,
        and the system's own) have been answered here.  ``lines`` add to the help at this prompt."""
        out = options.console()
        commands = self.game.commands()
        while True:
            try:
                answer = options.ask_at_terminal(prompt).strip()
            except EOFError:
                raise _Stop(Ending.QUIT, "end of input") from None
            except KeyboardInterrupt:
                raise _Stop(Ending.INTERRUPTED, "interrupted") from None
            except _HangUp:
                raise _Stop(Ending.HANGUP, "terminal closed") from None
            word = answer.lower()
            first = word.split(" ", 1)[0]
            if word in ("?", "help"):
                self._help(lines, commands, odds=menu is not None)
            elif word == "odds" and menu is not None:
                self._show_odds(menu)
            elif word == "undo":
                refusal = self.undo_refusal()
                if refusal is None:
                    raise _Undo
                out.print(f"[red]{escape(refusal)}[/red]")
            elif word == "log":
                self._show_log()
            elif word == "save":
                self.save_now()
            elif first == "save":
                self.save_as(answer[len(first):].strip())
            elif word in ("quit", "q"):
                raise _Stop(Ending.QUIT, "quit")
            elif first in commands:
                commands[first].run(answer[len(first):].strip())
            else:
                return answer

    def yes_no(self, prompt: str) -> bool:
        """A yes or no question, asked until the answer is clear."""
        while True:
            answer = self.ask(f"{prompt} (y/n)", lines=("y or yes, n or no",)).lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            options.console().print(f"[red]'{escape(answer)}' is not an answer: type y or n[/red]")

    def choose(self, menu: Menu[A]) -> A:
        """One of ``menu``'s actions, by number (grouped when the list would run past the screen) or typed."""
        out = options.console()
        trail: list[tuple[str, ...]] = [()]  # the headings chosen so far; 0 goes back one
        listed = True
        while True:
            fit = _menu_lines() if menu.fit is None else min(menu.fit, _menu_lines())
            path, entries = _entries(menu.choices, trail[-1], fit)
            nested = len(trail) > 1
            if listed:
                out.print(f"[bold]{escape(' > '.join(path))}[/bold]" if nested else menu.title)
                for line, (label, _) in enumerate(entries, start=1):
                    out.print(f"  {line:>3}. {escape(label)}")
            low = 0 if nested else 1
            span = f"{low}-{len(entries)}" if entries else ""
            prompt = " ".join(filter(None, (menu.prompt, span + (", 0 to go back" if nested else ""),
                                            "(? for help)")))
            help_lines = [f"a number {span}: the choice listed under it"] if entries else []
            if nested:
                help_lines.append("0: back to the list before")
            if menu.typed_help:
                help_lines.append(menu.typed_help)
            answer = self.ask(prompt, menu=menu, lines=help_lines)
            number = _number(answer, len(entries))
            listed = True
            if number == 0 and nested:
                trail.pop()
                continue
            if number is not None and number >= 1:
                _, entry = entries[number - 1]
                if isinstance(entry, Choice):
                    return entry.action
                chosen = (*path, entry)
                under = [c for c in menu.choices if c.path[:len(chosen)] == chosen]
                if len(under) == 1:
                    return under[0].action
                trail.append(chosen)
                continue
            if menu.typed is not None:
                typed = menu.typed(answer)
                if typed is not None:
                    return typed
            listed = False
            what = f"one of {low}-{len(entries)}" if entries else "understood here"
            out.print(f"[red]{escape(repr(answer))} is not {what}[/red]")

    def _help(self, lines: Sequence[str], commands: Mapping[str, Command], *, odds: bool = False) -> None:
        out = options.console()
        out.print("You may type:")
        for line in lines:
            out.print(f"  {escape(line)}")
        if odds:
            out.print("  [bold]odds[/bold]: the chance of success of each action a roll decides")
        undo = "" if self.allow_undo_after_rolls else " (not once a die was rolled or a secret shown since)"
        for usage, text in (*((c.usage, c.help) for c in commands.values()),
                            ("undo", f"take back your last action{undo}"),
                            ("log", f"the last {LOG_LENGTH} events, with their rolls"),
                            ("save", "save now" + (f" as {self.saver.name!r}" if self.saver.name else
                                                   " (start the game with --save NAME to keep it)")),
                            *((("save NAME", "save now under NAME (the game's save is renamed)"),)
                              if hasattr(self.saver, "rename") else ()),
                            ("quit", "save and stop" if self.saver.name else "stop"),
                            ("? or help", "this list")):
            out.print(f"  [bold]{escape(usage)}[/bold]: {escape(text)}")

    def _show_odds(self, menu: Menu[A]) -> None:
        """Each action on ``menu`` a roll decides with its exact chance, under the menu's headings."""
        out = options.console()
        lines = odds_lines(menu, self.game.chance)
        if not lines:
            out.print("No action now depends on a roll.")
            return
        out.print("[bold]The chance of success of each action a roll decides:[/bold]")
        for line in lines:
            out.print(escape(line))

    # -- undo, log, save ---------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why ``undo`` is refused now, or None when it may go back to before the last action."""
        if not self._undo:
            return "nothing to undo: no action of yours yet in this session"
        if self._undo[-1].player != self._player:
            return f"cannot undo: the last action was {self._undo[-1].player}'s, not yours"
        if self.allow_undo_after_rolls:
            return None
        log = self.game.log()
        for index in range(self._undo[-1].events, len(log)):
            event = log[index]
            reason = self.game.reveals(event)
            if reason is not None and not self.game.visible(event, self._player):
                reason = "hidden information was revealed to another player"  # the reason must not leak it
            if reason is not None:
                return (f"cannot undo: {reason} since your last action "
                        "(the table may allow it with --allow-undo-after-rolls)")
        return None

    def _show_log(self) -> None:
        out = options.console()
        viewer = self._player
        seen = [e for e in self.game.log() if self.game.visible(e, viewer)]
        lines = [(e, line) for e in seen if (line := self.game.event_line(e)) is not None]
        out.print(f"The last {min(LOG_LENGTH, len(lines))} events:")
        for event, line in lines[-LOG_LENGTH:]:
            out.print(f"  {event.seq:>4} {line}")

    def show_new(self, viewer: str | None) -> None:
        """Print the events since ``viewer`` last looked that ``viewer`` may see (a game asking a question in
        the middle of an action calls this first, so the question follows what led to it)."""
        log = self.game.log()
        # people sharing one screen (not hot seat) share one place in the story: each line is shown once
        cursor = viewer if self.hot_seat else None
        start = self._seen.get(cursor, self.shown_from)
        out = options.console()
        for index in range(start, len(log)):
            event = log[index]
            if self.game.visible(event, viewer):
                line = self.game.event_line(event)
                if line is not None:
                    out.print(line)
                    self._private_shown |= event.data.get("private_to") is not None
        self._seen[cursor] = len(log)

    def save_now(self) -> bool:
        """Save under the save name in use (told when there is none); False when the save failed."""
        out = options.console()
        if self.saver.name is None:
            out.print("Nothing saved: this game has no save name (start it with --save NAME).")
            return True
        try:
            out.print(escape(self.saver.save(self.game.snapshot())))
        except SaveError as exc:
            out.print(f"[red]{escape(str(exc))}[/red]")
            if _is_conflict(exc):
                raise _Stop(Ending.CONFLICT, str(exc)) from None
            return False
        return True

    def save_as(self, new: str) -> None:
        """``save NAME``: the game's save is renamed NAME (a taken or bad name is refused, nothing changes),
        then saved now."""
        rename = getattr(self.saver, "rename", None)
        out = options.console()
        if rename is None:
            out.print("[red]This game cannot be renamed here.[/red]")
            return
        try:
            out.print(escape(rename(new)))
        except SaveError as exc:
            out.print(f"[red]Not renamed: {escape(str(exc))}[/red]")
            return
        self.save_now()

    def _autosave(self, ending: Ending | None) -> Ending:
        """Save quietly after each action when a save name is in use; a conflict stops the game."""
        if self.saver.name is not None:
            try:
                self.saver.save(self.game.snapshot())
            except SaveError as exc:
                options.console().print(f"[red]{escape(str(exc))}[/red]")
                if _is_conflict(exc):
                    return Ending.CONFLICT
        return ending or Ending.FINISHED

    def _stop(self, stop: _Stop) -> Ending:
        out = options.console()
        if stop.ending is Ending.CONFLICT:
            out.print("Stopped: the game was not saved over the other save.")
            return stop.ending
        if stop.ending is Ending.HANGUP:
            return self._hung_up()
        prefix = "\n" if stop.how in ("interrupted", "end of input") else ""
        name = self.saver.name
        if name is None:
            out.print(f"{prefix}Stopped ({stop.how}); the game was not saved (start it with --save NAME "
                      "to keep it).")
            return stop.ending
        try:
            self.saver.save(self.game.snapshot())
        except SaveError as exc:
            out.print(f"{prefix}[red]Stopped ({stop.how}) but not saved: {escape(str(exc))}[/red]")
            return Ending.CONFLICT
        resume = (f" Resume with: magecraft {self.game.resume_command.format(name=name)}"
                  if self.game.resume_command else "")
        out.print(f"{prefix}Stopped ({stop.how}); saved as {escape(repr(name))}.{escape(resume)}")
        return stop.ending


    def _hung_up(self) -> Ending:
        """The terminal closed at a prompt: save (nobody is there to read a message, so none is needed)."""
        if self.saver.name is not None:
            with suppress(SaveError):
                self.saver.save(self.game.snapshot())
        with suppress(OSError):
            options.console().print(f"\nStopped (terminal closed); saved as {self.saver.name!r}.")
        return Ending.HANGUP


def _catch_hangups() -> dict[int, Any]:
    """SIGHUP (the terminal closed) and SIGTERM stop the game like ``quit`` instead of killing it; the handlers
    they replace, to put back (signals can only be caught in the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    previous: dict[int, Any] = {}
    for name in ("SIGHUP", "SIGTERM"):
        number = getattr(signal, name, None)
        if number is not None:
            previous[number] = signal.signal(number, _hang_up)
    return previous


def _restore_signals(previous: dict[int, Any]) -> None:
    for number, handler in previous.items():
        signal.signal(number, handler)


def _is_conflict(exc: SaveError) -> bool:
    from magecraft.core.saves import SaveConflict  # the store (sqlite3) only once a save failed

    return isinstance(exc, SaveConflict)


def odds_lines(menu: Menu[A], chance: Callable[[A], Chance | None]) -> list[str]:
    """The lines of ``odds``: each choice a roll decides as ``label: 42% (roll; section)``, indented under its
    headings (kind first, then target) in the menu's order; empty when no roll decides any."""
    lines: list[str] = []
    shown: tuple[str, ...] = ()
    for choice in menu.choices:
        found = chance(choice.action)
        if found is None:
            continue
        path = choice.path
        common = next((i for i, (a, b) in enumerate(zip(shown, path, strict=False)) if a != b),
                      min(len(shown), len(path)))
        lines.extend("  " * (depth + 1) + heading for depth, heading in enumerate(path) if depth >= common)
        shown = path
        lines.append("  " * (len(path) + 1) + f"{choice.label}: {found.text()}")
    return lines


def _menu_lines() -> int:
    """How many choices fit on the screen under the board."""
    return max(8, options.console().size.height - 10)


def _number(answer: str, high: int) -> int | None:
    """``answer`` as a number from 0 to ``high``, or None; checked by length before ``int()``."""
    value = options.whole_number(answer) if answer.isdecimal() else None
    return value if value is not None and value <= high else None


def _entries(choices: Sequence[Choice[A]], path: tuple[str, ...], fit: int
             ) -> tuple[tuple[str, ...], list[tuple[str, Choice[A] | str]]]:
    """The lines of the menu under ``path``: the choices themselves when they fit on the screen (or cannot
    be grouped further), else their next headings with how many choices each holds.  Returns the path
    shown (deeper than ``path`` when a level has a single heading) and its lines."""
    under = [c for c in choices if c.path[:len(path)] == path]
    depth = len(path)
    if len(under) <= fit or all(len(c.path) <= depth for c in under):
        return path, [(c.label, c) for c in under]
    entries: list[tuple[str, Choice[A] | str]] = []
    counts: dict[str, int] = {}
    for choice in under:
        if len(choice.path) > depth:
            heading = choice.path[depth]
            if heading not in counts:
                entries.append((heading, heading))
            counts[heading] = counts.get(heading, 0) + 1
        else:
            entries.append((choice.label, choice))
    if len(entries) == 1 and isinstance(entries[0][1], str):
        # a single heading is no choice: look one level deeper
        return _entries(choices, (*path, entries[0][1]), fit)
    # a heading over a single choice is that choice, in its own words
    single = {c.path[depth]: c for c in under if len(c.path) > depth and counts[c.path[depth]] == 1}
    return path, [(f"{label} ({counts[label]} choices)", entry) if isinstance(entry, str) and counts[label] > 1
                  else (single[label].label, single[label]) if isinstance(entry, str)
                  else (label, entry) for label, entry in entries]
