"""What a charioteer (or the games master, or a bettor) can do in a chariot race.

Each action is a small frozen dataclass; :class:`~magecraft.wizard_prince.race.race.Race` offers the
legal ones (``legal_actions``) and refuses the rest (``check``).  Bets are not listed (their amounts are
open) but are checked the same way before the start.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from magecraft.core.errors import DataError


@dataclass(frozen=True, slots=True)
class StartRace:
    """The games master closes the betting and the chariots are off."""

    def describe(self) -> str:
        return "close the betting and start the race"


@dataclass(frozen=True, slots=True)
class Go:
    """The initiative winner moves first ("Initiative and Movement")."""

    def describe(self) -> str:
        return "move now"


@dataclass(frozen=True, slots=True)
class Defer:
    """The initiative winner waits until another charioteer completes his turn."""

    def describe(self) -> str:
        return "defer until the next charioteer has moved"


@dataclass(frozen=True, slots=True)
class Advance:
    """Move ``spaces`` squares forward in the chariot's own lane (part of the mandatory movement)."""

    spaces: int

    def describe(self) -> str:
        return f"drive {self.spaces} space{'s' if self.spaces != 1 else ''} forward"


@dataclass(frozen=True, slots=True)
class ChangeLanes:
    """Free action 1: move laterally to square ``index`` of the bordering ``lane`` (0 innermost)."""

    lane: int
    index: int

    def describe(self) -> str:
        return f"change lanes to lane {self.lane + 1}"


@dataclass(frozen=True, slots=True)
class ScytheAttack:
    """Free action 2 (heavy chariots only): the scythes against the wheels of ``target`` alongside."""

    target: str

    def describe(self) -> str:
        return f"scythe attack on {self.target}"


@dataclass(frozen=True, slots=True)
class WhipHorses:
    """Free action 3: 1d6 more spaces, all of which must be taken."""

    def describe(self) -> str:
        return "whip the horses (1d6 more spaces, all must be taken)"


@dataclass(frozen=True, slots=True)
class WhipOpponent:
    """Free action 4: a whip attack on ``target``."""

    target: str

    def describe(self) -> str:
        return f"whip {self.target}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop, blocked by the chariot directly ahead (a turn ends by itself with its last space, WR6)."""

    def describe(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class Bet:
    """``bettor`` bets ``gold`` gold pieces at the odds on ``on`` ("Low Stakes Gambling")."""

    bettor: str
    on: str
    gold: int

    def describe(self) -> str:
        return f"{self.bettor} bets {self.gold:,} gp on {self.on}"


@dataclass(frozen=True, slots=True)
class SideBet:
    """``backer`` stakes ``backer_stake`` that ``on`` wins; ``layer`` stakes ``layer_stake`` that he does not.

    ``unit`` is ``gp`` or ``wealth`` (Wealth levels, "High Stakes Gambling").
    """

    backer: str
    layer: str
    on: str
    backer_stake: int
    layer_stake: int
    unit: str = "gp"

    def describe(self) -> str:
        return (
            f"{self.backer} bets {self.layer} {self.backer_stake} {self.unit} to {self.layer_stake} "
            f"that {self.on} wins"
        )


@dataclass(frozen=True, slots=True)
class WealthBet:
    """``bettor`` bets ``wealth`` Wealth levels against the house on ``on`` ("High Stakes Gambling"); the house
    takes "a maximum of one Wealth level", so a larger stake can be written, and is refused."""

    bettor: str
    on: str
    wealth: int = 1

    def describe(self) -> str:
        stake = "a Wealth level" if self.wealth == 1 else f"{self.wealth} Wealth levels"
        return f"{self.bettor} bets {stake} against the house on {self.on}"


Action = (
    StartRace
    | Go
    | Defer
    | Advance
    | ChangeLanes
    | ScytheAttack
    | WhipHorses
    | WhipOpponent
    | EndTurn
    | Bet
    | SideBet
    | WealthBet
)
BetAction = Bet | SideBet | WealthBet
_KINDS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        StartRace,
        Go,
        Defer,
        Advance,
        ChangeLanes,
        ScytheAttack,
        WhipHorses,
        WhipOpponent,
        EndTurn,
        Bet,
        SideBet,
        WealthBet,
    )
}


def action_to_dict(action: Action) -> dict[str, Any]:
    return {"action": type(action).__name__, **asdict(action)}


def action_from_dict(raw: Any) -> Action:
    """An action from :func:`action_to_dict`'s form; anything else is refused."""
    if not isinstance(raw, dict) or raw.get("action") not in _KINDS:
        raise DataError(f"not a chariot-race action: {raw!r}")
    fields = {k: v for k, v in raw.items() if k != "action"}
    try:
        action: Action = _KINDS[raw["action"]](**fields)
    except TypeError as exc:
        raise DataError(f"chariot-race action {raw['action']}: {exc}") from None
    return action
