"""A battle with several player characters (a party): turn order by Speed over all of them, every
member at its range with every foe, the bot playing each side (seed 001, "Combat Mechanics"; PW32)."""

from __future__ import annotations

import json

import pytest

from magecraft.core.errors import InputError
from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import Pass
from magecraft.planeswalker.bot import choose, play_out, ready_mage
from magecraft.planeswalker.combat import Battle
from tests.planeswalker.conftest import make_hero


def test_turn_order_is_by_speed_over_the_whole_party() -> None:
    fast = make_hero(name="Fast", increases={"power": 2, "speed": 2})  # Speed 5 (R, R, +2)
    slow = make_hero(name="Slow", identity=("G", "G", "G"), increases={"power": 2})  # Speed 1
    battle = Battle.start(make_hero(), ["Grizzly Bears"], Randomness.scripted([4, 2]), party=[fast, slow])
    # Fast 5, you 3, then Slow and the Bears tied at 1: the d6 rolls 4 for Slow, 2 for the Bears
    assert battle.order == ["p2", "you", "p3", "c1"]
    assert [battle.fighters[f].name for f in ("you", "p2", "p3")] == ["Hero", "Fast", "Slow"]
    assert {battle.fighters[f].side for f in ("you", "p2", "p3")} == {"party"}


def test_tied_party_members_roll_opposing_dice() -> None:
    twin = make_hero(name="Twin")
    battle = Battle.start(make_hero(), ["Grizzly Bears"], Randomness.scripted([2, 5]), party=[twin])
    assert battle.order == ["p2", "you", "c1"]  # you rolled 2, Twin 5
    battle = Battle.start(make_hero(), ["Grizzly Bears"], Randomness.scripted([6, 1]), party=[twin])
    assert battle.order == ["you", "p2", "c1"]


def test_every_member_starts_at_the_chosen_range_with_every_foe() -> None:
    battle = Battle.start(make_hero(), ["Grizzly Bears", "Goblin Piker"], Randomness.scripted([6, 1, 3, 2]),
                          party=[make_hero(name="Ally")], ranges={"c1": "close"})
    assert battle.range_between("you", "c1") == battle.range_between("p2", "c1") == "close"
    assert battle.range_between("you", "c2") == battle.range_between("p2", "c2") == "ranged"
    assert battle.range_between("you", "p2") == ""  # allies have no range
    assert battle.in_close_combat("p2")


def test_a_party_holds_each_character_once() -> None:
    with pytest.raises(InputError, match="once"):
        Battle.start(make_hero(), ["Grizzly Bears"], Randomness.scripted([]), party=[make_hero()])


def test_a_party_battle_is_played_out_reproducibly_and_round_trips() -> None:
    def fought(seed: int) -> Battle:
        return play_out(Battle.start(ready_mage("Kiora the Wanderer"), ["Craw Wurm", "Goblin Piker"],
                                     Randomness.seeded(seed), enemy_mage=ready_mage("Goblin Pyromancer"),
                                     party=[ready_mage("Counterspell Adept")]))

    first = fought(3)
    assert first.is_terminal() and json.dumps(first.to_dict()) == json.dumps(fought(3).to_dict())
    again = Battle.from_dict(json.loads(json.dumps(first.to_dict())))
    assert again.to_dict() == first.to_dict()
    acted = {e.data.get("by") for e in first.log if e.kind == "action"}
    assert {"you", "p2"} <= acted  # both members took decisions


def test_the_bot_never_counters_an_allys_spell() -> None:
    # The Adept (p2) could answer its ally's summon with Remove Soul or Mana Leak; the bot passes.
    seen = 0
    for seed in range(6):
        battle = Battle.start(ready_mage("Goblin Pyromancer"), ["Craw Wurm"], Randomness.seeded(seed),
                              party=[ready_mage("Counterspell Adept")])
        while not battle.is_terminal():
            legal = battle.legal_actions()
            if battle.phase == "response" and battle.current_player() == "p2" and any(
                    a.kind == "respond" and a.card in ("Remove Soul", "Mana Leak") for a in legal):
                assert battle.pending is not None and battle.fighters[battle.pending["by"]].side == "party"
                assert choose(battle) == Pass()
                seen += 1
            battle.apply(choose(battle))
    assert seen > 0


def test_the_battle_ids_are_the_ones_its_start_gives() -> None:
    from magecraft.planeswalker.combat import creature_id, member_id

    battle = Battle.start(ready_mage("Kiora the Wanderer"), ["Grizzly Bears", "Goblin Piker"],
                          Randomness.seeded(3), party=[ready_mage("Counterspell Adept")])
    assert [member_id(n) for n in (1, 2)] == ["you", "p2"]
    assert sorted(battle.fighters) == sorted([member_id(1), member_id(2), creature_id(1), creature_id(2)])
