"""Bumping and drafting, single and chained (decisions D8-D12)."""

from __future__ import annotations

from generator.games.trading_paint.rules.position import from_dict
from generator.games.trading_paint.rules.state import (
    BANK,
    ROLL,
    Bump,
    Draft,
    EndTurn,
    Place,
    Roll,
    Stop,
)
from generator.games.trading_paint.rules.turn import legal_moves

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


def test_a_side_bump_in_a_turn_moves_only_the_struck_car():
    """Cars 2, 4 and 6 in lanes 4, 3 and 2 of the bottom-right turn, one beside the other;
    car 1 lays a 4 on 21,14 and bumps car 2 from the side, moving left (north). Only car 2 is
    bumper to bumper with the bumper; car 4 is beside car 2 (north is not the lane direction of
    21,13 or 21,12, both east), so it and car 6 stay ("If two cars are bumper to bumper ... you
    bump both of them", D10). It used to push all three north (found by the third rules audit:
    the query printed 'bump 21,11 via 21,13, car 2 to 21,14, car 4 to 21,13, car 6 to 21,12')."""
    s = from_dict(
        {
            "format": "trading-paint-position/1",
            "players": 2,
            "to_play": 1,
            "caution": "before",
            "cars": [
                {"car": 1, "at": [20, 14]},
                {"car": 2, "at": [21, 13]},
                {"car": 4, "at": [21, 12]},
                {"car": 6, "at": [21, 11]},
            ],
            "wrecks": [],
        }
    )
    s = play(roll(s, 4), Place(c(21, 14), 0))
    assert set(legal_moves(s)) == {Stop(c(22, 14)), Bump(c(21, 13)), Roll()}
    s = play(s, Bump(c(21, 13)))
    ends = [B.xy(p) for p in s.pos]
    assert ends == [(21, 13), (21, 14), (12, 13), (21, 12), (12, 11), (21, 11)]
    assert s.stage == BANK and s.car == 0


def test_a_side_step_into_the_rear_square_drafts():
    """A path that steps sideways into the square right behind a team-mate drafts it: "build a
    path to within one space of a car on your team only, then move your car directly to the
    rear of that car" (D11). The 1 on 14,12 opens north onto 14,11, the rear square of car 3 on
    15,11; the draft used to be offered only when the exit ran in line with the team-mate."""
    s = one_die({1: (13, 12), 3: (15, 11)})
    assert set(legal_moves(s)) == {
        Stop(c(15, 12)),
        Stop(c(14, 11)),
        Stop(c(14, 13)),
        Draft(c(15, 11), c(16, 11)),
        Roll(),
    }
    s = play(s, Draft(c(15, 11), c(16, 11)))
    assert (s.pos[0], s.pos[2]) == (c(16, 11), c(15, 11)) and s.stage == BANK
    # a team-mate diagonally ahead of the die's forward exit is not behind anything we reach
    s = one_die({1: (13, 12), 3: (16, 11)})
    assert set(legal_moves(s)) == {Stop(c(15, 12)), Stop(c(14, 11)), Stop(c(14, 13)), Roll()}


def test_no_draft_from_beside_a_team_mate_in_a_turn():
    """In the turn, 21,14 is beside car 3 on 21,13 (the next lane out; the lane of 21,13 runs
    east), not behind it: a path ending there may stop, not draft (D11). It used to draft,
    approaching from the side moving left as for a bump."""
    s = one_die({1: (20, 15), 3: (21, 13)})  # the 1 on 21,15 opens east and north
    assert set(legal_moves(s)) == {Stop(c(22, 15)), Stop(c(21, 14)), Roll()}


def test_draft_in_a_turn_lands_only_in_front_of_the_line():
    """Car 2 stands beside the drafted car 3 in the next lane in (21,12), not in front of it: the
    line is car 3 alone, and of its two forward squares only 22,13 is free. The draft used to
    go on through car 2 sideways and also offer 22,12 and 21,11 (D11)."""
    s = one_die({1: (18, 13), 3: (21, 13), 2: (21, 12)})
    assert {m for m in legal_moves(s) if isinstance(m, Draft)} == {Draft(c(21, 13), c(22, 13))}
    s = play(s, Draft(c(21, 13), c(22, 13)))
    assert [B.xy(s.pos[i]) for i in (0, 1, 2)] == [(22, 13), (21, 12), (21, 13)]


def test_bump_and_draft_follow_one_line_round_the_corner_of_a_lane():
    """Issue 28 point 10. Cars on 22,13, 23,13 and 23,12 stand nose to tail in lane 4 of the
    first turn, round the lane's corner square 23,13. "If two cars are bumper to bumper ... you
    bump both of them, moving both cars back a space and moving your car to the their front"
    and "If there are cars in front of, and touching the car you draft, go to the head of that
    line": both rules read the same line. A bump from 21,13 moves all three back one square
    each along the lane (car 6 from 23,12 to 23,13; it used to stay, the bumper stopping on
    23,13), the bumper ends on 23,12; a draft of car 3 goes to the head, car 6 on 23,12, and
    ends on 23,11 or 24,12."""
    cars = {1: (20, 13), 3: (22, 13), 5: (23, 13), 6: (23, 12)}
    s = one_die(cars, face=6, square=c(21, 13), rotation=1)  # the 6 lying east-west
    s = play(s, Bump(c(22, 13)))
    assert [B.xy(s.pos[i]) for i in (0, 2, 4, 5)] == [(23, 12), (21, 13), (22, 13), (23, 13)]
    # the same line for a draft: car 1 one square further back, ending its path on 21,13
    cars = {1: (19, 13), 3: (22, 13), 5: (23, 13), 6: (23, 12)}
    s = one_die(cars, face=6, square=c(20, 13), rotation=1)
    drafts = {m for m in legal_moves(s) if isinstance(m, Draft)}
    assert drafts == {Draft(c(22, 13), c(23, 11)), Draft(c(22, 13), c(24, 12))}
    # and a line that stops short of the corner: with 23,12 free, the bump ends on 23,13
    s = one_die({1: (20, 13), 3: (22, 13), 5: (23, 13)}, face=6, square=c(21, 13), rotation=1)
    s = play(s, Bump(c(22, 13)))
    assert [B.xy(s.pos[i]) for i in (0, 2, 4)] == [(23, 13), (21, 13), (22, 13)]
