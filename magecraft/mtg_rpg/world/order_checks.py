"""Whether an action is allowed now ("3d. Action Sub-phase", "Free Actions", seed 000), naming the rule.

"During each action sub-phase, a realm can perform up to two of the actions listed below.  (Alternatively, the
realm can perform any single action twice.)"  The free actions "do not count against the two active actions";
"a realm cannot take a combination of actions that require total resources that are higher than its resource
rating".  :func:`check` raises a ``RuleError`` naming the rule and changes nothing.
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
from magecraft.mtg_rpg.world.naval import check_battle, check_sail, check_transport
from magecraft.mtg_rpg.world.order_costs import DECREES_PER_TURN, cost_of
from magecraft.mtg_rpg.world.realm import MARKERS, Realm, recruit_cap
from magecraft.mtg_rpg.world.roads import road_allowed
from magecraft.mtg_rpg.world.troops import SHEET_ITEMS

ACTIONS = "3d. Action Sub-phase"
FREE = "Free Actions"

ACTIONS_PER_TURN = 2

#: The actions that raise new military forces: soldiers, mercenaries, naval and Wizard units (3a, WW38).
NEW_FORCES = (Recruit, HireMercenaries, BuildNaval, HireWizard)


def _refuse(message: str, rule: str, section: str = ACTIONS) -> RuleError:
    return RuleError(message, rule=rule, section=section)


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
        why = road_allowed(world, turn.realm, action.hex)
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
