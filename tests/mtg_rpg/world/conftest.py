"""Worlds for the World Campaigning tests, with a referee deck whose draws a script can force.

The referee deck of :func:`value_deck` holds ten green cards of mana value 0 to 9 in that order
(the 0 is colorless), so a scripted roll of ``k`` on its d10 draws a card of value ``k - 1``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.generate import sample_world
from magecraft.mtg_rpg.world.rules import DEFAULT_WORLD_SETTINGS

VALUE_CARDS = (
    "Ornithopter",
    "Giant Growth",
    "Grizzly Bears",
    "Early Harvest",
    "Anaconda",
    "Kavu Climber",
    "Craw Wurm",
    "Enormous Baloth",
    "Scaled Wurm",
    "Plague Wind",
)


def value_deck() -> list[Card]:
    pool = builtin_pool()
    return [pool.get(name) for name in VALUE_CARDS]


def draw(value: int) -> int:
    """The scripted roll that draws a card of ``value`` from :func:`value_deck`."""
    return value + 1


def make_world(script: list[int] | None = None, **settings: Any) -> World:
    """The sample world on scripted dice (appended later with ``world.rng.extend_script``)."""
    rng = Randomness.scripted(script or [])
    return sample_world(rng, settings=replace(DEFAULT_WORLD_SETTINGS, **settings), referee=value_deck())


@pytest.fixture
def world() -> World:
    return make_world()


def start_turn(world: World, realm: str) -> None:
    """Open ``realm``'s turn directly (no events, no initiative): tests of one sub-phase."""
    world.open_turn_of(realm)
