"""The phases of a character's day in the living realm: the day the referee records, checked against what
the day allows, and walked through the board's sites (the Trap, the minor treasure locations).

One model for every source of phases (ruling MR42):

- the base game's phases (``realm.toml [day]``: two basic and two sunlight phases, the sunlight ones
  lost on a day that begins in a cave clearing or reaches one, 3.3/1; ``phases`` on the recorded day
  overrides them), or the
  Dwarf's four activities wherever he is with at most two MOVEs (13.1, :func:`.characters.plan_day`);
- extra phases, each serving one activity only: the Thief/Assassin's HIDE (13.2), a guild's benefits
  (9.2: REST, HIDE, SP -- a SPELL phase), the Cook's REST and the Children's two SEARCHes while they
  serve (7.10), Shejoh's Ring's HIDE when worn (10.2), and any the referee names (the base game's own);
- what a traveller forbids or allows: no HIDE, SEARCH or REST with the Jester (7.10); MAGIC SIGHT in
  place of a SEARCH with the Shadow (7.10);
- MOVE goes by road to a joined clearing, two MOVEs into a mountain clearing (one under FLEET FOOT);
  FLY to a clearing of the tile or of a tile next to it; offroad travel takes two MOVEs (2.2) and gate
  travel its GATE and MOVE phases (3.3), counted against the same day;
- the Trap holds whoever does anything but move in its clearing or ends the turn there (14.2/1-3); a
  trapped character records no MOVE or FLY before a SEARCH that may free him (14.2/2, ruling MR26), and
  leaves by no other way (gates, spells, offroad: ruling MR41).

Everything recorded between two days counts against the coming day (the day is the characters' turn,
whose ends :class:`magecraft.magic_realm.days.RealmDays` then plays); the count starts again with each
day.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from magecraft.core.errors import InputError, RuleError
from magecraft.magic_realm.characters import CharacterCard, DayPlan, activity, character, plan_day
from magecraft.magic_realm.data import realm_lists, traveller
from magecraft.magic_realm.pieces import Character, Item
from magecraft.magic_realm.realm import DayRecord, Realm
from magecraft.magic_realm.spells import fleet_foot_moves
from magecraft.magic_realm.treasures import TRAP, TREASURES, discovers

if TYPE_CHECKING:
    from magecraft.magic_realm.actions import RecordDay

DAY = "the phases of a character's day"
MOVING = ("MOVE", "FLY")
#: The base game's Locate/Peer result that discovers the hidden paths leaving the clearing (ruling MR43).
PATHS = "Paths"
#: 9.2's "Additional SP phase" is a SPELL phase.
PHASE_ACTIVITY = {"SP": "SPELL"}


@dataclass(frozen=True, slots=True)
class Activity:
    """One recorded activity: ``MOVE@Oak Woods 3`` (``to``: the clearing reached), ``SEARCH=Discover Chits``
    (``result``: the Locate or Loot result, the base game's), ``HIDE``..."""

    name: str
    to: int | None = None
    result: str | None = None

    @property
    def moves(self) -> bool:
        return self.name in MOVING


def parse(realm: Realm, text: str) -> Activity:
    head, _, result = text.partition("=")
    name, _, where = head.partition("@")
    act = activity(name)
    to = None
    if where.strip():
        if act not in MOVING:
            raise InputError(f"{text!r}: only MOVE@CLEARING or FLY@CLEARING names a clearing")
        to = realm.board.clearing_of(where).id
    elif act in MOVING:
        raise InputError(f"{text!r}: say where, like 'MOVE@Oak Woods 3'")
    if result.strip() and act != "SEARCH":
        raise InputError(f"{text!r}: only a SEARCH has a result, like 'SEARCH=Discover Chits'")
    return Activity(act, to, result.strip() or None)


def card_of(name: str) -> CharacterCard:
    """The character's card (its limits), or a card without limits for a character the data does not list."""
    try:
        return character(name)
    except InputError:
        return CharacterCard(name, "M")


def dark(realm: Realm, clearing: int) -> bool:
    """A cave clearing, where the day's sunlight phases are lost -- unless ROCKS GLOW lights it today (II/Gold,
    "May perform daylight phases in the affected clearing")."""
    return realm.board.clearings[clearing].is_cave and clearing not in realm.glowing


def record(realm: Realm, who: Character) -> DayRecord:
    """The coming day's record so far (a new one, not stored, when nothing is recorded yet)."""
    found = realm.today.get(who.name)
    if found is None:
        found = DayRecord(dark(realm, who.clearing))
    return found


@dataclass(frozen=True, slots=True)
class Company:
    """What the travellers with a character do to his day (7.6, 7.10): extra phases while they serve, the
    activities forbidden in a follower's presence (the Jester's), what may replace a SEARCH (the Shadow's)."""

    extra: tuple[str, ...]
    forbidden: dict[str, str]
    search_as: frozenset[str]


def company(serving: Iterable[str], followers: Iterable[str] = ()) -> Company:
    """The day's rules of the travellers ``serving`` the character and of those who joined him (``followers``)."""
    cards = [traveller(n) for n in serving]
    out: list[str] = []
    for name in (c.name for c in cards):
        out += traveller(name).extra_phases
    forbidden = {a: name for name in followers for a in traveller(name).forbids}
    return Company(tuple(out), forbidden, frozenset(c.search_as for c in cards if c.search_as))


def extra_phases(realm: Realm, who: Character, named: Iterable[str] = ()) -> list[str]:
    """The extra phases today beyond the card's own: the guild's, the serving travellers', the referee's."""
    out = [PHASE_ACTIVITY.get(p, p) for p in realm.guilds.effects(who.name).extra_phases]
    out += company(realm.retinues[who.name].serving).extra
    if "Prayer" in who.enchanted:
        out.append("REST")  # PRAYER (I/White): an extra REST phase, for good
    ring = realm.ring
    if ring is not None and ring["wearer"] == who.name and ring["extra_phase"]:
        out.append(str(ring["extra_phase"]))  # 10.2: Shejoh's Ring 5, an extra HIDE phase
    out += [activity(PHASE_ACTIVITY.get(p.strip().upper(), p)) for p in named]
    return out


def allowed(realm: Realm, who: Character, recorded: Sequence[str], *, phases: int | None = None,
            named: Iterable[str] = (), cave: bool = False) -> DayPlan:
    """Check the day's whole record (``recorded``) against its phases; refused (``RuleError``) otherwise.
    ``cave``: the day reaches a cave clearing (its sunlight phases lost, as on a day begun in one)."""
    today = record(realm, who)
    if phases is None:
        basic, sunlight = realm_lists()["day_phases"]
        phases = basic + (0 if today.cave or cave else sunlight)
    try:
        return plan_day(card_of(who.name), recorded, phases=phases, extra_phases=extra_phases(realm, who, named))
    except RuleError as exc:
        raise RuleError(f"{who.name}: {exc.message}", rule=exc.rule, section=DAY) from None


def charge(realm: Realm, who: Character, spent: Sequence[str], *, perform: bool = False,
           to: int | None = None) -> None:
    """Count ``spent`` (offroad travel's two MOVEs, gate travel's phases to clearing ``to``) against the
    coming day; travel to a cave clearing loses the day's sunlight phases (3.3/1)."""
    today = record(realm, who)
    cave = to is not None and dark(realm, to)
    allowed(realm, who, [*today.activities, *spent], cave=cave)
    if perform:
        today.activities.extend(spent)
        today.cave = today.cave or cave
        realm.today[who.name] = today


def trapped(realm: Realm, who: Character) -> bool:
    trap = realm.sites.trap
    return who.name in trap.trapped and not trap.free(who.name)


def check_not_trapped(realm: Realm, who: Character, how: str) -> None:
    """14.2/1: a trapped character "may not leave the clearing" by any way until he escapes (MR41)."""
    if trapped(realm, who):
        raise RuleError(f"{who.name} is trapped in the Trap's clearing: no {how} until he escapes (a Discover "
                        "Chits or Choice result, or the Trap Blueprint)", rule="14.2/1", section=TRAP)


def check_day(realm: Realm, who: Character, action: RecordDay) -> list[Activity]:
    """Refuse a recorded day that breaks a rule of the day's phases, roads or the Trap; changes nothing."""
    try:
        steps = [parse(realm, text) for text in action.activities]
        named = [activity(PHASE_ACTIVITY.get(p.strip().upper(), p)) for p in action.extra]
    except InputError as exc:
        raise RuleError(str(exc), rule="the recorded day", section=DAY) from None
    if not steps:
        raise RuleError("record at least one activity", rule="the recorded day", section=DAY)
    if action.phases is not None and not 0 <= action.phases <= 12:
        raise RuleError(f"a day has 0 to 12 phases, not {action.phases}", rule="the recorded day", section=DAY)
    rules = company(realm.retinues[who.name].serving, who.followers)
    forbidden, search_as = rules.forbidden, rules.search_as
    spent: list[str] = []
    here = who.clearing
    searched = False
    cave = False
    learned = set(who.known_paths)
    for step in steps:
        if step.name in forbidden:
            raise RuleError(f"{who.name} cannot {step.name} in the {forbidden[step.name]}'s presence",
                            rule=forbidden[step.name], section="7. Travellers")
        if step.name == "MAGIC SIGHT" and step.name not in search_as:
            raise RuleError(f"{who.name} records MAGIC SIGHT only with the Shadow serving", rule="Shadow",
                            section="7. Travellers")
        if step.moves:
            if trapped(realm, who) and not searched:
                raise RuleError(f"{who.name} is trapped: every activity but MOVE and FLY (search to escape first)",
                                rule="14.2/2", section=TRAP)
            assert step.to is not None
            _check_route(realm, who, here, step, learned)
            kind = realm.board.clearings[step.to].kind
            cost = fleet_foot_moves(kind, fleet_foot=action.fleet_foot) if step.name == "MOVE" else 1
            spent += [step.name] * cost
            here = step.to
            cave = cave or dark(realm, here)
        else:
            searched = searched or step.name == "SEARCH"
            if step.name == "SEARCH" and (step.result or "").casefold() == PATHS.casefold():
                learned |= {(min(here, o), max(here, o)) for o in realm.board.hidden_paths[here]}
            spent.append("SEARCH" if step.name in search_as else step.name)
    allowed(realm, who, [*record(realm, who).activities, *spent], phases=action.phases, named=named, cave=cave)
    return steps


def _check_route(realm: Realm, who: Character, here: int, step: Activity,
                 learned: set[tuple[int, int]]) -> None:
    board = realm.board
    assert step.to is not None
    if step.name == "MOVE" and step.to not in board.roads[here]:
        if step.to not in board.hidden_paths[here]:
            raise RuleError(f"no road joins {board.label(here)} to {board.label(step.to)}",
                            rule="MOVE: along a road to the next clearing", section=DAY)
        pair = (min(here, step.to), max(here, step.to))
        if pair not in learned and not realm.retinues[who.name].serves("Pathfinder"):
            raise RuleError(f"only a hidden path joins {board.label(here)} to {board.label(step.to)}: "
                            f"{who.name} has not discovered it and has no Pathfinder",
                            rule="1.2/3 hidden paths; Pathfinder", section=DAY)
    if step.name == "FLY":
        tile = board.clearings[here].tile
        if step.to == here or board.tile_distance(tile, board.clearings[step.to].tile) > 1:
            raise RuleError(f"FLY reaches another clearing of {board.tile_names[tile]} or of a tile next to it, "
                            f"not {board.label(step.to)}", rule="FLY", section=DAY)


def perform_day(realm: Realm, who: Character, action: RecordDay) -> None:
    """Walk the recorded day (checked by :func:`check_day`): moves, the Trap, discoveries."""
    steps = check_day(realm, who, action)
    today = record(realm, who)
    sites = realm.sites
    trap = sites.trap
    held = trapped(realm, who)
    for step in steps:
        if step.moves:
            assert step.to is not None
            kind = realm.board.clearings[step.to].kind
            cost = fleet_foot_moves(kind, fleet_foot=action.fleet_foot) if step.name == "MOVE" else 1
            today.activities += [step.name] * cost  # recorded, the phases are spent even when cancelled
            if held:
                realm.note(f"{who.name}: {step.name} cancelled -- trapped (14.2/1)")
                continue
            today.cave = today.cave or dark(realm, step.to)
            who.clearing = step.to
            realm.note(f"{who.name}: {step.name} to {realm.board.label(step.to)}")
            continue
        today.activities.append("SEARCH" if step.name == "MAGIC SIGHT" else step.name)
        in_trap = who.clearing == sites.trap_clearing
        realm.note(f"{who.name}: {step.name}" + (f" ({step.result})" if step.result else ""))
        if in_trap and not held and not trap.free(who.name):
            held = True
            realm.note(f"{who.name}: {step.name} in the Trap's clearing: trapped (14.2/3)")
        if step.name != "SEARCH":
            continue
        if (step.result or "").casefold() == PATHS.casefold():
            _discover_paths(realm, who)
        if in_trap and discovers(step.result):
            trap.discovered.add(who.name)
            held = False
            realm.note(f"{who.name} discovers the Trap: free to come and go (14.2/4)")
        _discover_minor(realm, who, step.result)
    if who.clearing == sites.trap_clearing and not trap.free(who.name) and not held:
        held = True
        realm.note(f"{who.name} ends the turn in the Trap's clearing: trapped (14.2/1)")
    _sync_trap(realm, who, held)
    realm.today[who.name] = today


def _discover_paths(realm: Realm, who: Character) -> None:
    """A SEARCH with the "Paths" result: the character knows the hidden paths leaving his clearing for good
    (the Pathfinder's guidance teaches nothing, 7.10)."""
    here = who.clearing
    for other in realm.board.hidden_paths[here]:
        pair = (min(here, other), max(here, other))
        if pair not in who.known_paths:
            who.known_paths.append(pair)
            realm.note(f"{who.name} discovers the hidden path from {realm.board.label(here)} to "
                       f"{realm.board.label(other)}")


def _discover_minor(realm: Realm, who: Character, result: str | None) -> None:
    """10.1/2-3: a revealed minor location in the clearing is discovered by a Discover Chits or Choice
    result; its treasure is collected at once (the Runestone's spell awakened)."""
    site = realm.sites.minor_at(realm.board, who.clearing)
    if site is None:
        return
    was = site.collected_by
    realm.note(site.discover(who.name, result or "nothing found"))
    if was is None and site.collected_by == who.name:
        who.belongings.append(Item(site.contents, "small treasure"))


def _sync_trap(realm: Realm, who: Character, held: bool) -> None:
    trap = realm.sites.trap
    here = who.clearing == realm.sites.trap_clearing and not who.offroad
    (trap.here.add if here else trap.here.discard)(who.name)
    (trap.trapped.add if here and held else trap.trapped.discard)(who.name)


def end_turn(realm: Realm, who: Character) -> None:
    """The end of a character's turn at the board's sites: the chits of his tile revealed (a minor location
    placed in a random clearing, 10.1/1), and the Trap's clearing trapping him (14.2/1)."""
    sites = realm.sites
    tile = realm.board.clearings[who.clearing].tile
    if tile in sites.hidden:
        sites.hidden.discard(tile)
        if tile == sites.trap_tile and sites.trap_clearing is not None:
            sites.trap_revealed = True
            realm.note(f"{who.name} reveals the Trap in {realm.board.label(sites.trap_clearing)}")
        name = realm.board.tile_names[tile]
        for site in sites.minors:
            if site.tile == name and site.clearing is None:
                site.reveal(realm.rng)
                realm.note(f"{who.name} reveals the {site.name}: it lies in "
                           f"{realm.board.label(sites.clearing_of(realm.board, site))} (10.1/1)")
    if sites.trap_clearing is None:
        return
    trap = sites.trap
    if who.clearing == sites.trap_clearing:
        if who.name not in trap.trapped and not trap.free(who.name):
            realm.note(f"{who.name} ends the turn in the Trap's clearing: trapped (14.2/1)")
            _sync_trap(realm, who, True)
        else:
            trap.here.add(who.name)
    elif who.name in trap.here:
        _sync_trap(realm, who, False)


def leaders_end_turn(realm: Realm) -> None:
    """14.2/1 "Any character or hired leader": a hired leader (the Mercenary, who moves on his own) ending the
    turn in the Trap's clearing is trapped; his own SEARCH is the base game's, so only the Trap Blueprint or
    the end of his employment frees him (ruling MR41).  A trapped traveller no longer hired goes free."""
    trap = realm.sites.trap
    for piece in realm.travellers:
        if piece.state == "hired" and piece.clearing == realm.sites.trap_clearing:
            if piece.name not in trap.trapped and not trap.free(piece.name):
                trap.here.add(piece.name)
                trap.trapped.add(piece.name)
                realm.note(f"the {piece.name} ends the turn in the Trap's clearing: trapped (14.2/1)")
        elif piece.name in trap.here and piece.state != "hired":
            trap.here.discard(piece.name)
            trap.trapped.discard(piece.name)


def check_read_runes(realm: Realm, who: Character) -> None:
    site = realm.sites.minor_at(realm.board, who.clearing)
    if site is None or site.holds != "spell":
        raise RuleError(f"{who.name} is not at the Runestone", rule="10.1/3", section=TREASURES)
    if not site.awakened or who.name not in site.discovered_by:
        raise RuleError(f"{who.name} has not discovered the {site.name}: its spell is not awakened for him",
                        rule="10.1/3", section=TREASURES)


def read_runes(realm: Realm, who: Character, learned: bool) -> None:
    check_read_runes(realm, who)
    site = realm.sites.minor_at(realm.board, who.clearing)
    assert site is not None
    realm.note(site.read_runes(who.name, learned=learned))
