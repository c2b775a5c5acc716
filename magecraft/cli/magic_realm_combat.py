"""``magecraft magic-realm`` commands for sections 10, 11, 13 and 14 of seed 002.

Combat rounds, parries and ambushes (11), the new monsters and the Minotaur's buckler (14), a day's
activities for the revised characters (13), the Trap (14.2), minor treasure locations, Shejoh's Ring
and the Fountain (10).  Registered on the ``magic-realm`` group by :mod:`magecraft.cli.magic_realm`;
the rules live in :mod:`magecraft.magic_realm.combat`, ``characters`` and ``treasures``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from magecraft.cli.options import (
    DiceOption,
    JsonOption,
    PhysicalOption,
    SeedOption,
    console,
    make_randomness,
    print_json,
)

if TYPE_CHECKING:
    from magecraft.magic_realm.combat import Attack, Guard

#: The commands this module adds to the ``magic-realm`` group, by name (:mod:`magecraft.cli.magic_realm`
#: registers them, in this order).
COMMANDS: dict[str, Callable[..., None]] = {}


def _command(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def add(function: Callable[..., None]) -> Callable[..., None]:
        COMMANDS[name] = function
        return function

    return add

CharacterOption = Annotated[str, typer.Option("--character", help="The character, e.g. Dwarf.")]
ListOption = Annotated[list[str] | None, typer.Option(help="Repeat for more.")]


def _split(spec: str, what: str, parts: int) -> list[str]:
    pieces = [p.strip() for p in spec.split("/")]
    if len(pieces) < parts - 1 or len(pieces) > parts:
        raise typer.BadParameter(f"{spec!r}: give WEAPON/CHIT{'/TARGET' if parts == 3 else ''}", param_hint=what)
    return pieces + [""] * (parts - len(pieces))


def _attack(spec: str) -> Attack:
    from magecraft.magic_realm.characters import ActionChit
    from magecraft.magic_realm.combat import Attack, Weapon

    name, chit, target = _split(spec, "--attack", 3)
    return Attack(Weapon.parse(name), ActionChit.parse(chit), target)


def _guard(spec: str, weapon_speed: int | None = None) -> Guard:
    from magecraft.magic_realm.characters import ActionChit
    from magecraft.magic_realm.combat import Guard, Weapon

    name, chit = _split(spec, "--parry", 2)
    return Guard(Weapon.parse(name), ActionChit.parse(chit), weapon_speed=weapon_speed)


@_command("combat")
def combat_command(
    character: CharacterOption,
    attack: Annotated[
        list[str] | None, typer.Option("--attack", help="WEAPON/CHIT/TARGET, e.g. 'Axe/FIGHT H5*/Giant'.")
    ] = None,
    parry: Annotated[
        list[str] | None, typer.Option("--parry", help="WEAPON/CHIT played in a shield box (11.3).")
    ] = None,
    shield: Annotated[str | None, typer.Option("--shield", help="A shield played, e.g. Shield.")] = None,
    maneuver: Annotated[str | None, typer.Option("--maneuver", help="A MOVE or DUCK chit.")] = None,
    primary: Annotated[
        str | None, typer.Option("--primary", help="The primary weapon (default: heavier).")
    ] = None,
    alert: Annotated[bool, typer.Option("--alert", help="The primary weapon is alerted.")] = False,
    vulnerability: Annotated[
        str | None, typer.Option("--vulnerability", help="Override the card's vulnerability (L, M, H, T).")
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Check a character's play for one round (11.1, 11.3, 13.2) and say what each weapon does.

    Weapons are named (data/combat.toml) or described as NAME:WEIGHT:LENGTH[:missile|spear|two_handed|throwable].
    """
    from magecraft.magic_realm.characters import ActionChit
    from magecraft.magic_realm.characters import character as card
    from magecraft.magic_realm.combat import armour, play_round

    play = play_round(
        card(character),
        [_attack(a) for a in attack or ()],
        [_guard(p) for p in parry or ()],
        shield=armour(shield) if shield else None,
        maneuver=ActionChit.parse(maneuver) if maneuver else None,
        primary=primary,
        alert=alert,
        vulnerability=vulnerability,
    )
    if json_out:
        print_json({"legal": True, **play.to_dict()})
        return
    out = console()
    out.print(f"[bold]{play.character}[/bold]: legal{' (two weapons, 11.1)' if play.two_weapons else ''}")
    for s in play.swings:
        role = "primary" if s.primary else "secondary"
        side = "alerted" if s.alerted else "unalerted"
        out.print(
            f"  {s.weapon.name} ({role}, {side}) with {s.chit.name} at {s.target or '-'}: "
            f"harm {s.harm}, speed {s.chit.speed}, length {s.length}"
        )
    for g in play.guards:
        out.print(f"  {g.weapon.name} parries with {g.chit.name}: attacks slower than {g.speed} are parried")


@_command("parry")
def parry_command(
    guard: Annotated[
        str, typer.Option("--with", help="WEAPON/CHIT in the shield box, e.g. 'Broadsword/FIGHT M3*'.")
    ],
    attack_speed: Annotated[int, typer.Option("--attack-speed", min=0, max=99, help="The attacker's speed.")],
    harm: Annotated[str, typer.Option("--harm", help="The attack's harm letter (N, L, M, H, T).")],
    stars: Annotated[int, typer.Option("--stars", min=0, max=9, help="Its sharpness stars.")] = 0,
    weapon_speed: Annotated[
        int | None, typer.Option("--weapon-speed", min=0, max=99, help="The weapon's own time, if it has one.")
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Resolve an attack against a parrying weapon (11.3)."""
    from magecraft.magic_realm.combat import parry

    result = parry(_guard(guard, weapon_speed), attack_speed, harm, stars)
    if json_out:
        print_json(result.to_dict())
        return
    if not result.parried:
        console().print(f"not parried: the attack ({result.harm}) goes on to its target")
        return
    parts = [f"parried ({result.harm} taken on the weapon)"]
    parts.append("the weapon is destroyed" if result.weapon_destroyed else "the weapon holds")
    parts.append("the character still takes a wound" if result.wound else "no wound")
    console().print("; ".join(parts))


@_command("ambush")
def ambush_command(
    character: CharacterOption,
    throw: Annotated[list[str], typer.Option("--throw", help="WEAPON/CHIT/TARGET thrown, in order (repeat).")],
    hidden: Annotated[bool, typer.Option("--hidden/--not-hidden", help="Is the character hidden?")] = True,
    json_out: JsonOption = False,
) -> None:
    """Throw spears, hand axes or daggers from hiding (11.2): length 12, one shot per weapon."""
    from magecraft.magic_realm.characters import character as card
    from magecraft.magic_realm.combat import Ambush

    ambush = Ambush(card(character), hidden=hidden)
    shots = [ambush.throw(_attack(t)) for t in throw]  # nothing is kept: a refused throw refuses them all
    if json_out:
        print_json({"throws": [s.to_dict() for s in shots], "thrown": ambush.thrown})
        return
    for s in shots:
        console().print(
            f"{s.weapon.name} thrown at {s.target or '-'}: harm {s.harm}, speed {s.chit.speed}, length 12"
        )


@_command("monster")
def monster_command(
    name: Annotated[str, typer.Argument(help="A new monster of 14.4, e.g. Minotaur.")],
    json_out: JsonOption = False,
) -> None:
    """A new monster's vulnerability, fame, notoriety and armour (14.4)."""
    from dataclasses import asdict

    from magecraft.magic_realm.data import find_named, monsters

    m = find_named(monsters(), name, "monster")
    if json_out:
        print_json(asdict(m))
        return
    tactics = "" if m.changes_tactics else ", never changes tactics (14.3)"
    console().print(
        f"[bold]{m.name}[/bold]: vulnerability {m.vulnerability}, fame {m.fame}, notoriety {m.notoriety}, "
        f"{'armoured' if m.armored else 'unarmoured'}{tactics}"
        f"{'. ' + m.note if m.note else ''}"
    )


@_command("strike")
def strike_command(
    name: Annotated[str, typer.Argument(help="The monster hit.")],
    harm: Annotated[str | None, typer.Option("--harm", help="The attack's harm letter.")] = None,
    stars: Annotated[int, typer.Option("--stars", min=0, max=9, help="Its sharpness stars.")] = 0,
    spell: Annotated[
        str | None,
        typer.Option("--spell", help="An attack spell's hit: Ice Storm, Magic Arrow, Fire Trap, Lucky Blow."),
    ] = None,
    buckler: Annotated[bool, typer.Option("--buckler", help="The attack hit the Minotaur's buckler.")] = False,
    buckler_destroyed: Annotated[
        bool, typer.Option("--buckler-destroyed", help="The Minotaur's buckler is already destroyed.")
    ] = False,
    json_out: JsonOption = False,
) -> None:
    """A hit on a new monster (14.4): killed or not, fame and notoriety; the Minotaur's buckler (14.1)."""
    from magecraft.core.errors import InputError
    from magecraft.magic_realm.combat import Minotaur, strike_monster

    if (buckler or buckler_destroyed) and name.strip().casefold() != "minotaur":
        raise InputError("only the Minotaur has a buckler")
    if spell is not None:
        from magecraft.magic_realm.spells import spell_hit

        if harm is not None or stars:
            raise InputError("give --spell, or --harm and --stars, not both")
        harm, stars = spell_hit(spell)
    if harm is None:
        raise InputError("give the attack's --harm (or an attack --spell)")
    if name.strip().casefold() == "minotaur":
        result = Minotaur(buckler=not buckler_destroyed).strike(harm, stars, on_buckler=buckler)
    else:
        result = strike_monster(name, harm, stars)
    if json_out:
        print_json(result.to_dict())
        return
    if result.on_buckler:
        verdict = "is destroyed" if result.buckler_destroyed else "holds"
        console().print(f"the buckler takes {result.harm}: it {verdict}; the Minotaur is unharmed")
    elif result.killed:
        console().print(
            f"the {result.monster} is killed ({result.harm}): {result.fame} fame, {result.notoriety} notoriety"
        )
    else:
        console().print(f"the {result.monster} survives {result.harm}")


@_command("day")
def day_command(
    character: Annotated[str, typer.Argument(help="The character, e.g. Dwarf.")],
    activities: Annotated[
        str, typer.Option("--activities", help="The day's activities, e.g. MOVE,MOVE,SEARCH,HIDE.")
    ],
    phases: Annotated[
        int | None, typer.Option("--phases", min=0, max=12, help="Basic phases the base game gives today.")
    ] = None,
    extra: ListOption = None,
    serving: Annotated[
        str | None, typer.Option("--serving", help="Travellers serving, e.g. Cook,Children (their phases, 7.10).")
    ] = None,
    followers: Annotated[
        str | None, typer.Option("--followers", help="Travellers who joined, e.g. Jester.")
    ] = None,
    spells: Annotated[str | None, typer.Option("--spells", help="Starting spells chosen, e.g. Hop.")] = None,
    json_out: JsonOption = False,
) -> None:
    """Check a day's activities against the character's limits (13.1 the Dwarf, 13.2 the Thief/Assassin) and
    his travellers' (7.10: the Cook, the Children, the Jester, the Shadow)."""
    from magecraft.core.errors import RuleError
    from magecraft.magic_realm.characters import character as card
    from magecraft.magic_realm.characters import check_spell_choice, plan_day
    from magecraft.magic_realm.phases import company

    found = card(character)
    if spells is not None:
        check_spell_choice(found, [s for s in spells.split(",") if s.strip()])
    rules = company([n.strip() for n in (serving or "").split(",") if n.strip()],
                    [n.strip() for n in (followers or "").split(",") if n.strip()])
    recorded = [a.strip().upper() for a in activities.split(",") if a.strip()]
    for act in recorded:
        if act in rules.forbidden:
            raise RuleError(f"no {act} in the {rules.forbidden[act]}'s presence", rule=rules.forbidden[act],
                            section="7. Travellers")
        if act == "MAGIC SIGHT" and act not in rules.search_as:
            raise RuleError("MAGIC SIGHT only with the Shadow serving", rule="Shadow", section="7. Travellers")
    recorded = ["SEARCH" if a in rules.search_as else a for a in recorded]
    plan = plan_day(found, recorded, phases=phases, extra_phases=[*(extra or ()), *rules.extra])
    if json_out:
        print_json({"legal": True, **plan.to_dict()})
        return
    uses = ", ".join(f"{a} ({u})" for a, u in zip(plan.phases, plan.uses, strict=True))
    console().print(f"{plan.character}: legal -- {uses}")


@_command("trap")
def trap_command(
    who: Annotated[str, typer.Option("--who", help="The character or hired leader.")],
    day: Annotated[str, typer.Option("--day", help="e.g. 'MOVE@trap,SEARCH=Discover Chits,MOVE'.")],
    here: Annotated[
        bool, typer.Option("--in-trap-clearing", help="Starts the day in the Trap's clearing.")
    ] = False,
    trapped: Annotated[bool, typer.Option("--trapped", help="Is trapped already (implies the clearing).")] = False,
    discovered: Annotated[bool, typer.Option("--discovered", help="Has discovered the Trap.")] = False,
    blueprint: Annotated[bool, typer.Option("--blueprint", help="Holds the Trap Blueprint.")] = False,
    json_out: JsonOption = False,
) -> None:
    """Carry out a day near the Trap (14.2): passing through, being trapped, escaping."""
    from magecraft.magic_realm.treasures import Trap

    trap = Trap(
        here={who} if here or trapped else set(),
        trapped={who} if trapped else set(),
        discovered={who} if discovered else set(),
        blueprints={who} if blueprint else set(),
    )
    result = trap.run_day(who, [s for s in day.split(",") if s.strip()])
    if json_out:
        print_json(result.to_dict())
        return
    out = console()
    for line in result.lines:
        out.print(f"  {line}")
    out.print(
        f"{who}: {'trapped' if result.trapped else 'free'}, {'in' if result.here else 'out of'} the clearing"
    )


@_command("minor-treasure")
def minor_treasure_command(
    name: Annotated[str, typer.Argument(help="Runestone, Box, Bag, Stump or Pouch.")],
    tile: Annotated[str, typer.Option("--tile", help="The tile its chit lies on.")],
    contents: Annotated[str, typer.Option("--contents", help="The treasure or spell it holds.")],
    who: Annotated[str, typer.Option("--who", help="The character searching.")] = "Character",
    locate: Annotated[
        str | None, typer.Option("--locate", help="The Locate result, e.g. 'Discover Chits' or 'Choice'.")
    ] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Reveal a minor treasure location (10.1/1: a random clearing) and search for it (10.1/2-3)."""
    from magecraft.magic_realm.treasures import MinorTreasureLocation

    place = MinorTreasureLocation.new(name, tile, contents)
    clearing = place.reveal(make_randomness(seed, dice, physical_dice))
    found = place.discover(who, locate) if locate is not None else None
    if json_out:
        print_json({**place.to_dict(), "search": found})
        return
    console().print(f"the {place.name} is placed in {place.tile} {clearing}" + (f"; {found}" if found else ""))


@_command("ring")
def ring_command(
    who: Annotated[str, typer.Option("--who", help="The character putting the ring on.")] = "Character",
    witch_king: Annotated[
        bool, typer.Option("--witch-king-in-play", help="The Witch-King is in play already.")
    ] = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Put on Shejoh's Ring (10.2): the high die of 2d6; it never comes off."""
    from magecraft.magic_realm.treasures import ShejohsRing

    effect = ShejohsRing().put_on(make_randomness(seed, dice, physical_dice), who, witch_king_in_play=witch_king)
    if json_out:
        print_json({"wearer": who, **effect.to_dict()})
        return
    fate = " -- the Witch-King is in play: the character dies" if effect.dies else ""
    console().print(
        f"Shejoh's Ring (high die {effect.roll.total}): {effect.roll.result}{fate}. It never comes off."
    )


@_command("drink")
def drink_command(
    drinks: Annotated[int, typer.Option("--drinks", min=1, max=12, help="DRINK actions recorded.")] = 1,
    active: ListOption = None,
    fatigued: ListOption = None,
    wounded: ListOption = None,
    wound: Annotated[str | None, typer.Option("--wound", help="The chit a poisonous drink wounds.")] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    json_out: JsonOption = False,
) -> None:
    """Drink from the Fountain (10.2): one roll per DRINK; rests and wounds applied to the chits given."""
    from dataclasses import asdict

    from magecraft.magic_realm.spells import Character
    from magecraft.magic_realm.treasures import drink

    given = active or fatigued or wounded
    character = (
        Character.parse("Character", active=active or (), fatigued=fatigued or (), wounded=wounded or ())
        if given
        else None
    )
    results, after = drink(make_randomness(seed, dice, physical_dice), drinks, character, wound=wound)
    out: dict[str, Any] = {"drinks": [d.to_dict() for d in results]}
    if after is not None:
        out["chits"] = [asdict(c) for c in after.chits]
    if json_out:
        print_json(out)
        return
    text = console()
    for d in results:
        text.print(f"DRINK: high die of 2d6 = {d.roll}: {d.result}")
    if after is not None:
        text.print("chits: " + ", ".join(f"{c.name} {c.state}" for c in after.chits))
