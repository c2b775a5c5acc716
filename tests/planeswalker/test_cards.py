"""More transcribed cards (ruling PW48): Yavimaya Enchantress, Ivory Mask, Verduran Enchantress, Mogg Sentry,
Flowstone Slide, Mindslicer, Biorhythm, Blanchwood Armor, Anarchist -- each in a battle, with scripted dice."""

from __future__ import annotations

import pytest

from magecraft.core.errors import RuleError
from magecraft.planeswalker.actions import (
    Activate,
    Allow,
    Cast,
    Channel,
    Command,
    Done,
    End,
    Engage,
    Forget,
    OrderAbility,
    OrderEngage,
    Pass,
)
from magecraft.planeswalker.bot import ready_mage
from magecraft.planeswalker.spells import profile
from tests.planeswalker.test_effects import ready
from tests.planeswalker.test_pervasive import keep, to_your_channelling


def test_yavimaya_enchantress_grows_with_every_enchantment_kept(make_battle) -> None:
    battle = make_battle(["Yavimaya Enchantress"])
    enchantress = battle.fighters["c1"]
    assert (enchantress.power, enchantress.toughness, enchantress.life) == (2, 2, 4)
    keep(battle, "Ivory Mask")
    keep(battle, "Demon's Horn")  # an artifact: not counted
    battle.refresh()
    assert (enchantress.power, enchantress.toughness, enchantress.life) == (3, 3, 4)


def test_ivory_mask_gives_its_mage_shroud(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], enemy_mage=ready_mage("Goblin Pyromancer"))
    keep(battle, "Ivory Mask", owner="mage")
    to_your_channelling(battle)
    battle.apply(Channel())
    shocks = {a.target for a in battle.legal_actions() if a.card == "Shock"}
    assert "mage" not in shocks and "c1" in shocks
    with pytest.raises(RuleError, match="shroud"):
        battle.apply(Cast(card="Shock", target="mage"))


def test_verduran_enchantress_draws_when_its_mage_casts_an_enchantment(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2},
                     library=("Regeneration", "Shock", "Giant Growth", "Volcanic Hammer"),
                     memorized=("Regeneration", "Shock"))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    enchantress = ready(battle, "Verduran Enchantress")
    battle.apply(Channel())
    you = battle.fighters["you"]
    battle.apply(Cast(card="Regeneration", target=enchantress))
    assert you.memory == ["Shock", "Giant Growth"]
    battle.apply(Cast(card="Shock", target="c1"))  # an instant: no draw
    assert you.memory == ["Giant Growth"]


def test_mogg_sentry_grows_when_an_opponent_casts(make_battle, make_hero) -> None:
    hero = make_hero(library=("Giant Growth", "Shock"), memorized=("Giant Growth", "Shock"))
    battle = make_battle(["Mogg Sentry"], hero=hero)
    sentry, mine = battle.fighters["c1"], battle.fighters[ready(battle, "Mogg Sentry")]
    battle.apply(Channel())
    battle.apply(Cast(card="Giant Growth", target="you"))
    assert (sentry.power, sentry.toughness, sentry.life) == (3, 3, 2)
    assert (mine.power, mine.toughness) == (1, 1)  # its own mage cast it
    battle.apply(End())
    assert (sentry.power, sentry.toughness) == (1, 1)  # until end of turn


def test_flowstone_slide_gives_every_creature_plus_x_minus_x(make_battle, make_hero) -> None:
    hero = make_hero(identity=("B", "R", "R"), increases={"power": 2, "toughness": 2, "mastery": 2, "focus": 1},
                     library=("Flowstone Slide", "Shock"), memorized=("Flowstone Slide",))
    battle = make_battle(["Craw Wurm"], hero=hero)
    mine = ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 4  # seven mana: X = 2 (Mastery 6 less the cost's 4)
    battle.invalidate()
    battle.apply(Cast(card="Flowstone Slide"))
    wurm, bears, you = battle.fighters["c1"], battle.fighters[mine], battle.fighters["you"]
    assert (wurm.power, wurm.toughness, bears.power, bears.toughness) == (8, 2, 4, 0)
    assert bears.active  # a Toughness lowered to 0 kills nothing here (PW8)
    assert (you.power, you.toughness) == (3, 3)  # creatures only


def test_mindslicer_dying_empties_every_mages_memory(make_battle) -> None:
    battle = make_battle(["Mindslicer"], enemy_mage=ready_mage("Goblin Pyromancer"))
    assert battle.fighters["you"].memory and battle.fighters["mage"].memory
    battle.destroy(battle.fighters["c1"], no_regenerate=True)  # alone: still "each player"
    assert battle.fighters["you"].memory == [] and battle.fighters["mage"].memory == []


def test_biorhythm_sets_each_mages_life_to_its_creatures(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    ready(battle, "Grizzly Bears")
    ready(battle, "Goblin Piker")
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    battle.resolve_spell(you, profile("Biorhythm"), "", 0)
    assert you.life == 2 and mage.life == 0 and mage.out == "lost"


def test_blanchwood_armor_gives_one_per_forest_while_kept(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(identity=("G", "G", "R")))
    bears = ready(battle, "Grizzly Bears")
    you = battle.fighters["you"]
    battle.attach(you, "Blanchwood Armor", bears)
    mine = battle.fighters[bears]
    assert (mine.power, mine.toughness, mine.life) == (4, 4, 4)  # two Forests; Life stays (PW35)
    battle.release(you, "", "Blanchwood Armor")
    assert (mine.power, mine.toughness) == (2, 2)


def test_anarchist_returns_the_latest_sorcery_to_memory(make_battle) -> None:
    battle = make_battle(["Craw Wurm"])
    battle.apply(Channel())
    battle.apply(Cast(card="Volcanic Hammer", target="c1"))
    you = battle.fighters["you"]
    you.mana["R"] = 1
    battle.invalidate()
    battle.apply(Cast(card="Shock", target="c1"))
    assert you.graveyard == ["Volcanic Hammer", "Shock"]
    ready(battle, "Anarchist")
    assert you.graveyard == ["Shock"] and you.memory[-1] == "Volcanic Hammer"


# -- PW49 --------------------------------------------------------------------------------------------------


def test_hypnotic_specter_striking_a_mage_makes_it_forget_a_spell_at_random(make_battle) -> None:
    battle = make_battle(["Hypnotic Specter"], ranges={"c1": "close"})
    you = battle.fighters["you"]
    battle.apply(Channel())
    battle.apply(End())
    # the Specter's 3 + 3 against 1 + 1 + 1; the counter-attack's 1 + 1 + 1 against 6 + 6; a d3 picks the 2nd
    battle.rng.extend_script([3, 3, 1, 1, 1, 1, 1, 1, 6, 6, 2])
    battle.apply(Engage(target="you"))
    assert you.life == 2 and you.memory == ["Shock", "Volcanic Hammer"]


def test_thieving_magpie_draws_for_its_mage_when_it_damages_an_opponent(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), ranges={"mage": "close"})
    magpie = ready(battle, "Thieving Magpie")
    you = battle.fighters["you"]
    held = list(you.memory)
    battle.rng.extend_script([6, 1, 1, 1, 1, 1, 1, 6, 6, 6])  # 6 against 3: 3 damage; the counter misses
    battle.fight(magpie, "mage")
    assert battle.fighters["mage"].life == 4 and you.memory == [*held, "Giant Growth"]
    # 1 against the mage's 6 + 6 (its Toughness lowered by the first strike): no damage, no draw; the
    # counter-attack's 3 against the Magpie's Toughness 0 (lowered to the End phase) leaves it at 3 Life
    battle.rng.extend_script([1, 6, 6, 1, 1, 1])
    battle.fight(magpie, "mage")
    assert battle.fighters[magpie].life == 3 and you.memory == [*held, "Giant Growth"]


def test_worship_keeps_its_mage_at_one_life_while_it_controls_a_creature(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    keep(battle, "Worship")
    bears = ready(battle, "Grizzly Bears")
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    battle.resolve_spell(mage, profile("Lava Axe"), "you", 0)
    assert you.life == 1 and you.active
    battle.remove(battle.fighters[bears], "unsummoned")
    battle.resolve_spell(mage, profile("Shock"), "you", 0)
    assert you.life == -1 and you.out == "lost"


def test_coat_of_arms_counts_the_other_creatures_sharing_a_type(make_battle) -> None:
    battle = make_battle(["Goblin Piker", "Goblin Piker", "Grizzly Bears"], [3, 5, 1])
    keep(battle, "Coat of Arms")
    battle.lordly = True
    battle.refresh()
    pikers, bears = (battle.fighters["c1"], battle.fighters["c2"]), battle.fighters["c3"]
    assert [(p.power, p.toughness, p.life) for p in pikers] == [(3, 2, 2), (3, 2, 2)]
    assert (bears.power, bears.toughness) == (2, 2)


# -- Equipment (PW50) ---------------------------------------------------------------------------------------


def test_equip_moves_an_equipments_bonus_between_own_creatures_and_the_mage(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 1})
    battle = make_battle(["Grizzly Bears"], [6, 1], hero=hero, party=[make_hero(name="Ally")])
    keep(battle, "Vulshok Morningstar")
    bears = ready(battle, "Grizzly Bears")
    ready(battle, "Grizzly Bears", owner="p2")
    to_your_channelling(battle)
    battle.apply(Channel())
    you = battle.fighters["you"]
    # "creature you control": not the enemy's, nor an ally's
    assert {a.target for a in battle.legal_actions() if a.kind == "activate"} == {bears, "you"}
    battle.apply(Activate(card="Vulshok Morningstar", target=bears))
    while battle.phase == "response":  # the ally may answer (PW43)
        battle.apply(Pass())
    mine = battle.fighters[bears]
    assert (mine.power, mine.toughness, mine.life) == (4, 4, 4)
    you.mana["C"] = 2
    battle.invalidate()
    battle.apply(Activate(card="Vulshok Morningstar", target="you"))
    while battle.phase == "response":
        battle.apply(Pass())
    assert (mine.power, mine.toughness) == (2, 2) and (you.power, you.toughness, you.life) == (5, 5, 5)


def test_an_equipment_stays_kept_when_its_creature_dies(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"power": 2, "toughness": 2, "focus": 1}))
    keep(battle, "Loxodon Warhammer")
    bears = ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.apply(Activate(card="Loxodon Warhammer", target=bears))
    mine, you = battle.fighters[bears], battle.fighters["you"]
    assert mine.power == 5 and {"Trample", "Lifelink"} <= set(mine.keywords)
    battle.destroy(mine, no_regenerate=True)
    assert you.permanents == ["Loxodon Warhammer"] and you.auras == [] and you.graveyard == []


def test_the_bot_equips_its_strongest_creature(make_battle, make_hero) -> None:
    from magecraft.planeswalker.bot import choose

    battle = make_battle(["Grizzly Bears"], hero=make_hero(memorized=("Craw Wurm",),
                                                           increases={"power": 2, "toughness": 2, "focus": 2}))
    keep(battle, "Vulshok Morningstar")
    ready(battle, "Llanowar Elves")
    bears = ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.apply(Command())
    battle.apply(Done())
    assert choose(battle) == Activate(card="Vulshok Morningstar", target=bears)


# -- PW51 ---------------------------------------------------------------------------------------------------


def test_sea_monster_engages_only_a_mage_with_an_island(make_battle, make_hero) -> None:
    battle = make_battle(["Sea Monster"], ranges={"c1": "close"})  # identity R, R, G: no Island
    battle.apply(Channel())
    battle.apply(End())
    assert Engage(target="you") not in battle.legal_actions()
    with pytest.raises(RuleError, match="Island"):
        battle.apply(Engage(target="you"))
    blue = make_battle(["Sea Monster"], hero=make_hero(identity=("U", "R", "R")), ranges={"c1": "close"})
    blue.apply(Channel())
    blue.apply(End())
    assert Engage(target="you") in blue.legal_actions()


def test_dehydration_keeps_its_creature_tapped(make_battle) -> None:
    battle = make_battle(["Grizzly Bears", "Goblin Piker"], [3, 5], ranges={"c1": "close", "c2": "close"})
    you = battle.fighters["you"]
    battle.attach(you, "Dehydration", "c1")
    bears, piker = battle.fighters["c1"], battle.fighters["c2"]
    bears.tapped = piker.tapped = True
    battle.apply(Channel())
    battle.apply(End())
    while battle.current_player() != "c1":
        battle.apply(End())
    assert bears.tapped and Engage(target="you") not in battle.legal_actions()
    assert not piker.tapped  # refreshed at the start of its own turn (it came first or will)


def test_marble_titan_keeps_creatures_of_power_three_or_more_tapped(make_battle) -> None:
    battle = make_battle(["Marble Titan", "Grizzly Bears"], [3, 5])
    mine = ready(battle, "Craw Wurm")
    titan, bears, wurm = battle.fighters["c1"], battle.fighters["c2"], battle.fighters[mine]
    titan.tapped = bears.tapped = wurm.tapped = True
    battle.apply(Channel())  # the hero's Upkeep refreshes its creatures
    assert wurm.tapped and not battle.untaps(titan) and battle.untaps(bears)
    titan.out = "dead"
    assert battle.untaps(wurm)


def test_deathgazer_destroys_a_nonblack_creature_it_fought(make_battle) -> None:
    battle = make_battle(["Deathgazer"], ranges={"c1": "close"})
    bears = ready(battle, "Grizzly Bears")
    battle.rng.extend_script([1, 1, 6, 6, 1, 1, 6, 6])  # no damage either way
    battle.fight(bears, "c1")
    assert battle.fighters[bears].out == "dead" and battle.fighters["c1"].active
    shade = ready(battle, "Looming Shade")  # black
    # the Shade's 1 against no dice (the Deathgazer's Toughness lowered to 0); the counter's 1 + 1 against 6
    battle.rng.extend_script([1, 1, 1, 6])
    battle.fight(shade, "c1")
    assert battle.fighters[shade].active


def test_elvish_berserker_grows_when_it_fights_a_creature(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    berserker = ready(battle, "Elvish Berserker")
    battle.rng.extend_script([1] * 12)
    battle.fight(berserker, "c1")
    rolls = [e for e in battle.log if e.kind == "roll" and "Elvish Berserker" in e.label and "Power" in e.label]
    assert len(rolls) == 2  # 1 + 1 Power against a blocker


def _enemy_keeps(make_battle, card: str):
    """The enemy mage (a Goblin Pyromancer) keeps ``card``; you draw at your Channelling: the battle, you
    and your Life before the draw."""
    battle = make_battle(["Grizzly Bears"], enemy_mage=ready_mage("Goblin Pyromancer"))
    keep(battle, card, owner="mage")
    to_your_channelling(battle)
    you = battle.fighters["you"]
    life = you.life
    battle.apply(Channel(draw=True))
    return battle, you, life


def test_underworld_dreams_hurts_an_enemy_for_each_spell_drawn(make_battle) -> None:
    _, you, life = _enemy_keeps(make_battle, "Underworld Dreams")
    assert you.life == life - 1


def test_megrim_hurts_an_enemy_for_each_spell_forgotten_at_the_end_phase(make_battle) -> None:
    battle, you, life = _enemy_keeps(make_battle, "Megrim")   # four spells held, three allowed
    battle.apply(End())
    assert battle.phase == "forget"
    battle.apply(Forget(card="Shock"))
    assert you.life == life - 2


def test_force_of_nature_hurts_its_mage_unless_paid(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(identity=("G", "G", "R")))
    ready(battle, "Force of Nature")
    you = battle.fighters["you"]
    you.mana["G"] = 4  # more than the pool holds: paid at the Upkeep
    battle.apply(Channel())
    assert you.life == 5 and you.mana["G"] == 0
    unpaid = make_battle(["Grizzly Bears"])
    ready(unpaid, "Force of Nature")
    unpaid.apply(Channel())
    assert unpaid.fighters["you"].out == "lost"


def test_force_of_nature_alone_hurts_itself_at_the_start_of_its_turn(make_battle) -> None:
    battle = make_battle(["Force of Nature"])
    battle.apply(Channel())
    battle.apply(End())
    assert battle.current_player() == "c1" and battle.fighters["c1"].life == 8


# -- PW52 ---------------------------------------------------------------------------------------------------


def test_holy_day_prevents_all_combat_damage_this_turn(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    you, bears = battle.fighters["you"], battle.fighters["c1"]
    battle.resolve_spell(you, profile("Holy Day"), "", 0)
    battle.apply(Channel())
    battle.rng.extend_script([6, 6, 6, 1, 1, 6, 6, 1, 1, 1])
    battle.apply(Engage(target="c1"))
    assert bears.life == 4 and you.life == 5 and bears.toughness == 0  # the dice still lower Toughness
    battle.apply(End())
    assert "Combat damage prevented" not in you.keywords + bears.keywords  # this turn only


def test_mana_clash_flips_d2_coins_until_both_come_up_heads(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    life = mage.life
    battle.rng.extend_script([2, 2, 1, 2, 2, 1, 1, 1])  # both tails; the mage's; yours; both heads
    battle.resolve_spell(you, profile("Mana Clash"), "mage", 0)
    assert you.life == 3 and mage.life == life - 2


def test_baleful_stare_draws_one_per_red_spell_in_the_enemys_memory(make_battle, make_hero) -> None:
    hero = make_hero(library=("Shock", "Grizzly Bears", "Volcanic Hammer", "Giant Growth", "Craw Wurm", "Kird Ape",
                              "Lava Axe"))
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), hero=hero)
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    assert mage.memory == ["Shock", "Goblin Piker", "Volcanic Hammer"]  # all red
    mage.memory.append("Dark Banishing")  # black
    held = list(you.memory)
    battle.resolve_spell(you, profile("Baleful Stare"), "mage", 0)
    assert you.memory == [*held, "Giant Growth", "Craw Wurm", "Kird Ape"]
    battle.resolve_spell(you, profile("Withering Gaze"), "mage", 0)  # no green spell: nothing
    assert len(you.memory) == len(held) + 3


def test_sift_draws_three_and_forgets_the_last(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    you = battle.fighters["you"]
    held = list(you.memory)
    battle.resolve_spell(you, profile("Sift"), "", 0)
    assert you.memory == [*held, "Giant Growth", "Craw Wurm"]


def test_fellwar_stone_adds_a_colour_of_an_enemy_mage(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Necromancer of Urborg"))  # B, B, U
    keep(battle, "Fellwar Stone")
    to_your_channelling(battle)
    battle.apply(Channel())
    you = battle.fighters["you"]
    you.mana["R"] = 0  # room for Red: but Red is not an enemy's land
    battle.invalidate()
    battle.apply(Activate(card="Fellwar Stone"))
    assert you.mana.get("U") == 1 and "B" not in you.mana  # no room for either: W U B R G order


def test_peace_of_mind_forgets_a_spell_to_gain_three_life(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero_white())
    keep(battle, "Peace of Mind")
    battle.apply(Channel())
    you = battle.fighters["you"]
    you.memory.clear()
    battle.invalidate()
    assert not [a for a in battle.legal_actions() if a.kind == "activate"]  # nothing to discard
    with pytest.raises(RuleError, match="no spell to discard"):
        battle.apply(Activate(card="Peace of Mind"))
    you.memory.append("Shock")
    battle.invalidate()
    battle.apply(Activate(card="Peace of Mind"))
    assert you.life == 8 and you.memory == []


def make_hero_white():
    from tests.planeswalker.conftest import make_hero

    return make_hero(identity=("W", "R", "G"))


def test_elvish_bard_must_be_intercepted_when_a_creature_can(make_battle) -> None:
    battle = make_battle(["Elvish Bard"], ranges={"c1": "close"})
    ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.apply(End())
    battle.apply(Engage(target="you"))
    assert battle.phase == "intercept" and Allow() not in battle.legal_actions()
    with pytest.raises(RuleError, match="Elvish Bard"):
        battle.apply(Allow())


def test_seedborn_muse_refreshes_its_mages_creatures_on_other_turns(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    muse, bears = ready(battle, "Seedborn Muse"), ready(battle, "Grizzly Bears")
    keep(battle, "Rod of Ruin")
    you = battle.fighters["you"]
    battle.fighters[bears].tapped = True
    you.tapped_permanents.append("Rod of Ruin")
    while battle.current_player() != "mage" or battle.phase != "channelling":
        battle.apply(End() if battle.phase == "main" else battle.legal_actions()[0])
    battle.fighters[bears].tapped = True
    you.tapped_permanents.append("Rod of Ruin")
    battle.apply(Channel())  # the mage's untap step
    assert not battle.fighters[bears].tapped and you.tapped_permanents == [] and battle.fighters[muse].active


# -- PW53 ---------------------------------------------------------------------------------------------------


def test_furnace_of_rath_doubles_a_spells_damage_for_each_kept(make_battle) -> None:
    battle = make_battle(["Craw Wurm"])
    keep(battle, "Furnace of Rath")
    you, wurm = battle.fighters["you"], battle.fighters["c1"]
    battle.resolve_spell(you, profile("Shock"), "c1", 0)
    assert wurm.life == 8 - 4
    keep(battle, "Furnace of Rath", owner="you")
    wurm.life = 8
    battle.resolve_spell(you, profile("Shock"), "c1", 0)
    assert wurm.life == 0 and wurm.out == "dead"  # two Furnaces: 2 x 2 x 2


def test_furnace_of_rath_doubles_a_strike(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    keep(battle, "Furnace of Rath")
    battle.apply(Channel())
    battle.rng.extend_script([3, 1, 1, 1, 1, 6, 6, 6])  # 5 against 2: 3, doubled
    battle.apply(Engage(target="c1"))
    assert next(e.data["damage"] for e in battle.log if e.kind == "strike") == 6
    assert battle.fighters["c1"].out == "dead"


def test_death_pits_of_rath_destroy_a_creature_dealt_damage(make_battle) -> None:
    battle = make_battle(["Craw Wurm", "Grizzly Bears"], [3, 5])
    keep(battle, "Death Pits of Rath")
    you = battle.fighters["you"]
    battle.resolve_spell(you, profile("Shock"), "c1", 0)
    assert battle.fighters["c1"].out == "dead" and battle.fighters["c1"].life == 6  # destroyed, not killed
    assert battle.fighters["c2"].active


def test_cowardice_returns_a_creature_targeted_by_a_spell(make_battle) -> None:
    battle = make_battle(["Craw Wurm"])
    keep(battle, "Cowardice")
    battle.apply(Channel())
    battle.apply(Cast(card="Shock", target="c1"))
    wurm = battle.fighters["c1"]
    assert wurm.out == "unsummoned" and wurm.life == 8  # returned before the Shock resolved: no damage


def _next_own_turn(battle) -> None:
    battle.apply(End())
    while battle.current_player() != "you" or battle.phase != "channelling":
        battle.apply(End())
    battle.apply(Channel())


def test_sengir_vampire_grows_when_a_creature_it_damaged_dies(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"] * 3, [3, 5, 1], ranges={"c1": "close", "c2": "close", "c3": "close"})
    vampire = ready(battle, "Sengir Vampire")
    you, sengir = battle.fighters["you"], battle.fighters[vampire]
    battle.apply(Channel())
    battle.apply(Command())
    battle.rng.extend_script([1, 1, 1, 2, 1, 2, 1, 1, 6, 6, 6, 6])  # 5 against 3: 2 damage; the counter misses
    battle.apply(OrderEngage(target="c1", creature=vampire))
    assert battle.fighters["c1"].life == 2
    _next_own_turn(battle)
    battle.resolve_spell(you, profile("Lava Axe"), "c1", 0)  # it dies a turn after the Vampire hurt it
    battle.apply(Command())
    battle.rng.extend_script([1, 1, 1, 1, 6, 6, 1, 1, 6, 6, 6, 6])  # 4 against 12: no damage either way
    battle.apply(OrderEngage(target="c2", creature=vampire))
    battle.resolve_spell(you, profile("Lava Axe"), "c2", 0)  # fought this turn, but never damaged by it
    assert battle.fighters["c1"].out == battle.fighters["c2"].out == "dead"
    assert (sengir.base_power, sengir.base_toughness) == (4, 4)
    _next_own_turn(battle)
    battle.apply(Command())
    battle.rng.extend_script([1, 1, 1, 2, 1, 2, 1, 1, 6, 6, 6, 6])  # 2 damage again
    battle.apply(OrderEngage(target="c3", creature=vampire))
    battle.resolve_spell(you, profile("Lava Axe"), "c3", 0)  # damaged by the Vampire this turn, then dies
    assert battle.fighters["c3"].out == "dead"
    assert (sengir.base_power, sengir.base_toughness, sengir.base_life) == (5, 5, 8)  # the dice, not Life


# -- PW54 ---------------------------------------------------------------------------------------------------


def test_clone_enters_as_a_copy_of_the_creature_chosen_when_cast(make_battle, make_hero) -> None:
    hero = make_hero(identity=("U", "U", "R"), increases={"power": 2, "mastery": 1},
                     library=("Clone", "Shock"), memorized=("Clone",))
    battle = make_battle(["Craw Wurm"], hero=hero, ranges={"c1": "close"})
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 1
    battle.invalidate()
    assert {a.target for a in battle.legal_actions() if a.card == "Clone"} == {"c1"}
    battle.apply(Cast(card="Clone", target="c1"))
    clone = battle.fighters["s1"]
    assert (clone.name, clone.power, clone.toughness, clone.life, clone.side) == ("Craw Wurm", 6, 4, 8, "party")


def test_clone_with_nothing_to_copy_dies(make_battle, make_hero) -> None:
    hero = make_hero(identity=("U", "U", "R"), increases={"power": 2, "mastery": 1},
                     library=("Clone", "Shock"), memorized=("Clone",))
    battle = make_battle(["Craw Wurm"], hero=hero)  # ranged: the Wurm cannot be copied from there
    battle.apply(Channel())
    battle.fighters["you"].mana["C"] = 1
    battle.invalidate()
    battle.apply(Cast(card="Clone"))
    assert battle.fighters["s1"].out == "dead"


def test_crafty_pathmage_makes_a_small_creature_unblockable(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 3})
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), ranges={"mage": "close"}, hero=hero)
    pathmage = ready(battle, "Crafty Pathmage")
    bears, wurm = ready(battle, "Grizzly Bears"), ready(battle, "Craw Wurm")
    to_your_channelling(battle)
    battle.apply(Channel())
    battle.apply(Command())
    targets = {a.target for a in battle.legal_actions() if a.kind == "order_ability"}
    assert bears in targets and pathmage in targets and wurm not in targets  # Power 2 or less
    battle.apply(OrderAbility(card="0", target=bears, creature=pathmage))
    while battle.phase == "response":
        battle.apply(Pass())
    assert "Can't be blocked" in battle.fighters[bears].keywords
    battle.summon(battle.fighters["mage"], "Grizzly Bears")
    from magecraft.planeswalker.decisions import interceptors

    battle.intercept = {"attacker": wurm, "target": "mage"}
    assert interceptors(battle) == ["s4"]  # the mage's bears could block the Wurm
    battle.intercept = {"attacker": bears, "target": "mage"}
    assert interceptors(battle) == []


def test_imaginary_pet_returns_at_upkeep_while_its_mage_holds_a_spell(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"])
    pet = ready(battle, "Imaginary Pet")
    battle.apply(Channel())  # Memory holds three spells
    assert battle.fighters[pet].out == "unsummoned"
    empty = make_battle(["Grizzly Bears"])
    kept = ready(empty, "Imaginary Pet")
    empty.fighters["you"].memory.clear()
    empty.apply(Channel())
    assert empty.fighters[kept].active


def test_spirit_link_gains_its_mage_the_damage_its_creature_deals(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 1})
    battle = make_battle(["Craw Wurm"], ranges={"c1": "close"}, hero=hero)
    artillery = ready(battle, "Orcish Artillery")
    you = battle.fighters["you"]
    battle.attach(you, "Spirit Link", artillery)
    battle.apply(Channel())
    battle.apply(Command())
    battle.apply(OrderAbility(card="0", target="c1", creature=artillery))
    # 2 to the Wurm (gained back by Spirit Link), 3 to its own mage (also damage it dealt)
    assert battle.fighters["c1"].life == 6 and you.life == 5 - 3 + 2 + 3


def test_contaminated_bond_costs_its_creatures_controller_life_when_it_fights(make_battle) -> None:
    battle = make_battle(["Grizzly Bears"], ranges={"c1": "close"})
    you, bears = battle.fighters["you"], battle.fighters["c1"]
    battle.attach(you, "Contaminated Bond", "c1")
    battle.apply(Channel())
    battle.rng.extend_script([1, 1, 1, 6, 6, 1, 1, 6, 6, 6])
    battle.apply(Engage(target="c1"))  # the bears block: they lose 3 life (alone: their own)
    assert bears.life == 4 - 3


# -- PW55 ---------------------------------------------------------------------------------------------------


def test_nantuko_husk_sacrifices_a_creature_of_its_own_to_grow(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"power": 2, "toughness": 2, "focus": 1}))
    husk, bears = ready(battle, "Nantuko Husk"), ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    battle.apply(Command())
    targets = {a.target for a in battle.legal_actions() if a.kind == "order_ability" and a.creature == husk}
    assert targets == {husk, bears}  # its own creatures, itself too; never the enemy's
    battle.apply(OrderAbility(card="0", target=bears, creature=husk))
    assert battle.fighters[bears].out == "sacrificed"
    assert (battle.fighters[husk].power, battle.fighters[husk].toughness) == (4, 4)


def test_llanowar_behemoth_taps_an_untapped_creature_of_its_own(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"power": 2, "toughness": 2, "focus": 1}))
    behemoth, elves = ready(battle, "Llanowar Behemoth"), ready(battle, "Llanowar Elves")
    battle.fighters[elves].tapped = True
    battle.apply(Channel())
    battle.fighters[elves].tapped = True  # still tapped after the Upkeep's refresh
    battle.apply(Command())
    targets = {a.target for a in battle.legal_actions() if a.kind == "order_ability" and a.creature == behemoth}
    assert targets == {behemoth}  # the Elves are tapped
    battle.apply(OrderAbility(card="0", target=behemoth, creature=behemoth))
    behemoth_now = battle.fighters[behemoth]
    assert behemoth_now.tapped and (behemoth_now.power, behemoth_now.toughness) == (5, 5)


def test_emperor_crocodile_is_sacrificed_when_it_stands_alone(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(increases={"power": 2, "toughness": 2, "focus": 1}))
    croc, bears = ready(battle, "Emperor Crocodile"), ready(battle, "Grizzly Bears")
    battle.apply(Channel())
    assert battle.fighters[croc].active
    battle.destroy(battle.fighters[bears], no_regenerate=True)
    battle.apply(End())
    assert battle.fighters[croc].out == "sacrificed"


def test_exhaustion_keeps_an_enemy_mages_creatures_tapped_for_one_refresh(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    battle.summon(battle.fighters["mage"], "Grizzly Bears")
    bears = battle.fighters["s1"]
    bears.tapped = True
    battle.resolve_spell(battle.fighters["you"], profile("Exhaustion"), "mage", 0)
    while battle.current_player() != "mage" or battle.phase != "channelling":
        battle.apply(End() if battle.phase == "main" else battle.legal_actions()[0])
    battle.apply(Channel())
    assert bears.tapped  # its next untap step is skipped
    while battle.current_player() != "mage" or battle.phase != "channelling":
        battle.apply(End() if battle.phase == "main" else battle.legal_actions()[0])
    battle.apply(Channel())
    assert not bears.tapped  # and only that one


# -- PW56 ---------------------------------------------------------------------------------------------------


def test_blinding_angel_makes_the_mage_it_damages_skip_its_next_combat(make_battle) -> None:
    from magecraft.planeswalker.combatants import pair

    battle = make_battle(["Blinding Angel"], ranges={"c1": "close"})
    you = battle.fighters["you"]
    battle.apply(Channel())
    battle.apply(End())
    # the Angel's 3 + 3 against 1 + 1 + 1: 3 damage; the counter-attack's 1 + 1 + 1 against 6 + 6 + 6 + 6
    battle.rng.extend_script([3, 3, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6])
    battle.apply(Engage(target="you"))
    assert you.life == 2
    battle.apply(End())
    battle.apply(Channel())
    battle.ranges[pair("c1", "you")] = "close"
    battle.invalidate()
    assert Engage(target="c1") not in battle.legal_actions()
    with pytest.raises(RuleError, match="Blinding Angel"):
        battle.apply(Engage(target="c1"))
    battle.apply(End())
    battle.apply(End())  # the Angel's turn
    battle.apply(Channel())
    assert Engage(target="c1") in battle.legal_actions()  # only the next combat was skipped


# -- PW57 ---------------------------------------------------------------------------------------------------


def test_final_punishment_takes_the_damage_dealt_this_turn_again(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    you, mage = battle.fighters["you"], battle.fighters["mage"]
    life = mage.life
    battle.resolve_spell(you, profile("Shock"), "mage", 0)
    battle.resolve_spell(you, profile("Final Punishment"), "mage", 0)
    assert mage.life == life - 2 - 2 and mage.damaged == 2  # lost life is not damage
    to_your_channelling(battle)
    battle.resolve_spell(you, profile("Final Punishment"), "mage", 0)  # a new turn: nothing dealt yet
    assert mage.life == life - 4


# -- PW58 ---------------------------------------------------------------------------------------------------


def test_greater_good_sacrifices_a_creature_to_draw_its_power_then_discards_three(make_battle, make_hero) -> None:
    hero = make_hero(increases={"power": 2, "toughness": 2, "focus": 2},
                     library=("Shock", "Grizzly Bears", "Volcanic Hammer", "Giant Growth", "Craw Wurm", "Kird Ape",
                              "Lava Axe", "Llanowar Elves", "Natural Spring", "Spined Wurm"))
    battle = make_battle(["Grizzly Bears"], hero=hero)
    keep(battle, "Greater Good")
    wurm = ready(battle, "Craw Wurm")  # Power 6
    battle.apply(Channel())
    you = battle.fighters["you"]
    assert {a.target for a in battle.legal_actions() if a.kind == "activate"} == {wurm}  # not c1, not itself
    battle.apply(Activate(card="Greater Good", target=wurm))
    assert battle.fighters[wurm].out == "sacrificed"
    # six drawn (Giant Growth ... Natural Spring, and Spined Wurm: the Library had seven), the last three forgotten
    assert you.memory == ["Shock", "Grizzly Bears", "Volcanic Hammer", "Giant Growth", "Craw Wurm", "Kird Ape"]


def test_polymorph_destroys_a_creature_and_its_mage_puts_the_next_creature_in(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"), ranges={"mage": "close"})
    mage = battle.fighters["mage"]
    battle.summon(mage, "Goblin Piker")
    piker = mage.creatures[-1]
    library = list(mage.library)
    first = next(n for n in library if n in ("Raging Goblin", "Goblin Brigand", "Bog Imp", "Drudge Skeletons",
                                              "Kird Ape"))
    battle.resolve_spell(battle.fighters["you"], profile("Polymorph"), piker, 0)
    assert battle.fighters[piker].out == "dead"
    assert battle.fighters[mage.creatures[-1]].name == first
    assert sorted(mage.library) == sorted(n for n in library if n != first)


# -- PW59 ---------------------------------------------------------------------------------------------------


def test_persecute_makes_the_mage_forget_its_commonest_colour(make_battle) -> None:
    battle = make_battle([], enemy_mage=ready_mage("Goblin Pyromancer"))
    mage = battle.fighters["mage"]
    mage.memory = ["Shock", "Dark Banishing", "Volcanic Hammer", "Execute"]  # two red, two black: W U B R G
    battle.resolve_spell(battle.fighters["you"], profile("Persecute"), "mage", 0)
    assert mage.memory == ["Shock", "Volcanic Hammer"]


def test_rathi_dragon_costs_two_red_sources_or_is_sacrificed(make_battle, make_hero) -> None:
    battle = make_battle(["Grizzly Bears"], hero=make_hero(identity=("R", "R", "G")))
    dragon = ready(battle, "Rathi Dragon")
    you = battle.fighters["you"]
    assert battle.fighters[dragon].active and you.identity == ("G",) and you.capacity.get("R") == 0
    assert you.mana.get("R", 0) == 0
    poor = make_battle(["Grizzly Bears"], hero=make_hero(identity=("R", "G", "G")))
    poor.summon(poor.fighters["you"], "Rathi Dragon")
    assert poor.fighters["s1"].out == "sacrificed" and poor.fighters["you"].identity == ("R", "G", "G")
