"""Pieces to cut out: each one a named group holding exactly one closed cut outline, and
coloured fills that reach the outline printed a little beyond it (bleed).

Naming. Every piece a layout places (n-up, gutter fold, duplex) and every die net is a group
with the page-unique id `piece-N`; its cut outline (a net's outline with its tabs, a card's
rectangle, a disc's circle) is one closed path op in a group `cut-N`, so a cutting machine's
software finds one closed path per piece in the SVG. A card cut by hand along crop marks
keeps its printed rule of no outline: its cut path is drawn with CUT_CONTOUR, an invisible
stroke (opacity 0) that is in the file but never on paper.

Bleed. A fill in colour (not white) that reaches a piece's cut line is extended BLEED mm past
it, under the piece (so under the cut line and the crop marks): a cut a little off the line
then shows the colour, not a white sliver. 2 mm: a hand cut with scissors or a craft knife
strays about 1 mm; 2 mm covers that twice over, and two pieces 4 mm apart (the gaps the
layouts already leave) keep their bleeds apart. Printers' 3 mm (1/8 in) serves guillotines
cutting a stack. Bleed never enters another piece's share of the sheet (the layouts clip it
to half the gap) nor the 10 mm margin. Recognised fills: polygons (rectangles, bands) with an
edge along the cut line, and discs as large as a cut circle.

No heavy imports: only the canvas and the clip box.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from generator.render.canvas import BLACK, CUT, WHITE, Canvas, Group, Op, Point, Style
from generator.render.clip import Box, chain_point, chain_scale

BLEED = 2.0  # mm of colour beyond a cut line
CUT_CONTOUR = Style(stroke=BLACK, width=0.1, opacity=0.0)  # a cut path that never prints
PIECE = "piece"
CUT_GROUP = "cut"
BLEED_GROUP = "bleed"
TOL = 0.02  # mm: how close a fill's edge must lie to the cut line to reach it

HalfPlane = tuple[Point, Point]  # a point on the line and the normal pointing to the kept side


# --- names ------------------------------------------------------------------------------------
def fresh_id(canvas: Canvas, prefix: str) -> str:
    """`prefix-N`, the first N not yet used on the page."""
    n = 1
    while f"{prefix}-{n}" in canvas._ids:
        n += 1
    return f"{prefix}-{n}"


def open_groups(canvas: Canvas) -> list[Group]:
    """The groups open where the next op will be recorded (outermost first)."""
    stack: list[Group] = []
    for op in canvas.ops:
        if op.kind == "begin":
            assert op.group is not None
            stack.append(op.group)
        elif op.kind == "end":
            stack.pop()
    return stack


def in_piece(canvas: Canvas) -> bool:
    return any((g.id or "").startswith(PIECE + "-") for g in open_groups(canvas))


@contextmanager
def piece(canvas: Canvas, **frame: float) -> Iterator[Canvas]:
    """A group for one piece (`piece-N`), in the frame given (dx, dy, rotate...)."""
    with canvas.group(fresh_id(canvas, PIECE), **frame):  # type: ignore[arg-type]
        yield canvas


def cut_polygon(canvas: Canvas, points: Sequence[Point], style: Style = CUT) -> None:
    """A piece's cut outline: one closed path in its own `cut-N` group."""
    with canvas.group(fresh_id(canvas, CUT_GROUP)):
        canvas.polygon(points, style)


def cut_rect(canvas: Canvas, x: float, y: float, w: float, h: float, style: Style = CUT) -> None:
    cut_polygon(canvas, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], style)


def cut_circle(canvas: Canvas, cx: float, cy: float, r: float, style: Style = CUT) -> None:
    """A disc's cut outline (its style may fill the disc too)."""
    with canvas.group(fresh_id(canvas, CUT_GROUP)):
        canvas.circle(cx, cy, r, style)


# --- what a drawing holds ---------------------------------------------------------------------
@dataclass(frozen=True)
class Shape:
    """A closed polygon (points) or a circle (centre, radius), in one frame, with its style."""

    style: Style
    points: tuple[Point, ...] = ()
    centre: Point | None = None
    radius: float = 0.0


def coloured(style: Style | None) -> bool:
    """A solid fill in a colour: what needs bleed (white and see-through tints do not)."""
    return (
        style is not None
        and style.fill is not None
        and style.fill.lower() != WHITE
        and style.opacity >= 0.999
    )


def _polygon(op: Op, stack: Sequence[Group]) -> tuple[Point, ...] | None:
    """The op's outline as one closed polygon (M, L..., Z), mapped through its groups."""
    cmds = op.data
    if len(cmds) < 4 or cmds[0][0] != "M" or cmds[-1][0] != "Z":
        return None
    if any(c[0] != "L" for c in cmds[1:-1]):
        return None
    pts = [chain_point(stack, c[1], c[2]) for c in cmds[:-1]]
    if math.dist(pts[0], pts[-1]) < 1e-9:
        pts.pop()
    return tuple(pts) if len(pts) >= 3 else None


def shapes(flat: Sequence[tuple[Op, list[Group]]]) -> tuple[list[Shape], list[Shape]]:
    """(coloured fills, cut outlines) of a drawing, in its outermost frame. A cut outline is
    the closed path or circle in a `cut-N` group."""
    fills: list[Shape] = []
    cuts: list[Shape] = []
    for op, stack in flat:
        if op.kind not in ("path", "circle"):
            continue
        is_cut = any((g.id or "").startswith(CUT_GROUP + "-") for g in stack)
        if not (is_cut or coloured(op.style)):
            continue
        assert op.style is not None
        if op.kind == "circle":
            cx, cy, r = op.data
            shape = Shape(
                op.style, centre=chain_point(stack, cx, cy), radius=r * chain_scale(stack)
            )
        else:
            pts = _polygon(op, stack)
            if pts is None:
                continue
            shape = Shape(op.style, points=pts)
        if is_cut:
            cuts.append(shape)
        if coloured(op.style):
            fills.append(shape)
    return fills, cuts


# --- geometry -----------------------------------------------------------------------------------
def _area(pts: Sequence[Point]) -> float:
    return 0.5 * sum(
        a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, list(pts[1:]) + [pts[0]], strict=True)
    )


def _unit(a: Point, b: Point) -> Point:
    d = math.dist(a, b)
    return (b[0] - a[0]) / d, (b[1] - a[1]) / d


def _outward(pts: Sequence[Point]) -> list[tuple[Point, Point, Point, Point]]:
    """Each side (a, b, unit direction, outward unit normal) of a closed polygon."""
    ccw = _area(pts) > 0  # in y-down page terms: clockwise on screen
    out = []
    for i, a in enumerate(pts):
        b = pts[(i + 1) % len(pts)]
        if math.dist(a, b) < 1e-9:
            continue
        u = _unit(a, b)
        n = (u[1], -u[0]) if ccw else (-u[1], u[0])
        out.append((a, b, u, n))
    return out


def clip_half(poly: Sequence[Point], plane: HalfPlane) -> list[Point]:
    """The part of a polygon on the kept side of a half-plane (Sutherland-Hodgman)."""
    (px, py), (nx, ny) = plane

    def side(p: Point) -> float:
        return (p[0] - px) * nx + (p[1] - py) * ny

    out: list[Point] = []
    if not poly:
        return out
    prev = poly[-1]
    for cur in poly:
        sc, sp = side(cur), side(prev)
        if sc >= 0:
            if sp < 0:
                t = sp / (sp - sc)
                out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
            out.append(cur)
        elif sp >= 0:
            t = sp / (sp - sc)
            out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
        prev = cur
    return out


def box_planes(box: Box) -> list[HalfPlane]:
    return [
        ((box.x, 0.0), (1.0, 0.0)),
        ((box.right, 0.0), (-1.0, 0.0)),
        ((0.0, box.y), (0.0, 1.0)),
        ((0.0, box.bottom), (0.0, -1.0)),
    ]


def planes_into(planes: Sequence[HalfPlane], stack: Sequence[Group]) -> list[HalfPlane]:
    """Half-planes given in page mm, expressed in the frame inside `stack` (whose groups map
    that frame to the page)."""
    out = []
    for (px, py), (nx, ny) in planes:
        # two points on the line and one inside, mapped back into the frame
        pts = [_unchain(stack, *q) for q in ((px, py), (px - ny, py + nx), (px + nx, py + ny))]
        (ax, ay), (bx, by), (ix, iy) = pts
        ux, uy = _unit((ax, ay), (bx, by))
        n = (-uy, ux)
        if (ix - ax) * n[0] + (iy - ay) * n[1] < 0:
            n = (uy, -ux)
        out.append(((ax, ay), n))
    return out


def _unchain(stack: Sequence[Group], x: float, y: float) -> Point:
    for g in stack:  # outermost first: undo translate, rotate, scale, mirror
        x, y = x - g.dx, y - g.dy
        if g.rotate:
            a = math.radians(-g.rotate)
            c, s = math.cos(a), math.sin(a)
            x, y = x * c - y * s, x * s + y * c
        x, y = x / g.scale, y / g.scale
        if g.mirror_x:
            x = -x
    return x, y


def _on_side(p: Point, q: Point, a: Point, u: Point, n: Point) -> tuple[float, float] | None:
    """Where a fill's side p-q runs along an outline side (a, direction u, normal n): the
    parameter range along the outline side, or None."""
    for r in (p, q):
        if abs((r[0] - a[0]) * n[0] + (r[1] - a[1]) * n[1]) > TOL:
            return None
    tp = (p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]
    tq = (q[0] - a[0]) * u[0] + (q[1] - a[1]) * u[1]
    return min(tp, tq), max(tp, tq)


def bleed(
    fills: Sequence[Shape],
    cuts: Sequence[Shape],
    depth: float = BLEED,
    planes: Sequence[HalfPlane] = (),
) -> list[Shape]:
    """The bleed of every coloured fill that reaches a cut outline: strips `depth` mm deep
    outside each stretch of the outline the fill runs along (with the corner between two
    such strips filled), a ring out to `depth` round a disc as large as its cut circle. Kept
    outside the outline where it turns inwards (a net's notches and tabs) and inside the
    half-planes `planes`. Coordinates: the frame of `fills` and `cuts`."""
    out: list[Shape] = []
    for cut in cuts:
        if cut.centre is not None:
            for f in fills:
                if f.centre is None or math.dist(f.centre, cut.centre) > TOL:
                    continue
                if f.radius < cut.radius - TOL:
                    continue
                style = _bleed_style(f.style)
                r = cut.radius + depth
                if planes and not _circle_inside(cut.centre, r, planes):
                    ring = [
                        (
                            cut.centre[0] + r * math.cos(2 * math.pi * k / 72),
                            cut.centre[1] + r * math.sin(2 * math.pi * k / 72),
                        )
                        for k in range(72)
                    ]
                    ring = _clip_all(ring, planes)
                    if len(ring) >= 3:
                        out.append(Shape(style, points=tuple(ring)))
                else:
                    out.append(Shape(style, centre=cut.centre, radius=r))
            continue
        sides = _outward(cut.points)
        for f in fills:
            if f.centre is not None:
                continue
            style = _bleed_style(f.style)
            runs: dict[int, list[tuple[float, float]]] = {}
            fsides = list(zip(f.points, list(f.points[1:]) + [f.points[0]], strict=True))
            for i, (a, b, u, n) in enumerate(sides):
                length = math.dist(a, b)
                for p, q in fsides:
                    rng = _on_side(p, q, a, u, n)
                    if rng is None:
                        continue
                    t0, t1 = max(rng[0], 0.0), min(rng[1], length)
                    if t1 - t0 > TOL:
                        runs.setdefault(i, []).append((t0, t1))
            for i, spans in runs.items():
                a, b, u, n = sides[i]
                for t0, t1 in spans:
                    p0 = (a[0] + u[0] * t0, a[1] + u[1] * t0)
                    p1 = (a[0] + u[0] * t1, a[1] + u[1] * t1)
                    strip = [
                        p0,
                        p1,
                        (p1[0] + n[0] * depth, p1[1] + n[1] * depth),
                        (p0[0] + n[0] * depth, p0[1] + n[1] * depth),
                    ]
                    # where the outline turns inwards at either end, the strip stays outside
                    # the next side (a notch, a neighbouring face, a tab)
                    ends = []
                    if t0 < TOL:
                        pa, _pb, pu, pn = sides[(i - 1) % len(sides)]
                        ends.append((pa, pn, _concave(pu, pn, u, n)))
                    if t1 > math.dist(a, b) - TOL:
                        na, _nb, nu, nn = sides[(i + 1) % len(sides)]
                        ends.append((na, nn, _concave(u, n, nu, nn)))
                    for ea, en, inward in ends:
                        if inward:
                            strip = clip_half(strip, (ea, en))
                    strip = _clip_all(strip, planes)
                    if len(strip) >= 3:
                        out.append(Shape(style, points=tuple(strip)))
            # corners: two strips meeting at a convex corner of the outline
            for i in runs:
                j = (i + 1) % len(sides)
                if j not in runs:
                    continue
                a, b, u, n = sides[i]
                _, _, u2, n2 = sides[j]
                if not (
                    any(t1 > math.dist(a, b) - TOL for _, t1 in runs[i])
                    and any(t0 < TOL for t0, _ in runs[j])
                ):
                    continue
                if _concave(u, n, u2, n2):
                    continue
                k = 1.0 + n[0] * n2[0] + n[1] * n2[1]
                m = min(depth / max(k, 1e-6), 2.0 * depth)
                corner = [
                    b,
                    (b[0] + n[0] * depth, b[1] + n[1] * depth),
                    (b[0] + (n[0] + n2[0]) * m, b[1] + (n[1] + n2[1]) * m),
                    (b[0] + n2[0] * depth, b[1] + n2[1] * depth),
                ]
                corner = _clip_all(corner, planes)
                if len(corner) >= 3:
                    out.append(Shape(style, points=tuple(corner)))
    return out


def _concave(u: Point, n: Point, u_next: Point, n_next: Point) -> bool:
    """Does the outline turn outwards (into the space beyond the first side) where a side
    (direction u, outward normal n) meets the next one?"""
    return u_next[0] * n[0] + u_next[1] * n[1] > 1e-9 or u[0] * n_next[0] + u[1] * n_next[1] < -1e-9


def _clip_all(poly: Sequence[Point], planes: Sequence[HalfPlane]) -> list[Point]:
    out = list(poly)
    for plane in planes:
        out = clip_half(out, plane)
    return out


def _circle_inside(c: Point, r: float, planes: Sequence[HalfPlane]) -> bool:
    return all((c[0] - p[0]) * n[0] + (c[1] - p[1]) * n[1] >= r for p, n in planes)


def _bleed_style(style: Style) -> Style:
    return style.with_(stroke=None)


def draw_shapes(canvas: Canvas, bleeds: Sequence[Shape]) -> None:
    """Record bleed shapes in a `bleed-N` group, styles as they are (already mono where the
    drawing was: the canvas's own mono conversion is not applied twice)."""
    if not bleeds:
        return
    with canvas.group(fresh_id(canvas, BLEED_GROUP)):
        for s in bleeds:
            if s.centre is not None:
                data = (round(s.centre[0], 4), round(s.centre[1], 4), round(s.radius, 4))
                canvas.ops.append(Op("circle", data, style=s.style))
            else:
                cmds = [("M", *_r(s.points[0]))] + [("L", *_r(p)) for p in s.points[1:]]
                canvas.ops.append(Op("path", (*cmds, ("Z",)), style=s.style))


def _r(p: Point) -> tuple[float, float]:
    return round(p[0], 4), round(p[1], 4)
