"""Sheets of pieces: grids, n-up with crop marks, two-sided items (gutter fold and duplex), and
the orientation that takes the fewest sheets.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from generator.errors import InvalidInput, LimitExceeded
from generator.render import nets, pieces
from generator.render.canvas import (
    FOLD,
    Canvas,
    Point,
)
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.marks import (
    BAR_HEIGHT,
    BAR_LENGTH,
    BAR_STRIP,
    BAR_TEXT,
    REG_RADIUS,
    calibration_bar,
    draw_crop_marks,
    registration_mark,
)
from generator.render.pages import FOOTER_BAND, FOOTER_COLOUR, MARGIN, page, usable_box
from generator.render.paper import Paper
from generator.render.text import INSTRUCTION_SIZE, PT, Draw, instructions, text_width

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


def check_size(w: float, h: float) -> None:
    if not (w > 0 and h > 0) or not (math.isfinite(w) and math.isfinite(h)):
        raise InvalidInput(f"item size {w:g} x {h:g} mm: both sides must be positive")


def bar_below(canvas: Canvas, region: Box) -> Box:
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
    if draw is None or _COUNTING.get():
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

# Set while fewest_sheets tries a layout: place_piece then draws nothing, for how many sheets a
# layout takes and which of them carry the calibration bar follow from the cells alone, never
# from what the pieces draw (and drawing them, clipped and bled, was most of a layout's time).
_COUNTING: ContextVar[bool] = ContextVar("counting_sheets", default=False)


def fewest_sheets(papers: Sequence[Paper], lay: Callable[[Document, Paper], Sequence]) -> Paper:
    """The first of `papers` on which the layout `lay` needs the fewest sheets.

    `lay(doc, paper)` is the very layout call that will print (nup, gutter_fold, duplex, ...),
    run on a scratch document with the pieces left out (_COUNTING), so the count can never
    disagree with the print. Among papers that need as many sheets, one whose every sheet
    carries the calibration bar wins (a layout puts the bar only where the space left allows
    it). A paper the layout does not fit is skipped; when none fits, the first is returned and
    its own error tells the user what to do.
    """
    best: tuple[tuple[int, int], Paper] | None = None
    for paper in papers:
        token = _COUNTING.set(True)
        try:
            sheets = lay(Document("scratch", "scratch"), paper)
        except (InvalidInput, LimitExceeded):
            continue
        finally:
            _COUNTING.reset(token)
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
    check_size(item_w, item_h)
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
            keep.append(bar_below(canvas, box))
        if crop_marks:
            draw_crop_marks(canvas, cells, box, keep)
        sheets.append(canvas)
    return sheets


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
    check_size(item_w, item_h)
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
            keep.append(bar_below(canvas, box))
        if crop_marks:
            draw_crop_marks(canvas, cells_f + cells_b, box, keep)
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
    check_size(item_w, item_h)
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
            bar = bar_below(canvas, sym)
            label = f"{side} {start // grid.per_sheet + 1}: print double-sided, flip on long edge"
            instructions(
                canvas, sym.x + sym.w / 2, sym.y + 4.5, label, anchor="middle", colour=FOOTER_COLOUR
            )
            draw_crop_marks(canvas, cells if side == "front" else back_cells, sym, [bar])
            sheets.append(canvas)
    return sheets


# --- nets ---------------------------------------------------------------------------------------
NET_GAP = 4.0  # mm between nets on a sheet


def net_sheet(canvas, region, net, faces=None, gap: float = NET_GAP) -> int:  # noqa: ANN001
    """Draw as many copies of `net` as fit in `region` (a layout.Box), in a centred grid.

    The net is turned a quarter turn when that fits more copies. Returns how many were drawn.
    """
    upright = centred_grid(region, net.width, net.height, gap)
    turned = centred_grid(region, net.height, net.width, gap)
    grid, turn = (turned, True) if turned.per_sheet > upright.per_sheet else (upright, False)
    for k in range(grid.per_sheet):
        cell = grid.cell(k)
        if turn:
            # a quarter turn clockwise about the cell's top-right corner fills the cell
            with canvas.group(dx=cell.right, dy=cell.y, rotate=90.0):
                nets.draw_net(canvas, net, 0.0, 0.0, faces)
        else:
            nets.draw_net(canvas, net, cell.x, cell.y, faces)
    return grid.per_sheet
