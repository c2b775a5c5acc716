"""Moving the Emperor, the Praetorian Guards and the courtiers ("Moving the Non-Player Character Pieces at
Court"), and several chits met in one move."""

from __future__ import annotations

from dataclasses import replace

from wp_helpers import Arrange, path, refused

from magecraft.wizard_prince.actions import Interfere, Mingle, Pass, Present
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.movement import block
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.pieces import Chit, Piece


def test_the_emperor_may_not_pass_or_land_on_courtiers_praetorians_or_another_emperor(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "h8"},
                      [("emperor", "white", "c4"), ("courtier", "white", "c5", "butler"),
                       ("praetorian", "white", "d4"), ("emperor", "black", "c2")])
    assert "courtier" in refused(banquet, Interfere("emperor", path("c5")), "INTERFERE").message
    assert "praetorian" in refused(banquet, Interfere("emperor", path("d4", "e4")), "INTERFERE").message
    assert "emperor" in refused(banquet, Interfere("emperor", path("c3", "c2")), "INTERFERE").message
    assert "Banquet Table" in refused(banquet, Interfere("emperor", path("b4")), "INTERFERE").message


def test_nothing_passes_or_lands_on_the_emperor(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "h8"},
                      [("emperor", "white", "d4"), ("courtier", "white", "d6", "butler"),
                       ("praetorian", "black", "e4")])
    refused(banquet, Interfere("courtier-1", path("d5", "d4")), "INTERFERE")
    refused(banquet, Interfere("praetorian-1", path("d4")), "INTERFERE")


def test_the_emperor_passing_through_a_noble_takes_his_presentation_and_moves_on(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "d5"}, [("emperor", "white", "d4")])
    bob = banquet.nobles["Bob"]
    banquet.chits["chit-9"] = Chit("chit-9", "powerful_senator")
    bob.held = ["chit-9"]
    banquet.apply(Interfere("emperor", path("d5", "d6")))
    assert bob.where == "presented" and bob.status == 20
    assert str(banquet.pieces["emperor"].square) == "d6"


def test_a_noble_presents_in_the_order_he_chooses_each_taking_effect_in_turn(arrange: Arrange):
    banquet = arrange({"Ann": "c4", "Bob": "h8"},
                      [("emperor", "white", "c5"), ("courtier", "white", "c3", "mercenary_general"),
                       ("courtier", "black", "c2", "grand_herald")])
    ann = banquet.nobles["Ann"]
    banquet.rng.extend_script([6, 1, 6, 1])   # initiative: Ann first in turns 2 and 3
    banquet.apply(Mingle(path("c3", "c2")))          # Ann collects both courtiers
    assert [banquet.chits[c].kind for c in ann.held] == ["mercenary_general", "grand_herald"]
    banquet.apply(Pass())
    banquet.apply(Mingle(path("c3", "c4")))
    banquet.apply(Pass())
    banquet.apply(Mingle(path("c5")))                # lands on the Emperor: Ann chooses the order
    assert banquet.current_player() == "Ann"
    assert {a.chit for a in banquet.legal_actions()} == {"chit-1", "chit-2"}
    refused(banquet, Pass(), "Choices")
    banquet.apply(Present("chit-2"))             # the last one needs no choice
    result = banquet.banquet_result().outcome("Ann")
    assert result.presented == ("grand_herald", "mercenary_general")
    assert result.counts["sanctioned_duels"] == 1 and result.changes["legions"] == 1
    assert result.fate == "presented"


def test_praetorians_may_not_pass_emperors_praetorians_or_their_own_colour(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "h8"},
                      [("emperor", "white", "a4"), ("praetorian", "white", "d4"), ("praetorian", "black", "d6"),
                       ("courtier", "white", "e4", "butler"), ("emperor", "black", "c4")])
    assert "own colour" in refused(banquet, Interfere("praetorian-1", path("e4")), "INTERFERE").message
    assert "praetorian" in refused(banquet, Interfere("praetorian-1", path("d5", "d6")), "INTERFERE").message
    assert "emperor" in refused(banquet, Interfere("praetorian-1", path("c4")), "INTERFERE").message


def test_a_praetorian_removes_courtiers_of_the_other_colour_with_their_chits(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "h8"},
                      [("emperor", "white", "a4"), ("praetorian", "white", "d4"),
                       ("courtier", "black", "d5", "butler"), ("courtier", "black", "d6", "usurper")])
    banquet.apply(Interfere("praetorian-1", path("d5", "d6")))
    assert "courtier-1" not in banquet.pieces and "courtier-2" not in banquet.pieces
    assert banquet.phase == "play"          # the Butler went quietly: no noble met him
    assert str(banquet.pieces["praetorian-1"].square) == "d6"


def test_a_praetorian_strips_a_noble_of_his_chits_and_removes_him(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "d5", "Cid": "a8"},
                      [("emperor", "white", "a4"), ("praetorian", "white", "d4"),
                       ("courtier", "white", "g8", "ambassador")])
    banquet.nobles["Bob"].held = ["chit-1"]
    banquet.apply(Interfere("praetorian-1", path("d5", "d6")))
    bob = banquet.nobles["Bob"]
    assert bob.where == "removed" and bob.held == []
    assert str(banquet.pieces["praetorian-1"].square) == "d6"
    assert banquet.current_player() == "Cid"      # Bob's turn is skipped: he has left


def test_courtiers_may_not_pass_or_land_on_courtiers_praetorians_or_emperors(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "h8"},
                      [("emperor", "white", "a4"), ("courtier", "white", "d4", "butler"),
                       ("courtier", "black", "d5", "usurper"), ("praetorian", "white", "e4"),
                       ("emperor", "black", "c4")])
    assert "courtier" in refused(banquet, Interfere("courtier-1", path("d5")), "INTERFERE").message
    assert "praetorian" in refused(banquet, Interfere("courtier-1", path("e4")), "INTERFERE").message
    assert "emperor" in refused(banquet, Interfere("courtier-1", path("c4")), "INTERFERE").message


def test_a_courtier_entering_a_nobles_square_is_met_and_stops_there(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "d5"},
                      [("emperor", "white", "a4"), ("courtier", "white", "d4", "drunken_boor")])
    banquet.chits["chit-9"] = Chit("chit-9", "powerful_senator")
    banquet.nobles["Bob"].held = ["chit-9"]
    refused(banquet, Interfere("courtier-1", path("d5", "d6")), "INTERFERE")
    banquet.apply(Interfere("courtier-1", path("d5")))
    assert "courtier-1" not in banquet.pieces
    assert "chit-1" in banquet.public              # revealed to all players
    assert banquet.log.of_kind("meet")[-1].data["noble"] == "Bob"
    assert banquet.nobles["Bob"].held == [] and banquet.nobles["Bob"].square == "d5"   # the Boor took effect


def test_chits_met_in_one_move_take_effect_in_the_order_met(arrange: Arrange):
    # a Powerful Senator then a Drunken Boor: the Senator is lost
    first = arrange({"Ann": "e4", "Bob": "h8"},
                    [("emperor", "white", "a4"), ("courtier", "white", "e5", "powerful_senator"),
                     ("courtier", "black", "e6", "drunken_boor")])
    first.apply(Mingle(path("e5", "e6")))
    assert first.nobles["Ann"].held == [] and not first.courtiers()    # both pawns met and removed
    # the Drunken Boor then the Senator: the Senator stays with him
    second = arrange({"Ann": "e4", "Bob": "h8"},
                     [("emperor", "white", "a4"), ("courtier", "black", "e5", "drunken_boor"),
                      ("courtier", "white", "e6", "powerful_senator")])
    second.apply(Mingle(path("e5", "e6")))
    assert second.nobles["Ann"].held == ["chit-2"] and not second.courtiers()
    assert second.public == ["chit-1", "chit-2"]                          # revealed in the order met


def test_a_courtier_met_on_the_way_is_presented_on_landing_on_the_emperor(arrange: Arrange):
    banquet = arrange({"Ann": "c3", "Bob": "h8"},
                      [("emperor", "white", "c5"), ("courtier", "black", "c4", "powerful_senator")])
    banquet.apply(Mingle(path("c4", "c5")))
    outcome = banquet.banquet_result().outcome("Ann")
    assert outcome.presented == ("powerful_senator",) and outcome.final["status"] == 21
    assert outcome.fate == "presented"


def test_the_emperor_passing_two_nobles_receives_each_in_the_order_met(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "d5", "Cid": "d6"}, [("emperor", "white", "d4")])
    banquet.chits["chit-8"] = Chit("chit-8", "mercenary_admiral")
    banquet.chits["chit-9"] = Chit("chit-9", "dwarf_mine_master")
    banquet.nobles["Bob"].held = ["chit-8"]
    banquet.nobles["Cid"].held = ["chit-9"]
    banquet.apply(Interfere("emperor", path("d5", "d6")))
    leaving = [e.label.split()[0] for e in banquet.log if "leaves the banquet" in e.label]
    assert leaving == ["Bob", "Cid"]
    assert banquet.nobles["Bob"].fleets == 2 and banquet.nobles["Cid"].wealth == 2
    assert str(banquet.pieces["emperor"].square) == "d6"


def test_a_praetorian_meeting_a_noble_sharing_a_square_with_his_own_colours_rook_is_refused(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "d5"},
                      [("emperor", "white", "a4"), ("praetorian", "white", "d3"),
                       ("courtier", "white", "d5", "crown_prince", "rook")])   # met, stays in play
    assert "own colour" in refused(banquet, Interfere("praetorian-1", path("d4", "d5")), "INTERFERE").message


def test_whatever_may_be_passed_through_may_be_ended_on():
    # movement.moves asks whether a square may be ended on only of a square that may not be passed through
    here, table = Square.parse("d4"), frozenset({Square.parse("a1")})
    ann, bob = Noble("Ann", where="board", square="d4"), Noble("Bob", where="board", square="d4")
    pieces = [Piece("e", "emperor", "white", here, "king"), Piece("p", "praetorian", "white", here, "knight"),
              Piece("w", "courtier", "white", here, "pawn", "c1"),
              Piece("b", "courtier", "black", here, "pawn", "c2"),
              Piece("q", "courtier", "white", here, "queen", "c3")]
    stands = [[], [bob], [ann]] + [[p] for p in pieces] + [[pieces[4], bob]]
    movers = [ann, *(replace(p, id=f"{p.id}-moving", square=Square.parse("d2")) for p in pieces)]
    refusals = 0
    for mover in movers:
        for occupants in stands:
            for square in (here, Square.parse("a1")):   # a square where they stand, and the Banquet Table
                occ = {square: occupants}
                if block(mover, square, False, occ, table) is None:
                    assert block(mover, square, True, occ, table) is None, (mover, occupants)
                else:
                    refusals += 1
    assert refusals > len(movers) * 2   # the table and many occupants refuse


def test_the_emperor_and_a_praetorian_may_end_only_where_they_may_pass():
    # movement.moves does not ask whether the Emperor or a Praetorian may end on a square he may not pass
    here, table = Square.parse("d4"), frozenset({Square.parse("a1")})
    ann = Noble("Ann", where="board", square="d4")
    pieces = [Piece("e", "emperor", "white", here, "king"), Piece("p", "praetorian", "white", here, "knight"),
              Piece("w", "courtier", "white", here, "pawn", "c1"),
              Piece("b", "courtier", "black", here, "pawn", "c2")]
    stands = [[], [ann]] + [[p] for p in pieces] + [[pieces[2], ann]]
    refused = 0
    for mover in (replace(p, id=f"{p.id}-moving", square=Square.parse("d2")) for p in pieces[:2]):
        for occupants in stands:
            for square in (here, Square.parse("a1")):
                occ = {square: occupants}
                passing = block(mover, square, False, occ, table)
                assert (passing is None) == (block(mover, square, True, occ, table) is None), (mover, occupants)
                refused += passing is not None
    assert refused > 8   # the table, the Emperor, the Praetorians and a courtier of his colour refuse
