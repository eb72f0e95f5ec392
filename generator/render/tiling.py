"""Big drawings: tiled over sheets with overlaps, alignment marks and an assembly map, or drawn
as a poster on one sheet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.errors import InvalidInput, LimitExceeded
from generator.render import seams
from generator.render.canvas import (
    BLACK,
    GREY,
    Canvas,
    Group,
    Op,
    Point,
    Style,
)
from generator.render.clip import Box, Prepared, prepare
from generator.render.document import Document
from generator.render.marks import (
    ALIGN,
    BAR_HEIGHT,
    BAR_LENGTH,
    BAR_STRIP,
    alignment_cross,
    calibration_bar,
)
from generator.render.pages import FOOTER_COLOUR, page, usable_box
from generator.render.paper import Paper
from generator.render.sheets import bar_below, check_size
from generator.render.text import Draw, draw_legible, instructions, text_corners, text_width

TILE_OVERLAP = 10.0  # mm shared by neighbouring tiled sheets
OVERLAP_TINT = Style(stroke=None, fill="#808080", opacity=0.18)  # over the drawing
MASK = Style(stroke=None, fill="#ffffff")  # hides text running off a tile sheet
SHEET_EDGE = Style(stroke=GREY, width=0.15, dash=(1.0, 1.0))
MAX_TILE_SHEETS = 200

LABEL_STRIP = 9.0  # mm at the top of a tile sheet for its label
TILE_MARK = 3.0  # mm around a tile's content for alignment marks
MAP_TITLE = 8.0  # mm at the top of the assembly map and poster for their title line


# --- tiles and posters ----------------------------------------------------------------------


def sheet_label(row: int, col: int) -> str:
    """A1, A2, ... B1: the letter is the row (A, ..., Z, AA, AB, ...), the number the column."""
    letters = ""
    n = row + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{col + 1}"


@dataclass(frozen=True)
class Tiling:
    """How a drawing was split: rows x cols sheets, each showing at most cw x ch mm of the
    drawing, neighbours sharing `overlap` mm; sheet (r, c) shows col_spans[c] x row_spans[r]
    (seams moved off text, or spread evenly: seams.py). Without spans, sheet (r, c) starts at
    (c * step_x, r * step_y)."""

    rows: int
    cols: int
    content_w: float
    content_h: float
    overlap: float
    map_page: Canvas | None  # None when the drawing fits one sheet: nothing to assemble
    sheets: tuple[Canvas, ...]  # reading order (A1, A2, ..., B1, ...)
    labels: tuple[str, ...]
    content_boxes: tuple[Box, ...]  # where each sheet's content sits on its page
    col_spans: tuple[tuple[float, float], ...] = ()  # each column's x range of the drawing
    row_spans: tuple[tuple[float, float], ...] = ()  # each row's y range

    @property
    def step_x(self) -> float:
        return self.content_w - self.overlap

    @property
    def step_y(self) -> float:
        return self.content_h - self.overlap

    def window(self, row: int, col: int, width: float, height: float) -> Box:
        """The part of the drawing (drawing mm) that sheet (row, col) shows."""
        if self.col_spans and self.row_spans:
            (x0, x1), (y0, y1) = self.col_spans[col], self.row_spans[row]
            return Box(x0, y0, x1 - x0, y1 - y0)
        x0, y0 = col * self.step_x, row * self.step_y
        return Box(x0, y0, min(self.content_w, width - x0), min(self.content_h, height - y0))


def tile_plan(
    paper: Paper, width: float, height: float, overlap: float = TILE_OVERLAP
) -> tuple[int, int, Box]:
    """(rows, cols, content box) for tiling a width x height mm drawing on `paper` with full
    sheets: the fewest sheets any plan needs (plan_tiles may take one more column or row to
    keep words whole)."""
    check_size(width, height)
    content = usable_box(paper).inset(TILE_MARK, LABEL_STRIP, TILE_MARK, BAR_STRIP)
    if not 0 <= overlap < min(content.w, content.h) / 2:
        raise InvalidInput(
            f"tile overlap {overlap:g} mm must be between 0 and {min(content.w, content.h) / 2:g} mm"
        )

    def count(size: float, room: float) -> int:
        if size <= room + 1e-9:
            return 1
        return math.ceil((size - overlap) / (room - overlap) - 1e-9)

    return count(height, content.h), count(width, content.w), content


def drawing_text_boxes(width: float, height: float, draw: Draw) -> list[tuple[float, ...]]:
    """(x0, y0, x1, y1) of every printed word of a drawing (drawing mm): where seams may not go."""
    source = Canvas(width, height)
    draw(source)
    out = []
    for op, stack in source.flat():
        if op.kind == "text" and op.data[2].strip():
            box = _box_of(text_corners(op, stack))
            out.append((box.x, box.y, box.right, box.bottom))
    return out


def plan_tiles(
    paper: Paper,
    width: float,
    height: float,
    texts: Sequence[tuple[float, ...]] = (),
    overlap: float = TILE_OVERLAP,
) -> seams.Plan:
    """How `tile` splits a width x height mm drawing on `paper`: seams off the text boxes
    `texts`, the fewest sheets, then no mostly empty sheet (seams.py)."""
    _rows, _cols, content = tile_plan(paper, width, height, overlap)
    return seams.best_plan(width, height, content.w, content.h, overlap, texts)


def tiling_cost(
    paper: Paper, width: float, height: float, texts: Sequence[tuple[float, ...]] = ()
) -> tuple[int, float]:
    """(sheets, minus the narrowest strip of drawing on any sheet) of the plan `tile` makes."""
    plan = plan_tiles(paper, width, height, texts)
    return plan.sheets, -plan.narrowest


def tiling_paper(
    papers: Sequence[Paper], width: float, height: float, draw: Draw | None = None
) -> Paper:
    """Of the turns offered (opts.paper_turns()), the one that tiles a width x height mm drawing
    with the fewest words cut by a seam (given the drawing), then on the fewest sheets, then
    with the fewest mostly empty sheets (under seams.MOSTLY_EMPTY of the printable area); on a
    tie the one whose sheets carry the most drawing (no thin slivers), then the later turn
    (landscape)."""
    texts = drawing_text_boxes(width, height, draw) if draw is not None else ()

    def key(p: Paper) -> tuple:
        plan = plan_tiles(p, width, height, texts)
        return plan.cuts, plan.sheets, plan.empty, -plan.narrowest

    return min(list(papers)[::-1], key=key)


def tile(
    doc: Document,
    paper: Paper,
    width: float,
    height: float,
    draw: Draw,
    *,
    overlap: float = TILE_OVERLAP,
    mono: bool = False,
) -> Tiling:
    """Split a width x height mm drawing over true-scale sheets, after an assembly map page
    (no map when one sheet holds it all).

    Neighbouring sheets share an `overlap` mm strip (tinted on both, edged with dashed lines
    and alignment crosses at the same drawing points), so a sheet trimmed at its neighbour's
    overlap edge lines up by laying crosses on crosses. Each sheet is labelled A1, A2, ...
    (letter = row, number = column) and carries a calibration bar. The drawing is clipped
    geometrically to each sheet (the canvas has no clip operation).

    Seams (the edges of every sheet's window) never cross a word: they move, within what a
    sheet holds, off every text box, or the drawing takes one more column or row of sheets
    (seams.py); crosses keep clear of words. A sheet nearly blank (under seams.MOSTLY_EMPTY
    of its area) is avoided by spreading the drawing evenly over as many sheets. Only a word
    no plan keeps whole (longer than a sheet) still prints whole on each sheet it touches,
    over a white mask.
    """
    doc.picture = (width, height, draw)
    rows, cols, content = tile_plan(paper, width, height, overlap)
    if rows * cols > MAX_TILE_SHEETS:
        raise LimitExceeded(
            f"tiling {width:g} x {height:g} mm needs {rows * cols} sheets of {paper.name} "
            f"(limit {MAX_TILE_SHEETS}): use larger paper, a poster or a smaller drawing"
        )
    source = Canvas(width, height, mono=mono)
    draw(source)
    flat = list(source.flat())
    words = [
        _box_of(text_corners(op, stack))
        for op, stack in flat
        if op.kind == "text" and op.data[2].strip()
    ]
    plan = seams.best_plan(
        width, height, content.w, content.h, overlap, [(b.x, b.y, b.right, b.bottom) for b in words]
    )
    col_spans, row_spans = plan.cols.spans, plan.rows.spans
    rows, cols = len(row_spans), len(col_spans)
    map_page = None
    if rows * cols > 1:
        map_page = _assembly_map(
            doc, paper, width, height, draw, col_spans, row_spans, content, overlap, mono
        )
    sheets: list[Canvas] = []
    labels: list[str] = []
    boxes: list[Box] = []
    drawing = prepare(flat)  # flattened once, clipped to every sheet
    for r, (y0, y1) in enumerate(row_spans):
        for c, (x0, x1) in enumerate(col_spans):
            canvas, box = page(doc, paper, mono=mono)
            label = sheet_label(r, c)
            win = Box(x0, y0, x1 - x0, y1 - y0)
            on_page = Box(content.x, content.y, win.w, win.h)
            strips = (col_spans, row_spans)
            _tile_sheet(canvas, box, on_page, win, drawing, r, c, strips, overlap, label, words)
            sheets.append(canvas)
            labels.append(label)
            boxes.append(on_page)
    return Tiling(
        rows,
        cols,
        content.w,
        content.h,
        overlap,
        map_page,
        tuple(sheets),
        tuple(labels),
        tuple(boxes),
        col_spans,
        row_spans,
    )


def _tile_sheet(
    canvas: Canvas,
    box: Box,
    on_page: Box,
    win: Box,
    drawing: Prepared,
    r: int,
    c: int,
    spans: tuple[Sequence[tuple[float, float]], Sequence[tuple[float, float]]],
    overlap: float,
    label: str,
    words: Sequence[Box] = (),
) -> None:
    dx, dy = on_page.x - win.x, on_page.y - win.y
    col_spans, row_spans = spans
    rows, cols = len(row_spans), len(col_spans)
    # overlap strips, in drawing mm: [start, end] along x (columns) or y (rows): what this
    # window shares with its neighbours (at least `overlap`, wider where that keeps words
    # whole)
    strips_x = []
    if c > 0:
        strips_x.append((win.x, col_spans[c - 1][1]))
    if c < cols - 1:
        strips_x.append((col_spans[c + 1][0], win.right))
    strips_y = []
    if r > 0:
        strips_y.append((win.y, row_spans[r - 1][1]))
    if r < rows - 1:
        strips_y.append((row_spans[r + 1][0], win.bottom))
    with canvas.group(dx=dx, dy=dy):
        window = Box(*win)
        straddles = False
        for op, stack, outline in drawing:
            if outline is not None:
                canvas.ops.extend(outline.clip(window))
            if op.kind != "text":
                continue
            # text cannot be clipped: every sheet its box touches prints all of it, and a
            # white mask below hides what runs past this sheet's window (so a title across a
            # sheet edge is whole once the sheets are taped together)
            xs, ys = zip(*text_corners(op, stack), strict=True)
            if max(xs) < win.x or min(xs) > win.right or max(ys) < win.y or min(ys) > win.bottom:
                continue
            straddles = straddles or not (
                min(xs) >= win.x
                and max(xs) <= win.right
                and min(ys) >= win.y
                and max(ys) <= win.bottom
            )
            for g in stack:
                canvas.ops.append(
                    Op("begin", (), group=Group(None, g.dx, g.dy, g.rotate, g.scale, g.mirror_x))
                )
            canvas.ops.append(op)
            canvas.ops.extend(Op("end", ()) for _ in stack)
        if straddles:
            _mask_outside(canvas, win, -dx, -dy, canvas.width - dx, canvas.height - dy)
        for a, b in strips_x:
            canvas.rect(a, win.y, b - a, win.h, OVERLAP_TINT)
        for a, b in strips_y:
            canvas.rect(win.x, a, win.w, b - a, OVERLAP_TINT)
        # crosses along a strip sit in the part of the window no crossing strip covers: the
        # neighbour across that strip shares it, while the corner squares belong to three
        # other sheets, and a cross there would be on one of them only; each keeps
        # CROSS_CLEAR off every word (both neighbours compute the same spots)
        top = max([b for a, b in strips_y if a <= win.y + 1e-9], default=win.y)
        bottom = min([a for a, b in strips_y if b >= win.bottom - 1e-9], default=win.bottom)
        left = max([b for a, b in strips_x if a <= win.x + 1e-9], default=win.x)
        right = min([a for a, b in strips_x if b >= win.right - 1e-9], default=win.right)
        for a, b in strips_x:
            for x in (a, b):
                canvas.line(x, win.y, x, win.bottom, SHEET_EDGE)
                near = [(w.y, w.bottom) for w in words if _near_line(w.x, w.right, x)]
                for y in cross_spots(top, bottom, near):
                    alignment_cross(canvas, x, y, CROSS_ARM)
        for a, b in strips_y:
            for y in (a, b):
                canvas.line(win.x, y, win.right, y, SHEET_EDGE)
                near = [(w.x, w.right) for w in words if _near_line(w.y, w.bottom, y)]
                # on the window's top or bottom edge the cross is a T: its stem stays on the
                # drawing, clear of the sheet's label above and its bar below
                up = CROSS_ARM if y > win.y + 1e-9 else 0.0
                down = CROSS_ARM if y < win.bottom - 1e-9 else 0.0
                for x in cross_spots(left, right, near):
                    canvas.line(x - CROSS_ARM, y, x + CROSS_ARM, y, ALIGN)
                    canvas.line(x, y - up, x, y + down, ALIGN)
    canvas.text(box.x, box.y + 5.5, label, 14.0, bold=True)
    where = f"row {label.rstrip('0123456789')} of {rows}, column {c + 1} of {cols}"
    canvas.text(
        box.x + 14.0,
        box.y + 5.5,
        f"{where} · overlap {overlap_text([b - a for a, b in strips_x + strips_y], overlap)}"
        " · true size",
        7.0,
        colour=FOOTER_COLOUR,
    )
    calibration_bar(canvas, box.x, box.bottom - BAR_HEIGHT)
    hint = "trim at a neighbour's dashed line, lay crosses on crosses, tape"
    instructions(
        canvas, box.right, box.bottom - BAR_HEIGHT + 2.6, hint, anchor="end", colour=FOOTER_COLOUR
    )


def overlap_text(widths: Sequence[float], overlap: float) -> str:
    """The overlap a sheet names: "10 mm", or "10 to 70 mm" where a strip was widened."""
    lo, hi = min(widths, default=overlap), max(widths, default=overlap)
    if hi - lo < 0.05:
        return f"{lo:.0f} mm" if abs(lo - round(lo)) < 0.05 else f"{lo:.1f} mm"
    return f"{lo:.0f} to {hi:.0f} mm"


CROSS_ARM = 2.0  # mm, half the width of an alignment cross
CROSS_CLEAR = 1.5  # mm between an alignment cross and the nearest word


def _near_line(a: float, b: float, at: float) -> bool:
    """Does a word spanning a..b across a strip edge at `at` come within a cross's reach?"""
    reach = CROSS_ARM + CROSS_CLEAR
    return a - reach < at < b + reach


def cross_spots(lo: float, hi: float, words: Sequence[tuple[float, float]]) -> list[float]:
    """Where along a strip edge (from lo to hi) its alignment crosses go: near 1/6, 1/2 and
    5/6 of the way, each moved to the nearest spot whose cross keeps CROSS_CLEAR off the
    words lying across the edge (`words`: their extents along it); a spot with none free
    is left out, and so is one that lands on another's."""
    reach = CROSS_ARM + CROSS_CLEAR
    blocked = seams.merge([(a - reach, b + reach) for a, b in words])
    first, last = lo + CROSS_ARM, hi - CROSS_ARM
    if first > last:  # a strip edge shorter than a cross: one at its middle
        first = last = (lo + hi) / 2
    spots: list[float] = []
    for f in (1 / 6, 1 / 2, 5 / 6):
        at = seams.snap(lo + f * (hi - lo), first, last, blocked)
        if at is not None and all(abs(at - s) > 2 * CROSS_ARM + 1.0 for s in spots):
            spots.append(at)
    return spots


def _mask_outside(canvas: Canvas, win: Box, x0: float, y0: float, x1: float, y1: float) -> None:
    """White rectangles over (x0, y0)-(x1, y1) outside `win`: hide text running off a tile."""
    for x, y, w, h in (
        (x0, y0, x1 - x0, win.y - y0),
        (x0, win.bottom, x1 - x0, y1 - win.bottom),
        (x0, win.y, win.x - x0, win.h),
        (win.right, win.y, x1 - win.right, win.h),
    ):
        if w > 0 and h > 0:
            canvas.rect(x, y, w, h, MASK)


def _assembly_map(
    doc: Document,
    paper: Paper,
    width: float,
    height: float,
    draw: Draw,
    col_spans: Sequence[tuple[float, float]],
    row_spans: Sequence[tuple[float, float]],
    content: Box,
    overlap: float,
    mono: bool,
) -> Canvas:
    rows, cols = len(row_spans), len(col_spans)
    shared = [
        a[1] - b[0]
        for spans in (col_spans, row_spans)
        for a, b in zip(spans, spans[1:], strict=False)
    ]
    # the map page turns whichever way shows the drawing larger (the sheets keep their own way)
    turned = paper.rotated()
    if _fit_scale(turned, width, height) > _fit_scale(paper, width, height):
        paper = turned
    canvas, box = page(doc, paper, mono=mono)
    region = box.inset(top=MAP_TITLE)
    scale = _fit_scale(paper, width, height)
    ox = region.x + (region.w - width * scale) / 2
    oy = region.y + (region.h - height * scale) / 2
    title = (
        f"Assembly map: {rows} rows of {cols} sheets ({sheet_label(0, 0)} to "
        f"{sheet_label(rows - 1, cols - 1)}),"
        f" {overlap_text(shared, overlap)} overlap, map scale {scale_text(scale)}"
    )
    canvas.text(box.x, box.y + 5.0, title, 10.0, bold=True)
    with canvas.group(dx=ox, dy=oy, scale=scale):
        draw_legible(canvas, draw, scale)  # words too small at map scale: on the sheets only
    words = [_box_of(text_corners(op, stack)) for op, stack in canvas.flat() if op.kind == "text"]
    edge = Style(stroke=BLACK, width=0.3, dash=(1.5, 1.0))
    for r, (y0, y1) in enumerate(row_spans):
        for c, (x0, x1) in enumerate(col_spans):
            px0, py0 = ox + x0 * scale, oy + y0 * scale
            px1, py1 = ox + x1 * scale, oy + y1 * scale
            canvas.rect(px0, py0, px1 - px0, py1 - py0, edge)
            # label at the centre of the part no neighbour covers
            ux0 = col_spans[c - 1][1] if c > 0 else x0
            uy0 = row_spans[r - 1][1] if r > 0 else y0
            ux1 = col_spans[c + 1][0] if c < cols - 1 else x1
            uy1 = row_spans[r + 1][0] if r < rows - 1 else y1
            label = sheet_label(r, c)
            size = 12.0
            tw = text_width(label, size, bold=True)
            # the centre of the part no neighbour covers, or the first spot round it that
            # covers none of the drawing's words
            spots = [(0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
            spots += [(0.5, 0.25), (0.5, 0.75), (0.25, 0.5), (0.75, 0.5)]
            choice: tuple[float, float] | None = None
            for fx, fy in spots:
                x = ox + (ux0 + (ux1 - ux0) * fx) * scale
                y = oy + (uy0 + (uy1 - uy0) * fy) * scale
                # a narrow last sheet's label would hang past the map: keep it on the page
                x = min(max(x, region.x + tw / 2 + 1.0), region.right - tw / 2 - 1.0)
                y = min(max(y, region.y + 3.6), region.bottom - 1.6)
                if choice is None:
                    choice = (x, y)  # the centre, when no spot is free
                if not any(_meet(Box(x - tw / 2 - 1.0, y - 3.6, tw + 2.0, 5.2), w) for w in words):
                    choice = (x, y)
                    break
            assert choice is not None
            cx, cy = choice
            # see-through label boxes: the reduced drawing under a label stays visible
            canvas.rect(
                cx - tw / 2 - 1.0,
                cy - 3.6,
                tw + 2.0,
                5.2,
                Style(stroke=BLACK, width=0.2, fill="#ffffff", opacity=0.75),
            )
            canvas.text(cx, cy + 1.2, label, size, bold=True, anchor="middle")
    return canvas


def _box_of(points: Sequence[Point]) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _meet(a: Box, b: Box) -> bool:
    return min(a.right, b.right) > max(a.x, b.x) and min(a.bottom, b.bottom) > max(a.y, b.y)


def _fit_scale(paper: Paper, width: float, height: float) -> float:
    """The scale that fits a width x height drawing under a title line on one page."""
    region = usable_box(paper).inset(top=MAP_TITLE)
    return min(region.w / width, region.h / height)


def fits_true_size(paper: Paper, width: float, height: float) -> bool:
    """Does a width x height drawing fit one page of `paper` at true size (as poster prints
    it, under its title line)?"""
    return _fit_scale(paper, width, height) >= 1.0 - 1e-9


def scale_text(scale: float) -> str:
    """1:2.3 for reductions, 2.3:1 for enlargements, 1:1 for true size."""
    if abs(scale - 1.0) < 1e-9:
        return "1:1"
    if scale < 1:
        return f"1:{_short(1 / scale)}"
    return f"{_short(scale)}:1"


def _short(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "1.01" if s == "1" else s  # never print 1:1 for a scale that is not true size


def poster(
    doc: Document,
    paper: Paper,
    width: float,
    height: float,
    draw: Draw,
    *,
    mono: bool = False,
    max_scale: float | None = None,
) -> float:
    """The whole drawing scaled to fit one page, centred; returns the scale.

    The scale is written above the drawing ("scale 1:2.3, not true size"); only a true-size
    poster (scale 1, e.g. with max_scale=1 for a drawing that fits) gets a calibration bar.
    """
    check_size(width, height)
    doc.picture = (width, height, draw)
    canvas, box = page(doc, paper, mono=mono)
    region = box.inset(top=MAP_TITLE)
    scale = _fit_scale(paper, width, height)
    if max_scale is not None:
        scale = min(scale, max_scale)
    true_size = abs(scale - 1.0) < 1e-9
    note = "scale 1:1, true size" if true_size else f"scale {scale_text(scale)}, not true size"
    title = f"{doc.title} · {note}"
    if true_size and height <= region.h - BAR_STRIP + 1e-9:
        region = region.inset(bottom=BAR_STRIP)
        bar_below(canvas, box)
    elif true_size and text_width(title, 10.0, bold=True) + 5.0 + BAR_LENGTH <= box.w:
        # no room below a drawing that fills the sheet: the bar goes at the end of the title line
        calibration_bar(canvas, box.right - BAR_LENGTH, box.y)
    ox = region.x + (region.w - width * scale) / 2
    oy = region.y + (region.h - height * scale) / 2
    canvas.text(box.x, box.y + 5.0, title, 10.0, bold=True)
    with canvas.group(dx=ox, dy=oy, scale=scale):
        draw(canvas)
    return scale
