"""Cards missing from the shipped pool, added to one game's position (issue 22): in the card data's own fields,
checked whole, saved with the game, never seen by another game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, run_scenario
from magecraft.games import registry
from magecraft.mage_wars.cards import card_book
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.position import Position

SCENARIO = Path(__file__).parents[2] / "docs" / "scenarios" / "mage-wars-solo-custom-spell.toml"


def sunspear(dice: int = 4, **changes: object) -> dict[str, object]:
    """A quick attack spell with Piercing +4, which no shipped card has."""
    attack = {"name": "Sunspear", "action": "quick", "kind": "ranged", "range": "0-2", "dice": dice,
              "damage_type": "light", "traits": ["Piercing +4"]}
    return {"name": "Sunspear", "type": "attack", "cost": 3, "action": "quick", "range": "0-2",
            "schools": {"holy": 1}, "attacks": [attack], **changes}


def position(*cards: dict[str, object], planned: tuple[str, ...] = ("Sunspear",)) -> Position:
    return Position.from_mapping({
        "stage": "quick cast 1", "initiative": "you", "planned": list(planned), "you": {"zone": "B2"},
        "creatures": [{"side": "dummy", "card": "Iron Golem", "zone": "A2"}], "cards": list(cards)})


def test_a_scenario_casts_a_spell_the_pool_lacks():
    outcome = run_scenario(load_scenario(SCENARIO), registry())
    assert outcome.failure is None


def test_the_added_spell_is_played_through_the_public_api():
    # 4 dice: 2 + 2 + 2 normal and 2 critical; Iron Golem's armour 5 less Piercing 4 leaves 1: 6 - 1 + 2 = 7
    game = position(sunspear()).build(Randomness.scripted([4, 4, 4, 6]))
    game.push_text("quick cast Sunspear on Iron Golem (d1)")
    golem = next(u for u in game.units.values() if u.name == "Iron Golem")
    assert (golem.damage, game.mana) == (7, 7)


@pytest.mark.parametrize(("entry", "message"), [
    (sunspear(armour=2), "card 'Sunspear': unknown field 'armour'"),
    (sunspear(dice="four"), "attack 'Sunspear': dice must be a whole number of 0 or more, not 'four'"),
    (sunspear(cost=-1), "card 'Sunspear': cost must be a whole number of 0 or more, not -1"),
    (sunspear(traits="Flying"), "card 'Sunspear': traits must be a list of words, not 'Flying'"),
    (sunspear(action="slow"), "card 'Sunspear': action must be one of quick, full, not 'slow'"),
    (sunspear(name="Fireball"), "card 'Fireball': the shipped pool already has a card of that name"),
    ({"name": "Sunspear", "type": "attack", "action": "quick", "range": "0-2"}, "missing field 'cost'"),
])
def test_a_bad_card_is_refused_in_one_line_naming_the_field(entry, message):
    shipped = dict(card_book().cards)
    with pytest.raises(DataError) as refused:
        position(entry, planned=()).build(Randomness.seeded(1))
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert card_book().cards == shipped


def test_two_added_cards_of_one_name_are_refused():
    with pytest.raises(DataError, match="'Sunspear': another added card already has a card of that name"):
        position(sunspear(), sunspear(dice=2)).build(Randomness.seeded(1))


def test_a_game_with_an_added_card_round_trips_through_its_save():
    game = position(sunspear()).build(Randomness.seeded(5))
    saved = json.loads(json.dumps(game.to_dict()))
    assert [c["name"] for c in saved["cards"]] == ["Sunspear"]
    again = MageWarsGame.from_dict(saved)
    assert again.to_dict() == game.to_dict()
    assert again.cards.get("Sunspear").attacks[0].trait("Piercing") == 4
    # a game without added cards saves as it always did
    assert "cards" not in registry().get("mage-wars-solo").new_game(Randomness.seeded(5)).to_dict()


def test_a_save_with_an_added_card_loads_and_plays_in_a_fresh_process(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(position(sunspear()).build(Randomness.scripted([4, 4, 4, 6])).to_dict()))
    script = ("import json, sys; from magecraft.mage_wars.game import MageWarsGame\n"
              "game = MageWarsGame.from_dict(json.loads(open(sys.argv[1]).read()))\n"
              "game.push_text('quick cast Sunspear on Iron Golem (d1)')\n"
              "print(game.units['d1'].damage)")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "7"


def test_two_games_in_one_process_do_not_see_each_others_cards():
    four = position(sunspear(dice=4)).build(Randomness.scripted([4, 4, 4, 6]))
    two = position(sunspear(dice=2)).build(Randomness.scripted([4, 6]))
    plain = registry().get("mage-wars-solo").new_game(Randomness.seeded(1))
    four.push_text("quick cast Sunspear on Iron Golem (d1)")
    two.push_text("quick cast Sunspear on Iron Golem (d1)")
    # 2 dice: 2 normal less armour 1, plus 2 critical = 3
    assert (four.units["d1"].damage, two.units["d1"].damage) == (7, 3)
    assert "Sunspear" not in card_book().cards and "Sunspear" not in plain.cards.cards
