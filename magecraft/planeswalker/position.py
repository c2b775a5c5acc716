"""A Planeswalker battle arranged as it stands: these mages, these creatures at this range, this one to act.

Seed 001 ("Planeswalker RPG"), "Combat Mechanics" 1-5: the combatants, every opposing pair at ranged or
close range (3), the turn order (4) and the mage's Channelling phase at the start of a turn (5).  A
:class:`BattlePosition` is what a scenario file's ``[setup]`` holds:

- ``hero`` (and ``enemy_mage``, ``party``): a :class:`MageAt` -- a ready-made mage of
  ``data/opponents.toml`` by name, with its Memory, Library, mana and Life as they stand;
- ``creatures``: each a :class:`CreatureAt` -- a Ninth Edition creature by ``card``, or one missing from
  the pool defined here by ``name``, ``power``, ``toughness``, ``keywords`` and ``colors`` (a creature
  with no card text); a foe acting alone, or summoned by a mage (``controller``: ``you``, ``mage``,
  ``p2`` ...); at ``range`` with every enemy, with ``damage`` taken, ``tapped``;
- ``order``: the turn order by id (default: rolled by Speed, as a battle starts), and ``round``;
- ``spells``: spells missing from the pool, each a table of the card data's own fields (``name``,
  ``mana_cost``, ``types``, ``subtypes``, ``power``, ``toughness``, ``keywords`` ...; ``colors`` and
  ``mana_value`` read off the cost when left out) and this combat's effect fields of
  ``data/card_effects.toml`` (``target``, ``effects``, ``abilities``, ``triggers`` ...).  A mage may hold
  them in Memory or Library and a creature may be one by ``card``; they are saved with the battle and
  seen by no other battle (:mod:`magecraft.planeswalker.book`).

The position is checked as a whole (:meth:`BattlePosition.start`): an unknown card, a controller who is
not a mage of the battle, a range other than ranged or close, a turn order that leaves someone out or
names a stranger, damage that would already have killed, all are refused naming the fault.  Ids follow
:meth:`Battle.start`: ``you``, ``p2`` ..., ``mage``, foes ``c1`` ..., summoned ``s1`` ....

>>> from magecraft.core.randomness import Randomness
>>> battle = BattlePosition.from_mapping({"hero": {"ready": "Kiora the Wanderer"},
...     "creatures": [{"card": "Grizzly Bears", "range": "close"}], "order": ["c1", "you"]}
...     ).start(Randomness.scripted([]))
>>> battle.current_player(), battle.range_between("you", "c1"), battle.fighters["c1"].name
('c1', 'close', 'Grizzly Bears')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from magecraft.core.errors import DataError, MagecraftError
from magecraft.core.randomness import Randomness
from magecraft.core.settings import dataclass_from_dict
from magecraft.planeswalker.actions import MECHANICS
from magecraft.planeswalker.book import SpellBook, card_of, using
from magecraft.planeswalker.combat import FOES, PARTY, YOU, Battle
from magecraft.planeswalker.combatants import Combatant, creature_from_card, mage_from_character, pair
from magecraft.planeswalker.effects import spell_book
from magecraft.planeswalker.settings import Settings

RANGES = ("ranged", "close")


@dataclass(frozen=True)
class MageAt:
    """A mage as the battle stands: a ready-made mage by name; Memory and Library (None: as the sheet has
    them), the mana in its pool (None: as it enters battle), the Life lost, and its range with the enemies
    (for an enemy mage)."""

    ready: str
    memory: tuple[str, ...] | None = None
    library: tuple[str, ...] | None = None
    mana: Mapping[str, int] | None = None
    damage: int = 0
    range: str = ""

    def combatant(self, fid: str, side: str, settings: Settings) -> Combatant:
        from magecraft.planeswalker.bot import ready_mage

        mage = mage_from_character(fid, ready_mage(self.ready), side,
                                   regenerations=settings.regenerate_per_battle)
        for spell in (*(self.memory or ()), *(self.library or ())):
            card_of(spell)  # a spell neither the pool nor the position's spells know is refused, naming it
        if self.memory is not None:
            mage.memory = list(self.memory)
        if self.library is not None:
            mage.library = list(self.library)
        if self.mana is not None:
            mage.mana = {str(k): int(v) for k, v in self.mana.items()}
        return _hurt(mage, self.damage)


@dataclass(frozen=True)
class CreatureAt:
    """A creature as the battle stands (see the module docstring)."""

    card: str = ""
    name: str = ""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: str = ""
    range: str = ""
    damage: int = 0
    tapped: bool = False
    sick: bool = False

    def combatant(self, fid: str, side: str, settings: Settings) -> Combatant:
        regen = settings.regenerate_per_battle
        if self.card:
            made = creature_from_card(fid, self.card, side, controller=self.controller or None, sick=self.sick,
                                      regenerations=regen)
        else:
            if not self.name or self.toughness < 1:
                raise DataError("a creature not in the pool needs a name and a Toughness of at least 1 "
                                "(or give its card)")
            made = Combatant(fid, self.name, side, "creature", self.power, self.toughness, self.power,
                             self.toughness, 2 * self.toughness, 2 * self.toughness, 1, tuple(self.keywords),
                             tuple(self.colors), controller=self.controller or None, sick=self.sick,
                             regenerations=regen)
        if not self.controller:
            made.speed = settings.creature_speed
        made.tapped = self.tapped
        return _hurt(made, self.damage)


def _hurt(fighter: Combatant, damage: int) -> Combatant:
    if not 0 <= damage < fighter.life:
        raise DataError(f"{fighter.label} has {fighter.life} Life: {damage} damage is not a position of a "
                        "battle under way")
    fighter.life -= damage
    return fighter


@dataclass(frozen=True)
class BattlePosition:
    """A battle under way (see the module docstring)."""

    hero: MageAt
    creatures: tuple[CreatureAt, ...] = ()
    enemy_mage: MageAt | None = None
    party: tuple[MageAt, ...] = ()
    order: tuple[str, ...] = ()
    round: int = 1
    settings: Mapping[str, Any] = field(default_factory=dict)
    spells: tuple[Mapping[str, Any], ...] = ()

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> BattlePosition:
        """A position from a scenario's ``[setup]`` table (unknown keys refused, naming them)."""
        fields = dict(raw)
        try:
            hero = dataclass_from_dict(MageAt, _table(fields.pop("hero", None), "[setup.hero]"), what="the hero")
            enemy = fields.pop("enemy_mage", None)
            fields["enemy_mage"] = None if enemy is None else dataclass_from_dict(
                MageAt, _table(enemy, "[setup.enemy_mage]"), what="the enemy mage")
            fields["party"] = tuple(dataclass_from_dict(MageAt, _table(m, "[[setup.party]]"), what="a party mage")
                                    for m in _list(fields.pop("party", []), "[[setup.party]]"))
            fields["creatures"] = tuple(
                dataclass_from_dict(CreatureAt, _table(c, "[[setup.creatures]]"),
                                    what=f"the creature {c.get('card') or c.get('name')!r}")
                for c in _list(fields.pop("creatures", []), "[[setup.creatures]]"))
            fields["spells"] = tuple(_table(s, "[[setup.spells]]") for s in _list(fields.pop("spells", []),
                                                                                 "[[setup.spells]]"))
        except AttributeError:
            raise DataError("the battle's creatures and mages are tables") from None
        return dataclass_from_dict(cls, {**fields, "hero": hero}, what="the battle position")

    def start(self, rng: Randomness) -> Battle:
        """The battle at this position, checked as a whole; the first in ``order`` begins its turn."""
        try:
            return self._arrange(rng)
        except MagecraftError:
            raise
        except (KeyError, ValueError, TypeError) as exc:
            raise DataError(f"the battle position does not fit together ({exc})") from None

    def _arrange(self, rng: Randomness) -> Battle:
        book = spell_book(self.spells)
        with using(book):
            return self._line_up(rng, book)

    def _line_up(self, rng: Randomness, book: SpellBook) -> Battle:
        settings = dataclass_from_dict(Settings, self.settings, "the position's house rules")
        fighters: dict[str, Combatant] = {YOU: self.hero.combatant(YOU, PARTY, settings)}
        for number, ally in enumerate(self.party, start=2):
            fighters[f"p{number}"] = ally.combatant(f"p{number}", PARTY, settings)
        if self.enemy_mage is not None:
            fighters["mage"] = self.enemy_mage.combatant("mage", FOES, settings)
        ranges = {fid: m.range for fid, m in (("mage", self.enemy_mage),) if m is not None}
        foes, summoned = 0, 0
        for creature in self.creatures:
            owner = fighters.get(creature.controller) if creature.controller else None
            if creature.controller and (owner is None or not owner.is_mage):
                raise DataError(f"{creature.controller!r} is not a mage of this battle to control "
                                f"{creature.card or creature.name}")
            if owner is None:
                foes += 1
                fid = f"c{foes}"
            else:
                summoned += 1
                fid = f"s{summoned}"
            made = creature.combatant(fid, owner.side if owner else FOES, settings)
            fighters[fid] = made
            ranges[fid] = creature.range
            if owner is not None:
                owner.creatures.append(fid)
        battle = Battle(fighters, rng, settings, book)
        battle.next_summon = summoned + 1
        self._place(battle, ranges, settings)
        battle.round = self.round
        battle.order = list(self.order) if self.order else battle.roll_turn_order()
        takers = {f.id for f in fighters.values() if f.controller is None}
        if set(battle.order) != takers or len(battle.order) != len(takers):
            raise DataError("the turn order must name each combatant taking turns once: "
                            f"{', '.join(sorted(takers))}")
        rng.log.record("battle", "the battle as it stands", section=MECHANICS,
                       data={"order": list(battle.order), "fighters": sorted(fighters)})
        battle.refresh()
        battle.start_turn()
        return battle

    @staticmethod
    def _place(battle: Battle, ranges: Mapping[str, str], settings: Settings) -> None:
        """Every opposing pair at the range given for the foe of the pair (default: the start_range setting)."""
        for fid in battle.fighters:
            chosen = ranges.get(fid) or settings.start_range
            if chosen not in RANGES:
                raise DataError(f"{fid} is at ranged or close range, not {chosen!r}")
        for fid, fighter in battle.fighters.items():
            for enemy in battle.enemies(fid):
                foe = fighter if fighter.side == FOES else enemy
                battle.ranges[pair(fid, enemy.id)] = ranges.get(foe.id) or settings.start_range


def _table(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DataError(f"{what} must be a table")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(f"{what} must be an array of tables")
    return value


def setup(rng: Randomness, raw: Mapping[str, Any]) -> Battle:
    """The game type's ``setup``: a battle from a scenario's ``[setup]`` table."""
    return BattlePosition.from_mapping(raw).start(rng)
