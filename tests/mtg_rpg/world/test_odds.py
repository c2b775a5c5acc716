"""The chance a realm check passes, shown before the ruler commits (issue 28; seed 000, WORLD CAMPAIGNING)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.actions import (
    BuildStructure,
    ConductDiplomacy,
    EndTurn,
    Espionage,
    Hardship,
    MakeWar,
    OpenTrade,
    Quell,
)
from magecraft.mtg_rpg.world.game_type import WorldPosition

#: The referee's deck of these tests: Shock (1), Mountain (a land: 1), Lava Axe (5) and Craw Wurm (6).
REFEREE = ["Shock", "Lava Axe", "Mountain", "Craw Wurm"]


def harloon_at(phase, dice=(), **sheet):
    raw = {"turn": "Harloon", "phase": phase, "referee": REFEREE, "realms": {"Harloon": sheet}}
    return WorldPosition.from_mapping(raw).build(Randomness.scripted(list(dice)))


def test_the_discontent_check_over_the_referees_four_cards():
    # Harloon: discontent 8, +2 for a population of 73, +0 for the medium tax: DC 10.  Diplomacy 3 and
    # 2 military quelling make 5: a card of 5 or more passes, Lava Axe or Craw Wurm, 2 of 4.
    world = harloon_at("discontent", diplomacy=3, discontent=8, military=4)
    chance = world.chance_of(Quell(2))
    assert chance is not None and chance.probability == Fraction(1, 2)
    assert chance.roll == "Diplomacy 3 + military 2 + a card of the referee's 4, at least discontent 10"
    assert chance.section == "WORLD CAMPAIGNING: 3c. Discontent Sub-phase"
    assert world.chance_of(Quell(1)).probability == Fraction(1, 4)  # 4 + a card >= 10: Craw Wurm only
    assert world.chance_of(Quell(0)).probability == 0  # 3 + 6 at best


def test_a_festival_held_last_turn_counts_in_the_chance():
    world = harloon_at("discontent", diplomacy=3, discontent=8, military=4)
    world.realms["Harloon"].festival_bonus = 3  # an impressive festival last turn
    # 3 + 3 + a card >= 10: 4 or more, 2 of 4; with 3 military quelling, 1 or more: every card
    assert world.chance_of(Quell(0)).probability == Fraction(1, 2)
    assert world.chance_of(Quell(3)).probability == 1


@pytest.mark.parametrize("quell", [0, 1, 2, 4])
def test_the_chance_is_the_share_of_cards_that_pass_when_drawn(quell):
    # Each card drawn in turn (a draw is a roll of a d4 over the deck in its order): the passes over 4 cards
    # are the chance shown before the check.
    passed = 0
    for die in range(1, 5):
        world = harloon_at("discontent", [die], diplomacy=3, discontent=8, military=4)
        world.apply(Quell(quell))
        passed += "Discontent check passed" in world.chronicle[-1]["text"]
    world = harloon_at("discontent", diplomacy=3, discontent=8, military=4)
    assert world.chance_of(Quell(quell)) is not None
    assert world.chance_of(Quell(quell)).probability == Fraction(passed, 4)


def test_the_hardship_check_and_the_gold_that_buys_a_bonus():
    # Hardship 7 against Wilderness Lore 2: a card of 5 or more, 2 of 4; 4 bought with gold make any card pass.
    world = harloon_at("hardship", hardship=7, wilderness_lore=2, treasury=500_000)
    assert world.chance_of(Hardship(0)).probability == Fraction(1, 2)
    assert world.chance_of(Hardship(2)).probability == Fraction(1, 2)  # 4 + a card >= 7: still 5 or more
    assert world.chance_of(Hardship(3)).probability == Fraction(1, 2)  # 5 + a card >= 7: 2 or more
    assert world.chance_of(Hardship(4)).probability == 1


def test_diplomacy_trade_and_espionage_against_their_numbers():
    world = harloon_at("actions", diplomacy=2, wisdom=3, treasury=500_000)
    world.set_ill("Harloon", "Sarn", 7)
    # Conduct Diplomacy: 2 + a card >= 7, 5 or more: 2 of 4; +4 for 40,000 gp more: 1 or more: every card.
    assert world.chance_of(ConductDiplomacy("Sarn")).probability == Fraction(1, 2)
    assert world.chance_of(ConductDiplomacy("Sarn", 4)).probability == 1
    # Open Trade: the same check; +3 when Sarn already trades with Harloon (2 + 3 + a card >= 7: 2 or more).
    assert world.chance_of(OpenTrade("Sarn")).probability == Fraction(1, 2)
    world.realms["Sarn"].trade_routes.append("Harloon")
    assert world.chance_of(OpenTrade("Sarn")).probability == Fraction(1, 2)
    world.set_ill("Harloon", "Sarn", 6)
    assert world.chance_of(OpenTrade("Sarn")).probability == 1  # 5 + a card >= 6: every card
    # Espionage: Wisdom 3 + a card against Challenging (9): Craw Wurm only, 1 of 4.
    chance = world.chance_of(Espionage("Sarn", "troops"))
    assert chance.probability == Fraction(1, 4) and chance.text().startswith("25% (Wisdom 3 + a card")


def test_no_check_no_chance():
    world = harloon_at("actions", treasury=500_000)
    assert world.chance_of(EndTurn()) is None
    assert world.chance_of(BuildStructure("Library")) is None
    assert world.chance_of(MakeWar(1)) is None  # the draw sets the capture points, not a pass or a fail


@pytest.mark.parametrize("phase", ["hardship", "discontent", "actions"])
def test_asking_every_chance_changes_nothing(phase):
    world = harloon_at(phase, treasury=500_000)
    before = json.dumps(world.to_dict(), sort_keys=True)
    for action in world.legal_actions():
        world.chance_of(action)
    assert json.dumps(world.to_dict(), sort_keys=True) == before
