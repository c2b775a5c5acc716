"""The betting on a chariot race ("Low Stakes Gambling", "High Stakes Gambling", "Throwing the Race").

Each charioteer has 1d12 x 1,000 gp bet on him, +1d4 x 1,000 for the highest level, the highest
Strength and the highest Dexterity (each tied charioteer gets his own 1d4, ruling WR19); a famous
race has ten times the bets.  The odds are figured from the gold bet (pari-mutuel): the odds against
a charioteer are the gold bet on the others to the gold bet on him.  A player's bet pays his stake
back plus the stake times those odds, rounded down to the gold piece (WR20).  Player bets change the
odds only when one player bets more than 2,000 gp (20,000 in a famous race) on the race.

>>> book = Book(pools={"Ann": 3000, "Bob": 9000})
>>> book.odds("Ann"), book.odds("Bob")
(Fraction(3, 1), Fraction(1, 3))
>>> book.gold_payout(1000, "Ann")
4000
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.race.actions import (
    Bet,
    BetAction,
    SideBet,
    WealthBet,
    action_from_dict,
    action_to_dict,
)
from magecraft.wizard_prince.race.sections import HIGH_STAKES, LOW_STAKES, THROWING

UNITS = ("gp", "wealth")


@dataclass(slots=True)
class Book:
    """The gold bet on each charioteer, and the players' bets.

    ``pools`` are the crowd's gold by charioteer; ``drivers`` the player nobles who drive (they may
    bet only on themselves); ``wealth`` each player noble's Wealth level (for Wealth bets).
    """

    pools: dict[str, int]
    famous: bool = False
    refigure_over: int = 2_000
    drivers: tuple[str, ...] = ()
    wealth: dict[str, int] = field(default_factory=dict)
    bets: list[BetAction] = field(default_factory=list)

    @classmethod
    def roll(
        cls,
        charioteers: Mapping[str, Mapping[str, int]],
        rng: Randomness,
        *,
        famous: bool,
        multiplier: int,
        refigure_over: int,
        drivers: Iterable[str] = (),
        wealth: Mapping[str, int] | None = None,
    ) -> Book:
        """The crowd's bets: ``charioteers`` maps each name to his ``level``, ``strength`` and ``dexterity``."""
        scale = 1000 * (multiplier if famous else 1)
        pools = {
            name: rng.roll(12, f"gold bet on {name} (1d12 x {scale:,} gp)", section=LOW_STAKES) * scale
            for name in charioteers
        }
        for stat, what in (
            ("level", "highest level"),
            ("strength", "highest Strength"),
            ("dexterity", "highest Dexterity"),
        ):
            best = max(c[stat] for c in charioteers.values())
            for name, c in charioteers.items():
                if c[stat] == best:
                    pools[name] += (
                        rng.roll(4, f"{what}: more gold on {name} (1d4 x {scale:,} gp)", section=LOW_STAKES)
                        * scale
                    )
        book = cls(pools, famous, refigure_over, tuple(drivers), dict(wealth or {}))
        rng.log.record("bets", "the crowd's bets", section=LOW_STAKES, data={"pools": dict(pools)})
        return book

    # -- odds -------------------------------------------------------------------------------
    def refigured(self) -> bool:
        """Has one player bet more than the limit on this race (all his gold bets together, WR21)?"""
        totals: dict[str, int] = {}
        for bet in self.bets:
            if isinstance(bet, Bet):
                totals[bet.bettor] = totals.get(bet.bettor, 0) + bet.gold
        return any(total > self.refigure_over for total in totals.values())

    def figured_pools(self) -> dict[str, int]:
        """The gold the odds are figured from: the crowd's, plus the players' once re-figured."""
        pools = dict(self.pools)
        if self.refigured():
            for bet in self.bets:
                if isinstance(bet, Bet):
                    pools[bet.on] += bet.gold
        return pools

    def odds(self, on: str) -> Fraction:
        """The odds against ``on`` winning, as gold bet on the others per gold bet on him (exact)."""
        pools = self.figured_pools()
        return Fraction(sum(pools.values()) - pools[on], pools[on])

    def gold_payout(self, stake: int, on: str) -> int:
        """What a winning bet of ``stake`` gp on ``on`` returns: stake plus winnings, rounded down (WR20)."""
        return stake + int(stake * self.odds(on))

    # -- bets -------------------------------------------------------------------------------
    def check(self, bet: BetAction) -> None:
        """Refuse a bet the rules do not allow, naming the rule; change nothing."""
        names = [bet.on] + ([bet.backer, bet.layer] if isinstance(bet, SideBet) else [bet.bettor])
        if bet.on not in self.pools:
            raise RuleError(f"{bet.on!r} is not driving in this race", rule="Betting", section=LOW_STAKES)
        if isinstance(bet, Bet):
            if type(bet.gold) is not int or bet.gold < 1:
                raise RuleError(
                    "a bet is a whole number of gold pieces, at least 1", rule="Betting", section=LOW_STAKES
                )
            self._not_against_himself(bet.bettor, bet.on)
        elif isinstance(bet, WealthBet):
            self._check_wealth_bet(bet)
        else:
            self._check_side_bet(bet)
        for name in names[1:]:
            if name not in self.wealth:
                raise RuleError(f"{name!r} is not a player noble at this race", rule="Betting", section=LOW_STAKES)

    def _check_wealth_bet(self, bet: WealthBet) -> None:
        """One Wealth level against the house, at 1 to 1 only ("High stakes")."""
        self._not_against_himself(bet.bettor, bet.on)
        if type(bet.wealth) is not int or bet.wealth < 1:
            raise RuleError("a Wealth bet stakes whole Wealth levels, at least 1", rule="High stakes",
                            section=HIGH_STAKES)
        if bet.wealth > 1:
            raise RuleError(f"a nobleman can bet a maximum of one Wealth level against the house, not "
                            f"{bet.wealth}", rule="High stakes", section=HIGH_STAKES)
        if self.wealth.get(bet.bettor, 0) < 1:
            raise RuleError(
                f"{bet.bettor} has no Wealth level to bet", rule="High stakes", section=HIGH_STAKES
            )
        if any(isinstance(b, WealthBet) and b.bettor == bet.bettor for b in self.bets):
            raise RuleError(
                f"{bet.bettor} has already bet his one Wealth level against the house",
                rule="High stakes",
                section=HIGH_STAKES,
            )
        if self.odds(bet.on) < 1:
            raise RuleError(
                f"the house takes Wealth bets only at 1 to 1, and {bet.on} is odds-on "
                f"({odds_text(self.odds(bet.on))})",
                rule="High stakes",
                section=HIGH_STAKES,
            )

    def _check_side_bet(self, bet: SideBet) -> None:
        """A side bet between two player nobles, in gp or Wealth, no driver laying against a charioteer
        ("Betting", "High stakes", "Throwing the race")."""
        if bet.unit not in UNITS:
            raise RuleError(
                f"bets of {bet.unit} are crass and will not be honoured: bet gp or wealth",
                rule="High stakes",
                section=HIGH_STAKES,
            )
        if bet.backer == bet.layer:
            raise RuleError("a side bet is between two nobles", rule="Betting", section=LOW_STAKES)
        for stake in (bet.backer_stake, bet.layer_stake):
            if type(stake) is not int or stake < 1:
                raise RuleError("stakes are whole numbers, at least 1", rule="Betting", section=LOW_STAKES)
        self._not_against_himself(bet.backer, bet.on)
        if bet.layer in self.drivers:
            raise RuleError(
                f"{bet.layer} drives in this race and may not lay against a charioteer "
                f"(he would gain by losing)",
                rule="Throwing the race",
                section=THROWING,
            )
        if bet.unit == "wealth":
            for noble, stake in ((bet.backer, bet.backer_stake), (bet.layer, bet.layer_stake)):
                if self.wealth.get(noble, 0) < stake:
                    raise RuleError(
                        f"{noble} has Wealth {self.wealth.get(noble, 0)}, not {stake} to bet",
                        rule="High stakes",
                        section=HIGH_STAKES,
                    )

    def _not_against_himself(self, bettor: str, on: str) -> None:
        if bettor in self.drivers and on != bettor:
            raise RuleError(
                f"{bettor} drives in this race and may bet only on himself, not on {on}",
                rule="Throwing the race",
                section=THROWING,
            )

    def add(self, bet: BetAction) -> None:
        self.bets.append(bet)

    def settle(self, winner: str) -> dict[str, dict[str, int]]:
        """Each player noble's net gain in gold and Wealth; with no winner every stake is returned (WR18)."""
        out = {name: {"gp": 0, "wealth": 0} for name in self.wealth}
        if not winner:
            return out
        for bet in self.bets:
            if isinstance(bet, Bet):
                out[bet.bettor]["gp"] += (
                    self.gold_payout(bet.gold, bet.on) - bet.gold if bet.on == winner else -bet.gold
                )
            elif isinstance(bet, WealthBet):
                out[bet.bettor]["wealth"] += bet.wealth if bet.on == winner else -bet.wealth
            else:
                won = bet.on == winner
                out[bet.backer][bet.unit] += bet.layer_stake if won else -bet.backer_stake
                out[bet.layer][bet.unit] += -bet.layer_stake if won else bet.backer_stake
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "pools": dict(self.pools),
            "famous": self.famous,
            "refigure_over": self.refigure_over,
            "drivers": list(self.drivers),
            "wealth": dict(self.wealth),
            "bets": [action_to_dict(b) for b in self.bets],
        }

    @classmethod
    def from_dict(cls, raw: Any) -> Book:
        try:
            bets: list[BetAction] = []
            for item in raw["bets"]:
                bet = action_from_dict(item)
                if not isinstance(bet, Bet | SideBet | WealthBet):
                    raise DataError("a saved bet is not a bet")
                bets.append(bet)
            pools = {str(k): int(v) for k, v in raw["pools"].items()}
            return cls(
                pools,
                bool(raw["famous"]),
                int(raw["refigure_over"]),
                tuple(str(d) for d in raw["drivers"]),
                {str(k): int(v) for k, v in raw["wealth"].items()},
                bets,
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"saved betting book is malformed: {exc}") from None


def odds_text(odds: Fraction) -> str:
    """Odds as a bookmaker writes them: ``7:2`` against."""
    return f"{odds.numerator}:{odds.denominator}"
