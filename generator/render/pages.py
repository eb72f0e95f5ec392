"""Pages with safe margins and their footers (title, game, id or seed, page i of n)."""

from __future__ import annotations

from generator.render.canvas import (
    Canvas,
)
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.paper import MIN_MARGIN, Paper
from generator.render.text import shortened, text_width

MARGIN = MIN_MARGIN  # mm on every side: home printers cannot print closer to the edge
FOOTER_BAND = 5.0  # mm above the bottom margin for the footer line
FOOTER_SIZE = 7.0  # pt
FOOTER_COLOUR = "#666666"
FOOTER_ID = "racegen-footer"


# --- pages and footers ------------------------------------------------------------------


def usable_box(paper: Paper) -> Box:
    """The area inside the margins and above the footer band."""
    return Box(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - FOOTER_BAND)


def page(doc: Document, paper: Paper, *, mono: bool = False) -> tuple[Canvas, Box]:
    """Add a page of `paper` to `doc`; return it and its usable box (margins, footer kept free)."""
    canvas = doc.new_page(paper, mono=mono)
    return canvas, usable_box(paper)


def add_footers(doc: Document) -> None:
    """Write the footer line on every page: title, game (unless the title names it), seed or
    id, "page i of n".

    Idempotent: a footer is one group with id FOOTER_ID; an older footer is replaced (so page
    counts stay right when pages were added after a first call), never drawn twice.
    """
    n = len(doc.pages)
    game = "" if doc.game in doc.title else doc.game  # never the game's name twice
    left = " · ".join(part for part in (doc.title, game, doc.ident) if part)
    for i, canvas in enumerate(doc.pages, start=1):
        _remove_group(canvas, FOOTER_ID)
        right = f"page {i} of {n}"
        y = canvas.height - MARGIN - 1.2  # baseline; descenders stay outside the 10 mm edge
        room = canvas.width - 2 * MARGIN - text_width(right, FOOTER_SIZE) - 4.0
        with canvas.group(FOOTER_ID):
            canvas.text(
                MARGIN, y, shortened(left, FOOTER_SIZE, room), FOOTER_SIZE, colour=FOOTER_COLOUR
            )
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
