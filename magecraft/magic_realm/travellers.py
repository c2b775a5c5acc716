"""The travellers of section 7 in the living realm, as the referee records them: hiring and freeing (7.5),
capturing (7.9, the Siren's box, the Wood Sprite's escape), their services (the Cleric, the Blacksmith), the
Merchant's trading, the Mercenary moving on his own, and their leaving when their time is up (the
Necromancer's betrayal, the Doppleganger's chit, the Children and the Magic Candy Cane).

Split from :mod:`.referee` (which checks and performs every action) along the rule book's section 7.
"""

from __future__ import annotations

from dataclasses import replace

from magecraft.core.errors import RuleError
from magecraft.core.tables import get_table
from magecraft.magic_realm.actions import BuyService, Capture, Hire, MoveHireling, TradeWithMerchant
from magecraft.magic_realm.data import traveller
from magecraft.magic_realm.pieces import ITEM_KINDS, Character, Item
from magecraft.magic_realm.realm import Realm
from magecraft.magic_realm.table_dice import table
from magecraft.magic_realm.trade import roll_bounty
from magecraft.magic_realm.travel import OFFROAD

TRAVELLERS = "7. Travellers"
CANDY_CANE = "Magic Candy Cane"


def check_service(realm: Realm, who: Character, action: BuyService) -> int:
    """The price of a service of the traveller standing in the character's clearing; refused otherwise."""
    card = traveller(action.traveller)
    prices = {k.casefold(): (k, v) for k, v in card.prices.items()}
    found = prices.get(action.service.strip().casefold())
    if found is None:
        offered = ", ".join(card.prices) or "nothing"
        raise RuleError(f"the {card.name} offers {offered}, not {action.service!r}", rule=card.name,
                        section=TRAVELLERS)
    check_met(realm, who, card.name, hiring=False)
    price = found[1]
    if realm.retinues[who.name].gold < price:
        raise RuleError(f"{found[0]} costs {price} gold; {who.name} has {realm.retinues[who.name].gold}",
                        rule=card.name, section=TRAVELLERS)
    return price


def merchant_price(action: TradeWithMerchant) -> int:
    card = traveller("Merchant")
    assert card.buys_at is not None and card.sells_at is not None
    return action.face_value * (card.sells_at if action.buying else card.buys_at)


def check_merchant(realm: Realm, who: Character, action: TradeWithMerchant) -> int:
    """7.10 Merchant: in the character's clearing; he buys what the character has at face value, and sells at
    four times face value what the character can pay for."""
    check_met(realm, who, "Merchant", hiring=False)
    if action.face_value < 0 or not action.item.strip() or action.item_kind not in ITEM_KINDS:
        raise RuleError(f"name the item, its kind ({', '.join(ITEM_KINDS)}) and a face value of 0 or more",
                        rule="Merchant", section=TRAVELLERS)
    price = merchant_price(action)
    if action.buying and realm.retinues[who.name].gold < price:
        raise RuleError(f"the Merchant sells the {action.item} at four times its face value, {price} gold; "
                        f"{who.name} has {realm.retinues[who.name].gold} (he will not haggle)",
                        rule="Merchant", section=TRAVELLERS)
    if not action.buying and not any(i.name == action.item.strip() for i in who.belongings):
        raise RuleError(f"{who.name} has no {action.item}", rule="Merchant", section=TRAVELLERS)
    return price


def trade(realm: Realm, who: Character, action: TradeWithMerchant) -> None:
    price = check_merchant(realm, who, action)
    retinue = realm.retinues[who.name]
    name = action.item.strip()
    if action.buying:
        retinue.gold -= price
        who.belongings.append(Item(name, action.item_kind))
        realm.note(f"{who.name} buys the {name} from the Merchant for {price} gold")
    else:
        who.belongings.remove(next(i for i in who.belongings if i.name == name))
        retinue.gold += price
        realm.note(f"{who.name} sells the {name} to the Merchant for {price} gold")


def check_move_hireling(realm: Realm, who: Character, action: MoveHireling) -> None:
    piece = realm.traveller(action.traveller)
    if not traveller(piece.name).moves_alone:
        raise RuleError(f"the {piece.name} never ventures away from his employer (7.5)",
                        rule="7.5 Traveller hirelings never venture away", section=TRAVELLERS)
    if piece.state != "hired" or piece.joined != who.name:
        raise RuleError(f"the {piece.name} does not serve {who.name}", rule="Mercenary", section=TRAVELLERS)
    if not 0 <= action.clearing < len(realm.board.clearings) or action.clearing == piece.clearing:
        raise RuleError(f"the {piece.name} moves to another clearing of the board", rule="Mercenary",
                        section=TRAVELLERS)
    trap = realm.sites.trap
    if piece.name in trap.trapped and not trap.free(piece.name):
        raise RuleError(f"the {piece.name} is trapped in the Trap's clearing", rule="14.2/1 any character or "
                        "hired leader ... may not leave the clearing", section="14.2 Minotaur's Lair, the Trap")


def check_met(realm: Realm, who: Character, name: str, *, hiring: bool) -> None:
    """7.2: a traveller is dealt with by a character who ended the turn in its clearing (or, to re-hire,
    one serving the character whose time is up)."""
    piece = realm.traveller(name)
    if who.offroad:
        raise RuleError(f"{who.name} is lost off the clearings (2.4)", rule="2.4", section=OFFROAD)
    if hiring and piece.state == "hired" and piece.joined == who.name:
        return
    if piece.state != "wandering" or piece.clearing != who.clearing:
        where = "not on the board" if piece.clearing is None else f"in {realm.board.label(piece.clearing)}"
        raise RuleError(f"the {piece.name} is {where}, not in {who.name}'s clearing",
                        rule="7.2 ends his/her turn in the same clearing as a traveller chit", section=TRAVELLERS)


def buy(realm: Realm, who: Character, action: BuyService) -> None:
    price = check_service(realm, who, action)
    realm.retinues[who.name].gold -= price
    card = traveller(action.traveller)
    service = next(k for k in card.prices if k.casefold() == action.service.strip().casefold())
    if service == "Full Heal":
        who.wounds = who.fatigue = 0
    realm.note(f"{who.name} pays the {card.name} {price} gold: {service}")


def coming_day(realm: Realm) -> int:
    """The first day a traveller hired now serves (7.5 "a duration of fourteen days"): what is recorded
    between two days belongs to the coming day (ruling MR42), so hiring after day 5 is hiring on day 6; a
    hire in the middle of a day's turn is that day's (ruling MR14)."""
    return realm.day + 1 if realm.turn is None else max(realm.day, 1)


def hire(realm: Realm, who: Character, action: Hire) -> None:
    piece = realm.traveller(action.traveller)
    retinue = realm.retinues[who.name]
    if action.chit is not None and action.chit not in retinue.chits:
        retinue.chits.append(action.chit)
    retinue.hire(piece.name, day=coming_day(realm), chit=action.chit)
    # 7.5: hirelings never venture away from their employer -- but the Mercenary is a leader of his own
    piece.state, piece.joined = "hired", who.name
    piece.clearing = who.clearing if traveller(piece.name).moves_alone else None
    until = retinue.serving[piece.name].last_day
    realm.note(f"{who.name} hires the {piece.name} through day {until} ({retinue.gold} gold left)")
    if piece.name == "Gate Master" and realm.settings.gate_master_past:
        _gate_masters_knowledge(realm, who)
    if piece.name == "Bounty Hunter":
        sought = roll_bounty(realm.rng, "INN", bounty_hunter=True)
        realm.note(f"the Bounty Hunter seeks: {sought.target}")


def _gate_masters_knowledge(realm: Realm, who: Character) -> None:
    """7.10 Gate Master: "Simply hiring this wise astronomer ... will yield the player useful knowledge": the
    gates other characters have discovered are his employer's at once (ruling MR52); later ones as they are
    discovered (referee._locate_gate)."""
    for other in realm.characters:
        for gate in other.known_gates if other is not who else ():
            if gate not in who.known_gates:
                who.known_gates.append(gate)
                realm.note(f"the Gate Master tells {who.name} where {gate} is")


def capture(realm: Realm, who: Character, action: Capture) -> None:
    piece = realm.traveller(action.traveller)
    retinue = realm.retinues[who.name]
    outcome = retinue.capture(piece.name, hit=action.hit, rng=realm.rng)
    if outcome.captured and piece.name == "Siren":
        # She cannot survive in captivity: her box becomes a hidden cache in the clearing (7.10).
        del retinue.serving["Siren"]
        piece.state, piece.clearing = "dead", None
        if realm.siren_box:
            realm.piles.setdefault(who.clearing, []).extend(realm.siren_box)
            realm.rng.shuffle(realm.piles[who.clearing], "the Siren's box: a pile in random order")
        realm.note(f"{who.name} captures the Siren: she dies; her box ({len(realm.siren_box)} item(s)) lies "
                   f"in {realm.board.label(who.clearing)} as a hidden cache")
        realm.siren_box = []
        return
    if outcome.captured:
        piece.state, piece.joined, piece.clearing = "captured", who.name, None
        realm.note(f"{who.name} captures the {piece.name} for the rest of the game")
        return
    lost = f"; it takes {outcome.gold_lost} gold" if outcome.gold_lost else ""
    realm.note(f"the {piece.name} escapes {who.name}{lost}")
    if piece.name == "Wood Sprite":
        wood_sprite_escapes(realm, piece.clearing)


def free_wood_sprite(realm: Realm, who: Character, path: tuple[int, int] | None) -> None:
    """7.10 Wood Sprite freed by the character who captured her: she reveals one hidden path (the
    character's choice, ``path``) and departs at once to a random Woods hex."""
    if path is not None:
        pair = (min(path), max(path))
        if pair not in who.known_paths:
            who.known_paths.append(pair)
        realm.note(f"the Wood Sprite, freed, shows {who.name} the hidden path from {realm.board.label(pair[0])} "
                   f"to {realm.board.label(pair[1])}")
    realm.traveller("Wood Sprite").clearing = who.clearing
    wood_sprite_escapes(realm, who.clearing)


def wood_sprite_escapes(realm: Realm, here: int | None) -> None:
    """Wood Sprite Escape: a random Woods hex, rolled again when it is the hex she is in; a cave clearing
    kills her (7.10)."""
    piece = realm.traveller("Wood Sprite")
    table = get_table("mr_wood_sprite_escape")
    current = None if here is None else realm.board.tile_names[realm.board.clearings[here].tile]
    while True:
        hex_name = table.roll(realm.rng, label="Wood Sprite escape").result
        if hex_name != current:
            break
    tile = realm.board.tile_index(hex_name)
    span = realm.board.tile_clearings(tile)
    landed = span[realm.rng.roll(len(span), "the Wood Sprite's clearing") - 1]
    piece.state, piece.joined, piece.clearing = "wandering", None, landed
    realm.place_traveller(piece, landed)


def back_on_board(realm: Realm, who: Character, name: str, how: str) -> None:
    piece = realm.traveller(name)
    piece.state, piece.joined = "wandering", None
    piece.clearing = who.clearing if piece.clearing is None else piece.clearing
    realm.note(f"the {name} {how} in {realm.board.label(who.clearing)}")


def travellers_leave(realm: Realm) -> None:
    """At the start of a day, hired travellers whose time is up leave (7.5): the Necromancer raises the dead
    and attacks his employer, then vanishes; the Doppleganger vanishes, giving back its chit; the others
    stay in the character's clearing, free to be hired again.  The Magic Candy Cane keeps the Children."""
    for c in realm.characters:
        if not c.alive:
            continue
        retinue = realm.retinues[c.name]
        kids = retinue.serving.get("Children")
        if kids is not None and kids.last_day is not None and any(i.name == CANDY_CANE for i in c.belongings):
            retinue.serving["Children"] = replace(kids, last_day=realm.day)
        for name in retinue.new_day(realm.day):
            if name == "Necromancer":
                turned = table("mr_raise_dead", realm.settings).roll(realm.rng, label="the Necromancer's betrayal")
                undead = int(turned.data.get("undead", 0))
                realm.traveller(name).state = "gone"
                realm.note(f"the Necromancer's time is up: he turns on {c.name}, raising {undead} undead to "
                           "attack, and vanishes")
            elif name == "Doppleganger":
                realm.traveller(name).state = "gone"
                realm.note(f"the Doppleganger's time is up: it vanishes, giving {c.name} back the chit")
            else:
                back_on_board(realm, c, name, f"leaves {c.name}'s employ")
