"""Checking a circuit against the rules (valid): one entry per centre point, points close
enough, inside the box, clockwise, no line crossing itself or the other edge, bends not too
tight, edges without kinks, the width changing slowly and within its range, and stretches of
track a wall apart.
"""

from __future__ import annotations

import math

import numpy as np

from generator.games.graph_racers.generating.shapes.circuit import (
    FAR,
    KINK,
    MAX_GAP,
    SLACK,
    WALL,
    WIDTH_SLOPE,
    Circuit,
)
from generator.games.graph_racers.generating.shapes.polyline import arc_length, area, runs


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


def problem(
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
        or ("the centre line runs anticlockwise on screen" if area(c) <= 0 else None)
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
    for run in runs(w < width[0] - 1e-9):
        if w[run].min() > usual - 1 + 1e-9:
            k = int(run[0])
            return f"the width is {w[k]:.2f} near {_where(c, k)}, under {width[0]}, outside a narrow-section"
    return None


def _wall_problem(c: np.ndarray, hw: np.ndarray, left: np.ndarray, right: np.ndarray) -> str | None:
    """Edge points of different stretches (more than FAR widest widths apart along the
    centre) closer than WALL: the closest such pair."""
    s, total = arc_length(c)
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
    return problem(c, hw, left, right, box, width)
