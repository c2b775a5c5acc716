"""Issue 28 on the web table: each action button a roll decides shows its chance, the roll in its title."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.race.game_type import RacePosition

# Ann (heavy) beside Bob (light) on square 10; Ann's turn begins
BESIDE = {"chariots": [{"name": "Ann", "kind": "heavy", "lane": 2, "square": 10},
                       {"name": "Bob", "kind": "light", "lane": 3, "square": 10}], "turn": "Ann"}


def buttons(page: str) -> dict[str, tuple[str, str]]:
    """Each action button's words: (its title, the chance shown on it, empty if none)."""
    found = re.findall(r'name="action" value="([^"]+)"><button type="submit" title="([^"]*)">(.*?)</button>', page)
    return {html.unescape(text): (html.unescape(title),
                                  next(iter(re.findall(r'class="odds"[^>]*>([^<]+)<', inner)), ""))
            for text, title, inner in found}


def test_a_seats_buttons_show_the_chance_of_each_action_a_roll_decides(client: TestClient) -> None:
    tables = client.app.state.tables
    links = tables.create("odds", "wizard-prince-race", ["Ann", "Bob"],
                          state=RacePosition.from_mapping(BESIDE).build(Randomness.seeded(1)))
    page = client.get(f"/t/odds/{links.seats['Ann']}").text
    shown = buttons(page)
    # the scythes: 1d20 at least 12 (9/20) and Bob's under 12 (11/20) is 99/400, shown as 25%
    assert shown["scythe attack on Bob"] == (
        "scythe attack on Bob: 25% (1d20 at least 12 and Bob's 1d20 under 12; Scythe Attack Table (D20))", "25%")
    assert shown["whip Bob"] == ("whip Bob: 55% (1d20 at least 10 to hit Bob; Free Actions)", "55%")
    # no roll decides a drive or a first lane change: no chance shown
    assert shown["drive 3 spaces forward"] == ("drive 3 spaces forward", "")
    assert shown["change lanes to lane 1, square 10"][1] == ""
