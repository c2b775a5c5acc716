"""The board, the default setup and setups from files, and the courtier chits as data."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.board import ALL_SQUARES, Square, load_setup, paths_from, reach_of
from magecraft.wizard_prince.chits import chit_kinds, parse_chits, the_cup
from magecraft.wizard_prince.nobles import nobles_from

DEFAULT = resources.files("magecraft.wizard_prince").joinpath("data", "setup_default.toml")
SEED_COUNTS = {
    "Butler": 2, "Droning Bore": 6, "Drunken Boor": 6, "Lord Marshal": 3, "Black Magic": 5, "Ambassador": 2,
    "Guild Assassin": 5, "Dwarf Mine Master": 2, "Powerful Senator": 2, "Wounded Ranger": 2,
    "Mercenary General": 5, "Mercenary Admiral": 5, "Grand Herald": 4, "Usurper": 1, "Imperial Appointment": 2,
    "Emperress": 2, "Crown Prince": 2, "Hierophant": 2, "Knight Castellan": 2, "Coup d'Etat": 2,
    "Foreign Trader": 2,
}


def test_the_cup_holds_the_seeds_64_chits_of_21_kinds():
    kinds = chit_kinds()
    assert {k.name: k.count for k in kinds.values()} == SEED_COUNTS
    assert len(the_cup()) == 64
    negatives = {k.name for k in kinds.values() if k.negative}
    assert negatives == {"Butler", "Droning Bore", "Drunken Boor", "Black Magic", "Guild Assassin", "Usurper",
                         "Emperress", "Crown Prince", "Hierophant"}


def test_sixteen_chits_are_drawn_one_under_each_courtier():
    banquet = Banquet.new(nobles_from(["Ann", "Bob"]), Randomness.seeded(3))
    courtiers = banquet.courtiers()
    assert len(courtiers) == 16 and len(banquet.chits) == 16
    assert sorted(p.colour for p in courtiers).count("white") == 8
    assert {p.chit for p in courtiers} == set(banquet.chits)
    # "the Emperor (king), two Praetorian guards (knights)" in the default places (ruling WP1)
    others = sorted((p.kind, p.colour, str(p.square)) for p in banquet.pieces.values() if p.kind != "courtier")
    assert others == [("emperor", "white", "a4"), ("praetorian", "white", "a2"), ("praetorian", "white", "a7")]


def test_draws_differ_with_the_seed_and_repeat_with_it():
    def draw(seed: int) -> list[str]:
        return [c.kind for c in Banquet.new(nobles_from(["Ann"]), Randomness.seeded(seed)).chits.values()]

    assert draw(1) == draw(1)
    assert draw(1) != draw(2)


def test_default_setup_gates_are_the_centre_of_the_right_hand_edge():
    setup = load_setup()
    assert [str(g) for g in setup.gates] == ["h3", "h4", "h5", "h6"]
    assert len(setup.table) == 4
    # the Banquet Table stands before the Emperor
    assert min(t.distance(setup.emperor) for t in setup.table) == 1


def test_a_setup_file_is_accepted(tmp_path: Path):
    text = DEFAULT.read_text(encoding="utf-8")
    other = tmp_path / "other.toml"
    other.write_text(text.replace('emperor = "a4"', 'emperor = "a5"'))
    assert load_setup(other).emperor == Square.parse("a5")


@pytest.mark.parametrize(("change", "message"), [
    (('emperor = "a4"', 'emperor = "b4"'), "Banquet Table"),
    (('gates = ["h3", "h4", "h5", "h6"]', 'gates = ["h3", "h4", "h5"]'), "four different squares"),
    (('emperor = "a4"', 'emperor = "z9"'), "not a square"),
    (('emperor = "a4"', 'emperor = "c1"'), "same square"),
    (('name = "default"', 'name = "default'), "not valid TOML"),
    (('praetorians = ["a2", "a7"]', 'praetorians = ["a2"]'), "two Praetorian Guards"),
    (('table = ["b3", "b4", "b5", "b6"]', 'table = ["b3", "b4", "b5"]'), "four squares"),
    (('white_courtiers = ["c1", ', 'white_courtiers = ['), "eight white and eight black"),
])
def test_a_bad_setup_file_is_refused_whole(tmp_path: Path, change: tuple[str, str], message: str):
    text = DEFAULT.read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(*change))
    with pytest.raises(DataError, match=message):
        load_setup(bad)


def test_a_bad_chit_file_is_refused():
    with pytest.raises(DataError, match="unknown effect"):
        parse_chits({"chit": [{"key": "x", "name": "X", "polarity": "negative", "count": 1, "effect": "fly"}]})
    with pytest.raises(DataError, match="missing key 'count'"):
        parse_chits({"chit": [{"key": "x", "name": "X", "polarity": "negative", "effect": "end_banquet"}]})


def test_moves_are_one_or_two_orthogonal_squares():
    start = Square.parse("d4")
    ends = {str(p[-1]) for p in paths_from(start, True)}
    assert ends == {"d5", "d6", "e4", "f4", "d3", "d2", "c4", "b4", "e5", "c5", "e3", "c3"}
    straight = {str(p[-1]) for p in paths_from(start, False)}
    assert straight == {"d5", "d6", "e4", "f4", "d3", "d2", "c4", "b4"}
    corner = {str(p[-1]) for p in paths_from(Square.parse("a1"), True)}
    assert corner == {"a2", "a3", "b1", "c1", "b2"}


@pytest.mark.parametrize("may_turn", [False, True])
def test_a_move_from_a_to_b_exists_just_when_one_from_b_to_a_does(may_turn):
    # the bots find the pieces that can reach a noble from the squares within the nobles' reach
    for a in ALL_SQUARES:
        for b in ALL_SQUARES:
            assert (b in reach_of(a, may_turn)) == (a in reach_of(b, may_turn)), (a, b)
    assert reach_of(Square.parse("d4"), may_turn) >= {Square.parse("d6"), Square.parse("f4")}
    assert (Square.parse("e5") in reach_of(Square.parse("d4"), may_turn)) == may_turn
