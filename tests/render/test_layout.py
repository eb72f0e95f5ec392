"""Print layout: margins, footers, calibration bars, crop marks, two-sided items, tiles, posters.

Layouts are checked on the recording canvas (page coordinates of every mark), then through the
PDF backend (pypdf reads the page count, MediaBox, text and the bar's length back).
"""

from __future__ import annotations

import io
import math
import re

import pytest
from pypdf import PdfReader

from generator.errors import InvalidInput, LimitExceeded
from generator.render import layout
from generator.render.canvas import FOLD, Canvas, Op, Style
from generator.render.clip import Box, clip_ops
from generator.render.document import Document
from generator.render.paper import Paper
from generator.render.pdf import PT_PER_MM, pdf_bytes

A4 = Paper.get("a4")
A4L = Paper.get("a4", landscape=True)
LETTER = Paper.get("letter")
EPS = 1e-6


def new_doc(title: str = "Layout test") -> Document:
    return Document("layout-test", title, game="Test Game", ident="seed 7")


def marker(tag: str, w: float, h: float):
    """An item that draws its outline and a text marker at local (2, 3)."""

    def draw(c: Canvas) -> None:
        c.rect(0, 0, w, h, Style(stroke="#0072b2", width=0.2))
        c.text(2, 3, tag, 6)

    return draw


def text_positions(canvas: Canvas) -> dict[str, tuple[float, float]]:
    return {op.data[2]: pts[0] for op, pts in canvas.absolute_points() if op.kind == "text"}


def ink_points(canvas: Canvas) -> list[tuple[float, float]]:
    """Every path point and circle extreme on the page, in page mm."""
    out = []
    for op, stack in canvas.flat():
        if op.kind == "circle":
            cx, cy, r = op.data
            k = 1.0
            for g in stack:
                k *= g.scale
            local = [(cx, cy)]
            for g in reversed(stack):
                local = [g.apply(*p) for p in local]
            (x, y), rr = local[0], r * k
            out += [(x - rr, y - rr), (x + rr, y + rr)]
    out += [p for op, pts in canvas.absolute_points() if op.kind == "path" for p in pts]
    return out


def assert_inside_margins(canvas: Canvas) -> None:
    """Nothing within 10 mm of the paper's edge: no path point, circle or text (by its width)."""
    lo_x, hi_x = layout.MARGIN - EPS, canvas.width - layout.MARGIN + EPS
    lo_y, hi_y = layout.MARGIN - EPS, canvas.height - layout.MARGIN + EPS
    for x, y in ink_points(canvas):
        assert lo_x <= x <= hi_x and lo_y <= y <= hi_y, (x, y)
    for op, pts in canvas.absolute_points():
        if op.kind != "text" or op.text.rotate:
            continue
        x, y = pts[0]
        w = layout.text_width(op.data[2], op.text.size, op.text.bold)
        start = {"start": x, "middle": x - w / 2, "end": x - w}[op.text.anchor]
        cap = op.text.size * 25.4 / 72 * 0.75
        assert lo_x <= start and start + w <= hi_x, op.data[2]
        assert lo_y <= y - cap and y + 0.25 * cap <= hi_y, op.data[2]


def item_boxes(canvas: Canvas, colour: str = "#0072b2") -> list[layout.Box]:
    """The outline rectangles the marker items drew, in page mm."""
    out = []
    for op, pts in canvas.absolute_points():
        if op.kind == "path" and op.style is not None and op.style.stroke == colour:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append(layout.Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return out


def crop_segments(canvas: Canvas):
    return [
        pts for op, pts in canvas.absolute_points() if op.kind == "path" and op.style == layout.CROP
    ]


def segment_box_distance(seg, box: layout.Box) -> float:
    (x1, y1), (x2, y2) = seg
    dx = max(box.x - max(x1, x2), 0.0, min(x1, x2) - box.right)
    dy = max(box.y - max(y1, y2), 0.0, min(y1, y2) - box.bottom)
    return math.hypot(dx, dy)


# --- pages, footers, bars ---------------------------------------------------------------------


@pytest.mark.parametrize("paper", [A4, A4L, LETTER, Paper.get("a3"), Paper.get("tabloid", True)])
def test_page_box_keeps_margins_and_the_footer_band(paper):
    doc = new_doc()
    canvas, box = layout.page(doc, paper)
    assert (canvas.width, canvas.height) == (paper.width, paper.height)
    assert box.x == box.y == 10.0
    assert box.right == pytest.approx(paper.width - 10.0)
    assert box.bottom == pytest.approx(paper.height - 10.0 - layout.FOOTER_BAND)


def test_footer_has_title_game_ident_and_page_numbers_and_is_idempotent():
    doc = new_doc()
    for _ in range(3):
        layout.page(doc, A4)
    layout.add_footers(doc)
    layout.add_footers(doc)
    for i, canvas in enumerate(doc.pages, start=1):
        texts = canvas.texts()
        assert texts == ["Layout test · Test Game · seed 7", f"page {i} of 3"]
        footer_groups = [
            op for op in canvas.ops if op.kind == "begin" and op.group.id == layout.FOOTER_ID
        ]
        assert len(footer_groups) == 1
        assert_inside_margins(canvas)
        for op, pts in canvas.absolute_points():
            assert op.text.size == layout.FOOTER_SIZE
            assert canvas.height - 15.0 <= pts[0][1] <= canvas.height - 10.0  # in the footer band
    # a page added later: the old footers are replaced with the new count, not doubled
    layout.page(doc, A4L)
    layout.add_footers(doc)
    assert [c.texts()[1] for c in doc.pages] == [f"page {i} of 4" for i in range(1, 5)]
    assert all(len(c.texts()) == 2 for c in doc.pages)


def test_a_long_title_is_shortened_to_fit_beside_the_page_number():
    doc = new_doc("A very long title " * 20)
    canvas, _ = layout.page(doc, A4)
    layout.add_footers(doc)
    left = canvas.texts()[0]
    assert left.endswith("…") and left.startswith("A very long title")
    assert_inside_margins(canvas)


def test_calibration_bar_is_fifty_mm_with_ticks_every_ten():
    c = Canvas(210, 297)
    assert layout.calibration_bar(c, 20, 30) == (50.0, 8.0)
    assert c.texts() == ["print at 100 %: this bar is 50 mm"]
    lines = [pts for op, pts in c.absolute_points() if op.kind == "path"]
    horizontal = [p for p in lines if p[0][1] == p[1][1]]
    assert len(horizontal) == 1 and math.dist(*horizontal[0]) == pytest.approx(50.0)
    ticks = sorted(p[0][0] for p in lines if p[0][0] == p[1][0])
    assert ticks == pytest.approx([20, 30, 40, 50, 60, 70])
    ink = [p for pts in lines for p in pts]
    assert max(y for _, y in ink) - 30 <= 8.0


def test_calibration_bar_measures_fifty_mm_in_the_pdf():
    doc = new_doc()
    canvas, box = layout.page(doc, A4)
    layout.calibration_bar(canvas, box.x, box.y)
    stream = PdfReader(io.BytesIO(pdf_bytes(doc))).pages[0].get_contents().get_data().decode()
    num = r"-?(?:\d+\.?\d*|\.\d+)"
    segs = [
        tuple(map(float, m)) for m in re.findall(rf"({num}) ({num}) m ({num}) ({num}) l", stream)
    ]
    lengths = [math.hypot(x2 - x1, y2 - y1) / PT_PER_MM for x1, y1, x2, y2 in segs]
    assert max(lengths) == pytest.approx(50.0, abs=0.01)


# --- n-up ---------------------------------------------------------------------------------------


def test_nup_fills_sheets_in_a_centred_grid_with_crop_marks_outside_the_items():
    doc = new_doc()
    items = [marker(f"card {i}", 63, 40) for i in range(14)]
    sheets = layout.nup(doc, A4, items, 63, 40, gap=3)
    box = layout.usable_box(A4)
    # 2 columns of 63 + 3 gap fit 190 mm; 6 rows of 40 + 3 fit the 262 mm left above the bar
    assert len(sheets) == 2 == len(doc.pages)
    assert [len(item_boxes(s)) for s in sheets] == [12, 2]
    first = item_boxes(sheets[0])
    xs = sorted({round(b.x, 6) for b in first})
    assert len(xs) == 2 and xs[1] - xs[0] == pytest.approx(66.0)
    assert (xs[0] - box.x) == pytest.approx(box.right - (xs[1] + 63))  # centred
    for s in sheets:
        assert layout.BAR_TEXT in s.texts()
        assert_inside_margins(s)
        boxes = item_boxes(s)
        marks = crop_segments(s)
        assert marks
        for seg in marks:
            for b in boxes:
                assert segment_box_distance(seg, b) >= layout.CROP_OFFSET - 1e-6
            assert 1.5 - 1e-6 <= math.dist(*seg) <= layout.CROP_LENGTH + 1e-6
        # every cut line (each distinct item edge) has a mark lying on its line
        for x in {round(v, 4) for b in boxes for v in (b.x, b.right)}:
            assert any(abs(a[0] - x) < 1e-3 and abs(b[0] - x) < 1e-3 for a, b in marks), x
        for y in {round(v, 4) for b in boxes for v in (b.y, b.bottom)}:
            assert any(abs(a[1] - y) < 1e-3 and abs(b[1] - y) < 1e-3 for a, b in marks), y


def test_nup_never_outlines_the_items_and_items_never_overlap():
    doc = new_doc()
    sheets = layout.nup(doc, LETTER, [marker(str(i), 50, 30) for i in range(20)], 50, 30)
    for s in sheets:
        boxes = item_boxes(s)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert (
                    a.right <= b.x + EPS
                    or b.right <= a.x + EPS
                    or a.bottom <= b.y + EPS
                    or b.bottom <= a.y + EPS
                )
        # crop marks are short lines only: none runs along a whole item edge
        assert all(math.dist(*seg) <= layout.CROP_LENGTH + EPS for seg in crop_segments(s))


def test_nup_items_that_do_not_fit_are_refused_with_a_clear_message():
    with pytest.raises(
        InvalidInput,
        match=r"item of 250 x 40 mm does not fit the 190 x 272 mm printable area of a4 paper",
    ):
        layout.nup(new_doc(), A4, [marker("x", 250, 40)], 250, 40)


def test_nup_drops_the_bar_rather_than_a_row():
    doc = new_doc()
    # 63 x 88 cards: 3 x 3 on A4 leave 8 mm below, too little for the bar; the grid keeps 9
    sheets = layout.nup(doc, A4, [marker(str(i), 63, 88) for i in range(9)], 63, 88)
    assert len(sheets) == 1 and len(item_boxes(sheets[0])) == 9
    assert layout.BAR_TEXT not in sheets[0].texts()


# --- gutter fold and duplex -----------------------------------------------------------------------


def fold_line(canvas: Canvas) -> float:
    ys = [pts[0][1] for op, pts in canvas.absolute_points() if op.style == FOLD]
    assert len(ys) == 1
    return ys[0]


def test_gutter_fold_puts_each_back_behind_its_front():
    w, h = 63.0, 40.0
    doc = new_doc()
    fronts = [marker(f"F{i}", w, h) for i in range(11)]

    def back(i):
        def draw(c: Canvas) -> None:
            c.rect(0, 0, w, h, Style(stroke="#d55e00", width=0.2))
            c.text(w - 2, 3, f"B{i}", 6)  # behind the front's (2, 3) once turned over

        return draw

    sheets = layout.gutter_fold(doc, A4, fronts, [back(i) for i in range(11)], w, h)
    # 3 columns x 3 rows above the fold: (272 - 6 gutter) / 2 = 133 mm holds 3 rows of 40
    assert len(sheets) == 2
    for s in sheets:
        y_fold = fold_line(s)
        pos = text_positions(s)
        fronts_here = sorted(k for k in pos if k.startswith("F"))
        assert fronts_here
        for k in fronts_here:
            fx, fy = pos[k]
            bx, by = pos["B" + k[1:]]
            # folding the lower half up behind the upper: (x, y) -> (x, 2 * fold - y)
            assert (bx, 2 * y_fold - by) == pytest.approx((fx, fy), abs=1e-6)
            assert fy < y_fold < by
        front_boxes = item_boxes(s)
        back_boxes = item_boxes(s, "#d55e00")
        folded = sorted((round(b.x, 4), round(2 * y_fold - b.bottom, 4)) for b in back_boxes)
        assert folded == sorted((round(b.x, 4), round(b.y, 4)) for b in front_boxes)
        # the back is turned 180 degrees: its text runs upside down on the sheet
        for op, stack in s.flat():
            if op.kind == "text" and op.data[2].startswith("B"):
                assert sum(g.rotate for g in stack) % 360 == 180
        assert_inside_margins(s)
        assert crop_segments(s)
    assert layout.BAR_TEXT in sheets[0].texts()


@pytest.mark.parametrize("paper", [A4, A4L, LETTER])
def test_duplex_backs_land_behind_their_fronts_after_a_long_edge_flip(paper):
    w, h = 60.0, 35.0
    doc = new_doc()
    fronts = [marker(f"F{i}", w, h) for i in range(9)]

    def back(i):
        def draw(c: Canvas) -> None:
            c.rect(0, 0, w, h, Style(stroke="#d55e00", width=0.2))
            c.text(w - 2, 3, f"B{i}", 6)

        return draw

    pages = layout.duplex(doc, paper, fronts, [back(i) for i in range(9)], w, h)
    assert len(pages) % 2 == 0 and pages == doc.pages
    portrait = paper.height > paper.width

    def flip(x: float, y: float) -> tuple[float, float]:
        return (paper.width - x, y) if portrait else (x, paper.height - y)

    for front, back_page in zip(pages[::2], pages[1::2], strict=True):
        pf, pb = text_positions(front), text_positions(back_page)
        keys = [k for k in pf if k.startswith("F")]
        assert keys and len(keys) == len([k for k in pb if k.startswith("B")])
        for k in keys:
            assert flip(*pb["B" + k[1:]]) == pytest.approx(pf[k], abs=1e-6)
        # registration marks: the same spots on both sides, and a set the flip maps onto itself
        regs = [
            tuple(round(v, 6) for v in op.data[:2])
            for op, _ in front.flat()
            if op.kind == "circle" and op.style == layout.REGISTRATION
        ]
        regs_back = [
            tuple(round(v, 6) for v in op.data[:2])
            for op, _ in back_page.flat()
            if op.kind == "circle" and op.style == layout.REGISTRATION
        ]
        assert len(regs) == 4 and regs == regs_back
        assert sorted(tuple(round(v, 6) for v in flip(*p)) for p in regs) == sorted(regs)
        for s in (front, back_page):
            assert layout.BAR_TEXT in s.texts()
            assert_inside_margins(s)
    if portrait:  # the column order is reversed on the back
        pf, pb = text_positions(pages[0]), text_positions(pages[1])
        assert pf["F0"][0] < pf["F1"][0] and pb["B0"][0] > pb["B1"][0]


def test_two_sided_layouts_need_as_many_backs_as_fronts():
    with pytest.raises(ValueError, match="2 fronts but 1 backs"):
        layout.duplex(new_doc(), A4, [marker("a", 9, 9)] * 2, [None], 9, 9)
    with pytest.raises(ValueError, match="2 fronts but 1 backs"):
        layout.gutter_fold(new_doc(), A4, [marker("a", 9, 9)] * 2, [None], 9, 9)


# --- tiles and posters --------------------------------------------------------------------------


def test_sheet_labels_are_row_letters_and_column_numbers():
    assert layout.sheet_label(0, 0) == "A1"
    assert layout.sheet_label(0, 2) == "A3"
    assert layout.sheet_label(1, 0) == "B1"
    assert layout.sheet_label(25, 9) == "Z10"
    assert layout.sheet_label(26, 0) == "AA1"
    assert layout.sheet_label(27, 1) == "AB2"


def dots_drawing(width: float, height: float, step: float):
    """A drawing of small dots every `step` mm, each a circle we can find on the sheets."""

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, Style(stroke="#000000", width=0.4, fill="#fff3d6"))
        y = step / 2
        while y < height:
            x = step / 2
            while x < width:
                c.circle(x, y, 0.5, Style(stroke=None, fill="#0072b2"))
                x += step
            y += step

    return draw


def test_tile_splits_a_big_drawing_into_labelled_overlapping_true_scale_sheets():
    width, height = 500.0, 350.0
    doc = new_doc()
    tiling = layout.tile(doc, A4, width, height, dots_drawing(width, height, 7.0))
    # content per sheet: 190 - 2 * 3 wide, 272 - 9 - 10 tall; steps are 10 mm less
    cw, ch = 190.0 - 6.0, 272.0 - 9.0 - 10.0
    cols = math.ceil((width - 10) / (cw - 10))
    rows = math.ceil((height - 10) / (ch - 10))
    assert (tiling.rows, tiling.cols) == (rows, cols) == (2, 3)
    assert len(doc.pages) == 1 + rows * cols
    assert doc.pages[0] is tiling.map_page
    assert tiling.labels == ("A1", "A2", "A3", "B1", "B2", "B3")
    map_texts = " ".join(tiling.map_page.texts())
    assert "Assembly map: 2 rows of 3 sheets (A1 to B3)" in map_texts
    for label in tiling.labels:
        assert label in tiling.map_page.texts()
    seen: dict[tuple[float, float], set[str]] = {}
    for sheet, label, box in zip(tiling.sheets, tiling.labels, tiling.content_boxes, strict=True):
        assert label in sheet.texts()
        assert layout.BAR_TEXT in sheet.texts()
        assert_inside_margins(sheet)
        r, c = ord(label[0]) - ord("A"), int(label[1:]) - 1
        win = tiling.window(r, c, width, height)
        for op, stack in sheet.flat():
            if op.kind == "circle" and op.style.fill == "#0072b2":
                x, y = op.data[0], op.data[1]
                for g in reversed(stack):
                    x, y = g.apply(x, y)
                # page -> drawing coordinates
                dxy = (round(x - box.x + win.x, 4), round(y - box.y + win.y, 4))
                assert box.x - EPS <= x <= box.right + EPS and box.y - EPS <= y <= box.bottom + EPS
                seen.setdefault(dxy, set()).add(label)
    # every dot of the drawing is on some sheet, at its own place (true scale)
    expected = {
        (round(3.5 + 7 * i, 4), round(3.5 + 7 * j, 4))
        for i in range(int(width // 7))
        for j in range(int(height // 7))
    }
    assert set(seen) == expected
    # a dot inside the overlap strip between A1 and A2 shows on both; others on one
    step_x = tiling.step_x
    both = {p for p, labels in seen.items() if {"A1", "A2"} <= labels}
    assert both and all(step_x <= p[0] <= step_x + 10 for p in both)
    assert all(
        len(labels) == 1 for p, labels in seen.items() if p[0] < step_x and p[1] < tiling.step_y
    )


def test_tile_cut_lines_of_one_sheet_meet_the_glue_margins_of_the_next():
    """Each seam: the sheet on the left is cut along a solid line at its window's right edge,
    which is where the grey glue margin of the sheet on its right ends."""
    width, height = 400.0, 200.0
    doc = new_doc()
    tiling = layout.tile(doc, A4, width, height, dots_drawing(width, height, 10.0))
    assert (tiling.rows, tiling.cols) == (1, 3)

    def marks(i, group):
        sheet, box = tiling.sheets[i], tiling.content_boxes[i]
        win = tiling.window(0, i, width, height)
        out = []
        for op, stack in sheet.flat():
            if any((g.id or "").startswith(group) for g in stack) and op.kind == "path":
                pts = next(_one(op, stack).absolute_points())[1]
                out.append((op, [(x - box.x + win.x, y - box.y + win.y) for x, y in pts]))
        return out

    for i in range(3):
        cuts = marks(i, layout.CUT_LINE_ID)
        tints = [pts for op, pts in marks(i, layout.GLUE_MARGIN_ID) if op.style == layout.GLUE_TINT]
        if i < 2:
            ((op, ((x1, _), (x2, _))),) = cuts
            assert op.style == layout.TILE_CUT and not op.style.dash
            assert x1 == x2 == pytest.approx(tiling.col_spans[i][1])
        else:
            assert cuts == []
        if i > 0:
            (pts,) = tints
            xs = sorted({round(x, 4) for x, _ in pts})
            assert xs == pytest.approx([tiling.col_spans[i][0], tiling.col_spans[i - 1][1]])
            assert xs[1] - xs[0] >= layout.TILE_OVERLAP - EPS
        else:
            assert tints == []


def _one(op, stack):  # noqa: ANN001
    c = Canvas(1, 1)
    for g in stack:
        c.ops.append(Op("begin", (), group=g))
    c.ops.append(op)
    c.ops.extend(Op("end", ()) for _ in stack)
    return c


def test_tile_clips_the_drawing_to_each_sheet():
    width, height = 300.0, 300.0

    def draw(c: Canvas) -> None:
        c.line(0, 150, 300, 150, Style(stroke="#d55e00", width=0.5))
        c.polygon([(20, 20), (280, 20), (280, 280), (20, 280)], Style(stroke=None, fill="#56b4e9"))
        c.circle(150, 150, 100, Style(stroke="#009e73", width=0.5))

    doc = new_doc()
    tiling = layout.tile(doc, A4, width, height, draw)
    for i, (sheet, box) in enumerate(zip(tiling.sheets, tiling.content_boxes, strict=True)):
        r, c = divmod(i, tiling.cols)
        win = tiling.window(r, c, width, height)
        # past a cut line (right, bottom) the drawing bleeds TILE_BLEED, no further
        bleed = layout.TILE_BLEED
        box = Box(
            box.x,
            box.y,
            win.w + (bleed if c < tiling.cols - 1 else 0.0),
            win.h + (bleed if r < tiling.rows - 1 else 0.0),
        )
        for op, pts in sheet.absolute_points():
            if (
                op.kind == "path"
                and op.style.stroke in ("#d55e00", "#009e73")
                or (op.style is not None and op.style.fill == "#56b4e9")
            ):
                for x, y in pts:
                    assert (
                        box.x - EPS <= x <= box.right + EPS and box.y - EPS <= y <= box.bottom + EPS
                    )
        assert_inside_margins(sheet)
    # the horizontal line, cut into pieces, still covers 0..300 mm of the drawing
    covered = []
    for i, (sheet, box) in enumerate(zip(tiling.sheets, tiling.content_boxes, strict=True)):
        r, c = divmod(i, tiling.cols)
        win = tiling.window(r, c, width, height)
        for op, pts in sheet.absolute_points():
            if op.kind == "path" and op.style.stroke == "#d55e00":
                covered += [(p[0] - box.x + win.x) for p in pts]
    assert min(covered) == pytest.approx(0.0) and max(covered) == pytest.approx(300.0)


def test_clip_keeps_fills_as_polygons_and_never_strokes_the_cut_edge():
    src = Canvas(100, 100)
    src.rect(10, 10, 80, 80, Style(stroke="#000000", width=0.3, fill="#ff0000"))
    ops = clip_ops(list(src.flat()), Box(0, 0, 50, 100))
    fills = [op for op in ops if op.style.fill]
    strokes = [op for op in ops if op.style.stroke]
    assert len(fills) == 1 and fills[0].style.stroke is None
    pts = [c[1:] for c in fills[0].data if c[0] != "Z"]
    area = 0.5 * abs(
        sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True))
    )
    assert area == pytest.approx(40 * 80)
    # strokes: the top, left and bottom edges up to x = 50, nothing along x = 50
    segs = []
    for op in strokes:
        cur = None
        for c in op.data:
            if c[0] == "M":
                cur = c[1:]
            else:
                segs.append((cur, c[1:]))
                cur = c[1:]
    assert all(not (a[0] == b[0] == 50) for a, b in segs)
    assert sum(math.dist(a, b) for a, b in segs) == pytest.approx(40 + 80 + 40)


def test_clip_keeps_inner_shapes_exact_and_text_by_its_anchor():
    src = Canvas(100, 100)
    src.circle(20, 20, 5, Style(stroke="#000000", width=0.3))  # inside: stays a circle
    src.path([("M", 10, 40), ("C", 20, 30, 30, 50, 40, 40)], Style(width=0.3))  # inside: a curve
    with src.group(dx=30, dy=30, scale=2.0):
        src.circle(0, 0, 10, Style(stroke="#000000", width=0.3))  # r 20 at (30, 30): crosses x 45
        src.text(5, 5, "kept", 8)  # anchor (40, 40): inside
        src.text(20, 0, "dropped", 8)  # anchor (70, 30): outside
    ops = clip_ops(list(src.flat()), Box(0, 0, 45, 100))
    circles = [op for op in ops if op.kind == "circle"]
    assert [c.data for c in circles] == [(20.0, 20.0, 5.0)]
    curves = [op for op in ops if op.kind == "path" and any(c[0] == "C" for c in op.data)]
    assert len(curves) == 1
    flattened = [op for op in ops if op.kind == "path" and op not in curves]
    assert len(flattened) == 1 and flattened[0].style.width == pytest.approx(0.6)  # scaled 2x
    xs = [c[1] for c in flattened[0].data if c[0] != "Z"]
    assert max(xs) == pytest.approx(45.0) and min(xs) == pytest.approx(10.0, abs=0.05)
    texts = [op.data[2] for op in ops if op.kind == "text"]
    assert texts == ["kept"]


def test_tile_refuses_absurd_sheet_counts():
    with pytest.raises(LimitExceeded, match="sheets of a4 \\(limit 200\\)"):
        layout.tile(new_doc(), A4, 5000, 5000, lambda c: None)


def test_poster_scales_to_fit_and_says_so():
    doc = new_doc("Big board")
    scale = layout.poster(doc, A4, 500, 350, dots_drawing(500, 350, 50))
    box = layout.usable_box(A4).inset(top=layout.MAP_TITLE)
    assert scale == pytest.approx(min(box.w / 500, box.h / 350))
    texts = doc.pages[0].texts()
    assert f"Big board · scale 1:{1 / scale:.2f}, not true size" in texts
    assert layout.BAR_TEXT not in texts
    assert_inside_margins(doc.pages[0])
    assert layout.scale_text(1 / 2.3) == "1:2.3"
    assert layout.scale_text(2.5) == "2.5:1"
    assert layout.scale_text(0.999) == "1:1.01"  # never claims true size when it is not


def test_poster_at_true_size_gets_a_calibration_bar():
    doc = new_doc("Small board")
    scale = layout.poster(doc, A4, 150, 100, dots_drawing(150, 100, 10), max_scale=1.0)
    assert scale == 1.0
    texts = doc.pages[0].texts()
    assert layout.BAR_TEXT in texts and "Small board · scale 1:1, true size" in texts


def test_true_size_poster_filling_the_sheet_has_its_bar_on_the_title_line():
    """No room below a drawing that fills the sheet: the bar goes at the end of the title
    line (the print audit found a 460 x 315 mm true-size poster with no bar)."""
    doc = new_doc("Full board")
    box = layout.usable_box(A4).inset(top=layout.MAP_TITLE)
    scale = layout.poster(doc, A4, box.w, box.h, dots_drawing(box.w, box.h, 10), max_scale=1.0)
    assert scale == 1.0
    page = doc.pages[0]
    assert layout.BAR_TEXT in page.texts()
    bar = next(op for op, _ in page.flat() if op.kind == "text" and op.data[2] == layout.BAR_TEXT)
    assert bar.data[1] < box.y  # in the title band, above the drawing
    assert_inside_margins(page)


# --- through the PDF backend -----------------------------------------------------------------------


def pdf_of(doc: Document) -> PdfReader:
    layout.add_footers(doc)
    return PdfReader(io.BytesIO(pdf_bytes(doc)))


@pytest.mark.parametrize(
    ("paper", "size"),
    [(A4, (595.28, 841.89)), (A4L, (841.89, 595.28)), (LETTER, (612.0, 792.0))],
)
def test_layouts_render_to_pdf_with_page_counts_sizes_and_footers(paper, size):
    doc = new_doc("Layout PDF")
    layout.nup(doc, paper, [marker(str(i), 40, 30) for i in range(3)], 40, 30)
    layout.gutter_fold(doc, paper, [marker("f", 40, 30)], [marker("b", 40, 30)], 40, 30)
    layout.duplex(doc, paper, [marker("f", 40, 30)], [marker("b", 40, 30)], 40, 30)
    tiling = layout.tile(doc, paper, 400, 300, dots_drawing(400, 300, 25))
    layout.poster(doc, paper, 400, 300, dots_drawing(400, 300, 25))
    n = 1 + 1 + 2 + 1 + tiling.rows * tiling.cols + 1
    reader = pdf_of(doc)
    assert len(reader.pages) == n
    for i, p in enumerate(reader.pages, start=1):
        got = (float(p.mediabox.width), float(p.mediabox.height))
        if i == 5:  # the assembly map turns whichever way shows the drawing larger
            got = got if (got[0] > got[1]) == (size[0] > size[1]) else got[::-1]
        assert got == pytest.approx(size, abs=0.01)
        text = p.extract_text()
        assert "Layout PDF" in text and f"page {i} of {n}" in text
    assert "A1" in reader.pages[5].extract_text()


def test_layout_pdfs_are_byte_identical_across_runs():
    def build() -> bytes:
        doc = new_doc()
        layout.tile(doc, A4, 400, 300, dots_drawing(400, 300, 25))
        layout.add_footers(doc)
        return pdf_bytes(doc)

    assert build() == build()


def test_assembly_map_page_turns_to_show_the_drawing_larger():
    """A wide board tiled on portrait sheets: the map page alone turns landscape."""
    doc = Document("t", "Wide board")
    tiling = layout.tile(doc, Paper.get("letter"), 1000, 600, dots_drawing(1000, 600, 50))
    assert tiling.map_page is not None and tiling.map_page.width > tiling.map_page.height
    assert all(sheet.width < sheet.height for sheet in tiling.sheets)
    title = next(t for t in tiling.map_page.texts() if t.startswith("Assembly map"))
    portrait = layout.usable_box(Paper.get("letter")).inset(top=layout.MAP_TITLE)
    assert f"map scale {layout.scale_text(portrait.w / 1000)}" not in title


def test_tile_of_a_drawing_that_fits_one_sheet_has_no_assembly_map():
    doc = Document("t", "One sheet")
    tiling = layout.tile(doc, Paper.get("a4"), 100, 150, lambda c: c.rect(0, 0, 100, 150))
    assert (tiling.rows, tiling.cols, tiling.map_page) == (1, 1, None)
    assert len(doc.pages) == 1 and tiling.sheets == (doc.pages[0],)
    assert "A1" in doc.pages[0].texts()


def test_tiling_paper_takes_the_turn_with_fewer_sheets_in_any_order():
    wide = (500.0, 150.0)
    sheets = {p.landscape: layout.tile_plan(p, *wide)[:2] for p in (A4, A4L)}
    assert math.prod(sheets[True]) < math.prod(sheets[False])
    assert layout.tiling_paper([A4, A4L], *wide) == A4L
    assert layout.tiling_paper([A4L, A4], *wide) == A4L
    assert layout.tiling_paper([A4], *wide) == A4  # --landscape offers one turn only


def test_tiling_paper_on_a_tie_avoids_thin_slivers_of_drawing():
    """Both turns take 4 A4 sheets for these drawings, and full sheets from the top-left
    would leave a sliver (17 mm of drawing for 300 x 260 portrait). The plan spreads the
    drawing instead, so no sheet is mostly empty, and the turn whose narrowest strip of
    drawing is widest wins (Triactor's board and Trading Paint's share this chooser)."""

    def last_strip(p: Paper, size: tuple[float, float]) -> float:
        rows, cols, content = layout.tile_plan(p, *size)
        step_w, step_h = content.w - layout.TILE_OVERLAP, content.h - layout.TILE_OVERLAP
        return min(size[0] - (cols - 1) * step_w, size[1] - (rows - 1) * step_h)

    assert last_strip(A4, (300.0, 260.0)) < 20
    for size in ((300.0, 260.0), (270.0, 480.0)):
        plans = {p: layout.plan_tiles(p, *size) for p in (A4, A4L)}
        assert {plan.sheets for plan in plans.values()} == {4}
        assert all(plan.empty == 0 and plan.narrowest > 90 for plan in plans.values())
        chosen = layout.tiling_paper([A4, A4L], *size)
        assert plans[chosen].narrowest == max(plan.narrowest for plan in plans.values())


def test_fewest_sheets_counts_without_drawing_the_pieces():
    """fewest_sheets tries each paper with the pieces left out (where they go, not what they
    draw, decides the sheets) and picks the paper the layout prints on the fewest sheets."""
    drawn = []

    def piece(c: Canvas) -> None:
        drawn.append(1)
        c.rect(0, 0, 120, 80, Style(fill="#56b4e9"))

    def lay(d: Document, p: Paper) -> list:
        return layout.nup(d, p, [piece] * 8, 120, 80, gap=2.0)

    papers = [Paper.get("a4"), Paper.get("a4", landscape=True)]
    best = layout.fewest_sheets(papers, lay)
    assert drawn == []
    assert [len(lay(Document("t", "t"), p)) for p in papers] == [3, 2]  # 3 a sheet, or 4
    assert best == papers[1]
    assert len(drawn) >= 2 * 8  # printing a layout draws every piece
