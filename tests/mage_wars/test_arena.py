"""The compact arena's geometry: walls block sight (ruling A15)."""

import pytest

from magecraft.mage_wars import dummy
from magecraft.mage_wars.actions import Cast, Strike
from magecraft.mage_wars.arena import ZONES, Wall, distance, line_of_sight
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU

STONE = Wall("w1", ("B1", "C1"), 10)


@pytest.mark.parametrize(("a", "b", "walls", "seen"), [
    ("A1", "D1", (), True),
    ("B1", "C1", (STONE,), False),
    ("A1", "D1", (STONE,), False),
    ("B1", "B1", (STONE,), True),
    # The line from A1 to C2 crosses the border x = 2 at y = 1.25: through B2|C2, below the end of B1|C1.
    ("A1", "C2", (Wall("w2", ("B2", "C2"), 10),), False),
    ("A1", "C2", (STONE,), True),
    # A1 to B2 runs through the corner where A1|B1 ends; a wall touched at its end does not block.
    ("A1", "B2", (Wall("w3", ("A1", "B1"), 10),), True),
    ("A2", "A3", (Wall("w4", ("A2", "A3"), 10, passable=True),), False),
])
def test_walls_block_line_of_sight(a, b, walls, seen):
    assert line_of_sight(a, b, walls) is seen
    assert line_of_sight(b, a, walls) is seen


def test_the_dummy_mage_cannot_cast_through_a_wall(build, says):
    # Fireball's range reaches your mage next door, but the wall is in the way: nothing in sight, discarded.
    game = build([11], dummy="B1", you="C1", decks={"attack": ["Fireball"]}, settings=Settings(walls=(STONE,)))
    dummy.quick_cast(game)
    assert says(game)[-1] == "draws Fireball: nothing in range, discarded"
    assert game.you.damage == 0


def test_your_ranged_attacks_and_spells_need_sight(build):
    game = build([], dummy="B1", you="C1", stage="creatures", settings=Settings(walls=(STONE,)),
                 creatures=[(DUMMY, "Timber Wolf", "B2", 0)])
    game.pending, game.turn, game.planned = "activate", YOU, ["Jet Stream"]
    actions = game.legal_actions()
    assert Strike(YOU, "C1", "Arcane Zap", DUMMY) not in actions
    assert Cast("C1", "Jet Stream", DUMMY) not in actions
    # From C1 to B2 the line crosses x = 2 exactly at the wall's lower end, a corner: the Wolf is in sight.
    assert Cast("C1", "Jet Stream", "d1") in actions


def test_the_arena_is_12_zones_and_range_counts_orthogonal_steps():
    # the compact arena: 4 columns A-D by 3 rows; no diagonal step, so a diagonal neighbour is 2 zones away
    assert len(ZONES) == 12 and {z[0] for z in ZONES} == set("ABCD") and {z[1] for z in ZONES} == set("123")
    assert [distance("A1", z) for z in ("A1", "B1", "B2", "C2", "D3")] == [0, 1, 2, 3, 5]
