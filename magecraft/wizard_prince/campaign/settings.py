"""The campaign rulings a table might make differently, as one frozen ``CampaignSettings`` (rulings WC*)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from magecraft.core.errors import DataError
from magecraft.core.settings import dataclass_from_dict

RESOLVERS = ("abstract", "entered")
MERCENARY_UPGRADES = ("regular_first", "elite_first")


@dataclass(frozen=True, slots=True)
class CampaignSettings:
    """How this table plays the campaign year (each field is a ruling WCn in docs/rulings.md).

    - ``battle_resolver`` / ``duel_resolver``: ``"abstract"`` (the documented dice resolvers, WC9, WC13)
      or ``"entered"`` (the GM enters the result of the miniatures battle or the personal combat).
    - ``battle_die``: the die each side multiplies its points by in the abstract battle (WC9).
    - ``xp_per_point``: experience one point of an army is worth (WC10).
    - ``winners_xp_percent``: the share of the opposing army's experience the winners divide ("10%").
    - ``sea_links_connect``: sea connections count in a chain of friendly provinces (WC3).
    - ``wealth_upgrades_need_courtier``: Wealth buys upgrades only in a year a positive courtier was
      presented (WC6).
    - ``mercenary_upgrade``: which grade a Mercenaries' Guild 20 raises first (WC7).
    - ``beseech_percent``: chance a rebel province beseeches another noble ("40%").
    - ``temple_wealth_percent``: the prosperity god's yearly Wealth chance (the seed's example, 25%).
    - ``production_target``: a production roll at or over this makes 1 Wealth ("11+").
    - ``wasteland_at``: Servants of Chaos make a wasteland when the production modifier falls to this (WC18).
    - ``tumultuous_empire``, ``npc_yearly_rolls``: the two optional rules.
    - ``lord_chancellor_tie``: who wins a tied embezzlement trial, ``"defendant"`` or ``"rerolls"`` (WC12).
    - ``years``: the GM ends the campaign after this many years (0: it goes on until it is won or no player
      noble is left, "Winning the Campaign").
    """

    battle_resolver: str = "abstract"
    duel_resolver: str = "abstract"
    battle_die: int = 6
    xp_per_point: int = 1000
    winners_xp_percent: int = 10
    sea_links_connect: bool = True
    wealth_upgrades_need_courtier: bool = True
    mercenary_upgrade: str = "regular_first"
    beseech_percent: int = 40
    temple_wealth_percent: int = 25
    production_target: int = 11
    wasteland_at: int = -10
    tumultuous_empire: bool = False
    npc_yearly_rolls: bool = True
    lord_chancellor_tie: str = "defendant"
    gold_buys_wealth: int = 100_000
    wealth_sells_for: int = 75_000
    guild_sells_for: int = 100_000
    years: int = 0

    def __post_init__(self) -> None:
        for name in ("battle_resolver", "duel_resolver"):
            if getattr(self, name) not in RESOLVERS:
                raise DataError(f"{name} must be one of {', '.join(RESOLVERS)}, not {getattr(self, name)!r}")
        if self.mercenary_upgrade not in MERCENARY_UPGRADES:
            raise DataError(f"mercenary_upgrade must be one of {', '.join(MERCENARY_UPGRADES)}")
        if self.lord_chancellor_tie not in ("defendant", "rerolls"):
            raise DataError("lord_chancellor_tie must be defendant or rerolls")
        if self.years < 0:
            raise DataError("years is 0 (no end set) or more")
        if self.battle_die < 2:
            raise DataError("battle_die needs at least two faces")
        for name in ("beseech_percent", "temple_wealth_percent", "winners_xp_percent"):
            if not 0 <= getattr(self, name) <= 100:
                raise DataError(f"{name} is a percentage, 0 to 100")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> CampaignSettings:
        return dataclass_from_dict(cls, raw, "campaign setting")
