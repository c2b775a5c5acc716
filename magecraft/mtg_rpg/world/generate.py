"""Worlds to play: the shipped sample world, random worlds for designers, new governments, new kingdoms.

* :func:`sample_world` -- four realms on a 9 x 7 hex land with a sea of 13 hexes and an island (Gull Isle)
  to the east (``data/world/sample_world.json``, ruling WW29), one of
  them Harloon exactly as "The Realm Control Sheet" describes it (5 plains, 2 forest, 5 mountain
  hexes and 2 bases: population 73, resources 35).
* :func:`generate_world` -- a random world of N realms with contiguous, non-overlapping borders
  ("The Realms Map"), each with a capitol and a second base.
* :func:`new_government` -- the new skills, Calling and Demeanor after a rebellion or a conquest
  (ruling WW16).
* :func:`start_kingdom` -- "Starting a Kingdom": a Wizard's realm of one controlled hex.

>>> from magecraft.core.randomness import Randomness
>>> world = sample_world(Randomness.seeded(1))
>>> world.population("Harloon"), world.resource_rating("Harloon"), len(world.territory("Harloon"))
(73, 35, 12)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.cards import Card
from magecraft.mtg_rpg.datafiles import data_text
from magecraft.mtg_rpg.world.board import pair_key
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.hexmap import SEA, Hex, HexMap
from magecraft.mtg_rpg.world.realm import STARTING_ILL_WILL, Realm, callings_and_demeanors, new_government
from magecraft.mtg_rpg.world.rules import DEFAULT_WORLD_SETTINGS, TERRAINS, WorldSettings

KINGDOM = "Starting a Kingdom"


def world_from_data(
    raw: Mapping[str, Any],
    rng: Randomness,
    *,
    settings: WorldSettings = DEFAULT_WORLD_SETTINGS,
    name: str = "world",
    referee: Sequence[Card] | None = None,
) -> World:
    """A new world from a map-and-sheets file; anything malformed refuses the whole file."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("realms"), list):
        raise DataError("a world file has a map of hexes and a list of realms")
    hexmap = HexMap.from_dict(raw)
    realms = []
    for sheet in raw["realms"]:
        if isinstance(sheet, Mapping) and isinstance(sheet.get("capital"), str):
            sheet = {**sheet, "capital": hexmap.find(sheet["capital"])}
        realms.append(Realm.from_dict(sheet))
    # A sheet that writes its treasury keeps it, 0 meaning 0; the others save six seasons of income.
    given = [r.name for r, sheet in zip(realms, raw["realms"], strict=True) if "treasury" in sheet]
    return World.found(
        hexmap, realms, rng=rng, settings=settings, name=name, referee=referee, treasury_given=given
    )


def sample_world(
    rng: Randomness,
    *,
    settings: WorldSettings = DEFAULT_WORLD_SETTINGS,
    name: str = "world",
    referee: Sequence[Card] | None = None,
) -> World:
    """The shipped sample world, with Harloon as the seed describes it."""
    try:
        raw = json.loads(data_text("world/sample_world.json"))
    except json.JSONDecodeError as exc:
        raise DataError(f"mtg_rpg/data/world/sample_world.json: {exc.msg}") from None
    return world_from_data(raw, rng, settings=settings, name=name, referee=referee)


def generate_world(
    realms: int,
    rng: Randomness,
    *,
    width: int = 0,
    height: int = 0,
    settings: WorldSettings = DEFAULT_WORLD_SETTINGS,
    name: str = "world",
) -> World:
    """A random world of ``realms`` realms for designers: about 12 hexes a realm, borders contiguous.

    Open sea lies along the east edge, and half the land hexes touching it are coastal (WW29).
    """
    if not 2 <= realms <= 40:
        raise RuleError(
            "a generated world has 2 to 40 realms",
            rule="the referee decides what realms are present",
            section="The Realms Map",
        )
    width = width or max(6, round((realms * 20) ** 0.5 * 1.2))
    height = height or max(5, -(-realms * 20 // width))
    hexes: list[Hex] = []
    for r in range(height):
        for col in range(width):
            terrain = rng.choice(TERRAINS, "the terrain of a hex")
            hexes.append(Hex(len(hexes), col - r // 2, r, terrain, river=rng.roll(6, "a river?") == 1))
    # The sea: one column of open water along the east edge, a second one every other row (WW29).
    for r in range(height):
        for col in range(width, width + 1 + r % 2):
            hexes.append(Hex(len(hexes), col - r // 2, r, SEA))
    hexmap = HexMap(hexes)
    for h in hexmap:
        if not h.sea and any(n.sea for n in hexmap.neighbours_of(h.id)) and rng.roll(2, "a coast?") == 1:
            h.terrain, h.river = "coastal", False
    capitals = _spread_capitals(hexmap, realms, rng)
    names = [f"Realm {i + 1}" for i in range(realms)]
    for name, cap in zip(names, capitals, strict=True):
        hexmap[cap].owner, hexmap[cap].base = name, "large"
    for _ in range(11):
        for name in names:
            _grow(hexmap, name, rng)
    for name in names:
        owned = [h.id for h in hexmap.owned_by(name) if h.base is None]
        if owned:
            hexmap[rng.choice(owned, f"{name}: where its second base lies")].base = "small"
    sheets = []
    for realm_name, cap in zip(names, capitals, strict=True):
        realm = Realm(
            name=realm_name, calling="", demeanor="", diplomacy=0, wisdom=0, wilderness_lore=0, capital=cap
        )
        new_government(rng, realm, label=realm_name)
        sheets.append(realm)
    return World.found(hexmap, sheets, rng=rng, settings=settings, name=name)


def _spread_capitals(hexmap: HexMap, count: int, rng: Randomness) -> list[int]:
    land = [h.id for h in hexmap if not h.sea]
    chosen = [land[rng.roll(len(land), "the first capitol") - 1]]
    while len(chosen) < count:
        far = max(min(hexmap.distance(h, c) for c in chosen) for h in land)
        choices = [h for h in land if min(hexmap.distance(h, c) for c in chosen) == far]
        chosen.append(rng.choice(choices, "the next capitol, far from the others"))
    return chosen


def _grow(hexmap: HexMap, name: str, rng: Randomness) -> None:
    owned = [h.id for h in hexmap.owned_by(name)]
    free = sorted(
        {n for i in owned for n in hexmap.neighbour_ids(i) if hexmap[n].owner is None and not hexmap[n].sea}
    )
    if free:
        hexmap[rng.choice(free, f"{name}: the border grows")].owner = name


def start_kingdom(
    world: World,
    name: str,
    hex_id: int,
    *,
    ruler: str,
    diplomacy: int,
    wisdom: int,
    war_skill: int,
    wilderness_lore: int,
    calling: str,
    demeanor: str,
    heraldry: str = "",
) -> Realm:
    """A Wizard who controls one unclaimed hex declares himself its ruler. ("Starting a Kingdom")

    The new realm has no starting treasury ("Newly created realms ... have a starting treasury of
    zero"), its ruler's Diplomacy, Wisdom and War skill, and a base in its one hex as its capitol
    (ruling WW18); it is played at the table.
    """
    _check_founding(world, name, hex_id, calling, demeanor)
    h = world.map[hex_id]
    realm = Realm(
        name=name,
        calling=calling,
        demeanor=demeanor,
        diplomacy=diplomacy,
        wisdom=wisdom,
        wilderness_lore=wilderness_lore,
        war_skill=war_skill,
        ruler=ruler,
        heraldry=heraldry,
        ruler_is_wizard=True,
        controller="table",
    )
    h.owner = name
    if h.base is None:
        h.base = "small"
    realm.capital = hex_id
    world.realms[name] = realm
    world.owners_changed()
    for other in world.realms:
        if other != name:
            world.ill_will.setdefault(pair_key(name, other), STARTING_ILL_WILL)
    world.record(name, f"{ruler} founds the kingdom of {name} in {world.map.label(hex_id)}")
    return realm


def _check_founding(world: World, name: str, hex_id: int, calling: str, demeanor: str) -> None:
    """A new kingdom needs a name of its own, a Calling and Demeanor from the lists, and one unclaimed hex of
    land ("Starting a Kingdom"); refused with the rule, nothing changed."""
    if name in world.realms:
        raise RuleError(
            f"there is already a realm called {name}", rule="give their new kingdom a name", section=KINGDOM
        )
    if not 0 <= hex_id < len(world.map):
        raise RuleError(
            f"there is no hex {hex_id}", rule="control at least one 10 x 10 mile area", section=KINGDOM
        )
    callings, demeanors = callings_and_demeanors()
    if calling not in callings or demeanor not in demeanors:
        wrong = f"Calling {calling!r}" if calling not in callings else f"Demeanor {demeanor!r}"
        raise RuleError(
            f"no {wrong} in the MtG RPG's lists", rule="Realm Calling and Demeanor", section=KINGDOM
        )
    h = world.map[hex_id]
    if h.sea:
        raise RuleError(
            f"hex {world.map.label(hex_id)} is open sea, no land to rule",
            rule="control at least one 10 x 10 mile area of land",
            section=KINGDOM,
        )
    if h.owner is not None:
        raise RuleError(
            f"hex {world.map.label(hex_id)} lies in {h.owner}; buy it, take it or be given it first",
            rule="the character must control at least one 10 x 10 mile area",
            section=KINGDOM,
        )
