"""Measuring a centre line: its bends and straights, the features they make and the kerbs.

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
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from generator.games.graph_racers.generating.shapes.circuit import Feature
from generator.games.graph_racers.generating.shapes.polyline import arc_length, curvature, runs

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


def measure(p: np.ndarray, hw: np.ndarray) -> _Measure:
    """Bends and straights of a closed centre line (see the module's Detection)."""
    usual = float(np.median(2 * hw))
    turn, seg, kappa = curvature(p)
    s, total = arc_length(p)
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


def _narrows(p: np.ndarray, hw: np.ndarray, usual: float) -> list[tuple[float, float]]:
    """Spans of at least 1 grid unit where the width is at most the usual width - 1."""
    s, total = arc_length(p)
    narrow = 2 * hw <= usual - 1 + 1e-9
    if narrow.all():
        return []
    found = []
    for run in runs(narrow):
        length = (s[run[-1]] - s[run[0]]) % total
        if length >= 1.0:
            found.append((float(s[run[0]]), float(s[run[0]] + length)))
    return found


def measured_features(m: _Measure, p: np.ndarray, hw: np.ndarray) -> tuple[Feature, ...]:
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


def measured_kerbs(m: _Measure) -> tuple[tuple[str, float, float], ...]:
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
    return measured_features(measure(p, hw), p, hw)


def kerb_spans(
    centre: Sequence[tuple[float, float]], half_width: Sequence[float]
) -> tuple[tuple[str, float, float], ...]:
    """Kerbs ("left"|"right", start, end) on the outside of the tight corners."""
    p, hw = np.asarray(centre, dtype=float), np.asarray(half_width, dtype=float)
    return measured_kerbs(measure(p, hw))
