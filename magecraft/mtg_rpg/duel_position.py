"""A quick duel arranged as it stands at the table: these Wizards, these cards in hand, this one to play.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Quick Duels" (the kinds of duel and their card
budgets), "Single Card Duel" 1-3 (hands drawn, an order of play decided, a card each in turn) and
"MTG Rule Changes" (life points).  A :class:`DuelPosition` is what a scenario file's ``[setup]``
holds: the duel's kind and victory condition, each Wizard (:class:`WizardAt`: life, hand, library,
graveyard, cards still to play) and whose turn it is, with any card missing from the shipped pool
defined for this duel (``[[setup.cards]]``, the fields of a card file).  It is checked as a whole
before a game is made of it: an impossible position is refused, saying why.

>>> from magecraft.core.randomness import Randomness
>>> position = DuelPosition.from_mapping({"kind": "three-card", "wizards": [
...     {"name": "Sarin", "hand": ["Lava Axe"], "plays_left": 1},
...     {"name": "Mord", "life": 3, "hand": ["Shock"], "plays_left": 1}]})
>>> duel = position.start(Randomness.scripted([]))
>>> duel.current_player(), [duel.action_text(a) for a in duel.legal_actions()]
('Sarin', ['play Lava Axe', 'yield'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.core.settings import dataclass_from_dict
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import CardPool, builtin_pool
from magecraft.mtg_rpg.duel import LIMITED_TURNS, QuickDuel
from magecraft.mtg_rpg.duel_actions import DuelStep
from magecraft.mtg_rpg.duel_ritual import KINDS, VICTORY_CONDITIONS
from magecraft.mtg_rpg.duel_sides import DuelSide
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS


@dataclass(frozen=True)
class WizardAt:
    """One Wizard as the duel stands: life (and the life the duel began with), the cards in hand, the
    library from its top, the graveyard, the cards of the duel's budget still to play, DX and IQ."""

    name: str
    hand: tuple[str, ...] = ()
    life: int = 14
    start_life: int = 0
    library: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    plays_left: int = 1
    hand_size: int = 4
    dexterity: int = 2
    intelligence: int = 2
    damage_dealt: int = 0

    def side(self, pool: CardPool) -> DuelSide:
        deck = SpellDeck(Deck(pool.get_many(self.library), name=f"{self.name}'s library",
                              discards=pool.get_many(self.graveyard)),
                         pool.get_many(self.hand), hand_size=self.hand_size)
        return DuelSide(self.name, deck, self.life, self.start_life or max(self.life, 1), self.dexterity,
                        self.intelligence, plays_left=self.plays_left, damage_dealt=self.damage_dealt)


@dataclass(frozen=True)
class DuelPosition:
    """A quick duel under way: its kind, turns and victory condition, the Wizards in order of play, and
    whose turn it is (``to_play``, by default the first Wizard); ``cards`` defines cards for this duel."""

    wizards: tuple[WizardAt, ...]
    kind: str = "three-card"
    victory: str = "most life"
    turns: int = 0
    to_play: str = ""
    cards: tuple[Mapping[str, Any], ...] = ()

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> DuelPosition:
        """A position from a scenario's ``[setup]`` table (unknown keys refused, naming them)."""
        fields = dict(raw)
        wizards = fields.pop("wizards", None)
        if not isinstance(wizards, list) or not all(isinstance(w, Mapping) for w in wizards):
            raise DataError("a duel position needs [[setup.wizards]], one table a Wizard")
        cards = fields.pop("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, Mapping) for c in cards):
            raise DataError("[[setup.cards]] must be tables of card fields")
        at = tuple(dataclass_from_dict(WizardAt, w, what=f"the Wizard {w.get('name', '?')!r}") for w in wizards)
        return dataclass_from_dict(cls, {**fields, "wizards": at, "cards": tuple(cards)}, what="the duel position")

    def pool(self) -> CardPool:
        """The shipped cards and those this position defines (a defined card replaces a shipped one)."""
        if not self.cards:
            return builtin_pool()
        extra = CardPool.from_list([dict(c) for c in self.cards], source="the position's cards")
        return builtin_pool().merged(extra)

    def check(self, pool: CardPool) -> None:
        """Refuse a position the rules cannot reach, saying why."""
        if self.kind not in KINDS:
            raise DataError(f"unknown duel kind {self.kind!r} (one of {', '.join(KINDS)})")
        if self.kind == "limited-turns" and self.turns not in LIMITED_TURNS:
            raise DataError(f"a limited-turns duel lasts {', '.join(map(str, LIMITED_TURNS))} turns")
        if self.victory not in VICTORY_CONDITIONS:
            raise DataError(f"unknown victory condition {self.victory!r} (one of {', '.join(VICTORY_CONDITIONS)})")
        names = [w.name for w in self.wizards]
        if len(names) < 2 or len(set(names)) != len(names):
            raise DataError("a duel needs two or more Wizards with different names")
        budget = KINDS[self.kind] or self.turns
        for wizard in self.wizards:
            for card in (*wizard.hand, *wizard.library, *wizard.graveyard):
                if card not in pool:
                    raise DataError(f"{wizard.name}'s {card!r} is not a known card (define it in [[setup.cards]])")
            if wizard.life < 1:
                raise DataError(f"{wizard.name} has {wizard.life} life: a Wizard at 0 has already lost the duel")
            if not 0 <= wizard.plays_left <= budget:
                raise DataError(f"{wizard.name} has {wizard.plays_left} cards to play, but a {self.kind} duel "
                                f"allows {budget}")
        mover = self.mover()
        if mover not in names:
            raise DataError(f"{mover!r} is not one of the Wizards ({', '.join(names)})")
        first = next(w for w in self.wizards if w.name == mover)
        if not first.hand or (first.plays_left < 1 and self.kind != "limited-turns"):
            raise DataError(f"{mover} is to play but has no card to play")

    def mover(self) -> str:
        return self.to_play or self.wizards[0].name

    def start(self, rng: Randomness) -> QuickDuel:
        """The duel at this position, with ``to_play`` to choose a card."""
        pool = self.pool()
        self.check(pool)
        names = [w.name for w in self.wizards]
        duel = QuickDuel(kind=self.kind, turns=self.turns, victory=self.victory,
                         sides=[w.side(pool) for w in self.wizards], rng=rng, pool=pool,
                         settings=DEFAULT_SETTINGS, phase=DuelStep.PLAY, chooser=names[0], order=names,
                         active=self.mover())
        rng.log.record("duel", f"a {self.kind} duel as it stands: {self.mover()} to play",
                       section="COMBAT: Quick Duels", data={"wizards": names})
        return duel


def setup(rng: Randomness, raw: Mapping[str, Any]) -> QuickDuel:
    """The game type's ``setup``: a duel from a scenario's ``[setup]`` table."""
    return DuelPosition.from_mapping(raw).start(rng)
