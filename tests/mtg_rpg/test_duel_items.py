"""Charged magic items inside a quick duel (seed 000, COMBAT "Magic Item Use", "Number of Actions",
MAGIC "Craft Magic Item"; ruling R20)."""

import json
from dataclasses import replace

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import builtin_pool
from magecraft.mtg_rpg.character import Character, example_character
from magecraft.mtg_rpg.duel import QuickDuel
from magecraft.mtg_rpg.duel_actions import Use
from magecraft.mtg_rpg.duel_ritual import Ritual, settle
from magecraft.mtg_rpg.duel_sheet import after_duel, duellist_for
from magecraft.mtg_rpg.duel_sides import Duellist
from magecraft.mtg_rpg.renewal import recover_at_renewal

POOL = builtin_pool()
WAND = "wand of Lava Axe"


def said(d):
    """The words of every action open now."""
    return [d.action_text(a) for a in d.legal_actions()]


def test_a_charged_item_works_as_its_spell_once_per_use_left() -> None:
    a = Duellist("A", life=14, hand_size=2, dexterity=2, intelligence=1, library=("Shock", "Shock", "Shock"),
                 charged=((WAND, "Lava Axe", 1),))
    b = Duellist("B", life=14, hand_size=2, dexterity=1, intelligence=1, library=("Forest",) * 4)
    d = QuickDuel.start(a, b, "three-card", Randomness.scripted([]))
    d.push_text("play first")
    assert said(d) == ["play Shock", f"use {WAND}", "yield"]
    d.apply(Use(WAND))
    assert d.sides["B"].life == 9 and d.sides["A"].charges == {WAND: ("Lava Axe", 0)}
    assert d.observation("B")["sides"][0]["charges"] is None  # the opponent's items stay hidden
    for action in ("play:Shock", "pass", "play:Forest", "pass"):
        d.push_text(action)
    assert d.active == "A" and f"use {WAND}" not in said(d)
    before = d.to_dict()
    with pytest.raises(RuleError, match="no uses left until the renewal period"):
        d.apply(Use(WAND))
    assert d.to_dict() == before
    assert QuickDuel.from_dict(json.loads(json.dumps(before))).to_dict() == before


def _wizard_with_wand(uses_spent: int) -> Character:
    return replace(example_character(), library=("Shock",) * 4, items=(WAND, "leather armour of Giant Growth"),
                   charged_items={WAND: ("Lava Axe", 2)}, item_uses=(WAND,) * uses_spent)


def test_the_uses_spent_in_a_duel_stay_spent_until_renewal() -> None:
    deck = SpellDeck.build([POOL.get("Shock")] * 4, hand_size=4)
    assert duellist_for(_wizard_with_wand(0), deck).charged == ((WAND, "Lava Axe", 2),)
    assert duellist_for(_wizard_with_wand(1), deck).charged == ((WAND, "Lava Axe", 1),)
    assert duellist_for(_wizard_with_wand(2), deck).charged == ()  # the continuous armour is never "used"
    sarin = _wizard_with_wand(1)
    terms = (Ritual.challenge("Sarin", "Mord").state_length("Mord", "quick duel 3 cards")
             .proclaim_stakes("Sarin", "honor or bragging rights").set_victory("Mord", "most life").terms())
    mord = Duellist("Mord", life=14, hand_size=2, dexterity=0, intelligence=0, library=("Forest",) * 4)
    d = QuickDuel.start(duellist_for(sarin, deck), mord, "three-card", Randomness.scripted([]))
    d.push_text("play first")
    d.apply(Use(WAND))
    after = after_duel(sarin, deck, d.sides["Sarin"], settle(terms, "Sarin"), Randomness.scripted([]))
    assert after.item_uses == (WAND, WAND) and after.items == sarin.items
    assert Character.from_dict(json.loads(json.dumps(after.to_dict()))) == after
    assert recover_at_renewal(after, 14).item_uses == ()
