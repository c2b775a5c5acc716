"""The quick duel's decisions and actions as typed values, and their words at the table.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Single Card Duel" 2 ("The winner decides who plays
first"), 3 ("Each Wizard chooses one card from their hand and plays it"), "Three Card Duel" and
"Seven Card Duel" (interrupts and blockers answer a card), "Limited Turns Dueling" (a turn may pass),
"Magic Dueling Rules" (a Wizard may yield) and "COMBAT: Magic Item Use" (a scroll, potion or charged
item used as its spell).  The rules that judge them are :class:`magecraft.mtg_rpg.duel.QuickDuel`.

Every action is a frozen value whose ``repr`` rebuilds it, and reads as the words a player says
(:func:`action_words`); ``at`` names the Wizard a card is aimed at while two or more opponents stand.

>>> action_words(Play("Shock", at="Mord")), action_words(GoFirst(False)), action_words(Respond("Rewind"))
('play Shock at Mord', 'play second', 'respond Rewind')
>>> Play("Shock")
Play(card='Shock', at=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache


class DuelStep(Enum):
    """Whose question is open: the initiative winner's order of play, a Wizard's card, an answer to it."""

    ORDER = "order"
    PLAY = "play"
    RESPOND = "respond"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class GoFirst:
    """The initiative winner plays first (``first``) or lets the other Wizard play first ("Single Card Duel" 2)."""

    first: bool = True


@dataclass(frozen=True, slots=True)
class Play:
    """A card played from the hand, aimed ``at`` a Wizard while two or more opponents stand."""

    card: str
    at: str | None = None


@dataclass(frozen=True, slots=True)
class Use:
    """A scroll, potion or charged item used as its spell, besides the turn's card ("Magic Item Use")."""

    item: str
    at: str | None = None


@dataclass(frozen=True, slots=True)
class Respond:
    """An interrupt, or a blocker in a seven-card or limited-turns duel, answering the card just played."""

    card: str


@dataclass(frozen=True, slots=True)
class Pass:
    """No answer to the card just played; in a limited-turns duel, a turn without a card."""


@dataclass(frozen=True, slots=True)
class Yield:
    """The Wizard yields the duel ("Magic Dueling Rules")."""


DuelAction = GoFirst | Play | Use | Respond | Pass | Yield

PLAY_FIRST, PLAY_SECOND, PASS, YIELD = GoFirst(True), GoFirst(False), Pass(), Yield()


@cache
def play(card: str, at: str | None = None) -> Play:
    """The one :class:`Play` value for a card and aim (actions are values, built once; "Fast paths")."""
    return Play(card, at)


@cache
def use(item: str, at: str | None = None) -> Use:
    return Use(item, at)


@cache
def respond(card: str) -> Respond:
    return Respond(card)


def action_words(action: DuelAction) -> str:
    """The action as a player says it: ``play first``, ``play Shock at Mord``, ``use Lava Axe``, ``pass``."""
    if isinstance(action, GoFirst):
        return "play first" if action.first else "play second"
    if isinstance(action, Play | Use):
        verb, name = ("play", action.card) if isinstance(action, Play) else ("use", action.item)
        return f"{verb} {name}" + (f" at {action.at}" if action.at else "")
    if isinstance(action, Respond):
        return f"respond {action.card}"
    return "pass" if isinstance(action, Pass) else "yield"


def read_words(text: str) -> DuelAction | None:
    """The action ``text`` says, legal or not (None when it says none): so a refusal can name the rule.

    >>> read_words("play Shock at Mord"), read_words("respond:Rewind"), read_words("fly")
    (Play(card='Shock', at='Mord'), Respond(card='Rewind'), None)
    """
    words = " ".join(legacy_words(text).split())
    verb, _, rest = words.partition(" ")
    verb = verb.casefold()
    if verb == "play" and rest.casefold() in ("first", "second"):
        return GoFirst(rest.casefold() == "first")
    if verb in ("pass", "yield") and not rest:
        return PASS if verb == "pass" else YIELD
    if not rest:
        return None
    if verb == "respond":
        return Respond(rest)
    name, at, aim = rest.rpartition(" at ")
    card, target = (name, aim) if at else (rest, None)
    return Play(card, target) if verb == "play" else Use(card, target) if verb == "use" else None


def legacy_words(text: str) -> str:
    """The older spelling ``play:Shock@Mord`` / ``respond:Rewind`` in today's words (saves of typed answers)."""
    verb, colon, rest = text.strip().partition(":")
    if not colon:
        return text
    name, at, aim = rest.partition("@")
    return f"{verb} {name}" + (f" at {aim}" if at else "")
