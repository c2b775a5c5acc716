"""Carrying out an action once checked and paid for ("3d. Action Sub-phase", "Free Actions", seed 000).

Each action's paragraph says what it does: Recruit "adds +1 to its military strength", Conduct Diplomacy
subtracts 1 from the ill-will on a successful Diplomacy check, Disband Armies lets mercenaries turn brigand
on a failed Challenging (9) check, and so on; a finished structure ("Build Structure") eases the realm for good.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from magecraft.mtg_rpg.world import war
from magecraft.mtg_rpg.world.actions import (
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
from magecraft.mtg_rpg.world.naval import naval_battle, transport
from magecraft.mtg_rpg.world.order_costs import DECREE_GP, RESOURCE_GP, ROAD_HEXES, STRUCTURE_SEASON_GP, cost_of
from magecraft.mtg_rpg.world.realm import Building, Ongoing, Realm
from magecraft.mtg_rpg.world.troops import describe_hex, espionage, explore_in_person, scout

MERCENARY_DISBAND_DC = 9


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


@dataclass(frozen=True, slots=True)
class _NewForce:
    """Where an action that raises new military forces counts them, and the chronicle's words for it."""

    count: str  # the Realm field that holds the units
    words: str  # formatted with ``units`` raised and ``total`` now


#: The actions that raise new military forces and what each adds to ("Recruit" adds "+1 to its military
#: strength", "Mercenaries", "Navel units", "Wizard units"; 3a, WW38).
_NEW_FORCES: dict[type[WorldAction], _NewForce] = {
    Recruit: _NewForce("military", "recruits: military strength {total}"),
    HireMercenaries: _NewForce("mercenaries", "hires {units} mercenary unit(s) for the turn"),
    BuildNaval: _NewForce("naval_units", "builds a naval unit ({total} in all)"),
    HireWizard: _NewForce("wizard_units", "hires a Wizard unit"),
}


def _do_raise_force(
    world: Board, turn: Turn, realm: Realm, action: Recruit | HireMercenaries | BuildNaval | HireWizard, gold: int
) -> None:
    """Carry out Recruit, Hire Mercenaries, Build Naval or Hire Wizard (paid for and checked)."""
    force = _NEW_FORCES[type(action)]
    units = action.units if isinstance(action, HireMercenaries) else 1
    total = getattr(realm, force.count) + units
    setattr(realm, force.count, total)
    if isinstance(action, HireWizard) and action.guard_hex is not None:
        world.map[action.guard_hex].wizard = True
    world.record(realm.name, force.words.format(units=units, total=total))


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
    Recruit: _do_raise_force,
    HireMercenaries: _do_raise_force,
    BuildNaval: _do_raise_force,
    HireWizard: _do_raise_force,
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
