"""House-rules files: refused whole when a setting is unknown or has the wrong type."""

from dataclasses import dataclass

import pytest

from magecraft.core.errors import DataError
from magecraft.core.settings import dataclass_from_dict, load_settings, settings_to_dict


@dataclass(frozen=True)
class Rules:
    land_counts: int = 1
    bed_rest_doubles: bool = True
    multiplier: float = 2.0
    banned_cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.land_counts not in (0, 1):
            raise ValueError("land_counts is 0 or 1")


def test_known_settings_are_taken():
    rules = dataclass_from_dict(Rules, {"land_counts": 0, "multiplier": 3})
    assert rules == Rules(land_counts=0, bed_rest_doubles=True, multiplier=3)
    assert settings_to_dict(rules) == {"land_counts": 0, "bed_rest_doubles": True, "multiplier": 3,
                                       "banned_cards": []}


def test_a_list_is_taken_for_a_tuple_and_saved_as_a_list():
    rules = dataclass_from_dict(Rules, {"banned_cards": ["Ancestral Recall"]})
    assert rules.banned_cards == ("Ancestral Recall",)
    assert dataclass_from_dict(Rules, settings_to_dict(rules)) == rules
    with pytest.raises(DataError, match="'banned_cards' takes a tuple"):
        dataclass_from_dict(Rules, {"banned_cards": "Ancestral Recall"})


@pytest.mark.parametrize(("raw", "message"), [
    ({"lands": 0}, "unknown field 'lands'"),
    ({"land_counts": "one"}, "'land_counts' takes a int, not 'one'"),
    ({"land_counts": True}, "'land_counts' takes a int"),
    ({"bed_rest_doubles": 1}, "'bed_rest_doubles' takes a bool"),
    ({"land_counts": 5}, "land_counts is 0 or 1"),
])
def test_bad_settings_are_refused(raw, message):
    with pytest.raises(DataError, match=message):
        dataclass_from_dict(Rules, raw)


def test_a_record_missing_a_required_field_is_refused():
    @dataclass(frozen=True)
    class Sheet:
        name: str
        level: int = 1

    assert dataclass_from_dict(Sheet, {"name": "Orlu"}) == Sheet("Orlu", 1)
    with pytest.raises(DataError, match="noble: missing field 'name'"):
        dataclass_from_dict(Sheet, {"level": 3}, "noble")


def test_house_rules_file(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text("[mtg_rpg]\nland_counts = 0\n", encoding="utf-8")
    assert load_settings(Rules, path, "mtg_rpg").land_counts == 0
    assert load_settings(Rules, path, "other") == Rules()
    path.write_text("land_counts = [", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_settings(Rules, path)
    with pytest.raises(DataError, match="cannot read"):
        load_settings(Rules, tmp_path / "missing.toml")
