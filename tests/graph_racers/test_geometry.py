"""The exact segment test: squares touched by a move, against a Fraction brute force."""

from __future__ import annotations

from fractions import Fraction

from generator.core.geometry import bresenham, supercover, time_scale


def brute(dr: int, dc: int) -> dict[tuple[int, int], Fraction]:
    half = Fraction(1, 2)
    out = {}
    for r in range(min(0, dr) - 2, max(0, dr) + 3):
        for c in range(min(0, dc) - 2, max(0, dc) + 3):
            lo, hi = Fraction(0), Fraction(1)
            for d, k in ((dr, r), (dc, c)):
                if d == 0:
                    if abs(k) > half:
                        lo, hi = Fraction(1), Fraction(0)
                else:
                    a, b = (k - half) / d, (k + half) / d
                    lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if lo <= hi:
                out[(r, c)] = lo
    return out


def test_supercover_matches_brute_force_for_every_vector_up_to_6():
    for dr in range(-6, 7):
        for dc in range(-6, 7):
            got = supercover(dr, dc)
            as_fractions = {(r, c): Fraction(t, time_scale(dr, dc)) for r, c, t in got}
            assert len(as_fractions) == len(got), (dr, dc)
            assert as_fractions == brute(dr, dc), (dr, dc)
            times = [t for _, _, t in got]
            assert times == sorted(times)
            assert got[0] == (0, 0, 0)


def test_a_diagonal_through_corners_touches_the_corner_squares():
    # (0,0) -> (2,2) passes exactly through the corners at (0.5, 0.5) and (1.5, 1.5)
    cells = {(r, c) for r, c, _ in supercover(2, 2)}
    assert cells == {(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)}


def test_a_knight_move_touches_four_squares():
    # (0,0) -> (1,2) crosses the edge between (0,1) and (1,1) at its midpoint (0.5, 1): both
    # squares are touched at the same time, and neither (0,2) nor (1,0) is.
    got = supercover(1, 2)
    cells = {(r, c) for r, c, _ in got}
    assert cells == {(0, 0), (0, 1), (1, 1), (1, 2)}
    times = {(r, c): Fraction(t, time_scale(1, 2)) for r, c, t in got}
    assert times[(0, 1)] == Fraction(1, 4) and times[(1, 1)] == Fraction(1, 2)


def test_bresenham_points_lie_in_touched_squares():
    for dr in range(-9, 10):
        for dc in range(-9, 10):
            touched = {(r, c) for r, c, _ in supercover(dr, dc)}
            pts = bresenham(dr, dc)
            assert pts[0] == (0, 0) and pts[-1] == (dr, dc)
            assert len(pts) == max(abs(dr), abs(dc), 0) + 1
            assert set(pts) <= touched
