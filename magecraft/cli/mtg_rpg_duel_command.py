"""``mtg-rpg duel``: the duel's options and help, with no rules imported (issue 23 item 5: its help page
loads only the ritual's named terms, :mod:`magecraft.mtg_rpg.duel_ritual`); the duel itself is
:func:`magecraft.cli.mtg_rpg_duel.run_duel`, imported when the command runs.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Magic Dueling Rules" and "Quick Duels".
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from magecraft.cli.mtg_rpg_common import CardsFileOption, HouseRulesOption
from magecraft.cli.options import (
    AllowUndoOption,
    DbOption,
    DiceOption,
    JsonOption,
    LoadOption,
    OverwriteOption,
    SaveOption,
    SeedOption,
)
from magecraft.mtg_rpg.duel_ritual import KINDS, STAKES, STANDARD, VICTORY_CONDITIONS

FirstArgument = Annotated[str | None, typer.Argument(
    help="A saved Wizard, or 'referee' for a built-in referee deck (not with --load).")]
SecondArgument = Annotated[str | None, typer.Argument(
    help="A saved Wizard, or 'referee-2' for a built-in referee deck (not with --load).")]
KindOption = Annotated[str, typer.Option("--kind", help=f"One of {', '.join((*KINDS, STANDARD))}.")]
TurnsOption = Annotated[int | None, typer.Option(
    "--turns", help="Turns of a limited-turns duel: 5, 7, 10 or 15 (default 5).")]
VictoryOption = Annotated[str, typer.Option("--victory", help=f"One of {', '.join(VICTORY_CONDITIONS)}.")]
StakesOption = Annotated[str, typer.Option("--stakes", help=f"One of {', '.join(STAKES)}.")]
UnpaidOption = Annotated[bool, typer.Option("--unpaid", help="The loser does not honour the stakes.")]
GoldOption = Annotated[int, typer.Option(
    "--gold", min=0, help="The gold at stake (--stakes gold/treasure/money).")]
DryRunOption = Annotated[bool, typer.Option(
    "--dry-run", help="Play and report the duel without writing the Wizards' sheets.")]
OutsideHelpOption = Annotated[str | None, typer.Option(
    "--outside-help", help="A Wizard whose familiar, cohort or retainer joined in (loses).")]
PlayAsOption = Annotated[str | None, typer.Option(
    "--play-as", help="Choose this Wizard's cards yourself (the other plays itself).")]
AlsoOption = Annotated[list[str] | None, typer.Option(
    "--also", help="Another Wizard (or 'referee-3') in a quick duel of three or more, each for themselves.")]
PrepareOption = Annotated[list[str] | None, typer.Option(
    "--prepare", help="WIZARD=SPELL: the spell a Wizard with Spell Preparation puts in hand first.")]
AtTableOption = Annotated[bool, typer.Option(
    "--at-table", help="Played with real cards at the table (always for --kind standard).")]
LifeOption = Annotated[list[str] | None, typer.Option(
    "--life", help="WIZARD=N: life left after a duel at the table (asked when not given).")]
DamageOption = Annotated[list[str] | None, typer.Option(
    "--damage", help="WIZARD=N: damage a Wizard dealt in a duel at the table.")]
FirstBloodOption = Annotated[str | None, typer.Option("--first-blood", help="Who drew first blood at the table.")]
OutOption = Annotated[str | None, typer.Option("--out", help="Who fell unconscious or yielded at the table.")]
SpentOption = Annotated[list[str] | None, typer.Option(
    "--spent", help="WIZARD=CARD: a card that went to the graveyard in a duel at the table.")]
AnteOption = Annotated[list[str] | None, typer.Option(
    "--ante", help="WIZARD=CARD: the ante card put up in a duel at the table.")]
ScenarioOption = Annotated[Path | None, typer.Option(
    "--scenario", help="Start the quick duel from a scenario file's position (docs/scenarios).")]


def duel_command(
    first: FirstArgument = None, second: SecondArgument = None, kind: KindOption = "single-card",
    turns: TurnsOption = None, victory: VictoryOption = "most life",
    stakes: StakesOption = "honor or bragging rights", unpaid: UnpaidOption = False, gold: GoldOption = 0,
    dry_run: DryRunOption = False, outside_help: OutsideHelpOption = None, play_as: PlayAsOption = None,
    also: AlsoOption = None, prepare: PrepareOption = None, at_table: AtTableOption = False,
    life: LifeOption = None, damage: DamageOption = None, first_blood: FirstBloodOption = None,
    out: OutOption = None, spent: SpentOption = None, ante_card: AnteOption = None,
    scenario: ScenarioOption = None, seed: SeedOption = None, dice: DiceOption = None, db: DbOption = None,
    cards_file: CardsFileOption = None, house_rules: HouseRulesOption = None, save: SaveOption = None,
    load: LoadOption = None, overwrite: OverwriteOption = False, json: JsonOption = False,
    allow_undo: AllowUndoOption = False,
) -> None:
    """The duel ritual and a quick duel played to the end, both Wizards choosing their cards simply.

    FIRST challenges, SECOND (the defender) states the length (--kind, --turns) and the victory
    conditions (--victory); FIRST proclaims the stakes (--stakes).  A standard (full deck) duel, or
    any limited-turns duel with --at-table, is played with real cards: enter the outcome with
    --life, --damage, --first-blood, --out, --spent and --ante (ruling R17).  A duel stopped at the
    prompt of --play-as with --save NAME goes on with --load NAME, on the terms it was started with.

    \b
    Examples:
      magecraft mtg-rpg duel Sarin referee --kind three-card --seed 7
      magecraft mtg-rpg duel Sarin Mord --play-as Sarin --save eve
      magecraft mtg-rpg duel Sarin Mord --kind standard --life Sarin=12 --life Mord=0
      magecraft mtg-rpg duel --scenario docs/scenarios/mtg-rpg-duel-three-card-interrupt.toml --play-as Mord
    """
    from magecraft.cli.mtg_rpg_duel import run_duel

    run_duel(first=first, second=second, kind=kind, turns=turns, victory=victory, stakes=stakes, unpaid=unpaid,
             gold=gold, dry_run=dry_run, outside_help=outside_help, play_as=play_as, also=also, prepare=prepare,
             at_table=at_table, life=life, damage=damage, first_blood=first_blood, out=out, spent=spent,
             ante_card=ante_card, scenario=scenario, seed=seed, dice=dice, db=db, cards_file=cards_file,
             house_rules=house_rules, save=save, load=load, overwrite=overwrite, json=json, allow_undo=allow_undo)
