"""Dice nets fold into closed solids: proved by folding each net onto the solid's own faces.

The fold here is independent of nets.py's declared partners: faces are matched to the cube's
or octahedron's faces by walking the net's shared edges (found from coordinates), then every
edge of the solid must be made of exactly one pair (a fold, or a tab and the bare edge it is
glued under). Then the drawing: PDF coordinates give the printed edge length.
"""

from __future__ import annotations

import io
import itertools
import math
import re

import pytest
from pypdf import PdfReader

from generator.render import layout, nets
from generator.render.canvas import CUT, Canvas
from generator.render.document import Document
from generator.render.paper import Paper
from generator.render.pdf import PT_PER_MM, pdf_bytes

# --- the solids, faces listed counterclockwise seen from outside ----------------------------


def _sub(a, b):
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def _outward(vertices, faces):
    out = []
    for f in faces:
        centre = tuple(sum(vertices[i][k] for i in f) / len(f) for k in range(3))
        n = _cross(_sub(vertices[f[1]], vertices[f[0]]), _sub(vertices[f[2]], vertices[f[0]]))
        out.append(tuple(f) if _dot(n, centre) > 0 else tuple(reversed(f)))
    return out


CUBE_V = [tuple(c - 0.5 for c in v) for v in itertools.product((0, 1), repeat=3)]


def _cube_face(axis: int, side: int) -> tuple[int, ...]:
    a, b, c, d = (i for i, v in enumerate(CUBE_V) if (v[axis] > 0) == bool(side))
    return (a, b, d, c)  # the two middle vertices differ in two coordinates: swap for a cycle


CUBE_F = _outward(CUBE_V, [_cube_face(ax, s) for ax in range(3) for s in (0, 1)])
OCTA_V = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
OCTA_F = _outward(
    OCTA_V,
    [
        (OCTA_V.index((sx, 0, 0)), OCTA_V.index((0, sy, 0)), OCTA_V.index((0, 0, sz)))
        for sx, sy, sz in itertools.product((1, -1), repeat=3)
    ],
)
SOLIDS = {"cube": (CUBE_V, CUBE_F), "octahedron": (OCTA_V, OCTA_F)}


def _key(p):
    return (round(p[0], 6), round(p[1], 6))


def fold(net: nets.Net):
    """Map each net face to a solid face (corner by corner) by folding along shared edges.

    Returns (solid face of each net face, solid vertex of each corner, the fold edges found).
    """
    vertices, solid_faces = SOLIDS[net.solid]
    corners = [f.corners for f in net.faces]
    by_edge: dict = {}
    for fi, cs in enumerate(corners):
        for k in range(len(cs)):
            e = frozenset((_key(cs[k]), _key(cs[(k + 1) % len(cs)])))
            by_edge.setdefault(e, []).append((fi, k))
    folds = [sides for sides in by_edge.values() if len(sides) == 2]
    assert all(len(sides) <= 2 for sides in by_edge.values())
    corner_map = {0: solid_faces[0]}
    face_map = {0: 0}
    todo = [0]
    while todo:
        a = todo.pop()
        for sides in folds:
            (f1, k1), (f2, k2) = sides if sides[0][0] == a else sides[::-1]
            if f1 != a or f2 in corner_map:
                continue
            m = len(corner_map[a])
            u, v = corner_map[a][k1], corner_map[a][(k1 + 1) % m]
            # the neighbour runs the shared edge the other way: find the solid face with v -> u
            hits = [
                (si, r)
                for si, sf in enumerate(solid_faces)
                for r in range(len(sf))
                if sf[r] == v and sf[(r + 1) % len(sf)] == u
            ]
            assert len(hits) == 1
            si, r = hits[0]
            sf = solid_faces[si]
            n = len(corners[f2])
            assert n == len(sf)
            corner_map[f2] = tuple(sf[(r + t - k2) % n] for t in range(n))
            face_map[f2] = si
            todo.append(f2)
    return face_map, corner_map, folds


def solid_edge(corner_map, face: int, side: int) -> frozenset:
    cs = corner_map[face]
    return frozenset((cs[side], cs[(side + 1) % len(cs)]))


NETS = [
    pytest.param(nets.cube_layout, 6, 5, 7, id="cube"),
    pytest.param(nets.d8_layout, 8, 7, 5, id="d8"),
]


@pytest.mark.parametrize(("layout_fn", "n_faces", "n_folds", "n_tabs"), NETS)
@pytest.mark.parametrize("edge", [8.0, 16.0, 25.4])
def test_net_folds_onto_every_face_once_and_every_edge_is_one_pair(
    layout_fn, n_faces, n_folds, n_tabs, edge
):
    net = layout_fn(edge)
    face_map, corner_map, folds = fold(net)
    assert len(net.faces) == n_faces
    assert sorted(face_map.values()) == list(range(n_faces))  # a net: each face of the solid once
    assert len(folds) == n_folds == n_faces - 1  # a spanning tree of the faces
    assert len(net.tabs) == len(net.tab_edges()) == n_tabs

    # every edge of the solid: exactly one fold, or exactly one tab with one bare edge
    pairs: dict[frozenset, list[str]] = {}
    for sides in folds:
        e1, e2 = (solid_edge(corner_map, f, k) for f, k in sides)
        assert e1 == e2
        pairs.setdefault(e1, []).append("fold")
    for e in net.edges:
        if e.kind in ("tab", "cut"):
            pairs.setdefault(solid_edge(corner_map, e.face, e.side), []).append(e.kind)
    assert len(pairs) == 12  # both solids have 12 edges
    kinds = sorted(tuple(sorted(v)) for v in pairs.values())
    assert kinds.count(("fold",)) == n_folds
    assert kinds.count(("cut", "tab")) == n_tabs
    assert len(kinds) == n_folds + n_tabs


@pytest.mark.parametrize(("layout_fn", "n_faces", "n_folds", "n_tabs"), NETS)
def test_declared_topology_agrees_with_the_fold(layout_fn, n_faces, n_folds, n_tabs):
    net = layout_fn(16.0)
    _, corner_map, folds = fold(net)
    found = {frozenset(sides) for sides in folds}
    declared = {frozenset({(e.face, e.side), e.partner}) for e in net.edges if e.kind == "fold"}
    assert found == declared
    assert len(net.folds()) == n_folds
    for e in net.tab_edges():
        partner = net.side(*e.partner)
        assert partner.kind == "cut" and partner.partner == (e.face, e.side)
        assert solid_edge(corner_map, e.face, e.side) == solid_edge(corner_map, *e.partner)
    assert len(net.cut_edges()) == n_tabs


def test_d6_opposite_faces_sum_to_seven_and_one_two_three_run_counterclockwise():
    net = nets.cube_layout()
    face_map, _, _ = fold(net)
    vertices, solid_faces = SOLIDS["cube"]

    def normal(value: int):
        face = next(f for f in net.faces if f.value == value)
        sf = solid_faces[face_map[face.index]]
        return tuple(sum(vertices[i][k] for i in sf) for k in range(3))

    for v in range(3):
        assert _dot(normal(v), normal(5 - v)) < 0 and _cross(normal(v), normal(5 - v)) == (0, 0, 0)
    # seen from outside the shared corner, 1 -> 2 -> 3 turns counterclockwise (right-handed die)
    assert _dot(normal(0), _cross(normal(1), normal(2))) > 0


def test_d8_opposite_faces_sum_to_nine():
    net = nets.d8_layout()
    face_map, _, _ = fold(net)
    vertices, solid_faces = SOLIDS["octahedron"]
    signs = {}
    for f in net.faces:
        sf = solid_faces[face_map[f.index]]
        signs[f.value + 1] = tuple(sum(vertices[i][k] for i in sf) for k in range(3))
    for v in range(1, 9):
        assert signs[9 - v] == tuple(-c for c in signs[v])


def _separated(p, q) -> bool:
    """Convex polygons p and q share no interior (separating axis test)."""
    for poly in (p, q):
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            n = (b[1] - a[1], a[0] - b[0])
            pp = [n[0] * x + n[1] * y for x, y in p]
            qq = [n[0] * x + n[1] * y for x, y in q]
            if max(pp) <= min(qq) + 1e-6 or max(qq) <= min(pp) + 1e-6:
                return True
    return False


@pytest.mark.parametrize("layout_fn", [nets.cube_layout, nets.d8_layout])
def test_faces_and_tabs_never_overlap_so_the_net_can_be_cut_out(layout_fn):
    net = layout_fn(16.0)
    shapes = [f.corners for f in net.faces] + [poly for _, poly in net.tabs]
    for p, q in itertools.combinations(shapes, 2):
        assert _separated(p, q)
    for (face, side), poly in net.tabs:
        e = net.side(face, side)
        assert (poly[0], poly[-1]) == (e.a, e.b)  # the tab stands on its edge
        assert e.kind == "tab"
        assert math.dist(poly[1], poly[2]) > 0  # a trapezoid, not a triangle
        assert 0 < net.tab <= 0.45 * net.edge


@pytest.mark.parametrize("layout_fn", [nets.cube_layout, nets.d8_layout])
def test_every_face_side_is_the_edge_length(layout_fn):
    net = layout_fn(16.0)
    for f in net.faces:
        n = len(f.corners)
        for k in range(n):
            assert math.dist(f.corners[k], f.corners[(k + 1) % n]) == pytest.approx(16.0, abs=1e-6)


def test_net_sizes_match_what_is_drawn():
    for edge in (10.0, 16.0, 25.0):
        for draw, size in ((nets.cube_net, nets.cube_net_size), (nets.d8_net, nets.d8_net_size)):
            c = Canvas(300, 300)
            draw(c, 7.0, 11.0, edge)
            pts = [p for _, ps in c.absolute_points() for p in ps]
            w, h = size(edge)
            assert min(x for x, _ in pts) == pytest.approx(7.0, abs=1e-3)
            assert min(y for _, y in pts) == pytest.approx(11.0, abs=1e-3)
            assert max(x for x, _ in pts) - 7.0 == pytest.approx(w, abs=1e-3)
            assert max(y for _, y in pts) - 11.0 == pytest.approx(h, abs=1e-3)
    assert nets.cube_net_size(16.0) == pytest.approx((4 * 16 + 4.8, 3 * 16))


def seg_key(a, b) -> frozenset:  # noqa: ANN001
    return frozenset((round(p[0], 3), round(p[1], 3)) for p in (a, b))


def fold_lines(c: Canvas) -> list:
    return [
        op
        for op, _ in c.flat()
        if op.kind == "path" and op.style.stroke == nets.NET_FOLD_GREY and op.style.dash
    ]


def test_cut_lines_are_solid_and_fold_lines_dashed_along_the_whole_fold():
    """The cut line is one closed path round the faces and tabs (a cutting machine cuts it in
    one go); each fold (shared face edge or tab base) is one fine grey dashed line from corner
    to corner, its dashes fitted so a dash touches each corner (issue 26: the ticks at the
    ends left 80 % of every fold blank)."""
    for draw, folds, tabs in ((nets.cube_net, 5, 7), (nets.d8_net, 7, 5)):
        c = Canvas(300, 300)
        net = draw(c, 0, 0)
        paths = [op for op, _ in c.flat() if op.kind == "path"]
        (cut,) = [op for op in paths if op.style == CUT]
        assert cut.data[-1] == ("Z",) and sum(cmd[0] == "M" for cmd in cut.data) == 1
        assert len(cut.data) - 1 == len(net.outline()) == (len(net.cut_edges()) + 3 * tabs)
        lines = fold_lines(c)
        assert len(lines) == folds + tabs  # shared face edges + every tab's base
        assert not CUT.dash and CUT.stroke == "#000000" and CUT.width == 0.25
        want = {seg_key(e.a, e.b) for e in net.folds() + net.tab_edges()}
        drawn = set()
        for op in lines:
            assert [cmd[0] for cmd in op.data] == ["M", "L"]
            a, b = op.data[0][1:], op.data[1][1:]
            drawn.add(seg_key(a, b))
            assert math.dist(a, b) == pytest.approx(net.edge, abs=1e-3)  # the whole fold
            assert op.style.width == 0.15 < CUT.width
            on, off = op.style.dash
            n = round((net.edge + off) / (on + off))
            assert n * on + (n - 1) * off == pytest.approx(net.edge, abs=1e-2)  # ends inked
            assert 0.7 <= on <= 1.3 and 0.5 <= off <= 1.1
        assert drawn == want


def test_fold_dashes_fit_any_edge():
    for length in (5.0, 8.0, 16.0, 20.0, 33.3):
        on, off = nets.fold_style(length).dash
        n = round((length + off) / (on + off))
        assert n >= 2 and n * on + (n - 1) * off == pytest.approx(length, abs=1e-2)


def test_face_callbacks_get_an_upright_frame_at_the_face_centre():
    """Each callback marks its origin, its "up" point and a corner; all land where they should."""

    def square(c: Canvas, edge: float) -> None:
        c.polyline([(0, 0), (0, -edge / 2), (edge / 2, edge / 2)])  # centre, top middle, corner

    def triangle(c: Canvas, edge: float) -> None:
        h = edge * math.sqrt(3) / 2
        c.polyline([(0, 0), (0, -2 * h / 3), (edge / 2, h / 3)])  # centroid, apex, base corner

    for draw, callback, n in ((nets.cube_net, square, 6), (nets.d8_net, triangle, 8)):
        c = Canvas(300, 300)
        net = draw(c, 5, 7, 16, [callback] * n)
        marks = [
            pts
            for op, pts in c.absolute_points()
            if op.kind == "path" and op.style != CUT and op.style.stroke != nets.NET_FOLD_GREY
        ]
        assert len(marks) == n
        for face, (centre, up, corner) in zip(net.faces, marks, strict=True):
            corners = [(x + 5, y + 7) for x, y in face.corners]
            assert centre == pytest.approx((face.centre[0] + 5, face.centre[1] + 7), abs=1e-3)
            assert any(math.dist(corner, p) < 1e-3 for p in corners)
            if n == 6:
                # upright: "up" is the middle of the side with the smallest y
                top = min(corners, key=lambda p: p[1])[1]
                assert up == pytest.approx((centre[0], top), abs=1e-3)
            else:
                # an upward triangle keeps its frame, a downward one is turned 180 degrees
                ys = [round(p[1], 6) for p in corners]
                lone = next(p for p, y in zip(corners, ys, strict=True) if ys.count(y) == 1)
                points_up = lone[1] < centre[1]
                assert math.dist(up, lone) < 1e-3  # the local apex is the lone corner
                assert face.rotate == (0.0 if points_up else 180.0)


def test_wrong_number_of_faces_and_tiny_edges_are_refused():
    from generator.errors import InvalidInput

    with pytest.raises(ValueError, match="needs 6 face callbacks"):
        nets.cube_net(Canvas(100, 100), 0, 0, 16, [None] * 5)
    with pytest.raises(InvalidInput, match="too small to fold"):
        nets.d8_layout(3.0)


# --- the printed edge, read back from the PDF ------------------------------------------------

NUM = r"-?(?:\d+\.?\d*|\.\d+)"


def pdf_strokes(pdf: bytes, page: int = 0) -> list[tuple[bool, list[tuple[float, float]]]]:
    """(dashed?, points in mm with y down) for every stroked m/l path in a page's content."""
    reader = PdfReader(io.BytesIO(pdf))
    height = float(reader.pages[page].mediabox.height)
    stream = reader.pages[page].get_contents().get_data().decode("latin-1")
    out = []
    for block in re.findall(r"\bq\b(.*?)\bQ\b", stream, re.S):
        if not re.search(r"\bS\s*$", block.strip()):
            continue
        dashed = re.search(r"\[[^\]]+\] 0 d", block) is not None
        path = re.search(rf"n ((?:{NUM} {NUM} [ml] ?)+)", block)
        if not path:
            continue
        nums = re.findall(rf"({NUM}) ({NUM}) [ml]", path.group(1))
        pts = [(float(x) / PT_PER_MM, (height - float(y)) / PT_PER_MM) for x, y in nums]
        out.append((dashed, pts))
    return out


@pytest.mark.parametrize(
    ("draw", "edge", "folds", "bare"),
    [(nets.cube_net, 16.0, 5 + 7, 7), (nets.d8_net, 16.0, 7 + 5, 5), (nets.cube_net, 22.5, 12, 7)],
)
def test_printed_face_edges_measure_the_edge_in_the_pdf(draw, edge, folds, bare):
    doc = Document("net", "Net test")
    c, box = layout.page(doc, Paper.get("a4"))
    draw(c, box.x, box.y, edge)
    strokes = pdf_strokes(pdf_bytes(doc))
    dashed = [pts for d, pts in strokes if d]
    solid = [pts for d, pts in strokes if not d and len(pts) > 4]
    assert len(dashed) == folds  # each fold: one dashed line, an edge long
    for pts in dashed:
        assert len(pts) == 2
        assert math.dist(pts[0], pts[1]) == pytest.approx(edge, abs=0.1)
    (outline,) = solid  # the cut line, one path round the net
    sides = [math.dist(p, q) for p, q in zip(outline, outline[1:] + outline[:1], strict=True)]
    assert sum(1 for d in sides if abs(d - edge) < 0.1) == bare  # the bare face edges
