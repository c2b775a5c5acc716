"""The chariot race at the terminal (seed 004, "Optional Rules: Chariot Racing"): :class:`RaceTable` and its
:class:`RaceView` for the shared play loop (the betting, then the race), a saved race read back, and the
circus drawn (the track, the chariots, the odds).  ``wizard-prince race`` imports it when it runs, so the
group's and the command's help load neither the play loop nor the rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from magecraft.cli.game_table import GameTable, GameView
from magecraft.cli.options import (
    ask_die_once,
    console,
    print_json,
)
from magecraft.cli.playloop import Choice, Menu, PlayLoop

if TYPE_CHECKING:
    from rich.console import RenderableType

    from magecraft.cli.sessions import SaveSession
    from magecraft.core.events import Event
    from magecraft.wizard_prince.race.actions import Action
    from magecraft.wizard_prince.race.race import Race

from magecraft.cli.options import HUMAN

#: Who may drive a chariot: a bot's driving style, or a person.
DRIVERS = ("cautious", "aggressive", HUMAN)

#: A colour per chariot, in entry order, for the letters on the track and the table under it.
COLOURS = ("bright_white on blue", "black on bright_yellow", "bright_white on red", "black on bright_green",
           "bright_white on magenta", "black on bright_cyan", "bright_white on dark_green", "black on white")


LANE_COLOURS = ("on #c8a165", "on #8b5a2b")          # light and dark brown, alternating lanes


TURNAROUND_COLOURS = ("on #c98a6b", "on #8b3a2b")    # the same, reddened between the red lines


def saved_race(state: Race, controllers: dict[str, str], done: Sequence[str] = ()) -> dict[str, Any]:
    """A race as saved: its state, who drives each chariot and who has placed all his bets."""
    return {**state.to_dict(), "controllers": dict(controllers), "bets_done": list(done)}


def save_race(session: SaveSession, table: RaceTable) -> None:
    """Save a race the bots ran through the session (at the terminal the play loop saves the same
    :meth:`RaceTable.snapshot` through the same session)."""
    if session.name:
        session.save(table.snapshot())


def load_race(saved: dict[str, Any], name: str) -> tuple[Race, dict[str, str]]:
    """A race read from its save and its drivers; a damaged one is refused in one line."""
    from magecraft.core.errors import DataError
    from magecraft.wizard_prince.race.race import Race

    controllers = saved.get("controllers")
    if not isinstance(controllers, dict) or not all(v in DRIVERS for v in controllers.values()):
        raise DataError(f"saved race {name!r} is malformed: it does not say who drives each chariot")
    # typed dice ask at the terminal (the play loop routes them to its prompt)
    state = Race.from_dict(saved, ask=ask_die_once)
    if set(controllers) != set(state.chariots):
        raise DataError(f"saved race {name!r} is malformed: its drivers do not match its chariots")
    return state, {str(k): str(v) for k, v in controllers.items()}


def bets_done(saved: dict[str, Any], state: Race) -> list[str]:
    """Who had placed all his bets when the race was saved (none in a save from before the play loop)."""
    from magecraft.core.errors import DataError

    done = saved.get("bets_done", [])
    if not isinstance(done, list) or not all(isinstance(n, str) and n in state.book.wealth for n in done):
        raise DataError("saved race is malformed: 'bets_done' does not name its bettors")
    return list(done)


def betting(state: Race) -> bool:
    """The bets are still open (the games master has not started the race)."""
    from magecraft.wizard_prince.race.actions import Phase

    return state.phase is Phase.BETTING


def run_bots(table: RaceTable) -> None:
    while not table.is_terminal():
        table.apply(table.bot_action(table.state.current_player() or ""))


@dataclass(frozen=True, slots=True)
class NoMoreBets:
    """A person at the table has placed all his bets: the table asks the next bettor, then starts the race.

    Not a rule of the race (bets are open until the start, "Low Stakes Gambling"): only the order in which
    the table asks, kept beside the race in its save so that undo and ``--load`` give it back."""

    bettor: str


#: How an action is headed in the menu, by its type's name.
HEADINGS = {"Go": "initiative", "Defer": "initiative", "ChangeLanes": "change lanes",
            "ScytheAttack": "scythe attack", "WhipHorses": "whip", "WhipOpponent": "whip", "EndTurn": "end turn",
            "WealthBet": "bet a Wealth level against the house", "NoMoreBets": "no more bets"}


class RaceView(GameView["Action | NoMoreBets"]):
    """The race's own at the terminal: the people bet (gold typed, a Wealth level offered), then drive, the
    risky manoeuvres marked; bots and NPC charioteers drive themselves and the games master starts the race
    when the betting is done; the odds, then the track; who drives and who is done betting saved beside it.

    Nothing in a chariot race is hidden, so everyone shares one screen (no hand-over between people)."""

    resume_command = "wizard-prince race --load {name}"
    save_stem = "race"
    prompt = "Action"

    def __init__(self, controllers: dict[str, str], bets_done: Sequence[str] = ()) -> None:
        self.controllers = dict(controllers)
        self.bets_done = list(bets_done)

    def bettors(self, state: Race) -> list[str]:
        """The people who bet at the terminal, in the book's order (player nobles whom no bot plays)."""
        return [name for name in state.book.wealth if self.controllers.get(name, HUMAN) == HUMAN]

    def seat(self, table: GameTable[Action | NoMoreBets], seat: str | None) -> str | None:
        if betting(table.state):
            waiting = [name for name in self.bettors(table.state) if name not in self.bets_done]
            if waiting:
                return waiting[0]
        return seat

    def extras(self, table: GameTable[Action | NoMoreBets]) -> dict[str, Any]:
        return {"controllers": dict(self.controllers), "bets_done": list(self.bets_done)}

    def restore(self, table: GameTable[Action | NoMoreBets], snapshot: dict[str, Any]) -> Race:
        state, self.controllers = load_race(snapshot, "the race")
        self.bets_done = bets_done(snapshot, state)
        return state

    def begin(self, table: GameTable[Action | NoMoreBets], loop: PlayLoop[Action | NoMoreBets]) -> None:
        console().print("No magic item, spell or spell-like ability is allowed in the race: the Emperor's wizards "
                        "are watching.")

    def bot_action(self, table: GameTable[Action | NoMoreBets], player: str) -> Action:
        from magecraft.wizard_prince.race.actions import StartRace
        from magecraft.wizard_prince.race.race import GAMES_MASTER

        return StartRace() if player == GAMES_MASTER else table.bots[player].choose(table.state, player)

    def menu(self, table: GameTable[Action | NoMoreBets], player: str) -> Menu[Action | NoMoreBets]:
        state: Race = table.state
        if betting(state):
            return self._bet_menu(state, player)
        turn = state.turn
        moves = "" if turn is None else f", {turn.moves_left} space{'' if turn.moves_left == 1 else 's'} to drive"
        choices: list[Choice[Action | NoMoreBets]] = []
        for action in state.legal_actions():
            kind = type(action).__name__
            risky = turn is not None and turn.actions >= 1 and kind not in ("Advance", "EndTurn")
            label = state.action_text(action) + (" (risky: a charioteering check)" if risky else "")
            # the drive stays on the first list (driving the whole move is one answer); the rest is grouped
            choices.append(Choice(label, action, () if kind == "Advance" else (HEADINGS.get(kind, kind),)))
        return Menu(f"[bold]{escape(player)}[/bold], round {state.round}{moves}: choose", choices, prompt="Action")

    def _bet_menu(self, state: Race, bettor: str) -> Menu[Action | NoMoreBets]:
        """Gold bets are typed (their amount is open); a Wealth level against the house is offered on every
        charioteer the rules let ``bettor`` back ("Low Stakes Gambling", "High Stakes Gambling")."""
        from magecraft.core.errors import RuleError
        from magecraft.wizard_prince.race.actions import WealthBet

        choices: list[Choice[Action | NoMoreBets]] = [Choice("no more bets", NoMoreBets(bettor))]
        for name in state.chariots:
            bet = WealthBet(bettor, name)
            try:
                state.check(bet)
            except RuleError:
                continue
            choices.append(Choice(f"a Wealth level against the house on {name}", bet,
                                  (HEADINGS["WealthBet"],)))

        def typed(answer: str) -> Action | NoMoreBets | None:
            return read_bet(bettor, answer)

        return Menu(f"[bold]{escape(bettor)}[/bold], your bets before the start", choices,
                    prompt=f"{bettor}, a bet as CHARIOTEER:GOLD or CHARIOTEER:wealth, or", typed=typed,
                    typed_help="CHARIOTEER:GOLD: bet gold; CHARIOTEER:wealth: a Wealth level against the house; "
                               "1 or done: no more bets")

    def apply(self, table: GameTable[Action | NoMoreBets], action: Action | NoMoreBets) -> None:
        if isinstance(action, NoMoreBets):
            if action.bettor in self.bets_done or action.bettor not in self.bettors(table.state):
                from magecraft.core.errors import RuleError

                raise RuleError(f"{action.bettor} is not placing bets now")
            self.bets_done.append(action.bettor)
            return
        table.state.apply(action)  # checked first: a refused action changes nothing and is asked again

    def render(self, table: GameTable[Action | NoMoreBets], viewer: str | None) -> list[RenderableType]:
        return [odds_table(table.state)] if betting(table.state) else [track_view(table.state)]

    def event_line(self, table: GameTable[Action | NoMoreBets], event: Event) -> str | None:
        return event_line(event) or None

    def ending(self, table: GameTable[Action | NoMoreBets]) -> str:
        result = table.state.result()
        return f"{result['winner'] or 'No winner'}: {result['ended']} (round {result['rounds']})"


class RaceTable(GameTable["Action | NoMoreBets"]):
    """The race at the terminal, on the shared play loop (see :class:`RaceView`)."""

    state: Race
    view: RaceView

    def __init__(self, state: Race, controllers: dict[str, str], bets_done: Sequence[str] = ()) -> None:
        from magecraft.core.randomness import Randomness
        from magecraft.wizard_prince.race.game_type import RACE

        view = RaceView(controllers, bets_done)
        drivers = [name for name, kind in controllers.items() if kind == HUMAN]
        # the race's registered bots (the cautious and the aggressive driver roll no dice of their own)
        super().__init__(state, view, people=drivers + [n for n in view.bettors(state) if n not in drivers],
                         bots={name: RACE.bot(kind, Randomness.seeded(0))
                               for name, kind in controllers.items() if kind != HUMAN})


def read_bet(bettor: str, answer: str) -> Action | NoMoreBets | None:
    """A bet typed at the terminal (the race reads it: ``read_table_bet``), blank for no more bets, or None.

    >>> read_bet("Cy", "NPC 1:500")
    Bet(bettor='Cy', on='NPC 1', gold=500)
    >>> read_bet("Cy", "Ann:wealth")
    WealthBet(bettor='Cy', on='Ann', wealth=1)
    >>> read_bet("Cy", "done") == NoMoreBets("Cy"), read_bet("Cy", ""), read_bet("Cy", "Ann:lots")
    (True, None, None)

    An empty line is no answer (issue 25 item 9: it used to end the bettor's bets unasked).
    """
    from magecraft.wizard_prince.race.actions import read_table_bet

    if answer.strip().lower() in ("done", "no more bets", "none"):
        return NoMoreBets(bettor)
    return read_table_bet(bettor, answer)


def _odds(state: Race) -> list[tuple[str, str]]:
    from magecraft.wizard_prince.race.betting import odds_text

    return [(name, odds_text(state.book.odds(name))) for name in state.chariots]


def event_line(event: Event) -> str:
    """One event in words: every roll with its die, every save with its target, every change."""
    if event.kind == "roll":
        return f"  [dim]{event.label}: rolled {event.data['value']} on {event.data['dice']}[/dim]"
    if event.kind == "save":
        modifier = event.data.get("modifier", 0)
        target = event.data.get("target", event.data.get("dc"))
        return (f"  {event.label}: {event.data['roll']}{f' {modifier:+d}' if modifier else ''} against "
                f"{target} -> {'saved' if event.data['saved'] else 'failed'}")
    if event.kind == "table":
        return ""  # the state line that follows names the row
    if event.kind == "randomness":
        return ""
    return f"{event.label}"


def track_view(state: Race) -> RenderableType:
    """The circus as a grid a person can follow: lanes in alternating browns (reddened in the turnarounds),
    the wall, the spina with the direction of travel, the green start/finish line, each chariot as its
    letter and the lap it is on, and a table of the chariots under it."""
    from rich.console import Group
    from rich.text import Text

    track = state.track
    letters = {name: (chr(ord("A") + i), COLOURS[i % len(COLOURS)]) for i, name in enumerate(state.chariots)}
    at = {track.squares[c.lane][c.index]: c for c in state.chariots.values() if c.on_track}
    fallen = {tuple(f["square"]): state.chariots[f["name"]].driver_dead for f in state.dismounted}
    left, top, right, bottom = track.bounds
    arrow_low, arrow_high = ("▶", "◀") if track.direction == "counterclockwise" else ("◀", "▶")
    lines = []
    for y in range(top, bottom + 1):
        row = Text()
        for x in range(left, right + 1):
            kind = track.kind_at((x, y))
            if kind == "wall":
                row.append("██", style="grey50")
                continue
            if kind == "spina":
                mark = arrow_high if y == 0 else arrow_low if y == track.spina_width - 1 else " "
                row.append(f"{mark} ", style="grey70 on grey15")
                continue
            lane, index = track.position[(x, y)]
            background = (TURNAROUND_COLOURS if track.in_turnaround[lane][index] else LANE_COLOURS)[lane % 2]
            line = y >= track.spina_width and x == track.start_column
            chariot = at.get((x, y))
            if chariot is not None:
                letter, colour = letters[chariot.name]
                lap = min(max(chariot.crossings, 0), track.laps)
                alive = chariot.running or chariot.status == "finished"
                text = f"{letter}{lap}" if alive else f"{letter.lower()}x"
                row.append(text, style=f"bold {colour}")
            elif (x, y) in fallen:
                row.append("☠ " if fallen[(x, y)] else "¤ ", style=f"bold red {background}")
            else:
                row.append("┃ " if line else "  ", style=f"bold green {background}")
        lines.append(row)
    heading = Text(f"{track.name}, round {state.round}" + (" (a famous race)" if state.famous else ""),
                   style="bold")
    key = Text("lanes 1 (inner) to 4 in alternating browns, reddened in the turnarounds; green ┃ start/finish; "
               "chariot letter + the lap it is on (x: wrecked); ¤ a dismounted driver, ☠ a dead one", style="dim")
    return Group(heading, *lines, key, chariot_table(state, letters))


def chariot_table(state: Race, letters: dict[str, tuple[str, str]]) -> RenderableType:
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False)
    for column in ("", "charioteer", "chariot", "lane", "laps done", "square", "hp", "state"):
        table.add_column(column)
    track = state.track
    for chariot in state.chariots.values():
        letter, colour = letters[chariot.name]
        notes = [chariot.status]
        if chariot.wheel_damaged:
            notes.append("wheel damaged")
        if chariot.restrained_round > state.round or (chariot.restrained_round == state.round and chariot.running):
            notes.append(f"no actions in round {chariot.restrained_round}")
        if chariot.blinded:
            notes.append("blinded")
        if chariot.dragged:
            notes.append("driver dragged")
        if chariot.driver_dead:
            notes.append("driver dead")
        # laps done, as the placings count them (issue 25 item 12: the board said "lap 3/3" where the placings
        # said "laps 2"); the square counted from the start line, so a chariot at the start is at 0, not 76/76
        lap = f"{max(0, min(chariot.crossings - 1, track.laps))}/{track.laps}"
        length = track.lane_length(chariot.lane)
        speed = state.settings.speed(chariot.kind)
        table.add_row(f"[{colour}] {letter} [/]", chariot.name, f"{chariot.kind} ({speed})",
                      str(chariot.lane + 1), lap, f"{(chariot.index + 1) % length}/{length}",
                      str(chariot.hit_points), ", ".join(notes))
    return table


def odds_table(state: Race) -> RenderableType:
    from rich.table import Table

    table = Table(title="The crowd's bets" + (" (a famous race: ten times the gold)" if state.famous else ""))
    for column in ("charioteer", "level", "Str", "Dex", "Con", "gold bet", "odds against"):
        table.add_column(column)
    for chariot, (_, odds) in zip(state.chariots.values(), _odds(state), strict=True):
        table.add_row(chariot.name, str(chariot.driver.level), str(chariot.stat("strength")),
                      str(chariot.stat("dexterity")), str(chariot.stat("constitution")),
                      f"{state.book.pools[chariot.name]:,}", odds)
    return table


def report(state: Race, json: bool, with_track: bool = True) -> None:
    result = state.result()
    if json:
        print_json({"result": result, "log_summary": {"events": len(state.log),
                                                       "rolls": len(state.log.of_kind("roll"))}})
        return
    from rich.table import Table

    out = console()
    if with_track:  # at the terminal the play loop has just drawn it, with the ending in words
        out.print(track_view(state))
        out.print(f"[bold]{result['winner'] or 'No winner'}[/bold]: {result['ended']} (round {result['rounds']})")
    table = Table(title="Placings")
    for column in ("place", "charioteer", "chariot", "laps", "status"):
        table.add_column(column)
    for p in result["placings"]:
        table.add_row(str(p["place"]), p["name"], p["chariot"], str(p["laps"]), p["status"])
    out.print(table)
    for wreck in result["wrecks"]:
        out.print(f"Wreck: {wreck['name']} in round {wreck['round']} ({wreck['cause']}); driver {wreck['driver']}")
    for name, payout in result["payouts"].items():
        out.print(f"{name}: {payout['gp']:+,} gp, {payout['wealth']:+d} Wealth")
