"""Out-of-combat time: short and extended rests, using and forgetting prepared spells (seed 001,
"Character Stats": Life and Memory).

"A player may exceed their base life through these effects, but their life returns to its base
value after a short rest."  "A used spell can be prepared again after a short rest, but a spell
can only be changed after an extended rest.  If an effect causes a character's Memory to decrease
they must forget one of their prepared spells until their next short rest."  The day so far is kept
on the saved sheet (ruling PW30); an extended rest is a short rest and more (ruling PW31).

>>> from magecraft.planeswalker.character import Character
>>> jace = Character.create("Jace", identity=("U",), library=("Shock", "Remove Soul", "Giant Growth"),
...                         memorized=("Shock", "Remove Soul"))
>>> tired = forget(use(with_life(jace, 2), "Shock"), "Remove Soul")
>>> tired.prepared(), tired.life
((), 2)
>>> rested = short_rest(tired)
>>> rested.prepared(), rested.life
(('Shock', 'Remove Soul'), None)
>>> extended_rest(tired, ("Giant Growth",)).prepared()
('Giant Growth',)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from magecraft.core.errors import InputError, RuleError
from magecraft.planeswalker.character import STATS_SECTION, Character


def _prepared_name(character: Character, spell: str) -> str:
    """The sheet's spelling of a spell prepared now, or a refusal naming the rule."""
    for name in character.prepared():
        if name.casefold() == spell.strip().casefold():
            return name
    raise RuleError(f"{spell} is not among {character.name}'s prepared spells "
                    f"({', '.join(character.prepared()) or 'none'})", rule="Memory", section=STATS_SECTION)


def use(character: Character, spell: str) -> Character:
    """A prepared spell resolved: "null for the rest of the day" until a short rest prepares it again."""
    return replace(character, used=(*character.used, _prepared_name(character, spell)))


def forget(character: Character, spell: str) -> Character:
    """Memory fell: "they must forget one of their prepared spells until their next short rest"."""
    return replace(character, forgotten=(*character.forgotten, _prepared_name(character, spell)))


def with_life(character: Character, life: int) -> Character:
    """The Life the character has now, out of combat (above base is allowed: "may exceed")."""
    if isinstance(life, bool) or not isinstance(life, int) or life < 0:
        raise InputError(f"Life is a whole number 0 or more, not {life!r}")
    return replace(character, life=None if life == character.stats["life"] else life)


def after_battle(character: Character, *, life: int, cast: Sequence[str], memory: Sequence[str]) -> Character:
    """The sheet after a battle (ruling PW33): Life now is the Life the battle ended with (0 at least);
    every spell the character cast there -- resolved or countered, memorised or drawn from the Library --
    is used ("A resolved spell becomes null for the rest of the day"); a memorised spell neither cast nor
    still held in ``memory`` (forgotten at an End Phase, or lost with the battle) is forgotten until the
    next short rest.  Library spells drawn and then forgotten are simply known again.

    >>> from magecraft.planeswalker.character import Character
    >>> jace = Character.create("Jace", identity=("U",), library=("Shock", "Remove Soul", "Giant Growth"),
    ...                         memorized=("Shock", "Remove Soul"))
    >>> after = after_battle(jace, life=3, cast=("Shock", "Giant Growth"), memory=())
    >>> after.life, after.used, after.forgotten
    (3, ('Shock', 'Giant Growth'), ('Remove Soul',))
    """
    by_fold = {n.casefold(): n for n in character.library}
    gone = {n.casefold() for n in character.used + character.forgotten}
    used = list(character.used)
    for spell in cast:
        folded = spell.casefold()
        if folded in by_fold and folded not in gone:
            used.append(by_fold[folded])
            gone.add(folded)
    held = {n.casefold() for n in memory}
    forgotten = [*character.forgotten, *(n for n in character.prepared()
                                         if n.casefold() not in gone and n.casefold() not in held)]
    base = character.stats["life"]
    now = max(0, life)
    changed = replace(character, life=None if now == base else now, used=tuple(used), forgotten=tuple(forgotten))
    changed.validate()
    return changed


def short_rest(character: Character) -> Character:
    """Life back to its base value (above base too) and every used or forgotten spell prepared again."""
    return replace(character, life=None, used=(), forgotten=())


def extended_rest(character: Character, memorized: Sequence[str] | None = None) -> Character:
    """A short rest, and the memorised spells may be changed: any from the Library, up to half Memory
    rounded up (None keeps them).  A refused list changes nothing."""
    rested = short_rest(character)
    if memorized is None:
        return rested
    by_fold = {n.casefold(): n for n in character.library}
    chosen = []
    for spell in memorized:
        if spell.strip().casefold() not in by_fold:
            raise RuleError(f"{spell} is not in {character.name}'s Library", rule="Library",
                            section=STATS_SECTION)
        chosen.append(by_fold[spell.strip().casefold()])
    if len({n.casefold() for n in chosen}) != len(chosen):
        raise InputError("a spell is memorised once")
    changed = replace(rested, memorized=tuple(chosen))
    changed.validate()
    return changed
