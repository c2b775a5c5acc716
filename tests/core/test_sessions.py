"""SaveSession: the one save path of every system's commands -- the name rule, --load continuing,
--save forking, and a long game that finds its save moved on keeping its own state apart."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from magecraft.cli import options
from magecraft.cli.app import main
from magecraft.cli.sessions import SaveSession, open_session
from magecraft.core.errors import InputError, SaveError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveConflict, SaveExists, SaveStore
from magecraft.mtg_rpg.character import CharacterRecord, example_character, save_character


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("magecraft") and err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


# -- the session itself -------------------------------------------------------------------------


def test_save_then_load_continues_under_the_loaded_name(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    first = open_session(db, "mage_wars", "game", save="mw1")
    assert first.name == "mw1" and first.loaded is None
    assert first.save({"round": 1, "log": []}) == f"Saved 'mw1' (revision 1) in a new save store {db}."
    assert first.save({"round": 2, "log": []}) == f"Saved 'mw1' (revision 2) in {db}."
    resumed = open_session(db, "mage_wars", "game", load="mw1")
    assert resumed.name == "mw1" and resumed.loaded is not None and resumed.loaded.state["round"] == 2
    resumed.save({"round": 3, "log": []})
    assert SaveStore(db).load("mw1", "mage_wars", "game").state["round"] == 3


def test_load_with_another_save_name_forks_a_copy(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    open_session(db, "mage_wars", "game", save="mw1").save({"round": 4, "log": []})
    fork = open_session(db, "mage_wars", "game", load="mw1", save="what-if")
    assert fork.name == "what-if" and fork.loaded is not None and fork.loaded.state["round"] == 4
    fork.save({"round": 5, "log": []})
    store = SaveStore(db)
    assert store.load("mw1", "mage_wars", "game").state["round"] == 4
    assert store.load("what-if", "mage_wars", "game").state["round"] == 5


def test_a_taken_save_name_is_refused_before_any_play_unless_overwrite(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    open_session(db, "mage_wars", "game", save="mw1").save({"round": 6, "log": []})
    with pytest.raises(SaveExists, match=r"'mw1' .*replace it with --overwrite"):
        open_session(db, "mage_wars", "game", save="mw1")
    open_session(db, "mage_wars", "game", save="other").save({"round": 1, "log": []})
    with pytest.raises(SaveExists, match="'other'"):  # a fork may not land on a taken name either
        open_session(db, "mage_wars", "game", load="mw1", save="other")
    again = open_session(db, "mage_wars", "game", save="mw1", overwrite=True)
    again.save({"round": 1, "log": []})
    again.save({"round": 2, "log": []})
    store = SaveStore(db)
    assert store.load("mw1", "mage_wars", "game").revision == 3
    assert store.revision_state("mw1", 1).state["round"] == 6  # the replaced game is in the history
    with pytest.raises(InputError, match="--overwrite replaces the save named by --save"):
        open_session(db, "mage_wars", "game", overwrite=True)


def test_a_session_without_a_name_refuses_to_save(tmp_path: Path) -> None:
    session = open_session(tmp_path / "s.sqlite3", "mage_wars", "game")
    assert session.name is None
    with pytest.raises(SaveError, match="start it with --save NAME"):
        session.save({"log": []})
    assert not (tmp_path / "s.sqlite3").exists()


def test_a_long_game_whose_save_moved_on_keeps_its_state_under_a_new_name(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    open_session(db, "mage_wars", "game", save="mw1").save({"round": 6, "log": []})
    mine = open_session(db, "mage_wars", "game", load="mw1")
    theirs = open_session(db, "mage_wars", "game", load="mw1")
    theirs.save({"round": 7, "planned": "Fireball", "log": []})
    with pytest.raises(SaveConflict) as stopped:
        mine.save({"round": 7, "planned": "Dispel", "log": []})
    assert str(stopped.value) == ("'mw1' changed since this game read it (revision 1, now 2); this game is "
                                  "saved as 'mw1-2' instead (resume with --load mw1-2) and 'mw1' is left as the "
                                  "other writer saved it")
    store = SaveStore(db)
    assert store.load("mw1", "mage_wars", "game").state["planned"] == "Fireball"
    assert store.load("mw1-2", "mage_wars", "game").state["planned"] == "Dispel"
    assert mine.name == "mw1-2"  # a loop that goes on saves where its game now is
    mine.save({"round": 8, "log": []})
    assert store.load("mw1-2", "mage_wars", "game").revision == 2


def test_a_new_game_whose_name_was_taken_meanwhile_keeps_apart_too(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    mine = open_session(db, "wizard_prince", "game", save="bq1")
    open_session(db, "wizard_prince", "game", save="bq1").save({"turn": 9, "log": []})
    with pytest.raises(SaveConflict, match="'bq1' was saved by another game meanwhile; this game is saved as "
                                           "'bq1-2'"):
        mine.save({"turn": 1, "log": []})
    assert SaveStore(db).load("bq1", "wizard_prince", "game").state["turn"] == 9


def test_the_session_is_the_documented_contract(tmp_path: Path) -> None:
    session = open_session(tmp_path / "s.sqlite3", "mage_wars", "game", save="x")
    assert isinstance(session, SaveSession)
    assert isinstance(session.save({"log": []}), str) and session.name == "x"


# -- the name rule in every system's commands ------------------------------------------------------


def _wizard(db: Path, name: str = "Ann") -> None:
    wizard = replace(example_character(), name=name, library=("Lava Axe",) * 30 + ("Mountain",) * 30)
    save_character(SaveStore(db), CharacterRecord(wizard, Randomness.seeded(1), {}))


NEW_GAMES = {
    "wizard-prince": ["wizard-prince", "banquet", "--auto", "--npc", "2", "--seed", "4", "--save", "taken"],
    "mage-wars": ["mage-wars", "solo", "--seed", "3", "--save", "taken"],
    "mtg-rpg duel": ["mtg-rpg", "duel", "Ann", "Bob", "--kind", "three-card", "--seed", "1", "--save", "taken"],
}


@pytest.mark.parametrize("command", NEW_GAMES)
def test_every_new_game_refuses_a_taken_name_and_leaves_the_store_as_it_was(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.sqlite3"
    _wizard(db, "Ann")
    _wizard(db, "Bob")
    system = {"wizard-prince": "wizard_prince", "mage-wars": "mage_wars", "mtg-rpg duel": "mtg_rpg"}[command]
    SaveStore(db).create("taken", system, "game", {"round": 6, "log": [{"n": i} for i in range(164)]})
    before = db.read_bytes()
    assert main([*NEW_GAMES[command], "--db", str(db)]) == 2
    assert one_line(capsys) == (f"magecraft: there is already a {system} game saved as 'taken' in {db}; choose "
                                "another name, or replace it with --overwrite")
    assert db.read_bytes() == before


def test_a_new_character_under_a_taken_name_is_refused_then_replaced_with_overwrite(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.sqlite3"
    _wizard(db, "Sarin")
    before = db.read_bytes()
    new = ["mtg-rpg", "character", "new", "--name", "Sarin", "--concept", "a seer", "--calling", "Adventurer",
           "--demeanor", "Brave", "--primary", "U", "--talisman", "a ring", "--renewal", "noon",
           "--sanctuary", "a tower", "--weapon", "", "--attributes", "ST=1,DX=1,CN=2,IQ=3,WS=2,CH=1",
           "--skills", "Athletics=3,Awareness=3,Dodge=3,Endurance=3,Larceny=3,Healing=3,Arcane Knowledge=2",
           "--cantrips", "Light,Mage Hand,Detect Magic", "--library", "starter", "--seed", "2", "--db", str(db)]
    assert main(new) == 2
    assert one_line(capsys) == (f"magecraft: there is already a mtg_rpg character saved as 'Sarin' in {db}; "
                                "choose another name, or replace it with --overwrite")
    assert db.read_bytes() == before
    code = main([*new, "--overwrite"])
    err = capsys.readouterr().err
    assert code == 0, err
    saved = SaveStore(db).load("Sarin", "mtg_rpg", "character")
    assert saved.revision == 2 and saved.state["character"]["concept"] == "a seer"
    assert SaveStore(db).revision_state("Sarin", 1).state["character"]["concept"] != "a seer"


def test_wizard_prince_load_without_save_keeps_saving_to_the_loaded_name(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.sqlite3"
    start = ["wizard-prince", "banquet", "--players", "Ann", "--npc", "1", "--seed", "2", "--db", str(db)]
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    assert main([*start, "--save", "feast"]) == 0
    saved = SaveStore(db).load("feast", "wizard_prince", "game")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\nq\n"))
    assert main(["wizard-prince", "banquet", "--load", "feast", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Stopped (quit); saved as 'feast'. Resume with: magecraft wizard-prince banquet --load feast" in out
    resumed = SaveStore(db).load("feast", "wizard_prince", "game")
    assert resumed.revision > saved.revision and len(resumed.events) > len(saved.events)


def test_wizard_prince_load_with_another_save_forks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    auto = ["wizard-prince", "banquet", "--auto", "--npc", "2", "--seed", "4", "--db", str(db)]
    assert main([*auto, "--save", "bq1"]) == 0
    original = SaveStore(db).load("bq1", "wizard_prince", "game")
    assert main(["wizard-prince", "banquet", "--auto", "--load", "bq1", "--save", "bq2", "--db", str(db)]) == 0
    store = SaveStore(db)
    assert store.load("bq1", "wizard_prince", "game") == original
    assert store.load("bq2", "wizard_prince", "game").state == original.state


def test_two_mage_wars_terminals_on_one_save_lose_neither_game(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's two `mage-wars solo --load mw1`: the other terminal saves while this one plans."""
    db = tmp_path / "s.sqlite3"
    answers = iter(["1, 2"])

    def first_terminal(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(options, "ask_at_terminal", first_terminal)
    assert main(["mage-wars", "solo", "--seed", "3", "--save", "mw1", "--db", str(db)]) == 0  # EOF: saved, stopped
    capsys.readouterr()
    other = SaveStore(db).load("mw1", "mage_wars", "game")

    def while_the_other_terminal_saves(prompt: str) -> str:
        store = SaveStore(db)
        now = store.load("mw1", "mage_wars", "game")
        store.update("mw1", "mage_wars", "game", {**now.state, "planned": ["Dispel"]}, revision=now.revision)
        monkeypatch.setattr(options, "ask_at_terminal", first_terminal)
        return "1"

    answers = iter([])
    monkeypatch.setattr(options, "ask_at_terminal", while_the_other_terminal_saves)
    assert main(["mage-wars", "solo", "--load", "mw1", "--db", str(db)]) == 1    # the play loop's conflict
    out = " ".join(capsys.readouterr().out.split())
    assert "'mw1' changed since this game read it" in out and "saved as 'mw1-2'" in out
    store = SaveStore(db)
    assert store.load("mw1", "mage_wars", "game").state["planned"] == ["Dispel"]   # the other's plan stays
    mine = store.load("mw1-2", "mage_wars", "game")
    assert len(mine.events) > len(other.events)                                     # and this game's move too
