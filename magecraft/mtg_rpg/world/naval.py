"""Naval units at sea ("Navel units", "Make War", seed 000; rulings WW17, WW29, WW31).

"Any military unit that wants to travel by water or attack another water-borne unit must be
designated as a "Navel" unit "N". ... A Navel unit can make war on coastal locations and transport
normal soldier units from coast to coast. Only one (1) military unit may be transported per turn
using a Navel unit. The transported soldier unit must be disembarked on a coastal hex."

* A naval unit stands in a coastal hex of its realm (in port) or in a sea hex, and sails through
  sea hexes (:func:`sailing_distance`); Move Troops pays for the hexes sailed (WW29).
* It carries the turn's one soldier unit to a coastal hex its waters touch (:func:`landing_hexes`;
  the landing of Make War, WW17).
* It carries one mercenary or Wizard unit a turn from a coast of its realm to another coast of its
  realm that its waters touch, as Move Troops by sea (:func:`check_transport`, :func:`transport`,
  WW33); the turn's count is shared with the landing.
* It attacks another realm's naval units in its hex or the next (:func:`naval_battle`, WW31).

A map without sea hexes (an older world) keeps WW17's reading: every coastal hex is reachable, and
a naval unit sails between its realm's coastal hexes as the crow flies.

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.mtg_rpg.world.generate import sample_world
>>> world = sample_world(Randomness.seeded(1))
>>> harbour, sea = world.map.find("7,2"), world.map.find("The Narrows")
>>> sailing_distance(world, harbour, sea)
2
"""

from __future__ import annotations

from collections import deque

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.world.actions import MoveTroops, NavalBattle
from magecraft.mtg_rpg.world.board import Board, Turn
from magecraft.mtg_rpg.world.realm import Realm

NAVAL = "Navel units"
WAR_ILL_WILL = 12


def _refuse(message: str, rule: str) -> RuleError:
    return RuleError(message, rule=rule, section=NAVAL)


def afloat(world: Board, realm: Realm, hex_id: int) -> bool:
    """Whether a naval unit in ``hex_id`` is on the water: at sea, or in port on the realm's coast."""
    h = world.map.hexes[hex_id]
    return h.sea or (h.terrain == "coastal" and h.owner == realm.name)


def waters(world: Board, start: int) -> set[int]:
    """The sea hexes a ship in ``start`` can reach this season (the whole connected sea)."""
    sea = world.map.sea_ids()
    first = [start] if start in sea else [n for n in world.map.neighbour_ids(start) if n in sea]
    seen = set(first)
    queue = deque(first)
    while queue:
        for nxt in world.map.neighbour_ids(queue.popleft()):
            if nxt in sea and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def sailing_distance(world: Board, start: int, to: int) -> int | None:
    """Hexes sailed from ``start`` to ``to`` through sea hexes, or None when no water joins them.

    Without sea on the map, the distance as the crow flies (WW22's reading for older maps).
    """
    if start == to:
        return 0
    sea = world.map.sea_ids()
    if not sea:
        return world.map.distance(start, to)
    path = world.map.path(start, to, passable=set(sea))
    return None if path is None else len(path) - 1


def check_sail(world: Board, realm: Realm, start: int, to: int) -> None:
    """A naval unit sails to a sea hex or a coastal hex of its realm, by water (WW29)."""
    h = world.map.hexes[to]
    if not (h.sea or (h.terrain == "coastal" and h.owner == realm.name)):
        where = "a coastal hex of another realm" if h.terrain == "coastal" else f"{h.terrain} land"
        raise _refuse(
            f"a naval unit sails to a sea hex or to {realm.name}'s own coast; {world.map.label(to)} is {where}",
            "transport ... from coast to coast",
        )
    if sailing_distance(world, start, to) is None:
        raise _refuse(
            f"no water joins {world.map.label(start)} to {world.map.label(to)}",
            "any military unit that wants to travel by water",
        )


def coast_reach(world: Board, ship: int) -> set[int]:
    """The coastal hexes a ship at ``ship`` can reach: those touching its waters, or the ship's own hex."""
    hexes = world.map.hexes
    found = {ship} if hexes[ship].terrain == "coastal" else set()
    for w in waters(world, ship) | {ship}:
        found.update(n for n in world.map.neighbour_ids(w) if hexes[n].terrain == "coastal")
    return found


def landing_hexes(world: Board, realm: Realm) -> set[int]:
    """Coastal hexes a naval unit of ``realm`` can put a soldier unit ashore on this turn (WW17, WW29).

    The ship must be afloat (at sea or in port on its realm's coast); with sea on the map the coastal
    hex must touch the water the ship can reach, or be next to the ship itself.
    """
    ships = [h for h in realm.troops.get("N", ()) if afloat(world, realm, h)]
    if not ships:
        return set()
    hexes = world.map.hexes
    if not world.map.sea_ids():
        return {h.id for h in hexes if h.terrain == "coastal" and h.owner != realm.name}
    found: set[int] = set()
    for ship in set(ships):
        found.update(h for h in coast_reach(world, ship) if hexes[h].owner != realm.name)
    return found


def landings_left(world: Board, turn: Turn) -> int:
    """Soldier units the realm's ships may still put ashore this turn (WW17).

    "Only one (1) military unit may be transported per turn using a Navel unit": one a turn, or one
    per naval unit afloat (setting ``landings_per_turn = "per_naval_unit"``).
    """
    realm = world.realms[turn.realm]
    afloat_units = sum(1 for h in realm.troops.get("N", ()) if afloat(world, realm, h))
    allowed = min(1, afloat_units) if world.settings.landings_per_turn == "one" else afloat_units
    return max(0, allowed - turn.landed)


# -- transport by sea (Move Troops) ------------------------------------------------------------------


def can_carry(world: Board, realm: Realm, start: int, to: int) -> bool:
    """Whether a naval unit of ``realm`` afloat can carry a unit from coast ``start`` to coast ``to``."""
    hexes = world.map.hexes
    if hexes[start].terrain != "coastal" or hexes[to].terrain != "coastal":
        return False
    ships = [h for h in set(realm.troops.get("N", ())) if afloat(world, realm, h)]
    if not world.map.sea_ids():
        return bool(ships)
    return any(start in coast and to in coast for coast in (coast_reach(world, ship) for ship in ships))


def check_transport(world: Board, turn: Turn, realm: Realm, action: MoveTroops) -> None:
    """Move Troops by sea: one marked unit, coast to coast of the realm, on a ship afloat (WW33).

    "A Navel unit can ... transport normal soldier units from coast to coast.  Only one (1)
    military unit may be transported per turn using a Navel unit.  The transported soldier unit
    must be disembarked on a coastal hex."  The turn's count is the landing's (WW17).
    """
    what, start, to = action.what, action.start, action.to
    if what not in ("M", "W"):
        raise _refuse(
            "a ship carries a mercenary or Wizard unit; soldier units cross the sea as Make War's landing "
            "and a naval unit sails itself",
            "transport normal soldier units from coast to coast",
        )
    if action.units != 1:
        raise _refuse(
            f"a naval unit carries one unit a trip, not {action.units}",
            "Only one (1) military unit may be transported per turn using a Navel unit",
        )
    hexes = world.map.hexes
    if hexes[start].terrain != "coastal":
        raise _refuse(
            f"{world.map.label(start)} is {hexes[start].terrain} land, not a coast to embark from",
            "transport ... from coast to coast",
        )
    if hexes[to].terrain != "coastal":
        raise _refuse(
            f"{world.map.label(to)} is {hexes[to].terrain}, not a coastal hex",
            "The transported soldier unit must be disembarked on a coastal hex",
        )
    if hexes[to].owner != realm.name:
        raise _refuse(
            f"{world.map.label(to)} is not inside {realm.name}'s borders (a landing on another coast is "
            "Make War's)",
            "march to any site in his realm",
        )
    if not can_carry(world, realm, start, to):
        raise _refuse(
            f"no naval unit of {realm.name} afloat reaches both {world.map.label(start)} and "
            f"{world.map.label(to)}",
            "transport normal soldier units from coast to coast",
        )
    if not landings_left(world, turn):
        raise _refuse(
            f"{realm.name}'s naval units have carried their unit this turn",
            "Only one (1) military unit may be transported per turn using a Navel unit",
        )


def transport(world: Board, turn: Turn, realm: Realm, action: MoveTroops, gold: int) -> None:
    """Carry the unit (it was checked): the marker crosses; the ship stays where it is (WW33)."""
    hexes = realm.troops[action.what]
    hexes[hexes.index(action.start)] = action.to
    turn.landed += 1
    world.record(
        realm.name,
        f"carries 1 {action.what} unit by sea from {world.map.label(action.start)} to "
        f"{world.map.label(action.to)} for {gold:,} gp",
    )


# -- war against water-borne units ---------------------------------------------------------------------


def squadron(world: Board, realm: Realm, hex_id: int) -> list[int]:
    """The indices in ``realm.troops["N"]`` of its afloat naval units at ``hex_id`` or beside it."""
    near = set(world.map.neighbour_ids(hex_id)) | {hex_id}
    return [i for i, h in enumerate(realm.troops.get("N", ())) if h in near and afloat(world, realm, h)]


def battle_cost(world: Board, turn: Turn, action: NavalBattle) -> tuple[int, int]:
    """The Make War cost for the attacking naval units: gold per unit, a resource per unit (WW31)."""
    units = len(squadron(world, world.realms[turn.realm], action.hex)) if 0 <= action.hex < len(world.map) else 0
    return world.settings.war_cost_per_strength * units, units


def check_battle(world: Board, turn: Turn, action: NavalBattle) -> None:
    realm = world.realms[turn.realm]
    target = world.realms.get(action.target)
    if target is None or not target.alive or target is realm:
        raise _refuse(f"there is no other realm {action.target!r} in play", "attack another water-borne unit")
    if not isinstance(action.hex, int) or not 0 <= action.hex < len(world.map):
        raise _refuse(f"there is no hex {action.hex} on this map", "the realms map")
    if action.hex not in target.troops.get("N", ()):
        raise _refuse(
            f"{target.name} has no naval unit in {world.map.label(action.hex)}", "attack another water-borne unit"
        )
    if not squadron(world, realm, action.hex):
        raise _refuse(
            f"{realm.name} has no naval unit afloat in or beside {world.map.label(action.hex)}",
            "any military unit that wants to ... attack another water-borne unit must be a Navel unit",
        )


def naval_battle(world: Board, turn: Turn, realm: Realm, action: NavalBattle) -> None:
    """Each side: its naval units there + the greater of its War skill and a drawn card (at least 1).

    The lower side loses one naval unit (sunk, its marker removed); a tie sinks none.  Attacking
    another realm's units is war, as capturing its square is: ill-will at least 12 (WW31).
    """
    target = world.realms[action.target]
    attackers = squadron(world, realm, action.hex)
    defenders = [i for i, h in enumerate(target.troops["N"]) if h == action.hex]
    a_draw = world.draw(f"{realm.name}: naval attack on {target.name}")
    d_draw = world.draw(f"{target.name}: naval defence against {realm.name}")
    a_total = len(attackers) + max(realm.war_skill, a_draw.value, 1)
    d_total = len(defenders) + max(target.war_skill, d_draw.value, 1)
    world.set_ill(realm.name, target.name, max(WAR_ILL_WILL, world.ill(realm.name, target.name)))
    for a, b in ((realm, target), (target, realm)):
        if b.name not in a.at_war:
            a.at_war.append(b.name)
    text = (
        f"attacks {target.name}'s naval units in {world.map.label(action.hex)} with {len(attackers)} "
        f"({a_total} against {d_total})"
    )
    if a_total > d_total:
        _sink(target, defenders[0])
        text += f": {target.name} loses a naval unit"
    elif d_total > a_total:
        _sink(realm, attackers[0])
        text += f": {realm.name} loses a naval unit"
    else:
        text += ": neither side gives way"
    world.record(realm.name, text, attack=a_total, defence=d_total)


def _sink(realm: Realm, index: int) -> None:
    del realm.troops["N"][index]
    realm.naval_units -= 1
    if not realm.troops["N"]:
        del realm.troops["N"]
