"""Experience: awards, costs, training, every feat (seed 000, REWARDS and FEATS)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.character import Character, TakenFeat, derive, example_character, rulebook
from magecraft.mtg_rpg.crafting import quicken_ritual
from magecraft.mtg_rpg.experience import (
    attribute_cost,
    award,
    buy_feat,
    feat_cost,
    improve_cohort,
    lose_cohort,
    raise_attribute,
    raise_skill,
    skill_cost,
    spend,
    standard_award,
)
from magecraft.mtg_rpg.magic import acquire_by_xp, acquisition_cost
from magecraft.mtg_rpg.settings import Settings

#: Every feat the seed's FEATS section lists, in its order.
SEED_FEATS = [
    "Add Mana Source", "Alchemy", "Alertness", "Apprentice", "Channel Energy", "Charismatic Leader",
    "Concentration", "Craft Magic Item", "Dark Vision", "Elemental Resistance", "Energized Cantrips",
    "Enhanced Cantrips", "Enhanced Leadership", "Enhanced Renewal", "Enhanced Spell Research", "Extend Spell",
    "Immortality", "Improved Dodge", "Increased Spell Range", "Leadership", "Low Light Vision", "Lucky",
    "Machine Master – Power", "Machine Master – Toughness", "Mana Extension", "Mana Reserve",
    "Mental Toughness", "Quicken Spell", "Scribe Scrolls", "Slight of Hand", "Spell Acquisition",
    "Spell Cooperation", "Spell Preparation", "Toughness", "Traveling Spell Book", "Weapon Specialization",
    "Widen Spell",
]


def rich(xp: int = 100, gold: int = 10_000, **attributes: int) -> Character:
    wizard = example_character()
    return replace(wizard, xp=xp, gold=gold, attributes={**wizard.attributes, **attributes})


def test_every_seed_feat_is_data_with_cost_and_secret_flag() -> None:
    feats = rulebook().feats
    assert sorted(feats) == sorted(SEED_FEATS)
    secret = sorted(n for n, f in feats.items() if f.secret)
    assert secret == ["Add Mana Source", "Craft Magic Item", "Enhanced Leadership", "Enhanced Renewal",
                      "Immortality", "Quicken Spell", "Widen Spell"]
    costs = {n: f.cost for n, f in feats.items()}
    assert costs["Alchemy"] == 5 and costs["Concentration"] == 7 and costs["Immortality"] == 25
    assert costs["Mana Extension"] == 2 and costs["Improved Dodge"] == 4 and costs["Scribe Scrolls"] == 10


def test_awards() -> None:
    assert award(example_character(), 3).xp == 3
    assert standard_award(completed=True, good_things=1) == 3
    assert standard_award(completed=False) == 1


def test_attribute_costs_four_times_the_rating_one_less_for_the_primary() -> None:
    wizard = rich(DX=0, CN=2, WS=1)
    assert attribute_cost(wizard, "DX") == 4  # minimum 4
    assert attribute_cost(wizard, "WS") == 4
    assert attribute_cost(wizard, "CN") == 8
    assert attribute_cost(wizard, "ST") == 11  # 3 x 4 - 1 (primary)


def test_skill_costs_twice_the_rating_one_less_for_the_primary_pool() -> None:
    wizard = rich()
    assert skill_cost(wizard, "Craft") == 2 and skill_cost(wizard, "Healing") == 6
    assert skill_cost(wizard, "Athletics") == 5  # 3 x 2 - 1: Athletics is a Strength skill
    assert skill_cost(wizard, "Seamanship") == 2


def test_training_costs_a_day_and_25_gp_a_point_or_100_gp_for_half_the_time() -> None:
    wizard, receipt = raise_attribute(rich(), "CN")
    assert (receipt.xp, receipt.gold, receipt.days) == (8, 200, 8)
    assert wizard.attribute("CN") == 3 and wizard.xp == 92 and wizard.gold == 9800
    _, fast = raise_attribute(rich(), "CN", fast=True)
    assert (fast.gold, fast.days) == (800, 4)
    _, one_day = raise_attribute(rich(), "CN", settings=Settings(training_days_per_point=False))
    assert one_day.days == 1


def test_nothing_goes_past_five() -> None:
    with pytest.raises(RuleError, match="already 5") as info:
        raise_attribute(rich(CN=5), "CN")
    assert info.value.rule == "No attribute beyond 5"
    wizard = replace(rich(), skills={**rich().skills, "Craft": 5})
    with pytest.raises(RuleError, match="No skill beyond 5"):
        raise_skill(wizard, "Craft")


def test_spending_only_in_the_sanctuary_and_refusals_change_nothing() -> None:
    away = replace(rich(), in_sanctuary=False)
    before = away.to_dict()
    with pytest.raises(RuleError) as info:
        raise_skill(away, "Craft")
    assert info.value.rule == "Only in the sanctuary" and away.to_dict() == before
    with pytest.raises(RuleError, match="Unused experience"):
        raise_attribute(rich(xp=3), "DX")
    with pytest.raises(RuleError, match="Training gold"):
        raise_attribute(rich(gold=99), "DX")


def test_secret_feats_need_the_referee() -> None:
    with pytest.raises(RuleError) as info:
        buy_feat(rich(), "Widen Spell")
    assert info.value.rule == "Secret Feats"
    wizard, receipt = buy_feat(rich(), "Widen Spell", approved=True)
    assert wizard.feat_count("Widen Spell") == 1 and receipt.xp == 10


def test_prerequisites_and_buying_them_in_the_same_visit() -> None:
    with pytest.raises(RuleError, match="Dark Vision needs Low Light Vision") as info:
        buy_feat(rich(), "Dark Vision")
    assert info.value.rule == "Prerequisites"
    wizard, receipts = spend(rich(), [("feat", "Low Light Vision", None), ("feat", "Dark Vision", None)])
    assert [r.xp for r in receipts] == [3, 3] and wizard.has_feat("Dark Vision")
    with pytest.raises(RuleError, match="Engineering skill 5"):
        buy_feat(rich(), "Machine Master – Power")
    with pytest.raises(RuleError, match="Constitution 5"):
        buy_feat(rich(), "Immortality", approved=True)
    with pytest.raises(RuleError, match="Alchemy or Scribe Scrolls"):
        buy_feat(rich(), "Craft Magic Item", approved=True)
    with pytest.raises(RuleError, match="5 dots in the primary attribute"):
        buy_feat(rich(), "Add Mana Source", "U", approved=True)


def test_a_refused_visit_buys_nothing() -> None:
    wizard = rich()
    with pytest.raises(RuleError):
        spend(wizard, [("feat", "Toughness", None), ("feat", "Dark Vision", None)])
    assert wizard.feats == () and wizard.xp == 100


def test_once_only_and_repeatable_feats() -> None:
    wizard, _ = buy_feat(rich(), "Alertness")
    with pytest.raises(RuleError, match="only once"):
        buy_feat(wizard, "Alertness")
    wizard, _ = buy_feat(rich(), "Weapon Specialization", "staff")
    with pytest.raises(RuleError, match="already taken for staff"):
        buy_feat(wizard, "Weapon Specialization", "staff")
    wizard, _ = buy_feat(wizard, "Weapon Specialization", "dagger")
    assert wizard.feat_count("Weapon Specialization") == 2
    tough, _ = buy_feat(buy_feat(rich(), "Toughness")[0], "Toughness")
    assert derive(tough).life == 16
    strict = Settings(unstated_feats_repeat=False)
    with pytest.raises(RuleError, match="only once"):
        buy_feat(buy_feat(rich(), "Toughness")[0], "Toughness", settings=strict)


def test_enhanced_renewal_costs_15_20_25_and_names_a_new_period() -> None:
    wizard = rich()
    paid = []
    for period in ("noon", "sunset", "midnight"):
        wizard, receipt = buy_feat(wizard, "Enhanced Renewal", period, approved=True)
        paid.append(receipt.xp)
    assert paid == [15, 20, 25]
    assert wizard.renewal_periods == ("sunrise", "noon", "sunset", "midnight")
    assert derive(wizard).renewal_periods == 4
    with pytest.raises(RuleError, match="already a renewal period"):
        buy_feat(wizard, "Enhanced Renewal", "noon", approved=True)


def test_add_mana_source_costs_15_and_adds_a_primary() -> None:
    wizard, receipt = buy_feat(rich(ST=5), "Add Mana Source", "blue", approved=True)
    assert receipt.xp == 15 and wizard.primaries == ("R", "U")
    assert feat_cost(wizard, rulebook().feat("Add Mana Source")) == 20
    with pytest.raises(RuleError, match="already a primary"):
        buy_feat(wizard, "Add Mana Source", "R", approved=True)


def test_quicken_spell_costs_15_plus_the_casting_cost_and_a_ritual() -> None:
    wizard = replace(rich(), feats=(TakenFeat("Alchemy"), TakenFeat("Craft Magic Item")),
                     spare_cards=("Shock", "Shivan Dragon"))
    assert feat_cost(wizard, rulebook().feat("Quicken Spell"), "Shivan Dragon") == 21
    marked, receipt = buy_feat(wizard, "Quicken Spell", "Shock", approved=True)
    assert receipt.xp == 16 and receipt.gold == 16 * 25
    assert marked.gold == 10_000 - 400 - 1000 and marked.attribute("ST") == 2
    assert marked.spare_cards == ("Shivan Dragon",) and marked.feats[-1] == TakenFeat("Quicken Spell", "Shock")
    with pytest.raises(RuleError, match="needs 6 permanent ST point"):
        buy_feat(wizard, "Quicken Spell", "Shivan Dragon", approved=True)


def test_the_quicken_ritual_costs_1000_gold_per_mana_point() -> None:
    # "Quicken Spell": the ritual costs 1,000 gp per mana point of the spell (Volcanic Hammer, {1}{R})
    wizard = replace(rich(), feats=(TakenFeat("Alchemy"), TakenFeat("Craft Magic Item")),
                     spare_cards=("Volcanic Hammer",))
    hammer = builtin_pool().get("Volcanic Hammer")
    assert hammer.mana_value == 2
    after = quicken_ritual(wizard, hammer)
    assert wizard.gold - after.gold == 2_000
    assert after.spare_cards == ()


def test_enhanced_cantrips_teaches_a_cantrip() -> None:
    wizard, _ = buy_feat(rich(), "Enhanced Cantrips", "Float")
    assert wizard.cantrips[-1] == "Float" and derive(wizard).cantrips_known == 4
    with pytest.raises(RuleError, match="already knows Light"):
        buy_feat(wizard, "Enhanced Cantrips", "Light")


def test_spell_acquisition_through_the_feat_list() -> None:
    wizard, receipt = buy_feat(rich(xp=1), "Spell Acquisition", "Ornithopter")
    assert receipt.xp == 1 and wizard.xp == 0 and "Ornithopter" in wizard.spare_cards


def test_spell_acquisition_refuses_a_wizard_one_point_short() -> None:
    # "Spell Acquisition": the experience is paid in full; a point short buys nothing
    hammer = builtin_pool().get("Volcanic Hammer")
    cost = acquisition_cost(hammer)
    short = rich(xp=cost.xp - 1)
    with pytest.raises(RuleError, match=f"costs {cost.xp} experience; .* has {cost.xp - 1}"):
        acquire_by_xp(short, hammer)
    assert acquire_by_xp(rich(xp=cost.xp), hammer).xp == 0


def test_the_hippogriff_cohort_costs_16_points_past_the_10_point_limit() -> None:
    wizard, receipt = buy_feat(rich(), "Leadership", "1/1")
    assert receipt.xp == 2 and wizard.cohort is not None and wizard.cohort.power == 1
    with pytest.raises(RuleError, match="would have 16 experience spent on it; the most is 10") as info:
        improve_cohort(wizard, power=2, toughness=2, augments=("Flying", "Flying Mount"))
    assert info.value.rule == "At most 10 experience on a cohort"
    assert derive(wizard).cohort_xp_limit == 10
    wizard, _ = buy_feat(wizard, "Enhanced Leadership", approved=True)
    assert derive(wizard).cohort_xp_limit == 15  # "Five more experience points ... each time"
    with pytest.raises(RuleError, match="would have 16 experience spent on it; the most is 15"):
        improve_cohort(wizard, power=2, toughness=2, augments=("Flying", "Flying Mount"))
    wizard, _ = buy_feat(wizard, "Enhanced Leadership", approved=True)
    assert derive(wizard).cohort_xp_limit == 20
    wizard, receipt = improve_cohort(wizard, power=2, toughness=2, augments=("Flying", "Flying Mount"))
    assert receipt.xp == 14 and wizard.cohort is not None and wizard.cohort.xp_spent == 16
    assert (wizard.cohort.power, wizard.cohort.toughness) == (3, 3)
    with pytest.raises(RuleError, match="at most 5/5"):
        improve_cohort(wizard, power=3)
    widowed = lose_cohort(wizard)
    assert widowed.cohort is None and widowed.feat_count("Enhanced Leadership") == 2
    replaced, receipt = buy_feat(widowed, "Leadership", "0/2")
    assert receipt.xp == 2 and replaced.cohort is not None and replaced.cohort.toughness == 2
    with pytest.raises(RuleError, match="Flying Mount needs Flying"):
        improve_cohort(buy_feat(rich(), "Leadership", "1/1")[0], augments=("Flying Mount",))
