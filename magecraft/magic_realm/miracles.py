"""MIRACLE (I/White) in the living realm (List of Spells, seed 002; rulings MR11, MR46-MR48).

Casting converts one named chit into a Miracle chit set aside on the character
(:class:`magecraft.magic_realm.pieces.MiracleChit`); the owner may play it on the last die roll the realm
made -- a table roll, the day's monster roll, a traveller's or a pod's -- forcing one re-roll, the better
kept; more Miracle chits played on the same roll only modify the roll chosen; a played chit, or one put
in the wound box unplayed, reverts to its chit in the wound box (one more wound).

The better roll is used (ruling MR47): while a character holds a Miracle chit the realm keeps its state
from before each action that rolls (:class:`Replay`); when the roll kept is the re-roll, that action is
played again from there with the dice before it as they fell, the kept roll in its place, and fresh dice
after it.

:func:`check` refuses (``RuleError``, naming the rule) before :func:`perform` changes anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from magecraft.core.errors import RuleError
from magecraft.core.randomness import DieSource, Randomness
from magecraft.core.tables import get_table
from magecraft.magic_realm.actions import CastSpell, Hire, PlayMiracle, WoundMiracle
from magecraft.magic_realm.pieces import Character, MiracleChit
from magecraft.magic_realm.realm import Realm, Replay
from magecraft.magic_realm.spells import MIRACLE_KINDS, SPELLS, Chit

#: What marks the dice a Miracle re-rolled in the event log (they are not "the last roll" again).
REROLL = "(Miracle re-roll"
#: What marks the realm's notes of Miracle chits played or put in the wound box (kept through a replay).
NOTES = (" plays a Miracle (", " puts the Miracle chit in the wound box")
KEEPS = ("low", "high")
_ONE_DIE = re.compile(r"^(?P<label>.*) \(die (?P<n>\d+) of (?P<of>\d+)\)$")


def before(realm: Realm) -> tuple[dict[str, Any], int] | None:
    """The realm as it is before an action, when a Miracle chit could be played on its rolls."""
    if any(c.alive and c.miracles for c in realm.characters):
        return realm.to_dict(), len(realm.log)
    return None


def remember(realm: Realm, action: Any, was: tuple[dict[str, Any], int] | None) -> None:
    """After an action: it may be played again if it rolled; any other action ends the chance (its own
    effects would be lost)."""
    if was is None:
        realm.replay = None
        return
    snapshot, start = was
    rolled = any(realm.log[i].kind == "roll" for i in range(start, len(realm.log)))
    realm.replay = Replay(snapshot, action, start) if rolled else None


class _Forced:
    """The dice of an action played again: ``values`` first (as they fell, then the roll kept), then
    ``then``'s fresh dice."""

    def __init__(self, values: list[int], then: DieSource) -> None:
        self.values, self.then, self.kind = values, then, then.kind

    def draw(self, sides: int, label: str) -> int:
        if self.values and 1 <= self.values[0] <= sides:
            return self.values.pop(0)
        self.values.clear()
        return self.then.draw(sides, label)

    def below(self, n: int) -> int:
        return self.then.below(n)

    def snapshot(self) -> dict[str, Any]:
        return self.then.snapshot()


@dataclass(frozen=True, slots=True)
class LastRoll:
    """The last die roll the realm made: its first event's ``seq``, its label, its dice (``1d6``...) and
    their total -- the higher die when a table rolled them as the base game's high die of two (ruling MR49)."""

    seq: int
    label: str
    dice: tuple[str, ...]
    total: int
    high_die: bool = False

    def value(self, values: list[int]) -> int:
        """What dice rolled as this roll was come to: their sum, or the higher die."""
        return max(values) if self.high_die else sum(values)


def last_roll(realm: Realm) -> LastRoll | None:
    """The last roll of the event log that is not a Miracle re-roll: every die of a ``2d6``, or one die."""
    events = list(realm.log)
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if event.kind != "roll" or REROLL in event.label:
            continue
        match = _ONE_DIE.match(event.label)
        count = int(match["n"]) if match else 1
        dice = [e for e in events[max(0, i - count + 1): i + 1] if e.kind == "roll"]
        label = match["label"] if match else event.label
        after = events[i + 1] if i + 1 < len(events) else None
        high = (count > 1 and after is not None and after.kind == "table"
                and "h" in get_table(str(after.data["table"])).dice)
        values = [int(e.data["value"]) for e in dice]
        return LastRoll(dice[0].seq, label, tuple(str(e.data["dice"]) for e in dice),
                        max(values) if high else sum(values), high)
    return None


def held(who: Character, chit: str | None) -> int:
    """The index of the Miracle chit ``chit`` (or the first) the character holds; refused without one."""
    for i, m in enumerate(who.miracles):
        if chit is None or m.chit.casefold() == chit.strip().casefold():
            return i
    named = "" if chit is None else f" made of {chit!r}"
    raise RuleError(f"{who.name} holds no Miracle chit{named}",
                    rule="the Miracle chit must be pre-existing before the roll", section=SPELLS)


def check(realm: Realm, who: Character, action: CastSpell | PlayMiracle | WoundMiracle | Hire) -> None:
    if isinstance(action, CastSpell):
        _check_cast(realm, who, action)
    elif isinstance(action, Hire):
        if action.chit is not None and any(m.chit.casefold() == action.chit.strip().casefold()
                                           for m in who.miracles):
            raise RuleError(f"{action.chit} is set aside as a Miracle chit",
                            rule="Miracle 2: the Miracle chit is set aside", section=SPELLS)
    elif isinstance(action, WoundMiracle):
        held(who, action.chit)
    else:
        if action.keep not in KEEPS:
            raise RuleError(f"the better roll is the 'low' or the 'high' one, not {action.keep!r}",
                            rule="Miracle 3: the best roll (as decided by the owner)", section=SPELLS)
        chit = who.miracles[held(who, action.chit)]
        roll = last_roll(realm)
        if roll is None:
            raise RuleError("no die has been rolled", rule="Miracle 3", section=SPELLS)
        if roll.seq < chit.since:
            raise RuleError(f"{who.name}'s Miracle chit ({chit.chit}) was made after {roll.label!r}",
                            rule="the Miracle chit must be pre-existing before the roll to be affected has "
                                 "been made", section=SPELLS)


def _check_cast(realm: Realm, who: Character, action: CastSpell) -> None:
    if action.chit is None or not action.chit.strip():
        raise RuleError("MIRACLE names the chit it converts", rule="Miracle", section=SPELLS)
    if Chit(action.chit.strip()).kind not in MIRACLE_KINDS:
        raise RuleError(f"{action.chit} cannot become a Miracle chit ({', '.join(MIRACLE_KINDS)})",
                        rule="Miracle: any one chit (MOVE, FIGHT, MAGIC, DUCK, BERSERK)", section=SPELLS)
    if action.chit.strip().casefold() in {c.strip().casefold() for c in action.cast_with}:
        raise RuleError(f"{action.chit} cast the spell and is fatigued", rule="Miracle 1", section=SPELLS)
    for hired in realm.retinues[who.name].serving.values():
        if hired.held_chit is not None and hired.held_chit.casefold() == action.chit.strip().casefold():
            raise RuleError(f"the {hired.name} holds {action.chit}", rule="Miracle", section=SPELLS)


def cast(realm: Realm, who: Character, action: CastSpell) -> None:
    assert action.chit is not None
    who.miracles.append(MiracleChit(action.chit.strip(), len(realm.log)))
    realm.note(f"{who.name} casts Miracle: {action.chit.strip()} is set aside as a Miracle chit")


def perform(realm: Realm, who: Character, action: PlayMiracle | WoundMiracle) -> None:
    chit = who.miracles.pop(held(who, action.chit))
    # Miracle 4: it reverts to its chit, placed in the wound box -- in the realm kept for a replay too
    who.wounds += 1
    if realm.replay is not None:
        saved = next(c for c in realm.replay.before["characters"] if c["name"] == who.name)
        saved["miracles"] = [m for m in saved["miracles"] if (m["chit"], m["since"]) != (chit.chit, chit.since)]
        saved["wounds"] += 1
    if isinstance(action, WoundMiracle):
        realm.note(f"{who.name} puts the Miracle chit in the wound box: {chit.chit} is wounded")
        return
    roll = last_roll(realm)
    assert roll is not None
    before: dict[str, Any] | None = realm.miracle_roll
    chosen = int(before["kept"]) if before is not None and before["roll"] == roll.seq else roll.total
    values = [realm.rng.roll(int(die.split("d")[1]), f"{roll.label} {REROLL})") for die in roll.dice]
    again = roll.value(values)
    kept = min(chosen, again) if action.keep == "low" else max(chosen, again)
    after = ""
    if kept != chosen:
        replay = realm.replay
        if replay is not None and roll.seq >= replay.start:
            _play_again(realm, replay, roll, values)
            after = f"; {_describe(replay.action)} is played again with the {kept}"
        else:
            after = f"; what the {chosen} did stands (ruling MR47): the referee carries out the {kept}"
    realm.miracle_roll = {"roll": roll.seq, "label": roll.label, "kept": kept}
    realm.note(f"{who.name} plays a Miracle ({chit.chit}) on {roll.label}: {chosen} re-rolled {again}, "
               f"{kept} kept (the {'lower' if action.keep == 'low' else 'higher'}); {chit.chit} is wounded{after}")


def _describe(action: Any) -> str:
    return "the day" if action.kind == "next-day" else f"the {action.kind}"


def _play_again(realm: Realm, replay: Replay, roll: LastRoll, values: list[int]) -> None:
    """Back to before the action, then the action again: its dice before ``roll`` as they fell, ``values``
    for it, fresh dice after; the Miracles' re-rolls and notes since the action stay on the log."""
    events = list(realm.log)
    fell = [int(e.data["value"]) for e in events[replay.start:roll.seq] if e.kind == "roll"]
    kept = [e for e in events[replay.start:] if (e.kind == "roll" and REROLL in e.label)
            or (e.kind == "realm" and any(n in e.label for n in NOTES))]
    source = realm.rng.source
    realm.restore(replay.before, ask=getattr(source, "ask", None))
    realm.rng = Randomness(_Forced([*fell, *values], source), realm.rng.log)
    realm.perform(replay.action)
    realm.rng = Randomness(source, realm.rng.log)
    for event in kept:
        if event.kind == "roll":
            realm.log.append_roll(event.label, event.section, str(event.data["dice"]), int(event.data["value"]))
        else:
            realm.report.append({"day": int(event.data["day"]), "text": event.label})
            realm.log.record("realm", event.label, data=dict(event.data))
