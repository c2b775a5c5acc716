"""The battle as the resolution's rule modules see it (seed 001, "Combat Mechanics" 5 "Casting").

:mod:`.lords`, :mod:`.control`, :mod:`.entering` and :mod:`.card_rulings` take a :class:`Resolver` -- the
combatants, their ranges, the counters that name new creatures, and the battle's own hands for damage,
removal and resolving effects -- rather than importing ``Battle`` or
:class:`~magecraft.planeswalker.resolution.Resolution`, which call them (and alone import them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.combatants import Combatant
from magecraft.planeswalker.settings import Settings

if TYPE_CHECKING:
    from magecraft.planeswalker.effects import Effect
    from magecraft.planeswalker.pervasive import PervasiveEffects

SECTION_CASTING = "Casting"


class Resolver(Protocol):
    """What resolving an effect reads and calls of the battle: who fights where, whose turn, the names the
    next summoned creature and token take, and the pervasive effects consulted."""

    pervasive: PervasiveEffects
    fighters: dict[str, Combatant]
    rng: Randomness
    settings: Settings
    order: list[str]
    ranges: dict[tuple[str, str], str]
    turn: int
    next_summon: int
    next_token: int
    lordly: bool
    watchers: bool

    def enemies(self, fid: str) -> list[Combatant]: ...
    def actor(self) -> Combatant: ...
    def _after_damage(self, fighter: Combatant) -> None: ...
    def _release(self, mage: Combatant, creature: str, permanent: str) -> None: ...
    def _grant(self, fighter: Combatant, keyword: str, *, until_end_of_turn: bool) -> bool: ...
    def _damage(self, target: Combatant, amount: int, colors: tuple[str, ...] = ()) -> int: ...
    def _destroy(self, target: Combatant, no_regenerate: bool) -> None: ...
    def _remove(self, creature: Combatant, how: str) -> None: ...
    def _resolve(self, source: Combatant, controller: Combatant, effects: tuple[Effect, ...], target_id: str,
                 x: int, name: str, colors: tuple[str, ...] | None = None) -> None: ...
