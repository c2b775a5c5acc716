"""Issue 25 item 10: the living realm offers only what a character can do where he stands (ruling MR55: the
spells he knows; the roads out; TRADE where someone trades), and the setup's hidden picks stay the referee's."""

from __future__ import annotations

import sys

import pytest
from realm_helpers import put, quiet_realm

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.actions import CastSpell, RecordDay
from magecraft.magic_realm.days import REFEREE, RealmDays
from magecraft.magic_realm.table_dice import RealmSettings


def test_a_character_casts_only_the_spells_he_knows():
    days = RealmDays.new(Randomness.seeded(3), ["Amazon@Borderland 1", "Elf@Borderland 1"],
                         spells={"Elf": ["prayer", "Hop"]})
    assert days.characters[1].spells == ["Prayer", "Hop"]  # by their List of Spells names
    cast = {(a.character, a.spell) for a in days.legal_actions() if isinstance(a, CastSpell)}
    assert cast == {("Elf", "Prayer"), ("Elf", "Hop")}  # Vision and the Amazon's none are not offered
    before = days.to_dict()
    with pytest.raises(RuleError, match="MR55") as refused:
        days.apply(CastSpell("Amazon", "Prayer"))
    assert "Amazon does not know PRAYER" in str(refused.value) and days.to_dict() == before
    days.apply(CastSpell("Elf", "Prayer"))
    assert days.characters[1].enchanted == ["Prayer"]
    assert RealmDays.from_dict(days.to_dict()).characters[1].spells == ["Prayer", "Hop"]


def test_the_old_reading_lets_the_referee_judge_every_cast():
    days = quiet_realm(spells=())
    days.settings = RealmSettings(spells_known=False)
    days.apply(CastSpell("Amazon", "Prayer"))
    assert days.characters[0].enchanted == ["Prayer"]


def test_a_save_of_before_the_spells_were_recorded_knows_none():
    days = quiet_realm()
    old = days.to_dict()
    del old["characters"][0]["spells"]
    assert RealmDays.from_dict(old).characters[0].spells == []


def test_the_days_offered_are_the_roads_out_and_trade_only_where_someone_trades():
    days = quiet_realm(spells=())
    here = days.characters[0].clearing
    offered = {a.activities for a in days.legal_actions() if isinstance(a, RecordDay)}
    roads = {(f"MOVE@{days.board.label(n)}",) for n in days.board.roads[here]}
    assert roads <= offered and ("REST",) in offered and ("ALERT",) in offered
    assert all(step[0].partition("@")[2] in {days.board.label(n) for n in days.board.roads[here]}
               for step in offered if step[0].startswith("MOVE@"))
    assert ("TRADE",) not in offered
    put(days, "Merchant", here)
    days = RealmDays.from_dict(days.to_dict())  # the legal actions are worked out once per decision
    assert ("TRADE",) in {a.activities for a in days.legal_actions() if isinstance(a, RecordDay)}


def test_the_hidden_generator_pick_is_the_referees_alone():
    days = quiet_realm()
    pick = next(e for e in days.log if "(kept hidden)" in e.label)
    assert days.event_visible(pick, REFEREE) and not days.event_visible(pick, "Amazon")
    travellers = next(e for e in days.log if e.label.endswith("its clearing"))
    assert days.event_visible(travellers, "Amazon")
    assert all("(kept hidden)" not in str(e["label"]) for e in days.observation("Amazon")["log"])


def test_at_a_real_terminal_the_menu_offers_what_the_amazon_can_do_and_hides_the_pick(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    command = ("import sys; from magecraft.cli.app import main; sys.exit(main(['magic-realm', 'play', "
               "'--characters', 'Amazon@Borderland 1', '--spells', 'Amazon=Prayer', '--seed', '3', "
               f"'--db', {str(tmp_path / 's.db')!r}]))")
    child = pexpect.spawn(sys.executable, ["-c", command], encoding="utf-8", timeout=30, dimensions=(60, 150))
    child.expect_exact("(pick 1 of 3): kept from the characters (the referee: 'secrets')")
    child.expect_exact("The referee may:")
    child.expect_exact("(? for help)")
    child.sendline("2")  # the Amazon's choices
    child.expect_exact("(? for help)")
    listed = child.before
    assert "Amazon casts Prayer (an extra REST phase)" in listed
    assert "casts Vision" not in listed and "casts Hop" not in listed and "Rocks Glow" not in listed
    assert "Amazon's day: REST" in listed and "TRADE" not in listed
    child.sendline("0")
    child.expect_exact("(? for help)")
    child.sendline("Amazon casts Vision")
    child.expect_exact("Refused: ")
    child.expect_exact("does not know VISION")
    child.sendline("secrets")
    child.expect_exact("the generator treasure location: ")
    child.sendline("quit")
    child.expect_exact("Stopped (quit)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
