"""Observations as arrays and actions as numbers, the same for every game type.

An observation (``GameState.observation(seat)``, JSON) is flattened to ``path=value`` leaves and hashed
into a fixed-length vector (feature hashing): numbers add their value at their path's slot, words and
flags add 1 at their ``path=value`` slot.  An action is its index in the decision's legal actions, so the
action space is ``MAX_ACTIONS`` wide and the mask marks the legal indices.

>>> vector = observation_vector({"life": 12, "hand": ["Shock"]}, size=8)
>>> len(vector), float(sum(vector))
(8, 13.0)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

#: The widest decision any registered game offers in practice; wider ones are cut (and counted).
MAX_ACTIONS = 1024
OBSERVATION_SIZE = 512


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}.{index}")
    else:
        yield path, value


def _slot(text: str, size: int) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=4).digest(), "little") % size


def observation_vector(observation: Mapping[str, Any], size: int = OBSERVATION_SIZE) -> np.ndarray:
    vector = np.zeros(size, dtype=np.float32)
    for path, value in leaves(observation):
        if isinstance(value, bool) or not isinstance(value, int | float):
            vector[_slot(f"{path}={value}", size)] += 1.0
        else:
            vector[_slot(path, size)] += float(value)
    return vector


def action_mask(count: int) -> np.ndarray:
    mask = np.zeros(MAX_ACTIONS, dtype=np.int8)
    mask[: min(count, MAX_ACTIONS)] = 1
    return mask
