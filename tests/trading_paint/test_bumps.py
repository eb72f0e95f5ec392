"""Bumping and drafting, single and chained (decisions D8-D12)."""

from __future__ import annotations

from generator.games.trading_paint.rules import legal_moves
from generator.games.trading_paint.state import BANK, ROLL, Bump, Draft, EndTurn, Place, Roll, Stop

from .helpers import B, c, names, park, play, position, roll


def one_die(cars, face=1, square=None, rotation=0, **kw):
    """Car 1 rolls `face` and lays it in front (square defaults to the square east of car 1)."""
    s = position(park(cars), **kw)
    s = roll(s, face)
    x, y = cars[1]
    return play(s, Place(square or c(x + 1, y), rotation))


def test_bump_from_the_rear_swaps_one_square():
    s = one_die({1: (13, 12), 2: (15, 12)})
    assert Bump(c(15, 12)) in legal_moves(s)
    s = play(s, Bump(c(15, 12)))
    assert s.pos[0] == c(15, 12) and s.pos[1] == c(14, 12)  # car 2 back onto the die's square
    assert s.stage == BANK and s.car == 0
    assert set(legal_moves(s)) == {EndTurn(), Roll()}


def test_no_bump_from_the_side_on_a_straight():
    s = one_die({1: (13, 12), 2: (14, 11)})
    assert names(s) == ["stop on 15,12", "stop on 14,13", "roll"]


def test_side_bump_in_a_turn_moving_left():
    s = one_die({1: (20, 13), 2: (21, 12)})  # die on 21,13; car 2 on its left (north)
    assert Bump(c(21, 12)) in legal_moves(s)
    s = play(s, Bump(c(21, 12)))
    assert s.pos[0] == c(21, 12) and s.pos[1] == c(21, 13)


def test_no_side_bump_in_a_turn_moving_right():
    s = one_die({1: (23, 12), 2: (25, 12)})  # die on 24,12 (north arm), car 2 to its right
    assert names(s) == ["stop on 24,11", "roll"]


def test_double_and_triple_bump():
    s = play(one_die({1: (13, 12), 2: (15, 12), 4: (16, 12)}), Bump(c(15, 12)))
    assert (s.pos[0], s.pos[1], s.pos[3]) == (c(16, 12), c(14, 12), c(15, 12))
    s = play(one_die({1: (13, 12), 2: (15, 12), 4: (16, 12), 6: (17, 12)}), Bump(c(15, 12)))
    assert (s.pos[0], s.pos[1], s.pos[3], s.pos[5]) == (c(17, 12), c(14, 12), c(15, 12), c(16, 12))


def test_bump_a_team_mate():
    s = one_die({1: (13, 12), 3: (15, 12)})
    assert Bump(c(15, 12)) in legal_moves(s)


def test_outside_lane_car_is_bumped_into_the_wall():
    s = play(one_die({1: (13, 15), 2: (15, 15)}), Bump(c(15, 15)))
    assert s.pos[1] == c(15, 16) and s.entry[1] == c(15, 15) and s.pos[0] == c(15, 15)
    s = play(one_die({1: (13, 15), 2: (15, 15), 4: (16, 15)}), Bump(c(15, 15)))
    assert (s.pos[1], s.pos[3], s.pos[0]) == (c(15, 16), c(16, 16), c(16, 15))


def test_outside_lane_wall_spot_taken_means_back_one_square():
    # car 4 is already on the wall beside car 2: two cars never share a spot (decision D10)
    s = position(park({1: (13, 15), 2: (15, 15), 4: {"wall": [15, 16], "from": [15, 15]}}))
    s = play(play(roll(s, 1), Place(c(14, 15), 0)), Bump(c(15, 15)))
    assert s.pos[1] == c(14, 15) and s.pos[3] == c(15, 16) and s.pos[0] == c(15, 15)


def test_draft_a_team_mate_to_the_head_of_the_line():
    s = one_die({1: (13, 12), 3: (16, 12)})
    assert Draft(c(16, 12), c(17, 12)) in legal_moves(s)
    s = play(s, Draft(c(16, 12), c(17, 12)))
    assert s.pos[0] == c(17, 12) and s.pos[2] == c(16, 12) and s.stage == BANK
    s = one_die({1: (13, 12), 3: (16, 12), 2: (17, 12), 4: (18, 12)})
    assert Draft(c(16, 12), c(19, 12)) in legal_moves(s)


def test_no_draft_of_an_opponent():
    s = one_die({1: (13, 12), 2: (16, 12)})
    assert not any(isinstance(m, Draft) for m in legal_moves(s))


def test_draft_in_a_turn_chooses_the_landing():
    s = one_die({1: (18, 13), 3: (21, 13)})
    drafts = {m for m in legal_moves(s) if isinstance(m, Draft)}
    assert drafts == {Draft(c(21, 13), c(22, 13)), Draft(c(21, 13), c(21, 12))}


def test_chain_a_draft_after_a_bump_without_rolling():
    s = play(one_die({1: (13, 12), 2: (15, 12), 3: (17, 12)}), Bump(c(15, 12)))
    assert Draft(c(17, 12), c(18, 12)) in legal_moves(s)
    s = play(s, Draft(c(17, 12), c(18, 12)))
    assert s.pos[0] == c(18, 12) and s.stage == BANK


def test_chain_a_bump_after_a_draft():
    s = play(one_die({1: (13, 12), 3: (16, 12), 2: (18, 12)}), Draft(c(16, 12), c(17, 12)))
    assert Bump(c(18, 12)) in legal_moves(s)
    s = play(s, Bump(c(18, 12)))
    assert s.pos[0] == c(18, 12) and s.pos[1] == c(17, 12)


def test_never_bump_or_draft_at_the_start_of_a_turn():
    s = position(park({1: (15, 12), 3: (17, 12), 2: (16, 11)}))
    assert s.stage == ROLL and legal_moves(s) == []  # a roll comes first


def test_stop_is_still_possible_beside_a_bump():
    s = one_die({1: (13, 12), 2: (15, 12)})
    assert Stop(c(14, 11)) in legal_moves(s) and Stop(c(15, 12)) not in legal_moves(s)


def test_a_car_beside_the_line_in_a_turn_is_not_bumped():
    """Car 2 at the turn's corner of lane 5, car 4 beside it in lane 6 (heading north): a bump
    east on car 2 moves car 2 only. Car 4 is side by side, not bumper to bumper; it used to be
    pushed inward with it (found by the second rules audit)."""
    cars = {1: (21, 14), 2: (24, 14), 4: (25, 14), 3: (2, 2), 5: (3, 3), 6: (4, 4)}
    s = play(roll(position(cars), 1), Place(c(22, 14), 0))
    s = play(play(roll(play(s, Roll()), 1), Place(c(23, 14), 0)), Bump(c(24, 14)))
    assert [B.xy(s.pos[car - 1]) for car in (1, 2, 4)] == [(24, 14), (23, 14), (25, 14)]
