"""Combat helpers (seed 000: COMBAT, EQUIPMENT armour and items, Hostile Environments)."""

from pathlib import Path

import pytest

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg import combat as combat_module
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.combat import (
    InitiativeEntry,
    WizardTurn,
    acts_in_first_round,
    armour_protection,
    breaks,
    check_block,
    damage_after_armour,
    darkness,
    dodge,
    donning_minutes,
    end_scene,
    exposure,
    extra_movement,
    grapple,
    grapple_score,
    identify_difficulty,
    initiative_order,
    item_destroyed,
    items_at_risk,
    monster_initiative,
    parse_combat_data,
    physical_damage,
    wizard_initiative,
    words_between_phases,
)
from magecraft.mtg_rpg.settings import Settings

POOL = builtin_pool()
#: The seed's example troll: "a casting cost of 2 red and 1 generic mana".
SEED_TROLL = Card("Uthden Troll", "{1}{R}{R}", 3, ("R",), "Creature — Troll", ("Creature",),
                  power="2", toughness="2", keywords=("Regenerate",))


def cards(*names):
    return [POOL.get(n) for n in names]


def hand(*names, library=()):
    return SpellDeck(Deck(cards(*library), name="library"), cards(*names), hand_size=len(names))


# -- surprise ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("awareness", "opposing", "acts"), [(9, 9, True), (6, 9, True), (5, 9, False),
                                                             (12, 9, True)])
def test_surprise_within_three_points(awareness, opposing, acts):
    assert acts_in_first_round(awareness, opposing) is acts


# -- initiative --------------------------------------------------------------------------------

def test_wizard_initiative_dx_plus_card_which_is_spent():
    deck = hand("Lava Axe", "Shock", library=["Forest"])
    entry = wizard_initiative("Sarin", deck, "Lava Axe", dexterity=2, intelligence=1)
    assert (entry.modifier, entry.card_value, entry.total) == (2, 5, 7)
    assert [c.name for c in deck.graveyard] == ["Lava Axe"]
    assert [c.name for c in deck.hand] == ["Shock"]


def test_sheet_modifier_with_alertness_and_no_card_is_allowed():
    entry = wizard_initiative("Sarin", hand("Shock"), None, dexterity=2, intelligence=1, modifier=5)
    assert (entry.total, entry.card) == (5, None)


def test_monster_initiative_is_referee_card_plus_coloured_pips():
    referee = Deck(cards("Lava Axe", "Shock"), name="referee")
    entry = monster_initiative("troll", SEED_TROLL, referee, Randomness.scripted([1]))
    # the seed's example: 2 red pips give a modifier of 2; the referee pulled Lava Axe (5)
    assert (entry.modifier, entry.card, entry.total) == (2, "Lava Axe", 7)
    assert (entry.dexterity, entry.intelligence) == (1, 2)
    assert len(referee) == 2


def test_initiative_ties_by_dexterity_then_intelligence():
    a = InitiativeEntry("A", 2, None, 3, dexterity=2, intelligence=1)
    b = InitiativeEntry("B", 1, None, 4, dexterity=3, intelligence=0)
    c = InitiativeEntry("C", 1, None, 4, dexterity=3, intelligence=2)
    d = InitiativeEntry("D", 0, None, 9, dexterity=0, intelligence=0)
    order = initiative_order([a, b, c, d], Deck([], name="referee"), Randomness.scripted([]))
    assert [e.name for e in order] == ["D", "C", "B", "A"]


def test_initiative_full_tie_goes_to_a_random_card_draw():
    a = InitiativeEntry("A", 2, None, 3, dexterity=2, intelligence=1)
    b = InitiativeEntry("B", 2, None, 3, dexterity=2, intelligence=1)
    referee = Deck(cards("Shock", "Lava Axe"), name="referee")
    # A pulls card 1 (Shock, 1) which goes to the bottom; B pulls card 1 (Lava Axe, 5)
    rng = Randomness.scripted([1, 1])
    order = initiative_order([a, b], referee, rng)
    assert [e.name for e in order] == ["B", "A"]
    # the cards drawn are in the log for every seat, with the rule (issue 25 item 12)
    drawn = [e for e in rng.log if e.kind == "initiative" and "card" in e.data]
    assert [(e.data["wizard"], e.data["card"], e.data["cost"]) for e in drawn] == [("A", "Shock", 1),
                                                                                 ("B", "Lava Axe", 5)]
    assert {e.section for e in drawn} == {"COMBAT: Initiative"} and not any("private_to" in e.data for e in drawn)


def test_initiative_tie_with_cards_all_alike_is_drawn_by_lot():
    a = InitiativeEntry("A", 2, None, 3, dexterity=2, intelligence=1)
    b = InitiativeEntry("B", 2, None, 3, dexterity=2, intelligence=1)
    alike = cards("Lava Axe", "Lava Axe")
    # no card could break the tie, so the first is picked by lot: a roll of 2 picks B
    order = initiative_order([a, b], Deck(alike, name="referee"), Randomness.scripted([2]))
    assert [e.name for e in order] == ["B", "A"]


# -- dodge and movement ------------------------------------------------------------------------

def test_dodge_must_exceed_power_plus_toughness():
    deck = hand("Shock", library=["Forest"])
    # Grizzly Bears 2/2: Dodge 3 + Shock 1 = 4 does not exceed 4
    assert not dodge(deck, "Shock", 3, 2, 2, Randomness.scripted([])).success
    deck = hand("Volcanic Hammer", library=["Forest"])
    result = dodge(deck, "Volcanic Hammer", 3, 2, 2, Randomness.scripted([]))
    assert (result.total, result.success) == (5, True)
    assert len(deck.hand) == 1  # redrawn immediately


def test_extra_movement_adds_casting_cost_and_spends_the_card():
    deck = hand("Lava Axe")
    assert extra_movement(deck, "Lava Axe", walk=4) == 9
    assert [c.name for c in deck.graveyard] == ["Lava Axe"]
    # Blaze {X}{R}: the casting cost with X as 1 is 2 (ruling P21)
    assert extra_movement(hand("Blaze"), "Blaze", walk=4) == 6


# -- the turn ------------------------------------------------------------------------------------

def turn_of(*actions, **kwargs):
    turn = WizardTurn(**kwargs)
    for action in actions:
        turn = turn.after(action)
    return turn


def test_any_number_of_spells_and_lands_but_one_item():
    turn = turn_of("play land", "play land", "tap land", "cast spell", "cast spell", "use item")
    with pytest.raises(RuleError, match="only one magic item"):
        turn.after("use item")


def test_physical_attack_only_without_magic_and_once():
    with pytest.raises(RuleError, match="magical action"):
        turn_of("play land").after("physical attack")
    turn = turn_of("physical attack")
    with pytest.raises(RuleError, match="once a turn"):
        turn.after("physical attack")
    with pytest.raises(RuleError, match="cannot use magic"):
        turn.after("cast spell")
    with pytest.raises(RuleError, match="weapon"):
        WizardTurn(has_weapon=False).after("physical attack")


def test_counter_attack_only_without_magic():
    turn_of("counter-attack")
    with pytest.raises(RuleError, match="magical action"):
        turn_of("control creatures").after("counter-attack")


def test_dodge_without_land_spells_or_items_and_improved_dodge():
    with pytest.raises(RuleError, match="abort to dodge"):
        turn_of("play land").after("dodge")
    turn = turn_of("dodge")
    with pytest.raises(RuleError, match="only 1 dodge"):
        turn.after("dodge")
    assert turn_of("dodge", "dodge", "dodge", dodges_allowed=3).count("dodge") == 3
    with pytest.raises(RuleError, match="gave up"):
        turn.after("cast spell")


def test_abort_to_dodge_after_acting_gives_up_the_next_turn():
    turn = turn_of("play land", "cast spell", "abort to dodge")
    assert turn.forfeits_next_turn
    with pytest.raises(RuleError, match="only 1 dodge"):
        turn.after("abort to dodge")


def test_hold_then_dodge_later():
    turn = turn_of("hold", "dodge")
    assert turn.count("dodge") == 1 and not turn.forfeits_next_turn
    with pytest.raises(RuleError, match="held"):
        turn_of("hold").after("cast spell")
    with pytest.raises(RuleError, match="before anything"):
        turn_of("play land").after("hold")


def test_surprised_wizard_can_only_dodge():
    with pytest.raises(RuleError, match="surprised"):
        WizardTurn(surprised=True).after("cast spell")
    assert WizardTurn(surprised=True).after("dodge").count("dodge") == 1


def test_armour_grapple_and_movement_limits():
    with pytest.raises(RuleError, match="armour"):
        WizardTurn(armoured=True).after("tap land")
    with pytest.raises(RuleError, match="grappled"):
        WizardTurn(grappled=True).after("cast spell")
    with pytest.raises(RuleError, match="sprinting"):
        WizardTurn(movement="sprint").after("play land")
    WizardTurn(movement="sprint").after("physical attack")
    with pytest.raises(RuleError, match="running"):
        WizardTurn(movement="run").after("physical attack")
    with pytest.raises(RuleError, match="abort to dodge"):
        WizardTurn(movement="run").after("dodge")
    assert WizardTurn(movement="run").after("abort to dodge").forfeits_next_turn


def test_tending_wounds_takes_the_full_round_without_magic():
    turn = turn_of("tend wounds")
    for action in ("cast spell", "use item", "physical attack", "counter-attack", "tend wounds"):
        with pytest.raises(RuleError, match="tending a bleeding person"):
            turn.after(action)
    with pytest.raises(RuleError, match="magical action"):
        turn_of("cast spell").after("tend wounds")
    with pytest.raises(RuleError, match="full round"):
        turn_of("physical attack").after("tend wounds")


def test_no_spells_without_a_talisman():
    with pytest.raises(RuleError, match="talisman"):
        WizardTurn(has_talisman=False).after("cast spell")
    assert WizardTurn(has_talisman=False).after("play land").count("play land") == 1


def test_one_extra_movement_card_a_round():
    with pytest.raises(RuleError, match="only one card"):
        turn_of("extra movement").after("extra movement")


def test_unknown_turn_action():
    with pytest.raises(InputError):
        WizardTurn().check("fly")


# -- physical attacks, grapples, blocking ---------------------------------------------------------

def test_physical_damage_is_strength_plus_specialization():
    assert physical_damage(3) == 3
    assert physical_damage(3, weapon_specialization=True) == 4


def test_grapple_contest_and_ties_keep_the_status_quo():
    assert grapple_score(strength=1, dexterity=3) == 3
    assert grapple("wizard", 7, 5) is True
    assert grapple("wizard", 5, 5) is False
    assert grapple("wizard", 5, 5, holding=True) is True
    assert grapple("retainer", 4, 6, holding=True) is False
    with pytest.raises(RuleError, match="summoned creature"):
        grapple("summoned creature", 9, 1)


def test_blocking_rules():
    check_block("summoned", for_own_wizard=True)
    check_block("natural", for_own_wizard=False)
    with pytest.raises(RuleError, match="summoned it"):
        check_block("wall", for_own_wizard=False)
    with pytest.raises(RuleError, match="tapped"):
        check_block("familiar", for_own_wizard=False, tapped=True)
    with pytest.raises(RuleError, match="cannot block for another"):
        check_block("wizard", for_own_wizard=False, acted_this_turn=True)


def test_words_between_phases():
    assert words_between_phases(3) == 3
    assert words_between_phases(0) == 0  # one word per point of Dexterity: none at DX 0


# -- armour and items --------------------------------------------------------------------------------

def test_lightning_bolt_through_a_chain_shirt_does_two():
    assert damage_after_armour(3, armour_protection(["Chain shirt"])) == 2


def test_armour_maximum_is_two_unless_magical():
    assert armour_protection(["Banded mail", "Shield"]) == 2
    assert armour_protection(["Leather", "Shield"]) == 2
    assert armour_protection(["Leather"], magical_bonus=1) == 2
    assert armour_protection(["Plate mail", "Shield"], magical_bonus=1) == 3
    with pytest.raises(RuleError):
        armour_protection(["Leather", "Plate mail"])
    with pytest.raises(InputError, match="unknown armour"):
        armour_protection(["Mithril"])


def test_landwalk_goes_through_armour_and_donning_time():
    assert damage_after_armour(3, 2, landwalk=True) == 3
    assert damage_after_armour(1, 2) == 0
    assert donning_minutes(["Plate mail", "Shield"]) == 15


@pytest.mark.parametrize(("damage", "knocked_out", "risk"), [(10, False, True), (9, False, False),
                                                             (0, True, True)])
def test_items_at_risk(damage, knocked_out, risk):
    assert items_at_risk(largest_single_damage=damage, knocked_out_losing_duel=knocked_out) is risk


def test_wand_of_lightning_bolts_has_toughness_one():
    bolt = Card("Lightning Bolt", "{R}", 1, ("R",), "Instant", ("Instant",))
    referee = Deck(cards("Mountain", "Shock"), name="referee")
    destroyed, drawn = item_destroyed(bolt, referee, Randomness.scripted([1]))
    assert (destroyed, drawn.name) == (False, "Mountain")
    destroyed, drawn = item_destroyed(bolt, referee, Randomness.scripted([1]))
    assert (destroyed, drawn.name) == (True, "Shock")


def test_an_orc_of_power_2_kills_a_human_and_busts_a_thin_door_but_not_a_stone_wall():
    assert breaks("Normal human", 2)
    assert breaks("thin / interior wooden door", 2)
    assert not breaks("Stone wall", 2)
    assert not breaks("Stone wall", 4)
    assert breaks("Stone wall", 4, Settings(structure_life="low"))
    with pytest.raises(InputError, match="unknown structure"):
        breaks("Glass house", 1)


def test_combat_data_is_refused_whole_when_malformed():
    with pytest.raises(DataError):
        parse_combat_data('[[armour]]\nname = "x"\n')
    with pytest.raises(DataError):
        parse_combat_data("not = = toml")


def test_combat_data_refuses_an_environment_that_never_hurts():
    # "Hostile Environments": one point of damage per so many minutes, at least one
    shipped = (Path(combat_module.__file__).parent / "data" / "play_combat.toml").read_text(encoding="utf-8")
    assert parse_combat_data(shipped)  # the shipped file reads
    broken = shipped.replace("per_minutes = 1\n", "per_minutes = 0\n", 1)
    assert broken != shipped
    with pytest.raises(DataError, match="per_minutes must be 1 or more"):
        parse_combat_data(broken)


# -- environments and darkness ------------------------------------------------------------------------

def test_volcanic_and_arctic_damage():
    assert exposure("super heated volcanic area", 4, constitution=2).life_damage == 4
    assert exposure("arctic cold", 150, constitution=2).life_damage == 2


def test_underwater_hold_breath_then_lose_constitution():
    assert exposure("underwater", 3, constitution=3) == exposure("underwater", 0, constitution=3)
    held = exposure("underwater", 5, constitution=3)
    assert (held.constitution_damage, held.unconscious) == (2, False)
    out = exposure("underwater", 6, constitution=3)
    assert (out.constitution_damage, out.unconscious) == (3, True)


def test_unknown_environment():
    with pytest.raises(InputError):
        exposure("lava lake", 1, constitution=1)


def test_darkness():
    complete = darkness("complete")
    assert (complete.can_attack, complete.as_fog) == (False, True)
    partial = darkness("partial")
    assert (partial.attacker_toughness, partial.defender_toughness) == (1, -1)
    # Low Light vision sees in partial darkness, Dark Vision in complete darkness, out to 60 feet
    assert darkness("partial", low_light=True, distance_feet=60).attacker_toughness == 0
    assert darkness("complete", low_light=True).can_attack is False
    assert darkness("complete", dark_vision=True, distance_feet=30).can_attack is True
    assert darkness("complete", dark_vision=True, distance_feet=61).as_fog is True
    with pytest.raises(InputError):
        darkness("dusk")  # type: ignore[arg-type]


# -- opposition and scenes -------------------------------------------------------------------

def test_identifying_a_monster_ability():
    assert identify_difficulty("Wilderness Lore") == 9
    assert identify_difficulty("Arcane Knowledge") == 12
    with pytest.raises(RuleError):
        identify_difficulty("Athletics")


def test_end_of_scene_sends_magic_to_the_graveyard():
    deck = hand("Shock")
    assert end_scene(deck, cards("Grizzly Bears", "Forest"), Randomness.scripted([])) == 2
    assert [c.name for c in deck.graveyard] == ["Grizzly Bears", "Forest"]
