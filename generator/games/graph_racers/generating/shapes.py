"""Drawn circuits: closed racetracks shaped the way a person draws one on squared paper.

Model. The centre line is a *rounded polygon*: a closed polygon of corner points in which every
corner is replaced by a circular arc of its own radius, tangent to both sides (what a person
draws with a ruler and a compass). Straights stay exactly straight, every bend has a known
radius, and the edges are exact offsets of the centre line, so the rules of valid() are met by
construction and checked exactly. The width varies smoothly along the track: a gentle wave of
at most +-0.3 round the base width (one or two periods a lap), and a smooth dip for a
narrow-section. Coordinates: x = column, y = row (down), racing clockwise on screen; a turn
to the right is positive.

Composing (compose) is one attempt, deterministic given the rng:
1. width: a base width W0 drawn from the range asked, but no wider than the box's shorter side
   (less the margins) / (4 + 0.5 per feature past the first), so small boxes and long feature
   lists get the narrower tracks of the range; raised for a narrow-section so that its dip of
   1.2-1.6 stays at or above max(1.6, least width - 1).
2. base loop: one of eleven families of polygons (quadrilateral, triangle, convex pentagon or
   hexagon, diamond, L, T, U, Z, kidney bean, dog-bone, star), random proportions, stretched
   over 70-100% of the box (small boxes: all of it), turned and mirrored at random. Corners
   must take arcs of the least radius (half width + 0.5).
3. features, each an edit of the polygon placed at random where it fits: rays cast from the
   edit to the rest of the loop find a track width + 1.7 beyond its reach, and the box holds
   it. The most demanding go first; if one does not fit, the next base loop is tried (8 + 4
   per feature of them: drawing a polygon costs little beside tracing and checking).
   long-straight: a side kept free of edits with a straight part of 40% of the box's longer
     side (cols - 1 or rows - 1).
   fast-sweeper: a corner turning 60-120 degrees given a radius of 2-3 widths, with 0.6 widths
     of straight on both sides so it stays a bend of its own.
   hairpin: either a side's two corners moved together (or apart) until the side is a U-turn
     wide (2 x half width + 1.5 + 0.05..0.3: the wall between the legs is kept) and the legs
     meet in one turn of 155-200 degrees: the end of a wedge or of a thin arm; or a tongue
     pushed into (or out of) the loop from a side: down a leg, round the U-turn, back up the
     other leg, the legs opening by 0-8 degrees each. The U-turn's radius nearly fills the gap.
   s-bends: either two neighbouring corners turning opposite ways (45-135 degrees each) given
     one sweeping radius (half width + 1.3 .. + 1.3 + W/4) with at most a width of straight
     between; or, on a side, a zigzag of 2 or 3 peaks (bends of 60-80 degrees) or a sweeping
     bump (38-44, 76-88, 38-44 degrees), at half width + 1.2 .. + 1.2 + W/6.
   chicane: a quick bump on a side: 35-50 degrees aside, back by their sum and on again, at
     the tightest radii (half width + 0.52 .. + 0.92), 0.8 widths + 0.4 of straight around.
   narrow-section: width only: a dip of 1.2-1.6 with raised-cosine ramps no steeper than 0.4
     per unit, its flat part 1-3 widths long, all within 45% of the lap, the ramps off tight
     arcs (a changing width on a tight arc kinks the inner edge).
4. the other corners get random radii between the least used (half width + 0.52) and
   2.5 widths, as their sides allow, biased to tight corners.
5. the loop is traced by arc length (points 0.23 apart on straights, closer on arcs so both
   edges stay within 0.25), point 0 at the start of the longest straight. The circuit is kept
   only when valid() passes and detect() finds every feature asked.

Detection (detect) reads the centre line as a polyline. W is the track's usual width (median of
2 x half width). A point is on a bend where its curvature (turn angle over the mean of its two
segments) is at least 0.1 / W; bends are maximal runs of one sign, and two bends of one sign
less than W/2 apart are one (a corner drawn in two strokes). Gaps between bends are straights.
  hairpin: a bend turning at least 150 degrees whose mean radius (length / turn) is at most
    0.6 W + 1.5 (the least allowed radius is 0.5 W + 0.5).
  fast-sweeper: a bend turning 55-130 degrees with mean radius at least 2 W.
  long-straight: a straight at least 40% of the longer side of the track's bounding box (of
    its edges), turning at most 5 degrees.
  chicane: 2 or 3 bends of alternating sign, at most W apart, each turning 20-120 degrees with
    tightest radius at most W/2 + 1.2, spanning at most 3.5 W, netting at most 20 degrees,
    with straights of at least 0.75 W before and after.
  s-bends: 2 or more bends of alternating sign in a row (at most 1.5 W apart), each turning at
    least 35 degrees with tightest radius at least W/2 + 1.1 (sweeping: wider than a
    chicane's).
  narrow-section: a stretch of at least 1 grid unit where the width is at most W - 1.
Kerbs go on the outside of bends turning at least 30 degrees whose tightest radius is at most
W/2 + 1.5 (a right turn's outside is the left edge).

Arc lengths are measured along the centre polyline from point 0; a Feature or kerb whose end is
beyond the lap's length runs on through point 0.

Shape signature: Fourier descriptors. The centre line is turned clockwise (mirror images and
reversed copies become the same curve), resampled at 256 points by arc length as complex
x + iy, and the magnitudes of harmonics -16..16 (not 0: place; not 1: size) divided by that
of harmonic 1 are kept: magnitudes do not change with turning, start point or place, and the
division removes size. shape_distance is the Euclidean distance of the vectors.
Measured on 200 seeds each (0-2 random features at 26 x 17, 1-3 at 40 x 25, width 3..5):
copies turned by any angle, mirrored, scaled by 0.5-2, moved, started elsewhere and reversed
lie at most 3.1e-5 from the original. Pairwise distances: 26 x 17 min 0.0086, 1st percentile
0.022, 5th 0.033, median 0.090; 40 x 25 min 0.018, 1st percentile 0.038, median 0.15.
Pairs under 0.02 (looked at) share an outline, like two rounded rectangles of one proportion or
two dog-bones; over about 0.025 they differ visibly. So SAME_SHAPE = 0.02: 0.6% of the 26 x 17
pairs (a small box leaves fewer shapes, mostly rounded quadrilaterals) and 0.01% of the 40 x 25
pairs fall under it.

Speed and success (mean per compose call, None included, width 3..5, two shared cores):
40 x 25 about 5-7 ms a call; success with 0..6 random features 99, 100, 94, 92, 78, 64, 23%.
26 x 17: 96, 78, 50, 13, 2% for 0..4 features (each feature alone 55-91%, s-bends the
hardest); with width 2..3: 98, 91, 73, 52, 15%. 18 x 14 (width 3): a loop, a hairpin (94%) or
a long straight (31%); no chicane, s-bends, sweeper or narrow-section fit (width 2..3 adds the
sweeper, 61%). 60 x 40: 94-100% for any number of features, 7-15 ms.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

FEATURES = ("hairpin", "chicane", "s-bends", "long-straight", "fast-sweeper", "narrow-section")

STEP = 0.23  # sampling step along the centre line; edge points stay within MAX_GAP
MAX_GAP = 0.25  # most distance between consecutive points of the centre line and the edges
WALL = 1.5  # least distance between edge points of different stretches of track
FAR = 3.0  # points more than FAR widest widths apart along the centre are different stretches
SLACK = 0.5  # curvature radius of the centre at least half width + SLACK (inner edge >= SLACK)
KINK = math.radians(20)  # most turn between consecutive edge segments
WIDTH_SLOPE = 0.5  # most change of width per unit of centre line
WAVE = 0.3  # most amplitude of the width's gentle wave
NARROW_DROP = (1.2, 1.6)  # how much narrower a composed narrow-section is than the base width
NARROW_SLOPE = 0.4  # steepest width change in and out of a composed narrow-section
STRAIGHT_SHARE = 0.4  # a long straight is this share of the box's (track's) longer side

BEND_CURVATURE = 0.1  # curvature at least this / W is a bend
HAIRPIN_TURN = math.radians(150)
SWEEPER_TURN = (math.radians(55), math.radians(130))
SWEEPER_RADIUS = 2.0  # x W
STRAIGHT_TURN = math.radians(5)
CHICANE_TURN = (math.radians(20), math.radians(120))
CHICANE_NET = math.radians(20)
CHICANE_SPAN = 3.5  # x W
CHICANE_FLANK = 0.75  # x W: straight before and after
CHICANE_RADIUS = 1.2  # + W/2: most mean radius of a chicane's bends
SBEND_TURN = math.radians(35)
SBEND_RADIUS = 1.1  # + W/2: least mean radius of an s-bend's bends
KERB_TURN = math.radians(30)
KERB_RADIUS = 1.5  # + W/2: kerbs on bends this tight (the rule's least is W/2 + 0.5)

BASE_TRIES = 6  # base loops drawn until one fits the box
POLYGON_TRIES = 8  # base loops tried per attempt until one takes every feature
POLYGON_TRIES_PER_FEATURE = 4  # more tries per feature asked
DIP_TRIES = 20  # places tried for a narrow-section's dip
ROOM_WIDTHS = 4.0  # the box's shorter side holds this many widths (+ 0.5 a feature past 1)

SIG_SAMPLES = 256
SIG_HARMONICS = 16
SAME_SHAPE = 0.02  # measured: see the module docstring


@dataclass(frozen=True)
class Feature:
    """A feature the track has, between two arc lengths along the centre line from point 0
    (end may pass the loop's length: the feature runs on through point 0)."""

    name: str
    start: float
    end: float


@dataclass(frozen=True)
class Circuit:
    """A closed circuit: centre line (clockwise on screen, racing in point order), half width
    per centre point and the two edges, edge point i = centre point i -+ its normal x half
    width (left is the driver's left). Kerbs: ("left"|"right", start, end) on the centre's arc
    length, on the outside of tight corners."""

    centre: tuple[tuple[float, float], ...]
    half_width: tuple[float, ...]
    left: tuple[tuple[float, float], ...]
    right: tuple[tuple[float, float], ...]
    features: tuple[Feature, ...]
    kerbs: tuple[tuple[str, float, float], ...]


# --------------------------------------------------------------------------------------------
# Building: a polygon of corners with arc radii


@dataclass
class _Corner:
    """A corner of the polygon being built and the radius of its arc."""

    x: float
    y: float
    r: float = 0.0
    fixed: bool = False  # a feature chose the radius: rounding leaves it alone
    keep: float = 0.0  # straight to keep on the side after this corner
    locked: bool = False  # the side after this corner is the long straight: no edits on it


@dataclass(frozen=True)
class _Plan:
    """What one compose attempt needs everywhere."""

    rng: random.Random
    box: tuple[float, float, float, float]  # x0, x1, y0, y1 for the centre line
    w: float  # widest width (base width plus its wave)
    straight: float  # least length of a long straight

    @property
    def hw(self) -> float:
        return self.w / 2

    @property
    def r_min(self) -> float:
        """Tightest radius used: the rule's half width + SLACK, with a little room."""
        return self.hw + SLACK + 0.02


Side = tuple[float, float, float]  # unit direction x, y and length


def _sides(cs: list[_Corner]) -> list[Side] | None:
    """Side i runs from corner i to corner i + 1; None when two corners coincide."""
    out = []
    for a, b in zip(cs, cs[1:] + cs[:1], strict=True):
        dx, dy = b.x - a.x, b.y - a.y
        length = math.hypot(dx, dy)
        if length < 1e-6:
            return None
        out.append((dx / length, dy / length, length))
    return out


def _turns(sides: list[Side]) -> list[float]:
    """Signed turn at each corner (corner i joins side i-1 to side i), positive = right on
    screen (y grows downwards)."""
    return [
        math.atan2(ax * by - ay * bx, ax * bx + ay * by)
        for (ax, ay, _), (bx, by, _) in zip(sides[-1:] + sides[:-1], sides, strict=True)
    ]


def _tangents(cs: list[_Corner], turns: list[float]) -> list[float]:
    """How far each corner's arc reaches along its two sides."""
    return [c.r * math.tan(abs(t) / 2) for c, t in zip(cs, turns, strict=True)]


def _layout(plan: _Plan, cs: list[_Corner]) -> tuple[list[Side], list[float], list[float]]:
    """Sides, turns, and how far each corner's arc reaches along its sides: its radius's reach
    when a feature chose it, else r_min's (rounding later takes only what is left)."""
    sides = _sides(cs)
    if sides is None:
        raise _NoRoom
    turns = _turns(sides)
    reach = [
        (c.r if c.fixed else plan.r_min) * math.tan(abs(t) / 2)
        for c, t in zip(cs, turns, strict=True)
    ]
    return sides, turns, reach


class _NoRoom(Exception):
    """This attempt's loop has no room for what is asked (compose returns None)."""


def _free(cs: list[_Corner]) -> list[float] | None:
    """Length of the straight part of each side (negative: the arcs overlap)."""
    sides = _sides(cs)
    if sides is None:
        return None
    t = _tangents(cs, _turns(sides))
    return [s[2] - t[i] - t[(i + 1) % len(cs)] for i, s in enumerate(sides)]


def _ray(cs: list[_Corner], skip: int, qx: float, qy: float, dx: float, dy: float) -> float:
    """Distance from (qx, qy) along (dx, dy) to the first side of the polygon other than side
    skip (inf when none is hit)."""
    best = math.inf
    n = len(cs)
    for i in range(n):
        if i == skip:
            continue
        a, b = cs[i], cs[(i + 1) % n]
        ex, ey = b.x - a.x, b.y - a.y
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        wx, wy = a.x - qx, a.y - qy
        t = (wx * ey - wy * ex) / den
        u = (wx * dy - wy * dx) / den
        if t > 1e-9 and -1e-9 <= u <= 1 + 1e-9:
            best = min(best, t)
    return best


def _box_ray(
    box: tuple[float, float, float, float], qx: float, qy: float, dx: float, dy: float
) -> float:
    """Distance from (qx, qy) along (dx, dy) to the edge of the box."""
    x0, x1, y0, y1 = box
    best = math.inf
    for q, d, lo, hi in ((qx, dx, x0, x1), (qy, dy, y0, y1)):
        if d > 1e-12:
            best = min(best, (hi - q) / d)
        elif d < -1e-12:
            best = min(best, (lo - q) / d)
    return best


# --------------------------------------------------------------------------------------------
# Base loops: polygons in the unit square (x right, y down), any orientation

Points = list[tuple[float, float]]


def _quad(rng: random.Random) -> Points:
    """A rectangle with corners moved in along its sides: trapezia, kites, parallelograms."""

    def inset() -> float:
        return rng.uniform(0, 0.35) if rng.random() < 0.6 else 0.0

    return [(inset(), inset()), (1 - inset(), inset()), (1 - inset(), 1 - inset()), (inset(), 1)]


def _triangle(rng: random.Random) -> Points:
    return [(rng.uniform(0, 1), 0.0), (1.0, 1.0), (0.0, 1.0)]


def _convex(rng: random.Random) -> Points:
    """5 or 6 points on the square's outline, in order round it: a random convex polygon."""
    k = rng.choice((5, 6))
    gap = 4 / k
    ts = [(i + rng.uniform(-0.3, 0.3)) * gap for i in range(k)]
    out = []
    for t in ts:
        t %= 4
        side, f = int(t), t - int(t)
        out.append(((f, 0.0), (1.0, f), (1 - f, 1.0), (0.0, 1 - f))[side])
    return out


def _diamond(rng: random.Random) -> Points:
    def mid() -> float:
        return rng.uniform(0.3, 0.7)

    return [(mid(), 0.0), (1.0, mid()), (mid(), 1.0), (0.0, mid())]


def _ell(rng: random.Random) -> Points:
    a, b = rng.uniform(0.4, 0.65), rng.uniform(0.4, 0.65)
    return [(0, 0), (a, 0), (a, b), (1, b), (1, 1), (0, 1)]


def _tee(rng: random.Random) -> Points:
    c, w, b = rng.uniform(0.4, 0.6), rng.uniform(0.18, 0.3), rng.uniform(0.35, 0.6)
    return [(0, 0), (1, 0), (1, b), (c + w, b), (c + w, 1), (c - w, 1), (c - w, b), (0, b)]


def _you(rng: random.Random) -> Points:
    c, w, d = rng.uniform(0.4, 0.6), rng.uniform(0.15, 0.3), rng.uniform(0.35, 0.6)
    return [(0, 0), (1, 0), (1, 1), (c + w, 1), (c + w, 1 - d), (c - w, 1 - d), (c - w, 1), (0, 1)]


def _zed(rng: random.Random) -> Points:
    a, c = rng.uniform(0.55, 0.75), rng.uniform(0.25, 0.45)
    b, e = rng.uniform(0.25, 0.45), rng.uniform(0.55, 0.75)
    return [(0, 0), (a, 0), (a, b), (1, b), (1, 1), (c, 1), (c, e), (0, e)]


def _bean(rng: random.Random) -> Points:
    m, w, d = rng.uniform(0.35, 0.65), rng.uniform(0.15, 0.3), rng.uniform(0.2, 0.4)
    return [(0, 0), (1, 0), (1, 1), (m + w, 1), (m, 1 - d), (m - w, 1), (0, 1)]


def _dogbone(rng: random.Random) -> Points:
    m1, m2 = rng.uniform(0.4, 0.6), rng.uniform(0.4, 0.6)
    w1, w2 = rng.uniform(0.15, 0.25), rng.uniform(0.15, 0.25)
    d1, d2 = rng.uniform(0.15, 0.3), rng.uniform(0.15, 0.3)
    return [
        (0, 0), (m1 - w1, 0), (m1, d1), (m1 + w1, 0), (1, 0),
        (1, 1), (m2 + w2, 1), (m2, 1 - d2), (m2 - w2, 1), (0, 1),
    ]  # fmt: skip


def _star(rng: random.Random) -> Points:
    """5 to 8 points round the middle at random distances: a blob with dents."""
    k = rng.randint(5, 8)
    turn = rng.uniform(0, 2 * math.pi)
    out = []
    for i in range(k):
        a = turn + 2 * math.pi * (i + rng.uniform(-0.2, 0.2)) / k
        r = rng.uniform(0.55, 1.0)
        out.append((0.5 + 0.5 * r * math.cos(a), 0.5 + 0.5 * r * math.sin(a)))
    return out


FAMILIES: tuple[Callable[[random.Random], Points], ...] = (
    _quad, _triangle, _convex, _diamond, _ell, _tee, _you, _zed, _bean, _dogbone, _star,
)  # fmt: skip


def _area(p: np.ndarray) -> float:
    """Shoelace area: positive when the loop runs clockwise on screen (y down)."""
    x, y = p[:, 0], p[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


def _base(plan: _Plan) -> list[_Corner] | None:
    """A base loop whose corners all fit arcs of r_min (a few tries: small boxes keep to the
    simpler families), None when none fits."""
    for _ in range(BASE_TRIES):
        cs = _base_try(plan)
        if _fits(plan, cs):
            return cs
    return None


def _fits(plan: _Plan, cs: list[_Corner]) -> bool:
    """Whether every side has room for arcs of r_min at both its corners and every corner
    turns at most 150 degrees."""
    sides = _sides(cs)
    if sides is None:
        return False
    turns = _turns(sides)
    if max(abs(t) for t in turns) > math.radians(150):
        return False
    half = [plan.r_min * math.tan(abs(t) / 2) for t in turns]
    return all(s[2] >= half[i] + half[i - len(cs) + 1] for i, s in enumerate(sides))


def _base_try(plan: _Plan) -> list[_Corner]:
    """A base loop: a random family's polygon turned, mirrored, stretched over a random part of
    the box, clockwise."""
    rng = plan.rng
    pts = rng.choice(FAMILIES)(rng)
    if rng.random() < 0.5:
        pts = [(y, x) for x, y in pts]
    if rng.random() < 0.5:
        pts = [(1 - x, y) for x, y in pts]
    if rng.random() < 0.5:
        pts = [(x, 1 - y) for x, y in pts]
    x0, x1, y0, y1 = plan.box
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    spans = []
    for lo, hi, vals in ((x0, x1, xs), (y0, y1, ys)):
        room = hi - lo
        fill = rng.uniform(min(1.0, max(0.7, 8 * plan.w / room)), 1.0)
        start = lo + rng.uniform(0, (1 - fill) * room)
        a, b = min(vals), max(vals)
        spans.append((start, fill * room / (b - a), a))
    (sx, kx, ax), (sy, ky, ay) = spans
    cs = [_Corner(sx + (x - ax) * kx, sy + (y - ay) * ky) for x, y in pts]
    if _area(np.array([(c.x, c.y) for c in cs])) < 0:
        cs.reverse()
    return cs


def _round(plan: _Plan, cs: list[_Corner]) -> None:
    """Give the corners no feature chose random radii, biased to tight corners, one at a time
    in random order, each within what its sides leave after their straights to keep."""
    sides, turns, reach = _layout(plan, cs)
    n = len(cs)
    half = [math.tan(abs(t) / 2) for t in turns]
    if any(s[2] - cs[i].keep - reach[i] - reach[(i + 1) % n] < -1e-9 for i, s in enumerate(sides)):
        raise _NoRoom
    order = [i for i in range(n) if not cs[i].fixed]
    plan.rng.shuffle(order)
    for i in order:
        before, after = (i - 1) % n, (i + 1) % n
        room = min(
            sides[before][2] - cs[before].keep - reach[before],
            sides[i][2] - cs[i].keep - reach[after],
        )
        top = min(room / max(half[i], 1e-9), plan.rng.uniform(plan.r_min, 2.5 * plan.w))
        cs[i].r = plan.r_min + max(0.0, top - plan.r_min) * plan.rng.random() ** 2
        cs[i].fixed = True
        reach[i] = cs[i].r * half[i]


# --------------------------------------------------------------------------------------------
# Features as edits of the polygon, made before the other corners are rounded


def _pinch(plan: _Plan, cs: list[_Corner]) -> bool:
    """Hairpin at an end of the loop: move the two corners of a side (both right turns)
    together or apart until the side is a U-turn's width, if the legs then meet in one turn of
    155-200 degrees. False when no side can."""
    n = len(cs)
    sides, turns, _ = _layout(plan, cs)
    order = [i for i in range(n) if turns[i] > 0 and turns[(i + 1) % n] > 0]
    plan.rng.shuffle(order)
    for i in order:
        j = (i + 1) % n
        gap = 2 * plan.hw + WALL + plan.rng.uniform(0.05, 0.3)
        mx, my = (cs[i].x + cs[j].x) / 2, (cs[i].y + cs[j].y) / 2
        ux, uy, _ = sides[i]
        trial = [_Corner(c.x, c.y) for c in cs]
        trial[i].x, trial[i].y = mx - ux * gap / 2, my - uy * gap / 2
        trial[j].x, trial[j].y = mx + ux * gap / 2, my + uy * gap / 2
        if not all(_inside(plan.box, c.x, c.y) for c in (trial[i], trial[j])):
            continue
        new = _sides(trial)
        if new is None:
            continue
        ta, tb = _turns(new)[i], _turns(new)[j]
        if min(ta, tb) <= 0 or not math.radians(155) <= ta + tb <= math.radians(200):
            continue
        r = (gap - plan.rng.uniform(0, 0.15)) / (math.tan(ta / 2) + math.tan(tb / 2))
        if r < plan.r_min:
            continue
        for k in (i, j):
            cs[k].x, cs[k].y, cs[k].r, cs[k].fixed = trial[k].x, trial[k].y, r, True
        return True
    return False


def _inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    x0, x1, y0, y1 = box
    return x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9


def _sweeper(plan: _Plan, cs: list[_Corner]) -> bool:
    """Fast sweeper: a corner turning 60-120 degrees given a radius of 2-3 widths, keeping 0.6
    widths of straight on both its sides (so it stays a bend of its own). False when no corner
    has the room."""
    n = len(cs)
    sides, turns, reach = _layout(plan, cs)
    need = SWEEPER_RADIUS * plan.w + 0.2
    order = list(range(n))
    plan.rng.shuffle(order)
    for i in order:
        if cs[i].fixed or not math.radians(60) <= abs(turns[i]) <= math.radians(120):
            continue
        before, after = (i - 1) % n, (i + 1) % n
        keep = 0.6 * plan.w
        room = min(
            sides[before][2] - max(cs[before].keep, keep) - reach[before],
            sides[i][2] - max(cs[i].keep, keep) - reach[after],
        )
        top = room / math.tan(abs(turns[i]) / 2)
        if top < need:
            continue
        cs[i].r, cs[i].fixed = plan.rng.uniform(need, min(top, 1.5 * need)), True
        cs[before].keep, cs[i].keep = max(cs[before].keep, keep), max(cs[i].keep, keep)
        return True
    return False


def _long_straight(plan: _Plan, cs: list[_Corner]) -> bool:
    """Long straight: reserve a side with room for a straight of plan.straight between its
    corners' arcs. False when no side has it."""
    n = len(cs)
    sides, _, reach = _layout(plan, cs)
    order = list(range(n))
    plan.rng.shuffle(order)
    for i in order:
        if sides[i][2] - reach[i] - reach[(i + 1) % n] >= plan.straight + 0.1:
            cs[i].keep, cs[i].locked = plan.straight + 0.1, True
            return True
    return False


def _s_pair(plan: _Plan, cs: list[_Corner]) -> bool:
    """S-bends from the loop's own shape: two neighbouring corners turning opposite ways
    (45-135 degrees each) given one sweeping radius that leaves at most a width of straight
    between them. False when no pair can."""
    n = len(cs)
    sides, turns, reach = _layout(plan, cs)
    order = list(range(n))
    plan.rng.shuffle(order)
    for i in order:
        j, before = (i + 1) % n, (i - 1) % n
        if cs[i].fixed or cs[j].fixed or cs[i].locked or turns[i] * turns[j] >= 0:
            continue
        if not all(math.radians(45) <= abs(turns[k]) <= math.radians(135) for k in (i, j)):
            continue
        hi_, hj = math.tan(abs(turns[i]) / 2), math.tan(abs(turns[j]) / 2)
        keep = 0.6 * plan.w + 0.3  # apart from the corners around, so they stay bends of their own
        lo = max(plan.hw + 1.3, (sides[i][2] - plan.w) / (hi_ + hj))
        top = min(
            sides[i][2] / (hi_ + hj),
            (sides[before][2] - max(keep, cs[before].keep) - reach[before]) / hi_,
            (sides[j][2] - max(keep, cs[j].keep) - reach[(j + 1) % n]) / hj,
            plan.hw + 1.3 + plan.hw / 2,
        )
        if top < lo:
            continue
        cs[i].r = cs[j].r = plan.rng.uniform(lo, top)
        cs[i].fixed = cs[j].fixed = True
        cs[before].keep, cs[j].keep = max(keep, cs[before].keep), max(keep, cs[j].keep)
        return True
    return False


@dataclass(frozen=True)
class _Edit:
    """A feature drawn on a side: corners as (along, across, radius), across > 0 on the chosen
    side, and how far its arcs reach along the side before its first and after its last
    corner."""

    corners: tuple[tuple[float, float, float], ...]
    before: float
    after: float
    gaps: tuple[float, float]  # straight kept to the side's own corners, before and after

    @property
    def reach(self) -> tuple[float, float]:
        """How far the edit's corners go to the chosen side and to the other side."""
        across = [c for _, c, _ in self.corners]
        return max(0.0, max(across)), max(0.0, -min(across))


def _edit_tongue(plan: _Plan) -> _Edit:
    """A tongue: down a leg, round a U-turn (the hairpin) and back up the other leg; the legs
    open by up to 8 degrees each."""
    rng = plan.rng
    tilt = math.radians(rng.uniform(0, 8))
    turn = math.pi / 2 - tilt
    gap = 2 * plan.hw + WALL + rng.uniform(0.05, 0.3)
    half = math.tan(turn / 2)
    r_h = max(plan.r_min, (gap - rng.uniform(0, 0.15)) / (2 * half))
    gap = max(gap, 2 * r_h * half)
    r_t = rng.uniform(plan.r_min, plan.r_min + 1)
    leg = r_t * half + r_h * half + 0.3
    depth = max(leg * math.cos(tilt), 1.3 * plan.w) * rng.uniform(1.0, 1.3)
    spread = depth * math.tan(tilt)
    g = gap / 2
    corners = ((-g - spread, 0, r_t), (-g, depth, r_h), (g, depth, r_h), (g + spread, 0, r_t))
    return _Edit(corners, r_t * half, r_t * half, (0.2, 0.2))


def _bump(
    plan: _Plan, turns: tuple[float, float], radius: float, gaps: tuple[float, float]
) -> _Edit:
    """A bump aside and back: turns of `turns` degrees (random within) to the chosen side, back
    by their sum and on again, all at radius."""
    rng = plan.rng
    a1, a2 = (math.radians(rng.uniform(*turns)) for _ in range(2))
    t1, t2, t3 = (radius * math.tan(a / 2) for a in (a1, a1 + a2, a2))
    d = max((t1 + t2 + 0.1) * math.sin(a1), (t2 + t3 + 0.1) * math.sin(a2))
    d *= rng.uniform(1.0, 1.15)
    l1, l2 = d / math.tan(a1), d / math.tan(a2)
    return _Edit(((0, 0, radius), (l1, d, radius), (l1 + l2, 0, radius)), t1, t3, gaps)


def _edit_chicane(plan: _Plan) -> _Edit:
    """A chicane: a quick bump (35-50 degrees) at the tightest radii, straight track around."""
    r = plan.rng.uniform(plan.r_min, plan.r_min + 0.4)
    return _bump(plan, (35, 50), r, (0.8 * plan.w + 0.4,) * 2)


def _sweeping_radius(plan: _Plan) -> float:
    """A radius for s-bends: wider than a chicane's (half width + 1.2 .. + 1.2 + W/6)."""
    return plan.hw + 1.2 + plan.rng.uniform(0, plan.hw / 3)


def _edit_s_bends(plan: _Plan) -> _Edit:
    """S-bends: one time in two a zigzag of 2 (one time in three, 3) peaks whose bends turn
    60-80 degrees, else a sweeping bump of three bends (38-44, 76-88, 38-44 degrees). The
    zigzag's peaks are its s-bends, the bump's middle bend and one end: the other end may run
    into the side's corner (0.2 of straight between), the one end keeps 0.6 widths + 0.3."""
    rng = plan.rng
    r = _sweeping_radius(plan)
    if rng.random() < 0.5:
        gaps = [0.6 * plan.w + 0.3, 0.2]
        rng.shuffle(gaps)
        return _bump(plan, (38, 44), r, (gaps[0], gaps[1]))
    peaks = 3 if rng.random() < 1 / 3 else 2
    a = math.radians(rng.uniform(30, 40))
    t_end, t_peak = r * math.tan(a / 2), r * math.tan(a)
    quarter = (t_end + t_peak + 0.1) * math.cos(a) * rng.uniform(1.0, 1.1)
    amp = quarter * math.tan(a)
    corners = [(0.0, 0.0, r)]
    for k in range(peaks):
        corners.append((quarter * (1 + 2 * k), amp if k % 2 == 0 else -amp, r))
    corners.append((quarter * 2 * peaks, 0.0, r))
    return _Edit(tuple(corners), t_end, t_end, (0.2, 0.2))


def _place(plan: _Plan, cs: list[_Corner], edit: _Edit) -> bool:
    """Put an edit on a side (random side, place and side of the line) with room for it: the
    rest of the loop at least its reach + a track width + WALL away, the box at least its reach
    away. False when no side has room."""
    sides, _, reach = _layout(plan, cs)
    n = len(cs)
    choices = [(i, s) for i in range(n) for s in (1.0, -1.0) if not cs[i].locked]
    plan.rng.shuffle(choices)
    first = min(a for a, _, _ in edit.corners)
    last = max(a for a, _, _ in edit.corners)
    for i, sign in choices:
        ux, uy, length = sides[i]
        before, after = (max(g, cs[i].keep) for g in edit.gaps)
        lo = reach[i] + before + edit.before - first
        hi = length - reach[(i + 1) % n] - after - edit.after - last
        if hi < lo:
            continue
        p = plan.rng.uniform(lo, hi)
        vx, vy = -uy * sign, ux * sign  # sign 1: the right, the inside of a clockwise loop
        if not _room(plan, cs, i, edit, p, (ux, uy), (vx, vy)):
            continue
        a = cs[i]
        new = [
            _Corner(a.x + (p + al) * ux + ac * vx, a.y + (p + al) * uy + ac * vy, r, fixed=True)
            for al, ac, r in edit.corners
        ]
        a.keep, new[-1].keep = before, after
        cs[i + 1 : i + 1] = new
        return True
    return False


def _room(
    plan: _Plan,
    cs: list[_Corner],
    i: int,
    edit: _Edit,
    p: float,
    u: tuple[float, float],
    v: tuple[float, float],
) -> bool:
    """Whether rays from five points along the edit's span, to both sides of the line, find
    the room the edit reaches out to."""
    a = cs[i]
    reach = edit.reach
    clear = plan.w + WALL + 0.2  # the edit's outer edge to the other stretch's
    along = [a_ for a_, _, _ in edit.corners]
    lo, hi = min(along) - edit.before, max(along) + edit.after
    for f in (0.0, 0.25, 0.5, 0.75, 1.0):
        q = p + lo + f * (hi - lo)
        qx, qy = a.x + q * u[0], a.y + q * u[1]
        for k, (dx, dy) in enumerate(((v[0], v[1]), (-v[0], -v[1]))):
            if reach[k] <= 0:
                continue
            if _box_ray(plan.box, qx, qy, dx, dy) < reach[k]:
                return False
            if _ray(cs, i, qx, qy, dx, dy) < reach[k] + clear:
                return False
    return True


# --------------------------------------------------------------------------------------------
# Tracing the rounded polygon, widths and edges


def _trace(cs: list[_Corner], hw: float) -> tuple[np.ndarray, np.ndarray, float]:
    """Points and unit tangents along the rounded polygon from the start of side 0's straight,
    STEP apart on straights and closer on arcs, so that edges hw away stay STEP apart; and the
    loop's length."""
    sides = _sides(cs)
    assert sides is not None
    turns = _turns(sides)
    t = _tangents(cs, turns)
    n = len(cs)
    pts, tans = [], []
    total = 0.0
    for i, (ux, uy, length) in enumerate(sides):
        j = (i + 1) % n
        run = length - t[i] - t[j]
        m = math.ceil(run / STEP - 1e-9)
        if m > 0:
            k = run * np.arange(m) / m
            pts.append(np.column_stack((cs[i].x + (t[i] + k) * ux, cs[i].y + (t[i] + k) * uy)))
            tans.append(np.tile((ux, uy), (m, 1)))
        total += max(run, 0.0)
        turn, r = turns[j], cs[j].r
        if abs(turn) < 1e-12:
            continue
        px, py = cs[j].x - t[j] * ux, cs[j].y - t[j] * uy
        sign = 1.0 if turn > 0 else -1.0
        ox, oy = px - sign * r * uy, py + sign * r * ux  # the arc's centre, inside the turn
        arc = r * abs(turn)
        m = max(1, math.ceil(arc / (STEP * r / (r + hw))))
        phi = math.atan2(py - oy, px - ox) + turn * np.arange(m) / m
        pts.append(np.column_stack((ox + r * np.cos(phi), oy + r * np.sin(phi))))
        tans.append(sign * np.column_stack((-np.sin(phi), np.cos(phi))))
        total += arc
    return np.concatenate(pts), np.concatenate(tans), total


def _arc_length(p: np.ndarray) -> tuple[np.ndarray, float]:
    """Arc length of each point of a closed polyline from point 0, and the loop's length."""
    seg = np.hypot(*(np.roll(p, -1, axis=0) - p).T)
    return np.concatenate(([0.0], np.cumsum(seg)[:-1])), float(seg.sum())


def _dip(
    rng: random.Random, s: np.ndarray, total: float, w0: float, narrow: float, tight: np.ndarray
) -> np.ndarray | None:
    """Share (0..1) of the narrow width at each point: a flat stretch of 1-3 base widths with
    raised-cosine ramps no steeper than NARROW_SLOPE, within 45% of the loop and clear of point
    0, the ramps off tight arcs (where a changing width would kink the inner edge). None when
    no place was found."""
    drop = w0 - narrow
    ramp = max(w0, math.pi * drop / (2 * NARROW_SLOPE))
    flat = min(rng.uniform(1.0, 3.0) * w0, 0.45 * total - 2 * ramp)
    if flat < w0:
        return None
    length = 2 * ramp + flat
    for _ in range(DIP_TRIES):
        x = s - rng.uniform(w0, total - w0 - length)
        up = (1 - np.cos(np.pi * np.clip(x / ramp, 0, 1))) / 2
        down = (1 - np.cos(np.pi * np.clip((length - x) / ramp, 0, 1))) / 2
        share = np.minimum(up, down)
        if not tight[(share > 0) & (share < 1)].any():
            return share
    return None


def _half_widths(
    rng: random.Random,
    pts: np.ndarray,
    total: float,
    w0: float,
    amp: float,
    narrow: float | None,
) -> np.ndarray | None:
    """Half width at each point: the base width with a gentle wave of 1 or 2 periods round the
    loop, and the narrow-section's dip when asked (None when it found no place)."""
    s, _ = _arc_length(pts)
    k = rng.randint(1, 2)
    w = w0 + amp * np.sin(2 * np.pi * k * s / total + rng.uniform(0, 2 * math.pi))
    if narrow is not None:
        kappa = np.abs(_curvature(pts)[2])
        share = _dip(rng, s, total, w0, narrow, kappa * (w0 + amp) / 2 > 1 / 1.6)
        if share is None:
            return None
        w = w * (1 - share) + narrow * share
    return w / 2


def _edges(pts: np.ndarray, tans: np.ndarray, hw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Left and right edges: the centre moved along its normal by the half width."""
    normal = np.column_stack((tans[:, 1], -tans[:, 0])) * hw[:, None]  # the driver's left
    return pts + normal, pts - normal


# --------------------------------------------------------------------------------------------
# Measuring: bends, straights and the features they make


@dataclass(frozen=True)
class _Bend:
    """A run of points turning one way; positions on a loop whose point 0 starts a run."""

    start: float
    end: float
    turn: float  # signed, positive right
    tightest: float  # least radius
    first: int
    last: int

    @property
    def radius(self) -> float:
        return (self.end - self.start) / abs(self.turn)


@dataclass(frozen=True)
class _Measure:
    """A centre line read as bends and straights, in a frame starting at point `origin`."""

    bends: tuple[_Bend, ...]
    gaps: tuple[float, ...]  # straight after each bend
    gap_turns: tuple[float, ...]  # heading change along that straight
    origin: float  # arc length of the frame's point 0 on the loop
    total: float
    usual: float  # the track's usual width W
    extent: float  # longer side of the track's bounding box

    def feature(self, name: str, start: float, end: float) -> Feature:
        at = (self.origin + start) % self.total
        return Feature(name, at, at + end - start)


def _curvature(p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Turn at each point (from the segment before to the segment after), the segment after
    each point, and curvature (turn over the mean of the two segments)."""
    d = np.roll(p, -1, axis=0) - p
    seg = np.hypot(d[:, 0], d[:, 1])
    head = np.arctan2(d[:, 1], d[:, 0])
    turn = (head - np.roll(head, 1) + np.pi) % (2 * np.pi) - np.pi
    return turn, seg, turn / ((seg + np.roll(seg, 1)) / 2)


def _measure(p: np.ndarray, hw: np.ndarray) -> _Measure:
    """Bends and straights of a closed centre line (see the module's Detection)."""
    usual = float(np.median(2 * hw))
    turn, seg, kappa = _curvature(p)
    s, total = _arc_length(p)
    cls = np.where(np.abs(kappa) >= BEND_CURVATURE / usual, np.sign(turn), 0).astype(int)
    starts = np.flatnonzero(cls != np.roll(cls, 1))
    shift = int(starts[0]) if len(starts) else 0
    turn, seg, kappa, cls = (np.roll(a, -shift) for a in (turn, seg, kappa, cls))
    pos = np.concatenate(([0.0], np.cumsum(seg)[:-1]))
    bounds = [int(b) for b in np.sort((starts - shift) % len(p))] or [0]
    bounds.append(len(p))
    bends = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        if cls[a] != 0:
            bends.append(
                _Bend(
                    float(pos[a] - seg[a - 1] / 2),
                    float(pos[b - 1] + seg[b - 1] / 2),
                    float(turn[a:b].sum()),
                    float(1 / np.abs(kappa[a:b]).max()),
                    a,
                    b - 1,
                )
            )
    bends = _merge(bends, usual / 2, total)
    cum = np.concatenate(([0.0], np.cumsum(turn)))
    gaps, gap_turns = [], []
    for k, bend in enumerate(bends):
        after = bends[(k + 1) % len(bends)]
        wrap = total if k == len(bends) - 1 else 0.0
        gaps.append(after.start + wrap - bend.end)
        inside = cum[after.first] - cum[bend.last + 1]
        gap_turns.append(float(inside + (cum[-1] if after.first <= bend.last else 0.0)))
    lo, hi = p.min(axis=0), p.max(axis=0)
    return _Measure(
        tuple(bends),
        tuple(gaps),
        tuple(gap_turns),
        float(s[shift]),
        total,
        usual,
        float((hi - lo).max() + 2 * hw.max()),
    )


def _merge(bends: list[_Bend], within: float, total: float) -> list[_Bend]:
    """Join bends of one sign less than `within` apart (a corner drawn in two strokes), also
    across the end of the loop."""

    def join(a: _Bend, b: _Bend, shift: float = 0.0) -> _Bend:
        return _Bend(
            a.start - shift, b.end, a.turn + b.turn, min(a.tightest, b.tightest), a.first, b.last
        )

    out: list[_Bend] = []
    for b in bends:
        if out and out[-1].turn * b.turn > 0 and b.start - out[-1].end < within:
            out[-1] = join(out[-1], b)
        else:
            out.append(b)
    if len(out) > 1:
        last, first = out[-1], out[0]
        if last.turn * first.turn > 0 and first.start + total - last.end < within:
            out = [join(last, first, total)] + out[1:-1]
    return out


def _find_chicanes(m: _Measure) -> list[tuple[float, float]]:
    """Spans of 2-3 quick alternating bends netting almost no turn between straights."""
    n = len(m.bends)
    if n < 2:
        return []
    unrolled = [_shifted(b, k * m.total) for k in (-1, 0, 1) for b in m.bends]
    w = m.usual
    found: list[tuple[float, float]] = []
    for size in (3, 2):
        for k in range(n, 2 * n):
            group = unrolled[k : k + size]
            if size > n or any(
                a.turn * b.turn >= 0 or b.start - a.end > w
                for a, b in zip(group, group[1:], strict=False)
            ):
                continue
            if not all(
                CHICANE_TURN[0] <= abs(b.turn) <= CHICANE_TURN[1]
                and b.tightest <= w / 2 + CHICANE_RADIUS
                for b in group
            ):
                continue
            span = (group[0].start, group[-1].end)
            if (
                abs(sum(b.turn for b in group)) > CHICANE_NET
                or span[1] - span[0] > CHICANE_SPAN * w
            ):
                continue
            before = group[0].start - unrolled[k - 1].end
            after = unrolled[k + size].start - group[-1].end
            if min(before, after) < CHICANE_FLANK * w or any(_overlap(span, f) for f in found):
                continue
            found.append(span)
    return found


def _shifted(b: _Bend, by: float) -> _Bend:
    return _Bend(b.start + by, b.end + by, b.turn, b.tightest, b.first, b.last)


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _find_s_bends(m: _Measure) -> list[tuple[float, float]]:
    """Spans of 2 or more sweeping bends in a row, alternating."""
    w = m.usual

    def sweeping(b: _Bend) -> bool:
        return abs(b.turn) >= SBEND_TURN and b.tightest >= w / 2 + SBEND_RADIUS

    def chained(a: _Bend, b: _Bend) -> bool:
        return sweeping(a) and sweeping(b) and a.turn * b.turn < 0 and b.start - a.end <= 1.5 * w

    n = len(m.bends)
    unrolled = [_shifted(b, k * m.total) for k in (-1, 0, 1) for b in m.bends]
    found = []
    for k in range(n, 2 * n):
        if not sweeping(unrolled[k]) or chained(unrolled[k - 1], unrolled[k]):
            continue
        end = k
        while end + 1 < k + n and chained(unrolled[end], unrolled[end + 1]):
            end += 1
        if end > k:
            found.append((unrolled[k].start, unrolled[end].end))
    return found


def _runs(mask: np.ndarray) -> list[np.ndarray]:
    """Indices of each maximal run of True in a cyclic mask, in order along the run."""
    if not mask.any() or mask.all():
        return [np.arange(len(mask))] if mask.all() else []
    shift = int(np.flatnonzero(~mask)[0])
    idx = np.roll(np.arange(len(mask)), -shift)
    edges = np.flatnonzero(np.diff(np.concatenate(([0], mask[idx].astype(int), [0]))))
    return [idx[a:b] for a, b in zip(edges[::2], edges[1::2], strict=False)]


def _narrows(p: np.ndarray, hw: np.ndarray, usual: float) -> list[tuple[float, float]]:
    """Spans of at least 1 grid unit where the width is at most the usual width - 1."""
    s, total = _arc_length(p)
    narrow = 2 * hw <= usual - 1 + 1e-9
    if narrow.all():
        return []
    found = []
    for run in _runs(narrow):
        length = (s[run[-1]] - s[run[0]]) % total
        if length >= 1.0:
            found.append((float(s[run[0]]), float(s[run[0]] + length)))
    return found


def _features(m: _Measure, p: np.ndarray, hw: np.ndarray) -> tuple[Feature, ...]:
    w = m.usual
    out = []
    for b in m.bends:
        if abs(b.turn) >= HAIRPIN_TURN and b.radius <= 0.6 * w + 1.5:
            out.append(m.feature("hairpin", b.start, b.end))
        if SWEEPER_TURN[0] <= abs(b.turn) <= SWEEPER_TURN[1] and b.radius >= SWEEPER_RADIUS * w:
            out.append(m.feature("fast-sweeper", b.start, b.end))
    for k, b in enumerate(m.bends):
        gap, turn = m.gaps[k], m.gap_turns[k]
        if gap >= STRAIGHT_SHARE * m.extent and abs(turn) <= STRAIGHT_TURN:
            out.append(m.feature("long-straight", b.end, b.end + gap))
    out += [m.feature("chicane", a, b) for a, b in _find_chicanes(m)]
    out += [m.feature("s-bends", a, b) for a, b in _find_s_bends(m)]
    out += [Feature("narrow-section", a, b) for a, b in _narrows(p, hw, w)]
    return tuple(sorted(out, key=lambda f: (f.start, f.name)))


def _kerbs(m: _Measure) -> tuple[tuple[str, float, float], ...]:
    out = []
    for b in m.bends:
        if abs(b.turn) >= KERB_TURN and b.tightest <= m.usual / 2 + KERB_RADIUS:
            f = m.feature("kerb", b.start, b.end)
            out.append(("left" if b.turn > 0 else "right", f.start, f.end))
    return tuple(sorted(out, key=lambda k: k[1]))


def detect(
    centre: Sequence[tuple[float, float]], half_width: Sequence[float]
) -> tuple[Feature, ...]:
    """The features a closed centre line with these half widths has, by the thresholds in the
    module's Detection, in order of their start."""
    p, hw = np.asarray(centre, dtype=float), np.asarray(half_width, dtype=float)
    return _features(_measure(p, hw), p, hw)


def kerb_spans(
    centre: Sequence[tuple[float, float]], half_width: Sequence[float]
) -> tuple[tuple[str, float, float], ...]:
    """Kerbs ("left"|"right", start, end) on the outside of the tight corners."""
    p, hw = np.asarray(centre, dtype=float), np.asarray(half_width, dtype=float)
    return _kerbs(_measure(p, hw))


# --------------------------------------------------------------------------------------------
# Checking


def _near_pairs(p: np.ndarray, radius: float) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs i < j of points at most radius apart, through a grid of radius-sized cells
    (each point meets the points of its 9 cells only, not all points)."""
    cell = np.floor(p / radius).astype(np.int64)
    cell -= cell.min(axis=0) - 1
    span = int(cell[:, 1].max()) + 2
    key = cell[:, 0] * span + cell[:, 1]
    order = np.argsort(key, kind="stable")
    keys = key[order]
    n = len(p)
    firsts, seconds = [], []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            target = key + dx * span + dy
            lo = np.searchsorted(keys, target, "left")
            count = np.searchsorted(keys, target, "right") - lo
            total = int(count.sum())
            if total == 0:
                continue
            i = np.repeat(np.arange(n), count)
            j = order[np.repeat(lo - np.cumsum(count) + count, count) + np.arange(total)]
            keep = i < j
            firsts.append(i[keep])
            seconds.append(j[keep])
    i, j = np.concatenate(firsts), np.concatenate(seconds)
    d = p[i] - p[j]
    close = (d * d).sum(axis=1) <= radius * radius
    return i[close], j[close]


def _crossing(a: np.ndarray, b: np.ndarray | None = None) -> tuple[float, float] | None:
    """Where a segment of closed polyline a crosses or touches one of b (of a itself, other
    than its neighbours, when b is None); None when none does."""
    ends = [a, a if b is None else b]
    segs = [(q, np.roll(q, -1, axis=0)) for q in ends]
    mids = np.concatenate([(q0 + q1) / 2 for q0, q1 in segs])
    longest = max(float(np.hypot(*(q1 - q0).T).max()) for q0, q1 in segs)
    i, j = _near_pairs(mids, longest + 1e-9)
    n = len(a)
    if b is None:
        keep = (j < n) & (j - i > 1) & ~((i == 0) & (j == n - 1))
    else:
        keep = (i < n) & (j >= n)
        j = j - n
    i, j = i[keep], j[keep]
    (p0, p1), (q0, q1) = segs
    p0, p1, q0, q1 = p0[i], p1[i], q0[j], q1[j]

    def side(o: np.ndarray, e: np.ndarray, x: np.ndarray) -> np.ndarray:
        return (e[:, 0] - o[:, 0]) * (x[:, 1] - o[:, 1]) - (e[:, 1] - o[:, 1]) * (x[:, 0] - o[:, 0])

    d1, d2 = side(p0, p1, q0), side(p0, p1, q1)
    d3, d4 = side(q0, q1, p0), side(q0, q1, p1)
    hit = (d1 * d2 <= 0) & (d3 * d4 <= 0) & ~((d1 == 0) & (d2 == 0))
    if not hit.any():
        return None
    k = int(np.flatnonzero(hit)[0])
    return float(p0[k, 0]), float(p0[k, 1])


def _where(p: np.ndarray, i: int) -> str:
    return f"({p[i, 0]:.1f}, {p[i, 1]:.1f})"


def _problem(
    c: np.ndarray,
    hw: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    box: tuple[float, float, float, float],
    width: tuple[float, float] | None,
) -> str | None:
    """The first rule the circuit breaks, or None (see valid)."""
    n = len(c)
    if c.ndim != 2 or n < 8 or hw.shape != (n,) or left.shape != c.shape or right.shape != c.shape:
        return "the centre line, half widths and edges need one entry per centre point (8 or more)"
    if not (hw > 0).all():
        return "a half width is not positive"
    lines = (("centre line", c), ("left edge", left), ("right edge", right))
    for name, p in lines:
        gap = np.hypot(*(np.roll(p, -1, axis=0) - p).T)
        if gap.max() > MAX_GAP + 1e-9:
            k = int(gap.argmax())
            return (
                f"the {name}'s points near {_where(p, k)} are {gap[k]:.2f} apart (most {MAX_GAP})"
            )
    x0, x1, y0, y1 = box
    for name, p in lines:
        out = (
            (p[:, 0] < x0 - 1e-9)
            | (p[:, 0] > x1 + 1e-9)
            | (p[:, 1] < y0 - 1e-9)
            | (p[:, 1] > y1 + 1e-9)
        )
        if out.any():
            return f"the {name} leaves the box at {_where(p, int(np.flatnonzero(out)[0]))}"
    return (
        _bends_problem(c, hw, left, right)
        or _crossing_problem(lines)
        or ("the centre line runs anticlockwise on screen" if _area(c) <= 0 else None)
        or _width_problem(c, hw, width)
        or _wall_problem(c, hw, left, right)
    )


def _crossing_problem(lines: tuple[tuple[str, np.ndarray], ...]) -> str | None:
    """A line crossing itself, or the edges meeting."""
    for name, p in lines:
        at = _crossing(p)
        if at is not None:
            return f"the {name} crosses itself near ({at[0]:.1f}, {at[1]:.1f})"
    at = _crossing(lines[1][1], lines[2][1])
    if at is not None:
        return f"the left and right edges meet near ({at[0]:.1f}, {at[1]:.1f})"
    return None


def _bends_problem(
    c: np.ndarray, hw: np.ndarray, left: np.ndarray, right: np.ndarray
) -> str | None:
    """Centre bends too tight for the half width, width changing too fast, or kinked edges."""
    a, b = c - np.roll(c, 1, axis=0), np.roll(c, -1, axis=0) - c
    cross = np.abs(a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0])
    sides = np.hypot(*a.T) * np.hypot(*b.T) * np.hypot(*(a + b).T)
    kappa = 2 * cross / np.maximum(sides, 1e-300)  # Menger curvature: 1 / circumradius
    tight = kappa * (hw + SLACK) > 1 + 1e-6
    if tight.any():
        k = int(np.flatnonzero(tight)[0])
        return (
            f"the centre bends with radius {1 / kappa[k]:.2f} near {_where(c, k)}, under half "
            f"width + {SLACK} = {hw[k] + SLACK:.2f}"
        )
    slope = np.abs(np.roll(hw, -1) - hw) * 2 / np.maximum(np.hypot(*b.T), 1e-12)
    if slope.max() > WIDTH_SLOPE + 1e-9:
        k = int(slope.argmax())
        return (
            f"the width changes by {slope[k]:.2f} per unit near {_where(c, k)} (most {WIDTH_SLOPE})"
        )
    for name, p in (("left edge", left), ("right edge", right)):
        a, b = p - np.roll(p, 1, axis=0), np.roll(p, -1, axis=0) - p
        angle = np.arctan2(a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0], (a * b).sum(axis=1))
        kinked = np.abs(angle) > KINK
        if kinked.any():
            k = int(np.flatnonzero(kinked)[0])
            return f"the {name} has a kink of {math.degrees(abs(angle[k])):.0f} degrees near {_where(p, k)}"
    return None


def _width_problem(c: np.ndarray, hw: np.ndarray, width: tuple[float, float] | None) -> str | None:
    """With a width range: 2 x half width outside it away from narrow-sections."""
    if width is None:
        return None
    w = 2 * hw
    floor = max(1.6, width[0] - 1)
    if w.max() > width[1] + 1e-9 or w.min() < floor - 1e-9:
        return f"the width runs {w.min():.2f}..{w.max():.2f}, outside {floor:.2f}..{width[1]}"
    usual = float(np.median(w))
    for run in _runs(w < width[0] - 1e-9):
        if w[run].min() > usual - 1 + 1e-9:
            k = int(run[0])
            return f"the width is {w[k]:.2f} near {_where(c, k)}, under {width[0]}, outside a narrow-section"
    return None


def _wall_problem(c: np.ndarray, hw: np.ndarray, left: np.ndarray, right: np.ndarray) -> str | None:
    """Edge points of different stretches (more than FAR widest widths apart along the
    centre) closer than WALL: the closest such pair."""
    s, total = _arc_length(c)
    pts = np.concatenate((left, right))
    along = np.concatenate((s, s))
    i, j = _near_pairs(pts, WALL * (1 - 1e-9))
    apart = np.abs(along[i] - along[j])
    apart = np.minimum(apart, total - apart)
    far = apart > FAR * 2 * hw.max()
    if far.any():
        gaps = np.where(far, np.hypot(*(pts[i] - pts[j]).T), np.inf)
        k = int(gaps.argmin())
        gap = float(gaps[k])
        return (
            f"stretches {apart[k]:.1f} apart along the track come within {gap:.2f} (least "
            f"{WALL}) near {_where(pts, int(i[k]))} and {_where(pts, int(j[k]))}"
        )
    return None


def valid(
    circuit: Circuit,
    cols: int,
    rows: int,
    margin: float,
    *,
    width: tuple[float, float] | None = None,
) -> str | None:
    """None when the circuit keeps every rule, else the first it breaks, in words: one entry per
    centre point; points at most MAX_GAP apart; centre and edges in the box [margin,
    cols-1-margin] x [margin, rows-1-margin]; clockwise on screen; centre and edges simple,
    the edges apart; centre radius at least half width + SLACK; edges without kinks
    (turn <= KINK); width changing by at most WIDTH_SLOPE per unit; with `width`, 2 x half
    width within it except in narrow-sections, never under max(1.6, width[0] - 1); edge points
    of different stretches at least WALL apart."""
    c = np.asarray(circuit.centre, dtype=float)
    hw = np.asarray(circuit.half_width, dtype=float)
    left = np.asarray(circuit.left, dtype=float)
    right = np.asarray(circuit.right, dtype=float)
    box = (margin, cols - 1 - margin, margin, rows - 1 - margin)
    return _problem(c, hw, left, right, box, width)


# --------------------------------------------------------------------------------------------
# Shape signature


def _resample(p: np.ndarray, n: int) -> np.ndarray:
    """n points evenly spread by arc length round a closed polyline, as complex x + iy."""
    closed = np.vstack((p, p[:1]))
    s = np.concatenate(([0.0], np.cumsum(np.hypot(*np.diff(closed, axis=0).T))))
    t = np.arange(n) * s[-1] / n
    return np.interp(t, s, closed[:, 0]) + 1j * np.interp(t, s, closed[:, 1])


def signature(centre: Sequence[tuple[float, float]]) -> tuple[float, ...]:
    """Fourier descriptor of a closed centre line: the same for turned, mirrored, scaled,
    moved, reversed copies and any start point (see the module's Shape signature)."""
    p = np.asarray(centre, dtype=float)
    if _area(p) < 0:
        p = p[::-1]
    mags = np.abs(np.fft.fft(_resample(p, SIG_SAMPLES)))
    mags /= mags[1]
    ks = [*range(2, SIG_HARMONICS + 1), *range(-1, -SIG_HARMONICS - 1, -1)]
    return tuple(float(mags[k]) for k in ks)


def shape_distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """Euclidean distance between two signatures."""
    return math.dist(a, b)


def same_shape(a: Circuit | tuple[float, ...], b: Circuit | tuple[float, ...]) -> bool:
    """Whether two circuits (or their signatures) share a shape: distance under SAME_SHAPE."""
    sa = signature(a.centre) if isinstance(a, Circuit) else a
    sb = signature(b.centre) if isinstance(b, Circuit) else b
    return shape_distance(sa, sb) < SAME_SHAPE


# --------------------------------------------------------------------------------------------
# Composing


def compose(
    rng: random.Random,
    cols: int,
    rows: int,
    features: Sequence[str],
    width: tuple[float, float],
    margin: float = 1.5,
) -> Circuit | None:
    """A closed circuit inside [margin, cols-1-margin] x [margin, rows-1-margin] that has every
    feature asked for, or None when this attempt failed (retry with the same rng; a feature
    set that never fits wants fewer features, narrower widths or a larger box)."""
    wanted = set(features)
    if not wanted <= set(FEATURES):
        raise ValueError(f"unknown features {sorted(wanted - set(FEATURES))}; know {FEATURES}")
    lo, hi = width
    if not 0 < lo <= hi:
        raise ValueError(f"width {width}: want 0 < least <= most")
    floor = max(1.6, lo - 1)
    least = max(lo, floor + NARROW_DROP[0]) if "narrow-section" in wanted else lo
    room = min(cols, rows) - 1 - 2 * margin
    most = min(hi, max(least, room / (ROOM_WIDTHS + 0.5 * max(0, len(wanted) - 1))))
    if least > hi:
        return None
    w0 = rng.uniform(least, most)
    amp = rng.uniform(0, min(WAVE, w0 - lo, hi - w0))
    hw = (w0 + amp) / 2
    box = (margin + hw, cols - 1 - margin - hw, margin + hw, rows - 1 - margin - hw)
    if min(box[1] - box[0], box[3] - box[2]) < 2 * hw + WALL + 1:
        return None
    plan = _Plan(rng, box, w0 + amp, STRAIGHT_SHARE * (max(cols, rows) - 1))
    cs = _polygon(plan, wanted)
    if cs is None:
        return None
    pts, tans, total = _trace(cs, hw)
    narrow = max(floor, w0 - rng.uniform(*NARROW_DROP)) if "narrow-section" in wanted else None
    half = _half_widths(rng, pts, total, w0, amp, narrow)
    if half is None:
        return None
    left, right = _edges(pts, tans, half)
    outer = (margin, cols - 1 - margin, margin, rows - 1 - margin)
    if _problem(pts, half, left, right, outer, width) is not None:
        return None
    m = _measure(pts, half)
    found = _features(m, pts, half)
    if not wanted <= {f.name for f in found}:
        return None
    return Circuit(
        tuple(map(tuple, pts.tolist())),
        tuple(half.tolist()),
        tuple(map(tuple, left.tolist())),
        tuple(map(tuple, right.tolist())),
        found,
        _kerbs(m),
    )


def _polygon(plan: _Plan, wanted: set[str]) -> list[_Corner] | None:
    """The base loop with the features' edits, every corner rounded, side 0 holding the
    longest straight: the first of POLYGON_TRIES (+ POLYGON_TRIES_PER_FEATURE a feature) base
    loops that takes them all (drawing a polygon costs little beside tracing and checking the
    track). None when none did."""
    for _ in range(POLYGON_TRIES + POLYGON_TRIES_PER_FEATURE * len(wanted)):
        cs = _base(plan)
        if cs is None:
            continue
        try:
            done = _edit(plan, cs, wanted)
        except _NoRoom:
            continue
        free = _free(cs)
        if done and free is not None and min(free) >= -1e-9:
            i = free.index(max(free))
            return cs[i:] + cs[:i]
    return None


def _edit(plan: _Plan, cs: list[_Corner], wanted: set[str]) -> bool:
    """Make the features asked on the loop and round its corners; False when one did not fit.
    The most demanding go first: the long straight's side, the sweeper's corner, then the
    side edits in random order (a hairpin as a pinched end or a tongue, whichever fits)."""
    rng = plan.rng
    if "long-straight" in wanted and not _long_straight(plan, cs):
        return False
    if "fast-sweeper" in wanted and not _sweeper(plan, cs):
        return False
    edits = [name for name in ("hairpin", "s-bends", "chicane") if name in wanted]
    rng.shuffle(edits)
    for name in edits:
        if name == "hairpin":
            ways = [lambda: _pinch(plan, cs), lambda: _place(plan, cs, _edit_tongue(plan))]
        elif name == "s-bends":
            ways = [lambda: _s_pair(plan, cs), lambda: _place(plan, cs, _edit_s_bends(plan))]
        else:
            ways = [lambda: _place(plan, cs, _edit_chicane(plan))]
        rng.shuffle(ways)
        if not any(way() for way in ways):
            return False
    _round(plan, cs)
    return True
