"""Tactical rulings a referee asks for with the facts at the table: there is no map.

Seed 000 ("MAGIC The Gathering RPG"), COMBAT "Zone of Control", "Ranged
Attacks", "Fleeing Combat", MAGIC "Spell Ranges" (line of sight, no flying by
placement) and MONSTERS "Monsters Defense".  Like :func:`combat.check_block`,
each function takes what the referee sees (hexes moved, who is adjacent, who
flies, who leads the pack) and returns the ruling or refuses with the rule
named; nothing here keeps a board.

>>> move(6, allowance=8, contact_at=3).moved
3
>>> counts_as_flying(flying=False, can_be_struck_back=False, in_duel=False)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from magecraft.core.errors import InputError, RuleError
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

if TYPE_CHECKING:
    from magecraft.mtg_rpg.cards import Card
    from magecraft.mtg_rpg.character import Character

ZONE = "COMBAT: Zone of Control"
MOVEMENT = "COMBAT: Movement"
RANGED = "COMBAT: Ranged Attacks"
FLEEING = "COMBAT: Fleeing Combat"
RANGES = "MAGIC: Spell Ranges"
PACK = "MONSTERS: Monsters Defense"

Mover = Literal["wizard", "natural", "summoned"]
MOVERS: tuple[Mover, ...] = ("wizard", "natural", "summoned")
Pace = Literal["walk", "sprint", "run"]
PACES: tuple[Pace, ...] = ("walk", "sprint", "run")
#: "Fleeing Combat": "unless he can fly, become gaseous, safely flee or have some other means of escape".
ESCAPES = ("fly", "gaseous", "safe route", "other")
Purpose = Literal["cast", "summon", "control"]
PURPOSES: tuple[Purpose, ...] = ("cast", "summon", "control")


# -- movement and the zone of control -----------------------------------------------------------

def pace_allowance(character: Character, pace: str, *, armour: int = 0, dragging: bool = False) -> int:
    """Hexes a Wizard may move at ``pace`` this round ("Movement": walk, sprint = 2 walks, run = 4)."""
    if pace not in PACES:
        raise InputError(f"unknown pace {pace!r} (one of {', '.join(PACES)})")
    from magecraft.mtg_rpg.character import derive  # the sheet's rules read only when a Wizard moves

    derived = derive(character, armour=armour, dragging=dragging)
    return {"walk": derived.walk, "sprint": derived.sprint, "run": derived.run}[pace]


@dataclass(frozen=True, slots=True)
class Move:
    """How far a mover got, and whether an opponent's zone of control stopped it."""

    wanted: int
    moved: int
    stopped_by_zone: bool

    def to_dict(self) -> dict[str, Any]:
        return {"wanted": self.wanted, "moved": self.moved, "stopped_by_zone": self.stopped_by_zone}


def move(wanted: int, *, allowance: int, contact_at: int | None = None, mover: str = "wizard",
         settings: Settings = DEFAULT_SETTINGS) -> Move:
    """A move of ``wanted`` hexes ("Movement", "Zone of Control").

    "A wizard's and all natural creature's movement stops when they come within one hex or
    base-to-base contact with an opponent": ``contact_at`` is the hex of the path (1 onwards) on
    which the mover first comes within one hex of an opponent it was not already next to, and the
    move ends there.  A move longer than the pace's allowance is refused.  Summoned creatures are
    not named by the rule (ruling R14, setting ``summoned_zone_of_control``).
    """
    if mover not in MOVERS:
        raise InputError(f"unknown mover {mover!r} (one of {', '.join(MOVERS)})")
    if wanted < 0 or allowance < 0:
        raise InputError("hexes moved and the allowance cannot be negative")
    if contact_at is not None and contact_at < 1:
        raise InputError("contact comes on hex 1 of the path or later (a mover already in contact may leave)")
    if wanted > allowance:
        raise RuleError(f"{wanted} hexes is more than the {allowance} this pace allows",
                        rule="walk, sprint and run distances", section=MOVEMENT)
    zoned = mover != "summoned" or settings.summoned_zone_of_control
    if zoned and contact_at is not None and contact_at <= wanted:
        return Move(wanted, contact_at, True)
    return Move(wanted, wanted, False)


# -- ranged attacks count as flying -------------------------------------------------------------

def counts_as_flying(*, flying: bool, can_be_struck_back: bool, in_duel: bool) -> bool:
    """Whether an attacker is treated as flying ("Ranged Attacks").

    In a duel "there is no such thing as a ranged attack", so only real flight counts; in battle an
    opponent "in a position where the Wizard cannot strike back ... is considered to be flying".
    """
    return flying or (not in_duel and not can_be_struck_back)


def check_block_against(attacker_flies: bool, *, blocker_flies: bool, blocker_reach: bool = False) -> None:
    """Only a flying (or reach) creature or Wizard can block or strike back at an attacker that counts
    as flying ("Ranged Attacks"; the normal MtG flying rule)."""
    if attacker_flies and not (blocker_flies or blocker_reach):
        raise RuleError("the attacker counts as flying: only a flying creature can block or strike back",
                        rule="out of reach counts as flying", section=RANGED)


# -- fleeing ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Flight:
    """The outcome of leaving a fight."""

    safe: bool
    forfeits_duel: bool
    free_attacks_from: tuple[str, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"safe": self.safe, "forfeits_duel": self.forfeits_duel,
                "free_attacks_from": list(self.free_attacks_from), "reason": self.reason}


def flee(*, civilized_duel: bool, means: str | None = None, adjacent_opponents: Sequence[str] = (),
         settings: Settings = DEFAULT_SETTINGS) -> Flight:
    """A Wizard leaves the fight ("Fleeing Combat").

    "In a civilized magical duel, a Wizard can retreat or forfeit at any time" (ruled R15: the
    retreat forfeits the duel).  Against monsters "the Wizard cannot safely flee the combat unless
    he can fly, become gaseous, safely flee or have some other means of escape": without one, each
    adjacent opponent gets a free attack as the Wizard goes, or the flight is refused (setting
    ``unsafe_flight``).
    """
    if means is not None and means not in ESCAPES:
        raise InputError(f"unknown means of escape {means!r} (one of {', '.join(ESCAPES)})")
    if civilized_duel:
        return Flight(True, True, (), "a Wizard may retreat from a civilized duel, forfeiting it")
    if means is not None:
        return Flight(True, False, (), f"escapes safely ({means})")
    if settings.unsafe_flight == "refused":
        raise RuleError("monsters are trying to kill the Wizard: no flight without a means of escape",
                        rule="cannot safely flee without a means of escape", section=FLEEING)
    return Flight(False, False, tuple(adjacent_opponents),
                  "no means of escape: every adjacent opponent attacks as the Wizard flees")


# -- spell ranges -------------------------------------------------------------------------------

def check_spell_reach(character: Character, card: Card, *, distance_yards: int, line_of_sight: bool,
                      purpose: str = "cast") -> int:
    """Whether ``card`` may be cast at, summoned to, or its creature controlled at, a place
    ``distance_yards`` away ("Spell Ranges": attribute dots x 10 yards, only within line of sight;
    a summoned creature must stay within sight of its Wizard to be controlled).  Returns the range."""
    if purpose not in PURPOSES:
        raise InputError(f"unknown purpose {purpose!r} (one of {', '.join(PURPOSES)})")
    if distance_yards < 0:
        raise InputError("a distance cannot be negative")
    from magecraft.mtg_rpg.magic import spell_range_yards

    reach = spell_range_yards(character, card)
    if not line_of_sight:
        raise RuleError(f"cannot {purpose} {card.name} out of line of sight", section=RANGES,
                        rule="spells and summoned creatures only within line of sight")
    if distance_yards > reach:
        raise RuleError(f"cannot {purpose} {card.name} {distance_yards} yards away: the range is {reach} yards",
                        rule="10 yards per dot of the summoning colour's attribute", section=RANGES)
    return reach


def check_summon_placement(creature: Card, *, would_count_as_flying: bool) -> None:
    """"You cannot summon a non-flying creature in position where they would gain flying status"
    ("Spell Ranges": the Uthden Troll in a tree)."""
    if would_count_as_flying and "Flying" not in creature.keywords:
        raise RuleError(f"{creature.name} cannot fly: it cannot be summoned where it would count as flying",
                        rule="no flying by placement", section=RANGES)


# -- natural packs defend themselves ------------------------------------------------------------

def check_attack_target(target: str, pack: Sequence[str]) -> None:
    """"The attacking Wizard cannot target a specific creature" of a natural pack with summoned
    creations ("Monsters Defense"): attacks go at the pack, and its leader meets them."""
    if target in pack:
        raise RuleError(f"{target} is one of a natural pack: attack the pack, its leader chooses who blocks",
                        rule="the attacking Wizard cannot target a specific creature", section=PACK)


def assign_pack_blockers(attackers: Sequence[str], pack: Sequence[str], *, leader: str, chosen_by: str,
                         blocks: Mapping[str, str], tapped: Sequence[str] = ()) -> dict[str, str]:
    """The pack's leader decides which monster meets each incoming attacker ("Monsters Defense").

    Refused when anyone but the leader chooses, when an attacker is left unmet (the attacker may not
    choose its victim, ruling R16), or when the blocker is tapped or not of the pack.
    """
    if leader not in pack:
        raise InputError(f"the leader {leader!r} is not one of the pack ({', '.join(pack)})")
    if chosen_by != leader:
        raise RuleError(f"{chosen_by} cannot choose the pack's blockers: {leader} leads the pack",
                        rule="the pack or its leader decides which monsters block", section=PACK)
    for attacker, blocker in blocks.items():
        if attacker not in attackers:
            raise InputError(f"{attacker!r} is not attacking")
        if blocker not in pack:
            raise InputError(f"{blocker!r} is not one of the pack ({', '.join(pack)})")
        if blocker in tapped:
            raise RuleError(f"{blocker} is tapped and cannot block", rule="not tapped for having attacked",
                            section="COMBAT: Blocking and Summoned Creatures")
    unmet = [a for a in attackers if a not in blocks]
    if unmet:
        raise RuleError(f"the leader must name a monster to meet {', '.join(unmet)}",
                        rule="the pack's leader decides which monsters block", section=PACK)
    return {a: blocks[a] for a in attackers}
