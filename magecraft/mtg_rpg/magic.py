"""Magic outside the duel: cantrips, spell research and acquisition, land, the talisman and
Channel Energy.

Seed 000, MAGIC: "Cantrips", "Spell Acquisition", "Spell Research", "Spell
Acquisition via Character Points", "General Research", "Maximum Enchantments",
"Land Acquisition", "Spell Limitations"; FEATS: "Channel Energy"; CHARACTER CREATION:
"The Wizard's Talisman"; COMBAT: "Defeated Monster Spells" (a monster's foci helps
research).  Potions, scrolls, magic items and quickened spells (FEATS: "Alchemy",
"Scribe Scrolls", "Craft Magic Item", "Quicken Spell") are :mod:`magecraft.mtg_rpg.crafting`.

The prices, times and difficulties are data (``data/magic.toml``); the
commonly known cantrips are ``data/cantrips.toml``.

>>> from magecraft.mtg_rpg.cards import builtin_pool
>>> from magecraft.mtg_rpg.character import example_character
>>> plan = plan_research(example_character(), builtin_pool().get("Shivan Dragon"))
>>> plan.days, plan.gold, plan.difficulty
(5, 2500, 15)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import (
    ActionAttempt,
    ActionResult,
    SpellDeck,
    casting_cost,
    mana_types,
    resolve_action,
)
from magecraft.mtg_rpg.cards import COLOR_NAMES, COLORS, Card, CardPool, builtin_pool
from magecraft.mtg_rpg.character import Character, derive
from magecraft.mtg_rpg.datafiles import read_toml
from magecraft.mtg_rpg.deckbuilding import library_problems
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

CANTRIP_SECTION = "MAGIC: Cantrips"
RESEARCH_SECTION = "MAGIC: Spell Research"
ACQUISITION_SECTION = "MAGIC: Spell Acquisition via Character Points"
GENERAL_SECTION = "MAGIC: General Research"
ENCHANTMENTS_SECTION = "MAGIC: Maximum Enchantments"
LAND_SECTION = "MAGIC: Land Acquisition"
ALCHEMY_SECTION = "FEATS: Alchemy"
SCROLLS_SECTION = "FEATS: Scribe Scrolls"
ITEM_SECTION = "FEATS: Craft Magic Item"
CHANNEL_SECTION = "FEATS: Channel Energy"
TALISMAN_SECTION = "CHARACTER CREATION: The Wizard's Talisman"
FOCI_SECTION = "COMBAT: Defeated Monster Spells"


@lru_cache(maxsize=1)
def prices() -> Mapping[str, Any]:
    """``data/magic.toml``: every price, time and difficulty of this module."""
    return read_toml("magic.toml")


def price_rarity(card: Card) -> str:
    """The price category of a card: common, uncommon or rare (mythic and special priced as rare)."""
    if card.rarity in ("common", "uncommon", "rare"):
        return card.rarity
    if card.rarity == "basic land":
        return "common"
    return "rare"


# -- cantrips --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cantrip:
    """A cantrip: range, duration and prerequisite ("Cantrips")."""

    name: str
    summary: str
    range_feet: int = 0
    duration_minutes: int = 0
    per_primary_dot: bool = False
    permanent: bool = False
    requires: str = ""
    range_per_primary_dot_yards: int = 0
    damage: bool = False
    combat: bool = False


@lru_cache(maxsize=1)
def cantrips() -> tuple[Cantrip, ...]:
    """The commonly known cantrips."""
    raw = read_toml("cantrips.toml")
    try:
        return tuple(Cantrip(**{k: v for k, v in c.items()}) for c in raw["cantrips"])
    except TypeError as exc:
        raise DataError(f"mtg_rpg/data/cantrips.toml: {exc}") from None


def cantrip_names() -> tuple[str, ...]:
    return tuple(c.name for c in cantrips())


def cantrip(name: str) -> Cantrip:
    for c in cantrips():
        if c.name.casefold() == name.strip().casefold():
            return c
    raise InputError(f"unknown cantrip {name!r} (one of: {', '.join(cantrip_names())})")


def check_cantrip_prerequisites(names: Sequence[str]) -> None:
    """A cantrip's prerequisite must be known too (Mage Sight needs Detect Magic)."""
    for name in names:
        needed = cantrip(name).requires
        if needed and needed not in names:
            raise RuleError(f"{name} needs {needed} known first", rule="Cantrip prerequisite",
                            section=CANTRIP_SECTION)


def check_new_cantrip(new: Cantrip) -> None:
    """A cantrip proposed for research keeps the rules every cantrip shares ("Cantrips")."""
    limits = read_toml("cantrips.toml")["limits"]
    if new.damage:
        raise RuleError("a cantrip does no damage", rule="Cantrip limits", section=CANTRIP_SECTION)
    if new.combat:
        raise RuleError("a cantrip has no impact on combat", rule="Cantrip limits", section=CANTRIP_SECTION)
    if new.duration_minutes > limits["max_duration_minutes"]:
        raise RuleError(f"a cantrip lasts at most {limits['max_duration_minutes']} minutes",
                        rule="Cantrip limits", section=CANTRIP_SECTION)
    if new.range_feet > limits["max_range_feet"]:
        raise RuleError(f"a cantrip reaches at most {limits['max_range_feet']} feet", rule="Cantrip limits",
                        section=CANTRIP_SECTION)


def cast_cantrip(character: Character, name: str, cast_today: int) -> int:
    """Cast a known cantrip; returns the casts used today.  At most 1 + Wisdom (+ Energized
    Cantrips) a day ("Cantrips"); no talisman is needed."""
    known = next((c for c in character.cantrips if c.casefold() == name.strip().casefold()), None)
    if known is None:
        raise RuleError(f"{character.name} does not know {name} (knows {', '.join(character.cantrips)})",
                        rule="Cantrips known", section=CANTRIP_SECTION)
    limit = derive(character).cantrips_per_day
    if cast_today >= limit:
        raise RuleError(f"{character.name} has cast {cast_today} cantrips today; the limit is {limit}",
                        rule="Cantrips a day", section=CANTRIP_SECTION)
    return cast_today + 1


def cantrip_duration_minutes(character: Character, name: str) -> int | None:
    """How long a cantrip lasts for this Wizard (None: instant or permanent)."""
    c = cantrip(name)
    if c.per_primary_dot:
        return c.duration_minutes * character.attribute(character.primary_attribute)
    return c.duration_minutes or None


def cantrip_research_plan(character: Character, new: Cantrip) -> ResearchPlan:
    """A new cantrip is researched "as a one point common spell" once the referee approves it and
    it keeps the cantrip limits ("Cantrips"): 1 day, 100 gp, difficulty 9."""
    check_new_cantrip(new)
    if new.name.casefold() in (c.casefold() for c in (*cantrip_names(), *character.cantrips)):
        raise RuleError(f"{new.name} is already a known cantrip", rule="New cantrips", section=CANTRIP_SECTION)
    stand_in = Card(new.name, "{1}", 1, (), "Sorcery", ("Sorcery",), rarity="common")
    return plan_research(character, stand_in)


def learn_researched_cantrip(character: Character, new: Cantrip) -> Character:
    """Add a researched cantrip to those the Wizard knows (it does not count against the limit)."""
    cantrip_research_plan(character, new)
    return replace(character, cantrips=(*character.cantrips, new.name))


def cantrip_range_feet(character: Character, name: str) -> int:
    """A cantrip's range (0: touch); Mage Sight reaches primary attribute x 10 yards."""
    c = cantrip(name)
    if c.range_per_primary_dot_yards:
        return 3 * c.range_per_primary_dot_yards * character.attribute(character.primary_attribute)
    return c.range_feet


def can_cast_spells(character: Character) -> bool:
    """Without a talisman a Wizard casts only cantrips ("The Wizard's Talisman")."""
    return character.has_talisman


def make_talisman(character: Character) -> tuple[Character, int]:
    """A new talisman: a week in the sanctuary and 100 gp.  Returns the sheet and the days."""
    cost = prices()["talisman"]
    _require_sanctuary(character, "make a talisman", TALISMAN_SECTION)
    _pay_check(character, int(cost["gold"]), "a new talisman", TALISMAN_SECTION)
    return replace(character, has_talisman=True, gold=character.gold - int(cost["gold"])), int(cost["days"])


def check_self_enchantments(character: Character, active: int) -> None:
    """Another enchantment on oneself must stay within Constitution + 1 ("Maximum Enchantments")."""
    limit = derive(character).max_self_enchantments
    if active + 1 > limit:
        raise RuleError(f"{character.name} already holds {active} self-cast enchantments; the most is {limit}",
                        rule="Maximum Enchantments", section=ENCHANTMENTS_SECTION)


def channel_energy(character: Character, iq_points: int,
                   settings: Settings = DEFAULT_SETTINGS) -> tuple[Character, int, str]:
    """Mana from sacrificed Intelligence: 3 per point ("Channel Energy").  "If IQ drops to zero or
    less the Mage falls unconscious.  Any sacrifice greater than three times the Wizard's IQ results
    in the Wizards death": a sacrifice of more IQ points than three times the IQ kills (ruling F26;
    setting ``channel_energy_death`` "all IQ" kills past the IQ the Wizard has).  The loss is immediate
    (the sheet's IQ drops, and with it the hand size; points past 0 are kept as
    ``channelled_below_zero``) and heals a point a renewal period
    (:func:`magecraft.mtg_rpg.renewal.recover_at_renewal`).
    Returns the sheet after (dead on the sheet when the sacrifice kills), the mana and "fine",
    "unconscious" or "dead"."""
    if not character.feat_usable("Channel Energy"):
        raise RuleError(f"{character.name} does not have the Channel Energy feat", rule="Channel Energy",
                        section=CHANNEL_SECTION)
    if iq_points < 1:
        raise InputError("sacrifice at least one point of Intelligence")
    iq = character.attribute("IQ")
    mana = 3 * iq_points
    limit = 3 * iq if settings.channel_energy_death == "three times IQ" else iq
    state = "dead" if iq_points > limit else "unconscious" if iq - iq_points <= 0 else "fine"
    lost = min(iq, iq_points)
    after = replace(character, attributes={**character.attributes, "IQ": iq - lost},
                    channelled=character.channelled + iq_points,
                    channelled_below_zero=character.channelled_below_zero + iq_points - lost,
                    dead=character.dead or state == "dead")
    return after, mana, state


# -- spell research --------------------------------------------------------------------------


def _require_sanctuary(character: Character, doing: str, section: str) -> None:
    if not character.in_sanctuary:
        raise RuleError(f"{character.name} must be in the sanctuary to {doing}", rule="Sanctuary",
                        section=section)


def _require_lab(character: Character, section: str) -> None:
    if not character.has_laboratory:
        lab = prices()["research"]["laboratory_gold"]
        raise RuleError(f"{character.name} has no research laboratory (it costs {lab} gp)",
                        rule="Laboratory", section=section)


def build_laboratory(character: Character) -> Character:
    """A research laboratory in the sanctuary for 1,000 gp of materials ("Sanctuary")."""
    gold = int(prices()["research"]["laboratory_gold"])
    if character.has_laboratory:
        raise RuleError(f"{character.name} already has a laboratory", rule="Laboratory",
                        section="CHARACTER CREATION: Sanctuary")
    _require_sanctuary(character, "build a laboratory", "CHARACTER CREATION: Sanctuary")
    _pay_check(character, gold, "a laboratory", "CHARACTER CREATION: Sanctuary")
    return replace(character, has_laboratory=True, gold=character.gold - gold)


def _pay_check(character: Character, gold: int, what: str, section: str) -> None:
    if character.gold < gold:
        raise RuleError(f"{what} costs {gold} gp; {character.name} has {character.gold}",
                        rule="Gold", section=section)


def is_primary_color(character: Character, card: Card) -> bool:
    return bool(mana_types(card) & set(character.primaries))


def research_points(character: Character, card: Card) -> int:
    """Mana points that set research time and cost: X counts 1; one less for the primary mana
    ("The time and cost ... is one less ... Minimum 1 point")."""
    points = casting_cost(card)
    if is_primary_color(character, card):
        points -= 1
    return max(1, points)


@dataclass(frozen=True, slots=True)
class ResearchPlan:
    """What researching one spell takes ("Spell Research")."""

    spell: str
    rarity: str
    points: int
    days: int
    gold: int
    base_difficulty: int
    difficulty: int
    reductions: tuple[str, ...]
    retry_gold: int
    duplicate: bool
    aid: str | None = None

    @property
    def market_value(self) -> int:
        """"The fair market value of a spell is double the spell research value"."""
        return 2 * self.gold

    def to_dict(self) -> dict[str, Any]:
        return {"spell": self.spell, "rarity": self.rarity, "points": self.points, "days": self.days,
                "gold": self.gold, "base_difficulty": self.base_difficulty, "difficulty": self.difficulty,
                "reductions": list(self.reductions), "retry_gold": self.retry_gold,
                "duplicate": self.duplicate, "aid": self.aid, "market_value": self.market_value}


def plan_research(character: Character, card: Card, *, extra_gold: bool = False,
                  aid: Literal["scroll", "potion"] | None = None, foci: bool = False,
                  settings: Settings = DEFAULT_SETTINGS) -> ResearchPlan:
    """Time, gold and difficulty of researching ``card`` ("Spell Research").

    1 day and 100/200/500 gp per mana point (common/uncommon/rare), one point less
    for the primary mana; difficulty 9/12/15.  Each of these lowers the difficulty a
    category (3): paying extra gold (at most one category), a duplicate of a spell
    already researched or in the library (which also halves time and gold, rounded
    up), a scroll or potion of the spell (consumed), a monster's spell foci
    ("Defeated Monster Spells"), the Enhanced Spell Research feat.
    """
    if card.is_land:
        raise RuleError(f"{card.name} is a land: lands come from the land ritual, not research",
                        rule="Land Acquisition", section=LAND_SECTION)
    table = prices()["research"]
    rarity = price_rarity(card)
    points = research_points(character, card)
    days = points * int(table["days_per_point"])
    gold = points * int(table["gold_per_point"][rarity])
    base = int(table["difficulty"][rarity])
    category = int(table["category"])
    reductions: list[str] = []
    if extra_gold:
        gold *= settings.extra_gold_multiple
        reductions.append("extra gold")
    duplicate = card.name in character.owned_cards() or card.name in character.researched
    if duplicate:
        days, gold = math.ceil(days / 2), math.ceil(gold / 2)
        reductions.append("duplicate")
    if aid is not None:
        held = character.scrolls if aid == "scroll" else character.potions
        if card.name not in held:
            raise RuleError(f"{character.name} has no {aid} of {card.name}", rule=f"Research with a {aid}",
                            section=RESEARCH_SECTION)
        reductions.append(aid)
    if foci:
        reductions.append("monster spell foci")
    feat_bonus = derive(character).research_difficulty
    difficulty = max(0, base - category * len(reductions) + feat_bonus)
    if feat_bonus:
        reductions.append("Enhanced Spell Research")
    retry = math.ceil(gold * int(table["retry_fraction_percent"]) / 100)
    return ResearchPlan(card.name, rarity, points, days, gold, base, difficulty, tuple(reductions), retry,
                        duplicate, aid)


@dataclass(frozen=True, slots=True)
class ResearchOutcome:
    """What came of researching: the new sheet, each check, the days and gold spent."""

    character: Character
    plan: ResearchPlan
    checks: tuple[ActionResult, ...]
    days: int
    gold: int
    success: bool

    def to_dict(self) -> dict[str, Any]:
        return {"plan": self.plan.to_dict(), "checks": [c.to_dict() for c in self.checks],
                "days": self.days, "gold": self.gold, "success": self.success,
                "gold_left": self.character.gold}


def research(character: Character, card: Card, rng: Randomness, *, checks: int = 1, play: str | None = None,
             extra_gold: bool = False, aid: Literal["scroll", "potion"] | None = None, foci: bool = False,
             settings: Settings = DEFAULT_SETTINGS, pool: CardPool | None = None,
             deck: SpellDeck | None = None, interrupted_days: int = 0) -> ResearchOutcome:
    """Research a spell in the sanctuary's laboratory ("Spell Research").

    "The research time must be uninterrupted or else the Wizard has to start over": an
    interruption ``interrupted_days`` into the first block loses those days, which are added to
    the time (and the gold is paid again with ``interrupted_research_repays_gold``; ruling R2).

    The first check comes after the minimum time for the full price; each failed
    check may be followed (up to ``checks`` in all) by another block of the same
    time at 10% of the price.  A check is a Spell Research (IQ) action played from
    ``deck`` (the Wizard's hand and library; without one the library is shuffled
    and a hand drawn): ``play`` on the first check, else the hand's best card; no
    power play or heroic deed helps ("Power-Play", "Heroic Deeds").  The new card
    joins the library when the library stays legal, else the spare cards; a scroll
    or potion used is consumed.
    """
    _require_sanctuary(character, "research spells", RESEARCH_SECTION)
    _require_lab(character, RESEARCH_SECTION)
    if checks < 1:
        raise InputError("research needs at least one check")
    plan = plan_research(character, card, extra_gold=extra_gold, aid=aid, foci=foci, settings=settings)
    if not 0 <= interrupted_days < plan.days:
        raise InputError(f"an interruption comes 0 to {plan.days - 1} days into the {plan.days}-day study")
    lost_gold = plan.gold if interrupted_days and settings.interrupted_research_repays_gold else 0
    _pay_check(character, plan.gold + lost_gold, f"researching {card.name}", RESEARCH_SECTION)
    chosen = pool or builtin_pool()
    library = [chosen.get(n) for n in character.library]
    if deck is None:
        deck = SpellDeck(Deck(library, name="library"), hand_size=derive(character).hand_size)
        deck.library.shuffle(rng, "shuffle the library before research")
        deck.refill(rng)
    if play is not None:
        deck.find_in_hand(play)
    if interrupted_days:
        rng.log.record("research", f"research of {card.name} interrupted after {interrupted_days} day(s): "
                       "starting over", section=RESEARCH_SECTION, data={"lost_days": interrupted_days,
                                                                         "lost_gold": lost_gold})
    results, gold, days = _research_checks(character, plan, card, deck, rng, checks=checks, play=play,
                                           gold=plan.gold + lost_gold, days=plan.days + interrupted_days,
                                           settings=settings)
    success = bool(results) and results[-1].success
    changes = _researched(character, plan, card, library, success, settings)
    changes["gold"] = character.gold - gold
    return ResearchOutcome(replace(character, **changes), plan, tuple(results), days, gold, success)


def _research_checks(character: Character, plan: ResearchPlan, card: Card, deck: SpellDeck, rng: Randomness, *,
                     checks: int, play: str | None, gold: int, days: int,
                     settings: Settings) -> tuple[list[ActionResult], int, int]:
    """The Spell Research checks, each after its block of time ("Spell Research"): the first for ``gold`` and
    ``days``, each later one for another block at the retry price, while the Wizard can pay; the checks made
    and the gold and days spent in all."""
    score = character.skill_total("Spell Research")
    results: list[ActionResult] = []
    for number in range(1, checks + 1):
        if number > 1:
            if character.gold < gold + plan.retry_gold:
                break
            gold += plan.retry_gold
            days += plan.days
        attempt = ActionAttempt(score=score, difficulty=plan.difficulty, attribute="IQ",
                                card=play if number == 1 and play else deck.strongest(settings),
                                purpose="spell research")
        result = resolve_action(deck, attempt, rng, settings=settings)
        results.append(result)
        rng.log.record("research", f"research check {number} for {card.name}", section=RESEARCH_SECTION,
                       data={"total": result.total, "difficulty": plan.difficulty, "success": result.success})
        if result.success:
            break
    return results, gold, days


def _researched(character: Character, plan: ResearchPlan, card: Card, library: list[Card], success: bool,
                settings: Settings) -> dict[str, Any]:
    """The sheet's changes after research: the scroll or potion used is consumed; a researched card joins
    the library when the library stays legal, else the spare cards ("Spell Research")."""
    changes: dict[str, Any] = {}
    if plan.aid == "scroll":
        changes["scrolls"] = _without(character.scrolls, card.name)
    elif plan.aid == "potion":
        changes["potions"] = _without(character.potions, card.name)
    if success:
        changes["researched"] = tuple(sorted({*character.researched, card.name}))
        grown = [*library, card]
        if library_problems(character, grown, settings=settings):
            changes["spare_cards"] = (*character.spare_cards, card.name)
        else:
            changes["library"] = (*character.library, card.name)
    return changes


def _without(items: tuple[str, ...], name: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(name)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class FociSearch:
    """Whether a dead natural monster left a spell foci ("Defeated Monster Spells")."""

    card_drawn: str
    left_foci: bool
    find_difficulty: int

    def to_dict(self) -> dict[str, Any]:
        return {"card_drawn": self.card_drawn, "left_foci": self.left_foci,
                "find_difficulty": self.find_difficulty}


def monster_foci(monster: Card, referee_deck: Deck[Card], rng: Randomness) -> FociSearch:
    """The referee draws a card: a foci is left when its total mana exactly equals the monster's
    casting cost.  Finding it takes a detect magic cantrip and a Spell Research check of 6; it
    then makes research of that spell a category easier (``foci=True``)."""
    drawn = referee_deck.draw_random(rng, f"does {monster.name} leave a spell foci?")
    referee_deck.discard(drawn)
    left = drawn.mana_value == monster.mana_value
    rng.log.record("foci", f"{monster.name}: {'a foci is left' if left else 'no foci'}", section=FOCI_SECTION,
                   data={"card": drawn.name, "left": left})
    return FociSearch(drawn.name, left, 6)


def general_research_difficulty(base: int, gold: int, weeks: int) -> int:
    """"The DC can be lowered by 1 category for each 1,000 gp and week of research done; up to a
    maximum of 3 categories" ("General Research")."""
    table = prices()["general_research"]
    categories = min(int(table["max_categories"]), gold // int(table["gold_per_category"]),
                     weeks // int(table["weeks_per_category"]))
    return max(0, base - 3 * categories)


# -- spell acquisition by experience ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AcquisitionCost:
    xp: int
    gold: int
    weeks: int

    def to_dict(self) -> dict[str, int]:
        return {"xp": self.xp, "gold": self.gold, "weeks": self.weeks}


def acquisition_cost(card: Card) -> AcquisitionCost:
    """1, 2 or 3 experience points per mana point by rarity, at least 1; a week per mana point
    (at least one) at 100/200/300 gp a week ("Spell Acquisition via Character Points").  Each X is
    a mana point: "For all variable or 'X' cost spells, each 'X' represents a 1 for point purposes"
    ("Performing an Action"; ruling F31, as F9, F28, P8 and P21 count it)."""
    table = prices()["acquisition"]
    rarity = price_rarity(card)
    points = casting_cost(card)
    xp = max(int(table["minimum_xp"]), points * int(table["xp_per_point"][rarity]))
    weeks = max(1, points) * int(table["weeks_per_point"])
    return AcquisitionCost(xp, weeks * int(table["gold_per_week"][rarity]), weeks)


def acquire_by_xp(character: Character, card: Card, *, knows_it_exists: bool = True,
                  referee_xp: int = 0) -> Character:
    """Buy a spell card with experience, in the sanctuary; the Wizard must know the spell exists.
    ``referee_xp`` is the extra the referee may ask for an unusual or powerful spell."""
    _require_sanctuary(character, "gain new spells", ACQUISITION_SECTION)
    if not knows_it_exists:
        raise RuleError(f"{character.name} must know that {card.name} exists (arcane knowledge research or "
                        "seeing it cast)", rule="Know the spell exists", section=RESEARCH_SECTION)
    if card.is_land:
        raise RuleError(f"{card.name} is a land: use the land ritual", rule="Land Acquisition",
                        section=LAND_SECTION)
    if referee_xp < 0:
        raise InputError("the referee's extra cost cannot be negative")
    base = acquisition_cost(card)
    cost = AcquisitionCost(base.xp + referee_xp, base.gold, base.weeks)
    if character.xp < cost.xp:
        raise RuleError(f"{card.name} costs {cost.xp} experience; {character.name} has {character.xp}",
                        rule="Experience", section=ACQUISITION_SECTION)
    _pay_check(character, cost.gold, f"acquiring {card.name}", ACQUISITION_SECTION)
    return replace(character, xp=character.xp - cost.xp, gold=character.gold - cost.gold,
                   spare_cards=(*character.spare_cards, card.name))

# -- land ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LandPlan:
    land: str
    ritual_hours: int
    work_days: int
    gold: int
    find_difficulty: int

    def to_dict(self) -> dict[str, Any]:
        return {"land": self.land, "ritual_hours": self.ritual_hours, "work_days": self.work_days,
                "gold": self.gold, "find_difficulty": self.find_difficulty}


def land_plan(card: Card, *, special_gold: int | None = None, find_difficulty: int | None = None) -> LandPlan:
    """Land Acquisition: a Wilderness Lore check (6, higher near cities) to find untapped land, an
    hour's ritual there, then a day's work in the sanctuary and 50 gp of foci for a basic land
    (special lands cost what the referee says)."""
    table = prices()["land"]
    if not card.is_land:
        raise RuleError(f"{card.name} is not a land", rule="Land Acquisition", section=LAND_SECTION)
    basic = "Basic" in card.supertypes
    if not basic and special_gold is None:
        raise InputError(f"{card.name} is a special land: give the referee's price")
    gold = int(table["foci_gold"]) if basic else int(special_gold or 0)
    return LandPlan(card.name, int(table["ritual_hours"]), int(table["work_days"]), gold,
                    int(table["find_difficulty"]) if find_difficulty is None else find_difficulty)


def acquire_land(character: Character, card: Card, *,
                 special_gold: int | None = None) -> tuple[Character, LandPlan]:
    """Make the land card in the sanctuary after the ritual: the foci's gold paid, the card owned."""
    plan = land_plan(card, special_gold=special_gold)
    _require_sanctuary(character, "make a land card", LAND_SECTION)
    _pay_check(character, plan.gold, f"the foci for {card.name}", LAND_SECTION)
    return replace(character, gold=character.gold - plan.gold,
                   spare_cards=(*character.spare_cards, card.name)), plan


def spell_range_yards(character: Character, card: Card) -> int:
    """10 yards per dot of the summoning colour's attribute, plus Increased Spell Range ("Spell
    Ranges"); a spell of several colours uses its best; a colorless one Charisma."""
    ranges = derive(character).spell_range_yards
    colors = [c for c in COLORS if c in card.colors] or ["C"]
    return max(ranges[COLOR_NAMES[c]] for c in colors)


# -- spells against what kind of target ------------------------------------------------------

LIMITATIONS_SECTION = "MAGIC: Spell Limitations"
IDENTIFICATION_SECTION = "COMBAT: Creature Identification & Magic"
TARGET_KINDS: tuple[str, ...] = ("summoned", "natural", "mana-using", "life points", "wizard", "cohort")


@lru_cache(maxsize=1)
def spell_kinds() -> Mapping[str, str]:
    """Card name -> kind ("raise_dead", "instant_death", "hold", "nuisance") from data/spell_kinds.toml."""
    return {name: kind for kind, names in read_toml("spell_kinds.toml").items() for name in names}


@dataclass(frozen=True, slots=True)
class Targeting:
    """How a spell works on a kind of target: "normal", "none", "resistance check" or "referee"."""

    spell: str
    target: str
    effect: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"spell": self.spell, "target": self.target, "effect": self.effect, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Identification:
    """What a Wizard knows of a creature ("Creature Identification & Magic")."""

    kind: str
    type_known: bool
    statistics_known: bool
    life_points_known: bool

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "type_known": self.type_known, "statistics_known": self.statistics_known,
                "life_points_known": self.life_points_known}


def identify_creature(kind: str, *, seen: bool = True, mage_sight: bool = False,
                      interacted: bool = False) -> Identification:
    """What is known of a creature of ``kind`` ("Creature Identification & Magic").

    A natural creature's type is known when clearly seen, its statistics only after interaction; a
    summoned creature's type and statistics when clearly seen; mana-users, creatures with life
    points, Wizards and cohorts are identified only with Mage Sight (or experimentation, the
    referee's ``interacted``), and their life points are never revealed.
    """
    if kind not in TARGET_KINDS:
        raise InputError(f"unknown creature kind {kind!r} (one of {', '.join(TARGET_KINDS)})")
    if kind == "natural":
        return Identification(kind, seen, seen and interacted, seen and interacted)
    if kind == "summoned":
        return Identification(kind, seen, seen, seen)
    known = mage_sight or interacted
    return Identification(kind, known, False, False)


#: What an Equipment card may be attached to ("Spell Clarifications" 3).
EQUIP_TARGETS = ("self", "own summoned", "familiar", "natural", "other's summoned")


def check_equip(card: Card, target: str) -> None:
    """Equipment spells go on the casting Wizard, the Wizard's own summoned creatures or familiar;
    natural creatures and creatures summoned by other Mages cannot be equipped ("Spell
    Clarifications" 3)."""
    if target not in EQUIP_TARGETS:
        raise InputError(f"unknown equipment target {target!r} (one of {', '.join(EQUIP_TARGETS)})")
    if "Equipment" not in card.subtypes:
        raise InputError(f"{card.name} is not an Equipment card")
    if target in ("natural", "other's summoned"):
        raise RuleError(f"{card.name} cannot be equipped to a {target} creature", rule="Equipment targets",
                        section="MAGIC: Spell Clarifications")


def spell_against(card: Card, target: str) -> Targeting:
    """What ``card`` does to a target of the given kind ("Creature Identification & Magic",
    "Spell Limitations", "Spell Clarifications").

    Raise-dead spells work only on magically conjured creatures (refused otherwise); instant-death
    spells do nothing to Wizards and other mana-users; hold effects nothing to Wizards (a hold on
    another mana-user gets the resistance check); Wizards, mana-users, cohorts and creatures with
    life points get the resistance check; on natural creatures the referee decides, and an Arcane
    Knowledge action of 6 tells the Wizard what might happen.
    """
    if target not in TARGET_KINDS:
        raise InputError(f"unknown target {target!r} (one of {', '.join(TARGET_KINDS)})")
    kind = spell_kinds().get(card.name, "")
    if kind == "raise_dead" and target != "summoned":
        raise RuleError(f"{card.name} brings back only magically conjured creatures, not a {target} target",
                        rule="Raise Dead limits", section=LIMITATIONS_SECTION)
    # Instant death spares every mana-user (Spell Clarifications 4); a hold spares only a Wizard
    # ("Creature Identification & Magic": other mana-users are treated as creatures with life points).
    if (kind == "instant_death" and target in ("wizard", "mana-using")) or (kind == "hold" and target == "wizard"):
        return Targeting(card.name, target, "none", "a mana-user's innate control of mana protects it")
    if target == "summoned":
        return Targeting(card.name, target, "normal", "summoned creatures follow the normal Magic rules")
    if target == "natural":
        return Targeting(card.name, target, "referee", "the referee decides; an Arcane Knowledge action of 6 "
                         "tells what might happen")
    if target == "wizard" and kind != "nuisance":
        return Targeting(card.name, target, "normal", "direct effects work on a Wizard as normal")
    return Targeting(card.name, target, "resistance check",
                     "power + toughness + life points against the mana attribute + casting cost")
