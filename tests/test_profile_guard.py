"""Profile guards: counted calls, never time, on a seeded banquet and a seeded Mage Wars game.

Each bound sits well under what the engines did before their fast paths (in brackets below, per decision
or per game, measured on the same seeds), so a change that brings the repeated work back fails here:

* the banquet works out each kind of action once per position and reuses it for ``check``, ``perform``,
  the NPC table and the bots (3.0 move enumerations per decision; before the fast paths: 13.4), works out
  the INTERFEREs once for every noble and a turn's whole list once per position (0.9 per decision), keeps
  each piece's INTERFERE actions until something within its reach moves, and builds each action object
  once (3.2 INTERFEREs built per decision on a cold start, none when the same banquet is played again;
  before: 85 per decision);
* the occupancy is worked out once per banquet and then kept up to date square by square as pieces and
  nobles move (before round 3 it was rebuilt whenever the position changed: about once per decision);
* the bots gather the chits their player may see once per decision (before: ``visible_chit`` once per
  courtier weighed, 6 per decision), and ``play`` does not ``check`` again an action its own bots took
  from the list offered (before round 4: once per decision);
* the starting pieces are built once per setup, a moved piece once per (piece, square), a drawn chit once
  per (id, kind), and what an action offered says (its label in the log) once per action (before round 5:
  35 pieces and chits per banquet, a piece per step, a label per action performed); a two-square move's
  piece is placed in the occupancy once; a PC noble's SNOOPs are listed once per change of the courtiers
  (before round 5: once per position), and the judging bots read the occupancy legal_actions has just
  brought up to date; an NPC noble's rolled MINGLE or INTERFERE is weighed with only that kind's
  preparation (before round 6: both halves at every decision);
* a Mage Wars unit's traits are parsed once per combination of card, round traits and enchantments
  (before: every trait query re-read the card and ran a regex per trait) and read from the unit's card
  when nothing changes them; the legal actions are worked out once per decision, standing actions built
  once; an enumeration asks what may be attacked once for all its attacks and targets, range per zone;
  the bot reads a decision's options without spelling out every activation, looks only at the creatures
  that could beat the best found before them, and builds only the attack it chooses.
"""

from __future__ import annotations

import cProfile
import pstats
from collections import Counter
from collections.abc import Callable

from magecraft.core.randomness import Randomness
from magecraft.mage_wars.actions import action_data
from magecraft.mage_wars.cards import ready_spellbooks
from magecraft.mage_wars.decisions import Offer, attack_action, standing_actions
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.matches import play_to_end
from magecraft.mage_wars.units import unit_traits
from magecraft.wizard_prince import actions as wp_actions
from magecraft.wizard_prince import legal_actions as wp_legal_actions
from magecraft.wizard_prince import pieces as wp_pieces
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.bots import HeuristicBot, NpcNobleBot, RandomBot, play
from magecraft.wizard_prince.nobles import generate_npc_noble, nobles_from


def call_counts(run: Callable[[], object]) -> Counter[str]:
    """How many times each function of magecraft was called by ``run`` (keyed ``module:function``)."""
    profile = cProfile.Profile()
    profile.runcall(run)
    counts: Counter[str] = Counter()
    for (filename, _line, function), row in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
        if "magecraft" in filename:
            module = filename.replace("\\", "/").rsplit("magecraft/", 1)[-1].removesuffix(".py").replace("/", ".")
            counts[f"{module}:{function}"] += row[1]
    return counts


def seeded_banquet(seed: int) -> tuple[Banquet, dict]:
    rng = Randomness.seeded(seed)
    nobles = nobles_from(["Heuristic", "Random"]) + [generate_npc_noble(f"NPC {i}", rng) for i in (1, 2)]
    bots = {"Heuristic": HeuristicBot(), "Random": RandomBot(), "NPC 1": NpcNobleBot(), "NPC 2": NpcNobleBot()}
    return Banquet.new(nobles, rng), bots


def test_the_banquet_works_out_each_position_once():
    banquet, bots = seeded_banquet(3)
    counts = call_counts(lambda: play(banquet, bots))
    decisions = counts["wizard_prince.turns:perform"]
    assert decisions == sum(1 for e in banquet.log if e.kind == "action") > 50
    # the bots ask for the decision's list (offered), check and the NPC table read it; the work is done once
    # per position, and the list is copied (legal_actions) only outside a turn's action (5 of 113 decisions)
    assert counts["wizard_prince.legal_actions:offered"] >= decisions
    assert counts["wizard_prince.legal_actions:legal_actions"] <= 0.1 * decisions
    assert counts["wizard_prince.legal_actions:_work_out"] <= 2.5 * decisions   # 2.1
    assert counts["wizard_prince.legal_actions:_list_turn_actions"] <= decisions   # 0.9
    # 1.3 position checks a decision (round 3: 2.7, round 4: 1.7): the judging bots read the occupancy
    # legal_actions has just brought up to date
    assert counts["wizard_prince.court:_sync"] <= 1.5 * decisions
    # play() carries out its own bots' choices, each one of the actions offered, without judging them again
    assert counts["wizard_prince.legal_actions:check"] == 0
    assert counts["wizard_prince.movement:moves"] <= 3.5 * decisions   # 3.0
    # the occupancy is worked out once, then each square a piece or noble leaves or enters is updated
    steps = counts["wizard_prince.turns:_step"]
    assert counts["wizard_prince.court:_rebuild"] == counts["wizard_prince.movement:occupancy_array"] == 1
    assert counts["wizard_prince.court:_place"] <= 0.8 * steps   # 0.66: a two-square move's piece is placed once
    assert counts["wizard_prince.court:_lift"] <= 0.85 * steps   # 0.73 (before round 5: 0.89 and 0.96)
    # the bots read what their player may see from one set per decision
    assert counts["wizard_prince.court:visible_chit"] == 0
    # a PC noble's SNOOPs are listed again only when a piece comes, goes or changes kind (each courtier met is
    # one): 10 lists in this banquet (before round 5: one per position, 72)
    met = sum(1 for e in banquet.log if e.kind == "meet")
    assert counts["wizard_prince.court:courtiers"] <= met + 3 < 0.2 * decisions
    # an NPC noble who rolled MINGLE or INTERFERE is weighed with only what weighs that kind worked out: of 43
    # preparations, 30 for MINGLEs and 28 for INTERFEREs (before round 6: both, at every one)
    prepared = counts["wizard_prince.bots:_prepare"]
    assert prepared > 30
    assert counts["wizard_prince.bots:_prepare_walks"] <= 0.8 * prepared
    assert counts["wizard_prince.bots:_prepare_pushes"] <= 0.8 * prepared


def test_interfere_actions_are_kept_until_something_in_reach_moves():
    banquet, bots = seeded_banquet(3)
    wp_legal_actions.forget_interferes()  # a cold start: every INTERFERE of this banquet is built here
    built = Counter[str]()
    original = wp_actions.Interfere.__init__

    def counting_init(self, *args, **kwargs):
        built["interfere"] += 1
        original(self, *args, **kwargs)

    wp_actions.Interfere.__init__ = counting_init  # type: ignore[method-assign]
    try:
        play(banquet, bots)
        cold = built["interfere"]
        again, _ = seeded_banquet(3)
        play(again, bots)
    finally:
        wp_actions.Interfere.__init__ = original  # type: ignore[method-assign]
    decisions = sum(1 for e in banquet.log if e.kind == "action")
    # about 95 INTERFEREs are on offer at each decision (before the fast paths: 85 built per decision; after
    # the first round: 19; since the second each (piece, path) is built once: 3.2 per decision from a cold
    # start, the moves from each square a piece stands on), and never again
    assert cold <= 5 * decisions
    assert built["interfere"] == cold


def test_pieces_chits_and_action_labels_are_built_once():
    banquet, bots = seeded_banquet(3)
    play(banquet, bots)   # the first banquet builds what a later one finds
    again, _ = seeded_banquet(3)
    built = Counter[str]()
    originals = {kind: kind.__init__ for kind in (wp_pieces.Piece, wp_pieces.Chit)}

    def counting(kind):
        def init(self, *args, **kwargs):
            built[kind.__name__] += 1
            originals[kind](self, *args, **kwargs)
        return init

    for kind in originals:
        kind.__init__ = counting(kind)  # type: ignore[method-assign]
    try:
        counts = call_counts(lambda: play(again, bots))
    finally:
        for kind, init in originals.items():
            kind.__init__ = init  # type: ignore[method-assign]
    decisions = counts["wizard_prince.turns:perform"]
    # the starting pieces are built once per setup, a moved piece once per (piece, square) and a drawn chit once
    # per (id, kind) (before round 5: 19 pieces and 16 chits a banquet, and a piece per step); a chit met for
    # the first time is still a new value (who met it first), and so is one whose appointment is rolled
    assert built["Piece"] == 0
    changed_chits = sum(1 for e in again.log if e.kind == "meet" or (
        e.kind == "table" and e.data["table"] == "wp_imperial_appointment"))
    assert built["Chit"] <= changed_chits
    # an action offered by legal_actions says what it is once (before round 5: once per action performed);
    # the gates chosen on entering are the rest
    assert counts["wizard_prince.actions:describe"] <= 0.2 * decisions   # 0.04


def test_moves_are_judged_square_by_square_only_where_something_stands():
    banquet, bots = seeded_banquet(4)
    counts = call_counts(lambda: play(banquet, bots))
    # block() is asked only about occupied squares and the Banquet Table, never about an empty square
    # (0.9 per enumeration: a courtier's moves, the most common, are judged inline)
    assert counts["wizard_prince.movement:block"] <= 2 * counts["wizard_prince.movement:moves"]


def mage_wars_calls(seed: int = 7) -> Counter[str]:
    """The calls a seeded bot game against the Dummy Mage makes, played to the end by the registered bots."""
    game = MageWarsGame.new(Randomness.seeded(seed), ready_spellbooks()["Wizard"])
    return call_counts(lambda: play_to_end(game))


def test_mage_wars_traits_are_parsed_once_per_change_of_a_unit():
    unit_traits.cache_clear()
    counts = mage_wars_calls()
    queries = sum(counts[f"mage_wars.units:{name}"] for name in ("trait", "has", "flying", "living"))
    parsed = unit_traits.cache_info().misses
    assert queries > 300
    # one work-out per combination of card, this round's spells and enchantments, not per query
    # (before issue 12: the trait list was rebuilt 1,125 times in this game)
    assert parsed <= 40
    assert counts["mage_wars.units:traits"] <= 100
    assert counts["mage_wars.cards:trait_number"] <= 5 * parsed
    # a unit with no spell on it this round and no face-up enchantment reads the totals of its card, kept on
    # the unit when it was made (7 of ~500 queries in this game go through the cache of combinations)
    assert counts["mage_wars.units:_changed_totals"] <= queries / 10


def test_mage_wars_works_out_each_decision_once():
    standing_actions.cache_clear()
    counts = mage_wars_calls()
    # your decisions: the Dummy Mage's turns are its seat's decisions too, taken by its rule bot and carried out
    # by apply at once (its one offered action needs no judging), never through perform
    decisions = counts["mage_wars.game:perform"]
    assert decisions == counts["mage_wars.bot:_choose_offered"] > 20
    assert counts["mage_wars.game:_perform_dummy"] > 20 and counts["mage_wars.game:check"] == decisions
    # the bot's choices from the offered list are carried out without judging them again; only its plans
    # (built by the bot, not taken from the list) are checked
    assert counts["mage_wars.decisions:check"] == counts["mage_wars.bot:_plan"] < decisions / 3
    # the bot reads each decision's options once (plans are chosen without them) and never asks for the whole
    # list of legal actions (before round 6: once per decision, every activation built)
    assert counts["mage_wars.decisions:offer"] == decisions - counts["mage_wars.bot:_plan"]
    assert counts["mage_wars.decisions:legal_actions"] == 0
    # both sides' ready units in one pass, about twice per decision (before: 214 one-side passes here)
    assert counts["mage_wars.game:ready_sides"] <= 3 * decisions
    # doing nothing, moving and guarding are built once per unit, zone and movement and offered again
    built = standing_actions.cache_info()
    assert counts["mage_wars.decisions:standing_actions"] == built.misses < built.hits


def test_mage_wars_bot_spells_out_only_the_activation_it_chooses():
    for cached in (attack_action, action_data):
        cached.cache_clear()
    offered = []
    original = Offer.__init__

    def counting(self, game, others, ready):  # type: ignore[no-untyped-def]
        offered.append(len(ready))
        original(self, game, others, ready)

    Offer.__init__ = counting  # type: ignore[method-assign]
    try:
        counts = mage_wars_calls()
    finally:
        Offer.__init__ = original  # type: ignore[method-assign]
    # your decisions (the Dummy Mage's turns are carried out by apply at once, never through perform)
    decisions = counts["mage_wars.game:perform"]
    # every activation is spelt out (Offer.actions) only when no creature is ready and nothing beats standing
    assert counts["mage_wars.decisions:actions"] <= decisions / 10
    # a creature's options are worked out only when it could beat the best found before it, at most once a
    # decision (62 ready creatures offered in this game, 39 looked at; before round 6 all 62)
    assert counts["mage_wars.decisions:_activations"] < 0.75 * sum(offered)
    # an attack is built once (actions are values) and only when chosen or spelt out; the event recording a
    # decision reuses its action's data
    built = attack_action.cache_info()
    assert built.misses < built.hits and built.misses + built.hits < decisions
    assert action_data.cache_info().hits > 0


def test_mage_wars_attacks_are_weighed_once_per_enumeration_and_only_in_range():
    counts = mage_wars_calls()
    enumerations = counts["mage_wars.decisions:_activations"] + counts["mage_wars.dummy:act"]
    assert enumerations > 20
    # sides, mana, Flying and Guard are asked once per enumeration for all its attacks and targets (attackable),
    # and range and sight per zone inline; can_attack is left for single questions (a counterstrike, a wall).
    # Before issue 12 this game made 2,841 can_attack calls, after round 1 of it 371; now 16.
    assert counts["mage_wars.combat:attackable"] <= 2 * enumerations
    assert counts["mage_wars.combat:can_attack"] + counts["mage_wars.combat:may_attack"] <= enumerations
