"""A living-realm position in the rule book's words: who stands in which clearing, with what, and which
travellers wander where.  A scenario file's ``[setup]``::

    deal = 1                      # the seed the tiles and chits are dealt with (Expansion Setup, 15)
    generator_revealed = false
    [[characters]]
    name = "Black Knight"
    clearing = "Borderland 1"
    gold = 10
    magic_chits = 2               # also: colour_magic, female, wounds, fatigue
    spells = ["Prayer"]           # the spells he knows (ruling MR55)
    [[travellers]]                # the travellers on the board (all of them, when listed)
    name = "Jester"
    clearing = "Borderland 1"
    roll = 3                      # the monster roll that moves it (7.3, ruling MR5)

The whole is validated (:meth:`RealmPosition.build`): an unknown clearing, a traveller not in the
expansion, two characters or travellers of one name, a traveller without a roll of 1-6 -- each is
refused with an ``InputError``/``DataError`` saying why.  The tiles and chits are dealt with ``deal``; the
scenario's own dice begin with the first day.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.data import traveller
from magecraft.magic_realm.days import RealmDays
from magecraft.magic_realm.pieces import TravellerPiece


def _table(raw: Any, what: str, known: set[str]) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise DataError(f"{what} is a table, not {raw!r}")
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DataError(f"{what}: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")
    return raw


@dataclass(frozen=True)
class CharacterAt:
    """A character in a clearing, with his gold, MAGIC chits, colour magic, sex, wounds, fatigue and spells."""

    name: str
    clearing: str
    gold: int = 10
    magic_chits: int = 0
    colour_magic: bool = False
    female: bool | None = None
    wounds: int = 0
    fatigue: int = 0
    spells: tuple[str, ...] = ()

    @classmethod
    def from_mapping(cls, raw: Any, what: str) -> CharacterAt:
        row = _table(raw, what, {"name", "clearing", "gold", "magic_chits", "colour_magic", "female", "wounds",
                                 "fatigue", "spells"})
        known = row.get("spells", [])
        if not isinstance(known, list) or not all(isinstance(k, str) for k in known):
            raise DataError(f"{what}: spells is a list of spell names, like ['Prayer', 'Hop']")
        try:
            female = row.get("female")
            return cls(str(row["name"]), str(row["clearing"]), int(row.get("gold", 10)),
                       int(row.get("magic_chits", 0)), bool(row.get("colour_magic", False)),
                       None if female is None else bool(female), int(row.get("wounds", 0)),
                       int(row.get("fatigue", 0)), tuple(known))
        except KeyError as exc:
            raise DataError(f"{what} needs a {exc.args[0]}") from None
        except (TypeError, ValueError) as exc:
            raise DataError(f"{what}: {exc}") from None


@dataclass(frozen=True)
class TravellerAt:
    """A wandering traveller in a clearing, moved by the monster roll ``roll`` (7.3)."""

    name: str
    clearing: str
    roll: int

    @classmethod
    def from_mapping(cls, raw: Any, what: str) -> TravellerAt:
        row = _table(raw, what, {"name", "clearing", "roll"})
        try:
            return cls(str(row["name"]), str(row["clearing"]), int(row["roll"]))
        except KeyError as exc:
            raise DataError(f"{what} needs a {exc.args[0]}") from None
        except (TypeError, ValueError) as exc:
            raise DataError(f"{what}: {exc}") from None


@dataclass(frozen=True)
class RealmPosition:
    """A moment of the living realm between days (see the module docstring)."""

    characters: tuple[CharacterAt, ...]
    travellers: tuple[TravellerAt, ...] | None = None
    deal: int = 1
    generator_revealed: bool = False

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> RealmPosition:
        row = _table(raw, "setup", {"characters", "travellers", "deal", "generator_revealed"})
        characters = tuple(CharacterAt.from_mapping(c, f"character {n}")
                           for n, c in enumerate(row.get("characters", ()), 1))
        listed = row.get("travellers")
        travellers = None if listed is None else tuple(
            TravellerAt.from_mapping(t, f"traveller {n}") for n, t in enumerate(listed, 1))
        try:
            return cls(characters, travellers, int(row.get("deal", 1)), bool(row.get("generator_revealed", False)))
        except (TypeError, ValueError) as exc:
            raise DataError(f"setup: {exc}") from None

    def build(self, rng: Randomness) -> RealmDays:
        """The realm at this position; its dice are ``rng`` from the first day on."""
        if not self.characters:
            raise DataError("setup: place at least one character, e.g. {name = 'Amazon', clearing = 'Ruins 1'}")
        realm = RealmDays.new(
            Randomness.seeded(self.deal), [f"{c.name}@{c.clearing}={c.gold}" for c in self.characters],
            colour_magic=[c.name for c in self.characters if c.colour_magic],
            female=[c.name for c in self.characters if c.female is True],
            male=[c.name for c in self.characters if c.female is False],
            generator_revealed=self.generator_revealed,
            spells={c.name: c.spells for c in self.characters if c.spells})
        for placed, wanted in zip(realm.characters, self.characters, strict=True):
            if min(wanted.magic_chits, wanted.wounds, wanted.fatigue) < 0:
                raise DataError(f"setup: {wanted.name}'s MAGIC chits, wounds and fatigue are 0 or more")
            placed.magic_chits, placed.wounds, placed.fatigue = wanted.magic_chits, wanted.wounds, wanted.fatigue
        if self.travellers is not None:
            realm.travellers = self._travellers(realm)
        realm.rng = rng
        return realm

    def _travellers(self, realm: RealmDays) -> list[TravellerPiece]:
        names = [t.name for t in self.travellers or ()]
        if len(set(names)) != len(names):
            raise DataError("setup: two travellers share a name")
        pieces = []
        for t in self.travellers or ():
            traveller(t.name)  # refused when the expansion has no such traveller
            if not 1 <= t.roll <= 6:
                raise DataError(f"setup: the {t.name}'s monster roll is 1-6, not {t.roll}")
            pieces.append(TravellerPiece(t.name, t.roll, realm.board.clearing_of(t.clearing).id))
        return pieces


def setup(rng: Randomness, raw: Mapping[str, Any]) -> RealmDays:
    """``GameType.setup``: the realm at the position of a scenario's ``[setup]``."""
    return RealmPosition.from_mapping(raw).build(rng)
