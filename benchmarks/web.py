"""The web table's latency on loopback: a seat's action to its new page fragment, and to the other seat's
page being told (server-sent events).

    python benchmarks/web.py [--actions 60] [--game wizard-prince-banquet]

Starts ``magecraft serve --demo GAME`` as a real process on a free port, opens both seats' event streams,
and plays the first offered action of whichever seat decides, ``--actions`` times.  Prints the median and
90th percentile of both delays (targets: 50 ms and 100 ms).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx


def serve(game: str, folder: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([str(Path(sys.executable).parent / "magecraft"), "serve", "--demo", game, "--port",
                                str(port), "--db", str(folder / "web.sqlite3")], stdout=subprocess.PIPE, text=True)
    links: dict[str, str] = {}
    assert process.stdout is not None
    while "game master" not in links:
        who, _, url = process.stdout.readline().strip().partition(": ")
        links[who] = url
    for _ in range(100):
        try:
            httpx.get(links["game master"].split("/gm/")[0] + "/healthz")
            break
        except httpx.TransportError:
            time.sleep(0.05)
    return process, links


def listen(url: str, heard: list[float], stop: threading.Event) -> None:
    with httpx.stream("GET", url + "/events", timeout=None) as response:
        for line in response.iter_lines():
            if stop.is_set():
                return
            if line.startswith("event: update"):
                heard.append(time.perf_counter())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--game", default="wizard-prince-banquet")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, links = serve(args.game, Path(folder))
        seats = [who for who in links if who != "game master"]
        heard: dict[str, list[float]] = {seat: [] for seat in seats}
        stop = threading.Event()
        for seat in seats:
            threading.Thread(target=listen, args=(links[seat], heard[seat], stop), daemon=True).start()
        time.sleep(0.5)
        own, other = [], []
        with httpx.Client() as client:
            for _ in range(args.actions):
                pages = {seat: client.get(links[seat] + "/view").text for seat in seats}
                mover = next((s for s, p in pages.items() if 'name="action"' in p), None)
                if mover is None:
                    break
                page = pages[mover]
                form = {"form_token": re.search(r'name="form_token" value="([^"]+)"', page).group(1),  # type: ignore[union-attr]
                        "revision": re.search(r'name="revision" value="([^"]+)"', page).group(1),  # type: ignore[union-attr]
                        "action": re.search(r'name="action" value="([^"]+)"', page).group(1)}  # type: ignore[union-attr]
                watcher = next(s for s in seats if s != mover)
                before = len(heard[watcher])
                start = time.perf_counter()
                client.post(links[mover] + "/act", data=form)
                own.append(time.perf_counter() - start)
                deadline = time.perf_counter() + 2
                while len(heard[watcher]) == before and time.perf_counter() < deadline:
                    time.sleep(0.0005)
                if len(heard[watcher]) > before:
                    other.append(heard[watcher][before] - start)
        stop.set()
        process.terminate()
    for name, values in (("action to own fragment", own), ("action to the other seat's update", other)):
        if values:
            ninetieth = statistics.quantiles(values, n=10)[-1] if len(values) > 2 else max(values)
            print(f"{name}: median {statistics.median(values) * 1000:.1f} ms, 90th percentile "
                  f"{ninetieth * 1000:.1f} ms ({len(values)} actions)")


if __name__ == "__main__":
    main()
