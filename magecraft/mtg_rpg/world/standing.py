"""Who leads when a season ends: the realms a table (or the lab) counts as its winners (ruling WW40).

Seed 000, "WORLD CAMPAIGNING -- The Big Picture" names no winner: the world is "a living, breathing
environment", and realms leave play only when conquered ("Capturing Capitols ... effectively removes the
conquered realm from play").  The ruling counts, among the realms still in play, the one (or those tied)
with the most of a measure of the control sheet, ``WorldSettings.season_winner``: hexes held (the default:
what conquest takes), population, gold in the treasury, or none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from magecraft.mtg_rpg.world.board import Board
from magecraft.mtg_rpg.world.realm import Realm

#: Each measure a season's winner may be counted by, read off the world and the realm's sheet.
MEASURES: Mapping[str, Callable[[Board, Realm], int]] = {
    "most hexes": lambda world, realm: len(world.territory(realm.name)),
    "most population": lambda world, realm: world.population(realm.name),
    "most gold": lambda world, realm: realm.treasury,
}


def season_winners(world: Board) -> tuple[str, ...]:
    """The living realms with the most of the measure ``world.settings.season_winner`` (all of them on a tie;
    none when the table counts no winner)."""
    measure = MEASURES.get(world.settings.season_winner)
    if measure is None:
        return ()
    scores = {realm.name: measure(world, realm) for realm in world.alive()}
    if not scores:
        return ()
    best = max(scores.values())
    return tuple(name for name, score in scores.items() if score == best)
