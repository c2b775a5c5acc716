"""Out of Combat Skills (seed 001): a pool of d6s, one per matching identity, against a standard.

"the character rolls a number of dice equal to the number of color identities they
possess that match the skill and compare it to a standard ... If a character has no
colors in any relevant skill ... the character has only a single die."  The seed's
worked example -- [WUBB] sneaking past a night watchman (Subtlety, Average) rolls three
dice and needs above a 7:

>>> from magecraft.core.randomness import Randomness
>>> check = skill_check(("W", "U", "B", "B"), ["Subtlety and Deception"], "Average",
...                     Randomness.scripted([2, 3, 3]))
>>> check.dice, check.total, check.target, check.success
((2, 3, 3), 8, 8, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from magecraft.core.errors import InputError
from magecraft.core.odds import Chance, Odds
from magecraft.core.randomness import Randomness
from magecraft.planeswalker.data import Difficulty, Skill, difficulty, skill
from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings

SECTION = "Out of Combat Skills"


def pool_size(identity: Sequence[str], chosen: Skill) -> int:
    """Dice for ``chosen``: one per identity source matching either of its colours, at least one.

    >>> pool_size(("W", "U", "B", "B"), skill("Subtlety and Deception"))
    3
    >>> pool_size(("G",), skill("Subtlety and Deception"))
    1
    """
    return max(1, sum(1 for code in identity if code in chosen.colors))


def strongest(identity: Sequence[str], names: Sequence[str]) -> Skill:
    """"the character should use whichever skill is their strongest" (the first listed on a tie)."""
    if not names:
        raise InputError("name at least one skill")
    candidates = [skill(n) for n in names]
    return max(candidates, key=lambda s: pool_size(identity, s))


def target_of(level: Difficulty, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The total a check must reach (ruling PW3): the top of the range, or its low end."""
    if level.high == 0 or settings.skill_target == "low":
        return level.low
    return level.high


@dataclass(frozen=True, slots=True)
class SkillCheck:
    skill: str
    difficulty: str
    dice: tuple[int, ...]
    total: int
    target: int
    success: bool

    def to_dict(self) -> dict[str, Any]:
        return {"skill": self.skill, "difficulty": self.difficulty, "dice": list(self.dice),
                "total": self.total, "target": self.target, "success": self.success}


def skill_chance(identity: Sequence[str], skills: Sequence[str], level: str,
                 settings: Settings = DEFAULT_SETTINGS) -> Chance:
    """The exact chance :func:`skill_check` succeeds, before it is rolled (issue 28): the strongest skill's
    pool of d6 reaching the difficulty's target (ruling PW3).  The seed's [WUBB] sneaking past the watchman
    (three dice, Average: 8 or more) succeeds 181 times in 216:

    >>> skill_chance(("W", "U", "B", "B"), ["Subtlety and Deception"], "Average").text()
    '84% (3d6 at least 8 for Subtlety and Deception (Average); Out of Combat Skills)'
    """
    chosen = strongest(identity, skills)
    standard = difficulty(level)
    dice, target = pool_size(identity, chosen), target_of(standard, settings)
    return Chance(Odds.of(f"{dice}d6").at_least(target),
                  f"{dice}d6 at least {target} for {chosen.name} ({standard.name})", SECTION)


def skill_check(identity: Sequence[str], skills: Sequence[str], level: str, rng: Randomness,
                settings: Settings = DEFAULT_SETTINGS) -> SkillCheck:
    """Roll the strongest of ``skills`` against difficulty ``level``."""
    chosen = strongest(identity, skills)
    standard = difficulty(level)
    dice = tuple(rng.roll(6, f"{chosen.name} die {i + 1}", section=SECTION)
                 for i in range(pool_size(identity, chosen)))
    total = sum(dice)
    target = target_of(standard, settings)
    result = SkillCheck(chosen.name, standard.name, dice, total, target, total >= target)
    rng.log.record("skill check", f"{chosen.name} ({standard.name})", section=SECTION, data=result.to_dict())
    return result
