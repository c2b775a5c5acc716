"""Gaining control, keywords given, Auras and targeted "enters" triggers (seed 001, "Combat Mechanics" 7:
"Player characters ... are immune to 'destroy' effects, 'exile' effects, and 'steal' effects"; rulings
PW39-PW40), with scripted dice."""

from __future__ import annotations

from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import Cast, Channel, Command, End, OrderEngage, Release
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.combat import Battle
from magecraft.planeswalker.spells import can_target, profile
from tests.planeswalker.test_combat import refused

TIES = [3, 5]  # the creatures' turn order rolls (Speed 1 each): c2, then c1


def test_threaten_steals_a_creature_until_end_of_turn_with_haste(make_battle, make_hero) -> None:
    hero = make_hero(library=("Threaten", "Shock"), memorized=("Threaten",))  # Mana Pool R2 G1
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], TIES, hero=hero,
                         ranges={"c1": "close", "c2": "close"})
    battle.apply(Channel())
    battle.apply(Cast(card="Threaten", target="c1"))
    bears, you = battle.fighters["c1"], battle.fighters["you"]
    assert (bears.side, bears.controller, you.stolen) == ("party", "you", ["c1"])
    assert "Haste" in bears.keywords and not bears.sick and you.pervasive() == 0
    assert battle.range_between("c1", "c2") == "close"  # it stands where its new controller stands
    # Haste: commanded after the spell (PW20); the bears engage their old ally
    battle.apply(Command())
    battle.rng.extend_script([6, 6, 1, 1, 1, 1])  # 12 against 1: the piker dies before it strikes back
    battle.apply(OrderEngage(target="c2", creature="c1"))
    assert battle.fighters["c2"].out == "dead" and not battle.is_terminal() and battle.phase == "main"
    battle.apply(End())
    # the end of the turn: back to its side, acting alone again, its haste gone
    assert (bears.side, bears.controller, you.stolen, bears.control) == ("foes", None, [], [])
    assert "Haste" not in bears.keywords and battle.current_player() == "c1"


def test_stealing_the_last_foe_does_not_end_the_battle(make_battle, make_hero) -> None:
    hero = make_hero(library=("Threaten", "Shock"), memorized=("Threaten",))
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.apply(Cast(card="Threaten", target="c1"))
    assert battle.fighters["c1"].side == "party" and not battle.is_terminal()
    battle.apply(End())
    assert battle.fighters["c1"].side == "foes" and battle.current_player() == "c1"


def test_a_player_character_is_immune_to_steal_effects(make_hero) -> None:
    thief = Character.create("Thief", identity=("R", "R", "G"), increases={"power": 2, "toughness": 2},
                             library=("Threaten", "Shock"), memorized=("Threaten",))
    battle = Battle.start(make_hero(), ["Grizzly Bears"], Randomness.scripted([6, 1]), enemy_mage=thief,
                          ranges={"c1": "close", "mage": "close"})
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    problem = can_target(mage, you, profile("Threaten"), "close")
    assert problem is not None and "immune to steal effects" in problem
    # an enemy mage is a character too (PW16): it cannot be stolen either
    assert "immune to steal effects" in (can_target(you, mage, profile("Threaten"), "close") or "")


def test_stealing_a_player_character_is_refused_and_changes_nothing(make_hero) -> None:
    hero = make_hero(library=("Threaten", "Shock"), memorized=("Threaten",))
    ally = make_hero(name="Ally")
    battle = Battle.start(hero, ["Grizzly Bears"], Randomness.scripted([6, 1]), enemy_mage=ally,
                          ranges={"c1": "close", "mage": "close"})
    while battle.current_player() != "you" or battle.phase != "channelling":
        battle.apply(Channel() if battle.phase == "channelling" else End())
    battle.apply(Channel())
    assert Cast(card="Threaten", target="c1") in battle.legal_actions()
    error = refused(battle, Cast(card="Threaten", target="mage"), "Casting")
    assert "immune to steal effects" in str(error)


def test_confiscate_keeps_a_creature_while_the_aura_is_kept(make_battle, make_hero) -> None:
    hero = make_hero(identity=("U", "U", "B"), increases={"mastery": 2, "power": 2, "toughness": 1, "speed": 1},
                     library=("Confiscate", "Shock"), memorized=("Confiscate",))  # Mastery 6
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    you = battle.fighters["you"]
    you.mana.update({"U": 2, "C": 4})
    battle.invalidate()
    battle.apply(Cast(card="Confiscate", target="c1"))
    bears = battle.fighters["c1"]
    assert (bears.side, bears.controller, bears.sick) == ("party", "you", True)  # no Haste: sick
    assert you.permanents == ["Confiscate"] and you.pervasive() == 1 and you.auras == [["Confiscate", "c1"]]
    battle.apply(End())
    assert bears.controller == "you"  # the turn's end does not give it back
    you.focus = 0  # the next Upkeep cannot keep the Aura: released, the bears go home
    battle.invalidate()
    battle.apply(Channel())
    assert battle.phase == "upkeep"
    battle.apply(Release(card="Confiscate"))
    assert (bears.side, bears.controller, you.stolen, you.auras) == ("foes", None, [], [])
    assert "Confiscate" in you.graveyard


def test_angelic_blessing_gives_flying_until_end_of_turn(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), library=("Angelic Blessing", "Shock"),
                     memorized=("Angelic Blessing",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    battle.apply(Channel())
    battle.apply(Cast(card="Angelic Blessing", target="you"))
    you = battle.fighters["you"]
    assert "Flying" in you.keywords and (you.power, you.toughness) == (6, 6)
    battle.apply(End())
    assert "Flying" not in you.keywords and you.granted == []


def test_a_given_keyword_the_creature_had_stays_after_the_turn(make_battle, make_hero) -> None:
    hero = make_hero(identity=("W", "W", "R"), keywords=("Flying",), library=("Angelic Blessing", "Shock"),
                     memorized=("Angelic Blessing",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    battle.apply(Channel())
    battle.apply(Cast(card="Angelic Blessing", target="you"))
    battle.apply(End())
    assert "Flying" in battle.fighters["you"].keywords


def test_an_aura_on_a_creature_that_dies_goes_to_the_graveyard(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "B", "R"), library=("Enfeeblement", "Shock"),
                     memorized=("Enfeeblement", "Shock"))  # Mana Pool B2 R1
    battle = make_battle(["Hill Giant"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.apply(Cast(card="Enfeeblement", target="c1"))
    giant, you = battle.fighters["c1"], battle.fighters["you"]
    assert (giant.power, giant.toughness, giant.life) == (1, 1, 6)  # the dice, not the Life (PW35)
    battle.apply(End())
    assert (giant.power, giant.toughness) == (1, 1)  # an Aura lasts past the turn
    giant.life = 2
    you.mana["R"] = 1
    battle.invalidate()
    while battle.current_player() != "you" or battle.phase != "main":
        battle.apply(Channel() if battle.phase == "channelling" else End())
    battle.apply(Cast(card="Shock", target="c1"))
    assert giant.out == "dead" and you.permanents == [] and "Enfeeblement" in you.graveyard


def test_a_keyword_aura_gives_its_keyword_while_kept(make_battle, make_hero) -> None:
    hero = make_hero(identity=("U", "U", "R"), library=("Flight", "Shock"), memorized=("Flight",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    battle.apply(Channel())
    battle.apply(Cast(card="Flight", target="you"))
    you = battle.fighters["you"]
    battle.apply(End())
    assert "Flying" in you.keywords and you.auras == [["Flight", "you", "Flying"]]
    battle.release(you, "", "Flight")
    assert "Flying" not in you.keywords


def test_nekrataal_destroys_a_nonblack_creature_when_it_enters(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "B", "G"), increases={"mastery": 1, "power": 2, "toughness": 2, "speed": 2},
                     library=("Nekrataal", "Shock"), memorized=("Nekrataal",))  # Mastery 5, pool B2 G1
    battle = make_battle(["Grizzly Bears", "Drudge Skeletons"], TIES, hero=hero,
                         ranges={"c1": "close", "c2": "close"})
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 1
    battle.invalidate()
    casts = [a for a in battle.legal_actions() if a.card == "Nekrataal"]
    assert [a.target for a in casts] == ["c1"]  # the black skeletons cannot be targeted
    battle.apply(Cast(card="Nekrataal", target="c1"))
    assert battle.fighters["c1"].out == "dead" and battle.fighters["s1"].active


def test_a_creature_with_an_enters_trigger_is_cast_without_a_target(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "B", "G"), increases={"mastery": 1, "power": 2, "toughness": 2, "speed": 2},
                     library=("Nekrataal", "Shock"), memorized=("Nekrataal",))
    battle = make_battle(["Drudge Skeletons"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 1
    battle.invalidate()
    assert [a.target for a in battle.legal_actions() if a.card == "Nekrataal"] == [""]
    battle.apply(Cast(card="Nekrataal"))
    assert battle.fighters["c1"].active and battle.fighters["s1"].name == "Nekrataal"


def test_a_battle_with_stolen_creatures_and_auras_round_trips(make_battle, make_hero) -> None:
    hero = make_hero(library=("Threaten", "Shock"), memorized=("Threaten",))
    battle = make_battle(["Grizzly Bears"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.apply(Cast(card="Threaten", target="c1"))
    again = Battle.from_dict(battle.to_dict())
    assert again.to_dict() == battle.to_dict()
    again.apply(End())
    assert again.fighters["c1"].side == "foes"
