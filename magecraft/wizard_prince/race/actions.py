"""What a charioteer (or the games master, or a bettor) can do in a chariot race.

Each action is a small frozen dataclass; :class:`~magecraft.wizard_prince.race.race.Race` offers the
legal ones (``legal_actions``) and refuses the rest (``check``).  Bets are not listed (their amounts are
open) but are checked the same way before the start.  :func:`words` says each action as a player would
("whip NPC 2", "Cy bets 500 gp on NPC 1") and :func:`read_words` reads those words back, bets included
(:meth:`Race.action_text <magecraft.wizard_prince.race.race.Race.action_text>` and ``parse_action``).

>>> words(ChangeLanes(1, 12))
'change lanes to lane 2, square 12'
>>> read_words("Cy bets 1,500 gp on NPC 1")
Bet(bettor='Cy', on='NPC 1', gold=1500)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any

from magecraft.core.errors import DataError, InputError
from magecraft.core.numbers import MAX_DIGITS, shown, whole_number


class Phase(Enum):
    """Where the race stands: the bets are taken, the chariots race, the race is over (saved as the value)."""

    BETTING = "betting"
    RACING = "racing"
    OVER = "over"


class Question(Enum):
    """What the player to act decides (``Race.decision_kind``)."""

    #: The games master closes the betting and starts the race ("Low Stakes Gambling").
    START = "start the race"
    #: The initiative winner moves first or defers ("Initiative and Movement").
    INITIATIVE = "move or defer"
    #: A charioteer drives his move, with his free and risky actions ("Free Actions", "Risky Actions").
    DRIVE = "drive"


@dataclass(frozen=True, slots=True)
class StartRace:
    """The games master closes the betting and the chariots are off."""


@dataclass(frozen=True, slots=True)
class Go:
    """The initiative winner moves first ("Initiative and Movement")."""


@dataclass(frozen=True, slots=True)
class Defer:
    """The initiative winner waits until another charioteer completes his turn."""


@dataclass(frozen=True, slots=True)
class Advance:
    """Move ``spaces`` squares forward in the chariot's own lane (part of the mandatory movement)."""

    spaces: int


@dataclass(frozen=True, slots=True)
class ChangeLanes:
    """Free action 1: move laterally to square ``index`` of the bordering ``lane`` (0 innermost)."""

    lane: int
    index: int


@dataclass(frozen=True, slots=True)
class ScytheAttack:
    """Free action 2 (heavy chariots only): the scythes against the wheels of ``target`` alongside."""

    target: str


@dataclass(frozen=True, slots=True)
class WhipHorses:
    """Free action 3: 1d6 more spaces, all of which must be taken."""


@dataclass(frozen=True, slots=True)
class WhipOpponent:
    """Free action 4: a whip attack on ``target``."""

    target: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop, blocked by the chariot directly ahead (a turn ends by itself with its last space, WR6)."""


@dataclass(frozen=True, slots=True)
class Bet:
    """``bettor`` bets ``gold`` gold pieces at the odds on ``on`` ("Low Stakes Gambling")."""

    bettor: str
    on: str
    gold: int


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


@dataclass(frozen=True, slots=True)
class WealthBet:
    """``bettor`` bets ``wealth`` Wealth levels against the house on ``on`` ("High Stakes Gambling"); the house
    takes "a maximum of one Wealth level", so a larger stake can be written, and is refused."""

    bettor: str
    on: str
    wealth: int = 1


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def words(action: Action) -> str:
    """The action as a player says it at the table (unique among the actions open at once)."""
    match action:
        case StartRace():
            return "close the betting and start the race"
        case Go():
            return "move now"
        case Defer():
            return "defer until the next charioteer has moved"
        case Advance(spaces):
            return f"drive {_plural(spaces, 'space')} forward"
        case ChangeLanes(lane, index):
            # a corner square borders two squares of the next lane out: the square tells them apart
            return f"change lanes to lane {lane + 1}, square {index}"
        case ScytheAttack(target):
            return f"scythe attack on {target}"
        case WhipHorses():
            return "whip the horses (1d6 more spaces, all must be taken)"
        case WhipOpponent(target):
            return f"whip {target}"
        case EndTurn():
            return "end the turn"
        case Bet(bettor, on, gold):
            return f"{bettor} bets {gold:,} gp on {on}"
        case SideBet(backer, layer, on, backer_stake, layer_stake, unit):
            return f"{backer} bets {layer} {backer_stake} {unit} to {layer_stake} that {on} wins"
        case WealthBet(bettor, on, wealth):
            stake = "a Wealth level" if wealth == 1 else f"{wealth} Wealth levels"
            return f"{bettor} bets {stake} against the house on {on}"
    raise TypeError(f"not a chariot-race action: {action!r}")


_NUMBER = r"(\d[\d,]*)"
_BET = re.compile(rf"(.+?) bets {_NUMBER} gp on (.+)", re.IGNORECASE)
_WEALTH_BET = re.compile(r"(.+?) bets (?:a|(-?\d+)) wealth levels? against the house on (.+)", re.IGNORECASE)
_SIDE_BET = re.compile(rf"(.+?) bets (.+?) {_NUMBER} (gp|wealth) to {_NUMBER} that (.+) wins", re.IGNORECASE)


def read_words(text: str) -> BetAction | None:
    """A bet in the words :func:`words` gives it (names as written, amounts with or without commas), or None.

    Bets are the one kind of action the race does not list (their amounts are open, "Low Stakes Gambling"),
    so they are read from their words rather than matched against a list.
    """
    text = " ".join(text.split())
    if match := _WEALTH_BET.fullmatch(text):
        return WealthBet(match[1], match[3], _amount(match[2]) if match[2] else 1)
    if match := _SIDE_BET.fullmatch(text):
        return SideBet(match[1], match[2], match[6], _amount(match[3]), _amount(match[5]), match[4].lower())
    if match := _BET.fullmatch(text):
        return Bet(match[1], match[3], _amount(match[2]))
    return None


def _amount(text: str) -> int:
    value = whole_number(text.replace(",", ""))
    if value is None:
        raise InputError(f"{shown(text, 20)} is not an amount of gold (at most {MAX_DIGITS} digits)")
    return value


def read_table_bet(bettor: str, answer: str) -> BetAction | None:
    """A bet typed at the table by ``bettor`` as ``CHARIOTEER:GOLD`` or ``CHARIOTEER:wealth``, or None.

    >>> read_table_bet("Cy", "NPC 1:500")
    Bet(bettor='Cy', on='NPC 1', gold=500)
    >>> read_table_bet("Cy", "Ann:wealth"), read_table_bet("Cy", "Ann:lots")
    (WealthBet(bettor='Cy', on='Ann', wealth=1), None)
    """
    on, _, amount = answer.rpartition(":")
    on, amount = on.strip(), amount.strip().lower()
    if not on:
        return None
    if amount == "wealth":
        return WealthBet(bettor, on)
    if not amount.isdecimal() or len(amount) > 12:
        return None
    return Bet(bettor, on, int(amount))


def _fields(text: str, count: int, option: str, form: str) -> list[str]:
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (count, count + 1) or not all(parts[:count]):
        raise InputError(f"{option} {shown(text)}: write {form}")
    return parts


def _whole(text: str, option: str) -> int:
    value = whole_number(text) if text.isdecimal() else None
    if value is None:
        raise InputError(f"{option}: {shown(text, 20)} is not a whole number (at most {MAX_DIGITS} digits)")
    return value


def bets_from_options(bets: Sequence[str], wealth_bets: Sequence[str],
                      side_bets: Sequence[str]) -> list[BetAction]:
    """Bets written as ``BETTOR:CHARIOTEER:GOLD``, ``BETTOR:CHARIOTEER[:WEALTH]`` (Wealth levels, one unless
    given; the house refuses more, "High Stakes Gambling") and
    ``BACKER:LAYER:CHARIOTEER:STAKE:STAKE[:gp|wealth]`` (the command line's and a scenario's form)."""
    out: list[BetAction] = []
    for text in bets:
        bettor, on, gold = _fields(text, 3, "--bet", "BETTOR:CHARIOTEER:GOLD")[:3]
        out.append(Bet(bettor, on, _whole(gold, "--bet")))
    for text in wealth_bets:
        parts = _fields(text, 2, "--wealth-bet", "BETTOR:CHARIOTEER[:WEALTH]")
        out.append(WealthBet(parts[0], parts[1], _whole(parts[2], "--wealth-bet") if len(parts) == 3 else 1))
    for text in side_bets:
        parts = _fields(text, 5, "--side-bet", "BACKER:LAYER:CHARIOTEER:STAKE:STAKE[:gp|wealth]")
        unit = parts[5] if len(parts) == 6 else "gp"
        out.append(SideBet(parts[0], parts[1], parts[2], _whole(parts[3], "--side-bet"),
                           _whole(parts[4], "--side-bet"), unit))
    return out
