"""Renewal, life and death: the daily renewal of cards, healing, fatigue, bleeding and running out of cards.

Seed 000 ("MAGIC The Gathering RPG"): "Renewal Period", "Life Points",
"Spell Card Use", "Character Death", "Bleeding", "Magic and
Unconsciousness", "Healing", "Fatigue", "Skill Descriptions" (Endurance,
Healing, Stabilize Self), "Deck Building" (running out of cards) and the
"Mental Toughness" feat.

>>> vitals = Vitals(life=4, max_life=14)
>>> hurt = vitals.take_damage(5)
>>> hurt.life, hurt.unconscious, hurt.bleeding, hurt.dead
(-1, True, True, False)
>>> renewal_healing(constitution=2, bed_rest=True)
4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import Card
from magecraft.mtg_rpg.character import Character, current_life, derive, favoured_element, with_life
from magecraft.mtg_rpg.monsters import restore_drained
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

RENEWAL = "CHARACTER CREATION: Renewal Period"
LIFE = "CHARACTER CREATION: Life Points"
DEATH = "COMBAT: Character Death"
BLEEDING = "COMBAT: Bleeding"
UNCONSCIOUS = "COMBAT: Magic and Unconsciousness"
HEALING = "COMBAT: Healing"
FATIGUE = "COMBAT: Fatigue"
OUT_OF_CARDS = "Deck Building"

#: "Character Death": unconscious at 0, bleeding from -1, dead at -5.
BLEEDING_FROM = -1
DEATH_AT = -5
#: "Bleeding": somebody else stops the bleeding with an average (6) healing action.
HEALER_STOPS_BLEEDING = 6
#: "Healing": a healer who makes a difficulty check of 9 gives three extra life points ...
HEALER_CHECK = 9
HEALER_BONUS = 3
#: ... and tending a patient overnight without interruption gives 1.
OVERNIGHT_BONUS = 1
#: "Fatigue": the Endurance check to shrug off a day without rest is Challenging (9), one category more
#: for each further day ("Skill Descriptions: Endurance").
ENDURANCE_CHECK = 9
ENDURANCE_STEP = 3
#: "Deck Building": a Wizard who runs out of cards is unconscious for an hour.
OUT_OF_CARDS_MINUTES = 60
#: "Fatigue": the collapse lasts 8 hours.
FATIGUE_SLEEP_HOURS = 8

StopMethod = Literal["stabilize self", "healer", "magic"]
STOP_METHODS: tuple[StopMethod, ...] = ("stabilize self", "healer", "magic")


@dataclass(frozen=True, slots=True)
class Vitals:
    """A Wizard's life points and condition ("Life Points", "Character Death")."""

    life: int
    max_life: int
    bleeding: bool = False
    unconscious: bool = False
    dead: bool = False
    poison: int = 0

    def take_damage(self, amount: int, *, deliberate: bool = True,
                    settings: Settings = DEFAULT_SETTINGS) -> Vitals:
        """Damage: unconscious at 0, bleeding from -1, death by ``settings.death_rule``.

        Under "minus five" a Wizard dies at -5.  Under the alternate "deliberate
        blow" rule a Wizard dies only when already unconscious and hit on
        purpose again (``deliberate``); one very large blow only knocks out.
        """
        if amount < 0:
            raise InputError("damage cannot be negative")
        if self.dead or amount == 0:
            return self
        was_down = self.unconscious
        life = self.life - amount
        dead = (life <= DEATH_AT if settings.death_rule == "minus five" else was_down and deliberate)
        return replace(self, life=life, unconscious=self.unconscious or life <= 0,
                       bleeding=self.bleeding or life <= BLEEDING_FROM, dead=dead)

    def bleed(self, settings: Settings = DEFAULT_SETTINGS) -> Vitals:
        """One turn of bleeding: 1 more point of damage ("Bleeding is 1 point ... per turn")."""
        if not self.bleeding or self.dead:
            return self
        return self.take_damage(1, deliberate=False, settings=settings)

    def stop_bleeding(self, method: StopMethod, total: int = 0,
                      settings: Settings = DEFAULT_SETTINGS) -> Vitals:
        """Try to stop the bleeding ("Bleeding").

        ``stabilize self``: the Wizard's own action total against the
        stabilization difficulty (a setting); ``healer``: somebody else's
        Healing total against 6; ``magic``: magical healing always works
        (heal the points with :meth:`heal`).  A failed try leaves it bleeding.
        """
        if not self.bleeding:
            raise RuleError("the Wizard is not bleeding", rule="bleeding starts at -1 life points",
                            section=BLEEDING)
        needed = {"stabilize self": settings.stabilize_self_difficulty, "healer": HEALER_STOPS_BLEEDING,
                  "magic": 0}[method]
        return replace(self, bleeding=False) if total >= needed else self

    def heal(self, points: int) -> Vitals:
        """Regain life points (never above the maximum); healing stops bleeding and wakes at 1+."""
        if points < 0:
            raise InputError("healing cannot be negative")
        if self.dead:
            raise RuleError("the dead cannot be healed", rule="raising the dead is not possible",
                            section="MAGIC: Spell Limitations")
        life = min(self.max_life, self.life + points)
        return replace(self, life=life, bleeding=self.bleeding and points == 0,
                       unconscious=self.unconscious and life <= 0)

    def to_dict(self) -> dict[str, Any]:
        return {"life": self.life, "max_life": self.max_life, "bleeding": self.bleeding,
                "unconscious": self.unconscious, "dead": self.dead, "poison": self.poison}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Vitals:
        try:
            return cls(int(raw["life"]), int(raw["max_life"]), bool(raw["bleeding"]), bool(raw["unconscious"]),
                       bool(raw["dead"]), int(raw["poison"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"saved life points are malformed: {exc}") from None


# -- the saved Wizard's life ----------------------------------------------------------------------
# Every command that changes a saved Wizard's life goes through these, so unconsciousness at 0,
# bleeding from -1 and death at -5 (or by the alternate rule, ``Settings.death_rule``) are always
# applied to the sheet ("Life Points", "Character Death").


def living_life(character: Character) -> range:
    """The life points a living ``character`` may have: above the death at -5 ("Character Death") and at
    most the derived life ("Life Points") -- what a referee may give as the life now."""
    return range(DEATH_AT + 1, derive(character).life + 1)


def vitals_of(character: Character, *, life: int | None = None, poison: int | None = None) -> Vitals:
    """The sheet's life points and condition; ``life`` and ``poison`` stand in for the sheet's when
    the referee gives them (a life of -1 or less given so is bleeding, "Character Death")."""
    now = current_life(character) if life is None else life
    bleeding = character.bleeding if life is None else now <= BLEEDING_FROM
    return Vitals(now, derive(character).life, bleeding=bleeding, unconscious=now <= 0, dead=character.dead,
                  poison=character.poison if poison is None else poison)


def with_vitals(character: Character, vitals: Vitals) -> Character:
    """The sheet with ``vitals`` as its life points and condition."""
    return replace(with_life(character, vitals.life), bleeding=vitals.bleeding, dead=vitals.dead,
                   poison=vitals.poison)


def elemental_damage(character: Character, amount: int, element: str | None) -> int:
    """Damage after Elemental Resistance: "Gain 1 point of damage resistance against your favored
    element" -- damage of that element is 1 less (never below 0); other damage is unchanged."""
    resisted = favoured_element(character)
    if element is None or resisted is None or element.strip().casefold() != resisted.casefold():
        return amount
    return max(0, amount - derive(character).elemental_resistance)


def wound(character: Character, amount: int, *, element: str | None = None, deliberate: bool = True,
          settings: Settings = DEFAULT_SETTINGS) -> Character:
    """The sheet after ``amount`` damage (less Elemental Resistance against its ``element``):
    unconscious at 0, bleeding from -1, death at -5 or by the alternate rule (:meth:`Vitals.take_damage`)."""
    if amount < 0:
        raise InputError("damage cannot be negative")
    return with_vitals(character, vitals_of(character).take_damage(
        elemental_damage(character, amount, element), deliberate=deliberate, settings=settings))


def bleed_turn(character: Character, *, settings: Settings = DEFAULT_SETTINGS) -> Character:
    """One turn of bleeding on the sheet ("Bleeding is 1 point of additional damage per turn")."""
    return with_vitals(character, vitals_of(character).bleed(settings))


def stop_wizard_bleeding(character: Character, method: StopMethod, total: int = 0, *,
                         settings: Settings = DEFAULT_SETTINGS) -> Character:
    """Try to stop the sheet's bleeding (:meth:`Vitals.stop_bleeding`)."""
    return with_vitals(character, vitals_of(character).stop_bleeding(method, total, settings))


def heal_wizard(character: Character, points: int) -> Character:
    """Life points healed on the sheet: healing stops the bleeding and wakes at 1 or more; the dead are
    not healed (:meth:`Vitals.heal`)."""
    return with_vitals(character, vitals_of(character).heal(points))


def life_after_fight(character: Character, life: int, *, settings: Settings = DEFAULT_SETTINGS) -> Character:
    """The sheet left at ``life`` by a fight such as a duel: a loss is damage taken while conscious (so
    under the alternate death rule it only knocks out), a gain is healing."""
    now = current_life(character)
    vitals = vitals_of(character)
    if life < now:
        vitals = vitals.take_damage(now - life, deliberate=False, settings=settings)
    elif life > now:
        vitals = vitals.heal(life - now)
    return with_vitals(character, vitals)


def check_alive(character: Character, doing: str) -> None:
    """A dead Wizard does nothing more, not even heal or renew ("Character Death")."""
    if character.dead:
        raise RuleError(f"{character.name} is dead and cannot {doing}", rule="death occurs at -5 life points "
                        "(or, by the alternate rule, a deliberate blow while unconscious)", section=DEATH)


def check_can_act(character: Character, doing: str = "act") -> None:
    """A dead Wizard does nothing more, and an unconscious one ("Unconsciousness occurs at 0 life
    points") cannot act, dodge, cast or duel: refused, naming the rule ("Life Points")."""
    check_alive(character, doing)
    life = current_life(character)
    if life <= 0:
        raise RuleError(f"{character.name} is unconscious at {life} life points and cannot {doing}",
                        rule="unconsciousness occurs at 0 life points", section=LIFE)


def kill(character: Character) -> Character:
    """The sheet of a Wizard who died of something other than damage (a duel for death, Channel Energy)."""
    return replace(character, dead=True, bleeding=False)


# -- healing ----------------------------------------------------------------------------------


def renewal_healing(constitution: int, *, bed_rest: bool = False, healer_total: int | None = None,
                    tended_overnight: bool = False, settings: Settings = DEFAULT_SETTINGS) -> int:
    """Life points regained at a renewal period ("Healing", "Renewal Period").

    One per point of Constitution (minimum 1), doubled by 24 hours of complete
    bed rest; +3 when a healer tending the Wizard makes a Healing check of 9
    (``healer_total``); +1 for uninterrupted overnight tending, on top of the +3 (ruling P13; setting
    ``overnight_tending_stacks`` false counts it only when the +3 was not earned).
    """
    base = max(1, constitution) * (2 if bed_rest else 1)
    checked = healer_total is not None and healer_total >= HEALER_CHECK
    bonus = HEALER_BONUS if checked else 0
    if tended_overnight and (settings.overnight_tending_stacks or not checked):
        bonus += OVERNIGHT_BONUS
    return base + bonus


def check_patients(healing_score: int, patients: int) -> None:
    """A healer tends one patient per point of Healing skill including Wisdom ("Healing")."""
    if patients > healing_score:
        raise RuleError(f"a healer with Healing {healing_score} can tend {healing_score} patients, not {patients}",
                        rule="a healer tends 1 person per point of healing skill (including Wisdom)",
                        section=HEALING)


# -- renewal ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RenewalOutcome:
    """What a renewal period gave back."""

    healed: int
    vitals: Vitals
    reserve_mana: int
    restored_cards: int
    drawn: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"healed": self.healed, "vitals": self.vitals.to_dict(), "reserve_mana": self.reserve_mana,
                "restored_cards": self.restored_cards, "drawn": list(self.drawn)}


def renew(deck: SpellDeck, vitals: Vitals, rng: Randomness, *, constitution: int, wisdom: int,
          keep_hand: bool = True, bed_rest: bool = False, healer_total: int | None = None,
          tended_overnight: bool = False, settings: Settings = DEFAULT_SETTINGS) -> RenewalOutcome:
    """The daily renewal period ("Renewal Period", "Spell Card Use", "Healing").

    The graveyard goes back into the library (spell cards are usable again),
    the library is shuffled -- with the hand too unless the player keeps it --
    and the hand is drawn up; reserve mana is back to Wisdom; life heals (see
    :func:`renewal_healing`) and one poison counter goes.
    """
    if vitals.dead:
        raise RuleError("a dead Wizard has no renewal period", rule="death occurs at -5 life points",
                        section=DEATH)
    restored = len(deck.graveyard)
    if not keep_hand:
        deck.library.discards.extend(deck.hand)
        deck.hand.clear()
    deck.library.reshuffle(rng, "renewal: shuffle the graveyard back into the library")
    drawn = deck.refill(rng)
    points = renewal_healing(constitution, bed_rest=bed_rest, healer_total=healer_total,
                             tended_overnight=tended_overnight, settings=settings)
    before = vitals.life
    healed = replace(vitals.heal(points), poison=max(0, vitals.poison - 1))
    outcome = RenewalOutcome(healed.life - before, healed, wisdom, restored, tuple(c.name for c in drawn))
    rng.log.record("renewal", f"renewal: {restored} cards restored, {outcome.healed} life healed",
                   section=RENEWAL, data=outcome.to_dict())
    return outcome


def fall_unconscious(deck: SpellDeck, rng: Randomness, in_play: Sequence[Card] = ()) -> int:
    """An unconscious Wizard loses the current hand, summoned monsters, played land and spells in
    effect (``in_play``) ("Magic and Unconsciousness").

    The lost cards go to the graveyard until renewal (see the rulings); a new
    hand is drawn on waking (:meth:`SpellDeck.refill`).  Returns how many were lost.
    """
    lost = [*deck.hand, *in_play]
    deck.library.discards.extend(lost)
    deck.hand.clear()
    rng.log.record("unconscious", f"unconscious: {len(lost)} cards in hand and in play are lost",
                   section=UNCONSCIOUS, data={"lost": [c.name for c in lost]})
    return len(lost)


@dataclass(frozen=True, slots=True)
class OutOfCards:
    """What running out of cards does ("Deck Building"; "FEATS: Mental Toughness")."""

    loses_duel: bool
    unconscious_minutes: int
    can_cast_until_renewal: bool
    only_walk_speak_sleep: bool

    def to_dict(self) -> dict[str, Any]:
        return {"loses_duel": self.loses_duel, "unconscious_minutes": self.unconscious_minutes,
                "can_cast_until_renewal": self.can_cast_until_renewal,
                "only_walk_speak_sleep": self.only_walk_speak_sleep}

    def describe(self) -> str:
        if self.unconscious_minutes:
            return (f"unconscious for {self.unconscious_minutes} minutes, then only walking, speaking or "
                    "sleeping until the next renewal period")
        return "no spells until the next renewal period (Mental Toughness)"


def run_out_of_cards(*, mental_toughness: bool = False) -> OutOfCards:
    """A Wizard out of cards loses the duel and is unconscious for an hour, then can only walk,
    speak or sleep until renewal; with Mental Toughness there is no unconsciousness, only no
    spells until renewal."""
    if mental_toughness:
        return OutOfCards(loses_duel=True, unconscious_minutes=0, can_cast_until_renewal=False,
                          only_walk_speak_sleep=False)
    return OutOfCards(loses_duel=True, unconscious_minutes=OUT_OF_CARDS_MINUTES, can_cast_until_renewal=False,
                      only_walk_speak_sleep=True)


# -- fatigue -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fatigue:
    """Days without rest and the penalty to every attribute ("Fatigue")."""

    days_without_rest: int = 0
    penalty: int = 0

    def endurance_difficulty(self) -> int:
        """The Endurance check to shrug off the next day awake: 9, then +3 a day."""
        return ENDURANCE_CHECK + ENDURANCE_STEP * self.days_without_rest

    def stay_awake(self, endurance_total: int | None = None) -> Fatigue:
        """Another day (24 hours) without sleep: -1 to all attributes unless Endurance makes the check."""
        resisted = endurance_total is not None and endurance_total >= self.endurance_difficulty()
        return Fatigue(self.days_without_rest + 1, self.penalty + (0 if resisted else 1))

    def rest(self) -> Fatigue:
        """One 8-hour rest cures all levels of fatigue."""
        return Fatigue()

    def attribute(self, value: int) -> int:
        return value - self.penalty

    def collapses(self, strength: int, dexterity: int, constitution: int) -> bool:
        """A physical attribute at 0 or below from fatigue: unconscious, asleep for 8 hours."""
        return self.penalty > 0 and min(strength, dexterity, constitution) - self.penalty <= 0


def recover_at_renewal(character: Character, life: int | Vitals) -> Character:
    """The sheet after a renewal period: ``life`` as the current life points (after healing), one
    point of Intelligence back from Channel Energy ("FEATS: Channel Energy": the temporary loss
    "heals at the rate of one point per renewal period"), one drained attribute point back
    ("MONSTERS: Ability Drain", ruling F38), the quickened spells ready again ("FEATS: Quicken
    Spell"), the daily uses of charged items back ("Craft Magic Item") and the reserve mana whole
    ("Wisdom")."""
    healing = min(1, character.channelled)
    below = min(healing, character.channelled_below_zero)  # the points past 0 IQ heal first (F26)
    iq_back = healing - below
    healed = replace(character, attributes={**character.attributes, "IQ": character.attribute("IQ") + iq_back},
                     channelled=character.channelled - healing,
                     channelled_below_zero=character.channelled_below_zero - below, quickened_cast=(),
                     reserve_used=0, item_uses=())
    if isinstance(life, Vitals):
        return with_vitals(restore_drained(healed), life)
    return with_life(restore_drained(healed), life)
