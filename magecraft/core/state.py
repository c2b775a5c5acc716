"""The shape every playable game follows, after OpenSpiel's Python games and python-chess.

A game state says who decides next and what about (:meth:`GameState.decision`, one
:class:`Decision` with its legal actions), applies one (:meth:`GameState.apply`), says when it is
over (:meth:`GameState.is_terminal`) and what came of it (:meth:`GameState.result`), shows each
seat only what the rule book lets it see (:meth:`GameState.observation`), and round-trips
exactly through :meth:`GameState.to_dict` / :meth:`GameState.from_dict`.

Actions are frozen, hashable values.  Each prints as the words a player would say
(:meth:`GameState.action_text`, unique among the legal actions) and is read back from them
(:meth:`GameState.parse_action`), as python-chess's ``board.san(move)`` and
``board.parse_san("e4")``.

:meth:`apply` first asks :meth:`check` whether the action is legal -- which raises
:class:`~magecraft.core.errors.RuleError` naming the rule broken -- and only then
:meth:`perform` s it, so an illegal action leaves the state exactly as it was.  Randomness is drawn
during :meth:`perform` only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from magecraft.core.errors import RuleError
from magecraft.core.events import Event, EventLog
from magecraft.core.names import close_names
from magecraft.core.randomness import AskDie, Randomness

if TYPE_CHECKING:
    from magecraft.core.odds import Chance

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """The one pending decision of a game: who decides, what kind of decision, and the legal actions.

    ``kind`` is the game's own enum member (a phase or a question: the banquet's ``Phase.TURN``,
    Mage Wars' ``Step.PLANNING``); ``actions`` are the very objects :meth:`GameState.legal_actions`
    offers, in its order.

    >>> class Kind(Enum):
    ...     MOVE = "move"
    >>> Decision("Ann", Kind.MOVE, ("left", "right"))
    Decision(player='Ann', kind=<Kind.MOVE: 'move'>, actions=('left', 'right'))
    """

    player: str
    kind: Enum
    actions: tuple[A, ...]


def normal_text(text: str) -> str:
    """An action's words as compared when typed: case and runs of spaces do not matter.

    >>> normal_text("  MINGLE   d1-d2 ")
    'mingle d1-d2'
    """
    return " ".join(text.split()).casefold()


class GameState(ABC, Generic[A]):
    """Base class of every playable game state."""

    #: The rule system's name as the saves and the command line know it.
    system: ClassVar[str] = ""

    rng: Randomness

    @property
    def log(self) -> EventLog:
        """The event log: every roll (through ``rng``) and every state change."""
        return self.rng.log

    # -- whose decision, and what about ----------------------------------------------------
    @abstractmethod
    def seats(self) -> tuple[str, ...]:
        """Every seat of the game (players, NPCs played by their rules), in the rule book's order."""

    @abstractmethod
    def current_player(self) -> str | None:
        """The player to act, or ``None`` when the game is over."""

    @abstractmethod
    def decision_kind(self) -> Enum:
        """What kind of decision the current player faces (the game's phase or question enum)."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every action the current player may take now (worked out once per decision)."""

    def decision(self) -> Decision[A] | None:
        """The pending decision, or ``None`` when the game is over."""
        player = self.current_player()
        if player is None:
            return None
        return Decision(player, self.decision_kind(), tuple(self.legal_actions()))

    # -- carrying an action out ------------------------------------------------------------
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

    # -- what a roll would decide ----------------------------------------------------------
    def chance_of(self, action: A) -> Chance | None:
        """The exact chance that ``action`` (one of the legal actions) succeeds where a roll decides it,
        as the seat that takes it can know it (a deck's remaining cards, not their order); ``None``
        where no roll decides it.  Worked out on demand, never during play, and changing nothing."""
        return None

    # -- actions as words ------------------------------------------------------------------
    @abstractmethod
    def action_text(self, action: A) -> str:
        """``action`` in the words a player would say, in the rule book's names.

        Unique among the legal actions of the decision it belongs to, and read back by
        :meth:`parse_action`.
        """

    def parse_action(self, text: str) -> A:
        """The legal action whose :meth:`action_text` is ``text`` (case and spacing aside).

        An unknown or illegal text raises ``RuleError`` naming it (with the nearest legal texts);
        nothing changes.  Games whose actions can be written several ways override this and call
        it for the plain case.
        """
        offered = {normal_text(self.action_text(action)): action for action in self.legal_actions()}
        wanted = normal_text(text)
        if wanted in offered:
            return offered[wanted]
        if not offered:
            raise RuleError(f"{text.strip()!r} cannot be played: no action is open now")
        near = close_names(text, [self.action_text(a) for a in self.legal_actions()])
        hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        raise RuleError(f"{text.strip()!r} is not a legal action now{hint}")

    def push_text(self, text: str) -> A:
        """Parse ``text`` and apply it (python-chess's ``push_san``); returns the action applied."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    # -- the end ---------------------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Mapping[str, Any]:
        """What came of the game (structured, JSON-able)."""

    # -- what each seat sees, and saving ---------------------------------------------------
    @abstractmethod
    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` is entitled to see (JSON-able): exactly what the rule book hides stays out."""

    def event_visible(self, event: Event, player: str) -> bool:
        """Whether ``player`` may see ``event`` of the log: an event whose data names ``private_to`` is
        shown only to those seats.  Games whose log holds other secrets override this."""
        private = event.data.get("private_to")
        return private is None or player in private

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
