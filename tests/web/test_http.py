"""Every route of the web table and every refusal (issue 26), through HTTP."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from magecraft.web.app import create_app
from tests.web.conftest import GM_TOKEN

GAME = "wizard-prince-race"


RACE = 'drivers = ["Ann:heavy", "Bob:light"]\nnpc = 0'


def open_table(client: TestClient, people: str, game: str = GAME, name: str = "t1",
               seed: str = "3", options: str = RACE) -> dict[str, str]:
    response = client.post(f"/gm/{GM_TOKEN}/tables", data={"game": game, "name": name, "people": people,
                                                           "seed": seed, "options": options})
    assert response.status_code == 200, response.text
    return dict(re.findall(r'data-seat="([^"]+)" href="([^"]+)"', response.text))


def form(page: str) -> dict[str, str]:
    return {"form_token": re.search(r'name="form_token" value="([^"]+)"', page).group(1),
            "revision": re.search(r'name="revision" value="([^"]+)"', page).group(1)}


def revision_of(page: str) -> int:
    return int(re.search(r"revision (\d+)", page).group(1))


def actions(page: str) -> list[str]:
    return re.findall(r'name="action" value="([^"]+)"', page)


def test_healthz_and_the_lobby(client: TestClient) -> None:
    assert client.get("/healthz").text == "ok"
    lobby = client.get(f"/gm/{GM_TOKEN}")
    assert lobby.status_code == 200 and "Open a table" in lobby.text and GAME in lobby.text


def test_a_wrong_game_master_token_is_forbidden(client: TestClient) -> None:
    assert client.get("/gm/not-the-token").status_code == 403
    assert client.post("/gm/not-the-token/tables", data={"game": GAME, "name": "x"}).status_code == 403


def test_a_seat_acts_from_its_page_and_the_store_moves_on(client: TestClient) -> None:
    links = open_table(client, "Ann,Bob")
    assert set(links) == {"Ann", "Bob"}
    ann = client.get(links["Ann"])
    assert ann.status_code == 200 and "you are <b class=\"me\">Ann</b>" in ann.text
    whose = "Ann" if actions(ann.text) else "Bob"
    page = client.get(links[whose]).text
    choice = actions(page)[0]
    after = client.post(links[whose] + "/act", data={**form(page), "action": choice})
    assert after.status_code == 200, after.text
    assert int(form(after.text)["revision"]) > int(form(page)["revision"])


def test_a_form_works_with_htmx_and_without_a_script(client: TestClient) -> None:
    """HTMX gets the part of the page it swaps in; a form the browser posts itself (its script not loaded, or
    not yet bound to a form just swapped in) gets the whole page, so the action is never lost."""
    links = open_table(client, "Ann,Bob")
    whose = "Ann" if actions(client.get(links["Ann"]).text) else "Bob"
    page = client.get(links[whose]).text
    assert f'method="post" action="{links[whose]}/act"' in page
    swapped = client.post(links[whose] + "/act", data={**form(page), "action": actions(page)[0]},
                          headers={"HX-Request": "true"})
    assert swapped.status_code == 200 and "<html" not in swapped.text and "<header" in swapped.text
    other = "Bob" if whose == "Ann" else "Ann"
    for seat in (whose, other):
        now = client.get(links[seat]).text
        if actions(now):
            posted = client.post(links[seat] + "/act", data={**form(now), "action": actions(now)[0]})
            assert posted.status_code == 200 and "<html" in posted.text and 'id="live"' in posted.text
            assert revision_of(posted.text) == revision_of(now) + 1
            break
    else:
        raise AssertionError("no seat was offered a second action")


def test_refusals_change_nothing(client: TestClient) -> None:
    links = open_table(client, "Ann,Bob")
    pages = {seat: client.get(url).text for seat, url in links.items()}
    whose = next(seat for seat, page in pages.items() if actions(page))
    other = next(seat for seat in links if seat != whose)
    page = pages[whose]
    revision = form(page)["revision"]

    def unchanged() -> None:
        assert form(client.get(links[whose]).text)["revision"] == revision

    # another seat's link acting for this seat: its own form token does not fit
    bad = client.post(links[other] + "/act", data={**form(page), "action": actions(page)[0]})
    assert bad.status_code == 403
    unchanged()
    # a wrong token
    assert client.post("/t/t1/not-a-token/act", data={**form(page), "action": "x"}).status_code == 403
    assert client.get("/t/t1/not-a-token").status_code == 403
    unchanged()
    # a stale page
    stale = client.post(links[whose] + "/act", data={**form(page), "revision": "0", "action": actions(page)[0]})
    assert stale.status_code == 403  # the form token is tied to the revision it was made for
    # an illegal action
    illegal = client.post(links[whose] + "/act", data={**form(page), "action": "fly over the stands"})
    assert illegal.status_code == 422 and "refused:" in illegal.text
    unchanged()
    # bad form values
    assert client.post(links[whose] + "/act", data={**form(page), "revision": "x" * 40,
                                                     "action": "a"}).status_code == 403
    assert client.post(links[whose] + "/act", data={"action": "a"}).status_code == 422
    # an oversized body
    huge = client.post(links[whose] + "/act", data={**form(page), "action": "a" * 20_000})
    assert huge.status_code == 413
    unchanged()


def test_a_page_that_was_out_of_date_is_told_the_table_moved_on(client: TestClient) -> None:
    links = open_table(client, "Ann,Bob")
    pages = {seat: client.get(url).text for seat, url in links.items()}
    whose = next(seat for seat, page in pages.items() if actions(page))
    page = pages[whose]
    first = client.post(links[whose] + "/act", data={**form(page), "action": actions(page)[0]})
    assert first.status_code == 200
    again = client.post(links[whose] + "/act", data={**form(page), "action": actions(page)[0]})
    assert again.status_code == 409 and "the table moved on" in again.text


def test_the_game_master_pauses_overrides_and_reissues(client: TestClient) -> None:
    links = open_table(client, "Ann,Bob")
    screen = client.get(f"/gm/{GM_TOKEN}/t/t1").text
    paused = client.post(f"/gm/{GM_TOKEN}/t/t1/pause", data={**form(screen), "paused": "1"})
    assert paused.status_code == 200 and "Paused." in paused.text
    for seat, url in links.items():
        assert not actions(client.get(url).text), f"{seat} can act on a paused table"
    resumed = client.post(f"/gm/{GM_TOKEN}/t/t1/pause", data={**form(paused.text), "paused": "0"})
    assert "Waiting for" in resumed.text
    fresh = client.post(f"/gm/{GM_TOKEN}/t/t1/reissue", data={**form(resumed.text), "seat": "Ann"})
    new_link = re.search(r'data-seat="Ann" href="([^"]+)"', fresh.text).group(1)
    assert client.get(links["Ann"]).status_code == 403
    assert client.get(new_link).status_code == 200


def test_a_table_survives_a_restart_of_the_server(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with TestClient(create_app(db, GM_TOKEN)) as first:
        links = open_table(first, "Ann,Bob")
        before = {seat: revision_of(first.get(url).text) for seat, url in links.items()}
    with TestClient(create_app(db, "another-gm-token")) as second:
        after = {seat: revision_of(second.get(url).text) for seat, url in links.items()}
        assert second.get(f"/gm/{GM_TOKEN}").status_code == 403
        assert second.get("/gm/another-gm-token").status_code == 200
    assert after == before


def test_tokens_are_not_kept_in_the_clear(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with TestClient(create_app(db, GM_TOKEN)) as client:
        links = open_table(client, "Ann,Bob")
    sidecar = Path(str(db) + ".tables.json").read_text()
    for url in links.values():
        assert url.rsplit("/", 1)[1] not in sidecar
    assert GM_TOKEN not in sidecar


@pytest.mark.parametrize("people, problem", [("Nobody", "has no seat 'Nobody'")])
def test_opening_a_table_with_a_wrong_seat_is_refused(client: TestClient, people: str, problem: str) -> None:
    response = client.post(f"/gm/{GM_TOKEN}/tables", data={"game": GAME, "name": "t2", "people": people,
                                                           "options": RACE})
    assert response.status_code == 400 and problem in html.unescape(response.text)
    assert "t2" not in client.get(f"/gm/{GM_TOKEN}").text


BANQUET = "wizard-prince-banquet"


def banquet_pages(client: TestClient, **extra: str) -> tuple[dict[str, str], str, str]:
    """A banquet of Ann and Bob (no NPC noble): the links, who enters first and who second."""
    links = open_table(client, "Ann,Bob", game=BANQUET, options="npc = 0", **extra)
    first = next(seat for seat, url in links.items() if actions(client.get(url).text))
    return links, first, next(seat for seat in links if seat != first)


def test_undo_takes_back_a_seats_last_action_while_nothing_was_rolled_or_shown(client: TestClient) -> None:
    links, first, second = banquet_pages(client)
    page = client.get(links[first]).text
    assert "Undo “" not in page  # nothing played yet
    nothing = client.post(links[first] + "/undo", data=form(page))
    assert nothing.status_code == 422 and "nothing to undo" in nothing.text
    offered = actions(page)
    entered = client.post(links[first] + "/act", data={**form(page), "action": offered[0]})
    assert entered.status_code == 200 and "Undo “" in entered.text
    other_page = client.get(links[second]).text
    undone = client.post(links[first] + "/undo", data=form(entered.text))
    assert undone.status_code == 200, undone.text
    assert actions(undone.text) == offered  # the same decision again, on a newer revision
    assert revision_of(undone.text) == revision_of(entered.text) + 1
    assert f"{first} took back {offered[0]}" in html.unescape(undone.text)
    # the other seat's page showed the undone revision: out of date
    stale = client.post(links[second] + "/undo", data=form(other_page))
    assert stale.status_code == 409 and "the table moved on" in stale.text


def test_undo_is_refused_once_another_acted_or_a_die_was_rolled(client: TestClient) -> None:
    links, first, second = banquet_pages(client)
    page = client.get(links[first]).text
    client.post(links[first] + "/act", data={**form(page), "action": actions(page)[0]})
    page = client.get(links[second]).text
    after = client.post(links[second] + "/act", data={**form(page), "action": actions(page)[0]})
    assert after.status_code == 200
    revision = revision_of(after.text)
    # the second noble's entry rolled every noble's initiative: no taking it back (no re-roll)
    refused = client.post(links[second] + "/undo", data=form(after.text))
    assert refused.status_code == 422
    assert "initiative, turn 1 was rolled since your last action" in html.unescape(refused.text)
    mine = client.get(links[first]).text
    assert re.search(r"<button type=\"submit\" disabled>Undo", mine)
    other = client.post(links[first] + "/undo", data=form(mine))
    assert other.status_code == 422 and f"{second} acted after your last action" in other.text
    assert revision_of(client.get(links[first]).text) == revision


def test_the_game_master_undoes_the_last_persons_action(client: TestClient) -> None:
    links, first, _ = banquet_pages(client, seed="8")
    page = client.get(links[first]).text
    client.post(links[first] + "/act", data={**form(page), "action": actions(page)[0]})
    screen = client.get(f"/gm/{GM_TOKEN}/t/t1").text
    undone = client.post(f"/gm/{GM_TOKEN}/t/t1/undo", data=form(screen))
    assert undone.status_code == 200 and "(by the game master)" in undone.text


def test_a_table_with_real_dice_asks_the_seat_and_its_undo_withdraws_the_action(client: TestClient) -> None:
    response = client.post(f"/gm/{GM_TOKEN}/tables", data={"game": BANQUET, "name": "d", "people": "Ann,Bob",
                                                           "seed": "5", "options": "npc = 0", "physical": "1"})
    assert response.status_code == 200, response.text  # the set-up's dice are the server's
    links = dict(re.findall(r'data-seat="([^"]+)" href="([^"]+)"', response.text))
    for _ in range(2):  # both nobles enter; the second entry needs the initiative dice
        seat = next(s for s, url in links.items() if actions(client.get(url).text))
        page = client.get(links[seat]).text
        after = client.post(links[seat] + "/act", data={**form(page), "action": actions(page)[0]})
    assert "Roll a real die" in after.text and "initiative, turn 1: a d6" in html.unescape(after.text)
    off = client.post(links[seat] + "/die", data={**form(after.text), "value": "7"})
    assert off.status_code == 422 and "needs a value from 1 to 6, not 7" in html.unescape(off.text)
    withdrawn = client.post(links[seat] + "/undo", data=form(off.text))
    assert withdrawn.status_code == 200 and actions(withdrawn.text) and "Roll a real die" not in withdrawn.text
    again = client.post(links[seat] + "/act", data={**form(withdrawn.text), "action": actions(withdrawn.text)[0]})
    rolled = client.post(links[seat] + "/die", data={**form(again.text), "value": "4"})
    assert rolled.status_code == 200 and "Entered so far for it: 4." in rolled.text
    no_undo = client.post(links[seat] + "/undo", data=form(rolled.text))
    assert no_undo.status_code == 422 and "a die was entered for this action already" in no_undo.text


def test_the_log_shows_a_rolls_dice_and_value() -> None:
    from magecraft.core.events import EventLog
    from magecraft.web.views import event_line

    log = EventLog()
    log.append_roll("Ann's initiative, turn 1", "Turns at the Banquet", "1d6", 4)
    assert event_line(log[0])["roll"] == "1d6: 4"


@pytest.mark.parametrize("route, fields", [
    ("tables", {"game": GAME, "name": "x"}), ("t/t1/pause", {"paused": "1"}),
    ("t/t1/override", {"path": "turn", "value": "1"}), ("t/t1/undo", {}), ("t/t1/reissue", {"seat": "Ann"}),
    ("t/t1/die", {"value": "1"})])
def test_every_game_master_control_refuses_a_wrong_token(client: TestClient, route: str,
                                                          fields: dict[str, str]) -> None:
    open_table(client, "Ann,Bob")
    screen = client.get(f"/gm/{GM_TOKEN}/t/t1").text
    before = revision_of(screen)
    answer = client.post(f"/gm/{GM_TOKEN}x/{route}", data={**form(screen), **fields})
    assert answer.status_code == 403
    assert revision_of(client.get(f"/gm/{GM_TOKEN}/t/t1").text) == before
    assert client.get(f"/gm/{GM_TOKEN}x/t/t1/view").status_code == 403
    assert client.get(f"/gm/{GM_TOKEN}x/t/t1/events").status_code == 403


def test_a_seat_link_opens_nothing_at_another_table_and_a_seats_form_does_not_act_for_the_gm(
        client: TestClient) -> None:
    links = open_table(client, "Ann,Bob")
    open_table(client, "Ann,Bob", name="t2")
    key = links["Ann"].rsplit("/", 1)[1]
    assert client.get(f"/t/t2/{key}").status_code == 403
    assert client.get(f"/t/t2/{key}/events").status_code == 403
    page = client.get(links["Ann"]).text
    # Ann's form token is tied to Ann: it does not open the game master's controls
    assert client.post(f"/gm/{GM_TOKEN}/t/t1/pause", data={**form(page), "paused": "1"}).status_code == 403
    assert "Paused." not in client.get(f"/gm/{GM_TOKEN}/t/t1").text


def test_a_body_without_a_length_is_refused(client: TestClient) -> None:
    links = open_table(client, "Ann,Bob")

    def chunks() -> object:
        yield b"action=" + b"a" * 100

    answer = client.post(links["Ann"] + "/act", content=chunks(),  # type: ignore[arg-type]
                         headers={"content-type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 411
