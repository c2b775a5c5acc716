"""The empire map: the Velkar log sheet as data, other maps from files refused whole when malformed."""

from __future__ import annotations

from pathlib import Path

import pytest

from magecraft.core.errors import DataError
from magecraft.wizard_prince.campaign.empire import load_map, reachable

LOG_SHEET = {"Athak": 0, "Barony of Frostwall": 0, "County of Rosethorn": 0, "Desert of Yndaka": -2,
             "Duchy of Grakk": 2, "Earldom of Thel": 1, "Enlyor": 0, "Ghostmoor": 0, "Great Velkar": 2,
             "Hills of Zynn": -1, "Ice Demon Glacier": -2, "Kingdom of Rhiscontar": 1, "Kril Highlands": 1,
             "Kulvor": 1, "Orlu": 0, "Peaks of Kur": 0, "Pinehold": 0, "Snowcrowns": -1, "Stahl": 0,
             "Wolfsclaw Mountains": -1, "Zoonura": 0}


def test_velkar_has_the_log_sheets_21_provinces_and_production_modifiers() -> None:
    velkar = load_map("velkaria")
    assert {p.name: p.production for p in velkar.provinces} == LOG_SHEET
    assert velkar.info("Great Velkar").notes == "Imperial Capital"


def test_velkar_borders_are_mutual_and_the_map_is_one_piece() -> None:
    velkar = load_map("velkaria")
    for name in velkar.names:
        for other in velkar.land[name]:
            assert name in velkar.land[other]
    assert reachable("Athak", velkar.names, velkar, by_sea=False) == set(velkar.names)
    assert velkar.sea["Ghostmoor"] >= {"Kingdom of Rhiscontar", "Enlyor"}
    assert not velkar.info("Pinehold").coastal


GOOD = """name = "Two Shires"
[[province]]
name = "North"
production = 1
land = ["South"]
seas = ["Bay"]
[[province]]
name = "South"
land = ["North"]
"""


def test_a_map_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "shires.toml"
    path.write_text(GOOD, encoding="utf-8")
    shires = load_map(path)
    assert shires.names == ("North", "South") and shires.info("North").production == 1
    assert shires.land["South"] == {"North"} and shires.sea["North"] == frozenset()


@pytest.mark.parametrize(("change", "words"), [
    (('land = ["North"]\n', 'land = []\n'), "does not border"),
    (('land = ["South"]', 'land = ["Middle"]'), "not a province"),
    (("production = 1", "production = 9"), "production"),
    (('name = "South"', 'name = "North"'), "listed twice"),
    (('seas = ["Bay"]', 'seas = "Bay"'), "seas is a list"),
])
def test_a_malformed_map_is_refused_whole(tmp_path: Path, change: tuple[str, str], words: str) -> None:
    path = tmp_path / "bad.toml"
    text = GOOD.replace(*change)
    assert text != GOOD
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=words):
        load_map(path)
    assert path.read_text(encoding="utf-8") == text


def test_a_missing_or_binary_map_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read map"):
        load_map(tmp_path / "none.toml")
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataError, match="not a text file"):
        load_map(tmp_path / "bin.toml")
