"""The spells a battle knows: the Ninth Edition pool, and the spells its position defines (issue 22).

Seed 001 ("Character Generation"): a character's Library is "the list of all spells the character knows";
the seed does not limit them to one printing, so a game master may bring a spell the shipped pool lacks.
A :class:`SpellBook` holds such spells for one battle, in the card data's own fields (those of
``mtg_rpg/data/cards_9ed.json``) with this combat's effect fields (those of ``data/card_effects.toml``).

The rules read cards by name through :func:`card_of` and :func:`entry_of`.  Which book they read is the one
the battle at hand entered with :func:`using` -- a context variable set for the length of one call and reset
after it, so two battles in one process never see each other's spells, and nothing global is changed.
Work done once per name is cached per book (:func:`per_book`), so a spell defined differently by two
battles is worked out twice, never mixed.

>>> from magecraft.mtg_rpg.cards import Card
>>> card_of("Shock").name
'Shock'
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

from magecraft.mtg_rpg.cards import Card, builtin_pool

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class SpellBook:
    """Spells defined for one battle: ``definitions`` as given (JSON, what a save keeps), with the
    ``cards`` and this combat's ``entries`` (a :class:`magecraft.planeswalker.effects.CardEffects` each, for a
    spell with effects) worked out from them by :func:`magecraft.planeswalker.effects.spell_book`.

    Two books are equal when their definitions are; the empty book is the shipped pool alone.
    """

    text: str = "[]"
    cards: Mapping[str, Card] = field(default_factory=dict, compare=False, hash=False)
    entries: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def definitions(self) -> list[dict[str, Any]]:
        """The spells as defined (a fresh JSON copy)."""
        loaded: list[dict[str, Any]] = json.loads(self.text)
        return loaded

    def __bool__(self) -> bool:
        return bool(self.cards)


EMPTY = SpellBook()
_CURRENT: ContextVar[SpellBook] = ContextVar("planeswalker_spell_book", default=EMPTY)


def current() -> SpellBook:
    """The book of the battle being played now (the empty book outside a battle)."""
    return _CURRENT.get()


@contextmanager
def using(book: SpellBook) -> Iterator[None]:
    """Read cards from ``book`` (and the shipped pool) for the length of the block."""
    token = _CURRENT.set(book)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def card_of(name: str) -> Card:
    """The card called ``name``: a spell of the current book, else the Ninth Edition pool's (any case; a
    typo refused with the nearest names)."""
    book = _CURRENT.get()
    if book.cards:
        found = book.cards.get(name.strip().casefold())
        if found is not None:
            return found
    return builtin_pool().get(name)


def defined_entry(name: str) -> Any:
    """This combat's effects of a spell the current book defines, or None."""
    book = _CURRENT.get()
    return book.entries.get(name.casefold()) if book.entries else None


def per_book(function: Callable[P, R]) -> Callable[P, R]:
    """``functools.cache`` keyed by the current book too: what is worked out once per card name stays right
    when a battle defines a spell of its own."""
    cached = functools.cache(lambda book, args, kwargs: function(*args, **dict(kwargs)))

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        result: R = cached(_CURRENT.get(), args, tuple(sorted(kwargs.items())))
        return result

    return wrapper


class HasBook(Protocol):
    book: SpellBook


S = TypeVar("S", bound=HasBook)


def in_book(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A battle's method that reads cards: it reads them from that battle's own book."""

    @functools.wraps(method)
    def wrapper(self: S, *args: P.args, **kwargs: P.kwargs) -> R:
        token = _CURRENT.set(self.book)
        try:
            return method(self, *args, **kwargs)
        finally:
            _CURRENT.reset(token)

    return cast("Callable[Concatenate[S, P], R]", wrapper)
