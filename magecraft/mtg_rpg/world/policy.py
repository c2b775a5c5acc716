"""How a realm run by the engine decides, "so the world runs itself" (seed 000, "The Campaign Turn").

The seed leaves realms not ruled by a player to the referee.  :func:`choose` decides for them
by a policy shaped by the realm's Calling (its *stance*, ``data/world/policy.toml``) and its
Demeanor (how readily it goes to war, and whether it razes):

* every realm first keeps itself alive: gold for a hardship check it would likely fail, a
  low tax and troops to quell unrest after failed discontent checks, soldiers its income cannot
  pay sent home before they are paid, a festival before a third
  failure would bring rebellion, and a reserve of two seasons of soldiers' pay;
* a **conqueror** (World Domination, Vengeance, Glory Hound ...) makes war whenever it can take
  land, and recruits otherwise; a warlike Demeanor makes any realm attack weak neighbours;
* a **builder** (Benefactor, Majesty ...) builds the structure that eases its worst score,
  holds festivals and builds bases; a **merchant** opens trade and paves roads to its partners;
  a **diplomat** eases the worst ill-will; a **guardian** recruits, guards and fortifies;
* every realm keeps watch on its **rival** (the realm it bears the most ill-will, 9 or more):
  a warlike Demeanor sends spies to damage the rival's food stores, a conqueror or guardian to
  catalogue its troops, any other realm to trace the rival's spies (once in four seasons); a
  merchant hires a scout unit while it has explored fewer than six hexes beyond its borders; a
  conqueror or guardian marches its marked units (mercenaries, Wizard units) to the hex of its own
  facing the rival, a base first (ruling WW28), or with none by land to the port its ships reach
  nearest the rival's coast, carried there by sea when the port is on other land (WW33);
* each stance keeps the units ``data/world/policy.toml`` gives it (ruling WW32): a conqueror hires
  mercenaries the turn it makes war, a guardian puts Wizard units with its guarding armies, a realm
  with a coast on the sea builds a shipyard and naval units, sails them beside its rival's ships and
  attacks them, and lands soldiers on the coasts its ships reach; a merchant too poor for scouts
  explores in person;
* a realm decides on what it knows (:class:`Outlook`, ruling WW32): its own sheet, the hexes it has
  seen, and what its own spies learned -- a neighbour whose strength it never learned is reckoned a
  strong one when it counts what a hex would cost;
* resources left at the end of a turn are sold, since "any resources not expended in a turn
  are gone".

A bot proposes a few concrete actions and takes the first that :meth:`World.check` accepts; it
never enumerates every legal action (that is for people at the table).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from magecraft.core.errors import DataError, RuleError
from magecraft.core.state import GameState
from magecraft.mtg_rpg.datafiles import read_toml
from magecraft.mtg_rpg.world.actions import (
    BuildBase,
    BuildGuard,
    BuildNaval,
    BuildRoads,
    BuildStructure,
    BuyResources,
    Capture,
    ConductDiplomacy,
    Done,
    EndTurn,
    Espionage,
    Explore,
    FortifyBase,
    Hardship,
    HireMercenaries,
    HireScouts,
    HireWizard,
    HoldFestival,
    MakeWar,
    MoveTroops,
    NavalBattle,
    OpenTrade,
    PaveRoad,
    Phase,
    Quell,
    Recruit,
    SellResources,
    SetTax,
    WorldAction,
)
from magecraft.mtg_rpg.world.board import Turn
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.naval import (
    afloat,
    can_carry,
    coast_reach,
    landing_hexes,
    landings_left,
    sailing_distance,
    squadron,
)
from magecraft.mtg_rpg.world.order_costs import MERCENARY_GP, MERCENARY_RESOURCES, NAVAL_RESOURCES, cost_of
from magecraft.mtg_rpg.world.realm import Realm
from magecraft.mtg_rpg.world.rules import SECTION
from magecraft.mtg_rpg.world.turn import (
    HARDSHIP_GP_PER_POPULATION,
    MILITARY_UPKEEP,
    discontent_dc,
    hardship_dc,
    trade_income,
)
from magecraft.mtg_rpg.world.war import capture_cost, war_strength_available

#: A realm whose discontent or hardship reaches this builds the structure that eases it first.
RELIEF_AT = 9
#: The value a bot expects of a referee draw (the referee deck's curve centres near 3).
EXPECTED_DRAW = 3
#: The ill-will at which a realm watches a rival with spies and troops (WW28).
RIVAL_AT = 9
#: Gold kept beyond the soldiers' pay before a realm pays for spies or scouts (WW28).
SPARE_FOR_SECRETS = 20_000
#: A realm spies on its rival at most once in this many seasons (WW28).
SPY_EVERY = 4
#: A merchant realm hires scouts until it has explored this many hexes beyond its borders (WW28).
SCOUTED_ENOUGH = 6


@dataclass(frozen=True, slots=True)
class Temper:
    stance: str
    warlike: bool
    peaceful: bool
    razes: bool


@dataclass(frozen=True, slots=True)
class Forces:
    """The units a stance keeps (``data/world/policy.toml`` ``[units]``, ruling WW32)."""

    mercenaries: int = 0
    wizard_units: int = 0
    naval_units: int = 0


STANCES = ("conqueror", "builder", "merchant", "diplomat", "guardian")


@cache
def _policy() -> tuple[dict[str, str], frozenset[str], frozenset[str], frozenset[str]]:
    raw = read_toml("world/policy.toml")
    d = raw["demeanor"]
    return dict(raw["stance"]), frozenset(d["warlike"]), frozenset(d["peaceful"]), frozenset(d["razes"])


@cache
def _stance_tables() -> tuple[dict[str, tuple[str, str]], dict[str, Forces]]:
    """The spies' aim and the units kept, by stance; a missing stance refuses the whole file."""
    raw = read_toml("world/policy.toml")
    try:
        spies = {k: (str(v["aim"]), str(v.get("item", ""))) for k, v in raw["espionage"].items()}
        units = {k: Forces(**{f: int(n) for f, n in v.items()}) for k, v in raw["units"].items()}
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"mtg_rpg/data/world/policy.toml: espionage or units malformed ({exc})") from None
    missing = [s for s in (*STANCES, "warlike") if s not in spies or (s != "warlike" and s not in units)]
    if missing:
        raise DataError(f"mtg_rpg/data/world/policy.toml: no espionage or units for {missing[0]!r}")
    return spies, units


def forces(t: Temper) -> Forces:
    return _stance_tables()[1][t.stance]


@dataclass(slots=True)
class Outlook:
    """What the ruler of a realm run by the engine knows when it decides (rulings WW26, WW32).

    The hexes it has seen (its land, the hexes touching it, its scouts' -- with what stands in them
    as the map marks it: bases, capitols, guarding armies, unit markers) and what its own spies
    learned of the others' sheets; never another realm's sheet itself.
    """

    known: set[int]
    learned: dict[str, dict[str, Any]]

    def military_of(self, realm: str) -> int | None:
        value = self.learned.get(realm, {}).get("military")
        return value if isinstance(value, int) else None


def outlook(world: World, realm: Realm) -> Outlook:
    learned: dict[str, dict[str, Any]] = {}
    for e in world.espionage:
        if e["spy"] == realm.name and e.get("learned"):
            learned.setdefault(e["target"], {}).update(e["learned"])
    return Outlook(world.known_hexes(realm.name), learned)


def estimated_cost(world: World, seen: Outlook, realm: Realm, hex_id: int) -> int:
    """A hex's capture cost as ``realm`` reckons it: an owner of unknown strength counts as strong (WW32)."""
    owner = world.map[hex_id].owner
    strong = False
    if owner is not None and owner != realm.name:
        theirs = seen.military_of(owner)
        strong = theirs is None or theirs > realm.military
    return capture_cost(world, realm.name, hex_id, strong=strong)


def targets(world: World, turn: Turn, realm: Realm, seen: Outlook) -> list[int]:
    """The hexes ``realm`` knows it could take: beside its borders, or a coast its ships reach."""
    mine = set(world.territory(realm.name))
    sea = world.map.sea_ids()
    found = {n for i in mine for n in world.map.neighbour_ids(i) if n not in mine and n not in sea}
    if landings_left(world, turn):
        found |= landing_hexes(world, realm) & seen.known
    restraint = world.settings.bot_war_restraint_hexes
    if restraint:
        sizes: dict[str, int] = {}
        for k in seen.known:
            owner = world.map[k].owner
            if owner is not None:
                sizes[owner] = sizes.get(owner, 0) + 1
        found = {h for h in found if sizes.get(world.map[h].owner or "", restraint + 1) > restraint}
    return sorted(found)


@cache
def temper(calling: str, demeanor: str) -> Temper:
    """A realm's stance from its Calling and its readiness for war from its Demeanor."""
    stances, warlike, peaceful, razes = _policy()
    return Temper(stances.get(calling, "builder"), demeanor in warlike, demeanor in peaceful, demeanor in razes)


def choose(world: World) -> WorldAction:
    """The choice of the realm whose turn it is."""
    turn = world.turn
    if turn is None:
        raise RuleError("no realm is taking its turn", rule="the campaign turn", section="The Campaign Turn")
    realm = world.realms[turn.realm]
    t = temper(realm.calling, realm.demeanor)
    if turn.phase is Phase.HARDSHIP:
        return _hardship(world, realm)
    if turn.phase is Phase.TREASURY:
        return _tax(world, turn, realm, t)
    if turn.phase is Phase.DISCONTENT:
        return _quell(world, turn, realm, t)
    if turn.phase is Phase.CAPTURE:
        return _capture(world, turn, realm, t)
    if turn.phase is Phase.ROAD:
        return _pave(world, turn, realm)
    for action in _wishes(world, turn, realm, t):
        gold, resources = cost_of(world, turn, action)
        if gold > realm.treasury or resources > turn.resources:
            continue  # the cheap test first: most wishes a realm cannot afford
        try:
            world.check(action)
        except RuleError:
            continue
        return action
    return EndTurn()


def _reserve(realm: Realm) -> int:
    """A season of soldiers' pay kept back."""
    return MILITARY_UPKEEP * realm.military


def _hardship(world: World, realm: Realm) -> WorldAction:
    short = hardship_dc(world, realm) - realm.wilderness_lore - EXPECTED_DRAW
    if short <= 0:
        return Hardship(0)
    step = HARDSHIP_GP_PER_POPULATION * max(1, world.population(realm.name))
    spare = max(0, realm.treasury - _reserve(realm)) // step
    return Hardship(min(short, spare, 5))


def _tax(world: World, turn: Turn, realm: Realm, t: Temper) -> WorldAction:
    pressure = realm.discontent + turn.extra_discontent - realm.diplomacy - EXPECTED_DRAW
    if realm.failed_checks >= 1 and pressure > 0:
        rate = "low"
    elif realm.treasury < _reserve(realm) or (t.stance in ("conqueror", "merchant") and pressure < -3):
        rate = "high"
    else:
        rate = "medium"
    # "The realm can voluntarily decrease its military strength in order to lower maintenance costs":
    # soldiers the season's income cannot pay go home before they are paid.
    income = world.population(realm.name) * world.rules.tax[rate].gp_per_population + trade_income(world, realm)
    if realm.military > 1 and realm.military * MILITARY_UPKEEP > income:
        return SetTax(rate, min(realm.military - 1, realm.military - income // MILITARY_UPKEEP))
    return SetTax(rate)


def _quell(world: World, turn: Turn, realm: Realm, t: Temper) -> WorldAction:
    short = discontent_dc(world, turn, realm) - realm.diplomacy - realm.festival_bonus - EXPECTED_DRAW
    if short <= 0:
        return Quell(0)
    if realm.failed_checks >= 1 or t.stance != "conqueror":
        return Quell(min(short, realm.military))
    return Quell(0)


def _festivals(world: World, realm: Realm, sizes: tuple[str, ...]) -> Iterator[HoldFestival]:
    """The festivals of ``sizes`` that would raise next turn's bonus ("Hold Festivals or Games").

    Two festivals in one turn do not add up (ruling WW7): one no larger than a festival already held this
    turn costs gold and an action and changes nothing, so a realm run by the engine never holds it
    (issue 25 item 11: Sarn held two simple festivals a season).
    """
    held = realm.festival_bonus
    festivals = world.rules.festivals
    yield from (HoldFestival(size) for size in sizes if size in festivals and festivals[size].bonus > held)


def _wishes(world: World, turn: Turn, realm: Realm, t: Temper) -> Iterator[WorldAction]:
    """The realm's wishes in order; the first allowed is taken."""
    if realm.discontent >= RELIEF_AT:
        yield from _relief(realm, "discontent")
    if realm.hardship >= RELIEF_AT:
        yield from _relief(realm, "hardship")
    if realm.failed_checks >= 2 or discontent_dc(world, turn, realm) - realm.diplomacy > 8:
        yield from _festivals(world, realm, ("elaborate", "impressive", "simple"))
        yield from _relief(realm, "discontent")
    spare = realm.treasury - _reserve(realm)
    if spare <= 0:
        yield from _sell(turn)
        return
    warlike = t.stance == "conqueror" or (t.warlike and not t.peaceful)
    if warlike:
        yield from _war(world, turn, realm, t)
        if spare >= SPARE_FOR_SECRETS:
            yield from force_wishes(world, turn, realm, t)
        yield Recruit()
    if t.stance == "builder":
        yield from _relief(realm, "discontent" if realm.discontent >= realm.hardship else "hardship")
        yield from _festivals(world, realm, ("simple",))
        yield from (BuildBase(h) for h in world.territory(realm.name)[:3] if world.map[h].base is None)
    elif t.stance == "merchant":
        if len(realm.explored) < SCOUTED_ENOUGH and spare < SPARE_FOR_SECRETS:
            yield Explore()  # too poor for scouts: the ruler goes himself (WW30, WW32)
        yield from _trade(world, realm)
        if realm.trade_routes and len(turn.actions) == 0:
            yield BuildRoads()
    elif t.stance == "diplomat":
        worst = _worst_neighbour(world, realm)
        if worst is not None:
            yield ConductDiplomacy(worst)
        yield from _trade(world, realm)
    elif t.stance == "guardian":
        yield Recruit()
        if spare >= SPARE_FOR_SECRETS:
            yield from force_wishes(world, turn, realm, t)
        if realm.capital is not None:
            yield FortifyBase(realm.capital)
        yield from (BuildGuard(h) for h in world.bases(realm.name))
    if spare >= SPARE_FOR_SECRETS:
        yield from watch(world, realm, t)
        yield from force_wishes(world, turn, realm, t)
    yield from _relief(realm, "hardship" if realm.hardship > realm.discontent else "discontent")
    yield from _sell(turn)


def rival(world: World, realm: Realm) -> str | None:
    """The standing realm ``realm`` bears the most ill-will, if it reaches :data:`RIVAL_AT` (WW28)."""
    worst = max(((world.ill(realm.name, r.name), r.name) for r in world.alive() if r.name != realm.name),
                default=None)
    return worst[1] if worst is not None and worst[0] >= RIVAL_AT else None


def watch(world: World, realm: Realm, t: Temper) -> Iterator[WorldAction]:
    """Spies on the rival, scouts for a merchant, marked units marched to face the rival (WW28)."""
    foe = rival(world, realm)
    if foe is not None and not _spied_lately(world, realm.name, foe):
        spies = _stance_tables()[0]
        aim, item = spies["warlike"] if t.warlike and not t.peaceful else spies[t.stance]
        yield Espionage(foe, aim, item=item)
    if t.stance == "merchant" and len(realm.explored) < SCOUTED_ENOUGH:
        yield HireScouts(1)
    if foe is not None and t.stance in ("conqueror", "guardian"):
        yield from _march(world, realm, foe)


def force_wishes(world: World, turn: Turn, realm: Realm, t: Temper) -> Iterator[WorldAction]:
    """Wizard units with the guarding armies, a shipyard and naval units, ships against the rival (WW32)."""
    keep = forces(t)
    if realm.wizard_units < keep.wizard_units:
        for h in world.territory(realm.name):
            if world.map[h].guard and not world.map[h].wizard:
                yield HireWizard(guard_hex=h)
                break
    if keep.naval_units == 0:
        return
    foe = rival(world, realm)
    if foe is not None and realm.naval_units:
        yield from _sail_against(world, realm, foe)
    if realm.naval_units >= keep.naval_units or not _seaboard(world, realm):
        return
    if "Shipyard" in realm.structures:
        needed = NAVAL_RESOURCES * max(1, realm.military)
        if turn.resources < needed and not turn.actions:
            yield BuyResources(needed - turn.resources)
        yield BuildNaval()
    elif not any(b.kind == "Shipyard" for b in realm.building):
        yield BuildStructure("Shipyard")


def _seaboard(world: World, realm: Realm) -> bool:
    """Whether the realm has a coastal hex on the sea, where ships can put out."""
    sea = world.map.sea_ids()
    hexes = world.map.hexes
    return any(
        hexes[h].terrain == "coastal" and any(n in sea for n in world.map.neighbour_ids(h))
        for h in world.territory(realm.name)
    )


def _sail_against(world: World, realm: Realm, foe: str) -> Iterator[WorldAction]:
    """Attack the rival's ships the realm can see when its own are beside them; else sail one there."""
    seen = world.known_hexes(realm.name)
    enemy = world.realms[foe]
    ships = sorted({h for h in realm.troops.get("N", ()) if afloat(world, realm, h)})
    visible = sorted({h for h in enemy.troops.get("N", ()) if h in seen})
    engaged = False
    for e in visible:
        near = squadron(world, realm, e)
        if near:
            engaged = True  # a ship already lies beside this one: it stays (no sailing back and forth)
            if len(near) >= enemy.troops["N"].count(e):
                yield NavalBattle(foe, e)
    if engaged:
        return
    for e in visible:
        berths = [n for n in (e, *world.map.neighbour_ids(e)) if world.map[n].sea]
        for start in ships:
            for berth in berths:
                if sailing_distance(world, start, berth) is not None:
                    yield MoveTroops(1, what="N", start=start, to=berth)
                    return


def _spied_lately(world: World, spy: str, target: str) -> bool:
    """Whether ``spy`` ran an operation against ``target`` in the last :data:`SPY_EVERY` seasons."""
    for e in reversed(world.espionage):
        if world.season - e["season"] >= SPY_EVERY:
            return False
        if e["spy"] == spy and e["target"] == target:
            return True
    return False


def _march(world: World, realm: Realm, foe: str) -> Iterator[WorldAction]:
    """One marked unit (not naval) to the realm's hex facing ``foe``, a base first (Move Troops, WW28).

    With no hex facing the rival by land, the port its ships reach nearest the rival's coast; a unit
    on other land is marched to a port and carried there by sea (WW33).
    """
    hexes = world.map
    facing = [h for h in world.territory(realm.name) if any(hexes[n].owner == foe for n in hexes.neighbour_ids(h))]
    to = min(facing, key=lambda h: (hexes[h].base is None, h)) if facing else _port_facing(world, realm, foe)
    if to is None:
        return
    for letter in ("M", "W"):
        for start in sorted(set(realm.troops.get(letter, []))):
            if start == to:
                continue
            if hexes.land_region(start) == hexes.land_region(to):
                yield MoveTroops(1, what=letter, start=start, to=to)
                return
            if can_carry(world, realm, start, to):
                yield MoveTroops(1, what=letter, start=start, to=to, by_sea=True)
                return
            land = hexes.land_region(start)
            ports = [
                (hexes.distance(start, p), p)
                for p in world.territory(realm.name)
                if p != start and hexes.land_region(p) == land and can_carry(world, realm, p, to)
            ]
            if ports:
                yield MoveTroops(1, what=letter, start=start, to=min(ports)[1])
                return


def _port_facing(world: World, realm: Realm, foe: str) -> int | None:
    """The realm's coastal hex its ships reach nearest (by water) a coastal hex of ``foe`` they reach."""
    best: tuple[int, int] | None = None
    for ship in sorted({h for h in realm.troops.get("N", ()) if afloat(world, realm, h)}):
        coast = coast_reach(world, ship)
        theirs = [h for h in coast if world.map[h].owner == foe]
        for port in sorted(h for h in coast if world.map[h].owner == realm.name):
            for h in theirs:
                sailed = sailing_distance(world, port, h)
                if sailed is not None and (best is None or (sailed, port) < best):
                    best = (sailed, port)
    return None if best is None else best[1]


def _sell(turn: Turn) -> Iterator[WorldAction]:
    if turn.resources > 0:
        yield SellResources(turn.resources)


def _relief(realm: Realm, score: str) -> Iterator[WorldAction]:
    order = (
        ("Library", "Temple", "Monument") if score == "discontent" else ("Food stores", "Marketplace", "Warehouse")
    )
    if realm.has_ongoing("Food stores Damaged") is not None:
        yield BuildStructure("Food stores")
    if realm.has_ongoing("Fire") is not None:
        yield BuildStructure("Rebuilt building")
    yield from (BuildStructure(s) for s in order)


def _trade(world: World, realm: Realm) -> Iterator[WorldAction]:
    partners = sorted(
        (world.ill(realm.name, r.name), r.name)
        for r in world.alive()
        if r.name != realm.name and r.name not in realm.trade_routes
    )
    for ill, name in partners[:2]:
        if ill < 12:
            yield OpenTrade(name)


def _worst_neighbour(world: World, realm: Realm) -> str | None:
    others = [(world.ill(realm.name, r.name), r.name) for r in world.alive() if r.name != realm.name]
    if not others:
        return None
    ill, name = max(others)
    return name if ill > 4 else None


def _war(world: World, turn: Turn, realm: Realm, t: Temper) -> Iterator[WorldAction]:
    """Make War when a known hex is within reach; a conqueror hires its mercenaries first (WW32)."""
    strength = war_strength_available(world, turn, realm, False)
    if strength < 2:
        return
    seen = outlook(world, realm)
    costs = [estimated_cost(world, seen, realm, h) for h in targets(world, turn, realm, seen)]
    cheapest = min(costs, default=None)
    if cheapest is None:
        yield from force_wishes(world, turn, realm, t)  # nothing within reach by land: a fleet to land by sea
        return
    points = strength + realm.mercenaries + max(realm.war_skill, EXPECTED_DRAW)
    hire = forces(t).mercenaries
    war_gold, war_resources = cost_of(world, turn, MakeWar(strength))
    if (
        hire
        and not realm.mercenaries
        and not turn.actions
        and cheapest <= points + hire
        and realm.treasury - _reserve(realm) >= MERCENARY_GP * hire + war_gold
        and turn.resources >= MERCENARY_RESOURCES * hire + war_resources
    ):
        yield HireMercenaries(hire)
    if cheapest <= points:
        yield MakeWar(strength)
    elif cheapest > points + hire:
        yield from force_wishes(world, turn, realm, t)


def _capture(world: World, turn: Turn, realm: Realm, t: Temper) -> WorldAction:
    """Capitols first, then bases, then the cheapest land, as the realm reckons the costs (WW32)."""
    seen = outlook(world, realm)
    ranked: list[tuple[int, int]] = []
    for n in targets(world, turn, realm, seen):
        cost = estimated_cost(world, seen, realm, n)
        if cost > turn.capture_points:
            continue
        h = world.map[n]
        rank = 0 if h.owner is not None and world.realms[h.owner].capital == n else 1 if h.base is not None else 2
        ranked.append((rank * 100 + cost, n))
    for _, hex_id in sorted(ranked):
        h = world.map[hex_id]
        install = t.peaceful and h.owner is not None and world.realms[h.owner].capital == hex_id
        # A friendly government is one like its own ("The conqueror chooses the Calling and Demeanor").
        action = Capture(
            hex_id,
            raze=t.razes and h.base is not None and h.owner is not None,
            install=install,
            calling=realm.calling if install else "",
            demeanor=realm.demeanor if install else "",
        )
        try:
            world.check(action)
        except RuleError:
            continue  # the referee knows a neighbour the realm took for weak is strong
        return action
    return Done()


def _pave(world: World, turn: Turn, realm: Realm) -> WorldAction:
    # A trade partner's bases are known to the realm whose caravans go there (WW32); the road runs
    # through the hexes it knows.
    known = world.known_hexes(realm.name)
    for partner in realm.trade_routes:
        ends = world.bases(partner)
        starts = world.bases(realm.name)
        if not ends or not starts:
            continue
        path = world.map.path(starts[0], ends[0], passable=(known | set(ends)) - world.map.sea_ids())
        if path is None:
            continue
        for hex_id in path:
            if hex_id in realm.roads or (world.map[hex_id].road and world.settings.road_use == "shared"):
                continue  # its own road already, or any road when roads are shared (WW14)
            action = PaveRoad(hex_id)
            try:
                world.check(action)
            except RuleError:
                break
            return action
    return Done()


class PolicyBot:
    """A realm ruled by its policy (:func:`choose`), through the one bot protocol ``choose(state, player)``.

    The seed leaves the realms no player rules to the referee, who sees the whole world: this bot reads
    the world to test its choices (``World.check``, costs), but what it reckons with of the other realms is
    the realm's own :class:`Outlook` -- its sheet, the hexes it has seen, its spies' findings (ruling WW32).
    """

    name = "heuristic"

    def choose(self, state: GameState[Any], player: str) -> WorldAction:
        if not isinstance(state, World):
            raise TypeError(f"a realm's policy rules a realm of a world, not {type(state).__name__}")
        if state.current_player() != player:
            raise RuleError(f"it is not {player}'s turn", rule="the realms take their turns", section=SECTION)
        return choose(state)


def run_season(world: World) -> None:
    """One whole campaign turn with every realm deciding by its policy."""
    world.begin_season()
    while world.turn is not None:
        world.apply(choose(world))
