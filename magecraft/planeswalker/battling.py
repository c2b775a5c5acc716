"""The battle as the rules of a turn see it (seed 001, "Combat Mechanics" 4-6): a protocol of
:class:`~magecraft.planeswalker.combat.Battle`'s state and hands.

:mod:`.phases`, :mod:`.responses` and :mod:`.engaging` take a :class:`Battling` -- the :class:`Field`, the
pervasive effects, the step to go back to, and the battle's own hands for turns, resolution and damage --
rather than importing ``Battle``, which composes them (and alone imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from magecraft.planeswalker.actions import Action, Step
from magecraft.planeswalker.combatants import Combatant
from magecraft.planeswalker.pervasive import Resolving
from magecraft.planeswalker.resolver import Resolver

if TYPE_CHECKING:
    from magecraft.planeswalker.effects import Ability
    from magecraft.planeswalker.pervasive import PervasiveEffects


class Battling(Resolving, Resolver, Protocol):
    """What a turn's actions, the response windows and locked combat read and call of the battle."""

    pervasive: PervasiveEffects
    resume: Step
    _legal: list[Action] | None

    def _begin_turn(self) -> None: ...
    def _end_turn(self) -> None: ...
    def _next_turn(self) -> None: ...
    def _check_over(self) -> bool: ...
    def _apply_effect(self, caster: Combatant, spell: Any, target_id: str, x: int) -> None: ...
    def _pay_ability(self, creature: Combatant, controller: Combatant | None, ability: Ability,
                     target_id: str = "") -> int: ...
    def _resolve_ability(self, pending: dict[str, Any]) -> None: ...
