"""The action sub-phase ("3d. Action Sub-phase", seed 000): two actions, free actions, war and roads.

"During each action sub-phase, a realm can perform up to two of the actions listed below.
(Alternatively, the realm can perform any single action twice.)"  Gold comes from the
treasury; resources from the turn's pool -- the resource rating plus the season's windfalls,
less the civilians' upkeep -- because "resources cannot be saved up from turn to turn" and "a
realm cannot take a combination of actions that require total resources that are higher than
its resource rating".  Every refusal names the rule and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from magecraft.mtg_rpg.world.naval import (
    battle_cost,
    check_battle,
    check_sail,
    check_transport,
    naval_battle,
    sailing_distance,
    transport,
)
from magecraft.mtg_rpg.world.realm import MARKERS, Building, Ongoing, Realm, recruit_cap
from magecraft.mtg_rpg.world.rules import FESTIVALS
from magecraft.mtg_rpg.world.troops import (
    SHEET_ITEMS,
    describe_hex,
    espionage,
    explore_in_person,
    moves_cost,
    scout,
)

ACTIONS = "3d. Action Sub-phase"
FREE = "Free Actions"

ACTIONS_PER_TURN = 2
TRADE_COST = 10_000
ROAD_COST, ROAD_RESOURCES, ROAD_HEXES = 10_000, 10, 6
STRUCTURE_SEASON_GP = 25_000
RECRUIT_GP, RECRUIT_RESOURCES = 1_000, 5
MERCENARY_GP, MERCENARY_RESOURCES = 5_000, 5
NAVAL_GP, NAVAL_RESOURCES = 5_000, 10
WIZARD_GP = 5_000
#: "$1,000 per scout unit per month"; a season is 60 days.
SCOUT_GP_PER_SEASON = 2_000
GUARD_GP, GUARD_RESOURCES = 25_000, 10
DIPLOMACY_GP = 10_000
RESOURCE_GP = 100
BASE_GP, BASE_RESOURCES = 25_000, 25
FLAT_FORT_GP, FLAT_FORT_RESOURCES = 25_000, 10
CAPITAL_GP, CAPITAL_RESOURCES = 100_000, 50
ESPIONAGE_GP, ESPIONAGE_RESOURCES = 10_000, 5
DECREE_GP, DECREE_RESOURCES, DECREES_PER_TURN = 1_000, 1, 2
MERCENARY_DISBAND_DC = 9


#: The actions that raise new military forces: soldiers, mercenaries, naval and Wizard units (3a, WW38).
NEW_FORCES = (Recruit, HireMercenaries, BuildNaval, HireWizard)


def _refuse(message: str, rule: str, section: str = ACTIONS) -> RuleError:
    return RuleError(message, rule=rule, section=section)


# -- what things cost -------------------------------------------------------------------------------


def cost_of(world: Board, turn: Turn, action: WorldAction) -> tuple[int, int]:
    """Gold and resources an action takes (before any draw)."""
    cost = _COSTS.get(type(action))
    return (0, 0) if cost is None else cost(world, turn, world.realms[turn.realm], action)


def _cost_open_trade(world: Board, turn: Turn, realm: Realm, action: OpenTrade) -> tuple[int, int]:
    """What Open Trade costs in gold and resources."""
    target = action.target
    shared = world.settings.road_use == "shared" and target in world.realms
    bases, _ = road_links(world, turn.realm, target) if shared else (False, False)
    return (TRADE_COST // 2 if bases else TRADE_COST), 0


def _cost_build_structure(world: Board, turn: Turn, realm: Realm, action: BuildStructure) -> tuple[int, int]:
    """What Build Structure costs in gold and resources."""
    name = action.structure
    rules = world.rules
    if name not in rules.structures:
        return 0, 0
    s = rules.structures[name]
    return s.cost, s.resources


def _cost_recruit(world: Board, turn: Turn, realm: Realm, action: Recruit) -> tuple[int, int]:
    """What Recruit costs in gold and resources."""
    return RECRUIT_GP * realm.military, RECRUIT_RESOURCES * realm.military


def _cost_hire_mercenaries(world: Board, turn: Turn, realm: Realm, action: HireMercenaries) -> tuple[int, int]:
    """What Hire Mercenaries costs in gold and resources."""
    n = action.units
    return MERCENARY_GP * n, MERCENARY_RESOURCES * n


def _cost_build_naval(world: Board, turn: Turn, realm: Realm, action: BuildNaval) -> tuple[int, int]:
    """What Build Naval costs in gold and resources."""
    return NAVAL_GP * max(1, realm.military), NAVAL_RESOURCES * max(1, realm.military)


def _cost_hire_wizard(world: Board, turn: Turn, realm: Realm, action: HireWizard) -> tuple[int, int]:
    """What Hire Wizard costs in gold and resources."""
    return WIZARD_GP, 0


def _cost_hire_scouts(world: Board, turn: Turn, realm: Realm, action: HireScouts) -> tuple[int, int]:
    """What Hire Scouts costs in gold and resources."""
    n = action.units
    return SCOUT_GP_PER_SEASON * n, 0


def _cost_make_war(world: Board, turn: Turn, realm: Realm, action: MakeWar) -> tuple[int, int]:
    """What Make War costs in gold and resources."""
    s = action.strength
    joins = action.ruler_joins
    return world.settings.war_cost_per_strength * s, war.war_resources(realm, s, joins)


def _cost_naval_battle(world: Board, turn: Turn, realm: Realm, action: NavalBattle) -> tuple[int, int]:
    """What Naval Battle costs in gold and resources."""
    return battle_cost(world, turn, action)


def _cost_build_guard(world: Board, turn: Turn, realm: Realm, action: BuildGuard) -> tuple[int, int]:
    """What Build Guard costs in gold and resources."""
    return GUARD_GP, GUARD_RESOURCES


def _cost_conduct_diplomacy(world: Board, turn: Turn, realm: Realm, action: ConductDiplomacy) -> tuple[int, int]:
    """What Conduct Diplomacy costs in gold and resources."""
    extra = action.extra
    return DIPLOMACY_GP * (1 + extra), 0


def _cost_hold_festival(world: Board, turn: Turn, realm: Realm, action: HoldFestival) -> tuple[int, int]:
    """What Hold Festival costs in gold and resources."""
    size = action.size
    rules = world.rules
    if size not in rules.festivals:
        return 0, 0
    per = (
        world.settings.impressive_festival_gp
        if size == "impressive"
        else rules.festivals[size].gp_per_population
    )
    return per * world.population(turn.realm), 0


def _cost_buy_resources(world: Board, turn: Turn, realm: Realm, action: BuyResources) -> tuple[int, int]:
    """What Buy Resources costs in gold and resources."""
    n = action.amount
    return RESOURCE_GP * n, 0


def _cost_build_base(world: Board, turn: Turn, realm: Realm, action: BuildBase) -> tuple[int, int]:
    """What Build Base costs in gold and resources."""
    return BASE_GP, BASE_RESOURCES


def _cost_fortify_base(world: Board, turn: Turn, realm: Realm, action: FortifyBase) -> tuple[int, int]:
    """What Fortify Base costs in gold and resources."""
    h = action.hex
    rules = world.rules
    if not (0 <= h < len(world.map)):
        return 0, 0
    level = world.map[h].fort + 1
    if world.settings.fortification_costs == "flat" or level > 6:
        return FLAT_FORT_GP, FLAT_FORT_RESOURCES
    row = rules.fortification[level - 1]
    return row.cost, row.resources


def _cost_move_capital(world: Board, turn: Turn, realm: Realm, action: MoveCapital) -> tuple[int, int]:
    """What Move Capital costs in gold and resources."""
    return CAPITAL_GP, CAPITAL_RESOURCES


def _cost_espionage(world: Board, turn: Turn, realm: Realm, action: Espionage) -> tuple[int, int]:
    """What Espionage costs in gold and resources."""
    extra = action.extra
    return ESPIONAGE_GP * (1 + extra), ESPIONAGE_RESOURCES


def _cost_decree(world: Board, turn: Turn, realm: Realm, action: Decree) -> tuple[int, int]:
    """What Decree costs in gold and resources."""
    return DECREE_GP, DECREE_RESOURCES


def _cost_grant(world: Board, turn: Turn, realm: Realm, action: Grant) -> tuple[int, int]:
    """What Grant costs in gold and resources."""
    gold = action.gold
    return gold, 0


def _cost_move_troops(world: Board, turn: Turn, realm: Realm, action: MoveTroops) -> tuple[int, int]:
    """What Move Troops costs in gold and resources."""
    units = action.units
    hexes = action.hexes
    what = action.what
    start = action.start
    to = action.to
    by_sea = action.by_sea
    if what:
        if not (0 <= start < len(world.map) and 0 <= to < len(world.map)):
            return 0, 0
        sailed = sailing_distance(world, start, to) if what == "N" or by_sea else None
        hexes = sailed if sailed is not None else world.map.distance(start, to)
    return moves_cost(units, hexes), 0


def _cost_pave_road(world: Board, turn: Turn, realm: Realm, action: PaveRoad) -> tuple[int, int]:
    """What Pave Road costs in gold and resources."""
    h = action.hex
    if leverages(world, realm, h):
        return ROAD_COST // 2, ROAD_RESOURCES // 2
    return ROAD_COST, ROAD_RESOURCES


#: The cost of each action that has one ("3d. Action Sub-phase", "Free Actions"); any other costs nothing.
_COSTS: dict[type[WorldAction], Callable[..., Any]] = {
    OpenTrade: _cost_open_trade,
    BuildStructure: _cost_build_structure,
    Recruit: _cost_recruit,
    HireMercenaries: _cost_hire_mercenaries,
    BuildNaval: _cost_build_naval,
    HireWizard: _cost_hire_wizard,
    HireScouts: _cost_hire_scouts,
    MakeWar: _cost_make_war,
    NavalBattle: _cost_naval_battle,
    BuildGuard: _cost_build_guard,
    ConductDiplomacy: _cost_conduct_diplomacy,
    HoldFestival: _cost_hold_festival,
    BuyResources: _cost_buy_resources,
    BuildBase: _cost_build_base,
    FortifyBase: _cost_fortify_base,
    MoveCapital: _cost_move_capital,
    Espionage: _cost_espionage,
    Decree: _cost_decree,
    Grant: _cost_grant,
    MoveTroops: _cost_move_troops,
    PaveRoad: _cost_pave_road,
}


# -- roads ----------------------------------------------------------------------------------------------


def road_components(world: Board) -> dict[int, int]:
    """Each paved hex's road network (cached on the world until a road is paved)."""
    if world.roads is not None:
        return world.roads
    paved = {h.id for h in world.map if h.road}
    label: dict[int, int] = {}
    for start in paved:
        if start in label:
            continue
        label[start] = start
        stack = [start]
        while stack:
            for nxt in world.map.neighbour_ids(stack.pop()):
                if nxt in paved and nxt not in label:
                    label[nxt] = start
                    stack.append(nxt)
    world.roads = label
    return label


def leverages(world: Board, realm: Realm, hex_id: int) -> bool:
    """Whether paving ``hex_id`` is setting up trade along a road already there that is not the realm's own.

    "A realm can leverage a pre-built road and setup trade along this pre-existing route for half the
    standard build costs. (Infrastructure and organization still has to be created.)" (Build Roads, WW14).
    """
    return (
        world.settings.road_use == "own"
        and 0 <= hex_id < len(world.map)
        and world.map[hex_id].road
        and hex_id not in realm.roads
    )


def _own_components(world: Board, realm: Realm) -> dict[int, int]:
    """The networks of the realm's own road hexes (built or leveraged), each hex to its network's label."""
    own = set(realm.roads)
    label: dict[int, int] = {}
    for start in realm.roads:
        if start in label:
            continue
        label[start] = start
        stack = [start]
        while stack:
            for nxt in world.map.neighbour_ids(stack.pop()):
                if nxt in own and nxt not in label:
                    label[nxt] = start
                    stack.append(nxt)
    return label


def road_links(world: Board, a: str, b: str) -> tuple[bool, bool]:
    """Whether a road joins a base of ``a`` to a base of ``b``, and whether it joins their capitols.

    "If there is a road between the two realms (base to base), double the final result": by default (WW14) the
    road must be ``a``'s own -- built by it or leveraged at half the build costs -- all the way; setting
    ``road_use = "shared"`` counts any road.
    """
    own = world.settings.road_use == "own"
    nets = _own_components(world, world.realms[a]) if own else road_components(world)
    if not nets:
        return False, False
    nets_a = {nets[i] for i in world.bases(a) if i in nets}
    nets_b = {nets[i] for i in world.bases(b) if i in nets}
    ca, cb = world.realms[a].capital, world.realms[b].capital
    capitals = ca is not None and cb is not None and ca in nets and cb in nets and nets[ca] == nets[cb]
    return bool(nets_a & nets_b), capitals


def _road_allowed(world: Board, realm: str, hex_id: int) -> str | None:
    """Why ``realm`` may not pave (or, WW14, set up trade along the road in) ``hex_id``; None if it may (WW15)."""
    h = world.map[hex_id]
    if h.sea:
        return "no road is paved on open sea (the sea holds no road, WW29)"
    own = world.settings.road_use == "own"
    mine = world.realms[realm].roads
    if h.road and (not own or hex_id in mine):
        return f"that hex already has {realm}'s road" if own else "that hex already has a road"
    partners = set(world.realms[realm].trade_routes) | {r.name for r in world.alive() if realm in r.trade_routes}
    if h.owner not in (None, realm) and h.owner not in partners:
        return f"that hex belongs to {h.owner}, with whom {realm} has no trade route"
    if h.base is not None and h.owner == realm:
        return None
    for n in world.map.neighbour_ids(hex_id):
        other = world.map[n]
        if (n in mine if own else other.road) or (other.base is not None and other.owner == realm):
            return None
    what = "its own road" if own else "a road"
    return f"a road runs from a base: the hex must touch one of the realm's bases or {what}"


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
            if affordable and _road_allowed(world, turn.realm, hex_id) is None:
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


# -- checks --------------------------------------------------------------------------------------------


def check(world: Board, turn: Turn, action: WorldAction) -> None:
    """Raise RuleError, naming the rule, when ``action`` is not allowed now; change nothing."""
    realm = world.realms[turn.realm]
    if turn.phase is Phase.CAPTURE:
        if isinstance(action, Done):
            return
        if not isinstance(action, Capture):
            raise _refuse(
                "spend the capture points on hexes, or stop",
                "capture points are spent in the Make War sub-phase",
                war.CAPTURE,
            )
        war.check_capture(world, turn, action)
        return
    if turn.phase is Phase.ROAD:
        if isinstance(action, Done):
            return
        if not isinstance(action, PaveRoad):
            raise _refuse("pave road hexes, or stop", "Build Roads")
        if turn.road_left <= 0:
            raise _refuse(
                "six hexes of road already this action", "no more than 6 squares of road in a single action"
            )
        _check_hex(world, action.hex)
        why = _road_allowed(world, turn.realm, action.hex)
        if why is not None:
            raise _refuse(why, "a road runs from base to base")
        _check_purse(world, turn, realm, action)
        return
    if turn.phase is not Phase.ACTIONS:
        raise _refuse(f"{turn.realm} is in its {turn.phase.value} sub-phase", "the sub-phases come in order")
    if isinstance(action, EndTurn):
        return
    if action.counts:
        if len(turn.actions) >= ACTIONS_PER_TURN:
            raise _refuse(f"{turn.realm} has taken its two actions", "up to two of the actions listed")
        if turn.ruler_at_war:
            raise _refuse(
                "the Wizard ruler is at war: Make War is the turn's only action",
                "if the ruler engages in the war process ... it will be the Make War action",
            )
    _check_action(world, turn, realm, action)
    _check_purse(world, turn, realm, action)


def _check_purse(world: Board, turn: Turn, realm: Realm, action: WorldAction) -> None:
    gold, resources = cost_of(world, turn, action)
    if gold > realm.treasury:
        raise _refuse(
            f"{action.describe()} costs {gold:,} gp; the treasury holds {realm.treasury:,} gp",
            "the cost is paid from the treasury",
        )
    if resources > turn.resources:
        raise _refuse(
            f"{action.describe()} needs {resources} resources; {turn.resources} are left this turn",
            "a realm cannot take a combination of actions that require total resources that are higher "
            "than its resource rating",
            "RESOURCES",
        )


def _check_hex(world: Board, hex_id: int) -> None:
    if not isinstance(hex_id, int) or not 0 <= hex_id < len(world.map):
        raise _refuse(f"there is no hex {hex_id} on this map", "the realms map")


def _check_own(world: Board, realm: str, hex_id: int) -> None:
    _check_hex(world, hex_id)
    if world.map[hex_id].owner != realm:
        raise _refuse(f"hex {world.map.label(hex_id)} is not inside {realm}'s borders", "within its borders")


def _check_target(world: Board, turn: Turn, target: str) -> None:
    if target == turn.realm:
        raise _refuse(f"{turn.realm} cannot target itself", "another realm")
    if target not in world.realms or not world.realms[target].alive:
        raise _refuse(f"there is no realm {target!r} in play", "another realm")


def _check_hardship_bar(world: Board, turn: Turn, realm: Realm, action: WorldAction) -> None:
    """"the realm is not allowed to recruit new military forces (see Actions below) during the turn" (3a).

    Every action that raises a military unit is barred by default: soldiers (Recruit), "Temporary military
    units" (Mercenaries), a "Navel" unit and "This special military unit" (a Wizard unit); setting
    ``failed_hardship_bars = "recruit"`` bars the Recruit action alone (ruling WW38).
    """
    if not turn.hardship_failed or not isinstance(action, NEW_FORCES):
        return
    if world.settings.failed_hardship_bars == "recruit" and not isinstance(action, Recruit):
        return
    raise _refuse(
        f"{realm.name} failed its hardship check this turn: {action.describe()} raises new military forces",
        "not allowed to recruit new military forces during the turn",
        "3a. Hardship Sub-phase",
    )


def _check_action(world: Board, turn: Turn, realm: Realm, action: WorldAction) -> None:
    """The rule of the action itself, after the turn's limits ("3d. Action Sub-phase", "Free Actions")."""
    _check_hardship_bar(world, turn, realm, action)
    check_one = _CHECKS.get(type(action))
    if check_one is None:
        raise _refuse(f"{action.describe()} is not an action of the action sub-phase", "the actions listed")
    check_one(world, turn, realm, action)


def _check_open_trade(world: Board, turn: Turn, realm: Realm, action: OpenTrade) -> None:
    """Whether Open Trade is allowed now (raises RuleError, naming the rule)."""
    target = action.target
    _check_target(world, turn, target)
    if target in realm.trade_routes:
        raise _refuse(f"{realm.name} already trades with {target}", "Open Trade")


def _check_no_condition(world: Board, turn: Turn, realm: Realm, action: BuildRoads | Explore) -> None:
    """Whether Build Roads or Explore is allowed now (raises RuleError, naming the rule)."""
    return None


def _check_naval_battle(world: Board, turn: Turn, realm: Realm, action: NavalBattle) -> None:
    """Whether Naval Battle is allowed now (raises RuleError, naming the rule)."""
    check_battle(world, turn, action)


def _check_build_structure(world: Board, turn: Turn, realm: Realm, action: BuildStructure) -> None:
    """Whether Build Structure is allowed now (raises RuleError, naming the rule)."""
    name = action.structure
    rules = world.rules
    if name not in rules.structures:
        raise _refuse(f"no structure {name!r} (known: {', '.join(rules.structures)})", "Build Structure")
    fire = realm.has_ongoing("Fire")
    rebuilding = sum(1 for b in realm.building if b.kind == "Rebuilt building")
    if name == "Rebuilt building" and (fire is None or rebuilding >= fire.count):
        raise _refuse("no burned building is waiting to be rebuilt", "Fire: until they are all rebuilt")


def _check_recruit(world: Board, turn: Turn, realm: Realm, action: Recruit) -> None:
    """Whether Recruit is allowed now (raises RuleError, naming the rule)."""
    cap = recruit_cap(world.population(realm.name), world.barracks(realm.name))
    if realm.military >= cap:
        raise _refuse(
            f"military strength {realm.military} is already the most population "
            f"{world.population(realm.name)} allows ({cap})",
            "never greater than its population divided by 5 (round fractions up)",
        )


def _check_units_hired(world: Board, turn: Turn, realm: Realm, action: HireMercenaries | HireScouts) -> None:
    """Whether Hire Mercenaries or Hire Scouts is allowed now (raises RuleError, naming the rule)."""
    n = action.units
    if n < 1:
        raise _refuse("hire at least one unit", action.kind)


def _check_build_naval(world: Board, turn: Turn, realm: Realm, action: BuildNaval) -> None:
    """Whether Build Naval is allowed now (raises RuleError, naming the rule)."""
    if "Shipyard" not in realm.structures:
        raise _refuse(
            f"{realm.name} has no shipyard",
            "the realm needs to have a shipyard in order to build a Navel unit",
        )


def _check_hire_wizard(world: Board, turn: Turn, realm: Realm, action: HireWizard) -> None:
    """Whether Hire Wizard is allowed now (raises RuleError, naming the rule)."""
    h = action.guard_hex
    if h is not None:
        _check_own(world, realm.name, h)
        if not world.map[h].guard or world.map[h].wizard:
            raise _refuse("a Wizard unit joins a guarding army that has none yet", "Wizard Units")


def _check_make_war(world: Board, turn: Turn, realm: Realm, action: MakeWar) -> None:
    """Whether Make War is allowed now (raises RuleError, naming the rule)."""
    s = action.strength
    joins = action.ruler_joins
    if turn.actions and joins:
        raise _refuse(
            "a Wizard ruler who goes to war takes no other action",
            "they will only get one campaign turn and it will be the Make War action",
        )
    if joins and not realm.ruler_is_wizard:
        raise _refuse(f"the ruler of {realm.name} is not a Wizard", "If the ruler of a realm is a Wizard")
    most = war.war_strength_available(world, turn, realm, joins)
    if s < 1:
        raise _refuse(
            "attack with at least strength 1",
            "a realm that wishes to make war must attack with at least strength of one",
        )
    if s > most:
        raise _refuse(
            f"{realm.name} can attack with at most {most} (military {realm.military}, "
            f"{turn.quelled} used to quell unrest)",
            "lower the size of its attacking force by at least that amount",
        )


def _check_build_guard(world: Board, turn: Turn, realm: Realm, action: BuildGuard) -> None:
    """Whether Build Guard is allowed now (raises RuleError, naming the rule)."""
    h = action.hex
    _check_own(world, realm.name, h)
    if world.map[h].guard:
        raise _refuse(
            "that hex already has a guarding army", "a maximum of one guarding army in any one hex"
        )
    if realm.military < 1:
        raise _refuse(
            f"{realm.name} has no military strength to deploy", "lowers its military strength by -1"
        )


def _check_conduct_diplomacy(world: Board, turn: Turn, realm: Realm, action: ConductDiplomacy) -> None:
    """Whether Conduct Diplomacy is allowed now (raises RuleError, naming the rule)."""
    target = action.target
    extra = action.extra
    _check_target(world, turn, target)
    if extra < 0:
        raise _refuse("extra gold buys +1 per 10,000 gp", "Conduct Diplomacy")


def _check_hold_festival(world: Board, turn: Turn, realm: Realm, action: HoldFestival) -> None:
    """Whether Hold Festival is allowed now (raises RuleError, naming the rule)."""
    size = action.size
    rules = world.rules
    if size not in rules.festivals:
        raise _refuse(f"a festival is simple, impressive or elaborate, not {size!r}", "Hold Festivals")


def _check_sell_resources(world: Board, turn: Turn, realm: Realm, action: SellResources) -> None:
    """Whether Sell Resources is allowed now (raises RuleError, naming the rule)."""
    n = action.amount
    if not 1 <= n <= turn.resources:
        raise _refuse(
            f"{realm.name} has {turn.resources} unused resources this turn, not {n}",
            "each unused resource point nets 100 gp",
        )


def _check_buy_resources(world: Board, turn: Turn, realm: Realm, action: BuyResources) -> None:
    """Whether Buy Resources is allowed now (raises RuleError, naming the rule)."""
    n = action.amount
    if n < 1:
        raise _refuse("buy at least one resource", "Buy / Sell Resources")


def _check_build_base(world: Board, turn: Turn, realm: Realm, action: BuildBase) -> None:
    """Whether Build Base is allowed now (raises RuleError, naming the rule)."""
    h = action.hex
    _check_own(world, realm.name, h)
    if world.map[h].base is not None:
        raise _refuse("that hex already has a base", "any hex that doesn't already feature a base")


def _check_fortify_base(world: Board, turn: Turn, realm: Realm, action: FortifyBase) -> None:
    """Whether Fortify Base is allowed now (raises RuleError, naming the rule)."""
    h = action.hex
    _check_own(world, realm.name, h)
    if world.map[h].base is None:
        raise _refuse("there is no base to fortify there", "fortify one of their existing bases")
    if world.map[h].fort >= 6:
        raise _refuse("that base is fortified to level VI already", "a maximum of six (6) levels")
    if turn.fortified:
        raise _refuse("one fortification a turn", "Only one such action each campaign turn is allowed")


def _check_move_capital(world: Board, turn: Turn, realm: Realm, action: MoveCapital) -> None:
    """Whether Move Capital is allowed now (raises RuleError, naming the rule)."""
    h = action.hex
    _check_own(world, realm.name, h)
    if world.map[h].base is None or h == realm.capital:
        raise _refuse("the capitol moves to another base within the borders", "Move Capital")


def _check_espionage(world: Board, turn: Turn, realm: Realm, action: Espionage) -> None:
    """Whether Espionage is allowed now (raises RuleError, naming the rule)."""
    target = action.target
    aim = action.aim
    extra = action.extra
    item = action.item
    _check_target(world, turn, target)
    if aim not in ESPIONAGE_AIMS or extra < 0:
        raise _refuse(f"espionage aims at one of {', '.join(ESPIONAGE_AIMS)}", "Espionage")
    if aim == "sheet" and item not in SHEET_ITEMS:
        raise _refuse(
            f"name one item of the control sheet ({', '.join(SHEET_ITEMS)}), not {item!r}",
            "Determine any one item on the opposing realm's control sheet",
        )
    if aim == "agreements" and item and (item == target or item not in world.realms):
        raise _refuse(
            f"the agreements of {target} with which realm? ({item!r} is not another realm)",
            "diplomatic agreements between two domains (one must be the original target realm)",
        )
    if aim not in ("sheet", "agreements") and item:
        raise _refuse(f"espionage for {aim} names no item", "Espionage")


def _check_decree(world: Board, turn: Turn, realm: Realm, action: Decree) -> None:
    """Whether Decree is allowed now (raises RuleError, naming the rule)."""
    purpose = action.purpose
    if purpose not in DECREES:
        raise _refuse(f"a decree is a {' or a '.join(DECREES)}", "Decree", FREE)
    if turn.decrees >= DECREES_PER_TURN:
        raise _refuse(
            "two decrees this turn already", "No king should have more than two decrees in a turn", FREE
        )


def _check_grant(world: Board, turn: Turn, realm: Realm, action: Grant) -> None:
    """Whether Grant is allowed now (raises RuleError, naming the rule)."""
    gold = action.gold
    if gold < 0:
        raise _refuse("a grant cannot be negative", "Grant", FREE)


def _check_disband(world: Board, turn: Turn, realm: Realm, action: Disband) -> None:
    """Whether Disband is allowed now (raises RuleError, naming the rule)."""
    what = action.what
    units = action.units
    held = {
        "military": realm.military,
        "mercenaries": realm.mercenaries,
        "naval": realm.naval_units,
        "wizard": realm.wizard_units,
    }
    if what not in held:
        raise _refuse(
            f"disband military, mercenaries, naval or wizard units, not {what!r}", "Disband Armies", FREE
        )
    if not 1 <= units <= held[what]:
        raise _refuse(f"{realm.name} has {held[what]} {what} units, not {units}", "Disband Armies", FREE)


def _check_move_troops(world: Board, turn: Turn, realm: Realm, action: MoveTroops) -> None:
    """Whether Move Troops is allowed now: a marked unit marches (:func:`_check_march`), else any troops."""
    if action.what or action.by_sea:
        _check_march(world, turn, realm, action)
        return
    units, hexes = action.units, action.hexes
    if units < 1 or hexes < 1 or units > realm.military + realm.mercenaries + realm.wizard_units:
        raise _refuse(
            f"{realm.name} has {realm.military + realm.mercenaries + realm.wizard_units} units",
            "any troops loyal to him",
            FREE,
        )


#: The rule of each action and free action ("3d. Action Sub-phase", "Free Actions").
_CHECKS: dict[type[WorldAction], Callable[..., Any]] = {
    OpenTrade: _check_open_trade,
    BuildRoads: _check_no_condition,
    Explore: _check_no_condition,
    NavalBattle: _check_naval_battle,
    BuildStructure: _check_build_structure,
    Recruit: _check_recruit,
    HireMercenaries: _check_units_hired,
    HireScouts: _check_units_hired,
    BuildNaval: _check_build_naval,
    HireWizard: _check_hire_wizard,
    MakeWar: _check_make_war,
    BuildGuard: _check_build_guard,
    ConductDiplomacy: _check_conduct_diplomacy,
    HoldFestival: _check_hold_festival,
    SellResources: _check_sell_resources,
    BuyResources: _check_buy_resources,
    BuildBase: _check_build_base,
    FortifyBase: _check_fortify_base,
    MoveCapital: _check_move_capital,
    Espionage: _check_espionage,
    Decree: _check_decree,
    Grant: _check_grant,
    Disband: _check_disband,
    MoveTroops: _check_move_troops,
}



def _check_march(world: Board, turn: Turn, realm: Realm, action: MoveTroops) -> None:
    """A marked unit marches "to any site in his realm" over land, or is carried by sea (WW22, WW33).

    A naval unit sails from coast to coast (WW29).
    """
    what, start, to, units = action.what, action.start, action.to, action.units
    if action.by_sea and what not in ("M", "W"):
        check_transport(world, turn, realm, action)
    if what not in MARKERS:
        raise _refuse(f"troop markers are {', '.join(MARKERS)}, not {what!r}", "Move Troops", FREE)
    _check_hex(world, start)
    _check_hex(world, to)
    there = realm.troops.get(what, []).count(start)
    if not 1 <= units <= there:
        raise _refuse(
            f"{realm.name} has {there} {what} unit(s) in hex {world.map.label(start)}, not {units}",
            "any troops loyal to him",
            FREE,
        )
    if to == start:
        raise _refuse("the troops are there already", "Move Troops", FREE)
    if what == "N":
        check_sail(world, realm, start, to)
        return
    if action.by_sea:
        check_transport(world, turn, realm, action)
        return
    if world.map[to].owner != realm.name:
        raise _refuse(
            f"hex {world.map.label(to)} is not inside {realm.name}'s borders",
            "march to any site in his realm",
            FREE,
        )
    if world.map.land_region(start) != world.map.land_region(to):
        raise _refuse(
            f"no land joins {world.map.label(start)} to {world.map.label(to)}: a naval unit must carry "
            "the unit by sea",
            "transport normal soldier units from coast to coast",
            FREE,
        )


# -- performing -------------------------------------------------------------------------------------------


def perform(world: Board, turn: Turn, action: WorldAction) -> None:
    """Pay for ``action`` and carry it out (it was checked)."""
    realm = world.realms[turn.realm]
    gold, resources = cost_of(world, turn, action)
    realm.treasury -= gold
    turn.resources -= resources
    if action.counts:
        turn.actions.append(action.kind)
    carry_out = _PERFORMERS.get(type(action))
    if carry_out is not None:
        carry_out(world, turn, realm, action, gold)


def _do_end_turn(world: Board, turn: Turn, realm: Realm, action: EndTurn, gold: int) -> None:
    """Carry out End Turn (paid for and checked)."""
    turn.phase = Phase.OVER


def _do_done(world: Board, turn: Turn, realm: Realm, action: Done, gold: int) -> None:
    """Carry out Done (paid for and checked)."""
    name = realm.name
    if turn.phase is Phase.CAPTURE and turn.capture_points:
        world.record(name, f"{turn.capture_points} capture points go unused")
    turn.capture_points = 0
    turn.road_left = 0
    turn.phase = Phase.ACTIONS


def _do_capture(world: Board, turn: Turn, realm: Realm, action: Capture, gold: int) -> None:
    """Carry out Capture (paid for and checked)."""
    war.capture(world, turn, realm, action)


def _do_pave_road(world: Board, turn: Turn, realm: Realm, action: PaveRoad, gold: int) -> None:
    """Carry out Pave Road (paid for and checked)."""
    h = action.hex
    name = realm.name
    turn.road_left -= 1
    realm.roads.append(h)
    if world.map[h].road:  # another's road: trade set up along it at half the build costs (WW14)
        world.record(name, f"sets up trade along the road through {world.map.label(h)}")
    else:
        world.map[h].road = True
        world.roads = None
        world.record(name, f"paves a road through {world.map.label(h)}")


def _do_open_trade(world: Board, turn: Turn, realm: Realm, action: OpenTrade, gold: int) -> None:
    """Carry out Open Trade (paid for and checked)."""
    target = action.target
    name = realm.name
    bonus = 3 if name in world.realms[target].trade_routes else 0
    ill = world.ill(name, target)
    draw = world.draw(f"{name}: Diplomacy check to open trade with {target}")
    total = realm.diplomacy + draw.value + bonus
    if total >= ill:
        realm.trade_routes.append(target)
        world.record(name, f"opens a trade route to {target} ({total} against ill-will {ill})")
    else:
        world.record(name, f"fails to open trade with {target} ({total} against ill-will {ill})")


def _do_build_roads(world: Board, turn: Turn, realm: Realm, action: BuildRoads, gold: int) -> None:
    """Carry out Build Roads (paid for and checked)."""
    turn.phase, turn.road_left = Phase.ROAD, ROAD_HEXES


def _do_build_structure(world: Board, turn: Turn, realm: Realm, action: BuildStructure, gold: int) -> None:
    """Carry out Build Structure (paid for and checked)."""
    s = action.structure
    name = realm.name
    seasons = max(1, -(-gold // STRUCTURE_SEASON_GP))
    realm.building.append(Building(s, seasons))
    world.record(name, f"begins a {s} ({seasons} season{'s' if seasons > 1 else ''} to build)")


def _do_recruit(world: Board, turn: Turn, realm: Realm, action: Recruit, gold: int) -> None:
    """Carry out Recruit (paid for and checked)."""
    name = realm.name
    realm.military += 1
    world.record(name, f"recruits: military strength {realm.military}")


def _do_hire_mercenaries(world: Board, turn: Turn, realm: Realm, action: HireMercenaries, gold: int) -> None:
    """Carry out Hire Mercenaries (paid for and checked)."""
    n = action.units
    name = realm.name
    realm.mercenaries += n
    world.record(name, f"hires {n} mercenary unit(s) for the turn")


def _do_build_naval(world: Board, turn: Turn, realm: Realm, action: BuildNaval, gold: int) -> None:
    """Carry out Build Naval (paid for and checked)."""
    name = realm.name
    realm.naval_units += 1
    world.record(name, f"builds a naval unit ({realm.naval_units} in all)")


def _do_hire_wizard(world: Board, turn: Turn, realm: Realm, action: HireWizard, gold: int) -> None:
    """Carry out Hire Wizard (paid for and checked)."""
    h = action.guard_hex
    name = realm.name
    realm.wizard_units += 1
    if h is not None:
        world.map[h].wizard = True
    world.record(name, "hires a Wizard unit")


def _do_hire_scouts(world: Board, turn: Turn, realm: Realm, action: HireScouts, gold: int) -> None:
    """Carry out Hire Scouts (paid for and checked)."""
    n = action.units
    name = realm.name
    realm.scouts = n
    explored = scout(world, realm, n)
    found = "; ".join(describe_hex(world, h) for h in explored) or "nothing new"
    world.record(
        name, f"sends {n} scout unit(s) to explore {2 * n} hexes: {found}", secret=True, explored=explored
    )


def _do_explore(world: Board, turn: Turn, realm: Realm, action: Explore, gold: int) -> None:
    """Carry out Explore (paid for and checked)."""
    explore_in_person(world, realm)


def _do_naval_battle(world: Board, turn: Turn, realm: Realm, action: NavalBattle, gold: int) -> None:
    """Carry out Naval Battle (paid for and checked)."""
    naval_battle(world, turn, realm, action)


def _do_make_war(world: Board, turn: Turn, realm: Realm, action: MakeWar, gold: int) -> None:
    """Carry out Make War (paid for and checked)."""
    s = action.strength
    joins = action.ruler_joins
    war.make_war(world, turn, realm, s, joins)


def _do_build_guard(world: Board, turn: Turn, realm: Realm, action: BuildGuard, gold: int) -> None:
    """Carry out Build Guard (paid for and checked)."""
    h = action.hex
    name = realm.name
    realm.military -= 1
    world.map[h].guard = True
    world.record(name, f"deploys a guarding army in {world.map.label(h)}")


def _do_conduct_diplomacy(world: Board, turn: Turn, realm: Realm, action: ConductDiplomacy, gold: int) -> None:
    """Carry out Conduct Diplomacy (paid for and checked)."""
    target = action.target
    extra = action.extra
    name = realm.name
    ill = world.ill(name, target)
    draw = world.draw(f"{name}: Diplomacy check with {target}")
    total = realm.diplomacy + draw.value + extra
    if total >= ill:
        world.set_ill(name, target, ill - 1)
        world.record(name, f"eases relations with {target}: ill-will {ill - 1} ({total} against {ill})")
    else:
        world.record(name, f"diplomacy with {target} fails ({total} against {ill})")


def _do_hold_festival(world: Board, turn: Turn, realm: Realm, action: HoldFestival, gold: int) -> None:
    """Carry out Hold Festival (paid for and checked)."""
    size = action.size
    name = realm.name
    realm.festival_bonus = max(realm.festival_bonus, world.rules.festivals[size].bonus)
    world.record(
        name,
        f"holds {'an' if size == 'impressive' or size == 'elaborate' else 'a'} {size} "
        f"festival ({gold:,} gp): +{world.rules.festivals[size].bonus} next turn",
    )


def _do_sell_resources(world: Board, turn: Turn, realm: Realm, action: SellResources, gold: int) -> None:
    """Carry out Sell Resources (paid for and checked)."""
    n = action.amount
    name = realm.name
    turn.resources -= n
    realm.treasury += n * RESOURCE_GP
    world.record(name, f"sells {n} resources for {n * RESOURCE_GP:,} gp")


def _do_buy_resources(world: Board, turn: Turn, realm: Realm, action: BuyResources, gold: int) -> None:
    """Carry out Buy Resources (paid for and checked)."""
    n = action.amount
    name = realm.name
    turn.resources += n
    world.record(name, f"buys {n} resources for the turn")


def _do_build_base(world: Board, turn: Turn, realm: Realm, action: BuildBase, gold: int) -> None:
    """Carry out Build Base (paid for and checked)."""
    h = action.hex
    name = realm.name
    world.map[h].base = "small"
    world.owners_changed()
    world.record(name, f"builds a base in {world.map.label(h)}")


def _do_fortify_base(world: Board, turn: Turn, realm: Realm, action: FortifyBase, gold: int) -> None:
    """Carry out Fortify Base (paid for and checked)."""
    h = action.hex
    name = realm.name
    world.map[h].fort += 1
    turn.fortified = True
    world.record(name, f"fortifies {world.map.label(h)} to level {world.map[h].fort}")


def _do_move_capital(world: Board, turn: Turn, realm: Realm, action: MoveCapital, gold: int) -> None:
    """Carry out Move Capital (paid for and checked)."""
    h = action.hex
    name = realm.name
    realm.capital = h
    world.record(name, f"moves its capitol to {world.map.label(h)}")


def _do_espionage(world: Board, turn: Turn, realm: Realm, action: Espionage, gold: int) -> None:
    """Carry out Espionage (paid for and checked)."""
    espionage(world, realm, action)


def _do_decree(world: Board, turn: Turn, realm: Realm, action: Decree, gold: int) -> None:
    """Carry out Decree (paid for and checked)."""
    purpose = action.purpose
    name = realm.name
    turn.decrees += 1
    if purpose == "tariff":
        draw = world.draw(f"{name}: what the tariff raises")
        raised = DECREE_GP * min(10, max(1, draw.value))
        realm.treasury += raised
        world.record(name, f"decrees a one-time tariff: {raised:,} gp")
    else:
        world.record(name, "passes a law by decree (the referee judges its effect)")


def _do_grant(world: Board, turn: Turn, realm: Realm, action: Grant, gold: int) -> None:
    """Carry out Grant (paid for and checked)."""
    amount = action.gold
    reason = action.reason
    name = realm.name
    if amount > 1_000:
        world.record(name, f"grants {amount:,} gp{': ' + reason if reason else ''}")


def _do_disband(world: Board, turn: Turn, realm: Realm, action: Disband, gold: int) -> None:
    """Carry out Disband (paid for and checked)."""
    what = action.what
    units = action.units
    disband(world, realm, what, units)


def _do_move_troops(world: Board, turn: Turn, realm: Realm, action: MoveTroops, gold: int) -> None:
    """Carry out Move Troops: by sea (:func:`transport`), a marked unit's march, or troops moved at a cost."""
    if action.by_sea:
        transport(world, turn, realm, action, gold)
        return
    units, what, start, to = action.units, action.what, action.start, action.to
    if what:
        hexes = realm.troops[what]
        for _ in range(units):
            hexes[hexes.index(start)] = to
        world.record(
            realm.name,
            f"moves {units} {what} unit(s) from {world.map.label(start)} to {world.map.label(to)} "
            f"for {gold:,} gp",
        )
        return
    world.record(realm.name, f"moves {units} unit(s) {action.hexes} hex(es) for {gold:,} gp")


#: How each action is carried out once paid for ("3d. Action Sub-phase", "Free Actions").
_PERFORMERS: dict[type[WorldAction], Callable[..., Any]] = {
    EndTurn: _do_end_turn,
    Done: _do_done,
    Capture: _do_capture,
    PaveRoad: _do_pave_road,
    OpenTrade: _do_open_trade,
    BuildRoads: _do_build_roads,
    BuildStructure: _do_build_structure,
    Recruit: _do_recruit,
    HireMercenaries: _do_hire_mercenaries,
    BuildNaval: _do_build_naval,
    HireWizard: _do_hire_wizard,
    HireScouts: _do_hire_scouts,
    Explore: _do_explore,
    NavalBattle: _do_naval_battle,
    MakeWar: _do_make_war,
    BuildGuard: _do_build_guard,
    ConductDiplomacy: _do_conduct_diplomacy,
    HoldFestival: _do_hold_festival,
    SellResources: _do_sell_resources,
    BuyResources: _do_buy_resources,
    BuildBase: _do_build_base,
    FortifyBase: _do_fortify_base,
    MoveCapital: _do_move_capital,
    Espionage: _do_espionage,
    Decree: _do_decree,
    Grant: _do_grant,
    Disband: _do_disband,
    MoveTroops: _do_move_troops,
}



def disband(world: Board, realm: Realm, what: str, units: int) -> None:
    if what == "military":
        realm.military -= units
    elif what == "naval":
        realm.naval_units -= units
    elif what == "wizard":
        realm.wizard_units -= units
    else:
        realm.mercenaries -= units
        draw = world.draw(f"{realm.name}: Diplomacy check to disband mercenaries")
        total = realm.diplomacy + draw.value
        if total < MERCENARY_DISBAND_DC:
            turns = world.rng.roll(3, f"{realm.name}: how many turns the brigands raid")
            realm.ongoing.append(Ongoing("Bandits", turns))
            world.record(
                realm.name,
                f"disbanded mercenaries turn brigand ({total} against {MERCENARY_DISBAND_DC}): "
                f"Bandits for {turns} turn(s)",
            )
            return
    world.record(realm.name, f"disbands {units} {what} unit(s)")


def complete_structure(world: Board, realm: Realm, kind: str) -> None:
    """A finished structure's effect ("Build Structure"): lasting relief, or the end of an event."""
    s = world.rules.structures[kind]
    if kind != "Rebuilt building":
        realm.structures.append(kind)
    realm.discontent = max(0, realm.discontent + s.discontent)
    realm.hardship = max(0, realm.hardship + s.hardship)
    if kind == "Food stores":
        realm.ongoing = [o for o in realm.ongoing if o.name != "Food stores Damaged"]
    if kind == "Rebuilt building":
        fire = realm.has_ongoing("Fire")
        if fire is not None:
            fire.count -= 1
            if fire.count <= 0:
                realm.ongoing.remove(fire)
