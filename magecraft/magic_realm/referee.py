"""What the referee records in the living realm between days, and the decisions left to the characters.

:class:`magecraft.magic_realm.days.RealmDays` plays the expansion's day; the base game's turn (moving,
searching, fighting) is the referee's, who records here what came of it: moves, offroad travel (2.2-2.6),
gates located and gate travel (3.2-3.3, the Gate Master sharing what others locate),
hiring, firing and capturing travellers (7.5-7.10), deaths (7.8, 2.5, 9.3/3-4), guilds (9.1-9.3), the
Hive and the Graveyard (12.5).  :func:`check` refuses (``RuleError``, naming the rule) before
:func:`perform` changes anything.

The travellers' own rules played here (7.10): the Necromancer raising the dead each evening; the Jester
killed or delivered to the GUARD for 20 gold.  Hiring, capturing, services, trading and leaving are in
:mod:`.travellers`; the day's phases, the Trap and the minor treasure locations in :mod:`.phases`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from magecraft.core.errors import RuleError
from magecraft.magic_realm import miracles, phases, travellers
from magecraft.magic_realm.actions import (
    BuyService,
    Capture,
    CastSpell,
    CharacterKilled,
    ChooseClearing,
    ChoosePod,
    CompleteQuest,
    DayAction,
    DiscoverGuild,
    DrawQuest,
    EnchantressAid,
    Fire,
    GateTravel,
    GiveGold,
    GiveItem,
    GrantGuildChit,
    Hire,
    JoinGuild,
    LocateGate,
    MoveCharacter,
    MoveHireling,
    PickpocketScore,
    PlayMiracle,
    PutOnRing,
    RaiseDead,
    ReadRunes,
    RecordDay,
    RecordDeed,
    RidOfJester,
    RunFromBattle,
    StrikeHive,
    TradeWithMerchant,
    TravelOffroad,
    UseBookOfTheDead,
    WoundMiracle,
)
from magecraft.magic_realm.board import Clearing
from magecraft.magic_realm.data import spell, tiles, traveller
from magecraft.magic_realm.guilds import GUILDS, GuildHall, guild
from magecraft.magic_realm.hirelings import Retinue
from magecraft.magic_realm.pieces import ITEM_KINDS, Character, Decide, Item, Pending
from magecraft.magic_realm.realm import Realm
from magecraft.magic_realm.spells import hop
from magecraft.magic_realm.table_dice import table
from magecraft.magic_realm.travel import GATES, OFFROAD, check_gate_travel, offroad
from magecraft.magic_realm.treasures import ShejohsRing

TRAVELLERS = "7. Travellers"
GENERATORS = "12. Monster Generators"
TREASURES = "10. New Treasures"
#: 7.10 Jester: delivered to the GUARD, "a nice reward of 20 gold".
JESTER_REWARD = 20
#: 2.4: what may still happen to a lost character (monsters find him; gold and deeds come of battles).
WHILE_LOST = (TravelOffroad, CharacterKilled, RecordDeed, GiveGold, PlayMiracle, WoundMiracle)
#: 2.2: offroad travel takes two MOVE activities of the day.
OFFROAD_MOVES = ("MOVE", "MOVE")


# -- the decisions left to a character -------------------------------------------------------------


def pending_choices(realm: Realm) -> list[DayAction]:
    pending = realm.pending
    assert pending is not None
    if pending.kind == Decide.POD:
        return [ChoosePod(int(o)) for o in pending.options]
    if pending.kind == Decide.CLEARING:
        return [ChooseClearing(int(o)) for o in pending.options]
    return [GrantGuildChit(str(o)) for o in pending.options]


def check_pending(realm: Realm, action: DayAction) -> None:
    pending = realm.pending
    assert pending is not None
    if action not in pending_choices(realm):
        rule = {"pod": "12.4/1a", "clearing": "2.3", "guild chit": "9.3/3b"}[pending.kind]
        raise RuleError(f"{pending.chooser} must first decide: {describe_pending(realm)}", rule=rule,
                        section=OFFROAD if pending.kind == Decide.CLEARING else GENERATORS)


def describe_pending(realm: Realm) -> str:
    pending = realm.pending
    assert pending is not None
    if pending.kind == Decide.POD:
        return f"which pod moves ({', '.join(str(o) for o in pending.options)})"
    if pending.kind == Decide.CLEARING:
        return "the clearing the offroad travel reaches"
    return f"who receives the {pending.guild} chit ({', '.join(str(o) for o in pending.options)})"


def perform_pending(realm: Realm, action: ChoosePod | GrantGuildChit | ChooseClearing) -> None:
    pending = realm.pending
    assert pending is not None
    realm.pending = None
    if isinstance(action, ChoosePod):
        pod = next(p for p in realm.pods if p.id == action.pod)
        realm.note(f"{pending.chooser} chooses pod {pod.id}")
        realm.move_pod(pod, realm.character(pending.chooser))
        realm.continue_day()
    elif isinstance(action, GrantGuildChit):
        assert pending.guild is not None
        holder = realm.guilds.arrive(pending.guild, [str(o) for o in pending.options], chosen=action.character)
        realm.note(f"{holder} receives the {pending.guild} chit (9.3/3b)")
        realm.continue_day()
    else:
        character = realm.character(pending.chooser)
        character.clearing, character.offroad = action.clearing, False
        realm.note(f"{character.name} travels offroad to {realm.board.label(action.clearing)}")


# -- what the referee may record ------------------------------------------------------------------


def referee_actions(realm: Realm) -> list[DayAction]:
    """The referee's actions now (besides the next day), each checked legal; moves to every clearing."""
    found: list[DayAction] = []
    for c in realm.characters:
        if not c.alive:
            continue
        candidates: list[DayAction] = [
            StrikeHive(c.name), UseBookOfTheDead(c.name), TravelOffroad(c.name), RaiseDead(c.name),
            PickpocketScore(c.name), RidOfJester(c.name, "killed"), RidOfJester(c.name, "guard"),
            CharacterKilled(c.name), CompleteQuest(c.name),
        ]
        for piece in realm.travellers:
            candidates += [Hire(c.name, piece.name), Fire(c.name, piece.name),
                           Capture(c.name, piece.name, True), Capture(c.name, piece.name, False)]
        for name in ("Fight Guild", "Thief Guild", "Wiz Guild"):
            candidates += [DiscoverGuild(c.name, name), JoinGuild(c.name, name)]
        for gate in gates_on_board(realm):
            candidates += [LocateGate(c.name, gate), GateTravel(c.name, gate, 2)]
        candidates += [MoveCharacter(c.name, n) for n in range(len(realm.board.clearings)) if n != c.clearing]
        # a few days the referee may record (ruling MR42): a move along each road or hidden path, a search
        near = (*realm.board.roads[c.clearing], *realm.board.hidden_paths[c.clearing])
        candidates += [RecordDay(c.name, (f"MOVE@{realm.board.label(n)}",)) for n in near]
        candidates += [RecordDay(c.name, ("HIDE",)), RecordDay(c.name, ("SEARCH=Discover Chits",)),
                       RecordDay(c.name, ("SEARCH=Paths",)), RecordDay(c.name, ("REST",)),
                       RecordDay(c.name, ("ALERT",)),
                       *((RecordDay(c.name, ("TRADE",)),) if _someone_to_trade_with(realm, c) else ()),
                       PutOnRing(c.name), ReadRunes(c.name, True), EnchantressAid(c.name),
                       *(CastSpell(c.name, s) for s in ("Prayer", "Vision", "Rocks Glow", "Hop")),
                       *(CastSpell(c.name, "Open Gate", gate) for gate in gates_on_board(realm)),
                       PlayMiracle(c.name), PlayMiracle(c.name, keep="high"), WoundMiracle(c.name)]
        for action in candidates:
            try:
                check(realm, action)
            except RuleError:
                continue
            found.append(action)
    return found


def _someone_to_trade_with(realm: Realm, who: Character) -> bool:
    """A TRADE is offered where there is someone to trade with: a traveller wandering in the character's
    clearing or a guild standing there (the base game's natives are the referee's: he records a TRADE in
    words)."""
    here = who.clearing
    return (any(t.state == "wandering" and t.clearing == here for t in realm.travellers)
            or here in realm.guild_clearings.values())


def check(realm: Realm, action: DayAction) -> None:
    """Refuse ``action`` (``RuleError``) when the rules forbid it now; changes nothing."""
    if realm.turn is not None:
        raise RuleError("the day is still being played", rule="one day at a time", section=TRAVELLERS)
    if isinstance(action, ChoosePod | GrantGuildChit | ChooseClearing) or not hasattr(action, "character"):
        raise RuleError("no decision is waiting", rule="the realm", section=TRAVELLERS)
    who = realm.character(action.character)
    _check_lost(who, action)
    CHECKS.get(type(action), _not_the_referees)(realm, who, action)


def _check_lost(who: Character, action: DayAction) -> None:
    if who.offroad and isinstance(action, RunFromBattle):
        raise RuleError(f"{who.name} is lost: no running from battle", rule="2.6 you cannot run from a battle",
                        section=OFFROAD)
    if who.offroad and not isinstance(action, WHILE_LOST):
        raise RuleError(f"{who.name} is lost off the clearings (2.4): only offroad rolls until back in a clearing",
                        rule="2.4 You may not perform any other action until you have successfully returned to "
                             "a clearing", section=OFFROAD)


def _not_the_referees(realm: Realm, who: Character, action: DayAction) -> None:
    raise RuleError(f"{type(action).__name__} is not a referee's action", rule="the realm", section=GUILDS)


def _check_move(realm: Realm, who: Character, action: MoveCharacter) -> None:
    if not 0 <= action.clearing < len(realm.board.clearings):
        raise RuleError(f"no clearing {action.clearing} on this board", rule="the board", section=OFFROAD)
    if action.clearing == who.clearing:
        # the referee records where a turn took the character: staying put is no move (ruling MR7)
        raise RuleError(f"{who.name} already stands in {realm.board.label(who.clearing)}",
                        rule="MR7 the referee moves the characters", section=OFFROAD)
    phases.check_not_trapped(realm, who, "moving away")


def _check_offroad(realm: Realm, who: Character, action: TravelOffroad) -> None:
    tile = realm.board.tile_names[realm.board.clearings[who.clearing].tile]
    if tiles()[tile].no_offroad:
        raise RuleError(f"no offroad travel in the {tile}",
                        rule="You can NEVER travel offroad in the Volcano tile", section=OFFROAD)
    phases.check_not_trapped(realm, who, "offroad travel")
    phases.charge(realm, who, OFFROAD_MOVES)


def _check_read_runes(realm: Realm, who: Character, action: ReadRunes) -> None:
    phases.check_read_runes(realm, who)


def _check_enchantress(realm: Realm, who: Character, action: EnchantressAid) -> None:
    if not realm.retinues[who.name].serves("Enchantress"):
        raise RuleError(f"the Enchantress does not serve {who.name}", rule="Enchantress", section=TRAVELLERS)


def _check_ring(realm: Realm, who: Character, action: PutOnRing) -> None:
    if realm.ring is not None:
        raise RuleError(f"{realm.ring['wearer']} wears Shejoh's Ring for the rest of the game",
                        rule="10.2 It cannot be removed", section=TREASURES)


def _check_hire(realm: Realm, who: Character, action: Hire) -> None:
    piece = realm.traveller(action.traveller)
    travellers.check_met(realm, who, piece.name, hiring=True)
    trial = Retinue.from_dict(realm.retinues[who.name].to_dict())
    if action.chit is not None and action.chit not in trial.chits:
        # the character's action chits are the base game's: the one named is the one it takes
        trial.chits.append(action.chit)
    trial.check_hire(piece.name, day=travellers.coming_day(realm), chit=action.chit)
    miracles.check(realm, who, action)


def _check_fire(realm: Realm, who: Character, action: Fire) -> None:
    retinue = realm.retinues[who.name]
    retinue.check_fire(action.traveller)
    name = traveller(action.traveller).name
    if retinue.serving[name].captured and name != "Wood Sprite":
        raise RuleError(f"the {action.traveller} was captured, not hired", rule="7.9", section=TRAVELLERS)
    if action.path is not None:
        a, b = action.path
        if name != "Wood Sprite" or not (0 <= a < len(realm.board.clearings)
                                         and b in realm.board.hidden_paths[a]):
            raise RuleError("only the freed Wood Sprite reveals a path, and it must be a hidden path",
                            rule="Wood Sprite", section=TRAVELLERS)


def _check_capture(realm: Realm, who: Character, action: Capture) -> None:
    piece = realm.traveller(action.traveller)
    travellers.check_met(realm, who, piece.name, hiring=False)
    realm.retinues[who.name].check_capture(piece.name)


def _check_raise_dead(realm: Realm, who: Character, action: RaiseDead) -> None:
    if not realm.retinues[who.name].serves("Necromancer"):
        raise RuleError(f"the Necromancer does not serve {who.name}", rule="Necromancer", section=TRAVELLERS)
    if who.raised_on == realm.day:
        raise RuleError("the Necromancer raises the dead once each evening", rule="Necromancer",
                        section=TRAVELLERS)


def _check_pickpocket(realm: Realm, who: Character, action: PickpocketScore) -> None:
    hired = realm.retinues[who.name].serving.get("Pickpocket")
    if hired is None or not hired.captured:
        raise RuleError("the Pickpocket scores only when captured", rule="Pickpocket", section=TRAVELLERS)


def _check_jester(realm: Realm, who: Character, action: RidOfJester) -> None:
    if "Jester" not in who.followers:
        raise RuleError(f"the Jester has not joined {who.name}", rule="Jester", section=TRAVELLERS)
    if action.how not in ("killed", "guard"):
        raise RuleError("the Jester is killed, or delivered to the GUARD", rule="Jester", section=TRAVELLERS)


def _check_killed(realm: Realm, who: Character, action: CharacterKilled) -> None:
    if action.by is not None:
        realm.character(action.by)
        if action.by == who.name:
            raise RuleError("a character is not killed by himself here", rule="9.3/4", section=GUILDS)


def _check_gold(realm: Realm, who: Character, action: GiveGold) -> None:
    retinue = realm.retinues[who.name]
    if retinue.gold + action.amount < 0:
        raise RuleError(f"{who.name} has {retinue.gold} gold, not {-action.amount}", rule="gold",
                        section=TRAVELLERS)


def _check_item(realm: Realm, who: Character, action: GiveItem) -> None:
    if action.item_kind not in ITEM_KINDS or not action.item.strip():
        raise RuleError(f"an item has a name and a kind ({', '.join(ITEM_KINDS)})", rule="belongings",
                        section=TRAVELLERS)


def _check_deed(realm: Realm, who: Character, action: RecordDeed) -> None:
    if not action.deed.strip():
        raise RuleError("name the deed", rule="9.2", section=GUILDS)


def _check_run(realm: Realm, who: Character, action: RunFromBattle) -> None:
    retinue = realm.retinues[who.name]
    if action.bounty and retinue.serves("Bounty Hunter"):
        retinue.run_from_battle(bounty=True)  # refuses: he blocks until the bounty is dead


def _check_generator(realm: Realm, who: Character, action: StrikeHive | UseBookOfTheDead) -> None:
    if who.clearing != realm.generator_clearing or who.offroad:
        raise RuleError(f"{who.name} is not at the {realm.generator}", rule="at the generator", section=GENERATORS)
    if isinstance(action, StrikeHive) and (realm.generator != "Hive" or realm.hive_destroyer is not None):
        raise RuleError("there is no standing Hive here", rule="12.5/2", section=GENERATORS)
    if isinstance(action, UseBookOfTheDead) and (realm.generator != "Graveyard" or realm.generator_closed):
        raise RuleError("there is no open Graveyard here", rule="12.5/1", section=GENERATORS)


def gates_on_board(realm: Realm) -> list[str]:
    return sorted(c.name for chits in realm.setup.tile_chits.values() for c in chits if c.kind == "gate")


def gate_clearing(realm: Realm, gate: str) -> int | None:
    """3.2: a revealed gate lies in the highest-numbered clearing of its tile (None: not on the board)."""
    for tile, chits in realm.setup.tile_chits.items():
        if any(c.kind == "gate" and c.name.casefold() == gate.strip().casefold() for c in chits):
            return realm.board.tile_clearings(realm.board.tile_index(tile))[-1]
    return None


def _gate_name(realm: Realm, gate: str) -> str:
    for chits in realm.setup.tile_chits.values():
        for c in chits:
            if c.kind == "gate" and c.name.casefold() == gate.strip().casefold():
                return c.name
    raise RuleError(f"no gate {gate!r} is on the board", rule="3.1", section=GATES)


def _check_gate(realm: Realm, who: Character, action: LocateGate | GateTravel) -> None:
    name = _gate_name(realm, action.gate)
    place = gate_clearing(realm, name)
    assert place is not None
    if isinstance(action, LocateGate):
        if name in who.known_gates:
            raise RuleError(f"{who.name} already knows {name}", rule="3.2", section=GATES)
        if who.clearing != place:
            raise RuleError(f"{name} lies in {realm.board.label(place)}, not where {who.name} stands",
                            rule="3.2 placed in the highest numbered clearing", section=GATES)
        return
    phases.check_not_trapped(realm, who, "gate travel")
    phases.charge(realm, who, ("GATE", *("MOVE",) * action.moves), to=place)
    here = [g for g in who.known_gates if gate_clearing(realm, g) == who.clearing]
    if not here:
        raise RuleError(f"{who.name} does not stand at a gate he knows", rule="3.3", section=GATES)
    if place == who.clearing:
        raise RuleError(f"{who.name} already stands at {name}", rule="3.3", section=GATES)
    check_gate_travel(who.known_gates, name, destination_kind=realm.board.clearings[place].kind,
                      move_phases=action.moves)


#: The spells resolved on the board, by name.
BOARD_SPELLS = ("Hop", "Open Gate", "Prayer", "Vision", "Rocks Glow", "Miracle")


def _check_spell(realm: Realm, who: Character, action: CastSpell) -> None:
    name = spell(action.spell).name
    if name not in BOARD_SPELLS:
        raise RuleError(f"{name} is not resolved on the board here ({', '.join(BOARD_SPELLS)})",
                        rule="List of Spells", section="List of Spells")
    if realm.settings.spells_known and name not in who.spells:
        known = ", ".join(who.spells) or "none recorded"
        raise RuleError(f"{who.name} does not know {name.upper()} (his spells: {known})",
                        rule="MR55 a character casts only the spells he knows", section="List of Spells")
    if name in ("Hop", "Open Gate"):
        phases.check_not_trapped(realm, who, name.upper())
    if name == "Miracle":
        miracles.check(realm, who, action)
    if name == "Rocks Glow" and not realm.board.clearings[who.clearing].is_cave:
        raise RuleError(f"ROCKS GLOW targets a cave clearing; {realm.board.label(who.clearing)} is not one",
                        rule="Rocks Glow", section="List of Spells")
    if name == "Prayer" and "Prayer" in who.enchanted:
        raise RuleError(f"PRAYER is on {who.name} already", rule="Prayer", section="List of Spells")
    if name == "Open Gate":
        if action.gate is None:
            raise RuleError("OPEN GATE names the gate", rule="Open Gate", section="List of Spells")
        gate = _gate_name(realm, action.gate)
        if not any(gate in c.known_gates for c in realm.characters):
            raise RuleError(f"{gate} has not been discovered", rule="OPEN GATE: travel to any discovered gate",
                            section="List of Spells")


def _put_on_ring(realm: Realm, who: Character, witch_king_in_play: bool) -> None:
    """10.2: the high die of 2d6, for good: the Witch-King (or death when he is in play), a Tremendous land
    dragon in BLACK magic, a re-roll of Power of the Pit or Curse, an extra HIDE phase, or nothing."""
    effect = ShejohsRing().put_on(realm.rng, who.name, witch_king_in_play=witch_king_in_play)
    realm.ring = {"wearer": who.name, **effect.to_dict()}
    realm.note(f"{who.name} puts on Shejoh's Ring (high die {effect.roll.total}): {effect.roll.result}")
    if effect.dies:
        killed(realm, who, None)
    elif effect.becomes is not None:
        who.form = effect.becomes


RING_KEYS = ("wearer", "roll", "result", "effect", "dies", "becomes", "extra_phase", "reroll_spell")


def read_ring(raw: Any, names: list[str]) -> dict[str, Any] | None:
    """Shejoh's Ring from a save: None (not worn) or its wearer and effect; ``ValueError`` otherwise."""
    if raw is None:
        return None
    ring = dict(raw)
    if sorted(ring) != sorted(RING_KEYS) or ring["wearer"] not in names:
        raise ValueError("Shejoh's Ring is not worn by a character of this realm")
    return ring


def _check_discover(realm: Realm, who: Character, action: DiscoverGuild) -> None:
    name = guild(action.guild).name
    if name in realm.guild_clearings:
        raise RuleError(f"the {name} is already on the board", rule="9.1", section=GUILDS)
    tile = realm.board.tile_names[realm.board.clearings[who.clearing].tile]
    if not any(c.name == name for c in realm.setup.tile_chits.get(tile, ())):
        raise RuleError(f"the {name} chit is not on {tile}", rule="9.1 upon discovery", section=GUILDS)


def _check_join(realm: Realm, who: Character, action: JoinGuild) -> None:
    name = guild(action.guild).name
    place = realm.guild_clearings.get(name)
    if place is None:
        raise RuleError(f"the {name} has not been discovered", rule="9.1", section=GUILDS)
    if who.clearing != place or who.offroad:
        raise RuleError(f"{who.name} is not at the {name} ({realm.board.label(place)})",
                        rule="9.1 guilds are identical to any dwelling", section=GUILDS)
    _hall_copy(realm).join(who.name, name, deeds=who.deeds)


def _check_draw(realm: Realm, who: Character, action: DrawQuest) -> None:
    if not action.quest.strip():
        raise RuleError("name the quest drawn", rule="9.3", section=GUILDS)
    _hall_copy(realm).draw_quest(who.name, action.quest)


def _check_complete(realm: Realm, who: Character, action: CompleteQuest) -> None:
    _hall_copy(realm).complete_quest(who.name)


def _hall_copy(realm: Realm) -> GuildHall:
    """A copy of the guild hall to try an action on (check before perform: the real one is untouched)."""
    return GuildHall.from_dict(realm.guilds.to_dict())


def perform(realm: Realm, action: DayAction) -> None:
    """Carry out an action :func:`check` passed."""
    who = realm.character(getattr(action, "character"))  # noqa: B009 -- every referee action names one
    PERFORMS[type(action)](realm, who, action)


def _strike(realm: Realm, who: Character, action: StrikeHive) -> None:
    realm.strike(action)


def _book_of_the_dead(realm: Realm, who: Character, action: UseBookOfTheDead) -> None:
    realm.generator_closed = True
    realm.note(f"{who.name} uses the Book of the Dead: the Graveyard raises no more undead")


def _move(realm: Realm, who: Character, action: MoveCharacter) -> None:
    who.clearing, who.offroad = action.clearing, False
    realm.note(f"{who.name} moves to {realm.board.label(action.clearing)}")


def _travel_offroad(realm: Realm, who: Character, action: TravelOffroad) -> None:
    phases.charge(realm, who, OFFROAD_MOVES, perform=True)
    _offroad(realm, who)


def _read_runes(realm: Realm, who: Character, action: ReadRunes) -> None:
    phases.read_runes(realm, who, action.learned)


def _ring(realm: Realm, who: Character, action: PutOnRing) -> None:
    _put_on_ring(realm, who, action.witch_king_in_play)


def _enchantress_aid(realm: Realm, who: Character, action: EnchantressAid) -> None:
    aid = table("mr_enchantress_aid", realm.settings).roll(realm.rng, label="Enchantress aid")
    realm.note(f"the Enchantress aids {who.name} this round: {aid.result}")


def _move_hireling(realm: Realm, who: Character, action: MoveHireling) -> None:
    piece = realm.traveller(action.traveller)
    piece.clearing = action.clearing
    realm.note(f"{who.name}'s {piece.name} moves on his own to {realm.board.label(action.clearing)}")


def _fire(realm: Realm, who: Character, action: Fire) -> None:
    retinue = realm.retinues[who.name]
    name = traveller(action.traveller).name
    captured = retinue.serving[name].captured
    retinue.fire(action.traveller)
    if name == "Wood Sprite" and captured:
        travellers.free_wood_sprite(realm, who, action.path)
    else:
        travellers.back_on_board(realm, who, name, "is freed")


def _raise_dead(realm: Realm, who: Character, action: RaiseDead) -> None:
    who.raised_on = realm.day
    raised = table("mr_raise_dead", realm.settings).roll(realm.rng, label="the Necromancer raises the dead")
    realm.note(f"the Necromancer raises the dead for {who.name}: {raised.result}")


def _pickpocket(realm: Realm, who: Character, action: PickpocketScore) -> None:
    scored = realm.retinues[who.name].pickpocket_score(realm.rng, realm.settings)
    realm.note(f"the Pickpocket scores for {who.name}: {scored.result}")


def _rid_of_jester(realm: Realm, who: Character, action: RidOfJester) -> None:
    who.followers.remove("Jester")
    piece = realm.traveller("Jester")
    piece.state, piece.joined = ("dead" if action.how == "killed" else "gone"), None
    if action.how == "guard":
        realm.retinues[who.name].gold += JESTER_REWARD
        realm.note(f"{who.name} delivers the Jester to the GUARD: {JESTER_REWARD} gold")
    else:
        realm.note(f"{who.name} kills the Jester")


def _killed(realm: Realm, who: Character, action: CharacterKilled) -> None:
    killed(realm, who, action.by)


def _give_gold(realm: Realm, who: Character, action: GiveGold) -> None:
    retinue = realm.retinues[who.name]
    retinue.gold += action.amount
    realm.note(f"{who.name} {'gains' if action.amount >= 0 else 'pays'} {abs(action.amount)} gold "
               f"({retinue.gold} now)")


def _give_item(realm: Realm, who: Character, action: GiveItem) -> None:
    who.belongings.append(Item(action.item.strip(), action.item_kind))
    realm.note(f"{who.name} takes the {action.item.strip()} ({action.item_kind})")


def _deed(realm: Realm, who: Character, action: RecordDeed) -> None:
    who.deeds.append(action.deed.strip())
    realm.note(f"{who.name}: {action.deed.strip()}")


def _locate(realm: Realm, who: Character, action: LocateGate) -> None:
    _locate_gate(realm, who, _gate_name(realm, action.gate))


def _run(realm: Realm, who: Character, action: RunFromBattle) -> None:
    for name in realm.retinues[who.name].run_from_battle(dragons=action.dragons, bounty=action.bounty):
        realm.traveller(name).state = "dead"
        realm.note(f"{who.name} runs from the dragons: the {name} is killed")
    realm.note(f"{who.name} runs from the battle")


def _gate_travel(realm: Realm, who: Character, action: GateTravel) -> None:
    name = _gate_name(realm, action.gate)
    place = gate_clearing(realm, name)
    assert place is not None
    phases.charge(realm, who, ("GATE", *("MOVE",) * action.moves), perform=True, to=place)
    who.clearing = place
    realm.note(f"{who.name} travels through the gates to {name} in {realm.board.label(place)}")


def _cast(realm: Realm, who: Character, action: CastSpell) -> None:
    name = spell(action.spell).name
    if name == "Miracle":
        miracles.cast(realm, who, action)
        return
    if name == "Prayer":
        who.enchanted.append("Prayer")
        realm.note(f"{who.name} casts Prayer: an extra REST phase every day")
        return
    if name == "Rocks Glow":
        realm.glowing.add(who.clearing)
        realm.note(f"{who.name} casts Rocks Glow: daylight phases in {realm.board.label(who.clearing)} today")
        return
    if name == "Vision":
        tile = realm.board.clearings[who.clearing].tile
        for here in realm.board.tile_clearings(tile):
            for there in realm.board.hidden_paths[here]:
                pair = (min(here, there), max(here, there))
                if pair not in who.known_paths:
                    who.known_paths.append(pair)
        realm.note(f"{who.name} casts Vision: every hidden path of {realm.board.tile_names[tile]} is known")
        return
    if name == "Hop":
        landed = hop(realm.board, realm.board.clearings[who.clearing], realm.rng)
        who.clearing = landed.id
        realm.note(f"{who.name} casts Hop: to {realm.board.label(landed.id)}")
        return
    assert action.gate is not None
    gate = _gate_name(realm, action.gate)
    place = gate_clearing(realm, gate)
    assert place is not None
    who.clearing = place
    realm.note(f"{who.name} casts Open Gate: to {gate} in {realm.board.label(place)}")


def _locate_gate(realm: Realm, who: Character, name: str) -> None:
    """3.2: the gate is known to the character; the Gate Master's employers learn it at once (7.10)."""
    who.known_gates.append(name)
    realm.note(f"{who.name} locates {name}")
    for other in realm.characters:
        if (other.alive and other is not who and name not in other.known_gates
                and realm.retinues[other.name].serves("Gate Master")):
            other.known_gates.append(name)
            realm.note(f"the Gate Master tells {other.name} where {name} is")


# -- offroad travel (2) -----------------------------------------------------------------------------


def _offroad(realm: Realm, who: Character) -> None:
    """2.2-2.4: a roll on the column of the clearing left (a lost character keeps rolling on the column of
    the clearing he left, 2.4); clearing results move him at once (2.3), Lost and Avalanche leave him in
    the tile's woods, wounded (2.4)."""
    left = realm.board.clearings[who.clearing]
    tile = realm.board.tile_names[left.tile]
    result = offroad(realm.rng, left.kind, tile=tile, woodsman=realm.retinues[who.name].serves("Woodsman"),
                     settings=realm.settings)
    who.wounds += result.wounds
    wounds = f": {result.wounds} wound{'s' if result.wounds != 1 else ''}" if "d6" in result.result else ""
    realm.note(f"{who.name} travels offroad from {realm.board.label(left.id)}: {result.result}{wounds}")
    options = _offroad_clearings(realm, who)
    if result.outcome == "lost":
        who.offroad = True
        realm.note(f"{who.name} is off the clearings in {tile}: no other action until back in a clearing, "
                   "and no running from battle (2.4, 2.6)")
    elif result.outcome == "same":
        who.offroad = False
    elif result.outcome == "random":
        landed = options[realm.rng.roll(len(options), "offroad: the random clearing", section=OFFROAD) - 1]
        who.clearing, who.offroad = landed, False
        realm.note(f"{who.name} comes out in {realm.board.label(landed)}")
    else:
        realm.pending = Pending(Decide.CLEARING, who.name, tuple(options))


def _offroad_clearings(realm: Realm, who: Character) -> list[int]:
    """The clearings offroad travel may reach: the other clearings of the tile left (2.4 "on the tile", 2.5
    "the tile's clearings"; ruling MR32), on the Chasm only those of the side left (1.2/2 "be sure to remain
    on the same side of the chasm regardless of the roll results"); with the setting
    ``offroad_neighbours`` the clearings of the tiles next to it too."""
    left = realm.board.clearings[who.clearing]
    near = [left.tile]
    if realm.settings.offroad_neighbours:
        near.extend(realm.board.tile_neighbours[left.tile])
    side = _chasm_side(realm, left)
    return sorted(c for t in near for c in realm.board.tile_clearings(t)
                  if c != who.clearing and (t != left.tile or realm.board.clearings[c].number in side))


def _chasm_side(realm: Realm, left: Clearing) -> tuple[int, ...]:
    """The clearing numbers on the side of the tile's chasm ``left`` lies (every clearing on another tile)."""
    info = tiles()[realm.board.tile_names[left.tile]]
    for side in info.sides:
        if left.number in side:
            return side
    return tuple(range(1, len(info.clearings) + 1))


# -- travellers (7) ---------------------------------------------------------------------------------


def killed(realm: Realm, who: Character, by: str | None) -> None:
    """7.8: every traveller serving the character leaves the game, and those who joined him (ruling MR15);
    9.3/3-4: the guild membership ends, its chit is free (never to the killer); 2.5: belongings are scattered
    among the tile's clearings when he dies offroad, and lie in his clearing otherwise (ruling MR34)."""
    who.alive = False
    realm.sites.trap.here.discard(who.name)
    realm.sites.trap.trapped.discard(who.name)
    gone = realm.retinues[who.name].killed()
    for name in [*gone, *who.followers]:
        piece = realm.traveller(name)
        piece.state, piece.clearing = "gone", None
    realm.note(f"{who.name} is killed" + (f" by {by}" if by else "")
               + (f"; {', '.join(gone + who.followers)} leave the game" if gone or who.followers else ""))
    who.followers = []
    realm.guilds.killed(who.name, by=by)
    tile = realm.board.clearings[who.clearing].tile
    span = realm.board.tile_clearings(tile)
    for item in who.belongings:
        where = (span[realm.rng.roll(len(span), f"2.5: where the {item.name} falls", section=OFFROAD) - 1]
                 if who.offroad else who.clearing)
        realm.piles.setdefault(where, []).append(item)
        realm.note(f"the {item.name} lies in {realm.board.label(where)}")
    who.belongings = []


# -- guilds (9) -------------------------------------------------------------------------------------


def _discover(realm: Realm, who: Character, action: DiscoverGuild) -> None:
    name = guild(action.guild).name
    place = realm.board.guild_clearing(realm.board.clearings[who.clearing].tile)
    realm.guild_clearings[name] = place
    realm.note(f"{who.name} discovers the {name}: placed in {realm.board.label(place)} (9.1)")


def _join(realm: Realm, who: Character, action: JoinGuild) -> None:
    name = guild(action.guild).name
    realm.guilds.join(who.name, name, deeds=who.deeds)
    realm.note(f"{who.name} joins the {name}")


def _draw_quest(realm: Realm, who: Character, action: DrawQuest) -> None:
    realm.guilds.draw_quest(who.name, action.quest.strip())
    realm.note(f"{who.name} draws the quest {action.quest.strip()!r}")


def _complete_quest(realm: Realm, who: Character, action: CompleteQuest) -> None:
    hall = realm.guilds
    benefit = hall.complete_quest(who.name)
    member = hall.membership(who.name)
    held = benefit in hall.benefits(who.name)
    realm.note(f"{who.name} completes a {member.guild} quest: {benefit}"
               + ("" if held else " (waiting for the guild's chit, 9.3/3)"))


def arrive_at_guilds(realm: Realm, who: Character) -> None:
    """9.3/3a: a character ending the turn at a guild whose chit is free takes it when eligible; several
    eligible there together must decide (9.3/3b: a decision waits)."""
    if who.offroad:
        return
    for name, place in realm.guild_clearings.items():
        if place != who.clearing or name in realm.guilds.chit_holders:
            continue
        here = [c.name for c in realm.characters if c.alive and c.clearing == place and not c.offroad]
        barred = realm.guilds.barred.get(name, set())
        eligible = [c for c in here if c in realm.guilds.waiting(name) and c not in barred]
        if len(eligible) > 1:
            realm.pending = Pending(Decide.GUILD_CHIT, who.name, tuple(eligible), guild=name)
            realm.note(f"{', '.join(eligible)} are eligible for the {name} chit: they must decide (9.3/3b)")
            return
        holder = realm.guilds.arrive(name, here)
        if holder is not None:
            realm.note(f"{holder} arrives at the {name} and receives its chit (9.3/3a)")


# -- the referee's actions, by class ----------------------------------------------------------------

#: What :func:`check` asks of each action the referee records (any other is refused).
CHECKS: dict[type, Callable[[Realm, Character, Any], object]] = {
    StrikeHive: _check_generator, UseBookOfTheDead: _check_generator,
    MoveCharacter: _check_move, TravelOffroad: _check_offroad,
    RecordDay: phases.check_day, ReadRunes: _check_read_runes,
    TradeWithMerchant: travellers.check_merchant, MoveHireling: travellers.check_move_hireling,
    EnchantressAid: _check_enchantress, PutOnRing: _check_ring,
    Hire: _check_hire, Fire: _check_fire, Capture: _check_capture,
    RaiseDead: _check_raise_dead, PickpocketScore: _check_pickpocket, RidOfJester: _check_jester,
    CharacterKilled: _check_killed, GiveGold: _check_gold, GiveItem: _check_item, RecordDeed: _check_deed,
    LocateGate: _check_gate, GateTravel: _check_gate, BuyService: travellers.check_service,
    CastSpell: _check_spell, PlayMiracle: miracles.check, WoundMiracle: miracles.check,
    RunFromBattle: _check_run,
    DiscoverGuild: _check_discover, JoinGuild: _check_join, DrawQuest: _check_draw,
    CompleteQuest: _check_complete,
}

#: How :func:`perform` carries out each action :data:`CHECKS` passed.
PERFORMS: dict[type, Callable[[Realm, Character, Any], None]] = {
    StrikeHive: _strike, UseBookOfTheDead: _book_of_the_dead,
    MoveCharacter: _move, TravelOffroad: _travel_offroad,
    RecordDay: phases.perform_day, ReadRunes: _read_runes,
    TradeWithMerchant: travellers.trade, MoveHireling: _move_hireling,
    EnchantressAid: _enchantress_aid, PutOnRing: _ring,
    Hire: travellers.hire, Fire: _fire, Capture: travellers.capture,
    RaiseDead: _raise_dead, PickpocketScore: _pickpocket, RidOfJester: _rid_of_jester,
    CharacterKilled: _killed, GiveGold: _give_gold, GiveItem: _give_item, RecordDeed: _deed,
    LocateGate: _locate, GateTravel: _gate_travel, BuyService: travellers.buy,
    CastSpell: _cast, PlayMiracle: miracles.perform, WoundMiracle: miracles.perform,
    RunFromBattle: _run,
    DiscoverGuild: _discover, JoinGuild: _join, DrawQuest: _draw_quest, CompleteQuest: _complete_quest,
}
