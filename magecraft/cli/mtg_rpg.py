"""`magecraft mtg-rpg`: MtG RPG Wizards, cards, experience, spell research and monsters.

Parses, calls :mod:`magecraft.mtg_rpg` and renders; decides no rules.  The play
commands (actions, combat, duels) are registered by :mod:`magecraft.cli.mtg_rpg_play`
(from it, :mod:`~magecraft.cli.mtg_rpg_renewal`, :mod:`~magecraft.cli.mtg_rpg_combat` and
:mod:`~magecraft.cli.mtg_rpg_duel`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import typer
from rich.table import Table

from magecraft.cli import mtg_rpg_play, mtg_rpg_world, options
from magecraft.cli.mtg_rpg_common import (
    PLAY_DECK,
    CardsFileOption,
    HouseRulesOption,
    cards_path,
    continue_dice,
    house_rules_from,
    load_pool,
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
from magecraft.cli.sessions import open_session
from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, MagecraftError
from magecraft.mtg_rpg import crafting, experience, magic
from magecraft.mtg_rpg.apprentice import Apprentice, take_apprentice, train_year
from magecraft.mtg_rpg.cards import (
    ATTRIBUTES,
    MANA_ATTRIBUTE,
    CardPool,
    load_mtgjson,
    read_card_file,
    write_card_file,
)
from magecraft.mtg_rpg.character import (
    SYSTEM,
    Character,
    CharacterRecord,
    attribute_meaning,
    current_life,
    derive,
    favoured_element,
    life_condition,
    load_character,
    modify_character,
    rulebook,
    save_character,
    sheet,
    to_markdown,
)
from magecraft.mtg_rpg.creation import (
    apprentice_primary,
    check_attributes,
    check_calling,
    check_cantrips,
    check_demeanors,
    check_primary,
    check_renewal_period,
    check_skills,
    check_text,
    create_character,
    gold_for_card,
    starting_gold,
)
from magecraft.mtg_rpg.deckbuilding import (
    apprentice_spells,
    build_referee_deck,
    check_library,
    open_booster,
    reorganize_library,
    starter_library,
)
from magecraft.mtg_rpg.duel_ritual import RESTITUTION_OWED
from magecraft.mtg_rpg.monsters import (
    damage_through_resistance,
    monster_damage_resistance,
    monster_from_card,
    resistance_check,
    spell_power,
)
from magecraft.mtg_rpg.settings import Settings

#: The one command that starts this system (shown by `magecraft` with no arguments).
START: str | None = "mtg-rpg character new"

app = typer.Typer(help="MtG RPG: Wizards who act by playing Magic cards.", no_args_is_help=True)
character_app = typer.Typer(help="Create and show Wizards.", no_args_is_help=True)
cards_app = typer.Typer(help="The card pool: Ninth Edition plus imported MTGJSON cards.", no_args_is_help=True)
app.add_typer(character_app, name="character")
app.add_typer(cards_app, name="cards")
app.add_typer(mtg_rpg_world.app, name="world")

T = TypeVar("T")


def _pairs(text: str, what: str, flag: str, example: str) -> dict[str, int]:
    """``"ST=3, DX=2"`` -> ``{"ST": 3, "DX": 2}``; ``flag`` names the option in a refusal."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, value = part.partition("=")
        number = whole_number(value)
        if not sep or number is None:
            raise typer.BadParameter(f"{part!r}: give {what} as NAME=DOTS, e.g. {example}", param_hint=flag)
        out[name.strip()] = number
    return out


def _ask(question: str, given: T | None, parse: Callable[[str], T]) -> T:
    """Use the option if given (errors end the command); otherwise ask until the answer passes."""
    if given is not None:
        return given
    while True:
        answer = options.ask_at_terminal(question)
        try:
            return parse(answer)
        except (MagecraftError, typer.BadParameter) as exc:
            console().print(f"[red]{exc}[/red]")


def _read_deck_list(path: Path) -> tuple[str, ...]:
    """A deck list: one card a line, optionally preceded by a count ("4 Shivan Dragon")."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read deck list {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"deck list {path} is not a text file (it is not UTF-8)") from None
    names: list[str] = []
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        count, _, rest = text.partition(" ")
        copies = whole_number(count) if count.isdigit() else None
        if count.isdigit() and copies is None:
            raise InputError(f"{path.name} line {number}: {count[:12]}... is not a count of copies")
        if copies is not None and rest.strip():
            names.extend([rest.strip()] * copies)
        elif count.isdigit():
            raise InputError(f"{path.name} line {number}: a count needs a card name after it")
        else:
            names.append(text)
    return tuple(names)


@character_app.command("new")
def character_new(
    name: Annotated[str | None, typer.Option("--name", help="The Wizard's name.")] = None,
    concept: Annotated[str | None, typer.Option("--concept", help="A short character concept.")] = None,
    calling: Annotated[str | None, typer.Option("--calling", help="One of the 24 Callings.")] = None,
    demeanor: Annotated[list[str] | None, typer.Option("--demeanor", help="A Demeanor (repeat for more).")] = None,
    primary: Annotated[str | None, typer.Option("--primary", help="Primary mana: W, U, B, R, G or C.")] = None,
    talisman: Annotated[str | None, typer.Option("--talisman", help="The Wizard's talisman.")] = None,
    renewal: Annotated[str | None, typer.Option("--renewal", help="sunrise, noon, sunset or midnight.")] = None,
    sanctuary: Annotated[str | None, typer.Option("--sanctuary", help="Where the sanctuary is.")] = None,
    weapon: Annotated[str | None, typer.Option("--weapon", help="A non-magical weapon.")] = None,
    attributes: Annotated[str | None, typer.Option("--attributes", help="ST=3,DX=1,CN=2,IQ=2,WS=1,CH=1")] = None,
    skills: Annotated[str | None, typer.Option(
        "--skills", help="20 bought dots, e.g. Athletics=3,Dodge=2 (the free Arcane Knowledge and "
                         "Spell Research dots are added).")] = None,
    cantrips: Annotated[str | None, typer.Option("--cantrips", help="Light,Mage Hand,...")] = None,
    library: Annotated[str | None, typer.Option(
        "--library", help="A deck list file (60 cards), or 'starter' to have one built.")] = None,
    gold_card: Annotated[str | None, typer.Option(
        "--gold-card", help="The card the referee drew for starting gold (else drawn here).")] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    overwrite: Annotated[bool, typer.Option(
        "--overwrite", help="Replace a Wizard saved under this name (it stays in 'saves history').")] = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Create a Wizard step by step (asking for anything not given) and save it; a taken name is refused
    unless --overwrite."""
    rules = house_rules_from(house_rules)
    rng = make_randomness(seed, dice, physical_dice)
    store = open_store(db)
    pool = load_pool(store, cards_file)
    book = rulebook()
    wizard_name = _ask("Name", name, lambda t: check_text(t, "Name", "CHARACTER CREATION: Name"))
    saver = open_session(db, SYSTEM, "character", save=wizard_name, overwrite=overwrite)
    the_concept = _ask("Concept", concept,
                       lambda t: check_text(t, "Character Concept", "CHARACTER CREATION: Character Concept"))
    the_calling = _ask(f"Calling ({', '.join((*book.callings, *rules.extra_callings))})", calling,
                       lambda t: check_calling(t, rules))
    demeanors = _ask("Demeanor(s), separated by commas", tuple(demeanor) if demeanor else None,
                     lambda t: check_demeanors([d for d in t.split(",") if d.strip()], rules))
    the_primary = _ask("Primary mana (W, U, B, R, G or C)", primary, check_primary)
    the_talisman = _ask("Talisman", talisman, lambda t: check_text(t, "Talisman", "The Wizard's Talisman"))
    the_renewal = _ask("Renewal period (sunrise, noon, sunset, midnight)", renewal, check_renewal_period)
    the_sanctuary = _ask("Sanctuary", sanctuary, lambda t: check_text(t, "Sanctuary", "Sanctuary"))
    # The optional weapon is asked for only at the terminal, so scripted creation never waits on it.
    interactive = name is None
    the_weapon = weapon if weapon is not None or not interactive else options.ask_at_terminal("Weapon (optional)")

    def parse_attributes(text: str) -> dict[str, int]:
        dots = _pairs(text, "attributes", "--attributes", "ST=3,DX=1")
        return check_attributes(dots, check_primary(the_primary), rules)

    the_attributes = _ask(f"Attributes, 10 dots ({', '.join(f'{a}=N' for a in ATTRIBUTES)})",
                          None if attributes is None else parse_attributes(attributes), parse_attributes)

    def parse_skills(text: str) -> dict[str, int]:
        bought = _pairs(text, "skills", "--skills", "Athletics=3")
        check_skills(bought, the_primary, rules)
        return bought

    the_skills = _ask(f"Skills, 20 dots ({', '.join(book.skills)})",
                      None if skills is None else parse_skills(skills), parse_skills)
    allowed = the_attributes[MANA_ATTRIBUTE[the_primary]]

    def parse_cantrips(text: str) -> tuple[str, ...]:
        chosen = check_cantrips([c for c in text.split(",") if c.strip()], allowed, magic.cantrip_names())
        magic.check_cantrip_prerequisites(chosen)
        return chosen

    the_cantrips = _ask(f"{allowed} cantrip(s) ({', '.join(magic.cantrip_names())})",
                        None if cantrips is None else parse_cantrips(cantrips), parse_cantrips)
    draft = Character(
        name=wizard_name, concept=the_concept, calling=the_calling, demeanors=demeanors, primary=the_primary,
        talisman=the_talisman, renewal_period=the_renewal, sanctuary=the_sanctuary,
        attributes=the_attributes, skills=the_skills, cantrips=the_cantrips, library=(),
    )

    def parse_library(text: str) -> tuple[str, ...]:
        names = starter_library(draft, rng, pool) if text.strip().casefold() == "starter" else \
            _read_deck_list(Path(text.strip()))
        check_library(draft, names, settings=rules, starting=True, pool=pool)
        return names

    the_library = _ask("Library: a deck list file of 60 cards, or 'starter'",
                       None if library is None else parse_library(library), parse_library)
    if gold_card is not None:
        drawn = pool.get(gold_card)
        gold = gold_for_card(drawn)
    else:
        drawn, gold = starting_gold(Deck(build_referee_deck(rng, pool), name="referee"), rng)
    wizard = create_character(replace(draft, library=the_library, weapon=the_weapon or ""), gold, pool=pool,
                              settings=rules)
    said = saver.save(CharacterRecord(wizard, rng).to_dict())
    if json:
        print_json({"sheet": sheet(wizard), "gold_card": drawn.name})
        return
    console().print(f"The referee drew {drawn.name}: {gold} gp starting gold.")
    _show(wizard)
    console().print(said)


def _show(wizard: Character, hand: list[str] | None = None) -> None:
    """The sheet; ``hand`` is the current hand when the Wizard has played from the saved deck."""
    d = derive(wizard)
    out = console()
    out.print(f"[bold]{wizard.name}[/bold] — {wizard.concept}")
    out.print(f"Calling {wizard.calling}; Demeanor {', '.join(wizard.demeanors)}; primary mana "
              f"{'/'.join(wizard.primaries)}; talisman {wizard.talisman}; "
              f"renewal {', '.join(wizard.renewal_periods)}; "
              f"sanctuary {wizard.sanctuary}{'' if wizard.in_sanctuary else ' (away)'}")
    attrs = Table(title="Attributes")
    for attr in ATTRIBUTES:
        attrs.add_column(attr, justify="right")
    attrs.add_row(*(str(wizard.attribute(a)) for a in ATTRIBUTES))
    attrs.add_row(*(f"[dim]{attribute_meaning(wizard.attribute(a))}[/dim]" for a in ATTRIBUTES))
    out.print(attrs)
    skills = Table(title="Skills")
    for column in ("skill", "attribute", "dots", "total"):
        skills.add_column(column)
    for skill in rulebook().skills.values():
        if wizard.skill_dots(skill.name):
            skills.add_row(skill.name, skill.attribute, str(wizard.skill_dots(skill.name)),
                           str(wizard.skill_total(skill.name)))
    out.print(skills)
    derived = Table(title="Derived values")
    derived.add_column("value")
    derived.add_column("")
    element = favoured_element(wizard)
    for label, value in (("life points", f"{current_life(wizard)} of {d.life}, {life_condition(wizard)}"
                          + (f", {wizard.poison} poison counters" if wizard.poison else "")),
                         ("hand size", d.hand_size),
                         *([("elemental resistance", f"{d.elemental_resistance} against {element}")]
                           if element else []),
                         ("reserve mana", f"{max(0, d.reserve_mana - wizard.reserve_used)} of {d.reserve_mana}"),
                         ("creatures controlled", d.creatures), ("walk / sprint / run (hexes)",
                                                                 f"{d.walk} / {d.sprint} / {d.run}"),
                         ("initiative", f"+{d.initiative}"), ("dodges a turn", d.dodges_per_turn),
                         ("self-enchantments", d.max_self_enchantments),
                         ("cantrips a day", d.cantrips_per_day),
                         ("spell range (yards)", ", ".join(f"{k} {v}" for k, v in d.spell_range_yards.items()))):
        derived.add_row(label, str(value))
    out.print(derived)
    out.print(f"Cantrips: {', '.join(wizard.cantrips)}")
    out.print("Feats: " + (", ".join(f.name + (f" ({f.choice})" if f.choice else "") for f in wizard.feats)
                           or "none"))
    out.print(f"Gold {wizard.gold} gp; unused experience {wizard.xp}; library {len(wizard.library)} cards"
              f" ({len(wizard.spare_cards)} spare)")
    out.print(f"Weapon: {wizard.weapon or 'none'}")
    out.print("Hand now: " + (", ".join(hand) or "empty" if hand is not None
                              else f"not drawn yet (a fresh hand of {d.hand_size} at the first action)"))


@character_app.command("show")
def character_show(
    name: Annotated[str, typer.Argument(help="The Wizard's name.")],
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the sheet as Markdown.")] = False,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Show a saved Wizard's character sheet."""
    if json and markdown:
        raise typer.BadParameter("choose --json or --markdown, not both")
    record = load_character(open_store(db), name)
    wizard = record.character
    saved_deck = record.extra.get(PLAY_DECK)
    hand = [str(c) for c in saved_deck.get("hand", [])] if isinstance(saved_deck, dict) else []
    if json:
        print_json({**sheet(wizard), "hand": hand})
    elif markdown:
        typer.echo(to_markdown(wizard), nl=False)
    else:
        _show(wizard, hand if isinstance(saved_deck, dict) and "hand" in saved_deck else None)


@character_app.command("gold")
def character_gold(
    name: Annotated[str, typer.Argument(help="The Wizard.")],
    amount: Annotated[int, typer.Argument(help="Gold pieces gained (negative: spent).")],
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Record gold found, earned or spent outside the rules here ("Other Rewards")."""
    def count(record: CharacterRecord) -> CharacterRecord:
        if record.character.gold + amount < 0:
            raise typer.BadParameter(f"{name} has {record.character.gold} gp; cannot spend {-amount}")
        return record.changed(replace(record.character, gold=record.character.gold + amount))

    # gold only adds up: applied to the Wizard as saved now, so two tables' gold both count
    after = modify_character(open_store(db), name, count).character
    if json:
        print_json({"gold": after.gold})
    else:
        console().print(f"{after.name} has {after.gold} gp.")


@character_app.command("restitution")
def character_restitution(
    name: Annotated[str, typer.Argument(help="The Wizard who lost a duel without paying.")],
    db: DbOption = None,
) -> None:
    """Restitution made (or the winner dead): the karmic backlash ends and land can be tapped again
    ("Magic Dueling Rules")."""
    store = open_store(db)
    record = load_character(store, name)
    owed_to = record.extra.get(RESTITUTION_OWED)
    if owed_to is None:
        raise typer.BadParameter(f"{record.character.name} owes no restitution", param_hint="NAME")
    extra = {k: v for k, v in record.extra.items() if k != RESTITUTION_OWED}
    save_character(store, record.changed(extra=extra))
    console().print(f"{record.character.name} has made restitution to {owed_to}; land can be tapped again.")


@character_app.command("where")
def character_where(
    name: Annotated[str, typer.Argument(help="The Wizard.")],
    place: Annotated[str, typer.Argument(help="'sanctuary' or 'away'.")],
    db: DbOption = None,
) -> None:
    """Record whether the Wizard is in the sanctuary (where experience, research and the library are
    dealt with) or away adventuring."""
    if place not in ("sanctuary", "away"):
        raise typer.BadParameter(f"{place!r}: say sanctuary or away", param_hint="PLACE")
    store = open_store(db)
    record = load_character(store, name)
    after = replace(record.character, in_sanctuary=place == "sanctuary")
    save_character(store, record.changed(after))
    console().print(f"{after.name} is {'in the sanctuary' if after.in_sanctuary else 'away'}.")


@character_app.command("library")
def character_library(
    name: Annotated[str, typer.Argument(help="The Wizard.")],
    deck_list: Annotated[Path, typer.Argument(help="The new library: one card a line, '4 Mountain' for copies.")],
    at_renewal: Annotated[bool, typer.Option(
        "--at-renewal", help="Away from the sanctuary at a renewal period (Traveling Spell Book).")] = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Reorganise the library from the cards the Wizard owns."""
    store = open_store(db)
    record = load_character(store, name)
    after = reorganize_library(record.character, _read_deck_list(deck_list), at_renewal=at_renewal,
                               settings=house_rules_from(house_rules), pool=load_pool(store, cards_file))
    save_character(store, record.changed(after))
    if json:
        print_json({"library": list(after.library), "spare_cards": list(after.spare_cards)})
    else:
        console().print(f"{after.name}'s library: {len(after.library)} cards; {len(after.spare_cards)} spare.")


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
    rules = house_rules_from(house_rules)
    if scroll and potion:
        raise typer.BadParameter("use a scroll or a potion, not both")
    aid: Literal["scroll", "potion"] | None = "scroll" if scroll else "potion" if potion else None
    store = open_store(db)
    pool = load_pool(store, cards_file)
    record = load_character(store, name)
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
    save_character(store, record.changed(outcome.character, rng, extra))
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
    store = open_store(db)
    record = load_character(store, name)
    after = crafting.cast_quickened(record.character, spell, house_rules_from(house_rules))
    save_character(store, record.changed(after))
    if json:
        print_json({"cast": after.quickened_cast[-1], "cast_this_renewal": list(after.quickened_cast)})
    else:
        console().print(f"{after.name} casts {after.quickened_cast[-1]} quickened: no card, no mana.")


@app.command("xp")
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
    store = open_store(db)
    record = load_character(store, name)
    wizard = record.character
    args = list(what or [])
    verb = action.strip().casefold()
    if verb == "award":
        points = whole_number(args[0]) if len(args) == 1 and args[0].isdigit() else None
        if points is None:
            raise typer.BadParameter("give the points: xp NAME award 3", param_hint="N")
        after = experience.award(wizard, points)
        result: dict[str, Any] = {"awarded": points, "xp": after.xp}
    elif verb == "spend":
        after, result = _spend(wizard, args, choice, approved, fast, power, toughness, tuple(augment or ()),
                               load_pool(store, cards_file), house_rules_from(house_rules))
    elif verb == "costs":
        if args:
            raise typer.BadParameter(f"costs takes nothing more, not {' '.join(args)!r}", param_hint="WHAT")
        _costs(wizard, json)
        return
    else:
        raise typer.BadParameter(f"{action!r}: use award, spend or costs", param_hint="ACTION")
    save_character(store, record.changed(after))
    if json:
        print_json(result)
    else:
        console().print(", ".join(f"{k} {v}" for k, v in result.items()))


def _spend(wizard: Character, args: list[str], choice: str | None, approved: bool, fast: bool, power: int,
           toughness: int, augments: tuple[str, ...], pool: CardPool,
           rules: Settings) -> tuple[Character, dict[str, Any]]:
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
    book = rulebook()
    data = {
        "attributes": {a: experience.attribute_cost(wizard, a) for a in ATTRIBUTES if wizard.attribute(a) < 5},
        "skills": {s: experience.skill_cost(wizard, s) for s in book.skills if wizard.skill_dots(s) < 5},
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
        cast = pool.get(spell)
        power_of_spell = spell_power(load_character(store, caster).character, cast)
        extra["spell_power"] = power_of_spell
        extra["resistance_check"] = resistance_check(power_of_spell, monster.resistance_total)
    if json:
        print_json({**monster.to_dict(), **extra})
        return
    table = Table(title=f"{monster.name} ({card.mana_cost}, {monster.power}/{monster.toughness})")
    for attr in ATTRIBUTES:
        table.add_column(attr, justify="right")
    table.add_row(*(str(monster.attributes[a]) for a in ATTRIBUTES))
    console().print(table)
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
    library = apprentice_spells(booster, _pairs(lands, "basic lands", "--lands", "Mountain=7"), cards)
    found: dict[str, Any] = {"prime": mana, "booster": [c.name for c in booster], "library": list(library)}
    if record is not None:
        current = record.extra.get(APPRENTICE)
        taken = take_apprentice(record.character, None if current is None else Apprentice.from_dict(current),
                                name or "", mana, _pairs(attributes or "", "attributes", "--attributes", "ST=2"),
                                _pairs(skills or "", "skills", "--skills", "Athletics=2"), library)
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
    store = open_store(db)
    record = load_character(store, mentor)
    current = record.extra.get(APPRENTICE)
    if current is None:
        raise InputError(f"{record.character.name} has no apprentice")
    trained = train_year(Apprentice.from_dict(current), _pairs(attributes, "attributes", "--attributes", "ST=2"),
                         _pairs(skills, "skills", "--skills", "Athletics=2"), house_rules_from(house_rules))
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
