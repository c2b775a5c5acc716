"""The documented bot policy (magecraft/planeswalker/bot.py, ruling PW19): concrete decisions."""

from __future__ import annotations

from magecraft.planeswalker.actions import Cast, Channel, Command, End, Engage, Move, OrderAbility, Respond
from magecraft.planeswalker.bot import choose, ready_mage


def test_channels_and_draws_while_the_library_lasts(make_battle) -> None:
    battle = make_battle()
    assert choose(battle) == Channel(draw=True)


def test_kills_with_the_smallest_damage_spell_that_does(make_battle, to_main) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [1, 2])
    to_main(battle)
    assert choose(battle) == Cast(card="Shock", target="c2")  # Life 2: Shock kills it


def test_summons_when_no_spell_kills(make_battle, to_main) -> None:
    battle = make_battle(["Craw Wurm"])
    to_main(battle)
    assert choose(battle) == Cast(card="Grizzly Bears")


def test_a_creature_engages_in_close_combat_else_moves_in(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    battle.apply(Channel())
    battle.apply(End())
    assert choose(battle) == Engage(target="you")
    far = make_battle(["Grizzly Bears"])
    far.apply(Channel())
    far.apply(End())
    assert choose(far) == Move(target="you")


def test_counters_a_creature_spell(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Counterspell Adept"))
    while not (battle.current_player() == "you" and battle.phase == "channelling"):
        battle.apply(Channel() if battle.phase == "channelling" else End())
    battle.apply(Channel())
    battle.apply(Cast(card="Grizzly Bears"))
    assert choose(battle) == Respond(card="Remove Soul")


# -- pumps, sweepers, mana, removal of artifacts and enchantments, steals, abilities (PW19, PW39-PW41) ------


def test_pumps_itself_only_before_a_locked_combat_it_would_lose(make_battle, make_hero) -> None:
    hero = make_hero(library=("Giant Growth", "Shock"), memorized=("Giant Growth",))  # Power 3
    battle = make_battle(["Craw Wurm"], hero=hero, ranges={"c1": "close"})  # Toughness 4
    battle.apply(Channel())
    assert choose(battle) == Cast(card="Giant Growth", target="you")
    bears = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})  # Toughness 2: no need
    bears.apply(Channel())
    assert choose(bears) == Engage(target="c1")


def test_a_sweeper_only_when_it_hurts_the_enemy_more(make_battle, make_hero) -> None:
    from tests.planeswalker.test_effects import ready

    hero = make_hero(library=("Pyroclasm", "Shock"), memorized=("Pyroclasm",))
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [3, 5], hero=hero)
    battle.apply(Channel())
    assert choose(battle) == Cast(card="Pyroclasm")
    roomy = make_hero(increases={"power": 2, "toughness": 2, "focus": 3}, library=("Pyroclasm", "Shock"),
                      memorized=("Pyroclasm",))  # Focus 4: room to cast beside two giants
    crowded = make_battle(["Grizzly Bears"], hero=roomy)
    giants = [ready(crowded, "Hill Giant") for _ in range(2)]
    crowded.apply(Channel())
    for giant in giants:  # summoned this turn: nothing to command first
        crowded.fighters[giant].sick = True
    crowded.invalidate()
    assert Cast(card="Pyroclasm") in crowded.legal_actions()
    assert choose(crowded) != Cast(card="Pyroclasm")  # it would hurt its own giants more


def test_steals_the_strongest_enemy_creature(make_battle, make_hero) -> None:
    hero = make_hero(library=("Threaten", "Shock"), memorized=("Threaten",))
    battle = make_battle(["Grizzly Bears", "Hill Giant"], [3, 5], hero=hero,
                         ranges={"c1": "close", "c2": "close"})
    battle.apply(Channel())
    assert choose(battle) == Cast(card="Threaten", target="c2")


def test_destroys_an_enemy_artifact_creature(make_battle, make_hero) -> None:
    hero = make_hero(identity=("R", "R", "G"), library=("Shatter", "Giant Growth"), memorized=("Shatter",))
    battle = make_battle(["Ornithopter"], hero=hero)
    battle.apply(Channel())
    assert choose(battle) == Cast(card="Shatter", target="c1")


def test_casts_a_mana_spell_when_it_pays_for_another_spell(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 1, "power": 2, "toughness": 2},
                     library=("Seething Song", "Hill Giant"), memorized=("Seething Song", "Hill Giant"))
    battle = make_battle(["Grizzly Bears"], hero=hero)  # Mastery 4, Mana Pool 3: the giant costs 4
    battle.apply(Channel())
    battle.fighters["you"].mana.update({"R": 2, "G": 1})
    battle.invalidate()
    assert choose(battle) == Cast(card="Seething Song")
    # the wurm costs 6, above Mastery 3: the mana would pay for nothing it may cast, and would burn
    no_need = make_battle(["Grizzly Bears"], hero=make_hero(library=("Seething Song", "Craw Wurm"),
                                                             memorized=("Seething Song", "Craw Wurm")))
    no_need.apply(Channel())
    assert choose(no_need) == End()


def test_a_commanded_creature_taps_the_strongest_enemy(make_battle) -> None:
    from tests.planeswalker.test_effects import ready

    battle = make_battle(["Grizzly Bears", "Hill Giant"], [3, 5], ranges={"c1": "close", "c2": "close"})
    decoy = ready(battle, "Master Decoy")
    battle.apply(Channel())
    battle.fighters["you"].mana["W"] = 1
    battle.invalidate()
    battle.apply(Command())
    assert choose(battle) == OrderAbility(card="0", target="c2", creature=decoy)


def test_takes_excess_mana_only_for_a_spell_it_could_cast(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 1, "power": 2, "toughness": 2},
                     library=("Hill Giant", "Shock", "Craw Wurm"), memorized=("Hill Giant",))
    battle = make_battle(["Grizzly Bears"], hero=hero)  # Channelling 4, Mana Pool 3, Mastery 4
    assert choose(battle) == Channel(amount=1, draw=True)  # the giant costs 4; the wurm 6 > Mastery


def test_steals_before_summoning_when_the_stolen_creature_can_engage_at_once(make_battle, make_hero) -> None:
    hero = make_hero(library=("Threaten", "Grizzly Bears", "Shock"), memorized=("Threaten", "Grizzly Bears"))
    battle = make_battle(["Grizzly Bears", "Hill Giant"], [3, 5], hero=hero,
                         ranges={"c1": "close", "c2": "close"})
    battle.apply(Channel())
    assert choose(battle) == Cast(card="Threaten", target="c2")
    alone = make_battle(["Hill Giant"], hero=hero, ranges={"c1": "close"})  # no one else to turn on
    alone.apply(Channel())
    assert choose(alone) == Cast(card="Grizzly Bears")
