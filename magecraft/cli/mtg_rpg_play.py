"""`magecraft mtg-rpg` play commands: actions, dodging, scenes, luck (registered on the mtg-rpg group).

Sections of the MtG RPG seed: "Performing an Action" (skills, raw attributes, helpers, opposed
actions), "Assumed Equipment", dodging a creature's attack, casting outside a duel and the scene it
opens, and the luck draw.  Parses, calls :mod:`magecraft.mtg_rpg.actions` and
:mod:`~magecraft.mtg_rpg.scene`, and renders; decides no rules.  A saved Wizard's hand, library and
graveyard are kept beside the sheet in the save (``play_deck``), so actions draw from the same cards.
The other play commands are split along the seed's sections: renewal and life points
(:mod:`.mtg_rpg_renewal`), initiative and the tactical rulings (:mod:`.mtg_rpg_combat`) and duels
(:mod:`.mtg_rpg_duel`); :func:`register` adds them all to ``mtg-rpg``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from magecraft.cli.mtg_rpg_common import (
    PLAY_DECK,
    SCENE,
    CardsFileOption,
    HouseRulesOption,
    continue_dice,
    house_rules_from,
    load_pool,
    play_deck,
    saved_scene,
    store_deck,
)
from magecraft.cli.mtg_rpg_renewal import life_command, renew_command
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
)
from magecraft.cli.tree import Later, LaterGroup
from magecraft.core.errors import InputError

if TYPE_CHECKING:
    from magecraft.core.saves import SaveStore
    from magecraft.mtg_rpg.actions import ActionResult, SpellDeck
    from magecraft.mtg_rpg.cards import CardPool
    from magecraft.mtg_rpg.character import Character, CharacterRecord
    from magecraft.mtg_rpg.settings import Settings


def _result_line(result: ActionResult) -> str:
    from magecraft.mtg_rpg.actions import difficulty_level
    parts = [f"{result.score} (sheet)", f"{result.card or 'no card'} ({result.card_value})"]
    if result.power_play:
        parts.append(f"power play {result.power_play} ({result.power_play_value})")
    if result.stunt_bonus:
        parts.append(f"stunt {result.stunt_bonus}")
    if result.cooperation_bonus:
        parts.append(f"helpers {result.cooperation_bonus}")
    verdict = "[green]success[/green]" if result.success else "[red]failure[/red]"
    return (f"{' + '.join(parts)} = [bold]{result.total}[/bold] ({result.level}) against "
            f"{result.difficulty} ({difficulty_level(result.difficulty)}): {verdict}")


NameArgument = Annotated[str, typer.Argument(help="The saved Wizard.")]
SkillOption = Annotated[str | None, typer.Option("--skill", help="The skill used, e.g. Athletics.")]
AttributeOption = Annotated[str | None, typer.Option(
    "--attribute", help="A raw attribute action instead of a skill: ST, DX, CN, IQ, WS or CH.")]
DifficultyOption = Annotated[str, typer.Option(
    "--difficulty", help="0-30 or a level: Easy, Average, Challenging, Daunting ...")]
CardOption = Annotated[str | None, typer.Option(
    "--card", help="The card to play from hand (default: the highest value in hand).")]
NoCardOption = Annotated[bool, typer.Option("--no-card", help="Act without playing a card (counts 0).")]
PowerPlayOption = Annotated[str | None, typer.Option("--power-play", help="A second card, sacrificed.")]
HeroicOption = Annotated[int, typer.Option("--heroic", help="Experience points spent on a heroic deed (1-3).")]
StuntOption = Annotated[int, typer.Option("--stunt", help="The referee's stunt award (0-3).")]
HelpersOption = Annotated[int, typer.Option("--helpers", help="Unsaved helpers who made their Challenging (9).")]
HelperOption = Annotated[list[str] | None, typer.Option(
    "--helper", help="A saved Wizard helping: makes a Challenging (9) action with the same skill.")]
AttemptOption = Annotated[int, typer.Option("--attempt", help="Which attempt this is (2nd is +3).")]
UntrainedOption = Annotated[bool, typer.Option(
    "--untrained", help="The referee allows the skill untrained (no dots: the attribute alone).")]


def action_command(
    name: NameArgument, skill: SkillOption = None, attribute: AttributeOption = None,
    difficulty: DifficultyOption = "Challenging", card: CardOption = None, no_card: NoCardOption = False,
    power_play: PowerPlayOption = None, heroic: HeroicOption = 0, stunt: StuntOption = 0,
    helpers: HelpersOption = 0, helper: HelperOption = None, attempt: AttemptOption = 1,
    untrained: UntrainedOption = False, seed: SeedOption = None, dice: DiceOption = None,
    physical_dice: PhysicalOption = False, db: DbOption = None, cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None, json: JsonOption = False,
) -> None:
    """Perform an action: play a card from the Wizard's saved hand and add it to skill + attribute.

    \b
    Examples:
      magecraft mtg-rpg action Sarin --skill Athletics --difficulty Challenging
      magecraft mtg-rpg action Sarin --attribute ST --difficulty 12
    """
    from magecraft.mtg_rpg.actions import ActionAttempt, check_action, resolve_action
    from magecraft.mtg_rpg.character import load_character, modify_character, save_character
    from magecraft.mtg_rpg.renewal import check_can_act
    rating = _action_rating(skill, attribute, card, no_card, heroic, difficulty)
    store = open_store(db)
    pool = load_pool(store, cards_file)
    rules = house_rules_from(house_rules)
    helping = _helpers(store, name, helper)
    helper_decks: list[SpellDeck] = []
    done: list[tuple[Character, ActionResult, list[ActionResult], SpellDeck, CharacterRecord]] = []

    def act(record: CharacterRecord) -> CharacterRecord:
        wizard = record.character
        check_can_act(wizard, "act")  # the unconscious and the dead are refused before anything is drawn
        rng = continue_dice(record, seed, dice, physical_dice)
        deck = play_deck(record, pool, rng)
        linked, score = _linked_score(wizard, skill, attribute, untrained)
        chosen = card if card is not None or no_card else deck.strongest()
        planned = ActionAttempt(score=score, difficulty=rating, attribute=linked, card=chosen,
                                power_play=power_play, heroic_points=heroic, stunt=stunt,
                                helpers_succeeded=helpers + len(helping), attempt=attempt)
        check_action(deck, planned, unspent_xp=wizard.xp, settings=rules)
        helped = _helped(helping, skill, linked, untrained, pool, rules, helper_decks)
        result = resolve_action(deck, replace(planned, helpers_succeeded=helpers + sum(r.success for r in helped)),
                                rng, unspent_xp=wizard.xp, settings=rules)
        saved = record.changed(_after_action(wizard, result, heroic), rng,
                               {**record.extra, PLAY_DECK: deck.to_dict()})
        done.append((wizard, result, helped, deck, saved))
        return saved

    if helping or physical_dice:
        # Saving the helpers, or waiting for typed dice, cannot happen inside the leader's transaction:
        # the leader is written only if nobody changed it meanwhile (else "run it again").
        save_character(store, act(load_character(store, name)))
    else:
        # An action only appends to the Wizard: re-read and applied in one transaction, none is lost.
        modify_character(store, name, act)
    for h, deck_h in zip(helping, helper_decks, strict=True):
        store_deck(store, h, h.character, deck_h, h.rng)
    wizard, result, helped, deck, saved = done[-1]
    _print_action(wizard, skill or (attribute or "").upper(), result, list(zip(helping, helped, strict=True)),
                  deck, saved.character, stunt, json)


def _action_rating(skill: str | None, attribute: str | None, card: str | None, no_card: bool, heroic: int,
                   difficulty: str) -> int:
    """The action's options checked before anything is loaded, and its difficulty as a number."""
    from magecraft.mtg_rpg.actions import MAX_HEROIC_POINTS, difficulty_rating
    from magecraft.mtg_rpg.cards import ATTRIBUTES
    if (skill is None) == (attribute is None):
        raise typer.BadParameter("give either --skill or --attribute", param_hint="--skill")
    if attribute is not None and attribute.upper() not in ATTRIBUTES:
        raise typer.BadParameter(f"{attribute!r} is not one of {', '.join(ATTRIBUTES)}", param_hint="--attribute")
    if card is not None and no_card:
        raise typer.BadParameter("--card and --no-card exclude each other", param_hint="--card")
    if not 0 <= heroic <= MAX_HEROIC_POINTS:
        # the rule's own limit (Heroic Deeds), refused as a bad argument before anything is loaded
        raise typer.BadParameter(f"{heroic} experience points: a heroic deed spends 0 to {MAX_HEROIC_POINTS}",
                                 param_hint="--heroic")
    try:
        return difficulty_rating(difficulty)
    except InputError as exc:
        raise typer.BadParameter(str(exc), param_hint="--difficulty") from None


def _linked_score(wizard: Character, skill: str | None, attribute: str | None,
                  untrained: bool) -> tuple[str, int]:
    """The attribute the action is linked to and the sheet's score for it (skill + attribute, or raw)."""
    from magecraft.mtg_rpg.skills import skill_action
    if skill is not None:
        return skill_action(wizard, skill, untrained=untrained)
    linked = (attribute or "").upper()
    return linked, wizard.attribute(linked)


def _helped(helping: list[CharacterRecord], skill: str | None, linked: str, untrained: bool, pool: CardPool,
            rules: Settings, helper_decks: list[SpellDeck]) -> list[ActionResult]:
    """Each saved helper's action, its deck kept in ``helper_decks`` to be saved after the leader's."""
    helped = []
    for h in helping:
        score_h = _helper_score(h.character, skill, linked, untrained)
        result_h, deck_h = _help(h, score_h, linked, pool, rules)
        helped.append(result_h)
        helper_decks.append(deck_h)
    return helped


def _after_action(wizard: Character, result: ActionResult, heroic: int) -> Character:
    """The sheet after the action: the heroic deed's experience spent, a power play's card gone."""
    library = list(wizard.library)
    if result.power_play:
        library.remove(result.power_play)
    return replace(wizard, xp=wizard.xp - heroic, library=tuple(library))


def _print_action(wizard: Character, action: str, result: ActionResult,
                  helped: list[tuple[CharacterRecord, ActionResult]], deck: SpellDeck, after: Character,
                  stunt: int, json: bool) -> None:
    """The action's result, the helpers', the hand left and running out of cards (or all of it as JSON)."""
    from magecraft.mtg_rpg.renewal import run_out_of_cards
    spent = run_out_of_cards(mental_toughness=wizard.feat_usable("Mental Toughness")) \
        if result.out_of_cards else None
    if json:
        print_json({"wizard": wizard.name, "action": action, **result.to_dict(),
                    "hand": [c.name for c in deck.hand], "xp": after.xp,
                    "ran_out": None if spent is None else spent.to_dict(),
                    "helpers": {h.character.name: r.to_dict() for h, r in helped}})
        return
    for h, r in helped:
        console().print(f"{h.character.name} helps: {_result_line(r)}")
    console().print(f"{wizard.name}: {action} action. {_result_line(result)}")
    if stunt and not result.stunt_bonus:
        # said, not silently dropped: the referee gave an award the table's rules leave out (ruling P5)
        console().print(f"The stunt award of {stunt} does not count: a stunt counts only with a power play or a "
                        "heroic deed (ruling P5, setting stunt_needs_power_play_or_heroic).")
    console().print(f"Hand now: {', '.join(c.name for c in deck.hand) or 'empty'}")
    if spent is not None:
        console().print(f"[red]{wizard.name} has run out of cards:[/red] {spent.describe()}.")


def _helpers(store: SaveStore, leader: str, names: list[str] | None) -> list[CharacterRecord]:
    """The saved Wizards named by --helper: each another, different Wizard."""
    from magecraft.mtg_rpg.character import load_character
    from magecraft.mtg_rpg.renewal import check_can_act
    helping = [load_character(store, h) for h in names or ()]
    found = [h.character.name for h in helping]
    if leader in found or len(set(found)) < len(found):
        raise typer.BadParameter("each helper is another, different Wizard", param_hint="--helper")
    for record in helping:
        check_can_act(record.character, "help")
    return helping


def _helper_score(helper: Character, skill: str | None, attribute: str, untrained: bool) -> int:
    from magecraft.mtg_rpg.skills import skill_action
    if skill is None:
        return helper.attribute(attribute)
    return skill_action(helper, skill, untrained=untrained)[1]


def _help(record: CharacterRecord, score: int, attribute: str, pool: CardPool,
          rules: Settings) -> tuple[ActionResult, SpellDeck]:
    """A saved helper's Challenging (9) action with the leader's skill ("Skill Cooperation"), and the
    helper's deck after it (saved by the caller)."""
    from magecraft.mtg_rpg.actions import HELPER_DIFFICULTY, ActionAttempt, resolve_action
    deck = play_deck(record, pool, record.rng)
    result = resolve_action(deck, ActionAttempt(score=score, difficulty=HELPER_DIFFICULTY, attribute=attribute,
                                                card=deck.strongest(rules)), record.rng, settings=rules)
    return result, deck


def contest_command(
    first: Annotated[str, typer.Argument(help="A saved Wizard.")],
    second: Annotated[str | None, typer.Argument(
        help="The saved Wizard opposing (or give --against-total for a monster or situation).")] = None,
    skill: Annotated[str | None, typer.Option("--skill", help="The first Wizard's skill.")] = None,
    attribute: Annotated[str | None, typer.Option(
        "--attribute", help="A raw attribute contest instead of a skill: ST, DX, CN, IQ, WS or CH.")] = None,
    against: Annotated[str | None, typer.Option(
        "--against", help="The second Wizard's skill or attribute (default: the same).")] = None,
    against_total: Annotated[int | None, typer.Option(
        "--against-total", min=0, help="The action total of a monster or situation (the referee's).")] = None,
    untrained: Annotated[bool, typer.Option(
        "--untrained", help="The referee allows the skills untrained (the attribute alone).")] = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """An opposed action ("Opposed Actions"): each Wizard plays the strongest card in hand with a skill or
    a raw attribute (Sarin's Strength against a goblin holding a door); the higher total wins, a tie keeps
    things as they were."""
    from magecraft.mtg_rpg.actions import ActionAttempt, resolve_action
    from magecraft.mtg_rpg.character import load_character
    from magecraft.mtg_rpg.renewal import check_can_act
    from magecraft.mtg_rpg.skills import skill_action
    _check_contest(first, second, skill, attribute, against, against_total)
    store = open_store(db)
    pool = load_pool(store, cards_file)
    records = [load_character(store, name) for name in (first, second) if name is not None]
    for record in records:
        check_can_act(record.character, "take part in a contest")
    # Both attempts are checked before either Wizard's cards move.
    used = (skill or attribute or "", against or skill or attribute or "")
    scores = [skill_action(r.character, u, untrained=untrained) if skill is not None
              else (u.upper(), r.character.attribute(u.upper())) for r, u in zip(records, used, strict=False)]
    rules = house_rules_from(house_rules)
    results = {}
    for record, (linked, score) in zip(records, scores, strict=True):
        deck = play_deck(record, pool, record.rng)
        attempt = ActionAttempt(score=score, difficulty=0, attribute=linked, card=deck.strongest(rules))
        results[record.character.name] = resolve_action(deck, attempt, record.rng, settings=rules)
        store_deck(store, record, record.character, deck, record.rng)
    _print_contest(results, against_total, json)


def _check_contest(first: str, second: str | None, skill: str | None, attribute: str | None,
                   against: str | None, against_total: int | None) -> None:
    """The contest's options checked before anything is loaded: one skill or attribute, one opponent."""
    from magecraft.mtg_rpg.cards import ATTRIBUTES
    if (skill is None) == (attribute is None):
        raise typer.BadParameter("give either --skill or --attribute", param_hint="--skill")
    if attribute is not None and attribute.upper() not in ATTRIBUTES:
        raise typer.BadParameter(f"{attribute!r} is not one of {', '.join(ATTRIBUTES)}", param_hint="--attribute")
    if (second is None) == (against_total is None):
        raise typer.BadParameter("oppose a saved Wizard (SECOND) or a referee's total (--against-total)",
                                 param_hint="SECOND")
    if second is not None and first.casefold() == second.casefold():
        raise typer.BadParameter("a contest needs two different Wizards", param_hint="SECOND")
    if attribute is not None and against is not None and against.upper() not in ATTRIBUTES:
        raise typer.BadParameter(f"{against!r} is not one of {', '.join(ATTRIBUTES)}", param_hint="--against")


def _print_contest(results: dict[str, ActionResult], against_total: int | None, json: bool) -> None:
    """Each side's total and the winner ("Opposed Actions": the higher total wins, a tie changes nothing)."""
    from magecraft.mtg_rpg.actions import opposed
    totals = {n: r.total for n, r in results.items()}
    if against_total is not None:
        totals["opponent"] = against_total
    (a, total_a), (b, total_b) = totals.items()
    won = opposed(total_a, total_b)
    winner = None if won is None else (a if won == "first" else b)
    if json:
        print_json({"totals": totals, "winner": winner, "actions": {n: r.to_dict() for n, r in results.items()}})
        return
    for name, result in results.items():
        console().print(f"{name}: {result.score} + {result.card or 'no card'} ({result.card_value}) = "
                        f"[bold]{result.total}[/bold]")
    if against_total is not None:
        console().print(f"opponent: [bold]{against_total}[/bold]")
    console().print(f"[bold]{winner}[/bold] wins the contest." if winner else
                    "A tie: the situation stays as it was.")


def dodge_command(
    name: Annotated[str, typer.Argument(help="The saved Wizard.")],
    attacker: Annotated[str, typer.Option("--attacker", help="The attacking creature's card.")],
    card: Annotated[str | None, typer.Option("--card", help="The card to play (default: highest).")] = None,
    power: Annotated[int | None, typer.Option("--power", help="The referee's power for a '*'.")] = None,
    toughness: Annotated[int | None, typer.Option("--toughness", help="The referee's toughness for a '*'.")]
    = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Dodge an attacking creature: Dodge skill plus a card must exceed its power plus toughness."""
    from magecraft.mtg_rpg.character import load_character
    from magecraft.mtg_rpg.combat import dodge
    from magecraft.mtg_rpg.monsters import monster_from_card
    from magecraft.mtg_rpg.renewal import check_can_act
    store = open_store(db)
    pool = load_pool(store, cards_file)
    record = load_character(store, name)
    check_can_act(record.character, "dodge")
    rng = continue_dice(record, seed, dice, physical_dice)
    deck = play_deck(record, pool, rng)
    creature = pool.get(attacker)
    if not creature.is_creature:
        raise typer.BadParameter(f"{creature.name} is not a creature", param_hint="--attacker")
    rules = house_rules_from(house_rules)
    # A '*' power or toughness is the referee's number, as for the monster's statistics (ruling F34).
    monster = monster_from_card(creature, power=power, toughness=toughness, settings=rules)
    chosen = card if card is not None else deck.strongest(rules)
    result = dodge(deck, chosen, record.character.skill_total("Dodge"), monster.power, monster.toughness, rng,
                   rules)
    store_deck(store, record, record.character, deck, rng)
    if json:
        print_json({"wizard": name, "attacker": creature.name, "dodged": result.success, **result.to_dict()})
        return
    console().print(f"{name} dodges {creature.name} ({monster.power}/{monster.toughness}): {_result_line(result)}")

def cast_command(
    name: Annotated[str, typer.Argument(help="The saved Wizard.")],
    spell: Annotated[str, typer.Argument(help="The spell card to cast from the hand.")],
    land: Annotated[list[str] | None, typer.Option("--land", help="A land to play from the hand first (repeat).")]
    = None,
    x: Annotated[int, typer.Option("--x", min=0, help="The value paid for X.")] = 0,
    targets: Annotated[int, typer.Option(
        "--targets", min=1, help="Targets (Widen Spell: the whole cost again for each extra one).")] = 1,
    helper: Annotated[list[str] | None, typer.Option(
        "--helper", help="A saved Wizard adding their scene's mana (Spell Cooperation; repeat).")] = None,
    seed: SeedOption = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Cast a spell outside a duel: land from the hand and reserve mana pay for it; it lasts the scene."""
    from magecraft.mtg_rpg.character import load_character, save_character
    from magecraft.mtg_rpg.duel_ritual import RESTITUTION_OWED, check_land_tapping
    from magecraft.mtg_rpg.scene import cast_outside_duel
    store = open_store(db)
    record = load_character(store, name)
    rng = continue_dice(record, seed, None, False)
    deck = play_deck(record, load_pool(store, cards_file), rng)
    helping = _helpers(store, record.character.name, helper)
    if land:
        check_land_tapping(record.character.name, record.extra.get(RESTITUTION_OWED))
    for saved in helping:
        if saved_scene(saved).land_mana:
            check_land_tapping(saved.character.name, saved.extra.get(RESTITUTION_OWED))
    cast = cast_outside_duel(record.character, deck, saved_scene(record), spell, lands=tuple(land or ()), x=x,
                             targets=targets, helpers=[(h.character, saved_scene(h)) for h in helping], rng=rng,
                             settings=house_rules_from(house_rules))
    wizard, scene = cast.wizard, cast.scene
    store_deck(store, record.changed(wizard, rng, {**record.extra, SCENE: scene.to_dict()}), wizard, deck, rng)
    for saved, (after, after_scene) in zip(helping, cast.helpers, strict=True):
        save_character(store, saved.changed(after, saved.rng, {**saved.extra, SCENE: after_scene.to_dict()}))
    if json:
        print_json({"wizard": wizard.name, **scene.to_dict(), "hand": [c.name for c in deck.hand]})
        return
    console().print(f"{wizard.name} casts {scene.in_play[-1]}. In play this scene: {', '.join(scene.in_play)}; "
                    f"untapped mana {''.join(scene.land_mana) or 'none'}; reserve mana left {scene.reserve}.")


def scene_end_command(
    name: Annotated[str, typer.Argument(help="The saved Wizard.")],
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """End the scene: the spells cast end (their cards stay in the graveyard); untapped mana is gone."""
    from magecraft.mtg_rpg.character import load_character, save_character
    from magecraft.mtg_rpg.scene import close_scene
    store = open_store(db)
    record = load_character(store, name)
    before = saved_scene(record)
    after = close_scene(before, record.rng)
    extra = {k: v for k, v in record.extra.items() if k != SCENE}
    save_character(store, record.changed(extra=extra))
    if json:
        print_json({"wizard": name, "ended": list(before.in_play), "mana_lost": list(before.land_mana),
                    "reserve": after.reserve})
        return
    console().print(f"End of the scene: {', '.join(before.in_play) or 'nothing'} ends; the cards wait in the "
                    "graveyard for the renewal period.")


def equipment_command(
    name: Annotated[str, typer.Argument(help="The saved Wizard.")],
    difficulty: Annotated[str, typer.Option(
        "--difficulty", help="The referee's difficulty, to be exceeded (0-30 or a level).")] = "Challenging",
    card: Annotated[str | None, typer.Option("--card", help="The card to play (default: highest).")] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Assumed Equipment: did the Wizard bring it?  A general Wisdom action with a card."""
    from magecraft.mtg_rpg.actions import difficulty_rating
    from magecraft.mtg_rpg.character import load_character
    from magecraft.mtg_rpg.renewal import check_can_act
    from magecraft.mtg_rpg.skills import assumed_equipment
    try:
        rating = difficulty_rating(difficulty)
    except InputError as exc:
        raise typer.BadParameter(str(exc), param_hint="--difficulty") from None
    store = open_store(db)
    record = load_character(store, name)
    check_can_act(record.character, "look for equipment")
    rng = continue_dice(record, seed, dice, physical_dice)
    deck = play_deck(record, load_pool(store, cards_file), rng)
    result = assumed_equipment(deck, record.character.attribute("WS"), rating,
                               card if card is not None else deck.strongest(), rng, house_rules_from(house_rules))
    store_deck(store, record, record.character, deck, rng)
    if json:
        print_json({"wizard": name, "brought": result.success, **result.to_dict()})
        return
    console().print(f"{name} looks for it: {_result_line(result)}")

def luck_command(
    names: Annotated[list[str], typer.Argument(help="Two or more saved Wizards.")],
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    json: JsonOption = False,
) -> None:
    """A luck draw: each draws a random card from the library; the highest casting cost (+ luck bonus) wins."""
    from magecraft.mtg_rpg.actions import LuckEntrant, luck_draw
    from magecraft.mtg_rpg.character import derive, load_character
    store = open_store(db)
    pool = load_pool(store, cards_file)
    rng = make_randomness(seed, dice, physical_dice)
    records = [load_character(store, name) for name in names]
    decks = [play_deck(record, pool, rng) for record in records]
    outcome = luck_draw([LuckEntrant(r.character.name, deck, derive(r.character).luck_bonus)
                         for r, deck in zip(records, decks, strict=True)], rng)
    for record, deck in zip(records, decks, strict=True):
        store_deck(store, record, record.character, deck, record.rng)
    if json:
        print_json(outcome.to_dict())
        return
    for name, total in outcome.totals.items():
        console().print(f"{name}: {', '.join(outcome.cards[name])} -> {total}")
    console().print(f"[bold]{outcome.winner}[/bold] is the most lucky.")

def register(app: typer.Typer) -> None:
    """Add the play commands (action, contest, dodge, renew, equipment, cast, scene-end, initiative, luck,
    duel) to ``mtg-rpg``."""
    app.command("action")(action_command)
    app.command("contest")(contest_command)
    app.command("dodge")(dodge_command)
    app.command("renew")(renew_command)
    app.command("life")(life_command)
    app.command("equipment")(equipment_command)
    app.command("cast")(cast_command)
    app.command("scene-end")(scene_end_command)
    app.command("initiative")(Later("magecraft.cli.mtg_rpg_combat:initiative_command",
                                    "Initiative order: Wizards DX and feats (+ a card with --play), monsters a "
                                    "referee card + pips."))
    app.command("luck")(luck_command)
    # their signatures need the duel's and the tactics' rules (the options' help lists the rules' choices)
    app.command("duel")(Later("magecraft.cli.mtg_rpg_duel_command:duel_command",
                              "The duel ritual and a quick duel played to the end, both Wizards choosing their "
                              "cards simply."))
    app.add_typer(LaterGroup("magecraft.cli.mtg_rpg_combat:tactics_app", no_args_is_help=True,
                             help="A referee's tactical rulings (no map): movement, flight, spell reach, packs."),
                  name="tactics")
