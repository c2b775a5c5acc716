"""Life on the saved sheet (unconscious at 0, bleeding from -1, death at -5 or by the alternate rule),
the hand a duel leaves, and every stake of the ritual settled on the sheets (seed 000, "Life Points",
"Character Death", "Bleeding", "Card Draw", "Magic Dueling Rules")."""

import json
from dataclasses import replace

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import (
    CharacterRecord,
    TakenFeat,
    current_life,
    example_character,
    load_character,
)
from magecraft.mtg_rpg.renewal import (
    check_can_act,
    life_after_fight,
    vitals_of,
    wound,
)
from magecraft.mtg_rpg.settings import Settings

DELIBERATE = Settings(death_rule="deliberate blow")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "saves.sqlite3"


def save_wizard(db, library, *, name="Sarin", **changes):
    wizard = replace(example_character(), name=name, library=tuple(library), **changes)
    # a fresh sheet, replacing one a test already used (the saves keep it in the history)
    SaveStore(db).create(name, "mtg_rpg", "character", CharacterRecord(wizard, Randomness.seeded(1)).to_dict(),
                         overwrite=True)
    return wizard


def run_json(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)


def refused(capsys, *args):
    assert main(list(args)) == 1
    return capsys.readouterr().err


# -- the engine ---------------------------------------------------------------------------------------


def test_damage_on_the_sheet_knocks_out_bleeds_and_kills_at_minus_five():
    sarin = replace(example_character(), life_lost=13)  # 1 of 14
    down = wound(sarin, 3)
    assert (current_life(down), down.bleeding, down.dead) == (-2, True, False)
    with pytest.raises(RuleError, match="unconsciousness occurs at 0 life points"):
        check_can_act(down, "act")
    with pytest.raises(RuleError, match="unconscious at 0 life points"):
        check_can_act(wound(sarin, 1), "act")  # "Unconsciousness occurs at 0 life points"
    dead = wound(sarin, 6)
    assert (current_life(dead), dead.dead) == (-5, True)
    with pytest.raises(RuleError, match="Sarin is dead and cannot duel"):
        check_can_act(dead, "duel")


def test_the_alternate_death_rule_only_knocks_out_in_a_fight_but_a_blow_on_the_fallen_kills():
    sarin = replace(example_character(), life_lost=13)
    fallen = life_after_fight(sarin, -8, settings=DELIBERATE)
    assert (current_life(fallen), fallen.dead, fallen.bleeding) == (-8, False, True)
    assert life_after_fight(sarin, -8).dead  # minus five: dead
    assert wound(fallen, 1, settings=DELIBERATE).dead


def test_elemental_resistance_takes_a_point_off_damage_of_the_favoured_element_only():
    sarin = replace(example_character(), feats=(TakenFeat("Elemental Resistance", "fire"),))
    assert current_life(wound(sarin, 3, element="Fire")) == 12
    assert current_life(wound(sarin, 3, element="cold")) == 11
    assert current_life(wound(sarin, 3)) == 11
    assert current_life(wound(sarin, 1, element="fire")) == 14


# -- the command line ---------------------------------------------------------------------------------


def test_a_duel_that_takes_a_wizard_to_minus_five_kills_and_the_dead_are_not_healed(db, capsys):
    # Sarin at 1 life holds only Forests; Kiran's Craw Wurm (power 6) takes him to -5
    save_wizard(db, ["Forest"] * 8, life_lost=13)
    save_wizard(db, ["Craw Wurm"] * 8, name="Kiran")
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--seed", "1", "--db", str(db), "--json")
    assert out["result"]["life"]["Sarin"] == -5
    assert out["sheets"]["Sarin"]["dead"] is True
    saved = load_character(SaveStore(db), "Sarin")
    assert (current_life(saved.character), saved.character.dead) == (-5, True)
    before = saved.to_dict()
    for command in (["renew", "Sarin"], ["action", "Sarin", "--skill", "Athletics"],
                    ["duel", "Sarin", "referee"]):
        assert "Sarin is dead" in refused(capsys, "mtg-rpg", *command, "--db", str(db))
    assert load_character(SaveStore(db), "Sarin").to_dict() == before
    show = run_json(capsys, "mtg-rpg", "character", "show", "Sarin", "--db", str(db), "--json")
    assert show["character"]["dead"] is True


def test_a_wizard_knocked_out_in_a_duel_is_saved_unconscious_and_bleeding(db, capsys):
    # Sarin at 3 life: the Wurm's 6 leaves him at -3, unconscious and bleeding, not dead
    save_wizard(db, ["Forest"] * 8, life_lost=11)
    save_wizard(db, ["Craw Wurm"] * 8, name="Kiran")
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--seed", "1", "--db", str(db), "--json")
    assert out["sheets"]["Sarin"] == {"life": -3, "max_life": 14, "bleeding": True, "unconscious": True,
                                      "dead": False, "poison": 0}
    wizard = load_character(SaveStore(db), "Sarin").character
    assert (current_life(wizard), wizard.bleeding, wizard.dead) == (-3, True, False)


def test_an_unconscious_wizard_cannot_act_dodge_cast_or_contest(db, capsys):
    save_wizard(db, ["Shock"] * 10, life_lost=17)  # -3 life
    save_wizard(db, ["Shock"] * 10, name="Kiran")
    before = load_character(SaveStore(db), "Sarin").to_dict()
    for command in (["action", "Sarin", "--skill", "Athletics"], ["action", "Sarin", "--attribute", "ST"],
                    ["dodge", "Sarin", "--attacker", "Grizzly Bears"], ["cast", "Sarin", "Shock"],
                    ["contest", "Kiran", "Sarin", "--skill", "Athletics"], ["equipment", "Sarin"],
                    ["action", "Kiran", "--skill", "Athletics", "--helper", "Sarin"]):
        err = refused(capsys, "mtg-rpg", *command, "--db", str(db))
        assert "Sarin is unconscious at -3 life points" in err and "unconsciousness occurs at 0" in err
    assert load_character(SaveStore(db), "Sarin").to_dict() == before


def test_the_hand_after_a_duel_is_the_duels_hand_drawn_back_up(db, capsys):
    # two three-card duels, Shocks (2 damage) against Forests: each Wizard keeps a full hand of 4
    save_wizard(db, ["Shock"] * 20)
    save_wizard(db, ["Forest"] * 20, name="Kiran")
    for seed in ("1", "2"):
        run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--kind", "three-card", "--seed", seed,
                 "--db", str(db), "--json")
        for name, card in (("Sarin", "Shock"), ("Kiran", "Forest")):
            deck = load_character(SaveStore(db), name).extra["play_deck"]
            assert deck["hand"] == [card] * 4
    out = run_json(capsys, "mtg-rpg", "action", "Sarin", "--skill", "Athletics", "--db", str(db), "--json")
    assert out["card"] == "Shock"
    show = run_json(capsys, "mtg-rpg", "character", "show", "Sarin", "--db", str(db), "--json")
    assert show["hand"] == ["Shock"] * 4


def test_a_duel_for_death_kills_the_loser_and_unpaid_it_is_the_backlash(db, capsys):
    save_wizard(db, ["Lava Axe"] * 8)
    save_wizard(db, ["Forest"] * 8, name="Kiran")
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--stakes", "death", "--seed", "1",
                   "--db", str(db), "--json")
    assert (out["settlement"]["loser"], out["settlement"]["death"]) == ("Kiran", True)
    kiran = load_character(SaveStore(db), "Kiran")
    assert kiran.character.dead and current_life(kiran.character) == 9
    assert not load_character(SaveStore(db), "Sarin").character.dead
    save_wizard(db, ["Forest"] * 8, name="Kiran")
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--stakes", "death", "--unpaid", "--seed", "1",
                   "--db", str(db), "--json")
    assert (out["settlement"]["death"], out["settlement"]["backlash"]) == (False, True)
    kiran = load_character(SaveStore(db), "Kiran")
    assert not kiran.character.dead and kiran.extra["restitution_owed_to"] == "Sarin"


def test_gold_at_stake_moves_from_the_losers_purse_and_a_short_purse_is_the_backlash(db, capsys):
    save_wizard(db, ["Lava Axe"] * 8, gold=5)
    save_wizard(db, ["Forest"] * 8, name="Kiran", gold=30)
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--stakes", "gold/treasure/money", "--gold", "20",
                   "--seed", "1", "--db", str(db), "--json")
    assert out["settlement"]["gold_paid"] == 20
    gold = {n: load_character(SaveStore(db), n).character.gold for n in ("Sarin", "Kiran")}
    assert gold == {"Sarin": 25, "Kiran": 10}
    # Kiran has 10 gp left and cannot pay 20 again: nothing moves, and Kiran owes restitution
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--stakes", "gold/treasure/money", "--gold", "20",
                   "--seed", "1", "--db", str(db), "--json")
    assert (out["settlement"]["gold_paid"], out["settlement"]["backlash"]) == (0, True)
    assert load_character(SaveStore(db), "Kiran").character.gold == 10
    assert load_character(SaveStore(db), "Kiran").extra["restitution_owed_to"] == "Sarin"


@pytest.mark.parametrize("args", [["--gold", "10"], ["--stakes", "gold/treasure/money"]])
def test_gold_only_with_gold_stakes_and_gold_stakes_name_the_gold(db, capsys, args):
    assert main(["mtg-rpg", "duel", "referee", "referee-2", *args, "--db", str(db)]) == 2
    assert "gold" in capsys.readouterr().err


def test_a_dry_run_duel_writes_no_sheet_and_carried_damage_is_announced(db, capsys):
    save_wizard(db, ["Lava Axe"] * 8, life_lost=5)
    save_wizard(db, ["Forest"] * 8, name="Kiran")
    before = {n: load_character(SaveStore(db), n).to_dict() for n in ("Sarin", "Kiran")}
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--stakes", "death", "--dry-run", "--seed", "1",
                   "--db", str(db), "--json")
    assert (out["saved"], out["carried"], out["sheets"]["Kiran"]["dead"]) == (False, {"Sarin": 9}, True)
    assert {n: load_character(SaveStore(db), n).to_dict() for n in ("Sarin", "Kiran")} == before
    assert main(["mtg-rpg", "duel", "Sarin", "Kiran", "--dry-run", "--seed", "1", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "Damage carried from earlier: Sarin starts with 9 life points." in text
    assert "Dry run: the sheets are not saved." in text


def test_poison_counters_are_kept_on_the_sheet_and_one_heals_at_renewal(db, capsys):
    save_wizard(db, ["Lava Axe"] * 10, poison=2, life_lost=4)
    out = run_json(capsys, "mtg-rpg", "renew", "Sarin", "--db", str(db), "--json")
    assert (out["vitals"]["poison"], out["vitals"]["life"]) == (1, 12)
    wizard = load_character(SaveStore(db), "Sarin").character
    assert (wizard.poison, vitals_of(wizard).poison) == (1, 1)


def test_elemental_resistance_in_a_quick_duel_and_on_the_sheet(db, capsys):
    # Sarin resists fire: Kiran's Lava Axe (5 fire) takes 4; Sarin's Lava Axe takes Kiran's full 5
    save_wizard(db, ["Lava Axe"] * 8, feats=(TakenFeat("Elemental Resistance", "fire"),))
    save_wizard(db, ["Lava Axe"] * 8, name="Kiran")
    out = run_json(capsys, "mtg-rpg", "duel", "Sarin", "Kiran", "--seed", "1", "--db", str(db), "--json")
    assert out["result"]["life"] == {"Sarin": 10, "Kiran": 9}
    assert any(e["kind"] == "damage" and e["data"].get("resisted") == 1 for e in out["log"])
    show = run_json(capsys, "mtg-rpg", "character", "show", "Sarin", "--db", str(db), "--json")
    assert show["elemental_resistance"] == {"element": "fire", "points": 1}
    assert main(["mtg-rpg", "character", "show", "Sarin", "--db", str(db)]) == 0
    assert "elemental resistance" in capsys.readouterr().out
    # the referee's damage of the element is resisted too, other damage not
    assert run_json(capsys, "mtg-rpg", "life", "Sarin", "--damage", "3", "--element", "fire", "--db", str(db),
                    "--json")["life"] == 8
    assert run_json(capsys, "mtg-rpg", "life", "Sarin", "--damage", "3", "--element", "cold", "--db", str(db),
                    "--json")["life"] == 5


def test_the_life_command_bleeds_stops_the_bleeding_heals_and_poisons(db, capsys):
    save_wizard(db, ["Lava Axe"] * 8)
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--damage", "15", "--db", str(db), "--json")
    assert (out["life"], out["condition"]) == (-1, "unconscious, bleeding")
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--bleed", "2", "--db", str(db), "--json")
    assert out["life"] == -3
    # a healer's Healing total of 5 is short of the average (6) action; 6 stops it
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--stop-bleeding", "healer", "--total", "5",
                   "--db", str(db), "--json")
    assert out["bleeding"] is True
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--stop-bleeding", "healer", "--total", "6",
                   "--bleed", "1", "--db", str(db), "--json")
    # the turn's bleeding comes before the healer stops it
    assert (out["life"], out["bleeding"], out["condition"]) == (-4, False, "unconscious")
    assert "not bleeding" in refused(capsys, "mtg-rpg", "life", "Sarin", "--stop-bleeding", "magic",
                                     "--db", str(db))
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--heal", "5", "--poison", "2", "--db", str(db), "--json")
    assert (out["life"], out["condition"], out["poison"]) == (1, "conscious", 2)
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--damage", "6", "--db", str(db), "--json")
    assert (out["life"], out["condition"]) == (-5, "dead")
    assert "Sarin is dead" in refused(capsys, "mtg-rpg", "life", "Sarin", "--heal", "3", "--db", str(db))


def test_the_alternate_death_rule_from_the_command_line(db, capsys, tmp_path):
    rules = tmp_path / "rules.toml"
    rules.write_text('death_rule = "deliberate blow"\n')
    save_wizard(db, ["Lava Axe"] * 8)
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--damage", "30", "--house-rules", str(rules),
                   "--db", str(db), "--json")
    assert (out["life"], out["dead"]) == (-16, False)
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--damage", "1", "--accidental",
                   "--house-rules", str(rules), "--db", str(db), "--json")
    assert out["dead"] is False
    out = run_json(capsys, "mtg-rpg", "life", "Sarin", "--damage", "1", "--house-rules", str(rules),
                   "--db", str(db), "--json")
    assert out["dead"] is True


def test_a_monster_with_life_points_resists_damage_and_spells(db, capsys):
    save_wizard(db, ["Lava Axe"] * 8)
    # Craw Wurm 6/4 with 10 life points: toughness 4 is its damage resistance; the target total is 20
    out = run_json(capsys, "mtg-rpg", "monster", "Craw Wurm", "--life", "10", "--damage", "7", "--spell",
                   "Lava Axe", "--caster", "Sarin", "--db", str(db), "--json")
    assert (out["damage_resistance"], out["damage_taken"], out["resistance_total"]) == (4, 3, 20)
    # Sarin's Strength 3 + Lava Axe's 5 = 8: less than half of 20, no effect
    assert (out["spell_power"], out["resistance_check"]) == (8, "none")
    out = run_json(capsys, "mtg-rpg", "monster", "Craw Wurm", "--life", "2", "--spell", "Lava Axe", "--caster",
                   "Sarin", "--db", str(db), "--json")
    assert (out["resistance_total"], out["resistance_check"]) == (12, "partial")
    out = run_json(capsys, "mtg-rpg", "monster", "Craw Wurm", "--damage", "7", "--db", str(db), "--json")
    assert (out["damage_resistance"], out["damage_taken"]) == (0, 7)  # no life points: no resistance
    assert main(["mtg-rpg", "monster", "Craw Wurm", "--spell", "Lava Axe", "--db", str(db)]) == 2


def test_a_raw_strength_contest_against_a_goblin_holding_the_door(db, capsys):
    # "Opposed Actions": Sarin (Strength 3) pulls at a door a goblin holds; ties leave it as it was
    save_wizard(db, ["Forest"] * 10)  # a land counts 1: Sarin's total is 3 + 1 = 4
    out = run_json(capsys, "mtg-rpg", "contest", "Sarin", "--attribute", "ST", "--against-total", "3",
                   "--db", str(db), "--json")
    assert (out["totals"], out["winner"]) == ({"Sarin": 4, "opponent": 3}, "Sarin")
    out = run_json(capsys, "mtg-rpg", "contest", "Sarin", "--attribute", "st", "--against-total", "4",
                   "--db", str(db), "--json")
    assert out["winner"] is None
    save_wizard(db, ["Forest"] * 10, name="Kiran")
    out = run_json(capsys, "mtg-rpg", "contest", "Sarin", "Kiran", "--attribute", "ST", "--against", "CN",
                   "--db", str(db), "--json")
    assert (out["totals"], out["winner"]) == ({"Sarin": 4, "Kiran": 3}, "Sarin")
    for bad in (["Sarin"], ["Sarin", "--attribute", "XX", "--against-total", "2"],
                ["Sarin", "Kiran", "--attribute", "ST", "--against-total", "2"],
                ["Sarin", "--skill", "Athletics", "--attribute", "ST", "--against-total", "2"]):
        assert main(["mtg-rpg", "contest", *bad, "--db", str(db)]) == 2
