"""Helpers for the Planeswalker RPG tests: a ready hero and battles on scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.combat import Battle


def make_hero(**changes: Any) -> Character:
    """Identity R,R,G, Human: Power 3, Toughness 3, Life 5, Mastery 3, Channelling 4, Speed 3, Focus 1,
    Memory 6; Mana Pool R2 G1."""
    sheet: dict[str, Any] = {
        "identity": ("R", "R", "G"),
        "increases": {"power": 2, "toughness": 2},
        "library": ("Shock", "Grizzly Bears", "Volcanic Hammer", "Giant Growth", "Craw Wurm", "Kird Ape"),
        "memorized": ("Shock", "Grizzly Bears", "Volcanic Hammer"),
    }
    sheet.update(changes)
    return Character.create(sheet.pop("name", "Hero"), **sheet)


def make_battle(creatures: Sequence[str] = ("Grizzly Bears",), dice: Sequence[int] = (), *,
                hero: Character | None = None, **kwargs: Any) -> Battle:
    return Battle.start(hero or make_hero(), list(creatures), Randomness.scripted(list(dice)), **kwargs)


def to_main(battle: Battle) -> None:
    """Channel without drawing and go to the Main phase."""
    from magecraft.planeswalker.actions import Channel

    battle.apply(Channel())
    assert battle.phase == "main"


@pytest.fixture
def hero() -> Character:
    return make_hero()


@pytest.fixture(name="make_hero")
def make_hero_fixture() -> Any:
    return make_hero


@pytest.fixture(name="make_battle")
def make_battle_fixture() -> Any:
    return make_battle


@pytest.fixture(name="to_main")
def to_main_fixture() -> Any:
    return to_main
