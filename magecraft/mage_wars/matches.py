"""Games of Mage Wars solo played to their end by the registered bots: one game (:func:`play_to_end`), the
Dummy Mage's turns for a front end that plays your side itself (:func:`dummy_turns`), and a seeded run of
bot games with its win rates (:func:`run_matches`, for ``mage-wars solo --auto`` and the benchmarks).

Every game goes the one way every game is played, ``core.bots.play_out``, with the game type's own bots.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.bots import Bot, play_out
from magecraft.core.randomness import Randomness
from magecraft.mage_wars.bot import answer_trigger
from magecraft.mage_wars.cards import DummyDecks, Spellbook
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.game_type import SOLO
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU


def play_to_end(game: MageWarsGame, bots: Mapping[str, Bot] | None = None) -> MageWarsGame:
    """Play ``game`` to its end the one way every game is played (``core.bots.play_out``): your side by the
    registered ``heuristic`` bot, the Dummy Mage's seat by its rule bot (``GameType.rule_bots``: seed 003's own
    rules), unless ``bots`` are given; reveal offers at triggers (ruling A17) answered by
    :func:`answer_trigger`."""
    game.answer_trigger = answer_trigger
    play_out(game, bots or solo_bots(game))
    return game


def solo_bots(game: MageWarsGame) -> dict[str, Bot]:
    """The registered bots of a bot game (``mage-wars-solo``): ``heuristic`` for you, and the Dummy Mage's rule
    bot for its seat.  Neither rolls dice of its own: they share one ``Randomness`` that is never rolled."""
    names = {**SOLO.bots_for(game), YOU: "heuristic"}
    return {seat: SOLO.bot(name, _NO_DICE) for seat, name in names.items()}


def dummy_turns(game: MageWarsGame) -> MageWarsGame:
    """Play the Dummy Mage's seat by its rule bot (seed 003's own rules) until the game waits on you or ends:
    for a front end or a test that plays your side itself."""
    dummy_bot = solo_bots(game)[DUMMY]
    while game.current_player() == DUMMY:
        game.apply(dummy_bot.choose(game, DUMMY))
    return game


#: The bots' own dice: the Mage Wars bots decide without rolling.
_NO_DICE = Randomness.seeded(0)


@dataclass(frozen=True)
class MatchSummary:
    """Win rates and game length over a run of seeded bot games."""

    games: int
    seed: int
    spellbook: str
    you_wins: int
    dummy_wins: int
    draws: int
    total_rounds: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games, "seed": self.seed, "spellbook": self.spellbook,
            "you_wins": self.you_wins, "dummy_wins": self.dummy_wins, "draws": self.draws,
            "you_win_rate": round(self.you_wins / self.games, 4),
            "dummy_win_rate": round(self.dummy_wins / self.games, 4),
            "draw_rate": round(self.draws / self.games, 4),
            "average_rounds": round(self.total_rounds / self.games, 3),
        }


def run_matches(games: int, seed: int, spellbook: Spellbook, book_name: str,
                settings: Settings | None = None, decks: DummyDecks | None = None) -> MatchSummary:
    """Play ``games`` bot games (:func:`play_to_end`: the registered bots through ``core.bots.play_out``); game
    ``i`` uses seed ``seed + i``."""
    wins = {YOU: 0, DUMMY: 0, "draw": 0}
    rounds = 0
    bots: dict[str, Bot] | None = None
    for i in range(games):
        game = MageWarsGame.new(Randomness.seeded(seed + i), spellbook, settings, decks)
        bots = bots or solo_bots(game)
        play_to_end(game, bots)
        wins[str(game.winner)] += 1
        rounds += game.round
    return MatchSummary(games, seed, book_name, wins[YOU], wins[DUMMY], wins["draw"], rounds)
