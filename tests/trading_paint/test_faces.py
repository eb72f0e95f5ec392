"""Path-dice faces: the connection table of every face in every rotation, from the pip grids."""

from __future__ import annotations

import itertools

import pytest

from generator.games.trading_paint.rules.faces import (
    EAST,
    FULL_EDGE,
    NORTH,
    SOUTH,
    WEST,
    connection_table,
    load_faces,
    rotate_ccw,
)

ALL = {EAST, NORTH, WEST, SOUTH}


def joins_everything():
    """Every side joins the other three (faces 1, 2 and 4, every rotation)."""
    return {side: tuple(sorted(ALL - {side})) for side in range(4)}


EXPECTED = {
    1: {r: joins_everything() for r in range(4)},
    2: {r: joins_everything() for r in range(4)},
    4: {r: joins_everything() for r in range(4)},
    # 3: two quarter turns. Upright the pips run top-left to bottom-right, so the paths join
    # north-east and west-south; a quarter turn later they join north-west and east-south.
    3: {
        0: {EAST: (NORTH,), NORTH: (EAST,), WEST: (SOUTH,), SOUTH: (WEST,)},
        1: {EAST: (SOUTH,), NORTH: (WEST,), WEST: (NORTH,), SOUTH: (EAST,)},
        2: {EAST: (NORTH,), NORTH: (EAST,), WEST: (SOUTH,), SOUTH: (WEST,)},
        3: {EAST: (SOUTH,), NORTH: (WEST,), WEST: (NORTH,), SOUTH: (EAST,)},
    },
    # 5 (the X): four dead ends, no path.
    5: {r: {s: () for s in range(4)} for r in range(4)},
    # 6: straight only, north-south upright, east-west turned; the other sides are closed.
    6: {
        0: {EAST: (), NORTH: (SOUTH,), WEST: (), SOUTH: (NORTH,)},
        1: {EAST: (WEST,), NORTH: (), WEST: (EAST,), SOUTH: ()},
        2: {EAST: (), NORTH: (SOUTH,), WEST: (), SOUTH: (NORTH,)},
        3: {EAST: (WEST,), NORTH: (), WEST: (EAST,), SOUTH: ()},
    },
}


def test_connection_table_every_face_every_rotation():
    assert connection_table() == EXPECTED


def test_pips_are_the_standard_positions():
    fs = load_faces()
    black = {
        f: {(r, c) for r in range(3) for c in range(3) if fs.grids[f - 1][r][c] == "#"}
        for f in fs.faces
    }
    assert black[1] == {(1, 1)}
    assert black[2] == {(0, 0), (2, 2)}
    assert black[3] == {(0, 0), (1, 1), (2, 2)}
    assert black[4] == {(0, 0), (0, 2), (2, 0), (2, 2)}
    assert black[5] == black[4] | {(1, 1)}
    assert black[6] == {(r, c) for r in range(3) for c in (0, 2)}
    assert fs.spin_out == 5


def test_distinct_rotations():
    fs = load_faces()
    assert {f: len(fs.distinct_rotations(f)) for f in fs.faces} == {
        1: 1,
        2: 2,
        3: 2,
        4: 1,
        5: 1,
        6: 2,
    }


def test_rotation_is_a_quarter_turn_counter_clockwise():
    g = ("ab.", "...", "..c")
    # top-left goes to bottom-left, bottom-right to top-right
    assert rotate_ccw(g) == ("..c", "b..", "a..")
    assert rotate_ccw(rotate_ccw(rotate_ccw(rotate_ccw(g)))) == g


def test_two_open_edges_always_touch_so_the_2_never_blocks():
    """Every open edge has its middle sub-square white, so two dice connect exactly when both
    facing edges are open: the seed's remark that the 2 'can block your path on a 6 or 4' is
    not produced by this model (decision D2)."""
    fs = load_faces()
    for f in fs.faces:
        for r in range(4):
            o = fs.orientation(f, r)
            for side in range(4):
                if o.openings[side]:
                    assert o.openings[side] & 0b010, (f, r, side)
    for (fa, ra), (fb, rb) in itertools.product(itertools.product(fs.faces, range(4)), repeat=2):
        a, b = fs.orientation(fa, ra), fs.orientation(fb, rb)
        touch = a.openings[EAST] & b.openings[WEST]
        assert bool(touch) == bool(a.openings[EAST] and b.openings[WEST])


@pytest.mark.parametrize("face", [1, 2, 4])
def test_full_faces_join_all_four_edges(face):
    o = load_faces().orientation(face, 0)
    assert [sorted(s) for s in o.joined_sides()] == [[0, 1, 2, 3]]


def test_three_forces_a_turn_and_six_goes_straight():
    fs = load_faces()
    for r in range(4):
        for side, exits in connection_table()[3][r].items():
            assert len(exits) == 1 and exits[0] % 2 != side % 2  # always a quarter turn
        for side, exits in connection_table()[6][r].items():
            assert exits in ((), ((side + 2) % 4,))
    assert fs.orientation(5, 0).exits(NORTH, FULL_EDGE) == ()
