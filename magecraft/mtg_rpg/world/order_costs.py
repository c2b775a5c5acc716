"""What each action costs in gold and resources ("3d. Action Sub-phase", "Free Actions", seed 000).

Gold comes from the treasury; resources from the turn's pool -- the resource rating plus the season's
windfalls, less the civilians' upkeep -- because "resources cannot be saved up from turn to turn".  Each
action's price is the seed's paragraph for it (Open Trade 10,000 gp, Recruit 1,000 gp and five resources for
each point of current military strength, ...); an action without one costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from magecraft.mtg_rpg.world import war
from magecraft.mtg_rpg.world.actions import (
    BuildBase,
    BuildGuard,
    BuildNaval,
    BuildStructure,
    BuyResources,
    ConductDiplomacy,
    Decree,
    Espionage,
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
    Recruit,
    WorldAction,
)
from magecraft.mtg_rpg.world.board import Board, Turn
from magecraft.mtg_rpg.world.naval import battle_cost, sailing_distance
from magecraft.mtg_rpg.world.realm import Realm
from magecraft.mtg_rpg.world.roads import leverages, road_links
from magecraft.mtg_rpg.world.troops import moves_cost

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
