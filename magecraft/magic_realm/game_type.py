"""The living realm (Magic Realm Expansion One) as a registered game type (``magecraft.games``).

Seats: the ``referee``, who plays the days and records what the base game's turns did, and each
character, who decides what the rules leave to him (12.4/1a, 9.3/3b, 2.3).  Bots: ``random`` and
``unattended`` (ruling MR31, :mod:`.bots`).  A game ends when every character is dead or after the last day,
the living characters with the most gold winning (ruling MR56).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from magecraft.core.bots import BotSpec, Sees
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.search import fresh_dice, shuffled
from magecraft.core.state import GameState
from magecraft.magic_realm.bots import UnattendedBot
from magecraft.magic_realm.days import REFEREE, RealmDays, secret_event
from magecraft.magic_realm.position import setup
from magecraft.magic_realm.sites import TRAP


@dataclass(frozen=True)
class RealmOptions:
    """A new realm: the characters placed as ``NAME@CLEARING[=GOLD]`` (the default: one Amazon, a small and
    quick game), who carries colour magic (12.2/1), whether the generator starts revealed, and the spells each
    character knows as ``NAME=SPELL,SPELL`` (ruling MR55: the only ones he casts on the board)."""

    characters: tuple[str, ...] = ("Amazon@Borderland 1",)
    colour_magic: tuple[str, ...] = ()
    generator_revealed: bool = False
    spells: tuple[str, ...] = ()


def new(rng: Randomness, options: RealmOptions) -> RealmDays:
    known = {name.strip(): [s.strip() for s in listed.split(",") if s.strip()]
             for name, _, listed in (text.partition("=") for text in options.spells)}
    return RealmDays.new(rng, list(options.characters), colour_magic=list(options.colour_magic),
                         generator_revealed=options.generator_revealed, spells=known)


def plant_secret(state: GameState[Any], seat: str, marker: str) -> GameState[Any] | None:
    """The referee's secret: a chit dealt face down on a tile (15.3-15.4), which no character sees.  What a
    character alone knows (gates located, paths found) the referee knows too: no seat's but his is planted."""
    if seat != REFEREE:
        return None
    raw = json.loads(json.dumps(state.to_dict()))
    chits = raw["setup"]["tile_chits"]
    chits[next(iter(chits))].append({"name": marker, "kind": "sound"})
    return RealmDays.from_dict(raw)


def determinise(state: GameState[Any], seat: str, rng: Randomness) -> RealmDays:
    """A realm ``seat`` cannot tell from ``state``, for the search bot: the face-down sites re-dealt.

    The minor treasure locations no one has found and the Trap while it lies hidden are chits "dealt face
    down" to the tiles (15.3-15.4): they are dealt again among the places such chits lie, and the sites follow
    their chits.  The referee sees everything (his view holds the dice too: they stay).  Left as they are
    (what this does not re-deal): the generator until it is revealed, the other characters' known gates,
    paths and Miracles and their recorded day.  The log is kept as ``seat`` reads it, and the dice are new.
    The search bot plays for the winners :meth:`RealmDays.winners` names (ruling MR56).
    """
    assert isinstance(state, RealmDays)
    raw = json.loads(json.dumps(state.to_dict()))
    if seat == REFEREE:   # his view is the whole state, the dice's too (the bot's playouts roll their own)
        return RealmDays.from_dict(raw)
    _redeal_sites(state, raw, rng)
    raw["log"] = [e for e in raw["log"] if not secret_event(e.get("kind"), e.get("label"), e.get("section"))]
    fresh_dice(raw, rng)
    return RealmDays.from_dict(raw)


def _redeal_sites(state: RealmDays, raw: dict[str, Any], rng: Randomness) -> None:
    sites = raw["sites"]
    minors = {m["name"]: m for m in sites["minors"]}
    slots: list[tuple[str, int]] = []
    for tile, chits in sorted(raw["setup"]["tile_chits"].items()):
        for i, chit in enumerate(chits):
            minor = minors.get(chit["name"]) if chit["kind"] == "minor treasure location" else None
            hidden_minor = minor is not None and minor["clearing"] is None and not minor["discovered_by"]
            if hidden_minor or (chit["name"] == TRAP and not sites["trap_revealed"]):
                slots.append((tile, i))
    chits_here = sorted((raw["setup"]["tile_chits"][t][i] for t, i in slots), key=lambda c: c["name"])
    for (tile, i), chit in zip(slots, shuffled(chits_here, rng), strict=True):
        raw["setup"]["tile_chits"][tile][i] = chit
        if chit["name"] == TRAP:
            sites["trap_tile"] = state.board.tile_index(tile)
            sites["trap_clearing"] = state.board.tile_clearings(sites["trap_tile"])[-1]
        else:
            minors[chit["name"]]["tile"] = tile


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
    determinise=determinise,
)
