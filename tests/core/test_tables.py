"""Random tables as data: every shipped table, and the table rules (modifiers, re-rolls, roll again)."""

import pytest

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.core.tables import RandomTable, get_table, load_table, load_tables

SHIPPED = load_tables()


def test_tables_are_shipped():
    assert SHIPPED, "the rule systems ship their tables as data files"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_possible_roll_meets_exactly_one_row(name):
    assert SHIPPED[name].coverage_problems() == []


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_tables_say_where_they_come_from(name):
    table = SHIPPED[name]
    assert table.system, f"{name} names its rule system"
    assert table.section, f"{name} names its seed section"


REACTION = load_table(
    """
name = "test_reaction"
title = "Reaction"
dice = "2d6"
reroll = [12]

[[rows]]
roll = "2-5"
result = "hostile"
[[rows]]
roll = "6-8"
result = "neutral"
mood = -1
[[rows]]
roll = "9-11"
result = "friendly"
[[rows]]
roll = 12
result = "never reached"
""",
    source="test",
)


def test_modifier_clamps_to_the_table_ends():
    high = REACTION.roll(Randomness.scripted([5, 5]), modifier=+6)
    assert (high.raw, high.total, high.result) == (10, 12, "never reached")
    low = REACTION.roll(Randomness.scripted([1, 2]), modifier=-4)
    assert (low.raw, low.total, low.result) == (3, 2, "hostile")


def test_rerolled_values_are_rolled_again():
    result = REACTION.roll(Randomness.scripted([6, 6, 6, 6, 3, 4]))
    assert (result.raw, result.result) == (7, "neutral")
    assert result.data["mood"] == -1


def test_roll_again_rows_add_further_results():
    table = RandomTable.from_dict({
        "name": "t", "dice": "1d6",
        "rows": [{"roll": "1-5", "result": "plain"}, {"roll": 6, "result": "twice", "roll_again": 2}],
    })
    rng = Randomness.scripted([6, 2, 6, 1, 3, 4])
    result = table.roll(rng)
    # 6 -> twice: 2 -> plain; 6 -> twice: 1 -> plain, 3 -> plain.  The 4 is never needed.
    assert [r.result for r in result.results()] == ["twice", "plain", "twice", "plain", "plain"]
    assert rng.source.remaining == 1


def test_unclamped_table_refuses_a_roll_past_its_end():
    table = RandomTable.from_dict({"name": "t", "dice": "1d6", "clamp": False,
                                   "rows": [{"roll": "1-6", "result": "x"}]})
    with pytest.raises(Exception, match="no row for 8"):
        table.roll(Randomness.scripted([6]), modifier=2)


def test_coverage_problems_find_gaps_and_overlaps():
    table = RandomTable.from_dict({"name": "bad", "dice": "1d6",
                                   "rows": [{"roll": "1-3", "result": "a"}, {"roll": "3-4", "result": "b"}]})
    problems = table.coverage_problems()
    assert "bad: roll 3 meets 2 rows ['1-3', '3-4']" in problems
    assert "bad: roll 5 meets 0 rows []" in problems


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = 'x'\ndice = '1d6'\n[[rows]]\nroll = '1-6'\n", "missing key 'result'"),
        ("name = 'x'\ndice = '1d6'\nrows = []", "at least one row"),
        ("name = 'x'\ndice = '1q6'\n[[rows]]\nroll = 1\nresult = 'a'", "cannot read dice"),
        ("name = 'x'\ndice = '1d6'\n[[rows]]\nroll = '6-1'\nresult = 'a'", "runs backwards"),
        ("name = 'x'\ndice = '1d6'\n[[rows]]\nroll = 'one'\nresult = 'a'", "not a number or range"),
        ("name = [", "not valid TOML"),
    ],
)
def test_malformed_tables_are_refused(text, message):
    with pytest.raises(Exception, match=message):
        load_table(text, source="test")


def test_unknown_table_name():
    with pytest.raises(DataError, match="no table named 'nope'"):
        get_table("nope")


def test_a_table_is_read_from_its_own_file_the_same_as_with_every_table():
    """get_table reads only the file named after the table (issue 23 item 5: a one-shot rolling one table
    no longer parses all of them); it gives what load_tables gives, and a name that is not one is refused."""
    every = load_tables()
    for name, table in every.items():
        assert get_table(name) == table
    for bad in ("", "../mw_attack_die", "mw_attack_die.toml", "no_such_table"):
        with pytest.raises(DataError, match="no table named"):
            get_table(bad)
