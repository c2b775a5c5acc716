"""A chariot race as a :class:`~magecraft.core.state.GameState` ("Optional Rules: Chariot Racing").

The race runs itself between decisions: each round every chariot on the track rolls initiative, the
winner moves first or defers, and each chariot in turn makes its mandatory move with its free and
risky actions (:mod:`magecraft.wizard_prince.race.actions`).  Before the start the games master takes
the bets, then ``StartRace``.  The free and risky actions and the turnaround check are in
:mod:`magecraft.wizard_prince.race.free_actions`; crashes, the Scythe Attack table and dragged drivers in
:mod:`magecraft.wizard_prince.race.crashes`.

>>> from magecraft.core.randomness import Randomness
>>> race = Race.new([Entrant("Ann", "heavy"), Entrant("Bob", "light")], Randomness.seeded(3))
>>> race.current_player(), race.legal_actions()
('the games master', [StartRace()])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, ClassVar, Self

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.odds import Chance
from magecraft.core.randomness import AskDie, Randomness
from magecraft.core.state import GameState
from magecraft.wizard_prince.race.actions import (
    Action,
    Advance,
    Bet,
    ChangeLanes,
    Defer,
    EndTurn,
    Go,
    Phase,
    Question,
    ScytheAttack,
    SideBet,
    StartRace,
    WealthBet,
    WhipHorses,
    WhipOpponent,
    read_words,
    words,
)
from magecraft.wizard_prince.race.betting import Book
from magecraft.wizard_prince.race.chariots import (
    Chariot,
    Entrant,
    complete_sheet,
    roll_charioteer,
)
from magecraft.wizard_prince.race.crashes import crash_into_chariot, drag, run_over, wreck
from magecraft.wizard_prince.race.field import Turn
from magecraft.wizard_prince.race.free_actions import free_action, turnaround_check
from magecraft.wizard_prince.race.odds import chance_of
from magecraft.wizard_prince.race.sections import (
    FREE,
    LOW_STAKES,
    MOVEMENT,
    RULES,
    SCYTHE,
    WINNING,
)
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.race.track import Track, default_track

GAMES_MASTER = "the games master"
_START = StartRace()
_GO = Go()
_DEFER = Defer()
_END = EndTurn()
_WHIP = WhipHorses()
#: ``_ADVANCES[n]`` is ``Advance(n)``, made once (legal actions are listed at every decision).
_ADVANCES = tuple(Advance(n) for n in range(64))


# Actions are made once and reused: legal actions are listed at every decision.
_change_lanes = lru_cache(maxsize=1024)(ChangeLanes)
_scythe = lru_cache(maxsize=256)(ScytheAttack)
_whip = lru_cache(maxsize=256)(WhipOpponent)


@cache
def _reach(reach: int) -> tuple[tuple[int, int], ...]:
    """The squares around one within ``reach`` (in the order a reader scans a page)."""
    return tuple((dx, dy) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1) if dx or dy)


def stand_in(noble: str) -> str:
    """The hired charioteer who drives the chariot of a noble too low in level for a famous race ("Low stakes")."""
    return f"{noble}'s charioteer"


def _drivers(
    entrants: Sequence[Entrant], rng: Randomness, settings: RaceSettings, famous: bool
) -> tuple[dict[str, Chariot], list[str]]:
    """Each entrant's chariot and driver ("Charioteers"): a noble drives his own unless he is below the level
    a famous race asks ("Low stakes"), when a charioteer is rolled up to drive it for him (the names barred)."""
    chariots: dict[str, Chariot] = {}
    barred: list[str] = []
    for entrant in entrants:
        noble = entrant.noble
        name = entrant.name
        # "PCs of less than 5th level cannot drive in such a race": an NPC noble drives at any level
        if noble is not None and not noble.npc and famous and noble.level < settings.famous_min_level:
            barred.append(name)
            name = stand_in(name)
            noble = None
        driver = complete_sheet(noble, rng) if noble is not None else roll_charioteer(name, famous, rng)
        chariots[name] = Chariot(name, entrant.kind, driver, hit_points=driver.hit_points)
    return chariots, barred


class Race(GameState[Action]):
    """One chariot race: the track, the chariots, the rounds, the betting book.

    ``phase`` is :attr:`Phase.BETTING` before the start, :attr:`Phase.RACING`, then :attr:`Phase.OVER`.
    Its saves are filed under system ``wizard_prince``, kind ``race`` (a save written before, under
    system ``wizard_prince_race``, still loads).
    """

    system: ClassVar[str] = "wizard_prince"
    kind: ClassVar[str] = "race"
    #: The system name the race's saves carried before it was filed under ``wizard_prince`` / ``race``.
    OLD_SYSTEM: ClassVar[str] = "wizard_prince_race"

    def __init__(
        self,
        track: Track,
        chariots: dict[str, Chariot],
        book: Book,
        rng: Randomness,
        settings: RaceSettings,
        famous: bool = False,
    ) -> None:
        self.track = track
        self.chariots = chariots
        self.book = book
        self.rng = rng
        self.settings = settings
        self.famous = famous
        self.phase = Phase.BETTING
        self.round = 0
        self.order: list[str] = []
        self.initiative: dict[str, int] = {}
        self.leader = ""
        self.turn: Turn | None = None
        self.winner = ""
        self.ended = ""
        self.barred: list[str] = []
        self.dismounted: list[dict[str, Any]] = []
        self.wreck_order: list[str] = []
        self.occupied: dict[tuple[int, int], str] = {}
        self._legal: list[Action] | None = None
        #: the longest legal Advance this decision (Advances are checked by range, the rest by listing)
        self._max_advance = 0
        self._place_all()

    # -- setting up -----------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        entrants: Sequence[Entrant],
        rng: Randomness,
        settings: RaceSettings | None = None,
        track: Track | None = None,
        spectators: Mapping[str, int] | None = None,
    ) -> Race:
        """Line the chariots up: a famous race 10% of the time, charioteers rolled up, pole positions at
        random, the crowd's bets.  ``spectators`` are player nobles who only bet (name: Wealth)."""
        settings = settings or RaceSettings()
        track = track or default_track()
        if not 2 <= len(entrants) <= track.lanes:
            raise DataError(f"a race on {track.name} takes 2 to {track.lanes} chariots, not {len(entrants)}")
        names = [e.name for e in entrants]
        if len(set(names)) != len(names) or any(not n.strip() for n in names):
            raise DataError("each chariot needs a driver with a name of his own")
        if set(names) & set(spectators or {}):
            raise DataError("a spectator cannot also drive")
        famous = rng.chance(settings.famous_percent, "a famous race", section=LOW_STAKES)
        chariots, barred = _drivers(entrants, rng, settings, famous)
        lanes = list(range(track.lanes))
        for chariot in chariots.values():
            lane = rng.choice(lanes, f"{chariot.name}'s pole position (lane)", section=RULES)
            lanes.remove(lane)
            chariot.lane, chariot.index = lane, track.lane_length(lane) - 1
        players = {c.name: c.driver.wealth for c in chariots.values() if not c.driver.npc}
        players.update({name: int(w) for name, w in (spectators or {}).items()})
        for name in barred:
            players[name] = next(e.noble.wealth for e in entrants if e.name == name and e.noble is not None)
        stats = {
            c.name: {"level": c.driver.level, "strength": c.stat("strength"), "dexterity": c.stat("dexterity")}
            for c in chariots.values()
        }
        book = Book.roll(
            stats,
            rng,
            famous=famous,
            multiplier=settings.famous_bet_multiplier,
            refigure_over=settings.famous_refigure_over if famous else settings.refigure_over,
            drivers=[c.name for c in chariots.values() if not c.driver.npc],
            wealth=players,
        )
        race = cls(track, chariots, book, rng, settings, famous)
        race.barred = barred
        rng.log.record(
            "state",
            f"the chariots line up{' for a famous race' if famous else ''}: "
            + ", ".join(f"{c.name} ({c.kind}) in lane {c.lane + 1}" for c in chariots.values()),
            section=RULES,
            data={"famous": famous, "barred": barred},
        )
        return race

    def _place_all(self) -> None:
        self.occupied = {self.track.squares[c.lane][c.index]: c.name for c in self.chariots.values() if c.on_track}

    # -- GameState ------------------------------------------------------------------------
    def current_player(self) -> str | None:
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.BETTING:
            return GAMES_MASTER
        if self.turn is not None:
            return self.turn.name
        return self.leader

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def seats(self) -> tuple[str, ...]:
        """Every charioteer in the order they lined up, then the games master (who starts the race)."""
        return (*self.chariots, GAMES_MASTER)

    def decision_kind(self) -> Question:
        if self.phase is Phase.BETTING:
            return Question.START
        return Question.INITIATIVE if self.turn is None else Question.DRIVE

    def action_text(self, action: Action) -> str:
        """The action in the words of the table ("drive 3 spaces forward", "whip NPC 2", "Cy bets 500 gp on
        NPC 1"); see :func:`~magecraft.wizard_prince.race.actions.words`."""
        return words(action)

    def chance_of(self, action: Action) -> Chance | None:
        """The exact chance a check lets ``action`` succeed (a risky action's check, a scythe or whip attack,
        the turnaround check at the end of a whipped turn), else None (see the race's ``odds`` module)."""
        return chance_of(self, action)

    def parse_action(self, text: str) -> Action:
        """An action from its words; a bet (never listed: its amount is open) is read from its words too,
        then checked like any action, so a bet the rules refuse raises ``RuleError`` saying why."""
        bet = read_words(text)
        if bet is None:
            return super().parse_action(text)
        self.check(bet)
        return bet

    def legal_actions(self) -> list[Action]:
        """Every action open now, worked out once per decision."""
        if self._legal is None:
            self._legal = self._work_out_legal()
        return self._legal

    def _work_out_legal(self) -> list[Action]:
        self._max_advance = 0
        if self.phase is Phase.BETTING:
            return [_START]
        if self.phase is Phase.OVER:
            return []
        turn = self.turn
        if turn is None:
            return [_GO, _DEFER]
        chariot = self.chariots[turn.name]
        free = self.free_ahead(chariot, turn.moves_left)
        actions: list[Action] = (
            list(_ADVANCES[1 : free + 1]) if free < len(_ADVANCES) else [Advance(n) for n in range(1, free + 1)]
        )
        self._max_advance = free
        blocked = free < turn.moves_left
        if blocked and turn.whipped:
            self._max_advance = free + 1
            actions.append(
                _ADVANCES[free + 1] if free + 1 < len(_ADVANCES) else Advance(free + 1)
            )  # every whipped space must be taken: into the chariot ahead
        if not turn.restricted:
            occupied = self.occupied
            squares = self.track.squares
            for lane, index in self.track.beside[chariot.lane][chariot.index]:
                other = occupied.get(squares[lane][index])
                if other is None:
                    actions.append(_change_lanes(lane, index))
                elif chariot.kind == "heavy" and self.chariots[other].running:
                    actions.append(_scythe(other))
            actions.append(_WHIP)
            actions.extend(_whip(name) for name in self._within_whip(chariot))
        if free == 0 and not turn.whipped:
            actions.append(_END)
        return actions

    def free_ahead(self, chariot: Chariot, limit: int) -> int:
        """How many of the next ``limit`` squares of its lane are clear of chariots."""
        lane, index = chariot.lane, chariot.index
        length = len(self.track.squares[lane])
        clear = limit
        for other in self.chariots.values():
            if other.lane == lane and other.on_track and other is not chariot:
                gap = (other.index - index) % length - 1
                if gap < clear:
                    clear = gap
        return clear

    def _within_whip(self, chariot: Chariot) -> list[str]:
        """The charioteers still driving within the whip's reach, in any of the eight directions (WR9)."""
        x, y = self.track.squares[chariot.lane][chariot.index]
        occupied = self.occupied
        out = []
        for dx, dy in _reach(self.settings.whip_reach):
            other = occupied.get((x + dx, y + dy))
            if other is not None and self.chariots[other].running:
                out.append(other)
        return out

    def check(self, action: Action) -> None:
        """Refuse an action the rules do not allow now, naming the rule; nothing changes."""
        if self.phase is Phase.OVER:
            raise RuleError("the race is over", rule="Winning the Game", section=WINNING)
        if isinstance(action, Bet | SideBet | WealthBet):
            if self.phase is not Phase.BETTING:
                raise RuleError("the betting closed when the race started", rule="Betting", section=LOW_STAKES)
            self.book.check(action)
            return
        self.legal_actions()
        if type(action) is Advance:
            if type(action.spaces) is int and 1 <= action.spaces <= self._max_advance:
                return
        elif action in self._legal[self._max_advance :]:  # type: ignore[index]
            return
        raise RuleError(self._why_not(action), rule=self._rule_of(action), section=self._section_of(action))

    def _why_not(self, action: Action) -> str:
        who = self.current_player()
        turn = self.turn
        if self.phase is Phase.BETTING:
            return "the race has not started: take the bets, then start it"
        if isinstance(action, Go | Defer):
            return f"only the initiative winner, before his turn, may defer; it is {who}'s turn"
        if turn is None:
            return f"{who} won the initiative and must first move or defer"
        chariot = self.chariots[turn.name]
        if isinstance(action, Advance):
            free = self.free_ahead(chariot, turn.moves_left)
            return (
                (
                    f"{who} can drive 1 to {free} spaces (no moving backwards, no more than his speed, no moving "
                    f"through another chariot), not {action.spaces}"
                )
                if free
                else f"{who} is blocked by the chariot directly ahead"
            )
        if isinstance(action, EndTurn):
            return (
                f"{who} must take all his movement ({turn.moves_left} more spaces"
                f"{', all of them: he whipped his horses' if turn.whipped else ''})"
            )
        if turn.restricted:
            return f"{who} can take no action this turn but normal forward movement"
        if isinstance(action, ChangeLanes):
            return (
                f"{who} can change only to a clear square beside him in a bordering lane (never "
                f"diagonally), not lane {action.lane + 1} square {action.index}"
            )
        if isinstance(action, ScytheAttack):
            if chariot.kind != "heavy":
                return "only heavy chariots carry scythes"
            return f"{action.target} is not a chariot in the race alongside {who}"
        if isinstance(action, WhipOpponent):
            return f"{action.target} is not a charioteer within reach of {who}'s whip"
        return f"{type(action).__name__} is not possible now"

    @staticmethod
    def _rule_of(action: Action) -> str:
        return {
            Advance: "Movement",
            EndTurn: "Movement",
            Go: "Initiative",
            Defer: "Initiative",
            StartRace: "Betting",
        }.get(type(action), "Free actions")

    @staticmethod
    def _section_of(action: Action) -> str:
        return MOVEMENT if isinstance(action, Advance | EndTurn | Go | Defer) else FREE

    def perform(self, action: Action) -> None:
        self._legal = None
        if isinstance(action, Bet | SideBet | WealthBet):
            self.book.add(action)
            self.log.record("action", words(action), section=LOW_STAKES, data={"bet": True})
            return
        self.log.record("action", f"{self.current_player()}: {words(action)}", section=MOVEMENT)
        kind = type(action)
        if kind is Advance:
            self._advance(action.spaces)  # type: ignore[union-attr]
        elif kind is StartRace:
            self.phase = Phase.RACING
        elif kind is Go:
            self.leader = ""
            self._begin_turn(self.chariots[self.order.pop(0)])
        elif kind is Defer:
            leader = self.order.pop(0)
            self.order.insert(1, leader)
            if not self.settings.may_defer_repeatedly:
                self.leader = ""
            self._begin_turn(self.chariots[self.order.pop(0)])
        elif kind is EndTurn:
            self._end_turn()
        else:
            free_action(self, action)
        self._run_on()

    # -- arranging a position at the table ---------------------------------------------------
    def carry_on(self) -> None:
        """Let the race run on by itself to the next decision (initiative, the next chariot's turn, a
        damaged wheel's roll): what happens after the games master has arranged whose turn is next by
        setting ``order`` and ``leader`` ("Initiative and Movement")."""
        self._legal = None
        self._run_on()

    def put(self, name: str, lane: int, index: int) -> None:
        """The games master puts chariot ``name`` on square ``index`` of ``lane`` (both from 0), arranging a
        position; a square off the track or taken by another chariot is refused (``InputError``)."""
        chariot = self.chariots[name]
        if not (0 <= lane < self.track.lanes and 0 <= index < self.track.lane_length(lane)):
            raise InputError(f"lane {lane + 1}, square {index} is not on {self.track.name}")
        taken = self.occupied.get(self.track.squares[lane][index])
        if taken is not None and taken != name:
            raise InputError(f"{taken} is already on lane {lane + 1}, square {index}")
        chariot.lane, chariot.index = lane, index
        self._place_all()
        self._legal = None

    # -- rounds and turns -------------------------------------------------------------------
    def _run_on(self) -> None:
        """Carry the race on until someone must decide, or it is over."""
        while self.phase is Phase.RACING:
            turn = self.turn
            if turn is not None:
                if not self.chariots[turn.name].running:
                    self.turn = None  # wrecked in his own turn: the turn is over
                    continue
                if turn.moves_left == 0:
                    # the turn ends with its last space: free actions come "during the move" (WR6)
                    self._end_turn()
                    continue
                legal = self.legal_actions()
                if len(legal) == 1 and legal[0] is _END:
                    self._legal = None
                    self._end_turn()
                    continue
                return
            if not self.order:
                self._new_round()
                continue
            name = self.order[0]
            if name == self.leader and len(self.order) > 1 and self.chariots[name].running:
                return  # the initiative winner moves or defers
            self.order.pop(0)
            self._begin_turn(self.chariots[name])

    def _new_round(self) -> None:
        """ "All players roll initiative at the beginning of each round"; ties for a place roll again (WR4)."""
        if self.round >= self.settings.max_rounds:
            self._finish("", f"the games master calls the race after {self.round} rounds")
            return
        self.round += 1
        on_track = [c.name for c in self.chariots.values() if c.on_track]
        self.initiative = {}
        self.order = self._rank(on_track, "")
        first = self.chariots[self.order[0]]
        self.leader = first.name if first.running else ""
        self.log.record(
            "state",
            f"round {self.round}: initiative order " + ", ".join(self.order),
            section=MOVEMENT,
            data={"round": self.round, "initiative": dict(self.initiative)},
        )

    def _rank(self, names: list[str], again: str) -> list[str]:
        rolls = {
            n: self.rng.roll(self.settings.initiative_die, f"{n}'s initiative{again}", section=MOVEMENT)
            for n in names
        }
        if not again:
            self.initiative.update(rolls)
        order: list[str] = []
        for value in sorted(set(rolls.values()), reverse=True):
            tied = [n for n in names if rolls[n] == value]
            order += tied if len(tied) == 1 else self._rank(tied, " (tie, rolled again)")
        return order

    def _begin_turn(self, chariot: Chariot) -> None:
        if not chariot.running:
            drag(self, chariot)
            return
        if chariot.wheel_damaged:
            roll = self.rng.roll(6, f"{chariot.name}'s damaged wheel", section=SCYTHE)
            if roll == 6:
                wreck(self, chariot, "the damaged wheel broke")
                return
        restricted = chariot.blinded or chariot.restrained_round == self.round
        chariot.blinded = False
        self.turn = Turn(chariot.name, self.settings.speed(chariot.kind), restricted=restricted)
        self.note_turnaround(chariot)
        if restricted:
            self.log.record(
                "state",
                f"{chariot.name} can take no action this turn but forward movement",
                section=MOVEMENT,
                data={"chariot": chariot.name},
            )

    def note_turnaround(self, chariot: Chariot) -> None:
        """Where a whipped chariot is in a turnaround: only squares held after the whip count, since "moving at
        over maximum speed (as a result of whipping horses) at any point while it is in the turnaround" (WR17)."""
        turn = self.turn
        if (
            turn is not None
            and turn.name == chariot.name
            and turn.whipped
            and self.track.in_turnaround[chariot.lane][chariot.index]
        ) and (turn.turnaround_lane < 0 or chariot.lane < turn.turnaround_lane):
            turn.turnaround_lane = chariot.lane

    def _end_turn(self) -> None:
        turn = self.turn
        assert turn is not None
        self.turn = None
        turnaround_check(self, self.chariots[turn.name], turn)

    def _advance(self, spaces: int) -> None:
        """Drive forward in the lane; a whipped chariot driving into the one ahead crashes (WR7)."""
        turn = self.turn
        assert turn is not None
        chariot = self.chariots[turn.name]
        clear = min(spaces, self.free_ahead(chariot, spaces))
        self.slide(chariot, clear)
        turn.moves_left -= clear
        if spaces > clear and chariot.running and self.phase is Phase.RACING:
            turn.moves_left -= 1
            loop = self.track.squares[chariot.lane]
            crash_into_chariot(self, chariot, self.chariots[self.occupied[loop[(chariot.index + 1) % len(loop)]]])
        if not chariot.running or self.phase is not Phase.RACING:
            return
        self.log.record(
            "move",
            f"{chariot.name} drives to lane {chariot.lane + 1}, square {chariot.index}",
            section=MOVEMENT,
            data={"chariot": chariot.name, "lane": chariot.lane, "index": chariot.index},
        )

    def slide(self, chariot: Chariot, spaces: int) -> None:
        """Drive ``spaces`` clear squares along the lane at once (same outcome as one square at a time)."""
        loop = self.track.squares[chariot.lane]
        to_line = len(loop) - 1 - chariot.index
        if spaces > to_line:
            self.slide(chariot, to_line)
            self.move_to(chariot, chariot.lane, 0)  # over the line
            if self.phase is Phase.RACING:
                self.slide(chariot, spaces - to_line - 1)
            return
        if spaces <= 0:
            return
        start = chariot.index
        del self.occupied[loop[start]]
        chariot.index = start + spaces
        self.occupied[loop[chariot.index]] = chariot.name
        if self.dismounted:
            fallen = {tuple(f["square"]) for f in self.dismounted if not self.chariots[f["name"]].driver_dead}
            for square in loop[start + 1 : start + spaces + 1]:
                if square in fallen:
                    run_over(self, chariot, square)
        turn = self.turn
        if (
            turn is not None
            and turn.name == chariot.name
            and turn.whipped
            and True in self.track.in_turnaround[chariot.lane][start + 1 : start + spaces + 1]
            and (turn.turnaround_lane < 0 or chariot.lane < turn.turnaround_lane)
        ):
            turn.turnaround_lane = chariot.lane

    def move_to(self, chariot: Chariot, lane: int, index: int) -> None:
        """Put a chariot on a square: lap counting, running over dismounted drivers, the turnaround."""
        old = self.track.squares[chariot.lane][chariot.index]
        new = self.track.squares[lane][index]
        del self.occupied[old]
        self.occupied[new] = chariot.name
        crossing = self._crossing(old, new)
        chariot.lane, chariot.index = lane, index
        if self.dismounted:
            run_over(self, chariot, new)
        self.note_turnaround(chariot)
        if crossing:
            chariot.crossings += crossing
            if chariot.running and crossing > 0:
                self.log.record(
                    "state",
                    f"{chariot.name} crosses the line: lap {chariot.crossings} of {self.track.laps}"
                    if chariot.crossings <= self.track.laps
                    else f"{chariot.name} crosses the finish line",
                    section=WINNING,
                    data={"chariot": chariot.name, "crossings": chariot.crossings},
                )
                if chariot.crossings > self.track.laps:
                    chariot.status = "finished"
                    self._finish(chariot.name, "first across the line after three laps")

    def _crossing(self, old: tuple[int, int], new: tuple[int, int]) -> int:
        """+1 moving forwards over the start/finish line, -1 backwards, else 0."""
        below = self.track.spina_width
        if old[1] < below or new[1] < below or old[1] != new[1]:
            return 0
        line = self.track.start_column
        step = 1 if self.track.direction == "counterclockwise" else -1
        before, after = (line - 1, line) if step == 1 else (line, line - 1)
        if old[0] == before and new[0] == after:
            return 1
        if old[0] == after and new[0] == before:
            return -1
        return 0

    # -- the end --------------------------------------------------------------------------------
    def _finish(self, winner: str, how: str) -> None:
        self.phase = Phase.OVER
        self.winner = winner
        self.ended = how
        self.turn = None
        self.log.record(
            "state", f"the race is over: {winner or 'no winner'} ({how})", section=WINNING, data={"winner": winner}
        )

    def check_last_running(self) -> None:
        """ "... or to the remaining chariot if all others have been eliminated"; none left: no winner (WR18)."""
        if self.phase is not Phase.RACING:
            return
        running = [c for c in self.chariots.values() if c.running]
        if len(running) == 1:
            running[0].status = "finished"
            self._finish(running[0].name, "the last chariot running")
        elif not running:
            self._finish("", "every chariot was eliminated")

    def progress(self, chariot: Chariot) -> Fraction:
        """Laps driven, exactly: crossings plus the share of the lane behind it since the line."""
        return chariot.crossings + Fraction(chariot.index, self.track.lane_length(chariot.lane))

    def placings(self) -> list[Chariot]:
        """The winner, the other chariots still running by distance, then the wrecks, the last wrecked first."""
        running = sorted(
            (c for c in self.chariots.values() if c.status != "wrecked" and c.name != self.winner),
            key=self.progress,
            reverse=True,
        )
        wrecked = [self.chariots[n] for n in reversed(self.wreck_order)]
        first = [self.chariots[self.winner]] if self.winner else []
        return first + running + wrecked

    def result(self) -> dict[str, Any]:
        """Placings, wrecks and payouts (the ``--json`` of the command line)."""
        return {
            "track": self.track.name,
            "famous": self.famous,
            "barred": list(self.barred),
            "rounds": self.round,
            "winner": self.winner,
            "ended": self.ended,
            "placings": [
                {
                    "place": n,
                    "name": c.name,
                    "chariot": c.kind,
                    "status": c.status,
                    "laps": max(0, min(c.crossings - 1, self.track.laps)),
                    "lane": c.lane + 1,
                    "driver_hit_points": c.hit_points,
                    "driver_dead": c.driver_dead,
                }
                for n, c in enumerate(self.placings(), start=1)
            ],
            "wrecks": [
                {
                    "name": n,
                    "round": self.chariots[n].wrecked_round,
                    "cause": self.chariots[n].wreck_cause,
                    "driver": "dead"
                    if self.chariots[n].driver_dead
                    else "dragged"
                    if self.chariots[n].dragged
                    else "cut free",
                }
                for n in self.wreck_order
            ],
            "odds": {n: f"{o.numerator}:{o.denominator}" for n in self.chariots for o in (self.book.odds(n),)},
            "payouts": self.book.settle(self.winner) if self.phase is Phase.OVER else {},
        }

    def observation(self, player: str) -> dict[str, Any]:
        """Everything on the track and in the book is in plain view ("Rules of the Race": the crowd, the
        charioteers and the games master watch the same circus); only the dice to come and the log of
        past rolls are left out, so the view is the race as the table sees it."""
        out = self.to_dict()
        del out["rng"], out["log"]
        out["seat"] = player
        return out

    # -- saving -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "kind": self.kind,
            "track": self.track.to_dict(),
            "settings": self.settings.to_dict(),
            "famous": self.famous,
            "phase": self.phase.value,
            "round": self.round,
            "order": list(self.order),
            "initiative": dict(self.initiative),
            "leader": self.leader,
            "turn": None if self.turn is None else self.turn.to_dict(),
            "winner": self.winner,
            "ended": self.ended,
            "barred": list(self.barred),
            "dismounted": [dict(d) for d in self.dismounted],
            "wreck_order": list(self.wreck_order),
            "chariots": [c.to_dict() for c in self.chariots.values()],
            "book": self.book.to_dict(),
            "rng": self.rng.snapshot(),
            "log": self.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        """A race written by :meth:`to_dict`; a malformed one is refused whole."""
        try:
            # a save from before the race was filed under its system's name carries its own
            filed = (raw.get("system"), raw.get("kind", cls.kind))
            if filed not in ((cls.system, cls.kind), (cls.OLD_SYSTEM, cls.kind)):
                raise DataError(f"not a chariot race (system {raw.get('system')!r}, kind {raw.get('kind')!r})")
            track = Track.from_dict(raw["track"], "saved track")
            settings = RaceSettings.from_dict(dict(raw["settings"]))
            chariots = {c.name: c for c in (Chariot.from_dict(c) for c in raw["chariots"])}
            for c in chariots.values():
                if not (0 <= c.lane < track.lanes and 0 <= c.index < track.lane_length(c.lane)):
                    raise DataError(f"saved chariot {c.name} is off the track")
            race = cls(
                track,
                chariots,
                Book.from_dict(raw["book"]),
                Randomness.restore(raw["rng"], EventLog.from_list(raw["log"]), ask),
                settings,
                bool(raw["famous"]),
            )
            try:
                race.phase = Phase(raw["phase"])
            except ValueError:
                raise DataError(f"unknown phase {raw['phase']!r}") from None
            race.round = int(raw["round"])
            race.order = [str(n) for n in raw["order"]]
            race.initiative = {str(k): int(v) for k, v in raw["initiative"].items()}
            race.leader = str(raw["leader"])
            race.turn = None if raw["turn"] is None else Turn(**raw["turn"])
            race.winner = str(raw["winner"])
            race.ended = str(raw["ended"])
            race.barred = [str(n) for n in raw["barred"]]
            race.dismounted = [dict(d) for d in raw["dismounted"]]
            race.wreck_order = [str(n) for n in raw["wreck_order"]]
            names = set(chariots)
            if (
                not set(race.order) <= names
                or (race.turn is not None and race.turn.name not in names)
                or not set(race.wreck_order) <= names
                or (race.leader and race.leader not in names)
            ):
                raise DataError("it names a chariot that is not in the race")
            if len(race.occupied) != sum(1 for c in chariots.values() if c.on_track):
                raise DataError("two chariots share a square")
            if set(race.book.pools) != names:
                # the odds and the payouts read the crowd's pool of every charioteer
                raise DataError(f"saved chariot race is malformed: the crowd's bets are on "
                                f"{', '.join(sorted(race.book.pools)) or 'nobody'}, "
                                f"not on the charioteers {', '.join(sorted(names))}")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"saved chariot race is malformed: {exc}") from None
        return race
