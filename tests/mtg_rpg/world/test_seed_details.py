"""Sentences of "WORLD CAMPAIGNING" the line-by-line audit found without a test or without code.

The voluntary decrease before maintenance, the conqueror's choice of Calling and Demeanor, the
referee ending an event an adventure resolved, Knowledge Rediscovered's gold, mercenaries that may
defect, a new kingdom's heraldry, the strong neighbour before mercenaries, a land's minimum 1,
Wizard units counted for attacks, and razing that disbands the base's citizens (rulings WW11, WW16,
WW34-WW36).
"""

from __future__ import annotations

import pytest

from magecraft.core.errors import RuleError
from magecraft.mtg_rpg.world.actions import (
    Capture,
    EndTurn,
    Hardship,
    HireMercenaries,
    HireWizard,
    MakeWar,
    SetTax,
)
from magecraft.mtg_rpg.world.realm import Ongoing
from magecraft.mtg_rpg.world.rules import world_rules
from magecraft.mtg_rpg.world.turn import apply_event, discontent_dc, resolve_event
from magecraft.mtg_rpg.world.war import capture_cost

from .conftest import draw, make_world, start_turn
from .test_actions import at_actions, at_war_around_a_town, at_war_around_dunmarchs_capitol, refused
from .test_run_and_cli import run_cli


def _event(name):
    return next(e for e in world_rules().events if e.name == name)


# -- 3b: "At this point, the realm can voluntarily decrease its military strength" ---------------------


def test_soldiers_sent_home_at_the_treasury_sub_phase_are_not_paid():
    world = make_world()
    harloon = world.realms["Harloon"]
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    assert SetTax("medium", 3) in world.legal_actions()
    refused(world, SetTax("medium", 9), "8 military strength to send home, not 9")
    before = harloon.treasury
    world.apply(SetTax("medium", 3))
    assert harloon.military == 5
    assert harloon.treasury == before + 73 * 200 - 5 * 2_000  # five soldiers paid, not eight


def test_the_engine_sends_home_the_soldiers_its_income_cannot_pay():
    from magecraft.mtg_rpg.world.policy import choose

    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.military = 12  # 24,000 gp of pay against 14,600 gp of medium taxes
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    chosen = choose(world)
    assert isinstance(chosen, SetTax) and chosen.disband == 12 - 14_600 // 2_000


# -- "The conqueror chooses the Calling and Demeanor of the new government" ------------------------------


def _at_dunmarchs_capitol():
    world = make_world()
    return world, at_war_around_dunmarchs_capitol(world)


def test_the_conqueror_names_the_installed_governments_calling_and_demeanor():
    world, capital = _at_dunmarchs_capitol()
    refused(world, Capture(capital, calling="Majesty"), "installed")
    refused(world, Capture(capital, install=True, calling="Nonsense"), "no Calling 'Nonsense'")
    refused(world, Capture(capital, install=True, demeanor="Nonsense"), "no Demeanor 'Nonsense'")
    world.rng.extend_script([1, 1, 1, 1])  # Diplomacy, Wisdom, Wilderness Lore, War skill: no Calling drawn
    world.apply(Capture(capital, install=True, calling="Majesty", demeanor="Brave"))
    dunmarch = world.realms["Dunmarch"]
    assert (dunmarch.calling, dunmarch.demeanor) == ("Majesty", "Brave") and dunmarch.alive
    assert world.ill("Harloon", "Dunmarch") == 3


def test_the_engine_installs_a_government_like_its_own():
    from magecraft.mtg_rpg.world.policy import choose

    world, capital = _at_dunmarchs_capitol()
    harloon = world.realms["Harloon"]
    harloon.calling, harloon.demeanor = "Majesty", "Honest"  # a peaceful realm installs, not conquers
    chosen = choose(world)
    assert chosen == Capture(capital, install=True, calling="Majesty", demeanor="Honest")


# -- events an adventure resolves (WW11) ---------------------------------------------------------------


def test_bandits_resolved_by_an_adventure_restore_the_income_at_once():
    world = make_world([2])
    harloon = world.realms["Harloon"]
    apply_event(world, harloon, _event("Bandits"))
    resolve_event(world, "Harloon", "Bandits")
    assert harloon.has_ongoing("Bandits") is None
    start_turn(world, "Harloon")
    world.rng.extend_script([draw(9)])
    world.apply(Hardship(0))
    world.apply(SetTax("medium"))
    assert world.turn.tax_income == 73 * 200  # not cut by a quarter


def test_a_resolved_controversy_adds_no_discontent_and_other_events_are_refused():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.ongoing = [Ongoing("Controversy", 1), Ongoing("Plague", None)]
    start_turn(world, "Harloon")
    burdened = discontent_dc(world, world.turn, harloon)
    before = world.to_dict()
    for event, why in (("Plague", "Wilderness Lore"), ("Undead", "suffers no Undead"), ("Birth", "not an event")):
        with pytest.raises(RuleError, match=why):
            resolve_event(world, "Harloon", event)
        assert world.to_dict() == before
    resolve_event(world, "Harloon", "Controversy")
    assert discontent_dc(world, world.turn, harloon) == burdened - 3
    assert "Controversy resolved by an adventure" in world.chronicle[-1]["text"]


def test_world_resolve_on_the_command_line(tmp_path, capsys):
    db = str(tmp_path / "w.db")
    assert run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "1", "--db", db)[0] == 0
    code, out, err = run_cli(capsys, "mtg-rpg", "world", "resolve", "w", "Harloon", "Undead", "--db", db)
    assert code == 1 and "suffers no Undead" in out + err and "Traceback" not in out + err


# -- "Knowledge Rediscovered": "+3 to resources for this turn or 3,000 gp" (WW34) ----------------------------


def test_knowledge_rediscovered_gives_resources_or_by_the_setting_gold():
    world = make_world()
    harloon = world.realms["Harloon"]
    gold = harloon.treasury
    apply_event(world, harloon, _event("Knowledge Rediscovered"))
    assert harloon.treasury == gold and harloon.has_ongoing("Knowledge Rediscovered") is not None
    rich = make_world(knowledge_rediscovered="gold")
    sheet = rich.realms["Harloon"]
    apply_event(rich, sheet, _event("Knowledge Rediscovered"))
    assert sheet.treasury == gold + 3_000 and sheet.has_ongoing("Knowledge Rediscovered") is None


# -- unpaid mercenaries "it's possible they will defect" (WW35) ---------------------------------------------


@pytest.mark.parametrize("card, brigands", [(2, True), (4, False)])
def test_unpaid_mercenaries_make_the_disband_check_by_the_setting(card, brigands):
    world = make_world(unpaid_mercenaries="defect_check")
    harloon = world.realms["Harloon"]  # Diplomacy 5: a card of 4 reaches 9
    at_actions(world)
    world.apply(HireMercenaries(2))
    world.rng.extend_script([draw(card), 2])
    world.apply(EndTurn())
    assert harloon.mercenaries == 0 and "M" not in harloon.troops
    assert (harloon.has_ongoing("Bandits") is not None) is brigands
    quiet = make_world()
    at_actions(quiet)
    quiet.apply(HireMercenaries(2))
    quiet.apply(EndTurn())  # no draw is scripted: by default they leave without a check
    assert quiet.realms["Harloon"].has_ongoing("Bandits") is None


# -- Make War details ------------------------------------------------------------------------------------


def test_a_strong_neighbour_is_judged_before_mercenaries_are_added():
    world = make_world()
    keep = world.map.find("Harloon Keep")
    world.realms["Harloon"].military = 8
    world.realms["Dunmarch"].military = 3
    world.realms["Dunmarch"].mercenaries = 10  # hired, they do not make Dunmarch the stronger
    assert capture_cost(world, "Dunmarch", keep) == 9 + 3 + 3  # mountain, base, strong neighbour
    world.realms["Harloon"].military = 3
    assert capture_cost(world, "Dunmarch", keep) == 9 + 3  # equal strength is not stronger


def test_a_land_or_a_zero_card_gives_at_least_one_capture_point_and_war_lowers_no_strength():
    world = make_world()
    harloon = world.realms["Harloon"]
    harloon.war_skill = 0
    at_actions(world)
    world.rng.extend_script([draw(0)])
    world.apply(MakeWar(2))
    assert world.turn.capture_points == 2 + 1
    assert harloon.military == 8  # "Any such reductions do not permanently lower the realm's military strength"


def test_wizard_units_count_in_the_attacking_strength():
    world = make_world()
    at_actions(world)
    world.apply(HireWizard())
    assert MakeWar(9) in world.legal_actions() and MakeWar(10) not in world.legal_actions()
    refused(world, MakeWar(10), "at most 9")


def test_razing_a_base_disbands_its_citizens():
    world, sarn_town = at_war_around_a_town()
    population = world.population("Harloon")
    terrain = world.rules.terrain[world.map[sarn_town].terrain].population
    world.apply(Capture(sarn_town, raze=True))
    assert world.population("Harloon") == population + terrain  # the base's 10 are gone


# -- "Starting a Kingdom": "give their new kingdom a name, heraldry emblem" -----------------------------------


def test_a_new_kingdom_has_its_heraldry_and_a_calling_and_demeanor_from_the_lists(tmp_path, capsys):
    import json

    db = str(tmp_path / "w.db")
    run_cli(capsys, "mtg-rpg", "world", "new", "w", "--sample", "--seed", "5", "--db", db)
    base = ["mtg-rpg", "world", "kingdom", "w", "Tower", "--hex", "4,0", "--ruler", "Sarin", "--db", db]
    code, out, err = run_cli(capsys, *base, "--calling", "Nonsense")
    assert code == 1 and "no Calling 'Nonsense'" in err
    code, out, err = run_cli(capsys, *base, "--hex", "The Narrows")
    assert code == 1 and "open sea" in err
    code, out, _ = run_cli(capsys, *base, "--heraldry", "a silver tower on blue", "--json")
    assert code == 0 and json.loads(out)["heraldry"] == "a silver tower on blue"

