"""The documented bot policy (magecraft/planeswalker/bot.py, ruling PW19): concrete decisions."""

from __future__ import annotations

from magecraft.planeswalker.actions import Action
from magecraft.planeswalker.bot import choose, ready_mage


def test_channels_and_draws_while_the_library_lasts(make_battle) -> None:
    battle = make_battle()
    assert choose(battle) == Action("channel", draw=True)


def test_kills_with_the_smallest_damage_spell_that_does(make_battle, to_main) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [1, 2])
    to_main(battle)
    assert choose(battle) == Action("cast", card="Shock", target="c2")  # Life 2: Shock kills it


def test_summons_when_no_spell_kills(make_battle, to_main) -> None:
    battle = make_battle(["Craw Wurm"])
    to_main(battle)
    assert choose(battle) == Action("cast", card="Grizzly Bears")


def test_a_creature_engages_in_close_combat_else_moves_in(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    battle.apply(Action("channel"))
    battle.apply(Action("end"))
    assert choose(battle) == Action("engage", target="you")
    far = make_battle(["Grizzly Bears"])
    far.apply(Action("channel"))
    far.apply(Action("end"))
    assert choose(far) == Action("move", target="you")


def test_counters_a_creature_spell(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Counterspell Adept"))
    while not (battle.current_player() == "you" and battle.phase == "channelling"):
        battle.apply(Action("channel") if battle.phase == "channelling" else Action("end"))
    battle.apply(Action("channel"))
    battle.apply(Action("cast", card="Grizzly Bears"))
    assert choose(battle) == Action("respond", card="Remove Soul")
