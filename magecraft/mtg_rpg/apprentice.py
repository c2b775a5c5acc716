"""An apprentice as a sheet of its own, kept beside the mentor ("FEATS: Apprentice").

"They have the prime mana as determined by their mentor or randomly determined (draw) ... 5 life
points, 5 dots worth of Attributes and 10 dots of skills (A maximum of 2 dots in any Attribute or
skill.) Determine the initial spells with the use of a single booster pack and any basic lands
desired ... the apprentice gains 1 Attribute point and 2 skill dots each year until they have the
standard Attributes and skills of a starting Wizard ... a Wizard can only have one apprentice at a
time."  SKILLS: "All beginning Wizards automatically start with one free dot in Arcane Knowledge and
Spell Research" is a starting Wizard's, so an apprentice buys every dot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.mtg_rpg.cards import ATTRIBUTES
from magecraft.mtg_rpg.character import Character, rulebook
from magecraft.mtg_rpg.creation import check_apprentice, check_primary, check_text
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

SECTION = "FEATS: Apprentice"


@dataclass(frozen=True, slots=True)
class Apprentice:
    """An apprentice: prime mana, attribute and skill dots, years trained and starting cards."""

    name: str
    mentor: str
    prime: str
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    library: tuple[str, ...]
    years: int = 0
    #: Constitution when taken on: the "5 life points" already stand for it (ruling R25).
    first_constitution: int = 0

    @property
    def life(self) -> int:
        """An apprentice's life points: "5 life points" when taken on, and +2 for each point of
        Constitution gained in training ("Each point of Constitution grants the Wizard +2 hit points";
        ruling R25)."""
        gained = max(0, self.attributes.get("CN", 0) - self.first_constitution)
        return int(rulebook().apprentice["life"]) + 2 * gained

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "mentor": self.mentor, "prime": self.prime,
                "attributes": {a: self.attributes.get(a, 0) for a in ATTRIBUTES},
                "skills": dict(sorted(self.skills.items())), "library": list(self.library), "years": self.years,
                "first_constitution": self.first_constitution, "life": self.life}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Apprentice:
        try:
            attributes = {str(k): int(v) for k, v in raw["attributes"].items()}
            return cls(str(raw["name"]), str(raw["mentor"]), str(raw["prime"]), attributes,
                       {str(k): int(v) for k, v in raw["skills"].items()},
                       tuple(str(c) for c in raw["library"]), int(raw["years"]),
                       int(raw.get("first_constitution", attributes.get("CN", 0))))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"saved apprentice is malformed ({exc})") from None


def _checked_dots(attributes: Mapping[str, int], skills: Mapping[str, int], years: int,
                  settings: Settings = DEFAULT_SETTINGS) -> tuple[dict[str, int], dict[str, int]]:
    """The dots as the sheet keeps them (all six attributes, skills by their book names), checked."""
    for attr in attributes:
        if attr not in ATTRIBUTES:
            raise InputError(f"unknown attribute {attr!r} (one of {', '.join(ATTRIBUTES)})")
    named = {rulebook().skill(skill).name: dots for skill, dots in skills.items()}
    check_apprentice(attributes, named, years, settings)
    return {a: attributes.get(a, 0) for a in ATTRIBUTES}, named


def take_apprentice(mentor: Character, current: Apprentice | None, name: str, prime: str,
                    attributes: Mapping[str, int], skills: Mapping[str, int],
                    library: tuple[str, ...]) -> Apprentice:
    """A new apprentice for ``mentor``: the Apprentice feat, no apprentice already, the dots of the
    first year and the starting cards (a booster and basic lands, see
    :func:`magecraft.mtg_rpg.deckbuilding.apprentice_spells`)."""
    if not mentor.feat_usable("Apprentice"):
        raise RuleError(f"{mentor.name} does not have the Apprentice feat", rule="Apprentice", section=SECTION)
    if current is not None:
        raise RuleError(f"{mentor.name} already trains {current.name}; a Wizard can only have one apprentice "
                        "at a time", rule="one apprentice at a time", section=SECTION)
    dots, skill_dots = _checked_dots(attributes, skills, 0)
    return Apprentice(check_text(name, "Name", SECTION), mentor.name, check_primary(prime), dots, skill_dots,
                      library, first_constitution=dots["CN"])


def train_year(apprentice: Apprentice, attributes: Mapping[str, int], skills: Mapping[str, int],
               settings: Settings = DEFAULT_SETTINGS) -> Apprentice:
    """A year of training: the new dots (one attribute and two skill dots more, at most a starting
    Wizard's 3 in any, ruling R25) until the apprentice has a starting Wizard's dots; no dot is ever
    taken away.  Life grows with the Constitution gained (:attr:`Apprentice.life`)."""
    if apprentice.years >= rulebook().apprentice["years"]:
        raise RuleError(f"{apprentice.name} has finished training", rule="Training takes about 5 years",
                        section=SECTION)
    dots, skill_dots = _checked_dots(attributes, skills, apprentice.years + 1, settings)
    for name, was in (*apprentice.attributes.items(), *apprentice.skills.items()):
        now = dots[name] if name in ATTRIBUTES else skill_dots.get(name, 0)
        if now < was:
            raise RuleError(f"{name} cannot fall from {was} to {now} in training", rule="Apprentice",
                            section=SECTION)
    return replace(apprentice, attributes=dots, skills=skill_dots, years=apprentice.years + 1)
