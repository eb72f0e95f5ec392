"""Drawn circuits: a racetrack whose edges are curves drawn on squared paper.

A person draws a racetrack on squared paper as two smooth edge lines; the cars stand on the
grid's points and a move is a straight segment between points. This module holds such a
track and the exact geometry that judges a move against the drawing:

- The edges are closed polylines whose vertices lie on a fine lattice, 1/SCALE of a square
  (SCALE = 64, about 0.08 mm at a 5 mm grid). Their segments are at most a quarter of a square
  long, so printed they are the smooth curves; and they are *exactly* what is printed, so the
  judgement below is the judgement of the drawing, not of an approximation of it.
- A point is on the track when it lies strictly between the two edges (a point on an edge
  line is not on the track).
- A move is legal when its closed segment does not touch either edge line (touching counts:
  "stay inside the track edge"). With integer coordinates this is decided exactly by
  orientation tests in Python integers: no floating point, so no student can find a move the
  key calls illegal or the other way round.
- Gates (the start/finish line and the checkpoints) are segments along one grid line across
  the track, from edge to edge, crossed in a racing direction.

The solver is solving/drawn.py, the file format drawn_format.py; docs/rules/graph-racers.md,
"Drawn circuits", states every rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from generator.errors import InvalidInput
from generator.games.graph_racers.track.drawn_lap import check_lap, inner_edge
from generator.games.graph_racers.track.lines import CrossLine

SCALE = 64  # edge coordinates are in 1/SCALE of a square
Point = tuple[int, int]  # (row, column) of a grid point
Fine = tuple[int, int]  # (row, column) in 1/SCALE units
Segment = tuple[int, int, int, int]  # r0, c0, r1, c1 in 1/SCALE units

MAX_EDGE_POINTS = 40_000  # per edge: a 60 x 40 circuit needs under 2,000


@dataclass(frozen=True)
class Gate(CrossLine):
    """The start/finish line or a checkpoint: part of one grid line, across the track.

    vertical: the column `at`, from row lo/SCALE to hi/SCALE, crossed moving right (+1) or
    left (-1). horizontal: the row `at`, from column lo/SCALE to hi/SCALE, crossed moving
    down (+1) or up (-1). A move crosses it when it goes from strictly behind the grid line to
    on it or beyond, meeting the line between lo and hi (ends included). The unit along the
    line is 1/SCALE of a square (its ends lie on the drawn edges); a cell map's line
    (model.Line) is the same kind of line in grid points.
    """

    def __post_init__(self) -> None:
        if self.orientation not in ("horizontal", "vertical"):
            raise InvalidInput(f"gate orientation {self.orientation!r}: use row or col")
        if self.direction not in (1, -1):
            raise InvalidInput(f"gate direction {self.direction!r}")
        if self.lo >= self.hi:
            raise InvalidInput("a gate must run from a lower to a higher end")

    def crossing(self, p: Point, q: Point) -> tuple[int, int] | None:
        """Where the move p -> q crosses this gate the racing way, as a fraction (num, den)
        of the move (0 < num/den <= 1), or None when it does not."""
        axis = self.axis
        a0, a1 = p[axis] * self.direction, q[axis] * self.direction
        line = self.at * self.direction
        if not a0 < line <= a1:
            return None
        den = a1 - a0
        num = line - a0
        other = 1 - axis
        # the place along the gate, times SCALE * den: exact
        place = SCALE * (p[other] * den + (q[other] - p[other]) * num)
        if self.lo * den <= place <= self.hi * den:
            return (num, den)
        return None

    def points(self) -> list[Point]:
        """The grid points on the gate strictly between its ends."""
        first = self.lo // SCALE + 1
        last = -((-self.hi) // SCALE) - 1
        return [self.grid_point(i) for i in range(first, last + 1)]


def orient(ar: int, ac: int, br: int, bc: int, cr: int, cc: int) -> int:
    """Sign of the turn a -> b -> c (twice the signed area), exact."""
    v = (br - ar) * (cc - ac) - (bc - ac) * (cr - ar)
    return (v > 0) - (v < 0)


def _on_segment(ar: int, ac: int, br: int, bc: int, pr: int, pc: int) -> bool:
    """p (collinear with a-b) lies on the closed segment a-b."""
    return min(ar, br) <= pr <= max(ar, br) and min(ac, bc) <= pc <= max(ac, bc)


def touches(s: Segment, t: Segment) -> bool:
    """The closed segments s and t share at least one point (exact)."""
    ar, ac, br, bc = s
    cr, cc, dr, dc = t
    o1 = orient(ar, ac, br, bc, cr, cc)
    o2 = orient(ar, ac, br, bc, dr, dc)
    o3 = orient(cr, cc, dr, dc, ar, ac)
    o4 = orient(cr, cc, dr, dc, br, bc)
    if o1 != o2 and o3 != o4:
        return True
    if o1 == 0 and _on_segment(ar, ac, br, bc, cr, cc):
        return True
    if o2 == 0 and _on_segment(ar, ac, br, bc, dr, dc):
        return True
    if o3 == 0 and _on_segment(cr, cc, dr, dc, ar, ac):
        return True
    return o4 == 0 and _on_segment(cr, cc, dr, dc, br, bc)


def signed_area2(poly: tuple[Fine, ...]) -> int:
    """Twice the signed area of a closed polyline (shoelace, exact)."""
    n = len(poly)
    return sum(
        poly[i][1] * poly[(i + 1) % n][0] - poly[(i + 1) % n][1] * poly[i][0] for i in range(n)
    )


@dataclass(frozen=True)
class DrawnTrack:
    """A drawn circuit: two closed edge lines on a rows x cols grid of points, a start/finish
    gate and ordered checkpoint gates. `meta` carries what the generator knows (par, line,
    features, grade, the centre line it was drawn from); the geometry never reads it."""

    name: str
    rows: int
    cols: int
    edges: tuple[tuple[Fine, ...], tuple[Fine, ...]]
    finish: Gate
    checkpoints: tuple[Gate, ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    kind = "drawn"
    is_lap = True
    notes: ClassVar[tuple[str, ...]] = ()
    oil: ClassVar[frozenset[Point]] = frozenset()  # drawn circuits have none

    def with_meta(self, meta: dict[str, Any]) -> DrawnTrack:
        return DrawnTrack(
            self.name, self.rows, self.cols, self.edges, self.finish, self.checkpoints, meta
        )

    # --- the region ------------------------------------------------------------------
    def where(self, r: int, c: int) -> int:
        """For a fine point: 1 strictly on the track, 0 off it, -1 on an edge line."""
        return self.geometry.where(r, c)

    @cached_property
    def track_points(self) -> frozenset[Point]:
        """Grid points strictly between the edges (a point on an edge line is off)."""
        return frozenset(self.geometry.track_points)

    @cached_property
    def geometry(self) -> Geometry:
        return Geometry(self)

    def on_track(self, p: Point) -> bool:
        return p in self.track_points

    def legal(self, p: Point, q: Point) -> bool:
        """The move p -> q stays strictly inside the track (p on the track)."""
        return self.geometry.legal(p, (q[0] - p[0], q[1] - p[1]))

    @property
    def gates(self) -> tuple[Gate, ...]:
        """The gates in the order a lap meets them: checkpoints, then the finish."""
        return (*self.checkpoints, self.finish)

    @property
    def starts(self) -> list[Point]:
        return [p for p in self.finish.points() if p in self.track_points]

    def stage_after(self, p: Point, q: Point, stage: int) -> int:
        """The stage (gates passed) after the move p -> q from `stage`: gates count only in
        order and only the racing way, several a move in the order the move meets them.
        len(checkpoints) + 1 means the lap is finished."""
        gates = self.gates
        when = (0, 1)
        while stage < len(gates):
            t = gates[stage].crossing(p, q)
            # a later gate must be met at or after the one before it along the move
            if t is None or t[0] * when[1] < when[0] * t[1]:
                break
            when = t
            stage += 1
        return stage

    def validate(self, source: str = "track") -> DrawnTrack:
        for i, edge in enumerate(self.edges):
            if len(edge) < 3:
                raise InvalidInput(f"{source}: edge {i + 1} needs at least 3 points")
            for r, c in edge:
                if not (0 <= r <= (self.rows - 1) * SCALE and 0 <= c <= (self.cols - 1) * SCALE):
                    raise InvalidInput(
                        f"{source}: edge {i + 1} point ({r}, {c}) lies outside the "
                        f"{self.cols}x{self.rows} grid"
                    )
        self.geometry.check_simple(source)
        inner_edge(self.edges, source)
        for n, gate in enumerate(self.gates):
            what = "the finish" if gate is self.finish else f"checkpoint {n + 1}"
            self.geometry.check_gate(gate, what, source)
        if not self.checkpoints:
            raise InvalidInput(f"{source}: a lap needs at least one checkpoint")
        if not self.starts:
            raise InvalidInput(f"{source}: the finish line has no grid point on the track")
        check_lap(self.edges, self.finish, self.checkpoints, SCALE, source)
        return self


class Geometry:
    """The exact tests of one drawn track, with the squares of the paper sorted once.

    Each unit square of the paper (corners on grid points; named by its top-left point) is
    *edge* when an edge segment's bounding box meets it, otherwise wholly on the track or
    wholly off it: the squares that are not edge squares fall into a few connected pieces,
    and one point of each piece decides it. A move whose segment meets only on-track squares
    is legal without a test; one that meets an off-track square is illegal; the rest are
    tested against the edge segments of the edge squares they meet.
    """

    def __init__(self, track: DrawnTrack) -> None:
        self.track = track
        self.rows, self.cols = track.rows, track.cols
        self.segments: list[Segment] = []
        self.by_square: dict[Point, list[int]] = {}
        for edge in track.edges:
            n = len(edge)
            for i in range(n):
                (ar, ac), (br, bc) = edge[i], edge[(i + 1) % n]
                k = len(self.segments)
                self.segments.append((ar, ac, br, bc))
                for sr in _cells(ar, br):
                    for sc in _cells(ac, bc):
                        self.by_square.setdefault((sr, sc), []).append(k)
        self._rows: dict[int, list[Segment]] = {}
        self.square_on = self._sort_squares()
        self.track_points = [
            (r, c) for r in range(self.rows) for c in range(self.cols) if self._point_on(r, c)
        ]

    @cached_property
    def room(self) -> list[float]:
        """Per grid point (index r * cols + c), its distance in fine units to the nearest edge
        line when it is a track point, else 0: the open disc of that radius round it holds
        no edge, so it is all track. A move from p to q is then legal when the two discs
        cover it (room p + room q > its length): `legal`'s shortcut, with a margin far above
        the floats' rounding; every other move is tested exactly."""
        import numpy as np

        room = np.zeros(self.rows * self.cols)
        if not self.track_points or not self.segments:
            return room.tolist()
        seg = np.array(self.segments, dtype=float)
        a, v = seg[:, :2], seg[:, 2:] - seg[:, :2]
        vv = np.maximum((v * v).sum(axis=1), 1e-12)
        pts = np.array(self.track_points, dtype=float) * SCALE
        for lo in range(0, len(pts), 1024):  # points x pieces, a block at a time
            p = pts[lo : lo + 1024, None, :]
            t = np.clip(((p - a) * v).sum(axis=2) / vv, 0.0, 1.0)
            gap = np.hypot(*np.moveaxis(p - (a + t[:, :, None] * v), 2, 0)).min(axis=1)
            idx = [r * self.cols + c for r, c in self.track_points[lo : lo + 1024]]
            room[idx] = gap
        return room.tolist()

    def where(self, r: int, c: int) -> int:
        """For a fine point: 1 strictly on the track, 0 off it, -1 on an edge line.

        On the track means inside the outer edge and outside the inner one, which is an odd
        number of edge crossings on a ray to the left (both edges counted)."""
        # a piece through (r, c) has a box holding it, so it is listed under the square
        # (r // SCALE, c // SCALE) (_cells takes closed spans)
        for k in self.by_square.get((r // SCALE, c // SCALE), ()):
            ar, ac, br, bc = self.segments[k]
            if orient(ar, ac, br, bc, r, c) == 0 and _on_segment(ar, ac, br, bc, r, c):
                return -1
        crossings = self._rows.get(r)
        if crossings is None:
            crossings = self._rows[r] = [s for s in self.segments if (s[0] > r) != (s[2] > r)]
        inside = False
        for ar, ac, br, bc in crossings:
            # the edge meets row r left of c: c > ac + (r - ar)(bc - ac)/(br - ar), exactly
            if ((c - ac) * (br - ar) > (r - ar) * (bc - ac)) == (br > ar):
                inside = not inside
        return 1 if inside else 0

    def _sort_squares(self) -> dict[Point, bool]:
        """On or off the track for every square that no edge segment's box meets (one
        point per connected piece of such squares decides the piece)."""
        out: dict[Point, bool] = {}
        half = SCALE // 2
        for sr in range(-1, self.rows):
            for sc in range(-1, self.cols):
                if (sr, sc) in self.by_square or (sr, sc) in out:
                    continue
                on = self.where(sr * SCALE + half, sc * SCALE + half) == 1
                stack = [(sr, sc)]
                out[(sr, sc)] = on
                while stack:
                    a, b = stack.pop()
                    for n in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                        if (
                            -1 <= n[0] < self.rows
                            and -1 <= n[1] < self.cols
                            and n not in out
                            and n not in self.by_square
                        ):
                            out[n] = on
                            stack.append(n)
        return out

    def _point_on(self, r: int, c: int) -> bool:
        for s in ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)):
            on = self.square_on.get(s)
            if on is not None:
                # a point that is a corner of a square clear of edges shares its side
                return on
        return self.where(r * SCALE, c * SCALE) == 1

    def legal(self, p: Point, d: tuple[int, int]) -> bool:
        """The move from track point p by d does not touch an edge line.

        Per edge piece in the squares the move meets, the cheap half of `touches` first: a
        piece with both ends strictly on one side of the move's line cannot touch it."""
        r, c = p
        dr, dc = d
        if dr == 0 and dc == 0:
            return True
        qr, qc = r + dr, c + dc
        rows, cols = self.rows, self.cols
        if 0 <= r < rows and 0 <= c < cols and 0 <= qr < rows and 0 <= qc < cols:
            room = self.room
            if room[r * cols + c] + room[qr * cols + qc] > SCALE * (math.hypot(dr, dc) + 1e-6):
                return True  # inside the two points' clear discs (`room`)
        pr, pc = r * SCALE, c * SCALE
        seg = (pr, pc, pr + dr * SCALE, pc + dc * SCALE)
        square_on, by_square, segments = self.square_on, self.by_square, self.segments
        for sr, sc in squares_met(dr, dc):
            key = (r + sr, c + sc)
            on = square_on.get(key)
            if on is True:
                continue
            if on is False:
                return False
            for k in by_square.get(key, ()):  # a piece in two squares is tested twice: cheap
                e = segments[k]
                # which side of the move's line each end of the piece is on (times SCALE)
                s1 = dr * (e[1] - pc) - dc * (e[0] - pr)
                s2 = dr * (e[3] - pc) - dc * (e[2] - pr)
                if (s1 > 0 and s2 > 0) or (s1 < 0 and s2 < 0):
                    continue
                if touches(seg, e):
                    return False
        return True

    def check_simple(self, source: str) -> None:
        """Each edge is a simple closed line and the two edges never meet: otherwise the
        track has no well-defined inside."""
        for k, edge in enumerate(self.track.edges):
            n = len(edge)
            for i in range(n):
                if edge[i] == edge[(i + 1) % n]:
                    raise InvalidInput(f"{source}: edge {k + 1} repeats point {i + 1}")
        ends = len(self.track.edges[0])  # segment numbers below this are the first edge's
        total = len(self.segments)
        seen: set[tuple[int, int]] = set()
        for ks in self.by_square.values():
            for i, a in enumerate(ks):
                for b in ks[i + 1 :]:
                    pair = (min(a, b), max(a, b))
                    if pair in seen:
                        continue
                    seen.add(pair)
                    if _neighbours(pair, ends, total):
                        continue  # neighbours along one edge meet at their shared vertex
                    if touches(self.segments[a], self.segments[b]):
                        s = self.segments[a]
                        raise InvalidInput(
                            f"{source}: the edges cross or touch near row "
                            f"{s[0] / SCALE:.1f}, column {s[1] / SCALE:.1f}; each edge must be "
                            "a simple closed line and the two must not meet"
                        )

    def check_gate(self, gate: Gate, what: str, source: str) -> None:
        """A gate reaches from edge to edge: both ends lie off the track or on an edge, its
        grid points are on the track, and between the first and last of them it meets no
        edge (so it crosses the track once, not two stretches of it)."""
        lo_p, hi_p = _gate_end(gate, gate.lo), _gate_end(gate, gate.hi)
        if self.where(*lo_p) == 1 or self.where(*hi_p) == 1:
            raise InvalidInput(
                f"{source}: {what} stops inside the track; it must reach from edge to edge"
            )
        pts = gate.points()
        if not pts or not all(p in self.track.track_points for p in pts):
            raise InvalidInput(f"{source}: {what} does not lie across one stretch of the track")
        first, last = pts[0], pts[-1]
        if not self.legal(first, (last[0] - first[0], last[1] - first[1])):
            raise InvalidInput(f"{source}: {what} crosses an edge between its ends")
        for end, step in ((first, -1), (last, 1)):
            # beyond the last grid point the gate must leave the track before the next one
            axis = 1 - gate.axis  # the coordinate along the gate
            nxt = list(end)
            nxt[axis] += step
            if tuple(nxt) in self.track.track_points and self.legal(
                end, (nxt[0] - end[0], nxt[1] - end[1])
            ):
                raise InvalidInput(
                    f"{source}: {what} stops inside the track; it must reach from edge to edge"
                )


def _neighbours(pair: tuple[int, int], ends: int, total: int) -> bool:
    """Segments a < b follow each other along one closed edge."""
    a, b = pair
    if (a < ends) != (b < ends):
        return False
    first, last = (0, ends - 1) if a < ends else (ends, total - 1)
    return b == a + 1 or (a == first and b == last)


def _cells(a: int, b: int) -> range:
    """Unit cells (by index) whose closed span [i, i + 1] meets [min, max] of a fine span."""
    lo, hi = min(a, b), max(a, b)
    return range(lo // SCALE - (lo % SCALE == 0), hi // SCALE + 1)


def _gate_end(gate: Gate, along: int) -> Fine:
    if gate.orientation == "vertical":
        return (along, gate.at * SCALE)
    return (gate.at * SCALE, along)


@lru_cache(maxsize=4096)
def squares_met(dr: int, dc: int) -> tuple[Point, ...]:
    """Every closed unit square [i, i+1] x [j, j+1] the closed segment (0,0) -> (dr, dc)
    meets, as (i, j), in exact integer arithmetic.

    The segment meets the square when some t in [0, 1] has i <= t dr <= i + 1 and
    j <= t dc <= j + 1. Scaled by D = |dr| |dc| (or the one non-zero length), each condition
    is an interval of whole numbers T = t D, so the test is an overlap of integer intervals.
    """
    big = max(abs(dr), 1) * max(abs(dc), 1)
    out = []
    for i in range(min(0, dr) - 1, max(0, dr) + 1):
        ti = _interval(i, dr, big)
        if ti is None:
            continue
        for j in range(min(0, dc) - 1, max(0, dc) + 1):
            tj = _interval(j, dc, big)
            if tj is not None and max(ti[0], tj[0], 0) <= min(ti[1], tj[1], big):
                out.append((i, j))
    return tuple(out)


def _interval(i: int, d: int, big: int) -> tuple[int, int] | None:
    """The T = t * big with i <= t d <= i + 1 (big is a multiple of |d|), as [lo, hi];
    None when no t qualifies. For d = 0 every t does when 0 lies in [i, i + 1]."""
    if d == 0:
        return (0, big) if i <= 0 <= i + 1 else None
    k = big // abs(d)
    a, b = i * k, (i + 1) * k
    return (a, b) if d > 0 else (-b, -a)


class DrawnReferee:
    """The referee's questions (referee.Referee) answered for a drawn circuit, so the checker
    replays a line on either kind of track: no oil, so no car skids; a move crashes when it
    touches an edge line (or, under the endpoint rule, lands off the track)."""

    crash_note = "the line touches the track edge"

    def __init__(self, track: DrawnTrack, rules: Any) -> None:
        self.track = track
        self.endpoint = rules.collision == "endpoint"

    def skids(self, r: int, c: int, vr: int, vc: int) -> bool:
        return False

    def on_oil(self, r: int, c: int) -> bool:
        return False

    def first_bad_square(self, r: int, c: int, dr: int, dc: int) -> None:
        return None

    def judge(self, r: int, c: int, dr: int, dc: int, stage: int = 0) -> tuple[int, int]:
        """(CRASH, MOVE or FINISH as referee.py numbers them, the stage after the move)."""
        p, q = (r, c), (r + dr, c + dc)
        ok = (
            q in self.track.track_points
            if self.endpoint
            else self.track.geometry.legal(p, (dr, dc))
        )
        if not ok:
            return 0, stage
        after = self.track.stage_after(p, q, stage)
        if after == len(self.track.gates):
            return 2, after
        return 1, after
