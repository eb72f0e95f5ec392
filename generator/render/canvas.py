"""The drawing contract: one backend-independent canvas in millimetres.

Origin top-left, y grows downwards, every length in millimetres; text sizes in points
(what people who print know). Drawing records operations; the PDF and SVG backends replay
the same record, and tests inspect it, so the three never disagree about what a page holds.

This module imports nothing heavy: materials draw on it without loading reportlab or svgwrite.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

Point = tuple[float, float]
# Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathCommand = tuple

BLACK = "#000000"
WHITE = "#ffffff"
GREY = "#8c8c8c"

# Hatch patterns used in mono output instead of fills (and beside colours, never instead of symbols).
HATCHES = ("diagonal", "backdiagonal", "cross", "horizontal", "vertical", "dots", "grid")

# What each hatch draws, so the PDF and SVG backends agree: families of parallel lines, each family
# the lines y = (n + 1/2) * spacing of a frame turned by the given degrees (clockwise, y down) about
# the drawing's origin; "dots" puts a dot of radius HATCH_DOT * spacing at each cell centre of a
# spacing grid. Hatch lines are HATCH_WIDTH mm wide. Hatches live in the shape's own frame (they
# turn and scale with its group).
HATCH_LINES: dict[str, tuple[float, ...]] = {
    "diagonal": (-45.0,),  # "/"
    "backdiagonal": (45.0,),  # "\"
    "cross": (-45.0, 45.0),  # "x"
    "horizontal": (0.0,),
    "vertical": (90.0,),
    "dots": (),
    "grid": (0.0, 90.0),  # "+"
}
HATCH_WIDTH = 0.2
HATCH_DOT = 0.2


@dataclass(frozen=True)
class Style:
    """How a shape is stroked and filled.

    stroke/fill: "#rrggbb" or None; width in mm; dash: on/off lengths in mm (empty = solid);
    hatch: one of HATCHES drawn inside the shape in `hatch_colour` (spacing in mm).
    Fills use the nonzero winding rule: overlapping subpaths of one path merge; to cut a hole,
    wind the inner subpath the other way. Painting order: fill, hatch, stroke.
    """

    stroke: str | None = BLACK
    width: float = 0.25
    dash: tuple[float, ...] = ()
    fill: str | None = None
    hatch: str | None = None
    hatch_colour: str = BLACK
    hatch_spacing: float = 1.5
    cap: str = "butt"  # butt | round | square
    join: str = "miter"  # miter | round | bevel
    opacity: float = 1.0
    ink: bool = False  # a fill that is a mark (an arrowhead), kept at full grey in mono

    def with_(self, **changes: object) -> Style:
        return replace(self, **changes)  # type: ignore[arg-type]


# The print conventions: solid = cut, dashed = fold, thin grey = guide.
CUT = Style(stroke=BLACK, width=0.25)
FOLD = Style(stroke=BLACK, width=0.2, dash=(2.0, 1.5))
GUIDE = Style(stroke=GREY, width=0.1)
INK = Style(stroke=BLACK, width=0.35)
FILLED = Style(stroke=None, fill=BLACK)


@dataclass(frozen=True)
class Op:
    """One recorded drawing operation.

    kind: "path" | "circle" | "text" | "begin" | "end"
    For "path": data = tuple of path commands; "circle": (cx, cy, r);
    "text": (x, y, string); "begin": group attributes; "end": ().
    """

    kind: str
    data: tuple
    style: Style | None = None
    text: TextStyle | None = None
    group: Group | None = None


@dataclass(frozen=True)
class TextStyle:
    size: float = 10.0  # points
    bold: bool = False
    anchor: str = "start"  # start | middle | end (horizontal); y is the baseline
    colour: str = BLACK
    rotate: float = 0.0  # degrees, clockwise on the page (y down), about (x, y)
    italic: bool = False


@dataclass(frozen=True)
class Group:
    """A nested coordinate system: translate, then rotate (degrees clockwise), then scale."""

    id: str | None = None
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    mirror_x: bool = False  # flip left-right about the group's origin (for duplex backs)

    def apply(self, x: float, y: float) -> Point:
        if self.mirror_x:
            x = -x
        x, y = x * self.scale, y * self.scale
        if self.rotate:
            a = math.radians(self.rotate)
            c, s = math.cos(a), math.sin(a)
            x, y = x * c - y * s, x * s + y * c
        return x + self.dx, y + self.dy


@dataclass
class Canvas:
    """A page being drawn: width and height in mm, and the operations recorded so far.

    `title`, `meta` travel with the page (the footer and the PDF metadata use them).
    """

    width: float
    height: float
    ops: list[Op] = field(default_factory=list)
    id: str = "page"
    mono: bool = False
    _depth: int = 0
    _ids: set[str] = field(default_factory=set)

    # --- shapes -------------------------------------------------------------
    def path(self, commands: Sequence[PathCommand], style: Style = INK) -> None:
        cmds = tuple((c[0], *map(_num, c[1:])) for c in commands)
        if cmds and cmds[0][0] != "M":
            raise ValueError("a path starts with an M command")
        self.ops.append(Op("path", cmds, style=self._styled(style)))

    def polyline(self, points: Sequence[Point], style: Style = INK, closed: bool = False) -> None:
        if len(points) < 2:
            return
        cmds: list[PathCommand] = [("M", *points[0])]
        cmds += [("L", *p) for p in points[1:]]
        if closed:
            cmds.append(("Z",))
        self.path(cmds, style)

    def polygon(self, points: Sequence[Point], style: Style = INK) -> None:
        self.polyline(points, style, closed=True)

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style = INK) -> None:
        self.polyline([(x1, y1), (x2, y2)], style)

    def rect(self, x: float, y: float, w: float, h: float, style: Style = INK) -> None:
        self.polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], style)

    def circle(self, cx: float, cy: float, r: float, style: Style = INK) -> None:
        self.ops.append(Op("circle", (_num(cx), _num(cy), _num(r)), style=self._styled(style)))

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float = 10.0,
        *,
        bold: bool = False,
        anchor: str = "start",
        colour: str = BLACK,
        rotate: float = 0.0,
        italic: bool = False,
    ) -> None:
        if anchor not in ("start", "middle", "end"):
            raise ValueError(f"text anchor {anchor!r}")
        colour = to_grey(colour) if self.mono else colour
        ts = TextStyle(
            size=size, bold=bold, anchor=anchor, colour=colour, rotate=rotate, italic=italic
        )
        self.ops.append(Op("text", (_num(x), _num(y), str(s)), text=ts))

    # --- groups -------------------------------------------------------------
    @contextmanager
    def group(
        self,
        id: str | None = None,
        *,
        dx: float = 0.0,
        dy: float = 0.0,
        rotate: float = 0.0,
        scale: float = 1.0,
        mirror_x: bool = False,
    ) -> Iterator[Canvas]:
        """Draw in a translated/rotated/scaled frame; ids must be unique within a page."""
        if id is not None:
            if id in self._ids:
                raise ValueError(f"duplicate group id {id!r}")
            self._ids.add(id)
        g = Group(id, _num(dx), _num(dy), _num(rotate), _num(scale), mirror_x)
        self.ops.append(Op("begin", (), group=g))
        self._depth += 1
        try:
            yield self
        finally:
            self._depth -= 1
            self.ops.append(Op("end", ()))

    def _styled(self, style: Style) -> Style:
        if not self.mono:
            return style
        return mono_style(style)

    # --- inspection (tests and layout) ---------------------------------------
    def flat(self) -> Iterator[tuple[Op, list[Group]]]:
        """Every drawing op with the stack of groups it sits in (outermost first)."""
        stack: list[Group] = []
        for op in self.ops:
            if op.kind == "begin":
                assert op.group is not None
                stack.append(op.group)
            elif op.kind == "end":
                stack.pop()
            else:
                yield op, list(stack)

    def texts(self) -> list[str]:
        return [op.data[2] for op, _ in self.flat() if op.kind == "text"]

    def absolute_points(self) -> Iterator[tuple[Op, list[Point]]]:
        """Each path/circle/text op with its points mapped to page coordinates."""
        for op, stack in self.flat():
            if op.kind == "path":
                pts = [
                    (c[i], c[i + 1]) for c in op.data if c[0] != "Z" for i in range(1, len(c), 2)
                ]
            else:
                pts = [(op.data[0], op.data[1])]
            out = []
            for x, y in pts:
                for g in reversed(stack):
                    x, y = g.apply(x, y)
                out.append((x, y))
            yield op, out

    def draw_onto(self, other: Canvas, id: str | None = None, **frame: float) -> None:
        """Copy this canvas's ops into another canvas inside a group (used by layouts)."""
        with other.group(id, **frame):  # type: ignore[arg-type]
            other.ops.extend(self.ops)


def _num(v: float) -> float:
    """Round coordinates to 1/10 000 mm so output bytes never depend on float noise."""
    r = round(float(v), 4)
    return 0.0 if r == 0 else r


def to_grey(colour: str | None) -> str | None:
    """Luminance grey of a #rrggbb colour (for ink-saving mono output)."""
    if colour is None or not colour.startswith("#") or len(colour) != 7:
        return colour
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    y = round(0.2126 * r + 0.7152 * g + 0.0722 * b)
    return f"#{y:02x}{y:02x}{y:02x}"


def mono_style(style: Style) -> Style:
    """Mono: strokes in grey levels; fills lightened to save ink (hatching carries the coding),
    except marks drawn as fills (Style.ink: arrowheads), which keep the grey of their line."""
    fill = style.fill
    if style.ink:
        fill = to_grey(fill)
    elif fill is not None and fill.lower() not in (BLACK, WHITE):
        g = int(to_grey(fill)[1:3], 16)  # type: ignore[index]
        g = 255 - (255 - g) // 3  # a third of the ink
        fill = f"#{g:02x}{g:02x}{g:02x}"
    return replace(
        style,
        stroke=to_grey(style.stroke),
        fill=fill,
        hatch_colour=to_grey(style.hatch_colour) or BLACK,
    )
