"""Cantrips, spell research and acquisition, potions, scrolls, items, land (seed 000, MAGIC and FEATS)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg import crafting, magic
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.character import Character, TakenFeat, derive, example_character
from magecraft.mtg_rpg.renewal import recover_at_renewal
from magecraft.mtg_rpg.settings import Settings

POOL = builtin_pool()
LIGHTNING_BOLT = Card("Lightning Bolt", "{R}", 1, ("R",), "Instant", ("Instant",), rarity="common")
CARAPACE = Card("Carapace", "{G}", 1, ("G",), "Enchantment — Aura", ("Enchantment",), ("Aura",), rarity="common")


def wizard(gold: int = 10_000, **changes: object) -> Character:
    return replace(example_character(), gold=gold, **changes)  # type: ignore[arg-type]


def test_research_of_a_rare_three_mana_spell_costs_1500_gp() -> None:
    plan = magic.plan_research(wizard(), POOL.get("Daring Apprentice"))  # rare {1}{U}{U}, not the primary
    assert (plan.points, plan.days, plan.gold, plan.difficulty) == (3, 3, 1500, 15)
    assert plan.retry_gold == 150 and plan.market_value == 3000


def test_difficulty_by_rarity_and_the_primary_discount() -> None:
    assert magic.plan_research(wizard(), POOL.get("Lava Axe")).difficulty == 9  # common
    assert magic.plan_research(wizard(), POOL.get("Blaze")).difficulty == 12  # uncommon
    dragon = magic.plan_research(wizard(), POOL.get("Shivan Dragon"))
    assert (dragon.points, dragon.days, dragon.gold) == (5, 5, 2500)  # red: one point less
    shock = magic.plan_research(wizard(), POOL.get("Shock"))
    assert (shock.points, shock.gold) == (1, 100)  # minimum 1 point
    blaze = magic.plan_research(wizard(), POOL.get("Blaze"))
    assert blaze.points == 1  # X counts 1: {X}{R} is 2 points, less 1 for red


def test_extra_gold_lowers_one_category() -> None:
    plan = magic.plan_research(wizard(), POOL.get("Daring Apprentice"), extra_gold=True)
    assert (plan.gold, plan.difficulty, plan.reductions) == (3000, 12, ("extra gold",))
    example = magic.plan_research(wizard(), POOL.get("Daring Apprentice"), extra_gold=True,
                                  settings=Settings(extra_gold_multiple=8))
    assert example.gold == 12_000  # the seed's "4,000 gp per mana-point"


def test_duplicates_scrolls_foci_and_the_feat_each_lower_a_category() -> None:
    card = POOL.get("Daring Apprentice")
    owner = wizard(spare_cards=("Daring Apprentice",), scrolls=("Daring Apprentice",),
                   feats=(TakenFeat("Enhanced Spell Research"),))
    plan = magic.plan_research(owner, card, aid="scroll", foci=True)
    assert plan.duplicate and (plan.days, plan.gold) == (2, 750)
    assert plan.difficulty == 3 and len(plan.reductions) == 4
    with pytest.raises(RuleError, match="no potion of Daring Apprentice"):
        magic.plan_research(owner, card, aid="potion")


def test_lands_are_not_researched() -> None:
    with pytest.raises(RuleError) as info:
        magic.plan_research(wizard(), POOL.get("Forest"))
    assert info.value.rule == "Land Acquisition"


def test_research_succeeds_with_a_good_card_and_joins_the_library() -> None:
    # Ten dragons and two lands: any four-card hand holds a dragon.
    hand_of_dragons = wizard(library=("Shivan Dragon",) * 10 + ("Mountain",) * 2)
    outcome = magic.research(hand_of_dragons, POOL.get("Lava Axe"), Randomness.scripted([]), play="Shivan Dragon")
    assert outcome.success and outcome.checks[0].total == 10  # Spell Research 2 + IQ 2 + Shivan Dragon 6
    assert outcome.gold == 400 and outcome.days == 4  # {4}{R}: 5 points less 1 for red, at 100 gp
    assert outcome.character.gold == 9600 and outcome.character.library.count("Lava Axe") == 1
    assert outcome.character.researched == ("Lava Axe",)


def test_failed_research_retries_at_ten_percent_of_the_price() -> None:
    lands = wizard(library=("Mountain",) * 10)
    outcome = magic.research(lands, POOL.get("Lava Axe"), Randomness.scripted([]), checks=3)
    assert not outcome.success and [c.total for c in outcome.checks] == [5, 5, 5]
    assert outcome.gold == 400 + 2 * 40 and outcome.days == 12
    assert outcome.character.gold == 10_000 - 480 and "Lava Axe" not in outcome.character.owned_cards()


def test_an_interruption_makes_research_start_over() -> None:
    # Lava Axe: 4 days and 400 gp; interrupted on day 3, the 3 days are lost and the study restarts.
    hand_of_dragons = wizard(library=("Shivan Dragon",) * 10 + ("Mountain",) * 2)
    outcome = magic.research(hand_of_dragons, POOL.get("Lava Axe"), Randomness.scripted([]), play="Shivan Dragon",
                             interrupted_days=3)
    assert outcome.success and (outcome.days, outcome.gold) == (7, 400)
    repaid = magic.research(hand_of_dragons, POOL.get("Lava Axe"), Randomness.scripted([]), play="Shivan Dragon",
                            interrupted_days=3, settings=Settings(interrupted_research_repays_gold=True))
    assert (repaid.days, repaid.gold, repaid.character.gold) == (7, 800, 9200)
    with pytest.raises(InputError, match="0 to 3 days"):
        magic.research(hand_of_dragons, POOL.get("Lava Axe"), Randomness.scripted([]), interrupted_days=4)


def test_a_quickened_spell_is_cast_once_each_renewal_period() -> None:
    marked = wizard(feats=(TakenFeat("Craft Magic Item"), TakenFeat("Quicken Spell", "Shock")))
    once = crafting.cast_quickened(marked, "shock")
    assert once.quickened_cast == ("Shock",)
    with pytest.raises(RuleError, match="once each renewal period"):
        crafting.cast_quickened(once, "Shock")
    with pytest.raises(RuleError, match="no arcane mark"):
        crafting.cast_quickened(marked, "Lava Axe")
    twice = replace(marked, feats=(*marked.feats, TakenFeat("Quicken Spell", "Shock")))
    twice_cast = crafting.cast_quickened(crafting.cast_quickened(twice, "Shock"), "Shock")
    assert twice_cast.quickened_cast == ("Shock", "Shock")
    renewed = recover_at_renewal(once, 14)
    assert renewed.quickened_cast == () and crafting.cast_quickened(renewed, "Shock").quickened_cast == ("Shock",)
    assert Character.from_dict(once.to_dict()) == once


def test_equipment_goes_on_the_wizard_own_creatures_or_familiar_only() -> None:
    hammer = POOL.get("Loxodon Warhammer")
    for target in ("self", "own summoned", "familiar"):
        magic.check_equip(hammer, target)
    for target in ("natural", "other's summoned"):
        with pytest.raises(RuleError, match="cannot be equipped") as info:
            magic.check_equip(hammer, target)
        assert info.value.rule == "Equipment targets"
    with pytest.raises(InputError, match="not an Equipment"):
        magic.check_equip(POOL.get("Shock"), "self")


def test_what_a_wizard_knows_of_each_kind_of_creature() -> None:
    seen = magic.identify_creature("natural")
    assert (seen.type_known, seen.statistics_known) == (True, False)
    assert magic.identify_creature("natural", interacted=True).statistics_known
    summoned = magic.identify_creature("summoned")
    assert (summoned.type_known, summoned.statistics_known) == (True, True)
    for kind in ("mana-using", "life points", "wizard", "cohort"):
        assert not magic.identify_creature(kind).type_known
        sighted = magic.identify_creature(kind, mage_sight=True)
        assert (sighted.type_known, sighted.statistics_known, sighted.life_points_known) == (True, False, False)
    assert not magic.identify_creature("summoned", seen=False).type_known
    with pytest.raises(InputError):
        magic.identify_creature("ghost")


def test_research_consumes_the_scroll_and_needs_the_sanctuary_lab_and_gold() -> None:
    scribe = wizard(library=("Mountain",) * 10, scrolls=("Lava Axe",))
    outcome = magic.research(scribe, POOL.get("Lava Axe"), Randomness.scripted([]), aid="scroll")
    assert outcome.plan.difficulty == 6 and outcome.character.scrolls == ()
    for refused, rule in ((wizard(in_sanctuary=False), "Sanctuary"), (wizard(has_laboratory=False), "Laboratory"),
                          (wizard(gold=399), "Gold")):
        with pytest.raises(RuleError) as info:
            magic.research(refused, POOL.get("Lava Axe"), Randomness.scripted([]))
        assert info.value.rule == rule


def test_research_refuses_a_power_play_card_not_in_hand() -> None:
    with pytest.raises(RuleError, match="not in the hand"):
        magic.research(wizard(library=("Mountain",) * 10), POOL.get("Lava Axe"), Randomness.scripted([]),
                       play="Shivan Dragon")


def test_spell_acquisition_by_experience() -> None:
    # "Winged Ornithopter ... one point"; a week at least (ruling F31), Ninth Edition prints it uncommon
    assert magic.acquisition_cost(POOL.get("Ornithopter")) == magic.AcquisitionCost(xp=1, gold=200, weeks=1)
    dragon = magic.acquisition_cost(POOL.get("Shivan Dragon"))
    assert (dragon.xp, dragon.weeks, dragon.gold) == (18, 6, 1800)
    # Blaze {X}{R}, uncommon: "each 'X' represents a 1 for point purposes": 2 points x 2 XP, two weeks
    assert magic.acquisition_cost(POOL.get("Blaze")) == magic.AcquisitionCost(xp=4, gold=400, weeks=2)
    buyer = wizard(xp=20)
    after = magic.acquire_by_xp(buyer, POOL.get("Shivan Dragon"))
    assert after.xp == 2 and after.gold == 8200 and after.spare_cards == ("Shivan Dragon",)
    assert magic.acquire_by_xp(buyer, POOL.get("Shivan Dragon"), referee_xp=2).xp == 0
    with pytest.raises(RuleError, match="Know the spell exists"):
        magic.acquire_by_xp(buyer, POOL.get("Shivan Dragon"), knows_it_exists=False)
    with pytest.raises(RuleError, match="Experience"):
        magic.acquire_by_xp(wizard(xp=17), POOL.get("Shivan Dragon"))
    with pytest.raises(RuleError, match="Sanctuary"):
        magic.acquire_by_xp(wizard(xp=20, in_sanctuary=False), POOL.get("Shivan Dragon"))


def test_general_research_lowers_a_category_per_thousand_gold_and_week() -> None:
    assert magic.general_research_difficulty(9, 2000, 2) == 3
    assert magic.general_research_difficulty(15, 5000, 1) == 12
    assert magic.general_research_difficulty(15, 9000, 9) == 6  # at most 3 categories


def test_potions_and_scrolls() -> None:
    alchemist = wizard(feats=(TakenFeat("Alchemy"), TakenFeat("Scribe Scrolls")),
                       library=("Lava Axe", "Blaze") + ("Mountain",) * 10)
    potion = crafting.potion_plan(alchemist, POOL.get("Lava Axe"))
    assert (potion.days, potion.gold, potion.lands, potion.market_value) == (5, 50, 5, 150)
    scroll = crafting.scroll_plan(alchemist, POOL.get("Blaze"))
    assert (scroll.days, scroll.gold, scroll.lands) == (2, 100, 2)  # X is 1 without extra land; uncommon 50
    assert crafting.potion_plan(alchemist, POOL.get("Blaze")).gold == 50  # an uncommon potion: 25 gp a mana point
    assert crafting.scroll_plan(alchemist, POOL.get("Blaze"), x_lands=3).gold == 200
    with pytest.raises(InputError, match=r"Lava Axe has no X in its cost \(\{4\}\{R\}\)"):
        crafting.potion_plan(alchemist, POOL.get("Lava Axe"), x_lands=3)
    made, plan = crafting.make_potion_or_scroll(alchemist, POOL.get("Lava Axe"), "scroll")
    assert made.scrolls == ("Lava Axe",) and made.gold == 10_000 - plan.gold
    assert made.library.count("Mountain") == 5
    with pytest.raises(RuleError, match="does not have the Alchemy feat"):
        crafting.potion_plan(wizard(library=("Lava Axe",)), POOL.get("Lava Axe"))
    with pytest.raises(RuleError, match="does not possess Shock"):
        crafting.potion_plan(alchemist, POOL.get("Shock"))


def test_a_wand_of_lightning_bolts_and_enchanted_leather() -> None:
    crafter = wizard(feats=(TakenFeat("Scribe Scrolls"), TakenFeat("Craft Magic Item")),
                     library=("Lightning Bolt", "Carapace", "Mountain"),
                     attributes={**example_character().attributes, "DX": 1})
    wand = crafting.magic_item_plan(crafter, LIGHTNING_BOLT, "charged")
    assert (wand.gold, wand.days, wand.lands, wand.spell_cards, wand.market_value) == (1000, 7, 1, 1, 5000)
    twice = crafting.magic_item_plan(crafter, LIGHTNING_BOLT, "charged", uses_per_day=2)
    assert (twice.gold, twice.lands, twice.spell_cards) == (2000, 2, 2)
    armour = crafting.magic_item_plan(crafter, CARAPACE, "continuous", item_price=10)
    assert armour.attribute_points == {"DX": 1} and armour.receptacle_gold == 100
    assert armour.market_value == 10 * (1000 + 100)
    unpowered = crafting.magic_item_plan(crafter, LIGHTNING_BOLT, "unpowered")
    assert unpowered.lands == 0
    with pytest.raises(RuleError, match="Craft Magic Item"):
        crafting.magic_item_plan(wizard(library=("Lightning Bolt",)), LIGHTNING_BOLT, "charged")


def test_land_acquisition() -> None:
    plan = magic.land_plan(POOL.get("Forest"))
    assert (plan.ritual_hours, plan.work_days, plan.gold, plan.find_difficulty) == (1, 1, 50, 6)
    with pytest.raises(InputError, match="special land"):
        magic.land_plan(POOL.get("Shivan Reef"))
    assert magic.land_plan(POOL.get("Shivan Reef"), special_gold=300).gold == 300
    after, _ = magic.acquire_land(wizard(), POOL.get("Mountain"))
    assert after.gold == 9950 and after.spare_cards == ("Mountain",)


def test_cantrips() -> None:
    assert len(magic.cantrips()) == 14
    sage = example_character()  # WS 1: 2 cantrips a day
    assert magic.cast_cantrip(sage, "light", 0) == 1
    assert magic.cast_cantrip(sage, "Light", 1) == 2
    with pytest.raises(RuleError, match="limit is 2"):
        magic.cast_cantrip(sage, "Light", 2)
    with pytest.raises(RuleError, match="does not know Float"):
        magic.cast_cantrip(sage, "Float", 0)
    assert magic.cantrip_duration_minutes(sage, "Control Shadow") == 3
    assert magic.cantrip_duration_minutes(sage, "Light") == 60
    assert magic.cantrip_range_feet(sage, "Mage Sight") == 90  # ST 3 x 10 yards
    assert magic.cantrip_range_feet(sage, "Mage Hand") == 25 and magic.cantrip_range_feet(sage, "Mending") == 0


def test_new_cantrips_keep_the_cantrip_limits() -> None:
    magic.check_new_cantrip(magic.Cantrip("Warm Hands", "warmth", range_feet=0, duration_minutes=60))
    for bad, message in ((magic.Cantrip("Zap", "", damage=True), "no damage"),
                         (magic.Cantrip("Long", "", duration_minutes=61), "60 minutes"),
                         (magic.Cantrip("Far", "", range_feet=30), "25 feet")):
        with pytest.raises(RuleError, match=message):
            magic.check_new_cantrip(bad)


def test_talisman_self_enchantments_and_channel_energy() -> None:
    lost = wizard(has_talisman=False)
    assert not magic.can_cast_spells(lost)
    remade, days = magic.make_talisman(lost)
    assert remade.has_talisman and remade.gold == 9900 and days == 7
    magic.check_self_enchantments(example_character(), 2)  # CN 2: three at most
    with pytest.raises(RuleError, match="Maximum Enchantments"):
        magic.check_self_enchantments(example_character(), 3)
    channeller = wizard(feats=(TakenFeat("Channel Energy"),))  # IQ 2
    after, mana, state = magic.channel_energy(channeller, 1)
    assert (mana, state, after.attribute("IQ"), after.channelled) == (3, "fine", 1, 1)
    assert derive(after).hand_size == derive(channeller).hand_size - 1  # the loss is immediate
    assert magic.channel_energy(after, 1)[1:] == (3, "unconscious")
    assert magic.channel_energy(channeller, 2)[1:] == (6, "unconscious")
    # "zero or less": IQ 2 may go below 0 unconscious; a sacrifice above three times the IQ (6) kills
    below, mana, state = magic.channel_energy(channeller, 3)
    assert (mana, state, below.attribute("IQ"), below.channelled, below.channelled_below_zero) == (
        9, "unconscious", 0, 3, 1)
    assert not below.dead
    dead, mana, state = magic.channel_energy(channeller, 7)
    assert (mana, state, dead.dead) == (21, "dead", True)
    assert magic.channel_energy(channeller, 6)[2] == "unconscious"
    # the old reading (setting): more IQ points than the Wizard has kill
    assert magic.channel_energy(channeller, 3, Settings(channel_energy_death="all IQ"))[2] == "dead"
    # the point past zero heals first: IQ 0, then 1, then 2 over three renewal periods
    first = recover_at_renewal(below, 14)
    second = recover_at_renewal(first, 14)
    assert [w.attribute("IQ") for w in (first, second, recover_at_renewal(second, 14))] == [0, 1, 2]


def test_spell_range_uses_the_colour_attribute() -> None:
    assert magic.spell_range_yards(example_character(), LIGHTNING_BOLT) == 30
    assert magic.spell_range_yards(example_character(), POOL.get("Ornithopter")) == 20


def test_laboratory_costs_1000_gp_in_the_sanctuary() -> None:
    built = magic.build_laboratory(wizard(has_laboratory=False))
    assert built.has_laboratory and built.gold == 9000
    with pytest.raises(RuleError, match="already has a laboratory"):
        magic.build_laboratory(built)
    with pytest.raises(RuleError, match="Gold"):
        magic.build_laboratory(wizard(gold=999, has_laboratory=False))


def test_new_cantrips_are_researched_as_one_point_common_spells() -> None:
    warm = magic.Cantrip("Warm Hands", "warmth", duration_minutes=60)
    plan = magic.cantrip_research_plan(wizard(), warm)
    assert (plan.days, plan.gold, plan.difficulty) == (1, 100, 9)
    assert magic.learn_researched_cantrip(wizard(), warm).cantrips[-1] == "Warm Hands"
    with pytest.raises(RuleError, match="already a known cantrip"):
        magic.cantrip_research_plan(wizard(), magic.cantrip("Light"))


def test_a_defeated_monster_leaves_foci_when_the_card_matches_its_cost() -> None:
    deck = Deck([POOL.get("Lava Axe"), POOL.get("Shivan Dragon")], name="referee")
    wurm = POOL.get("Craw Wurm")  # casting cost 6
    assert magic.monster_foci(wurm, deck, Randomness.scripted([2])).left_foci
    miss = magic.monster_foci(wurm, deck, Randomness.scripted([]))
    assert (miss.card_drawn, miss.left_foci, miss.find_difficulty) == ("Lava Axe", False, 6)
    # "equal to": a dearer card (the Dragon's 6 against the Bears' 2) leaves nothing either
    dearer = magic.monster_foci(POOL.get("Grizzly Bears"), Deck([POOL.get("Shivan Dragon")], name="referee"),
                                Randomness.scripted([]))
    assert not dearer.left_foci


def test_crafting_a_wand_pays_and_sacrifices() -> None:
    crafter = wizard(gold=20_000, feats=(TakenFeat("Scribe Scrolls"), TakenFeat("Craft Magic Item")),
                     spare_cards=("Lava Axe", "Lava Axe"), library=("Mountain",) * 12)
    made, plan = crafting.craft_magic_item(crafter, POOL.get("Lava Axe"), "charged", "wand", uses_per_day=2,
                                        item_price=5)
    assert (plan.gold, plan.lands, plan.spell_cards, plan.receptacle_gold) == (10_000, 10, 2, 50)
    assert made.gold == 20_000 - 10_050
    assert made.items == ("wand of Lava Axe",) and made.spare_cards == () and made.library == ("Mountain",) * 2
    assert made.charged_items == {"wand of Lava Axe": ("Lava Axe", 2)}  # used twice a day in duels


def test_crafting_refuses_what_the_wizard_cannot_pay() -> None:
    crafter = wizard(gold=20_000, feats=(TakenFeat("Scribe Scrolls"), TakenFeat("Craft Magic Item")),
                     spare_cards=("Lava Axe",), library=("Mountain",) * 12)
    with pytest.raises(RuleError, match="2 Lava Axe card"):
        crafting.craft_magic_item(crafter, POOL.get("Lava Axe"), "charged", "wand", uses_per_day=2)
    leather = crafting.craft_magic_item(wizard(feats=crafter.feats, spare_cards=("Giant Growth",),
                                            attributes={**example_character().attributes, "DX": 1}),
                                     POOL.get("Giant Growth"), "continuous", "leather armour", item_price=10)[0]
    assert leather.attribute("DX") == 0 and leather.items == ("leather armour of Giant Growth",)
    assert leather.charged_items == {}  # continuous: always on, no uses to count


def test_spells_against_kinds_of_target() -> None:
    assert magic.spell_against(POOL.get("Raise Dead"), "summoned").effect == "normal"
    with pytest.raises(RuleError, match="only magically conjured creatures") as info:
        magic.spell_against(POOL.get("Raise Dead"), "cohort")
    assert info.value.rule == "Raise Dead limits"
    assert magic.spell_against(POOL.get("Dark Banishing"), "wizard").effect == "none"
    assert magic.spell_against(POOL.get("Dark Banishing"), "mana-using").effect == "none"
    # a hold has no effect on a Wizard; another mana-user is treated as a creature with life points
    assert magic.spell_against(POOL.get("Pacifism"), "wizard").effect == "none"
    assert magic.spell_against(POOL.get("Pacifism"), "mana-using").effect == "resistance check"
    assert magic.spell_against(POOL.get("Lava Axe"), "wizard").effect == "normal"
    assert magic.spell_against(POOL.get("Holy Day"), "wizard").effect == "resistance check"
    assert magic.spell_against(POOL.get("Boomerang"), "natural").effect == "referee"
    assert magic.spell_against(POOL.get("Lava Axe"), "life points").effect == "resistance check"
    with pytest.raises(InputError):
        magic.spell_against(POOL.get("Lava Axe"), "dragon")
