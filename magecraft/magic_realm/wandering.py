"""The travellers of section 7 wandering the living realm day by day, and met at the end of a turn.

"7.3 Traveller Movement": the traveller matching the day's monster roll moves by the table (a 1 re-rolls twice,
1s ignored); "7.4": never into a clearing with monsters, forced out of one or eaten when stuck among them; the
Wood Sprite never enters a cave and dies in one (7.10).  Met by a character ending his turn in its clearing
(7.2, 7.10): the Jester joins the character with the most letters in his name (ties at random), the Young
Knight joins a character with three MAGIC chits or fewer and attacks one with more, the Siren traps a male
character.

Split from :mod:`.days` (which plays the day) along the rule book's section 7; hiring, capturing and the
travellers' services are :mod:`.travellers`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from magecraft.core.tables import get_table
from magecraft.magic_realm.generators import Hunting, monsters_at
from magecraft.magic_realm.pieces import Character, Item, TravellerPiece
from magecraft.magic_realm.table_dice import table

TRAVELLERS = "7. Travellers"


def move_traveller(realm: Hunting, piece: TravellerPiece) -> None:
    """7.3-7.4: the traveller moves by the Traveller Movement table (a 1 re-rolls twice, 1s ignored); never into
    monsters, forced out of their clearing or eaten when stuck among them."""
    assert piece.clearing is not None
    must = monsters_at(realm, piece.clearing)
    rolled = get_table("mr_traveller_movement").roll(realm.rng, label=f"{piece.name}: traveller movement")
    moves: list[Mapping[str, Any]] = []
    if rolled.data["move"] == "twice":
        for n in (1, 2):
            again = realm.rng.roll(6, f"{piece.name}: re-roll {n} (1s ignored)", section=TRAVELLERS)
            if again != 1:
                moves.append(get_table("mr_traveller_movement").lookup(again).data)
    else:
        moves.append(rolled.data)
    for move in moves:
        if move["move"] == "stay" and not must:
            continue
        target = _destination(realm, piece, str(move.get("move")), str(move.get("prefer", "same")))
        if target is None:
            if must:
                piece.state, piece.clearing = "eaten", None
                realm.note(f"the {piece.name}, trapped among monsters, is eaten")
                return
            continue
        place_traveller(realm, piece, target)
        if piece.state != "wandering":
            return
        must = monsters_at(realm, target)


def _destination(realm: Hunting, piece: TravellerPiece, direction: str, prefer: str) -> int | None:
    """The clearing a move of the table reaches (up, down or any; its own tile first or a new one), the first
    free of monsters (7.4); the Wood Sprite never enters a cave (7.10); None when every road leads to monsters."""
    assert piece.clearing is not None
    here = realm.board.clearings[piece.clearing]
    options = [realm.board.clearings[n] for n in realm.board.roads[piece.clearing]]
    if piece.name == "Wood Sprite":
        options = [c for c in options if not c.is_cave]
    if direction == "up":
        ranked = sorted((c for c in options if c.number > here.number), key=lambda c: (c.number, c.id))
    elif direction == "down":
        ranked = sorted((c for c in options if c.number < here.number), key=lambda c: (-c.number, c.id))
    else:
        ranked = sorted(options, key=lambda c: (c.number, c.id))
    same = [c for c in ranked if c.tile == here.tile]
    new = [c for c in ranked if c.tile != here.tile]
    order = same + new if prefer == "same" else new + same
    order += [c for c in sorted(options, key=lambda c: (c.number, c.id)) if c not in order]
    for c in order:
        if not monsters_at(realm, c.id):
            return c.id
    return None


def place_traveller(realm: Hunting, piece: TravellerPiece, clearing: int) -> None:
    """A traveller lands in ``clearing``: the Wood Sprite dies in a cave (7.10)."""
    piece.clearing = clearing
    if piece.name == "Wood Sprite" and realm.board.clearings[clearing].is_cave:
        piece.state, piece.clearing = "dead", None
        realm.note("the Wood Sprite enters a cave and dies")
        return
    realm.note(f"the {piece.name} wanders to {realm.board.label(clearing)}")


def meet_travellers(realm: Hunting, character: Character) -> None:
    """7.2, 7.10: the travellers wandering in the clearing where ``character`` ends his turn meet him."""
    for piece in realm.travellers:
        if piece.state != "wandering" or piece.clearing != character.clearing:
            continue
        if piece.name == "Jester":
            here = [c for c in realm.characters if c.alive and c.clearing == character.clearing
                    and not c.offroad]
            longest = max(letters(c.name) for c in here)
            tied = sorted(c.name for c in here if letters(c.name) == longest)
            chosen = (
                tied[0]
                if len(tied) == 1
                else realm.rng.choice(tied, "the Jester's tie: who he joins", section=TRAVELLERS)
            )
            _join(realm, piece, chosen)
        elif piece.name == "Young Knight":
            if character.magic_chits > 3:
                realm.note(f"the Young Knight attacks {character.name} (more than 3 MAGIC chits)")
            else:
                _join(realm, piece, character.name)
        elif piece.name == "Siren" and character.male:
            _siren(realm, piece, character)


def _siren(realm: Hunting, piece: TravellerPiece, character: Character) -> None:
    """7.10 Siren's trap: what is lost goes to her box and she vanishes to a random clearing of a
    random adjacent hex (only when something was taken: "No effect -- May attempt a capture")."""
    trap = table("mr_siren_trap", realm.settings).roll(realm.rng, label=f"{character.name}: Siren's trap")
    lose = str(trap.data.get("lose", ""))
    realm.note(f"the Siren's trap: {character.name}: {trap.result}")
    if not lose:
        return
    taken = [i for i in character.belongings if _siren_takes(lose, i)]
    if taken:
        character.belongings = [i for i in character.belongings if i not in taken]
        realm.siren_box.extend(taken)
        realm.note(f"into the Siren's box: {', '.join(i.name for i in taken)}")
    tile = realm.board.clearings[character.clearing].tile
    neighbours = realm.board.tile_neighbours[tile]
    if neighbours:
        where = realm.rng.choice(sorted(neighbours), "the Siren vanishes to an adjacent hex")
        span = realm.board.tile_clearings(where)
        piece.clearing = span[realm.rng.roll(len(span), "the Siren's clearing") - 1]
        realm.note(f"the Siren vanishes to {realm.board.label(piece.clearing)}")


def _join(realm: Hunting, piece: TravellerPiece, name: str) -> None:
    """The traveller joins ``name`` for the rest of the game (7.10 Jester, Young Knight)."""
    piece.state, piece.joined, piece.clearing = "joined", name, None
    who = next(c for c in realm.characters if c.name == name)
    who.followers.append(piece.name)
    realm.note(f"the {piece.name} joins {name} for the rest of the game")


def letters(name: str) -> int:
    """7.10 Jester: "the one with the most letters in their name" -- letters only, not the space of "Woods
    Girl" or the stroke of "Thief/Assassin"."""
    return sum(ch.isalpha() for ch in name)


def _siren_takes(lose: str, item: Item) -> bool:
    """Whether the Siren's trap takes ``item`` when it loses ``lose`` (belongings, treasures or a kind)."""
    if lose == "belongings":
        return True
    if lose == "treasures":
        return item.treasure
    return item.kind == lose.removesuffix("s")
