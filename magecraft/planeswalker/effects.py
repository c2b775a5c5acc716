"""What spells and creatures' abilities do in this combat, as data (seed 001, "Combat Mechanics" 5-7).

The Ninth Edition card data holds no rules text.  ``data/card_effects.toml`` transcribes the
mechanical part of the printed Oracle text of the cards that matter in this combat (ruling PW33);
a spell it does not list falls back on the MtG RPG's shared quick-duel effects
(:func:`magecraft.mtg_rpg.duel_effects.effect_of`), read through the same card pool.  Both are
turned into :class:`Effect` values here, once per card.

>>> [e.kind for e in spell_effects("Giant Growth")], spell_target("Giant Growth")
(['pump'], 'ally creature')
>>> [e.kind for e in spell_effects("Shock")], spell_target("Shock")
(['damage'], 'enemy')
>>> elves = abilities("Llanowar Elves")[0]
>>> elves.tap, elves.effects[0].mana, elves.mana_ability
(True, 'G', True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from magecraft.core.errors import DataError
from magecraft.mtg_rpg.cards import COLORS, Card, builtin_pool
from magecraft.mtg_rpg.duel_effects import effect_of
from magecraft.planeswalker.book import EMPTY, SpellBook, card_of, defined_entry, per_book
from magecraft.planeswalker.data import read_data
from magecraft.planeswalker.mana import SpellCost

SOURCE = "planeswalker/data/card_effects.toml"

#: Effect kinds this combat knows, and the fields each may carry.
KINDS = frozenset({"damage", "damage each", "gain life", "lose life", "draw", "discard", "destroy permanent",
                   "destroy permanents", "counter", "destroy", "destroy all",
                   "pump", "pump team", "tap", "untap", "bounce", "bounce all", "prevent", "regenerate", "mana",
                   "gain control", "grant", "drain", "fight", "tap all", "sacrifice", "discard all", "regrow",
                   "pump each", "life becomes creatures", "equip", "damage unless paid", "grant all",
                   "coin clash", "copy", "exhaust", "skip combat", "lose life as damaged", "polymorph",
                   "discard colour", "sacrifice lands", "look", "extra combat",
                   "damage unless sacrificed", "put creature", "life becomes", "redirect"})
#: What an Aura may do to the creature it enchants, for as long as it is kept (ruling PW39).
AURA_KINDS = frozenset({"pump", "grant", "gain control"})
#: What a creature's untargeted "enters" trigger may do (PW38, PW41).
UNTARGETED_ENTERING = frozenset({"gain life", "lose life", "draw", "tap all", "discard all", "regrow",
                                 "sacrifice lands", "put creature"})
#: What a creature's targeted "enters" trigger may do (ruling PW40).
ENTERING_KINDS = frozenset({"gain life", "lose life", "draw", "destroy", "damage", "discard", "tap", "bounce",
                            "destroy permanent", "drain", "tap all", "discard all", "regrow", "copy",
                            "sacrifice lands", "put creature"})
#: What a creature's targeted "dies" trigger may do (Festering Goblin's -1/-1, ruling PW60).
DYING_KINDS = frozenset({"pump", "tap", "damage", "destroy"})
#: Whom an effect is aimed at: an enemy (creature or mage), an enemy creature only, one of one's own side
#: (oneself, an ally or a creature of the side), a creature of one's own side, any creature of either side
#: ("creature": Clone, PW54), or no one (the caster).
TARGETS = frozenset({"enemy", "enemy creature", "ally", "ally creature", "creature", ""})


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect.  ``amount`` is None with ``x`` (the X paid) or ``memory`` (cards in the target's
    Memory, as "cards in hand"); ``power``/``toughness`` a pump until end of turn; ``mana`` the symbols
    added ("*": a colour of the controller's identity); ``colour``/``not_colour``/``tapped``/``flying``
    limit the creatures hit; ``players`` also hits every mage (``damage each``); ``enemies_only``
    spares one's own side (``destroy all``, ``damage each``); ``self_damage`` is dealt to the controller."""

    kind: str
    amount: int | None = None
    x: bool = False
    memory: bool = False
    power: int = 0
    toughness: int = 0
    mana: str = ""
    counters: str = ""
    colour: str = ""
    not_colour: str = ""
    nonartifact: bool = False
    tapped: bool = False
    flying: bool | None = None
    players: bool = False
    enemies_only: bool = False
    self_damage: int = 0
    no_regenerate: bool = False
    types: tuple[str, ...] = ()
    keyword: str = ""  # "grant": the keyword given (until end of turn; an Aura's while it is kept)
    per_land: str = ""  # an Aura's pump per land of this colour its mage controls (Blanchwood Armor, PW48)
    at_random: bool = False  # "discard": a card at random, by a die (Hypnotic Specter, PW49)
    unless: SpellCost | None = None  # "damage unless paid": the cost that stops it (Force of Nature, PW51)
    max_power: int | None = None  # only a creature with at most this Power (Crafty Pathmage, PW54)
    if_hand: bool = False  # only while its mage holds a spell in Memory (Imaginary Pet, PW54)
    itself: bool = False  # a pump on the ability's creature, not on its target (Nantuko Husk, PW55)
    others: int = 0  # "up to N more target creatures": of the target's side, as it resolves (Panic Attack, PW61)
    per_creature: bool = False  # amount = "creatures": one per creature its controller controls (Slate, PW72)
    unusable: bool = False  # "discard": a spell above Mastery first, the costliest (Thought Courier, PW74)

    def value(self, x: int) -> int:
        return x if self.x else (self.amount or 0)


@dataclass(frozen=True, slots=True)
class Ability:
    """A creature's activated ability: "Cast a 'spell' via an ability" ("Commanding")."""

    card: str
    index: int
    text: str
    cost: SpellCost
    tap: bool
    sacrifice: bool
    target: str
    effects: tuple[Effect, ...]
    discard: int = 0  # "Discard a card" as a cost: the spells drawn last forgotten (Peace of Mind, PW52)
    discard_hand: bool = False  # "Discard your hand" as a cost: all of Memory (Slate of Ancestry, PW72)
    pay_with: str = ""  # "sacrifice" / "tap": the target is a creature of its own paid as the cost (PW55)

    @property
    def mana_ability(self) -> bool:
        """Only adds mana: no window for responses opens (as in Magic)."""
        return all(e.kind == "mana" for e in self.effects)


@dataclass(frozen=True, slots=True)
class Token:
    """A creature token ("Tokens do not count as permanent effects", "Character Stats": Focus)."""

    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    keywords: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Trigger:
    """A creature's triggered ability: ``when`` is "upkeep" (at the beginning of each mage's Upkeep) or
    "dies" (at the end of the turn it died in), making a ``token``; or "enters" (when it is summoned),
    with untargeted ``effects`` for its controller (gain life, lose life, draw)."""

    when: str
    token: str = ""
    effects: tuple[Effect, ...] = ()
    colour: str = ""  # "cast": only a spell of this colour (the trinkets, PW45)
    type: str = ""  # "you cast": only a spell of this card type (Verduran Enchantress, PW48)
    target: str = ""  # a "dies" or "attacks" trigger's target, chosen then (Festering Goblin, PW60; PW63)


@dataclass(frozen=True, slots=True)
class Lord:
    """A creature's static bonus to others (ruling PW41): "Other Goblin creatures get +1/+1 and have
    mountainwalk" -- ``subtype`` ("" for any creature), only its own side's with ``yours``; or, with
    ``colour``, a bonus to itself while its controller's identity has that colour (Kird Ape's Forest)."""

    power: int = 0
    toughness: int = 0
    subtype: str = ""
    keyword: str = ""
    yours: bool = False
    colour: str = ""
    shared: bool = False  # per other creature sharing a creature type with it (Coat of Arms, PW49)
    enchanted: bool = False  # a bonus to itself while an Aura is on it (Thran Golem, PW76)
    keywords: tuple[str, ...] = ()  # more keywords given with ``keyword`` (Thran Golem's three)


#: Static restrictions a card may carry (ruling PW41).
STATICS = frozenset({"can't block", "can't be blocked", "attacks only Island", "big creatures don't untap",
                     "all must block", "untaps on others' turns", "grows on kills", "sacrificed alone",
                     "attacks each combat"})
#: A kept artifact's or enchantment's triggers (PW45): at its mage's Upkeep ("your upkeep"), at every mage's
#: Channelling phase, Magic's draw step ("each draw"), whenever any mage casts a spell ("cast", of a colour).
PERMANENT_WHENS = frozenset({"your upkeep", "each draw", "cast", "yours dies", "opponent draws",
                             "opponent discards", "enchanted deals damage", "enchanted attacks or blocks",
                             "each end"})
#: What a kept permanent's trigger may do: untargeted effects, and "each other mage sacrifices a creature".
KEPT_KINDS = UNTARGETED_ENTERING | {"sacrifice", "damage", "life becomes"}
#: What a */* creature counts (PW44): lands of a colour its mage controls (the identity, PW37), creatures of
#: a type its mage controls, cards of a type in every graveyard, the cards in its mage's hand (Memory), or
#: every creature in the battle.
COUNTS = frozenset({"lands", "subtype", "graveyard", "hand", "creatures", "enchantments"})
#: A creature's triggers on a spell cast (PW48): by its controller (of a card type), by an opponent.
CAST_WHENS = frozenset({"you cast", "opponent casts"})
#: A creature's untargeted triggers that need nothing but their effects: the kinds of effect each may have,
#: and the rule a wrong one breaks (rulings PW38, PW41, PW49, PW51).
PLAIN_TRIGGERS: Mapping[str, tuple[frozenset[str], str]] = {
    "end": (frozenset({"bounce"}), 'an "end" trigger returns the creature (bounce)'),
    "blocked": (frozenset({"pump", "destroy"}), 'a "blocked" or "locked" trigger pumps or destroys'),
    "locked": (frozenset({"pump", "destroy"}), 'a "blocked" or "locked" trigger pumps or destroys'),
    "damages an opponent": (frozenset({"discard", "draw", "gain life", "skip combat"}),
                            'a "damages an opponent" trigger discards, draws, gains life or skips combat'),
    "engages": (frozenset({"pump"}), 'an "engages" trigger pumps the creature'),
}
#: Static abilities a kept enchantment gives its mage (PW48).
KEPT_STATICS = frozenset({"shroud", "worship", "damage doubled", "damaged creatures destroyed",
                          "targets returned", "only flyers attack", "off-turn spells cost 3 more"})


@dataclass(frozen=True, slots=True)
class Count:
    """A */* creature's Power and/or Toughness, "equal to the number of ..." (PW44)."""

    of: str
    colour: str = ""
    subtype: str = ""
    type: str = ""
    power: bool = True
    toughness: bool = True


@dataclass(frozen=True, slots=True)
class Ward:
    """A Circle of Protection (PW46): "{1}: The next time a source of your choice of the chosen color would deal
    damage to you this turn, prevent that damage" -- used when such damage comes, if the pool pays."""

    colour: str
    cost: SpellCost


@dataclass(frozen=True, slots=True)
class CardEffects:
    name: str
    target: str
    effects: tuple[Effect, ...]
    abilities: tuple[Ability, ...]
    note: str
    triggers: tuple[Trigger, ...] = ()
    entering_target: str = ""  # whom a creature's "enters" trigger is aimed at (PW40)
    aura: bool = False  # an Aura: ``effects`` last while it is kept on its target (PW39)
    lord: Lord | None = None
    statics: tuple[str, ...] = ()
    count: Count | None = None  # a */* creature's count (PW44)
    ward: Ward | None = None  # a Circle of Protection (PW46)
    equipment: bool = False  # ``effects`` last on the creature it is attached to by "equip" (PW50)


def _cost(text: str, where: str) -> SpellCost:
    """A cost such as ``{X}{W}`` (read once, when the file is loaded)."""
    pips: dict[str, int] = {}
    generic, has_x, rest = 0, False, text
    while rest:
        if not rest.startswith("{") or "}" not in rest:
            raise DataError(f"{where}: a mana cost is written {{2}}{{R}}, not {text!r}")
        symbol, rest = rest[1:rest.index("}")], rest[rest.index("}") + 1:]
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol == "X":
            has_x = True
        elif symbol in COLORS:
            pips[symbol] = pips.get(symbol, 0) + 1
        else:
            raise DataError(f"{where}: unknown mana symbol {{{symbol}}}")
    return SpellCost(text, tuple(pips.items()), generic, has_x, generic + sum(pips.values()), False)


_FIELDS = {"amount", "power", "toughness", "mana", "counters", "colour", "not_colour", "nonartifact", "tapped",
           "flying", "players", "enemies_only", "self_damage", "no_regenerate", "kind", "types",
           "keyword", "per_land", "at_random", "unless", "max_power", "if_hand", "itself", "others", "unusable"}


def _effect(raw: Mapping[str, Any], where: str) -> Effect:
    if not isinstance(raw, Mapping) or raw.get("kind") not in KINDS:
        raise DataError(f"{where}: an effect needs a kind, one of {', '.join(sorted(KINDS))}")
    unknown = set(raw) - _FIELDS
    if unknown:
        raise DataError(f"{where}: unknown effect field {sorted(unknown)[0]!r}")
    amount = raw.get("amount")
    kind = str(raw["kind"])
    counted = isinstance(amount, int) and not isinstance(amount, bool) and amount > 0
    types = raw.get("types", [])
    allowed = ("Sorcery", "Instant") if kind == "regrow" else ("Artifact", "Enchantment")
    typed = kind.startswith("destroy permanent") or kind in ("regrow", "damage unless sacrificed")
    if not isinstance(types, list) or any(t not in allowed for t in types) or (typed and not types):
        raise DataError(f"{where}: types are a list of \"Artifact\" and \"Enchantment\", for destroy permanent "
                        "(\"Sorcery\", \"Instant\" for regrow)")
    if kind in ("damage", "damage each", "gain life", "lose life", "draw", "prevent", "discard", "drain",
                "damage unless paid", "sacrifice lands", "look", "damage unless sacrificed",
                "life becomes", "redirect") and not (
            amount in ("X", "memory") or counted or (kind == "draw" and amount == "creatures")):
        raise DataError(f"{where}: {kind} needs an amount (a number above 0, \"X\" or \"memory\")")
    mana = str(raw.get("mana", ""))
    if kind == "mana" and (not mana or any(m not in (*COLORS, "C", "*", "O") for m in mana)):
        raise DataError(f"{where}: mana adds symbols of W U B R G C, * (any colour) or O (an opponent's colour), "
                        f"not {mana!r}")
    if kind in ("grant", "grant all") and not raw.get("keyword"):
        raise DataError(f"{where}: grant names a keyword (\"Flying\", \"Haste\" ...)")
    for field in ("colour", "not_colour"):
        if raw.get(field, "") not in ("", *COLORS):
            raise DataError(f"{where}: {field} is one of {', '.join(COLORS)}")
    try:
        return Effect(kind, amount if isinstance(amount, int) else None, amount == "X", amount == "memory",
                      int(raw.get("power", 0)), int(raw.get("toughness", 0)), mana, str(raw.get("counters", "")),
                      str(raw.get("colour", "")), str(raw.get("not_colour", "")),
                      bool(raw.get("nonartifact", False)),
                      bool(raw.get("tapped", False)), raw.get("flying"), bool(raw.get("players", False)),
                      bool(raw.get("enemies_only", False)), int(raw.get("self_damage", 0)),
                      bool(raw.get("no_regenerate", False)), tuple(types), str(raw.get("keyword", "")),
                      str(raw.get("per_land", "")), bool(raw.get("at_random", False)),
                      _cost(str(raw["unless"]), where) if "unless" in raw else None,
                      int(raw["max_power"]) if "max_power" in raw else None, bool(raw.get("if_hand", False)),
                      bool(raw.get("itself", False)), int(raw.get("others", 0)), amount == "creatures",
                      bool(raw.get("unusable", False)))
    except (TypeError, ValueError) as exc:
        raise DataError(f"{where}: malformed effect ({exc})") from None


def _target(raw: Any, where: str) -> str:
    if raw not in TARGETS:
        raise DataError(f"{where}: target is one of {', '.join(repr(t) for t in sorted(TARGETS))}, not {raw!r}")
    return str(raw)


def parse(raw: Mapping[str, Any]) -> dict[str, CardEffects]:
    """The file's cards by case-folded name; an unknown card, kind or field refuses the whole file."""
    pool = builtin_pool()
    tokens = parse_tokens(raw)
    found: dict[str, CardEffects] = {}
    for i, entry in enumerate(raw.get("card", []), start=1):
        where = f"{SOURCE} card {i}"
        try:
            card = pool.get(str(entry["name"]))
        except (KeyError, TypeError):
            raise DataError(f"{where}: every card has a name") from None
        except DataError as exc:
            raise DataError(f"{where}: {exc}") from None
        if card.name.casefold() in found:
            raise DataError(f"{SOURCE} ({card.name}): listed twice")
        found[card.name.casefold()] = _card_effects(entry, card, tokens)
    return found


def _card_effects(entry: Mapping[str, Any], card: Card, tokens: Mapping[str, Token]) -> CardEffects:
    """One card's entry, checked whole: spell effects, abilities, triggers, a lord, statics, a count, a ward."""
    where = f"{SOURCE} ({card.name})"
    effects = tuple(_effect(e, where) for e in entry.get("effects", []))
    aura = "Aura" in card.subtypes
    equipment = "Equipment" in card.subtypes
    if effects and not ({"Instant", "Sorcery"} & set(card.types) or aura or equipment):
        raise DataError(f"{where}: only instants, sorceries and Auras (and Equipment) have spell effects here")
    if equipment and (entry.get("target") or any(e.kind not in ("pump", "grant") for e in effects)):
        raise DataError(f"{where}: Equipment gives pump and grant effects to what it equips (no target)")
    if aura and (not entry.get("target") or any(e.kind not in AURA_KINDS for e in effects)):
        raise DataError(f"{where}: an Aura has a target and effects of {', '.join(sorted(AURA_KINDS))}")
    kept = not card.is_creature and bool({"Artifact", "Enchantment"} & set(card.types))
    listed = _abilities(entry, card, aura, kept, where)
    triggers = []
    aimed = ""
    for trigger in entry.get("triggers", []):
        made, aim = _trigger(trigger, card, kept, where, tokens)
        triggers.append(made)
        if aim is not None:
            aimed = aim
    lord = _lord(entry.get("lord"), where) if "lord" in entry else None
    statics = tuple(str(x) for x in entry.get("static", []))
    kept_static = kept and not aura and not set(statics) - KEPT_STATICS  # Defense Grid, an artifact (PW75)
    if ((set(statics) - STATICS or (statics and not card.is_creature)) and not kept_static) or (
            lord and not (card.is_creature or kept)):
        raise DataError(f"{where}: a creature's static is one of {', '.join(sorted(STATICS))}, a kept "
                        f"enchantment's {', '.join(sorted(KEPT_STATICS))}; or a lord")
    count = _count(entry["count"], card.is_creature, where) if "count" in entry else None
    ward = _ward(entry["ward"], "Enchantment" in card.types and not aura, where) if "ward" in entry else None
    if not effects and not listed and not triggers and not lord and not statics and not count and not ward:
        raise DataError(f"{where}: needs effects, abilities, triggers, a lord, a static, a count or a ward")
    return CardEffects(card.name, _target(entry.get("target", ""), where), effects, tuple(listed),
                       str(entry.get("note", "")), tuple(triggers), aimed, aura, lord, statics, count, ward,
                       equipment)


def _abilities(entry: Mapping[str, Any], card: Card, aura: bool, kept: bool, where: str) -> list[Ability]:
    """A creature's or a kept artifact's or enchantment's activated abilities (PW35, PW43)."""
    listed = []
    for n, ability in enumerate(entry.get("abilities", [])):
        if not (card.is_creature or kept):
            raise DataError(f"{where}: only creatures' and kept artifacts' or enchantments' abilities")
        try:
            cost = _cost(str(ability.get("cost", "")), where)
            hand = ability.get("discard") == "hand"  # "Discard your hand" (PW72)
            aim = ability.get("target", "")
            listed.append(Ability(card.name, n, str(ability["text"]), cost,
                                  bool(ability.get("tap", False)), bool(ability.get("sacrifice", False)),
                                  "enchanted" if aura and aim == "enchanted" else _target(aim, where),
                                  tuple(_effect(e, where) for e in ability["effects"]),
                                  0 if hand else int(ability.get("discard", 0)),
                                  discard_hand=hand, pay_with=_pay_with(ability.get("pay_with", ""), where)))
        except (KeyError, TypeError) as exc:
            raise DataError(f"{where}: malformed ability ({exc})") from None
    return listed


def _trigger(trigger: Any, card: Card, kept: bool, where: str,
             tokens: Mapping[str, Token]) -> tuple[Trigger, str | None]:
    """One trigger of a card, and the target of an "enters" trigger (None for any other)."""
    if kept and isinstance(trigger, Mapping) and trigger.get("when") in PERMANENT_WHENS:
        made = tuple(_effect(e, where) for e in trigger.get("effects", []))
        colour = str(trigger.get("colour", ""))
        if not made or any(e.kind not in KEPT_KINDS for e in made) or colour not in ("", *COLORS):
            raise DataError(f"{where}: a kept permanent's trigger has effects of "
                            f"{', '.join(sorted(KEPT_KINDS))} (and a colour of W U B R G)")
        aim = _target(trigger.get("target", ""), where)  # Form of the Dragon's "any target" (PW73)
        if aim and (aim != "enemy" or trigger["when"] != "your upkeep"):
            raise DataError(f"{where}: only a \"your upkeep\" trigger has a target, \"enemy\"")
        return Trigger(str(trigger["when"]), effects=made, colour=colour, target=aim), None
    if not card.is_creature or not isinstance(trigger, Mapping):
        raise DataError(f"{where}: only a creature has triggers (a kept permanent's are "
                        f"{', '.join(sorted(PERMANENT_WHENS))})")
    if trigger.get("when") == "enters":
        made = tuple(_effect(e, where) for e in trigger.get("effects", []))
        aimed = _target(trigger.get("target", ""), where)
        if not made or any(e.kind not in ENTERING_KINDS for e in made) or (
                not aimed and any(e.kind not in UNTARGETED_ENTERING for e in made)):
            kinds = ", ".join(sorted(ENTERING_KINDS))
            raise DataError(f"{where}: an \"enters\" trigger has effects of {kinds} "
                            "(untargeted: gain life, lose life, draw)")
        return Trigger("enters", effects=made), aimed
    return _creature_trigger(trigger, where, tokens), None


def _creature_trigger(trigger: Mapping[str, Any], where: str, tokens: Mapping[str, Token]) -> Trigger:
    """A creature's trigger other than "enters": its effects checked against what its "when" allows."""
    plain = PLAIN_TRIGGERS.get(str(trigger.get("when")))
    if plain is not None:   # Elvish Berserker, Deathgazer, Hypnotic Specter ... (PW51, PW49)
        allowed, rule = plain
        made = tuple(_effect(e, where) for e in trigger.get("effects", []))
        if not made or any(e.kind not in allowed for e in made):
            raise DataError(f"{where}: {rule}")
        return Trigger(str(trigger["when"]), effects=made)
    if trigger.get("when") in ("another enters", "dies") and "effects" in trigger:
        made = tuple(_effect(e, where) for e in trigger["effects"])
        dying_aim = _target(trigger.get("target", ""), where) if trigger["when"] == "dies" else ""
        allowed = DYING_KINDS if dying_aim else UNTARGETED_ENTERING
        if not made or any(e.kind not in allowed for e in made):
            raise DataError(f"{where}: an untargeted trigger's effects are of "
                            f"{', '.join(sorted(UNTARGETED_ENTERING))}; a targeted \"dies\" trigger's "
                            f"of {', '.join(sorted(DYING_KINDS))}")
        return Trigger(str(trigger["when"]), effects=made, target=dying_aim)
    if trigger.get("when") == "your upkeep":  # Force of Nature (PW51)
        made = tuple(_effect(e, where) for e in trigger.get("effects", []))
        if not made or any((e.kind != "damage unless paid" or e.unless is None) and not (
                e.kind == "bounce" and e.if_hand) and e.kind != "damage unless sacrificed" for e in made):
            raise DataError(f"{where}: a creature's \"your upkeep\" trigger is damage unless paid (or "
                            "sacrificed), or a bounce if_hand")
        return Trigger("your upkeep", effects=made)
    if trigger.get("when") in CAST_WHENS:
        made = tuple(_effect(e, where) for e in trigger.get("effects", []))
        if not made or any(e.kind not in (*UNTARGETED_ENTERING, "pump") for e in made):
            raise DataError(f"{where}: a cast trigger's effects are untargeted or pump the creature")
        return Trigger(str(trigger["when"]), effects=made, type=str(trigger.get("type", "")))
    if trigger.get("when") == "attacks":  # Seasoned Marshal: "you may tap target creature" (PW63)
        made = tuple(_effect(e, where) for e in trigger.get("effects", []))
        aim = _target(trigger.get("target", ""), where)
        if not made or aim != "enemy creature" or any(e.kind != "tap" for e in made):
            raise DataError(f"{where}: an \"attacks\" trigger taps an \"enemy creature\"")
        return Trigger("attacks", effects=made, target=aim)
    if trigger.get("when") not in ("upkeep", "dies") or str(trigger.get("token", "")) not in tokens:
        raise DataError(f"{where}: a trigger is \"enters\", or \"upkeep\" or \"dies\" making a "
                        f"token of the file ({', '.join(tokens)})")
    return Trigger(str(trigger["when"]), str(trigger["token"]))


def _lord(raw: Any, where: str) -> Lord:
    if not isinstance(raw, Mapping) or set(raw) - {"power", "toughness", "subtype", "keyword", "yours", "colour",
                                                   "shared", "enchanted", "keywords"}:
        raise DataError(f"{where}: a lord has power, toughness, subtype, keyword, yours, colour, shared, "
                        "enchanted or keywords")
    if raw.get("colour", "") not in ("", *COLORS):
        raise DataError(f"{where}: a lord's colour is one of {', '.join(COLORS)}")
    try:
        return Lord(int(raw.get("power", 0)), int(raw.get("toughness", 0)), str(raw.get("subtype", "")),
                    str(raw.get("keyword", "")), bool(raw.get("yours", False)), str(raw.get("colour", "")),
                    bool(raw.get("shared", False)), bool(raw.get("enchanted", False)),
                    tuple(str(k) for k in raw.get("keywords", [])))
    except (TypeError, ValueError) as exc:
        raise DataError(f"{where}: malformed lord ({exc})") from None


def _pay_with(raw: Any, where: str) -> str:
    if raw not in ("", "sacrifice", "tap"):
        raise DataError(f"{where}: pay_with is \"sacrifice\" or \"tap\" (a creature of one's own as the cost)")
    return str(raw)


def _count(raw: Any, creature: bool, where: str) -> Count:
    fields = {"of", "colour", "subtype", "type", "power", "toughness"}
    if not creature or not isinstance(raw, Mapping) or set(raw) - fields or raw.get("of") not in COUNTS:
        raise DataError(f"{where}: a creature's count is {{ of = {' | '.join(sorted(COUNTS))}, colour, subtype, "
                        "type, power, toughness }")
    count = Count(str(raw["of"]), str(raw.get("colour", "")), str(raw.get("subtype", "")),
                  str(raw.get("type", "")), bool(raw.get("power", True)), bool(raw.get("toughness", True)))
    if (count.of == "lands") != (count.colour in COLORS) or (count.of == "subtype") != bool(count.subtype) or (
            count.of == "graveyard") != bool(count.type):
        raise DataError(f"{where}: lands count a colour, subtype a creature type, graveyard a card type")
    return count


def _ward(raw: Any, enchantment: bool, where: str) -> Ward:
    if not enchantment or not isinstance(raw, Mapping) or set(raw) - {"colour", "cost"} or \
            raw.get("colour") not in (*COLORS, "chosen"):
        raise DataError(f"{where}: an enchantment's ward is {{ colour = one of W U B R G or \"chosen\" (as it "
                        "enters, Story Circle), cost = \"{{1}}\" }}")
    return Ward(str(raw["colour"]), _cost(str(raw.get("cost", "")), where))


def parse_tokens(raw: Mapping[str, Any]) -> dict[str, Token]:
    found: dict[str, Token] = {}
    for i, entry in enumerate(raw.get("token", []), start=1):
        try:
            token = Token(str(entry["name"]), int(entry["power"]), int(entry["toughness"]),
                          tuple(str(c) for c in entry.get("colors", [])),
                          tuple(str(k) for k in entry.get("keywords", [])))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"{SOURCE} token {i}: malformed ({exc})") from None
        if token.toughness < 1 or token.power < 0 or any(c not in COLORS for c in token.colors):
            raise DataError(f"{SOURCE} token {i}: power 0 or more, toughness 1 or more, colours of W U B R G")
        found[token.name] = token
    return found


@cache
def card_effects() -> dict[str, CardEffects]:
    """The shipped ``card_effects.toml`` (read and checked once)."""
    return parse(read_data("card_effects.toml"))


def entry_of(name: str | None) -> CardEffects | None:
    """This combat's effects of the card called ``name`` (exactly as the card spells it): a spell the
    battle's position defines (:mod:`magecraft.planeswalker.book`), else the shipped file's, else None."""
    if name is None:
        return None
    defined: CardEffects | None = defined_entry(name)
    return defined if defined is not None else card_effects().get(name.casefold())


def _shared(name: str) -> tuple[str, tuple[Effect, ...]]:
    """The shared quick-duel effects of a spell this file does not list, as this combat's effects."""
    quick = effect_of(card_of(name))
    if quick is None:
        return "", ()
    effects = []
    for part in quick.parts:
        kind = "destroy" if part.kind == "destroy creature" else part.kind
        effects.append(Effect(kind, part.amount, part.x, counters=part.counters or "",
                              colour=part.creature_colour or "", not_colour=part.creature_not_colour or ""))
    aims = {"damage": "enemy", "destroy": "enemy creature"}
    return next((aims[e.kind] for e in effects if e.kind in aims), ""), tuple(effects)


@per_book
def spell_effects(name: str) -> tuple[Effect, ...]:
    """A spell's effects: this combat's data, else the shared quick-duel effects, else none."""
    entry = entry_of(card_of(name).name)
    return entry.effects if entry is not None and entry.effects else _shared(name)[1]


@per_book
def spell_target(name: str) -> str:
    """Whom the spell is aimed at (see :data:`TARGETS`)."""
    entry = entry_of(card_of(name).name)
    return entry.target if entry is not None and entry.effects else _shared(name)[0]


@per_book
def abilities(name: str | None) -> tuple[Ability, ...]:
    """A creature card's activated abilities in this combat (none when not listed, or for a token: None)."""
    if name is None:
        return ()
    entry = entry_of(card_of(name).name)
    return entry.abilities if entry is not None else ()


@per_book
def triggers(name: str | None, when: str) -> tuple[str, ...]:
    """The tokens a creature card makes ``when`` ("upkeep" or "dies")."""
    entry = entry_of(name)
    return tuple(t.token for t in entry.triggers if t.when == when and t.token) if entry is not None else ()


@per_book
def on_trigger(name: str | None, when: str) -> tuple[Effect, ...]:
    """The effects of a creature card's ``when`` triggers ("dies": Aven Fisher; "another enters": Soul
    Warden, PW41; "your upkeep", "blocked", "locked": PW51)."""
    entry = entry_of(name)
    return tuple(e for t in entry.triggers if t.when == when for e in t.effects) if entry is not None else ()


@per_book
def dying_target(name: str | None) -> str:
    """Whom a creature's "dies" trigger is aimed at ("" for none; Festering Goblin: "enemy creature", PW60)."""
    entry = entry_of(name)
    return next((t.target for t in entry.triggers if t.when == "dies" and t.target), "") if entry else ""


@per_book
def on_engaging(name: str | None) -> tuple[Effect, ...]:
    """What a creature does to itself when it engages ("Whenever it attacks, it gets +2/+0", PW41)."""
    entry = entry_of(name)
    return tuple(e for t in entry.triggers if t.when == "engages" for e in t.effects) if entry is not None else ()


@per_book
def on_entering(name: str) -> tuple[Effect, ...]:
    """What a creature card does when it is summoned (its "enters" triggers' effects)."""
    entry = entry_of(name)
    return tuple(e for t in entry.triggers if t.when == "enters" for e in t.effects) if entry is not None else ()


@per_book
def lord_of(name: str | None) -> Lord | None:
    """A creature card's static bonus (a lord's, or Kird Ape's own), or None."""
    entry = entry_of(name)
    return entry.lord if entry is not None else None


@per_book
def statics(name: str | None) -> tuple[str, ...]:
    """A creature card's static restrictions ("can't block", "can't be blocked"), or a kept enchantment's
    ("shroud": Ivory Mask, PW48)."""
    entry = entry_of(name)
    return entry.statics if entry is not None else ()


@per_book
def count_of(name: str | None) -> Count | None:
    """A */* creature card's count (PW44), or None."""
    entry = entry_of(name)
    return entry.count if entry is not None else None


@per_book
def ward_of(name: str) -> Ward | None:
    """A kept enchantment's ward (a Circle of Protection, PW46), or None."""
    entry = entry_of(name)
    return entry.ward if entry is not None else None


@per_book
def on_damaging(name: str | None) -> tuple[Effect, ...]:
    """What a creature's "whenever it deals damage to an opponent" trigger does (PW49)."""
    entry = entry_of(name)
    return tuple(e for t in entry.triggers if t.when == "damages an opponent" for e in t.effects) if entry else ()


@per_book
def cast_triggers(name: str | None) -> tuple[Trigger, ...]:
    """A creature card's triggers on a spell cast ("you cast", "opponent casts"; PW48)."""
    entry = entry_of(name)
    return tuple(t for t in entry.triggers if t.when in CAST_WHENS) if entry is not None else ()


@per_book
def kept_triggers(name: str, when: str) -> tuple[Trigger, ...]:
    """A kept artifact's or enchantment's triggers ``when`` ("your upkeep", "each draw", "cast"; PW45)."""
    entry = entry_of(name)
    return tuple(t for t in entry.triggers if t.when == when) if entry is not None else ()


@per_book
def useful_permanent(name: str) -> bool:
    """Whether a kept artifact or enchantment does something here: an ability, a trigger or a ward."""
    entry = entry_of(card_of(name).name)
    return entry is not None and not entry.aura and bool(entry.abilities or entry.triggers or entry.ward
                                                         or entry.statics)


@per_book
def subtypes(name: str | None) -> tuple[str, ...]:
    """A creature card's creature types (a token has none here)."""
    return card_of(name).subtypes if name is not None else ()


@per_book
def entering_target(name: str) -> str:
    """Whom a creature's targeted "enters" trigger is aimed at ("" for none: PW40)."""
    entry = entry_of(name)
    return entry.entering_target if entry is not None else ""


@per_book
def aura_effects(name: str) -> tuple[str, tuple[Effect, ...]]:
    """An Aura's target and its effects while kept ("", () for an enchantment not listed: PW39); an Equipment's
    effects while attached, with no target ("", effects: it is cast untargeted and equipped later, PW50)."""
    entry = entry_of(card_of(name).name)
    if entry is None or not (entry.aura or entry.equipment):
        return "", ()
    return entry.target, entry.effects


@per_book
def is_equipment(name: str) -> bool:
    entry = entry_of(card_of(name).name)
    return entry is not None and entry.equipment


@cache
def token(name: str) -> Token:
    return parse_tokens(read_data("card_effects.toml"))[name]


def covered() -> list[str]:
    """Every card this combat gives an effect: the file's and the shared data's spells."""
    from magecraft.mtg_rpg.duel_effects import quick_effects

    return sorted({e.name for e in card_effects().values()} | {q.name for q in quick_effects().values()})


# -- spells a position defines (issue 22) ------------------------------------------------------------

#: A defined spell's fields: the card data's (``mtg_rpg/data/cards_9ed.json``) ...
CARD_FIELDS = ("name", "mana_cost", "mana_value", "colors", "type_line", "types", "subtypes", "supertypes",
               "rarity", "power", "toughness", "keywords")
#: ... and this combat's (``data/card_effects.toml``'s ``[[card]]`` entries).
EFFECT_FIELDS = ("target", "effects", "abilities", "triggers", "lord", "static", "count", "ward", "note")


def spell_book(definitions: Sequence[Mapping[str, Any]]) -> SpellBook:
    """The spells a position defines, checked whole as the shipped data is: an unknown field, a card fact
    or an effect the data files would refuse, a name the Ninth Edition pool already has or given twice --
    each refused in one line naming the spell and the field.  ``mana_value``, ``colors``, ``type_line`` and
    ``rarity`` may be left out: they are read off the cost and the types (a common card)."""
    if not isinstance(definitions, list | tuple) or not all(
            isinstance(d, Mapping) for d in definitions):
        raise DataError("the position's spells are an array of tables")
    return _book(json.dumps([dict(d) for d in definitions], sort_keys=True)) if definitions else EMPTY


@cache
def _book(text: str) -> SpellBook:
    """One book per distinct definition text, so battles defining the same spells share their worked-out
    profiles."""
    cards: dict[str, Card] = {}
    entries: dict[str, CardEffects] = {}
    tokens = parse_tokens(read_data("card_effects.toml"))
    for i, raw in enumerate(json.loads(text), start=1):
        made = _defined_card(raw, i)
        key = made.name.casefold()
        if key in cards:
            raise DataError(f"the position's spell {made.name!r} is defined twice")
        cards[key] = made
        if any(f in raw and f != "note" for f in EFFECT_FIELDS):
            try:
                entries[key] = _card_effects({f: raw[f] for f in EFFECT_FIELDS if f in raw}, made, tokens)
            except DataError as exc:
                raise DataError(str(exc).replace(SOURCE, "the position's spell", 1)) from None
    return SpellBook(text, cards, entries)


def _defined_card(raw: Mapping[str, Any], number: int) -> Card:
    """One defined spell's card facts (the missing ones read off its cost and types)."""
    name = raw.get("name")
    named = repr(name) if isinstance(name, str) and name else str(number)
    where = f"the position's spell {named}"
    unknown = sorted(set(raw) - set(CARD_FIELDS) - set(EFFECT_FIELDS))
    if unknown:
        raise DataError(f"{where}: unknown field {unknown[0]!r} (a card's fields: {', '.join(CARD_FIELDS)}; "
                        f"this combat's: {', '.join(EFFECT_FIELDS)})")
    facts = {f: raw[f] for f in CARD_FIELDS if f in raw}
    types, subtypes = facts.get("types", []), facts.get("subtypes", [])
    line = " ".join(map(str, types)) + (" \u2014 " + " ".join(map(str, subtypes)) if subtypes else "") \
        if isinstance(types, list) and isinstance(subtypes, list) else ""
    draft = Card.from_dict({"mana_value": 0, "colors": [], "type_line": line or "?", "rarity": "common",
                            **facts}, source=where)
    derived = {"mana_value": draft.mana_value if "mana_value" in facts else _mana_value(draft),
               "colors": list(draft.colors) if "colors" in facts else sorted(
                   draft.colored_pips(), key=COLORS.index)}
    made = Card.from_dict({**draft.to_dict(), **derived}, source=where)
    _cost(made.mana_cost, where)
    try:
        builtin_pool().get(made.name)
    except DataError:
        return made
    raise DataError(f"{where}: the Ninth Edition pool already has a card of that name")


def _mana_value(card: Card) -> int:
    return sum(int(s) if s.isdigit() else 0 if s == "X" else 1 for s in card.symbols())
