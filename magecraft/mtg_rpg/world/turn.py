"""The phases of a campaign turn ("Campaign Turn Phases", seed 000).

1. the random event phase (:func:`random_event_phase`), 2. the initiative phase
(:func:`initiative_phase`), 3. each realm's turn -- a) hardship, b) treasury, c) discontent,
d) actions (:mod:`magecraft.mtg_rpg.world.orders`, :mod:`~magecraft.mtg_rpg.world.order_checks`,
:mod:`~magecraft.mtg_rpg.world.order_performing`), e) adjustment -- and 4. the recording
phase (:func:`recording_phase`).

Checks are made "using a draw from the referee's deck": the skill plus the card's value
succeeds when it reaches the difficulty (as every action of the MtG RPG does).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.world import order_checks, order_performing, orders
from magecraft.mtg_rpg.world.actions import Delay, Hardship, Phase, Quell, SetTax, WorldAction
from magecraft.mtg_rpg.world.board import Board, Draw, Turn
from magecraft.mtg_rpg.world.events import EVENTS, apply_event
from magecraft.mtg_rpg.world.realm import STARTING_DISCONTENT, Realm, new_government
from magecraft.mtg_rpg.world.roads import road_links
from magecraft.mtg_rpg.world.rules import TAX_RATES, EventRow, world_rules

INITIATIVE = "2. The Initiative Phase"
HARDSHIP = "3a. Hardship Sub-phase"
TREASURY = "3b. Treasury Sub-phase"
DISCONTENT = "3c. Discontent Sub-phase"
ADJUSTMENT = "3e. Adjustment Sub-phase"
RECORDING = "4. Recording Phase"

#: "Hardship": 50 gp per point of population for each +1 to the check.
HARDSHIP_GP_PER_POPULATION = 50
#: A failed hardship check: "+3 for this turn only", then "permanently increased by +1".
HARDSHIP_FAIL_DISCONTENT = 3
#: "Maintenance": 2,000 gp per point of military strength; a Wizard unit's fee is 1,000 gp a turn.
MILITARY_UPKEEP = 2000
WIZARD_UPKEEP = 1000
#: "Trade": (12 - ill-will) x 1,000 gp, doubled by a road, doubled again between capitols.
TRADE_BASE = 12
TRADE_GP = 1000
#: "If a realm fails this Diplomacy check three turns in a row, a rebellion arises".
REBELLION_AFTER = 3
#: "If the Diplomacy check succeeds and the current discontent is greater than 12".
DISCONTENT_RELIEF_ABOVE = 12
#: "If the realm goes for 3 or more seasons with too little resources".
SHORTAGE_SEASONS = 3


# -- 1. random events ------------------------------------------------------------------------------


def random_event_phase(world: Board) -> None:
    """Draw for the random event of each realm (or one selected realm, ruling WW3) and apply it."""
    living = [r.name for r in world.alive()]
    chosen = (
        living
        if world.settings.event_per_realm
        else [world.rng.choice(living, "the realm the event strikes", section=EVENTS)]
    )
    for name in chosen:
        draw = world.draw(f"{name}: random event")
        event = world.rules.event_for(draw.colour, draw.value)
        apply_event(world, world.realms[name], event)


#: "Plague": "All appropriate characters must make a DC 3 Constitution check."
PLAGUE_DC = 3


@dataclass(frozen=True, slots=True)
class PlagueCheck:
    """One character's Constitution check against a realm's plague and the damage it takes."""

    character: str
    realm: str
    check: Draw
    total: int
    #: The card drawn for the damage when the check fails (None when it passes).
    hit: Draw | None

    @property
    def passed(self) -> bool:
        return self.hit is None

    @property
    def damage(self) -> int:
        return 0 if self.hit is None else self.hit.value


def plague_check(world: Board, realm: str, character: str, constitution: int) -> PlagueCheck:
    """"Plague": a PC or important NPC in a plagued realm draws against DC 3 with Constitution.

    "If the check is successful, the character was not affected.  If the character fails, they take a
    random amount of damage as drawn from the referee's deck": the value of a second card (WW27).
    The check may be made while the realm's Plague lasts; a realm without one is refused first.
    """
    sheet = world.realms.get(realm)
    if sheet is None:
        raise RuleError(f"there is no realm {realm!r} in {world.name}", rule="Plague strikes a realm",
                        section=EVENTS)
    if not sheet.alive or sheet.has_ongoing("Plague") is None:
        raise RuleError(f"{realm} has no plague now", rule="characters check when a plague strikes the realm "
                        "(it lasts until a passed Wilderness Lore check)", section=EVENTS)
    check = world.draw(f"{character}: Constitution check against the plague in {realm}")
    total = constitution + check.value
    hit = None if total >= PLAGUE_DC else world.draw(f"{character}: the plague's damage")
    text = (f"{character} resists the plague ({total} against {PLAGUE_DC})" if hit is None else
            f"{character} catches the plague ({total} against {PLAGUE_DC}) and takes {hit.value} damage")
    world.record(realm, text, character=character)
    return PlagueCheck(character, realm, check, total, hit)


#: Events an adventure may end at once (ruling WW11): "If the PC's are able to destroy the bandits' base
#: of operations, the realm's income is immediately restored"; "If the leaders somehow resolve the
#: controversy during the course of the adventure, the realm doesn't suffer the increase" (Controversy,
#: Undead, Wizards); Large Predator "until the situation is resolved".
RESOLVED_BY_ADVENTURE = ("Bandits", "Controversy", "Large Predator", "Undead", "Wizards")
#: What ends the others instead.
ENDED_OTHERWISE = {
    "Food stores Damaged": "it lasts until a new food store is built (Build Structure)",
    "Fire": "it lasts until the burned buildings are all rebuilt (Build Structure)",
    "Plague": "it lasts until the realm passes a Wilderness Lore check in its hardship sub-phase",
}


def resolve_event(world: Board, realm: str, event: str) -> str:
    """The referee ends an event an adventure resolved; its burden goes at once (ruling WW11).

    A realm without that event, or an event the seed ends otherwise, is refused and nothing changes.
    """
    sheet = world.realms.get(realm)
    if sheet is None or not sheet.alive:
        raise RuleError(f"there is no realm {realm!r} in play in {world.name}", rule="the selected realm",
                        section=EVENTS)
    if event in ENDED_OTHERWISE:
        raise RuleError(f"{event} is not ended by an adventure: {ENDED_OTHERWISE[event]}", rule=event,
                        section=EVENTS)
    if event not in RESOLVED_BY_ADVENTURE:
        raise RuleError(f"{event!r} is not an event an adventure resolves (those are "
                        f"{', '.join(RESOLVED_BY_ADVENTURE)})", rule="until the issue is resolved", section=EVENTS)
    if sheet.has_ongoing(event) is None:
        raise RuleError(f"{realm} suffers no {event} now", rule="until the issue is resolved", section=EVENTS)
    sheet.ongoing = [o for o in sheet.ongoing if o.name != event]
    text = f"the referee: {event} resolved by an adventure; its burden ends"
    world.record(realm, text, event=event)
    return text


@cache
def _event_rows() -> dict[str, EventRow]:
    return {e.name: e for e in world_rules().events}


def _event_total(realm: Realm, field: str) -> int:
    rows = _event_rows()
    return sum(getattr(rows[o.name], field) for o in realm.ongoing if o.name in rows)


def _event_percent(realm: Realm, field: str) -> int:
    rows = _event_rows()
    percent = 100
    for o in realm.ongoing:
        row = rows.get(o.name)
        if row is not None:
            percent = percent * getattr(row, field) // 100
    return percent


# -- 2. initiative ----------------------------------------------------------------------------------


def initiative_phase(world: Board) -> list[str]:
    """Initiative: "Each realm's initiative score is equal to a random draw ... plus the leader's Wisdom. (Ties go
    to the realm with the highest Wisdom followed by a redraw.)"."""
    names = [r.name for r in world.alive()]
    scores = {name: world.draw(f"{name}: initiative").value + world.realms[name].wisdom for name in names}
    order = _rank(world, names, scores)
    world.rng.log.record(
        "initiative",
        "initiative order: " + ", ".join(order),
        section=INITIATIVE,
        data={"order": list(order), "scores": dict(scores)},
    )
    return order


def _rank(world: Board, names: list[str], scores: dict[str, int]) -> list[str]:
    order: list[str] = []
    for score in sorted({scores[n] for n in names}, reverse=True):
        tied = [n for n in names if scores[n] == score]
        for wisdom in sorted({world.realms[n].wisdom for n in tied}, reverse=True):
            same = sorted(n for n in tied if world.realms[n].wisdom == wisdom)
            if len(same) == 1:
                order.extend(same)
            else:
                redraw = {n: world.draw(f"{n}: initiative tie redraw").value for n in same}
                order.extend(_rank_redraw(world, same, redraw))
    return order


def _rank_redraw(world: Board, names: list[str], redraw: dict[str, int]) -> list[str]:
    order: list[str] = []
    for value in sorted(set(redraw.values()), reverse=True):
        same = sorted(n for n in names if redraw[n] == value)
        if len(same) == 1:
            order.extend(same)
        else:
            again = {n: world.draw(f"{n}: initiative tie redraw").value for n in same}
            order.extend(_rank_redraw(world, same, again))
    return order


# -- a realm's turn ---------------------------------------------------------------------------------------


def open_turn(world: Board, name: str) -> Turn:
    """Start a realm's turn: last season's shortage burdens this one."""
    realm = world.realms[name]
    realm.shortage_now, realm.shortage_next = realm.shortage_next, 0
    return Turn(realm=name, resources=world.resource_rating(name) + _event_total(realm, "resources"))


def legal(world: Board, turn: Turn) -> list[WorldAction]:
    """The choices open in the current sub-phase."""
    realm = world.realms[turn.realm]
    if turn.phase is Phase.HARDSHIP:
        choices: list[WorldAction] = [Delay()] if world.order else []
        step = HARDSHIP_GP_PER_POPULATION * max(1, world.population(turn.realm))
        most = min(10, realm.treasury // step)
        choices.extend(Hardship(b) for b in range(most + 1))
        return choices
    if turn.phase is Phase.TREASURY:
        return [SetTax(rate, d) for d in range(realm.military + 1) for rate in TAX_RATES]
    if turn.phase is Phase.DISCONTENT:
        return [Quell(s) for s in range(realm.military + 1)]
    return orders.legal(world, turn)


def check(world: Board, turn: Turn, action: WorldAction) -> None:
    realm = world.realms[turn.realm]
    if turn.phase is Phase.HARDSHIP:
        if isinstance(action, Delay):
            if not world.order:
                raise RuleError(
                    "no realm is left to go first",
                    rule="a delayed turn is taken after another realm has completed its turn",
                    section=INITIATIVE,
                )
            return
        if not isinstance(action, Hardship):
            raise RuleError(
                f"{turn.realm} must first make the hardship check (or delay)",
                rule="the sub-phases come in order",
                section=HARDSHIP,
            )
        if action.bonus < 0:
            raise RuleError(
                "a bonus cannot be negative", rule="+1 per 50 gp per population point", section=HARDSHIP
            )
        cost = action.bonus * HARDSHIP_GP_PER_POPULATION * world.population(turn.realm)
        if cost > realm.treasury:
            raise RuleError(
                f"+{action.bonus} costs {cost:,} gp and the treasury holds {realm.treasury:,}",
                rule="50 gp per point of population for each +1",
                section=HARDSHIP,
            )
        return
    if turn.phase is Phase.TREASURY:
        if not isinstance(action, SetTax) or action.rate not in TAX_RATES:
            raise RuleError(
                "set the tax rate: low, medium or high", rule="the realm sets its tax rate", section=TREASURY
            )
        if not 0 <= action.disband <= realm.military:
            raise RuleError(
                f"{turn.realm} has {realm.military} military strength to send home, not {action.disband}",
                rule="the realm can voluntarily decrease its military strength to lower maintenance costs",
                section=TREASURY,
            )
        return
    if turn.phase is Phase.DISCONTENT:
        if not isinstance(action, Quell):
            raise RuleError(
                "make the discontent check (with any military strength to quell unrest)",
                rule="the sub-phases come in order",
                section=DISCONTENT,
            )
        if not 0 <= action.strength <= realm.military:
            raise RuleError(
                f"{turn.realm} has {realm.military} military strength, not {action.strength}",
                rule="any portion of its military strength",
                section=DISCONTENT,
            )
        return
    order_checks.check(world, turn, action)


def perform(world: Board, turn: Turn, action: WorldAction) -> None:
    realm = world.realms[turn.realm]
    if isinstance(action, Delay):
        nxt = world.order.pop(0)
        world.order[:0] = [nxt, turn.realm]
        realm.shortage_next, realm.shortage_now = realm.shortage_now, 0
        world.record(turn.realm, f"delays its turn until after {nxt}'s")
        world.turn = None
        world.start_next_turn()
        return
    if isinstance(action, Hardship):
        hardship_check(world, turn, realm, action.bonus)
        turn.phase = Phase.TREASURY
    elif isinstance(action, SetTax):
        treasury(world, turn, realm, action.rate, action.disband)
        turn.phase = Phase.DISCONTENT
    elif isinstance(action, Quell):
        discontent_check(world, turn, realm, action.strength)
        turn.phase = Phase.ACTIONS if realm.alive else turn.phase
    else:
        order_performing.perform(world, turn, action)
    if world.turn is turn and turn.phase is Phase.OVER:
        adjustment(world, turn, realm)
        world.turn = None
        world.start_next_turn()


# -- 3a-3c ---------------------------------------------------------------------------------------------


def hardship_dc(world: Board, realm: Realm) -> int:
    """The hardship score with the burdens of ongoing events and of last season's shortage."""
    return realm.hardship + _event_total(realm, "hardship") + realm.shortage_now


def hardship_check(world: Board, turn: Turn, realm: Realm, bonus: int) -> bool:
    """Wilderness Lore against hardship; failing: +3 discontent this turn, no recruiting, hardship +1 ("3a")."""
    cost = bonus * HARDSHIP_GP_PER_POPULATION * world.population(realm.name)
    realm.treasury -= cost
    dc = hardship_dc(world, realm)
    draw = world.draw(f"{realm.name}: Wilderness Lore check against hardship {dc}")
    total = realm.wilderness_lore + draw.value + bonus
    if total >= dc:
        ended = [
            o.name
            for o in realm.ongoing
            if o.name == "Plague" or (world.settings.auto_resolve_events and o.name == "Wizards")
        ]
        realm.ongoing = [o for o in realm.ongoing if o.name not in ended]
        note = f"; {' and '.join(ended)} end{'s' if len(ended) == 1 else ''}" if ended else ""
        world.record(realm.name, f"Hardship check passed ({total} against {dc}){note}", total=total, dc=dc)
        return True
    turn.extra_discontent += HARDSHIP_FAIL_DISCONTENT
    turn.hardship_failed = True
    realm.hardship += 1
    world.record(
        realm.name,
        f"Hardship check failed ({total} against {dc}): discontent +3 this turn, no "
        f"recruiting, hardship rises to {realm.hardship}",
        total=total,
        dc=dc,
    )
    return False


def trade_income(world: Board, realm: Realm) -> int:
    """Each route yields (12 - ill-will) x 1,000 gp, x2 with a road, x2 more between capitols ("Trade")."""
    total = 0
    for partner in realm.trade_routes:
        if not world.realms[partner].alive:
            continue
        value = max(0, TRADE_BASE - world.ill(realm.name, partner)) * TRADE_GP
        bases, capitals = road_links(world, realm.name, partner)
        if bases:
            value *= 2
        if capitals:
            value *= 2
        total += value
    return total * _event_percent(realm, "trade_percent") // 100


def civilian_upkeep(world: Board, realm: Realm) -> int:
    """One resource per unit of civilian population (ruling WW10: a unit is 10 points, rounded up)."""
    per = world.settings.population_per_upkeep_resource
    return -(-world.population(realm.name) // per)


def treasury(world: Board, turn: Turn, realm: Realm, rate: str, disband: int = 0) -> None:
    """Taxes and trade in, then the military's and the civilians' maintenance out ("3b").

    ``disband`` points of military strength go home before the soldiers are paid ("At this point,
    the realm can voluntarily decrease its military strength in order to lower maintenance costs").
    """
    realm.tax = rate
    population = world.population(realm.name)
    taxes = population * world.rules.tax[rate].gp_per_population * _event_percent(realm, "tax_percent") // 100
    trade = trade_income(world, realm)
    turn.tax_income, turn.trade_income = taxes, trade
    realm.treasury += taxes + trade
    upkeep = realm.wizard_units * WIZARD_UPKEEP
    if upkeep > realm.treasury:
        # Wizard units are paid first: they cost gold only; the ones not paid leave.
        paid = realm.treasury // WIZARD_UPKEEP
        world.record(realm.name, f"{realm.wizard_units - paid} Wizard unit(s) leave unpaid")
        realm.wizard_units, upkeep = paid, paid * WIZARD_UPKEEP
    realm.treasury -= upkeep
    if disband:
        realm.military -= disband
        world.record(realm.name, f"sends {disband} military home to lower its upkeep: military {realm.military}")
    affordable = realm.treasury // MILITARY_UPKEEP
    if realm.military > affordable:
        world.record(
            realm.name, f"cannot pay its soldiers: military strength falls from {realm.military} to {affordable}"
        )
        realm.military = affordable
    realm.treasury -= realm.military * MILITARY_UPKEEP
    need = civilian_upkeep(world, realm) + _event_total(realm, "upkeep_resources")
    if turn.resources >= need:
        turn.resources -= need
        realm.short_seasons = 0
        short = ""
    else:
        turn.resources = 0
        realm.short_seasons += 1
        realm.shortage_next = 1
        short = "; too few resources for the civilians: hardship and discontent +1 next season"
        if realm.short_seasons >= SHORTAGE_SEASONS:
            realm.hardship += 1
            realm.discontent += 1
            realm.short_seasons = 0
            short += (
                f"; a third season short: hardship and discontent rise for good to {realm.hardship} and "
                f"{realm.discontent}"
            )
    world.record(
        realm.name,
        f"Treasury: {taxes:,} gp taxes ({rate}), {trade:,} gp trade, upkeep paid; "
        f"{realm.treasury:,} gp in the treasury{short}",
        taxes=taxes,
        trade=trade,
    )


def discontent_dc(world: Board, turn: Turn, realm: Realm) -> int:
    """Discontent with the population and tax modifiers, this turn's burdens and last season's shortage."""
    rules = world.rules
    return (
        realm.discontent
        + rules.population_modifier(world.population(realm.name))
        + rules.tax[realm.tax].discontent_modifier
        + turn.extra_discontent
        + _event_total(realm, "discontent")
        + realm.shortage_now
    )


def discontent_check(world: Board, turn: Turn, realm: Realm, quell: int) -> bool:
    """Diplomacy against discontent; three failures in a row and the government falls ("3c")."""
    dc = discontent_dc(world, turn, realm)
    draw = world.draw(f"{realm.name}: Diplomacy check against discontent {dc}")
    festival, realm.festival_bonus = realm.festival_bonus, 0
    total = realm.diplomacy + draw.value + quell + festival
    turn.quelled = quell
    if total >= dc:
        realm.failed_checks = 0
        relief = ""
        if realm.discontent > DISCONTENT_RELIEF_ABOVE:
            realm.discontent -= 1
            relief = f"; discontent eases to {realm.discontent}"
        if world.settings.auto_resolve_events:
            ended = [o.name for o in realm.ongoing if o.name in ("Large Predator", "Undead")]
            if ended:
                realm.ongoing = [o for o in realm.ongoing if o.name not in ended]
                relief += f"; {' and '.join(ended)} ended"
        world.record(realm.name, f"Discontent check passed ({total} against {dc}){relief}", total=total, dc=dc)
        return True
    realm.discontent += 1
    realm.failed_checks += 1
    world.record(
        realm.name,
        f"Discontent check failed ({total} against {dc}): discontent rises to "
        f"{realm.discontent} ({realm.failed_checks} failure{'s' if realm.failed_checks > 1 else ''} "
        "in a row)",
        total=total,
        dc=dc,
    )
    if realm.failed_checks >= REBELLION_AFTER:
        rebellion(world, realm)
    return False


def rebellion(world: Board, realm: Realm) -> None:
    """"A rebellion arises and successfully overthrows the government" (ruling WW16 for the new values)."""
    new_government(world.rng, realm, label="the rebels' government")
    for other in world.realms.values():
        if realm.name in other.trade_routes:
            other.trade_routes.remove(realm.name)
        if other.name != realm.name:
            world.set_ill(realm.name, other.name, 6)
    realm.trade_routes.clear()
    realm.failed_checks = 0
    if world.settings.rebellion_resets_discontent:
        realm.discontent = STARTING_DISCONTENT
    world.record(
        realm.name,
        f"Rebellion! The government falls; the new one is {realm.calling}, {realm.demeanor} "
        f"(Diplomacy {realm.diplomacy}, Wisdom {realm.wisdom}); every trade route is cancelled",
    )


# -- 3e and 4 -----------------------------------------------------------------------------------------


def adjustment(world: Board, turn: Turn, realm: Realm) -> None:
    """Structures advance; mercenaries hired for the turn leave; the sheet reflects the new borders ("3e")."""
    done = []
    for building in list(realm.building):
        building.seasons_left -= 1
        if building.seasons_left <= 0:
            realm.building.remove(building)
            order_performing.complete_structure(world, realm, building.kind)
            done.append(building.kind)
    if realm.mercenaries:
        if world.settings.unpaid_mercenaries == "defect_check":
            order_performing.disband(world, realm, "mercenaries", realm.mercenaries)
        realm.mercenaries = 0
    if not world.territory(realm.name):
        realm.alive = False
        world.record(realm.name, "holds no land and leaves the campaign")
        return
    finished = f"; completed: {', '.join(done)}" if done else ""
    world.record(
        realm.name,
        f"End of turn: population {world.population(realm.name)}, resources "
        f"{world.resource_rating(realm.name)}, military {realm.military}, treasury {realm.treasury:,} gp"
        f"{finished}",
    )


def recording_phase(world: Board) -> None:
    """The season's chronicle is closed; one-turn events end ("4. Recording Phase")."""
    for realm in world.realms.values():
        kept = []
        for item in realm.ongoing:
            if item.turns_left is not None:
                item.turns_left -= 1
                if item.turns_left <= 0:
                    continue
            kept.append(item)
        realm.ongoing = kept
    world.rng.log.record("season", f"season {world.season} ends", section=RECORDING, data={"season": world.season})
