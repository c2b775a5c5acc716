"""Actions: play a card from hand, add its mana value to a score, beat the difficulty.

Seed 000 ("MAGIC The Gathering RPG"), "GAME MECHANICS: Actions" and the sections
after it: the difficulty table (a data file, ``mtg_action_difficulty``),
"Performing an Action", "Opposed Actions", "Power-Play", "Heroic Deeds",
"Stunting", and from "SKILLS": "Multiple Skill Attempts", "Skill Cooperation"
and "Luck".

A Wizard's cards are a :class:`SpellDeck`: the hand, the library (a core
:class:`~magecraft.core.deck.Deck` whose discards are the graveyard) and the
cards sacrificed for good by power plays.

>>> from magecraft.core.randomness import Randomness
>>> from magecraft.mtg_rpg.cards import builtin_pool
>>> pool = builtin_pool()
>>> deck = SpellDeck.build([pool.get("Mountain")] * 5 + [pool.get("Shivan Dragon")], hand_size=2)
>>> rng = Randomness.scripted([])
>>> _ = deck.refill(rng)
>>> result = resolve_action(deck, ActionAttempt(score=3, difficulty=9, attribute="ST", card="Mountain"), rng)
>>> result.total, result.success
(4, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, RuleError
from magecraft.core.numbers import whole_number
from magecraft.core.randomness import Randomness
from magecraft.core.tables import get_table
from magecraft.mtg_rpg.cards import ATTRIBUTE_MANA, ATTRIBUTES, COLORLESS, Card, CardPool, builtin_pool
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

ACTIONS = "GAME MECHANICS: Performing an Action"
OPPOSED = "GAME MECHANICS: Opposed Actions"
POWER_PLAY = "GAME MECHANICS: Power-Play"
HEROIC = "GAME MECHANICS: Heroic Deeds"
STUNTING = "GAME MECHANICS: Stunting"
RETRY = "SKILLS: Multiple Skill Attempts"
COOPERATION = "SKILLS: Skill Cooperation"
LUCK = "CHARACTER CREATION: Luck"
LUCKY_FEAT = "FEATS: Lucky"

#: The difficulty table's name among the shipped tables.
DIFFICULTY_TABLE = "mtg_action_difficulty"

#: "Heroic Deeds": one character point buys one category of difficulty, 3 points ...
CATEGORY = 3
#: ... and "a maximum of 3 experience points can be used at any one time".
MAX_HEROIC_POINTS = 3
#: "Stunting": a one, two or three point bonus.
MAX_STUNT_BONUS = 3
#: "Skill Cooperation": each helper makes a Challenging (9) action.
HELPER_DIFFICULTY = 9
#: "FEATS: Lucky": the replay can be used every 3 hours of game time.
LUCKY_REPLAY_MINUTES = 180

#: "MTG Rule Changes": basic land is coloured by the mana it makes.
BASIC_LAND_MANA: Mapping[str, str] = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

#: What an action is for: heroic deeds help only adventuring, power plays never spell research
#: ("Heroic Deeds", "Power-Play").
Purpose = Literal["adventure", "spell research", "item creation"]




def mana_types(card: Card) -> frozenset[str]:
    """The mana a card belongs to: its colours, a basic land's colour, else colorless ("C")."""
    if card.colors:
        return frozenset(card.colors)
    lands = {BASIC_LAND_MANA[s] for s in card.subtypes if s in BASIC_LAND_MANA}
    return frozenset(lands) if card.is_land and lands else frozenset({COLORLESS})


def casting_cost(card: Card) -> int:
    """A card's mana casting cost with each X counted as 1 ("Performing an Action"); a land's is 0."""
    return card.mana_value + card.symbols().count("X")


def card_value(card: Card | None, settings: Settings = DEFAULT_SETTINGS) -> int:
    """Points a card adds to an action ("Performing an Action").

    No card counts 0, each X in the cost counts 1 and a land counts
    ``settings.land_action_value``.
    """
    if card is None:
        return 0
    if card.is_land:
        return settings.land_action_value
    return casting_cost(card)


# -- the difficulty table --------------------------------------------------------------------


def difficulty_level(rating: int) -> str:
    """The named level of a rating, 0 Automatic to 28-30 Impossible (past 30 still Impossible)."""
    table = get_table(DIFFICULTY_TABLE)
    return table.lookup(max(table.low, min(table.high, rating))).result


def difficulty_rating(text: str) -> int:
    """A difficulty given as a number (0-30) or a level name (its top rating: "Challenging" is 9)."""
    table = get_table(DIFFICULTY_TABLE)
    cleaned = text.strip()
    if cleaned.lstrip("-").isdigit():
        rating = whole_number(cleaned)
        if rating is None or not table.low <= rating <= table.high:
            shown = cleaned if rating is not None or len(cleaned) <= 20 else f"a {len(cleaned)}-digit number"
            raise InputError(f"a difficulty is {table.low} to {table.high}, not {shown}")
        return rating
    for row in table.rows:
        if row.result.casefold() == cleaned.casefold():
            return int(row.data["rating"])
    names = ", ".join(row.result for row in table.rows)
    raise InputError(f"unknown difficulty {text!r} (give 0-30 or one of {names})")


# -- the Wizard's cards ----------------------------------------------------------------------


class SpellDeck:
    """A Wizard's hand, library and graveyard ("Hand Size", "Renewal Period", "Spell Card Use").

    The library is a core :class:`Deck`; its discards are the graveyard, where
    spent cards wait for the next renewal period.  Cards sacrificed by a power
    play leave the deck for good.
    """

    __slots__ = ("hand", "hand_size", "library", "sacrificed")

    def __init__(self, library: Deck[Card], hand: Sequence[Card] = (), *, hand_size: int,
                 sacrificed: Sequence[Card] = ()) -> None:
        if hand_size < 0:
            raise InputError("a hand size cannot be negative")
        self.library = library
        self.hand: list[Card] = list(hand)
        self.hand_size = hand_size
        self.sacrificed: list[Card] = list(sacrificed)

    @classmethod
    def build(cls, cards: Sequence[Card], *, hand_size: int) -> SpellDeck:
        """A fresh deck: every card in the library, in the order given, nothing in hand."""
        return cls(Deck(cards, name="library"), hand_size=hand_size)

    @property
    def graveyard(self) -> list[Card]:
        return self.library.discards

    def find_in_hand(self, name: str) -> Card:
        return self.hand[self._hand_index(name)]

    def _hand_index(self, name: str) -> int:
        wanted = name.strip().casefold()
        for index, card in enumerate(self.hand):
            if card.name == name or card.name.casefold() == wanted:
                return index
        held = ", ".join(c.name for c in self.hand) or "nothing"
        raise RuleError(f"{name!r} is not in the hand (it holds {held})", rule="play a card from your hand",
                        section=ACTIONS)

    def strongest(self, settings: Settings = DEFAULT_SETTINGS) -> str | None:
        """The name of the hand's highest-value action card (ties by name), or None for an empty hand."""
        if not self.hand:
            return None
        return max(self.hand, key=lambda c: (card_value(c, settings), c.name)).name

    def take_from_hand(self, name: str) -> Card:
        return self.hand.pop(self._hand_index(name))

    def refill(self, rng: Randomness) -> list[Card]:
        """Draw up to the hand size; returns the cards drawn (fewer if the library ran out)."""
        wanted = max(0, self.hand_size - len(self.hand))
        drawn = self.library.draw_many(min(wanted, len(self.library)))
        self.hand.extend(drawn)
        if drawn:
            rng.log.record("draw", f"draw {len(drawn)} card(s) to refill the hand", section="Hand Size",
                           data={"count": len(drawn)})
        return drawn

    @property
    def short(self) -> bool:
        """True when the hand is below its size and the library is empty ("Deck Building")."""
        return len(self.hand) < self.hand_size and not self.library.cards

    def return_to_library(self, card: Card, rng: Randomness, *, shuffle: bool) -> None:
        """An action card goes back into the library ("Performing an Action")."""
        self.library.put_on_bottom(card)
        if shuffle:
            self.library.shuffle(rng, "shuffle the library after an action")

    def spend(self, card: Card) -> None:
        """A card used as a spell goes to the graveyard until renewal ("Spell Card Use")."""
        self.library.discard(card)

    def available(self) -> list[Card]:
        """The cards the Wizard may still use before the next renewal: the hand and the library."""
        return [*self.hand, *self.library.cards]

    def spend_named(self, name: str) -> None:
        """Spend a copy of ``name`` used elsewhere (a quick duel): from the hand if held, else from the
        library; it goes to the graveyard until renewal ("Spell Card Use")."""
        wanted = name.casefold()
        held = next((c for c in self.hand if c.name.casefold() == wanted), None)
        if held is not None:
            self.hand.remove(held)
            self.spend(held)
            return
        found = self.library.take(lambda c: c.name.casefold() == wanted)
        if found is None:
            raise InputError(f"{name} is neither in the hand nor in the library")
        self.spend(found)

    def to_dict(self) -> dict[str, Any]:
        return {"hand": [c.name for c in self.hand], "hand_size": self.hand_size,
                "library": self.library.to_dict(lambda c: c.name),
                "sacrificed": [c.name for c in self.sacrificed]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], pool: CardPool | None = None) -> SpellDeck:
        chosen = pool or builtin_pool()
        try:
            return cls(Deck.from_dict(raw["library"], chosen.get), [chosen.get(n) for n in raw["hand"]],
                       hand_size=int(raw["hand_size"]), sacrificed=[chosen.get(n) for n in raw["sacrificed"]])
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"saved spell deck is malformed: {exc}") from None


# -- one action ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionAttempt:
    """What the player declares: the score from the sheet, the difficulty and the cards.

    ``score`` is attribute plus skill dots, or the raw attribute without the
    skill ("Performing an Action"); ``attribute`` names the attribute whose
    colour a power play must match.
    """

    score: int
    difficulty: int
    attribute: str
    card: str | None = None
    power_play: str | None = None
    heroic_points: int = 0
    stunt: int = 0
    helpers_succeeded: int = 0
    attempt: int = 1
    purpose: Purpose = "adventure"


@dataclass(frozen=True, slots=True)
class ActionResult:
    """An action resolved: each part of the total, the difficulty used and the outcome."""

    score: int
    card: str | None
    card_value: int
    power_play: str | None
    power_play_value: int
    stunt_bonus: int
    cooperation_bonus: int
    total: int
    base_difficulty: int
    difficulty: int
    success: bool
    drawn: tuple[str, ...] = ()
    out_of_cards: bool = False
    heroic_points: int = 0

    @property
    def level(self) -> str:
        """The named level the total reaches on the difficulty table."""
        return difficulty_level(self.total)

    @property
    def margin(self) -> int:
        return self.total - self.difficulty

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "card": self.card, "card_value": self.card_value,
                "power_play": self.power_play, "power_play_value": self.power_play_value,
                "heroic_points": self.heroic_points, "stunt_bonus": self.stunt_bonus,
                "cooperation_bonus": self.cooperation_bonus, "total": self.total,
                "base_difficulty": self.base_difficulty, "difficulty": self.difficulty,
                "difficulty_level": difficulty_level(self.difficulty), "success": self.success,
                "drawn": list(self.drawn), "out_of_cards": self.out_of_cards}


def check_action(deck: SpellDeck, attempt: ActionAttempt, *, unspent_xp: int = 0,
                 settings: Settings = DEFAULT_SETTINGS) -> None:
    """Raise :class:`RuleError` naming the rule if the attempt is not allowed; changes nothing."""
    if attempt.attribute not in ATTRIBUTES:
        raise InputError(f"unknown attribute {attempt.attribute!r} (one of {', '.join(ATTRIBUTES)})")
    if attempt.difficulty < 0:
        raise InputError("a difficulty cannot be negative")
    if attempt.attempt < 1:
        raise InputError("attempts are counted from 1")
    if attempt.card is not None:
        deck.find_in_hand(attempt.card)
    if attempt.power_play is not None:
        _check_power_play(deck, attempt)
    if attempt.heroic_points:
        _check_heroic(attempt, unspent_xp)
    if not 0 <= attempt.stunt <= MAX_STUNT_BONUS:
        raise RuleError(f"a stunt is worth 0 to {MAX_STUNT_BONUS} points, not {attempt.stunt}",
                        rule="stunt awards are one, two or three points", section=STUNTING)
    bold = attempt.power_play is not None or attempt.heroic_points > 0
    if bold and settings.power_play_needs_stunt and attempt.stunt < 1:
        raise RuleError("a power play or heroic deed needs a stunt description (a stunt of 1 to 3)",
                        rule="stunt descriptions are mandatory for power plays and heroic deeds",
                        section=STUNTING)
    if attempt.helpers_succeeded < 0:
        raise InputError("helpers cannot be negative")
    if settings.max_helpers is not None and attempt.helpers_succeeded > settings.max_helpers:
        raise RuleError(f"at most {settings.max_helpers} helpers may cooperate here",
                        rule="the referee limits cooperation", section=COOPERATION)


def _check_power_play(deck: SpellDeck, attempt: ActionAttempt) -> None:
    if attempt.purpose == "spell research":
        raise RuleError("a power play cannot be used for a spell research check",
                        rule="no power play for spell research", section=POWER_PLAY)
    if attempt.card is None:
        raise RuleError("a power play is a second card: play a first card too",
                        rule="a standard card action, then one more card", section=POWER_PLAY)
    assert attempt.power_play is not None
    second = deck.find_in_hand(attempt.power_play)
    if attempt.card.casefold() == attempt.power_play.casefold() and \
            sum(1 for c in deck.hand if c.name == second.name) < 2:
        raise RuleError(f"only one {second.name} is in the hand; a power play needs a second card",
                        rule="a standard card action, then one more card", section=POWER_PLAY)
    mana = ATTRIBUTE_MANA[attempt.attribute]
    if mana not in mana_types(second):
        raise RuleError(f"{second.name} is not {mana} mana, the colour of a {attempt.attribute} action",
                        rule="the power play card must be the action's mana colour", section=POWER_PLAY)


def _check_heroic(attempt: ActionAttempt, unspent_xp: int) -> None:
    if attempt.heroic_points < 0:
        raise InputError(f"heroic deeds spend 0 to {MAX_HEROIC_POINTS} experience points, "
                         f"not {attempt.heroic_points}")
    if attempt.purpose != "adventure":
        raise RuleError(f"character points cannot be spent on heroic deeds for {attempt.purpose}",
                        rule="no heroic deeds in spell research or item creation", section=HEROIC)
    if attempt.heroic_points > MAX_HEROIC_POINTS:
        raise RuleError(f"at most {MAX_HEROIC_POINTS} experience points can be used at one time",
                        rule="a maximum of 3 experience points at any one time", section=HEROIC)
    if attempt.heroic_points > unspent_xp:
        raise RuleError(f"only {unspent_xp} unspent experience points are left for a heroic deed",
                        rule="heroic deeds spend unspent character points", section=HEROIC)


def resolve_action(deck: SpellDeck, attempt: ActionAttempt, rng: Randomness, *, unspent_xp: int = 0,
                   settings: Settings = DEFAULT_SETTINGS) -> ActionResult:
    """Check and resolve one action ("Performing an Action").

    The total is the score plus the card played, the power play card, the
    stunt bonus (see settings) and +1 per helper who made 9.  The difficulty
    rises one category (+3) for each attempt after the first ("Multiple Skill
    Attempts") and falls one category per heroic point spent ("Heroic
    Deeds").  Success is a total equal to or greater than the difficulty.

    Afterwards the action card goes back into the library, the power play
    card is sacrificed for good and the hand is refilled.  The caller deducts
    the heroic points from the character's unspent experience.
    """
    check_action(deck, attempt, unspent_xp=unspent_xp, settings=settings)
    card = deck.take_from_hand(attempt.card) if attempt.card is not None else None
    second = deck.take_from_hand(attempt.power_play) if attempt.power_play is not None else None
    bold = second is not None or attempt.heroic_points > 0
    stunt = attempt.stunt if bold or not settings.stunt_needs_power_play_or_heroic else 0
    value, extra = card_value(card, settings), card_value(second, settings)
    total = attempt.score + value + extra + stunt + attempt.helpers_succeeded
    difficulty = max(0, attempt.difficulty + CATEGORY * (attempt.attempt - 1) - CATEGORY * attempt.heroic_points)
    success = total >= difficulty
    if second is not None:
        deck.sacrificed.append(second)
    drawn, short = _after_action(deck, card, rng, settings)
    result = ActionResult(
        score=attempt.score, card=card.name if card else None, card_value=value,
        power_play=second.name if second else None, power_play_value=extra, stunt_bonus=stunt,
        cooperation_bonus=attempt.helpers_succeeded, total=total, base_difficulty=attempt.difficulty,
        difficulty=difficulty, success=success, drawn=tuple(c.name for c in drawn), out_of_cards=short,
        heroic_points=attempt.heroic_points,
    )
    rng.log.record("action", f"{attempt.attribute} action: {total} against {difficulty}", section=ACTIONS,
                   data=result.to_dict())
    return result


def _after_action(deck: SpellDeck, card: Card | None, rng: Randomness,
                  settings: Settings) -> tuple[list[Card], bool]:
    """Refill the hand and put the action card back; also whether the library ran out while refilling."""
    if card is not None and settings.return_before_refill:
        deck.return_to_library(card, rng, shuffle=settings.shuffle_after_action)
    drawn = deck.refill(rng)
    short = deck.short
    if card is not None and not settings.return_before_refill:
        deck.return_to_library(card, rng, shuffle=settings.shuffle_after_action)
    return drawn, short


# -- contests, help and luck -----------------------------------------------------------------


def opposed(first_total: int, second_total: int) -> Literal["first", "second"] | None:
    """Who wins a contest ("Opposed Actions"): the higher total; a tie (None) keeps the status quo."""
    if first_total == second_total:
        return None
    return "first" if first_total > second_total else "second"


def helpers_succeeded(helper_totals: Sequence[int]) -> int:
    """How many helpers made their Challenging (9) action: +1 each to the leader ("Skill Cooperation")."""
    return sum(1 for total in helper_totals if total >= HELPER_DIFFICULTY)


def jump_distance(result: ActionResult, *, running_start: int = 0, settings: Settings = DEFAULT_SETTINGS) -> int:
    """Feet jumped by a successful Athletics jump ("Skill Descriptions: Athletics": "each point the
    Wizard succeeds in a jump action attempt equals one (1) foot of a standing jumping distance").

    Each point of the successful action total is a foot standing (ruling P10), or by setting
    ``jump_feet`` "margin" each point by which the total beats the difficulty; a running jump (at
    least 10 feet of run-up) doubles it.  A failed jump covers nothing.
    """
    if not result.success:
        return 0
    feet = result.total - result.difficulty if settings.jump_feet == "margin" else result.total
    return feet * (2 if running_start >= 10 else 1)


@dataclass(frozen=True, slots=True)
class LuckDraw:
    """Each entrant's card and total, and the most lucky one."""

    cards: Mapping[str, tuple[str, ...]]
    totals: Mapping[str, int]
    winner: str

    def to_dict(self) -> dict[str, Any]:
        return {"cards": {k: list(v) for k, v in self.cards.items()}, "totals": dict(self.totals),
                "winner": self.winner}


@dataclass(frozen=True, slots=True)
class LuckEntrant:
    name: str
    deck: SpellDeck
    #: The sheet's luck bonus (+3 with the Lucky feat; ``character.derive(...).luck_bonus``).
    bonus: int = 0


def luck_draw(entrants: Sequence[LuckEntrant], rng: Randomness) -> LuckDraw:
    """A luck draw ("Luck"): each draws a random card from the library; the highest casting cost wins.

    The casting cost counts each X as 1, as for actions; the entrant's luck
    bonus (+3 with Lucky) is added.  Ties for the highest draw again among the tied, or by lot when
    every card they could draw ties again (the seed is silent; see the rulings).  Each drawn card
    goes back into its library; the next draw is random anyway, so no shuffle is needed.
    """
    if len(entrants) < 2:
        raise InputError("a luck draw needs at least two characters")
    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        raise InputError("each character in a luck draw needs a different name")
    for entrant in entrants:
        if not entrant.deck.library.cards:
            raise RuleError(f"{entrant.name} has no card in the library to draw",
                            rule="a luck draw takes a random card from the adventuring deck", section=LUCK)
    cards: dict[str, list[str]] = {e.name: [] for e in entrants}
    totals: dict[str, int] = {}
    contenders = list(entrants)
    while True:
        round_totals: dict[str, int] = {}
        for entrant in contenders:
            library = entrant.deck.library
            card = library.draw_random(rng, f"{entrant.name}'s luck draw")
            cards[entrant.name].append(card.name)
            library.put_on_bottom(card)
            round_totals[entrant.name] = casting_cost(card) + entrant.bonus
        totals.update(round_totals)
        best = max(round_totals.values())
        contenders = [e for e in contenders if round_totals[e.name] == best]
        if len(contenders) == 1:
            break
        if all({casting_cost(c) for c in e.deck.library.cards} == {best - e.bonus} for e in contenders):
            # No draw can differ again (every card left costs the same): drawing on would never end,
            # so the most lucky is drawn by lot, as for initiative (ruling P8, P18).
            contenders = [rng.choice(contenders, "luck draw: every card ties again, the most lucky by lot",
                                     section=LUCK)]
            break
    winner = contenders[0].name
    outcome = LuckDraw({k: tuple(v) for k, v in cards.items()}, totals, winner)
    rng.log.record("luck", f"luck draw: {winner} is the most lucky", section=LUCK, data=outcome.to_dict())
    return outcome


@dataclass(frozen=True, slots=True)
class LuckyFeat:
    """The Lucky feat's replay clock ("FEATS: Lucky"): game minutes when it was last used."""

    last_used: int | None = None

    def ready(self, now: int) -> bool:
        return self.last_used is None or now - self.last_used >= LUCKY_REPLAY_MINUTES


def lucky_replay(deck: SpellDeck, failed: ActionResult, attempt: ActionAttempt, feat: LuckyFeat, now: int,
                 rng: Randomness, *, unspent_xp: int = 0,
                 settings: Settings = DEFAULT_SETTINGS) -> tuple[ActionResult, LuckyFeat]:
    """Replay a card for an action that failed ("FEATS: Lucky"), once every 3 hours of game time.

    ``attempt`` names the new card; the action is the same one, so it is not a
    further attempt at +3.
    """
    if failed.success:
        raise RuleError("the Lucky replay is for an action that failed", rule="replay a failed action",
                        section=LUCKY_FEAT)
    if not feat.ready(now):
        assert feat.last_used is not None
        wait = LUCKY_REPLAY_MINUTES - (now - feat.last_used)
        raise RuleError(f"Lucky was used {now - feat.last_used} minutes ago; wait {wait} more minutes",
                        rule="Lucky can be used every 3 hours of game time", section=LUCKY_FEAT)
    result = resolve_action(deck, attempt, rng, settings=settings, unspent_xp=unspent_xp)
    return result, LuckyFeat(now)

