"""The game-state shape, exercised on a tiny dice race written the way every system writes its game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.core.errors import RuleError
from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState


@dataclass(frozen=True)
class Advance:
    player: str
    dice: int  # how many d6 to roll: 1 or 2


class Step(Enum):
    RUN = "run"


class Race(GameState[Advance]):
    """Two runners take turns rolling 1 or 2 dice; 2 dice cost the runner 1 step; first to 12 wins."""

    system = "test"

    def __init__(self, rng: Randomness, positions: dict[str, int] | None = None, turn: str = "A") -> None:
        self.rng = rng
        self.positions = positions or {"A": 0, "B": 0}
        self.turn = turn

    def seats(self) -> tuple[str, ...]:
        return ("A", "B")

    def current_player(self) -> str | None:
        return None if self.is_terminal() else self.turn

    def decision_kind(self) -> Step:
        return Step.RUN

    def action_text(self, action: Advance) -> str:
        return f"roll {action.dice}"

    def observation(self, player: str) -> dict[str, Any]:
        return {"positions": dict(self.positions), "turn": self.turn}

    def legal_actions(self) -> list[Advance]:
        return [] if self.is_terminal() else [Advance(self.turn, 1), Advance(self.turn, 2)]

    def check(self, action: Advance) -> None:
        if self.is_terminal():
            raise RuleError("the race is over", rule="End")
        if action.player != self.turn:
            raise RuleError(f"it is {self.turn}'s turn, not {action.player}'s", rule="Turn order")
        if action.dice not in (1, 2):
            raise RuleError("roll 1 or 2 dice", rule="Movement")

    def perform(self, action: Advance) -> None:
        roll = self.rng.dice(f"{action.dice}d6", f"{action.player}'s run").total
        self.positions[action.player] += roll - (action.dice - 1)
        self.log.record("state", f"{action.player} runs", data={"to": self.positions[action.player]})
        self.turn = "B" if self.turn == "A" else "A"

    def is_terminal(self) -> bool:
        return max(self.positions.values()) >= 12

    def result(self) -> Mapping[str, Any]:
        return {"winner": max(self.positions, key=lambda p: self.positions[p]) if self.is_terminal() else None}

    def to_dict(self) -> dict[str, Any]:
        return {"positions": dict(self.positions), "turn": self.turn, "rng": self.rng.snapshot(),
                "log": self.log.to_list()}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Race:
        return cls(Randomness.restore(raw["rng"], EventLog.from_list(raw["log"])), dict(raw["positions"]),
                   raw["turn"])


@pytest.mark.parametrize(("action", "rule"), [(Advance("B", 1), "Turn order"), (Advance("A", 3), "Movement")])
def test_illegal_action_names_the_rule_and_changes_nothing(action, rule):
    race = Race(Randomness.scripted([3, 4]))
    race.apply(Advance("A", 1))
    before = race.to_dict()
    with pytest.raises(RuleError) as info:
        race.apply(Advance("A", 1) if rule == "Turn order" else Advance("B", 3))
    assert info.value.rule == rule
    assert race.to_dict() == before


def test_apply_moves_and_passes_the_turn():
    race = Race(Randomness.scripted([5, 6, 2]))
    race.apply(Advance("A", 2))
    assert race.positions == {"A": 10, "B": 0}
    assert race.current_player() == "B"


def test_terminal_state_refuses_further_actions():
    race = Race(Randomness.scripted([]), {"A": 12, "B": 3})
    assert race.is_terminal() and race.current_player() is None and race.legal_actions() == []
    assert race.result() == {"winner": "A"}
    with pytest.raises(RuleError, match="End: the race is over"):
        race.apply(Advance("A", 1))


@settings(max_examples=30)
@given(seed=st.integers(0, 10_000), choices=st.lists(st.sampled_from([1, 2]), min_size=1, max_size=30))
def test_round_trip_is_exact_and_resumes_identically(seed, choices):
    race = Race(Randomness.seeded(seed))
    for n in choices:
        if race.is_terminal():
            break
        race.apply(Advance(race.turn, n))
        copy = Race.from_dict(race.to_dict())
        assert copy.to_dict() == race.to_dict()
    if not race.is_terminal():
        resumed = Race.from_dict(race.to_dict())
        race.apply(Advance(race.turn, 1))
        resumed.apply(Advance(resumed.turn, 1))
        assert resumed.to_dict() == race.to_dict()
