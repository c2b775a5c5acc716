"""Magic cards as the MtG RPG uses them, the built-in Ninth Edition pool and MTGJSON imports.

The whole system runs on Magic cards ("Game Background": "we will be using the
latest 9th edition Revised rules and card sets"): an action adds a card's mana
value to a score, spells are cast from a Wizard's library, monsters are read off
creature cards.  A :class:`Card` holds the facts those rules need -- no rules text.

The six attributes and the mana colour each one governs come from "Choosing
Attributes": Strength is Red, Dexterity Green, Constitution Black, Intelligence
Blue, Wisdom White and Charisma Colorless.

>>> pool = builtin_pool()
>>> dragon = pool.get("shivan dragon")
>>> dragon.mana_value, dragon.colored_pips(), dragon.power
(6, {'R': 2}, '5')
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.names import close_names
from magecraft.mtg_rpg.datafiles import data_text

#: The six attributes, in the order of the character sheet ("Choosing Attributes").
ATTRIBUTES: tuple[str, ...] = ("ST", "DX", "CN", "IQ", "WS", "CH")

ATTRIBUTE_NAMES: Mapping[str, str] = {
    "ST": "Strength", "DX": "Dexterity", "CN": "Constitution",
    "IQ": "Intelligence", "WS": "Wisdom", "CH": "Charisma",
}

#: The five colours in the usual WUBRG order; ``C`` stands for colorless mana.
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLORLESS = "C"
MANA_TYPES: tuple[str, ...] = (*COLORS, COLORLESS)

COLOR_NAMES: Mapping[str, str] = {
    "W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless",
}

#: "Choosing Attributes": the mana colour each attribute governs.
MANA_ATTRIBUTE: Mapping[str, str] = {
    "R": "ST", "G": "DX", "B": "CN", "U": "IQ", "W": "WS", "C": "CH",
}
ATTRIBUTE_MANA: Mapping[str, str] = {attr: mana for mana, attr in MANA_ATTRIBUTE.items()}

RARITIES: tuple[str, ...] = ("basic land", "common", "uncommon", "rare", "mythic", "special", "bonus")

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COST = re.compile(r"(?:\{[^{}]+\})*")


@lru_cache(maxsize=4096)
def _symbols(mana_cost: str) -> tuple[str, ...]:
    """The symbols of a mana cost, parsed once per cost (card data never changes; the regex is not re-run)."""
    return tuple(_SYMBOL.findall(mana_cost))


@lru_cache(maxsize=4096)
def _pips(mana_cost: str) -> tuple[tuple[str, int], ...]:
    """``(colour, count)`` for each colour of a mana cost, in WUBRG order, worked out once per cost."""
    counts: dict[str, int] = {}
    for symbol in _symbols(mana_cost):
        for part in symbol.split("/"):
            if part in COLORS:
                counts[part] = counts.get(part, 0) + 1
    return tuple((c, counts[c]) for c in COLORS if c in counts)


@dataclass(frozen=True, slots=True)
class Card:
    """One Magic card's facts: what the rules read off it."""

    name: str
    mana_cost: str
    mana_value: int
    colors: tuple[str, ...]
    type_line: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    rarity: str = "common"
    power: str | None = None
    toughness: str | None = None
    keywords: tuple[str, ...] = ()

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_colorless(self) -> bool:
        return not self.colors

    @property
    def has_x(self) -> bool:
        """Whether the cost has an X in it (X counts 0 in the mana value)."""
        return "X" in self.symbols()

    def power_value(self) -> int:
        """Printed power as a number; ``*`` (or no power) counts 0.

        >>> builtin_pool().get("Goblin Piker").power_value()
        2
        """
        return int(self.power) if self.power is not None and self.power.isdigit() else 0

    def toughness_value(self) -> int:
        """Printed toughness as a number; ``*`` (or no toughness) counts 0."""
        return int(self.toughness) if self.toughness is not None and self.toughness.isdigit() else 0

    def symbols(self) -> tuple[str, ...]:
        """The mana symbols of the cost, without braces: ``{4}{R}{R}`` -> ``('4', 'R', 'R')``."""
        return _symbols(self.mana_cost)

    def colored_pips(self) -> dict[str, int]:
        """How many coloured mana symbols of each colour the cost has (WUBRG order).

        A hybrid symbol such as ``{W/U}`` counts for each of its colours (see the
        rulings); a Phyrexian ``{W/P}`` or ``{2/W}`` counts for its one colour.
        """
        return dict(_pips(self.mana_cost))

    def pip_count(self) -> int:
        """Total coloured symbols in the cost."""
        return sum(n for _, n in _pips(self.mana_cost))

    def is_color(self, mana: str) -> bool:
        """Whether the card belongs to mana type ``mana`` (a colour letter, or ``C`` for colorless)."""
        return self.is_colorless if mana == COLORLESS else mana in self.colors

    @property
    def color_text(self) -> str:
        return "/".join(COLOR_NAMES[c] for c in self.colors) or "Colorless"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "mana_cost": self.mana_cost,
            "mana_value": self.mana_value,
            "colors": list(self.colors),
            "type_line": self.type_line,
            "types": list(self.types),
            "subtypes": list(self.subtypes),
            "supertypes": list(self.supertypes),
            "rarity": self.rarity,
            "power": self.power,
            "toughness": self.toughness,
            "keywords": list(self.keywords),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, source: str = "card") -> Card:
        """Read a card written by :meth:`to_dict` (or the shared 9ED facts file); refuse bad fields."""
        if not isinstance(raw, Mapping):
            raise DataError(f"{source}: a card must be an object")
        try:
            name = _text(raw["name"], "name", source)
            where = f"{source} ({name})"
            card = cls(
                name=name,
                mana_cost=_mana_cost(raw["mana_cost"], where),
                mana_value=_whole(raw["mana_value"], "mana_value", where),
                colors=_colors(raw["colors"], where),
                type_line=_text(raw["type_line"], "type_line", where),
                types=_texts(raw["types"], "types", where),
                subtypes=_texts(raw.get("subtypes", []), "subtypes", where),
                supertypes=_texts(raw.get("supertypes", []), "supertypes", where),
                rarity=_rarity(raw["rarity"], where),
                power=_optional_text(raw.get("power"), "power", where),
                toughness=_optional_text(raw.get("toughness"), "toughness", where),
                keywords=_texts(raw.get("keywords", []), "keywords", where),
            )
        except KeyError as exc:
            raise DataError(f"{source}: a card is missing {exc.args[0]!r}") from None
        if not card.types:
            raise DataError(f"{where}: a card needs at least one type")
        return card


def _text(value: Any, field: str, where: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise DataError(f"{where}: {field} must be {'text' if empty else 'non-empty text'}, not {value!r}")
    return value


def _mana_cost(value: Any, where: str) -> str:
    cost = _text(value, "mana_cost", where, empty=True)
    if not _COST.fullmatch(cost):
        raise DataError(f"{where}: mana_cost must be mana symbols such as {{2}}{{R}}, not {cost!r}")
    return cost


def _optional_text(value: Any, field: str, where: str) -> str | None:
    return None if value is None else _text(value, field, where)


def _texts(value: Any, field: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DataError(f"{where}: {field} must be a list of text, not {value!r}")
    return tuple(value)


def _whole(value: Any, field: str, where: str) -> int:
    # MTGJSON writes mana values as floats (6.0); half mana values (Un-sets) are refused.
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0 or value != int(value):
        raise DataError(f"{where}: {field} must be a whole number 0 or more, not {value!r}")
    return int(value)


def _colors(value: Any, where: str) -> tuple[str, ...]:
    colors = _texts(value, "colors", where)
    unknown = [c for c in colors if c not in COLORS]
    if unknown:
        raise DataError(f"{where}: unknown colour {unknown[0]!r} (colours are W, U, B, R, G)")
    return tuple(c for c in COLORS if c in colors)


def _rarity(value: Any, where: str) -> str:
    rarity = _text(value, "rarity", where).lower()
    if rarity not in RARITIES:
        raise DataError(f"{where}: unknown rarity {value!r} (one of {', '.join(RARITIES)})")
    return rarity


class CardPool:
    """A set of cards with case-insensitive lookup by name.

    >>> thopter = Card("Ornithopter", "{0}", 0, (), "Artifact Creature — Thopter", ("Artifact", "Creature"))
    >>> pool = CardPool([thopter])
    >>> pool.get("ORNITHOPTER").mana_value
    0
    """

    __slots__ = ("_by_name", "_exact", "name")

    def __init__(self, cards: Iterable[Card] = (), *, name: str = "card pool") -> None:
        self.name = name
        self._by_name: dict[str, Card] = {}
        for card in cards:
            self._by_name.setdefault(card.name.casefold(), card)
        # The engines look cards up by their printed names many times a game: no strip() and casefold() then.
        self._exact = {card.name: card for card in self._by_name.values()}

    def __len__(self) -> int:
        return len(self._by_name)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_name.values())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._by_name

    def get_many(self, names: Iterable[str]) -> list[Card]:
        """The cards called ``names``, in order, as :meth:`get` finds each (one lookup for a library of
        printed names).

        >>> [c.name for c in builtin_pool().get_many(["Shock", "lava axe"])]
        ['Shock', 'Lava Axe']
        """
        names = tuple(names)
        try:
            return list(map(self._exact.__getitem__, names))
        except KeyError:
            return [self.get(name) for name in names]

    def get(self, name: str) -> Card:
        """The card called ``name`` (any case); a typo is refused with the nearest names."""
        card = self._exact.get(name)
        if card is not None:
            return card
        card = self._by_name.get(name.strip().casefold())
        if card is not None:
            return card
        near = close_names(name, (c.name for c in self._by_name.values()))
        hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        raise DataError(f"no card called {name!r} in the {self.name}{hint}")

    def find(self, text: str) -> list[Card]:
        """Cards whose name, type line or keywords contain ``text`` (any case), by name."""
        needle = text.strip().casefold()
        found = [c for c in self if needle in c.name.casefold() or needle in c.type_line.casefold()
                 or any(needle in k.casefold() for k in c.keywords)]
        return sorted(found, key=lambda c: c.name)

    def merged(self, other: CardPool) -> CardPool:
        """This pool with ``other``'s cards added; a name already here keeps this pool's card."""
        return CardPool([*self, *other], name=self.name)

    def to_list(self) -> list[dict[str, Any]]:
        return [c.to_dict() for c in self]

    @classmethod
    def from_list(cls, raw: Any, *, source: str = "card file", name: str = "card pool") -> CardPool:
        """Cards written by :meth:`to_list`; one bad card refuses the whole file."""
        if not isinstance(raw, list):
            raise DataError(f"{source}: expected a list of cards")
        return cls((Card.from_dict(item, source=f"{source} card {i + 1}") for i, item in enumerate(raw)),
                   name=name)


@lru_cache(maxsize=1)
def builtin_pool() -> CardPool:
    """The Ninth Edition cards shipped with magecraft (``data/cards_9ed.json``)."""
    return CardPool.from_list(json.loads(data_text("cards_9ed.json")), source="cards_9ed.json",
                              name="Ninth Edition card pool")


# -- MTGJSON --------------------------------------------------------------------------------


def card_from_mtgjson(raw: Mapping[str, Any], *, source: str) -> Card:
    """One card object of an MTGJSON set (v5 field names; ``convertedManaCost`` of v4 accepted)."""
    if not isinstance(raw, Mapping):
        raise DataError(f"{source}: a card must be an object")
    value = raw.get("manaValue", raw.get("convertedManaCost"))
    if value is None:
        raise DataError(f"{source}: a card is missing 'manaValue'")
    supertypes = raw.get("supertypes", [])
    types = raw.get("types")
    rarity = raw.get("rarity")
    # MTGJSON lists basic lands as common; the rules price them as their own category.
    if isinstance(supertypes, list) and "Basic" in supertypes and isinstance(types, list) and "Land" in types:
        rarity = "basic land"
    return Card.from_dict({
        # Each face of a double-faced card is its own card, named by its face.
        "name": raw.get("faceName") or raw.get("name"),
        "mana_cost": raw.get("manaCost", ""),
        "mana_value": value,
        "colors": raw.get("colors", []),
        "type_line": raw.get("type"),
        "types": types,
        "subtypes": raw.get("subtypes", []),
        "supertypes": supertypes,
        "rarity": rarity,
        "power": raw.get("power"),
        "toughness": raw.get("toughness"),
        "keywords": raw.get("keywords", []),
    }, source=source)


def pool_from_mtgjson(raw: Any, *, source: str = "MTGJSON file") -> CardPool:
    """Every card of an MTGJSON set file or AllPrintings file; a malformed file is refused whole.

    A set file is ``{"data": {"code": ..., "cards": [...]}}``; AllPrintings is
    ``{"data": {"<SET>": {"cards": [...]}, ...}}``.  A name printed in several
    sets keeps its first printing.
    """
    if not isinstance(raw, Mapping) or not isinstance(raw.get("data"), Mapping):
        raise DataError(f"{source}: not an MTGJSON file (no 'data' object)")
    data = raw["data"]
    sets: list[tuple[str, Any]] = [(str(data.get("code", "")), data)] if "cards" in data else list(data.items())
    cards: list[Card] = []
    for code, set_data in sets:
        if not isinstance(set_data, Mapping) or not isinstance(set_data.get("cards"), list):
            raise DataError(f"{source}: set {code!r} has no list of cards")
        for i, item in enumerate(set_data["cards"]):
            where = f"{source} set {code} card {i + 1}" if code else f"{source} card {i + 1}"
            cards.append(card_from_mtgjson(item, source=where))
    if not cards:
        raise DataError(f"{source}: the file holds no cards")
    return CardPool(cards, name=f"cards imported from {source}")


def load_mtgjson(path: Path) -> CardPool:
    """Read an MTGJSON set or AllPrintings file from disk."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path.name}: not a JSON text file (it is not UTF-8)") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path.name}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    return pool_from_mtgjson(raw, source=path.name)


# -- the user's imported cards ---------------------------------------------------------------


def read_card_file(path: Path) -> CardPool:
    """Cards imported earlier (written by :func:`write_card_file`); no file means no cards."""
    if not path.exists():
        return CardPool(name="imported cards")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the imported cards in {path}: {exc}") from None
    return CardPool.from_list(raw, source=str(path), name="imported cards")


def write_card_file(path: Path, pool: CardPool) -> None:
    """Keep imported cards (sorted by name) for later commands; written whole or not at all."""
    temporary = path.with_suffix(path.suffix + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(sorted(pool.to_list(), key=lambda c: c["name"]), indent=1,
                                        ensure_ascii=False) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as exc:
        raise DataError(f"cannot write the imported cards to {path}: {exc.strerror}") from None


def card_pool(imported: Path | None = None) -> CardPool:
    """The Ninth Edition pool with any imported cards added (a Ninth Edition name keeps its card)."""
    if imported is None:
        return builtin_pool()
    return builtin_pool().merged(read_card_file(imported))
