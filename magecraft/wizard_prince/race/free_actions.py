"""Free actions, risky actions and the turnaround check ("Free Actions", "Risky Actions", "The Turnaround").

The moves of the free actions live here; which of them are legal is worked out in
:meth:`~magecraft.wizard_prince.race.race.Race.legal_actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magecraft.wizard_prince.nobles import saving_throw
from magecraft.wizard_prince.race.actions import ChangeLanes, ScytheAttack, WhipHorses, WhipOpponent, words
from magecraft.wizard_prince.race.chariots import Chariot, charioteering_check, check_bonus, noble_settings
from magecraft.wizard_prince.race.sections import FREE, RISKY, TURNAROUND

if TYPE_CHECKING:
    from magecraft.core.events import EventLog
    from magecraft.core.randomness import Randomness
    from magecraft.wizard_prince.race.actions import Action
    from magecraft.wizard_prince.race.race import Turn
    from magecraft.wizard_prince.race.settings import RaceSettings
    from magecraft.wizard_prince.race.track import Track


class FreeActionsMixin:
    """The free and risky actions of :class:`~magecraft.wizard_prince.race.race.Race`."""

    chariots: dict[str, Chariot]
    track: Track
    settings: RaceSettings
    rng: Randomness
    turn: Turn | None

    if TYPE_CHECKING:

        @property
        def log(self) -> EventLog: ...
        def _move_to(self, chariot: Chariot, lane: int, index: int) -> None: ...
        def _note_turnaround(self, chariot: Chariot) -> None: ...
        def _wreck(self, chariot: Chariot, cause: str) -> None: ...
        def _hurt(self, chariot: Chariot, damage: int) -> None: ...
        def _scythe(self, attacker: Chariot, defender: Chariot, penalty: int) -> None: ...

    def _free_action(self, action: Action) -> None:
        """The first free action of a turn is free; each further one is risky ("Risky Actions")."""
        turn = self.turn
        assert turn is not None
        chariot = self.chariots[turn.name]
        attack_penalty = turn.risky
        if turn.actions >= 1:
            modifier = check_bonus(chariot, self.settings, "dexterity", "strength") - turn.risky
            turn.risky += 1
            if not charioteering_check(
                chariot, self.settings, self.rng, modifier, RISKY, f"a risky action ({words(action)})"
            ):
                self._wreck(chariot, "failed a risky action")
                return
        turn.actions += 1
        if isinstance(action, ChangeLanes):
            self._move_to(chariot, action.lane, action.index)
            self.log.record(
                "move",
                f"{chariot.name} changes to lane {action.lane + 1}",
                section=FREE,
                data={"chariot": chariot.name, "lane": action.lane, "index": action.index},
            )
        elif isinstance(action, WhipHorses):
            extra = self.rng.roll(6, f"{chariot.name} whips his horses", section=FREE)
            turn.moves_left += extra
            turn.whipped = True
            self._note_turnaround(chariot)   # whipped while in the turnaround: over maximum speed in it
        elif isinstance(action, ScytheAttack):
            self._scythe(chariot, self.chariots[action.target], attack_penalty)
        elif isinstance(action, WhipOpponent):
            self._whip(chariot, self.chariots[action.target])

    def _whip(self, attacker: Chariot, target: Chariot) -> None:
        """An ordinary whip attack: 1d2 + Strength bonus, and a save (+1 Constitution 13+) or blinded (WR9-11)."""
        roll = self.rng.roll(20, f"{attacker.name}'s whip attack on {target.name}", section=FREE)
        if roll + attacker.driver.level < self.settings.whip_to_hit:
            self.log.record(
                "state",
                f"{attacker.name}'s whip misses {target.name}",
                section=FREE,
                data={"roll": roll, "level": attacker.driver.level, "needed": self.settings.whip_to_hit},
            )
            return
        damage = max(
            1,
            self.rng.roll(2, f"whip damage to {target.name}", section=FREE)
            + self.settings.strength_damage_bonus(attacker.stat("strength")),
        )
        self.log.record(
            "state",
            f"{attacker.name}'s whip hits {target.name} for {damage}",
            section=FREE,
            data={"damage": damage},
        )
        self._hurt(target, damage)
        if not target.running:
            return
        saved = saving_throw(
            target.driver,
            self.settings.whip_blind_save,
            noble_settings(self.settings.save_system, self.settings.d20_dc),
            self.rng,
            FREE,
            modifier=check_bonus(target, self.settings, "constitution"),
        )
        if not saved:
            target.blinded = True
            self.log.record(
                "state",
                f"{target.name} is blinded by blood: no action next turn but forward movement",
                section=FREE,
            )

    def _turnaround_check(self, chariot: Chariot, turn: Turn) -> None:
        """ "This check is always made at the end of the turn, even if the driver has already exited the
        turnaround" ("The Turnaround", WR17)."""
        if chariot.running and turn.whipped and turn.turnaround_lane >= 0:
            modifier = check_bonus(
                chariot, self.settings, "dexterity", "strength"
            ) + self.track.turnaround_penalty(turn.turnaround_lane)
            if not charioteering_check(
                chariot,
                self.settings,
                self.rng,
                modifier,
                TURNAROUND,
                f"over maximum speed in the turnaround (lane {turn.turnaround_lane + 1})",
            ):
                self._wreck(chariot, "overturned in the turnaround")
