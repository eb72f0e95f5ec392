"""Set-ups for 2 to 6 players, turn order, and bad player counts."""

from __future__ import annotations

import pytest

from generator.errors import InvalidInput
from generator.games.trading_paint.rules.setup import initial_state
from generator.games.trading_paint.rules.state import ENTER, ROLL, WAITING, Enter, Place, Stop
from generator.games.trading_paint.rules.turn import legal_moves

from .helpers import B, c, park, play, position, roll


def teams_of(state):
    return "".join(state.team_names[t] for t in state.team)


def test_two_players_three_cars_each_odd_and_even_squares():
    s = initial_state(2)
    assert teams_of(s) == "ABABAB"
    assert s.pos == B.start_squares
    assert s.car == 0 and s.stage == ROLL
    assert B.lane[s.pos[0]] == 6  # the outside lane plays first
    assert all(lap == -1 for lap in s.lap)  # behind the finish line


def test_three_players_on_1_and_4_2_and_5_3_and_6():
    s = initial_state(3)
    assert teams_of(s) == "ABCABC"


def test_four_players_two_teams_of_four_with_late_cars():
    s = initial_state(4)
    assert teams_of(s) == "ABABABAB"
    assert s.pos[:6] == B.start_squares and s.pos[6:] == (WAITING, WAITING)


def test_six_players_two_teams():
    s = initial_state(6)
    assert teams_of(s) == "ABABAB"


@pytest.mark.parametrize("n", [0, 1, 7, 8])
def test_impossible_player_counts(n):
    with pytest.raises(InvalidInput, match="2 to 6 players"):
        initial_state(n)


def test_five_players_race_the_six_cars_of_six_one_player_driving_two():
    """The rule text says 2 to 6 players but sets up only 2, 3, 4 and 6 (D19): five play as six,
    team B's first player also driving car 6."""
    from generator.games.trading_paint.rules.setup import get_setup

    s = initial_state(5)
    assert teams_of(s) == "ABABAB" and s.pos == B.start_squares
    assert [c.driver for c in get_setup(5).cars] == [1, 2, 3, 4, 5, 2]


def test_turn_order_outside_lane_first_then_round():
    s = initial_state(2)
    order = []
    for _ in range(8):
        order.append(s.car + 1)
        s = roll(s, 5)  # spin-out ends each turn at once
    assert order == [1, 2, 3, 4, 5, 6, 1, 2]


def test_seventh_car_enters_on_a_vacated_start_square():
    s = initial_state(4)
    s = roll(s, 1)  # car 1 drives off its start square
    s = play(s, Place(c(13, 15), 0))
    s = play(s, Stop(c(14, 15)))
    for _ in range(5):  # cars 2..6 spin out and stay on their start squares
        s = roll(s, 5)
    assert s.car == 6 and s.stage == ENTER
    assert legal_moves(s) == [Enter(c(12, 15))]
    s = play(s, Enter(c(12, 15)))
    assert s.stage == ROLL and s.pos[6] == c(12, 15) and s.lap[6] == -1
    s = roll(s, 5)
    # Car 8 finds every start square taken again: its turn passes, back to car 1.
    assert s.car == 0 and s.pos[7] == WAITING


def test_late_car_without_a_vacated_square_is_skipped():
    s = initial_state(4)
    for _ in range(6):
        s = roll(s, 5)
    assert s.car == 0  # cars 7 and 8 could not enter: back to car 1
    assert s.pos[6] == s.pos[7] == WAITING


def test_position_file_players_must_be_a_known_count():
    with pytest.raises(InvalidInput, match="2, 3, 4, 5 or 6"):
        position(park({1: (13, 12)}), players=7)
