"""What the banquet leaves for the campaign year: per noble, every effect earned; and the Empire's flags.

Seed 004: the positive chits' benefits ("The Courtier Descriptions"); "War" (Civil War with two or no
Emperors, a Barbarian Invasion when the Wounded Ranger was presented and one Emperor reigns, a
Feudal War per Lord Marshal's writ).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

#: Counted effects a noble can earn at the banquet (keys of ``Noble.earned``).
COUNTS = ("provinces_to_add", "sanctioned_duels", "writs_of_battle", "production_bonuses",
          "unit_upgrades", "hierophant_quests", "xp_awards", "wounded_rangers")


@dataclass(frozen=True, slots=True)
class NobleOutcome:
    """One noble's banquet.

    ``changes`` are the net changes to Status, Wealth, Legions and Fleets; ``final`` their values
    now.  ``provinces_to_add`` (Ambassador), ``sanctioned_duels`` (Grand Herald), ``writs_of_battle``
    (Lord Marshal), ``production_bonuses`` (Foreign Trader, +1 each), ``unit_upgrades`` (Knight
    Castellan), ``hierophant_quests``, ``xp_awards`` (each 10% of a level),
    ``crown_prince_duels`` (the prince's level for each duel he demands), ``crown_prince_support``
    (elite legions or fleets for the next battle), ``appointment`` held now and
    ``appointment_lost``, ``damage`` taken; ``fate`` is how he left the banquet (``stayed to the end``
    if he did not).
    """

    name: str
    npc: bool
    fate: str
    presented: tuple[str, ...]
    changes: Mapping[str, int]
    final: Mapping[str, int]
    counts: Mapping[str, int]
    crown_prince_duels: tuple[int, ...]
    crown_prince_support: tuple[int, ...]
    appointment: str
    appointment_lost: str
    damage: int

    @property
    def exiled(self) -> bool:
        """An exiled noble "can take part in no future Banquets until the present Emperor is replaced"."""
        return self.fate == "exiled"

    @property
    def score(self) -> int:
        """A yardstick for comparing bots (not a rule): gains in the four statistics and benefits won."""
        benefits = sum(self.counts[k] for k in ("provinces_to_add", "sanctioned_duels", "writs_of_battle",
                                               "production_bonuses", "unit_upgrades"))
        dead = 5 if self.fate in ("slain", "executed") else 0
        return sum(self.changes.values()) + benefits + sum(self.crown_prince_support) - dead

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["presented"] = list(self.presented)
        out["crown_prince_duels"] = list(self.crown_prince_duels)
        out["crown_prince_support"] = list(self.crown_prince_support)
        out["changes"] = dict(self.changes)
        out["final"] = dict(self.final)
        out["counts"] = dict(self.counts)
        out["exiled"] = self.exiled
        return out


@dataclass(frozen=True, slots=True)
class BanquetResult:
    """The banquet's outcome, structured for the campaign year ("War", "Duels")."""

    nobles: tuple[NobleOutcome, ...]
    emperors: int
    ended_by: str
    turns: int
    coup: bool
    emperor_slain: bool
    wounded_ranger_presented: bool
    lord_marshals_presented: int
    writs_need_peace: bool = True

    @property
    def no_emperor(self) -> bool:
        return self.emperors == 0

    @property
    def two_emperors(self) -> bool:
        return self.emperors == 2

    @property
    def civil_war(self) -> bool:
        """"This major war is a Civil War, if the Banquet ends with either two or zero Emperors in play.\""""
        return self.emperors != 1

    @property
    def barbarian_invasion(self) -> bool:
        """With one Emperor, a presented Wounded Ranger makes the major war a Barbarian Invasion."""
        return self.emperors == 1 and self.wounded_ranger_presented

    @property
    def feudal_wars(self) -> int:
        """One feudal war per Lord Marshal presented, "provided that no barbarian invasions or civil wars
        take place in that same year" (Lord Marshal; setting ``writs_need_peace``)."""
        if self.writs_need_peace and (self.civil_war or self.barbarian_invasion):
            return 0
        return self.lord_marshals_presented

    def outcome(self, name: str) -> NobleOutcome:
        return next(n for n in self.nobles if n.name == name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "nobles": [n.to_dict() for n in self.nobles],
            "emperors": self.emperors,
            "no_emperor": self.no_emperor,
            "two_emperors": self.two_emperors,
            "civil_war": self.civil_war,
            "barbarian_invasion": self.barbarian_invasion,
            "writs_of_battle": self.lord_marshals_presented,
            "feudal_wars": self.feudal_wars,
            "coup": self.coup,
            "emperor_slain": self.emperor_slain,
            "ended_by": self.ended_by,
            "turns": self.turns,
        }
