"""The race as a GameState: round trips, random legal and illegal actions, seeded bot races, the bots."""

from __future__ import annotations

import json
from collections import Counter

from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.race.actions import (
    Action,
    Advance,
    Bet,
    ChangeLanes,
    Defer,
    EndTurn,
    Go,
    ScytheAttack,
    StartRace,
    WhipHorses,
    WhipOpponent,
)
from magecraft.wizard_prince.race.bots import AggressiveBot, Bot, CautiousBot, bot_race, play
from magecraft.wizard_prince.race.chariots import Entrant
from magecraft.wizard_prince.race.race import Race

ENTRANTS = [Entrant("Ann", "heavy"), Entrant("Bob", "light"), Entrant("Cy", "heavy"), Entrant("Di", "light")]


def _invariants(race: Race) -> None:
    squares = [race.track.squares[c.lane][c.index] for c in race.chariots.values() if c.on_track]
    assert len(squares) == len(set(squares)) == len(race.occupied)
    assert sum(1 for c in race.chariots.values() if c.status == "finished") <= 1
    for c in race.chariots.values():
        assert c.crossings <= race.track.laps + 1


def _illegal(race: Race) -> list[Action]:
    names = list(race.chariots)
    return [Advance(0), Advance(-2), Advance(40), ChangeLanes(3, 0), ChangeLanes(0, 5), ScytheAttack("Nobody"),
            WhipOpponent(names[0]), WhipOpponent("Nobody"), Go(), Defer(), EndTurn(), StartRace(), WhipHorses(),
            Bet("Ann", "Bob", 10)]


def test_random_legal_and_illegal_actions():
    """Twenty races driven by random picks (through a seeded ``Randomness``): every offered action is
    accepted, every action not offered is refused and changes nothing, and the race always ends."""
    for seed in range(20):
        race = Race.new(ENTRANTS, Randomness.seeded(seed))
        picker = Randomness.seeded(1000 + seed)
        race.apply(StartRace())
        for _ in range(5000):
            if race.is_terminal():
                break
            legal = race.legal_actions()
            assert legal, "a race under way always offers an action"
            if picker.roll(4, "try an illegal action") == 1:
                bad = picker.choice(_illegal(race), "illegal action")
                if bad not in legal:
                    before = json.dumps(race.to_dict())
                    try:
                        race.apply(bad)
                    except RuleError:
                        assert json.dumps(race.to_dict()) == before
                    else:
                        raise AssertionError(f"{bad} was accepted but not offered")
            race.apply(picker.choice(legal, "legal action"))
            _invariants(race)
        assert race.is_terminal()


def test_200_seeded_bot_races_finish_and_the_same_seed_gives_the_same_bytes():
    endings: Counter[str] = Counter()
    for seed in range(200):
        race = bot_race(seed)
        assert race.is_terminal()
        _invariants(race)
        endings[race.ended] += 1
        result = race.result()
        assert [p["place"] for p in result["placings"]] == [1, 2, 3, 4]
    assert endings["first across the line after three laps"] > 100
    assert json.dumps(bot_race(7).result()) == json.dumps(bot_race(7).result())
    assert bot_race(7).log.to_jsonl() == bot_race(7).log.to_jsonl()


def test_a_race_round_trips_and_plays_on_identically():
    race = Race.new(ENTRANTS, Randomness.seeded(21))
    bots: dict[str, Bot] = {n: (AggressiveBot() if i % 2 else CautiousBot()) for i, n in enumerate(race.chariots)}
    race.apply(StartRace())
    for _ in range(30):
        player = race.current_player() or ""
        race.apply(bots[player].choose(race, player))
    saved = json.loads(json.dumps(race.to_dict()))
    copy = Race.from_dict(saved)
    assert copy.to_dict() == race.to_dict() and copy.legal_actions() == race.legal_actions()
    play(race, bots)
    play(copy, bots)
    assert copy.to_dict() == race.to_dict()


def test_a_damaged_save_is_refused():
    race = bot_race(3)
    saved = race.to_dict()
    for broken in ({**saved, "kind": "game"}, {**saved, "phase": "resting"},
                   {**saved, "chariots": [{**saved["chariots"][0], "lane": 9}, *saved["chariots"][1:]]},
                   {**saved, "order": ["Nobody"]}, {k: v for k, v in saved.items() if k != "book"}):
        try:
            Race.from_dict(broken)
        except DataError:
            continue
        raise AssertionError("a damaged race was read")


def test_the_observation_hides_only_the_dice_to_come():
    race = bot_race(5)
    seen = race.observation("NPC 1")
    assert "rng" not in seen and "log" not in seen and seen["chariots"] == race.to_dict()["chariots"]


class Recording(Bot):
    def __init__(self, inner: Bot, seen: Counter[str]) -> None:
        self.inner, self.seen = inner, seen

    def choose(self, race: Race, player: str) -> Action:
        action = self.inner.choose(race, player)
        assert action in race.legal_actions()
        turn = race.turn
        if turn is not None and turn.actions >= 1 and not isinstance(action, Advance | EndTurn):
            self.seen["risky"] += 1
        self.seen[type(action).__name__] += 1
        return action


def test_the_aggressive_bot_whips_and_scythes_the_cautious_one_takes_no_risks():
    cautious: Counter[str] = Counter()
    aggressive: Counter[str] = Counter()
    for seed in range(30):
        entrants = [Entrant("A", "heavy"), Entrant("B", "heavy"), Entrant("C", "light"), Entrant("D", "light")]
        race = Race.new(entrants, Randomness.seeded(seed))
        play(race, {"A": Recording(CautiousBot(), cautious), "C": Recording(CautiousBot(), cautious),
                    "B": Recording(AggressiveBot(), aggressive), "D": Recording(AggressiveBot(), aggressive)})
    assert cautious["risky"] == cautious["WhipHorses"] == cautious["WhipOpponent"] == cautious["ScytheAttack"] == 0
    assert aggressive["ScytheAttack"] > 0 and aggressive["WhipOpponent"] > 0 and aggressive["WhipHorses"] > 0
    assert aggressive["risky"] > 0
