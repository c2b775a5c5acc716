"""Renewal, healing, fatigue, bleeding, death and running out of cards (seed 000)."""

import pytest

from magecraft.core.deck import Deck
from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.renewal import (
    Fatigue,
    Vitals,
    check_patients,
    fall_unconscious,
    renew,
    renewal_healing,
    run_out_of_cards,
)
from magecraft.mtg_rpg.settings import Settings

POOL = builtin_pool()
DELIBERATE = Settings(death_rule="deliberate blow")


def cards(*names):
    return [POOL.get(n) for n in names]


# -- life points and death ---------------------------------------------------------------------

def test_unconscious_at_zero_without_bleeding():
    v = Vitals(life=3, max_life=14).take_damage(3)
    assert (v.life, v.unconscious, v.bleeding, v.dead) == (0, True, False, False)


def test_bleeding_from_minus_one_one_point_a_turn_and_death_at_minus_five():
    v = Vitals(life=3, max_life=14).take_damage(4)
    assert (v.life, v.unconscious, v.bleeding) == (-1, True, True)
    for expected in (-2, -3, -4):
        v = v.bleed()
        assert (v.life, v.dead) == (expected, False)
    v = v.bleed()
    assert (v.life, v.dead) == (-5, True)


def test_one_big_blow_kills_at_minus_five():
    v = Vitals(life=10, max_life=10).take_damage(15)
    assert (v.life, v.dead) == (-5, True)
    assert not Vitals(life=10, max_life=10).take_damage(14).dead  # -4: bleeding, not dead


def test_alternate_rule_one_big_blow_only_knocks_out():
    v = Vitals(life=10, max_life=10).take_damage(15, settings=DELIBERATE)
    assert (v.life, v.unconscious, v.dead) == (-5, True, False)
    # bleeding alone does not kill under the alternate rule
    assert not v.bleed(DELIBERATE).dead
    assert v.take_damage(1, settings=DELIBERATE).dead


def test_not_bleeding_does_not_bleed():
    v = Vitals(life=0, max_life=10, unconscious=True)
    assert v.bleed() == v


@pytest.mark.parametrize(("method", "total", "stops"), [
    ("stabilize self", 9, True), ("stabilize self", 8, False), ("healer", 6, True), ("healer", 5, False),
    ("magic", 0, True)])
def test_stopping_the_bleeding(method, total, stops):
    v = Vitals(life=-2, max_life=10, bleeding=True, unconscious=True)
    assert v.stop_bleeding(method, total).bleeding is (not stops)


def test_stabilize_self_difficulty_is_a_setting():
    v = Vitals(life=-2, max_life=10, bleeding=True, unconscious=True)
    assert not v.stop_bleeding("stabilize self", 6, Settings(stabilize_self_difficulty=6)).bleeding


def test_stopping_bleeding_that_is_not_there_is_refused():
    with pytest.raises(RuleError, match="not bleeding"):
        Vitals(life=3, max_life=10).stop_bleeding("healer", 9)


def test_healing_wakes_and_stops_bleeding_but_not_above_maximum():
    v = Vitals(life=-2, max_life=10, bleeding=True, unconscious=True).heal(3)
    assert (v.life, v.bleeding, v.unconscious) == (1, False, False)
    assert Vitals(life=9, max_life=10).heal(5).life == 10
    with pytest.raises(RuleError):
        Vitals(life=-5, max_life=10, dead=True).heal(1)


def test_vitals_round_trip():
    v = Vitals(life=-2, max_life=10, bleeding=True, unconscious=True, poison=2)
    assert Vitals.from_dict(v.to_dict()) == v


# -- healing -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("cn", "bed", "healer", "overnight", "points"), [
    (3, False, None, False, 3),
    (0, False, None, False, 1),   # minimum 1
    (3, True, None, False, 6),    # bed rest doubles
    (2, True, 9, False, 7),       # +3 with a healer making 9
    (2, True, 8, False, 4),
    (2, False, None, True, 3),    # overnight tending +1
    (2, False, 10, True, 6),      # on top of the +3: two separate gains (ruling P13)
])
def test_renewal_healing(cn, bed, healer, overnight, points):
    assert renewal_healing(cn, bed_rest=bed, healer_total=healer, tended_overnight=overnight) == points


def test_overnight_tending_stacks_unless_the_table_rules_otherwise():
    assert renewal_healing(2, healer_total=9, tended_overnight=True) == 6
    assert renewal_healing(2, healer_total=9, tended_overnight=True,
                           settings=Settings(overnight_tending_stacks=False)) == 5


def test_a_healer_tends_skill_plus_wisdom_patients():
    check_patients(4, 4)
    with pytest.raises(RuleError, match="can tend 4 patients, not 5"):
        check_patients(4, 5)


# -- renewal -----------------------------------------------------------------------------------

def test_renewal_restores_the_graveyard_heals_and_clears_a_poison_counter():
    deck = SpellDeck(Deck(cards("Forest"), name="library"), cards("Shock"), hand_size=2)
    deck.spend(POOL.get("Lava Axe"))
    deck.spend(POOL.get("Mountain"))
    vitals = Vitals(life=5, max_life=14, poison=2)
    out = renew(deck, vitals, Randomness.scripted([]), constitution=2, wisdom=3)
    assert out.restored_cards == 2
    assert deck.graveyard == []
    assert len(deck.hand) == 2 and deck.hand[0].name == "Shock"
    assert len(deck.library) == 2
    assert (out.healed, out.vitals.life, out.vitals.poison, out.reserve_mana) == (2, 7, 1, 3)


def test_renewal_may_shuffle_the_hand_in():
    deck = SpellDeck(Deck(cards("Forest", "Island", "Swamp"), name="library"), cards("Shock"), hand_size=1)
    renew(deck, Vitals(life=5, max_life=5), Randomness.scripted([]), constitution=1, wisdom=0,
          keep_hand=False)
    assert len(deck.hand) == 1
    assert sorted(c.name for c in deck.hand + deck.library.cards) == ["Forest", "Island", "Shock", "Swamp"]


@pytest.mark.parametrize(("keep_hand", "shuffled", "hand"), [(False, 4, None), (True, 3, ["Shock"])])
def test_the_hand_is_shuffled_in_only_when_the_player_does_not_keep_it(keep_hand, shuffled, hand):
    # "Renewal Period": the graveyard goes back into the library, shuffled -- the hand with it unless kept
    deck = SpellDeck(Deck(cards("Forest", "Island", "Swamp"), name="library"), cards("Shock"), hand_size=1)
    rng = Randomness.scripted([])
    renew(deck, Vitals(life=5, max_life=5), rng, constitution=1, wisdom=0, keep_hand=keep_hand)
    assert [e.data["count"] for e in rng.log if e.kind == "shuffle"] == [shuffled]
    if hand is not None:
        assert [c.name for c in deck.hand] == hand
        assert [c.name for c in deck.library.cards].count("Shock") == 0


def test_no_renewal_for_the_dead():
    deck = SpellDeck.build(cards("Forest"), hand_size=1)
    with pytest.raises(RuleError, match="a dead Wizard has no renewal period"):
        renew(deck, Vitals(life=-5, max_life=5, dead=True), Randomness.scripted([]), constitution=1, wisdom=0)
    assert deck.hand == []  # refused before drawing


def test_unconscious_wizard_loses_the_hand_and_draws_anew_on_waking():
    deck = SpellDeck(Deck(cards("Forest", "Island"), name="library"), cards("Shock", "Lava Axe"), hand_size=2)
    rng = Randomness.scripted([])
    assert fall_unconscious(deck, rng, in_play=cards("Grizzly Bears", "Mountain")) == 4
    assert deck.hand == [] and len(deck.graveyard) == 4
    deck.refill(rng)
    assert [c.name for c in deck.hand] == ["Forest", "Island"]


def test_running_out_of_cards():
    plain = run_out_of_cards()
    assert (plain.loses_duel, plain.unconscious_minutes, plain.only_walk_speak_sleep) == (True, 60, True)
    tough = run_out_of_cards(mental_toughness=True)
    assert (tough.unconscious_minutes, tough.can_cast_until_renewal, tough.only_walk_speak_sleep) == (0, False,
                                                                                                      False)
    assert "60 minutes" in plain.describe() and "Mental Toughness" in tough.describe()


# -- fatigue -----------------------------------------------------------------------------------

def test_three_days_without_sleep_is_minus_three():
    f = Fatigue().stay_awake().stay_awake().stay_awake()
    assert f.penalty == 3
    assert f.attribute(4) == 1
    assert f.rest() == Fatigue()


def test_endurance_check_rises_one_category_a_day():
    f = Fatigue()
    assert f.endurance_difficulty() == 9
    f = f.stay_awake(endurance_total=9)
    assert (f.penalty, f.endurance_difficulty()) == (0, 12)
    f = f.stay_awake(endurance_total=11)
    assert (f.penalty, f.days_without_rest, f.endurance_difficulty()) == (1, 2, 15)


def test_fatigue_collapse_when_a_physical_attribute_reaches_zero():
    f = Fatigue().stay_awake().stay_awake()
    assert f.collapses(strength=3, dexterity=2, constitution=4)
    assert not f.collapses(strength=3, dexterity=3, constitution=4)
    assert not Fatigue().collapses(0, 0, 0)
