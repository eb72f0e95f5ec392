"""Board geometry: lanes, turns, what counts as forward, progress round the lap."""

from __future__ import annotations

import pytest

from generator.errors import InvalidInput
from generator.games.trading_paint.rules.board import (
    EAST,
    NORTH,
    PIT,
    SOUTH,
    TRACK,
    WALL,
    WEST,
    build_board,
    dirs_of,
    load_board,
    mask,
)

B = load_board()


def c(x, y):
    return B.cell(x, y)


def test_default_oval_dimensions():
    assert (B.width, B.height, B.pit_w, B.pit_h, B.lanes) == (26, 16, 14, 4, 6)
    assert B.square_mm == 17.0  # 16 mm paper dice and 1 mm to spare (docs/design.md)
    assert len(B.track_cells()) == 26 * 16 - 14 * 4
    assert len(B.pit_cells()) == 56
    assert B.kind[c(-1, 5)] == WALL and B.kind[c(26, 5)] == WALL and B.kind[c(7, 16)] == WALL
    assert B.kind[c(6, 6)] == PIT and B.kind[c(19, 9)] == PIT and B.kind[c(20, 9)] == TRACK


def test_lanes_are_rings_lane_one_inside():
    assert B.lane[c(0, 0)] == 6 and B.lane[c(25, 15)] == 6
    assert B.lane[c(5, 5)] == 1 and B.lane[c(12, 10)] == 1 and B.lane[c(20, 7)] == 1
    assert B.lane[c(22, 12)] == 3  # three squares in from both outer edges: lanes 6, 5, 4, then 3
    for lane in range(1, 7):
        ring = [q for q in B.track_cells() if B.lane[q] == lane]
        assert len(ring) == 32 + 8 * lane  # perimeter of a (14+2k) x (4+2k) ring


def test_start_squares_outside_first_behind_the_finish_line():
    assert [B.xy(q) for q in B.start_squares] == [(12, 15 - k) for k in range(6)]
    assert [B.lane[q] for q in B.start_squares] == [6, 5, 4, 3, 2, 1]
    assert B.finish_column == 13


def test_forward_on_straights_and_turns():
    assert dirs_of(B.forward[c(10, 12)]) == (EAST,)
    assert dirs_of(B.forward[c(22, 7)]) == (NORTH,)
    assert dirs_of(B.forward[c(10, 2)]) == (WEST,)
    assert dirs_of(B.forward[c(2, 7)]) == (SOUTH,)
    # In a turn both directions along the turn count as forward (decision D4).
    assert B.forward[c(22, 12)] == mask(EAST, NORTH)
    assert B.forward[c(22, 2)] == mask(NORTH, WEST)
    assert B.forward[c(2, 2)] == mask(WEST, SOUTH)
    assert B.forward[c(2, 12)] == mask(SOUTH, EAST)
    assert B.turn[c(20, 10)] and not B.turn[c(19, 10)] and not B.turn[c(20, 9)]


def test_allowed_directions_forward_or_side_never_backward():
    assert B.allowed[c(10, 12)] == mask(EAST, NORTH, SOUTH)
    assert B.allowed[c(22, 7)] == mask(NORTH, WEST, EAST)
    assert B.allowed[c(22, 12)] == mask(EAST, NORTH)  # in a turn: forward only (D4)


def test_lane_direction_turns_at_the_lane_corner():
    assert B.lane_dirs[c(22, 15)] == mask(EAST)  # bottom arm of lane 6
    assert B.lane_dirs[c(25, 12)] == mask(NORTH)  # right arm of lane 6
    assert B.lane_dirs[c(25, 15)] == mask(EAST, NORTH)  # lane 6's corner square
    assert B.lane_dirs[c(20, 10)] == mask(EAST, NORTH)  # lane 1's corner square


def test_every_forward_step_gains_progress_and_side_steps_do_not():
    lap = B.lap_length
    assert lap == 60
    for q in B.track_cells():
        for d in range(4):
            n = q + B.offsets[d]
            if B.kind[n] != TRACK:
                continue
            gain = (B.station[n] - B.station[q]) % lap
            if B.forward[q] >> d & 1:
                assert 0 < gain < 4, (B.xy(q), d)
            elif B.allowed[q] >> d & 1:
                assert gain == 0, (B.xy(q), d)


def test_back_straight_is_the_top_straight():
    assert B.back_straight == (23.0, 37.0)
    top = {q for q in B.track_cells() if B.in_back_straight(B.station[q])}
    assert top == {c(x, y) for x in range(6, 20) for y in range(6)}


def test_rings_close_after_one_lap():
    for start in (c(12, 10), c(12, 15), c(0, 0)):
        q, n = start, 0
        while True:
            q = B.ring_prev[q]
            n += 1
            assert B.lane[q] == B.lane[start]
            if q == start:
                break
        assert n == 32 + 8 * B.lane[start]


def test_wreck_rows_are_the_three_columns_before_the_finish():
    rows = {}
    for q in B.track_cells():
        if B.wreck_row[q] >= 0:
            rows.setdefault(B.wreck_row[q], []).append(B.xy(q))
    assert {r: sorted({x for x, _ in v}) for r, v in rows.items()} == {0: [10], 1: [11], 2: [12]}
    assert all(len(v) == 6 for v in rows.values())


def test_bad_geometry_is_one_clear_error():
    with pytest.raises(InvalidInput, match="centred"):
        build_board({"outer": [26, 16], "pit": [13, 4], "finish_column": 13, "start_column": 12})
    with pytest.raises(InvalidInput, match="front straight"):
        build_board({"outer": [26, 16], "pit": [14, 4], "finish_column": 3, "start_column": 12})
    with pytest.raises(InvalidInput, match="malformed"):
        build_board({"outer": [26], "pit": [14, 4]})


def test_other_sizes_build():
    wide = build_board(
        {"name": "wide", "outer": [40, 28], "pit": [16, 4], "finish_column": 20, "start_column": 19}
    )
    assert wide.lanes == 12 and wide.lap_length == 2 * 16 + 2 * 4 + 4 * 12
