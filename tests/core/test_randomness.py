"""The one door for randomness: seeded, scripted and physical sources."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magecraft.core.errors import DiceScriptError, InputError
from magecraft.core.randomness import Randomness, SeededSource


def test_same_seed_gives_same_rolls_and_log():
    a, b = Randomness.seeded(11), Randomness.seeded(11)
    rolls_a = [a.roll(12, "quick cast") for _ in range(50)]
    rolls_b = [b.roll(12, "quick cast") for _ in range(50)]
    assert rolls_a == rolls_b
    assert a.log.to_jsonl() == b.log.to_jsonl()
    assert Randomness.seeded(12).log.to_jsonl() != a.log.to_jsonl()


def test_seed_is_recorded_even_when_drawn_fresh():
    rng = Randomness.seeded()
    seed = rng.log[0].data["seed"]
    again = Randomness.seeded(seed)
    assert [rng.roll(6, "x") for _ in range(5)] == [again.roll(6, "x") for _ in range(5)]


def test_scripted_values_are_used_in_order_and_logged_with_labels():
    rng = Randomness.scripted([4, 1, 12])
    assert rng.roll(6, "stealing attempt 1") == 4
    assert rng.roll(6, "stealing attempt 2") == 1
    assert rng.roll(12, "Dummy Mage quick cast", section="Quick Cast") == 12
    events = rng.log.of_kind("roll")
    assert [(e.label, e.data["value"], e.data["dice"]) for e in events] == [
        ("stealing attempt 1", 4, "1d6"),
        ("stealing attempt 2", 1, "1d6"),
        ("Dummy Mage quick cast", 12, "1d12"),
    ]
    assert events[2].section == "Quick Cast"


def test_scripted_value_outside_the_die_names_the_roll():
    rng = Randomness.scripted([3, 7])
    rng.roll(6, "stealing attempt 1")
    with pytest.raises(DiceScriptError, match=r"^stealing attempt 2 needs 1d6, got 7$"):
        rng.roll(6, "stealing attempt 2")


def test_scripted_running_out_names_the_roll():
    rng = Randomness.scripted([2])
    rng.roll(6, "first")
    with pytest.raises(DiceScriptError, match="ran out: Black Magic damage needs 1d6"):
        rng.roll(6, "Black Magic damage")


def test_a_failed_scripted_roll_consumes_nothing():
    rng = Randomness.scripted([9, 3])
    with pytest.raises(DiceScriptError):
        rng.roll(6, "too big")
    assert len(rng.log) == 0
    assert rng.roll(10, "now fits") == 9


def test_physical_dice_ask_again_on_bad_answers():
    answers = iter(["seven", "7", "0", "", "5"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    rng = Randomness.physical(ask, shuffle_seed=1)
    assert rng.roll(6, "the Dummy Mage's quick cast") == 5
    assert prompts[0] == "Roll 1d6 for the Dummy Mage's quick cast:"
    assert prompts[1].startswith("'seven' is not a number.")
    assert prompts[2].startswith("7 is not on a 1d6 (1-6).")
    assert prompts[3].startswith("0 is not on a 1d6")
    assert len(prompts) == 5
    assert rng.log.rolls() == [5]


def test_choice_is_a_labelled_die_roll():
    rng = Randomness.scripted([3])
    assert rng.choice(["a", "b", "c", "d"], "random creature") == "c"
    assert rng.log[0].label == "random creature (pick 1 of 4)"
    assert rng.log[0].data["dice"] == "1d4"
    # A single candidate needs no roll.
    assert Randomness.scripted([]).choice(["only"], "x") == "only"


def test_chance_is_at_or_under_on_d100():
    rng = Randomness.scripted([40, 41])
    assert rng.chance(40, "hit") is True
    assert rng.chance(40, "hit") is False


def test_shuffle_is_reproducible_and_a_permutation():
    items_a, items_b = list(range(30)), list(range(30))
    Randomness.seeded(5).shuffle(items_a, "deck")
    Randomness.seeded(5).shuffle(items_b, "deck")
    assert items_a == items_b
    assert sorted(items_a) == list(range(30))
    assert items_a != list(range(30))


def test_seeded_shuffle_matches_fisher_yates():
    """Seeded dice shuffle through Random.shuffle: the permutation (and the dice after it) are the ones the
    Fisher-Yates loop over ``below`` gave before, so every seeded deck deals as it did."""
    rng = Randomness.seeded(5)
    deck = list(range(12))
    rng.shuffle(deck, "x")
    assert deck == [10, 2, 11, 7, 1, 3, 6, 0, 8, 5, 4, 9]
    assert rng.roll(6, "after") == 3
    by_hand, source = list(range(40)), SeededSource(11)
    for i in range(len(by_hand) - 1, 0, -1):
        j = source.below(i + 1)
        by_hand[i], by_hand[j] = by_hand[j], by_hand[i]
    fast = list(range(40))
    Randomness.seeded(11).shuffle(fast, "x")
    assert fast == by_hand
    scripted = list(range(12))
    Randomness.scripted([], shuffle_seed=3).shuffle(scripted, "x")
    assert scripted == [1, 7, 10, 0, 6, 11, 4, 5, 2, 8, 9, 3]


@given(seed=st.integers(0, 2**32), sides=st.lists(st.integers(1, 1000), min_size=1, max_size=40))
def test_seeded_die_draws_as_randrange_did(seed, sides):
    """A seeded die is drawn without ``Random.randrange`` (the hot path inlines it): the same values from
    the same seed, so every seeded game and saved state plays as it did."""
    reference = random.Random(seed)
    source = SeededSource(seed)
    assert [source.draw(n, "x") for n in sides] == [reference.randrange(n) + 1 for n in sides]
    assert source._gen.getstate() == reference.getstate()


def test_scripted_shuffles_come_from_the_shuffle_seed():
    a, b = list(range(10)), list(range(10))
    Randomness.scripted([], shuffle_seed=3).shuffle(a, "x")
    Randomness.scripted([], shuffle_seed=3).shuffle(b, "x")
    assert a == b


@pytest.mark.parametrize("make", [lambda: Randomness.seeded(9), lambda: Randomness.scripted([1, 2, 3, 4, 5, 6])])
def test_snapshot_restore_continues_the_same_sequence(make):
    rng = make()
    rng.roll(6, "before")
    snap = rng.snapshot()
    later = [rng.roll(6, "after") for _ in range(4)]
    restored = Randomness.restore(snap)
    assert [restored.roll(6, "after") for _ in range(4)] == later


def test_restore_refuses_unknown_source():
    with pytest.raises(InputError, match="unknown randomness source"):
        Randomness.restore({"kind": "tarot"})


@pytest.mark.parametrize("source", [Randomness.seeded(3), Randomness.scripted([1, 2], shuffle_seed=4)])
@pytest.mark.parametrize("damage", ["drop", "empty"])
def test_saved_dice_that_lost_a_key_are_refused_not_restarted(source, damage):
    """A source restarted from its seed would deal the rolls already made again."""
    snapshot = source.snapshot()
    assert Randomness.restore(snapshot).snapshot() == snapshot
    for key in [k for k in snapshot if k != "kind"]:
        broken = {k: v for k, v in snapshot.items() if k != key} if damage == "drop" else {**snapshot, key: None}
        with pytest.raises(InputError, match="the saved dice are damaged"):
            Randomness.restore(broken)
