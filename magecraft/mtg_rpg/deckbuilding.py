"""The spell deck (library): its rules, reorganising it, and the referee's deck.

Seed 000, MAGIC: "Deck Building", "Spell Casting Limits", "Duplicate Cards",
"Adding Cards to the Library", "Starting Character Spell Decks", "The Referee
Deck" and "Spell Exceptions"; CHARACTER CREATION: "Primary Mana"; "MTG Rule
Changes" (basic land is coloured by its mana).

The rules a library must keep, each refused by name:

* at least half of it is the Wizard's primary mana ("Primary Mana", "Deck Building");
* only spells the Wizard can cast: a dot in the colour's attribute for each
  coloured pip, X not counted, five dots enough for any number ("Spell Casting
  Limits"), and as many lands making that colour as the most pips a spell of it
  needs ("Deck Building");
* exactly 60 cards for a new Wizard ("Starting Character Spell Decks"); any number
  of copies of a card ("Duplicate Cards");
* reorganised only in the sanctuary, or at a renewal period with the Traveling
  Spell Book feat, from cards the Wizard owns ("Adding Cards to the Library").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import BASIC_LAND_MANA, mana_types
from magecraft.mtg_rpg.cards import (
    ATTRIBUTE_NAMES,
    COLOR_NAMES,
    COLORLESS,
    COLORS,
    MANA_ATTRIBUTE,
    MANA_TYPES,
    Card,
    CardPool,
    builtin_pool,
)
from magecraft.mtg_rpg.character import MAX_DOTS, Character, rulebook
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

DECK_SECTION = "MAGIC: Deck Building"
LIMITS_SECTION = "MAGIC: Spell Casting Limits"
START_SECTION = "MAGIC: Starting Character Spell Decks"
ADDING_SECTION = "MAGIC: Adding Cards to the Library"
EXCEPTIONS_SECTION = "MAGIC: Spell Exceptions"
REFEREE_SECTION = "MAGIC: The Referee Deck"
APPRENTICE_SECTION = "FEATS: Apprentice"

LAND_OF: dict[str, str] = {mana: land for land, mana in BASIC_LAND_MANA.items()}


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One rule a library breaks."""

    rule: str
    section: str
    message: str


def casting_problem(attributes: Mapping[str, int] | Character, card: Card,
                    settings: Settings = DEFAULT_SETTINGS) -> str | None:
    """Why the Wizard cannot cast ``card``, or None ("Spell Casting Limits").

    Each coloured pip needs a dot in that colour's attribute (five dots cast any
    number); a spell of a colour needs at least one dot even when its cost has no
    pip of it; X is not counted; lands are not cast.
    """
    if card.is_land:
        return None
    sheet = attributes.attributes if isinstance(attributes, Character) else attributes

    def dots(attr: str) -> int:
        return sheet.get(attr, 0)

    pips = card.colored_pips()
    for color in COLORS:
        if color not in pips and color not in card.colors:
            continue
        attr = MANA_ATTRIBUTE[color]
        need = min(MAX_DOTS, max(1, pips.get(color, 0)))
        if dots(attr) < need:
            return (f"{card.name} needs {need} dot(s) of {ATTRIBUTE_NAMES[attr]} "
                    f"for its {COLOR_NAMES[color].lower()} mana, not {dots(attr)}")
    if card.is_colorless and settings.colorless_needs_charisma and dots("CH") < 1:
        return f"{card.name} is colorless and needs a dot of Charisma"
    return None


def library_problems(character: Character, cards: Sequence[Card], *, settings: Settings = DEFAULT_SETTINGS,
                     starting: bool = False) -> list[DeckProblem]:
    """Every deck-building rule ``cards`` breaks for this Wizard (empty when the library is legal)."""
    problems: list[DeckProblem] = []
    banned = {b.casefold() for b in settings.banned_cards}
    for name in sorted({c.name for c in cards if c.name.casefold() in banned}):
        problems.append(DeckProblem("Spell Exceptions", EXCEPTIONS_SECTION,
                                    f"{name} is disallowed by the referee"))
    if starting and len(cards) != settings.starting_library:
        problems.append(DeckProblem("Exactly 60 cards at the start", START_SECTION,
                                    f"a new Wizard's library has exactly {settings.starting_library} cards, "
                                    f"not {len(cards)}"))
    primaries = set(character.primaries)
    in_primary = sum(1 for c in cards if mana_types(c) & primaries)
    if 2 * in_primary < len(cards):
        names = " or ".join(COLOR_NAMES[p] for p in character.primaries)
        problems.append(DeckProblem("At least half the library in the primary mana", DECK_SECTION,
                                    f"only {in_primary} of {len(cards)} cards are {names}; "
                                    f"at least {(len(cards) + 1) // 2} must be"))
    first_of: dict[str, Card] = {}
    for c in cards:
        first_of.setdefault(c.name, c)
    for name in sorted(first_of):
        card = first_of[name]
        reason = casting_problem(character, card, settings)
        if reason:
            problems.append(DeckProblem("Only castable spells", LIMITS_SECTION, reason))
    lands = Counter(m for c in cards if c.is_land for m in mana_types(c))
    for color in COLORS:
        need = max((c.colored_pips().get(color, 0) for c in cards if not c.is_land), default=0)
        if need > lands[color]:
            problems.append(DeckProblem("Mana producing cards for every coloured cost", DECK_SECTION,
                                        f"a spell needs {need} {COLOR_NAMES[color].lower()} mana but the library "
                                        f"has {lands[color]} {LAND_OF[color]} card(s) to make it"))
    return problems


def check_library(character: Character, names: Sequence[str], *, settings: Settings = DEFAULT_SETTINGS,
                  starting: bool = False, pool: CardPool | None = None) -> list[Card]:
    """The library's cards, or a :class:`RuleError` naming the first rule broken (and the others)."""
    chosen = pool or builtin_pool()
    cards = [chosen.get(n) for n in names]
    problems = library_problems(character, cards, settings=settings, starting=starting)
    if problems:
        first = problems[0]
        message = "; ".join(p.message if p is first else f"{p.rule}: {p.message}" for p in problems)
        raise RuleError(message, rule=first.rule, section=first.section)
    return cards


def reorganize_library(character: Character, names: Sequence[str], *, at_renewal: bool = False,
                       settings: Settings = DEFAULT_SETTINGS, pool: CardPool | None = None) -> Character:
    """A new library from the cards the Wizard owns ("Adding Cards to the Library").

    Only in the sanctuary, or away with the Traveling Spell Book feat at the
    Wizard's renewal period.  Cards left out become spare cards.
    """
    if not character.in_sanctuary and not (at_renewal and character.feat_usable("Traveling Spell Book")):
        raise RuleError("a Wizard reorganises the library only in the sanctuary (or at a renewal period "
                        "with the Traveling Spell Book feat)", rule="Adding Cards to the Library",
                        section=ADDING_SECTION)
    chosen = pool or builtin_pool()
    wanted = Counter(chosen.get(n).name for n in names)
    owned = Counter(character.owned_cards())
    missing = wanted - owned
    if missing:
        card = min(missing)
        raise RuleError(f"the Wizard owns {owned[card]} {card}, not {wanted[card]}",
                        rule="Only known spells", section=ADDING_SECTION)
    cards = check_library(character, list(wanted.elements()), settings=settings, pool=chosen)
    library = tuple(c.name for c in cards)
    return replace(character, library=library, spare_cards=tuple(sorted((owned - wanted).elements())))


# -- the referee deck ------------------------------------------------------------------------

#: "The Referee Deck": how many cards of each casting cost.
REFEREE_CURVE: dict[int, int] = {1: 8, 2: 10, 3: 12, 4: 10, 5: 8, 6: 6}
REFEREE_NONCREATURE = 2
HIGH_COST = 5


def _spread(curve: dict[int, int]) -> dict[int, list[str]]:
    """Share each cost's cards out over the six mana types as evenly as possible, the
    odd cards going round in turn so that every type ends with the same count."""
    turn = 0
    plan: dict[int, list[str]] = {}
    for cost, count in curve.items():
        base, extra = divmod(count, len(MANA_TYPES))
        slots = [m for m in MANA_TYPES for _ in range(base)]
        for _ in range(extra):
            slots.append(MANA_TYPES[turn % len(MANA_TYPES)])
            turn += 1
        plan[cost] = slots
    return plan


def build_referee_deck(rng: Randomness, pool: CardPool | None = None, *, extra_high: int = 0,
                       special_lands: int = 0) -> list[Card]:
    """A referee deck built by "The Referee Deck" guidelines.

    5 basic lands (one of each colour), 1 colorless card of cost 0, then 8, 10,
    12, 10, 8 and 6 cards of cost 1 to 6 spread evenly over the five colours and
    colorless, with two non-creature spells of each colour, and 1 to 4 more high
    cost (5+) cards of the colours least represented (``extra_high`` of them; 0
    lets the builder add one per colour short of the best-represented colour's
    total mana, at least 1 and at most 4).  ``special_lands`` non-basic lands may be
    added for "a mix of card types".  Cards are picked by shuffling each candidate
    list, so a seed gives the same deck.
    """
    chosen = pool or builtin_pool()
    if extra_high and not 1 <= extra_high <= 4:
        raise RuleError("add 1-4 additional high casting cost cards", rule="The Referee Deck",
                        section=REFEREE_SECTION)
    by_slot: dict[tuple[str, int], list[Card]] = {}
    for card in chosen:
        if card.is_land:
            continue
        for mana in mana_types(card):
            by_slot.setdefault((mana, card.mana_value), []).append(card)
    for cards in by_slot.values():
        cards.sort(key=lambda c: c.name)
        rng.shuffle(cards, "the referee picks cards for the referee deck", section=REFEREE_SECTION)

    deck = [chosen.get(LAND_OF[c]) for c in COLORS]
    zero = by_slot.get((COLORLESS, 0))
    if not zero:
        raise RuleError("the card pool has no colorless card of cost 0", rule="The Referee Deck",
                        section=REFEREE_SECTION)
    deck.append(zero.pop(0))
    for cost, slots in _spread(REFEREE_CURVE).items():
        for mana in slots:
            deck.append(_take(by_slot, mana, cost))
    _ensure_noncreatures(deck, by_slot)
    deck.extend(_high_cost_extras(deck, by_slot, extra_high))
    if special_lands:
        specials = sorted((c for c in chosen if c.is_land and "Basic" not in c.supertypes), key=lambda c: c.name)
        if special_lands < 0 or special_lands > len(specials):
            raise RuleError(f"the card pool has {len(specials)} special lands, not {special_lands}",
                            rule="The Referee Deck", section=REFEREE_SECTION)
        rng.shuffle(specials, "the referee picks special lands", section=REFEREE_SECTION)
        deck.extend(specials[:special_lands])
    rng.log.record("deck", "the referee deck is built", section=REFEREE_SECTION, data={"cards": len(deck)})
    return deck


def _take(by_slot: dict[tuple[str, int], list[Card]], mana: str, cost: int) -> Card:
    """A card of ``mana`` at ``cost``; when the pool has none left, the nearest cost of that mana."""
    for delta in (0, 1, -1, 2, -2, 3, -3):
        cards = by_slot.get((mana, cost + delta))
        if cards:
            return cards.pop(0)
    raise RuleError(f"the card pool has too few {COLOR_NAMES[mana].lower()} cards near cost {cost}",
                    rule="The Referee Deck", section=REFEREE_SECTION)


def _ensure_noncreatures(deck: list[Card], by_slot: dict[tuple[str, int], list[Card]]) -> None:
    """Two non-creature spells of each colour: swap creatures for non-creatures of the same cost."""
    for color in COLORS:
        while sum(1 for c in deck if color in c.colors and not c.is_creature) < REFEREE_NONCREATURE:
            swapped = False
            for i, card in enumerate(deck):
                if color not in card.colors or not card.is_creature:
                    continue
                spare = by_slot.get((color, card.mana_value), [])
                replacement = next((c for c in spare if not c.is_creature), None)
                if replacement is not None:
                    spare.remove(replacement)
                    spare.append(card)
                    deck[i] = replacement
                    swapped = True
                    break
            if not swapped:
                raise RuleError(f"no {COLOR_NAMES[color].lower()} non-creature spell to swap in",
                                rule="The Referee Deck", section=REFEREE_SECTION)


def _high_cost_extras(deck: list[Card], by_slot: dict[tuple[str, int], list[Card]], wanted: int) -> list[Card]:
    """"Add 1-4 additional high casting cost cards of those colors not adequately represented"."""
    weight = {c: sum(card.mana_value for card in deck if c in card.colors) for c in COLORS}
    order = sorted(COLORS, key=lambda c: (weight[c], COLORS.index(c)))
    short = [c for c in order if weight[c] < max(weight.values())]
    count = wanted or max(1, min(4, len(short)))
    colors = (short or order)[:count]
    while len(colors) < count:
        colors.append(order[len(colors) % len(order)])
    extras = []
    for color in colors:
        cost = max((v for (m, v), cards in by_slot.items() if m == color and cards and v >= HIGH_COST), default=0)
        if not cost:
            raise RuleError(f"no {COLOR_NAMES[color].lower()} card of cost {HIGH_COST}+ left",
                            rule="The Referee Deck", section=REFEREE_SECTION)
        extras.append(by_slot[(color, cost)].pop(0))
    return extras


# -- a starting library ----------------------------------------------------------------------


def starter_library(character: Character, rng: Randomness, pool: CardPool | None = None,
                    *, size: int = 60) -> tuple[str, ...]:
    """A legal starting library for a sheet: half of it the primary mana, the rest spells the
    Wizard can cast, lands enough for every coloured cost ("Deck Building Suggestions":
    about half land, a mix of casting costs).

    A stand-in for the seed's sealed starter deck and booster stripped to 60 cards.
    """
    chosen = pool or builtin_pool()
    colors = [m for m in COLORS if character.attribute(MANA_ATTRIBUTE[m]) > 0]
    land_colors = [character.primary] if character.primary in COLORS else []
    land_colors += [c for c in sorted(colors, key=lambda c: -character.attribute(MANA_ATTRIBUTE[c]))
                    if c not in land_colors][: 2 - len(land_colors)]
    lands_each = (size // 2) // max(1, len(land_colors))
    lands = [chosen.get(LAND_OF[c]) for c in land_colors for _ in range(lands_each)]
    castable = sorted((c for c in chosen if not c.is_land and casting_problem(character, c) is None
                       and all(p in land_colors for p in c.colored_pips())), key=lambda c: c.name)
    rng.shuffle(castable, "pick the starting spells", section=START_SECTION)
    primary = [c for c in castable if character.primary in mana_types(c)]
    others = [c for c in castable if character.primary not in mana_types(c)]
    spells_needed = size - len(lands)
    primary_lands = sum(1 for c in lands if character.primary in mana_types(c))
    primary_spells = max(0, (size + 1) // 2 - primary_lands)
    picked = (primary * size)[:primary_spells] if primary else []
    rest = others + primary
    picked += [rest[i % len(rest)] for i in range(spells_needed - len(picked))] if rest else []
    names = tuple(sorted(c.name for c in (*lands, *picked)))
    check_library(character, names, pool=chosen, starting=size == DEFAULT_SETTINGS.starting_library)
    return names


# -- an apprentice's spells ------------------------------------------------------------------


def open_booster(rng: Randomness, pool: CardPool | None = None) -> list[Card]:
    """A random booster pack from the pool: per rarity the number the data file gives (a Ninth
    Edition booster: 1 rare, 3 uncommons, 11 commons; ruling R5), no card twice in one rarity."""
    chosen = pool or builtin_pool()
    counts = rulebook().apprentice
    pack: list[Card] = []
    for rarity in ("rare", "uncommon", "common"):
        wanted = counts[f"booster_{rarity}"]
        cards = sorted((c for c in chosen if c.rarity == rarity), key=lambda c: c.name)
        if len(cards) < wanted:
            raise RuleError(f"the card pool has {len(cards)} {rarity} cards; a booster needs {wanted}",
                            rule="a single booster pack", section=APPRENTICE_SECTION)
        rng.shuffle(cards, f"open a booster pack: the {rarity} cards", section=APPRENTICE_SECTION)
        pack += cards[:wanted]
    return pack


def apprentice_spells(booster: Sequence[Card], lands: Mapping[str, int],
                      pool: CardPool | None = None) -> tuple[str, ...]:
    """An apprentice's starting cards: the booster and "any basic lands desired" ("FEATS:
    Apprentice"), as a library list (basic land names and counts in ``lands``)."""
    chosen = pool or builtin_pool()
    names = [c.name for c in booster]
    for land, count in lands.items():
        card = chosen.get(land)
        if card.rarity != "basic land":
            raise RuleError(f"{card.name} is not a basic land", rule="any basic lands desired",
                            section=APPRENTICE_SECTION)
        if count < 0:
            raise InputError(f"a count of {card.name} cannot be negative")
        names += [card.name] * count
    return tuple(sorted(names))
