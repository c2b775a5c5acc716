"""The `magecraft mtg-rpg` character, card, experience, research and monster commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from magecraft.cli import options
from magecraft.cli.app import main
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.character import load_character

NEW = ["mtg-rpg", "character", "new", "--name", "Sarin", "--concept", "battle mage", "--calling", "Adventurer",
       "--demeanor", "Brave", "--primary", "R", "--talisman", "ruby ring", "--renewal", "sunrise",
       "--sanctuary", "a cave", "--weapon", "staff", "--attributes", "ST=3,DX=0,CN=2,IQ=2,WS=1,CH=2",
       "--skills", "Athletics=3,Arcane Knowledge=1,Spell Research=1,Awareness=3,Dodge=3,Endurance=3,"
       "Larceny=3,Healing=3", "--cantrips", "Light,Mage Hand,Detect Magic", "--library", "starter"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def make_sarin(capsys: pytest.CaptureFixture[str], db: Path, *extra: str) -> dict[str, Any]:
    code, out, err = run(capsys, *NEW, "--db", str(db), "--seed", "3", "--json", *extra)
    assert code == 0, err
    return dict(json.loads(out))


def test_new_character_from_options_is_saved(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    data = make_sarin(capsys, db, "--gold-card", "Shivan Dragon")
    assert data["gold_card"] == "Shivan Dragon" and data["sheet"]["character"]["gold"] == 30
    assert data["sheet"]["derived"]["life"] == 14 and data["sheet"]["skill_totals"]["Spell Research"] == 4
    saved = load_character(SaveStore(db), "Sarin").character
    assert len(saved.library) == 60 and saved.skills["Arcane Knowledge"] == 2


def test_same_seed_same_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first = run(capsys, *NEW, "--db", str(tmp_path / "a.sqlite3"), "--seed", "8", "--json")
    second = run(capsys, *NEW, "--db", str(tmp_path / "b.sqlite3"), "--seed", "8", "--json")
    assert first[0] == 0 and first[1] == second[1]


def test_a_rule_broken_by_an_option_exits_1_and_saves_nothing(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    args = [a if a != "ST=3,DX=0,CN=2,IQ=2,WS=1,CH=2" else "ST=3,DX=1,CN=2,IQ=2,WS=1,CH=2" for a in NEW]
    code, _, err = run(capsys, *args, "--db", str(db), "--seed", "1")
    assert code == 1
    assert err.strip() == ("magecraft: Ten attribute dots: 11 attribute dots assigned; "
                           "a new Wizard assigns exactly 10")
    assert SaveStore(db).list_saves("mtg_rpg") == []


def test_bad_option_format_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = [a if a != "ST=3,DX=0,CN=2,IQ=2,WS=1,CH=2" else "ST3" for a in NEW]
    code, _, err = run(capsys, *args, "--db", str(tmp_path / "s.sqlite3"))
    assert code == 2 and "give attributes as NAME=DOTS" in err


def test_interactive_creation_asks_again_after_a_bad_answer(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["Vess", "necromancer", "Wizard", "Vengeance", "Cruel, Scheming", "B", "bone wand",
                    "midnight", "a crypt", "", "ST=1,DX=1,CN=3,IQ=2,WS=2,CH=1",
                    "Endurance=3,Resistance=3,Riding=3,Stabilize Self=3,Awareness=3,Healing=3,Craft=2",
                    "Light,Mage Hand", "Light,Mage Hand,Float", "starter"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr(options, "ask_at_terminal", ask)
    code, out, err = run(capsys, "mtg-rpg", "character", "new", "--db", str(tmp_path / "s.sqlite3"),
                         "--seed", "2", "--json")
    assert code == 0, err
    assert sum(1 for p in asked if p.startswith("Calling")) == 2
    assert sum(1 for p in asked if p.startswith("3 cantrip")) == 2
    sheet = json.loads(out[out.index("{"):])["sheet"]
    assert sheet["character"]["calling"] == "Vengeance" and sheet["character"]["primary"] == "B"
    assert "Calling: 'Wizard' is not a Calling" in out


def test_show_json_markdown_and_missing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db)
    code, out, _ = run(capsys, "mtg-rpg", "character", "show", "Sarin", "--db", str(db), "--json")
    assert code == 0 and json.loads(out)["derived"]["hand_size"] == 4
    code, out, _ = run(capsys, "mtg-rpg", "character", "show", "Sarin", "--db", str(db), "--markdown")
    assert code == 0 and out.startswith("# Sarin\n") and "| Athletics | ST | 3 | 6 |" in out
    code, out, _ = run(capsys, "mtg-rpg", "character", "show", "Sarin", "--db", str(db))
    assert code == 0 and "life points" in out
    code, _, err = run(capsys, "mtg-rpg", "character", "show", "Nobody", "--db", str(db))
    assert code == 2 and "no mtg_rpg character saved as 'Nobody'" in err


def test_xp_award_spend_and_costs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db, "--gold-card", "Shivan Dragon")
    assert run(capsys, "mtg-rpg", "xp", "Sarin", "award", "12", "--db", str(db))[0] == 0
    code, _, err = run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "feat", "Toughness", "--db", str(db))
    assert code == 1 and "Training gold: training for Toughness costs 50 gp; Sarin has 30" in err
    assert run(capsys, "mtg-rpg", "character", "gold", "Sarin", "1000", "--db", str(db))[0] == 0
    code, out, _ = run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "feat", "Toughness", "--db", str(db), "--json")
    assert code == 0 and json.loads(out) == {"bought": "Toughness", "xp": 2, "gold": 50, "days": 2,
                                             "xp_left": 10, "gold_left": 980}
    code, _, err = run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "attribute", "ST", "--db", str(db))
    assert code == 1 and "Strength 4 costs 11 experience; Sarin has 10" in err
    code, out, _ = run(capsys, "mtg-rpg", "xp", "Sarin", "costs", "--db", str(db), "--json")
    assert json.loads(out)["attributes"]["ST"] == 11 and json.loads(out)["skills"]["Craft"] == 2
    code, out, _ = run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "spell", "Ornithopter", "--db", str(db),
                       "--json")
    assert code == 0 and json.loads(out) == {"bought": "Ornithopter", "xp": 1, "gold": 200, "weeks": 1,
                                             "xp_left": 9, "gold_left": 780}
    assert run(capsys, "mtg-rpg", "xp", "Sarin", "dance", "--db", str(db))[0] == 2
    assert run(capsys, "mtg-rpg", "character", "gold", "Sarin", "-5000", "--db", str(db))[0] == 2


def test_xp_spending_saves_the_character(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db, "--gold-card", "Shivan Dragon")  # 30 gp
    run(capsys, "mtg-rpg", "xp", "Sarin", "award", "5", "--db", str(db))
    run(capsys, "mtg-rpg", "character", "gold", "Sarin", "100", "--db", str(db))
    code, out, err = run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "skill", "Craft", "--db", str(db), "--json")
    assert code == 0, err
    assert json.loads(out) == {"bought": "Craft 1", "xp": 2, "gold": 50, "days": 2, "xp_left": 3, "gold_left": 80}
    wizard = load_character(SaveStore(db), "Sarin").character
    assert wizard.skills.get("Craft") == 1 and wizard.xp == 3


def test_research_plan_and_attempt(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db, "--gold-card", "Shivan Dragon")
    code, out, _ = run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "shivan dragon", "--plan", "--db",
                       str(db), "--json")
    assert code == 0 and json.loads(out)["gold"] == 2500 and json.loads(out)["difficulty"] == 15
    code, _, err = run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "Shivan Dragon", "--db", str(db))
    assert code == 1 and "costs 2500 gp; Sarin has 30" in err
    run(capsys, "mtg-rpg", "character", "gold", "Sarin", "1000", "--db", str(db))
    code, out, err = run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "Shock", "--db", str(db),
                         "--seed", "1", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert (result["gold"], result["days"], result["gold_left"]) == (100, 1, 930)
    check = result["checks"][0]
    assert check["difficulty"] == 9 and check["total"] == 4 + check["card_value"]
    assert result["success"] == (check["total"] >= 9)
    wizard = load_character(SaveStore(db), "Sarin").character
    assert wizard.gold == 930 and ("Shock" in wizard.owned_cards()) == result["success"]


def test_cards_find_show_and_import(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    code, out, _ = run(capsys, "mtg-rpg", "cards", "find", "wurm", "--db", str(db), "--json")
    assert code == 0 and [c["name"] for c in json.loads(out)] == [
        "Craw Wurm", "Rootbreaker Wurm", "Scaled Wurm", "Spined Wurm", "Wurm's Tooth"]
    code, out, _ = run(capsys, "mtg-rpg", "cards", "show", "SHIVAN DRAGON", "--db", str(db), "--json")
    assert json.loads(out)["mana_cost"] == "{4}{R}{R}"
    code, _, err = run(capsys, "mtg-rpg", "cards", "show", "Shivan Dragn", "--db", str(db))
    assert code == 2 and "did you mean 'Shivan Dragon'" in err
    set_file = tmp_path / "TST.json"
    set_file.write_text(json.dumps({"data": {"code": "TST", "cards": [{
        "name": "Test Bear", "manaCost": "{1}{G}", "manaValue": 2.0, "colors": ["G"], "type": "Creature — Bear",
        "types": ["Creature"], "subtypes": ["Bear"], "supertypes": [], "rarity": "common", "power": "2",
        "toughness": "2"}]}}), encoding="utf-8")
    code, out, _ = run(capsys, "mtg-rpg", "cards", "import", str(set_file), "--db", str(db), "--json")
    assert code == 0 and json.loads(out)["imported"] == 1
    code, out, _ = run(capsys, "mtg-rpg", "monster", "test bear", "--db", str(db), "--json")
    assert code == 0 and json.loads(out)["attributes"]["ST"] == 2
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"data": {"code": "X", "cards": [{"name": "Half"}]}}), encoding="utf-8")
    code, _, err = run(capsys, "mtg-rpg", "cards", "import", str(broken), "--db", str(db))
    assert code == 2 and "manaValue" in err
    code, out, _ = run(capsys, "mtg-rpg", "cards", "find", "bear", "--db", str(db), "--json")
    assert [c["name"] for c in json.loads(out)] == ["Grizzly Bears", "River Bear", "Test Bear"]


def test_monster_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "mtg-rpg", "monster", "Craw Wurm", "--db", str(tmp_path / "s.sqlite3"), "--json")
    assert code == 0
    wurm = json.loads(out)
    assert wurm["attributes"] == {"ST": 6, "DX": 2, "CN": 5, "IQ": 2, "WS": 2, "CH": 0}
    assert wurm["initiative_modifier"] == 2 and wurm["mana_reserve"] == 6
    code, out, _ = run(capsys, "mtg-rpg", "monster", "Drudge Skeletons", "--summoned",
                       "--db", str(tmp_path / "s.sqlite3"))
    assert code == 0 and "regenerations 1" in out


def test_referee_deck_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "mtg-rpg", "referee-deck", "--seed", "11", "--db", str(tmp_path / "s.sqlite3"),
                       "--json")
    names = json.loads(out)
    assert code == 0 and names[:5] == ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    assert 61 <= len(names) <= 64
    assert run(capsys, "mtg-rpg", "referee-deck", "--seed", "11", "--db", str(tmp_path / "s.sqlite3"),
               "--json")[1] == out
    code, out, _ = run(capsys, "mtg-rpg", "referee-deck", "--seed", "11", "--extra-high", "4", "--special-lands",
                       "1", "--db", str(tmp_path / "s.sqlite3"), "--json")
    assert code == 0 and len(json.loads(out)) == 65
    assert run(capsys, "mtg-rpg", "referee-deck", "--extra-high", "5", "--db", str(tmp_path / "s.sqlite3"))[0] == 2


def test_research_plays_from_the_saved_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db, "--gold-card", "Shivan Dragon")
    run(capsys, "mtg-rpg", "character", "gold", "Sarin", "5000", "--db", str(db))
    assert run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "Daring Apprentice", "--db", str(db))[0] == 0
    hand = load_character(SaveStore(db), "Sarin").extra["play_deck"]["hand"]
    assert len(hand) == 4
    code, out, err = run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "Daring Apprentice",
                         "--card", hand[-1], "--db", str(db), "--json")
    assert code == 0, err
    assert json.loads(out)["checks"][0]["card"] == hand[-1]
    code, _, err = run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "Shock", "--card", "Wrath of God",
                       "--db", str(db))
    assert code == 1 and "'Wrath of God' is not in the hand" in err


def test_where_library_and_craft(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db, "--gold-card", "Shivan Dragon")
    wizard = load_character(SaveStore(db), "Sarin").character
    mountains = wizard.library.count("Mountain")
    spells = [n for n in wizard.library if builtin_pool().get(n).colors == ("R",)]
    deck_list = tmp_path / "deck.txt"
    deck_list.write_text(f"{mountains} Mountain\n" + "\n".join(spells[:10]) + "\n", encoding="utf-8")
    assert run(capsys, "mtg-rpg", "character", "where", "Sarin", "away", "--db", str(db))[0] == 0
    code, _, err = run(capsys, "mtg-rpg", "character", "library", "Sarin", str(deck_list), "--db", str(db))
    assert code == 1 and "Adding Cards to the Library" in err
    run(capsys, "mtg-rpg", "character", "where", "Sarin", "sanctuary", "--db", str(db))
    code, out, err = run(capsys, "mtg-rpg", "character", "library", "Sarin", str(deck_list), "--db", str(db),
                         "--json")
    assert code == 0, err
    assert len(json.loads(out)["library"]) == mountains + 10
    assert len(json.loads(out)["spare_cards"]) == 60 - mountains - 10
    code, _, err = run(capsys, "mtg-rpg", "craft", "Sarin", "charged", "--spell", spells[0], "--db", str(db))
    assert code == 1 and "does not have the Craft Magic Item feat" in err
    code, _, err = run(capsys, "mtg-rpg", "craft", "Sarin", "wand", "--spell", spells[0], "--db", str(db))
    assert code == 2 and "potion, scroll, charged" in err
    run(capsys, "mtg-rpg", "xp", "Sarin", "award", "6", "--db", str(db))
    run(capsys, "mtg-rpg", "character", "gold", "Sarin", "1000", "--db", str(db))
    assert run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "feat", "Alchemy", "--db", str(db))[0] == 0
    assert run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "spell", "Shock", "--db", str(db))[0] == 0
    code, out, err = run(capsys, "mtg-rpg", "craft", "Sarin", "potion", "--spell", "Shock", "--db", str(db),
                         "--json")
    assert code == 0, err
    assert json.loads(out) == {"spell": "Shock", "days": 1, "gold": 10, "lands": 1, "spell_cards": 0,
                               "market_value": 70, "attribute_points": {}, "receptacle_gold": 0, "made": True}
    after = load_character(SaveStore(db), "Sarin").character
    assert after.potions == ("Shock",) and after.gold == 30 + 1000 - 125 - 100 - 10
    assert after.owned_cards().count("Mountain") == mountains - 1


def test_house_rules_reach_the_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    rules = tmp_path / "house.toml"
    rules.write_text('extra_callings = ["Hermit"]\nextra_gold_multiple = 8\n', encoding="utf-8")
    args = [a if a != "Adventurer" else "Hermit" for a in NEW]
    code, _, err = run(capsys, *args, "--db", str(db), "--seed", "3")
    assert code == 1 and "'Hermit' is not a Calling" in err
    code, out, err = run(capsys, *args, "--db", str(db), "--seed", "3", "--house-rules", str(rules), "--json")
    assert code == 0, err
    assert json.loads(out)["sheet"]["character"]["calling"] == "Hermit"
    code, out, _ = run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "Daring Apprentice", "--extra-gold",
                       "--plan", "--db", str(db), "--house-rules", str(rules), "--json")
    assert code == 0 and json.loads(out)["gold"] == 12_000


def test_interrupted_research_and_quickened_casting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db, "--gold-card", "Shivan Dragon")
    run(capsys, "mtg-rpg", "character", "gold", "Sarin", "5000", "--db", str(db))
    # Daring Apprentice: 3 days; interrupted after 2, the study starts over: 5 days, the gold once
    code, out, err = run(capsys, "mtg-rpg", "research", "Sarin", "--spell", "Daring Apprentice",
                         "--interrupted-after", "2", "--db", str(db), "--json")
    assert code == 0, err
    assert (json.loads(out)["days"], json.loads(out)["gold"]) == (5, 1500)
    code, _, err = run(capsys, "mtg-rpg", "quicken", "Sarin", "Shock", "--db", str(db))
    assert code == 1 and "no arcane mark for 'Shock'" in err


def test_apprentice_booster_and_lands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    code, out, err = run(capsys, "mtg-rpg", "apprentice", "--prime", "R", "--lands", "Mountain=7", "--seed", "4",
                         "--db", db, "--json")
    assert code == 0, err
    found = json.loads(out)
    assert found["prime"] == "R" and len(found["booster"]) == 15
    assert len(found["library"]) == 22 and found["library"].count("Mountain") >= 7
    code, again, _ = run(capsys, "mtg-rpg", "apprentice", "--prime", "R", "--lands", "Mountain=7", "--seed", "4",
                         "--db", db, "--json")
    assert again == out
    assert run(capsys, "mtg-rpg", "apprentice", "--lands", "Mountain", "--db", db)[0] == 2


def test_an_apprentice_saved_beside_the_mentor_and_trained(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    make_sarin(capsys, db, "--gold-card", "Shivan Dragon")
    base = ["mtg-rpg", "apprentice", "--prime", "R", "--mentor", "Sarin", "--name", "Kiri", "--attributes",
            "ST=2,DX=1,CN=1,IQ=1", "--skills", "Athletics=2,Craft=2,Awareness=2,Healing=2,Larceny=2",
            "--seed", "4", "--db", str(db)]
    code, _, err = run(capsys, *base)
    assert code == 1 and "Apprentice feat" in err
    run(capsys, "mtg-rpg", "xp", "Sarin", "award", "10", "--db", str(db))
    run(capsys, "mtg-rpg", "character", "gold", "Sarin", "250", "--db", str(db))  # 25 gp a point of training
    assert run(capsys, "mtg-rpg", "xp", "Sarin", "spend", "feat", "Apprentice", "--db", str(db))[0] == 0
    code, out, err = run(capsys, *base, "--json")
    assert code == 0, err
    kiri = json.loads(out)["apprentice"]
    assert (kiri["name"], kiri["years"], len(kiri["library"])) == ("Kiri", 0, 15)
    code, _, err = run(capsys, *base)
    assert code == 1 and "one apprentice at a time" in err
    code, out, err = run(capsys, "mtg-rpg", "apprentice-year", "Sarin", "--attributes",
                         "ST=2,DX=1,CN=1,IQ=1,WS=1", "--skills",
                         "Athletics=2,Craft=2,Awareness=2,Healing=2,Larceny=2,Dodge=2", "--db", str(db), "--json")
    assert code == 0, err
    assert json.loads(out)["years"] == 1
    assert load_character(SaveStore(db), "Sarin").extra["apprentice"]["years"] == 1
