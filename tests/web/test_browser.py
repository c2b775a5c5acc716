"""The web table in a real browser: Playwright driving Debian's Chromium against ``magecraft serve`` run as a
real process on loopback (issue 26).  Screenshots go to a temporary directory (``MAGECRAFT_SCREENSHOTS``
keeps them elsewhere, as the docs' pictures were made)."""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from magecraft.games import registry

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``magecraft serve`` in its own process; its printed links, by who they are for."""

    def __init__(self, tmp: Path, *args: str) -> None:
        self.port = free_port()
        command = [str(Path(sys.executable).parent / "magecraft"), "serve", "--port", str(self.port),
                   "--db", str(tmp / "web.sqlite3"), *args]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.links: dict[str, str] = {}
        assert self.process.stdout is not None
        while "game master" not in self.links:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"serve stopped: {self.process.wait()}")
            who, _, url = line.strip().partition(": ")
            if url.startswith("http"):
                self.links[who] = url
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("serve never listened")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


@pytest.fixture
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MAGECRAFT_SCREENSHOTS", tmp_path / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def seat_actions(page: object) -> list[str]:
    return page.locator("section.actions button").all_inner_texts()  # type: ignore[attr-defined]


def fits_a_phone(page: object) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert width <= 360, f"the page scrolls sideways at 360 px ({width} px wide)"
    small = page.evaluate("""() => [...document.querySelectorAll(
        'button, summary, select, input:not([type=hidden])')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44 && e.type !== 'checkbox')
        .map(e => e.outerHTML.slice(0, 60))""")  # type: ignore[attr-defined]
    assert small == [], f"touch targets under 44 px: {small[:3]}"


def play_until_done(pages: list[object], most: int) -> int:
    """Click an offered action (a seeded pick, as the random bot would) on whichever seat's page offers
    one, until the game is over."""
    pick = random.Random(7)
    for clicks in range(most):
        for page in pages:
            page.reload()  # type: ignore[attr-defined]
            if page.locator("section.result").count():  # type: ignore[attr-defined]
                return clicks
            buttons = page.locator("section.actions button")  # type: ignore[attr-defined]
            count = buttons.count()
            if count:
                chosen = buttons.nth(pick.randrange(count))
                chosen.evaluate("b => b.closest('details').open = true")
                with page.expect_response(lambda r: r.url.endswith("/act")):  # type: ignore[attr-defined]
                    chosen.click()
                break
    raise AssertionError(f"the game was not over after {most} clicks")


@pytest.mark.parametrize("game", registry().names())
def test_a_whole_game_of_every_game_type_from_a_phone(browser: object, tmp_path: Path, shots: Path,
                                                       game: str) -> None:
    server = Server(tmp_path, "--demo", game)
    try:
        seats = [who for who in server.links if who != "game master"]
        context = browser.new_context(viewport={"width": 360, "height": 740})  # type: ignore[attr-defined]
        page = context.new_page()
        page.goto(server.links[seats[0]])
        fits_a_phone(page)
        page.screenshot(path=str(shots / f"{game}-seat-360.png"), full_page=False)
        pages = [page]
        for seat in seats[1:]:
            other = context.new_page()
            other.goto(server.links[seat])
            pages.append(other)
        play_until_done(pages, 600)
        assert "The game is over" in page.content()
        context.close()
    finally:
        server.stop()
