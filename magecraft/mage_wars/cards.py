"""Card facts for the compact Mage Wars arena, loaded from ``data/cards.json``.

Creature and mage statistics and attack rows are facts from the published cards (see the data
file's source note); the effects of enchantments and incantations are our own structured
summaries.  Spellbooks (``data/spellbooks.json``) and the Dummy Mage's four decks
(``data/dummy_decks.json``, seed 003 "Suggested Starting Dummy Mage Decks") load from data too,
and your own book or decks can come from a JSON file of the same shape.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.names import close_names

#: Seed 003, Setup 2: the sizes of the Dummy Mage's four decks.
DUMMY_DECK_SIZES = {"creature": 15, "incantation": 10, "enchantment": 10, "attack": 10}
#: More copies of one card than the largest deck holds are refused before the list is built (a huge count
#: in a file would otherwise exhaust memory); a spellbook's own copy limits (A14) are lower still.
MOST_COPIES = max(DUMMY_DECK_SIZES.values())
CARD_TYPES = ("creature", "enchantment", "incantation", "attack", "mage")
_EFFECT_ROLL = re.compile(r"^(\d+)(?:-(\d+)|(\+))$")
_TRAIT_NUMBER = re.compile(r"^(.*?)\s*([+-]\d+|\d+)$")
_VERSUS = re.compile(r"^\+(\d+) vs\. (.+?)( Creatures)?$")
#: When a face-down enchantment of yours may be revealed in the middle of the Dummy Mage's turn (ruling A17).
REVEAL_TRIGGERS = ("", "bearer_attacks", "bearer_attacked")
REQUIREMENTS = {"creature", "living", "corporeal", "non_mage", "flying", "not_flying", "damaged",
                 "enchanted", "movable", "action_left"}


@cache
def trait_number(trait: str) -> tuple[str, int] | None:
    """``"Regenerate 2"`` -> ``("Regenerate", 2)``; a trait without a number -> None."""
    match = _TRAIT_NUMBER.match(trait)
    return (match.group(1), int(match.group(2))) if match else None


@cache
def _first_trait_values(traits: tuple[str, ...]) -> Mapping[str, int]:
    """What :func:`trait_value` answers for every name it knows in ``traits``, worked out once per list."""
    values: dict[str, int] = {}
    for trait in traits:
        values.setdefault(trait, 0)
        numbered = trait_number(trait)
        if numbered is not None:
            values.setdefault(*numbered)
    return MappingProxyType(values)


@cache
def _versus(traits: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``+2 vs. Flying`` -> ``("Flying", 2)``, for each such trait of an attack, read once per list."""
    return tuple((m.group(2), int(m.group(1))) for m in map(_VERSUS.match, traits) if m)


def trait_value(traits: tuple[str, ...], name: str) -> int | None:
    """The number of a trait like ``Regenerate 2`` or ``Melee +1``; 0 for a bare trait, None if absent."""
    for trait in traits:
        if trait == name:
            return 0
        match = _TRAIT_NUMBER.match(trait)
        if match and match.group(1) == name:
            return int(match.group(2))
    return None


@dataclass(frozen=True, slots=True)
class EffectRow:
    """One row of an attack's effect-die table: on ``low``-``high`` these conditions (and a push)."""

    low: int
    high: int
    conditions: tuple[tuple[str, int], ...] = ()
    push: bool = False


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack printed on a card: dice, range, damage type, traits and effect rows."""

    name: str
    action: str
    kind: str
    min_range: int
    max_range: int
    dice: int
    damage_type: str
    traits: tuple[str, ...] = ()
    effects: tuple[EffectRow, ...] = ()
    mana_cost: int = 0
    is_spell: bool = False
    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def zone_attack(self) -> bool:
        return "Zone Attack" in self.traits

    def trait(self, name: str) -> int | None:
        """The number of a trait like ``Piercing +2`` (0 for a bare trait, None if absent), as
        :func:`trait_value` reads it."""
        return _first_trait_values(self.traits).get(name)

    @property
    def has_bonuses(self) -> bool:
        """Whether it has traits like ``+2 vs. Flying`` (see :meth:`bonus_against`)."""
        return bool(_versus(self.traits))

    def bonus_against(self, target_traits: tuple[str, ...], nonliving: bool) -> int:
        """Dice added by traits like ``+2 vs. Flying``."""
        return sum(dice for against, dice in _versus(self.traits)
                   if (against == "Nonliving" and nonliving) or against in target_traits)


@dataclass(frozen=True, slots=True)
class SpellEffect:
    """What an enchantment or incantation does, in our own words as data.

    ``side`` says whom the Dummy Mage casts it on (seed 003, criteria i-iii); ``requires`` lists
    what a target must be for the spell to work ("discard it if it would not make sense").
    ``reveal_when`` names the moment outside your decisions when revealing it face down could change
    what happens: ``bearer_attacks`` or ``bearer_attacked`` (ruling A17); empty for none.
    """

    side: str
    text: str
    requires: tuple[str, ...] = ()
    melee_dice: int = 0
    attack_dice: int = 0
    life: int = 0
    grants: tuple[str, ...] = ()
    removes: tuple[str, ...] = ()
    melee_unavoidable: bool = False
    next_melee_unavoidable: bool = False
    extra_melee_attack: bool = False
    this_round: tuple[str, ...] = ()
    heal_dice: int = 0
    condition: str | None = None
    banish_upkeeps: int = 0
    purge: bool = False
    reveal_when: str = ""


@dataclass(frozen=True, slots=True)
class Training:
    """A mage's spell schools and spellbook size (Mage Wars Arena spellbook building, ruling A14).

    A spell costs its level in spellbook points per school: once if the mage is trained in it, three
    times if opposed, twice otherwise.  ``choice`` lists schools of which the mage trains one (the
    Wizard's elemental school).
    """

    trained: tuple[str, ...] = ()
    opposed: tuple[str, ...] = ()
    choice: tuple[str, ...] = ()
    points: int = 0

    def factor(self, school: str, chosen: str | None) -> int:
        if school in self.trained or school == chosen:
            return 1
        return 3 if school in self.opposed else 2


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A card: a creature, an enchantment, an incantation, an attack spell or a mage.

    Equal only to itself (``eq=False``): a card is built once per card book, and its identity is a cheap key
    for the caches of what is derived from it (a game's own cards are other objects than the shipped ones).
    """

    name: str
    type: str
    cost: int
    action: str
    min_range: int
    max_range: int
    life: int = 0
    armor: int = 0
    channeling: int = 0
    reveal_cost: int = 0
    traits: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    attacks: tuple[Attack, ...] = ()
    effect: SpellEffect | None = None
    #: Spell schools with their levels (spells); a mage's training (mages).
    schools: tuple[tuple[str, int], ...] = ()
    training: Training | None = None

    @property
    def level(self) -> int:
        return sum(level for _, level in self.schools)

    def book_points(self, training: Training, chosen: str | None) -> int:
        """Spellbook points for one copy; a Novice spell costs 1 a level whatever the training."""
        if self.trait("Novice") is not None:
            return self.level
        return sum(level * training.factor(school, chosen) for school, level in self.schools)

    def mana_to_cast(self, reveal: bool = False) -> int:
        """Mana to cast; an enchantment is cast face down for its cost, and revealing adds its reveal cost."""
        return self.cost + (self.reveal_cost if reveal else 0)

    @property
    def is_creature(self) -> bool:
        return self.type in ("creature", "mage")

    def trait(self, name: str) -> int | None:
        return trait_value(self.traits, name)


#: The field names of a card's data (``data/cards.json``); an entry with any other key is refused.
CARD_KEYS = ("name", "type", "cost", "action", "range", "life", "armor", "channeling", "reveal_cost", "traits",
             "subtypes", "attacks", "effect", "schools", "training", "spellbook_points", "target_restriction")
ATTACK_KEYS = ("name", "action", "kind", "range", "dice", "damage_type", "traits", "effects", "mana_cost")
EFFECT_KEYS = tuple(SpellEffect.__dataclass_fields__)
ACTIONS = ("quick", "full")
ATTACK_KINDS = ("melee", "ranged")


def _refuse_unknown(raw: Mapping[str, Any], known: tuple[str, ...], source: str) -> None:
    """A misspelt field would otherwise be ignored silently: the entry is refused, naming it."""
    for key in raw:
        if key not in known:
            raise DataError(f"{source}: unknown field {str(key)!r} (fields: {', '.join(known)})")


def _whole(raw: Mapping[str, Any], key: str, source: str, default: int | None = None) -> int:
    """A whole number field of 0 or more, refused naming the field otherwise (``null`` reads as 0)."""
    value = raw.get(key, default) if default is not None else raw[key]
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DataError(f"{source}: {key} must be a whole number of 0 or more, not {value!r}")
    return value


def _words(raw: Mapping[str, Any], key: str, source: str) -> tuple[str, ...]:
    """A list-of-words field (traits, subtypes); a bare string would read as its letters, so it is refused."""
    value = raw.get(key, [])
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise DataError(f"{source}: {key} must be a list of words, not {value!r}")
    return tuple(value)


def _one_of(raw: Mapping[str, Any], key: str, allowed: tuple[str, ...], source: str) -> str:
    value = raw[key]
    if value not in allowed:
        raise DataError(f"{source}: {key} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _range(text: Any, source: str) -> tuple[int, int]:
    match = re.match(r"^(\d+)-(\d+)$", str(text))
    if not match or int(match.group(1)) > int(match.group(2)):
        raise DataError(f"{source}: range {text!r} is not 'min-max'")
    return int(match.group(1)), int(match.group(2))


def _effect_row(raw: Mapping[str, Any], source: str) -> EffectRow:
    if not isinstance(raw, Mapping):
        raise DataError(f"{source}: an effect row is a table like {{roll = \"4-9\", effect = \"Daze\"}}")
    _refuse_unknown(raw, ("roll", "effect"), f"{source} effect row")
    match = _EFFECT_ROLL.match(str(raw["roll"]))
    if not match:
        raise DataError(f"{source}: effect roll {raw['roll']!r} is not 'N+' or 'low-high'")
    low = int(match.group(1))
    high = 12 if match.group(3) else int(match.group(2))
    conditions: list[tuple[str, int]] = []
    push = False
    for part in str(raw["effect"]).split("+"):
        words = part.split()
        if not words:
            raise DataError(f"{source}: empty effect in {raw['effect']!r}")
        count = int(words[0]) if words[0].isdecimal() else 1
        name = " ".join(words[1:] if words[0].isdecimal() else words)
        if name == "Push":
            push = True
        else:
            conditions.append((name, count))
    return EffectRow(low, high, tuple(conditions), push)


def _attack(raw: Mapping[str, Any], source: str, is_spell: bool) -> Attack:
    if not isinstance(raw, Mapping):
        raise DataError(f"{source}: an attack is a table of {', '.join(ATTACK_KEYS)}")
    source = f"{source} attack {raw.get('name', '?')!r}"
    _refuse_unknown(raw, ATTACK_KEYS, source)
    low, high = _range(raw["range"], source)
    effects = raw.get("effects", [])
    if not isinstance(effects, list):
        raise DataError(f"{source}: effects must be a list of effect rows, not {effects!r}")
    traits = _words(raw, "traits", source)
    return Attack(
        name=str(raw["name"]), action=_one_of(raw, "action", ACTIONS, source),
        kind=_one_of(raw, "kind", ATTACK_KINDS, source), min_range=low, max_range=high,
        dice=_whole(raw, "dice", source), damage_type=str(raw["damage_type"]), traits=traits,
        effects=tuple(_effect_row(e, source) for e in effects), mana_cost=_whole(raw, "mana_cost", source, 0),
        is_spell=is_spell or "Counts as an attack spell" in traits,
    )


def _effect(raw: Mapping[str, Any], source: str) -> SpellEffect:
    if not isinstance(raw, Mapping):
        raise DataError(f"{source}: effect is a table of {', '.join(EFFECT_KEYS)}")
    _refuse_unknown(raw, EFFECT_KEYS, f"{source} effect")
    requires = _words(raw, "requires", source)
    unknown = set(requires) - REQUIREMENTS
    if unknown:
        raise DataError(f"{source}: unknown target requirement {sorted(unknown)[0]!r}")
    if raw.get("side") not in ("friendly", "enemy"):
        raise DataError(f"{source}: effect side must be 'friendly' or 'enemy'")
    if raw.get("reveal_when", "") not in REVEAL_TRIGGERS:
        raise DataError(f"{source}: reveal_when must be one of {', '.join(map(repr, REVEAL_TRIGGERS))}")
    fields = {k: v for k, v in raw.items() if k not in ("requires", "grants", "removes", "this_round")}
    for key, value in fields.items():
        _check_effect_field(key, value, source)
    try:
        return SpellEffect(requires=requires, grants=_words(raw, "grants", source),
                           removes=_words(raw, "removes", source),
                           this_round=_words(raw, "this_round", source), **fields)
    except TypeError as exc:
        raise DataError(f"{source}: {exc}") from None


#: The type each plain field of an effect must have (the others are lists of words).
_EFFECT_TYPES: Mapping[str, tuple[type, ...]] = MappingProxyType({
    "side": (str,), "text": (str,), "condition": (str, type(None)), "reveal_when": (str,),
    **{k: (int,) for k in ("melee_dice", "attack_dice", "life", "heal_dice", "banish_upkeeps")},
    **{k: (bool,) for k in ("melee_unavoidable", "next_melee_unavoidable", "extra_melee_attack", "purge")}})


def _check_effect_field(key: str, value: Any, source: str) -> None:
    wanted = _EFFECT_TYPES[key]
    if not isinstance(value, wanted) or (bool not in wanted and isinstance(value, bool)):
        names = " or ".join({"str": "text", "int": "a whole number", "bool": "true or false",
                             "NoneType": "absent"}[t.__name__] for t in wanted)
        raise DataError(f"{source}: effect {key} must be {names}, not {value!r}")


def card_from_dict(raw: Mapping[str, Any]) -> Card:
    """One card from its data-file entry; a malformed entry raises DataError naming the field."""
    if not isinstance(raw, Mapping):
        raise DataError(f"a card is a table of its fields ({', '.join(CARD_KEYS)}), not {raw!r}")
    source = f"card {raw.get('name', '?')!r}"
    try:
        _refuse_unknown(raw, CARD_KEYS, source)
        kind = str(raw["type"])
        if kind not in CARD_TYPES:
            raise DataError(f"{source}: unknown card type {kind!r}")
        low, high = _range(raw["range"], source)
        effect = raw.get("effect")
        if kind in ("enchantment", "incantation") and effect is None:
            raise DataError(f"{source}: an {kind} needs an effect")
        attacks = raw.get("attacks", [])
        schools = raw.get("schools", {})
        if not isinstance(attacks, list) or not isinstance(schools, Mapping):
            raise DataError(f"{source}: attacks is a list of attacks and schools a table of levels")
        return Card(
            name=str(raw["name"]), type=kind, cost=_whole(raw, "cost", source),
            action=_one_of(raw, "action", ACTIONS, source), min_range=low, max_range=high,
            life=_whole(raw, "life", source, 0), armor=_whole(raw, "armor", source, 0),
            channeling=_whole(raw, "channeling", source, 0), reveal_cost=_whole(raw, "reveal_cost", source, 0),
            traits=_words(raw, "traits", source), subtypes=_words(raw, "subtypes", source),
            attacks=tuple(_attack(a, source, kind == "attack") for a in attacks),
            effect=None if effect is None else _effect(effect, source),
            schools=tuple((str(s), _whole(schools, s, source)) for s in schools),
            training=_training(raw, source) if kind == "mage" else None,
        )
    except KeyError as exc:
        raise DataError(f"{source}: missing field {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise DataError(f"{source}: {exc}") from None


def _training(raw: Mapping[str, Any], source: str) -> Training:
    training = raw.get("training")
    if not isinstance(training, dict):
        raise DataError(f"{source}: a mage needs its training (trained and opposed schools)")
    return Training(tuple(training.get("trained", [])), tuple(training.get("opposed", [])),
                    tuple(training.get("trained_choice", [])), int(raw["spellbook_points"]))


def _read_data(name: str) -> Any:
    text = resources.files("magecraft.mage_wars").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


@dataclass(frozen=True, eq=False)
class CardBook:
    """Every card by name: the shipped pool, and the cards a game adds to it (``custom``, their data entries
    as saved with the game).  Equal only to itself, so that it is a cheap cache key (see :class:`Card`)."""

    cards: Mapping[str, Card] = field(default_factory=dict)
    custom: tuple[Mapping[str, Any], ...] = ()

    def get(self, name: str) -> Card:
        try:
            return self.cards[name]
        except KeyError:
            raise DataError(f"no Mage Wars card named {name!r}") from None

    def find(self, name: str) -> Card:
        """A card by name, ignoring case (for people typing names)."""
        for card in self.cards.values():
            if card.name.lower() == name.strip().lower():
                return card
        near = close_names(name, self.cards)
        hint = (f"; did you mean {' or '.join(repr(n) for n in near)}?" if near
                else " ('magecraft mage-wars book' lists the spellbooks' cards)")
        raise DataError(f"no Mage Wars card named {name!r}{hint}")

    def custom_entries(self) -> list[dict[str, Any]]:
        """The added cards' data entries, as plain JSON values (a fresh copy: what a save keeps)."""
        return [json.loads(json.dumps(entry)) for entry in self.custom]


@cache
def card_book() -> CardBook:
    """The shipped cards (loaded once)."""
    raw = _read_data("cards.json")
    cards = {}
    for entry in raw["cards"]:
        card = card_from_dict(entry)
        if card.name in cards:
            raise DataError(f"two cards are named {card.name!r}")
        cards[card.name] = card
    return CardBook(MappingProxyType(cards))


def card_book_with(entries: Any) -> CardBook:
    """The shipped cards and ``entries``, new cards in the shipped data's own fields (a position's or a save's
    ``cards``), checked whole: a malformed entry, a name the pool or another entry already has, or a value
    that is not plain data is refused (``DataError`` naming it) and nothing is built.

    Nothing global changes: the book belongs to the game it is given to.  The same entries give the same book
    object (its cards are immutable), so what is derived from a card is worked out once.
    """
    if not entries:
        return card_book()
    if not isinstance(entries, (list, tuple)):
        raise DataError(f"cards is a list of card entries, not {entries!r}")
    try:
        text = json.dumps(list(entries), sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise DataError(f"cards: a card's fields are plain data (numbers, words, lists, tables): {exc}") from None
    return _book_with(text)


@lru_cache(maxsize=64)
def _book_with(text: str) -> CardBook:
    shipped = card_book()
    entries = json.loads(text)
    cards = dict(shipped.cards)
    for entry in entries:
        card = card_from_dict(entry)
        if card.name in cards:
            whose = "the shipped pool" if card.name in shipped.cards else "another added card"
            raise DataError(f"card {card.name!r}: {whose} already has a card of that name")
        cards[card.name] = card
    return CardBook(MappingProxyType(cards), tuple(entries))


def _counts(raw: Any, source: str, want_type: str | None, book: CardBook) -> tuple[str, ...]:
    if not isinstance(raw, dict):
        raise DataError(f"{source}: a card list must map card names to copies")
    names: list[str] = []
    for name, copies in raw.items():
        card = book.get(name) if name in book.cards else None
        if card is None:
            raise DataError(f"{source}: no card named {name!r}")
        if want_type is not None and card.type != want_type:
            raise DataError(f"{source}: {name} belongs in the {card.type} deck, not the {want_type} deck")
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise DataError(f"{source}: {name} needs a whole number of copies, not {copies!r}")
        if copies > MOST_COPIES:
            raise DataError(f"{source}: {copies} copies of {name}: no deck or book holds more than {MOST_COPIES}")
        names.extend([name] * copies)
    return tuple(names)


def _refuse_unknown_keys(raw: dict[str, Any], known: tuple[str, ...], source: str) -> None:
    """A misspelt key would otherwise be ignored silently: the file is refused instead."""
    unknown = sorted(str(k) for k in raw if k not in known)
    if unknown:
        raise DataError(f"{source}: unknown key {unknown[0]!r} (expected: {', '.join(known)})")


@dataclass(frozen=True, slots=True)
class Spellbook:
    """Your mage and the spells in its book (seed 003 Setup 1)."""

    mage: str
    cards: tuple[str, ...]
    #: The school picked from the mage's training choice (the Wizard's element); None: the cheapest.
    trained_choice: str | None = None
    #: Spellbook points allowed; None: the mage's (120).  A house rule may allow more.
    points_allowed: int | None = None

    def points(self, book: CardBook | None = None) -> tuple[int, str | None]:
        """Spellbook points the book costs, and the chosen school they assume (ruling A14)."""
        book = book or card_book()
        training = book.get(self.mage).training
        assert training is not None
        choices: tuple[str | None, ...] = ((self.trained_choice,) if self.trained_choice
                                           else training.choice or (None,))
        costs = [(sum(book.get(name).book_points(training, chosen) for name in self.cards), chosen)
                 for chosen in choices]
        return min(costs, key=lambda cost: cost[0])

    def limit(self, book: CardBook | None = None) -> int:
        training = (book or card_book()).get(self.mage).training
        assert training is not None
        return self.points_allowed or training.points


#: Copies of one spell a book may hold: level 1 spells 6, higher levels 4 (ruling A14).
MAX_COPIES = {1: 6}
MAX_COPIES_HIGHER = 4


def spellbook_from_dict(raw: Any, source: str, book: CardBook | None = None) -> Spellbook:
    """A spellbook from its file entry; one that breaks the spellbook rules (A14) is refused whole."""
    book = book or card_book()
    if not isinstance(raw, dict) or "mage" not in raw or "cards" not in raw:
        raise DataError(f"{source}: a spellbook needs 'mage' and 'cards'")
    _refuse_unknown_keys(raw, ("mage", "cards", "trained_choice", "spellbook_points", "source"), source)
    mage = book.get(str(raw["mage"])) if str(raw["mage"]) in book.cards else None
    if mage is None or mage.type != "mage" or mage.training is None:
        raise DataError(f"{source}: {raw['mage']!r} is not a mage")
    cards = _counts(raw["cards"], source, None, book)
    if any(book.get(c).type == "mage" for c in cards):
        raise DataError(f"{source}: a mage cannot be in a spellbook")
    for name in sorted(set(cards)):
        level = book.get(name).level
        most = MAX_COPIES.get(level, MAX_COPIES_HIGHER)
        if cards.count(name) > most:
            raise DataError(f"{source}: at most {most} copies of a level {level} spell, not "
                            f"{cards.count(name)} {name}")
    choice = raw.get("trained_choice")
    if choice is not None and choice not in mage.training.choice:
        allowed = ", ".join(mage.training.choice) or "none"
        raise DataError(f"{source}: {mage.name} cannot choose to train {choice!r} (choices: {allowed})")
    allowed_points = raw.get("spellbook_points")
    if allowed_points is not None and (not isinstance(allowed_points, int) or allowed_points < 1):
        raise DataError(f"{source}: spellbook_points must be a whole number of at least 1")
    spellbook = Spellbook(mage.name, cards, choice, allowed_points)
    cost, _ = spellbook.points(book)
    if cost > spellbook.limit(book):
        raise DataError(f"{source}: the book costs {cost} spellbook points and {mage.name} has "
                        f"{spellbook.limit(book)}")
    return spellbook


def ready_spellbooks() -> dict[str, Spellbook]:
    """The ready-made books, by name."""
    raw = _read_data("spellbooks.json")
    return {name: spellbook_from_dict(entry, f"spellbook {name}") for name, entry in raw["spellbooks"].items()}


@dataclass(frozen=True, slots=True)
class DummyDecks:
    """The Dummy Mage's four decks (seed 003 Setup 2)."""

    creature: tuple[str, ...]
    enchantment: tuple[str, ...]
    incantation: tuple[str, ...]
    attack: tuple[str, ...]


def dummy_decks_from_dict(raw: Any, source: str, book: CardBook | None = None) -> DummyDecks:
    """Four decks of exactly the seed's sizes; anything else refuses the whole file."""
    book = book or card_book()
    if not isinstance(raw, dict):
        raise DataError(f"{source}: expected an object with the four decks")
    _refuse_unknown_keys(raw, (*DUMMY_DECK_SIZES, "source"), source)
    decks = {}
    for kind, size in DUMMY_DECK_SIZES.items():
        if kind not in raw:
            raise DataError(f"{source}: the {kind} deck is missing")
        names = _counts(raw[kind], f"{source} ({kind} deck)", kind, book)
        if len(names) != size:
            raise DataError(f"{source}: the {kind} deck needs {size} cards, not {len(names)}")
        decks[kind] = names
    return DummyDecks(**decks)


@cache
def suggested_dummy_decks() -> DummyDecks:
    """Seed 003's suggested decks, read once (frozen, so every game may share them)."""
    return dummy_decks_from_dict(_read_data("dummy_decks.json"), "dummy_decks.json")


def load_json_file(path: Path) -> Any:
    """A JSON file supplied by the user; unreadable or malformed files raise DataError."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a UTF-8 text file") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON: {exc.msg} (line {exc.lineno})") from None
