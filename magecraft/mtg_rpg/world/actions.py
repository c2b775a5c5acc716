"""What a realm may choose during its turn: one small frozen dataclass per choice.

The choices follow "Realm Turns Phase" (seed 000): the hardship sub-phase (gold spent for +1s,
or delaying the turn), the treasury sub-phase (the tax rate), the discontent sub-phase
(military strength used to quell), the action sub-phase ("up to two of the actions listed
below", the free actions besides) and, after Make War and Build Roads, the hexes taken or paved
one at a time.  :class:`~magecraft.mtg_rpg.world.campaign.World` checks and performs them.

>>> MakeWar(5).describe()
'Make War with strength 5'
>>> Capture(3, raze=True).describe()
'capture hex 3 and raze its base'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any, ClassVar

from magecraft.core.errors import DataError


class Phase(Enum):
    """The sub-phase of a realm's turn ("Realm Turns Phase"), which says what the realm decides now.

    Saved as its value.  ``CAPTURE`` and ``ROAD`` are the hexes taken after Make War and paved after
    Build Roads, one at a time; ``OVER`` a turn whose adjustment is being made.
    """

    HARDSHIP = "hardship"
    TREASURY = "treasury"
    DISCONTENT = "discontent"
    ACTIONS = "actions"
    CAPTURE = "capture"
    ROAD = "road"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class WorldAction:
    """Base of every choice; ``kind`` names it in saves and on the command line."""

    kind: ClassVar[str] = ""
    #: Whether it uses one of the two actions of the action sub-phase.
    counts: ClassVar[bool] = False

    def describe(self) -> str:
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


# -- before the actions -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Delay(WorldAction):
    """Take the turn after the next realm has taken its own ("2. The Initiative Phase")."""

    kind: ClassVar[str] = "delay"

    def describe(self) -> str:
        return "delay the turn until after the next realm's"


@dataclass(frozen=True, slots=True)
class Hardship(WorldAction):
    """The Wilderness Lore check, with 50 gp per population point per +1 ("3a. Hardship Sub-phase")."""

    kind: ClassVar[str] = "hardship"
    bonus: int = 0

    def describe(self) -> str:
        return f"make the hardship check with +{self.bonus} bought" if self.bonus else "make the hardship check"


@dataclass(frozen=True, slots=True)
class SetTax(WorldAction):
    """The tax rate for the turn, and soldiers sent home before paying them ("3b. Treasury Sub-phase").

    "At this point, the realm can voluntarily decrease its military strength in order to lower
    maintenance costs": ``disband`` points go before the soldiers are paid.
    """

    kind: ClassVar[str] = "tax"
    rate: str = "medium"
    disband: int = 0

    def describe(self) -> str:
        text = f"collect taxes at the {self.rate} rate"
        return f"{text} and send {self.disband} military home unpaid" if self.disband else text


@dataclass(frozen=True, slots=True)
class Quell(WorldAction):
    """Military strength added to the Diplomacy check ("3c. Discontent Sub-phase")."""

    kind: ClassVar[str] = "quell"
    strength: int = 0

    def describe(self) -> str:
        return (
            f"quell unrest with {self.strength} military strength"
            if self.strength
            else "make the discontent check"
        )


# -- the two actions ("3d. Action Sub-phase") -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenTrade(WorldAction):
    kind: ClassVar[str] = "open-trade"
    counts: ClassVar[bool] = True
    target: str = ""

    def describe(self) -> str:
        return f"open a trade route to {self.target}"


@dataclass(frozen=True, slots=True)
class BuildRoads(WorldAction):
    kind: ClassVar[str] = "roads"
    counts: ClassVar[bool] = True

    def describe(self) -> str:
        return "build roads (up to 6 hexes)"


@dataclass(frozen=True, slots=True)
class BuildStructure(WorldAction):
    kind: ClassVar[str] = "structure"
    counts: ClassVar[bool] = True
    structure: str = ""

    def describe(self) -> str:
        return f"build a {self.structure}"


@dataclass(frozen=True, slots=True)
class Recruit(WorldAction):
    kind: ClassVar[str] = "recruit"
    counts: ClassVar[bool] = True

    def describe(self) -> str:
        return "recruit (+1 military strength)"


@dataclass(frozen=True, slots=True)
class HireMercenaries(WorldAction):
    kind: ClassVar[str] = "mercenaries"
    counts: ClassVar[bool] = True
    units: int = 1

    def describe(self) -> str:
        return f"hire {self.units} mercenary unit{'s' if self.units != 1 else ''}"


@dataclass(frozen=True, slots=True)
class BuildNaval(WorldAction):
    kind: ClassVar[str] = "naval"
    counts: ClassVar[bool] = True

    def describe(self) -> str:
        return "build a naval unit"


@dataclass(frozen=True, slots=True)
class HireWizard(WorldAction):
    kind: ClassVar[str] = "wizard-unit"
    counts: ClassVar[bool] = True
    guard_hex: int | None = None

    def describe(self) -> str:
        where = f" for the guarding army in hex {self.guard_hex}" if self.guard_hex is not None else ""
        return f"hire a Wizard unit{where}"


@dataclass(frozen=True, slots=True)
class HireScouts(WorldAction):
    kind: ClassVar[str] = "scouts"
    counts: ClassVar[bool] = True
    units: int = 1

    def describe(self) -> str:
        return f"hire {self.units} scout unit{'s' if self.units != 1 else ''} for the season"


@dataclass(frozen=True, slots=True)
class Explore(WorldAction):
    """The ruler explores two hexes in person: "it will count as one of their two actions" (WW30)."""

    kind: ClassVar[str] = "explore"
    counts: ClassVar[bool] = True

    def describe(self) -> str:
        return "the ruler explores two hexes in person"


@dataclass(frozen=True, slots=True)
class NavalBattle(WorldAction):
    """Attack ``target``'s naval units in hex ``hex`` with the naval units at or beside it (WW31).

    "Any military unit that wants to ... attack another water-borne unit must be designated as a
    Navel unit."
    """

    kind: ClassVar[str] = "naval-battle"
    counts: ClassVar[bool] = True
    target: str = ""
    hex: int = 0

    def describe(self) -> str:
        return f"attack {self.target}'s naval units in hex {self.hex}"


@dataclass(frozen=True, slots=True)
class MakeWar(WorldAction):
    kind: ClassVar[str] = "war"
    counts: ClassVar[bool] = True
    strength: int = 1
    ruler_joins: bool = False

    def describe(self) -> str:
        joined = " with the Wizard ruler in the field" if self.ruler_joins else ""
        return f"Make War with strength {self.strength}{joined}"


@dataclass(frozen=True, slots=True)
class BuildGuard(WorldAction):
    kind: ClassVar[str] = "guard"
    counts: ClassVar[bool] = True
    hex: int = 0

    def describe(self) -> str:
        return f"build a guarding army in hex {self.hex}"


@dataclass(frozen=True, slots=True)
class ConductDiplomacy(WorldAction):
    kind: ClassVar[str] = "diplomacy"
    counts: ClassVar[bool] = True
    target: str = ""
    extra: int = 0

    def describe(self) -> str:
        more = f" (+{self.extra} for {self.extra * 10_000:,} gp more)" if self.extra else ""
        return f"conduct diplomacy with {self.target}{more}"


@dataclass(frozen=True, slots=True)
class HoldFestival(WorldAction):
    kind: ClassVar[str] = "festival"
    counts: ClassVar[bool] = True
    size: str = "simple"

    def describe(self) -> str:
        return f"hold {'an' if self.size[0] in 'aeiou' else 'a'} {self.size} festival"


@dataclass(frozen=True, slots=True)
class SellResources(WorldAction):
    kind: ClassVar[str] = "sell"
    counts: ClassVar[bool] = True
    amount: int = 1

    def describe(self) -> str:
        return f"sell {self.amount} resources for {self.amount * 100:,} gp"


@dataclass(frozen=True, slots=True)
class BuyResources(WorldAction):
    kind: ClassVar[str] = "buy"
    counts: ClassVar[bool] = True
    amount: int = 1

    def describe(self) -> str:
        return f"buy {self.amount} resources for this turn for {self.amount * 100:,} gp"


@dataclass(frozen=True, slots=True)
class BuildBase(WorldAction):
    kind: ClassVar[str] = "base"
    counts: ClassVar[bool] = True
    hex: int = 0

    def describe(self) -> str:
        return f"build a base in hex {self.hex}"


@dataclass(frozen=True, slots=True)
class FortifyBase(WorldAction):
    kind: ClassVar[str] = "fortify"
    counts: ClassVar[bool] = True
    hex: int = 0

    def describe(self) -> str:
        return f"fortify the base in hex {self.hex}"


@dataclass(frozen=True, slots=True)
class MoveCapital(WorldAction):
    kind: ClassVar[str] = "move-capital"
    counts: ClassVar[bool] = True
    hex: int = 0

    def describe(self) -> str:
        return f"move the capitol to the base in hex {self.hex}"


#: "Espionage": what a successful operation may do (the referee may allow others).
#: "agreements" reveals diplomatic agreements, "troops" catalogues troop stationing, "sheet" one item
#: of the control sheet (``item``), "trace" who spied on the realm (WW25); "intelligence" is the
#: referee's broader report (military, treasury, Calling, Demeanor).
ESPIONAGE_AIMS = (
    "bandits",
    "controversy",
    "assassination",
    "food-stores",
    "agreements",
    "troops",
    "sheet",
    "trace",
    "intelligence",
)


@dataclass(frozen=True, slots=True)
class Espionage(WorldAction):
    kind: ClassVar[str] = "espionage"
    counts: ClassVar[bool] = True
    target: str = ""
    aim: str = "intelligence"
    extra: int = 0
    #: The sheet item to learn, or the second realm of the agreements to reveal.
    item: str = ""

    def describe(self) -> str:
        what = f"{self.aim}: {self.item.replace('_', ' ')}" if self.item else self.aim
        return f"spy on {self.target} ({what})"


# -- free actions -----------------------------------------------------------------------------------

DECREES = ("tariff", "law")


@dataclass(frozen=True, slots=True)
class Decree(WorldAction):
    kind: ClassVar[str] = "decree"
    purpose: str = "tariff"

    def describe(self) -> str:
        return f"decree ({self.purpose})"


@dataclass(frozen=True, slots=True)
class Grant(WorldAction):
    kind: ClassVar[str] = "grant"
    gold: int = 0
    reason: str = ""

    def describe(self) -> str:
        return f"grant {self.gold:,} gp{': ' + self.reason if self.reason else ''}"


@dataclass(frozen=True, slots=True)
class MoveTroops(WorldAction):
    """March ``units`` units; a marked unit (``what`` M, N or W) from hex ``start`` to hex ``to``.

    Soldiers without a marker pay for ``hexes``; a marked move pays for the distance (WW22).
    ``by_sea``: a naval unit carries the marked unit from coast to coast (ruling WW33).
    """

    kind: ClassVar[str] = "move-troops"
    units: int = 1
    hexes: int = 1
    what: str = ""
    start: int = -1
    to: int = -1
    by_sea: bool = False

    def describe(self) -> str:
        units = f"{self.units} unit{'s' if self.units != 1 else ''}"
        if self.by_sea:
            return f"carry {units} {self.what} by sea from hex {self.start} to hex {self.to}"
        if self.what:
            return f"move {units} {self.what} from hex {self.start} to hex {self.to}"
        return f"move {units} {self.hexes} hex{'es' if self.hexes != 1 else ''}"


@dataclass(frozen=True, slots=True)
class Disband(WorldAction):
    kind: ClassVar[str] = "disband"
    what: str = "military"
    units: int = 1

    def describe(self) -> str:
        return f"disband {self.units} {self.what} unit{'s' if self.units != 1 else ''}"


@dataclass(frozen=True, slots=True)
class EndTurn(WorldAction):
    kind: ClassVar[str] = "end"

    def describe(self) -> str:
        return "end the turn"


# -- after Make War and Build Roads -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Capture(WorldAction):
    """Spend capture points on one hex ("Capture Points"); ``install`` keeps a conquered realm in play.

    "The conqueror chooses the Calling and Demeanor of the new government": ``calling`` and
    ``demeanor`` (left empty, the new government's are drawn, ruling WW16).
    """

    kind: ClassVar[str] = "capture"
    hex: int = 0
    raze: bool = False
    install: bool = False
    calling: str = ""
    demeanor: str = ""

    def describe(self) -> str:
        text = f"capture hex {self.hex}"
        if self.raze:
            text += " and raze its base"
        if self.install:
            text += " and install a friendly government"
            if self.calling or self.demeanor:
                text += f" ({self.calling or 'any Calling'}, {self.demeanor or 'any Demeanor'})"
        return text


@dataclass(frozen=True, slots=True)
class PaveRoad(WorldAction):
    kind: ClassVar[str] = "pave"
    hex: int = 0

    def describe(self) -> str:
        return f"pave a road through hex {self.hex}"


@dataclass(frozen=True, slots=True)
class Done(WorldAction):
    """Stop capturing (unused points are lost) or stop paving."""

    kind: ClassVar[str] = "done"

    def describe(self) -> str:
        return "stop here"


ACTION_TYPES: dict[str, type[WorldAction]] = {
    cls.kind: cls
    for cls in (
        Delay,
        Hardship,
        SetTax,
        Quell,
        OpenTrade,
        BuildRoads,
        BuildStructure,
        Recruit,
        HireMercenaries,
        BuildNaval,
        HireWizard,
        HireScouts,
        Explore,
        NavalBattle,
        MakeWar,
        BuildGuard,
        ConductDiplomacy,
        HoldFestival,
        SellResources,
        BuyResources,
        BuildBase,
        FortifyBase,
        MoveCapital,
        Espionage,
        Decree,
        Grant,
        MoveTroops,
        Disband,
        EndTurn,
        Capture,
        PaveRoad,
        Done,
    )
}


def action_from_dict(raw: Any) -> WorldAction:
    """An action from its saved form; anything malformed is refused, naming what is wrong."""
    if not isinstance(raw, dict) or raw.get("kind") not in ACTION_TYPES:
        raise DataError(f"not a world action: {raw!r}")
    cls = ACTION_TYPES[raw["kind"]]
    try:
        return cls(**{k: v for k, v in raw.items() if k != "kind"})
    except TypeError as exc:
        raise DataError(f"world action {raw['kind']}: {exc}") from None
