"""The Imperial Banquet as a registered game type (``wizard-prince-banquet``, issue 22).

A new banquet from plain options (:class:`BanquetOptions`: the player nobles, how many NPC nobles to roll
up, the table's rulings), or from a position in the rule book's words (:class:`~.position.Position`, a
scenario's ``[setup]``).  The NPC nobles are played by the seed's rules ("Optional Rules: NPC Nobles"),
the registered ``npc`` bot, whatever the other seats are given.

>>> from magecraft.core.randomness import Randomness
>>> banquet = BANQUET.new_game(Randomness.seeded(1))
>>> banquet.seats(), BANQUET.bots_for(banquet)
(('Ann', 'Bob', 'NPC 1'), {'Ann': 'random', 'Bob': 'random', 'NPC 1': 'npc'})
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from magecraft.core.randomness import Randomness
from magecraft.core.search import fresh_dice, shuffled
from magecraft.core.state import GameState
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.bots import HeuristicBot, NpcNobleBot
from magecraft.wizard_prince.chits import the_cup
from magecraft.wizard_prince.noble_games import noble_game
from magecraft.wizard_prince.nobles import generate_npc_noble, nobles_from
from magecraft.wizard_prince.position import Position
from magecraft.wizard_prince.settings import Settings


@dataclass(frozen=True)
class BanquetOptions:
    """A new banquet: ``players`` (player nobles with the default sheet), ``npc`` NPC nobles rolled up as
    "Generating NPC Nobles" says, ``max_turns`` before the Emperor retires, and any other of the table's
    rulings in ``settings`` (:class:`~.settings.Settings` fields).  The defaults make a short banquet."""

    players: tuple[str, ...] = ("Ann", "Bob")
    npc: int = 1
    max_turns: int = 8
    settings: Mapping[str, Any] = field(default_factory=dict)


def new_banquet(rng: Randomness, options: BanquetOptions) -> Banquet:
    """A banquet at its start, the nobles about to choose their gates (The Imperial Banquet)."""
    settings = Settings.from_dict({"max_turns": options.max_turns, **dict(options.settings)})
    nobles = nobles_from(options.players) + [generate_npc_noble(f"NPC {i}", rng)
                                             for i in range(1, options.npc + 1)]
    return Banquet.new(nobles, rng, settings)


def setup_banquet(rng: Randomness, raw: Mapping[str, Any]) -> Banquet:
    """A banquet at the position a scenario's ``[setup]`` describes (:meth:`Position.from_mapping`)."""
    return Position.from_mapping(raw).banquet(rng)


def npc_seats(state: GameState[Any]) -> dict[str, str]:
    """The NPC nobles, played by the seed's NPC rules (the ``npc`` bot)."""
    assert isinstance(state, Banquet)
    return {name: "npc" for name, noble in state.nobles.items() if noble.npc}


def plant_secret(state: GameState[Any], seat: str, marker: str) -> Banquet | None:
    """A copy in which ``seat`` alone has snooped a courtier whose chit is ``marker`` (a SNOOP is seen by the
    snooper only): None when every courtier's chit is already known to someone else."""
    assert isinstance(state, Banquet)
    copy = Banquet.from_dict(json.loads(json.dumps(state.to_dict())))
    known_elsewhere = set(copy.public).union(*(set(v) for k, v in copy.knowledge.items() if k != seat))
    for noble in copy.nobles.values():
        known_elsewhere.update(noble.held)
    for piece in copy.courtiers():
        if piece.chit not in known_elsewhere:
            copy.chits[piece.chit] = replace(copy.chits[piece.chit], kind=marker)
            if piece.chit not in copy.knowledge[seat]:
                copy.knowledge[seat].append(piece.chit)
            return copy
    return None


def determinise(state: GameState[Any], seat: str, rng: Randomness) -> Banquet:
    """A banquet ``seat`` cannot tell from ``state``, for the search bot: the chits it has not seen re-dealt.

    "These are drawn randomly from a cup" (The Imperial Banquet): a chit under a courtier that ``seat`` has
    not snooped, and that no one has met or exposed, is drawn again from the cup less every chit ``seat`` has
    seen.  What the others snooped is kept only as far as ``seat`` saw it ("a SNOOP is seen only by the
    snooper and those he shows it to"), and the log only as ``seat`` reads it; the dice are new.  Everything
    is worked out from ``state.observation(seat)``'s parts, so two banquets ``seat`` sees alike give the same
    determinisation from the same ``rng``.
    """
    assert isinstance(state, Banquet)
    raw = state.to_dict()
    seen = set(state.public) | set(state.knowledge[seat])
    for noble in state.nobles.values():
        seen.update(noble.held)
    pool = Counter(the_cup())
    pool.subtract(Counter(c.kind for c in state.chits.values() if c.id in seen))
    hidden = [c["id"] for c in raw["chits"] if c["id"] not in seen]
    redealt = dict(zip(hidden, shuffled(sorted(pool.elements()), rng), strict=False))
    for chit in raw["chits"]:
        if chit["id"] in redealt:
            chit["kind"] = redealt[chit["id"]]
    raw["log"] = [e for e in raw["log"] if e["kind"] != "randomness"
                  and seat in e["data"].get("private_to", [seat])]
    chit_of = {p.id: p.chit for p in state.pieces.values()}
    knowledge: dict[str, list[str]] = {name: [] for name in state.nobles}
    knowledge[seat] = list(state.knowledge[seat])
    for event in raw["log"]:
        chit_id = chit_of.get(str(event["data"].get("courtier", "")))
        for viewer in event["data"].get("private_to", ()):
            if viewer != seat and chit_id and chit_id not in knowledge[viewer]:
                knowledge[viewer].append(chit_id)
    raw["knowledge"] = knowledge
    fresh_dice(raw, rng)
    return Banquet.from_dict(raw)


def winners(state: GameState[Any]) -> tuple[str, ...]:
    """The seed names no winner of a banquet: for the search bot, the nobles with the best
    :attr:`~.result.NobleOutcome.score` (a yardstick, not a rule), and none when every noble ties."""
    assert isinstance(state, Banquet)
    scores = {o.name: o.score for o in state.banquet_result().nobles}
    best = max(scores.values(), default=0)
    top = tuple(name for name, score in scores.items() if score == best)
    return () if len(top) == len(scores) else top


BANQUET = noble_game(
    name="wizard-prince-banquet", kind="game", title="Imperial Banquet",
    description="Wizard-Prince's Imperial Banquet: nobles mingle, snoop and interfere until the Emperor retires",
    state_class=Banquet, options_class=BanquetOptions, new=new_banquet, setup=setup_banquet,
    settings_class=Settings, plant_secret=plant_secret, rule_bots=npc_seats, determinise=determinise,
    winners=winners,
    heuristic=("snoops nearby courtiers, collects the good ones it knows, brings them to the Emperor",
               HeuristicBot),
    npc=("the seed's NPC noble: plays his rolled action to thwart the player nobles", NpcNobleBot))
