"""The typed answers to the campaign year's questions (seed 004, "How the Campaign Works" and the sections each
question cites): what a noble or the GM may say to a :class:`~.tasks.Decision`, one type per kind of answer.

Each answer is a frozen value whose ``repr`` rebuilds it; ``option`` is how a saved decision writes it (the
words of :meth:`~.year.Campaign.action_text`, split), and :func:`read_answer` reads a saved option back as the
answer its question offers, refusing any other shape whole.

>>> Upgrade("salon", "Tarsis").option
('upgrade', 'salon', 'Tarsis', '')
>>> read_answer(Question.DUEL_CHALLENGE, ("Bob", "death"))
Challenge(noble='Bob', to=DuelTo.DEATH)
>>> Reply.BEGIN
Reply.BEGIN
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from magecraft.core.errors import DataError

#: An answer as a saved decision writes it: its words, e.g. ``("upgrade", "salon", "Tarsis", "")``.
Option = tuple[str | int, ...]


class Question(StrEnum):
    """Every kind of decision the year asks (``Campaign.decision_kind``), by the name its saves keep."""

    BEGIN = "begin"
    BANQUET = "banquet"
    COURTIER = "courtier"
    TRADER = "trader"
    CASTELLAN = "castellan"
    SPEND = "spend"
    DUEL_CHALLENGE = "duel_challenge"
    DUEL_RESULT = "duel_result"
    DUEL_WAGERS = "duel_wagers"
    WAGER_STAKE = "wager_stake"
    WAGER_PAY = "wager_pay"
    DECLARE = "declare"
    JOIN = "join"
    WRIT = "writ"
    INVITE = "invite"
    ACCEPT = "accept"
    WATCHTOWER_TARGET = "watchtower_target"
    ARM = "arm"
    BATTLE_RESULT = "battle_result"
    CONQUER = "conquer"
    OFFICE = "office"
    ADVENTURE = "adventure"
    GIVE_UP = "give_up"
    GAIN = "gain"
    BESEECH = "beseech"
    PASQUINADE = "pasquinade"
    SYNDICATE = "syndicate"


class _Word(StrEnum):
    """A one-word answer: its option is the word; its ``repr`` names the member (the call that rebuilds it)."""

    @property
    def option(self) -> Option:
        return (self.value,)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Reply(_Word):
    """The plain answers: begin the year, play the banquet with the bots, take a courtier's benefit, done, none
    (decline to name anyone), wait or declare for the throne, stay neutral, accept or decline (an invitation, a
    beseeching province), pay or welsh on a wager, sell or buy a Wealth level."""

    BEGIN = "begin"
    BOTS = "bots"
    TAKE = "take"
    DONE = "done"
    NONE = "none"
    WAIT = "wait"
    DECLARE = "declare"
    NEUTRAL = "neutral"
    ACCEPT = "accept"
    DECLINE = "decline"
    PAY = "pay"
    WELSH = "welsh"
    SELL = "sell"
    BUY = "buy"


class Side(_Word):
    """A side of a war or battle: ``a`` (the claimant, the attacker, those fighting a barbarian horde) or ``b``."""

    A = "a"
    B = "b"


class OfficeGain(_Word):
    """What the Minister of State ("+1 Status or Wealth") or the Master General ("+1 Legion or Fleet") takes
    each year ("The Courtier Descriptions", IMPERIAL APPOINTMENT)."""

    WEALTH = "wealth"
    STATUS = "status"
    LEGIONS = "legions"
    FLEETS = "fleets"


class Pasquinade(_Word):
    """An insulting play (Tumultuous Empire): pay the playwright a Wealth level, or lose a Status point."""

    WEALTH = "wealth"
    STATUS = "status"


class Arm(_Word):
    """What a battle is fought with (War, Fighting): on land (legions) or at sea (fleets)."""

    LEGIONS = "legions"
    FLEETS = "fleets"


class DuelTo(_Word):
    """How far a duel goes, as the challenger decides ("Duels")."""

    FIRST_BLOOD = "first blood"
    DEATH = "death"


class StakeKind(_Word):
    """What a wager stakes (ruling WC21): a Wealth level, a province or a magic item."""

    WEALTH = "wealth"
    PROVINCE = "province"
    ITEM = "item"


@dataclass(frozen=True, slots=True)
class Target:
    """A noble named: whom a writ of battle attacks, whom a syndicate's assassin strikes, whom the Lord
    Chancellor charges with embezzlement."""

    noble: str

    @property
    def option(self) -> Option:
        return (self.noble,)


@dataclass(frozen=True, slots=True)
class ProvinceChoice:
    """A province named: the Foreign Trader's, one conquered, given up or added, a Watchtower province declared."""

    province: str

    @property
    def option(self) -> Option:
        return (self.province,)


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Build ``upgrade`` in ``province`` ("Province Upgrades"); ``detail`` is a Garrison's arm or a Grand
    Temple's god, else empty."""

    upgrade: str
    province: str
    detail: str = ""

    @property
    def option(self) -> Option:
        return ("upgrade", self.upgrade, self.province, self.detail)


@dataclass(frozen=True, slots=True)
class TreasuryBoost:
    """At the treasury, a Wealth level spent on a year's +1 to ``stat`` ("The Effects of Wealth")."""

    stat: str

    @property
    def option(self) -> Option:
        return ("boost", self.stat)


@dataclass(frozen=True, slots=True)
class Train:
    """The Knight Castellan trains one of the noble's ``grade`` ``arm`` a grade up (KNIGHT CASTELLAN)."""

    arm: str
    grade: str

    @property
    def option(self) -> Option:
        return (self.arm, self.grade)


@dataclass(frozen=True, slots=True)
class Challenge:
    """A sanctioned duel: challenge ``noble`` to first blood or to the death ("Duels")."""

    noble: str
    to: DuelTo

    @property
    def option(self) -> Option:
        return (self.noble, self.to.value)


@dataclass(frozen=True, slots=True)
class DuelWinner:
    """The GM enters who won a duel ("Duels")."""

    noble: str

    @property
    def option(self) -> Option:
        return ("winner", self.noble)


@dataclass(frozen=True, slots=True)
class Foul:
    """The GM enters that ``noble`` cheated or broke the duel's rules: the seconds step in (ruling WC22)."""

    noble: str

    @property
    def option(self) -> Option:
        return ("foul", self.noble)


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager on a duel: ``a_backer`` backs the first duellist, ``b_backer`` the second ("Duels", WC21)."""

    a_backer: str
    b_backer: str

    @property
    def option(self) -> Option:
        return ("wager", self.a_backer, self.b_backer)


@dataclass(frozen=True, slots=True)
class Stake:
    """What a backer stakes on a wager: a Wealth level, or the province or magic item ``name`` (WC21)."""

    kind: StakeKind
    name: str = ""

    @property
    def option(self) -> Option:
        return (self.kind.value,) if self.kind is StakeKind.WEALTH else (self.kind.value, self.name)

    def words(self) -> str:
        """The stake in the news: "a Wealth level", the province, "the" item."""
        words = {StakeKind.WEALTH: "a Wealth level", StakeKind.PROVINCE: self.name}
        return words.get(self.kind, f"the {self.name}")


@dataclass(frozen=True, slots=True)
class Invite:
    """Invite ``noble`` to fight on one's side of a feudal war (Feudal War)."""

    noble: str

    @property
    def option(self) -> Option:
        return ("invite", self.noble)


@dataclass(frozen=True, slots=True)
class BattleResult:
    """The GM enters a battle's winner and the percentage of its points each side lost (War, Battles)."""

    winner: Side
    a_lost: int
    b_lost: int

    @property
    def option(self) -> Option:
        return ("result", self.winner.value, self.a_lost, self.b_lost)


Answer = (Reply | Side | OfficeGain | Pasquinade | Arm | Target | ProvinceChoice | Upgrade | TreasuryBoost | Train
          | Challenge | DuelWinner | Foul | Wager | Stake | Invite | BattleResult)


def _text(value: str | int) -> str:
    if not isinstance(value, str):
        raise DataError(f"{value!r} is not a name")
    return value


def _number(value: str | int) -> int:
    if type(value) is not int:
        raise DataError(f"{value!r} is not a whole number")
    return value


def _stake(option: Option) -> Stake:
    kind = StakeKind(_text(option[0]))
    if (kind is StakeKind.WEALTH) != (len(option) == 1):
        raise DataError(f"{list(option)!r} is not a stake")
    return Stake(kind, _text(option[1]) if len(option) == 2 else "")


def _office(option: Option) -> OfficeGain | Target:
    word = _text(option[0])
    return OfficeGain(word) if word in set(OfficeGain) else Target(word)


#: The tagged answers, by their first word and their length.
_TAGGED: dict[tuple[str, int], Callable[[Option], Answer]] = {
    ("upgrade", 4): lambda o: Upgrade(_text(o[1]), _text(o[2]), _text(o[3])),
    ("boost", 2): lambda o: TreasuryBoost(_text(o[1])),
    ("winner", 2): lambda o: DuelWinner(_text(o[1])),
    ("foul", 2): lambda o: Foul(_text(o[1])),
    ("wager", 3): lambda o: Wager(_text(o[1]), _text(o[2])),
    ("invite", 2): lambda o: Invite(_text(o[1])),
    ("result", 4): lambda o: BattleResult(Side(_text(o[1])), _number(o[2]), _number(o[3])),
}

#: The answers that are neither a :class:`Reply` nor tagged, by the question that offers them.
_UNTAGGED: dict[Question, Callable[[Option], Answer]] = {
    Question.TRADER: lambda o: ProvinceChoice(_text(o[0])),
    Question.CONQUER: lambda o: ProvinceChoice(_text(o[0])),
    Question.GIVE_UP: lambda o: ProvinceChoice(_text(o[0])),
    Question.GAIN: lambda o: ProvinceChoice(_text(o[0])),
    Question.WATCHTOWER_TARGET: lambda o: ProvinceChoice(_text(o[0])),
    Question.WRIT: lambda o: Target(_text(o[0])),
    Question.SYNDICATE: lambda o: Target(_text(o[0])),
    Question.OFFICE: _office,
    Question.JOIN: lambda o: Side(_text(o[0])),
    Question.ARM: lambda o: Arm(_text(o[0])),
    Question.PASQUINADE: lambda o: Pasquinade(_text(o[0])),
    Question.CASTELLAN: lambda o: Train(_text(o[0]), _text(o[1])),
    Question.DUEL_CHALLENGE: lambda o: Challenge(_text(o[0]), DuelTo(_text(o[1]))),
    Question.WAGER_STAKE: _stake,
}


def read_answer(kind: Question, option: Option) -> Answer:
    """The answer to a ``kind`` question that a saved ``option`` writes; any other shape is refused
    (``DataError``)."""
    try:
        if not option:
            raise DataError("an empty answer")
        tagged = _TAGGED.get((str(option[0]), len(option)))
        if tagged is not None:
            answer = tagged(option)
        elif len(option) == 1 and option[0] in set(Reply):
            answer = Reply(option[0])
        else:
            answer = _UNTAGGED[kind](option)
    except (KeyError, IndexError, ValueError, DataError) as exc:
        raise DataError(f"{list(option)!r} is not an answer to a {kind} question ({exc})") from None
    if answer.option != tuple(option):
        raise DataError(f"{list(option)!r} is not an answer to a {kind} question")
    return answer
