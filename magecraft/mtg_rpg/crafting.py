"""Potions, scrolls, magic items and quickened spells (seed 000, FEATS: "Alchemy", "Scribe Scrolls",
"Craft Magic Item" and "Quicken Spell").

What a Wizard makes in the sanctuary's laboratory from a spell he knows: the plan (days, gold, mana
points, lands or attribute points sacrificed) and the made potion, scroll or item; and the quickened
spell's ritual and casting.  The prices are data (``data/magic.toml``, read by
:func:`magecraft.mtg_rpg.magic.prices`); spell research and the rest of MAGIC are
:mod:`magecraft.mtg_rpg.magic`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from magecraft.core.errors import InputError, RuleError
from magecraft.mtg_rpg.actions import (
    mana_types,
)
from magecraft.mtg_rpg.cards import COLOR_NAMES, MANA_ATTRIBUTE, Card, CardPool, builtin_pool
from magecraft.mtg_rpg.character import Character
from magecraft.mtg_rpg.magic import (
    ALCHEMY_SECTION,
    ITEM_SECTION,
    SCROLLS_SECTION,
    _pay_check,
    _require_lab,
    _require_sanctuary,
    _without,
    price_rarity,
    prices,
)
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings


@dataclass(frozen=True, slots=True)
class CraftPlan:
    """What making a potion, scroll or magic item costs."""

    spell: str
    days: int
    gold: int
    lands: int
    spell_cards: int
    market_value: int
    attribute_points: Mapping[str, int]
    receptacle_gold: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"spell": self.spell, "days": self.days, "gold": self.gold, "lands": self.lands,
                "spell_cards": self.spell_cards, "market_value": self.market_value,
                "attribute_points": dict(self.attribute_points), "receptacle_gold": self.receptacle_gold}


def _mana_points(card: Card, x_lands: int) -> int:
    """Mana to power a potion or scroll: each X is the lands sacrificed for it, 1 if none."""
    x_count = card.symbols().count("X")
    if x_lands < 0:
        raise InputError("extra lands cannot be negative")
    if x_lands and not x_count:
        raise InputError(f"{card.name} has no X in its cost ({card.mana_cost}): no lands are sacrificed for X")
    return card.mana_value + (max(x_lands, x_count) if x_count else 0)


def _require_spell(character: Character, card: Card, section: str) -> None:
    if card.name not in character.owned_cards():
        raise RuleError(f"{character.name} does not possess {card.name}", rule="Spell in possession",
                        section=section)


def _potion_or_scroll(character: Character, card: Card, feat: str, key: str, section: str,
                      x_lands: int) -> CraftPlan:
    if not character.feat_usable(feat):
        raise RuleError(f"{character.name} does not have the {feat} feat", rule=feat, section=section)
    _require_lab(character, section)
    _require_spell(character, card, section)
    table = prices()[key]
    points = _mana_points(card, x_lands)
    gold = points * int(table["gold_per_point"][price_rarity(card)])
    return CraftPlan(card.name, points * int(table["days_per_point"]), gold, points, 0,
                     int(table["market_base"]) + int(table["market_multiple"]) * gold, {})


def potion_plan(character: Character, card: Card, *, x_lands: int = 0) -> CraftPlan:
    """A potion: 1 day and 10/25/50 gp per mana point, the powering lands sacrificed; market value
    50 gp + twice the cost ("Alchemy")."""
    return _potion_or_scroll(character, card, "Alchemy", "alchemy", ALCHEMY_SECTION, x_lands)


def scroll_plan(character: Character, card: Card, *, x_lands: int = 0) -> CraftPlan:
    """A scroll: 1 day and 25/50/100 gp per mana point, the powering lands sacrificed; market value
    50 gp + twice the cost ("Scribe Scrolls")."""
    return _potion_or_scroll(character, card, "Scribe Scrolls", "scrolls", SCROLLS_SECTION, x_lands)


def sacrifice_lands(character: Character, card: Card, count: int, section: str,
                    pool: CardPool | None = None) -> Character:
    """Remove ``count`` lands powering ``card`` from what the Wizard owns: one of the right colour
    for each coloured pip, the rest any land (spare cards first, then the library)."""
    pool = pool or builtin_pool()
    owned = list(character.spare_cards) + list(character.library)
    needs = [c for c, n in card.colored_pips().items() for _ in range(n)]
    taken: list[str] = []

    def take(match: Any) -> bool:
        for name in owned:
            if name in pool and pool.get(name).is_land and match(pool.get(name)):
                owned.remove(name)
                taken.append(name)
                return True
        return False

    for color in needs[:count]:
        if not take(lambda land, c=color: c in mana_types(land)):
            raise RuleError(f"no {COLOR_NAMES[color].lower()} land left to sacrifice for {card.name}",
                            rule="Land sacrificed", section=section)
    for _ in range(count - min(count, len(needs))):
        if not take(lambda land: True):
            raise RuleError(f"not enough land to sacrifice for {card.name}", rule="Land sacrificed",
                            section=section)
    for name in taken:
        character = _remove_card(character, name)
    return character


def make_potion_or_scroll(character: Character, card: Card, kind: Literal["potion", "scroll"], *,
                          x_lands: int = 0, pool: CardPool | None = None) -> tuple[Character, CraftPlan]:
    """Brew a potion or write a scroll in the sanctuary: gold paid, lands sacrificed, item kept."""
    plan = potion_plan(character, card, x_lands=x_lands) if kind == "potion" else \
        scroll_plan(character, card, x_lands=x_lands)
    section = ALCHEMY_SECTION if kind == "potion" else SCROLLS_SECTION
    _require_sanctuary(character, f"make a {kind}", section)
    _pay_check(character, plan.gold, f"a {kind} of {card.name}", section)
    after = sacrifice_lands(replace(character, gold=character.gold - plan.gold), card, plan.lands, section, pool)
    if kind == "potion":
        return replace(after, potions=(*after.potions, card.name)), plan
    return replace(after, scrolls=(*after.scrolls, card.name)), plan


ItemKind = Literal["charged", "continuous", "unpowered"]
ITEM_KINDS: tuple[ItemKind, ...] = ("charged", "continuous", "unpowered")


def attribute_sacrifice(character: Character, card: Card, section: str = ITEM_SECTION) -> dict[str, int]:
    """Permanent attribute points that power a spell once: each coloured pip from its colour's
    attribute, generic mana from the primary attribute ("Craft Magic Item", "Quicken Spell")."""
    points: dict[str, int] = {}
    for color, n in card.colored_pips().items():
        points[MANA_ATTRIBUTE[color]] = points.get(MANA_ATTRIBUTE[color], 0) + n
    generic = card.mana_value - card.pip_count()
    if generic > 0:
        points[character.primary_attribute] = points.get(character.primary_attribute, 0) + generic
    for attr, n in points.items():
        if character.attribute(attr) < n:
            raise RuleError(f"{card.name} needs {n} permanent {attr} point(s); {character.name} has "
                            f"{character.attribute(attr)}", rule="Attribute sacrifice", section=section)
    return points


def quicken_ritual(character: Character, card: Card) -> Character:
    """The Quicken Spell ritual: the spell card, 1,000 gp per mana point and the attribute points
    to cast it once are sacrificed; the arcane mark lets it be cast once per renewal period."""
    section = "FEATS: Quicken Spell"
    _require_sanctuary(character, "perform the Quicken Spell ritual", section)
    _require_spell(character, card, section)
    gold = max(1, card.mana_value) * int(prices()["magic_items"]["gold_per_point"])
    _pay_check(character, gold, f"the ritual for {card.name}", section)
    points = attribute_sacrifice(character, card, section)
    after = replace(character, gold=character.gold - gold,
                    attributes={a: v - points.get(a, 0) for a, v in character.attributes.items()})
    return _remove_card(after, card.name)


def cast_quickened(character: Character, spell: str, settings: Settings = DEFAULT_SETTINGS) -> Character:
    """Cast a quickened spell: instantly, without a spell card or mana, once each renewal period for
    each time the feat was taken for it ("Quicken Spell"; ruling R1).  The casts are cleared at the
    renewal period (:func:`magecraft.mtg_rpg.renewal.recover_at_renewal`)."""
    section = "FEATS: Quicken Spell"
    wanted = spell.strip().casefold()
    marks = [f.choice for f in character.feats
             if f.name == "Quicken Spell" and f.choice and f.choice.casefold() == wanted]
    if not marks:
        raise RuleError(f"{character.name} bears no arcane mark for {spell!r}", rule="Quicken Spell",
                        section=section)
    name = marks[0]
    allowed = len(marks) * settings.quickened_casts_per_feat
    if character.quickened_cast.count(name) >= allowed:
        raise RuleError(f"{name} has been cast quickened {allowed} time(s) this renewal period",
                        rule="a quickened spell once each renewal period", section=section)
    return replace(character, quickened_cast=(*character.quickened_cast, name))


def magic_item_plan(character: Character, card: Card, kind: ItemKind, *, uses_per_day: int = 1,
                    item_price: int = 0) -> CraftPlan:
    """A magic item ("Craft Magic Item").

    A week and 1,000 gp per mana point (at least one of each), times the daily
    uses; one spell card sacrificed per daily use; a charged item also sacrifices
    the lands to cast the spell for each use; a continuous item sacrifices
    permanent attribute points equal to the casting cost (each coloured pip from
    its colour's attribute, generic mana from the primary attribute); the
    receptacle is a masterwork of ten times the item's normal price.  Market value
    is 5 times the cost for charged items, 10 for continuous ones (unpowered items
    are priced as charged).  No check is made: once paid, the item is made.
    """
    if not character.feat_usable("Craft Magic Item"):
        raise RuleError(f"{character.name} does not have the Craft Magic Item feat (or its prerequisite)",
                        rule="Craft Magic Item", section=ITEM_SECTION)
    if uses_per_day < 1:
        raise InputError("an item is used at least once a day")
    if kind == "continuous" and uses_per_day != 1:
        raise InputError("a continuous item is always on: it has no daily uses")
    _require_lab(character, ITEM_SECTION)
    _require_spell(character, card, ITEM_SECTION)
    table = prices()["magic_items"]
    points = max(1, card.mana_value)
    gold = points * int(table["gold_per_point"]) * uses_per_day
    receptacle = int(table["receptacle_multiple"]) * item_price
    attribute_points = attribute_sacrifice(character, card) if kind == "continuous" else {}
    lands = card.mana_value * uses_per_day if kind == "charged" else 0
    market = int(table["market_multiple"][kind]) * (gold + receptacle)
    return CraftPlan(card.name, 7 * points * int(table["weeks_per_point"]), gold, lands, uses_per_day, market,
                     attribute_points, receptacle)


def craft_magic_item(character: Character, card: Card, kind: ItemKind, item: str, *, uses_per_day: int = 1,
                     item_price: int = 0, pool: CardPool | None = None) -> tuple[Character, CraftPlan]:
    """Make the item in the sanctuary: gold (and the receptacle) paid, the spell cards, the lands of a
    charged item and the attribute points of a continuous one sacrificed ("Craft Magic Item").  An
    item holds one enchantment, so it is recorded as "<item> of <spell>"."""
    plan = magic_item_plan(character, card, kind, uses_per_day=uses_per_day, item_price=item_price)
    _require_sanctuary(character, "craft a magic item", ITEM_SECTION)
    total = plan.gold + plan.receptacle_gold
    _pay_check(character, total, f"a {item} of {card.name}", ITEM_SECTION)
    owned = Counter(character.owned_cards())
    if owned[card.name] < plan.spell_cards:
        raise RuleError(f"{plan.spell_cards} {card.name} card(s) must be sacrificed; {character.name} owns "
                        f"{owned[card.name]}", rule="Spell card sacrificed", section=ITEM_SECTION)
    after = replace(character, gold=character.gold - total,
                    attributes={a: v - plan.attribute_points.get(a, 0) for a, v in character.attributes.items()})
    for _ in range(plan.spell_cards):
        after = _remove_card(after, card.name)
    if plan.lands:
        after = sacrifice_lands(after, card, plan.lands, ITEM_SECTION, pool)
    made = f"{item} of {card.name}"
    charged = dict(after.charged_items)
    if kind != "continuous":
        # Continuous items are always on: they have no uses to count (ruling R20).
        charged[made] = (card.name, uses_per_day)
    return replace(after, items=(*after.items, made), charged_items=charged), plan


def _remove_card(character: Character, name: str) -> Character:
    """Take one copy of a card from the spare cards, else from the library."""
    if name in character.spare_cards:
        return replace(character, spare_cards=_without(character.spare_cards, name))
    return replace(character, library=_without(character.library, name))
