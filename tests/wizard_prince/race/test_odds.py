"""The race's chances before a charioteer commits (issue 28): exact d20 odds worked by hand.

A level 1 fighter's Death or Poison target is 12: 1d20 at least 12 is 9/20, at least 10 is 11/20.
"""

from __future__ import annotations

import json
from fractions import Fraction

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.race.actions import Advance, ChangeLanes, ScytheAttack, WhipHorses, WhipOpponent
from magecraft.wizard_prince.race.game_type import RacePosition
from magecraft.wizard_prince.race.race import Race


def _race(dice: list[int] | None = None, settings: dict | None = None, **ann: object) -> Race:
    """Ann (heavy) in lane 2 beside Bob (light) in lane 3, both on square 10; Ann's turn begins."""
    position = RacePosition.from_mapping({
        "chariots": [{"name": "Ann", "kind": "heavy", "lane": 2, "square": 10, **ann},
                     {"name": "Bob", "kind": "light", "lane": 3, "square": 10}],
        "turn": "Ann", "settings": settings or {}})
    return position.build(Randomness.scripted(dice or []))


def test_a_first_free_action_needs_no_check_and_an_attack_is_its_own_roll():
    race = _race()
    assert race.chance_of(ChangeLanes(0, 10)) is None and race.chance_of(WhipHorses()) is None
    assert race.chance_of(Advance(5)) is None
    # the scythes: Ann's 1d20 at least 12 (9/20) and Bob's fails, under 12 (11/20)
    scythe = race.chance_of(ScytheAttack("Bob"))
    assert scythe is not None and scythe.probability == Fraction(99, 400)
    assert scythe.section == "Scythe Attack Table (D20)" and "Bob's 1d20 under 12" in scythe.roll
    # the whip: 1d20 + level 1 at least 11, so 1d20 at least 10
    whip = race.chance_of(WhipOpponent("Bob"))
    assert whip is not None and whip.probability == Fraction(11, 20) and whip.section == "Free Actions"


def test_a_risky_action_multiplies_in_its_check_with_its_penalty_and_bonuses():
    race = _race()
    race.apply(ChangeLanes(0, 10))  # the first free action: no roll
    assert race.chance_of(WhipHorses()).probability == Fraction(9, 20)
    strong = _race([12], dexterity=13, strength=13)
    strong.apply(ChangeLanes(0, 10))
    strong.apply(ChangeLanes(1, 10))  # risky, rolled 12: kept; the next check is at +2 - 1
    chance = strong.chance_of(ScytheAttack("Bob"))
    # risky check and attack: 1d20 at least 12 - 1 = 11 (10/20) each; Bob's under 12 (11/20)
    assert chance is not None and chance.probability == Fraction(10, 20) * Fraction(10, 20) * Fraction(11, 20)
    assert chance.roll.startswith("risky check 1d20 at least 11, then ")


def test_the_d20_rules_check_against_the_dc_less_the_base_save():
    race = _race(settings={"save_system": "d20"})
    race.apply(ChangeLanes(0, 10))
    # a level 1 fighter's good Fortitude is +2: 1d20 at least 15 - 2 = 13 is 8/20
    assert race.chance_of(WhipHorses()).probability == Fraction(2, 5)


def test_the_drive_that_ends_a_whipped_turn_in_the_turnaround_carries_its_check():
    position = RacePosition.from_mapping({
        "chariots": [{"name": "Ann", "kind": "heavy", "lane": 1, "square": 20},
                     {"name": "Bob", "kind": "light", "lane": 4, "square": 0}], "turn": "Ann"})
    race = position.build(Randomness.scripted([1]))
    race.apply(WhipHorses())  # 15 + 1 spaces, all to be taken
    assert race.chance_of(Advance(15)) is None  # one space still to go: no check yet
    # into squares 24-27 of lane 1: -4, so 1d20 at least 16 is 5/20
    chance = race.chance_of(Advance(16))
    assert chance is not None and chance.probability == Fraction(1, 4)
    assert chance.section == "The Turnaround" and "lane 1" in chance.roll


def test_asking_the_odds_rolls_nothing_and_changes_nothing():
    race = _race()
    race.apply(ChangeLanes(0, 10))
    before = json.dumps(race.to_dict(), sort_keys=True)
    chances = [race.chance_of(action) for action in race.legal_actions()]
    assert any(chances)
    assert json.dumps(race.to_dict(), sort_keys=True) == before
