"""Print layout: pages with safe margins, footers, calibration bars, n-up sheets with crop marks,
two-sided items (gutter fold and duplex), big drawings tiled over sheets, and posters.

Everything a home printer needs to get true-size pieces: nothing within 10 mm of the paper's
edge, a 50 mm bar on every true-scale page to check "print at 100 %", crop marks outside the
pieces (never an outline that a slightly off cut would leave showing), backs that land behind
their fronts after folding or flipping, and tiles that overlap and carry marks to line them up.

No heavy imports at module level (text widths come from the PDF backend's font metrics, loaded
only when a footer is fitted).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.errors import InvalidInput, LimitExceeded
from generator.render import pieces, seams
from generator.render.canvas import (
    BLACK,
    FOLD,
    GREY,
    Canvas,
    Group,
    Op,
    Point,
    Style,
)
from generator.render.clip import Box, clip_ops
from generator.render.document import Document
from generator.render.paper import MIN_MARGIN, Paper

Draw = Callable[[Canvas], None]

MARGIN = MIN_MARGIN  # mm on every side: home printers cannot print closer to the edge
FOOTER_BAND = 5.0  # mm above the bottom margin for the footer line
FOOTER_SIZE = 7.0  # pt
FOOTER_COLOUR = "#666666"
FOOTER_ID = "racegen-footer"

BAR_LENGTH = 50.0  # mm
BAR_HEIGHT = 8.0  # mm, text included
TILE_OVERLAP = 10.0  # mm shared by neighbouring tiled sheets
BAR_STRIP = BAR_HEIGHT + 2.0  # mm kept free for a bar below a layout
BAR_TEXT = "print at 100 %: this bar is 50 mm"  # an instruction: 8 pt, shorter than the bar

CROP_OFFSET = 1.0  # mm between a piece's corner and its crop mark
CROP_LENGTH = 4.0  # mm, longest crop mark
CROP_MIN = 1.5  # mm, shorter marks are left out
CROP = Style(stroke=BLACK, width=0.15)
REGISTRATION = Style(stroke=BLACK, width=0.2)
REG_RADIUS = 2.5  # mm, registration circle (the cross is 1.4 times as wide)
ALIGN = Style(stroke=BLACK, width=0.2)
OVERLAP_TINT = Style(stroke=None, fill="#808080", opacity=0.18)  # over the drawing
MASK = Style(stroke=None, fill="#ffffff")  # hides text running off a tile sheet
SHEET_EDGE = Style(stroke=GREY, width=0.15, dash=(1.0, 1.0))
MAX_TILE_SHEETS = 200

LABEL_STRIP = 9.0  # mm at the top of a tile sheet for its label
TILE_MARK = 3.0  # mm around a tile's content for alignment marks
MAP_TITLE = 8.0  # mm at the top of the assembly map and poster for their title line


# --- pages and footers ------------------------------------------------------------------


def usable_box(paper: Paper) -> Box:
    """The area inside the margins and above the footer band."""
    return Box(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - FOOTER_BAND)


def page(doc: Document, paper: Paper, *, mono: bool = False) -> tuple[Canvas, Box]:
    """Add a page of `paper` to `doc`; return it and its usable box (margins, footer kept free)."""
    canvas = doc.new_page(paper, mono=mono)
    return canvas, usable_box(paper)


def text_width(s: str, size: float, bold: bool = False) -> float:
    """Printed width (mm) of a string at `size` pt, in the font the PDF prints it in
    (Helvetica, or for a string with characters outside cp1252 the Unicode font)."""
    from generator.render.pdf import text_width as pdf_text_width

    return pdf_text_width(s, size, bold)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Words of `text` in lines no wider than `width` mm at `size` pt (each line measured in
    the font it prints in)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


# --- type sizes: what a page may print how small (docs/design.md, "Type sizes") -------------

MIN_TEXT = 6.0  # pt on paper, after every scale: nothing prints smaller
INSTRUCTION_SIZE = 8.0  # pt: the least for words that tell the player what to do
RULES_BODY = 10.0  # pt: a rules summary's body (everything but its heading and footer)
RULES_LINE = 4.4  # mm between the lines of a rules summary's body
INSTRUCTIONS_ID = "instructions"  # the groups `instructions` draws (id, id-2, id-3...)
RULES_HEADING_ID = "rules-heading"  # the group of a rules summary's title and byline
PT = 25.4 / 72.0  # mm per point


def unique_id(canvas: Canvas, base: str) -> str:
    """`base`, or base-2, base-3... : the first group id the page does not use yet."""
    candidate, n = base, 1
    while candidate in canvas._ids:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def instructions(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    width: float | None = None,
    *,
    size: float = INSTRUCTION_SIZE,
    line: float | None = None,
    bold: bool = False,
    colour: str = BLACK,
    anchor: str = "start",
) -> float:
    """Words that tell the player what to do with the page or its pieces (print at 100 %,
    cut, fold, glue, tape, lay out, fill in): at least INSTRUCTION_SIZE pt, wrapped to `width`
    mm (None: one line), `line` mm apart (default 1.3 times the size), the first baseline at
    y. They go in a group whose id starts with INSTRUCTIONS_ID, so a test tells them from
    labels. Returns the last line's baseline."""
    if size < INSTRUCTION_SIZE:
        raise ValueError(f"instructions at {size:g} pt: at least {INSTRUCTION_SIZE:g} pt")
    lines = wrap(text, size, width, bold) if width is not None else [text]
    step = line if line is not None else size * PT * 1.3
    with canvas.group(unique_id(canvas, INSTRUCTIONS_ID)):
        for i, ln in enumerate(lines):
            canvas.text(x, y + i * step, ln, size, bold=bold, colour=colour, anchor=anchor)
    return y + step * (len(lines) - 1)


def legible(ops: Sequence[Op], scale: float, least: float = MIN_TEXT) -> list[Op]:
    """`ops` drawn at `scale` without the words that would print under `least` pt there (a
    reduced copy of a drawing, such as an assembly map, whose sheets print them full size)."""
    out: list[Op] = []
    scales = [scale]
    for op in ops:
        if op.kind == "begin":
            assert op.group is not None
            scales.append(scales[-1] * op.group.scale)
        elif op.kind == "end":
            scales.pop()
        elif op.kind == "text" and op.text is not None and op.text.size * scales[-1] < least:
            continue
        out.append(op)
    return out


def draw_legible(canvas: Canvas, draw: Draw, scale: float, least: float = MIN_TEXT) -> None:
    """Run `draw` into the current group of `canvas`, which prints it at `scale`, leaving out
    the words `legible` drops (those under `least` pt there)."""
    scratch = Canvas(canvas.width, canvas.height, mono=canvas.mono)
    draw(scratch)
    canvas.ops.extend(legible(scratch.ops, scale, least))
    canvas._ids |= scratch._ids  # its group ids are the page's now


def rules_heading(
    canvas: Canvas, box: Box, title: str, byline: str, size: float = 14.0
) -> tuple[float, float]:
    """A rules summary's title (bold, `size` pt) and its grey byline under it, at the top of
    `box`, in a group with id RULES_HEADING_ID (the rest of the summary is body, at
    RULES_BODY pt or more); returns (x, y): the left edge and the byline's baseline."""
    x, y = box.x, box.y + 6.0
    with canvas.group(unique_id(canvas, RULES_HEADING_ID)):
        canvas.text(x, y, title, size, bold=True)
        y += 4.5
        canvas.text(x, y, byline, 7.5, colour="#444444")
    return x, y


def headed_sections(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    sections: Sequence[tuple[str, str]],
    *,
    head_w: float,
    size: float = RULES_BODY,
    line: float = RULES_LINE,
    gap: float,
) -> float:
    """A rules summary's sections: each head in bold (half a point larger) in a column
    `head_w` mm wide, its text wrapped beside it at `size` pt (RULES_BODY or more), `line` mm
    apart; each section starts `gap` mm below the last line of the one before. Returns the
    last line's baseline."""
    for head, body in sections:
        y += gap
        canvas.text(x, y, head, size + 0.5, bold=True)
        lines = wrap(body, size, width - head_w)
        for i, ln in enumerate(lines):
            canvas.text(x + head_w, y + i * line, ln, size)
        y += line * (len(lines) - 1)
    return y


def add_footers(doc: Document) -> None:
    """Write the footer line on every page: title, game, seed or id, "page i of n".

    Idempotent: a footer is one group with id FOOTER_ID; an older footer is replaced (so page
    counts stay right when pages were added after a first call), never drawn twice.
    """
    n = len(doc.pages)
    left = " · ".join(part for part in (doc.title, doc.game, doc.ident) if part)
    for i, canvas in enumerate(doc.pages, start=1):
        _remove_group(canvas, FOOTER_ID)
        right = f"page {i} of {n}"
        y = canvas.height - MARGIN - 1.2  # baseline; descenders stay outside the 10 mm edge
        room = canvas.width - 2 * MARGIN - text_width(right, FOOTER_SIZE) - 4.0
        with canvas.group(FOOTER_ID):
            canvas.text(MARGIN, y, _fit(left, FOOTER_SIZE, room), FOOTER_SIZE, colour=FOOTER_COLOUR)
            canvas.text(
                canvas.width - MARGIN, y, right, FOOTER_SIZE, anchor="end", colour=FOOTER_COLOUR
            )


def has_footer(canvas: Canvas) -> bool:
    return any(op.kind == "begin" and op.group and op.group.id == FOOTER_ID for op in canvas.ops)


def _remove_group(canvas: Canvas, group_id: str) -> None:
    start = next(
        (
            i
            for i, op in enumerate(canvas.ops)
            if op.kind == "begin" and op.group is not None and op.group.id == group_id
        ),
        None,
    )
    if start is None:
        return
    depth = 0
    for end in range(start, len(canvas.ops)):
        kind = canvas.ops[end].kind
        depth += kind == "begin"
        depth -= kind == "end"
        if depth == 0:
            break
    del canvas.ops[start : end + 1]
    canvas._ids.discard(group_id)


def _fit(s: str, size: float, room: float) -> str:
    """The string, shortened with an ellipsis until it fits `room` mm."""
    if text_width(s, size) <= room:
        return s
    while s and text_width(s + "…", size) > room:
        s = s[:-1]
    return s.rstrip() + "…" if s else ""


# --- calibration bar and marks ------------------------------------------------------------


def calibration_bar(canvas: Canvas, x: float, y: float) -> tuple[float, float]:
    """A 50 mm bar with 10 mm ticks under the words "print at 100 %: this bar is 50 mm" (an
    instruction, at INSTRUCTION_SIZE).

    (x, y) is the top-left of the 50 x 8 mm block; the bar runs from x to x + 50 at y + 6.
    Returns the block's size.
    """
    bar = Style(stroke=BLACK, width=0.3)
    tick = Style(stroke=BLACK, width=0.2)
    with canvas.group():
        instructions(canvas, x, y + 2.6, BAR_TEXT)
        canvas.line(x, y + 6.0, x + BAR_LENGTH, y + 6.0, bar)
        for k in range(6):
            tx = x + 10.0 * k
            if k in (0, 5):
                canvas.line(tx, y + 4.0, tx, y + 8.0, tick)
            else:
                canvas.line(tx, y + 5.0, tx, y + 7.0, tick)
    return BAR_LENGTH, BAR_HEIGHT


def registration_mark(canvas: Canvas, cx: float, cy: float) -> None:
    """A crosshair circle: the same spot on front and back pages, to check duplex alignment."""
    arm = REG_RADIUS * 1.4
    canvas.circle(cx, cy, REG_RADIUS, REGISTRATION)
    canvas.line(cx - arm, cy, cx + arm, cy, REGISTRATION)
    canvas.line(cx, cy - arm, cx, cy + arm, REGISTRATION)


def alignment_cross(canvas: Canvas, cx: float, cy: float, arm: float = 2.0) -> None:
    canvas.line(cx - arm, cy, cx + arm, cy, ALIGN)
    canvas.line(cx, cy - arm, cx, cy + arm, ALIGN)


def crop_marks(
    canvas: Canvas,
    items: Sequence[Box],
    region: Box,
    keep_out: Sequence[Box] = (),
) -> list[tuple[Point, Point]]:
    """Short lines continuing every item edge beyond its corners, in free space only.

    A mark starts CROP_OFFSET from the corner and is at most CROP_LENGTH long; it never enters
    another item, a keep-out box or leaves `region`. Between two items in line the mark is
    centred in the gap. Returns the segments drawn (page mm).
    """
    obstacles = list(items) + list(keep_out)
    seen: set[tuple[float, ...]] = set()
    drawn: list[tuple[Point, Point]] = []
    for it in items:
        for (px, py), (dx, dy) in (
            ((it.x, it.y), (0, -1)),
            ((it.x, it.y), (-1, 0)),
            ((it.right, it.y), (0, -1)),
            ((it.right, it.y), (1, 0)),
            ((it.x, it.bottom), (0, 1)),
            ((it.x, it.bottom), (-1, 0)),
            ((it.right, it.bottom), (0, 1)),
            ((it.right, it.bottom), (1, 0)),
        ):
            free, blocked = _free_run(px, py, dx, dy, region, obstacles)
            if blocked and free < CROP_LENGTH + 2 * CROP_OFFSET:
                length = free - 2 * CROP_OFFSET  # a short gap: centre the mark in it
                start = (free - length) / 2
            else:
                length = min(CROP_LENGTH, free - CROP_OFFSET)
                start = CROP_OFFSET
            if length < CROP_MIN:
                continue
            a = (px + dx * start, py + dy * start)
            b = (px + dx * (start + length), py + dy * (start + length))
            key = tuple(round(v, 3) for v in (*min(a, b), *max(a, b)))
            if key in seen:
                continue
            seen.add(key)
            canvas.line(*a, *b, CROP)
            drawn.append((a, b))
    return drawn


def _free_run(
    px: float, py: float, dx: int, dy: int, region: Box, obstacles: Sequence[Box]
) -> tuple[float, bool]:
    """How far a ray from (px, py) runs before leaving `region` or touching an obstacle."""
    eps = 1e-6
    if dx:
        free = (region.right - px) if dx > 0 else (px - region.x)
    else:
        free = (region.bottom - py) if dy > 0 else (py - region.y)
    blocked = False
    for o in obstacles:
        if dx == 0:
            if not (o.x - eps <= px <= o.right + eps):
                continue
            dist = (o.y - py) if dy > 0 else (py - o.bottom)
            behind = (o.bottom <= py + eps) if dy > 0 else (o.y >= py - eps)
        else:
            if not (o.y - eps <= py <= o.bottom + eps):
                continue
            dist = (o.x - px) if dx > 0 else (px - o.right)
            behind = (o.right <= px + eps) if dx > 0 else (o.x >= px - eps)
        if behind:
            continue
        if dist < free:
            free, blocked = max(dist, 0.0), True
    return max(free, 0.0), blocked


# --- grids ----------------------------------------------------------------------------------


def fit_count(length: float, item: float, gap: float) -> int:
    """How many items of size `item` with `gap` between them fit in `length`."""
    if item <= 0:
        raise ValueError(f"item size {item} must be positive")
    return max(0, math.floor((length + gap + 1e-9) / (item + gap)))


@dataclass(frozen=True)
class Grid:
    """Where the items of one sheet go: cols x rows cells of w x h mm, gap apart, from (x, y)."""

    cols: int
    rows: int
    x: float
    y: float
    w: float
    h: float
    gap: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Box:
        return Box(
            self.x,
            self.y,
            self.cols * self.w + (self.cols - 1) * self.gap,
            self.rows * self.h + (self.rows - 1) * self.gap,
        )

    def cell(self, k: int) -> Box:
        """Cell k in reading order (rows top to bottom, left to right)."""
        r, c = divmod(k, self.cols)
        return Box(
            self.x + c * (self.w + self.gap), self.y + r * (self.h + self.gap), self.w, self.h
        )


def centred_grid(region: Box, w: float, h: float, gap: float) -> Grid:
    cols, rows = fit_count(region.w, w, gap), fit_count(region.h, h, gap)
    bw = cols * w + max(cols - 1, 0) * gap
    bh = rows * h + max(rows - 1, 0) * gap
    return Grid(
        cols, rows, region.x + (region.w - bw) / 2, region.y + (region.h - bh) / 2, w, h, gap
    )


def _too_big(what: str, w: float, h: float, paper: Paper, room: Box) -> InvalidInput:
    return InvalidInput(
        f"{what} of {w:g} x {h:g} mm does not fit the {room.w:g} x {room.h:g} mm printable area "
        f"of {paper.name}{' landscape' if paper.landscape else ''} paper: "
        "choose larger paper, --landscape or a smaller size"
    )


def _check_size(w: float, h: float) -> None:
    if not (w > 0 and h > 0) or not (math.isfinite(w) and math.isfinite(h)):
        raise InvalidInput(f"item size {w:g} x {h:g} mm: both sides must be positive")


def _bar_below(canvas: Canvas, region: Box) -> Box:
    """Draw the calibration bar centred at the bottom of region; return the box it takes."""
    x = region.x + (region.w - BAR_LENGTH) / 2
    y = region.bottom - BAR_HEIGHT
    calibration_bar(canvas, x, y)
    return Box(x, y, BAR_LENGTH, BAR_HEIGHT)


def place_piece(
    canvas: Canvas,
    cell: Box,
    draw: Draw | None,
    *,
    rotate180: bool = False,
    room: Box | None = None,
    gap: float = 0.0,
    contour: bool = False,
    share: Box | None = None,
) -> None:
    """Run an item callback in the cell's frame (origin at its top-left, or turned 180 degrees
    about the cell's centre, origin then at the bottom-right), as a piece (pieces.py).

    contour: the item is cut along its cell (crop marks), so its cut path is the cell's
    rectangle, drawn invisible (pieces.CUT_CONTOUR); else the item draws its own cut outline
    (a net, a disc). room: where bleed may go (the sheet's printable region); a coloured fill
    that reaches the cut line bleeds past it, at most half the `gap` to the next cell (or
    within `share`, the part of the sheet that is this item's). An item that neither has
    crop marks nor draws a cut outline (a board to lay out, not a piece) is a plain group.
    """
    if draw is None:
        return
    if rotate180:
        frame = {"dx": cell.right, "dy": cell.bottom, "rotate": 180.0}
    else:
        frame = {"dx": cell.x, "dy": cell.y}

    def item(c: Canvas, is_piece: bool = True) -> None:
        with pieces.piece(c, **frame) if is_piece else c.group(**frame):  # type: ignore[arg-type]
            draw(c)
            if contour:
                pieces.cut_rect(c, 0.0, 0.0, cell.w, cell.h, pieces.CUT_CONTOUR)

    scratch = Canvas(canvas.width, canvas.height, mono=canvas.mono)
    item(scratch)
    fills, cuts = pieces.shapes(list(scratch.flat()))
    if room is not None and fills and cuts:
        if share is None:
            share = cell.inset(-gap / 2, -gap / 2, -gap / 2, -gap / 2)
        planes = pieces.box_planes(room) + pieces.box_planes(share)
        pieces.draw_shapes(canvas, pieces.bleed(fills, cuts, pieces.BLEED, planes))
    item(canvas, is_piece=bool(cuts))


# --- n-up --------------------------------------------------------------------------------


def fewest_sheets(papers: Sequence[Paper], lay: Callable[[Document, Paper], Sequence]) -> Paper:
    """The first of `papers` on which the layout `lay` needs the fewest sheets.

    `lay(doc, paper)` is the very layout call that will print (nup, gutter_fold, duplex, ...),
    run on a scratch document, so the count can never disagree with the print. Among papers
    that need as many sheets, one whose every sheet carries the calibration bar wins (a layout
    puts the bar only where the space left allows it). A paper the layout does not fit is
    skipped; when none fits, the first is returned and its own error tells the user what to do.
    """
    best: tuple[tuple[int, int], Paper] | None = None
    for paper in papers:
        try:
            sheets = lay(Document("scratch", "scratch"), paper)
        except (InvalidInput, LimitExceeded):
            continue
        bare = sum(1 for c in sheets if isinstance(c, Canvas) and BAR_TEXT not in c.texts())
        key = (len(sheets), bare)
        if best is None or key < best[0]:
            best = (key, paper)
    return best[1] if best else papers[0]


def nup(
    doc: Document,
    paper: Paper,
    draw_items: Sequence[Draw],
    item_w: float,
    item_h: float,
    *,
    gap: float = 0.0,
    crop_marks: bool = True,
    mono: bool = False,
    header: float = 0.0,
) -> list[Canvas]:
    """Equal items in a centred grid, as many per sheet as fit, on as many sheets as needed.

    Each callback draws one item in local mm (0..item_w, 0..item_h). Crop marks continue the
    item edges outside the items; a calibration bar goes below the grid when the space left
    there allows it (it never costs a row), or below the last row of a sheet whose rows are
    not all used when that leaves room. `header` mm at the top of every sheet are kept
    free for a title line the caller draws. Returns the sheets added.
    """
    _check_size(item_w, item_h)
    box = usable_box(paper).inset(top=header)
    grid = centred_grid(box, item_w, item_h, gap)
    if grid.per_sheet == 0:
        raise _too_big("an item", item_w, item_h, paper, box)
    with_bar = box.h - grid.block.h >= BAR_STRIP
    region = box.inset(bottom=BAR_STRIP) if with_bar else box
    grid = centred_grid(region, item_w, item_h, gap)
    sheets = []
    for start in range(0, len(draw_items), grid.per_sheet):
        canvas, _ = page(doc, paper, mono=mono)
        chunk = draw_items[start : start + grid.per_sheet]
        cells = [grid.cell(k) for k in range(len(chunk))]
        for cell, draw in zip(cells, chunk, strict=True):
            place_piece(canvas, cell, draw, room=region, gap=gap, contour=crop_marks)
        keep = []
        if with_bar or max(c.bottom for c in cells) <= box.bottom - BAR_STRIP:
            # a full grid may leave no room, but a sheet with rows to spare has it
            keep.append(_bar_below(canvas, box))
        if crop_marks:
            _draw_crop_marks(canvas, cells, box, keep)
        sheets.append(canvas)
    return sheets


def _draw_crop_marks(
    canvas: Canvas, cells: Sequence[Box], region: Box, keep: Sequence[Box]
) -> None:
    with canvas.group():
        crop_marks(canvas, cells, region, keep)


# --- two-sided items -------------------------------------------------------------------------


def gutter_fold(
    doc: Document,
    paper: Paper,
    fronts: Sequence[Draw],
    backs: Sequence[Draw | None],
    item_w: float,
    item_h: float,
    *,
    gap: float = 0.0,
    gutter: float = 6.0,
    mono: bool = False,
    crop_marks: bool = True,
) -> list[Canvas]:
    """Front and back on one sheet: fold along the dashed line and each back is behind its front.
    crop_marks=False for pieces cut along their own outline (discs).

    Fronts fill the upper half, bottom rows against the gutter; the backs sit in the lower half,
    each the mirror image of its front's place across the fold line and turned 180 degrees, so
    after folding the lower half behind the upper one, turning the piece over left to right
    shows the back upright. Back i's local point (u, v) lies behind front i's (item_w - u, v).
    """
    _check_size(item_w, item_h)
    if len(backs) != len(fronts):
        raise ValueError(f"{len(fronts)} fronts but {len(backs)} backs")
    if gutter < 0:
        raise InvalidInput(f"gutter {gutter:g} mm must not be negative")
    box = usable_box(paper)
    cols = fit_count(box.w, item_w, gap)
    rows = fit_count((box.h - gutter) / 2, item_h, gap)
    if cols * rows == 0:
        raise _too_big("a two-sided item (with its back below a fold)", item_w, item_h, paper, box)
    half_h = rows * item_h + (rows - 1) * gap
    with_bar = box.h - gutter - 2 * half_h >= BAR_STRIP
    region = box.inset(bottom=BAR_STRIP) if with_bar else box
    fold_y = region.y + region.h / 2
    block_w = cols * item_w + (cols - 1) * gap
    x0 = region.x + (region.w - block_w) / 2
    per = cols * rows
    sheets = []
    for start in range(0, len(fronts), per):
        canvas, _ = page(doc, paper, mono=mono)
        cells_f, cells_b = [], []
        for k in range(min(per, len(fronts) - start)):
            r, c = divmod(k, cols)
            x = x0 + c * (item_w + gap)
            y_front = fold_y - gutter / 2 - (rows - r) * item_h - (rows - 1 - r) * gap
            front = Box(x, y_front, item_w, item_h)
            back = Box(x, 2 * fold_y - y_front - item_h, item_w, item_h)
            place_piece(canvas, front, fronts[start + k], room=region, gap=gap, contour=crop_marks)
            place_piece(
                canvas,
                back,
                backs[start + k],
                rotate180=True,
                room=region,
                gap=gap,
                contour=crop_marks,
            )
            cells_f.append(front)
            cells_b.append(back)
        canvas.line(box.x, fold_y, box.right, fold_y, FOLD)
        marks = [v for c in cells_f for v in (c.x, c.right)] if crop_marks else []
        # crop marks stop short of the words (a mark through them made them unreadable)
        keep = _gutter_words(canvas, box, fold_y, gutter, marks)
        if with_bar:
            keep.append(_bar_below(canvas, box))
        if crop_marks:
            _draw_crop_marks(canvas, cells_f + cells_b, box, keep)
        sheets.append(canvas)
    return sheets


GUTTER_WORDS = "fold back on this line, then glue the blank sides together"


def _gutter_words(
    canvas: Canvas, box: Box, fold_y: float, gutter: float, marks: Sequence[float]
) -> list[Box]:
    """Where to fold and where to glue: one line of instructions just above the fold line,
    in the gutter (its 8 pt letters take 2.8 of the 3 mm above the fold in the usual 6 mm
    gutter), at the first place along the fold that no crop mark crosses; returns the box
    crop marks keep out of."""
    size = INSTRUCTION_SIZE
    width = text_width(GUTTER_WORDS, size) + 0.8
    x = box.x
    for edge in sorted(marks):  # the first gap between crop marks the words fit in
        if edge - 1.5 - x >= width:
            break
        x = max(x, edge + 1.5)
    if x + width > box.right:
        x = box.x  # nowhere free: the marks there give way to the words
    baseline = fold_y - 0.85
    instructions(canvas, x, baseline, GUTTER_WORDS, size=size, colour=FOOTER_COLOUR)
    return [Box(x, baseline - size * PT * 0.75 - 0.2, width, size * PT + 0.2)]


def duplex_flip(paper: Paper) -> str:
    """Which way a long-edge flip turns the sheet: about the vertical axis for portrait pages,
    about the horizontal axis for landscape pages (the long edge is the hinge either way)."""
    return "horizontal" if paper.width > paper.height else "vertical"


def duplex_back_box(paper: Paper, front: Box) -> Box:
    """Where the back of an item at `front` prints on the back page (long-edge flip)."""
    if duplex_flip(paper) == "vertical":
        return Box(paper.width - front.right, front.y, front.w, front.h)
    return Box(front.x, paper.height - front.bottom, front.w, front.h)


def duplex_back_region(paper: Paper, region: Box) -> Box:
    """The front's region as the back page holds it (the same flip as the items)."""
    return duplex_back_box(paper, region)


def duplex_marks(paper: Paper) -> list[Point]:
    """Registration mark centres: symmetric about both centre lines, so they coincide after
    either flip."""
    sym = _symmetric_box(paper)
    inset = REG_RADIUS + 1.0
    return [
        (sym.x + inset, sym.y + inset),
        (sym.right - inset, sym.y + inset),
        (sym.x + inset, sym.bottom - inset),
        (sym.right - inset, sym.bottom - inset),
    ]


def _symmetric_box(paper: Paper) -> Box:
    """The usable box trimmed to be symmetric about the page's centre lines."""
    top = MARGIN + FOOTER_BAND
    return Box(MARGIN, top, paper.width - 2 * MARGIN, paper.height - 2 * top)


def duplex(
    doc: Document,
    paper: Paper,
    fronts: Sequence[Draw],
    backs: Sequence[Draw | None],
    item_w: float,
    item_h: float,
    *,
    gap: float = 0.0,
    mono: bool = False,
) -> list[Canvas]:
    """Front pages and back pages alternate, backs mirrored for a long-edge flip.

    On portrait paper the back page's columns are reversed (item i's back is at the mirror
    place across the vertical centre line) so it lands behind item i's front; on landscape
    paper the rows are reversed and the backs turned 180 degrees. Registration marks sit at the
    same spots on both sides; hold the sheet to the light to check the printer's alignment.
    """
    _check_size(item_w, item_h)
    if len(backs) != len(fronts):
        raise ValueError(f"{len(fronts)} fronts but {len(backs)} backs")
    sym = _symmetric_box(paper)
    strip = max(BAR_STRIP, 2 * (REG_RADIUS + 1.0) + 2.0)
    region = sym.inset(top=strip, bottom=strip)
    grid = centred_grid(region, item_w, item_h, gap)
    if grid.per_sheet == 0:
        raise _too_big("a two-sided item", item_w, item_h, paper, region)
    flip = duplex_flip(paper)
    doc.duplex = True  # the PDF asks the print dialog for a long-edge flip
    sheets = []
    for start in range(0, len(fronts), grid.per_sheet):
        n = min(grid.per_sheet, len(fronts) - start)
        cells = [grid.cell(k) for k in range(n)]
        back_cells = [duplex_back_box(paper, c) for c in cells]
        for side in ("front", "back"):
            canvas, _ = page(doc, paper, mono=mono)
            for k, cell in enumerate(cells):
                if side == "front":
                    place_piece(canvas, cell, fronts[start + k], room=region, gap=gap, contour=True)
                else:
                    place_piece(
                        canvas,
                        back_cells[k],
                        backs[start + k],
                        rotate180=flip == "horizontal",
                        room=duplex_back_region(paper, region),
                        gap=gap,
                        contour=True,
                    )
            for cx, cy in duplex_marks(paper):
                registration_mark(canvas, cx, cy)
            bar = _bar_below(canvas, sym)
            label = f"{side} {start // grid.per_sheet + 1}: print double-sided, flip on long edge"
            instructions(
                canvas, sym.x + sym.w / 2, sym.y + 4.5, label, anchor="middle", colour=FOOTER_COLOUR
            )
            _draw_crop_marks(canvas, cells if side == "front" else back_cells, sym, [bar])
            sheets.append(canvas)
    return sheets


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
    _check_size(width, height)
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
    for r, (y0, y1) in enumerate(row_spans):
        for c, (x0, x1) in enumerate(col_spans):
            canvas, box = page(doc, paper, mono=mono)
            label = sheet_label(r, c)
            win = Box(x0, y0, x1 - x0, y1 - y0)
            on_page = Box(content.x, content.y, win.w, win.h)
            strips = (col_spans, row_spans)
            _tile_sheet(canvas, box, on_page, win, flat, r, c, strips, overlap, label, words)
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
    flat: list[tuple[Op, list[Group]]],
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
        for op, stack in flat:
            if op.kind != "text":
                canvas.ops.extend(clip_ops([(op, stack)], window))
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


def text_corners(op: Op, stack: Sequence[Group] = ()) -> list[Point]:
    """The corners of a text op's box (the printing font's metrics: Helvetica's ascender 0.75
    and descender 0.25 of the size, or the Unicode font's own), mapped through its groups:
    where the printed words sit."""
    from generator.render.pdf import text_metrics

    x, y, s = op.data
    ts = op.text
    assert ts is not None
    w, ascent, descent = text_metrics(s, ts.size, ts.bold)
    left = {"start": 0.0, "middle": -w / 2, "end": -w}[ts.anchor]
    a = math.radians(ts.rotate)
    c, sn = math.cos(a), math.sin(a)
    out = []
    for px, py in (
        (left, -ascent),
        (left + w, -ascent),
        (left + w, descent),
        (left, descent),
    ):
        qx, qy = x + px * c - py * sn, y + px * sn + py * c
        for g in reversed(stack):
            qx, qy = g.apply(qx, qy)
        out.append((qx, qy))
    return out


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
    _check_size(width, height)
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
        _bar_below(canvas, box)
    elif true_size and text_width(title, 10.0, bold=True) + 5.0 + BAR_LENGTH <= box.w:
        # no room below a drawing that fills the sheet: the bar goes at the end of the title line
        calibration_bar(canvas, box.right - BAR_LENGTH, box.y)
    ox = region.x + (region.w - width * scale) / 2
    oy = region.y + (region.h - height * scale) / 2
    canvas.text(box.x, box.y + 5.0, title, 10.0, bold=True)
    with canvas.group(dx=ox, dy=oy, scale=scale):
        draw(canvas)
    return scale
