"""Entering at the gates, initiative, and the three actions ("The Imperial Banquet", "Turns at the Banquet",
"Off-Board Player Character Nobles")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from wp_helpers import Arrange, path, refused, sq

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.actions import ChooseGate, Interfere, Mingle, Pass, Snoop
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.settings import Settings


def test_nobles_choose_gates_in_descending_status_ties_by_dice():
    nobles = [Noble("Ann", status=3), Noble("Bob", status=5), Noble("Cid", status=3)]
    # Ann and Cid tie on Status 3: Ann rolls 2, Cid rolls 6, so Cid chooses before Ann.
    banquet = Banquet.new(nobles, Randomness.scripted([2, 6]))
    assert banquet.entry_order == ["Bob", "Cid", "Ann"]
    assert banquet.current_player() == "Bob"
    banquet.apply(ChooseGate(sq("h5")))
    assert banquet.nobles["Bob"].square == "h5"
    refused(banquet, ChooseGate(sq("h5")), "Entering")
    refused(banquet, ChooseGate(sq("g5")), "Entering")


def test_more_than_four_nobles_start_off_the_board():
    nobles = [Noble(n, status=10 - i) for i, n in enumerate(["A", "B", "C", "D", "E", "F"])]
    banquet = Banquet.new(nobles, Randomness.scripted([]))
    assert banquet.entry_order == ["A", "B", "C", "D"]
    for gate in ("h3", "h4", "h5"):
        banquet.apply(ChooseGate(sq(gate)))
    # the last gate choice starts turn 1: six initiative rolls
    banquet.rng.extend_script([6, 5, 4, 3, 2, 1])
    banquet.apply(ChooseGate(sq("h6")))
    assert [banquet.nobles[n].where for n in "EF"] == ["waiting", "waiting"]
    assert banquet.order == ["A", "B", "C", "D", "E", "F"]


def test_initiative_is_rolled_each_turn_and_ties_roll_again(arrange: Arrange):
    banquet = arrange({"Ann": "e4", "Bob": "g4", "Cid": "g2"}, [("emperor", "white", "a4")],
                      dice=[3, 5, 3, 2, 6])
    for _ in range(3):
        banquet.apply(Pass())
    # Ann 3, Bob 5, Cid 3: Bob first; Ann and Cid roll again (2, 6): Cid then Ann.
    assert banquet.turn == 2
    assert banquet.order == ["Bob", "Cid", "Ann"]


def test_mingle_moves_up_to_two_squares_orthogonally(arrange: Arrange):
    # "up to two squares vertically or horizontally. Diagonal moves are not allowed" (ruling WP2): one
    # direction, so a corner, which ends on the diagonal neighbour, is a diagonal move and refused.
    banquet = arrange({"Ann": "e4", "Bob": "g7"}, [("emperor", "white", "a4")])
    refused(banquet, Mingle(path("f5")), "Movement")                   # diagonal
    refused(banquet, Mingle(path("e5", "f5")), "Movement")             # a corner: diagonal in two steps
    refused(banquet, Mingle(path("e5", "e6", "e7")), "Movement")       # three squares
    refused(banquet, Mingle(path("e6")), "Movement")                   # a jump
    ends = {a.path[-1] for a in banquet.legal_actions() if isinstance(a, Mingle)}
    assert ends == {sq(s) for s in ("e5", "e6", "e3", "e2", "d4", "c4", "f4", "g4")}
    banquet.apply(Mingle(path("e5", "e6")))
    assert banquet.nobles["Ann"].square == "e6"


def test_moves_that_turn_a_corner_are_a_setting(arrange: Arrange):
    banquet = arrange({"Ann": "e4", "Bob": "g7"}, [("emperor", "white", "a4")],
                      settings=Settings(moves_may_turn=True))
    refused(banquet, Mingle(path("f5")), "Movement")
    banquet.apply(Mingle(path("e5", "f5")))
    assert banquet.nobles["Ann"].square == "f5"


def test_mingle_may_not_enter_nobles_praetorians_or_the_table(arrange: Arrange):
    banquet = arrange({"Ann": "d4", "Bob": "d5", "Cid": "g7"},
                      [("emperor", "white", "a4"), ("praetorian", "white", "e4")])
    assert "another noble" in refused(banquet, Mingle(path("d5", "d6")), "MINGLE").message
    assert "Praetorian" in refused(banquet, Mingle(path("e4")), "MINGLE").message
    assert "Banquet Table" in refused(banquet, Mingle(path("c4", "b4")), "MINGLE").message


def test_a_noble_may_land_on_but_not_pass_through_the_emperor(arrange: Arrange):
    banquet = arrange({"Ann": "c4", "Bob": "g7"}, [("emperor", "white", "c5")])
    assert "not move through" in refused(banquet, Mingle(path("c5", "c6")), "MINGLE").message
    banquet.apply(Mingle(path("c5")))
    assert banquet.nobles["Ann"].where == "presented"


def test_twelve_nobles_wait_their_turn_at_the_gates():
    # no cap on nobles (the seed sets none): four choose gates, eight wait off the board
    nobles = [Noble(f"N{i:02}", status=20 - i) for i in range(12)]
    banquet = Banquet.new(nobles, Randomness.scripted([]))
    assert banquet.entry_order == ["N00", "N01", "N02", "N03"]
    assert sum(n.where == "waiting" for n in banquet.nobles.values()) == 12
    with pytest.raises(DataError, match="at least one noble"):
        Banquet.new([], Randomness.scripted([]))


def test_an_off_board_noble_may_mingle_only_onto_an_open_gate(arrange: Arrange):
    banquet = arrange({"Ann": "", "Bob": "h4"}, [("emperor", "white", "a4"), ("praetorian", "white", "h5")])
    refused(banquet, Mingle(path("g4")), "Off-Board Nobles")
    refused(banquet, Mingle(path("h4")), "Off-Board Nobles")   # Bob is there
    refused(banquet, Mingle(path("h5")), "Off-Board Nobles")   # a Praetorian is there
    assert {a.path for a in banquet.legal_actions() if isinstance(a, Mingle)} == {path("h3"), path("h6")}
    banquet.apply(Mingle(path("h3")))
    assert banquet.nobles["Ann"].where == "board" and banquet.nobles["Ann"].square == "h3"


def test_an_off_board_noble_may_not_enter_where_the_emperor_stands(arrange: Arrange):
    # "MINGLE action only to enter the board when a square becomes open": an Emperor on a gate closes it
    # (issue 11, item 9: entering there met him with nothing to present and removed the noble).
    banquet = arrange({"Ann": "", "Bob": "h4"},
                      [("emperor", "white", "h5"), ("courtier", "black", "h6", "butler")])
    error = refused(banquet, Mingle(path("h5")), "Off-Board Nobles")
    assert "Emperor" in str(error)
    assert {a.path for a in banquet.legal_actions() if isinstance(a, Mingle)} == {path("h3"), path("h6")}
    banquet.pieces["emperor"] = replace(banquet.pieces["emperor"], square=sq("a4"))
    assert path("h5") in {a.path for a in banquet.legal_actions() if isinstance(a, Mingle)}


def test_an_off_board_noble_can_snoop_and_interfere(arrange: Arrange):
    banquet = arrange({"Ann": "", "Bob": "h4"},
                      [("emperor", "white", "a4"), ("courtier", "white", "e5", "butler")], dice=[2, 1])
    offered = banquet.legal_actions()
    assert Snoop("courtier-1") in offered and Interfere("courtier-1", path("e6", "e7")) in offered
    banquet.apply(Snoop("courtier-1"))
    assert banquet.visible_chit("Ann", "courtier-1") == "butler"
    banquet.apply(Pass())                       # Bob; a new turn: Ann 2, Bob 1
    banquet.apply(Interfere("courtier-1", path("e6", "e7")))
    assert str(banquet.pieces["courtier-1"].square) == "e7"
    # a moved courtier keeps its chit: Ann still sees the Butler under it at e7
    assert banquet.pieces["courtier-1"].chit == "chit-1" and banquet.visible_chit("Ann", "courtier-1") == "butler"


def test_snoop_is_private_unless_shown(arrange: Arrange):
    banquet = arrange({"Ann": "e3", "Bob": "g7", "Cid": "g1"},
                      [("emperor", "white", "a4"), ("courtier", "black", "e5", "guild_assassin")])
    banquet.apply(Snoop("courtier-1", show_to=("Cid",)))
    assert banquet.visible_chit("Ann", "courtier-1") == "guild_assassin"
    assert banquet.visible_chit("Cid", "courtier-1") == "guild_assassin"
    assert banquet.visible_chit("Bob", "courtier-1") == ""
    bob = banquet.observation("Bob")
    assert bob["chits"] == [] and bob["knowledge"] == {"Bob": []}     # not whom Ann and Cid have snooped
    assert all("guild_assassin" not in str(e["data"]) and "Guild" not in e["label"] for e in bob["log"])
    assert "Ann snoops courtier-1: Guild Assassin" in [e["label"] for e in banquet.observation("Cid")["log"]]
    assert "rng" not in bob
    ann = banquet.observation("Ann")
    assert [c["kind"] for c in ann["chits"]] == ["guild_assassin"]
    refused(banquet, Snoop("emperor"), "SNOOP")
    refused(banquet, Snoop("courtier-1", show_to=("Zed",)), "SNOOP")


def test_interfere_moves_a_courtier_praetorian_or_emperor(arrange: Arrange):
    banquet = arrange({"Ann": "h1", "Bob": "h8", "Cid": "g8"},
                      [("emperor", "white", "a4"), ("praetorian", "white", "a2"),
                       ("courtier", "white", "e5", "butler")], dice=[3, 2, 1])
    banquet.apply(Interfere("emperor", path("a3")))
    banquet.apply(Interfere("praetorian-1", path("b2", "c2")))
    banquet.apply(Interfere("courtier-1", path("d5", "c5")))
    assert [str(banquet.pieces[p].square) for p in ("emperor", "praetorian-1", "courtier-1")] == ["a3", "c2", "c5"]


def test_only_the_noble_whose_turn_it_is_acts_and_only_once(arrange: Arrange):
    banquet = arrange({"Ann": "e4", "Bob": "g7"}, [("emperor", "white", "a4")])
    assert banquet.current_player() == "Ann"
    banquet.apply(Mingle(path("e5")))
    assert banquet.current_player() == "Bob"
    # Ann's second move would be from e5; only Bob, at g7, may act now
    refused(banquet, Mingle(path("e6")), "Movement")
    assert {a.path[0] for a in banquet.legal_actions() if isinstance(a, Mingle)} == {sq("g8"), sq("g6"),
                                                                                      sq("f7"), sq("h7")}


def test_entering_at_a_gate_meets_whoever_stands_there(arrange: Arrange):
    # (a gate where the Emperor stands is not open: test_an_off_board_noble_may_not_enter_where_the_emperor_stands)
    other = arrange({"Ann": "", "Bob": "a8"}, [("emperor", "white", "a4"), ("courtier", "white", "h4", "butler")])
    other.apply(Mingle(path("h4")))
    assert other.is_terminal() and "Butler" in other.ended_by


def test_a_noble_with_an_unknown_appointment_is_refused():
    with pytest.raises(DataError, match="unknown appointment 'pope'"):
        Banquet.new([Noble("Ann", appointment="pope")], Randomness.scripted([]))


def test_the_emperor_retires_after_the_last_turn_the_gm_allows(arrange: Arrange):
    # turn 2's initiative: Ann 1, Bob 2
    banquet = arrange({"Ann": "e4", "Bob": "g4"}, [("emperor", "white", "a4")], dice=[1, 2],
                      settings=Settings(max_turns=2))
    banquet.apply(Pass())
    banquet.apply(Pass())
    assert banquet.turn == 2 and banquet.order == ["Bob", "Ann"] and not banquet.is_terminal()
    banquet.apply(Pass())
    banquet.apply(Pass())
    assert banquet.is_terminal() and banquet.turn == 2 and "last turn" in banquet.ended_by
