"""The Planeswalker package kept in order (issue 23): the pervasive effects composed (short functions and
modules: tests/test_house.py, for the whole package)."""

from __future__ import annotations

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.pervasive import PervasiveEffects
from magecraft.planeswalker.position import BattlePosition
from magecraft.planeswalker.resolution import Resolution


def test_the_resolution_holds_the_pervasive_effects_it_consults():
    assert Resolution.__bases__ == (object,)
    battle = BattlePosition.from_mapping({"hero": {"ready": "Kiora the Wanderer"}}).start(Randomness.scripted([]))
    assert isinstance(battle.pervasive, PervasiveEffects) and battle.pervasive.battle is battle
