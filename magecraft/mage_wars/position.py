"""A Mage Wars solo position in the rule book's words: who stands where, hurt how much, in which stage.

A scenario file's ``[setup]`` (or a test) arranges a moment of a game without playing up to it::

    stage = "creatures"          # planning | quick cast 1 | creatures | quick cast 2 (seed 003 Gameplay)
    round = 2
    mana = 9
    planned = ["Jet Stream"]
    you = {zone = "D3", damage = 4}
    dummy = {zone = "A1", conditions = {Daze = 1}}
    [[creatures]]
    side = "dummy"
    card = "Emerald Tegu"
    zone = "C3"
    damage = 5
    [[cards]]                    # a card missing from the shipped pool, in data/cards.json's own fields
    name = "Sunspear"
    type = "attack"
    ...

The whole is validated before a game is built (:meth:`Position.build`): a zone that is not in the arena,
a card that is not in the book or not a creature, damage that would have killed, more than two spells
planned, a deck holding a card of another type, an added card with a bad or unknown field or a name the pool
already has -- each is refused with a ``DataError`` saying why.
The Dummy Mage's decks are used in the order given, top first (not shuffled), so the scenario's dice
decide everything that follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.mage_wars.actions import Stage, Step
from magecraft.mage_wars.arena import ZONES
from magecraft.mage_wars.cards import CardBook, card_book_with, ready_spellbooks
from magecraft.mage_wars.game import DECK_KINDS, MageWarsGame
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU, Unit

#: The stages a position may stand at, in the rule book's words.
STAGES = {"planning": Stage.READY, "quick cast 1": Stage.QUICK_CAST_1, "creatures": Stage.CREATURES,
          "quick cast 2": Stage.QUICK_CAST_2}
SIDES = {"you": YOU, "dummy": DUMMY}


@dataclass(frozen=True)
class UnitAt:
    """A mage or creature in the arena: its card, zone, damage, conditions and enchantments.

    ``face_down``: your enchantments attached face down (ruling A13); ``ready``: its action marker is
    active (a creature summoned this round is not).
    """

    zone: str
    card: str = ""
    side: str = "you"
    damage: int = 0
    ready: bool = True
    conditions: Mapping[str, int] = field(default_factory=dict)
    enchantments: tuple[str, ...] = ()
    face_down: tuple[str, ...] = ()

    @classmethod
    def from_mapping(cls, raw: Any, what: str) -> UnitAt:
        if not isinstance(raw, Mapping):
            raise DataError(f"{what} is a table like {{zone = \"B2\", card = \"Timber Wolf\"}}, not {raw!r}")
        known = {"zone", "card", "side", "damage", "ready", "conditions", "enchantments", "face_down"}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise DataError(f"{what}: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")
        try:
            return cls(str(raw["zone"]), str(raw.get("card", "")), str(raw.get("side", "you")),
                       int(raw.get("damage", 0)), bool(raw.get("ready", True)),
                       {str(k): int(v) for k, v in dict(raw.get("conditions", {})).items()},
                       tuple(str(e) for e in raw.get("enchantments", ())),
                       tuple(str(e) for e in raw.get("face_down", ())))
        except KeyError:
            raise DataError(f"{what} needs a zone") from None
        except (TypeError, ValueError) as exc:
            raise DataError(f"{what}: {exc}") from None

    def check(self, what: str, card_type: str, book: CardBook) -> None:
        if self.zone not in ZONES:
            raise DataError(f"{what}: {self.zone!r} is not a zone of the arena ({', '.join(ZONES)})")
        card = book.get(self.card)
        if card.type != card_type:
            raise DataError(f"{what}: {self.card} is a {card.type}, not a {card_type}")
        if self.side not in SIDES:
            raise DataError(f"{what}: a side is 'you' or 'dummy', not {self.side!r}")
        if not 0 <= self.damage < card.life:
            raise DataError(f"{what}: {self.card} has {card.life} life: damage {self.damage} "
                            f"is not 0-{card.life - 1}")
        for name in (*self.enchantments, *self.face_down):
            if book.get(name).type != "enchantment":
                raise DataError(f"{what}: {name} is not an enchantment")
        if self.face_down and self.side != "you":
            raise DataError(f"{what}: only your enchantments are cast face down (the Dummy Mage's are face up)")
        for name, count in self.conditions.items():
            if count < 1:
                raise DataError(f"{what}: condition {name} needs a count of 1 or more, not {count}")

    def unit(self, ident: str, side: str, book: CardBook) -> Unit:
        return Unit(ident, self.card, side, self.zone, book.get(self.card).life, damage=self.damage,
                    ready=self.ready, conditions=dict(self.conditions), enchantments=list(self.enchantments),
                    hidden=list(self.face_down), book=book)


@dataclass(frozen=True)
class Position:
    """A moment of a Mage Wars solo game (see the module docstring); :meth:`build` makes the game."""

    you: UnitAt = UnitAt("D3")
    dummy: UnitAt = UnitAt("A1")
    creatures: tuple[UnitAt, ...] = ()
    stage: str = "quick cast 1"
    round: int = 1
    initiative: str = "dummy"
    #: Who acts next in the Creature Actions Stage.
    turn: str = "you"
    mana: int = 10
    spellbook: tuple[str, ...] | None = None
    planned: tuple[str, ...] = ()
    decks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: Cards added to the pool for this game, each in the shipped card data's own fields (``data/cards.json``);
    #: they may stand in the arena, the spellbook, the plan and the decks, and are saved with the game.
    cards: tuple[Mapping[str, Any], ...] = ()

    def book(self) -> CardBook:
        """The cards of this game: the shipped pool and :attr:`cards` (refused whole if one is malformed)."""
        return card_book_with(list(self.cards))

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> Position:
        """A position from a scenario's ``[setup]`` table (plain TOML values)."""
        known = {"you", "dummy", "creatures", "stage", "round", "initiative", "turn", "mana", "spellbook",
                 "planned", "decks", "settings", "cards"}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise DataError(f"setup: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")
        you = UnitAt.from_mapping({"card": "Wizard", **dict(raw.get("you", {"zone": "D3"}))}, "you")
        dummy = UnitAt.from_mapping(
            {"card": "Warlock", "side": "dummy", **dict(raw.get("dummy", {"zone": "A1"}))}, "the Dummy Mage")
        creatures = tuple(UnitAt.from_mapping(c, f"creature {n}")
                          for n, c in enumerate(raw.get("creatures", ()), 1))
        decks = raw.get("decks", {})
        if not isinstance(decks, Mapping):
            raise DataError("setup: decks is a table of the Dummy Mage's decks, e.g. {creature = [\"Wolf\"]}")
        book = raw.get("spellbook")
        cards = raw.get("cards", ())
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, Mapping) for c in cards):
            raise DataError("setup: cards is a list of card tables ([[setup.cards]]) in the card data's fields")
        try:
            return cls(you, dummy, creatures, str(raw.get("stage", "quick cast 1")), int(raw.get("round", 1)),
                       str(raw.get("initiative", "dummy")), str(raw.get("turn", "you")), int(raw.get("mana", 10)),
                       None if book is None else tuple(str(c) for c in book),
                       tuple(str(c) for c in raw.get("planned", ())),
                       {str(k): tuple(str(c) for c in v) for k, v in decks.items()}, dict(raw.get("settings", {})),
                       tuple(dict(c) for c in cards))
        except (TypeError, ValueError) as exc:
            raise DataError(f"setup: {exc}") from None

    def check(self) -> tuple[Settings, CardBook]:
        """Refuse an impossible position (``DataError`` saying why); its settings and cards when it is whole."""
        settings = Settings.from_dict(dict(self.settings))
        settings.validate()
        book = self.book()
        if self.stage not in STAGES:
            raise DataError(f"setup: the stage is one of {', '.join(STAGES)}, not {self.stage!r}")
        for name, value in (("initiative", self.initiative), ("turn", self.turn)):
            if value not in SIDES:
                raise DataError(f"setup: {name} is 'you' or 'dummy', not {value!r}")
        if self.round < 1 or self.mana < 0:
            raise DataError(f"setup: round {self.round} and mana {self.mana} must be 1 or more and 0 or more")
        self.you.check("you", "mage", book)
        self.dummy.check("the Dummy Mage", "mage", book)
        if self.you.side != "you" or self.dummy.side != "dummy":
            raise DataError("setup: 'you' is your mage and 'dummy' the Dummy Mage: neither takes a side")
        for n, creature in enumerate(self.creatures, 1):
            creature.check(f"creature {n}", "creature", book)
        for name in (*(self.spellbook or ()), *self.planned):
            book.get(name)
        if len(self.planned) > 2:
            raise DataError(f"setup: at most 2 spells are planned a round (seed 003 Planning), "
                            f"not {len(self.planned)}")
        if self.planned and self.stage == "planning":
            raise DataError("setup: spells are planned in the Planning step: none are planned before it")
        for kind, cards in self.decks.items():
            if kind not in DECK_KINDS:
                raise DataError(f"setup: the Dummy Mage's decks are {', '.join(DECK_KINDS)}, not {kind!r}")
            for name in cards:
                if book.get(name).type != kind:
                    raise DataError(f"setup: {name} is a {book.get(name).type}, not for the {kind} deck")
        return settings, book

    def build(self, rng: Randomness) -> MageWarsGame:
        """The game at this position, run on to its first decision (the Dummy Mage's, when it goes first)."""
        settings, book = self.check()
        units = {YOU: self.you.unit(YOU, YOU, book), DUMMY: self.dummy.unit(DUMMY, DUMMY, book)}
        units[DUMMY].ready = False  # the Dummy Mage never acts as a creature
        spellbook = list(self.spellbook) if self.spellbook is not None else list(
            ready_spellbooks()[self.you.card].cards if self.you.card in ready_spellbooks() else ())
        piles = {kind: Deck(list(self.decks.get(kind, ())), name=f"Dummy Mage {kind}") for kind in DECK_KINDS}
        stage = STAGES[self.stage]
        game = MageWarsGame(rng, settings, units, piles, spellbook, mana=self.mana, round_no=self.round,
                            stage=stage, initiative=SIDES[self.initiative], planned=list(self.planned),
                            turn=SIDES[self.turn] if stage == Stage.CREATURES else "", cards=book)
        for creature in self.creatures:
            side = SIDES[creature.side]
            unit = game.add_creature(book.get(creature.card), side, creature.zone)
            placed = creature.unit(unit.id, side, book)
            game.units[unit.id] = placed
        if stage == Stage.READY:
            game.pending = Step.PLAN
        else:
            game.advance()
        return game


def setup(rng: Randomness, raw: Mapping[str, Any]) -> MageWarsGame:
    """``GameType.setup``: the game at the position of a scenario's ``[setup]``."""
    return Position.from_mapping(raw).build(rng)

