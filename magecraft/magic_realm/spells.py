"""Spells of the expansion resolved on a character ("LIST OF SPELLS", seed 002).

A :class:`Character` is the part of a character sheet the spells touch: its action chits, each
active, fatigued, wounded or held aside as a Miracle chit.  Every spell returns a new character (the
old one is unchanged) and what happened; a spell that cannot be cast is refused before anything moves.

Heal (II/Grey) heals four asterisks of wounds (ruling MR9):

>>> hurt = Character.parse("Amazon", wounded=["FIGHT H5**", "MOVE M4*", "MOVE M3*"])
>>> healed = heal(hurt).character
>>> [(c.name, c.state) for c in healed.chits]
[('FIGHT H5**', 'active'), ('MOVE M4*', 'active'), ('MOVE M3*', 'active')]
>>> drain_life(Character.parse("Witch", fatigued=["MAGIC V2**"]), "Minotaur").rested
4
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.tables import TableResult
from magecraft.magic_realm.board import Board, Clearing
from magecraft.magic_realm.data import monsters, realm_lists, spell, spells
from magecraft.magic_realm.table_dice import DEFAULT_SETTINGS, RealmSettings, table

SPELLS = "List of Spells"
STATES = ("active", "fatigued", "wounded", "miracle")
#: Miracle 1: the kinds of chit that may become a Miracle chit.
MIRACLE_KINDS = ("MOVE", "FIGHT", "MAGIC", "DUCK", "BERSERK")
HEAL_ASTERISKS = 4


@dataclass(frozen=True, slots=True)
class Chit:
    """An action chit, e.g. ``FIGHT H5**``: its effort asterisks are the stars in its name."""

    name: str
    state: str = "active"

    @property
    def asterisks(self) -> int:
        return self.name.count("*")

    @property
    def cost(self) -> int:
        """Asterisks to rest or heal it: a chit without asterisks costs one (ruling MR9)."""
        return max(1, self.asterisks)

    @property
    def kind(self) -> str:
        return self.name.split()[0].upper()


@dataclass(frozen=True, slots=True)
class Character:
    """A character's chits and their states; the fatigue and wounds record the spells change."""

    name: str
    chits: tuple[Chit, ...]

    @classmethod
    def parse(
        cls,
        name: str,
        *,
        active: Iterable[str] = (),
        fatigued: Iterable[str] = (),
        wounded: Iterable[str] = (),
        miracle: Iterable[str] = (),
    ) -> Character:
        given = (active, fatigued, wounded, miracle)
        chits = [Chit(c.strip(), s) for s, names in zip(STATES, given, strict=True) for c in names]
        bad = [c.name for c in chits if not c.name or c.kind not in MIRACLE_KINDS]
        if bad:
            raise InputError(
                f"not an action chit: {bad[0]!r} (MOVE, FIGHT, MAGIC, DUCK or BERSERK, e.g. 'FIGHT H5**')"
            )
        return cls(name, tuple(chits))

    def in_state(self, state: str) -> list[Chit]:
        return [c for c in self.chits if c.state == state]

    def with_states(self, changes: dict[int, str]) -> Character:
        chits = tuple(replace(c, state=changes.get(i, c.state)) for i, c in enumerate(self.chits))
        return replace(self, chits=chits)


def _spend(character: Character, budget: int, moves: Sequence[tuple[str, str]]) -> tuple[Character, int]:
    """Spend ``budget`` asterisks moving chits ``from -> to``, in the order of ``moves`` then of the chits.

    A chit costing more than what is left is passed over: asterisks are not split (ruling MR9).
    """
    changes: dict[int, str] = {}
    spent = 0
    for source, target in moves:
        for i, chit in enumerate(character.chits):
            if i in changes or chit.state != source or chit.cost > budget - spent:
                continue
            changes[i] = target
            spent += chit.cost
    return character.with_states(changes), spent


def rest(character: Character, asterisks: int) -> tuple[Character, int]:
    """Rest ``asterisks``: wounded chits become fatigued, fatigued ones active, wounds first (MR9).

    Returns the character and the asterisks used (Drain Life; the Fountain's rests, 10.2).
    """
    return _spend(character, asterisks, [("wounded", "fatigued"), ("fatigued", "active")])


@dataclass(frozen=True, slots=True)
class Healing:
    character: Character
    asterisks: int


def heal(character: Character, asterisks: int = HEAL_ASTERISKS) -> Healing:
    """HEAL (II/Grey): "Immediately heal four asterisks" -- wounded chits become active (ruling MR9)."""
    if not character.in_state("wounded"):
        raise RuleError(f"{character.name} has no wounded chit to heal", rule="Heal", section=SPELLS)
    after, spent = _spend(character, asterisks, [("wounded", "active")])
    return Healing(after, spent)


@dataclass(frozen=True, slots=True)
class Drain:
    character: Character
    monster: str
    size: str
    rested: int
    spent: int


def drain_life(character: Character, monster: str) -> Drain:
    """DRAIN LIFE (V/Black): the monster hit is killed whatever its size and asterisks are rested.

    T = 4, H = 3, M = 2 (``realm.toml [drain_life]``); ``monster`` is a monster of 14.4 or a size
    letter.  Resting moves a wounded chit to fatigued or a fatigued chit to active, wounds first
    (ruling MR9).
    """
    table = realm_lists()["drain_life"]
    size = monster.strip().upper()
    name = monster
    if size not in table:
        found = {m.casefold(): m for m in monsters()}.get(monster.strip().casefold())
        if found is None:
            raise InputError(f"no monster or size called {monster!r} (a monster of 14.4, or {', '.join(table)})")
        name, size = found, monsters()[found].vulnerability
    rested = int(table[size])
    after, spent = rest(character, rested)
    return Drain(after, name, size, rested, spent)


def raise_dead(rng: Randomness, settings: RealmSettings = DEFAULT_SETTINGS) -> TableResult:
    """RAISE DEAD (V/Grey): one roll on the Raise Dead table (the dice of ruling MR49); ``data['undead']`` are
    raised."""
    return table("mr_raise_dead", settings).roll(rng, label="Raise Dead")


def summon_elemental(rng: Randomness, settings: RealmSettings = DEFAULT_SETTINGS) -> TableResult:
    """ELEMENTAL (IV/Purple): roll which elemental fights for the caster (the dice of ruling MR49)."""
    return table("mr_summon_elemental", settings).roll(rng, label="Elemental")


def hop(board: Board, clearing: Clearing, rng: Randomness, *, may_stay: bool = True) -> Clearing:
    """HOP (VIII/Gold): the character is carried to a random clearing of the same tile.

    "A random clearing" may be the one the character stands in (ruling MR10); ``may_stay=False``
    draws among the others.
    """
    choices = [c for c in board.tile_clearings(clearing.tile) if may_stay or c != clearing.id]
    return board.clearings[rng.choice(choices, "Hop", section=SPELLS)]


#: SPARKLE (VIII/Gold): a monster whose die shows one of these is unassigned for the round.
SPARKLE_UNASSIGNS = (5, 6)
#: SLOW MONSTER (VII/Gold): attack and movement time numbers increase by this much.
SLOW_BY = 2


@dataclass(frozen=True, slots=True)
class Sparkle:
    """Each monster's die, and the monsters unassigned for the current round."""

    rolls: tuple[tuple[str, int], ...]

    @property
    def unassigned(self) -> tuple[str, ...]:
        return tuple(m for m, roll in self.rolls if roll in SPARKLE_UNASSIGNS)


def sparkle(monsters_here: Sequence[str], rng: Randomness, *, caster_speed: int, fastest_monster: int) -> Sparkle:
    """SPARKLE (VIII/Gold), all monsters in the clearing, cast in the encounter step: the caster must beat
    or tie the fastest monster's speed (a lower time number is faster); then 1d6 for every monster, and a
    5 or 6 unassigns it for the current round (reassigned as normal in the next)."""
    if caster_speed > fastest_monster:
        raise RuleError(
            f"a speed of {caster_speed} does not beat or tie the fastest monster's {fastest_monster}",
            rule="the Character must be able to beat or tie the speed of the fastest monster",
            section=SPELLS,
        )
    if not monsters_here:
        raise RuleError("there are no monsters in the clearing", rule="Sparkle", section=SPELLS)
    return Sparkle(tuple((m, rng.roll(6, f"Sparkle: {m}", section=SPELLS)) for m in monsters_here))


def slow_monster(attack: int, move: int) -> tuple[int, int]:
    """SLOW MONSTER (VII/Gold): the monster's attack and move time numbers each increase by 2 (slower)."""
    return attack + SLOW_BY, move + SLOW_BY


def fleet_foot_moves(clearing_kind: str, *, fleet_foot: bool) -> int:
    """MOVE phases to enter a clearing: two for a mountain clearing (the base game, 3.3/1), one under
    FLEET FOOT (III/Gold)."""
    return 1 if fleet_foot or "mountain" not in clearing_kind else 2


def disguise(friendliness: str) -> str:
    """DISGUISE (VIII/Grey), one native group, for the day: the group is treated as FRIENDLY (an ally
    stays an ally: ruling MR36)."""
    return "Ally" if friendliness == "Ally" else "Friendly"


def make_miracle(character: Character, chit: str, *, cast_with: Sequence[str] = ()) -> Character:
    """MIRACLE (I/White) 1-2: an active MOVE, FIGHT, MAGIC, DUCK or BERSERK chit set aside as a Miracle chit.

    The chits that cast the spell cannot become it (Miracle 1).
    """
    wanted = chit.strip().casefold()
    if wanted in {c.strip().casefold() for c in cast_with}:
        raise RuleError(f"{chit} cast the spell and is fatigued", rule="Miracle 1", section=SPELLS)
    for i, c in enumerate(character.chits):
        if c.name.casefold() == wanted and c.state == "active":
            if c.kind not in MIRACLE_KINDS:
                raise RuleError(f"{c.name} cannot become a Miracle chit", rule="Miracle 1", section=SPELLS)
            return character.with_states({i: "miracle"})
    raise RuleError(f"{character.name} has no active chit {chit!r}", rule="Miracle 1", section=SPELLS)


@dataclass(frozen=True, slots=True)
class MiracleRoll:
    character: Character
    first: int
    second: int
    kept: int


def spell_hit(name: str) -> tuple[str, int]:
    """The harm letter and sharpness stars an attack spell's hit does (List of Spells): ICE STORM's SMASH M4*,
    MAGIC ARROW's MISSILE M**, FIRE TRAP's L***, LUCKY BLOW's Tremendous (``spells.toml harm/stars``)."""
    found = spell(name)
    if found.harm is None:
        with_harm = ", ".join(s.name for s in spells().values() if s.harm)
        raise InputError(f"{found.name} does no harm of its own here ({with_harm} do)")
    return found.harm, found.stars


def play_miracle(
    character: Character, first: int, reroll: Callable[[], int], *, keep: str = "low"
) -> MiracleRoll:
    """MIRACLE 3-4: the held chit forces one re-roll; the better roll is kept; the chit goes to the wound box.

    The owner decides which roll is better: ``keep="low"`` (most of the realm's tables favour low
    rolls) or ``"high"`` (ruling MR11).  Without a Miracle chit held before the roll, refused.
    """
    if keep not in ("low", "high"):
        raise InputError(f"keep must be 'low' or 'high', not {keep!r}")
    held = [i for i, c in enumerate(character.chits) if c.state == "miracle"]
    if not held:
        raise RuleError(
            f"{character.name} holds no Miracle chit",
            rule="the Miracle chit must be pre-existing before the roll",
            section=SPELLS,
        )
    second = reroll()
    kept = min(first, second) if keep == "low" else max(first, second)
    return MiracleRoll(character.with_states({held[0]: "wounded"}), first, second, kept)
