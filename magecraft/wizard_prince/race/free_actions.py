"""Free actions, risky actions and the turnaround check ("Free Actions", "Risky Actions", "The Turnaround").

The moves of the free actions live here, as functions of the race's
:class:`~magecraft.wizard_prince.race.field.Field`; which of them are legal is worked out in
:meth:`~magecraft.wizard_prince.race.race.Race.legal_actions`.
"""

from __future__ import annotations

from magecraft.wizard_prince.nobles import saving_throw
from magecraft.wizard_prince.race.actions import Action, ChangeLanes, ScytheAttack, WhipHorses, WhipOpponent, words
from magecraft.wizard_prince.race.chariots import Chariot, charioteering_check, check_bonus, noble_settings
from magecraft.wizard_prince.race.crashes import hurt, scythe, wreck
from magecraft.wizard_prince.race.field import Field, Turn
from magecraft.wizard_prince.race.sections import FREE, RISKY, TURNAROUND


def free_action(race: Field, action: Action) -> None:
    """The first free action of a turn is free; each further one is risky ("Risky Actions")."""
    turn = race.turn
    assert turn is not None
    chariot = race.chariots[turn.name]
    attack_penalty = turn.risky
    if turn.actions >= 1:
        modifier = check_bonus(chariot, race.settings, "dexterity", "strength") - turn.risky
        turn.risky += 1
        if not charioteering_check(
            chariot, race.settings, race.rng, modifier, RISKY, f"a risky action ({words(action)})"
        ):
            wreck(race, chariot, "failed a risky action")
            return
    turn.actions += 1
    if isinstance(action, ChangeLanes):
        race.move_to(chariot, action.lane, action.index)
        race.log.record(
            "move",
            f"{chariot.name} changes to lane {action.lane + 1}",
            section=FREE,
            data={"chariot": chariot.name, "lane": action.lane, "index": action.index},
        )
    elif isinstance(action, WhipHorses):
        extra = race.rng.roll(6, f"{chariot.name} whips his horses", section=FREE)
        turn.moves_left += extra
        turn.whipped = True
        race.note_turnaround(chariot)   # whipped while in the turnaround: over maximum speed in it
    elif isinstance(action, ScytheAttack):
        scythe(race, chariot, race.chariots[action.target], attack_penalty)
    elif isinstance(action, WhipOpponent):
        _whip(race, chariot, race.chariots[action.target])


def _whip(race: Field, attacker: Chariot, target: Chariot) -> None:
    """An ordinary whip attack: 1d2 + Strength bonus, and a save (+1 Constitution 13+) or blinded (WR9-11)."""
    roll = race.rng.roll(20, f"{attacker.name}'s whip attack on {target.name}", section=FREE)
    if roll + attacker.driver.level < race.settings.whip_to_hit:
        race.log.record(
            "state",
            f"{attacker.name}'s whip misses {target.name}",
            section=FREE,
            data={"roll": roll, "level": attacker.driver.level, "needed": race.settings.whip_to_hit},
        )
        return
    damage = max(
        1,
        race.rng.roll(2, f"whip damage to {target.name}", section=FREE)
        + race.settings.strength_damage_bonus(attacker.stat("strength")),
    )
    race.log.record(
        "state",
        f"{attacker.name}'s whip hits {target.name} for {damage}",
        section=FREE,
        data={"damage": damage},
    )
    hurt(race, target, damage)
    if not target.running:
        return
    saved = saving_throw(
        target.driver,
        race.settings.whip_blind_save,
        noble_settings(race.settings.save_system, race.settings.d20_dc),
        race.rng,
        FREE,
        modifier=check_bonus(target, race.settings, "constitution"),
    )
    if not saved:
        target.blinded = True
        race.log.record(
            "state",
            f"{target.name} is blinded by blood: no action next turn but forward movement",
            section=FREE,
        )


def turnaround_check(race: Field, chariot: Chariot, turn: Turn) -> None:
    """ "This check is always made at the end of the turn, even if the driver has already exited the
    turnaround" ("The Turnaround", WR17)."""
    if chariot.running and turn.whipped and turn.turnaround_lane >= 0:
        modifier = check_bonus(
            chariot, race.settings, "dexterity", "strength"
        ) + race.track.turnaround_penalty(turn.turnaround_lane)
        if not charioteering_check(
            chariot,
            race.settings,
            race.rng,
            modifier,
            TURNAROUND,
            f"over maximum speed in the turnaround (lane {turn.turnaround_lane + 1})",
        ):
            wreck(race, chariot, "overturned in the turnaround")
