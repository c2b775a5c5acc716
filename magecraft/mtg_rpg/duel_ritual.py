"""The duel ritual: challenge, length, stakes, victory conditions, and paying up.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Magic Dueling Rules",
"Multi-Player Combat" and "Defeated Wizard Spells".  The four negotiation
steps go in order, alternating Wizards: the challenger declares (step 1), the
defender states the length (2), the challenger proclaims the stakes (3) and
the defender sets the victory conditions (4).

>>> ritual = Ritual.challenge("Sarin", "Mord")
>>> ritual = ritual.state_length("Mord", "quick duel 3 cards").proclaim_stakes("Sarin", "ante")
>>> ritual.set_victory("Mord", "most life").terms().kind
'three-card'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from magecraft.core.errors import InputError, RuleError

RITUAL = "COMBAT: Magic Dueling Rules"

#: Step 2: the lengths a defender may state, and the quick-duel kind each one plays as.
LENGTHS: Mapping[str, tuple[str, int]] = {
    "full deck": ("full deck", 0),
    "quick duel 1 card": ("single-card", 1),
    "quick duel 3 cards": ("three-card", 3),
    "quick duel 7 cards": ("seven-card", 7),
    "limited 5 rounds": ("limited-turns", 5),
    "limited 7 rounds": ("limited-turns", 7),
    "limited 10 rounds": ("limited-turns", 10),
    "limited 15 rounds": ("limited-turns", 15),
}
#: The card budget of each quick duel kind ("Quick Duels"); limited-turns duels count turns instead.  Here,
#: with the ritual's other named terms, so that naming them (a help page) loads no duel.
KINDS: Mapping[str, int] = {"single-card": 1, "three-card": 3, "seven-card": 7, "limited-turns": 0}
#: The "Full Deck" length of step 2 as a duel's kind: a standard Magic duel, always played at the table.
STANDARD = "standard"
#: Step 3: the stakes.
STAKES = ("ante", "passage through an area", "fun / enjoyment / learning", "honor or bragging rights",
          "gold/treasure/money", "death")
#: Step 4: the victory conditions.
VICTORY_CONDITIONS = ("first blood", "unconsciousness or yield", "most life", "most damage")


def length_for(kind: str, turns: int = 0) -> str:
    """The step-2 length that plays as a quick-duel ``kind`` (and ``turns`` for limited-turns duels)."""
    for length, (plays_as, count) in LENGTHS.items():
        if plays_as == kind and (kind != "limited-turns" or count == turns):
            return length
    raise InputError(f"no duel length plays as {kind!r}" + (f" with {turns} turns" if turns else ""))


def _pick(value: str, options: tuple[str, ...] | Mapping[str, Any], what: str) -> str:
    for option in options:
        if option.casefold() == value.strip().casefold():
            return option
    raise InputError(f"unknown {what} {value!r} (one of {', '.join(options)})")


@dataclass(frozen=True, slots=True)
class DuelTerms:
    """What the ritual agreed."""

    challenger: str
    defender: str
    length: str
    stakes: str
    victory: str

    @property
    def kind(self) -> str:
        return LENGTHS[self.length][0]

    @property
    def turns(self) -> int:
        return LENGTHS[self.length][1]

    def to_dict(self) -> dict[str, Any]:
        return {"challenger": self.challenger, "defender": self.defender, "length": self.length,
                "stakes": self.stakes, "victory": self.victory, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Ritual:
    """The negotiation so far; each step returns a new ritual or refuses, changing nothing."""

    challenger: str
    defender: str
    accepted: bool = True
    length: str | None = None
    stakes: str | None = None
    victory: str | None = None

    @classmethod
    def challenge(cls, challenger: str, defender: str, *, accepted: bool = True) -> Ritual:
        """Step 1: a Wizard declares a challenge.  A refused challenge leaves the challenger bound by
        no rules (:attr:`challenger_unbound`)."""
        if not challenger.strip() or not defender.strip() or challenger == defender:
            raise InputError("a challenge needs two different Wizards")
        return cls(challenger, defender, accepted)

    @classmethod
    def simultaneous(cls, first: str, second: str, initiative_winner: str, chosen_challenger: str) -> Ritual:
        """Step 1 when both challenge at once: the initiative winner decides who is the challenger."""
        if initiative_winner not in (first, second) or chosen_challenger not in (first, second):
            raise InputError("the initiative winner and the challenger must be one of the two Wizards")
        other = second if chosen_challenger == first else first
        return cls.challenge(chosen_challenger, other)

    @property
    def challenger_unbound(self) -> bool:
        """"if a Wizard does not accept the challenge, the challenger is not bound to any rules"."""
        return not self.accepted

    def _expect(self, step: int, by: str, who: str) -> None:
        if not self.accepted:
            raise RuleError("the challenge was not accepted: there is no duel to negotiate",
                            rule="a refused challenge ends the ritual", section=RITUAL)
        done = [self.length, self.stakes, self.victory]
        if any(v is None for v in done[: step - 2]) or done[step - 2] is not None:
            raise RuleError(f"step {step} comes after step {step - 1} and only once", section=RITUAL,
                            rule="the four steps are negotiated in order")
        if by != who:
            role = "defending" if who == self.defender else "challenging"
            raise RuleError(f"step {step} is for the {role} Wizard, {who}, not {by}",
                            rule="the steps alternate between the Wizards", section=RITUAL)

    def state_length(self, by: str, length: str) -> Ritual:
        """Step 2: the defending Wizard states the length of the duel."""
        self._expect(2, by, self.defender)
        return replace(self, length=_pick(length, LENGTHS, "duel length"))

    def proclaim_stakes(self, by: str, stakes: str) -> Ritual:
        """Step 3: the challenging Wizard proclaims the stakes."""
        self._expect(3, by, self.challenger)
        return replace(self, stakes=_pick(stakes, STAKES, "stake"))

    def set_victory(self, by: str, victory: str) -> Ritual:
        """Step 4: the defending Wizard sets the victory conditions."""
        self._expect(4, by, self.defender)
        return replace(self, victory=_pick(victory, VICTORY_CONDITIONS, "victory condition"))

    def terms(self) -> DuelTerms:
        if self.length is None or self.stakes is None or self.victory is None:
            raise RuleError("the ritual is not finished: all four steps come before the duel",
                            rule="initiative follows the final declaration in step 4", section=RITUAL)
        return DuelTerms(self.challenger, self.defender, self.length, self.stakes, self.victory)


@dataclass(frozen=True, slots=True)
class Settlement:
    """What happens after the duel: the ante card won, the gold paid, whether the loser's life is
    forfeit (stakes of death), or the karmic backlash of a loser who did not pay."""

    winner: str
    loser: str
    ante_won: tuple[str, ...]
    backlash: bool
    gold_paid: int = 0
    death: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "loser": self.loser, "ante_won": list(self.ante_won),
                "backlash": self.backlash, "gold_paid": self.gold_paid, "death": self.death}


def check_gold_stake(stakes: str, gold: int) -> None:
    """Stakes of "Gold/treasure/money" name an amount (1 gp or more); other stakes name none."""
    if stakes == "gold/treasure/money" and gold < 1:
        raise InputError("a duel for gold names the gold at stake (1 gp or more)")
    if stakes != "gold/treasure/money" and gold:
        raise InputError(f"gold is at stake only in a duel for gold/treasure/money, not for {stakes}")


def _pays(stakes: str, loser: str, loser_pays: bool, gold: int, gold_held: Mapping[str, int] | None) -> bool:
    """Whether the loser fulfils the agreement: not when the loser refuses, nor when a duel for gold
    finds the loser's purse short (a Wizard without a sheet, the built-in referee, always pays)."""
    if not loser_pays:
        return False
    held = (gold_held or {}).get(loser)
    return not (stakes == "gold/treasure/money" and held is not None and held < gold)


def _settlement(stakes: str, winner: str, loser: str, won: tuple[str, ...], pays: bool, gold: int) -> Settlement:
    return Settlement(winner, loser, won, backlash=not pays, gold_paid=gold if pays else 0,
                      death=pays and stakes == "death")


def settle(terms: DuelTerms, winner: str, *, loser_pays: bool = True, ante: Mapping[str, str] | None = None,
           outside_help: str | None = None, gold: int = 0,
           gold_held: Mapping[str, int] | None = None) -> Settlement:
    """Settle a finished duel.

    Outside help (familiars, cohorts, retainers) makes the helped Wizard the
    loser automatically.  With ante at stake each Wizard antes a card
    ("Multi-Player Combat") and the victor gains the loser's ("Defeated Wizard
    Spells"); the victor's own ante card stays theirs.  With gold at stake the
    loser pays ``gold`` to the victor (``gold_held``: each saved Wizard's purse); with death at
    stake the loser's life is forfeit ("Stakes: ... Gold/treasure/money, Death").  A
    loser who does not pay -- or cannot: a purse short of the gold -- suffers the karmic
    backlash: no land can be tapped for mana until restitution is made or the winner dies.
    """
    check_gold_stake(terms.stakes, gold)
    wizards = (terms.challenger, terms.defender)
    if outside_help is not None:
        if outside_help not in wizards:
            raise InputError(f"{outside_help} is not in this duel")
        winner = terms.defender if outside_help == terms.challenger else terms.challenger
    if winner not in wizards:
        raise InputError(f"{winner} is not in this duel")
    loser = terms.defender if winner == terms.challenger else terms.challenger
    won: tuple[str, ...] = ()
    if terms.stakes == "ante":
        if ante is None or set(ante) != set(wizards):
            raise RuleError("an ante duel needs an ante card from each Wizard",
                            rule="each Wizard gives up an ante card", section="COMBAT: Multi-Player Combat")
        won = (ante[loser],)
    pays = _pays(terms.stakes, loser, loser_pays, gold, gold_held)
    return _settlement(terms.stakes, winner, loser, won, pays, gold)


@dataclass(frozen=True, slots=True)
class TableOutcome:
    """A duel played with real cards, as the players report it: life left, damage dealt, and who
    drew first blood or fell unconscious (or yielded)."""

    winner: str
    loser: str
    reason: str
    life: Mapping[str, int]
    damage: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "loser": self.loser, "reason": self.reason, "life": dict(self.life),
                "damage": dict(self.damage)}


def table_outcome(terms: DuelTerms, *, life: Mapping[str, int], damage: Mapping[str, int] | None = None,
                  first_blood: str | None = None, out: str | None = None) -> TableOutcome:
    """Judge a duel played at the table by the ritual's victory condition (step 4; ruling R17).

    A Wizard who fell unconscious or yielded (``out``) loses under any condition ("Character
    Death": 0 life is unconsciousness); first blood goes to whoever drew it; otherwise "whichever
    Wizard has the lowest number of life points at the end of the duel is the loser" ("Limited
    Turns Dueling"), or the least damage dealt under "most damage".  A tie is refused: the duel
    goes on ("Single Card Duel" 6).
    """
    wizards = (terms.challenger, terms.defender)
    dealt = dict(damage or {})
    for what, given in (("life", life), ("damage", dealt)):
        if set(given) - set(wizards) or (what == "life" and set(given) != set(wizards)):
            raise InputError(f"give the {what} of {' and '.join(wizards)} (and no one else)")
    if any(v < 0 for v in dealt.values()):
        raise InputError("damage dealt cannot be negative")
    for named in (first_blood, out):
        if named is not None and named not in wizards:
            raise InputError(f"{named} is not in this duel")
    downed = out or next((w for w in wizards if life[w] <= 0), None)
    if downed is not None:
        winner = terms.defender if downed == terms.challenger else terms.challenger
        return TableOutcome(winner, downed, f"{downed} fell unconscious or yielded", life, dealt)
    if terms.victory == "first blood":
        if first_blood is None:
            raise RuleError("a first-blood duel needs the Wizard who drew first blood", section=RITUAL,
                            rule="the victory condition decides")
        loser = terms.defender if first_blood == terms.challenger else terms.challenger
        return TableOutcome(first_blood, loser, f"first blood to {first_blood}", life, dealt)
    if terms.victory == "unconsciousness or yield":
        raise RuleError("no Wizard fell unconscious or yielded: the duel goes on", section=RITUAL,
                        rule="the victory condition decides")
    score = life if terms.victory == "most life" else {w: dealt.get(w, 0) for w in wizards}
    a, b = wizards
    if score[a] == score[b]:
        raise RuleError(f"a tie on {terms.victory}: the duel goes on until there is a winner",
                        rule="a tie plays on", section="COMBAT: Single Card Duel")
    winner, loser = (a, b) if score[a] > score[b] else (b, a)
    return TableOutcome(winner, loser, f"{winner} has the {terms.victory} at the end of the duel", life, dealt)


def settle_free_for_all(winner: str, losers: Sequence[str], *, loser_pays: bool = True,
                        ante: Mapping[str, str] | None = None, stakes: str = "ante", gold: int = 0,
                        gold_held: Mapping[str, int] | None = None) -> dict[str, Settlement]:
    """Settle a quick duel of three or more Wizards (ruling R19), one :class:`Settlement` for each
    Wizard's sheet: "each Wizard in the duel must give up an ante card" and the victor gains every
    loser's; with gold at stake each loser pays the victor, with death each loser's life is forfeit;
    each loser who does not pay suffers the karmic backlash towards the victor."""
    check_gold_stake(stakes, gold)
    if not losers or winner in losers:
        raise InputError("a free-for-all needs a victor and the Wizards who lost")
    if ante is not None and set(ante) != {winner, *losers}:
        raise RuleError("an ante duel needs an ante card from each Wizard",
                        rule="each Wizard gives up an ante card", section="COMBAT: Multi-Player Combat")
    won = {loser: (ante[loser],) if ante is not None else () for loser in losers}
    settled = {loser: _settlement(stakes, winner, loser, won[loser],
                                  _pays(stakes, loser, loser_pays, gold, gold_held), gold) for loser in losers}
    settled[winner] = Settlement(winner, losers[0], tuple(card for loser in losers for card in won[loser]),
                                 backlash=False, gold_paid=sum(settled[loser].gold_paid for loser in losers))
    return settled


#: The saved Wizard's record notes whom an unpaid loser owes restitution (the karmic backlash).
RESTITUTION_OWED = "restitution_owed_to"


def check_land_tapping(wizard: str, owed_to: str | None) -> None:
    """The karmic backlash ("Magic Dueling Rules"): a loser who does not uphold the agreement "will
    not be able to tap any land for mana until either full restitution is made to the winner or the
    winner dies".  Reserve mana is not land and stays usable."""
    if owed_to is not None:
        raise RuleError(f"{wizard} lost a duel to {owed_to} without paying: no land can be tapped for mana "
                        f"until restitution is made to {owed_to} or {owed_to} dies",
                        rule="the karmic backlash of a loser who does not pay", section=RITUAL)
