"""The one door for every random event.

Every die roll, random pick and shuffle in every rule system goes through a
:class:`Randomness` object; nothing in magecraft calls :mod:`random` directly.
Three sources are offered, chosen by the caller:

* **seeded** -- reproducible from an integer seed: the same seed and the same
  inputs give a byte-identical event log;
* **scripted** -- a list of die values used in order, for tests and for
  replaying a session.  A value that does not fit the die, or running out of
  values, raises :class:`~magecraft.core.errors.DiceScriptError` naming the roll;
* **physical** -- asks the person at the table to roll real dice and type the
  result, asking again on bad input.

Every draw is labelled with what it was for and recorded in the event log.

>>> rng = Randomness.scripted([3, 5])
>>> rng.roll(6, "stealing attempt 1")
3
>>> rng.roll(6, "stealing attempt 2")
5
>>> [e.data["value"] for e in rng.log]
[3, 5]

Picks are rolls too: choosing among *n* things rolls a d*n*, so a script can
force a pick.  Shuffling a virtual deck is not something a person does with
dice; for the scripted and physical sources it is done by a separate
generator seeded with ``shuffle_seed`` (recorded in the log), so a replay
reproduces it.
"""

from __future__ import annotations

import random as _random_module
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from magecraft.core.dice import DiceRoll, roll_dice
from magecraft.core.errors import DiceScriptError, InputError
from magecraft.core.events import EventLog

T = TypeVar("T")
#: Reads a die typed in by the person rolling real dice: ``ask(prompt)`` returns what was typed.  A saved game
#: played with physical dice takes one to go on (every ``from_dict``'s ``ask``).
AskDie = Callable[[str], str]


class DieSource(Protocol):
    """Where die values come from."""

    kind: str

    def draw(self, sides: int, label: str) -> int:
        """Return a value from 1 to ``sides`` for the roll named ``label``."""
        ...

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)`` for shuffling virtual decks."""
        ...

    def snapshot(self) -> dict[str, Any]: ...


def _die_name(sides: int) -> str:
    return _DIE_NAMES[sides] if sides < len(_DIE_NAMES) else f"1d{sides}"


#: "1d6", "1d20", ... built once: a roll's event names its die, and formatting it per roll costs.
_DIE_NAMES = tuple(f"1d{n}" for n in range(101))


class SeededSource:
    """Die values from a seeded Mersenne Twister (reproducible across runs and platforms)."""

    kind = "seeded"

    def __init__(self, seed: int, state: Any = None) -> None:
        self.seed = seed
        self._gen = _random_module.Random(seed)
        if state is not None:
            self._gen.setstate(_state_from_json(state))
        self._randrange = self._gen.randrange
        self._getrandbits = self._gen.getrandbits

    def draw(self, sides: int, label: str) -> int:
        # Random.randrange(sides) + 1, inlined: the same getrandbits draws (``_randbelow_with_getrandbits``:
        # k bits for a k-bit bound, drawn again while out of range), so the same value from the same state,
        # without randrange's argument checks on the path every die takes.
        bits = sides.bit_length()
        value = self._getrandbits(bits)
        while value >= sides:
            value = self._getrandbits(bits)
        return value + 1

    def below(self, n: int) -> int:
        return self._randrange(n)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """``Random.shuffle``: the same Fisher-Yates draws as :meth:`Randomness.shuffle` makes through
        :meth:`below` (``randrange(i + 1)`` for ``i`` from the last index down), so the same permutation."""
        self._gen.shuffle(items)

    def snapshot(self) -> dict[str, Any]:
        return {"kind": self.kind, "seed": self.seed, "state": _state_to_json(self._gen.getstate())}


class ScriptRanOut(DiceScriptError):
    """A scripted source has no value left for a roll: ``sides`` and ``label`` say which die is wanted next
    (the web table asks the player for it and plays the action again with it)."""

    def __init__(self, message: str, *, sides: int, label: str) -> None:
        super().__init__(message)
        self.sides = sides
        self.label = label


class ScriptedSource:
    """Die values from a list, used in order."""

    kind = "scripted"

    def __init__(self, values: Sequence[int], shuffle_seed: int = 0, position: int = 0,
                 shuffle_state: Any = None) -> None:
        self.values = list(values)
        self.position = position
        self.shuffle_seed = shuffle_seed
        self._mixer = _random_module.Random(shuffle_seed)
        if shuffle_state is not None:
            self._mixer.setstate(_state_from_json(shuffle_state))

    def draw(self, sides: int, label: str) -> int:
        if self.position >= len(self.values):
            raise ScriptRanOut(
                f"the dice script ran out: {label} needs {_die_name(sides)} "
                f"(all {len(self.values)} scripted values are used)", sides=sides, label=label)
        value = self.values[self.position]
        if not 1 <= value <= sides:
            raise DiceScriptError(f"{label} needs {_die_name(sides)}, got {value}")
        self.position += 1
        return value

    def below(self, n: int) -> int:
        return self._mixer.randrange(n)

    @property
    def remaining(self) -> int:
        return len(self.values) - self.position

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "values": self.values,
            "position": self.position,
            "shuffle_seed": self.shuffle_seed,
            "shuffle_state": _state_to_json(self._mixer.getstate()),
        }


class PhysicalSource:
    """Die values typed in by the person rolling real dice at the table.

    ``ask`` shows a prompt and returns what was typed (the command line passes
    a rich prompt; tests pass a function over a list of answers).
    """

    kind = "physical"

    def __init__(self, ask: AskDie, shuffle_seed: int | None = None) -> None:
        self.ask = ask
        self.shuffle_seed = new_seed() if shuffle_seed is None else shuffle_seed
        self._mixer = _random_module.Random(self.shuffle_seed)

    def draw(self, sides: int, label: str) -> int:
        prompt = f"Roll {_die_name(sides)} for {label}:"
        while True:
            answer = self.ask(prompt).strip()
            try:
                value = int(answer)
            except ValueError:
                prompt = f"'{answer}' is not a number. Roll {_die_name(sides)} for {label}:"
                continue
            if 1 <= value <= sides:
                return value
            prompt = f"{value} is not on a {_die_name(sides)} (1-{sides}). Roll {_die_name(sides)} for {label}:"

    def below(self, n: int) -> int:
        return self._mixer.randrange(n)

    def snapshot(self) -> dict[str, Any]:
        return {"kind": self.kind, "shuffle_seed": self.shuffle_seed,
                "shuffle_state": _state_to_json(self._mixer.getstate())}


def new_seed() -> int:
    """A fresh seed from the operating system, for games started without ``--seed``.

    The seed is recorded in the event log so that the game can be replayed.
    """
    return _random_module.SystemRandom().randrange(2**31)


def _state_to_json(state: Any) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _required(value: Any, key: str) -> Any:
    if value is None:
        raise InputError(f"the saved dice are damaged: {key!r} is empty")
    return value


def _state_from_json(raw: Any) -> tuple[Any, ...]:
    try:
        version, internal, gauss = raw
        return (int(version), tuple(int(x) for x in internal), gauss)
    except (TypeError, ValueError):
        raise InputError("saved random-number state is malformed") from None


class Randomness:
    """Every die roll, pick and shuffle, labelled and logged.

    Build one with :meth:`seeded`, :meth:`scripted` or :meth:`physical`.

    >>> rng = Randomness.seeded(7)
    >>> a = [rng.roll(6, "test") for _ in range(3)]
    >>> b = [Randomness.seeded(7).roll(6, "test") for _ in range(1)]
    >>> a[0] == b[0]
    True
    """

    __slots__ = ("log", "source")

    def __init__(self, source: DieSource, log: EventLog | None = None) -> None:
        self.source = source
        self.log = log if log is not None else EventLog()

    # -- construction ---------------------------------------------------------------
    @classmethod
    def seeded(cls, seed: int | None = None, log: EventLog | None = None) -> Randomness:
        """A reproducible source; without a seed, a fresh one is drawn and logged."""
        chosen = new_seed() if seed is None else seed
        rng = cls(SeededSource(chosen), log)
        rng.log.record("randomness", "seeded dice", data={"seed": chosen})
        return rng

    @classmethod
    def scripted(cls, values: Sequence[int], *, shuffle_seed: int = 0,
                 log: EventLog | None = None) -> Randomness:
        """Die values from ``values`` in order; shuffles from ``shuffle_seed``."""
        return cls(ScriptedSource(values, shuffle_seed), log)

    @classmethod
    def physical(cls, ask: AskDie, *, shuffle_seed: int | None = None,
                 log: EventLog | None = None) -> Randomness:
        """Real dice: ``ask(prompt)`` returns what the person typed."""
        source = PhysicalSource(ask, shuffle_seed)
        rng = cls(source, log)
        rng.log.record("randomness", "physical dice", data={"shuffle_seed": source.shuffle_seed})
        return rng

    @classmethod
    def restore(cls, snapshot: dict[str, Any], log: EventLog | None = None,
                ask: AskDie | None = None) -> Randomness:
        """Rebuild a source from :meth:`snapshot`, continuing where it stopped.

        Every key a snapshot writes is required: a saved source that lost its state would otherwise
        start again from its seed and deal the rolls already made a second time.

        >>> Randomness.restore({"kind": "seeded", "seed": 7})
        Traceback (most recent call last):
        ...
        magecraft.core.errors.InputError: the saved dice are damaged: 'state' is missing
        """
        if not isinstance(snapshot, dict):
            raise InputError("the saved dice are damaged: not a JSON object")
        kind = snapshot.get("kind")
        source: DieSource
        try:
            if kind == "seeded":
                source = SeededSource(int(snapshot["seed"]), _required(snapshot["state"], "state"))
            elif kind == "scripted":
                source = ScriptedSource([int(v) for v in snapshot["values"]], int(snapshot["shuffle_seed"]),
                                        int(snapshot["position"]),
                                        _required(snapshot["shuffle_state"], "shuffle_state"))
            elif kind == "physical":
                if ask is None:
                    raise InputError("this game uses physical dice: resume it at a terminal")
                physical = PhysicalSource(ask, int(snapshot["shuffle_seed"]))
                physical._mixer.setstate(_state_from_json(_required(snapshot["shuffle_state"], "shuffle_state")))
                source = physical
            else:
                raise InputError(f"unknown randomness source {kind!r} in saved state")
        except KeyError as exc:
            raise InputError(f"the saved dice are damaged: {exc} is missing") from None
        except (TypeError, ValueError) as exc:
            raise InputError(f"the saved dice are damaged: {exc}") from None
        return cls(source, log)

    def snapshot(self) -> dict[str, Any]:
        """The source's full state, JSON-able, for saves."""
        return self.source.snapshot()

    def extend_script(self, values: Sequence[int]) -> None:
        """Add die values to the end of a scripted source (tests that set up a game, then script a turn).

        >>> rng = Randomness.scripted([1])
        >>> rng.extend_script([4, 2])
        >>> [rng.roll(6, "x") for _ in range(3)]
        [1, 4, 2]
        """
        if not isinstance(self.source, ScriptedSource):
            raise TypeError(f"only scripted dice take more values, not {self.source.kind} dice")
        self.source.values.extend(values)

    # -- draws ----------------------------------------------------------------------
    def roll(self, sides: int, label: str, *, section: str | None = None) -> int:
        """Roll one die with ``sides`` faces for the purpose ``label``."""
        if sides < 1:
            raise ValueError(f"a die needs at least one face, not {sides}")
        value = self.source.draw(sides, label)
        self.log.append_roll(label, section, _DIE_NAMES[sides] if sides <= 100 else f"1d{sides}", value)
        return value

    def dice(self, expression: str, label: str, *, section: str | None = None) -> DiceRoll:
        """Roll a dice expression (see :mod:`magecraft.core.dice`)."""
        return roll_dice(expression, self, label, section=section)

    def chance(self, percent: int, label: str, *, section: str | None = None) -> bool:
        """A percentage chance ("40% chance of ..."): true when 1d100 <= ``percent``."""
        return self.roll(100, f"{label} ({percent}% chance)", section=section) <= percent

    def choice(self, items: Sequence[T], label: str, *, section: str | None = None) -> T:
        """Pick one of ``items`` at random: a roll of a d*n*, so a script can force it."""
        if not items:
            raise ValueError(f"nothing to choose from for {label}")
        if len(items) == 1:
            return items[0]
        return items[self.roll(len(items), f"{label} (pick 1 of {len(items)})", section=section) - 1]

    def shuffle(self, items: MutableSequence[T], label: str, *, section: str | None = None) -> None:
        """Shuffle ``items`` in place (Fisher-Yates).

        Seeded dice shuffle through ``Random.shuffle``, which draws the same numbers in the same order
        as the loop below, so a seed deals the same deck either way (``tests/core``'s
        ``test_seeded_shuffle_matches_fisher_yates`` holds the two side by side).
        """
        source = self.source
        if type(source) is SeededSource:
            source.shuffle(items)
        else:
            below = source.below
            for i in range(len(items) - 1, 0, -1):
                j = below(i + 1)
                items[i], items[j] = items[j], items[i]
        self.log.record("shuffle", label, section=section, data={"count": len(items)})
