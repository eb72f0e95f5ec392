"""Drawn circuits: the exact geometry, the file format, the search against an independent
BFS, and the checker (docs/rules/graph-racers.md, "Drawn circuits")."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest
from reference_drawn import Reference

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.check import RacingLine, check_line
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.drawn import solve_drawn
from generator.games.graph_racers.track.drawn import (
    SCALE,
    DrawnTrack,
    Gate,
    squares_met,
    touches,
)
from generator.games.graph_racers.track.drawn_format import track_from_dict, track_to_dict


def ring(cx: float, cy: float, rx: float, ry: float, n: int = 300) -> tuple:
    pts: list[tuple[int, int]] = []
    for k in range(n):
        t = 2 * math.pi * k / n
        p = (round((cy + ry * math.sin(t)) * SCALE), round((cx + rx * math.cos(t)) * SCALE))
        if not pts or pts[-1] != p:
            pts.append(p)
    return tuple(pts)


def oval(cols: int = 30, rows: int = 18, width: float = 3.0) -> DrawnTrack:
    """An elliptic ring raced clockwise: finish on top, one checkpoint at the bottom."""
    cx, cy = (cols - 1) / 2, (rows - 1) / 2
    rx, ry = cx - 1.5, cy - 1.5
    c = int(cx)
    top, bottom = cy - ry, cy + ry
    fin = Gate("vertical", c, int((top - 0.2) * SCALE), int((top + width + 0.2) * SCALE), 1)
    cp = Gate("vertical", c, int((bottom - width - 0.2) * SCALE), int((bottom + 0.2) * SCALE), -1)
    edges = (ring(cx, cy, rx, ry), ring(cx, cy, rx - width, ry - width))
    return DrawnTrack("oval", rows, cols, edges, fin, (cp,)).validate()


@pytest.fixture(scope="module")
def small() -> DrawnTrack:
    return oval()


# --- exact geometry ----------------------------------------------------------------------


def _meet_fraction(s, t) -> bool:
    """Closed segments meet: brute force in Fractions (parametric, collinear overlap)."""
    (a, b), (c, d) = ((s[0], s[1]), (s[2], s[3])), ((t[0], t[1]), (t[2], t[3]))
    if a == b or c == d:  # a point: on the other segment, found by its parameter
        (p, _), (e, f) = ((a, b), (c, d)) if a == b else ((c, d), (a, b))
        if e == f:
            return p == e
        along = (f[0] - e[0], f[1] - e[1])
        off = (p[0] - e[0], p[1] - e[1])
        if along[0] * off[1] - along[1] * off[0]:
            return False
        k = Fraction(off[0] * along[0] + off[1] * along[1], along[0] ** 2 + along[1] ** 2)
        return 0 <= k <= 1
    r = (b[0] - a[0], b[1] - a[1])
    q = (d[0] - c[0], d[1] - c[1])
    den = r[0] * q[1] - r[1] * q[0]
    w = (c[0] - a[0], c[1] - a[1])
    if den:
        t1 = Fraction(w[0] * q[1] - w[1] * q[0], den)
        u = Fraction(w[0] * r[1] - w[1] * r[0], den)
        return 0 <= t1 <= 1 and 0 <= u <= 1
    if w[0] * r[1] - w[1] * r[0]:
        return False
    # collinear: overlap of the projections on the longer axis of r (or q)
    axis = 0 if abs(r[0]) + abs(q[0]) >= abs(r[1]) + abs(q[1]) else 1
    lo1, hi1 = sorted((a[axis], b[axis]))
    lo2, hi2 = sorted((c[axis], d[axis]))
    return max(lo1, lo2) <= min(hi1, hi2)


def test_touches_agrees_with_fractions_on_random_and_degenerate_segments() -> None:
    rng = random.Random(3)
    hits = 0
    for _ in range(20_000):
        span = rng.choice((3, 6, 40))
        s = tuple(rng.randint(-span, span) for _ in range(4))
        t = tuple(rng.randint(-span, span) for _ in range(4))
        got = touches(s, t)
        assert got == _meet_fraction(s, t), (s, t)
        hits += got
    assert 2_000 < hits < 18_000  # both answers are tested often


def test_touching_an_edge_at_one_point_counts() -> None:
    # an end on the other segment, a shared end, and a collinear overlap are all touches
    assert touches((0, 0, 10, 10), (5, 5, 5, 20))
    assert touches((0, 0, 10, 0), (10, 0, 20, 5))
    assert touches((0, 0, 10, 0), (4, 0, 30, 0))
    assert not touches((0, 0, 10, 0), (11, 0, 30, 0))
    assert not touches((0, 0, 10, 10), (0, 1, 10, 11))


def test_squares_met_by_brute_force() -> None:
    """A closed unit square is met exactly when some point of the segment lies in it: the
    segment sampled at every t = k / 288 settles it for displacements up to 4: every corner
    it passes has t a multiple of 1/|dr| or 1/|dc|, and every longer contact is longer than
    1/288."""
    for dr in range(-4, 5):
        for dc in range(-4, 5):
            got = set(squares_met(dr, dc))
            want = set()
            n = 288
            for k in range(n + 1):
                t = Fraction(k, n)
                r, c = t * dr, t * dc
                for i in (math.floor(r) - 1, math.floor(r)):
                    for j in (math.floor(c) - 1, math.floor(c)):
                        if i <= r <= i + 1 and j <= c <= j + 1:
                            want.add((i, j))
            assert got == want, (dr, dc)


# --- the file ----------------------------------------------------------------------------


def test_file_round_trip_and_errors(small: DrawnTrack) -> None:
    data = track_to_dict(small)
    assert data["format"] == "graph-racers-drawn/1" and data["scale"] == SCALE
    again = track_from_dict(json.loads(json.dumps(data)))
    assert again.edges == small.edges and again.gates == small.gates
    assert again.track_points == small.track_points
    bad = json.loads(json.dumps(data))
    bad["finish"]["direction"] = "down"
    with pytest.raises(InvalidInput, match="crossed right or left, not down"):
        track_from_dict(bad)
    short = json.loads(json.dumps(data))
    short["checkpoints"][0]["rows"][1] -= SCALE * 2  # stops inside the track
    with pytest.raises(InvalidInput, match="checkpoint 1 stops inside the track"):
        track_from_dict(short)
    crossed = json.loads(json.dumps(data))
    crossed["edges"][1] = [[r, c + 4 * SCALE] for r, c in crossed["edges"][1]]
    with pytest.raises(InvalidInput, match="the edges cross or touch"):
        track_from_dict(crossed)


# --- the search --------------------------------------------------------------------------


@pytest.mark.parametrize("accel", [5, 9])
@pytest.mark.parametrize("shape", [(30, 18, 3.0), (24, 16, 2.5)])
def test_par_matches_the_independent_bfs(accel: int, shape: tuple) -> None:
    track = oval(*shape)
    ref = Reference(track_to_dict(track))
    assert {
        (r, c) for r in range(track.rows) for c in range(track.cols) if ref.on_track((r, c))
    } == set(track.track_points)
    sol = solve_drawn(track, Rules(accel=accel))
    assert sol.moves == ref.par(accel)
    verdict = check_line(track, Rules(accel=accel), RacingLine(points=tuple(sol.path)))
    assert verdict.legal and verdict.moves == sol.moves, verdict.message


def test_stepping_back_over_the_line_wins_nothing(small: DrawnTrack) -> None:
    start = small.starts[0]
    back = (start[0], start[1] - 1)
    line = RacingLine(points=(start, back, back, start, (start[0], start[1] + 1)))
    verdict = check_line(small, Rules(accel=9), line)
    assert not verdict.legal and "finish not reached" in verdict.message


def square_ring() -> DrawnTrack:
    """Edges along grid lines: outside rows 1-10 x cols 1-14, the island rows 4-7 x cols 4-11,
    so grid points lie on the edges and a move can pass exactly through a corner."""

    def rect(r0: int, c0: int, r1: int, c1: int) -> tuple:
        return tuple((r * SCALE, c * SCALE) for r, c in ((r0, c0), (r0, c1), (r1, c1), (r1, c0)))

    fin = Gate("vertical", 7, 1 * SCALE, 4 * SCALE, 1)
    cp = Gate("vertical", 7, 7 * SCALE, 10 * SCALE, -1)
    return DrawnTrack("square", 12, 16, (rect(1, 1, 10, 14), rect(4, 4, 7, 11)), fin, (cp,))


def test_a_move_touching_the_edge_is_a_crash() -> None:
    track = square_ring().validate()
    assert (4, 3) in track.track_points and (4, 4) not in track.track_points  # on the edge
    assert (1, 7) not in track.track_points and track.starts == [(2, 7), (3, 7)]
    assert not track.legal((3, 5), (5, 3))  # through the island's corner (4, 4) exactly
    assert track.legal((3, 5), (5, 2))  # passes row 4 at column 3.5
    assert not track.legal((2, 2), (2, 14))  # ends on the outer edge
    ref = Reference(track_to_dict(track))
    assert not ref.legal((3, 5), (5, 3)) and ref.legal((3, 5), (5, 2))
    line = RacingLine(points=((3, 7), (3, 6), (3, 5), (4, 4)))
    verdict = check_line(track, Rules(accel=9), line)
    assert verdict.message == (
        "move 3: crash (the line touches the track edge) on the way from (3, 5) to (4, 4)"
    )


def test_state_limit_is_exact(small: DrawnTrack) -> None:
    sol = solve_drawn(small, Rules())
    solve_drawn(small, Rules(), max_states=sol.expanded)
    from generator.errors import LimitExceeded

    with pytest.raises(LimitExceeded, match="raise --max-states"):
        solve_drawn(small, Rules(), max_states=sol.expanded - 1)


def test_boosts_are_refused(small: DrawnTrack) -> None:
    with pytest.raises(InvalidInput, match="without good brakes"):
        solve_drawn(small, Rules(turbo=1))


def test_lines_counted_and_the_natural_one_chosen_as_brute_force_says() -> None:
    """Every optimal line of a small circuit, by the reference's depth-first search: the
    count matches, and the line printed has the fewest turns, then the least acceleration."""
    from generator.games.graph_racers.moves.rules import turns

    track = square_ring().validate()
    ref = Reference(track_to_dict(track))
    sol = solve_drawn(track, Rules(accel=9), count_lines=100_000)
    lines = ref.optimal_lines(9, sol.moves)
    assert sol.optimal_lines == len(lines) > 1 and not sol.lines_capped

    def cost(line: list) -> tuple[int, int]:
        vs = [(0, 0)] + [(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:], strict=False)]
        pairs = list(zip(vs, vs[1:], strict=False))
        return (
            sum(turns(v, w) for v, w in pairs),
            sum(abs(w[0] - v[0]) + abs(w[1] - v[1]) for v, w in pairs),
        )

    assert [tuple(p) for p in sol.path] in [[tuple(p) for p in line] for line in lines]
    assert cost(sol.path) == min(cost(line) for line in lines)


@pytest.mark.parametrize("make", [lambda: oval(24, 16, 2.5), lambda: square_ring().validate()])
def test_the_clear_disc_shortcut_decides_as_the_exact_test(make) -> None:  # noqa: ANN001
    """Geometry.legal passes a move inside the clear discs of its two ends (`room`) without
    testing edge pieces: every move of up to 6 squares from every track point is judged the
    same with the shortcut and with it off (every room 0)."""
    fast = make().geometry
    exact = make().geometry
    exact.__dict__["room"] = [0.0] * (exact.rows * exact.cols)
    assert max(fast.room) > SCALE  # the shortcut has something to do
    moves = [(dr, dc) for dr in range(-6, 7) for dc in range(-6, 7)]
    judged = [(p, d, fast.legal(p, d)) for p in fast.track_points for d in moves]
    assert sum(ok for _p, _d, ok in judged) > 1000
    assert [(p, d, exact.legal(p, d)) for p, d, _ok in judged] == judged
