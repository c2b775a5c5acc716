"""``magecraft magic-realm gamble``: the lottery and dice at the INN, GUARD or S CAMPFIRE (seed 002, 6.1).

Registered on the ``magic-realm`` group by :mod:`magecraft.cli.magic_realm`; the odds and Miracle options
are :mod:`magecraft.cli.magic_realm_shared`'s; the rules live in :mod:`magecraft.magic_realm.trade`.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from magecraft.cli.magic_realm_shared import (
    MiracleOption,
    OddsOption,
    OneDieOption,
    miracle_text,
    odds_out,
    percent,
    realm_settings,
)
from magecraft.cli.options import (
    DiceOption,
    JsonOption,
    PhysicalOption,
    SeedOption,
    console,
    make_randomness,
    print_json,
)

gamble_app = typer.Typer(help="Gambling at the INN, GUARD or S CAMPFIRE (6.1).", no_args_is_help=True)


@gamble_app.command("lottery")
def lottery_command(
    tickets: Annotated[int, typer.Option("--tickets", min=1, max=1296, help="Tickets bought (1 gold each).")] = 1,
    numbers: Annotated[str | None, typer.Option("--numbers", help="Your numbers, e.g. 1234,6616.")] = None,
    at: Annotated[str, typer.Option("--at", help="INN, GUARD or S CAMPFIRE (6.1).")] = "INN",
    miracle: MiracleOption = 0,
    odds: OddsOption = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """The lottery (6.1/1): four-digit numbers of 1-6; a match of the evening's four dice wins 500 gold."""
    from magecraft.magic_realm.trade import (
        LOTTERY_PRIZE,
        lottery,
        lottery_expected_gold,
        lottery_odds,
        lottery_ticket,
    )

    chosen = [n.strip() for n in numbers.split(",")] if numbers else []
    rng = make_randomness(seed, dice, physical_dice) if not odds else None
    if not chosen:
        # Distinct numbers picked for the player: 1111, 1112, ... (the best a buyer can do).
        chosen = [lottery_ticket(i) for i in range(tickets)]
    distinct = len(set(chosen))
    chance = lottery_odds(distinct)
    if odds:
        odds_out(
            f"Lottery, {distinct} distinct ticket(s)",
            {f"win {LOTTERY_PRIZE} gold": chance, "lose": 1 - chance},
            json_out,
            {"expected gold": str(lottery_expected_gold(chosen))},
        )
        return
    assert rng is not None
    result = lottery(rng, chosen, at=at, miracles=miracle)
    if json_out:
        print_json(
            {
                "drawn": result.drawn,
                "won": result.won,
                "cost": result.cost,
                "prize": result.prize,
                "chance": str(chance),
                "miracle_set_aside": list(result.miracle),
            }
        )
        return
    verdict = f"wins {result.prize} gold" if result.won else "no match"
    console().print(
        f"lottery: the dice make {result.drawn}"
        + (f" (Miracle: {', '.join(result.miracle)} set aside)" if result.miracle else "")
        + f"; {len(chosen)} ticket(s) ({result.cost} gold): "
        f"{verdict} (chance {percent(chance)})"
    )


@gamble_app.command("dice")
def dice_command(
    high: Annotated[bool, typer.Option("--ten-gold", help="Stake 10 gold to roll at -1.")] = False,
    cheat: Annotated[bool, typer.Option("--cheat", help="Roll to cheat first.")] = False,
    cheat_bonus: Annotated[
        int,
        typer.Option(
            "--cheat-bonus", min=-10, max=0, help="Your permanent cheating modifier (each cheating roll of 1: -1)."
        ),
    ] = 0,
    at: Annotated[str, typer.Option("--at", help="INN, GUARD, S CAMPFIRE or Gambler.")] = "INN",
    guild_member: Annotated[
        bool, typer.Option("--thief-guild", help="The Thief Guild's -1 to cheating rolls (9.2).")
    ] = False,
    miracle: MiracleOption = 0,
    odds: OddsOption = False,
    one_die: OneDieOption = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Playing dice (6.1/2): 5 gold a roll, or 10 gold at -1; a successful cheat gives another -1."""
    from magecraft.magic_realm.trade import (
        cheat_odds,
        check_gambling_place,
        dice_expected_gold,
        dice_odds,
        play_dice,
    )

    check_gambling_place(at)
    rules = realm_settings(one_die)
    if odds:
        result_odds = dice_odds(high_stake=high, cheated=False, settings=rules)
        extra = {"expected gold": str(dice_expected_gold(high_stake=high, settings=rules))}
        if cheat:
            extra["cheating roll"] = ", ".join(
                f"{k}: {v}" for k, v in cheat_odds(cheat_bonus, thief_guild=guild_member, settings=rules).items()
            )
        odds_out("Playing dice", result_odds, json_out, extra)
        return
    result = play_dice(
        make_randomness(seed, dice, physical_dice),
        at=at,
        high_stake=high,
        cheat=cheat,
        cheat_bonus=cheat_bonus,
        thief_guild=guild_member,
        miracles=miracle,
        settings=rules,
    )
    if json_out:
        print_json(_dice_json(result))
        return
    _print_dice(result, rules, cheat_bonus)


def _dice_json(result: Any) -> dict[str, Any]:
    return {
        "stake": result.stake,
        "cheat": result.cheat,
        "raw": result.raw,
        "modifier": result.modifier,
        "total": result.total,
        "gold": result.gold,
        "friendliness_change": result.friendliness_change,
        "enemy": result.enemy,
        "cheat_bonus": result.cheat_bonus_after,
        "miracle_set_aside": list(result.miracle),
    }


def _print_dice(result: Any, rules: Any, cheat_bonus: int) -> None:
    from magecraft.magic_realm.table_dice import dice_text

    out = console()
    if result.cheat:
        out.print(f"cheating: {result.cheat}")
    if result.raw:
        out.print(
            f"dice: {dice_text(rules)} = {result.raw}{miracle_text(result.miracle)} {result.modifier:+d} = "
            f"{result.total}: "
            f"{result.gold} gold "
            f"(staked {result.stake})"
        )
    if result.cheat_bonus_after != cheat_bonus:
        out.print(f"from now on your cheating rolls are at {result.cheat_bonus_after}")
