"""Bounty, stealing and gambling ("4. BOUNTY", "5. STEALING", "6. GAMBLING", seed 002).

Each roll goes through the core tables (``mr_bounty``, ``mr_steal_attempt``, ``mr_steal_reward``,
``mr_playing_dice``, ``mr_cheating``); modified rolls stop at the table's ends (ruling C4).  The
odds of each are exact fractions (:func:`steal_odds`, :func:`dice_odds`, :func:`lottery_odds`), worked out by
the core's :func:`magecraft.core.odds.table_odds` on the dice the realm's settings give a table (ruling MR49).

The seed's worked example (5.2/1): the Magician records three STEAL actions at the HOUSE; rolls of
3, 3 and 4 become 3, 4 and 6 -- two successes, then caught (each roll the high die of two, ruling MR49):

>>> from magecraft.core.randomness import Randomness
>>> rng = Randomness.scripted([3, 1, 6, 2, 3, 3, 6, 6, 4, 2])
>>> day = StealingDay("Magician", "HOUSE natives")
>>> [day.attempt(rng).outcome for _ in range(3)]
['reward', 'reward', 'caught']
>>> day.friendliness
'Enemy'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from magecraft.core.errors import RuleError
from magecraft.core.odds import table_odds as table_odds  # the core's exact odds, the one way (ruling MR49's dice)
from magecraft.core.randomness import Randomness
from magecraft.core.tables import RandomTable
from magecraft.magic_realm.table_dice import DEFAULT_SETTINGS, RealmSettings, miracle_reroll, one_die, table

BOUNTY = "4. Bounty"
STEALING = "5. Stealing"
GAMBLING = "6. Gambling"

#: Friendliness levels of a native group, worst first (the base game's Meeting table columns).
FRIENDLINESS = ("Enemy", "Unfriendly", "Neutral", "Friendly", "Ally")

#: 6.1/1 the lottery: a ticket costs 1 gold, the prize is 500 gold, the number is four digits 1-6.
TICKET_GOLD, LOTTERY_PRIZE, LOTTERY_DIGITS = 1, 500, 4
#: 6.1/2 the dice: 5 gold a roll, or 10 gold to roll at -1.
DICE_GOLD, DICE_GOLD_LOW = 5, 10
#: 4.2 the Bounty Hunter: "Use 1d6 and subtract 2".
BOUNTY_HUNTER_MODIFIER = -2


def shift(level: str, steps: int) -> str:
    """A friendliness ``steps`` levels friendlier (negative: less friendly), stopping at Enemy and Ally."""
    index = FRIENDLINESS.index(level) + steps
    return FRIENDLINESS[max(0, min(len(FRIENDLINESS) - 1, index))]


# -- 4. bounty ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bounty:
    target: str
    reward: int
    dwelling: str
    miracle: tuple[int, ...] = ()  # the raw rolls Miracle re-rolls set aside
    delivered: bool = False

    @property
    def open(self) -> bool:
        """Assigned and not yet fulfilled (4.3): no new roll on the table meanwhile."""
        return self.reward > 0 and not self.delivered


#: The Bounty table's row whose target is drawn among the characters (4.2 "Random Character").
RANDOM_CHARACTER = "Random Character"


def deliver_bounty(bounty: Bounty, at: str, delivered: str) -> Bounty:
    """4.3 "To receive the reward, you must deliver the bounty to the dwelling where it was requested": the
    bounty ``delivered`` (the monster or character sought) brought to the dwelling ``at``; the reward is
    ``bounty.reward`` and the bounty returned is fulfilled, so the table may be rolled again.  A "Random
    Character" bounty whose character was not drawn (:func:`roll_bounty` without ``characters``) takes the
    character the referee names."""
    if not bounty.open:
        raise RuleError("there is no open bounty to deliver", rule="4.3", section=BOUNTY)
    if at.strip().upper() != bounty.dwelling.strip().upper():
        raise RuleError(f"the {bounty.target} bounty was requested at the {bounty.dwelling}, not the {at}",
                        rule="you must deliver the bounty to the dwelling where it was requested",
                        section=BOUNTY)
    if bounty.target != RANDOM_CHARACTER and delivered.strip().casefold() != bounty.target.casefold():
        raise RuleError(f"the bounty is the {bounty.target}, not {delivered}", rule="4.3", section=BOUNTY)
    return replace(bounty, delivered=True)


def bounty_table(*, bounty_hunter: bool = False, settings: RealmSettings = DEFAULT_SETTINGS) -> RandomTable:
    """4.2's table as rolled: on the dice ``settings`` say, or on one die for the Bounty Hunter ("Use 1d6")."""
    return one_die("mr_bounty") if bounty_hunter else table("mr_bounty", settings)


def bounty_modifier(*, bounty_hunter: bool = False) -> int:
    """What is added to a bounty roll: the Bounty Hunter's -2 ("and subtract 2"), else nothing."""
    return BOUNTY_HUNTER_MODIFIER if bounty_hunter else 0


def bounty_odds(*, bounty_hunter: bool = False, settings: RealmSettings = DEFAULT_SETTINGS) -> dict[str, Fraction]:
    """Exact odds of each bounty (4.2), the Bounty Hunter's roll a result below 1 counting as 1."""
    return table_odds(bounty_table(bounty_hunter=bounty_hunter, settings=settings),
                      bounty_modifier(bounty_hunter=bounty_hunter))


def roll_bounty(
    rng: Randomness, dwelling: str, *, open_bounty: Bounty | None = None, bounty_hunter: bool = False,
    miracles: int = 0, keep: str = "low", settings: RealmSettings = DEFAULT_SETTINGS,
    characters: Sequence[str] = (),
) -> Bounty:
    """4.2: a TRADE phase at an INN, HOUSE, L CAMPFIRE or THIEVES GUILD rolls for a bounty.

    One open bounty at a time (4.3).  The table is rolled as ``settings`` say (the base game's high die of
    two, ruling MR49); the Bounty Hunter rolls "1d6 and subtract 2", a result below 1 counting as 1.
    ``miracles`` Miracle chits played on the roll re-roll it, the ``keep`` roll kept (ruling MR11).  A
    "Random Character" is drawn among ``characters`` when they are given (the others in the game).
    """
    from magecraft.magic_realm.data import realm_lists  # the realm's data read only where it is asked

    places = realm_lists()["places"]["bounty"]
    if not bounty_hunter and dwelling.upper() not in places:
        raise RuleError(
            f"bounties are offered at the {', '.join(places)}, not at the {dwelling}", rule="4.1", section=BOUNTY
        )
    if open_bounty is not None and open_bounty.open:
        raise RuleError(
            f"the {open_bounty.target} bounty from the {open_bounty.dwelling} is still open",
            rule="you cannot roll on this table again until you have fulfilled the request",
            section=BOUNTY,
        )
    result, aside = miracle_reroll(bounty_table(bounty_hunter=bounty_hunter, settings=settings), rng,
                                   bounty_modifier(bounty_hunter=bounty_hunter), label="bounty", miracles=miracles,
                                   keep=keep)
    target = result.result
    if target == RANDOM_CHARACTER and characters:
        target = rng.choice(list(characters), "the bounty's random character", section=BOUNTY)
    return Bounty(target, int(result.data.get("reward", 0)), dwelling, aside)


# -- 5. stealing ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StealResult:
    raw: int
    modifier: int
    total: int
    outcome: str  # take, reward, suspect, caught
    loot: str | None  # the steal reward, when rolled
    gold: int
    friendliness: str
    miracle: tuple[int, ...] = ()  # the raw rolls Miracle re-rolls set aside


def steals_as_thief(character: str) -> bool:
    """13.2: whether ``character``'s card carries the Thief/Assassin's -1 to stealing rolls."""
    from magecraft.magic_realm.characters import character as card  # the cards read only when one is named

    return card(character).steal_modifier < 0


def steal_modifier(attempt: int, *, thief: bool = False, thief_guild: bool = False) -> int:
    """5.2/1 +1 per earlier attempt this day; 13.2 the Thief/Assassin -1; the Thief Guild's -1 (ruling MR3)."""
    if attempt < 1:
        raise RuleError("attempts are counted from 1", rule="5.2/1", section=STEALING)
    return (attempt - 1) - (1 if thief else 0) - (1 if thief_guild else 0)


#: 5.2/3's loot categories a native group may lack (5.2/4 "the Native group has no armor").
LOOT_KINDS = ("mount", "armor", "treasure", "gold")


class StealingDay:
    """One character's STEAL phases in one day (5.2): against ``natives`` first, or any group named to
    :meth:`attempt` -- "1 added for each previous attempt on the same day" counts every attempt of the day,
    whichever group it was against (5.2/1).  ``holds``: what the first group has to steal (``LOOT_KINDS``;
    None: everything), so that a category it lacks yields nothing (5.2/4).  ``attempt``: the number of the day's
    next attempt, when earlier ones were made elsewhere."""

    def __init__(
        self,
        character: str,
        natives: str,
        *,
        friendliness: str = "Neutral",
        thief: bool = False,
        thief_guild: bool = False,
        settings: RealmSettings = DEFAULT_SETTINGS,
        holds: Collection[str] | None = None,
        attempt: int = 1,
    ) -> None:
        self.character = character
        self.thief = thief
        self.thief_guild = thief_guild
        #: 5.2/1: the attempts made today before the next one (``attempt``: that one's number, from 1).
        self.attempts = attempt - 1
        self.settings = settings
        #: Each native group stolen from today: its friendliness and what it holds (5.2/2, 5.2/4).
        self.groups: dict[str, str] = {}
        self.holdings: dict[str, frozenset[str] | None] = {}
        self.natives = natives
        self._meet(natives, friendliness, holds)

    @property
    def friendliness(self) -> str:
        """The friendliness of the group last stolen from."""
        return self.groups[self.natives]

    def _meet(self, natives: str, friendliness: str, holds: Collection[str] | None) -> None:
        if friendliness not in FRIENDLINESS:
            raise RuleError(
                f"friendliness is one of {', '.join(FRIENDLINESS)}", rule="friendliness", section=STEALING
            )
        unknown = sorted({h.casefold() for h in holds or ()} - set(LOOT_KINDS))
        if unknown:
            raise RuleError(f"a native group holds {', '.join(LOOT_KINDS)}, not {unknown[0]!r}",
                            rule="5.2/4", section=STEALING)
        self.groups.setdefault(natives, friendliness)
        self.holdings.setdefault(natives, None if holds is None else frozenset(h.casefold() for h in holds))

    def attempt(
        self, rng: Randomness, *, miracles: int = 0, natives: str | None = None, friendliness: str = "Neutral",
        holds: Collection[str] | None = None,
    ) -> StealResult:
        """Roll one STEAL phase, against ``natives`` (another group met today: its ``friendliness`` and
        ``holds``) or the group of the last attempt; suspect and caught change only that group (5.2/2).
        ``miracles``: Miracle chits played on the roll, each re-rolling it, the lower kept (ruling MR11)."""
        if natives is not None:
            self._meet(natives, friendliness, holds)
            self.natives = natives
        self.attempts += 1
        modifier = steal_modifier(self.attempts, thief=self.thief, thief_guild=self.thief_guild)
        rolled, set_aside = miracle_reroll(
            table("mr_steal_attempt", self.settings), rng, modifier, miracles=miracles,
            label=f"{self.character}: STEAL attempt {self.attempts} against the {self.natives}",
        )
        outcome = str(rolled.data["outcome"])
        loot, gold = None, 0
        if outcome == "reward":
            loot, gold = self._reward(rng, int(rolled.data.get("reward_modifier", 0)))
        elif outcome == "take":
            held = self.holdings[self.natives]
            loot = "desired item" if held is None or held else f"Nothing (the {self.natives} have nothing)"
        elif outcome == "suspect":
            self.groups[self.natives] = shift(self.friendliness, -1)
        elif outcome == "caught":
            self.groups[self.natives] = "Enemy"
        return StealResult(rolled.raw, modifier, rolled.total, outcome, loot, gold, self.friendliness, set_aside)


    def _reward(self, rng: Randomness, modifier: int) -> tuple[str, int]:
        """5.2/3 the Steal Reward roll; 5.2/4 a category the group lacks ("the Native group has no armor")
        yields nothing, and so does a "Choice" from a group with nothing at all."""
        rolled_on = table("mr_steal_reward", self.settings)
        reward = rolled_on.roll(rng, modifier, label=f"{self.character}: steal reward")
        held = self.holdings[self.natives]
        kind = str(reward.data.get("loot", ""))
        lacking = kind in LOOT_KINDS and kind not in held if held is not None else False
        if lacking or (held is not None and kind == "choice" and not held):
            return f"Nothing (the {self.natives} have no {kind})", 0
        return reward.result, int(reward.data.get("gold", 0))


# -- 6. gambling ------------------------------------------------------------------------------------------


def check_gambling_place(place: str, *, game: str = "dice") -> None:
    """6.1: a TRADE action at the INN, GUARD or S CAMPFIRE; the Gambler traveller dices anywhere ("always
    available to dice with the Character (see rule 6.1/2)"), the lottery he does not run."""
    from magecraft.magic_realm.data import realm_lists

    places = realm_lists()["places"]["gambling"]
    gambler = game == "dice" and place.casefold() == "gambler"
    if place.upper() not in places and not gambler:
        also = " (or with the Gambler)" if game == "dice" else ""
        raise RuleError(
            f"gambling is at the {', '.join(places)}{also}, not at the {place}",
            rule="6.1 Characters may use any recorded TRADE action to gamble if at the INN, GUARD, or S CAMPFIRE",
            section=GAMBLING,
        )


@dataclass(frozen=True, slots=True)
class LotteryResult:
    tickets: tuple[str, ...]
    drawn: str
    won: bool
    cost: int
    prize: int
    miracle: tuple[str, ...] = ()  # the draws Miracle re-rolls set aside


def parse_ticket(text: str) -> str:
    cleaned = text.strip()
    if len(cleaned) != LOTTERY_DIGITS or any(c not in "123456" for c in cleaned):
        raise RuleError(
            f"a lottery number is four digits from 1 to 6, not {text!r}", rule="6.1/1", section=GAMBLING
        )
    return cleaned


def lottery(rng: Randomness, tickets: Sequence[str], *, at: str, miracles: int = 0) -> LotteryResult:
    """6.1/1: 1 gold a ticket; in the evening four d6 make the number; a match wins 500 gold.

    ``miracles`` Miracle chits played on the draw each re-roll the four dice; the better draw -- one that
    matches a ticket -- is kept, else the first (ruling MR11).  Bought only ``at`` the INN, GUARD or S
    CAMPFIRE (6.1).
    """
    check_gambling_place(at, game="lottery")
    chosen = tuple(parse_ticket(t) for t in tickets)
    if not chosen:
        raise RuleError("buy at least one ticket", rule="6.1/1", section=GAMBLING)

    def draw(suffix: str) -> str:
        return "".join(str(rng.roll(6, f"lottery digit {i}{suffix}", section=GAMBLING)) for i in range(1, 5))

    drawn = draw("")
    aside: list[str] = []
    for n in range(1, miracles + 1):
        again = draw(f" (Miracle re-roll {n})")
        drawn, other = (again, drawn) if again in chosen and drawn not in chosen else (drawn, again)
        aside.append(other)
    won = drawn in chosen
    return LotteryResult(chosen, drawn, won, TICKET_GOLD * len(chosen), LOTTERY_PRIZE if won else 0, tuple(aside))


def lottery_ticket(index: int) -> str:
    """The ``index``-th lottery number counting from 1111, 1112, ... (the distinct numbers a buyer picks)."""
    digits = []
    for _ in range(LOTTERY_DIGITS):
        digits.append(str(index % 6 + 1))
        index //= 6
    return "".join(reversed(digits))


def lottery_expected_gold(tickets: Sequence[str]) -> Fraction:
    """What ``tickets`` are worth on average (6.1/1): the prize times the chance, less a gold a ticket."""
    return lottery_odds(len(set(tickets))) * LOTTERY_PRIZE - TICKET_GOLD * len(tickets)


def lottery_odds(distinct_tickets: int) -> Fraction:
    """The exact chance that one of ``distinct_tickets`` different numbers wins (of 6**4 = 1,296)."""
    if not 0 <= distinct_tickets <= 6**LOTTERY_DIGITS:
        raise RuleError("there are 1,296 lottery numbers", rule="6.1/1", section=GAMBLING)
    return Fraction(distinct_tickets, 6**LOTTERY_DIGITS)


@dataclass(frozen=True, slots=True)
class DiceResult:
    stake: int
    cheat: str | None
    modifier: int
    raw: int
    total: int
    gold: int
    friendliness_change: int
    enemy: bool
    cheat_bonus_after: int
    miracle: tuple[int, ...] = ()  # the raw rolls Miracle re-rolls set aside


def dice_stake(*, high_stake: bool = False) -> int:
    """6.1/2: 5 gold a roll, or 10 gold to roll at -1."""
    return DICE_GOLD_LOW if high_stake else DICE_GOLD


def cheat_modifier(cheat_bonus: int = 0, *, thief_guild: bool = False) -> int:
    """A cheating roll's modifier: the lasting -1s of earlier rolls of 1, and the Thief Guild's -1 (9.2)."""
    return cheat_bonus - (1 if thief_guild else 0)


def play_dice(
    rng: Randomness,
    *,
    at: str,
    high_stake: bool = False,
    cheat: bool = False,
    cheat_bonus: int = 0,
    thief_guild: bool = False,
    miracles: int = 0,
    settings: RealmSettings = DEFAULT_SETTINGS,
) -> DiceResult:
    """6.1/2: 5 gold for a roll, or 10 gold at -1; a successful cheat roll gives another -1.

    ``cheat_bonus`` is the permanent -1 earned by each cheating roll of 1 ("Subtract 1 from ALL future
    cheating rolls"), kept by the caller; the new value is returned.  A Thief Guild member with its
    second benefit cheats at -1 more ("-1 to all loot and cheat rolls", 9.2), not kept.  ``miracles``:
    Miracle chits played on the dice roll, each re-rolling it, the lower (richer) kept (ruling MR11).
    Played only ``at`` the INN, GUARD or S CAMPFIRE, or with the Gambler (6.1).
    """
    check_gambling_place(at)
    modifier = -1 if high_stake else 0
    cheat_text, friendliness, enemy = None, 0, False
    if cheat:
        cheated = table("mr_cheating", settings).roll(rng, cheat_modifier(cheat_bonus, thief_guild=thief_guild),
                                                      label="cheating roll")
        cheat_text = cheated.result
        if cheated.data.get("outcome") == "success":
            modifier -= 1
        cheat_bonus += int(cheated.data.get("future_modifier", 0))
        friendliness = int(cheated.data.get("friendliness", 0))
        enemy = bool(cheated.data.get("enemy", False))
        if cheated.data.get("outcome") == "caught":
            return DiceResult(
                dice_stake(high_stake=high_stake),
                cheat_text,
                modifier,
                0,
                0,
                0,
                friendliness,
                enemy,
                cheat_bonus,
            )
    rolled, set_aside = miracle_reroll(table("mr_playing_dice", settings), rng, modifier, label="dice",
                                       miracles=miracles)
    return DiceResult(
        dice_stake(high_stake=high_stake),
        cheat_text,
        modifier,
        rolled.raw,
        rolled.total,
        int(rolled.data["gold"]),
        friendliness,
        enemy,
        cheat_bonus,
        set_aside,
    )


# -- exact odds --------------------------------------------------------------------------------------------


def steal_odds(
    attempt: int, *, thief: bool = False, thief_guild: bool = False, settings: RealmSettings = DEFAULT_SETTINGS
) -> dict[str, Fraction]:
    """Exact odds of each STEAL outcome on attempt number ``attempt`` of a day, on the dice ``settings`` say."""
    return table_odds(table("mr_steal_attempt", settings),
                      steal_modifier(attempt, thief=thief, thief_guild=thief_guild))


def dice_odds(
    *, high_stake: bool = False, cheated: bool = False, settings: RealmSettings = DEFAULT_SETTINGS
) -> dict[str, Fraction]:
    """Exact odds of each dice result at -0, -1 (10 gold) or -2 (and a successful cheat)."""
    return table_odds(table("mr_playing_dice", settings), -(1 if high_stake else 0) - (1 if cheated else 0))


def cheat_odds(
    cheat_bonus: int = 0, *, thief_guild: bool = False, settings: RealmSettings = DEFAULT_SETTINGS
) -> dict[str, Fraction]:
    """Exact odds of each cheating result (6.1/2) at the modifier :func:`cheat_modifier` gives."""
    return table_odds(table("mr_cheating", settings), cheat_modifier(cheat_bonus, thief_guild=thief_guild))


def dice_expected_gold(*, high_stake: bool = False, settings: RealmSettings = DEFAULT_SETTINGS) -> Fraction:
    """What a roll of the dice is worth on average (6.1/2), its stake paid, without cheating."""
    odds = dice_odds(high_stake=high_stake, settings=settings)
    return expected_gold(odds, table("mr_playing_dice", settings)) - dice_stake(high_stake=high_stake)


def expected_gold(odds: Mapping[str, Fraction], table: RandomTable) -> Fraction:
    """The expected gold of a table whose rows carry ``gold``."""
    return sum(
        (p * int(next(r for r in table.rows if r.result == name).data.get("gold", 0)) for name, p in odds.items()),
        Fraction(0),
    )
