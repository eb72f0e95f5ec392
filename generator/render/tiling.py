"""Big drawings: tiled over sheets that join clean (one sheet of each pair cut along a solid
line and glued over the other's grey margin) with an assembly map, or drawn as a poster on
one sheet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.errors import InvalidInput, LimitExceeded
from generator.render import seams
from generator.render.canvas import (
    BLACK,
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
    calibration_bar,
)
from generator.render.pages import FOOTER_COLOUR, page, usable_box
from generator.render.paper import Paper
from generator.render.sheets import bar_below, check_size
from generator.render.text import (
    PT,
    Draw,
    draw_legible,
    instructions,
    text_corners,
    text_width,
    unique_id,
)

TILE_OVERLAP = 10.0  # mm shared by neighbouring tiled sheets: the glue margin
GLUE_TINT = Style(stroke=None, fill="#808080", opacity=0.25)  # a glue margin, over the drawing
GLUE_WORD = 8.0  # pt, the word "glue" along a glue margin
TILE_CUT = Style(stroke=BLACK, width=0.25)  # solid: cut
TILE_BLEED = 1.5  # mm of drawing past a cut line
GLUE_MARGIN_ID = "glue-margin"  # the group of a sheet's margins' tint, words and ticks
CUT_LINE_ID = "cut-line"  # the group of a sheet's cut lines
MASK = Style(stroke=None, fill="#ffffff")  # hides text running off a tile sheet
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

    Neighbouring sheets share an `overlap` mm strip, and only one of them shows it on the
    joined board: at each seam the sheet to the right (below) carries the strip as a glue
    margin on its left (top), the drawing printed in it and, over that, a grey tint and the
    word "glue" (marks only there, and short ticks outside the drawing where the margin's
    inner edge meets the board's outer edge); the sheet to the left (above) is cut along a
    solid line at its window's edge, its drawing running TILE_BLEED past the line, and is
    glued on top of the margin, its cut edge along the edge of the grey. So the joined board
    shows each part of the drawing once, from one sheet, with no tint, mark or line on it.
    Each sheet is labelled A1, A2, ... (letter = row, number = column), carries a
    calibration bar and says which of its edges to cut and which margins go under which
    sheet (join_instruction, 8 pt). The drawing is clipped geometrically to each sheet (the
    canvas has no clip operation).

    Seams (the edges of every sheet's window) never cross a word: they move, within what a
    sheet holds, off every text box, or the drawing takes one more column or row of sheets
    (seams.py). A sheet nearly blank (under seams.MOSTLY_EMPTY of its area) is avoided by
    spreading the drawing evenly over as many sheets. Only a word no plan keeps whole
    (longer than a sheet) still prints whole on each sheet it touches, over a white mask.
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
        map_page = _assembly_map(doc, paper, width, height, draw, col_spans, row_spans, mono)
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
            _tile_sheet(canvas, box, on_page, win, drawing, r, c, strips, label)
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
    label: str,
) -> None:
    dx, dy = on_page.x - win.x, on_page.y - win.y
    col_spans, row_spans = spans
    rows, cols = len(row_spans), len(col_spans)
    seen = visible_part(win, r, c, col_spans, row_spans)
    cut_right, cut_bottom = c < cols - 1, r < rows - 1
    # the drawing runs TILE_BLEED past a cut line, so a cut a little outside it shows the
    # drawing (the same as the margin under it), not white paper
    drawn = Box(
        win.x,
        win.y,
        win.w + (TILE_BLEED if cut_right else 0.0),
        win.h + (TILE_BLEED if cut_bottom else 0.0),
    )
    with canvas.group(dx=dx, dy=dy):
        straddles = False
        for op, stack, outline in drawing:
            if outline is not None:
                canvas.ops.extend(outline.clip(drawn))
            if op.kind != "text":
                continue
            # text cannot be clipped: every sheet its box touches prints all of it, and a
            # white mask below hides what runs past this sheet's window (so a title across a
            # sheet edge is whole once the sheets are joined)
            # (a word beyond a cut line is the neighbour's: it never bleeds)
            xs, ys = zip(*text_corners(op, stack), strict=True)
            if max(xs) < win.x or min(xs) > win.right or max(ys) < win.y or min(ys) > win.bottom:
                continue
            straddles = straddles or not (
                min(xs) >= drawn.x
                and max(xs) <= drawn.right
                and min(ys) >= drawn.y
                and max(ys) <= drawn.bottom
            )
            for g in stack:
                canvas.ops.append(
                    Op("begin", (), group=Group(None, g.dx, g.dy, g.rotate, g.scale, g.mirror_x))
                )
            canvas.ops.append(op)
            canvas.ops.extend(Op("end", ()) for _ in stack)
        if straddles:
            _mask_outside(canvas, drawn, -dx, -dy, canvas.width - dx, canvas.height - dy)
        with canvas.group(unique_id(canvas, GLUE_MARGIN_ID)):
            _glue_margins(canvas, win, seen, r, c, rows, cols)
    # cut lines: the whole height (width) of the printable area, so a ruler and a knife run
    # off the paper's edges
    with canvas.group(unique_id(canvas, CUT_LINE_ID)):
        if cut_right:
            x = on_page.x + win.w
            canvas.line(x, box.y, x, box.bottom, TILE_CUT)
        if cut_bottom:
            y = on_page.y + win.h
            canvas.line(box.x, y, box.right, y, TILE_CUT)
    # the sheet's words keep inside what is left of it after its cuts
    keep_right = on_page.x + win.w - 1.5 if cut_right else box.right
    canvas.text(box.x, box.y + 5.5, label, 14.0, bold=True)
    where = f"row {_row(label)} of {rows}, column {c + 1} of {cols}"
    line = f"{where} · true size"
    canvas.text(
        box.x + 14.0,
        box.y + 5.5,
        line if text_width(line, 7.0) <= keep_right - box.x - 14.0 else where,
        7.0,
        colour=FOOTER_COLOUR,
    )
    calibration_bar(canvas, box.x, box.bottom - BAR_HEIGHT)
    left = box.x + BAR_LENGTH + 4.0
    instructions(
        canvas,
        left,
        box.bottom - BAR_HEIGHT + 2.6,
        join_instruction(r, c, rows, cols),
        keep_right - left,
        line=3.6,
    )


def _row(label: str) -> str:
    return label.rstrip("0123456789")


def visible_part(
    win: Box,
    r: int,
    c: int,
    col_spans: Sequence[tuple[float, float]],
    row_spans: Sequence[tuple[float, float]],
) -> Box:
    """The part of sheet (r, c)'s window (drawing mm) that shows on the joined board: all
    of it but the glue margins on its left and top, which lie under the sheets to its left
    and above (their cut edges are this sheet's window edges)."""
    x0 = col_spans[c - 1][1] if c > 0 else win.x
    y0 = row_spans[r - 1][1] if r > 0 else win.y
    return Box(x0, y0, win.right - x0, win.bottom - y0)


def join_instruction(r: int, c: int, rows: int, cols: int) -> str:
    """What a player does with sheet (r, c): which edges to cut, which margins to glue under
    which sheet."""
    cuts = [
        w for w, yes in (("on the right", c < cols - 1), ("at the bottom", r < rows - 1)) if yes
    ]
    glue = [
        (w, sheet_label(rr, cc))
        for w, yes, rr, cc in (("on the left", c > 0, r, c - 1), ("at the top", r > 0, r - 1, c))
        if yes
    ]
    out = []
    if cuts:
        plural = "s" if len(cuts) > 1 else ""
        out.append(f"Cut along the solid line{plural} {' and '.join(cuts)}.")
    if glue:
        first, under = glue[0]
        text = f"Glue the grey margin {first} under sheet {under}"
        if len(glue) > 1:
            text += f" and the one {glue[1][0]} under sheet {glue[1][1]}"
        out.append(text + ", its cut edge along the edge of the grey.")
    else:
        out.append("It lies on top: its neighbours' grey margins go under it.")
    return " ".join(out)


def _glue_margins(
    canvas: Canvas, win: Box, seen: Box, r: int, c: int, rows: int, cols: int
) -> None:
    """The margins on a sheet's left and top (drawing mm): tinted, the word "glue" along
    them, and a short tick outside the drawing at each end of a margin's inner edge that is
    on the board's outer edge (where the cut edge of the sheet over it goes)."""
    if seen.y > win.y:  # the top margin, the whole width
        canvas.rect(win.x, win.y, win.w, seen.y - win.y, GLUE_TINT)
    if seen.x > win.x:  # the left margin, below the top one
        canvas.rect(win.x, seen.y, seen.x - win.x, win.bottom - seen.y, GLUE_TINT)
    ascent = GLUE_WORD * PT * 0.36  # half a capital's height: the word's middle on the margin's
    if seen.x > win.x:
        x = (win.x + seen.x) / 2
        for y in _glue_spots(seen.y, win.bottom):
            canvas.text(x + ascent, y, "glue", GLUE_WORD, anchor="middle", rotate=-90)
        if r == 0:
            canvas.line(seen.x, win.y - 0.5, seen.x, win.y - TILE_MARK + 0.5, ALIGN)
        if r == rows - 1:
            canvas.line(seen.x, win.bottom + 0.5, seen.x, win.bottom + TILE_MARK - 0.5, ALIGN)
    if seen.y > win.y:
        y = (win.y + seen.y) / 2 + ascent
        for x in _glue_spots(seen.x, win.right):
            canvas.text(x, y, "glue", GLUE_WORD, anchor="middle")
        if c == 0:
            canvas.line(win.x - 0.5, seen.y, win.x - TILE_MARK + 0.5, seen.y, ALIGN)
        if c == cols - 1:
            canvas.line(win.right + 0.5, seen.y, win.right + TILE_MARK - 0.5, seen.y, ALIGN)


def _glue_spots(lo: float, hi: float) -> list[float]:
    """Where the word "glue" goes along a margin: about every 60 mm, at least once."""
    n = max(1, round((hi - lo) / 60.0))
    return [lo + (hi - lo) * (k + 0.5) / n for k in range(n)]


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


MAP_LABEL = 12.0  # pt, a sheet's label on the assembly map
LABEL_BAND = 7.0  # mm beside the map's drawing for the sheet labels
MAP_CUT = Style(stroke=BLACK, width=0.4)  # the cut edges on the map
MAP_GUIDE = (
    "Cut each sheet along its solid lines (on the map: the black lines). Glue each grey margin "
    "under the sheet to its left or above, that sheet's cut edge along the edge of the grey: "
    "join each row from left to right, then lay each row over the margins at the top of the "
    "row below."
)


def _map_region(paper: Paper, rows: int) -> Box:
    """Where the map's drawing may go: under the title and the guide (3 lines at most), with
    a band for the labels above and below it (and beside it, for rows between the first
    and the last)."""
    side = LABEL_BAND if rows > 2 else 0.0
    top = MAP_TITLE + 3 * 3.6 + LABEL_BAND
    return usable_box(paper).inset(side, top, side, LABEL_BAND)


def _map_scale(paper: Paper, width: float, height: float, rows: int) -> float:
    region = _map_region(paper, rows)
    return min(region.w / width, region.h / height)


def _assembly_map(
    doc: Document,
    paper: Paper,
    width: float,
    height: float,
    draw: Draw,
    col_spans: Sequence[tuple[float, float]],
    row_spans: Sequence[tuple[float, float]],
    mono: bool,
) -> Canvas:
    """The joined board, reduced: the glue margins grey, the cut edges solid black, and each
    sheet's label outside the drawing beside the part of the board it shows (above it for
    the first row, below it for the last, beside it for the rows between; a sheet with no
    outer edge, in the middle of three rows and three columns or more, has its label on
    the drawing)."""
    rows, cols = len(row_spans), len(col_spans)
    # the map page turns whichever way shows the drawing larger (the sheets keep their own way)
    turned = paper.rotated()
    if _map_scale(turned, width, height, rows) > _map_scale(paper, width, height, rows):
        paper = turned
    canvas, box = page(doc, paper, mono=mono)
    scale = _map_scale(paper, width, height, rows)
    region = _map_region(paper, rows)
    title = (
        f"Assembly map: {rows} rows of {cols} sheets ({sheet_label(0, 0)} to "
        f"{sheet_label(rows - 1, cols - 1)}), shown at {scale * 100:.0f} % of true size"
    )
    canvas.text(box.x, box.y + 5.0, title, 10.0, bold=True)
    instructions(canvas, box.x, box.y + 5.0 + 4.6, MAP_GUIDE, box.w, line=3.6)
    ox = region.x + (region.w - width * scale) / 2
    oy = region.y + (region.h - height * scale) / 2
    with canvas.group(dx=ox, dy=oy, scale=scale):
        draw_legible(canvas, draw, scale)  # words too small at map scale: on the sheets only
    for a, b in zip(col_spans, col_spans[1:], strict=False):
        canvas.rect(ox + b[0] * scale, oy, (a[1] - b[0]) * scale, height * scale, GLUE_TINT)
        canvas.line(ox + a[1] * scale, oy, ox + a[1] * scale, oy + height * scale, MAP_CUT)
    for a, b in zip(row_spans, row_spans[1:], strict=False):
        canvas.rect(ox, oy + b[0] * scale, width * scale, (a[1] - b[0]) * scale, GLUE_TINT)
        canvas.line(ox, oy + a[1] * scale, ox + width * scale, oy + a[1] * scale, MAP_CUT)
    th = 5.2  # a label box's height
    for r, (y0, y1) in enumerate(row_spans):
        for c, (x0, x1) in enumerate(col_spans):
            seen = visible_part(Box(x0, y0, x1 - x0, y1 - y0), r, c, col_spans, row_spans)
            cx = ox + (seen.x + seen.w / 2) * scale
            cy = oy + (seen.y + seen.h / 2) * scale
            label = sheet_label(r, c)
            tw = text_width(label, MAP_LABEL, bold=True) + 2.0
            if r == 0:
                cy = oy - LABEL_BAND / 2
            elif r == rows - 1:
                cy = oy + height * scale + LABEL_BAND / 2
            elif c == 0:
                cx = ox - tw / 2 - 1.0
            elif c == cols - 1:
                cx = ox + width * scale + tw / 2 + 1.0
            canvas.rect(
                cx - tw / 2, cy - th / 2, tw, th, Style(stroke=BLACK, width=0.2, fill="#ffffff")
            )
            canvas.text(cx, cy + 1.6, label, MAP_LABEL, bold=True, anchor="middle")
    return canvas


def _box_of(points: Sequence[Point]) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


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
