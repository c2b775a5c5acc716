"""The shape every playable game follows, after OpenSpiel's Python games.

A game state knows whose turn it is (:meth:`GameState.current_player`), which
actions are legal (:meth:`GameState.legal_actions`), applies one
(:meth:`GameState.apply`), says when it is over (:meth:`GameState.is_terminal`)
and what came of it (:meth:`GameState.result`), and round-trips exactly through
:meth:`GameState.to_dict` / :meth:`GameState.from_dict`.

:meth:`apply` first asks :meth:`check` whether the action is legal -- which
raises :class:`~magecraft.core.errors.RuleError` naming the rule broken -- and
only then :meth:`perform` s it, so an illegal action leaves the state exactly
as it was.  Randomness is drawn during :meth:`perform` only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from magecraft.core.events import EventLog
from magecraft.core.randomness import AskDie, Randomness

A = TypeVar("A")


class GameState(ABC, Generic[A]):
    """Base class of every playable game state."""

    #: The rule system's name as the saves and the command line know it.
    system: ClassVar[str] = ""

    rng: Randomness

    @property
    def log(self) -> EventLog:
        """The event log: every roll (through ``rng``) and every state change."""
        return self.rng.log

    @abstractmethod
    def current_player(self) -> str | None:
        """The player to act, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every action the current player may take now."""

    @abstractmethod
    def check(self, action: A) -> None:
        """Raise ``RuleError`` (naming the rule) if ``action`` is illegal now; change nothing."""

    @abstractmethod
    def perform(self, action: A) -> None:
        """Carry out an action already checked legal."""

    def apply(self, action: A) -> None:
        """Check ``action`` and carry it out; an illegal one changes nothing."""
        self.check(action)
        self.perform(action)

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Mapping[str, Any]:
        """What came of the game (structured, JSON-able)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole state, JSON-able, including the randomness source and the log."""

    @classmethod
    @abstractmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        """Rebuild a state written by :meth:`to_dict`; ``from_dict(s.to_dict()).to_dict() == s.to_dict()``.

        ``ask`` reads real dice when the game was played with physical dice (``Randomness.restore``);
        without it such a game is refused with a message saying to resume it at a terminal.
        """

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` is entitled to see; games with hidden information override this."""
        return self.to_dict()
