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
