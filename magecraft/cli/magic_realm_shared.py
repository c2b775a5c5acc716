"""What the ``magic-realm`` command modules share: the odds, Miracle and dice options, and how odds and a
Miracle's set-aside rolls are shown.

:mod:`magecraft.cli.magic_realm` (the group) and :mod:`magecraft.cli.magic_realm_gamble` both import it;
neither imports the other's names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from magecraft.cli.options import console, print_json

if TYPE_CHECKING:
    from fractions import Fraction

    from magecraft.magic_realm.table_dice import RealmSettings

OddsOption = Annotated[bool, typer.Option("--odds", help="Show the exact odds instead of rolling.")]
MiracleOption = Annotated[
    int,
    typer.Option("--miracle", min=0, max=9, metavar="COUNT",
                 help="Miracle chits played on the roll: each re-rolls it, the better kept (Miracle 3, MR11)."),
]
OneDieOption = Annotated[
    bool,
    typer.Option("--one-die", help="Roll the tables on one die, not the base game's high die of two (MR49)."),
]
KeepOption = Annotated[
    str, typer.Option("--keep", help="Which roll a Miracle chit keeps: low or high (MR11).")
]


def miracle_text(set_aside: tuple[int | str, ...], keep: str = "low") -> str:
    """The rolls Miracle chits set aside, in words (empty when none was played)."""
    if not set_aside:
        return ""
    which = "lower" if keep == "low" else "higher"
    return f" (Miracle: {', '.join(str(s) for s in set_aside)} set aside, the {which} kept)"


def realm_settings(one_die: bool) -> RealmSettings:
    """The realm's house rules a command was given (ruling MR49: the dice of the tables)."""
    from magecraft.magic_realm.table_dice import RealmSettings

    return RealmSettings(one_die=one_die)


def percent(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p):.2%})"


def odds_out(title: str, odds: dict[str, Fraction], json_out: bool, extra: dict[str, Any] | None = None) -> None:
    """Exact odds as JSON or as a table of fractions and percentages, with any ``extra`` lines."""
    if json_out:
        print_json({"odds": {k: str(v) for k, v in odds.items()}, **(extra or {})})
        return
    out = console()
    out.print(f"[bold]{title}[/bold]")
    for result, p in odds.items():
        out.print(f"  {percent(p):>18}  {result}")
    for key, value in (extra or {}).items():
        out.print(f"  {key}: {value}")
