"""Moving: placing dice, stopping, spin-outs, the pit and the wall (decisions D3-D12)."""

from __future__ import annotations

from fractions import Fraction

from generator.games.trading_paint.rules.paths import format_query, placement_ways
from generator.games.trading_paint.rules.setup import initial_state
from generator.games.trading_paint.rules.state import (
    PATH,
    PLACE,
    ROLL,
    Bump,
    Place,
    Roll,
    Stop,
)
from generator.games.trading_paint.rules.turn import chance_outcomes, legal_moves

from .helpers import B, c, names, park, perft, play, position, roll


def test_the_roll_is_six_faces_each_one_sixth():
    out = chance_outcomes(initial_state(2))
    assert [f.face for f, _ in out] == [1, 2, 3, 4, 5, 6]
    assert all(p == Fraction(1, 6) for _, p in out) and sum(p for _, p in out) == 1


def test_one_die_advances_the_car_two_squares():
    s = roll(initial_state(2), 1)
    assert legal_moves(s) == [Place(c(13, 15), 0)]
    s = play(s, Place(c(13, 15), 0))
    assert s.stage == PATH
    assert set(legal_moves(s)) == {Stop(c(14, 15)), Stop(c(13, 14)), Roll()}
    s = play(s, Stop(c(14, 15)))
    assert s.pos[0] == c(14, 15) and s.car == 1 and s.stage == ROLL


def test_perft_from_the_start_hand_counted():
    s = initial_state(2)
    assert perft(s, 1) == 6
    # faces 1, 2, 3, 4, 6 give 1, 1, 2, 1, 1 placements (the 2's two looks connect the same
    # way: one move, D21); the X hands the dice to car 2 (6 faces)
    assert perft(s, 2) == 1 + 1 + 2 + 1 + 6 + 1
    # 1, 2, 4: stop ahead, stop beside, roll (3 each); 3 turned south drives the outside car
    # into the wall (turn over: car 2 rolls, 6), turned north stops or rolls (2); X: car 2's
    # 12 placements; 6: stop or roll (2).
    assert perft(s, 3) == 3 + 3 + (6 + 2) + 3 + 12 + 2


def test_perft_four_plies_hand_counted():
    # faces 1, 2 and 4: (stop, stop -> car 2 rolls 6 each) + (roll -> 6) = 18 each; face 3:
    # into the wall then car 2's 12 placements, or north (stop 6 + roll 6); X: car 2 at 12,14
    # places 1 (3 stops + roll), 2 (the same 4), 3 (2 + 2), 4 (4), X (car 3's 12), 6 (2) = 30;
    # face 6: stop 6 + roll 6.
    assert perft(initial_state(2), 4) == 18 + 18 + (12 + 12) + 18 + 30 + 12


def test_first_die_goes_only_in_front_of_the_car():
    s = roll(position(park({1: (13, 12)})), 4)
    assert legal_moves(s) == [Place(c(14, 12), 0)]


def test_both_squares_ahead_in_a_turn():
    s = roll(position(park({1: (21, 13)})), 1)
    assert {m.square for m in legal_moves(s)} == {c(22, 13), c(21, 12)}


def test_blocked_in_front_the_turn_is_lost():
    s = position(park({1: (13, 12), 2: (14, 12)}))
    s = roll(s, 1)
    assert s.car == 1 and s.pos[0] == c(13, 12)  # car 1 could not place its die


def test_paths_go_forward_or_to_the_side_never_backward():
    s = play(roll(position(park({1: (13, 12)})), 1), Place(c(14, 12), 0))
    assert names(s) == ["stop on 15,12", "stop on 14,11", "stop on 14,13", "roll"]
    s = play(roll(play(s, Roll()), 6), Place(c(14, 11), 0))  # a 6 turned north-south
    # the 6 runs on north; it can never come back south over the 1
    assert names(s) == ["stop on 14,10", "roll"]


def test_a_side_step_then_forward_then_the_other_side():
    s = play(roll(position(park({1: (13, 12)})), 1), Place(c(14, 12), 0))
    s = play(roll(play(s, Roll()), 3), Place(c(15, 12), 1))  # the 3 turns north
    s = play(roll(play(s, Roll()), 1), Place(c(15, 11), 0))
    # west of 15,11 is backward on the front straight: only east and north
    assert names(s) == ["stop on 16,11", "stop on 15,10", "roll"]
    s = play(roll(play(s, Roll()), 1), Place(c(16, 11), 0))
    assert names(s) == ["stop on 17,11", "stop on 16,10", "stop on 16,12", "roll"]


def test_spin_out_loses_the_path_not_the_car():
    s = play(roll(position(park({1: (13, 12)})), 1), Place(c(14, 12), 0))
    s = roll(play(s, Roll()), 5)
    assert s.pos[0] == c(13, 12) and s.car == 1 and s.path == ()


def test_a_three_can_drive_the_outside_car_into_the_wall():
    s = roll(initial_state(2), 3)
    assert set(legal_moves(s)) == {Place(c(13, 15), 0), Place(c(13, 15), 1)}
    s = play(s, Place(c(13, 15), 0))  # the turn goes south: the wall
    assert s.pos[0] == c(13, 16) and s.entry[0] == c(13, 15) and s.car == 1


def test_forced_into_the_pit_by_a_six():
    s = play(roll(position(park({1: (14, 11)})), 3), Place(c(15, 11), 1))  # turns north
    assert names(s) == ["stop on 15,10", "roll"]
    s = roll(play(s, Roll()), 6)
    assert legal_moves(s) == [Place(c(15, 10), 0)]  # the only way to play the 6
    s = play(s, Place(c(15, 10), 0))
    assert s.pos[0] == c(15, 9) and s.entry[0] == c(15, 10)
    assert s.car == 1  # the turn is over


def test_re_entry_from_the_pit_sideways_onto_the_track():
    s = roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}})), 1)
    assert legal_moves(s) == [Place(c(15, 10), 0)]
    s = play(s, Place(c(15, 10), 0))
    assert names(s) == ["stop on 16,10", "stop on 15,11", "roll"]


def test_re_entry_at_a_corner_on_the_side_left_from():
    east = roll(position(park({1: {"pit": [19, 9], "from": [20, 9]}})), 1)
    assert [m.square for m in legal_moves(east)] == [c(20, 9)]
    south = roll(position(park({1: {"pit": [19, 9], "from": [19, 10]}})), 1)
    assert [m.square for m in legal_moves(south)] == [c(19, 10)]
    wall = roll(position(park({1: {"wall": [26, 15], "from": [25, 15]}})), 1)
    assert [m.square for m in legal_moves(wall)] == [c(25, 15)]


def test_blocked_by_an_opponent_move_backward_and_no_bump():
    s = roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (15, 10)})), 1)
    assert legal_moves(s) == [Place(c(14, 10), 0)]  # one square back
    s = play(s, Place(c(14, 10), 0))
    assert Bump(c(15, 10)) not in legal_moves(s)  # may not bump the car that blocked us
    # the die one square back may lead backward too (west, 13,10), as well as to the side
    # ("you must move backward to get back on the track if possible", D8)
    assert names(s) == ["stop on 13,10", "stop on 14,11", "roll"]


def test_wall_re_entry_backward_if_possible_at_the_corner():
    """Issue 28 point 11. "The only time you may place a dice that moves you backward is if
    you are off the track and blocked by an opponent's car from reentering. In this case you
    must move backward to get back on the track if possible." Car 1 on the wall at 26,14 left
    from 25,14, where opponent car 2 stands: a 1 on 25,15 (one square back, round the corner)
    leads west to 24,15 (backward along lane 6) and the car gets back on the track there; it
    used to forfeit ("lost 26,14"): in a turn a die led only forward."""
    s = position(park({1: {"wall": [26, 14], "from": [25, 14]}, 2: (25, 14)}))
    assert s.team[0] != s.team[1]
    q = placement_ways(s, [1])
    assert format_query(q).splitlines()[1:] == [
        "   1. 1@25,15/0 -> stop 24,15 (-0.6)",
        "stop: 24,15",
    ]
    s = roll(s, 1)
    s = play(s, Place(c(25, 15), 0))
    assert names(s) == ["stop on 24,15", "roll"]  # north is car 2: no bump of the blocker
    after = play(s, legal_moves(s)[0])
    assert after.pos[0] == c(24, 15) and after.entry[0] == -1


def test_a_backward_step_never_bumps():
    """The backward way out of the re-entry die only gets the car back on the track: "Bumping
    can only be done from the rear as you advance your path forward". Car 1 on the wall at
    26,14 left from 25,14 (opponent car 2 there); west of the 1 on 25,15 stands opponent car 4
    on 24,15. Going west from the corner square is also "to the left" in the turn, which would
    be a side bump for a path advancing; for the backward step it is not: the car has no move."""
    cars = {1: {"wall": [26, 14], "from": [25, 14]}, 2: (25, 14), 4: (24, 15)}
    s = position(park(cars))
    assert s.team[0] != s.team[3]
    assert (
        format_query(placement_ways(s, [1])).splitlines()[1] == "   1. 1@25,15/0 -> lost 26,14 (+0)"
    )


def test_blocked_by_a_team_mate_no_move():
    s = roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}, 3: (15, 10)})), 1)
    assert s.car == 1 and s.pos[0] == c(15, 9)  # turn forfeited


def test_bump_out_of_the_pit_onto_a_square_one_behind_a_car():
    s = play(
        roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (16, 10)})), 1),
        Place(c(15, 10), 0),
    )
    assert Bump(c(16, 10)) in legal_moves(s)


def test_wall_re_entry_backward_at_the_corner():
    s = roll(position(park({1: {"wall": [25, 16], "from": [25, 15]}, 2: (25, 15)})), 1)
    assert [m.square for m in legal_moves(s)] == [c(24, 15)]
    # from the other side of the corner square the square behind along the track is the same,
    # but the die there is entered from the east, through car 2 on 25,15: "a path may not run
    # through a car" (D8), so the car has no move and forfeits the turn
    s = roll(position(park({1: {"wall": [26, 15], "from": [25, 15]}, 2: (25, 15)})), 1)
    assert s.car == 1 and s.pos[0] == c(26, 15) and s.entry[0] == c(25, 15)


def test_backward_re_entry_may_not_run_through_a_car():
    """Car 4 in the pit at 19,9, left from 20,9, where opponent car 1 stands: one square back
    is 20,10, entered from the west (the side facing the pit), where car 3 stands on 19,10. The
    path would run through car 3, so the backward slot is refused: no move, the turn is
    forfeited (D8; found by the third rules audit: a 6 used to go 20,10 -> 21,10)."""
    cars = {1: (20, 9), 3: (19, 10), 4: {"pit": [19, 9], "from": [20, 9]}}
    s = position(park(cars), to_play=4)
    assert s.team[0] != s.team[3] and s.team[2] != s.team[3]  # cars 1 and 3 are opponents
    for face in (1, 2, 3, 4, 6):
        after = roll(s, face)  # the die fits nowhere: the dice pass to car 5
        assert after.car == 4 and after.pos[3] == c(19, 9) and after.entry[3] == c(20, 9)
        assert after.pos == s.pos
    q = placement_ways(s, [6])
    assert format_query(q) == "car 4, faces 6: 1 ways\n   1.  -> lost 19,9 (+0)\nlost: 19,9"
    # with 19,10 free the same position re-enters backward on 20,10 (and may not bump car 1)
    s = roll(position(park({1: (20, 9), 4: {"pit": [19, 9], "from": [20, 9]}}), to_play=4), 6)
    assert legal_moves(s) == [Place(c(20, 10), 1)]


def test_dead_end_loses_the_turn():
    s = roll(position(park({1: (13, 12), 2: (14, 11), 4: (14, 13)})), 3)
    moves = legal_moves(s)
    assert len(moves) == 2  # both turns of the 3 run into a car from the side
    for m in moves:
        after = play(s, m)
        assert after.car == 1 and after.pos[0] == c(13, 12)


def test_placing_and_rolling_stages():
    s = roll(initial_state(2), 4)
    assert s.stage == PLACE and s.face == 4 and s.dice == 1
    assert B.lane[c(13, 15)] == 6
