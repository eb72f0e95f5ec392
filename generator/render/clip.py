"""Geometric clipping of a canvas record to a rectangle (the canvas has no clip operation).

Tiling a board over several sheets needs each sheet to show only its window of the drawing,
and nothing in the margins. Doing it as geometry keeps both backends simple and the output
honest: shapes wholly inside keep their exact form, shapes across the edge are flattened and
cut, and no cut edge is ever stroked (fills and strokes are clipped separately).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from generator.render.canvas import Group, Op, Point, Style


class Box(NamedTuple):
    """A rectangle in mm: top-left (x, y), width w, height h (pages, slots, clip windows)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2

    def inset(
        self, left: float = 0.0, top: float = 0.0, right: float = 0.0, bottom: float = 0.0
    ) -> Box:
        return Box(self.x + left, self.y + top, self.w - left - right, self.h - top - bottom)

    def contains(self, other: Box, tol: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.bottom <= self.bottom + tol
        )


def chain_point(stack: Sequence[Group], x: float, y: float) -> Point:
    for g in reversed(stack):
        x, y = g.apply(x, y)
    return x, y


def chain_scale(stack: Sequence[Group]) -> float:
    k = 1.0
    for g in stack:
        k *= g.scale
    return k


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def _subpaths(op: Op, stack: Sequence[Group]) -> list[tuple[list[Point], bool]]:
    """The op's outline in drawing mm as polylines (curves flattened), with closed flags."""
    if op.kind == "circle":
        cx, cy, r = op.data
        pts = [
            chain_point(
                stack,
                cx + r * math.cos(2 * math.pi * i / 72),
                cy + r * math.sin(2 * math.pi * i / 72),
            )
            for i in range(72)
        ]
        return [(pts, True)]
    out: list[tuple[list[Point], bool]] = []
    cur: list[Point] = []
    local_last: Point = (0.0, 0.0)
    local_start: Point = (0.0, 0.0)
    for cmd in op.data:
        kind = cmd[0]
        if kind == "M":
            if len(cur) > 1:
                out.append((cur, False))
            local_last = local_start = (cmd[1], cmd[2])
            cur = [chain_point(stack, *local_last)]
        elif kind == "L":
            local_last = (cmd[1], cmd[2])
            cur.append(chain_point(stack, *local_last))
        elif kind == "C":
            pts = _bezier(local_last, (cmd[1], cmd[2]), (cmd[3], cmd[4]), (cmd[5], cmd[6]))
            cur += [chain_point(stack, *p) for p in pts]
            local_last = (cmd[5], cmd[6])
        elif kind == "Z":
            if len(cur) > 1:
                out.append((cur, True))
            cur = [cur[0]] if cur else []
            local_last = local_start
    if len(cur) > 1:
        out.append((cur, False))
    return out


def _bbox(points: Sequence[Point]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


class Outline:
    """A path or circle op made ready to clip to any number of windows: its style in drawing
    mm, its outline flattened and its box measured once (a tiled board or the Triactor tiles
    clip one drawing to every sheet or tile, and flattening was most of that work)."""

    __slots__ = ("op", "stack", "style", "subs", "box")

    def __init__(self, op: Op, stack: Sequence[Group]) -> None:
        assert op.style is not None
        self.op, self.stack = op, stack
        self.style = _scaled_style(op.style, chain_scale(stack))
        self.subs = _subpaths(op, stack)
        self.box = _bbox([p for pts, _ in self.subs for p in pts]) if self.subs else None

    def clip(self, win: Box) -> list[Op]:
        """The op restricted to `win`, as clip_ops draws it."""
        style, subs, bb = self.style, self.subs, self.box
        if bb is None:
            return []
        pad = style.width if style.stroke else 0.0
        if (
            bb.x > win.right + pad
            or bb.right < win.x - pad
            or bb.y > win.bottom + pad
            or bb.bottom < win.y - pad
        ):
            return []
        if win.contains(bb):
            return _exact(self.op, self.stack, style)
        out: list[Op] = []
        if style.fill is not None or style.hatch:
            polys = [_clip_polygon(pts, win) for pts, closed in subs]
            polys = [p for p in polys if len(p) >= 3]
            if polys:
                cmds: list[tuple] = []
                for p in polys:
                    cmds += [("M", *p[0])] + [("L", *q) for q in p[1:]] + [("Z",)]
                out.append(Op("path", _rounded(cmds), style=style.with_(stroke=None)))
        if style.stroke is not None:
            pieces: list[list[Point]] = []
            for pts, closed in subs:
                seq = pts + [pts[0]] if closed else pts
                for a, b in zip(seq, seq[1:], strict=False):
                    seg = _clip_segment(a, b, win)
                    if seg is None:
                        continue
                    if pieces and _near(pieces[-1][-1], seg[0]):
                        pieces[-1].append(seg[1])
                    else:
                        pieces.append([seg[0], seg[1]])
            if pieces:
                cmds = []
                for p in pieces:
                    cmds += [("M", *p[0])] + [("L", *q) for q in p[1:]]
                out.append(Op("path", _rounded(cmds), style=style.with_(fill=None, hatch=None)))
        return out


# a drawing ready to clip: each op with its groups and, for a path or circle, its Outline
Prepared = list[tuple[Op, Sequence[Group], Outline | None]]


def prepare(flat: Sequence[tuple[Op, Sequence[Group]]]) -> Prepared:
    """What clip_ops works out of a drawing whatever the window, for clipping it to many."""
    return [
        (op, stack, Outline(op, stack) if op.kind != "text" and op.style is not None else None)
        for op, stack in flat
    ]


def clip_ops(flat: list[tuple[Op, list[Group]]], win: Box) -> list[Op]:
    """The drawing's ops restricted to `win` (drawing mm), as ops in drawing mm.

    Shapes wholly inside keep their exact form (curves, circles); shapes across the edge are
    flattened, fills clipped as polygons (Sutherland-Hodgman) and strokes as segments
    (Liang-Barsky), so no clipped edge is ever stroked. Text is kept when its anchor is inside.
    """
    return clip_prepared(prepare(flat), win)


def clip_prepared(drawing: Prepared, win: Box) -> list[Op]:
    """clip_ops of a prepared drawing."""
    out: list[Op] = []
    for op, stack, outline in drawing:
        if outline is not None:
            out.extend(outline.clip(win))
        elif op.kind == "text":
            x, y = chain_point(stack, op.data[0], op.data[1])
            if win.x <= x <= win.right and win.y <= y <= win.bottom:
                for g in stack:
                    out.append(
                        Op(
                            "begin",
                            (),
                            group=Group(None, g.dx, g.dy, g.rotate, g.scale, g.mirror_x),
                        )
                    )
                out.append(op)
                out.extend(Op("end", ()) for _ in stack)
    return out


def _exact(op: Op, stack: Sequence[Group], style: Style) -> list[Op]:
    """An op wholly inside the window, mapped to drawing mm without flattening."""
    if op.kind == "circle":
        cx, cy, r = op.data
        x, y = chain_point(stack, cx, cy)
        return [
            Op("circle", (round(x, 4), round(y, 4), round(r * chain_scale(stack), 4)), style=style)
        ]
    cmds = []
    for cmd in op.data:
        if cmd[0] == "Z":
            cmds.append(cmd)
            continue
        pts = [chain_point(stack, cmd[i], cmd[i + 1]) for i in range(1, len(cmd), 2)]
        cmds.append((cmd[0], *[v for p in pts for v in p]))
    return [Op("path", _rounded(cmds), style=style)]


def _rounded(cmds: list[tuple]) -> tuple:
    return tuple(tuple(round(v, 4) if i else v for i, v in enumerate(c)) for c in cmds)


def _scaled_style(style: Style, k: float) -> Style:
    if k == 1.0:
        return style
    return style.with_(
        width=style.width * k,
        dash=tuple(d * k for d in style.dash),
        hatch_spacing=style.hatch_spacing * k,
    )


def _near(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-9


def _clip_segment(a: Point, b: Point, win: Box) -> tuple[Point, Point] | None:
    """Liang-Barsky: the part of segment a-b inside win, or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in (
        (-dx, a[0] - win.x),
        (dx, win.right - a[0]),
        (-dy, a[1] - win.y),
        (dy, win.bottom - a[1]),
    ):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    if t1 - t0 < 1e-12 and not (dx == 0 and dy == 0):
        return None
    return (a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy)


def _clip_polygon(points: Sequence[Point], win: Box) -> list[Point]:
    """Sutherland-Hodgman: polygon ∩ rectangle (keeps the winding direction)."""
    edges = (
        (lambda p: p[0] >= win.x, lambda a, b: _cross_x(a, b, win.x)),
        (lambda p: p[0] <= win.right, lambda a, b: _cross_x(a, b, win.right)),
        (lambda p: p[1] >= win.y, lambda a, b: _cross_y(a, b, win.y)),
        (lambda p: p[1] <= win.bottom, lambda a, b: _cross_y(a, b, win.bottom)),
    )
    pts = list(points)
    for inside, cross in edges:
        if not pts:
            break
        out: list[Point] = []
        prev = pts[-1]
        for cur in pts:
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
            prev = cur
        pts = out
    return pts


def _cross_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return x, a[1] + t * (b[1] - a[1])


def _cross_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return a[0] + t * (b[0] - a[0]), y
