"""The exact chance that a charioteer's action succeeds, before he commits to it (issue 28).

Every check of the race is one d20 -- the charioteering check is the driver's Death or Poison save at a modifier
("Risky Actions"), the whip's attack 1d20 + level ("Free Actions") -- so each chance is a product of d20 chances,
worked out with :class:`~magecraft.core.odds.Odds` and never by rolling.  What counts as success:

- a risky action (any free action after the first of a turn) succeeds when its check does, else the chariot
  wrecks ("Risky Actions");
- a scythe attack "is successful if the attacker succeeds at the check, and the defender fails" (its risky
  check too, if it is one) ("Scythe Attack Table (D20)");
- a whip attack succeeds when it hits (and its risky check succeeds);
- the drive that ends a whipped turn inside a turnaround succeeds when the end-of-turn check keeps the chariot
  upright ("The Turnaround").

Actions no roll decides (a first free action that is not an attack, a plain drive, initiative, bets) have None.
"""

from __future__ import annotations

from fractions import Fraction

from magecraft.core.odds import Chance, chance_at_least
from magecraft.wizard_prince.nobles import noble_classes
from magecraft.wizard_prince.race.actions import (
    Action,
    Advance,
    ChangeLanes,
    ScytheAttack,
    WhipHorses,
    WhipOpponent,
)
from magecraft.wizard_prince.race.chariots import Chariot, check_bonus
from magecraft.wizard_prince.race.field import Field, Turn
from magecraft.wizard_prince.race.sections import FREE, RISKY, SCYTHE, TURNAROUND

_FREE_ACTIONS = (ChangeLanes, ScytheAttack, WhipHorses, WhipOpponent)


def check_needs(chariot: Chariot, race: Field, modifier: int) -> int:
    """The d20 a charioteering check at ``modifier`` needs: the Death or Poison target, or with the d20 rules
    the DC less the class's base save ("Using These Rules With D&D 3.5")."""
    settings = race.settings
    if settings.save_system == "d20":
        driver = chariot.driver
        return settings.d20_dc - noble_classes()[driver.character_class].d20_bonus("death_poison", driver.level) \
            - modifier
    return chariot.driver.save_targets["death_poison"] - modifier


def _risky(race: Field, chariot: Chariot, turn: Turn) -> tuple[Fraction, str] | None:
    """The risky check a free action needs now, if it is not the turn's first ("Risky Actions")."""
    if turn.actions < 1:
        return None
    needs = check_needs(chariot, race, check_bonus(chariot, race.settings, "dexterity", "strength") - turn.risky)
    return chance_at_least("1d20", needs), f"risky check 1d20 at least {needs}"


def _scythe(race: Field, chariot: Chariot, turn: Turn, target: str) -> tuple[Fraction, str, str]:
    """The attacker's check (at his risky penalty so far) succeeds and the defender's fails (WR12)."""
    defender = race.chariots[target]
    attack = check_needs(chariot, race, check_bonus(chariot, race.settings, "dexterity", "strength") - turn.risky)
    defend = check_needs(defender, race, check_bonus(defender, race.settings, "dexterity", "strength"))
    chance = chance_at_least("1d20", attack) * (1 - chance_at_least("1d20", defend))
    return chance, f"1d20 at least {attack} and {target}'s 1d20 under {defend}", SCYTHE


def _whip(race: Field, chariot: Chariot, turn: Turn, target: str) -> tuple[Fraction, str, str]:
    """A whip hits on 1d20 + the attacker's level at or over ``whip_to_hit`` (WR9)."""
    needs = race.settings.whip_to_hit - chariot.driver.level
    return chance_at_least("1d20", needs), f"1d20 at least {needs} to hit {target}", FREE


def _free(race: Field, chariot: Chariot, turn: Turn, action: Action) -> Chance | None:
    parts: list[tuple[Fraction, str]] = []
    section = RISKY
    risky = _risky(race, chariot, turn)
    if risky is not None:
        parts.append(risky)
    if isinstance(action, ScytheAttack | WhipOpponent):
        attack = (_scythe if isinstance(action, ScytheAttack) else _whip)(race, chariot, turn, action.target)
        parts.append(attack[:2])
        section = attack[2] if risky is None else f"{RISKY}; {attack[2]}"
    if not parts:
        return None
    chance = Fraction(1)
    for p, _ in parts:
        chance *= p
    return Chance(chance, ", then ".join(text for _, text in parts), section)


def _turnaround_lane(race: Field, chariot: Chariot, turn: Turn, spaces: int) -> int:
    """The innermost lane of a turnaround the whipped chariot has been in once it drives ``spaces`` (-1: none)."""
    lane = chariot.lane
    marks = race.track.in_turnaround[lane]
    length = len(marks)
    crossed = any(marks[(chariot.index + k) % length] for k in range(1, spaces + 1))
    if crossed and (turn.turnaround_lane < 0 or lane < turn.turnaround_lane):
        return lane
    return turn.turnaround_lane


def _final_drive(race: Field, chariot: Chariot, turn: Turn, spaces: int) -> Chance | None:
    """The drive that ends a whipped turn: the turnaround check if it has been in a turnaround (WR17)."""
    if not turn.whipped or spaces != turn.moves_left or spaces > race.free_ahead(chariot, spaces):
        return None  # the turn goes on, or it drives into the chariot ahead: a crash, not a check
    length = race.track.lane_length(chariot.lane)
    if chariot.index + spaces >= length and chariot.crossings + 1 > race.track.laps:
        return None  # over the finish line: the race is won before the turn's end
    lane = _turnaround_lane(race, chariot, turn, spaces)
    if lane < 0:
        return None
    needs = check_needs(chariot, race, check_bonus(chariot, race.settings, "dexterity", "strength")
                        + race.track.turnaround_penalty(lane))
    return Chance(chance_at_least("1d20", needs), f"turnaround check 1d20 at least {needs} (lane {lane + 1})",
                  TURNAROUND)


def chance_of(race: Field, action: Action) -> Chance | None:
    """The chance that ``action`` (legal now) succeeds where a check decides it, else None."""
    turn = race.turn
    if turn is None:
        return None
    chariot = race.chariots[turn.name]
    if isinstance(action, _FREE_ACTIONS):
        return _free(race, chariot, turn, action)
    if isinstance(action, Advance):
        return _final_drive(race, chariot, turn, action.spaces)
    return None
