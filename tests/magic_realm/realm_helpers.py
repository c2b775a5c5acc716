"""What the living-realm tests arrange alike: a quiet realm, scripted dice from here on, a traveller put down."""

from __future__ import annotations

from magecraft.core.randomness import Randomness
from magecraft.magic_realm.days import RealmDays
from magecraft.magic_realm.pieces import TravellerPiece

#: The spells resolved on the board: the tests of other rules let every character know them (ruling MR55).
BOARD_SPELLS = ("Hop", "Open Gate", "Prayer", "Vision", "Rocks Glow", "Miracle")


def quiet_realm(*characters: str, seed: int = 3, gold: int = 50, set_aside: bool = False,
                spells: tuple[str, ...] = BOARD_SPELLS) -> RealmDays:
    """A realm (the Amazon at Borderland 1 unless ``characters`` say otherwise) whose travellers do nothing
    unless a test says so: they never wander (``set_aside``: they are off the board), every retinue ``gold``,
    every character knowing ``spells``."""
    placed = list(characters or ("Amazon@Borderland 1",))
    made = RealmDays.new(Randomness.seeded(seed), placed,
                         spells={text.partition("@")[0]: spells for text in placed})
    for retinue in made.retinues.values():
        retinue.gold = gold
    for piece in made.travellers:
        if set_aside:
            piece.state, piece.clearing = "set aside", None
        else:
            piece.roll = 99
    return made


def script(days: RealmDays, *values: int) -> None:
    """The realm's dice from here on are ``values``, its log kept."""
    days.rng = Randomness.scripted(list(values), log=days.rng.log)


def put(days: RealmDays, name: str, clearing: int) -> TravellerPiece:
    """The traveller ``name`` wandering in ``clearing`` (added to the realm if it is not in it)."""
    piece = next((t for t in days.travellers if t.name == name), None)
    if piece is None:
        piece = TravellerPiece(name, 99, clearing)
        days.travellers.append(piece)
    piece.clearing, piece.state, piece.joined = clearing, "wandering", None
    return piece
