"""The banquet's result for the campaign year: the major war and feudal wars (seed 004, "War")."""

from __future__ import annotations

import pytest

from magecraft.wizard_prince.result import BanquetResult


def year(emperors: int, ranger: bool = False, marshals: int = 0, need_peace: bool = True) -> BanquetResult:
    return BanquetResult(nobles=(), emperors=emperors, ended_by="the Butler", turns=3, coup=False,
                         emperor_slain=False, wounded_ranger_presented=ranger,
                         lord_marshals_presented=marshals, writs_need_peace=need_peace)


@pytest.mark.parametrize(("emperors", "ranger", "civil_war", "invasion"), [
    (0, False, True, False), (0, True, True, False),     # "either two or zero Emperors": Civil War
    (2, False, True, False), (2, True, True, False),
    (1, False, False, False),                            # peace
    (1, True, False, True),                              # "If there is one Emperor, and ... the Wounded Ranger"
])
def test_the_major_war_follows_the_emperors_left_and_the_wounded_ranger(emperors, ranger, civil_war, invasion):
    result = year(emperors, ranger)
    assert (result.civil_war, result.barbarian_invasion) == (civil_war, invasion)
    assert (result.no_emperor, result.two_emperors) == (emperors == 0, emperors == 2)
    flags = result.to_dict()
    assert (flags["civil_war"], flags["barbarian_invasion"], flags["no_emperor"], flags["two_emperors"]) == (
        civil_war, invasion, emperors == 0, emperors == 2)


@pytest.mark.parametrize(("emperors", "ranger", "need_peace", "feudal"), [
    (1, False, True, 2), (1, True, True, 0), (0, False, True, 0), (2, False, True, 0),
    (1, True, False, 2), (0, False, False, 2),
])
def test_feudal_wars_one_per_writ_unless_a_major_war_voids_them(emperors, ranger, need_peace, feudal):
    result = year(emperors, ranger, marshals=2, need_peace=need_peace)
    assert result.feudal_wars == feudal and result.to_dict()["writs_of_battle"] == 2
