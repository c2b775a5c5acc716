"""The chariot-race rulings a table might make differently, as one frozen ``RaceSettings`` (docs/rulings.md,
"Wizard-Prince: chariot racing (seed 004)")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.settings import dataclass_from_dict, settings_to_dict
from magecraft.wizard_prince.settings import SAVE_SYSTEMS

SAVES = ("death_poison", "petrify_paralyze", "spell")


@dataclass(frozen=True, slots=True)
class RaceSettings:
    """How this table runs a chariot race.

    - ``heavy_speed`` / ``light_speed``: the maximum speeds ("Initiative and Movement").
    - ``initiative_die``: each charioteer's initiative die, ties for a place rolled again (WR4).
    - ``may_defer_repeatedly``: the initiative winner may defer again after each charioteer's turn
      (WR5); False lets him defer once, to move second.
    - ``bonus_score``: a statistic at or over this gives the seed's +1 ("+1 if dexterity 13+").
    - ``whip_to_hit``: a whip hits on 1d20 + the attacker's level at or over this (WR9; the charioteers
      wear no armour).
    - ``whip_reach``: how many squares (in any of the eight directions) a whip reaches (WR9).
    - ``whip_blind_save``: the saving throw against blinding blood (WR10).
    - ``strength_bonus``: ``(lowest score, bonus)`` pairs, best first, for the whip's damage (WR11).
    - ``famous_percent`` / ``famous_min_level`` / ``famous_bet_multiplier``: the famous race
      ("Low Stakes Gambling").
    - ``refigure_over`` / ``famous_refigure_over``: player bets over this on one race re-figure the odds.
    - ``max_crash_chain``: a chain of crash pushes stops after this many (WR15).
    - ``max_rounds``: the games master calls an unfinished race after this many rounds (WR17).
    - ``save_system`` / ``d20_dc``: as the banquet's (the charioteering check is a Death or Poison save).
    """

    heavy_speed: int = 15
    light_speed: int = 18
    initiative_die: int = 6
    may_defer_repeatedly: bool = True
    bonus_score: int = 13
    whip_to_hit: int = 11
    whip_reach: int = 1
    whip_blind_save: str = "death_poison"
    strength_bonus: tuple[tuple[int, int], ...] = ((18, 3), (16, 2), (13, 1), (9, 0), (6, -1), (4, -2), (0, -3))
    famous_percent: int = 10
    famous_min_level: int = 5
    famous_bet_multiplier: int = 10
    refigure_over: int = 2_000
    famous_refigure_over: int = 20_000
    max_crash_chain: int = 20
    max_rounds: int = 200
    save_system: str = "oed"
    d20_dc: int = 15

    def __post_init__(self) -> None:
        if min(self.heavy_speed, self.light_speed) < 1:
            raise DataError("chariot speeds must be at least 1")
        if self.initiative_die < 2:
            raise DataError("initiative_die needs at least two faces")
        if self.whip_blind_save not in SAVES:
            raise DataError(f"whip_blind_save must be one of {', '.join(SAVES)}, not {self.whip_blind_save!r}")
        if self.save_system not in SAVE_SYSTEMS:
            raise DataError(f"save_system must be one of {', '.join(SAVE_SYSTEMS)}, not {self.save_system!r}")
        pairs = [tuple(p) for p in self.strength_bonus]
        if not pairs or any(len(p) != 2 or not all(type(v) is int for v in p) for p in pairs):
            raise DataError("strength_bonus is a list of [lowest score, bonus] pairs")
        object.__setattr__(self, "strength_bonus", tuple((int(a), int(b)) for a, b in pairs))
        if not 0 <= self.famous_percent <= 100:
            raise DataError("famous_percent is a percentage, 0-100")
        if self.whip_reach < 1 or self.max_crash_chain < 1 or self.max_rounds < 1:
            raise DataError("whip_reach, max_crash_chain and max_rounds must be at least 1")

    def speed(self, kind: str) -> int:
        return self.heavy_speed if kind == "heavy" else self.light_speed

    def strength_damage_bonus(self, strength: int) -> int:
        """The whip's damage bonus for a Strength score (WR11)."""
        for lowest, bonus in self.strength_bonus:
            if strength >= lowest:
                return bonus
        return self.strength_bonus[-1][1]

    def to_dict(self) -> dict[str, Any]:
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> RaceSettings:
        return dataclass_from_dict(cls, raw, "race setting")
