"""Make War ("Make War", "Capture Points", "Capturing Capitols", "Plunder", seed 000).

Capture points are the attacking strength plus the greater of the commander's War skill and a
drawn card's value; each hex bought costs by the capture cost table and must touch the realm's
borders (or be the one naval landing a turn on a coast the realm's ships reach, rulings WW17,
WW29); taking another realm's hex means war.
Capturing a capitol conquers the realm or installs a friendly government; bases taken are
plundered, or razed.
"""

from __future__ import annotations

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.world.actions import Capture, Phase
from magecraft.mtg_rpg.world.board import Board, Turn
from magecraft.mtg_rpg.world.naval import landing_hexes, landings_left
from magecraft.mtg_rpg.world.realm import Realm, callings_and_demeanors, new_government

CAPTURE = "Capture Points"
WAR_ILL_WILL = 12
RAZE_ILL_WILL = 3
PLUNDER, PLUNDER_FLOOR = 25_000, 10_000
INSTALLED_ILL_WILL = 3


def _refuse(message: str, rule: str, section: str = CAPTURE) -> RuleError:
    return RuleError(message, rule=rule, section=section)


def capture_cost(world: Board, attacker: str, hex_id: int, *, strong: bool | None = None) -> int:
    """Capture cost ("Capture Points"): terrain, river, base, fortification, guarding army, strong neighbour.

    ``strong`` says whether the owner counts as a strong neighbour, for a ruler who does not know
    the owner's military strength and must guess (ruling WW32); None reads the sheets.
    """
    h = world.map[hex_id]
    add = world.rules.capture_additions
    cost = world.rules.terrain[h.terrain].capture
    if h.river:
        cost += add["river"]
    if h.base is not None:
        cost += add["base"] + h.fort
    if h.guard:
        cost += add["guarding_army_and_wizard"] if h.wizard else add["guarding_army"]
    if strong is None:
        strong = (
            h.owner is not None
            and h.owner != attacker
            and world.realms[h.owner].military > world.realms[attacker].military
        )
    if strong:
        cost += add["strong_neighbour"]
    return cost


def war_strength_available(world: Board, turn: Turn, realm: Realm, ruler_joins: bool) -> int:
    """Military strength not spent quelling unrest, Wizard units, and the Wizard ruler himself."""
    return max(0, realm.military - turn.quelled) + realm.wizard_units + (1 if ruler_joins else 0)


def war_resources(realm: Realm, strength: int, ruler_joins: bool) -> int:
    """Resources an attack of ``strength`` consumes: one per soldier point ("Make War", "Wizard Units").

    "consumes the realm's military strength in resources", but "The advantage of a Wizard unit is that
    they do not take up resources, only gold": the Wizard units (and a Wizard ruler who joins, "as a
    Wizard Unit") take the field first, so only the rest of the strength costs resources (ruling WW6).
    """
    wizards = realm.wizard_units + (1 if ruler_joins else 0)
    return max(0, strength - wizards)


def capturable(world: Board, turn: Turn) -> list[int]:
    mine = set(world.territory(turn.realm))
    sea = world.map.sea_ids()
    found = set()
    for i in mine:
        for n in world.map.neighbour_ids(i):
            if n not in mine and n not in sea:
                found.add(n)
    if landings_left(world, turn):
        found.update(landing_hexes(world, world.realms[turn.realm]))
    return sorted(h for h in found if capture_cost(world, turn.realm, h) <= turn.capture_points)


def check_capture(world: Board, turn: Turn, action: Capture) -> None:
    if not isinstance(action.hex, int) or not 0 <= action.hex < len(world.map):
        raise _refuse(f"there is no hex {action.hex} on this map", "the realms map")
    h = world.map[action.hex]
    if h.owner == turn.realm:
        raise _refuse("that hex is already the realm's", "capture squares", CAPTURE)
    if h.sea:
        raise _refuse(
            f"hex {world.map.label(action.hex)} is open sea, no square to capture", "capture squares", CAPTURE
        )
    mine = world.territory(turn.realm)
    adjacent = any(n in mine for n in world.map.neighbour_ids(action.hex))
    if not adjacent and (
        not landings_left(world, turn) or action.hex not in landing_hexes(world, world.realms[turn.realm])
    ):
        raise _refuse(
            f"hex {world.map.label(action.hex)} does not touch {turn.realm}'s borders",
            "each square purchased must be adjacent to the realm's borders or to another square already purchased",
            CAPTURE,
        )
    cost = capture_cost(world, turn.realm, action.hex)
    if cost > turn.capture_points:
        raise _refuse(
            f"hex {world.map.label(action.hex)} costs {cost} capture points; {turn.capture_points} are left",
            "Capture Point Cost",
            CAPTURE,
        )
    if action.raze and h.base is None:
        raise _refuse("there is no base there to raze", "Raze the base", CAPTURE)
    if (action.install or action.calling or action.demeanor) and (
        h.owner is None or world.realms[h.owner].capital != action.hex
    ):
        raise _refuse("a friendly government is installed by capturing a capitol", "Capturing Capitols", CAPTURE)
    if action.calling or action.demeanor:
        callings, demeanors = callings_and_demeanors()
        if not action.install:
            raise _refuse(
                "a Calling and Demeanor are chosen for a friendly government installed",
                "The conqueror chooses the Calling and Demeanor of the new government",
                "Capturing Capitols",
            )
        if action.calling and action.calling not in callings:
            raise _refuse(f"no Calling {action.calling!r} (Callings: {', '.join(callings)})",
                          "The conqueror chooses the Calling and Demeanor", "Capturing Capitols")
        if action.demeanor and action.demeanor not in demeanors:
            raise _refuse(f"no Demeanor {action.demeanor!r} (Demeanors: {', '.join(demeanors)})",
                          "The conqueror chooses the Calling and Demeanor", "Capturing Capitols")


def make_war(world: Board, turn: Turn, realm: Realm, strength: int, joins: bool) -> None:
    draw = world.draw(f"{realm.name}: Make War")
    card_points = max(realm.war_skill, draw.value, 1)
    turn.capture_points = strength + realm.mercenaries + card_points
    turn.war_strength = strength
    turn.ruler_at_war = joins
    turn.phase = Phase.CAPTURE
    mercenaries = f" and {realm.mercenaries} mercenaries" if realm.mercenaries else ""
    world.record(
        realm.name,
        f"makes war with strength {strength}{mercenaries}: {turn.capture_points} capture points",
        points=turn.capture_points,
    )


def capture(world: Board, turn: Turn, realm: Realm, action: Capture) -> None:
    h = world.map[action.hex]
    cost = capture_cost(world, realm.name, action.hex)
    turn.capture_points -= cost
    landing = not any(n in world.territory(realm.name) for n in world.map.neighbour_ids(action.hex))
    if landing:
        turn.landed += 1
    loser_name = h.owner
    was_capital = loser_name is not None and world.realms[loser_name].capital == action.hex
    had_base = h.base is not None
    if h.guard:
        h.guard = False
        if h.wizard and loser_name is not None:
            world.realms[loser_name].wizard_units = max(0, world.realms[loser_name].wizard_units - 1)
        h.wizard = False
    h.owner = realm.name
    world.owners_changed()
    turn.captured.append(action.hex)
    text = f"captures {world.map.label(action.hex)} ({cost} points)"
    if landing:
        text = f"lands a soldier unit by sea and {text}"
    if loser_name is not None:
        loser = world.realms[loser_name]
        world.set_ill(realm.name, loser_name, max(WAR_ILL_WILL, world.ill(realm.name, loser_name)))
        for a, b in ((realm, loser), (loser, realm)):
            if b.name not in a.at_war:
                a.at_war.append(b.name)
        text += f" from {loser_name}"
        if had_base:
            text += plunder(world, realm, loser, raze=action.raze)
        if action.raze:
            h.base, h.fort = None, 0
            world.owners_changed()
            world.set_ill(realm.name, loser_name, world.ill(realm.name, loser_name) + RAZE_ILL_WILL)
            text += ", razing the base"
        if was_capital:
            text += conquer(world, realm, loser, action)
    elif action.raze:
        h.base, h.fort = None, 0
        world.owners_changed()
    world.record(realm.name, text)


def plunder(world: Board, realm: Realm, loser: Realm, *, raze: bool) -> str:
    """The loser forfeits 25,000 gp, half to the conqueror (all of it when the base is razed) ("Plunder")."""
    paid = min(PLUNDER, loser.treasury)
    loser.treasury -= paid
    if paid == PLUNDER or world.settings.short_plunder == "half":
        gained = paid if raze else paid // 2
    else:
        gained = max(0, paid - PLUNDER_FLOOR)
        gained = min(paid, 2 * gained) if raze else gained
    realm.treasury += gained
    return f"; plunder: {loser.name} forfeits {paid:,} gp, {gained:,} to {realm.name}"


def conquer(world: Board, realm: Realm, loser: Realm, action: Capture) -> str:
    """All the territory and half the treasury, or a friendly government ("Capturing Capitols")."""
    if action.install:
        world.map[action.hex].owner = loser.name
        world.owners_changed()
        new_government(
            world.rng,
            loser,
            label=f"the government {realm.name} installs",
            calling=action.calling,
            demeanor=action.demeanor,
        )
        loser.trade_routes.clear()
        world.set_ill(realm.name, loser.name, INSTALLED_ILL_WILL)
        for lst, other in ((realm.at_war, loser.name), (loser.at_war, realm.name)):
            if other in lst:
                lst.remove(other)
        return f"; {realm.name} installs a friendly government in {loser.name} ({loser.calling}, {loser.demeanor})"
    for h in world.map:
        if h.owner == loser.name:
            h.owner = realm.name
    world.owners_changed()
    half = loser.treasury // 2
    realm.treasury += half
    loser.treasury = 0
    loser.alive = False
    loser.capital = None
    for every in world.realms.values():
        if loser.name in every.trade_routes:
            every.trade_routes.remove(loser.name)
        if loser.name in every.at_war:
            every.at_war.remove(loser.name)
    if loser.name in world.order:
        world.order.remove(loser.name)
    return f"; {loser.name} is conquered: {realm.name} takes all its land and {half:,} gp"
