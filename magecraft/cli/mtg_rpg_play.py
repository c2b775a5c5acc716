"""`magecraft mtg-rpg` play commands: actions, combat helpers and duels (registered on the mtg-rpg group).

Parses, calls :mod:`magecraft.mtg_rpg.actions`, :mod:`~magecraft.mtg_rpg.renewal`,
:mod:`~magecraft.mtg_rpg.combat` and :mod:`~magecraft.mtg_rpg.duel`, and renders;
decides no rules.  A saved Wizard's hand, library and graveyard are kept beside
the sheet in the save (``play_deck``), so actions draw from the same cards.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Annotated, Any

import typer
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from magecraft.cli import options
from magecraft.cli.mtg_rpg_common import (
    PLAY_DECK,
    CardsFileOption,
    HouseRulesOption,
    continue_dice,
    house_rules_from,
    load_pool,
    play_deck,
    store_deck,
)
from magecraft.cli.options import (
    AllowUndoOption,
    DbOption,
    DiceOption,
    JsonOption,
    OverwriteOption,
    PhysicalOption,
    SaveOption,
    SeedOption,
    console,
    make_randomness,
    open_store,
    print_json,
    whole_number,
)
from magecraft.cli.playloop import Choice, Ending, Menu, PlayLoop, TableGame
from magecraft.cli.render import event_table
from magecraft.cli.sessions import open_session
from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, SaveError
from magecraft.core.events import Event, EventLog
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.actions import (
    HELPER_DIFFICULTY,
    MAX_HEROIC_POINTS,
    ActionAttempt,
    ActionResult,
    LuckEntrant,
    SpellDeck,
    check_action,
    difficulty_level,
    difficulty_rating,
    luck_draw,
    opposed,
    resolve_action,
)
from magecraft.mtg_rpg.cards import ATTRIBUTES, CardPool
from magecraft.mtg_rpg.character import (
    SYSTEM,
    Character,
    CharacterRecord,
    current_life,
    derive,
    life_condition,
    load_character,
    modify_character,
    save_character,
)
from magecraft.mtg_rpg.combat import dodge, initiative_order, monster_initiative, wizard_initiative
from magecraft.mtg_rpg.deckbuilding import build_referee_deck
from magecraft.mtg_rpg.duel import (
    KINDS,
    Duellist,
    QuickDuel,
    after_duel,
    choose_action,
    duellist_for,
    settle_sheet,
    truncated_deck,
)
from magecraft.mtg_rpg.duel_ritual import (
    RESTITUTION_OWED,
    STAKES,
    VICTORY_CONDITIONS,
    Ritual,
    Settlement,
    TableOutcome,
    check_gold_stake,
    check_land_tapping,
    length_for,
    settle,
    settle_free_for_all,
    table_outcome,
)
from magecraft.mtg_rpg.monsters import monster_from_card
from magecraft.mtg_rpg.renewal import (
    STOP_METHODS,
    bleed_turn,
    check_alive,
    check_can_act,
    heal_wizard,
    recover_at_renewal,
    renew,
    run_out_of_cards,
    stop_wizard_bleeding,
    vitals_of,
    wound,
)
from magecraft.mtg_rpg.scene import Scene, cast_outside_duel, check_cooperators, close_scene, cooperation_phases
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings
from magecraft.mtg_rpg.skills import assumed_equipment, skill_action
from magecraft.mtg_rpg.tactics import (
    ESCAPES,
    PACES,
    PURPOSES,
    assign_pack_blockers,
    check_attack_target,
    check_block_against,
    check_spell_reach,
    check_summon_placement,
    counts_as_flying,
    flee,
    move,
    pace_allowance,
)

#: A built-in opponent: "referee" (or "referee-2" ...) duels with a truncated referee deck.
REFEREE = "referee"
#: The built-in opponent's sheet: 2 in every attribute (life 14, hand 4).
REFEREE_ATTRIBUTE = 2

def _result_line(result: ActionResult) -> str:
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


def action_command(
    name: Annotated[str, typer.Argument(help="The saved Wizard.")],
    skill: Annotated[str | None, typer.Option("--skill", help="The skill used, e.g. Athletics.")] = None,
    attribute: Annotated[str | None, typer.Option(
        "--attribute", help="A raw attribute action instead of a skill: ST, DX, CN, IQ, WS or CH.")] = None,
    difficulty: Annotated[str, typer.Option(
        "--difficulty", help="0-30 or a level: Easy, Average, Challenging, Daunting ...")] = "Challenging",
    card: Annotated[str | None, typer.Option(
        "--card", help="The card to play from hand (default: the highest value in hand).")] = None,
    no_card: Annotated[bool, typer.Option("--no-card", help="Act without playing a card (counts 0).")] = False,
    power_play: Annotated[str | None, typer.Option("--power-play", help="A second card, sacrificed.")] = None,
    heroic: Annotated[int, typer.Option("--heroic", help="Experience points spent on a heroic deed (1-3).")] = 0,
    stunt: Annotated[int, typer.Option("--stunt", help="The referee's stunt award (0-3).")] = 0,
    helpers: Annotated[int, typer.Option("--helpers", help="Unsaved helpers who made their Challenging (9).")]
    = 0,
    helper: Annotated[list[str] | None, typer.Option(
        "--helper", help="A saved Wizard helping: makes a Challenging (9) action with the same skill.")] = None,
    attempt: Annotated[int, typer.Option("--attempt", help="Which attempt this is (2nd is +3).")] = 1,
    untrained: Annotated[bool, typer.Option(
        "--untrained", help="The referee allows the skill untrained (no dots: the attribute alone).")] = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    physical_dice: PhysicalOption = False,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """Perform an action: play a card from the Wizard's saved hand and add it to skill + attribute."""
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
        rating = difficulty_rating(difficulty)
    except InputError as exc:
        raise typer.BadParameter(str(exc), param_hint="--difficulty") from None
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
        if skill is not None:
            linked, score = skill_action(wizard, skill, untrained=untrained)
        else:
            linked = (attribute or "").upper()
            score = wizard.attribute(linked)
        chosen = card if card is not None or no_card else deck.strongest()
        planned = ActionAttempt(score=score, difficulty=rating, attribute=linked, card=chosen,
                                power_play=power_play, heroic_points=heroic, stunt=stunt,
                                helpers_succeeded=helpers + len(helping), attempt=attempt)
        check_action(deck, planned, unspent_xp=wizard.xp, settings=rules)
        helped = []
        for h in helping:
            score_h = _helper_score(h.character, skill, linked, untrained)
            result_h, deck_h = _help(h, score_h, linked, pool, rules)
            helped.append(result_h)
            helper_decks.append(deck_h)
        result = resolve_action(deck, replace(planned, helpers_succeeded=helpers + sum(r.success for r in helped)),
                                rng, unspent_xp=wizard.xp, settings=rules)
        library = list(wizard.library)
        if result.power_play:
            library.remove(result.power_play)
        after = replace(wizard, xp=wizard.xp - heroic, library=tuple(library))
        saved = record.changed(after, rng, {**record.extra, PLAY_DECK: deck.to_dict()})
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
    after = saved.character
    spent = run_out_of_cards(mental_toughness=wizard.feat_usable("Mental Toughness")) \
        if result.out_of_cards else None
    if json:
        print_json({"wizard": wizard.name, "action": skill or (attribute or "").upper(), **result.to_dict(),
                    "hand": [c.name for c in deck.hand], "xp": after.xp,
                    "ran_out": None if spent is None else spent.to_dict(),
                    "helpers": {h.character.name: r.to_dict() for h, r in zip(helping, helped, strict=True)}})
        return
    for h, r in zip(helping, helped, strict=True):
        console().print(f"{h.character.name} helps: {_result_line(r)}")
    console().print(f"{wizard.name}: {skill or (attribute or '').upper()} action. {_result_line(result)}")
    console().print(f"Hand now: {', '.join(c.name for c in deck.hand) or 'empty'}")
    if spent is not None:
        console().print(f"[red]{wizard.name} has run out of cards:[/red] {spent.describe()}.")


def _helpers(store: SaveStore, leader: str, names: list[str] | None) -> list[CharacterRecord]:
    """The saved Wizards named by --helper: each another, different Wizard."""
    helping = [load_character(store, h) for h in names or ()]
    found = [h.character.name for h in helping]
    if leader in found or len(set(found)) < len(found):
        raise typer.BadParameter("each helper is another, different Wizard", param_hint="--helper")
    for record in helping:
        check_can_act(record.character, "help")
    return helping


def _helper_score(helper: Character, skill: str | None, attribute: str, untrained: bool) -> int:
    if skill is None:
        return helper.attribute(attribute)
    return skill_action(helper, skill, untrained=untrained)[1]


def _help(record: CharacterRecord, score: int, attribute: str, pool: CardPool,
          rules: Settings) -> tuple[ActionResult, SpellDeck]:
    """A saved helper's Challenging (9) action with the leader's skill ("Skill Cooperation"), and the
    helper's deck after it (saved by the caller)."""
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


SCENE = "scene"


def _scene(record: CharacterRecord) -> Scene:
    saved = record.extra.get(SCENE)
    return Scene.begin(record.character) if saved is None else Scene.from_dict(saved)


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
    store = open_store(db)
    record = load_character(store, name)
    rng = continue_dice(record, seed, None, False)
    deck = play_deck(record, load_pool(store, cards_file), rng)
    helping = _helpers(store, record.character.name, helper)
    if land:
        check_land_tapping(record.character.name, record.extra.get(RESTITUTION_OWED))
    for saved in helping:
        if _scene(saved).land_mana:
            check_land_tapping(saved.character.name, saved.extra.get(RESTITUTION_OWED))
    cast = cast_outside_duel(record.character, deck, _scene(record), spell, lands=tuple(land or ()), x=x,
                             targets=targets, helpers=[(h.character, _scene(h)) for h in helping], rng=rng,
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
    store = open_store(db)
    record = load_character(store, name)
    before = _scene(record)
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


def renew_command(
    name: Annotated[str, typer.Argument(help="The saved Wizard.")],
    shuffle_hand: Annotated[bool, typer.Option("--shuffle-hand", help="Shuffle the hand in too.")] = False,
    life: Annotated[int | None, typer.Option(
        "--life", help="Life points before healing (default: the saved sheet's).")] = None,
    poison: Annotated[int | None, typer.Option(
        "--poison", help="Poison counters before renewal (default: the saved sheet's).")] = None,
    bed_rest: Annotated[bool, typer.Option("--bed-rest", help="24 hours of complete bed rest.")] = False,
    healer: Annotated[int | None, typer.Option("--healer", help="A healer's Healing action total.")] = None,
    tended: Annotated[bool, typer.Option("--tended", help="Tended overnight without interruption.")] = False,
    seed: SeedOption = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """The renewal period: the graveyard goes back into the library, the hand is drawn up, life heals."""
    store = open_store(db)
    record = load_character(store, name)
    wizard = record.character
    check_alive(wizard, "be healed or renewed")
    rng = continue_dice(record, seed, None, False)
    cards = load_pool(store, cards_file)
    deck = play_deck(record, cards, rng)
    if SCENE in record.extra:
        close_scene(_scene(record), rng)  # a scene still open ends before the renewal
    derived = derive(wizard)
    if life is not None and not -5 < life <= derived.life:
        raise typer.BadParameter(f"a living {name} has -4 to {derived.life} life points", param_hint="--life")
    if poison is not None and poison < 0:
        raise typer.BadParameter("poison counters cannot be negative", param_hint="--poison")
    if healer is not None and healer < 0:
        raise typer.BadParameter(f"a Healing action total is 0 or more, not {healer}", param_hint="--healer")
    vitals = vitals_of(wizard, life=life, poison=poison)
    outcome = renew(deck, vitals, rng, constitution=wizard.attribute("CN"), wisdom=derived.reserve_mana,
                    keep_hand=not shuffle_hand, bed_rest=bed_rest, healer_total=healer, tended_overnight=tended,
                    settings=house_rules_from(house_rules))
    after = recover_at_renewal(wizard, outcome.vitals)
    deck.hand_size = derive(after).hand_size
    extra = {k: v for k, v in record.extra.items() if k != SCENE}
    store_deck(store, record.changed(after, rng, extra), after, deck, rng)
    if json:
        print_json({"wizard": name, **outcome.to_dict(), "hand": [c.name for c in deck.hand],
                    "attributes": dict(after.attributes)})
        return
    console().print(f"{name} renews: {outcome.restored_cards} card(s) back from the graveyard, reserve mana "
                    f"{outcome.reserve_mana}; hand: {', '.join(c.name for c in deck.hand)}")
    console().print(f"Healed {outcome.healed}: life {outcome.vitals.life} of {outcome.vitals.max_life}, "
                    f"{outcome.vitals.poison} poison counter(s).")
    if after.attributes != wizard.attributes:
        console().print("Attributes recovered: " + ", ".join(
            f"{a} {after.attribute(a)}" for a in ATTRIBUTES if after.attribute(a) != wizard.attribute(a)))


def life_command(
    name: Annotated[str, typer.Argument(help="The saved Wizard.")],
    damage: Annotated[int, typer.Option("--damage", min=0, help="Damage taken.")] = 0,
    element: Annotated[str | None, typer.Option(
        "--element", help="The damage's element (Elemental Resistance), e.g. fire.")] = None,
    accidental: Annotated[bool, typer.Option(
        "--accidental", help="Not a deliberate blow (the alternate death rule kills only deliberately).")] = False,
    bleed: Annotated[int, typer.Option("--bleed", min=0, help="Turns of bleeding (1 damage a turn).")] = 0,
    stop_bleeding: Annotated[str | None, typer.Option(
        "--stop-bleeding", help="stabilize self, healer or magic (with --total for the action's total).")] = None,
    total: Annotated[int, typer.Option("--total", min=0, help="The stopping action's total.")] = 0,
    heal: Annotated[int, typer.Option("--heal", min=0, help="Life points healed (magic or a potion).")] = 0,
    poison: Annotated[int, typer.Option("--poison", min=0, help="Poison counters gained.")] = 0,
    db: DbOption = None,
    house_rules: HouseRulesOption = None,
    json: JsonOption = False,
) -> None:
    """The referee's life bookkeeping: damage, bleeding, stopping it, healing and poison, in that order
    ("Life Points", "Character Death", "Bleeding"); the sheet says unconscious, bleeding or dead."""
    if stop_bleeding is not None and stop_bleeding not in STOP_METHODS:
        raise typer.BadParameter(f"{stop_bleeding!r} is not one of {', '.join(STOP_METHODS)}",
                                 param_hint="--stop-bleeding")
    store = open_store(db)
    rules = house_rules_from(house_rules)

    def change(record: CharacterRecord) -> CharacterRecord:
        wizard = record.character
        check_alive(wizard, "take damage, bleed or heal")
        if damage:
            wizard = wound(wizard, damage, element=element, deliberate=not accidental, settings=rules)
        for _ in range(bleed):
            wizard = bleed_turn(wizard, settings=rules)
        if stop_bleeding is not None:
            wizard = stop_wizard_bleeding(wizard, stop_bleeding, total, settings=rules)
        if heal:
            wizard = heal_wizard(wizard, heal)
        return record.changed(replace(wizard, poison=wizard.poison + poison))

    # the referee's bookkeeping only adds to the sheet: re-read and applied in one transaction, so two
    # wounds entered at once both count (docs/architecture.md, "Saves")
    wizard = modify_character(store, name, change).character
    vitals = vitals_of(wizard)
    if json:
        print_json({"wizard": name, **vitals.to_dict(), "condition": life_condition(wizard)})
        return
    console().print(f"{name}: {vitals.life} of {vitals.max_life} life points, {life_condition(wizard)}"
                    + (f", {vitals.poison} poison counters" if vitals.poison else "") + ".")


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


def _duellist(store: SaveStore, name: str, pool: CardPool, rng: Randomness, prepare: str | None,
              rules: Settings) -> tuple[Duellist, CharacterRecord | None, SpellDeck | None]:
    """A saved Wizard with the saved cards, or a built-in referee opponent (no record, no deck)."""
    try:
        record = load_character(store, name)
    except SaveError:
        if not name.casefold().startswith(REFEREE):
            known = ", ".join(s.name for s in store.list_saves(SYSTEM, "character")) or "none"
            raise InputError(f"no Wizard saved as {name!r} (saved: {known}); or duel 'referee'") from None
        deck = truncated_deck(build_referee_deck(rng, pool), rng)
        size = REFEREE_ATTRIBUTE + 2
        return Duellist(name, life=10 + 2 * REFEREE_ATTRIBUTE, hand_size=size, dexterity=REFEREE_ATTRIBUTE,
                        intelligence=REFEREE_ATTRIBUTE, library=tuple(c.name for c in deck)), None, None
    saved = play_deck(record, pool, record.rng)
    return duellist_for(record.character, saved, prepare=prepare, settings=rules), record, saved


def duel_command(
    first: Annotated[str, typer.Argument(help="A saved Wizard, or 'referee' for a built-in referee deck.")],
    second: Annotated[str, typer.Argument(help="A saved Wizard, or 'referee-2' for a built-in referee deck.")],
    kind: Annotated[str, typer.Option("--kind", help=f"One of {', '.join((*KINDS, STANDARD))}.")]
    = "single-card",
    turns: Annotated[int | None, typer.Option(
        "--turns", help="Turns of a limited-turns duel: 5, 7, 10 or 15 (default 5).")] = None,
    victory: Annotated[str, typer.Option("--victory", help=f"One of {', '.join(VICTORY_CONDITIONS)}.")]
    = "most life",
    stakes: Annotated[str, typer.Option("--stakes", help=f"One of {', '.join(STAKES)}.")]
    = "honor or bragging rights",
    unpaid: Annotated[bool, typer.Option("--unpaid", help="The loser does not honour the stakes.")] = False,
    gold: Annotated[int, typer.Option("--gold", min=0, help="The gold at stake (--stakes gold/treasure/money).")]
    = 0,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Play and report the duel without writing the Wizards' sheets.")] = False,
    outside_help: Annotated[str | None, typer.Option(
        "--outside-help", help="A Wizard whose familiar, cohort or retainer joined in (loses).")] = None,
    play_as: Annotated[str | None, typer.Option(
        "--play-as", help="Choose this Wizard's cards yourself (the other plays itself).")] = None,
    also: Annotated[list[str] | None, typer.Option(
        "--also", help="Another Wizard (or 'referee-3') in a quick duel of three or more, each for themselves.")]
    = None,
    prepare: Annotated[list[str] | None, typer.Option(
        "--prepare", help="WIZARD=SPELL: the spell a Wizard with Spell Preparation puts in hand first.")] = None,
    at_table: Annotated[bool, typer.Option(
        "--at-table", help="Played with real cards at the table (always for --kind standard).")] = False,
    life: Annotated[list[str] | None, typer.Option(
        "--life", help="WIZARD=N: life left after a duel at the table (asked when not given).")] = None,
    damage: Annotated[list[str] | None, typer.Option(
        "--damage", help="WIZARD=N: damage a Wizard dealt in a duel at the table.")] = None,
    first_blood: Annotated[str | None, typer.Option("--first-blood", help="Who drew first blood at the table.")]
    = None,
    out: Annotated[str | None, typer.Option("--out", help="Who fell unconscious or yielded at the table.")] = None,
    spent: Annotated[list[str] | None, typer.Option(
        "--spent", help="WIZARD=CARD: a card that went to the graveyard in a duel at the table.")] = None,
    ante_card: Annotated[list[str] | None, typer.Option(
        "--ante", help="WIZARD=CARD: the ante card put up in a duel at the table.")] = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    db: DbOption = None,
    cards_file: CardsFileOption = None,
    house_rules: HouseRulesOption = None,
    save: SaveOption = None,
    overwrite: OverwriteOption = False,
    json: JsonOption = False,
    allow_undo: AllowUndoOption = False,
) -> None:
    """The duel ritual and a quick duel played to the end, both Wizards choosing their cards simply.

    FIRST challenges, SECOND (the defender) states the length (--kind, --turns) and the victory
    conditions (--victory); FIRST proclaims the stakes (--stakes).  A standard (full deck) duel, or
    any limited-turns duel with --at-table, is played with real cards: enter the outcome with
    --life, --damage, --first-blood, --out, --spent and --ante (ruling R17).
    """
    if first.casefold() == second.casefold():
        raise typer.BadParameter("a duel needs two different Wizards", param_hint="SECOND")
    everyone = (first, second, *(also or ()))
    if len({n.casefold() for n in everyone}) != len(everyone):
        raise typer.BadParameter("each Wizard joins the duel once", param_hint="--also")
    if also and (kind == STANDARD or at_table or outside_help is not None):
        raise typer.BadParameter("a duel of three or more is a quick duel without outside help (at the table the "
                                 "referee settles it)", param_hint="--also")
    if kind == STANDARD or at_table:
        if kind not in (STANDARD, "limited-turns"):
            raise typer.BadParameter(f"only a standard or limited-turns duel is played at the table, not {kind}",
                                     param_hint="--at-table")
        if play_as is not None or prepare:
            raise typer.BadParameter("a duel at the table is played with real cards: the players choose their "
                                     "own cards", param_hint="--play-as/--prepare")
        _table_duel(first, second, kind, turns, victory, stakes, unpaid, outside_help,
                    TableReport(_named_values(life, "--life", (first, second), number=True),
                                _named_values(damage, "--damage", (first, second), number=True),
                                first_blood, out, _named_list(spent, "--spent", (first, second)),
                                _named_values(ante_card, "--ante", (first, second), number=False)),
                    db, cards_file, json, gold=gold, dry_run=dry_run, rules=house_rules_from(house_rules))
        return
    if any(given for given in (life, damage, first_blood, out, spent, ante_card)):
        raise typer.BadParameter("the outcome is entered only for a duel at the table (--at-table)",
                                 param_hint="--life/--damage/--first-blood/--out/--spent/--ante")
    if kind not in KINDS:
        raise typer.BadParameter(f"{kind!r} is not one of {', '.join((*KINDS, STANDARD))}", param_hint="--kind")
    if turns is not None and kind != "limited-turns":
        raise typer.BadParameter(f"only a limited-turns duel has turns, not a {kind} duel", param_hint="--turns")
    if play_as is not None and play_as not in everyone:
        raise typer.BadParameter(f"{play_as!r} is not in this duel", param_hint="--play-as")
    if outside_help is not None and outside_help not in (first, second):
        raise typer.BadParameter(f"{outside_help!r} is not in this duel", param_hint="--outside-help")
    ritual = Ritual.challenge(first, second)
    try:
        length = length_for(kind, (5 if turns is None else turns) if kind == "limited-turns" else 0)
        terms = (ritual.state_length(second, length)
                 .proclaim_stakes(first, stakes).set_victory(second, victory).terms())
        check_gold_stake(terms.stakes, gold)
    except InputError as exc:
        raise typer.BadParameter(str(exc)) from None
    saver = open_session(db, SYSTEM, "game", save=save, overwrite=overwrite)
    store = saver.store
    pool = load_pool(store, cards_file)
    rng = make_randomness(seed, dice, False)
    prepared: dict[str, str] = {}
    for entry in prepare or ():
        wizard_name, sep, spell = entry.partition("=")
        if not sep or wizard_name.strip() not in everyone or not spell.strip():
            raise typer.BadParameter(f"{entry!r}: give WIZARD=SPELL for a Wizard in this duel",
                                     param_hint="--prepare")
        prepared[wizard_name.strip()] = spell.strip()
    rules = house_rules_from(house_rules)
    entrants = [_duellist(store, n, pool, rng, prepared.get(n), rules) for n in everyone]
    carried = {r.character.name: current_life(r.character) for _, r, _ in entrants
               if r is not None and current_life(r.character) < derive(r.character).life}
    if carried and not json:
        console().print("Damage carried from earlier: " + ", ".join(
            f"{n} starts with {life} life points" for n, life in carried.items()) + ".")
    a, b, *others = (entrant[0] for entrant in entrants)
    ante = terms.stakes == "ante"
    duel = QuickDuel.start(a, b, terms.kind, rng, turns=terms.turns if kind == "limited-turns" else 0,
                           victory=terms.victory, ante=ante, pool=pool, settings=rules, others=others)
    if play_as is not None:
        table = DuelTable(duel, play_as)
        ending = PlayLoop(table, saver, allow_undo_after_rolls=allow_undo).run()
        if ending is not Ending.FINISHED:
            raise typer.Exit(ending.status)     # stopped before the end: nothing is settled
        duel = table.duel
    while not duel.is_terminal():
        duel.apply(choose_action(duel))
    said = saver.save(duel.to_dict()) if saver.name is not None else ""
    result = duel.result()
    antes = {n: s.ante for n, s in duel.sides.items() if s.ante} if ante else None
    purses = {r.character.name: r.character.gold for _, r, _ in entrants if r is not None}
    if others:
        settlements = settle_free_for_all(result["winner"], result["losers"], loser_pays=not unpaid, ante=antes,
                                          stakes=terms.stakes, gold=gold, gold_held=purses)
    else:
        one = settle(terms, result["winner"], loser_pays=not unpaid, outside_help=outside_help, ante=antes,
                     gold=gold, gold_held=purses)
        settlements = {first: one, second: one}
    sheets = {}
    for _, record, saved in entrants:
        if record is not None and saved is not None:
            wizard = record.character
            settlement = settlements[wizard.name]
            if settlement.backlash and wizard.name == settlement.loser:
                record = record.changed(extra=
                                         {**record.extra, RESTITUTION_OWED: settlement.winner})
            after = after_duel(wizard, saved, duel.sides[wizard.name], settlement, record.rng, rules)
            sheets[wizard.name] = after
            if not dry_run:
                store_deck(store, record, after, saved, record.rng)
    if json:
        settled: Any = ({n: settlements[n].to_dict() for n in result["losers"]} if others
                        else settlements[first].to_dict())
        print_json({"terms": terms.to_dict(), "result": result, "settlement": settled, "log": duel.log.to_list(),
                    "sheets": {n: vitals_of(w).to_dict() for n, w in sheets.items()}, "carried": carried,
                    "saved": not dry_run})
        return
    plays = [e for e in duel.log if e.kind in ("play", "damage", "interrupt", "block", "duel", "draw", "life")]
    joined = f" (with {', '.join(also or ())})" if others else ""
    title = f"{kind} duel: {a.name} challenges {b.name}{joined} ({terms.stakes})"
    console().print(event_table(plays, title=title))
    _print_result(result)
    for loser in result["losers"] if others else [result["loser"]]:
        _print_settlement(settlements[loser], outside_help)
    _print_sheets(sheets, saved=not dry_run)
    if said:
        console().print(said)


#: The "Full Deck" length of the ritual's step 2: a standard Magic duel, always played at the table.
STANDARD = "standard"


@dataclass(frozen=True, slots=True)
class TableReport:
    """What the players report after a duel played with real cards."""

    life: dict[str, str]
    damage: dict[str, str]
    first_blood: str | None
    out: str | None
    spent: dict[str, list[str]]
    ante: dict[str, str]


def _named_list(entries: list[str] | None, flag: str, wizards: tuple[str, str]) -> dict[str, list[str]]:
    """Repeated ``WIZARD=VALUE`` options, by Wizard, refused in one line when malformed."""
    found: dict[str, list[str]] = {}
    for entry in entries or ():
        name, sep, value = (part.strip() for part in entry.partition("="))
        if not sep or name not in wizards or not value:
            raise typer.BadParameter(f"{entry!r}: give WIZARD=VALUE for {' or '.join(wizards)}", param_hint=flag)
        found.setdefault(name, []).append(value)
    return found


def _named_values(entries: list[str] | None, flag: str, wizards: tuple[str, str], *,
                  number: bool) -> dict[str, str]:
    found = _named_list(entries, flag, wizards)
    for name, values in found.items():
        if len(values) > 1:
            raise typer.BadParameter(f"{name} is given twice", param_hint=flag)
        if number and whole_number(values[0]) is None:
            raise typer.BadParameter(f"{name}={values[0]!r}: give a whole number", param_hint=flag)
    return {name: values[0] for name, values in found.items()}


def _table_duel(first: str, second: str, kind: str, turns: int | None, victory: str, stakes: str, unpaid: bool,
                outside_help: str | None, report: TableReport, db: Any, cards_file: Any, json: bool, *,
                gold: int = 0, dry_run: bool = False, rules: Settings = DEFAULT_SETTINGS) -> None:
    """The ritual around a duel played with real cards, the outcome the players enter, and the settlement
    saved to the Wizards' sheets (ruling R17)."""
    if turns is not None and kind != "limited-turns":
        raise typer.BadParameter(f"only a limited-turns duel has turns, not a {kind} duel", param_hint="--turns")
    if outside_help is not None and outside_help not in (first, second):
        raise typer.BadParameter(f"{outside_help!r} is not in this duel", param_hint="--outside-help")
    try:
        length = "full deck" if kind == STANDARD else length_for(kind, 5 if turns is None else turns)
        terms = (Ritual.challenge(first, second).state_length(second, length)
                 .proclaim_stakes(first, stakes).set_victory(second, victory).terms())
        check_gold_stake(terms.stakes, gold)
    except InputError as exc:
        raise typer.BadParameter(str(exc)) from None
    store = open_store(db)
    pool = load_pool(store, cards_file)
    lives = dict(report.life)
    for name in (first, second):
        if name not in lives:
            lives[name] = options.ask_at_terminal(f"{name}'s life points at the end of the duel")
    if not all(whole_number(v) is not None for v in lives.values()):
        raise InputError("life points are whole numbers")
    outcome = table_outcome(terms, life={n: int(v) for n, v in lives.items()},
                            damage={n: int(v) for n, v in report.damage.items()},
                            first_blood=report.first_blood, out=report.out)
    if terms.stakes == "ante" and set(report.ante) != {first, second}:
        raise InputError("an ante duel at the table needs --ante WIZARD=CARD for both Wizards")
    report = replace(report, ante={n: pool.get(card).name for n, card in report.ante.items()})
    purses = {}
    for name in (first, second):
        with suppress(SaveError):
            purses[name] = load_character(store, name).character.gold
    settlement = settle(terms, outcome.winner, loser_pays=not unpaid, outside_help=outside_help,
                        ante=report.ante if terms.stakes == "ante" else None, gold=gold, gold_held=purses)
    # Every sheet is worked out before any is saved, so a bad card name saves nothing.
    updates = [_table_sheet(store, name, pool, outcome, report, settlement, rules) for name in (first, second)]
    sheets = {update[1].name: update[1] for update in updates if update is not None}
    for update in updates:
        if update is not None and not dry_run:
            store_deck(store, *update)
    if json:
        print_json({"terms": terms.to_dict(), "result": outcome.to_dict(), "settlement": settlement.to_dict(),
                    "sheets": {n: vitals_of(w).to_dict() for n, w in sheets.items()}, "saved": not dry_run})
        return
    console().print(f"{kind} duel at the table: {first} challenges {second} ({terms.stakes}, {terms.victory}).")
    _print_result({"life": outcome.life, "damage": {n: outcome.damage.get(n, 0) for n in (first, second)},
                   "winner": outcome.winner, "reason": outcome.reason, "items_at_risk": []})
    _print_settlement(settlement, outside_help)
    _print_sheets(sheets, saved=not dry_run)


def _table_sheet(store: SaveStore, name: str, pool: CardPool, outcome: TableOutcome, report: TableReport,
                 settlement: Settlement,
                 rules: Settings) -> tuple[CharacterRecord, Character, SpellDeck, Randomness] | None:
    """A saved Wizard's sheet after a duel at the table; None for a built-in referee opponent."""
    try:
        record = load_character(store, name)
    except SaveError:
        if name.casefold().startswith(REFEREE):
            return None
        raise
    deck = play_deck(record, pool, record.rng)
    ante = report.ante.get(name)
    if ante is not None and not any(c.name == ante for c in deck.available()):
        raise InputError(f"{name} cannot ante {ante}: it is not among the cards not yet spent")
    if settlement.backlash and name == settlement.loser:
        record = record.changed(extra=
                                 {**record.extra, RESTITUTION_OWED: settlement.winner})
    wizard = settle_sheet(record.character, deck, life=outcome.life[name], spent=report.spent.get(name, []),
                          items_left=(*record.character.potions, *record.character.scrolls),
                          settlement=settlement, rng=record.rng, settings=rules)
    return record, wizard, deck, record.rng


class DuelTable(TableGame[str]):
    """A quick duel with ``--play-as``: one Wizard chosen at the keyboard, the others playing themselves.

    The player sees their own life and hand and every card played with its damage; the opponent's life and
    hand stay hidden until the end ("MTG Rule Changes"; ruling on the play loop's duel view).
    """

    def __init__(self, duel: QuickDuel, player: str) -> None:
        self.duel = duel
        self.player = player

    def people(self) -> list[str]:
        return [self.player]

    def current_player(self) -> str | None:
        return self.duel.current_player()

    def is_terminal(self) -> bool:
        return self.duel.is_terminal()

    def log(self) -> EventLog:
        return self.duel.log

    def snapshot(self) -> dict[str, Any]:
        return self.duel.to_dict()

    def restore(self, snapshot: dict[str, Any]) -> None:
        self.duel = QuickDuel.from_dict(snapshot)

    def bot_action(self, player: str) -> str:
        return choose_action(self.duel)

    def randomness(self) -> Randomness:
        return self.duel.rng

    def menu(self, player: str) -> Menu[str]:
        actions = self.duel.legal_actions()
        choices = [Choice(_action_label(self.duel, action), action, (action.partition(":")[0],))
                   for action in actions]
        return Menu(f"{player}, choose:", choices, prompt="Your choice",
                    typed=lambda answer: answer if answer in actions else None,
                    typed_help="an action as written, e.g. play:Shock")

    def apply(self, action: str) -> None:
        self.duel.apply(action)

    def render(self, viewer: str | None) -> list[RenderableType]:
        if viewer is None:
            return []
        seen = self.duel.observation(viewer)
        mine = next(s for s in seen["sides"] if s["name"] == viewer)
        holding = "; ".join(f"{s['name']} holds {s['deck']['hand']} card(s)"
                            for s in seen["sides"] if s["name"] != viewer)
        hand = ", ".join(mine["deck"]["hand"]) or "empty"
        lines: list[RenderableType] = [f"{viewer}: life {mine['life']}; hand {hand}. {holding}."]
        if self.duel.pending:
            lines.append(f"{self.duel.active} plays [bold]{self.duel.pending}[/bold].")
        return lines

    def event_line(self, event: Event) -> str | None:
        if event.kind == "damage":
            return f"  -> {event.data['amount']} damage to {event.data['to']}"
        if event.kind == "roll":
            return f"  [dim]{escape(event.label)}: rolled {event.data['value']} on {event.data['dice']}[/dim]"
        if event.kind in ("play", "interrupt", "block", "duel", "draw", "life", "item"):
            return f"  {escape(event.label)}"
        return None

    def reveals(self, event: Event) -> str | None:
        if event.kind == "draw":
            return f"{event.label} (cards were drawn)"
        if event.kind in ("play", "interrupt", "block") and event.data.get("wizard") != self.player:
            return f"{event.label} (a card from a hidden hand was shown)"
        return super().reveals(event)

    def ending(self) -> str:
        result = self.duel.result()
        return f"{result['winner']} wins the duel: {result['reason']}."


def _action_label(duel: QuickDuel, action: str) -> str:
    """``play:Shock@Mord`` -> ``play Shock at Mord``; the others as they are."""
    verb, _, rest = action.partition(":")
    if not rest:
        return action
    name, _, aim = rest.partition("@")
    return f"{verb} {name}" + (f" at {aim}" if aim else "")


def _print_result(result: dict[str, Any]) -> None:
    table = Table(title="Result")
    for column in ("Wizard", "life", "damage dealt"):
        table.add_column(column)
    for wizard, life in result["life"].items():
        table.add_row(wizard, str(life), str(result["damage"][wizard]))
    console().print(table)
    console().print(f"[bold]{result['winner']}[/bold] wins ({result['reason']}).")
    if result["items_at_risk"]:
        console().print(f"Check for item destruction: {', '.join(result['items_at_risk'])}.")


def _print_sheets(sheets: dict[str, Character], *, saved: bool) -> None:
    """Each saved Wizard's life and condition after the duel, as the sheet now has them."""
    for name, wizard in sheets.items():
        console().print(f"{name}'s sheet now: {current_life(wizard)} of {derive(wizard).life} life points, "
                        f"{life_condition(wizard)}.")
    if not saved:
        console().print("Dry run: the sheets are not saved.")


def _print_settlement(settlement: Settlement, outside_help: str | None) -> None:
    if outside_help is not None:
        console().print(f"{outside_help} had outside help and loses the duel: "
                        f"[bold]{settlement.winner}[/bold] is the victor.")
    if settlement.ante_won:
        console().print(f"{settlement.winner} gains the ante card {', '.join(settlement.ante_won)}.")
    if settlement.gold_paid:
        console().print(f"{settlement.loser} pays {settlement.gold_paid} gp to {settlement.winner}.")
    if settlement.death:
        console().print(f"[red]{settlement.loser} lost a duel fought for death and dies.[/red]")
    if settlement.backlash:
        console().print(f"[red]Karmic backlash:[/red] {settlement.loser} cannot tap land for mana until "
                        f"restitution is made to {settlement.winner} or {settlement.winner} dies.")


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
    store = open_store(db)
    check_cooperators([load_character(store, name).character for name in wizard], spell)
    phases = cooperation_phases([n.strip() for n in order.split(",") if n.strip()], wizard, acts_at=acts_at)
    _ruling(json, {"spell": spell, "phases": [list(p) for p in phases]},
            "Phases: " + "; ".join(" + ".join(p) for p in phases) + ".")


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
    app.command("initiative")(initiative_command)
    app.command("luck")(luck_command)
    app.command("duel")(duel_command)
    app.add_typer(tactics_app, name="tactics")
