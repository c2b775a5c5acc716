"""World Campaigning at the play loop's prompt: a realm ruled at the table chooses among
``world.legal_actions()`` with help, undo, log, save and quit; a season stopped half-way resumes."""

from __future__ import annotations

import io

import pytest

from magecraft.cli.app import main
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.world.actions import Phase
from magecraft.mtg_rpg.world.campaign import World


@pytest.fixture
def db(tmp_path, capsys):
    path = tmp_path / "s.sqlite3"
    assert main(["mtg-rpg", "world", "new", "w", "--sample", "--seed", "5", "--table", "Harloon",
                 "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def season(monkeypatch, db, typed, *more):
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(["mtg-rpg", "world", "season", "w", "--db", str(db), *more])


def saved_world(db):
    return World.from_dict(SaveStore(db).load("w", "mtg_rpg", "campaign").state)


def test_help_and_a_bad_number_at_the_realms_prompt_change_nothing(monkeypatch, capsys, db):
    assert season(monkeypatch, db, "?\n0\n99999999999999999999\nquit\n") == 0
    out = capsys.readouterr().out
    assert "Harloon, hardship: treasury 87,600 gp, 35 resources left" in out
    assert "You may type:" in out and "undo: take back your last action" in out
    assert "'0' is not one of 1-2" in out and "'99999999999999999999' is not one of 1-2" in out
    assert "hardship (11 choices)" in out   # grouped action first, then target (issue 25 item 11)
    world = saved_world(db)
    assert world.season == 1 and world.turn is not None and world.turn.realm == "Harloon"
    assert world.turn.phase is Phase.HARDSHIP      # quit at the first prompt: nothing chosen


def test_quit_saves_the_season_half_way_and_season_resumes_it(monkeypatch, capsys, db):
    assert season(monkeypatch, db, "2\n1\n1\n1\nquit\n") == 0   # the hardship check, a tax rate, then stop
    out = capsys.readouterr().out
    assert "Stopped (quit); saved as 'w'. Resume with: magecraft mtg-rpg world season w" in out
    half = saved_world(db)
    assert half.season == 1 and half.turn is not None and half.turn.phase is Phase.DISCONTENT
    assert season(monkeypatch, db, "1\nend\n") == 0      # the discontent check, then the turn ended
    out = capsys.readouterr().out
    assert "Resumed season 1 of 'w': Harloon's turn, discontent" in out and "Season 1 is over" in out
    done = saved_world(db)
    assert done.season == 1 and done.turn is None        # the same season finished, not a new one begun
    assert len(done.chronicle) > len(half.chronicle)


def test_undo_takes_back_the_tax_rate_exactly(monkeypatch, capsys, db):
    assert season(monkeypatch, db, "2\n1\nquit\n") == 0
    before = saved_world(db).to_dict()               # at the treasury prompt
    capsys.readouterr()
    assert season(monkeypatch, db, "1\n1\nundo\nquit\n") == 0
    assert "Undone: back to before your last action." in capsys.readouterr().out
    after = saved_world(db).to_dict()
    assert after == before


def test_undo_is_refused_once_a_card_was_drawn_since(monkeypatch, capsys, db):
    # the hardship check draws from the referee's deck: the draw may not be taken back
    assert season(monkeypatch, db, "2\n1\nundo\nquit\n") == 0
    out = capsys.readouterr().out
    assert "cannot undo:" in out and "since your last action" in out
    assert saved_world(db).turn.phase is Phase.TREASURY


def test_log_and_save_at_the_prompt(monkeypatch, capsys, db):
    assert season(monkeypatch, db, "log\nsave\nquit\n") == 0
    out = capsys.readouterr().out
    assert "The last " in out and "season 1 begins" in out
    assert "Saved 'w' (revision 2)" in out


def test_auto_and_run_finish_a_season_stopped_at_the_table(monkeypatch, capsys, db):
    assert season(monkeypatch, db, "quit\n") == 0
    assert season(monkeypatch, db, "", "--auto") == 0
    assert saved_world(db).season == 1 and saved_world(db).turn is None
    assert season(monkeypatch, db, "quit\n") == 0
    assert main(["mtg-rpg", "world", "run", "w", "--seasons", "2", "--db", str(db)]) == 0
    assert saved_world(db).season == 3 and saved_world(db).turn is None


def test_a_card_drawn_from_the_referees_deck_counts_as_revealed(db):
    from magecraft.cli.mtg_rpg_world import WorldTable

    world = saved_world(db)
    world.begin_season()
    table = WorldTable(world, "w")
    draws = [e for e in world.log if e.kind == "draw"]
    assert draws and table.reveals(draws[0]) == f"{draws[0].label} was drawn"
    season_event = next(e for e in world.log if e.kind == "season")
    assert table.reveals(season_event) is None


def test_the_table_sees_its_own_realms_view_and_not_another_realms_secrets(db):
    from rich.console import Console

    from magecraft.cli.mtg_rpg_world import WorldTable

    world = saved_world(db)
    table = WorldTable(world, "w")
    world.record("Sarn", "learns the treasury of Harloon: 4,321", secret=True)
    world.record("Harloon", "learns the treasury of Sarn: 8,765", secret=True)
    world.record("Sarn", "opens a trade route with Velmoor")
    sarn_secret, harloon_secret, public = list(world.log)[-3:]
    assert table.event_line(sarn_secret) is None
    assert "8,765" in (table.event_line(harloon_secret) or "")
    assert "opens a trade route" in (table.event_line(public) or "")
    screen = Console(file=io.StringIO(), width=200, record=True)
    for part in table.render("the table"):
        screen.print(part)
    shown = screen.export_text()
    assert "Harloon: Realm Diplomacy" in shown and "???" in shown
    assert str(world.realms["Sarn"].treasury) not in shown.replace(",", "")
