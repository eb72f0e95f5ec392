"""The shape signature of a closed centre line, and whether two circuits share a shape.

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
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from generator.games.graph_racers.generating.shapes.circuit import Circuit
from generator.games.graph_racers.generating.shapes.polyline import area

SIG_SAMPLES = 256
SIG_HARMONICS = 16
SAME_SHAPE = 0.02  # measured: see the module docstring


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
    if area(p) < 0:
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


# --- the overlap of two filled shapes, as a person compares them --------------------------------
# The Fourier distance misses shapes the eye calls the same: in the easy class pack (seed 1) a
# student got one L twice at distance 0.046. The overlap measure compares what a person sees:
# the filled loop (inside the centre line), moved to its centroid and scaled to unit area,
# rasterised at OUTLINE_PIXELS over +-OUTLINE_HALF, and the best intersection over union of
# one with the other turned by quarter turns and mirrored (the 8 symmetries of the square:
# tracks run along the grid, so a turned copy is turned by quarter turns).
# Measured on the 60 tracks of the easy class pack, seed 1 (1,770 pairs): pairs at 0.93 or
# more are one shape drawn again (an L and an L, a dog-bone and a dog-bone); from 0.89 to 0.93
# they are the same outline in other proportions (the student's two Ls: 0.888); under 0.88
# they are told apart at a glance (a rounded pentagon and a rounded box: 0.86-0.88). So
# SAME_OUTLINE = 0.88: 110 of the 1,770 pairs reach it, 47 reach 0.9 and 13 reach NEAR_COPY.
# A class pack keeps SAME_OUTLINE on each sheet and NEAR_COPY across the pack (classpack.py).
OUTLINE_PIXELS = 96
OUTLINE_HALF = 2.0  # the raster's half side, in square roots of the shape's area
SAME_OUTLINE = 0.88  # a person calls the two shapes the same (measured: see above)
NEAR_COPY = 0.93  # one shape drawn again


def outline(centre: Sequence[tuple[float, float]]) -> np.ndarray:
    """The filled loop inside a closed centre line (x, y) as an OUTLINE_PIXELS square of
    booleans: centred on its centroid and scaled to unit area (even-odd rule at pixel centres)."""
    p = np.asarray(centre, dtype=float)
    x, y = p[:, 0], p[:, 1]
    xn, yn = np.roll(x, -1), np.roll(y, -1)
    cross = x * yn - xn * y
    a = cross.sum() / 2
    cx, cy = ((x + xn) * cross).sum() / (6 * a), ((y + yn) * cross).sum() / (6 * a)
    s = math.sqrt(abs(a))
    ax, ay = (x - cx) / s, (y - cy) / s
    bx, by = np.roll(ax, -1), np.roll(ay, -1)
    g = (np.arange(OUTLINE_PIXELS) + 0.5) / OUTLINE_PIXELS * 2 * OUTLINE_HALF - OUTLINE_HALF
    gx, gy = np.meshgrid(g, g)
    inside = np.zeros(gx.shape, dtype=bool)
    for i in range(len(ax)):
        if ay[i] == by[i]:
            continue
        meets = (ay[i] > gy) != (by[i] > gy)
        at = ax[i] + (gy - ay[i]) * (bx[i] - ax[i]) / (by[i] - ay[i])
        inside ^= meets & (gx < at)
    return inside


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """How much two outlines (outline()) cover each other: the best intersection over union of
    a with b turned by quarter turns and mirrored (1.0: the same shape)."""
    best = 0.0
    for k in range(4):
        turned = np.rot90(b, k)
        for m in (turned, turned[:, ::-1]):
            union = np.count_nonzero(a | m)
            if union:
                best = max(best, np.count_nonzero(a & m) / union)
    return best
