"""Where the sheets of a tiled drawing meet: seams that cut no words, sheets that are not
nearly blank.

A drawing tiled over sheets is split into columns and rows of windows; neighbouring windows
share an `overlap` mm strip, and both edges of every strip are seams (lines where one sheet's
window stops). Text cannot be cut (a word split over two sheets is read on neither, and the
canvas has no clip), so the seams move, within what a sheet holds, off every text box; and a
sheet that would carry under MOSTLY_EMPTY of its printable area is avoided by spreading the
drawing evenly over the same number of sheets.

Pure geometry, drawing mm: layout.tile and layout.tiling_paper call it; tests call it too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Span = tuple[float, float]  # a column's x range or a row's y range, drawing mm
TextBox = tuple[float, float, float, float]  # x0, y0, x1, y1, drawing mm

MOSTLY_EMPTY = 0.25  # a sheet whose window fills less of its printable area is mostly empty
SEAM_CLEAR = 0.5  # mm kept between a seam and any text box
EPS = 1e-6


@dataclass(frozen=True)
class Axis:
    """One way of splitting one side of the drawing: the spans, how it was made (0: full
    sheets from the start, the plan racegen always made; 1: full sheets with seams moved off
    text; 2: spread evenly, seams moved off text) and the text boxes a seam crosses."""

    spans: tuple[Span, ...]
    rank: int
    cut: frozenset[int]

    @property
    def seams(self) -> list[float]:
        """Every window edge inside the drawing (both edges of every shared strip)."""
        out = []
        for i, (a, b) in enumerate(self.spans):
            if i > 0:
                out.append(a)
            if i < len(self.spans) - 1:
                out.append(b)
        return out


@dataclass(frozen=True)
class Plan:
    """A tiling: columns (x spans) and rows (y spans) of windows over the drawing."""

    cols: Axis
    rows: Axis
    room_w: float  # the drawing a sheet can show (its content box), mm
    room_h: float

    @property
    def sheets(self) -> int:
        return len(self.cols.spans) * len(self.rows.spans)

    @property
    def cuts(self) -> int:
        """Text boxes some seam crosses."""
        return len(self.cols.cut | self.rows.cut)

    def fractions(self) -> list[float]:
        """The share of its printable area each sheet's window fills, in reading order."""
        area = self.room_w * self.room_h
        return [
            (y1 - y0) * (x1 - x0) / area for y0, y1 in self.rows.spans for x0, x1 in self.cols.spans
        ]

    @property
    def empty(self) -> int:
        """Sheets under MOSTLY_EMPTY."""
        return sum(1 for f in self.fractions() if f < MOSTLY_EMPTY - EPS)

    @property
    def narrowest(self) -> float:
        """The narrowest column or lowest row of drawing on any sheet (mm)."""
        return min(min(b - a for a, b in self.cols.spans), min(b - a for a, b in self.rows.spans))

    def key(self) -> tuple:
        """Smaller is better: fewest cut words, then sheets, then mostly empty sheets, then
        the plain plan, then no thin slivers."""
        return (
            self.cuts,
            self.sheets,
            self.empty,
            self.cols.rank + self.rows.rank,
            -self.narrowest,
        )


def least_count(length: float, room: float, overlap: float) -> int:
    """Windows of at most `room` mm, `overlap` mm shared, needed to cover `length` mm."""
    if length <= room + 1e-9:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - 1e-9)


def merge(intervals: Sequence[Span]) -> list[Span]:
    out: list[list[float]] = []
    for a, b in sorted(intervals):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def _blocked(texts: Sequence[Span]) -> list[Span]:
    """Open intervals where no window edge may lie: every text box, widened by SEAM_CLEAR."""
    return merge([(a - SEAM_CLEAR, b + SEAM_CLEAR) for a, b in texts])


def snap(target: float, lo: float, hi: float, blocked: Sequence[Span]) -> float | None:
    """The free position nearest `target` within [lo, hi], or None."""
    if lo > hi + EPS:
        return None
    t = min(max(target, lo), hi)
    inside = next((iv for iv in blocked if iv[0] < t < iv[1]), None)
    if inside is None:
        return t
    options = [v for v in inside if lo - EPS <= v <= hi + EPS]
    return min(options, key=lambda v: (abs(v - target), v)) if options else None


def _free(v: float, blocked: Sequence[Span]) -> bool:
    return not any(a < v < b for a, b in blocked)


def _candidates(lo: float, hi: float, target: float, blocked: Sequence[Span]) -> list[float]:
    """Free positions in [lo, hi] worth trying: the nearest to `target`, the ends of the
    range and the edges of every text box in it."""
    out = [snap(target, lo, hi, blocked), lo, hi]
    out += [v for iv in blocked for v in iv if lo - EPS <= v <= hi + EPS]
    return sorted({v for v in out if v is not None and _free(v, blocked)})


def _highest_free(hi: float, lo: float, blocked: Sequence[Span]) -> float | None:
    """The largest free position in [lo, hi], or None."""
    if lo > hi + EPS:
        return None
    inside = next((iv for iv in blocked if iv[0] < hi < iv[1]), None)
    v = hi if inside is None else inside[0]
    return v if v >= lo - EPS else None


def _cut(spans: Sequence[Span], texts: Sequence[Span]) -> frozenset[int]:
    edges = Axis(tuple(spans), 0, frozenset()).seams
    return frozenset(
        i
        for i, (a, b) in enumerate(texts)
        if any(a - SEAM_CLEAR + 1e-3 < e < b + SEAM_CLEAR - 1e-3 for e in edges)
    )


def _uniform(length: float, room: float, overlap: float, n: int) -> tuple[Span, ...]:
    """Full windows from the start, the last one what is left (racegen's first plan)."""
    step = room - overlap
    return tuple((c * step, min(c * step + room, length)) for c in range(n))


def _walk(
    length: float,
    room: float,
    overlap: float,
    n: int,
    blocked: Sequence[Span],
    even: bool,
) -> tuple[Span, ...] | None:
    """n windows whose edges are all free. Each window reaches as far as a sheet holds (even:
    as far as the rest of the drawing shared evenly would put it) and the next one starts
    `overlap` before its end; an edge that would cut a word moves to the nearest free spot,
    and where that is not enough the shared strip widens past `overlap` until the words lie
    wholly inside it (printed on both sheets, whole). Every window keeps a middle of at
    least `overlap` that no neighbour shares. None when no such windows cover the drawing."""
    spans: list[Span] = []
    start, shared_to = 0.0, 0.0  # this window's left edge; where its left strip ends
    for c in range(n - 1):
        after = n - 1 - c  # windows after this one
        lo_s = max(shared_to + overlap, length - room - (after - 1) * (room - overlap))
        lo_e, hi_e = lo_s + overlap, start + room
        if even:
            target = start + (length - start + (n - c - 1) * overlap) / (n - c)
        else:
            target = hi_e
        best: tuple[float, float, float] | None = None
        for e in _candidates(lo_e, hi_e, target, blocked):
            nxt = _highest_free(e - overlap, lo_s, blocked)
            if nxt is None:
                continue
            cost = abs(e - target) + (e - overlap - nxt)  # a wider strip costs as much
            if best is None or cost < best[0] - EPS:
                best = (cost, e, nxt)
        if best is None:
            return None
        _, e, nxt = best
        spans.append((start, e))
        start, shared_to = nxt, e
    if length - start > room + EPS or length - shared_to < overlap - EPS:
        return None
    spans.append((start, length))
    return tuple(spans)


def axes(length: float, room: float, overlap: float, texts: Sequence[Span]) -> list[Axis]:
    """The ways worth trying to split one side: the fewest windows and one more, each full
    from the start or spread evenly, seams moved off the text boxes (`texts`: each box's
    extent along this side)."""
    first = least_count(length, room, overlap)
    if first == 1:
        return [Axis(((0.0, length),), 0, frozenset())]
    blocked = _blocked(texts)
    out = [Axis(_uniform(length, room, overlap, first), 0, frozenset())]
    for n in (first, first + 1):
        for rank, even in ((1, False), (2, True)):
            spans = _walk(length, room, overlap, n, blocked, even)
            if spans is not None:
                out.append(Axis(spans, rank, frozenset()))
        spread = _walk(length, room, overlap, n, (), True)  # even, words or not
        if spread is not None:
            out.append(Axis(spread, 2, frozenset()))
    seen: dict[tuple[Span, ...], Axis] = {}
    for ax in out:
        spans = tuple((round(a, 4), round(b, 4)) for a, b in ax.spans)
        if spans not in seen or ax.rank < seen[spans].rank:
            seen[spans] = Axis(spans, ax.rank, _cut(spans, texts))
    return list(seen.values())


def best_plan(
    width: float,
    height: float,
    room_w: float,
    room_h: float,
    overlap: float,
    texts: Sequence[TextBox] = (),
) -> Plan:
    """The tiling of a width x height mm drawing on sheets that show room_w x room_h mm each
    with the fewest cut words, then the fewest sheets, then the fewest mostly empty sheets."""
    cols = axes(width, room_w, overlap, [(t[0], t[2]) for t in texts])
    rows = axes(height, room_h, overlap, [(t[1], t[3]) for t in texts])
    plans = [Plan(c, r, room_w, room_h) for c in cols for r in rows]
    return min(plans, key=Plan.key)
