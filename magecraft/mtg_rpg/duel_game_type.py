"""The MtG RPG quick duel as a registered game type (``mtg-rpg-duel``).

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Quick Duels": "it will not be necessary to build the
entire spell-deck for the opposing Wizard. Simply use a truncated deck of 7 land and 14 spells", so a
new game gives each Wizard a truncated deck drawn from the shipped cards; the duel itself is
:class:`magecraft.mtg_rpg.duel.QuickDuel`, a position is :class:`~magecraft.mtg_rpg.duel_position.DuelPosition`.

>>> from magecraft.core.randomness import Randomness
>>> duel = DUEL.new_game(Randomness.seeded(1))
>>> duel.seats(), duel.kind
(('Sarin', 'Mord'), 'three-card')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from magecraft.core.bots import BotSpec, Sees
from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.search import fresh_dice, shuffled
from magecraft.core.state import GameState
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.duel import QuickDuel, truncated_deck
from magecraft.mtg_rpg.duel_player import SimplePlayer
from magecraft.mtg_rpg.duel_position import setup
from magecraft.mtg_rpg.duel_ritual import KINDS
from magecraft.mtg_rpg.duel_sides import Duellist


@dataclass(frozen=True)
class DuelOptions:
    """A new quick duel: the Wizards (two or more), the kind, the turns of a limited-turns duel, the victory
    condition, whether an ante is at stake, and every Wizard's life, hand size, DX and IQ (the referee's
    built-in opponent has 2 in every attribute: life 14, hand 4)."""

    wizards: tuple[str, ...] = ("Sarin", "Mord")
    kind: str = "three-card"
    turns: int = 0
    victory: str = "most life"
    ante: bool = False
    life: int = 14
    hand_size: int = 4
    dexterity: int = 2
    intelligence: int = 2


def new_duel(rng: Randomness, options: DuelOptions) -> QuickDuel:
    """Each Wizard with a truncated deck of the shipped cards ("Quick Duels"), then the duel's start."""
    if len(options.wizards) < 2:
        raise DataError("a duel needs two or more Wizards")
    if options.kind not in KINDS:
        raise DataError(f"unknown duel kind {options.kind!r} (one of {', '.join(KINDS)})")
    cards = list(builtin_pool())
    duellists = [Duellist(name, options.life, options.hand_size, options.dexterity, options.intelligence,
                          tuple(c.name for c in truncated_deck(cards, rng))) for name in options.wizards]
    first, second, *others = duellists
    return QuickDuel.start(first, second, options.kind, rng, turns=options.turns, victory=options.victory,
                           ante=options.ante, others=others)


def plant_secret(state: GameState[Any], seat: str, marker: str) -> QuickDuel | None:
    """A copy with the first card of ``seat``'s hand renamed ``marker`` (the hand is the Wizard's secret)."""
    assert isinstance(state, QuickDuel)
    raw = json.loads(json.dumps(state.to_dict()))
    side = next(s for s in raw["sides"] if s["name"] == seat)
    if not side["deck"]["hand"]:
        return None
    card = next(c for c in raw["cards"] if c["name"] == side["deck"]["hand"][0])
    raw["cards"].append({**card, "name": marker})
    side["deck"]["hand"][0] = marker
    return QuickDuel.from_dict(raw)


def determinise(state: GameState[Any], seat: str, rng: Randomness) -> QuickDuel:
    """A duel ``seat`` cannot tell from ``state``, for the search bot: the cards it has not seen (the other
    Wizards' hands and every library, its own included, whose order nobody knows) dealt again among those
    places, each keeping its size; its own hand and every graveyard stay as they are."""
    assert isinstance(state, QuickDuel)
    raw = json.loads(json.dumps(state.to_dict()))
    places = [side["deck"]["library"]["cards"] for side in raw["sides"]]
    places += [side["deck"]["hand"] for side in raw["sides"] if side["name"] != seat]
    unseen = shuffled([card for place in places for card in place], rng)
    for place in places:
        place[:], unseen = unseen[:len(place)], unseen[len(place):]
    raw["log"] = []
    fresh_dice(raw, rng)
    return QuickDuel.from_dict(raw)


DUEL = GameType(
    name="mtg-rpg-duel", system="mtg_rpg", kind="game", title="MtG RPG quick duel",
    description="a quick duel of the MtG RPG: Wizards play cards from hidden hands (seed 000, Quick Duels)",
    state_class=QuickDuel, options_class=DuelOptions, new=new_duel, setup=setup,
    bots={"heuristic": BotSpec("heuristic", "plays the strongest card, answers a threat of 2 or more",
                               Sees.OBSERVATION, SimplePlayer)},
    plant_secret=plant_secret, determinise=determinise,
    # a three-card duel is a few choices from a few cards, and searching the rival's choices as well as one's own
    # gave nothing over the heuristic (benchmarks/README.md, "At a playout budget"); modelling the rival as the
    # heuristic finds what it does badly, such as always asking to play first
    search_models_rivals=True)
