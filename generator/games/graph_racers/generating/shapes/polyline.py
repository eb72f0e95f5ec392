"""Measures of a closed polyline (an n x 2 array of x, y): signed area, arc length from point 0,
curvature, and the runs of a cyclic mask; shared by tracing, detecting, checking and the
signature.
"""

from __future__ import annotations

import numpy as np


def area(p: np.ndarray) -> float:
    """Shoelace area: positive when the loop runs clockwise on screen (y down)."""
    x, y = p[:, 0], p[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


def arc_length(p: np.ndarray) -> tuple[np.ndarray, float]:
    """Arc length of each point of a closed polyline from point 0, and the loop's length.

    The measure of every arc length a Circuit holds (features, kerbs), of the widths' wave and
    dip, and of the walls valid() checks. generating/drawn.py keeps its own (_arc: math.dist
    summed in order) to place gates and kerb ends on the drawn track: the two differ in the
    last bits, which moves kerb ends on 39% of generated circuits (measured; see _arc), so
    they are not merged."""
    seg = np.hypot(*(np.roll(p, -1, axis=0) - p).T)
    return np.concatenate(([0.0], np.cumsum(seg)[:-1])), float(seg.sum())


def curvature(p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Turn at each point (from the segment before to the segment after), the segment after
    each point, and curvature (turn over the mean of the two segments)."""
    d = np.roll(p, -1, axis=0) - p
    seg = np.hypot(d[:, 0], d[:, 1])
    head = np.arctan2(d[:, 1], d[:, 0])
    turn = (head - np.roll(head, 1) + np.pi) % (2 * np.pi) - np.pi
    return turn, seg, turn / ((seg + np.roll(seg, 1)) / 2)


def runs(mask: np.ndarray) -> list[np.ndarray]:
    """Indices of each maximal run of True in a cyclic mask, in order along the run."""
    if not mask.any() or mask.all():
        return [np.arange(len(mask))] if mask.all() else []
    shift = int(np.flatnonzero(~mask)[0])
    idx = np.roll(np.arange(len(mask)), -shift)
    edges = np.flatnonzero(np.diff(np.concatenate(([0], mask[idx].astype(int), [0]))))
    return [idx[a:b] for a, b in zip(edges[::2], edges[1::2], strict=False)]
