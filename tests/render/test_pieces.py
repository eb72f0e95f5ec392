"""Pieces as a player cuts, folds and glues them, over every printable with die nets, discs,
cards, tiles or a gutter fold, on A4 and Letter:

(a) a fill in colour that reaches a piece's cut line runs pieces.BLEED mm past it (less only
    where the sheet's margin or half the gap to the next piece stops it), and no bleed lies
    on any piece;
(b) every piece is a `piece-N` group with one closed cut outline (a `cut-N` group holding one
    <path> ending in Z, or one <circle>) in the SVG, for cutting machines;
(c) a net's folds are short dashes at the ends of each fold, not lines along the die's edges;
(d) every glue tab of a net says "glue" (at least 6 pt, inside the net's outline), or is
    hatched when too small for the word, with nets.GLUE_HATCH_NOTE on the page;
(e) a gutter-fold page says where to fold and glue, at the fold line.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import builds
import pytest

from generator.commands.dice import blank_dice_document
from generator.printing import PrintSpec
from generator.render import layout, nets, pieces
from generator.render.canvas import FOLD, WHITE, Canvas, Op, to_grey
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.paper import Paper
from generator.render.svg import page_svg

SVG = "{http://www.w3.org/2000/svg}"


def _docs(game: str, name: str, spec: PrintSpec, **values) -> list[Document]:
    """The printable as its command builds it, shared with the other print checks (builds.py:
    the Triactor tiles take over a second a build)."""
    return list(builds.documents(game, name, spec.paper, spec.mono, spec.landscape, **values))


JOBS = (
    ("dice blank-d6", lambda s: [blank_dice_document("d6", 16.0, s.paper_size(), mono=s.mono)]),
    ("dice blank-d8", lambda s: [blank_dice_document("d8", 16.0, s.paper_size(), mono=s.mono)]),
    ("dice blank-d6 8 mm", lambda s: [blank_dice_document("d6", 8.0, s.paper_size())]),
    ("trading-paint dice", lambda s: _docs("trading-paint", "dice", s)),
    ("trading-paint cars", lambda s: _docs("trading-paint", "cars", s)),
    ("triactor dice", lambda s: _docs("triactor", "dice", s)),
    ("triactor pawns", lambda s: _docs("triactor", "pawns", s)),
    ("triactor coins", lambda s: _docs("triactor", "coins", s)),
    ("triactor horses", lambda s: _docs("triactor", "horses", s)),
    ("triactor slips", lambda s: _docs("triactor", "slips", s)),
    ("triactor tiles", lambda s: _docs("triactor", "board", s, style="tiles")),
    ("pushing-race die", lambda s: _docs("pushing-race", "die", s)),
    ("pushing-race pieces", lambda s: _docs("pushing-race", "pieces", s)),
    ("dice-rush dice", lambda s: _docs("dice-rush", "dice", s)),
)


@cache
def built(paper: str, mono: bool) -> tuple[tuple[str, Document], ...]:
    spec = PrintSpec(out=Path("unused"), paper=paper, mono=mono)
    out = []
    for name, build in JOBS:
        for doc in build(spec):
            layout.add_footers(doc)
            out.append((name, doc))
    return tuple(out)


CASES = [("a4", False), ("letter", False), ("a4", True), ("letter", True)]


# --- reading a page's pieces ------------------------------------------------------------------
@dataclass
class Piece:
    ops: list[tuple[Op, list]]  # every op of the piece, with its group stack
    outline: pieces.Shape

    def contains(self, p: tuple[float, float], margin: float = 0.0) -> bool:
        return _inside(self.outline, p, margin)

    @property
    def box(self) -> Box:
        return _bbox(self.outline)


def _bbox(s: pieces.Shape) -> Box:
    if s.centre is not None:
        (cx, cy), r = s.centre, s.radius
        return Box(cx - r, cy - r, 2 * r, 2 * r)
    xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _inside(s: pieces.Shape, p: tuple[float, float], margin: float = 0.0) -> bool:
    """Is p inside the shape, at least `margin` from its edge?"""
    if s.centre is not None:
        return math.dist(p, s.centre) < s.radius - margin
    pts = s.points
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if (y1 > p[1]) != (y2 > p[1]):
            x = x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1)
            if x > p[0]:
                inside = not inside
    if not inside or margin <= 0:
        return inside
    return all(_seg_dist(p, a, b) >= margin for a, b in zip(pts, pts[1:] + pts[:1], strict=True))


def _seg_dist(p, a, b) -> float:  # noqa: ANN001
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def page_pieces(canvas: Canvas) -> list[Piece]:
    flat = list(canvas.flat())
    groups: dict[str, list] = {}
    for op, stack in flat:
        ids = [g.id for g in stack if (g.id or "").startswith("piece-")]
        if ids:
            groups.setdefault(ids[0], []).append((op, stack))
    out = []
    for ops in groups.values():
        _, cuts = pieces.shapes(ops)
        assert len(cuts) == 1, f"{len(cuts)} cut outlines in one piece"
        out.append(Piece(ops, cuts[0]))
    return out


def page_shapes(canvas: Canvas) -> list[tuple[pieces.Shape, bool]]:
    """Every filled shape on the page in drawing order (closed polygons and circles, page mm),
    with whether it is bleed."""
    out = []
    for op, stack in canvas.flat():
        if op.kind not in ("path", "circle") or op.style is None or op.style.fill is None:
            continue
        if op.style.opacity < 0.999:
            continue
        fills, _ = pieces.shapes([(op, stack)])
        shape = fills[0] if fills else None
        if shape is None and op.style.fill.lower() == WHITE:  # white: not in shapes()
            if op.kind == "circle":
                cx, cy, r = op.data
                k = math.prod(g.scale for g in stack)
                x, y = cx, cy
                for g in reversed(stack):
                    x, y = g.apply(x, y)
                shape = pieces.Shape(op.style, centre=(x, y), radius=r * k)
            else:
                pts = pieces._polygon(op, stack)
                shape = pieces.Shape(op.style, points=pts) if pts else None
        if shape is not None:
            is_bleed = any((g.id or "").startswith("bleed-") for g in stack)
            out.append((shape, is_bleed))
    return out


def top_fill(shapes: list[tuple[pieces.Shape, bool]], p) -> str | None:  # noqa: ANN001
    colour = None
    for s, _ in shapes:
        if _inside(s, p):
            colour = s.style.fill.lower()
    return colour


def _samples(outline: pieces.Shape):
    """(point on the cut line, outward normal) along the outline."""
    if outline.centre is not None:
        (cx, cy), r = outline.centre, outline.radius
        for k in range(24):
            a = 2 * math.pi * k / 24
            n = (math.cos(a), math.sin(a))
            yield (cx + r * n[0], cy + r * n[1]), n
        return
    for a, b, _u, n in pieces._outward(outline.points):
        for t in (0.1, 0.3, 0.5, 0.7, 0.9):
            yield (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), n


def _free_distance(p, n, room: Box, others: list[Piece], own: Piece | None = None) -> float:  # noqa: ANN001
    """How far bleed may reach from p along n: to the room's edge, to the piece's own outline
    again (a net's tab beside a notch), or half way to the nearest other piece."""
    d = 0.0
    step = 0.1
    while d < pieces.BLEED:
        q = (p[0] + n[0] * (d + step), p[1] + n[1] * (d + step))
        if not room.contains(Box(q[0], q[1], 0, 0)):
            return d
        if own is not None and own.contains(q):
            return d
        if any(o.contains(q) for o in others):
            return d / 2
        d += step
    # half the gap to a piece just beyond BLEED
    for k in range(1, 21):
        q = (p[0] + n[0] * (pieces.BLEED + k * step), p[1] + n[1] * (pieces.BLEED + k * step))
        if any(o.contains(q) for o in others):
            return min(pieces.BLEED, (pieces.BLEED + k * step) / 2)
    return pieces.BLEED


# --- the tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("paper", "mono"), CASES)
def test_every_piece_has_one_closed_cut_outline_in_the_svg(paper, mono):
    seen = 0
    for name, doc in built(paper, mono):
        for i, canvas in enumerate(doc.pages, start=1):
            root = ET.fromstring(page_svg(canvas, doc.title))
            piece_groups = [g for g in root.iter(f"{SVG}g") if g.get("id", "").startswith("piece-")]
            # nested pieces (a net in a layout's cell) share their one outline
            outer = [
                g
                for g in piece_groups
                if not any(g in list(o.iter()) and g is not o for o in piece_groups)
            ]
            for g in outer:
                cuts = [c for c in g.iter(f"{SVG}g") if c.get("id", "").startswith("cut-")]
                assert len(cuts) == 1, f"{name} page {i} {g.get('id')}: {len(cuts)} outlines"
                (shape,) = list(cuts[0])
                if shape.tag == f"{SVG}path":
                    d = shape.get("d")
                    assert d.count("M") == 1 and d.endswith("Z"), f"{name}: open cut path"
                else:
                    assert shape.tag in (f"{SVG}circle", f"{SVG}rect"), shape.tag
                seen += 1
            # no cut outline outside a piece
            all_cuts = [c for c in root.iter(f"{SVG}g") if c.get("id", "").startswith("cut-")]
            inside = {id(c) for g in outer for c in g.iter(f"{SVG}g")}
            assert all(id(c) in inside for c in all_cuts), f"{name} page {i}: a stray cut path"
    assert seen > 100


@pytest.mark.parametrize(("paper", "mono"), CASES)
def test_coloured_fills_bleed_past_the_cut_line_and_never_onto_a_piece(paper, mono):
    checked = 0
    problems = []
    for name, doc in built(paper, mono):
        for i, canvas in enumerate(doc.pages, start=1):
            found = page_pieces(canvas)
            shapes = page_shapes(canvas)
            room = layout.usable_box(Paper("page", canvas.width, canvas.height))
            for pc in found:
                own = [s for s, _ in page_shapes_of(pc)]
                others = [o for o in found if o is not pc]
                for p, n in _samples(pc.outline):
                    probe = (p[0] - n[0] * 0.3, p[1] - n[1] * 0.3)
                    colour = None
                    for s in own:
                        if _inside(s, probe):
                            colour = s.style.fill.lower()
                    if colour is None or colour == WHITE:
                        continue
                    reach = _free_distance(p, n, room, others, pc) - 0.15
                    if reach < 0.3:
                        continue
                    q = (p[0] + n[0] * reach, p[1] + n[1] * reach)
                    checked += 1
                    if top_fill(shapes, q) != colour:
                        problems.append(f"{name} page {i}: no {colour} bleed at {q}")
            # no bleed on any piece
            for s, is_bleed in shapes:
                if not is_bleed:
                    continue
                pts = [s.centre] if s.centre is not None else list(s.points)
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
                probes = [(p[0] * 0.9 + cx * 0.1, p[1] * 0.9 + cy * 0.1) for p in pts]
                if s.centre is None:
                    probes.append((cx, cy))
                for q in probes:
                    if s.centre is None and any(pc.contains(q, margin=0.05) for pc in found):
                        problems.append(f"{name} page {i}: bleed on a piece at {q}")
    assert problems == []
    # the slips' grey headers and Triactor's tiles reach their cut lines
    assert checked > 50


def page_shapes_of(pc: Piece) -> list[tuple[pieces.Shape, bool]]:
    c = Canvas(1, 1)
    out = []
    for op, stack in pc.ops:
        c.ops[:] = []
        for g in stack:
            c.ops.append(Op("begin", (), group=g))
        c.ops.append(op)
        c.ops.extend(Op("end", ()) for _ in stack)
        out += page_shapes(c)
    return out


@pytest.mark.parametrize(("paper", "mono"), CASES)
def test_every_fold_of_a_die_net_is_a_line_along_the_whole_fold(paper, mono):
    """Issue 26: a fold drawn as two 2 mm ticks left its middle blank. Each fold is a fine
    grey dashed line from corner to corner (a corner of the cut outline or of two faces)."""
    nets_seen = 0
    for name, doc in built(paper, mono):
        for canvas in doc.pages:
            for pc in page_pieces(canvas):
                if len(pc.outline.points) not in (28, 20):
                    continue  # not a die net (a tent's fold is its ridge, not a die's edge)
                nets_seen += 1
                corners = list(pc.outline.points)
                edge = max(
                    math.dist(a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)
                )
                net = (nets.cube_layout if len(corners) == 28 else nets.d8_layout)(edge)
                folds = [
                    (op, st)
                    for op, st in pc.ops
                    if op.kind == "path" and op.style.stroke == to_grey_if(mono) and op.style.dash
                ]
                assert len(folds) == len(net.folds()) + len(net.tab_edges()), name
                for op, stack in folds:
                    pts = []
                    for cmd in op.data:
                        x, y = cmd[1], cmd[2]
                        for g in reversed(stack):
                            x, y = g.apply(x, y)
                        pts.append((x, y))
                    assert [cmd[0] for cmd in op.data] == ["M", "L"], name
                    a, b = pts
                    scale = math.prod(g.scale for g in stack)
                    assert math.dist(a, b) == pytest.approx(net.edge, abs=1e-3), name
                    assert op.style.dash[0] * scale < 1.5 and op.style.width < 0.25, name
                    # every fold that ends on the outline starts at one of its corners
                    for end in (a, b):
                        near = min(math.dist(end, q) for q in corners)
                        assert near < 1e-3 or pc.contains(end, 0.5), name
    assert nets_seen >= 20


def to_grey_if(mono: bool) -> str:
    return to_grey(nets.NET_FOLD_GREY) if mono else nets.NET_FOLD_GREY


@pytest.mark.parametrize(("paper", "mono"), CASES[:2])
def test_every_glue_tab_says_glue_or_is_hatched_with_a_note(paper, mono):
    nets_seen = 0
    for name, doc in built(paper, mono):
        for canvas in doc.pages:
            for pc in page_pieces(canvas):
                if len(pc.outline.points) not in (28, 20):
                    continue  # not a die net
                nets_seen += 1
                tabs = {28: 7, 20: 5}[len(pc.outline.points)]  # cube, octahedron
                words = [
                    (op, st) for op, st in pc.ops if op.kind == "text" and op.data[2] == "glue"
                ]
                hatched = [op for op, _ in pc.ops if op.style == nets.GLUE_HATCH]
                assert len(words) + len(hatched) == tabs, name
                for op, stack in words:
                    assert op.text.size * math.prod(g.scale for g in stack) >= 6.0
                    for corner in layout.text_corners(op, stack):
                        assert pc.contains(corner), f"{name}: 'glue' runs off its tab"
                if hatched:
                    assert any(nets.GLUE_HATCH_NOTE in t for t in canvas.texts()), name
    assert nets_seen >= 20


def test_small_tabs_are_hatched_and_the_page_says_so():
    doc = blank_dice_document("d6", 8.0, Paper.get("a4"))
    (canvas,) = doc.pages
    assert not nets.cube_layout(8.0).tabs_say_glue() and nets.cube_layout(10.0).tabs_say_glue()
    assert any(op.style == nets.GLUE_HATCH for op, _ in canvas.flat())
    assert "glue" not in canvas.texts()
    assert any(nets.GLUE_HATCH_NOTE in t for t in canvas.texts())


@pytest.mark.parametrize(("paper", "mono"), CASES[:2])
def test_gutter_fold_pages_say_where_to_fold_and_glue(paper, mono):
    pages = 0
    for name, doc in built(paper, mono):
        if name not in ("triactor coins", "triactor slips") or "duplex" in doc.stem:
            continue
        for canvas in doc.pages:
            pages += 1
            (fold_y,) = [
                pts[0][1]
                for op, pts in canvas.absolute_points()
                if op.style == FOLD and len(pts) == 2 and pts[0][1] == pts[1][1]
            ]
            said = [
                (op, stack)
                for op, stack in canvas.flat()
                if op.kind == "text" and "glue" in op.data[2] and "fold" in op.data[2]
            ]
            assert said, f"{name}: no word of where to glue"
            for op, stack in said:
                ys = [y for _, y in layout.text_corners(op, stack)]
                assert fold_y - 3.0 <= min(ys) and max(ys) <= fold_y + 3.0
    assert pages >= 2


def test_bleed_on_a_coloured_net_and_cards_stops_at_margins_and_neighbours():
    """A die whose faces are coloured to their edges, and coloured cards 4 mm apart."""
    from generator.render.canvas import Style

    def face(c: Canvas, edge: float) -> None:
        c.rect(-edge / 2, -edge / 2, edge, edge, Style(stroke=None, fill="#0072b2"))

    doc = Document("t", "t")
    a4 = Paper.get("a4")
    canvas, box = layout.page(doc, a4)
    nets.cube_net(canvas, box.x, box.y, 16.0, [face] * 6)
    nets.cube_net(canvas, box.x + 40, box.y + 100, 16.0, [face] * 6)

    def card(c: Canvas) -> None:
        c.rect(0, 0, 40, 25, Style(stroke=None, fill="#d55e00"))

    layout.nup(doc, a4, [card] * 12, 40, 25, gap=4.0)
    layout.add_footers(doc)
    for canvas in doc.pages:
        shapes = page_shapes(canvas)
        found = page_pieces(canvas)
        room = layout.usable_box(a4)
        bleeds = [s for s, b in shapes if b]
        assert bleeds
        for s in bleeds:  # never into the margin
            b = _bbox(s)
            assert room.inset(-1e-3, -1e-3, -1e-3, -1e-3).contains(b)
        for pc in found:
            for p, n in _samples(pc.outline):
                colour = top_fill(shapes, (p[0] - n[0] * 0.3, p[1] - n[1] * 0.3))
                if colour not in ("#0072b2", "#d55e00"):
                    continue
                reach = _free_distance(p, n, room, [o for o in found if o is not pc], pc) - 0.15
                if reach > 0.3:
                    assert top_fill(shapes, (p[0] + n[0] * reach, p[1] + n[1] * reach)) == colour
    # the first net sits in the top-left corner of the printable area: no bleed past it
    first = page_shapes(doc.pages[0])
    assert all(_bbox(s).x >= box.x - 1e-3 and _bbox(s).y >= box.y - 1e-3 for s, _ in first)
