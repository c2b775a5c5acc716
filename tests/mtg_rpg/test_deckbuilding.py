"""The library rules and the referee deck (seed 000, MAGIC: Deck Building ... The Referee Deck)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import mana_types
from magecraft.mtg_rpg.cards import COLORS, Card, CardPool, builtin_pool
from magecraft.mtg_rpg.character import Character, TakenFeat, example_character
from magecraft.mtg_rpg.deckbuilding import (
    apprentice_spells,
    build_referee_deck,
    casting_problem,
    check_library,
    library_problems,
    open_booster,
    reorganize_library,
    starter_library,
)
from magecraft.mtg_rpg.settings import Settings

POOL = builtin_pool()


def sarin(**attributes: int) -> Character:
    wizard = example_character()
    return replace(wizard, attributes={**wizard.attributes, **attributes})


def rules_broken(wizard: Character, names: list[str], **kw: bool) -> list[str]:
    return [p.rule for p in library_problems(wizard, [POOL.get(n) for n in names], **kw)]


def test_half_the_library_must_be_the_primary_mana() -> None:
    wizard = sarin()
    assert rules_broken(wizard, ["Mountain"] * 30 + ["Island"] * 30) == []
    assert rules_broken(wizard, ["Mountain"] * 29 + ["Island"] * 31) == [
        "At least half the library in the primary mana"]


def test_basic_land_counts_as_its_colour_and_other_land_as_colorless() -> None:
    assert mana_types(POOL.get("Mountain")) == {"R"}
    assert mana_types(POOL.get("Shivan Reef")) == {"C"}
    colorless = replace(sarin(), primary="C")
    assert rules_broken(colorless, ["Shivan Reef", "Ornithopter", "Mountain", "Island"]) == []


def test_craw_wurm_needs_two_dots_of_dexterity() -> None:
    wurm = POOL.get("Craw Wurm")  # "a Crawl Wurm ... would need at least 2 dots in dexterity"
    assert casting_problem(sarin(DX=1), wurm) == ("Craw Wurm needs 2 dot(s) of Dexterity for its green mana, "
                                                  "not 1")
    assert casting_problem(sarin(DX=2), wurm) is None


def test_x_does_not_count_and_five_dots_cast_anything() -> None:
    assert casting_problem(sarin(ST=1), POOL.get("Blaze")) is None
    big = Card("Six Red", "{R}{R}{R}{R}{R}{R}", 6, ("R",), "Sorcery", ("Sorcery",))
    assert casting_problem(sarin(ST=5), big) is None
    assert casting_problem(sarin(ST=4), big) == "Six Red needs 5 dot(s) of Strength for its red mana, not 4"


def test_a_coloured_spell_needs_a_dot_even_with_no_pip_of_that_colour() -> None:
    odd = Card("Blue X", "{X}", 0, ("U",), "Instant", ("Instant",))
    assert casting_problem(sarin(IQ=0), odd) == "Blue X needs 1 dot(s) of Intelligence for its blue mana, not 0"


def test_colorless_spells_need_charisma_unless_the_table_rules_otherwise() -> None:
    # "at least one dot in an attribute in order to use that attribute's color"; "Charisma (CH) Colorless"
    wizard = sarin(CH=0)
    assert casting_problem(wizard, POOL.get("Ornithopter")) == (
        "Ornithopter is colorless and needs a dot of Charisma")
    assert casting_problem(sarin(CH=1), POOL.get("Ornithopter")) is None
    assert casting_problem(wizard, POOL.get("Ornithopter"), Settings(colorless_needs_charisma=False)) is None
    # the generic mana of a green spell needs no Charisma
    assert casting_problem(sarin(CH=0, DX=2), POOL.get("Craw Wurm")) is None


def test_uncastable_cards_and_missing_mana_producers_are_named() -> None:
    assert rules_broken(sarin(ST=1), ["Mountain"] * 30 + ["Shivan Dragon"] * 30) == ["Only castable spells"]
    assert rules_broken(sarin(), ["Mountain"] + ["Shivan Dragon"] * 3) == [
        "Mana producing cards for every coloured cost"]
    with pytest.raises(RuleError, match="needs 2 red mana but the library has 1 Mountain") as info:
        check_library(sarin(), ["Mountain"] + ["Shivan Dragon"] * 3)
    assert info.value.section == "MAGIC: Deck Building"


def test_duplicates_are_unlimited_and_size_is_free_after_the_start() -> None:
    assert rules_broken(sarin(), ["Mountain"] * 10 + ["Lava Axe"] * 10) == []
    assert rules_broken(sarin(), ["Mountain"] * 10 + ["Lava Axe"] * 10, starting=True) == [
        "Exactly 60 cards at the start"]


def test_the_referee_may_disallow_cards() -> None:
    assert rules_broken(sarin(), ["Mountain"] * 2 + ["Shock"], settings=Settings(banned_cards=("shock",))) == [
        "Spell Exceptions"]


def test_reorganising_happens_only_in_the_sanctuary() -> None:
    wizard = replace(sarin(), library=("Mountain",) * 4 + ("Shock",) * 2, spare_cards=("Lava Axe",))
    new = reorganize_library(wizard, ["Mountain"] * 4 + ["Lava Axe"])
    assert Counter(new.library) == {"Mountain": 4, "Lava Axe": 1}
    assert sorted(new.spare_cards) == ["Shock", "Shock"]
    away = replace(wizard, in_sanctuary=False)
    with pytest.raises(RuleError) as info:
        reorganize_library(away, ["Mountain"] * 4)
    assert info.value.rule == "Adding Cards to the Library"
    traveller = replace(away, feats=(TakenFeat("Traveling Spell Book"),))
    with pytest.raises(RuleError):
        reorganize_library(traveller, ["Mountain"] * 4)
    assert reorganize_library(traveller, ["Mountain"] * 4, at_renewal=True).library == ("Mountain",) * 4
    with pytest.raises(RuleError, match="owns 0 Shivan Dragon") as unknown:
        reorganize_library(wizard, ["Mountain"] * 4 + ["Shivan Dragon"])
    assert unknown.value.rule == "Only known spells"


@pytest.mark.parametrize("seed", [1, 11])
def test_the_referee_deck_holds_two_non_creature_spells_of_each_colour(seed: int) -> None:
    # "The Referee Deck": at least two non-creature spells of each colour; with seed 1 the curve alone
    # picks a single green one, so a creature is swapped out
    deck = build_referee_deck(Randomness.seeded(seed))
    for color in COLORS:
        assert sum(1 for c in deck if color in c.colors and not c.is_creature) >= 2, color


def test_the_referee_deck_follows_the_guidelines() -> None:
    deck = build_referee_deck(Randomness.seeded(11))
    assert [c.name for c in deck[:5]] == ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    assert deck[5].is_colorless and deck[5].mana_value == 0
    body = deck[6:60]
    assert len(body) == 54
    per_type = Counter(next(iter(sorted(mana_types(c)))) for c in body)
    assert set(per_type.values()) == {9} and len(per_type) == 6  # spread evenly over 5 colours + colorless
    for color in COLORS:
        assert sum(1 for c in deck if color in c.colors and not c.is_creature) >= 2
    extras = deck[60:]
    assert 1 <= len(extras) <= 4 and all(c.mana_value >= 5 for c in extras)
    assert [c.name for c in build_referee_deck(Randomness.seeded(11))] == [c.name for c in deck]
    mixed = build_referee_deck(Randomness.seeded(11), special_lands=2)
    assert len(mixed) == len(deck) + 2 and all(c.is_land and "Basic" not in c.supertypes for c in mixed[-2:])


def test_the_referee_deck_curve_on_a_full_pool() -> None:
    cards = [Card(f"{m}{v}{i}", "{" + str(v) + "}" + ("" if m == "C" else "{" + m + "}"), v + (m != "C"),
                  () if m == "C" else (m,), "Sorcery" if i % 2 else "Creature", ("Sorcery",) if i % 2 else
                  ("Creature",)) for m in ("W", "U", "B", "R", "G", "C") for v in range(0, 8) for i in range(4)]
    lands = [POOL.get(n) for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    deck = build_referee_deck(Randomness.seeded(2), CardPool([*cards, *lands]), extra_high=2)
    # "8 x 1 mana casting cost, 10 worth 2 points, 12 with 3 points, 10 with 4 mana, 8 for 5 points, 6 for 6"
    assert Counter(c.mana_value for c in deck[6:60]) == {1: 8, 2: 10, 3: 12, 4: 10, 5: 8, 6: 6}
    assert len(deck) == 62
    with pytest.raises(RuleError, match="1-4"):
        build_referee_deck(Randomness.seeded(2), extra_high=5)


@pytest.mark.parametrize("primary", ["W", "U", "B", "R", "G", "C"])
def test_starter_libraries_are_legal(primary: str) -> None:
    attr = {"W": "WS", "U": "IQ", "B": "CN", "R": "ST", "G": "DX", "C": "CH"}[primary]
    attributes = {"ST": 2, "DX": 2, "CN": 2, "IQ": 2, "WS": 1, "CH": 1, attr: 3}
    attributes["WS" if attr != "WS" else "CH"] -= 1 if attr not in ("WS", "CH") else 0
    wizard = replace(example_character(), primary=primary, attributes=attributes)
    library = starter_library(wizard, Randomness.seeded(4))
    assert len(library) == 60
    check_library(wizard, library)


def test_an_apprentice_opens_one_booster_and_adds_basic_lands() -> None:
    pack = open_booster(Randomness.seeded(5))
    rarities = [c.rarity for c in pack]
    assert (len(pack), rarities.count("rare"), rarities.count("uncommon"), rarities.count("common")) == (
        15, 1, 3, 11)
    assert len({c.name for c in pack}) == 15
    library = apprentice_spells(pack, {"Mountain": 7, "island": 2})
    assert len(library) == 24 and library.count("Mountain") == 7 and library.count("Island") == 2
    with pytest.raises(RuleError, match="not a basic land"):
        apprentice_spells(pack, {"Shivan Dragon": 1})
