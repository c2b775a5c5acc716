"""Characters as sections 11 and 13 of seed 002 need them: vulnerability, action chits, a day's activities.

"13. REVISED CHARACTERS": the Dwarf records four activities a day, in caves too, of which at most two
are MOVE (13.1); the Thief/Assassin replaces the Druid, with the STAB T2** chit, an extra HIDE phase,
-1 on stealing rolls and one starting spell of type II or VIII (13.2).  The base game's character cards
are not a seed: vulnerabilities are data (``data/combat.toml``, ruling MR16) and the phases the base
game gives a character on a day are the referee's input (``phases``).

>>> plan_day(character("Dwarf"), ["MOVE", "MOVE", "SEARCH", "HIDE"]).phases
('MOVE', 'MOVE', 'SEARCH', 'HIDE')
>>> plan_day(character("Dwarf"), ["MOVE", "MOVE", "MOVE"])
Traceback (most recent call last):
...
magecraft.core.errors.RuleError: 13.1 only two moves: the Dwarf records at most 2 MOVE activities a day, not 3
>>> ActionChit.parse("STAB T2**")
ActionChit(kind='STAB', strength='T', speed=2, asterisks=2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.numbers import shown, whole_number
from magecraft.core.settings import dataclass_from_dict
from magecraft.magic_realm.data import find_named, read, spell

REVISED = "13. Revised Characters"
#: Chits that carry an attack (a FIGHT chit, or the Thief/Assassin's STAB) and the maneuvers.
FIGHTING_KINDS = ("FIGHT", "STAB", "BERSERK")
MANEUVER_KINDS = ("MOVE", "DUCK")


@cache
def combat_data() -> dict[str, Any]:
    """``data/combat.toml``, read once."""
    return read("combat.toml")


@cache
def harm_levels() -> tuple[str, ...]:
    return tuple(combat_data()["harm_levels"])


def level(letter: str) -> int:
    """The rank of a harm or weight letter: N 0, L 1, M 2, H 3, T 4."""
    try:
        return harm_levels().index(letter.strip().upper())
    except ValueError:
        raise InputError(f"not a harm letter: {letter!r} (one of {', '.join(harm_levels())})") from None


def letter(rank: int) -> str:
    """The harm letter of a rank, stopping at Negligible and Tremendous."""
    levels = harm_levels()
    return levels[max(0, min(len(levels) - 1, rank))]


@dataclass(frozen=True, slots=True)
class ActionChit:
    """An action chit such as ``FIGHT H5**``: its kind, strength letter, speed (time) and effort asterisks."""

    kind: str
    strength: str
    speed: int
    asterisks: int

    @classmethod
    def parse(cls, text: str) -> ActionChit:
        parts = text.strip().upper().split()
        if len(parts) == 2 and len(parts[1]) >= 2:
            kind, code = parts
            stars = len(code) - len(code.rstrip("*"))
            body = code.rstrip("*")
            speed = whole_number(body[1:]) if body[1:].isdigit() else None  # length first (issue 25 item 8)
            if body[:1] in harm_levels() and speed is not None and len(body) > 1:
                return cls(kind, body[0], speed, stars)
        raise InputError(f"not an action chit: {shown(text)} (e.g. 'FIGHT H5**', 'MOVE M4*', 'STAB T2**')")

    @property
    def name(self) -> str:
        return f"{self.kind} {self.strength}{self.speed}{'*' * self.asterisks}"

    @property
    def fights(self) -> bool:
        return self.kind in FIGHTING_KINDS

    @property
    def maneuvers(self) -> bool:
        return self.kind in MANEUVER_KINDS


@dataclass(frozen=True, slots=True)
class CharacterCard:
    """What sections 11 and 13 read from a character's card (``data/combat.toml [[character]]``).

    ``activities`` fixes the day's basic activities whatever the clearing (the Dwarf's four, 13.1);
    ``max_moves`` caps the MOVE activities of a day; ``extra_phases`` are phases usable only for that
    activity (the Thief/Assassin's HIDE, 13.2); ``spells``/``spell_types`` the starting spells allowed.
    """

    name: str
    vulnerability: str
    activities: int | None = None
    max_moves: int | None = None
    ignores_caves: bool = False
    extra_phases: tuple[str, ...] = ()
    steal_modifier: int = 0
    special_chits: tuple[str, ...] = ()
    replaces: str | None = None
    spells: int | None = None
    spell_types: tuple[str, ...] = ()


@cache
def characters() -> dict[str, CharacterCard]:
    out: dict[str, CharacterCard] = {}
    for row in combat_data().get("character", []):
        card = dataclass_from_dict(CharacterCard, row, "magic_realm/data/combat.toml")
        level(card.vulnerability)
        bad = [a for a in card.extra_phases if a not in activities()]
        if bad:
            raise DataError(f"magic_realm/data/combat.toml: {card.name}: unknown activity {bad[0]!r}")
        out[card.name] = card
    return out


def character(name: str) -> CharacterCard:
    """A character's card by name, any case (the Druid is replaced by the Thief/Assassin, 13.2)."""
    for card in characters().values():
        if card.replaces and card.replaces.casefold() == name.strip().casefold():
            raise InputError(f"the {card.replaces} is replaced by the {card.name} (13.2)")
    return find_named(characters(), name, "character")


@cache
def activities() -> tuple[str, ...]:
    return tuple(combat_data()["activities"])


def activity(name: str) -> str:
    wanted = name.strip().upper()
    if wanted not in activities():
        raise InputError(f"not an activity: {name!r} (one of {', '.join(activities())})")
    return wanted


@dataclass(frozen=True, slots=True)
class DayPlan:
    """A legal day: each activity in order and the phase it uses (``basic`` or the extra phase's name)."""

    character: str
    phases: tuple[str, ...]
    uses: tuple[str, ...]
    basic: int
    extra: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "activities": list(self.phases),
            "uses": list(self.uses),
            "basic_phases": self.basic,
            "extra_phases": list(self.extra),
        }


def plan_day(
    card: CharacterCard,
    recorded: Sequence[str],
    *,
    phases: int | None = None,
    extra_phases: Iterable[str] = (),
) -> DayPlan:
    """Check a day's recorded activities against the character's limits; refused whole if illegal.

    ``phases`` is the number of basic phases the base game gives the character today (the referee's:
    fewer in caves, for instance); a card with fixed ``activities`` (the Dwarf, 13.1: "four activities
    during the day ... unaffected by the rules regarding caves") ignores it.  Each extra phase (the
    card's own, and ``extra_phases``: Shejoh's Ring's HIDE, a guild's benefit) serves only its activity
    and is used before a basic phase.  A GATE phase is not a MOVE (3.3/2).
    """
    wanted = [activity(a) for a in recorded]
    basic = card.activities if card.activities is not None else phases
    if basic is None:
        raise InputError(f"how many basic phases has the {card.name} today? (the base game's count: phases=N)")
    if basic < 0:
        raise InputError(f"phases must be 0 or more, not {basic}")
    extra = [*card.extra_phases, *(activity(a) for a in extra_phases)]
    moves = wanted.count("MOVE")
    if card.max_moves is not None and moves > card.max_moves:
        raise RuleError(
            f"the {card.name} records at most {card.max_moves} MOVE activities a day, not {moves}",
            rule="13.1 only two moves",
            section=REVISED,
        )
    free = list(extra)
    uses: list[str] = []
    used_basic = 0
    for act in wanted:
        if act in free:
            free.remove(act)
            uses.append(f"extra {act}")
        else:
            used_basic += 1
            uses.append("basic")
    if used_basic > basic:
        spare = f" plus an extra {', '.join(extra)} phase" if extra else ""
        raise RuleError(
            f"the {card.name} has {basic} phase(s){spare} today; {len(wanted)} activities recorded",
            rule="13.1 four activities" if card.activities is not None else "the day's phases",
            section=REVISED,
        )
    return DayPlan(card.name, tuple(wanted), tuple(uses), basic, tuple(extra))


def check_spell_choice(card: CharacterCard, chosen: Sequence[str]) -> None:
    """13.2: the Thief/Assassin "may choose only one spell (either II or VIII)"; others are not limited here."""
    if card.spells is None:
        return
    if len(chosen) > card.spells:
        raise RuleError(
            f"the {card.name} chooses {card.spells} spell(s), not {len(chosen)}", rule="13.2", section=REVISED
        )
    for name in chosen:
        found = spell(name)
        if card.spell_types and found.type not in card.spell_types:
            raise RuleError(
                f"{found.name} is a type {found.type} spell; the {card.name} may choose type "
                f"{' or '.join(card.spell_types)} only",
                rule="13.2",
                section=REVISED,
            )
