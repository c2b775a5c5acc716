"""What each courtier chit does ("The Courtier Descriptions", seed 004).

Negative chits act when a noble meets them (:data:`MEETINGS`, called with the noble, the courtier, the
chit and whether this is the first meeting); positive chits act when presented to an Emperor
(:data:`PRESENTATIONS`, called with the noble, the chit and the Emperor's piece id).  A Praetorian
reaching a noble is :func:`guard_catches` (with the Coup d'Etat's 1d6 table).  Each effect takes the
banquet as a :class:`Table` -- the pieces, chits, nobles and dice it may change, and the public helpers
through which leaving the banquet, losing chits and changing a statistic are done one way everywhere --
so that this module needs nothing of the game state that calls it (:mod:`.meetings`, :mod:`.turns`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness
from magecraft.core.tables import get_table
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.nobles import Noble, saving_throw
from magecraft.wizard_prince.phases import APPOINTMENT, PLACE
from magecraft.wizard_prince.pieces import COLOURS, Chit, Office, Piece, other_colour
from magecraft.wizard_prince.sections import CHITS, PIECES
from magecraft.wizard_prince.settings import Settings


class Table(Protocol):
    """The banquet as a chit's effect sees it (the :class:`~.meetings.Meetings` that meet and present)."""

    rng: Randomness
    settings: Settings
    nobles: dict[str, Noble]
    pieces: dict[str, Piece]
    chits: dict[str, Chit]
    pending: list[dict[str, Any]]
    flags: dict[str, Any]

    @property
    def log(self) -> EventLog: ...
    def emperors(self) -> list[Piece]: ...
    def remove_piece(self, piece: Piece, why: str, section: str) -> None: ...
    def lose_chits(self, noble: Noble, why: str) -> None: ...
    def leave(self, noble: Noble, fate: str, why: str, section: str) -> None: ...
    def change(self, noble: Noble, stat: str, value: int, why: str) -> None: ...
    def appoint(self, noble: Noble, key: Office) -> None: ...
    def end(self, why: str) -> None: ...


Meeting = Callable[[Table, Noble, Piece, Chit, bool], None]
Presentation = Callable[[Table, Noble, Chit, str], None]


def butler(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """BUTLER: "The Banquet ends immediately, and any courtier chits that have not yet been presented
    to the Emperor are lost.\""""
    b.end("the Butler announces that the Emperor is retiring")


def droning_bore(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """DRONING BORE: the noble stops moving; a Petrify or Paralyze save each following turn."""
    noble.bored = True
    b.log.record("state", f"{noble.name} is cornered by the Droning Bore", section=CHITS)


def drunken_boor(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """DRUNKEN BOOR: all courtier chits not yet presented are lost."""
    b.lose_chits(noble, "the Drunken Boor drives them off")


def black_magic(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """BLACK MAGIC: 1d6x1d6 to nobles within one square (Spell save for half, a surviving saver gains
    10% of a level); every other piece within one square is slain unless it rolls 4+ on 1d6.

    The spell is where the chit is met; one damage roll serves every noble (ruling "Black Magic").
    """
    centre = courtier.square
    damage_roll = b.rng.dice("1d6x1d6", "Black Magic damage", section=CHITS)
    damage = damage_roll.total
    faces = [d.value for d in damage_roll.dice]
    for victim in [n for n in b.nobles.values()
                   if n.where == "board" and Square.parse(n.square).reach(centre) <= 1]:
        saved = saving_throw(victim, "spell", b.settings, b.rng, CHITS)
        taken = damage // 2 if saved else damage
        victim.hit_points -= taken
        victim.earned["damage"] += taken
        b.log.record("state", f"Black Magic deals {victim.name} {taken} damage", section=CHITS,
                     data={"noble": victim.name, "damage": taken, "saved": saved, "hit_points": victim.hit_points,
                           "dice": "1d6x1d6", "faces": faces, "rolled": damage})
        if victim.hit_points <= 0:
            b.leave(victim, "slain", "slain by Black Magic", CHITS)
        elif saved:
            award_xp(b, victim, "survived Black Magic")
    for piece in sorted((p for p in b.pieces.values() if p.square.reach(centre) <= 1), key=lambda p: p.id):
        roll = b.rng.roll(6, f"{piece.id} resists Black Magic (4+ survives)", section=CHITS)
        if roll < 4:
            b.remove_piece(piece, f"Black Magic slays {piece.id}", CHITS)
            if piece.kind == "emperor":
                b.flags["emperor_slain"] = True
                b.log.record("state", "an Emperor is slain", section=CHITS,
                             data={"emperors_left": len(b.emperors())})


def award_xp(b: Table, noble: Noble, why: str) -> None:
    """"Gains 10% of the experience points needed to rise one level" (Black Magic, Guild Assassin)."""
    noble.earned["counts"]["xp_awards"] += 1
    b.log.record("state", f"{noble.name} gains {b.settings.xp_award_percent}% of a level's experience: {why}",
                 section=CHITS)


def guild_assassin(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """GUILD ASSASSIN: a Death or Poison save or slain; a survivor gains 10% of a level."""
    if saving_throw(noble, "death_poison", b.settings, b.rng, CHITS):
        award_xp(b, noble, "survived the Guild Assassin")
    else:
        b.leave(noble, "slain", "slain by the Guild Assassin", CHITS)


def usurper(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """USURPER: the other colour's Emperor and two Praetorians, placed where the player chooses.

    With two Emperors already in play the claim changes nothing (ruling "The Usurper's pieces").
    """
    reigning = b.emperors()
    if len(reigning) >= 2:
        b.log.record("state", "two Emperors already claim the throne", section=CHITS)
        return
    colour = other_colour(reigning[0].colour) if reigning else "black"
    b.pending.append({"kind": PLACE, "noble": noble.name, "pieces": [
        {"id": "usurper", "kind": "emperor", "colour": colour, "figure": "king"},
        {"id": "usurper-praetorian-1", "kind": "praetorian", "colour": colour, "figure": "knight"},
        {"id": "usurper-praetorian-2", "kind": "praetorian", "colour": colour, "figure": "knight"},
    ]})


def stays_as(b: Table, courtier: Piece, label: str) -> None:
    """The Emperress, Crown Prince and Hierophant stay in play as a queen, rook or bishop of a colour
    rolled at random, and count as any other courtier of that colour."""
    if courtier.figure != "pawn":
        return
    figure = b.chits[courtier.chit].info.figure
    colour = b.rng.choice(COLOURS, f"colour of the {label}'s {figure}", section=CHITS)
    b.pieces[courtier.id] = replace(courtier, figure=figure, colour=colour)
    b.log.record("state", f"the {label} stays in play as a {colour} {figure}", section=CHITS)


def emperress(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """EMPERRESS: one Wealth level, then hustled out of the banquet, losing all courtiers."""
    stays_as(b, courtier, "Emperress")
    b.change(noble, "wealth", noble.wealth + 1, "the Emperress's gifts")
    b.leave(noble, "removed", "hustled out by the Praetorians after a liaison with the Emperress", CHITS)


def crown_prince(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """CROWN PRINCE: 1d6, 1-3 a duel with the prince (a fighter of level 2d6), 4-6 he carouses and
    brings 1d3 elite legions or fleets to the noble's next battle."""
    stays_as(b, courtier, "Crown Prince")
    mood = get_table("wp_crown_prince").roll(b.rng, label=f"the Crown Prince meets {noble.name}")
    if mood.data["outcome"] == "duel":
        level = b.rng.dice("2d6", "the Crown Prince's fighter level", section=CHITS).total
        noble.earned["crown_prince_duels"].append(level)
    else:
        support = b.rng.dice("1d3", "elite legions or fleets the Crown Prince brings", section=CHITS).total
        noble.earned["crown_prince_support"].append(support)


def hierophant(b: Table, noble: Noble, courtier: Piece, chit: Chit, first: bool) -> None:
    """HIEROPHANT: a quest for the first noble to meet him; anyone after loses his courtiers."""
    stays_as(b, courtier, "Hierophant")
    if first:
        noble.earned["counts"]["hierophant_quests"] += 1
        b.log.record("state", f"the Hierophant gives {noble.name} a quest", section=CHITS)
    else:
        b.lose_chits(noble, "they are nervous about the presence of the Hierophant")


def guard_catches(b: Table, noble: Noble, guard: Piece) -> None:
    """A Praetorian reaching a noble strips him of his chits and removes him; a noble carrying a
    Coup d'Etat first rolls on the 1d6 table (Coup d'Etat)."""
    if any(b.chits[c].info.effect == "coup" for c in noble.held):
        roll = get_table("wp_coup_praetorian").roll(b.rng, label=f"{noble.name} caught with a plotter")
        if "zero" in roll.data:
            stat = str(roll.data["zero"])
            b.change(noble, stat, 0, f"the Coup d'Etat is discovered: {roll.result}")
        else:
            fate = str(roll.data["fate"])
            b.leave(noble, fate, f"the Coup d'Etat is discovered: {roll.result}", CHITS)
            return
    b.leave(noble, "removed", f"{guard.id} reaches him and strips him of his courtiers", PIECES)


def gain(b: Table, noble: Noble, chit: Chit, emperor: str) -> None:
    """DWARF MINE MASTER, POWERFUL SENATOR, MERCENARY GENERAL and ADMIRAL (and the Coup's reward): the
    statistics the chit's data names, each "immediately" on presentation."""
    for stat, amount in chit.info.gain.items():
        b.change(noble, stat, noble.stat(stat) + amount, f"the {chit.info.name}")


def barbarians(b: Table, noble: Noble, chit: Chit, emperor: str) -> None:
    """WOUNDED RANGER: "A Barbarian Invasion takes place" (the result decides it against a Civil War)."""
    b.flags["wounded_ranger"] = True
    noble.earned["counts"]["wounded_rangers"] += 1


def writ(b: Table, noble: Noble, chit: Chit, emperor: str) -> None:
    """LORD MARSHAL: a writ of battle against one other noble in the coming year."""
    b.flags["lord_marshals"] += 1
    noble.earned["counts"]["writs_of_battle"] += 1


def appointment(b: Table, noble: Noble, chit: Chit, emperor: str) -> None:
    """IMPERIAL APPOINTMENT: one appointment at a time; a noble may give up his for the new one."""
    offer = chit.appointment
    assert offer, "the chit's appointment is rolled when it is met"
    if noble.appointment and noble.appointment != offer:
        b.pending.insert(0, {"kind": APPOINTMENT, "noble": noble.name, "offer": str(offer)})
        return
    b.appoint(noble, offer)


def coup(b: Table, noble: Noble, chit: Chit, emperor: str) -> None:
    """COUP D'ETAT: one Emperor and his Praetorians change colour; of two, the one presented to
    falls with his Praetorians.  The plotter gains a Wealth level, a Status level and a Legion."""
    b.flags["coup"] = True
    target = b.pieces.get(emperor)
    reigning = b.emperors()
    if target is not None and len(reigning) == 1:
        for piece in list(b.pieces.values()):
            if piece.kind in ("emperor", "praetorian") and piece.colour == target.colour:
                b.pieces[piece.id] = replace(piece, colour=other_colour(piece.colour))
        b.log.record("state", "a palace revolution: the Emperor and his Praetorians change colour", section=CHITS)
    elif target is not None:
        for piece in list(b.pieces.values()):
            if piece.kind in ("emperor", "praetorian") and piece.colour == target.colour:
                b.remove_piece(piece, f"the coup removes {piece.id}", CHITS)
        # the rest of his courtiers go before "the newly crowned ruler" (ruling "Coup d'Etat")
        b.pending[0]["emperor"] = b.emperors()[0].id
    gain(b, noble, chit, emperor)


def counter(key: str) -> Presentation:
    """A benefit the campaign year spends (a province, a duel, a production bonus, an upgrade): counted."""
    def effect(b: Table, noble: Noble, chit: Chit, emperor: str) -> None:
        noble.earned["counts"][key] += 1
        b.log.record("state", f"{noble.name} gains {key.replace('_', ' ')}: the {chit.info.name}", section=CHITS)
    return effect


#: Negative chits by their ``effect`` in ``data/courtier_chits.toml``.
MEETINGS: dict[str, Meeting] = {
    "end_banquet": butler,
    "droning_bore": droning_bore,
    "drunken_boor": drunken_boor,
    "black_magic": black_magic,
    "guild_assassin": guild_assassin,
    "usurper": usurper,
    "emperress": emperress,
    "crown_prince": crown_prince,
    "hierophant": hierophant,
}

#: Positive chits by their ``effect``.
PRESENTATIONS: dict[str, Presentation] = {
    "gain": gain,
    "writ_of_battle": writ,
    "province": counter("provinces_to_add"),
    "barbarian_invasion": barbarians,
    "sanctioned_duel": counter("sanctioned_duels"),
    "appointment": appointment,
    "unit_upgrade": counter("unit_upgrades"),
    "coup": coup,
    "production_bonus": counter("production_bonuses"),
}
