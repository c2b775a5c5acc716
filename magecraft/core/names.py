"""Names a person mistyped: the nearest known ones, for one "did you mean" hint in every system.

>>> close_names("craw wurn", ["Craw Wurm", "Grizzly Bears"])
['Craw Wurm']
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_names(name: str, names: Iterable[str], *, cutoff: float = 0.6, most: int = 3) -> list[str]:
    """The known ``names`` nearest ``name``, ignoring case, best first (as the names are written)."""
    by_key = {known.casefold(): known for known in names}
    near = difflib.get_close_matches(name.strip().casefold(), list(by_key), n=most, cutoff=cutoff)
    return [by_key[key] for key in near]
