"""A drawn circuit as composed: its centre line, half widths, edges, features and kerbs
(Circuit, Feature), the features a circuit can have, and the rules every circuit keeps
(valid.py checks them; the composer keeps them by construction).

Coordinates: x = column, y = row (down), racing clockwise on screen; a turn to the right is
positive. Arc lengths are measured along the centre polyline from point 0; a Feature or kerb
whose end is beyond the lap's length runs on through point 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FEATURES = ("hairpin", "chicane", "s-bends", "long-straight", "fast-sweeper", "narrow-section")

MAX_GAP = 0.25  # most distance between consecutive points of the centre line and the edges
WALL = 1.5  # least distance between edge points of different stretches of track
FAR = 3.0  # points more than FAR widest widths apart along the centre are different stretches
SLACK = 0.5  # curvature radius of the centre at least half width + SLACK (inner edge >= SLACK)
KINK = math.radians(20)  # most turn between consecutive edge segments
WIDTH_SLOPE = 0.5  # most change of width per unit of centre line


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
