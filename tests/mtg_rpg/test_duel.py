"""Quick duels and the duel ritual (seed 000, COMBAT: Quick Duels ... Magic Dueling Rules)."""

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import Card, CardPool, builtin_pool
from magecraft.mtg_rpg.character import TakenFeat, current_life, example_character
from magecraft.mtg_rpg.duel import QuickDuel, truncated_deck
from magecraft.mtg_rpg.duel_actions import DuelStep
from magecraft.mtg_rpg.duel_effects import creature_power, is_wall, parse_effects, quick_effects
from magecraft.mtg_rpg.duel_player import choose_action, play_out
from magecraft.mtg_rpg.duel_ritual import Ritual, length_for, settle
from magecraft.mtg_rpg.duel_sheet import after_duel, duellist_for
from magecraft.mtg_rpg.duel_sides import Duellist, DuelSide
from magecraft.mtg_rpg.settings import Settings

POOL = builtin_pool()


def said(d):
    """The words of every action open now."""
    return [d.action_text(a) for a in d.legal_actions()]


def wizard(name, *cards, life=14, dx=1, iq=1, hand=None, initiative=None):
    return Duellist(name, life=life, hand_size=len(cards) if hand is None else hand, dexterity=dx,
                    intelligence=iq, library=tuple(cards), initiative=initiative)


def duel(a, b, kind="single-card", script=(), **kw):
    return QuickDuel.start(a, b, kind, Randomness.scripted(list(script)), **kw)


def run(d, *actions):
    for action in actions:
        d.push_text(action)
    return d


# -- single card duel -----------------------------------------------------------------------------

def test_single_card_duel_least_life_loses():
    d = run(duel(wizard("Sarin", "Lava Axe", dx=3), wizard("Mord", "Shock", life=12)),
            "play first", "play:Lava Axe", "play:Shock")
    assert d.result()["life"] == {"Sarin": 12, "Mord": 7}
    assert (d.result()["winner"], d.result()["loser"]) == ("Sarin", "Mord")


def test_initiative_winner_may_let_the_other_play_first():
    d = run(duel(wizard("Sarin", "Lava Axe", dx=3), wizard("Mord", "Shock")), "play second")
    assert d.current_player() == "Mord"


def test_creatures_deal_their_power_without_summoning_sickness_and_leave_play():
    d = run(duel(wizard("A", "Craw Wurm", dx=2), wizard("B", "Mountain")), "play first", "play:Craw Wurm",
            "play:Mountain")
    assert d.result()["life"] == {"A": 14, "B": 8}
    assert [c.name for c in d.sides["A"].deck.graveyard] == ["Craw Wurm"]


def test_tie_plays_another_card_and_running_out_of_hand_loses():
    a = wizard("A", "Shock", "Shock", dx=2)
    b = wizard("B", "Shock")
    d = run(duel(a, b), "play first", "play:Shock", "play:Shock")
    assert d.result()["winner"] is None and d.tiebreaks == 1
    assert d.current_player() == "A"
    run(d, "play:Shock")
    assert d.result()["winner"] == "A"
    assert "ran out of cards in hand" in d.result()["reason"]


def test_single_card_duel_has_no_interrupts():
    d = run(duel(wizard("A", "Lava Axe", dx=2), wizard("B", "Rewind")), "play first", "play:Lava Axe")
    assert d.phase is DuelStep.PLAY and d.current_player() == "B"
    assert said(d) == ["play Rewind", "yield"]


def test_initiative_ties_by_dx_then_iq_then_a_card():
    assert duel(wizard("A", "Shock", dx=2, iq=1), wizard("B", "Shock", dx=2, iq=3)).chooser == "B"
    # DX 1 with Alertness (+3) is 4, ahead of DX 3
    assert duel(wizard("A", "Shock", dx=1, initiative=4), wizard("B", "Shock", dx=3)).chooser == "A"
    # full tie: a random card each from the referee deck (Lava Axe 5 for A, then Shock 1 for B)
    referee = [POOL.get("Lava Axe"), POOL.get("Shock")]
    d = duel(wizard("A", "Shock", dx=2), wizard("B", "Shock", dx=2), script=[1, 1], referee=referee)
    assert d.chooser == "A"


# -- three card duel --------------------------------------------------------------------------------

def test_three_card_duel_interrupt_counters_and_costs_a_card():
    a = wizard("A", "Lava Axe", "Shock", "Volcanic Hammer", dx=2)
    b = wizard("B", "Rewind", "Shock", "Grizzly Bears")
    d = run(duel(a, b, "three-card"), "play first", "play:Lava Axe")
    assert d.phase is DuelStep.RESPOND and d.current_player() == "B"
    assert "respond Rewind" in said(d)
    run(d, "respond:Rewind")
    assert d.result()["life"] == {"A": 14, "B": 14}
    assert (d.sides["A"].plays_left, d.sides["B"].plays_left) == (2, 2)
    assert {c.name for c in d.sides["B"].deck.graveyard} == {"Rewind"}
    assert d.current_player() == "B" and d.phase is DuelStep.PLAY
    run(d, "play:Grizzly Bears", "pass", "play:Shock", "pass", "play:Shock", "pass", "play:Volcanic Hammer",
        "pass")
    assert d.result()["life"] == {"A": 10, "B": 9}
    assert d.result()["winner"] == "A"


def test_three_card_duel_draws_back_up_to_hand_size_each_turn():
    a = wizard("A", "Shock", "Shock", "Shock", dx=2, hand=1)
    b = wizard("B", "Forest", "Forest", "Forest", hand=1)
    d = run(duel(a, b, "three-card"), "play first")
    for _ in range(3):
        run(d, "play:Shock", "pass", "play:Forest", "pass")
    assert d.result()["life"] == {"A": 14, "B": 8}
    assert d.result()["winner"] == "A"


def test_without_refill_a_small_hand_runs_out():
    a = wizard("A", "Shock", "Shock", "Shock", dx=2, hand=1)
    b = wizard("B", "Forest", "Forest", "Forest", hand=1)
    d = run(duel(a, b, "three-card", settings=Settings(quick_duel_refill=False)), "play first", "play:Shock",
            "pass", "play:Forest", "pass")
    assert d.result()["winner"] == "B" and "ran out of cards in hand" in d.result()["reason"]


def test_remove_soul_counters_only_creature_spells_and_nothing_changes():
    a = wizard("A", "Lava Axe", "Grizzly Bears", dx=2)
    b = wizard("B", "Remove Soul", "Shock")
    d = run(duel(a, b, "three-card"), "play first", "play:Lava Axe")
    before = d.to_dict()
    with pytest.raises(RuleError, match="does not fit Lava Axe"):
        d.push_text("respond:Remove Soul")
    assert d.to_dict() == before
    run(d, "pass", "play:Shock", "pass", "play:Grizzly Bears", "respond:Remove Soul")
    assert d.result()["life"] == {"A": 12, "B": 9}


def test_destroy_creature_respects_colour():
    a = wizard("A", "Foul Imp", "Grizzly Bears", dx=2)
    b = wizard("B", "Dark Banishing", "Slay")
    d = run(duel(a, b, "three-card"), "play first", "play:Foul Imp")
    assert "respond Dark Banishing" not in said(d)  # Foul Imp is black
    assert "respond Slay" not in said(d)  # and not green
    run(d, "pass")
    assert d.result()["life"]["B"] == 12


def test_slay_destroys_a_green_creature_and_draws():
    a = wizard("A", "Grizzly Bears", "Shock", dx=2)
    b = wizard("B", "Slay", "Shock", "Forest", hand=2)
    d = run(duel(a, b, "three-card"), "play first", "play:Grizzly Bears", "respond:Slay")
    assert d.result()["life"]["B"] == 14
    assert sorted(c.name for c in d.sides["B"].deck.hand) == ["Forest", "Shock"]


def test_three_card_duel_has_no_blockers():
    a = wizard("A", "Craw Wurm", dx=2)
    b = wizard("B", "Giant Spider")
    d = run(duel(a, b, "three-card"), "play first", "play:Craw Wurm")
    with pytest.raises(RuleError, match="seven-card"):
        d.push_text("respond:Giant Spider")


# -- seven card duel ----------------------------------------------------------------------------------

def test_seven_card_blocker_stops_the_attack_and_both_go_to_the_graveyard():
    a = wizard("A", "Craw Wurm", "Air Elemental", dx=2)
    b = wizard("B", "Grizzly Bears", "Giant Spider")
    d = run(duel(a, b, "seven-card"), "play first", "play:Craw Wurm", "respond:Grizzly Bears")
    assert d.result()["life"] == {"A": 14, "B": 14}
    assert [c.name for c in d.sides["B"].deck.graveyard] == ["Grizzly Bears"]
    assert [c.name for c in d.sides["A"].deck.graveyard] == ["Craw Wurm"]


WALL = Card("Wall of Swords", "{3}{W}", 4, ("W",), "Creature — Wall", ("Creature",), ("Wall",), (),
            "uncommon", "3", "5", ("Defender", "Flying"))


def test_a_wall_blocks_as_an_interrupt_creature_and_never_attacks():
    # "Walls can also be played as interrupt creatures" (Seven Card Duel); walls "block incoming
    # attackers by interposing themselves" (Spell Clarifications 2): a 3/5 wall deals its owner's foe nothing
    pool = CardPool([*POOL, WALL])
    a = wizard("A", "Air Elemental", "Lava Axe", dx=2)
    b = wizard("B", "Wall of Swords", "Wall of Swords")
    d = run(duel(a, b, "seven-card", pool=pool), "play first", "play:Air Elemental", "respond:Wall of Swords")
    assert d.result()["life"] == {"A": 14, "B": 14}
    assert [c.name for c in d.sides["B"].deck.graveyard] == ["Wall of Swords"]
    d = run(d, "play:Wall of Swords", "pass")  # A cannot answer it: the wall resolves
    assert d.sides["A"].life == 14 and d.sides["B"].damage_dealt == 0
    assert any(e.kind == "play" and "does not attack" in e.label for e in d.log)
    assert is_wall(WALL) and not is_wall(POOL.get("Air Elemental"))


def test_only_flying_or_reach_blocks_a_flier():
    a = wizard("A", "Air Elemental", "Lava Axe", dx=2)
    b = wizard("B", "Grizzly Bears", "Giant Spider")
    d = run(duel(a, b, "seven-card"), "play first", "play:Air Elemental")
    assert "respond Grizzly Bears" not in said(d)
    with pytest.raises(RuleError, match="flies"):
        d.push_text("respond:Grizzly Bears")
    run(d, "respond:Giant Spider")
    assert d.result()["life"]["B"] == 14


def test_a_creature_blocks_only_an_attacking_creature_not_a_spell():
    # "Seven Card Duel": creatures in hand block attacking creatures; a spell is answered only by an interrupt
    a = wizard("A", "Lava Axe", "Shock", dx=2)
    b = wizard("B", "Grizzly Bears", "Giant Spider")
    d = run(duel(a, b, "seven-card"), "play first", "play:Lava Axe")
    assert "respond Grizzly Bears" not in said(d)
    before = d.to_dict()
    with pytest.raises(RuleError, match="a blocker needs an attacking creature"):
        d.push_text("respond:Grizzly Bears")
    assert d.to_dict() == before
    run(d, "pass")
    assert d.result()["life"]["B"] == 14 - 5  # Lava Axe is not blocked


# -- limited turns ------------------------------------------------------------------------------------

def test_limited_turns_draw_each_turn_except_the_first_and_end_after_the_turns():
    a = wizard("A", "Shock", "Shock", "Shock", "Shock", "Shock", "Shock", dx=2, hand=1)
    b = wizard("B", "Forest", "Forest", "Forest", "Forest", "Forest", "Forest", hand=1)
    d = run(duel(a, b, "limited-turns", turns=5), "play first")
    assert len(d.sides["A"].deck.hand) == 1  # no draw on the very first turn
    for turn in range(1, 6):
        run(d, "play:Shock", "pass")
        if d.is_terminal():
            break
        assert len(d.sides["B"].deck.hand) == 1 + turn  # B draws at the start of each turn and passes
        run(d, "pass")
    assert d.is_terminal()
    assert d.result()["life"] == {"A": 14, "B": 4}
    assert d.turns_started == {"A": 5, "B": 5}


def test_limited_turns_must_be_a_standard_limit():
    with pytest.raises(InputError, match="5, 7, 10, 15"):
        duel(wizard("A", "Shock"), wizard("B", "Shock"), "limited-turns", turns=6)


def test_running_out_of_library_loses():
    a = wizard("A", "Shock", dx=2, hand=1)
    b = wizard("B", "Forest", "Forest", hand=1)
    d = run(duel(a, b, "limited-turns", turns=5), "play first", "play:Shock", "pass", "pass")
    assert d.is_terminal() and d.result()["winner"] == "B"
    assert "library" in d.result()["reason"]


# -- victory conditions -------------------------------------------------------------------------------

def test_first_blood_wins_at_once():
    a = wizard("A", "Shock", "Lava Axe", dx=2)
    b = wizard("B", "Lava Axe", "Lava Axe")
    d = run(duel(a, b, "three-card", victory="first blood"), "play first", "play:Shock", "pass")
    assert d.result()["winner"] == "A" and d.result()["reason"] == "first blood to A"


def test_unconsciousness_ends_the_duel_at_once_and_puts_items_at_risk():
    a = wizard("A", "Lava Axe", dx=2)
    b = wizard("B", "Shock", life=5)
    d = run(duel(a, b), "play first", "play:Lava Axe")
    assert d.result()["winner"] == "A" and "unconscious" in d.result()["reason"]
    assert d.result()["items_at_risk"] == ["B"]


def test_ten_damage_from_one_source_puts_items_at_risk():
    big = wizard("A", "Mountain", dx=2, life=20)
    giant = wizard("B", "Lava Axe", life=20)
    d = run(duel(big, giant, settings=Settings(item_destruction_damage=5)), "play first", "play:Mountain",
            "play:Lava Axe")
    assert d.result()["items_at_risk"] == ["A"]
    assert d.result()["winner"] == "B"
    d = run(duel(big, giant), "play first", "play:Mountain", "play:Lava Axe")
    assert d.result()["items_at_risk"] == []


def test_unconsciousness_or_yield_plays_on_until_one():
    a = wizard("A", "Shock", "Shock", "Forest", dx=2)
    b = wizard("B", "Forest", "Forest", "Forest")
    d = run(duel(a, b, victory="unconsciousness or yield"), "play first", "play:Shock", "play:Forest")
    assert not d.is_terminal() and d.tiebreaks == 1
    run(d, "play:Shock", "yield")
    assert d.result()["winner"] == "A" and d.result()["reason"] == "B yielded"


def test_most_damage_can_differ_from_most_life():
    a = wizard("A", "Shock", "Natural Spring", dx=2, life=10)
    b = wizard("B", "Volcanic Hammer", "Forest", life=20)
    d = run(duel(a, b, "three-card", victory="most damage"), "play first", "play:Shock", "pass",
            "play:Volcanic Hammer", "pass", "play:Natural Spring", "pass", "play:Forest", "pass")
    assert d.result()["damage"] == {"A": 2, "B": 3}
    assert d.result()["winner"] == "B"
    assert d.result()["life"] == {"A": 10, "B": 18}  # the gain heals only up to the starting 10


def test_x_counts_one_in_a_quick_duel_and_is_a_setting():
    d = run(duel(wizard("A", "Blaze", dx=2), wizard("B", "Forest")), "play first", "play:Blaze")
    assert d.sides["B"].life == 13
    d = run(duel(wizard("A", "Blaze", dx=2), wizard("B", "Forest"), settings=Settings(duel_x_value=3)),
            "play first", "play:Blaze")
    assert d.sides["B"].life == 11


def test_ante_goes_to_the_victor():
    a = wizard("A", "Lava Axe", "Lava Axe", dx=2, hand=1)
    b = wizard("B", "Shock", "Shock", hand=1)
    d = duel(a, b, ante=True)
    assert {n: s.ante for n, s in d.sides.items()} == {"A": "Lava Axe", "B": "Shock"}
    assert len(d.sides["A"].deck.library) == 0
    run(d, "play first", "play:Lava Axe", "play:Shock")
    assert (d.result()["winner"], d.result()["ante_won"]) == ("A", "Shock")


def test_a_saved_wizard_after_an_ante_duel():
    # Sarin (life 14) and Mord hold two cards each; each antes one and plays the other.
    sarin = replace(example_character(), library=("Lava Axe", "Lava Axe"))
    mord = replace(example_character(), name="Mord", library=("Shock", "Shock"))
    decks = {w.name: SpellDeck.build([POOL.get(n) for n in w.library], hand_size=4) for w in (sarin, mord)}
    a, b = (duellist_for(w, decks[w.name]) for w in (sarin, mord))
    assert (a.life, a.library) == (14, ("Lava Axe", "Lava Axe"))
    d = run(duel(replace(a, dexterity=3, initiative=3, hand_size=1), replace(b, hand_size=1), ante=True),
            "play first", "play:Lava Axe", "play:Shock")
    terms = (Ritual.challenge("Sarin", "Mord").state_length("Mord", "quick duel 1 card")
             .proclaim_stakes("Sarin", "ante").set_victory("Mord", "most life").terms())
    settlement = settle(terms, d.result()["winner"], ante={n: s.ante for n, s in d.sides.items() if s.ante})
    won = after_duel(sarin, decks["Sarin"], d.sides["Sarin"], settlement, Randomness.scripted([]))
    lost = after_duel(mord, decks["Mord"], d.sides["Mord"], settlement, Randomness.scripted([]))
    # Sarin took 2 from the Shock, spent one Lava Axe and gains Mord's ante Shock for good
    assert (current_life(won), won.library, won.spare_cards) == (12, ("Lava Axe", "Lava Axe"), ("Shock",))
    assert [c.name for c in decks["Sarin"].graveyard] == ["Lava Axe"]
    # Mord took 5, spent one Shock, and the ante Shock leaves the library and the deck
    assert (current_life(lost), lost.library) == (9, ("Shock",))
    assert decks["Mord"].available() == [] and [c.name for c in decks["Mord"].graveyard] == ["Shock"]


def test_a_scroll_works_as_its_spell_once_and_one_item_a_turn():
    a = replace(wizard("A", "Shock", "Shock", dx=2), items=("Lava Axe", "Lava Axe", "Giant Growth"))
    d = run(duel(a, wizard("B", "Forest", "Forest"), kind="three-card"), "play first")
    # Giant Growth has no quick-duel effect; the Lava Axe scroll does, and the simple player uses it
    assert said(d) == ["play Shock", "use Lava Axe", "yield"]
    assert d.action_text(choose_action(d)) == "use Lava Axe"
    before = d.to_dict()
    with pytest.raises(RuleError, match="no scroll or potion of 'Shivan Dragon'"):
        d.push_text("use:Shivan Dragon")
    assert d.to_dict() == before
    run(d, "use:Lava Axe")
    assert d.sides["B"].life == 9 and d.sides["A"].items == ["Lava Axe", "Giant Growth"]
    assert d.observation("B")["sides"][0]["items"] is None  # the opponent's scrolls stay hidden
    with pytest.raises(RuleError, match="one magic item") as info:
        d.push_text("use:Lava Axe")
    assert info.value.rule == "Number of Actions"
    run(d, "play:Shock", "pass")  # the turn's card still comes; B lets it through
    assert d.sides["B"].life == 7
    assert QuickDuel.from_dict(json.loads(json.dumps(d.to_dict()))).to_dict() == d.to_dict()


def test_scrolls_used_in_a_duel_leave_the_sheet():
    sarin = replace(example_character(), library=("Shock",) * 4, scrolls=("Lava Axe",), potions=("Lava Axe",))
    deck = SpellDeck.build([POOL.get("Shock")] * 4, hand_size=4)
    assert duellist_for(sarin, deck).items == ("Lava Axe", "Lava Axe")
    side = DuelSide("Sarin", SpellDeck.build([], hand_size=4), 14, 14, 0, 2, items=["Lava Axe"])
    terms = (Ritual.challenge("Sarin", "Mord").state_length("Mord", "quick duel 3 cards")
             .proclaim_stakes("Sarin", "honor or bragging rights").set_victory("Mord", "most life").terms())
    after = after_duel(sarin, deck, side, settle(terms, "Sarin"), Randomness.scripted([]))
    assert (after.scrolls, after.potions) == ((), ("Lava Axe",))  # the scroll goes first


def test_spell_preparation_puts_the_chosen_spell_in_the_first_hand():
    a = replace(wizard("A", "Forest", "Forest", "Forest", "Lava Axe", hand=2, dx=2), prepared="lava axe")
    d = duel(a, wizard("B", "Shock", "Shock"))
    hand = [c.name for c in d.sides["A"].deck.hand]
    assert len(hand) == 2 and "Lava Axe" in hand
    with pytest.raises(RuleError, match="cannot prepare Shivan Dragon"):
        duel(replace(a, prepared="Shivan Dragon"), wizard("B", "Shock", "Shock"))
    # a saved Wizard with the feat prepares the strongest card unless told; without it, none
    sarin = replace(example_character(), feats=(TakenFeat("Spell Preparation"),))
    deck = SpellDeck.build([POOL.get(n) for n in ("Shock", "Lava Axe", "Forest")], hand_size=4)
    assert duellist_for(sarin, deck).prepared == "Lava Axe"
    assert duellist_for(sarin, deck, prepare="Shock").prepared == "Shock"
    with pytest.raises(RuleError, match="Spell Preparation feat"):
        duellist_for(example_character(), deck, prepare="Shock")


def test_slight_of_hand_gives_up_the_cheapest_of_three_for_the_ante():
    # the three cards drawn are the whole library: Shock (1) is given up, not Lava Axe (5) or the Dragon (6)
    a = replace(wizard("A", "Lava Axe", "Shock", "Shivan Dragon", hand=1, dx=2), sleight_of_hand=True)
    d = duel(a, wizard("B", "Forest", "Forest"), ante=True)
    assert d.sides["A"].ante == "Shock"
    kept = sorted(c.name for c in [*d.sides["A"].deck.hand, *d.sides["A"].deck.library.cards])
    assert kept == ["Lava Axe", "Shivan Dragon"]
    assert duellist_for(replace(example_character(), feats=(TakenFeat("Slight of Hand"),)),
                        SpellDeck.build([POOL.get("Shock")], hand_size=4)).sleight_of_hand


def test_a_wizard_knocked_out_in_a_duel_loses_the_hand():
    sarin = replace(example_character(), library=("Lava Axe",) * 6)
    terms = (Ritual.challenge("Sarin", "Mord").state_length("Mord", "quick duel 1 card")
             .proclaim_stakes("Sarin", "honor or bragging rights").set_victory("Mord", "most life").terms())
    settlement = settle(terms, "Mord")
    for life, hand_left in ((2, 4), (-1, 0)):
        saved = SpellDeck.build([POOL.get("Lava Axe")] * 6, hand_size=4)
        saved.refill(Randomness.scripted([]))
        # the duel drew its hand of four from the same cards and ended holding them
        side = DuelSide("Sarin", SpellDeck(Deck([]), [POOL.get("Lava Axe")] * 4, hand_size=4), life, 14, 0, 2)
        after = after_duel(sarin, saved, side, settlement, Randomness.scripted([]))
        # conscious, the hand is kept; at 0 life or less it goes to the graveyard until renewal
        assert (current_life(after), len(saved.hand), len(saved.graveyard)) == (life, hand_left, 4 - hand_left)


def test_the_saved_hand_after_a_duel_is_the_hand_the_duel_left():
    # Sarin held four Shocks when the duel began; the duel drew Lava Axes and ended holding three of them
    sarin = replace(example_character(), library=("Shock",) * 4 + ("Lava Axe",) * 5)
    saved = SpellDeck(Deck([POOL.get("Lava Axe")] * 5), [POOL.get("Shock")] * 4, hand_size=4)
    side = DuelSide("Sarin", SpellDeck(Deck([], discards=[POOL.get("Lava Axe")]), [POOL.get("Lava Axe")] * 3,
                                       hand_size=4), 9, 14, 0, 2)
    terms = (Ritual.challenge("Sarin", "Mord").state_length("Mord", "quick duel 1 card")
             .proclaim_stakes("Sarin", "honor or bragging rights").set_victory("Mord", "most life").terms())
    after_duel(sarin, saved, side, settle(terms, "Sarin"), Randomness.scripted([]))
    # the three Lava Axes held, drawn back up to four from the library (the Shocks went back into it)
    assert sorted(c.name for c in saved.hand)[:3] == ["Lava Axe"] * 3 and len(saved.hand) == 4
    assert [c.name for c in saved.graveyard] == ["Lava Axe"]


# -- legality, saving, hidden life ------------------------------------------------------------------------

def test_illegal_play_changes_nothing():
    d = run(duel(wizard("A", "Lava Axe", dx=2), wizard("B", "Shock")), "play first")
    before = d.to_dict()
    with pytest.raises(RuleError, match="not in the hand"):
        d.push_text("play:Shock")
    with pytest.raises(RuleError, match="card must be played"):
        d.push_text("pass")
    assert d.to_dict() == before


def test_round_trip_mid_duel_and_continue_identically():
    a = wizard("A", "Lava Axe", "Shock", "Rewind", dx=2)
    b = wizard("B", "Rewind", "Shock", "Grizzly Bears")
    d = run(duel(a, b, "three-card"), "play first", "play:Lava Axe")
    raw = json.loads(json.dumps(d.to_dict()))
    copy = QuickDuel.from_dict(raw)
    assert copy.to_dict() == d.to_dict()
    play_out(d)
    play_out(copy)
    assert copy.to_dict() == d.to_dict()


def test_life_is_hidden_from_the_opponent():
    d = run(duel(wizard("A", "Lava Axe", "Shock", dx=2), wizard("B", "Shock", "Shock")), "play first")
    seen = d.observation("A")
    mine, theirs = seen["sides"]
    assert mine["life"] == 14 and theirs["life"] is None
    assert theirs["hand"] == 2
    assert "rng" not in seen and "log" not in seen
    with pytest.raises(InputError):
        d.observation("C")


def test_same_seed_same_duel():
    cards = list(POOL)
    results = []
    for _ in range(2):
        rng = Randomness.seeded(5)
        lib_a = tuple(c.name for c in truncated_deck(cards, rng))
        lib_b = tuple(c.name for c in truncated_deck(cards, rng))
        d = QuickDuel.start(wizard("A", *lib_a, hand=4), wizard("B", *lib_b, hand=5), "seven-card", rng)
        results.append(json.dumps(play_out(d).to_dict()))
    assert results[0] == results[1]


def test_simple_player_answers_a_big_threat():
    a = wizard("A", "Lava Axe", dx=2)
    b = wizard("B", "Rewind", "Shock")
    d = run(duel(a, b, "three-card"), "play first", "play:Lava Axe")
    assert d.action_text(choose_action(d)) == "respond Rewind"


# -- decks and effect data --------------------------------------------------------------------------------

def test_truncated_deck_is_7_land_and_14_spells():
    library = [POOL.get("Forest")] * 30 + [POOL.get("Grizzly Bears")] * 30
    picked = truncated_deck(library, Randomness.seeded(1))
    assert (sum(c.is_land for c in picked), sum(not c.is_land for c in picked)) == (7, 14)


def test_shipped_effects_are_ninth_edition_instants_and_sorceries():
    effects = quick_effects()
    assert effects["shock"].parts[0].amount == 2
    assert effects["lava axe"].parts[0].amount == 5
    assert effects["remove soul"].parts[0].counters == "creature"
    for effect in effects.values():
        card = POOL.get(effect.name)
        assert {"Instant", "Sorcery"} & set(card.types)


def test_creature_power_star_counts_zero():
    assert creature_power(POOL.get("Nightmare")) == 0
    assert creature_power(POOL.get("Craw Wurm")) == 6


@pytest.mark.parametrize(("text", "message"), [
    ('[[card]]\nname = "Shock"\neffects = [{ kind = "burn", amount = 2 }]\n', "unknown effect"),
    ('[[card]]\nname = "Shoc"\neffects = [{ kind = "damage", amount = 2 }]\n', "did you mean"),
    ('[[card]]\nname = "Grizzly Bears"\neffects = [{ kind = "damage", amount = 2 }]\n', "not an instant"),
    ('[[card]]\nname = "Shock"\neffects = [{ kind = "damage" }]\n', "needs an amount"),
    ("[[card]\n", "not valid TOML"),
])
def test_bad_effect_files_are_refused_whole(text, message):
    with pytest.raises(DataError, match=message):
        parse_effects(text)


# -- the ritual -----------------------------------------------------------------------------------------------

def ritual():
    return Ritual.challenge("Sarin", "Mord")


def test_the_four_steps_in_order():
    terms = (ritual().state_length("Mord", "Quick duel 7 cards").proclaim_stakes("Sarin", "Ante")
             .set_victory("Mord", "first blood").terms())
    assert (terms.kind, terms.stakes, terms.victory) == ("seven-card", "ante", "first blood")
    limited = ritual().state_length("Mord", "limited 10 rounds").proclaim_stakes("Sarin", "death")
    assert limited.set_victory("Mord", "most damage").terms().turns == 10


def test_length_for_each_quick_duel():
    assert length_for("three-card") == "quick duel 3 cards"
    assert length_for("limited-turns", 15) == "limited 15 rounds"
    with pytest.raises(InputError):
        length_for("limited-turns", 6)


def test_steps_alternate_and_keep_their_order():
    with pytest.raises(RuleError, match="defending Wizard, Mord"):
        ritual().state_length("Sarin", "quick duel 1 card")
    with pytest.raises(RuleError, match="in order"):
        ritual().proclaim_stakes("Sarin", "ante")
    with pytest.raises(RuleError, match="challenging Wizard, Sarin"):
        ritual().state_length("Mord", "quick duel 1 card").proclaim_stakes("Mord", "ante")
    with pytest.raises(RuleError, match="not finished"):
        ritual().state_length("Mord", "quick duel 1 card").terms()
    with pytest.raises(InputError, match="unknown stake"):
        ritual().state_length("Mord", "quick duel 1 card").proclaim_stakes("Sarin", "a kiss")


def test_refused_challenge_leaves_the_challenger_unbound():
    refused = Ritual.challenge("Sarin", "Mord", accepted=False)
    assert refused.challenger_unbound
    with pytest.raises(RuleError, match="not accepted"):
        refused.state_length("Mord", "quick duel 1 card")


def test_simultaneous_challenge_initiative_winner_picks_the_challenger():
    r = Ritual.simultaneous("Sarin", "Mord", initiative_winner="Mord", chosen_challenger="Sarin")
    assert (r.challenger, r.defender) == ("Sarin", "Mord")
    r = Ritual.simultaneous("Sarin", "Mord", initiative_winner="Sarin", chosen_challenger="Mord")
    assert (r.challenger, r.defender) == ("Mord", "Sarin")


def test_settlement_ante_backlash_and_outside_help():
    terms = (ritual().state_length("Mord", "quick duel 3 cards").proclaim_stakes("Sarin", "ante")
             .set_victory("Mord", "most life").terms())
    ante = {"Sarin": "Shock", "Mord": "Grizzly Bears"}
    won = settle(terms, "Sarin", ante=ante)
    assert (won.loser, won.ante_won, won.backlash) == ("Mord", ("Grizzly Bears",), False)
    assert settle(terms, "Sarin", ante=ante, loser_pays=False).backlash
    helped = settle(terms, "Sarin", ante=ante, outside_help="Sarin")
    assert (helped.winner, helped.ante_won) == ("Mord", ("Shock",))
    with pytest.raises(RuleError, match="ante card from each"):
        settle(terms, "Sarin")


# -- properties -------------------------------------------------------------------------------------------------

KIND_TURNS = [("single-card", 0), ("three-card", 0), ("seven-card", 0), ("limited-turns", 5)]


def held(d, name):
    side = d.sides[name]
    cards = [c.name for c in (*side.deck.hand, *side.deck.library.all_cards())]
    if d.pending and d.active == name:
        cards.append(d.pending)
    if side.ante:
        cards.append(side.ante)
    return sorted(cards)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), kind=st.sampled_from(KIND_TURNS),
       victory=st.sampled_from(["most life", "first blood", "unconsciousness or yield", "most damage"]))
def test_duels_end_keep_every_card_and_round_trip(seed, kind, victory):
    rng = Randomness.seeded(seed)
    cards = list(POOL)
    lib_a = tuple(c.name for c in truncated_deck(cards, rng))
    lib_b = tuple(c.name for c in truncated_deck(cards, rng))
    d = QuickDuel.start(wizard("A", *lib_a, hand=4), wizard("B", *lib_b, hand=5), kind[0], rng, turns=kind[1],
                        victory=victory, ante=True)
    for step in range(400):
        if d.is_terminal():
            break
        assert held(d, "A") == sorted(lib_a) and held(d, "B") == sorted(lib_b)
        d.apply(choose_action(d))
        if step % 7 == 0:
            d = QuickDuel.from_dict(json.loads(json.dumps(d.to_dict())))
    assert d.is_terminal()
    result = d.result()
    assert {result["winner"], result["loser"]} == {"A", "B"}
    assert held(d, "A") == sorted(lib_a) and held(d, "B") == sorted(lib_b)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), kind=st.sampled_from(KIND_TURNS),
       picks=st.lists(st.tuples(st.booleans(), st.integers(0, 1000)), min_size=1, max_size=80))
def test_random_legal_and_illegal_actions(seed, kind, picks, walk_duel, duel_illegal_candidates):
    """Illegal actions raise RuleError and change nothing; the state round-trips at every step (GameState)."""
    rng = Randomness.seeded(seed)
    cards = list(POOL)
    lib_a = tuple(c.name for c in truncated_deck(cards, rng))
    lib_b = tuple(c.name for c in truncated_deck(cards, rng))
    d = QuickDuel.start(wizard("A", *lib_a, hand=4), wizard("B", *lib_b, hand=5), kind[0], rng, turns=kind[1],
                        ante=True)
    walk_duel(d, picks, duel_illegal_candidates)
