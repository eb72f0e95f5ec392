"""Dice nets: a cube (d6) and an octahedron (d8) with glue tabs, faces drawn by callbacks.

A net is data first (faces, which edges fold, which carry a glue tab and which bare edge each
tab is glued to) and drawing second, so tests can fold it combinatorially and prove it closes
into the solid, and materials can draw any faces on it. Print conventions: solid = cut,
dashed = fold (face edges shared by two faces and the base of every tab).

As printed (pieces.py): the net is a piece, `piece-N`, whose cut line is one closed path, the
outline of the faces with their tabs (a cutting machine cuts it in one go). Every fold (a face
edge two faces share, and the base of every glue tab) is one fine grey dashed line along its
whole length (FOLD_STYLE: 0.15 mm, NET_FOLD_GREY, about 1 mm dashes fitted so that a dash
starts and ends at each of its corners), so a net can be scored against a ruler and folded
as drawn, and the d8's eight triangles show on the flat sheet. It reads as a fold beside
the black solid cut line (0.25 mm) and, light and thin, hardly shows on the folded die,
where each fold becomes one of its edges. (Earlier nets marked a fold by two 2 mm dashes at
its ends only, to keep the line off the die's faces; on paper the middle 80 % of each fold
was blank and the d8's faces could not be told apart.) Every tab says "glue" (GLUE_SIZE pt,
inside the tab), and a tab too small for the word (edges under about 9 mm) is hatched
instead (GLUE_HATCH_NOTE says so on the page). A face drawn in a colour to its cut edge
bleeds past it (pieces.BLEED).

Cube: the "1-4-1" cross (a strip of four squares with one square above and one below the
second), 5 folds and 7 tabs. Octahedron: two zig-zag rows of four triangles joined by one
edge, 7 folds and 5 tabs. The face order puts opposite faces at values summing to 7 (d6) and
9 (d8), and 1, 2, 3 run counterclockwise around their shared corner on the d6, as on
Western dice.

No heavy imports: only the canvas.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.errors import InvalidInput
from generator.render import pieces
from generator.render.canvas import CUT, Canvas, Point, Style
from generator.render.pages import usable_box
from generator.render.paper import Paper

FaceDrawer = Callable[[Canvas, float], None]

DEFAULT_EDGE = 16.0  # mm: a standard 16 mm die
MIN_EDGE = 5.0  # mm: smaller faces cannot be folded or glued by hand
TAB_TAPER = 45.0  # degrees between a tab's base and its slanted sides
NET_FOLD_GREY = "#808080"  # a fold's ink: lighter than a cut, dark enough to score along
FOLD_DASH = 1.0  # mm, about: each fold's dashes are fitted to its length
FOLD_GAP = 0.8  # mm, about
FOLD_STYLE = Style(stroke=NET_FOLD_GREY, width=0.15, dash=(FOLD_DASH, FOLD_GAP))
GLUE_SIZE = 6.0  # pt: the word "glue" on every tab
GLUE_COLOUR = "#555555"
GLUE_MARGIN = 0.3  # mm between the word and the tab's outline
GLUE_HATCH = Style(stroke=None, hatch="diagonal", hatch_colour="#9a9a9a", hatch_spacing=1.0)
GLUE_HATCH_NOTE = "hatched tabs: glue"  # for the page, when a net's tabs are too small

_H = math.sqrt(3.0) / 2.0  # height of an equilateral triangle with unit edge


@dataclass(frozen=True)
class NetFace:
    """One face as laid out on the sheet (mm, net coordinates: origin at the net's top-left).

    corners: listed counterclockwise as seen on the printed side (the outside of the solid);
    side k runs from corners[k] to corners[k + 1].
    value: which callback draws it (faces[value]); 0-based, so the d6 face showing 1 is value 0.
    rotate: degrees the callback's frame is turned so the face reads upright (180 for the
    octahedron's downward triangles).
    """

    index: int
    value: int
    corners: tuple[Point, ...]
    centre: Point
    rotate: float


@dataclass(frozen=True)
class NetEdge:
    """One side of one face.

    kind: "fold" (shared with another face in the net), "tab" (carries a glue tab) or "cut"
    (a bare edge that is glued onto a tab). partner: (face, side) across the fold, or the
    (face, side) this edge meets on the solid (the tab's bare edge, or the tab that covers it).
    """

    face: int
    side: int
    a: Point
    b: Point
    kind: str
    partner: tuple[int, int]


@dataclass(frozen=True)
class Net:
    solid: str  # "cube" | "octahedron"
    edge: float  # mm, every face edge
    tab: float  # mm, the height of every glue tab
    width: float  # mm, bounding box including tabs
    height: float
    faces: tuple[NetFace, ...]
    edges: tuple[NetEdge, ...]  # every side of every face (a fold appears once from each face)
    tabs: tuple[tuple[tuple[int, int], tuple[Point, ...]], ...]  # ((face, side), 4 corners)

    def folds(self) -> list[NetEdge]:
        """Each fold between two faces once (seen from the lower-numbered face)."""
        return [e for e in self.edges if e.kind == "fold" and e.face < e.partner[0]]

    def tab_edges(self) -> list[NetEdge]:
        return [e for e in self.edges if e.kind == "tab"]

    def cut_edges(self) -> list[NetEdge]:
        return [e for e in self.edges if e.kind == "cut"]

    def side(self, face: int, side: int) -> NetEdge:
        for e in self.edges:
            if e.face == face and e.side == side:
                return e
        raise KeyError((face, side))

    def outline(self) -> tuple[Point, ...]:
        """The cut line: the boundary of the faces with their tabs, one closed polygon
        (every bare edge and the three outer sides of every tab, in order round the net)."""
        segments = [(e.a, e.b) for e in self.edges if e.kind == "cut"]
        for _, poly in self.tabs:
            segments += list(zip(poly, poly[1:], strict=False))
        ends: dict[tuple[float, float], list[int]] = {}

        def key(p: Point) -> tuple[float, float]:
            return round(p[0], 4), round(p[1], 4)

        for i, (a, b) in enumerate(segments):
            ends.setdefault(key(a), []).append(i)
            ends.setdefault(key(b), []).append(i)
        if any(len(v) != 2 for v in ends.values()):
            raise AssertionError(f"{self.solid} net outline is not one simple loop")
        used = {0}
        a, b = segments[0]
        loop = [a, b]
        while len(used) < len(segments):
            nxt = next(i for i in ends[key(loop[-1])] if i not in used)
            used.add(nxt)
            p, q = segments[nxt]
            loop.append(q if key(p) == key(loop[-1]) else p)
        if key(loop[-1]) != key(loop[0]):
            raise AssertionError(f"{self.solid} net outline does not close")
        return tuple(loop[:-1])

    def tabs_say_glue(self) -> bool:
        """Do the tabs hold the word "glue" (else they are hatched)?"""
        return all(_glue_spot(poly) is not None for _, poly in self.tabs)


# --- templates (unit edge, y down) -----------------------------------------------------------
# Each template: face corners (counterclockwise on the page), the value each position shows,
# and the glued pairs of bare edges as ((face, side) with the tab, (face, side) without).


def _square(x: float, y: float) -> tuple[Point, ...]:
    # top-left, bottom-left, bottom-right, top-right: counterclockwise on the page (y down)
    return ((x, y), (x, y + 1), (x + 1, y + 1), (x + 1, y))


def _down(x: float, y: float) -> tuple[Point, ...]:
    """Triangle with its top edge from (x, y) to (x + 1, y), apex below."""
    return ((x, y), (x + 0.5, y + _H), (x + 1, y))


def _up(x: float, y: float) -> tuple[Point, ...]:
    """Triangle with its base from (x, y) to (x + 1, y), apex above."""
    return ((x, y), (x + 1, y), (x + 0.5, y - _H))


# Cube cross: T above S1; strip S0 S1 S2 S3; B below S1. Square sides: 0 left, 1 bottom,
# 2 right, 3 top. Values: S1 shows 1, S3 (its opposite) 6; S0 2 / S2 5; B 3 / T 4.
_CUBE_FACES = (
    _square(1, 0),  # 0 T
    _square(0, 1),  # 1 S0
    _square(1, 1),  # 2 S1
    _square(2, 1),  # 3 S2
    _square(3, 1),  # 4 S3
    _square(1, 2),  # 5 B
)
_CUBE_VALUES = (3, 1, 0, 4, 5, 2)
_CUBE_GLUE = (
    ((0, 0), (1, 3)),  # T left onto S0 top
    ((0, 2), (3, 3)),  # T right onto S2 top
    ((5, 0), (1, 1)),  # B left onto S0 bottom
    ((5, 2), (3, 1)),  # B right onto S2 bottom
    ((4, 3), (0, 3)),  # S3 top onto T top
    ((4, 1), (5, 1)),  # S3 bottom onto B bottom
    ((4, 2), (1, 0)),  # S3 right onto S0 left
)

# Octahedron: row 1 is down, up, down, up from x = 0; row 2 the same from x = 1.5, joined
# where row 1's last triangle stands on row 2's first. Down-triangle sides: 0 left slant,
# 1 right slant, 2 top; up-triangle sides: 0 base, 1 right slant, 2 left slant.
_D8_FACES = (
    _down(0, 0),
    _up(0.5, _H),
    _down(1, 0),
    _up(1.5, _H),
    _down(1.5, _H),
    _up(2, 2 * _H),
    _down(2.5, _H),
    _up(3, 2 * _H),
)
# Opposite positions (found by folding): 0-3, 1-6, 2-5, 4-7; values k and 7 - k go there.
_D8_VALUES = (0, 1, 2, 7, 3, 5, 6, 4)
_D8_GLUE = (
    ((0, 0), (5, 0)),  # left end slant onto the bottom of row 2's middle up triangle
    ((0, 2), (7, 0)),  # first top edge onto the last base
    ((1, 0), (4, 0)),  # row 1's first base onto row 2's first left slant (inside the notch)
    ((2, 2), (7, 1)),  # second top edge onto the right end slant
    ((6, 2), (3, 1)),  # row 2's second top edge onto row 1's last right slant (inside the notch)
)


def _default_tab(edge: float) -> float:
    """About 30 % of the edge, at least 3 mm to hold glue, at most 8 mm, never over 40 %."""
    return round(min(max(0.3 * edge, 3.0), 8.0, 0.4 * edge), 3)


def _check_edge(edge: float) -> None:
    if not (edge >= MIN_EDGE) or not math.isfinite(edge):
        raise InvalidInput(
            f"die edge {edge:g} mm is too small to fold: use at least {MIN_EDGE:g} mm"
        )


def _centroid(pts: Sequence[Point]) -> Point:
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _tab_polygon(a: Point, b: Point, inside: Point, height: float) -> tuple[Point, ...]:
    """Trapezoid on side a-b, on the far side from `inside`, sides tapered at TAB_TAPER."""
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = -uy, ux
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if (inside[0] - mx) * nx + (inside[1] - my) * ny > 0:
        nx, ny = -nx, -ny
    t = height / math.tan(math.radians(TAB_TAPER))
    return (
        a,
        (a[0] + nx * height + ux * t, a[1] + ny * height + uy * t),
        (b[0] + nx * height - ux * t, b[1] + ny * height - uy * t),
        b,
    )


def _build(
    solid: str,
    template: Sequence[tuple[Point, ...]],
    values: Sequence[int],
    glue: Sequence[tuple[tuple[int, int], tuple[int, int]]],
    edge: float,
    tab: float | None,
) -> Net:
    _check_edge(edge)
    tab = _default_tab(edge) if tab is None else float(tab)
    if not 0 < tab <= 0.45 * edge:
        raise InvalidInput(
            f"glue tab {tab:g} mm does not suit a {edge:g} mm edge: use 0 to {0.45 * edge:g} mm"
        )
    faces_u = [tuple((x * edge, y * edge) for x, y in f) for f in template]
    # folds: sides two faces share in the layout
    key = {}
    for fi, corners in enumerate(faces_u):
        for k in range(len(corners)):
            a, b = corners[k], corners[(k + 1) % len(corners)]
            key.setdefault(_edge_key(a, b), []).append((fi, k))
    partner: dict[tuple[int, int], tuple[int, int]] = {}
    kind: dict[tuple[int, int], str] = {}
    for sides in key.values():
        if len(sides) == 2:
            partner[sides[0]], partner[sides[1]] = sides[1], sides[0]
            kind[sides[0]] = kind[sides[1]] = "fold"
    for with_tab, bare in glue:
        partner[with_tab], partner[bare] = bare, with_tab
        kind[with_tab], kind[bare] = "tab", "cut"
    tabs_u = []
    for fi, corners in enumerate(faces_u):
        for k in range(len(corners)):
            if kind.get((fi, k)) == "tab":
                a, b = corners[k], corners[(k + 1) % len(corners)]
                tabs_u.append(((fi, k), _tab_polygon(a, b, _centroid(corners), tab)))
    pts = [p for f in faces_u for p in f] + [p for _, poly in tabs_u for p in poly]
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)

    def shift(p: Point) -> Point:
        return (round(p[0] - x0, 6), round(p[1] - y0, 6))

    faces: list[NetFace] = []
    edges: list[NetEdge] = []
    for fi, corners in enumerate(faces_u):
        cs = tuple(shift(p) for p in corners)
        # a triangle whose apex is below its top edge is drawn with its frame turned 180 degrees
        rotate = 180.0 if len(cs) == 3 and cs[1][1] > cs[0][1] else 0.0
        faces.append(NetFace(fi, values[fi], cs, _centroid(cs), rotate))
        for k in range(len(cs)):
            if (fi, k) not in kind:
                raise AssertionError(f"{solid} net side {(fi, k)} is neither fold nor glued")
            edges.append(
                NetEdge(fi, k, cs[k], cs[(k + 1) % len(cs)], kind[(fi, k)], partner[(fi, k)])
            )
    tabs = tuple((fk, tuple(shift(p) for p in poly)) for fk, poly in tabs_u)
    return Net(
        solid,
        edge,
        tab,
        round(x1 - x0, 6),
        round(y1 - y0, 6),
        tuple(faces),
        tuple(edges),
        tabs,
    )


def _edge_key(a: Point, b: Point) -> frozenset[tuple[float, float]]:
    return frozenset(((round(a[0], 6), round(a[1], 6)), (round(b[0], 6), round(b[1], 6))))


def cube_layout(edge: float = DEFAULT_EDGE, tab: float | None = None) -> Net:
    """The d6 cross net as data (mm, origin at the top-left of its bounding box)."""
    return _build("cube", _CUBE_FACES, _CUBE_VALUES, _CUBE_GLUE, edge, tab)


def d8_layout(edge: float = DEFAULT_EDGE, tab: float | None = None) -> Net:
    """The d8 two-row net as data (mm, origin at the top-left of its bounding box)."""
    return _build("octahedron", _D8_FACES, _D8_VALUES, _D8_GLUE, edge, tab)


def cube_net_size(edge: float = DEFAULT_EDGE) -> tuple[float, float]:
    """Width and height (mm) of the d6 net including its tabs."""
    net = cube_layout(edge)
    return net.width, net.height


def d8_net_size(edge: float = DEFAULT_EDGE) -> tuple[float, float]:
    """Width and height (mm) of the d8 net including its tabs."""
    net = d8_layout(edge)
    return net.width, net.height


def draw_net(
    canvas: Canvas,
    net: Net,
    x: float,
    y: float,
    faces: Sequence[FaceDrawer | None] | None = None,
    *,
    id: str | None = None,
) -> Net:
    """Draw `net` with its top-left corner at (x, y): bleed, faces, the word "glue" on every
    tab, the fold lines and, on top, the cut outline.

    faces[value] draws the face showing that value, in a frame whose origin is the face's
    centre (the centroid for triangles), upright; None (or no list) leaves faces blank. The
    net is a piece (`piece-N`) unless it is drawn inside one (a layout's cell), and bleeds
    itself (kept inside the page's margins) unless that layout does it.
    """
    n = len(net.faces)
    if faces is not None and len(faces) != n:
        raise ValueError(f"a {net.solid} net needs {n} face callbacks, got {len(faces)}")
    placed = pieces.in_piece(canvas)
    if id is None and not placed:
        id = pieces.fresh_id(canvas, pieces.PIECE)
    outer = pieces.open_groups(canvas)
    with canvas.group(id, dx=x, dy=y):
        if faces is not None and not placed:
            _draw_bleed(canvas, net, faces, outer + [pieces.open_groups(canvas)[-1]])
        for face in net.faces:
            draw = faces[face.value] if faces is not None else None
            if draw is not None:
                with canvas.group(dx=face.centre[0], dy=face.centre[1], rotate=face.rotate):
                    draw(canvas, net.edge)
        # the word reads upright on the page, whichever way the net is turned there
        page_turn = sum(-g.rotate if g.mirror_x else g.rotate for g in outer)
        for _, poly in net.tabs:
            spot = _glue_spot(poly, page_turn)
            if spot is None:
                canvas.polygon(poly, GLUE_HATCH)
            else:
                (gx, gy), turn = spot
                canvas.text(
                    gx, gy, "glue", GLUE_SIZE, anchor="middle", colour=GLUE_COLOUR, rotate=turn
                )
        for e in net.edges:
            if (e.kind == "fold" and e.face < e.partner[0]) or e.kind == "tab":
                canvas.line(*e.a, *e.b, fold_style(math.dist(e.a, e.b)))
        pieces.cut_polygon(canvas, net.outline(), CUT)
    return net


def fold_style(length: float) -> Style:
    """FOLD_STYLE with its dashes fitted to a fold `length` mm long: a whole number of dashes
    of about FOLD_DASH mm, the first starting at one corner and the last ending at the other,
    so the whole fold is marked and the corners a ruler is laid on are inked."""
    n = max(2, round((length + FOLD_GAP) / (FOLD_DASH + FOLD_GAP)))
    unit = length / (n * FOLD_DASH + (n - 1) * FOLD_GAP)
    return FOLD_STYLE.with_(dash=(round(FOLD_DASH * unit, 4), round(FOLD_GAP * unit, 4)))


def _glue_spot(poly: Sequence[Point], page_turn: float = 0.0) -> tuple[Point, float] | None:
    """Where "glue" goes on a tab (its baseline point, anchored in the middle, and its turn
    in degrees): centred, along the tab's base, reading as upright on the page as the tab
    allows (the net is turned `page_turn` degrees there); None when the word at GLUE_SIZE
    does not fit GLUE_MARGIN inside the tab."""
    from generator.render.pdf import text_metrics

    a, p1, p2, b = poly
    base = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / base, (b[1] - a[1]) / base
    nx, ny = -uy, ux
    height = (p1[0] - a[0]) * nx + (p1[1] - a[1]) * ny
    if height < 0:
        nx, ny, height = -nx, -ny, -height
    w, ascent, descent = text_metrics("glue", GLUE_SIZE, False)
    tall = ascent + descent
    if tall + 2 * GLUE_MARGIN > height:
        return None
    # the tab narrows by 1 / tan(taper) on each side per mm of height
    narrow = base - 2 * (height / 2 + tall / 2) / math.tan(math.radians(TAB_TAPER))
    if w + 2 * GLUE_MARGIN > narrow:
        return None
    cx = (a[0] + b[0]) / 2 + nx * height / 2
    cy = (a[1] + b[1]) / 2 + ny * height / 2
    turn = math.degrees(math.atan2(nx, -ny))  # the word's "up" along the tab's outward normal
    on_page = (turn + page_turn + 180.0) % 360.0 - 180.0
    if on_page > 90.0 + 1e-9 or on_page < -90.0 + 1e-9:
        turn += 180.0  # never upside down
    turn = (turn + 180.0) % 360.0 - 180.0
    upx, upy = math.sin(math.radians(turn)), -math.cos(math.radians(turn))
    shift = (ascent - descent) / 2
    return (round(cx - upx * shift, 4), round(cy - upy * shift, 4)), round(turn, 4)


def _draw_bleed(canvas: Canvas, net: Net, faces: Sequence[FaceDrawer | None], stack) -> None:  # noqa: ANN001
    """Coloured face fills that reach a cut edge, extended past it (inside the page's
    margins): the net's frame is the one just opened, `stack` the groups round it."""
    scratch = Canvas(canvas.width, canvas.height, mono=canvas.mono)
    for face in net.faces:
        draw = faces[face.value]
        if draw is not None:
            with scratch.group(dx=face.centre[0], dy=face.centre[1], rotate=face.rotate):
                draw(scratch, net.edge)
    fills, _ = pieces.shapes(list(scratch.flat()))
    if not fills:
        return
    room = usable_box(Paper("page", canvas.width, canvas.height))
    planes = pieces.planes_into(pieces.box_planes(room), stack)
    cut = pieces.Shape(CUT, points=net.outline())
    pieces.draw_shapes(canvas, pieces.bleed(fills, [cut], pieces.BLEED, planes))


def cube_net(
    canvas: Canvas,
    x: float,
    y: float,
    edge: float = DEFAULT_EDGE,
    faces: Sequence[FaceDrawer | None] | None = None,
    *,
    tab: float | None = None,
    id: str | None = None,
) -> Net:
    """Draw a d6 net (6 faces, 7 tabs) at (x, y); faces[k] draws the face showing k + 1."""
    return draw_net(canvas, cube_layout(edge, tab), x, y, faces, id=id)


def d8_net(
    canvas: Canvas,
    x: float,
    y: float,
    edge: float = DEFAULT_EDGE,
    faces: Sequence[FaceDrawer | None] | None = None,
    *,
    tab: float | None = None,
    id: str | None = None,
) -> Net:
    """Draw a d8 net (8 faces, 5 tabs) at (x, y); faces[k] draws the face showing k + 1."""
    return draw_net(canvas, d8_layout(edge, tab), x, y, faces, id=id)
