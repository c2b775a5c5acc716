"""What the banquet and the campaign year declare alike as registered game types (issue 22).

Both are games of nobles filed under the ``wizard_prince`` system: a ``heuristic`` bot plays a noble from
what his seat sees, and an ``npc`` bot plays the NPC nobles by the seed's rules ("Optional Rules: NPC
Nobles"), which give it the whole state.  Each game keeps only what is its own: its names, state, options,
house rules, secrets, winners and its two bots' words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from magecraft.core.bots import Bot, BotSpec, Sees
from magecraft.core.randomness import Randomness
from magecraft.core.registry import GameType
from magecraft.core.state import GameState

#: A bot of a noble game: what it does in words, and how one is made (it takes the game itself as its state).
NobleBot = tuple[str, Callable[[], object]]


def _spec(name: str, bot: NobleBot, sees: Sees) -> BotSpec:
    """The bot registered under ``name``; the games' bots take the game itself (``choose(game, player)``):
    they are asked only of it."""
    description, make = bot
    return BotSpec(name, description, sees, lambda rng: cast(Bot, make()))


def noble_game(
    *,
    name: str,
    kind: str,
    title: str,
    description: str,
    state_class: type[GameState[Any]],
    options_class: type[Any],
    new: Callable[[Randomness, Any], GameState[Any]],
    setup: Callable[[Randomness, Mapping[str, Any]], GameState[Any]],
    settings_class: type[Any],
    plant_secret: Callable[[GameState[Any], str, str], GameState[Any] | None],
    rule_bots: Callable[[GameState[Any]], Mapping[str, str]],
    determinise: Callable[[GameState[Any], str, Randomness], GameState[Any]],
    winners: Callable[[GameState[Any]], tuple[str, ...]],
    heuristic: NobleBot,
    npc: NobleBot,
    evaluate: Callable[[GameState[Any], str], float] | None = None,
) -> GameType:
    """A Wizard-Prince game of nobles as a :class:`~magecraft.core.registry.GameType`: its ``heuristic`` bot
    sees its seat's observation, its ``npc`` bot (the seed's NPC noble) the whole state."""
    bots = {
        "heuristic": _spec("heuristic", heuristic, Sees.OBSERVATION),
        "npc": _spec("npc", npc, Sees.WHOLE_STATE),
    }
    return GameType(
        name=name, system="wizard_prince", kind=kind, title=title, description=description,
        state_class=state_class, options_class=options_class, new=new, setup=setup, bots=bots,
        settings_class=settings_class, plant_secret=plant_secret, rule_bots=rule_bots,
        determinise=determinise, winners=winners, evaluate=evaluate)
