"""In-game odds at the banquet (issue 28): the chance a MINGLE onto a courtier leaves the noble alive, worked
out by hand from the rule book's dice on positions built with ``Position``."""

from __future__ import annotations

import json
from fractions import Fraction

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.actions import Mingle
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.board import Square
from magecraft.wizard_prince.position import Position


def banquet(chits: list[tuple[str, str]], *, snooped: tuple[str, ...] = (), **sheet: object) -> Banquet:
    """Ann (a level 7 fighter: Death or Poison save 8, Spell save 12) on e5, Bob waiting; a courtier on each
    given square with the given chit."""
    return Position.from_mapping({
        "nobles": [{"name": "Ann", "square": "e5", **sheet}, {"name": "Bob"}],
        "pieces": [{"kind": "emperor", "square": "a4"},
                   *({"kind": "courtier", "square": at, "chit": chit} for at, chit in chits)],
        "snooped": {"Ann": list(snooped)}}).banquet(Randomness.seeded(1))


def onto(b: Banquet, square: str) -> Mingle:
    return next(a for a in b.legal_actions() if isinstance(a, Mingle) and a.path[-1] == Square.parse(square))


def test_meeting_a_guild_assassin_he_snooped_is_survived_on_his_death_or_poison_save():
    b = banquet([("e6", "guild_assassin")], snooped=("courtier-1",))
    chance = b.chance_of(onto(b, "e6"))
    assert chance is not None and chance.probability == Fraction(13, 20)     # 8+ on 1d20
    assert chance.section == "The Courtier Descriptions"


def test_an_unseen_chit_is_any_of_the_chits_he_has_not_seen():
    b = banquet([("e6", "guild_assassin"), ("h8", "butler")])
    # half the time the Guild Assassin (13/20 to live), half the time the Butler (no roll): 33/40
    assert b.chance_of(onto(b, "e6")).probability == Fraction(33, 40)


def test_black_magic_is_survived_when_the_damage_halved_on_a_spell_save_leaves_a_hit_point():
    b = banquet([("e6", "black_magic")], snooped=("courtier-1",), hit_points=10)
    # 1d6x1d6 is at most 19 on 28 of 36 throws, at most 9 on 17; the Spell save (12+) is 9/20:
    # 9/20 * 28/36 + 11/20 * 17/36 = 439/720
    assert b.chance_of(onto(b, "e6")).probability == Fraction(439, 720)


def test_no_roll_decides_a_harmless_meeting_nor_a_move_to_an_empty_square():
    b = banquet([("e6", "butler")], snooped=("courtier-1",))
    assert b.chance_of(onto(b, "e6")) is None
    assert b.chance_of(onto(b, "d5")) is None


def test_asking_the_odds_of_every_action_changes_nothing():
    b = banquet([("e6", "guild_assassin"), ("f5", "black_magic")])
    before = json.dumps(b.to_dict(), sort_keys=True)
    shown = [b.chance_of(a) for a in b.legal_actions()]
    assert sum(1 for s in shown if s is not None) == 2
    assert json.dumps(b.to_dict(), sort_keys=True) == before
