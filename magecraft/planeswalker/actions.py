"""The decisions of a Planeswalker battle, as small immutable values (seed 001, "Combat Mechanics" 4-6).

>>> action_words(Cast(card="Shock", target="c1"))
'cast Shock at c1'
>>> Action.from_dict(Channel(amount=1, draw=True).to_dict())
Channel(amount=1, draw=True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, cast

from magecraft.core.errors import InputError

MECHANICS = "Combat Mechanics"
#: The decisions that spend one of the Main phase's Speed actions.
MAIN_ACTIONS = frozenset({"command", "move", "engage", "cast", "flee", "ability", "activate"})



class ActionKind(StrEnum):
    """The kinds of decision ("Combat Mechanics" 4-6), spelt as saves and the log spell them."""

    CHANNEL = "channel"
    DELAY = "delay"
    RELEASE = "release"
    COMMAND = "command"
    ORDER_MOVE = "order_move"
    ORDER_ENGAGE = "order_engage"
    DONE = "done"
    MOVE = "move"
    ENGAGE = "engage"
    CAST = "cast"
    FLEE = "flee"
    END = "end"
    RESPOND = "respond"
    PASS = "pass"
    INTERCEPT = "intercept"
    ALLOW = "allow"
    TRAMPLE_ENGAGE = "trample_engage"
    TRAMPLE_MOVE = "trample_move"
    FORGET = "forget"
    ORDER_ABILITY = "order_ability"
    ABILITY = "ability"
    ACTIVATE = "activate"

    def __repr__(self) -> str:
        return f"ActionKind.{self.name}"


KINDS = tuple(kind.value for kind in ActionKind)


class Step(StrEnum):
    """The steps of a turn ("Combat Mechanics" 5: Channelling, Upkeep, Main, End) and the questions that
    interrupt them (a response window, an interception, a trample, forgetting at the End Phase), as saved:
    :meth:`Battle.decision_kind`."""

    START = "start"
    CHANNELLING = "channelling"
    UPKEEP = "upkeep"
    MAIN = "main"
    COMMANDING = "commanding"
    RESPONSE = "response"
    INTERCEPT = "intercept"
    TRAMPLE = "trample"
    FORGET = "forget"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Step.{self.name}"


class Action:
    """One decision: a frozen value of the class of its kind (:class:`ActionKind`, the class's ``kind``).

    The fields a kind does not have read as empty (``card``, ``target``, ``creature`` "", ``amount`` 0,
    ``draw`` False: plain class attributes here, so reading them costs no call on the bots' hot path), so
    code weighing any decision (the bots, a refusal) reads them alike; each class declares, typed, only
    the fields its decision has.
    """

    __slots__ = ()
    kind: ClassVar[ActionKind]
    card: str = ""
    target: str = ""
    creature: str = ""
    amount: int = 0
    draw: bool = False

    def to_dict(self) -> dict[str, Any]:
        """As saves have always kept a decision: its kind and all five fields."""
        return {"kind": self.kind, "card": self.card, "target": self.target, "creature": self.creature,
                "amount": self.amount, "draw": self.draw}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Action:
        try:
            kind = ActionKind(str(raw["kind"]))
        except ValueError:
            raise InputError(f"unknown battle action {raw['kind']!r} (one of {', '.join(KINDS)})") from None
        except (KeyError, TypeError) as exc:
            raise InputError(f"a battle action is malformed ({exc})") from None
        made = CLASSES[kind]
        try:
            return made(**{name: _CONVERT[name](raw[name]) for name in _OWN[made] if name in raw})
        except (TypeError, ValueError) as exc:
            raise InputError(f"a battle action is malformed ({exc})") from None


_CONVERT: dict[str, Callable[[Any], Any]] = {"card": str, "target": str, "creature": str, "amount": int,
                                             "draw": bool}


@dataclass(frozen=True, slots=True)
class Channel(Action):
    """Channelling phase: restore mana (``amount`` beyond the pool as excess), and ``draw`` the next spell."""

    kind: ClassVar[ActionKind] = ActionKind.CHANNEL
    amount: int = 0
    draw: bool = False


@dataclass(frozen=True, slots=True)
class Delay(Action):
    """Delay one's turn to after ``target``'s ("Combat Mechanics" 4)."""

    kind: ClassVar[ActionKind] = ActionKind.DELAY
    target: str = ""


@dataclass(frozen=True, slots=True)
class Release(Action):
    """Upkeep: stop maintaining a summoned creature (``target``) or a pervasive effect (``card``)."""

    kind: ClassVar[ActionKind] = ActionKind.RELEASE
    card: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class Command(Action):
    """Direct one's creatures: the orders follow ("Commanding")."""

    kind: ClassVar[ActionKind] = ActionKind.COMMAND


@dataclass(frozen=True, slots=True)
class OrderMove(Action):
    """Order ``creature`` to move to the other range with ``target``."""

    kind: ClassVar[ActionKind] = ActionKind.ORDER_MOVE
    creature: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class OrderEngage(Action):
    """Order ``creature`` to engage ``target``."""

    kind: ClassVar[ActionKind] = ActionKind.ORDER_ENGAGE
    creature: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class OrderAbility(Action):
    """Order ``creature`` to use its ability ``card`` (its index) at ``target``."""

    kind: ClassVar[ActionKind] = ActionKind.ORDER_ABILITY
    creature: str = ""
    card: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class Done(Action):
    """The orders are given."""

    kind: ClassVar[ActionKind] = ActionKind.DONE


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move to the other range with ``target`` ("Moving")."""

    kind: ClassVar[ActionKind] = ActionKind.MOVE
    target: str = ""


@dataclass(frozen=True, slots=True)
class Engage(Action):
    """Engage ``target`` in Locked Combat ("Engaging")."""

    kind: ClassVar[ActionKind] = ActionKind.ENGAGE
    target: str = ""


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """Cast the spell ``card`` (at ``target``) ("Casting")."""

    kind: ClassVar[ActionKind] = ActionKind.CAST
    card: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class Flee(Action):
    """Flee the battle ("Fleeing")."""

    kind: ClassVar[ActionKind] = ActionKind.FLEE


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the Main phase."""

    kind: ClassVar[ActionKind] = ActionKind.END


@dataclass(frozen=True, slots=True)
class Respond(Action):
    """Answer a spell or command with the instant ``card`` (at ``target``) ("Combat Mechanics" 6)."""

    kind: ClassVar[ActionKind] = ActionKind.RESPOND
    card: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the spell or command stand."""

    kind: ClassVar[ActionKind] = ActionKind.PASS


@dataclass(frozen=True, slots=True)
class Intercept(Action):
    """Send the creature ``target`` to intercept the attacker ("Engaging")."""

    kind: ClassVar[ActionKind] = ActionKind.INTERCEPT
    target: str = ""


@dataclass(frozen=True, slots=True)
class Allow(Action):
    """Let the engagement stand."""

    kind: ClassVar[ActionKind] = ActionKind.ALLOW


@dataclass(frozen=True, slots=True)
class TrampleEngage(Action):
    """After a trampling kill, engage ``target``."""

    kind: ClassVar[ActionKind] = ActionKind.TRAMPLE_ENGAGE
    target: str = ""


@dataclass(frozen=True, slots=True)
class TrampleMove(Action):
    """After a trampling kill, move to the other range with ``target``."""

    kind: ClassVar[ActionKind] = ActionKind.TRAMPLE_MOVE
    target: str = ""


@dataclass(frozen=True, slots=True)
class Forget(Action):
    """End phase: forget the spell ``card`` from Memory."""

    kind: ClassVar[ActionKind] = ActionKind.FORGET
    card: str = ""


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """A creature acting alone (``creature``) uses its ability ``card`` (its index) at ``target`` (PW35)."""

    kind: ClassVar[ActionKind] = ActionKind.ABILITY
    creature: str = ""
    card: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate the kept permanent ``card``'s ability (``amount``: which, PW43) at ``target``."""

    kind: ClassVar[ActionKind] = ActionKind.ACTIVATE
    card: str = ""
    amount: int = 0
    target: str = ""


#: The class of each kind of decision.
CLASSES: dict[ActionKind, type[Action]] = {cls.kind: cls for cls in (
    Channel, Delay, Release, Command, OrderMove, OrderEngage, Done, Move, Engage, Cast, Flee, End, Respond, Pass,
    Intercept, Allow, TrampleEngage, TrampleMove, Forget, OrderAbility, UseAbility, Activate)}


#: Each class's own fields.
_OWN: dict[type[Action], frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cast(Any, cls))) for cls in CLASSES.values()}


def make(kind: ActionKind | str, **given: Any) -> Action:
    """The decision of ``kind`` with the ``given`` fields; a field the kind does not have is refused unless
    it is empty (so a caller building several kinds alike may pass ``creature=""``)."""
    made = CLASSES[ActionKind(kind)]
    own = _OWN[made]
    stray = [name for name, value in given.items() if name not in own and value]
    if stray:
        raise TypeError(f"a {made.__name__} decision has no {stray[0]}")
    return made(**{name: value for name, value in given.items() if name in own})


def _channel_words(action: Action) -> str:
    return " ".join(["channel"] + (["and draw"] if action.draw else []) + (
        [f"with {action.amount} excess"] if action.amount else []))


def _spell_words(action: Action) -> str:
    return f"{action.kind} {action.card}" + (f" at {action.target}" if action.target else "")


def _order_words(action: Action) -> str:
    return f"order {action.creature} to {action.kind[6:]} {action.target}"


def _ability_words(action: Action) -> str:
    verb = f"order {action.creature} to use" if action.kind == "order_ability" else f"{action.creature} uses"
    return f"{verb} ability {int(action.card) + 1 if action.card.isdecimal() else action.card}" + (
        f" at {action.target}" if action.target else "")


def _activate_words(action: Action) -> str:
    return f"activate {action.card}" + (f" ability {action.amount + 1}" if action.amount else "") + (
        f" at {action.target}" if action.target else "")


def _named_words(action: Action) -> str:
    return f"{action.kind} {action.card or action.target}"


def _plain_words(action: Action) -> str:
    if action.target:
        return f"{action.kind.replace('_', ' ')} {action.target}"
    return str(action.kind)


#: How each class of decision reads at the table.
_WORDS: dict[type[Action], Callable[[Action], str]] = {
    Channel: _channel_words, Cast: _spell_words, Respond: _spell_words, OrderMove: _order_words,
    OrderEngage: _order_words, OrderAbility: _ability_words, UseAbility: _ability_words,
    Activate: _activate_words, Release: _named_words, Forget: _named_words,
}


def action_words(action: Action) -> str:
    """How the action reads at the table (:meth:`Battle.action_text`, and how the terminal accepts it)."""
    return _WORDS.get(type(action), _plain_words)(action)


#: Decisions said as ``<kind words> <target>`` (``engage c1``, ``trample move c2``).
_AIMED: dict[str, type[Delay | Move | Engage | Intercept | TrampleEngage | TrampleMove]] = {
    "delay": Delay, "move": Move, "engage": Engage, "intercept": Intercept, "trample engage": TrampleEngage,
    "trample move": TrampleMove}
_PLAIN: dict[str, type[Action]] = {"command": Command, "done": Done, "flee": Flee, "end": End, "pass": Pass,
                                   "allow": Allow}


def read_words(text: str) -> Action | None:
    """The plain decision ``text`` says, legal or not (None when it says none of these): so a refusal can
    name the rule it breaks.  Channelling, orders and abilities are read only from the decisions offered.

    >>> read_words("engage c1"), read_words("cast Shock at c1"), read_words("sing")
    (Engage(target='c1'), Cast(card='Shock', target='c1'), None)
    """
    words = " ".join(text.split())
    lowered = words.casefold()
    if lowered in _PLAIN:
        return _PLAIN[lowered]()
    for said, aimed in _AIMED.items():
        if lowered.startswith(said + " ") and " " not in words[len(said) + 1:]:
            return aimed(target=words[len(said) + 1:])
    verb, _, rest = words.partition(" ")
    if verb.casefold() in ("cast", "respond") and rest:
        card, at, target = rest.rpartition(" at ")
        spell = Cast if verb.casefold() == "cast" else Respond
        return spell(card=card, target=target) if at else spell(card=rest)
    if verb.casefold() == "forget" and rest:
        return Forget(card=rest)
    return None
