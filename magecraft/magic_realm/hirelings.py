"""Hired and captured travellers of one character ("7.5"-"7.9" and the traveller cards, seed 002).

A :class:`Retinue` is a character's gold, chits and the travellers serving them.  Hiring pays the
wage in gold for fourteen days (the Children: 3 gold for one day); capturing takes one round of
combat; the character's death sends every traveller away.  Every action is checked before anything
changes; a refused action raises :class:`RuleError` naming the rule.

>>> retinue = Retinue("Amazon", gold=10)
>>> retinue.hire("Cook", day=1)
>>> retinue.gold, retinue.serving["Cook"].last_day
(2, 14)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.tables import TableResult
from magecraft.magic_realm.characters import harm_levels, level
from magecraft.magic_realm.data import Traveller, realm_lists, traveller
from magecraft.magic_realm.table_dice import DEFAULT_SETTINGS, RealmSettings, table
from magecraft.magic_realm.trade import FRIENDLINESS, shift

TRAVELLERS = "7. Travellers"
#: 7.5: "a duration of fourteen days (two weeks)".
HIRE_DAYS = 14
#: The Pickpocket: a failed capture costs 2d6 gold.
PICKPOCKET_LOSS = "2d6"


@dataclass(frozen=True, slots=True)
class Hireling:
    """A traveller serving the character through ``last_day`` (None: captured, for the game, 7.9)."""

    name: str
    last_day: int | None
    held_chit: str | None = None

    @property
    def captured(self) -> bool:
        return self.last_day is None


@dataclass(frozen=True, slots=True)
class Capture:
    traveller: str
    captured: bool
    gold_lost: int = 0


class Retinue:
    """A character's gold, action chits and serving travellers (7.5-7.9)."""

    def __init__(self, character: str, *, gold: int = 0, chits: Sequence[str] = ()) -> None:
        self.character = character
        self.gold = gold
        self.chits: list[str] = list(chits)
        self.serving: dict[str, Hireling] = {}
        self.dead = False

    def _alive(self) -> None:
        if self.dead:
            raise RuleError(f"{self.character} is dead", rule="7.8", section=TRAVELLERS)

    def hire(self, name: str, *, day: int, chit: str | None = None) -> None:
        """7.5: pay the wage in gold (no substitute) for fourteen days; re-hire once the time is up.

        The Children are paid 3 gold a day, for that day.  The Doppleganger is hired for a chit, held
        until the time is up (its card).
        """
        card, wage = self.check_hire(name, day=day, chit=chit)
        if card.hire_chit:
            assert chit is not None
            self.chits.remove(chit)
        days = 1 if card.per_day else HIRE_DAYS
        self.gold -= wage
        self.serving[card.name] = Hireling(card.name, day + days - 1, chit if card.hire_chit else None)

    def check_hire(self, name: str, *, day: int, chit: str | None = None) -> tuple[Traveller, int]:
        """Refuse (``RuleError``) a hiring :meth:`hire` would refuse, changing nothing; the card and wage."""
        self._alive()
        card = traveller(name)
        if card.hire is None and not card.hire_chit:
            raise RuleError(f"the {card.name} is not hired (captured or met)", rule="7.5", section=TRAVELLERS)
        current = self.serving.get(card.name)
        if current is not None and (current.captured or current.last_day is None or current.last_day >= day):
            until = "for the game" if current.captured else f"through day {current.last_day}"
            raise RuleError(
                f"the {card.name} already serves {self.character} {until}",
                rule="7.5 Once their time has expired, the player may pay the wage again",
                section=TRAVELLERS,
            )
        wage = card.hire or 0
        if self.gold < wage:
            raise RuleError(
                f"the {card.name}'s wage is {wage} gold; {self.character} has {self.gold}",
                rule="7.5 The wage is not negotiable, and no substitute for gold is accepted",
                section=TRAVELLERS,
            )
        if card.hire_chit and (chit is None or chit not in self.chits):
            raise RuleError(
                f"the {card.name} is hired for one of {self.character}'s chits",
                rule="Doppleganger",
                section=TRAVELLERS,
            )
        return card, wage

    def fire(self, name: str) -> None:
        """Free a traveller before the time is up; the Doppleganger "cannot be fired"."""
        hired = self.check_fire(name)
        del self.serving[hired.name]

    def check_fire(self, name: str) -> Hireling:
        hired = self._serving(name)
        if hired.held_chit is not None:
            raise RuleError(f"the {hired.name} cannot be fired", rule="Doppleganger", section=TRAVELLERS)
        return hired

    def new_day(self, day: int) -> list[str]:
        """Travellers whose time ran out before ``day`` leave; the Doppleganger returns its chit."""
        gone = [h for h in self.serving.values() if h.last_day is not None and h.last_day < day]
        for hired in gone:
            self._leave(hired)
        return [h.name for h in gone]

    def capture(self, name: str, *, hit: bool, rng: Randomness | None = None) -> Capture:
        """7.9: a hit in one round of combat captures the traveller for the game; otherwise it escapes.

        The Pickpocket escaping takes 2d6 gold (all the character has, if less); ``rng`` rolls it.
        """
        card = self.check_capture(name)
        if hit:
            self.serving[card.name] = Hireling(card.name, None)
            return Capture(card.name, True)
        lost = 0
        if card.name == "Pickpocket" and self.gold > 0:
            if rng is None:
                raise RuleError("the Pickpocket's 2d6 needs dice", rule="Pickpocket", section=TRAVELLERS)
            lost = min(self.gold, rng.dice(PICKPOCKET_LOSS, "Pickpocket", section=TRAVELLERS).total)
            self.gold -= lost
        return Capture(card.name, False, lost)

    def check_capture(self, name: str) -> Traveller:
        self._alive()
        card = traveller(name)
        if not card.capture:
            raise RuleError(f"the {card.name} has no CAPTURE value", rule="7.9", section=TRAVELLERS)
        if card.name in self.serving:
            raise RuleError(f"the {card.name} already serves {self.character}", rule="7.9", section=TRAVELLERS)
        return card

    def pickpocket_score(self, rng: Randomness, settings: RealmSettings = DEFAULT_SETTINGS) -> TableResult:
        """A captured Pickpocket scores each turn spent at a dwelling (Pickpocket Score table, the dice of
        ruling MR49)."""
        hired = self._serving("Pickpocket")
        if not hired.captured:
            raise RuleError("the Pickpocket scores only when captured", rule="Pickpocket", section=TRAVELLERS)
        result = table("mr_pickpocket_score", settings).roll(rng, label="Pickpocket score")
        self.gold += int(result.data.get("gold", 0))
        return result

    def killed(self) -> list[str]:
        """7.8: the character is killed; every traveller serving them is removed from the game (ruling MR15)."""
        gone = list(self.serving.values())
        for hired in gone:
            self._leave(hired)
        self.dead = True
        return [h.name for h in gone]

    def _serving(self, name: str) -> Hireling:
        card = traveller(name)
        hired = self.serving.get(card.name)
        if hired is None:
            raise RuleError(f"the {card.name} does not serve {self.character}", rule="7.5", section=TRAVELLERS)
        return hired

    def _leave(self, hired: Hireling) -> None:
        del self.serving[hired.name]
        if hired.held_chit is not None:
            self.chits.append(hired.held_chit)

    # -- the travellers' own abilities (7.6, 7.10) ----------------------------------------------------

    def serves(self, name: str) -> bool:
        return name in self.serving

    def native_column(self, friendliness: str) -> str:
        """The column on which the character deals with natives of ``friendliness``.

        Doppleganger: every group on the friendly column, whatever the alliance; Nobleman: one level
        friendlier (7.10).  The Doppleganger's "friendly" wins over the Nobleman's one level.
        """
        if self.serves("Doppleganger"):
            return "Ally" if friendliness == "Ally" else "Friendly"  # never worse than before (ruling MR36)
        if self.serves("Nobleman"):
            return shift(friendliness, +1) if friendliness in FRIENDLINESS else friendliness
        return friendliness

    def carry_strength(self, own: str) -> str:
        """The strength the character lifts, carries and opens with outside combat: Tremendous with the
        Strongman ("Tremendous strength for any purpose other than combat": items of Tremendous weight,
        the VAULT), his own otherwise (7.10)."""
        return harm_levels()[-1] if self.serves("Strongman") else harm_levels()[level(own)]

    def can_carry(self, own: str, weight: str) -> bool:
        """Whether the character can carry an item of ``weight`` (its letter) -- at most his strength."""
        return level(weight) <= level(self.carry_strength(own))

    def horse_maneuver(self, move_speed: int, *, native_owned: bool = False) -> int:
        """The speed a horse of the party maneuvers at: its MOVE speed, minus one with the Horse Trainer
        (never for native-owned horses, 7.10).  Stops at 0."""
        if move_speed < 0:
            raise InputError(f"a horse's MOVE speed is 0 or more, not {move_speed}")
        return max(0, move_speed - 1) if self.serves("Horse Trainer") and not native_owned else move_speed

    def bat_hunter_targets(self, sheet: Sequence[str]) -> list[str]:
        """7.10 Bat Hunter: he avoids all combat, joining the attack only while bats are on the hiring
        character's sheet, and then only against a bat: the bats of ``sheet`` he may attack (none without him)."""
        if not self.serves("Bat Hunter"):
            return []
        bats = {b.casefold() for b in realm_lists()["bats"]}
        return [m for m in sheet if m.strip().casefold() in bats]

    def lured_dragons(self, dragons: Sequence[str]) -> list[str]:
        """With the Dragonslayer: every dragon in the battle is lured to the character (hidden or not),
        in the order he attacks them -- the largest first, by the card's order (7.10)."""
        if not self.serves("Dragonslayer"):
            return []
        order = realm_lists()["dragon_order"]
        unknown = [d for d in dragons if d not in order]
        if unknown:
            raise RuleError(f"{unknown[0]!r} is not a dragon the Dragonslayer knows ({', '.join(order)})",
                            rule="Dragonslayer", section=TRAVELLERS)
        return sorted(dragons, key=order.index)

    def run_from_battle(self, *, dragons: bool = False, bounty: bool = False) -> list[str]:
        """The character runs: refused while the Bounty Hunter's bounty is present (he blocks until it is
        dead); the Dragonslayer in a battle with dragons is killed and removed from play.  Who is lost."""
        if bounty and self.serves("Bounty Hunter"):
            raise RuleError("the Bounty Hunter blocks until the bounty is dead: no running",
                            rule="Bounty Hunter", section=TRAVELLERS)
        if dragons and self.serves("Dragonslayer"):
            del self.serving["Dragonslayer"]
            return ["Dragonslayer"]
        return []

    # -- saving --------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "gold": self.gold,
            "chits": list(self.chits),
            "dead": self.dead,
            "serving": [[h.name, h.last_day, h.held_chit] for h in self.serving.values()],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Retinue:
        """Rebuild a retinue; a malformed one raises ``KeyError``/``TypeError``/``ValueError``."""
        made = cls(str(raw["character"]), gold=int(raw["gold"]), chits=[str(c) for c in raw["chits"]])
        made.dead = bool(raw["dead"])
        for name, last, held in raw["serving"]:
            card = traveller(str(name))
            made.serving[card.name] = Hireling(
                card.name, None if last is None else int(last), None if held is None else str(held)
            )
        if made.gold < 0:
            raise ValueError(f"{made.character}'s gold is negative")
        return made
