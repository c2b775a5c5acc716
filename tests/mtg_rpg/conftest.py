"""Shared test support for the MtG RPG tests."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import pytest

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.duel import QuickDuel
from magecraft.mtg_rpg.duel_actions import GoFirst, Pass, Play, Respond, Use, Yield

#: Actions a quick duel refuses in most positions (those that happen to be legal are skipped).
DUEL_ILLEGAL_CANDIDATES = [GoFirst(True), GoFirst(False), Pass(), Yield(), Play("Shivan Dragon"),
                           Play("Nowhere Card"), Respond("Shock"), Respond("Giant Growth"), Use("Shock"),
                           Use("Nowhere Card"), "fly", Play(""), Respond(""), Play("Lava Axe"),
                           Respond("Lava Axe")]

Walk = Callable[..., None]


def _walk_duel(d: QuickDuel, picks: Sequence[tuple[bool, int]], illegal_candidates: Sequence[object],
               on_terminal: Callable[[QuickDuel], None] | None = None,
               after_action: Callable[[QuickDuel], None] | None = None) -> None:
    """Play ``picks`` (illegal?, index): illegal actions raise RuleError and change nothing; the state
    round-trips at every step and the restored copy plays on exactly as the original, dice included."""
    for illegal, index in picks:
        saved = d.to_dict()
        restored = QuickDuel.from_dict(json.loads(json.dumps(saved)))
        assert restored.to_dict() == saved
        legal = d.legal_actions()
        if d.is_terminal():
            assert legal == []
            if on_terminal is not None:
                on_terminal(d)
        if illegal or not legal:
            action = illegal_candidates[index % len(illegal_candidates)]
            if action in legal:
                continue
            with pytest.raises(RuleError):
                d.apply(action)
            assert d.to_dict() == saved
        else:
            action = legal[index % len(legal)]
            d.apply(action)
            restored.apply(action)
            assert restored.to_dict() == d.to_dict()
            if after_action is not None:
                after_action(d)


@pytest.fixture(scope="session")
def walk_duel() -> Walk:
    """The random legal-and-illegal walk through a quick duel (the GameState property)."""
    return _walk_duel


@pytest.fixture(scope="session")
def duel_illegal_candidates() -> list[object]:
    return list(DUEL_ILLEGAL_CANDIDATES)
