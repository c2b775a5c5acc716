"""Full-deck and limited-turns duels played with real cards at the table: magecraft runs the ritual,
judges the reported outcome by the victory condition and settles the sheets (ruling R17)."""

import json
from dataclasses import replace

import pytest

from magecraft.cli import options
from magecraft.cli.app import main
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import (
    CharacterRecord,
    current_life,
    example_character,
    load_character,
    save_character,
)
from magecraft.mtg_rpg.duel_ritual import Ritual, table_outcome


def terms(victory: str, length: str = "full deck"):
    ritual = Ritual.challenge("Sarin", "Mord").state_length("Mord", length).proclaim_stakes("Sarin", "ante")
    return ritual.set_victory("Mord", victory).terms()


def test_the_lowest_life_loses_a_standard_duel() -> None:
    outcome = table_outcome(terms("most life"), life={"Sarin": 5, "Mord": 3})
    assert (outcome.winner, outcome.loser) == ("Sarin", "Mord")
    assert terms("most life").kind == "full deck"


def test_a_wizard_down_or_yielding_loses_under_any_condition() -> None:
    assert table_outcome(terms("most damage"), life={"Sarin": 0, "Mord": 3}).loser == "Sarin"
    assert table_outcome(terms("most life"), life={"Sarin": 9, "Mord": 3}, out="Sarin").winner == "Mord"
    outcome = table_outcome(terms("unconsciousness or yield"), life={"Sarin": 9, "Mord": 3}, out="Mord")
    assert (outcome.winner, outcome.reason) == ("Sarin", "Mord fell unconscious or yielded")
    with pytest.raises(RuleError, match="the duel goes on"):
        table_outcome(terms("unconsciousness or yield"), life={"Sarin": 9, "Mord": 3})


def test_first_blood_and_most_damage() -> None:
    assert table_outcome(terms("first blood"), life={"Sarin": 9, "Mord": 13}, first_blood="Mord").winner == "Mord"
    with pytest.raises(RuleError, match="first blood"):
        table_outcome(terms("first blood"), life={"Sarin": 9, "Mord": 13})
    outcome = table_outcome(terms("most damage"), life={"Sarin": 2, "Mord": 9}, damage={"Sarin": 12, "Mord": 5})
    assert outcome.winner == "Sarin"


def test_a_tie_plays_on_and_bad_reports_are_refused() -> None:
    with pytest.raises(RuleError, match="a tie on most life"):
        table_outcome(terms("most life", "limited 10 rounds"), life={"Sarin": 4, "Mord": 4})
    with pytest.raises(InputError, match="give the life of Sarin and Mord"):
        table_outcome(terms("most life"), life={"Sarin": 4})
    with pytest.raises(InputError, match="not in this duel"):
        table_outcome(terms("first blood"), life={"Sarin": 4, "Mord": 5}, first_blood="Tev")
    with pytest.raises(InputError, match="negative"):
        table_outcome(terms("most damage"), life={"Sarin": 4, "Mord": 5}, damage={"Sarin": -1})


# -- the command ---------------------------------------------------------------------------------

@pytest.fixture
def db(tmp_path):
    path = tmp_path / "saves.sqlite3"
    store = SaveStore(path)
    for name, cards in (("Sarin", ["Lava Axe"] * 10), ("Mord", ["Shock"] * 10)):
        wizard = replace(example_character(), name=name, library=tuple(cards))
        save_character(store, CharacterRecord(wizard, Randomness.seeded(1), {}))
    return path


def run(capsys, *args):
    code = main(["mtg-rpg", "duel", "Sarin", "Mord", *args])
    return code, capsys.readouterr()


def test_a_standard_ante_duel_is_settled_on_the_sheets(db, capsys) -> None:
    code, out = run(capsys, "--kind", "standard", "--stakes", "ante", "--life", "Sarin=6", "--life", "Mord=-2",
                    "--spent", "Sarin=lava axe", "--ante", "Sarin=Lava Axe", "--ante", "Mord=shock",
                    "--db", str(db), "--json")
    assert code == 0, out.err
    data = json.loads(out.out)
    assert data["terms"]["length"] == "full deck"
    assert (data["result"]["winner"], data["result"]["reason"]) == ("Sarin", "Mord fell unconscious or yielded")
    assert data["settlement"] == {"winner": "Sarin", "loser": "Mord", "ante_won": ["Shock"], "backlash": False,
                                  "gold_paid": 0, "death": False}
    store = SaveStore(db)
    sarin, mord = load_character(store, "Sarin"), load_character(store, "Mord")
    assert current_life(sarin.character) == 6 and current_life(mord.character) == -2
    assert sarin.character.spare_cards == ("Shock",)
    assert mord.character.library.count("Shock") == 9
    assert sarin.extra["play_deck"]["library"]["discards"] == ["Lava Axe"]
    assert mord.extra["play_deck"]["hand"] == []  # knocked out: the hand is lost


def test_a_limited_turns_duel_at_the_table_asks_for_the_life_left(db, capsys, monkeypatch) -> None:
    answers = iter(["7", "9"])
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: next(answers))
    code, out = run(capsys, "--kind", "limited-turns", "--turns", "10", "--at-table", "--unpaid",
                    "--db", str(db), "--json")
    assert code == 0, out.err
    data = json.loads(out.out)
    assert data["terms"]["length"] == "limited 10 rounds"
    assert data["result"]["life"] == {"Sarin": 7, "Mord": 9}
    assert data["settlement"]["winner"] == "Mord" and data["settlement"]["backlash"] is True
    assert load_character(SaveStore(db), "Sarin").extra["restitution_owed_to"] == "Mord"


def test_a_refused_table_report_saves_nothing(db, capsys) -> None:
    before = {n: load_character(SaveStore(db), n).to_dict() for n in ("Sarin", "Mord")}
    code, out = run(capsys, "--kind", "standard", "--life", "Sarin=4", "--life", "Mord=4", "--db", str(db))
    assert code == 1 and "a tie on most life" in out.err
    code, out = run(capsys, "--kind", "standard", "--stakes", "ante", "--life", "Sarin=4", "--life", "Mord=1",
                    "--ante", "Sarin=Lava Axe", "--ante", "Mord=Lava Axe", "--db", str(db))
    assert code != 0 and "Mord cannot ante Lava Axe" in out.err
    assert {n: load_character(SaveStore(db), n).to_dict() for n in ("Sarin", "Mord")} == before
    assert run(capsys, "--life", "Sarin=4", "--db", str(db))[0] == 2
    assert run(capsys, "--kind", "three-card", "--at-table", "--db", str(db))[0] == 2
    assert run(capsys, "--kind", "standard", "--life", "Sarin=x", "--db", str(db))[0] == 2
    code, out = run(capsys, "--kind", "standard", "--play-as", "Sarin", "--db", str(db))
    assert code == 2 and "real cards" in out.err
