"""The search bot (issue 28): reproducible at a fixed budget, always legal, within its seconds, and blind to
what its seat cannot see; the banquet's and the campaign's outcome for it (``winners``)."""

from __future__ import annotations

import time
from typing import Any

from magecraft.core.bots import RandomBot, play_out
from magecraft.core.randomness import Randomness
from magecraft.core.search import SearchBot
from magecraft.games import registry


def _after(name: str, moves: int, seed: int = 1, options: dict[str, Any] | None = None) -> Any:
    game = registry().get(name).new_game(Randomness.seeded(seed), options or {})
    bot = RandomBot(Randomness.seeded(2))
    for _ in range(moves):
        game.apply(bot.choose(game, game.current_player()))
    return game


def _bot(name: str, seed: int, playouts: int = 24) -> SearchBot:
    game_type = registry().get(name)
    return SearchBot(Randomness.seeded(seed), playouts=playouts, seconds=None,
                     determinise=game_type.determinise, winners=game_type.winners)


def test_a_seeded_search_is_reproducible_and_legal() -> None:
    race = _after("wizard-prince-race", 2)
    assert race.current_player() == "NPC 1" and len(race.legal_actions()) == 17
    before = race.to_dict()
    first = _bot("wizard-prince-race", 7).choose(race, "NPC 1")
    again = _bot("wizard-prince-race", 7).choose(race, "NPC 1")
    assert first == again and first in race.legal_actions()
    assert race.to_dict() == before   # it thinks on copies: the game itself is untouched


def test_the_search_bot_plays_a_whole_game_with_legal_actions() -> None:
    """play_out applies every choice through ``apply``, which refuses an illegal one."""
    game_type = registry().get("wizard-prince-banquet")
    banquet = game_type.new_game(Randomness.seeded(3))
    bots: dict[str, Any] = {seat: RandomBot(Randomness.seeded(4)) for seat in banquet.seats()}
    bots["Ann"] = _bot("wizard-prince-banquet", 5, playouts=8)
    assert play_out(banquet, bots) > 0 and banquet.is_terminal()


def test_the_search_bot_keeps_to_its_seconds() -> None:
    banquet = registry().get("wizard-prince-banquet").new_game(Randomness.seeded(3))
    bot = _bot("wizard-prince-banquet", 5, playouts=10**6)
    bot.seconds = 0.2
    started = time.monotonic()
    assert bot.choose(banquet, banquet.current_player()) in banquet.legal_actions()
    assert time.monotonic() - started < 1.5


def test_the_search_bot_decides_from_the_seats_view_only() -> None:
    """A banquet in which the chits Ann has not seen lie otherwise (its observation for Ann the same) gets the
    same choice from the same seeded bot: the bot never reads the true hidden chits.  The same bot made to
    peek (its "determinisation" a plain copy of the true banquet) chooses differently on the two, so the
    test would catch a bot that reads them."""
    game_type = registry().get("wizard-prince-banquet")
    assert game_type.determinise is not None
    banquet = _after("wizard-prince-banquet", 10, seed=7)
    seat = banquet.current_player()
    assert seat == "Ann" and len(banquet.legal_actions()) == 95
    twin = game_type.determinise(banquet, seat, Randomness.seeded(77))
    assert twin.observation(seat) == banquet.observation(seat)
    assert [c.kind for c in twin.chits.values()] != [c.kind for c in banquet.chits.values()]
    honest = [_bot("wizard-prince-banquet", 11).choose(b, seat) for b in (banquet, twin)]
    assert honest[0] == honest[1]
    peeking = []
    for b in (banquet, twin):
        bot = _bot("wizard-prince-banquet", 11)
        bot.determinise = lambda s, p, rng: game_type.state_class.from_dict(s.to_dict())
        peeking.append(bot.choose(b, seat))
    assert peeking[0] != peeking[1]


def test_the_banquet_is_won_by_the_best_score_and_by_no_one_on_a_tie_of_all() -> None:
    game_type = registry().get("wizard-prince-banquet")
    banquet = game_type.new_game(Randomness.seeded(1))
    assert game_type.winners(banquet) == ()   # nobody has earned anything yet: everyone ties
    banquet.nobles["Bob"].earned["changes"]["status"] = 2
    assert game_type.winners(banquet) == ("Bob",)


def test_the_campaign_is_won_by_the_player_noble_on_the_throne() -> None:
    game_type = registry().get("wizard-prince-campaign")
    campaign = game_type.new_game(Randomness.seeded(1))
    assert game_type.winners(campaign) == ()
    campaign.emperor = "Ann"
    assert game_type.winners(campaign) == ("Ann",)
    campaign.emperor = "NPC Noble 1"
    assert game_type.winners(campaign) == ()


def test_a_heavy_game_keeps_to_the_seconds_too() -> None:
    """A Magic Realm playout takes longer than a small budget (this seed's first one about 2 s): it is cut at
    the deadline and scored, so the decision keeps to its seconds."""
    realm = registry().get("magic-realm").new_game(Randomness.seeded(3))
    bot = registry().get("magic-realm").bot("search", Randomness.seeded(0))
    assert isinstance(bot, SearchBot)
    bot.playouts, bot.seconds = 10**6, 0.01
    started = time.monotonic()
    assert bot.choose(realm, "referee") in realm.legal_actions()
    assert time.monotonic() - started < 0.6
