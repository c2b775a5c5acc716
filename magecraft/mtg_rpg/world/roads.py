"""Roads ("Build Roads", seed 000 "3d. Action Sub-phase"; WW14, WW15): the road networks, who may pave where.

"This action allows the realm to build a road (from base to base) thereby enhancing trade."  A road network is
the paved hexes joined through their neighbours; by default (WW14) a realm's trade counts only the roads it
built or leveraged, setting ``road_use = "shared"`` counts any road.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from magecraft.mtg_rpg.world.board import Board
from magecraft.mtg_rpg.world.realm import Realm


def _networks(world: Board, starts: Iterable[int], members: Container[int]) -> dict[int, int]:
    """Each hex reached from ``starts`` through neighbouring ``members``, to its network's label."""
    label: dict[int, int] = {}
    for start in starts:
        if start in label:
            continue
        label[start] = start
        stack = [start]
        while stack:
            for nxt in world.map.neighbour_ids(stack.pop()):
                if nxt in members and nxt not in label:
                    label[nxt] = start
                    stack.append(nxt)
    return label


def road_components(world: Board) -> dict[int, int]:
    """Each paved hex's road network (cached on the world until a road is paved)."""
    if world.roads is not None:
        return world.roads
    paved = {h.id for h in world.map if h.road}
    world.roads = _networks(world, paved, paved)
    return world.roads


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
    return _networks(world, realm.roads, set(realm.roads))


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


def road_allowed(world: Board, realm: str, hex_id: int) -> str | None:
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
