"""A seeded run of bot battles completes without error and gives the same bytes twice (the 10,000-battle
run is scripts/planeswalker_long_run.py)."""

from __future__ import annotations

from magecraft.planeswalker.bot import LONG_RUN_MATCHUPS, long_run


def test_seeded_long_run_is_reproducible() -> None:
    first = long_run(40, 7)
    assert first == long_run(40, 7)
    assert first["battles"] == 40 and first["party"] + first["foes"] + first["draw"] == 40
    assert first != long_run(40, 8)
    # abilities (PW35), a token (PW38), steals, Auras and lords (PW39-PW41), */* creatures and kept
    # artifacts and enchantments (PW43-PW46), combat triggers (PW49-PW53)
    assert len(LONG_RUN_MATCHUPS) == 13
