"""A planeswalker's sheet: stats, build points, colour identity, race, keywords and spells (seed 001).

"Character Stats" and "Character Generation": every character starts at Power 1,
Toughness 1, Life 5, Mastery 3, Channelling 3, Speed 1, Focus 1 and Memory 5, spends
5 build points, then takes its race's and its colour identity's bonuses.

>>> hero = Character.create("Ajani", identity=("W", "U", "B"), race="Human",
...                         increases={"mastery": 1, "power": 2, "speed": 1, "focus": 1, "memory": 1})
>>> hero.stats["mastery"], hero.stats["memory"], hero.stats["focus"]
(5, 8, 3)
>>> hero.spells_known(), hero.memorized_limit()
(14, 4)
>>> hero.mana_capacity()
{'W': 1, 'U': 1, 'B': 1}
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.mtg_rpg.cards import Card, CardPool, builtin_pool
from magecraft.planeswalker.data import (
    STAT_NAMES,
    STATS,
    generation,
    identities,
    keyword_entry,
    max_identity_sources,
    race_bonus,
    race_names,
    stat_key,
)
from magecraft.planeswalker.settings import DEFAULT_SETTINGS, Settings

GENERATION = "Character Generation"
STATS_SECTION = "Character Stats"

def stat_increases(increases: Mapping[str, Any]) -> dict[str, Any]:
    """Build-point increases keyed by :func:`~magecraft.planeswalker.data.stat_key` (either spelling, any
    case), the points of one stat written twice added up; the amounts are judged by ``validate``."""
    found: dict[str, Any] = {}
    for stat, amount in increases.items():
        key = stat_key(stat)
        earlier = found.get(key)
        if isinstance(earlier, int) and isinstance(amount, int):
            amount += earlier  # "channeling=1" and "channelling=1" are two points of one stat
        found[key] = amount
    return found


#: How an Artifact identity's mana is taken ("Mana Pool"): one colorless, or two for artifacts only.
ARTIFACT_MANA = ("colorless", "artifacts")


@dataclass(frozen=True)
class Character:
    """One planeswalker, as the player wrote it down.

    ``increases`` are the stat points bought with build points; ``artifact_stats`` names the stat
    each Artifact identity raises (one per ``A`` in ``identity``, in order); ``library`` is the
    ordered list of spells known and ``memorized`` the prepared ones.  Between battles the sheet
    also carries the day so far (ruling PW30, see :mod:`magecraft.planeswalker.rest`): ``life`` is the
    Life now (None: at its base), ``used`` the prepared spells resolved today and ``forgotten`` those
    forgotten when Memory fell; neither is castable until the next short rest.
    """

    name: str
    identity: tuple[str, ...]
    race: str = "Human"
    increases: Mapping[str, int] = field(default_factory=dict)
    keywords: tuple[str, ...] = ()
    artifact_stats: tuple[str, ...] = ()
    artifact_mana: str = "colorless"
    library: tuple[str, ...] = ()
    memorized: tuple[str, ...] = ()
    awarded: int = 0
    life: int | None = None
    used: tuple[str, ...] = ()
    forgotten: tuple[str, ...] = ()

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def create(cls, name: str, *, identity: Sequence[str], race: str = "Human",
               increases: Mapping[str, int] | None = None, keywords: Sequence[str] = (),
               artifact_stats: Sequence[str] = (), artifact_mana: str = "colorless",
               library: Sequence[str] = (), memorized: Sequence[str] = (), pool: CardPool | None = None,
               settings: Settings = DEFAULT_SETTINGS) -> Character:
        """A new character, checked against every rule of "Character Generation" (refused naming the rule)."""
        codes = tuple(code.strip().upper() for code in identity)
        if len(codes) > max_identity_sources():
            raise RuleError(f"a new character chooses up to {max_identity_sources()} identity sources, "
                            f"not {len(codes)}", rule="Color Identity", section=GENERATION)
        race = next((known for known in race_names() if known.casefold() == race.strip().casefold()), race)
        character = cls(name.strip(), codes, race, stat_increases(increases or {}),
                        tuple(keyword_entry(k)[0] for k in keywords), tuple(stat_key(s) for s in artifact_stats),
                        artifact_mana, tuple(library), tuple(memorized))
        character.validate(pool, settings)
        return character

    def validate(self, pool: CardPool | None = None, settings: Settings = DEFAULT_SETTINGS) -> None:
        """Raise InputError/RuleError naming the first broken rule of the sheet."""
        if not self.name:
            raise InputError("a character needs a name")
        if not self.identity:
            raise RuleError("a character needs at least one identity source", rule="Color Identity",
                            section=GENERATION)
        known = identities()
        for code in self.identity:
            if code not in known:
                raise InputError(f"unknown identity {code!r} (W, U, B, R, G or A for Artifact)")
        race_bonus(self.race)
        for stat, amount in self.increases.items():
            if stat not in STATS:
                raise InputError(f"unknown stat {stat!r} (one of {', '.join(STATS)})")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                raise InputError(f"{STAT_NAMES[stat]} is raised by a whole number 0 or more, not {amount!r}")
        if self.artifact_mana not in ARTIFACT_MANA:
            raise InputError(f"artifact mana is 'colorless' or 'artifacts', not {self.artifact_mana!r}")
        choices = known["A"].choices
        if len(self.artifact_stats) != self.identity.count("A") or any(s not in choices
                                                                         for s in self.artifact_stats):
            raise RuleError(f"each Artifact identity raises one of {', '.join(choices)}: give one per A "
                            f"({self.identity.count('A')}), not {list(self.artifact_stats)}",
                            rule="Color Identity bonuses", section=GENERATION)
        for keyword in self.keywords:
            keyword_entry(keyword)
        if len(set(self.keywords)) != len(self.keywords):
            raise RuleError("a keyword ability is bought once", rule="Keyword abilities", section=GENERATION)
        two = sum(self.increases.get(s, 0) for s in generation().two_for_one)
        if two % 2 and not settings.odd_two_for_one:
            raise RuleError("Power, Toughness and Life are bought two points per build point: raise them by an "
                            "even number", rule="Build points", section=GENERATION)
        if self.points_spent() > self.build_points():
            raise RuleError(f"this sheet spends {self.points_spent()} build points but has "
                            f"{self.build_points()}", rule="Build points", section=GENERATION)
        self._validate_spells(pool)
        if self.life is not None and (isinstance(self.life, bool) or self.life < 0):
            raise InputError(f"Life is a whole number 0 or more, not {self.life!r}")
        for stat, value in self.stats.items():
            if value < 0 or (stat == "life" and value < 1):
                raise RuleError(f"{STAT_NAMES[stat]} would be {value}", rule="Character Stats",
                                section=STATS_SECTION)

    def _validate_spells(self, pool: CardPool | None) -> None:
        """The Library, Memory and the spells forgotten and used: the first broken rule raises."""
        cards = pool or builtin_pool()
        for spell in self.library:
            if cards.get(spell).is_land:
                raise RuleError(f"{spell} is a land, not a spell", rule="Library", section=GENERATION)
        if len(self.library) > self.spells_known():
            raise RuleError(f"the library holds {self.spells_known()} spells known (10 + Memory/2), not "
                            f"{len(self.library)}", rule="Library", section=GENERATION)
        missing = [s for s in self.memorized if s.casefold() not in {n.casefold() for n in self.library}]
        if missing:
            raise RuleError(f"{missing[0]} is memorised but not in the library", rule="Memorized Spells",
                            section=GENERATION)
        if len(self.memorized) > self.memorized_limit():
            raise RuleError(f"at most {self.memorized_limit()} spells (half Memory, rounded up) are memorised, "
                            f"not {len(self.memorized)}", rule="Memorized Spells", section=GENERATION)
        prepared = {n.casefold() for n in self.memorized}
        in_library = {n.casefold() for n in self.library}
        strays = [s for s in self.forgotten if s.casefold() not in prepared]
        if strays:
            raise RuleError(f"{strays[0]} is not memorised, so it cannot be forgotten",
                            rule="Memory", section=STATS_SECTION)
        # a Library spell drawn into Memory in a battle and cast there is used too (ruling PW33)
        unknown = [s for s in self.used if s.casefold() not in in_library]
        if unknown:
            raise RuleError(f"{unknown[0]} is not in the Library, so it cannot have been used",
                            rule="Memory", section=STATS_SECTION)

    # -- build points --------------------------------------------------------------------------
    def build_points(self) -> int:
        """5 at creation plus the points the GM awarded between sessions."""
        return generation().build_points + self.awarded

    def points_spent(self) -> int:
        """One per point of Mastery, Channelling, Speed, Focus or Memory; one per two of Power, Toughness
        and Life (an odd one rounds up); each keyword's price (Defender gives one back)."""
        gen = generation()
        one = sum(self.increases.get(s, 0) for s in gen.one_for_one)
        two = sum(self.increases.get(s, 0) for s in gen.two_for_one)
        keywords = sum(keyword_entry(k)[1] for k in self.keywords)
        return one + math.ceil(two / 2) + keywords

    def points_left(self) -> int:
        return self.build_points() - self.points_spent()

    # -- stats ---------------------------------------------------------------------------------
    @cached_property
    def stats(self) -> dict[str, int]:
        """Base + build points + race bonus + colour identity bonuses ("permanent and cumulative")."""
        values = dict(generation().base)
        for stat, amount in self.increases.items():
            values[stat] = values.get(stat, 0) + amount
        for stat, amount in race_bonus(self.race).items():
            values[stat] += amount
        known = identities()
        artifact = iter(self.artifact_stats)
        for code in self.identity:
            entry = known[code]
            chosen = entry.stat if entry.stat is not None else next(artifact, None)
            if chosen is not None:
                values[chosen] += 1
        return values

    @cached_property
    def battle_spells(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The card names (as the pool spells them) a battle starts with: Memory (the spells prepared now)
        and the rest of the Library in order, used and forgotten ones left out (ruling PW30).  Worked out
        once per sheet: every seeded bot battle of a benchmark starts from the same one."""
        from magecraft.mtg_rpg.cards import builtin_pool

        pool = builtin_pool()
        memorised = {n.casefold() for n in self.memorized}
        gone = {n.casefold() for n in self.used + self.forgotten}
        memory = tuple(pool.get(n).name for n in self.prepared())
        library = tuple(pool.get(n).name for n in self.library
                        if n.casefold() not in memorised and n.casefold() not in gone)
        return memory, library

    def spells_known(self) -> int:
        """"a starting base of 10 ... one extra spell for every two points ... in Memory (rounded down)"."""
        gen = generation()
        return gen.library_base + self.stats["memory"] // gen.memory_divisor

    def memorized_limit(self) -> int:
        """"a number of spells equal to half their Memory score (rounded up)"."""
        return math.ceil(self.stats["memory"] / 2)

    def prepared(self) -> tuple[str, ...]:
        """The memorised spells castable now: not used today nor forgotten (ruling PW30)."""
        gone = {n.casefold() for n in self.used + self.forgotten}
        return tuple(n for n in self.memorized if n.casefold() not in gone)

    def mana_capacity(self) -> dict[str, int]:
        """"Mana Pool": one mana of a colour per time it appears in the identity; Artifact adds one
        colorless (``C``) or two colorless for artifact spells only (``A``)."""
        capacity: dict[str, int] = {}
        for code in self.identity:
            entry = identities()[code]
            if code == "A" and self.artifact_mana == "artifacts":
                capacity["A"] = capacity.get("A", 0) + entry.artifact_only_amount
            else:
                capacity[entry.mana] = capacity.get(entry.mana, 0) + 1
        return capacity

    # -- advice --------------------------------------------------------------------------------
    def warnings(self, pool: CardPool | None = None) -> list[str]:
        """The seed's recommendations the sheet does not follow (advice, not rules)."""
        cards = pool or builtin_pool()
        notes: list[str] = []
        library = [cards.get(n) for n in self.library]
        names = [c.name for c in library]
        doubles = sorted({n for n in names if names.count(n) > 1})
        if doubles:
            notes.append(f"one of every card is recommended: {', '.join(doubles)} appears more than once")
        rares = [c.name for c in library if c.rarity in ("rare", "mythic")]
        if len(rares) > 1:
            notes.append(f"a single rare spell is recommended, this library has {len(rares)}: {', '.join(rares)}")
        walkers = [c.name for c in library if "Planeswalker" in c.types]
        if walkers:
            notes.append(f"no planeswalker spells at the start: {', '.join(walkers)}")
        if len(self.library) < self.spells_known():
            notes.append(f"the library has room for {self.spells_known() - len(self.library)} more spells")
        uncastable = [c.name for c in library if not self.can_ever_cast(c)]
        if uncastable:
            notes.append(f"cannot be cast with this Mastery and identity: {', '.join(uncastable)}")
        if self.points_left() > 0:
            notes.append(f"{self.points_left()} build points are unspent")
        return notes

    def castable_spells(self, pool: CardPool | None = None) -> list[Card]:
        """The pool's spells this sheet could ever cast (:meth:`can_ever_cast`: Mastery and the full Mana Pool),
        cheapest first, then by name: what a creator may put in the Library ("Spells": a spell must fit the
        Mastery and the Mana Pool to be cast)."""
        found = [card for card in (pool or builtin_pool()) if self.can_ever_cast(card)]
        return sorted(found, key=lambda card: (card.mana_value, card.name))

    def can_ever_cast(self, card: Card) -> bool:
        """Whether the spell's cost fits Mastery and the full Mana Pool (coloured symbols included)."""
        if card.is_land or card.mana_value > self.stats["mastery"]:
            return False
        capacity = self.mana_capacity()
        pips = card.colored_pips()
        if any(capacity.get(colour, 0) < n for colour, n in pips.items()):
            return False
        return card.mana_value <= sum(capacity.values())

    # -- between sessions ----------------------------------------------------------------------
    def award(self, points: int) -> Character:
        """The GM awards build points between sessions ("about three points at the end of each session")."""
        if points < 1:
            raise InputError("award at least one build point")
        return replace(self, awarded=self.awarded + points)

    def with_identity(self, identity: Sequence[str], artifact_stats: Sequence[str] | None = None) -> Character:
        """A changed identity (a new source, or an old one given up); no creation limit of three applies."""
        changed = replace(self, identity=tuple(c.strip().upper() for c in identity),
                          artifact_stats=tuple(stat_key(s) for s in artifact_stats) if artifact_stats is not None
                          else self.artifact_stats[:identity.count("A")])
        changed.validate()
        return changed

    # -- saving --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "identity": list(self.identity), "race": self.race,
                "increases": dict(self.increases), "keywords": list(self.keywords),
                "artifact_stats": list(self.artifact_stats), "artifact_mana": self.artifact_mana,
                "library": list(self.library), "memorized": list(self.memorized), "awarded": self.awarded,
                "life": self.life, "used": list(self.used), "forgotten": list(self.forgotten)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Character:
        """A sheet written by :meth:`to_dict`; a malformed one is refused whole."""
        try:
            character = cls(str(raw["name"]), tuple(raw["identity"]), str(raw["race"]),
                            {str(k): v for k, v in raw["increases"].items()}, tuple(raw["keywords"]),
                            tuple(raw["artifact_stats"]), str(raw["artifact_mana"]), tuple(raw["library"]),
                            tuple(raw["memorized"]), int(raw["awarded"]),
                            # sheets saved before rests existed carry no day: at base, nothing used
                            None if raw.get("life") is None else int(raw["life"]),
                            tuple(raw.get("used", ())), tuple(raw.get("forgotten", ())))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"a saved planeswalker is malformed ({exc})") from None
        try:
            character.validate()
        except (InputError, RuleError) as exc:
            raise DataError(f"a saved planeswalker is refused: {exc}") from None
        return character
