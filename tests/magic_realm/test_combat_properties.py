"""Random legal and illegal plays for sections 11, 13 and 14.2: a refusal is a clear error that changes nothing,
and every accepted play keeps the expansion's rules."""

from __future__ import annotations

import copy

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.characters import ActionChit, characters, level, plan_day
from magecraft.magic_realm.combat import Attack, Guard, armours, play_round, weapons
from magecraft.magic_realm.treasures import Trap

CHITS = ["FIGHT L2", "FIGHT M4*", "FIGHT H5*", "FIGHT T3**", "STAB T2**", "MOVE M4*", "DUCK T3*", "MOVE L2"]


def test_random_rounds_are_legal_or_refused_by_a_rule():
    rng = Randomness.seeded(17)
    kinds = list(weapons().values())
    cards = list(characters().values())
    accepted = refused = 0
    for _ in range(1500):
        card = rng.choice(cards, "character")
        n = rng.roll(3, "weapons")  # 1-3: three is always refused
        chosen = [rng.choice(kinds, "weapon") for _ in range(n)]
        plays = [
            (w, ActionChit.parse(rng.choice(CHITS, "chit")), rng.choice(["", "Giant", "Ogre"], "target"))
            for w in chosen
        ]
        parry_from = rng.roll(n + 1, "split") - 1
        attacks = [Attack(w, c, t) for w, c, t in plays[:parry_from]]
        guards = [Guard(w, c) for w, c, _ in plays[parry_from:]]
        shield = rng.choice([None, armours()["Shield"]], "shield")
        maneuver = rng.choice([None, ActionChit.parse("DUCK M3"), ActionChit.parse("MOVE M4*")], "maneuver")
        try:
            play = play_round(card, attacks, guards, shield=shield, maneuver=maneuver)
        except (RuleError, InputError):
            refused += 1
            continue
        accepted += 1
        played = [s.weapon for s in play.swings] + [g.weapon for g in play.guards]
        chits = [s.chit for s in play.swings] + [g.chit for g in play.guards]
        assert 1 <= len(played) <= 2
        assert all(c.fights for c in chits)
        assert sum(c.asterisks for c in chits) + (maneuver.asterisks if maneuver else 0) <= 2
        if play.two_weapons:
            assert all(level(w.weight) < level(card.vulnerability) for w in played)
            assert not any(w.missile or w.spear or w.two_handed for w in played)
            assert play.shield is None
        if any(c.kind == "STAB" for c in chits):
            assert play.maneuver is None
        assert sum(s.primary for s in play.swings) <= 1
        assert all(not s.alerted for s in play.swings)
    assert accepted > 100 and refused > 100


def test_random_days_near_the_trap_keep_the_trapped_in_its_clearing():
    rng = Randomness.seeded(5)
    steps = [
        "MOVE",
        "MOVE@trap",
        "FLY",
        "HIDE",
        "REST",
        "SEARCH",
        "SEARCH=Choice",
        "SEARCH=Passages",
        "SEARCH=Loot",
    ]
    trap = Trap()
    who = ["Amazon", "Dwarf", "Elf"]
    for _ in range(600):
        name = rng.choice(who, "who")
        day = [rng.choice(steps, "step") for _ in range(rng.roll(4, "length"))]
        before = copy.deepcopy(trap)
        try:
            result = trap.run_day(name, day)
        except (RuleError, InputError):
            assert trap == before
            continue
        assert trap.trapped <= trap.here
        assert result.trapped == (name in trap.trapped)
        if name in trap.discovered:
            assert name not in trap.trapped
        if name in trap.here and name not in trap.discovered:
            assert name in trap.trapped


def test_random_days_for_the_dwarf_and_the_thief():
    rng = Randomness.seeded(9)
    names = ["MOVE", "HIDE", "SEARCH", "REST", "GATE", "TRADE"]
    dwarf, thief = characters()["Dwarf"], characters()["Thief/Assassin"]
    for _ in range(500):
        day = [rng.choice(names, "activity") for _ in range(rng.roll(6, "length"))]
        try:
            plan_day(dwarf, day, phases=rng.roll(4, "phases"))
            assert len(day) <= 4 and day.count("MOVE") <= 2
        except RuleError:
            assert len(day) > 4 or day.count("MOVE") > 2
        try:
            plan = plan_day(thief, day, phases=4)
            assert plan.uses.count("extra HIDE") <= 1
            assert len(day) <= 4 + (1 if "HIDE" in day else 0)
        except RuleError:
            assert len(day) > 4 + (1 if "HIDE" in day else 0)
