"""Card piles: a draw pile and a discard pile that never lose or duplicate a card.

>>> from magecraft.core.randomness import Randomness
>>> deck = Deck(["Butler", "Usurper", "Droning Bore"])
>>> deck.draw()
'Butler'
>>> deck.discard("Butler")
>>> deck.size, len(deck.discards)
(2, 1)
>>> deck.reshuffle(Randomness.seeded(1), "courtier chits")
>>> sorted(deck.cards)
['Butler', 'Droning Bore', 'Usurper']

The top of the draw pile is ``cards[0]``.  Cards drawn are the caller's until
they are discarded or returned; :meth:`Deck.all_cards` counts only what the
deck holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from magecraft.core.errors import MagecraftError
from magecraft.core.randomness import Randomness

C = TypeVar("C")


class DeckExhausted(MagecraftError):
    """A draw from an empty draw pile (the Dummy Mage loses its turn on this)."""

    def __init__(self, name: str) -> None:
        self.deck_name = name
        super().__init__(f"the {name} deck is exhausted")


class Deck(Generic[C]):
    """A draw pile (top first) and a discard pile."""

    __slots__ = ("cards", "discards", "name")

    def __init__(self, cards: Iterable[C] = (), *, name: str = "card", discards: Iterable[C] = ()) -> None:
        self.name = name
        self.cards: list[C] = list(cards)
        self.discards: list[C] = list(discards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} to draw, {len(self.discards)} discarded)"

    @property
    def size(self) -> int:
        """Cards left to draw."""
        return len(self.cards)

    @property
    def is_exhausted(self) -> bool:
        return not self.cards

    def all_cards(self) -> list[C]:
        """Every card the deck holds, draw pile then discards."""
        return [*self.cards, *self.discards]

    def shuffle(self, rng: Randomness, label: str | None = None) -> None:
        """Shuffle the draw pile (the discards stay where they are)."""
        rng.shuffle(self.cards, label or f"shuffle the {self.name} deck")

    def draw(self) -> C:
        """Take the top card; raises :class:`DeckExhausted` when none is left."""
        if not self.cards:
            raise DeckExhausted(self.name)
        return self.cards.pop(0)

    def draw_many(self, n: int) -> list[C]:
        """Take the top ``n`` cards; raises :class:`DeckExhausted` (drawing none) if fewer are left."""
        if n < 0:
            raise ValueError("cannot draw a negative number of cards")
        if n > len(self.cards):
            raise DeckExhausted(self.name)
        drawn, self.cards = self.cards[:n], self.cards[n:]
        return drawn

    def draw_random(self, rng: Randomness, label: str) -> C:
        """Take a card from a random place in the draw pile (a roll of a d*n*)."""
        if not self.cards:
            raise DeckExhausted(self.name)
        index = rng.roll(len(self.cards), label) - 1 if len(self.cards) > 1 else 0
        return self.cards.pop(index)

    def take(self, match: Callable[[C], bool]) -> C | None:
        """Take the first card of the draw pile that ``match`` accepts (searching a library)."""
        for i, card in enumerate(self.cards):
            if match(card):
                return self.cards.pop(i)
        return None

    def peek(self, n: int = 1) -> list[C]:
        """The top ``n`` cards, left in place."""
        return self.cards[:n]

    def discard(self, card: C) -> None:
        self.discards.append(card)

    def put_on_top(self, card: C) -> None:
        self.cards.insert(0, card)

    def put_on_bottom(self, card: C) -> None:
        self.cards.append(card)

    def reshuffle(self, rng: Randomness, label: str | None = None) -> None:
        """Return the discards to the draw pile and shuffle it all."""
        self.cards.extend(self.discards)
        self.discards.clear()
        self.shuffle(rng, label)

    def to_dict(self, encode: Callable[[C], Any] = lambda c: c) -> dict[str, Any]:
        return {"name": self.name, "cards": [encode(c) for c in self.cards],
                "discards": [encode(c) for c in self.discards]}

    @classmethod
    def from_dict(cls, raw: dict[str, Any], decode: Callable[[Any], C] = lambda c: c) -> Deck[C]:
        return cls((decode(c) for c in raw["cards"]), name=str(raw["name"]),
                   discards=(decode(c) for c in raw["discards"]))
