"""Bots that drive a chariot legally: a cautious one and an aggressive one.

Both choose only among ``race.legal_actions()`` through the one bot protocol, ``choose(race, player)``
(:mod:`magecraft.core.bots`).  Nothing in a race is hidden (the whole circus is in plain view, "Rules of the
Race"), so reading the race is reading what the seat sees: both are registered as seeing the observation.
Neither uses magic: "No magic item, spell, or spell like ability is allowed in the race", and the race
offers none.  Given the games master's decision, both start the race (the only action open to him).

- :class:`CautiousBot` takes at most its one free action a turn, never a risky one: it changes lanes
  inwards (the innermost lane is the most advantageous) or around a chariot blocking it, and never
  whips or scythes.
- :class:`AggressiveBot` scythes anyone alongside (heavy chariot), whips anyone in reach, whips its
  horses on the straights, and takes one risky action a turn when its check is good.

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.wizard_prince.race.chariots import Entrant
>>> race = Race.new([Entrant("Ann", "heavy"), Entrant("Bob", "light")], Randomness.seeded(1))
>>> play(race, {"Ann": CautiousBot(), "Bob": AggressiveBot()}).is_terminal()
True
>>> CautiousBot().name, AggressiveBot().name
('cautious', 'aggressive')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.bots import play_out
from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState
from magecraft.wizard_prince.race.actions import (
    Action,
    Advance,
    ChangeLanes,
    EndTurn,
    ScytheAttack,
    WhipHorses,
    WhipOpponent,
)
from magecraft.wizard_prince.race.chariots import Entrant, check_bonus
from magecraft.wizard_prince.race.race import GAMES_MASTER, Race
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.race.track import Track


class Bot:
    """A driver: ``choose(race, player)`` returns one of ``race.legal_actions()``."""

    name = "bot"

    def choose(self, state: GameState[Any], player: str) -> Action:
        raise NotImplementedError


@dataclass(slots=True)
class Options:
    """The legal actions sorted once by kind (a bot looks at each only once)."""

    drive: Advance | None = None
    crash: Advance | None = None
    inward: ChangeLanes | None = None
    around: ChangeLanes | None = None
    scythe: ScytheAttack | None = None
    whip: WhipOpponent | None = None
    whip_horses: WhipHorses | None = None
    end: EndTurn | None = None


def sort_out(race: Race, legal: list[Action]) -> Options:
    """Sort ``legal`` (the current driver's) into the longest safe drive, a crash, lane changes, attacks."""
    turn = race.turn
    assert turn is not None
    chariot = race.chariots[turn.name]
    clear = race.free_ahead(chariot, turn.moves_left)
    out = Options()
    for action in legal:
        kind = type(action)
        if kind is Advance:
            if action.spaces > clear:  # type: ignore[union-attr]
                out.crash = action  # type: ignore[assignment]
            else:
                out.drive = action  # type: ignore[assignment]
        elif kind is ChangeLanes:
            if action.lane < chariot.lane and out.inward is None:  # type: ignore[union-attr]
                out.inward = action  # type: ignore[assignment]
            if out.around is None:
                out.around = action  # type: ignore[assignment]
        elif kind is ScytheAttack and out.scythe is None:
            out.scythe = action  # type: ignore[assignment]
        elif kind is WhipOpponent and out.whip is None:
            out.whip = action  # type: ignore[assignment]
        elif kind is WhipHorses:
            out.whip_horses = action  # type: ignore[assignment]
        elif kind is EndTurn:
            out.end = action  # type: ignore[assignment]
    return out


def _race(state: GameState[Any]) -> Race:
    if not isinstance(state, Race):
        raise TypeError(f"a chariot driver drives in a chariot race, not in {type(state).__name__}")
    return state


class CautiousBot(Bot):
    """Drives its lane, moves inwards when it can, and takes no risks."""

    name = "cautious"

    def choose(self, state: GameState[Any], player: str) -> Action:
        race = _race(state)
        legal = race.legal_actions()
        turn = race.turn
        if turn is None:
            return legal[0]
        options = sort_out(race, legal)
        if turn.actions == 0:
            if options.inward is not None:
                return options.inward
            if options.drive is None and options.around is not None:
                return options.around
        return options.drive or options.end or options.crash or legal[0]


class AggressiveBot(Bot):
    """Scythes, whips and whips its horses; one risky action a turn when its check bonus is +1 or more."""

    name = "aggressive"

    def choose(self, state: GameState[Any], player: str) -> Action:
        race = _race(state)
        legal = race.legal_actions()
        turn = race.turn
        if turn is None:
            return legal[0]
        chariot = race.chariots[turn.name]
        options = sort_out(race, legal)
        may_act = turn.actions == 0 or (
            turn.risky == 0 and check_bonus(chariot, race.settings, "dexterity", "strength") >= 1
        )
        if may_act:
            attack = options.scythe or options.whip
            if attack is not None:
                return attack
            if (
                options.whip_horses is not None
                and not turn.whipped
                and self._straight_ahead(race, turn.moves_left + 6)
            ):
                return options.whip_horses
            if options.inward is not None:
                return options.inward
            if (options.drive is None or options.crash is not None) and options.around is not None:
                return options.around
        return options.drive or options.crash or options.end or legal[0]

    @staticmethod
    def _straight_ahead(race: Race, spaces: int) -> bool:
        """No turnaround square in the next ``spaces`` squares of its lane, nor under it."""
        turn = race.turn
        assert turn is not None
        chariot = race.chariots[turn.name]
        flags = race.track.in_turnaround[chariot.lane]
        length = len(flags)
        return not any(flags[(chariot.index + n) % length] for n in range(spaces + 1))


BOTS: dict[str, Callable[[], Bot]] = {"cautious": CautiousBot, "aggressive": AggressiveBot}


def play(race: Race, bots: Mapping[str, Bot]) -> Race:
    """Play ``race`` to the end with ``bots`` by driver name (the games master starts it at once)."""
    drivers = {GAMES_MASTER: CautiousBot(), **bots}
    play_out(race, drivers)
    return race


def bot_race(
    seed: int,
    kinds: tuple[str, ...] = ("heavy", "light", "heavy", "light"),
    settings: RaceSettings | None = None,
    track: Track | None = None,
) -> Race:
    """A whole seeded race of NPC charioteers, cautious and aggressive bots alternating."""
    entrants = [Entrant(f"NPC {i}", kind) for i, kind in enumerate(kinds, start=1)]
    race = Race.new(entrants, Randomness.seeded(seed), settings, track)
    bots: dict[str, Bot] = {
        name: (CautiousBot() if i % 2 == 0 else AggressiveBot()) for i, name in enumerate(race.chariots)
    }
    return play(race, bots)
