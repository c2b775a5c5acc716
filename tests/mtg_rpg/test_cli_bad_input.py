"""Bad input at the command line: one line on stderr naming the fault, exit 2 (1 for a rule), nothing saved."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from magecraft.cli.app import main
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import CharacterRecord, example_character, load_character, save_character

BINARY = b"\xff\xfe\x00\x81 not text"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.strip()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "s.sqlite3"
    for name in ("Sarin", "Bob"):
        wizard = replace(example_character(), name=name, library=("Lava Axe",) * 30 + ("Mountain",) * 30)
        save_character(SaveStore(path), CharacterRecord(wizard, Randomness.seeded(1), {}))
    return path


def test_a_binary_deck_list_is_refused(capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(BINARY)
    before = load_character(SaveStore(db), "Sarin").character
    code, _, err = run(capsys, "mtg-rpg", "character", "library", "Sarin", str(deck), "--db", str(db))
    assert code == 2
    assert one_line(err) == f"magecraft: deck list {deck} is not a text file (it is not UTF-8)"
    assert load_character(SaveStore(db), "Sarin").character == before


def test_a_binary_cards_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_bytes(BINARY)
    code, _, err = run(capsys, "mtg-rpg", "cards", "show", "Shivan Dragon", "--cards-file", str(cards),
                       "--db", str(tmp_path / "s.sqlite3"))
    assert code == 2
    assert one_line(err).startswith(f"magecraft: cannot read the imported cards in {cards}: 'utf-8' codec")


def test_a_binary_mtgjson_file_is_refused_and_nothing_imported(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    source, cards = tmp_path / "set.json", tmp_path / "imported.json"
    source.write_bytes(BINARY)
    code, _, err = run(capsys, "mtg-rpg", "cards", "import", str(source), "--cards-file", str(cards),
                       "--db", str(tmp_path / "s.sqlite3"))
    assert code == 2
    assert one_line(err) == "magecraft: set.json: not a JSON text file (it is not UTF-8)"
    assert not cards.exists()


@pytest.mark.parametrize(("extra", "message"), [
    (["--monster", "Lava Axe"],
     "magecraft mtg-rpg initiative: Invalid value for --monster: Lava Axe is not a creature"),
    (["--monster", "Craw Wurn"], "magecraft: no card called 'Craw Wurn' in the Ninth Edition card pool; "
                                 "did you mean 'Craw Wurm' or 'Scaled Wurm'?"),
    (["Nobody"], "magecraft: there is no mtg_rpg character saved as 'Nobody' (saved: Sarin, Bob)"),
    (["Sarin"], "magecraft mtg-rpg initiative: Invalid value for NAMES: each Wizard takes part once"),
])
def test_initiative_refused_saves_no_hand(capsys: pytest.CaptureFixture[str], db: Path, extra: list[str],
                                          message: str) -> None:
    # Sarin has no hand dealt yet: before the fix his dealt hand was saved before the bad name was found
    code, _, err = run(capsys, "mtg-rpg", "initiative", "Sarin", "--play", *extra, "--db", str(db), "--seed", "1")
    assert code == 2
    assert one_line(err) == message
    assert "play_deck" not in load_character(SaveStore(db), "Sarin").extra


def test_a_negative_healer_total_is_refused(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    code, _, err = run(capsys, "mtg-rpg", "renew", "Sarin", "--healer", "-3", "--db", str(db))
    assert code == 2
    assert one_line(err) == ("magecraft mtg-rpg renew: Invalid value for --healer: "
                             "a Healing action total is 0 or more, not -3")
    assert "play_deck" not in load_character(SaveStore(db), "Sarin").extra


@pytest.mark.parametrize(("args", "code", "message"), [
    (["Craw Wurm", "--power", "2"], 2, "magecraft: Craw Wurm's power is printed (6): the referee's number is only "
                                       "for a '*'"),
    (["Nightmare", "--power", "-1", "--toughness", "4"], 2,
     "magecraft: the referee's power for Nightmare is 0 or more, not -1"),
    (["Lava Axe", "--power", "3", "--toughness", "3"], 1,
     "magecraft: Monster Statistics: Lava Axe is not a creature"),
])
def test_the_referees_power_only_stands_for_a_star(capsys: pytest.CaptureFixture[str], args: list[str], code: int,
                                                   message: str, tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    result, out, err = run(capsys, "mtg-rpg", "monster", *args, "--json", "--db", str(store))
    assert not store.exists()  # a reading command creates nothing
    assert (result, out) == (code, "")
    assert one_line(err) == message


def test_apprentice_details_without_a_mentor_are_refused(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    code, out, err = run(capsys, "mtg-rpg", "apprentice", "--attributes", "ST=9", "--seed", "1",
                         "--db", str(tmp_path / "s.sqlite3"))
    assert (code, out) == (2, "")
    assert one_line(err) == ("magecraft mtg-rpg apprentice: Invalid value for --mentor: --name, --attributes and "
                             "--skills need --mentor")


def test_dodging_a_star_creature_needs_the_referees_numbers(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    base = ["mtg-rpg", "dodge", "Sarin", "--attacker", "Nightmare", "--db", str(db), "--seed", "2", "--json"]
    code, out, err = run(capsys, *base)
    assert (code, out) == (2, "")
    assert one_line(err) == "magecraft: Nightmare's power is '*': give the referee's number"
    assert "play_deck" not in load_character(SaveStore(db), "Sarin").extra
    # a 3/3 Nightmare must be beaten by more than 6: Dodge 3 + Lava Axe 5 = 8 against 7
    code, out, _ = run(capsys, *base, "--power", "3", "--toughness", "3")
    assert code == 0
    assert '"difficulty": 7' in out and '"total": 8' in out and '"dodged": true' in out


def test_xp_costs_takes_no_more_words(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    code, out, err = run(capsys, "mtg-rpg", "xp", "Sarin", "costs", "extra", "--db", str(db))
    assert (code, out) == (2, "")
    assert one_line(err) == "magecraft mtg-rpg xp: Invalid value for WHAT: costs takes nothing more, not 'extra'"


@pytest.mark.parametrize(("args", "message"), [
    (["character", "new", "--name", "Kiri", "--concept", "c", "--calling", "Adventurer", "--demeanor", "Brave",
      "--primary", "R", "--talisman", "t", "--renewal", "sunrise", "--sanctuary", "s", "--attributes", "ST=a"],
     "magecraft mtg-rpg character new: Invalid value for --attributes: 'ST=a': give attributes as NAME=DOTS, "
     "e.g. ST=3,DX=1"),
    (["apprentice", "--lands", "Mountain"],
     "magecraft mtg-rpg apprentice: Invalid value for --lands: 'Mountain': give basic lands as NAME=DOTS, "
     "e.g. Mountain=7"),
])
def test_a_malformed_list_of_dots_names_its_option(capsys: pytest.CaptureFixture[str], db: Path, args: list[str],
                                                   message: str) -> None:
    code, out, err = run(capsys, "mtg-rpg", *args, "--db", str(db))
    assert (code, out) == (2, "")
    assert one_line(err) == message


def test_turns_belong_to_a_limited_turns_duel(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    code, out, err = run(capsys, "mtg-rpg", "duel", "Sarin", "Bob", "--kind", "three-card", "--turns", "7",
                         "--db", str(db))
    assert (code, out) == (2, "")
    assert one_line(err) == ("magecraft mtg-rpg duel: Invalid value for --turns: only a limited-turns duel has "
                             "turns, not a three-card duel")
    assert "play_deck" not in load_character(SaveStore(db), "Sarin").extra
    code, out, _ = run(capsys, "mtg-rpg", "duel", "Sarin", "Bob", "--kind", "limited-turns", "--db", str(db),
                       "--seed", "1", "--json")
    assert code == 0 and '"length": "limited 5 rounds"' in out


def test_an_unwritable_cards_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "set.json"
    source.write_text(json.dumps({"data": {"code": "TST", "cards": [
        {"name": "Foo Bar", "manaCost": "{1}{R}", "manaValue": 2, "colors": ["R"], "type": "Instant",
         "types": ["Instant"], "rarity": "common"}]}}), encoding="utf-8")
    blocked = source / "cards.json"  # its folder would be a file
    code, out, err = run(capsys, "mtg-rpg", "cards", "import", str(source), "--cards-file", str(blocked),
                         "--db", str(tmp_path / "s.sqlite3"))
    assert (code, out) == (2, "")
    assert one_line(err) == f"magecraft: cannot write the imported cards to {blocked}: File exists"
