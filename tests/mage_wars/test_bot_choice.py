"""The bot's choice read from a decision's options is the one it makes weighing every legal action.

``bot.choose_offered`` reads attacks and casts from ``decisions.offer(game)`` without spelling out every
activation, and leaves out the creatures that cannot beat the best found before them
(docs/architecture.md, Fast paths).  Here, at every decision of seeded games with each ready spellbook
(and with walls, whose attacks are read the same way), that choice must be the very object
``legal_actions`` offers and the first of the best by the bot's full weighing (``choose_from``).
"""

from __future__ import annotations

import pytest

from magecraft.core.randomness import Randomness
from magecraft.mage_wars import bot, matches
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.settings import Settings

WALLS = Settings(walls=(Wall("w1", ("B2", "C2"), 6), Wall("w2", ("B1", "B2"), 4, passable=True),
                        Wall("w3", ("C2", "C3"), 5)))


def decisions_compared(game: MageWarsGame) -> int:
    """Play ``game`` to the end with the bot, comparing its two ways of choosing at every decision."""
    game.answer_trigger = bot.answer_trigger
    compared = 0
    while not matches.dummy_turns(game).is_terminal():
        action, offered = bot.choose_offered(game)
        if offered:
            legal = game.legal_actions()
            assert any(a is action for a in legal), (action, legal)
            assert action == bot.choose_from(game, legal)
            compared += 1
            game.perform(action)
        else:
            game.apply(action)
    return compared


@pytest.mark.parametrize("book", sorted(ready_spellbooks()))
def test_the_bot_chooses_from_the_options_as_from_every_legal_action(book):
    compared = sum(decisions_compared(MageWarsGame.new(Randomness.seeded(seed), ready_spellbooks()[book]))
                   for seed in range(1, 9))
    assert compared > 100


def test_the_bot_chooses_the_same_way_among_walls():
    compared = sum(decisions_compared(MageWarsGame.new(Randomness.seeded(seed), ready_spellbooks()["Wizard"],
                                                       WALLS)) for seed in range(1, 9))
    assert compared > 100
