"""The Scythe Attack table, crashes and their chains, wrecks and dragged drivers.

Seed 004, "Scythe Attack Table (D20)", "Crashes", "Risky Actions" and "Initiative and Movement"
(dismounted drivers run over).  The table is data (``data/tables/wp_scythe_attack.toml``); each row
names an ``effect`` this module carries out.  Random moves ("Chariot Out of Control", and the push
both chariots get in a crash) wait in a queue and are resolved in order, so a crash that shoves one
chariot into another starts the next link of the chain (WR15).  Functions of the race's
:class:`~magecraft.wizard_prince.race.field.Field`, called by :class:`~magecraft.wizard_prince.race.race.Race`.
"""

from __future__ import annotations

from collections import deque

from magecraft.core.tables import get_table
from magecraft.wizard_prince.race.actions import Phase
from magecraft.wizard_prince.race.chariots import Chariot, charioteering_check, check_bonus
from magecraft.wizard_prince.race.field import Field
from magecraft.wizard_prince.race.sections import CRASHES, MOVEMENT, SCYTHE

#: "Nominate each of the four surrounding sides as 1-4" (WR13).
SIDES = ("ahead", "to the right", "behind", "to the left")
#: Guards a run of "Wheels Locked" rolls (each rolls again for both chariots).
MAX_LOCKED_DEPTH = 50


# -- the Scythe Attack ------------------------------------------------------------------
def scythe(race: Field, attacker: Chariot, defender: Chariot, penalty: int) -> None:
    """ "The attack is successful if the attacker succeeds at the check, and the defender fails."

    The attacker's check carries his risky-action penalty so far this turn, the defender's only his
    Dexterity and Strength bonuses (WR12).
    """
    settings = race.settings
    attack = charioteering_check(
        attacker,
        settings,
        race.rng,
        check_bonus(attacker, settings, "dexterity", "strength") - penalty,
        SCYTHE,
        f"a scythe attack on {defender.name}",
    )
    defend = charioteering_check(
        defender,
        settings,
        race.rng,
        check_bonus(defender, settings, "dexterity", "strength"),
        SCYTHE,
        f"defending against {attacker.name}'s scythes",
    )
    if not attack or defend:
        race.rng.log.record(
            "state", f"{attacker.name}'s scythe attack on {defender.name} fails", section=SCYTHE
        )
        return
    queue: deque[Chariot] = deque()
    _table(race, defender, (attacker, defender), queue, push_on_loss_of_control=True)
    _resolve(race, queue)


def _table(race: Field,
    chariot: Chariot,
    involved: tuple[Chariot, ...],
    queue: deque[Chariot],
    push_on_loss_of_control: bool,
    depth: int = 0,
) -> None:
    """Roll on the Scythe Attack table for ``chariot`` (+2 for a light chariot) and carry out the row."""
    if race.phase is not Phase.RACING or depth > MAX_LOCKED_DEPTH:
        return
    modifier = 2 if chariot.kind == "light" else 0
    row = get_table("wp_scythe_attack").roll(
        race.rng,
        modifier,
        label=f"Scythe Attack table for {chariot.name}" + (" (+2, light chariot)" if modifier else ""),
    )
    effect = row.data["effect"]
    race.rng.log.record(
        "state",
        f"{chariot.name}: {row.result}",
        section=SCYTHE,
        data={"chariot": chariot.name, "effect": effect, "total": row.total},
    )
    if effect == "wheels_locked":
        for each in involved:
            _table(race, each, involved, queue, push_on_loss_of_control, depth + 1)
    elif effect == "stunned":
        chariot.restrained_round = race.round + 1
    elif effect == "out_of_control":
        chariot.restrained_round = race.round + 1
        if push_on_loss_of_control:
            queue.append(chariot)
    elif effect == "wheel_damaged":
        chariot.wheel_damaged = True
    elif effect == "wrecked":
        wreck(race, chariot, "wrecked on the Scythe Attack table")


# -- crashes ------------------------------------------------------------------------------
def crash_into_chariot(race: Field, chariot: Chariot, other: Chariot) -> None:
    """Both roll on the table, then "both are moved one space randomly" (WR14)."""
    race.rng.log.record(
        "state",
        f"{chariot.name} crashes into {other.name}",
        section=CRASHES,
        data={"chariot": chariot.name, "into": other.name},
    )
    queue: deque[Chariot] = deque()
    _collide(race, chariot, other, queue)
    _resolve(race, queue)


def _collide(race: Field, chariot: Chariot, other: Chariot, queue: deque[Chariot]) -> None:
    """ "both are moved one space randomly, as result 9-12 on the Scythe Attack Table, above, in addition to
    other results": the push, and 9-12's "can take no action next round except normal forward movement"."""
    involved = (chariot, other)
    for each in involved:
        _table(race, each, involved, queue, push_on_loss_of_control=False)
    for each in involved:
        if each.running:
            each.restrained_round = race.round + 1
    queue.extend(involved)


def _resolve(race: Field, queue: deque[Chariot]) -> None:
    """Move each chariot in the queue one space at random, in order; a move into something is a crash
    whose pushes join the end of the queue, up to ``max_crash_chain`` moves (WR15)."""
    links = 0
    while queue and race.phase is Phase.RACING:
        chariot = queue.popleft()
        if not chariot.on_track:
            continue
        links += 1
        if links > race.settings.max_crash_chain:
            race.rng.log.record(
                "state", f"the pile-up stops: {len(queue) + 1} pushes left unresolved", section=CRASHES
            )
            return
        side = race.rng.roll(
            4, f"{chariot.name} out of control: 1 ahead, 2 right, 3 behind, 4 left", section=SCYTHE
        )
        square = race.track.sides(chariot.lane, chariot.index)[side - 1]
        kind = race.track.kind_at(square)
        if kind != "lane":
            what = "the wall of the circus" if kind == "wall" else "the spina"
            race.rng.log.record(
                "state",
                f"{chariot.name} lurches {SIDES[side - 1]} and crashes into {what}",
                section=CRASHES,
                data={"chariot": chariot.name, "into": kind},
            )
            _table(race, chariot, (chariot,), queue, push_on_loss_of_control=True)
            continue
        other = race.occupied.get(square)
        if other is not None:
            race.rng.log.record(
                "state",
                f"{chariot.name} lurches {SIDES[side - 1]} into {other}",
                section=CRASHES,
                data={"chariot": chariot.name, "into": other},
            )
            _collide(race, chariot, race.chariots[other], queue)
            continue
        lane, index = race.track.position[square]
        race.rng.log.record(
            "state",
            f"{chariot.name} lurches {SIDES[side - 1]} to lane {lane + 1}",
            section=CRASHES,
            data={"chariot": chariot.name, "lane": lane, "index": index},
        )
        race.move_to(chariot, lane, index)


# -- wrecks, drivers ------------------------------------------------------------------------
def wreck(race: Field, chariot: Chariot, cause: str) -> None:
    """ "The chariot wrecks.  The driver remains tied to the reins, and is pulled along by his horses"."""
    if not chariot.running:
        return
    chariot.status = "wrecked"
    chariot.dragged = True
    chariot.wrecked_round = race.round
    chariot.wreck_cause = cause
    race.wreck_order.append(chariot.name)
    race.rng.log.record(
        "state",
        f"{chariot.name}'s chariot wrecks ({cause})",
        section=SCYTHE,
        data={"chariot": chariot.name, "cause": cause},
    )
    race.check_last_running()


def drag(race: Field, chariot: Chariot) -> None:
    """A dragged driver's turn: a Death or Poison save (+1 Dexterity 13+) before the team moves frees
    him; else the horses run at maximum speed and he takes 1d8 (WR16)."""
    if not chariot.dragged or not chariot.on_track:
        return
    if charioteering_check(
        chariot,
        race.settings,
        race.rng,
        check_bonus(chariot, race.settings, "dexterity"),
        SCYTHE,
        "cutting himself free of the reins",
    ):
        chariot.dragged = False
        leave_track(race, chariot)
        x, y = race.track.squares[chariot.lane][chariot.index]
        race.dismounted.append({"name": chariot.name, "square": [x, y]})
        race.rng.log.record(
            "state",
            f"{chariot.name} cuts himself free and lies on the track; his team runs off",
            section=SCYTHE,
            data={"chariot": chariot.name, "square": [x, y]},
        )
        return
    speed = race.settings.speed(chariot.kind)
    race.slide(chariot, race.free_ahead(chariot, speed))
    damage = race.rng.roll(8, f"{chariot.name} dragged behind his horses", section=SCYTHE)
    race.rng.log.record(
        "state",
        f"{chariot.name} is dragged to square {chariot.index} and takes {damage}",
        section=SCYTHE,
        data={"chariot": chariot.name, "damage": damage},
    )
    hurt(race, chariot, damage)


def hurt(race: Field, chariot: Chariot, damage: int) -> None:
    """Damage to a driver; at 0 hit points he is dead, his chariot out and off the track (WR16)."""
    chariot.hit_points -= damage
    if chariot.hit_points > 0:
        return
    chariot.driver_dead = True
    chariot.dragged = False
    race.rng.log.record("state", f"{chariot.name} is dead", section=SCYTHE, data={"chariot": chariot.name})
    if chariot.running:
        wreck(race, chariot, "the driver was killed")
        chariot.dragged = False
    leave_track(race, chariot)


def leave_track(race: Field, chariot: Chariot) -> None:
    if chariot.on_track:
        chariot.on_track = False
        race.occupied.pop(race.track.squares[chariot.lane][chariot.index], None)


def run_over(race: Field, chariot: Chariot, square: tuple[int, int]) -> None:
    """ "Charioteers unfortunate enough to be dismounted can be run over ... 4d6 automatic damage"."""
    for fallen in race.dismounted:
        if tuple(fallen["square"]) != square or race.chariots[fallen["name"]].driver_dead:
            continue
        victim = race.chariots[fallen["name"]]
        damage = race.rng.dice("4d6", f"{chariot.name} runs over {victim.name}", section=MOVEMENT).total
        race.rng.log.record(
            "state",
            f"{chariot.name} runs over {victim.name} for {damage}",
            section=MOVEMENT,
            data={"chariot": chariot.name, "victim": victim.name, "damage": damage},
        )
        hurt(race, victim, damage)
