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


# -- pumps, sweepers, mana, removal of artifacts and enchantments, steals, abilities (PW19, PW39-PW41) ------


def test_pumps_itself_only_before_a_locked_combat_it_would_lose(make_battle, make_hero) -> None:
    hero = make_hero(library=("Giant Growth", "Shock"), memorized=("Giant Growth",))  # Power 3
    battle = make_battle(["Craw Wurm"], hero=hero, ranges={"c1": "close"})  # Toughness 4
    battle.apply(Action("channel"))
    assert choose(battle) == Action("cast", card="Giant Growth", target="you")
    bears = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})  # Toughness 2: no need
    bears.apply(Action("channel"))
    assert choose(bears) == Action("engage", target="c1")


def test_a_sweeper_only_when_it_hurts_the_enemy_more(make_battle, make_hero) -> None:
    from tests.planeswalker.test_effects import ready

    hero = make_hero(library=("Pyroclasm", "Shock"), memorized=("Pyroclasm",))
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [3, 5], hero=hero)
    battle.apply(Action("channel"))
    assert choose(battle) == Action("cast", card="Pyroclasm")
    roomy = make_hero(increases={"power": 2, "toughness": 2, "focus": 3}, library=("Pyroclasm", "Shock"),
                      memorized=("Pyroclasm",))  # Focus 4: room to cast beside two giants
    crowded = make_battle(["Grizzly Bears"], hero=roomy)
    giants = [ready(crowded, "Hill Giant") for _ in range(2)]
    crowded.apply(Action("channel"))
    for giant in giants:  # summoned this turn: nothing to command first
        crowded.fighters[giant].sick = True
    crowded.invalidate()
    assert Action("cast", card="Pyroclasm") in crowded.legal_actions()
    assert choose(crowded) != Action("cast", card="Pyroclasm")  # it would hurt its own giants more


def test_steals_the_strongest_enemy_creature(make_battle, make_hero) -> None:
    hero = make_hero(library=("Threaten", "Shock"), memorized=("Threaten",))
    battle = make_battle(["Grizzly Bears", "Hill Giant"], [3, 5], hero=hero,
                         ranges={"c1": "close", "c2": "close"})
    battle.apply(Action("channel"))
    assert choose(battle) == Action("cast", card="Threaten", target="c2")


def test_destroys_an_enemy_artifact_creature(make_battle, make_hero) -> None:
    hero = make_hero(identity=("R", "R", "G"), library=("Shatter", "Giant Growth"), memorized=("Shatter",))
    battle = make_battle(["Ornithopter"], hero=hero)
    battle.apply(Action("channel"))
    assert choose(battle) == Action("cast", card="Shatter", target="c1")


def test_casts_a_mana_spell_when_it_pays_for_another_spell(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 1, "power": 2, "toughness": 2},
                     library=("Seething Song", "Hill Giant"), memorized=("Seething Song", "Hill Giant"))
    battle = make_battle(["Grizzly Bears"], hero=hero)  # Mastery 4, Mana Pool 3: the giant costs 4
    battle.apply(Action("channel"))
    battle.fighters["you"].mana.update({"R": 2, "G": 1})
    battle.invalidate()
    assert choose(battle) == Action("cast", card="Seething Song")
    # the wurm costs 6, above Mastery 3: the mana would pay for nothing it may cast, and would burn
    no_need = make_battle(["Grizzly Bears"], hero=make_hero(library=("Seething Song", "Craw Wurm"),
                                                             memorized=("Seething Song", "Craw Wurm")))
    no_need.apply(Action("channel"))
    assert choose(no_need) == Action("end")


def test_a_commanded_creature_taps_the_strongest_enemy(make_battle) -> None:
    from tests.planeswalker.test_effects import ready

    battle = make_battle(["Grizzly Bears", "Hill Giant"], [3, 5], ranges={"c1": "close", "c2": "close"})
    decoy = ready(battle, "Master Decoy")
    battle.apply(Action("channel"))
    battle.fighters["you"].mana["W"] = 1
    battle.invalidate()
    battle.apply(Action("command"))
    assert choose(battle) == Action("order_ability", card="0", target="c2", creature=decoy)


def test_takes_excess_mana_only_for_a_spell_it_could_cast(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 1, "power": 2, "toughness": 2},
                     library=("Hill Giant", "Shock", "Craw Wurm"), memorized=("Hill Giant",))
    battle = make_battle(["Grizzly Bears"], hero=hero)  # Channelling 4, Mana Pool 3, Mastery 4
    assert choose(battle) == Action("channel", amount=1, draw=True)  # the giant costs 4; the wurm 6 > Mastery


def test_steals_before_summoning_when_the_stolen_creature_can_engage_at_once(make_battle, make_hero) -> None:
    hero = make_hero(library=("Threaten", "Grizzly Bears", "Shock"), memorized=("Threaten", "Grizzly Bears"))
    battle = make_battle(["Grizzly Bears", "Hill Giant"], [3, 5], hero=hero,
                         ranges={"c1": "close", "c2": "close"})
    battle.apply(Action("channel"))
    assert choose(battle) == Action("cast", card="Threaten", target="c2")
    alone = make_battle(["Hill Giant"], hero=hero, ranges={"c1": "close"})  # no one else to turn on
    alone.apply(Action("channel"))
    assert choose(alone) == Action("cast", card="Grizzly Bears")
