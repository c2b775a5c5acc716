"""Treasure locations of seed 002: "10. NEW TREASURES" and the Trap of 14.2.

- 10.1 the minor treasure locations (Runestone, Box, Bag, Stump, Pouch): placed in a random clearing
  when first revealed and never turned face down; discovered by a "Discover Chits" or "Choice" Locate
  result, which collects the treasure at once -- or, at the Runestone, awakens the spell, which must
  still be learned by READ RUNES: :class:`MinorTreasureLocation`.
- 10.2 Shejoh's Ring (the high die of 2d6, worn for good) and the Fountain (one roll per DRINK):
  :class:`ShejohsRing`, :func:`drink`.
- 14.2 the Trap: looted without discovery; whoever ends the turn in its clearing, or does anything
  there but move, is trapped until a "Discover Chits" or "Choice" result (or the Trap Blueprint):
  :class:`Trap`.

The Locate table's result and the success of READ RUNES are the base game's: they are the referee's
input here.

>>> trap = Trap()
>>> trap.run_day("Amazon", ["MOVE@trap", "MOVE"]).trapped       # passing through (14.2/3)
False
>>> day = trap.run_day("Amazon", ["MOVE@trap", "HIDE", "MOVE"])
>>> day.trapped, day.lines[-1]
(True, 'MOVE: cancelled -- the Amazon is trapped (14.2/1)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.tables import TableResult, get_table
from magecraft.magic_realm.characters import activity, combat_data
from magecraft.magic_realm.data import read, tiles
from magecraft.magic_realm.spells import Character, rest
from magecraft.magic_realm.table_dice import DEFAULT_SETTINGS, RealmSettings, table

TREASURES = "10. New Treasures"
TRAP = "14.2 Minotaur's Lair, the Trap"


@cache
def discovering_results() -> tuple[str, ...]:
    """10.1/2, 14.2/4: the Locate results that discover chits ("Discover Chits", "Choice")."""
    return tuple(combat_data()["discovering_results"])


def discovers(locate_result: str | None) -> bool:
    wanted = (locate_result or "").strip().casefold()
    return any(wanted == r.casefold() for r in discovering_results())


# -- 10.1 minor treasure locations ------------------------------------------------------------------------


@cache
def minor_locations() -> dict[str, str]:
    """Each minor treasure location and what it holds ("spell" or "treasure", ruling MR18)."""
    holds = dict(read("treasures.toml")["minor_treasure_locations"])
    names = read("setup.toml")["minor_pool"]["minor_treasure_locations"]
    if sorted(holds) != sorted(names) or any(v not in ("spell", "treasure") for v in holds.values()):
        raise DataError("magic_realm/data/treasures.toml: the minor treasure locations must be setup.toml's five")
    return holds


@dataclass(slots=True)
class MinorTreasureLocation:
    """A minor treasure location chit on a tile (10.1) and its one treasure or spell (``contents``)."""

    name: str
    tile: str
    contents: str
    clearing: int | None = None
    discovered_by: list[str] = field(default_factory=list)
    collected_by: str | None = None
    awakened: bool = False
    learned_by: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, name: str, tile: str, contents: str) -> MinorTreasureLocation:
        found = {n.casefold(): n for n in minor_locations()}.get(name.strip().casefold())
        if found is None:
            raise InputError(f"no minor treasure location {name!r} ({', '.join(minor_locations())})")
        if tile not in tiles():
            raise InputError(f"no tile {tile!r}")
        if not contents.strip():
            raise InputError(f"what does the {found} hold? (a {minor_locations()[found]})")
        return cls(found, tile, contents.strip())

    @property
    def holds(self) -> str:
        return minor_locations()[self.name]

    def reveal(self, rng: Randomness) -> int:
        """10.1/1: revealed for the first time, it is placed in a random clearing of its tile; once
        placed it stays face up there (a later reveal rolls nothing)."""
        if self.clearing is None:
            count = len(tiles()[self.tile].clearings)
            self.clearing = rng.choice(list(range(1, count + 1)), f"{self.name}: its clearing", section=TREASURES)
        return self.clearing

    def discover(self, who: str, locate_result: str) -> str:
        """10.1/2-3: a "Discover Chits" or "Choice" result discovers it, and the treasure is collected at
        once; at the Runestone the spell is awakened, not learned.  Any other result finds nothing."""
        if self.clearing is None:
            raise RuleError(f"the {self.name} is not revealed yet", rule="10.1/1", section=TREASURES)
        if not discovers(locate_result):
            return f"{locate_result}: the {self.name} is not discovered"
        if who not in self.discovered_by:
            self.discovered_by.append(who)
        if self.holds == "spell":
            self.awakened = True
            return f"{who} discovers the {self.name}: {self.contents} is awakened; READ RUNES to learn it (10.1/3)"
        if self.collected_by is None:
            self.collected_by = who
            return f"{who} discovers the {self.name} and collects {self.contents} (10.1/3)"
        return f"{who} discovers the {self.name}: empty ({self.collected_by} took {self.contents})"

    def read_runes(self, who: str, *, learned: bool) -> str:
        """10.1/3: the awakened spell is learned by READ RUNES (``learned``: the base game's roll)."""
        if self.holds != "spell":
            raise RuleError(f"the {self.name} holds a treasure, not a spell", rule="10.1/3", section=TREASURES)
        if not self.awakened or who not in self.discovered_by:
            raise RuleError(
                f"{who} has not discovered the {self.name}: its spell is not awakened for them",
                rule="10.1/3",
                section=TREASURES,
            )
        if learned and who not in self.learned_by:
            self.learned_by.append(who)
        return f"{who} {'learns' if learned else 'fails to learn'} {self.contents}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tile": self.tile,
            "clearing": self.clearing,
            "holds": self.holds,
            "contents": self.contents,
            "discovered_by": list(self.discovered_by),
            "collected_by": self.collected_by,
            "awakened": self.awakened,
            "learned_by": list(self.learned_by),
        }


# -- 10.2 Shejoh's Ring and the Fountain ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RingEffect:
    roll: TableResult
    effect: str
    dies: bool
    becomes: str | None
    extra_phase: str | None
    reroll_spell: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "roll": self.roll.total,
            "result": self.roll.result,
            "effect": self.effect,
            "dies": self.dies,
            "becomes": self.becomes,
            "extra_phase": self.extra_phase,
            "reroll_spell": self.reroll_spell,
        }


@dataclass(slots=True)
class ShejohsRing:
    """10.2: put on, its effect is the high die of 2d6 and permanent; it never comes off, even from the dead."""

    wearer: str | None = None
    effect: RingEffect | None = None

    def put_on(self, rng: Randomness, who: str, *, witch_king_in_play: bool = False) -> RingEffect:
        if self.wearer is not None:
            raise RuleError(
                f"{self.wearer} wears the ring for the rest of the game", rule="10.2", section=TREASURES
            )
        result = get_table("mr_shejoh_ring").roll(rng, label="Shejoh's Ring")
        kind = str(result.data["effect"])
        dies = kind == "witch-king" and witch_king_in_play
        becomes = {"witch-king": None if dies else "the Witch-King", "dragon": "a Tremendous land dragon"}.get(
            kind
        )
        phase = result.data.get("phase")
        spell = result.data.get("spell")
        self.wearer = who
        self.effect = RingEffect(
            result, kind, dies, becomes, str(phase) if phase else None, str(spell) if spell else None
        )
        return self.effect

    def take_off(self, who: str) -> None:
        """Always refused: "It cannot be removed for the duration of the game, even if the character is killed"."""
        owner = self.wearer or "nobody"
        raise RuleError(
            f"Shejoh's Ring cannot be removed ({owner} wears it for the game, alive or dead; {who} asked)",
            rule="10.2",
            section=TREASURES,
        )


@dataclass(frozen=True, slots=True)
class Drink:
    roll: int
    result: str
    effect: str
    rested: int = 0
    wounds: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "result": self.result,
            "effect": self.effect,
            "rested": self.rested,
            "wounds": self.wounds,
        }


def drink(
    rng: Randomness, drinks: int = 1, character: Character | None = None, *, wound: str | None = None,
    settings: RealmSettings = DEFAULT_SETTINGS,
) -> tuple[list[Drink], Character | None]:
    """10.2 "Roll on the following table once for each DRINK action recorded".

    With a ``character``, the rests are applied (wounds first, ruling MR9) and a poisonous drink wounds
    the chit named by ``wound`` (the drinker's choice; without one the wound is only reported).  Make
    Whole and Remove Curse are the base game's spells: reported for the referee.
    """
    if drinks < 1:
        raise InputError("record at least one DRINK")
    if wound is not None:
        if character is None:
            raise InputError(f"the poisoned chit {wound!r} needs the drinker's chits")
        _chit_index(character, wound)
    out: list[Drink] = []
    for _ in range(drinks):
        result = table("mr_fountain", settings).roll(rng, label="Drink from the Fountain")
        kind = str(result.data["effect"])
        rested = wounds = 0
        if kind == "rest":
            rested = int(result.data["rest"])
            if character is not None:
                character, rested = rest(character, rested)
        elif kind == "wound":
            wounds = int(result.data["wounds"])
            if character is not None and wound is not None:
                index = _chit_index(character, wound)
                if character.chits[index].state != "wounded":
                    character = character.with_states({index: "wounded"})
        out.append(Drink(result.total, result.result, kind, rested, wounds))
    return out, character


def _chit_index(character: Character, name: str) -> int:
    for i, chit in enumerate(character.chits):
        if chit.name.casefold() == name.strip().casefold():
            return i
    raise InputError(f"{character.name} has no chit {name!r}")


# -- 14.2 the Trap ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded activity of a day near the Trap: ``MOVE@trap`` moves into its clearing, ``MOVE`` or
    ``FLY`` to another, ``SEARCH=Discover Chits`` a search with its Locate (or ``Loot``) result."""

    activity: str
    into_trap: bool = False
    result: str | None = None

    @classmethod
    def parse(cls, text: str) -> Step:
        head, _, result = text.partition("=")
        name, _, where = head.partition("@")
        act = activity(name)
        if where and (where.strip().casefold() != "trap" or act not in _moving()):
            raise InputError(f"{text!r}: only MOVE@trap or FLY@trap names the Trap's clearing")
        if result and act != "SEARCH":
            raise InputError(f"{text!r}: only a SEARCH has a result")
        return cls(act, bool(where), result.strip() or None)

    @property
    def moves(self) -> bool:
        return self.activity in _moving()


@cache
def _moving() -> tuple[str, ...]:
    return tuple(combat_data()["moving_activities"])


@dataclass(frozen=True, slots=True)
class TrapDay:
    who: str
    lines: tuple[str, ...]
    here: bool
    trapped: bool
    discovered: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "who": self.who,
            "report": list(self.lines),
            "in_trap_clearing": self.here,
            "trapped": self.trapped,
            "discovered": self.discovered,
        }


@dataclass(slots=True)
class Trap:
    """The Trap's clearing (14.2) and who is trapped in it, who has discovered it, who holds the Blueprint.

    Characters and hired leaders alike (14.2/1).  ``here`` holds who stands in its clearing.
    """

    here: set[str] = field(default_factory=set)
    trapped: set[str] = field(default_factory=set)
    discovered: set[str] = field(default_factory=set)
    blueprints: set[str] = field(default_factory=set)

    def free(self, who: str) -> bool:
        """14.2/4: whoever has discovered the Trap, or holds the Trap Blueprint, comes and goes freely."""
        return who in self.discovered or who in self.blueprints

    def check_day(self, who: str, steps: Sequence[Step]) -> None:
        """14.2/2: a trapped character records no MOVE or FLY -- unless after a SEARCH that may free them
        (ruling MR26); a move into the clearing one stands in is refused."""
        here = who in self.here
        searched = False
        for step in steps:
            if step.moves:
                if who in self.trapped and not self.free(who) and not searched:
                    raise RuleError(
                        f"{who} is trapped: every activity but MOVE and FLY (search to escape first)",
                        rule="14.2/2",
                        section=TRAP,
                    )
                if step.into_trap and here:
                    raise InputError(f"{step.activity}@trap: {who} is in the Trap's clearing already")
                here = step.into_trap
            elif step.activity == "SEARCH":
                searched = True

    def run_day(self, who: str, recorded: Sequence[str | Step]) -> TrapDay:
        """Carry out a day's recorded activities near the Trap (checked first; refused whole if illegal).

        Passing through is safe (14.2/3); any other activity in the clearing traps (14.2/3), and so does
        ending the turn there (14.2/1); a trapped character's later moves that day are cancelled; a
        "Discover Chits" or "Choice" result frees them for good (14.2/4); looting needs no discovery (14.2).
        """
        steps = [s if isinstance(s, Step) else Step.parse(s) for s in recorded]
        self.check_day(who, steps)
        here, trapped = who in self.here, who in self.trapped
        lines: list[str] = []
        for step in steps:
            if step.moves:
                if here and trapped and not self.free(who):
                    lines.append(f"{step.activity}: cancelled -- the {who} is trapped (14.2/1)")
                    continue
                here, trapped = step.into_trap, False
                lines.append(f"{step.activity}: {'into' if here else 'on, out of'} the Trap's clearing")
                continue
            if not here:
                lines.append(f"{step.activity}")
                continue
            if not trapped and not self.free(who):
                trapped = True
                lines.append(f"{step.activity} in the Trap's clearing: the {who} is trapped (14.2/3)")
            else:
                lines.append(f"{step.activity} in the Trap's clearing")
            if step.activity == "SEARCH" and discovers(step.result):
                self.discovered.add(who)
                trapped = False
                lines.append(f"{step.result}: the {who} discovers the Trap and may come and go (14.2/4)")
            elif step.activity == "SEARCH" and (step.result or "").casefold() == "loot":
                lines.append("looting the Trap needs no discovery (14.2)")
        if here and not trapped and not self.free(who):
            trapped = True
            lines.append(f"the {who} ends the turn in the Trap's clearing: trapped (14.2/1)")
        for group, value in ((self.here, here), (self.trapped, trapped and not self.free(who))):
            (group.add if value else group.discard)(who)
        return TrapDay(who, tuple(lines), here, who in self.trapped, who in self.discovered)

    def to_dict(self) -> dict[str, Any]:
        return {k: sorted(getattr(self, k)) for k in ("here", "trapped", "discovered", "blueprints")}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Trap:
        """The Trap from :meth:`to_dict`; a malformed record is refused whole."""
        keys = ("here", "trapped", "discovered", "blueprints")
        if set(raw) != set(keys) or not all(
            isinstance(raw[k], list) and all(isinstance(n, str) for n in raw[k]) for k in keys
        ):
            raise DataError(f"not a Trap record (lists of names under {', '.join(keys)})")
        trap = cls(*(set(raw[k]) for k in keys))
        if not trap.trapped <= trap.here:
            raise DataError("a Trap record with someone trapped outside its clearing")
        return trap

    def give_blueprint(self, who: str) -> None:
        """14.2/4: the Trap Blueprint lets its holder escape at any time."""
        self.blueprints.add(who)
        self.trapped.discard(who)
