"""The round (seed 003 Gameplay), your actions and their refusals, game end, saves and bot games."""

import json

import pytest

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mage_wars import dummy
from magecraft.mage_wars.actions import (
    Cast,
    DoNothing,
    Guard,
    Move,
    Pass,
    Plan,
    QuickCast,
    Reveal,
    Strike,
    actor_of,
)
from magecraft.mage_wars.bot import choose
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.combat import apply_condition
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.matches import dummy_turns, play_to_end, run_matches
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU


def play(game, action):
    """Your ``action``, then the Dummy Mage's turns (its seat, played by its rule bot) until you decide again."""
    game.apply(action)
    return dummy_turns(game)


def settle(game):
    """A position arranged by hand run on through the Dummy Mage's turns to your decision."""
    game.advance()
    return dummy_turns(game)


def _new(seed=5, **settings):
    return MageWarsGame.new(Randomness.seeded(seed), ready_spellbooks()["Wizard"], Settings(**settings))


def test_setup_decks_life_initiative_and_first_channel():
    game = _new()
    assert {k: len(d) for k, d in game.decks.items()} == {"creature": 15, "enchantment": 10, "incantation": 10,
                                                         "attack": 10}
    assert game.dummy.life == 38 and game.you.life == 32
    assert game.initiative == DUMMY and game.round == 1
    assert game.pending == "plan" and game.mana == 20
    # "put it in the opposing starting zone": your mage D3, the Dummy Mage the opposite corner A1
    assert (game.you.zone, game.dummy.zone) == ("D3", "A1")


def test_the_dummy_mage_quick_casts_in_both_quick_cast_stages(build, says):
    # Setup 3: "the DM will Quick Cast/Act twice per round", in Stages 1 and 3. Each time it rolls 1 (move)
    # and 1 (north): against the arena edge at A1 it stays.
    game = build([1, 1, 1, 1], you="D3", dummy="A1")
    settle(game)
    assert (game.stage, game.pending) == ("creatures", "activate")
    play(game, DoNothing(YOU, "D3"))
    assert game.stage == "ready" and game.round == 2
    assert says(game).count("rolled 1: move") == 2


def test_the_dummy_mage_life_is_a_setting():
    assert _new(dummy_life=20).dummy.life == 20


def test_with_initiative_the_dummy_mage_quick_casts_first():
    game = _new()
    play(game, Plan(("Jet Stream",)))
    kinds = [e.kind for e in game.log]
    plan_at = next(i for i, e in enumerate(game.log) if e.label.startswith("you chose: plan"))
    assert "dummy" in kinds[plan_at:]
    assert game.pending in ("quick_cast", "activate")


def test_with_initiative_the_dummy_mage_acts_before_you_may_quick_cast(build, says):
    # Your planned Jet Stream could hit the Dummy Mage next door, yet it has initiative: it rolls 1 (move)
    # and 1 (north: stays in A1) before you are asked.
    game = build([1, 1], dummy="A1", you="B1", stage="quick_cast_1")
    game.planned = ["Jet Stream"]
    settle(game)
    assert says(game) == ["rolled 1: move", "rolled 1: north, but the arena wall is there: stays in A1"]
    assert (game.pending, game.done) == ("quick_cast", {YOU: False, DUMMY: True})


def test_passing_your_first_quick_cast_lets_the_dummy_mage_act_first(build, says):
    game = build([1, 5], dummy="A2", you="B2", spellbook=(), stage="quick_cast_1")
    game.initiative = YOU
    game.planned = ["Jet Stream"]
    settle(game)
    assert game.pending == "quick_cast" and says(game) == []
    play(game, Pass())
    assert says(game)[-1] == "rolled 5: moves one zone east to B2"
    assert game.pending == "quick_cast"
    play(game, Pass())
    assert game.stage == "creatures" and game.pending == "activate"


def test_reset_channel_and_upkeep_in_the_ready_stage(build):
    game = build([], mana=3, creatures=[(YOU, "Timber Wolf", "B2", 0), (DUMMY, "Darkfenne Hydra", "B1", 4)])
    game.units["y1"].ready = False
    game.units["y1"].guarding = True
    game.units["y1"].add_condition("Daze")
    game.units["y1"].add_condition("Slam")
    game.ready_stage()
    wolf = game.units["y1"]
    # The Slam ends with the round; the Daze waits for the Wolf's next activation (A18).
    assert wolf.ready and not wolf.guarding and wolf.conditions == {"Daze": 1}
    assert game.mana == 13
    assert game.units["d2"].damage == 2
    assert game.initiative == YOU and game.round == 2
    game = build([], creatures=[(YOU, "Timber Wolf", "B2", 0)], settings=Settings(daze_ends="reset"))
    game.units["y1"].add_condition("Daze")
    game.ready_stage()
    assert game.units["y1"].conditions == {}


def _unchanged(game, action):
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(RuleError):
        play(game, action)
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_illegal_plans_change_nothing():
    game = _new()
    _unchanged(game, Plan(("Jet Stream", "Fireball", "Heal")))
    _unchanged(game, Plan(("Banish", "Banish")))
    _unchanged(game, Plan(("Iron Golem",)))
    _unchanged(game, Pass())


def test_a_full_action_spell_cannot_be_quick_cast(build):
    # Thunderbolt is a full-action spell: refused in the quick cast stage for that reason alone (mana and
    # range are enough), and castable as your mage's action
    game = build([], you="D3", dummy="C3", mana=30)
    game.pending, game.planned = "quick_cast", ["Thunderbolt"]
    refusal = game.why_illegal(QuickCast("Thunderbolt", DUMMY))
    assert refusal is not None and refusal.rule == "Quickcast" and "full-action" in refusal.message
    game.stage, game.pending, game.turn = "creatures", "activate", YOU
    assert game.why_illegal(Cast("D3", "Thunderbolt", DUMMY)) is None


def test_illegal_activations_change_nothing(build):
    game = build([], you="D3", dummy="A1", stage="creatures", mana=3, spellbook=(),
                 creatures=[(YOU, "Timber Wolf", "D3", 0), (DUMMY, "Bitterwood Fox", "B1", 0)])
    game.pending = "activate"
    game.planned = ["Fireball", "Thunderbolt"]
    _unchanged(game, Move("y1", "A3"))
    _unchanged(game, Strike("y1", "C3", "Bite", "d2"))
    _unchanged(game, Cast("D3", "Fireball", "d2"))
    _unchanged(game, DoNothing("d2", "B1"))
    _unchanged(game, Pass())
    _unchanged(game, QuickCast("Fireball", "d2"))
    game.units["y1"].ready = False
    _unchanged(game, Guard("y1", "D3"))


@pytest.mark.parametrize(("card", "quick", "full"), [("Timber Wolf", 1, 2), ("Bitterwood Fox", 2, 3),
                                                     ("Iron Golem", 0, 1)])
def test_fast_and_slow_change_how_far_a_creature_moves(build, card, quick, full):
    # a quick action moves 1 zone and a full action 2; Fast adds one to each, a Slow creature moves only as
    # its full action, 1 zone; a Crippled one not at all
    game = build([], creatures=[(YOU, card, "B2", 0)])
    unit = game.units["y1"]
    assert (unit.quick_moves, unit.full_moves) == (quick, full)
    unit.add_condition("Cripple")
    assert (unit.quick_moves, unit.full_moves) == (0, 0)


def test_your_quick_casts_and_activations(build):
    game = build([3, 3, 1], you="D3", dummy="D1", stage="creatures", mana=20,
                 creatures=[(YOU, "Bitterwood Fox", "D3", 0)])
    game.pending = "activate"
    game.turn = YOU
    game.planned = ["Jet Stream", "Timber Wolf"]
    fox = game.units["y1"]
    # The Fox is Fast: two zones and a quick attack.
    assert Strike("y1", "D1", "Bite", DUMMY) in game.legal_actions()
    game.check(Cast("D3", "Jet Stream", DUMMY))
    play(game, Strike("y1", "D1", "Bite", DUMMY))
    assert fox.zone == "D1" and game.dummy.damage == 2


def test_summoned_creatures_wait_for_the_next_reset(build):
    game = build([], you="D3", dummy="A1", stage="creatures", mana=20,
                 creatures=[(YOU, "Bitterwood Fox", "D3", 0)])
    game.pending = "activate"
    game.turn = YOU
    game.planned = ["Timber Wolf"]
    play(game, Cast("D3", "Timber Wolf"))
    wolf = next(u for u in game.units.values() if u.name == "Timber Wolf")
    assert (wolf.zone, wolf.ready, wolf.fresh, game.mana) == ("D3", False, True, 11)
    assert game.pending == "activate"
    assert {actor_of(a) for a in game.legal_actions()} == {"y1"}


@pytest.mark.parametrize(("mana", "allowed"), [(9, True), (8, False)])
def test_a_spell_needs_its_whole_mana_cost(build, mana, allowed):
    # the Timber Wolf costs 9 mana: with 9 it may be cast, with 8 it is refused naming the rule
    game = build([], you="D3", dummy="A1", stage="creatures", mana=mana)
    game.pending, game.turn, game.planned = "activate", YOU, ["Timber Wolf"]
    cast = Cast("D3", "Timber Wolf")
    refusal = game.why_illegal(cast)
    if allowed:
        assert refusal is None and cast in game.legal_actions()
    else:
        assert refusal is not None and refusal.rule == "Mana"


def test_stunned_creatures_can_only_spend_their_action(build):
    game = build([], stage="creatures", creatures=[(YOU, "Timber Wolf", "D3", 0)])
    game.pending = "activate"
    game.units["y1"].add_condition("Stun")
    options = [a for a in game.legal_actions() if actor_of(a) == "y1"]
    assert options == [DoNothing("y1", "D3")]


def test_every_legal_action_passes_check():
    game = _new(seed=11)
    seen = 0
    while not game.is_terminal() and seen < 25:
        for action in game.legal_actions()[:200]:
            assert game.why_illegal(action) is None, action
        play(game, choose(game))
        seen += 1
    assert seen == 25


def test_alternate_end_compares_kills_with_the_multiplier(build):
    game = build([], creatures=[(DUMMY, "Bitterwood Fox", "B2", 0)])
    game.kills = {"by_you": 1, "by_dummy": 3}
    game.deal_damage(game.units["d1"], 5, by=YOU)
    # 1 + 5 = 6 does not exceed 3 x 2 = 6.
    assert game.winner == DUMMY
    game = build([], creatures=[(DUMMY, "Bitterwood Fox", "B2", 0)])
    game.kills = {"by_you": 10, "by_dummy": 2}
    game.deal_damage(game.units["d1"], 5, by=YOU)
    assert game.winner == YOU and game.kills["by_you"] == 15
    game = build([], settings=Settings(alternate_end=False), creatures=[(DUMMY, "Bitterwood Fox", "B2", 0)])
    game.deal_damage(game.units["d1"], 5, by=YOU)
    assert game.winner is None


def test_no_alternate_end_while_the_creature_deck_holds_cards(build):
    # Seed 003 Game End: both conditions are needed -- its creature deck exhausted AND its creatures gone.
    game = build([], decks={"creature": ["Timber Wolf"]}, creatures=[(DUMMY, "Bitterwood Fox", "B2", 0)])
    game.deal_damage(game.units["d1"], 5, by=YOU)
    assert (game.winner, game.kills["by_you"]) == (None, 5)
    game = build([], creatures=[(DUMMY, "Bitterwood Fox", "B2", 0), (DUMMY, "Darkfenne Bat", "A1", 0)])
    game.deal_damage(game.units["d1"], 5, by=YOU)
    assert game.winner is None
    game.deal_damage(game.units["d2"], 4, by=YOU)
    assert game.winner == YOU
    assert game.end_reason == "alternate end: you killed 10 mana of creatures against 0 x2 = 0"


def test_a_game_past_max_rounds_is_a_draw():
    # Nobody can take 32 or 38 life in one round, so the round limit ends it.
    game = play_to_end(_new(seed=2, max_rounds=1))
    assert (game.winner, game.round, game.end_reason) == ("draw", 1, "no winner after 1 rounds")
    assert game.legal_actions() == []


def test_save_round_trip_and_same_future(tmp_path):
    game = _new(seed=21)
    for _ in range(12):
        play(game, choose(game))
    raw = game.to_dict()
    store = SaveStore(tmp_path / "s.sqlite3")
    store.create("duel", "mage_wars", "game", raw)
    loaded = MageWarsGame.from_dict(store.load("duel", "mage_wars", "game").state)
    assert loaded.to_dict() == raw
    game.quickcast_used, game.mage_next, game.you_passed = True, True, True     # mid-round flags survive too
    flags = MageWarsGame.from_dict(game.to_dict())
    assert (flags.quickcast_used, flags.mage_next, flags.you_passed) == (True, True, True)
    game.quickcast_used, game.mage_next, game.you_passed = (loaded.quickcast_used, loaded.mage_next,
                                                            loaded.you_passed)
    play_to_end(game)
    play_to_end(loaded)
    assert json.dumps(loaded.to_dict(), sort_keys=True) == json.dumps(game.to_dict(), sort_keys=True)
    assert loaded.winner is not None


def test_30_seeded_bot_games_finish_and_repeat():
    books = ready_spellbooks()
    first = run_matches(30, 100, books["Priestess"], "Priestess")
    assert first.you_wins + first.dummy_wins + first.draws == 30
    assert 1 <= first.total_rounds / 30 <= 40
    assert run_matches(5, 100, books["Priestess"], "Priestess") == run_matches(5, 100, books["Priestess"],
                                                                             "Priestess")


def test_a_stunned_mage_cannot_quick_cast_an_attack_but_may_cast_other_quick_spells(build, says):
    # After your Knockdown the Dummy Mage's quick cast: 1 (move) and 1 (north: it stays).
    game = build([1, 1], you="B1", dummy="A1", stage="quick_cast_1", mana=20)
    game.pending = "quick_cast"
    game.planned = ["Jet Stream", "Knockdown"]
    assert QuickCast("Jet Stream", DUMMY) in game.legal_actions()
    game.you.add_condition("Stun")
    # Codex, Incapacitated: a mage still casts quick spells that are not attacks.
    assert {a.spell for a in game.legal_actions() if isinstance(a, QuickCast)} == {"Knockdown"}
    _unchanged(game, QuickCast("Jet Stream", DUMMY))
    play(game, QuickCast("Knockdown", DUMMY))
    # Knocked down, the Dummy Mage stands up dazed at its quick cast and acts (Codex, Slam); the Daze
    # goes when that action ends (A18).
    assert says(game)[:2] == ["knocked down: stands up dazed and acts", "rolled 1: move"]
    assert game.dummy.conditions == {}
    assert "Warlock (dummy) is no longer dazed" in [e.label for e in game.log]


def test_a_stunned_mage_spends_its_action_or_casts_a_quick_spell_that_is_not_an_attack(build):
    # After your action the Dummy Mage's final quick cast: 1 (move) and 1 (north: it stays).
    game = build([1, 1], you="B1", dummy="A1", stage="creatures", mana=20,
                 creatures=[(DUMMY, "Timber Wolf", "A1", 0)])
    game.units["d1"].ready = False
    game.pending, game.turn, game.planned = "activate", YOU, ["Jet Stream", "Knockdown", "Timber Wolf"]
    game.you.add_condition("Stun")
    mine = [a for a in game.legal_actions() if a.kind == "activate"]
    assert {(d["do"], d["name"], d["target"]) for d in (a.to_dict() for a in mine)} == {
        ("nothing", "", ""), ("cast", "Knockdown", "d1"), ("cast", "Knockdown", DUMMY),
        ("cast", "Knockdown", YOU)}
    _unchanged(game, Cast("B1", "Jet Stream", DUMMY))
    _unchanged(game, Move(YOU, "B2"))
    play(game, Cast("B1", "Knockdown", "d1"))
    labels = [e.label for e in game.log]
    assert "Timber Wolf (d1) gains 1 Slam" in labels and "Stun" not in game.you.conditions
    # Back on its feet, your mage may quick cast Jet Stream after its action, or pass and keep it for the
    # final quick cast stage.
    assert (game.mana, game.stage, game.pending) == (17, "creatures", "after_action")
    play(game, Pass())
    assert (game.mana, game.stage, game.pending) == (17, "quick_cast_2", "quick_cast")


def test_a_physical_dice_game_resumes_only_at_a_terminal():
    typed = iter(["7", "2", "5"])
    game = MageWarsGame.new(Randomness.physical(lambda prompt: next(typed), shuffle_seed=4),
                            ready_spellbooks()["Wizard"])
    raw = game.to_dict()
    with pytest.raises(InputError, match="resume it at a terminal"):
        MageWarsGame.from_dict(raw)
    resumed = MageWarsGame.from_dict(raw, ask=lambda prompt: next(typed))
    assert resumed.to_dict() == raw
    top = resumed.decks["creature"].peek()
    play(resumed, Plan(()))
    # The Dummy Mage's quick cast was typed in: 7 summons the top card of its creature deck.
    assert [u.name for u in resumed.creatures(DUMMY)] == top


def _casting(build, mana, dice=(1, 1)):
    # The Wolf has acted; after your cast the Dummy Mage's final quick cast rolls 1 (move) and 1 (north: stays).
    game = build(dice, you="B1", dummy="A1", stage="creatures", mana=mana,
                 creatures=[(DUMMY, "Timber Wolf", "A1", 0)])
    game.units["d1"].ready = False
    game.pending, game.turn, game.planned = "activate", YOU, ["Agony"]
    return game


def test_your_enchantment_goes_on_face_down_and_works_once_revealed(build):
    game = _casting(build, mana=6)
    wolf = game.units["d1"]
    # 6 mana: Agony face down (2) or face up at once (2 + 3); face down leaves 4, and round 2 channels 10.
    assert Cast("B1", "Agony", "d1", reveal=True) in game.legal_actions()
    play(game, Cast("B1", "Agony", "d1"))
    assert (wolf.hidden, wolf.enchantments, wolf.curse_dice(), game.mana) == (["Agony"], [], 0, 14)
    assert MageWarsGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    # Round 2 (channel 10): revealing costs 3 and does not use up the decision (you still plan).
    assert (game.round, game.pending, game.mana) == (2, "plan", 14)
    reveal = Reveal("Agony", "d1")
    assert reveal in game.legal_actions()
    play(game, reveal)
    assert (wolf.hidden, wolf.enchantments, wolf.curse_dice(), game.mana) == ([], ["Agony"], -2, 11)
    assert game.pending == "plan"


def test_casting_face_up_pays_both_costs_at_once(build):
    game = _casting(build, mana=5)
    play(game, Cast("B1", "Agony", "d1", reveal=True))
    # 5 - 5, then 10 channelled in round 2.
    assert (game.units["d1"].enchantments, game.mana, game.round) == (["Agony"], 10, 2)


def test_reveals_you_cannot_make_change_nothing(build):
    game = _casting(build, mana=4, dice=())
    assert Cast("B1", "Agony", "d1", reveal=True) not in game.legal_actions()
    _unchanged(game, Cast("B1", "Agony", "d1", reveal=True))
    _unchanged(game, Reveal("Agony", "d1"))
    game.units["d1"].hidden.append("Agony")
    game.mana = 2
    _unchanged(game, Reveal("Agony", "d1"))
    assert not [a for a in game.legal_actions() if a.kind == "reveal"]


def test_purge_magic_destroys_face_down_enchantments_and_no_second_copy_goes_on(build):
    game = build([9, 6, 8, 7], dummy="A1", you="B1",
                 decks={"enchantment": ["Agony"], "incantation": ["Purge Magic"]},
                 creatures=[(YOU, "Timber Wolf", "A1", 0)])
    game.you.hidden.append("Agony")
    game.units["y1"].hidden.append("Agony")
    dummy.quick_cast(game)
    assert game.decks["enchantment"].discards == ["Agony"]
    assert game.you.enchantments == [] and game.units["y1"].enchantments == []
    dummy.quick_cast(game)
    # Purge Magic goes on the enchanted enemy with the highest remaining life: your mage.
    assert game.you.hidden == [] and game.units["y1"].hidden == ["Agony"]


def test_your_mage_may_quick_cast_in_its_own_action_phase_then_must_act(build):
    # Jet Stream at the Dummy Mage: dice 3 and 4 (1 + 2 damage), effect die 1 (no push).
    game = build([3, 4, 1], you="B1", dummy="A1", stage="creatures", mana=10,
                 creatures=[(YOU, "Timber Wolf", "D3", 0)])
    game.pending, game.turn, game.planned = "activate", YOU, ["Jet Stream"]
    quick = QuickCast("Jet Stream", DUMMY)
    assert quick in game.legal_actions()
    play(game, quick)
    assert (game.dummy.damage, game.mana, game.quickcast_used) == (3, 6, True)
    assert (game.stage, game.pending, game.turn) == ("creatures", "activate", YOU)
    assert {actor_of(a) for a in game.legal_actions()} == {YOU}
    _unchanged(game, Guard("y1", "D3"))
    _unchanged(game, Pass())
    assert MageWarsGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    play(game, Guard(YOU, "B1"))
    assert not game.mage_next and game.you.guarding


def test_no_quick_cast_in_the_action_phase_once_used_or_after_acting(build):
    game = build([], you="B1", dummy="A1", stage="creatures", mana=10, creatures=[(YOU, "Timber Wolf", "D3", 0)])
    game.pending, game.turn, game.planned = "activate", YOU, ["Jet Stream"]
    game.quickcast_used = True
    assert not [a for a in game.legal_actions() if a.kind == "quick_cast"]
    _unchanged(game, QuickCast("Jet Stream", DUMMY))
    game.quickcast_used = False
    game.you.ready = False
    assert not [a for a in game.legal_actions() if a.kind == "quick_cast"]
    _unchanged(game, QuickCast("Jet Stream", DUMMY))


def test_your_mage_may_quick_cast_after_its_action_in_the_same_action_phase(build):
    # Your mage moves D1 -> B1, then quick casts Jet Stream at the Dummy Mage: dice 3 and 4 (1 + 2 damage),
    # effect die 1 (no push).  Only then does the turn pass (the Dummy Mage has no creature, so back to you).
    game = build([3, 4, 1], you="D1", dummy="A1", stage="creatures", mana=10,
                 creatures=[(YOU, "Timber Wolf", "D3", 0)])
    game.pending, game.turn, game.planned = "activate", YOU, ["Jet Stream"]
    play(game, Move(YOU, "B1"))
    assert (game.you.zone, game.pending, game.turn) == ("B1", "after_action", YOU)
    assert {a.kind for a in game.legal_actions()} == {"pass", "quick_cast"}
    assert game.action_text(Pass()) == "pass: no quick cast after your mage's action"
    _unchanged(game, Guard("y1", "D3"))
    _unchanged(game, QuickCast("Jet Stream", "y1"))
    assert MageWarsGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    play(game, QuickCast("Jet Stream", DUMMY))
    assert (game.dummy.damage, game.mana, game.quickcast_used) == (3, 6, True)
    assert (game.pending, game.turn) == ("activate", YOU)
    assert {a.actor for a in game.legal_actions() if a.kind == "activate"} == {"y1"}
    assert not [a for a in game.legal_actions() if a.kind == "quick_cast"]


def test_passing_after_your_mage_acts_keeps_the_quick_cast_for_later(build):
    game = build([], you="D1", dummy="A1", stage="creatures", mana=10,
                 creatures=[(YOU, "Timber Wolf", "D3", 0)])
    game.pending, game.turn, game.planned = "activate", YOU, ["Jet Stream"]
    play(game, Move(YOU, "B1"))
    play(game, Pass())
    assert (game.pending, game.quickcast_used, game.mana) == ("activate", False, 10)
    assert {a.actor for a in game.legal_actions() if a.kind == "activate"} == {"y1"}
    # Nothing castable (no mana): no after-action decision at all, the turn just passes on.
    game = build([], you="D1", dummy="A1", stage="creatures", mana=0,
                 creatures=[(YOU, "Timber Wolf", "D3", 0)])
    game.pending, game.turn, game.planned = "activate", YOU, ["Jet Stream"]
    play(game, Move(YOU, "B1"))
    assert (game.pending, game.turn) == ("activate", YOU) and not game.you.ready


def test_stunned_in_the_first_quick_cast_stage_the_dummy_mage_acts_again_in_the_final_one(build, says):
    # You hold initiative: Pillar of Light rolls two blanks, then 12 on the effect die: Stun.
    game = build([1, 1, 12, 1, 1], you="B1", dummy="A1", stage="quick_cast_1", mana=10)
    game.initiative, game.planned = YOU, ["Pillar of Light"]
    settle(game)
    play(game, QuickCast("Pillar of Light", DUMMY))
    assert says(game) == ["stunned: flips its quick cast marker and does not act this stage"]
    assert game.dummy.conditions == {} and game.pending == "activate"
    play(game, DoNothing(YOU, "B1"))
    # The final quick cast stage: it rolls again (1: move; 1: north, against the edge).
    assert says(game)[1:] == ["rolled 1: move", "rolled 1: north, but the arena wall is there: stays in A1"]
    assert (game.round, game.pending) == (2, "plan")


def test_a_creature_the_dummy_mage_kills_itself_counts_for_nobody_at_the_alternate_end(build):
    # Electrify (zone attack) in the Dummy Mage's zone: four criticals of 2 destroy its own Fox; its creature
    # deck is empty, so the alternate end comes at once, with no kill counted for either side.
    game = build([11, 6, 6, 6, 6], you="D3", dummy="A1", decks={"attack": ["Electrify"]},
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0), (YOU, "Timber Wolf", "A1", 0)])
    dummy.quick_cast(game)
    assert "d1" not in game.units and game.kills == {"by_you": 0, "by_dummy": 0}
    assert game.winner == DUMMY
    assert game.end_reason == "alternate end: you killed 0 mana of creatures against 0 x2 = 0"
    assert game.units["y2"].damage == 0


def test_your_knocked_down_creature_stands_up_dazed_and_acts(build):
    # Daze check 6: the bite misses; the Wolf stood up dazed, and the Daze goes as its activation ends (A18).
    game = build([6], you="D3", dummy="A1", stage="creatures", creatures=[(YOU, "Timber Wolf", "B1", 0),
                                                                           (DUMMY, "Bitterwood Fox", "B1", 0)])
    game.units["d2"].ready = False
    game.pending, game.turn = "activate", YOU
    wolf = game.units["y1"]
    wolf.add_condition("Slam")
    bite = Strike("y1", "B1", "Bite", "d2")
    assert bite in game.legal_actions()
    play(game, bite)
    assert wolf.conditions == {} and game.units["d2"].damage == 0
    labels = [e.label for e in game.log]
    assert labels.index("Timber Wolf (y1) stands up dazed") < labels.index("Timber Wolf (y1) is no longer dazed")


def test_a_daze_lasts_until_the_end_of_the_creatures_next_activation(build):
    # The Dummy Mage's dazed Wolf: Daze check 7 (the bite goes on), Bite 1, 1, 3, 4 = 3 damage to your mage.
    game = build([7, 1, 1, 3, 4], you="B1", dummy="A1", stage="creatures",
                 creatures=[(DUMMY, "Timber Wolf", "B1", 0)])
    wolf = game.units["d1"]
    wolf.add_condition("Daze")
    game.you.ready = False
    dummy.creature_turn(game)
    assert game.you.damage == 3 and wolf.conditions == {}
    # A Daze gained during the activation itself (not carried in) stays for the next one.
    wolf.add_condition("Daze")
    game.end_activation(wolf, dazed=False)
    assert wolf.conditions == {"Daze": 1}
    with pytest.raises(DataError, match="daze_ends must be one of activation, reset"):
        Settings(daze_ends="never").validate()


def test_stun_and_slam_end_guarding(build):
    game = build([], creatures=[(YOU, "Timber Wolf", "B2", 0), (YOU, "Bitterwood Fox", "B2", 0)])
    wolf, fox = game.units["y1"], game.units["y2"]
    wolf.guarding = fox.guarding = True
    apply_condition(game, wolf, "Stun")
    apply_condition(game, fox, "Slam")
    assert not wolf.guarding and not fox.guarding


def test_settings_refuse_an_unknown_or_mistyped_setting():
    from magecraft.core.errors import DataError

    with pytest.raises(DataError, match="unknown field 'dummy_lif'"):
        Settings.from_dict({"dummy_lif": 12})
    with pytest.raises(DataError, match="'far_zones' takes a int"):
        Settings.from_dict({"far_zones": "three"})
    assert Settings.from_dict({"far_zones": 2}).far_zones == 2
    with pytest.raises(DataError, match="far_zones must be at least 1"):
        Settings.from_dict({"far_zones": 0})
    with pytest.raises(DataError, match="alternate_multiplier cannot be negative"):
        Settings.from_dict({"alternate_multiplier": -2})


@pytest.mark.parametrize(("first", "fox_zone"), [("you", "A1"), ("initiative", "C1")])
def test_the_creature_stage_starts_with_your_mage(build, first, fox_zone):
    # Seed 003 Action Stage 2: "a. Your Mage ... b. Dummy Mage ... REPEAT a & b" (ruling M11): you act
    # first even while the Dummy Mage holds initiative; the setting "initiative" lets its fox pursue first.
    game = build([], you="D1", dummy="A1", stage="quick_cast_1", settings=Settings(creature_stage_first=first),
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0)])
    assert game.initiative == DUMMY
    game.done[DUMMY] = True
    settle(game)
    assert (game.stage, game.pending, game.turn) == ("creatures", "activate", YOU)
    assert game.units["d1"].zone == fox_zone


def test_you_may_pass_only_while_the_dummy_mage_has_more_creatures_ready(build):
    # Seed 003 Action Stage 2a. Your mage alone against one ready Fox: equal, so no pass.
    game = build([], you="D3", dummy="A1", stage="creatures", creatures=[(DUMMY, "Bitterwood Fox", "A1", 0)])
    game.pending, game.turn = "activate", YOU
    _unchanged(game, Pass())
    game = build([], you="D3", dummy="A1", stage="creatures",
                 creatures=[(DUMMY, "Bitterwood Fox", "A1", 0), (DUMMY, "Timber Wolf", "A1", 0)])
    game.pending, game.turn = "activate", YOU
    game.check(Pass())
    assert Pass() in game.legal_actions()


@pytest.mark.parametrize("used", [False, True])
def test_the_final_quick_cast_stage_is_yours_only_if_you_have_not_quick_cast(build, says, used):
    # Seed 003 Action Stage 3. You have initiative and a planned Jet Stream; the Dummy Mage rolls 1 (move)
    # and 1 (north: it stays in A1) when it acts.
    game = build([] if not used else [1, 1], dummy="A1", you="B2", stage="quick_cast_2")
    game.initiative, game.planned, game.quickcast_used = YOU, ["Jet Stream"], used
    settle(game)
    if used:
        assert says(game) == ["rolled 1: move", "rolled 1: north, but the arena wall is there: stays in A1"]
        assert (game.stage, game.pending, game.round) == ("ready", "plan", 2)
    else:
        assert (game.stage, game.pending, says(game)) == ("quick_cast_2", "quick_cast", [])
