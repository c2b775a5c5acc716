"""MIRACLE (I/White, List of Spells, seed 002) in the living realm: Miracle chits held by a character, played
on the last die roll the realm made (rulings MR11, MR46-MR48)."""

from __future__ import annotations

import copy
import io

import pytest
from realm_helpers import put, quiet_realm, script

from magecraft.cli.app import main
from magecraft.core.errors import RuleError
from magecraft.core.saves import SaveStore
from magecraft.magic_realm.actions import CastSpell, Hire, NextDay, PlayMiracle, WoundMiracle
from magecraft.magic_realm.days import RealmDays
from magecraft.magic_realm.pieces import MiracleChit

BORDERLAND_1 = 0


def realm(*characters: str) -> RealmDays:
    return quiet_realm(*characters)


def refused(days: RealmDays, action: object, match: str) -> None:
    before = copy.deepcopy(days.to_dict())
    with pytest.raises(RuleError, match=match):
        days.apply(action)  # type: ignore[arg-type]
    assert days.to_dict() == before


def test_casting_miracle_sets_a_named_chit_aside_and_a_save_keeps_it():
    days = realm()
    refused(days, CastSpell("Amazon", "Miracle"), "names the chit")
    refused(days, CastSpell("Amazon", "Miracle", chit="SPEAR L4"), "MOVE, FIGHT, MAGIC, DUCK, BERSERK")
    refused(days, CastSpell("Amazon", "Miracle", chit="MAGIC II3*", cast_with=("MAGIC II3*",)), "Miracle 1")
    days.apply(CastSpell("Amazon", "Miracle", chit="FIGHT H5**", cast_with=("MAGIC II3*",)))
    amazon = days.characters[0]
    assert amazon.miracles == [MiracleChit("FIGHT H5**", len(days.log) - 1)] and amazon.wounds == 0
    assert RealmDays.from_dict(days.to_dict()).characters[0].miracles == amazon.miracles
    old = days.to_dict()
    del old["characters"][0]["miracles"], old["miracle_roll"]  # a save of before Miracle
    assert RealmDays.from_dict(old).characters[0].miracles == []


def test_a_miracle_chit_is_set_aside_not_given_to_the_doppleganger():
    days = realm()
    put(days, "Doppleganger", BORDERLAND_1)
    days.apply(CastSpell("Amazon", "Miracle", chit="FIGHT H5**"))
    refused(days, Hire("Amazon", "Doppleganger", "FIGHT H5**"), "Miracle 2")
    days.apply(Hire("Amazon", "Doppleganger", "MOVE M4*"))
    refused(days, CastSpell("Amazon", "Miracle", chit="MOVE M4*"), "Doppleganger holds")


def test_a_miracle_chit_rerolls_the_last_roll_and_the_owner_keeps_the_better():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 1")
    put(days, "Pickpocket", BORDERLAND_1)
    days.apply(CastSpell("Dwarf", "Miracle", chit="DUCK T3*"))
    days.apply(CastSpell("Amazon", "Miracle", chit="MOVE M4*"))
    script(days, 6, 6, 5, 1, 2, 4, 3)  # day 1; the Dwarf misses the Pickpocket: 2d6 = 11; re-rolled 1+2
    days.apply(NextDay())
    from magecraft.magic_realm.actions import Capture

    days.apply(Capture("Dwarf", "Pickpocket", False))
    assert days.retinues["Dwarf"].gold == 50 - 11
    days.apply(PlayMiracle("Dwarf"))  # both dice re-rolled: 3, lower than 11; the capture played again
    assert days.miracle_roll is not None and days.miracle_roll["kept"] == 3
    assert days.retinues["Dwarf"].gold == 50 - 3  # the better roll is used (MR47)
    assert days.report[-1]["text"].startswith("Dwarf plays a Miracle (DUCK T3*) on ")
    assert "11 re-rolled 3, 3 kept (the lower)" in days.report[-1]["text"]
    dwarf = days.character("Dwarf")
    assert dwarf.miracles == [] and dwarf.wounds == 1  # Miracle 4: back to its chit, in the wound box
    # another owner's chit only modifies the chosen roll: 4+3 = 7 against the 3 chosen, not the 11
    days.apply(PlayMiracle("Amazon", keep="high"))
    assert days.miracle_roll["kept"] == 7 and "3 re-rolled 7, 7 kept (the higher)" in days.report[-1]["text"]
    assert days.retinues["Dwarf"].gold == 50 - 7
    assert days.character("Amazon").wounds == 1 and days.character("Dwarf").wounds == 1  # kept through it
    assert sum(" plays a Miracle (" in r["text"] for r in days.report) == 2
    assert RealmDays.from_dict(days.to_dict()).miracle_roll == days.miracle_roll


def test_more_miracle_chits_keep_the_chosen_roll_when_the_reroll_is_worse():
    days = realm()
    days.apply(CastSpell("Amazon", "Miracle", chit="MOVE M4*"))
    days.apply(CastSpell("Amazon", "Miracle", chit="FIGHT H5**"))
    script(days, 5, 2, 4)  # the day's monster roll 5; re-rolled 2; re-rolled again 4
    days.apply(NextDay())
    assert days.log[len(days.log) - 1].label == "day 1: monster roll" and days.prowling  # 5: prowling
    days.apply(PlayMiracle("Amazon", "FIGHT H5**"))
    assert not days.prowling and days.day == 1  # the day played again with the 2
    days.apply(PlayMiracle("Amazon"))
    assert days.miracle_roll == {"roll": len(days.log) - 5, "label": "day 1: monster roll", "kept": 2}
    assert days.characters[0].wounds == 2


def test_a_kept_reroll_after_another_action_is_left_to_the_referee():
    from magecraft.magic_realm.actions import MoveCharacter

    days = realm()
    days.apply(CastSpell("Amazon", "Miracle", chit="MOVE M4*"))
    days.apply(CastSpell("Amazon", "Miracle", chit="DUCK T3*"))
    script(days, 5, 2, 4)
    days.apply(NextDay())
    days.apply(MoveCharacter("Amazon", days.board.clearing_of("Borderland 4").id))  # the day cannot be replayed
    days.apply(PlayMiracle("Amazon"))
    assert days.prowling and days.characters[0].clearing == days.board.clearing_of("Borderland 4").id
    assert days.report[-1]["text"].endswith("what the 5 did stands (ruling MR47): the referee carries out the 2")
    days.apply(PlayMiracle("Amazon"))  # the second chit modifies the 2 chosen: its 4 is worse, the 2 stands
    assert days.miracle_roll is not None and days.miracle_roll["kept"] == 2
    assert "2 re-rolled 4, 2 kept (the lower)" in days.report[-1]["text"]


def test_a_miracle_chit_must_exist_before_the_roll():
    days = realm()
    refused(days, PlayMiracle("Amazon"), "holds no Miracle chit")
    script(days, 5)
    days.apply(NextDay())
    days.apply(CastSpell("Amazon", "Miracle", chit="MOVE M4*"))
    refused(days, PlayMiracle("Amazon"), "pre-existing before the roll to be affected")
    refused(days, PlayMiracle("Amazon", keep="middle"), "the best roll")


def test_an_unplayed_miracle_chit_goes_to_the_wound_box_at_any_time():
    days = realm()
    days.apply(CastSpell("Amazon", "Miracle", chit="BERSERK T2*"))
    refused(days, WoundMiracle("Amazon", "MOVE M4*"), "no Miracle chit made of 'MOVE M4\\*'")
    days.apply(WoundMiracle("Amazon", "berserk t2*"))
    assert days.characters[0].miracles == [] and days.characters[0].wounds == 1
    assert days.report[-1]["text"] == "Amazon puts the Miracle chit in the wound box: BERSERK T2* is wounded"
    refused(days, WoundMiracle("Amazon"), "holds no Miracle chit")


def test_the_referee_casts_and_plays_a_miracle_at_the_prompt(monkeypatch, capsys, tmp_path):
    days = realm()
    script(days, 5, 1)
    db = tmp_path / "s.db"
    SaveStore(db).create("m", "magic_realm", "game", days.to_dict())
    answers = ("cast miracle Amazon: MAGIC II3* with MAGIC II3*\n"
               "cast miracle Amazon: FIGHT H5** with MAGIC II3*\n1\nmiracle Amazon\nquit\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["magic-realm", "play", "--load", "m", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "MAGIC II3* cast the spell and is fatigued" in out and "Miracle chits: FIGHT H5**" in out
    assert "Amazon plays a Miracle (FIGHT H5**) on day 1: monster roll: 5 re-rolled 1, 1 kept" in out
    state = SaveStore(db).load("m", "magic_realm").state
    assert state["characters"][0]["miracles"] == [] and state["miracle_roll"]["kept"] == 1
