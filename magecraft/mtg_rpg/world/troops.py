"""Troop markers, scouts and what spies learn ("Mercenaries", "Navel units", "Scout Units", "Espionage").

The seed marks units on the realms map: "Note any mercenary unit with a "M" on the realm map to
denote it's general location"; a unit that travels by water is a "Navel" unit "N"; the issue adds
"W" for Wizard units.  :attr:`Realm.troops` keeps one hex per marked unit (ruling WW22): a unit
raised or hired stands in the capitol (a naval unit on the realm's first coastal hex, a Wizard unit
with a guarding army it joined), Move Troops marches it "to any site in his realm", and a unit whose
hex is taken falls back to the capitol.  Scouts explore "two (2) hexes ... each season" per unit,
nearest to the borders first (WW24).  A successful Espionage may reveal trade routes, troop markers,
one sheet item, or trace who spied on the realm (WW25); every operation is recorded for the tracing.

>>> moves_cost(5, 2)
1000
>>> moves_cost(1, 11)
2000
"""

from __future__ import annotations

from collections import deque
from typing import Any

from magecraft.mtg_rpg.world.actions import Espionage
from magecraft.mtg_rpg.world.board import Board
from magecraft.mtg_rpg.world.events import apply_event, political_strife
from magecraft.mtg_rpg.world.realm import MARKERS, Realm

#: "Moving troops costs $1K per unit per 10 provinces / hexes ... of distance".
MOVE_GP_PER_10_UNIT_HEXES = 1_000
#: "One scout unit can explore two (2) hexes (20 square miles) each season."
HEXES_PER_SCOUT = 2
#: "a Challenging (9) Wisdom check"; "a failure by 3 or greater points" is Political Strife.
ESPIONAGE_DC, ESPIONAGE_BACKFIRE = 9, 3
#: What "Determine any one item on the opposing realm's control sheet" may name.
SHEET_ITEMS = (
    "calling",
    "demeanor",
    "diplomacy",
    "wisdom",
    "wilderness_lore",
    "military",
    "treasury",
    "discontent",
    "hardship",
    "tax",
    "structures",
)


def moves_cost(units: int, hexes: int) -> int:
    """$1K per 10 unit-hexes, a part of 10 paying in full ("$1K could finance ... 5 troops ... two hexes")."""
    return -(-units * hexes // 10) * MOVE_GP_PER_10_UNIT_HEXES


def home_hex(world: Board, realm: Realm, letter: str) -> int | None:
    """Where a new unit stands: the capitol; a naval unit in a port on the sea; a Wizard unit with an army."""
    land = world.territory(realm.name)
    if not land:
        return None
    if letter == "N":
        # A port on the open sea first (WW29), else any coastal hex.
        sea = world.map.sea_ids()
        coast = sorted(
            (not any(n in sea for n in world.map.neighbour_ids(h)), h)
            for h in land
            if world.map.hexes[h].terrain == "coastal"
        )
        if coast:
            return coast[0][1]
    if letter == "W":
        taken = set(realm.troops.get("W", ()))
        armies = [h for h in land if world.map.hexes[h].wizard and h not in taken]
        if armies:
            return armies[0]
    return realm.capital if realm.capital is not None else land[0]


def station_troops(world: Board, realm: Realm) -> None:
    """One marker per unit on the sheet, each in a hex of the realm (ruling WW22).

    Markers in hexes the realm no longer holds are removed first (a Wizard unit dies with its
    guarding army; other units fall back to the capitol), extra markers go, missing ones stand
    at :func:`home_hex`.
    """
    troops = realm.troops
    if not troops and not (realm.mercenaries or realm.naval_units or realm.wizard_units):
        return
    for letter, count_field in MARKERS.items():
        count = getattr(realm, count_field) if realm.alive else 0
        hexes = troops.get(letter)
        if not hexes:
            if count == 0:
                if hexes is not None:
                    del troops[letter]
                continue
            hexes = troops[letter] = []
        owner = world.map.hexes
        # A naval unit at sea stands in no realm's hex (ruling WW29).
        kept = [h for h in hexes if owner[h].owner == realm.name or (letter == "N" and owner[h].sea)]
        if len(kept) == count and len(kept) == len(hexes):
            continue
        del kept[count:]
        while len(kept) < count:
            home = home_hex(world, realm, letter)
            if home is None:
                break
            kept.append(home)
        if kept:
            troops[letter] = kept
        else:
            del troops[letter]


def scout(world: Board, realm: Realm, units: int) -> list[int]:
    """The hexes ``units`` scout units explore this season: the nearest unexplored beyond the borders.

    Nearness is counted in hexes from the realm's border, ties by the map's order (ruling WW24).
    """
    mine = set(world.territory(realm.name))
    known = set(realm.explored)
    wanted = HEXES_PER_SCOUT * units
    found: list[int] = []
    # Scouts go overland: "unexplored terrain and settlements", never the open sea (WW29).
    seen = mine | world.map.sea_ids()
    queue = deque(sorted(mine))
    while queue and len(found) < wanted:
        here = queue.popleft()
        for nxt in world.map.neighbour_ids(here):
            if nxt in seen:
                continue
            seen.add(nxt)
            queue.append(nxt)
            if nxt not in known:
                found.append(nxt)
                if len(found) == wanted:
                    break
    realm.explored.extend(found)
    return found


def explore_in_person(world: Board, realm: Realm) -> list[int]:
    """The ruler explores as one scout unit does, and risks an encounter in each hex (ruling WW30).

    "If desired, a realm leader can do this same exploration but it will count as one of their
    two actions for the turn."  The risk is the one the seed gives travellers ("Realm Encounter
    Factor": "the chance of having a random encounter while traveling through the kingdom"): in
    each hex explored a card is drawn, and a value at or under the encounter factor of the realm
    holding the hex (``wild_encounter_factor`` for a hex in no realm) is an encounter, the card
    "a springboard for the encounter type", recorded for the referee to play.
    """
    explored = scout(world, realm, 1)
    met: list[str] = []
    for hex_id in explored:
        owner = world.map.hexes[hex_id].owner
        factor = world.settings.wild_encounter_factor if owner is None else world.encounter_factor(owner)
        draw = world.draw(f"{realm.name}: the ruler's encounter draw in {world.map.label(hex_id)}")
        if draw.value <= factor:
            met.append(f"an encounter in {world.map.label(hex_id)} ({draw.card}, {draw.value} against {factor})")
    found = "; ".join(describe_hex(world, h) for h in explored) or "nothing new"
    text = f"the ruler explores in person: {found}"
    if met:
        text += "; " + "; ".join(met)
    world.record(realm.name, text, secret=True, explored=explored, encounters=len(met))
    return explored


def describe_hex(world: Board, hex_id: int) -> str:
    h = world.map.hexes[hex_id]
    parts = [h.terrain]
    if h.river:
        parts.append("river")
    if h.base:
        parts.append(f"{h.base} base")
    if h.guard:
        parts.append("guarding army")
    parts.append(f"held by {h.owner}" if h.owner else "no realm")
    return f"{world.map.label(hex_id)} ({', '.join(parts)})"


def markers_text(world: Board, realm: Realm) -> str:
    """A realm's troop markers, as a spy catalogues them: ``M at (1,2) x2; N at Harbour``."""
    parts: list[str] = []
    for letter, hexes in sorted(realm.troops.items()):
        counted: dict[int, int] = {}
        for h in hexes:
            counted[h] = counted.get(h, 0) + 1
        parts.extend(f"{letter} at {world.map.label(h)}" + (f" x{n}" if n > 1 else "") for h, n in counted.items())
    return "; ".join(parts) or "no marked units"


def reveal(world: Board, spy: Realm, target: Realm, aim: str, item: str) -> str:
    """What a successful operation learns ("Espionage"); the text of the chronicle's line."""
    if aim == "agreements":
        other = item or None
        partners = [p for p in target.trade_routes if other is None or p == other]
        back = [r.name for r in world.realms.values() if target.name in r.trade_routes]
        if other is not None:
            back = [p for p in back if p == other]
            ill = world.ill(target.name, other)
            return (
                f"learns the agreements of {target.name} and {other}: {target.name} trades with them "
                f"{'yes' if partners else 'no'}, they trade with {target.name} {'yes' if back else 'no'}, "
                f"ill-will {ill}"
            )
        return (
            f"learns the trade routes of {target.name}: to {', '.join(partners) or 'none'}; "
            f"from {', '.join(back) or 'none'}"
        )
    if aim == "troops":
        return f"catalogues the troops of {target.name}: military {target.military}, {markers_text(world, target)}"
    if aim == "sheet":
        value: Any = world.sheet(target.name)[item]
        if isinstance(value, list):
            value = ", ".join(value) or "none"
        return f"learns the {item.replace('_', ' ')} of {target.name}: {value}"
    # "trace": every operation the suspect ran against the spy's realm, found or not.
    against = [e for e in world.espionage if e["spy"] == target.name and e["target"] == spy.name]
    if not against:
        return f"traces no espionage by {target.name} against {spy.name}"
    found = ", ".join(f"season {e['season']} ({e['aim']})" for e in against)
    return f"traces espionage by {target.name} against {spy.name}: {found}"


def espionage(world: Board, realm: Realm, action: Espionage) -> None:
    """A Wisdom check against Challenging (9): success does the chosen item, failing by 3 is Political Strife.

    "Espionage" (seed 000); every operation is recorded for tracing and for the spy's ruler (WW25, WW32).
    """
    target = world.realms[action.target]
    draw = world.draw(f"{realm.name}: Wisdom check for espionage against {target.name}")
    total = realm.wisdom + draw.value + action.extra
    world.espionage.append(
        {
            "season": world.season,
            "spy": realm.name,
            "target": target.name,
            "aim": action.aim,
            "success": total >= ESPIONAGE_DC,
        }
    )
    if total >= ESPIONAGE_DC:
        # What the spy's realm now knows of the target's sheet, for its ruler's decisions (WW32).
        if action.aim in ("troops", "intelligence"):
            world.espionage[-1]["learned"] = {"military": target.military}
        elif action.aim == "sheet":
            world.espionage[-1]["learned"] = {action.item: world.sheet(target.name)[action.item]}
        world.record(
            realm.name, f"espionage against {target.name} succeeds ({total} against {ESPIONAGE_DC})", secret=True
        )
        rows = {e.name: e for e in world.rules.events}
        event = {
            "bandits": "Bandits",
            "controversy": "Controversy",
            "assassination": "Death",
            "food-stores": "Food stores Damaged",
        }.get(action.aim)
        if event is not None:
            apply_event(world, target, rows[event])
        elif action.aim != "intelligence":
            world.record(realm.name, reveal(world, realm, target, action.aim, action.item), secret=True)
        else:
            sheet = world.sheet(target.name)
            world.record(
                realm.name,
                f"learns of {target.name}: military {sheet['military']}, treasury "
                f"{sheet['treasury']:,} gp, {sheet['calling']}, {sheet['demeanor']}",
                secret=True,
            )
        return
    if ESPIONAGE_DC - total >= ESPIONAGE_BACKFIRE:
        world.record(
            realm.name,
            f"espionage against {target.name} is exposed ({total} against {ESPIONAGE_DC}): "
            "Political Strife" + political_strife(world, realm, target),
        )
    else:
        world.record(
            realm.name,
            f"espionage against {target.name} fails quietly ({total} against {ESPIONAGE_DC})",
            secret=True,
        )
