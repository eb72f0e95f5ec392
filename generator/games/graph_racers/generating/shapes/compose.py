"""One attempt at a circuit: a base loop, the features asked made on it, traced, checked and
measured (compose).

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

Speed and success (mean per compose call, None included, width 3..5, two shared cores):
40 x 25 about 5-7 ms a call; success with 0..6 random features 99, 100, 94, 92, 78, 64, 23%.
26 x 17: 96, 78, 50, 13, 2% for 0..4 features (each feature alone 55-91%, s-bends the
hardest); with width 2..3: 98, 91, 73, 52, 15%. 18 x 14 (width 3): a loop, a hairpin (94%) or
a long straight (31%); no chicane, s-bends, sweeper or narrow-section fit (width 2..3 adds the
sweeper, 61%). 60 x 40: 94-100% for any number of features, 7-15 ms.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from generator.games.graph_racers.generating.shapes.circuit import FEATURES, WALL, Circuit
from generator.games.graph_racers.generating.shapes.corners import (
    Corner,
    NoRoom,
    Plan,
    straight_lengths,
)
from generator.games.graph_racers.generating.shapes.detect import (
    STRAIGHT_SHARE,
    measure,
    measured_features,
    measured_kerbs,
)
from generator.games.graph_racers.generating.shapes.edits import make_features
from generator.games.graph_racers.generating.shapes.loops import base_loop
from generator.games.graph_racers.generating.shapes.trace import edges, half_widths, trace
from generator.games.graph_racers.generating.shapes.valid import problem

WAVE = 0.3  # most amplitude of the width's gentle wave
NARROW_DROP = (1.2, 1.6)  # how much narrower a composed narrow-section is than the base width
POLYGON_TRIES = 8  # base loops tried per attempt until one takes every feature
POLYGON_TRIES_PER_FEATURE = 4  # more tries per feature asked
ROOM_WIDTHS = 4.0  # the box's shorter side holds this many widths (+ 0.5 a feature past 1)


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
    plan = Plan(rng, box, w0 + amp, STRAIGHT_SHARE * (max(cols, rows) - 1))
    cs = _polygon(plan, wanted)
    if cs is None:
        return None
    pts, tans, total = trace(cs, hw)
    narrow = max(floor, w0 - rng.uniform(*NARROW_DROP)) if "narrow-section" in wanted else None
    half = half_widths(rng, pts, total, w0, amp, narrow)
    if half is None:
        return None
    left, right = edges(pts, tans, half)
    outer = (margin, cols - 1 - margin, margin, rows - 1 - margin)
    if problem(pts, half, left, right, outer, width) is not None:
        return None
    m = measure(pts, half)
    found = measured_features(m, pts, half)
    if not wanted <= {f.name for f in found}:
        return None
    return Circuit(
        tuple(map(tuple, pts.tolist())),
        tuple(half.tolist()),
        tuple(map(tuple, left.tolist())),
        tuple(map(tuple, right.tolist())),
        found,
        measured_kerbs(m),
    )


def _polygon(plan: Plan, wanted: set[str]) -> list[Corner] | None:
    """The base loop with the features' edits, every corner rounded, side 0 holding the
    longest straight: the first of POLYGON_TRIES (+ POLYGON_TRIES_PER_FEATURE a feature) base
    loops that takes them all (drawing a polygon costs little beside tracing and checking the
    track). None when none did."""
    for _ in range(POLYGON_TRIES + POLYGON_TRIES_PER_FEATURE * len(wanted)):
        cs = base_loop(plan)
        if cs is None:
            continue
        try:
            done = make_features(plan, cs, wanted)
        except NoRoom:
            continue
        free = straight_lengths(cs)
        if done and free is not None and min(free) >= -1e-9:
            i = free.index(max(free))
            return cs[i:] + cs[:i]
    return None
