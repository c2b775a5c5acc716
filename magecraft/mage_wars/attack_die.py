"""The Mage Wars attack die (Mage Wars Arena: attack dice), read from the shipped table ``mw_attack_die``.

Both the rolls (:mod:`.combat`) and the exact odds (:mod:`.odds`) read its faces here, so the odds of an
attack need neither the board nor the cards (issue 23 item 5: ``mage-wars odds`` imports only what it uses).
"""

from __future__ import annotations

from functools import cache

from magecraft.core.tables import get_table


@cache
def attack_die_faces(name: str = "mw_attack_die") -> dict[int, tuple[int, int]]:
    """Each face of the attack die as (normal, critical) damage, read from the shipped table once."""
    table = get_table(name)
    faces = {}
    for value in range(table.low, table.high + 1):
        data = table.lookup(value).data
        faces[value] = (int(data["normal"]), int(data["critical"]))
    return faces
