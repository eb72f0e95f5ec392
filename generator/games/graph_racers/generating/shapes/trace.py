"""Tracing the rounded polygon: points and tangents along its straights and arcs, the half width
at each point (a gentle wave, and a narrow-section's dip when asked), and the two edges.
"""

from __future__ import annotations

import math
import random

import numpy as np

from generator.games.graph_racers.generating.shapes.corners import (
    Corner,
    arc_reaches,
    corner_turns,
    polygon_sides,
)
from generator.games.graph_racers.generating.shapes.polyline import arc_length, curvature

STEP = 0.23  # sampling step along the centre line; edge points stay within MAX_GAP
NARROW_SLOPE = 0.4  # steepest width change in and out of a composed narrow-section
DIP_TRIES = 20  # places tried for a narrow-section's dip


def trace(cs: list[Corner], hw: float) -> tuple[np.ndarray, np.ndarray, float]:
    """Points and unit tangents along the rounded polygon from the start of side 0's straight,
    STEP apart on straights and closer on arcs, so that edges hw away stay STEP apart; and the
    loop's length."""
    sides = polygon_sides(cs)
    assert sides is not None
    turns = corner_turns(sides)
    t = arc_reaches(cs, turns)
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


def half_widths(
    rng: random.Random,
    pts: np.ndarray,
    total: float,
    w0: float,
    amp: float,
    narrow: float | None,
) -> np.ndarray | None:
    """Half width at each point: the base width with a gentle wave of 1 or 2 periods round the
    loop, and the narrow-section's dip when asked (None when it found no place)."""
    s, _ = arc_length(pts)
    k = rng.randint(1, 2)
    w = w0 + amp * np.sin(2 * np.pi * k * s / total + rng.uniform(0, 2 * math.pi))
    if narrow is not None:
        kappa = np.abs(curvature(pts)[2])
        share = _dip(rng, s, total, w0, narrow, kappa * (w0 + amp) / 2 > 1 / 1.6)
        if share is None:
            return None
        w = w * (1 - share) + narrow * share
    return w / 2


def edges(pts: np.ndarray, tans: np.ndarray, hw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Left and right edges: the centre moved along its normal by the half width."""
    normal = np.column_stack((tans[:, 1], -tans[:, 0])) * hw[:, None]  # the driver's left
    return pts + normal, pts - normal
