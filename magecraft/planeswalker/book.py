"""The spells a battle knows: the Ninth Edition pool, and the spells its position defines (issue 22).

Seed 001 ("Character Generation"): a character's Library is "the list of all spells the character knows";
the seed does not limit them to one printing, so a game master may bring a spell the shipped pool lacks.
A :class:`SpellBook` holds such spells for one battle, in the card data's own fields (those of
``mtg_rpg/data/cards_9ed.json``) with this combat's effect fields (those of ``data/card_effects.toml``).

The rules read cards by name through :func:`card_of` and :func:`entry_of`.  Which book they read is the one
the battle at hand entered with :func:`using` -- a context variable set for the length of one call and reset
after it, so two battles in one process never see each other's spells, and nothing global is changed.
Work done once per name is cached (:func:`per_book`): once for all books for a name of the shipped pool
(a book may not redefine one), and per book for a name a book defines, so a spell defined differently by
two battles is worked out twice, never mixed.

>>> from magecraft.mtg_rpg.cards import Card
>>> card_of("Shock").name
'Shock'
"""

from __future__ import annotations

import functools
import inspect
import json
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
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

    def __post_init__(self) -> None:
        if self.cards or self.entries:  # (not the empty book, made before define() is)
            define([*self.cards, *self.entries])

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


#: The names some book defines (stripped and casefolded): a book may define only names the shipped pool
#: lacks (:func:`magecraft.planeswalker.effects.spell_book` refuses the others), so work done for any other
#: name is the same in every book, and only these names are cached per book.
_DEFINED: set[str] = set()
_MEMOS: list[_Memo] = []
_LOCK = threading.Lock()


def _defined(name: Any) -> bool:
    return isinstance(name, str) and name.strip().casefold() in _DEFINED


class _Memo(dict[Any, Any]):
    """The cache of one :func:`per_book` function: the key is its one argument (or the tuple of its
    arguments), found by ``dict.__getitem__`` itself -- no Python frame, no look at the current book -- on
    the bots' hot path (issue 22: a wrapper reading the book on every call cost 7% of a battle).  A name a
    book defines never enters it: ``__missing__`` keeps its results per book in ``by_book``."""

    __call__ = dict.__getitem__
    several = False

    def __init__(self, function: Callable[..., Any]) -> None:
        super().__init__()
        self.function = function
        self.by_book: dict[tuple[SpellBook, Any], Any] = {}
        self.__wrapped__ = function
        self.__doc__ = function.__doc__
        self.__name__ = function.__name__

    def work_out(self, key: Any) -> Any:
        return self.function(key)

    def __missing__(self, key: Any) -> Any:
        name = key[0] if self.several else key
        if _defined(name):
            book_key = (_CURRENT.get(), key)
            try:
                return self.by_book[book_key]
            except KeyError:
                found = self.by_book[book_key] = self.work_out(key)
                return found
        found = self.work_out(key)
        with _LOCK:  # a book made meanwhile (another thread) may have just defined the name
            if not _defined(name):
                self[key] = found
        return found

    def cache_clear(self) -> None:
        self.clear()
        self.by_book.clear()


class _Memo2(_Memo):
    """A :class:`_Memo` of a function of several arguments, keyed by their tuple."""

    several = True

    def __call__(self, *args: Any) -> Any:
        return self[args]

    def work_out(self, key: Any) -> Any:
        return self.function(*key)


def per_book(function: Callable[P, R]) -> Callable[P, R]:
    """A cache of ``function`` (positional arguments, the first a card name or None) keyed by the current
    book too, where it matters: what is worked out once per card name stays right when a battle defines a
    spell of its own.  A name no book defines is worked out once for all books (the shipped pool's card is
    the same in each), found at C speed."""
    arguments = [p for p in inspect.signature(function).parameters.values()]
    memo = _Memo(function) if len(arguments) == 1 else _Memo2(function)
    _MEMOS.append(memo)
    return cast("Callable[P, R]", memo)


def define(names: Iterable[str]) -> None:
    """A book defines ``names``: forget what was worked out for them outside it (issue 22)."""
    with _LOCK:
        fresh = {n.strip().casefold() for n in names} - _DEFINED
        if not fresh:
            return
        _DEFINED.update(fresh)
        for memo in _MEMOS:
            for key in [k for k in memo if _defined(k[0] if memo.several else k)]:
                del memo[key]


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
