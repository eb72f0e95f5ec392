"""How far a drawn circuit's grid points and moves stay from its edge lines, and moves judged
on the edges offset by a printed ink's half-width.

A printed edge is a line of ink, not a mathematical line: a person with a ruler cannot tell a
point 0.02 square inside it from one 0.02 square outside. These helpers measure, in squares:

- `point_clearance`: the distance from a grid point to the nearest edge line;
- `move_clearance`: the least distance from a move's segment to the edge lines (0 when it
  touches one);
- `Offset.narrowed(d)`: a move is legal when it is legal on the drawn track and its segment
  stays *more* than d from every edge line (each edge thickened by d on both sides: the track
  narrowed by d);
- `Offset.widened(d)`: a move is legal when every point of its segment is on the track or
  within d of an edge line (the track widened by d: a move may cut up to d beyond the edge).

Both are decided per edge piece (a straight piece of an edge polyline): a point lies within
d of an edge line when it lies within d of one of its pieces (a "capsule" round the piece),
in floating point over the fine lattice's integers (distances are far from d in every
generated track: the clearance rule keeps them apart by at least 0.05 square). Only pieces
listed under the unit squares the move meets and their eight neighbours can lie within one
square of the move, so only those are measured.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from generator.games.graph_racers.track.drawn import SCALE, Geometry, Point, squares_met

Vector = tuple[int, int]
RING = tuple((a, b) for a in (-1, 0, 1) for b in (-1, 0, 1))


def _point_piece(pr: float, pc: float, e: tuple[int, int, int, int]) -> float:
    """The distance (fine units) from a point to a closed edge piece."""
    ar, ac, br, bc = e
    vr, vc = br - ar, bc - ac
    n = vr * vr + vc * vc
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((pr - ar) * vr + (pc - ac) * vc) / n))
    return math.hypot(pr - (ar + t * vr), pc - (ac + t * vc))


def _pieces_near(geom: Geometry, squares: Iterable[Point]) -> set[int]:
    """The edge pieces listed under the given unit squares or any of their neighbours."""
    rings = _rings(geom)
    out: set[int] = set()
    for s in squares:
        ring = rings.get(s)
        if ring is None:
            ring = rings[s] = frozenset(
                k for a, b in RING for k in geom.by_square.get((s[0] + a, s[1] + b), ())
            )
        out |= ring
    return out


_RINGS: dict[int, tuple[Geometry, dict[Point, frozenset[int]]]] = {}


def _rings(geom: Geometry) -> dict[Point, frozenset[int]]:
    """Per unit square, the pieces listed under it and its eight neighbours (kept for the
    last few geometries measured)."""
    got = _RINGS.get(id(geom))
    if got is None or got[0] is not geom:
        if len(_RINGS) > 8:
            _RINGS.clear()
        got = _RINGS[id(geom)] = (geom, {})
    return got[1]


def point_clearance(geom: Geometry, p: Point) -> float:
    """The distance (squares) from grid point p to the nearest edge line, or 1.0 when none
    is within a square (the four squares round p hold every piece that near)."""
    r, c = p
    pieces = _pieces_near(geom, [(r - 1, c - 1)])  # the 3 x 3 squares round it: enough
    best = float(SCALE)
    for k in pieces:
        best = min(best, _point_piece(r * SCALE, c * SCALE, geom.segments[k]))
    return min(best / SCALE, 1.0)


def _move_met(p: Point, d: Vector) -> list[Point]:
    return [(p[0] + a, p[1] + b) for a, b in squares_met(*d)]


def move_clearance(geom: Geometry, p: Point, d: Vector) -> float:
    """The least distance (squares) from the move p -> p + d to the edge lines, 0.0 when it
    touches one, 1.0 when none is within a square."""
    if not geom.legal(p, d):
        return 0.0
    pr, pc = p[0] * SCALE, p[1] * SCALE
    qr, qc = pr + d[0] * SCALE, pc + d[1] * SCALE
    move = (pr, pc, qr, qc)
    best = float(SCALE)
    for k in _pieces_near(geom, _move_met(p, d)):
        e = geom.segments[k]
        # two segments that do not meet are nearest at an end of one of them
        best = min(
            best,
            _point_piece(e[0], e[1], move),
            _point_piece(e[2], e[3], move),
            _point_piece(pr, pc, e),
            _point_piece(qr, qc, e),
        )
    return min(best / SCALE, 1.0)


def _near_interval(
    pr: float, pc: float, vr: float, vc: float, e: tuple[int, int, int, int], d: float
) -> tuple[float, float] | None:
    """The t in [0, 1] with P(t) = p + t v within d of the piece e (a capsule: convex, so an
    interval), or None."""
    ar, ac, br, bc = e
    lo, hi = math.inf, -math.inf
    vv = vr * vr + vc * vc
    for cr, cc in ((ar, ac), (br, bc)):  # the two end discs
        wr, wc = pr - cr, pc - cc
        b = wr * vr + wc * vc
        disc = b * b - vv * (wr * wr + wc * wc - d * d)
        if disc >= 0:
            s = math.sqrt(disc)
            lo, hi = min(lo, (-b - s) / vv), max(hi, (-b + s) / vv)
    er, ec = br - ar, bc - ac
    length = math.hypot(er, ec)
    if length > 0:  # the band along the piece: 0 <= along <= length, |across| <= d
        ur, uc = er / length, ec / length
        t0, t1 = 0.0, 1.0
        for start, rate, low, high in (
            ((pr - ar) * ur + (pc - ac) * uc, vr * ur + vc * uc, 0.0, length),
            ((pr - ar) * -uc + (pc - ac) * ur, vr * -uc + vc * ur, -d, d),
        ):
            if rate == 0:
                if not low <= start <= high:
                    t0, t1 = 1.0, 0.0
                continue
            a, b = (low - start) / rate, (high - start) / rate
            t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        if t0 <= t1:
            lo, hi = min(lo, t0), max(hi, t1)
    lo, hi = max(lo, 0.0), min(hi, 1.0)
    return (lo, hi) if lo <= hi else None


class Offset:
    """Moves judged on one drawn track's edges offset by d squares (see the module text)."""

    def __init__(self, geom: Geometry) -> None:
        self.geom = geom
        # squares on the track whose neighbours hold no edge piece: a move through them
        # only is a square or more from every edge
        self.clear = {
            s
            for s, on in geom.square_on.items()
            if on and not any((s[0] + a, s[1] + b) in geom.by_square for a, b in RING)
        }
        # squares clear of edges whose neighbours are clear too: every point in them lies
        # a square or more from any edge
        self.deep_off = {
            s
            for s, on in geom.square_on.items()
            if not on and not any((s[0] + a, s[1] + b) in geom.by_square for a, b in RING)
        }

    def narrowed(self, d: float) -> Callable[[Point, Vector], bool]:
        """legal(p, v) with every edge thickened by d squares."""
        geom, clear, segments = self.geom, self.clear, self.geom.segments
        fine = d * SCALE

        def legal(p: Point, v: Vector) -> bool:
            if v == (0, 0):
                return True
            if not geom.legal(p, v):
                return False
            met = _move_met(p, v)
            if all(s in clear for s in met):
                return True
            pr, pc = p[0] * SCALE, p[1] * SCALE
            vr, vc = v[0] * SCALE, v[1] * SCALE
            move = (pr, pc, pr + vr, pc + vc)
            reach = fine * math.hypot(vr, vc)  # d, times the move's length
            for k in _pieces_near(geom, met):
                e = segments[k]
                # both ends of the piece more than d to one side of the move's line: clear
                s1 = vr * (e[1] - pc) - vc * (e[0] - pr)
                s2 = vr * (e[3] - pc) - vc * (e[2] - pr)
                if (s1 > reach and s2 > reach) or (s1 < -reach and s2 < -reach):
                    continue
                if (
                    min(
                        _point_piece(e[0], e[1], move),
                        _point_piece(e[2], e[3], move),
                        _point_piece(pr, pc, e),
                        _point_piece(move[2], move[3], e),
                    )
                    <= fine
                ):
                    return False
            return True

        return legal

    def widened(self, d: float) -> Callable[[Point, Vector], bool]:
        """legal(p, v) with the track widened by d squares past each edge line."""
        geom, deep_off = self.geom, self.deep_off
        fine = d * SCALE

        def legal(p: Point, v: Vector) -> bool:
            if geom.legal(p, v):
                return True
            met = _move_met(p, v)
            if any(s in deep_off for s in met):
                return False
            pr, pc = p[0] * SCALE, p[1] * SCALE
            vr, vc = v[0] * SCALE, v[1] * SCALE
            spans = sorted(
                span
                for k in _pieces_near(geom, met)
                if (span := _near_interval(pr, pc, vr, vc, geom.segments[k], fine))
            )
            # every stretch of the move more than d from the edges must be on the track
            at = 0.0
            for lo, hi in [*spans, (1.0, 1.0)]:
                if lo > at:
                    mid = (at + lo) / 2
                    # more than d (2.9 fine units) from every edge: rounding keeps its side
                    if geom.where(round(pr + mid * vr), round(pc + mid * vc)) != 1:
                        return False
                at = max(at, hi)
            return True

        return legal
