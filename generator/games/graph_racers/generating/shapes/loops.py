"""Base loops: eleven families of polygons in the unit square (x right, y down, any
orientation), one drawn at random, turned, mirrored and stretched over the box, and its corners
rounded with random radii once the features are made.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import numpy as np

from generator.games.graph_racers.generating.shapes.corners import (
    Corner,
    NoRoom,
    Plan,
    corner_turns,
    layout,
    polygon_sides,
)
from generator.games.graph_racers.generating.shapes.polyline import area

BASE_TRIES = 6  # base loops drawn until one fits the box


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


def base_loop(plan: Plan) -> list[Corner] | None:
    """A base loop whose corners all fit arcs of r_min (a few tries: small boxes keep to the
    simpler families), None when none fits."""
    for _ in range(BASE_TRIES):
        cs = _base_try(plan)
        if _fits(plan, cs):
            return cs
    return None


def _fits(plan: Plan, cs: list[Corner]) -> bool:
    """Whether every side has room for arcs of r_min at both its corners and every corner
    turns at most 150 degrees."""
    sides = polygon_sides(cs)
    if sides is None:
        return False
    turns = corner_turns(sides)
    if max(abs(t) for t in turns) > math.radians(150):
        return False
    half = [plan.r_min * math.tan(abs(t) / 2) for t in turns]
    return all(s[2] >= half[i] + half[i - len(cs) + 1] for i, s in enumerate(sides))


def _base_try(plan: Plan) -> list[Corner]:
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
    cs = [Corner(sx + (x - ax) * kx, sy + (y - ay) * ky) for x, y in pts]
    if area(np.array([(c.x, c.y) for c in cs])) < 0:
        cs.reverse()
    return cs


def round_corners(plan: Plan, cs: list[Corner]) -> None:
    """Give the corners no feature chose random radii, biased to tight corners, one at a time
    in random order, each within what its sides leave after their straights to keep."""
    sides, turns, reach = layout(plan, cs)
    n = len(cs)
    half = [math.tan(abs(t) / 2) for t in turns]
    if any(s[2] - cs[i].keep - reach[i] - reach[(i + 1) % n] < -1e-9 for i, s in enumerate(sides)):
        raise NoRoom
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
