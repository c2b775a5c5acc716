"""Card piles: draw, discard, reshuffle, exhaustion, conservation."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magecraft.core.deck import Deck, DeckExhausted
from magecraft.core.randomness import Randomness


def test_draw_takes_from_the_top():
    deck = Deck(["a", "b", "c"], name="creature")
    assert deck.peek(2) == ["a", "b"]
    assert deck.draw() == "a"
    assert deck.draw_many(2) == ["b", "c"]
    assert deck.is_exhausted


def test_drawing_from_an_empty_deck_raises_deck_exhausted_naming_it():
    deck: Deck[str] = Deck([], name="Creature")
    with pytest.raises(DeckExhausted, match="the Creature deck is exhausted") as info:
        deck.draw()
    assert info.value.deck_name == "Creature"


def test_draw_many_beyond_the_pile_draws_nothing():
    deck = Deck([1, 2], name="x")
    with pytest.raises(DeckExhausted):
        deck.draw_many(3)
    assert deck.cards == [1, 2]


def test_reshuffle_returns_discards():
    deck = Deck(range(5), name="x")
    drawn = deck.draw_many(3)
    for card in drawn:
        deck.discard(card)
    deck.reshuffle(Randomness.seeded(2))
    assert sorted(deck.cards) == [0, 1, 2, 3, 4]
    assert deck.discards == []


def test_draw_random_is_a_scripted_pick():
    deck = Deck(["wolf", "bear", "fox"], name="creature")
    assert deck.draw_random(Randomness.scripted([2]), "random creature") == "bear"
    assert deck.cards == ["wolf", "fox"]


def test_take_searches_the_library():
    deck = Deck(["Forest", "Giant Growth", "Forest"], name="library")
    assert deck.take(lambda c: c.startswith("Giant")) == "Giant Growth"
    assert deck.take(lambda c: c == "Island") is None
    assert deck.cards == ["Forest", "Forest"]


def test_round_trip():
    deck = Deck(["a", "b"], name="x", discards=["c"])
    assert Deck.from_dict(deck.to_dict()).to_dict() == deck.to_dict()


operations = st.lists(st.sampled_from(["draw", "draw3", "discard", "top", "bottom", "shuffle", "reshuffle",
                                        "random", "peek"]), max_size=60)


@given(cards=st.lists(st.integers(0, 20), max_size=30), ops=operations, seed=st.integers(0, 1000))
def test_no_card_is_ever_lost_or_duplicated(cards, ops, seed):
    rng = Randomness.seeded(seed)
    deck = Deck(cards, name="prop")
    hand: list[int] = []
    for op in ops:
        try:
            if op == "draw":
                hand.append(deck.draw())
            elif op == "draw3":
                hand.extend(deck.draw_many(3))
            elif op == "random":
                hand.append(deck.draw_random(rng, "pick"))
            elif op == "discard" and hand:
                deck.discard(hand.pop())
            elif op == "top" and hand:
                deck.put_on_top(hand.pop(0))
            elif op == "bottom" and hand:
                deck.put_on_bottom(hand.pop())
            elif op == "shuffle":
                deck.shuffle(rng)
            elif op == "reshuffle":
                deck.reshuffle(rng)
            elif op == "peek":
                deck.peek(4)
        except DeckExhausted:
            assert deck.is_exhausted or op == "draw3"
        assert Counter(hand) + Counter(deck.all_cards()) == Counter(cards)
