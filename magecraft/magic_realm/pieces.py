"""The pieces of the living realm: characters, traveller chits, monster pods, belongings, decisions waiting.

Each piece is a small mutable record with a plain ``to_dict`` (``dataclasses.asdict``) and a ``read``
that rebuilds it from a save, raising ``KeyError``/``TypeError``/``ValueError`` on anything malformed
(:meth:`magecraft.magic_realm.days.RealmDays.from_dict` turns those into one refusal).

>>> Item.read({"name": "Flowers of Rest", "kind": "small treasure"}).treasure
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

#: What a belonging is, for the Siren's trap (7.10): "large treasure", "small treasure" or any other item.
ITEM_KINDS = ("large treasure", "small treasure", "item")
TRAVELLER_STATES = ("wandering", "set aside", "joined", "hired", "captured", "eaten", "dead", "gone")


class Decide(StrEnum):
    """What the realm waits on (``RealmDays.decision_kind()``): the referee's record of the day, or a decision
    the rules leave to a character (:class:`Pending`); the value is what saves keep."""

    REFEREE = "referee"
    POD = "pod"
    GUILD_CHIT = "guild chit"
    CLEARING = "clearing"

    def __repr__(self) -> str:
        return f"Decide.{self.name}"


PENDING_KINDS = (Decide.POD, Decide.GUILD_CHIT, Decide.CLEARING)


def _str_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


@dataclass(frozen=True, slots=True)
class Item:
    """A belonging: a name and its kind (:data:`ITEM_KINDS`)."""

    name: str
    kind: str = "item"

    @property
    def treasure(self) -> bool:
        return self.kind != "item"

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Item:
        item = cls(str(raw["name"]), str(raw["kind"]))
        if item.kind not in ITEM_KINDS:
            raise ValueError(f"an item's kind is one of {', '.join(ITEM_KINDS)}, not {item.kind!r}")
        return item


@dataclass(frozen=True, slots=True)
class MiracleChit:
    """A chit MIRACLE (I/White) set aside (List of Spells, Miracle 2): ``chit`` is what it was (``FIGHT H5**``)
    and reverts to when played or put in the wound box (Miracle 4); ``since`` the length of the event log
    when it was made -- only a roll made after it may be re-rolled ("the Miracle chit must be
    pre-existing before the roll to be affected has been made")."""

    chit: str
    since: int

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> MiracleChit:
        made = cls(str(raw["chit"]), int(raw["since"]))
        if made.since < 0 or not made.chit.strip():
            raise ValueError(f"a Miracle chit is malformed: {dict(raw)!r}")
        return made


@dataclass(slots=True)
class Character:
    """A character on the board (the referee moves it).  ``offroad``: lost or caught in an avalanche,
    on the tile of ``clearing`` but in no clearing (2.4); ``clearing`` is then the clearing left."""

    name: str
    clearing: int
    colour_magic: bool = False
    male: bool = True
    magic_chits: int = 0
    alive: bool = True
    wounds: int = 0
    fatigue: int = 0
    followers: list[str] = field(default_factory=list)
    offroad: bool = False
    deeds: list[str] = field(default_factory=list)
    belongings: list[Item] = field(default_factory=list)
    raised_on: int = 0  # the last evening the Necromancer raised the dead for this character
    known_gates: list[str] = field(default_factory=list)  # 3.2-3.3: the gates located
    known_paths: list[tuple[int, int]] = field(default_factory=list)  # 1.2/3: hidden paths discovered
    form: str | None = None  # 10.2: what Shejoh's Ring made him (the Witch-King, a Tremendous land dragon)
    enchanted: list[str] = field(default_factory=list)  # permanent spells on him (PRAYER)
    miracles: list[MiracleChit] = field(default_factory=list)  # MIRACLE's chits set aside (Miracle 2)
    spells: list[str] = field(default_factory=list)  # the spells he knows and may cast (ruling MR55)

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Character:
        return cls(
            str(raw["name"]),
            int(raw["clearing"]),
            bool(raw["colour_magic"]),
            bool(raw["male"]),
            int(raw["magic_chits"]),
            bool(raw["alive"]),
            int(raw["wounds"]),
            int(raw["fatigue"]),
            [str(f) for f in raw["followers"]],
            bool(raw["offroad"]),
            [str(d) for d in raw["deeds"]],
            [Item.read(i) for i in raw["belongings"]],
            int(raw["raised_on"]),
            [str(g) for g in raw["known_gates"]],
            [(int(p[0]), int(p[1])) for p in raw.get("known_paths", [])],
            _str_or_none(raw.get("form")),
            [str(e) for e in raw.get("enchanted", [])],
            [MiracleChit.read(m) for m in raw.get("miracles", [])],  # a save of before Miracle: none
            [str(s) for s in raw.get("spells", [])],  # a save of before MR55: none recorded
        )


@dataclass(slots=True)
class TravellerPiece:
    """A traveller chit: ``roll`` is the monster roll that moves it (ruling MR5); ``state`` one of
    :data:`TRAVELLER_STATES`; ``joined`` the character it follows, serves or was captured by."""

    name: str
    roll: int
    clearing: int | None
    state: str = "wandering"
    joined: str | None = None

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> TravellerPiece:
        piece = cls(str(raw["name"]), int(raw["roll"]), _int_or_none(raw["clearing"]), str(raw["state"]),
                    _str_or_none(raw["joined"]))
        if piece.state not in TRAVELLER_STATES:
            raise ValueError(f"a traveller's state is one of {', '.join(TRAVELLER_STATES)}, not {piece.state!r}")
        if (piece.state == "wandering") != (piece.clearing is not None) and piece.state != "hired":
            raise ValueError(f"the {piece.name} is {piece.state} but its clearing is {piece.clearing}")
        return piece


@dataclass(slots=True)
class Pod:
    """A monster pod (12.3): in a tile's woods, or in a clearing (``clearing``) until midnight."""

    id: int
    kind: str
    monsters: int
    tile: int
    clearing: int | None = None
    moved: bool = False

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Pod:
        pod = cls(int(raw["id"]), str(raw["kind"]), int(raw["monsters"]), int(raw["tile"]),
                  _int_or_none(raw["clearing"]), bool(raw["moved"]))
        if pod.monsters < 1:
            raise ValueError(f"pod {pod.id} has {pod.monsters} monsters")
        return pod


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the rules leave to a person, waited for before the day goes on.

    ``pod``: several pods tie for the closest to ``chooser``'s character, who picks the one that moves
    (12.4/1a); ``guild chit``: several eligible characters arrive at ``guild`` together and must decide who
    receives its chit (9.3/3b); ``clearing``: an offroad roll lets ``chooser`` choose the clearing (2.3).
    """

    kind: Decide
    chooser: str
    options: tuple[int | str, ...]
    guild: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "chooser": self.chooser, "options": list(self.options), "guild": self.guild}

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Pending:
        kind = Decide(str(raw["kind"]))
        if kind not in PENDING_KINDS:
            raise ValueError(f"a waiting decision is one of {', '.join(PENDING_KINDS)}, not {kind!r}")
        options = tuple(str(o) if kind == Decide.GUILD_CHIT else int(o) for o in raw["options"])
        if not options:
            raise ValueError("a waiting decision has no options")
        return cls(kind, str(raw["chooser"]), options, _str_or_none(raw["guild"]))
