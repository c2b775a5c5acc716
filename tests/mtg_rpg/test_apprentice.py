"""An apprentice's own sheet (seed 000, FEATS: Apprentice)."""

from dataclasses import replace

import pytest

from magecraft.core.errors import InputError, RuleError
from magecraft.mtg_rpg.apprentice import Apprentice, take_apprentice, train_year
from magecraft.mtg_rpg.character import TakenFeat, example_character
from magecraft.mtg_rpg.settings import Settings

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


def test_training_aims_at_a_starting_wizard_three_dots_and_life_grows_with_constitution() -> None:
    # taken on: at most 2 in any; in training the cap is a starting Wizard's 3 (ruling R25)
    kiri = train_year(first_year(), {**FIRST_ATTRIBUTES, "ST": 3}, {**FIRST_SKILLS, "Athletics": 3, "Dodge": 1})
    assert (kiri.attributes["ST"], kiri.skills["Athletics"], kiri.life) == (3, 3, 5)
    with pytest.raises(RuleError, match="at most 3"):
        train_year(kiri, {**kiri.attributes, "ST": 4}, {**kiri.skills, "Dodge": 3})
    with pytest.raises(RuleError, match="at most 2"):
        train_year(first_year(), {**FIRST_ATTRIBUTES, "ST": 3}, {**FIRST_SKILLS, "Athletics": 3, "Dodge": 1},
                   Settings(apprentice_training_cap=2))
    # "Each point of Constitution grants the Wizard +2 hit points": 5 + 2 for the one CN gained
    tougher = train_year(kiri, {**kiri.attributes, "CN": 2}, {**kiri.skills, "Dodge": 3})
    assert tougher.life == 7
    assert Apprentice.from_dict(tougher.to_dict()) == tougher
