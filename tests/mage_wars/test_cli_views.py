"""What the terminal shows of an attack: the dice on one line with their faces, the effect die with its row."""

from rich.console import Console

from magecraft.cli.mage_wars import SoloTable, spellbook_table
from magecraft.mage_wars.combat import resolve_attack
from magecraft.mage_wars.units import DUMMY, YOU


def shown(table: SoloTable) -> list[str]:
    console = Console(width=200, record=True)
    for event in table.game.log:
        line = table.event_line(event)
        if line is not None:
            console.print(line)
    return console.export_text().splitlines()


def test_attack_dice_are_one_line_with_faces_and_the_effect_die_names_its_row(build):
    # The Tegu's Venomous Bite (3 dice; effect 8-12: 1 Rot) at your Fox: faces 5 (1 critical), 1 (blank),
    # 4 (2); the Fox survives, and the effect die comes up 9.
    game = build([5, 1, 4, 9], you="D3", dummy="A1", stage="creatures",
                 creatures=[(DUMMY, "Emerald Tegu", "B2", 0), (YOU, "Bitterwood Fox", "B2", 0)])
    tegu, fox = game.units["d1"], game.units["y2"]
    resolve_attack(game, tegu, tegu.attack_named("Venomous Bite"), fox)
    lines = shown(SoloTable(game))
    assert ("  Emerald Tegu (d1)'s Venomous Bite at Bitterwood Fox (y2): 3 dice: [1★][ ][2] = 2 normal + 1 "
            "critical") in lines
    assert ("  Emerald Tegu (d1)'s Venomous Bite at Bitterwood Fox (y2): effect die: rolled 9 on 1d12, row 8-12: "
            "1 Rot") in lines
    assert not any("attack die" in line for line in lines)       # the single dice are not listed one by one


def test_spell_numbers_stay_when_a_spell_is_used_up():
    numbers = ["Fireball", "Jet Stream", "Timber Wolf"]
    console = Console(width=120, record=True)
    console.print(spellbook_table(["Fireball", "Timber Wolf"], numbers))
    rows = [line.split()[:2] for line in console.export_text().splitlines()[1:]]
    assert rows == [["1", "Fireball"], ["3", "Timber"]]          # Jet Stream is used up; Timber Wolf keeps 3
