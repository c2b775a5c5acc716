"""A bounded load test on loopback (issue 26): eight clients poll and act on one table for a minute against
``magecraft serve`` run as a real process; no error, no action lost or applied twice, memory flat."""

from __future__ import annotations

import json
import os
import re
import threading
import time
from pathlib import Path

import httpx

from tests.web.test_browser import Server

SECONDS = float(os.environ.get("MAGECRAFT_LOAD_SECONDS", "60"))
CLIENTS = 8


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_eight_clients_for_a_minute(tmp_path: Path) -> None:
    server = Server(tmp_path, "--demo", "wizard-prince-race")
    seats = [who for who in server.links if who != "game master"]
    accepted = {seat: 0 for seat in seats}
    errors: list[str] = []
    lock = threading.Lock()
    stop = time.monotonic() + SECONDS

    def client(seat: str) -> None:
        url = server.links[seat]
        with httpx.Client(timeout=10) as http:
            while time.monotonic() < stop:
                page = http.get(url + "/view")
                if page.status_code != 200:
                    errors.append(f"GET {page.status_code}")
                    return
                if "The game is over" in page.text:
                    return
                action = re.search(r'name="action" value="([^"]+)"', page.text)
                if action is None:
                    time.sleep(0.01)
                    continue
                form = {"form_token": re.search(r'name="form_token" value="([^"]+)"', page.text).group(1),
                        "revision": re.search(r'name="revision" value="([^"]+)"', page.text).group(1),
                        "action": action.group(1)}
                answer = http.post(url + "/act", data=form)
                if answer.status_code == 200:
                    with lock:
                        accepted[seat] += 1
                elif answer.status_code not in (403, 409):  # a page that was out of date: refused, never applied
                    errors.append(f"POST {answer.status_code}: {answer.text[:80]}")

    try:
        threads = [threading.Thread(target=client, args=(seats[i % len(seats)],)) for i in range(CLIENTS)]
        for thread in threads:
            thread.start()
        time.sleep(min(5.0, SECONDS / 4))
        early = rss_kb(server.process.pid)
        for thread in threads:
            thread.join()
        late = rss_kb(server.process.pid)
    finally:
        server.stop()
    assert errors == []
    assert sum(accepted.values()) > 0
    played = json.loads(Path(str(tmp_path / "web.sqlite3") + ".tables.json").read_text())["tables"][0]["played"]
    assert played == {seat: n for seat, n in accepted.items() if n}
    assert late < early * 1.25 + 8_000, f"the server grew from {early} kB to {late} kB"
