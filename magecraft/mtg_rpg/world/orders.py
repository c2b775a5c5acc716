"""The actions open now in the action sub-phase ("3d. Action Sub-phase", "Free Actions", seed 000).

"During each action sub-phase, a realm can perform up to two of the actions listed below.
(Alternatively, the realm can perform any single action twice.)"  :func:`legal` offers each action that
passes :func:`~magecraft.mtg_rpg.world.order_checks.check` (amounts in steps), the hexes to take after Make
War ("Capture Points") and to pave after Build Roads.  What each costs is in
:mod:`~magecraft.mtg_rpg.world.order_costs`, how it is carried out in
:mod:`~magecraft.mtg_rpg.world.order_performing`, the road networks in :mod:`~magecraft.mtg_rpg.world.roads`.
"""

from __future__ import annotations

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.world import war
from magecraft.mtg_rpg.world.actions import (
    DECREES,
    ESPIONAGE_AIMS,
    BuildBase,
    BuildGuard,
    BuildNaval,
    BuildRoads,
    BuildStructure,
    BuyResources,
    Capture,
    ConductDiplomacy,
    Decree,
    Disband,
    Done,
    EndTurn,
    Espionage,
    Explore,
    FortifyBase,
    Grant,
    HireMercenaries,
    HireScouts,
    HireWizard,
    HoldFestival,
    MakeWar,
    MoveCapital,
    MoveTroops,
    NavalBattle,
    OpenTrade,
    PaveRoad,
    Phase,
    Recruit,
    SellResources,
    WorldAction,
)
from magecraft.mtg_rpg.world.board import Board, Turn
from magecraft.mtg_rpg.world.order_checks import check
from magecraft.mtg_rpg.world.order_costs import cost_of
from magecraft.mtg_rpg.world.realm import Realm
from magecraft.mtg_rpg.world.roads import road_allowed
from magecraft.mtg_rpg.world.rules import FESTIVALS

# -- legal choices ------------------------------------------------------------------------------------


def legal(world: Board, turn: Turn) -> list[WorldAction]:
    """The actions open now; each offered one passes :func:`check` (amounts are offered in steps)."""
    if turn.phase is Phase.CAPTURE:
        return _capture_offers(world, turn)
    if turn.phase is Phase.ROAD:
        return _road_offers(world, turn)
    offers: list[WorldAction] = []
    for action in _candidates(world, turn, world.realms[turn.realm]):
        try:
            check(world, turn, action)
        except RuleError:
            continue
        offers.append(action)
    return offers


def _capture_offers(world: Board, turn: Turn) -> list[WorldAction]:
    """Each hex the capture points may take, razed, or with a government installed ("Make War")."""
    offers: list[WorldAction] = []
    for h in war.capturable(world, turn):
        offers.append(Capture(h))
        hx = world.map[h]
        if hx.base is not None:
            offers.append(Capture(h, raze=True))
        if hx.owner is not None and world.realms[hx.owner].capital == h:
            offers.append(Capture(h, install=True))
    offers.append(Done())
    return offers


def _road_offers(world: Board, turn: Turn) -> list[WorldAction]:
    """Each hex a road may be paved in now, affordable and allowed ("Build Roads")."""
    realm = world.realms[turn.realm]
    offers: list[WorldAction] = []
    if turn.road_left > 0:
        for hex_id in range(len(world.map)):
            gold, resources = cost_of(world, turn, PaveRoad(hex_id))
            affordable = gold <= realm.treasury and resources <= turn.resources
            if affordable and road_allowed(world, turn.realm, hex_id) is None:
                offers.append(PaveRoad(hex_id))
    offers.append(Done())
    return offers


def _candidates(world: Board, turn: Turn, realm: Realm) -> list[WorldAction]:
    """Every action of the action sub-phase worth offering, in the order offered, before it is checked."""
    others = [r.name for r in world.alive() if r.name != turn.realm]
    mine = world.territory(turn.realm)
    bases = world.bases(turn.realm)
    return [
        *(OpenTrade(t) for t in others),
        BuildRoads(),
        *(BuildStructure(s) for s in world.rules.structures),
        Recruit(),
        *(HireMercenaries(n) for n in (1, 2, 3, 5)),
        BuildNaval(),
        HireWizard(),
        HireScouts(1),
        Explore(),
        *(
            NavalBattle(other.name, h)
            for other in world.alive()
            if other.name != turn.realm
            for h in sorted(set(other.troops.get("N", ())))
        ),
        *(MakeWar(s) for s in range(1, war.war_strength_available(world, turn, realm, False) + 1)),
        *(
            [MakeWar(war.war_strength_available(world, turn, realm, True), ruler_joins=True)]
            if realm.ruler_is_wizard
            else []
        ),
        *(BuildGuard(h) for h in mine if not world.map[h].guard),
        *(ConductDiplomacy(t) for t in others),
        *(HoldFestival(size) for size in FESTIVALS),
        *(SellResources(n) for n in sorted({1, 5, 10, turn.resources}) if n >= 1),
        *(BuyResources(n) for n in (5, 10, 25)),
        *(BuildBase(h) for h in mine if world.map[h].base is None),
        *(FortifyBase(h) for h in bases),
        *(MoveCapital(h) for h in bases if h != realm.capital),
        *(Espionage(t, aim, item="military" if aim == "sheet" else "") for t in others for aim in ESPIONAGE_AIMS),
        *(Decree(p) for p in DECREES),
        Grant(1_000, "a gift to a loyal servant"),
        *_troop_moves(world, realm, mine),
        *(Disband("military", 1) for _ in range(1)),
        *(Disband("mercenaries", realm.mercenaries) for _ in range(1) if realm.mercenaries),
        EndTurn(),
    ]


def _troop_moves(world: Board, realm: Realm, mine: list[int]) -> list[WorldAction]:
    """Troops moved at a cost, each marked unit's march, and the sea crossings of mercenary and Wizard units."""
    return [
        MoveTroops(1, 1),
        *(
            MoveTroops(1, what=letter, start=start, to=to)
            for letter, hexes in realm.troops.items()
            for start in sorted(set(hexes))
            for to in (mine if letter != "N" else [*mine, *sorted(world.map.sea_ids())])
            if to != start
        ),
        *(
            MoveTroops(1, what=letter, start=start, to=to, by_sea=True)
            for letter in ("M", "W")
            for start in sorted(set(realm.troops.get(letter, ())))
            if "N" in realm.troops and world.map[start].terrain == "coastal"
            for to in mine
            if to != start and world.map[to].terrain == "coastal"
        ),
    ]

