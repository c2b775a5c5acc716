"""Actions (seed 000, GAME MECHANICS: Actions ... Stunting; SKILLS: attempts, cooperation; Luck)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import (
    ActionAttempt,
    LuckEntrant,
    LuckyFeat,
    SpellDeck,
    card_value,
    check_action,
    difficulty_level,
    difficulty_rating,
    helpers_succeeded,
    jump_distance,
    luck_draw,
    lucky_replay,
    mana_types,
    opposed,
    resolve_action,
)
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.settings import Settings

POOL = builtin_pool()


def card(name):
    return POOL.get(name)


def deck_of(hand, library=(), hand_size=None):
    cards = [card(n) for n in library]
    return SpellDeck(Deck(cards, name="library"), [card(n) for n in hand],
                     hand_size=len(hand) if hand_size is None else hand_size)


# -- difficulty table ------------------------------------------------------------------------

@pytest.mark.parametrize(("rating", "level"), [(0, "Automatic"), (1, "Easy"), (3, "Easy"), (4, "Average"),
                                               (9, "Challenging"), (12, "Daunting"), (15, "Desperate"),
                                               (18, "Superhuman"), (21, "Unfathomable"), (24, "Cosmic"),
                                               (27, "Godlike"), (28, "Impossible"), (30, "Impossible"),
                                               (34, "Impossible")])
def test_difficulty_levels_follow_the_table(rating, level):
    assert difficulty_level(rating) == level


def test_named_difficulty_is_the_top_of_its_range():
    assert difficulty_rating("Challenging") == 9
    assert difficulty_rating("daunting") == 12
    assert difficulty_rating("Automatic") == 0
    assert difficulty_rating("14") == 14


@pytest.mark.parametrize("bad", ["Hard", "31", "-1"])
def test_bad_difficulty_is_refused(bad):
    with pytest.raises(InputError):
        difficulty_rating(bad)


# -- card values -----------------------------------------------------------------------------

def test_card_values_x_counts_one_and_land_per_setting():
    assert card_value(card("Lava Axe")) == 5
    assert card_value(card("Blaze")) == 2  # {X}{R}: X is 1, R is 1
    assert card_value(card("Mountain")) == 1
    assert card_value(card("Mountain"), Settings(land_action_value=0)) == 0
    assert card_value(None) == 0


def test_basic_land_is_coloured_by_its_mana():
    assert mana_types(card("Mountain")) == {"R"}
    assert mana_types(card("Ornithopter")) == {"C"}
    assert mana_types(card("Shock")) == {"R"}


# -- performing an action --------------------------------------------------------------------

def test_action_adds_card_to_score_and_meets_difficulty():
    deck = deck_of(["Lava Axe", "Shock"], ["Forest", "Island"])
    rng = Randomness.scripted([])
    result = resolve_action(deck, ActionAttempt(score=4, difficulty=9, attribute="ST", card="Lava Axe"), rng)
    assert (result.total, result.success, result.level) == (9, True, "Challenging")
    # the hand is refilled from the top, the action card goes back into the library
    assert [c.name for c in deck.hand] == ["Shock", "Forest"]
    assert sorted(c.name for c in deck.library.cards) == ["Island", "Lava Axe"]
    assert deck.graveyard == []


def test_the_action_card_goes_back_and_the_library_is_shuffled():
    # "Performing an Action": the action card goes back into the library, which is shuffled
    unshuffled = ["Island", "Swamp", "Mountain", "Lava Axe"]
    for shuffle_after_action in (True, False):
        deck = deck_of(["Lava Axe", "Shock"], ["Forest", "Island", "Swamp", "Mountain"])
        rng = Randomness.scripted([])
        resolve_action(deck, ActionAttempt(score=4, difficulty=9, attribute="ST", card="Lava Axe"), rng,
                       settings=Settings(shuffle_after_action=shuffle_after_action))
        expected = list(unshuffled)
        if shuffle_after_action:
            Randomness.scripted([]).shuffle(expected, "the same shuffle")
            assert expected != unshuffled
        assert [c.name for c in deck.library.cards] == expected
        assert [e.data["count"] for e in rng.log if e.kind == "shuffle"] == ([4] if shuffle_after_action else [])


def test_action_one_short_fails():
    deck = deck_of(["Shock"], ["Forest"])
    result = resolve_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", card="Shock"),
                            Randomness.scripted([]))
    assert (result.total, result.success) == (4, False)


def test_action_without_a_card_counts_zero():
    deck = deck_of(["Shock"], [])
    result = resolve_action(deck, ActionAttempt(score=6, difficulty=6, attribute="DX"), Randomness.scripted([]))
    assert (result.card_value, result.total, result.success) == (0, 6, True)
    assert [c.name for c in deck.hand] == ["Shock"]


def test_return_before_refill_setting_can_redraw_the_same_card():
    deck = deck_of(["Shock"], [])
    settings = Settings(return_before_refill=True)
    result = resolve_action(deck, ActionAttempt(score=1, difficulty=1, attribute="ST", card="Shock"),
                            Randomness.scripted([]), settings=settings)
    assert result.drawn == ("Shock",)
    assert not result.out_of_cards


def test_running_short_of_cards_is_reported():
    deck = deck_of(["Shock", "Lava Axe"], [], hand_size=2)
    deck.library.cards.clear()
    result = resolve_action(deck, ActionAttempt(score=1, difficulty=1, attribute="ST", card="Shock"),
                            Randomness.scripted([]), settings=Settings(shuffle_after_action=False))
    assert [c.name for c in deck.hand] == ["Lava Axe"]
    assert deck.library.cards == [card("Shock")]
    assert result.out_of_cards is True  # the hand could not be refilled before the card came back


def test_card_not_in_hand_is_refused_and_nothing_changes():
    deck = deck_of(["Shock"], ["Forest"])
    before = deck.to_dict()
    with pytest.raises(RuleError, match="not in the hand"):
        resolve_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", card="Lava Axe"),
                       Randomness.scripted([]))
    assert deck.to_dict() == before
    # the check alone refuses it too, so a caller can check before it performs
    with pytest.raises(RuleError, match="'Lava Axe' is not in the hand") as info:
        check_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", card="Lava Axe"))
    assert info.value.rule == "play a card from your hand"
    assert deck.to_dict() == before


def test_spell_deck_round_trips():
    deck = deck_of(["Shock"], ["Forest", "Island"])
    deck.spend(card("Lava Axe"))
    deck.sacrificed.append(card("Mountain"))
    assert SpellDeck.from_dict(deck.to_dict()).to_dict() == deck.to_dict()
    loaded = SpellDeck.from_dict(deck.to_dict())
    assert [c.name for c in loaded.hand] == ["Shock"]
    assert [c.name for c in loaded.graveyard] == ["Lava Axe"]
    assert [c.name for c in loaded.sacrificed] == ["Mountain"]


# -- opposed actions -------------------------------------------------------------------------

def test_opposed_sarin_pulls_the_door_open_with_5_against_4():
    assert opposed(5, 4) == "first"
    assert opposed(3, 4) == "second"


def test_opposed_tie_leaves_the_door_closed():
    assert opposed(4, 4) is None


# -- power play ------------------------------------------------------------------------------

def test_power_play_adds_the_second_card_and_sacrifices_it():
    deck = deck_of(["Shock", "Lava Axe", "Forest"], ["Island", "Swamp"])
    attempt = ActionAttempt(score=3, difficulty=12, attribute="ST", card="Shock", power_play="Lava Axe", stunt=1)
    result = resolve_action(deck, attempt, Randomness.scripted([]))
    assert (result.card_value, result.power_play_value, result.stunt_bonus, result.total) == (1, 5, 1, 10)
    assert result.success is False
    assert [c.name for c in deck.sacrificed] == ["Lava Axe"]
    assert "Lava Axe" not in [c.name for c in deck.library.all_cards() + deck.hand]
    assert len(deck.hand) == 3


def test_power_play_with_a_mountain_for_strength():
    deck = deck_of(["Shock", "Mountain"], ["Island"])
    result = resolve_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", card="Shock",
                                                power_play="Mountain", stunt=2), Randomness.scripted([]))
    assert result.total == 3 + 1 + 1 + 2


def test_power_play_of_the_wrong_colour_is_refused():
    deck = deck_of(["Shock", "Forest"], [])
    before = deck.to_dict()
    with pytest.raises(RuleError, match="mana colour"):
        resolve_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", card="Shock",
                                           power_play="Forest", stunt=1), Randomness.scripted([]))
    assert deck.to_dict() == before


def test_power_play_not_for_spell_research():
    deck = deck_of(["Index", "Island"], [])
    with pytest.raises(RuleError, match="spell research"):
        resolve_action(deck, ActionAttempt(score=3, difficulty=9, attribute="IQ", card="Index",
                                           power_play="Island", stunt=1, purpose="spell research"),
                       Randomness.scripted([]))


def test_power_play_needs_a_first_card_and_a_stunt():
    deck = deck_of(["Shock", "Mountain"], [])
    with pytest.raises(RuleError, match="first card"):
        resolve_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", power_play="Mountain",
                                           stunt=1), Randomness.scripted([]))
    with pytest.raises(RuleError, match="stunt"):
        resolve_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", card="Shock",
                                           power_play="Mountain"), Randomness.scripted([]))


def test_power_play_of_the_same_single_card_is_refused():
    deck = deck_of(["Shock", "Forest"], [])
    with pytest.raises(RuleError, match="only one Shock"):
        resolve_action(deck, ActionAttempt(score=3, difficulty=5, attribute="ST", card="Shock",
                                           power_play="Shock", stunt=1), Randomness.scripted([]))


# -- heroic deeds and stunts -----------------------------------------------------------------

@pytest.mark.parametrize(("points", "difficulty"), [(1, 12), (2, 9), (3, 6)])
def test_each_heroic_point_lowers_the_difficulty_one_category(points, difficulty):
    deck = deck_of(["Shock"], ["Forest"])
    result = resolve_action(deck, ActionAttempt(score=2, difficulty=15, attribute="ST", card="Shock",
                                                heroic_points=points, stunt=1), Randomness.scripted([]),
                            unspent_xp=5)
    assert result.difficulty == difficulty
    assert result.total == 2 + 1 + 1


def test_heroic_deed_limits():
    deck = deck_of(["Shock"], ["Forest"])
    with pytest.raises(RuleError, match="at most 3"):
        resolve_action(deck, ActionAttempt(score=2, difficulty=15, attribute="ST", heroic_points=4, stunt=1),
                       Randomness.scripted([]), unspent_xp=9)
    with pytest.raises(RuleError, match="only 1 unspent"):
        resolve_action(deck, ActionAttempt(score=2, difficulty=15, attribute="ST", heroic_points=2, stunt=1),
                       Randomness.scripted([]), unspent_xp=1)
    with pytest.raises(RuleError, match="spell research"):
        resolve_action(deck, ActionAttempt(score=2, difficulty=15, attribute="IQ", heroic_points=1, stunt=1,
                                           purpose="spell research"), Randomness.scripted([]), unspent_xp=3)
    # "Character points cannot be used in this manner when doing spell research or item creation"
    with pytest.raises(RuleError, match="heroic deeds for item creation") as info:
        resolve_action(deck, ActionAttempt(score=2, difficulty=15, attribute="IQ", heroic_points=1, stunt=1,
                                           purpose="item creation"), Randomness.scripted([]), unspent_xp=3)
    assert info.value.rule == "no heroic deeds in spell research or item creation"
    assert deck.hand and [c.name for c in deck.hand] == ["Shock"]  # refused before any card moved
    # a negative deed would raise the difficulty: bad input, not the 3-point limit
    with pytest.raises(InputError, match="heroic deeds spend 0 to 3 experience points, not -1"):
        resolve_action(deck, ActionAttempt(score=2, difficulty=15, attribute="ST", heroic_points=-1, stunt=1),
                       Randomness.scripted([]), unspent_xp=3)


def test_power_play_and_heroic_deed_together():
    deck = deck_of(["Shock", "Mountain"], ["Forest"])
    result = resolve_action(deck, ActionAttempt(score=3, difficulty=15, attribute="ST", card="Shock",
                                                power_play="Mountain", heroic_points=2, stunt=3),
                            Randomness.scripted([]), unspent_xp=2)
    assert (result.total, result.difficulty, result.success) == (8, 9, False)


def test_stunt_counts_only_with_power_play_or_heroic_deed_by_default():
    deck = deck_of(["Shock"], ["Forest"])
    plain = resolve_action(deck, ActionAttempt(score=2, difficulty=5, attribute="ST", card="Shock", stunt=2),
                           Randomness.scripted([]))
    assert plain.total == 3
    deck = deck_of(["Shock"], ["Forest"])
    loose = resolve_action(deck, ActionAttempt(score=2, difficulty=5, attribute="ST", card="Shock", stunt=2),
                           Randomness.scripted([]), settings=Settings(stunt_needs_power_play_or_heroic=False))
    assert loose.total == 5


def test_stunt_above_three_is_refused():
    with pytest.raises(RuleError, match="0 to 3"):
        resolve_action(deck_of(["Shock"]), ActionAttempt(score=2, difficulty=5, attribute="ST", stunt=4),
                       Randomness.scripted([]))


# -- attempts and cooperation ----------------------------------------------------------------

def test_second_attempt_is_one_category_harder():
    deck = deck_of(["Shock"], ["Forest"])
    result = resolve_action(deck, ActionAttempt(score=7, difficulty=9, attribute="ST", card="Shock", attempt=2),
                            Randomness.scripted([]))
    assert (result.difficulty, result.total, result.success) == (12, 8, False)
    third = resolve_action(deck, ActionAttempt(score=7, difficulty=9, attribute="ST", attempt=3),
                           Randomness.scripted([]))
    assert third.difficulty == 15


def test_cooperation_plus_one_per_helper_making_nine():
    assert helpers_succeeded([9, 8, 12, 3]) == 2
    deck = deck_of(["Shock"], ["Forest"])
    result = resolve_action(deck, ActionAttempt(score=5, difficulty=9, attribute="ST", card="Shock",
                                                helpers_succeeded=helpers_succeeded([10, 9])),
                            Randomness.scripted([]))
    assert (result.cooperation_bonus, result.total, result.success) == (2, 8, False)


def test_referee_limit_on_helpers():
    with pytest.raises(RuleError, match="at most 1 helpers"):
        resolve_action(deck_of(["Shock"]), ActionAttempt(score=5, difficulty=9, attribute="ST",
                                                          helpers_succeeded=2),
                       Randomness.scripted([]), settings=Settings(max_helpers=1))


def test_jump_distance_doubles_with_a_run_up():
    deck = deck_of(["Lava Axe"], ["Forest"])
    result = resolve_action(deck, ActionAttempt(score=3, difficulty=6, attribute="ST", card="Lava Axe"),
                            Randomness.scripted([]))
    assert jump_distance(result) == 8
    assert jump_distance(result, running_start=10) == 16
    assert jump_distance(result, running_start=9) == 8
    # by the other reading each point above the difficulty (6) is a foot: 2, or 4 running
    margin = Settings(jump_feet="margin")
    assert jump_distance(result, settings=margin) == 2
    assert jump_distance(result, running_start=10, settings=margin) == 4


# -- luck --------------------------------------------------------------------------------------

def test_luck_draw_highest_casting_cost_and_lucky_bonus():
    ann = SpellDeck.build([card("Shock"), card("Lava Axe")], hand_size=0)
    bob = SpellDeck.build([card("Volcanic Hammer"), card("Shock")], hand_size=0)
    # Ann draws card 2 (Lava Axe, 5); Bob draws card 2 (Shock, 1) but is Lucky: 4
    outcome = luck_draw([LuckEntrant("Ann", ann), LuckEntrant("Bob", bob, bonus=3)],
                        Randomness.scripted([2, 2]))
    assert outcome.totals == {"Ann": 5, "Bob": 4}
    assert outcome.winner == "Ann"
    assert len(ann.library) == 2 and len(bob.library) == 2


def test_luck_draw_ties_draw_again_among_the_tied():
    ann = SpellDeck.build([card("Lava Axe"), card("Shock")], hand_size=0)
    bob = SpellDeck.build([card("Lava Axe"), card("Volcanic Hammer")], hand_size=0)
    cid = SpellDeck.build([card("Shock")], hand_size=0)
    # round 1: Ann and Bob draw Lava Axe (5-5), Cid Shock (1) is out; each card goes to the bottom,
    # round 2: Ann draws card 1 (Shock, 1), Bob card 1 (Volcanic Hammer, 2)
    outcome = luck_draw([LuckEntrant("Ann", ann), LuckEntrant("Bob", bob), LuckEntrant("Cid", cid)],
                        Randomness.scripted([1, 1, 1, 1]))
    assert outcome.cards == {"Ann": ("Lava Axe", "Shock"), "Bob": ("Lava Axe", "Volcanic Hammer"),
                             "Cid": ("Shock",)}
    assert outcome.totals == {"Ann": 1, "Bob": 2, "Cid": 1}
    assert outcome.winner == "Bob"


def test_luck_draw_that_can_only_tie_is_drawn_by_lot():
    # both libraries are all Lava Axes: every draw ties 5-5, so a roll among the two decides (die 2: Bob)
    ann = SpellDeck.build([card("Lava Axe")] * 3, hand_size=0)
    bob = SpellDeck.build([card("Lava Axe")] * 2, hand_size=0)
    rng = Randomness.scripted([1, 1, 2])
    outcome = luck_draw([LuckEntrant("Ann", ann), LuckEntrant("Bob", bob)], rng)
    assert outcome.totals == {"Ann": 5, "Bob": 5} and outcome.winner == "Bob"
    assert [e.label for e in rng.log if "by lot" in e.label] == [
        "luck draw: every card ties again, the most lucky by lot (pick 1 of 2)"]


def test_lucky_replay_every_three_hours():
    deck = deck_of(["Shock", "Lava Axe"], ["Forest"])
    failed = resolve_action(deck, ActionAttempt(score=3, difficulty=8, attribute="ST", card="Shock"),
                            Randomness.scripted([]))
    assert not failed.success
    retry = ActionAttempt(score=3, difficulty=8, attribute="ST", card="Lava Axe")
    result, feat = lucky_replay(deck, failed, retry, LuckyFeat(), 600, Randomness.scripted([]))
    assert (result.total, result.difficulty, result.success, feat.last_used) == (8, 8, True, 600)
    with pytest.raises(RuleError, match="wait 60 more minutes"):
        lucky_replay(deck, failed, retry, feat, 720, Randomness.scripted([]))
    with pytest.raises(RuleError, match="failed"):
        lucky_replay(deck, result, retry, LuckyFeat(), 900, Randomness.scripted([]))


def test_unknown_attribute_is_input_error():
    with pytest.raises(InputError):
        resolve_action(deck_of([]), ActionAttempt(score=1, difficulty=1, attribute="LK"),
                       Randomness.scripted([]))


@pytest.mark.parametrize("bad", [{"land_action_value": 2}, {"death_rule": "never"}, {"structure_life": "mid"},
                                 {"max_helpers": -1}, {"duel_x_value": -1}, {"item_destruction_damage": 0}])
def test_bad_settings_are_refused(bad):
    with pytest.raises(InputError):
        Settings(**bad)


def test_custom_card_with_two_x():
    fireball = Card("Double X", "{X}{X}{R}", 1, ("R",), "Sorcery", ("Sorcery",))
    assert card_value(fireball) == 3


# -- properties --------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), hand_size=st.integers(1, 7), steps=st.integers(1, 15),
       power=st.booleans())
def test_actions_never_lose_or_copy_a_card(seed, hand_size, steps, power):
    names = ["Lava Axe", "Shock", "Mountain", "Forest", "Volcanic Hammer", "Blaze"] * 3
    deck = SpellDeck.build([card(n) for n in names], hand_size=hand_size)
    rng = Randomness.seeded(seed)
    deck.library.shuffle(rng)
    deck.refill(rng)
    for _ in range(steps):
        first = deck.strongest()
        red = [c.name for c in deck.hand if "R" in mana_types(c)]
        second = next((n for n in red if n != first or red.count(n) > 1), None) if power else None
        before = sorted(c.name for c in (*deck.hand, *deck.library.all_cards(), *deck.sacrificed))
        result = resolve_action(deck, ActionAttempt(score=3, difficulty=9, attribute="ST", card=first,
                                                    power_play=second, stunt=1 if second else 0), rng)
        after = sorted(c.name for c in (*deck.hand, *deck.library.all_cards(), *deck.sacrificed))
        assert after == before
        assert result.total == 3 + result.card_value + result.power_play_value + result.stunt_bonus
        assert len(deck.hand) <= hand_size
