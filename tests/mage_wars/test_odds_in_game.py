"""In-game odds (issue 28): the exact chance an attack destroys its target, before the player commits."""

from __future__ import annotations

import json
from fractions import Fraction

from magecraft.core.randomness import Randomness
from magecraft.mage_wars.actions import Move, Strike
from magecraft.mage_wars.odds import attack_odds
from magecraft.mage_wars.position import Position


def fox_and_leech(leech_damage: int, **fox: object) -> Position:
    """Your Bitterwood Fox (Bite: 3 dice) beside the Dummy Mage's Mana Leech (armour 1, life 8) in B2."""
    return Position.from_mapping({
        "stage": "creatures", "turn": "you", "you": {"zone": "D3"}, "dummy": {"zone": "A1"},
        "creatures": [{"card": "Bitterwood Fox", "zone": "B2", **fox},
                      {"side": "dummy", "card": "Mana Leech", "zone": "B2", "damage": leech_damage}]})


def bite(game) -> Strike:
    return next(a for a in game.legal_actions() if isinstance(a, Strike) and a.target == "d2" and a.to == "B2")


def test_three_dice_against_armour_1_kill_4_life_as_octgn_says():
    # Hand-worked: each die is blank 1/3, 1 or 2 normal 1/6 each, 1 or 2 critical 1/6 each; armour 1 soaks one
    # normal.  Dealing 4 or more of the 4 life left with three dice: 41/216 = 0.1898 (the OCTGN module's figure);
    # the expected damage 62/27 = 2.2963.
    game = fox_and_leech(4).build(Randomness.seeded(1))
    chance = game.chance_of(bite(game))
    assert chance is not None
    assert chance.probability == Fraction(41, 216) == attack_odds(3, armour=1).kill_chance(4)
    assert round(float(chance.probability), 4) == 0.1898
    assert chance.roll == "3 attack dice v armour 1: kills (4 life left) 19%; expected 2.30 damage"


def test_an_attack_that_cannot_kill_gives_the_chance_of_any_damage():
    # Three dice deal at most 6: against 8 life left the chance is of dealing any damage.  None is dealt only
    # with no critical and at most 1 normal: all blank (1/27) or one 1-normal and two blanks (3/54): 5/54.
    game = fox_and_leech(0).build(Randomness.seeded(1))
    chance = game.chance_of(bite(game))
    assert chance is not None and chance.probability == Fraction(49, 54)
    assert chance.roll.startswith("3 attack dice v armour 1: cannot kill (8 life left); deals damage 91%")


def test_a_dazed_attacker_misses_half_the_time():
    game = fox_and_leech(4, conditions={"Daze": 1}).build(Randomness.seeded(1))
    chance = game.chance_of(bite(game))
    assert chance is not None and chance.probability == Fraction(41, 432)


def test_no_roll_decides_a_move():
    game = fox_and_leech(4).build(Randomness.seeded(1))
    assert game.chance_of(Move("y1", "B1")) is None


def test_asking_the_odds_of_every_legal_action_changes_nothing():
    game = fox_and_leech(4).build(Randomness.seeded(1))
    before = json.dumps(game.to_dict(), sort_keys=True)
    asked = [game.chance_of(action) for action in game.legal_actions()]
    assert any(chance is not None for chance in asked)
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_an_attack_spell_at_the_dummy_mage():
    # Thunderbolt: 6 dice against the Dummy Mage (armour 0, 38 life): it cannot kill, and deals no damage only
    # when all six dice are blank: 1 - (1/3)**6 = 728/729.
    game = Position.from_mapping({"stage": "creatures", "turn": "you", "planned": ["Thunderbolt"],
                                  "you": {"zone": "B2"}, "dummy": {"zone": "A2"}}).build(Randomness.seeded(1))
    cast = game.parse_action("Wizard (you): in B2, cast Thunderbolt on Warlock (dummy)")
    chance = game.chance_of(cast)
    assert chance is not None and chance.probability == Fraction(728, 729)
    assert chance.roll == ("6 attack dice v armour 0: cannot kill (38 life left); deals damage >99%; "
                           "expected 6.00 damage")
