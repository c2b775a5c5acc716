"""Combat helpers: surprise, initiative, dodging, a Wizard's turn, armour, items, environments, grapples.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT" (Card Draw, Opposition
Statistics, Surprise, Initiative, Dodge, Extra Movement, Physical Wizard
Attacks, Number of Actions, Grapple Attacks, Blocking and Summoned Creatures,
Role Playing During Combat), "EQUIPMENT" (Armor, Maximum Armor Protection,
Damage Resistance, Item Destruction) and "Hostile Environments".  Armour and
environments are data (``data/play_combat.toml``).

>>> surprised = not acts_in_first_round(awareness_total=5, opposing=9)
>>> surprised
True
>>> damage_after_armour(3, armour_protection(["Chain shirt"]))
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import (
    ActionAttempt,
    ActionResult,
    SpellDeck,
    card_value,
    casting_cost,
    opposed,
    resolve_action,
)
from magecraft.mtg_rpg.cards import Card
from magecraft.mtg_rpg.datafiles import data_text, parse_toml
from magecraft.mtg_rpg.monsters import damage_through_resistance
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

SURPRISE = "COMBAT: Surprise"
INITIATIVE = "COMBAT: Initiative"
DODGE = "COMBAT: Dodge"
EXTRA_MOVEMENT = "COMBAT: Extra Movement"
PHYSICAL = "COMBAT: Physical Wizard Attacks"
ACTIONS = "COMBAT: Number of Actions"
GRAPPLE = "COMBAT: Grapple Attacks"
BLOCKING = "COMBAT: Blocking and Summoned Creatures"
ARMOUR = "EQUIPMENT: Armor"
ITEMS = "EQUIPMENT: Item Destruction"
ENVIRONMENTS = "Hostile Environments"
OPPOSITION = "COMBAT: Opposition Statistics"
HEALING_SKILL = "SKILLS: Skill Descriptions (Healing)"
TALISMAN = "CHARACTER CREATION: The Wizard's Talisman"
DURATION = "COMBAT: Magic Duration"

#: "Surprise": an Awareness total within 3 points of the opposing score still acts.
SURPRISE_MARGIN = 3
#: "Maximum Armor Protection": 2 points, shields included, for non-magical armour.
MAX_ARMOUR = 2
#: "Armor": 5 minutes (rounds) per point of toughness to put armour on or off.
DONNING_MINUTES_PER_POINT = 5
#: "Opposition Statistics": a challenging Wilderness Lore or daunting Arcane Knowledge action.
IDENTIFY_DIFFICULTY: Mapping[str, int] = {"Wilderness Lore": 9, "Arcane Knowledge": 12}


def identify_difficulty(skill: str) -> int:
    """The action that learns one of an opposing monster's abilities or statistics ("Opposition
    Statistics"); an opposing Wizard's life and abilities cannot be learnt this way."""
    if skill not in IDENTIFY_DIFFICULTY:
        raise RuleError(f"{skill} cannot identify a monster's abilities (use Wilderness Lore or Arcane "
                        "Knowledge)", rule="a challenging wilderness lore or daunting arcane knowledge action",
                        section=OPPOSITION)
    return IDENTIFY_DIFFICULTY[skill]


def end_scene(deck: SpellDeck, in_play: Sequence[Card], rng: Randomness) -> int:
    """At the end of a duel or scene all magic cast and mana played goes to the graveyard ("Magic
    Duration"); returns how many cards went."""
    for card in in_play:
        deck.spend(card)
    rng.log.record("scene", f"end of the scene: {len(in_play)} cards in play go to the graveyard",
                   section=DURATION, data={"cards": [c.name for c in in_play]})
    return len(in_play)


# -- surprise and initiative ------------------------------------------------------------------


def acts_in_first_round(awareness_total: int, opposing: int) -> bool:
    """Surprise: the Wizard's Awareness total within 3 of the DC or the attacker's Stealth total acts.

    A surprised Wizard forfeits the first round but may still dodge ("Surprise").
    """
    return awareness_total >= opposing - SURPRISE_MARGIN


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    """One combatant's initiative: modifier plus card, with DX and IQ for ties ("Initiative")."""

    name: str
    modifier: int
    card: str | None
    card_value: int
    dexterity: int
    intelligence: int

    @property
    def total(self) -> int:
        return self.modifier + self.card_value

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "modifier": self.modifier, "card": self.card, "card_value": self.card_value,
                "total": self.total, "dexterity": self.dexterity, "intelligence": self.intelligence}


def wizard_initiative(name: str, deck: SpellDeck, card: str | None, *, dexterity: int, intelligence: int,
                      modifier: int | None = None, settings: Settings = DEFAULT_SETTINGS) -> InitiativeEntry:
    """A Wizard's initiative: the modifier (DX and feats: the sheet's ``derive(...).initiative``,
    DX alone when not given) plus a card played from hand, if any.

    The card is spent like a spell in a duel: it goes to the graveyard until
    the next renewal period ("Initiative").
    """
    played = deck.take_from_hand(card) if card is not None else None
    if played is not None:
        deck.spend(played)
    return InitiativeEntry(name, dexterity if modifier is None else modifier,
                           played.name if played else None, card_value(played, settings), dexterity,
                           intelligence)


def monster_initiative(name: str, creature: Card, referee_deck: Deck[Card], rng: Randomness,
                       settings: Settings = DEFAULT_SETTINGS) -> InitiativeEntry:
    """A monster's initiative: a card pulled from the referee's deck plus its coloured pips.

    For ties its Dexterity is half its toughness and its Intelligence its
    coloured casting cost ("Monster Statistics").  The referee's card goes back.
    """
    pulled = referee_deck.draw_random(rng, f"referee card for {name}'s initiative")
    referee_deck.put_on_bottom(pulled)
    pips = creature.pip_count()
    return InitiativeEntry(name, pips, pulled.name, card_value(pulled, settings),
                           _stat(creature.toughness) // 2, pips)


def _stat(value: str | None) -> int:
    # A "*" power or toughness counts 0 off the card (it depends on the game).
    return int(value) if value is not None and value.lstrip("-").isdigit() else 0


def initiative_order(entries: Sequence[InitiativeEntry], referee_deck: Deck[Card],
                     rng: Randomness) -> list[InitiativeEntry]:
    """Highest total first; ties by highest DX, then IQ, then a random card draw each ("Initiative").

    The tie-breaking cards come from the referee's deck and go back to it;
    combatants still tied draw again.
    """
    if len({e.name for e in entries}) != len(entries):
        raise InputError("each combatant needs a different name")
    groups: dict[tuple[int, int, int], list[InitiativeEntry]] = {}
    for entry in entries:
        groups.setdefault((entry.total, entry.dexterity, entry.intelligence), []).append(entry)
    order: list[InitiativeEntry] = []
    for key in sorted(groups, reverse=True):
        order.extend(_break_tie(groups[key], referee_deck, rng))
    rng.log.record("initiative", "initiative order: " + ", ".join(e.name for e in order), section=INITIATIVE,
                   data={"order": [e.to_dict() for e in order]})
    return order


def _break_tie(tied: list[InitiativeEntry], referee_deck: Deck[Card],
               rng: Randomness) -> list[InitiativeEntry]:
    if len(tied) == 1:
        return tied
    if not referee_deck.cards:
        raise RuleError("the referee's deck is empty: no card to break the tie", rule="ties: a random card draw",
                        section=INITIATIVE)
    # Whether every card costs the same, asked from the bottom up: a deck of lands first, then spells, shows
    # a difference at once.
    first_cost = casting_cost(referee_deck.cards[0])
    if all(casting_cost(card) == first_cost for card in reversed(referee_deck.cards)):
        # Every card would tie again: the draw cannot decide, so the first is drawn by lot (ruling P18).
        first = rng.choice(tied, "initiative tie: the cards all cost the same, who goes first by lot",
                           section=INITIATIVE)
        return [first, *_break_tie([e for e in tied if e is not first], referee_deck, rng)]
    draws: dict[str, int] = {}
    for entry in tied:
        card = referee_deck.draw_random(rng, f"initiative tie card for {entry.name}")
        referee_deck.put_on_bottom(card)
        draws[entry.name] = casting_cost(card)
        # The card is drawn face up at the table: every seat sees which card broke the tie, not only the roll
        # that picked it (issue 25 item 12).
        rng.log.record("initiative", f"initiative tie: {entry.name} draws {card.name} (casting cost "
                       f"{draws[entry.name]})", section=INITIATIVE,
                       data={"wizard": entry.name, "card": card.name, "cost": draws[entry.name]})
    ranked: list[InitiativeEntry] = []
    for value in sorted(set(draws.values()), reverse=True):
        ranked.extend(_break_tie([e for e in tied if draws[e.name] == value], referee_deck, rng))
    return ranked


# -- dodging and movement ---------------------------------------------------------------------


def dodge(deck: SpellDeck, card: str | None, dodge_score: int, attacker_power: int, attacker_toughness: int,
          rng: Randomness, settings: Settings = DEFAULT_SETTINGS) -> ActionResult:
    """Dodge an attacking creature: Dodge skill plus a card must exceed its power plus toughness.

    The card is redrawn immediately, as for any action ("Dodge").  Whether the
    Wizard may dodge now is :meth:`WizardTurn.check`'s business.
    """
    attempt = ActionAttempt(score=dodge_score, difficulty=attacker_power + attacker_toughness + 1,
                            attribute="DX", card=card)
    return resolve_action(deck, attempt, rng, settings=settings)


def extra_movement(deck: SpellDeck, card: str, walk: int) -> int:
    """Walk for one round raised by a card's mana casting cost; the card is spent ("Extra Movement").

    Only one card a round may be played this way (:class:`WizardTurn` counts it).
    """
    played = deck.take_from_hand(card)
    deck.spend(played)
    return walk + casting_cost(played)


# -- a Wizard's turn in a duel ----------------------------------------------------------------

TurnAction = Literal["cast spell", "play land", "tap land", "use item", "control creatures", "physical attack",
                     "grapple", "counter-attack", "hold", "dodge", "abort to dodge", "extra movement",
                     "tend wounds"]
TURN_ACTIONS: tuple[TurnAction, ...] = ("cast spell", "play land", "tap land", "use item", "control creatures",
                                        "physical attack", "grapple", "counter-attack", "hold", "dodge",
                                        "abort to dodge", "extra movement", "tend wounds")
_MAGIC: frozenset[TurnAction] = frozenset({"cast spell", "play land", "tap land", "use item",
                                           "control creatures", "extra movement"})
_MANA: frozenset[TurnAction] = frozenset({"cast spell", "play land", "tap land", "use item", "extra movement"})
Movement = Literal["walk", "sprint", "run"]


@dataclass(frozen=True, slots=True)
class WizardTurn:
    """What a Wizard has done this turn, and what the rules still allow ("Number of Actions").

    A turn may hold any number of spells and lands, one magic item, one
    physical attack (or grapple) and no magic with it, or tending a bleeding
    person (a full round without magic: "Skill Descriptions: Healing"), dodges up to
    1 + Improved Dodge levels -- and a dodge only with no land, item or spell
    played; "abort to dodge" gives up the next turn instead.
    """

    #: Dodges a turn: 1, one more per Improved Dodge (the sheet's ``derive(...).dodges_per_turn``).
    dodges_allowed: int = 1
    armoured: bool = False
    grappled: bool = False
    surprised: bool = False
    has_weapon: bool = True
    #: Without a talisman a Wizard casts no spells, only cantrips ("The Wizard's Talisman").
    has_talisman: bool = True
    movement: Movement = "walk"
    done: tuple[TurnAction, ...] = ()
    forfeits_next_turn: bool = False

    def count(self, action: TurnAction) -> int:
        return self.done.count(action)

    def check(self, action: TurnAction) -> None:
        """Raise :class:`RuleError` if ``action`` is not allowed now; changes nothing."""
        if action not in TURN_ACTIONS:
            raise InputError(f"unknown turn action {action!r} (one of {', '.join(TURN_ACTIONS)})")
        dodges = self.count("dodge") + self.count("abort to dodge")
        if action in ("dodge", "abort to dodge"):
            if dodges >= self.dodges_allowed:
                raise RuleError(f"only {self.dodges_allowed} dodge(s) a turn", section=DODGE,
                                rule="one creature can be dodged a turn, one more per Improved Dodge")
            if action == "dodge" and any(a in _MANA or a in ("physical attack", "grapple") for a in self.done):
                raise RuleError("a dodge needs a turn with no land, magic item or spell played; "
                                "abort to dodge instead", rule="dodge without having played land, items or "
                                "spells", section=ACTIONS)
            if action == "dodge" and self.movement == "run":
                raise RuleError("a running Wizard can only abort to dodge", rule="run is the only action",
                                section="COMBAT: Movement")
            return
        if self.surprised:
            raise RuleError("a surprised Wizard forfeits the first round (dodging is still allowed)",
                            rule="caught unaware: forfeit the first combat round", section=SURPRISE)
        if dodges and action != "hold":
            raise RuleError("a Wizard who dodged gave up this turn's actions", rule="dodge instead of acting",
                            section=DODGE)
        if self.movement == "run":
            raise RuleError("running is the only action a Wizard can take that round",
                            rule="run: the only action in the round", section="COMBAT: Movement")
        if action == "hold":
            if self.done:
                raise RuleError("an action can only be held before anything else is done", section=ACTIONS,
                                rule="hold the action to dodge later in the turn")
            return
        if "hold" in self.done:
            raise RuleError("the action is held for a dodge", rule="hold the action to dodge later in the turn",
                            section=ACTIONS)
        physical = self.count("physical attack") + self.count("grapple")
        if action in _MAGIC:
            self._check_magic(action, physical)
            return
        self._check_physical(action, physical)

    def _check_magic(self, action: TurnAction, physical: int) -> None:
        if self.armoured:
            raise RuleError("a Wizard wearing armour cannot cast spells, use magic items or access mana",
                            rule="no magic in armour", section=ARMOUR)
        if self.movement == "sprint" and action in _MANA:
            raise RuleError("a sprinting Wizard cannot use or play mana", rule="sprint: no mana",
                            section="COMBAT: Movement")
        if physical:
            raise RuleError("a Wizard who attacked physically cannot use magic this turn",
                            rule="no magic before or after a physical attack", section=PHYSICAL)
        if self.count("tend wounds"):
            raise RuleError("a Wizard tending a bleeding person cannot cast spells or use magic items",
                            rule="no spells or magic items while healing", section=HEALING_SKILL)
        if not self.has_talisman and action == "cast spell":
            raise RuleError("a Wizard without a talisman cannot cast spells (only cantrips)",
                            rule="no spells until a new talisman is made", section=TALISMAN)
        if self.grappled and action in ("cast spell", "use item"):
            raise RuleError("a grappled Wizard cannot cast spells or use magic items",
                            rule="grappled: no spells, no magic items", section=GRAPPLE)
        if action == "use item" and self.count("use item"):
            raise RuleError("only one magic item can be used a turn", rule="use only one magic item",
                            section=ACTIONS)
        if action == "extra movement" and self.count("extra movement"):
            raise RuleError("only one card can be played for extra movement", rule="only one card this way",
                            section=EXTRA_MOVEMENT)

    def _check_physical(self, action: TurnAction, physical: int) -> None:
        magic = [a for a in self.done if a in _MAGIC]
        if magic:
            raise RuleError(f"a Wizard who took a magical action ({magic[0]}) cannot {action} this turn",
                            rule="no spells, land, creature control or magic items with a physical attack",
                            section=PHYSICAL)
        if self.count("tend wounds") or (action == "tend wounds" and (physical or self.count("counter-attack"))):
            raise RuleError("tending a bleeding person takes the full round", section=HEALING_SKILL,
                            rule="a healing action is a full round action")
        if action == "tend wounds":
            return
        if action == "counter-attack":
            if self.count("counter-attack"):
                raise RuleError("one counter-attack a turn", rule="counter-attack once", section=PHYSICAL)
            return
        if not self.has_weapon and action == "physical attack":
            raise RuleError("a Wizard needs a weapon to attack physically", rule="must have a weapon",
                            section=PHYSICAL)
        if physical:
            raise RuleError("a Wizard attacks physically once a turn", rule="physically attack once",
                            section=ACTIONS)

    def after(self, action: TurnAction) -> WizardTurn:
        """The turn with ``action`` done (checked first)."""
        self.check(action)
        return replace(self, done=(*self.done, action),
                       forfeits_next_turn=self.forfeits_next_turn or action == "abort to dodge")


# -- physical attacks and grapples ------------------------------------------------------------


def physical_damage(strength: int, *, weapon_specialization: bool = False) -> int:
    """A Wizard's physical attack or counter-attack does their power, Strength (+1 with the feat)."""
    return strength + (1 if weapon_specialization else 0)


Grappler = Literal["wizard", "retainer", "summoned creature"]


def grapple_score(strength: int, dexterity: int) -> int:
    """A grapple is a contest of Strength or Dexterity, whichever is higher ("Grapple Attacks")."""
    return max(strength, dexterity)


def grapple(grappler: Grappler, attacker_total: int, defender_total: int, *, holding: bool = False) -> bool:
    """Whether the grapple holds after the contest of totals (score plus card each).

    ``holding``: the defender is already held and tries to break free; a tie
    keeps things as they were ("Opposed Actions").  Summoned creatures cannot grab.
    """
    if grappler == "summoned creature":
        raise RuleError("a summoned creature cannot make a grab attack", section=GRAPPLE,
                        rule="summoned creatures lack the training to grapple")
    winner = opposed(attacker_total, defender_total)
    return holding if winner is None else winner == "first"


# -- blocking -----------------------------------------------------------------------------------

Blocker = Literal["summoned", "wall", "natural", "familiar", "wizard"]


def check_block(blocker: Blocker, *, for_own_wizard: bool, tapped: bool = False,
                acted_this_turn: bool = False) -> None:
    """Who may block for whom ("Blocking and Summoned Creatures", "Multi-Player Combat").

    Summoned creatures and walls block only for their summoner; natural
    creatures, henchmen and familiars for anybody while untapped; a Wizard for
    another only without a magical or physical action this turn.
    """
    if blocker in ("summoned", "wall") and not for_own_wizard:
        raise RuleError(f"a {blocker} creature can only block for the Wizard who summoned it",
                        rule="summoned creatures block only for their summoner", section=BLOCKING)
    if tapped:
        raise RuleError("a tapped creature cannot block", rule="not tapped for having attacked",
                        section=BLOCKING)
    if blocker == "wizard" and acted_this_turn:
        raise RuleError("a Wizard who took a magical or physical action this turn cannot block for another",
                        rule="a Wizard blocks for another only without having acted", section=BLOCKING)


def words_between_phases(dexterity: int) -> int:
    """Words another character may speak between their phases ("Role Playing During Combat")."""
    return max(0, dexterity)


# -- armour and items ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Armour:
    name: str
    points: int
    cost_gp: int
    shield: bool = False


@dataclass(frozen=True, slots=True)
class Environment:
    name: str
    per_minutes: int
    life_damage: int = 0
    constitution_damage: int = 0
    breath: bool = False


@dataclass(frozen=True, slots=True)
class Structure:
    """An object's life points, a range ("Destruction – General Guidelines")."""

    name: str
    low: int
    high: int


@dataclass(frozen=True, slots=True)
class CombatData:
    armour: Mapping[str, Armour]
    environments: Mapping[str, Environment]
    structures: Mapping[str, Structure]


@lru_cache(maxsize=1)
def _combat_data() -> CombatData:
    return parse_combat_data(data_text("play_combat.toml"))


def parse_combat_data(text: str, source: str = "play_combat.toml") -> CombatData:
    """Armour, environments and structures from TOML; one bad entry refuses the whole file."""
    raw = parse_toml(text, source)
    try:
        armour = {a["name"].casefold(): Armour(str(a["name"]), int(a["points"]), int(a["cost_gp"]),
                                               bool(a.get("shield", False))) for a in raw["armour"]}
        environments = {e["name"].casefold(): Environment(
            str(e["name"]), int(e["per_minutes"]), int(e.get("life_damage", 0)),
            int(e.get("constitution_damage", 0)), bool(e.get("breath", False))) for e in raw["environment"]}
        structures = {t["name"].casefold(): Structure(str(t["name"]), int(t["low"]), int(t["high"]))
                      for t in raw["structure"]}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DataError(f"{source}: malformed entry ({exc})") from None
    if any(e.per_minutes < 1 for e in environments.values()):
        raise DataError(f"{source}: per_minutes must be 1 or more")
    if any(not 0 < t.low <= t.high for t in structures.values()):
        raise DataError(f"{source}: a structure's life points run from low to high, above 0")
    return CombatData(armour, environments, structures)


def _named(entries: Mapping[str, Any], name: str, what: str) -> Any:
    try:
        return entries[name.strip().casefold()]
    except KeyError:
        names = ", ".join(e.name for e in entries.values())
        raise InputError(f"unknown {what} {name!r} (one of {names})") from None


def armour_piece(name: str) -> Armour:
    found: Armour = _named(_combat_data().armour, name, "armour")
    return found


def armour_protection(pieces: Sequence[str], *, magical_bonus: int = 0) -> int:
    """Damage resistance of armour worn: at most 2 points, shields included, unless magical."""
    worn = [armour_piece(p) for p in pieces]
    if sum(1 for a in worn if not a.shield) > 1:
        raise RuleError("only one suit of armour can be worn", rule="one suit of armour and a shield",
                        section=ARMOUR)
    return min(MAX_ARMOUR, sum(a.points for a in worn)) + magical_bonus


def donning_minutes(pieces: Sequence[str]) -> int:
    """Minutes (rounds) to put armour on or take it off: 5 per point of toughness ("Armor")."""
    return DONNING_MINUTES_PER_POINT * sum(armour_piece(p).points for p in pieces)


def damage_after_armour(damage: int, resistance: int, *, landwalk: bool = False) -> int:
    """Damage that reaches life points through damage resistance ("Damage Resistance").

    A creature using the matching landwalk goes straight through armour
    ("Monster Special Abilities: Land Walking"; whether it does is
    :func:`magecraft.mtg_rpg.monsters.armour_applies`).
    """
    if landwalk:
        if damage < 0:
            raise InputError("damage cannot be negative")
        return damage
    return damage_through_resistance(damage, resistance)


def items_at_risk(*, largest_single_damage: int = 0, knocked_out_losing_duel: bool = False,
                  settings: Settings = DEFAULT_SETTINGS) -> bool:
    """Whether a Wizard's items are checked for destruction ("Item Destruction")."""
    return knocked_out_losing_duel or largest_single_damage >= settings.item_destruction_damage


def item_destroyed(item_spell: Card, referee_deck: Deck[Card], rng: Randomness) -> tuple[bool, Card]:
    """Draw a random referee card; the item (toughness = its spell's casting cost) is destroyed when
    the card's mana cost is equal or greater.  The referee's card goes back."""
    if not referee_deck.cards:
        raise RuleError("the referee's deck is empty", rule="draw a random card from the referee's deck",
                        section=ITEMS)
    drawn = referee_deck.draw_random(rng, f"destruction check for the {item_spell.name} item")
    referee_deck.put_on_bottom(drawn)
    destroyed = casting_cost(drawn) >= casting_cost(item_spell)
    rng.log.record("item", f"{item_spell.name} item {'destroyed' if destroyed else 'survives'}", section=ITEMS,
                   data={"toughness": casting_cost(item_spell), "card": drawn.name,
                         "card_cost": casting_cost(drawn)})
    return destroyed, drawn


def breaks(structure: str, damage: int, settings: Settings = DEFAULT_SETTINGS) -> bool:
    """Whether damage (a blow's power, or several attackers' together) destroys a person or object
    ("Destruction – General Guidelines"): it must reach the object's life points, read at the
    ``structure_life`` end of the range."""
    found: Structure = _named(_combat_data().structures, structure, "structure")
    if damage < 0:
        raise InputError("damage cannot be negative")
    return damage >= (found.high if settings.structure_life == "high" else found.low)


# -- hostile environments and darkness --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exposure:
    life_damage: int
    constitution_damage: int
    unconscious: bool


def exposure(environment: str, minutes: int, *, constitution: int) -> Exposure:
    """Harm from ``minutes`` (turns) in a hostile environment ("Hostile Environments").

    Volcanic heat: 1 point a turn; arctic cold: 1 an hour; underwater: breath
    held for Constitution turns, then 1 Constitution a round until 0, then unconscious.
    """
    env: Environment = _named(_combat_data().environments, environment, "environment")
    if minutes < 0:
        raise InputError("time in an environment cannot be negative")
    exposed = max(0, minutes - constitution) if env.breath else minutes
    steps = exposed // env.per_minutes
    lost = min(constitution, steps * env.constitution_damage)
    return Exposure(steps * env.life_damage, lost, env.breath and exposed > 0 and lost >= constitution)


Darkness = Literal["light", "partial", "complete"]


@dataclass(frozen=True, slots=True)
class DarknessEffect:
    can_attack: bool
    as_fog: bool
    attacker_toughness: int
    defender_toughness: int


#: "FEATS: Low Light vision", "Dark Vision": how far the Wizard sees in the dark.
VISION_FEET = 60


def darkness(level: Darkness, *, low_light: bool = False, dark_vision: bool = False,
             distance_feet: int = 0) -> DarknessEffect:
    """Complete darkness: no attacks, as the Fog spell; partial: +1 toughness attacker, -1 defender
    ("Hostile Environments").  Within 60 feet Low Light vision sees in partial darkness (a little
    light) and Dark Vision in complete darkness "as a normal human does in sunlight", so for that
    Wizard it is as light (FEATS; ruling R10)."""
    if level not in ("light", "partial", "complete"):
        raise InputError(f"darkness is light, partial or complete, not {level!r}")
    if distance_feet < 0:
        raise InputError("a distance cannot be negative")
    sees = distance_feet <= VISION_FEET and (dark_vision or (low_light and level == "partial"))
    if sees:
        return DarknessEffect(True, False, 0, 0)
    if level == "complete":
        return DarknessEffect(False, True, 0, 0)
    if level == "partial":
        return DarknessEffect(True, False, 1, -1)
    return DarknessEffect(True, False, 0, 0)
