"""Audit of the Trading Paint engine against its rule text, one test per rule sentence.

Every test quotes, in its docstring, the sentence of `shared/seeds/000_fb38c662df392fdd.txt`
it checks, and plays it from a fixed position to an exact outcome: the exact set of legal
moves, or exactly where every car ends. Where the text leaves a choice open the test names
the decision of docs/rules/trading-paint.md it pins (D1-D23).

Board reminders (column, row from the top-left; 26 x 16 round a 14 x 4 pit at columns 6-19,
rows 6-9): the front straight is rows 10 (lane 1, inside) to 15 (lane 6, outside), cars run
east; the first turn is columns 20-25 there (east and north are both forward); the back
straight is rows 0-5, cars run west; the finish line is the west edge of column 13 and the
start squares are column 12; the wreck rows are columns 10, 11 and 12.
"""

from __future__ import annotations

import itertools

import pytest

from generator.games.trading_paint.rules.board import EAST, NORTH, SOUTH, WEST
from generator.games.trading_paint.rules.caution import AFTER, BEFORE, DURING
from generator.games.trading_paint.rules.paths import placement_ways
from generator.games.trading_paint.rules.setup import get_setup, initial_state
from generator.games.trading_paint.rules.state import (
    BANK,
    CAUTION_ROLL,
    ENTER,
    OVER,
    PATH,
    PLACE,
    ROLL,
    SPUN,
    WAITING,
    WRECK,
    Bump,
    Caution,
    Draft,
    EndTurn,
    Enter,
    Place,
    Roll,
    Stop,
    Wreck,
)
from generator.games.trading_paint.rules.turn import chance_outcomes, legal_moves

from .helpers import B, c, park, play, position, roll


def cells(*xys):
    return {c(x, y) for x, y in xys}


def where(state, *cars):
    """(column, row) of the given car numbers, or the raw code when off the board."""
    return [B.xy(state.pos[i - 1]) if state.pos[i - 1] >= 0 else state.pos[i - 1] for i in cars]


def lay(state, face, square, rotation=0):
    """Roll `face` and put it on `square` (x, y) turned `rotation`."""
    return play(roll(state, face), Place(c(*square), rotation))


def spin_out_everyone(state, turns):
    """Roll an X on each of the next `turns` turns; returns the cars that played, 1-based."""
    order = []
    for _ in range(turns):
        order.append(state.car + 1)
        state = roll(state, 5)
    return order, state


# --- set-ups and turn order -------------------------------------------------------------------
def test_begin_by_each_player_putting_their_car_behind_the_double_starting_line():
    """ "Begin by each player putting their car behind the arrows at the double starting line."

    Start squares are column 12, right behind the finish line (west edge of column 13), so
    every car starts a lap behind (lap -1, progress -0.5) and must go all the way round.
    """
    for players in (2, 3, 4, 6):
        s = initial_state(players)
        on_board = [i for i, p in enumerate(s.pos) if p >= 0]
        assert [B.xy(s.pos[i]) for i in on_board] == [(12, 15 - k) for k in range(6)]
        assert all(s.lap[i] == -1 and s.progress(i) == -0.5 for i in on_board)
        assert s.finished == () and s.stage == ROLL and s.car == 0


def test_the_player_in_the_outside_lane_goes_first_the_inside_lane_goes_last():
    """ "The player in the outside lane goes first. The player on the inside lane goes last."

    Turn order is start-square order, outside (lane 6) to inside (lane 1), then round again;
    the late 7th and 8th cars of a four-player game play after the inside car (D19).
    """
    for players in (2, 3, 6):
        s = initial_state(players)
        order, _ = spin_out_everyone(s, 7)
        assert order == [1, 2, 3, 4, 5, 6, 1]
        assert [B.lane[s.pos[i - 1]] for i in order[:6]] == [6, 5, 4, 3, 2, 1]
    # Four players: cars 7 and 8 have no vacated square to enter on, so their turns pass.
    order, s = spin_out_everyone(initial_state(4), 7)
    assert order == [1, 2, 3, 4, 5, 6, 1]
    assert s.pos[6] == s.pos[7] == WAITING


def teams_by_square(players):
    setup = get_setup(players)
    return {car.start: (car.team, car.driver) for car in setup.cars}


def test_two_players_one_team_on_the_odd_squares_the_other_on_the_even():
    """ "If there are two players, one player's 3-car team starts on the odd numbered squares,
    the other on the even numbered squares." """
    assert teams_by_square(2) == {
        1: ("A", 1),
        3: ("A", 1),
        5: ("A", 1),
        2: ("B", 2),
        4: ("B", 2),
        6: ("B", 2),
    }
    s = initial_state(2)
    assert [s.team_names[s.team[s.occupant(q)]] for q in B.start_squares] == list("ABABAB")


def test_three_players_teams_on_1_and_4_2_and_5_3_and_6():
    """ "For three players their three teams are on 1&4, 2&5, 3&6." """
    assert teams_by_square(3) == {
        1: ("A", 1),
        4: ("A", 1),
        2: ("B", 2),
        5: ("B", 2),
        3: ("C", 3),
        6: ("C", 3),
    }


def test_four_players_two_teams_and_the_7th_and_8th_cars_take_vacated_start_spaces():
    """ "For four players, make 2 teams- Team A starts on spaces 1, 3 & 5, then when it's time
    for the 7th car to roll, place the car on any vacated start space. Team B places its cars
    on 2, 4 & 6 then when its time for the 8th car to roll, place the car on any vacated start
    space." """
    setup = get_setup(4)
    assert [(car.team, car.start) for car in setup.cars] == [
        ("A", 1),
        ("B", 2),
        ("A", 3),
        ("B", 4),
        ("A", 5),
        ("B", 6),
        ("A", 0),  # the 7th car: enters late
        ("B", 0),  # the 8th car
    ]
    assert sorted(car.driver for car in setup.cars) == [1, 1, 2, 2, 3, 3, 4, 4]
    s = initial_state(4)
    s = play(lay(s, 1, (13, 15)), Stop(c(14, 15)))  # car 1 leaves start square 1
    s = play(lay(s, 1, (13, 14)), Stop(c(14, 14)))  # car 2 leaves start square 2
    _, s = spin_out_everyone(s, 4)  # cars 3 to 6 stay
    assert s.car == 6 and s.stage == ENTER
    assert set(legal_moves(s)) == {Enter(c(12, 15)), Enter(c(12, 14))}  # the player's choice
    s = play(s, Enter(c(12, 14)))
    assert s.stage == ROLL and s.car == 6 and where(s, 7) == [(12, 14)] and s.lap[6] == -1
    s = roll(s, 5)
    assert s.car == 7 and legal_moves(s) == [Enter(c(12, 15))]  # the one left
    s = roll(play(s, Enter(c(12, 15))), 5)
    assert s.car == 0  # then round again from car 1


def test_six_players_two_teams_odd_and_even():
    """ "For six players divide into two teams. Team A starts on the three odd number starting
    squares, Team B on the even squares." """
    assert teams_by_square(6) == {
        k: ("A" if k % 2 else "B", k) for k in range(1, 7)
    }  # one car per player


# --- rolling, placing, stopping -----------------------------------------------------------------
def test_roll_a_die_place_it_in_front_then_stop_advancing_two_squares_or_roll_more():
    """ "You roll a die and place it on the square in front of your car. You may then move your
    car to the end of that path, advancing two squares and end your turn; or you may roll more
    dice, one at a time, placing each as rolled on a square adjoining the previous dice to
    extend your path." """
    s = roll(position(park({1: (8, 12)})), 4)
    assert s.stage == PLACE and legal_moves(s) == [Place(c(9, 12), 0)]  # only in front
    s = play(s, Place(c(9, 12), 0))
    assert set(legal_moves(s)) == {Stop(c(10, 12)), Stop(c(9, 11)), Stop(c(9, 13)), Roll()}
    stopped = play(s, Stop(c(10, 12)))
    assert where(stopped, 1) == [(10, 12)] and stopped.progress(0) - s.progress(0) == 2
    assert stopped.car == 1 and stopped.stage == ROLL  # the turn is over
    more = roll(play(s, Roll()), 6)
    # the next die adjoins the previous one at an open exit, opening towards it
    assert set(legal_moves(more)) == {
        Place(c(10, 12), 1),  # east of the 4, the 6 turned east-west
        Place(c(9, 11), 0),  # north, the 6 upright
        Place(c(9, 13), 0),  # south
    }


FACE_STOPS = {
    1: {(10, 12), (9, 11), (9, 13)},  # "the only path with no potential restrictions"
    2: {(10, 12), (9, 11), (9, 13)},
    3: {(9, 11), (9, 13)},  # "forcing you to turn right or left"
    4: {(10, 12), (9, 11), (9, 13)},  # "go straight or turn right or left"
    6: {(10, 12)},  # "a straight only path"
}


@pytest.mark.parametrize("face", [1, 2, 3, 4, 6])
def test_the_six_is_straight_the_four_straight_or_turn_the_three_forces_a_turn(face):
    """ "The #6 die is a straight only path. The #4 die lets you go straight or turn right or
    left. ... The pips on the #3 die block you diagonally, forcing you to turn right or left
    depending on how you orient the die ... The #1 is the only path with no potential
    restrictions."

    One die in front of a car in the middle of the front straight: where the car can stop.
    (The 2 never blocks in the fixed pip model: D2.)
    """
    q = placement_ways(position(park({1: (8, 12)})), [face])
    assert q.reachable() == {"stop": sorted(c(*xy) for xy in FACE_STOPS[face])}
    assert len(q.ways) == {1: 1, 2: 2, 3: 2, 4: 1, 6: 1}[face]  # rotations that look different


# An independent model of the dice, written from the rule text alone (not faces.json): pips
# at the standard positions, white sub-squares joined edge to edge are the paths.
PIPS = {
    1: {(1, 1)},
    2: {(0, 2), (2, 0)},
    3: {(0, 2), (1, 1), (2, 0)},
    4: {(0, 0), (0, 2), (2, 0), (2, 2)},
    6: {(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)},
}
STEP = {EAST: (1, 0), NORTH: (0, -1), WEST: (-1, 0), SOUTH: (0, 1)}


def _white_pictures(face):
    """Every different-looking quarter turn of a face, as sets of white (row, col) cells."""
    out = []
    black = PIPS[face]
    for _ in range(4):
        white = frozenset((r, col) for r in range(3) for col in range(3) if (r, col) not in black)
        if white not in out:
            out.append(white)
        black = {(2 - col, r) for r, col in black}  # a quarter turn
    return out


def _edge(d):
    """Sub-squares on the side of a square facing direction d, in an order shared with the
    neighbour's opposite side."""
    return {
        EAST: [(i, 2) for i in range(3)],
        WEST: [(i, 0) for i in range(3)],
        NORTH: [(0, i) for i in range(3)],
        SOUTH: [(2, i) for i in range(3)],
    }[d]


def _flood(white, seeds):
    seen, todo = set(seeds), list(seeds)
    while todo:
        r, col = todo.pop()
        for nb in ((r + 1, col), (r - 1, col), (r, col + 1), (r, col - 1)):
            if nb in white and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen


def _independent_ways(car, faces, allowed):
    """(complete ways, stop squares) laying `faces` from `car` on open track: brute force."""
    back = {EAST: WEST, WEST: EAST, NORTH: SOUTH, SOUTH: NORTH}
    ways, stops = 0, set()

    def go(square, came_from, lit_edge, k):
        # lit_edge: indices (0-2) of lit sub-squares on the side the die is entered from
        nonlocal ways
        picture_ways = []
        for white in _white_pictures(faces[k]):
            seeds = [
                cell for i, cell in enumerate(_edge(came_from)) if i in lit_edge and cell in white
            ]
            if not seeds:
                continue
            lit = _flood(white, seeds)
            exits = {}
            for d in allowed(square):
                if d == came_from:
                    continue
                idx = {i for i, cell in enumerate(_edge(d)) if cell in lit}
                if idx:
                    exits[d] = idx
            picture_ways.append(exits)
        for exits in picture_ways:
            nxt = {d: (square[0] + STEP[d][0], square[1] + STEP[d][1]) for d in exits}
            nxt = {d: q for d, q in nxt.items() if _on_front_straight(q)}  # not pit or wall
            if k + 1 == len(faces):
                if nxt:
                    ways += 1
                    stops.update(nxt.values())
                continue
            for d, q in nxt.items():
                go(q, back[d], exits[d], k + 1)

    go((car[0] + 1, car[1]), WEST, {0, 1, 2}, 0)
    return ways, stops


def _front_straight(square):
    return (EAST, NORTH, SOUTH)


def _on_front_straight(square):
    x, y = square
    return 6 <= x <= 19 and 10 <= y <= 15


@pytest.mark.parametrize(
    "faces",
    [list(p) for p in itertools.product([1, 2, 3, 4, 6], repeat=2)] + [[3, 6, 2], [2, 3, 4]],
)
def test_movement_on_the_track_can_only_proceed_forward_or_to_the_side(faces):
    """ "Movement on the track can only proceed forward or to the side."

    Perft-style cross-check: the number of ways to lay the faces (every different-looking
    rotation) and the squares the car can stop on, from the engine's placement query and from
    an independent brute force written from the rule text (pip grids, white sub-squares
    joined edge to edge, steps east, north or south only on the front straight).
    """
    car = (7, 12)  # lane 3: three dice can reach rows 10 to 14 and columns 8 to 11, all track
    q = placement_ways(position(park({1: car})), faces)
    ways, stops = _independent_ways(car, faces, _front_straight)
    assert sum(w.complete for w in q.ways) == ways
    assert {B.xy(s) for s in q.reachable().get("stop", [])} == stops
    assert all(B.xy(s)[0] >= car[0] for s in q.reachable().get("stop", []))  # never backward


def test_perft_counts_from_the_middle_of_the_straight():
    """ "Movement on the track can only proceed forward or to the side." (exact counts)

    Ways and stop squares for a few sequences, the numbers written out: a regression anchor
    for the cross-check above.
    """
    car = (7, 12)
    got = {}
    for faces in ([1, 1], [6, 6], [3, 3], [4, 3, 6]):
        q = placement_ways(position(park({1: car})), faces)
        got[tuple(faces)] = (sum(w.complete for w in q.ways), len(q.reachable()["stop"]))
    # [1, 1]: the second 1 goes east, north or south of the first (3 ways); stops: 10,12,
    # 9,11, 9,13 beyond the east one, 8,10 beyond the north one, 8,14 beyond the south one.
    # [6, 6]: one way, straight on. [3, 3]: the first 3 turns north or south; the second,
    # entered from the south (north), turns east or west (backward): 2 ways, 2 stops.
    # [4, 3, 6]: the 3 on 9,12 turns north or south, on 8,11 or 8,13 it turns east; the 6 runs
    # straight on: 4 ways, stops 9,10, 9,14, 10,11, 10,13.
    assert got == {(1, 1): (3, 5), (6, 6): (1, 1), (3, 3): (2, 2), (4, 3, 6): (4, 4)}


def test_if_you_wish_to_roll_more_just_use_the_first_die():
    """ "There are six black and white dice provided. If you wish to roll more just use the
    first die you rolled."

    A path is not limited to six dice: seven 6s from car at 13,12 (end on the turn square).
    """
    s = position(park({1: (13, 12)}))
    for k in range(7):
        s = lay(s, 6, (14 + k, 12), 1)
        assert s.stage == PATH and s.dice == k + 1
        if k < 6:
            s = play(s, Roll())
    assert len(s.path) == 7 and legal_moves(s) == [Stop(c(21, 12)), Roll()]
    s = play(s, Stop(c(21, 12)))
    assert where(s, 1) == [(21, 12)]


def test_an_x_spins_you_out_the_path_is_removed_and_the_turn_is_over():
    """ "If you roll an X, your car spins out. You must remove all the path you created that
    round. Your turn is over with no advancement of your car." """
    s = lay(position(park({1: (8, 12)})), 1, (9, 12))
    s = lay(play(s, Roll()), 1, (10, 12))
    s = lay(play(s, Roll()), 1, (11, 12))
    before = s.progress(0)
    s = roll(play(s, Roll()), 5)
    assert s.path == () and where(s, 1) == [(8, 12)] and s.progress(0) == before
    assert s.car == 1 and s.stage == ROLL and s.dice == 0


def test_you_can_bank_the_dice_by_bumping_or_slingshotting():
    """ "However, you can bank the dice you've rolled by by bumping or slingshotting
    (drafting)."

    Bump, roll a fresh path, spin out: the car keeps the square the bump gave it.
    """
    s = play(lay(position(park({1: (8, 12), 2: (10, 12)})), 1, (9, 12)), Bump(c(10, 12)))
    assert where(s, 1, 2) == [(10, 12), (9, 12)] and s.stage == BANK
    s = lay(play(s, Roll()), 1, (11, 12))
    s = roll(play(s, Roll()), 5)
    assert where(s, 1, 2) == [(10, 12), (9, 12)] and s.car == 1
    # and by drafting
    s = lay(position(park({1: (8, 12), 3: (11, 12)})), 1, (9, 12))
    s = roll(play(play(s, Draft(c(11, 12), c(12, 12))), Roll()), 5)
    assert where(s, 1, 3) == [(12, 12), (11, 12)] and s.car == 1


# --- bumping ------------------------------------------------------------------------------------
def test_bump_by_laying_a_path_that_reaches_the_back_of_another_car():
    """ "You bump by laying a path that reaches the back of another car ... you pick up your
    car, bump your opponent's car back one space and advance your car to the space they had
    occupied. ... Collect the dice and start your turn anew." """
    s = lay(position(park({1: (8, 12), 2: (10, 12)})), 1, (9, 12))
    # bumping is a choice: the stops beside stay open, the square of car 2 is no stop
    assert set(legal_moves(s)) == {Stop(c(9, 11)), Stop(c(9, 13)), Bump(c(10, 12)), Roll()}
    s = play(s, Bump(c(10, 12)))
    assert where(s, 1, 2) == [(10, 12), (9, 12)] and s.path == ()
    assert s.stage == BANK and s.car == 0 and set(legal_moves(s)) == {EndTurn(), Roll()}
    fresh = roll(play(s, Roll()), 1)  # a new path starts in front of the new square
    assert legal_moves(fresh) == [Place(c(11, 12), 0)]
    assert play(s, EndTurn()).car == 1


def test_bumping_only_from_the_rear_or_from_the_side_in_a_turn_moving_left():
    """ "Bumping can only be done from the rear as you advance your path forward, not from the
    side, except when you're in a turn on the track (the area noted by the arrows) and moving
    to the left, counter clock-wise toward the finish line." (D9, D10)"""
    # On the straight, a path stepping sideways into a car does not bump it.
    s = lay(position(park({1: (8, 12), 2: (9, 11), 4: (9, 13)})), 1, (9, 12))
    assert set(legal_moves(s)) == {Stop(c(10, 12)), Roll()}
    # In the first turn, stepping north (left) into a car bumps it; the bumped car goes back
    # onto the bumper's last die (D10).
    s = lay(position(park({1: (20, 13), 2: (21, 12)})), 1, (21, 13))
    assert set(legal_moves(s)) == {Stop(c(22, 13)), Bump(c(21, 12)), Roll()}
    s = play(s, Bump(c(21, 12)))
    assert where(s, 1, 2) == [(21, 12), (21, 13)]
    # Stepping east (right) into a car going north up the turn's exit arm: no bump.
    s = lay(position(park({1: (23, 12), 2: (25, 12)})), 1, (24, 12))
    assert set(legal_moves(s)) == {Stop(c(24, 11)), Roll()}
    # In the fourth turn (cars come south and turn east) left is east: a side bump again.
    s = position(park({1: (1, 10), 2: (2, 11)}), caution="after")
    s = lay(s, 1, (1, 11))
    assert set(legal_moves(s)) == {Stop(c(1, 12)), Bump(c(2, 11)), Roll()}


def test_bump_coming_straight_out_of_the_pit_or_off_the_wall():
    """ "It is also possible to bump a car by coming straight out of the Pit or off the Wall if
    your opponent's car is one space in front of the space you reenter the track on." """
    s = lay(position(park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (16, 10)})), 1, (15, 10))
    assert set(legal_moves(s)) == {Stop(c(15, 11)), Bump(c(16, 10)), Roll()}
    s = play(s, Bump(c(16, 10)))
    assert where(s, 1, 2) == [(16, 10), (15, 10)] and s.entry[:2] == (-1, -1)
    # Off the wall onto the outside lane: the bumped car is in the outside lane, so it goes
    # sideways into the wall (next test's rule) rather than back.
    s = lay(position(park({1: {"wall": [15, 16], "from": [15, 15]}, 2: (16, 15)})), 1, (15, 15))
    assert set(legal_moves(s)) == {Stop(c(15, 14)), Bump(c(16, 15)), Roll()}
    s = play(s, Bump(c(16, 15)))
    assert where(s, 1, 2) == [(16, 15), (16, 16)] and s.entry[1] == c(16, 15)


def test_no_bump_of_the_car_that_blocked_your_re_entry_after_moving_backward():
    """ "However if that player's car was blocking your entrance to the track and you had to
    move backward to enter the track you may not bump them." (D8)"""
    s = roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (15, 10)})), 4)
    assert legal_moves(s) == [Place(c(14, 10), 0)]  # one square back, the only way on
    s = play(s, Place(c(14, 10), 0))
    # no Bump(15,10); the die one square back may lead backward (13,10) or aside (14,11)
    assert set(legal_moves(s)) == {Stop(c(13, 10)), Stop(c(14, 11)), Roll()}
    # only the blocker is protected: another car in reach of the same path can be bumped
    s = position(
        park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (15, 10), 4: (15, 12)}),
    )
    s = lay(s, 4, (14, 10))
    s = lay(play(s, Roll()), 6, (14, 11))  # the 6 upright: south only
    s = lay(play(s, Roll()), 1, (14, 12))
    assert set(legal_moves(s)) == {Stop(c(14, 13)), Bump(c(15, 12)), Roll()}


def test_bumping_a_car_in_the_outside_lane_sends_it_sideways_into_the_wall():
    """ "Bumping a car that's in the outside lane sends them sideways into the wall." (D10)"""
    s = play(lay(position(park({1: (8, 15), 2: (10, 15)})), 1, (9, 15)), Bump(c(10, 15)))
    assert where(s, 1, 2) == [(10, 15), (10, 16)]
    assert s.entry[1] == c(10, 15)  # it re-enters where it was
    # in the first turn's outside lane (running north up column 25) the wall is to the east
    s = position(park({1: (25, 12), 2: (25, 10)}))
    s = play(lay(s, 1, (25, 11)), Bump(c(25, 10)))
    assert where(s, 1, 2) == [(25, 10), (26, 10)] and s.entry[1] == c(25, 10)


def test_double_and_triple_bumps_move_every_car_back_and_the_turn_may_continue():
    """ "You can double and triple bump. If two cars are bumper to bumper ... and you build a
    path to the rear bumper of the rear car, you bump both of them, moving both cars back a
    space and moving your car to the their front. Your turn may then continue." """
    cars = {1: (8, 12), 2: (10, 12), 4: (11, 12)}
    s = play(lay(position(park(cars)), 1, (9, 12)), Bump(c(10, 12)))
    assert where(s, 1, 2, 4) == [(11, 12), (9, 12), (10, 12)]
    assert s.stage == BANK and set(legal_moves(s)) == {EndTurn(), Roll()}
    cars = {1: (8, 12), 2: (10, 12), 4: (11, 12), 6: (12, 12)}
    s = play(lay(position(park(cars)), 1, (9, 12)), Bump(c(10, 12)))
    assert where(s, 1, 2, 4, 6) == [(12, 12), (9, 12), (10, 12), (11, 12)]
    assert s.stage == BANK


def test_you_may_also_bump_a_team_mate():
    """ "You may also bump a team mate." """
    s = lay(position(park({1: (8, 12), 3: (10, 12)})), 1, (9, 12))
    assert set(legal_moves(s)) == {Stop(c(9, 11)), Stop(c(9, 13)), Bump(c(10, 12)), Roll()}
    s = play(s, Bump(c(10, 12)))
    assert where(s, 1, 3) == [(10, 12), (9, 12)]


# --- drafting -----------------------------------------------------------------------------------
def test_draft_a_car_on_your_team_only_and_end_in_front_of_it():
    """ "To draft you build a path to within one space of a car on your team only, then move
    your car directly to the rear of that car and slingshot around them, ending in front of
    them. The car you shot around stays where it was. You collect your dice and start your
    turn anew." (D11)"""
    s = lay(position(park({1: (8, 12), 3: (11, 12)})), 1, (9, 12))
    assert set(legal_moves(s)) == {
        Stop(c(10, 12)),
        Stop(c(9, 11)),
        Stop(c(9, 13)),
        Draft(c(11, 12), c(12, 12)),
        Roll(),
    }
    s = play(s, Draft(c(11, 12), c(12, 12)))
    assert where(s, 1, 3) == [(12, 12), (11, 12)] and s.stage == BANK and s.path == ()
    # an opponent cannot be drafted
    s = lay(position(park({1: (8, 12), 2: (11, 12)})), 1, (9, 12))
    assert set(legal_moves(s)) == {Stop(c(10, 12)), Stop(c(9, 11)), Stop(c(9, 13)), Roll()}
    # nor a team-mate beside the path on the straight (not from its rear)
    s = lay(position(park({1: (8, 12), 3: (9, 10)})), 1, (9, 12))
    assert set(legal_moves(s)) == {Stop(c(10, 12)), Stop(c(9, 11)), Stop(c(9, 13)), Roll()}


def test_draft_to_the_head_of_a_line_of_touching_cars():
    """ "If there are cars in front of, and touching the car you draft, go to the head of that
    line." (any team in the line; D11)"""
    cars = {1: (8, 12), 3: (11, 12), 2: (12, 12), 5: (13, 12)}
    s = lay(position(park(cars)), 1, (9, 12))
    assert [m for m in legal_moves(s) if isinstance(m, Draft)] == [Draft(c(11, 12), c(14, 12))]
    s = play(s, Draft(c(11, 12), c(14, 12)))
    assert where(s, 1, 3, 2, 5) == [(14, 12), (11, 12), (12, 12), (13, 12)]


def test_drafting_on_a_turn_you_may_choose_which_square_to_end_at():
    """ "If on a turn you may choose which square to end at." (D11)"""
    s = lay(position(park({1: (18, 13), 3: (21, 13)})), 1, (19, 13))
    drafts = {m for m in legal_moves(s) if isinstance(m, Draft)}
    assert drafts == {Draft(c(21, 13), c(22, 13)), Draft(c(21, 13), c(21, 12))}
    # car 2 touches car 3's front bumper (east, the lane direction of both): the line's head is
    # car 2, and both squares in front of it are offered. Car 4 beside car 3 (the next lane)
    # is not in the line: 21,11, reached only by going round car 4 sideways, is no landing
    s = lay(position(park({1: (18, 13), 3: (21, 13), 2: (22, 13), 4: (21, 12)})), 1, (19, 13))
    drafts = {m.landing for m in legal_moves(s) if isinstance(m, Draft)}
    assert drafts == cells((23, 13), (22, 12))


def test_chain_bumps_and_drafts_without_rolling_again():
    """ "You may find after bumping or drafting, that you're set up to draft a car in front of
    you wihout rolling again, or after drafting you could be set up to bump a different car.
    You may do so without rerolling." (D12)"""
    # bump, then draft
    s = play(
        lay(position(park({1: (8, 12), 2: (10, 12), 3: (12, 12)})), 1, (9, 12)), Bump(c(10, 12))
    )
    assert set(legal_moves(s)) == {EndTurn(), Roll(), Draft(c(12, 12), c(13, 12))}
    # draft, then draft again
    s = lay(position(park({1: (8, 12), 3: (11, 12), 5: (14, 12)})), 1, (9, 12))
    s = play(s, Draft(c(11, 12), c(12, 12)))
    assert set(legal_moves(s)) == {EndTurn(), Roll(), Draft(c(14, 12), c(15, 12))}
    s = play(s, Draft(c(14, 12), c(15, 12)))
    assert where(s, 1) == [(15, 12)] and s.stage == BANK
    # draft, then bump a different car
    s = lay(position(park({1: (8, 12), 3: (11, 12), 2: (13, 12)})), 1, (9, 12))
    s = play(s, Draft(c(11, 12), c(12, 12)))
    assert set(legal_moves(s)) == {EndTurn(), Roll(), Bump(c(13, 12))}
    s = play(s, Bump(c(13, 12)))
    assert where(s, 1, 2, 3) == [(13, 12), (12, 12), (11, 12)]


def test_you_may_not_bump_or_draft_when_your_turn_begins_without_rolling_and_placing_a_die():
    """ "However, you may not bump or draft when your turn begins without first rolling and
    placing a die." """
    # car 1 is set up to draft car 3 and to nothing else: at the start of the turn it rolls
    s = position(park({1: (8, 12), 3: (10, 12)}))
    assert s.stage == ROLL and legal_moves(s) == [] and len(chance_outcomes(s)) == 6
    # with a car right in front, no die fits in front: no bump either, the turn is lost
    s = roll(position(park({1: (8, 12), 2: (9, 12)})), 1)
    assert s.car == 1 and where(s, 1, 2) == [(8, 12), (9, 12)]


# --- the caution flag ------------------------------------------------------------------------------
# Car 2 leads in the back straight (cars run west there); cars 3 and 5 share a pole position
# (station 28.5; car 5 in lane 2, car 3 in lane 5); car 6 is behind them; car 1 is on the front
# straight; car 4 is on the wall beside the back straight.
def caution_position(changes=None, to_play=1):
    cars = {
        1: (13, 12),
        2: (10, 3),
        3: (14, 1),
        4: {"wall": [16, -1], "from": [16, 0]},
        5: (14, 4),
        6: (15, 3),
    }
    cars.update(changes or {})
    return position(cars, caution="caution", to_play=to_play)


def test_caution_after_the_leader_enters_the_back_straight_an_x_may_roll_once_more():
    """ "After the lead racer has entered the back straightaway, marked with a double line, if
    any driver rolls an X they may elect to roll once more." (D14, D15)"""
    # before: the leader is in the second turn; its move into the back straight starts it
    s = position(park({1: (20, 2)}))
    assert s.caution == BEFORE
    s = roll(s, 5)  # an X before the period: the turn just ends
    assert s.car == 1 and s.stage == ROLL
    s = position(park({1: (20, 2)}))
    s = play(lay(s, 1, (19, 2)), Stop(c(18, 2)))
    assert s.caution == DURING
    # during: any driver (here car 1, not the leader) may take the extra roll or not
    s = roll(caution_position(), 5)
    assert s.stage == SPUN and s.car == 0 and set(legal_moves(s)) == {Caution(True), Caution(False)}
    assert play(s, Caution(True)).stage == CAUTION_ROLL
    declined = play(s, Caution(False))
    assert declined.car == 1 and declined.pos == s.pos
    missed = roll(play(s, Caution(True)), 3)  # not a second X: nothing happens, turn over
    assert missed.car == 1 and missed.pos == s.pos


def test_double_x_caution_flag_all_cars_line_up_behind_the_lead_car_in_order():
    """ "If that roll is also an X, creating a double spin-out, a caution flag goes up and all
    cars line up behind the lead car in the order they are in. If two cars are in the same
    pole position the car closest to the inside lane lines up ahead." (D15)"""
    s = roll(play(roll(caution_position(), 5), Caution(True)), 5)
    assert s.car == 1 and s.stage == ROLL
    # leader car 2 stays on 10,3; then 5 (lane 2) before 3 (lane 5), then 6, then 1, single
    # file behind it in its lane (lane 3, row 3, cars run west so "behind" is east)
    assert where(s, 2, 5, 3, 6, 1) == [(10, 3), (11, 3), (12, 3), (13, 3), (14, 3)]
    assert [s.progress(i - 1) for i in (2, 5, 3, 6, 1)] == [32.5, 31.5, 30.5, 29.5, 28.5]


def test_the_caution_flag_rule_ends_when_the_lead_car_leaves_the_straightaway():
    """ "The Caution Flag rule ends when the lead car leaves that straightaway." (D14, D16)"""
    s = position(park({1: (7, 2)}), caution="caution")
    s = play(lay(s, 1, (6, 2)), Stop(c(5, 2)))  # into the third turn
    assert s.caution == AFTER
    # after it, a double X no longer lines the cars up: it is a wreck (next rules)
    s = roll(
        play(roll(position(park({1: (4, 4), 2: (13, 12)}), caution="after"), 5), Caution(True)), 5
    )
    assert s.stage == WRECK and where(s, 1, 2) == [(4, 4), (13, 12)]


def test_no_caution_after_more_than_six_dice_or_off_the_track():
    """ "A driver may not invoke the Caution Flag if they have rolled more than six dice in
    their regular turn or if they're off the track." (D15, D23)"""
    base = caution_position({1: (13, 12)})
    # five dice on the table, the sixth is an X: allowed
    s = base
    for k in range(5):
        s = lay(s, 6, (14 + k, 12), 1)
        s = play(s, Roll())
    assert roll(s, 5).stage == SPUN
    # six dice on the table, the seventh is an X: not allowed
    s = play(lay(s, 6, (19, 12), 1), Roll())
    after = roll(s, 5)
    assert after.car == 1 and after.pos == base.pos
    # dice before a bump count too: "in their regular turn" (D23)
    s = caution_position({1: (13, 12), 6: (20, 12)})
    for k in range(5):
        s = play(lay(s, 6, (14 + k, 12), 1), Roll())
    s = play(lay(s, 6, (19, 12), 1), Bump(c(20, 12)))
    assert s.stage == BANK and s.dice == 6 and where(s, 1, 6) == [(20, 12), (19, 12)]
    assert roll(play(s, Roll()), 5).car == 1  # the X is the seventh die of the turn
    s = caution_position({1: (13, 12), 6: (19, 12)})
    for k in range(4):
        s = play(lay(s, 6, (14 + k, 12), 1), Roll())
    s = play(lay(s, 6, (18, 12), 1), Bump(c(19, 12)))
    assert s.dice == 5 and roll(play(s, Roll()), 5).stage == SPUN  # the sixth: allowed
    # off the track: car 4 on the wall rolls an X
    s = roll(caution_position(to_play=4), 5)
    assert s.car == 4 and s.stage == ROLL


def test_in_the_pit_or_on_the_wall_no_caution_realignment():
    """ "While in the pit or wall you may not participate in a caution flag realignment." """
    s = caution_position({6: {"pit": [15, 6], "from": [15, 5]}})
    s = roll(play(roll(s, 5), Caution(True)), 5)
    assert where(s, 4, 6) == [(16, -1), (15, 6)]  # wall and pit cars stay
    assert where(s, 2, 5, 3, 1) == [(10, 3), (11, 3), (12, 3), (13, 3)]


# --- wrecks ------------------------------------------------------------------------------------
def wreck_cars(changes=None):
    cars = {1: (4, 4), 2: (20, 8), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    cars.update(changes or {})
    return cars


def test_wrecks_occur_after_the_caution_flag_ends_under_the_same_circumstances():
    """ "Wrecks can occur after the caution flag ends but under the same circumstances." (D16)"""
    s = roll(position(wreck_cars(), caution="after"), 5)
    assert s.stage == SPUN
    s = roll(play(s, Caution(True)), 5)
    assert s.stage == WRECK and s.car == 0
    # not from the wall
    s = roll(position(wreck_cars({1: {"wall": [3, -1], "from": [3, 0]}}), caution="after"), 5)
    assert s.car == 1
    # not with the X as the seventh die
    s = position(wreck_cars({1: (0, 6)}), caution="after")
    for k in range(6):  # six 6s down the left end and into the fourth turn (cars run south)
        s = play(lay(s, 6, (0, 7 + k)), Roll())
    assert s.dice == 6 and roll(s, 5).car == 1


def test_double_x_places_a_wreck_on_the_three_lanes_in_front_of_the_finish_two_per_lane():
    """ "If you roll double Xs place an unused car-dice upside down on any of the three lanes
    in front of the finish line; No more than two wrecks in one lane." (D16: the three rows of
    squares across the track, columns 10-12)"""
    s = position(wreck_cars({2: (11, 12)}), caution="after", wrecks=[(10, 10), (10, 15)])
    s = roll(play(roll(s, 5), Caution(True)), 5)
    assert s.stage == WRECK
    # column 10 is full (two wrecks); column 11 minus the car on 11,12; column 12 all six
    expected = {c(11, y) for y in range(10, 16)} - {c(11, 12)} | {c(12, y) for y in range(10, 16)}
    assert {m.square for m in legal_moves(s)} == expected
    s = play(s, Wreck(c(12, 13)))
    assert s.wrecks == cells((10, 10), (10, 15), (12, 13)) and s.car == 1


def test_a_wreck_is_impassable_no_bumping_or_drafting_it():
    """ "That square is now impassible with no bumping or drafting it." """
    # no die on it: the only square in front is the wreck
    s = roll(position(wreck_cars({1: (9, 12)}), caution="after", wrecks=[(10, 12)]), 1)
    assert s.car == 1 and where(s, 1) == [(9, 12)]
    # no stop, no bump on it
    s = lay(position(wreck_cars({1: (8, 12)}), caution="after", wrecks=[(10, 12)]), 1, (9, 12))
    assert set(legal_moves(s)) == {Stop(c(9, 11)), Stop(c(9, 13)), Roll()}
    # no draft round a team-mate whose way ahead is a wreck
    s = position(wreck_cars({1: (6, 12), 3: (9, 12)}), caution="after", wrecks=[(10, 12)])
    s = lay(s, 1, (7, 12))
    assert set(legal_moves(s)) == {Stop(c(8, 12)), Stop(c(7, 11)), Stop(c(7, 13)), Roll()}


def test_wrecks_are_towed_when_a_car_enters_or_passes_that_lane():
    """ "If a car enters or passes that lane those wrecks get towed off the board." (D16)"""
    wrecks = [(10, 10), (11, 15), (12, 15)]
    s = position(wreck_cars({1: (9, 12)}), caution="after", wrecks=wrecks)
    s = play(lay(s, 1, (10, 12)), Stop(c(10, 11)))  # enters column 10 only
    assert s.wrecks == cells((11, 15), (12, 15))
    s = position(wreck_cars({1: (9, 12)}), caution="after", wrecks=wrecks)
    s = lay(play(lay(s, 1, (10, 12)), Roll()), 1, (11, 12))
    s = play(s, Stop(c(12, 12)))  # passes 10 and 11, enters 12
    assert s.wrecks == frozenset()
    # a car that stood in a wreck row and drives on passes it
    s = position(wreck_cars({1: (12, 12)}), caution="after", wrecks=[(12, 10), (11, 15)])
    s = play(lay(s, 1, (13, 12)), Stop(c(14, 12)))
    assert s.wrecks == cells((11, 15))
    # a late car entering on a start square (column 12) enters that row (D16)
    cars = {i: (14 + i, 12) for i in range(1, 7)}
    cars.update({7: {"waiting": True}, 8: {"waiting": True}})
    s = position(cars, players=4, to_play=7, caution="after", wrecks=[(12, 13), (10, 10)])
    assert s.stage == ENTER
    assert {m.square for m in legal_moves(s)} == cells(*((12, y) for y in (10, 11, 12, 14, 15)))
    s = play(s, Enter(c(12, 15)))
    assert s.wrecks == cells((10, 10)) and s.stage == ROLL


# --- pit stop and wall --------------------------------------------------------------------------
def test_you_must_play_any_dice_you_roll():
    """ "You must play any dice you roll." (D6)

    From the start the outside car rolls a 3: both ways to lay it are offered, one of them
    into the wall, and there is no way to decline the die.
    """
    s = roll(initial_state(2), 3)
    assert s.stage == PLACE and set(legal_moves(s)) == {Place(c(13, 15), 0), Place(c(13, 15), 1)}
    assert all(isinstance(m, Place) for m in legal_moves(s))
    # and a die that fits nowhere loses the rest of the turn (a car right in front)
    s = roll(position(park({1: (8, 12), 2: (9, 12)})), 4)
    assert s.car == 1


def test_a_die_that_forces_you_off_the_track_sends_you_there_and_ends_the_turn():
    """ "If a dice (typically a 6) forces you off the track, either into the Pit Stop or the
    Wall, you must move your car to that place off the track and your turn is over." (D7)"""
    s = lay(position(park({1: (13, 11)})), 3, (14, 11), 1)  # the 3 turns north into lane 1
    assert set(legal_moves(s)) == {Stop(c(14, 10)), Roll()}
    s = roll(play(s, Roll()), 6)
    assert legal_moves(s) == [Place(c(14, 10), 0)]  # a 6 entered from the south runs north
    s = play(s, Place(c(14, 10), 0))
    assert where(s, 1) == [(14, 9)] and s.entry[0] == c(14, 10) and s.car == 1
    # the wall: a 3 from the outside start square turning south
    s = play(roll(initial_state(2), 3), Place(c(13, 15), 0))
    assert where(s, 1) == [(13, 16)] and s.entry[0] == c(13, 15) and s.car == 1


def test_backward_only_when_off_the_track_and_an_opponent_blocks_re_entry():
    """ "The only time you may place a dice that moves you backward is if you are off the track
    and blocked by an opponent's car from reentering In this case you must move backward to get
    back on the track if possible." (D8)"""
    # on the track: never backward, whatever is in front (the die cannot be placed: lost)
    s = roll(position(park({1: (8, 12), 2: (9, 12)})), 1)
    assert s.car == 1
    # in the pit, blocked by an opponent: one square back is the only placement
    for face in (1, 2, 3, 4, 6):
        s = roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (15, 10)})), face)
        assert {m.square for m in legal_moves(s)} == {c(14, 10)}
    # on the wall at an outside corner square (a bump or a 6 puts a car there): one square
    # back along the track, round the turn, entered from the side facing the car. From the wall
    # on the turn's entry side (east of 25,15, west of 0,0) that side is the blocker's own
    # square: the path would run through the car, so there is no move (D8)
    for wall, behind in (((26, 15), None), ((25, 16), (24, 15)), ((-1, 0), None)):
        corner = (25, 15) if wall[0] > 0 else (0, 0)
        for face in (1, 2, 3, 4, 6):
            s = position(park({1: {"wall": list(wall), "from": list(corner)}, 2: corner}))
            s = roll(s, face)
            if behind is None:  # the die fits nowhere: turn forfeited
                assert s.car == 1 and where(s, 1) == [wall], (wall, face)
            else:
                assert {m.square for m in legal_moves(s)} == {c(*behind)}, (wall, face)
    # blocked by a team-mate: no backward move, the turn is forfeited
    s = roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}, 3: (15, 10)})), 1)
    assert s.car == 1 and where(s, 1) == [(15, 9)]


def test_you_may_not_move_forward_while_in_the_pit_or_on_the_wall():
    """ "You may not move forward while in the Pit or on the Wall." (D8)

    Every face: the first die goes only on the re-entry square, never along the pit.
    """
    expected = {
        1: {Place(c(15, 10), 0)},
        2: {Place(c(15, 10), 0)},  # its two looks connect the same way: one move (D21)
        3: {Place(c(15, 10), 0), Place(c(15, 10), 1)},
        4: {Place(c(15, 10), 0)},
        6: {Place(c(15, 10), 0)},
    }
    for face, moves in expected.items():
        s = roll(position(park({1: {"pit": [15, 9], "from": [15, 10]}})), face)
        assert set(legal_moves(s)) == moves, face
    s = lay(position(park({1: {"pit": [15, 9], "from": [15, 10]}})), 6, (15, 10))
    assert set(legal_moves(s)) == {Stop(c(15, 11)), Roll()}  # straight across, not along


def test_if_you_have_no_move_you_forfeit_that_turn():
    """ "If you have no move you forfeit that turn." (D8)

    Blocked by an opponent and the square behind it taken as well: nothing to play.
    """
    s = position(park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (15, 10), 4: (14, 10)}))
    for face in (1, 2, 3, 4, 6):
        after = roll(s, face)
        assert after.car == 1 and after.pos == s.pos


def test_in_the_pit_or_wall_at_a_corner_reenter_on_the_side_you_left_from():
    """ "If you're in the pit or wall at a corner you must reenter on the side you left from." """
    # the pit's corner square 19,9 touches the track on its east (20,9) and south (19,10)
    east = roll(position(park({1: {"pit": [19, 9], "from": [20, 9]}})), 1)
    assert legal_moves(east) == [Place(c(20, 9), 0)]
    south = roll(position(park({1: {"pit": [19, 9], "from": [19, 10]}})), 1)
    assert legal_moves(south) == [Place(c(19, 10), 0)]
    # the wall beside the outside corner square 25,15: from the south side and the east side
    below = roll(position(park({1: {"wall": [25, 16], "from": [25, 15]}})), 1)
    assert legal_moves(below) == [Place(c(25, 15), 0)]
    s = play(below, Place(c(25, 15), 0))
    assert set(legal_moves(s)) == {Stop(c(25, 14)), Roll()}  # east is the wall again
    beside = roll(position(park({1: {"wall": [26, 15], "from": [25, 15]}})), 6)
    assert legal_moves(beside) == [Place(c(25, 15), 1)]  # entered from the east this time
    s = play(beside, Place(c(25, 15), 1))
    assert s.car == 1 and where(s, 1) == [(26, 15)]  # the 6 only leads west: backward, lost


def test_forced_to_an_occupied_space_with_no_other_move_you_lose_your_turn():
    """ "If you are forced to a space that's occupied and have no other move you lose your
    turn." (D6, D7)"""
    # the 6 would force car 1 into the pit, but car 2 is on that pit square
    s = position(park({1: (13, 11), 2: {"pit": [14, 9], "from": [14, 10]}}))
    s = roll(play(lay(s, 3, (14, 11), 1), Roll()), 6)
    s = play(s, Place(c(14, 10), 0))
    assert s.car == 1 and where(s, 1, 2) == [(13, 11), (14, 9)] and s.path == ()
    # both ways of a 3 run into the side of a car: lost, the car stays
    s = roll(position(park({1: (8, 12), 2: (9, 11), 4: (9, 13)})), 3)
    for m in legal_moves(s):
        after = play(s, m)
        assert after.car == 1 and where(after, 1) == [(8, 12)]


# --- finishing ------------------------------------------------------------------------------------
def test_one_lap_race_first_three_home_score_four_three_two_most_points_wins():
    """ "1st place car gets four points, 2nd gets three points, 3rd gets two points. The team
    with the most points win." (D18)"""
    cars = {1: (11, 12), 2: {"finished": 1}, 3: {"finished": 2}, 4: (20, 8), 5: (21, 8), 6: (22, 8)}
    s = position(cars, players=3, caution="after")
    assert s.points() == {"A": 0, "B": 4, "C": 3} and s.stage == ROLL
    s = play(lay(s, 1, (12, 12)), Stop(c(13, 12)))  # car 1 (team A) crosses the line third
    assert s.stage == OVER and s.finished == (1, 2, 0)
    assert s.points() == {"A": 2, "B": 4, "C": 3} and s.winner() == "B"
    # a car still a lap behind (on the start squares) crossing the line has not finished
    s = position(park({1: (11, 12)}))
    assert s.lap[0] == -1
    s = play(lay(s, 1, (12, 12)), Stop(c(13, 12)))
    assert s.finished == () and where(s, 1) == [(13, 12)]
