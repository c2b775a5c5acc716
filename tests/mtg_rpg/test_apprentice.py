"""An apprentice's own sheet (seed 000, FEATS: Apprentice)."""

from dataclasses import replace

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.mtg_rpg.apprentice import Apprentice, take_apprentice, train_year
from magecraft.mtg_rpg.character import TakenFeat, example_character

MENTOR = replace(example_character(), feats=(TakenFeat("Apprentice"),))
FIRST_ATTRIBUTES = {"ST": 2, "DX": 1, "CN": 1, "IQ": 1}
FIRST_SKILLS = {"Athletics": 2, "Craft": 2, "Awareness": 2, "Healing": 2, "Larceny": 2}


def first_year() -> Apprentice:
    return take_apprentice(MENTOR, None, "Kiri", "r", FIRST_ATTRIBUTES, FIRST_SKILLS, ("Shock", "Mountain"))


def test_an_apprentice_has_five_life_and_the_first_years_dots() -> None:
    kiri = first_year()
    assert (kiri.life, kiri.prime, kiri.years, kiri.mentor) == (5, "R", 0, "Sarin")
    assert Apprentice.from_dict(kiri.to_dict()) == kiri


def test_the_mentor_needs_the_feat_and_one_apprentice_at_a_time() -> None:
    with pytest.raises(RuleError, match="Apprentice feat"):
        take_apprentice(example_character(), None, "Kiri", "R", FIRST_ATTRIBUTES, FIRST_SKILLS, ())
    with pytest.raises(RuleError, match="one apprentice at a time"):
        take_apprentice(MENTOR, first_year(), "Tam", "R", FIRST_ATTRIBUTES, FIRST_SKILLS, ())
    with pytest.raises(RuleError, match="at most 2"):
        take_apprentice(MENTOR, None, "Kiri", "R", {"ST": 3, "DX": 1, "CN": 1}, FIRST_SKILLS, ())
    with pytest.raises(InputError, match="unknown attribute"):
        take_apprentice(MENTOR, None, "Kiri", "R", {"XX": 5}, FIRST_SKILLS, ())


def test_each_year_adds_one_attribute_and_two_skill_dots() -> None:
    kiri = train_year(first_year(), {**FIRST_ATTRIBUTES, "WS": 1}, {**FIRST_SKILLS, "Dodge": 2})
    assert (kiri.years, sum(kiri.attributes.values()), sum(kiri.skills.values())) == (1, 6, 12)
    with pytest.raises(RuleError, match="6 attribute and 12 skill dots"):
        train_year(first_year(), FIRST_ATTRIBUTES, FIRST_SKILLS)
    with pytest.raises(RuleError, match="cannot fall from 2 to 1"):
        train_year(first_year(), {**FIRST_ATTRIBUTES, "ST": 1, "WS": 2}, {**FIRST_SKILLS, "Dodge": 2})
    with pytest.raises(RuleError, match="finished training"):
        train_year(replace(kiri, years=5), kiri.attributes, kiri.skills)
