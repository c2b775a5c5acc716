"""Bots that drive a chariot legally: a cautious one and an aggressive one.

Both choose only among ``race.legal_actions()``.  Neither uses magic: "No magic item, spell, or spell
like ability is allowed in the race", and the race offers none ("Rules of the Race").

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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.race.actions import (
    Action,
    Advance,
    ChangeLanes,
    EndTurn,
    ScytheAttack,
    StartRace,
    WhipHorses,
    WhipOpponent,
)
from magecraft.wizard_prince.race.chariots import Entrant, check_bonus
from magecraft.wizard_prince.race.race import GAMES_MASTER, Race
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.race.track import Track


class Bot:
    """A driver: ``choose`` returns one of ``race.legal_actions()``."""

    name = "bot"

    def choose(self, race: Race) -> Action:
        raise NotImplementedError


def _drive(race: Race, legal: list[Action], crash_ok: bool) -> Action | None:
    """The longest drive forward; a whipped, blocked chariot's last Advance crashes into the one ahead."""
    advances = [a for a in legal if isinstance(a, Advance)]
    if not advances:
        return None
    if not crash_ok and _crash_ahead(race, advances[-1]):
        return advances[-2] if len(advances) > 1 else None
    return advances[-1]


def _crash_ahead(race: Race, advance: Advance) -> bool:
    turn = race.turn
    assert turn is not None
    return advance.spaces > race.free_ahead(race.chariots[turn.name], turn.moves_left)


def _inward(legal: list[Action], lane: int) -> ChangeLanes | None:
    for action in legal:
        if isinstance(action, ChangeLanes) and action.lane < lane:
            return action
    return None


class CautiousBot(Bot):
    """Drives its lane, moves inwards when it can, and takes no risks."""

    name = "cautious"

    def choose(self, race: Race) -> Action:
        legal = race.legal_actions()
        turn = race.turn
        if turn is None:
            return legal[0]
        chariot = race.chariots[turn.name]
        if turn.actions == 0:
            inward = _inward(legal, chariot.lane)
            if inward is not None:
                return inward
            if not any(isinstance(a, Advance) for a in legal) and turn.moves_left:
                around = next((a for a in legal if isinstance(a, ChangeLanes)), None)
                if around is not None:
                    return around
        drive = _drive(race, legal, crash_ok=False)
        if drive is not None:
            return drive
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])


class AggressiveBot(Bot):
    """Scythes, whips and whips its horses; one risky action a turn when its check bonus is +1 or more."""

    name = "aggressive"

    def choose(self, race: Race) -> Action:
        legal = race.legal_actions()
        turn = race.turn
        if turn is None:
            return legal[0]
        chariot = race.chariots[turn.name]
        may_act = turn.actions == 0 or (
            turn.risky == 0 and check_bonus(chariot, race.settings, "dexterity", "strength") >= 1
        )
        if may_act:
            for kind in (ScytheAttack, WhipOpponent):
                attack = next((a for a in legal if isinstance(a, kind)), None)
                if attack is not None:
                    return attack
            if not turn.whipped and WhipHorses() in legal and self._straight_ahead(race, turn.moves_left + 6):
                return WhipHorses()
            inward = _inward(legal, chariot.lane)
            if inward is not None:
                return inward
            advances = [a for a in legal if isinstance(a, Advance)]
            if not advances or _crash_ahead(race, advances[-1]):
                around = next((a for a in legal if isinstance(a, ChangeLanes)), None)
                if around is not None:
                    return around
        drive = _drive(race, legal, crash_ok=True)
        if drive is not None:
            return drive
        return next(a for a in legal if isinstance(a, EndTurn))

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
    while race.phase != "over":
        player = race.current_player()
        if player == GAMES_MASTER:
            race.apply(StartRace())
            continue
        assert player is not None
        race.apply(bots[player].choose(race))
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
