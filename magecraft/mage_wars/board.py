"""What the rule modules read and change of a game of Mage Wars solo (seed 003), as a protocol.

:mod:`.combat`, :mod:`.dummy` and :mod:`.decisions` take a :class:`Board` -- the arena, the units, the
Dummy Mage's decks, your mana and plan, and the few steps of the round they call back into -- rather than
importing :class:`magecraft.mage_wars.game.MageWarsGame`, which composes them (and alone imports them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from magecraft.core.deck import Deck
from magecraft.core.randomness import Randomness
from magecraft.mage_wars.actions import Stage, Step
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.cards import Attack, Card, CardBook
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import Unit

#: What an attack may strike: a unit in the arena or a wall (Mage Wars Arena, Walls).
Target = Unit | Wall


class Board(Protocol):
    """A game's state and the steps of its round that the rules call back into (seed 003 "Gameplay")."""

    rng: Randomness
    #: The game's cards: the shipped pool and any the game adds.
    cards: CardBook
    settings: Settings
    units: dict[str, Unit]
    walls: list[Wall]
    wall_damage: dict[str, int]
    decks: dict[str, Deck[str]]
    spellbook: list[str]
    planned: list[str]
    mana: int
    round: int
    stage: Stage
    pending: Step | None
    winner: str | None
    quickcast_used: bool
    mage_next: bool

    @property
    def you(self) -> Unit: ...

    @property
    def dummy(self) -> Unit: ...

    def event(self, label: str, *, section: str | None = None, data: Mapping[str, Any] | None = None) -> None: ...

    def creatures(self, side: str) -> list[Unit]: ...

    def ready_sides(self) -> tuple[list[Unit], list[Unit]]: ...

    def target(self, ident: str) -> Target | None: ...

    def add_creature(self, card: Card, side: str, zone: str) -> Unit: ...

    def deal_damage(self, target: Target, amount: int, *, by: str) -> None: ...

    def is_terminal(self) -> bool: ...

    def dazed_going_in(self, unit: Unit) -> bool: ...

    def end_activation(self, unit: Unit, dazed: bool) -> None: ...

    def offer_reveals(self, attacker: Unit, attack: Attack, target: Target, moment: str) -> None: ...
