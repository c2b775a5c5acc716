"""`magecraft mtg-rpg renew` and `life`: the Renewal Period, healing and life points on the saved sheet.

Sections of the MtG RPG seed: "Renewal Period" (a new hand, channelled Intelligence back, a scene
still open ends), "Healing" and "Life Points" (damage, unconsciousness, bleeding, death, poison
counters; ruling R22).  Parses, calls :mod:`magecraft.mtg_rpg.renewal` and renders; decides no rules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from magecraft.cli.mtg_rpg_common import (
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
from magecraft.cli.options import (
    DbOption,
    JsonOption,
    SeedOption,
    console,
    open_store,
    print_json,
)

if TYPE_CHECKING:
    from magecraft.mtg_rpg.character import CharacterRecord


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
    from magecraft.mtg_rpg.cards import ATTRIBUTES
    from magecraft.mtg_rpg.character import derive, load_character
    from magecraft.mtg_rpg.renewal import check_alive, living_life, recover_at_renewal, renew, vitals_of
    from magecraft.mtg_rpg.scene import close_scene
    store = open_store(db)
    record = load_character(store, name)
    wizard = record.character
    check_alive(wizard, "be healed or renewed")
    rng = continue_dice(record, seed, None, False)
    cards = load_pool(store, cards_file)
    deck = play_deck(record, cards, rng)
    if SCENE in record.extra:
        close_scene(saved_scene(record), rng)  # a scene still open ends before the renewal
    derived = derive(wizard)
    living = living_life(wizard)
    if life is not None and life not in living:
        raise typer.BadParameter(f"a living {name} has {living.start} to {living.stop - 1} life points",
                                 param_hint="--life")
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
    from magecraft.mtg_rpg.character import life_condition, modify_character
    from magecraft.mtg_rpg.renewal import (
        STOP_METHODS,
        bleed_turn,
        check_alive,
        heal_wizard,
        stop_wizard_bleeding,
        vitals_of,
        wound,
    )
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
