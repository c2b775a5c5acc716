"""Dice notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magecraft.core.dice import parse_dice, roll_dice
from magecraft.core.errors import DiceNotationError, DiceScriptError
from magecraft.core.randomness import Randomness


@pytest.mark.parametrize(
    ("expression", "script", "total"),
    [
        ("3d6", [2, 3, 4], 9),
        ("2d6+3", [6, 6], 15),
        ("1d20-2", [1], -1),
        ("1d6x1d6", [3, 4], 12),
        ("1d6*1d6", [5, 5], 25),
        ("2d6h1", [2, 5], 5),
        ("2d6kh1", [6, 1], 6),
        ("2d6l1", [2, 5], 2),
        ("1d6/2", [5], 2),
        ("(1d4+1)x2", [3], 8),
        ("d100", [77], 77),
        ("d%", [12], 12),
        ("1d%", [100], 100),
        ("4", [], 4),
        ("40%", [40], 1),
        ("40%", [41], 0),
        ("-1d4+10", [4], 6),
        ("1D8 + 1d10 + 1d12", [8, 10, 12], 30),
    ],
)
def test_totals(expression, script, total):
    assert roll_dice(expression, Randomness.scripted(script), "test").total == total


def test_kept_and_dropped_dice_are_reported():
    roll = roll_dice("3d6h2", Randomness.scripted([1, 6, 4]), "t")
    assert roll.total == 10
    assert [(d.value, d.kept) for d in roll.dice] == [(1, False), (6, True), (4, True)]


def test_each_die_of_an_expression_is_labelled():
    rng = Randomness.scripted([2, 3])
    roll_dice("1d6x1d6", rng, "Black Magic damage")
    assert [e.label for e in rng.log] == ["Black Magic damage (die 1 of 2)", "Black Magic damage (die 2 of 2)"]


def test_missing_die_is_named():
    with pytest.raises(DiceScriptError, match=r"3d6 \(die 3 of 3\) needs 1d6"):
        roll_dice("3d6", Randomness.scripted([2, 3]), "3d6")


@pytest.mark.parametrize(
    ("expression", "bounds"),
    [("3d6", (3, 18)), ("1d6x1d6", (1, 36)), ("2d6h1", (1, 6)), ("1d20-2", (-1, 18)),
     ("40%", (0, 1)), ("1d6/2", (0, 3)), ("-1d4", (-4, -1))],
)
def test_bounds(expression, bounds):
    assert parse_dice(expression).bounds() == bounds


@pytest.mark.parametrize("bad", ["", "3q6", "d", "2d", "1d6+", "(1d6", "1d6)", "0d6", "1d0", "101%",
                                 "1d6h", "1d6/0", "1001d6", "2d6h0", "2d6h5", "3d6kl4"])
def test_bad_notation_is_refused(bad):
    with pytest.raises(DiceNotationError):
        expr = parse_dice(bad)
        expr.bounds()


@given(
    count=st.integers(1, 6),
    sides=st.sampled_from([4, 6, 8, 10, 12, 20, 100]),
    bonus=st.integers(-5, 5),
    keep=st.one_of(st.none(), st.integers(1, 6)),
    seed=st.integers(0, 2**31),
)
def test_rolls_stay_within_bounds(count, sides, bonus, keep, seed):
    keep_part = f"h{min(keep, count)}" if keep else ""
    expression = f"{count}d{sides}{keep_part}{bonus:+d}"
    low, high = parse_dice(expression).bounds()
    roll = roll_dice(expression, Randomness.seeded(seed), "prop")
    assert low <= roll.total <= high
    assert len(roll.dice) == count
    assert all(1 <= d.value <= sides for d in roll.dice)


@given(seed=st.integers(0, 2**31))
def test_products_stay_within_bounds(seed):
    roll = roll_dice("1d6x1d6", Randomness.seeded(seed), "prop")
    assert 1 <= roll.total <= 36
    assert roll.total == roll.dice[0].value * roll.dice[1].value


@given(text=st.text(alphabet="0123456789dDhklx*+-/()% ×", max_size=40))
def test_any_text_parses_or_is_refused_cleanly(text):
    try:
        node = parse_dice(text)
        low, high = node.bounds()
    except DiceNotationError:
        return
    roll = roll_dice(text, Randomness.seeded(1), "fuzz")
    assert low <= roll.total <= high


def test_absurdly_long_expressions_are_refused():
    with pytest.raises(DiceNotationError, match="too long"):
        parse_dice("(" * 500 + "1" + ")" * 500)


def test_keeping_more_dice_than_rolled_is_refused_in_one_line(capsys):
    from magecraft.cli.app import main

    assert main(["roll", "2d6h5", "--seed", "1"]) == 2
    assert capsys.readouterr().err == "magecraft: cannot keep 5 of 2 dice in '2d6h5'\n"
