"""Exact odds (issue 28): dice expressions, tables and Mage Wars attacks, against hand-worked values and
against counting every outcome one by one."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from magecraft.cli.app import main
from magecraft.core.odds import Odds, table_odds
from magecraft.core.tables import get_table, load_tables
from magecraft.mage_wars.odds import attack_odds


def counted(sides: list[int], total: callable) -> dict[int, Fraction]:  # type: ignore[valid-type]
    outcomes = list(itertools.product(*(range(1, s + 1) for s in sides)))
    out: dict[int, Fraction] = {}
    for dice in outcomes:
        value = total(dice)
        out[value] = out.get(value, Fraction(0)) + Fraction(1, len(outcomes))
    return out


@pytest.mark.parametrize("expression, sides, total", [
    ("3d6", [6, 6, 6], sum),
    ("2d6h1", [6, 6], max),
    ("2d6l1+1", [6, 6], lambda d: min(d) + 1),
    ("1d6x1d6", [6, 6], lambda d: d[0] * d[1]),
    ("(1d4+1)x2", [4], lambda d: (d[0] + 1) * 2),
    ("1d8/2", [8], lambda d: d[0] // 2),
    ("3d6h2-1d4", [6, 6, 6, 4], lambda d: sum(sorted(d[:3])[1:]) - d[3]),
    ("-1d6+7", [6], lambda d: 7 - d[0]),
])
def test_every_expression_matches_counting_every_outcome(expression, sides, total) -> None:
    assert dict(Odds.of(expression).chances) == counted(sides, total)


def test_hand_worked_chances() -> None:
    assert Odds.of("3d6").at_least(12) == Fraction(3, 8)
    assert Odds.of("1d6x1d6").at_most(4) == Fraction(2, 9)  # 8 of the 36 pairs
    assert Odds.of("40%").chances == {1: Fraction(2, 5), 0: Fraction(3, 5)}
    assert Odds.of("2d6").standard_deviation == pytest.approx((35 / 6) ** 0.5)


def test_roll_odds_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "3d6", "--odds", "--target", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mean"] == 10.5 and data["target"]["chance"] == 0.375
    assert main(["roll", "2d6", "--odds", "--target", "4", "--at-most"]) == 0
    assert "chance of at most 4: 16.67% (1/6)" in capsys.readouterr().out
    assert main(["roll", "3d6", "--target", "4"]) == 2
    assert main(["roll", "300d6", "--odds"]) == 2
    assert "exact odds stop at 200" in capsys.readouterr().err


def test_every_shipped_table_has_odds_that_add_up_to_one() -> None:
    for table in load_tables().values():
        for modifier in (-2, 0, 3):
            assert sum(table_odds(table, modifier).values()) == 1, table.name


def test_table_odds_follow_the_modifier_and_the_clamp(capsys: pytest.CaptureFixture[str]) -> None:
    table = get_table("mw_attack_die")
    chances = table_odds(table)
    assert sum(chances.values()) == 1 and all(p.denominator in (3, 6) for p in chances.values())
    assert main(["table", "odds", "mw_attack_die", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["table"] == "mw_attack_die" and sum(data["chances"].values()) == pytest.approx(1)


def brute_attack(dice: int, armour: int) -> dict[int, Fraction]:
    faces = [(0, 0), (0, 0), (1, 0), (2, 0), (0, 1), (0, 2)]
    out: dict[int, Fraction] = {}
    for roll in itertools.product(faces, repeat=dice):
        normal, critical = sum(f[0] for f in roll), sum(f[1] for f in roll)
        damage = critical + max(0, normal - armour)
        out[damage] = out.get(damage, Fraction(0)) + Fraction(1, 6 ** dice)
    return out


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
@pytest.mark.parametrize("armour", [0, 1, 2, 3])
def test_mage_wars_attacks_match_counting_every_roll(dice: int, armour: int) -> None:
    assert dict(attack_odds(dice, armour).chances) == brute_attack(dice, armour)


def test_mage_wars_odds_agree_with_the_octgn_module(capsys: pytest.CaptureFixture[str]) -> None:
    odds = attack_odds(3, armour=1)
    assert odds.expected == Fraction(62, 27) and round(float(odds.kill_chance(4)), 4) == 0.1898
    assert attack_odds(3, armour=3, piercing=2).chances == attack_odds(3, armour=1).chances
    assert main(["mage-wars", "odds", "--dice", "3", "--armour", "1", "--life", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expected_fraction"] == "62/27" and round(data["kill_chance"], 4) == 0.1898
    assert main(["mage-wars", "odds", "--dice", "0"]) == 2
