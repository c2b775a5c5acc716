"""What the referee (and, for the decisions the rules leave to them, a character) does in the living realm.

Every action is a frozen record; :class:`magecraft.magic_realm.days.RealmDays` checks it before it
changes anything.  ``kind`` names it in saves and logs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class NextDay:
    """The referee's one choice: play the next day."""

    kind: ClassVar[str] = "next-day"


@dataclass(frozen=True, slots=True)
class StrikeHive:
    """A hit on the Hive (12.5/2): three Tremendous hits destroy it; the Queen Bee comes to defend it."""

    character: str
    tremendous: bool = True
    kind: ClassVar[str] = "strike-hive"


@dataclass(frozen=True, slots=True)
class UseBookOfTheDead:
    """12.5/1: the Book of the Dead used in the Graveyard stops it raising undead."""

    character: str
    kind: ClassVar[str] = "book-of-the-dead"


@dataclass(frozen=True, slots=True)
class ChoosePod:
    """12.4/1a: of the pods tied for the closest, the character picks the one that moves."""

    pod: int
    kind: ClassVar[str] = "choose-pod"


@dataclass(frozen=True, slots=True)
class GrantGuildChit:
    """9.3/3b: eligible characters arriving together decided (unanimously, or by battle) who takes the chit."""

    character: str
    kind: ClassVar[str] = "grant-guild-chit"


@dataclass(frozen=True, slots=True)
class ChooseClearing:
    """2.3: an offroad roll of "Choose Clearing" or "Choice": the character names the clearing."""

    clearing: int
    kind: ClassVar[str] = "choose-clearing"


@dataclass(frozen=True, slots=True)
class MoveCharacter:
    """The referee puts a character where the base game's turn took it (ruling MR7)."""

    character: str
    clearing: int
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class TravelOffroad:
    """2.2/2.4: two MOVE actions recorded for offroad travel: one roll on the column of the clearing left."""

    character: str
    kind: ClassVar[str] = "offroad"


@dataclass(frozen=True, slots=True)
class Hire:
    """7.5: pay a traveller in the character's clearing its wage (the Doppleganger: a chit)."""

    character: str
    traveller: str
    chit: str | None = None
    kind: ClassVar[str] = "hire"


@dataclass(frozen=True, slots=True)
class Fire:
    """Free a hired traveller before its time is up (never the Doppleganger), or the captured Wood Sprite,
    who reveals one hidden path (``path``: its two clearings) and departs to a random Woods hex (7.10)."""

    character: str
    traveller: str
    path: tuple[int, int] | None = None
    kind: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True)
class Capture:
    """7.9: one round of combat against a traveller with a CAPTURE value; ``hit`` is the round's result."""

    character: str
    traveller: str
    hit: bool
    kind: ClassVar[str] = "capture"


@dataclass(frozen=True, slots=True)
class RaiseDead:
    """The Necromancer raises the dead for the character, once each evening (7.10)."""

    character: str
    kind: ClassVar[str] = "raise-dead"


@dataclass(frozen=True, slots=True)
class PickpocketScore:
    """A captured Pickpocket scores for a turn the character spent at a dwelling (7.10)."""

    character: str
    kind: ClassVar[str] = "pickpocket"


@dataclass(frozen=True, slots=True)
class RidOfJester:
    """7.10 Jester: ``how`` is "killed" (attacked and killed) or "guard" (delivered to the GUARD for 20 gold)."""

    character: str
    how: str
    kind: ClassVar[str] = "rid-of-jester"


@dataclass(frozen=True, slots=True)
class CharacterKilled:
    """The character dies (``by`` another character, or None): 7.8, 9.3/3-4, 2.5."""

    character: str
    by: str | None = None
    kind: ClassVar[str] = "killed"


@dataclass(frozen=True, slots=True)
class GiveGold:
    """The base game's gold changes hands (negative: the character pays); never below 0."""

    character: str
    amount: int
    kind: ClassVar[str] = "gold"


@dataclass(frozen=True, slots=True)
class GiveItem:
    """The character takes a belonging (its kind for the Siren's trap: large/small treasure or item)."""

    character: str
    item: str
    item_kind: str = "item"
    kind: ClassVar[str] = "item"


@dataclass(frozen=True, slots=True)
class RecordDeed:
    """A deed a guild asks to join (9.2, ruling MR12): "heavy kill without magic", "stole a treasure"..."""

    character: str
    deed: str
    kind: ClassVar[str] = "deed"


@dataclass(frozen=True, slots=True)
class DiscoverGuild:
    """9.1: the character discovers the guild chit on the tile: it is placed on the board."""

    character: str
    guild: str
    kind: ClassVar[str] = "discover-guild"


@dataclass(frozen=True, slots=True)
class JoinGuild:
    """9.2-9.3: join the guild at its clearing, its requirement met."""

    character: str
    guild: str
    kind: ClassVar[str] = "join-guild"


@dataclass(frozen=True, slots=True)
class DrawQuest:
    """9.3: draw a quest from the guild's pile (named by the referee, ruling MR12)."""

    character: str
    quest: str
    kind: ClassVar[str] = "draw-quest"


@dataclass(frozen=True, slots=True)
class CompleteQuest:
    """9.3/1: the drawn quest is done: the next benefit in order."""

    character: str
    kind: ClassVar[str] = "complete-quest"


@dataclass(frozen=True, slots=True)
class LocateGate:
    """3.2: the character locates a revealed gate, in its tile's highest-numbered clearing."""

    character: str
    gate: str
    kind: ClassVar[str] = "locate-gate"


@dataclass(frozen=True, slots=True)
class GateTravel:
    """3.3: from a gate he knows to another he knows: one GATE phase and ``moves`` MOVE phases recorded."""

    character: str
    gate: str
    moves: int = 1
    kind: ClassVar[str] = "gate-travel"


@dataclass(frozen=True, slots=True)
class BuyService:
    """The Blacksmith's repairs and the Cleric's services, at the card's price, in his clearing (7.10)."""

    character: str
    traveller: str
    service: str
    kind: ClassVar[str] = "buy-service"


@dataclass(frozen=True, slots=True)
class CastSpell:
    """A spell resolved on the board (List of Spells): HOP to a random clearing of the tile; OPEN GATE
    to a gate (``gate``).  The casting itself (phases, colour, MAGIC chits) is the base game's."""

    character: str
    spell: str
    gate: str | None = None
    chit: str | None = None  # MIRACLE: the chit converted
    cast_with: tuple[str, ...] = ()  # MIRACLE 1: the chits that cast it, which it cannot convert
    kind: ClassVar[str] = "cast"


@dataclass(frozen=True, slots=True)
class RunFromBattle:
    """The character runs from a battle (the base game's): ``dragons`` or the Bounty Hunter's ``bounty``
    among the enemy (7.10); never while lost (2.6)."""

    character: str
    dragons: bool = False
    bounty: bool = False
    kind: ClassVar[str] = "run"


@dataclass(frozen=True, slots=True)
class RecordDay:
    """The character's recorded activities for the coming day (ruling MR42), in order: ``MOVE@Oak Woods 3``,
    ``FLY@...``, ``SEARCH=Discover Chits`` (the Locate or Loot result), ``HIDE``, ``MAGIC SIGHT``...

    ``phases``: the base game's phases today when they differ from the setting (horses, cards);
    ``extra``: extra phases the referee grants (Shejoh's Ring's HIDE); ``fleet_foot``: FLEET FOOT is on.
    """

    character: str
    activities: tuple[str, ...]
    phases: int | None = None
    extra: tuple[str, ...] = ()
    fleet_foot: bool = False
    kind: ClassVar[str] = "day"


@dataclass(frozen=True, slots=True)
class ReadRunes:
    """10.1/3: READ RUNES at the Runestone, its spell awakened; ``learned`` is the base game's roll."""

    character: str
    learned: bool
    kind: ClassVar[str] = "read-runes"


@dataclass(frozen=True, slots=True)
class TradeWithMerchant:
    """7.10 Merchant, in the character's clearing: he buys ``item`` at its face value, or sells it
    (``buying``: the character buys) at four times the face value; no haggling."""

    character: str
    item: str
    face_value: int
    buying: bool = False
    item_kind: str = "item"
    kind: ClassVar[str] = "merchant"


@dataclass(frozen=True, slots=True)
class MoveHireling:
    """7.10 Mercenary: the hired leader moved on his own, like a Native Leader, to ``clearing``."""

    character: str
    traveller: str
    clearing: int
    kind: ClassVar[str] = "move-hireling"


@dataclass(frozen=True, slots=True)
class PutOnRing:
    """10.2: the character puts on Shejoh's Ring (the high die of 2d6, for good); ``witch_king_in_play``: the
    base game's Witch-King is already in play (result 1 then kills)."""

    character: str
    witch_king_in_play: bool = False
    kind: ClassVar[str] = "ring"


@dataclass(frozen=True, slots=True)
class EnchantressAid:
    """7.10 Enchantress: a round of combat with her serving -- one roll on Enchantress Aid (her targets are
    the hiring character's choice, the base game's combat the referee's)."""

    character: str
    kind: ClassVar[str] = "enchantress"


@dataclass(frozen=True, slots=True)
class PlayMiracle:
    """MIRACLE 3: the character plays a Miracle chit (``chit``, or the first held) on the last die roll the
    realm made, forcing one re-roll; ``keep`` which roll is better, ``"low"`` or ``"high"`` (ruling MR11)."""

    character: str
    chit: str | None = None
    keep: str = "low"
    kind: ClassVar[str] = "miracle"


@dataclass(frozen=True, slots=True)
class WoundMiracle:
    """MIRACLE 4: a Miracle chit put in the wound box without being played, reverting to its chit."""

    character: str
    chit: str | None = None
    kind: ClassVar[str] = "miracle-to-wounds"


DayAction = (
    NextDay | StrikeHive | UseBookOfTheDead | ChoosePod | GrantGuildChit | ChooseClearing | MoveCharacter
    | TravelOffroad | Hire | Fire | Capture | RaiseDead | PickpocketScore | RidOfJester | CharacterKilled
    | GiveGold | GiveItem | RecordDeed | DiscoverGuild | JoinGuild | DrawQuest | CompleteQuest | LocateGate
    | GateTravel | BuyService | CastSpell | RunFromBattle | RecordDay | ReadRunes
    | TradeWithMerchant | MoveHireling | PutOnRing | EnchantressAid | PlayMiracle | WoundMiracle
)
