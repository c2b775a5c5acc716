"""Plague's Constitution check for the characters in a plagued realm ("Random Event Phase: Plague")."""

from __future__ import annotations

import json

import pytest

from magecraft.core.deck import Deck
from magecraft.core.errors import RuleError
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import load_character
from magecraft.mtg_rpg.world.campaign import World
from magecraft.mtg_rpg.world.realm import Ongoing
from magecraft.mtg_rpg.world.turn import plague_check

from .conftest import draw, make_world, value_deck
from .test_run_and_cli import run_cli


def plagued(world: World, realm: str = "Harloon") -> World:
    world.realms[realm].ongoing.append(Ongoing("Plague", None))
    return world


def test_a_failed_dc_3_constitution_check_takes_a_drawn_cards_damage():
    world = plagued(make_world([draw(2), draw(7)]))  # Constitution 0 + 2 = 2 against 3: fails; a 7 is drawn
    outcome = plague_check(world, "Harloon", "Sarin", 0)
    assert (outcome.total, outcome.passed, outcome.damage) == (2, False, 7)
    assert world.chronicle[-1]["text"] == "Sarin catches the plague (2 against 3) and takes 7 damage"


def test_meeting_dc_3_resists_with_no_damage_draw():
    world = plagued(make_world([draw(2)]))  # Constitution 1 + 2 = 3: not affected, no second card
    outcome = plague_check(world, "Harloon", "Sarin", 1)
    assert (outcome.total, outcome.passed, outcome.damage, outcome.hit) == (3, True, 0, None)
    assert not [e for e in world.log if e.kind == "draw" and "damage" in e.label]


def test_no_plague_no_check_and_nothing_changes():
    world = make_world([draw(0)])
    before = world.to_dict()
    with pytest.raises(RuleError, match="Harloon has no plague"):
        plague_check(world, "Harloon", "Sarin", 0)
    with pytest.raises(RuleError, match="no realm 'Atlantis'"):
        plague_check(world, "Atlantis", "Sarin", 0)
    assert world.to_dict() == before


NEW = ["mtg-rpg", "character", "new", "--name", "Sarin", "--concept", "battle mage", "--calling", "Adventurer",
       "--demeanor", "Brave", "--primary", "R", "--talisman", "ruby ring", "--renewal", "sunrise",
       "--sanctuary", "a cave", "--weapon", "staff", "--attributes", "ST=3,DX=0,CN=2,IQ=2,WS=1,CH=2",
       "--skills", "Athletics=3,Arcane Knowledge=1,Spell Research=1,Awareness=3,Dodge=3,Endurance=3,"
       "Larceny=3,Healing=3", "--cantrips", "Light,Mage Hand,Detect Magic", "--library", "starter"]


def test_world_plague_puts_the_damage_on_a_saved_wizards_sheet(tmp_path, capsys):
    db = tmp_path / "s.sqlite3"
    assert run_cli(capsys, *NEW, "--db", str(db), "--seed", "3")[0] == 0
    assert run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "3", "--db", str(db))[0] == 0
    store = SaveStore(db)
    saved = store.load("w", "mtg_rpg", "campaign")
    world = plagued(World.from_dict(saved.state))
    world.referee = Deck(value_deck(), name="referee")
    store.update("w", "mtg_rpg", "campaign", world.to_dict(), revision=saved.revision)
    life = load_character(store, "Sarin").character
    # CN 2 + a 0 is 2 against 3: the plague; a card of value 9 deals 9 of Sarin's 14 life points
    code, out, err = run_cli(capsys, "mtg-rpg", "world", "plague", "w", "Harloon", "--character", "Sarin",
                             "--dice", f"{draw(0)},{draw(9)}", "--db", str(db), "--json")
    assert code == 0, err
    shown = json.loads(out)
    assert (shown["total"], shown["passed"], shown["damage"], shown["life"]) == (2, False, 9, 5)
    hurt = load_character(store, "Sarin")
    assert hurt.character != life and hurt.revision == 2
    assert "Sarin catches the plague" in store.load("w", "mtg_rpg", "campaign").state["chronicle"][-1]["text"]
    # no plague in Sarn: refused, nothing saved
    before = store.load("w", "mtg_rpg", "campaign").revision
    code, _, err = run_cli(capsys, "mtg-rpg", "world", "plague", "w", "Sarn", "--constitution", "1",
                           "--dice", "1", "--db", str(db))
    assert code != 0 and "Sarn has no plague" in err
    assert store.load("w", "mtg_rpg", "campaign").revision == before
    code, _, err = run_cli(capsys, "mtg-rpg", "world", "plague", "w", "Harloon", "--db", str(db))
    assert code == 2 and "--constitution" in err
