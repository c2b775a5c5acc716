"""Cards: the built-in Ninth Edition pool, lookups, pips and MTGJSON imports."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from magecraft.core.errors import DataError
from magecraft.mtg_rpg.cards import (
    MANA_ATTRIBUTE,
    Card,
    CardPool,
    builtin_pool,
    load_mtgjson,
    pool_from_mtgjson,
)


def test_builtin_pool_holds_the_ninth_edition_counts_of_the_readme() -> None:
    pool = builtin_pool()
    assert len(pool) == 344
    colours = Counter(c.colors[0] if c.colors else "C" for c in pool)
    assert colours == {"W": 59, "U": 61, "B": 57, "R": 58, "G": 59, "C": 50}
    rarities = Counter(c.rarity for c in pool)
    assert rarities == {"common": 116, "uncommon": 112, "rare": 111, "basic land": 5}


def test_lookup_ignores_case_and_suggests_near_names() -> None:
    pool = builtin_pool()
    assert pool.get("  SHIVAN dragon ").name == "Shivan Dragon"
    with pytest.raises(DataError, match="did you mean 'Shivan Dragon'"):
        pool.get("Shivan Dragn")
    with pytest.raises(DataError, match="no card called 'Zzzyx'") as info:
        pool.get("Zzzyx")
    assert "did you mean" not in str(info.value)


def test_card_facts_pips_and_x() -> None:
    pool = builtin_pool()
    dragon = pool.get("Shivan Dragon")
    assert (dragon.mana_value, dragon.power, dragon.toughness) == (6, "5", "5")
    assert dragon.colored_pips() == {"R": 2} and dragon.is_creature and not dragon.has_x
    blaze = pool.get("Blaze")
    assert blaze.has_x and blaze.mana_value == 1 and blaze.colored_pips() == {"R": 1}
    forest = pool.get("Forest")
    assert forest.is_land and forest.rarity == "basic land" and forest.colored_pips() == {}
    assert forest.is_color("C") and not dragon.is_color("C") and dragon.is_color("R")


def test_hybrid_symbol_counts_for_both_colours() -> None:
    card = Card("Hybrid Test", "{1}{W/U}{W}", 3, ("W", "U"), "Instant", ("Instant",))
    assert card.colored_pips() == {"W": 2, "U": 1}
    assert card.symbols() == ("1", "W/U", "W")


def test_find_searches_names_types_and_keywords() -> None:
    pool = builtin_pool()
    assert [c.name for c in pool.find("dragon")] == [
        "Dragon's Claw", "Form of the Dragon", "Rathi Dragon", "Shivan Dragon"]
    assert len(pool.find("regenerate")) == 4


def test_attributes_are_linked_to_the_seed_colours() -> None:
    assert MANA_ATTRIBUTE == {"R": "ST", "G": "DX", "B": "CN", "U": "IQ", "W": "WS", "C": "CH"}


def _mtgjson_card(name: str, **extra: Any) -> dict[str, Any]:
    card = {"name": name, "manaCost": "{2}{G}", "manaValue": 3.0, "colors": ["G"],
            "type": "Creature — Bear", "types": ["Creature"], "subtypes": ["Bear"], "supertypes": [],
            "rarity": "common", "power": "2", "toughness": "2"}
    card.update(extra)
    return card


def test_mtgjson_set_file_import(tmp_path: Path) -> None:
    raw = {"meta": {"version": "5.2.0"}, "data": {"code": "TST", "cards": [
        _mtgjson_card("Big Bear", keywords=["Trample"]),
        _mtgjson_card("Plains", manaCost="", manaValue=0, colors=[], type="Basic Land — Plains",
                      types=["Land"], subtypes=["Plains"], supertypes=["Basic"], power=None, toughness=None),
    ]}}
    path = tmp_path / "TST.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    pool = load_mtgjson(path)
    bear = pool.get("big bear")
    assert (bear.mana_value, bear.keywords, bear.colored_pips()) == (3, ("Trample",), {"G": 1})
    assert pool.get("Plains").rarity == "basic land"


def test_mtgjson_all_printings_keeps_first_printing() -> None:
    raw = {"data": {"AAA": {"cards": [_mtgjson_card("Bear", rarity="common")]},
                    "BBB": {"cards": [_mtgjson_card("Bear", rarity="rare"), _mtgjson_card("Wolf")]}}}
    pool = pool_from_mtgjson(raw)
    assert len(pool) == 2 and pool.get("Bear").rarity == "common"


@pytest.mark.parametrize(("raw", "message"), [
    ({"cards": []}, "no 'data' object"),
    ({"data": {"code": "X", "cards": [_mtgjson_card("Ok"), _mtgjson_card("Bad", colors=["Q"])]}},
     "unknown colour 'Q'"),
    ({"data": {"code": "X", "cards": [_mtgjson_card("Bad", manaValue=2.5)]}}, "whole number"),
    ({"data": {"code": "X", "cards": [{"name": "No Type", "manaValue": 1}]}}, "type_line must be"),
    ({"data": {"AAA": {"cards": "nope"}}}, "set 'AAA' has no list of cards"),
    ({"data": {"code": "X", "cards": [_mtgjson_card("Bad", manaCost="{{G")]}},
     r"set X card 1 \(Bad\): mana_cost must be mana symbols such as \{2\}\{R\}, not '\{\{G'"),
    ({"data": {"cards": [_mtgjson_card("Bad", manaCost="2G")]}}, r"^MTGJSON file card 1 \(Bad\): mana_cost"),
])
def test_malformed_mtgjson_is_refused_whole(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError, match=message):
        pool_from_mtgjson(raw)


def test_load_mtgjson_refuses_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON"):
        load_mtgjson(path)


def test_card_round_trip_and_pool_merge() -> None:
    pool = builtin_pool()
    dragon = pool.get("Shivan Dragon")
    assert Card.from_dict(dragon.to_dict()) == dragon
    extra = CardPool([Card("Shivan Dragon", "{R}", 1, ("R",), "Instant", ("Instant",)),
                      Card("New Spell", "{U}", 1, ("U",), "Instant", ("Instant",))])
    merged = pool.merged(extra)
    assert len(merged) == 345 and merged.get("Shivan Dragon").mana_value == 6
