"""One round of a character's combat as "11. EXPANDED COMBAT RULES" and "14. NEW MONSTERS" (seed 002) change it.

The base game's combat is not a seed: magecraft checks what the expansion adds and resolves what it
specifies, and takes what the base game decides (which attack hit, the harm of a monster's attack, its
speed) as the referee's input.

- 11.1 two weapons at once: each lighter than the character's vulnerability, no missile weapon or
  spear, no shield, a FIGHT chit for each within the asterisk limit, only the primary (by default the
  heavier) alerted or strengthened, each naming its target (11.1/3): :func:`play_round`.
- 11.2 a spear, hand axe or dagger thrown from hiding: length 12, one shot each: :class:`Ambush`.
- 11.3 a weapon played in a shield box parries an attack it undercuts: :func:`parry`.
- 14.1 the Minotaur's buckler; 14.4 a hit on a new monster: :class:`Minotaur`, :func:`strike_monster`.

The Dwarf (vulnerability Heavy) may fight with two Medium weapons (11.1's example):

>>> dwarf = character("Dwarf")
>>> play = play_round(dwarf, [Attack(weapon("Axe"), ActionChit.parse("FIGHT H5*"), "Giant"),
...                            Attack(weapon("Mace"), ActionChit.parse("FIGHT M4*"), "Giant")])
>>> [(s.weapon.name, s.primary, s.harm) for s in play.swings]
[('Axe', True, 'H'), ('Mace', False, 'M')]
>>> play_round(character("Elf"), [Attack(weapon("Dagger"), ActionChit.parse("FIGHT L2*"), "Wolf"),
...                               Attack(weapon("Short Sword"), ActionChit.parse("FIGHT L3*"), "Wolf")])
Traceback (most recent call last):
...
magecraft.core.errors.RuleError: 11.1 lighter: the Dagger (L) is not lighter than the Elf's vulnerability (L)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.numbers import whole_number
from magecraft.core.settings import dataclass_from_dict
from magecraft.magic_realm.characters import ActionChit, CharacterCard, character, combat_data, letter, level
from magecraft.magic_realm.data import find_named, monsters, travellers

COMBAT = "11. Expanded Combat Rules"
MONSTERS = "14. New Monsters"
REVISED = "13. Revised Characters"


@dataclass(frozen=True, slots=True)
class CombatSettings:
    """The rulings of sections 11 and 14 a table may make differently (docs/rulings.md MR19-MR23).

    - ``asterisk_limit``: effort asterisks a character may play in one round (the base game's two, MR19);
    - ``strength_bonus``: the primary weapon's harm rises one level when its FIGHT chit is stronger than
      the weapon (the base game's rule, MR20; 11.1/1 keeps it for the primary weapon only);
    - ``armour_removes_stars``: sharpness stars an armour takes off (14.1/1's buckler: one; MR21 applies
      it to a parrying weapon and an armoured monster);
    - ``parry_wound``: the least harm of a parried hit that still wounds (11.3 "medium damage", MR22);
    - ``stab_forbids_maneuver``: 13.2 "will not be able to play a maneuver" with STAB T2** (MR23).
    """

    asterisk_limit: int = 2
    strength_bonus: bool = True
    armour_removes_stars: int = 1
    parry_wound: str = "M"
    stab_forbids_maneuver: bool = True

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> CombatSettings:
        return dataclass_from_dict(cls, raw, "magic realm combat settings")


DEFAULT = CombatSettings()


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon's weight (harm letter) and length; ``missile``, ``spear`` and ``two_handed`` never pair
    (11.1/2); ``throwable`` ones ambush (11.2)."""

    name: str
    weight: str
    length: int
    missile: bool = False
    spear: bool = False
    two_handed: bool = False
    throwable: bool = False

    @classmethod
    def parse(cls, spec: str) -> Weapon:
        """A shipped weapon by name, or ``NAME:WEIGHT:LENGTH[:FLAG...]`` for one the referee describes.

        >>> Weapon.parse("Hand Axe:M:2:throwable")
        Weapon(name='Hand Axe', weight='M', length=2, missile=False, spear=False, two_handed=False, throwable=True)
        """
        parts = [p.strip() for p in spec.split(":")]
        if len(parts) == 1:
            return weapon(parts[0])
        flags = {"missile", "spear", "two_handed", "throwable"}
        length = whole_number(parts[2]) if len(parts) >= 3 and parts[2].isdigit() else None  # issue 25 item 8
        if length is None or not parts[0] or any(p not in flags for p in parts[3:]):
            raise InputError(
                f"not a weapon: {spec!r} (a name, or NAME:WEIGHT:LENGTH[:missile|spear|two_handed|throwable])"
            )
        level(parts[1])
        return cls(parts[0], parts[1].upper(), length, **{flag: True for flag in parts[3:]})


@cache
def weapons() -> dict[str, Weapon]:
    out = {}
    for row in combat_data()["weapon"]:
        made = dataclass_from_dict(Weapon, row, "magic_realm/data/combat.toml")
        if made.weight not in combat_data()["harm_levels"]:
            raise DataError(f"magic_realm/data/combat.toml: {made.name}: unknown weight {made.weight!r}")
        out[made.name] = made
    return out


def weapon(name: str) -> Weapon:
    return find_named(weapons(), name, "weapon")


@dataclass(frozen=True, slots=True)
class Armour:
    name: str
    kind: str
    weight: str


@cache
def armours() -> dict[str, Armour]:
    return {row["name"]: Armour(**row) for row in combat_data()["armour"]}


def armour(name: str) -> Armour:
    return find_named(armours(), name, "armour")


@dataclass(frozen=True, slots=True)
class Attack:
    """What the player plays to attack: a weapon, a FIGHT (or STAB) chit and the target (11.1/3)."""

    weapon: Weapon
    chit: ActionChit
    target: str = ""


@dataclass(frozen=True, slots=True)
class Guard:
    """A weapon played in a shield box to parry (11.3), with its FIGHT chit; ``speed`` is what attackers
    must beat: the chit's, or the weapon's own time when the referee gives one."""

    weapon: Weapon
    chit: ActionChit
    box: str = ""
    weapon_speed: int | None = None

    @property
    def speed(self) -> int:
        return self.chit.speed if self.weapon_speed is None else self.weapon_speed


@dataclass(frozen=True, slots=True)
class Swing:
    """One attack as played: primary or secondary (11.1), alerted or not, its harm and length."""

    weapon: Weapon
    chit: ActionChit
    target: str
    primary: bool
    alerted: bool
    harm: str
    length: int
    thrown: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "weapon": self.weapon.name,
            "chit": self.chit.name,
            "target": self.target,
            "primary": self.primary,
            "alerted": self.alerted,
            "harm": self.harm,
            "speed": self.chit.speed,
            "length": self.length,
            "thrown": self.thrown,
        }


@dataclass(frozen=True, slots=True)
class RoundPlay:
    """A character's legal play for one round."""

    character: str
    swings: tuple[Swing, ...]
    guards: tuple[Guard, ...]
    shield: Armour | None
    maneuver: ActionChit | None
    two_weapons: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "two_weapons": self.two_weapons,
            "attacks": [s.to_dict() for s in self.swings],
            "parries": [
                {"weapon": g.weapon.name, "chit": g.chit.name, "box": g.box, "speed": g.speed} for g in self.guards
            ],
            "shield": self.shield.name if self.shield else None,
            "maneuver": self.maneuver.name if self.maneuver else None,
        }


def _refuse(message: str, rule: str, section: str = COMBAT) -> RuleError:
    return RuleError(message, rule=rule, section=section)


def play_round(
    card: CharacterCard,
    attacks: Sequence[Attack],
    guards: Sequence[Guard] = (),
    *,
    shield: Armour | None = None,
    maneuver: ActionChit | None = None,
    primary: str | None = None,
    alert: bool = False,
    vulnerability: str | None = None,
    settings: CombatSettings = DEFAULT,
) -> RoundPlay:
    """Check a character's play for one round and say what each weapon does; refused whole if illegal.

    Every weapon is played once, to attack or to parry (ruling MR24); with two weapons (11.1, 11.3)
    each must be lighter than the vulnerability (``vulnerability`` overrides the card's), none a missile
    weapon, spear or two-handed weapon, no shield is played, and each attack names its target (11.1/3).
    The primary weapon is ``primary`` or the heavier (the first listed on a tie, MR24); only it may be
    ``alert``-ed and only it gains the strength bonus (11.1/1).
    """
    vul = (vulnerability or card.vulnerability).upper()
    level(vul)
    played = [a.weapon for a in attacks] + [g.weapon for g in guards]
    chits = [a.chit for a in attacks] + [g.chit for g in guards]
    if not played:
        raise InputError("play at least one weapon, to attack or to parry")
    names = [w.name for w in played]
    if len(set(names)) < len(names):
        raise _refuse("a weapon is played once a round, to attack or to parry", "11.3 one use a round")
    if len(played) > 2:
        raise _refuse(f"{len(played)} weapons: a character wields at most two", "11.1 two weapons")
    for chit in chits:
        if not chit.fights:
            raise _refuse(f"{chit.name} is not a FIGHT chit", "11.1/1 a fight chit for each weapon")
    two = len(played) == 2
    if two:
        _check_two_weapons(card.name, vul, played, attacks, shield)
    if shield is not None and shield.kind != "shield":
        raise InputError(f"the {shield.name} is not a shield")
    if maneuver is not None:
        _check_maneuver(maneuver, chits, settings)
    effort = sum(c.asterisks for c in chits) + (maneuver.asterisks if maneuver else 0)
    if effort > settings.asterisk_limit:
        raise _refuse(
            f"{effort} effort asterisks played; the limit is {settings.asterisk_limit} a round",
            "11.1/1 the asterisk limit still applies",
        )
    first = _primary(played, primary)
    swings = tuple(_swing(a, a.weapon is first, alert and a.weapon is first, settings) for a in attacks)
    return RoundPlay(card.name, swings, tuple(guards), shield, maneuver, two)


def _check_two_weapons(
    who: str, vul: str, played: Sequence[Weapon], attacks: Sequence[Attack], shield: Armour | None
) -> None:
    """11.1, 11.3: two weapons each lighter than the vulnerability, no missile, spear or two-handed weapon,
    no shield, and each attack's target named."""
    for w in played:
        if level(w.weight) >= level(vul):
            raise _refuse(
                f"the {w.name} ({w.weight}) is not lighter than the {who}'s vulnerability ({vul})",
                "11.1 lighter",
            )
        if w.missile or w.spear:
            kind = "missile weapon" if w.missile else "spear"
            raise _refuse(
                f"the {w.name} is a {kind}: not in two-handed combat", "11.1/2 no missiles or spears"
            )
        if w.two_handed:
            raise _refuse(f"the {w.name} takes both hands", "11.1/2 two-handed weapons (MR24)")
    if shield is not None:
        raise _refuse(f"no {shield.name} is played with two weapons", "11.1/2 no shield")
    if len(attacks) == 2 and any(not a.target.strip() for a in attacks):
        raise _refuse("name each weapon's target", "11.1/3 which weapon against which opponent")


def _check_maneuver(maneuver: ActionChit, chits: Sequence[ActionChit], settings: CombatSettings) -> None:
    """A maneuver chit (MOVE or DUCK), and none with the Thief/Assassin's STAB (13.2, MR23)."""
    if not maneuver.maneuvers:
        raise InputError(f"{maneuver.name} is not a maneuver chit (MOVE or DUCK)")
    if settings.stab_forbids_maneuver and any(c.kind == "STAB" for c in chits):
        raise _refuse(
            f"{maneuver.name}: no maneuver is played with the STAB chit",
            "13.2 STAB T2** and no maneuver",
            REVISED,
        )


def alerted_after(swing: Swing, *, missed: bool) -> bool:
    """11.1: whether the weapon is alerted after its attack: the secondary never ("always played
    non-alerted side up, no matter what"); the primary when it missed.  What a hit does to an alerted
    primary is the base game's (it stays as it was here)."""
    if not swing.primary:
        return False
    return True if missed else swing.alerted


def _primary(played: Sequence[Weapon], primary: str | None) -> Weapon:
    if primary is None:
        heaviest = max(level(w.weight) for w in played)
        return next(w for w in played if level(w.weight) == heaviest)
    for w in played:
        if w.name.casefold() == primary.strip().casefold():
            return w
    raise InputError(f"the primary weapon {primary!r} is not one played ({', '.join(w.name for w in played)})")


def _swing(attack: Attack, primary: bool, alerted: bool, settings: CombatSettings) -> Swing:
    rank = level(attack.weapon.weight)
    if primary and settings.strength_bonus and level(attack.chit.strength) > rank:
        rank += 1
    return Swing(attack.weapon, attack.chit, attack.target, primary, alerted, letter(rank), attack.weapon.length)


# -- 11.2 ambush with thrown weapons ---------------------------------------------------------------------


@dataclass(slots=True)
class Ambush:
    """11.2: a hidden character throws a spear, hand axe or dagger: length 12, one shot per weapon.

    ``thrown`` keeps the weapons already thrown this combat (ruling MR25: the weapon leaves the hand).
    """

    card: CharacterCard
    hidden: bool = True
    thrown: list[str] = field(default_factory=list)

    def check(self, attack: Attack) -> None:
        w = attack.weapon
        if not w.throwable:
            raise _refuse(f"the {w.name} is not thrown (a spear, hand axe or dagger is)", "11.2 thrown weapons")
        if not self.hidden:
            raise _refuse(f"the {self.card.name} is not hidden: an ambush is from concealment", "11.2")
        if w.name in self.thrown:
            raise _refuse(f"the {w.name} was thrown already", "11.2 one shot per weapon")
        if not attack.chit.fights:
            raise _refuse(f"{attack.chit.name} is not a FIGHT chit", "11.1/1")

    def throw(self, attack: Attack, *, settings: CombatSettings = DEFAULT) -> Swing:
        """The thrown attack (length 12, whatever the weapon's own); the weapon is gone for the combat."""
        self.check(attack)
        self.thrown.append(attack.weapon.name)
        swing = _swing(attack, True, False, settings)
        return Swing(
            swing.weapon,
            swing.chit,
            swing.target,
            True,
            False,
            swing.harm,
            int(combat_data()["thrown_length"]),
            True,
        )


# -- 11.3 parry ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParryResult:
    parried: bool
    harm: str
    weapon_destroyed: bool
    wound: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "parried": self.parried,
            "harm": self.harm,
            "weapon_destroyed": self.weapon_destroyed,
            "wound": self.wound,
        }


def struck_harm(harm: str, stars: int, removed: int = 0) -> str:
    """The harm of an attack with ``stars`` sharpness stars, ``removed`` of them taken off by armour.

    Each remaining star raises the harm one level (the base game's rule, ruling MR21), up to Tremendous.
    """
    if stars < 0:
        raise InputError("sharpness stars are 0 or more")
    return letter(level(harm) + max(0, stars - removed))


def parry(
    guard: Guard, attack_speed: int, harm: str, stars: int = 0, *, settings: CombatSettings = DEFAULT
) -> ParryResult:
    """11.3: the attack is parried when the guard's speed undercuts it (is faster: ruling MR22).

    A parried attack is taken on the weapon like a shield (one star off, MR21): a harm greater than the
    weapon's weight destroys it (never merely damaged), and a harm of Medium or more still wounds.  An
    attack that is not parried is the base game's to resolve (``harm`` is returned with its stars).
    """
    if attack_speed < 0:
        raise InputError("an attack's speed is 0 or more")
    if guard.speed >= attack_speed:
        return ParryResult(False, struck_harm(harm, stars), False, False)
    taken = struck_harm(harm, stars, settings.armour_removes_stars)
    destroyed = level(taken) > level(guard.weapon.weight)
    return ParryResult(True, taken, destroyed, level(taken) >= level(settings.parry_wound))


# -- 14 new monsters ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Strike:
    monster: str
    harm: str
    killed: bool
    fame: int
    notoriety: int
    on_buckler: bool = False
    buckler_destroyed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "monster": self.monster,
            "harm": self.harm,
            "killed": self.killed,
            "fame": self.fame,
            "notoriety": self.notoriety,
            "on_buckler": self.on_buckler,
            "buckler_destroyed": self.buckler_destroyed,
        }


def change_tactics(name: str) -> None:
    """A denizen turning over to change tactics in combat (the base game's): refused for the one-sided Bees
    and Slimes (14.3) and for every traveller (7.7 "they never change tactics").  Other monsters pass: when
    they turn is the base game's rule, the referee's."""
    wanted = name.strip().casefold()
    card = next((t for t in travellers().values() if t.name.casefold() == wanted), None)
    if card is not None:
        raise RuleError(f"the {card.name} is a traveller: travellers never change tactics",
                        rule="7.7", section="7. Travellers")
    monster = find_named(monsters(), name, "monster")
    if not monster.changes_tactics:
        raise RuleError(f"the {monster.name} is one-sided and never changes tactics during combat",
                        rule="14.3", section="14. New Monsters")


def strike_monster(name: str, harm: str, stars: int = 0, *, settings: CombatSettings = DEFAULT) -> Strike:
    """A hit on a monster of 14.4: killed when the harm reaches its vulnerability (the base game's rule,
    MR21), an armoured one taking a star off; the kill earns its fame and notoriety."""
    found = find_named(monsters(), name, "monster")
    removed = settings.armour_removes_stars if found.armored else 0
    taken = struck_harm(harm, stars, removed)
    killed = level(taken) >= level(found.vulnerability)
    return Strike(found.name, taken, killed, found.fame if killed else 0, found.notoriety if killed else 0)


@dataclass(slots=True)
class Minotaur:
    """14.1: the Minotaur and its buckler (length 0, H4/L2, shield armour of vulnerability H)."""

    buckler: bool = True

    def buckler_attack(self, side: int = 0) -> tuple[str, int, int]:
        """The buckler's attack as (harm, speed, length) on side 0 (H4) or 1 (L2)."""
        if not self.buckler:
            raise _refuse("the buckler is destroyed", "14.1/2", MONSTERS)
        data = combat_data()["buckler"]
        harm, speed = data["sides"][side]
        return str(harm), int(speed), int(data["length"])

    def strike(
        self, harm: str, stars: int = 0, *, on_buckler: bool = False, settings: CombatSettings = DEFAULT
    ) -> Strike:
        """An attack on the Minotaur; ``on_buckler`` (the referee's call) when it hit the buckler.

        14.1/1: a hit on the buckler loses one sharpness star and never harms the Minotaur; harm
        above the buckler's vulnerability (Tremendous) destroys it.
        """
        data = combat_data()["buckler"]
        if on_buckler:
            if not self.buckler:
                raise _refuse("the buckler is destroyed: the attack cannot hit it", "14.1/2", MONSTERS)
            taken = struck_harm(harm, stars, int(data["stars_removed"]))
            destroyed = level(taken) > level(data["vulnerability"])
            self.buckler = not destroyed
            return Strike("Minotaur", taken, False, 0, 0, True, destroyed)
        return strike_monster("Minotaur", harm, stars, settings=settings)

    def return_to_setup_card(self) -> None:
        """14.1/2: only back on the treasure setup card is a destroyed buckler regenerated."""
        self.buckler = True


__all__ = [
    "Ambush",
    "Armour",
    "Attack",
    "CombatSettings",
    "Guard",
    "Minotaur",
    "ParryResult",
    "RoundPlay",
    "Strike",
    "Swing",
    "Weapon",
    "alerted_after",
    "armour",
    "character",
    "parry",
    "play_round",
    "strike_monster",
    "struck_harm",
    "weapon",
]
