"""Mage Wars solo as a registered game type (``magecraft.games``): your mage against the Dummy Mage.

Seats: ``you`` and ``dummy``.  The Dummy Mage is played by seed 003's own rules (its d12 rolls and
priorities, :mod:`magecraft.mage_wars.dummy`): the ``dummy-mage`` bot, listed by ``rule_bots``, takes
the one action each of its turns offers, and the rolls are the game's.  Your side: ``random`` or
``heuristic`` (:mod:`magecraft.mage_wars.bot`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from magecraft.core.bots import BotSpec, Sees
from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.search import fresh_dice, shuffled
from magecraft.core.state import GameState
from magecraft.mage_wars import bot
from magecraft.mage_wars.actions import DUMMY_TURNS, Action
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.position import setup
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU


@dataclass(frozen=True)
class SoloOptions:
    """A new game: your mage's ready spellbook (``magecraft mage-wars book``) and house rules by name
    (``Settings`` fields, e.g. ``{dummy_life = 20}``).  The defaults: the Wizard against a Dummy Mage of
    20 life, so a game between bots ends in a few rounds."""

    mage: str = "Wizard"
    settings: Mapping[str, Any] = field(default_factory=lambda: {"dummy_life": 20})


def new(rng: Randomness, options: SoloOptions) -> MageWarsGame:
    books = ready_spellbooks()
    if options.mage not in books:
        raise DataError(f"no ready spellbook for {options.mage!r} (books: {', '.join(books)})")
    settings = Settings.from_dict(dict(options.settings))
    return MageWarsGame.new(rng, books[options.mage], settings)


class HeuristicBot:
    """The hand-tuned bot of :mod:`magecraft.mage_wars.bot` for your side.

    It decides from what your seat sees (``observation("you")``): the arena, your spellbook and plans, the
    cards' printed values; never the Dummy Mage's decks.  It reads them from the game for speed through
    ``decisions.offer(game)`` (docs/architecture.md, Fast paths)."""

    name = "heuristic"

    def __init__(self, rng: Randomness) -> None:
        self.rng = rng

    def choose(self, state: GameState[Any], player: str) -> Action:
        assert isinstance(state, MageWarsGame)
        action, offered = bot.choose_offered(state)
        # the very object the decision offers: the game need not judge it again (docs/architecture.md, Fast paths)
        return state.offered(action) if offered else action


class DummyMageBot:
    """The Dummy Mage, played by seed 003's own rules: at each of its turns it takes the one action offered,
    and the game rolls its d12s and applies its priorities.  The rule book gives it the whole state (it
    targets by life left, zones and mana cost)."""

    name = "dummy-mage"

    def __init__(self, rng: Randomness) -> None:
        self.rng = rng

    def choose(self, state: GameState[Any], player: str) -> Any:
        turn = DUMMY_TURNS.get(getattr(state, "pending", None))
        return turn if turn is not None else state.legal_actions()[0]


def rule_bots(state: GameState[Any]) -> Mapping[str, str]:
    return {DUMMY: "dummy-mage"}


def plant_secret(state: GameState[Any], seat: str, marker: str) -> GameState[Any] | None:
    """Your secret: a spell of your spellbook (Mage Wars Arena: a spellbook is its owner's).  The Dummy Mage's
    only secret, its decks' order, is hidden from both seats: nothing to plant."""
    if seat != YOU:
        return None
    raw = json.loads(json.dumps(state.to_dict()))
    raw["spellbook"].append(marker)
    return MageWarsGame.from_dict(raw)


def determinise(state: GameState[Any], seat: str, rng: Randomness) -> MageWarsGame:
    """A game ``seat`` cannot tell from ``state``, for the search bot: the Dummy Mage's decks shuffled again.

    "Shuffle each deck and place them face down" (seed 003 Setup 2): neither seat knows their order, only
    which cards are left (the decks' lists less the discards and the cards in play), so each deck's cards are
    dealt anew from their sorted list.  The log is kept as ``seat`` reads it, and the dice are new.  Your
    spellbook is yours (the Dummy Mage's seat would not see it) but the Dummy Mage is played by its own rules,
    never by search, so its determinisation keeps your book as it is.
    """
    assert isinstance(state, MageWarsGame)
    raw = state.to_dict()
    for deck in raw["decks"].values():
        deck["cards"] = shuffled(sorted(deck["cards"]), rng)
    raw["log"] = [e for e in raw["log"] if e["kind"] != "randomness"]
    fresh_dice(raw, rng)
    return MageWarsGame.from_dict(raw)


def evaluate(state: GameState[Any], seat: str) -> float:
    """For the search bot's cut playouts: the life share ``seat``'s mage has left over the other's, 0..1 (seed
    003 Game End: a mage whose damage reaches its life loses)."""
    assert isinstance(state, MageWarsGame)
    left = {unit.side: 1 - min(unit.damage, unit.life) / unit.life for unit in (state.you, state.dummy)}
    return 0.5 + (left[seat] - left[DUMMY if seat == YOU else YOU]) / 2


SOLO = GameType(
    name="mage-wars-solo",
    system=MageWarsGame.system,
    kind="game",
    title="Mage Wars solo game",
    description="Mage Wars Arena solo: your mage against the Dummy Mage in the compact arena (seed 003)",
    state_class=MageWarsGame,
    options_class=SoloOptions,
    new=new,
    setup=setup,
    bots={
        "heuristic": BotSpec("heuristic", "greedy: attack spells and creatures first, then hurt the Dummy Mage",
                             Sees.OBSERVATION, HeuristicBot),
        "dummy-mage": BotSpec("dummy-mage", "the Dummy Mage by seed 003's rolls and priorities",
                              Sees.WHOLE_STATE, DummyMageBot),
    },
    settings_class=Settings,
    plant_secret=plant_secret,
    rule_bots=rule_bots,
    determinise=determinise,
    evaluate=evaluate,
)
