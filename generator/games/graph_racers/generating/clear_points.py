"""Edges drawn clear of the grid points: no point of the paper's grid sits under the ink.

A smooth edge line passes close to a grid point every few squares; printed, such a point
looks as if it were on the edge, on the track or off it (solving/print_scale.py, rule (a)).
Where an edge comes within RADIUS of a grid point, its stretch inside that circle is
replaced by an arc of the circle round the point on the same side (the arc turns round the
point by the same angle the stretch did), so the point keeps its side and the edge moves by at
most RADIUS there. Grid points are a square apart and RADIUS is an eighth of one, so two
points' circles never meet. The arc's points are on the fine lattice: rounded, they stay
more than print_scale.CLEARANCE from the point (RADIUS less half a fine unit's diagonal and
the chord's sag), which the generator checks again exactly afterwards.
"""

from __future__ import annotations

import math

from generator.games.graph_racers.track.drawn import SCALE, Fine

RADIUS = SCALE // 8  # fine units: 0.125 square
CHORD = 3  # fine units: the arc's pieces are at most this long


def _dist(p: Fine, a: Fine, b: Fine) -> float:
    """Distance from p to the closed segment a-b (fine units)."""
    vr, vc = b[0] - a[0], b[1] - a[1]
    n = vr * vr + vc * vc
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * vr + (p[1] - a[1]) * vc) / n))
    return math.hypot(p[0] - a[0] - t * vr, p[1] - a[1] - t * vc)


def _near_points(a: Fine, b: Fine) -> set[Fine]:
    """Grid points (fine coordinates) that may lie within RADIUS of the piece a-b (a piece is
    at most a quarter of a square long, so such a point is among those round its ends)."""
    out = set()
    for r, c in (a, b):
        for gr in (r // SCALE, r // SCALE + 1):
            for gc in (c // SCALE, c // SCALE + 1):
                out.add((gr * SCALE, gc * SCALE))
    return out


def _close(edge: list[Fine]) -> dict[Fine, list[int]]:
    """Per grid point within RADIUS of the edge, the pieces (by first vertex) that come so
    close."""
    n = len(edge)
    out: dict[Fine, list[int]] = {}
    for i in range(n):
        a, b = edge[i], edge[(i + 1) % n]
        for g in _near_points(a, b):
            if _dist(g, a, b) < RADIUS:
                out.setdefault(g, []).append(i)
    return out


def _angle(g: Fine, p: Fine) -> float:
    return math.atan2(p[0] - g[0], p[1] - g[1])


def _arc(g: Fine, run: list[Fine]) -> list[Fine]:
    """The points replacing run[1:-1] (run[0] and run[-1] lie outside the circle): the arc
    from the direction of run[0] to that of run[-1], turning as the run turned round g."""
    turned = 0.0
    for p, q in zip(run, run[1:], strict=False):
        if p == g or q == g:
            continue  # through the point itself: the step round it is taken as it wraps
        step = _angle(g, q) - _angle(g, p)
        turned += (step + math.pi) % (2 * math.pi) - math.pi
    start = _angle(g, run[0])
    steps = max(1, math.ceil(abs(turned) * RADIUS / CHORD))
    out = []
    for k in range(steps + 1):
        t = start + turned * k / steps
        out.append((round(g[0] + RADIUS * math.sin(t)), round(g[1] + RADIUS * math.cos(t))))
    return out


def clear_grid_points(edge: tuple[Fine, ...]) -> tuple[Fine, ...]:
    """The closed edge with every stretch within RADIUS of a grid point bent round it."""
    pts = list(edge)
    close = _close(pts)
    if not close:
        return edge
    n = len(pts)
    first_close = {i for ks in close.values() for i in ks}
    if 0 in first_close or n - 1 in first_close:  # start where no stretch is bent
        shift = next((i for i in range(n) if i not in first_close and i - 1 not in first_close), 0)
        pts = pts[shift:] + pts[:shift]
        close = _close(pts)
    runs = []
    for g, ks in close.items():
        lo, hi = min(ks), max(ks)
        if hi - lo + 1 != len(ks) or lo == 0 or hi + 1 >= len(pts):
            return edge  # not one stretch (the generator's check turns the track down)
        runs.append((lo, hi, g))
    runs.sort()
    out: list[Fine] = []
    at = 0
    for lo, hi, g in runs:
        if lo < at:
            return edge
        out += pts[at : lo + 1]
        out += _arc(g, pts[lo : hi + 2])
        at = hi + 1
    out += pts[at:]
    cleaned = [p for i, p in enumerate(out) if p != out[i - 1]]  # no point twice in a row
    return tuple(cleaned)


def _project(v: Fine, a: Fine, b: Fine, reach: float) -> tuple[float, float]:
    """v moved straight away from the segment a-b to `reach` from it (fine units)."""
    vr, vc = b[0] - a[0], b[1] - a[1]
    n = vr * vr + vc * vc
    t = max(0.0, min(1.0, ((v[0] - a[0]) * vr + (v[1] - a[1]) * vc) / n))
    sr, sc = a[0] + t * vr, a[1] + t * vc
    d = math.hypot(v[0] - sr, v[1] - sc)
    if d == 0:  # a point on the move (after rounding): left, the check turns it down
        return v
    return (sr + (v[0] - sr) * reach / d, sc + (v[1] - sc) * reach / d)


def clear_moves(edge: tuple[Fine, ...], moves: list[tuple[Fine, Fine]]) -> tuple[Fine, ...]:
    """The closed edge bent away from each move (a segment between fine points, not touching
    the edge) where it comes within MOVE_REACH of it: the stretch that close is cut into pieces
    of at most CHORD and each of its points moved straight away from the move to MOVE_REACH."""
    pts = list(edge)
    for a, b in moves:
        n = len(pts)
        close = {i for i in range(n) if _dist(pts[i], a, b) < MOVE_REACH + SCALE // 4}
        if not close:
            continue
        out: list[Fine] = []
        for i in range(n):
            p, q = pts[i], pts[(i + 1) % n]
            if i in close or (i + 1) % n in close:
                k = max(1, math.ceil(math.dist(p, q) / CHORD))
                for j in range(k):
                    f = (p[0] + (q[0] - p[0]) * j / k, p[1] + (q[1] - p[1]) * j / k)
                    if _dist_f(f, a, b) < MOVE_REACH:
                        f = _project(f, a, b, MOVE_REACH)
                    out.append((round(f[0]), round(f[1])))
            else:
                out.append(p)
        pts = [p for i, p in enumerate(out) if p != out[i - 1]]
    return tuple(pts)


def _dist_f(p: tuple[float, float], a: Fine, b: Fine) -> float:
    vr, vc = b[0] - a[0], b[1] - a[1]
    n = vr * vr + vc * vc
    t = max(0.0, min(1.0, ((p[0] - a[0]) * vr + (p[1] - a[1]) * vc) / n))
    return math.hypot(p[0] - a[0] - t * vr, p[1] - a[1] - t * vc)


MOVE_REACH = 8  # fine units (0.125 square): how far an edge is bent away from a move
