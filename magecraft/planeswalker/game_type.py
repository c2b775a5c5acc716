"""The Planeswalker battle as a registered game type (``planeswalker-battle``).

Seed 001 ("Planeswalker RPG"), "Combat Mechanics": a player character (a ready-made mage of
``data/opponents.toml`` here, or a party of them) against creatures of the Ninth Edition pool and perhaps
an enemy mage.  The battle is :class:`magecraft.planeswalker.combat.Battle`; a position is
:class:`magecraft.planeswalker.position.BattlePosition`.

>>> from magecraft.core.randomness import Randomness
>>> battle = BATTLE.new_game(Randomness.seeded(1))
>>> sorted(battle.seats()), battle.fighters["you"].name
(['c1', 'you'], 'Kiora the Wanderer')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from magecraft.core.bots import BotSpec, Sees
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.search import fresh_dice, shuffled
from magecraft.core.settings import dataclass_from_dict
from magecraft.core.state import GameState
from magecraft.planeswalker.actions import Action
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.position import setup
from magecraft.planeswalker.settings import Settings


@dataclass(frozen=True)
class BattleOptions:
    """A new battle: the hero and the party's other characters (ready-made mages by name), the creatures
    (Ninth Edition names), an enemy mage ("" for none), whether it begins in close combat, house rules."""

    hero: str = "Kiora the Wanderer"
    creatures: tuple[str, ...] = ("Grizzly Bears",)
    enemy_mage: str = ""
    party: tuple[str, ...] = ()
    close: bool = False
    settings: dict[str, Any] | None = None


def new_battle(rng: Randomness, options: BattleOptions) -> Battle:
    from magecraft.planeswalker.bot import ready_mage

    settings = dataclass_from_dict(Settings, options.settings or {}, "the battle's house rules")
    ranges = None
    if options.close:
        ranges = {f"c{i}": "close" for i in range(1, len(options.creatures) + 1)} | {"mage": "close"}
    return Battle.start(ready_mage(options.hero), list(options.creatures), rng,
                        enemy_mage=ready_mage(options.enemy_mage) if options.enemy_mage else None,
                        settings=settings, ranges=ranges, party=[ready_mage(m) for m in options.party])


class PolicyBot:
    """The documented policy (docs/rulings.md PW19, :mod:`magecraft.planeswalker.bot`): seed 001 gives no
    opponent behaviour, so the referee plays creatures and enemy mages by it -- and ``--auto`` plays the
    player characters by it too.  It reads the whole battle (``Sees.WHOLE_STATE``), as the referee running
    the foes does: another mage's Memory counts, the creatures' Life."""

    name = "heuristic"

    def __init__(self, rng: Randomness | None = None) -> None:
        del rng  # the policy is deterministic

    def choose(self, state: GameState[Any], player: str) -> Action:
        from magecraft.planeswalker.bot import choose

        assert isinstance(state, Battle)
        return choose(state)


def plant_secret(state: GameState[Any], seat: str, marker: str) -> Battle | None:
    """A copy with ``marker`` as a spell in ``seat``'s Memory (a mage's Memory is hidden from the others)."""
    assert isinstance(state, Battle)
    raw = json.loads(json.dumps(state.to_dict()))
    fighter = next(f for f in raw["fighters"] if f["id"] == seat)
    if fighter["kind"] != "mage" or state.fighters[seat].out is not None:
        return None
    fighter["memory"].append(marker)
    return Battle.from_dict(raw)


def determinise(state: GameState[Any], seat: str, rng: Randomness) -> Battle:
    """A battle ``seat`` cannot tell from ``state``, for the search bot: every other mage's Memory and Library
    (the others see only how many spells each holds) dealt again from the two together, each keeping its
    size."""
    assert isinstance(state, Battle)
    raw = json.loads(json.dumps(state.to_dict()))
    for fighter in raw["fighters"]:
        if fighter["kind"] != "mage" or fighter["id"] == seat:
            continue
        spells = shuffled(fighter["memory"] + fighter["library"], rng)
        kept = len(fighter["memory"])
        fighter["memory"], fighter["library"] = spells[:kept], spells[kept:]
    raw["log"] = []
    fresh_dice(raw, rng)
    return Battle.from_dict(raw)


def winners(state: GameState[Any]) -> tuple[str, ...]:
    """The seats of the side that won (``result()`` names a side, "party" or "foes", not a seat)."""
    assert isinstance(state, Battle)
    side = state.result().get("winner")
    return tuple(seat for seat in state.seats() if state.fighters[seat].side == side)


BATTLE = GameType(
    name="planeswalker-battle", system="planeswalker", kind="game", title="Planeswalker battle",
    description="a Planeswalker RPG battle: mages and creatures turn by turn (seed 001, Combat Mechanics)",
    state_class=Battle, options_class=BattleOptions, new=new_battle, setup=setup,
    bots={"heuristic": BotSpec("heuristic", "the documented policy the referee plays the foes by (PW19)",
                               Sees.WHOLE_STATE, PolicyBot)},
    settings_class=Settings, plant_secret=plant_secret, determinise=determinise, winners=winners,
    # the documented policy is strong (Kiora wins 72.8% of battles against the Goblin Pyromancer by it) and a
    # battle's dice are wild: a hundred playouts overrule its move only on a margin of three standard errors
    # (without: 49.1%, the luckiest of a dozen near-equal channel choices; benchmarks/README.md, "Search bot")
    search_caution=3.0)
