"""`magecraft mtg-rpg initiative` and `tactics`: the order of a fight and the referee's tactical rulings.

Sections of the MtG RPG seed: initiative (Wizards' DX, feats and a played card; monsters a referee
card and pips) and the tactical rules without a map (movement, flight, fleeing, spell reach, ranged
attacks, packs and Spell Cooperation).  Parses, calls :mod:`magecraft.mtg_rpg.combat` and
:mod:`~magecraft.mtg_rpg.tactics`, and renders; decides no rules.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from magecraft.cli.mtg_rpg_common import (
    CardsFileOption,
    HouseRulesOption,
    house_rules_from,
    load_pool,
    play_deck,
    store_deck,
)
from magecraft.cli.options import (
    DbOption,
    JsonOption,
    SeedOption,
    console,
    make_randomness,
    open_store,
    print_json,
)

# the options' help lists the rules' choices (so the tactics commands' --help load the tactics rules)
from magecraft.mtg_rpg.tactics import ESCAPES, PACES, PURPOSES


def initiative_command(
    names: Annotated[list[str], typer.Argument(help="Saved Wizards taking part.")],
    monster: Annotated[list[str] | None, typer.Option(
        "--monster", help="A monster's creature card (repeat for more).")] = None,
    play: Annotated[bool, typer.Option(
        "--play", help="Each Wizard plays the strongest card in hand (spent until renewal).")] = False,
    seed: SeedOption = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Initiative order: Wizards DX and feats (+ a card with --play), monsters a referee card + pips."""
    from rich.table import Table

    from magecraft.core.deck import Deck
    from magecraft.mtg_rpg.character import derive, load_character
    from magecraft.mtg_rpg.combat import initiative_order, monster_initiative, wizard_initiative
    from magecraft.mtg_rpg.deckbuilding import build_referee_deck
    store = open_store(db)
    pool = load_pool(store, cards_file)
    rng = make_randomness(seed, None, False)
    rules = house_rules_from(house_rules)
    # Every name is checked before any Wizard's hand is saved, so a bad one changes nothing.
    if len(set(names)) != len(names):
        raise typer.BadParameter("each Wizard takes part once", param_hint="NAMES")
    records = [load_character(store, name) for name in names]
    creatures = [pool.get(card_name) for card_name in monster or []]
    for creature in creatures:
        if not creature.is_creature:
            raise typer.BadParameter(f"{creature.name} is not a creature", param_hint="--monster")
    referee = Deck(build_referee_deck(rng, pool), name="referee")
    entries = []
    for record in records:
        wizard = record.character
        deck = play_deck(record, pool, rng)
        entries.append(wizard_initiative(wizard.name, deck, deck.strongest(rules) if play else None,
                                         dexterity=wizard.attribute("DX"), intelligence=wizard.attribute("IQ"),
                                         modifier=derive(wizard).initiative, settings=rules))
        store_deck(store, record, wizard, deck, record.rng)
    for number, creature in enumerate(creatures, start=1):
        entries.append(monster_initiative(f"{creature.name} {number}", creature, referee, rng, settings=rules))
    order = initiative_order(entries, referee, rng)
    if json:
        print_json([e.to_dict() for e in order])
        return
    table = Table(title="Initiative")
    for column in ("#", "combatant", "modifier", "card", "total"):
        table.add_column(column)
    for place, entry in enumerate(order, start=1):
        table.add_row(str(place), entry.name, str(entry.modifier), f"{entry.card or '-'} ({entry.card_value})",
                      str(entry.total))
    console().print(table)

tactics_app = typer.Typer(help="A referee's tactical rulings (no map): movement, flight, spell reach, packs.",
                          no_args_is_help=True)


def _ruling(json: bool, data: dict[str, Any], line: str) -> None:
    if json:
        print_json(data)
    else:
        console().print(line)


@tactics_app.command("move")
def tactics_move(
    hexes: Annotated[int, typer.Argument(help="Hexes the mover wants to go.", min=0)],
    wizard: Annotated[str | None, typer.Option("--wizard", help="A saved Wizard: the pace sets the allowance.")]
    = None,
    pace: Annotated[str, typer.Option("--pace", help=f"One of {', '.join(PACES)}.")] = "walk",
    armour: Annotated[int, typer.Option("--armour", help="Points of normal armour worn.", min=0)] = 0,
    allowance: Annotated[int | None, typer.Option(
        "--allowance", help="Hexes a creature may move (instead of --wizard).", min=0)] = None,
    mover: Annotated[str, typer.Option("--mover", help="wizard, natural or summoned.")] = "wizard",
    contact_at: Annotated[int | None, typer.Option(
        "--contact-at", help="Hex of the path on which the mover comes within one hex of an opponent.", min=1)]
    = None,
    db: DbOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """How far a move gets ("Movement", "Zone of Control")."""
    from magecraft.mtg_rpg.character import load_character
    from magecraft.mtg_rpg.tactics import move, pace_allowance
    if pace not in PACES:
        raise typer.BadParameter(f"{pace!r} is not one of {', '.join(PACES)}", param_hint="--pace")
    if wizard is not None and allowance is None:
        limit = pace_allowance(load_character(open_store(db), wizard).character, pace, armour=armour)
    elif allowance is not None and wizard is None:
        limit = allowance
    else:
        raise typer.BadParameter("give either --wizard or --allowance", param_hint="--wizard/--allowance")
    result = move(hexes, allowance=limit, contact_at=contact_at, mover=mover,
                  settings=house_rules_from(house_rules))
    stop = " (stopped by an opponent's zone of control)" if result.stopped_by_zone else ""
    _ruling(json, {**result.to_dict(), "allowance": limit},
            f"Moves {result.moved} of {result.wanted} hexes{stop}.")


@tactics_app.command("flee")
def tactics_flee(
    duel: Annotated[bool, typer.Option("--duel/--monsters", help="A civilized duel, or monsters out to kill.")]
    = False,
    means: Annotated[str | None, typer.Option("--means", help=f"Means of escape: {', '.join(ESCAPES)}.")] = None,
    adjacent: Annotated[list[str] | None, typer.Option("--adjacent", help="An opponent next to the Wizard.")]
    = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Whether a Wizard gets away ("Fleeing Combat")."""
    from magecraft.mtg_rpg.tactics import flee
    if means is not None and means not in ESCAPES:
        raise typer.BadParameter(f"{means!r} is not one of {', '.join(ESCAPES)}", param_hint="--means")
    flight = flee(civilized_duel=duel, means=means, adjacent_opponents=adjacent or (),
                  settings=house_rules_from(house_rules))
    attacks = f" Free attacks: {', '.join(flight.free_attacks_from)}." if flight.free_attacks_from else ""
    _ruling(json, flight.to_dict(), f"{'Safe' if flight.safe else 'Not safe'}: {flight.reason}.{attacks}")


@tactics_app.command("reach")
def tactics_reach(
    wizard: Annotated[str, typer.Argument(help="The saved Wizard.")],
    card: Annotated[str, typer.Argument(help="The spell.")],
    yards: Annotated[int, typer.Argument(help="Distance to the target or the creature.", min=0)],
    hidden: Annotated[bool, typer.Option("--hidden", help="The place is out of line of sight.")] = False,
    purpose: Annotated[str, typer.Option("--purpose", help=f"One of {', '.join(PURPOSES)}.")] = "cast",
    aloft: Annotated[bool, typer.Option(
        "--aloft", help="Summoned where it would count as flying (a tree, a ledge).")] = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """Whether a spell reaches ("Spell Ranges": range and line of sight); refused in one line if not."""
    from magecraft.mtg_rpg.character import load_character
    from magecraft.mtg_rpg.tactics import check_spell_reach, check_summon_placement
    if purpose not in PURPOSES:
        raise typer.BadParameter(f"{purpose!r} is not one of {', '.join(PURPOSES)}", param_hint="--purpose")
    store = open_store(db)
    spell = load_pool(store, cards_file).get(card)
    if aloft and purpose != "summon":
        raise typer.BadParameter("--aloft is for --purpose summon", param_hint="--aloft")
    reach = check_spell_reach(load_character(store, wizard).character, spell, distance_yards=yards,
                              line_of_sight=not hidden, purpose=purpose)
    check_summon_placement(spell, would_count_as_flying=aloft)
    _ruling(json, {"spell": spell.name, "yards": yards, "range": reach, "allowed": True},
            f"{spell.name} reaches: {yards} of {reach} yards, in sight.")


@tactics_app.command("ranged")
def tactics_ranged(
    flying: Annotated[bool, typer.Option("--flying", help="The attacker really flies.")] = False,
    out_of_reach: Annotated[bool, typer.Option(
        "--out-of-reach", help="The defender cannot strike back at the attacker.")] = False,
    duel: Annotated[bool, typer.Option("--duel/--battle", help="A duel (no ranged attacks) or a battle.")] = False,
    blocker_flies: Annotated[bool, typer.Option("--blocker-flies", help="The would-be blocker flies.")] = False,
    blocker_reach: Annotated[bool, typer.Option("--blocker-reach", help="The would-be blocker has reach.")]
    = False,
    json: JsonOption = False,
) -> None:
    """Whether an attacker counts as flying, and whether the defender may block it ("Ranged Attacks")."""
    from magecraft.mtg_rpg.tactics import check_block_against, counts_as_flying
    flies = counts_as_flying(flying=flying, can_be_struck_back=not out_of_reach, in_duel=duel)
    check_block_against(flies, blocker_flies=blocker_flies, blocker_reach=blocker_reach)
    _ruling(json, {"counts_as_flying": flies, "block_allowed": True},
            f"The attacker {'counts as flying' if flies else 'does not fly'}; the block is allowed.")


@tactics_app.command("pack")
def tactics_pack(
    pack: Annotated[str, typer.Option("--pack", help="The pack's creatures, comma-separated.")],
    leader: Annotated[str, typer.Option("--leader", help="The creature that leads the pack.")],
    chosen_by: Annotated[str, typer.Option("--chosen-by", help="Who is choosing the blockers.")],
    block: Annotated[list[str], typer.Option("--block", help="ATTACKER=PACK CREATURE that meets it.")],
    target: Annotated[str | None, typer.Option("--target", help="The creature the attacker wants to hit.")]
    = None,
    tapped: Annotated[list[str] | None, typer.Option("--tapped", help="A tapped pack creature.")] = None,
    json: JsonOption = False,
) -> None:
    """A natural pack defends itself ("Monsters Defense"): its leader chooses who meets each attacker."""
    from magecraft.mtg_rpg.tactics import assign_pack_blockers, check_attack_target
    members = [m.strip() for m in pack.split(",") if m.strip()]
    blocks: dict[str, str] = {}
    for entry in block:
        attacker, sep, blocker = entry.partition("=")
        if not sep or not attacker.strip() or not blocker.strip():
            raise typer.BadParameter(f"{entry!r}: give ATTACKER=PACK CREATURE", param_hint="--block")
        blocks[attacker.strip()] = blocker.strip()
    if target is not None:
        check_attack_target(target, members)
    chosen = assign_pack_blockers(list(blocks), members, leader=leader, chosen_by=chosen_by, blocks=blocks,
                                  tapped=tapped or ())
    _ruling(json, {"blocks": chosen}, "; ".join(f"{b} meets {a}" for a, b in chosen.items()) + ".")


@tactics_app.command("cooperate")
def tactics_cooperate(
    spell: Annotated[str, typer.Argument(help="The spell the Wizards cast together.")],
    order: Annotated[str, typer.Option("--order", help="The initiative order, highest first, comma-separated.")],
    wizard: Annotated[list[str], typer.Option("--wizard", help="A saved Wizard taking part (two or more).")],
    acts_at: Annotated[str | None, typer.Option(
        "--acts-at", help="Hold further: act just after this combatant's phase.")] = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Spell Cooperation in a duel: who may take part, and the phase they act in together."""
    from magecraft.mtg_rpg.character import load_character
    from magecraft.mtg_rpg.scene import check_cooperators, cooperation_phases
    store = open_store(db)
    check_cooperators([load_character(store, name).character for name in wizard], spell)
    phases = cooperation_phases([n.strip() for n in order.split(",") if n.strip()], wizard, acts_at=acts_at)
    _ruling(json, {"spell": spell, "phases": [list(p) for p in phases]},
            "Phases: " + "; ".join(" + ".join(p) for p in phases) + ".")
