"""The banquet at the terminal: rolls with their arithmetic, the nobles panel and legend, the end in words."""

from __future__ import annotations

import json

from rich.console import Console
from wp_helpers import path

from magecraft.cli.app import main
from magecraft.cli.wizard_prince import BanquetTable, board, ending_in_words, event_line, nobles_panel
from magecraft.wizard_prince.actions import Mingle

EMPEROR = ("emperor", "white", "a4")


def text(renderable, width: int = 200) -> str:
    console = Console(width=width, record=True)
    console.print(renderable)
    return console.export_text()


def test_black_magic_shows_its_dice_product_and_each_save_its_target(arrange):
    # damage 3x4 = 12; Ann saves (12 against 12) for half; Bob fails (3).  The courtier at d5 rolls 3,
    # the Praetorian at e6 rolls 4.
    banquet = arrange({"Ann": "e4", "Bob": "f6", "Cid": "g7"},
                      [EMPEROR, ("courtier", "black", "e5", "black_magic"), ("courtier", "white", "d5", "butler"),
                       ("praetorian", "white", "e6")],
                      dice=[3, 4, 12, 3, 3, 4], sheets={"Bob": {"hit_points": 10}})
    banquet.apply(Mingle(path("e5")))
    lines = [event_line(e) for e in banquet.log]
    shown = [BanquetTable(banquet, {}, {}).event_line(e) for e in banquet.log]
    assert not any(line and "rolled 12 on 1d20" in line for line in shown)   # the save line shows the roll
    ann = banquet.nobles["Ann"].save_targets["spell"]
    bob = banquet.nobles["Bob"].save_targets["spell"]
    assert "Black Magic deals Ann 6 damage (1d6×1d6 = 3×4 = 12, halved by the save)" in lines
    assert "Black Magic deals Bob 12 damage (1d6×1d6 = 3×4 = 12)" in lines
    assert f"  Ann's Spell save: 1d20 = 12, needs {ann}: saves" in lines
    assert f"  Bob's Spell save: 1d20 = 3, needs {bob}: fails" in lines


def test_the_board_has_a_legend_and_the_nobles_panel_their_statistics(arrange):
    banquet = arrange({"Ann": "e4", "Bob": "f6"}, [EMPEROR, ("courtier", "black", "e5", "butler")],
                      sheets={"Bob": {"status": 3, "wealth": 2, "hit_points": 20}})
    drawn = " ".join(text(board(banquet, "Ann")).split())
    assert "K the Emperor, N a Praetorian Guard, P a white courtier, p a black courtier" in drawn
    panel = text(nobles_panel(banquet))
    for column in ("Status", "Wealth", "Legions", "Fleets", "hp", "holds", "appointment"):
        assert column in panel
    bob = next(line for line in panel.splitlines() if line.startswith("Bob"))
    assert bob.split()[:7] == ["Bob", "f6", "3", "2", "1", "1", "20"]


def test_the_nobles_panel_fits_a_terminal_of_80_columns(arrange):
    # at 80 columns the old panel cut its "appointment" heading to "appoi…" and broke "NPC 1 (NPC)" in two;
    # a campaign's nobles have longer names still ("NPC Noble 1")
    banquet = arrange({"Ann": "e4", "NPC Noble 12": "f6"}, [EMPEROR], sheets={"NPC Noble 12": {"npc": True}})
    panel = text(nobles_panel(banquet), width=80)
    assert "appointment" in panel and "Legions" in panel and "…" not in panel
    assert any(line.startswith("NPC Noble 12*") for line in panel.splitlines()) and "* an NPC noble" in panel
    assert all(len(line.rstrip()) <= 80 for line in panel.splitlines())


def test_the_end_of_banquet_report_reads_at_80_columns(capsys, monkeypatch):
    # the old report squeezed what each noble earned into a column a word wide, 13 lines a noble
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["wizard-prince", "banquet", "--auto", "--npc", "4", "--seed", "11", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    duels = {n["name"]: n["crown_prince_duels"] for n in result["nobles"] if n["crown_prince_duels"]}
    assert duels  # this seed's banquet has Crown Prince duels to report
    assert main(["wizard-prince", "banquet", "--auto", "--npc", "4", "--seed", "11"]) == 0
    report = capsys.readouterr().out.split("The banquet ends:")[1]
    assert "…" not in report
    rows = [line for line in report.splitlines() if line.startswith("NPC ")]
    assert len(rows) == 4 and all(len(row.split()) >= 7 for row in rows)
    name, levels = next(iter(duels.items()))
    said = "; ".join(f"crown prince duel (level {level})" for level in levels)
    assert f"  {name}: {said}" in report.split("Also earned:")[1]


def test_the_end_is_explained_in_words(capsys):
    args = ["wizard-prince", "banquet", "--auto", "--npc", "4", "--seed", "11"]
    assert main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert main(args) == 0
    out = capsys.readouterr().out
    war = ("no Emperor remained: civil war follows" if result["no_emperor"] else
           "two Emperors claim the throne: civil war follows" if result["two_emperors"] else
           "the Wounded Ranger was presented: barbarians invade" if result["barbarian_invasion"] else
           "one Emperor reigns: no major war")
    assert f"The banquet is over ({result['ended_by']}, turn {result['turns']})." in out
    assert war in out and "The banquet itself has no winner by the rules" in out


def test_slaying_the_emperor_ends_in_words_with_civil_war(arrange):
    banquet = arrange({"Ann": "a6", "Bob": "h8"}, [EMPEROR, ("courtier", "black", "a5", "black_magic")],
                      dice=[1, 1, 20, 2])
    banquet.apply(Mingle(path("a5")))
    assert "no Emperor remained: civil war follows" in ending_in_words(banquet)
    assert BanquetTable(banquet, {}, {}).ending() == ending_in_words(banquet)


def test_nobles_whose_names_start_alike_are_told_apart_on_the_board(arrange):
    # a campaign's "NPC Noble 1" and "NPC Noble 2" were both drawn "NPCN"
    banquet = arrange({"NPC Noble 1": "e4", "NPC Noble 2": "f6", "Ann": "c3"}, [EMPEROR])
    drawn = text(board(banquet, "Ann"))
    assert "NPCN" not in drawn and "NN1" in drawn and "NN2" in drawn and "Ann" in drawn
    assert "on the board NN1 NPC Noble 1, NN2 NPC Noble 2;" in " ".join(drawn.split())


def test_the_nobles_panel_stands_beside_the_board_only_on_a_wide_terminal(arrange, monkeypatch):
    from rich.columns import Columns

    banquet = arrange({"Ann": "e4", "Bob": "f6"}, [EMPEROR])
    table = BanquetTable(banquet, {}, {})
    monkeypatch.setenv("COLUMNS", "80")
    narrow = table.render("Ann")
    assert len(narrow) == 2 and "Bob" in text(narrow[1])     # the board, then the panel under it
    monkeypatch.setenv("COLUMNS", "160")
    (wide,) = table.render("Ann")
    assert isinstance(wide, Columns)
    stacked = sum(len(text(part).splitlines()) for part in narrow)
    beside = Console(width=160, record=True)
    beside.print(wide)
    assert len(beside.export_text().splitlines()) == len(text(narrow[0]).splitlines())  # as tall as the board
    assert stacked > len(text(narrow[0]).splitlines())
