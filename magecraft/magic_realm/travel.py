"""Offroad and gate travel, and the Volcano's midnight ("1.2", "2. Offroad Travel", "3. Gate Travel", seed 002).

>>> from magecraft.core.randomness import Randomness
>>> offroad(Randomness.scripted([4, 2]), "mountain", tile="Cliff").outcome
'same'
>>> offroad(Randomness.scripted([4, 2]), "mountain", tile="Cliff", woodsman=True).outcome
'random'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from magecraft.core.errors import RuleError
from magecraft.core.odds import table_odds
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.data import tiles, volcano_midnight
from magecraft.magic_realm.table_dice import DEFAULT_SETTINGS, RealmSettings, miracle_reroll, table

OFFROAD = "2. Offroad Travel"
GATES = "3. Gate Travel"
VOLCANO = "1.2/1 Volcano"
#: 7.10 the Woodsman: "subtract 1 from the die roll" on the offroad table.
WOODSMAN_MODIFIER = -1


@dataclass(frozen=True, slots=True)
class OffroadResult:
    raw: int
    total: int
    result: str
    outcome: str  # choice, choose, random, same, lost
    wounds: int
    miracle: tuple[int, ...] = ()  # the raw rolls Miracle re-rolls set aside

    @property
    def lost(self) -> bool:
        """Lost or in an avalanche: off the clearings, unable to run from battle (2.4, 2.6)."""
        return self.outcome == "lost"


def offroad_table(clearing_kind: str) -> str:
    """The column of 2.2 for the clearing left: MOUNTAINS (any mountain clearing), CAVES, OTHER."""
    if "mountain" in clearing_kind:
        return "mr_offroad_mountains"
    return "mr_offroad_caves" if clearing_kind == "cave" else "mr_offroad_other"


def offroad_modifier(*, woodsman: bool = False) -> int:
    """What is added to an offroad roll: the Woodsman's -1 (7.10), else nothing."""
    return WOODSMAN_MODIFIER if woodsman else 0


def offroad_odds(
    clearing_kind: str, *, woodsman: bool = False, settings: RealmSettings = DEFAULT_SETTINGS
) -> dict[str, Fraction]:
    """Exact odds of each result of 2.2's column for the clearing left, on the dice ``settings`` say."""
    return table_odds(table(offroad_table(clearing_kind), settings), offroad_modifier(woodsman=woodsman))


def offroad(
    rng: Randomness, clearing_kind: str, *, tile: str, woodsman: bool = False, moves_recorded: int = 2,
    miracles: int = 0, settings: RealmSettings = DEFAULT_SETTINGS,
) -> OffroadResult:
    """2.2: two MOVE actions recorded for offroad travel roll on the column of the clearing left.

    The column is rolled as ``settings`` say (the base game's high die of two, ruling MR49).  The Woodsman
    subtracts 1 (7.10); never in the Volcano (2.6); the Avalanche's 1d6 wounds are rolled.
    ``miracles`` Miracle chits played on the roll re-roll it, the lower kept (ruling MR11).
    """
    if tiles()[tile].no_offroad:
        raise RuleError(
            f"no offroad travel in the {tile}",
            rule="You can NEVER travel offroad in the Volcano tile",
            section=OFFROAD,
        )
    if moves_recorded < 2:
        raise RuleError("offroad travel takes two recorded MOVE actions", rule="2.2", section=OFFROAD)

    rolled, set_aside = miracle_reroll(table(offroad_table(clearing_kind), settings), rng,
                                       offroad_modifier(woodsman=woodsman),
                                       label="offroad travel", miracles=miracles)
    wounds_text = str(rolled.data.get("wounds", "0"))
    wounds = (
        rng.dice(wounds_text, "avalanche wounds", section=OFFROAD).total
        if "d" in wounds_text
        else int(wounds_text)
    )
    return OffroadResult(rolled.raw, rolled.total, rolled.result, str(rolled.data["outcome"]), wounds, set_aside)


def check_gate_travel(
    known_gates: Collection[str],
    destination: str,
    *,
    destination_kind: str,
    move_phases: int,
    gate_phases: int = 1,
) -> None:
    """3.2-3.3: a character who knows at least two gates travels to one he discovered, with one GATE
    phase and the MOVE phases to enter the clearing (two for a mountain clearing, 3.3/1)."""
    if len(known_gates) < 2:
        raise RuleError(
            "a character must know the location of at least one other gate before travelling",
            rule="3.2",
            section=GATES,
        )
    if destination not in known_gates:
        raise RuleError(f"{destination} has not been discovered by this character", rule="3.3", section=GATES)
    if gate_phases < 1:
        raise RuleError("gate travel costs one GATE phase", rule="3.3", section=GATES)
    needed = 2 if "mountain" in destination_kind else 1
    if move_phases < needed:
        raise RuleError(
            f"entering a {destination_kind} clearing needs {needed} MOVE phases besides the GATE phase",
            rule="3.3/1",
            section=GATES,
        )


def volcano_midnight_effect(rng: Randomness, clearing_kind: str) -> tuple[str, int, int]:
    """1.2/1: (effect, fatigue asterisks, wounds) for a character in a Volcano clearing at midnight."""
    effect = volcano_midnight().get(clearing_kind, "none")
    if effect.startswith("fatigue"):
        return effect, 1, 0
    if effect == "wound 1 chit":
        return effect, 0, 1
    if effect == "wound 1d6 chits":
        return effect, 0, rng.roll(6, "White Mountain wounds at midnight", section=VOLCANO)
    return effect, 0, 0
