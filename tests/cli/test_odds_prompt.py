"""Issue 28: ``odds`` at the play loop's prompt lists the chance of each action a roll decides, grouped as the
menu is, from the game's own ``chance_of`` -- played at a real terminal (pty) on the chariot race."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# Ann (heavy) beside Bob (light); her turn begins: her scythes and her whip are rolls, her drive is not
POSITION = """
game = "wizard-prince-race"
seed = 1
[setup]
turn = "Ann"
[[setup.chariots]]
name = "Ann"
kind = "heavy"
lane = 2
square = 10
[[setup.chariots]]
name = "Bob"
kind = "light"
lane = 3
square = 10
"""


def test_odds_at_the_prompt_lists_each_roll_under_its_heading_and_says_when_none(tmp_path: Path):
    pexpect = pytest.importorskip("pexpect")
    scenario = tmp_path / "beside.toml"
    scenario.write_text(POSITION, encoding="utf-8")
    args = ["wizard-prince", "race", "--scenario", str(scenario), "--db", str(tmp_path / "s.db")]
    command = f"import sys; from magecraft.cli.app import main; sys.exit(main({args!r}))"
    child = pexpect.spawn(sys.executable, ["-c", command], encoding="utf-8", timeout=30, dimensions=(60, 150),
                          env={**os.environ, "TERM": "dumb"})  # plain words: no bold in the way
    try:
        child.expect_exact("(? for help)")
        child.sendline("?")
        child.expect_exact("odds: the chance of success of each action a roll decides")
        child.expect_exact("(? for help)")
        child.sendline("odds")
        child.expect_exact("The chance of success of each action a roll decides:")
        # 1d20 at least 12 (9/20) times Bob's 1d20 under 12 (11/20) is 99/400; the whip hits on 10+ (11/20)
        child.expect(r"  scythe attack\r\n    scythe attack on Bob: 25% \(1d20 at least 12 and Bob's 1d20 "
                     r"under 12; Scythe Attack Table \(D20\)\)\r\n")
        child.expect(r"  whip\r\n    whip Bob: 55% \(1d20 at least 10 to hit Bob; Free Actions\)\r\n")
        child.expect_exact("(? for help)")
        child.sendline("15")  # the whole drive: Ann's turn is over, the next round's initiative is rolled
        child.expect_exact("(? for help)")
        child.sendline("odds")
        child.expect_exact("No action now depends on a roll.")
        child.expect_exact("(? for help)")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
