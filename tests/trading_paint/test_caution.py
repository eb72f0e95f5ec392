"""Caution flag, wrecks, finishing and scoring (decisions D13-D19)."""

from __future__ import annotations

import pytest

from generator.games.trading_paint.rules.caution import AFTER, BEFORE, DURING
from generator.games.trading_paint.rules.state import (
    CAUTION_ROLL,
    OVER,
    SPUN,
    WRECK,
    Caution,
    Place,
    Roll,
    Stop,
    Wreck,
)
from generator.games.trading_paint.rules.turn import legal_moves

from .helpers import B, c, park, play, position, roll

# Car 2 leads in the back straight (top, cars run west), lane 3, station 32.5; cars 3 and 5 tie
# at 28.5 (car 5 in lane 2, car 3 in lane 5); car 6 at 27.5; car 1 on the front straight; car 4
# in the pit beside the back straight.
LEADER = (10, 3)


def caution_position(extra=None):
    cars = {
        1: (13, 12),
        2: LEADER,
        3: (14, 1),
        4: {"pit": [12, 6], "from": [12, 5]},
        5: (14, 4),
        6: (15, 3),
    }
    cars.update(extra or {})
    return position(cars, caution="caution")


def test_before_the_caution_period_an_x_just_ends_the_turn():
    s = roll(position(park({1: (13, 12)})), 5)
    assert s.car == 1 and s.caution == BEFORE


def test_caution_period_starts_when_the_leader_enters_the_back_straight_and_ends_when_it_leaves():
    s = play(roll(position(park({1: (20, 2)})), 1), Place(c(19, 2), 0))  # into the back straight
    s = play(s, Stop(c(18, 2)))
    assert s.caution == DURING
    s = position(park({1: (7, 2)}), caution="caution")
    s = play(play(roll(s, 1), Place(c(6, 2), 0)), Stop(c(5, 2)))  # out into the turn
    assert s.caution == AFTER
    s = position(park({1: (7, 2)}), caution="after")
    assert s.caution == AFTER  # it never comes back


def test_double_x_lines_everyone_up_behind_the_leader():
    s = roll(caution_position(), 5)
    assert s.stage == SPUN and set(legal_moves(s)) == {Caution(True), Caution(False)}
    s = play(s, Caution(True))
    assert s.stage == CAUTION_ROLL
    s = roll(s, 5)
    assert s.pos[1] == c(*LEADER)  # the leader keeps its square
    # single file behind it in its lane: 5 before 3 (tie, inside lane first), then 6, then 1
    assert [s.pos[i] for i in (4, 2, 5, 0)] == [c(11, 3), c(12, 3), c(13, 3), c(14, 3)]
    assert all(B.lane[s.pos[i]] == B.lane[c(*LEADER)] for i in (4, 2, 5, 0))
    assert s.progress(0) == 28.5 and s.lap[0] == 0
    assert s.pos[3] == c(12, 6)  # car 4 in the pit takes no part
    assert s.car == 1


def test_caution_roll_declined_or_missed():
    s = play(roll(caution_position(), 5), Caution(False))
    assert s.car == 1 and s.pos[5] == c(15, 3)
    s = roll(play(roll(caution_position(), 5), Caution(True)), 4)  # not a second X
    assert s.car == 1 and s.pos[0] == c(13, 12)


def test_no_caution_after_more_than_six_dice():
    turn = {"stage": "roll", "dice": 6}
    s = roll(
        position(
            {1: (13, 12), 2: LEADER, 3: (20, 8), 4: (21, 8), 5: (22, 8), 6: (23, 8)},
            caution="caution",
            turn=turn,
        ),
        5,
    )
    assert s.car == 1  # the X was the seventh die
    turn = {"stage": "roll", "dice": 5}
    s = roll(
        position(
            {1: (13, 12), 2: LEADER, 3: (20, 8), 4: (21, 8), 5: (22, 8), 6: (23, 8)},
            caution="caution",
            turn=turn,
        ),
        5,
    )
    assert s.stage == SPUN  # the sixth die


def test_no_caution_from_off_the_track():
    s = caution_position({1: {"pit": [13, 9], "from": [13, 10]}})
    s = roll(s, 5)
    assert s.car == 1


def wreck_position():
    cars = {1: (5, 13), 2: (20, 8), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    return position(cars, caution="after")


def test_wreck_after_the_caution_period():
    s = play(roll(wreck_position(), 5), Caution(True))
    s = roll(s, 5)
    assert s.stage == WRECK
    squares = {m.square for m in legal_moves(s)}
    assert squares == {c(x, y) for x in (10, 11, 12) for y in range(10, 16)}
    s = play(s, Wreck(c(11, 13)))
    assert s.wrecks == {c(11, 13)} and s.car == 1


def test_at_most_two_wrecks_per_row_and_none_under_a_car():
    cars = {1: (5, 13), 2: (10, 12), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    s = position(cars, caution="after", wrecks=[(11, 10), (11, 15)])
    s = roll(play(roll(s, 5), Caution(True)), 5)
    squares = {m.square for m in legal_moves(s)}
    assert not any(B.xy(q)[0] == 11 for q in squares)
    assert c(10, 12) not in squares and len(squares) == 6 + 6 - 1


def test_wrecks_are_impassable():
    cars = {1: (9, 12), 2: (20, 8), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    s = position(cars, caution="after", wrecks=[(10, 12)])
    s = roll(s, 1)
    assert s.car == 1  # the only square in front is a wreck: no die fits
    s = position({**cars, 1: (8, 12)}, caution="after", wrecks=[(10, 12)])
    s = play(roll(s, 1), Place(c(9, 12), 0))
    assert "stop on 10,12" not in [str(m) for m in legal_moves(s)]
    assert Stop(c(10, 12)) not in legal_moves(s)


def test_wrecks_are_towed_when_a_car_enters_or_passes_their_row():
    cars = {1: (9, 12), 2: (20, 8), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    s = position(cars, caution="after", wrecks=[(10, 10), (11, 15)])
    s = play(play(roll(s, 1), Place(c(10, 12), 0)), Stop(c(11, 12)))
    assert s.wrecks == frozenset()  # entered row 10 (with the die) and row 11
    s = position(cars, caution="after", wrecks=[(10, 10), (12, 15)])
    s = play(play(roll(s, 1), Place(c(10, 12), 0)), Stop(c(10, 11)))
    assert s.wrecks == {c(12, 15)}


def test_when_no_car_can_move_the_wrecks_are_cleared():
    cars = {1: (9, 10), 2: (9, 11), 3: (10, 12), 4: (10, 13), 5: (11, 14), 6: (11, 15)}
    wrecks = [(10, 10), (10, 11), (11, 12), (11, 13), (12, 14), (12, 15)]
    s = position(cars, caution="after", wrecks=wrecks)
    s = roll(s, 1)  # car 1 cannot place: its turn ends, and nobody could have moved
    assert s.wrecks == frozenset() and s.car == 1


def test_finishing_order_and_points():
    cars = {1: (11, 12), 2: (20, 8), 3: {"finished": 1}, 4: {"finished": 2}, 5: (23, 8), 6: (24, 8)}
    s = position(cars, caution="after")
    s = play(play(roll(s, 1), Place(c(12, 12), 0)), Stop(c(13, 12)))
    assert s.stage == OVER and s.finished == (2, 3, 0)
    assert s.points() == {"A": 4 + 2, "B": 3} and sum(s.points().values()) == 9
    assert s.winner() == "A"


def test_a_car_behind_the_start_line_does_not_finish_by_crossing_it():
    s = play(play(roll(position(park({1: (11, 12)})), 1), Place(c(12, 12), 0)), Stop(c(13, 12)))
    assert s.pos[0] == c(13, 12) and s.lap[0] == 0 and s.finished == ()


def test_a_finished_car_leaves_the_board():
    cars = {1: (11, 12), 2: (20, 8), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    s = position(cars, caution="after")
    s = play(play(roll(s, 1), Place(c(12, 12), 0)), Stop(c(13, 12)))
    assert s.finished == (0,) and s.pos[0] == -2 and s.car == 1


def test_a_car_forced_into_the_pit_past_the_line_has_finished():
    """D18: a path that crosses the line after a full lap finishes the car, even when a 6 then
    forces it into the pit (found by the rules audit)."""
    cars = {1: (12, 11), 2: (20, 8), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    s = position(cars, caution="after")
    s = play(play(roll(s, 1), Place(c(13, 11), 0)), Roll())
    s = play(roll(s, 6), Place(c(13, 10), 0))  # the 6 upright runs on into the pit
    assert s.finished == (0,) and s.pos[0] == -2 and s.car == 1
    # the same 6 before the line (a lap still to run) leaves the car in the pit
    s = position(park({1: (10, 11)}))
    s = play(play(roll(s, 1), Place(c(11, 11), 0)), Roll())
    s = play(roll(s, 6), Place(c(11, 10), 0))
    assert s.finished == () and B.xy(s.pos[0]) == (11, 9)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 6])
def test_roll_again_keeps_the_path(face):
    s = play(play(roll(position(park({1: (13, 12)})), 1), Place(c(14, 12), 0)), Roll())
    assert len(roll(s, face).path) == 1


def test_a_car_that_can_lay_a_die_but_never_get_anywhere_counts_as_stuck():
    # Found by the simulator: car 4 can lay a die out of the pit, but every way on from it runs
    # into a wreck or into the side of car 1; everyone else is blocked outright.
    cars = {
        3: (7, 11),
        5: (8, 11),
        1: (9, 11),
        6: (10, 11),
        4: {"pit": [9, 9], "from": [9, 10]},
        2: {"pit": [10, 9], "from": [10, 10]},
    }
    wrecks = [(10, 10), (11, 10), (12, 10), (11, 11), (12, 11), (10, 12)]
    s = position(cars, to_play=4, caution="after", wrecks=wrecks)
    s = play(roll(s, 1), Place(c(9, 10), 0))  # a dead end: the turn is lost
    assert s.car == 4 and s.wrecks == frozenset()
