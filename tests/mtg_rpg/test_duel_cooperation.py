"""Spell Cooperation inside a duel: held initiatives, one phase (seed 000, FEATS "Spell Cooperation";
ruling R18)."""

import json
from dataclasses import replace

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.character import CharacterRecord, TakenFeat, example_character, save_character
from magecraft.mtg_rpg.scene import check_cooperators, cooperation_phases

COOP = (TakenFeat("Spell Cooperation"),)


def test_the_earlier_wizard_holds_to_act_in_the_later_ones_phase() -> None:
    # initiative Sarin, troll, Mord, wolf: Sarin holds and casts with Mord in Mord's phase
    assert cooperation_phases(["Sarin", "troll", "Mord", "wolf"], ["Mord", "Sarin"]) == [
        ("troll",), ("Sarin", "Mord"), ("wolf",)]
    # held further, until just after the wolf
    assert cooperation_phases(["Sarin", "troll", "Mord", "wolf"], ["Sarin", "Mord"], acts_at="wolf") == [
        ("troll",), ("wolf",), ("Sarin", "Mord")]


def test_an_initiative_is_held_never_advanced() -> None:
    with pytest.raises(RuleError, match="Mord cannot act before its initiative, in Sarin's phase"):
        cooperation_phases(["Sarin", "troll", "Mord"], ["Sarin", "Mord"], acts_at="Sarin")
    with pytest.raises(RuleError, match="in troll's phase"):
        cooperation_phases(["Sarin", "troll", "Mord"], ["Sarin", "Mord"], acts_at="troll")
    with pytest.raises(InputError, match="two or more"):
        cooperation_phases(["Sarin", "Mord"], ["Sarin"])
    with pytest.raises(InputError, match="Tev not in it"):
        cooperation_phases(["Sarin", "Mord"], ["Sarin", "Tev"])


def test_each_cooperating_wizard_needs_the_feat_and_the_card() -> None:
    sarin = replace(example_character(), feats=COOP, library=("Lava Axe",))
    check_cooperators([sarin, replace(sarin, name="Mord")], "lava axe")
    with pytest.raises(RuleError, match="Mord does not have the Spell Cooperation feat"):
        check_cooperators([sarin, replace(sarin, name="Mord", feats=())], "Lava Axe")
    with pytest.raises(RuleError, match="Mord does not have Lava Axe in the spell deck"):
        check_cooperators([sarin, replace(sarin, name="Mord", library=("Shock",))], "Lava Axe")


def test_cli_cooperate(tmp_path, capsys) -> None:
    db = tmp_path / "s.sqlite3"
    store = SaveStore(db)
    for name, feats in (("Sarin", COOP), ("Mord", COOP), ("Tev", ())):
        wizard = replace(example_character(), name=name, feats=feats, library=("Lava Axe",) * 10)
        save_character(store, CharacterRecord(wizard, Randomness.seeded(1), {}))
    code = main(["mtg-rpg", "tactics", "cooperate", "Lava Axe", "--order", "Sarin,troll,Mord", "--wizard", "Sarin",
                 "--wizard", "Mord", "--db", str(db), "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert json.loads(out.out) == {"spell": "Lava Axe", "phases": [["troll"], ["Sarin", "Mord"]]}
    assert main(["mtg-rpg", "tactics", "cooperate", "Lava Axe", "--order", "Sarin,Tev", "--wizard", "Sarin",
                 "--wizard", "Tev", "--db", str(db)]) == 1
    assert "Tev does not have the Spell Cooperation feat" in capsys.readouterr().err
