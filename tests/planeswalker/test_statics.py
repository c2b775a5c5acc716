"""Lords, Kird Ape's Forest, "can't block", "can't be blocked", attack triggers and the abilities of ruling
PW41 (seed 001, "Combat Mechanics" 5), with scripted dice."""

from __future__ import annotations

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import (
    Cast,
    Channel,
    Command,
    Done,
    End,
    Engage,
    OrderAbility,
    OrderEngage,
    Pass,
)
from magecraft.planeswalker.bot import ready_mage
from magecraft.planeswalker.combat import Battle
from tests.planeswalker.test_effects import ready

TIES = [3, 5]


def test_goblin_king_gives_other_goblins_one_and_mountainwalk_while_it_stands(make_battle, make_hero) -> None:
    hero = make_hero(library=("Shock", "Volcanic Hammer"), memorized=("Shock",))
    battle = make_battle(["Goblin King", "Goblin Piker"], TIES, hero=hero, ranges={"c1": "close", "c2": "close"})
    king, piker = battle.fighters["c1"], battle.fighters["c2"]
    assert (piker.power, piker.toughness, piker.life) == (3, 2, 2)  # the dice, not the Life
    assert "Mountainwalk" in piker.keywords and (king.power, king.toughness) == (2, 2)  # not itself
    battle.apply(Channel())
    king.life = 2
    battle.apply(Cast(card="Shock", target="c1"))
    assert king.out == "dead" and (piker.power, piker.toughness) == (2, 1) and "Mountainwalk" not in piker.keywords


def test_blessed_orator_helps_only_its_own_side(make_battle) -> None:
    battle = make_battle(["Blessed Orator", "Grizzly Bears"], TIES)
    ally = ready(battle, "Grizzly Bears")
    battle.refresh()
    assert battle.fighters["c2"].toughness == 3 and battle.fighters[ally].toughness == 2
    assert battle.fighters["c1"].toughness == 4  # "other creatures"


def test_kird_ape_is_bigger_for_a_green_mage(make_battle, make_hero) -> None:
    battle = make_battle(["Kird Ape"], hero=make_hero())  # identity R, R, G: a Forest
    ape = ready(battle, "Kird Ape")
    battle.refresh()
    assert (battle.fighters[ape].power, battle.fighters[ape].toughness) == (2, 3)
    assert (battle.fighters["c1"].power, battle.fighters["c1"].toughness) == (1, 1)  # alone: no Forest
    red = make_battle(["Grizzly Bears"], hero=make_hero(identity=("R", "R", "R")))
    ape = ready(red, "Kird Ape")
    red.refresh()
    assert red.fighters[ape].toughness == 1


def test_a_creature_that_cant_block_does_not_intercept(make_battle, make_hero) -> None:
    hero = make_hero(increases={"speed": 2, "power": 2})
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero, ranges={"mage": "close"})
    battle.summon(battle.fighters["mage"], "Goblin Piker")
    battle.fighters["s1"].sick = False
    battle.invalidate()
    while battle.current_player() != "you" or battle.phase != "channelling":
        battle.apply(Channel() if battle.phase == "channelling" else End() if battle.phase == "main" else Done())
    battle.apply(Channel())
    battle.rng.extend_script([1] * 20)
    battle.apply(Engage(target="mage"))
    locked = [e for e in battle.log if e.kind == "locked"]
    assert locked[-1].data["defender"] == "mage"  # the piker could not intercept: the mage was struck itself


def test_a_creature_that_cant_be_blocked_is_not_intercepted(make_hero) -> None:
    battle = Battle.start(make_hero(), ["Phantom Warrior"], Randomness.scripted([]),
                          enemy_mage=None, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.apply(Cast(card="Grizzly Bears"))
    battle.fighters["s1"].sick = False
    battle.apply(End())
    battle.rng.extend_script([1] * 10)
    battle.apply(Engage(target="you"))
    locked = [e for e in battle.log if e.kind == "locked"]
    assert locked[-1].data["defender"] == "you"  # the bears (close, untapped) could not intercept


def test_hollow_dogs_get_two_power_when_they_engage(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    dogs = ready(battle, "Hollow Dogs")
    battle.apply(Channel())
    battle.apply(Command())
    # five Power dice (3 + 2) against two Toughness dice, then the bears' two against the dogs' three
    battle.rng.extend_script([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    battle.apply(OrderEngage(target="c1", creature=dogs))
    rolls = [e for e in battle.log if e.kind == "roll" and "Hollow Dogs" in e.label]
    assert len(rolls) == 5 + 3
    battle.apply(End()) if battle.phase == "main" else None
    assert battle.fighters[dogs].power == 3


def test_viridian_shaman_destroys_an_artifact_when_it_enters(make_battle, make_hero) -> None:
    hero = make_hero(identity=("G", "G", "R"), library=("Viridian Shaman", "Shock"),
                     memorized=("Viridian Shaman",))
    battle = make_battle(["Ornithopter", "Grizzly Bears"], TIES, hero=hero)
    battle.apply(Channel())
    assert {a.target for a in battle.legal_actions() if a.card == "Viridian Shaman"} == {"c1"}
    battle.apply(Cast(card="Viridian Shaman", target="c1"))
    assert battle.fighters["c1"].out == "dead" and battle.fighters["c2"].active


def test_phyrexian_gargantua_draws_two_and_loses_two_life(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "B", "B"), increases={"mastery": 3, "speed": 2},
                     library=("Phyrexian Gargantua", "Shock", "Mind Rot", "Consume Spirit"),
                     memorized=("Phyrexian Gargantua",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    battle.apply(Channel())
    you = battle.fighters["you"]
    you.mana["C"] = 3
    battle.invalidate()
    battle.apply(Cast(card="Phyrexian Gargantua"))
    assert you.life == 3 and you.memory[-2:] == ["Shock", "Mind Rot"]


def test_whip_sergeant_gives_a_fresh_creature_haste(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    sergeant = ready(battle, "Whip Sergeant")
    battle.apply(Channel())
    battle.summon(battle.fighters["you"], "Grizzly Bears")
    bears = battle.fighters["you"].creatures[-1]
    battle.invalidate()
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target=bears, creature=sergeant))
    assert not battle.fighters[bears].sick and "Haste" in battle.fighters[bears].keywords


def test_fleeting_image_returns_itself(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    image = ready(battle, "Fleeting Image")
    battle.apply(Channel())
    battle.fighters["you"].mana.update({"U": 1, "C": 1})
    battle.invalidate()
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target="", creature=image))
    assert battle.fighters[image].out == "unsummoned" and battle.fighters["you"].creatures == []


def test_glorious_anthem_raises_only_its_mages_creatures(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), library=("Glorious Anthem", "Shock"),
                     memorized=("Glorious Anthem",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    bears = ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.apply(Cast(card="Glorious Anthem"))
    assert (battle.fighters[bears].power, battle.fighters[bears].toughness) == (3, 3)
    assert battle.fighters["c1"].power == 2 and battle.fighters["you"].power == 3  # not the foe's, not a mage
    battle.release(battle.fighters["you"], "", "Glorious Anthem")
    battle.refresh()
    assert battle.fighters[bears].power == 2


def test_pacifism_stops_engaging_and_intercepting(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), library=("Pacifism", "Shock"), memorized=("Pacifism",))
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.apply(Cast(card="Pacifism", target="c1"))
    battle.apply(End())
    assert battle.current_player() == "c1"
    assert Engage(target="you") not in battle.legal_actions()
    assert {"Defender", "Can't block"} <= set(battle.fighters["c1"].keywords)


def test_highway_robber_drains_an_enemy_mage(make_hero) -> None:
    hero = make_hero(identity=("B", "B", "R"), increases={"speed": 2, "power": 2, "toughness": 2},
                     library=("Highway Robber", "Shock"), memorized=("Highway Robber",))
    battle = Battle.start(hero, [], Randomness.scripted([6, 1]), enemy_mage=ready_mage("Goblin Pyromancer"))
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 1
    battle.invalidate()
    assert [a.target for a in battle.legal_actions() if a.card == "Highway Robber"] == ["mage"]
    life = battle.fighters["mage"].life
    battle.apply(Cast(card="Highway Robber", target="mage"))
    if battle.phase == "response":
        battle.apply(Pass())
    assert battle.fighters["mage"].life == life - 2 and battle.fighters["you"].life == 7


def test_thundermare_taps_every_other_creature(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 3, "power": 2, "focus": 1}, library=("Thundermare", "Shock"),
                     memorized=("Thundermare",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    bears = ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 3
    battle.invalidate()
    battle.apply(Cast(card="Thundermare"))
    assert battle.fighters["c1"].tapped and battle.fighters[bears].tapped and not battle.fighters["s2"].tapped


def test_karplusan_yeti_fights(make_battle) -> None:
    battle = make_battle(["Hill Giant"], ranges={"c1": "close"})
    yeti = ready(battle, "Karplusan Yeti")
    battle.apply(Channel())
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target="c1", creature=yeti))
    assert battle.fighters["c1"].life == 6 - 3 and battle.fighters[yeti].life == 6 - 3


def test_wildfire_hits_every_creature_not_the_mages(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 3, "power": 2}, library=("Wildfire", "Shock"), memorized=("Wildfire",))
    battle = make_battle(["Grizzly Bears", "Craw Wurm"], [3, 5], hero=hero)
    battle.apply(Channel())
    battle.fighters["you"].mana.update({"R": 2, "C": 4})
    battle.invalidate()
    battle.apply(Cast(card="Wildfire"))
    assert battle.fighters["c1"].out == "dead" and battle.fighters["c2"].life == 4
    assert battle.fighters["you"].life == 5


def test_soul_warden_gains_a_life_for_each_other_creature_entering(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    ready(battle, "Soul Warden")
    you = battle.fighters["you"]
    assert you.life == 5  # not for itself
    ready(battle, "Grizzly Bears")
    assert you.life == 6
    battle.summon(battle.fighters["you"], "Verdant Force")
    battle.make_token(battle.fighters[you.creatures[-1]], "Saproling")
    assert you.life == 8


def test_aven_fisher_draws_for_its_mage_when_it_dies(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    fisher = ready(battle, "Aven Fisher")
    you = battle.fighters["you"]
    before = list(you.memory)
    battle.fighters[fisher].life = 1
    battle.deal_damage(battle.fighters[fisher], 1)
    assert battle.fighters[fisher].out == "dead" and you.memory == [*before, "Giant Growth"]


def test_viashino_sandstalker_leaves_at_the_end_of_the_turn(make_battle, make_hero) -> None:
    hero = make_hero(increases={"mastery": 1, "power": 2, "toughness": 2, "focus": 1},
                     library=("Viashino Sandstalker", "Shock"), memorized=("Viashino Sandstalker",))
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 1
    battle.invalidate()
    battle.apply(Cast(card="Viashino Sandstalker"))
    viashino = battle.fighters["s1"]
    assert viashino.active and not viashino.sick  # Haste: it may be commanded at once
    battle.apply(End())
    assert viashino.out == "unsummoned" and battle.fighters["you"].creatures == []
