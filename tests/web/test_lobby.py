"""Issue 26: the lobby opens an existing save as a table, and a new table from a scenario file, through HTTP."""

from __future__ import annotations

import html
import re
from pathlib import Path

from fastapi.testclient import TestClient

from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.games import registry
from tests.web.conftest import GM_TOKEN

BESIDE = """
game = "wizard-prince-race"
seed = 4
[setup]
turn = "Ann"
[[setup.chariots]]
name = "Ann"
kind = "heavy"
lane = 2
square = 10
[[setup.chariots]]
name = "Bob"
kind = "light"
lane = 3
square = 10
"""


def seat_links(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-seat="([^"]+)" href="([^"]+)"', page))


def error_of(page: str) -> str:
    return html.unescape(re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.S).group(1))


def saved_race(tmp_path: Path, name: str) -> int:
    race = registry().get("wizard-prince-race").new_game(Randomness.seeded(3), {"drivers": ["Ann:heavy",
                                                                                            "Bob:light"],
                                                                                "npc": 0})
    return SaveStore(tmp_path / "web.sqlite3").create(name, race.system, race.kind, race.to_dict()).summary.id


def test_the_lobby_lists_saved_games_and_opens_one_as_a_table(client: TestClient, tmp_path: Path) -> None:
    save_id = saved_race(tmp_path, "friday race")
    store = SaveStore(tmp_path / "web.sqlite3")
    store.create("Ann", "mtg_rpg", "character", {"name": "Ann"})  # a character is no game: not listed
    lobby = client.get(f"/gm/{GM_TOKEN}").text
    assert f'name="save" value="{save_id}"' in lobby and "friday race" in lobby
    assert "(of Ann, Bob, the games master)" in html.unescape(lobby) and ">Ann</b>" not in lobby
    opened = client.post(f"/gm/{GM_TOKEN}/saves", data={"save": str(save_id), "people": "Ann, Bob"})
    assert opened.status_code == 200, opened.text
    assert set(seat_links(opened.text)) == {"Ann", "Bob"}
    # the table is the save itself: the bot games master started the race on it, a new revision of it
    assert store.load("friday race", "wizard_prince", "race").state["phase"] == "racing"
    ann = client.get(seat_links(opened.text)["Ann"])
    assert ann.status_code == 200 and "Table <b>friday race</b>" in ann.text
    # opened once: no longer offered, and a second open is refused in one line, nothing changed
    assert f'name="save" value="{save_id}"' not in client.get(f"/gm/{GM_TOKEN}").text
    again = client.post(f"/gm/{GM_TOKEN}/saves", data={"save": str(save_id), "people": "Ann"})
    assert again.status_code == 400 and "'friday race' is a table already" in error_of(again.text)


def test_opening_a_save_with_a_seat_it_does_not_have_is_refused(client: TestClient, tmp_path: Path) -> None:
    save_id = saved_race(tmp_path, "r2")
    refused = client.post(f"/gm/{GM_TOKEN}/saves", data={"save": str(save_id), "people": "Zed"})
    assert refused.status_code == 400 and "has no seat 'Zed'" in error_of(refused.text)
    assert f'name="save" value="{save_id}"' in client.get(f"/gm/{GM_TOKEN}").text  # still a save to open
    assert client.post(f"/gm/{GM_TOKEN}/saves", data={"save": "1e9", "people": ""}).status_code == 400


def test_a_new_table_from_a_scenarios_text_or_file_starts_at_its_position(client: TestClient) -> None:
    for name, sent in (("typed", {"data": {"scenario": BESIDE}}),
                       ("uploaded", {"files": {"scenario_file": ("beside.toml", BESIDE.encode(), "text/plain")}})):
        data = {"game": "mage-wars-solo", "name": name, "people": "Ann,Bob", "seed": "", "options": ""}
        response = client.post(f"/gm/{GM_TOKEN}/tables", data={**data, **sent.get("data", {})},
                               files=sent.get("files"))
        assert response.status_code == 200, response.text
        ann = client.get(seat_links(response.text)["Ann"]).text
        # the scenario's game (not the form's), at its position: Ann beside Bob, her turn
        assert "chariot race" in ann and 'value="scythe attack on Bob"' in ann


def test_a_malformed_scenario_is_refused_in_one_line_and_makes_no_table(client: TestClient) -> None:
    for text, says in (("game = [", "the scenario: not valid TOML"),
                       ('game = "wizard-prince-race"\n[setup]\nturn = "Ann"', "needs [[setup.chariots]]"),
                       (BESIDE + '[[play]]\naction = "fly away"', "'fly away' is not a legal action now")):
        response = client.post(f"/gm/{GM_TOKEN}/tables", data={"game": "wizard-prince-race", "name": "bad",
                                                               "people": "Ann", "scenario": text})
        assert response.status_code == 400
        assert says in error_of(response.text) and "\n" not in error_of(response.text)
    assert "No table yet." in client.get(f"/gm/{GM_TOKEN}").text
