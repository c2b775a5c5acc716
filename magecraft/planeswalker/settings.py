"""The Planeswalker RPG's house rules: one frozen :class:`Settings` (seed 001).

Each field is a ruling in docs/rulings.md ("Planeswalker RPG (seed 001)", PW1...) where
the seed is silent or ambiguous, so a table may choose the other reading.  Build one
from a house-rules file with :func:`settings_from_dict` (through
:func:`magecraft.core.settings.dataclass_from_dict`: a mistyped rule is refused).

>>> settings_from_dict({"toughness_reduction": "overcome"}).toughness_reduction
'overcome'
>>> settings_from_dict({"repel_to": "nowhere"})
Traceback (most recent call last):
...
magecraft.core.errors.DataError: house rules: repel_to is 'ranged' or 'close', not 'nowhere'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.errors import InputError
from magecraft.core.settings import dataclass_from_dict, settings_to_dict

_CHOICES: dict[str, tuple[str, ...]] = {
    "skill_target": ("high", "low"),
    "toughness_reduction": ("power", "overcome", "none"),
    "repel_to": ("ranged", "close"),
    "start_range": ("ranged", "close"),
}


@dataclass(frozen=True, slots=True)
class Settings:
    """House rules for characters, skill checks and combat."""

    #: PW3 "Out of Combat Skills": a check succeeds on the top of the difficulty's range ("high":
    #: Average 6-8 needs 8, as the worked example's "above a 7") or on its low end ("low": 6).
    skill_target: str = "high"
    #: PW4 "Character Generation": one build point buys two points among Power, Toughness and Life;
    #: an odd number of those points is allowed and its last build point buys only one.
    odd_two_for_one: bool = True
    #: PW8 "Locked Combat": how far a struck defender's Toughness falls until end of turn:
    #: by the attacker's Power ("power"), to 0 when the attack roll beats the Toughness roll
    #: ("overcome"), or not at all ("none").
    toughness_reduction: str = "power"
    #: PW9 "Engaged combat is a temporary state and only lasts for the phase before returning to close
    #: combat": a repelled attacker stays in close combat with the defender ("close"), or is forced back to
    #: ranged combat ("ranged", a table reading "repelled and forced back" as a move as well as the tap).
    repel_to: str = "close"
    #: PW10 Regenerate: how many times a battle a combatant with Regenerate comes back from 0 Life.
    regenerate_per_battle: int = 1
    #: PW11 creatures' Speed (the seed gives creatures no Speed; it orders turns by Speed).
    creature_speed: int = 1
    #: PW7 how every opposing pair of combatants begins the battle ("Combat Mechanics" 3).
    start_range: str = "ranged"
    #: PW18 a battle still undecided after this many rounds ends in a draw (the seed has no limit;
    #: bots must finish).
    max_rounds: int = 40
    #: PW37 Poisonous: a mage with this many poison counters loses (Magic's 10).
    poison_to_lose: int = 10
    #: PW35 a creature acting on its own (no controller) may pay its abilities' mana costs as if its
    #: locale gave it the mana freely (true), or uses only abilities without a mana cost (false).
    locale_mana: bool = False
    #: PW44 what a */* creature acting on its own (no mage) counts for "lands you control" (Nightmare's
    #: Swamps) and "cards in your hand" (Maro): a starting mage's Channelling 3 lands and ceil(Memory 5 / 2)
    #: = 3 memorised spells.
    lone_count: int = 3

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise InputError(f"{name} is {' or '.join(repr(a) for a in allowed)}, not {value!r}")
        if min(self.regenerate_per_battle, self.lone_count) < 0 or \
                min(self.creature_speed, self.max_rounds, self.poison_to_lose) < 1:
            raise InputError("regenerate_per_battle and lone_count must be 0 or more; creature_speed, "
                             "max_rounds and poison_to_lose 1 or more")

    def to_dict(self) -> dict[str, Any]:
        return settings_to_dict(self)


DEFAULT_SETTINGS = Settings()


def settings_from_dict(raw: Mapping[str, Any]) -> Settings:
    """House rules from a mapping; an unknown field, a wrong type or a refused value refuses it all."""
    return dataclass_from_dict(Settings, raw)
