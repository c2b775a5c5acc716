"""MtG RPG Wizards: the Wizard, derived values, feats as data, the sheet and saving.

Seed 000 ("MAGIC The Gathering RPG"), CHARACTER CREATION (what a Wizard is: Calling,
Demeanor, Attribute Scores, Primary Mana, The Wizard's Talisman), SKILLS, Life Points,
Hand Size, Renewal Period, Sanctuary, FEATS, and from COMBAT and MAGIC the values a
sheet carries (movement, spell ranges, maximum enchantments, cantrips).  Creating a
Wizard step by step, the validator and apprentices are :mod:`magecraft.mtg_rpg.creation`.

A :class:`Character` is a frozen record; every change (experience, research,
a new library) makes a new one, so a refused change leaves the old one as it
was.  The Wizard's library (spell deck) is checked by
:mod:`magecraft.mtg_rpg.deckbuilding`.

>>> wizard = example_character()
>>> d = derive(wizard)
>>> d.life, d.hand_size, d.reserve_mana, d.creatures, d.walk
(14, 4, 1, 3, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.core.tables import get_table
from magecraft.mtg_rpg.cards import (
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    COLOR_NAMES,
    MANA_ATTRIBUTE,
    MANA_TYPES,
)
from magecraft.mtg_rpg.datafiles import read_toml
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

SYSTEM = "mtg_rpg"

ATTRIBUTES_SECTION = "CHARACTER CREATION: Choosing Attributes"
SKILLS_SECTION = "SKILLS"
CALLING_SECTION = "CHARACTER CREATION: Calling"
DEMEANOR_SECTION = "CHARACTER CREATION: Demeanor"
PRIMARY_SECTION = "CHARACTER CREATION: Primary Mana"
TALISMAN_SECTION = "CHARACTER CREATION: The Wizard's Talisman"
RENEWAL_SECTION = "CHARACTER CREATION: Renewal Period"
SANCTUARY_SECTION = "CHARACTER CREATION: Sanctuary"
CANTRIP_SECTION = "MAGIC: Cantrips"
GOLD_SECTION = "EQUIPMENT: Starting Equipment"
FEATS_SECTION = "FEATS"

#: "Choosing Attributes": each attribute runs 0 to 5; "SKILLS": a skill's maximum is 5.
MAX_DOTS = 5
#: "Hand Size" with "Concentration": "There is a maximum hand size of 10 cards."
MAX_HAND = 10


# -- the data: callings, demeanors, skills, feats --------------------------------------------


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill on the sheet and the attribute it is linked to ("SKILLS")."""

    name: str
    attribute: str
    stated: bool = True


@dataclass(frozen=True, slots=True)
class Feat:
    """One feat of "FEATS" as data (``data/feats.toml``)."""

    name: str
    cost: int
    summary: str
    cost_step: int = 0
    cost_per_mana: int = 0
    max_taken: int = 0
    repeat: str = ""
    secret: bool = False
    choice: str = ""
    unique_choice: bool = False
    acquisition: bool = False
    ritual: bool = False
    requires_primary_attribute: int = 0
    requires_attributes: Mapping[str, int] = field(default_factory=dict)
    requires_skills: Mapping[str, int] = field(default_factory=dict)
    requires_any_feat: tuple[str, ...] = ()
    effects: Mapping[str, int] = field(default_factory=dict)

    def limit(self, settings: Settings = DEFAULT_SETTINGS) -> int:
        """How many times the feat may be bought (0: no limit)."""
        if self.repeat == "unstated" and not settings.unstated_feats_repeat:
            return 1
        if self.repeat:
            return self.max_taken
        return self.max_taken or 1


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The lists of CHARACTER CREATION, SKILLS and FEATS, read from the package's data files."""

    callings: tuple[str, ...]
    calling_aliases: Mapping[str, str]
    demeanors: tuple[str, ...]
    renewal_periods: tuple[str, ...]
    skills: Mapping[str, Skill]
    feats: Mapping[str, Feat]
    leadership: Mapping[str, Any]
    replaced_skills: Mapping[str, str]
    apprentice: Mapping[str, int]

    def skill(self, name: str) -> Skill:
        """A skill by name; a skill the rules dropped names what replaces it ("Additional Skills")."""
        for old, new in self.replaced_skills.items():
            if old.casefold() == name.strip().casefold():
                if new in ATTRIBUTES:
                    raise RuleError(f"{old} is no longer used: make a general {ATTRIBUTE_NAMES[new]} action",
                                    rule="Additional Skills", section="SKILLS: Additional Skills")
                return self.skills[new]
        return self.skills[_lookup(name, self.skills, "skill")]

    def feat(self, name: str) -> Feat:
        return self.feats[_lookup(name, self.feats, "feat")]


def _lookup(name: str, known: Mapping[str, Any] | Sequence[str], what: str) -> str:
    wanted = name.strip().casefold()
    for key in known:
        if key.casefold() == wanted:
            return key
    raise InputError(f"unknown {what} {name!r} (one of: {', '.join(known)})")


def _feat(raw: Mapping[str, Any]) -> Feat:
    try:
        return Feat(
            name=str(raw["name"]), cost=int(raw["cost"]), summary=str(raw["summary"]),
            cost_step=int(raw.get("cost_step", 0)), cost_per_mana=int(raw.get("cost_per_mana", 0)),
            max_taken=int(raw.get("max_taken", 0)), repeat=str(raw.get("repeat", "")),
            secret=bool(raw.get("secret", False)), choice=str(raw.get("choice", "")),
            unique_choice=bool(raw.get("unique_choice", False)),
            acquisition=bool(raw.get("acquisition", False)), ritual=bool(raw.get("ritual", False)),
            requires_primary_attribute=int(raw.get("requires_primary_attribute", 0)),
            requires_attributes={str(k): int(v) for k, v in raw.get("requires_attributes", {}).items()},
            requires_skills={str(k): int(v) for k, v in raw.get("requires_skills", {}).items()},
            requires_any_feat=tuple(str(f) for f in raw.get("requires_any_feat", [])),
            effects={str(k): int(v) for k, v in raw.get("effects", {}).items()},
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"mtg_rpg/data/feats.toml: feat {raw.get('name')!r} is malformed ({exc})") from None


@lru_cache(maxsize=1)
def rulebook() -> Rulebook:
    """The shipped lists (read once)."""
    sheet = read_toml("character.toml")
    feats_raw = read_toml("feats.toml")
    skills = {str(s["name"]): Skill(str(s["name"]), str(s["attribute"]), bool(s.get("stated", True)))
              for s in sheet["skills"]}
    bad = [s.name for s in skills.values() if s.attribute not in ATTRIBUTES]
    if bad:
        raise DataError(f"mtg_rpg/data/character.toml: skill {bad[0]!r} has no known attribute")
    feats = {f.name: f for f in (_feat(raw) for raw in feats_raw["feats"])}
    return Rulebook(
        callings=tuple(sheet["callings"]),
        calling_aliases=dict(sheet.get("calling_aliases", {})),
        demeanors=tuple(sheet["demeanors"]),
        renewal_periods=tuple(sheet["renewal_periods"]),
        skills=skills,
        feats=feats,
        leadership=dict(feats_raw["leadership"]),
        replaced_skills=dict(sheet["replaced_skills"]),
        apprentice={str(k): int(v) for k, v in sheet["apprentice"].items()},
    )


# -- the character ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TakenFeat:
    """A feat the Wizard has bought, with what was named for it (a colour, weapon, spell...)."""

    name: str
    choice: str | None = None


@dataclass(frozen=True, slots=True)
class Cohort:
    """The Leadership feat's follower: power, toughness and bought abilities ("FEATS: Leadership")."""

    power: int
    toughness: int
    augments: tuple[str, ...] = ()
    xp_spent: int = 2


@dataclass(frozen=True, slots=True)
class Character:
    """A Wizard's sheet.

    ``skills`` holds the skill dots (the free Arcane Knowledge and Spell Research
    dots included); a skill's total is its dots plus its attribute ("SKILLS").
    ``library`` is the spell deck the Wizard adventures with; ``spare_cards`` the
    cards owned but kept out of it.
    """

    name: str
    concept: str
    calling: str
    demeanors: tuple[str, ...]
    primary: str
    talisman: str
    renewal_period: str
    sanctuary: str
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    cantrips: tuple[str, ...]
    library: tuple[str, ...]
    weapon: str = ""
    gold: int = 0
    xp: int = 0
    feats: tuple[TakenFeat, ...] = ()
    spare_cards: tuple[str, ...] = ()
    in_sanctuary: bool = True
    has_laboratory: bool = True
    has_talisman: bool = True
    researched: tuple[str, ...] = ()
    scrolls: tuple[str, ...] = ()
    potions: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    drained: Mapping[str, int] = field(default_factory=dict)
    cohort: Cohort | None = None
    #: Life points lost and not yet healed: the current life is the derived life less these
    #: ("Life Points"; healed at the renewal period, "Healing").
    life_lost: int = 0
    #: "Character Death", "Bleeding": bleeding from -1 life points until stopped; dead at -5 (or by the
    #: alternate death rule).  Unconsciousness is life at 0 or less (``current_life``).
    bleeding: bool = False
    dead: bool = False
    #: Poison counters; one heals at each renewal period ("Renewal Period").
    poison: int = 0
    #: Intelligence sacrificed by Channel Energy, already taken off ``attributes``; one point
    #: heals each renewal period ("FEATS: Channel Energy").
    channelled: int = 0
    #: Of ``channelled``, the points sacrificed past 0 IQ ("If IQ drops to zero or less"): the sheet's IQ
    #: stays at 0 and these heal first, one a renewal period (ruling F26).
    channelled_below_zero: int = 0
    #: Quickened spells cast since the last renewal period ("FEATS: Quicken Spell").
    quickened_cast: tuple[str, ...] = ()
    #: Reserve mana used since the last renewal period ("Wisdom": renewed at the renewal period).
    reserve_used: int = 0
    #: Charged and unpowered items of ``items``: item -> (its spell, uses a day) ("Craft Magic Item").
    charged_items: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    #: Charged or unpowered items used since the last renewal period, once per use ("Craft Magic Item":
    #: "renewal period at sunrise unless otherwise specified").
    item_uses: tuple[str, ...] = ()

    # -- looking things up -------------------------------------------------------------------
    @property
    def primary_attribute(self) -> str:
        """The attribute of the primary mana ("Primary Mana", "Choosing Attributes")."""
        return MANA_ATTRIBUTE[self.primary]

    @property
    def primaries(self) -> tuple[str, ...]:
        """The primary mana and any added by "Add Mana Source" (while its prerequisite holds)."""
        if not self.feat_usable("Add Mana Source"):
            return (self.primary,)
        added = tuple(f.choice for f in self.feats if f.name == "Add Mana Source" and f.choice)
        return (self.primary, *added)

    def attribute(self, name: str) -> int:
        return self.attributes.get(name, 0)

    def skill_dots(self, name: str) -> int:
        return self.skills.get(name, 0)

    def skill_total(self, name: str) -> int:
        """Attribute plus skill dots ("SKILLS": the total recorded next to the skill)."""
        skill = rulebook().skill(name)
        return self.attribute(skill.attribute) + self.skill_dots(skill.name)

    def feat_count(self, name: str) -> int:
        return sum(1 for f in self.feats if f.name == name)

    def has_feat(self, name: str) -> bool:
        return self.feat_count(name) > 0

    def feat_usable(self, name: str) -> bool:
        """Owned and its prerequisites still met ("FEATS": a lost prerequisite disables the feat)."""
        return self.has_feat(name) and not prerequisite_problems(self, rulebook().feat(name))

    @property
    def renewal_periods(self) -> tuple[str, ...]:
        extra = tuple(f.choice for f in self.feats if f.name == "Enhanced Renewal" and f.choice)
        return (self.renewal_period, *extra)

    def owned_cards(self) -> tuple[str, ...]:
        return (*self.library, *self.spare_cards)

    # -- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "concept": self.concept, "calling": self.calling,
            "demeanors": list(self.demeanors), "primary": self.primary, "talisman": self.talisman,
            "renewal_period": self.renewal_period, "sanctuary": self.sanctuary,
            "attributes": {a: self.attribute(a) for a in ATTRIBUTES},
            "skills": dict(sorted(self.skills.items())), "cantrips": list(self.cantrips),
            "library": list(self.library), "weapon": self.weapon, "gold": self.gold, "xp": self.xp,
            "feats": [{"name": f.name, "choice": f.choice} for f in self.feats],
            "spare_cards": list(self.spare_cards), "in_sanctuary": self.in_sanctuary,
            "has_laboratory": self.has_laboratory, "has_talisman": self.has_talisman,
            "researched": list(self.researched), "scrolls": list(self.scrolls),
            "potions": list(self.potions), "items": list(self.items),
            "drained": dict(sorted(self.drained.items())),
            "life_lost": self.life_lost, "bleeding": self.bleeding, "dead": self.dead, "poison": self.poison,
            "channelled": self.channelled, "channelled_below_zero": self.channelled_below_zero,
            "quickened_cast": list(self.quickened_cast), "reserve_used": self.reserve_used,
            "charged_items": {item: {"spell": spell, "uses": uses}
                              for item, (spell, uses) in sorted(self.charged_items.items())},
            "item_uses": list(self.item_uses),
            "cohort": None if self.cohort is None else {
                "power": self.cohort.power, "toughness": self.cohort.toughness,
                "augments": list(self.cohort.augments), "xp_spent": self.cohort.xp_spent},
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Character:
        try:
            cohort = raw.get("cohort")
            return cls(
                name=str(raw["name"]), concept=str(raw["concept"]), calling=str(raw["calling"]),
                demeanors=tuple(str(d) for d in raw["demeanors"]), primary=str(raw["primary"]),
                talisman=str(raw["talisman"]), renewal_period=str(raw["renewal_period"]),
                sanctuary=str(raw["sanctuary"]),
                attributes={a: int(raw["attributes"][a]) for a in ATTRIBUTES},
                skills={str(k): int(v) for k, v in raw["skills"].items()},
                cantrips=tuple(str(c) for c in raw["cantrips"]),
                library=tuple(str(c) for c in raw["library"]), weapon=str(raw.get("weapon", "")),
                gold=int(raw["gold"]), xp=int(raw["xp"]),
                feats=tuple(TakenFeat(str(f["name"]), None if f.get("choice") is None else str(f["choice"]))
                            for f in raw.get("feats", [])),
                spare_cards=tuple(str(c) for c in raw.get("spare_cards", [])),
                in_sanctuary=bool(raw.get("in_sanctuary", True)),
                has_laboratory=bool(raw.get("has_laboratory", True)),
                has_talisman=bool(raw.get("has_talisman", True)),
                researched=tuple(str(c) for c in raw.get("researched", [])),
                scrolls=tuple(str(c) for c in raw.get("scrolls", [])),
                potions=tuple(str(c) for c in raw.get("potions", [])),
                items=tuple(str(c) for c in raw.get("items", [])),
                drained={str(k): int(v) for k, v in raw.get("drained", {}).items()},
                life_lost=int(raw.get("life_lost", 0)), bleeding=bool(raw.get("bleeding", False)),
                dead=bool(raw.get("dead", False)), poison=int(raw.get("poison", 0)),
                channelled=int(raw.get("channelled", 0)),
                channelled_below_zero=int(raw.get("channelled_below_zero", 0)),
                quickened_cast=tuple(str(c) for c in raw.get("quickened_cast", [])),
                reserve_used=int(raw.get("reserve_used", 0)),
                charged_items={str(item): (str(v["spell"]), int(v["uses"]))
                               for item, v in raw.get("charged_items", {}).items()},
                item_uses=tuple(str(i) for i in raw.get("item_uses", [])),
                cohort=None if cohort is None else Cohort(
                    int(cohort["power"]), int(cohort["toughness"]),
                    tuple(str(a) for a in cohort["augments"]), int(cohort["xp_spent"])),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"saved character is malformed ({type(exc).__name__}: {exc})") from None


# -- derived values --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Derived:
    """Every value the sheet works out from attributes and feats."""

    life: int
    hand_size: int
    reserve_mana: int
    creatures: int
    walk: int
    sprint: int
    run: int
    spell_range_yards: Mapping[str, int]
    max_self_enchantments: int
    cantrips_known: int
    cantrips_per_day: int
    initiative: int
    dodges_per_turn: int
    luck_bonus: int
    research_difficulty: int
    spell_duration_minutes: int
    land_duration_minutes: int
    creature_minutes: int
    carry_pounds: int
    renewal_periods: int
    elemental_resistance: int
    cohort_xp_limit: int

    def to_dict(self) -> dict[str, Any]:
        return {name: (dict(value) if isinstance(value, Mapping) else value)
                for name in self.__slots__ for value in (getattr(self, name),)}


def feat_bonus(character: Character, effect: str) -> int:
    """The sum of one effect over the usable feats the Wizard has bought."""
    book = rulebook()
    total = 0
    for taken in character.feats:
        feat = book.feats.get(taken.name)
        if feat is not None and effect in feat.effects and character.feat_usable(taken.name):
            total += feat.effects[effect]
    return total


def base_life(constitution: int) -> int:
    """"Life Points": 10 plus twice Constitution (before feats)."""
    return 10 + 2 * constitution


def base_hand_size(intelligence: int, bonus: int = 0) -> int:
    """"Hand Size": 2 plus Intelligence (plus a feat's ``bonus``), at most ``MAX_HAND``."""
    return min(MAX_HAND, 2 + intelligence + bonus)


def derive(character: Character, *, armour: int = 0, dragging: bool = False) -> Derived:
    """Work out the sheet's derived values ("Choosing Attributes", "Life Points", "Hand Size",
    "COMBAT: Movement", "Spell Ranges", "Maximum Enchantments", "Cantrips", FEATS).

    ``armour`` is points of normal armour worn: each takes a hex off the walk.  ``dragging``
    another character halves it, rounded down ("Dragging another character reduces movement by
    half"; sprint and run follow from the walk).
    """
    a = character.attribute
    primary = a(character.primary_attribute)
    walk = max(0, a("ST") + a("DX") + 1 - armour)
    if dragging:
        walk //= 2
    range_dots = feat_bonus(character, "spell_range_dots")
    return Derived(
        life=base_life(a("CN")) + feat_bonus(character, "life"),
        hand_size=base_hand_size(a("IQ"), feat_bonus(character, "hand_size")),
        reserve_mana=a("WS") + feat_bonus(character, "reserve_mana"),
        creatures=a("CH") + 1 + feat_bonus(character, "creatures"),
        walk=walk,
        sprint=2 * walk,
        run=4 * walk,
        spell_range_yards={COLOR_NAMES[m]: 10 * (a(MANA_ATTRIBUTE[m]) + range_dots) for m in MANA_TYPES},
        max_self_enchantments=a("CN") + 1,
        cantrips_known=primary + feat_bonus(character, "cantrips_known"),
        cantrips_per_day=1 + a("WS") + feat_bonus(character, "cantrips_per_day"),
        initiative=a("DX") + feat_bonus(character, "initiative"),
        dodges_per_turn=1 + feat_bonus(character, "dodges"),
        luck_bonus=feat_bonus(character, "luck_bonus"),
        research_difficulty=feat_bonus(character, "research_difficulty"),
        spell_duration_minutes=primary * (1 + feat_bonus(character, "spell_duration_multiple")),
        land_duration_minutes=primary * (1 + feat_bonus(character, "land_duration_multiple")),
        creature_minutes=a("CH"),
        carry_pounds=50 * a("ST"),
        renewal_periods=1 + feat_bonus(character, "renewal_periods"),
        elemental_resistance=feat_bonus(character, "elemental_resistance"),
        cohort_xp_limit=feat_bonus(character, "cohort_xp_limit"),
    )


def prerequisite_problems(character: Character, feat: Feat) -> list[str]:
    """What the Wizard lacks for ``feat`` ("FEATS": attribute, skill or feat prerequisites)."""
    problems = []
    if feat.requires_primary_attribute and \
            character.attribute(character.primary_attribute) < feat.requires_primary_attribute:
        problems.append(f"{feat.requires_primary_attribute} dots in the primary attribute "
                        f"({ATTRIBUTE_NAMES[character.primary_attribute]})")
    for attr, need in feat.requires_attributes.items():
        if character.attribute(attr) < need:
            problems.append(f"{ATTRIBUTE_NAMES[attr]} {need}")
    for skill, need in feat.requires_skills.items():
        if character.skill_dots(skill) < need:
            problems.append(f"{skill} skill {need}")
    if feat.requires_any_feat and not any(character.has_feat(f) for f in feat.requires_any_feat):
        problems.append(" or ".join(feat.requires_any_feat))
    return problems

# -- the character sheet ---------------------------------------------------------------------

#: "Attribute Scores": what 0 to 5 dots mean (a lookup table in data/tables).
SCORES_TABLE = "mtg_attribute_scores"


def attribute_meaning(dots: int) -> str:
    """"Poor / Novice / Weak" for 0 up to "Superhuman" for 5 ("Attribute Scores")."""
    table = get_table(SCORES_TABLE)
    if not table.low <= dots <= table.high:
        raise InputError(f"an attribute is {table.low} to {table.high} dots, not {dots}")
    return table.lookup(dots).result


def current_life(character: Character) -> int:
    """The life points the Wizard has now: the derived life less what is not yet healed ("Life Points")."""
    return derive(character).life - character.life_lost


def life_condition(character: Character) -> str:
    """"dead", "unconscious, bleeding", "unconscious" or "conscious" ("Life Points", "Character Death")."""
    if character.dead:
        return "dead"
    if current_life(character) <= 0:
        return "unconscious, bleeding" if character.bleeding else "unconscious"
    return "conscious"


def favoured_element(character: Character) -> str | None:
    """The element chosen with a usable Elemental Resistance feat ("FEATS: Elemental Resistance")."""
    if not character.feat_usable("Elemental Resistance"):
        return None
    return next((f.choice for f in character.feats if f.name == "Elemental Resistance" and f.choice), None)


def with_life(character: Character, life: int) -> Character:
    """The sheet with ``life`` as the current life points; above the derived life is refused."""
    most = derive(character).life
    if life > most:
        raise InputError(f"{character.name} has at most {most} life points")
    return replace(character, life_lost=most - life)


def sheet(character: Character) -> dict[str, Any]:
    """The sheet as JSON-able data: the record, every skill's total and the derived values."""
    book = rulebook()
    return {
        "character": character.to_dict(),
        "primary_attribute": character.primary_attribute,
        "attribute_meanings": {a: attribute_meaning(character.attribute(a)) for a in ATTRIBUTES},
        "skill_totals": {name: character.skill_total(name) for name in book.skills},
        "derived": derive(character).to_dict(),
        "current_life": current_life(character),
        "condition": life_condition(character),
        "elemental_resistance": {"element": favoured_element(character),
                                 "points": derive(character).elemental_resistance},
    }


def to_markdown(character: Character) -> str:
    """The character sheet as Markdown."""
    book = rulebook()
    d = derive(character)
    lines = [
        f"# {character.name}", "",
        f"- **Concept:** {character.concept}",
        f"- **Calling:** {character.calling}",
        f"- **Demeanor:** {', '.join(character.demeanors)}",
        f"- **Primary mana:** {', '.join(COLOR_NAMES[p] for p in character.primaries)} "
        f"({ATTRIBUTE_NAMES[character.primary_attribute]})",
        f"- **Talisman:** {character.talisman}",
        f"- **Renewal period:** {', '.join(character.renewal_periods)}",
        f"- **Sanctuary:** {character.sanctuary}" + ("" if character.in_sanctuary else " (away)"),
        f"- **Weapon:** {character.weapon or 'none'}",
        f"- **Gold:** {character.gold} gp; **unused experience:** {character.xp}", "",
        "## Attributes", "", "| attribute | dots | mana | score |", "| --- | --- | --- | --- |",
    ]
    for attr in ATTRIBUTES:
        mana = next(m for m, a in MANA_ATTRIBUTE.items() if a == attr)
        lines.append(f"| {ATTRIBUTE_NAMES[attr]} ({attr}) | {character.attribute(attr)} | {COLOR_NAMES[mana]} | "
                     f"{attribute_meaning(character.attribute(attr))} |")
    lines += ["", "## Skills", "", "| skill | attribute | dots | total |", "| --- | --- | --- | --- |"]
    for skill in book.skills.values():
        lines.append(f"| {skill.name} | {skill.attribute} | {character.skill_dots(skill.name)} | "
                     f"{character.skill_total(skill.name)} |")
    lines += [
        "", "## Derived", "",
        f"- Life points {current_life(character)} of {d.life} ({life_condition(character)}"
        + (f", {character.poison} poison counters" if character.poison else "") + f"); hand size {d.hand_size}; "
        f"reserve mana {d.reserve_mana}",
        f"- Creatures controlled {d.creatures}; initiative +{d.initiative}; dodges a turn {d.dodges_per_turn}",
        f"- Walk {d.walk} hexes, sprint {d.sprint}, run {d.run}",
        "- Spell range (yards): " + ", ".join(f"{k} {v}" for k, v in d.spell_range_yards.items()),
        f"- Self-enchantments at most {d.max_self_enchantments}; cantrips {d.cantrips_per_day} a day",
        *([f"- Elemental resistance {d.elemental_resistance} against {favoured_element(character)}"]
          if favoured_element(character) else []),
        "", "## Feats", "",
    ]
    lines += [f"- {f.name}" + (f" ({f.choice})" if f.choice else "") for f in character.feats] or ["- none"]
    lines += ["", "## Cantrips", ""] + [f"- {c}" for c in character.cantrips]
    lines += ["", f"## Library ({len(character.library)} cards)", ""]
    counts: dict[str, int] = {}
    for card in character.library:
        counts[card] = counts.get(card, 0) + 1
    lines += [f"- {n} {card}" for card, n in sorted(counts.items())]
    return "\n".join(lines) + "\n"


# -- the save store --------------------------------------------------------------------------


@dataclass
class CharacterRecord:
    """A saved Wizard: the sheet, the dice that go with it and whatever else was saved beside it
    (the play commands keep the hand and library order there)."""

    character: Character
    rng: Randomness
    extra: dict[str, Any] = field(default_factory=dict)
    #: The save revision this record was read at (None: a new Wizard, not saved yet).
    revision: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**self.extra, "character": self.character.to_dict(), "rng": self.rng.snapshot(),
                "log": self.rng.log.to_list()}

    def changed(self, character: Character | None = None, rng: Randomness | None = None,
                extra: dict[str, Any] | None = None) -> CharacterRecord:
        """This record with a new sheet, dice or extras, still naming the revision it was read at."""
        return CharacterRecord(self.character if character is None else character,
                               self.rng if rng is None else rng,
                               self.extra if extra is None else extra, self.revision)

    @classmethod
    def from_state(cls, name: str, state: dict[str, Any], revision: int | None = None) -> CharacterRecord:
        """A record from a saved state (the dice restored where they stopped)."""
        state = dict(state)
        try:
            character = Character.from_dict(state.pop("character"))
            rng = Randomness.restore(state.pop("rng"), EventLog.from_list(state.pop("log", [])))
        except KeyError as exc:
            raise DataError(f"saved character {name!r} has no {exc.args[0]!r}") from None
        return cls(character, rng, state, revision)


def save_character(store: SaveStore, record: CharacterRecord) -> int:
    """Save under the Wizard's name (kind "character", system "mtg_rpg"); returns the new revision.

    A new record is created (a taken name refused); a loaded one is written only if the save is
    still at the revision it was read at (else :class:`~magecraft.core.saves.SaveConflict`).
    """
    name = record.character.name
    if record.revision is None:
        return store.create(name, SYSTEM, "character", record.to_dict()).revision
    return store.update(name, SYSTEM, "character", record.to_dict(), revision=record.revision).revision


def load_character(store: SaveStore, name: str) -> CharacterRecord:
    """The Wizard saved as ``name``, with the dice restored where they stopped and the revision read."""
    saved = store.load(name, SYSTEM, "character")
    return CharacterRecord.from_state(name, saved.state, saved.revision)


def modify_character(store: SaveStore, name: str,
                     change: Callable[[CharacterRecord], CharacterRecord]) -> CharacterRecord:
    """Re-read the Wizard and save ``change(record)`` in one transaction: for short commands that
    append (an action), so concurrent ones queue and none is lost (docs/architecture.md, "Saves")."""
    def apply(state: dict[str, Any]) -> dict[str, Any]:
        return change(CharacterRecord.from_state(name, state)).to_dict()

    saved = store.modify(name, SYSTEM, "character", apply)
    return CharacterRecord.from_state(name, saved.state, saved.revision)


def example_character() -> Character:
    """A starting red Wizard used by the docs and tests (a valid sheet without its library)."""
    return Character(
        name="Sarin", concept="a hot-tempered battle mage", calling="Adventurer", demeanors=("Brave",),
        primary="R", talisman="a ruby ring", renewal_period="sunrise", sanctuary="a cave in the Shivan range",
        attributes={"ST": 3, "DX": 0, "CN": 2, "IQ": 2, "WS": 1, "CH": 2},
        skills={"Athletics": 3, "Arcane Knowledge": 2, "Spell Research": 2, "Awareness": 3, "Dodge": 3,
                "Endurance": 3, "Larceny": 3, "Healing": 3},
        cantrips=("Light", "Mage Hand", "Detect Magic"), library=(), weapon="staff",
    )
