"""The catalogue of magecraft's game types: a name and where its :class:`~magecraft.core.registry.GameType` lives.

Front ends (the command line, the lab, the web table, the adapters) find games here and nowhere
else; a system's package is imported only when one of its games is asked for.

>>> registry().names()[:3]
('wizard-prince-banquet', 'wizard-prince-campaign', 'wizard-prince-race')
"""

from __future__ import annotations

from functools import cache

from magecraft.core.registry import Registry

CATALOGUE: dict[str, str] = {
    "wizard-prince-banquet": "magecraft.wizard_prince.game_type:BANQUET",
    "wizard-prince-campaign": "magecraft.wizard_prince.campaign.game_type:CAMPAIGN",
    "wizard-prince-race": "magecraft.wizard_prince.race.game_type:RACE",
    "mtg-rpg-duel": "magecraft.mtg_rpg.duel_game_type:DUEL",
    "mtg-rpg-world": "magecraft.mtg_rpg.world.game_type:WORLD",
    "planeswalker-battle": "magecraft.planeswalker.game_type:BATTLE",
    "magic-realm": "magecraft.magic_realm.game_type:REALM",
    "mage-wars-solo": "magecraft.mage_wars.game_type:SOLO",
}


@cache
def registry() -> Registry:
    """The one registry of every game type."""
    return Registry(CATALOGUE)
