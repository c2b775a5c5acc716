"""The duellists: a Wizard as a quick duel needs one, and that Wizard's side while the duel is played.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Single Card Duel" 1-2 (the hand drawn up to standard
size, initiative by DX), "COMBAT: Magic Item Use" (scrolls, potions and charged items carried),
"FEATS: Spell Preparation", "FEATS: Slight of Hand" and "FEATS: Elemental Resistance".  The duel
itself is :class:`magecraft.mtg_rpg.duel.QuickDuel`; a saved Wizard becomes a :class:`Duellist` in
:func:`magecraft.mtg_rpg.duel_sheet.duellist_for`.

>>> Duellist("Sarin", life=14, hand_size=4, dexterity=3, intelligence=1, library=("Lava Axe",)).hand_size
4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import CardPool


@dataclass(frozen=True, slots=True)
class Duellist:
    """A Wizard as a quick duel needs one: life, hand size (IQ + 2 + feats), DX and IQ, the library."""

    name: str
    life: int
    hand_size: int
    dexterity: int
    intelligence: int
    library: tuple[str, ...]
    #: The initiative modifier, DX and feats (the sheet's ``derive(...).initiative``); None: DX.
    initiative: int | None = None
    #: Scrolls and potions carried, by spell: each used once, as its spell ("Magic Item Use").
    items: tuple[str, ...] = ()
    #: Charged (and unpowered) items: (item, its spell, uses left today); each use works as the spell,
    #: already powered ("Magic Item Use", ruling R20).
    charged: tuple[tuple[str, str, int], ...] = ()
    #: "FEATS: Spell Preparation": the spell put into the hand before the first draw.
    prepared: str | None = None
    #: "FEATS: Slight of Hand": three cards drawn for the ante, the cheapest given up (ruling R9).
    sleight_of_hand: bool = False
    #: "FEATS: Elemental Resistance": (the favoured element, points of damage resistance against it).
    resistance: tuple[str, int] | None = None


class DuelSide:
    """One Wizard during the duel."""

    __slots__ = ("ante", "charges", "charges_used", "damage_dealt", "deck", "dexterity", "intelligence",
                 "item_used", "items", "life", "name", "plays_left", "resistance", "start_life")

    def __init__(self, name: str, deck: SpellDeck, life: int, start_life: int, dexterity: int,
                 intelligence: int, *, plays_left: int = 0, damage_dealt: int = 0,
                 ante: str | None = None, items: Sequence[str] = (), item_used: bool = False,
                 charges: Mapping[str, tuple[str, int]] | None = None, charges_used: Sequence[str] = (),
                 resistance: tuple[str, int] | None = None) -> None:
        self.name = name
        self.deck = deck
        self.life = life
        self.start_life = start_life
        self.dexterity = dexterity
        self.intelligence = intelligence
        self.plays_left = plays_left
        self.damage_dealt = damage_dealt
        self.ante = ante
        self.items = list(items)
        self.item_used = item_used
        #: Charged item -> (its spell, uses left today).
        self.charges = dict(charges or {})
        self.charges_used = list(charges_used)
        self.resistance = resistance

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "deck": self.deck.to_dict(), "life": self.life, "start_life": self.start_life,
                "dexterity": self.dexterity, "intelligence": self.intelligence, "plays_left": self.plays_left,
                "damage_dealt": self.damage_dealt, "ante": self.ante, "items": list(self.items),
                "item_used": self.item_used,
                "charges": {item: {"spell": spell, "left": left} for item, (spell, left) in self.charges.items()},
                "charges_used": list(self.charges_used),
                "resistance": None if self.resistance is None else list(self.resistance)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], pool: CardPool) -> DuelSide:
        return cls(str(raw["name"]), SpellDeck.from_dict(raw["deck"], pool), int(raw["life"]),
                   int(raw["start_life"]), int(raw["dexterity"]), int(raw["intelligence"]),
                   plays_left=int(raw["plays_left"]), damage_dealt=int(raw["damage_dealt"]), ante=raw["ante"],
                   items=[str(i) for i in raw.get("items", [])], item_used=bool(raw.get("item_used", False)),
                   charges={str(k): (str(v["spell"]), int(v["left"])) for k, v in raw.get("charges", {}).items()},
                   charges_used=[str(i) for i in raw.get("charges_used", [])],
                   resistance=None if raw.get("resistance") is None
                   else (str(raw["resistance"][0]), int(raw["resistance"][1])))
