"""The living realm (Magic Realm Expansion One) as a registered game type (``magecraft.games``).

Seats: the ``referee``, who plays the days and records what the base game's turns did, and each
character, who decides what the rules leave to him (12.4/1a, 9.3/3b, 2.3).  Bots: ``random`` and
``unattended`` (ruling MR31, :mod:`.bots`).  A game ends when every character is dead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.bots import BotSpec, Sees
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.state import GameState
from magecraft.magic_realm.bots import UnattendedBot
from magecraft.magic_realm.days import REFEREE, RealmDays
from magecraft.magic_realm.position import setup


@dataclass(frozen=True)
class RealmOptions:
    """A new realm: the characters placed as ``NAME@CLEARING[=GOLD]`` (the default: one Amazon, a small and
    quick game), who carries colour magic (12.2/1), and whether the generator starts revealed."""

    characters: tuple[str, ...] = ("Amazon@Borderland 1",)
    colour_magic: tuple[str, ...] = ()
    generator_revealed: bool = False


def new(rng: Randomness, options: RealmOptions) -> RealmDays:
    return RealmDays.new(rng, list(options.characters), colour_magic=list(options.colour_magic),
                         generator_revealed=options.generator_revealed)


def plant_secret(state: GameState[Any], seat: str, marker: str) -> GameState[Any] | None:
    """The referee's secret: a chit dealt face down on a tile (15.3-15.4), which no character sees.  What a
    character alone knows (gates located, paths found) the referee knows too: no seat's but his is planted."""
    if seat != REFEREE:
        return None
    raw = json.loads(json.dumps(state.to_dict()))
    chits = raw["setup"]["tile_chits"]
    chits[next(iter(chits))].append({"name": marker, "kind": "sound"})
    return RealmDays.from_dict(raw)


def rule_bots(state: GameState[Any]) -> Mapping[str, str]:
    """No seat is played by the rule book itself: the referee and the characters are people."""
    return {}


REALM = GameType(
    name="magic-realm",
    system=RealmDays.system,
    kind="game",
    title="living Magic Realm",
    description="Magic Realm Expansion One: travellers, monster generators and guilds, day by day, "
                "with the referee recording the base game",
    state_class=RealmDays,
    options_class=RealmOptions,
    new=new,
    setup=setup,
    bots={"unattended": BotSpec("unattended", "a realm left unattended: ruling MR31 (the oldest pod, the first "
                                "character, the lowest clearing), else the next day", Sees.OBSERVATION,
                                UnattendedBot)},
    plant_secret=plant_secret,
    rule_bots=rule_bots,
)
