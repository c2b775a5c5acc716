"""Issue 26: every game's board on the web table, read from the seat's observation alone, as HTML tables."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from magecraft.core.randomness import Randomness
from magecraft.games import registry
from tests.web.conftest import GM_TOKEN

#: For each game: a caption of its board and a row that must be in it (the first cell, a header cell).
BOARDS = {
    "wizard-prince-race": ("Chariots", "NPC 1"),
    "mage-wars-solo": ("Zones", "D3"),
    "mtg-rpg-duel": ("Duellists", "Sarin"),
    "planeswalker-battle": ("Party and foes", "Kiora the Wanderer"),
    "magic-realm": ("Characters", "Amazon"),
    "mtg-rpg-world": ("Realms", "Velmoor"),  # Harloon's page: the other realms
    "wizard-prince-campaign": ("Provinces", "Athak"),
}


def board_of(page: str) -> str:
    found = re.search(r'<section class="board-panel tables-board">(.*?)</section>', page, re.S)
    assert found, "no board drawn"
    return html.unescape(found.group(1))


def seat_pages(client: TestClient, game: str) -> dict[str, str]:
    """A table of ``game`` on seeded dice with a person in every seat (no bot moves): each seat's page."""
    seats = registry().get(game).new_game(Randomness.seeded(1)).seats()
    links = client.app.state.tables.create(game, game, list(seats), seed=1)
    return {seat: client.get(f"/t/{game}/{key}").text for seat, key in links.seats.items()}


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_each_game_has_a_board_of_tables_from_the_seats_view(client: TestClient, game: str) -> None:
    caption, row = BOARDS[game]
    page = next(iter(seat_pages(client, game).values()))
    board = board_of(page)
    assert f"<h3>{caption}</h3>" in board and f'<th scope="row">{row}</th>' in board
    assert "<summary>Everything you see</summary>" in page  # the whole view stays a tap away


def test_a_duellists_board_lists_his_own_hand_and_only_counts_the_others(client: TestClient) -> None:
    state = registry().get("mtg-rpg-duel").new_game(Randomness.seeded(1))
    sarins = state.observation("Sarin")["sides"][0]["hand"]
    pages = seat_pages(client, "mtg-rpg-duel")
    mine, theirs = board_of(pages["Sarin"]), pages["Mord"]
    assert ", ".join(sarins) in mine
    # Mord's page holds none of Sarin's cards, only how many she holds
    assert not [card for card in sarins if card in theirs]
    assert re.search(rf'<th scope="row">Sarin</th><td>[^<]*</td><td>{len(sarins)}</td>', board_of(theirs))


def test_the_game_masters_screen_draws_the_board_too(client: TestClient) -> None:
    seat_pages(client, "mage-wars-solo")
    screen = client.get(f"/gm/{GM_TOKEN}/t/mage-wars-solo").text
    assert '<th scope="row">A1</th><td>Warlock</td>' in board_of(screen)
