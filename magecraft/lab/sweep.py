"""A sweep: many seeded games of one game type, for each variant of the rules, played by named bots.

Every game is decided by its seed alone: game ``seed`` of a variant is played with
``Randomness.seeded(seed)`` and each seat's bot with ``Randomness.seeded(seed * 1000 + n)``, so a sweep
gives the same rows whether it runs serially, on a process pool of any size, or on a Ray cluster.

>>> spec = Sweep("mage-wars-solo", (Variant("book"),), bots=())
>>> spec.variant_names()
('book',)
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from magecraft.core.bots import play_out
from magecraft.core.errors import InputError
from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState

#: Result fields read as a game's length, in this order of preference.
LENGTH_FIELDS = ("rounds", "turns", "seasons", "days", "years", "laps")


@dataclass(frozen=True)
class Variant:
    """One version of the rules: the book's (no house rules) or a house-rules table by name."""

    name: str
    house_rules: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Sweep:
    """What to play: a game type, its variants, the bots by seat (others random), new-game options."""

    game: str
    variants: tuple[Variant, ...]
    bots: tuple[tuple[str, str], ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def variant_names(self) -> tuple[str, ...]:
        return tuple(v.name for v in self.variants)

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "bots": [list(b) for b in self.bots],
                           "options": dict(self.options),
                           "variants": [{"name": v.name, "house_rules": dict(v.house_rules)}
                                        for v in self.variants]}, sort_keys=True)


def new_game(sweep: Sweep, variant: Variant, seed: int) -> tuple[Any, GameState[Any]]:
    """The game type and the new game of ``variant`` for ``seed`` (house rules refused whole if wrong)."""
    from magecraft.games import registry

    game_type = registry().get(sweep.game)
    options = game_type.options(sweep.options)
    if variant.house_rules:
        if not any(f.name == "settings" for f in dataclasses.fields(options)):
            raise InputError(f"{game_type.name} takes no house rules")
        # a game's options carry its house rules as plain values, checked whole when the game is made
        options = dataclasses.replace(options, settings=dict(variant.house_rules))
    try:
        return game_type, game_type.new(Randomness.seeded(seed), options)
    except InputError as exc:
        raise InputError(f"variant {variant.name!r}: {exc}") from None


def _scalars(result: Mapping[str, Any]) -> dict[str, Any]:
    return {f"result.{k}": v for k, v in sorted(result.items())
            if isinstance(v, int | float | str | bool) or v is None}


def play_game(sweep: Sweep, variant_index: int, seed: int) -> dict[str, Any]:
    """One game of the sweep, as one row: variant, seed, bots, winners, length, the actions each seat took,
    result fields, each seat's standing where the game type has one (``GameType.evaluate``), event
    counts."""
    variant = sweep.variants[variant_index]
    game_type, state = new_game(sweep, variant, seed)
    chosen = dict(sweep.bots)
    names = {seat: chosen.get(seat, default) for seat, default in game_type.bots_for(state).items()}
    bots = {seat: game_type.bot(name, Randomness.seeded(seed * 1000 + n))
            for n, (seat, name) in enumerate(names.items())}
    by_seat: Counter[str] = Counter()
    actions = play_out(state, bots, on_action=lambda player, _: by_seat.update((player,)))
    result = state.result()
    length = next((result[k] for k in LENGTH_FIELDS if isinstance(result.get(k), int)), actions)
    row: dict[str, Any] = {
        "variant": variant.name, "seed": seed,
        "bots": ";".join(f"{seat}={bot}" for seat, bot in names.items()),
        "winners": "|".join(game_type.winners(state)), "length": length, "actions": actions,
    }
    # how much each seat acted at all: a seat that never acts cannot be judged by its bot
    row.update({f"actions.{seat}": by_seat[seat] for seat in names})
    row.update(_scalars(result))
    if game_type.evaluate is not None:
        # the rule book's standing, where a game has one: it tells bots apart where few games are won
        row.update({f"standing.{seat}": round(game_type.evaluate(state, seat), 4) for seat in state.seats()})
    row.update({f"events.{kind}": n for kind, n in sorted(Counter(e.kind for e in state.log).items())})
    return row


def play_chunk(sweep: Sweep, tasks: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Several games (``(variant index, seed)`` pairs), for one worker; in order."""
    return [play_game(sweep, variant, seed) for variant, seed in tasks]


def tasks(sweep: Sweep, seeds: range, done: Mapping[str, set[int]]) -> Iterator[tuple[int, int]]:
    """Every (variant, seed) still to play, variant by variant within each seed, skipping those done."""
    for seed in seeds:
        for index, variant in enumerate(sweep.variants):
            if seed not in done.get(variant.name, ()):
                yield index, seed
