"""Spells and land outside a duel: a scene's mana, casting from the hand, and the end of the scene.

Seed 000 ("MAGIC The Gathering RPG"), MAGIC: "Spells Outside a Duel" (the mana must be available,
from reserve, land play or other sources; a spell lasts for the scene), "Land Use" (any amount of
land may be played; untapped land's mana is gone at the end of the scene), "Spell Card Use" (land
played and spells cast are spent until renewal), "Spell Casting Limits"; CHARACTER CREATION:
"Wisdom" (reserve mana, any colour with a dot in its attribute, renewed at the renewal period).

>>> from magecraft.mtg_rpg.cards import builtin_pool
>>> from magecraft.mtg_rpg.character import example_character
>>> pool = builtin_pool()
>>> scene = Scene.begin(example_character())
>>> scene = scene.add_land(pool.get("Mountain"))
>>> scene.pay(example_character(), pool.get("Shock")).land_mana, scene.reserve
((), 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck, mana_types
from magecraft.mtg_rpg.cards import COLOR_NAMES, COLORS, MANA_ATTRIBUTE, Card
from magecraft.mtg_rpg.character import Character, derive
from magecraft.mtg_rpg.deckbuilding import casting_problem
from magecraft.mtg_rpg.renewal import check_can_act
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

OUTSIDE = "MAGIC: Spells Outside a Duel"
LAND_USE = "MAGIC: Land Use"
DURATION = "COMBAT: Magic Duration"
COOPERATION = "FEATS: Spell Cooperation"


@dataclass(frozen=True, slots=True)
class Scene:
    """One scene outside a duel: the untapped mana of the land played, the Wizard's reserve mana
    left until renewal, and the cards in play (spells cast, land played)."""

    land_mana: tuple[str, ...]
    reserve: int
    in_play: tuple[str, ...] = ()

    @classmethod
    def begin(cls, character: Character) -> Scene:
        """A new scene: no land in play, the reserve mana not yet used since the renewal period."""
        return cls((), max(0, derive(character).reserve_mana - character.reserve_used))

    def add_land(self, land: Card) -> Scene:
        """Land played for mana ("Land Use": any amount at any time); a basic land makes its colour,
        other land colorless mana (ruling R7)."""
        if not land.is_land:
            raise InputError(f"{land.name} is not a land")
        mana = sorted(mana_types(land))[0]
        return replace(self, land_mana=(*self.land_mana, mana), in_play=(*self.in_play, land.name))

    def pay(self, character: Character, card: Card, x: int = 0) -> Scene:
        """Pay ``card``'s cost from this scene alone (see :func:`pay`)."""
        return pay([(character, self)], card, x)[0]

    def to_dict(self) -> dict[str, Any]:
        return {"land_mana": list(self.land_mana), "reserve": self.reserve, "in_play": list(self.in_play)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Scene:
        try:
            return cls(tuple(str(m) for m in raw["land_mana"]), int(raw["reserve"]),
                       tuple(str(c) for c in raw["in_play"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"saved scene is malformed: {exc}") from None


def pay(payers: Sequence[tuple[Character, Scene]], card: Card, x: int = 0) -> list[Scene]:
    """Pay ``card``'s cost from the payers' scenes, the caster first and then any Wizards cooperating
    ("FEATS: Spell Cooperation": "add as much mana as they have available to a single spell").

    Each coloured pip comes from land of that colour, else from reserve mana of a payer with a dot in
    the colour's attribute ("Wisdom"); generic mana and X from any land left, then the reserves
    (ruling R7).  Refused, with nothing spent, when the mana is not there.  Returns the scenes after.
    """
    if x < 0:
        raise InputError("X cannot be negative")
    xs = card.symbols().count("X")
    if x and not xs:
        raise InputError(f"{card.name} has no X in its cost ({card.mana_cost}): nothing to pay for X")
    lands = [list(scene.land_mana) for _, scene in payers]
    reserves = [scene.reserve for _, scene in payers]
    for colour, count in card.colored_pips().items():
        for _ in range(count):
            by_land = next((i for i, held in enumerate(lands) if colour in held), None)
            by_reserve = next((i for i, (who, _) in enumerate(payers)
                               if reserves[i] and who.attribute(MANA_ATTRIBUTE[colour]) > 0), None)
            if by_land is not None:
                lands[by_land].remove(colour)
            elif by_reserve is not None:
                reserves[by_reserve] -= 1
            else:
                name = COLOR_NAMES[colour]
                raise RuleError(f"no {name} mana left for {card.name}: play {name} land or keep reserve "
                                "mana (with a dot in its attribute)", rule="the mana must be available",
                                section=OUTSIDE)
    # Each X in the cost is paid X times ({X}{X}{R} with X=2 takes four generic mana).
    owed = card.mana_value - card.pip_count() + x * xs
    if owed > sum(map(len, lands)) + sum(reserves):
        raise RuleError(f"{card.name} needs {owed} more mana; {sum(map(len, lands))} from land and "
                        f"{sum(reserves)} reserve are left", rule="the mana must be available", section=OUTSIDE)
    for held in lands:
        # The cheapest mana to lose goes first: colorless, then colours in WUBRG order.
        held.sort(key=lambda m: (m in COLORS, COLORS.index(m) if m in COLORS else 0))
        taken = min(owed, len(held))
        del held[:taken]
        owed -= taken
    for i, left in enumerate(reserves):
        taken = min(owed, left)
        reserves[i] -= taken
        owed -= taken
    return [replace(scene, land_mana=tuple(held), reserve=left)
            for (_, scene), held, left in zip(payers, lands, reserves, strict=True)]


def check_cooperators(wizards: Sequence[Character], spell: str) -> None:
    """"Each Wizard must have the spell card in their spell deck", and the Spell Cooperation feat
    ("FEATS: Spell Cooperation"), in a duel or out of one."""
    for wizard in wizards:
        if not wizard.feat_usable("Spell Cooperation"):
            raise RuleError(f"{wizard.name} does not have the Spell Cooperation feat", rule="Spell Cooperation",
                            section=COOPERATION)
        if not any(n.casefold() == spell.strip().casefold() for n in wizard.library):
            raise RuleError(f"{wizard.name} does not have {spell} in the spell deck", rule="Spell Cooperation",
                            section=COOPERATION)


def cooperation_phases(order: Sequence[str], cooperators: Sequence[str], *, acts_at: str | None = None,
                       ) -> list[tuple[str, ...]]:
    """The phases of a combat round when Wizards cooperate on one spell in a duel: "the
    participating Wizards can hold their initiatives in order to act in the same phase" ("FEATS:
    Spell Cooperation").

    A held initiative only waits, so the cooperators act together in the phase of the last of them
    in the initiative order, or, held further, just after ``acts_at``, a combatant acting later
    (ruling R18).
    ``order`` is the initiative order (highest first); every other combatant keeps its own phase.
    """
    if len(set(order)) != len(order):
        raise InputError("each combatant appears once in the initiative order")
    missing = [c for c in cooperators if c not in order]
    if missing or len(set(cooperators)) < 2:
        raise InputError("cooperation needs two or more different Wizards from the initiative order"
                         + (f" ({', '.join(missing)} not in it)" if missing else ""))
    last = max(order.index(c) for c in cooperators)
    at = order[last] if acts_at is None else acts_at
    if at not in order:
        raise InputError(f"{at} is not in the initiative order")
    if order.index(at) < last:
        raise RuleError(f"{order[last]} cannot act before its initiative, in {at}'s phase: an initiative is "
                        "held, not advanced", rule="hold their initiatives to act in the same phase",
                        section=COOPERATION)
    together = tuple(c for c in order if c in cooperators)
    phases: list[tuple[str, ...]] = []
    for name in order:
        if name not in cooperators:
            phases.append((name,))
        if name == at:
            phases.append(together)
    return phases


@dataclass(frozen=True, slots=True)
class Casting:
    """A spell cast outside a duel: the caster's sheet and scene after, and each cooperating
    Wizard's sheet and scene after."""

    wizard: Character
    scene: Scene
    helpers: tuple[tuple[Character, Scene], ...] = ()


def _check_casters(character: Character, spell: str, targets: int,
                   helpers: Sequence[tuple[Character, Scene]]) -> None:
    """Who may cast ``spell`` outside a duel: every Wizard taking part able to act, cooperating by the feat
    (ruling R11), a Widen Spell feat for each extra target, and the caster's talisman."""
    for wizard in (character, *(h for h, _ in helpers)):
        check_can_act(wizard, "cast a spell")
    if helpers:
        check_cooperators((character, *(h for h, _ in helpers)), spell)
    if targets < 1:
        raise InputError("a spell has at least one target")
    widen = character.feat_count("Widen Spell") if character.feat_usable("Widen Spell") else 0
    if targets - 1 > widen:
        raise RuleError(f"{character.name} can affect {1 + widen} target(s), not "
                        f"{targets}: one Widen Spell feat for each extra target", rule="Widen Spell",
                        section="FEATS: Widen Spell")
    if not character.has_talisman:
        raise RuleError(f"{character.name} has no talisman: only cantrips can be cast",
                        rule="The Wizard's Talisman", section="CHARACTER CREATION: The Wizard's Talisman")


def cast_outside_duel(character: Character, deck: SpellDeck, scene: Scene, spell: str, *,
                      lands: Sequence[str] = (), x: int = 0, targets: int = 1,
                      helpers: Sequence[tuple[Character, Scene]] = (), rng: Randomness,
                      settings: Settings = DEFAULT_SETTINGS) -> Casting:
    """Play ``lands`` from the hand, then cast ``spell`` from the hand paying its mana ("Spells
    Outside a Duel").  Everything is checked before any card moves.  The spell lasts for the scene;
    reserve mana used stays used until the renewal period.

    ``targets`` above 1 needs a Widen Spell feat for each extra target, and the whole casting cost
    is paid again for each ("FEATS: Widen Spell").  ``helpers`` add the mana of their scenes
    ("FEATS: Spell Cooperation": every Wizard taking part has the feat and the spell card in the
    spell deck; only the caster holds it in hand; ruling R11).
    """
    _check_casters(character, spell, targets, helpers)
    hand = list(deck.hand)
    played: list[Card] = []
    for name in (*lands, spell):
        card = next((c for c in hand if c.name.casefold() == name.strip().casefold()), None)
        if card is None:
            raise RuleError(f"{name!r} is not (or no longer) in the hand; it holds "
                            f"{', '.join(c.name for c in deck.hand) or 'nothing'}",
                            rule="play a card from your hand", section=OUTSIDE)
        hand.remove(card)
        played.append(card)
    *land_cards, card = played
    if card.is_land:
        raise InputError(f"{card.name} is a land: play it with lands, cast a spell")
    problem = casting_problem(character, card, settings)
    if problem is not None:
        raise RuleError(problem, rule="Spell Casting Limits", section="MAGIC: Spell Casting Limits")
    after = scene
    for land in land_cards:
        after = after.add_land(land)
    payers = [(character, after), *helpers]
    for _ in range(targets):
        paid = pay(payers, card, x)
        payers = [(who, now) for (who, _), now in zip(payers, paid, strict=True)]
    after = replace(payers[0][1], in_play=(*payers[0][1].in_play, card.name))
    for taken in played:
        # Spent at once ("Spell Card Use"): the card stays out of the library until renewal, and
        # the scene only remembers what is in play until it ends.
        deck.spend(deck.take_from_hand(taken.name))
    rng.log.record("cast", f"{character.name} casts {card.name} outside a duel", section=OUTSIDE,
                   data={"spell": card.name, "lands": [c.name for c in land_cards], "x": x, "targets": targets,
                         "reserve_left": after.reserve})
    helped = tuple((replace(who, reserve_used=who.reserve_used + before.reserve - now.reserve), now)
                   for (who, before), (_, now) in zip(helpers, payers[1:], strict=True))
    return Casting(replace(character, reserve_used=character.reserve_used + scene.reserve - after.reserve),
                   after, helped)


def close_scene(scene: Scene, rng: Randomness) -> Scene:
    """The end of a scene: the spells cast end (their cards are already in the graveyard until
    renewal, "Magic Duration") and the mana of untapped land is gone ("Land Use"); the reserve left
    stays until renewal."""
    rng.log.record("scene", f"end of the scene: {', '.join(scene.in_play) or 'nothing'} ends", section=DURATION,
                   data={"in_play": list(scene.in_play), "mana_lost": list(scene.land_mana)})
    return replace(scene, land_mana=(), in_play=())
