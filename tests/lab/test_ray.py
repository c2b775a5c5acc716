"""The lab on a local Ray cluster gives the rows a process pool gives, seed by seed (issue 27)."""

from __future__ import annotations

import pytest

from magecraft.lab import runners
from magecraft.lab.sweep import Sweep, Variant, tasks

ray = pytest.importorskip("ray", reason="the 'cluster' extra (Ray) is not installed")


def test_a_local_ray_cluster_gives_the_same_rows_as_the_pool() -> None:
    sweep = Sweep("mage-wars-solo", (Variant("book"),), ())
    pooled = [row for rows in runners.pool(sweep, tasks(sweep, range(1, 13), {}), 2, 4) for row in rows]
    batches = runners.ray_cluster(sweep, tasks(sweep, range(1, 13), {}), "local", 4)
    on_ray = [row for rows in batches for row in rows]
    assert on_ray == pooled
    assert [row["seed"] for row in on_ray] == list(range(1, 13))
