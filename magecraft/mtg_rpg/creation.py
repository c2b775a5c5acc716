"""Creating an MtG RPG Wizard, step by step, and the validator (seed 000, CHARACTER CREATION).

Each step's check: Calling, Demeanor, Primary Mana, The Wizard's Talisman, Renewal Period, Sanctuary,
Choosing Attributes, SKILLS (with the free skills), MAGIC: Cantrips and EQUIPMENT: Starting Equipment
(the starting gold); then the whole sheet checked by :func:`validate_character`, and an apprentice's dots
and primary mana.  The Wizard himself, his derived values, the sheet and the save store are
:mod:`magecraft.mtg_rpg.character`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import mana_types
from magecraft.mtg_rpg.cards import (
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    COLOR_NAMES,
    MANA_ATTRIBUTE,
    MANA_TYPES,
    Card,
    CardPool,
)
from magecraft.mtg_rpg.character import (
    ATTRIBUTES_SECTION,
    CALLING_SECTION,
    CANTRIP_SECTION,
    DEMEANOR_SECTION,
    GOLD_SECTION,
    MAX_DOTS,
    PRIMARY_SECTION,
    RENEWAL_SECTION,
    SANCTUARY_SECTION,
    SKILLS_SECTION,
    TALISMAN_SECTION,
    Character,
    derive,
    rulebook,
)
from magecraft.mtg_rpg.deckbuilding import check_library
from magecraft.mtg_rpg.magic import cantrip_names, check_cantrip_prerequisites
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings


def check_calling(calling: str, settings: Settings = DEFAULT_SETTINGS) -> str:
    """One of the 24 Callings, or one the referee approved ("Calling")."""
    book = rulebook()
    known = (*book.callings, *settings.extra_callings)
    cleaned = book.calling_aliases.get(calling.strip().title(), calling)
    for name in known:
        if name.casefold() == cleaned.strip().casefold():
            return name
    raise RuleError(f"{calling!r} is not a Calling (choose one of: {', '.join(known)})",
                    rule="Calling", section=CALLING_SECTION)


def check_demeanors(demeanors: Sequence[str], settings: Settings = DEFAULT_SETTINGS) -> tuple[str, ...]:
    """At least one Demeanor from the list, or approved by the referee ("Demeanor")."""
    known = (*rulebook().demeanors, *settings.extra_demeanors)
    chosen: list[str] = []
    for demeanor in demeanors:
        match = next((d for d in known if d.casefold() == demeanor.strip().casefold()), None)
        if match is None:
            raise RuleError(f"{demeanor!r} is not a Demeanor (see the list in the rules)",
                            rule="Demeanor", section=DEMEANOR_SECTION)
        if match not in chosen:
            chosen.append(match)
    if not chosen:
        raise RuleError("choose at least one Demeanor", rule="Demeanor", section=DEMEANOR_SECTION)
    return tuple(chosen)


def check_primary(primary: str) -> str:
    """W, U, B, R, G or C (colorless is allowed, "Primary Mana"); colour names are accepted too."""
    cleaned = primary.strip()
    for letter, name in COLOR_NAMES.items():
        if cleaned.upper() == letter or cleaned.casefold() == name.casefold():
            return letter
    raise RuleError(f"{primary!r} is not a mana type (W, U, B, R, G or C for colorless)",
                    rule="Primary Mana", section=PRIMARY_SECTION)


def check_text(value: str, what: str, section: str) -> str:
    """A name the sheet records (talisman, sanctuary, concept): not empty."""
    if not value.strip():
        raise RuleError(f"the sheet needs a {what.lower()}", rule=what, section=section)
    return value.strip()


def check_renewal_period(period: str) -> str:
    """Sunrise, sunset, high noon or midnight ("Renewal Period")."""
    periods = rulebook().renewal_periods
    cleaned = period.strip().casefold().replace("high noon", "noon")
    if cleaned not in periods:
        raise RuleError(f"{period!r} is not a renewal period (one of {', '.join(periods)})",
                        rule="Renewal Period", section=RENEWAL_SECTION)
    return cleaned


def check_attributes(attributes: Mapping[str, int], primary: str,
                     settings: Settings = DEFAULT_SETTINGS) -> dict[str, int]:
    """Ten dots, 0-3 each at start, at least one in the primary ("Choosing Attributes")."""
    unknown = [a for a in attributes if a not in ATTRIBUTES]
    if unknown:
        raise RuleError(f"{unknown[0]!r} is not an attribute ({', '.join(ATTRIBUTES)})",
                        rule="Choosing Attributes", section=ATTRIBUTES_SECTION)
    values = {a: int(attributes.get(a, 0)) for a in ATTRIBUTES}
    for attr, value in values.items():
        if not 0 <= value <= settings.max_starting_attribute:
            raise RuleError(f"{ATTRIBUTE_NAMES[attr]} is {value}; a starting attribute is 0 to "
                            f"{settings.max_starting_attribute}", rule="Maximum of 3 dots in any one attribute",
                            section=ATTRIBUTES_SECTION)
    total = sum(values.values())
    if total != settings.attribute_dots:
        raise RuleError(f"{total} attribute dots assigned; a new Wizard assigns exactly {settings.attribute_dots}",
                        rule="Ten attribute dots", section=ATTRIBUTES_SECTION)
    attr = MANA_ATTRIBUTE[primary]
    if values[attr] < 1:
        raise RuleError(f"the primary attribute {ATTRIBUTE_NAMES[attr]} needs at least one dot",
                        rule="At least one point in the primary attribute", section=ATTRIBUTES_SECTION)
    return values


FREE_SKILLS = ("Arcane Knowledge", "Spell Research")


def check_skills(bought: Mapping[str, int], primary: str,
                 settings: Settings = DEFAULT_SETTINGS) -> dict[str, int]:
    """Twenty bought dots, at most 3 in a skill at start, one in the primary pool; the free dots
    in Arcane Knowledge and Spell Research are added ("SKILLS").

    Returns each skill's dots, the free ones included.
    """
    book = rulebook()
    dots: dict[str, int] = {}
    for name, value in bought.items():
        skill = book.skills.get(name) or book.skill(name)
        if value < 0:
            raise RuleError(f"{skill.name} cannot have {value} dots", rule="Skill dots", section=SKILLS_SECTION)
        if value:
            dots[skill.name] = dots.get(skill.name, 0) + int(value)
    spent = sum(dots.values())
    if spent != settings.skill_dots:
        raise RuleError(f"{spent} skill dots spent; a new Wizard spends exactly {settings.skill_dots}",
                        rule="Twenty skill dots", section=SKILLS_SECTION)
    attr = MANA_ATTRIBUTE[primary]
    if not any(book.skills[name].attribute == attr for name in dots):
        raise RuleError(f"spend at least one skill dot on a {ATTRIBUTE_NAMES[attr]} skill (the primary pool)",
                        rule="At least one skill point in the primary pool", section=SKILLS_SECTION)
    for free in FREE_SKILLS:
        dots[free] = dots.get(free, 0) + 1
    for name, value in dots.items():
        counted = value if settings.free_dots_count_for_cap or name not in FREE_SKILLS else value - 1
        if counted > settings.max_starting_skill:
            raise RuleError(f"{name} has {value} dots; no skill can be greater than "
                            f"{settings.max_starting_skill} at the start",
                            rule="No skill greater than 3 at the start", section=SKILLS_SECTION)
    return dict(sorted(dots.items()))


def check_cantrips(names: Sequence[str], allowed: int, known_list: Sequence[str]) -> tuple[str, ...]:
    """Exactly ``allowed`` different cantrips from ``known_list`` ("Cantrips": the primary attribute)."""
    chosen: list[str] = []
    for name in names:
        match = next((c for c in known_list if c.casefold() == name.strip().casefold()), None)
        if match is None:
            raise RuleError(f"{name!r} is not a commonly known cantrip (one of: {', '.join(known_list)})",
                            rule="Commonly known cantrips", section=CANTRIP_SECTION)
        if match in chosen:
            raise RuleError(f"{match} is chosen twice", rule="Cantrips known", section=CANTRIP_SECTION)
        chosen.append(match)
    if len(chosen) != allowed:
        raise RuleError(f"{len(chosen)} cantrips chosen; this Wizard knows exactly {allowed} "
                        "(the primary attribute)", rule="Cantrips known", section=CANTRIP_SECTION)
    return tuple(chosen)


def gold_for_card(card: Card) -> int:
    """Starting gold for the card the referee drew: its mana points times 5 ("Starting Equipment").

    X counts 1, as in "Performing an Action"; a land has no mana points and brings no gold.
    """
    return 5 * (0 if card.is_land else card.mana_value + card.symbols().count("X"))


def starting_gold(referee_deck: Deck[Card], rng: Randomness) -> tuple[Card, int]:
    """Draw a random card from the referee's deck for starting gold; it goes to the discards."""
    card = referee_deck.draw_random(rng, "starting gold: the referee draws a card")
    referee_deck.discard(card)
    gold = gold_for_card(card)
    rng.log.record("gold", f"starting gold from {card.name}", section=GOLD_SECTION,
                   data={"card": card.name, "gold": gold})
    return card, gold


def create_character(choices: Character, gold: int, *, settings: Settings = DEFAULT_SETTINGS,
                     pool: CardPool | None = None) -> Character:
    """Check every creation rule in the seed's order and build the Wizard ("CHARACTER CREATION").

    ``choices`` is the player's draft sheet: its skills are the 20 bought dots (the free Arcane
    Knowledge and Spell Research dots are added here); its gold, experience and feats are not read.
    """
    name = check_text(choices.name, "Name", "CHARACTER CREATION: Name")
    concept = check_text(choices.concept, "Character Concept", "CHARACTER CREATION: Character Concept")
    calling = check_calling(choices.calling, settings)
    demeanors = check_demeanors(choices.demeanors, settings)
    primary = check_primary(choices.primary)
    talisman = check_text(choices.talisman, "Talisman", TALISMAN_SECTION)
    renewal = check_renewal_period(choices.renewal_period)
    sanctuary = check_text(choices.sanctuary, "Sanctuary", SANCTUARY_SECTION)
    attributes = check_attributes(choices.attributes, primary, settings)
    skills = check_skills(choices.skills, primary, settings)
    cantrips = check_cantrips(choices.cantrips, attributes[MANA_ATTRIBUTE[primary]], cantrip_names())
    check_cantrip_prerequisites(cantrips)
    if gold < 0:
        raise InputError("starting gold cannot be negative")
    character = Character(
        name=name, concept=concept, calling=calling, demeanors=demeanors, primary=primary,
        talisman=talisman, renewal_period=renewal, sanctuary=sanctuary, attributes=attributes,
        skills=skills, cantrips=cantrips, library=tuple(choices.library), weapon=choices.weapon.strip(),
        gold=gold, has_laboratory=settings.starting_laboratory,
    )
    check_library(character, character.library, settings=settings, starting=True, pool=pool)
    return character


def validate_character(character: Character, *, settings: Settings = DEFAULT_SETTINGS, starting: bool = False,
                       pool: CardPool | None = None) -> None:
    """Check a whole sheet: names from the lists, limits, feats' prerequisites, the library.

    ``starting`` applies the creation limits (10 attribute dots, 20 skill dots,
    3 at most, exactly the cantrips of the primary attribute, 60 cards).
    """
    check_calling(character.calling, settings)
    check_demeanors(character.demeanors, settings)
    check_primary(character.primary)
    check_text(character.talisman, "Talisman", TALISMAN_SECTION)
    check_renewal_period(character.renewal_period)
    check_text(character.sanctuary, "Sanctuary", SANCTUARY_SECTION)
    if starting:
        check_attributes(character.attributes, character.primary, settings)
        bought = {k: v - (1 if k in FREE_SKILLS else 0) for k, v in character.skills.items()}
        check_skills(bought, character.primary, settings)
    for attr in ATTRIBUTES:
        if not 0 <= character.attribute(attr) <= MAX_DOTS:
            raise RuleError(f"{ATTRIBUTE_NAMES[attr]} is {character.attribute(attr)}; attributes run 0 to 5",
                            rule="Attribute scale 0 to 5", section=ATTRIBUTES_SECTION)
    for skill, dots in character.skills.items():
        rulebook().skill(skill)
        if not 0 <= dots <= MAX_DOTS:
            raise RuleError(f"{skill} has {dots} dots; a skill's maximum is 5", rule="Skill maximum 5",
                            section=SKILLS_SECTION)
    # Researched cantrips are known beyond the limit, which counts the commonly known ones.
    common = [c for c in character.cantrips if c in cantrip_names()]
    allowed = derive(character).cantrips_known
    if len(common) > allowed or (starting and len(character.cantrips) != allowed):
        raise RuleError(f"knows {len(common)} commonly known cantrips; the limit is {allowed}",
                        rule="Cantrips known", section=CANTRIP_SECTION)
    check_library(character, character.library, settings=settings, starting=starting, pool=pool)


def apprentice_dots(years: int) -> tuple[int, int]:
    """An apprentice's attribute and skill dots after ``years`` of training ("FEATS: Apprentice"):
    5 and 10 at the start, one attribute dot and two skill dots a year, until a starting Wizard's."""
    if years < 0:
        raise InputError("years of training cannot be negative")
    table = rulebook().apprentice
    done = min(years, table["years"])
    return (table["attribute_dots"] + done * table["attribute_dots_per_year"],
            table["skill_dots"] + done * table["skill_dots_per_year"])


def check_apprentice(attributes: Mapping[str, int], skills: Mapping[str, int], years: int = 0,
                     settings: Settings = DEFAULT_SETTINGS) -> None:
    """An apprentice's dots: the feat's totals for the years trained; at most 2 in any attribute or
    skill when taken on ("5 dots worth of Attributes and 10 dots of skills. (A maximum of 2 dots in any
    Attribute or skill.)"), and from the first year of training the starting Wizard's cap (3), since
    the apprentice trains "until they have the standard Attributes and skills of a starting Wizard"
    (ruling R25; setting ``apprentice_training_cap``)."""
    attribute_dots, skill_dots = apprentice_dots(years)
    most = rulebook().apprentice["max_dots"] if years == 0 else settings.apprentice_training_cap
    section = "FEATS: Apprentice"
    for name, value in (*attributes.items(), *skills.items()):
        if not 0 <= value <= most:
            raise RuleError(f"{name} has {value} dots; an apprentice has at most {most}", rule="Apprentice",
                            section=section)
    if sum(attributes.values()) != attribute_dots or sum(skills.values()) != skill_dots:
        raise RuleError(f"an apprentice of {years} year(s) has {attribute_dots} attribute and {skill_dots} "
                        f"skill dots, not {sum(attributes.values())} and {sum(skills.values())}",
                        rule="Apprentice", section=section)


def apprentice_primary(deck: Deck[Card], rng: Randomness) -> str:
    """An apprentice's prime mana "randomly determined (draw)": the mana of a card drawn at random
    (a basic land its colour, a colorless card C, a card of several colours its first);
    the card goes to the discards ("FEATS: Apprentice")."""
    card = deck.draw_random(rng, "the apprentice's prime mana: draw a card")
    deck.discard(card)
    kinds = mana_types(card)
    return next(m for m in MANA_TYPES if m in kinds)


def creatures_to_graveyard(character: Character, controlled: int) -> int:
    """How many summoned creatures must go to the graveyard when the Wizard would control
    ``controlled`` of them (Charisma + 1, plus Charismatic Leader, "Choosing Attributes")."""
    return max(0, controlled - derive(character).creatures)
