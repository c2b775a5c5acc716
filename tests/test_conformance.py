"""The checks every registered game type passes (after OpenSpiel's ``random_sim_test``).

Seeded games between random bots where, at every decision:

- the decision names the current player and offers the very actions ``legal_actions`` offers;
- every offered action's words are unique and read back to it (``parse_action(action_text(a)) == a``);
- every offered action passes ``check`` (probed on a sample of decisions, all of them on the first);
- a stale action (one offered at an earlier decision and not now) and a mutated one are refused with a
  ``RuleError`` and the state is byte-identical afterwards; an unknown text likewise;
- ``from_dict(to_dict())`` round-trips, and ``observation(p)`` of every seat is JSON-able;
- a secret planted for one seat never shows in another seat's observation;
- a finished game has a JSON-able ``result()``;
- ``chance_of`` of every offered action is None or a ``Chance`` between 0 and 1, and asking it changes
  nothing (issue 28: the state is byte-identical, nothing drawn from the dice).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from magecraft.core.bots import play_out
from magecraft.core.errors import RuleError
from magecraft.core.odds import Chance
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.state import GameState
from magecraft.games import registry

NAMES = registry().names()
SEEDS = (1, 2)
#: Every decision is probed in full for the first ones, then one in PROBE_EVERY (keeps the suite quick).
PROBE_FIRST, PROBE_EVERY = 12, 7


def frozen(state: GameState[Any]) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def mutated(action: Any) -> Any | None:
    """A copy of ``action`` with one field set to a value of its type that no rule should accept."""
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        for field in dataclasses.fields(action):
            value = getattr(action, field.name)
            for junk in _junk_for(value):
                try:
                    return dataclasses.replace(action, **{field.name: junk})
                except (TypeError, ValueError):
                    continue
    if isinstance(action, tuple) and hasattr(action, "_replace"):
        for name in action._fields:  # a NamedTuple
            for junk in _junk_for(getattr(action, name)):
                return action._replace(**{name: junk})
    return None


def _junk_for(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return []
    if isinstance(value, str):
        return ["no such thing"]
    if isinstance(value, int):
        return [987654]
    return []


def probe(state: GameState[Any], stale: list[Any]) -> None:
    decision = state.decision()
    assert decision is not None
    assert decision.player == state.current_player()
    actions = decision.actions
    assert actions, f"{decision.player} has a decision ({decision.kind}) with no legal action"
    assert list(actions) == list(state.legal_actions())
    texts = [state.action_text(a) for a in actions]
    assert len(set(t.casefold() for t in texts)) == len(texts), f"action words not unique: {texts}"
    for action, text in zip(actions, texts, strict=True):
        assert state.parse_action(text) == action, text
        state.check(action)
    before = frozen(state)
    for action in actions:
        chance = state.chance_of(action)
        assert chance is None or (isinstance(chance, Chance) and 0 <= chance.probability <= 1), chance
    assert frozen(state) == before, "asking chance_of changed the state"
    refused = [a for a in stale if a not in actions][:3]
    junk = [m for m in (mutated(a) for a in actions[:5]) if m is not None and m not in actions][:3]
    for action in refused + junk:
        with pytest.raises(RuleError):
            state.check(action)
        with pytest.raises(RuleError):
            state.apply(action)
        assert frozen(state) == before, f"refused {action!r} changed the state"
    with pytest.raises(RuleError):
        state.parse_action("no such action at all, surely")
    assert frozen(state) == before
    copy = type(state).from_dict(json.loads(before))
    assert frozen(copy) == before
    dice = json.dumps(state.rng.snapshot())  # the dice's state tells the rolls to come: nobody sees it
    for seat in state.seats():
        assert dice not in json.dumps(state.observation(seat)), f"{seat} sees the dice's state"


def check_secrets(game_type: GameType, state: GameState[Any]) -> int:
    """Plant a marker in each seat's secrets; it shows in that seat's observation only. Returns seats planted."""
    if game_type.plant_secret is None:
        return 0
    planted = 0
    for seat in state.seats():
        marker = f"SECRET-OF-{seat}-7f3a"
        changed = game_type.plant_secret(state, seat, marker)
        if changed is None:
            continue
        planted += 1
        assert marker in json.dumps(changed.observation(seat)), f"{seat} cannot see their own secret"
        for other in changed.seats():
            if other != seat:
                assert marker not in json.dumps(changed.observation(other)), f"{other} sees {seat}'s secret"
    return planted


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_keeps_every_promise(name: str, seed: int) -> None:
    game_type = registry().get(name)
    state = game_type.new_game(Randomness.seeded(seed))
    assert isinstance(state, game_type.state_class)
    seen: list[Any] = []
    decisions = 0
    planted = 0

    class Prober:
        name = "prober"

        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, game: GameState[Any], player: str) -> Any:
            nonlocal decisions, planted
            if decisions < PROBE_FIRST or decisions % PROBE_EVERY == 0:
                probe(game, seen)
            if decisions in (0, 5):
                planted += check_secrets(game_type, game)
            decisions += 1
            seen[:] = list(game.legal_actions())[:10]
            return self.bot.choose(game, player)

    names = game_type.bots_for(state)
    bots = {seat: Prober(game_type.bot(bot, Randomness.seeded(seed * 100 + n)))
            for n, (seat, bot) in enumerate(names.items())}
    play_out(state, bots, max_steps=20_000)
    assert state.is_terminal() and state.current_player() is None and state.decision() is None
    json.dumps(state.result())
    assert type(state).from_dict(json.loads(frozen(state))).to_dict() == state.to_dict()
    if game_type.plant_secret is not None:
        assert planted, f"{name} says it has secrets but none could be planted"


@pytest.mark.parametrize("name", NAMES)
def test_every_game_type_is_registered_whole(name: str) -> None:
    game_type = registry().get(name)
    assert game_type.name == name and game_type.description and game_type.title
    assert "random" in game_type.bots
    assert registry().for_save(game_type.system, game_type.kind) is game_type
    state = game_type.new_game(Randomness.seeded(5))
    assert state.seats() and set(game_type.bots_for(state)) == set(state.seats())


def test_no_two_game_types_share_where_they_are_saved() -> None:
    places = [(g.system, g.kind) for g in registry()]
    assert len(set(places)) == len(places) == 8
