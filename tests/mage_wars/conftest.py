"""Build Mage Wars positions directly, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import pytest

from magecraft.core.deck import Deck
from magecraft.core.randomness import Randomness, ScriptedSource
from magecraft.mage_wars.cards import card_book
from magecraft.mage_wars.game import DECK_KINDS, MageWarsGame
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU, Unit

Build = Callable[..., MageWarsGame]


@pytest.fixture
def build() -> Iterator[Build]:
    """``build(dice, you="D3", dummy="A1", creatures=[(side, card, zone, damage)], decks={...})``.

    The position is in the first quick cast stage of round 1 with every creature ready.  When the test
    ends, every scripted die must have been rolled: a die left over means the rule under test did not run.
    """
    built: list[MageWarsGame] = []

    def make(dice: Sequence[int] = (), *, you: str = "D3", dummy: str = "A1",
             creatures: Sequence[tuple[str, str, str, int]] = (), decks: dict[str, list[str]] | None = None,
             settings: Settings | None = None, stage: str = "quick_cast_1", mage: str = "Wizard",
             spellbook: Sequence[str] = (), mana: int = 20) -> MageWarsGame:
        book = card_book()
        units = {
            YOU: Unit(YOU, mage, YOU, you, book.get(mage).life),
            DUMMY: Unit(DUMMY, "Warlock", DUMMY, dummy, book.get("Warlock").life, ready=False),
        }
        piles = {kind: Deck((decks or {}).get(kind, []), name=f"Dummy Mage {kind}")
                 for kind in DECK_KINDS}
        game = MageWarsGame(Randomness.scripted(list(dice)), settings or Settings(), units, piles,
                            list(spellbook), mana=mana, round_no=1, stage=stage)
        for side, name, zone, damage in creatures:
            unit = game.add_creature(book.get(name), side, zone)
            unit.ready, unit.fresh, unit.damage = True, False, damage
        built.append(game)
        return game

    yield make
    for game in built:
        source = game.rng.source
        if isinstance(source, ScriptedSource):
            assert source.remaining == 0, f"{source.remaining} scripted dice were never rolled"


def _unit_named(game: MageWarsGame, name: str, side: str | None = None) -> Unit:
    return next(u for u in game.units.values() if u.name == name and (side is None or u.side == side))


def _dummy_says(game: MageWarsGame) -> list[str]:
    return [e.label for e in game.log if e.kind == "dummy"]


@pytest.fixture
def named() -> Callable[..., Unit]:
    """``named(game, "Bitterwood Fox", side=None)``: the first unit of that card name."""
    return _unit_named


@pytest.fixture
def says() -> Callable[[MageWarsGame], list[str]]:
    """``says(game)``: the Dummy Mage's stated reasoning, in order."""
    return _dummy_says
