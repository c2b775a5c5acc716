"""The realm set up for play ("15. Expansion Setup", "7.1"): the characters placed, the travellers dealt.

The characters stand in the clearings the table names (``"Amazon@Oak Woods 2"``, ``=GOLD`` for his starting
gold), with the colour magic they carry (12.2/1), their sex (7.10 the Siren; ruling MR33) and the spells they
know (ruling MR55); the travellers in play each stand in a random clearing of the tile they were dealt to (7.1),
or wait in a group's pile until it is found (15.3/2).

Split from :mod:`.days` (whose :meth:`~.days.RealmDays.new` builds the realm with them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from magecraft.core.errors import InputError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.board import Board
from magecraft.magic_realm.data import realm_lists, spell
from magecraft.magic_realm.pieces import Character, TravellerPiece
from magecraft.magic_realm.setup import Setup


def place_characters(board: Board, characters: Sequence[str]) -> tuple[list[Character], dict[str, int]]:
    """The characters placed as ``"Amazon@Oak Woods 2"`` (``=GOLD`` after the clearing: his starting gold)."""
    placed: list[Character] = []
    gold: dict[str, int] = {}
    women = realm_lists()["female"]
    for text in characters:
        name, sep, where = text.partition("@")
        name = name.strip()
        if not sep or not name:
            raise InputError(f"place a character as NAME@CLEARING, like 'Amazon@Oak Woods 2', not {text!r}")
        where, has_gold, amount = where.partition("=")
        if has_gold:
            if not amount.strip().isdecimal() or len(amount.strip()) > 6:
                raise InputError(
                    f"{name}'s gold is a whole number, like 'Amazon@Oak Woods 2=25', not {amount!r}"
                )
            gold[name] = int(amount)
        placed.append(Character(name, board.clearing_of(where).id, male=name not in women))
    if len({c.name for c in placed}) != len(placed):
        raise InputError("two characters share a name")
    return placed, gold


def deal_travellers(dealt: Setup, board: Board, rng: Randomness) -> list[TravellerPiece]:
    """The travellers in play, each in a random clearing of the tile it was dealt to (7.1)."""
    pieces = []
    for number, name in enumerate(dealt.travellers_in_play, start=1):
        tile = tile_of(dealt, name)
        if tile is None:
            # Set aside in a group's pile: it reaches the board only when the group is found (15.3/2).
            pieces.append(TravellerPiece(name, number, None, state="set aside"))
            continue
        span = board.tile_clearings(board.tile_index(tile))
        pieces.append(TravellerPiece(name, number, span[rng.roll(len(span), f"{name}: its clearing") - 1]))
    return pieces


def mark_characters(placed: Sequence[Character], *, colour_magic: Sequence[str], female: Sequence[str],
                     male: Sequence[str]) -> None:
    """The characters carrying colour magic (12.2/1) and the sex overrides (7.10 the Siren; ruling MR33)."""
    by_name = {c.name: c for c in placed}
    for option, names in (("--colour", colour_magic), ("--female", female), ("--male", male)):
        for raw in names:
            who = by_name.get(raw.strip())
            if who is None:
                raise InputError(f"{option}: no character {raw.strip()!r} is placed")
            if option == "--colour":
                who.colour_magic = True
            else:
                who.male = option == "--male"


def teach_spells(placed: Sequence[Character], spells: Mapping[str, Sequence[str]]) -> None:
    """The spells each character knows, by their List of Spells names (ruling MR55)."""
    by_name = {c.name: c for c in placed}
    for name, known in spells.items():
        who = by_name.get(name.strip())
        if who is None:
            raise InputError(f"--spells: no character {name.strip()!r} is placed")
        for text in known:
            found = spell(text).name
            if found not in who.spells:
                who.spells.append(found)


def tile_of(setup: Setup, chit: str) -> str | None:
    """The tile a chit was dealt to, or None when it waits in a group's pile."""
    for tile, chits in setup.tile_chits.items():
        if any(c.name == chit for c in chits):
            return tile
    return None
