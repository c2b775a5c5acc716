"""Skill descriptions with a rule of their own, Assumed Equipment and money.

Seed 000 ("MAGIC The Gathering RPG"): SKILLS "Skill Descriptions" (Other Languages, Riding),
FEATS "Leadership" (the Riding augment) and EQUIPMENT ("Assumed Equipment", the coins).

>>> language_use(1), language_use(2)
('speak', 'read, write and speak')
>>> assumed_equipment_difficulty(9)
10
>>> copper_value({"pp": 1, "gp": 2, "sp": 3, "cp": 4})
1234
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import ActionAttempt, ActionResult, SpellDeck, resolve_action
from magecraft.mtg_rpg.character import Character, rulebook
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

SKILLS = "SKILLS"
SKILL_DESCRIPTIONS = "SKILLS: Skill Descriptions"
LEADERSHIP = "FEATS: Leadership"
ASSUMED = "EQUIPMENT: Assumed Equipment"
EQUIPMENT = "EQUIPMENT"
#: "1 pp = 10 gp = 100 sp = 1000 cp": each coin in copper pieces.
COIN_COPPER = {"pp": 1000, "gp": 100, "sp": 10, "cp": 1}

#: What a Wizard rides: a natural (non-summoned) animal, a summoned or created creature, or the
#: Leadership cohort.
Mount = Literal["natural", "summoned", "cohort"]
MOUNTS: tuple[Mount, ...] = ("natural", "summoned", "cohort")
#: "Riding" augment: "Requires a Ride role DC 5 to cast a spell" from the cohort's back.
CAST_WHILE_RIDING_DIFFICULTY = 5


def skill_action(character: Character, skill: str, *, untrained: bool = False) -> tuple[str, int]:
    """The linked attribute and the score (attribute + dots) for an action with ``skill``.

    "If you don't have the skill, you cannot make an attempt. However, some skills can be used
    untrained ... Untrained use depends on the referee": without a dot the attempt is refused unless
    the referee allows it (``untrained``), when the attribute alone counts (ruling R6).
    """
    known = rulebook().skill(skill)
    if not character.skill_dots(known.name) and not untrained:
        raise RuleError(f"{character.name} has no dots in {known.name} and cannot attempt it untrained "
                        "unless the referee allows", rule="no skill, no attempt", section=SKILLS)
    return known.attribute, character.skill_total(known.name)


def language_use(dots: int) -> str:
    """What dots in one foreign race language give ("Other Languages"): one dot speaks it, two
    dots read, write and speak it."""
    if dots < 0:
        raise InputError("language dots cannot be negative")
    return "none" if dots == 0 else "speak" if dots == 1 else "read, write and speak"


def check_mount(character: Character, mount: str, settings: Settings = DEFAULT_SETTINGS) -> None:
    """Whether the Wizard can get on ``mount`` at all ("Riding"; "Leadership": the Riding augment).

    The mana link makes a natural animal balk and refuse a Wizard; a summoned or created creature
    carries one (the Riding skill says whether the Wizard falls off); the cohort carries the Wizard
    only with the Riding augment and enough power (ruling R4, setting ``mount_min_power``).
    """
    if mount not in MOUNTS:
        raise InputError(f"unknown mount {mount!r} (one of {', '.join(MOUNTS)})")
    if mount == "natural":
        raise RuleError("a natural (non-summoned) animal balks and refuses a Wizard because of the mana link",
                        rule="Wizards cannot ride natural animals", section=SKILL_DESCRIPTIONS)
    if mount == "cohort":
        cohort = character.cohort
        if cohort is None or "Riding" not in cohort.augments:
            raise RuleError(f"{character.name}'s cohort has not been given the Riding augment",
                            rule="Riding augment", section=LEADERSHIP)
        if cohort.power < settings.mount_min_power:
            raise RuleError(f"the cohort's power {cohort.power} is not enough to carry a Wizard "
                            f"(at least {settings.mount_min_power})", rule="Riding augment", section=LEADERSHIP)


def assumed_equipment_difficulty(difficulty: int, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The total a general Wisdom action needs to have brought a doubtful piece of equipment:
    the referee's difficulty "would have to be exceeded" ("Assumed Equipment"; ruling R3)."""
    if difficulty < 0:
        raise InputError("a difficulty cannot be negative")
    return difficulty + 1 if settings.assumed_equipment_must_exceed else difficulty


def assumed_equipment(deck: SpellDeck, wisdom: int, difficulty: int, card: str | None, rng: Randomness,
                      settings: Settings = DEFAULT_SETTINGS) -> ActionResult:
    """Check whether the Wizard brought an unusual piece of equipment: a general Wisdom action
    (modified by card-play) against the referee's difficulty ("Assumed Equipment")."""
    attempt = ActionAttempt(score=wisdom, difficulty=assumed_equipment_difficulty(difficulty, settings),
                            attribute="WS", card=card)
    rng.log.record("equipment", "assumed equipment: a general Wisdom action", section=ASSUMED,
                   data={"difficulty": difficulty})
    return resolve_action(deck, attempt, rng, settings=settings)


def copper_value(coins: Mapping[str, int]) -> int:
    """Coins in copper pieces, by the seed's exchange "1 pp = 10 gp = 100 sp = 1000 cp" ("EQUIPMENT")."""
    for coin, count in coins.items():
        if coin not in COIN_COPPER:
            raise InputError(f"unknown coin {coin!r} (one of {', '.join(COIN_COPPER)})")
        if count < 0:
            raise InputError(f"a count of {coin} cannot be negative")
    return sum(COIN_COPPER[coin] * count for coin, count in coins.items())


def gold_value(coins: Mapping[str, int]) -> tuple[int, int]:
    """Coins as whole gold pieces and the copper left over (prices and purses are kept in gp)."""
    return divmod(copper_value(coins), COIN_COPPER["gp"])
