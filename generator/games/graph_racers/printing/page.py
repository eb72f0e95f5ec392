"""A Graph Racers page: its type, header and boxed text, and how a true-scale drawing and its
text share a page.

Every page is true scale (the grid at the chosen pitch, 5 mm or 1/4 inch) and carries a 50 mm
calibration bar with the grid's pitch. A drawing and its text are fitted portrait or landscape,
the text below the drawing or beside it, whichever holds them; when neither does but the
drawing fits, the text goes on a page of its own; a track too big for the paper is tiled over
several sheets with an assembly map. The track sheet, the race sheet and the answer key are
placed here (page_with_drawing); the worksheets and the car-design sheet share its type and
box style. Knows no rules: a page's words come from its caller.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from generator.games.graph_racers.printing.drawing import TrackDrawing
from generator.printing import pitch_text
from generator.render import layout
from generator.render.canvas import Canvas, Style
from generator.render.document import Document
from generator.render.paper import Paper

GAME = "Graph Racers"
TEXT = 8.5  # pt, body text
LINE = 4.0  # mm between body lines
HEADER = 16.0  # mm: title and subtitle above a drawing
BOX_STYLE = Style(stroke="#555555", width=0.25)
MIN_SIDE = 45.0  # mm: the narrowest text column beside a drawing


@dataclass
class Placed:
    """A drawing placed on a page with a text block below or beside it."""

    paper: Paper
    beside: bool


def _fit(
    paper: Paper, dw: float, dh: float, text_w: float, text_h: float, prefer_landscape: bool
) -> Placed | None:
    """Portrait or landscape, text below or beside: the first arrangement that fits."""
    orders = [prefer_landscape, not prefer_landscape]
    for landscape in orders:
        p = Paper.get(paper.name, landscape)
        box = layout.usable_box(p)
        room_h = box.h - HEADER - layout.BAR_STRIP
        if dw <= box.w and dh + 4 + text_h <= room_h:
            return Placed(p, False)
        if dw + 6 + text_w <= box.w and dh <= room_h and text_h <= room_h:
            return Placed(p, True)
    return None


def page_header(canvas: Canvas, box: layout.Box, title: str, subtitle: str) -> None:
    canvas.text(box.x, box.y + 5.5, title, 14.0, bold=True)
    canvas.text(box.x, box.y + 11.0, subtitle, 8.5, colour="#444444")


def _text_block(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    paragraphs: list[str],
    title: str | None = None,
) -> float:
    """Wrapped paragraphs in a thin box; returns the height used."""
    lines: list[tuple[str, bool]] = []
    if title:
        lines.append((title, True))
    for para in paragraphs:
        lines += [(ln, False) for ln in layout.wrap(para, TEXT, width - 4)]
    h = 2.5 + LINE * len(lines)
    canvas.rect(x, y, width, h, BOX_STYLE)
    for i, (ln, bold) in enumerate(lines):
        canvas.text(x + 2, y + 2.0 + LINE * (i + 0.75), ln, TEXT, bold=bold)
    return h


def _text_height(width: float, paragraphs: list[str], title: bool = True) -> float:
    n = sum(len(layout.wrap(p, TEXT, width - 4)) for p in paragraphs) + (1 if title else 0)
    return 2.5 + LINE * n


def page_with_drawing(
    doc: Document,
    paper: Paper,
    drawing: TrackDrawing,
    draw: Callable[[Canvas], None],
    title: str,
    subtitle: str,
    paragraphs: list[str],
    block_title: str,
    mono: bool,
    extra: Callable[[Canvas, float, float, float], float] | None = None,
    extra_h: float | Callable[[float], float] = 0.0,
) -> None:
    """One true-scale page: header, the drawing, a text block (and an extra block), a bar.

    Text below the drawing, or in a column beside it (62 mm, or as narrow as MIN_SIDE when
    that is all the paper leaves); when neither fits but the drawing does, the text goes on a
    page of its own before it, turned the same way; only a drawing larger than the paper is
    tiled.
    """

    def extra_height(width: float) -> float:
        return extra_h(width) if callable(extra_h) else extra_h

    base = layout.usable_box(paper)
    below_w = base.w
    side_w = 62.0
    text_h_below = _text_height(below_w, paragraphs) + extra_height(below_w)
    text_h_side = _text_height(side_w, paragraphs) + extra_height(side_w)
    prefer = drawing.width > drawing.height * 1.15
    placed = _fit(paper, drawing.width, drawing.height, side_w, max(text_h_below, 0), prefer)
    if placed is not None and placed.beside:
        # the column's text is taller than the full-width text: beside again with it, else
        # below (the full-width text's height, no column)
        placed = _fit(paper, drawing.width, drawing.height, side_w, text_h_side, prefer) or _fit(
            paper, drawing.width, drawing.height, math.inf, text_h_below, prefer
        )
    if placed is None:
        placed = _fit_narrow_side(paper, drawing, paragraphs, extra_height, prefer)
    alone = _fits_alone(paper, drawing, prefer) if placed is None else None
    if alone is not None:
        # the text page turns as the drawing's page does: one orientation prints duplex
        _text_page(doc, alone, title, subtitle, paragraphs, block_title, mono, extra)
        canvas, box = layout.page(doc, alone, mono=mono)
        page_header(canvas, box, title, subtitle)
        x = box.x + (box.w - drawing.width) / 2
        with canvas.group(dx=x, dy=box.y + HEADER):
            draw(canvas)
        bar_and_grid_note(canvas, box, drawing.pitch)
        return
    if placed is None:
        _tiled(
            doc,
            paper,
            drawing,
            draw,
            title,
            subtitle,
            paragraphs,
            block_title,
            mono,
            extra,
            extra_h,
        )
        return
    canvas, box = layout.page(doc, placed.paper, mono=mono)
    page_header(canvas, box, title, subtitle)
    top = box.y + HEADER
    if placed.beside:
        x = box.x
        with canvas.group(dx=x, dy=top):
            draw(canvas)
        tx = x + drawing.width + 6
        tw = box.right - tx
        h = _text_block(canvas, tx, top, tw, paragraphs, block_title)
        if extra is not None:
            extra(canvas, tx, top + h + 3, tw)
    else:
        x = box.x + (box.w - drawing.width) / 2
        with canvas.group(dx=x, dy=top):
            draw(canvas)
        ty = top + drawing.height + 4
        h = _text_block(canvas, box.x, ty, box.w, paragraphs, block_title)
        if extra is not None:
            extra(canvas, box.x, ty + h + 3, box.w)
    bar_and_grid_note(canvas, box, drawing.pitch)


def bar_and_grid_note(canvas: Canvas, box: layout.Box, pitch: float) -> None:
    """The calibration bar at the foot of the page, and the grid pitch at its right."""
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    canvas.text(
        box.right,
        box.bottom - layout.BAR_HEIGHT + 2.6,
        f"grid {pitch_text(pitch)}, true size",
        7.0,
        anchor="end",
    )


def _fit_narrow_side(
    paper: Paper,
    drawing: TrackDrawing,
    paragraphs: list[str],
    extra_height: Callable[[float], float],
    prefer_landscape: bool,
) -> Placed | None:
    """Text in whatever column (at least MIN_SIDE mm) the drawing leaves beside it."""
    for landscape in (prefer_landscape, not prefer_landscape):
        p = Paper.get(paper.name, landscape)
        box = layout.usable_box(p)
        room_h = box.h - HEADER - layout.BAR_STRIP
        w = box.w - drawing.width - 6
        if w < MIN_SIDE or drawing.height > room_h:
            continue
        if _text_height(w, paragraphs) + extra_height(w) <= room_h:
            return Placed(p, True)
    return None


def _fits_alone(paper: Paper, drawing: TrackDrawing, prefer_landscape: bool) -> Paper | None:
    """The orientation of `paper` whose page holds the drawing under its header, if any."""
    for landscape in (prefer_landscape, not prefer_landscape):
        p = Paper.get(paper.name, landscape)
        box = layout.usable_box(p)
        if drawing.width <= box.w and drawing.height <= box.h - HEADER - layout.BAR_STRIP:
            return p
    return None


def _text_page(doc, paper, title, subtitle, paragraphs, block_title, mono, extra, note="") -> None:  # noqa: ANN001
    """The header, the rules box and the extra block on a page of their own."""
    canvas, box = layout.page(doc, paper, mono=mono)
    page_header(canvas, box, title, subtitle + note)
    h = _text_block(canvas, box.x, box.y + HEADER, box.w, paragraphs, block_title)
    if extra is not None:
        extra(canvas, box.x, box.y + HEADER + h + 3, box.w)


def _tiled(
    doc, paper, drawing, draw, title, subtitle, paragraphs, block_title, mono, extra, extra_h
) -> None:
    """A track too big for one sheet: an information page, then the tiled drawing."""
    note = " · track tiled over the following sheets"
    _text_page(doc, paper, title, subtitle, paragraphs, block_title, mono, extra, note)
    # the sheets turn when that cuts fewer words, takes fewer sheets or leaves none nearly
    # blank (landscape was asked for: landscape only)
    turns = [paper] if paper.landscape else [paper, paper.rotated()]
    sheets = layout.tiling_paper(turns, drawing.width, drawing.height, draw)
    layout.tile(doc, sheets, drawing.width, drawing.height, draw, mono=mono)
