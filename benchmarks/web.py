"""The web table's latency on loopback: a seat's action to its new page fragment, and to the other seat's
page holding the new state (told by server-sent events, then fetching its fragment, as HTMX does).

    python benchmarks/web.py [--actions 60] [--game wizard-prince-banquet]

Starts ``magecraft serve --demo GAME`` as a real process on a free port, opens both seats' event streams,
and plays a seeded pick of the offered actions of whichever seat decides, ``--actions`` times (a finished
game is followed by a new table of the same seats, opened from the game master's link).  Prints the median
and 90th percentile of both delays (targets: 50 ms and 100 ms).
"""

from __future__ import annotations

import argparse
import random
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
        if url.startswith("http"):
            links[who] = url
    for _ in range(100):
        try:
            httpx.get(links["game master"].split("/gm/")[0] + "/healthz")
            break
        except httpx.TransportError:
            time.sleep(0.05)
    return process, links


def listen(url: str, fetched: list[float], stop: threading.Event) -> None:
    """Follow a seat's event stream; at each update fetch the fragment, and note when it arrived."""
    with httpx.Client(timeout=None) as client, client.stream("GET", url + "/events") as response:
        for line in response.iter_lines():
            if stop.is_set():
                return
            if line.startswith("event: update"):
                client.get(url + "/view")
                fetched.append(time.perf_counter())


def new_table(client: httpx.Client, gm: str, game: str, seats: list[str], number: int) -> dict[str, str]:
    """Another table of ``game`` for the same seats, opened as the game master does from the lobby."""
    answer = client.post(gm + "/tables", data={"game": game, "name": f"bench-{number}", "people": ",".join(seats),
                                               "seed": str(number)})
    base = gm.split("/gm/")[0]
    return {seat: base + href for seat, href in re.findall(r'data-seat="([^"]+)" href="([^"]+)"', answer.text)}


def field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]+)"', page)
    assert found is not None, f"no {name} on the page"
    return found.group(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--game", default="wizard-prince-banquet")
    args = parser.parse_args()
    own: list[float] = []
    other: list[float] = []
    stop = threading.Event()
    with tempfile.TemporaryDirectory() as folder:
        process, links = serve(args.game, Path(folder))
        gm = links.pop("game master")
        seats = list(links)
        pick = random.Random(1)
        tables = 1
        with httpx.Client() as client:
            while len(own) < args.actions:
                fetched: dict[str, list[float]] = {seat: [] for seat in seats}
                for seat in seats:
                    threading.Thread(target=listen, args=(links[seat], fetched[seat], stop), daemon=True).start()
                time.sleep(0.3)
                play(client, links, fetched, pick, own, other, args.actions)
                tables += 1
                links = new_table(client, gm, args.game, seats, tables)
        stop.set()
        process.terminate()
    for name, values in (("action to own fragment", own), ("action to the other seat's fragment", other)):
        if values:
            ninetieth = statistics.quantiles(values, n=10)[-1] if len(values) > 2 else max(values)
            print(f"{name}: median {statistics.median(values) * 1000:.1f} ms, 90th percentile "
                  f"{ninetieth * 1000:.1f} ms ({len(values)} actions)")


def play(client: httpx.Client, links: dict[str, str], fetched: dict[str, list[float]], pick: random.Random,
         own: list[float], other: list[float], most: int) -> None:
    """Play one table until it is over (or ``most`` actions are timed)."""
    while len(own) < most:
        pages = {seat: client.get(links[seat] + "/view").text for seat in links}
        mover = next((s for s, p in pages.items() if 'name="action"' in p), None)
        if mover is None:
            return
        page = pages[mover]
        form = {"form_token": field(page, "form_token"), "revision": field(page, "revision"),
                "action": pick.choice(re.findall(r'name="action" value="([^"]+)"', page))}
        watcher = next(s for s in links if s != mover)
        before = len(fetched[watcher])
        start = time.perf_counter()
        client.post(links[mover] + "/act", data=form)
        own.append(time.perf_counter() - start)
        deadline = time.perf_counter() + 2
        while len(fetched[watcher]) == before and time.perf_counter() < deadline:
            time.sleep(0.0005)
        if len(fetched[watcher]) > before:
            other.append(fetched[watcher][before] - start)


if __name__ == "__main__":
    main()
