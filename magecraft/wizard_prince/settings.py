"""The rulings a table might make differently, as one frozen ``Settings`` (docs/rulings.md)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.settings import dataclass_from_dict

SAVE_SYSTEMS = ("oed", "d20")


@dataclass(frozen=True, slots=True)
class Settings:
    """How this table plays the Imperial Banquet.

    - ``moves_may_turn``: a two-square move may turn a corner (ruling WP2: by default it may not).
    - ``initiative_die``: the die each noble rolls for initiative, ties rolled again (ruling "Initiative").
    - ``save_system``: ``"oed"`` save targets or the seed's D&D 3.5 conversion ``"d20"`` (DC ``d20_dc``).
    - ``bore_blocks_all_actions``: a noble held by the Droning Bore loses his whole action, not only
      his MINGLE (ruling "Droning Bore").
    - ``end_when_no_emperor``: the banquet ends when no Emperor is left to present to.
    - ``max_turns``: the GM ends a banquet that has gone on this long as the Butler would.
    - ``npc_action_table``: NPC nobles roll their action on the seed's 1d6 table.
    - ``xp_award_percent``: a survivor of Black Magic or the Guild Assassin gains this share of a level.
    - ``writs_need_peace``: a Lord Marshal's writ of battle is void in a year of Civil War or Barbarian
      Invasion (the Lord Marshal's text); False follows "War", where feudal wars follow the major war.
    """

    moves_may_turn: bool = False
    initiative_die: int = 6
    save_system: str = "oed"
    d20_dc: int = 15
    bore_blocks_all_actions: bool = False
    end_when_no_emperor: bool = True
    max_turns: int = 60
    npc_action_table: bool = True
    xp_award_percent: int = 10
    writs_need_peace: bool = True

    def __post_init__(self) -> None:
        if self.save_system not in SAVE_SYSTEMS:
            raise DataError(f"save_system must be one of {', '.join(SAVE_SYSTEMS)}, not {self.save_system!r}")
        if self.initiative_die < 2:
            raise DataError("initiative_die needs at least two faces")
        if self.max_turns < 1:
            raise DataError("max_turns must be at least 1")

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}   # every setting is a plain value

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Settings:
        return dataclass_from_dict(cls, raw, "banquet setting")
