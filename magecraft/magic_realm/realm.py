"""What the realm's rule modules read and change of the living realm: the :class:`Realm` they are handed.

:class:`magecraft.magic_realm.days.RealmDays` composes the rule modules (:mod:`.referee`, :mod:`.phases`,
:mod:`.travellers`, :mod:`.miracles`, :mod:`.words`) and hands itself to them; they see it only through
this protocol, so none of them imports the state module back.  The two records of a day the state keeps
for them live here too: :class:`DayRecord` (what a character has recorded for the coming day, ruling MR42)
and :class:`Replay` (the realm before the last action that rolled, for a Miracle chit, ruling MR47).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from magecraft.magic_realm.characters import activity

if TYPE_CHECKING:
    from magecraft.core.events import EventLog
    from magecraft.core.randomness import AskDie, Randomness
    from magecraft.magic_realm.actions import DayAction, StrikeHive
    from magecraft.magic_realm.board import Board
    from magecraft.magic_realm.guilds import GuildHall
    from magecraft.magic_realm.hirelings import Retinue
    from magecraft.magic_realm.pieces import Character, Item, Pending, Pod, TravellerPiece
    from magecraft.magic_realm.setup import Setup
    from magecraft.magic_realm.sites import Sites
    from magecraft.magic_realm.table_dice import RealmSettings


@dataclass(slots=True)
class DayRecord:
    """What a character has recorded so far for the coming day, and whether it has been in a cave."""

    cave: bool
    activities: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"cave": self.cave, "activities": list(self.activities)}

    @classmethod
    def read(cls, raw: Any) -> DayRecord:
        record = cls(bool(raw["cave"]), [str(a) for a in raw["activities"]])
        for name in record.activities:
            activity(name)
        return record


@dataclass(frozen=True, slots=True)
class Replay:
    """The realm before the last action that rolled dice (``before``, a save), the action, and the event
    log's length before it (``start``): a Miracle re-roll kept plays the action again from here."""

    before: dict[str, Any]
    action: Any
    start: int


class Realm(Protocol):
    """The living realm as its rule modules use it: the board and pieces, the characters' retinues and guilds,
    the day's decision waiting, the dice and the report; and the few steps of the day only the state plays."""

    rng: Randomness
    settings: RealmSettings
    setup: Setup
    board: Board
    sites: Sites
    characters: list[Character]
    travellers: list[TravellerPiece]
    pods: list[Pod]
    generator: str
    generator_clearing: int
    generator_closed: bool
    hive_destroyer: str | None
    day: int
    turn: int | None
    pending: Pending | None
    report: list[dict[str, Any]]
    retinues: dict[str, Retinue]
    guilds: GuildHall
    guild_clearings: dict[str, int]
    piles: dict[int, list[Item]]
    siren_box: list[Item]
    today: dict[str, DayRecord]
    ring: dict[str, Any] | None
    glowing: set[int]
    miracle_roll: dict[str, Any] | None
    replay: Replay | None

    @property
    def log(self) -> EventLog: ...

    def note(self, text: str) -> None: ...

    def character(self, name: str) -> Character: ...

    def traveller(self, name: str) -> TravellerPiece: ...

    def place_traveller(self, piece: TravellerPiece, clearing: int) -> None: ...

    def move_pod(self, pod: Pod, character: Character) -> None: ...

    def strike(self, action: StrikeHive) -> None: ...

    def continue_day(self) -> None: ...

    def perform(self, action: DayAction) -> None: ...

    def to_dict(self) -> dict[str, Any]: ...

    def restore(self, saved: dict[str, Any], *, ask: AskDie | None = None) -> None: ...
