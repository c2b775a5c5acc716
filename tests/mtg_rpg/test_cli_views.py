"""The MtG RPG at the terminal: the sheet's hand and weapon, and a duel's cards with their damage."""

from __future__ import annotations

import io
import json
from dataclasses import replace

from magecraft.cli.app import main
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import CharacterRecord, example_character, save_character


def save_wizard(db, library, name="Sarin", weapon=""):
    wizard = replace(example_character(), name=name, library=tuple(library), weapon=weapon)
    save_character(SaveStore(db), CharacterRecord(wizard, Randomness.seeded(1), {}))


def test_the_sheet_shows_the_weapon_and_the_current_hand(tmp_path, capsys):
    db = tmp_path / "s.db"
    save_wizard(db, ["Lava Axe"] * 3 + ["Shock"] * 7, weapon="quarterstaff")
    assert main(["mtg-rpg", "character", "show", "Sarin", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Weapon: quarterstaff" in out and "Hand now: not drawn yet" in out
    assert main(["mtg-rpg", "action", "Sarin", "--skill", "Athletics", "--db", str(db), "--json"]) == 0
    hand = json.loads(capsys.readouterr().out)["hand"]
    assert main(["mtg-rpg", "character", "show", "Sarin", "--db", str(db)]) == 0
    assert f"Hand now: {', '.join(hand)}" in capsys.readouterr().out


def test_a_duel_at_the_prompt_shows_each_cards_damage_and_your_life(tmp_path, capsys, monkeypatch):
    db = tmp_path / "s.db"
    save_wizard(db, ["Lava Axe"] * 10)
    save_wizard(db, ["Shock"] * 10, name="Mord")
    # as in test_cli_play: Mord lets Sarin play first (Lava Axe, 5 damage), then answers with a Shock (2)
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nplay:Shock\n"))
    assert main(["mtg-rpg", "duel", "Sarin", "Mord", "--play-as", "Mord", "--seed", "1", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "  Sarin plays Lava Axe\n  -> 5 damage to Mord\n" in out
    assert "  Mord plays Shock\n  -> 2 damage to Sarin\n" in out
    assert "Mord: life 9;" in out and "Sarin: life" not in out.split("Sarin wins")[0]
    assert "Sarin wins the duel:" in out


def test_a_quick_duel_reports_its_play_by_play_one_line_an_event(tmp_path, capsys):
    # at 80 columns the old five-column event table broke every card name and damage over several lines
    db = tmp_path / "s.db"
    save_wizard(db, ["Lava Axe"] * 10)
    save_wizard(db, ["Shock"] * 10, name="Mord")
    assert main(["mtg-rpg", "duel", "Sarin", "Mord", "--seed", "1", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("single-card duel: Sarin challenges Mord (honor or bragging rights)\n")
    assert "  Sarin plays Lava Axe\n  -> 5 damage to Mord\n" in out
    assert "details" not in out and "┃ kind" not in out
    assert "Sarin wins" in out


def test_a_stunt_award_that_does_not_count_is_said(tmp_path, capsys):
    # ruling P5: without a power play or heroic deed the award counts 0; it used to vanish without a word
    db = tmp_path / "s.db"
    save_wizard(db, ["Lava Axe"] * 10)
    assert main(["mtg-rpg", "action", "Sarin", "--skill", "Athletics", "--stunt", "2", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "The stunt award of 2 does not count: a stunt counts only with a power play or a heroic deed" in out
    assert main(["mtg-rpg", "action", "Sarin", "--skill", "Athletics", "--db", str(db)]) == 0
    assert "stunt" not in capsys.readouterr().out


def test_a_dry_run_duel_says_what_the_sheet_would_be_and_leaves_it(tmp_path, capsys):
    db = tmp_path / "s.db"
    save_wizard(db, ["Lava Axe"] * 10)
    save_wizard(db, ["Shock"] * 10, name="Mord")
    before = db.read_bytes()
    assert main(["mtg-rpg", "duel", "Sarin", "Mord", "--seed", "1", "--dry-run", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Mord's sheet would be: " in out and "sheet now" not in out
    assert "Dry run: the sheets are not saved." in out
    assert db.read_bytes() == before
    assert main(["mtg-rpg", "duel", "Sarin", "Mord", "--seed", "1", "--db", str(db)]) == 0
    assert "Mord's sheet now: " in capsys.readouterr().out


def test_gold_spent_is_a_negative_amount_not_an_option(tmp_path, capsys):
    # "-20" was read as an unknown option: "No such option: -2"
    db = tmp_path / "s.db"
    save_wizard(db, ["Lava Axe"] * 10)
    assert main(["mtg-rpg", "character", "gold", "Sarin", "50", "--db", str(db), "--json"]) == 0
    gold = json.loads(capsys.readouterr().out)["gold"]
    assert main(["mtg-rpg", "character", "gold", "Sarin", "-20", "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["gold"] == gold - 20
    assert main(["mtg-rpg", "character", "gold", "Sarin", f"-{gold}", "--db", str(db), "--json"]) == 2
    assert f"Sarin has {gold - 20} gp; cannot spend {gold}" in capsys.readouterr().err


def test_xp_award_says_it_in_words_and_refuses_a_negative_award_as_such(tmp_path, capsys):
    db = tmp_path / "s.db"
    save_wizard(db, ["Lava Axe"] * 10)
    assert main(["mtg-rpg", "xp", "Sarin", "award", "3", "--db", str(db)]) == 0
    assert capsys.readouterr().out == "Sarin is awarded 3 experience: 3 unspent.\n"
    before = db.read_bytes()
    # "-5" was refused as an unknown option ("No such option: -5")
    assert main(["mtg-rpg", "xp", "Sarin", "award", "-5", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "experience is awarded in whole points, 1 or more, not '-5'" in err
    assert db.read_bytes() == before
