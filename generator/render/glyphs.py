"""Symbols as vector paths: the eight Triactor suits, die pips, arrows and player markers.

Never font glyphs: the PDF's built-in fonts cannot print a sun or an anchor, and an SVG viewer
may lack the font, so every symbol is drawn as paths that look the same in both backends.
Shapes are designed in a unit box (-0.5..0.5, y down) and scaled, and every point, Bezier
control points included, stays inside the box, so a glyph never spills out of its size.

Each symbol is one path op: its parts are subpaths wound the same way, which the nonzero fill
rule merges; holes (the anchor's ring) are wound the other way. A filled and stroked symbol of
several parts is drawn twice (a double-width stroke under the fill) so only the outline of the
whole shows; a stroke-only symbol shows its parts' seams.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from generator.render.canvas import BLACK, FILLED, INK, Canvas, PathCommand, Style
from generator.render.palette import PLAYER_SYMBOLS, player_style

SUITS: tuple[str, ...] = ("sun", "moon", "crown", "anchor", "heart", "spade", "diamond", "club")

# Other names people use for a suit (plural forms are accepted too).
SUIT_ALIASES: dict[str, str] = {"arms": "anchor", "suns": "sun", "moons": "moon", "crowns": "crown"}

Subpath = list[PathCommand]

ARC_STEP = 45.0  # degrees per Bezier arc piece: keeps control points close to the circle


# --- building blocks (unit coordinates) ----------------------------------------------


def _arc(cx: float, cy: float, r: float, a0: float, a1: float) -> Subpath:
    """Cubic pieces of a circular arc from angle a0 to a1 (degrees, clockwise on the page).

    The caller is already at the arc's start point. Pieces of at most 45 degrees keep every
    control point within 3.5 % of the radius, so a glyph's box check holds for its curves too.
    """
    sweep = a1 - a0
    n = max(1, math.ceil(abs(sweep) / ARC_STEP - 1e-9))
    step = math.radians(sweep / n)
    k = 4 / 3 * math.tan(step / 4)
    out: Subpath = []
    t = math.radians(a0)
    for _ in range(n):
        t2 = t + step
        x0, y0 = cx + r * math.cos(t), cy + r * math.sin(t)
        x3, y3 = cx + r * math.cos(t2), cy + r * math.sin(t2)
        out.append(
            (
                "C",
                x0 - k * r * math.sin(t),
                y0 + k * r * math.cos(t),
                x3 + k * r * math.sin(t2),
                y3 - k * r * math.cos(t2),
                x3,
                y3,
            )
        )
        t = t2
    return out


def _circle(cx: float, cy: float, r: float) -> Subpath:
    return [("M", cx + r, cy), *_arc(cx, cy, r, 0.0, 360.0), ("Z",)]


def _poly(points: Sequence[tuple[float, float]]) -> Subpath:
    return [("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",)]


def _points(sub: Subpath) -> list[tuple[float, float]]:
    return [(c[i], c[i + 1]) for c in sub if c[0] != "Z" for i in range(1, len(c), 2)]


def _signed_area(sub: Subpath) -> float:
    """Shoelace over endpoints and control points: positive = clockwise on the page (y down)."""
    pts = _points(sub)
    return (
        sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True))
        / 2
    )


def _reverse(sub: Subpath) -> Subpath:
    """The same closed outline traced the other way."""
    start = (sub[0][1], sub[0][2])
    segs = []  # (from, cmd)
    cur = start
    for c in sub[1:]:
        if c[0] == "Z":
            continue
        segs.append((cur, c))
        cur = (c[-2], c[-1])
    out: Subpath = [("M", *cur)]
    for frm, c in reversed(segs):
        if c[0] == "L":
            out.append(("L", *frm))
        else:
            out.append(("C", c[3], c[4], c[1], c[2], *frm))
    out.append(("Z",))
    return out


def _wound(sub: Subpath, clockwise: bool = True) -> Subpath:
    return sub if (_signed_area(sub) > 0) == clockwise else _reverse(sub)


def _emit(
    canvas: Canvas,
    parts: Sequence[Subpath],
    holes: Sequence[Subpath],
    cx: float,
    cy: float,
    size: float,
    style: Style,
) -> None:
    """Scale unit-box subpaths to (cx, cy, size) and draw them as one path op."""
    _draw_unit(canvas, _unit_path(parts, holes), len(parts) > 1, cx, cy, size, style)


def _unit_path(parts: Sequence[Subpath], holes: Sequence[Subpath]) -> tuple[PathCommand, ...]:
    """The parts wound clockwise and the holes the other way, as one path in the unit box."""
    return tuple(
        c
        for sub, cw in [(p, True) for p in parts] + [(h, False) for h in holes]
        for c in _wound(sub, cw)
    )


def _draw_unit(
    canvas: Canvas,
    unit: Sequence[PathCommand],
    several: bool,
    cx: float,
    cy: float,
    size: float,
    style: Style,
) -> None:
    """Draw a unit-box path scaled to (cx, cy, size); `several`: it has more than one part."""
    cmds: list[PathCommand] = []
    for c in unit:
        if c[0] == "Z":
            cmds.append(c)
        else:
            xy = [cx + v * size if i % 2 == 0 else cy + v * size for i, v in enumerate(c[1:])]
            cmds.append((c[0], *xy))
    if several and style.stroke is not None and style.fill is not None and style.opacity >= 1:
        # An outline of the union, not of every part: stroke at double width under the fill,
        # then the fill again on top hides the inner half and every inner seam.
        canvas.path(cmds, style.with_(width=2 * style.width, hatch=None))
        canvas.path(cmds, style.with_(stroke=None))
        return
    canvas.path(cmds, style)


def _mirror(sub: Subpath) -> Subpath:
    """Left-right mirror image of a subpath (x -> -x)."""
    return [
        c if c[0] == "Z" else (c[0], *(-v if i % 2 == 0 else v for i, v in enumerate(c[1:])))
        for c in sub
    ]


# --- the suits -----------------------------------------------------------------------


def _sun() -> tuple[list[Subpath], list[Subpath]]:
    parts = [_circle(0, 0, 0.25)]
    for i in range(8):
        a = math.radians(i * 45 - 90)
        half = math.radians(12)
        tip = (0.5 * math.cos(a), 0.5 * math.sin(a))
        left = (0.31 * math.cos(a - half), 0.31 * math.sin(a - half))
        right = (0.31 * math.cos(a + half), 0.31 * math.sin(a + half))
        parts.append(_poly([left, tip, right]))
    return parts, []


def _moon() -> tuple[list[Subpath], list[Subpath]]:
    """A crescent opening to the right: the outer disc less an offset disc, as one outline."""
    R, (ix, iy), r = 0.46, (0.2, -0.06), 0.37
    # intersections of x^2 + y^2 = R^2 and (x - ix)^2 + (y - iy)^2 = r^2
    d = math.hypot(ix, iy)
    a = (R * R - r * r + d * d) / (2 * d)
    h = math.sqrt(R * R - a * a)
    mx, my = a * ix / d, a * iy / d
    p_top = (mx + h * iy / d, my - h * ix / d)
    p_bottom = (mx - h * iy / d, my + h * ix / d)
    if p_top[1] > p_bottom[1]:
        p_top, p_bottom = p_bottom, p_top
    o_top = math.degrees(math.atan2(p_top[1], p_top[0]))
    o_bottom = math.degrees(math.atan2(p_bottom[1], p_bottom[0]))
    i_top = math.degrees(math.atan2(p_top[1] - iy, p_top[0] - ix))
    i_bottom = math.degrees(math.atan2(p_bottom[1] - iy, p_bottom[0] - ix))
    # outer: from the top tip the long way round the left to the bottom tip (angles decreasing)
    o_end = o_bottom - 360 if o_bottom > o_top else o_bottom
    # inner: back from the bottom tip to the top tip, round the inner disc's left side
    i_end = i_top + 360 if i_top < i_bottom else i_top
    sub = [("M", *p_top), *_arc(0, 0, R, o_top, o_end), *_arc(ix, iy, r, i_bottom, i_end), ("Z",)]
    return [sub], []


def _crown() -> tuple[list[Subpath], list[Subpath]]:
    body = _poly(
        [
            (-0.40, 0.16),
            (-0.42, -0.25),
            (-0.20, 0.0),
            (0.0, -0.33),
            (0.20, 0.0),
            (0.42, -0.25),
            (0.40, 0.16),
        ]
    )
    band = _poly([(-0.40, 0.22), (0.40, 0.22), (0.40, 0.40), (-0.40, 0.40)])
    balls = [_circle(-0.42, -0.29, 0.065), _circle(0.0, -0.38, 0.075), _circle(0.42, -0.29, 0.065)]
    return [body, band, *balls], []


def _anchor() -> tuple[list[Subpath], list[Subpath]]:
    ring = _circle(0, -0.36, 0.12)
    hole = _circle(0, -0.36, 0.062)
    shank = _poly([(-0.045, -0.25), (0.045, -0.25), (0.045, 0.40), (-0.045, 0.40)])
    stock = _poly([(-0.24, -0.19), (0.24, -0.19), (0.24, -0.12), (-0.24, -0.12)])
    # the curved arms: a band between two arcs about (0, 0.02), from 25 deg round to 155 deg
    c, r_in, r_out = 0.02, 0.30, 0.39
    arms = [
        ("M", r_out * math.cos(math.radians(25)), c + r_out * math.sin(math.radians(25))),
        *_arc(0, c, r_out, 25, 155),
        ("L", r_in * math.cos(math.radians(155)), c + r_in * math.sin(math.radians(155))),
        *_arc(0, c, r_in, 155, 25),
        ("Z",),
    ]
    # flukes: arrowheads at the arm ends, pointing up along the arc
    a = math.radians(25)
    tangent = (math.sin(a), -math.cos(a))
    mid = 0.345
    tip = (mid * math.cos(a) + 0.15 * tangent[0], c + mid * math.sin(a) + 0.15 * tangent[1])
    fluke = _poly(
        [
            (0.25 * math.cos(a), c + 0.25 * math.sin(a)),
            tip,
            (0.445 * math.cos(a), c + 0.445 * math.sin(a)),
        ]
    )
    return [ring, shank, stock, arms, fluke, _mirror(fluke)], [hole]


def _heart() -> tuple[list[Subpath], list[Subpath]]:
    right = [
        ("C", 0.03, -0.36, 0.12, -0.43, 0.24, -0.43),
        ("C", 0.38, -0.43, 0.48, -0.32, 0.48, -0.14),
        ("C", 0.48, 0.10, 0.18, 0.27, 0.0, 0.46),
    ]
    left = [
        ("C", -0.18, 0.27, -0.48, 0.10, -0.48, -0.14),
        ("C", -0.48, -0.32, -0.38, -0.43, -0.24, -0.43),
        ("C", -0.12, -0.43, -0.03, -0.36, 0.0, -0.25),
    ]
    return [[("M", 0.0, -0.25), *right, *left, ("Z",)]], []


def _spade() -> tuple[list[Subpath], list[Subpath]]:
    body = [
        ("M", 0.0, -0.47),
        ("C", 0.08, -0.33, 0.46, -0.14, 0.46, 0.10),
        ("C", 0.46, 0.26, 0.35, 0.33, 0.23, 0.33),
        ("C", 0.13, 0.33, 0.05, 0.28, 0.0, 0.20),
        ("C", -0.05, 0.28, -0.13, 0.33, -0.23, 0.33),
        ("C", -0.35, 0.33, -0.46, 0.26, -0.46, 0.10),
        ("C", -0.46, -0.14, -0.08, -0.33, 0.0, -0.47),
        ("Z",),
    ]
    stem = [
        ("M", 0.0, 0.05),
        ("C", 0.02, 0.27, 0.08, 0.40, 0.16, 0.47),
        ("L", -0.16, 0.47),
        ("C", -0.08, 0.40, -0.02, 0.27, 0.0, 0.05),
        ("Z",),
    ]
    return [body, stem], []


def _diamond() -> tuple[list[Subpath], list[Subpath]]:
    # gently curved sides, as on playing cards
    sub = [
        ("M", 0.0, -0.48),
        ("C", 0.10, -0.30, 0.22, -0.13, 0.36, 0.0),
        ("C", 0.22, 0.13, 0.10, 0.30, 0.0, 0.48),
        ("C", -0.10, 0.30, -0.22, 0.13, -0.36, 0.0),
        ("C", -0.22, -0.13, -0.10, -0.30, 0.0, -0.48),
        ("Z",),
    ]
    return [sub], []


def _club() -> tuple[list[Subpath], list[Subpath]]:
    leaves = [_circle(0.0, -0.255, 0.2), _circle(-0.255, 0.07, 0.2), _circle(0.255, 0.07, 0.2)]
    centre = _poly([(0.0, -0.2), (0.2, 0.1), (-0.2, 0.1)])
    stem = [
        ("M", 0.0, 0.0),
        ("C", 0.02, 0.25, 0.08, 0.39, 0.16, 0.47),
        ("L", -0.16, 0.47),
        ("C", -0.08, 0.39, -0.02, 0.25, 0.0, 0.0),
        ("Z",),
    ]
    return [*leaves, centre, stem], []


_SUIT_SHAPES = {
    "sun": _sun,
    "moon": _moon,
    "crown": _crown,
    "anchor": _anchor,
    "heart": _heart,
    "spade": _spade,
    "diamond": _diamond,
    "club": _club,
}


def suit_name(name: str) -> str:
    """The canonical suit name for `name` (case-insensitive; plurals and "arms" accepted)."""
    key = name.strip().lower()
    key = SUIT_ALIASES.get(key, key)
    if key not in _SUIT_SHAPES and key.endswith("s") and key[:-1] in _SUIT_SHAPES:
        key = key[:-1]
    if key not in _SUIT_SHAPES:
        raise ValueError(f"unknown suit {name!r}: use one of {', '.join(SUITS)}")
    return key


def suit(
    canvas: Canvas, name: str, cx: float, cy: float, size: float, style: Style = FILLED
) -> None:
    """Draw suit `name` centred at (cx, cy), fitting a size x size box (filled black by default)."""
    if size <= 0:
        raise ValueError(f"suit size {size} must be positive")
    unit, several = _suit_path(suit_name(name))
    _draw_unit(canvas, unit, several, cx, cy, size, style)


@cache
def _suit_path(name: str) -> tuple[tuple[PathCommand, ...], bool]:
    """A suit's unit-box path and whether it has several parts, built and wound once: a
    Triactor printable draws suits by the thousand (tiles, coins, dice, slips)."""
    parts, holes = _SUIT_SHAPES[name]()
    return _unit_path(parts, holes), len(parts) > 1


# --- dice, arrows, markers -----------------------------------------------------------

# Pip positions on a 3 x 3 grid (column, row), as on a standard die.
PIP_LAYOUT: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def pips(
    canvas: Canvas,
    value: int,
    x: float,
    y: float,
    size: float,
    *,
    style: Style = FILLED,
    square: bool = False,
) -> None:
    """Pips of die face `value` (1..6) in the size x size face whose top-left corner is (x, y).

    Round pips sit at a quarter, half and three quarters of the face; square=True gives large
    square pips filling the cells of a 3 x 3 grid (bold, easy to read from across a table).
    """
    if isinstance(value, bool) or value not in PIP_LAYOUT:
        raise ValueError(f"die value {value!r}: pips are drawn for 1 to 6")
    if size <= 0:
        raise ValueError(f"die face size {size} must be positive")
    parts: list[Subpath] = []
    for col, row in PIP_LAYOUT[value]:
        if square:
            ux, uy = (col + 0.5) / 3 - 0.5, (row + 0.5) / 3 - 0.5
            h = 0.125
            parts.append(
                _poly([(ux - h, uy - h), (ux + h, uy - h), (ux + h, uy + h), (ux - h, uy + h)])
            )
        else:
            ux, uy = (col + 1) / 4 - 0.5, (row + 1) / 4 - 0.5
            parts.append(_circle(ux, uy, 0.1))
    _emit(canvas, parts, [], x + size / 2, y + size / 2, size, style)


def arrow(
    canvas: Canvas,
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    style: Style = INK,
    head: float = 3.0,
) -> None:
    """A line from (x1, y1) to (x2, y2) with a filled head `head` mm long at the end.

    The head is filled in the line's colour (in mono too: it is a mark, not an area); the line
    stops inside the head so a thick line's end never pokes through the point. Nothing is drawn for a zero-length arrow.
    """
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = min(head, length)
    half = head * 0.4
    bx, by = x2 - ux * head, y2 - uy * head
    stop = head * 0.5
    if length > stop:
        canvas.line(x1, y1, x2 - ux * stop, y2 - uy * stop, style)
    colour = style.stroke or BLACK
    canvas.polygon(
        [(x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
        Style(stroke=None, fill=colour, opacity=style.opacity, ink=True),
    )


def _regular(n: int, r: float, start: float = -90.0) -> list[tuple[float, float]]:
    return [
        (
            r * math.cos(math.radians(start + i * 360 / n)),
            r * math.sin(math.radians(start + i * 360 / n)),
        )
        for i in range(n)
    ]


def _marker_shape(symbol: str, r: float) -> Subpath:
    """Outline of a player marker of radius r about the origin (unit-free)."""
    if symbol == "circle":
        return _circle(0, 0, r)
    if symbol == "square":
        h = r * 0.82
        return _poly([(-h, -h), (h, -h), (h, h), (-h, h)])
    if symbol == "triangle":
        # equilateral, apex up, as wide as the box and centred in its height
        h = r * math.sqrt(3) / 2
        return _poly([(0, -h), (r, h), (-r, h)])
    if symbol == "diamond":
        return _poly([(0, -r), (r * 0.72, 0), (0, r), (-r * 0.72, 0)])
    if symbol == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + i * 36)
            pts.append((rad * math.cos(a), rad * math.sin(a)))
        return _poly(pts)
    if symbol == "cross":
        w, h = r * 0.32, r * 0.95
        return _poly(
            [
                (-w, -h), (w, -h), (w, -w), (h, -w), (h, w), (w, w),
                (w, h), (-w, h), (-w, w), (-h, w), (-h, -w), (-w, -w),
            ]
        )  # fmt: skip
    if symbol == "hexagon":
        return _poly(_regular(6, r, -90.0))
    if symbol == "pentagon":
        return _poly(_regular(5, r, -90.0))
    raise ValueError(f"unknown marker {symbol!r}: use one of {', '.join(PLAYER_SYMBOLS)}")


def player_marker(
    canvas: Canvas, index: int, cx: float, cy: float, size: float, style: Style | None = None
) -> None:
    """The marker of player `index` (0..7): a distinct shape each, in the player's colour.

    The shape carries the identity (palette.PLAYER_SYMBOLS), so a greyscale print or a
    colour-blind player loses nothing; by default the fill is the player's colour with a black
    edge, hatched as well on a mono page. The edge stays inside the size x size box.
    """
    if size <= 0:
        raise ValueError(f"marker size {size} must be positive")
    if style is None:
        style = player_style(index, canvas.mono)
    symbol = PLAYER_SYMBOLS[index] if 0 <= index < len(PLAYER_SYMBOLS) else None
    if symbol is None:
        raise ValueError(f"player index {index} out of range 0..{len(PLAYER_SYMBOLS) - 1}")
    edge = style.width / 2 if style.stroke is not None else 0.0
    r = max(size / 2 - edge, size * 0.05)
    shape = _marker_shape(symbol, r)
    cmds: list[PathCommand] = []
    for c in _wound(shape):
        if c[0] == "Z":
            cmds.append(c)
        else:
            cmds.append((c[0], *(cx + v if i % 2 == 0 else cy + v for i, v in enumerate(c[1:]))))
    canvas.path(cmds, style)
