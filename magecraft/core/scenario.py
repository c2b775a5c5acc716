"""Scenario files: a position from the rule book, scripted dice, actions as their words, facts to check.

One TOML format for every game type::

    game = "wizard-prince-race"        # a registered game type (magecraft games)
    seed = 3                           # seeded dice ...
    dice = [4, 6, 1]                   # ... or scripted dice, used in order (then the seed, if any)

    [options]                          # a new game from plain options ...
    drivers = ["Ann:heavy", "Bob:light"]

    [setup]                            # ... or a position in the rule book's words (the game's own keys)
    ...

    [[play]]                           # actions, as their words (GameState.action_text)
    action = "whip"
    player = "Ann"                     # optional: whose decision it must be
    [[play]]
    action = "drive 5"
    refused = "over maximum speed"     # optional: the action must be refused with these words

    [expect]                           # facts after the play, by dotted path
    player = "Bob"                     # whose decision it is now ("" when the game is over)
    terminal = false
    "state.chariots.0.square" = 12     # a path into to_dict()
    "result.winner" = "Ann"            # a path into result() (the game must be over)
    "events.crash" = 1                 # how many events of that kind were logged
    "legal" = ["whip", "drive 3"]      # the legal actions' words, or
    "legal_count" = 4

:func:`load_scenario` reads a file and refuses it whole (``InputError``, exit 2) when it is
malformed; :func:`run_scenario` plays it and returns the first expectation that fails, if any.

>>> text = 'game = "mage-wars-solo"\\n[expect]\\nterminal = 3\\n'
>>> load_scenario_text(text, "demo.toml").expect
(('terminal', 3),)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from magecraft.core.errors import InputError, MagecraftError

if TYPE_CHECKING:
    from magecraft.core.registry import GameType, Registry
    from magecraft.core.state import GameState

_TOP_KEYS = frozenset({"game", "seed", "dice", "options", "setup", "play", "expect", "description"})
_PLAY_KEYS = frozenset({"action", "player", "refused"})


@dataclass(frozen=True)
class Step:
    """One ``[[play]]`` entry: an action's words, whose turn it must be, and an expected refusal."""

    action: str
    player: str | None = None
    refused: str | None = None


@dataclass(frozen=True)
class Scenario:
    """A scenario file, read and checked for form (not yet for the rules: that is :func:`run_scenario`)."""

    source: str
    game: str
    seed: int | None
    dice: tuple[int, ...]
    options: Mapping[str, Any] | None
    setup: Mapping[str, Any] | None
    play: tuple[Step, ...]
    expect: tuple[tuple[str, Any], ...]
    description: str = ""


def _fail(source: str, message: str) -> InputError:
    return InputError(f"{source}: {message}")


def _steps(raw: Any, source: str) -> tuple[Step, ...]:
    if not isinstance(raw, list):
        raise _fail(source, "[[play]] must be an array of tables")
    steps = []
    for number, entry in enumerate(raw, 1):
        if not isinstance(entry, dict):
            raise _fail(source, f"play step {number} is not a table")
        unknown = sorted(set(entry) - _PLAY_KEYS)
        if unknown:
            raise _fail(source, f"play step {number}: unknown key {unknown[0]!r} (known: action, player, refused)")
        action = entry.get("action")
        if not isinstance(action, str) or not action.strip():
            raise _fail(source, f"play step {number} has no action text")
        for key in ("player", "refused"):
            if key in entry and not isinstance(entry[key], str):
                raise _fail(source, f"play step {number}: {key} must be text")
        steps.append(Step(action, entry.get("player"), entry.get("refused")))
    return tuple(steps)


def load_scenario_text(text: str, source: str) -> Scenario:
    """A scenario from TOML text; a malformed one is refused whole, naming what is wrong."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(source, f"not valid TOML ({exc})") from None
    unknown = sorted(set(raw) - _TOP_KEYS)
    if unknown:
        raise _fail(source, f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_TOP_KEYS))})")
    game = raw.get("game")
    if not isinstance(game, str):
        raise _fail(source, "'game' must name a game type (magecraft games)")
    seed = raw.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise _fail(source, "'seed' must be a whole number")
    dice = raw.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in dice):
        raise _fail(source, "'dice' must be a list of whole numbers")
    options, setup = raw.get("options"), raw.get("setup")
    if options is not None and setup is not None:
        raise _fail(source, "give [options] (a new game) or [setup] (a position), not both")
    for key, value in (("options", options), ("setup", setup)):
        if value is not None and not isinstance(value, dict):
            raise _fail(source, f"[{key}] must be a table")
    expect = raw.get("expect", {})
    if not isinstance(expect, dict):
        raise _fail(source, "[expect] must be a table")
    description = raw.get("description", "")
    if not isinstance(description, str):
        raise _fail(source, "'description' must be text")
    return Scenario(source, game, seed, tuple(dice), options, setup, _steps(raw.get("play", []), source),
                    tuple(expect.items()), description)


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file (``InputError`` when it cannot be read or is malformed)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read scenario {path}: {exc}") from None
    return load_scenario_text(text, str(path))


def randomness_for(scenario: Scenario) -> Any:
    """The scenario's dice: its script first (then failing when it runs out), else its seed."""
    from magecraft.core.randomness import Randomness

    if scenario.dice:
        return Randomness.scripted(scenario.dice, shuffle_seed=scenario.seed or 0)
    return Randomness.seeded(scenario.seed if scenario.seed is not None else 0)


def start(scenario: Scenario, registry: Registry) -> tuple[GameType, GameState[Any]]:
    """The scenario's game type and its starting state (its position, or a new game from its options)."""
    game_type = registry.get(scenario.game)
    rng = randomness_for(scenario)
    try:
        if scenario.setup is not None:
            state = game_type.setup(rng, scenario.setup)
        else:
            state = game_type.new_game(rng, scenario.options or {})
    except InputError as exc:
        raise _fail(scenario.source, str(exc)) from None
    return game_type, state


@dataclass(frozen=True)
class Outcome:
    """What came of running a scenario: the state it ended in and the first failed expectation."""

    state: GameState[Any]
    failure: str | None


def play_steps(state: GameState[Any], steps: Sequence[Step]) -> str | None:
    """Play ``steps`` on ``state``; the first step that went otherwise than written, in words."""
    from magecraft.core.errors import RuleError

    for number, step in enumerate(steps, 1):
        player = state.current_player()
        if step.player is not None and player != step.player:
            whose = player or "nobody"
            return f"play step {number} ({step.action!r}): it is {whose}'s decision, not {step.player}'s"
        try:
            state.push_text(step.action)
        except RuleError as exc:
            if step.refused is not None and step.refused.casefold() in str(exc).casefold():
                continue
            return f"play step {number} ({step.action!r}) was refused: {exc}"
        if step.refused is not None:
            return f"play step {number} ({step.action!r}) was played, but should be refused ({step.refused!r})"
    return None


def fact(state: GameState[Any], path: str) -> Any:
    """The fact at ``path`` (see the module docstring); ``KeyError`` names a path that is not there."""
    if path == "player":
        return state.current_player() or ""
    if path == "terminal":
        return state.is_terminal()
    if path == "legal":
        return [state.action_text(a) for a in state.legal_actions()] if not state.is_terminal() else []
    if path == "legal_count":
        return len(state.legal_actions()) if not state.is_terminal() else 0
    head, _, rest = path.partition(".")
    if head == "events" and rest:
        return len(state.log.of_kind(rest))
    roots: dict[str, Any] = {"state": state.to_dict, "result": state.result}
    if head not in roots or not rest:
        raise KeyError(path)
    value: Any = roots[head]()
    for part in rest.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.lstrip("-").isdigit() and -len(value) <= int(part) < len(value):
            value = value[int(part)]
        else:
            raise KeyError(path)
    return value


def check_expectations(state: GameState[Any], expect: Sequence[tuple[str, Any]]) -> str | None:
    """The first expectation ``state`` does not meet, in words (None when all are met)."""
    for path, wanted in expect:
        try:
            found = fact(state, path)
        except KeyError:
            return f"expected {path} = {wanted!r}, but there is no {path}"
        except MagecraftError as exc:
            return f"expected {path} = {wanted!r}, but {exc}"
        if isinstance(wanted, list) and isinstance(found, tuple):
            found = list(found)
        if found != wanted:
            return f"expected {path} = {wanted!r}, found {found!r}"
    return None


def run_scenario(scenario: Scenario, registry: Registry) -> Outcome:
    """Start the scenario, play its steps and check its expectations."""
    _, state = start(scenario, registry)
    failure = play_steps(state, scenario.play) or check_expectations(state, scenario.expect)
    return Outcome(state, failure)
