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


@dataclass(frozen=True, eq=False)
class SpellBook:
    """Spells defined for one battle: ``definitions`` as given (JSON, what a save keeps), with the
    ``cards`` and this combat's ``entries`` (a :class:`magecraft.planeswalker.effects.CardEffects` each, for a
    spell with effects) worked out from them by :func:`magecraft.planeswalker.effects.spell_book`.

    One book is made per distinct definition text (:func:`magecraft.planeswalker.effects.spell_book`), so a
    book is compared and hashed by identity -- cheaply, on the hot path of every cached card lookup.  The
    empty book, :data:`EMPTY`, is the shipped pool alone.
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
    when a battle defines a spell of its own.  With no spells defined (the usual case, on the bots' hot
    path) it is the plain C-level cache."""
    shipped: Callable[P, R] = functools.cache(function)  # type: ignore[assignment]
    memo: dict[Any, Any] = {}
    current_book = _CURRENT.get

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        book = current_book()
        if book is EMPTY:
            plain: R = shipped(*args, **kwargs)
            return plain
        key = (book, args, tuple(sorted(kwargs.items())))
        try:
            found: R = memo[key]
        except KeyError:
            found = memo[key] = function(*args, **kwargs)
        return found

    return wrapper


class HasBook(Protocol):
    book: SpellBook


S = TypeVar("S", bound=HasBook)


def in_book(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A battle's method that reads cards: it reads them from that battle's own book."""

    @functools.wraps(method)
    def wrapper(self: S, *args: P.args, **kwargs: P.kwargs) -> R:
        if _CURRENT.get() is self.book:  # the usual case (no spells defined, or a call from within)
            return method(self, *args, **kwargs)
        token = _CURRENT.set(self.book)
        try:
            return method(self, *args, **kwargs)
        finally:
            _CURRENT.reset(token)

    return cast("Callable[Concatenate[S, P], R]", wrapper)
