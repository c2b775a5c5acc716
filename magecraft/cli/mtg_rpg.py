"""`magecraft mtg-rpg`: MtG RPG cards, experience, spell research, crafting, monsters and apprentices.

Parses, calls :mod:`magecraft.mtg_rpg` and renders; decides no rules.  The Wizards themselves
(``character ...``: creation, the sheet, gold, the library) are :mod:`magecraft.cli.mtg_rpg_character`.  The play
commands (actions, combat, duels) are registered by :mod:`magecraft.cli.mtg_rpg_play`
(from it, :mod:`~magecraft.cli.mtg_rpg_renewal`, :mod:`~magecraft.cli.mtg_rpg_combat` and
:mod:`~magecraft.cli.mtg_rpg_duel`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from magecraft.cli import mtg_rpg_play
from magecraft.cli.markup import escape
from magecraft.cli.mtg_rpg_common import (
    PLAY_DECK,
    CardsFileOption,
    HouseRulesOption,
    cards_path,
    continue_dice,
    house_rules_from,
    load_pool,
    parse_pairs,
    play_deck,
)
from magecraft.cli.options import (
    DbOption,
    DiceOption,
    JsonOption,
    PhysicalOption,
    SeedOption,
    console,
    make_randomness,
    open_store,
    print_json,
    whole_number,
)
from magecraft.cli.tree import LaterGroup
from magecraft.core.errors import InputError

if TYPE_CHECKING:
    from rich.table import Table

    from magecraft.mtg_rpg.cards import Card, CardPool
    from magecraft.mtg_rpg.character import Character, CharacterRecord
    from magecraft.mtg_rpg.monsters import Monster
    from magecraft.mtg_rpg.settings import Settings

app = typer.Typer(help="MtG RPG: Wizards who act by playing Magic cards.", no_args_is_help=True)
cards_app = typer.Typer(help="The card pool: Ninth Edition plus imported MTGJSON cards.", no_args_is_help=True)
# the sub-groups by where they live: the group's help lists them without importing them
app.add_typer(LaterGroup("magecraft.cli.mtg_rpg_character:character_app", help="Create and show Wizards.",
                         no_args_is_help=True), name="character")
app.add_typer(cards_app, name="cards")
app.add_typer(LaterGroup("magecraft.cli.mtg_rpg_world:app", no_args_is_help=True,
                         help="World Campaigning: realms that run themselves, season by season, on a hex map."),
              name="world")


@app.command("craft")
def craft_command(
    name: Annotated[str, typer.Argument(help="The Wizard.")],
    kind: Annotated[str, typer.Argument(help="potion, scroll, charged, continuous or unpowered (items).")],
    spell: Annotated[str, typer.Option("--spell", help="The spell card it holds.")],
    item: Annotated[str, typer.Option("--item", help="A magic item's name, e.g. wand.")] = "item",
    uses: Annotated[int, typer.Option("--uses", min=1, help="Daily uses of a charged or unpowered item.")] = 1,
    item_price: Annotated[int, typer.Option("--item-price", min=0, help="The item's normal price in gp.")] = 0,
    x_lands: Annotated[int, typer.Option("--x-lands", min=0, help="Lands sacrificed for X.")] = 0,
    plan: Annotated[bool, typer.Option("--plan", help="Only show the cost.")] = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """Brew a potion, write a scroll or craft a magic item (Alchemy, Scribe Scrolls, Craft Magic Item)."""
    from magecraft.mtg_rpg import crafting
    from magecraft.mtg_rpg.character import load_character, save_character
    store = open_store(db)
    record = load_character(store, name)
    pool = load_pool(store, cards_file)
    card = pool.get(spell)
    wizard = record.character
    item_kind = next((k for k in crafting.ITEM_KINDS if k == kind), None)
    if kind == "potion":
        found = crafting.potion_plan(wizard, card, x_lands=x_lands)
        after = None if plan else crafting.make_potion_or_scroll(wizard, card, "potion", x_lands=x_lands,
                                                              pool=pool)[0]
    elif kind == "scroll":
        found = crafting.scroll_plan(wizard, card, x_lands=x_lands)
        after = None if plan else crafting.make_potion_or_scroll(wizard, card, "scroll", x_lands=x_lands,
                                                              pool=pool)[0]
    elif item_kind is not None:
        found = crafting.magic_item_plan(wizard, card, item_kind, uses_per_day=uses, item_price=item_price)
        after = None if plan else crafting.craft_magic_item(wizard, card, item_kind, item, uses_per_day=uses,
                                                          item_price=item_price, pool=pool)[0]
    else:
        raise typer.BadParameter(f"{kind!r}: potion, scroll, charged, continuous or unpowered", param_hint="KIND")
    if after is not None:
        save_character(store, record.changed(after))
    if json:
        print_json({**found.to_dict(), "made": after is not None})
        return
    sacrificed = ", ".join(f"{n} {a}" for a, n in found.attribute_points.items())
    console().print(f"{kind} of {found.spell}: {found.days} day(s), {found.gold + found.receptacle_gold} gp, "
                    f"{found.lands} land(s), {found.spell_cards} spell card(s)"
                    + (f", attribute points {sacrificed}" if sacrificed else "")
                    + f"; market value {found.market_value} gp" + ("" if after is None else " — made."))


@app.command("research")
def research_command(
    name: Annotated[str, typer.Argument(help="The researching Wizard.")],
    spell: Annotated[str, typer.Option("--spell", help="The spell card to research.")],
    extra_gold: Annotated[bool, typer.Option("--extra-gold", help="Pay twice the gold: one category easier.")]
    = False,
    scroll: Annotated[bool, typer.Option("--scroll", help="Use up a scroll of the spell.")] = False,
    potion: Annotated[bool, typer.Option("--potion", help="Use up a potion of the spell.")] = False,
    foci: Annotated[bool, typer.Option("--foci", help="A monster's spell foci helps.")] = False,
    checks: Annotated[int, typer.Option("--checks", min=1, help="Most checks to make (retries 10%).")] = 1,
    card: Annotated[str | None, typer.Option("--card", help="The card to play from hand on the first check.")]
    = None,
    interrupted_after: Annotated[int, typer.Option(
        "--interrupted-after", min=0, help="Days into the study an interruption came (it starts over).")] = 0,
    plan: Annotated[bool, typer.Option("--plan", help="Only show the time, gold and difficulty.")] = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Research a spell in the sanctuary and save the Wizard."""
    from magecraft.mtg_rpg import character, magic
    rules = house_rules_from(house_rules)
    if scroll and potion:
        raise typer.BadParameter("use a scroll or a potion, not both")
    aid: Literal["scroll", "potion"] | None = "scroll" if scroll else "potion" if potion else None
    store = open_store(db)
    pool = load_pool(store, cards_file)
    record = character.load_character(store, name)
    wanted = pool.get(spell)
    if plan:
        found = magic.plan_research(record.character, wanted, extra_gold=extra_gold, aid=aid, foci=foci,
                                    settings=rules)
        if json:
            print_json(found.to_dict())
        else:
            console().print(f"{found.spell} ({found.rarity}): {found.days} day(s), {found.gold} gp, difficulty "
                            f"{found.difficulty}; each retry {found.retry_gold} gp")
        return
    rng = continue_dice(record, seed, dice, physical_dice)
    deck = play_deck(record, pool, rng)
    outcome = magic.research(record.character, wanted, rng, checks=checks, play=card, extra_gold=extra_gold,
                             aid=aid, foci=foci, settings=rules, pool=pool, deck=deck,
                             interrupted_days=interrupted_after)
    extra = {**record.extra, PLAY_DECK: deck.to_dict()}
    character.save_character(store, record.changed(outcome.character, rng, extra))
    if json:
        print_json(outcome.to_dict())
        return
    p = outcome.plan
    easier = f" (base {p.base_difficulty}, easier by {', '.join(p.reductions)})" if p.reductions else ""
    console().print(f"Researching {p.spell} ({p.rarity}): difficulty {p.difficulty}{easier}")
    for number, check in enumerate(outcome.checks, start=1):
        console().print(f"Check {number}: {check.card or 'no card'} ({check.card_value}) + Spell Research "
                        f"{check.score} = {check.total} — {'success' if check.success else 'failure'}")
    verdict = "learnt" if outcome.success else "not learnt"
    console().print(f"{p.spell} {verdict} after {outcome.days} day(s) and {outcome.gold} gp; "
                    f"{outcome.character.gold} gp left.")


@app.command("quicken")
def quicken_command(
    name: Annotated[str, typer.Argument(help="The Wizard bearing the arcane mark.")],
    spell: Annotated[str, typer.Argument(help="The quickened spell to cast.")],
    db: DbOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Cast a quickened spell (no card, no mana), once each renewal period per Quicken Spell feat."""
    from magecraft.mtg_rpg import crafting
    from magecraft.mtg_rpg.character import load_character, save_character
    store = open_store(db)
    record = load_character(store, name)
    after = crafting.cast_quickened(record.character, spell, house_rules_from(house_rules))
    save_character(store, record.changed(after))
    if json:
        print_json({"cast": after.quickened_cast[-1], "cast_this_renewal": list(after.quickened_cast)})
    else:
        console().print(f"{after.name} casts {after.quickened_cast[-1]} quickened: no card, no mana.")


# "-5" is read as the points (and refused as such), not as an unknown option
@app.command("xp", context_settings={"ignore_unknown_options": True})
def xp_command(
    name: Annotated[str, typer.Argument(help="The Wizard.")],
    action: Annotated[str, typer.Argument(help="award, spend or costs.")],
    what: Annotated[list[str] | None, typer.Argument(
        help="award: N.  spend: attribute ST | skill Athletics | feat NAME | spell NAME | cohort.")] = None,
    choice: Annotated[str | None, typer.Option("--choice", help="A feat's colour, weapon, spell...")] = None,
    approved: Annotated[bool, typer.Option("--approved", help="The referee approves a secret feat.")] = False,
    fast: Annotated[bool, typer.Option("--fast", help="Pay 100 gp a point to halve the training time.")] = False,
    power: Annotated[int, typer.Option("--power", help="Cohort: more power.")] = 0,
    toughness: Annotated[int, typer.Option("--toughness", help="Cohort: more toughness.")] = 0,
    augment: Annotated[list[str] | None, typer.Option("--augment", help="Cohort: an ability to add.")] = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Award experience, spend it in the sanctuary, or list what things cost."""
    from magecraft.mtg_rpg import character, experience
    store = open_store(db)
    args = list(what or [])
    verb = action.strip().casefold()
    if verb == "costs":
        if args:
            raise typer.BadParameter(f"costs takes nothing more, not {' '.join(args)!r}", param_hint="WHAT")
        _costs(character.load_character(store, name).character, json)
        return
    points: int | None = None
    if verb == "award":
        points = whole_number(args[0]) if len(args) == 1 else None
        if points is None or points < 1:
            given = f", not {' '.join(args)!r}" if args else ""
            raise typer.BadParameter(f"experience is awarded in whole points, 1 or more{given} "
                                     "(xp NAME award 3)", param_hint="N")
    elif verb != "spend":
        raise typer.BadParameter(f"{action!r}: use award, spend or costs", param_hint="ACTION")
    pool = load_pool(store, cards_file) if verb == "spend" else None
    rules = house_rules_from(house_rules)
    results: list[dict[str, Any]] = []

    def change(record: CharacterRecord) -> CharacterRecord:
        # applied to the sheet as it is inside the store's transaction: awards run at once all land (issue 25
        # item 4), and a refused purchase writes nothing
        if points is not None:
            after = experience.award(record.character, points)
            results.append({"awarded": points, "xp": after.xp})
        else:
            assert pool is not None
            after, receipt = _spend(record.character, args, choice, approved, fast, power, toughness,
                                    tuple(augment or ()), pool, rules)
            results.append(receipt)
        return record.changed(after)

    wizard = character.modify_character(store, name, change).character
    after, result = wizard, results[-1]
    if json:
        print_json(result)
    elif verb == "award":
        console().print(f"{escape(after.name)} is awarded {points} experience: {after.xp} unspent.")
    else:
        console().print(", ".join(f"{k} {v}" for k, v in result.items()))


def _spend(wizard: Character, args: list[str], choice: str | None, approved: bool, fast: bool, power: int,
           toughness: int, augments: tuple[str, ...], pool: CardPool,
           rules: Settings) -> tuple[Character, dict[str, Any]]:
    from magecraft.mtg_rpg import experience, magic
    if not args:
        raise typer.BadParameter("say what to buy: attribute ST, skill Athletics, feat NAME, spell NAME, cohort")
    kind, rest = args[0].casefold(), " ".join(args[1:]).strip()
    if kind == "cohort":
        after, receipt = experience.improve_cohort(wizard, power=power, toughness=toughness, augments=augments,
                                                   fast=fast, settings=rules)
    elif kind == "spell":
        card = pool.get(rest)
        after = magic.acquire_by_xp(wizard, card)
        cost = magic.acquisition_cost(card)
        return after, {"bought": card.name, **cost.to_dict(), "xp_left": after.xp, "gold_left": after.gold}
    elif kind in ("attribute", "skill", "feat") and rest:
        after, receipts = experience.spend(wizard, [(kind, rest, choice)], approved=approved, fast=fast,
                                           settings=rules, pool=pool)
        receipt = receipts[0]
    else:
        raise typer.BadParameter(f"{' '.join(args)!r}: say attribute ST, skill NAME, feat NAME, spell NAME "
                                 "or cohort")
    return after, {**receipt.to_dict(), "xp_left": after.xp, "gold_left": after.gold}


def _costs(wizard: Character, json: bool) -> None:
    from rich.table import Table

    from magecraft.mtg_rpg import experience
    from magecraft.mtg_rpg.cards import ATTRIBUTES
    from magecraft.mtg_rpg.character import MAX_DOTS, rulebook
    book = rulebook()
    data = {
        "attributes": {a: experience.attribute_cost(wizard, a) for a in ATTRIBUTES
                       if wizard.attribute(a) < MAX_DOTS},
        "skills": {s: experience.skill_cost(wizard, s) for s in book.skills if wizard.skill_dots(s) < MAX_DOTS},
        "feats": {f.name: experience.feat_cost(wizard, f) for f in book.feats.values()
                  if not f.acquisition and not f.cost_per_mana},
    }
    if json:
        print_json(data)
        return
    for group, costs in data.items():
        table = Table(title=f"{group.title()} (experience)")
        table.add_column(group[:-1])
        table.add_column("cost", justify="right")
        for thing, cost in costs.items():
            table.add_row(thing, str(cost))
        console().print(table)


@cards_app.command("find")
def cards_find(
    text: Annotated[str, typer.Argument(help="Part of a name, type line or keyword.")],
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """Find cards by name, type or keyword."""
    from rich.table import Table
    found = load_pool(open_store(db), cards_file).find(text)
    if json:
        print_json([c.to_dict() for c in found])
        return
    table = Table(title=f"Cards matching {text!r} ({len(found)})")
    for column in ("name", "cost", "value", "type", "rarity", "P/T"):
        table.add_column(column)
    for card in found:
        pt = f"{card.power}/{card.toughness}" if card.is_creature else ""
        table.add_row(card.name, card.mana_cost, str(card.mana_value), card.type_line, card.rarity, pt)
    console().print(table)


@cards_app.command("show")
def cards_show(
    name: Annotated[str, typer.Argument(help="The card's name (any case).")],
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """Show one card's facts."""
    card = load_pool(open_store(db), cards_file).get(name)
    if json:
        print_json(card.to_dict())
        return
    console().print(f"[bold]{card.name}[/bold] {card.mana_cost} (mana value {card.mana_value})")
    console().print(f"{card.type_line} — {card.rarity}, {card.color_text}")
    if card.is_creature:
        console().print(f"{card.power}/{card.toughness}")
    if card.keywords:
        console().print(", ".join(card.keywords))


@cards_app.command("import")
def cards_import(
    file: Annotated[Path, typer.Argument(help="An MTGJSON set file or AllPrintings file.")],
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """Import an MTGJSON file's cards (a malformed file is refused whole)."""
    from magecraft.mtg_rpg.cards import load_mtgjson, read_card_file, write_card_file
    imported = load_mtgjson(file)
    path = cards_path(open_store(db), cards_file)
    kept = read_card_file(path).merged(imported) if path.exists() else imported
    write_card_file(path, kept)
    if json:
        print_json({"imported": len(imported), "total": len(kept), "file": str(path)})
        return
    console().print(f"Imported {len(imported)} cards from {file.name}; {len(kept)} imported cards kept in {path}.")


#: How the resistance check's result reads ("Creature Identification & Magic").
RESISTANCE_WORDS = {"full": "full spell effects", "partial": "partial effects", "none": "no effect"}


@app.command("monster")
def monster_command(
    name: Annotated[str, typer.Argument(help="A creature card.")],
    summoned: Annotated[bool, typer.Option("--summoned", help="Conjured by a Wizard (no mana reserve).")] = False,
    charisma: Annotated[int, typer.Option("--charisma", min=0, help="The referee's Charisma rating.")] = 0,
    power: Annotated[int | None, typer.Option("--power", help="The referee's power for a '*'.")] = None,
    toughness: Annotated[int | None, typer.Option("--toughness", help="The referee's toughness for a '*'.")]
    = None,
    life: Annotated[int | None, typer.Option(
        "--life", min=1, help="The monster's life points: its toughness becomes damage resistance.")] = None,
    damage: Annotated[int | None, typer.Option("--damage", min=0, help="Damage dealt to it (after resistance).")]
    = None,
    spell: Annotated[str | None, typer.Option("--spell", help="A spell cast at it: the resistance check.")] = None,
    caster: Annotated[str | None, typer.Option("--caster", help="The saved Wizard casting --spell.")] = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """A monster's statistics from its creature card; with --life its damage resistance ("Damage
    Resistance") and the resistance check of a --spell cast by a --caster ("Creature Identification &
    Magic")."""
    from magecraft.mtg_rpg.monsters import (
        damage_through_resistance,
        monster_damage_resistance,
        monster_from_card,
        resistance_check,
        spell_power,
    )
    if (spell is None) != (caster is None):
        raise typer.BadParameter("the resistance check needs both --spell and --caster", param_hint="--spell")
    store = open_store(db)
    pool = load_pool(store, cards_file)
    card = pool.get(name)
    monster = monster_from_card(card, natural=not summoned, charisma=charisma, power=power, toughness=toughness,
                                life_points=life, settings=house_rules_from(house_rules))
    resistance = monster_damage_resistance(monster)
    extra: dict[str, Any] = {"damage_resistance": resistance, "resistance_total": monster.resistance_total}
    if damage is not None:
        extra["damage_taken"] = damage_through_resistance(damage, resistance)
    if spell is not None and caster is not None:
        from magecraft.mtg_rpg.character import load_character  # only to read the caster's sheet
        cast = pool.get(spell)
        power_of_spell = spell_power(load_character(store, caster).character, cast)
        extra["spell_power"] = power_of_spell
        extra["resistance_check"] = resistance_check(power_of_spell, monster.resistance_total)
    if json:
        print_json({**monster.to_dict(), **extra})
        return
    console().print(_monster_table(monster, card))
    console().print(f"Initiative +{monster.initiative_modifier} and a referee card; size {monster.size_hexes} "
                    f"hex(es); {'natural' if monster.natural else 'summoned'}; mana reserve "
                    f"{monster.mana_reserve}; regenerations {monster.regenerations_left}")
    if life is not None:
        console().print(f"Life points {life}: damage resistance {resistance} (its toughness); resistance "
                        f"check against {monster.resistance_total} (power + toughness + life points)")
    if "damage_taken" in extra:
        console().print(f"{damage} damage: {extra['damage_taken']} gets through")
    if "resistance_check" in extra:
        console().print(f"{spell} by {caster}: spell power {extra['spell_power']} against "
                        f"{monster.resistance_total}: {RESISTANCE_WORDS[extra['resistance_check']]}")


def _monster_table(monster: Monster, card: Card) -> Table:
    """The monster's attributes in a row under its name, mana cost, power and toughness."""
    from rich.table import Table

    from magecraft.mtg_rpg.cards import ATTRIBUTES

    table = Table(title=f"{monster.name} ({card.mana_cost}, {monster.power}/{monster.toughness})")
    for attr in ATTRIBUTES:
        table.add_column(attr, justify="right")
    table.add_row(*(str(monster.attributes[a]) for a in ATTRIBUTES))
    return table


APPRENTICE = "apprentice"


@app.command("apprentice")
def apprentice_command(
    lands: Annotated[str, typer.Option("--lands", help="Basic lands desired, e.g. Mountain=7,Island=2.")] = "",
    prime: Annotated[str | None, typer.Option(
        "--prime", help="The prime mana the mentor decides (W, U, B, R, G or C); else drawn.")] = None,
    mentor: Annotated[str | None, typer.Option(
        "--mentor", help="Save the apprentice beside this saved Wizard (needs --name, --attributes, --skills).")]
    = None,
    name: Annotated[str | None, typer.Option("--name", help="The apprentice's name.")] = None,
    attributes: Annotated[str | None, typer.Option("--attributes", help="5 dots, e.g. ST=2,DX=1,CN=1,IQ=1.")]
    = None,
    skills: Annotated[str | None, typer.Option("--skills", help="10 dots, e.g. Athletics=2,Craft=2,...")] = None,
    seed: SeedOption = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """A new apprentice's prime mana and starting cards: a single booster pack and basic lands; with
    --mentor the apprentice is taken on and saved beside the mentor."""
    from magecraft.core.deck import Deck
    from magecraft.mtg_rpg.apprentice import Apprentice, take_apprentice
    from magecraft.mtg_rpg.character import load_character, save_character
    from magecraft.mtg_rpg.creation import apprentice_primary, check_primary
    from magecraft.mtg_rpg.deckbuilding import apprentice_spells, build_referee_deck, open_booster
    if mentor is not None and (name is None or attributes is None or skills is None):
        raise typer.BadParameter("--mentor needs --name, --attributes and --skills", param_hint="--mentor")
    if mentor is None and (name, attributes, skills) != (None, None, None):
        # Without a mentor nothing is saved, so an apprentice's name, attributes or skills would go unused.
        raise typer.BadParameter("--name, --attributes and --skills need --mentor", param_hint="--mentor")
    rng = make_randomness(seed, None, False)
    store = open_store(db)
    cards = load_pool(store, cards_file)
    record = None if mentor is None else load_character(store, mentor)
    mana = check_primary(prime) if prime is not None else apprentice_primary(
        Deck(build_referee_deck(rng, cards), name="referee"), rng)
    booster = open_booster(rng, cards)
    library = apprentice_spells(booster, parse_pairs(lands, "basic lands", "--lands", "Mountain=7"), cards)
    found: dict[str, Any] = {"prime": mana, "booster": [c.name for c in booster], "library": list(library)}
    if record is not None:
        current = record.extra.get(APPRENTICE)
        taken = take_apprentice(record.character, None if current is None else Apprentice.from_dict(current),
                                name or "", mana,
                                parse_pairs(attributes or "", "attributes", "--attributes", "ST=2"),
                                parse_pairs(skills or "", "skills", "--skills", "Athletics=2"), library)
        save_character(store, record.changed(extra={**record.extra, APPRENTICE: taken.to_dict()}))
        found["apprentice"] = taken.to_dict()
    if json:
        print_json(found)
        return
    console().print(f"Prime mana {mana}; booster: {', '.join(c.name for c in booster)}")
    console().print(f"Starting cards ({len(library)}): {', '.join(library)}")
    if record is not None:
        console().print(f"{name} ({taken.life} life points) is apprenticed to {record.character.name}.")


@app.command("apprentice-year")
def apprentice_year_command(
    mentor: Annotated[str, typer.Argument(help="The saved Wizard training the apprentice.")],
    attributes: Annotated[str, typer.Option("--attributes", help="All the attribute dots after the year.")],
    skills: Annotated[str, typer.Option("--skills", help="All the skill dots after the year.")],
    db: DbOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """A year of an apprentice's training: one attribute dot and two skill dots more."""
    from magecraft.mtg_rpg.apprentice import Apprentice, train_year
    from magecraft.mtg_rpg.character import load_character, save_character
    store = open_store(db)
    record = load_character(store, mentor)
    current = record.extra.get(APPRENTICE)
    if current is None:
        raise InputError(f"{record.character.name} has no apprentice")
    trained = train_year(Apprentice.from_dict(current),
                         parse_pairs(attributes, "attributes", "--attributes", "ST=2"),
                         parse_pairs(skills, "skills", "--skills", "Athletics=2"), house_rules_from(house_rules))
    save_character(store, record.changed(extra={**record.extra, APPRENTICE: trained.to_dict()}))
    if json:
        print_json(trained.to_dict())
    else:
        console().print(f"{trained.name} has trained {trained.years} year(s); {trained.life} life points.")


@app.command("referee-deck")
def referee_deck_command(
    extra_high: Annotated[int, typer.Option("--extra-high", min=0, max=4,
                                            help="High-cost cards to add (1-4; 0: as the colours need).")] = 0,
    special_lands: Annotated[int, typer.Option("--special-lands", min=0, help="Special lands to add.")] = 0,
    seed: SeedOption = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """Build a referee deck by "The Referee Deck" guidelines."""
    from rich.table import Table

    from magecraft.mtg_rpg.deckbuilding import build_referee_deck
    rng = make_randomness(seed, None, False)
    deck = build_referee_deck(rng, load_pool(open_store(db), cards_file), extra_high=extra_high,
                              special_lands=special_lands)
    if json:
        print_json([c.name for c in deck])
        return
    table = Table(title=f"Referee deck ({len(deck)} cards)")
    for column in ("card", "cost", "value", "type"):
        table.add_column(column)
    for card in sorted(deck, key=lambda c: (c.mana_value, c.name)):
        table.add_row(card.name, card.mana_cost, str(card.mana_value), card.type_line)
    console().print(table)


mtg_rpg_play.register(app)
