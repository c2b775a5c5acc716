"""The event log: JSON Lines export, refusal of bad files, replay from log plus seed."""

import pytest

from magecraft.core.errors import DataError
from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness


def play(rng: Randomness) -> list[int]:
    """A tiny rules loop: roll 1d6 until the running total passes 20."""
    total, rolls = 0, []
    while total <= 20:
        value = rng.roll(6, f"step {len(rolls) + 1}")
        rolls.append(value)
        total += value
        rng.log.record("state", "total changed", section="test rules", data={"total": total})
    return rolls


def test_jsonl_round_trip():
    rng = Randomness.seeded(3)
    play(rng)
    text = rng.log.to_jsonl()
    again = EventLog.from_jsonl(text)
    assert again.to_jsonl() == text
    assert again.to_list() == rng.log.to_list()


def test_a_saved_log_plus_its_seed_replays_to_the_same_state():
    original = Randomness.seeded(99)
    rolls = play(original)
    saved = EventLog.from_jsonl(original.log.to_jsonl())
    seed = saved[0].data["seed"]
    replay_seeded = Randomness.seeded(seed)
    assert play(replay_seeded) == rolls
    assert replay_seeded.log.to_jsonl() == original.log.to_jsonl()
    # The rolls in the log are a script that replays the session at the table, too.
    assert play(Randomness.scripted(saved.rolls())) == rolls


@pytest.mark.parametrize(("text", "message"), [
    ('{"seq": 0, "kind": "roll", "label": "x"}\nnot json', "line 2 is not JSON"),
    ("[1, 2]", "line 1 is not an object"),
    ('{"kind": "roll"}', "malformed"),
])
def test_malformed_logs_are_refused_whole(text, message):
    with pytest.raises(DataError, match=message):
        EventLog.from_jsonl(text)
