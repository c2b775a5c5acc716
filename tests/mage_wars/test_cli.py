"""`magecraft mage-wars`: solo (interactive and --auto) and card."""

import json

import pytest
from rich.console import Console

from magecraft.cli import mage_wars as cli
from magecraft.cli import options
from magecraft.cli.app import main
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mage_wars import dummy
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.settings import Settings


@pytest.fixture
def typed(monkeypatch):
    """``typed([...])``: the answers the person types, in order; then the terminal closes (EOF)."""
    def install(answers):
        remaining = iter(answers)

        def ask(prompt):
            try:
                return next(remaining)
            except StopIteration:
                raise EOFError from None

        monkeypatch.setattr(options, "ask_at_terminal", ask)
    return install


def test_card_shows_the_emerald_tegu(capsys):
    assert main(["mage-wars", "card", "Emerald Tegu"]) == 0
    out = capsys.readouterr().out
    assert "8 / 3" in out and "Venomous Bite" in out and "8-12: 1 Rot" in out and "nature level 2" in out
    assert main(["mage-wars", "card", "wizard", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["training"] == {
        "trained": ["arcane"], "opposed": [], "choice": ["air", "earth", "fire", "water"], "points": 120}


def test_card_json_and_unknown_card(capsys):
    assert main(["mage-wars", "card", "jet stream", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "Jet Stream" and data["attacks"][0]["dice"] == 2
    assert main(["mage-wars", "card", "Nope"]) == 2
    assert "no Mage Wars card named 'Nope'" in capsys.readouterr().err


def test_auto_prints_win_rates_and_is_repeatable(capsys):
    args = ["mage-wars", "solo", "--auto", "--games", "4", "--seed", "9", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["games"] == 4 and data["you_wins"] + data["dummy_wins"] + data["draws"] == 4
    assert data["average_rounds"] > 0


@pytest.mark.parametrize(("args", "named"), [
    (["--auto", "--games", "0"], "--games: play at least 1 game"),
    (["--mage", "Nobody"], "--mage: no ready-made spellbook 'Nobody'"),
    (["--auto", "--dice", "1,2"], "--auto plays seeded games"),
    (["--auto", "--save", "x"], "--auto plays seeded games"),
    (["--dummy-life", "0"], "--dummy-life: the Dummy Mage needs at least 1 life"),
    (["--wall", "A1-C1"], "--wall: 'A1-C1' is not ZONE-ZONE"),
    (["--wall", "A1-B1:x"], "--wall: 'A1-B1:x' is not ZONE-ZONE"),
    (["--wall", "A1-B1:\u00b2"], "--wall: 'A1-B1:\u00b2' is not ZONE-ZONE"),
    (["--wall", "A1-B1:0"], "--wall: a wall needs at least 1 life"),
])
def test_bad_options_exit_2(capsys, args, named):
    assert main(["mage-wars", "solo", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err


def test_bad_decks_file_is_refused(tmp_path, capsys):
    path = tmp_path / "decks.json"
    path.write_text(json.dumps({"creature": {"Timber Wolf": 3}}))
    assert main(["mage-wars", "solo", "--auto", "--games", "1", "--seed", "1", "--decks", str(path)]) == 2
    assert "needs 15 cards, not 3" in capsys.readouterr().err


_GOOD_DECKS = {"creature": {"Timber Wolf": 15}, "enchantment": {"Agony": 10}, "incantation": {"Heal": 10},
               "attack": {"Fireball": 10}}


@pytest.mark.parametrize(("option", "content", "message"), [
    ("--book", b"\xff\xfe\x00not text", "not a UTF-8 text file"),
    ("--book", b'{"mage": "Wizard", "cards": {"Fireball": true}}', "Fireball needs a whole number of copies"),
    ("--book", b'{"mage": "Wizard", "cards": {"Fireball": 99999999999999999999}}',
     "no deck or book holds more than 15"),
    ("--book", b'{"mage": "Wizard", "cards": {"Fireball": 2}, "trained_chioce": "fire"}',
     "unknown key 'trained_chioce'"),
    ("--decks", json.dumps({**_GOOD_DECKS, "atack": {}}).encode(), "unknown key 'atack'"),
    ("--decks", b'{"creature": {"Timber Wolf": 15}, ', "not valid JSON"),
])
def test_malformed_files_are_refused_with_one_line(tmp_path, capsys, option, content, message):
    path = tmp_path / "file.json"
    path.write_bytes(content)
    assert main(["mage-wars", "solo", "--auto", "--games", "1", "--seed", "1", option, str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_good_decks_file_is_played(tmp_path, capsys):
    path = tmp_path / "decks.json"
    path.write_text(json.dumps(_GOOD_DECKS))
    args = ["mage-wars", "solo", "--auto", "--games", "1", "--seed", "1", "--decks", str(path), "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_interactive_game_shows_the_arena_and_the_dummy_mage_reasoning(typed, capsys, tmp_path):
    typed(["Jet Stream, Timber Wolf", "99", "1", "Nothing", "4, 99"])
    db = tmp_path / "s.sqlite3"
    code = main(["mage-wars", "solo", "--mage", "Wizard", "--seed", "3", "--save", "evening", "--db", str(db)])
    out = capsys.readouterr().out
    assert code == 0                                        # the end of input stops the game like quit
    assert "Stopped (end of input); saved as 'evening'. Resume with: magecraft mage-wars solo --load evening" \
        in out
    assert "Round 1" in out and "Wizard (you) 32/32" in out
    assert "Dummy Mage: rolled" in out
    assert "'99' is not one of 1-10" in out
    assert "Planning: 'Nothing' is not (or no longer) in your spellbook" in out
    assert "Planning: '99' is not (or no longer) in your spellbook" in out
    typed(["4, 14"])
    assert main(["mage-wars", "solo", "--load", "evening", "--db", str(db)]) == 0
    resumed = capsys.readouterr().out
    # The story resumes at your last decision, not from the start of the game.
    assert resumed.startswith("Resumed 'evening': round 2, ready")
    assert "you chose: Wizard (you): in D3, do nothing" in resumed and "you chose: plan" not in resumed[:200]
    # Spells planned by their numbers in the spellbook table: 4 Fireball, 14 Stonegaze Basilisk (Timber Wolf,
    # 17, is used up: the numbers before it stay as they were).
    assert "you chose: plan Fireball and Stonegaze Basilisk" in resumed


ANSWERS = ["Jet Stream, Timber Wolf", "8", "Fireball, Mana Leech", "1", "2", "1", "Jet Stream", "3", "1", "2"]


@pytest.mark.parametrize("split", [1, 2, 5])
def test_save_and_load_resume_exactly(typed, capsys, tmp_path, split):
    db = tmp_path / "s.sqlite3"
    typed(ANSWERS)
    main(["mage-wars", "solo", "--seed", "3", "--save", "straight", "--db", str(db)])
    typed(ANSWERS[:split])
    main(["mage-wars", "solo", "--seed", "3", "--save", "broken", "--db", str(db)])
    typed(ANSWERS[split:])
    main(["mage-wars", "solo", "--load", "broken", "--db", str(db)])
    capsys.readouterr()
    store = SaveStore(db)
    straight = store.load("straight", "mage_wars", "game").state
    assert straight["round"] >= 2
    assert store.load("broken", "mage_wars", "game").state == straight


@pytest.mark.parametrize(("field", "value"), [("settings", []), ("done", 5), ("units", [{"id": "you"}])])
def test_a_corrupted_save_is_refused_with_one_line_and_left_alone(tmp_path, capsys, field, value):
    db = tmp_path / "s.sqlite3"
    store = SaveStore(db)
    state = MageWarsGame.new(Randomness.seeded(1), ready_spellbooks()["Wizard"]).to_dict()
    store.create("game", "mage_wars", "game", {**state, field: value}, overwrite=True)
    assert main(["mage-wars", "solo", "--load", "game", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("malformed" in err or "settings" in err)
    assert store.load("game", "mage_wars", "game").state[field] == value
    assert main(["mage-wars", "solo", "--load", "nothing", "--db", str(db)]) == 2
    assert "no mage_wars game saved as 'nothing'" in capsys.readouterr().err


@pytest.mark.parametrize(("extra", "named"), [
    (["--seed", "5"], "--seed"), (["--dice", "1,2"], "--dice"), (["--physical-dice"], "--physical-dice"),
    (["--wall", "A1-B1", "--dummy-life", "9"], "--wall, --dummy-life"),
])
def test_load_refuses_options_that_would_be_ignored(typed, tmp_path, capsys, extra, named):
    db = tmp_path / "s.sqlite3"
    typed(ANSWERS[:1])
    main(["mage-wars", "solo", "--seed", "3", "--save", "g", "--db", str(db)])
    saved = SaveStore(db).load("g", "mage_wars", "game").state
    capsys.readouterr()
    assert main(["mage-wars", "solo", "--load", "g", "--db", str(db), *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--load resumes a saved game with its own setup and dice: drop {named}" in err
    assert SaveStore(db).load("g", "mage_wars", "game").state == saved


def test_games_without_auto_is_refused(capsys):
    assert main(["mage-wars", "solo", "--games", "5"]) == 2
    assert "--games counts bot games: use it with --auto" in capsys.readouterr().err


def test_a_db_that_is_not_a_save_store_is_refused(tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    assert main(["mage-wars", "solo", "--load", "game", "--db", str(text)]) == 2
    assert "is not a magecraft save store" in capsys.readouterr().err
    assert text.read_text() == "not a database"


def test_card_at_the_prompt_shows_the_card_and_asks_again(typed, capsys):
    typed(["card emerald tegu", "card Nobody", "Jet Stream"])
    main(["mage-wars", "solo", "--seed", "3"])
    out = capsys.readouterr().out
    assert "Venomous Bite" in out and "no Mage Wars card named 'Nobody'" in out
    assert "you chose: plan Jet Stream" in out


def test_odd_answers_at_the_prompt_are_explained_and_asked_again(typed, capsys):
    # A superscript two passes str.isdigit() but not int(): it must be refused, not crash.
    typed(["\u00b2", "", "\u00b2", "0"])
    main(["mage-wars", "solo", "--seed", "3"])
    out = capsys.readouterr().out
    assert "'\u00b2' is not (or no longer) in your spellbook" in out
    assert "'\u00b2' is not one of 1-" in out and "'0' is not one of 1-" in out


def test_walls_from_the_command_line(capsys):
    assert main(["mage-wars", "solo", "--auto", "--games", "2", "--seed", "3", "--json",
                 "--wall", "B1-C1:12:2", "--wall", "B2-C2:passable"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    settings = cli.settings_from_options(None, ["B1-C1:12:2", "b2-c2:passable"])
    assert [w.to_dict() for w in settings.walls] == [
        {"id": "w1", "zones": ["B1", "C1"], "life": 12, "armor": 2, "passable": False},
        {"id": "w2", "zones": ["B2", "C2"], "life": 10, "armor": 0, "passable": True},
    ]


def test_interactive_states_the_dummy_mage_reasoning_with_scripted_dice(typed, capsys):
    typed([""])
    assert main(["mage-wars", "solo", "--mage", "Wizard", "--dice", "9,3,5"]) == 0     # the end of input stops it
    out = capsys.readouterr().out
    assert "Dummy Mage quick cast/action: rolled 9" in out
    assert "Dummy Mage: rolled 9: 3 zones from every enemy, re-rolling" in out
    assert "Dummy Mage: rolled 5: moves one zone east to B1" in out
    assert "Warlock (dummy)" in out



def test_tougher_decks_from_a_file_are_the_ones_the_dummy_mage_draws(typed, capsys, tmp_path):
    # "For a greater challenge ... create tougher creature, enchantment, incantation, or attack spell decks":
    # with a creature deck of 15 Iron Golems (none in the suggested decks) a 5 summons an Iron Golem.
    path = tmp_path / "decks.json"
    path.write_text(json.dumps({**_GOOD_DECKS, "creature": {"Iron Golem": 15}}))
    typed([""])
    assert main(["mage-wars", "solo", "--mage", "Wizard", "--dice", "5", "--decks", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Dummy Mage: summons Iron Golem (d" in out


def test_the_arena_marks_inactive_creatures(build):
    game = build([6], decks={"creature": ["Timber Wolf"]})
    dummy.quick_cast(game)
    console = Console(width=200, record=True)
    console.print(cli.arena_table(game))
    assert "Timber Wolf (d1) 10/10 (inactive)" in console.export_text()


def test_book_shows_spellbook_points(capsys, tmp_path):
    assert main(["mage-wars", "book", "--mage", "Wizard"]) == 0
    assert "23 cards, 59 of 120 spellbook points, trained in air" in capsys.readouterr().out
    path = tmp_path / "book.json"
    path.write_text(json.dumps({"mage": "Priestess", "cards": {"Agony": 2}}))
    assert main(["mage-wars", "book", "--book", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"mage": "Priestess", "cards": ["Agony", "Agony"], "points": 6,
                                                   "points_allowed": 120, "trained_choice": None}
    path.write_text(json.dumps({"mage": "Priestess", "cards": {"Agony": 7}}))
    assert main(["mage-wars", "book", "--book", str(path)]) == 2
    assert "at most 6 copies of a level 1 spell, not 7 Agony" in capsys.readouterr().err


def test_a_finished_game_is_saved_finished(typed, capsys, tmp_path):
    # One life for the Dummy Mage and your mage next to it: Jet Stream in the first quick cast stage ends it.
    store = SaveStore(tmp_path / "s.sqlite3")
    game = MageWarsGame.new(Randomness.seeded(1), ready_spellbooks()["Wizard"],
                            Settings(dummy_life=1, your_zone="B1"))
    store.create("near", "mage_wars", "game", game.to_dict())
    typed(["Jet Stream", "2"])
    assert main(["mage-wars", "solo", "--load", "near", "--db", str(tmp_path / "s.sqlite3")]) == 0
    assert "Game over after 1 rounds: your mage wins" in capsys.readouterr().out
    assert store.load("near", "mage_wars", "game").state["winner"] == "you"


def test_the_arena_draws_walls_in_both_zones(build):
    game = build([], settings=Settings(walls=(Wall("w1", ("B1", "C1"), 12, 2),)))
    game.wall_damage["w1"] = 5
    console = Console(width=200, record=True)
    console.print(cli.arena_table(game))
    text = console.export_text()
    assert "wall w1 east, 7 life, armour 2" in text and "wall w1 west, 7 life, armour 2" in text
    hedge = build([], settings=Settings(walls=(Wall("w2", ("B2", "B3"), 6, passable=True),)))
    console = Console(width=200, record=True)
    console.print(cli.arena_table(hedge))
    text = console.export_text()
    assert "passable wall w2 south, 6 life" in text and "passable wall w2 north, 6 life" in text
