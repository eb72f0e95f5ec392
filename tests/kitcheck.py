"""Measuring a kit's pages on the recorded canvas (importable as `kitcheck`, like pdfcheck):
the kit of a game as `racegen kit` builds it, how much of a page its cut pieces use, the
tallest blank band across a page, and the text sizes a page prints.

Used fraction: the area inside the pieces' cut outlines (render.pieces: one closed path or
circle in each `cut-N` group; a card cut along crop marks has an invisible cut rectangle)
over the page's printable area (inside the 10 mm margins, above the footer band).
Blank band: the tallest strip the whole printable width across (or the widest strip the
whole printable height down) that no drawing, text or piece enters.
"""

from __future__ import annotations

import math
from functools import cache

from builds import OUT

from generator.render import pieces
from generator.render.canvas import Canvas
from generator.render.clip import chain_scale
from generator.render.document import Document
from generator.render.layout import FOOTER_ID, text_corners, usable_box


@cache
def kit(name: str, paper: str = "a4", mono: bool = False) -> Document:
    """`racegen kit NAME` as one document (no footers: they stay outside the printable area)."""
    from generator.games.registry import game
    from generator.kits import kit_document
    from generator.printing import PrintSpec

    return kit_document(game(name), PrintSpec(out=OUT, paper=paper, mono=mono))


def page_with(doc: Document, *texts: str, without: str = "") -> Canvas:
    """The first page that prints each of `texts` (whole texts) and not `without`."""
    for canvas in doc.pages:
        printed = set(canvas.texts())
        if all(t in printed for t in texts) and without not in printed:
            return canvas
    raise AssertionError(f"no page of {doc.stem} prints {texts!r}")


def polygon_area(points) -> float:  # noqa: ANN001
    return abs(
        0.5
        * sum(
            a[0] * b[1] - b[0] * a[1]
            for a, b in zip(points, list(points[1:]) + [points[0]], strict=True)
        )
    )


def cut_areas(canvas: Canvas) -> list[float]:
    """The area (mm2) inside each piece's cut outline on the page."""
    _, cuts = pieces.shapes(list(canvas.flat()))
    return [math.pi * s.radius**2 if s.centre is not None else polygon_area(s.points) for s in cuts]


def used_fraction(canvas: Canvas) -> float:
    """Cut pieces' area over the page's printable area."""
    box = usable_box(canvas_paper(canvas))
    return sum(cut_areas(canvas)) / (box.w * box.h)


def canvas_paper(canvas: Canvas):  # noqa: ANN201
    from generator.render.paper import Paper

    for name in ("a4", "letter", "a3", "tabloid"):
        for landscape in (False, True):
            p = Paper.get(name, landscape)
            if abs(p.width - canvas.width) < 0.05 and abs(p.height - canvas.height) < 0.05:
                return p
    raise AssertionError(f"no paper of {canvas.width} x {canvas.height} mm")


def extents(canvas: Canvas) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of everything drawn on the page, footer left out."""
    out = []
    for op, stack in canvas.flat():
        if any(g.id == FOOTER_ID for g in stack):
            continue
        if op.kind == "text":
            pts = text_corners(op, stack)
        elif op.kind == "circle":
            cx, cy, r = op.data
            for g in reversed(stack):
                cx, cy = g.apply(cx, cy)
            r *= chain_scale(stack)
            pts = [(cx - r, cy - r), (cx + r, cy + r)]
        elif op.kind == "path":
            pts = []
            for c in op.data:
                for i in range(1, len(c) - 1, 2):
                    x, y = c[i], c[i + 1]
                    for g in reversed(stack):
                        x, y = g.apply(x, y)
                    pts.append((x, y))
        else:
            continue
        if op.style is not None and op.style.opacity == 0 and op.kind != "text":
            continue  # an invisible cut contour: its card's drawing is measured
        if pts:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def _largest_gap(spans: list[tuple[float, float]], low: float, high: float) -> float:
    best, at = 0.0, low
    for a, b in sorted(spans):
        if a > at:
            best = max(best, min(a, high) - at)
        at = max(at, b)
    return max(best, high - at)


def blank_band(canvas: Canvas) -> float:
    """The tallest (or widest) blank strip across the printable area, in mm."""
    box = usable_box(canvas_paper(canvas))
    things = extents(canvas)
    rows = _largest_gap([(t[1], t[3]) for t in things], box.y, box.bottom)
    cols = _largest_gap([(t[0], t[2]) for t in things], box.x, box.right)
    return max(rows, cols)


def text_sizes(canvas: Canvas) -> list[tuple[str, float]]:
    """(text, size in pt) of every text on the page, footer left out (output adds it)."""
    return [
        (op.data[2], op.text.size)
        for op, stack in canvas.flat()
        if op.kind == "text" and not any(g.id == FOOTER_ID for g in stack)
    ]
