"""Experience: awards, raising attributes and skills, buying feats, the Leadership cohort.

Seed 000, REWARDS: "Experience", "Experience Applications"; FEATS (every feat is
data in ``data/feats.toml``, read by :func:`magecraft.mtg_rpg.character.rulebook`).

* Attribute: current rating x 4 (at least 4); skill: current rating x 2 (at least
  2); one less for the primary attribute and its skills; nothing past 5.
* Spending happens only in the sanctuary, and using what was bought takes a day
  of training and 25 gp per point (100 gp per point halves the time); spell
  acquisition has its own price (:func:`magecraft.mtg_rpg.magic.acquire_by_xp`).

>>> from magecraft.mtg_rpg.character import example_character
>>> attribute_cost(example_character(), "ST"), attribute_cost(example_character(), "DX")
(11, 4)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from magecraft.core.errors import InputError, RuleError
from magecraft.mtg_rpg.cards import ATTRIBUTE_NAMES, ATTRIBUTES, COLORS, CardPool, builtin_pool
from magecraft.mtg_rpg.character import (
    FEATS_SECTION,
    MAX_DOTS,
    Character,
    Cohort,
    Feat,
    TakenFeat,
    derive,
    prerequisite_problems,
    rulebook,
)
from magecraft.mtg_rpg.crafting import quicken_ritual
from magecraft.mtg_rpg.creation import check_primary, check_renewal_period
from magecraft.mtg_rpg.magic import acquire_by_xp, acquisition_cost, cantrip, check_cantrip_prerequisites
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

EXPERIENCE_SECTION = "REWARDS: Experience"
APPLICATIONS_SECTION = "REWARDS: Experience Applications"
LEADERSHIP_SECTION = "FEATS: Leadership"

TRAINING_GOLD = 25
FAST_TRAINING_GOLD = 100


def award(character: Character, points: int) -> Character:
    """The referee awards experience at the end of an adventure ("Experience")."""
    if points < 1:
        raise InputError(f"an award is at least 1 experience point, not {points}")
    return replace(character, xp=character.xp + points)


def standard_award(*, completed: bool, good_things: int = 0) -> int:
    """The guideline award for one session: 1 for going, 1 for success, 1 per "good" thing."""
    if good_things < 0:
        raise InputError("good things cannot be negative")
    return 1 + int(completed) + good_things


def _primary_discount(character: Character, attribute: str) -> int:
    return 1 if attribute == character.primary_attribute else 0


def attribute_cost(character: Character, attribute: str) -> int:
    """Current rating x 4, at least 4; one less for the primary attribute."""
    if attribute not in ATTRIBUTES:
        raise InputError(f"unknown attribute {attribute!r} (one of {', '.join(ATTRIBUTES)})")
    return max(4, 4 * character.attribute(attribute)) - _primary_discount(character, attribute)


def skill_cost(character: Character, skill: str) -> int:
    """Current rating x 2, at least 2; one less for a skill of the primary attribute."""
    found = rulebook().skill(skill)
    return max(2, 2 * character.skill_dots(found.name)) - _primary_discount(character, found.attribute)


@dataclass(frozen=True, slots=True)
class Training:
    """What one purchase cost: experience, gold and days of training."""

    bought: str
    xp: int
    gold: int
    days: int

    def to_dict(self) -> dict[str, Any]:
        return {"bought": self.bought, "xp": self.xp, "gold": self.gold, "days": self.days}


def training(bought: str, xp: int, *, fast: bool = False, settings: Settings = DEFAULT_SETTINGS) -> Training:
    """A day of training per point (or one day, by setting) and 25 gp per point; paying 100 gp per
    point halves the time, rounded up ("Experience Applications")."""
    days = xp if settings.training_days_per_point else 1
    if fast:
        return Training(bought, xp, FAST_TRAINING_GOLD * xp, math.ceil(days / 2))
    return Training(bought, xp, TRAINING_GOLD * xp, days)


def _pay(character: Character, cost: Training) -> Character:
    if not character.in_sanctuary:
        raise RuleError("experience is spent only in the sanctuary (heroic deeds aside)",
                        rule="Only in the sanctuary", section=APPLICATIONS_SECTION)
    if character.xp < cost.xp:
        raise RuleError(f"{cost.bought} costs {cost.xp} experience; {character.name} has {character.xp}",
                        rule="Unused experience", section=APPLICATIONS_SECTION)
    if character.gold < cost.gold:
        raise RuleError(f"training for {cost.bought} costs {cost.gold} gp; {character.name} has {character.gold}",
                        rule="Training gold", section=APPLICATIONS_SECTION)
    return replace(character, xp=character.xp - cost.xp, gold=character.gold - cost.gold)


def raise_attribute(character: Character, attribute: str, *, fast: bool = False,
                    settings: Settings = DEFAULT_SETTINGS) -> tuple[Character, Training]:
    """One more dot in an attribute (never past 5)."""
    cost = attribute_cost(character, attribute)
    if character.attribute(attribute) >= MAX_DOTS:
        raise RuleError(f"{ATTRIBUTE_NAMES[attribute]} is already 5", rule="No attribute beyond 5",
                        section=APPLICATIONS_SECTION)
    receipt = training(f"{ATTRIBUTE_NAMES[attribute]} {character.attribute(attribute) + 1}", cost, fast=fast,
                       settings=settings)
    paid = _pay(character, receipt)
    attributes = {**character.attributes, attribute: character.attribute(attribute) + 1}
    return replace(paid, attributes=attributes), receipt


def raise_skill(character: Character, skill: str, *, fast: bool = False,
                settings: Settings = DEFAULT_SETTINGS) -> tuple[Character, Training]:
    """One more dot in a skill (never past 5)."""
    found = rulebook().skill(skill)
    cost = skill_cost(character, found.name)
    dots = character.skill_dots(found.name)
    if dots >= MAX_DOTS:
        raise RuleError(f"{found.name} is already 5", rule="No skill beyond 5", section=APPLICATIONS_SECTION)
    receipt = training(f"{found.name} {dots + 1}", cost, fast=fast, settings=settings)
    paid = _pay(character, receipt)
    return replace(paid, skills=dict(sorted({**character.skills, found.name: dots + 1}.items()))), receipt


# -- feats -----------------------------------------------------------------------------------


def feat_cost(character: Character, feat: Feat, choice: str | None = None, pool: CardPool | None = None) -> int:
    """A feat's price: its cost, plus the step for each earlier purchase (Enhanced Renewal 15, 20,
    25), plus the spell's casting cost for Quicken Spell."""
    cost = feat.cost + feat.cost_step * character.feat_count(feat.name)
    if feat.cost_per_mana:
        if choice is None:
            raise InputError(f"{feat.name} needs the spell named")
        cost += feat.cost_per_mana * (pool or builtin_pool()).get(choice).mana_value
    return cost


def _check_choice(character: Character, feat: Feat, choice: str | None, pool: CardPool) -> str | None:
    if not feat.choice:
        if choice:
            raise InputError(f"{feat.name} takes no choice")
        return None
    if not choice or not choice.strip():
        raise InputError(f"{feat.name} needs a {feat.choice} named")
    cleaned = choice.strip()
    if feat.choice == "colour":
        cleaned = check_primary(cleaned)
        if cleaned not in COLORS:
            raise RuleError("Add Mana Source adds one of the five colours", rule=feat.name, section=FEATS_SECTION)
        if cleaned in character.primaries:
            raise RuleError(f"{cleaned} is already a primary mana source", rule=feat.name, section=FEATS_SECTION)
    elif feat.choice == "renewal period":
        cleaned = check_renewal_period(cleaned)
        if cleaned in character.renewal_periods:
            raise RuleError(f"{cleaned} is already a renewal period", rule=feat.name, section=FEATS_SECTION)
    elif feat.choice == "cantrip":
        cleaned = cantrip(cleaned).name
        if cleaned in character.cantrips:
            raise RuleError(f"{character.name} already knows {cleaned}", rule=feat.name, section=FEATS_SECTION)
        check_cantrip_prerequisites([*character.cantrips, cleaned])
    elif feat.choice == "spell":
        cleaned = pool.get(cleaned).name
    elif feat.choice == "cohort" and cleaned not in ("0/2", "1/1", "2/0"):
        raise RuleError("a new cohort's power and toughness total 2 (0/2, 1/1 or 2/0)",
                        rule=feat.name, section=LEADERSHIP_SECTION)
    if feat.unique_choice and any(f.name == feat.name and f.choice == cleaned for f in character.feats):
        raise RuleError(f"{feat.name} was already taken for {cleaned}", rule=feat.name, section=FEATS_SECTION)
    return cleaned


def check_feat(character: Character, name: str, choice: str | None = None, *, approved: bool = False,
               settings: Settings = DEFAULT_SETTINGS, pool: CardPool | None = None) -> tuple[Feat, str | None]:
    """Whether the Wizard may buy the feat now: secret feats need the referee's approval,
    prerequisites must be met, repeat limits kept, the choice valid.  Changes nothing."""
    feat = rulebook().feat(name)
    if feat.secret and not approved:
        raise RuleError(f"{feat.name} is a secret feat: the referee must approve it (campaign and "
                        "role-playing discovery)", rule="Secret Feats", section="FEATS: Secret Feats")
    missing = prerequisite_problems(character, feat)
    if missing:
        raise RuleError(f"{feat.name} needs {', '.join(missing)}", rule="Prerequisites", section=FEATS_SECTION)
    limit = feat.limit(settings)
    if limit and character.feat_count(feat.name) >= limit:
        raise RuleError(f"{feat.name} can be taken only {'once' if limit == 1 else f'{limit} times'}",
                        rule=f"{feat.name} limit", section=FEATS_SECTION)
    return feat, _check_choice(character, feat, choice, pool or builtin_pool())


def buy_feat(character: Character, name: str, choice: str | None = None, *, approved: bool = False,
             fast: bool = False, settings: Settings = DEFAULT_SETTINGS,
             pool: CardPool | None = None) -> tuple[Character, Training]:
    """Buy a feat in the sanctuary; a cantrip chosen for Enhanced Cantrips is learnt, a Leadership
    cohort is created, and Spell Acquisition buys the named card by its own price."""
    chosen = pool or builtin_pool()
    feat, cleaned = check_feat(character, name, choice, approved=approved, settings=settings, pool=chosen)
    if feat.acquisition:
        assert cleaned is not None
        card = chosen.get(cleaned)
        cost = acquisition_cost(card)
        after = acquire_by_xp(character, card)
        return after, Training(f"Spell Acquisition ({card.name})", cost.xp, cost.gold, 7 * cost.weeks)
    label = feat.name + (f" ({cleaned})" if cleaned else "")
    receipt = training(label, feat_cost(character, feat, cleaned, chosen), fast=fast, settings=settings)
    paid = _pay(character, receipt)
    if feat.ritual and cleaned:
        paid = quicken_ritual(paid, chosen.get(cleaned))
    changes: dict[str, Any] = {"feats": (*character.feats, TakenFeat(feat.name, cleaned))}
    if feat.choice == "cantrip" and cleaned:
        changes["cantrips"] = (*character.cantrips, cleaned)
    if feat.choice == "cohort" and cleaned:
        power, toughness = (int(v) for v in cleaned.split("/"))
        changes["cohort"] = Cohort(power, toughness, (), feat.cost)
    return replace(paid, **changes), receipt


def improve_cohort(character: Character, *, power: int = 0, toughness: int = 0, augments: tuple[str, ...] = (),
                   fast: bool = False, settings: Settings = DEFAULT_SETTINGS) -> tuple[Character, Training]:
    """Augment the Leadership cohort: 1 point per power or toughness (to 5/5), abilities at their
    prices; never more than 10 experience on the cohort (+5 per Enhanced Leadership)."""
    if character.cohort is None:
        raise RuleError(f"{character.name} has no cohort (buy the Leadership feat)", rule="Leadership",
                        section=LEADERSHIP_SECTION)
    if power < 0 or toughness < 0:
        raise InputError("a cohort's power and toughness only go up")
    table = rulebook().leadership
    cohort = character.cohort
    new_power, new_toughness = cohort.power + power, cohort.toughness + toughness
    if new_power > table["max_power"] or new_toughness > table["max_toughness"]:
        raise RuleError(f"a cohort is at most {table['max_power']}/{table['max_toughness']}",
                        rule="Leadership maximum 5/5", section=LEADERSHIP_SECTION)
    prices: dict[str, int] = dict(table["augments"])
    cost = (power + toughness) * int(table["point_cost"])
    chosen = list(cohort.augments)
    for augment in augments:
        name = next((a for a in prices if a.casefold() == augment.strip().casefold()), None)
        if name is None:
            raise InputError(f"unknown cohort ability {augment!r} (one of {', '.join(prices)})")
        if name in chosen:
            raise RuleError(f"the cohort already has {name}", rule="Leadership", section=LEADERSHIP_SECTION)
        needs = table.get("mount_needs", {}).get(name)
        if needs and needs not in chosen:
            raise RuleError(f"{name} needs {needs} first", rule="Leadership", section=LEADERSHIP_SECTION)
        chosen.append(name)
        cost += prices[name]
    if cost < 1:
        raise InputError("name something to improve")
    limit = derive(character).cohort_xp_limit
    if cohort.xp_spent + cost > limit:
        raise RuleError(f"the cohort would have {cohort.xp_spent + cost} experience spent on it; "
                        f"the most is {limit}",
                        rule="At most 10 experience on a cohort", section=LEADERSHIP_SECTION)
    receipt = training(f"cohort {new_power}/{new_toughness} {' '.join(chosen)}".strip(), cost, fast=fast,
                       settings=settings)
    paid = _pay(character, receipt)
    return replace(paid, cohort=Cohort(new_power, new_toughness, tuple(chosen), cohort.xp_spent + cost)), receipt


def lose_cohort(character: Character) -> Character:
    """The cohort died: it is gone, and a replacement means buying Leadership again ("Leadership");
    Enhanced Leadership stays."""
    if character.cohort is None:
        raise RuleError(f"{character.name} has no cohort", rule="Leadership", section=LEADERSHIP_SECTION)
    return replace(character, cohort=None, feats=tuple(f for f in character.feats if f.name != "Leadership"))


def spend(character: Character, purchases: list[tuple[str, str, str | None]], *, approved: bool = False,
          fast: bool = False, settings: Settings = DEFAULT_SETTINGS,
          pool: CardPool | None = None) -> tuple[Character, list[Training]]:
    """Several purchases in one visit, in order ("attribute"/"skill"/"feat", name, choice).

    A feat may come in the same visit as its prerequisite ("FEATS").  If any
    purchase is refused, none is made.
    """
    receipts: list[Training] = []
    current = character
    for kind, name, choice in purchases:
        if kind == "attribute":
            current, receipt = raise_attribute(current, name.strip().upper(), fast=fast, settings=settings)
        elif kind == "skill":
            current, receipt = raise_skill(current, name, fast=fast, settings=settings)
        elif kind == "feat":
            current, receipt = buy_feat(current, name, choice, approved=approved, fast=fast, settings=settings,
                                        pool=pool)
        else:
            raise InputError(f"buy an attribute, skill or feat, not {kind!r}")
        receipts.append(receipt)
    return current, receipts
