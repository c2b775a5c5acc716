"""Golden playthroughs: a whole seeded game written down as text, replayed to catch any change of rules.

After OpenSpiel's playthrough files.  A playthrough records the game type, its options, the seed, the
bots that chose, and then every action (as :meth:`GameState.action_text`) followed by every event it
logged, one JSON object a line::

    game: wizard-prince-race
    options: {}
    seed: 3
    bots: Ann=random, Bob=heuristic
    > Ann: whip
      {"kind": "roll", "label": "whip check", ...}

:func:`record` plays a game with bots and writes it; :func:`replay` plays the recorded action texts
again (no bot is asked: a bot's change of mind is not a change of rules) and returns the first line
that differs.  ``scripts/playthroughs.py`` regenerates the files under ``tests/playthroughs/`` so a
rules change shows as a reviewed diff.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from magecraft.core.bots import play_out
from magecraft.core.errors import InputError, MagecraftError
from magecraft.core.randomness import Randomness

if TYPE_CHECKING:
    from magecraft.core.registry import GameType, Registry
    from magecraft.core.state import GameState


@dataclass(frozen=True)
class Header:
    game: str
    options: Mapping[str, Any]
    seed: int
    bots: tuple[tuple[str, str], ...]

    def lines(self) -> list[str]:
        bots = ", ".join(f"{seat}={bot}" for seat, bot in self.bots)
        return [f"game: {self.game}", f"options: {json.dumps(dict(self.options), sort_keys=True)}",
                f"seed: {self.seed}", f"bots: {bots}"]


def _event_lines(state: GameState[Any], start: int) -> list[str]:
    log = state.log
    return ["  " + json.dumps(log[i].to_dict(), sort_keys=True, ensure_ascii=False)
            for i in range(start, len(log))]


def new_state(game_type: GameType, header: Header) -> GameState[Any]:
    return game_type.new_game(Randomness.seeded(header.seed), header.options)


class _Recording:
    """A bot whose every choice is written down in words at its decision, before it is applied."""

    def __init__(self, bot: Any, texts: list[str]) -> None:
        self.bot, self.texts, self.name = bot, texts, bot.name

    def choose(self, game: GameState[Any], player: str) -> Any:
        action = self.bot.choose(game, player)
        self.texts.append(game.action_text(action))
        return action


def bots_for(game_type: GameType, header: Header) -> dict[str, Any]:
    """The header's bots, each with dice of its own drawn from the playthrough's seed."""
    return {seat: game_type.bot(name, Randomness.seeded(header.seed * 1000 + n))
            for n, (seat, name) in enumerate(header.bots)}


def record(game_type: GameType, header: Header) -> str:
    """Play the game of ``header`` with its bots and write it down."""
    state = new_state(game_type, header)
    lines = header.lines() + _event_lines(state, 0)
    seen = len(state.log)
    texts: list[str] = []

    def note(player: str, _action: Any) -> None:
        nonlocal seen
        lines.append(f"> {player}: {texts.pop()}")
        lines.extend(_event_lines(state, seen))
        seen = len(state.log)

    bots = {seat: _Recording(bot, texts) for seat, bot in bots_for(game_type, header).items()}
    play_out(state, bots, on_action=note)
    lines.append("result: " + json.dumps(state.result(), sort_keys=True, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def read_header(text: str, source: str) -> Header:
    fields: dict[str, str] = {}
    for line in text.splitlines()[:4]:
        key, _, value = line.partition(": ")
        fields[key] = value
    try:
        bots = tuple(tuple(pair.split("=", 1)) for pair in fields["bots"].split(", ") if pair)
        return Header(fields["game"], json.loads(fields["options"]), int(fields["seed"]),
                      bots)  # type: ignore[arg-type]
    except (KeyError, ValueError) as exc:
        raise InputError(f"{source}: not a playthrough header ({exc})") from None


def replay(text: str, registry: Registry, source: str = "playthrough") -> str | None:
    """Replay a recorded playthrough; the first difference in words, or None when it plays the same."""
    header = read_header(text, source)
    game_type = registry.get(header.game)
    state = new_state(game_type, header)
    produced = header.lines() + _event_lines(state, 0)
    seen = len(state.log)
    for line in text.splitlines()[len(header.lines()):]:
        if not line.startswith("> "):
            continue
        player, _, words = line[2:].partition(": ")
        if state.current_player() != player:
            produced.append(f"> {state.current_player()}: (expected {player} to decide)")
            break
        try:
            state.push_text(words)
        except MagecraftError as exc:
            produced.append(f"> {player}: {words} (refused: {exc})")
            break
        produced.append(line)
        produced.extend(_event_lines(state, seen))
        seen = len(state.log)
    else:
        produced.append("result: " + json.dumps(state.result(), sort_keys=True, ensure_ascii=False))
    return _first_difference(text.splitlines(), produced)


def _first_difference(expected: list[str], produced: list[str]) -> str | None:
    for number, (want, got) in enumerate(zip(expected, produced, strict=False), 1):
        if want != got:
            return f"line {number}: expected\n    {want}\nbut the game now gives\n    {got}"
    if len(expected) != len(produced):
        shorter = "ends early" if len(produced) < len(expected) else "goes on"
        return f"line {min(len(expected), len(produced)) + 1}: the game now {shorter}"
    return None
