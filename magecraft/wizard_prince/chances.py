"""The exact chance of a banquet action a roll decides (issue 28): a MINGLE onto a courtier, whose chit may be a
Guild Assassin ("a Death or Poison save or slain") or Black Magic (1d6x1d6 damage, a Spell save for half), is
survived or not by the dice (seed 004, "The Courtier Descriptions"; "Moving the Non-Player Character Pieces
at Court": the met chit "takes effect immediately").

The mover knows the chit when he has seen it (met, snooped, shown or held); otherwise it is any of the chits he
has not seen, each as likely (exact over the cup's remaining chits, never over their hidden order).  Nothing
is rolled and nothing changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from typing import Protocol

from magecraft.core.odds import Chance, Odds, chance_at_least
from magecraft.wizard_prince.actions import Mingle
from magecraft.wizard_prince.chits import chit_kinds
from magecraft.wizard_prince.nobles import Noble, save_needed
from magecraft.wizard_prince.pieces import Chit, Piece
from magecraft.wizard_prince.sections import CHITS
from magecraft.wizard_prince.settings import Settings


class Court(Protocol):
    """What the chance of a meeting reads of a banquet."""

    @property
    def settings(self) -> Settings: ...

    @property
    def nobles(self) -> Mapping[str, Noble]: ...

    @property
    def chits(self) -> Mapping[str, Chit]: ...

    @property
    def pieces(self) -> Mapping[str, Piece]: ...

    def current_player(self) -> str | None: ...

    def chits_seen(self, player: str) -> set[str]: ...


def save_chance(noble: Noble, save: str, settings: Settings) -> Fraction:
    """The chance of ``noble``'s ``save`` on 1d20 (:func:`~.nobles.saving_throw`)."""
    return chance_at_least("1d20", save_needed(noble, save, settings))


@cache
def _black_magic_damage() -> Odds:
    return Odds.of("1d6x1d6")


def _assassin(noble: Noble, settings: Settings) -> Fraction:
    return save_chance(noble, "death_poison", settings)


def _black_magic(noble: Noble, settings: Settings) -> Fraction:
    """He lives when the damage (halved, rounded down, on a Spell save) leaves him a hit point."""
    damage = _black_magic_damage()
    saved = save_chance(noble, "spell", settings)
    return saved * damage.at_most(2 * noble.hit_points - 1) + (1 - saved) * damage.at_most(noble.hit_points - 1)


#: The chits whose dice may slay the noble who meets them, by their effect, with his chance of living.
DEADLY: dict[str, Callable[[Noble, Settings], Fraction]] = {
    "guild_assassin": _assassin, "black_magic": _black_magic,
}


def _chit_odds(b: Court, player: str, courtier: Piece) -> Counter[str]:
    """The kinds the chit beneath ``courtier`` may be, as ``player`` knows it, with their weights."""
    seen = b.chits_seen(player)
    if courtier.chit in seen:
        return Counter({b.chits[courtier.chit].kind: 1})
    return Counter(chit.kind for chit in b.chits.values() if chit.id not in seen)


def meeting(b: Court, action: object) -> Chance | None:
    """The chance the mover comes away alive from the courtier his MINGLE ends on; None when no roll can kill
    him there (no courtier, or no deadly chit it could be)."""
    player = b.current_player()
    if not isinstance(action, Mingle) or not action.path or player is None:
        return None
    end = action.path[-1]
    courtier = next((p for p in b.pieces.values() if p.kind == "courtier" and p.square == end), None)
    if courtier is None:
        return None
    kinds = _chit_odds(b, player, courtier)
    effects = {kind: chit_kinds()[kind].effect for kind in kinds}
    if not any(effect in DEADLY for effect in effects.values()):
        return None
    noble = b.nobles[player]
    total = sum(kinds.values())
    alive = sum((Fraction(n, total) * (DEADLY[effects[k]](noble, b.settings) if effects[k] in DEADLY else 1)
                 for k, n in kinds.items()), Fraction(0))
    known = len(kinds) == 1 and courtier.chit in b.chits_seen(player)
    what = f"the {courtier.id}'s chit" + ("" if known else f" (any of the {total} chits {player} has not seen)")
    return Chance(alive, f"{player} survives {what}: a Guild Assassin's Death or Poison save, Black Magic's "
                  "1d6x1d6 against his hit points (a Spell save halves)", CHITS)
