"""The search bot (issue 28): reproducible at a fixed budget, always legal, within its seconds, and blind to
what its seat cannot see; the banquet's and the campaign's outcome for it (``winners``)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from enum import Enum
from typing import Any

import pytest

from magecraft.core.bots import RandomBot, play_out
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.search import PLAYOUT_STEPS, Playout, SearchBot
from magecraft.core.state import GameState
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


def test_a_campaign_nobody_won_scores_each_noble_by_his_way_to_the_throne() -> None:
    """Ruling WC28: half the way from no Status to the claim (Status = the Empire's 21 Provinces), 1 on the
    throne, 0 dead; the GM's seat and the NPC nobles stand at 0.5."""
    game_type = registry().get("wizard-prince-campaign")
    campaign = game_type.new_game(Randomness.seeded(1))
    assert game_type.evaluate is not None and len(campaign.empire.provinces) == 21
    assert game_type.evaluate(campaign, "Ann") == pytest.approx(0.5 / 21)
    campaign.nobles["Ann"].status = 30
    assert game_type.evaluate(campaign, "Ann") == 0.5
    campaign.nobles["Bob"].alive = False
    campaign.emperor = "Ann"
    assert (game_type.evaluate(campaign, "Ann"), game_type.evaluate(campaign, "Bob")) == (1.0, 0.0)
    assert game_type.evaluate(campaign, "GM") == game_type.evaluate(campaign, "NPC Noble 1") == 0.5


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


# -- a toy game to check what the search finds: Nim, take 1 or 2 stones, who takes the last stone wins --------
class _Take(Enum):
    STONES = "take stones"
    CHOICE = "safe or gamble, help or hurt"


class _Nim(GameState[int]):
    """Two seats take 1 or 2 stones in turn; whoever takes the last one wins.  ``first`` is what A took first
    (for the cut-playout test's evaluation)."""

    def __init__(self, stones: int, to_move: str = "A", first: int = 0) -> None:
        self.rng = Randomness.seeded(0)
        self.stones, self.to_move, self.first = stones, to_move, first

    def seats(self) -> tuple[str, ...]:
        return ("A", "B")

    def current_player(self) -> str | None:
        return None if self.stones == 0 else self.to_move

    def decision_kind(self) -> _Take:
        return _Take.STONES

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2) if n <= self.stones]

    def action_text(self, action: int) -> str:
        return f"take {action}"

    def observation(self, player: str) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move}

    def check(self, action: int) -> None:
        if action not in self.legal_actions():
            raise RuleError(f"cannot take {action}")

    def perform(self, action: int) -> None:
        self.first = self.first or (action if self.to_move == "A" else 0)
        self.stones -= action
        if self.stones:
            self.to_move = "B" if self.to_move == "A" else "A"

    def is_terminal(self) -> bool:
        return self.stones == 0

    def result(self) -> Mapping[str, Any]:
        return {"winner": self.to_move if self.stones == 0 else None}

    def to_dict(self) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move, "first": self.first, "log": []}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: Any = None) -> _Nim:
        return cls(raw["stones"], raw["to_move"], raw["first"])


class _Takes:
    """A fixed-minded player: always takes ``n`` where it may, else the first action offered."""

    name = "takes"

    def __init__(self, n: Any) -> None:
        self.n = n

    def choose(self, state: GameState[Any], player: str) -> Any:
        return self.n if self.n in state.legal_actions() else state.legal_actions()[0]


def _nim_bot(seed: int, playouts: int, playout: Playout | None = None, **kw: Any) -> SearchBot:
    return SearchBot(Randomness.seeded(seed), playouts=playouts, seconds=None,
                     playout=None if playout is None else (lambda state, rng: playout), **kw)


def test_it_takes_a_win_in_one_even_when_its_playout_bot_would_not() -> None:
    """Two stones: taking both wins now; taking one leaves B the last.  The playout bot (always 1) is the
    first branch tried, and the search still finds the win."""
    for seed in range(5):
        assert _nim_bot(seed, 20).choose(_Nim(2), "A") == 2
        assert _nim_bot(seed, 20, Playout({"A": _Takes(1), "B": _Takes(1)})).choose(_Nim(2), "A") == 2


def test_it_finds_the_only_winning_move_two_plies_deep() -> None:
    """Four stones: taking 1 leaves 3, and whatever B takes A takes the last; taking 2 leaves B both."""
    assert [_nim_bot(seed, 200).choose(_Nim(4), "A") for seed in range(5)] == [1] * 5


class _Choices(GameState[str]):
    """A toy game of named choices between seats A and B: the moves made so far are the whole state."""

    def __init__(self, moves: tuple[str, ...] = ()) -> None:
        self.rng = Randomness.seeded(0)
        self.moves = moves

    def seats(self) -> tuple[str, ...]:
        return ("A", "B")

    def decision_kind(self) -> _Take:
        return _Take.CHOICE

    def action_text(self, action: str) -> str:
        return action

    def observation(self, player: str) -> dict[str, Any]:
        return {"moves": list(self.moves)}

    def check(self, action: str) -> None:
        if action not in self.legal_actions():
            raise RuleError(f"no {action} now")

    def to_dict(self) -> dict[str, Any]:
        return {"moves": list(self.moves), "log": []}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: Any = None) -> Any:
        return cls(tuple(raw["moves"]))


class _Gamble(_Choices):
    """A plays "safe" (a draw) or "gamble"; after a gamble B chooses "help" (A wins) or "hurt" (B wins)."""

    def current_player(self) -> str | None:
        return {(): "A", ("gamble",): "B"}.get(self.moves)

    def legal_actions(self) -> list[str]:
        return {(): ["safe", "gamble"], ("gamble",): ["help", "hurt"]}.get(self.moves, [])

    def perform(self, action: str) -> None:
        self.moves = (*self.moves, action)

    def is_terminal(self) -> bool:
        return self.current_player() is None

    def result(self) -> Mapping[str, Any]:
        return {"winner": {("gamble", "help"): "A", ("gamble", "hurt"): "B"}.get(self.moves)}


def test_the_tree_follows_the_rule_books_seat_rather_than_branching() -> None:
    """Against a B that may choose, the gamble loses and A plays safe (a draw); when the rule book plays B
    and its bot always helps, the gamble wins and the search takes it."""
    helps = _Takes("help")
    assert [_nim_bot(seed, 60).choose(_Gamble(), "A") for seed in range(3)] == ["safe"] * 3
    free = Playout({"B": helps})
    assert [_nim_bot(seed, 60, free).choose(_Gamble(), "A") for seed in range(3)] == ["safe"] * 3
    fixed = Playout({"B": helps}, frozenset({"B"}))
    assert [_nim_bot(seed, 60, fixed).choose(_Gamble(), "A") for seed in range(3)] == ["gamble"] * 3


def test_modelling_the_rivals_plays_against_their_bot_rather_than_their_best() -> None:
    """B's playout bot always helps, but B is nobody's rule seat: searched as a rival B would hurt, so A plays
    safe; modelled as its bot B helps, and A gambles.  The seat the bot plays is still searched: A itself is
    never played by its own playout bot (which here would always play safe)."""
    helps = Playout({"A": _Takes("safe"), "B": _Takes("help")})
    assert [_nim_bot(seed, 60, helps).choose(_Gamble(), "A") for seed in range(3)] == ["safe"] * 3
    assert [_nim_bot(seed, 60, helps, model_rivals=True).choose(_Gamble(), "A") for seed in range(3)] == [
        "gamble"] * 3


def test_the_duel_models_its_rival_and_no_other_game_does() -> None:
    modelled = [game_type.name for game_type in registry() if game_type.search_models_rivals]
    assert modelled == ["mtg-rpg-duel"]
    bot = registry().get("mtg-rpg-duel").bot("search:10", Randomness.seeded(1))
    assert isinstance(bot, SearchBot) and bot.model_rivals


def test_a_cut_playout_is_scored_by_the_evaluation() -> None:
    """Seven hundred stones: no playout reaches the end within PLAYOUT_STEPS, so without an evaluation every
    playout is a draw; an evaluation that likes A's first take of 2 makes the search take 2."""
    assert PLAYOUT_STEPS < 700

    def likes_two(state: GameState[Any], seat: str) -> float:
        assert isinstance(state, _Nim)
        return float((state.first == 2) == (seat == "A"))

    assert [_nim_bot(seed, 6, evaluate=likes_two).choose(_Nim(700), "A") for seed in range(4)] == [2] * 4
    assert [_nim_bot(seed, 6).choose(_Nim(700), "A") for seed in range(4)] != [2] * 4


class _OneMove(_Choices):
    """A game of one move: A picks one of ``OPTIONS`` and the game ends."""

    OPTIONS: tuple[str, ...] = ()

    def current_player(self) -> str | None:
        return None if self.moves else "A"

    def legal_actions(self) -> list[str]:
        return [] if self.moves else list(self.OPTIONS)

    def perform(self, action: str) -> None:
        self.moves = (action,)

    def is_terminal(self) -> bool:
        return bool(self.moves)


class _Either(_OneMove):
    """A ends the game at once with "low" or "high", and nobody wins either way: only a standing (the
    game type's ``evaluate``) tells the two apart."""

    OPTIONS = ("low", "high")

    def result(self) -> Mapping[str, Any]:
        return {"winner": None}


def test_an_end_with_no_winner_is_scored_by_the_evaluation() -> None:
    """Without an evaluation both ends are draws and the playout bot's "low" stands; with one that puts A
    higher after "high", the search plays "high"."""
    def high_is_better(state: GameState[Any], seat: str) -> float:
        assert isinstance(state, _Either)
        return 0.8 if state.moves == ("high",) and seat == "A" else 0.2

    low = Playout({"A": _Takes("low"), "B": _Takes("low")})
    assert [_nim_bot(seed, 12, low).choose(_Either(), "A") for seed in range(4)] == ["low"] * 4
    assert [_nim_bot(seed, 12, low, evaluate=high_is_better).choose(_Either(), "A")
            for seed in range(4)] == ["high"] * 4


def test_the_registered_bot_plays_out_with_the_game_types_bots() -> None:
    """The banquet's playouts: the heuristic for the player nobles, the NPC rules (fixed) for the NPC."""
    game_type = registry().get("wizard-prince-banquet")
    banquet = game_type.new_game(Randomness.seeded(3))
    playout = game_type.playout(banquet, Randomness.seeded(1))
    assert {seat: bot.name for seat, bot in playout.bots.items()} == {
        "Ann": "heuristic", "Bob": "heuristic", "NPC 1": "npc"}
    assert playout.fixed == {"NPC 1"}
    race = registry().get("wizard-prince-race")
    assert race.playout(race.new_game(Randomness.seeded(1)), Randomness.seeded(1)).fixed == frozenset()


def test_the_registered_bot_is_reproducible_with_heuristic_playouts() -> None:
    game_type = registry().get("mage-wars-solo")
    game = game_type.new_game(Randomness.seeded(4))
    before = game.to_dict()
    choices = []
    for _ in range(2):
        bot = game_type.bot("search", Randomness.seeded(9))
        assert isinstance(bot, SearchBot)
        bot.playouts, bot.seconds = 12, None
        choices.append(bot.choose(game, "you"))
    assert choices[0] == choices[1] and choices[0] in game.legal_actions()
    assert game.to_dict() == before


def test_mage_wars_cut_playouts_are_scored_by_life_left() -> None:
    """Seed 003 Game End is a mage's damage reaching its life: the evaluation is the share of life left."""
    game_type = registry().get("mage-wars-solo")
    assert game_type.evaluate is not None
    game = game_type.new_game(Randomness.seeded(1))
    assert game_type.evaluate(game, "you") == 0.5
    game.units["dummy"].damage = game.units["dummy"].life // 2
    share = 1 - (game.units["dummy"].life // 2) / game.units["dummy"].life
    assert game_type.evaluate(game, "you") == 0.5 + (1 - share) / 2
    assert game_type.evaluate(game, "dummy") == 1 - game_type.evaluate(game, "you")


def test_a_planeswalker_battle_is_won_by_the_seats_of_the_winning_side() -> None:
    """The battle's result names a side ("party"); the search bot is rewarded by seat."""
    game_type = registry().get("planeswalker-battle")
    battle = game_type.new_game(Randomness.seeded(1))
    play_out(battle, {seat: game_type.bot("heuristic", Randomness.seeded(2)) for seat in battle.seats()})
    assert battle.result()["winner"] == "party"
    assert game_type.winners(battle) == ("you",)


def test_a_budget_too_small_to_tell_the_branches_apart_plays_the_heuristics_move() -> None:
    """Three playouts of a 95-way banquet decision try three moves once each: the bot keeps the heuristic's
    (the first branch) rather than whichever one playout happened to win."""
    game_type = registry().get("wizard-prince-banquet")
    banquet = _after("wizard-prince-banquet", 10, seed=7)
    assert banquet.current_player() == "Ann" and len(banquet.legal_actions()) == 95
    heuristic = game_type.bot("heuristic", Randomness.seeded(0)).choose(banquet, "Ann")
    for seed in range(6):
        bot = game_type.bot("search", Randomness.seeded(seed))
        assert isinstance(bot, SearchBot)
        bot.playouts, bot.seconds = 3, None
        assert bot.choose(banquet, "Ann") == heuristic


def test_a_few_playouts_keep_to_the_heuristics_move_unless_one_proves_better() -> None:
    """Eight playouts of the 95-way banquet decision: the progressive bias towards the playout bot's move keeps
    it (without the bias two of these six seeds followed a random alternative's lucky playouts)."""
    game_type = registry().get("wizard-prince-banquet")
    banquet = _after("wizard-prince-banquet", 10, seed=7)
    heuristic = game_type.bot("heuristic", Randomness.seeded(0)).choose(banquet, "Ann")
    for seed in range(6):
        bot = game_type.bot("search", Randomness.seeded(seed))
        assert isinstance(bot, SearchBot)
        bot.playouts, bot.seconds = 8, None
        assert bot.choose(banquet, "Ann") == heuristic


def test_a_registered_search_bot_takes_a_budget_in_playouts_or_seconds() -> None:
    """``search:N`` thinks N playouts with no clock (the lab's measure: the same choices at any load);
    ``search:Ts`` T seconds; a budget that is neither is refused in one line, like a misspelt bot."""
    game_type = registry().get("wizard-prince-race")
    bot = game_type.bot("search:30", Randomness.seeded(7))
    assert isinstance(bot, SearchBot) and (bot.playouts, bot.seconds) == (30, None)
    timed = game_type.bot("search:0.25s", Randomness.seeded(7))
    assert isinstance(timed, SearchBot) and timed.seconds == 0.25
    race = _after("wizard-prince-race", 2)
    first = bot.choose(race, "NPC 1")
    assert first == game_type.bot("search:30", Randomness.seeded(7)).choose(race, "NPC 1")
    for bad in ("search:0", "search:many", "search:-3", "search:s"):
        with pytest.raises(InputError, match="is not a budget"):
            game_type.bot(bad, Randomness.seeded(7))
    with pytest.raises(InputError, match="no bot called 'cautious:3'"):
        game_type.check_bot("cautious:3")


class _Coin(_OneMove):
    """A plays "steady" (wins on 50 of a d100) or "lucky" (wins on 52): "lucky" is better, by a margin that
    sixty playouts cannot tell from noise.  The dice are the state's own, so every copy rolls afresh."""

    OPTIONS = ("steady", "lucky")

    def __init__(self, moves: tuple[str, ...] = (), won: bool | None = None) -> None:
        super().__init__(moves)
        self.won = won

    def perform(self, action: str) -> None:
        super().perform(action)
        self.won = self.rng.source.below(100) < (50 if action == "steady" else 52)

    def result(self) -> Mapping[str, Any]:
        return {"winner": None if self.won is None else ("A" if self.won else "B")}

    def to_dict(self) -> dict[str, Any]:
        return {"moves": list(self.moves), "won": self.won, "log": []}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: Any = None) -> _Coin:
        return cls(tuple(raw["moves"]), raw["won"])


def test_caution_keeps_the_heuristics_move_unless_another_beats_it_by_the_margin() -> None:
    """With no caution the most visited move is played, however thin its lead (``lucky`` on some seeds,
    ``steady`` on others); with a caution of 3 standard errors sixty playouts never overrule the playout
    bot's ``steady``.  A sure win is still taken whatever the caution (Nim: its spread is nil)."""
    steady = Playout({"A": _Takes("steady"), "B": _Takes("steady")})
    bold = [_nim_bot(seed, 60, steady).choose(_Coin(), "A") for seed in range(8)]
    assert "lucky" in bold and "steady" in bold
    assert [_nim_bot(seed, 60, steady, caution=3.0).choose(_Coin(), "A") for seed in range(8)] == ["steady"] * 8
    ones = Playout({"A": _Takes(1), "B": _Takes(1)})
    assert [_nim_bot(seed, 20, ones, caution=3.0).choose(_Nim(2), "A") for seed in range(5)] == [2] * 5


def test_a_game_type_passes_its_caution_to_the_search_bot() -> None:
    bot = registry().get("planeswalker-battle").bot("search:10", Randomness.seeded(1))
    assert isinstance(bot, SearchBot) and bot.caution == registry().get("planeswalker-battle").search_caution > 0
    assert registry().get("wizard-prince-race").search_caution == 0
