"""The living realm in the one shape (issue 22): registered, every action in the referee's words and back,
the unattended bot, what each seat sees, positions and scenario files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.scenario import load_scenario, load_scenario_text, run_scenario
from magecraft.games import registry
from magecraft.magic_realm import actions as act
from magecraft.magic_realm.days import Decide, RealmDays
from magecraft.magic_realm.position import RealmPosition

SCENARIOS = sorted((Path(__file__).parents[2] / "docs" / "scenarios").glob("magic-realm-*.toml"))


def two() -> RealmDays:
    return RealmDays.new(Randomness.seeded(5), ["Amazon@Borderland 1", "Black Knight@Borderland 4"])


@pytest.mark.parametrize("action", [
    act.NextDay(), act.MoveCharacter("Amazon", 3), act.GiveGold("Amazon", -5), act.GiveGold("Amazon", 12),
    act.GiveItem("Amazon", "Flowers of Rest", "small treasure"), act.RecordDeed("Amazon", "stole a treasure"),
    act.RecordDay("Amazon", ("MOVE@Borderland 4", "HIDE"), phases=3, extra=("HIDE",), fleet_foot=True),
    act.CastSpell("Amazon", "Miracle", chit="FIGHT H5**", cast_with=("MAGIC II3*",)),
    act.CastSpell("Amazon", "Open Gate", "Ruins"), act.PlayMiracle("Amazon", keep="high"),
    act.WoundMiracle("Amazon", "FIGHT H5**"), act.CharacterKilled("Amazon", "Black Knight"),
    act.TradeWithMerchant("Amazon", "Short Sword", 4, True, "item"), act.MoveHireling("Amazon", "Mercenary", 7),
    act.Fire("Amazon", "Wood Sprite", (2, 3)), act.Hire("Amazon", "Doppleganger", "MOVE M4*"),
    act.GateTravel("Amazon", "Ruins", 2), act.RunFromBattle("Amazon", dragons=True, bounty=True),
    act.ReadRunes("Amazon", False), act.PutOnRing("Amazon", True), act.StrikeHive("Amazon", False),
    act.RidOfJester("Amazon", "guard"), act.BuyService("Amazon", "Cleric", "heal"),
])
def test_every_action_reads_back_from_its_words(action):
    realm = two()
    words = realm.action_text(action)
    from magecraft.magic_realm.words import parse

    assert parse(realm, words) == action, words


def test_the_terminal_spellings_are_read_and_judged():
    realm = two()
    moved = realm.parse_action("move amazon to Borderland 4")
    assert moved == act.MoveCharacter("Amazon", realm.characters[1].clearing)
    with pytest.raises(RuleError, match="holds no Miracle chit"):
        realm.parse_action("miracle Amazon high")
    with pytest.raises(RuleError, match="no character 'Nobody' is placed"):
        realm.parse_action("Nobody gains 3 gold")
    with pytest.raises(RuleError, match="Borderland has clearings 1 to 6, not 9"):
        realm.parse_action("move Amazon to Borderland 9")
    with pytest.raises(RuleError, match="already stands in Borderland 1"):
        realm.parse_action("move Amazon to Borderland 1")


def test_seats_decisions_and_the_unattended_bot():
    realm = two()
    game_type = registry().get("magic-realm")
    assert realm.seats() == ("referee", "Amazon", "Black Knight")
    assert realm.decision_kind() is Decide.REFEREE
    bot = game_type.bot("unattended", Randomness.seeded(1))
    assert bot.choose(realm, "referee") == act.NextDay()


def test_a_character_does_not_see_what_another_alone_knows():
    realm = two()
    realm.characters[0].known_gates.append("Ruins")
    realm.characters[0].known_paths.append((1, 2))
    amazon, knight = realm.observation("Amazon"), realm.observation("Black Knight")
    assert amazon["characters"][0]["known_gates"] == ["Ruins"]
    assert knight["characters"][0]["known_gates"] == 1 and knight["characters"][0]["known_paths"] == 1
    assert "rng" not in knight and "rng" not in realm.observation("referee")  # the dice to come: nobody's
    secret = registry().get("magic-realm").plant_secret(realm, "referee", "MARKER-1")
    assert "MARKER-1" in json.dumps(secret.observation("referee"))
    assert "MARKER-1" not in json.dumps(secret.observation("Amazon"))


@pytest.mark.parametrize("raw, why", [
    ({"characters": []}, "place at least one character"),
    ({"characters": [{"name": "Amazon", "clearing": "Nowhere 1"}]}, "Nowhere"),
    ({"characters": [{"name": "Amazon"}]}, "character 1 needs a clearing"),
    ({"characters": [{"name": "Amazon", "clearing": "Borderland 1"}],
      "travellers": [{"name": "Jester", "clearing": "Borderland 1", "roll": 9}]}, "monster roll is 1-6, not 9"),
    ({"characters": [{"name": "Amazon", "clearing": "Borderland 1", "magic_chits": -1}]}, "0 or more"),
    ({"characters": [{"name": "Amazon", "clearing": "Borderland 1"}], "weather": 3}, "unknown key 'weather'"),
])
def test_an_impossible_position_is_refused_saying_why(raw, why):
    with pytest.raises((DataError, InputError), match=why):
        RealmPosition.from_mapping(raw).build(Randomness.seeded(1))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_seeds_rules_play_as_written(path):
    assert run_scenario(load_scenario(path), registry()).failure is None


def test_a_wrong_expectation_is_reported():
    text = SCENARIOS[0].read_text(encoding="utf-8").replace('"Black Knight"\n"state.day"', '"Amazon"\n"state.day"')
    failure = run_scenario(load_scenario_text(text, "wrong.toml"), registry()).failure
    assert failure == "expected state.travellers.0.joined = 'Amazon', found 'Black Knight'"


def test_play_starts_from_a_scenario(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nquit\n"))
    path = next(p for p in SCENARIOS if "jester" in p.name)
    assert main(["magic-realm", "play", "--scenario", str(path)]) == 0
    assert "the Jester joins Black Knight for the rest of the game" in capsys.readouterr().out
    assert main(["magic-realm", "play", "--scenario", str(path), "--seed", "3"]) == 2
