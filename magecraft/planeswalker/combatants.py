"""Who stands in a battle: player characters, enemy mages and creatures (seed 001, "Combat Mechanics").

A :class:`Combatant` is either a mage (a player character or an enemy mage, with a Mana
Pool, a Memory and a Library) or a creature read off a Ninth Edition card: "For
creatures, they have life equal to twice their toughness."

>>> bears = creature_from_card("c1", "Grizzly Bears", "foes")
>>> bears.power, bears.toughness, bears.life
(2, 2, 4)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from magecraft.core.errors import DataError
from magecraft.mtg_rpg.cards import COLORS, Card
from magecraft.planeswalker.book import card_of, per_book
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.data import identities
from magecraft.planeswalker.mana import restore

#: Keywords combat reads, as the card data spells them (bought keywords are stored the same way).
FLYING, REACH, VIGILANCE, TRAMPLE = "Flying", "Reach", "Vigilance", "Trample"
FIRST_STRIKE, DOUBLE_STRIKE, REGENERATE, HASTE = "First strike", "Double strike", "Regenerate", "Haste"
DEATHTOUCH, LIFELINK, DEFENDER, EXALTED = "Deathtouch", "Lifelink", "Defender", "Exalted"
ABSORB, WITHER, INTIMIDATE, FEAR, SPLIT_SECOND = "Absorb 1", "Wither", "Intimidate", "Fear", "Split second"
POISONOUS, BATTLE_CRY, LANDWALK = "Poisonous", "Battle cry", "Landwalk"
#: Not a keyword of Magic's: what Pacifism gives besides Defender ("can't attack or block", ruling PW41).
CANT_BLOCK = "Can't block"
#: Not a keyword of Magic's: what Dehydration gives ("doesn't untap during its controller's untap step", PW51).
DOESNT_UNTAP = "Doesn't untap"
#: Not a keyword either: Holy Day's "prevent all combat damage that would be dealt this turn" (PW52).
FOGGED = "Combat damage prevented"
#: Reverse Damage's mark until end of turn: the next damage to its mage is prevented and gained (PW64).
REVERSED = "Damage reversed"
#: Sanctum Guardian's mark until end of turn: the next damage to the combatant is prevented (PW71).
SHIELDED = "Next damage prevented"
#: Relentless Assault's mark until end of turn: its mage commands once more, after other actions (PW66).
EXTRA_COMBAT = "Additional combat"
#: What Treetop Bracers gives: "can't be blocked except by creatures with flying" (PW67).
FLYERS_ONLY = "Blocked only by flyers"
#: What Crafty Pathmage gives until end of turn ("can't be blocked this turn", PW54).
UNBLOCKABLE = "Can't be blocked"
#: Exhaustion's mark: the creature skips its next refresh, then loses the mark (PW55).
SKIPS_UNTAP = "Skips its next untap"
#: Blinding Angel's marks (PW56): the mage skips its next combat; during that turn, no combat.
SKIPS_COMBAT, NO_COMBAT = "Skips its next combat", "No combat this turn"
#: A printed landwalk and the colour of the mana its land gives (a mage's identity is its lands, PW37).
LANDWALKS = {"Plainswalk": "W", "Islandwalk": "U", "Swampwalk": "B", "Mountainwalk": "R", "Forestwalk": "G"}


def pair(a: str, b: str) -> tuple[str, str]:
    """The key of a pair of combatants' range, the same whichever is named first."""
    return (a, b) if a < b else (b, a)


@per_book
def creature_card(name: str) -> Card:
    """A creature card of the Ninth Edition pool (cached); a non-creature is refused."""
    card = card_of(name)
    if not card.is_creature:
        raise DataError(f"{card.name} is not a creature card")
    return card


@dataclass(slots=True)
class Combatant:
    """One side's fighter.  ``power``/``toughness`` are current (reduced until end of turn)."""

    id: str
    name: str
    side: str
    kind: str  # "mage" | "creature"
    power: int
    toughness: int
    base_power: int
    base_toughness: int
    life: int
    base_life: int
    speed: int
    keywords: tuple[str, ...]
    colors: tuple[str, ...]
    card: str | None = None
    controller: str | None = None  # the mage who summoned it
    sick: bool = False
    out: str | None = None  # None while in the battle; "dead", "lost", "escaped", "unsummoned"
    regenerations: int = 0
    artifact: bool = False
    # -- mages only
    mastery: int = 0
    channelling: int = 0
    focus: int = 0
    memory_score: int = 0
    identity: tuple[str, ...] = ()
    capacity: dict[str, int] = field(default_factory=dict)
    mana: dict[str, int] = field(default_factory=dict)
    memory: list[str] = field(default_factory=list)
    library: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    creatures: list[str] = field(default_factory=list)
    permanents: list[str] = field(default_factory=list)
    fleeing: bool = False
    flee_damage: int = 0
    flee_engaged: bool = False
    player: bool = False  # a player character (or enemy mage): immune to destroy, exile and steal
    # -- effects (PW35-PW37); saves from before them load with these defaults
    tapped: bool = False  # engaged without Vigilance, used a {T} ability or was tapped (PW36)
    shields: int = 0  # regeneration shields until end of turn
    prevent: int = 0  # damage still to prevent this turn
    poison: int = 0  # poison counters (Poisonous, PW37)
    tokens: list[str] = field(default_factory=list)  # a mage's creature tokens: not pervasive (PW38)
    # -- control and Auras (PW39); older saves load with these defaults
    granted: list[str] = field(default_factory=list)  # keywords given until end of turn (Angelic Blessing)
    control: list[str] = field(default_factory=list)  # stolen: [its side, its controller or "", "turn"|"aura"]
    stolen: list[str] = field(default_factory=list)  # a mage's creatures of another's (Threaten, Confiscate)
    auras: list[list[str]] = field(default_factory=list)  # a mage's Auras kept: [card, target, keywords added...]
    lorded: list[int] = field(default_factory=list)  # [Power, Toughness] given now by lords (PW41)
    lorded_keywords: list[str] = field(default_factory=list)  # keywords given now by lords (PW41)
    # -- a mage's kept artifacts and enchantments (PW43); older saves load with the default
    tapped_permanents: list[str] = field(default_factory=list)  # kept permanents tapped ({T}) until Upkeep
    damaged: int = 0  # damage dealt to it this turn (Final Punishment, PW57)
    chosen: list[list[str]] = field(default_factory=list)  # [card, colour] chosen on entering (Story Circle)
    redirect: list[str] = field(default_factory=list)  # where its next points of damage go this turn (PW77)
    diverted: list[str] = field(default_factory=list)  # points redirected, dealt once the damage is worked out

    @property
    def active(self) -> bool:
        return self.out is None

    @property
    def label(self) -> str:
        """How the log names it: a mage by name, a creature by name and id (two Grizzly Bears differ)."""
        return self.name if self.kind == "mage" else f"{self.name} ({self.id})"

    @property
    def is_mage(self) -> bool:
        return self.kind == "mage"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def controlled(self) -> list[str]:
        """A mage's creatures: summoned ones, tokens and stolen ones (all are commanded)."""
        return self.creatures + self.tokens + self.stolen

    def give_up(self, cid: str) -> None:
        """A creature stops being this mage's (it died, left, was released or taken)."""
        for held in (self.creatures, self.tokens, self.stolen):
            if cid in held:
                held.remove(cid)
                return

    def pervasive(self) -> int:
        """"Summoned creatures, conjured artifacts, and enchantments all count as permanent effects."""
        return len(self.creatures) + len(self.permanents)

    def memory_limit(self) -> int:
        """End Phase: at most half the Memory score (rounded up) held."""
        return math.ceil(self.memory_score / 2)

    def mana_order(self) -> tuple[str, ...]:
        """The identity's mana symbols in the order the sources were chosen (restoring fills in this order)."""
        order: list[str] = []
        for code in self.identity:
            entry = identities()[code]
            order.append("A" if code == "A" and "A" in self.capacity else entry.mana)
        return tuple(order)

    def to_dict(self) -> dict[str, Any]:
        raw: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            raw[name] = list(value) if isinstance(value, tuple) else (
                dict(value) if isinstance(value, dict) else (
                    [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else value))
        return raw

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Combatant:
        try:
            values = {name: raw[name] for name in cls.__slots__ if name not in _LATER or name in raw}
        except KeyError as exc:
            raise DataError(f"a saved combatant is missing {exc.args[0]!r}") from None
        for name in ("keywords", "colors", "identity"):
            values[name] = tuple(values[name])
        for name in ("memory", "library", "graveyard", "creatures", "permanents", "tokens", "granted", "control",
                     "stolen", "lorded", "lorded_keywords", "tapped_permanents", "redirect", "diverted"):
            if name in values:
                values[name] = list(values[name])
        for name in ("auras", "chosen"):
            if name in values:
                values[name] = [list(a) for a in values[name]]
        for name in ("capacity", "mana"):
            values[name] = dict(values[name])
        return cls(**values)


#: Fields added after battles were first saved: an older save loads with their defaults.
_LATER = frozenset({"tapped", "shields", "prevent", "poison", "tokens", "granted", "control", "stolen", "auras",
                    "lorded", "lorded_keywords", "tapped_permanents", "damaged", "chosen", "redirect",
                    "diverted"})


def creature_from_card(cid: str, name: str, side: str, *, controller: str | None = None,
                       sick: bool = False, regenerations: int = 1) -> Combatant:
    """A creature off its card: printed Power and Toughness, Life twice its Toughness."""
    card_name, power, toughness, keywords, colors, artifact = _printed(name)
    return Combatant(cid, card_name, side, "creature", power, toughness, power, toughness, 2 * toughness,
                     2 * toughness, 1, keywords, colors, card=card_name, controller=controller,
                     sick=sick and HASTE not in keywords, regenerations=regenerations, artifact=artifact)


@per_book
def _printed(name: str) -> tuple[str, int, int, tuple[str, ...], tuple[str, ...], bool]:
    """What combat reads off a creature card, worked out once per name (card data never changes)."""
    card = creature_card(name)
    return (card.name, card.power_value(), card.toughness_value(), card.keywords, card.colors,
            "Artifact" in card.types)


def mage_from_character(cid: str, character: Character, side: str, *, regenerations: int = 1,
                        player: bool = True) -> Combatant:
    """A character enters battle: stats off the sheet, Memory its memorised spells, the rest its Library
    in order, and "no more mana in his mana pool than his Channeling attribute" (Combat Mechanics 1).
    Spells used or forgotten today stay out of both, and Life is the Life now (ruling PW30)."""
    stats = character.stats
    colors = tuple(c for c in COLORS if c in character.identity)
    capacity = character.mana_capacity()
    mage = Combatant(cid, character.name, side, "mage", stats["power"], stats["toughness"], stats["power"],
                     stats["toughness"], stats["life"] if character.life is None else character.life,
                     stats["life"], stats["speed"], tuple(character.keywords),
                     colors, regenerations=regenerations, mastery=stats["mastery"],
                     channelling=stats["channelling"], focus=stats["focus"], memory_score=stats["memory"],
                     identity=character.identity, capacity=dict(capacity), player=player)
    memory, library = character.battle_spells
    mage.memory, mage.library = list(memory), list(library)
    restore(mage.mana, capacity, mage.mana_order(), stats["channelling"])
    return mage


@dataclass(frozen=True, slots=True)
class Strike:
    """One Power roll against one Toughness roll in locked combat, and the damage it dealt ("Locked Combat")."""

    striker: str
    target: str
    attack: int
    defence: int
    damage: int
