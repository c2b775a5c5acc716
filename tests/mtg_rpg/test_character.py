"""Character creation, the validator, derived values and saving (seed 000, CHARACTER CREATION)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.character import (
    Character,
    CharacterRecord,
    TakenFeat,
    attribute_meaning,
    current_life,
    derive,
    example_character,
    load_character,
    rulebook,
    save_character,
    sheet,
    to_markdown,
    with_life,
)
from magecraft.mtg_rpg.creation import (
    apprentice_dots,
    apprentice_primary,
    check_apprentice,
    check_attributes,
    check_primary,
    create_character,
    creatures_to_graveyard,
    starting_gold,
    validate_character,
)
from magecraft.mtg_rpg.deckbuilding import starter_library
from magecraft.mtg_rpg.settings import Settings, load_settings

SARIN_SKILLS = {"Athletics": 3, "Arcane Knowledge": 1, "Spell Research": 1, "Awareness": 3, "Dodge": 3,
                "Endurance": 3, "Larceny": 3, "Healing": 3}


def choices(**changes: Any) -> Character:
    wizard = example_character()
    library = starter_library(wizard, Randomness.seeded(0))
    base = Character(
        name="Sarin", concept="battle mage", calling="Adventurer", demeanors=("Brave", "Rash"), primary="R",
        talisman="a ruby ring", renewal_period="sunrise", sanctuary="a cave", attributes=dict(wizard.attributes),
        skills=dict(SARIN_SKILLS), cantrips=("Light", "Mage Hand", "Detect Magic"), library=library,
        weapon="staff")
    return replace(base, **changes)


def with_feats(wizard: Character, *names: str) -> Character:
    return replace(wizard, feats=tuple(TakenFeat(n) for n in names))


def test_creation_adds_the_free_skill_dots_and_keeps_the_gold() -> None:
    wizard = create_character(choices(), 25)
    assert wizard.skills["Arcane Knowledge"] == 2 and wizard.skills["Spell Research"] == 2
    assert wizard.gold == 25 and len(wizard.library) == 60 and wizard.feats == ()
    assert wizard.skill_total("Athletics") == 6  # attribute + skill dots ("SKILLS")


def test_the_lists_hold_24_callings_and_80_demeanors() -> None:
    book = rulebook()
    assert len(book.callings) == 24 and len(set(book.demeanors)) == 80
    assert create_character(choices(calling="soldier"), 0).calling == "Solider"


@pytest.mark.parametrize(("change", "rule"), [
    ({"calling": "Wizard"}, "Calling"),
    ({"demeanors": ()}, "Demeanor"),
    ({"demeanors": ("Grumpy",)}, "Demeanor"),
    ({"primary": "purple"}, "Primary Mana"),
    ({"talisman": "  "}, "Talisman"),
    ({"renewal_period": "teatime"}, "Renewal Period"),
    ({"attributes": {"ST": 3, "DX": 1, "CN": 2, "IQ": 2, "WS": 1, "CH": 2}}, "Ten attribute dots"),
    ({"attributes": {"ST": 4, "DX": 0, "CN": 2, "IQ": 2, "WS": 1, "CH": 1}},
     "Maximum of 3 dots in any one attribute"),
    ({"attributes": {"ST": 0, "DX": 3, "CN": 2, "IQ": 2, "WS": 1, "CH": 2}},
     "At least one point in the primary attribute"),
    ({"skills": {**SARIN_SKILLS, "Healing": 2}}, "Twenty skill dots"),
    ({"skills": {**SARIN_SKILLS, "Healing": 4, "Larceny": 2}}, "No skill greater than 3 at the start"),
    ({"skills": {**SARIN_SKILLS, "Arcane Knowledge": 3, "Healing": 1}}, "No skill greater than 3 at the start"),
    ({"skills": {"Awareness": 3, "Arcane Knowledge": 2, "Spell Research": 2, "Dodge": 3, "Endurance": 3,
                 "Larceny": 3, "Healing": 3, "Craft": 1}}, "At least one skill point in the primary pool"),
    ({"cantrips": ("Light", "Mage Hand")}, "Cantrips known"),
    ({"cantrips": ("Light", "Mage Hand", "Mage Sight")}, "Cantrip prerequisite"),
    ({"cantrips": ("Light", "Mage Hand", "Fireball")}, "Commonly known cantrips"),
])
def test_each_creation_limit_is_refused_by_name(change: dict[str, Any], rule: str) -> None:
    with pytest.raises(RuleError) as info:
        create_character(choices(**change), 0)
    assert info.value.rule == rule


def test_colorless_is_a_primary_mana_by_letter_or_name() -> None:
    # "Primary Mana": white, blue, black, red, green -- or colorless
    assert [check_primary(p) for p in ("C", "colorless", " c ", "Red", "w")] == ["C", "C", "C", "R", "W"]
    with pytest.raises(RuleError, match="'purple' is not a mana type") as info:
        check_primary("purple")
    assert info.value.rule == "Primary Mana"


def test_a_starting_library_must_be_exactly_60_cards() -> None:
    library = choices().library
    with pytest.raises(RuleError, match="exactly 60 cards, not 59") as info:
        create_character(choices(library=library[:59]), 0)
    assert info.value.rule == "Exactly 60 cards at the start"
    with pytest.raises(RuleError, match="exactly 60 cards, not 61"):
        create_character(choices(library=(*library, library[0])), 0)


def test_derived_values_of_a_starting_wizard() -> None:
    d = derive(example_character())  # ST 3, DX 0, CN 2, IQ 2, WS 1, CH 2
    assert (d.life, d.hand_size, d.reserve_mana, d.creatures) == (14, 4, 1, 3)
    assert (d.walk, d.sprint, d.run) == (4, 8, 16)
    assert d.spell_range_yards["Red"] == 30  # "3 dots x 10 yards" in "Spell Ranges"
    assert (d.max_self_enchantments, d.cantrips_known, d.cantrips_per_day) == (3, 3, 2)
    assert (d.initiative, d.dodges_per_turn, d.carry_pounds, d.creature_minutes) == (0, 1, 150, 2)
    assert d.spell_duration_minutes == 3 and d.land_duration_minutes == 3
    # "Each point of Dexterity grants the Wizard a +1 to their initiative"
    nimble = replace(example_character(), attributes={"ST": 1, "DX": 2, "CN": 2, "IQ": 2, "WS": 1, "CH": 2})
    assert derive(nimble).initiative == 2


def test_walk_example_and_armour() -> None:
    wizard = replace(example_character(), attributes={"ST": 1, "DX": 2, "CN": 2, "IQ": 2, "WS": 1, "CH": 2})
    assert derive(wizard).walk == 4  # "Strength of 1 and a Dexterity of 2 would have a walk score of 4"
    assert derive(wizard, armour=1).walk == 3 and derive(wizard, armour=1).run == 12
    dragging = derive(wizard, dragging=True)  # "Dragging another character reduces movement by half"
    assert (dragging.walk, dragging.sprint, dragging.run) == (2, 4, 8)
    assert derive(wizard, armour=1, dragging=True).walk == 1


def test_feats_update_derived_values() -> None:
    wizard = with_feats(example_character(), "Toughness", "Toughness", "Charismatic Leader", "Mana Reserve",
                        "Alertness", "Improved Dodge", "Improved Dodge", "Increased Spell Range",
                        "Extend Spell", "Extend Spell", "Mana Extension", "Mana Extension", "Energized Cantrips",
                        "Lucky", "Enhanced Spell Research")
    d = derive(wizard)
    assert d.life == 16 and d.creatures == 4 and d.reserve_mana == 2 and d.initiative == 3
    assert d.dodges_per_turn == 3  # "2 levels of improved dodge ... dodge 3 creatures"
    assert d.spell_range_yards["Red"] == 40
    assert d.spell_duration_minutes == 9 and d.land_duration_minutes == 9  # "3 + 3 + 3 = 9 minutes"
    assert d.cantrips_per_day == 3 and d.luck_bonus == 3 and d.research_difficulty == -3


def test_hand_size_never_passes_ten() -> None:
    wizard = replace(with_feats(example_character(), *["Concentration"] * 4),
                     attributes={"ST": 1, "DX": 0, "CN": 0, "IQ": 5, "WS": 0, "CH": 0})
    assert derive(wizard).hand_size == 10


def test_a_lost_prerequisite_disables_the_feat() -> None:
    strong = replace(example_character(), attributes={**example_character().attributes, "ST": 5},
                     feats=(TakenFeat("Add Mana Source", "U"),))
    assert strong.primaries == ("R", "U")
    drained = replace(strong, attributes={**strong.attributes, "ST": 4})
    assert drained.primaries == ("R",) and not drained.feat_usable("Add Mana Source")
    leader = with_feats(example_character(), "Enhanced Leadership")
    assert derive(leader).cohort_xp_limit == 0


def test_starting_gold_is_the_referee_card_times_five() -> None:
    pool = builtin_pool()
    deck = Deck([pool.get("Forest"), pool.get("Shivan Dragon"), pool.get("Blaze")], name="referee")
    card, gold = starting_gold(deck, Randomness.scripted([2]))
    assert (card.name, gold) == ("Shivan Dragon", 30) and deck.discards == [card]
    assert starting_gold(deck, Randomness.scripted([2]))[1] == 10  # Blaze: X counts 1 -> 2 points
    assert starting_gold(deck, Randomness.scripted([]))[1] == 0  # a land has no mana points


def test_validator_applies_start_limits_only_when_asked() -> None:
    wizard = create_character(choices(), 0)
    validate_character(wizard, starting=True)
    grown = replace(wizard, attributes={**wizard.attributes, "ST": 4})
    validate_character(grown)
    with pytest.raises(RuleError, match="Maximum of 3 dots"):
        validate_character(grown, starting=True)
    with pytest.raises(RuleError, match="Attribute scale 0 to 5"):
        validate_character(replace(wizard, attributes={**wizard.attributes, "ST": 6}))


def test_custom_callings_need_the_setting() -> None:
    settings = Settings(extra_callings=("Hermit",))
    assert create_character(choices(calling="hermit"), 0, settings=settings).calling == "Hermit"


def test_round_trip_and_the_save_store(tmp_path: Path) -> None:
    wizard = replace(create_character(choices(), 15), feats=(TakenFeat("Weapon Specialization", "staff"),))
    assert Character.from_dict(wizard.to_dict()) == wizard
    store = SaveStore(tmp_path / "s.sqlite3")
    rng = Randomness.seeded(5)
    rng.roll(6, "a test roll")
    save_character(store, CharacterRecord(wizard, rng, {"play": {"hand": ["Mountain"]}}))
    loaded = load_character(store, "Sarin")
    assert loaded.character == wizard and loaded.extra == {"play": {"hand": ["Mountain"]}}
    assert loaded.rng.roll(6, "next") == rng.roll(6, "next")
    assert store.list_saves("mtg_rpg", "character")[0].name == "Sarin"


def test_a_malformed_saved_character_is_refused() -> None:
    raw = example_character().to_dict()
    del raw["attributes"]
    with pytest.raises(DataError, match="saved character is malformed"):
        Character.from_dict(raw)


def test_sheet_and_markdown_export() -> None:
    wizard = create_character(choices(), 15)
    data = sheet(wizard)
    assert data["skill_totals"]["Athletics"] == 6 and data["derived"]["life"] == 14
    assert data["derived"]["spell_range_yards"]["Red"] == 30
    text = to_markdown(wizard)
    assert "| Athletics | ST | 3 | 6 |" in text
    assert "- Life points 14 of 14 (conscious); hand size 4; reserve mana 1" in text
    hurt = with_life(wizard, 9)
    assert hurt.life_lost == 5 and current_life(hurt) == 9 and sheet(hurt)["current_life"] == 9
    assert "- Life points 9 of 14 (conscious);" in to_markdown(hurt)
    assert Character.from_dict(hurt.to_dict()) == hurt
    with pytest.raises(InputError, match="at most 14 life points"):
        with_life(wizard, 15)
    assert "## Library (60 cards)" in text
    assert "| Strength (ST) | 3 | Red | Very good human |" in text
    assert data["attribute_meanings"]["DX"] == "Poor / Novice / Weak"
    assert attribute_meaning(5) == "Superhuman"
    with pytest.raises(InputError):
        attribute_meaning(6)


def test_dropped_skills_point_to_their_replacements() -> None:
    book = rulebook()
    assert book.skill("Disguise").name == "Diplomacy / Subterfuge"
    assert book.skill("etiquette").name == "Perform"
    with pytest.raises(RuleError, match="make a general Intelligence action"):
        book.skill("Appraise")
    with pytest.raises(RuleError, match="general Dexterity action"):
        book.skill("Escape Artist")


def test_apprentices_grow_into_starting_wizards() -> None:
    assert apprentice_dots(0) == (5, 10) and apprentice_dots(2) == (7, 14) and apprentice_dots(9) == (10, 20)
    check_apprentice({"ST": 2, "DX": 1, "CN": 1, "IQ": 1}, {"Athletics": 2, "Craft": 2, "Awareness": 2,
                                                             "Healing": 2, "Larceny": 2})
    with pytest.raises(RuleError, match="at most 2"):
        check_apprentice({"ST": 3, "DX": 1, "CN": 1}, {"Athletics": 2})
    with pytest.raises(RuleError, match="6 attribute and 12 skill dots"):
        check_apprentice({"ST": 2, "DX": 1, "CN": 1, "IQ": 1}, {"Craft": 2}, years=1)


def test_an_apprentice_prime_mana_by_a_draw() -> None:
    pool = builtin_pool()
    deck = Deck([pool.get("Forest"), pool.get("Ornithopter"), pool.get("Shivan Dragon")], name="referee")
    assert apprentice_primary(deck, Randomness.scripted([3])) == "R"
    assert apprentice_primary(deck, Randomness.scripted([1])) == "G"
    assert apprentice_primary(deck, Randomness.scripted([])) == "C"
    # a card of several colours gives its first in W, U, B, R, G order
    azorius = Card("Azorius Guildmage", "{W}{U}", 2, ("W", "U"), "Creature — Vedalken Wizard", ("Creature",))
    assert apprentice_primary(Deck([azorius], name="referee"), Randomness.scripted([])) == "W"


def test_summoning_past_the_charisma_limit_sends_creatures_to_the_graveyard() -> None:
    wizard = example_character()  # CH 2: three creatures
    assert creatures_to_graveyard(wizard, 3) == 0 and creatures_to_graveyard(wizard, 5) == 2
    assert creatures_to_graveyard(with_feats(wizard, "Charismatic Leader"), 4) == 0


def test_researched_cantrips_do_not_count_against_the_limit() -> None:
    wizard = create_character(choices(), 0)
    validate_character(replace(wizard, cantrips=(*wizard.cantrips, "Warm Hands")))
    with pytest.raises(RuleError, match="knows 4 commonly known cantrips; the limit is 3"):
        validate_character(replace(wizard, cantrips=(*wizard.cantrips, "Float")))


def test_the_free_dots_do_not_fill_the_primary_pool() -> None:
    blue = {"ST": 2, "DX": 1, "CN": 2, "IQ": 2, "WS": 1, "CH": 2}
    no_iq = {"Athletics": 3, "Awareness": 3, "Dodge": 3, "Endurance": 3, "Larceny": 3, "Healing": 3, "Riding": 2}
    with pytest.raises(RuleError, match="Intelligence skill"):
        create_character(choices(primary="U", attributes=blue, skills=no_iq, cantrips=("Light", "Float")), 0)


_SPLITS = [s for s in itertools.product(range(4), repeat=6) if sum(s) == 10]


@settings(max_examples=40, deadline=None)
@given(split=st.sampled_from(_SPLITS), primary=st.sampled_from(["W", "U", "B", "R", "G", "C"]))
def test_every_legal_split_is_accepted_and_round_trips(split: tuple[int, ...], primary: str) -> None:
    attributes = dict(zip(("ST", "DX", "CN", "IQ", "WS", "CH"), split, strict=True))
    primary_attribute = {"W": "WS", "U": "IQ", "B": "CN", "R": "ST", "G": "DX", "C": "CH"}[primary]
    if attributes[primary_attribute] == 0:
        with pytest.raises(RuleError, match="At least one point in the primary attribute"):
            check_attributes(attributes, primary)
        return
    assert check_attributes(attributes, primary) == attributes
    wizard = replace(example_character(), primary=primary, attributes=attributes)
    assert Character.from_dict(wizard.to_dict()) == wizard
    d = derive(wizard)
    assert d.life == 10 + 2 * attributes["CN"] and d.hand_size == 2 + attributes["IQ"]
    assert d.walk == attributes["ST"] + attributes["DX"] + 1 and d.cantrips_known == attributes[primary_attribute]


def test_house_rules_file(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('extra_callings = ["Hermit"]\ntraining_days_per_point = false\nextra_gold_multiple = 8\n',
                     encoding="utf-8")
    loaded = load_settings(rules)
    assert loaded == Settings(extra_callings=("Hermit",), training_days_per_point=False, extra_gold_multiple=8)
    for text, message in (("wild_magic = true", "unknown field 'wild_magic'"),
                          ("starting_library = 'sixty'", "'starting_library' takes a int"),
                          ("banned_cards = 'Shock'", "'banned_cards' takes a tuple"),
                          ("banned_cards = [1]", "lists of names"),
                          ("regeneration_per = 'sometimes'", "regeneration_per is 'colored' or 'total'"),
                          ("x = [", "not valid TOML")):
        rules.write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match=message):
            load_settings(rules)
