"""Tiled boards join clean (issue 26): every tiled printable of every game, on A4 and Letter,
read from the recorded canvas of its sheets.

On each sheet the part that shows on the joined board (its window less the glue margins on
its left and top) holds nothing but the drawing: no tint, cross, tick or dashed line of the
tiling; the glue margin is exactly the strip the sheet shares with its neighbour; its drawing
is what the neighbour shows there; the neighbour's cut line runs along the margin's inner
edge; and on the assembly map no sheet label covers any of the drawing.
"""

from __future__ import annotations

import pytest

from generator.render import layout, pieces
from generator.render.canvas import Canvas, Op
from generator.render.clip import Box

from .test_tiling_seams import tilings  # noqa: F401 - the fixture

EPS = 1e-3


def _in(stack, prefix: str) -> bool:  # noqa: ANN001
    return any((g.id or "").startswith(prefix) for g in stack)


def _points(op: Op, stack) -> list[tuple[float, float]]:  # noqa: ANN001
    c = Canvas(1, 1)
    for g in stack:
        c.ops.append(Op("begin", (), group=g))
    c.ops.append(op)
    c.ops.extend(Op("end", ()) for _ in stack)
    return next(c.absolute_points())[1]


def _sheets(t):  # noqa: ANN001
    """(r, c, sheet, window (drawing mm), its place on the page, page from drawing)."""
    for k, (sheet, box) in enumerate(zip(t.sheets, t.content_boxes, strict=True)):
        r, c = divmod(k, t.cols)
        win = Box(t.col_spans[c][0], t.row_spans[r][0], 0, 0)
        win = Box(win.x, win.y, t.col_spans[c][1] - win.x, t.row_spans[r][1] - win.y)
        yield r, c, sheet, win, box


def _page(box: Box, win: Box, b: Box) -> Box:
    return Box(b.x - win.x + box.x, b.y - win.y + box.y, b.w, b.h)


def _meets_inside(pts, area: Box) -> bool:  # noqa: ANN001
    """Does any point, or the middle of any segment, lie strictly inside `area`?"""
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(pts, pts[1:], strict=False)]
    return any(
        area.x + EPS < x < area.right - EPS and area.y + EPS < y < area.bottom - EPS
        for x, y in list(pts) + mids
    )


def test_the_visible_part_of_every_sheet_holds_only_the_drawing(tilings):  # noqa: F811
    """Every op on a sheet is the drawing (in the group that places it, outside the tiling's
    groups) or the tiling's own (glue margin, cut lines, label, bar, words); none of the
    latter reaches into the part of the sheet the joined board shows."""
    problems, sheets, marks = [], 0, 0
    for name, _paper, _w, _h, _draw, t in tilings:
        for r, c, sheet, win, box in _sheets(t):
            sheets += 1
            seen = _page(box, win, layout.visible_part(win, r, c, t.col_spans, t.row_spans))
            shift = (round(box.x - win.x, 6), round(box.y - win.y, 6))
            for op, stack in sheet.flat():
                tiling_own = _in(stack, layout.GLUE_MARGIN_ID) or _in(stack, layout.CUT_LINE_ID)
                placed = (
                    bool(stack)
                    and stack[0].id is None
                    and (
                        round(stack[0].dx, 6),
                        round(stack[0].dy, 6),
                    )
                    == shift
                )
                if placed and not tiling_own:
                    continue  # the drawing
                marks += 1
                if op.kind == "text":
                    xs, ys = zip(*layout.text_corners(op, stack), strict=True)
                    pts = list(zip(xs, ys, strict=True))
                else:
                    pts = _points(op, stack)
                if _meets_inside(pts, seen):
                    problems.append(f"{name} {layout.sheet_label(r, c)}: {op.kind} {op.style}")
    assert sheets >= 20 and marks > 10 * sheets
    assert problems == []


def test_the_glue_margin_is_exactly_the_shared_strip_and_the_cut_line_its_edge(tilings):  # noqa: F811
    seams = 0
    for name, _paper, _w, _h, _draw, t in tilings:
        for r, c, sheet, win, box in _sheets(t):
            seen = layout.visible_part(win, r, c, t.col_spans, t.row_spans)
            want = []
            if r > 0:
                assert seen.y - win.y == pytest.approx(t.row_spans[r - 1][1] - t.row_spans[r][0])
                want.append(Box(win.x, win.y, win.w, seen.y - win.y))
            if c > 0:
                assert seen.x - win.x == pytest.approx(t.col_spans[c - 1][1] - t.col_spans[c][0])
                want.append(Box(win.x, seen.y, seen.x - win.x, win.bottom - seen.y))
            for m in want:
                assert min(m.w, m.h) >= t.overlap - EPS, name
            tints = []
            for op, stack in sheet.flat():
                if _in(stack, layout.GLUE_MARGIN_ID) and op.style == layout.GLUE_TINT:
                    xs, ys = zip(*_points(op, stack), strict=True)
                    tints.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
            got = sorted(tuple(round(v, 3) for v in b) for b in tints)
            exp = sorted(tuple(round(v, 3) for v in _page(box, win, m)) for m in want)
            assert got == exp, f"{name} {layout.sheet_label(r, c)}"
            # the cut lines: solid, on the window's right and bottom edges where a sheet follows
            cuts = [
                (op, _points(op, stack))
                for op, stack in sheet.flat()
                if _in(stack, layout.CUT_LINE_ID)
            ]
            expect = []
            if c < t.cols - 1:
                expect.append(("x", box.x + win.w))
            if r < t.rows - 1:
                expect.append(("y", box.y + win.h))
            assert len(cuts) == len(expect), name
            for (op, ((x1, y1), (x2, y2))), (axis, at) in zip(cuts, expect, strict=True):
                assert op.style == layout.TILE_CUT and not op.style.dash
                if axis == "x":
                    assert x1 == x2 == pytest.approx(at) and y2 - y1 > box.h
                else:
                    assert y1 == y2 == pytest.approx(at) and x2 - x1 > win.w
                seams += 1
    assert seams >= 10


def _fills(sheet: Canvas) -> list[pieces.Shape]:
    """The drawing's opaque fills on a sheet, in painting order (page mm)."""
    out = []
    for op, stack in sheet.flat():
        if _in(stack, layout.GLUE_MARGIN_ID) or _in(stack, layout.CUT_LINE_ID):
            continue
        if op.kind not in ("path", "circle") or op.style is None or op.style.fill is None:
            continue
        if op.style.opacity < 0.999:
            continue
        shapes, _ = pieces.shapes([(op, stack)])
        out += shapes
    return out


def _top(shapes: list[pieces.Shape], p: tuple[float, float]) -> str | None:
    from .test_pieces import _inside

    colour = None
    for s in shapes:
        if _inside(s, p):
            colour = s.style.fill.lower()
    return colour


def test_the_drawing_under_a_glue_margin_is_what_the_neighbour_shows_there(tilings):  # noqa: F811
    """Sample points across every glue margin: the top fill colour under each is the same on
    the sheet with the margin and on the sheet cut over it (the join lines up)."""
    compared = 0
    for name, _paper, _w, _h, _draw, t in tilings:
        by_rc = {(r, c): (sheet, win, box) for r, c, sheet, win, box in _sheets(t)}
        fills = {}
        for (r, c), (sheet, win, box) in by_rc.items():
            seen = layout.visible_part(win, r, c, t.col_spans, t.row_spans)
            for dr, dc in ((0, -1), (-1, 0)):
                other = by_rc.get((r + dr, c + dc))
                if other is None:
                    continue
                osheet, owin, obox = other
                if dc:
                    margin = Box(win.x, seen.y, seen.x - win.x, win.bottom - seen.y)
                else:
                    margin = Box(win.x, win.y, win.w, seen.y - win.y)
                mine = fills.setdefault((r, c), _fills(sheet))
                theirs = fills.setdefault((r + dr, c + dc), _fills(osheet))
                for i in range(1, 8):
                    for j in range(1, 24):
                        fx, fy = (i / 8, j / 24) if dc else (j / 24, i / 8)
                        x, y = margin.x + margin.w * fx, margin.y + margin.h * fy
                        a = _top(mine, (x - win.x + box.x, y - win.y + box.y))
                        b = _top(theirs, (x - owin.x + obox.x, y - owin.y + obox.y))
                        assert a == b, f"{name} {layout.sheet_label(r, c)} at {x:.1f}, {y:.1f}"
                        compared += a is not None
    assert compared > 500


def test_no_sheet_label_on_the_assembly_map_covers_the_drawing(tilings):  # noqa: F811
    """Issue 26 item 11: on the Letter Triactor map "A3" sat on the clubs coin spot."""
    maps = 0
    for name, _paper, _w, _h, _draw, t in tilings:
        if t.map_page is None:
            continue
        maps += 1
        labels, drawing = [], []
        for op, stack in t.map_page.flat():
            scaled = any(g.scale != 1.0 for g in stack)
            if scaled:
                xs, ys = zip(*_points(op, stack), strict=True) if op.kind != "text" else ((), ())
                if op.kind == "text":
                    xs, ys = zip(*layout.text_corners(op, stack), strict=True)
                drawing.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
            elif op.kind == "text" and op.data[2] in t.labels:
                xs, ys = zip(*layout.text_corners(op, stack), strict=True)
                labels.append(
                    (op.data[2], Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
                )
        assert sorted(s for s, _ in labels) == sorted(t.labels) and drawing, name
        for s, lb in labels:
            for d in drawing:
                overlap = min(lb.right, d.right) > max(lb.x, d.x) and min(
                    lb.bottom, d.bottom
                ) > max(lb.y, d.y)
                assert not overlap, f"{name}: label {s} on the drawing"
    assert maps >= 5


def test_each_sheet_says_which_edges_to_cut_and_which_margins_go_under_which_sheet():
    assert layout.join_instruction(0, 0, 2, 2) == (
        "Cut along the solid lines on the right and at the bottom. "
        "It lies on top: its neighbours' grey margins go under it."
    )
    assert layout.join_instruction(0, 1, 2, 2) == (
        "Cut along the solid line at the bottom. Glue the grey margin on the left under "
        "sheet A1, its cut edge along the edge of the grey."
    )
    assert layout.join_instruction(1, 1, 2, 3) == (
        "Cut along the solid line on the right. Glue the grey margin on the left under sheet "
        "B1 and the one at the top under sheet A2, its cut edge along the edge of the grey."
    )
