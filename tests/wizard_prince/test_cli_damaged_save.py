"""A damaged Wizard-Prince save is refused at ``--load`` in one line, exit 2, the store byte-identical.

A banquet is saved at a real prompt into a real SQLite file; a key inside it is then renamed or removed
(what a byte flip or a hand edit does), and resuming must stop at the load -- not crash in the report
at the end of the banquet (issue 9, "Left alone").
"""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore


def _rename(key: str, to: str) -> Callable[[dict[str, Any]], None]:
    def change(table: dict[str, Any]) -> None:
        table[to] = table.pop(key)
    return change


def _remove(key: str) -> Callable[[dict[str, Any]], None]:
    def change(table: dict[str, Any]) -> None:
        del table[key]
    return change


def _earned(state: dict[str, Any]) -> dict[str, Any]:
    return state["nobles"][0]["earned"]  # type: ignore[no-any-return]


DAMAGES = {
    "a flag renamed": (lambda s: s["flags"], _rename("coup", "coupX"), "'coup' is missing, 'coupX' is unknown"),
    "a flag removed": (lambda s: s["flags"], _remove("lord_marshals"), "'lord_marshals' is missing"),
    "earnings renamed": (_earned, _rename("presented", "presentedX"), "'presented' is missing"),
    "earnings removed": (_earned, _remove("damage"), "'damage' is missing"),
    "a count renamed": (lambda s: _earned(s)["counts"], _rename("xp_awards", "xp"), "'xp_awards' is missing"),
    "changes removed": (lambda s: _earned(s)["changes"], _remove("fleets"), "'fleets' is missing"),
    "a noble's knowledge renamed": (lambda s: s["knowledge"], _rename("Ann", "Anne"), "'Ann' is missing"),
    "an ability misspelt": (lambda s: s["nobles"][1]["abilities"], _rename("charisma", "charsima"),
                            "'charsima'"),
}


@pytest.fixture(scope="module")
def saved_banquet(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A banquet Ann (a person) and an NPC noble have begun, saved at the prompt and quit."""
    db = tmp_path_factory.mktemp("banquet") / "saves.sqlite3"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO("1\n1\nquit\n"))
        assert main(["wizard-prince", "banquet", "--players", "Ann", "--npc", "1", "--seed", "4",
                     "--save", "bq", "--db", str(db)]) == 0
    return SaveStore(db).load("bq", "wizard_prince").state


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_banquet_is_refused_in_one_line_and_left_byte_identical(
        damage: str, saved_banquet: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    where, change, said = DAMAGES[damage]
    state = copy.deepcopy(saved_banquet)
    change(where(state))
    db = tmp_path / "damaged.sqlite3"
    SaveStore(db).create("bq", "wizard_prince", "game", state)
    before = db.read_bytes()
    capsys.readouterr()
    for args in ([], ["--auto"]):  # resumed at the prompt, and (Ann a bot) played out by bots to the report
        if args:
            state["controllers"] = {name: "heuristic" for name in state["controllers"]}
            db.unlink()
            SaveStore(db).create("bq", "wizard_prince", "game", state)
            before = db.read_bytes()
        monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 50))
        assert main(["wizard-prince", "banquet", "--load", "bq", "--db", str(db), *args]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.count("\n") == 1 and "saved banquet is malformed" in err and said in err, err
        assert db.read_bytes() == before


def test_the_undamaged_save_still_resumes(saved_banquet: dict[str, Any], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    state = {**saved_banquet, "controllers": {name: "heuristic" for name in saved_banquet["controllers"]}}
    db = tmp_path / "whole.sqlite3"
    SaveStore(db).create("bq", "wizard_prince", "game", state)
    assert main(["wizard-prince", "banquet", "--load", "bq", "--db", str(db), "--auto", "--json"]) == 0
    assert '"ended_by"' in capsys.readouterr().out


@pytest.mark.parametrize("damage", ["renamed", "removed"])
def test_a_race_whose_betting_book_lost_a_charioteer_is_refused(
        damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # it passed the load and crashed at the odds, after the race had been saved again
    db = tmp_path / "race.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("done\n1\nquit\n"))
    assert main(["wizard-prince", "race", "--drivers", "Ann:heavy", "--npc", "2", "--seed", "3", "--save", "rc",
                 "--db", str(db)]) == 0
    state = SaveStore(db).load("rc", "wizard_prince", "race").state
    state["controllers"] = {name: "cautious" for name in state["controllers"]}  # bots run it to the end
    pools = state["book"]["pools"]
    if damage == "renamed":
        pools["Anne"] = pools.pop("Ann")
    else:
        del pools["Ann"]
    damaged = tmp_path / "damaged.sqlite3"
    SaveStore(damaged).create("rc", "wizard_prince", "race", state)
    before = damaged.read_bytes()
    capsys.readouterr()
    assert main(["wizard-prince", "race", "--load", "rc", "--db", str(damaged)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "saved chariot race is malformed: the crowd's bets are on" in err and "Ann" in err
    assert damaged.read_bytes() == before


@pytest.mark.parametrize(("table", "key"), [("bought", "legions"), ("boosts", "status")])
def test_a_campaign_whose_noble_lost_a_key_is_refused_before_the_year(
        table: str, key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # it loaded, then crashed in the middle of the next year
    db = tmp_path / "c.sqlite3"
    assert main(["wizard-prince", "campaign", "new", "vel", "--nobles", "Ann,Bob", "--npc", "2", "--seed", "2",
                 "--db", str(db)]) == 0
    state = SaveStore(db).load("vel", "wizard_prince", "campaign").state
    noble = state["nobles"][0]
    noble[table][f"{key}X"] = noble[table].pop(key)
    damaged = tmp_path / "damaged.sqlite3"
    SaveStore(damaged).create("vel", "wizard_prince", "campaign", state)
    before = damaged.read_bytes()
    capsys.readouterr()
    for args in (["year", "vel", "--auto"], ["show", "vel"]):
        assert main(["wizard-prince", "campaign", *args, "--db", str(damaged)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert f"{noble['name']}: {table} must give a whole number for each of" in err
        assert damaged.read_bytes() == before
