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


#: A page is settled when no request of it is in flight and it shows the last version it was told of (an
#: update could otherwise swap the page between reading a button and clicking it: issue 26's flaky runs).
SETTLED = ("() => !document.querySelector('.htmx-request') && (window.toldVersion === undefined || "
           "document.querySelector('#live header')?.dataset.version === window.toldVersion)")
#: Finds the action by its words in the page as it is now, opens the <details> around it (as a person taps
#: them open) and submits it, in one step of the page's script: no swap can come between.
SUBMIT_ACTION = """text => {
  const input = [...document.querySelectorAll('#live input[name=action]')].find(i => i.value === text);
  if (!input) return false;
  for (let d = input.closest('details'); d; d = d.parentElement.closest('details')) d.open = true;
  input.form.requestSubmit();
  return true;
}"""
#: Fills a form's fields and submits it in one step (a die, an override), the form found as the page is now.
SUBMIT_FORM = """([selector, values]) => {
  const form = document.querySelector(selector);
  if (!form) return false;
  for (const [name, value] of Object.entries(values)) form.querySelector(`[name="${name}"]`).value = value;
  form.requestSubmit();
  return true;
}"""


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
        self.printed: list[str] = []  # every line serve printed before it served
        assert self.process.stdout is not None
        while "game master" not in self.links:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"serve stopped: {self.process.wait()}")
            self.printed.append(line.rstrip("\n"))
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

    def stop(self) -> str:
        """Stop the server; what it printed after its links (its log)."""
        self.process.terminate()
        rest, _ = self.process.communicate(timeout=20)
        return rest or ""


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


#: How long a page may take to show what a condition waits for: CI runs the suite on 2 busy cores, where a
#: page's answer has been seen to take over 10 s; a wait ends as soon as its condition holds.
WAIT = 30_000


def wait_on(page: object, condition: str, arg: object = None, what: str = "") -> None:
    """Wait until ``condition`` holds on ``page``; on a timeout, say what was awaited and what the page shows."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=WAIT)  # type: ignore[attr-defined]
    except Exception as exc:
        shown = " ".join(page.locator("#live").inner_text()[:600].split())  # type: ignore[attr-defined]
        raise AssertionError(f"waited {WAIT // 1000} s for {what or condition}: {type(exc).__name__}; "
                             f"the page shows: {shown}") from None


def settled(page: object) -> None:
    """Wait until ``page`` has no request in flight and shows the last version of the table it was told of."""
    wait_on(page, SETTLED, what="the page to settle")


def offered(page: object) -> list[str]:
    """The actions the settled page offers, by their words (empty when it offers none)."""
    settled(page)
    return page.locator("#live input[name=action]").evaluate_all(  # type: ignore[attr-defined]
        "inputs => inputs.map(i => i.value)")


def submit_action(page: object, text: str) -> object:
    """Submit the offered action ``text``; the response to it."""
    with page.expect_response(lambda r: r.url.endswith("/act")) as answer:  # type: ignore[attr-defined]
        assert page.evaluate(SUBMIT_ACTION, text), f"{text!r} is not offered"  # type: ignore[attr-defined]
    return answer.value


def submit_form(page: object, selector: str, **values: str) -> None:
    """Fill and submit the form ``selector`` of the settled page."""
    settled(page)
    assert page.evaluate(SUBMIT_FORM, [selector, values]), f"no form {selector}"  # type: ignore[attr-defined]


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
            actions = offered(page)
            if page.locator("section.result").count():  # type: ignore[attr-defined]
                return clicks
            if actions:
                submit_action(page, actions[pick.randrange(len(actions))])
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


def revision_on(page: object) -> int:
    text = page.locator("#live header").inner_text()  # type: ignore[attr-defined]
    return int(text.rsplit("revision", 1)[1].split()[0])


def caught_up(page: object, revision: int) -> None:
    """Wait until the page was told (server-sent events) of the revision the table is at."""
    wait_on(page, "r => Number(((document.querySelector('#live header')?.innerText || '')"
            ".match(/revision (\\d+)/) || [0, -1])[1]) >= r", revision, f"revision {revision} to reach the page")


def click_action(page: object, text: str) -> int:
    """Take the offered action ``text`` (read from the settled page) and return the revision the table moved
    to."""
    before = revision_on(page)
    answer = submit_action(page, text)
    assert answer.status == 200, answer.text()  # type: ignore[attr-defined]
    # the page is swapped: the table moved on, or the page asks for the real die the action needs
    wait_on(page, "r => document.querySelector('#live section.die') || Number(((document.querySelector("
            "'#live header')?.innerText || '').match(/revision (\\d+)/) || [0, -1])[1]) > r", before,
            f"the table to move on from revision {before} after {text!r}")
    return revision_on(page)


def open_banquet(gm: object, name: str, *, physical: bool = False) -> dict[str, str]:
    """The game master opens a banquet for Ann and Bob from the lobby; the seats' links by seat."""
    gm.fill("input[name=name]", name)  # type: ignore[attr-defined]
    gm.select_option("select[name=game]", "wizard-prince-banquet")  # type: ignore[attr-defined]
    gm.fill("input[name=people]", "Ann, Bob")  # type: ignore[attr-defined]
    gm.fill("input[name=seed]", "5")  # type: ignore[attr-defined]
    if physical:
        gm.check("input[name=physical]")  # type: ignore[attr-defined]
    gm.click("form.new-table button[type=submit]")  # type: ignore[attr-defined]
    gm.wait_for_selector("a.seat-link")  # type: ignore[attr-defined]
    links = gm.locator("a.seat-link")  # type: ignore[attr-defined]
    found = {links.nth(i).get_attribute("data-seat"): links.nth(i).get_attribute("href")
             for i in range(links.count())}
    assert set(found) == {"Ann", "Bob"}, found
    return found


def shoot(page: object, shots: Path, name: str) -> None:
    """The page at 360 px (checked to fit a phone) and at 1280 px, as test artifacts."""
    page.set_viewport_size({"width": 360, "height": 740})  # type: ignore[attr-defined]
    fits_a_phone(page)
    page.screenshot(path=str(shots / f"web-{name}-360.png"), full_page=True)  # type: ignore[attr-defined]
    page.set_viewport_size({"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page.screenshot(path=str(shots / f"web-{name}-1280.png"), full_page=True)  # type: ignore[attr-defined]
    page.set_viewport_size({"width": 360, "height": 740})  # type: ignore[attr-defined]


def test_a_banquet_for_ann_and_bob(browser: object, tmp_path: Path, shots: Path) -> None:
    server = Server(tmp_path)
    try:
        gm_url = server.links["game master"]
        base = gm_url.split("/gm/")[0]
        gm = browser.new_context(viewport={"width": 360, "height": 740}).new_page()  # type: ignore[attr-defined]
        gm.goto(gm_url)
        shoot(gm, shots, "lobby")
        links = open_banquet(gm, "feast")
        pages = {}
        for seat in ("Ann", "Bob"):  # each in a browser context of its own, as on two phones
            pages[seat] = browser.new_context(  # type: ignore[attr-defined]
                viewport={"width": 360, "height": 740}).new_page()
            pages[seat].goto(base + links[seat])
        snooped = play_banquet(pages)
        snooper, (chit_id, courtier) = next(iter(snooped.items()))
        other = pages["Bob" if snooper == "Ann" else "Ann"]
        mine = pages[snooper]
        assert mine.locator(f"[data-piece={courtier}]").get_attribute("data-chit")
        assert mine.locator(f".mine [data-chit-id={chit_id}]").count() == 1
        assert other.locator(f"[data-piece={courtier}]").get_attribute("data-chit") is None
        assert other.locator(f".mine [data-chit-id={chit_id}]").count() == 0
        deciding = next(p for p in pages.values() if offered(p))
        shoot(deciding, shots, "seat")
        deciding.locator("section.actions > details").nth(1).evaluate("d => d.open = true")  # SNOOP's buttons
        fits_a_phone(deciding)
        deciding.screenshot(path=str(shots / "web-seat-actions-360.png"))

        # a reload keeps everything
        def shown(page: object) -> str:  # every word of the page, opened or not
            return " ".join(page.locator("#live").text_content().split())  # type: ignore[attr-defined]

        before = {seat: shown(page) for seat, page in pages.items()}
        for seat, page in pages.items():
            page.reload()
            assert shown(page) == before[seat]

        override_shown_everywhere(gm, f"{gm_url}/t/feast", pages, shots)

        # a table with real dice: the seat whose action needs a die is asked for it on its page
        gm.goto(gm_url)
        dice_links = open_banquet(gm, "dice", physical=True)
        gm.goto(f"{gm_url}/t/dice")
        dice_pages = {seat: pages[seat].context.new_page() for seat in dice_links}
        for seat, page in dice_pages.items():
            page.goto(base + dice_links[seat])
        label, value = enter_a_real_die(dice_pages, gm)
        for page in dice_pages.values():
            assert f"{label} {value}" in " ".join(page.locator(".log").inner_text().split())
    finally:
        server.stop()


def enter_a_real_die(pages: dict[str, object], gm: object) -> tuple[str, str]:
    """Play the real-dice banquet until a seat's page asks for a die; a value off the die is refused, a
    good one is rolled.  Dice the game master rolls for the bots are entered on the game master's screen.
    Returns the die's label and the roll as the log writes it (``1d6: 4``)."""
    pick = random.Random(3)
    for _ in range(80):
        for page in pages.values():
            settled(page)
        asked = next((p for p in pages.values() if p.locator("section.die").count()), None)  # type: ignore[attr-defined]
        if asked is not None:
            text = asked.locator("section.die p").first.inner_text()  # type: ignore[attr-defined]
            label, _, rest = text.partition(": a d")
            sides = int(rest.split(",")[0])
            submit_form(asked, "#live section.die form", value=str(sides + 1))
            asked.wait_for_selector(f"text=needs a value from 1 to {sides}")  # type: ignore[attr-defined]
            value = min(4, sides)
            revision = revision_on(asked)
            faces = [4, 2, 6, 1, 3, 5]  # different faces: equal initiative dice are rolled again
            for typed in range(1, 20):  # an action may need several dice (every noble's initiative)
                face = min(faces[(typed - 1) % len(faces)], sides)
                submit_form(asked, "#live section.die form", value=str(face))
                wait_on(asked, "n => (document.querySelector('section.die .typed')?.dataset.count == n) || "
                        "!document.querySelector('section.die')", typed, f"die {typed} to be taken")
                if not asked.locator("section.die").count():  # type: ignore[attr-defined]
                    break
                sides = int(asked.locator("section.die").get_attribute("data-sides"))  # type: ignore[attr-defined]
            else:
                raise AssertionError("the action still asks for dice after 19")
            for page in pages.values():
                caught_up(page, revision + 1)
            return label, f"1d{sides}: {value}"
        settled(gm)
        if gm.locator("section.die").count():  # type: ignore[attr-defined]
            revision = revision_on(gm)
            submit_form(gm, "#live section.die form", value="1")
            for page in pages.values():
                caught_up(page, revision + 1)
            continue
        whose = next((p for p in pages.values() if offered(p)), None)
        assert whose is not None, "nobody is offered an action nor asked for a die"
        actions = offered(whose)
        revision = click_action(whose, actions[pick.randrange(len(actions))])
        for page in pages.values():
            caught_up(page, revision)
        gm.reload()  # type: ignore[attr-defined]
    raise AssertionError("no seat was asked for a real die")


def override_shown_everywhere(gm: object, screen: str, pages: dict[str, object], shots: Path) -> None:
    """The game master overrides Ann's Wealth on its screen: its log and every seat's page show it."""
    gm.goto(screen)
    with gm.expect_response(lambda r: r.url.endswith("/override")) as answer:
        submit_form(gm, "#live form.override", path="nobles.0.wealth", value="9")
    assert answer.value.status == 200
    changed = "the game master changed nobles.0.wealth from 1 to 9"
    gm.wait_for_selector(f".log >> text={changed}")
    shoot(gm, shots, "gm")
    revision = revision_on(gm)
    for page in pages.values():
        caught_up(page, revision)
        assert changed in page.locator(".log").inner_text()
    assert pages["Ann"].locator(".nobles tr.me td").nth(2).inner_text() == "9"


def play_banquet(pages: dict[str, object], turns: int = 3) -> dict[str, tuple[str, str]]:
    """Ann and Bob play (SNOOP first whenever they can, else a seeded pick) until the banquet reaches
    ``turns`` and one of them has snooped; every action reaches the other's page by itself.  Returns, by
    the seat that snooped first, the chit it saw and the courtier it lies under."""
    pick = random.Random(11)
    snooped: dict[str, tuple[str, str]] = {}
    for _ in range(200):
        whose = next((s for s, p in pages.items() if offered(p)), None)
        if whose is None:
            raise AssertionError("nobody is offered an action")
        page = pages[whose]
        turn_text = page.locator(".board-panel h2").inner_text()  # type: ignore[attr-defined]
        if snooped and f"turn {turns}" in turn_text:
            return snooped
        actions = offered(page)
        snoops = [a for a in actions if "SNOOP" in a]
        known = set(page.locator(".mine li").evaluate_all("ls => ls.map(l => l.dataset.chitId)"))  # type: ignore[attr-defined]
        if not snooped and snoops:
            revision = click_action(page, snoops[0])
            new = [c for c in page.locator(".mine li").evaluate_all(  # type: ignore[attr-defined]
                "ls => ls.map(l => l.dataset.chitId)") if c not in known]
            if new:
                courtier = page.locator(f".mine [data-chit-id={new[0]}]").get_attribute("data-courtier")  # type: ignore[attr-defined]
                snooped[whose] = (new[0], courtier)
        else:
            revision = click_action(page, actions[pick.randrange(len(actions))])
        for other in pages.values():
            caught_up(other, revision)
    raise AssertionError("the banquet did not reach its turn with a snoop")


def test_an_update_fetched_before_an_action_never_shows_over_its_answer(browser: object, tmp_path: Path) -> None:
    """The race behind the flaky runs: an update's fetch, made before an action and answered after it, must not
    swap the older page over the action's answer (it would wipe a die just typed, or a refusal)."""
    server = Server(tmp_path)
    try:
        gm = browser.new_context(viewport={"width": 360, "height": 740}).new_page()  # type: ignore[attr-defined]
        gm.goto(server.links["game master"])
        links = open_banquet(gm, "late")
        base = server.links["game master"].split("/gm/")[0]
        pages = {}
        for seat in links:
            pages[seat] = browser.new_context(viewport={"width": 360, "height": 740}).new_page()  # type: ignore[attr-defined]
            pages[seat].goto(base + links[seat])
        page = next(p for p in pages.values() if offered(p))
        before = revision_on(page)
        old = page.request.get(base + links[next(s for s, p in pages.items() if p is page)] + "/view").text()  # type: ignore[attr-defined]
        held: list[object] = []

        def hold_the_first(route: object) -> None:  # later fetches (the action's own update) go through
            if held:
                route.continue_()  # type: ignore[attr-defined]
            else:
                held.append(route)

        page.route("**/view", hold_the_first)  # type: ignore[attr-defined]
        # note what the page shows once the held fetch is answered (later fetches may mend it, by chance)
        page.evaluate(WATCH_HELD)  # type: ignore[attr-defined]
        with page.expect_request("**/view"):  # type: ignore[attr-defined]
            page.evaluate("htmx.trigger('#live', 'sse:update', {data: 'an update'})")  # type: ignore[attr-defined]
        after = click_action(page, offered_now(page)[0])
        assert after > before
        # the action's own update has reached the page too (it shows what it was told): nothing else will come
        page.wait_for_function("() => window.toldVersion === "  # type: ignore[attr-defined]
                               "document.querySelector('#live header').dataset.version")
        shown = page.evaluate("document.querySelector('#live header').dataset.version")  # type: ignore[attr-defined]
        held[0].fulfill(status=200, content_type="text/html", body=old)  # type: ignore[attr-defined]
        page.wait_for_function("() => window.shownAfterHeld !== undefined")  # type: ignore[attr-defined]
        assert page.evaluate("window.shownAfterHeld") == shown  # type: ignore[attr-defined]
        assert revision_on(page) == after
    finally:
        server.stop()


#: Numbers the next fetch of the page (the one the test holds back) and notes the version shown once it is
#: answered.
WATCH_HELD = """() => {
  window.heldAsk = asked + 1;
  document.addEventListener('htmx:afterRequest', e => {
    if (e.detail.xhr.magecraftAsk === window.heldAsk)
      window.shownAfterHeld = document.querySelector('#live header').dataset.version;
  });
}"""


def offered_now(page: object) -> list[str]:
    """The actions the page offers as it is, settled or not."""
    return page.locator("#live input[name=action]").evaluate_all(  # type: ignore[attr-defined]
        "inputs => inputs.map(i => i.value)")
