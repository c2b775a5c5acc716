"""Quick duels of three or more Wizards, each for themselves (seed 000, COMBAT "Multi-Player Combat",
"Quick Duels"; ruling R19): the attacker chooses the target, a Wizard out leaves, the last standing
or the victory condition decides."""

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.cli.app import main
from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.character import CharacterRecord, example_character, load_character, save_character
from magecraft.mtg_rpg.duel import QuickDuel, truncated_deck
from magecraft.mtg_rpg.duel_actions import Play, Use
from magecraft.mtg_rpg.duel_sides import Duellist

POOL = builtin_pool()
KIND_TURNS = [("single-card", 0), ("three-card", 0), ("seven-card", 0), ("limited-turns", 5)]
#: Aiming mistakes only a duel of three can make, beyond the two-Wizard candidates.
AIMING_CANDIDATES = [Play("Shock", at="A"), Play("Shock", at="Nobody"), Use("Shock", at="C")]


def said(d):
    """The words of every action open now."""
    return [d.action_text(a) for a in d.legal_actions()]


def wizard(name, *cards, life=14, dx=1):
    return Duellist(name, life=life, hand_size=len(cards), dexterity=dx, intelligence=1, library=tuple(cards))


def three(c_life=14):
    d = QuickDuel.start(wizard("A", "Lava Axe", dx=3), wizard("B", "Shock", dx=2), "single-card",
                        Randomness.scripted([]), others=[wizard("C", "Shock", life=c_life, dx=1)])
    d.push_text("play first")
    return d


def test_the_attacker_chooses_the_target_and_the_most_life_wins() -> None:
    d = three()
    assert d.order == ["A", "B", "C"]
    assert said(d) == ["play Lava Axe at B", "play Lava Axe at C", "yield"]
    for action in ("play:Lava Axe@C", "play:Shock@A", "play:Shock@A"):
        d.push_text(action)
    result = d.result()
    assert result["life"] == {"A": 10, "B": 14, "C": 9}
    assert (result["winner"], result["losers"]) == ("B", ["A", "C"])


def test_a_wizard_who_falls_leaves_and_plays_no_more() -> None:
    d = three(c_life=5)
    d.push_text("play:Lava Axe@C")  # C falls to 0
    assert d.out == ["C"] and d.current_player() == "B"
    assert said(d) == ["play Shock", "yield"]  # one opponent left: no aim needed
    d.push_text("play:Shock")
    assert d.result()["winner"] == "B" and d.result()["life"] == {"A": 12, "B": 14, "C": 0}


def test_the_last_wizard_standing_wins() -> None:
    d = three(c_life=5)
    d.push_text("play:Lava Axe@C")
    d.push_text("yield")  # B yields
    result = d.result()
    assert (result["winner"], result["reason"]) == ("A", "A is the last Wizard standing")
    assert d.out == ["C", "B"]


def test_an_unaimed_or_self_aimed_card_is_refused_and_changes_nothing() -> None:
    d = three()
    before = d.to_dict()
    with pytest.raises(RuleError, match="aim the card at one of B, C") as info:
        d.push_text("play:Lava Axe")
    assert info.value.section == "COMBAT: Multi-Player Combat"
    with pytest.raises(RuleError, match="aim the card"):
        d.push_text("play:Lava Axe@A")
    assert d.to_dict() == before
    assert QuickDuel.from_dict(json.loads(json.dumps(before))).to_dict() == before


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), kind=st.sampled_from(KIND_TURNS),
       picks=st.lists(st.tuples(st.booleans(), st.integers(0, 1000)), min_size=1, max_size=80))
def test_random_legal_and_illegal_actions_with_three_wizards(seed, kind, picks, walk_duel,
                                                             duel_illegal_candidates) -> None:
    """Illegal actions raise RuleError and change nothing; the state round-trips at every step."""
    rng = Randomness.seeded(seed)
    cards = list(POOL)
    libs = [tuple(c.name for c in truncated_deck(cards, rng)) for _ in range(3)]
    d = QuickDuel.start(Duellist("A", 14, 4, 1, 1, libs[0]), Duellist("B", 12, 5, 2, 1, libs[1]), kind[0], rng,
                        turns=kind[1], ante=True, others=[Duellist("C", 10, 4, 1, 2, libs[2])])

    def has_a_winner(duel: QuickDuel) -> None:
        assert duel.result()["winner"] in ("A", "B", "C")

    def the_fallen_do_not_act(duel: QuickDuel) -> None:
        assert duel.current_player() not in duel.out

    walk_duel(d, picks, duel_illegal_candidates + AIMING_CANDIDATES, on_terminal=has_a_winner,
              after_action=the_fallen_do_not_act)


# -- the command --------------------------------------------------------------------------------

def test_cli_three_wizard_ante_duel_settles_every_sheet(tmp_path, capsys) -> None:
    db = tmp_path / "s.sqlite3"
    store = SaveStore(db)
    sheets = (("Sarin", 3, ["Lava Axe"] * 10), ("Mord", 2, ["Shock"] * 10), ("Tev", 1, ["Shock"] * 10))
    for name, dx, cards in sheets:
        attributes = {**example_character().attributes, "DX": dx}
        wizard_sheet = replace(example_character(), name=name, attributes=attributes, library=tuple(cards))
        save_character(store, CharacterRecord(wizard_sheet, Randomness.seeded(1), {}))
    code = main(["mtg-rpg", "duel", "Sarin", "Mord", "--also", "Tev", "--stakes", "ante", "--unpaid",
                 "--seed", "1", "--db", str(db), "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    data = json.loads(out.out)
    # Sarin (DX 3) plays first; the simple player aims at the last opponent by name: Lava Axe and
    # Mord's Shock at Tev, Tev's Shock at Sarin
    assert data["result"]["life"] == {"Sarin": 12, "Mord": 14, "Tev": 7}
    assert (data["result"]["winner"], data["result"]["losers"]) == ("Mord", ["Sarin", "Tev"])
    assert data["settlement"]["Sarin"] == {"winner": "Mord", "loser": "Sarin", "ante_won": ["Lava Axe"],
                                           "backlash": True, "gold_paid": 0, "death": False}
    mord, sarin = load_character(store, "Mord"), load_character(store, "Sarin")
    assert sorted(mord.character.spare_cards) == ["Lava Axe", "Shock"]
    assert sarin.extra["restitution_owed_to"] == "Mord" and sarin.character.library.count("Lava Axe") == 9
    assert load_character(store, "Tev").extra["restitution_owed_to"] == "Mord"
    helped = ["--also", "Tev", "--outside-help", "Tev", "--db", str(db)]
    assert main(["mtg-rpg", "duel", "Sarin", "Mord", *helped]) == 2
    assert main(["mtg-rpg", "duel", "Sarin", "Mord", "--also", "sarin", "--db", str(db)]) == 2
