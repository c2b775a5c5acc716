"""Property: random legal and illegal decisions never corrupt a game (house rules: check before change)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.mage_wars.actions import Action, ActionKind
from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.settings import Settings

#: Decisions that are wrong in some way: unknown units, spells not planned, impossible moves, wrong phase.
ILLEGAL = [
    Action(ActionKind.PLAN, spells=("Fireball", "Fireball", "Fireball")),
    Action(ActionKind.PLAN, spells=("No Such Spell",)),
    Action(ActionKind.QUICK_CAST, name="No Such Spell"),
    Action(ActionKind.QUICK_CAST, name="Fireball", target="nobody"),
    Action(ActionKind.ACTIVATE, "y99", "A1", "move"),
    Action(ActionKind.ACTIVATE, "you", "A1", "move"),
    Action(ActionKind.ACTIVATE, "you", "D3", "attack", "Nothing", "dummy"),
    Action(ActionKind.ACTIVATE, "dummy", "A1", "nothing"),
    Action(ActionKind.ACTIVATE, "you", "D3", "dance"),
    Action(ActionKind.ACTIVATE, "you", "D3", "guard", reveal=True),
    Action(ActionKind.REVEAL, name="Bear Strength", target="you"),
    Action("teleport"),
]


def _illegal(legal: list[Action], pick: int) -> Action:
    """A fixed wrong decision, or a legal one bent: moved to a far zone, aimed at nothing, another spell."""
    if pick % 2 or not legal:
        return ILLEGAL[pick % len(ILLEGAL)]
    base = legal[pick % len(legal)]
    bent = {"plan": [base._replace(spells=("Hellfire",)), base._replace(spells=base.spells * 3 or ("x",) * 3)],
            "quick_cast": [base._replace(name="Hellfire"), base._replace(target="nobody")],
            "reveal": [base._replace(target="nobody"), base._replace(name="Hellfire")],
            "activate": [base._replace(to="A1" if base.to != "A1" else "D3"), base._replace(actor="d1"),
                         *([base._replace(target="nobody"), base._replace(name="Hellfire")]
                           if base.do in ("attack", "cast") else [])],
            "pass": ILLEGAL}[base.kind]
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
