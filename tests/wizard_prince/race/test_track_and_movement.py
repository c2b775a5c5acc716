"""The circus, mandatory movement, lanes, initiative and winning ("Equipment Needed", "Rules of the Race",
"Initiative and Movement", "Winning the Game")."""

from __future__ import annotations

from pathlib import Path

import pytest
from race_helpers import arrange, refused, turn_of, unused, where

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.race.actions import (
    Advance,
    ChangeLanes,
    Defer,
    EndTurn,
    Go,
    Phase,
    ScytheAttack,
    StartRace,
)
from magecraft.wizard_prince.race.chariots import Entrant
from magecraft.wizard_prince.race.race import GAMES_MASTER, Race
from magecraft.wizard_prince.race.settings import RaceSettings
from magecraft.wizard_prince.race.track import default_track, load_track


def test_four_lanes_around_the_spina_inner_lane_shortest():
    track = default_track()
    assert [track.lane_length(k) for k in range(4)] == [68, 76, 84, 92]
    assert track.kind_at((0, 0)) == "spina" and track.kind_at((29, 1)) == "spina"
    assert track.kind_at((-4, 0)) == "lane" and track.kind_at((-5, 0)) == "wall"
    # every step forward is to an orthogonally adjacent square: no diagonal moves
    for k in range(4):
        loop = track.squares[k]
        for i, (x, y) in enumerate(loop):
            nx, ny = loop[(i + 1) % len(loop)]
            assert abs(nx - x) + abs(ny - y) == 1


def test_lane_changes_reach_only_orthogonal_squares_of_bordering_lanes():
    track = default_track()
    assert track.beside[0][4] == ((1, 4),)
    assert sorted(track.beside[1][4]) == [(0, 4), (2, 4)]
    # the corner square of lane 1 has two squares of lane 2 beside it (around the corner), none inwards
    corner = track.position[(30, 2)]
    assert corner == (0, 24) and len(track.beside[0][24]) == 2


def test_turnarounds_lie_beyond_the_ends_of_the_spina():
    track = default_track()
    assert not track.in_turnaround[0][23] and track.in_turnaround[0][24]
    assert track.turnaround_penalty(0) == -4 and track.turnaround_penalty(3) == -1


def test_another_track_loads_from_a_file(tmp_path: Path):
    path = tmp_path / "small.toml"
    path.write_text('name = "Hippodrome"\nspina_length = 10\nspina_width = 1\nlanes = 4\nlaps = 2\n'
                    'start_column = 3\ndirection = "clockwise"\n', encoding="utf-8")
    track = load_track(path)
    assert track.lane_length(0) == 2 * 10 + 2 * 1 + 4 and track.laps == 2
    assert track.square(0, 0) == (2, 1) and track.forward(0, 0) == (-1, 0)


@pytest.mark.parametrize("text, message", [
    ('name = "X"\nspina_length = 10\nspina_width = 1\nlanes = 4\nlaps = 3\nstart_column = 3\nsand = 1\n',
     "unknown key 'sand'"),
    ('name = "X"\nspina_length = "ten"\nspina_width = 1\nlanes = 4\nlaps = 3\nstart_column = 3\n',
     "spina_length must be a int"),
    ('name = "X"\nspina_length = 10\nspina_width = 1\nlanes = 4\nlaps = 3\nstart_column = 10\n', "start_column"),
    ('name = "X"\nspina_length = 10\nspina_width = 1\nlanes = 4\nlaps = 3\n', "missing key 'start_column'"),
    ('name = "X"\nspina_length = 10\nspina_width = 1\nlanes = 4\nlaps = 3\nstart_column = 3\n'
     'direction = "sideways"\n', "direction"),
    ("name = [", "not valid TOML"),
])
def test_a_malformed_track_file_is_refused_whole_and_left_as_it_was(tmp_path: Path, text: str, message: str):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_track(path)
    assert path.read_text(encoding="utf-8") == text


def test_a_heavy_chariot_must_drive_its_full_15_spaces_in_its_lane():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 3, 40)}), "Ann")
    legal = race.legal_actions()
    assert [a for a in legal if isinstance(a, Advance)] == [Advance(n) for n in range(1, 16)]
    assert EndTurn() not in legal
    assert "must take all his movement" in refused(race, EndTurn())
    race.apply(Advance(6))
    assert race.turn is not None and race.turn.moves_left == 9
    race.apply(Advance(9))
    assert where(race, "Ann") == (0, 15) and race.turn is None


def test_a_light_chariot_drives_18():
    race = turn_of(arrange({"Ann": ("light", 2, 0), "Bob": ("light", 3, 40)}), "Ann")
    assert max(a.spaces for a in race.legal_actions() if isinstance(a, Advance)) == 18


def test_no_moving_backwards_or_through_another_chariot():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 5)}), "Ann")
    for bad in (Advance(0), Advance(-1), Advance(5), Advance(15)):
        refused(race, bad)
    race.apply(Advance(4))
    assert "blocked by the chariot directly ahead" in refused(race, Advance(1))
    assert EndTurn() in race.legal_actions()


def test_a_blocked_chariot_stops_unless_it_changes_lanes_around():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 5)}), "Ann")
    race.apply(Advance(4))
    refused(race, ChangeLanes(1, 5))  # diagonal
    race.apply(ChangeLanes(1, 4))
    race.apply(Advance(11))
    assert where(race, "Ann") == (1, 15)


def test_a_blocked_chariot_that_stops_loses_the_rest_of_its_move():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 0, 5)}), "Ann")
    race.apply(Advance(4))
    race.apply(EndTurn())
    assert where(race, "Ann") == (0, 4) and race.turn is None


def test_no_changing_lanes_into_a_chariot_but_a_heavy_one_may_scythe_it():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 1, 0)}), "Ann")
    legal = race.legal_actions()
    assert ChangeLanes(1, 0) not in legal and ScytheAttack("Bob") in legal
    refused(race, ChangeLanes(1, 0))


def test_the_first_crossing_starts_lap_one_and_the_fourth_wins():
    race = Race.new([Entrant("Ann", "heavy"), Entrant("Bob", "light")], Randomness.seeded(11))
    for chariot in race.chariots.values():
        assert chariot.index == race.track.lane_length(chariot.lane) - 1 and chariot.crossings == 0
    race = turn_of(arrange({"Ann": ("heavy", 0, 60), "Bob": ("light", 3, 40)}, crossings={"Ann": 3}), "Ann")
    race.apply(Advance(7))
    assert race.chariots["Ann"].crossings == 3 and race.phase is Phase.RACING
    race.apply(Advance(1))
    assert race.phase is Phase.OVER and race.winner == "Ann" and race.chariots["Ann"].status == "finished"
    assert race.result()["placings"][0] == {"place": 1, "name": "Ann", "chariot": "heavy", "status": "finished",
                                            "laps": 3, "lane": 1, "driver_hit_points": 10, "driver_dead": False}


def test_crossing_the_line_counts_a_lap_but_wins_only_after_three():
    race = turn_of(arrange({"Ann": ("heavy", 0, 60), "Bob": ("light", 3, 40)}, crossings={"Ann": 2}), "Ann")
    race.apply(Advance(15))
    assert race.chariots["Ann"].crossings == 3 and race.winner == ""


def test_initiative_ties_roll_again_and_the_winner_may_defer():
    settings = RaceSettings(max_rounds=5)
    race = arrange({"Ann": ("heavy", 0, 0), "Bob": ("heavy", 1, 20), "Carl": ("heavy", 2, 40)}, settings=settings)
    race.order = []
    race.rng.extend_script([4, 6, 4, 2, 5])  # Ann 4, Bob 6, Carl 4; the tie: Ann 2, Carl 5
    race.carry_on()
    assert race.order == ["Bob", "Carl", "Ann"] and race.round == 2
    assert race.current_player() == "Bob" and race.legal_actions() == [Go(), Defer()]
    refused(race, Advance(1))
    race.apply(Defer())
    assert race.current_player() == "Carl"
    race.apply(Advance(15))
    assert race.current_player() == "Bob" and race.legal_actions() == [Go(), Defer()]  # may defer again
    race.apply(Go())
    assert race.current_player() == "Bob" and race.turn is not None


def test_deferring_once_only_when_the_table_says_so():
    settings = RaceSettings(max_rounds=5, may_defer_repeatedly=False)
    race = arrange({"Ann": ("heavy", 0, 0), "Bob": ("heavy", 1, 20), "Carl": ("heavy", 2, 40)}, settings=settings)
    race.order = []
    race.rng.extend_script([1, 6, 3])
    race.carry_on()
    race.apply(Defer())
    race.apply(Advance(15))  # Carl
    assert race.current_player() == "Bob" and race.turn is not None and race.turn.name == "Bob"


def test_the_games_master_starts_the_race_after_the_betting():
    race = Race.new([Entrant("Ann", "heavy"), Entrant("Bob", "light")], Randomness.seeded(2))
    assert race.current_player() == GAMES_MASTER and race.legal_actions() == [StartRace()]
    refused(race, Advance(3))
    race.apply(StartRace())
    assert race.phase is Phase.RACING and race.round == 1


def test_every_scripted_die_of_a_turn_is_used():
    race = turn_of(arrange({"Ann": ("heavy", 0, 0), "Bob": ("light", 3, 40)}), "Ann")
    race.apply(Advance(15))
    assert unused(race) == 0


def test_a_leader_wrecked_while_he_deferred_has_no_choice_left():
    race = arrange({"Ann": ("light", 0, 0), "Bob": ("heavy", 1, 0), "Cy": ("light", 3, 40)},
                   [12, 11, 17, 12])  # Bob's scythe wrecks Ann; Ann cuts herself free
    race.order, race.leader = ["Ann", "Bob", "Cy"], "Ann"
    race.carry_on()
    race.apply(Defer())
    race.apply(ScytheAttack("Ann"))
    race.apply(Advance(15))
    assert race.current_player() == "Cy" and race.turn is not None
    assert not race.chariots["Ann"].on_track and race.dismounted[0]["name"] == "Ann"
