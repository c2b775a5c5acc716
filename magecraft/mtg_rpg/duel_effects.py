"""The quick duels' card effects as data (seed 000, "COMBAT: Quick Duels" and "MAGIC: Spell Clarifications").

Cards need effects in a quick duel: a creature deals its power (a "Wall" deals none, Spell
Clarifications 2); the instants and sorceries listed in ``data/quick_duel_effects.toml`` deal damage,
gain life, counter the card just played, destroy the creature just played or draw cards; every other
card has no effect.  The duel itself is :mod:`magecraft.mtg_rpg.duel`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from magecraft.core.errors import DataError
from magecraft.mtg_rpg.cards import Card, CardPool, builtin_pool
from magecraft.mtg_rpg.datafiles import data_text, parse_toml
from magecraft.mtg_rpg.settings import Settings

EffectKind = Literal["damage", "gain life", "counter", "destroy creature", "draw"]
EFFECT_KINDS: tuple[EffectKind, ...] = ("damage", "gain life", "counter", "destroy creature", "draw")

# -- effects as data ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EffectPart:
    """One structured effect of a card in a quick duel."""

    kind: EffectKind
    amount: int | None = None  # None with "X"
    x: bool = False
    counters: str | None = None
    creature_colour: str | None = None
    creature_not_colour: str | None = None
    #: The element of the damage, for Elemental Resistance (ruling R24); None: no element.
    element: str | None = None

    def value(self, settings: Settings) -> int:
        return settings.duel_x_value if self.x else (self.amount or 0)

    def hits(self, creature: Card) -> bool:
        """Whether a destroy effect may target this creature."""
        if self.creature_colour is not None and self.creature_colour not in creature.colors:
            return False
        return self.creature_not_colour is None or self.creature_not_colour not in creature.colors


@dataclass(frozen=True, slots=True)
class QuickEffect:
    name: str
    parts: tuple[EffectPart, ...]
    note: str = ""
    #: What the card does in damage, life and cards, X aside, and how many X it counts (the simple player's
    #: measure of a card, summed once here rather than at every decision).
    fixed: int = field(init=False, default=0)
    xs: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        counted = [p for p in self.parts if p.kind in ("damage", "gain life", "draw")]
        object.__setattr__(self, "fixed", sum(p.amount or 0 for p in counted if not p.x))
        object.__setattr__(self, "xs", sum(1 for p in counted if p.x))

    def has(self, kind: EffectKind) -> bool:
        return any(p.kind == kind for p in self.parts)


def parse_effects(text: str, *, source: str = "quick_duel_effects.toml",
                  pool: CardPool | None = None) -> dict[str, QuickEffect]:
    """Read the effects file; a bad entry, an unknown card or a non-spell refuses the whole file."""
    raw = parse_toml(text, source)
    known = pool or builtin_pool()
    effects: dict[str, QuickEffect] = {}
    for i, entry in enumerate(raw.get("card", []), start=1):
        where = f"{source} card {i}"
        try:
            card = known.get(str(entry["name"]))
            parts = tuple(_part(p, where) for p in entry["effects"])
        except (KeyError, TypeError) as exc:
            raise DataError(f"{where}: malformed entry ({exc})") from None
        except DataError as exc:
            raise DataError(f"{where}: {exc}") from None
        if not {"Instant", "Sorcery"} & set(card.types):
            raise DataError(f"{where}: {card.name} is not an instant or sorcery")
        if not parts or card.name.casefold() in effects:
            raise DataError(f"{where}: {card.name} needs effects, listed once")
        effects[card.name.casefold()] = QuickEffect(card.name, parts, str(entry.get("note", "")))
    return effects


def _part(raw: Mapping[str, Any], where: str) -> EffectPart:
    kind = raw["kind"]
    if kind not in EFFECT_KINDS:
        raise DataError(f"{where}: unknown effect {kind!r} (one of {', '.join(EFFECT_KINDS)})")
    amount = raw.get("amount")
    needs_amount = kind in ("damage", "gain life", "draw")
    if needs_amount and not (amount == "X" or (isinstance(amount, int) and amount > 0)):
        raise DataError(f"{where}: {kind} needs an amount (a number above 0 or \"X\"), not {amount!r}")
    element = raw.get("element")
    if element is not None and (kind != "damage" or not isinstance(element, str) or not element.strip()):
        raise DataError(f"{where}: only damage has an element, a word such as \"fire\", not {element!r}")
    return EffectPart(kind, amount if isinstance(amount, int) else None, amount == "X", raw.get("counters"),
                      raw.get("creature_colour"), raw.get("creature_not_colour"), element)


@lru_cache(maxsize=1)
def quick_effects() -> dict[str, QuickEffect]:
    """The shipped quick-duel effects, by card name (case-folded)."""
    return parse_effects(data_text("quick_duel_effects.toml"))


def effect_of(card: Card) -> QuickEffect | None:
    """The shipped quick-duel effect of ``card``, or None (looked up once per printed name)."""
    name = card.name
    if name in _EFFECT_BY_NAME:
        return _EFFECT_BY_NAME[name]
    effect = _EFFECT_BY_NAME[name] = quick_effects().get(name.casefold())
    return effect


#: :func:`effect_of` by printed name: the simple player weighs the same cards at every decision.
_EFFECT_BY_NAME: dict[str, QuickEffect | None] = {}


def is_wall(card: Card) -> bool:
    """A summoned "Wall" creature ("Spell Clarifications" 2): the Wall type, or Defender (the keyword
    MTGJSON gives walls that cannot attack)."""
    return card.is_creature and ("Wall" in card.subtypes or "Defender" in card.keywords)


def creature_power(card: Card) -> int:
    """A creature's power as printed; "*" counts 0 (it depends on a game a quick duel does not model)."""
    return int(card.power) if card.power is not None and card.power.isdigit() else 0
