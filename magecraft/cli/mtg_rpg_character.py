"""`magecraft mtg-rpg character ...`: creating, showing and keeping MtG RPG Wizards.

Seed 000 CHARACTER CREATION step by step (``character new``: Calling, Demeanor, Choosing Attributes,
SKILLS, Primary Mana, The Wizard's Talisman, Renewal Period, Sanctuary, MAGIC: Cantrips, EQUIPMENT:
Starting Equipment), the character sheet (``show``), gold and restitution owed after a duel
(``gold``, ``restitution``), in the sanctuary or away (``where``) and the Wizard's library
(``library``).  Parses, calls :mod:`magecraft.mtg_rpg.creation` and
:mod:`~magecraft.mtg_rpg.character`, and renders; decides no rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from magecraft.cli import options
from magecraft.cli.mtg_rpg_common import (
    PLAY_DECK,
    CardsFileOption,
    HouseRulesOption,
    house_rules_from,
    load_pool,
    parse_pairs,
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
from magecraft.core.errors import InputError, MagecraftError

if TYPE_CHECKING:
    from magecraft.core.randomness import Randomness
    from magecraft.mtg_rpg.cards import Card, CardPool
    from magecraft.mtg_rpg.character import Character, CharacterRecord
    from magecraft.mtg_rpg.settings import Settings

character_app = typer.Typer(help="Create and show Wizards.", no_args_is_help=True)

T = TypeVar("T")

def _ask(question: str, given: T | None, parse: Callable[[str], T], explain: str = "") -> T:
    """Use the option if given (errors end the command); otherwise ask until the answer passes.

    ``?`` or ``help`` says what may be typed (``explain``, else the question) and is never taken as the answer
    (issue 25 item 7: "?" was saved as a Wizard's name); ``quit`` stops the creation, nothing saved."""
    from rich.markup import escape
    if given is not None:
        return given
    while True:
        answer = options.ask_once(question)
        word = answer.strip().casefold()
        if word in ("?", "help"):
            console().print(escape(f"{explain or question}. Type quit to stop (nothing is saved)."))
            continue
        if word in ("quit", "q"):
            raise typer.Abort() from options.QuitAtPrompt()
        try:
            return parse(answer)
        except (MagecraftError, typer.BadParameter) as exc:
            console().print(f"[red]{escape(str(exc))}[/red]")


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


NameOption = Annotated[str | None, typer.Option("--name", help="The Wizard's name.")]
ConceptOption = Annotated[str | None, typer.Option("--concept", help="A short character concept.")]
CallingOption = Annotated[str | None, typer.Option("--calling", help="One of the 24 Callings.")]
DemeanorOption = Annotated[list[str] | None, typer.Option("--demeanor", help="A Demeanor (repeat for more).")]
PrimaryOption = Annotated[str | None, typer.Option("--primary", help="Primary mana: W, U, B, R, G or C.")]
TalismanOption = Annotated[str | None, typer.Option("--talisman", help="The Wizard's talisman.")]
RenewalOption = Annotated[str | None, typer.Option("--renewal", help="sunrise, noon, sunset or midnight.")]
SanctuaryOption = Annotated[str | None, typer.Option("--sanctuary", help="Where the sanctuary is.")]
WeaponOption = Annotated[str | None, typer.Option("--weapon", help="A non-magical weapon.")]
AttributesOption = Annotated[str | None, typer.Option("--attributes", help="ST=3,DX=1,CN=2,IQ=2,WS=1,CH=1")]
SkillsOption = Annotated[str | None, typer.Option(
    "--skills", help="20 bought dots, e.g. Athletics=3,Dodge=2 (the free Arcane Knowledge and "
                     "Spell Research dots are added).")]
CantripsOption = Annotated[str | None, typer.Option("--cantrips", help="Light,Mage Hand,...")]
LibraryOption = Annotated[str | None, typer.Option(
    "--library", help="A deck list file (60 cards), or 'starter' to have one built.")]
GoldCardOption = Annotated[str | None, typer.Option(
    "--gold-card", help="The card the referee drew for starting gold (else drawn here).")]
NewOverwriteOption = Annotated[bool, typer.Option(
    "--overwrite", help="Replace a Wizard saved under this name (it stays in 'saves history').")]


@character_app.command("new")
def character_new(
    name: NameOption = None, concept: ConceptOption = None, calling: CallingOption = None,
    demeanor: DemeanorOption = None, primary: PrimaryOption = None, talisman: TalismanOption = None,
    renewal: RenewalOption = None, sanctuary: SanctuaryOption = None, weapon: WeaponOption = None,
    attributes: AttributesOption = None, skills: SkillsOption = None, cantrips: CantripsOption = None,
    library: LibraryOption = None, gold_card: GoldCardOption = None, seed: SeedOption = None,
    dice: DiceOption = None, physical_dice: PhysicalOption = False, overwrite: NewOverwriteOption = False,
    db: DbOption = None, cards_file: CardsFileOption = None, house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Create a Wizard step by step (asking for anything not given) and save it; a taken name is refused
    unless --overwrite.

    \b
    Examples:
      magecraft mtg-rpg character new
      magecraft mtg-rpg character new --name Sarin --calling Adventurer --primary R --library starter
    """
    from magecraft.cli.sessions import open_session
    from magecraft.mtg_rpg.cards import MANA_ATTRIBUTE
    from magecraft.mtg_rpg.character import SYSTEM, CharacterRecord, sheet
    from magecraft.mtg_rpg.creation import check_text, create_character
    rules = house_rules_from(house_rules)
    rng = make_randomness(seed, dice, physical_dice)
    store = open_store(db)
    pool = load_pool(store, cards_file)
    wizard_name = _ask("Name", name, lambda t: check_text(t, "Name", "CHARACTER CREATION: Name"))
    saver = open_session(db, SYSTEM, "character", save=wizard_name, overwrite=overwrite)
    draft = _ask_identity(wizard_name, concept, calling, demeanor, primary, talisman, renewal, sanctuary, rules)
    # The optional weapon is asked for only at the terminal, so scripted creation never waits on it.
    interactive = name is None
    the_weapon = weapon if weapon is not None or not interactive else _ask(
        "Weapon (optional: Enter for none)", None, lambda t: t.strip(),
        explain="A non-magical weapon the Wizard carries (staff, dagger...), or Enter for none")
    the_attributes = _ask_attributes(attributes, draft.primary, rules)
    draft = replace(draft, attributes=the_attributes, skills=_ask_skills(skills, draft.primary, rules),
                    cantrips=_ask_cantrips(cantrips, the_attributes[MANA_ATTRIBUTE[draft.primary]]))
    the_library = _ask_library(library, draft, rng, pool, rules)
    drawn, gold = _gold_card(gold_card, pool, rng)
    wizard = create_character(replace(draft, library=the_library, weapon=the_weapon or ""), gold, pool=pool,
                              settings=rules)
    said = saver.save(CharacterRecord(wizard, rng).to_dict())
    if json:
        print_json({"sheet": sheet(wizard), "gold_card": drawn.name})
        return
    console().print(f"The referee drew {drawn.name}: {gold} gp starting gold.")
    _show(wizard)
    console().print(said)


def _ask_identity(wizard_name: str, concept: str | None, calling: str | None, demeanor: list[str] | None,
                  primary: str | None, talisman: str | None, renewal: str | None, sanctuary: str | None,
                  rules: Settings) -> Character:
    """The Wizard's concept, Calling, Demeanors, primary mana, talisman, renewal period and sanctuary, as a
    draft with no attributes, skills, cantrips or library yet ("CHARACTER CREATION")."""
    from magecraft.mtg_rpg.character import Character, rulebook
    from magecraft.mtg_rpg.creation import (
        check_calling,
        check_demeanors,
        check_primary,
        check_renewal_period,
        check_text,
    )
    book = rulebook()
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
    return Character(
        name=wizard_name, concept=the_concept, calling=the_calling, demeanors=demeanors, primary=the_primary,
        talisman=the_talisman, renewal_period=the_renewal, sanctuary=the_sanctuary,
        attributes={}, skills={}, cantrips=(), library=(),
    )


def _ask_attributes(attributes: str | None, the_primary: str, rules: Settings) -> dict[str, int]:
    """The ten attribute dots, checked against the primary mana's attribute."""
    from magecraft.mtg_rpg.cards import ATTRIBUTES
    from magecraft.mtg_rpg.creation import check_attributes, check_primary
    def parse_attributes(text: str) -> dict[str, int]:
        dots = parse_pairs(text, "attributes", "--attributes", "ST=3,DX=1")
        return check_attributes(dots, check_primary(the_primary), rules)

    return _ask(f"Attributes, 10 dots ({', '.join(f'{a}=N' for a in ATTRIBUTES)})",
                None if attributes is None else parse_attributes(attributes), parse_attributes)


def _ask_skills(skills: str | None, the_primary: str, rules: Settings) -> dict[str, int]:
    """The bought skill dots (the free Arcane Knowledge and Spell Research dots are added later)."""
    from magecraft.mtg_rpg.cards import ATTRIBUTE_NAMES, MANA_ATTRIBUTE
    from magecraft.mtg_rpg.character import rulebook
    from magecraft.mtg_rpg.creation import check_skills
    book = rulebook()

    def parse_skills(text: str) -> dict[str, int]:
        bought = parse_pairs(text, "skills", "--skills", "Athletics=3")
        check_skills(bought, the_primary, rules)
        return bought

    return _ask(f"Skills, {rules.skill_dots} dots bought, at most {rules.max_starting_skill} in a skill "
                f"(Arcane Knowledge and Spell Research get one free dot each on top)",
                None if skills is None else parse_skills(skills), parse_skills,
                explain=f"SKILL=DOTS, comma separated, {rules.skill_dots} dots in all, e.g. Athletics=3,"
                        f"Dodge=2; at least one in a {ATTRIBUTE_NAMES[MANA_ATTRIBUTE[the_primary]]} "
                        "skill. "
                        "Arcane Knowledge and Spell Research each get a free dot added to what you buy"
                        + ("" if rules.free_dots_count_for_cap else
                           " (it does not count towards the limit)")
                        + f". Skills: {', '.join(book.skills)}")


def _ask_cantrips(cantrips: str | None, allowed: int) -> tuple[str, ...]:
    """As many cantrips as the primary mana's attribute allows, with their prerequisites."""
    from magecraft.mtg_rpg import magic
    from magecraft.mtg_rpg.creation import check_cantrips
    def parse_cantrips(text: str) -> tuple[str, ...]:
        chosen = check_cantrips([c for c in text.split(",") if c.strip()], allowed, magic.cantrip_names())
        magic.check_cantrip_prerequisites(chosen)
        return chosen

    return _ask(f"{allowed} cantrip(s) ({', '.join(magic.cantrip_names())})",
                None if cantrips is None else parse_cantrips(cantrips), parse_cantrips)


def _ask_library(library: str | None, draft: Character, rng: Randomness, pool: CardPool,
                 rules: Settings) -> tuple[str, ...]:
    """The 60-card starting library: a deck list file, or 'starter' to have one built."""
    from magecraft.mtg_rpg.deckbuilding import check_library, starter_library
    def parse_library(text: str) -> tuple[str, ...]:
        names = starter_library(draft, rng, pool) if text.strip().casefold() == "starter" else \
            _read_deck_list(Path(text.strip()))
        check_library(draft, names, settings=rules, starting=True, pool=pool)
        return names

    return _ask("Library: a deck list file of 60 cards, or 'starter'",
                None if library is None else parse_library(library), parse_library)


def _gold_card(gold_card: str | None, pool: CardPool, rng: Randomness) -> tuple[Card, int]:
    """The card the referee drew for starting gold (given, or drawn from a referee deck) and its gold."""
    from magecraft.core.deck import Deck
    from magecraft.mtg_rpg.creation import gold_for_card, starting_gold
    from magecraft.mtg_rpg.deckbuilding import build_referee_deck
    if gold_card is not None:
        drawn = pool.get(gold_card)
        return drawn, gold_for_card(drawn)
    return starting_gold(Deck(build_referee_deck(rng, pool), name="referee"), rng)


def _show(wizard: Character, hand: list[str] | None = None) -> None:
    """The sheet; ``hand`` is the current hand when the Wizard has played from the saved deck."""
    from rich.table import Table

    from magecraft.mtg_rpg.cards import ATTRIBUTES
    from magecraft.mtg_rpg.character import (
        attribute_meaning,
        current_life,
        derive,
        favoured_element,
        life_condition,
        rulebook,
    )
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
    from magecraft.mtg_rpg.character import load_character, sheet, to_markdown
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


# a negative AMOUNT (gold spent, "-20") is an argument, not an unknown option
@character_app.command("gold", context_settings={"ignore_unknown_options": True})
def character_gold(
    name: Annotated[str, typer.Argument(help="The Wizard.")],
    amount: Annotated[int, typer.Argument(help="Gold pieces gained (negative: spent).")],
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Record gold found, earned or spent outside the rules here ("Other Rewards").

    \b
    Examples:
      magecraft mtg-rpg character gold Sarin 50
      magecraft mtg-rpg character gold Sarin -20
    """
    from magecraft.mtg_rpg.character import modify_character
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
    from magecraft.mtg_rpg.character import load_character, save_character
    from magecraft.mtg_rpg.duel_ritual import RESTITUTION_OWED
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
    from magecraft.mtg_rpg.character import load_character, save_character
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
    from magecraft.mtg_rpg.character import load_character, save_character
    from magecraft.mtg_rpg.deckbuilding import reorganize_library
    store = open_store(db)
    record = load_character(store, name)
    after = reorganize_library(record.character, _read_deck_list(deck_list), at_renewal=at_renewal,
                               settings=house_rules_from(house_rules), pool=load_pool(store, cards_file))
    save_character(store, record.changed(after))
    if json:
        print_json({"library": list(after.library), "spare_cards": list(after.spare_cards)})
    else:
        console().print(f"{after.name}'s library: {len(after.library)} cards; {len(after.spare_cards)} spare.")
