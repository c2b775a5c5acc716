"""Where a sweep's games are played: in this process, on a pool of processes, or on a Ray cluster.

Every runner takes the games in chunks, keeps a bounded number of chunks in flight (so a sweep of
100,000 games never holds them all), and hands back the rows in the order of the tasks, so the
results file is the same whatever runs it.  No scheduler of our own: the pool is the standard
library's, the cluster is Ray's.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from magecraft.core.errors import InputError
from magecraft.lab.sweep import Sweep, play_chunk

Row = dict[str, Any]
Task = tuple[int, int]


def chunks(tasks: Iterable[Task], size: int) -> Iterator[list[Task]]:
    iterator = iter(tasks)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def serial(sweep: Sweep, tasks: Iterable[Task], chunk_size: int = 8) -> Iterator[list[Row]]:
    for chunk in chunks(tasks, chunk_size):
        yield play_chunk(sweep, chunk)


def _ordered(submit: Callable[[list[Task]], Any], result: Callable[[Any], list[Row]],
             tasks: Iterable[Task], chunk_size: int, window: int) -> Iterator[list[Row]]:
    pending: deque[Any] = deque()
    for chunk in chunks(tasks, chunk_size):
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield result(pending.popleft())
    while pending:
        yield result(pending.popleft())


def pool(sweep: Sweep, tasks: Iterable[Task], workers: int, chunk_size: int = 8) -> Iterator[list[Row]]:
    """The games on ``workers`` processes; rows in task order."""
    executor = ProcessPoolExecutor(max_workers=workers)
    try:
        def submit(chunk: list[Task]) -> Future[list[Row]]:
            return executor.submit(play_chunk, sweep, chunk)

        yield from _ordered(submit, lambda future: future.result(), tasks, chunk_size, workers * 4)
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def ray_cluster(sweep: Sweep, tasks: Iterable[Task], address: str, chunk_size: int = 8) -> Iterator[list[Row]]:
    """The games on a Ray cluster (``address``, or ``local`` for a cluster started here); rows in task order."""
    try:
        import ray
    except ImportError:
        raise InputError("--ray needs Ray: pip install 'magecraft[cluster]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=None if address == "local" else address, include_dashboard=False,
                 log_to_driver=False, configure_logging=False)
    remote_chunk = ray.remote(play_chunk)
    sweep_ref = ray.put(sweep)
    resources = getattr(ray, "cluster_resources")()  # noqa: B009  # untyped in some Ray releases
    window = max(int(resources.get("CPU", 1)), 1) * 4
    try:
        yield from _ordered(lambda chunk: remote_chunk.remote(sweep_ref, chunk), ray.get, tasks, chunk_size,
                            window)
    finally:
        if started:
            ray.shutdown()
