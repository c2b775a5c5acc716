"""``magecraft serve`` itself (issue 26): where it listens, the join links and QR codes it prints, and that
no secret token reaches its log."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from tests.web.test_browser import Server

QR_CHARACTERS = set("█▀▄ \u00a0")


def listening_on(port: int) -> set[str]:
    """The IPv4 addresses a socket listens on at ``port`` (from /proc/net/tcp, state 0A = LISTEN)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, _, hex_port = local.partition(":")
        if state == "0A" and int(hex_port, 16) == port:
            found.add(".".join(str(int(address[i:i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


def qr_blocks(lines: list[str]) -> list[tuple[str, int]]:
    """Each printed link with the number of QR-code lines right after it."""
    blocks: list[tuple[str, int]] = []
    for line in lines:
        if ": http" in line:
            blocks.append((line, 0))
        elif blocks and line.strip() and set(line) <= QR_CHARACTERS:
            blocks[-1] = (blocks[-1][0], blocks[-1][1] + 1)
    return blocks


def test_serve_on_the_tables_network_prints_a_link_and_a_qr_code_for_each_seat(tmp_path: Path) -> None:
    server = Server(tmp_path, "--host", "0.0.0.0", "--demo", "wizard-prince-banquet")
    try:
        assert listening_on(server.port) == {"0.0.0.0"}
    finally:
        rest = server.stop()
    blocks = qr_blocks(server.printed + rest.splitlines())
    assert [line.split(":")[0] for line, _ in blocks] == ["Ann", "Bob", "game master"]
    for line, qr_lines in blocks:
        # a link others on the network can open (not 0.0.0.0), and a QR code of at least 21 modules
        assert "0.0.0.0" not in line and f":{server.port}/" in line
        assert qr_lines >= 11, f"no QR code after {line!r}"


def test_serve_listens_on_loopback_by_default_and_prints_no_qr_code(tmp_path: Path) -> None:
    server = Server(tmp_path, "--demo", "wizard-prince-race")
    try:
        assert listening_on(server.port) == {"127.0.0.1"}
    finally:
        rest = server.stop()
    blocks = qr_blocks(server.printed + rest.splitlines())
    assert [qr for _, qr in blocks] == [0, 0, 0]
    assert all(line.split(": ", 1)[1].startswith(f"http://127.0.0.1:{server.port}/") for line, _ in blocks)


def test_no_token_reaches_the_servers_log(tmp_path: Path) -> None:
    server = Server(tmp_path, "--demo", "wizard-prince-race")
    try:
        with httpx.Client(timeout=10) as http:
            for who, url in server.links.items():
                page = http.get(url)
                assert page.status_code == 200
                form = re.search(r'name="form_token" value="([^"]+)"', page.text)
                if who != "game master" and form:
                    http.post(url + "/act", data={"form_token": form.group(1), "revision": "0", "action": "x"})
                http.get(url + "x")  # a wrong token: 403
                http.post(url + "/act", content=b"a" * 20_000)  # too large: 413
    finally:
        rest = server.stop()
    output = "\n".join(server.printed) + "\n" + rest
    for who, url in server.links.items():
        token = url.rsplit("/", 1)[1]
        lines = [line for line in output.splitlines() if token in line]
        assert lines == [f"{who}: {url}"], f"{who}'s token is printed outside its join line: {lines}"


def test_a_page_whose_event_stream_connects_late_is_told_where_the_table_is(tmp_path: Path) -> None:
    """A page whose stream connects after changes it missed (served before them, a phone waking up): the
    stream's first event is the table's current revision, so the page fetches it at once."""
    server = Server(tmp_path, "--demo", "wizard-prince-race")
    try:
        url = next(link for who, link in server.links.items() if who != "game master")
        with httpx.Client(timeout=10) as http:
            revision = re.search(r"revision (\d+)", http.get(url + "/view").text)
            assert revision is not None
            with http.stream("GET", url + "/events?seen=0") as stream:  # served before the game began
                lines = stream.iter_lines()
                first = [next(lines) for _ in range(4)]
    finally:
        server.stop()
    assert first[2:] == ["event: update", f"data: {revision.group(1)}.0."]  # revision, not paused, no die
