"""Kept artifacts' and enchantments' abilities and triggers, Circles of Protection and */* creatures (seed 001,
"Character Stats" Focus, "Combat Mechanics" 5 "Commanding"; rulings PW43-PW46), with scripted dice."""

from __future__ import annotations

import pytest

from magecraft.core.errors import DataError, RuleError
from magecraft.planeswalker.actions import Activate, Cast, Channel, End, Engage, Pass
from magecraft.planeswalker.bot import choose, ready_mage
from magecraft.planeswalker.effects import parse
from magecraft.planeswalker.mana import total
from magecraft.planeswalker.settings import Settings
from magecraft.planeswalker.spells import profile
from tests.planeswalker.test_effects import ready

TIES = [3, 5]


def to_your_channelling(battle) -> None:
    """Others pass their turns (no casting) until it is your Channelling phase."""
    while battle.current_player() != "you" or battle.phase != "channelling":
        phase = battle.phase
        battle.apply(Channel() if phase == "channelling" else End() if phase == "main"
                     else Pass() if phase == "response" else battle.legal_actions()[0])


def keep(battle, name: str, owner: str = "you") -> None:
    """``owner`` keeps ``name`` (cast on an earlier turn)."""
    battle.fighters[owner].permanents.append(name)
    battle.invalidate()


# -- activated abilities of kept permanents (PW43) --------------------------------------------------------


def test_rod_of_ruin_deals_one_damage_taps_and_untaps_at_the_next_upkeep(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])  # ranged: "any target" reaches
    keep(battle, "Rod of Ruin")
    battle.apply(Channel())
    you, bears = battle.fighters["you"], battle.fighters["c1"]
    assert Activate(card="Rod of Ruin", target="c1") in battle.legal_actions()
    battle.apply(Activate(card="Rod of Ruin", target="c1"))
    assert bears.life == 3 and total(you.mana) == 0 and you.tapped_permanents == ["Rod of Ruin"]
    assert battle.actions_left == you.speed - 1
    you.mana["R"] = 3
    battle.invalidate()
    with pytest.raises(RuleError, match="tapped until"):
        battle.apply(Activate(card="Rod of Ruin", target="c1"))
    assert bears.life == 3 and you.mana["R"] == 3  # refused: nothing changed
    battle.apply(End())
    battle.rng.extend_script([1] * 10)
    while battle.current_player() != "you":
        battle.apply(End())
    battle.apply(Channel())
    assert you.tapped_permanents == []


def test_an_ability_above_mastery_or_not_kept_is_refused_naming_the_rule(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    keep(battle, "Aladdin's Ring")
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 8
    battle.invalidate()
    with pytest.raises(RuleError, match="above Hero's Mastery 3") as refused:
        battle.apply(Activate(card="Aladdin's Ring", target="c1"))
    assert refused.value.rule == "Mastery" and battle.fighters["c1"].life == 4
    with pytest.raises(RuleError, match="keeps no artifact or enchantment"):
        battle.apply(Activate(card="Rod of Ruin", target="c1"))


def test_icy_manipulator_taps_an_enemy_creature_in_close_combat_only(make_battle) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], TIES, ranges={"c1": "close"})
    keep(battle, "Icy Manipulator")
    battle.apply(Channel())
    icy = [a.target for a in battle.legal_actions() if a.kind == "activate"]
    assert icy == ["c1"]  # the piker is at ranged: "target creature" cannot reach it (PW16)
    battle.apply(Activate(card="Icy Manipulator", target="c1"))
    assert battle.fighters["c1"].tapped and not battle.fighters["c2"].tapped


def test_disrupting_scepter_makes_an_enemy_mage_forget_its_last_spell(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    keep(battle, "Disrupting Scepter")
    mage = battle.fighters["mage"]
    before = list(mage.memory)
    to_your_channelling(battle)
    battle.apply(Channel())
    battle.apply(Activate(card="Disrupting Scepter", target="mage"))
    if battle.phase == "response":
        battle.apply(Pass())
    assert mage.memory == before[:-1]


def test_tanglebloom_gains_life_and_ur_golems_eye_adds_two_colorless_at_once(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"power": 2, "toughness": 2, "focus": 1}))
    keep(battle, "Tanglebloom")
    keep(battle, "Ur-Golem's Eye")
    battle.apply(Channel())
    you = battle.fighters["you"]
    battle.apply(Activate(card="Ur-Golem's Eye"))
    assert you.mana.get("C", 0) == 2 and battle.phase == "main"
    battle.apply(Activate(card="Tanglebloom"))
    assert you.life == 6 and you.mana.get("C", 0) == 1


def test_treasure_trove_draws_each_time_it_is_paid_for(make_battle, make_hero) -> None:
    hero = make_hero(identity=("U", "U", "R"), increases={"mastery": 1, "power": 2},
                     library=("Shock", "Giant Growth", "Volcanic Hammer", "Boomerang"), memorized=("Shock",))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    keep(battle, "Treasure Trove")
    battle.apply(Channel())
    you = battle.fighters["you"]
    you.mana.update({"U": 4, "C": 4})
    battle.invalidate()
    battle.apply(Activate(card="Treasure Trove"))
    battle.apply(Activate(card="Treasure Trove"))
    assert you.memory == ["Shock", "Giant Growth", "Volcanic Hammer"] and you.mana == {"U": 0, "C": 0, "R": 1}


def test_aura_abilities_act_on_the_enchanted_creature(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"power": 2, "toughness": 2, "focus": 3}))
    bears = ready(battle, "Grizzly Bears")
    you = battle.fighters["you"]
    battle.attach(you, "Firebreathing", bears)
    battle.attach(you, "Regeneration", bears)
    battle.apply(Channel())
    assert {a.target for a in battle.legal_actions() if a.kind == "activate"} == {bears}
    battle.apply(Activate(card="Firebreathing", target=bears))
    battle.apply(Activate(card="Regeneration", target=bears))
    assert battle.fighters[bears].power == 3 and battle.fighters[bears].shields == 1
    assert you.mana == {"R": 1, "G": 0}


# -- kept permanents' triggers (PW45) ---------------------------------------------------------------------


def test_phyrexian_arena_draws_and_loses_one_life_at_its_mages_upkeep(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    keep(battle, "Phyrexian Arena")
    you = battle.fighters["you"]
    battle.apply(Channel())  # no draw of its own: the Arena's only
    assert you.life == 4 and you.memory == ["Shock", "Grizzly Bears", "Volcanic Hammer", "Giant Growth"]


def test_howling_mine_gives_every_mage_an_extra_card_at_its_channelling(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    keep(battle, "Howling Mine", owner="mage")
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    mine = len(you.memory)
    to_your_channelling(battle)
    battle.apply(Channel(draw=True))
    assert you.memory[mine:] == ["Giant Growth", "Craw Wurm"]  # its own draw, then the Mine's
    battle.apply(End())
    while battle.phase == "forget":
        battle.apply(battle.legal_actions()[0])
    while battle.current_player() != "mage" or battle.phase != "channelling":
        battle.apply(End() if battle.phase == "main" else battle.legal_actions()[0])
    held, coming = list(mage.memory), mage.library[0]
    battle.apply(Channel())
    assert mage.memory == [*held, coming]  # the keeper's own Channelling too


def test_a_trinket_gains_one_life_for_each_spell_of_its_colour(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"power": 2, "toughness": 2, "focus": 1}))
    keep(battle, "Dragon's Claw")
    you = battle.fighters["you"]
    battle.apply(Channel())
    battle.apply(Cast(card="Shock", target="c1"))
    assert you.life == 6
    you.mana.update({"G": 1, "C": 1})
    battle.invalidate()
    battle.apply(Cast(card="Grizzly Bears"))
    assert you.life == 6  # green: the Claw counts red spells only


# -- Circles of Protection (PW46) ------------------------------------------------------------------------


def _piker_engages_past(make_battle, circle: str, dice: list[int]):
    """You keep ``circle``; at the Goblin Piker's turn it engages you with ``dice``: you after the strike."""
    battle = make_battle(["Goblin Piker"], ranges={"c1": "close"})
    keep(battle, circle)
    battle.apply(Channel())
    battle.apply(End())
    assert battle.current_player() == "c1"
    battle.rng.extend_script(dice)
    battle.apply(Engage(target="you"))
    return battle.fighters["you"]


def test_circle_of_protection_red_prevents_a_red_creatures_strike_for_one_mana(make_battle) -> None:
    # the piker's two Power dice (6, 6) against three Toughness dice (1, 1, 1); the counter-attack misses
    you = _piker_engages_past(make_battle, "Circle of Protection: Red", [6, 6, 1, 1, 1, 1, 1, 1, 6])
    assert you.life == 5 and total(you.mana) == 2


def test_circle_of_protection_black_does_not_stop_red_damage_and_needs_mana(make_battle) -> None:
    # 4 + 3 against 1 + 1 + 1: 4 damage; the counter-attack's 1 + 1 + 1 against the piker's 6 misses
    you = _piker_engages_past(make_battle, "Circle of Protection: Black", [4, 3, 1, 1, 1, 1, 1, 1, 6])
    assert you.life == 1 and total(you.mana) == 3


def test_a_circle_prevents_a_spells_damage_of_its_colour_while_the_pool_pays(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    keep(battle, "Circle of Protection: Red")
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    you.mana = {"R": 1}
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == 5 and you.mana == {"R": 0}
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == 3  # the pool is empty: the Circle cannot be paid


# -- */* creatures (PW44) ---------------------------------------------------------------------------------


def test_nightmare_counts_its_mages_swamps_and_alone_the_lone_count(make_battle, make_hero) -> None:
    battle = make_battle(["Nightmare"], hero=make_hero(identity=("B", "B", "R")))
    alone = battle.fighters["c1"]
    assert (alone.power, alone.toughness, alone.life) == (3, 3, 6)  # lone_count 3
    mine = ready(battle, "Nightmare")
    battle.refresh()
    assert (battle.fighters[mine].power, battle.fighters[mine].toughness, battle.fighters[mine].life) == (2, 2, 4)
    settled = make_battle(["Nightmare", "Grizzly Bears"], TIES, settings=Settings(lone_count=1))
    assert settled.fighters["c1"].toughness == 1


def test_a_star_creature_whose_toughness_counts_zero_dies(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])  # identity R, R, G: no Swamps
    mine = ready(battle, "Nightmare")
    battle.refresh()
    assert battle.fighters[mine].out == "dead" and mine not in battle.fighters["you"].creatures


def test_swarm_of_rats_counts_the_rats_of_its_controller(make_battle) -> None:
    battle = make_battle(["Swarm of Rats", "Swarm of Rats"], TIES)
    first, second = battle.fighters["c1"], battle.fighters["c2"]
    assert (first.power, first.toughness, first.life) == (2, 1, 2)
    second.out = "dead"
    battle.refresh()
    assert first.power == 1


def test_maro_counts_the_spells_in_its_mages_memory(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    maro = ready(battle, "Maro")
    battle.refresh()
    assert (battle.fighters[maro].power, battle.fighters[maro].toughness, battle.fighters[maro].life) == (3, 3, 6)
    battle.apply(Channel())
    battle.apply(Cast(card="Shock", target="c1"))
    assert (battle.fighters[maro].power, battle.fighters[maro].toughness, battle.fighters[maro].life) == (2, 2, 6)


def test_magnivore_counts_sorceries_in_every_graveyard(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    battle.apply(Channel())
    battle.apply(Cast(card="Shock", target="c1"))  # an instant: not counted
    battle.apply(Cast(card="Volcanic Hammer", target="c1"))  # a sorcery
    beast = ready(battle, "Magnivore")
    battle.refresh()
    assert (battle.fighters[beast].power, battle.fighters[beast].toughness) == (1, 1)


def test_beast_of_burden_counts_every_creature_in_the_battle(make_battle) -> None:
    battle = make_battle(["Beast of Burden", "Grizzly Bears"], TIES)
    beast = battle.fighters["c1"]
    assert (beast.power, beast.toughness, beast.life) == (2, 2, 4)
    ready(battle, "Grizzly Bears")
    battle.refresh()
    assert (beast.power, beast.toughness, beast.life) == (3, 3, 4)  # Life twice the Toughness it entered with


# -- the bot (PW19) and the data file -------------------------------------------------------------------


def test_the_bot_uses_a_kept_rod_of_ruin_and_casts_a_useful_artifact(make_battle, make_hero) -> None:
    hero = make_hero(memorized=("Craw Wurm",))  # nothing it can cast
    battle = make_battle(["Grizzly Bears"], hero=hero)
    keep(battle, "Rod of Ruin")
    battle.apply(Channel())
    assert choose(battle) == Activate(card="Rod of Ruin", target="c1")
    tools = make_battle(["Grizzly Bears"], hero=make_hero(memorized=("Howling Mine",),
                                                           library=("Howling Mine", "Shock")))
    tools.apply(Channel())
    assert choose(tools) == Cast(card="Howling Mine")


def test_counts_wards_and_kept_triggers_are_checked_whole() -> None:
    with pytest.raises(DataError, match="ward"):
        parse({"card": [{"name": "Grizzly Bears", "ward": {"colour": "R", "cost": "{1}"}}]})
    with pytest.raises(DataError, match="count"):
        parse({"card": [{"name": "Howling Mine", "count": {"of": "hand"}}]})
    with pytest.raises(DataError, match="lands count a colour"):
        parse({"card": [{"name": "Nightmare", "count": {"of": "lands"}}]})
    with pytest.raises(DataError, match="kept permanent's trigger"):
        parse({"card": [{"name": "Dragon's Claw", "triggers": [
            {"when": "cast", "colour": "Q", "effects": [{"kind": "gain life", "amount": 1}]}]}]})
    with pytest.raises(DataError, match="only a creature has triggers"):
        parse({"card": [{"name": "Shock", "triggers": [{"when": "cast", "effects": []}]}]})


def test_grave_pact_makes_each_other_mage_sacrifice_its_weakest_creature(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    keep(battle, "Grave Pact")
    mage = battle.fighters["mage"]
    mine = ready(battle, "Grizzly Bears")
    piker, wurm = ready(battle, "Goblin Piker", owner="mage"), ready(battle, "Craw Wurm", owner="mage")
    battle.remove(battle.fighters[mine], "unsummoned")  # leaving is not dying
    assert battle.fighters[piker].active
    again = ready(battle, "Grizzly Bears")
    battle.destroy(battle.fighters[again], no_regenerate=True)
    assert battle.fighters[piker].out == "sacrificed" and battle.fighters[wurm].active
    assert mage.controlled() == [wurm]
    last = ready(battle, "Goblin Piker", owner="mage")
    battle.destroy(battle.fighters[wurm], no_regenerate=True)  # the enemy's creature: not "yours"
    assert battle.fighters[last].active and mage.controlled() == [last]
