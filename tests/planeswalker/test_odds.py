"""In-game odds (issue 28): the exact chance a pool roll lets a decision succeed, before it is taken, and the
out-of-combat skill check's.  Every expected value is worked out by hand in its comment."""

from __future__ import annotations

import json
from fractions import Fraction

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import Cast, Channel, Engage, Flee, Pass, Respond
from magecraft.planeswalker.position import BattlePosition
from magecraft.planeswalker.skills import skill_chance

SPRITE = {"name": "Sprite", "power": 1, "toughness": 1}


def arranged(*creatures, **changes):
    raw = {"hero": {"ready": "Kiora the Wanderer"}, "creatures": list(creatures), "order": ["you", "c1"],
           **changes}
    return BattlePosition.from_mapping(raw).start(Randomness.scripted([]))


def test_the_seeds_watchman_example():
    # [WUBB], Subtlety (B+U): three dice against Average, top of the range 8 (PW3).  3d6 totals 7 or less
    # in 1 + 3 + 6 + 10 + 15 = 35 of 216 ways, so 8 or more in 181.
    chance = skill_chance(("W", "U", "B", "B"), ["Subtlety and Deception"], "Average")
    assert chance.probability == Fraction(181, 216)
    assert chance.section == "Out of Combat Skills" and chance.roll.startswith("3d6 at least 8")


def test_no_matching_colour_rolls_one_die():
    # [GG] on Subtlety: one die against Easy's 4 (PW3's top of 2-4): 4, 5 or 6 is 3 of 6.
    assert skill_chance(("G", "G"), ["Subtlety and Deception"], "Easy").probability == Fraction(1, 2)


def test_engaging_is_the_power_roll_beating_the_toughness_roll():
    battle = arranged({**SPRITE, "range": "close"})
    battle.push_text("channel")
    # Kiora's Power 3 against the Sprite's Toughness 1: 1d6 meets or beats 3d6 only when 3d6 <= the die:
    # (1 + 4 + 10 + 20) / 216 for a die of 3, 4, 5, 6, times 1/6 = 35/1296; so 1261/1296.
    chance = battle.chance_of(Engage(target="c1"))
    assert chance is not None and chance.probability == Fraction(1261, 1296)
    assert chance.section == "Locked Combat" and chance.roll.startswith("3d6 ")


def test_a_creature_engaging_alone_rolls_its_own_power():
    battle = arranged({**SPRITE, "range": "close"}, order=["c1", "you"])
    # the Sprite's Power 1 against Kiora's Toughness 3: 1d6 beats 3d6 only as 6 against 3-5 (1 + 3 + 6 = 10
    # of 216), 5 against 3-4 (4), 4 against 3 (1): 15/1296 = 5/432.
    chance = battle.chance_of(Engage(target="you"))
    assert chance is not None and chance.probability == Fraction(5, 432)


def test_escaping_is_an_opposed_speed_roll_won_or_tied():
    battle = arranged({**SPRITE, "range": "ranged"})
    battle.push_text("channel")
    # Kiora's Speed 5 against the Sprite's 1 (4 more): 5d6 falls short of 1d6 only as 5 (all ones, 1/7776)
    # against a 6 (1/6): 1 - 1/46656.
    chance = battle.chance_of(Flee())
    assert chance is not None and chance.probability == Fraction(46655, 46656)
    assert chance.section == "Fleeing"


def test_no_roll_decides_a_slow_flight_a_spell_or_channelling():
    battle = arranged({"card": "Grizzly Bears", "range": "ranged"}, settings={"creature_speed": 4})
    assert battle.chance_of(Channel()) is None
    battle.push_text("channel")
    assert battle.chance_of(Flee()) is None  # Speed 5 against 4: no escape roll, no chance to give
    assert battle.chance_of(Cast(card="Shock", target="c1")) is None


def test_responding_is_an_opposed_speed_roll_won_or_tied():
    raw = {"hero": {"ready": "Kiora the Wanderer", "memory": ["Shock"]},
           "enemy_mage": {"ready": "Goblin Pyromancer", "memory": ["Shock"]}, "order": ["you", "mage"]}
    battle = BattlePosition.from_mapping(raw).start(Randomness.scripted([]))
    battle.push_text("channel")
    battle.push_text("cast Shock at mage")
    assert battle.current_player() == "mage"
    chance = battle.chance_of(Respond(card="Shock", target="you"))
    # the Pyromancer's Speed 4 against Kiora's 5, ties answer: the sum of P(4d6 = a) P(5d6 <= a), exact
    assert chance is not None and chance.probability == _at_least(4, 5)
    assert battle.chance_of(Pass()) is None


def _at_least(mine: int, theirs: int) -> Fraction:
    """P(mine d6 >= theirs d6), counted by adding up the sums' ways one die at a time (no icepool)."""
    a, b = _ways(mine), _ways(theirs)
    hits = sum(na * nb for sa, na in a.items() for sb, nb in b.items() if sa >= sb)
    return Fraction(hits, 6 ** (mine + theirs))


def _ways(dice: int) -> dict[int, int]:
    """How many ways ``dice`` d6 make each total."""
    found = {0: 1}
    for _ in range(dice):
        rolled: dict[int, int] = {}
        for total, count in found.items():
            for face in range(1, 7):
                rolled[total + face] = rolled.get(total + face, 0) + count
        found = rolled
    return found


def test_asking_the_odds_changes_nothing():
    raw = {"hero": {"ready": "Kiora the Wanderer", "memory": ["Shock"]},
           "enemy_mage": {"ready": "Goblin Pyromancer", "memory": ["Shock"], "range": "close"},
           "creatures": [{**SPRITE, "range": "ranged"}], "order": ["you", "mage", "c1"]}
    battle = BattlePosition.from_mapping(raw).start(Randomness.scripted([]))
    asked = 0
    for step in ("channel", "cast Shock at mage", None):
        before = json.dumps(battle.to_dict())
        for action in battle.legal_actions():
            asked += battle.chance_of(action) is not None
        assert json.dumps(battle.to_dict()) == before  # byte-identical: no die drawn, no event logged
        if step:
            battle.push_text(step)
    assert asked >= 2  # an engagement and a response were priced
