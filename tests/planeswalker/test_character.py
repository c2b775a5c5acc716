"""Character Stats and Character Generation (seed 001)."""

from __future__ import annotations

import pytest

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.planeswalker.character import Character


def test_base_stats_before_points_and_bonuses() -> None:
    # A Green Human with nothing bought: base 1/1/5/3/3/1/1/5, +1 Channelling (G), +1 Memory (Human).
    sheet = Character.create("Base", identity=("G",))
    assert sheet.stats == {"power": 1, "toughness": 1, "life": 5, "mastery": 3, "channelling": 4,
                           "speed": 1, "focus": 1, "memory": 6}
    assert sheet.build_points() == 5


def test_build_points_one_for_one_and_two_for_one() -> None:
    sheet = Character.create("Buyer", identity=("G",), increases={"mastery": 1, "speed": 1, "power": 2,
                                                                   "toughness": 1, "life": 1})
    assert sheet.points_spent() == 1 + 1 + 2  # Power/Toughness/Life: 4 points for 2 build points
    assert (sheet.stats["power"], sheet.stats["toughness"], sheet.stats["life"]) == (3, 2, 6)


def test_odd_two_for_one_rounds_up_or_is_refused_by_setting() -> None:
    from magecraft.planeswalker.settings import Settings

    assert Character.create("Odd", identity=("G",), increases={"power": 1}).points_spent() == 1
    with pytest.raises(RuleError, match="Build points"):
        Character.create("Odd", identity=("G",), increases={"power": 1}, settings=Settings(odd_two_for_one=False))


def test_spending_more_than_five_points_is_refused() -> None:
    with pytest.raises(RuleError, match="Build points: this sheet spends 6 build points but has 5"):
        Character.create("Greedy", identity=("G",), increases={"mastery": 6})


def test_identity_bonuses_per_colour() -> None:
    sheet = Character.create("Rainbow", identity=("B", "R", "W"), race="Human")
    assert (sheet.stats["mastery"], sheet.stats["speed"], sheet.stats["focus"]) == (4, 2, 2)
    blue = Character.create("Blue", identity=("U", "U"), race="Elf")
    assert blue.stats["memory"] == 7 and blue.stats["speed"] == 2  # Elf +1 Speed


def test_artifact_identity_raises_the_chosen_stat() -> None:
    sheet = Character.create("Smith", identity=("A", "A"), artifact_stats=("life", "power"), race="Elf")
    assert sheet.stats["life"] == 6 and sheet.stats["power"] == 2
    with pytest.raises(RuleError, match="Color Identity bonuses"):
        Character.create("Smith", identity=("A",), artifact_stats=())


def test_up_to_three_identity_sources_at_creation_more_later() -> None:
    with pytest.raises(RuleError, match="up to 3 identity sources"):
        Character.create("Four", identity=("W", "U", "B", "B"))
    grown = Character.create("Three", identity=("W", "U", "B")).with_identity(("W", "U", "B", "B"))
    assert grown.stats["mastery"] == 5


def test_unknown_identity_race_and_stat_are_refused() -> None:
    with pytest.raises(InputError, match="unknown identity 'X'"):
        Character.create("X", identity=("X",))
    with pytest.raises(InputError, match="unknown race 'Orc'"):
        Character.create("X", identity=("G",), race="Orc")
    with pytest.raises(InputError, match="unknown stat 'luck'"):
        Character.create("X", identity=("G",), increases={"luck": 1})


def test_race_bonus_comes_from_the_data_table() -> None:
    assert Character.create("D", identity=("G",), race="Dwarf").stats["toughness"] == 2
    assert Character.create("M", identity=("G",), race="Minotaur").stats["power"] == 2
    assert Character.create("E", identity=("G",), race="eLF").race == "Elf"


def test_a_character_may_take_no_racial_bonus() -> None:
    # "these are only guidelines and can always be altered" (PW2): the "Other" entry gives no bonus.
    other = Character.create("O", identity=("G",), race="other")
    base = {"power": 1, "toughness": 1, "life": 5, "mastery": 3, "channelling": 3, "speed": 1, "focus": 1,
            "memory": 5}
    assert other.race == "Other" and other.stats == {**base, "channelling": 4}  # the Green identity's +1


def test_stats_are_named_in_either_of_the_seeds_spellings_and_any_case() -> None:
    # The seed writes "Channelling" and "Channeling"; Character.create and the command line share one rule.
    from magecraft.planeswalker.data import stat_key

    hero = Character.create("C", identity=("A", "G"), race="Other", artifact_stats=("Power",),
                            increases={"Channeling": 1, "channelling": 1, "FOCUS": 1})
    assert hero.increases == {"channelling": 2, "focus": 1} and hero.artifact_stats == ("power",)
    assert hero.stats["channelling"] == 3 + 2 + 1 and hero.stats["power"] == 2
    assert stat_key(" Channeling ") == "channelling"
    with pytest.raises(InputError, match="unknown stat 'luck'"):
        Character.create("L", identity=("G",), increases={"Luck": 1})


def test_mana_pool_one_per_occurrence_and_artifact_choices() -> None:
    assert Character.create("M", identity=("B", "B", "R")).mana_capacity() == {"B": 2, "R": 1}
    colorless = Character.create("A", identity=("A", "G"), artifact_stats=("power",))
    assert colorless.mana_capacity() == {"C": 1, "G": 1}
    artifacts = Character.create("A", identity=("A", "G"), artifact_stats=("power",), artifact_mana="artifacts")
    assert artifacts.mana_capacity() == {"A": 2, "G": 1}


def test_library_size_is_ten_plus_half_memory() -> None:
    sheet = Character.create("Lib", identity=("G",), race="Elf")  # Memory 5
    assert sheet.spells_known() == 12  # "all players start with at least 12 spells known"
    assert sheet.memorized_limit() == 3  # half of 5, rounded up
    scholar = Character.create("Lib", identity=("U", "U", "U"), race="Human", increases={"memory": 2})
    assert scholar.stats["memory"] == 11 and scholar.spells_known() == 15 and scholar.memorized_limit() == 6


def test_too_many_spells_and_memorised_outside_library_are_refused() -> None:
    many = ["Shock"] + ["Grizzly Bears"] * 12
    with pytest.raises(RuleError, match="Library"):
        Character.create("L", identity=("G",), race="Elf", library=many)
    with pytest.raises(RuleError, match="Library: Forest is a land, not a spell"):
        Character.create("L", identity=("G",), library=("Forest",))
    with pytest.raises(RuleError, match="Memorized Spells: Shock is memorised but not in the library"):
        Character.create("L", identity=("G",), library=("Grizzly Bears",), memorized=("Shock",))
    with pytest.raises(RuleError, match="at most 3 spells"):
        Character.create("L", identity=("G",), race="Elf", library=("Shock", "Grizzly Bears", "Giant Growth",
                                                                      "Kird Ape"),
                         memorized=("Shock", "Grizzly Bears", "Giant Growth", "Kird Ape"))


def test_keyword_costs_and_defender_refund() -> None:
    flying = Character.create("K", identity=("G",), keywords=("Flying",))
    assert flying.points_spent() == 2
    with_defender = Character.create("K", identity=("G",), keywords=("Deathtouch", "Defender"))
    assert with_defender.points_spent() == 5  # 6 - 1
    with pytest.raises(RuleError, match="Build points"):
        Character.create("K", identity=("G",), keywords=("Deathtouch",))
    with pytest.raises(InputError, match="no keyword ability 'Hexproof'"):
        Character.create("K", identity=("G",), keywords=("Hexproof",))


def test_advice_limits_are_warnings_not_refusals() -> None:
    sheet = Character.create("Adv", identity=("W", "R", "G"), library=("Serra Angel", "Shivan Dragon", "Shock",
                                                                       "Shock"))
    notes = " | ".join(sheet.warnings())
    assert "one of every card" in notes and "Shock" in notes
    assert "a single rare spell" in notes
    assert "cannot be cast" in notes and "Shivan Dragon" in notes


def test_gm_award_adds_build_points() -> None:
    sheet = Character.create("Vet", identity=("G",))
    assert sheet.award(3).build_points() == 8
    with pytest.raises(InputError):
        sheet.award(0)


def test_round_trip_and_damaged_sheet_refused() -> None:
    sheet = Character.create("Trip", identity=("A", "U"), artifact_stats=("toughness",), library=("Shock",),
                             memorized=("Shock",), keywords=("Reach",))
    assert Character.from_dict(sheet.to_dict()) == sheet
    raw = sheet.to_dict()
    raw["increases"] = {"mastery": 9}
    with pytest.raises(DataError, match="refused"):
        Character.from_dict(raw)
    del raw["identity"]
    with pytest.raises(DataError, match="malformed"):
        Character.from_dict(raw)


def test_castable_spells_fit_mastery_and_the_mana_pool_cheapest_first() -> None:
    """The spells a creator may put in the Library: a G,G,G identity with Mastery 4 holds 3 green mana, so every
    spell listed costs at most 3, none needs a colour other than green, no land is listed."""
    sheet = Character.create("Nissa", identity=["G", "G", "G"], increases={"mastery": 1})
    castable = sheet.castable_spells()
    names = [card.name for card in castable]
    assert sheet.stats["mastery"] == 4 and sheet.mana_capacity() == {"G": 3}
    assert "Grizzly Bears" in names and "Shock" not in names and not any(card.is_land for card in castable)
    assert max(card.mana_value for card in castable) == 3
    assert castable == sorted(castable, key=lambda card: (card.mana_value, card.name))
    assert all(sheet.can_ever_cast(card) for card in castable)
