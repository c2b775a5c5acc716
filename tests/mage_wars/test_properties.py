"""Property: random legal and illegal decisions never corrupt a game (house rules: check before change)."""

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.mage_wars.actions import Action, Cast, DoNothing, Move, Plan, QuickCast, Reveal, Strike
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.settings import Settings

#: Decisions that are wrong in some way: unknown units, spells not planned, impossible moves, wrong phase.
ILLEGAL = [
    Plan(("Fireball", "Fireball", "Fireball")),
    Plan(("No Such Spell",)),
    QuickCast("No Such Spell"),
    QuickCast("Fireball", "nobody"),
    Move("y99", "A1"),
    Move("you", "A1"),
    Strike("you", "D3", "Nothing", "dummy"),
    DoNothing("dummy", "A1"),
    Reveal("Bear Strength", "you"),
    "teleport",  # not an action at all
]


def _illegal(legal: list[Action], pick: int) -> Action:
    """A fixed wrong decision, or a legal one bent: moved to a far zone, aimed at nothing, another spell."""
    if pick % 2 or not legal:
        return ILLEGAL[pick % len(ILLEGAL)]
    base = legal[pick % len(legal)]
    bent: list[Any] = list(ILLEGAL)
    if isinstance(base, Plan):
        bent = [Plan(("Hellfire",)), Plan(base.spells * 3 or ("x",) * 3)]
    elif isinstance(base, (QuickCast, Reveal)):
        bent = [replace(base, target="nobody"),
                replace(base, **{"spell" if isinstance(base, QuickCast) else "enchantment": "Hellfire"})]
    elif hasattr(base, "to"):
        bent = [replace(base, to="A1" if base.to != "A1" else "D3"),
                *([replace(base, actor="d1")] if not isinstance(base, Cast) else []),
                *([replace(base, target="nobody")] if hasattr(base, "target") else []),
                *([replace(base, attack="Hellfire")] if isinstance(base, Strike) else []),
                *([replace(base, spell="Hellfire")] if isinstance(base, Cast) else [])]
    return bent[pick // 2 % len(bent)]



@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), book=st.sampled_from(sorted(ready_spellbooks())),
       walled=st.booleans(),
       steps=st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=10, max_size=80))
def test_random_decisions_refuse_cleanly_and_round_trip(seed, book, walled, steps):
    walls = (Wall("w1", ("B1", "C1"), 6, 1), Wall("w2", ("C2", "C3"), 8, passable=True)) if walled else ()
    game = MageWarsGame.new(Randomness.seeded(seed), ready_spellbooks()[book], Settings(walls=walls))
    # Reveal offers in the Dummy Mage's turn (A17) answered yes and no in turn, so they are exercised too.
    game.answer_trigger = lambda game, action, moment: len(game.log) % 2 == 0
    for illegal, pick in steps:
        if game.is_terminal():
            break
        legal = game.legal_actions()
        candidate = _illegal(legal, pick)
        if illegal and candidate not in legal:
            before = game.to_dict()
            try:
                game.apply(candidate)
            except RuleError as refusal:
                assert str(refusal)
            else:
                raise AssertionError(f"{candidate} was accepted")
            assert game.to_dict() == before   # the whole state, log and dice included, unchanged
        else:
            game.apply(legal[pick % len(legal)])
        # Saved as JSON and read back, the game saves exactly the same JSON again.
        saved = json.loads(json.dumps(game.to_dict()))
        assert MageWarsGame.from_dict(saved).to_dict() == saved
