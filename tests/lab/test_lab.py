"""The designers' lab (issue 27): sweeps give the same rows however they run, resume, stop cleanly, and
summarise with intervals, A/B tests and charts."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from magecraft.cli.app import main
from magecraft.lab import runners
from magecraft.lab.results import journal_path
from magecraft.lab.summary import fisher_p, wilson
from magecraft.lab.sweep import Sweep, Variant, play_game, tasks

GAME = "mage-wars-solo"


def rows_of(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_a_pool_of_two_gives_the_rows_a_serial_run_gives() -> None:
    sweep = Sweep(GAME, (Variant("book"),), ())
    serial = [row for rows in runners.serial(sweep, tasks(sweep, range(1, 9), {}), 3) for row in rows]
    pooled = [row for rows in runners.pool(sweep, tasks(sweep, range(1, 9), {}), 2, 3) for row in rows]
    assert serial == pooled
    assert [row["seed"] for row in serial] == list(range(1, 9))
    assert serial[0] == play_game(sweep, 0, 1)


def test_run_writes_one_row_per_game_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.csv"
    assert main(["lab", "run", GAME, "--seeds", "1:6", "--workers", "1", "--out", str(out), "--json"]) == 0
    first = rows_of(out)
    assert [int(r["seed"]) for r in first] == [1, 2, 3, 4, 5, 6]
    assert json.loads(capsys.readouterr().out)["games"] == 6
    assert main(["lab", "run", GAME, "--seeds", "1:9", "--workers", "2", "--out", str(out), "--json"]) == 0
    again = rows_of(out)
    assert [int(r["seed"]) for r in again] == list(range(1, 10))
    assert again[:6] == first
    lines = journal_path(out).read_text().splitlines()
    assert len(lines) == 1 + 9  # the sweep, then each game once: the first six were not played again


def test_a_line_cut_short_by_a_kill_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    assert main(["lab", "run", GAME, "--seeds", "1:3", "--workers", "1", "--out", str(out)]) == 0
    journal = journal_path(out)
    whole = journal.read_bytes()
    journal.write_bytes(whole + b'{"seed": 4, "varia')   # the run was killed mid-write
    assert main(["lab", "run", GAME, "--seeds", "1:4", "--workers", "1", "--out", str(out)]) == 0
    assert journal.read_bytes().startswith(whole)
    assert [int(r["seed"]) for r in rows_of(out)] == [1, 2, 3, 4]
    assert main(["lab", "run", GAME, "--seeds", "1:4", "--workers", "1", "--out", str(out)]) == 0


def test_a_journal_of_another_sweep_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.csv"
    assert main(["lab", "run", GAME, "--seeds", "1:2", "--workers", "1", "--out", str(out)]) == 0
    before = journal_path(out).read_bytes()
    assert main(["lab", "run", "wizard-prince-race", "--seeds", "1:2", "--out", str(out)]) == 2
    assert "holds another sweep" in capsys.readouterr().err
    assert journal_path(out).read_bytes() == before


@pytest.mark.parametrize("args, problem", [
    (["--seeds", "x"], "--seeds takes START:COUNT"),
    (["--bots", "Nobody=random"], "has no seat 'Nobody'"),
    (["--workers", "0"], "--workers takes a whole number"),
    (["extra.toml"], "house-rules files follow --house-rules"),
    (["--options", "dummy_life = "], "the options are not TOML"),
    (["--options", "dragons = 3"], "unknown field 'dragons'"),
    (["--bots", "you=search:lots"], "search:lots is not a budget"),
])
def test_bad_arguments_exit_2_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                                          problem: str) -> None:
    out = tmp_path / "r.csv"
    assert main(["lab", "run", GAME, "--out", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1
    assert not out.exists() and not journal_path(out).exists()


def test_options_set_up_every_game_of_the_sweep(tmp_path: Path) -> None:
    """``--options`` are the new-game options (as TOML) of every game: a Planeswalker battle against an enemy mage
    has the seat ``mage`` and no creature ``c1``; ``search:N`` plays a seat at N playouts."""
    out = tmp_path / "r.csv"
    options = 'enemy_mage = "Goblin Pyromancer"\ncreatures = []'
    bots = "you=search:4,mage=heuristic"
    assert main(["lab", "run", "planeswalker-battle", "--options", options, "--bots", bots,
                 "--seeds", "1:2", "--workers", "1", "--out", str(out)]) == 0
    rows = rows_of(out)
    assert len(rows) == 2 and all(set(r["winners"].split("|")) <= {"you", "mage"} for r in rows)
    assert json.loads(journal_path(out).read_text().splitlines()[0])["options"] == {
        "enemy_mage": "Goblin Pyromancer", "creatures": []}


def test_wilson_interval_and_fisher_test_against_hand_worked_values() -> None:
    # Wilson 95%: p = 0.6, n = 100, z = 1.959964 -> centre 0.59630, half-width 0.09430
    rate = wilson(60, 100)
    assert (round(rate.low, 4), round(rate.high, 4)) == (0.502, 0.6906)
    # Fisher's exact test of 8/10 against 2/10: p = 0.02301 (two-sided)
    assert round(fisher_p(wilson(8, 10), wilson(2, 10)), 5) == 0.02301


def test_summary_and_plots_of_a_results_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.csv"
    assert main(["lab", "run", GAME, "--seeds", "1:20", "--workers", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["lab", "summary", str(out), "--json", "--plot", str(tmp_path / "charts")]) == 0
    data = json.loads(capsys.readouterr().out)
    book = data["variants"]["book"]
    assert book["games"] == 20
    rows = rows_of(out)
    for seat, rate in book["win_rates"].items():
        wins = sum(seat in r["winners"].split("|") for r in rows)
        assert rate["wins"] == wins and rate["low"] <= rate["rate"] <= rate["high"]
    # each seat's actions add up to the game's (the Dummy Mage acts too: it is a seat the rule book plays)
    assert all(int(r["actions.you"]) + int(r["actions.dummy"]) == int(r["actions"]) for r in rows)
    assert all(int(r["actions.you"]) > 0 and int(r["actions.dummy"]) > 0 for r in rows)
    # Mage Wars scores a standing (its life share): both seats' sum to 1 in every game, and the summary
    # gives each seat's mean
    assert all(float(r["standing.you"]) + float(r["standing.dummy"]) == pytest.approx(1) for r in rows)
    assert book["standing"]["you"] == round(sum(float(r["standing.you"]) for r in rows) / 20, 4)
    for png in ("win_rates.png", "lengths.png"):
        assert (tmp_path / "charts" / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ctrl_c_keeps_the_games_that_finished(tmp_path: Path, ctrl_c_as_at_a_terminal: Any,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C keeps the games that finished; while the sweep runs, a second ``lab run`` on the same ``--out``
    is refused in one line and adds nothing (its seeds would break the run of seeds below)."""
    out = tmp_path / "r.csv"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([str(Path(sys.executable).parent / "magecraft"), "lab", "run", GAME, "--seeds",
                                "1:100000", "--workers", "1", "--out", str(out)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=ctrl_c_as_at_a_terminal)
    journal = journal_path(out)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not journal.exists() or journal.read_text().count("\n") < 20):
            time.sleep(0.1)
        assert main(["lab", "run", GAME, "--seeds", "100001:3", "--workers", "1", "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert "is being written by another 'lab run'" in err and err.count("\n") == 1
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()   # a failed check must not leave a sweep of 100,000 games running
    assert process.returncode == 130, err
    kept = rows_of(out)
    assert len(kept) >= 19 and "run the same command again" in err
    assert [int(r["seed"]) for r in kept] == list(range(1, len(kept) + 1))
