"""Whole seasons: bots, long seeded runs, random legal and illegal choices, and the command line."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.cli.app import main
from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.world.actions import (
    BuildStructure,
    Capture,
    Decree,
    Hardship,
    MakeWar,
    OpenTrade,
    PaveRoad,
    Quell,
    SetTax,
)
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.generate import generate_world, sample_world
from magecraft.mtg_rpg.world.policy import choose, run_season

ILLEGAL = [
    Hardship(99),
    SetTax("crushing"),
    Quell(99),
    MakeWar(99),
    Capture(0),
    PaveRoad(0),
    BuildStructure("Colosseum"),
    OpenTrade("Atlantis"),
    Decree("amnesty"),
]


def test_a_seeded_200_season_run_of_the_sample_world_gives_the_same_chronicle_twice():
    def chronicle(seed):
        world = sample_world(Randomness.seeded(seed))
        for _ in range(200):
            if not world.alive():
                break
            run_season(world)
        return json.dumps(world.chronicle), world.season

    first, seasons = chronicle(21)
    assert seasons >= 1 and first == chronicle(21)[0]
    assert first != chronicle(22)[0]


def test_a_generated_world_runs_itself_and_round_trips_mid_season():
    world = generate_world(5, Randomness.seeded(4))
    for _ in range(10):
        run_season(world)
    world.begin_season()
    world.apply(choose(world))
    again = World.from_dict(json.loads(json.dumps(world.to_dict())))
    while world.turn is not None:
        world.apply(choose(world))
        again.apply(choose(again))
    assert again.to_dict() == world.to_dict()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    picks=st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=60),
)
def test_random_legal_and_illegal_choices_never_break_the_world(seed, picks):
    world = sample_world(Randomness.seeded(seed))
    world.begin_season()
    for illegal, index in picks:
        if world.turn is None:
            world.begin_season()
        if illegal:
            action = ILLEGAL[index % len(ILLEGAL)]
            before = world.to_dict()
            try:
                world.apply(action)
            except RuleError:
                assert world.to_dict() == before
            continue
        legal = world.legal_actions()
        assert legal, "a realm always has a choice"
        world.apply(legal[index % len(legal)])


# -- the command line -------------------------------------------------------------------------------------


def run_cli(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_new_season_run_show_and_chronicle(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite3")
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "3", "--db", db)
    assert code == 0 and "Harloon" in out and "season 0" in out
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "season", "w", "--db", db)
    assert code == 0 and "Season 1." in out and "Random event" in out
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "run", "w", "--seasons", "3", "--db", db, "--json")
    assert code == 0 and json.loads(out)["season"] == 4
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "show", "w", "--db", db)
    assert code == 0 and "HN=Harloon" in out and "* capitol" in out
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "chronicle", "w", "--season", "2", "--db", db)
    assert code == 0 and "Season 2" in out and "Season 3" not in out


def test_the_same_seed_prints_the_same_bytes(tmp_path, capsys):
    outputs = []
    for n in range(2):
        db = str(tmp_path / f"{n}.sqlite3")
        run_cli(capsys, "mtg-rpg", "world", "new", "w", "--generate", "4", "--seed", "8", "--db", db, "--json")
        outputs.append(run_cli(capsys, "mtg-rpg", "world", "run", "w", "--seasons", "5", "--db", db, "--json")[1])
    assert outputs[0] == outputs[1]


def test_a_taken_name_is_refused_and_the_old_world_kept(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite3")
    run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "3", "--db", db)
    run_cli(capsys, "mtg-rpg", "world", "run", "w", "--seasons", "2", "--db", db)
    code, _, err = run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--db", db)
    assert code == 2 and "--overwrite" in err and "Traceback" not in err
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "show", "w", "--db", db, "--json")
    assert json.loads(out)["season"] == 2


def test_bad_arguments_exit_2_with_one_line(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite3")
    bad_map = tmp_path / "bad.json"
    bad_map.write_text('{"hexes": [{"q": 0, "r": 0, "terrain": "lava"}], "realms": []}')
    for args in (
        ["new", "w", "--db", db],
        ["new", "w", "--sample", "--generate", "3", "--db", db],
        ["new", "w", "--map", str(bad_map), "--db", db],
        ["new", "w", "--generate", "99", "--db", db],
        ["new", "w", "--sample", "--table", "Atlantis", "--db", db],
    ):
        code, _, err = run_cli(capsys, "mtg-rpg", "world", *args)
        assert code in (1, 2) and err.count("\n") == 1 and "Traceback" not in err, args
    assert run_cli(capsys, "mtg-rpg", "world", "show", "nothing", "--db", db)[0] != 0


def test_a_realm_ruled_at_the_table_is_asked(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "s.sqlite3")
    run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "5", "--table", "Harloon", "--db", db)
    # Two bad answers, a delay, the hardship check, the tax rate (its group, then the rate alone: issue 25
    # item 11), the discontent check, then "end" typed.
    answers = iter(["0", "x", "1", "1", "1", "1", "1", "end"])
    asked = []

    def fake_ask(prompt):
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr("magecraft.cli.options.ask_at_terminal", fake_ask)
    code, out, _ = run_cli(capsys, "mtg-rpg", "world", "season", "w", "--db", db)
    assert code == 0 and asked and all(p.startswith("Harloon: choose") for p in asked)
    assert "'0' is not one of 1-" in out and "'x' is not one of 1-" in out
    assert "Season 1 is over" in out and len(asked) == 8


def test_encounter_draws_and_kingdom(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite3")
    run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "5", "--db", db)
    code, out, _ = run_cli(
        capsys, "mtg-rpg", "world", "encounter", "w", "Harloon", "--days", "3", "--seed", "1", "--db", db, "--json"
    )
    assert code == 0 and len(json.loads(out)["days"]) == 3
    code, _, err = run_cli(
        capsys,
        "mtg-rpg",
        "world",
        "kingdom",
        "w",
        "Tower",
        "--hex",
        "Harloon Keep",
        "--ruler",
        "Sarin",
        "--db",
        db,
    )
    assert code == 1 and "Harloon" in err
    code, out, _ = run_cli(
        capsys,
        "mtg-rpg",
        "world",
        "kingdom",
        "w",
        "Tower",
        "--hex",
        "4,0",
        "--ruler",
        "Sarin",
        "--diplomacy",
        "6",
        "--db",
        db,
        "--json",
    )
    assert code == 0 and json.loads(out)["diplomacy"] == 6 and json.loads(out)["treasury"] == 0


def test_quit_at_a_typed_die_before_the_seasons_prompt_stops_and_keeps_the_world(tmp_path, capsys, monkeypatch):
    """A world played with real dice: the season's first rolls come before the table's prompt; `quit` typed
    at one of them stops the command (ruling C6), the world as it was saved (it used to be answered "'quit'
    is not a number" until the input ran out)."""
    from magecraft.cli import options
    from magecraft.core.saves import SaveStore

    db = tmp_path / "s.sqlite3"
    answers = iter(["3"] * 200)
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: next(answers))
    code, _, _ = run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--physical-dice", "--db", str(db))
    assert code == 0
    before = SaveStore(db).load("w", "mtg_rpg", "campaign")
    answers = iter(["4", "quit"])
    code, _, err = run_cli(capsys, "mtg-rpg", "world", "season", "w", "--db", str(db))
    assert (code, err) == (0, "magecraft: stopped (quit); nothing was saved\n")
    after = SaveStore(db).load("w", "mtg_rpg", "campaign")
    assert (after.summary.revision, after.state) == (before.summary.revision, before.state)
